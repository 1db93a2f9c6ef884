//! Tables computed once per run from the program: where every variable lives (a global slot or a
//! slot of its function's frame), what a fresh frame of each function holds, and the successor
//! edges of every location.
//!
//! The tables are built defensively: edges that leave nonexistent locations are ignored (they can
//! never execute), and variables that no function or global list claims have no place, so that
//! using one is reported when (and only if) it happens.

use crate::value::{Value, zero_of};
use leapfrog_ir::{DataModel, EdgeId, FuncId, Function, Id, Program, Type, VarId, VarKind, VarTy};

/// Where a variable's value (for a memory variable: a pointer to its current object) is kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    Global(u32),
    /// A slot of the frames of a function.
    Frame(FuncId, u32),
    /// Nowhere: the IR does not say who owns the variable.
    Missing,
}

#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    pub place: Place,
    /// The register type; `None` for memory variables.
    pub reg: Option<Type>,
}

/// What execution does at a location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Succ {
    /// The function's exit: return.
    Exit,
    /// No outgoing edge.
    Dead,
    One(EdgeId),
    /// A branch: every edge should be an assume.
    Branch(Vec<EdgeId>),
}

/// A memory variable that gets an object when its frame (or the program) starts.
#[derive(Clone, Debug)]
pub(crate) struct SlotObject {
    pub slot: u32,
    pub var: VarId,
    pub size: u64,
}

/// The initial contents of a set of slots (a frame's, or the globals).
#[derive(Clone, Debug, Default)]
pub(crate) struct Slots {
    /// 0 or null for registers; [`Value::Unset`] for memory variables until they get an object.
    pub regs: Vec<Value>,
    /// The memory variables that get an object when the slots are created: fixed-size locals (at
    /// every call), or every global memory variable (dynamic arrays get an empty object).
    pub objects: Vec<SlotObject>,
}

impl Slots {
    /// Record the initial value of `slot`, which holds `var` of type `ty`.
    fn add(&mut self, slot: u32, var: VarId, ty: &VarTy, dm: DataModel, global: bool) {
        let index = slot as usize;
        if self.regs.len() <= index {
            self.regs.resize(index + 1, Value::Unset);
        }
        match ty {
            VarTy::Reg(t) => self.regs[index] = zero_of(*t),
            VarTy::Mem(obj) => {
                if global || !obj.is_dynamic() {
                    self.objects.push(SlotObject { slot, var, size: obj.size(dm) });
                }
            }
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct FuncLayout {
    pub slots: Slots,
    /// Every memory variable's slot, whose objects die when the frame returns.
    pub mem_slots: Vec<u32>,
    /// Indexed by location.
    pub succ: Vec<Succ>,
}

#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Indexed by variable.
    pub vars: Vec<VarInfo>,
    /// Indexed by function.
    pub funcs: Vec<FuncLayout>,
    pub globals: Slots,
}

impl Layout {
    pub fn new(prog: &Program) -> Layout {
        let vars = assign_places(prog);
        let mut funcs: Vec<FuncLayout> =
            prog.funcs.values().map(|f| FuncLayout { succ: successors(f), ..Default::default() }).collect();
        let mut globals = Slots::default();
        let dm = prog.data_model;
        for (index, info) in vars.iter().enumerate() {
            let var = VarId::new(index);
            let ty = &prog.vars[var].ty;
            match info.place {
                Place::Global(slot) => globals.add(slot, var, ty, dm, true),
                Place::Frame(f, slot) => {
                    let fl = &mut funcs[f.index()];
                    fl.slots.add(slot, var, ty, dm, false);
                    if ty.is_mem() {
                        fl.mem_slots.push(slot);
                    }
                }
                Place::Missing => {}
            }
        }
        Layout { vars, funcs, globals }
    }
}

/// Give every variable a place: globals first (the global list and every `Global` variable), then
/// each function's parameters, return variable and locals, then variables whose owner is a
/// function but which that function does not list.
fn assign_places(prog: &Program) -> Vec<VarInfo> {
    let mut vars: Vec<VarInfo> =
        prog.vars.values().map(|v| VarInfo { place: Place::Missing, reg: v.ty.reg() }).collect();
    let mut next_global = 0u32;
    let kind_globals = prog.vars.iter().filter(|(_, v)| v.kind == VarKind::Global).map(|(id, _)| id);
    for v in prog.globals.iter().copied().chain(kind_globals) {
        place(&mut vars, v, || {
            next_global += 1;
            Place::Global(next_global - 1)
        });
    }
    let mut next_slot = vec![0u32; prog.funcs.len()];
    for (f, func) in prog.funcs.iter() {
        let listed = func.params.iter().chain(func.ret.iter()).chain(func.locals.iter());
        for v in listed.copied() {
            place(&mut vars, v, || frame_slot(&mut next_slot, f));
        }
    }
    for (v, var) in prog.vars.iter() {
        if let Some(f) = var.func.filter(|f| f.index() < prog.funcs.len()) {
            place(&mut vars, v, || frame_slot(&mut next_slot, f));
        }
    }
    vars
}

/// Give `v` the place `make` returns unless it has one already (or does not exist).
fn place(vars: &mut [VarInfo], v: VarId, make: impl FnOnce() -> Place) {
    match vars.get_mut(v.index()) {
        Some(info) if info.place == Place::Missing => info.place = make(),
        _ => {}
    }
}

fn frame_slot(next_slot: &mut [u32], f: FuncId) -> Place {
    let slot = next_slot[f.index()];
    next_slot[f.index()] += 1;
    Place::Frame(f, slot)
}

/// What execution does at each location of `f`.
fn successors(f: &Function) -> Vec<Succ> {
    let mut lists: Vec<Vec<EdgeId>> = vec![Vec::new(); f.locs.len()];
    for (id, e) in f.edges.iter() {
        if let Some(list) = lists.get_mut(e.from.index()) {
            list.push(id);
        }
    }
    lists
        .into_iter()
        .enumerate()
        .map(|(loc, list)| match list.as_slice() {
            _ if loc == f.exit.index() => Succ::Exit,
            [] => Succ::Dead,
            [one] => Succ::One(*one),
            _ => Succ::Branch(list),
        })
        .collect()
}
