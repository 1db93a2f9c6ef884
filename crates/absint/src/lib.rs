//! Invariance analysis: abstract interpretation of one IR function over a numeric domain.
//!
//! [`analyze`] computes, for every location of a function, an element of a domain of
//! `leapfrog-domains` that contains every state a real execution can have there (restricted to
//! the tracked variables: the integer and condition registers, and the memory cells given as
//! views ([`Config::views`]: a load from a viewed cell reads the view, a store to it writes it,
//! any other write that may reach it forgets it) — other memory, pointers and floats are not
//! tracked, and every command that may change a tracked variable in a way the domain cannot
//! follow forgets it). The result per loop header ([`Invariants::at_loops`]) is a conjunction of
//! linear constraints over the program's variables; [`facts`] turns them into IR expressions
//! with their C text, for the techniques that take invariant candidates.
//!
//! Semantics (the IR's, `leapfrog_ir`): values are the registers' values, in their types' ranges;
//! a conversion wraps as gcc does; unsigned arithmetic (all arithmetic under
//! [`Semantics::BitPrecise`]) wraps, signed arithmetic under the default semantics is exact (an
//! overflow is undefined behaviour, which ends the execution). Inputs — parameters, havocs
//! (nondet values, volatile reads, uninitialized locals), loads, call results — are any value of
//! their type. Calls of functions with or without a body may change every global. A step that
//! may not return (`Opaque` with `may_not_return`: a call through a pointer, `longjmp`, inline
//! assembly) may jump anywhere: a function with one is not analysed ([`Error`]).
//!
//! Variables are projected away where they are dead (`ir::liveness`): an invariant speaks of the
//! variables some path still reads.
//!
//! Iteration: a worklist ordered by the function's weak topological order (`ir::wto`,
//! Bourdoncle), so an inner component is stabilized before the rest of the outer one is visited,
//! and only locations whose inputs changed are recomputed; at the components' heads (every cycle
//! passes one) the new value is widened after [`Config::widening_delay`] plain joins (with the
//! program's constants as thresholds), then [`Config::narrowing_rounds`] descending rounds
//! recompute every location from its predecessors in that order (narrowing at heads). Every
//! iterate is computed from sound iterates by sound transfer functions, so stopping anywhere after
//! the ascending phase is sound.
//!
//! The analysis is never trusted: what it finds is offered to techniques as candidates, and every
//! invariant a verdict rests on is re-checked by `leapfrog-certify`.
//!
//! Invariant: depends on `leapfrog-ir`, `leapfrog-arith`, `leapfrog-linear` and
//! `leapfrog-domains`; the domains never see the IR (this crate translates).

pub mod facts;
pub mod linearize;
pub mod recurrence;
pub mod variance;

use leapfrog_arith::{IntTy, Semantics};
use leapfrog_domains::{Dim, NumericDomain};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::wto::Wto;
use leapfrog_ir::{Command, EdgeId, Expr, FuncId, Id, IdVec, LocId, LoopId, MemoryView, Program, VarId, VarKind};
use leapfrog_linear::{Affine, Constraint, Rational, rational};
use linearize::condition;
use num_traits::Signed;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// How the fixpoint is computed.
#[derive(Clone, Debug)]
pub struct Config {
    pub semantics: Semantics,
    /// Plain joins at a cutpoint before widening starts.
    pub widening_delay: u32,
    /// Count the plain joins again when a loop head grows from outside its loop (the enclosing
    /// loop's next iteration): more precise nested invariants (`n - k + len <= 18` in a copy
    /// loop the enclosing loop enters again), more iterations. For the invariants offered as
    /// facts; the termination analyses tuned on the plain count keep it.
    pub restart_widening_on_entry: bool,
    /// Descending rounds after the ascending phase.
    pub narrowing_rounds: u32,
    /// Widen with the program's constants (and their neighbours) as thresholds.
    pub thresholds: bool,
    /// Give up (an [`Error`]) after this many location visits per location.
    pub max_visits_per_location: u32,
    /// Give up when more tracked variables than this are live at one location (the cost of a
    /// relational domain's operations grows with the cube of the variables, or faster).
    pub max_live_variables: Option<usize>,
    pub deadline: Option<Instant>,
    /// Memory cells at constant offsets tracked like registers (`ir::MemoryView`: ghost
    /// variables of the function, which the program never assigns): a load from the cell reads
    /// the view, a store to it writes the view, and any other write that may reach the cell
    /// forgets it.
    pub views: Vec<MemoryView>,
}

