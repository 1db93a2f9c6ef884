//! Which object each pointer register points into, when it is one object for every value it
//! takes: addresses of a variable or the result of an allocation made at most once (outside
//! every loop), moved by offsets and copied, or null (an uninitialized pointer is taken as
//! null). What the string ghosts (`strings`) and the facts of pointer comparisons rely on.

use super::cells::{Cell, CopiedInto, StaticCopy, static_cell};
use super::{Step, Writer, int};
use crate::command::{Command, HavocOrigin};
use crate::expr::Expr;
use crate::ids::{EdgeId, FuncId, VarId};
use crate::loops::LoopForest;
use crate::program::{Program, VarKind};
use crate::types::{Type, VarTy};
use std::collections::{BTreeMap, BTreeSet};

/// One memory object of every execution of the function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Object {
    /// A variable's (of a size known before the run).
    Var(VarId),
    /// The one the allocation on this edge makes: the edge is on no cycle, so it allocates at
    /// most once per execution of the function.
    Site(EdgeId),
}

/// The objects a pointer expression may point into.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Base {
    /// None (null, or an uninitialized register).
    Nothing,
    One(Object),
    /// Several, or not known.
    Many,
}

impl Base {
    pub(super) fn join(self, other: Base) -> Base {
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
            VarTy::Mem(t) if !t.is_dynamic() => Base::One(Object::Var(*x)),
            _ => Base::Many,
        },
        Expr::Var(r) => bases.get(r).copied().unwrap_or(Base::Many),
        Expr::PtrAdd { base, .. } => base_of(q, base, bases),
        _ => Base::Many,
    }
}

