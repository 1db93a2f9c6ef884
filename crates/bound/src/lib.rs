//! Loop bounds: for each loop, an upper bound on how many times its body starts in one execution
//! of the loop statement, over the values the variables have when the loop is entered (Proteus
//! §7.1), and, where those values are constants, the largest count over every execution (the
//! WCET question).
//!
//! The job inlines the program into its entry function and, loop by loop:
//! 1. takes the bound of each trace of the loop's disjunctive summary
//!    (`leapfrog_proteus::job::trace_bounds`: its iterations, counters replaced by the bounds its
//!    conditions give) and forms their maximum ([`expr::Bound`]);
//! 2. writes the bound into a copy of the program as an assertion on an iteration counter at
//!    the body's start, over copies of the entry values ([`instrument`]), and asks
//!    `leapfrog_verify::prove_assertions` for a TRUE, with each trace's *potential*
//!    (`d·count + Q(now) <= Q(entry)`, also guarded by the trace's conditions) and the bound
//!    itself among the candidate invariants. That TRUE rests on a certificate the independent
//!    checker accepted; a bound it does not accept is not printed;
//! 3. when every variable of the bound has one constant value on every edge into the loop
//!    ([`constants`]), checks the bound's value there as a constant bound the same way: that is
//!    `max`.
//!
//! A loop inlined at several call sites is bounded at each; the printed bound is their maximum
//! (every copy must be bounded). Bounds speak of executions without undefined behaviour.

pub mod amortized;
pub mod candidates;
pub mod constants;
pub mod exits;
pub mod expr;
pub mod growth;
pub mod instrument;
pub mod observe;
pub mod paths;
pub mod program;
pub mod sizes;

use candidates::Traced;
use expr::{Bound, IntPoly, Term};
use instrument::{Instrumented, instrument};
use leapfrog_arith::Semantics;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{
    Command, Expr, FuncId, HavocOrigin, InlineLimits, LoopId, Program, VarId, Visibility, inline_program,
};
use leapfrog_proteus::job::trace_bounds;
use leapfrog_results::bounds::{BoundsReport, LoopBound, PathBound, ProgramBound};
use leapfrog_results::{Options, technique};
use leapfrog_source::Span;
use leapfrog_summarize::candidates::Candidate;
use leapfrog_verify::Effort;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// The share of `--timeout` the loops are given.
const DEADLINE_SHARE: f64 = 0.9;
/// The share of `--timeout` the program's only execution may take (its counts are the exact
/// maxima), and the share the runs that propose maxima may take.
const ONLY_EXECUTION_SHARE: f64 = 0.4;
const OBSERVE_SHARE: f64 = 0.05;
/// The share of a loop's budget the summary may take, and the least budget of one check.
const SUMMARY_SHARE: f64 = 0.3;
const MIN_CHECK: Duration = Duration::from_millis(500);
/// The least time one attempt of a check gets (when that much is left).
const MIN_ATTEMPT: Duration = Duration::from_millis(300);
/// The most single terms tried before the maximum of all.
const MAX_SINGLE_TERMS: usize = 3;
/// The most claims tried for one loop.
const MAX_CLAIMS: usize = 6;
/// The largest inlined program a bound is proven in context on (its encoding is not
/// interruptible).
const MAX_CONTEXT_EDGES: usize = 4000;

