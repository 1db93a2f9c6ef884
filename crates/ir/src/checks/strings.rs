//! Known string terminators: the string domain of loopfrog-summarization-atva08 §4.1 (its `l_s`
//! and `z_s`), kept as a ghost `\last_zero(x)` per memory object `x` whose address never
//! escapes the followed pointers: a variable's, or a heap (or `alloca`) object allocated at most
//! once, named after the pointer it is assigned to (`\last_zero(*txt)`).
//!
//! `\last_zero(x)` is the highest offset of a byte of `x` known to hold 0, or -1 when no byte
//! is known to. (The *last* known zero rather than the first: a tokenizer that writes zeros
//! into the middle of a string, as `strtok` does, keeps it.) Every update is deterministic (no
//! byte of `x` is read to keep it): a 0 written after it moves it there, a non-zero byte written
//! over it (or any write of several bytes, a copy or a fill covering it) makes it -1; a zero
//! fill makes it the last byte. So the ghost costs the interpreter no input, and what it says
//! holds on every execution:
//!
//! - a byte read at `\last_zero(x)` is 0 (an assumption after the read);
//! - a branch that holds only when a byte read is not 0 (`*p != 0`, `*p == '='`) had that byte's
//!   offset differ from `\last_zero(x)` at the read (an assumption after the branch, written so
//!   that octagons keep it: `o < z` or `o > z`, one of which the invariant `o <= z` rules out).
//!
//! With them a walk to the terminator (`while (*p != 0) p++`) keeps
//! `\offset(p) <= \last_zero(in)`, which is at most the buffer's last offset: the walk's reads
//! stay inside it.
//!
//! Only objects whose address flows nowhere but into followed pointer registers that point into
//! that object alone, the addresses of loads, stores, copies and fills, comparisons and
//! differences of pointers get a ghost: then no write through an unfollowed pointer, an extern
//! call or another object's pointer can change their bytes. Globals are left alone when the
//! function calls an extern function (which may write them); nothing is tracked when the
//! function has a `volatile` read or an opaque step that writes memory or converts pointers.

use super::objects::{Base, Object, base_of, is_ptr};
use super::{G, Step, Writer, int};
use crate::command::{Command, Computed, Fill, HavocOrigin};
use crate::expr::Expr;
use crate::ids::VarId;
use crate::program::{Program, VarKind};
use crate::types::{Type, VarTy};
use leapfrog_arith::CmpOp;
use std::collections::{BTreeMap, BTreeSet};

/// A tracked object's ghost.
#[derive(Copy, Clone)]
pub(super) struct Tracked {
    zero: VarId,
    /// The object's size, when it is a constant.
    size: Option<i128>,
}

/// The known-terminator ghosts of one instrumented function.
#[derive(Default)]
pub(super) struct Terminators {
    /// Per tracked object.
    objects: BTreeMap<Object, Tracked>,
    /// Per register that may hold a byte read from a tracked object: the offset and
    /// `\last_zero(x)` at that read (`-1` and `-2` when its value came from elsewhere).
    reads: BTreeMap<VarId, (VarId, VarId)>,
}

/// The objects whose address `e` lets escape, when `e` stands where a pointer may (`here`).
fn escaping(q: &Program, e: &Expr, here: bool, bases: &BTreeMap<VarId, Base>, out: &mut BTreeSet<Object>) {
    match e {
        Expr::AddrOf(_) | Expr::Var(_) | Expr::PtrAdd { .. } if e.ty(q) == Some(Type::Ptr) => {
            if !here && let Base::One(x) = base_of(q, e, bases) {
                out.insert(x);
            }
            if let Expr::PtrAdd { base, offset, .. } = e {
                escaping(q, base, here, bases, out);
                escaping(q, offset, false, bases, out);
            }
        }
        Expr::Cmp(_, a, b) | Expr::PtrDiff { lhs: a, rhs: b, .. } => {
            escaping(q, a, true, bases, out);
            escaping(q, b, true, bases, out);
        }
        _ => {
            for c in e.children() {
                escaping(q, c, false, bases, out);
            }
        }
    }
}

