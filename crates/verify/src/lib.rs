//! The `verify` pipeline for the `unreach-call` property.
//!
//! 0. Two cheap answers first. A program none of whose functions (the global initializer
//!    included) has an assertion cannot fail one: **TRUE** (`no-assertion`). A program whose
//!    interpreter run consults no input has that run as its only execution (see [`execution`]):
//!    **FALSE** when the run fails an assertion, **TRUE** when it ends otherwise
//!    (`concrete-execution`).
//! 1. Inline every call into the entry function (recursion: UNKNOWN).
//! 2. Summarize the loops and check the assertions on the summarized function
//!    (`leapfrog-summarize`).
//! 3. **TRUE** only when the summarized function is safe, nothing in it was over-approximated for
//!    lack of support, and the independent checker (`leapfrog-certify`, its own encoding in a
//!    fresh solver) accepts the loop invariants as a safety certificate.
//! 4. Otherwise look for concrete inputs: first with every loop crossed by its disjunctive
//!    summary (Proteus, [`traces`]: failures behind many iterations), then by bounded unwinding of
//!    the real loops, with growing bounds. Inputs are replayed in the interpreter: **FALSE** only
//!    when the replay fails an assertion.
//! 5. Anything else is **UNKNOWN**, with the reason.

pub mod arrays;
pub mod checks;
pub mod closed_forms;
pub mod exits;
pub mod falsify;
pub mod ghosts;
pub mod invariants;
pub mod last_iteration;
pub mod observed;
pub mod traces;

pub use leapfrog_results::safety::{Counterexample, LeapReport, LoopInvariant, Report};
pub use leapfrog_results::summaries::{LoopSummaryReport, SummariesReport};
pub use leapfrog_results::{Options, Verdict, join_conjuncts, technique};

use leapfrog_arith::Semantics;
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety_with_views};
use leapfrog_interp::runs::{self, replay, run_recording};
use leapfrog_interp::{EdgeInputs, ExecConfig, ExecResult, Outcome, UninitMode};
use leapfrog_ir::nondet::assumptions;
use leapfrog_ir::{AssertOrigin, Command, Expr, FuncId, MemoryView, Program, Type, VarTy, Visibility};
use leapfrog_ir::{InlineLimits, inline_program};
use leapfrog_smt::{QueryLimits, Watchdog};
use leapfrog_source::Span;
use leapfrog_summarize::analysis::CandidateSearch;
use leapfrog_summarize::bmc::{BmcResult, ProposedInputs, bmc, leap_search};
use leapfrog_summarize::candidates::{Candidate, printed_conjuncts};
use leapfrog_summarize::transition::{
    TransitionCandidate, TransitionSummary, check_safety_with, transition_invariants,
};
use leapfrog_summarize::{Config, SafetyResult, analyze_with_views};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// Unwindings tried before the summaries, and the share of the budget they may use.
const QUICK_BOUNDS: &[u32] = &[1, 2, 3];
const QUICK_SEARCH_SHARE: f64 = 0.15;
/// The share of the budget (from the start) after which summarization gives up.
const SUMMARY_SHARE: f64 = 0.7;
/// The most the octagon analysis may take (after the templates failed), and its bound on live
/// integer variables.
const ABSINT_SHARE: f64 = 0.1;
const ABSINT_MAX_LIVE: usize = 24;
/// The polyhedra's bound on live integer variables.
const POLYHEDRA_MAX_LIVE: usize = 16;
/// The share of the budget the search through disjunctive summaries may use (its replay may use
/// what is left).
const TRACE_SEARCH_SHARE: f64 = 0.15;
/// The share of the budget (from the start) after which the attempt with ghost variables is
/// not begun, or gives up.
const GHOST_SHARE_END: f64 = 0.8;
/// Unwindings tried after the summaries failed to prove the property.
const DEEP_BOUNDS: &[u32] = &[4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256, 512, 1024];

/// What a concrete search found.
enum Search {
    /// A failing execution the interpreter replayed (without leaps).
    Found(Counterexample),
    /// Why nothing was found.
    Nothing(String),
}

/// Unwinds the loops of `q` (the inlined `p`) `k` times for each `k` of `bounds` until
/// `deadline`, and replays the inputs of a failure in the interpreter on `p` itself.
fn search(
    p: &Program,
    q: &Program,
    fid: leapfrog_ir::FuncId,
    bounds: &[u32],
    cfg: &Config,
    deadline: Instant,
) -> Search {
    let has_asserts = q.funcs[fid].edges.iter().any(|(_, e)| matches!(e.cmd, Command::Assert { .. }));
    if !has_asserts {
        return Search::Nothing(
            "no assertion is reachable through direct calls (only calls through function pointers, which are \
             not analyzed, could reach one)"
                .into(),
        );
    }
    let cfg = Config { deadline: Some(deadline), ..cfg.clone() };
    let mut note = String::from("no concrete search");
    for &k in bounds {
        if Instant::now() >= deadline {
            return Search::Nothing(format!("{note}; time limit reached before unwinding loops {k} times"));
        }
        match bmc(q, fid, k, MAX_UNROLLED_LOCS, &cfg) {
            BmcResult::NoneWithin => note = format!("no failing execution within {k} iterations per loop"),
            BmcResult::Unknown(why) => {
                return Search::Nothing(format!("the concrete search stopped at {k} iterations per loop: {why}"));
            }
            BmcResult::Found(found) => {
                let stream = input_stream(q, fid, &found.values, cfg.semantics, deadline);
                return match replayed_failure(p, stream, None, cfg.semantics, deadline) {
                    Ok(cex) => Search::Found(Counterexample { unwinding: Some(k), ..cex }),
                    Err(other) => Search::Nothing(format!(
                        "inputs found with {k} iterations per loop did not replay to a violation (the interpreter's outcome: {})",
                        other.kind()
                    )),
                };
            }
        }
    }
    Search::Nothing(note)
}

