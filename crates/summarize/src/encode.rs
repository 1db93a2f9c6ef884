//! The SSA encoding of loop-free IR (ATVA'08 §3.2): symbolic states, expressions, commands, and
//! the walk of one scope's acyclic graph with child loops replaced by their summaries.
//!
//! A *scope* is the function's top level or one loop. Its *region* is the set of locations whose
//! innermost loop is the scope; the region minus the scope's back edges is acyclic. Walking it in
//! topological order, each location's state is the merge (`ite` on path guards) of its incoming
//! states. Entering a child loop `C` applies `C`'s summary:
//! `havoc(Mod(C)); assume(I_C)` followed by `C`'s last, partial iteration up to the exit taken
//! (which is the "condition of the exit taken" of TACAS'11 Algorithm 1, and handles `break`s).
//! The invariant is assumed outright (`assume(I(X))`, not `I(Xpre) ⇒ I(X)`) because the engine
//! proves that `I_C` holds on entry in this very context (an initiation obligation).
//!
//! With [`Encoder::entered`] set, child loops are not summarized: the walk goes through a child's
//! body exactly, from the state in which it reaches the child's header, as if the child's back
//! edges were absent (the child is *not entered*: its header's test and the part of its body
//! before a back edge may run, but no iteration closes), and the executions that take a back
//! edge of a child (or of a loop nested in it) are collected there instead of followed.

use crate::memory::MemoryModel;
use crate::value::{Arith, Val};
use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, EdgeId, Expr, Fill, Function, Id, IdVec, LocId, LoopId, Program, VarId};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use z3::ast::{Array, Bool, Int};

/// The symbolic state at a program point: every register variable and every modelled object.
#[derive(Clone, Debug)]
pub struct State {
    pub regs: BTreeMap<VarId, Val>,
    pub mem: BTreeMap<VarId, Array>,
}

/// What a loop may change.
#[derive(Clone, Debug, Default)]
pub struct Mods {
    pub regs: BTreeSet<VarId>,
    pub objects: BTreeSet<VarId>,
}

/// A proof obligation met on a walk: `guard ∧ ¬φ` must be unsatisfiable.
#[derive(Clone, Debug)]
pub enum Obligation {
    /// Entering loop `l` with `state`: its invariant must hold.
    Initiation { l: LoopId, guard: Bool, state: State },
    /// Closing an iteration of loop `l`: its invariant must hold again.
    Consecution { l: LoopId, guard: Bool, state: State },
    /// The assertion on `edge` must hold.
    Safety { edge: EdgeId, guard: Bool, cond: Bool },
}

/// Whether a walk records obligations (a scope's own walk) or only computes exit states (a loop's
/// last iteration inside an enclosing walk).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Check,
    Exit,
}

/// An execution leaving a walk's region (or closing an iteration): the edge and its state.
pub struct Outgoing {
    pub edge: EdgeId,
    pub guard: Bool,
    pub state: State,
}

/// Per-loop assumptions a walk applies at child loops: `act → (guard → φ(state))`.
pub trait LoopAssumptions {
    /// The facts to assume about `l`'s state `s` at its header (each guarded by its literal).
    fn assume(&self, enc: &Encoder, l: LoopId, s: &State) -> Vec<Bool>;

    /// Facts relating the state `entry` in which `l` is entered to the state `header` at its
    /// last header visit (transition invariants: `entry = header ∨ T(entry, header)`).
    fn relate(&self, _enc: &Encoder, _l: LoopId, _entry: &State, _header: &State) -> Vec<Bool> {
        Vec::new()
    }
}

/// No assumptions at loops: a summary that only havocs.
pub struct NoAssumptions;

impl LoopAssumptions for NoAssumptions {
    fn assume(&self, _: &Encoder, _: LoopId, _: &State) -> Vec<Bool> {
        Vec::new()
    }
}

/// The most indices quantified invariants are instantiated at.
const MAX_INSTANCES: usize = 8;

