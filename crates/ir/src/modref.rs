//! What functions, loops and single commands read and modify ("mod/ref" sets).
//!
//! This module owns the one place where the effects of commands are classified, so that every
//! technique that summarizes or havocs a loop agrees on what the loop may change. Register
//! variables are tracked by name; memory is tracked by the object an address evidently points
//! into ([`Expr::base_object`]), else by the pointer variable it is computed from
//! ([`Expr::base_pointer`]), else as unknown memory.
//!
//! Function effects are transitive over the call graph (a fixpoint per strongly connected
//! component, so recursion is fine). What a call contributes to its caller is the callee's
//! effect restricted to what outlives the call: globals (register and memory), the memory the
//! callee reaches through global pointers, and unknown memory, to which the callee's accesses
//! through its own pointer variables (parameters, locals) are widened. The callee's locals are
//! fresh per call and so are invisible to the caller.
//!
//! Assumptions (conservative where the IR says nothing more precise):
//! - every edge of a function counts, reachable or not;
//! - `Free(p)` modifies the freed object, like a store through `p`;
//! - `Alloc` only modifies its destination (the object it creates is fresh);
//! - `Output` reads its arguments' register variables and the memory its pointer arguments point
//!   to (a `%s` string);
//! - `CallExtern` modifies its destination and sets `calls_extern`; if any argument is a pointer
//!   it may read and write unknown memory. Register globals are *not* added to `modifies` for an
//!   extern call: a consumer that takes the IR's "an extern callee may change globals" literally
//!   must check `calls_extern`;
//! - `Opaque` modifies its `havoc` variables, sets `opaque`, and modifies unknown memory when it
//!   `writes_memory`; what it reads is unknown, so consumers must treat `opaque` conservatively.

use crate::command::Command;
use crate::expr::Expr;
use crate::ids::LoopId;
use crate::ids::{FuncId, Id, IdVec, VarId};
use crate::loops::{Loop, LoopForest};
use crate::program::{Program, VarKind};
use crate::types::Type;
use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::BTreeSet;

/// What an access's address says about the memory it touches.
enum MemoryTarget {
    /// An evident memory variable (`&a`, `&a + i*4`).
    Object(VarId),
    /// Memory reached through a pointer variable (`p`, `p + i*4`).
    Through(VarId),
    /// Neither.
    Unknown,
}

impl MemoryTarget {
    fn of(addr: &Expr) -> MemoryTarget {
        match (addr.base_object(), addr.base_pointer()) {
            (Some(object), _) => MemoryTarget::Object(object),
            (None, Some(pointer)) => MemoryTarget::Through(pointer),
            (None, None) => MemoryTarget::Unknown,
        }
    }
}

/// What some code (a command, a loop, a function with its callees) may read and modify.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Register variables read (including globals read by callees).
    pub reads: BTreeSet<VarId>,
    /// Register variables assigned or havocked (including globals modified by callees and the
    /// destinations of calls).
    pub modifies: BTreeSet<VarId>,
    /// Memory variables loaded from through an address whose base object is evident.
    pub reads_objects: BTreeSet<VarId>,
    /// Memory variables written through an address whose base object is evident (including
    /// objects whose declaration executes).
    pub modifies_objects: BTreeSet<VarId>,
    /// Pointer variables through which memory is read when no base object is evident.
    pub reads_through: BTreeSet<VarId>,
    /// Pointer variables through which memory is written when no base object is evident.
    pub modifies_through: BTreeSet<VarId>,
    /// Memory is read at an address with neither base (or by a callee through its own pointers,
    /// or by an extern function given a pointer).
    pub reads_unknown_memory: bool,
    /// Likewise for writes (including extern calls with pointer arguments and opaque commands
    /// that write memory).
    pub modifies_unknown_memory: bool,
    /// Functions called, directly or transitively.
    pub calls: BTreeSet<FuncId>,
    /// Some function without a body is called.
    pub calls_extern: bool,
    /// Some [`Command::Opaque`] is executed.
    pub opaque: bool,
}