/// Why no execution of `p` can run an assertion, if none can: every way an execution can fail
/// the property is an `Assert` command of one of the program's functions (the front end lowers
/// the property's functions to assertions where they are called, and gives the program a
/// function that fails for each one whose address is taken, as a call through the pointer may
/// reach it), and an execution runs only functions of the program: the global initializer, the
/// entry, what they call, and — through calls via pointers, which are opaque steps — any
/// function. (Extern functions call none: they only change globals and memory, the IR's
/// assumption.) So when no function an execution can reach has an assertion, none can fail.
pub fn no_assertion_runs(p: &Program) -> Option<String> {
    let has_assert = |f: &leapfrog_ir::Function| f.edges.values().any(|e| matches!(e.cmd, Command::Assert { .. }));
    if !p.funcs.values().any(has_assert) {
        return Some("no function of the program has an assertion, so no execution can fail one".into());
    }
    // Calls through pointers (opaque steps) may run any function: only without them does the
    // direct call graph bound what runs.
    if p.funcs.values().flat_map(|f| f.edges.values()).any(|e| matches!(e.cmd, Command::Opaque { .. })) {
        return None;
    }
    let mut reached: Vec<leapfrog_ir::FuncId> = std::iter::once(p.init).chain(p.entry).collect();
    let mut seen: std::collections::HashSet<leapfrog_ir::FuncId> = reached.iter().copied().collect();
    while let Some(fid) = reached.pop() {
        let f = p.funcs.get(fid)?;
        if has_assert(f) {
            return None;
        }
        for e in f.edges.values() {
            if let Command::Call { callee, .. } = e.cmd
                && seen.insert(callee)
            {
                reached.push(callee);
            }
        }
    }
    Some(
        "the program's assertions are only in functions that no execution calls (the program makes no call \
         through a function pointer), so no execution can fail one"
            .into(),
    )
}

/// The largest unwound function the concrete search builds.
const MAX_UNROLLED_LOCS: usize = 20_000;

