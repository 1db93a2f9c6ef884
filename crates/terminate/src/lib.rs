//! The `terminate` pipeline for the `termination` property.
//!
//! For every loop of the inlined entry function, a portfolio, cheapest first (TACAS'11 §3–4 and
//! POPL'07 §5), each answer re-checked by `leapfrog-certify` before it is reported:
//! 1. transition-invariant summaries (Table 1 templates, Algorithm 2);
//! 2. linear ranking functions (Podelski–Rybalchenko over the rationals) with supporting
//!    invariants, then lexicographic combinations;
//! 3. non-termination: a recurrent set found over templates, whose stem the interpreter replays.
//!
//! The program is TRUE when every loop is; FALSE when one loop has a checked lasso.
pub mod ranking;

mod certificate;
mod modular;
mod recurrent;
mod replay;
pub mod variance;

use leapfrog_arith::Semantics;
use leapfrog_certify::termination::{RecurrentSet, TerminationArgument, TerminationCertificate, TransitionAtom};
use leapfrog_certify::{CheckResult, check_recurrent_set, check_termination};
use leapfrog_interp::runs;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::program::LoopKind;
use leapfrog_ir::{Expr, FuncId, InlineLimits, LocId, LoopId, Program, inline_program};
use leapfrog_results::join_conjuncts;
use leapfrog_smt::{QueryLimits, Watchdog};
use leapfrog_source::Span;
use leapfrog_summarize::candidates::printed_conjuncts;
use leapfrog_summarize::transition::{TransitionCandidate, TransitionSummary, transition_invariants};
use leapfrog_summarize::{Analysis, Config, analyze};
use std::collections::HashMap;
use std::time::{Duration, Instant};

pub use leapfrog_results::termination::{CertificateText, LoopReport, Report, Witness};
pub use leapfrog_results::{Options, Verdict, technique};

/// Shares of the budget (from the start) after which each stage stops: ranking functions without
/// invariants, state invariants, transition invariants, ranking functions with invariants (the
/// lassos have the rest).
const BARE_RANKING_SHARE: f64 = 0.3;
/// The share of the budget stage 1b (ranking functions with memory safety assumed) may take past
/// stage 1's.
const MEMORY_SAFE_RANKING_SHARE: f64 = 0.1;
const INVARIANT_SHARE: f64 = 0.5;
const TRANSITION_SHARE: f64 = 0.55;
const RANKING_SHARE: f64 = 0.75;
/// The most a variance analysis may take per loop (it comes before the lassos).
const VARIANCE_SHARE: f64 = 0.2;
/// Octagons (polyhedra) over more live variables than this are not computed for supporting
/// invariants.
const ABSINT_MAX_LIVE: usize = 24;
const ABSINT_POLYHEDRA_MAX_LIVE: usize = 8;

/// The domains whose invariants support ranking functions, cheapest first.
#[derive(Clone, Copy)]
enum AbsintDomain {
    Octagon,
    Polyhedra,
}

impl AbsintDomain {
    fn name(self) -> &'static str {
        match self {
            AbsintDomain::Octagon => "octagon",
            AbsintDomain::Polyhedra => "polyhedra",
        }
    }
}
/// The share of the budget the stages plan with.
const DEADLINE_SHARE: f64 = 0.9;
/// Above this many locations, the summarization engine's encoding alone outlasts any budget:
/// only the bare ranking functions are tried.
const MAX_ANALYZED_LOCS: usize = 6000;
/// Per-query solver timeout cap.
const MAX_QUERY: Duration = Duration::from_secs(5);

/// Decides whether every execution of `p` from its entry terminates.
pub fn terminate(p: &Program, opts: &Options) -> Report {
    let start = Instant::now();
    // Building encodings is not interruptible: the stages aim a little before the budget's end.
    let deadline = start + opts.timeout.mul_f64(DEADLINE_SHARE);
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut wrapped = None;
    let mut report = run(p, opts, start, deadline, false, &mut wrapped);
    // A program whose only execution overflows: what the compiled program does, unless the
    // analyses answered under the default semantics (a lasso over mathematical integers).
    if report.verdict == Verdict::Unknown
        && let Some(w) = wrapped
    {
        report = w;
    }
    report.elapsed = start.elapsed();
    report.assumptions = leapfrog_ir::nondet::assumptions(p);
    report
}

/// Only the search for lassos (stage 3) of every loop: which loops some execution runs
/// forever, for a client that knows the others' bounds (`bound`). Its TRUE is never given; its
/// FALSE is a lasso as [`terminate`]'s.
pub fn lassos(p: &Program, opts: &Options) -> Report {
    let start = Instant::now();
    let deadline = start + opts.timeout.mul_f64(DEADLINE_SHARE);
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut report = run(p, opts, start, deadline, true, &mut None);
    report.elapsed = start.elapsed();
    report
}