impl Effects {
    /// Adds `other`'s effects to these.
    pub fn join(&mut self, other: &Effects) {
        self.reads.extend(&other.reads);
        self.modifies.extend(&other.modifies);
        self.reads_objects.extend(&other.reads_objects);
        self.modifies_objects.extend(&other.modifies_objects);
        self.reads_through.extend(&other.reads_through);
        self.modifies_through.extend(&other.modifies_through);
        self.reads_unknown_memory |= other.reads_unknown_memory;
        self.modifies_unknown_memory |= other.modifies_unknown_memory;
        self.calls.extend(&other.calls);
        self.calls_extern |= other.calls_extern;
        self.opaque |= other.opaque;
    }

    /// Whether any memory may be read.
    pub fn reads_memory(&self) -> bool {
        self.reads_unknown_memory || !self.reads_objects.is_empty() || !self.reads_through.is_empty()
    }

    /// Whether any memory may be written.
    pub fn modifies_memory(&self) -> bool {
        self.modifies_unknown_memory || !self.modifies_objects.is_empty() || !self.modifies_through.is_empty()
    }

    /// The direct effects of one command (callees are only recorded in `calls`).
    pub fn of_command(p: &Program, cmd: &Command) -> Effects {
        let mut eff = Effects::default();
        for e in cmd.exprs() {
            eff.reads.extend(e.reads());
        }
        eff.modifies.extend(cmd.defs());
        match cmd {
            Command::Load { addr, .. } => eff.read_memory(addr),
            Command::Store { addr, .. } | Command::MemSet { dst: addr, .. } | Command::Free(addr) => {
                eff.write_memory(addr)
            }
            Command::MemCopy { dst, src, .. } => {
                eff.read_memory(src);
                eff.write_memory(dst);
            }
            Command::InitObject { var, .. } => {
                eff.modifies_objects.insert(*var);
            }
            Command::Call { callee, .. } => {
                eff.calls.insert(*callee);
            }
            Command::CallExtern { args, .. } => {
                eff.calls_extern = true;
                let passes_pointer = args.iter().any(|a| a.ty(p) == Some(Type::Ptr));
                eff.reads_unknown_memory |= passes_pointer;
                eff.modifies_unknown_memory |= passes_pointer;
            }
            Command::Opaque { writes_memory, .. } => {
                eff.opaque = true;
                eff.modifies_unknown_memory |= *writes_memory;
            }
            Command::Output { args, .. } => {
                for a in args.iter().filter(|a| a.ty(p) == Some(Type::Ptr)) {
                    eff.read_memory(a);
                }
            }
            _ => {}
        }
        eff
    }

    fn read_memory(&mut self, addr: &Expr) {
        match MemoryTarget::of(addr) {
            MemoryTarget::Object(v) => {
                self.reads_objects.insert(v);
            }
            MemoryTarget::Through(p) => {
                self.reads_through.insert(p);
            }
            MemoryTarget::Unknown => self.reads_unknown_memory = true,
        }
    }

    fn write_memory(&mut self, addr: &Expr) {
        match MemoryTarget::of(addr) {
            MemoryTarget::Object(v) => {
                self.modifies_objects.insert(v);
            }
            MemoryTarget::Through(p) => {
                self.modifies_through.insert(p);
            }
            MemoryTarget::Unknown => self.modifies_unknown_memory = true,
        }
    }

    /// These effects (of a callee) as its caller sees them: globals, memory outliving the call,
    /// and accesses through the callee's own pointers widened to unknown memory.
    fn seen_by_caller(&self, p: &Program) -> Effects {
        let is_global = |v: &&VarId| p.vars[**v].kind == VarKind::Global;
        let globals = |set: &BTreeSet<VarId>| set.iter().filter(is_global).copied().collect();
        let through_local = |set: &BTreeSet<VarId>| set.iter().any(|v| !is_global(&v));
        Effects {
            reads: globals(&self.reads),
            modifies: globals(&self.modifies),
            reads_objects: globals(&self.reads_objects),
            modifies_objects: globals(&self.modifies_objects),
            reads_through: globals(&self.reads_through),
            modifies_through: globals(&self.modifies_through),
            reads_unknown_memory: self.reads_unknown_memory || through_local(&self.reads_through),
            modifies_unknown_memory: self.modifies_unknown_memory || through_local(&self.modifies_through),
            calls: self.calls.clone(),
            calls_extern: self.calls_extern,
            opaque: self.opaque,
        }
    }
}

/// The transitive effects of every function of a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModRef {
    per_function: IdVec<FuncId, Effects>,
    /// `per_function` as callers see it.
    for_callers: IdVec<FuncId, Effects>,
}

