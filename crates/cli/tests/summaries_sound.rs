//! Loop summaries and the invariance analysis never exclude a real execution.
//!
//! For the development corpus's loop programs (small enough to analyse quickly), each program is
//! inlined and summarized; then every loop header gets an assertion of its invariant (on a new
//! location all the header's incoming edges now lead to), and the interpreter runs the
//! instrumented program on seeded input streams. An invariant that fails in some run is a summary
//! that excludes a real execution: a soundness bug. Both integer semantics are checked, each with
//! the interpreter under the same semantics.

#[path = "support/corpus.rs"]
mod corpus;

use corpus::{Task, benchmarks_dir, seed_of, stream, tasks};
use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_domains::{Disjunctive, Intervals, NumericDomain, Octagon, Polyhedron};
use leapfrog_interp::{ExecConfig, Outcome, UninitMode};
use leapfrog_ir::{AssertOrigin, Command, InlineLimits, MemoryView, Program, inline_program};
use leapfrog_smt::QueryLimits;
use leapfrog_source::Span;
use leapfrog_summarize::candidates::conjunction;
use leapfrog_summarize::{Config, analyze};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const RUNS_PER_PROGRAM: u64 = 3;
const MAX_STEPS: u64 = 300_000;
/// Programs larger than this (after inlining) are left to the benchmark command.
const MAX_LOCS: usize = 120;
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
];
/// The bit-precise check runs on the suites whose programs use machine arithmetic.
const BIT_PRECISE_SUITES: &[&str] = &[
    "paper-examples",
    "svcomp-loop-acceleration",
    "svcomp-loop-invgen",
    "svcomp-loop-lit",
    "svcomp-loop-new",
    "svcomp-loop-simple",
    "svcomp-loops",
];

#[derive(Default, Debug)]
struct Tally {
    programs: usize,
    loops_with_invariants: usize,
    conjuncts: usize,
    runs: usize,
    violations: Vec<String>,
}

/// The program with `assert(I)` on entry to each summarized loop header; the assertions' spans
/// are in a file of their own so that their failures are told apart from the program's. Memory
/// views (registers standing for cells) are loaded from their cells just before the assertion.
fn instrument(
    q: &Program,
    invariants: &[(leapfrog_ir::LocId, Vec<leapfrog_ir::Expr>)],
    views: &[MemoryView],
) -> Program {
    let mut out = q.clone();
    let marker = out.files.intern("<summary-check>");
    let fid = out.entry.expect("inlined entry");
    let f = &mut out.funcs[fid];
    for (i, (header, conj)) in invariants.iter().enumerate() {
        let check = f.add_loc();
        for (_, e) in f.edges.iter_mut() {
            if e.to == *header {
                e.to = check;
            }
        }
        let span = Span::new(marker, i as u32 + 1, 1);
        let mut at = check;
        for w in views {
            let next = f.add_loc();
            f.add_edge(at, next, Command::Load { dst: w.var, addr: w.address() }, span);
            at = next;
        }
        let cond = conjunction(conj);
        f.add_edge(at, *header, Command::Assert { cond, origin: AssertOrigin::CproverAssert }, span);
    }
    out
}

/// Where the invariants under test come from: per loop header, the conjuncts and their C text
/// (given the memory views the program has, which the invariants may mention).
type Invariants = fn(
    &Program,
    leapfrog_ir::FuncId,
    Semantics,
    &[MemoryView],
) -> Vec<(leapfrog_ir::LocId, Vec<leapfrog_ir::Expr>, Vec<String>)>;

/// The loop summaries' invariants (Houdini over templates).
fn summary_invariants(
    q: &Program,
    fid: leapfrog_ir::FuncId,
    semantics: Semantics,
    _views: &[MemoryView],
) -> Vec<(leapfrog_ir::LocId, Vec<leapfrog_ir::Expr>, Vec<String>)> {
    let cfg = Config {
        semantics,
        limits: QueryLimits { timeout: Duration::from_secs(1), rlimit: 0 },
        deadline: Some(Instant::now() + Duration::from_secs(1)),
    };
    let a = analyze(q, fid, &cfg);
    a.loops
        .iter()
        .filter(|l| !l.invariant.is_empty())
        .map(|l| {
            (
                l.header,
                l.invariant.iter().map(|c| c.expr.clone()).collect(),
                l.invariant.iter().map(|c| c.text.clone()).collect(),
            )
        })
        .collect()
}

/// The invariance analysis' invariants in domain `D` (no solver involved).
fn domain_invariants<D: NumericDomain>(
    q: &Program,
    fid: leapfrog_ir::FuncId,
    semantics: Semantics,
    views: &[MemoryView],
) -> Vec<(leapfrog_ir::LocId, Vec<leapfrog_ir::Expr>, Vec<String>)> {
    let cfg = leapfrog_absint::Config {
        deadline: Some(Instant::now() + Duration::from_millis(500)),
        max_live_variables: Some(24),
        views: views.to_vec(),
        ..leapfrog_absint::Config::new(semantics)
    };
    let Ok(result) = leapfrog_absint::analyze::<D>(q, fid, &cfg) else {
        return Vec::new();
    };
    result
        .at_loops()
        .into_iter()
        .filter_map(|(_, header, constraints)| {
            let facts: Vec<_> =
                constraints.iter().filter_map(|c| leapfrog_absint::facts::constraint_expr(q, c, semantics)).collect();
            (!facts.is_empty()).then(|| {
                (header, facts.iter().map(|f| f.0.clone()).collect(), facts.into_iter().map(|f| f.1).collect())
            })
        })
        .collect()
}

