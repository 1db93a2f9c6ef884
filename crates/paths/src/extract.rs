//! The walk over one loop's body that builds its paths (see the crate documentation).

use crate::linear::{Lin, Row, Sym, ceil_div, floor_div};
use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp, eval_binop};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::program::VarKind;
use leapfrog_ir::{Command, EdgeId, Expr, Function, LocId, LoopId, Program, Type, VarId};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_smt::{QueryLimits, Solver};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

/// At most this many feasible paths per loop.
pub const MAX_PATHS: usize = 200;
/// At most this many alternatives while evaluating one command.
const MAX_ALTS: usize = 64;
/// At most this many partial paths explored per loop.
const MAX_STATES: usize = 20_000;
/// A wrap-around with more cases than this becomes an arbitrary value of the type.
const MAX_WRAP_CASES: i128 = 4;
/// The limit of one feasibility query: Z3's deterministic resource limit alone, so that no timer
/// is started and no parameter set per query (both cost more than a path's small linear query;
/// an unknown answer keeps the path, which over-approximates).
const FEASIBILITY_LIMITS: QueryLimits = QueryLimits { timeout: Duration::ZERO, rlimit: 2_000_000 };
/// Expressions nested deeper than this are not evaluated (the evaluation recurses).
const MAX_DEPTH: usize = 400;

pub type Res<T> = Result<T, String>;

/// What a symbol stands for.
#[derive(Clone, Debug)]
pub struct SymInfo {
    /// The variable whose pre-state value this is (`None` for an auxiliary symbol).
    pub var: Option<VarId>,
    /// The values it can really take (its type's range), for case splits.
    pub range: Option<(i128, i128)>,
    /// Whether the range is part of the constraints (finite under the semantics).
    pub constrained: bool,
}

/// One path of one iteration (header to header), or from the header out of the loop.
#[derive(Clone, Debug)]
pub struct LinPath {
    /// The constraints, range constraints of the symbols included.
    pub rows: Vec<Row>,
    /// The post-state value of every pre-state symbol whose variable changed on the path.
    pub post: BTreeMap<Sym, Lin>,
    /// How many conditions on the path could not be written as constraints and were left out
    /// (over pointers, a disequality of values the path does not determine, a coefficient that
    /// overflows): the path over-approximates those branches.
    pub dropped_conditions: u32,
    /// The inner loops the path crosses, in order (only with [`Extractor::with_crossings`]).
    pub crossings: Vec<Crossing>,
}

/// Where a path crosses an inner loop: what its variables are when it is entered, and the
/// auxiliary symbols standing for what it may change at its header after its last iteration
/// (from there the path walks the inner loop's last, partial iteration to its exit). A client
/// that knows what the inner loop computes (a summary over its entry values) can give these
/// symbols their values.
#[derive(Clone, Debug)]
pub struct Crossing {
    pub inner: LoopId,
    /// The values, over the path's symbols, of the tracked variables the inner loop reads or
    /// writes, when it is entered.
    pub entry: BTreeMap<VarId, Lin>,
    /// Per tracked variable the inner loop may change, the symbol of its value at the header
    /// after the inner loop's last iteration.
    pub havocked: BTreeMap<VarId, Sym>,
}

/// The paths of one loop.
#[derive(Clone, Debug)]
pub struct LoopPaths {
    pub syms: Vec<SymInfo>,
    /// The pre-state symbols: the candidates of a ranking function's variables.
    pub pre: BTreeMap<VarId, Sym>,
    pub paths: Vec<LinPath>,
    /// The paths from the header out of the loop, each with the edge it leaves by (only with
    /// [`Extractor::with_exits`]).
    pub exits: Vec<(EdgeId, LinPath)>,
}

impl LoopPaths {
    /// The variable whose pre-state value `s` is (`None`: an auxiliary symbol).
    pub fn var_of(&self, s: Sym) -> Option<VarId> {
        self.syms.get(s).and_then(|i| i.var)
    }
}

/// A partial path.
#[derive(Clone, Debug)]
struct State {
    env: BTreeMap<VarId, Lin>,
    rows: Vec<Row>,
    /// How many rows were there at the last feasibility check.
    checked: usize,
    /// Conditions left out (see [`LinPath::dropped_conditions`]).
    dropped: u32,
    /// The inner loops crossed so far (only with [`Extractor::with_crossings`]).
    crossings: Vec<Crossing>,
}

/// One scope of the feasibility solver: a row, and the symbols whose ranges it added.
struct AssertedRow {
    row: Row,
    ranged: Vec<Sym>,
}

/// How the walk treats an edge of the loop body.
#[derive(Copy, Clone, Debug)]
enum EdgeKind {
    /// Back to the loop's header: the iteration is complete.
    Close,
    /// Out of the loop (followed only when exits are collected).
    Leave,
    /// On through the body; when the target is an inner loop's header (entered from outside that
    /// loop), the inner loop is crossed.
    Continue(Option<LoopId>),
}

/// The real range of a register type and whether it is finite under `sem`.
fn type_range(ty: Option<Type>, sem: Semantics) -> Option<((i128, i128), bool)> {
    match ty? {
        Type::Bool => Some(((0, 1), true)),
        Type::Int(t) => Some(((t.min(), t.max()), t.is_bool() || !t.is_signed() || sem == Semantics::BitPrecise)),
        Type::Ptr | Type::Float(_) => None,
    }
}

/// Whether an arithmetic result of type `t` wraps under `sem`.
fn wraps(t: IntTy, sem: Semantics) -> bool {
    !t.is_signed() || sem == Semantics::BitPrecise
}

