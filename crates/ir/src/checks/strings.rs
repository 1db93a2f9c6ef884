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
//! The string's length (§4.1's `l_s`, the first zero) is kept by two more ghosts, as
//! deterministically: `\nonzero_prefix(x)`, a length `P` such that the bytes at offsets below
//! `P` are known not to be 0, and `\first_zero(x)`, which is `P` when the byte at `P` is known to
//! be 0 too (the string's length is then `P`), else -1. A read at an offset below `P` is not 0;
//! a read at `\first_zero(x)` is 0; a branch that holds only when a byte read at `P` is not 0
//! moves `P` on by one, and one that holds only when it is 0 sets `\first_zero(x)` (and says
//! the read was at `P` or beyond). A write at or below `P` brings `P` down to its offset
//! (a single 0 byte also setting `\first_zero(x)` there); a non-zero byte written at `P` moves `P`
//! on. So `strlen(s)` returns `\nonzero_prefix(s)`, and a later copy of `s` stops there too:
//! `if (strlen(in) < sizeof out) strcpy(out, in)` stays inside `out`.
//!
//! Only objects whose address flows nowhere but into followed pointer registers that point into
//! that object alone, the addresses of loads, stores, copies and fills, comparisons and
//! differences of pointers get a ghost: then no write through an unfollowed pointer, an extern
//! call or another object's pointer can change their bytes. Globals are left alone when the
//! function calls an extern function (which may write them); nothing is tracked when the
//! function has a `volatile` read or an opaque step that writes memory or converts pointers.

use super::cells::{Cell, static_cell};
use super::objects::{Base, Object, base_of, is_ptr};
use super::{G, Step, Writer, int};
use crate::command::{Command, Computed, Fill, HavocOrigin};
use crate::expr::Expr;
use crate::ids::VarId;
use crate::program::{Program, VarKind};
use crate::types::{Type, VarTy};
use leapfrog_arith::CmpOp;
use std::collections::{BTreeMap, BTreeSet};

/// A tracked object's ghosts.
#[derive(Copy, Clone)]
pub(super) struct Tracked {
    zero: VarId,
    /// Its length's, when the lengths are kept.
    lengths: Option<Lengths>,
    /// The object's size, when it is a constant.
    size: Option<i128>,
}

/// A tracked object's length ghosts.
#[derive(Copy, Clone)]
struct Lengths {
    /// `\\nonzero_prefix(x)` and `\\first_zero(x)`.
    prefix: VarId,
    first: VarId,
    /// The object's number among the tracked ones (from 0), which a read records.
    id: i128,
}

/// The known-terminator ghosts of one instrumented function.
#[derive(Default)]
pub(super) struct Terminators {
    /// Per tracked object.
    objects: BTreeMap<Object, Tracked>,
    /// Per register that may hold a byte read from a tracked object: the offset and the
    /// object's ghosts at that read.
    reads: BTreeMap<VarId, ReadGhosts>,
}

/// What a register holding a byte read from a tracked object knows of that read: its offset, and
/// the object's `\\last_zero`, `\\nonzero_prefix` and `\\first_zero` then. A value that came from
/// elsewhere has them so that nothing follows ([`unrelated`]).
#[derive(Copy, Clone, PartialEq, Eq)]
struct ReadGhosts {
    at: VarId,
    zero: VarId,
    lengths: Option<ReadLengths>,
}