/// The value of `e` when `r` is 0, if that decides it.
fn value_when_zero(e: &Expr, r: VarId) -> Option<i128> {
    match e {
        Expr::Var(v) if *v == r => Some(0),
        Expr::Int(..) | Expr::Bool(_) => e.as_const(),
        Expr::Cast(ty, x) => value_when_zero(x, r).map(|v| ty.convert(v)),
        Expr::Not(x) => value_when_zero(x, r).map(|v| i128::from(v == 0)),
        Expr::Cmp(op, a, b) => Some(i128::from(op.eval(value_when_zero(a, r)?, value_when_zero(b, r)?))),
        _ => None,
    }
}

impl Terminators {
    /// The objects of `q`'s function `fid` to track, and the registers to follow into them.
    pub(super) fn plan(w: &mut Writer<'_>) -> Terminators {
        let (q, bases) = (&*w.q, &w.bases);
        let f = &q.funcs[w.fid];
        let mut untracked: BTreeSet<Object> = BTreeSet::new();
        let mut nothing = false;
        let has_extern = f.edges.iter().any(|(_, e)| matches!(e.cmd, Command::CallExtern { .. }));
        for (_, e) in f.edges.iter() {
            let out = &mut untracked;
            match &e.cmd {
                Command::Assign(v, x) => {
                    let here = is_ptr(q, *v) && matches!(bases.get(v), Some(Base::One(_)));
                    escaping(q, x, here, bases, out);
                }
                Command::Load { addr, .. } | Command::Free(addr) => escaping(q, addr, true, bases, out),
                Command::Store { addr, value } => {
                    escaping(q, addr, true, bases, out);
                    escaping(q, value, false, bases, out);
                }
                Command::MemCopy { dst, src, size } => {
                    escaping(q, dst, true, bases, out);
                    escaping(q, src, true, bases, out);
                    escaping(q, size, false, bases, out);
                }
                Command::MemSet { dst, byte, size } => {
                    escaping(q, dst, true, bases, out);
                    escaping(q, byte, false, bases, out);
                    escaping(q, size, false, bases, out);
                }
                Command::Output { args, .. } => {
                    for a in args {
                        escaping(q, a, true, bases, out);
                    }
                }
                Command::Havoc(_, HavocOrigin::Volatile) => nothing = true,
                Command::Opaque { writes_memory, compute, .. } => {
                    nothing |= *writes_memory || matches!(compute.as_deref(), Some(Computed::Address(_)));
                }
                cmd => {
                    for x in cmd.exprs() {
                        escaping(q, x, false, bases, out);
                    }
                }
            }
        }
        let mut plan = Terminators::default();
        if nothing {
            return plan;
        }
        // Objects read a byte at a time: the only ones a ghost helps.
        let mut read: BTreeSet<Object> = BTreeSet::new();
        for (_, e) in f.edges.iter() {
            if let Command::Load { dst, addr } = &e.cmd
                && q.vars[*dst].ty.reg().is_some_and(|t| t.bytes(q.data_model) == 1)
                && let Base::One(x) = base_of(q, addr, bases)
            {
                read.insert(x);
            }
        }
        let objects: Vec<(Object, Option<i128>, String, Option<crate::program::VarScope>)> = read
            .into_iter()
            .filter(|x| !untracked.contains(x))
            .filter_map(|x| match x {
                // An extern call may write a global.
                Object::Var(v) if has_extern && q.vars[v].kind == VarKind::Global => None,
                Object::Var(v) => match &q.vars[v].ty {
                    VarTy::Mem(t) => {
                        Some((x, Some(t.size(q.data_model) as i128), q.vars[v].name.clone(), q.vars[v].scope))
                    }
                    VarTy::Reg(_) => None,
                },
                Object::Site(e) => match &f.edges[e].cmd {
                    Command::Alloc { dst, size, .. } => {
                        let size = super::constant(size).map(|n| super::G.convert(n));
                        Some((x, size, format!("*{}", q.vars[*dst].name), q.vars[*dst].scope))
                    }
                    _ => None,
                },
            })
            .collect();
        for (x, size, name, scope) in objects {
            let zero = w.ghost_var(format!("\\last_zero({name})"), scope);
            plan.objects.insert(x, Tracked { zero, size });
        }
        plan.plan_reads(w);
        plan
    }

