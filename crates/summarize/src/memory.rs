//! Which memory objects the encoding can model, and how.
//!
//! Every memory variable whose accesses all read and write one scalar type `T` becomes an SMT
//! array from element index (byte offset / size of `T`) to `T`. An access through a pointer
//! variable may reach any object whose address escapes (is used other than as the base of a
//! direct access); it is modelled when every escaping object holds the access's type. Anything
//! else (objects accessed with two types, pointers stored in memory, heap allocation, block
//! copies) is reported as unsupported, and verdicts that depend on the function are UNKNOWN.

use leapfrog_ir::types::{ObjType, Type, VarTy};
use leapfrog_ir::{Command, Expr, Function, Program, VarId};
use std::collections::{BTreeMap, BTreeSet};

/// The memory layout facts of one function.
#[derive(Clone, Debug, Default)]
pub struct MemoryModel {
    /// The cell type of every modelled memory variable the function touches.
    pub cell: BTreeMap<VarId, Type>,
    /// Objects whose address escapes into pointer values.
    pub escaping: BTreeSet<VarId>,
    /// Why some memory access cannot be modelled (empty when all can).
    pub unsupported: Vec<String>,
}

/// The scalar type every element of an object has, if there is one.
fn uniform_scalar(t: &ObjType) -> Option<Type> {
    match t {
        ObjType::Scalar(s) => Some(*s),
        ObjType::Array { elem, .. } => uniform_scalar(elem),
        ObjType::Record { fields, .. } => {
            let mut found: Option<Type> = None;
            for f in fields {
                let s = uniform_scalar(&f.ty)?;
                if found.is_some_and(|x| x != s) {
                    return None;
                }
                found = Some(s);
            }
            found
        }
        ObjType::Opaque { .. } => None,
    }
}

impl MemoryModel {
    pub fn compute(p: &Program, f: &Function) -> MemoryModel {
        let mut m = MemoryModel::default();
        let note = |m: &mut MemoryModel, s: String| {
            if !m.unsupported.contains(&s) {
                m.unsupported.push(s);
            }
        };
        let mut accessed: BTreeMap<VarId, Vec<Type>> = BTreeMap::new();
        let mut pointer_access_types: Vec<Type> = Vec::new();
        let var_types = &p.vars;
        for (_, e) in f.edges.iter() {
            let (addr, ty) = match &e.cmd {
                Command::Load { dst, addr } => (Some(addr), p.vars[*dst].ty.reg()),
                Command::Store { addr, value } => (Some(addr), value.ty(var_types)),
                _ => (None, None),
            };
            // Escapes: AddrOf anywhere except as the base of this access's address.
            for ex in e.cmd.exprs() {
                let direct_base = addr.filter(|a| std::ptr::eq(*a, ex)).and_then(|a| a.base_object());
                collect_escapes(ex, direct_base, &mut m.escaping);
            }
            if let (Some(addr), Some(ty)) = (addr, ty) {
                match addr.base_object() {
                    Some(obj) => {
                        accessed.entry(obj).or_default().push(ty);
                    }
                    None => {
                        if !pointer_access_types.contains(&ty) {
                            pointer_access_types.push(ty);
                        }
                    }
                }
            }
            match &e.cmd {
                Command::Alloc { .. } => note(&mut m, "heap or stack allocation (malloc, alloca)".into()),
                Command::MemCopy { .. } => note(&mut m, "block copy (struct assignment, memcpy)".into()),
                Command::MemSet { .. } => note(&mut m, "memset".into()),
                Command::InitObject { var, .. } => {
                    accessed.entry(*var).or_default();
                }
                _ => {}
            }
        }
        for v in m.escaping.iter() {
            accessed.entry(*v).or_default();
        }
        for (v, types) in &accessed {
            let VarTy::Mem(obj) = &p.vars[*v].ty else { continue };
            if types.is_empty() && pointer_access_types.is_empty() {
                // Its address is taken, but nothing is loaded or stored through any pointer
                // (a program with memory forgotten): its contents are never seen.
                continue;
            }
            let name = &p.vars[*v].name;
            match uniform_scalar(obj) {
                Some(Type::Int(_) | Type::Bool) if types.iter().all(|t| Some(*t) == uniform_scalar(obj)) => {
                    m.cell.insert(*v, uniform_scalar(obj).expect("checked"));
                }
                Some(Type::Ptr) => note(&mut m, format!("pointers stored in memory (`{name}`)")),
                _ => note(&mut m, format!("object `{name}` accessed with several types")),
            }
        }
        for ty in &pointer_access_types {
            for v in m.escaping.clone().iter() {
                if m.cell.get(v).is_some_and(|c| c != ty) {
                    let name = p.vars[*v].name.clone();
                    note(&mut m, format!("access through a pointer that may reach `{name}` with another type"));
                }
            }
        }
        m
    }

    /// The objects an access of type `ty` through a pointer of unknown base may reach.
    pub fn pointer_targets(&self, ty: Type) -> Vec<VarId> {
        self.escaping.iter().copied().filter(|v| self.cell.get(v) == Some(&ty)).collect()
    }
}

fn collect_escapes(e: &Expr, direct_base: Option<VarId>, out: &mut BTreeSet<VarId>) {
    // The base of a direct access `load (ptradd &a i)` is not an escape; any other `&a` is.
    match e {
        Expr::AddrOf(v) => {
            if direct_base != Some(*v) {
                out.insert(*v);
            }
        }
        Expr::PtrAdd { base, offset, .. } => {
            collect_escapes(base, direct_base, out);
            collect_escapes(offset, None, out);
        }
        _ => {
            for c in e.children() {
                collect_escapes(c, None, out);
            }
        }
    }
}