/// The analyses, stage by stage. A program that consults no input and whose only execution
/// the interpreter runs to its end is answered by that run; when the run overflows under the
/// default semantics, its answer under the bit-precise semantics goes to `wrapped` instead and
/// the analyses go on.
fn run(
    p: &Program,
    opts: &Options,
    start: Instant,
    deadline: Instant,
    only_lassos: bool,
    wrapped: &mut Option<Report>,
) -> Report {
    let sem = opts.semantics;
    if p.entry.is_none() {
        return Report::unknown(sem, "the program has no entry function".into());
    }
    // With recursion, the recursive functions are rewritten around descent loops
    // (`ir::recursion`): the program is then over-approximated, so only a TRUE counts.
    let (q, descents) = match inline_program(p, &InlineLimits::default()) {
        Ok(q) => (q, None),
        Err(e) => {
            // A deterministic program may still be decided by its one run.
            if let Some(report) = only_execution_report(p, sem, opts.timeout, deadline, wrapped) {
                return report;
            }
            let rewritten = match &e {
                leapfrog_ir::InlineError::Recursion { .. } => {
                    leapfrog_ir::recursion::descent_loops(p).and_then(|(p2, names)| {
                        inline_program(&p2, &InlineLimits::default()).map(|q| (q, names)).map_err(|e| e.to_string())
                    })
                }
                _ => Err(String::new()),
            };
            // Too many calls: each function on its own, from any state a call may find.
            let modular = match &e {
                leapfrog_ir::InlineError::TooLarge { .. } if !only_lassos => {
                    match modular::per_function(p, opts, deadline) {
                        Ok(report) => return report,
                        Err(why) => format!("; one function at a time: {why}"),
                    }
                }
                _ => String::new(),
            };
            match rewritten {
                Ok((q, names)) => (q, Some(names)),
                Err(why) if why.is_empty() => {
                    return Report::unknown(sem, format!("calls cannot be inlined: {e}{modular}"));
                }
                Err(why) => return Report::unknown(sem, format!("calls cannot be inlined: {e} ({why})")),
            }
        }
    };
    let fid = q.entry.expect("inlining keeps the entry");
    // Allocated scalars reached only through their pointer are registers (`*x_ref` counters).
    // Those read before they are written are havocked at the allocation for the proofs; the
    // lassos, whose stems the interpreter replays with the original's inputs in order, get a
    // program that takes that input at the first read (with locations of its own).
    use leapfrog_ir::float_counters::count_float_loops;
    use leapfrog_ir::promote::{Unwritten, promote_cells};
    let promoted = promote_cells(&q, fid, Unwritten::HavocAtAllocation);
    let lasso_q = (promoted.read_unwritten > 0).then(|| promote_cells(&q, fid, Unwritten::HavocAtFirstRead).program);
    // Loops counted by a floating-point variable: the comparisons on it as integer tests.
    let counted = |q: &Program| count_float_loops(q, fid, &leapfrog_interp::NativeArithmetic).0;
    let lasso_q = lasso_q.as_ref().map(counted);
    let q = counted(&promoted.program);
    let f = &q.funcs[fid];
    let forest = LoopForest::compute(f);
    // Every rewritten function called from the entry has a descent loop (a check of the
    // rewriting: were one lost, the recursion would look like straight-line code).
    if descents.is_some() && !forest.loops.ids().any(|l| forest.syntax(f, l).0 == LoopKind::Recursion) {
        return Report::unknown(sem, "internal error: the recursion's descent loops are missing".into());
    }
    // An opaque step may not return: no execution through one is known to terminate.
    let opaque = opaque_step_note(&q, fid);
    if forest.loops.is_empty() {
        if let Some(why) = opaque {
            return Report::unknown(sem, why);
        }
        let mut r = Report::unknown(sem, String::new());
        r.verdict = Verdict::True;
        r.technique = Some(technique::LOOP_FREE);
        r.reason = None;
        return r;
    }
    if forest.loops.iter().any(|(_, l)| l.irreducible) {
        return Report::unknown(sem, "irreducible control flow (a goto into a loop)".into());
    }
    let limits = QueryLimits { timeout: opts.timeout.min(MAX_QUERY), rlimit: 0 };
    let cfg = Config { semantics: sem, limits, deadline: Some(deadline) };
    let ids: Vec<LoopId> = forest.loops.ids().collect();
    let mut outcomes: Vec<Option<LoopOutcome>> = ids.iter().map(|_| None).collect();
    let mut reasons: Vec<Vec<String>> = ids.iter().map(|_| Vec::new()).collect();
    let mut suspects: Vec<Option<ranking::SuspectPair>> = ids.iter().map(|_| None).collect();
    let share = |deadline: Instant, k: usize, left: usize| {
        let rest = deadline.saturating_duration_since(Instant::now());
        Instant::now() + rest / (left - k).max(1) as u32
    };

    // Stage 1, cheap: a ranking function needing no supporting invariant (counting loops).
    let bare =
        Context { q: &q, fid, forest: &forest, invariants: Vec::new(), supporting: HashMap::new(), cfg: cfg.clone() };
    let analyzable = q.funcs[fid].locs.len() <= MAX_ANALYZED_LOCS;
    let stage1_end = if analyzable { start + opts.timeout.mul_f64(BARE_RANKING_SHARE) } else { deadline };
    if only_lassos && descents.is_some() {
        return Report::unknown(sem, "the recursion is over-approximated: no lasso is an execution".into());
    }
    // (For lassos: the program whose inputs come in the original's order, with its own
    // locations; its loops have the same headers.)
    let lasso_forest = lasso_q.as_ref().map(|lq| LoopForest::compute(&lq.funcs[fid]));
    let bare_lasso = lasso_q.as_ref().zip(lasso_forest.as_ref()).map(|(lq, lf)| Context {
        q: lq,
        fid,
        forest: lf,
        invariants: Vec::new(),
        supporting: HashMap::new(),
        cfg: cfg.clone(),
    });
    // The loop a lasso of loop `l` is searched as.
    let lasso_loop = |l: LoopId| -> Option<LoopId> {
        match &lasso_forest {
            None => Some(l),
            Some(lf) => lf.loops.ids().find(|m| lf.loops[*m].header == forest.loops[l].header),
        }
    };
    if only_lassos {
        for (n, &l) in ids.iter().enumerate() {
            let Some(m) = lasso_loop(l) else { continue };
            match try_lasso(bare_lasso.as_ref().unwrap_or(&bare), m, None, share(deadline, n, ids.len())) {
                Ok(o) => outcomes[n] = Some(o),
                Err(why) => reasons[n].push(why),
            }
        }
        let per_copy = ids
            .iter()
            .zip(outcomes)
            .zip(reasons)
            .map(|((l, o), why)| (*l, o.unwrap_or_else(|| LoopOutcome::unknown(why.join("; ")))))
            .collect();
        let mut report = aggregate(&q, fid, &forest, per_copy, sem);
        if report.verdict == Verdict::True {
            report.verdict = Verdict::Unknown;
        }
        return report;
    }
    for (k, &l) in ids.iter().enumerate() {
        match try_ranking(&bare, l, false, share(stage1_end, k, ids.len())) {
            Ok(o) => outcomes[k] = Some(o),
            Err(why) => reasons[k].push(format!("without invariants: {why}")),
        }
    }
    // Stage 0, for what is left: a program that consults no nondeterminism has one execution;
    // if the interpreter runs it to its end, every execution terminates (WCET benchmarks are such
    // programs). It runs on the original program.
    if outcomes.iter().any(Option::is_none)
        && wrapped.is_none()
        && let Some(report) = only_execution_report(p, sem, opts.timeout, deadline, wrapped)
    {
        return report;
    }
    // Stage 1b: the same, with memory safety assumed (`ir::checks::assuming_memory_safety`): an
    // out-of-bounds access is undefined behaviour, which ends an execution, so a walk over a
    // buffer is ranked by the room left in its object.
    if outcomes.iter().any(Option::is_none) && analyzable {
        let stage_end = Instant::now().max(stage1_end) + opts.timeout.mul_f64(MEMORY_SAFE_RANKING_SHARE);
        memory_safe_rankings(&q, fid, &forest, &ids, &cfg, stage_end.min(deadline), &mut outcomes, &mut reasons);
    }
    if outcomes.iter().any(Option::is_none) && !analyzable {
        for why in reasons.iter_mut() {
            why.push(format!(
                "the inlined program has {} locations; invariants are inferred up to {MAX_ANALYZED_LOCS}",
                q.funcs[fid].locs.len()
            ));
        }
    } else if outcomes.iter().any(Option::is_none) {
        // Stage 2: state invariants (summarization) and transition invariants (TACAS'11), then
        // ranking functions supported by the invariants.
        let analysis =
            analyze(&q, fid, &Config { deadline: Some(start + opts.timeout.mul_f64(INVARIANT_SHARE)), ..cfg.clone() });
        let tis = transition_invariants(
            &q,
            fid,
            &analysis,
            &Config { deadline: Some(start + opts.timeout.mul_f64(TRANSITION_SHARE)), ..cfg.clone() },
            &[],
        );
        let ctx = Context::with_invariants(&q, fid, &forest, &analysis, cfg.clone());
        let open: Vec<usize> = (0..ids.len()).filter(|k| outcomes[*k].is_none()).collect();
        let absint_ctx: std::cell::OnceCell<Option<Context>> = std::cell::OnceCell::new();
        let polyhedra_ctx: std::cell::OnceCell<Option<Context>> = std::cell::OnceCell::new();
        let stage2_end = start + opts.timeout.mul_f64(RANKING_SHARE);
        for (n, &k) in open.iter().enumerate() {
            let l = ids[k];
            let loop_deadline = share(stage2_end, n, open.len());
            match try_transition_invariant(&ctx, l, &tis[l], loop_deadline) {
                Ok(o) => {
                    outcomes[k] = Some(o);
                    continue;
                }
                Err(why) => reasons[k].push(why),
            }
            match try_ranking(&ctx, l, true, loop_deadline) {
                Ok(o) => {
                    outcomes[k] = Some(o);
                    continue;
                }
                Err(why) => reasons[k].push(why),
            }
            // Abstract interpretation's invariants (octagons, then polyhedra over fewer
            // variables), each computed once, as more supporting invariants of a ranking function.
            let mut ranked = false;
            for (domain, cell) in [(AbsintDomain::Octagon, &absint_ctx), (AbsintDomain::Polyhedra, &polyhedra_ctx)] {
                let absint_budget = Instant::now() + opts.timeout.mul_f64(VARIANCE_SHARE);
                let with_absint = cell.get_or_init(|| ctx.with_absint_facts(domain, absint_budget.min(loop_deadline)));
                if let Some(actx) = with_absint {
                    match try_ranking(actx, l, false, loop_deadline) {
                        Ok(mut o) => {
                            o.technique = o.technique.map(|_| technique::RANKING_FUNCTION_ABSINT);
                            outcomes[k] = Some(o);
                            ranked = true;
                            break;
                        }
                        Err(why) => reasons[k].push(format!("with {} invariants: {why}", domain.name())),
                    }
                }
            }
            if ranked {
                continue;
            }
            let variance_deadline = loop_deadline.min(Instant::now() + opts.timeout.mul_f64(VARIANCE_SHARE));
            match try_variance(&ctx, l, &tis, variance_deadline) {
                Ok(o) => outcomes[k] = Some(o),
                Err((why, pair)) => {
                    reasons[k].push(why);
                    suspects[k] = pair;
                }
            }
        }
        // Stage 3: lassos for what is left (none in an over-approximated program).
        let open: Vec<usize> = (0..ids.len()).filter(|k| outcomes[*k].is_none() && descents.is_none()).collect();
        for (n, &k) in open.iter().enumerate() {
            // (A suspect pair may name promoted cells the lassos' program does not have.)
            let seed = suspects[k].as_ref().map(|pair| &pair.earlier).filter(|_| bare_lasso.is_none());
            let Some(m) = lasso_loop(ids[k]) else { continue };
            match try_lasso(bare_lasso.as_ref().unwrap_or(&ctx), m, seed, share(deadline, n, open.len())) {
                Ok(o) => outcomes[k] = Some(o),
                Err(why) => reasons[k].push(why),
            }
        }
    }
    let per_copy = ids
        .iter()
        .zip(outcomes)
        .zip(reasons.into_iter().zip(suspects))
        .map(|((l, o), (why, pair))| {
            let suspect_pair = pair.map(|pair| pair.text(&q));
            (*l, o.unwrap_or_else(|| LoopOutcome { suspect_pair, ..LoopOutcome::unknown(why.join("; ")) }))
        })
        .collect();
    let mut report = aggregate(&q, fid, &forest, per_copy, sem);
    if let Some(names) = descents {
        let note = format!(
            "the recursion of {} is over-approximated by descent loops (ir::recursion)",
            names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        );
        if report.verdict == Verdict::False {
            report.verdict = Verdict::Unknown;
            report.technique = None;
        }
        if report.verdict == Verdict::Unknown {
            report.reason = Some(match report.reason.take() {
                Some(r) => format!("{r}; {note}"),
                None => note,
            });
        }
    }
    if let Some(why) = opaque
        && report.verdict == Verdict::True
    {
        report.verdict = Verdict::Unknown;
        report.technique = None;
        report.reason = Some(why);
    }
    report
}

