//! Pointers stored in memory, at cells the function names statically: a local variable's bytes
//! at a constant offset (`b.data` of a `struct buf b`, or `p` itself once `&p` is taken), every
//! write of which the checks see as a store of a whole pointer there. Such a cell gets ghosts as
//! a pointer register does (`\offset(b.data)`, ...): a store sets them from the stored pointer's,
//! a load gives them to the register loaded, so an access through `b->data` is checked as one
//! through the pointer stored.
//!
//! A cell is kept only while nothing else may write it: no store overlapping it but of a pointer
//! exactly there, no store or block copy or `memset` through a pointer that may point into its
//! variable at an offset not known statically, no extern call given a pointer and no opaque step
//! writing memory in the function. A block copy between two variables at static addresses and
//! of a constant length (a struct assigned, or returned by value through the caller's
//! temporary) is a [`StaticCopy`]: it writes each kept cell of its destination range from the
//! kept cell of the same type at the same place in its source.

use super::objects::{Base, Object, base_of, is_ptr, pointer_bases};
use crate::command::{Command, HavocOrigin};
use crate::expr::Expr;
use crate::ids::{FuncId, VarId};
use crate::program::{Program, VarKind};
use crate::types::{Type, VarTy};
use std::collections::{BTreeMap, BTreeSet};

/// A local variable and a byte offset into it.
pub type Cell = (VarId, i128);

/// The registers that hold one address known statically (`p := &b` at every definition, as
/// an inlined parameter is).
pub fn static_registers(q: &Program, fid: FuncId) -> BTreeMap<VarId, Cell> {
    let f = &q.funcs[fid];
    let mut defs: BTreeMap<VarId, Vec<&Command>> = BTreeMap::new();
    for e in f.edges.values() {
        for v in e.cmd.defs() {
            if is_ptr(q, v) {
                defs.entry(v).or_default().push(&e.cmd);
            }
        }
    }
    let mut regs: BTreeMap<VarId, Cell> = BTreeMap::new();
    // Registers defined from registers: a few rounds reach the copies of copies.
    for _ in 0..4 {
        let before = regs.len();
        for (v, cmds) in &defs {
            if regs.contains_key(v) || f.params.contains(v) {
                continue;
            }
            // (A null or uninitialized definition is no address: an access through the
            // register then faults, and its check fails, so where an access goes on the
            // register holds the cell's address.)
            let mut at = cmds
                .iter()
                .filter(|c| !matches!(c, Command::Assign(_, Expr::Null) | Command::Havoc(_, HavocOrigin::Uninit)))
                .map(|c| match c {
                    Command::Assign(_, e) => static_cell(q, e, &regs),
                    _ => None,
                });
            let Some(Some(first)) = at.next() else { continue };
            if at.all(|c| c == Some(first)) {
                regs.insert(*v, first);
            }
        }
        if regs.len() == before {
            break;
        }
    }
    regs
}

/// The cell `e` addresses, when known statically.
pub fn static_cell(q: &Program, e: &Expr, regs: &BTreeMap<VarId, Cell>) -> Option<Cell> {
    match e {
        Expr::AddrOf(x) => match (&q.vars[*x].ty, q.vars[*x].kind) {
            // (A temporary: a struct a call returns, before it is copied.)
            (VarTy::Mem(t), VarKind::Local | VarKind::Temp) if !t.is_dynamic() => Some((*x, 0)),
            _ => None,
        },
        Expr::Var(r) => regs.get(r).copied(),
        Expr::PtrAdd { base, offset, scale } => {
            let Expr::Int(k, _) = offset.as_ref() else { return None };
            let (x, c) = static_cell(q, base, regs)?;
            Some((x, c.checked_add(k.checked_mul(i128::from(*scale))?)?))
        }
        _ => None,
    }
}

/// A block copy from one variable to another, both at addresses known statically, of a
/// constant length.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StaticCopy {
    pub dst: Cell,
    pub src: Cell,
    pub len: i128,
}