/// The length ghosts of a read: the number of the object read ([`Lengths::id`]; -1 when none)
/// and its `\\nonzero_prefix` and `\\first_zero` then.
#[derive(Copy, Clone, PartialEq, Eq)]
struct ReadLengths {
    object: VarId,
    prefix: VarId,
    first: VarId,
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
    pub(super) fn plan(w: &mut Writer<'_>, lengths: bool) -> Terminators {
        let (q, bases) = (&*w.q, &w.bases);
        let f = &q.funcs[w.fid];
        let mut untracked: BTreeSet<Object> = BTreeSet::new();
        let mut nothing = false;
        let has_extern = f.edges.iter().any(|(_, e)| matches!(e.cmd, Command::CallExtern { .. }));
        // The pointer cells with ghosts (`cells`) that hold addresses into one object: a store
        // there lets no address escape, as the registers loaded from them are followed.
        // (Not a cell of a variable a block copy may read: the copy would carry the address.)
        let mut copied = Base::Nothing;
        for (_, e) in f.edges.iter() {
            if let Command::MemCopy { src, .. } = &e.cmd {
                copied = copied.join(base_of(q, src, bases));
            }
        }
        let cell_of = |addr: &Expr| {
            static_cell(q, addr, &w.regs).filter(|c| {
                w.cell_ghosts.contains_key(c)
                    && match copied {
                        Base::Nothing => true,
                        Base::One(x) => x != Object::Var(c.0),
                        Base::Many => false,
                    }
            })
        };
        let mut cell_bases: BTreeMap<Cell, Base> = BTreeMap::new();
        for (_, e) in f.edges.iter() {
            if let Command::Store { addr, value } = &e.cmd
                && let Some(c) = cell_of(addr)
            {
                let old = cell_bases.get(&c).copied().unwrap_or(Base::Nothing);
                cell_bases.insert(c, old.join(base_of(q, value, bases)));
            }
        }
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
                    let followed = cell_of(addr).is_some_and(|c| matches!(cell_bases.get(&c), Some(Base::One(_))));
                    escaping(q, value, followed, bases, out);
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
            let lengths = lengths.then(|| Lengths {
                prefix: w.ghost_var(format!("\\nonzero_prefix({name})"), scope),
                first: w.ghost_var(format!("\\first_zero({name})"), scope),
                id: plan.objects.len() as i128,
            });
            plan.objects.insert(x, Tracked { zero, lengths, size });
        }
        plan.plan_reads(w, lengths);
        plan
    }

    /// The registers that may hold a byte read from a tracked object, directly or through
    /// copies and conversions, and their ghosts.
    fn plan_reads(&mut self, w: &mut Writer<'_>, lengths: bool) {
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
            let ghosts = ReadGhosts {
                at: w.ghost_var("\\read_at".into(), None),
                zero: w.ghost_var("\\last_zero_at_read".into(), None),
                lengths: lengths.then(|| ReadLengths {
                    object: w.ghost_var("\\read_object".into(), None),
                    prefix: w.ghost_var("\\nonzero_prefix_at_read".into(), None),
                    first: w.ghost_var("\\first_zero_at_read".into(), None),
                }),
            };
            self.reads.insert(r, ghosts);
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
            if let Some(l) = t.lengths {
                // The string's length, when known, is the non-zero prefix's.
                out.push((
                    Expr::cmp(CmpOp::Eq, Expr::Var(l.first), Expr::Var(l.prefix)),
                    format!("{} == {}", name(l.first), name(l.prefix)),
                ));
            }
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
                if let Some(l) = t.lengths {
                    out.push((
                        Expr::cmp(CmpOp::Le, Expr::Var(g.off), Expr::Var(l.prefix)),
                        format!("{} <= {}", name(g.off), name(l.prefix)),
                    ));
                }
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
            for bound in std::iter::once(t.zero).chain(t.lengths.map(|l| l.prefix)) {
                let expr = Expr::cmp(CmpOp::Le, at.off.clone(), Expr::Var(bound));
                if !out.iter().any(|(x, _)| *x == expr) {
                    let text = format!("{} <= {}", crate::print::expr_to_c(w.q, &at.off), name(bound));
                    out.push((expr, text));
                }
            }
        }
        out
    }

    /// The ghosts' values when the function starts.
    pub(super) fn init(&self) -> Vec<Command> {
        self.objects.values().flat_map(Tracked::unknown).collect()
    }
}

impl Tracked {
    /// Nothing known of the object's bytes.
    fn unknown(&self) -> Vec<Command> {
        let mut out = vec![Command::Assign(self.zero, int(-1))];
        if let Some(l) = self.lengths {
            out.extend([Command::Assign(l.prefix, int(0)), Command::Assign(l.first, int(-1))]);
        }
        out
    }

    /// After a write of `n` bytes at `lo` that may include zeros and non-zeros: when `n > 0`,
    /// the prefix ends at `lo` if it reached it, and the first zero is no longer known there.
    fn written(&self, lo: &Expr, n: &Expr) -> Vec<Step> {
        let Some(l) = self.lengths else { return Vec::new() };
        let step = Step::If(
            Expr::cmp(CmpOp::Le, lo.clone(), Expr::Var(l.prefix)),
            vec![Step::Cmd(Command::Assign(l.prefix, lo.clone())), Step::Cmd(Command::Assign(l.first, int(-1)))],
        );
        if matches!(n.as_const(), Some(k) if k > 0) {
            return vec![step];
        }
        vec![Step::If(Expr::cmp(CmpOp::Lt, int(0), n.clone()), vec![step])]
    }