/// Stage 1b of [`run`]: bare ranking functions of the loops still open, found and checked on
/// `q` with its memory-safety checks written as assumptions (the ghosts they name are printed
/// as such: `\\object_size(s) - \\offset(s)`).
#[allow(clippy::too_many_arguments)]
fn memory_safe_rankings(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    ids: &[LoopId],
    cfg: &Config,
    stage_end: Instant,
    outcomes: &mut [Option<LoopOutcome>],
    reasons: &mut [Vec<String>],
) {
    let has_memory_access = |l: LoopId| {
        q.funcs[fid].edges.values().any(|e| {
            forest.loops[l].contains(e.from)
                && matches!(e.cmd, leapfrog_ir::Command::Load { .. } | leapfrog_ir::Command::Store { .. })
        })
    };
    let open: Vec<usize> = (0..ids.len()).filter(|k| outcomes[*k].is_none() && has_memory_access(ids[*k])).collect();
    if open.is_empty() {
        return;
    }
    let Some(qm) = leapfrog_ir::checks::assuming_memory_safety(q, fid) else { return };
    let fm = LoopForest::compute(&qm.funcs[fid]);
    let ctx =
        Context { q: &qm, fid, forest: &fm, invariants: Vec::new(), supporting: HashMap::new(), cfg: cfg.clone() };
    for (n, &k) in open.iter().enumerate() {
        let header = forest.loops[ids[k]].header;
        let Some(m) = fm.loops.ids().find(|m| fm.loops[*m].header == header) else { continue };
        let rest = stage_end.saturating_duration_since(Instant::now());
        let deadline = Instant::now() + rest / (open.len() - n) as u32;
        match try_ranking(&ctx, m, false, deadline) {
            Ok(mut o) => {
                o.technique = o.technique.map(|_| technique::RANKING_FUNCTION_MEMORY_SAFETY);
                outcomes[k] = Some(o);
            }
            Err(why) => reasons[k].push(format!("with memory safety assumed: {why}")),
        }
    }
}