/// What a [`StaticCopy`] writes into a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CopiedInto {
    /// Nothing: the cell is outside the destination range.
    Nothing,
    /// The value of this source cell (of the same size, at the same place in the range).
    From(Cell),
    /// Some of its bytes only.
    Partly,
}

impl StaticCopy {
    /// The copy `cmd` makes, when it is a block copy between two distinct variables at static
    /// addresses, of a constant length.
    pub fn of(q: &Program, cmd: &Command, regs: &BTreeMap<VarId, Cell>) -> Option<StaticCopy> {
        let Command::MemCopy { dst, src, size } = cmd else { return None };
        let (dst, src) = (static_cell(q, dst, regs)?, static_cell(q, src, regs)?);
        let len = super::constant(size)?;
        (dst.0 != src.0 && len >= 0).then_some(StaticCopy { dst, src, len })
    }

    /// The copy the other way, from its destination to its source.
    pub fn reversed(&self) -> StaticCopy {
        StaticCopy { dst: self.src, src: self.dst, len: self.len }
    }

    /// What the copy writes into the `bytes` bytes at `cell`.
    pub fn into_cell(&self, (x, d): Cell, bytes: i128) -> CopiedInto {
        let (y, start) = self.dst;
        if x != y || d + bytes <= start || start + self.len <= d {
            CopiedInto::Nothing
        } else if start <= d && d + bytes <= start + self.len {
            CopiedInto::From((self.src.0, self.src.1 + (d - start)))
        } else {
            CopiedInto::Partly
        }
    }
}

/// The pointer cells of `q`'s function `fid` whose every write is a store of a pointer there
/// (see the module doc), and the object each pointer register points into
/// (`objects::pointer_bases`, a load from one of the cells giving what was stored there).
pub(super) fn pointer_cells(
    q: &Program,
    fid: FuncId,
    regs: &BTreeMap<VarId, Cell>,
) -> (BTreeSet<Cell>, BTreeMap<VarId, Base>) {
    let (cells, bases) = scalar_cells_and_bases(q, fid, regs);
    (cells.into_iter().filter(|(_, t)| *t == Type::Ptr).map(|(c, _)| c).collect(), bases)
}

/// The scalar cells (integers and pointers) of `q`'s call-free function `fid` whose every write
/// is a store of a value of the cell's type exactly there: a load of that type from one reads
/// the value last stored (or the declaration's), so an analysis may keep it in a register.
pub fn scalar_cells(q: &Program, fid: FuncId) -> BTreeMap<Cell, Type> {
    let regs = static_registers(q, fid);
    scalar_cells_and_bases(q, fid, &regs).0
}

/// [`scalar_cells`], and the registers' bases computed with its pointer cells. A greatest
/// fixpoint: the cells each kept while the bases computed with them say nothing else writes
/// them.
fn scalar_cells_and_bases(
    q: &Program,
    fid: FuncId,
    regs: &BTreeMap<VarId, Cell>,
) -> (BTreeMap<Cell, Type>, BTreeMap<VarId, Base>) {
    let mut cells = candidates(q, fid, regs);
    loop {
        let pointers: BTreeSet<Cell> = cells.iter().filter(|(_, t)| **t == Type::Ptr).map(|(c, _)| *c).collect();
        let bases = pointer_bases(q, fid, &pointers, regs);
        let kept = only_stored(q, fid, regs, &bases, cells.clone());
        if kept == cells {
            return (cells, bases);
        }
        cells = kept;
    }
}

