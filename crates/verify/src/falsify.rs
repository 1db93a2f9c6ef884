//! A failing execution looked for first, without trying to prove anything: what test
//! generation asks of `verify` (`leapfrog testgen`). The same searches as [`crate::verify`]'s,
//! cheapest and most often successful first:
//!
//! 1. the program's only execution, when it consults no input;
//! 2. bounded unwinding of every loop once to three times (shallow failures are common);
//! 3. every loop crossed by its disjunctive summary (Proteus §7.2–7.3, [`crate::traces`]): a
//!    model gives the inputs and the counter values of each trace that reach the failure, so a
//!    failure behind a million iterations is solved, not unrolled;
//! 4. runs on random inputs (unless the summaries' inputs were only too long to replay here).
//!
//! Deeper unwinding is left to [`crate::verify`], which a caller runs next with the time left:
//! it tries a proof first, which ends the search for a program without a failure, and unwinds
//! deeper after it. Every execution returned was replayed to the failing assertion: by the
//! interpreter, or — when the caller gives a [`LongReplay`] (`testgen`'s native run) and the
//! interpreter's run passes [`PROBE_STEPS`] — by the caller's replay, without first
//! interpreting to the step limit (the interpreter runs on where that replay fails).

use crate::{Counterexample, Options, Search, no_assertion_runs, technique};
use leapfrog_interp::EdgeInputs;
use leapfrog_interp::runs::{self, run_recording_within};
use leapfrog_interp::{ExecResult, Outcome};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{InlineLimits, Program, inline_program};
use leapfrog_smt::{QueryLimits, Watchdog};
use leapfrog_source::Span;
use leapfrog_summarize::Config;
use leapfrog_summarize::bmc::{BmcResult, leap_search};
use std::time::{Duration, Instant};

/// The share of the time the first unwinding, the summaries' search and the random runs may
/// take (each from when it starts).
const QUICK_SHARE: f64 = 0.15;
const TRACE_SHARE: f64 = 0.3;
const RANDOM_SHARE: f64 = 0.2;
/// The steps a replay of the summaries' inputs may take here (10^6 iterations of a small loop);
/// longer ones are returned as [`Unconfirmed`].
const LONG_RUN: u64 = 5_000_000;
/// Runs on random inputs at most (before the deeper unwinding; the searches before them find
/// most failures, and a program without one would spend the whole share).
const RANDOM_RUNS: u64 = 200;
/// With a [`LongReplay`], the steps after which the interpreter's run of the only execution or
/// of the summaries' inputs counts as long and is handed to it: 10 to 25 ms of the
/// interpreter's time, less than a native build (gcc, about 40 ms).
pub const PROBE_STEPS: u64 = 250_000;

/// The time a [`LongReplay`]'s run of the only execution may take (its build not counted): simple_1-1's 1.3 * 10^8
/// iterations take 0.04 s natively, the interpreter's budget for the only execution (at most
/// 20 million steps, 0.6 to 2 s) some 10 to 40 ms of a native run. A run that has not ended
/// then is not run by the interpreter either.
const ONLY_RUN_LONG_REPLAY: Duration = Duration::from_millis(300);

/// A caller's replay of inputs whose interpreter run would be long (`testgen`'s native run of
/// the program compiled by gcc): `Ok` with how the run ended when it failed an assertion of the
/// program, else how it ended. It is given the inputs, a deadline, and how long the run itself
/// may take (`None`: until the deadline; the time to prepare it, a native build, not counted).
pub type LongReplay<'a> = &'a dyn Fn(&[i128], Instant, Option<Duration>) -> Result<String, Missed>;

/// How a [`LongReplay`] ended when it failed no assertion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Missed {
    /// The program ended by itself (an `exit` or a return from the entry, with this account):
    /// no assertion failed on the way, and no undefined behaviour was found.
    Ended(String),
    /// The run had not ended at the deadline.
    Unfinished(String),
    /// Anything else (undefined behaviour, a crash, the deadline, a stream too short, no build),
    /// with why.
    Other(String),
}

/// A failure confirmed by a [`LongReplay`] rather than the interpreter.
#[derive(Clone, Debug)]
pub struct ReplayedLong {
    /// The replay's own account of the run (the `Ok` of the [`LongReplay`]).
    pub outcome: String,
    /// How the interpreter's run stopped at the probe's limit ("limit: step limit after 250000
    /// steps").
    pub probe: String,
    /// Whether every value the interpreter's run read up to the probe's limit came from a
    /// `__VERIFIER_nondet_*` call (the long replay is asked only then).
    pub only_nondet_calls: bool,
}

/// A failing execution, with the technique that found it.
#[derive(Clone, Debug)]
pub struct Found {
    pub counterexample: Counterexample,
    pub technique: &'static str,
    /// The interpreter's replay of the counterexample on the program (`runs::replay`'s, with
    /// its trace), when the search kept it: a caller need not replay a long run again.
    pub replay: Option<ExecResult>,
    /// Set when the [`LongReplay`] confirmed the failure instead of the interpreter (`replay`
    /// is then `None`, and the counterexample has the inputs alone: no path, an unknown
    /// failing position).
    pub long: Option<ReplayedLong>,
}