/// Why the opaque steps of `q`'s function `fid` (after inlining: everything the entry reaches
/// through direct calls) leave termination open, if it has any.
fn opaque_step_note(q: &Program, fid: FuncId) -> Option<String> {
    let f = &q.funcs[fid];
    let mut steps: Vec<String> = f
        .edges
        .values()
        .filter_map(|e| match &e.cmd {
            leapfrog_ir::Command::Opaque { what, may_not_return: true, .. } => {
                Some(format!("{what} at {}", q.files.display(e.span)))
            }
            _ => None,
        })
        .collect();
    steps.dedup();
    (!steps.is_empty()).then(|| format!("an opaque step may not return, loop or change anything: {}", steps.join("; ")))
}

/// TRUE for every loop when the interpreter runs the program's only execution to its end
/// (`runs::single_run_wrapping_overflow`). When under the default semantics that execution
/// meets undefined behaviour the machine's arithmetic defines (a signed overflow), the program
/// has no execution free of it: the report is then what the compiled program does, TRUE under
/// the bit-precise semantics, its certificate naming the place. That one goes to `wrapped`, not
/// to the caller, who prefers a lasso over mathematical integers (the default semantics'
/// answer) when the analyses find one.
fn only_execution_report(
    p: &Program,
    sem: Semantics,
    budget: Duration,
    deadline: Instant,
    wrapped: &mut Option<Report>,
) -> Option<Report> {
    let (run, overflow) = runs::single_run_wrapping_overflow(p, sem, runs::steps_within(budget), deadline, None)?;
    let fact = runs::ending_text_wrapping(p, &run, overflow);
    if overflow.is_some() {
        *wrapped = Some(execution_report(p, fact, Semantics::BitPrecise));
        return None;
    }
    Some(execution_report(p, fact, sem))
}