    /// After a write of zeros starting at `lo`: the first zero is there if the prefix reached it.
    fn zeroed(&self, lo: &Expr) -> Vec<Step> {
        let Some(l) = self.lengths else { return Vec::new() };
        vec![Step::If(
            Expr::cmp(CmpOp::Le, lo.clone(), Expr::Var(l.prefix)),
            vec![Step::Cmd(Command::Assign(l.prefix, lo.clone())), Step::Cmd(Command::Assign(l.first, lo.clone()))],
        )]
    }

    /// After a non-zero byte written at `at`: the prefix grows past it if it ended there.
    fn nonzero_written(&self, at: &Expr) -> Vec<Step> {
        let Some(l) = self.lengths else { return Vec::new() };
        vec![Step::If(
            Expr::cmp(CmpOp::Eq, at.clone(), Expr::Var(l.prefix)),
            vec![
                Step::Cmd(Command::Assign(l.prefix, super::add(Expr::Var(l.prefix), int(1)))),
                Step::Cmd(Command::Assign(l.first, int(-1))),
            ],
        )]
    }

    /// After a zero fill from offset 0 (an initialization, `calloc`): the first zero is 0.
    fn starts_with_zero(&self) -> Vec<Step> {
        self.lengths.map(|l| Step::Cmd(Command::Assign(l.first, int(0)))).into_iter().collect()
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
        // The tracked object `cmd` writes (an allocation: `dst` points into the object of its
        // one allocation site, this one).
        let target = match cmd {
            Command::InitObject { var, .. } => s.objects.get(&Object::Var(*var)).copied(),
            Command::Alloc { dst, .. } => match self.bases.get(dst) {
                Some(Base::One(x @ Object::Site(_))) => s.objects.get(x).copied(),
                _ => None,
            },
            Command::Store { addr: dst, .. } | Command::MemSet { dst, .. } | Command::MemCopy { dst, .. } => {
                s.target(self, dst)
            }
            _ => None,
        };
        // No earlier read of it moves its prefix (the byte read may have changed).
        if let Some(l) = target.and_then(|t| t.lengths) {
            for g in s.reads.values().filter_map(|g| g.lengths) {
                steps.push(Step::If(
                    Expr::cmp(CmpOp::Eq, Expr::Var(g.object), int(l.id)),
                    vec![Step::Cmd(Command::Assign(g.object, int(-1)))],
                ));
            }
        }
        match cmd {
            Command::InitObject { len: None, fill, .. } => {
                if let Some(t) = target
                    && let Some(size) = t.size
                {
                    steps.extend(t.unknown().into_iter().map(Step::Cmd));
                    if *fill == Fill::Zero && size > 0 {
                        steps.push(Step::Cmd(Command::Assign(t.zero, int(size - 1))));
                        steps.extend(t.starts_with_zero());
                    }
                }
            }
            Command::Alloc { size, zeroed, .. } => {
                if let Some(t) = target {
                    steps.extend(t.unknown().into_iter().map(Step::Cmd));
                    if *zeroed {
                        let last = super::add(super::widened(size, q), int(-1));
                        let mut then = vec![Step::Cmd(Command::Assign(t.zero, last.clone()))];
                        then.extend(t.starts_with_zero());
                        steps.push(Step::If(Expr::cmp(CmpOp::Le, int(0), last), then));
                    }
                }
            }
            Command::Store { addr, value } => {
                let (Some(t), Some(at)) = (s.target(self, addr), self.provenance(addr)) else { return steps };
                let n = value.ty(q).map_or(0, |ty| ty.bytes(dm)) as i128;
                if n != 1 {
                    steps.extend(t.written(&at.off, &int(n)));
                    steps.push(forget(t, at.off, int(n)));
                } else {
                    let zero = Expr::cmp(CmpOp::Eq, value.clone(), Expr::Int(0, int_type(value.ty(q))));
                    let mut then = vec![raise(t, at.off.clone())];
                    then.extend(t.zeroed(&at.off));
                    steps.push(Step::If(zero.clone(), then));
                    let mut otherwise = vec![forget(t, at.off.clone(), int(1))];
                    otherwise.extend(t.nonzero_written(&at.off));
                    steps.push(Step::If(Expr::not(zero), otherwise));
                }
            }
            Command::MemSet { dst, byte, size } => {
                let (Some(t), Some(at)) = (s.target(self, dst), self.provenance(dst)) else { return steps };
                let n = super::widened(size, q);
                if byte.as_const().is_some_and(|b| b & 0xff == 0) {
                    let last = super::add(super::add(at.off.clone(), n.clone()), int(-1));
                    let mut then = vec![raise(t, last)];
                    then.extend(t.zeroed(&at.off));
                    steps.push(Step::If(Expr::cmp(CmpOp::Lt, int(0), n), then));
                } else {
                    steps.extend(t.written(&at.off, &n));
                    steps.push(forget(t, at.off, n));
                }
            }
            Command::MemCopy { dst, size, .. } => {
                let (Some(t), Some(at)) = (s.target(self, dst), self.provenance(dst)) else { return steps };
                let n = super::widened(size, q);
                steps.extend(t.written(&at.off, &n));
                steps.push(forget(t, at.off, n));
            }
            Command::Load { dst, addr } => {
                let Some(&g) = s.reads.get(dst) else { return steps };
                match (s.byte_read(self, *dst, addr), self.provenance(addr)) {
                    (Some(t), Some(at)) => {
                        steps.push(Step::Cmd(Command::Assign(g.at, at.off)));
                        steps.push(Step::Cmd(Command::Assign(g.zero, Expr::Var(t.zero))));
                        let dst_ty = int_type(q.vars[*dst].ty.reg());
                        let zero = Expr::cmp(CmpOp::Eq, Expr::Var(*dst), Expr::Int(0, dst_ty));
                        let mut known_zeros = vec![g.zero];
                        if let (Some(gl), Some(l)) = (g.lengths, t.lengths) {
                            steps.push(Step::Cmd(Command::Assign(gl.object, int(l.id))));
                            steps.push(Step::Cmd(Command::Assign(gl.prefix, Expr::Var(l.prefix))));
                            steps.push(Step::Cmd(Command::Assign(gl.first, Expr::Var(l.first))));
                            known_zeros.push(gl.first);
                            steps.push(Step::If(
                                Expr::cmp(CmpOp::Lt, Expr::Var(g.at), Expr::Var(gl.prefix)),
                                vec![Step::Cmd(Command::Assume(Expr::not(zero.clone())))],
                            ));
                        }
                        for known_zero in known_zeros {
                            steps.push(Step::If(
                                Expr::cmp(CmpOp::Eq, Expr::Var(g.at), Expr::Var(known_zero)),
                                vec![Step::Cmd(Command::Assume(zero.clone()))],
                            ));
                        }
                    }
                    _ => steps.extend(unrelated(g)),
                }
            }
            Command::Assign(v, x) => {
                if let Some(&g) = s.reads.get(v) {
                    match copied(x).and_then(|r| s.reads.get(&r)) {
                        Some(&r) if r != g => {
                            let mut pairs = vec![(g.at, r.at), (g.zero, r.zero)];
                            if let (Some(gl), Some(rl)) = (g.lengths, r.lengths) {
                                pairs.extend([(gl.object, rl.object), (gl.prefix, rl.prefix), (gl.first, rl.first)]);
                            }
                            for (to, from) in pairs {
                                steps.push(Step::Cmd(Command::Assign(to, Expr::Var(from))));
                            }
                        }
                        Some(_) => {}
                        None => steps.extend(unrelated(g)),
                    }
                }
            }
            Command::Assume(cond) => {
                for r in cond.reads() {
                    let Some(&g) = s.reads.get(&r) else { continue };
                    let (o, l) = (Expr::Var(g.at), Expr::Var(g.zero));
                    if value_when_zero(cond, r) == Some(0) {
                        // The byte read was not 0: its offset was not the known terminator's,
                        // and a prefix that ended there goes on.
                        steps.push(Step::If(
                            Expr::cmp(CmpOp::Le, l.clone(), o.clone()),
                            vec![Step::Cmd(Command::Assume(Expr::cmp(CmpOp::Lt, l, o.clone())))],
                        ));
                        for (gl, l) in s.length_pairs(&g) {
                            // (The prefix did not end at the first zero then: the byte read
                            // there was 0. Said so, octagons that know `\first_zero(x) ==
                            // \nonzero_prefix(x)` find this branch empty and keep the prefix.)
                            let moved = vec![
                                Step::Cmd(Command::Assume(Expr::cmp(
                                    CmpOp::Ne,
                                    Expr::Var(gl.first),
                                    Expr::Var(gl.prefix),
                                ))),
                                Step::Cmd(Command::Assign(l.prefix, super::add(Expr::Var(l.prefix), int(1)))),
                                Step::Cmd(Command::Assign(l.first, int(-1))),
                            ];
                            steps.push(at_prefix(g.at, gl, l, moved));
                        }
                    } else if let Some(gl) = g.lengths
                        && only_when_zero(cond, r)
                    {
                        // The byte read was 0: it was not below the prefix, and if the prefix
                        // ended there, that is the first zero.
                        steps.push(Step::Cmd(Command::Assume(Expr::cmp(CmpOp::Le, Expr::Var(gl.prefix), o.clone()))));
                        for (gl, l) in s.length_pairs(&g) {
                            steps.push(at_prefix(
                                g.at,
                                gl,
                                l,
                                vec![Step::Cmd(Command::Assign(l.first, Expr::Var(l.prefix)))],
                            ));
                        }
                    }
                }
            }
            cmd => {
                for v in cmd.defs() {
                    if let Some(&g) = s.reads.get(&v) {
                        steps.extend(unrelated(g));
                    }
                }
            }
        }
        steps
    }
}