pub fn verify(p: &Program, opts: &Options) -> Report {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut report = Report {
        verdict: Verdict::Unknown,
        semantics: opts.semantics,
        technique: None,
        reason: None,
        certificate: Vec::new(),
        fact: None,
        counterexample: None,
        assumptions: Vec::new(),
        solver_queries: 0,
        elapsed: Duration::ZERO,
        checks: None,
    };
    let finish = |mut r: Report| {
        r.elapsed = start.elapsed();
        r.assumptions = assumptions(p);
        r
    };
    let Some(_) = p.entry else {
        report.reason = Some("the program has no entry function".into());
        return finish(report);
    };
    // Stage 0: answers that need no analysis.
    if let Some(fact) = no_assertion_runs(p) {
        report.verdict = Verdict::True;
        report.technique = Some(technique::NO_ASSERTION);
        report.fact = Some(fact);
        return finish(report);
    }
    if let Some(r) = runs::single_run(p, opts.semantics, opts.timeout, deadline) {
        if let Outcome::Error { span, .. } = r.outcome {
            // Replayed with the trace the counterexample reports (the run is deterministic).
            if let Ok(cex) = replayed_failure(p, Vec::new(), Some(span), opts.semantics, deadline) {
                report.verdict = Verdict::False;
                report.technique = Some(technique::CONCRETE_EXECUTION);
                report.counterexample = Some(cex);
                return finish(report);
            }
        } else {
            report.verdict = Verdict::True;
            report.technique = Some(technique::CONCRETE_EXECUTION);
            report.fact = Some(runs::ending_text(&r));
            return finish(report);
        }
    }
    let mut q = match inline_program(p, &InlineLimits::default()) {
        Ok(q) => q,
        Err(e) => {
            // No summaries without inlining; runs on random inputs may still find a failure.
            let testing_deadline = deadline.min(Instant::now() + opts.timeout.mul_f64(RANDOM_TESTING_SHARE));
            let (found, runs) = random_testing(p, opts.semantics, RANDOM_RUNS, testing_deadline);
            if let Some(cex) = found {
                report.verdict = Verdict::False;
                report.technique = Some(technique::RANDOM_TESTING);
                report.counterexample = Some(cex);
                return finish(report);
            }
            report.reason = Some(format!("calls cannot be inlined: {e}; no failure in {runs} runs on random inputs"));
            return finish(report);
        }
    };
    let fid = q.entry.expect("inlining keeps the entry");
    // Allocated scalars only their own pointer reaches, written before they are read, are
    // registers (`ir::promote`; the inputs come in the same order, so a counterexample replays
    // on either program).
    q = leapfrog_ir::promote::promote_cells(&q, fid, leapfrog_ir::promote::Unwritten::Keep).program;
    // Allocated blocks only their own pointer's element accesses reach are arrays
    // (`ir::promote_arrays`: the summaries see their elements; same executions, same inputs).
    q = leapfrog_ir::promote_arrays::promote_arrays(&q, fid).0;
    let views = add_memory_views(&mut q, fid);
    // With the arrays' elements at a symbolic index, once the attempts after the first add
    // them (the other stages and the abstract interpreter track cells at constant offsets only).
    let mut all_views: Vec<MemoryView> = views.clone();
    let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
    let cfg = Config { semantics: opts.semantics, limits, deadline: Some(deadline) };
    // A quick concrete search first (shallow bugs are common and cheap to confirm), then the
    // summaries with most of the budget, then a deeper concrete search with what is left.
    let quick_deadline = start + opts.timeout.mul_f64(QUICK_SEARCH_SHARE);
    let quick_note = match search(p, &q, fid, QUICK_BOUNDS, &cfg, quick_deadline) {
        Search::Found(cex) => {
            report.verdict = Verdict::False;
            report.technique = Some(technique::BOUNDED_UNWINDING);
            report.counterexample = Some(cex);
            return finish(report);
        }
        Search::Nothing(note) => note,
    };
    let summary_deadline = start + opts.timeout.mul_f64(SUMMARY_SHARE);
    let summary_cfg = Config { deadline: Some(summary_deadline), ..cfg.clone() };
    let mut attempt = prove(&q, fid, &views, &summary_cfg, deadline, &[], None, WITH_TEMPLATES);
    report.solver_queries += attempt.analysis.queries;
    // Not proven with the templates: the abstract interpreter's octagon invariants as more
    // candidates (only now, so that the programs the templates prove pay nothing for them).
    // The octagon facts alone (sound, unlike the closed forms' candidates, which only Houdini
    // may keep): they strengthen the paths of the disjunctive summaries below.
    let mut facts: Vec<(leapfrog_ir::LocId, Expr)> = Vec::new();
    // The candidates of the second attempt and the loops' entry samples, for the ghost attempt.
    let mut ghost_material = None;
    if attempt.proof.is_err() && !attempt.analysis.forest.loops.is_empty() && Instant::now() < summary_deadline {
        let absint_deadline = (Instant::now() + opts.timeout.mul_f64(ABSINT_SHARE)).min(summary_deadline);
        let mut seeds = octagon_candidates(&q, fid, opts.semantics, &views, ABSINT_MAX_LIVE, absint_deadline);
        facts = seeds.iter().map(|(l, c)| (*l, c.expr.clone())).collect();
        // As candidates, only what the user can name at the loop (a fact about a string
        // literal's bytes, `.str0[0] == 114`, is the summaries' business, not the certificate's).
        let forest = &attempt.analysis.forest;
        retain_visible_at_their_loops(&q, fid, forest, &views, &mut seeds);
        // And the quantified array templates.
        let array_views = arrays::add_views(&mut q, fid);
        all_views.extend(array_views.views.iter().cloned());
        let mut array_seeds = arrays::candidates(&q, fid, forest, &array_views);
        retain_visible_at_their_loops(&q, fid, forest, &all_views, &mut array_seeds);
        trace_arrays(|| array_seeds.iter().map(|(l, c)| format!("candidate at {l:?}: {}", c.text)).collect());
        seeds.extend(array_seeds);
        // And the polynomial equations the closed forms of induction variables give.
        let samples = leapfrog_summarize::analysis::entry_samples(&q, &q.funcs[fid], forest, &summary_cfg, &views);
        seeds.extend(closed_forms::candidates(&q, fid, forest, &samples, opts.semantics, absint_deadline));
        // And the equalities every state observed at a header satisfies.
        seeds.extend(observed::candidates(&q, fid, forest, &views, opts.semantics, summary_deadline));
        if !seeds.is_empty() {
            let second = prove(&q, fid, &all_views, &summary_cfg, deadline, &seeds, None, WITH_TEMPLATES);
            report.solver_queries += second.analysis.queries;
            trace_arrays(|| {
                let kept = second.analysis.loops.iter().flat_map(|l| l.invariant.iter().map(|c| c.text.clone()));
                kept.chain([format!("with the seeds: {:?}", second.proof.as_ref().err())]).collect()
            });
            if second.proof.is_ok() {
                attempt = second;
            }
        }
        ghost_material = Some((seeds, samples));
    }
    let Attempt { analysis, proof } = attempt;
    let f = &q.funcs[fid];
    let why_not_true = match proof {
        Ok(certificate) => {
            report.verdict = Verdict::True;
            report.technique =
                Some(if analysis.loops.is_empty() { technique::LOOP_FREE_ENCODING } else { technique::LOOP_SUMMARIES });
            report.certificate = certificate;
            return finish(report);
        }
        Err(why) => why,
    };
    let visibility = Visibility::new(&q, &views);
    let leaps: Vec<LeapReport> = match &analysis.safety {
        SafetyResult::Reachable { leaps, .. } => leaps
            .iter()
            .map(|lp| {
                let (kind, span) = analysis.forest.syntax(f, lp.l);
                // Only what the user can name at the loop.
                let named = |vals: &[(leapfrog_ir::VarId, i128)]| {
                    vals.iter()
                        .filter(|(v, _)| visibility.visible_at(*v, span))
                        .map(|(v, x)| (q.vars[*v].name.clone(), *x))
                        .collect::<Vec<_>>()
                };
                LeapReport { kind, span, before: named(&lp.before), after: named(&lp.after) }
            })
            .collect(),
        _ => Vec::new(),
    };

    // Loops crossed by their disjunctive summaries: failures behind more iterations than
    // unwinding reaches.
    if !analysis.forest.loops.is_empty() && Instant::now() < deadline {
        let trace_deadline = (Instant::now() + opts.timeout.mul_f64(TRACE_SEARCH_SHARE)).min(deadline);
        // An assertion inside a loop as a branch out of it: a failing iteration is an exit.
        let moved = traces::failures_as_exits(&q, fid, &analysis.forest);
        let searched = moved.as_ref().unwrap_or(&q);
        let forest = match &moved {
            Some(m) => leapfrog_ir::loops::LoopForest::compute(&m.funcs[fid]),
            None => analysis.forest.clone(),
        };
        let leaps =
            traces::TraceLeaps::new(searched, fid, &forest, &analysis.loops, &facts, cfg.semantics, trace_deadline);
        if let Some(cex) = trace_search(p, searched, fid, &leaps, &views, &cfg, trace_deadline) {
            report.verdict = Verdict::False;
            report.technique = Some(technique::DISJUNCTIVE_SUMMARIES);
            report.counterexample = Some(cex);
            return finish(report);
        }
    }

    // The closed forms over ghost variables (entry values and iteration counters), with what
    // each loop's candidates say about the entry of the others: after the search through the
    // disjunctive summaries, which answers most of the programs whose assertion fails at once.
    // The linear candidates first; those that multiply (`i == \at(i, L9) + k *
    // \iterations(L9)`) only when those do not suffice: they slow Houdini down.
    let ghost_deadline = start + opts.timeout.mul_f64(GHOST_SHARE_END);
    if let Some((mut seeds, samples)) = ghost_material
        && Instant::now() < ghost_deadline
    {
        let ghost_cfg = Config { deadline: Some(ghost_deadline), ..cfg.clone() };
        let ghosting = ghosts::ghosting(&q, fid, &analysis.forest, &seeds, &samples, &views, &ghost_cfg);
        if let Some(g) = &ghosting {
            let (linear, nonlinear): (Vec<_>, Vec<_>) =
                g.candidates.iter().cloned().partition(|(_, c)| !leapfrog_summarize::candidates::multiplies(&c.expr));
            for more in [linear, nonlinear] {
                if more.is_empty() || Instant::now() >= ghost_deadline {
                    continue;
                }
                seeds.extend(more);
                let attempt = prove(&q, fid, &all_views, &ghost_cfg, deadline, &seeds, Some(g), WITH_TEMPLATES);
                report.solver_queries += attempt.analysis.queries;
                if let Ok(certificate) = attempt.proof {
                    report.verdict = Verdict::True;
                    report.technique = Some(technique::LOOP_SUMMARIES);
                    report.certificate = certificate;
                    return finish(report);
                }
            }
        }
    }

    // Concrete search, continued: unwind the real loops further; replay what it finds.
    let deep: &[u32] = if analysis.forest.loops.is_empty() { &[] } else { DEEP_BOUNDS };
    let search_note = match search(p, &q, fid, deep, &cfg, deadline) {
        Search::Found(mut cex) => {
            report.verdict = Verdict::False;
            report.technique =
                Some(if leaps.is_empty() { technique::BOUNDED_UNWINDING } else { technique::LOOP_SUMMARIES });
            cex.leaps = leaps;
            report.counterexample = Some(cex);
            report.reason = None;
            return finish(report);
        }
        Search::Nothing(note) if note == quick_note => note,
        Search::Nothing(note) => format!("{quick_note}; {note}"),
    };
    let mut reason = why_not_true;
    if !search_note.is_empty() {
        reason = format!("{reason}; {search_note}");
    }
    report.reason = Some(reason);
    finish(report)
}

