//! Inlining preserves executions, over the whole development benchmark corpus.
//!
//! For every program of the manifest (`../shared/benchmarks`, or `$LEAPFROG_BENCHMARKS`), loaded
//! with the data model `svcomp-tasks.csv` states, [`leapfrog_ir::inline_program`] must give a
//! program the verifier accepts, whose entry function has at least as many loops as the functions
//! the original reaches, and which the interpreter runs exactly as the original: on three seeded
//! input streams, with uninitialized values read from the stream, the outcomes (kind, exit code,
//! position, message) and the number of inputs read must be equal. Runs where the original hits
//! the step limit are excluded (the inlined program gets more steps: its calls take more).
//! Recursive programs, and programs too large to inline, are counted. The summary is printed; run with `--nocapture` to see it, and with
//! `LEAPFROG_INLINE_VERBOSE=1` to list the excluded runs.

use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_interp::{ExecConfig, ExecResult, Outcome, UninitMode};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::verify::verify_program;
use leapfrog_ir::{Command, FuncId, Id, InlineError, InlineLimits, Program, inline_program};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

#[path = "support/corpus.rs"]
mod corpus;
use corpus::{Task, benchmarks_dir, seed_of, stream, tasks};

/// Random streams per program.
const RUNS_PER_PROGRAM: u64 = 3;
/// Runs of the original that take more steps end as `limit` and are excluded.
const MAX_STEPS: u64 = 1_000_000;
/// The inlined program's step limit: a call takes `max(n, 1) + 1` steps there instead of one, and
/// a run is compared only if the original finished, so this is rarely reached.
const MAX_STEPS_INLINED: u64 = 4 * MAX_STEPS;

#[derive(Default)]
struct Tally {
    programs: usize,
    inlined: usize,
    rejected_by_front_end: usize,
    no_entry: usize,
    recursion: usize,
    too_large: usize,
    runs_compared: usize,
    /// Compared runs by outcome kind.
    outcomes: BTreeMap<&'static str, usize>,
    excluded: usize,
    /// Loops of the functions the originals reach, and of the inlined entries.
    loops_reachable: usize,
    loops_inlined: usize,
    largest: (usize, String),
    failures: Vec<String>,
}

/// The number of loops of every function `p`'s initializer and entry reach through calls.
fn reachable_loops(p: &Program) -> usize {
    let mut seen = vec![false; p.funcs.len()];
    let mut todo: Vec<FuncId> = [p.init].into_iter().chain(p.entry).collect();
    let mut loops = 0;
    while let Some(f) = todo.pop() {
        if std::mem::replace(&mut seen[f.index()], true) {
            continue;
        }
        loops += LoopForest::compute(&p.funcs[f]).loops.len();
        for e in p.funcs[f].edges.values() {
            if let Command::Call { callee, .. } = e.cmd {
                todo.push(callee);
            }
        }
    }
    loops
}

fn run(p: &Program, nondet: &[i128], max_steps: u64) -> ExecResult {
    let config = ExecConfig { nondet: nondet.to_vec(), uninit: UninitMode::Nondet, max_steps, ..ExecConfig::default() };
    leapfrog_interp::run(p, &config)
}

