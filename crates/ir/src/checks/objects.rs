//! Which object each pointer register points into, when it is one object for every value it
//! takes: addresses of a variable, moved by offsets and copied, or null (an uninitialized
//! pointer is taken as null). What the string ghosts (`strings`) and the facts of pointer
//! comparisons rely on.

use super::{Step, Writer, int};
use crate::command::{Command, HavocOrigin};
use crate::expr::Expr;
use crate::ids::{FuncId, VarId};
use crate::program::{Program, VarKind};
use crate::types::{Type, VarTy};
use std::collections::BTreeMap;

/// The objects a pointer expression may point into.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Base {
    /// None (null, or an uninitialized register).
    Nothing,
    One(VarId),
    /// Several, or not known.
    Many,
}

impl Base {
    fn join(self, other: Base) -> Base {
        match (self, other) {
            (Base::Nothing, b) | (b, Base::Nothing) => b,
            (Base::One(x), Base::One(y)) if x == y => Base::One(x),
            _ => Base::Many,
        }
    }
}

pub(super) fn is_ptr(q: &Program, v: VarId) -> bool {
    matches!(q.vars[v].ty, VarTy::Reg(Type::Ptr))
}

/// The object `e` points into, given the registers' (`bases`).
pub(super) fn base_of(q: &Program, e: &Expr, bases: &BTreeMap<VarId, Base>) -> Base {
    match e {
        Expr::Null => Base::Nothing,
        Expr::AddrOf(x) => match &q.vars[*x].ty {
            VarTy::Mem(t) if !t.is_dynamic() => Base::One(*x),
            _ => Base::Many,
        },
        Expr::Var(r) => bases.get(r).copied().unwrap_or(Base::Many),
        Expr::PtrAdd { base, .. } => base_of(q, base, bases),
        _ => Base::Many,
    }
}

/// The object each pointer register of `q`'s function `fid` points into (a least fixpoint over
/// its definitions; parameters, globals and values from memory or calls point anywhere).
pub(super) fn pointer_bases(q: &Program, fid: FuncId) -> BTreeMap<VarId, Base> {
    let f = &q.funcs[fid];
    let mut bases: BTreeMap<VarId, Base> = BTreeMap::new();
    for (_, e) in f.edges.iter() {
        for v in e.cmd.defs() {
            if is_ptr(q, v) {
                bases.insert(v, Base::Nothing);
            }
        }
    }
    for v in
        f.params.iter().chain(q.vars.ids().filter(|v| q.vars[*v].kind == VarKind::Global).collect::<Vec<_>>().iter())
    {
        if is_ptr(q, *v) {
            bases.insert(*v, Base::Many);
        }
    }
    loop {
        let mut changed = false;
        for (_, e) in f.edges.iter() {
            let (v, b) = match &e.cmd {
                Command::Assign(v, x) if is_ptr(q, *v) => (*v, base_of(q, x, &bases)),
                Command::Havoc(v, HavocOrigin::Uninit) if is_ptr(q, *v) => continue,
                cmd => match cmd.defs().into_iter().find(|v| is_ptr(q, *v)) {
                    Some(v) => (v, Base::Many),
                    None => continue,
                },
            };
            let old = bases[&v];
            let new = old.join(b);
            if new != old {
                bases.insert(v, new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    bases
}

impl Writer<'_> {
    /// What a branch comparing two pointers into the same object says of their offsets: for
    /// pointers into one object, `p < q` (`==`, ...) exactly when `\\offset(p) < \\offset(q)`,
    /// unless one is null (identity 0).
    pub(super) fn comparison_facts(&self, cmd: &Command) -> Vec<Step> {
        let Command::Assume(cond) = cmd else { return Vec::new() };
        let Expr::Cmp(op, a, b) = cond else { return Vec::new() };
        if a.ty(self.q) != Some(Type::Ptr) || b.ty(self.q) != Some(Type::Ptr) {
            return Vec::new();
        }
        let same = match (base_of(self.q, a, &self.bases), base_of(self.q, b, &self.bases)) {
            (Base::One(x), Base::One(y)) => x == y,
            _ => false,
        };
        let (Some(pa), Some(pb)) = (self.provenance(a), self.provenance(b)) else { return Vec::new() };
        if !same {
            return Vec::new();
        }
        let live = |obj: Expr| Expr::cmp(leapfrog_arith::CmpOp::Ne, obj, int(0));
        vec![Step::If(
            live(pa.obj),
            vec![Step::If(live(pb.obj), vec![Step::Cmd(Command::Assume(Expr::cmp(*op, pa.off, pb.off)))])],
        )]
    }
}