/// Every loop's bound (see the crate documentation).
pub fn bounds(p: &Program, opts: &Options) -> BoundsReport {
    let start = Instant::now();
    // Some steps (reading the program, an encoding) are not interruptible: aim a little early.
    let deadline = start + opts.timeout.mul_f64(DEADLINE_SHARE);
    let mut report = BoundsReport {
        semantics: opts.semantics,
        loops: Vec::new(),
        program: None,
        notes: Vec::new(),
        elapsed: Duration::ZERO,
    };
    // Every loop of the source, by its keyword (a `goto` loop by its label), with its function.
    let mut written: BTreeMap<(u32, u32, u32), (String, leapfrog_ir::LoopKind, Span)> = BTreeMap::new();
    for (_, f) in p.user_funcs() {
        for (kind, span) in source_loops(f) {
            written.insert(key(span), (f.name.clone(), kind, span));
        }
    }
    let mut outcomes: BTreeMap<(u32, u32, u32), Vec<Outcome>> = BTreeMap::new();
    // Whether the program's only execution ended (then no loop runs forever).
    let mut ends = false;
    match inline_program(p, &InlineLimits::default()) {
        Err(e) => {
            // The program's only execution, run as it is written, still gives every loop's
            // exact maximum.
            let forests: Vec<(FuncId, LoopForest)> =
                p.user_funcs().map(|(fid, f)| (fid, LoopForest::compute(f))).collect();
            let exact = (start + opts.timeout.mul_f64(ONLY_EXECUTION_SHARE)).min(deadline);
            match observe::only_execution(p, &forests, opts.semantics, exact) {
                None => {
                    let bounded = per_function_bounds(p, opts, deadline, &mut outcomes);
                    report.notes.push(format!(
                        "calls cannot be inlined from the entry ({e}): {bounded} loops are bounded in their own \
                         function, from any state a call may find"
                    ));
                    report.program = Some(ProgramBound {
                        function: p.entry.map(|f| p.funcs[f].name.clone()).unwrap_or_default(),
                        bound: None,
                        complexity: "unknown".into(),
                        reason: Some(format!("calls cannot be inlined from the entry ({e})")),
                    });
                }
                Some(run) => {
                    ends = true;
                    report.notes.push(format!(
                        "calls cannot be inlined ({e}): the loops are bounded by the program's only execution"
                    ));
                    for ((fid, l), m) in &run.most {
                        let forest = &forests.iter().find(|(f, _)| f == fid).expect("a forest per function").1;
                        let span = forest.syntax(&p.funcs[*fid], *l).1;
                        outcomes.entry(key(span)).or_default().push(by_execution(*m, &run.ending));
                    }
                    let function = p.entry.map(|f| p.funcs[f].name.clone()).unwrap_or_default();
                    report.program = Some(ProgramBound {
                        function,
                        bound: Some(run.total.to_string()),
                        complexity: program::complexity(0),
                        reason: None,
                    });
                }
            }
        }
        // A step that may not return (a call through a function pointer, `longjmp`, inline
        // assembly) may run any function's loops, or re-enter a loop, outside the inlined calls.
        Ok(q) if leapfrog_ir::modular::has_step_that_may_not_return(&q) => {
            report.notes.push(
                "the program has a step that may not return (a call through a function pointer, `longjmp`, \
                 inline assembly): it may run loops outside the calls that are followed, so no loop is bounded"
                    .into(),
            );
        }
        Ok(q) => {
            let fid = q.entry.expect("inlining keeps the entry");
            // Loops counted by a floating-point variable: the comparisons on it as integer tests.
            let (q, _) = leapfrog_ir::float_counters::count_float_loops(&q, fid, &leapfrog_interp::NativeArithmetic);
            let forest = LoopForest::compute(&q.funcs[fid]);
            let ids: Vec<LoopId> = forest.loops.ids().collect();
            let mut proven: BTreeMap<LoopId, Bound> = BTreeMap::new();
            // What runs show of each loop (candidates for `max`).
            let exact = (start + opts.timeout.mul_f64(ONLY_EXECUTION_SHARE)).min(deadline);
            let observing = (Instant::now() + opts.timeout.mul_f64(OBSERVE_SHARE)).min(deadline);
            let observed = observe::most_body_starts(&q, fid, &forest, opts.semantics, exact, observing);
            let only = observed.only_execution.as_deref();
            ends = only.is_some();
            let facts = LazyFacts::new(&q, fid, opts, deadline);
            for (done, l) in ids.iter().enumerate() {
                let span = forest.syntax(&q.funcs[fid], *l).1;
                let left = deadline.saturating_duration_since(Instant::now());
                let outcome = if left.is_zero() {
                    match (observed.most.get(l), only) {
                        (Some(m), Some(ending)) => by_execution(*m, ending),
                        _ => Outcome::none("the time limit was reached before this loop"),
                    }
                } else {
                    let budget = left / (ids.len() - done) as u32;
                    let seen = observed.most.get(l).copied();
                    bound_loop(
                        &q,
                        fid,
                        &forest,
                        *l,
                        opts.semantics,
                        budget,
                        &Known { observed: seen, only_execution: only, facts: &facts },
                    )
                };
                // For the program's bound: the loop's bound, or in the program's only execution
                // its exact maximum (a constant bound of every execution of the statement).
                let exact = observed.most.get(l).copied().filter(|_| only.is_some());
                if let Some(b) = exact.map(Bound::constant).or_else(|| outcome.proven.clone()) {
                    proven.insert(*l, b);
                }
                outcomes.entry(key(span)).or_default().push(outcome);
            }
            let where_ = |l: LoopId| q.files.display(forest.syntax(&q.funcs[fid], l).1);
            let function = p.entry.map(|f| p.funcs[f].name.clone()).unwrap_or_default();
            let none = BTreeMap::new();
            let composed = program::compose(
                &q,
                fid,
                opts.semantics,
                &forest,
                program::LoopBounds { bounds: &proven, extras: &BTreeMap::new(), totals: &BTreeMap::new() },
                &where_,
                &none,
            );
            let composed = match composed {
                Err(why)
                    if proven.len() == ids.len()
                        && Instant::now() < deadline
                        && q.funcs[fid].edges.len() <= MAX_LIFT_EDGES =>
                {
                    let lifting = deadline.min(Instant::now() + opts.timeout.mul_f64(LIFT_SHARE));
                    lifted_program_bound(&q, fid, &forest, &proven, opts.semantics, lifting, false)
                        .or_else(|| {
                            // Again with the ghosts of the loops that step the variables by
                            // constants (more variables for the octagons, so only now), with
                            // the time left: it is the job's last step.
                            lifted_program_bound(&q, fid, &forest, &proven, opts.semantics, deadline, true)
                        })
                        .ok_or(why)
                }
                other => other,
            };
            report.program = Some(match composed {
                Ok(c) => ProgramBound {
                    function,
                    bound: Some(c.bound),
                    complexity: program::complexity(c.degree),
                    reason: None,
                },
                Err(why) => ProgramBound { function, bound: None, complexity: "unknown".into(), reason: Some(why) },
            });
        }
    }
    for (k, (function, kind, span)) in written {
        let mut row = LoopBound {
            function,
            kind,
            span,
            bound: None,
            max: None,
            technique: None,
            reason: None,
            certificate: Vec::new(),
            unbounded: None,
            paths: Vec::new(),
        };
        match outcomes.remove(&k) {
            None if !report.notes.is_empty() => row.reason = Some(report.notes.join("; ")),
            None => row.reason = Some(NEVER_REACHED.into()),
            Some(copies) => merge(&mut row, copies),
        }
        report.loops.push(row);
    }
    // Loops without a bound that may run forever: `terminate`'s lasso, with the time left.
    let open = report.loops.iter().any(|l| l.bound.is_none() && l.reason.as_deref() != Some(NEVER_REACHED));
    let left = deadline
        .saturating_duration_since(Instant::now())
        .min(opts.timeout.mul_f64(TERMINATE_SHARE).max(TERMINATE_AT_LEAST));
    if open && !ends && left >= MIN_TERMINATE {
        mark_unbounded(p, &mut report, left, opts.semantics);
    }
    let without_max = report.loops.iter().filter(|l| l.max.is_none()).count();
    if without_max > 0 && reads_volatile(p) {
        report.notes.push(format!(
            "the program reads `volatile` objects, and each such read is an input: {without_max} loops have no \
             `max` over all its executions; `--volatile memory` takes them as ordinary memory (for programs that \
             make their own variables volatile only against compiler optimizations, as WCET benchmarks do)"
        ));
    }
    report.elapsed = start.elapsed();
    report
}

/// Whether some step of `p` reads a `volatile` object (the read's value is an input).
fn reads_volatile(p: &Program) -> bool {
    p.funcs.values().any(|f| f.edges.values().any(|e| matches!(e.cmd, Command::Havoc(_, HavocOrigin::Volatile))))
}

/// Where calls cannot be inlined from the entry (recursion, size): each function with loops is
/// analysed from its own entry in an arbitrary state — its parameters, every global register and
/// all memory arbitrary, as a call may find them ([`leapfrog_ir::modular::from_arbitrary_entry`]) — with its callees
/// inlined, and its own loops bounded there: such a bound holds in every execution of the
/// program that calls the function. (No runs: the entry's state is not one a run can make.)
/// The loops bounded, within `deadline`.
fn per_function_bounds(
    p: &Program,
    opts: &Options,
    deadline: Instant,
    outcomes: &mut BTreeMap<(u32, u32, u32), Vec<Outcome>>,
) -> usize {
    let own_loops = |f: &leapfrog_ir::Function| -> Vec<LoopKey> {
        source_loops(f).into_iter().map(|(_, span)| key(span)).collect()
    };
    // Each function inlined from its own entry; the smallest first (their loops are the
    // cheapest to prove, and the time limit may not reach every function).
    let mut inlined: Vec<(Program, Vec<LoopKey>)> = Vec::new();
    for (g, f) in p.user_funcs() {
        let own = own_loops(f);
        if own.is_empty() {
            continue;
        }
        let why = match leapfrog_ir::modular::inline_with_opaque_callees(p, g) {
            Err(e) => format!("the calls of its function `{}` cannot be inlined ({e})", f.name),
            Ok(q) if leapfrog_ir::modular::has_step_that_may_not_return(&q) => {
                format!("its function `{}` has a step that may not return", f.name)
            }
            Ok(q) => {
                inlined.push((q, own));
                continue;
            }
        };
        for k in own {
            outcomes.entry(k).or_default().push(Outcome::none(why.clone()));
        }
    }
    inlined.sort_by_key(|(q, _)| q.entry.map_or(0, |e| q.funcs[e].edges.len()));
    let total: usize = inlined.iter().map(|(_, own)| own.len()).sum();
    let mut started = 0;
    let mut bounded = 0;
    for (q, own) in &inlined {
        let fid = q.entry.expect("inlining keeps the entry");
        let forest = LoopForest::compute(&q.funcs[fid]);
        let ids: Vec<LoopId> =
            forest.loops.ids().filter(|l| own.contains(&key(forest.syntax(&q.funcs[fid], *l).1))).collect();
        let facts = LazyFacts::new(q, fid, opts, deadline);
        for l in &ids {
            let span = forest.syntax(&q.funcs[fid], *l).1;
            let left = deadline.saturating_duration_since(Instant::now());
            // (A loop gets at least `MIN_LOOP` while that much is left: a fair share of a
            // program of many functions is too little to prove anything.)
            let budget = (left / (total.saturating_sub(started)).max(1) as u32).max(MIN_LOOP);
            started += 1;
            if left < MIN_LOOP {
                outcomes.entry(key(span)).or_default().push(Outcome::none(
                    "the time limit was reached before this loop (its function analysed on its own)",
                ));
                continue;
            }
            let known = Known { observed: None, only_execution: None, facts: &facts };
            let outcome = bound_loop(q, fid, &forest, *l, opts.semantics, budget.min(left), &known);
            bounded += usize::from(outcome.bound.is_some());
            outcomes.entry(key(span)).or_default().push(outcome);
        }
    }
    bounded
}