pub struct Encoder<'p> {
    pub p: &'p Program,
    pub f: &'p Function,
    pub forest: &'p LoopForest,
    pub arith: Arith,
    pub mem: MemoryModel,
    pub mods: IdVec<LoopId, Mods>,
    /// Register variables of the state (globals and the function's own).
    pub reg_vars: Vec<VarId>,
    /// Constraints on fresh values (ranges), to be asserted by the caller.
    pub facts: RefCell<Vec<Bool>>,
    /// Constructs met that the encoding over-approximates or cannot model.
    pub unsupported: RefCell<Vec<String>>,
    /// For loop-free programs: the fresh value each havoc edge (or extern call's result)
    /// produced.
    pub havocs: RefCell<BTreeMap<EdgeId, Val>>,
    /// For loop-free programs: the value each load read (an input when the interpreter finds the
    /// bytes never written).
    pub loads: RefCell<BTreeMap<EdgeId, Val>>,
    /// For loop-free programs: the guard under which each edge is taken.
    pub taken: RefCell<BTreeMap<EdgeId, Bool>>,
    /// The leaps of the top-level walk: loop, guard on entry, state on entry, state at the
    /// header after the summary's havoc (its last iteration starts there).
    pub leaps: RefCell<Vec<(LoopId, Bool, State, State)>>,
    /// Ghost variables that stand for memory cells (`MemoryView`s): their address.
    pub views: BTreeMap<VarId, Expr>,
    /// The index variables of views at a symbolic index: an invariant that mentions one holds
    /// for each of its values ([`Encoder::invariant_truth`]).
    pub quantified: BTreeSet<VarId>,
    /// The indices at which the function accesses the objects of those views (`i` of `a[i]`),
    /// where quantified invariants are instantiated ([`Encoder::invariant_instances`]).
    pub accessed_indices: Vec<Expr>,
    /// When set, the merged guard and state of every location a walk visits.
    pub visits: RefCell<Option<BTreeMap<LocId, (Bool, State)>>>,
    /// When set, walks cross child loops without entering them (see the module documentation):
    /// each execution that takes a back edge of a nested loop is added here, with that loop.
    pub entered: RefCell<Option<Vec<(LoopId, Outgoing)>>>,
    /// When set, the guards of the executions that take a back edge of a child loop crossed by
    /// a leap (havoc, then one pass through its body): such an execution stands for one that
    /// iterates the child loop further.
    pub crossed_backs: RefCell<Option<Vec<Bool>>>,
    /// When set, walks stop once it passes and set `timed_out`: their results are then
    /// incomplete and must not be used.
    pub deadline: Option<std::time::Instant>,
    pub timed_out: std::cell::Cell<bool>,
    successors: IdVec<LocId, Vec<EdgeId>>,
    counter: RefCell<u64>,
}