impl ModRef {
    /// Effects of every function, callees included (a fixpoint over each recursive cycle).
    pub fn compute(p: &Program) -> ModRef {
        let direct: IdVec<FuncId, Effects> = p
            .funcs
            .values()
            .map(|f| {
                let mut eff = Effects::default();
                for e in f.edges.values() {
                    eff.join(&Effects::of_command(p, &e.cmd));
                }
                eff
            })
            .collect();
        let mut modref = ModRef {
            per_function: p.funcs.ids().map(|_| Effects::default()).collect(),
            for_callers: p.funcs.ids().map(|_| Effects::default()).collect(),
        };
        for scc in callees_first(&direct) {
            while modref.update(p, &scc, &direct) {}
        }
        modref
    }

    /// The effects of `f` and everything it calls (callees' locals excluded).
    pub fn function(&self, f: FuncId) -> &Effects {
        &self.per_function[f]
    }

    /// What a call of `f` may read and modify in its caller, apart from the call's destination
    /// and arguments: globals, memory, and the functions it calls.
    pub fn call(&self, f: FuncId) -> &Effects {
        &self.for_callers[f]
    }

    /// Recomputes the functions of one call-graph component; whether anything changed.
    fn update(&mut self, p: &Program, scc: &[FuncId], direct: &IdVec<FuncId, Effects>) -> bool {
        let mut changed = false;
        for &f in scc {
            let mut eff = direct[f].clone();
            for &g in &direct[f].calls {
                eff.join(&self.for_callers[g]);
            }
            if eff != self.per_function[f] {
                self.for_callers[f] = eff.seen_by_caller(p);
                self.per_function[f] = eff;
                changed = true;
            }
        }
        changed
    }
}

/// The strongly connected components of the call graph, callees before callers.
fn callees_first(direct: &IdVec<FuncId, Effects>) -> Vec<Vec<FuncId>> {
    let mut g: DiGraph<(), (), u32> = DiGraph::with_capacity(direct.len(), 0);
    for _ in direct.ids() {
        g.add_node(());
    }
    for (f, eff) in direct.iter() {
        for &callee in &eff.calls {
            g.add_edge(NodeIndex::new(f.index()), NodeIndex::new(callee.index()), ());
        }
    }
    // kosaraju_scc lists the components in post-order: every edge leads to an earlier one.
    kosaraju_scc(&g).into_iter().map(|scc| scc.into_iter().map(|n| FuncId::new(n.index())).collect()).collect()
}

/// The effects of one command, including what a called function does to globals and memory.
pub fn edge_effects(p: &Program, cmd: &Command, modref: &ModRef) -> Effects {
    let mut eff = Effects::of_command(p, cmd);
    if let Command::Call { callee, .. } = cmd {
        eff.join(modref.call(*callee));
    }
    eff
}

/// The effects of every loop of `f` (the edges whose both endpoints are in its body), in one pass:
/// each edge is charged to the innermost loop holding both its endpoints, then loops inherit
/// their children's effects. Linear in the edges times the nesting depth, where calling
/// [`loop_effects`] per loop would be quadratic.
pub fn all_loop_effects(p: &Program, f: FuncId, forest: &LoopForest, modref: &ModRef) -> IdVec<LoopId, Effects> {
    let mut effects: IdVec<LoopId, Effects> = forest.loops.ids().map(|_| Effects::default()).collect();
    for e in p.funcs[f].edges.values() {
        let mut owner = forest.innermost[e.from];
        while let Some(l) = owner {
            if forest.loops[l].contains(e.to) {
                break;
            }
            owner = forest.loops[l].parent;
        }
        if let Some(l) = owner {
            effects[l].join(&edge_effects(p, &e.cmd, modref));
        }
    }
    for l in forest.innermost_first() {
        if let Some(parent) = forest.loops[l].parent {
            let child = effects[l].clone();
            effects[parent].join(&child);
        }
    }
    effects
}

/// The effects of the edges of `f` whose both endpoints are in the body of `l`.
pub fn loop_effects(p: &Program, f: FuncId, l: &Loop, modref: &ModRef) -> Effects {
    let mut eff = Effects::default();
    for e in p.funcs[f].edges.values() {
        if l.contains(e.from) && l.contains(e.to) {
            eff.join(&edge_effects(p, &e.cmd, modref));
        }
    }
    eff
}
