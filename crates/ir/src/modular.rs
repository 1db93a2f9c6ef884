//! One function analysed on its own: [`from_arbitrary_entry`] makes a function the entry of a
//! program that starts it in any state a call may find, and [`inline_with_opaque_callees`]
//! inlines that program, making the calls it cannot inline arbitrary changes of the state.
//!
//! What holds of every execution of the result holds of every call of the function in the
//! original program (the calls replaced included, as long as they return): the entry state is
//! arbitrary (every global register havocked, all memory written by an opaque step, the
//! parameters inputs), and a call made opaque havocs its result, every global register and all
//! memory. A callee cannot change the caller's registers otherwise (a local whose address is
//! taken lives in memory). So bounds and termination proven there hold in every call — for
//! termination, given that the opaque calls themselves return or end the execution, which the
//! caller must show of them on their own (they are not recursive).

use crate::command::Command;
use crate::ids::{EdgeId, FuncId};
use crate::inline::{InlineError, InlineLimits, inline_program};
use crate::program::{Function, Program};
use crate::{HavocOrigin, VarId};
use leapfrog_source::Span;
use std::collections::BTreeSet;

/// `p` with `g` as its entry, starting in an arbitrary state: every global register havocked and
/// all memory written by an opaque step, before `g`'s first edge. Each call of a recursive
/// function (one that can call itself again) becomes the same arbitrary change, its result
/// arbitrary too, so that the calls can be inlined: a call that returns leaves some state, and
/// one that does not return ends what follows. So does each call of a function in `opaque`.
pub fn from_arbitrary_entry(p: &Program, g: FuncId, opaque: &BTreeSet<FuncId>) -> Program {
    let mut q = p.clone();
    q.entry = Some(g);
    let anything = |dst: Option<VarId>| -> Vec<Command> {
        let mut steps: Vec<Command> = p
            .globals
            .iter()
            .chain(dst.as_ref())
            .filter(|v| p.vars[**v].ty.reg().is_some())
            .map(|v| Command::Havoc(*v, HavocOrigin::Uninit))
            .collect();
        steps.push(Command::Opaque {
            what: "the state a call of the function may find".into(),
            havoc: Vec::new(),
            writes_memory: true,
            may_not_return: false,
            compute: None,
        });
        steps
    };
    let mut arbitrary = recursive_functions(p);
    arbitrary.extend(opaque.iter().copied());
    for (_, f) in q.funcs.iter_mut() {
        let calls: Vec<EdgeId> = f
            .edges
            .iter()
            .filter(|(_, e)| matches!(&e.cmd, Command::Call { callee, .. } if arbitrary.contains(callee)))
            .map(|(id, _)| id)
            .collect();
        for id in calls {
            let (from, to, span, dst) = {
                let e = &f.edges[id];
                let Command::Call { dst, .. } = &e.cmd else { continue };
                (e.from, e.to, e.span, *dst)
            };
            let steps = anything(dst);
            let mut at = from;
            let last = steps.len() - 1;
            for (i, cmd) in steps.into_iter().enumerate() {
                let next = if i == last { to } else { f.add_loc() };
                if i == 0 {
                    f.edges[id].cmd = cmd;
                    f.edges[id].to = next;
                } else {
                    f.add_edge(at, next, cmd, span);
                }
                at = next;
            }
        }
    }
    q.funcs[g].prepend(anything(None));
    q
}

/// `g` inlined from an arbitrary entry ([`from_arbitrary_entry`]); when that is too large (and
/// no step of `p` may jump anywhere, which an opaque call would hide), each of `g`'s callees
/// whose calls are too many to inline from their own entry is made opaque, and all of them when
/// that is still too large.
pub fn inline_with_opaque_callees(p: &Program, g: FuncId) -> Result<Program, InlineError> {
    let none = BTreeSet::new();
    let limits = InlineLimits::default();
    match inline_program(&from_arbitrary_entry(p, g, &none), &limits) {
        Err(InlineError::TooLarge { .. }) if !has_step_that_may_not_return(p) => {}
        other => return other,
    }
    let callees = callees(p, g);
    let large: BTreeSet<FuncId> = callees
        .iter()
        .copied()
        .filter(|c| inline_program(&from_arbitrary_entry(p, *c, &none), &limits).is_err())
        .collect();
    inline_program(&from_arbitrary_entry(p, g, &large), &limits)
        .or_else(|_| inline_program(&from_arbitrary_entry(p, g, &callees), &limits))
}

/// Whether `p` has a step that may not return (a call through a function pointer, `longjmp`,
/// inline assembly): it may run any function's loops, or re-enter a loop, outside the calls.
pub fn has_step_that_may_not_return(p: &Program) -> bool {
    p.funcs
        .values()
        .flat_map(|f| f.edges.values())
        .any(|e| matches!(e.cmd, Command::Opaque { may_not_return: true, .. }))
}

/// The functions `f` calls directly.
pub fn callees(p: &Program, f: FuncId) -> BTreeSet<FuncId> {
    p.funcs[f]
        .edges
        .values()
        .filter_map(|e| match &e.cmd {
            Command::Call { callee, .. } => Some(*callee),
            _ => None,
        })
        .collect()
}

/// The functions of `p` that a chain of calls from them can call again.
pub fn recursive_functions(p: &Program) -> BTreeSet<FuncId> {
    p.funcs
        .ids()
        .filter(|f| {
            let mut seen = BTreeSet::new();
            let mut stack: Vec<FuncId> = callees(p, *f).into_iter().collect();
            while let Some(h) = stack.pop() {
                if h == *f {
                    return true;
                }
                if seen.insert(h) {
                    stack.extend(callees(p, h));
                }
            }
            false
        })
        .collect()
}

impl Function {
    /// Runs `steps` in order before the function's first edge (a new location takes the
    /// entry's outgoing edges).
    pub fn prepend(&mut self, steps: Vec<Command>) {
        let entry = self.entry;
        let start = self.add_loc();
        for (_, e) in self.edges.iter_mut() {
            if e.from == entry {
                e.from = start;
            }
        }
        let mut at = entry;
        for cmd in steps {
            let to = self.add_loc();
            self.add_edge(at, to, cmd, Span::UNKNOWN);
            at = to;
        }
        self.add_edge(at, start, Command::Skip, Span::UNKNOWN);
    }
}