impl<'p> Encoder<'p> {
    /// The encoder with `views` read from memory.
    pub fn with_views(mut self, views: &[leapfrog_ir::MemoryView]) -> Encoder<'p> {
        self.views = views.iter().map(|v| (v.var, v.address())).collect();
        self.quantified = leapfrog_ir::quantified_indices(views);
        for (_, e) in self.f.edges.iter() {
            let (Command::Load { addr, .. } | Command::Store { addr, .. }) = &e.cmd else { continue };
            let Expr::PtrAdd { base, offset, scale } = addr else { continue };
            let indexed =
                views.iter().any(|v| v.index.is_some_and(|ix| ix.scale == *scale) && **base == Expr::AddrOf(v.object));
            if indexed && !self.accessed_indices.contains(offset) && self.accessed_indices.len() < MAX_INSTANCES {
                self.accessed_indices.push((**offset).clone());
            }
        }
        self
    }

    pub fn new(p: &'p Program, f: &'p Function, forest: &'p LoopForest, sem: Semantics) -> Encoder<'p> {
        let mem = MemoryModel::compute(p, f);
        let mut reg_vars: Vec<VarId> =
            p.globals.iter().chain(f.params.iter()).chain(f.locals.iter()).copied().collect();
        reg_vars.extend(f.ret);
        reg_vars.retain(|v| p.vars[*v].ty.reg().is_some());
        reg_vars.sort();
        reg_vars.dedup();
        let mut enc = Encoder {
            p,
            f,
            forest,
            arith: Arith::new(sem),
            mem,
            mods: IdVec::new(),
            reg_vars,
            facts: RefCell::new(Vec::new()),
            unsupported: RefCell::new(Vec::new()),
            havocs: RefCell::new(BTreeMap::new()),
            loads: RefCell::new(BTreeMap::new()),
            taken: RefCell::new(BTreeMap::new()),
            leaps: RefCell::new(Vec::new()),
            visits: RefCell::new(None),
            entered: RefCell::new(None),
            crossed_backs: RefCell::new(None),
            views: BTreeMap::new(),
            quantified: BTreeSet::new(),
            accessed_indices: Vec::new(),
            deadline: None,
            timed_out: std::cell::Cell::new(false),
            successors: f.successors(),
            counter: RefCell::new(0),
        };
        enc.mods = forest.loops.iter().map(|(_, l)| enc.loop_mods(&l.body)).collect();
        for u in enc.mem.unsupported.clone() {
            enc.note(u);
        }
        enc
    }

    pub fn note(&self, what: String) {
        let mut u = self.unsupported.borrow_mut();
        if !u.contains(&what) {
            u.push(what);
        }
    }

    fn fresh_name(&self, base: &str) -> String {
        let mut c = self.counter.borrow_mut();
        *c += 1;
        format!("{base}!{c}")
    }

    fn var_name(&self, v: VarId) -> String {
        format!("{}_{}", self.p.vars[v].name, v.index())
    }

    /// A fresh value for register variable `v`, constrained to its type's range when the range
    /// is an invariant of every execution (unsigned and boolean values, and values from havocs).
    pub fn fresh_reg(&self, v: VarId, always_ranged: bool) -> Val {
        let ty = self.p.vars[v].ty.reg().unwrap_or(Type::Bool);
        let (val, range) = self.arith.fresh(&self.fresh_name(&self.var_name(v)), ty);
        let unsigned = matches!(ty, Type::Int(t) if !t.is_signed());
        if let Some(r) = range
            && (always_ranged || unsigned)
        {
            self.facts.borrow_mut().push(r);
        }
        val
    }

    fn fresh_array(&self, obj: VarId) -> Option<Array> {
        let cell = self.mem.cell.get(&obj)?;
        let sort = self.arith.cell_sort(*cell)?;
        Some(Array::fresh_const(&self.fresh_name(&self.var_name(obj)), &z3::Sort::int(), &sort))
    }

    /// A state in which every variable and object holds a fresh value.
    pub fn fresh_state(&self) -> State {
        let regs = self.reg_vars.iter().map(|&v| (v, self.fresh_reg(v, false))).collect();
        let mem = self.mem.cell.keys().filter_map(|&o| Some((o, self.fresh_array(o)?))).collect();
        State { regs, mem }
    }

    /// `s` with everything loop `l` may modify replaced by fresh values.
    pub fn havoc_loop(&self, l: LoopId, s: &State) -> State {
        let mut out = s.clone();
        for &v in &self.mods[l].regs {
            if out.regs.contains_key(&v) {
                out.regs.insert(v, self.fresh_reg(v, false));
            }
        }
        for &o in &self.mods[l].objects {
            if let Some(a) = self.fresh_array(o) {
                out.mem.insert(o, a);
            }
        }
        out
    }

    fn loop_mods(&self, body: &[LocId]) -> Mods {
        let mut m = Mods::default();
        let all_globals = |m: &mut Mods| {
            m.regs.extend(self.p.globals.iter().copied().filter(|g| self.p.vars[*g].ty.reg().is_some()));
        };
        for (_, e) in self.f.edges.iter() {
            if body.binary_search(&e.from).is_err() || body.binary_search(&e.to).is_err() {
                continue;
            }
            m.regs.extend(e.cmd.defs());
            match &e.cmd {
                Command::Store { addr, value } => match addr.base_object() {
                    Some(o) => {
                        m.objects.insert(o);
                    }
                    None => {
                        if let Some(ty) = value.ty(&self.p.vars) {
                            m.objects.extend(self.mem.pointer_targets(ty));
                        }
                    }
                },
                Command::InitObject { var, .. } => {
                    m.objects.insert(*var);
                }
                Command::Opaque { havoc, writes_memory, .. } => {
                    m.regs.extend(havoc.iter().copied());
                    if *writes_memory {
                        m.objects.extend(self.mem.cell.keys().copied());
                    }
                }
                Command::CallExtern { dst, .. } => {
                    m.regs.extend(dst.iter().copied());
                    all_globals(&mut m);
                    m.objects.extend(self.mem.cell.keys().copied());
                }
                _ => {}
            }
        }
        m
    }

    /// `s` with every modelled object's contents replaced by fresh ones.
    fn havoc_memory(&self, s: &mut State) {
        for o in self.mem.cell.keys() {
            if let Some(a) = self.fresh_array(*o) {
                s.mem.insert(*o, a);
            }
        }
    }

    /// The value of `e` in `s`.
    pub fn eval(&self, e: &Expr, s: &State) -> Val {
        let a = &self.arith;
        let ty_of = |x: &Expr| x.ty(&self.p.vars);
        match e {
            Expr::Int(v, t) => a.int(*v, *t),
            Expr::Bool(b) => Val::Bool(Bool::from_bool(*b)),
            Expr::Null => a.null(),
            Expr::Var(v) if self.views.contains_key(v) => {
                let ty = self.p.vars[*v].ty.reg().unwrap_or(Type::Bool);
                self.load(&self.views[v], ty, s)
            }
            Expr::Var(v) => match s.regs.get(v) {
                Some(x) => x.clone(),
                None => {
                    self.note(format!("variable `{}` outside the analysed function", self.p.vars[*v].name));
                    self.fresh_reg(*v, false)
                }
            },
            Expr::AddrOf(v) => a.addr_of(*v),
            Expr::Unary(op, t, x) => a.unop(*op, *t, &self.eval(x, s)),
            Expr::Not(x) => Val::Bool(a.truth(&self.eval(x, s)).not()),
            Expr::Binary(op @ (BinOp::BitAnd | BinOp::BitOr), t, x, y)
                if bool_cast(x, &self.p.vars) && bool_cast(y, &self.p.vars) =>
            {
                // `(u8)a & (u8)b` and `(u8)a | (u8)b` of booleans (how conjunctions and
                // disjunctions of candidates are written): a boolean connective, not bit-vectors.
                let (a, b) = (self.truth(x, s), self.truth(y, s));
                let r = if *op == BinOp::BitAnd { Bool::and(&[a, b]) } else { Bool::or(&[a, b]) };
                a_cast_bool(&self.arith, &r, *t)
            }
            Expr::Binary(BinOp::BitOr | BinOp::BitXor, t, x, y) if self.disjoint_bits(x, y) => {
                // No bit in both (`(c << 2) | ((d & 0x30) >> 4)`): the sum, not bit-vectors.
                a.binop(BinOp::Add, *t, &self.eval(x, s), &self.eval(y, s), *t)
            }
            Expr::Binary(op, t, x, y) => {
                let yt = ty_of(y).and_then(Type::as_int).unwrap_or(*t);
                a.binop(*op, *t, &self.eval(x, s), &self.eval(y, s), yt)
            }
            Expr::Cmp(op @ (CmpOp::Eq | CmpOp::Ne), x, y)
                if matches!(**y, Expr::Int(0, _))
                    && let Some((l, r)) = split_or(x, &self.p.vars) =>
            {
                // `(t)(a | b) == 0` is `(t)a == 0 && (t)b == 0` (a cast keeps or widens each
                // bit alike), each of which may need no bit-vectors.
                let zero = |e: Expr| Expr::Cmp(CmpOp::Eq, Box::new(e), y.clone());
                let both = Bool::and(&[self.truth(&zero(l), s), self.truth(&zero(r), s)]);
                Val::Bool(if *op == CmpOp::Eq { both } else { both.not() })
            }
            Expr::Cmp(op, x, y) => {
                let t = ty_of(x).and_then(Type::as_int);
                Val::Bool(a.cmp(*op, &self.eval(x, s), &self.eval(y, s), t))
            }
            Expr::Cast(t, x) => a.cast(&self.eval(x, s), ty_of(x), *t),
            Expr::PtrAdd { base, offset, scale } => match self.eval(base, s) {
                Val::Ptr { obj, off } => {
                    let signed = ty_of(offset).and_then(Type::as_int).is_none_or(|t| t.is_signed());
                    let k = a.to_math(&self.eval(offset, s), signed);
                    Val::Ptr { obj, off: off + k * Int::from_i64(*scale as i64) }
                }
                _ => {
                    self.note("pointer arithmetic on a non-pointer".into());
                    a.null()
                }
            },
            Expr::PtrDiff { lhs, rhs, scale, ty } => match (self.eval(lhs, s), self.eval(rhs, s)) {
                (Val::Ptr { off: o1, .. }, Val::Ptr { off: o2, .. }) => {
                    let d = (o1 - o2).div(Int::from_i64(*scale as i64));
                    a.cast(&Val::Int(d), Some(Type::Int(leapfrog_arith::IntTy::I64)), *ty)
                }
                _ => a.int(0, *ty),
            },
        }
    }

    /// Whether `x` and `y` have no one bit in common whatever their values: one's low bits are
    /// zero (`c << 2`) and the other is below them (`(d & 0x30) >> 4`).
    fn disjoint_bits(&self, x: &Expr, y: &Expr) -> bool {
        let vars = &self.p.vars;
        let below = |z: u32, e: &Expr| z < 127 && nonneg_bound(e, vars).is_some_and(|h| h < 1i128 << z);
        below(low_zero_bits(x), y) || below(low_zero_bits(y), x)
    }

    pub fn truth(&self, e: &Expr, s: &State) -> Bool {
        self.arith.truth(&self.eval(e, s))
    }

    /// Instances of an invariant `e` in `s`, without quantifiers: at the state's own values of
    /// the index variables (see [`Encoder::invariant_truth`]), and at each index at which the
    /// function accesses an array element ([`Encoder::accessed_indices`], evaluated in `s`:
    /// a loop's body reads `a[i]` at the `i` of its header).
    pub fn invariant_instances(&self, e: &Expr, s: &State) -> Vec<Bool> {
        let mut out = vec![self.truth(e, s)];
        let bound = self.quantified_in(e);
        let [k] = bound.as_slice() else { return out };
        let Some(Type::Int(t)) = self.p.vars[*k].ty.reg() else { return out };
        for index in &self.accessed_indices {
            let mut at = s.clone();
            at.regs.insert(*k, self.eval(&Expr::cast(t, index.clone()), s));
            out.push(self.truth(e, &at));
        }
        out
    }

    /// The index variables ([`Encoder::quantified`]) `e` mentions, in order.
    pub fn quantified_in(&self, e: &Expr) -> Vec<VarId> {
        let mut bound = BTreeSet::new();
        e.for_each_var(&mut |v| {
            if self.quantified.contains(&v) {
                bound.insert(v);
            }
        });
        bound.into_iter().collect()
    }

    /// An invariant `e` assumed in `s`: for every value of the index variables it mentions
    /// ([`Encoder::quantified`]). [`Encoder::truth`] reads them from `s` instead, where nothing
    /// assigns them: a state's value of one is arbitrary, so an obligation `guard ∧ ¬e` without
    /// a solution proves `e` for every value (the fresh-index instantiation).
    pub fn invariant_truth(&self, e: &Expr, s: &State) -> Bool {
        let bound = self.quantified_in(e);
        if bound.is_empty() {
            return self.truth(e, s);
        }
        let mut inner = s.clone();
        let mut consts: Vec<z3::ast::Dynamic> = Vec::new();
        for v in bound {
            let ty = self.p.vars[v].ty.reg().unwrap_or(Type::Bool);
            let (val, _) = self.arith.fresh(&self.fresh_name(&self.var_name(v)), ty);
            consts.push(match &val {
                Val::Int(x) => x.clone().into(),
                Val::Bv(x) => x.clone().into(),
                Val::Bool(x) => x.clone().into(),
                Val::Ptr { off, .. } => off.clone().into(),
            });
            inner.regs.insert(v, val);
        }
        let body = self.truth(e, &inner);
        let bounds: Vec<&dyn z3::ast::Ast> = consts.iter().map(|c| c as &dyn z3::ast::Ast).collect();
        z3::ast::forall_const(&bounds, &[], &body)
    }

    /// The objects an access at `addr` may touch, with the address value.
    fn access(&self, addr: &Expr, ty: Type, s: &State) -> Option<(Vec<VarId>, Int, Int)> {
        let Val::Ptr { obj, off } = self.eval(addr, s) else { return None };
        let targets = match addr.base_object() {
            Some(o) => vec![o],
            None => self.mem.pointer_targets(ty),
        };
        if targets.is_empty() || targets.iter().any(|o| self.mem.cell.get(o) != Some(&ty)) {
            return None;
        }
        let size = ty.bytes(self.p.data_model).max(1) as i64;
        Some((targets, obj, off.div(Int::from_i64(size))))
    }

    fn load(&self, addr: &Expr, ty: Type, s: &State) -> Val {
        let Some((targets, obj, idx)) = self.access(addr, ty, s) else {
            self.note(format!("a load of type {} the memory model does not cover", ty_name(ty)));
            return self.arith.fresh(&self.fresh_name("load"), ty).0;
        };
        let read = |o: &VarId| -> Val {
            let arr = &s.mem[o];
            self.arith
                .from_dynamic(&arr.select(&idx), ty)
                .unwrap_or_else(|| self.arith.fresh(&self.fresh_name("cell"), ty).0)
        };
        let mut val = read(&targets[0]);
        for o in &targets[1..] {
            let here = obj.eq(Int::from_i64(crate::value::object_id(*o)));
            val = self.arith.ite(&here, &read(o), &val);
        }
        val
    }

    fn store(&self, addr: &Expr, value: &Expr, s: &mut State) {
        let Some(ty) = value.ty(&self.p.vars) else { return };
        let v = self.eval(value, s);
        let Some((targets, obj, idx)) = self.access(addr, ty, s) else {
            self.note(format!("a store of type {} the memory model does not cover", ty_name(ty)));
            // Sound: the store may have changed any object.
            self.havoc_memory(s);
            return;
        };
        let cell = self.arith.to_dynamic(&v);
        let single = targets.len() == 1;
        for o in targets {
            let arr = s.mem[&o].clone();
            let updated = arr.store(&idx, &cell);
            let new = if single && addr.base_object().is_some() {
                updated
            } else {
                obj.eq(Int::from_i64(crate::value::object_id(o))).ite(&updated, &arr)
            };
            s.mem.insert(o, new);
        }
    }

    /// Executes edge `id` from `(guard, s)`: the guard after it, or `None` when the path ends.
    pub fn step(
        &self,
        id: EdgeId,
        guard: &Bool,
        s: &mut State,
        mode: Mode,
        sink: &mut Vec<Obligation>,
    ) -> Option<Bool> {
        let e = &self.f.edges[id];
        let next = match &e.cmd {
            Command::Skip | Command::Output { .. } | Command::Free(_) => guard.clone(),
            Command::Assume(c) => Bool::and(&[guard.clone(), self.truth(c, s)]),
            Command::Assign(v, x) => {
                let val = self.eval(x, s);
                s.regs.insert(*v, val);
                guard.clone()
            }
            Command::Havoc(v, _) => {
                let val = self.fresh_reg(*v, true);
                self.havocs.borrow_mut().insert(id, val.clone());
                s.regs.insert(*v, val);
                guard.clone()
            }
            Command::Load { dst, addr } => {
                let ty = self.p.vars[*dst].ty.reg().unwrap_or(Type::Bool);
                let val = self.load(addr, ty, s);
                self.loads.borrow_mut().insert(id, val.clone());
                s.regs.insert(*dst, val);
                guard.clone()
            }
            Command::Store { addr, value } => {
                self.store(addr, value, s);
                guard.clone()
            }
            Command::InitObject { var, fill, .. } => {
                if let Some(cell) = self.mem.cell.get(var) {
                    let arr = match fill {
                        Fill::Zero => {
                            let zero = match cell {
                                Type::Int(t) => self.arith.int(0, *t),
                                _ => Val::Bool(Bool::from_bool(false)),
                            };
                            Some(Array::const_array(&z3::Sort::int(), &self.arith.to_dynamic(&zero)))
                        }
                        Fill::Uninit => self.fresh_array(*var),
                    };
                    if let Some(a) = arr {
                        s.mem.insert(*var, a);
                    }
                }
                guard.clone()
            }
            Command::Alloc { dst, .. } => {
                self.note("heap or stack allocation (malloc, alloca)".into());
                s.regs.insert(*dst, self.fresh_reg(*dst, false));
                guard.clone()
            }
            Command::MemCopy { .. } | Command::MemSet { .. } => {
                self.note("block copy or memset".into());
                self.havoc_memory(s);
                guard.clone()
            }
            Command::Call { .. } => {
                self.note("a call that was not inlined".into());
                for v in self.reg_vars.clone() {
                    s.regs.insert(v, self.fresh_reg(v, false));
                }
                guard.clone()
            }
            Command::CallExtern { dst, .. } => {
                // A function without a body: arbitrary result; it may change globals and memory.
                if let Some(d) = dst {
                    let val = self.fresh_reg(*d, true);
                    self.havocs.borrow_mut().insert(id, val.clone());
                    s.regs.insert(*d, val);
                }
                for g in &self.p.globals {
                    if s.regs.contains_key(g) {
                        s.regs.insert(*g, self.fresh_reg(*g, false));
                    }
                }
                self.havoc_memory(s);
                guard.clone()
            }
            Command::Opaque { what, havoc, writes_memory, .. } => {
                self.note(format!("unsupported construct: {what}"));
                for v in havoc {
                    if s.regs.contains_key(v) {
                        s.regs.insert(*v, self.fresh_reg(*v, false));
                    }
                }
                if *writes_memory {
                    self.havoc_memory(s);
                }
                guard.clone()
            }
            Command::Assert { cond, .. } => {
                let c = self.truth(cond, s);
                if mode == Mode::Check {
                    sink.push(Obligation::Safety { edge: id, guard: guard.clone(), cond: c.clone() });
                }
                Bool::and(&[guard.clone(), c])
            }
            Command::Exit(_) | Command::Abort => return None,
        };
        self.taken.borrow_mut().insert(id, next.clone());
        Some(next)
    }

    /// Whether `loc` belongs to `scope`'s region (its innermost loop is `scope`).
    fn in_region(&self, scope: Option<LoopId>, loc: LocId) -> bool {
        self.forest.innermost[loc] == scope
    }

    /// The child loop of `scope` headed at `loc`, if `loc` is one.
    fn child_at(&self, scope: Option<LoopId>, loc: LocId) -> Option<LoopId> {
        let l = self.forest.innermost[loc]?;
        let lp = &self.forest.loops[l];
        (lp.header == loc && lp.parent == scope).then_some(l)
    }

    #[allow(clippy::too_many_arguments, reason = "a walk needs its scope, start, state, mode, assumptions and sink")]
    /// Walks `scope`'s region from `start` (the scope's entry location with its state).
    /// Returns the executions closing an iteration of `scope` and those leaving its region.
    pub fn walk(
        &self,
        scope: Option<LoopId>,
        start: LocId,
        guard: Bool,
        state: State,
        mode: Mode,
        assumptions: &dyn LoopAssumptions,
        sink: &mut Vec<Obligation>,
    ) -> (Vec<Outgoing>, Vec<Outgoing>) {
        let header = scope.map(|l| self.forest.loops[l].header);
        let mut pending: BTreeMap<LocId, Vec<(Bool, State)>> = BTreeMap::new();
        pending.insert(start, vec![(guard, state)]);
        let (mut backs, mut exits) = (Vec::new(), Vec::new());
        let order = self.region_order(scope, start);
        for node in order {
            if self.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                self.timed_out.set(true);
                break;
            }
            let Some(incoming) = pending.remove(&node) else { continue };
            let (g, s) = self.merge(incoming);
            if let Some(v) = self.visits.borrow_mut().as_mut() {
                v.insert(node, (g.clone(), s.clone()));
            }
            let child = if Some(node) == header { None } else { self.child_at(scope, node) };
            let unentered = child.is_some() && self.entered.borrow().is_some();
            let outs: Vec<Outgoing> = match child {
                Some(c) if unentered => {
                    // No summary: the child's body from this very state, its back edges cut.
                    let (entering, out) = self.walk(Some(c), node, g, s, Mode::Exit, assumptions, sink);
                    if let Some(list) = self.entered.borrow_mut().as_mut() {
                        list.extend(entering.into_iter().map(|o| (c, o)));
                    }
                    out
                }
                Some(c) => {
                    if mode == Mode::Check {
                        sink.push(Obligation::Initiation { l: c, guard: g.clone(), state: s.clone() });
                    }
                    let hs = self.havoc_loop(c, &s);
                    if mode == Mode::Check && scope.is_none() {
                        self.leaps.borrow_mut().push((c, g.clone(), s.clone(), hs.clone()));
                    }
                    // The summary's assumption restricts the paths after the leap only (as part
                    // of their guard), never the path that reaches the loop: that path's guard is
                    // the one the initiation obligation uses.
                    let mut conj = vec![g];
                    conj.extend(assumptions.assume(self, c, &hs));
                    conj.extend(assumptions.relate(self, c, &s, &hs));
                    let (backs, out) = self.walk(Some(c), node, Bool::and(&conj), hs, Mode::Exit, assumptions, sink);
                    if let Some(list) = self.crossed_backs.borrow_mut().as_mut() {
                        list.extend(backs.into_iter().map(|o| o.guard));
                    }
                    out
                }
                None => {
                    let mut outs = Vec::new();
                    for &eid in &self.successors[node] {
                        let mut s2 = s.clone();
                        if let Some(g2) = self.step(eid, &g, &mut s2, mode, sink) {
                            outs.push(Outgoing { edge: eid, guard: g2, state: s2 });
                        }
                    }
                    outs
                }
            };
            for o in outs {
                let to = self.f.edges[o.edge].to;
                if Some(to) == header {
                    backs.push(o);
                } else if self.in_region(scope, to) || self.child_at(scope, to).is_some() {
                    pending.entry(to).or_default().push((o.guard, o.state));
                } else {
                    exits.push(o);
                }
            }
        }
        (backs, exits)
    }

    /// The nodes of `scope`'s region reachable from `start`, in topological order (child loops
    /// as their headers, followed by their exits' targets; back edges to the header cut).
    fn region_order(&self, scope: Option<LoopId>, start: LocId) -> Vec<LocId> {
        let header = scope.map(|l| self.forest.loops[l].header);
        let succs = |n: LocId| -> Vec<LocId> {
            let child = if Some(n) == header { None } else { self.child_at(scope, n) };
            let targets: Vec<LocId> = match child {
                Some(c) => self.forest.loops[c].exits.iter().map(|&e| self.f.edges[e].to).collect(),
                None => self.successors[n].iter().map(|&e| self.f.edges[e].to).collect(),
            };
            targets
                .into_iter()
                .filter(|&t| Some(t) != header && (self.in_region(scope, t) || self.child_at(scope, t).is_some()))
                .collect()
        };
        // Iterative DFS post-order, reversed.
        let mut post = Vec::new();
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![(start, false)];
        while let Some((n, done)) = stack.pop() {
            if done {
                post.push(n);
                continue;
            }
            if !seen.insert(n) {
                continue;
            }
            stack.push((n, true));
            for t in succs(n) {
                if !seen.contains(&t) {
                    stack.push((t, false));
                }
            }
        }
        post.reverse();
        post
    }

    /// The merge of several incoming executions: the disjunction of guards, and values chosen by
    /// the guard that holds.
    fn merge(&self, mut incoming: Vec<(Bool, State)>) -> (Bool, State) {
        if incoming.len() == 1 {
            return incoming.pop().expect("one");
        }
        let guards: Vec<Bool> = incoming.iter().map(|(g, _)| g.clone()).collect();
        let guard = Bool::or(&guards);
        let (_, mut out) = incoming.last().cloned().expect("non-empty");
        let n = incoming.len();
        for v in self.reg_vars.iter() {
            let Some(mut acc) = incoming[n - 1].1.regs.get(v).cloned() else { continue };
            for (g, s) in incoming[..n - 1].iter().rev() {
                if let Some(x) = s.regs.get(v)
                    && !self.arith.same(x, &acc)
                {
                    acc = self.arith.ite(g, x, &acc);
                }
            }
            out.regs.insert(*v, acc);
        }
        for o in self.mem.cell.keys() {
            let Some(mut acc) = incoming[n - 1].1.mem.get(o).cloned() else { continue };
            for (g, s) in incoming[..n - 1].iter().rev() {
                if let Some(x) = s.mem.get(o)
                    && x != &acc
                {
                    acc = g.ite(x, &acc);
                }
            }
            out.mem.insert(*o, acc);
        }
        (guard, out)
    }
}