/// The abstract interpreter's octagon invariants of `q`'s loops (entry `fid`) as candidates,
/// per header (none when the analysis does not finish by `deadline`).
fn octagon_candidates(
    q: &Program,
    fid: FuncId,
    semantics: Semantics,
    views: &[MemoryView],
    max_live: usize,
    deadline: Instant,
) -> Vec<(leapfrog_ir::LocId, Candidate)> {
    leapfrog_absint::facts::octagon_facts(q, fid, semantics, max_live, views, deadline)
        .unwrap_or_default()
        .into_iter()
        .map(|(header, expr, text)| (header, Candidate { expr, text }))
        .collect()
}

/// A development trace of the quantified array templates (`LEAPFROG_SHOW_ARRAYS=1`).
fn trace_arrays(lines: impl FnOnce() -> Vec<String>) {
    if std::env::var_os("LEAPFROG_SHOW_ARRAYS").is_some() {
        for line in lines() {
            eprintln!("arrays: {line}");
        }
    }
}

/// How hard [`prove_assertions`] tries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effort {
    /// Houdini on the seeds alone (for a job that knows which invariants it needs).
    Seeds,
    /// On the templates' candidates too.
    Templates,
    /// Then, if those do not suffice, with the octagon facts and the closed forms' candidates.
    Everything,
}

/// A proof that no assertion of `q` fails, for a job that wrote its own assertions into a
/// program (the bounds job's iteration counter and its bound): `q` is already inlined (entry
/// `fid`, no calls) and `seeds` are candidate loop invariants per header, among which the
/// summaries pick. The certificate is re-checked by the independent checker, as every TRUE of
/// `verify` is; its loop invariants are returned, or why there is none. How hard it tries is
/// `effort`'s.
pub fn prove_assertions(
    q: &Program,
    fid: FuncId,
    seeds: &[(leapfrog_ir::LocId, Candidate)],
    opts: &Options,
    effort: Effort,
) -> Result<Vec<LoopInvariant>, String> {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut q = q.clone();
    let views = add_memory_views(&mut q, fid);
    let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
    let cfg = Config { semantics: opts.semantics, limits, deadline: Some(deadline) };
    let first = prove(
        &q,
        fid,
        &views,
        &cfg,
        deadline,
        seeds,
        None,
        CandidateSearch { templates: effort != Effort::Seeds, each_assertion: false },
    );
    let why = match first.proof {
        Ok(proof) => return Ok(proof),
        Err(why) => why,
    };
    if effort != Effort::Everything || Instant::now() >= deadline {
        return Err(why);
    }
    let absint_deadline = (Instant::now() + opts.timeout.mul_f64(ABSINT_SHARE)).min(deadline);
    let mut more: Vec<(leapfrog_ir::LocId, Candidate)> = seeds.to_vec();
    more.extend(octagon_candidates(&q, fid, opts.semantics, &views, ABSINT_MAX_LIVE, absint_deadline));
    let forest = &first.analysis.forest;
    let samples = leapfrog_summarize::analysis::entry_samples(&q, &q.funcs[fid], forest, &cfg, &views);
    more.extend(closed_forms::candidates(&q, fid, forest, &samples, opts.semantics, absint_deadline));
    if more.len() == seeds.len() {
        return Err(why);
    }
    prove(&q, fid, &views, &cfg, deadline, &more, None, WITH_TEMPLATES).proof
}

/// Whether `v` is a variable of the automatic checks (`ir::checks::is_checks_variable`).
fn check_ghost(q: &Program, v: leapfrog_ir::VarId) -> bool {
    q.vars.get(v).is_some_and(leapfrog_ir::checks::is_checks_variable)
}

/// Keeps the candidates (per loop header of `q`'s function `fid`) whose every variable the user
/// can name at their loop, or is a variable of the checks (`\\last_zero(fname)`: facts over
/// those are printed apart, not as C at the loop, and a loop of an inlined callee may need one
/// about an object only its caller names).
fn retain_visible_at_their_loops(
    q: &Program,
    fid: FuncId,
    forest: &leapfrog_ir::loops::LoopForest,
    views: &[MemoryView],
    seeds: &mut Vec<(leapfrog_ir::LocId, Candidate)>,
) {
    let visibility = Visibility::new(q, views);
    seeds.retain(|(header, c)| {
        let Some(l) = forest.loops.ids().find(|l| forest.loops[*l].header == *header) else { return false };
        let span = forest.syntax(&q.funcs[fid], l).1;
        let mut visible = true;
        c.expr.for_each_var(&mut |v| visible &= visibility.visible_at(v, span) || check_ghost(q, v));
        visible
    });
}

/// The abstract interpreter's octagon invariants of a call-free function as candidates (those
/// the user, or a check's ghost, can name at their loops), with the program they were computed
/// on (memory views added): the material of [`OctagonSeeds::prove_checks_each`].
pub struct OctagonSeeds {
    program: Program,
    fid: FuncId,
    views: Vec<MemoryView>,
    seeds: Vec<(leapfrog_ir::LocId, Candidate)>,
}

impl OctagonSeeds {
    /// The octagon invariants of `q`'s function `fid` (none when more than `max_live` integer
    /// variables are live at one point), and `templates` (a candidate and its text) at every
    /// loop.
    pub fn compute(
        q: &Program,
        fid: FuncId,
        opts: &Options,
        templates: &[(Expr, String)],
        max_live: usize,
    ) -> OctagonSeeds {
        let deadline = Instant::now() + opts.timeout;
        let mut program = q.clone();
        let views = add_memory_views(&mut program, fid);
        let started = Instant::now();
        let mut seeds = octagon_candidates(&program, fid, opts.semantics, &views, max_live, deadline);
        let octagons = (seeds.len(), started.elapsed());
        seeds.extend(last_iteration::candidates(&program, fid, opts.semantics, Instant::now() + opts.timeout / 4));
        if std::env::var_os("LEAPFROG_SHOW_CHECKS").is_some() {
            // For developers: how long the abstract interpretation took, and the rest.
            eprintln!(
                "octagon facts: {} in {:.2?}; last-iteration candidates: {} in {:.2?}",
                octagons.0,
                octagons.1,
                seeds.len() - octagons.0,
                started.elapsed() - octagons.1
            );
        }
        let forest = leapfrog_ir::loops::LoopForest::compute(&program.funcs[fid]);
        for lp in forest.loops.values() {
            for (expr, text) in templates {
                seeds.push((lp.header, Candidate { expr: expr.clone(), text: text.clone() }));
            }
        }
        retain_visible_at_their_loops(&program, fid, &forest, &views, &mut seeds);
        OctagonSeeds { program, fid, views, seeds }
    }