/// The least budget a loop of a function analysed on its own is given ([`per_function_bounds`]).
const MIN_LOOP: Duration = Duration::from_millis(600);

/// Why a loop of a function the entry never calls has no bound.
const NEVER_REACHED: &str = "the entry function never reaches this loop";
/// The least time `terminate` is run with to find loops that may run forever, and the most
/// (a share of `--timeout`, at least `TERMINATE_AT_LEAST`).
const MIN_TERMINATE: Duration = Duration::from_millis(300);
const TERMINATE_AT_LEAST: Duration = Duration::from_millis(600);
const TERMINATE_SHARE: f64 = 0.015;
/// The most of `--timeout` the lifting of bounds to the parameters may take, and the largest
/// inlined program it is tried on.
const LIFT_SHARE: f64 = 0.2;
/// The most of `--timeout` the octagon facts of the loop headers may take (for `max`).
const FACTS_SHARE: f64 = 0.1;
const MAX_LIFT_EDGES: usize = 2000;

/// Marks the loops without a bound that `terminate` shows may run forever (a lasso the
/// interpreter replayed: a stem from the program's entry into a recurrent set of the loop); the
/// program's complexity is then `unbounded`.
fn mark_unbounded(p: &Program, report: &mut BoundsReport, left: Duration, semantics: Semantics) {
    let answer = leapfrog_terminate::lassos(p, &Options { semantics, timeout: left });
    let mut any = false;
    for l in answer.loops.iter().filter(|l| l.verdict == leapfrog_results::Verdict::False) {
        let Some(w) = &l.witness else { continue };
        let Some(row) = report.loops.iter_mut().find(|r| r.span == l.span && r.bound.is_none()) else { continue };
        let stem: Vec<String> = w.stem_inputs.iter().map(|v| v.to_string()).collect();
        row.unbounded = Some(format!(
            "an execution runs it forever: the inputs [{}] lead into the recurrent set {}, which it never leaves",
            stem.join(", "),
            w.recurrent_set
        ));
        row.technique = l.technique.or(Some(technique::RECURRENT_SET));
        row.reason = Some("unbounded: some execution runs the loop forever".into());
        any = true;
    }
    if any && let Some(program) = report.program.as_mut() {
        program.bound = None;
        program.complexity = "unbounded".into();
        program.reason = Some("a loop runs forever in some execution".into());
    }
}