fn check_task(task: &Task, tally: &Mutex<Tally>) {
    let name = format!("{:?}", task.files);
    tally.lock().unwrap().programs += 1;
    let opts = FrontendOptions { data_model: task.data_model, entry: None, ..Default::default() };
    let Ok(original) = load_program(&task.files, &opts) else {
        tally.lock().unwrap().rejected_by_front_end += 1;
        return;
    };
    let inlined = match inline_program(&original, &InlineLimits::default()) {
        Ok(p) => p,
        Err(InlineError::NoEntry) => return tally.lock().unwrap().no_entry += 1,
        Err(InlineError::Recursion { .. }) => return tally.lock().unwrap().recursion += 1,
        Err(e @ InlineError::TooLarge { .. }) => {
            println!("not inlined: {name}: {e}");
            return tally.lock().unwrap().too_large += 1;
        }
    };
    let mut failures = Vec::new();
    if let Err(errors) = verify_program(&inlined) {
        failures.push(format!("{name}: the inlined program does not verify: {:?}", &errors[..errors.len().min(3)]));
    }
    let entry = &inlined.funcs[inlined.entry.unwrap()];
    if entry.edges.values().any(|e| matches!(e.cmd, Command::Call { .. })) {
        failures.push(format!("{name}: the inlined entry still calls"));
    }
    let (reachable, loops) = (reachable_loops(&original), LoopForest::compute(entry).loops.len());
    if loops < reachable {
        failures.push(format!("{name}: {loops} loops after inlining, {reachable} reachable before"));
    }
    let (mut compared, mut excluded) = (Vec::new(), 0);
    for r in 0..RUNS_PER_PROGRAM {
        let nondet = stream(seed_of(&task.files, r));
        let before = run(&original, &nondet, MAX_STEPS);
        let after = match before.outcome {
            Outcome::Limit { .. } => None,
            _ => {
                Some(run(&inlined, &nondet, MAX_STEPS_INLINED)).filter(|a| !matches!(a.outcome, Outcome::Limit { .. }))
            }
        };
        let Some(after) = after else {
            if std::env::var_os("LEAPFROG_INLINE_VERBOSE").is_some() {
                println!("excluded {name} run {r}: the original ends with {}", before.outcome);
            }
            excluded += 1;
            continue;
        };
        compared.push(before.outcome.kind());
        if (&before.outcome, before.nondet_used) != (&after.outcome, after.nondet_used) {
            failures.push(format!(
                "{name} run {r}: original {:?} after {} inputs, inlined {:?} after {} inputs",
                before.outcome, before.nondet_used, after.outcome, after.nondet_used
            ));
        }
    }
    let mut t = tally.lock().unwrap();
    t.inlined += 1;
    t.runs_compared += compared.len();
    for kind in compared {
        *t.outcomes.entry(kind).or_default() += 1;
    }
    t.excluded += excluded;
    t.loops_reachable += reachable;
    t.loops_inlined += loops;
    if entry.locs.len() > t.largest.0 {
        t.largest = (entry.locs.len(), name);
    }
    t.failures.extend(failures);
}

#[test]
fn inlining_preserves_executions_on_the_benchmarks() {
    let dir = benchmarks_dir();
    assert!(dir.join("manifest.csv").is_file(), "benchmarks not found at {} (set LEAPFROG_BENCHMARKS)", dir.display());
    let queue = Arc::new(Mutex::new(tasks(&dir)));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).max(2);
    let handles: Vec<_> = (0..workers)
        .map(|_| {
            let (queue, tally) = (queue.clone(), tally.clone());
            // The interpreter is iterative; the stack is for the recursive IR walks (verifier).
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn(move || {
                    loop {
                        let Some(task) = queue.lock().unwrap().pop() else { break };
                        check_task(&task, &tally);
                    }
                })
                .unwrap()
        })
        .collect();
    for h in handles {
        h.join().expect("worker");
    }
    let t = tally.lock().unwrap();
    println!(
        "inline equivalence: {} programs, {} inlined, {} recursive, {} too large, {} without entry, {} rejected by \
         the front end",
        t.programs, t.inlined, t.recursion, t.too_large, t.no_entry, t.rejected_by_front_end
    );
    println!("runs compared: {} ({:?}), excluded (step limit): {}", t.runs_compared, t.outcomes, t.excluded);
    println!(
        "loops: {} in the functions the originals reach, {} in the inlined entries; largest inlined entry: {} \
         locations ({})",
        t.loops_reachable, t.loops_inlined, t.largest.0, t.largest.1
    );
    for f in &t.failures {
        println!("FAILURE {f}");
    }
    assert!(t.failures.is_empty(), "{} failures", t.failures.len());
    assert!(t.runs_compared >= 1000, "only {} runs compared", t.runs_compared);
}