    /// The polyhedra invariants of `plain`'s function `fid` (at a loop header, with their text),
    /// computed until `deadline`, for [`OctagonSeeds::add_polyhedra`]. Over registers only:
    /// memory views added to `plain` would be variables the seeds' program does not have.
    pub fn polyhedra_facts(
        plain: &Program,
        fid: FuncId,
        semantics: Semantics,
        deadline: Instant,
    ) -> Vec<(leapfrog_ir::LocId, Expr, String)> {
        leapfrog_absint::facts::polyhedra_facts(plain, fid, semantics, POLYHEDRA_MAX_LIVE, &[], deadline)
            .unwrap_or_default()
    }

    /// Adds `found`, the [`OctagonSeeds::polyhedra_facts`] of `plain` (the same function before
    /// the checks were written into it: its locations and variables are this program's), at the
    /// loops both have; how many were new.
    pub fn add_polyhedra(&mut self, plain: &Program, found: &[(leapfrog_ir::LocId, Expr, String)]) -> usize {
        let forest = leapfrog_ir::loops::LoopForest::compute(&self.program.funcs[self.fid]);
        let plain_forest = leapfrog_ir::loops::LoopForest::compute(&plain.funcs[self.fid]);
        let same_loop = |h: leapfrog_ir::LocId| {
            let here = forest.loops.ids().find(|l| forest.loops[*l].header == h);
            let there = plain_forest.loops.ids().find(|l| plain_forest.loops[*l].header == h);
            match (here, there) {
                (Some(a), Some(b)) => {
                    forest.syntax(&self.program.funcs[self.fid], a) == plain_forest.syntax(&plain.funcs[self.fid], b)
                }
                _ => false,
            }
        };
        let mut more: Vec<(leapfrog_ir::LocId, Candidate)> = found
            .iter()
            .filter(|(h, e, _)| same_loop(*h) && !self.seeds.iter().any(|(l, c)| l == h && c.expr == *e))
            .map(|(header, expr, text)| (*header, Candidate { expr: expr.clone(), text: text.clone() }))
            .collect();
        retain_visible_at_their_loops(&self.program, self.fid, &forest, &self.views, &mut more);
        let n = more.len();
        self.seeds.extend(more);
        n
    }

    /// Adds the quantified array templates of [`arrays`] that bound elements used as indices
    /// or checked (`∀k ∈ [0, n): 0 <= a[k]`, over the elements of the arrays the summaries
    /// model; [`arrays::index_candidates`]) at the loops where the user can name them; how
    /// many.
    pub fn add_array_templates(&mut self) -> usize {
        let array_views = arrays::add_views(&mut self.program, self.fid);
        if array_views.views.is_empty() {
            return 0;
        }
        self.views.extend(array_views.views.iter().cloned());
        let forest = leapfrog_ir::loops::LoopForest::compute(&self.program.funcs[self.fid]);
        let mut more = arrays::index_candidates(&self.program, self.fid, &forest, &array_views);
        retain_visible_at_their_loops(&self.program, self.fid, &forest, &self.views, &mut more);
        trace_arrays(|| more.iter().map(|(l, c)| format!("candidate at {l:?}: {}", c.text)).collect());
        let n = more.len();
        self.seeds.extend(more);
        n
    }

    /// How many candidates there are.
    pub fn len(&self) -> usize {
        self.seeds.len()
    }

    /// Whether there is no candidate.
    pub fn is_empty(&self) -> bool {
        self.seeds.is_empty()
    }

    /// Houdini once on these candidates (no templates), then which of the program's checks
    /// (`ir::checks` assertions) the invariants prove, each alone with the others assumed:
    /// their numbers, and the certificate, accepted by `certify` on the program whose other
    /// assertions are assumptions; or why none is proven.
    pub fn prove_checks_each(&self, opts: &Options) -> Result<(BTreeSet<u32>, Vec<LoopInvariant>), String> {
        let deadline = Instant::now() + opts.timeout;
        let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
        let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
        let cfg = Config { semantics: opts.semantics, limits, deadline: Some(deadline) };
        let search = CandidateSearch { templates: false, each_assertion: true };
        let mut q = self.program.clone();
        let analysis =
            leapfrog_summarize::analysis::analyze_candidates(&q, self.fid, &cfg, &self.views, &self.seeds, search);
        if !analysis.unsupported.is_empty() {
            return Err(format!("the encoding over-approximates: {}", analysis.unsupported.join("; ")));
        }
        if let SafetyResult::Unknown(why) = &analysis.safety {
            return Err(format!("the summarized program could not be checked: {why}"));
        }
        if std::env::var_os("LEAPFROG_SHOW_INVARIANTS").is_some() {
            // For developers: the candidates, and what Houdini kept at each loop.
            for (l, c) in &self.seeds {
                eprintln!("candidate at {l:?}: {}", c.text);
            }
            for summary in &analysis.loops {
                let texts: Vec<&str> = summary.invariant.iter().map(|c| c.text.as_str()).collect();
                eprintln!("invariant at {:?}: {}", summary.header, texts.join(" && "));
            }
        }
        let safe: BTreeSet<leapfrog_ir::EdgeId> = analysis.safe_edges.iter().copied().collect();
        let (mut all, mut failing) = (BTreeSet::new(), BTreeSet::new());
        for (e, edge) in q.funcs[self.fid].edges.iter_mut() {
            if let Command::Assert { cond, origin } = &edge.cmd {
                if let AssertOrigin::Check(id) = origin {
                    all.insert(*id);
                    if !safe.contains(&e) {
                        failing.insert(*id);
                    }
                }
                if !safe.contains(&e) {
                    edge.cmd = Command::Assume(cond.clone());
                }
            }
        }
        let proven: BTreeSet<u32> = all.difference(&failing).copied().collect();
        if proven.is_empty() {
            return Err("the summarized program can reach a violation of every check".into());
        }
        let certificate = certified(&q, self.fid, &self.views, &analysis, None, None, &cfg, deadline)?;
        Ok((proven, certificate))
    }
}

/// A failing execution of `q` (the inlined `p`) with its loops crossed by `leaps` (their
/// disjunctive summaries, [`traces`]), replayed in the interpreter on `p`; `None` when no loop
/// has a summary, the encoding finds no failure, or the replay does not fail.
fn trace_search(
    p: &Program,
    q: &Program,
    fid: FuncId,
    leaps: &traces::TraceLeaps,
    views: &[MemoryView],
    cfg: &Config,
    deadline: Instant,
) -> Option<Counterexample> {
    if leaps.summarized() == 0 {
        return None;
    }
    let search_cfg = Config { deadline: Some(deadline), ..cfg.clone() };
    let BmcResult::Found(found) = leap_search(q, fid, leaps, views, &search_cfg) else { return None };
    // The replay may run the loops for long: it may use the task's time left.
    let replay_deadline = cfg.deadline.unwrap_or(deadline);
    let stream = input_stream(q, fid, &found.values, cfg.semantics, replay_deadline);
    replayed_failure(p, stream, None, cfg.semantics, replay_deadline).ok()
}