/// The program's bound where some loop's bound names a variable that changes before the loop:
/// each loop's bound lifted to the ghost copies of the parameters ([`sizes`]) and proven, then
/// composed over them. `with_growth`: also through the loops that step a variable by constants
/// ([`growth`], [`sizes::lift_with_growth`]). `None` when any step fails.
fn lifted_program_bound(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    proven: &BTreeMap<LoopId, Bound>,
    semantics: Semantics,
    deadline: Instant,
    with_growth: bool,
) -> Option<program::Composed> {
    let (ghosted, ghosts) = sizes::with_ghost_parameters(q, fid);
    let (ghosted, growths) = if with_growth {
        // (Parameters too: a loop may step one.)
        let wanted: BTreeSet<VarId> = proven.values().flat_map(|b| b.vars()).collect();
        let (grown, growths) = growth::with_growth_ghosts(&ghosted, fid, &wanted, semantics);
        if growths.is_empty() {
            return None;
        }
        (grown, growths)
    } else {
        (ghosted, Vec::new())
    };
    // The inner loops bounded by `max(0, v + c0)` directly inside a loop that steps `v`: their
    // totals over that loop's executions (`growth::Total`).
    let (ghosted, totals) = if with_growth {
        let inner: Vec<(leapfrog_ir::LocId, VarId, i128)> = proven
            .iter()
            .filter_map(|(l, b)| {
                let (v, offset) = single_variable(b)?;
                Some((forest.loops[*l].header, v, offset))
            })
            .collect();
        growth::with_totals(&ghosted, fid, &growths, &inner, semantics)
    } else {
        (ghosted, Vec::new())
    };
    let ghosted_forest = LoopForest::compute(&ghosted.funcs[fid]);
    // (Instrumenting adds locations and edges but keeps each loop's header.)
    let by_header = |h: leapfrog_ir::LocId| ghosted_forest.loops.ids().find(|g| ghosted_forest.loops[*g].header == h);
    let same = |l: LoopId| by_header(forest.loops[l].header);
    // (The growths' ghosts are more variables to track: two per growth and a counter.)
    let max_live = LIFT_MAX_LIVE + if with_growth { GROWTH_MAX_LIVE } else { 0 };
    // The facts are about the values of the bounds' variables and the ghosts: computed on the
    // data slice of those (far fewer variables for the octagons; proven on the program later).
    let mut relevant: BTreeSet<VarId> = proven.values().flat_map(|b| b.vars()).collect();
    relevant.extend(ghosts.values().copied());
    relevant.extend(growths.iter().flat_map(|g| [g.on_entry, g.count]));
    relevant.extend(totals.iter().map(|t| t.total));
    let sliced = instrument::data_slice(&ghosted, fid, &relevant).map(|(sliced, _)| sliced);
    let mut known = header_facts(sliced.as_ref().unwrap_or(&ghosted), fid, semantics, max_live, deadline)?;
    // The growths' facts are candidate invariants at every header (the octagons cannot say
    // `y <= y@R + 1000·c_R`): at the stepping loop's own, they are what makes the facts at a
    // later loop's entry inductive.
    let mut seed = |expr: Expr, at: &mut dyn Iterator<Item = leapfrog_ir::LocId>| {
        let text = leapfrog_ir::print::expr_to_c(&ghosted, &expr);
        known.seeds.extend(at.map(|h| (h, Candidate { text: text.clone(), expr: expr.clone() })));
    };
    for g in &growths {
        for expr in [g.fact(true), g.fact(false)].into_iter().flatten() {
            seed(expr, &mut ghosted_forest.loops.ids().map(|l| ghosted_forest.loops[l].header));
        }
    }
    // A total's potential and claim at its loop's header and at the outer loop's.
    for t in &totals {
        for expr in [t.potential(), t.claim()] {
            seed(expr, &mut [t.inner, t.outer].into_iter());
        }
    }
    let mut bounds: BTreeMap<LoopId, Bound> = BTreeMap::new();
    let mut extras: BTreeMap<LoopId, Vec<(LoopId, i128)>> = BTreeMap::new();
    let left = proven.len();
    for (done, (l, b)) in proven.iter().enumerate() {
        let g = same(*l)?;
        let at_header = known.by_header.get(&ghosted_forest.loops[g].header).map(|v| v.as_slice()).unwrap_or(&[]);
        let copies: std::collections::BTreeSet<VarId> = ghosts.values().copied().collect();
        // (A parameter no edge assigns is its own ghost's value: composed as it is.)
        // (What the program's bound can name at the loop stays: an unchanged parameter, an input
        // read once, an affine definition of them.)
        let fixed = program::fixed_at(&ghosted, fid, semantics, &ghosted_forest, &ghosts, g);
        let lifted = sizes::lift(&ghosted, b, at_header, &copies, &|v| fixed.contains(&v));
        let budget = || deadline.saturating_duration_since(Instant::now()) / (left - done) as u32;
        // `b` holds of the entry values; where the facts `c` came from hold at every entry, `c`
        // bounds `b` there. The facts are proven by the checker, with every header's facts as
        // candidate invariants.
        let plain = match lifted {
            Some((c, used)) if c != *b => {
                let opts = Options { semantics, timeout: budget() };
                prove_at_entry(&ghosted, fid, &ghosted_forest, g, &used, &known, &opts).map(|_| c)
            }
            _ => None,
        };
        // Else through the loops that step its variables (a plain lift to a type's limit is
        // rarely proven, and says little).
        let grown = || {
            if growths.is_empty() {
                return None;
            }
            let grown = sizes::lift_with_growth(&ghosted, b, at_header, &copies, &|v| fixed.contains(&v), &growths)?;
            let added: Vec<(LoopId, i128)> =
                grown.extras.iter().map(|(h, k)| Some((by_header(*h)?, *k))).collect::<Option<_>>()?;
            let opts = Options { semantics, timeout: budget() };
            prove_at_entry(&ghosted, fid, &ghosted_forest, g, &grown.facts, &known, &opts)?;
            Some((grown.bound, added))
        };
        let chosen = match plain {
            Some(c) => c,
            None => match grown() {
                Some((c, added)) => {
                    extras.insert(g, added);
                    c
                }
                None => b.clone(),
            },
        };
        bounds.insert(g, chosen);
    }
    let where_ = |l: LoopId| ghosted.files.display(ghosted_forest.syntax(&ghosted.funcs[fid], l).1);
    // Each total proven where its loop's body starts.
    let mut proven_totals: BTreeMap<LoopId, program::Total> = BTreeMap::new();
    for (done, t) in totals.iter().enumerate() {
        let (Some(l), Some(outer)) = (by_header(t.inner), by_header(t.outer)) else { continue };
        let Some(asserted) = growth::asserting_total(&ghosted, fid, t) else { continue };
        let timeout = deadline.saturating_duration_since(Instant::now()) / (totals.len() - done) as u32;
        if prove_asserted(asserted, fid, &[t.claim()], &known, &Options { semantics, timeout }) {
            let entry = IntPoly::of_var(t.var).add_scaled(1, &IntPoly::of_constant(t.offset))?;
            let entry = Bound { terms: vec![Term { numerator: entry, divisor: 1 }] };
            proven_totals.insert(l, program::Total { outer, entry, up: t.up });
        }
    }
    let proven = program::LoopBounds { bounds: &bounds, extras: &extras, totals: &proven_totals };
    program::compose(&ghosted, fid, semantics, &ghosted_forest, proven, &where_, &ghosts).ok()
}

/// The octagon facts of `fid`'s loop headers (`None` when the analysis does not finish by
/// `deadline`, or when more than `max_live` integer variables are live at one point): by header,
/// and as candidate invariants for the checker.
fn header_facts(
    q: &Program,
    fid: FuncId,
    semantics: Semantics,
    max_live: usize,
    deadline: Instant,
) -> Option<HeaderFacts> {
    let facts = leapfrog_absint::facts::octagon_facts(q, fid, semantics, max_live, &[], deadline)?;
    let by_header = sizes::facts_by_header(facts);
    let seeds = by_header
        .iter()
        .flat_map(|(header, fs)| {
            fs.iter().map(|e| (*header, Candidate { text: leapfrog_ir::print::expr_to_c(q, e), expr: e.clone() }))
        })
        .collect();
    Some(HeaderFacts { by_header, seeds })
}

/// What [`header_facts`] found.
struct HeaderFacts {
    by_header: BTreeMap<leapfrog_ir::LocId, Vec<Expr>>,
    seeds: Vec<(leapfrog_ir::LocId, Candidate)>,
}

/// The octagon facts of the loop headers of `fid` (of the inlined `q`), computed once, when a
/// loop first needs them (a `max` where its bound's variables are not constants on entry), in at
/// most a [`FACTS_SHARE`] of the time limit.
struct LazyFacts<'a> {
    q: &'a Program,
    fid: FuncId,
    opts: &'a Options,
    deadline: Instant,
    facts: std::cell::OnceCell<Option<HeaderFacts>>,
}

impl<'a> LazyFacts<'a> {
    fn new(q: &'a Program, fid: FuncId, opts: &'a Options, deadline: Instant) -> LazyFacts<'a> {
        LazyFacts { q, fid, opts, deadline, facts: std::cell::OnceCell::new() }
    }

    fn get(&self) -> Option<&HeaderFacts> {
        self.facts
            .get_or_init(|| {
                let until = self.deadline.min(Instant::now() + self.opts.timeout.mul_f64(FACTS_SHARE));
                (self.q.funcs[self.fid].edges.len() <= MAX_LIFT_EDGES)
                    .then(|| header_facts(self.q, self.fid, self.opts.semantics, LIFT_MAX_LIVE, until))
                    .flatten()
            })
            .as_ref()
    }
}

/// `q` with `facts` (the ones `sizes::lift` used for loop `l`) proven at every entry of `l`, with
/// every header's facts as candidate invariants: the facts as the certificate's text.
fn prove_at_entry(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    facts: &[Expr],
    known: &HeaderFacts,
    opts: &Options,
) -> Option<Vec<String>> {
    let asserted = instrument::asserting_at_entry(q, fid, forest, l, facts);
    prove_asserted(asserted, fid, facts, known, opts)
        .then(|| facts.iter().map(|f| format!("on entry: {}", leapfrog_ir::print::expr_to_c(q, f))).collect())
}

