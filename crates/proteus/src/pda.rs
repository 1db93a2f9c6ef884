//! The path dependency automaton of a loop (proteus-tse19 Definition 3, Algorithm 1).
//!
//! States are the loop's paths: an initial state for the entry into the loop (a one-time path
//! that changes nothing), one per iteration path (iterative: it may run many times in a row),
//! and one per exit path (accepting). A transition `(q_i, q_j)` exists when, after `k ≥ 1`
//! consecutive executions of `σ_i` (exactly one for the entry), `σ_j` can run:
//! `φ_ij = θ_i(X) ∧ θ_i(X_{k−1}) ∧ θ_j(X_k) ∧ k ≥ 1`, with `X_m` the closed forms of `σ_i`'s
//! variables after `m` executions ([`crate::induction`]) — Theorem 1 makes the first and last
//! executions enough when `θ_i`'s conditions are monotonic. A variable without a closed form,
//! or a value the path does not determine (an input, a load), is a fresh value per execution, so
//! a transition is kept whenever Z3 cannot rule it out (including when it gives up): the
//! automaton over-approximates the loop's executions.

use crate::induction::{PathInduction, analyze, updates_of};
use crate::nest::Crossed;
use crate::poly::Atom;
use leapfrog_ir::VarId;
use leapfrog_linear::{Rational, to_i128};
use leapfrog_paths::linear::{Row, Sym};
use leapfrog_paths::{LinPath, LoopPaths};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_smt::{Answer, QueryLimits, Satisfiability, Solver};
use num_integer::Integer as _;
use num_traits::One;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// What a state's path is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateKind {
    /// Entering the loop (runs once, changes nothing).
    Entry,
    /// An iteration path (index into [`LoopPaths::paths`]).
    Iteration(usize),
    /// A path out of the loop (index into [`LoopPaths::exits`]); accepting.
    Exit(usize),
}

/// One state with its path's induction analysis (none for the entry).
#[derive(Clone, Debug)]
pub struct State {
    pub kind: StateKind,
    pub induction: Option<PathInduction>,
}

/// The automaton.
#[derive(Clone, Debug)]
pub struct Pda {
    pub states: Vec<State>,
    /// `(i, j)`: `σ_j` can run after `σ_i` (sorted).
    pub transitions: Vec<(usize, usize)>,
    /// Transitions Z3 could not decide (kept).
    pub undecided: usize,
    /// What the paths know of the inner loops they cross (the values of auxiliary symbols an
    /// inner loop's summary gives, and its no-overflow conditions).
    pub crossed: Crossed,
}

/// Cycles of more states than this are not checked for periodicity (they count as irregular).
const MAX_PERIODIC_STATES: usize = 8;

/// The most time the transition queries of one automaton take.
const TRANSITIONS_BUDGET: Duration = Duration::from_millis(300);

/// The limit of one transition query: Z3's resource limit alone (a timer per query would cost
/// more than most queries; the deadline is still checked before each one).
const QUERY_LIMITS: QueryLimits = QueryLimits { timeout: Duration::ZERO, rlimit: 400_000 };

