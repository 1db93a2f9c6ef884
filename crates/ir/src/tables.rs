//! Constant tables: global integer arrays that no step of the program writes after the global
//! initializer, with the range of the values their elements hold (`int siglen[6] = {0, 16, 12,
//! 8, 16, 4}` read as `siglen[alg]`: every read gives a value in `[0, 16]`).
//!
//! A table is recognised only where nothing can write it: its address is only ever read through
//! (loads, and comparisons in assumptions and assertions), never stored, copied into a
//! register, passed to a function or freed; and the program calls no function without a body and
//! takes no step that may write any memory (an extern function may change globals) or convert
//! an address to an integer. The global
//! initializer stores integer constants of one type into it at constant, aligned offsets; the
//! bytes it does not store are zero.
//!
//! What an analysis may assume about a load [`ConstantTables::load`] recognises: the loaded
//! value lies in the table's range, when the load reads inside the object (a read outside it is
//! an invalid access, which stops the execution).

use crate::{Command, Computed, Expr, Fill, FuncId, IntTy, Program, Type, VarId, VarKind, VarTy};
use std::collections::{BTreeMap, BTreeSet};

/// One table: the element type and the least and greatest value an element holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantTable {
    pub elem: IntTy,
    pub min: i128,
    pub max: i128,
}

/// The program's constant tables, by variable.
#[derive(Clone, Debug, Default)]
pub struct ConstantTables {
    pub tables: BTreeMap<VarId, ConstantTable>,
}

impl ConstantTables {
    /// The constant tables of `p`.
    pub fn of(p: &Program) -> ConstantTables {
        let mut out = ConstantTables::default();
        // An extern call may write any global; an opaque step may write memory, or turn an
        // address into an integer (which `escapes` cannot see: its operands are not commands').
        let may_write_anything = p.funcs.values().flat_map(|f| f.edges.values()).any(|e| match &e.cmd {
            Command::CallExtern { .. } => true,
            Command::Opaque { writes_memory, may_not_return, compute, .. } => {
                *writes_memory || *may_not_return || matches!(compute.as_deref(), Some(Computed::Address(_)))
            }
            _ => false,
        });
        if may_write_anything {
            return out;
        }
        // Globals whose address is used other than by reading through it.
        let mut escaping: BTreeSet<VarId> = BTreeSet::new();
        for (fid, f) in p.funcs.iter() {
            for e in f.edges.values() {
                if fid == p.init {
                    init_escapes(&e.cmd, &mut escaping);
                } else {
                    escapes(&e.cmd, &mut escaping);
                }
            }
        }
        for (v, var) in p.vars.iter() {
            if var.kind != VarKind::Global || escaping.contains(&v) {
                continue;
            }
            let VarTy::Mem(obj) = &var.ty else { continue };
            if let Some(t) = initial_values(p, p.init, v, obj.size(p.data_model)) {
                out.tables.insert(v, t);
            }
        }
        out
    }

    /// The table `addr` reads an element of, for a load into a register of type `ty`: `&t` or
    /// `&t + i * size` (`t[i]`), `size` the element's; or a constant aligned byte offset.
    pub fn load(&self, addr: &Expr, ty: Type) -> Option<&ConstantTable> {
        let (base, aligned) = match addr {
            Expr::AddrOf(v) => (*v, true),
            Expr::PtrAdd { base, offset, scale } => {
                let Expr::AddrOf(v) = **base else { return None };
                let t = self.tables.get(&v)?;
                let bytes = t.elem.bytes();
                let aligned = *scale == bytes
                    || matches!(**offset, Expr::Int(k, _) if (k * i128::from(*scale)) % i128::from(bytes) == 0);
                (v, aligned)
            }
            _ => return None,
        };
        let t = self.tables.get(&base)?;
        (aligned && ty == Type::Int(t.elem)).then_some(t)
    }
}

/// The base of a load's address that only reads through it: `&t` or `&t + i * s` (with `i`
/// itself free of addresses).
fn read_base(addr: &Expr) -> Option<VarId> {
    match addr {
        Expr::AddrOf(v) => Some(*v),
        Expr::PtrAdd { base, offset, .. } => {
            let Expr::AddrOf(v) = **base else { return None };
            offset.addressed().is_empty().then_some(v)
        }
        _ => None,
    }
}

/// Records in `into` the objects whose address `cmd` (outside the global initializer) uses other
/// than by reading through it or comparing it.
fn escapes(cmd: &Command, into: &mut BTreeSet<VarId>) {
    match cmd {
        Command::Load { addr, .. } => {
            if read_base(addr).is_none() {
                into.extend(addr.addressed());
            }
        }
        // A condition compares addresses; nothing escapes through a boolean.
        Command::Assume(_) | Command::Assert { .. } => {}
        Command::InitObject { var, .. } => {
            into.insert(*var);
        }
        other => {
            for e in other.exprs() {
                into.extend(e.addressed());
            }
        }
    }
}

/// [`escapes`] in the global initializer: there, zero-filling an object and storing a constant
/// at a constant offset of it are the initialization itself.
fn init_escapes(cmd: &Command, into: &mut BTreeSet<VarId>) {
    match cmd {
        Command::InitObject { fill: Fill::Zero, len: None, .. } => {}
        Command::Store { addr, value: Expr::Int(..) } if addr.constant_cell().is_some() => {}
        other => escapes(other, into),
    }
}

/// The range of the values the initializer `init` leaves in `v` (`size` bytes): the constants
/// it stores (of one integer type, at offsets aligned to it) and zero where it stores none.
fn initial_values(p: &Program, init: FuncId, v: VarId, size: u64) -> Option<ConstantTable> {
    let mut elem: Option<IntTy> = None;
    let mut values = Vec::new();
    let mut offsets = BTreeSet::new();
    let mut zeroed = false;
    for e in p.funcs.get(init)?.edges.values() {
        match &e.cmd {
            Command::InitObject { var, fill: Fill::Zero, len: None } if *var == v => zeroed = true,
            Command::InitObject { var, .. } if *var == v => return None,
            Command::Store { addr, value } => {
                let Some((w, offset)) = addr.constant_cell() else { continue };
                if w != v {
                    continue;
                }
                let Expr::Int(k, ty) = value else { return None };
                if elem.is_some_and(|t| t != *ty) {
                    return None;
                }
                let bytes = i128::from(ty.bytes());
                if offset % bytes != 0 || offset < 0 || offset + bytes > i128::from(size) {
                    return None;
                }
                elem = Some(*ty);
                values.push(*k);
                offsets.insert(offset);
            }
            _ => {}
        }
    }
    if !zeroed {
        return None;
    }
    let elem = elem?;
    let covered = offsets.len() as u128 * u128::from(elem.bytes()) == u128::from(size);
    if !covered {
        values.push(0);
    }
    Some(ConstantTable { elem, min: *values.iter().min()?, max: *values.iter().max()? })
}