/// Whether the checker proves the assertions of `asserted` (about `facts`, whose variables
/// start the slices), with every header's facts as candidate invariants.
fn prove_asserted(asserted: Program, fid: FuncId, facts: &[Expr], known: &HeaderFacts, opts: &Options) -> bool {
    // (Proven on the cone of influence of the facts' variables: what the rest computes, floating
    // point or memory, becomes arbitrary.)
    let mut relevant = BTreeSet::new();
    for f in facts {
        f.for_each_var(&mut |v| {
            relevant.insert(v);
        });
    }
    // First on their data slice alone (facts about values, such as a growth's, rarely need the
    // conditions, and the loops then need no bounds), with the candidates over what it keeps;
    // then on the cone of influence.
    let start = Instant::now();
    let on_slice = instrument::data_slice(&asserted, fid, &relevant).and_then(|(mut sliced, kept)| {
        instrument::cut_after_assertions(&mut sliced, fid);
        let mut seeds = known.seeds.clone();
        seeds.retain(|(_, c)| {
            let mut inside = true;
            c.expr.for_each_var(&mut |v| inside &= kept.contains(&v));
            inside
        });
        let half = Options { timeout: opts.timeout / 2, ..*opts };
        leapfrog_verify::prove_assertions(&sliced, fid, &seeds, &half, Effort::Seeds).ok()
    });
    if on_slice.is_none() {
        let mut proven = instrument::cone_of_influence(&asserted, fid, &relevant).unwrap_or(asserted);
        instrument::cut_after_assertions(&mut proven, fid);
        let left = Options { timeout: opts.timeout.saturating_sub(start.elapsed()), ..*opts };
        return leapfrog_verify::prove_assertions(&proven, fid, &known.seeds, &left, Effort::Templates).is_ok();
    }
    true
}

/// `(v, c0)` when `b` is `max(0, v + c0)`.
fn single_variable(b: &Bound) -> Option<(VarId, i128)> {
    let [t] = b.terms.as_slice() else { return None };
    if t.divisor != 1 {
        return None;
    }
    let mut var = None;
    let mut offset = 0;
    for (c, factors) in &t.numerator.monomials {
        match factors.as_slice() {
            [] => offset = *c,
            [expr::Factor::Var(v)] if *c == 1 && var.is_none() => var = Some(*v),
            _ => return None,
        }
    }
    Some((var?, offset))
}

/// The most live variables the octagon analyses of [`lifted_program_bound`] and of the facts for
/// `max` track.
const LIFT_MAX_LIVE: usize = 24;
/// The more live variables [`lifted_program_bound`] tracks with the growths' ghosts.
const GROWTH_MAX_LIVE: usize = 12;

/// A loop statement, by its keyword's file, line and column.
type LoopKey = (u32, u32, u32);

/// The loops of `f` as the source writes them: kind and keyword (or label) position, as
/// [`LoopForest::syntax`] names them everywhere else.
fn source_loops(f: &leapfrog_ir::Function) -> Vec<(leapfrog_ir::LoopKind, Span)> {
    let forest = LoopForest::compute(f);
    forest.loops.ids().map(|l| forest.syntax(f, l)).filter(|(_, span)| span.is_known()).collect()
}

fn key(span: Span) -> LoopKey {
    (span.file.0, span.line, span.col)
}

/// What one copy of a loop got.
struct Outcome {
    bound: Option<String>,
    /// The bound proven (for the program's bound).
    proven: Option<Bound>,
    max: Option<i128>,
    reason: Option<String>,
    certificate: Vec<String>,
    technique: Option<&'static str>,
    paths: Vec<PathBound>,
}

impl Outcome {
    fn none(why: impl Into<String>) -> Outcome {
        Outcome {
            bound: None,
            proven: None,
            max: None,
            reason: Some(why.into()),
            certificate: Vec::new(),
            technique: None,
            paths: Vec::new(),
        }
    }
}

/// The copies' bounds as one: their maximum when all are bounded.
fn merge(row: &mut LoopBound, copies: Vec<Outcome>) {
    if let Some(unbounded) = copies.iter().find(|c| c.bound.is_none()) {
        row.reason = unbounded.reason.clone();
        return;
    }
    let mut texts: Vec<String> = copies.iter().filter_map(|c| c.bound.clone()).collect();
    texts.sort();
    texts.dedup();
    // Constants are merged into their largest.
    let constants: Vec<i128> = texts.iter().filter_map(|t| t.parse().ok()).collect();
    if let Some(most) = constants.iter().max().filter(|_| constants.len() > 1) {
        texts.retain(|t| t.parse::<i128>().is_err());
        texts.push(most.to_string());
    }
    row.bound = Some(expr::max_text(texts));
    row.technique = copies.iter().find_map(|c| c.technique);
    row.max = copies.iter().map(|c| c.max).try_fold(0, |m, x| Some(m.max(x?)));
    if row.max.is_none() {
        row.reason = copies.iter().find_map(|c| c.reason.clone());
    }
    // (Per-path bounds where every copy has the same.)
    if copies.windows(2).all(|w| w[0].paths == w[1].paths) {
        row.paths = copies[0].paths.clone();
    }
    row.certificate = copies.into_iter().flat_map(|c| c.certificate).collect();
    row.certificate.dedup();
}

/// A loop's exact maximum `m` in the program's only execution, which ended as `ending` says: also
/// a constant bound of every execution of the loop statement.
fn by_execution(m: i128, ending: &str) -> Outcome {
    Outcome {
        bound: Some(m.to_string()),
        proven: Some(Bound::constant(m)),
        max: Some(m),
        reason: None,
        certificate: vec![ending.to_string()],
        technique: Some(technique::CONCRETE_EXECUTION),
        paths: Vec::new(),
    }
}

/// What is known of a loop before its bound is sought.
struct Known<'a> {
    /// The most body starts runs showed.
    observed: Option<i128>,
    /// How the program's only execution ended, when that run was it (`observed` is then the
    /// exact maximum).
    only_execution: Option<&'a str>,
    /// The octagon facts of the loop headers.
    facts: &'a LazyFacts<'a>,
}