pub struct Extractor<'a> {
    p: &'a Program,
    f: &'a Function,
    forest: &'a LoopForest,
    l: LoopId,
    sem: Semantics,
    deadline: Instant,
    invariants: HashMap<LocId, Vec<&'a Expr>>,
    /// Register variables the function never assigns that are not inputs: ghosts standing for
    /// memory cells, read as arbitrary values.
    ghosts: HashSet<VarId>,
    /// The loops strictly inside `l`, by header.
    inner_by_header: HashMap<LocId, LoopId>,
    syms: Vec<SymInfo>,
    pre: BTreeMap<VarId, Sym>,
    states: usize,
    /// The nesting of the expression being evaluated.
    depth: usize,
    /// Whether a call of a function with a body is crossed as an opaque step
    /// ([`Extractor::with_opaque_calls`]).
    opaque_calls: bool,
    solver: Solver,
    /// The rows asserted in the solver, one scope each ([`Extractor::feasible`]).
    asserted: Vec<AssertedRow>,
    /// The symbols whose ranges those scopes assert.
    ranged: BTreeSet<Sym>,
    /// Whether the paths out of the loop are collected too.
    exits: bool,
    /// The most paths of one kind (iterations, exits) before the extraction gives up.
    max_paths: usize,
    /// Whether paths record the inner loops they cross.
    crossings: bool,
}