/// Every loop of every function of `p` is TRUE: the program's only execution ends (`fact`).
fn execution_report(p: &Program, fact: String, sem: Semantics) -> Report {
    let mut loops: Vec<LoopReport> = Vec::new();
    for (_, f) in p.funcs.iter() {
        let forest = LoopForest::compute(f);
        for l in forest.loops.ids() {
            let (kind, span) = forest.syntax(f, l);
            if loops.iter().all(|r| r.span != span) {
                let certificate = CertificateText {
                    kind: technique::CONCRETE_EXECUTION,
                    expressions: vec![fact.clone()],
                    disjuncts: Vec::new(),
                    supporting_invariant: "1".into(),
                };
                loops.push(loop_report(kind, span, LoopOutcome::proven(technique::CONCRETE_EXECUTION, certificate)));
            }
        }
    }
    let mut report = program_report(loops, sem);
    // Also when the program has no loop (only recursion).
    report.technique = Some(technique::CONCRETE_EXECUTION);
    report
}

struct Context<'a> {
    q: &'a Program,
    fid: FuncId,
    forest: &'a LoopForest,
    /// Supporting state invariants of every loop (checked by the checker with the argument).
    invariants: Vec<(LocId, Expr)>,
    /// Each loop's own invariant as C, for the report.
    supporting: HashMap<LoopId, String>,
    cfg: Config,
}