impl Config {
    pub fn new(semantics: Semantics) -> Config {
        Config {
            semantics,
            widening_delay: 2,
            restart_widening_on_entry: false,
            narrowing_rounds: 2,
            thresholds: true,
            max_visits_per_location: 1000,
            max_live_variables: None,
            views: Vec::new(),
            deadline: None,
        }
    }
}

/// Why a function was not analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A step that may not return (what it is).
    MayNotReturn(String),
    /// The deadline passed, the visit budget ran out, or the function has too many live
    /// variables for the domain.
    Budget(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::MayNotReturn(what) => write!(f, "the function has a step that may not return ({what})"),
            Error::Budget(what) => write!(f, "the invariance analysis stopped: {what}"),
        }
    }
}

/// The tracked variables and their dimensions (a variable's dimension is its index).
#[derive(Clone, Debug, Default)]
pub struct Tracked {
    vars: BTreeMap<VarId, IntTy>,
}

impl Tracked {
    /// The integer registers `func` reads or writes, with their types. (Condition registers are
    /// not tracked: a comparison's value is not affine, so they would only ever be 0 or 1.)
    pub fn of(p: &Program, func: FuncId) -> Tracked {
        let f = &p.funcs[func];
        let mut vars = BTreeMap::new();
        let mut add = |v: VarId| {
            if let Some(Type::Int(t)) = p.vars[v].ty.reg() {
                vars.insert(v, t);
            }
        };
        for &v in f.params.iter().chain(&f.locals) {
            add(v);
        }
        for e in f.edges.values() {
            for v in e.cmd.exprs().into_iter().flat_map(|x| x.reads()).chain(e.cmd.defs()) {
                add(v);
            }
        }
        Tracked { vars }
    }

    /// The dimension of `v`, if it is tracked.
    pub fn dim(&self, v: VarId) -> Option<Dim> {
        self.vars.contains_key(&v).then_some(v.index())
    }

    /// The variable of dimension `d`.
    pub fn var(&self, d: Dim) -> VarId {
        VarId::new(d)
    }

    /// The tracked variables with their types.
    pub fn iter(&self) -> impl Iterator<Item = (VarId, IntTy)> + '_ {
        self.vars.iter().map(|(v, t)| (*v, *t))
    }

    fn ty(&self, v: VarId) -> Option<IntTy> {
        self.vars.get(&v).copied()
    }
}

/// The analysis result of one function.
#[derive(Clone, Debug)]
pub struct Invariants<D> {
    pub tracked: Tracked,
    /// Per location: `None` when no execution reaches it.
    pub at: IdVec<LocId, Option<D>>,
    pub forest: LoopForest,
}

impl<D: NumericDomain> Invariants<D> {
    /// `d`'s constraints over the program's variables.
    pub fn over_vars(&self, constraints: &[Constraint<Dim>]) -> Vec<Constraint<VarId>> {
        constraints.iter().map(|c| c.map_vars(|d| self.tracked.var(*d))).collect()
    }

    /// Per loop: its header and the invariant there, as constraints over the program's
    /// variables (`[-1 >= 0]` for an unreachable header).
    pub fn at_loops(&self) -> Vec<(LoopId, LocId, Vec<Constraint<VarId>>)> {
        self.forest
            .loops
            .iter()
            .map(|(id, l)| {
                let constraints = match &self.at[l.header] {
                    None => vec![Constraint::unsatisfiable()],
                    Some(e) => self.over_vars(&e.constraints()),
                };
                (id, l.header, constraints)
            })
            .collect()
    }
}