/// What read each input of the run `r` of `p` (recorded with its inputs): the source and its
/// position (a parameter's is its function's).
pub(crate) fn input_reads(p: &Program, r: &ExecResult) -> Vec<leapfrog_results::safety::InputRead> {
    r.input_requests
        .iter()
        .map(|q| leapfrog_results::safety::InputRead {
            source: q.source,
            span: q.edge.map_or(p.funcs[q.func].span, |e| p.funcs[q.func].edges[e].span),
        })
        .collect()
}

/// The counterexample of replaying `inputs` on `p` (with a trace), when the replay fails an
/// assertion (the one at `expected`, when given); else the replay's outcome. Every FALSE of
/// `verify` is such a replay.
fn replayed_failure(
    p: &Program,
    inputs: Vec<i128>,
    expected: Option<Span>,
    semantics: Semantics,
    deadline: Instant,
) -> Result<Counterexample, Outcome> {
    replayed_failure_run(p, inputs, expected, semantics, deadline).map(|(cex, _)| cex)
}

/// [`replayed_failure`], with the replay itself (`runs::replay`'s, with its trace).
fn replayed_failure_run(
    p: &Program,
    inputs: Vec<i128>,
    expected: Option<Span>,
    semantics: Semantics,
    deadline: Instant,
) -> Result<(Counterexample, ExecResult), Outcome> {
    let r = replay(p, &inputs, semantics, deadline);
    match r.outcome {
        Outcome::Error { span, .. } if expected.is_none_or(|s| s == span) => {
            Ok((counterexample_of(p, inputs, &r, span), r))
        }
        _ => Err(r.outcome),
    }
}

/// The share of the budget the runs on random inputs may use, the most runs, and the steps of
/// each.
const RANDOM_TESTING_SHARE: f64 = 0.5;
pub(crate) const RANDOM_RUNS: u64 = 2000;
const RANDOM_RUN_STEPS: u64 = 1_000_000;

/// Runs `p` on at most `runs` random input streams (`runs::RandomInputs`) until one fails an
/// assertion or `deadline`; a failure replayed from its recorded inputs is the counterexample.
/// Also how many runs were made.
fn random_testing(p: &Program, semantics: Semantics, runs: u64, deadline: Instant) -> (Option<Counterexample>, u64) {
    random_runs(p, semantics, runs, deadline, &mut |r| {
        let Outcome::Error { span, .. } = r.outcome else { return None };
        replayed_failure(p, r.inputs, Some(span), semantics, deadline).ok()
    })
}

/// Runs `p` on at most `runs` random input streams (`runs::RandomInputs`, inputs recorded) until
/// `found` makes something of one, or `deadline`; what it made, and how many runs were made.
pub(crate) fn random_runs<T>(
    p: &Program,
    semantics: Semantics,
    runs: u64,
    deadline: Instant,
    found: &mut dyn FnMut(ExecResult) -> Option<T>,
) -> (Option<T>, u64) {
    let mut inputs = runs::RandomInputs::new(p, 0x5851_f42d_4c95_7f2d);
    let mut made = 0;
    while made < runs && Instant::now() < deadline {
        let config = ExecConfig {
            nondet: inputs.stream(made),
            uninit: UninitMode::Nondet,
            max_steps: RANDOM_RUN_STEPS,
            semantics,
            record_inputs: true,
            deadline: Some(deadline),
            ..ExecConfig::default()
        };
        made += 1;
        if let Some(x) = found(leapfrog_interp::run(p, &config)) {
            return (Some(x), made);
        }
    }
    (None, made)
}

/// Houdini on the seeds and the templates' candidates.
const WITH_TEMPLATES: CandidateSearch = CandidateSearch { templates: true, each_assertion: false };

/// One attempt at a TRUE: the summaries (with `seeds` among the candidates), when they do not
/// suffice the transition invariants too, and the checker's verdict on the certificate.
struct Attempt {
    analysis: leapfrog_summarize::Analysis,
    /// The certificate's loop invariants in the user's terms, or why there is none.
    proof: Result<Vec<LoopInvariant>, String>,
}

/// One attempt (Houdini on `seeds`, and on the templates' candidates when `search` says).
#[allow(clippy::too_many_arguments)]
fn prove(
    q: &Program,
    fid: leapfrog_ir::FuncId,
    views: &[MemoryView],
    summary_cfg: &Config,
    deadline: Instant,
    seeds: &[(leapfrog_ir::LocId, Candidate)],
    ghosting: Option<&ghosts::Ghosting>,
    search: CandidateSearch,
) -> Attempt {
    // With ghosts, the summaries are computed on the function with the ghost code, and the
    // checker gets the function without it (and writes it in itself).
    let (q, checked) = match ghosting {
        Some(g) => (&g.instrumented, &g.declared),
        None => (q, q),
    };
    let analysis = leapfrog_summarize::analysis::analyze_candidates(q, fid, summary_cfg, views, seeds, search);
    // Not safe with the state invariants alone: strengthen the summaries with transition
    // invariants (TACAS'11 Algorithm 2) and check again.
    let transitions = match &analysis.safety {
        SafetyResult::Reachable { .. } if analysis.unsupported.is_empty() => {
            let t = transition_invariants(q, fid, &analysis, summary_cfg, views);
            let any = t.values().any(|s| !s.atoms.is_empty());
            (any && matches!(check_safety_with(q, fid, &analysis, &t, summary_cfg, views), SafetyResult::Safe))
                .then_some(t)
        }
        _ => None,
    };
    let why_not = match &analysis.safety {
        _ if transitions.is_some() => None,
        SafetyResult::Safe if analysis.unsupported.is_empty() => None,
        SafetyResult::Safe => Some(format!("the encoding over-approximates: {}", analysis.unsupported.join("; "))),
        SafetyResult::Reachable { .. } => Some("the summarized program can reach a violation".to_string()),
        SafetyResult::Unknown(why) => Some(format!("the summarized program could not be checked: {why}")),
    };
    if let Some(why) = why_not {
        return Attempt { analysis, proof: Err(why) };
    }
    let proof = certified(checked, fid, views, &analysis, transitions.as_ref(), ghosting, summary_cfg, deadline);
    Attempt { analysis, proof }
}

