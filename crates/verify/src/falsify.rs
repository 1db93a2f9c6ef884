//! A failing execution looked for first, without trying to prove anything: what test
//! generation asks of `verify` (`leapfrog testgen`). The same searches as [`crate::verify`]'s,
//! cheapest and most often successful first:
//!
//! 1. the program's only execution, when it consults no input;
//! 2. bounded unwinding of every loop once to three times (shallow failures are common);
//! 3. every loop crossed by its disjunctive summary (Proteus §7.2–7.3, [`crate::traces`]): a
//!    model gives the inputs and the counter values of each trace that reach the failure, so a
//!    failure behind a million iterations is solved, not unrolled;
//! 4. runs on random inputs.
//!
//! Deeper unwinding is left to [`crate::verify`], which a caller runs next with the time left:
//! it tries a proof first, which ends the search for a program without a failure, and unwinds
//! deeper after it. Every execution returned was replayed by the interpreter to the failing
//! assertion.

use crate::{Counterexample, Options, Search, no_assertion_runs, technique};
use leapfrog_interp::Outcome;
use leapfrog_interp::runs;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{InlineLimits, Program, inline_program};
use leapfrog_smt::{QueryLimits, Watchdog};
use leapfrog_summarize::Config;
use std::time::{Duration, Instant};

/// The share of the time the first unwinding, the summaries' search and the random runs may
/// take (each from when it starts).
const QUICK_SHARE: f64 = 0.15;
const TRACE_SHARE: f64 = 0.3;
const RANDOM_SHARE: f64 = 0.2;
/// Runs on random inputs at most (before the deeper unwinding; the searches before them find
/// most failures, and a program without one would spend the whole share).
const RANDOM_RUNS: u64 = 200;

/// A failing execution, with the technique that found it.
#[derive(Clone, Debug)]
pub struct Found {
    pub counterexample: Counterexample,
    pub technique: &'static str,
}

/// A failing execution of `p` (within `opts.timeout`), or why none was found. `Err` says
/// nothing about whether one exists, except where the reason says the program has none (no
/// assertion, or an only execution that fails none).
pub fn falsify(p: &Program, opts: &Options) -> Result<Found, String> {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let share = |s: f64| (Instant::now() + opts.timeout.mul_f64(s)).min(deadline);
    let found = |counterexample: Counterexample, technique: &'static str| Ok(Found { counterexample, technique });
    if p.entry.is_none() {
        return Err("the program has no entry function".into());
    }
    if let Some(fact) = no_assertion_runs(p) {
        return Err(fact);
    }
    if let Some(r) = runs::single_run(p, opts.semantics, opts.timeout, deadline) {
        let Outcome::Error { span, .. } = r.outcome else { return Err(runs::ending_text(&r)) };
        return match crate::replayed_failure(p, Vec::new(), Some(span), opts.semantics, deadline) {
            Ok(cex) => found(cex, technique::CONCRETE_EXECUTION),
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
        if let Some(cex) = crate::trace_search(p, searched, fid, &leaps, &views, &cfg, trace_deadline) {
            return found(cex, technique::DISJUNCTIVE_SUMMARIES);
        }
        notes.push(format!(
            "no failure through the disjunctive summaries of {} of {} loops",
            leaps.summarized(),
            searched_forest.loops.len()
        ));
    }
    match crate::random_testing(p, opts.semantics, RANDOM_RUNS, share(RANDOM_SHARE)) {
        (Some(cex), _) => return found(cex, technique::RANDOM_TESTING),
        (None, n) => notes.push(format!("no failure in {n} runs on random inputs")),
    }
    Err(notes.join("; "))
}