/// Runs `work` in its own thread and waits for it until `deadline` (plus a grace of a tenth of
/// a second): one domain operation over many variables cannot be interrupted, and a job must
/// still end within its time limit. `None` when the deadline passed first; the abandoned work
/// ends at its next deadline check (or with the process).
pub fn until_deadline<T: Send + 'static>(
    deadline: Option<Instant>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    let wait = deadline.map_or(std::time::Duration::MAX, |d| {
        d.saturating_duration_since(Instant::now()) + std::time::Duration::from_millis(100)
    });
    rx.recv_timeout(wait).ok()
}

/// A dimension no variable (or ghost) has: the unknown part of a quasi-linear value.
const SCRATCH: Dim = usize::MAX - 1;

/// The range of a value of `ty`, as constraints on dimension `d`.
fn type_range(d: Dim, ty: IntTy) -> [Constraint<Dim>; 2] {
    let x = Affine::var(d);
    [
        Constraint::ge(&x, &Affine::constant(rational(ty.min()))),
        Constraint::le(&x, &Affine::constant(rational(ty.max()))),
    ]
}

/// `v := any value of its type`.
fn havoc<D: NumericDomain>(element: &mut D, tracked: &Tracked, v: VarId) {
    if let (Some(d), Some(ty)) = (tracked.dim(v), tracked.ty(v)) {
        element.forget(d);
        for c in type_range(d, ty) {
            element.assume(&c);
        }
    }
}

struct Analyzer<'a> {
    p: &'a Program,
    tracked: Tracked,
    cfg: &'a Config,
    globals: Vec<VarId>,
}