impl Pda {
    /// The automaton of the loop with paths `paths` (built [`leapfrog_paths::Extractor::with_exits`]),
    /// with what they know of the inner loops they cross.
    pub fn build(paths: &LoopPaths, crossed: Crossed, deadline: Instant) -> Pda {
        let vars: BTreeSet<VarId> = paths.pre.keys().copied().collect();
        let mut states = vec![State { kind: StateKind::Entry, induction: None }];
        for (i, path) in paths.paths.iter().enumerate() {
            let induction = analyze(&vars, &updates_of(paths, path, &crossed.defined), Some(deadline));
            states.push(State { kind: StateKind::Iteration(i), induction: Some(induction) });
        }
        for i in 0..paths.exits.len() {
            states.push(State { kind: StateKind::Exit(i), induction: None });
        }
        let encoder = Encoder::new(paths);
        // Past its budget the solver answers unknown at once: the transitions left are kept
        // (an automaton may over-approximate) and counted as undecided.
        let solver = Solver::new(QUERY_LIMITS, Some(deadline.min(Instant::now() + TRANSITIONS_BUDGET)));
        let mut transitions = Vec::new();
        let mut undecided = 0;
        let start_values: std::cell::RefCell<std::collections::HashMap<Sym, Int>> = Default::default();
        let start =
            |s: Sym| start_values.borrow_mut().entry(s).or_insert_with(|| Int::new_const(format!("pd_x{s}"))).clone();
        let k = Int::new_const("pd_k");
        for (i, from) in states.iter().enumerate() {
            let successors = states.iter().enumerate().filter(|(j, to)| *j != i && to.kind != StateKind::Entry);
            match (from.kind, &from.induction) {
                // From the entry: every path was found feasible when it was built.
                (StateKind::Entry, _) => transitions.extend(successors.map(|(j, _)| (i, j))),
                // σ_i ran k ≥ 1 times (its condition held before the first and the last run),
                // asserted once; each successor's condition after them is one assumption.
                (StateKind::Iteration(p), Some(ind)) => {
                    let path = &paths.paths[p];
                    solver.push();
                    for fact in encoder.ran(path, ind, &start, &k, ("a", "b")) {
                        solver.assert(&fact);
                    }
                    let after_k = ValuesAfter::default();
                    let pending: Vec<(usize, Bool)> = successors
                        .map(|(j, to)| {
                            let to_path = encoder.path(to.kind).expect("an iteration or exit");
                            let selector = Bool::new_const(format!("pd_to{j}"));
                            let condition = encoder.condition_after(
                                to_path,
                                ind,
                                &start,
                                Some(&k),
                                &format!("c{j}"),
                                Some(&after_k),
                            );
                            solver.assert(&selector.implies(&condition));
                            (j, selector)
                        })
                        .collect();
                    // One query per successor, without a model: evaluating the other
                    // successors' conditions in a model (to skip their queries) cost more than
                    // the queries themselves.
                    let mut found = Vec::new();
                    for (j, selector) in pending {
                        match solver.satisfiability(&[selector]) {
                            Satisfiability::Unsat => {}
                            Satisfiability::Sat => found.push(j),
                            Satisfiability::Unknown(_) => {
                                undecided += 1;
                                found.push(j);
                            }
                        }
                    }
                    found.sort_unstable();
                    transitions.extend(found.into_iter().map(|j| (i, j)));
                    solver.pop();
                }
                _ => {}
            }
        }
        Pda { states, transitions, undecided, crossed }
    }

    /// The strongly connected sets of iteration states that lie on a cycle of the automaton
    /// (each with at least two states: a state has no transition to itself).
    pub fn cycles(&self) -> Vec<Vec<usize>> {
        let n = self.states.len();
        let mut reach = vec![vec![false; n]; n];
        for &(i, j) in &self.transitions {
            reach[i][j] = true;
        }
        // Transitive closure (Warshall).
        for m in 0..n {
            let through = reach[m].clone();
            for row in reach.iter_mut() {
                if row[m] {
                    for (cell, &via) in row.iter_mut().zip(&through) {
                        *cell |= via;
                    }
                }
            }
        }
        let mut seen = vec![false; n];
        let mut out = Vec::new();
        for i in 0..n {
            if seen[i] || !reach[i][i] {
                continue;
            }
            let component: Vec<usize> = (0..n).filter(|&j| reach[i][j] && reach[j][i]).collect();
            for &j in &component {
                seen[j] = true;
            }
            out.push(component);
        }
        out
    }
}

impl Pda {
    /// Whether every cycle of the automaton is periodic (Proteus §3.2): for every transition
    /// `(q_i, q_j)` of a cycle, entered from a state `q_h` of the same cycle, the number of
    /// executions of `σ_i` is the same every time the cycle passes, as far as the variables no
    /// path of the cycle changes are the same. Checked with two copies of the passage that agree
    /// on those variables and differ in the count; a query Z3 cannot decide counts as irregular.
    /// `None` when the automaton has no cycle (sequential execution).
    pub fn cycles_are_periodic(&self, paths: &LoopPaths, deadline: Instant) -> Option<bool> {
        let cycles = self.cycles();
        if cycles.is_empty() {
            return None;
        }
        let encoder = Encoder::new(paths);
        let solver = Solver::new(QUERY_LIMITS, Some(deadline));
        for component in cycles {
            // The check is cubic in the cycle's states: a large one is taken as irregular.
            if component.len() > MAX_PERIODIC_STATES {
                return Some(false);
            }
            let inside = |x: usize| component.contains(&x);
            // The variables every path of the cycle leaves unchanged.
            let invariant: BTreeSet<Sym> = paths
                .pre
                .iter()
                .filter(|(v, _)| {
                    component.iter().all(|&q| {
                        self.states[q]
                            .induction
                            .as_ref()
                            .is_some_and(|ind| matches!(ind.vars.get(v), Some((crate::induction::Class::Unchanged, _))))
                    })
                })
                .map(|(_, s)| *s)
                .collect();
            for &(i, j) in self.transitions.iter().filter(|(i, j)| inside(*i) && inside(*j)) {
                for &(h, _) in self.transitions.iter().filter(|(h, to)| *to == i && inside(*h)) {
                    if !self.passage_count_is_fixed(paths, &encoder, &solver, (h, i, j), &invariant) {
                        return Some(false);
                    }
                }
            }
        }
        Some(true)
    }

