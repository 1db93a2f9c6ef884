//! Proteus' disjunctive summaries never exclude a real execution, over the development corpus.
//!
//! Each small program is inlined and every loop Proteus summarizes is watched by the
//! interpreter (its header and the targets of its exit edges) on seeded input streams: the
//! state at the first header visit of an execution of the loop statement is its entry, the state
//! where control first leaves it is its exit. Each (entry, exit) pair must satisfy some
//! disjunct for some values of its counters (at most the number of header visits), which Z3
//! decides with the entry and exit values as constants. A pair no disjunct admits is a
//! summary that excludes a real execution: a soundness bug.

#[path = "support/corpus.rs"]
mod corpus;

use corpus::{Task, benchmarks_dir, seed_of, stream, tasks};
use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_interp::{ExecConfig, UninitMode, Watch};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{InlineLimits, LocId, VarId, inline_program};
use leapfrog_proteus::poly::{Atom, Poly};
use leapfrog_proteus::summary::{Summary, TraceSummary, summarize};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_smt::{QueryLimits, Satisfiability, Solver};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const RUNS_PER_PROGRAM: u64 = 4;
const MAX_STEPS: u64 = 300_000;
/// Programs larger than this (after inlining) are left out.
const MAX_LOCS: usize = 400;
/// Executions of one loop statement checked per run (a loop nested in another runs often).
const MAX_PAIRS_PER_RUN: usize = 40;
const SUITES: &[&str] = &[
    "code2inv",
    "code2inv-nl",
    "paper-examples",
    "svcomp-loop-acceleration",
    "svcomp-loop-invgen",
    "svcomp-loop-lit",
    "svcomp-loop-new",
    "svcomp-loop-simple",
    "svcomp-loops",
    "tpdb-c-integer",
    "tpdb-complexity-c-integer",
    "malardalen",
];

#[derive(Default, Debug)]
struct Tally {
    programs: usize,
    loops_summarized: usize,
    /// Summarized loops with bounds on an exit value (§6).
    loops_with_bounds: usize,
    /// Summarized loops every trace of which bounds its iterations (§7.1), and the executions
    /// whose iterations were compared with the largest of those bounds.
    loops_with_iteration_bounds: usize,
    iterations_checked: usize,
    pairs: usize,
    undecided: usize,
    violations: Vec<String>,
}

/// A summarized loop: where it is entered and left, the variables its summary is over, and the
/// traces.
struct Watched {
    line: u32,
    header: LocId,
    exits: Vec<LocId>,
    vars: Vec<VarId>,
    traces: Vec<TraceSummary>,
    /// Each trace's bound on its iterations, when every trace has one.
    iteration_bounds: Option<Vec<Poly>>,
}