impl<'a> Extractor<'a> {
    pub fn new(
        p: &'a Program,
        f: &'a Function,
        forest: &'a LoopForest,
        l: LoopId,
        invariants: &'a [(LocId, Expr)],
        sem: Semantics,
        deadline: Instant,
    ) -> Extractor<'a> {
        let mut inv: HashMap<LocId, Vec<&Expr>> = HashMap::new();
        for (loc, e) in invariants {
            inv.entry(*loc).or_default().push(e);
        }
        let defined: HashSet<VarId> = f.edges.values().flat_map(|e| e.cmd.defs()).collect();
        let mut ghosts = HashSet::new();
        for (_, e) in invariants {
            // Iteratively: invariants may be long conjunctions.
            let mut stack = vec![e];
            while let Some(e) = stack.pop() {
                if let Expr::Var(v) = e {
                    let kind = p.vars.get(*v).map(|var| var.kind);
                    if !defined.contains(v) && matches!(kind, Some(VarKind::Local | VarKind::Temp)) {
                        ghosts.insert(*v);
                    }
                }
                stack.extend(e.children());
            }
        }
        let mut inner_by_header = HashMap::new();
        for (id, lp) in forest.loops.iter() {
            if id != l && is_inside(forest, id, l) {
                inner_by_header.insert(lp.header, id);
            }
        }
        Extractor {
            p,
            f,
            forest,
            l,
            sem,
            deadline,
            invariants: inv,
            ghosts,
            inner_by_header,
            syms: Vec::new(),
            pre: BTreeMap::new(),
            states: 0,
            depth: 0,
            solver: Solver::new(FEASIBILITY_LIMITS, Some(deadline)),
            asserted: Vec::new(),
            ranged: BTreeSet::new(),
            exits: false,
            max_paths: MAX_PATHS,
            crossings: false,
            opaque_calls: false,
        }
    }

    /// This extractor for a loop summary: it also collects the paths from the header out of the
    /// loop, and gives every variable a path assigns a pre-state symbol (read or not).
    pub fn with_exits(mut self) -> Extractor<'a> {
        self.exits = true;
        self
    }

    /// This extractor recording, per path, the inner loops it crosses ([`LinPath::crossings`]).
    pub fn with_crossings(mut self) -> Extractor<'a> {
        self.crossings = true;
        self
    }

    /// This extractor crossing a call of a function with a body like a call of an extern one:
    /// its result and every global become arbitrary (what it stores in memory is invisible
    /// anyway: a load is an arbitrary value). Without it such a call is an error (inline first).
    pub fn with_opaque_calls(mut self) -> Extractor<'a> {
        self.opaque_calls = true;
        self
    }

    /// This extractor giving up beyond `max` paths of one kind (at most [`MAX_PATHS`]): a
    /// client that cannot use more learns it without enumerating them all.
    pub fn with_max_paths(mut self, max: usize) -> Extractor<'a> {
        self.max_paths = max.min(MAX_PATHS);
        self
    }

    /// The paths of one iteration of the loop.
    pub fn extract(mut self) -> Res<LoopPaths> {
        let lp = self.forest.loops.get(self.l).ok_or("no such loop")?;
        if lp.irreducible || self.inner_by_header.values().any(|&d| self.forest.loops[d].irreducible) {
            return Err("irreducible control flow".into());
        }
        let header = lp.header;
        let kinds = self.edge_kinds()?;
        let mut start = State { env: BTreeMap::new(), rows: Vec::new(), checked: 0, dropped: 0, crossings: Vec::new() };
        match self.assume_invariant(header, start.clone())? {
            Some(s) => start = s,
            None => return Ok(self.finish(Vec::new(), Vec::new())),
        }
        let max = self.max_paths;
        // With a lower limit, fewer partial paths too (the default: 200 paths, 20,000 partial
        // paths), and fewer closed paths before their final feasibility check.
        let (max_states, max_unchecked) =
            if max >= MAX_PATHS { (MAX_STATES, 4 * MAX_PATHS) } else { (100 * max, 2 * max) };
        let mut done: Vec<State> = Vec::new();
        let mut left: Vec<(EdgeId, State)> = Vec::new();
        let mut stack: Vec<(LocId, State)> = vec![(header, start)];
        while let Some((loc, st)) = stack.pop() {
            self.states += 1;
            if self.states > max_states {
                return Err(format!("too many paths (more than {max_states} partial paths)"));
            }
            if self.states % 64 == 0 && Instant::now() >= self.deadline {
                return Err("time limit reached".into());
            }
            let outs: &Vec<(EdgeId, EdgeKind)> = match kinds.get(&loc) {
                Some(o) => o,
                None => continue,
            };
            let branching = outs.len() > 1;
            for &(ei, kind) in outs {
                let edge = &self.f.edges[ei];
                let mut next = self.exec(&edge.cmd, st.clone())?;
                if branching || next.len() > 1 {
                    next = self.feasible_states(next);
                }
                for s in next {
                    match kind {
                        EdgeKind::Close => {
                            done.push(s);
                            if done.len() > max_unchecked {
                                return Err(format!("too many paths (more than {max})"));
                            }
                        }
                        EdgeKind::Leave => {
                            left.push((ei, s));
                            if left.len() > max_unchecked {
                                return Err(format!("too many exit paths (more than {max})"));
                            }
                        }
                        EdgeKind::Continue(enter) => {
                            let s = match enter {
                                Some(d) => match self.cross_inner(d, s)? {
                                    Some(s) => s,
                                    None => continue,
                                },
                                None => s,
                            };
                            stack.push((edge.to, s));
                        }
                    }
                }
            }
        }
        let done = self.feasible_states(done);
        if done.len() > max {
            return Err(format!("too many paths ({}; the limit is {max})", done.len()));
        }
        let mut exits = Vec::new();
        for (e, st) in left {
            if self.feasible(&st.rows) {
                exits.push((e, st));
            }
        }
        if exits.len() > max {
            return Err(format!("too many exit paths ({}; the limit is {max})", exits.len()));
        }
        Ok(self.finish(done, exits))
    }

    /// The edges the walk follows from each body location, and how; fails when they are cyclic.
    fn edge_kinds(&self) -> Res<HashMap<LocId, Vec<(EdgeId, EdgeKind)>>> {
        let lp = &self.forest.loops[self.l];
        let mut kinds: HashMap<LocId, Vec<(EdgeId, EdgeKind)>> = HashMap::new();
        for (id, e) in self.f.edges.iter() {
            if !lp.contains(e.from) {
                continue;
            }
            if !lp.contains(e.to) {
                if self.exits {
                    kinds.entry(e.from).or_default().push((id, EdgeKind::Leave));
                }
                continue;
            }
            if e.to == lp.header {
                kinds.entry(e.from).or_default().push((id, EdgeKind::Close));
                continue;
            }
            let enter = match self.inner_by_header.get(&e.to).copied() {
                // A back edge of an inner loop: its iterations are summarized by the havoc.
                Some(d) if self.forest.loops[d].contains(e.from) => continue,
                other => other,
            };
            kinds.entry(e.from).or_default().push((id, EdgeKind::Continue(enter)));
        }
        // The followed edges reachable from the header must be acyclic (Kahn's algorithm).
        let succ = |loc: LocId| -> Vec<LocId> {
            kinds
                .get(&loc)
                .map(|outs| {
                    outs.iter()
                        .filter(|(_, k)| matches!(k, EdgeKind::Continue(_)))
                        .map(|(e, _)| self.f.edges[*e].to)
                        .collect()
                })
                .unwrap_or_default()
        };
        let mut reach = HashSet::from([lp.header]);
        let mut stack = vec![lp.header];
        while let Some(loc) = stack.pop() {
            for to in succ(loc) {
                if reach.insert(to) {
                    stack.push(to);
                }
            }
        }
        let mut indegree: HashMap<LocId, usize> = HashMap::new();
        for &loc in &reach {
            for to in succ(loc) {
                *indegree.entry(to).or_default() += 1;
            }
        }
        let mut queue: Vec<LocId> = reach.iter().copied().filter(|l| !indegree.contains_key(l)).collect();
        let mut sorted = 0usize;
        while let Some(loc) = queue.pop() {
            sorted += 1;
            for to in succ(loc) {
                if let Some(d) = indegree.get_mut(&to) {
                    *d -= 1;
                    if *d == 0 {
                        queue.push(to);
                    }
                }
            }
        }
        if sorted != reach.len() {
            return Err("the loop body has a cycle that is not a loop (irreducible control flow)".into());
        }
        Ok(kinds)
    }

    /// The paths with their post-states and range constraints. For summaries, every tracked
    /// variable a path assigns gets a pre-state symbol, read or not.
    fn finish(mut self, done: Vec<State>, left: Vec<(EdgeId, State)>) -> LoopPaths {
        if self.exits {
            let assigned: BTreeSet<VarId> =
                done.iter().chain(left.iter().map(|(_, st)| st)).flat_map(|st| st.env.keys().copied()).collect();
            for v in assigned {
                if self.tracked(v) && !self.ghosts.contains(&v) {
                    self.pre_symbol(v);
                }
            }
        }
        let paths = done.into_iter().map(|st| self.path_of(st)).collect();
        let exits = left.into_iter().map(|(e, st)| (e, self.path_of(st))).collect();
        LoopPaths { syms: self.syms, pre: self.pre, paths, exits }
    }

    fn path_of(&self, st: State) -> LinPath {
        let mut post = BTreeMap::new();
        for (&v, &s) in &self.pre {
            if let Some(lin) = st.env.get(&v)
                && !lin.is_sym(s)
            {
                post.insert(s, lin.clone());
            }
        }
        let mut rows = st.rows;
        let mut mentioned: BTreeSet<Sym> = self.pre.values().copied().collect();
        for r in &rows {
            mentioned.extend(r.lin.syms());
        }
        for lin in post.values() {
            mentioned.extend(lin.syms());
        }
        rows.extend(range_rows(&self.syms, &mentioned));
        crate::linear::tighten(&mut rows, &mut post);
        LinPath { rows, post, dropped_conditions: st.dropped, crossings: st.crossings }
    }

    // ----- symbols -----

    /// A new symbol for a value of type `ty` (of variable `var`'s pre-state, if given).
    fn new_symbol(&mut self, var: Option<VarId>, ty: Option<Type>) -> Sym {
        let (range, constrained) = match type_range(ty, self.sem) {
            Some((r, c)) => (Some(r), c),
            None => (None, false),
        };
        self.syms.push(SymInfo { var, range, constrained });
        self.syms.len() - 1
    }

    fn fresh(&mut self, ty: Option<Type>) -> Lin {
        Lin::sym(self.new_symbol(None, ty))
    }

    /// The symbol of `v`'s value at the start of the iteration (created on first use).
    fn pre_symbol(&mut self, v: VarId) -> Sym {
        if let Some(&s) = self.pre.get(&v) {
            return s;
        }
        let s = self.new_symbol(Some(v), self.var_type(v));
        self.pre.insert(v, s);
        s
    }

    fn fresh_int(&mut self, t: IntTy) -> Lin {
        self.fresh(Some(Type::Int(t)))
    }

    fn var_type(&self, v: VarId) -> Option<Type> {
        self.p.vars.get(v).and_then(|var| var.ty.reg())
    }

    /// Whether `v` is a register of integer or boolean type (the variables the paths track).
    fn tracked(&self, v: VarId) -> bool {
        matches!(self.var_type(v), Some(Type::Int(_) | Type::Bool))
    }

    fn read(&mut self, v: VarId, st: &State) -> Lin {
        if let Some(lin) = st.env.get(&v) {
            return lin.clone();
        }
        if self.ghosts.contains(&v) || !self.tracked(v) {
            let ty = self.var_type(v);
            return self.fresh(ty);
        }
        Lin::sym(self.pre_symbol(v))
    }

    fn interval(&self, lin: &Lin) -> Option<(i128, i128)> {
        lin.interval(&|s| self.syms.get(s).and_then(|i| i.range))
    }

    /// Whether every symbol of `lin` has its range among the path's constraints.
    fn constrained(&self, lin: &Lin) -> bool {
        lin.syms().all(|s| self.syms.get(s).is_some_and(|i| i.constrained))
    }

    // ----- constraints -----

    /// `st` with the row added; `None` when the row is false for every value in the ranges. A
    /// row true for every value in the ranges is left out only when those ranges are constraints
    /// of the path: a signed value under the default semantics is unbounded for the ranking LP,
    /// which then needs `i <= INT_MAX` to bound `INT_MAX - i`.
    fn add_row(&self, mut st: State, row: Row) -> Option<State> {
        let implied = self.constrained(&row.lin);
        match self.interval(&row.lin) {
            Some((lo, hi)) if row.eq => {
                if lo > 0 || hi < 0 {
                    return None;
                }
                if lo == 0 && hi == 0 && implied {
                    return Some(st);
                }
            }
            Some((lo, hi)) => {
                if lo > 0 {
                    return None;
                }
                if hi <= 0 && implied {
                    return Some(st);
                }
            }
            None => {}
        }
        if !st.rows.contains(&row) {
            st.rows.push(row);
        }
        Some(st)
    }

    /// `st` with `a op b` assumed (two states for `!=`).
    fn add_cmp(&self, st: State, op: CmpOp, a: &Lin, b: &Lin) -> Vec<State> {
        let Some(d) = a.sub(b) else { return vec![dropped(st)] };
        let Some(neg) = d.scale(-1) else { return vec![dropped(st)] };
        let one = |x: &Lin| x.add_const(1);
        let rows: Vec<Option<Row>> = match op {
            CmpOp::Eq => vec![Some(Row::eq0(d))],
            CmpOp::Le => vec![Some(Row::le0(d))],
            CmpOp::Lt => vec![one(&d).map(Row::le0)],
            CmpOp::Ge => vec![Some(Row::le0(neg))],
            CmpOp::Gt => vec![one(&neg).map(Row::le0)],
            CmpOp::Ne => {
                if let Some(k) = d.as_const() {
                    return if k != 0 { vec![st] } else { vec![] };
                }
                let (x, y) = (one(&d), one(&neg));
                // One side only when the ranges exclude the other.
                match self.interval(&d) {
                    Some((lo, _)) if lo >= 0 => {
                        return y.and_then(|r| self.add_row(st, Row::le0(r))).into_iter().collect();
                    }
                    Some((_, hi)) if hi <= 0 => {
                        return x.and_then(|r| self.add_row(st, Row::le0(r))).into_iter().collect();
                    }
                    _ => {}
                }
                // Else `a ≠ b` splits the path in two (`<` or `>`), which only helps when it speaks
                // of the pre-state: over auxiliary values alone (`nondet() != 0`) it is dropped.
                if !d.syms().any(|s| self.syms.get(s).is_some_and(|i| i.var.is_some())) {
                    return vec![dropped(st)];
                }
                let mut out = Vec::new();
                for r in [x, y] {
                    match r {
                        Some(r) => out.extend(self.add_row(st.clone(), Row::le0(r))),
                        None => return vec![dropped(st)],
                    }
                }
                return out;
            }
        };
        match rows.into_iter().next().flatten() {
            Some(r) => self.add_row(st, r).into_iter().collect(),
            None => vec![dropped(st)],
        }
    }

    /// The states of `states` that Z3 does not prove infeasible (over the integers).
    fn feasible_states(&mut self, states: Vec<State>) -> Vec<State> {
        let mut out = Vec::with_capacity(states.len());
        for mut s in states {
            if s.checked == s.rows.len() && s.checked > 0 {
                out.push(s);
                continue;
            }
            if self.feasible(&s.rows) {
                s.checked = s.rows.len();
                out.push(s);
            }
        }
        out
    }

    /// Whether `rows` (with the ranges of the symbols they mention) may hold: false only when
    /// the solver proves them unsatisfiable. The solver keeps the rows of the last check in one
    /// scope per row ([`Extractor::asserted`]); the walk checks a path's extension right after
    /// the path or its sibling, so only the rows after the common prefix are popped and asserted.
    fn feasible(&mut self, rows: &[Row]) -> bool {
        if rows.is_empty() {
            return true;
        }
        let common = self.asserted.iter().zip(rows).take_while(|(scope, row)| scope.row == **row).count();
        for scope in self.asserted.drain(common..) {
            for s in &scope.ranged {
                self.ranged.remove(s);
            }
            self.solver.pop();
        }
        for row in &rows[common..] {
            self.solver.push();
            let fresh: BTreeSet<Sym> = row.lin.syms().filter(|s| !self.ranged.contains(s)).collect();
            for r in range_rows(&self.syms, &fresh) {
                self.solver.assert(&int_row(&r));
            }
            self.solver.assert(&int_row(row));
            self.ranged.extend(fresh.iter().copied());
            self.asserted.push(AssertedRow { row: row.clone(), ranged: fresh.into_iter().collect() });
        }
        !self.solver.proves_unsat(&[])
    }

    // ----- loops -----

    /// The linear conjuncts of the invariants at `loc`, assumed; `None` when they contradict
    /// the state.
    fn assume_invariant(&mut self, loc: LocId, mut st: State) -> Res<Option<State>> {
        let invs: Vec<&Expr> = self.invariants.get(&loc).cloned().unwrap_or_default();
        let mut conjuncts = Vec::new();
        for e in invs {
            self.conjuncts(e, &mut conjuncts);
        }
        for c in conjuncts {
            let alts = match self.assume(c, true, st.clone()) {
                Ok(a) => a,
                Err(_) => continue,
            };
            let alts = if alts.len() > 1 { self.feasible_states(alts) } else { alts };
            match alts.len() {
                0 => return Ok(None),
                1 => st = alts.into_iter().next().unwrap_or(st),
                _ => {} // a disjunction: dropped
            }
        }
        Ok(Some(st))
    }

    fn conjuncts<'e>(&self, e: &'e Expr, out: &mut Vec<&'e Expr>) {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            match self.connective(e) {
                Some((true, a, b, true)) => {
                    stack.push(b);
                    stack.push(a);
                }
                _ => out.push(e),
            }
        }
    }

    /// Crosses the inner loop `d` entered at its header: `havoc(Mod(d)); assume(I_d)`.
    fn cross_inner(&mut self, d: LoopId, mut st: State) -> Res<Option<State>> {
        let lp = &self.forest.loops[d];
        let mut mods: BTreeSet<VarId> = BTreeSet::new();
        let mut calls_extern = false;
        for e in self.f.edges.values() {
            if lp.contains(e.from) && lp.contains(e.to) {
                mods.extend(e.cmd.defs());
                calls_extern |= matches!(e.cmd, Command::CallExtern { .. })
                    || (self.opaque_calls && matches!(e.cmd, Command::Call { .. }));
            }
        }
        if calls_extern {
            mods.extend(self.p.globals.iter().copied());
        }
        let mut crossing =
            self.crossings.then(|| Crossing { inner: d, entry: BTreeMap::new(), havocked: BTreeMap::new() });
        if let Some(crossing) = &mut crossing {
            let mentioned: BTreeSet<VarId> = self
                .f
                .edges
                .values()
                .filter(|e| lp.contains(e.from) && lp.contains(e.to))
                .flat_map(|e| e.cmd.exprs().into_iter().flat_map(|x| x.reads()).chain(e.cmd.defs()))
                .chain(mods.iter().copied())
                .collect();
            for v in mentioned {
                if self.tracked(v) && !self.ghosts.contains(&v) {
                    let value = self.read(v, &st);
                    crossing.entry.insert(v, value);
                }
            }
        }
        for v in mods {
            if self.tracked(v) {
                let lin = self.fresh(self.var_type(v));
                if let (Some(crossing), Some(s)) = (&mut crossing, lin.terms.keys().next()) {
                    crossing.havocked.insert(v, *s);
                }
                st.env.insert(v, lin);
            }
        }
        st.crossings.extend(crossing);
        let header = lp.header;
        self.assume_invariant(header, st)
    }

    // ----- commands -----

    fn exec(&mut self, cmd: &Command, st: State) -> Res<Vec<State>> {
        match cmd {
            Command::Assume(e) | Command::Assert { cond: e, .. } => self.assume(e, true, st),
            Command::Assign(v, e) => {
                if !self.tracked(*v) {
                    return Ok(vec![st]);
                }
                let alts = self.eval(e, st)?;
                Ok(alts
                    .into_iter()
                    .map(|(mut s, lin)| {
                        s.env.insert(*v, lin);
                        s
                    })
                    .collect())
            }
            Command::Havoc(v, _) | Command::Load { dst: v, .. } => Ok(vec![self.havoc(&[*v], st)]),
            Command::Call { .. } if !self.opaque_calls => Err("the loop calls a function (inline it first)".into()),
            Command::CallExtern { dst, .. } | Command::Call { dst, .. } => {
                let mut vars: Vec<VarId> = dst.iter().copied().collect();
                vars.extend(self.p.globals.iter().copied());
                Ok(vec![self.havoc(&vars, st)])
            }
            Command::Opaque { havoc, .. } => Ok(vec![self.havoc(havoc, st)]),
            Command::Exit(_) | Command::Abort => Ok(vec![]),
            Command::Skip
            | Command::Store { .. }
            | Command::InitObject { .. }
            | Command::Alloc { .. }
            | Command::Free(_)
            | Command::MemCopy { .. }
            | Command::MemSet { .. }
            | Command::Output { .. } => Ok(vec![st]),
        }
    }

    fn havoc(&mut self, vars: &[VarId], mut st: State) -> State {
        for &v in vars {
            if self.tracked(v) {
                let lin = self.fresh(self.var_type(v));
                st.env.insert(v, lin);
            }
        }
        st
    }

    // ----- conditions -----

    /// `a && b` / `a || b` in the form `((u8)a & (u8)b) != 0` (or `|`, or `== 0` for the
    /// negation): `(is_and, a, b, holds_when_nonzero)`.
    fn connective<'e>(&self, e: &'e Expr) -> Option<(bool, &'e Expr, &'e Expr, bool)> {
        let Expr::Cmp(op @ (CmpOp::Ne | CmpOp::Eq), lhs, rhs) = e else { return None };
        if rhs.as_const() != Some(0) {
            return None;
        }
        let Expr::Binary(bop @ (BinOp::BitAnd | BinOp::BitOr), _, x, y) = &**lhs else { return None };
        let (Expr::Cast(_, a), Expr::Cast(_, b)) = (&**x, &**y) else { return None };
        if a.ty(self.p) != Some(Type::Bool) || b.ty(self.p) != Some(Type::Bool) {
            return None;
        }
        Some((*bop == BinOp::BitAnd, a, b, *op == CmpOp::Ne))
    }

    /// The states in which `e` evaluates to `pos`.
    fn assume(&mut self, e: &Expr, pos: bool, st: State) -> Res<Vec<State>> {
        self.depth += 1;
        let r = if self.depth > MAX_DEPTH {
            Err("an expression is nested too deeply".into())
        } else {
            self.assume_at(e, pos, st)
        };
        self.depth -= 1;
        r
    }

    fn assume_at(&mut self, e: &Expr, pos: bool, st: State) -> Res<Vec<State>> {
        if let Some((is_and, a, b, when_nonzero)) = self.connective(e) {
            let holds = pos == when_nonzero;
            // a ∧ b holds, or a ∨ b fails: both operands take one value in sequence.
            return if is_and == holds {
                let mut out = Vec::new();
                for s in self.assume(a, holds, st)? {
                    out.extend(self.assume(b, holds, s)?);
                    check_alts(out.len())?;
                }
                Ok(out)
            } else {
                let mut out = self.assume(a, holds, st.clone())?;
                out.extend(self.assume(b, holds, st)?);
                check_alts(out.len())?;
                Ok(out)
            };
        }
        match e {
            Expr::Bool(b) => Ok(if *b == pos { vec![st] } else { vec![] }),
            Expr::Not(a) => self.assume(a, !pos, st),
            Expr::Var(v) if self.tracked(*v) => {
                let x = self.read(*v, &st);
                let op = if pos { CmpOp::Ne } else { CmpOp::Eq };
                Ok(self.add_cmp(st, op, &x, &Lin::constant(0)))
            }
            Expr::Cmp(op, a, b) => {
                if !matches!(a.ty(self.p), Some(Type::Int(_) | Type::Bool)) {
                    return Ok(vec![dropped(st)]); // pointers: dropped
                }
                let op = if pos { *op } else { op.negate() };
                let mut out = Vec::new();
                for (s1, x) in self.eval(a, st)? {
                    for (s2, y) in self.eval(b, s1)? {
                        out.extend(self.add_cmp(s2, op, &x, &y));
                        check_alts(out.len())?;
                    }
                }
                Ok(out)
            }
            _ => Ok(vec![dropped(st)]),
        }
    }

    // ----- values -----

    /// The possible values of the integer (or boolean, as 0/1) expression `e`.
    fn eval(&mut self, e: &Expr, st: State) -> Res<Vec<(State, Lin)>> {
        self.depth += 1;
        let r =
            if self.depth > MAX_DEPTH { Err("an expression is nested too deeply".into()) } else { self.eval_at(e, st) };
        self.depth -= 1;
        r
    }

    fn eval_at(&mut self, e: &Expr, st: State) -> Res<Vec<(State, Lin)>> {
        let out = match e {
            Expr::Int(v, _) => vec![(st, Lin::constant(*v))],
            Expr::Bool(b) => vec![(st, Lin::constant(i128::from(*b)))],
            Expr::Var(v) => {
                let lin = self.read(*v, &st);
                vec![(st, lin)]
            }
            Expr::Not(_) | Expr::Cmp(..) => self.truth_value(e, st)?,
            Expr::Unary(op, t, a) => {
                let mut out = Vec::new();
                for (s, x) in self.eval(a, st)? {
                    match op {
                        UnOp::Neg => match x.scale(-1) {
                            Some(v) => out.extend(self.arith_result(s, v, *t)?),
                            None => out.push(self.aux_value(s, *t)),
                        },
                        UnOp::BitNot if !t.is_bool() => {
                            // ~x is max − x for unsigned x, −x − 1 for signed x (no wrap).
                            let k = if t.is_signed() { -1 } else { IntTy::max(*t) };
                            match x.scale(-1).and_then(|v| v.add_const(k)) {
                                Some(v) => out.push((s, v)),
                                None => out.push(self.aux_value(s, *t)),
                            }
                        }
                        UnOp::BitNot => out.push(self.aux_value(s, *t)),
                    }
                }
                out
            }
            Expr::Binary(op, t, a, b) => {
                let mut out = Vec::new();
                for (s1, x) in self.eval(a, st)? {
                    for (s2, y) in self.eval(b, s1)? {
                        out.extend(self.binary(s2, *op, *t, &x, &y)?);
                        check_alts(out.len())?;
                    }
                }
                out
            }
            Expr::Cast(t, a) => match a.ty(self.p) {
                Some(Type::Bool) => self.truth_value(a, st)?,
                Some(Type::Int(src)) => {
                    let mut out = Vec::new();
                    for (s, x) in self.eval(a, st)? {
                        out.extend(self.convert(s, x, *t, Some((src.min(), src.max())))?);
                        check_alts(out.len())?;
                    }
                    out
                }
                _ => vec![self.aux_value(st, *t)],
            },
            Expr::PtrDiff { ty, .. } => vec![self.aux_value(st, *ty)],
            Expr::Null | Expr::AddrOf(_) | Expr::PtrAdd { .. } => {
                let lin = self.fresh(None);
                vec![(st, lin)]
            }
        };
        check_alts(out.len())?;
        Ok(out)
    }

    fn aux_value(&mut self, st: State, t: IntTy) -> (State, Lin) {
        let lin = self.fresh_int(t);
        (st, lin)
    }

    /// The condition `e` as 0 or 1.
    fn truth_value(&mut self, e: &Expr, st: State) -> Res<Vec<(State, Lin)>> {
        let mut out: Vec<(State, Lin)> =
            self.assume(e, true, st.clone())?.into_iter().map(|s| (s, Lin::constant(1))).collect();
        out.extend(self.assume(e, false, st)?.into_iter().map(|s| (s, Lin::constant(0))));
        Ok(out)
    }

    /// The result of an arithmetic operation of type `t` whose mathematical value is `v`.
    fn arith_result(&mut self, st: State, v: Lin, t: IntTy) -> Res<Vec<(State, Lin)>> {
        if t.is_bool() || wraps(t, self.sem) { self.convert(st, v, t, None) } else { Ok(vec![(st, v)]) }
    }

    /// `v` converted to `t` (modulo 2^w into its range; `_Bool` is `v ≠ 0`), where `v` is known to
    /// lie in `src` when given: one state per possible wrap-around.
    fn convert(&mut self, st: State, v: Lin, t: IntTy, src: Option<(i128, i128)>) -> Res<Vec<(State, Lin)>> {
        if t.is_bool() {
            let mut out: Vec<(State, Lin)> = self
                .add_cmp(st.clone(), CmpOp::Eq, &v, &Lin::constant(0))
                .into_iter()
                .map(|s| (s, Lin::constant(0)))
                .collect();
            out.extend(self.add_cmp(st, CmpOp::Ne, &v, &Lin::constant(0)).into_iter().map(|s| (s, Lin::constant(1))));
            return Ok(out);
        }
        let iv = match (self.interval(&v), src) {
            (Some((a, b)), Some((c, d))) => Some((a.max(c), b.min(d))),
            (Some(x), None) | (None, Some(x)) => Some(x),
            (None, None) => None,
        };
        let Some((lo, hi)) = iv else { return Ok(vec![self.aux_value(st, t)]) };
        if lo > hi {
            return Ok(vec![]);
        }
        let (tmin, tmax) = (t.min(), t.max());
        if tmin <= lo && hi <= tmax {
            return Ok(vec![(st, v)]);
        }
        let m = 1i128 << t.bits();
        let (kmin, kmax) = (ceil_div(lo - tmax, m), floor_div(hi - tmin, m));
        if kmax < kmin {
            return Ok(vec![]);
        }
        if kmax - kmin >= MAX_WRAP_CASES {
            return Ok(vec![self.aux_value(st, t)]);
        }
        let mut out = Vec::new();
        for k in kmin..=kmax {
            let Some(shifted) = k.checked_mul(m).and_then(|km| v.add_const(-km)) else {
                return Ok(vec![self.aux_value(st, t)]);
            };
            let (Some(low), Some(high)) = (Lin::constant(tmin).sub(&shifted), shifted.add_const(-tmax)) else {
                return Ok(vec![self.aux_value(st, t)]);
            };
            let s = self.add_row(st.clone(), Row::le0(low)).and_then(|s| self.add_row(s, Row::le0(high)));
            if let Some(s) = s {
                out.push((s, shifted));
            }
        }
        Ok(out)
    }

    fn binary(&mut self, st: State, op: BinOp, t: IntTy, x: &Lin, y: &Lin) -> Res<Vec<(State, Lin)>> {
        // Constants: evaluated exactly (an error ends the execution).
        if let (Some(a), Some(b)) = (x.as_const(), y.as_const()) {
            return Ok(match eval_binop(op, t, a, b, self.sem) {
                Ok(v) => vec![(st, Lin::constant(v))],
                Err(_) => vec![],
            });
        }
        let math = match op {
            BinOp::Add => x.add(y),
            BinOp::Sub => x.sub(y),
            BinOp::Mul => match (x.as_const(), y.as_const()) {
                (Some(k), _) => y.scale(k),
                (_, Some(k)) => x.scale(k),
                _ => None,
            },
            BinOp::Shl => match y.as_const() {
                Some(k) if k < 0 || k >= i128::from(t.bits()) => return Ok(vec![]),
                Some(k) => 1i128.checked_shl(k as u32).and_then(|m| x.scale(m)),
                None => None,
            },
            BinOp::Div | BinOp::Rem => match y.as_const() {
                Some(0) => return Ok(vec![]),
                Some(k) => return self.divide(st, op == BinOp::Rem, t, x, k),
                None => None,
            },
            BinOp::Shr => match y.as_const() {
                Some(k) if k < 0 || k >= i128::from(t.bits()) => return Ok(vec![]),
                Some(k) => return Ok(self.floor_div_pow2(st, t, x, k as u32).into_iter().collect()),
                None => None,
            },
            BinOp::BitAnd => {
                // x & m with a constant m ≥ 0 lies in [0, m] (and below x when x ≥ 0).
                let (other, mask) = match (x.as_const(), y.as_const()) {
                    (Some(m), _) => (y, m),
                    (_, Some(m)) => (x, m),
                    _ => (x, -1),
                };
                if mask >= 0 {
                    let r = self.fresh_int(t);
                    let mut s = Some(st);
                    for row in [r.scale(-1), r.add_const(-mask)].into_iter().flatten() {
                        s = s.and_then(|s| self.add_row(s, Row::le0(row)));
                    }
                    if self.interval(other).is_some_and(|(lo, _)| lo >= 0)
                        && let Some(row) = r.sub(other)
                    {
                        s = s.and_then(|s| self.add_row(s, Row::le0(row)));
                    }
                    return Ok(s.into_iter().map(|s| (s, r.clone())).collect());
                }
                None
            }
            BinOp::BitOr | BinOp::BitXor => None,
        };
        match math {
            Some(v) => self.arith_result(st, v, t),
            None => Ok(vec![self.aux_value(st, t)]),
        }
    }

    /// `x / k` (or `x % k`) for a constant `k ≠ 0`, truncating toward zero: `q` with
    /// `|k|·q ≤ x ≤ |k|·q + |k| − 1` for `x ≥ 0`, mirrored for `x < 0`.
    fn divide(&mut self, st: State, rem: bool, t: IntTy, x: &Lin, k: i128) -> Res<Vec<(State, Lin)>> {
        let d = k.checked_abs().unwrap_or(i128::MAX);
        let q = self.fresh_int(t);
        let Some(dq) = q.scale(d) else { return Ok(vec![self.aux_value(st, t)]) };
        let (Some(x_minus), Some(minus_x)) = (x.sub(&dq), dq.sub(x)) else {
            return Ok(vec![self.aux_value(st, t)]);
        };
        let mut out = Vec::new();
        let iv = self.interval(x);
        let may_be_nonneg = iv.is_none_or(|(_, hi)| hi >= 0);
        let may_be_neg = iv.is_none_or(|(lo, _)| lo < 0);
        // x ≥ 0: 0 ≤ x − d·q ≤ d − 1.
        if may_be_nonneg {
            let s = self
                .add_row(st.clone(), Row::le0(x.scale(-1).unwrap_or_default()))
                .and_then(|s| self.add_row(s, Row::le0(minus_x.clone())))
                .and_then(|s| x_minus.add_const(-(d - 1)).and_then(|r| self.add_row(s, Row::le0(r))));
            out.extend(s);
        }
        // x < 0: −(d − 1) ≤ x − d·q ≤ 0.
        if may_be_neg {
            let s = x
                .add_const(1)
                .and_then(|r| self.add_row(st.clone(), Row::le0(r)))
                .and_then(|s| self.add_row(s, Row::le0(x_minus.clone())))
                .and_then(|s| minus_x.add_const(-(d - 1)).and_then(|r| self.add_row(s, Row::le0(r))));
            out.extend(s);
        }
        let result = if rem {
            x_minus
        } else if k < 0 {
            match q.scale(-1) {
                Some(v) => v,
                None => return Ok(vec![self.aux_value(st, t)]),
            }
        } else {
            q
        };
        // The quotient of a value of `t` by a constant is in `t` (MIN / −1 is an error).
        Ok(out.into_iter().map(|s| (s, result.clone())).collect())
    }

    /// `⌊x / 2^k⌋` (an arithmetic right shift).
    fn floor_div_pow2(&mut self, st: State, t: IntTy, x: &Lin, k: u32) -> Option<(State, Lin)> {
        let d = 1i128.checked_shl(k)?;
        let q = self.fresh_int(t);
        let dq = q.scale(d)?;
        let s = self.add_row(st, Row::le0(dq.sub(x)?))?;
        let s = self.add_row(s, Row::le0(x.sub(&dq)?.add_const(-(d - 1))?))?;
        Some((s, q))
    }
}