/// The ghosts of a register whose value was not read from a tracked object: an offset and a
/// known terminator that differ, so that nothing follows from its value.
fn unrelated(g: ReadGhosts) -> Vec<Step> {
    // (The offset -1 is at no known zero (-2), below no prefix (-1), and of no object (-1).)
    let mut values = vec![(g.at, -1), (g.zero, -2)];
    if let Some(l) = g.lengths {
        values.extend([(l.object, -1), (l.prefix, -1), (l.first, -2)]);
    }
    values.into_iter().map(|(v, x)| Step::Cmd(Command::Assign(v, int(x)))).collect()
}

impl Terminators {
    /// The read's length ghosts with those of every object it may have read.
    fn length_pairs(&self, g: &ReadGhosts) -> Vec<(ReadLengths, Lengths)> {
        let Some(gl) = g.lengths else { return Vec::new() };
        self.objects.values().filter_map(|t| t.lengths).map(|l| (gl, l)).collect()
    }
}

/// `then` when the read of `g` was of `t`, at its prefix, and `t`'s prefix has not moved since
/// (a write that moved it may have changed the byte read). Nested tests of one equality each,
/// which octagons follow (with `o <= P` known, `o != P` is `o <= P - 1`).
fn at_prefix(at: VarId, g: ReadLengths, t: Lengths, then: Vec<Step>) -> Step {
    let eq = |a: Expr, b: Expr| Expr::cmp(CmpOp::Eq, a, b);
    Step::If(
        eq(Expr::Var(g.object), int(t.id)),
        vec![Step::If(
            eq(Expr::Var(at), Expr::Var(g.prefix)),
            vec![Step::If(eq(Expr::Var(g.prefix), Expr::Var(t.prefix)), then)],
        )],
    )
}

/// Whether `cond` holds only when `r` is 0 (`r == 0`, `!r`, through widening conversions).
fn only_when_zero(cond: &Expr, r: VarId) -> bool {
    let is_r = |e: &Expr| matches!(widened_from(e), Expr::Var(v) if *v == r);
    match cond {
        Expr::Not(x) => is_r(x),
        Expr::Cmp(CmpOp::Eq, a, b) => (is_r(a) && b.as_const() == Some(0)) || (is_r(b) && a.as_const() == Some(0)),
        _ => false,
    }
}

/// `e` without conversions to types of at least 8 bits around it (a byte register converted so
/// is 0 exactly when the byte is).
fn widened_from(e: &Expr) -> &Expr {
    match e {
        Expr::Cast(ty, x) if ty.bits() >= 8 && !ty.is_bool() => widened_from(x),
        _ => e,
    }
}

/// The integer type of a value (`long` for anything else).
fn int_type(t: Option<Type>) -> leapfrog_arith::IntTy {
    match t {
        Some(Type::Int(ty)) => ty,
        _ => G,
    }
}