impl<'a> Analyzer<'a> {
    /// The analyzer of function `func`: a function with a step that may not return (which may
    /// jump anywhere) cannot be analysed.
    fn new(p: &'a Program, func: FuncId, cfg: &'a Config) -> Result<Analyzer<'a>, Error> {
        if let Some(what) = p.funcs[func].edges.values().find_map(|e| match &e.cmd {
            Command::Opaque { what, may_not_return: true, .. } => Some(what.clone()),
            _ => None,
        }) {
            return Err(Error::MayNotReturn(what));
        }
        let tracked = Tracked::of(p, func);
        let globals = tracked.iter().map(|(v, _)| v).filter(|v| p.vars[*v].kind == VarKind::Global).collect();
        Ok(Analyzer { p, tracked, cfg, globals })
    }

    /// The state after edge `e` of `f` from `input`, projected onto the variables live at its
    /// target (`live`, from `ir::liveness`), the views, and the dimensions `also` keeps (`None`:
    /// the edge cannot be taken from it).
    fn step<D: NumericDomain>(
        &self,
        f: &leapfrog_ir::Function,
        live: &IdVec<LocId, BTreeSet<VarId>>,
        also: &dyn Fn(Dim) -> bool,
        input: &D,
        e: EdgeId,
    ) -> Option<D> {
        let edge = &f.edges[e];
        let mut next = self.transfer(input, &edge.cmd)?;
        let live_here = &live[edge.to];
        next.project(&|d| also(d) || live_here.contains(&VarId::new(d)) || self.is_view(d));
        Some(next)
    }

    /// The most tracked variables live at one of `locs`.
    fn most_live(&self, live: &IdVec<LocId, BTreeSet<VarId>>, locs: impl Iterator<Item = LocId>) -> usize {
        locs.map(|loc| live[loc].iter().filter(|v| self.tracked.dim(**v).is_some()).count()).max().unwrap_or(0)
    }

    /// The state after `cmd` from `input` (`None`: the command cannot complete from it).
    fn transfer<D: NumericDomain>(&self, input: &D, cmd: &Command) -> Option<D> {
        let mut out = input.clone();
        let sem = self.cfg.semantics;
        match cmd {
            Command::Skip | Command::Free(_) | Command::Output { .. } | Command::Exit(_) | Command::Abort => {}
            Command::Store { addr, value } => self.store(&mut out, addr, value),
            Command::InitObject { var, .. } => self.forget_views(&mut out, Some(*var)),
            Command::MemCopy { dst, .. } | Command::MemSet { dst, .. } => {
                self.forget_views(&mut out, dst.base_object());
            }
            Command::Assume(cond) | Command::Assert { cond, .. } => {
                // Past an assertion, its condition held (a failing one ends the execution).
                linearize::assume_condition(self.p, &self.tracked, sem, &mut out, cond);
            }
            Command::Assign(v, e) => self.assign(&mut out, *v, e),
            Command::Load { dst, addr } => self.load(&mut out, *dst, addr),
            Command::Havoc(v, _) | Command::Alloc { dst: v, .. } => {
                havoc(&mut out, &self.tracked, *v);
            }
            Command::Call { dst, .. } | Command::CallExtern { dst, .. } => {
                for g in &self.globals {
                    havoc(&mut out, &self.tracked, *g);
                }
                self.forget_views(&mut out, None);
                if let Some(v) = dst {
                    havoc(&mut out, &self.tracked, *v);
                }
            }
            Command::Opaque { havoc: vars, writes_memory, .. } => {
                for v in vars {
                    havoc(&mut out, &self.tracked, *v);
                }
                if *writes_memory {
                    self.forget_views(&mut out, None);
                }
            }
        }
        (!out.is_bottom()).then_some(out)
    }

    /// Whether dimension `d` is a memory view's (never dead: the program reads it by loads).
    fn is_view(&self, d: Dim) -> bool {
        self.cfg.views.iter().any(|w| w.var.index() == d)
    }

    /// The view of the cell of `ty` at `addr`, when `addr` is a constant cell address.
    fn view_at(&self, addr: &Expr, ty: Type) -> Option<VarId> {
        let (object, offset) = addr.constant_cell()?;
        let w = self.cfg.views.iter().find(|w| w.object == object && w.offset == offset)?;
        (self.p.vars[w.var].ty.reg() == Some(ty)).then_some(w.var)
    }

    /// `dst := *addr`: the view's value when `addr` is a viewed cell of `dst`'s type, else any
    /// value of the type.
    fn load<D: NumericDomain>(&self, out: &mut D, dst: VarId, addr: &Expr) {
        let view = self.p.vars[dst].ty.reg().and_then(|ty| self.view_at(addr, ty));
        match (view, self.tracked.dim(dst)) {
            (Some(w), Some(_)) if self.tracked.dim(w).is_some() => self.assign(out, dst, &Expr::Var(w)),
            _ => havoc(out, &self.tracked, dst),
        }
    }

    /// `*addr := value`: the view of the cell written, if any, gets the value; every other view
    /// the write may touch is forgotten (views of the addressed object overlapping the bytes
    /// written; of the object when the offset is not constant — a write outside the object is
    /// undefined behaviour; of every object when the address has no known object).
    fn store<D: NumericDomain>(&self, out: &mut D, addr: &Expr, value: &Expr) {
        let ty = value.ty(&self.p.vars);
        let Some((object, offset)) = addr.constant_cell() else {
            self.forget_views(out, addr.base_object());
            return;
        };
        let size = match ty {
            Some(Type::Int(t)) => i128::from(t.bits() / 8),
            _ => i128::from(u16::MAX),
        };
        let written = ty.and_then(|t| self.view_at(addr, t));
        for w in self.cfg.views.iter().filter(|w| w.object == object && Some(w.var) != written) {
            let Some(Type::Int(t)) = self.p.vars[w.var].ty.reg() else { continue };
            if w.offset < offset + size && offset < w.offset + i128::from(t.bits() / 8) {
                havoc(out, &self.tracked, w.var);
            }
        }
        if let Some(w) = written {
            self.assign(out, w, value);
        }
    }

    /// Forgets the views of `object` (of every object when `None`).
    fn forget_views<D: NumericDomain>(&self, out: &mut D, object: Option<VarId>) {
        for w in self.cfg.views.iter().filter(|w| object.is_none_or(|o| w.object == o)) {
            havoc(out, &self.tracked, w.var);
        }
    }

    fn assign<D: NumericDomain>(&self, out: &mut D, v: VarId, e: &Expr) {
        let (Some(d), Some(ty)) = (self.tracked.dim(v), self.tracked.ty(v)) else { return };
        if let Some(cond) = condition_value(e) {
            // A comparison's value (`negative = x < 0`): 1 where it holds, 0 where it does not,
            // each branch with what it tells, joined (so `x >= 100` makes it 0, and octagons
            // relate it to `x` where they can).
            let branch = |holds: bool| {
                let mut branch = out.clone();
                let cond = if holds { cond.clone() } else { Expr::Not(Box::new(cond.clone())) };
                for c in condition(self.p, &self.tracked, self.cfg.semantics, &branch, &cond) {
                    branch.assume(&c);
                }
                branch.assign(d, &Affine::constant(rational(i128::from(holds))));
                (!branch.is_bottom()).then_some(branch)
            };
            match (branch(true), branch(false)) {
                (Some(a), Some(b)) => *out = a.join(&b),
                (Some(one), None) | (None, Some(one)) => *out = one,
                (None, None) => *out = D::bottom(),
            }
            return;
        }
        if ty == IntTy::Bool {
            // A condition or `_Bool`: 0 or 1 (a constant stays exact).
            match e {
                Expr::Bool(b) => out.assign(d, &Affine::constant(rational(i128::from(*b)))),
                Expr::Int(c, _) => out.assign(d, &Affine::constant(rational(i128::from(*c != 0)))),
                _ => havoc(out, &self.tracked, v),
            }
            return;
        }
        match linearize::linearize_in(self.p, &self.tracked, self.cfg.semantics, out, e) {
            Some(l) => {
                out.assign(d, &l.affine);
                // The value is the affine value converted as the expression says (the identity
                // when it fits). An exact signed result under the default semantics stays
                // mathematical: an overflow is undefined behaviour, not a wrap.
                if let Some(w) = l.wrap {
                    out.convert(d, w);
                }
                if l.wrap.is_some_and(|w| w != ty) || (l.wrap.is_none() && linearize::wraps(ty, self.cfg.semantics)) {
                    out.convert(d, ty);
                }
                // A bound beyond any machine value (a product growing iteration after iteration
                // under the mathematical semantics) is dropped: exact numbers of thousands of
                // digits cost more than they tell.
                let b = out.bounds(&Affine::var(d));
                let huge = |v: &Option<Rational>| v.as_ref().is_some_and(|v| v.abs() > rational(1i128 << 100));
                if huge(&b.lo) || huge(&b.hi) {
                    if linearize::wraps(ty, self.cfg.semantics) {
                        havoc(out, &self.tracked, v);
                    } else {
                        out.forget(d);
                    }
                }
            }
            // Not affine: any value of the type, or, for a signed type under the default
            // semantics, any integer (the mathematical result; an overflow would be undefined
            // behaviour, but the checker's model lets the value leave the range).
            None if linearize::wraps(ty, self.cfg.semantics) => havoc(out, &self.tracked, v),
            None => match linearize::quasi_linearize(self.p, &self.tracked, self.cfg.semantics, out, e) {
                // `v := affine + t` for some `t` in the interval, through a scratch dimension.
                Some((affine, interval)) => {
                    out.forget(SCRATCH);
                    let t = Affine::var(SCRATCH);
                    if let Some(lo) = &interval.lo {
                        out.assume(&Constraint::ge(&t, &Affine::constant(lo.clone())));
                    }
                    if let Some(hi) = &interval.hi {
                        out.assume(&Constraint::le(&t, &Affine::constant(hi.clone())));
                    }
                    out.assign(d, &affine.add(&t));
                    out.forget(SCRATCH);
                    out.project(&|x| x != SCRATCH);
                }
                None => out.forget(d),
            },
        }
    }
}