/// Inputs a search proposed whose replay the interpreter could not finish (its step or time
/// limit): a failure that may lie behind more iterations than the interpreter runs, for a
/// caller that can replay it otherwise (natively).
#[derive(Clone, Debug)]
pub struct Unconfirmed {
    pub inputs: Vec<i128>,
    pub technique: &'static str,
    /// How the interpreter's replay ended.
    pub replay: String,
    /// Whether that (unfinished) replay read every value from a `__VERIFIER_nondet_*` call
    /// (none from an uninitialized read, an extern call or a `volatile` read).
    pub only_nondet_calls: bool,
}

/// A failing execution of `p` (within `opts.timeout`), or why none was found (and inputs whose
/// replay did not finish). `Err` says nothing about whether one exists, except where the reason
/// says the program has none (no assertion, or an only execution that fails none).
pub fn falsify(p: &Program, opts: &Options) -> Result<Found, (String, Option<Unconfirmed>)> {
    falsify_with(p, opts, None)
}

/// [`falsify`], with `long` to replay the inputs of runs longer than [`PROBE_STEPS`] steps.
pub fn falsify_with(
    p: &Program,
    opts: &Options,
    long: Option<LongReplay>,
) -> Result<Found, (String, Option<Unconfirmed>)> {
    let mut unconfirmed = None;
    search_failure(p, opts, long, &mut unconfirmed).map_err(|why| (why, unconfirmed))
}

/// The inputs of `probe` (an interpreter run stopped at its step limit) replayed by `long`, as a
/// failing execution; else how the long replay ended (`Other` when the run read a value other
/// than a `__VERIFIER_nondet_*` call's, which the long replay would not serve).
fn replayed_long(
    long: LongReplay,
    probe: &ExecResult,
    technique: &'static str,
    deadline: Instant,
    run_limit: Option<Duration>,
) -> Result<Found, Missed> {
    let only_nondet_calls = probe.read_only_nondet_calls();
    if !only_nondet_calls {
        return Err(Missed::Other("the run reads values other than __VERIFIER_nondet_* calls'".into()));
    }
    let outcome = long(&probe.inputs, deadline, run_limit)?;
    Ok(Found {
        counterexample: Counterexample {
            inputs: probe.inputs.clone(),
            // (Only __VERIFIER_nondet_* calls, checked above; their positions are not kept.)
            reads: Vec::new(),
            path: Vec::new(),
            elided: 0,
            values: Vec::new(),
            values_elided: 0,
            failing: Span::UNKNOWN,
            leaps: Vec::new(),
            unwinding: None,
        },
        technique,
        replay: None,
        long: Some(ReplayedLong {
            outcome,
            probe: format!("{} after {} steps", probe.outcome, probe.steps),
            only_nondet_calls,
        }),
    })
}