    /// Whether two passages `σ_h^{k_h} σ_i^k σ_j` whose starts agree on `invariant` must have the
    /// same `k` (Z3 says unsat).
    fn passage_count_is_fixed(
        &self,
        paths: &LoopPaths,
        encoder: &Encoder<'_>,
        solver: &Solver,
        (h, i, j): (usize, usize, usize),
        invariant: &BTreeSet<Sym>,
    ) -> bool {
        let mut facts = Vec::new();
        let mut counts = Vec::new();
        for copy in 1..=2 {
            let Some((f, k)) = self.passage(paths, encoder, (h, i, j), invariant, copy) else { return false };
            facts.extend(f);
            counts.push(k);
        }
        facts.push(counts[0].eq(&counts[1]).not());
        solver.push();
        solver.assert(&Bool::and(&facts));
        let fixed = solver.proves_unsat(&[]);
        solver.pop();
        fixed
    }

    /// The number of runs of `σ_i` in every passage `σ_h^{k_h} σ_i^k σ_j` (from any state where
    /// `σ_h` can start), when it is one constant: a model gives a value, and Z3 proves no other.
    pub fn constant_count(
        &self,
        paths: &LoopPaths,
        (h, i, j): (usize, usize, usize),
        deadline: Instant,
    ) -> Option<i128> {
        let encoder = Encoder::new(paths);
        let solver = Solver::new(QUERY_LIMITS, Some(deadline));
        let (facts, k) = self.passage(paths, &encoder, (h, i, j), &BTreeSet::new(), 1)?;
        solver.assert(&Bool::and(&facts));
        let Answer::Sat(model) = solver.check(&[]) else { return None };
        let value = model.eval(&k, true)?.as_i64()?;
        solver.assert(&k.eq(Int::from_i64(value)).not());
        solver.proves_unsat(&[]).then_some(i128::from(value))
    }

    /// The facts of one passage `σ_h^{k_h} σ_i^k σ_j` (copy `copy`, its start sharing the
    /// variables `invariant` with the other copies) and its `k`.
    fn passage(
        &self,
        paths: &LoopPaths,
        encoder: &Encoder<'_>,
        (h, i, j): (usize, usize, usize),
        invariant: &BTreeSet<Sym>,
        copy: u32,
    ) -> Option<(Vec<Bool>, Int)> {
        let (Some(hi), Some(ii)) = (&self.states[h].induction, &self.states[i].induction) else { return None };
        let ph = encoder.path(self.states[h].kind)?;
        let pi = encoder.path(self.states[i].kind)?;
        let pj = encoder.path(self.states[j].kind)?;
        let mut facts = Vec::new();
        let start = |s: Sym| {
            if invariant.contains(&s) {
                Int::new_const(format!("pd_inv_x{s}"))
            } else {
                Int::new_const(format!("pd_c{copy}_x{s}"))
            }
        };
        let kh = Int::new_const(format!("pd_c{copy}_kh"));
        let tag = |t: &str| format!("c{copy}{t}");
        facts.extend(encoder.ran(ph, hi, &start, &kh, (&tag("a"), &tag("b"))));
        facts.push(encoder.condition_after(pi, hi, &start, Some(&kh), &tag("c"), None));
        // The state entering σ_i.
        let entry = |s: Sym| Int::new_const(format!("pd_c{copy}_y{s}"));
        for &s in paths.pre.values() {
            let (numerator, d) = encoder.value_after(s, hi, &start, &kh, &tag("y"), None);
            facts.push(Int::mul(&[int_of(&d), entry(s)]).eq(&numerator));
        }
        let k = Int::new_const(format!("pd_c{copy}_k"));
        facts.extend(encoder.ran(pi, ii, &entry, &k, (&tag("d"), &tag("e"))));
        facts.push(encoder.condition_after(pj, ii, &entry, Some(&k), &tag("f"), None));
        Some((facts, k))
    }
}