/// Whether some trace admits `entry` → `exit` with counters in `0..=bound`: `Some(true)` or
/// `Some(false)` as Z3 decides, `None` when it cannot.
fn admitted(
    traces: &[TraceSummary],
    entry: &BTreeMap<VarId, i128>,
    exit: &BTreeMap<VarId, i128>,
    bound: i128,
) -> Option<bool> {
    // Without counters a disjunct is evaluated; with them, Z3 searches.
    let mut undecided = false;
    for t in traces {
        let counters = t.remaining_counters();
        let mentioned = |p: &Poly| p.atoms().iter().all(|a| !matches!(a, Atom::Var(v) if !entry.contains_key(v)));
        if !t.conditions.iter().chain(&t.no_overflow).all(|c| mentioned(&c.poly))
            || !t.exit.values().flatten().all(mentioned)
            || t.exit.iter().any(|(v, p)| p.is_some() && !exit.contains_key(v))
            || t.exit_bounds.keys().any(|v| !exit.contains_key(v))
            || !t.exit_bounds.values().all(|(lo, hi)| [lo, hi].into_iter().flatten().all(mentioned))
        {
            // A value the run does not hold as an integer (a pointer, unset): not decided here.
            undecided = true;
            continue;
        }
        if counters.is_empty() {
            if t.holds(&|v| entry[&v], &|v| exit[&v], &vec![0; t.counters]) {
                return Some(true);
            }
            continue;
        }
        let solver = Solver::new(QueryLimits { timeout: Duration::from_secs(2), rlimit: 0 }, None);
        let k: Vec<Int> = (0..t.counters).map(|i| Int::new_const(format!("k{i}"))).collect();
        let atom = |a: Atom| match a {
            Atom::Var(v) => Int::from_i128(entry[&v]),
            Atom::Counter(i) => k[i].clone(),
        };
        let mut facts: Vec<Bool> = Vec::new();
        for i in &counters {
            facts.push(k[*i].ge(Int::from_i64(0)));
            facts.push(k[*i].le(Int::from_i128(bound)));
        }
        facts.extend(t.conditions.iter().map(|c| c.smt(&atom)));
        let no_overflow: Vec<Bool> = t.no_overflow.iter().map(|c| c.smt(&atom)).collect();
        // d·p compared with d·value, d the denominator of p's coefficients.
        let scaled = |p: &Poly, v: &VarId| {
            let (scaled, d) = p.smt_scaled(&atom);
            let d: Int = d.to_string().parse().expect("an integer");
            (scaled, Int::mul(&[d, Int::from_i128(exit[v])]))
        };
        let mut exits: Vec<Bool> = t
            .exit
            .iter()
            .filter_map(|(v, p)| {
                let (p, x) = scaled(p.as_ref()?, v);
                Some(p.eq(&x))
            })
            .collect();
        for (v, (lo, hi)) in &t.exit_bounds {
            exits.extend(lo.iter().map(|lo| {
                let (lo, x) = scaled(lo, v);
                lo.le(&x)
            }));
            exits.extend(hi.iter().map(|hi| {
                let (hi, x) = scaled(hi, v);
                x.le(&hi)
            }));
        }
        facts.push(Bool::or(&[Bool::and(&no_overflow).not(), Bool::and(&exits)]));
        solver.assert(&Bool::and(&facts));
        match solver.satisfiability(&[]) {
            Satisfiability::Sat => return Some(true),
            Satisfiability::Unsat => {}
            Satisfiability::Unknown(_) => undecided = true,
        }
    }
    if undecided { None } else { Some(false) }
}