/// The certificate of `analysis`'s invariants (and `transitions`, when given) for `checked`
/// (the program the analysis ran on, or the same with ghost code left out or assertions made
/// assumptions), checked by the independent checker; its loop invariants in the user's terms,
/// or why it was rejected.
#[allow(clippy::too_many_arguments)]
fn certified(
    checked: &Program,
    fid: leapfrog_ir::FuncId,
    views: &[MemoryView],
    analysis: &leapfrog_summarize::Analysis,
    transitions: Option<&leapfrog_ir::IdVec<leapfrog_ir::LoopId, TransitionSummary>>,
    ghosting: Option<&ghosts::Ghosting>,
    summary_cfg: &Config,
    deadline: Instant,
) -> Result<Vec<LoopInvariant>, String> {
    // The checker's queries have the task's limits (the summaries' deadline is earlier).
    let limits = summary_cfg.limits;
    let q = ghosting.map_or(checked, |g| &g.instrumented);
    let f = &q.funcs[fid];
    // One entry per conjunct: the checker conjoins the entries of a header.
    let invariants: Vec<_> =
        analysis.loops.iter().flat_map(|l| l.invariant.iter().map(|c| (l.header, c.expr.clone()))).collect();
    let cert_transitions: Vec<_> = match &transitions {
        Some(t) => analysis
            .loops
            .iter()
            .filter(|l| !t[l.id].atoms.is_empty())
            .map(|l| (l.header, t[l.id].atoms.iter().map(TransitionCandidate::checker_atom).collect()))
            .collect(),
        None => Vec::new(),
    };
    let cert = SafetyCertificate {
        func: fid,
        invariants,
        transitions: cert_transitions,
        ghosts: ghosting.map(|g| g.ghosts.clone()).unwrap_or_default(),
    };
    let is_ghost = |c: &Candidate| {
        let mut ghostly = false;
        // Also the ghosts of automatic checks (`ir::checks`: `\\offset(p)`).
        c.expr.for_each_var(&mut |v| ghostly |= ghosting.is_some_and(|g| g.is_ghost(v)) || check_ghost(q, v));
        ghostly
    };
    match check_safety_with_views(checked, &cert, views, summary_cfg.semantics, limits, Some(deadline)) {
        CheckResult::Accepted => Ok(analysis
            .loops
            .iter()
            .map(|l| {
                let (kind, span) = analysis.forest.syntax(f, l.id);
                // Conjuncts over ghosts cannot be written at the loop in C: they are printed apart.
                let (ghostly, plain): (Vec<Candidate>, Vec<Candidate>) =
                    l.invariant.iter().cloned().partition(|c| is_ghost(c));
                let texts: Vec<String> = printed_conjuncts(&plain);
                let invariant = if texts.is_empty() { "1".to_string() } else { join_conjuncts(&texts) };
                let transition_invariant = transitions
                    .as_ref()
                    .and_then(|t| t.get(l.id))
                    .map(|t: &TransitionSummary| t.atoms.iter().map(|a| a.text(q)).collect())
                    .unwrap_or_default();
                let ghost_invariant = ghostly.into_iter().map(|c| c.text).collect();
                LoopInvariant { kind, span, invariant, transition_invariant, ghost_invariant }
            })
            .collect()),
        CheckResult::Rejected(why) => {
            let with = if transitions.is_some() { " (with transition invariants)" } else { "" };
            Err(format!("the independent checker rejected the invariants ({why}){with}"))
        }
        CheckResult::Unknown(why) => Err(format!("the independent checker could not decide ({why})")),
    }
}

/// The input stream that gives the inputs of `q`'s entry function `fid` the values an engine's
/// model proposes along its path: the interpreter runs `q` with them and records what it consumes,
/// in its own order (which the original program shares with its inlined form). The run stops at
/// `deadline`.
pub fn input_stream(
    q: &Program,
    fid: FuncId,
    proposed: &ProposedInputs,
    semantics: Semantics,
    deadline: Instant,
) -> Vec<i128> {
    let mut oracle = EdgeInputs::along(fid, &proposed.params, &proposed.at_edges);
    run_recording(q, &mut oracle, semantics, deadline).inputs
}

/// The counterexample of the replay `r` of `p` on `inputs` (with its trace, inputs and
/// assignments recorded: `runs::replay`), failing at `failing`.
pub(crate) fn counterexample_of(p: &Program, inputs: Vec<i128>, r: &ExecResult, failing: Span) -> Counterexample {
    let (path, elided) = merge_spans(r.trace.iter().map(|(fi, e)| p.funcs[*fi].edges[*e].span));
    let reads = input_reads(p, r);
    let mut values: Vec<leapfrog_results::safety::AssignedValue> = r
        .assignments
        .iter()
        .filter(|a| {
            let v = &p.vars[a.var];
            a.span.is_known() && v.scope.is_some() && !v.is_ghost() && !v.name.starts_with('.')
        })
        .map(|a| leapfrog_results::safety::AssignedValue {
            span: a.span,
            variable: p.vars[a.var].name.clone(),
            value: a.value,
        })
        .collect();
    let values_elided = values.len().saturating_sub(MAX_VALUES);
    if values_elided > 0 {
        values.drain(MAX_VALUES / 2..MAX_VALUES / 2 + values_elided);
    }
    Counterexample { inputs, reads, path, elided, values, values_elided, failing, leaps: Vec::new(), unwinding: None }
}

/// The most assignments a counterexample keeps (half from its start, half from its end).
const MAX_VALUES: usize = 1000;

/// The positions of an execution's path, consecutive repeats of a line merged, and how many
/// are left out in the middle when there are more than [`MAX_PATH`].
pub(crate) fn merge_spans(spans: impl Iterator<Item = Span>) -> (Vec<Span>, usize) {
    let mut out: Vec<Span> = Vec::new();
    for s in spans {
        if s.line == 0 {
            continue;
        }
        if out.last().is_some_and(|l| l.file == s.file && l.line == s.line) {
            continue;
        }
        out.push(s);
    }
    if out.len() <= MAX_PATH {
        return (out, 0);
    }
    let elided = out.len() - MAX_PATH;
    out.drain(MAX_PATH / 2..MAX_PATH / 2 + elided);
    (out, elided)
}

/// The most positions a counterexample's path keeps (half from its start, half from its end).
const MAX_PATH: usize = 2000;