impl<'a> Context<'a> {
    fn with_invariants(
        q: &'a Program,
        fid: FuncId,
        forest: &'a LoopForest,
        analysis: &Analysis,
        cfg: Config,
    ) -> Context<'a> {
        let invariants =
            analysis.loops.iter().flat_map(|l| l.invariant.iter().map(|c| (l.header, c.expr.clone()))).collect();
        let supporting = analysis
            .loops
            .iter()
            .filter(|l| !l.invariant.is_empty())
            .map(|l| (l.id, join_conjuncts(&printed_conjuncts(&l.invariant))))
            .collect();
        Context { q, fid, forest, invariants, supporting, cfg }
    }

    /// This context with the invariants of `leapfrog-absint` in `domain` added to the supporting
    /// invariants (`None` when the analysis gives nothing new by `deadline`).
    fn with_absint_facts(&self, domain: AbsintDomain, deadline: Instant) -> Option<Context<'a>> {
        let (q, fid, sem) = (self.q, self.fid, self.cfg.semantics);
        let facts = match domain {
            AbsintDomain::Octagon => {
                leapfrog_absint::facts::octagon_facts(q, fid, sem, ABSINT_MAX_LIVE, &[], deadline)?
            }
            AbsintDomain::Polyhedra => {
                leapfrog_absint::facts::polyhedra_facts(q, fid, sem, ABSINT_POLYHEDRA_MAX_LIVE, &[], deadline)?
            }
        };
        if facts.is_empty() {
            return None;
        }
        let mut invariants = self.invariants.clone();
        let mut supporting = self.supporting.clone();
        for (header, expr, text) in facts {
            if invariants.iter().any(|(h, e)| *h == header && *e == expr) {
                continue;
            }
            invariants.push((header, expr));
            if let Some((l, _)) = self.forest.loops.iter().find(|(_, lp)| lp.header == header) {
                let s = supporting.entry(l).or_insert_with(|| "1".to_string());
                *s = if s == "1" { text } else { format!("{s} && {text}") };
            }
        }
        Some(Context { q: self.q, fid: self.fid, forest: self.forest, invariants, supporting, cfg: self.cfg.clone() })
    }

    fn supporting(&self, l: LoopId) -> String {
        self.supporting.get(&l).cloned().unwrap_or_else(|| "1".to_string())
    }

    fn check(&self, l: LoopId, argument: TerminationArgument, deadline: Instant) -> CheckResult {
        self.check_with(l, argument, Vec::new(), deadline)
    }

    /// [`Context::check`] with transition invariants of loops (crossing them relates their
    /// entry and exit states).
    fn check_with(
        &self,
        l: LoopId,
        argument: TerminationArgument,
        transitions: Vec<(LocId, Vec<TransitionAtom>)>,
        deadline: Instant,
    ) -> CheckResult {
        let header = self.forest.loops[l].header;
        let cert = TerminationCertificate {
            func: self.fid,
            header,
            invariants: self.invariants.clone(),
            transitions,
            argument,
        };
        check_termination(self.q, &cert, self.cfg.semantics, self.cfg.limits, Some(deadline))
    }
}

/// The result for one loop of the inlined function.
struct LoopOutcome {
    verdict: Verdict,
    technique: Option<&'static str>,
    reason: Option<String>,
    certificate: Option<CertificateText>,
    witness: Option<Witness>,
    suspect_pair: Option<String>,
}

impl LoopOutcome {
    fn unknown(reason: String) -> LoopOutcome {
        LoopOutcome {
            verdict: Verdict::Unknown,
            technique: None,
            reason: Some(reason),
            certificate: None,
            witness: None,
            suspect_pair: None,
        }
    }

    fn proven(technique: &'static str, certificate: CertificateText) -> LoopOutcome {
        LoopOutcome {
            verdict: Verdict::True,
            technique: Some(technique),
            reason: None,
            certificate: Some(certificate),
            witness: None,
            suspect_pair: None,
        }
    }
}

/// A well-founded transition invariant (TACAS'11), re-checked.
fn try_transition_invariant(
    ctx: &Context,
    l: LoopId,
    ti: &TransitionSummary,
    deadline: Instant,
) -> Result<LoopOutcome, String> {
    let Some((k, _)) = ti.well_founded else {
        return Err(format!(
            "no well-founded transition invariant among {} candidates ({} accepted)",
            ti.candidates_tried,
            ti.atoms.len()
        ));
    };
    let atoms: Vec<_> = ti.atoms.iter().map(TransitionCandidate::checker_atom).collect();
    match ctx.check(l, TerminationArgument::TransitionInvariant { atoms, well_founded: k }, deadline) {
        CheckResult::Accepted => Ok(LoopOutcome::proven(
            technique::TRANSITION_INVARIANT,
            CertificateText {
                kind: "transition-invariant",
                expressions: ti.atoms.iter().map(|a| a.text(ctx.q)).collect(),
                disjuncts: Vec::new(),
                supporting_invariant: ctx.supporting(l),
            },
        )),
        CheckResult::Rejected(why) | CheckResult::Unknown(why) => {
            Err(format!("the checker did not accept the transition invariant ({why})"))
        }
    }
}