/// The cells a scalar is stored to or loaded from at a static address, with its type (none
/// accessed there with two types; none at all when an extern call gets a pointer or an opaque
/// step writes memory).
fn candidates(q: &Program, fid: FuncId, regs: &BTreeMap<VarId, Cell>) -> BTreeMap<Cell, Type> {
    let f = &q.funcs[fid];
    let mut cells: BTreeMap<Cell, Option<Type>> = BTreeMap::new();
    for e in f.edges.values() {
        let (addr, ty) = match &e.cmd {
            Command::Store { addr, value } => (addr, value.ty(&q.vars)),
            Command::Load { dst, addr } => (addr, q.vars[*dst].ty.reg()),
            Command::CallExtern { args, .. } if args.iter().any(|a| a.ty(&q.vars) == Some(Type::Ptr)) => {
                return BTreeMap::new();
            }
            Command::Opaque { writes_memory: true, .. } => return BTreeMap::new(),
            _ => continue,
        };
        if let (Some(cell), Some(ty)) = (static_cell(q, addr, regs), ty) {
            let entry = cells.entry(cell).or_insert(Some(ty));
            if *entry != Some(ty) {
                *entry = None;
            }
        }
    }
    // A copy between variables makes the cells at the same place on its other side cells too
    // (a struct returned through a temporary no access names).
    let copies: Vec<StaticCopy> = f.edges.values().filter_map(|e| StaticCopy::of(q, &e.cmd, regs)).collect();
    loop {
        let mut implied: Vec<(Cell, Type)> = Vec::new();
        for copy in &copies {
            for direction in [*copy, copy.reversed()] {
                for (&cell, &ty) in &cells {
                    let Some(ty) = ty else { continue };
                    if let CopiedInto::From(other) = direction.into_cell(cell, i128::from(ty.bytes(q.data_model))) {
                        implied.push((other, ty));
                    }
                }
            }
        }
        let mut changed = false;
        for (cell, ty) in implied {
            match cells.get(&cell) {
                None => {
                    cells.insert(cell, Some(ty));
                    changed = true;
                }
                Some(Some(t)) if *t != ty => {
                    cells.insert(cell, None);
                    changed = true;
                }
                Some(_) => {}
            }
        }
        if !changed {
            break;
        }
    }
    cells.into_iter().filter_map(|(c, t)| Some((c, t?))).collect()
}

/// Those of `cells` that nothing writes but stores of a value of their type exactly there,
/// given the registers' `bases`.
fn only_stored(
    q: &Program,
    fid: FuncId,
    regs: &BTreeMap<VarId, Cell>,
    bases: &BTreeMap<VarId, Base>,
    mut cells: BTreeMap<Cell, Type>,
) -> BTreeMap<Cell, Type> {
    let f = &q.funcs[fid];
    let bytes = |t: Type| i128::from(t.bytes(q.data_model));
    // What may write a variable's cells otherwise.
    let through = |dst: &Expr, cells: &mut BTreeMap<Cell, Type>| match base_of(q, dst, bases) {
        Base::One(Object::Var(x)) => cells.retain(|(y, _), _| *y != x),
        Base::Many => cells.clear(),
        Base::One(Object::Site(_)) | Base::Nothing => {}
    };
    let before = cells.clone();
    for e in f.edges.values() {
        match &e.cmd {
            Command::Store { addr, value } => match static_cell(q, addr, regs) {
                Some((x, c)) => {
                    let ty = value.ty(&q.vars);
                    let size = ty.map_or(i128::MAX / 4, bytes);
                    cells.retain(|&(y, d), t| {
                        y != x || (ty == Some(*t) && c == d) || c + size <= d || d + bytes(*t) <= c
                    });
                }
                None => through(addr, &mut cells),
            },
            // A copy between variables keeps the destination's cells whose source is a cell of
            // the same type (as it stood at the start of this round: the fixpoint drops the
            // destination's in a later round when the source's is dropped).
            Command::MemCopy { .. } if let Some(copy) = StaticCopy::of(q, &e.cmd, regs) => {
                cells.retain(|&c, t| match copy.into_cell(c, bytes(*t)) {
                    CopiedInto::Nothing => true,
                    CopiedInto::From(from) => before.get(&from) == Some(t),
                    CopiedInto::Partly => false,
                });
            }
            Command::MemCopy { dst, .. } | Command::MemSet { dst, .. } => match static_cell(q, dst, regs) {
                Some((x, _)) => cells.retain(|(y, _), _| *y != x),
                None => through(dst, &mut cells),
            },
            _ => {}
        }
    }
    cells
}