/// The object each pointer register of `q`'s function `fid` points into (a least fixpoint over
/// its definitions; parameters, globals and values from calls or memory point anywhere — except
/// a load from one of `cells`, pointer cells whose every write is a store of a pointer there or
/// a copy of another cell (`cells::pointer_cells`): what was stored or copied there, or nothing
/// before).
pub(super) fn pointer_bases(
    q: &Program,
    fid: FuncId,
    cells: &BTreeSet<Cell>,
    regs: &BTreeMap<VarId, Cell>,
) -> BTreeMap<VarId, Base> {
    let f = &q.funcs[fid];
    let in_cell = |addr: &Expr| static_cell(q, addr, regs).filter(|c| cells.contains(c));
    let mut stored: BTreeMap<Cell, Base> = BTreeMap::new();
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
    // The allocations made at most once: on no cycle of the function's graph.
    let forest = LoopForest::compute(f);
    let once = |from| forest.loops.iter().all(|(_, l)| !l.irreducible && !l.contains(from));
    loop {
        let mut changed = false;
        for (id, e) in f.edges.iter() {
            let (v, b) = match &e.cmd {
                Command::Assign(v, x) if is_ptr(q, *v) => (*v, base_of(q, x, &bases)),
                Command::Store { addr, value } => {
                    let Some(cell) = in_cell(addr) else { continue };
                    let old = stored.get(&cell).copied().unwrap_or(Base::Nothing);
                    let new = old.join(base_of(q, value, &bases));
                    if new != old {
                        stored.insert(cell, new);
                        changed = true;
                    }
                    continue;
                }
                // A copy between variables: each pointer cell it writes holds what its source
                // cell held.
                Command::MemCopy { .. } if let Some(copy) = StaticCopy::of(q, &e.cmd, regs) => {
                    let bytes = i128::from(Type::Ptr.bytes(q.data_model));
                    for &cell in cells {
                        let from = match copy.into_cell(cell, bytes) {
                            CopiedInto::Nothing => continue,
                            CopiedInto::From(from) if cells.contains(&from) => {
                                stored.get(&from).copied().unwrap_or(Base::Nothing)
                            }
                            CopiedInto::From(_) | CopiedInto::Partly => Base::Many,
                        };
                        let old = stored.get(&cell).copied().unwrap_or(Base::Nothing);
                        let new = old.join(from);
                        if new != old {
                            stored.insert(cell, new);
                            changed = true;
                        }
                    }
                    continue;
                }
                Command::Load { dst, addr } if is_ptr(q, *dst) && in_cell(addr).is_some() => {
                    let cell = in_cell(addr).expect("checked");
                    (*dst, stored.get(&cell).copied().unwrap_or(Base::Nothing))
                }
                Command::Alloc { dst, .. } if is_ptr(q, *dst) && once(e.from) => (*dst, Base::One(Object::Site(id))),
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

/// The pointer `cond` says is null (`p == NULL`, `!(p != NULL)`).
fn null_tested(cond: &Expr) -> Option<&Expr> {
    let (op, a, b) = match cond {
        Expr::Cmp(op, a, b) => (*op, a, b),
        Expr::Not(inner) => match inner.as_ref() {
            Expr::Cmp(op, a, b) => (op.negate(), a, b),
            _ => return None,
        },
        _ => return None,
    };
    match (op, a.as_ref(), b.as_ref()) {
        (leapfrog_arith::CmpOp::Eq, p, Expr::Null) | (leapfrog_arith::CmpOp::Eq, Expr::Null, p) => Some(p),
        _ => None,
    }
}

impl Writer<'_> {
    /// What a branch comparing two pointers into one object, or a pointer difference, says of
    /// the pointers' offsets: for pointers into one object, `p < q` (`==`, ...) exactly when
    /// `\\offset(p) < \\offset(q)`, and `p - q` (of `char` pointers) is
    /// `\\offset(p) - \\offset(q)`, unless one is null (identity 0). After a branch, the same
    /// condition over offsets; after `v := e` with such a difference in `e` (and no `v`), `v`
    /// equals `e` over offsets; after a store of such an `e` (`toks[n++] = q - buf`), `e` equals
    /// `e` over offsets (what relates the value stored to the offsets' invariants).
    pub(super) fn comparison_facts(&self, cmd: &Command) -> Vec<Step> {
        if let Command::Assume(cond) = cmd
            && let Some(p) = null_tested(cond)
            && let Some(at) = self.provenance(p)
        {
            // `p == NULL` held: `p` is the null pointer, whose identity is 0 (an object's is
            // not: the interpreter's objects are never at address 0, and allocations succeed),
            // so `if (!p) return;` after `p = malloc(n)` is a way no execution takes.
            return vec![Step::Cmd(Command::Assume(Expr::cmp(leapfrog_arith::CmpOp::Eq, at.obj, int(0))))];
        }
        let (fact, e) = match cmd {
            Command::Assume(cond) => (None, cond),
            Command::Assign(v, e) if !e.reads().contains(v) && !is_ptr(self.q, *v) => (Some(Expr::Var(*v)), e),
            // (A store changes no register: after it, the value it wrote is still `value`.)
            Command::Store { value, .. } if value.ty(self.q) != Some(Type::Ptr) => (Some(value.clone()), value),
            _ => return Vec::new(),
        };
        let mut live = Vec::new();
        let Some(over_offsets) = self.over_offsets(e, true, &mut live) else { return Vec::new() };
        if live.is_empty() {
            return Vec::new();
        }
        let assumed = match fact {
            None => over_offsets,
            Some(v) => Expr::cmp(leapfrog_arith::CmpOp::Eq, v, over_offsets),
        };
        let mut steps = vec![Step::Cmd(Command::Assume(assumed))];
        for obj in live.into_iter().rev() {
            steps = vec![Step::If(Expr::cmp(leapfrog_arith::CmpOp::Ne, obj, int(0)), steps)];
        }
        steps
    }

    /// `e` with its comparisons of pointers into one object (at the top, when `top`) and its
    /// differences of `char` pointers into one object written over their offsets, and the
    /// identities that must not be null for that to hold; `None` when `e` compares or
    /// subtracts other pointers.
    fn over_offsets(&self, e: &Expr, top: bool, live: &mut Vec<Expr>) -> Option<Expr> {
        let same = |a: &Expr, b: &Expr| match (base_of(self.q, a, &self.bases), base_of(self.q, b, &self.bases)) {
            (Base::One(x), Base::One(y)) => x == y,
            _ => false,
        };
        let offsets = |a: &Expr, b: &Expr, live: &mut Vec<Expr>| {
            if !same(a, b) {
                return None;
            }
            let (pa, pb) = (self.provenance(a)?, self.provenance(b)?);
            live.push(pa.obj);
            live.push(pb.obj);
            Some((pa.off, pb.off))
        };
        Some(match e {
            Expr::Cmp(op, a, b) if top && a.ty(self.q) == Some(Type::Ptr) => {
                let (oa, ob) = offsets(a, b, live)?;
                Expr::cmp(*op, oa, ob)
            }
            Expr::PtrDiff { lhs, rhs, scale: 1, ty } => {
                let (oa, ob) = offsets(lhs, rhs, live)?;
                let d = Expr::binary(leapfrog_arith::BinOp::Sub, super::G, oa, ob);
                if *ty == super::G { d } else { Expr::cast(*ty, d) }
            }
            Expr::PtrDiff { .. } | Expr::Null | Expr::AddrOf(_) | Expr::PtrAdd { .. } => return None,
            Expr::Var(v) if is_ptr(self.q, *v) => return None,
            Expr::Int(..) | Expr::Bool(_) | Expr::Var(_) => e.clone(),
            Expr::Unary(op, ty, a) => Expr::Unary(*op, *ty, Box::new(self.over_offsets(a, false, live)?)),
            Expr::Not(a) => Expr::not(self.over_offsets(a, false, live)?),
            Expr::Cast(ty, a) => Expr::cast(*ty, self.over_offsets(a, false, live)?),
            Expr::Binary(op, ty, a, b) => {
                Expr::binary(*op, *ty, self.over_offsets(a, false, live)?, self.over_offsets(b, false, live)?)
            }
            Expr::Cmp(op, a, b) => {
                Expr::cmp(*op, self.over_offsets(a, false, live)?, self.over_offsets(b, false, live)?)
            }
        })
    }
}