/// The condition whose value (0 or 1, perhaps converted to an integer type) `e` is: a
/// comparison or its negation.
fn condition_value(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Cast(_, inner) => condition_value(inner),
        Expr::Cmp(..) => Some(e),
        Expr::Not(inner) if matches!(**inner, Expr::Cmp(..)) => Some(e),
        _ => None,
    }
}

/// The program's integer constants and their neighbours (`c - 1`, `c + 1`), the widening
/// thresholds.
fn thresholds(p: &Program, func: FuncId) -> Vec<Rational> {
    fn walk(e: &Expr, out: &mut BTreeSet<i128>) {
        if let Expr::Int(c, _) = e
            && c.abs() <= 1 << 40
        {
            out.extend([*c - 1, *c, *c + 1]);
        }
        for child in e.children() {
            walk(child, out);
        }
    }
    let mut out = BTreeSet::new();
    for edge in p.funcs[func].edges.values() {
        for e in edge.cmd.exprs() {
            walk(e, &mut out);
        }
    }
    out.into_iter().map(rational).collect()
}

/// The fixpoint over the locations `inside` that `start` reaches through them: the value at each
/// location (`None`: unreached). The edges out of `start` start from `seed` joined with what the
/// edges into `start` bring (its value holds only the latter). Ascending: a worklist ordered by
/// the weak topological order (`ir::wto`), so a component is stabilized before anything after it
/// is visited (Bourdoncle's recursive strategy, visiting only what changed), widening at the
/// components' heads after [`Config::widening_delay`] growths (with
/// [`Config::restart_widening_on_entry`], counted again from zero when a head grows from outside
/// its component: the enclosing loop's next iteration starts a new ascending sequence there,
/// whose first iterates the widening would otherwise drop relations of; the enclosing loop's
/// own widening bounds how often that happens); descending:
/// [`Config::narrowing_rounds`] rounds recomputing every location from its predecessors in that
/// order (narrowing at heads). Every iterate comes from sound iterates by sound transfer
/// functions, so stopping a descending round anywhere is sound.
#[allow(clippy::too_many_arguments)]
fn solve<D: NumericDomain>(
    f: &leapfrog_ir::Function,
    cfg: &Config,
    thresholds: &[Rational],
    start: LocId,
    seed: &D,
    inside: &dyn Fn(LocId) -> bool,
    step: &dyn Fn(&D, EdgeId) -> Option<D>,
) -> Result<IdVec<LocId, Option<D>>, Error> {
    let succ = f.successors();
    let pred = f.predecessors();
    let wto = Wto::compute(f, start, inside);
    let rank = |l: LocId| wto.position(l).unwrap_or(usize::MAX);
    let mut at: IdVec<LocId, Option<D>> = f.locs.ids().map(|_| None).collect();
    let source = |at: &IdVec<LocId, Option<D>>, l: LocId| -> Option<D> {
        match (l == start, &at[l]) {
            (true, Some(value)) => Some(seed.join(value)),
            (true, None) => Some(seed.clone()),
            (false, value) => value.clone(),
        }
    };
    let mut visits = vec![0u32; f.locs.len()];
    let mut total_visits = vec![0u32; f.locs.len()];
    let mut work: BTreeSet<(usize, LocId)> = BTreeSet::from([(rank(start), start)]);
    let out_of_time = || cfg.deadline.is_some_and(|d| Instant::now() >= d);
    // Ascending phase.
    while let Some((_, l)) = work.pop_first() {
        if out_of_time() {
            return Err(Error::Budget("time limit".to_string()));
        }
        let Some(state) = source(&at, l) else { continue };
        for &e in &succ[l] {
            if out_of_time() {
                return Err(Error::Budget("time limit".to_string()));
            }
            let t = f.edges[e].to;
            if !inside(t) {
                continue;
            }
            let Some(next) = step(&state, e) else { continue };
            let updated = match &at[t] {
                None => next,
                Some(old) => {
                    if next.leq(old) {
                        continue;
                    }
                    visits[t.index()] += 1;
                    total_visits[t.index()] += 1;
                    if total_visits[t.index()] > cfg.max_visits_per_location {
                        return Err(Error::Budget("too many iterations".to_string()));
                    }
                    // A head grown from outside its loop (the enclosing loop's next iteration)
                    // starts a new ascending sequence: joins first again, then widening.
                    if cfg.restart_widening_on_entry && wto.is_head(t) && rank(l) < rank(t) {
                        visits[t.index()] = 0;
                    }
                    let joined = old.join(&next);
                    if wto.is_head(t) && visits[t.index()] > cfg.widening_delay {
                        old.widen_with_thresholds(&joined, thresholds)
                    } else {
                        joined
                    }
                }
            };
            at[t] = Some(updated);
            work.insert((rank(t), t));
        }
    }
    // Descending phase.
    for _ in 0..cfg.narrowing_rounds {
        for &l in wto.order() {
            if out_of_time() {
                return Ok(at);
            }
            let mut new: Option<D> = None;
            for &e in &pred[l] {
                let from = f.edges[e].from;
                if !inside(from) {
                    continue;
                }
                let Some(src) = source(&at, from) else { continue };
                if let Some(next) = step(&src, e) {
                    new = Some(match new {
                        None => next,
                        Some(acc) => acc.join(&next),
                    });
                }
            }
            at[l] = match (&at[l], new) {
                (Some(old), Some(new)) if wto.is_head(l) => Some(old.narrow(&new)),
                (Some(old), Some(new)) => Some(if new.leq(old) { new } else { old.meet(&new) }),
                (_, new) => new,
            };
        }
    }
    Ok(at)
}