/// `st` with one more condition left out.
fn dropped(mut st: State) -> State {
    st.dropped += 1;
    st
}

fn check_alts(n: usize) -> Res<()> {
    if n > MAX_ALTS { Err(format!("too many paths (more than {MAX_ALTS} cases in one step)")) } else { Ok(()) }
}

/// Whether loop `inner` is nested (at any depth) in `outer`.
fn is_inside(forest: &LoopForest, inner: LoopId, outer: LoopId) -> bool {
    let mut cur = forest.loops.get(inner).and_then(|l| l.parent);
    let mut steps = 0;
    while let Some(c) = cur {
        if c == outer {
            return true;
        }
        steps += 1;
        if steps > forest.loops.len() {
            return false;
        }
        cur = forest.loops.get(c).and_then(|l| l.parent);
    }
    false
}

/// The range constraints of the constrained symbols among `syms`.
pub fn range_rows(info: &[SymInfo], syms: &BTreeSet<Sym>) -> Vec<Row> {
    let mut rows = Vec::new();
    for &s in syms {
        let Some(i) = info.get(s) else { continue };
        if !i.constrained {
            continue;
        }
        if let Some((lo, hi)) = i.range {
            let x = Lin::sym(s);
            if let Some(r) = x.add_const(-hi) {
                rows.push(Row::le0(r));
            }
            if let Some(r) = x.scale(-1).and_then(|r| r.add_const(lo)) {
                rows.push(Row::le0(r));
            }
        }
    }
    rows
}

pub fn int_sym(s: Sym) -> Int {
    Int::new_const(format!("rk_s{s}"))
}

pub fn int_lin(lin: &Lin) -> Int {
    let mut terms = vec![Int::from_i128(lin.constant)];
    for (&s, &c) in &lin.terms {
        terms.push(Int::mul(&[Int::from_i128(c), int_sym(s)]));
    }
    Int::add(&terms)
}

pub fn int_row(r: &Row) -> Bool {
    let e = int_lin(&r.lin);
    if r.eq { e.eq(Int::from_i64(0)) } else { e.le(Int::from_i64(0)) }
}