/// A boolean as the integer 0 or 1 of type `t`.
fn a_cast_bool(arith: &Arith, b: &Bool, t: leapfrog_arith::IntTy) -> Val {
    arith.ite(b, &arith.int(1, t), &arith.int(0, t))
}

fn ty_name(t: Type) -> String {
    match t {
        Type::Bool => "bool".into(),
        Type::Int(i) => i.name().into(),
        Type::Ptr => "pointer".into(),
        Type::Float(f) => f.name().into(),
    }
}

/// How many low bits of `e` are zero whatever its variables' values (`(x & 0x30) << 2`: 6).
fn low_zero_bits(e: &Expr) -> u32 {
    match e {
        Expr::Int(c, _) => c.trailing_zeros().min(127),
        Expr::Binary(BinOp::Shl, t, x, k) => match k.as_const() {
            Some(k) if (0..i128::from(t.bits())).contains(&k) => (low_zero_bits(x) + k as u32).min(t.bits()),
            _ => 0,
        },
        Expr::Binary(BinOp::Mul, t, x, y) => (low_zero_bits(x) + low_zero_bits(y)).min(t.bits()),
        Expr::Binary(BinOp::BitAnd, _, x, y) => low_zero_bits(x).max(low_zero_bits(y)),
        Expr::Binary(BinOp::BitOr | BinOp::BitXor | BinOp::Add | BinOp::Sub, _, x, y) => {
            low_zero_bits(x).min(low_zero_bits(y))
        }
        Expr::Cast(t, x) => low_zero_bits(x).min(t.bits()),
        _ => 0,
    }
}