fn check(task: &Task, tally: &Mutex<Tally>) {
    let opts = FrontendOptions { data_model: task.data_model, entry: None, ..Default::default() };
    let Ok(p) = load_program(&task.files, &opts) else { return };
    let Ok(q) = inline_program(&p, &InlineLimits::default()) else { return };
    let fid = q.entry.expect("inlined entry");
    let f = &q.funcs[fid];
    if f.locs.len() > MAX_LOCS {
        return;
    }
    let forest = LoopForest::compute(f);
    let inner = leapfrog_proteus::nest::InnerSummaries::default();
    let mut watched = Vec::new();
    for l in forest.loops.ids() {
        let deadline = Instant::now() + Duration::from_secs(2);
        let Ok((paths, pda)) =
            leapfrog_proteus::classify::automaton(&q, f, &forest, l, &[], Semantics::Default, &inner, deadline)
        else {
            continue;
        };
        let Summary::Traces(traces) = summarize(&paths, &pda, deadline) else { continue };
        let lp = &forest.loops[l];
        let mut exits: Vec<LocId> = lp.exits.iter().map(|e| f.edges[*e].to).collect();
        exits.sort();
        exits.dedup();
        let iteration_bounds = traces.iter().map(|t| t.iteration_bound(deadline)).collect();
        watched.push(Watched {
            iteration_bounds,
            line: forest.syntax(f, l).1.line,
            header: lp.header,
            exits,
            vars: paths.pre.keys().copied().collect(),
            traces,
        });
    }
    if watched.is_empty() {
        return;
    }
    let mut locs: Vec<LocId> = watched.iter().flat_map(|w| std::iter::once(w.header).chain(w.exits.clone())).collect();
    locs.sort();
    locs.dedup();
    let mut vars: Vec<VarId> = watched.iter().flat_map(|w| w.vars.clone()).collect();
    vars.sort();
    vars.dedup();
    let mut local = Tally { programs: 1, loops_summarized: watched.len(), ..Tally::default() };
    local.loops_with_bounds = watched.iter().filter(|w| w.traces.iter().any(|t| !t.exit_bounds.is_empty())).count();
    local.loops_with_iteration_bounds = watched.iter().filter(|w| w.iteration_bounds.is_some()).count();
    for run in 0..RUNS_PER_PROGRAM {
        let config = ExecConfig {
            nondet: stream(seed_of(&task.files, run)),
            uninit: UninitMode::Nondet,
            max_steps: MAX_STEPS,
            max_call_depth: 10_000,
            watch: Some(Watch { func: fid, locs: locs.clone(), vars: vars.clone(), per_loc: 100_000 }),
            ..ExecConfig::default()
        };
        let r = leapfrog_interp::run(&q, &config);
        for w in &watched {
            let mut entry: Option<(BTreeMap<VarId, i128>, i128)> = None;
            let mut pairs = 0;
            for s in &r.snapshots {
                let state = || -> BTreeMap<VarId, i128> {
                    w.vars
                        .iter()
                        .filter_map(|v| {
                            let at = vars.iter().position(|x| x == v)?;
                            Some((*v, s.values[at]?))
                        })
                        .collect()
                };
                if s.loc == w.header {
                    match &mut entry {
                        Some((_, visits)) => *visits += 1,
                        None => entry = Some((state(), 1)),
                    }
                } else if w.exits.contains(&s.loc)
                    && let Some((start, visits)) = entry.take()
                {
                    pairs += 1;
                    if pairs > MAX_PAIRS_PER_RUN {
                        break;
                    }
                    local.pairs += 1;
                    // The iterations (header visits after the first) are at most the largest
                    // of the traces' bounds.
                    if let Some(bounds) = &w.iteration_bounds {
                        let value = |a: Atom| match a {
                            Atom::Var(v) => start.get(&v).copied(),
                            Atom::Counter(_) => None,
                        };
                        let values: Option<Vec<_>> = bounds.iter().map(|b| b.eval(&value)).collect();
                        if let Some(values) = values {
                            local.iterations_checked += 1;
                            let iterations = visits - 1;
                            if !values.iter().any(|b| b.numer() >= &(b.denom() * iterations)) {
                                local.violations.push(format!(
                                    "{} (run {run}): the loop at line {} ran {iterations} iterations from {:?}, above every trace's bound {:?}",
                                    task.files[0].display(),
                                    w.line,
                                    start,
                                    values.iter().map(|b| b.to_string()).collect::<Vec<_>>()
                                ));
                            }
                        }
                    }
                    match admitted(&w.traces, &start, &state(), visits) {
                        Some(true) => {}
                        None => local.undecided += 1,
                        Some(false) => local.violations.push(format!(
                            "{} (run {run}): the loop at line {} goes from {:?} to {:?}, which no disjunct admits",
                            task.files[0].display(),
                            w.line,
                            start,
                            state()
                        )),
                    }
                }
            }
        }
    }
    let mut t = tally.lock().unwrap();
    t.programs += local.programs;
    t.loops_summarized += local.loops_summarized;
    t.loops_with_bounds += local.loops_with_bounds;
    t.loops_with_iteration_bounds += local.loops_with_iteration_bounds;
    t.iterations_checked += local.iterations_checked;
    t.pairs += local.pairs;
    t.undecided += local.undecided;
    t.violations.extend(local.violations);
}

#[test]
fn disjunctive_summaries_admit_every_execution() {
    let dir = benchmarks_dir();
    let all = tasks(&dir);
    let selected: Vec<&Task> = all
        .iter()
        .filter(|t| {
            let rel = t.files[0].strip_prefix(&dir).unwrap_or(&t.files[0]);
            let suite =
                rel.components().next().map(|c| c.as_os_str().to_string_lossy().to_string()).unwrap_or_default();
            SUITES.contains(&suite.as_str())
        })
        .collect();
    let tally = Mutex::new(Tally::default());
    corpus::for_each_parallel(&selected, |task| check(task, &tally));
    let t = tally.into_inner().unwrap();
    eprintln!(
        "disjunctive summaries: {} programs, {} loops summarized ({} with bounds on an exit value, {} with iteration bounds), {} executions checked ({} undecided, {} against iteration bounds), {} violations",
        t.programs,
        t.loops_summarized,
        t.loops_with_bounds,
        t.loops_with_iteration_bounds,
        t.pairs,
        t.undecided,
        t.iterations_checked,
        t.violations.len()
    );
    assert!(t.loops_summarized >= 150, "too few loops summarized: {}", t.loops_summarized);
    assert!(t.pairs >= 500, "too few executions checked: {}", t.pairs);
    assert!(
        t.iterations_checked >= 500,
        "too few executions checked against iteration bounds: {}",
        t.iterations_checked
    );
    assert!(t.undecided * 20 <= t.pairs, "too many executions undecided: {} of {}", t.undecided, t.pairs);
    assert!(t.violations.is_empty(), "{}", t.violations.join("\n"));
}