/// Loop `l` of `q`'s entry function `fid`, within `budget`.
fn bound_loop(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    semantics: Semantics,
    budget: Duration,
    known: &Known,
) -> Outcome {
    let Known { observed, only_execution, facts } = *known;
    // The program's only execution gives the exact maximum (and a constant bound).
    let exact = observed.zip(only_execution);
    let start = Instant::now();
    let f = &q.funcs[fid];
    let span = forest.syntax(f, l).1;
    let summary_deadline = start + budget.mul_f64(SUMMARY_SHARE);
    let name = |v: VarId| q.vars[v].name.clone();
    let entry = constants::entry_constants(q, fid, forest, l);
    let value = |v: VarId| entry.get(&v).copied();
    let visibility = Visibility::new(q, &[]);
    // (Visible: named by the source at the loop, so no temporary of the front end or inlining.)
    let hidden = |b: &Bound| b.vars().into_iter().find(|v| !visibility.visible_at(*v, span));
    // Under the bit-precise semantics the checker computes the assertion in wrapping 64-bit
    // arithmetic: only claims that cannot wrap there (linear, over variables of 32 bits at
    // most, coefficients within 2^20) are tried.
    let fits = |b: &Bound| {
        semantics != Semantics::BitPrecise
            || b.terms.iter().all(|t| t.numerator.monomials.iter().all(|(_, f)| f.len() <= 1))
                && b.vars()
                    .iter()
                    .all(|v| matches!(q.vars[*v].ty.reg(), Some(leapfrog_ir::Type::Int(t)) if t.bits() <= 32))
    };
    // The terms: the summary's traces' (Proteus §7.1), then the exit conditions'.
    let mut traced: Vec<Traced> = Vec::new();
    let mut summary_claims: Vec<Bound> = Vec::new();
    let mut why_not_summary = None;
    match trace_bounds(q, f, forest, l, semantics, summary_deadline) {
        Err(why) => why_not_summary = Some(format!("no bound from the loop's summary: {why}")),
        Ok(traces) => match traces.iter().map(|t| Term::from_poly(&t.bound)).collect::<Option<Vec<_>>>() {
            None => why_not_summary = Some("a trace's bound is beyond the degree or coefficients a check takes".into()),
            Some(terms) => {
                traced.extend(
                    terms
                        .iter()
                        .zip(&traces)
                        .map(|(term, t)| Traced { term: term.clone(), conditions: t.conditions.clone() }),
                );
                match Bound::new(terms) {
                    Some(b) if !fits(&b) => {
                        why_not_summary = Some("the summary's bound could wrap in the bit-precise check".into())
                    }
                    Some(b) if hidden(&b).is_none() => summary_claims = tightest_first(&b, &value),
                    Some(b) => {
                        let v = hidden(&b).expect("hidden");
                        why_not_summary = Some(format!(
                            "the summary's bound mentions `{}`, which the source cannot name at the loop",
                            q.vars[v].name
                        ));
                    }
                    None => why_not_summary = Some("the loop's summary has no trace".into()),
                }
            }
        },
    }
    let exit_terms = exits::exit_terms(q, fid, forest, l);
    traced.extend(exit_terms.iter().map(|t| Traced { term: t.clone(), conditions: Vec::new() }));
    let summary_claims_empty = summary_claims.is_empty();
    let mut claims: Vec<(Bound, &'static str)> =
        summary_claims.into_iter().map(|b| (b, technique::DISJUNCTIVE_SUMMARIES)).collect();
    for t in exit_terms {
        let Some(numerator) = t.numerator.partial(&value) else { continue };
        let claim = Bound { terms: vec![Term { numerator, divisor: t.divisor }] };
        if hidden(&claim).is_none()
            && fits(&claim)
            && claims.iter().all(|(c, _)| *c != claim)
            && claims.len() < MAX_CLAIMS
        {
            claims.push((claim, technique::EXIT_CONDITION));
        }
    }
    // Where the summary gives no bound: a linear ranking function `r` (the termination
    // engine's, without supporting invariants) proposes `max(0, r + 1)`, and its potential
    // (`count + r <= \at(r)`) is a candidate.
    if summary_claims_empty
        && let Some(r) = ranking_term(q, fid, forest, l, semantics, start + budget.mul_f64(RANKING_SHARE))
    {
        traced.push(Traced { term: r.clone(), conditions: Vec::new() });
        if let Some(numerator) = r.numerator.partial(&value) {
            let claim = Bound { terms: vec![Term { numerator, divisor: 1 }] }.plus_one();
            if hidden(&claim).is_none()
                && fits(&claim)
                && claims.iter().all(|(c, _)| *c != claim)
                && claims.len() < MAX_CLAIMS
            {
                claims.push((claim, technique::RANKING_FUNCTION));
            }
        }
    }
    // An amortized bound over the loop's paths (one path counts down what another resets),
    // with its potential as the only term of its own check (the other terms' potentials
    // against a product of positive parts only slow the checks down).
    let mut with_amortized = Vec::new();
    if let Some(t) = amortized::amortized_bound(q, fid, forest, l, semantics, start + budget.mul_f64(RANKING_SHARE)) {
        with_amortized.push(Traced { term: t.clone(), conditions: Vec::new() });
        if let Some(numerator) = t.numerator.partial(&value) {
            let claim = Bound { terms: vec![Term { numerator, divisor: 1 }] };
            if hidden(&claim).is_none()
                && fits(&claim)
                && claims.iter().all(|(c, _)| *c != claim)
                && claims.len() < MAX_CLAIMS
            {
                // After the others, which are mostly tighter where they hold, but before the
                // maximum of the summary's several terms: that one is the loosest of them and the
                // hardest to prove, and a failed attempt at it left the amortized bound too
                // little time (cousot9's `i * N + i + j`).
                let at = claims
                    .iter()
                    .position(|(c, t)| *t == technique::DISJUNCTIVE_SUMMARIES && c.terms.len() > 1)
                    .unwrap_or(claims.len());
                claims.insert(at, (claim, technique::AMORTIZED));
            }
        }
    }
    // Last, the most body starts runs showed, as a constant bound.
    if let Some(m) = observed
        && exact.is_none()
        && claims.len() < MAX_CLAIMS
    {
        claims.push((Bound::constant(m), technique::OBSERVED_MAXIMUM));
    }
    if claims.is_empty() {
        if let Some((m, ending)) = exact {
            return by_execution(m, ending);
        }
        return Outcome::none(why_not_summary.unwrap_or_else(|| "no exit condition gives a bound".into()));
    }
    let check_budget = |share: f64| budget.saturating_sub(start.elapsed()).mul_f64(share).max(MIN_CHECK);
    let mut last_failure = String::new();
    let mut proven = None;
    // The observed maximum is a last resort, and no run exceeds it.
    let count = claims.iter().filter(|(_, t)| *t != technique::OBSERVED_MAXIMUM).count();
    for (i, (claim, technique)) in claims.into_iter().enumerate() {
        // The first claims get less time (a false one is mostly refuted by a run before any
        // proof is tried); the last is tried with every candidate.
        let last = i + 1 == count;
        let share = if last { 0.7 } else { 0.45 };
        let traced = if technique == technique::AMORTIZED { &with_amortized } else { &traced };
        let mut attempt =
            check(q, fid, forest, l, &claim, traced, &entry, None, semantics, check_budget(share), last, None);
        let mut claim = claim;
        // A bound some run exceeds may miss the last body start of a `do` or a `break`.
        if let Err(Failure::Refuted) = attempt
            && technique != technique::OBSERVED_MAXIMUM
        {
            claim = claim.plus_one();
            attempt =
                check(q, fid, forest, l, &claim, traced, &entry, None, semantics, check_budget(share), last, None);
        }
        match attempt {
            Ok(certificate) => {
                proven = Some((claim, certificate, technique));
                break;
            }
            Err(why) => last_failure = format!("the checker did not prove the bound {}: {why}", claim.text(&name)),
        }
    }
    if let Some(why) = why_not_summary
        && proven.is_none()
    {
        last_failure = format!("{why}; {last_failure}");
    }
    let Some((bound, certificate, technique)) = proven else {
        return match exact {
            Some((m, ending)) => by_execution(m, ending),
            None => Outcome::none(last_failure),
        };
    };
    let traced = if technique == technique::AMORTIZED { with_amortized } else { traced };
    let mut outcome = Outcome {
        bound: Some(bound.text(&name)),
        proven: Some(bound.clone()),
        max: None,
        reason: None,
        certificate,
        technique: Some(technique),
        paths: Vec::new(),
    };
    outcome.paths = path_bounds(q, fid, forest, l, &bound, &traced, &entry, semantics, check_budget(PATHS_SHARE));
    if let Some((m, ending)) = exact {
        outcome.max = Some(m);
        outcome.certificate.push(ending.to_string());
        return outcome;
    }
    // `max`: the bound at the constants the variables have on entry, else at the constant
    // bounds the header's facts give them (the facts proven at the loop's entry), else the most
    // body starts runs showed.
    if bound.eval(&value).is_none()
        && let Some(known) = facts.get()
        && let Some((m, certificate)) = max_from_facts(q, fid, forest, l, &bound, known, semantics, check_budget(0.5))
    {
        outcome.max = Some(m);
        outcome.certificate.extend(certificate);
        return outcome;
    }
    match bound.eval(&value).or(observed) {
        None => {
            let free: Vec<String> = bound.vars().into_iter().filter(|v| value(*v).is_none()).map(name).collect();
            outcome.reason = Some(format!(
                "no `max`: the loop's entry values of {} are not constants, and no run ended",
                free.join(", ")
            ));
        }
        // A constant bound is its own `max`.
        Some(_) if bound.vars().is_empty() => outcome.max = bound.eval(&|_| None),
        Some(m) => {
            match check(q, fid, forest, l, &bound, &traced, &entry, Some(m), semantics, check_budget(1.0), true, None) {
                Ok(certificate) => {
                    outcome.max = Some(m);
                    outcome.certificate.extend(certificate);
                }
                Err(why) => outcome.reason = Some(format!("no `max`: the checker did not prove {m}: {why}")),
            }
        }
    }
    outcome
}

/// A constant `max` of loop `l` from its proven `bound`: each variable replaced by a constant
/// bound at the header from the octagon facts `known`, the facts used proven at the loop's
/// entry; with the facts as the certificate.
#[allow(clippy::too_many_arguments)]
fn max_from_facts(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    bound: &Bound,
    known: &HeaderFacts,
    semantics: Semantics,
    budget: Duration,
) -> Option<(i128, Vec<String>)> {
    let at_header = known.by_header.get(&forest.loops[l].header)?;
    let (constant, used) = sizes::lift(q, bound, at_header, &BTreeSet::new(), &|_| false)?;
    let m = constant.eval(&|_| None).filter(|_| constant.vars().is_empty())?;
    let certificate = prove_at_entry(q, fid, forest, l, &used, known, &Options { semantics, timeout: budget })?;
    Some((m, certificate))
}

/// The share of a loop's budget its per-path bounds may take.
const PATHS_SHARE: f64 = 0.2;

/// Per path of loop `l` that the values at its header decide ([`paths::decided_paths`]): a bound
/// proven on a counter of that path's body starts — an exit condition's distance, the first the
/// checker proves — else the loop's `bound` (each body start runs one path). Within `budget`.
#[allow(clippy::too_many_arguments)]
fn path_bounds(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    bound: &Bound,
    traced: &[Traced],
    entry: &BTreeMap<VarId, i128>,
    semantics: Semantics,
    budget: Duration,
) -> Vec<PathBound> {
    let deadline = Instant::now() + budget;
    let span = forest.syntax(&q.funcs[fid], l).1;
    let visibility = Visibility::new(q, &[]);
    // (A path whose condition names a variable the source cannot name at the loop — a global
    // a local hides, a temporary — is left out.)
    let decided: Vec<paths::DecidedPath> = paths::decided_paths(q, fid, forest, l, semantics, deadline)
        .into_iter()
        .filter(|p| p.vars.iter().all(|v| visibility.visible_at(*v, span)))
        .collect();
    if decided.is_empty() {
        return Vec::new();
    }
    let name = |v: VarId| q.vars[v].name.clone();
    let value = |v: VarId| entry.get(&v).copied();
    let mut claims: Vec<Bound> = Vec::new();
    for t in exits::exit_terms(q, fid, forest, l) {
        let Some(numerator) = t.numerator.partial(&value) else { continue };
        let claim = Bound { terms: vec![Term { numerator, divisor: t.divisor }] };
        if claim.vars().iter().all(|v| visibility.visible_at(*v, span)) && claim != *bound && !claims.contains(&claim) {
            claims.push(claim);
        }
    }
    let mut out = Vec::new();
    for (i, path) in decided.iter().enumerate() {
        let mut found = None;
        for claim in &claims {
            let left = deadline.saturating_duration_since(Instant::now()) / (decided.len() - i) as u32;
            if left.is_zero() {
                break;
            }
            let proven =
                check(q, fid, forest, l, claim, traced, entry, None, semantics, left, false, Some(&path.conjuncts));
            if proven.is_ok() {
                found = Some(claim.text(&name));
                break;
            }
        }
        out.push(PathBound {
            condition: path.text.clone(),
            technique: if found.is_some() { technique::EXIT_CONDITION } else { technique::LOOP_BOUND },
            bound: found.unwrap_or_else(|| bound.text(&name)),
        });
    }
    out
}

/// The share of a loop's budget the search for a ranking function may take.
const RANKING_SHARE: f64 = 0.15;

/// A linear ranking function of loop `l` (one component, no supporting invariant) as a term
/// `max(0, r)`, when the termination engine finds one before `deadline`.
fn ranking_term(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    semantics: Semantics,
    deadline: Instant,
) -> Option<Term> {
    let forms = leapfrog_terminate::ranking::synthesize(q, fid, forest, l, &[], semantics, deadline).ok()?;
    let [r] = forms.as_slice() else { return None };
    let mut sums: BTreeMap<Vec<VarId>, i128> = BTreeMap::new();
    sums.insert(Vec::new(), r.constant);
    for (c, v) in &r.terms {
        *sums.entry(vec![*v]).or_insert(0) += c;
    }
    Some(Term { numerator: expr::IntPoly::from_var_sums(sums), divisor: 1 })
}

/// The claims from the summary's bound, tightest first: each trace's term alone (with the
/// variables that are constants on entry replaced by them), in the order of their values where
/// every other variable is 10, then the maximum of all.
fn tightest_first(bound: &Bound, value: &dyn Fn(VarId) -> Option<i128>) -> Vec<Bound> {
    let mut claims: Vec<Bound> = Vec::new();
    if bound.terms.len() > 1 {
        let mut alone: Vec<(i128, Bound)> = bound
            .terms
            .iter()
            .filter_map(|t| {
                let numerator = t.numerator.partial(value)?;
                let single = Term { numerator, divisor: t.divisor };
                Some((single.eval(&|_| Some(10))?, Bound { terms: vec![single] }))
            })
            .collect();
        alone.sort_by_key(|(v, _)| *v);
        alone.dedup_by(|a, b| a.1 == b.1);
        claims.extend(alone.into_iter().map(|(_, b)| b).take(MAX_SINGLE_TERMS));
    }
    let whole: Vec<Term> = bound
        .terms
        .iter()
        .filter_map(|t| Some(Term { numerator: t.numerator.partial(value)?, divisor: t.divisor }))
        .collect();
    claims.push(Bound::new(whole).unwrap_or(bound.clone()));
    claims
}

/// The most edges [`instrument::branch_facts`] walks back from a loop.
const MAX_BRANCH_LEAD_IN: usize = 24;

/// Why a claim was not proven.
enum Failure {
    /// A run on random inputs exceeds it.
    Refuted,
    /// No proof was found (why).
    NotProven(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Refuted => write!(f, "a run on random inputs exceeds it"),
            Failure::NotProven(why) => write!(f, "{why}"),
        }
    }
}