fn check(task: &Task, semantics: Semantics, source: Invariants, with_views: bool, tally: &Mutex<Tally>) {
    let opts = FrontendOptions { data_model: task.data_model, entry: None, ..Default::default() };
    let Ok(p) = load_program(&task.files, &opts) else { return };
    let Ok(mut q) = inline_program(&p, &InlineLimits::default()) else { return };
    let fid = q.entry.expect("inlined entry");
    if q.funcs[fid].locs.len() > MAX_LOCS {
        return;
    }
    let views = if with_views { leapfrog_verify::add_memory_views(&mut q, fid) } else { Vec::new() };
    let found = source(&q, fid, semantics, &views);
    let invariants: Vec<_> = found.iter().map(|(h, conj, _)| (*h, conj.clone())).collect();
    let texts: Vec<Vec<String>> = found.into_iter().map(|(_, _, t)| t).collect();
    let mut instrumented = instrument(&q, &invariants, &views);
    let marker = instrumented.files.intern("<summary-check>");
    let mut local = Tally { programs: 1, loops_with_invariants: invariants.len(), ..Tally::default() };
    local.conjuncts = invariants.iter().map(|(_, c)| c.len()).sum();
    for run in 0..RUNS_PER_PROGRAM {
        let config = ExecConfig {
            nondet: stream(seed_of(&task.files, run)),
            uninit: UninitMode::Nondet,
            max_steps: MAX_STEPS,
            semantics,
            max_call_depth: 10_000,
            record_trace: false,
            record_inputs: false,
            record_assignments: false,
            deadline: None,
            watch: None,
            stop_at_input: false,
        };
        let r = leapfrog_interp::run(&instrumented, &config);
        local.runs += 1;
        if let Outcome::Error { span, .. } = r.outcome
            && span.file == marker
        {
            let i = span.line as usize - 1;
            local.violations.push(format!(
                "{} ({}, run {run}): invariant of loop {} excludes a real execution: {}",
                task.files[0].display(),
                semantics.name(),
                i,
                texts[i].join(" && ")
            ));
        }
    }
    let mut t = tally.lock().unwrap();
    t.programs += local.programs;
    t.loops_with_invariants += local.loops_with_invariants;
    t.conjuncts += local.conjuncts;
    t.runs += local.runs;
    t.violations.extend(local.violations);
}

fn check_corpus(semantics: Semantics, source: Invariants, suites: &[&str], min_programs: usize, min_conjuncts: usize) {
    check_corpus_with(semantics, source, false, suites, min_programs, min_conjuncts);
}

fn check_corpus_with(
    semantics: Semantics,
    source: Invariants,
    with_views: bool,
    suites: &[&str],
    min_programs: usize,
    min_conjuncts: usize,
) {
    let dir = benchmarks_dir();
    let all = tasks(&dir);
    let selected: Vec<&Task> = all
        .iter()
        .filter(|t| {
            let rel = t.files[0].strip_prefix(&dir).unwrap_or(&t.files[0]);
            let suite =
                rel.components().next().map(|c| c.as_os_str().to_string_lossy().to_string()).unwrap_or_default();
            suites.contains(&suite.as_str())
        })
        .collect();
    let tally = Mutex::new(Tally::default());
    corpus::for_each_parallel(&selected, |task| check(task, semantics, source, with_views, &tally));
    let t = tally.into_inner().unwrap();
    eprintln!(
        "invariants ({}): {} programs, {} loops with invariants ({} conjuncts), {} runs, {} violations",
        semantics.name(),
        t.programs,
        t.loops_with_invariants,
        t.conjuncts,
        t.runs,
        t.violations.len()
    );
    assert!(t.programs >= min_programs, "too few programs analysed: {}", t.programs);
    assert!(t.conjuncts >= min_conjuncts, "too few invariants to be a meaningful check: {}", t.conjuncts);
    assert!(t.violations.is_empty(), "{}", t.violations.join("\n"));
}

#[test]
fn summaries_admit_every_execution_default_semantics() {
    check_corpus(Semantics::Default, summary_invariants, SUITES, 100, 150);
}

#[test]
fn summaries_admit_every_execution_bit_precise() {
    check_corpus(Semantics::BitPrecise, summary_invariants, BIT_PRECISE_SUITES, 40, 15);
}

#[test]
fn interval_invariants_admit_every_execution() {
    check_corpus(Semantics::Default, domain_invariants::<Intervals>, SUITES, 100, 150);
    check_corpus(Semantics::BitPrecise, domain_invariants::<Intervals>, BIT_PRECISE_SUITES, 40, 40);
}

#[test]
fn octagon_invariants_admit_every_execution() {
    check_corpus(Semantics::Default, domain_invariants::<Octagon>, SUITES, 100, 150);
    check_corpus(Semantics::BitPrecise, domain_invariants::<Octagon>, BIT_PRECISE_SUITES, 40, 40);
}

#[test]
fn polyhedra_invariants_admit_every_execution() {
    check_corpus(Semantics::Default, domain_invariants::<Polyhedron>, SUITES, 100, 150);
}

#[test]
fn invariants_over_memory_cells_admit_every_execution() {
    // The cells stored to at constant offsets are memory views, tracked by the analysis.
    check_corpus_with(Semantics::Default, domain_invariants::<Octagon>, true, SUITES, 100, 150);
    check_corpus_with(Semantics::BitPrecise, domain_invariants::<Intervals>, true, BIT_PRECISE_SUITES, 40, 40);
}

#[test]
fn disjunctive_invariants_admit_every_execution() {
    check_corpus(Semantics::Default, domain_invariants::<Disjunctive<Octagon>>, SUITES, 100, 150);
}
