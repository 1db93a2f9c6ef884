//! The walk of one scope: paths through a loop-free part of a function, encoded exactly (SSA with
//! merges at join points), with loops entered on the way replaced by "havoc what the loop may
//! change, assume its invariant".
//!
//! A scope is the top of the function (from its entry) or one loop `L` (from its header, in an
//! arbitrary state satisfying `I_L`). Its walk follows edges from the start in topological order:
//! - an edge back to the scope's own header is the end of an iteration: *consecution*;
//! - an edge leaving `L` ends the walk (the enclosing scope follows it);
//! - an edge from outside a nested loop `C` into its header enters `C`: for a child of the scope
//!   this is *initiation* of `I_C`; then the state forgets `Mod(C)` and assumes `I_C`, and the
//!   walk goes on through `C`'s body (its last iteration), dropping `C`'s back edges;
//! - every assertion is a *safety* obligation; `exit` and `abort` end the path.
//!
//! A location's reachability is a fresh boolean defined as the disjunction of its incoming edges'
//! conditions; where a location branches without evidently exclusive conditions, a fresh
//! selector picks one edge, so that at most one incoming edge of each join is active and the
//! if-then-else merges are exact. The same walk, in counterexample mode, records what a
//! loop-free function's executions consume from the interpreter's input stream.

use crate::Unsupported;
use crate::memory::{Elem, ObjInfo};
use crate::modset::ModSet;
use crate::pointsto::PointsTo;
use crate::termination::NestedLoops;
use crate::value::{Arith, Defined, IntVal, MAX_ALIGN, Num, PtrVal, Range, Targets, Val, int_const};
use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{
    Command, Computed, Edge, EdgeId, Expr, Fill, Function, HavocOrigin, Id, IdVec, LocId, LoopId, Program, Type, VarId,
    VarKind, VarTy,
};
use leapfrog_smt::{Satisfiability, Solver};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use z3::Sort;
use z3::ast::{Array, BV, Bool, Dynamic, Int};

/// Why a walk stopped.
pub(crate) enum Halt {
    Unsupported(String),
    /// The deadline passed.
    OutOfTime,
    /// An obligation is violated: which, and where.
    Rejected(String),
}

impl From<Unsupported> for Halt {
    fn from(u: Unsupported) -> Halt {
        Halt::Unsupported(u.0)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// Proof obligations under the IR's semantics (over-approximating where needed).
    Check,
    /// The interpreter's semantics, for counterexamples that replay: undefined behaviour and
    /// unmodelled steps block paths.
    Counterexample,
}

/// The longest an obligation over quantified invariants may take.
const QUANTIFIED_OBLIGATION_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The solver and everything the walks of one check share.
pub(crate) struct Enc<'p> {
    pub p: &'p Program,
    pub arith: Arith,
    pub solver: Solver,
    pub mode: Mode,
    /// Every memory object the function can reach, by variable.
    pub objects: BTreeMap<VarId, ObjInfo>,
    /// Loop invariants by header (a conjunction).
    pub invariants: HashMap<LocId, Vec<Expr>>,
    /// Ghost variables of invariants that stand for memory cells.
    pub views: HashMap<VarId, leapfrog_ir::MemoryView>,
    /// Where the encoding over-approximates (a failed obligation is then not a rejection).
    pub approx: BTreeSet<String>,
    /// Where pointer registers may point, in any state.
    pub pts: PointsTo,
    /// When the whole check must end (walks stop at it too, not only queries).
    pub deadline: Option<std::time::Instant>,
    /// Obligations the solver could not decide.
    pub unknown: Vec<String>,
    /// Some obligation failed where the encoding over-approximates.
    pub failed_approximated: bool,
    pub obligations: u64,
    /// Assertions are safety obligations (not when checking termination arguments: a failing
    /// assertion ends the execution).
    pub check_assertions: bool,
    /// When set, the walk of a loop scope collects its iterations (the back edge, when it is
    /// taken, and the state there) instead of checking consecution, and checks no initiation.
    pub iterations: Option<Vec<(EdgeId, Bool, State)>>,
    /// Recurrent-set mode: every command must be encoded exactly (memory commands are not
    /// supported), and the arguments of extern and output calls are evaluated for definedness.
    pub strict: bool,
    /// Values chosen for nondeterministic sources (a `Havoc` edge or an extern call's result).
    pub choices: HashMap<EdgeId, i128>,
    /// Transition invariants by loop header: crossing the loop also assumes
    /// `entry = header ∨ T(entry, header)`.
    pub transitions: HashMap<LocId, Vec<crate::termination::TransitionAtom>>,
}

/// What one edge does: the path after it (`None` when the command ends the execution), the
/// condition under which its command lets the execution go on (an assumption's or assertion's
/// condition, `true` otherwise), and the condition under which its command is defined.
pub(crate) struct Step {
    pub next: Option<(Bool, State)>,
    pub cond: Bool,
    pub defined: Bool,
}

impl<'p> Enc<'p> {
    /// Asserts the facts about fresh values created so far.
    pub fn flush(&mut self) {
        for f in std::mem::take(&mut self.arith.facts) {
            self.solver.assert(&f);
        }
    }

    fn math(&self) -> bool {
        self.arith.math()
    }

    fn index_sort(&self) -> Sort {
        if self.math() { Sort::int() } else { Sort::bitvector(self.arith.ptr_bits) }
    }

    fn elem_sort(&self, t: IntTy) -> Sort {
        if self.math() { Sort::int() } else { Sort::bitvector(t.bits()) }
    }

    fn zero_array(&self, t: IntTy) -> Array {
        let zero = self.arith.constant(0, t);
        match zero.num {
            Num::Math(z, _) => Array::const_array(&self.index_sort(), &z),
            Num::Bits(z) => Array::const_array(&self.index_sort(), &z),
        }
    }

    fn fresh_array(&mut self, t: IntTy, prefix: &str) -> Array {
        let name = self.arith.name(prefix);
        Array::new_const(name, &self.index_sort(), &self.elem_sort(t))
    }

    fn note(&mut self, what: String) {
        self.approx.insert(what);
    }

    fn var_name(&self, v: VarId) -> String {
        self.p.vars.get(v).map_or_else(|| v.to_string(), |var| format!("`{}`", var.name))
    }

    /// The object id of memory variable `v` (0 is "no object").
    fn obj_id(v: VarId) -> Int {
        int_const(v.index() as i128 + 1)
    }
}

/// A function's graph with the loop structure the walks need.
pub(crate) struct Graph<'p> {
    pub f: &'p Function,
    pub forest: LoopForest,
    pub header_loop: HashMap<LocId, LoopId>,
    pub mods: IdVec<LoopId, ModSet>,
    pub succ: IdVec<LocId, Vec<EdgeId>>,
}

impl<'p> Graph<'p> {
    pub fn new(p: &Program, f: &'p Function, pts: &PointsTo) -> Graph<'p> {
        let forest = LoopForest::compute(f);
        let header_loop = forest.loops.iter().map(|(id, l)| (l.header, id)).collect();
        let mods = forest.loops.values().map(|l| ModSet::of_loop(p, f, l, pts)).collect();
        Graph { f, forest, header_loop, mods, succ: f.successors() }
    }

    /// The locations reachable from the entry along any edges.
    pub fn live(&self) -> Vec<bool> {
        let mut seen = vec![false; self.f.locs.len()];
        let mut stack = vec![self.f.entry];
        if let Some(s) = seen.get_mut(self.f.entry.index()) {
            *s = true;
        }
        while let Some(l) = stack.pop() {
            for &e in self.succ.get(l).map_or(&[][..], |v| &v[..]) {
                let to = self.f.edges[e].to;
                if let Some(s) = seen.get_mut(to.index())
                    && !*s
                {
                    *s = true;
                    stack.push(to);
                }
            }
        }
        seen
    }

    /// How a loop is named in messages.
    pub fn describe_loop(&self, p: &Program, l: LoopId) -> String {
        let (kind, span) = self.forest.syntax(self.f, l);
        format!("the `{}` loop at {}", kind.name(), p.files.display(span))
    }
}

/// What the values of variables are before anything in the scope assigns them.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Policy {
    /// Any state (a loop header; a function that is not the program's entry).
    Arbitrary,
    /// The program's entry: globals are zero (before the initializer runs) or arbitrary; locals
    /// are zero (the interpreter's frames) or arbitrary values of their types.
    Entry { zero_globals: bool, zero_locals: bool },
}