/// A linear or lexicographic ranking function (Podelski–Rybalchenko), re-checked; with
/// `nested`, a nested one (Leike–Heizmann) when there is no lexicographic one.
fn try_ranking(ctx: &Context, l: LoopId, nested: bool, deadline: Instant) -> Result<LoopOutcome, String> {
    let (q, fid, forest, invariants, sem) = (ctx.q, ctx.fid, ctx.forest, &ctx.invariants, ctx.cfg.semantics);
    let found = if nested {
        ranking::synthesize_with_nested(q, fid, forest, l, invariants, sem, deadline)
    } else {
        ranking::synthesize(q, fid, forest, l, invariants, sem, deadline).map(ranking::Ranking::Lexicographic)
    }
    .map_err(|why| format!("no ranking function: {why}"))?;
    let (ranking::Ranking::Lexicographic(forms) | ranking::Ranking::Nested(forms)) = &found;
    let texts: Vec<String> = forms.iter().map(|f| certificate::linear_text(q, f)).collect();
    let (argument, technique, kind) = match found {
        ranking::Ranking::Lexicographic(forms) => {
            let technique =
                if forms.len() == 1 { technique::RANKING_FUNCTION } else { technique::LEXICOGRAPHIC_RANKING_FUNCTION };
            (TerminationArgument::Ranking(forms), technique, "ranking-function")
        }
        ranking::Ranking::Nested(forms) => {
            (TerminationArgument::Nested(forms), technique::NESTED_RANKING_FUNCTION, technique::NESTED_RANKING_FUNCTION)
        }
    };
    match ctx.check(l, argument, deadline) {
        CheckResult::Accepted => Ok(LoopOutcome::proven(
            technique,
            CertificateText {
                kind,
                expressions: texts,
                disjuncts: Vec::new(),
                supporting_invariant: ctx.supporting(l),
            },
        )),
        CheckResult::Rejected(why) | CheckResult::Unknown(why) => {
            let what = if kind == "ranking-function" { "ranking function" } else { "nested ranking function" };
            Err(format!("the checker did not accept the {what} ({why})"))
        }
    }
}

/// A variance argument (POPL'07), re-checked with the transition invariants of the loop's inner
/// loops (which relate an inner loop's entry and exit states where the checker crosses it).
fn try_variance(
    ctx: &Context,
    l: LoopId,
    tis: &leapfrog_ir::IdVec<LoopId, TransitionSummary>,
    deadline: Instant,
) -> Result<LoopOutcome, (String, Option<ranking::SuspectPair>)> {
    let found = variance::find(ctx.q, ctx.fid, ctx.forest, l, ctx.cfg.semantics, &variance::DOMAINS, deadline)
        .map_err(|nf| (format!("no variance argument: {}", nf.why), nf.suspect_pair))?;
    let transitions: Vec<(LocId, Vec<TransitionAtom>)> = ctx
        .forest
        .loops
        .iter()
        .filter(|(c, lp)| *c != l && ctx.forest.loops[l].contains(lp.header))
        .filter(|(c, _)| !tis[*c].atoms.is_empty())
        .map(|(c, lp)| (lp.header, tis[c].atoms.iter().map(TransitionCandidate::checker_atom).collect()))
        .collect();
    match ctx.check_with(l, found.argument, transitions, deadline) {
        CheckResult::Accepted => {
            let (disjuncts, rankings) = found.texts.into_iter().unzip();
            Ok(LoopOutcome::proven(
                technique::VARIANCE_ANALYSIS,
                CertificateText {
                    kind: technique::VARIANCE_ANALYSIS,
                    expressions: rankings,
                    disjuncts,
                    supporting_invariant: ctx.supporting(l),
                },
            ))
        }
        CheckResult::Rejected(why) | CheckResult::Unknown(why) => {
            Err((format!("the checker did not accept the variance argument found with {} ({why})", found.domain), None))
        }
    }
}

