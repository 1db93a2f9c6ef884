//! The `invariants` job: every loop header's invariant from the invariance analysis
//! (`leapfrog-absint` over the chosen numeric domain), printed as C over the variables visible at
//! the loop, and re-checked by the independent checker.
//!
//! The program is inlined into its entry function (a loop of a function called twice has one
//! invariant per call site). Every expressible constraint at every header (those over variables
//! not visible at the loop too, which can be needed for inductiveness) goes to the checker as a
//! safety certificate of the program with its assertions taken as assumptions: initiation and
//! consecution, never the property. What is printed is the visible part, which the certified
//! invariant implies. A disjunctive domain's invariant is certified as the disjunction of its
//! disjuncts (besides their hull). The memory cells the function stores to at constant offsets
//! are memory views (`a[3]`), tracked by the analysis and read from memory by the checker.

use crate::assertions_as_assumptions;
use leapfrog_absint::facts::{constraint_expr, converts, implied_by_types};
use leapfrog_absint::{Config as AbsintConfig, Invariants, analyze_from};
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety_with_views};
use leapfrog_domains::{Disjunctive, Intervals, Lattice, NumericDomain, Octagon, Polyhedron};
use leapfrog_ir::{Expr, FuncId, InlineLimits, LocId, Program, VarId, Visibility, inline_program};
use leapfrog_linear::Constraint;
use leapfrog_results::Options;
use leapfrog_results::invariants::{InvariantsReport, LoopInvariantReport};
use leapfrog_smt::{QueryLimits, Watchdog};
use leapfrog_summarize::candidates::{conjunction, or};
use std::time::{Duration, Instant};

/// The numeric domains the job offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DomainKind {
    Interval,
    Octagon,
    Polyhedra,
}

impl DomainKind {
    pub fn name(self) -> &'static str {
        match self {
            DomainKind::Interval => "interval",
            DomainKind::Octagon => "octagon",
            DomainKind::Polyhedra => "polyhedra",
        }
    }
}

/// The domain and the bound on disjuncts (1: the domain itself).
#[derive(Copy, Clone, Debug)]
pub struct DomainChoice {
    pub kind: DomainKind,
    pub disjuncts: usize,
}

/// Per header: the conjunction (the hull for a disjunction) and, for more than one disjunct,
/// each disjunct's constraints.
type HeaderFacts = Vec<(LocId, Vec<Constraint<VarId>>, Vec<Vec<Constraint<VarId>>>)>;

/// One loop's printed conjuncts (text and expression) and its disjunction, if any.
type PrintedLoop = (Vec<(String, Expr)>, Option<Expr>);

fn facts_of<D: NumericDomain>(result: &Invariants<D>) -> HeaderFacts {
    result
        .forest
        .loops
        .values()
        .map(|l| match &result.at[l.header] {
            None => (l.header, vec![Constraint::unsatisfiable()], Vec::new()),
            Some(e) => {
                let parts = e.disjunct_constraints();
                let parts =
                    if parts.len() > 1 { parts.iter().map(|c| result.over_vars(c)).collect() } else { Vec::new() };
                (l.header, result.over_vars(&e.constraints()), parts)
            }
        })
        .collect()
}

/// The analysis in its own thread, waited for until the configured deadline
/// (`absint::until_deadline`).
fn run<D: NumericDomain + Send + 'static>(
    q: &Program,
    fid: FuncId,
    cfg: &AbsintConfig,
    top: D,
) -> Result<HeaderFacts, String> {
    let (q, cfg) = (q.clone(), cfg.clone());
    let deadline = cfg.deadline;
    leapfrog_absint::until_deadline(deadline, move || {
        analyze_from(&q, fid, &cfg, top).map(|r| facts_of(&r)).map_err(|e| e.to_string())
    })
    .unwrap_or_else(|| Err("the invariance analysis stopped: time limit (inside one domain operation)".to_string()))
}