/// The contents of one memory object: an array (for objects of integer elements), and for a
/// variable-length array its length in elements (tracked in counterexample mode only).
#[derive(Clone, Debug)]
pub(crate) struct MemVal {
    pub arr: Option<Array>,
    pub len: Option<Int>,
}

/// The initial values of a scope, created when first read.
pub(crate) struct Initial {
    pub policy: Policy,
    regs: HashMap<VarId, Val>,
    mem: HashMap<VarId, MemVal>,
}

impl Initial {
    pub fn new(policy: Policy) -> Initial {
        Initial { policy, regs: HashMap::new(), mem: HashMap::new() }
    }
}

/// Values assigned since the scope's start.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    pub regs: BTreeMap<VarId, Val>,
    pub mem: BTreeMap<VarId, MemVal>,
}

/// One input the interpreter reads, as a term.
pub(crate) enum Input {
    Int(IntVal),
    Cond(Bool),
    /// A pointer from input: its address (the interpreter makes it point to no object).
    Ptr(Num),
    /// A floating-point value (any input will do).
    Float,
}

/// What counterexample mode records about a walk.
#[derive(Default)]
pub(crate) struct PathRecords {
    /// When each processed edge is taken.
    pub taken: HashMap<EdgeId, Bool>,
    /// When each assertion is reached and fails.
    pub failing: Vec<(EdgeId, Bool)>,
    /// What each edge reads from the input stream.
    pub inputs: HashMap<EdgeId, Vec<Input>>,
    /// `taken → defined` for every processed edge.
    pub defined: Vec<Bool>,
}

/// How an edge relates to the scope.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Normal,
    /// Into the header of a nested loop, from outside it.
    Enter(LoopId),
    /// Back to the scope's own header.
    Back,
    /// Out of the scope's loop.
    Exit,
    /// Back to the header of a nested loop (dropped: its iterations are summarized).
    InnerBack,
}

/// The walk of one scope.
pub(crate) struct Walk<'w, 'p> {
    pub enc: &'w mut Enc<'p>,
    pub g: &'w Graph<'p>,
    pub scope: Option<LoopId>,
    pub init: &'w mut Initial,
    pub records: Option<&'w mut PathRecords>,
}

/// What a walk ends with: the merged state at the function's exit, if it is reached.
pub(crate) struct WalkEnd {
    pub exit: Option<(Bool, State)>,
}