/// Analyses function `func` of `p` from an entry state where every tracked variable holds any
/// value of its type.
pub fn analyze<D: NumericDomain>(p: &Program, func: FuncId, cfg: &Config) -> Result<Invariants<D>, Error> {
    analyze_from(p, func, cfg, D::top())
}

/// [`analyze`] starting from `top`, the domain's top element as the caller configures it (say,
/// a disjunctive domain with its bound on disjuncts).
pub fn analyze_from<D: NumericDomain>(p: &Program, func: FuncId, cfg: &Config, top: D) -> Result<Invariants<D>, Error> {
    let f = &p.funcs[func];
    let analyzer = Analyzer::new(p, func, cfg)?;
    let forest = LoopForest::compute(f);
    let thresholds = if cfg.thresholds { thresholds(p, func) } else { Vec::new() };
    // Dead variables are projected away where they die: elements stay small, and nothing is
    // lost about the live ones (projection keeps every implied relation).
    let live = leapfrog_ir::liveness::live_variables(f);
    if let Some(max) = cfg.max_live_variables {
        let n = analyzer.most_live(&live, live.ids());
        if n > max {
            return Err(Error::Budget(format!(
                "{n} integer variables are live at one point (at most {max} for this domain)"
            )));
        }
    }
    let step = |state: &D, e: EdgeId| analyzer.step(f, &live, &|_| false, state, e);

    let mut entry = top;
    for (v, ty) in analyzer.tracked.iter() {
        for c in type_range(v.index(), ty) {
            entry.assume(&c);
        }
    }
    let mut at = solve(f, cfg, &thresholds, f.entry, &entry, &|_| true, &step)?;
    at[f.entry] = Some(entry);
    Ok(Invariants { tracked: analyzer.tracked, at, forest })
}