/// An `h` with `0 <= e <= h` whatever `e`'s variables' values, where one is known.
fn nonneg_bound(e: &Expr, vars: &dyn leapfrog_ir::expr::VarTypes) -> Option<i128> {
    let unsigned_max = |t: IntTy| (!t.is_signed()).then(|| t.max());
    match e {
        Expr::Int(c, _) => (*c >= 0).then_some(*c),
        Expr::Binary(BinOp::BitAnd, t, x, y) => match (nonneg_bound(x, vars), nonneg_bound(y, vars)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b).or_else(|| unsigned_max(*t)),
        },
        Expr::Binary(BinOp::Shr, t, x, k) => match (nonneg_bound(x, vars), k.as_const()) {
            (Some(h), Some(k)) if (0..i128::from(t.bits())).contains(&k) => Some(h >> k),
            _ => unsigned_max(*t),
        },
        Expr::Binary(BinOp::Shl, t, x, k) => match (nonneg_bound(x, vars), k.as_const()) {
            (Some(h), Some(k)) if (0..i128::from(t.bits())).contains(&k) => {
                h.checked_mul(1i128 << k).filter(|m| *m <= IntTy::max(*t)).or_else(|| unsigned_max(*t))
            }
            _ => unsigned_max(*t),
        },
        Expr::Binary(BinOp::BitOr | BinOp::BitXor, t, x, y) => {
            match (nonneg_bound(x, vars), nonneg_bound(y, vars)) {
                // Below the next power of two of the larger.
                (Some(a), Some(b)) => {
                    let width = 128 - a.max(b).leading_zeros();
                    (width < 127).then(|| (1i128 << width) - 1)
                }
                _ => unsigned_max(*t),
            }
        }
        Expr::Cast(t, x) => match nonneg_bound(x, vars) {
            Some(h) if h <= IntTy::max(*t) => Some(h),
            _ => unsigned_max(*t),
        },
        _ => match e.ty(vars) {
            Some(Type::Int(t)) => unsigned_max(t),
            Some(Type::Bool) => Some(1),
            _ => None,
        },
    }
}

/// `(a, b)` where `e` is `a | b` under integer casts (`(char)(x | y)`: `((char)x, (char)y)`).
fn split_or(e: &Expr, vars: &dyn leapfrog_ir::expr::VarTypes) -> Option<(Expr, Expr)> {
    match e {
        // (Not a disjunction of conditions, `(u8)p | (u8)q`: that is a connective already.)
        Expr::Binary(BinOp::BitOr, _, a, b) if !(bool_cast(a, vars) && bool_cast(b, vars)) => {
            Some(((**a).clone(), (**b).clone()))
        }
        Expr::Cast(t, x) if matches!(x.ty(vars), Some(Type::Int(_))) => {
            let (a, b) = split_or(x, vars)?;
            Some((Expr::Cast(*t, Box::new(a)), Expr::Cast(*t, Box::new(b))))
        }
        _ => None,
    }
}

/// Whether `e` is a cast of a boolean-typed expression.
fn bool_cast(e: &Expr, vars: &dyn leapfrog_ir::expr::VarTypes) -> bool {
    matches!(e, Expr::Cast(_, x) if x.ty(vars) == Some(Type::Bool))
}