impl<'w, 'p> Walk<'w, 'p> {
    fn p(&self) -> &'p Program {
        self.enc.p
    }

    fn cex(&self) -> bool {
        self.enc.mode == Mode::Counterexample
    }

    fn classify(&self, e: &Edge) -> Kind {
        if let Some(l) = self.scope {
            let lp = &self.g.forest.loops[l];
            if e.to == lp.header {
                return Kind::Back;
            }
            if !lp.contains(e.to) {
                return Kind::Exit;
            }
        }
        if let Some(&c) = self.g.header_loop.get(&e.to) {
            if self.g.forest.loops[c].contains(e.from) {
                return Kind::InnerBack;
            }
            return Kind::Enter(c);
        }
        Kind::Normal
    }

    fn edges_of(&self, loc: LocId) -> Vec<EdgeId> {
        self.g.succ.get(loc).cloned().unwrap_or_default()
    }

    /// The locations of the scope reachable from `start`, in topological order.
    fn order(&self, start: LocId) -> Result<Vec<LocId>, Unsupported> {
        let f = self.g.f;
        let follows = |w: &Self, e: EdgeId| matches!(w.classify(&f.edges[e]), Kind::Normal | Kind::Enter(_));
        let mut in_region = vec![false; f.locs.len()];
        let mut region = vec![start];
        in_region[start.index()] = true;
        let mut i = 0;
        while i < region.len() {
            let loc = region[i];
            i += 1;
            for e in self.edges_of(loc) {
                let to = f.edges[e].to;
                if follows(self, e) && !in_region[to.index()] {
                    in_region[to.index()] = true;
                    region.push(to);
                }
            }
        }
        let mut indegree = vec![0usize; f.locs.len()];
        for &loc in &region {
            for e in self.edges_of(loc) {
                if follows(self, e) {
                    indegree[f.edges[e].to.index()] += 1;
                }
            }
        }
        let mut ready = vec![start];
        let mut order = Vec::with_capacity(region.len());
        while let Some(loc) = ready.pop() {
            order.push(loc);
            for e in self.edges_of(loc).into_iter().rev() {
                if follows(self, e) {
                    let to = f.edges[e].to;
                    indegree[to.index()] -= 1;
                    if indegree[to.index()] == 0 {
                        ready.push(to);
                    }
                }
            }
        }
        if order.len() != region.len() {
            return Err(Unsupported("a cycle the loop forest does not cover".into()));
        }
        Ok(order)
    }

    /// Walks the scope from `start` with `state` (reached when `reach` holds).
    pub fn run(&mut self, start: LocId, reach: Bool, state: State) -> Result<WalkEnd, Halt> {
        let order = self.order(start)?;
        let f = self.g.f;
        let mut incoming: HashMap<LocId, Vec<(Bool, State)>> = HashMap::new();
        let mut first = Some((reach, state));
        let mut end = WalkEnd { exit: None };
        for loc in order {
            if self.enc.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Err(Halt::OutOfTime);
            }
            let (mut reach, mut st) = match first.take() {
                Some(s) => s,
                None => match incoming.remove(&loc) {
                    Some(list) => self.merge(list)?,
                    None => continue,
                },
            };
            if loc != start
                && let Some(&c) = self.g.header_loop.get(&loc)
            {
                reach = self.enter_loop(c, &mut st, reach)?;
            }
            if loc == f.exit {
                end.exit = Some((reach, st));
                continue;
            }
            let edges = self.edges_of(loc);
            let selectors = self.selectors(&edges);
            let last = edges.len().saturating_sub(1);
            let mut st = Some(st);
            for (i, &e) in edges.iter().enumerate() {
                let edge = &f.edges[e];
                let kind = self.classify(edge);
                if matches!(kind, Kind::Exit | Kind::InnerBack) {
                    continue;
                }
                let st_e = if i == last { st.take().unwrap_or_default() } else { st.clone().unwrap_or_default() };
                let r = match &selectors {
                    Some(sel) => Bool::and(&[reach.clone(), sel[i].clone()]),
                    None => reach.clone(),
                };
                let Some((r_e, st_e)) = self.transfer(e, edge, r, st_e)? else { continue };
                match kind {
                    Kind::Back => {
                        let Some(l) = self.scope else { continue };
                        if let Some(its) = self.enc.iterations.as_mut() {
                            its.push((e, r_e, st_e));
                            continue;
                        }
                        let inv = self.invariant(self.g.forest.loops[l].header, &st_e)?;
                        let what = format!(
                            "consecution: the invariant of {} is not preserved by an iteration (back edge at {})",
                            self.g.describe_loop(self.p(), l),
                            self.p().files.display(edge.span)
                        );
                        self.obligation(what, Bool::and(&[r_e, inv.not()]))?;
                    }
                    Kind::Enter(c) => {
                        if self.g.forest.loops[c].parent == self.scope && !self.cex() && self.enc.iterations.is_none() {
                            let inv = self.invariant(self.g.forest.loops[c].header, &st_e)?;
                            let what = format!(
                                "initiation: the invariant of {} does not hold on entry (edge at {})",
                                self.g.describe_loop(self.p(), c),
                                self.p().files.display(edge.span)
                            );
                            self.obligation(what, Bool::and(&[r_e.clone(), inv.not()]))?;
                        }
                        incoming.entry(edge.to).or_default().push((r_e, st_e));
                    }
                    _ => incoming.entry(edge.to).or_default().push((r_e, st_e)),
                }
            }
            self.enc.flush();
        }
        Ok(end)
    }

    /// The value of register `v` in `st` (the scope's initial value when `st` does not assign it).
    pub fn value(&mut self, st: &State, v: VarId) -> Result<Val, Halt> {
        Ok(self.read(st, v)?)
    }

    /// The boolean expression `e` in state `st`: its value, and when its evaluation is defined.
    pub fn condition(&mut self, st: &State, e: &Expr) -> Result<(Bool, Bool), Halt> {
        let mut def = Defined::default();
        match self.eval(st, e, &mut def)? {
            Val::Cond(b) => Ok((b, def.all())),
            other => Err(Halt::Rejected(format!(
                "`{}` is {}, not a condition",
                leapfrog_ir::print::expr_to_string(self.p(), e),
                other.describe()
            ))),
        }
    }

    /// Recurrent-set mode (`enc.strict`): walks one iteration of the scope's loop from its header
    /// (`start`) in the states where `reach` holds, and checks that every execution of the
    /// iteration goes on until it takes a back edge into a state where `set` holds (and is
    /// defined). With `NestedLoops::NotEntered`, the walk goes through nested loops' bodies
    /// exactly, and taking a back edge of a nested loop is a violation, so the iteration is an
    /// acyclic walk; with `NestedLoops::Crossed`, a nested loop's header forgets what the loop
    /// may change (`enter_loop`) and its back edges are not followed.
    /// Obligations: no undefined behaviour on any edge; no failing assertion; no `exit`, `abort`
    /// or opaque command; no edge out of the loop; no back edge of a nested loop that is not
    /// crossed (a crossed one's back edge may only test: anything else is unsupported); no
    /// location where no edge is enabled; `set` after every back edge.
    pub fn run_recurrent(
        &mut self,
        start: LocId,
        reach: Bool,
        state: State,
        set: &Expr,
        nested: NestedLoops,
    ) -> Result<(), Halt> {
        let Some(l) = self.scope else {
            return Err(Halt::Unsupported("a recurrent set outside a loop".into()));
        };
        let order = self.order(start)?;
        let f = self.g.f;
        let lp = self.g.describe_loop(self.p(), l);
        let mut incoming: HashMap<LocId, Vec<(Bool, State)>> = HashMap::new();
        let mut first = Some((reach, state));
        for loc in order {
            if self.enc.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Err(Halt::OutOfTime);
            }
            let (mut reach, mut st) = match first.take() {
                Some(s) => s,
                None => match incoming.remove(&loc) {
                    Some(list) => self.merge(list)?,
                    None => continue,
                },
            };
            if nested == NestedLoops::Crossed
                && loc != start
                && let Some(&c) = self.g.header_loop.get(&loc)
            {
                reach = self.enter_loop(c, &mut st, reach)?;
            }
            let edges = self.edges_of(loc);
            if loc == f.exit || edges.is_empty() {
                let what = format!("recurrence: an iteration of {lp} may end at {loc}, which has no way on");
                self.obligation(what, reach)?;
                continue;
            }
            let selectors = self.selectors(&edges);
            let mut enabled = Vec::with_capacity(edges.len());
            for (i, &e) in edges.iter().enumerate() {
                let edge = &f.edges[e];
                let at = self.p().files.display(edge.span).to_string();
                let kind = self.classify(edge);
                let r = match &selectors {
                    Some(sel) => Bool::and(&[reach.clone(), sel[i].clone()]),
                    None => reach.clone(),
                };
                if matches!(kind, Kind::Exit | Kind::InnerBack) {
                    // Leaving the loop, or iterating a nested one, is a violation whatever the edge
                    // does; only whether it is enabled matters. A crossed nested loop's back edge
                    // is no violation: the leap at its header stands for all its iterations.
                    let (cond, defined) = match &edge.cmd {
                        Command::Assume(c) => self.condition(&st, c)?,
                        _ => (Bool::from_bool(true), Bool::from_bool(true)),
                    };
                    self.defined(&r, &defined, &at, &lp)?;
                    if kind == Kind::InnerBack && nested == NestedLoops::Crossed {
                        // What the edge itself does is not walked: only a test or nothing.
                        if !matches!(edge.cmd, Command::Skip | Command::Assume(_)) {
                            return Err(Halt::Unsupported(format!(
                                "a back edge of a crossed nested loop that does more than a test (at {at})"
                            )));
                        }
                        enabled.push(cond);
                        continue;
                    }
                    let what = if kind == Kind::InnerBack {
                        let inner = match self.g.header_loop.get(&edge.to) {
                            Some(&c) => self.g.describe_loop(self.p(), c),
                            None => "a nested loop".to_string(),
                        };
                        format!("recurrence: an iteration of {lp} may enter {inner} (its back edge at {at})")
                    } else if edge.to == f.halt {
                        format!("recurrence: an iteration of {lp} may end the execution (edge at {at})")
                    } else {
                        format!("recurrence: an iteration of {lp} may leave the loop (edge at {at})")
                    };
                    self.obligation(what, Bool::and(&[r, cond.clone()]))?;
                    enabled.push(cond);
                    continue;
                }
                let step = self.step(e, edge, r.clone(), st.clone())?;
                self.defined(&r, &step.defined, &at, &lp)?;
                if matches!(edge.cmd, Command::Assert { .. }) {
                    let what = format!("recurrence: the assertion at {at} may fail (in an iteration of {lp})");
                    self.obligation(what, Bool::and(&[r.clone(), step.cond.not()]))?;
                }
                enabled.push(step.cond);
                match step.next {
                    None => {
                        let what = format!("recurrence: an iteration of {lp} may end the execution at {at}");
                        self.obligation(what, r)?;
                    }
                    Some((r_e, st_e)) if kind == Kind::Back => {
                        let (holds, defined) = self.condition(&st_e, set)?;
                        let what =
                            format!("recurrence: the set is not closed under an iteration of {lp} (back edge at {at})");
                        self.obligation(what, Bool::and(&[r_e, Bool::and(&[holds, defined]).not()]))?;
                    }
                    Some((r_e, st_e)) => incoming.entry(edge.to).or_default().push((r_e, st_e)),
                }
            }
            let what = format!("recurrence: an iteration of {lp} may block at {loc} (no edge is enabled)");
            self.obligation(what, Bool::and(&[reach, Bool::or(&enabled).not()]))?;
            self.enc.flush();
        }
        Ok(())
    }

    /// Recurrence obligation: a command reached when `reach` holds is defined.
    fn defined(&mut self, reach: &Bool, defined: &Bool, at: &str, lp: &str) -> Result<(), Halt> {
        if defined.as_bool() == Some(true) {
            return Ok(());
        }
        let what = format!("recurrence: undefined behaviour at {at} (in an iteration of {lp})");
        self.obligation(what, Bool::and(&[reach.clone(), defined.not()]))
    }

    /// Fresh selectors for a location whose outgoing edges are not evidently exclusive.
    fn selectors(&mut self, edges: &[EdgeId]) -> Option<Vec<Bool>> {
        if edges.len() < 2 {
            return None;
        }
        if let [a, b] = edges {
            let f = self.g.f;
            if let (Command::Assume(x), Command::Assume(y)) = (&f.edges[*a].cmd, &f.edges[*b].cmd)
                && (Expr::not(x.clone()) == *y || Expr::not(y.clone()) == *x)
            {
                return None;
            }
        }
        let name = self.enc.arith.name("sel");
        let sel = Int::new_const(name);
        let n = edges.len() as i128;
        self.enc.arith.facts.push(Bool::and(&[sel.ge(int_const(0)), sel.lt(int_const(n))]));
        Some((0..n).map(|i| sel.eq(int_const(i))).collect())
    }

    /// The merge of the states arriving at a join (their conditions are mutually exclusive).
    fn merge(&mut self, mut list: Vec<(Bool, State)>) -> Result<(Bool, State), Halt> {
        if list.len() == 1 {
            return Ok(list.pop().unwrap_or_else(|| (Bool::from_bool(false), State::default())));
        }
        let name = self.enc.arith.name("reach");
        let reach = Bool::new_const(name);
        let conds: Vec<Bool> = list.iter().map(|(r, _)| r.clone()).collect();
        self.enc.arith.facts.push(reach.eq(Bool::or(&conds)));
        let mut merged = State::default();
        let regs: BTreeSet<VarId> = list.iter().flat_map(|(_, s)| s.regs.keys().copied()).collect();
        for v in regs {
            let mut vals = Vec::with_capacity(list.len());
            for (_, s) in &list {
                vals.push(match s.regs.get(&v) {
                    Some(x) => x.clone(),
                    None => self.initial_reg(v)?,
                });
            }
            let mut acc = vals.pop().unwrap_or(Val::Float);
            for (i, val) in vals.iter().enumerate().rev() {
                if !val.same(&acc) {
                    acc = Val::ite(&conds[i], val, &acc)?;
                }
            }
            merged.regs.insert(v, acc);
        }
        let objs: BTreeSet<VarId> = list.iter().flat_map(|(_, s)| s.mem.keys().copied()).collect();
        for o in objs {
            let mut vals = Vec::with_capacity(list.len());
            for (_, s) in &list {
                vals.push(match s.mem.get(&o) {
                    Some(x) => x.clone(),
                    None => self.initial_mem(o)?,
                });
            }
            let Some(mut acc) = vals.pop() else { continue };
            for (i, val) in vals.iter().enumerate().rev() {
                acc.arr = match (&val.arr, &acc.arr) {
                    (Some(a), Some(b)) if a != b => Some(conds[i].ite(a, b)),
                    (a, _) => a.clone(),
                };
                acc.len = match (&val.len, &acc.len) {
                    (Some(a), Some(b)) if a != b => Some(conds[i].ite(a, b)),
                    (Some(a), None) => Some(a.clone()),
                    (_, b) => b.clone(),
                };
            }
            merged.mem.insert(o, acc);
        }
        Ok((reach, merged))
    }

    /// Entering loop `c`: forget what it may change, assume its invariant (and its transition
    /// invariant between the entry state and the header state, when it has one).
    fn enter_loop(&mut self, c: LoopId, st: &mut State, reach: Bool) -> Result<Bool, Halt> {
        let header = self.g.forest.loops[c].header;
        let atoms = self.enc.transitions.get(&header).cloned().unwrap_or_default();
        let entry = (!atoms.is_empty()).then(|| st.clone());
        let m = &self.g.mods[c];
        for &v in &m.regs {
            let val = self.arbitrary_reg(v, "loop")?;
            st.regs.insert(v, val);
        }
        let objs: Vec<VarId> = if m.all_objects {
            self.enc.objects.keys().copied().collect()
        } else {
            m.objects.iter().copied().collect()
        };
        for o in objs {
            let val = self.arbitrary_mem(o);
            st.mem.insert(o, val);
        }
        let inv = self.invariant(header, st)?;
        match entry {
            Some(entry) => {
                let related = crate::termination::summary_relation(self, &atoms, &entry, st)?;
                Ok(Bool::and(&[reach, inv, related]))
            }
            None => Ok(Bool::and(&[reach, inv])),
        }
    }

    /// The invariant of the loop headed at `header` in state `st` (`true` when none is given).
    pub fn invariant(&mut self, header: LocId, st: &State) -> Result<Bool, Halt> {
        let exprs = self.enc.invariants.get(&header).cloned().unwrap_or_default();
        let quantified = leapfrog_ir::quantified_indices(self.enc.views.values());
        let mut parts = Vec::new();
        for e in &exprs {
            let mut def = Defined::default();
            // An invariant that mentions index variables of views holds for each of their
            // values: evaluated with fresh constants for them, then quantified over those.
            let mut bound = BTreeSet::new();
            e.for_each_var(&mut |v| {
                if quantified.contains(&v) {
                    bound.insert(v);
                }
            });
            let mut inner = None;
            let mut consts: Vec<z3::ast::Dynamic> = Vec::new();
            for v in bound {
                let Ok(Type::Int(t)) = self.reg_type(v) else {
                    return Err(Halt::Rejected(format!("the index variable {v} of a view is not an integer")));
                };
                let x = self.enc.arith.fresh_int(t, false, "forall");
                consts.push(match &x.num {
                    Num::Math(i, _) => i.clone().into(),
                    Num::Bits(b) => b.clone().into(),
                });
                inner.get_or_insert_with(|| st.clone()).regs.insert(v, Val::Int(x));
            }
            let v = self.eval(inner.as_ref().unwrap_or(st), e, &mut def)?;
            let v = match v {
                Val::Cond(b) if !consts.is_empty() => {
                    let bounds: Vec<&dyn z3::ast::Ast> = consts.iter().map(|c| c as &dyn z3::ast::Ast).collect();
                    Val::Cond(z3::ast::forall_const(&bounds, &[], &b))
                }
                other => other,
            };
            match v {
                Val::Cond(b) => parts.push(b),
                other => {
                    return Err(Halt::Rejected(format!(
                        "the invariant `{}` is {}, not a condition",
                        leapfrog_ir::print::expr_to_string(self.p(), e),
                        other.describe()
                    )));
                }
            }
        }
        Ok(if parts.is_empty() { Bool::from_bool(true) } else { Bool::and(&parts) })
    }

    /// Checks that `formula` (a path reaching a violation) is unsatisfiable.
    pub fn obligation(&mut self, what: String, formula: Bool) -> Result<(), Halt> {
        self.enc.flush();
        self.enc.obligations += 1;
        self.enc.solver.push();
        self.enc.solver.assert(&formula);
        // Quantified invariants (views at a symbolic index) can keep the solver searching for
        // instances: their obligations get a bounded share of the budget.
        let answer = if self.enc.views.values().any(|v| v.index.is_some()) {
            self.enc.solver.satisfiability_within(&[], QUANTIFIED_OBLIGATION_LIMIT)
        } else {
            self.enc.solver.satisfiability(&[])
        };
        self.enc.solver.pop();
        if self.enc.arith.bitwise_approximated {
            self.enc.note("bitwise operations on mathematical integers (a second pass is exact)".into());
        }
        match answer {
            Satisfiability::Unsat => Ok(()),
            Satisfiability::Sat if self.enc.approx.is_empty() => Err(Halt::Rejected(what)),
            Satisfiability::Sat => {
                self.enc.failed_approximated = true;
                let approx: Vec<&str> = self.enc.approx.iter().map(|s| s.as_str()).collect();
                self.enc
                    .unknown
                    .push(format!("{what}, but the checker's encoding over-approximates here ({})", approx.join("; ")));
                Ok(())
            }
            Satisfiability::Unknown(reason) => {
                self.enc.unknown.push(format!("{what}: the solver gave up ({reason})"));
                Ok(())
            }
        }
    }

    // --- Values of variables.

    fn reg_type(&self, v: VarId) -> Result<Type, Unsupported> {
        match self.p().vars.get(v).map(|var| &var.ty) {
            Some(VarTy::Reg(t)) => Ok(*t),
            Some(VarTy::Mem(_)) => Err(Unsupported(format!("memory variable {v} used as a register"))),
            None => Err(Unsupported(format!("unknown variable {v}"))),
        }
    }

    fn read(&mut self, st: &State, v: VarId) -> Result<Val, Unsupported> {
        match st.regs.get(&v) {
            Some(x) => Ok(x.clone()),
            None => self.initial_reg(v),
        }
    }

    fn initial_reg(&mut self, v: VarId) -> Result<Val, Unsupported> {
        if let Some(x) = self.init.regs.get(&v) {
            return Ok(x.clone());
        }
        let ty = self.reg_type(v)?;
        let kind = self.p().vars[v].kind;
        let val = match (self.init.policy, kind) {
            (Policy::Arbitrary, _) => self.arbitrary_reg(v, "init")?,
            (Policy::Entry { zero_globals, .. }, VarKind::Global) => {
                if zero_globals {
                    self.zero(ty)
                } else {
                    self.arbitrary_reg(v, "init")?
                }
            }
            (Policy::Entry { zero_locals, .. }, _) => {
                // The interpreter's frames start at zero; integers may as well be arbitrary (a
                // declaration havocs them anyway), pointers are null (so that they point nowhere
                // until assigned).
                if kind != VarKind::Param && (zero_locals || ty == Type::Ptr) {
                    self.zero(ty)
                } else {
                    self.fresh_reg(ty, "init")
                }
            }
        };
        self.init.regs.insert(v, val.clone());
        Ok(val)
    }

    fn zero(&self, ty: Type) -> Val {
        match ty {
            Type::Bool => Val::Cond(Bool::from_bool(false)),
            Type::Int(t) => Val::Int(self.enc.arith.constant(0, t)),
            Type::Ptr => Val::Ptr(self.null()),
            Type::Float(_) => Val::Float,
        }
    }

    fn null(&self) -> PtrVal {
        PtrVal { obj: int_const(0), off: self.enc.arith.offset_const(0), targets: Targets::none(), align: MAX_ALIGN }
    }

    /// A value of `ty` as a command produces it (havoc, load, extern call): in the type's range.
    fn fresh_reg(&mut self, ty: Type, prefix: &str) -> Val {
        match ty {
            Type::Bool => Val::Cond(self.enc.arith.fresh_cond(prefix)),
            Type::Int(t) => Val::Int(self.enc.arith.fresh_int(t, true, prefix)),
            Type::Ptr => Val::Ptr(self.unknown_ptr(prefix)),
            Type::Float(_) => Val::Float,
        }
    }

    /// A pointer that may point anywhere (into modelled objects or not).
    fn unknown_ptr(&mut self, prefix: &str) -> PtrVal {
        let name = self.enc.arith.name(prefix);
        PtrVal {
            obj: Int::new_const(name),
            off: self.enc.arith.fresh_offset(prefix),
            targets: Targets::any(),
            align: 1,
        }
    }

    /// Any value a variable may hold at a loop header: a signed integer may be out of its range
    /// under the default (mathematical) semantics.
    fn arbitrary_reg(&mut self, v: VarId, prefix: &str) -> Result<Val, Unsupported> {
        Ok(match self.reg_type(v)? {
            Type::Int(t) => Val::Int(self.enc.arith.fresh_int(t, false, prefix)),
            Type::Ptr => {
                // The points-to facts hold in every state: the object is one of the targets (or
                // none), the offset a multiple of the alignment.
                let fact = self.enc.pts.get(v);
                let obj = Int::new_const(self.enc.arith.name(prefix));
                let off = self.enc.arith.fresh_offset(prefix);
                if !fact.targets.all && !fact.targets.other {
                    let mut ids = vec![obj.eq(int_const(0))];
                    ids.extend(fact.targets.objs.iter().map(|o| obj.eq(Enc::obj_id(*o))));
                    self.enc.arith.facts.push(Bool::or(&ids));
                }
                if fact.align > 1 {
                    let aligned = self.aligned(&off, fact.align);
                    self.enc.arith.facts.push(aligned);
                }
                Val::Ptr(PtrVal { obj, off, targets: fact.targets, align: fact.align })
            }
            ty => self.fresh_reg(ty, prefix),
        })
    }

    fn info(&self, o: VarId) -> Result<&ObjInfo, Unsupported> {
        self.enc.objects.get(&o).ok_or_else(|| Unsupported(format!("{o} is not a memory object of the function")))
    }

    fn initial_mem(&mut self, o: VarId) -> Result<MemVal, Unsupported> {
        if let Some(m) = self.init.mem.get(&o) {
            return Ok(m.clone());
        }
        let info = self.info(o)?.clone();
        let global = self.p().vars.get(o).is_some_and(|v| v.kind == VarKind::Global);
        let zero = match self.init.policy {
            Policy::Arbitrary => false,
            Policy::Entry { zero_globals, zero_locals } => {
                if global {
                    zero_globals
                } else {
                    zero_locals
                }
            }
        };
        let m = match info.elem {
            Elem::Int(t) if zero => MemVal { arr: Some(self.enc.zero_array(t)), len: None },
            _ => self.arbitrary_mem(o),
        };
        self.init.mem.insert(o, m.clone());
        Ok(m)
    }

    fn arbitrary_mem(&mut self, o: VarId) -> MemVal {
        let info = self.enc.objects.get(&o).cloned();
        let arr = match info.as_ref().map(|i| &i.elem) {
            Some(Elem::Int(t)) => Some(self.enc.fresh_array(*t, "mem")),
            _ => None,
        };
        let len = if self.cex() && info.is_some_and(|i| i.size.is_none()) {
            let n = Int::new_const(self.enc.arith.name("len"));
            self.enc.arith.facts.push(n.ge(int_const(0)));
            Some(n)
        } else {
            None
        };
        MemVal { arr, len }
    }

    fn mem(&mut self, st: &State, o: VarId) -> Result<MemVal, Unsupported> {
        match st.mem.get(&o) {
            Some(m) => Ok(m.clone()),
            None => self.initial_mem(o),
        }
    }

    // --- Expressions.

    /// A pointer read from the input stream: it points to no object (the interpreter's rule).
    fn input_pointer(&mut self) -> Val {
        PtrVal { obj: int_const(0), off: self.enc.arith.fresh_offset("input"), targets: Targets::none(), align: 1 }
            .into_val()
    }

    pub fn eval(&mut self, st: &State, e: &Expr, def: &mut Defined) -> Result<Val, Unsupported> {
        Ok(match e {
            Expr::Int(v, t) => {
                if !t.contains(*v) {
                    return Err(Unsupported(format!("ill-typed IR: constant {v} is not a value of {t}")));
                }
                Val::Int(self.enc.arith.constant(*v, *t))
            }
            Expr::Bool(b) => Val::Cond(Bool::from_bool(*b)),
            Expr::Null => Val::Ptr(self.null()),
            Expr::Var(v) if self.enc.views.contains_key(v) => {
                let view = self.enc.views[v].clone();
                let ty = self.reg_type(*v).map_err(|_| Unsupported("a memory view without a type".into()))?;
                let addr = self.eval(st, &view.address(), def)?.ptr()?;
                // Facts about the loaded value are only strengthenings: leaving them out is sound.
                let mut path = Vec::new();
                self.load(st, &addr, ty, def, &mut path)?
            }
            Expr::Var(v) => self.read(st, *v)?,
            Expr::AddrOf(v) => {
                self.info(*v)?;
                Val::Ptr(PtrVal {
                    obj: Enc::obj_id(*v),
                    off: self.enc.arith.offset_const(0),
                    targets: Targets::one(*v),
                    align: MAX_ALIGN,
                })
            }
            Expr::Unary(op, t, a) => {
                let a = self.eval(st, a, def)?.int()?;
                if a.ty != *t {
                    return Err(Unsupported(format!("ill-typed IR: operand of {} is not of type {t}", op.name())));
                }
                Val::Int(self.enc.arith.unop(*op, &a, def))
            }
            Expr::Not(a) => Val::Cond(self.eval(st, a, def)?.cond()?.not()),
            Expr::Binary(op @ (BinOp::BitAnd | BinOp::BitOr), t, a, b) if is_cast_of_bool(a) && is_cast_of_bool(b) => {
                // `(u8)a & (u8)b` and `(u8)a | (u8)b` of conditions (how conjunctions and
                // disjunctions of atoms are written) are 0/1 values: the connective is exact.
                let (Expr::Cast(_, a), Expr::Cast(_, b)) = (&**a, &**b) else { unreachable!("checked by the guard") };
                let a = self.eval(st, a, def)?.cond()?;
                let b = self.eval(st, b, def)?.cond()?;
                let r = if *op == BinOp::BitAnd { Bool::and(&[a, b]) } else { Bool::or(&[a, b]) };
                Val::Int(self.enc.arith.cond_to_int(&r, *t))
            }
            Expr::Binary(op, t, a, b) => {
                let (za, zb) = (zero_low_bits(a), zero_low_bits(b));
                let a = self.eval(st, a, def)?.int()?;
                let b = self.eval(st, b, def)?.int()?;
                // Operands without a common bit (`(c << 2) | ((d & 0x30) >> 4)`: the one's low
                // bits are zero, the other's range is below them): `|` and `^` are their sum.
                let below = |z: u32, v: &IntVal| z < 64 && v.known_below(1i128 << z);
                let op = match op {
                    BinOp::BitOr | BinOp::BitXor if below(za, &b) || below(zb, &a) => BinOp::Add,
                    op => *op,
                };
                Val::Int(self.enc.arith.binop(op, *t, &a, &b, def)?)
            }
            Expr::Cmp(op @ (CmpOp::Eq | CmpOp::Ne), a, b)
                if matches!(**b, Expr::Int(0, _))
                    && let Some((l, r)) = or_operands(a, self.p()) =>
            {
                // `(t)(x | y) == 0` exactly when `(t)x == 0` and `(t)y == 0` (a conversion
                // truncates or extends every bit alike).
                let l = self.eval(st, &Expr::Cmp(CmpOp::Eq, Box::new(l), b.clone()), def)?.cond()?;
                let r = self.eval(st, &Expr::Cmp(CmpOp::Eq, Box::new(r), b.clone()), def)?.cond()?;
                let both = Bool::and(&[l, r]);
                Val::Cond(if *op == CmpOp::Eq { both } else { both.not() })
            }
            Expr::Cmp(op, a, b) => {
                let a = self.eval(st, a, def)?;
                let b = self.eval(st, b, def)?;
                Val::Cond(match (a, b) {
                    (Val::Int(x), Val::Int(y)) => self.enc.arith.compare(*op, &x, &y)?,
                    (Val::Ptr(x), Val::Ptr(y)) => self.compare_ptrs(*op, &x, &y, def)?,
                    (Val::Cond(x), Val::Cond(y)) if *op == CmpOp::Eq => x.eq(&y),
                    (Val::Cond(x), Val::Cond(y)) if *op == CmpOp::Ne => x.eq(&y).not(),
                    (x, y) => {
                        return Err(Unsupported(format!(
                            "ill-typed IR: comparison of {} with {}",
                            x.describe(),
                            y.describe()
                        )));
                    }
                })
            }
            Expr::Cast(t, a) => match self.eval(st, a, def)? {
                Val::Int(i) => Val::Int(self.enc.arith.convert(*t, &i)),
                Val::Cond(c) => Val::Int(self.enc.arith.cond_to_int(&c, *t)),
                other => return Err(Unsupported(format!("ill-typed IR: cast of {}", other.describe()))),
            },
            Expr::PtrAdd { base, offset, scale } => {
                let b = self.eval(st, base, def)?.ptr()?;
                let n = self.eval(st, offset, def)?.int()?;
                let off = self.enc.arith.offset_add(&b.off, &n, *scale);
                let step = match n.constant() {
                    Some(0) => MAX_ALIGN,
                    Some(c) => pow2_factor(c.unsigned_abs().saturating_mul(u128::from(*scale))),
                    None => pow2_factor(u128::from(*scale)),
                };
                Val::Ptr(PtrVal { obj: b.obj, off, targets: b.targets, align: b.align.min(step) })
            }
            Expr::PtrDiff { lhs, rhs, scale, ty } => {
                let x = self.eval(st, lhs, def)?.ptr()?;
                let y = self.eval(st, rhs, def)?.ptr()?;
                if *scale == 0 {
                    return Err(Unsupported("pointer difference with element size 0".into()));
                }
                def.push(Bool::and(&[x.obj.eq(int_const(0)).not(), x.obj.eq(&y.obj)]));
                Val::Int(self.enc.arith.offset_diff(&x.off, &y.off, *scale, *ty)?)
            }
        })
    }

    fn compare_ptrs(&mut self, op: CmpOp, x: &PtrVal, y: &PtrVal, def: &mut Defined) -> Result<Bool, Unsupported> {
        let same_obj = x.obj.eq(&y.obj);
        let same_off = x.off.eq(&y.off)?;
        Ok(match op {
            CmpOp::Eq => Bool::and(&[same_obj, same_off]),
            CmpOp::Ne => Bool::and(&[same_obj, same_off]).not(),
            _ => {
                // Ordering pointers is defined within one object only.
                let ok = Bool::and(&[x.obj.eq(int_const(0)).not(), same_obj]);
                def.push(ok.clone());
                let cmp = self.enc.arith.compare_offsets(op, &x.off, &y.off)?;
                let fresh = self.enc.arith.fresh_cond("ptrcmp");
                ok.ite(&cmp, &fresh)
            }
        })
    }

    // --- Memory.

    /// The objects `t` may point into.
    fn candidates(&self, t: &Targets) -> Vec<VarId> {
        if t.all {
            self.enc.objects.keys().copied().collect()
        } else {
            t.objs.iter().copied().filter(|o| self.enc.objects.contains_key(o)).collect()
        }
    }

    /// Whether an access of `size` bytes at `off` lies within object `o` (counterexample mode).
    fn in_bounds(&self, o: VarId, m: &MemVal, off: &Num, size: u64) -> Result<Bool, Unsupported> {
        let info = self.info(o)?;
        let s = i128::from(size);
        match (info.size, off) {
            (Some(total), Num::Math(x, _)) => {
                Ok(Bool::and(&[x.ge(int_const(0)), x.le(int_const(i128::from(total) - s))]))
            }
            (Some(total), Num::Bits(x)) => {
                let w = x.get_size();
                if i128::from(total) - s < 0 {
                    return Ok(Bool::from_bool(false));
                }
                let max = BV::from_i64((i128::from(total) - s) as i64, w);
                Ok(Bool::and(&[x.bvsge(BV::from_i64(0, w)), x.bvsle(&max)]))
            }
            (None, _) => {
                let Some(len) = &m.len else { return Ok(Bool::from_bool(false)) };
                let x = match off {
                    Num::Math(x, _) => x.clone(),
                    Num::Bits(b) => Int::from_bv(b, true),
                };
                let bytes = len * int_const(i128::from(info.vla_elem_size));
                Ok(Bool::and(&[x.ge(int_const(0)), (&x + int_const(s)).le(&bytes)]))
            }
        }
    }

    /// Whether `off` is a multiple of `size` (a power of two).
    fn aligned(&self, off: &Num, size: u64) -> Bool {
        match off {
            Num::Math(x, _) => x.modulo(int_const(i128::from(size))).eq(int_const(0)),
            Num::Bits(b) => {
                let low = size.trailing_zeros();
                if low == 0 { Bool::from_bool(true) } else { b.extract(low - 1, 0).eq(BV::from_u64(0, low)) }
            }
        }
    }

    fn select(&self, arr: &Array, off: &Num, t: IntTy) -> Result<IntVal, Unsupported> {
        let d: Dynamic = match off {
            Num::Math(x, _) => arr.select(x),
            Num::Bits(b) => arr.select(b),
        };
        let num = if self.enc.math() {
            Num::Math(d.as_int().ok_or_else(|| Unsupported("array sort mismatch".into()))?, Some(Range::of(t)))
        } else {
            Num::Bits(d.as_bv().ok_or_else(|| Unsupported("array sort mismatch".into()))?)
        };
        Ok(IntVal { ty: t, num })
    }

    fn store_array(&self, arr: &Array, off: &Num, v: &IntVal) -> Array {
        match (off, &v.num) {
            (Num::Math(x, _), Num::Math(y, _)) => arr.store(x, y),
            (Num::Bits(x), Num::Bits(y)) => arr.store(x, y),
            (Num::Math(x, _), Num::Bits(y)) => arr.store(x, y),
            (Num::Bits(x), Num::Math(y, _)) => arr.store(x, y),
        }
    }

    /// `*addr` as a value of `ty`; `path` receives facts the loaded value satisfies.
    fn load(
        &mut self,
        st: &State,
        addr: &PtrVal,
        ty: Type,
        def: &mut Defined,
        path: &mut Vec<Bool>,
    ) -> Result<Val, Unsupported> {
        let mut arms: Vec<(VarId, Val)> = Vec::new();
        let mut exact: Vec<Bool> = Vec::new();
        for o in self.candidates(&addr.targets) {
            let info = self.info(o)?.clone();
            let m = self.mem(st, o)?;
            let hit = addr.obj.eq(Enc::obj_id(o));
            let val = match (&info.elem, ty, &m.arr) {
                (Elem::Int(t), Type::Int(u), Some(arr)) if *t == u => {
                    let size = t.bytes();
                    let v = self.select(arr, &addr.off, *t)?;
                    let mut ok = vec![hit, self.in_bounds(o, &m, &addr.off, size)?];
                    let v = if addr.align >= size {
                        v
                    } else {
                        let aligned = self.aligned(&addr.off, size);
                        ok.push(aligned.clone());
                        self.enc.note(format!("loads that may be misaligned in {}", self.enc.var_name(o)));
                        let fresh = self.enc.arith.fresh_int(*t, true, "misaligned");
                        IntVal { ty: *t, num: Num::ite(&aligned, &v.num, &fresh.num)? }
                    };
                    exact.push(Bool::and(&ok));
                    Val::Int(v)
                }
                (Elem::Float, Type::Float(_), _) => {
                    exact.push(hit);
                    Val::Float
                }
                (elem, _, _) => {
                    let why = match elem {
                        Elem::Unmodeled(why) => why.clone(),
                        _ => format!("accessed as {ty}"),
                    };
                    self.enc.note(format!("loads from {} ({why})", self.enc.var_name(o)));
                    self.fresh_reg(ty, "load")
                }
            };
            arms.push((o, val));
        }
        if self.cex() {
            def.push(if exact.is_empty() { Bool::from_bool(false) } else { Bool::or(&exact) });
        }
        // Without other possibilities, the last object is the default (anything else is
        // undefined); a pointer that may point into memory the checker does not model gets a fresh
        // default.
        let mut acc = if addr.targets.other || arms.is_empty() {
            if addr.targets.other {
                self.enc.note("loads through pointers that may point into memory the checker does not model".into());
            }
            self.fresh_reg(ty, "load")
        } else {
            arms.pop().map(|(_, v)| v).unwrap_or(Val::Float)
        };
        for (o, v) in arms.iter().rev() {
            acc = Val::ite(&addr.obj.eq(Enc::obj_id(*o)), v, &acc)?;
        }
        if let Val::Int(i) = &acc {
            match &i.num {
                Num::Math(x, _) => path.push(Bool::and(&[x.ge(int_const(i.ty.min())), x.le(int_const(i.ty.max()))])),
                Num::Bits(b) if i.ty.is_bool() => path.push(b.bvule(BV::from_u64(1, 8))),
                Num::Bits(_) => {}
            }
        }
        Ok(acc)
    }

    /// `*addr := value`.
    fn store(&mut self, st: &mut State, addr: &PtrVal, value: &Val, def: &mut Defined) -> Result<(), Unsupported> {
        let cands = self.candidates(&addr.targets);
        let single = cands.len() == 1 && !addr.targets.other;
        let mut exact: Vec<Bool> = Vec::new();
        for o in cands {
            let info = self.info(o)?.clone();
            let m = self.mem(st, o)?;
            let hit = addr.obj.eq(Enc::obj_id(o));
            let new_arr = match (&info.elem, value, &m.arr) {
                (Elem::Int(t), Val::Int(v), Some(arr)) if v.ty == *t => {
                    let size = t.bytes();
                    let v = self.enc.arith.to_stored(*t, v);
                    let stored = self.store_array(arr, &addr.off, &v);
                    let mut ok = vec![hit.clone(), self.in_bounds(o, &m, &addr.off, size)?];
                    let new = if addr.align >= size {
                        stored
                    } else {
                        let aligned = self.aligned(&addr.off, size);
                        ok.push(aligned.clone());
                        self.enc.note(format!("stores that may be misaligned in {}", self.enc.var_name(o)));
                        let fresh = self.enc.fresh_array(*t, "misaligned");
                        aligned.ite(&stored, &fresh)
                    };
                    exact.push(Bool::and(&ok));
                    Some(new)
                }
                (Elem::Int(t), _, Some(_)) => {
                    self.enc.note(format!("stores into {} of another type", self.enc.var_name(o)));
                    Some(self.enc.fresh_array(*t, "clobbered"))
                }
                // Floats are never inspected; unmodelled objects are read as fresh values.
                _ => None,
            };
            if let (Some(new), Some(old)) = (new_arr, &m.arr) {
                let arr = if single { new } else { hit.ite(&new, old) };
                st.mem.insert(o, MemVal { arr: Some(arr), len: m.len.clone() });
            }
        }
        if self.cex() {
            def.push(if exact.is_empty() { Bool::from_bool(false) } else { Bool::or(&exact) });
        }
        Ok(())
    }

    /// Memory written in a way the checker does not model (`memset`, `memcpy`): the objects the
    /// destination may point into become arbitrary.
    fn clobber(&mut self, st: &mut State, addr: &PtrVal, what: &str) {
        self.enc.note(format!("{what} is not modelled"));
        for o in self.candidates(&addr.targets) {
            let m = self.arbitrary_mem(o);
            let old = st.mem.get(&o).cloned().or_else(|| self.initial_mem(o).ok());
            let arr = match (m.arr, old.as_ref().and_then(|m| m.arr.clone())) {
                (Some(new), Some(old)) => Some(addr.obj.eq(Enc::obj_id(o)).ite(&new, &old)),
                (new, _) => new,
            };
            st.mem.insert(o, MemVal { arr, len: old.and_then(|m| m.len) });
        }
    }

    fn havoc_all_memory(&mut self, st: &mut State) {
        let objs: Vec<VarId> = self.enc.objects.keys().copied().collect();
        for o in objs {
            let m = self.arbitrary_mem(o);
            st.mem.insert(o, m);
        }
    }

    // --- Commands.

    fn write(&mut self, st: &mut State, v: VarId, val: Val) -> Result<(), Unsupported> {
        let ty = self.reg_type(v)?;
        let ok =
            matches!((ty, &val), (Type::Bool, Val::Cond(_)) | (Type::Ptr, Val::Ptr(_)) | (Type::Float(_), Val::Float))
                || matches!((ty, &val), (Type::Int(t), Val::Int(i)) if i.ty == t);
        if !ok {
            return Err(Unsupported(format!("ill-typed IR: {} assigned to {v} of type {ty}", val.describe())));
        }
        st.regs.insert(v, val);
        Ok(())
    }

    /// The value chosen for a nondeterministic source of type `ty` (checked to be in range).
    fn chosen(&self, ty: Type, c: i128) -> Result<Val, Unsupported> {
        match ty {
            Type::Int(t) if t.contains(c) => Ok(Val::Int(self.enc.arith.constant(c, t))),
            Type::Bool if c == 0 || c == 1 => Ok(Val::Cond(Bool::from_bool(c == 1))),
            _ => Err(Unsupported(format!("the chosen value {c} is not a value of {ty}"))),
        }
    }

    fn record_input(&mut self, e: EdgeId, input: Input) {
        if let Some(r) = self.records.as_mut() {
            r.inputs.entry(e).or_default().push(input);
        }
    }

    /// The effect of edge `e` on the paths reaching it when `reach` holds; `None` when the path
    /// ends there.
    fn transfer(&mut self, id: EdgeId, e: &Edge, reach: Bool, st: State) -> Result<Option<(Bool, State)>, Halt> {
        Ok(self.step(id, e, reach, st)?.next)
    }

    /// The effect of edge `e` (see [`Step`]).
    fn step(&mut self, id: EdgeId, e: &Edge, reach: Bool, mut st: State) -> Result<Step, Halt> {
        let mut def = Defined::default();
        let mut path: Vec<Bool> = Vec::new();
        let cex = self.cex();
        // Definedness is required on the paths that reach the edge (and pick it, at a branch
        // without evidently exclusive conditions).
        let guard = reach.clone();
        let mut end = false;
        let strict = self.enc.strict;
        let memory = matches!(
            e.cmd,
            Command::Load { .. }
                | Command::Store { .. }
                | Command::InitObject { .. }
                | Command::Alloc { .. }
                | Command::Free(_)
                | Command::MemCopy { .. }
                | Command::MemSet { .. }
        );
        if strict && memory {
            return Err(Halt::Unsupported(format!(
                "memory commands in the loop of a recurrent set (at {})",
                self.p().files.display(e.span)
            )));
        }
        match &e.cmd {
            Command::Skip => {}
            Command::Assume(c) => {
                let c = self.eval(&st, c, &mut def)?.cond()?;
                path.push(c);
            }
            Command::Assign(v, x) => {
                let val = self.eval(&st, x, &mut def)?;
                self.write(&mut st, *v, val)?;
            }
            Command::Havoc(v, origin) => {
                let ty = self.reg_type(*v)?;
                let uninit = matches!(origin, HavocOrigin::Uninit);
                let val = if let Some(&c) = self.enc.choices.get(&id) {
                    self.chosen(ty, c)?
                } else if (cex || uninit) && ty == Type::Ptr {
                    // The interpreter's pointer from input points to no object; so does an
                    // uninitialized pointer for the checker (using it is undefined).
                    self.input_pointer()
                } else {
                    self.fresh_reg(ty, "havoc")
                };
                if cex {
                    let consumes =
                        matches!(origin, HavocOrigin::Nondet(_) | HavocOrigin::Uninit | HavocOrigin::Volatile);
                    if consumes {
                        let input = input_of(&val);
                        self.record_input(id, input);
                    }
                }
                self.write(&mut st, *v, val)?;
            }
            Command::Load { dst, addr } => {
                let ty = self.reg_type(*dst)?;
                let a = self.eval(&st, addr, &mut def)?.ptr()?;
                let val = self.load(&st, &a, ty, &mut def, &mut path)?;
                if cex {
                    // The interpreter takes an input for a read of never-written bytes: the
                    // value read (any real read is within its type).
                    if let Val::Int(IntVal { num: Num::Math(x, _), ty }) = &val {
                        self.enc
                            .arith
                            .facts
                            .push(Bool::and(&[x.ge(int_const(IntTy::min(*ty))), x.le(int_const(IntTy::max(*ty)))]));
                    }
                    self.record_input(id, input_of(&val));
                }
                self.write(&mut st, *dst, val)?;
            }
            Command::Store { addr, value } => {
                let a = self.eval(&st, addr, &mut def)?.ptr()?;
                let v = self.eval(&st, value, &mut def)?;
                self.store(&mut st, &a, &v, &mut def)?;
            }
            Command::InitObject { var, len, fill } => self.init_object(&mut st, *var, len.as_ref(), *fill, &mut def)?,
            Command::Alloc { dst, .. } if !cex => {
                self.enc.note("heap objects are not modelled".into());
                let obj = Int::new_const(self.enc.arith.name("heap"));
                // Heap objects get negative ids: distinct from the modelled objects and from null.
                self.enc.arith.facts.push(obj.lt(int_const(0)));
                let p = PtrVal {
                    obj,
                    off: self.enc.arith.offset_const(0),
                    targets: Targets { objs: BTreeSet::new(), all: false, other: true },
                    align: MAX_ALIGN,
                };
                self.write(&mut st, *dst, Val::Ptr(p))?;
            }
            Command::Free(_) if !cex => {
                // The contents a defined execution can read do not change.
            }
            Command::MemSet { dst, .. } | Command::MemCopy { dst, .. } if !cex => {
                let a = self.eval(&st, dst, &mut def)?.ptr()?;
                let what = if matches!(e.cmd, Command::MemSet { .. }) { "memset" } else { "memcpy" };
                self.clobber(&mut st, &a, what);
            }
            Command::Alloc { .. } | Command::Free(_) | Command::MemSet { .. } | Command::MemCopy { .. } => {
                // Counterexample mode does not follow what it cannot replay exactly.
                end = true;
            }
            Command::Call { .. } => {
                return Err(Halt::Unsupported("calls (the function must have its calls inlined)".into()));
            }
            Command::CallExtern { dst, args, .. } => {
                if strict {
                    for a in args {
                        self.eval(&st, a, &mut def)?;
                    }
                    if self
                        .p()
                        .globals
                        .iter()
                        .any(|g| matches!(self.p().vars.get(*g).map(|v| &v.ty), Some(VarTy::Reg(_))))
                    {
                        self.enc.note("what an extern call may do to the globals".into());
                    }
                }
                if !cex {
                    // The IR lets an extern function change every global and all memory.
                    let globals: Vec<VarId> = self
                        .p()
                        .globals
                        .iter()
                        .copied()
                        .filter(|g| matches!(self.p().vars.get(*g).map(|v| &v.ty), Some(VarTy::Reg(_))))
                        .collect();
                    for g in globals {
                        let ty = self.reg_type(g)?;
                        let val = self.fresh_reg(ty, "extern");
                        st.regs.insert(g, val);
                    }
                    self.havoc_all_memory(&mut st);
                }
                if let Some(d) = dst {
                    let ty = self.reg_type(*d)?;
                    let val = if let Some(&c) = self.enc.choices.get(&id) {
                        self.chosen(ty, c)?
                    } else if cex && ty == Type::Ptr {
                        self.input_pointer()
                    } else {
                        self.fresh_reg(ty, "extern")
                    };
                    if cex {
                        let input = input_of(&val);
                        self.record_input(id, input);
                    }
                    self.write(&mut st, *d, val)?;
                }
            }
            Command::Output { args, .. } => {
                if strict {
                    for a in args {
                        self.eval(&st, a, &mut def)?;
                    }
                } else if cex {
                    for a in args {
                        // Only for definedness; arguments the checker cannot encode are skipped.
                        let _ = self.eval(&st, a, &mut def);
                    }
                }
            }
            Command::Assert { cond, .. } => {
                let c = self.eval(&st, cond, &mut def)?.cond()?;
                let fails = Bool::and(&[reach.clone(), c.not()]);
                if let Some(r) = self.records.as_mut() {
                    r.failing.push((id, fails));
                } else if self.enc.check_assertions {
                    let what = format!("safety: the assertion at {} may fail", self.p().files.display(e.span));
                    let what = match self.scope {
                        Some(l) => format!("{what} (in the iterations of {})", self.g.describe_loop(self.p(), l)),
                        None => what,
                    };
                    self.obligation(what, fails)?;
                }
                path.push(c);
            }
            Command::Exit(x) => {
                if cex {
                    let _ = self.eval(&st, x, &mut def);
                }
                end = true;
            }
            Command::Abort => end = true,
            Command::Opaque { what, havoc, writes_memory, may_not_return, compute } => {
                // (A floating-point computation that cannot be undefined goes on, in a
                // recurrent set too: its result is arbitrary here.)
                let goes_on = !*writes_memory
                    && !*may_not_return
                    && matches!(compute.as_deref(), Some(Computed::Float(s)) if !s.may_end_execution());
                if cex || (strict && !goes_on) {
                    end = true;
                } else if *may_not_return {
                    // It may not return, may loop, may call any function (reaching an assertion)
                    // and may change anything reachable: no certificate can rely on a path
                    // through it.
                    return Err(Halt::Unsupported(format!(
                        "an opaque step ({what}) at {}",
                        self.p().files.display(e.span)
                    )));
                } else {
                    for v in havoc {
                        let ty = self.reg_type(*v)?;
                        let val = self.fresh_reg(ty, "opaque");
                        self.write(&mut st, *v, val)?;
                    }
                    if *writes_memory {
                        self.havoc_all_memory(&mut st);
                    }
                }
            }
        }
        let cond = if path.is_empty() { Bool::from_bool(true) } else { Bool::and(&path) };
        let mut conj = vec![reach];
        conj.extend(path);
        let taken = if end { Bool::from_bool(false) } else { Bool::and(&conj) };
        if let Some(r) = self.records.as_mut() {
            r.defined.push(guard.implies(def.all()));
            r.taken.insert(id, taken.clone());
        }
        let next = if end { None } else { Some((taken, st)) };
        Ok(Step { next, cond, defined: def.all() })
    }

    fn init_object(
        &mut self,
        st: &mut State,
        var: VarId,
        len: Option<&Expr>,
        fill: Fill,
        def: &mut Defined,
    ) -> Result<(), Unsupported> {
        let info = self.info(var)?.clone();
        let cex = self.cex();
        let len_val = match (len, cex) {
            (Some(x), true) => {
                let n = self.eval(st, x, def)?.int()?;
                let (n, _) = self.enc.arith.to_math(&n);
                def.push(n.ge(int_const(0)));
                Some(n)
            }
            _ => None,
        };
        let arr = match (&info.elem, fill) {
            (Elem::Int(t), Fill::Zero) => Some(self.enc.zero_array(*t)),
            (Elem::Int(t), Fill::Uninit) => Some(self.enc.fresh_array(*t, "uninit")),
            _ => None,
        };
        st.mem.insert(var, MemVal { arr, len: len_val });
        Ok(())
    }
}