    /// The registers that may hold a byte read from a tracked object, directly or through
    /// copies and conversions, and their ghosts.
    fn plan_reads(&mut self, w: &mut Writer<'_>) {
        let f = &w.q.funcs[w.fid];
        let mut eligible: BTreeSet<VarId> = BTreeSet::new();
        loop {
            let before = eligible.len();
            for (_, e) in f.edges.iter() {
                match &e.cmd {
                    Command::Load { dst, addr } if self.byte_read(w, *dst, addr).is_some() => {
                        eligible.insert(*dst);
                    }
                    Command::Assign(v, x) if copied(x).is_some_and(|s| eligible.contains(&s)) => {
                        eligible.insert(*v);
                    }
                    _ => {}
                }
            }
            if eligible.len() == before {
                break;
            }
        }
        for r in eligible {
            let at = (w.ghost_var("\\read_at".into(), None), w.ghost_var("\\last_zero_at_read".into(), None));
            self.reads.insert(r, at);
        }
    }

    /// The tracked object a one-byte load of `dst` at `addr` reads, when it is one (and `addr`
    /// does not read `dst`, so its offset can be taken after the load).
    fn byte_read(&self, w: &Writer<'_>, dst: VarId, addr: &Expr) -> Option<Tracked> {
        let q = &*w.q;
        if q.vars[dst].ty.reg().is_none_or(|t| t.bytes(q.data_model) != 1) || addr.reads().contains(&dst) {
            return None;
        }
        self.target(w, addr)
    }

    /// The tracked object `addr` points into.
    fn target(&self, w: &Writer<'_>, addr: &Expr) -> Option<Tracked> {
        match base_of(w.q, addr, &w.bases) {
            Base::One(x) => self.objects.get(&x).copied(),
            _ => None,
        }
    }

    /// The string domain's templates (§4.1) as candidate invariants with their text: every
    /// tracked object's known terminator inside it (`\\last_zero(x) <= size - 1`), and every
    /// pointer into it at or before the terminator (`\\offset(p) <= \\last_zero(x)`), and every
    /// offset a byte of it is read at too.
    pub(super) fn templates(&self, w: &Writer<'_>) -> Vec<(Expr, String)> {
        let name = |v: VarId| w.q.vars[v].name.clone();
        let mut out = Vec::new();
        for t in self.objects.values() {
            let Some(size) = t.size else { continue };
            out.push((
                Expr::cmp(CmpOp::Le, Expr::Var(t.zero), int(size - 1)),
                format!("{} <= {}", name(t.zero), size - 1),
            ));
        }
        for (p, base) in &w.bases {
            if let (Base::One(x), Some(g)) = (base, w.ghosts.get(p))
                && let Some(t) = self.objects.get(x)
            {
                out.push((
                    Expr::cmp(CmpOp::Le, Expr::Var(g.off), Expr::Var(t.zero)),
                    format!("{} <= {}", name(g.off), name(t.zero)),
                ));
            }
        }
        // Every byte read of a tracked object at a computed offset, at or before its
        // terminator (`(long)i <= \last_zero(fname)` for `fname[i]`): a scan that stops at the
        // first 0 keeps it.
        for e in w.q.funcs[w.fid].edges.values() {
            let Command::Load { dst, addr } = &e.cmd else { continue };
            let (Some(t), Some(at)) = (self.byte_read(w, *dst, addr), w.provenance(addr)) else { continue };
            if at.off.as_const().is_some() || at.off.reads().contains(&t.zero) {
                continue;
            }
            let expr = Expr::cmp(CmpOp::Le, at.off.clone(), Expr::Var(t.zero));
            if !out.iter().any(|(x, _)| *x == expr) {
                let text = format!("{} <= {}", crate::print::expr_to_c(w.q, &at.off), name(t.zero));
                out.push((expr, text));
            }
        }
        out
    }

