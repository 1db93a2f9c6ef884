//! Disjunctive loop summaries for acyclic path dependency automata (proteus-tse19 §5.1,
//! Algorithm 2): one disjunct per trace from the entry to an exit.
//!
//! Along a trace each iteration path `σ` runs `k ≥ 1` times (a *state counter*): its condition
//! holds before the first and before the last run, the next path's condition holds after the
//! last, and the variables move by `σ`'s closed forms ([`crate::induction`]). The exit path then
//! runs once. A disjunct is the conjunction of those conditions over the values at loop entry and
//! the counters, and each variable's value at exit as a polynomial in them; a counter that the
//! conditions pin to one value (`z − x ≤ k < z − x + 1`) is replaced by it.
//!
//! Every execution follows some trace of the automaton (its transitions over-approximate), so the
//! disjunction holds at every exit. What the closed forms cannot express is left out, never
//! guessed: a condition on a value a path does not determine (an input, a load, a variable
//! without closed form) is dropped, and such a variable has no exit value in the disjunct — but
//! bounds where each of its steps is within constant bounds (§6's interval approximation,
//! [`TraceSummary::exit_bounds`]).
//! A simple cycle whose passages run each path a constant number of times (Fig. 1's `(q1, q2)`,
//! proven with [`Pda::constant_count`]) or a number given by the values on entering the path
//! (Fig. 13's `j++` while `j < m`: one condition that grows by exactly 1 per run, so `m − j`
//! runs; the other conditions of the path unchanged by it) is Algorithm 3's periodic cycle: the
//! trace goes round it `R ≥ 0` times (one round is a map whose closed form in `R` comes from
//! [`crate::induction`] when it is affine), then part of a round, then leaves it. Cycles that
//! share states (§5.3, Algorithm 4) are gone round the same way, one after the other, each at
//! most once per trace; where a feasible trace would go round one twice (the cycles
//! interleave), the part is an irregular execution (Algorithm 5, [`Irregular`]). Other counts
//! are not summarized (the reason is given).