/// Proves `bound` (or, with `constant`, the constant `m` where the variables have the entry
/// values given) for loop `l` on the instrumented program — of every body start, or with
/// `counted_when` of those where all its conjuncts hold (a path's) —: the certificate's
/// invariants at the loop, or why not.
#[allow(clippy::too_many_arguments)]
fn check(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    bound: &Bound,
    traces: &[Traced],
    constants: &BTreeMap<VarId, i128>,
    constant: Option<i128>,
    semantics: Semantics,
    budget: Duration,
    thorough: bool,
    counted_when: Option<&[Expr]>,
) -> Result<Vec<String>, Failure> {
    let deadline = Instant::now() + budget;
    // Copies of every variable of the claim and of the traces' terms, and of their conditions'
    // integer variables.
    let mut vars = bound.vars();
    for Traced { term, conditions } in traces {
        vars.extend(term.numerator.vars());
        for c in conditions {
            vars.extend(
                c.poly.vars().into_iter().filter(|v| matches!(q.vars[*v].ty.reg(), Some(leapfrog_ir::Type::Int(_)))),
            );
        }
    }
    let claim = |count: &Expr, copy: &dyn Fn(VarId) -> Expr| match constant {
        Some(m) => Bound::constant(m).admits(count, copy),
        None => bound.admits(count, copy),
    };
    let Instrumented { program, header, count: count_var, copies } =
        instrument(q, fid, forest, l, &vars, &claim, counted_when).map_err(Failure::NotProven)?;
    // A claim some run exceeds is not worth a proof.
    if instrument::refuted(&program, semantics, Instant::now() + budget / 10) {
        return Err(Failure::Refuted);
    }
    let count = Expr::Var(count_var);
    let ghosts = candidates::Ghosts { count, copies: &copies, source: q };
    let plain = candidates::plain(&ghosts, bound, traces, constants, constant);
    let mut all = plain.clone();
    all.extend(candidates::guarded(&ghosts, traces));
    // At the loop's header, and at the headers of the loops inside it: a loop inside that
    // advances what the bound counts (`while (...) i++;` inside `while (i < n)`) keeps the
    // potential too, and its summary needs it.
    let inner: Vec<leapfrog_ir::LocId> = forest
        .loops
        .ids()
        .filter(|m| *m != l && forest.contains(l, forest.loops[*m].header))
        .map(|m| forest.loops[m].header)
        .collect();
    let header_seeds = |cs: Vec<Candidate>| -> Vec<_> {
        let mut seeds: Vec<_> = cs.iter().map(|c| (header, c.clone())).collect();
        for h in &inner {
            seeds.extend(cs.iter().map(|c| (*h, c.clone())));
        }
        seeds
    };
    // (Each attempt gets its share of what is left, but at least `MIN_ATTEMPT` of it: a proof
    // needs a fixed time to start, and shares of shares of a small budget left every attempt
    // too little — adpcm's `for (i = 0; i < 10; i++)` went unproven under a 20 s limit.)
    let opts = |share: f64| {
        let left = deadline.saturating_duration_since(Instant::now());
        Options { semantics, timeout: left.mul_f64(share).max(MIN_ATTEMPT.min(left)) }
    };
    // The loop alone first (most bounds need no context), then the program's cone of influence;
    // each with the plain candidates alone (most bounds need no more), then with every
    // candidate and the verifier's templates (with `thorough`, also its further candidates).
    let relevant = instrument::relevant(q, fid, forest, l, count_var, &copies);
    let alone = instrument::loop_alone(&program, q, fid, forest, l, &relevant).map(|(alone, assumed)| {
        // What the stretch before the loop assumes, as candidates too.
        let before: Vec<Candidate> =
            assumed.into_iter().map(|c| Candidate { text: leapfrog_ir::print::expr_to_c(q, &c), expr: c }).collect();
        all.extend(before);
        alone
    });
    // What the branches into the loop set under their conditions (`!(b >= 1) || t == 1`).
    all.extend(
        instrument::branch_facts(&q.funcs[fid], forest, l, MAX_BRANCH_LEAD_IN)
            .into_iter()
            .map(|c| Candidate { text: leapfrog_ir::print::expr_to_c(q, &c), expr: c }),
    );
    let all = candidates::distinct(all);
    let effort = if thorough { Effort::Everything } else { Effort::Templates };
    // (The encoding of a whole program is not interruptible: a very large one is not tried.)
    let in_context = program.funcs[fid].edges.len() <= MAX_CONTEXT_EDGES;
    // The program's cone of influence, and what runs after the loop can no longer reach it cut:
    // its loops need no summaries.
    let whole = in_context.then(|| {
        let mut whole = instrument::cone_of_influence(&program, fid, &relevant).unwrap_or_else(|| program.clone());
        instrument::cut_after_assertions(&mut whole, fid);
        whole
    });
    // (What the candidates mention stays, read or not.)
    let mut mentioned: BTreeSet<VarId> = BTreeSet::new();
    for c in &all {
        c.expr.for_each_var(&mut |v| {
            mentioned.insert(v);
        });
    }
    let alone = alone.map(|mut a| {
        instrument::drop_unread_locals(&mut a, fid, &mentioned);
        a
    });
    let whole = whole.map(|mut w| {
        instrument::drop_unread_locals(&mut w, fid, &mentioned);
        w
    });
    let attempts: Vec<(&Program, &Vec<Candidate>, f64, Effort)> = alone
        .iter()
        .flat_map(|a| [(a, &plain, 0.25, Effort::Seeds), (a, &all, 0.3, Effort::Templates)])
        .chain(whole.iter().flat_map(|w| [(w, &plain, 0.3, Effort::Seeds), (w, &all, 1.0, effort)]))
        .collect();
    let mut why = if in_context {
        String::new()
    } else {
        format!(
            "not proven for the loop alone, and the program ({} edges) is too large to try in context",
            program.funcs[fid].edges.len()
        )
    };
    let mut proven = None;
    for (on, seeds, share, effort) in attempts {
        match leapfrog_verify::prove_assertions(on, fid, &header_seeds(seeds.clone()), &opts(share), effort) {
            Ok(invariants) => {
                proven = Some(invariants);
                break;
            }
            Err(e) => why = e,
        }
        if Instant::now() >= deadline {
            break;
        }
    }
    let Some(invariants) = proven else { return Err(Failure::NotProven(why)) };
    let span = forest.syntax(&q.funcs[fid], l).1;
    Ok(invariants.into_iter().filter(|i| i.span == span).map(|i| i.invariant).collect())
}