    /// The ghosts' values when the function starts.
    pub(super) fn init(&self) -> Vec<Command> {
        self.objects.values().map(|t| Command::Assign(t.zero, int(-1))).collect()
    }
}

/// The register `x` copies (through conversions), if it is one.
fn copied(x: &Expr) -> Option<VarId> {
    match x {
        Expr::Var(s) => Some(*s),
        Expr::Cast(_, y) => copied(y),
        _ => None,
    }
}

impl Writer<'_> {
    /// What the string ghosts become after `cmd`, and what they say about its values.
    pub(super) fn string_updates(&self, cmd: &Command) -> Vec<Step> {
        let s = &self.strings;
        let mut steps = Vec::new();
        if s.objects.is_empty() {
            return steps;
        }
        let q = &*self.q;
        let dm = q.data_model;
        // `z := -1` when `lo <= z < lo + n`: a write there may have replaced the known 0.
        let forget = |t: Tracked, lo: Expr, n: Expr| {
            let z = Expr::Var(t.zero);
            Step::If(
                Expr::cmp(CmpOp::Le, lo.clone(), z.clone()),
                vec![Step::If(
                    Expr::cmp(CmpOp::Lt, z, super::add(lo, n)),
                    vec![Step::Cmd(Command::Assign(t.zero, int(-1)))],
                )],
            )
        };
        // `z := at` when `z < at`: a 0 is now known at `at`.
        let raise = |t: Tracked, at: Expr| {
            Step::If(Expr::cmp(CmpOp::Lt, Expr::Var(t.zero), at.clone()), vec![Step::Cmd(Command::Assign(t.zero, at))])
        };
        match cmd {
            Command::InitObject { var, len: None, fill } => {
                if let Some(t) = s.objects.get(&Object::Var(*var))
                    && let Some(size) = t.size
                {
                    let v = if *fill == Fill::Zero { size - 1 } else { -1 };
                    steps.push(Step::Cmd(Command::Assign(t.zero, int(v))));
                }
            }
            Command::Alloc { dst, size, zeroed, .. } => {
                // (`dst` points into the object of its one allocation site: this one.)
                if let Some(Base::One(x @ Object::Site(_))) = self.bases.get(dst)
                    && let Some(t) = s.objects.get(x)
                {
                    steps.push(Step::Cmd(Command::Assign(t.zero, int(-1))));
                    if *zeroed {
                        let last = super::add(super::widened(size, q), int(-1));
                        steps.push(Step::If(
                            Expr::cmp(CmpOp::Le, int(0), last.clone()),
                            vec![Step::Cmd(Command::Assign(t.zero, last))],
                        ));
                    }
                }
            }
            Command::Store { addr, value } => {
                let (Some(t), Some(at)) = (s.target(self, addr), self.provenance(addr)) else { return steps };
                let n = value.ty(q).map_or(0, |ty| ty.bytes(dm)) as i128;
                if n != 1 {
                    steps.push(forget(t, at.off, int(n)));
                } else {
                    let zero = Expr::cmp(CmpOp::Eq, value.clone(), Expr::Int(0, int_type(value.ty(q))));
                    steps.push(Step::If(zero.clone(), vec![raise(t, at.off.clone())]));
                    steps.push(Step::If(Expr::not(zero), vec![forget(t, at.off, int(1))]));
                }
            }
            Command::MemSet { dst, byte, size } => {
                let (Some(t), Some(at)) = (s.target(self, dst), self.provenance(dst)) else { return steps };
                let n = super::widened(size, q);
                if byte.as_const().is_some_and(|b| b & 0xff == 0) {
                    let last = super::add(super::add(at.off, n.clone()), int(-1));
                    steps.push(Step::If(Expr::cmp(CmpOp::Lt, int(0), n), vec![raise(t, last)]));
                } else {
                    steps.push(forget(t, at.off, n));
                }
            }
            Command::MemCopy { dst, size, .. } => {
                let (Some(t), Some(at)) = (s.target(self, dst), self.provenance(dst)) else { return steps };
                let n = super::widened(size, q);
                steps.push(forget(t, at.off, n));
            }
            Command::Load { dst, addr } => {
                let Some(&(read_at, zero_at)) = s.reads.get(dst) else { return steps };
                match (s.byte_read(self, *dst, addr), self.provenance(addr)) {
                    (Some(t), Some(at)) => {
                        steps.push(Step::Cmd(Command::Assign(read_at, at.off)));
                        steps.push(Step::Cmd(Command::Assign(zero_at, Expr::Var(t.zero))));
                        let dst_ty = int_type(q.vars[*dst].ty.reg());
                        steps.push(Step::If(
                            Expr::cmp(CmpOp::Eq, Expr::Var(read_at), Expr::Var(zero_at)),
                            vec![Step::Cmd(Command::Assume(Expr::cmp(
                                CmpOp::Eq,
                                Expr::Var(*dst),
                                Expr::Int(0, dst_ty),
                            )))],
                        ));
                    }
                    _ => steps.extend(unrelated(read_at, zero_at)),
                }
            }
            Command::Assign(v, x) => {
                if let Some(&(read_at, zero_at)) = s.reads.get(v) {
                    match copied(x).and_then(|r| s.reads.get(&r)) {
                        Some(&(r_at, r_zero)) if (r_at, r_zero) != (read_at, zero_at) => {
                            steps.push(Step::Cmd(Command::Assign(read_at, Expr::Var(r_at))));
                            steps.push(Step::Cmd(Command::Assign(zero_at, Expr::Var(r_zero))));
                        }
                        Some(_) => {}
                        None => steps.extend(unrelated(read_at, zero_at)),
                    }
                }
            }
            Command::Assume(cond) => {
                for r in cond.reads() {
                    let Some(&(read_at, zero_at)) = s.reads.get(&r) else { continue };
                    if value_when_zero(cond, r) == Some(0) {
                        // The byte read was not 0: its offset was not the known terminator's.
                        let (o, l) = (Expr::Var(read_at), Expr::Var(zero_at));
                        steps.push(Step::If(
                            Expr::cmp(CmpOp::Le, l.clone(), o.clone()),
                            vec![Step::Cmd(Command::Assume(Expr::cmp(CmpOp::Lt, l, o)))],
                        ));
                    }
                }
            }
            cmd => {
                for v in cmd.defs() {
                    if let Some(&(read_at, zero_at)) = s.reads.get(&v) {
                        steps.extend(unrelated(read_at, zero_at));
                    }
                }
            }
        }
        steps
    }
}

/// The ghosts of a register whose value was not read from a tracked object: an offset and a
/// known terminator that differ, so that nothing follows from its value.
fn unrelated(read_at: VarId, zero_at: VarId) -> Vec<Step> {
    vec![Step::Cmd(Command::Assign(read_at, int(-1))), Step::Cmd(Command::Assign(zero_at, int(-2)))]
}

/// The integer type of a value (`long` for anything else).
fn int_type(t: Option<Type>) -> leapfrog_arith::IntTy {
    match t {
        Some(Type::Int(ty)) => ty,
        _ => G,
    }
}
