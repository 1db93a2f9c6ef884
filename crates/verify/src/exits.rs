//! A loop's exit conditions as C at the loop, over what the user can name there.
//!
//! An exit edge's condition often reads temporaries: the front end loads `a[p]` into one before
//! `while (a[p] != 0)` tests it. Walking back from the exit along the loop's straight-line code,
//! each temporary (and each variable the user cannot name at the loop, such as an inlined
//! callee's parameter) is replaced by its definition: an assignment's expression, or the memory a
//! load read (`a[p]`), provided nothing between the definition and the exit changes what the
//! replacement reads. So `assume((int)t == 0)` after `t := load &a[p]` prints `a[p] == 0`. An exit
//! whose condition cannot be expressed so (a value from a call or an input, a branch in between)
//! is left out and counted; exits that are not conditions (`break`, `return`, `goto`, the program
//! ending) are described in words, apart from the conditions.

use leapfrog_ir::loops::Loop;
use leapfrog_ir::{Command, EdgeId, Expr, Function, IdVec, LocId, Program, VarId, Visibility};
use leapfrog_source::Span;
use std::collections::BTreeSet;

/// How far back from an exit the definitions of its temporaries are looked for.
const MAX_STEPS: usize = 64;

/// The exits of one loop, for the report.
pub struct Exits {
    /// The exit conditions as C over variables visible at the loop (each: when the loop leaves
    /// through that exit, the condition holds in the state after the loop).
    pub conditions: Vec<String>,
    /// What is not a condition or cannot be written as one, in words.
    pub notes: Vec<String>,
}

/// The exits of `lp` (a loop of `f`, a function of `q`) whose keyword is at `at`.
pub fn exits(q: &Program, f: &Function, lp: &Loop, vis: &Visibility, at: Span) -> Exits {
    let pred = f.predecessors();
    let mut out = Exits { conditions: Vec::new(), notes: Vec::new() };
    let mut inexpressible: Vec<u32> = Vec::new();
    for &e in &lp.exits {
        let edge = &f.edges[e];
        let note = match &edge.cmd {
            Command::Assume(c) => {
                match condition(q, f, lp, &pred, edge.from, c, vis, at) {
                    Some(text) if !out.conditions.contains(&text) => out.conditions.push(text),
                    Some(_) => {}
                    None => inexpressible.push(edge.span.line),
                }
                continue;
            }
            Command::Exit(_) | Command::Abort => {
                format!("the program may end inside the loop (line {})", edge.span.line)
            }
            _ => format!("the loop is also left by a jump at line {}", edge.span.line),
        };
        if !out.notes.contains(&note) {
            out.notes.push(note);
        }
    }
    inexpressible.sort_unstable();
    inexpressible.dedup();
    if !inexpressible.is_empty() {
        let lines: Vec<String> = inexpressible.iter().map(u32::to_string).collect();
        let noun = if lines.len() == 1 { "condition" } else { "conditions" };
        out.notes.push(format!(
            "exit {noun} at line {} not shown: it tests a value that cannot be written as C at the loop (an input, \
             a call's result, a value computed on another path)",
            lines.join(", ")
        ));
    }
    out
}

/// `cond`, tested at `from`, with every variable not visible at `at` replaced by its definition
/// on the straight-line code before it; `None` when one cannot be.
#[allow(clippy::too_many_arguments)]
fn condition(
    q: &Program,
    f: &Function,
    lp: &Loop,
    pred: &IdVec<LocId, Vec<EdgeId>>,
    from: LocId,
    cond: &Expr,
    vis: &Visibility,
    at: Span,
) -> Option<String> {
    let mut e = cond.clone();
    // Registers standing for loaded memory, with the address (over the state after the loop).
    let mut loads: Vec<(VarId, Expr)> = Vec::new();
    // What the code walked over (between the current point and the exit) defines or writes.
    let mut written: BTreeSet<VarId> = BTreeSet::new();
    let mut memory_written = false;
    let mut loc = from;
    for _ in 0..=MAX_STEPS {
        let is_load = |v: &VarId| loads.iter().any(|(t, _)| t == v);
        let mut reads: Vec<VarId> = e.reads().into_iter().filter(|v| !is_load(v)).collect();
        reads.extend(loads.iter().flat_map(|(_, a)| a.reads()));
        let pending: BTreeSet<VarId> = reads.into_iter().filter(|v| !vis.visible_at(*v, at)).collect();
        if pending.is_empty() {
            return Some(leapfrog_ir::print::expr_to_c_loading(q, &e, &loads));
        }
        let [p] = pred[loc].as_slice() else { return None };
        if loc == lp.header || !lp.contains(f.edges[*p].from) {
            return None;
        }
        let edge = &f.edges[*p];
        match &edge.cmd {
            Command::Assign(t, x) if pending.contains(t) => {
                if x.reads().iter().any(|v| written.contains(v)) {
                    return None;
                }
                e = e.substituted(*t, x);
                for (_, a) in &mut loads {
                    *a = a.substituted(*t, x);
                }
            }
            Command::Load { dst, addr } if pending.contains(dst) => {
                let loadable =
                    matches!(q.vars[*dst].ty.reg(), Some(leapfrog_ir::Type::Int(_) | leapfrog_ir::Type::Ptr));
                if !loadable || memory_written || addr.reads().iter().any(|v| written.contains(v)) {
                    return None;
                }
                loads.push((*dst, addr.clone()));
            }
            cmd => {
                if cmd.defs().iter().any(|d| pending.contains(d)) {
                    // Defined otherwise (an input, a call's result): not expressible.
                    return None;
                }
                memory_written |= cmd.writes_memory();
            }
        }
        written.extend(edge.cmd.defs());
        loc = edge.from;
    }
    None
}