/// The invariants of every loop of `p` (after inlining) in the chosen domain.
pub fn invariants(p: &Program, opts: &Options, choice: DomainChoice) -> InvariantsReport {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let _watchdog = Watchdog::start(deadline + Duration::from_millis(200));
    let mut out = InvariantsReport {
        domain: choice.kind.name(),
        disjuncts: choice.disjuncts.max(1),
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
    // The cells the function stores to at constant offsets, tracked like registers.
    let views = crate::add_memory_views(&mut q, fid);
    // A share of the budget for the analysis, the rest for the checker.
    let max_live_variables = match choice.kind {
        DomainKind::Interval => None,
        DomainKind::Octagon => Some(32),
        DomainKind::Polyhedra => Some(16),
    };
    let cfg = AbsintConfig {
        deadline: Some(start + opts.timeout / 2),
        max_live_variables,
        restart_widening_on_entry: true,
        views: views.clone(),
        ..AbsintConfig::new(opts.semantics)
    };
    let k = choice.disjuncts.max(1);
    let found = match (choice.kind, k) {
        (DomainKind::Interval, 1) => run(&q, fid, &cfg, Intervals::top()),
        (DomainKind::Octagon, 1) => run(&q, fid, &cfg, Octagon::top()),
        (DomainKind::Polyhedra, 1) => run(&q, fid, &cfg, Polyhedron::top()),
        (DomainKind::Interval, k) => run(&q, fid, &cfg, Disjunctive::<Intervals>::with_limit(k)),
        (DomainKind::Octagon, k) => run(&q, fid, &cfg, Disjunctive::<Octagon>::with_limit(k)),
        (DomainKind::Polyhedra, k) => run(&q, fid, &cfg, Disjunctive::<Polyhedron>::with_limit(k)),
    };
    let facts = match found {
        Ok(facts) => facts,
        Err(why) => {
            out.notes.push(why);
            out.elapsed = start.elapsed();
            return out;
        }
    };
    let f = &q.funcs[fid];
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let visibility = Visibility::new(&q, &views);
    // Per loop: the printed conjuncts (text, expression) and the disjunction, if any; and every
    // expressible fact for the certificate.
    let mut printed: Vec<PrintedLoop> = Vec::new();
    let mut certificate: Vec<(LocId, Expr)> = Vec::new();
    let mut dropped = 0;
    for ((id, l), (header, hull, parts)) in forest.loops.iter().zip(&facts) {
        debug_assert_eq!(l.header, *header);
        let (kind, span) = forest.syntax(f, id);
        let visible = |c: &Constraint<VarId>| c.vars().all(|v| visibility.visible_at(*v, span));
        let mut shown = Vec::new();
        // A type's bound on a view is not offered: the checker reads the cell from memory, whose
        // never-written bytes it does not bound (the analysis assumes every cell in its type).
        let on_view = |c: &Constraint<VarId>| c.vars().any(|v| views.iter().any(|w| w.var == *v));
        for c in hull.iter().filter(|c| !(on_view(c) && implied_by_types(&q, c))) {
            match constraint_expr(&q, c, opts.semantics) {
                Some((expr, text)) => {
                    // A bound the type gives is not worth printing, but the checker needs it
                    // where a signed register is an unbounded integer (the default semantics).
                    if visible(c) && !implied_by_types(&q, c) {
                        shown.push((text, expr.clone()));
                    }
                    certificate.push((*header, expr));
                }
                None => dropped += 1,
            }
        }
        let disjuncts: Vec<Vec<String>> = parts
            .iter()
            .map(|part| {
                part.iter()
                    .filter(|c| visible(c) && !implied_by_types(&q, c))
                    .filter_map(|c| constraint_expr(&q, c, opts.semantics))
                    .map(|x| x.1)
                    .collect()
            })
            .collect();
        // A disjunction is certified as such: each disjunct with all its expressible
        // constraints (the printed disjuncts, visible constraints only, are weaker).
        let disjunction = (parts.len() > 1).then(|| {
            let disjunct = |part: &Vec<Constraint<VarId>>| {
                let exprs: Vec<Expr> = part
                    .iter()
                    .filter(|c| !(on_view(c) && implied_by_types(&q, c)))
                    .filter_map(|c| constraint_expr(&q, c, opts.semantics))
                    .map(|x| x.0)
                    .collect();
                conjunction(&exprs)
            };
            let mut it = parts.iter().map(disjunct);
            let first = it.next().unwrap_or(Expr::Bool(false));
            it.fold(first, or)
        });
        if let Some(d) = &disjunction {
            certificate.push((*header, d.clone()));
        }
        out.loops.push(LoopInvariantReport { kind, span, depth: l.depth, invariant: Vec::new(), disjuncts });
        printed.push((shown, disjunction));
    }
    if dropped > 0 {
        out.notes.push(format!("{dropped} constraints cannot be written in C without overflow and are left out"));
    }
    let limits = QueryLimits { timeout: opts.timeout, rlimit: 0 };
    let check = |invariants: Vec<(LocId, Expr)>| {
        check_safety_with_views(
            &assertions_as_assumptions(&q),
            &SafetyCertificate { func: fid, invariants, transitions: Vec::new(), ghosts: Vec::new() },
            &views,
            opts.semantics,
            limits,
            Some(deadline),
        )
    };
    let mut result = check(certificate.clone());
    let mut keep: Box<dyn Fn(&Expr) -> bool> = Box::new(|_| true);
    if matches!(result, CheckResult::Rejected(_)) && certificate.iter().any(|(_, e)| converts(e)) {
        // Facts computed with conversions can hold of the program and still not be inductive
        // in the checker's model of the default semantics (a signed register is an unbounded
        // integer there, which a conversion wraps): without them the rest may be.
        let without: Vec<_> = certificate.iter().filter(|(_, e)| !converts(e)).cloned().collect();
        let retry = check(without);
        if matches!(retry, CheckResult::Accepted) {
            out.notes.push(
                "facts computed with conversions to long long are left out: the checker could not confirm them"
                    .to_string(),
            );
            keep = Box::new(|e| !converts(e));
            result = retry;
        }
    }
    for (report, (shown, disjunction)) in out.loops.iter_mut().zip(printed) {
        report.invariant = shown.into_iter().filter(|(_, e)| keep(e)).map(|(t, _)| t).collect();
        if disjunction.is_some_and(|d| !keep(&d)) {
            report.disjuncts.clear();
        }
    }
    match result {
        CheckResult::Accepted => out.certified = true,
        CheckResult::Rejected(why) => out.notes.push(format!("the independent checker rejected the invariants: {why}")),
        CheckResult::Unknown(why) => out.notes.push(format!("the independent checker could not decide: {why}")),
    }
    out.loops.sort_by_key(|l| (l.span, l.depth));
    out.elapsed = start.elapsed();
    out
}