/// Turns path conditions into Z3 facts, with variables replaced by their closed forms.
pub(crate) struct Encoder<'a> {
    paths: &'a LoopPaths,
    /// The type ranges of auxiliary symbols: `(symbol, lower, upper)`.
    aux_ranges: Vec<(Sym, i128, i128)>,
}

impl<'a> Encoder<'a> {
    pub(crate) fn new(paths: &'a LoopPaths) -> Encoder<'a> {
        let aux_ranges = paths
            .syms
            .iter()
            .enumerate()
            .filter(|(_, info)| info.var.is_none() && info.constrained)
            .filter_map(|(s, info)| info.range.map(|(lo, hi)| (s, lo, hi)))
            .collect();
        Encoder { paths, aux_ranges }
    }

    /// Whether `row` only states the type range of an auxiliary value (fresh in every
    /// execution: leaving the range out over-approximates, and keeps the queries small).
    fn is_aux_range(&self, row: &Row) -> bool {
        let mut terms = row.lin.terms.iter();
        let (Some((s, c)), None) = (terms.next(), terms.next()) else { return false };
        !row.eq
            && self.aux_ranges.iter().any(|(a, lo, hi)| {
                a == s && ((*c == 1 && row.lin.constant == -hi) || (*c == -1 && row.lin.constant == *lo))
            })
    }

    pub(crate) fn path(&self, kind: StateKind) -> Option<&'a LinPath> {
        match kind {
            StateKind::Entry => None,
            StateKind::Iteration(i) => self.paths.paths.get(i),
            StateKind::Exit(i) => self.paths.exits.get(i).map(|(_, p)| p),
        }
    }

    /// `path`'s condition on the state `start` (auxiliary values fresh, named by `tag`).
    pub(crate) fn condition_at_start(&self, path: &LinPath, start: &dyn Fn(Sym) -> Int, tag: &str) -> Bool {
        let rows: Vec<Bool> = path
            .rows
            .iter()
            .filter(|r| !self.is_aux_range(r))
            .map(|r| {
                let mut terms = vec![Int::from_i128(r.lin.constant)];
                for (s, c) in &r.lin.terms {
                    let value = if self.paths.var_of(*s).is_some() { start(*s) } else { fresh(tag, *s) };
                    terms.push(Int::mul(&[Int::from_i128(*c), value]));
                }
                compare(r, Int::add(&terms))
            })
            .collect();
        Bool::and(&rows)
    }

    /// That `path` ran `k ≥ 1` times from `start`: its condition held before the first run and
    /// before the last (auxiliary values named by the two tags).
    pub(crate) fn ran(
        &self,
        path: &LinPath,
        induction: &PathInduction,
        start: &dyn Fn(Sym) -> Int,
        k: &Int,
        (first, last): (&str, &str),
    ) -> [Bool; 3] {
        let before_last = Int::sub(&[k.clone(), Int::from_i64(1)]);
        [
            self.condition_after(path, induction, start, None, first, None),
            self.condition_after(path, induction, start, Some(&before_last), last, None),
            k.ge(Int::from_i64(1)),
        ]
    }

    /// `path`'s condition on the state after `m` executions (of the path `induction` describes)
    /// from `start` (`None`: at the start itself).
    pub(crate) fn condition_after(
        &self,
        path: &LinPath,
        induction: &PathInduction,
        start: &dyn Fn(Sym) -> Int,
        m: Option<&Int>,
        tag: &str,
        memo: Option<&ValuesAfter>,
    ) -> Bool {
        let Some(m) = m else { return self.condition_at_start(path, start, tag) };
        let rows: Vec<Bool> = path
            .rows
            .iter()
            .filter(|r| !self.is_aux_range(r))
            .map(|r| compare(r, self.row_after(r, induction, start, m, tag, memo)))
            .collect();
        Bool::and(&rows)
    }