/// The loop summaries of the program (after inlining: a loop of a function called twice is
/// summarized once per call site, in that context).
pub fn summarize(p: &Program, opts: &Options) -> SummariesReport {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut out = SummariesReport {
        semantics: opts.semantics,
        loops: Vec::new(),
        certified: false,
        notes: Vec::new(),
        elapsed: Duration::ZERO,
    };
    let mut q = match inline_program(p, &InlineLimits::default()) {
        Ok(q) => q,
        Err(e) => {
            out.notes.push(format!("calls cannot be inlined: {e}"));
            out.elapsed = start.elapsed();
            return out;
        }
    };
    let Some(fid) = q.entry else {
        out.notes.push("the program has no entry function".into());
        return out;
    };
    let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
    let cfg = Config { semantics: opts.semantics, limits, deadline: Some(deadline) };
    let views = add_memory_views(&mut q, fid);
    let analysis = analyze_with_views(&q, fid, &cfg, &views);
    out.notes.extend(analysis.unsupported.iter().cloned());
    let transitions = transition_invariants(&q, fid, &analysis, &cfg, &views);
    let f = &q.funcs[fid];
    let visibility = Visibility::new(&q, &views);
    for l in &analysis.loops {
        let (kind, span) = analysis.forest.syntax(f, l.id);
        let lp = &analysis.forest.loops[l.id];
        // What the loop modifies that the user can name at the loop; the rest (the loop's own
        // block variables, a caller's variables) is counted.
        let visible = |v: &leapfrog_ir::VarId| visibility.visible_at(*v, span);
        let mut modified: Vec<String> =
            l.modified.iter().filter(|v| visible(v)).map(|v| q.vars[*v].name.clone()).collect();
        modified.extend(l.modified_objects.iter().filter(|v| visible(v)).map(|v| format!("*{}", q.vars[*v].name)));
        modified.dedup();
        let hidden = l.modified.iter().chain(&l.modified_objects).filter(|v| nameable(&q, **v) && !visible(v)).count();
        let exits = exits::exits(&q, f, lp, &visibility, span);
        let mut notes = exits.notes;
        if hidden > 0 {
            let noun = if hidden == 1 { "variable" } else { "variables" };
            notes.insert(0, format!("also modifies {hidden} {noun} not visible at the loop"));
        }
        out.loops.push(LoopSummaryReport {
            function: p.entry.map(|e| p.funcs[e].name.clone()).unwrap_or_default(),
            kind,
            span,
            depth: lp.depth,
            modified,
            invariant: printed_conjuncts(&l.invariant),
            transition_invariant: transitions[l.id].atoms.iter().map(|a| a.text(&q)).collect(),
            exits: exits.conditions,
            notes,
            candidates_tried: l.candidates_tried,
            method: "templates",
            pda: None,
        });
    }
    if analysis.unsupported.is_empty() {
        let invariants: Vec<_> =
            analysis.loops.iter().flat_map(|l| l.invariant.iter().map(|c| (l.header, c.expr.clone()))).collect();
        // Safety is not the question here: a certificate for the invariants alone is checked
        // on the program with its assertions taken as assumptions.
        let q_assumed = assertions_as_assumptions(&q);
        match check_safety_with_views(
            &q_assumed,
            &SafetyCertificate { func: fid, invariants, transitions: Vec::new(), ghosts: Vec::new() },
            &views,
            opts.semantics,
            limits,
            Some(deadline),
        ) {
            CheckResult::Accepted => out.certified = true,
            CheckResult::Rejected(why) => {
                out.notes.push(format!("the independent checker rejected the invariants: {why}"))
            }
            CheckResult::Unknown(why) => out.notes.push(format!("the independent checker could not decide: {why}")),
        }
    }
    out.loops.sort_by_key(|l| (l.span, l.depth));
    out.elapsed = start.elapsed();
    out
}

/// The program with every assertion turned into an assumption (a failing assertion ends the
/// execution, so the states after it are those where it held).
fn assertions_as_assumptions(p: &Program) -> Program {
    let mut q = p.clone();
    for (_, f) in q.funcs.iter_mut() {
        let halt = f.halt;
        for (_, e) in f.edges.iter_mut() {
            if let Command::Assert { cond, .. } = &e.cmd {
                // `assert(false)` leads to the function's halt, which only terminal commands may
                // reach: it becomes `abort()` (the execution ends there either way).
                e.cmd = if e.to == halt { Command::Abort } else { Command::Assume(cond.clone()) };
            }
        }
    }
    q
}

/// Whether the user can name `v`: not a temporary, a return value or a hidden object.
pub(crate) fn nameable(p: &Program, v: leapfrog_ir::VarId) -> bool {
    let var = p.var(v);
    !matches!(var.kind, leapfrog_ir::VarKind::Temp | leapfrog_ir::VarKind::Return) && !var.name.starts_with('.')
}

/// A ghost local of `q`'s function `fid` named `name`, of register type `ty`, declared where
/// `like` is (so that it is visible where `like` is).
pub(crate) fn add_ghost_local(
    q: &mut Program,
    fid: leapfrog_ir::FuncId,
    name: String,
    ty: Type,
    like: leapfrog_ir::VarId,
) -> leapfrog_ir::VarId {
    let (span, scope) = (q.vars[like].span, q.vars[like].scope);
    let var = q.vars.push(leapfrog_ir::Var {
        name,
        ty: VarTy::Reg(ty),
        kind: leapfrog_ir::VarKind::Local,
        func: Some(fid),
        span,
        scope,
    });
    q.funcs[fid].locals.push(var);
    var
}

/// The most memory views a function gets.
const MAX_VIEWS: usize = 8;

/// Ghost variables for the memory cells the function stores to at constant offsets (`a[99] = 0`),
/// for string and buffer invariants (ATVA'08 §4: a zero terminator at a known index); only for
/// objects the engine models as arrays of one integer type.
pub fn add_memory_views(q: &mut Program, fid: leapfrog_ir::FuncId) -> Vec<MemoryView> {
    let model = leapfrog_summarize::memory::MemoryModel::compute(q, &q.funcs[fid]);
    let mut views: Vec<MemoryView> = Vec::new();
    let mut found: Vec<(leapfrog_ir::VarId, i128, leapfrog_ir::IntTy)> = Vec::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        let Command::Store { addr, value } = &e.cmd else { continue };
        let (object, offset) = match addr {
            Expr::AddrOf(o) => (*o, 0),
            Expr::PtrAdd { base, offset, scale } => match (&**base, &**offset) {
                (Expr::AddrOf(o), Expr::Int(k, _)) => (*o, k * i128::from(*scale as i64)),
                _ => continue,
            },
            _ => continue,
        };
        let Some(Type::Int(t)) = value.ty(&q.vars) else { continue };
        if model.cell.get(&object) != Some(&Type::Int(t)) || found.iter().any(|(o, k, _)| *o == object && *k == offset)
        {
            continue;
        }
        found.push((object, offset, t));
    }
    for (object, offset, t) in found.into_iter().take(MAX_VIEWS) {
        // Named as the C lvalue of the cell (`a[99]`), visible where the object is.
        let name = leapfrog_ir::print::cell_to_c(q, object, offset, t);
        let var = add_ghost_local(q, fid, name, Type::Int(t), object);
        views.push(MemoryView::at_offset(var, object, offset));
    }
    views
}