/// A lasso: a recurrent set the checker accepts and a stem the interpreter replays into it;
/// `seed` is a header state to build a set around (the earlier state of a variance disjunct's
/// suspect pair) when the stems the search finds lead nowhere.
fn try_lasso(
    ctx: &Context,
    l: LoopId,
    seed: Option<&std::collections::BTreeMap<leapfrog_ir::VarId, i128>>,
    deadline: Instant,
) -> Result<LoopOutcome, String> {
    let q = ctx.q;
    let sem = ctx.cfg.semantics;
    let header = ctx.forest.loops[l].header;
    let cfg = Config { deadline: Some(deadline), ..ctx.cfg.clone() };
    let lasso =
        recurrent::find(q, ctx.fid, ctx.forest, l, seed, &cfg).map_err(|why| format!("no recurrent set: {why}"))?;
    let rs = RecurrentSet {
        func: ctx.fid,
        header,
        set: lasso.set.clone(),
        choices: lasso.choices.clone(),
        nested: lasso.nested,
    };
    match check_recurrent_set(q, &rs, sem, ctx.cfg.limits, Some(deadline)) {
        CheckResult::Accepted => {}
        CheckResult::Rejected(why) | CheckResult::Unknown(why) => {
            return Err(format!("the checker did not accept the recurrent set ({why})"));
        }
    }
    let stem_inputs = replay::stem_reaches(q, ctx.fid, header, &lasso.set, &lasso.stem.inputs, sem, deadline)?;
    let f = &q.funcs[ctx.fid];
    let recurrent_set = lasso.text;
    Ok(LoopOutcome {
        verdict: Verdict::False,
        technique: Some(technique::RECURRENT_SET),
        reason: None,
        certificate: None,
        witness: Some(Witness {
            stem_inputs,
            recurrent_set,
            choices: lasso.choices.iter().map(|(e, x)| (f.edges[*e].span, *x)).collect(),
        }),
        suspect_pair: None,
    })
}

/// How strong a technique is, to name the one a TRUE needed.
fn strength(t: Option<&'static str>) -> u8 {
    match t {
        Some(technique::TRANSITION_INVARIANT) => 1,
        Some(technique::RANKING_FUNCTION) => 2,
        Some(
            technique::LEXICOGRAPHIC_RANKING_FUNCTION
            | technique::RANKING_FUNCTION_ABSINT
            | technique::RANKING_FUNCTION_MEMORY_SAFETY
            | technique::NESTED_RANKING_FUNCTION,
        ) => 3,
        Some(technique::VARIANCE_ANALYSIS) => 4,
        Some(technique::CONCRETE_EXECUTION) => 5,
        _ => 0,
    }
}

/// Source loops (inlined copies merged) and the program's verdict.
fn aggregate(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    per_copy: Vec<(LoopId, LoopOutcome)>,
    sem: Semantics,
) -> Report {
    let f = &q.funcs[fid];
    let mut loops: Vec<LoopReport> = Vec::new();
    for (l, o) in per_copy {
        let (kind, span) = forest.syntax(f, l);
        let copy = loop_report(kind, span, o);
        match loops.iter_mut().find(|r| r.kind == kind && r.span == span) {
            None => loops.push(copy),
            // A FALSE copy decides; an UNKNOWN copy spoils a TRUE.
            Some(r) => {
                let replace = match (r.verdict, copy.verdict) {
                    (Verdict::False, _) => false,
                    (_, Verdict::False) => true,
                    (Verdict::True, Verdict::Unknown) => true,
                    _ => false,
                };
                if replace {
                    *r = copy;
                }
            }
        }
    }
    program_report(loops, sem)
}

fn loop_report(kind: LoopKind, span: Span, o: LoopOutcome) -> LoopReport {
    LoopReport {
        kind,
        span,
        verdict: o.verdict,
        technique: o.technique,
        reason: o.reason,
        certificate: o.certificate,
        witness: o.witness,
        suspect_pair: o.suspect_pair,
    }
}

/// The program's verdict from its source loops' (which it sorts).
fn program_report(mut loops: Vec<LoopReport>, sem: Semantics) -> Report {
    loops.sort_by_key(|r| (r.span.file, r.span.line, r.span.col));
    let mut report = Report::unknown(sem, String::new());
    report.reason = None;
    if let Some(r) = loops.iter().find(|r| r.verdict == Verdict::False) {
        report.verdict = Verdict::False;
        report.technique = r.technique;
    } else if loops.iter().all(|r| r.verdict == Verdict::True) {
        report.verdict = Verdict::True;
        report.technique = loops.iter().map(|r| r.technique).max_by_key(|t| strength(*t)).flatten();
    } else {
        let open: Vec<String> = loops
            .iter()
            .filter(|r| r.verdict == Verdict::Unknown)
            .map(|r| format!("loop at line {}: {}", r.span.line, r.reason.clone().unwrap_or_default()))
            .collect();
        report.reason = Some(open.join("; "));
    }
    report.loops = loops;
    report
}