impl PtrVal {
    fn into_val(self) -> Val {
        Val::Ptr(self)
    }
}

/// The input a havocked value represents.
fn input_of(v: &Val) -> Input {
    match v {
        Val::Int(i) => Input::Int(i.clone()),
        Val::Cond(c) => Input::Cond(c.clone()),
        Val::Ptr(p) => Input::Ptr(p.off.clone()),
        Val::Float => Input::Float,
    }
}

/// The largest power of two dividing `x` (at most [`MAX_ALIGN`]; 0 counts as divisible by all).
pub(crate) fn pow2_factor(x: u128) -> u64 {
    if x == 0 {
        return MAX_ALIGN;
    }
    let low = x & x.wrapping_neg();
    u64::try_from(low).unwrap_or(MAX_ALIGN).min(MAX_ALIGN)
}

/// A cast of a condition (a comparison, a negation or a constant truth value) to an integer.
fn is_cast_of_bool(e: &Expr) -> bool {
    matches!(e, Expr::Cast(_, x) if matches!(**x, Expr::Cmp(..) | Expr::Not(_) | Expr::Bool(_)))
}

/// How many low bits of `e`'s value are zero on every execution (`x << 2`: at least 2).
fn zero_low_bits(e: &Expr) -> u32 {
    match e {
        Expr::Int(v, _) => v.trailing_zeros().min(127),
        Expr::Binary(BinOp::Shl, t, x, k) => match k.as_const() {
            Some(k) if k >= 0 && k < i128::from(t.bits()) => (zero_low_bits(x) + k as u32).min(t.bits()),
            _ => 0,
        },
        Expr::Binary(BinOp::Mul, t, x, y) => (zero_low_bits(x) + zero_low_bits(y)).min(t.bits()),
        Expr::Binary(BinOp::BitAnd, _, x, y) => zero_low_bits(x).max(zero_low_bits(y)),
        Expr::Binary(BinOp::BitOr | BinOp::BitXor | BinOp::Add | BinOp::Sub, _, x, y) => {
            zero_low_bits(x).min(zero_low_bits(y))
        }
        Expr::Cast(t, x) => zero_low_bits(x).min(t.bits()),
        _ => 0,
    }
}

/// `(x, y)` when `e` is `x | y`, possibly under integer conversions (pushed onto each operand).
fn or_operands(e: &Expr, p: &Program) -> Option<(Expr, Expr)> {
    match e {
        // (`(u8)p | (u8)q` of conditions is evaluated as a connective already.)
        Expr::Binary(BinOp::BitOr, _, x, y) if !(is_cast_of_bool(x) && is_cast_of_bool(y)) => {
            Some(((**x).clone(), (**y).clone()))
        }
        Expr::Cast(t, x) if matches!(x.ty(&p.vars), Some(leapfrog_ir::types::Type::Int(_))) => {
            let (x, y) = or_operands(x, p)?;
            Some((Expr::Cast(*t, Box::new(x)), Expr::Cast(*t, Box::new(y))))
        }
        _ => None,
    }
}