    /// `L·row(X_m)` for a positive integer `L` clearing the closed forms' denominators.
    fn row_after(
        &self,
        row: &Row,
        induction: &PathInduction,
        start: &dyn Fn(Sym) -> Int,
        m: &Int,
        tag: &str,
        memo: Option<&ValuesAfter>,
    ) -> Int {
        // Each symbol's value after m executions, as (numerator, denominator).
        let mut values: Vec<(i128, Int, Rational)> = Vec::new();
        for (s, c) in &row.lin.terms {
            let value = self.value_after(*s, induction, start, m, tag, memo);
            values.push((*c, value.0, value.1));
        }
        let mut l = num_bigint::BigInt::one();
        for (_, _, d) in &values {
            l = l.lcm(d.numer());
        }
        let scale = big_int;
        let mut terms = vec![Int::mul(&[Int::from_i128(row.lin.constant), scale(&l)])];
        for (c, numerator, d) in values {
            let factor = &l / d.numer();
            terms.push(Int::mul(&[Int::from_i128(c), scale(&factor), numerator]));
        }
        Int::add(&terms)
    }

    /// The value of symbol `s` after `m` executions as `numerator / denominator` (a fresh value,
    /// named by `tag`, where there is no closed form). `memo` keeps the closed forms' terms for
    /// one `induction`, `start` and `m` across calls.
    pub(crate) fn value_after(
        &self,
        s: Sym,
        induction: &PathInduction,
        start: &dyn Fn(Sym) -> Int,
        m: &Int,
        tag: &str,
        memo: Option<&ValuesAfter>,
    ) -> (Int, Rational) {
        let closed = match memo {
            Some(memo) => memo
                .borrow_mut()
                .entry(s)
                .or_insert_with(|| self.closed_value_after(s, induction, start, m, tag))
                .clone(),
            None => self.closed_value_after(s, induction, start, m, tag),
        };
        closed.unwrap_or_else(|| (fresh(tag, s), Rational::one()))
    }

    /// [`Encoder::value_after`] by the closed form; `None` where there is none.
    fn closed_value_after(
        &self,
        s: Sym,
        induction: &PathInduction,
        start: &dyn Fn(Sym) -> Int,
        m: &Int,
        tag: &str,
    ) -> Option<(Int, Rational)> {
        let v = self.paths.var_of(s)?;
        let Some((_, Some(form))) = induction.vars.get(&v) else { return None };
        if form.value.geometric.is_some() {
            return None;
        }
        let d = form.value.common_denominator();
        let mut terms = Vec::new();
        let mut power = Int::from_i64(1);
        for coefficient in &form.value.poly {
            let scaled = coefficient.scale(&d);
            let mut c = vec![Int::from_i64(0)];
            for (monomial, k) in &scaled.terms {
                let mut factors = vec![int_of(k)];
                for (atom, e) in monomial {
                    let Atom::Var(w) = atom else { return None };
                    let ws = self.paths.pre.get(w)?;
                    factors.extend(std::iter::repeat_n(start(*ws), *e as usize));
                }
                c.push(Int::mul(&factors));
            }
            terms.push(Int::mul(&[Int::add(&c), power.clone()]));
            power = Int::mul(&[power, m.clone()]);
        }
        let numerator = Int::add(&terms);
        if form.from == 0 {
            return Some((numerator, d));
        }
        // Below `from` the value is not the closed form's: any value.
        let early = Int::mul(&[int_of(&d), fresh(tag, s)]);
        let valid = m.ge(Int::from_i64(i64::from(form.from)));
        Some((valid.ite(&numerator, &early), d))
    }
}

/// Memoized closed-form values after `m` executions, per symbol ([`Encoder::value_after`]).
pub(crate) type ValuesAfter = std::cell::RefCell<std::collections::HashMap<Sym, Option<(Int, Rational)>>>;

fn fresh(tag: &str, s: Sym) -> Int {
    Int::new_const(format!("pd_{tag}_s{s}"))
}

/// An integer rational as a Z3 integer.
pub(crate) fn int_of(r: &Rational) -> Int {
    debug_assert!(r.is_integer());
    match to_i128(r) {
        Some(v) => Int::from_i128(v),
        None => big_int(&r.to_integer()),
    }
}

fn compare(row: &Row, value: Int) -> Bool {
    let zero = Int::from_i64(0);
    if row.eq { value.eq(&zero) } else { value.le(&zero) }
}

fn big_int(k: &num_bigint::BigInt) -> Int {
    k.to_string().parse().expect("a decimal numeral")
}