use crate::induction::PathInduction;
use crate::pda::{Pda, StateKind};
use crate::poly::{Atom, Poly};
use leapfrog_ir::VarId;
use leapfrog_linear::{Rational, rational};
use leapfrog_paths::linear::{Lin, Row};
use leapfrog_paths::{LinPath, LoopPaths};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_smt::{QueryLimits, Solver};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A constraint `poly ≤ 0` or `poly = 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolyConstraint {
    pub poly: Poly,
    pub eq: bool,
}

/// The summary of one trace.
#[derive(Clone, Debug)]
pub struct TraceSummary {
    /// The automaton's states along the trace (the entry first, an exit last).
    pub states: Vec<usize>,
    /// How many counters the trace has (`k1`… `kN`, some eliminated).
    pub counters: usize,
    /// What each counter counts.
    pub counted: BTreeMap<usize, Counted>,
    /// The counters the conditions pin to one value, with it (eliminated from the rest: Proteus
    /// Example 9's `k12 = z − x`); the number of runs a path makes, for bounds.
    pub pinned: BTreeMap<usize, Poly>,
    /// How many iterations (runs of iteration paths) the trace makes, over the entry values and
    /// the counters (`None`: a count the walk cannot write, such as rounds of a cycle whose
    /// count per round changes from round to round). Proteus §7.1's bound of the trace.
    pub iterations: Option<Poly>,
    pub conditions: Vec<PolyConstraint>,
    /// Each variable's value at exit (`None`: not determined by the summary).
    pub exit: BTreeMap<VarId, Option<Poly>>,
    /// For variables without an exit value, bounds on it where the trace gives some (§6's
    /// interval approximation of a non-induction variable: `x += c` with `c` an input in
    /// `[1, 5]` runs `k` times from `x` to within `[x + k, x + 5·k]`): lower, upper.
    pub exit_bounds: BTreeMap<VarId, Bounds>,
    /// Each variable's value at the loop's header for the last time, before the exit path runs
    /// (what a loop around this one continues from, [`crate::nest`]).
    pub at_last_header: BTreeMap<VarId, Option<Poly>>,
    /// The values of the variables whose arithmetic may not overflow (signed, default
    /// semantics) at the end of each phase of the trace, within their types' ranges, and the
    /// conditions under which such a value moves one way within a phase (a polynomial closed
    /// form's differences keep their signs), so that the phase's ends bound it; also those of
    /// the inner loops the trace's paths cross. The closed forms are those of an execution
    /// without overflow: an execution that overflows (undefined behaviour) breaks one of these,
    /// and the disjunct says nothing about it.
    pub no_overflow: Vec<PolyConstraint>,
}

/// What a counter of a trace counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Consecutive runs of a state's path.
    Runs(usize),
    /// Full rounds of a cycle (its states in order, from the first of a round).
    Rounds(Vec<usize>),
    /// Runs, in any order, of the paths of these states (an irregular execution's group).
    Group(Vec<usize>),
}

/// A lower and an upper bound (either may be missing), polynomials over the entry values and
/// the counters.
pub type Bounds = (Option<Poly>, Option<Poly>);

/// A loop's summary, or why there is none.
#[derive(Clone, Debug)]
pub enum Summary {
    Traces(Vec<TraceSummary>),
    NotSummarized(String),
}

/// At most this many traces.
const MAX_TRACES: usize = 64;
const QUERY_LIMITS: QueryLimits = QueryLimits { timeout: Duration::ZERO, rlimit: 2_000_000 };

/// How many times a state of a cycle runs before the next state of the cycle.
#[derive(Clone, Debug)]
enum Count {
    /// The same number every time.
    Fixed(i128),
    /// Until its condition `row` (`lin ≤ 0`), which grows by exactly 1 per run, fails:
    /// `1 − lin` times from a state where `lin ≤ 0` (Fig. 13's `j < m` with `j++`: `m − j`).
    UntilFails(Row),
}

/// A simple cycle of the automaton whose passages run each path a number of times that is a
/// constant or follows from the values on entering the path (a periodic cycle of Algorithm 3,
/// its counters constants or IVs).
struct Cycle {
    /// The states in cycle order.
    order: Vec<usize>,
    /// Per state: its runs before the next state of the cycle.
    runs: BTreeMap<usize, Count>,
}

impl Cycle {
    fn position(&self, s: usize) -> Option<usize> {
        self.order.iter().position(|x| *x == s)
    }

    /// The state after `s` on the cycle (`s` is on it).
    fn next(&self, s: usize) -> usize {
        let at = self.position(s).expect("a state of the cycle");
        self.order[(at + 1) % self.order.len()]
    }
}

/// A strongly connected part of the automaton made of several simple cycles that share states
/// (proteus-tse19 §5.3, Algorithm 4: Fig. 2(c)'s `(q1, q2, q3)` and `(q1, q3)`). A trace goes
/// round each of its cycles at most once, as a periodic cycle of Algorithm 3, leaving it for
/// another; a feasible trace that would go round one again interleaves the cycles, and the
/// part is then taken as an irregular execution (Algorithm 5) instead.
struct Connected {
    states: Vec<usize>,
    /// Its simple cycles (states in cycle order), each with its counts once a trace needs them.
    cycles: Vec<(Vec<usize>, LazyCounts)>,
}

/// A cycle's counts ([`cycle_counts`]), computed the first time a trace goes round it.
type LazyCounts = std::cell::OnceCell<Result<Cycle, String>>;

impl Connected {
    /// The index of the simple cycle whose states are `states` in this order (from any of them).
    fn index_of(&self, states: &[usize]) -> Option<usize> {
        self.cycles.iter().position(|(order, _)| {
            order.len() == states.len() && {
                let from = order.iter().position(|x| *x == states[0]);
                from.is_some_and(|from| (0..order.len()).all(|d| order[(from + d) % order.len()] == states[d]))
            }
        })
    }
}

/// At most this many simple cycles in a connected part (else it is an irregular execution).
const MAX_SIMPLE_CYCLES: usize = 12;

/// The simple cycles of the automaton within `component` (states in cycle order, each cycle
/// once, from its least state), or `None` when there are more than `limit`.
fn simple_cycles(pda: &Pda, component: &[usize], limit: usize) -> Option<Vec<Vec<usize>>> {
    fn extend(
        pda: &Pda,
        component: &[usize],
        path: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
        limit: usize,
    ) -> Option<()> {
        let (start, last) = (path[0], *path.last().expect("a state"));
        for &(_, next) in pda.transitions.iter().filter(|(i, j)| *i == last && component.contains(j)) {
            if next == start {
                if out.len() == limit {
                    return None;
                }
                out.push(path.clone());
            } else if next > start && !path.contains(&next) {
                path.push(next);
                extend(pda, component, path, out, limit)?;
                path.pop();
            }
        }
        Some(())
    }
    let mut out = Vec::new();
    for &start in component {
        extend(pda, component, &mut vec![start], &mut out, limit)?;
    }
    Some(out)
}

/// A strongly connected part of the automaton that is not one periodic cycle, run as an
/// *irregular execution* (Algorithm 5): its paths in any order, each some number of times
/// (a path counter). Only where every variable a path of the part changes moves by a constant
/// per run (so that the order does not matter: after `k_q` runs of each path `q`, a variable is
/// `x + Σ k_q·c_q`), and a variable whose overflow matters moves one way only (its end values
/// bound it). A variable some path changes otherwise is unknown after the part.
struct Irregular {
    states: Vec<usize>,
    /// Per state: each changed variable's increment per run.
    steps: BTreeMap<usize, BTreeMap<VarId, Rational>>,
    /// The variables some path of the part changes other than by a constant step.
    unknown: std::collections::BTreeSet<VarId>,
}

/// The cycles of `pda`, each a periodic simple cycle, a connected part (unless `interleaved`
/// says why connected parts are irregular executions instead), or an irregular execution (else
/// why not).
struct Parts {
    cycles: Vec<Cycle>,
    connected: Vec<Connected>,
    irregular: Vec<Irregular>,
}

fn parts(paths: &LoopPaths, pda: &Pda, interleaved: Option<&str>, deadline: Instant) -> Result<Parts, String> {
    let mut out = Parts { cycles: Vec::new(), connected: Vec::new(), irregular: Vec::new() };
    for component in pda.cycles() {
        let why = match simple_order(pda, &component) {
            Some(order) => match cycle_counts(paths, pda, order, deadline) {
                Ok(cycle) => {
                    out.cycles.push(cycle);
                    continue;
                }
                Err(why) => why,
            },
            None => match (interleaved, simple_cycles(pda, &component, MAX_SIMPLE_CYCLES)) {
                (None, Some(cycles)) => {
                    let cycles = cycles.into_iter().map(|c| (c, std::cell::OnceCell::new())).collect();
                    out.connected.push(Connected { states: component, cycles });
                    continue;
                }
                (Some(why), _) => why.to_string(),
                (None, None) => {
                    format!("the automaton has connected cycles (more than {MAX_SIMPLE_CYCLES} simple ones)")
                }
            },
        };
        match irregular_execution(paths, pda, &component) {
            Ok(part) => out.irregular.push(part),
            Err(why_not) => return Err(format!("{why}; nor as an irregular execution: {why_not}")),
        }
    }
    Ok(out)
}

/// The states of `component` in cycle order when it is one simple cycle.
fn simple_order(pda: &Pda, component: &[usize]) -> Option<Vec<usize>> {
    let inside = |x: usize| component.contains(&x);
    let next = |s: usize| -> Vec<usize> {
        pda.transitions.iter().filter(|(i, j)| *i == s && inside(*j)).map(|(_, j)| *j).collect()
    };
    let mut order = vec![component[0]];
    loop {
        let after = next(*order.last().expect("a state"));
        let [single] = after[..] else { return None };
        if single == order[0] {
            break;
        }
        if order.contains(&single) || order.len() > component.len() {
            return None;
        }
        order.push(single);
    }
    (order.len() == component.len()).then_some(order)
}

/// The simple cycle `order` with the number of runs of each of its paths per passage, when
/// each is a constant or follows one growing condition (a periodic cycle).
fn cycle_counts(paths: &LoopPaths, pda: &Pda, order: Vec<usize>, deadline: Instant) -> Result<Cycle, String> {
    let n = order.len();
    let mut runs = BTreeMap::new();
    for (t, &i) in order.iter().enumerate() {
        let (h, j) = (order[(t + n - 1) % n], order[(t + 1) % n]);
        let count = match pda.constant_count(paths, (h, i, j), deadline).filter(|c| (1..=64).contains(c)) {
            Some(c) => Count::Fixed(c),
            None => match until_fails(paths, pda, i) {
                Some(row) => Count::UntilFails(row),
                None => {
                    return Err("a cycle runs a path a number of times that is neither constant nor given by one \
                             condition growing by 1 per run"
                        .into());
                }
            },
        };
        runs.insert(i, count);
    }
    Ok(Cycle { order, runs })
}

/// `component` as an irregular execution, or why it cannot be one.
fn irregular_execution(paths: &LoopPaths, pda: &Pda, component: &[usize]) -> Result<Irregular, String> {
    let mut steps: BTreeMap<usize, BTreeMap<VarId, Rational>> = BTreeMap::new();
    let mut unknown = std::collections::BTreeSet::new();
    for &q in component {
        let (StateKind::Iteration(i), Some(induction)) = (pda.states[q].kind, &pda.states[q].induction) else {
            return Err("a state of the cycle is not an iteration path".into());
        };
        if pda.crossed.path_no_overflow.get(i).is_some_and(|c| !c.is_empty()) {
            return Err("a path crosses an inner loop whose overflow conditions need its start values".into());
        }
        let mut changes = BTreeMap::new();
        for (v, (class, form)) in &induction.vars {
            if *class == crate::induction::Class::Unchanged {
                continue;
            }
            let step = form
                .as_ref()
                .filter(|f| f.from == 0 && f.value.geometric.is_none() && f.value.degree() == 1)
                .filter(|f| f.value.poly[0] == Poly::var(*v))
                .and_then(|f| f.value.poly[1].as_constant());
            match step {
                Some(c) => {
                    changes.insert(*v, c);
                }
                None => {
                    unknown.insert(*v);
                }
            }
        }
        steps.insert(q, changes);
    }
    // A variable whose overflow matters moves one way only.
    for v in paths.pre.keys() {
        if overflow_range(paths, *v).is_none() {
            continue;
        }
        let signs: std::collections::BTreeSet<bool> =
            steps.values().filter_map(|c| c.get(v)).filter(|c| !c.is_zero()).map(|c| c.is_positive()).collect();
        if signs.len() > 1 {
            return Err("a variable whose overflow matters moves both ways".into());
        }
    }
    if paths.pre.keys().all(|v| unknown.contains(v)) {
        return Err("no variable of the loop moves by a constant step".into());
    }
    Ok(Irregular { states: component.to_vec(), steps, unknown })
}

/// The one condition of state `i`'s path that decides how often it runs, when that condition
/// grows by exactly 1 per run and every other condition stays as it is (range rows aside).
fn until_fails(paths: &LoopPaths, pda: &Pda, i: usize) -> Option<Row> {
    let (StateKind::Iteration(p), Some(induction)) = (pda.states[i].kind, &pda.states[i].induction) else {
        return None;
    };
    let all: std::collections::BTreeSet<usize> = (0..paths.syms.len()).collect();
    let ranges = leapfrog_paths::range_rows(&paths.syms, &all);
    let mut growing = None;
    for row in paths.paths[p].rows.iter().filter(|r| !ranges.contains(r)) {
        // The row's change per run: Σ c·(step of its variable), each an arithmetic sequence.
        let mut delta = Rational::zero();
        for (s, c) in &row.lin.terms {
            let v = paths.var_of(*s)?;
            let (_, Some(form)) = induction.vars.get(&v)? else { return None };
            if form.from > 0 || form.value.geometric.is_some() || form.value.degree() > 1 {
                return None;
            }
            if let Some(step) = form.value.poly.get(1) {
                delta += rational(*c) * step.as_constant()?;
            }
        }
        if delta.is_zero() {
            continue;
        }
        if row.eq || delta != Rational::one() || growing.is_some() {
            return None;
        }
        growing = Some(row.clone());
    }
    growing
}

/// The disjunctive summary of the loop with paths `paths` and automaton `pda`.
pub fn summarize(paths: &LoopPaths, pda: &Pda, deadline: Instant) -> Summary {
    let mut out = match traces(paths, pda, None, deadline) {
        Ok(out) => out,
        Err(Failure::Interleaved(why)) => match traces(paths, pda, Some(&why), deadline) {
            Ok(out) => out,
            Err(Failure::Interleaved(why) | Failure::Other(why)) => return Summary::NotSummarized(why),
        },
        Err(Failure::Other(why)) => return Summary::NotSummarized(why),
    };
    // A no-overflow condition that the entry values' own types imply says nothing.
    let ranges: BTreeMap<VarId, (i128, i128)> =
        paths.pre.iter().filter_map(|(v, s)| Some((*v, paths.syms.get(*s)?.range?))).collect();
    for t in &mut out {
        t.no_overflow.retain(|c| !implied_by_types(c, &ranges));
    }
    // Traces that say the same (paths of an irregular execution with the same steps) once.
    let mut unique: Vec<TraceSummary> = Vec::new();
    for t in out {
        let same = |u: &TraceSummary| {
            u.conditions == t.conditions
                && u.exit == t.exit
                && u.exit_bounds == t.exit_bounds
                && u.no_overflow == t.no_overflow
        };
        if !unique.iter().any(same) {
            unique.push(t);
        }
    }
    Summary::Traces(unique)
}

/// Whether every cycle of `pda` is summarized as a periodic cycle (Algorithm 3) or as connected
/// cycles a trace goes round one after the other (Algorithm 4) — none as an irregular execution —
/// within `deadline`: the loop's paths then run in order, each cycle periodically, whatever
/// the counts per passage (Proteus §5.2's IV counters, Example 10).
pub fn cycles_run_in_order(paths: &LoopPaths, pda: &Pda, deadline: Instant) -> bool {
    let Ok(parts) = parts(paths, pda, None, deadline) else { return false };
    if !parts.irregular.is_empty() {
        return false;
    }
    traces(paths, pda, None, deadline).is_ok() && Instant::now() < deadline
}

/// Why a walk over the automaton found no summary.
enum Failure {
    /// A connected part's cycles interleave (or one is not periodic, or there are too many
    /// traces through them): the part is to be taken as an irregular execution.
    Interleaved(String),
    Other(String),
}

/// Every trace of the automaton from its entry, connected parts taken as irregular executions
/// when `interleaved` says why.
fn traces(
    paths: &LoopPaths,
    pda: &Pda,
    interleaved: Option<&str>,
    deadline: Instant,
) -> Result<Vec<TraceSummary>, Failure> {
    let Parts { cycles, connected, irregular } = parts(paths, pda, interleaved, deadline).map_err(Failure::Other)?;
    let has_connected = !connected.is_empty();
    let walk =
        Walk { paths, pda, solver: Solver::new(QUERY_LIMITS, Some(deadline)), deadline, cycles, connected, irregular };
    let entry: BTreeMap<VarId, Option<Poly>> =
        paths.pre.keys().map(|v| (*v, Some(Poly::atom(Atom::Var(*v))))).collect();
    let mut out = Vec::new();
    for j in walk.targets(0, &|_| false) {
        let start = Carried { iterations: Some(Poly::default()), ..Carried::default() };
        if let Err(why) = walk.visit(j, vec![0], &entry, start, 0, &mut out) {
            // With connected parts, any failure may come from their cycles' order.
            return Err(if has_connected { Failure::Interleaved(why) } else { Failure::Other(why) });
        }
    }
    Ok(out)
}

/// Whether `c` (`poly ≤ 0`) holds for every entry value within its type's range (`ranges`):
/// the largest value an affine `poly` takes over that box is at most 0.
fn implied_by_types(c: &PolyConstraint, ranges: &BTreeMap<VarId, (i128, i128)>) -> bool {
    if c.eq {
        return false;
    }
    let mut max = Rational::zero();
    for (monomial, k) in &c.poly.terms {
        match monomial.as_slice() {
            [] => max += k,
            [(Atom::Var(v), 1)] => {
                let Some((lo, hi)) = ranges.get(v) else { return false };
                let (lo, hi) = (k * rational(*lo), k * rational(*hi));
                max += if lo > hi { lo } else { hi };
            }
            _ => return false,
        }
    }
    !max.is_positive()
}

/// States of a cycle run one after the other ([`Walk::chain`]): their conditions, no-overflow
/// conditions, the values after them and how many runs they make in all (`None`: unknown).
struct Chain {
    conditions: Vec<PolyConstraint>,
    no_overflow: Vec<PolyConstraint>,
    end: BTreeMap<VarId, Option<Poly>>,
    runs: Option<Poly>,
}

struct Walk<'a> {
    paths: &'a LoopPaths,
    pda: &'a Pda,
    solver: Solver,
    deadline: Instant,
    cycles: Vec<Cycle>,
    connected: Vec<Connected>,
    irregular: Vec<Irregular>,
}

/// What a trace carries from state to state besides the values: its conditions, its
/// no-overflow conditions, and in connected parts the cycles it has gone round and the states
/// it has run since.
#[derive(Clone, Default)]
struct Carried {
    conditions: Vec<PolyConstraint>,
    no_overflow: Vec<PolyConstraint>,
    /// `(part, cycle)`: indices into [`Walk::connected`] and its cycles.
    rounds: Vec<(usize, usize)>,
    /// The states of a connected part the trace has run since it entered the part or last
    /// went round one of its cycles (a simple path: a state again closes a cycle).
    segment: Vec<usize>,
    /// Bounds on the variables the values leave undetermined ([`TraceSummary::exit_bounds`]).
    bounds: BTreeMap<VarId, Bounds>,
    /// What the trace's counters count so far.
    counted: BTreeMap<usize, Counted>,
    /// The iterations so far ([`TraceSummary::iterations`]).
    iterations: Option<Poly>,
}

impl Walk<'_> {
    /// Entering state `s` with the values `state` (over the entry values and counters) and what
    /// the trace carries so far.
    fn visit(
        &self,
        s: usize,
        mut trace: Vec<usize>,
        state: &BTreeMap<VarId, Option<Poly>>,
        mut carried: Carried,
        counters: usize,
        out: &mut Vec<TraceSummary>,
    ) -> Result<(), String> {
        if out.len() >= MAX_TRACES {
            return Err(format!("more than {MAX_TRACES} traces"));
        }
        if let Some(part) = self.irregular.iter().find(|p| p.states.contains(&s)) {
            return self.irregularly(part, trace, state, carried, counters, out);
        }
        trace.push(s);
        let (path, induction) = match self.pda.states[s].kind {
            StateKind::Iteration(i) => (&self.paths.paths[i], self.pda.states[s].induction.as_ref()),
            StateKind::Exit(i) => (&self.paths.exits[i].1, None),
            StateKind::Entry => return Ok(()),
        };
        // σ's condition before its first run.
        carried.conditions.extend(self.condition(path, state));
        if !self.feasible(&carried.conditions) {
            return Ok(());
        }
        let Some(induction) = induction else {
            // An exit path: it runs once.
            let exit = self.after_once(path, state);
            let Carried { conditions, mut no_overflow, bounds, counted, iterations, .. } = carried;
            no_overflow.extend(self.in_range(&exit));
            no_overflow.extend(self.crossing_no_overflow(s, state));
            let one = Poly::constant(rational(1));
            let exit_bounds = self.bounds_after(path, state, &exit, &one, &bounds, &mut no_overflow);
            let at_last_header = state.clone();
            let mut summary = TraceSummary {
                states: trace,
                counters,
                counted,
                pinned: BTreeMap::new(),
                iterations,
                conditions,
                exit,
                exit_bounds,
                at_last_header,
                no_overflow,
            };
            eliminate_counters(&mut summary);
            out.push(summary);
            return Ok(());
        };
        // σ runs k ≥ 1 times: its condition also holds before the last run.
        let k = Poly::atom(Atom::Counter(counters));
        carried.counted.insert(counters, Counted::Runs(s));
        carried.iterations = carried.iterations.map(|n| n.add(&k));
        carried.conditions.push(PolyConstraint { poly: Poly::constant(rational(1)).sub(&k), eq: false });
        let before_last = after_runs(induction, state, &k.sub(&Poly::constant(rational(1))), 0);
        carried.conditions.extend(self.condition(path, &before_last));
        let after = after_runs(induction, state, &k, 1);
        carried.no_overflow.extend(self.in_range(&after));
        carried.no_overflow.extend(self.monotonic(induction, state, &k));
        carried.bounds = self.bounds_after(path, state, &after, &k, &carried.bounds, &mut carried.no_overflow);
        carried.no_overflow.extend(self.crossing_no_overflow(s, state));
        carried.no_overflow.extend(self.crossing_no_overflow(s, &before_last));
        let cycle = self.cycles.iter().find(|c| c.position(s).is_some());
        let part = self.connected.iter().position(|p| p.states.contains(&s));
        let on_cycle = |next: usize| {
            cycle.is_some_and(|c| c.position(next).is_some())
                || part.is_some_and(|at| self.connected[at].states.contains(&next))
        };
        for next in self.targets(s, &on_cycle) {
            self.visit(next, trace.clone(), &after, carried.clone(), counters + 1, out)?;
        }
        if let Some(cycle) = cycle {
            self.around(cycle, s, trace.clone(), &after, carried.clone(), counters + 1, out)?;
        }
        if let Some(at) = part {
            carried.segment.push(s);
            self.round_connected(at, s, trace, &after, carried, counters + 1, out)?;
        }
        Ok(())
    }

    /// After `s`'s runs, on to another state `t` of the connected part `at` (Algorithm 4): a
    /// state the trace has not run since it last went round a cycle of the part is visited as
    /// in an acyclic automaton; a state it has closes a cycle, which the trace goes round as a
    /// periodic cycle ([`Walk::around`] covers every execution that moves from `s` to `t`,
    /// whether it follows that cycle or leaves it anywhere). A cycle the trace has gone round
    /// before means that the cycles interleave: the part is then an irregular execution,
    /// unless `t` cannot run here.
    #[allow(clippy::too_many_arguments)]
    fn round_connected(
        &self,
        at: usize,
        s: usize,
        trace: Vec<usize>,
        state: &BTreeMap<VarId, Option<Poly>>,
        carried: Carried,
        counters: usize,
        out: &mut Vec<TraceSummary>,
    ) -> Result<(), String> {
        let part = &self.connected[at];
        for &(_, t) in self.pda.transitions.iter().filter(|(i, j)| *i == s && part.states.contains(j)) {
            let Some(from) = carried.segment.iter().position(|x| *x == t) else {
                self.visit(t, trace.clone(), state, carried.clone(), counters, out)?;
                continue;
            };
            let StateKind::Iteration(i) = self.pda.states[t].kind else { continue };
            let mut entering = carried.conditions.clone();
            entering.extend(self.condition(&self.paths.paths[i], state));
            if !self.feasible(&entering) {
                continue;
            }
            let closed = &carried.segment[from..];
            // (Every cycle the trace closes is one of the part's simple cycles.)
            let Some(c) = part.index_of(closed) else {
                return Err("connected cycles: a trace closed a cycle not among the part's".into());
            };
            if carried.rounds.contains(&(at, c)) {
                return Err("connected cycles that interleave (a trace goes round one of them twice)".into());
            }
            let (order, counts) = &part.cycles[c];
            let cycle = counts
                .get_or_init(|| cycle_counts(self.paths, self.pda, order.clone(), self.deadline))
                .as_ref()
                .map_err(|why| format!("connected cycles, one of them not periodic ({why})"))?;
            let mut carried = carried.clone();
            carried.rounds.push((at, c));
            carried.segment.clear();
            self.around(cycle, s, trace.clone(), state, carried, counters, out)?;
        }
        Ok(())
    }

    /// The successors of state `from` that `skip` does not exclude, an irregular execution's
    /// states once (by the first of them): it is entered once, whichever path runs first.
    fn targets(&self, from: usize, skip: &dyn Fn(usize) -> bool) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        let mut parts: Vec<usize> = Vec::new();
        for &(_, next) in self.pda.transitions.iter().filter(|(i, _)| *i == from) {
            if skip(next) {
                continue;
            }
            if let Some(at) = self.irregular.iter().position(|p| p.states.contains(&next)) {
                if parts.contains(&at) {
                    continue;
                }
                parts.push(at);
            }
            out.push(next);
        }
        out
    }

    /// Entering the irregular execution `part`: each path `q` of the part runs `k_q ≥ 0` times
    /// in some order (paths with the same steps share a counter), the last run is one of a
    /// path `j` that can leave the part (`k_j ≥ 1`, its condition held before that run), and
    /// the values after it are `x + Σ k_q·c_q` (Algorithm 5, with the condition of the last run
    /// in place of the exit's failing before it; which path ran first is left open).
    fn irregularly(
        &self,
        part: &Irregular,
        trace: Vec<usize>,
        state: &BTreeMap<VarId, Option<Poly>>,
        carried: Carried,
        counters: usize,
        out: &mut Vec<TraceSummary>,
    ) -> Result<(), String> {
        // One counter per distinct step vector.
        let mut groups: Vec<&BTreeMap<VarId, Rational>> = Vec::new();
        for q in &part.states {
            if !groups.contains(&&part.steps[q]) {
                groups.push(&part.steps[q]);
            }
        }
        let group_counter = |at: usize| Poly::atom(Atom::Counter(counters + at));
        let counter =
            |q: usize| group_counter(groups.iter().position(|g| **g == part.steps[&q]).expect("a state of the part"));
        let one = Poly::constant(rational(1));
        let Carried { mut conditions, mut no_overflow, rounds, bounds, mut counted, iterations, .. } = carried;
        let iterations =
            iterations.map(|n| (0..groups.len()).fold(n, |n, at| n.add(&Poly::atom(Atom::Counter(counters + at)))));
        for (at, steps) in groups.iter().enumerate() {
            let members = part.states.iter().copied().filter(|q| part.steps[q] == **steps).collect();
            counted.insert(counters + at, Counted::Group(members));
        }
        for at in 0..groups.len() {
            conditions.push(PolyConstraint { poly: group_counter(at).scale(&rational(-1)), eq: false });
        }
        let mut end = state.clone();
        for (v, value) in end.iter_mut() {
            if part.unknown.contains(v) {
                *value = None;
                continue;
            }
            let moved =
                groups.iter().enumerate().filter_map(|(at, steps)| Some(group_counter(at).scale(steps.get(v)?)));
            let total = moved.fold(Poly::default(), |a, b| a.add(&b));
            if let Some(value) = value {
                *value = value.add(&total);
            }
        }
        no_overflow.extend(self.in_range(&end));
        let end_bounds = self.irregular_bounds(part, &groups, counters, state, &end, &bounds, &mut no_overflow);
        for &j in &part.states {
            let StateKind::Iteration(i) = self.pda.states[j].kind else { continue };
            let leaving = self.targets(j, &|next| part.states.contains(&next));
            if leaving.is_empty() {
                continue;
            }
            // Before the last run: the end values less j's steps.
            let mut before = end.clone();
            for (v, step) in &part.steps[&j] {
                if let Some(Some(value)) = before.get_mut(v) {
                    *value = value.sub(&Poly::constant(step.clone()));
                }
            }
            let mut conditions = conditions.clone();
            conditions.push(PolyConstraint { poly: one.sub(&counter(j)), eq: false });
            conditions.extend(self.condition(&self.paths.paths[i], &before));
            if !self.feasible(&conditions) {
                continue;
            }
            let mut trace = trace.clone();
            trace.push(j);
            for next in leaving {
                let carried = Carried {
                    conditions: conditions.clone(),
                    no_overflow: no_overflow.clone(),
                    rounds: rounds.clone(),
                    segment: Vec::new(),
                    bounds: end_bounds.clone(),
                    counted: counted.clone(),
                    iterations: iterations.clone(),
                };
                self.visit(next, trace.clone(), &end, carried, counters + groups.len(), out)?;
            }
        }
        Ok(())
    }

    /// After `s`'s runs, into the cycle: `R ≥ 0` full rounds (from the state after `s` back to
    /// `s`, each path its constant number of runs), then part of a round, then a state `m` of the
    /// cycle runs `k ≥ 1` times and the loop goes on to a state other than the next on the cycle
    /// (outside the cycle, or, in a connected part, on another cycle).
    #[allow(clippy::too_many_arguments)]
    fn around(
        &self,
        cycle: &Cycle,
        s: usize,
        trace: Vec<usize>,
        state: &BTreeMap<VarId, Option<Poly>>,
        carried: Carried,
        counters: usize,
        out: &mut Vec<TraceSummary>,
    ) -> Result<(), String> {
        let Carried { conditions, no_overflow, rounds: taken, bounds, counted, iterations, .. } = carried;
        // Bounds survive the cycle where no path of it changes their variable.
        let bounds: BTreeMap<VarId, Bounds> =
            bounds.into_iter().filter(|(v, _)| !cycle.order.iter().any(|q| self.changes(*q, *v))).collect();
        let n = cycle.order.len();
        let at = cycle.position(s).expect("s is on the cycle");
        let round: Vec<usize> = (1..=n).map(|d| cycle.order[(at + d) % n]).collect();
        // One round over its own start values (atoms `Var(v)`): its conditions and its map.
        let identity: BTreeMap<VarId, Option<Poly>> =
            self.paths.pre.keys().map(|v| (*v, Some(Poly::atom(Atom::Var(*v))))).collect();
        let Chain { conditions: round_conditions, no_overflow: round_no_overflow, end: round_end, runs: round_runs } =
            self.chain(cycle, &round, &identity);
        let updates: crate::induction::Updates = round_end
            .iter()
            .filter(|(v, p)| p.as_ref() != Some(&Poly::atom(Atom::Var(**v))))
            .map(|(v, p)| (*v, p.clone()))
            .collect();
        let vars = self.paths.pre.keys().copied().collect();
        let rounds = crate::induction::analyze(&vars, &updates, Some(self.deadline));
        // The round's conditions are stated before its first and its last round: conditions
        // every execution meets (with monotonic conditions, also enough for the rounds between).
        let substitute = |cs: &[PolyConstraint], values: &BTreeMap<VarId, Option<Poly>>| -> Vec<PolyConstraint> {
            cs.iter().filter_map(|c| Some(PolyConstraint { poly: at_values(&c.poly, values)?, eq: c.eq })).collect()
        };
        // R = 0, or R ≥ 1 with the round's conditions at its first and last round.
        let r = Poly::atom(Atom::Counter(counters));
        let one = Poly::constant(rational(1));
        // The iterations of R ≥ 1 rounds: the sum over the rounds of a round's count, written
        // over each round's start values, which the rounds' closed forms give.
        let iterations_rounds =
            iterations.clone().and_then(|n| Some(n.add(&rounds_total(&round_runs?, &rounds, state, &r)?)));
        let mut starts =
            vec![(state.clone(), conditions.clone(), no_overflow.clone(), counters, counted.clone(), iterations)];
        let mut with_rounds = conditions;
        with_rounds.push(PolyConstraint { poly: one.sub(&r), eq: false });
        with_rounds.extend(substitute(&round_conditions, state));
        with_rounds.extend(substitute(&round_conditions, &after_runs(&rounds, state, &r.sub(&one), 0)));
        let after_rounds = after_runs(&rounds, state, &r, 1);
        let mut no_overflow_rounds = no_overflow;
        no_overflow_rounds.extend(self.in_range(&after_rounds));
        no_overflow_rounds.extend(self.monotonic(&rounds, state, &r));
        no_overflow_rounds.extend(substitute(&round_no_overflow, state));
        no_overflow_rounds.extend(substitute(&round_no_overflow, &after_runs(&rounds, state, &r.sub(&one), 0)));
        let mut counted_rounds = counted;
        counted_rounds.insert(counters, Counted::Rounds(round.clone()));
        starts.push((after_rounds, with_rounds, no_overflow_rounds, counters + 1, counted_rounds, iterations_rounds));
        for (start, conditions, no_overflow, counters, counted, iterations) in starts {
            if !self.feasible(&conditions) {
                continue;
            }
            // Part of a round, then m = round[p] runs k ≥ 1 times and leaves the cycle.
            for p in 0..n {
                let Chain { conditions: partial_conditions, no_overflow: partial_no_overflow, end: before_m, runs } =
                    self.chain(cycle, &round[..p], &start);
                let mut conditions = conditions.clone();
                conditions.extend(partial_conditions);
                let m = round[p];
                let (StateKind::Iteration(i), Some(induction)) =
                    (self.pda.states[m].kind, &self.pda.states[m].induction)
                else {
                    continue;
                };
                let path = &self.paths.paths[i];
                conditions.extend(self.condition(path, &before_m));
                let k = Poly::atom(Atom::Counter(counters));
                conditions.push(PolyConstraint { poly: one.sub(&k), eq: false });
                conditions.extend(self.condition(path, &after_runs(induction, &before_m, &k.sub(&one), 0)));
                if !self.feasible(&conditions) {
                    continue;
                }
                let after = after_runs(induction, &before_m, &k, 1);
                let mut no_overflow = no_overflow.clone();
                no_overflow.extend(partial_no_overflow);
                no_overflow.extend(self.in_range(&before_m));
                no_overflow.extend(self.in_range(&after));
                no_overflow.extend(self.monotonic(induction, &before_m, &k));
                no_overflow.extend(self.crossing_no_overflow(m, &before_m));
                no_overflow.extend(self.crossing_no_overflow(m, &after_runs(induction, &before_m, &k.sub(&one), 0)));
                let mut trace = trace.clone();
                trace.extend(&round[..p]);
                trace.push(m);
                let mut counted = counted.clone();
                counted.insert(counters, Counted::Runs(m));
                let iterations = iterations.clone().and_then(|n| Some(n.add(&runs?).add(&k)));
                for next in self.targets(m, &|next| next == cycle.next(m)) {
                    let carried = Carried {
                        conditions: conditions.clone(),
                        no_overflow: no_overflow.clone(),
                        rounds: taken.clone(),
                        segment: vec![m],
                        bounds: bounds.clone(),
                        counted: counted.clone(),
                        iterations: iterations.clone(),
                    };
                    self.visit(next, trace.clone(), &after, carried, counters + 1, out)?;
                }
            }
        }
        Ok(())
    }

    /// Whether state `q`'s path changes variable `v`.
    fn changes(&self, q: usize, v: VarId) -> bool {
        let path = match self.pda.states[q].kind {
            StateKind::Iteration(i) => &self.paths.paths[i],
            StateKind::Exit(i) => &self.paths.exits[i].1,
            StateKind::Entry => return false,
        };
        self.paths.pre.get(&v).is_some_and(|s| path.post.contains_key(s))
    }

    /// The bounds (§6's interval approximation) on the variables `after` leaves undetermined,
    /// after `runs` runs of `path` from the exact values `before` and the bounds `bounds`: a
    /// variable the path leaves alone keeps its bounds; one it moves by a bounded step
    /// ([`bounded_steps`], `[a, b]`) from an exact value or from bounds `[lo, hi]` gets
    /// `[lo + a·runs, hi + b·runs]`; others get none. A variable whose overflow matters keeps
    /// bounds only when it moves one way, with the no-overflow condition that its far bound is
    /// within its type (the values between lie between the start and the end).
    fn bounds_after(
        &self,
        path: &LinPath,
        before: &BTreeMap<VarId, Option<Poly>>,
        after: &BTreeMap<VarId, Option<Poly>>,
        runs: &Poly,
        bounds: &BTreeMap<VarId, Bounds>,
        no_overflow: &mut Vec<PolyConstraint>,
    ) -> BTreeMap<VarId, Bounds> {
        let steps = bounded_steps(self.paths, path, &self.pda.crossed.defined);
        let mut out = BTreeMap::new();
        for (v, value) in after {
            if value.is_some() {
                continue;
            }
            if !self.paths.pre.get(v).is_some_and(|s| path.post.contains_key(s)) {
                if let Some(b) = bounds.get(v) {
                    out.insert(*v, b.clone());
                }
                continue;
            }
            let Some((a, b)) = steps.get(v) else { continue };
            let start = match before.get(v) {
                Some(Some(p)) => (Some(p.clone()), Some(p.clone())),
                _ => bounds.get(v).cloned().unwrap_or((None, None)),
            };
            let moved = (start.0.map(|lo| lo.add(&runs.scale(a))), start.1.map(|hi| hi.add(&runs.scale(b))));
            if let Some(moved) = self.one_way(*v, &[(a.clone(), b.clone())], moved, no_overflow) {
                out.insert(*v, moved);
            }
        }
        out
    }

    /// The bounds `moved` of variable `v` after steps within the intervals `steps`, kept when
    /// its overflow does not matter, or when it moves one way and its far bound is known (then
    /// with the no-overflow condition that it is within the type's range); `None` otherwise.
    fn one_way(
        &self,
        v: VarId,
        steps: &[(Rational, Rational)],
        moved: Bounds,
        no_overflow: &mut Vec<PolyConstraint>,
    ) -> Option<Bounds> {
        if moved.0.is_none() && moved.1.is_none() {
            return None;
        }
        let Some((lo, hi)) = overflow_range(self.paths, v) else { return Some(moved) };
        let up = steps.iter().any(|(_, b)| b.is_positive());
        let down = steps.iter().any(|(a, _)| a.is_negative());
        match (up, down) {
            (true, true) => None,
            (true, false) => {
                let far = moved.1.as_ref()?;
                no_overflow.push(PolyConstraint { poly: far.sub(&Poly::constant(rational(hi))), eq: false });
                Some(moved)
            }
            (false, true) => {
                let far = moved.0.as_ref()?;
                no_overflow.push(PolyConstraint { poly: Poly::constant(rational(lo)).sub(far), eq: false });
                Some(moved)
            }
            (false, false) => Some(moved),
        }
    }

    /// The bounds at the end of the irregular execution `part` (counters from `counters`, one
    /// per group of `groups`) of the variables `end` leaves undetermined: each path of a group
    /// moves such a variable by a bounded step or not at all, so `k_g` runs of group `g` move it
    /// by `[k_g·min a, k_g·max b]`.
    #[allow(clippy::too_many_arguments)]
    fn irregular_bounds(
        &self,
        part: &Irregular,
        groups: &[&BTreeMap<VarId, Rational>],
        counters: usize,
        start: &BTreeMap<VarId, Option<Poly>>,
        end: &BTreeMap<VarId, Option<Poly>>,
        bounds: &BTreeMap<VarId, Bounds>,
        no_overflow: &mut Vec<PolyConstraint>,
    ) -> BTreeMap<VarId, Bounds> {
        let path_of = |q: usize| match self.pda.states[q].kind {
            StateKind::Iteration(i) => Some(&self.paths.paths[i]),
            _ => None,
        };
        let mut out = BTreeMap::new();
        'vars: for (v, value) in end {
            if value.is_some() {
                continue;
            }
            let mut per_group: Vec<(Rational, Rational)> = vec![(Rational::zero(), Rational::zero()); groups.len()];
            let mut seen = vec![false; groups.len()];
            for &q in &part.states {
                let g = groups.iter().position(|g| **g == part.steps[&q]).expect("a state of the part");
                let step = if self.changes(q, *v) {
                    let Some(path) = path_of(q) else { continue 'vars };
                    match bounded_steps(self.paths, path, &self.pda.crossed.defined).get(v) {
                        Some(step) => step.clone(),
                        None => continue 'vars,
                    }
                } else {
                    (Rational::zero(), Rational::zero())
                };
                per_group[g] = if seen[g] {
                    (per_group[g].0.clone().min(step.0), per_group[g].1.clone().max(step.1))
                } else {
                    step
                };
                seen[g] = true;
            }
            let (mut lo, mut hi) = match start.get(v) {
                Some(Some(p)) => (Some(p.clone()), Some(p.clone())),
                _ => bounds.get(v).cloned().unwrap_or((None, None)),
            };
            for (g, (a, b)) in per_group.iter().enumerate() {
                let k = Poly::atom(Atom::Counter(counters + g));
                lo = lo.map(|l| l.add(&k.scale(a)));
                hi = hi.map(|h| h.add(&k.scale(b)));
            }
            if let Some(moved) = self.one_way(*v, &per_group, (lo, hi), no_overflow) {
                out.insert(*v, moved);
            }
        }
        out
    }

    /// The states `states` of a cycle run one after the other, each its constant number of
    /// times, from `state`: their conditions (before each one's first and last run), the
    /// no-overflow conditions of the inner loops they cross (at the same runs), and the values
    /// after them.
    fn chain(&self, cycle: &Cycle, states: &[usize], state: &BTreeMap<VarId, Option<Poly>>) -> Chain {
        let mut conditions = Vec::new();
        let mut no_overflow = Vec::new();
        let mut current = state.clone();
        let mut total = Some(Poly::default());
        for &q in states {
            let (StateKind::Iteration(i), Some(induction)) = (self.pda.states[q].kind, &self.pda.states[q].induction)
            else {
                continue;
            };
            let count = cycle.runs.get(&q).cloned().unwrap_or(Count::Fixed(1));
            let path = &self.paths.paths[i];
            conditions.extend(self.condition(path, &current));
            no_overflow.extend(self.crossing_no_overflow(q, &current));
            let (runs, at_least) = match &count {
                Count::Fixed(c) => (Poly::constant(rational(*c)), *c as u32),
                Count::UntilFails(row) => match self.lin(&row.lin, &current) {
                    // 1 − lin runs, at least one.
                    Some(lin) => {
                        let runs = Poly::constant(rational(1)).sub(&lin);
                        conditions.push(PolyConstraint { poly: Poly::constant(rational(1)).sub(&runs), eq: false });
                        (runs, 1)
                    }
                    None => {
                        // The count is not known: neither is anything after it.
                        current = current.keys().map(|v| (*v, None)).collect();
                        total = None;
                        continue;
                    }
                },
            };
            total = total.map(|t| t.add(&runs));
            let before_last = after_runs(induction, &current, &runs.sub(&Poly::constant(rational(1))), at_least - 1);
            conditions.extend(self.condition(path, &before_last));
            no_overflow.extend(self.crossing_no_overflow(q, &before_last));
            no_overflow.extend(self.monotonic(induction, &current, &runs));
            current = after_runs(induction, &current, &runs, at_least);
        }
        Chain { conditions, no_overflow, end: current, runs: total }
    }

    /// The values `state` gives the variables whose arithmetic may not overflow, within their
    /// types (`lo ≤ value ≤ hi`; constants need no condition).
    fn in_range(&self, state: &BTreeMap<VarId, Option<Poly>>) -> Vec<PolyConstraint> {
        let mut out = Vec::new();
        for (v, value) in state {
            let Some(value) = value else { continue };
            let Some((lo, hi)) = overflow_range(self.paths, *v) else { continue };
            if value.as_constant().is_some() || *value == Poly::atom(Atom::Var(*v)) {
                continue;
            }
            out.push(PolyConstraint { poly: value.sub(&Poly::constant(rational(hi))), eq: false });
            out.push(PolyConstraint { poly: Poly::constant(rational(lo)).sub(value), eq: false });
        }
        out
    }

    /// The conditions under which each variable whose overflow matters moves monotonically over
    /// `runs` runs of the path `induction` describes, from `state`, so that the values at the
    /// ends of the runs bound it ([`Walk::in_range`] checks those). A closed form of degree
    /// `d ≥ 2` is monotonic where each backward difference `∇^i` (`1 ≤ i < d`) has the same
    /// sign at both ends of its range `[i, runs]`: `∇^(d−1)` is affine, hence monotonic, so
    /// the same sign at its ends is one sign throughout, which makes `∇^(d−2)` monotonic, and
    /// so on down to the variable itself. (`m += j; j++` from `j < 0` goes down, then up: its
    /// middle may overflow with both ends in range.)
    fn monotonic(
        &self,
        induction: &PathInduction,
        state: &BTreeMap<VarId, Option<Poly>>,
        runs: &Poly,
    ) -> Vec<PolyConstraint> {
        let mut out = Vec::new();
        for v in state.keys() {
            if overflow_range(self.paths, *v).is_none() {
                continue;
            }
            let Some((_, Some(form))) = induction.vars.get(v) else { continue };
            if form.value.geometric.is_some() || form.value.degree() < 2 {
                continue;
            }
            if form.from > 0 {
                // Not the closed form's values from the start: no bound on its middle.
                out.push(PolyConstraint { poly: Poly::constant(rational(1)), eq: false });
                continue;
            }
            let mut difference = form.value.clone();
            for i in 1..form.value.degree() {
                let Some(next) = difference.add_scaled(&rational(-1), &difference.shifted_back()) else { break };
                difference = next;
                let at = |n: &Poly| sequence_at(&difference, state, n);
                match (at(&Poly::constant(rational(i as i128))), at(runs)) {
                    (Some(first), Some(last)) => {
                        out.push(PolyConstraint { poly: first.mul(&last).scale(&rational(-1)), eq: false })
                    }
                    _ => out.push(PolyConstraint { poly: Poly::constant(rational(1)), eq: false }),
                }
            }
        }
        out
    }

    /// `path`'s condition on the values `state` (rows over undetermined values left out).
    fn condition(&self, path: &LinPath, state: &BTreeMap<VarId, Option<Poly>>) -> Vec<PolyConstraint> {
        path.rows.iter().filter_map(|r| Some(PolyConstraint { poly: self.lin(&r.lin, state)?, eq: r.eq })).collect()
    }

    /// `lin` over the values `state` (`None` when it mentions an undetermined value).
    fn lin(&self, lin: &Lin, state: &BTreeMap<VarId, Option<Poly>>) -> Option<Poly> {
        at_values(&crate::induction::lin_poly(self.paths, lin, &self.pda.crossed.defined)?, state)
    }

    /// The no-overflow conditions of the inner loops state `s`'s path crosses, over the values
    /// `state` at the start of one of its runs (those over undetermined values left out).
    fn crossing_no_overflow(&self, s: usize, state: &BTreeMap<VarId, Option<Poly>>) -> Vec<PolyConstraint> {
        let conditions = match self.pda.states[s].kind {
            StateKind::Iteration(i) => self.pda.crossed.path_no_overflow.get(i),
            StateKind::Exit(i) => self.pda.crossed.exit_no_overflow.get(i),
            StateKind::Entry => None,
        };
        conditions
            .into_iter()
            .flatten()
            .filter_map(|c| Some(PolyConstraint { poly: at_values(&c.poly, state)?, eq: c.eq }))
            .collect()
    }

    /// The values after one run of `path` (an exit path) from `state`.
    fn after_once(&self, path: &LinPath, state: &BTreeMap<VarId, Option<Poly>>) -> BTreeMap<VarId, Option<Poly>> {
        let mut out = state.clone();
        for (s, lin) in &path.post {
            if let Some(v) = self.paths.var_of(*s) {
                out.insert(v, self.lin(lin, state));
            }
        }
        out
    }

    /// Whether Z3 does not refute `conditions` (over the integers; unknown counts as feasible).
    fn feasible(&self, conditions: &[PolyConstraint]) -> bool {
        let facts: Vec<Bool> = conditions.iter().map(constraint_smt).collect();
        self.solver.push();
        self.solver.assert(&Bool::and(&facts));
        let refuted = self.solver.proves_unsat(&[]);
        self.solver.pop();
        !refuted
    }
}

/// Steps wider than this are not bounds worth having (an `int` input's whole range).
const MAX_STEP_WIDTH: i128 = 1 << 16;

/// Per variable that `path` moves by a step within constant bounds (`x += c` with `c` a
/// constant, or a value the path does not determine — a load, an input — within its type's
/// range and the path's conditions on it alone), the step's least and greatest value.
pub fn bounded_steps(
    paths: &LoopPaths,
    path: &LinPath,
    defined: &BTreeMap<leapfrog_paths::linear::Sym, Poly>,
) -> BTreeMap<VarId, (Rational, Rational)> {
    use leapfrog_paths::linear::{ceil_div, floor_div};
    let aux_range = |a: leapfrog_paths::linear::Sym| -> Option<(i128, i128)> {
        if paths.var_of(a).is_some() || defined.contains_key(&a) {
            return None;
        }
        let (mut lo, mut hi) = paths.syms.get(a)?.range?;
        for row in &path.rows {
            let mut terms = row.lin.terms.iter();
            let (Some((s, c)), None) = (terms.next(), terms.next()) else { continue };
            if *s != a {
                continue;
            }
            // c·a + k ≤ 0 (or = 0): a ≤ −k/c for c > 0, a ≥ k/(−c) for c < 0; both for =.
            let (c, k) = if *c < 0 && row.eq {
                (c.checked_neg()?, row.lin.constant.checked_neg()?)
            } else {
                (*c, row.lin.constant)
            };
            if c > 0 {
                hi = hi.min(floor_div(k.checked_neg()?, c));
                if row.eq {
                    lo = lo.max(ceil_div(k.checked_neg()?, c));
                }
            } else {
                lo = lo.max(ceil_div(k, c.checked_neg()?));
            }
        }
        (lo <= hi).then_some((lo, hi))
    };
    let mut out = BTreeMap::new();
    for (v, s) in &paths.pre {
        let Some(lin) = path.post.get(s) else { continue };
        let Some(step) = lin.sub(&Lin::sym(*s)) else { continue };
        if step.terms.keys().any(|t| paths.var_of(*t).is_some()) {
            continue;
        }
        let (mut a, mut b) = step.interval(&aux_range).unwrap_or((i128::MIN, i128::MAX));
        // Conditions on the step's combination of symbols itself (`c >= 1` for `x += c` with
        // `c` computed from several values): `α·L + k ≤ 0` with `L` the step less its constant.
        let shape = Lin { constant: 0, terms: step.terms.clone() };
        for row in &path.rows {
            let Some(alpha) = multiple_of(&row.lin.terms, &shape.terms) else { continue };
            // α·L ≤ −k (or =), α = p/q in lowest terms with q > 0: p·L ≤ −k·q.
            let (p, q) = alpha;
            let Some(rhs) = row.lin.constant.checked_neg().and_then(|k| k.checked_mul(q)) else { continue };
            let (p, rhs) = if p < 0 && row.eq { (-p, -rhs) } else { (p, rhs) };
            let (lo_l, hi_l) = if p > 0 {
                (row.eq.then(|| ceil_div(rhs, p)), Some(floor_div(rhs, p)))
            } else {
                // p·L ≤ rhs with p < 0: L ≥ rhs/p = (−rhs)/(−p).
                (Some(ceil_div(-rhs, -p)), None)
            };
            if let Some(l) = lo_l.and_then(|l| l.checked_add(step.constant)) {
                a = a.max(l);
            }
            if let Some(h) = hi_l.and_then(|h| h.checked_add(step.constant)) {
                b = b.min(h);
            }
        }
        if a > b || b.checked_sub(a).is_none_or(|w| w > MAX_STEP_WIDTH) {
            continue;
        }
        out.insert(*v, (rational(a), rational(b)));
    }
    out
}

/// `α = p/q` (`q > 0`) with `terms = α·shape` (both non-empty), if there is one.
fn multiple_of(terms: &BTreeMap<usize, i128>, shape: &BTreeMap<usize, i128>) -> Option<(i128, i128)> {
    if terms.is_empty() || terms.len() != shape.len() {
        return None;
    }
    let (s0, c0) = shape.iter().next()?;
    let t0 = *terms.get(s0)?;
    // α = t0 / c0; every other term must agree: t·c0 == c·t0.
    for (s, c) in shape {
        let t = *terms.get(s)?;
        if t.checked_mul(*c0)? != c.checked_mul(t0)? {
            return None;
        }
    }
    let g = num_integer::gcd(t0, *c0);
    let (p, q) = (t0 / g, c0 / g);
    Some(if q < 0 { (-p, -q) } else { (p, q) })
}

/// The values after `runs` runs of the path `induction` describes, from `state`; `runs` is at
/// least `min_runs`, so a closed form holding from a later run on is unknown here.
fn after_runs(
    induction: &PathInduction,
    state: &BTreeMap<VarId, Option<Poly>>,
    runs: &Poly,
    min_runs: u32,
) -> BTreeMap<VarId, Option<Poly>> {
    let mut out = BTreeMap::new();
    for (v, current) in state {
        let value = match induction.vars.get(v) {
            // A closed form valid from the first run on, without a geometric term.
            Some((_, Some(form))) if form.from <= min_runs && form.value.geometric.is_none() => {
                sequence_at(&form.value, state, runs)
            }
            Some(_) => None,
            // Not a variable of the path: unchanged.
            _ => current.clone(),
        };
        out.insert(*v, value);
    }
    out
}

/// `Σ_{r<R} count(X_r)` for `R ≥ 1` rounds (the counter `rounds_counter`), with `X_r` the values
/// at the start of round `r` (`X_0 = state`, then the rounds' closed forms `rounds`) and `count`
/// a polynomial over a round's start values: the prefix sum of the sequence `count(X_r)`, its
/// first round apart when a closed form holds only from the first round on (`j = 0` after each
/// reset). `None` when a variable has no polynomial closed form from round 1 on.
fn rounds_total(
    count: &Poly,
    rounds: &PathInduction,
    state: &BTreeMap<VarId, Option<Poly>>,
    rounds_counter: &Poly,
) -> Option<Poly> {
    let mut from = 0;
    let form = |v: VarId| -> Option<crate::sequence::Sequence> {
        match rounds.vars.get(&v) {
            None => Some(crate::sequence::Sequence::constant(Poly::var(v))),
            Some((_, Some(f))) if f.from <= 1 && f.value.geometric.is_none() => Some(f.value.clone()),
            Some(_) => None,
        }
    };
    for v in count.vars() {
        if let Some((_, Some(f))) = rounds.vars.get(&v) {
            from = from.max(f.from);
        }
        form(v)?;
    }
    let per_round = crate::sequence::Sequence::of_poly(count, &form)?;
    let sum = per_round.prefix_sum()?;
    // Σ_{r<R} = G(R) − G(from), plus the rounds before `from` one by one.
    let mut total = sequence_at(&sum, state, rounds_counter)?.sub(&at_values(&sum.at(i128::from(from)), state)?);
    if from == 1 {
        total = total.add(&at_values(count, state)?);
    }
    Some(total)
}

/// The range of `v`'s type when its arithmetic may not overflow (signed under the default
/// semantics: its range is not part of the paths' constraints), else `None`.
fn overflow_range(paths: &LoopPaths, v: VarId) -> Option<(i128, i128)> {
    let info = paths.syms.get(*paths.pre.get(&v)?)?;
    if info.constrained { None } else { info.range }
}

/// The polynomial sequence `s` at `n` from the start values `state` (`None` when a value it
/// needs is undetermined).
fn sequence_at(s: &crate::sequence::Sequence, state: &BTreeMap<VarId, Option<Poly>>, n: &Poly) -> Option<Poly> {
    let mut acc = Poly::default();
    let mut power = Poly::constant(Rational::one());
    for coefficient in &s.poly {
        acc = acc.add(&at_values(coefficient, state)?.mul(&power));
        power = power.mul(n);
    }
    Some(acc)
}

/// `poly` with each program variable (atom `Var(v)`) replaced at once by its value in `values`
/// (`None` when one of them has none).
fn at_values(poly: &Poly, values: &BTreeMap<VarId, Option<Poly>>) -> Option<Poly> {
    let mut map = BTreeMap::new();
    for a in poly.atoms() {
        if let Atom::Var(v) = a {
            map.insert(a, values.get(&v)?.clone()?);
        }
    }
    Some(poly.substitute_all(&map))
}

/// Replaces each counter the conditions pin to one value (`k ≥ e` and `k ≤ e`).
fn eliminate_counters(summary: &mut TraceSummary) {
    for c in 0..summary.counters {
        let k = Atom::Counter(c);
        let mut lower: Vec<Poly> = Vec::new();
        let mut upper: Vec<Poly> = Vec::new();
        for constraint in &summary.conditions {
            let Some((a, rest)) = constraint.poly.linear_in(k) else { continue };
            if !(a.is_one() || (-a.clone()).is_one()) {
                continue;
            }
            // a·k + rest ≤ 0 (or = 0).
            let bound = if a.is_positive() { rest.scale(&rational(-1)) } else { rest.clone() };
            if constraint.eq || a.is_positive() {
                upper.push(bound.clone());
            }
            if constraint.eq || a.is_negative() {
                lower.push(bound);
            }
        }
        let Some(value) = lower.iter().find(|l| upper.iter().any(|u| u == *l)).cloned() else { continue };
        for v in summary.pinned.values_mut().chain(summary.iterations.iter_mut()) {
            *v = v.substitute(k, &value);
        }
        summary.pinned.insert(c, value.clone());
        for constraint in &mut summary.conditions {
            constraint.poly = constraint.poly.substitute(k, &value);
        }
        for v in summary.exit.values_mut().chain(summary.at_last_header.values_mut()).flatten() {
            *v = v.substitute(k, &value);
        }
        for (lo, hi) in summary.exit_bounds.values_mut() {
            for v in [lo, hi].into_iter().flatten() {
                *v = v.substitute(k, &value);
            }
        }
        for constraint in &mut summary.no_overflow {
            constraint.poly = constraint.poly.substitute(k, &value);
        }
        // `value ≥ 1` stays (from `k ≥ 1`); constraints now constant and true go.
        summary.conditions.retain(|c| match c.poly.as_constant() {
            Some(v) => !(if c.eq { v.is_zero() } else { !v.is_positive() }),
            None => true,
        });
    }
    // Each condition once; a no-overflow condition that is a constant is true (the trace's
    // values are in range) or false (no execution follows it without overflow: kept).
    let mut seen = Vec::new();
    summary.conditions.retain(|c| {
        let new = !seen.contains(c);
        if new {
            seen.push(c.clone());
        }
        new
    });
    let mut seen = Vec::new();
    summary.no_overflow.retain(|c| {
        let trivially_true = c.poly.as_constant().is_some_and(|v| !v.is_positive());
        let new = !trivially_true && !seen.contains(c);
        if new {
            seen.push(c.clone());
        }
        new
    });
}

fn constraint_smt(c: &PolyConstraint) -> Bool {
    c.smt(&|a| match a {
        Atom::Var(v) => Int::new_const(format!("sm_v{}", leapfrog_ir::Id::index(v))),
        Atom::Counter(i) => Int::new_const(format!("sm_k{i}")),
    })
}

impl PolyConstraint {
    /// The constraint as a Z3 formula, each atom the term `atom` gives it.
    pub fn smt(&self, atom: &dyn Fn(Atom) -> Int) -> Bool {
        let (scaled, _) = self.poly.smt_scaled(atom);
        let zero = Int::from_i64(0);
        if self.eq { scaled.eq(&zero) } else { scaled.le(&zero) }
    }
}

impl TraceSummary {
    /// The disjunct's conditions as C (`… <= …`), counters named `k1`, `k2`….
    pub fn condition_texts(&self, name: &dyn Fn(VarId) -> String) -> Vec<String> {
        self.conditions.iter().map(|c| constraint_text(c, &|a| atom_name(a, name))).collect()
    }

    /// An upper bound on the trace's iterations over the entry values alone (Proteus §7.1): its
    /// [`TraceSummary::iterations`] with each counter left replaced by a bound its conditions
    /// give (`a·k + rest ≤ 0`: `k ≤ −rest/a` for `a > 0`, `k ≥ rest/(−a)` for `a < 0`) — an upper
    /// one where the iterations grow with the counter, a lower one where they shrink (the sign of
    /// the counter's coefficient proven from the conditions by Z3). `None` when the iterations
    /// are unknown or some counter cannot be bounded so (`i += 2` until `i ≥ n` from `i < n`:
    /// `k ≤ (n − i + 1)/2`). Like the exit values, it speaks of executions that meet the
    /// trace's no-overflow conditions: a candidate for a checker, not a proof.
    pub fn iteration_bound(&self, deadline: Instant) -> Option<Poly> {
        let mut bound = self.iterations.clone()?;
        let conditions = &self.conditions;
        let solver = Solver::new(QUERY_LIMITS, Some(deadline));
        solver.assert(&Bool::and(&conditions.iter().map(constraint_smt).collect::<Vec<_>>()));
        // `poly ≥ 0` (or `≤ 0`) follows from the conditions.
        let proven = |poly: &Poly, nonnegative: bool| {
            let claim =
                PolyConstraint { poly: if nonnegative { poly.scale(&rational(-1)) } else { poly.clone() }, eq: false };
            poly.as_constant().map_or_else(
                || solver.proves_unsat(&[constraint_smt(&claim).not()]),
                |c| if nonnegative { !c.is_negative() } else { !c.is_positive() },
            )
        };
        for c in 0..self.counters {
            let k = Atom::Counter(c);
            if !bound.mentions(k) {
                continue;
            }
            let (growth, _) = bound.linear_in_poly(k)?;
            let grows = if proven(&growth, true) {
                true
            } else if proven(&growth, false) {
                false
            } else {
                return None;
            };
            // The rows bounding k on the side that matters: the tightest of the constant bounds
            // (`1 <= k` over `0 <= k`), else the first other. Other counters are never negative,
            // so a row's terms `b·k'` with `b ≥ 0` can be dropped (`k + k' <= n` gives `k <= n`
            // as `k' >= 0`, and `-k + k' + r <= 0` gives `k >= r`).
            let values: Vec<Poly> = conditions
                .iter()
                .filter_map(|x| {
                    let (a, rest) = x.poly.linear_in(k)?;
                    let side = if grows { a.is_positive() } else { a.is_negative() };
                    let mut free = Poly::default();
                    for (m, c) in &rest.terms {
                        match m.as_slice() {
                            [(Atom::Counter(_), 1)] if !c.is_negative() => {}
                            _ if m.iter().any(|(a, _)| matches!(a, Atom::Counter(_))) => return None,
                            _ => {
                                free.terms.insert(m.clone(), c.clone());
                            }
                        }
                    }
                    side.then(|| free.scale(&(-a.recip())))
                })
                .collect();
            let constants = values.iter().filter_map(|v| v.as_constant());
            let tightest = if grows { constants.min() } else { constants.max() };
            let value = match values.iter().find(|v| v.as_constant().is_none()) {
                Some(symbolic) => symbolic.clone(),
                None => Poly::constant(tightest?),
            };
            // (The rows are not rewritten with it: a bound of k1 is no value of k1 in a row of k2.)
            bound = bound.substitute(k, &value);
        }
        Some(bound)
    }

    /// The counters still in the disjunct.
    pub fn remaining_counters(&self) -> Vec<usize> {
        (0..self.counters)
            .filter(|c| {
                let k = Atom::Counter(*c);
                self.conditions.iter().chain(&self.no_overflow).any(|x| x.poly.mentions(k))
                    || self.exit.values().flatten().any(|p| p.mentions(k))
                    || self.exit_bounds.values().any(|(lo, hi)| [lo, hi].into_iter().flatten().any(|p| p.mentions(k)))
            })
            .collect()
    }

    /// Whether the disjunct holds for entry values `entry`, exit values `exit` and counters
    /// `counters` (a variable without an exit value is unconstrained but for its bounds; exit
    /// values and bounds are claimed only when the no-overflow conditions hold).
    pub fn holds(&self, entry: &dyn Fn(VarId) -> i128, exit: &dyn Fn(VarId) -> i128, counters: &[i128]) -> bool {
        let value = |a: Atom| match a {
            Atom::Var(v) => Some(entry(v)),
            Atom::Counter(i) => counters.get(i).copied(),
        };
        let true_at = |c: &PolyConstraint| match c.poly.eval(&value) {
            Some(v) if c.eq => v.is_zero(),
            Some(v) => !v.is_positive(),
            None => false,
        };
        let within = |v: VarId, (lo, hi): &Bounds| {
            let x = rational(exit(v));
            lo.as_ref().is_none_or(|lo| lo.eval(&value).is_some_and(|lo| lo <= x))
                && hi.as_ref().is_none_or(|hi| hi.eval(&value).is_some_and(|hi| x <= hi))
        };
        self.conditions.iter().all(true_at)
            && (!self.no_overflow.iter().all(true_at)
                || (self.exit.iter().all(|(v, p)| match p {
                    Some(p) => p.eval(&value) == Some(rational(exit(*v))),
                    None => true,
                }) && self.exit_bounds.iter().all(|(v, b)| within(*v, b))))
    }
}

/// `k1`… for counters, the variable's name otherwise.
pub fn atom_name(a: Atom, name: &dyn Fn(VarId) -> String) -> String {
    match a {
        Atom::Var(v) => name(v),
        Atom::Counter(i) => format!("k{}", i + 1),
    }
}

/// `p <= 0` written with the positive terms on the left: `x - n + 1 <= 0` reads `x + 1 <= n`.
pub fn constraint_text(c: &PolyConstraint, name: &dyn Fn(Atom) -> String) -> String {
    let positive = Poly {
        terms: c.poly.terms.iter().filter(|(_, k)| k.is_positive()).map(|(m, k)| (m.clone(), k.clone())).collect(),
    };
    let negative = positive.sub(&c.poly);
    let op = if c.eq { "==" } else { "<=" };
    format!("{} {op} {}", positive.text(name), negative.text(name))
}