fn search_failure(
    p: &Program,
    opts: &Options,
    long: Option<LongReplay>,
    unconfirmed: &mut Option<Unconfirmed>,
) -> Result<Found, String> {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let share = |s: f64| (Instant::now() + opts.timeout.mul_f64(s)).min(deadline);
    let found = |counterexample: Counterexample, technique: &'static str| {
        Ok(Found { counterexample, technique, replay: None, long: None })
    };
    let replayed = |(counterexample, run): (Counterexample, ExecResult), technique: &'static str| {
        Ok(Found { counterexample, technique, replay: Some(run), long: None })
    };
    if p.entry.is_none() {
        return Err("the program has no entry function".into());
    }
    if let Some(fact) = no_assertion_runs(p) {
        return Err(fact);
    }
    // With a long replay at hand, a probe first: an only execution longer than the probe is
    // replayed by it (the interpreter runs it to its budget only where that fails).
    let probed = long.map(|l| (l, runs::only_run(p, opts.semantics, PROBE_STEPS, deadline)));
    let only = match &probed {
        Some((_, r)) if r.outcome.ended() && !r.read_any_input() => Some(r.clone()),
        Some((l, r)) if matches!(r.outcome, Outcome::Limit { .. }) && !r.read_any_input() => {
            match replayed_long(*l, r, technique::CONCRETE_EXECUTION, deadline, Some(ONLY_RUN_LONG_REPLAY)) {
                Ok(f) => return Ok(f),
                // The only execution fails no assertion: there is no failure to search for (the
                // interpreter would run it again to its budget for nothing).
                Err(Missed::Ended(how)) => {
                    return Err(format!("the program's only execution, run natively, ends without failing ({how})"));
                }
                // (The interpreter's budget would not take it to its end either.)
                Err(Missed::Unfinished(_)) => None,
                Err(Missed::Other(_)) => runs::single_run(p, opts.semantics, opts.timeout, deadline),
            }
        }
        // (It consulted an input, or ended otherwise: no only execution to run.)
        Some(_) => None,
        None => runs::single_run(p, opts.semantics, opts.timeout, deadline),
    };
    if let Some(r) = only {
        let Outcome::Error { span, .. } = r.outcome else { return Err(runs::ending_text(&r)) };
        return match crate::replayed_failure_run(p, Vec::new(), Some(span), opts.semantics, deadline) {
            Ok(run) => replayed(run, technique::CONCRETE_EXECUTION),
            Err(other) => Err(format!("the replay of the only execution ended otherwise ({other})")),
        };
    }
    let mut q = match inline_program(p, &InlineLimits::default()) {
        Ok(q) => q,
        Err(e) => {
            return match crate::random_testing(p, opts.semantics, crate::RANDOM_RUNS, deadline) {
                (Some(cex), _) => found(cex, technique::RANDOM_TESTING),
                (None, n) => Err(format!("calls cannot be inlined: {e}; no failure in {n} runs on random inputs")),
            };
        }
    };
    let fid = q.entry.expect("inlining keeps the entry");
    let views = crate::add_memory_views(&mut q, fid);
    let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
    let cfg = Config { semantics: opts.semantics, limits, deadline: Some(deadline) };
    let mut notes = Vec::new();
    match crate::search(p, &q, fid, &[1, 2, 3], &cfg, share(QUICK_SHARE)) {
        Search::Found(cex) => return found(cex, technique::BOUNDED_UNWINDING),
        Search::Nothing(note) => notes.push(note),
    }
    let forest = LoopForest::compute(&q.funcs[fid]);
    if !forest.loops.is_empty() && Instant::now() < deadline {
        let trace_deadline = share(TRACE_SHARE);
        let moved = crate::traces::failures_as_exits(&q, fid, &forest);
        let searched = moved.as_ref().unwrap_or(&q);
        let searched_forest = match &moved {
            Some(m) => LoopForest::compute(&m.funcs[fid]),
            None => forest.clone(),
        };
        let leaps =
            crate::traces::TraceLeaps::new(searched, fid, &searched_forest, &[], &[], opts.semantics, trace_deadline);
        if leaps.summarized() > 0 {
            let search_cfg = Config { deadline: Some(trace_deadline), ..cfg.clone() };
            if let BmcResult::Found(proposed) = leap_search(searched, fid, &leaps, &views, &search_cfg) {
                // The run that puts the inputs in the order the program reads them is the first
                // replay: one that does not end within `LONG_RUN` steps is left unconfirmed (a
                // caller may run it natively; `verify`'s own search replays longer runs).
                // With a long replay at hand, a run past the probe is replayed by it first.
                let oracle = || EdgeInputs::along(fid, &proposed.values.params, &proposed.values.at_edges);
                let steps = if long.is_some() { PROBE_STEPS } else { LONG_RUN };
                let mut recorded = run_recording_within(searched, &mut oracle(), opts.semantics, steps, deadline);
                if let (Some(l), Outcome::Limit { .. }) = (long, &recorded.outcome) {
                    if let Ok(f) = replayed_long(l, &recorded, technique::DISJUNCTIVE_SUMMARIES, deadline, None) {
                        return Ok(f);
                    }
                    recorded = run_recording_within(searched, &mut oracle(), opts.semantics, LONG_RUN, deadline);
                }
                let only_nondet_calls = recorded.read_only_nondet_calls();
                let stream = recorded.inputs;
                match recorded.outcome {
                    Outcome::Limit { .. } => {
                        notes.push(format!(
                            "the disjunctive summaries gave inputs whose replay the interpreter did not finish within \
                             {LONG_RUN} steps"
                        ));
                        *unconfirmed = Some(Unconfirmed {
                            inputs: stream,
                            technique: technique::DISJUNCTIVE_SUMMARIES,
                            replay: recorded.outcome.to_string(),
                            only_nondet_calls,
                        });
                    }
                    _ => {
                        if let Ok(run) = crate::replayed_failure_run(p, stream, None, opts.semantics, deadline) {
                            return replayed(run, technique::DISJUNCTIVE_SUMMARIES);
                        }
                    }
                }
            }
        }
        notes.push(format!(
            "no failure replayed through the disjunctive summaries of {} of {} loops",
            leaps.summarized(),
            searched_forest.loops.len()
        ));
    }
    if unconfirmed.is_some() {
        // (Inputs that reach the failure behind more iterations than a replay here runs are
        // the caller's to replay natively; runs on random inputs would each run to their step
        // limit in such a program — two hundred of them took seconds.)
        return Err(notes.join("; "));
    }
    match crate::random_testing(p, opts.semantics, RANDOM_RUNS, share(RANDOM_SHARE)) {
        (Some(cex), _) => return found(cex, technique::RANDOM_TESTING),
        (None, n) => notes.push(format!("no failure in {n} runs on random inputs")),
    }
    Err(notes.join("; "))
}
