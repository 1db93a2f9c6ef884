//! `verify --property memsafety|no-overflow`: the automatic checks of `ir::checks` decided one
//! by one.
//!
//! The checks are written into the inlined program as numbered assertions, and [`verify`]
//! (`crate::verify`) runs on it: a TRUE proves every written check (its certificate is the
//! instrumented program's, accepted by `certify`); a FALSE names one check, which counts as
//! violated only when the interpreter, replaying the same inputs on the *original* program, goes
//! wrong the way the check says (an invalid access, an invalid free, a signed overflow, leaked
//! memory when the entry returns, or a failing assertion) — then that check becomes an
//! assumption and the others are tried again with the time left. A check violated in some
//! execution is thus reported with the execution; the checks proven after it hold on every
//! execution up to the first failure, as SV-COMP counts them.
//!
//! The answer is `FALSE(kind)` for the first violated check, TRUE when every check is proven (and
//! no address of a frame object may outlive its call: `ir::checks::escaping_frame_addresses`),
//! UNKNOWN otherwise.

use crate::{Report, verify};
use leapfrog_arith::IntTy;
use leapfrog_arith::Semantics;
use leapfrog_interp::runs::{self, replay};
use leapfrog_interp::{ExecResult, Outcome, UbKind};
use leapfrog_ir::checks::{Check, CheckKind, CheckedProperties, CopiedInto, escaping_frame_addresses, instrument};
use leapfrog_ir::command::Fill;
use leapfrog_ir::tables::ConstantTables;
use leapfrog_ir::types::{Type, VarTy};
use leapfrog_ir::{
    AssertOrigin, CmpOp, Command, Expr, FuncId, HavocOrigin, InlineLimits, Program, Var, VarId, VarKind, inline_program,
};
use leapfrog_results::safety::{CheckResult, CheckStatus, Checks, Counterexample};
use leapfrog_results::{Options, Verdict, technique};
use leapfrog_source::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// The property names `properties` checks, as SV-COMP writes them.
fn property_names(props: CheckedProperties) -> Vec<&'static str> {
    let mut names = Vec::new();
    if props.assertions {
        names.push("unreach-call");
    }
    if props.memsafety {
        names.push("valid-memsafety");
    }
    if props.overflow {
        names.push("no-overflow");
    }
    names
}

/// Runs at most this many rounds of `verify` (each one violation fewer).
const MAX_ROUNDS: usize = 8;
/// The share of the time left one round over all undecided checks may take.
const ROUND_SHARE: f64 = 0.5;
/// The share of the budget the runs on random inputs may take first.
const RANDOM_SHARE: f64 = 0.1;
/// The share of the budget the first proof by octagons may take.
const OCTAGON_SHARE: f64 = 0.3;
/// The share of the budget the polyhedra analysis may take (after the octagons').
const POLYHEDRA_SHARE: f64 = 0.1;
/// The share of the budget the first proof, without memory, may take.
const FORGETFUL_SHARE: f64 = 0.25;
/// The octagons' bound on live integer variables in the first pass (the checks' ghosts, three
/// a pointer, come on top of the program's own), and in the pass with the strings' lengths
/// (three more a buffer, and the object last read).
const CHECKS_MAX_LIVE: usize = 40;
const STRING_LENGTHS_MAX_LIVE: usize = 56;

/// Decides the checks `props` asks for on `p`.
pub fn verify_checks(p: &Program, opts: &Options, props: CheckedProperties) -> Report {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let mut report = Report::unknown(opts.semantics, String::new());
    report.reason = None;
    report.assumptions = leapfrog_ir::nondet::assumptions(p);
    let mut summary = Checks { properties: property_names(props), checks: Vec::new(), violated: None };
    let finish = |mut r: Report, summary: Checks| {
        r.elapsed = start.elapsed();
        r.checks = Some(summary);
        r
    };
    if p.entry.is_none() {
        report.reason = Some("the program has no entry function".into());
        return finish(report, summary);
    }
    let inlined = inline_program(p, &InlineLimits::default());
    let Ok(q) = inlined else {
        let why = inlined.err().map(|e| e.to_string()).unwrap_or_default();
        // No checks to write: only executions can answer.
        if let Some((kind, cex)) = random_failure(p, props, opts.semantics, deadline) {
            report.verdict = Verdict::False;
            report.technique = Some(technique::RANDOM_TESTING);
            summary.violated = Some(kind);
            report.counterexample = Some(cex);
        } else {
            report.reason =
                Some(format!("calls cannot be inlined ({why}), and runs on random inputs found no violation"));
        }
        return finish(report, summary);
    };
    let fid = q.entry.expect("inlining keeps the entry");
    let instrumented = instrument(&q, fid, props);
    let mut program = instrumented.program;
    if let Err(errors) = leapfrog_ir::verify::verify_program(&program) {
        report.reason = Some(format!(
            "internal error: the instrumented program is invalid ({})",
            errors.first().map(|e| e.to_string()).unwrap_or_default()
        ));
        return finish(report, summary);
    }
    trace_program(&program, fid);
    let checks = instrumented.checks;
    // A program with one execution that ends without going wrong passes every check, also the
    // ones no assertion could be written for.
    let only_execution = runs::single_run(p, opts.semantics, opts.timeout, deadline)
        .filter(|r| !matches!(r.outcome, Outcome::Error { .. }));
    let mut asserted = vec![false; checks.len()];
    for (_, e) in program.funcs[fid].edges.iter() {
        if let Command::Assert { origin: AssertOrigin::Check(id), .. } = e.cmd {
            asserted[id as usize] = true;
        }
    }
    let mut status: Vec<Option<CheckStatus>> = checks
        .iter()
        .map(|c| match (&c.unchecked, &only_execution) {
            (Some(_), Some(_)) => Some(CheckStatus::Proven { technique: technique::CONCRETE_EXECUTION }),
            (Some(why), None) => Some(CheckStatus::Unknown { reason: why.clone() }),
            (None, _) if !asserted[c.id as usize] => Some(CheckStatus::Proven { technique: technique::CONSTANT_CHECK }),
            (None, _) => None,
        })
        .collect();
    let mut first_violation: Option<(&'static str, Counterexample, Option<&'static str>)> = None;
    let mut last_reason = None;
    // Runs on random inputs first: shallow violations are common and cheap to find (the run is
    // of the original program, so it is its own confirmation).
    let random_deadline = Instant::now() + opts.timeout.mul_f64(RANDOM_SHARE);
    if let Some((kind, cex)) = random_failure(p, props, opts.semantics, random_deadline.min(deadline)) {
        // (An unchecked check too: an execution shows it violated, as for any other.)
        let at = checks.iter().position(|c| {
            (status[c.id as usize].is_none() || c.unchecked.is_some())
                && c.kind.name() == kind
                && (c.span == cex.failing || c.kind == CheckKind::ValidMemtrack)
        });
        if let Some(i) = at {
            status[i] = Some(CheckStatus::Violated { counterexample: Box::new(cex.clone()) });
            assume_check(&mut program, i as u32);
        }
        first_violation = Some((kind, cex, Some(technique::RANDOM_TESTING)));
    }
    let mut last_true = None;
    // The certificates of checks proven one at a time.
    let mut proofs: Vec<Report> = Vec::new();
    // Proofs first run on the program with memory forgotten (`forgetting_memory`: a load reads
    // any value): the checks speak of registers and ghosts, and most hold whatever the memory
    // holds, so the summaries need no arrays — and where the encoding over-approximates the
    // program's memory (the heap, block copies), which rules out a TRUE on the program itself,
    // it is the only way to one. A violation there is not one of the program: only proofs count.
    let memory = leapfrog_summarize::memory::MemoryModel::compute(&program, &program.funcs[fid]);
    let exact = memory.unsupported.is_empty();
    let tables = if props.memsafety { ConstantTables::of(p) } else { ConstantTables::default() };
    let forgetful = forgetting_memory(&program, fid, &tables);
    if first_violation.is_some() {
        // The answer is FALSE; the other checks stay undecided.
        last_reason = Some("not decided: the answer is the violation found first".into());
    } else if status.iter().any(Option::is_none) {
        // The octagons alone first: most index checks need no more. Houdini once, then each
        // open check alone (the others assumed) against its invariants. With them the
        // polyhedra's (relations of three variables: `len + n - k <= 15`), computed once on the
        // program without the checks (fewer variables), with a budget of their own.
        let budget = Options { semantics: opts.semantics, timeout: opts.timeout.mul_f64(OCTAGON_SHARE) };
        let polyhedra_started = Instant::now();
        let polyhedra = crate::OctagonSeeds::polyhedra_facts(
            &q,
            fid,
            opts.semantics,
            polyhedra_started + opts.timeout.mul_f64(POLYHEDRA_SHARE),
        );
        trace_polyhedra(polyhedra.len(), polyhedra_started.elapsed());
        // The octagons of `on` (within the budget and the deadline), the templates and `more`
        // candidates as seeds (none: no proof), and the checks they prove.
        let octagon_proof = |on: &Program,
                             templates: &[(Expr, String)],
                             max_live: usize,
                             more: &dyn Fn(&mut crate::OctagonSeeds) -> bool| {
            let started = Instant::now();
            let budget = Options { timeout: budget.timeout.min(deadline.saturating_duration_since(started)), ..budget };
            let mut seeds = crate::OctagonSeeds::compute(on, fid, &budget, templates, max_live);
            if !more(&mut seeds) {
                return None;
            }
            let left = (started + budget.timeout).max(Instant::now() + budget.timeout / 2).min(deadline);
            let timeout = left.saturating_duration_since(Instant::now());
            let proof = seeds.prove_checks_each(&Options { semantics: opts.semantics, timeout });
            trace_octagons(seeds.len(), started.elapsed(), &proof);
            proof.ok()
        };
        let with_polyhedra = |seeds: &mut crate::OctagonSeeds| {
            seeds.add_polyhedra(&q, &polyhedra);
            true
        };
        // What a later pass proves: those of the open checks, assumed from then on.
        let record = |(proven, certificate): (BTreeSet<u32>, Vec<crate::LoopInvariant>),
                      status: &mut Vec<Option<CheckStatus>>,
                      program: &mut Program,
                      proofs: &mut Vec<Report>| {
            let open: Vec<usize> = (0..checks.len()).filter(|i| status[*i].is_none()).collect();
            for i in open.into_iter().filter(|i| proven.contains(&(*i as u32))) {
                status[i] = Some(CheckStatus::Proven { technique: technique::OCTAGON_INVARIANTS });
                assume_check(program, i as u32);
            }
            proofs.push(Report { certificate, ..true_report(opts.semantics, technique::OCTAGON_INVARIANTS) });
        };
        if let Some((proven, certificate)) =
            octagon_proof(&forgetful, &instrumented.templates, CHECKS_MAX_LIVE, &with_polyhedra)
        {
            let open: Vec<usize> = (0..checks.len()).filter(|i| status[*i].is_none()).collect();
            let proof = Report { certificate, ..true_report(opts.semantics, technique::OCTAGON_INVARIANTS) };
            if open.iter().all(|i| proven.contains(&(*i as u32))) {
                prove_open(&mut status, Some(technique::OCTAGON_INVARIANTS));
                last_true = Some(proof);
            } else {
                for i in open.into_iter().filter(|i| proven.contains(&(*i as u32))) {
                    status[i] = Some(CheckStatus::Proven { technique: technique::OCTAGON_INVARIANTS });
                }
                proofs.push(proof);
            }
        }
        // The strings' lengths (`\\nonzero_prefix(x)`: more ghosts and branches, so only now):
        // the same checks written again with them, the open ones proven by octagons and the
        // templates as above, the others assumed. (Sound together with the proofs above: an
        // execution's first failing check would be proven by one of them.)
        if props.memsafety && !props.string_lengths && status.iter().any(Option::is_none) && Instant::now() < deadline {
            let second = instrument(&q, fid, CheckedProperties { string_lengths: true, ..props });
            if second.templates.len() > instrumented.templates.len() && second.checks.len() == checks.len() {
                let mut measured = second.program;
                trace_program(&measured, fid);
                assume_decided(&mut measured, &status);
                let forgetful = forgetting_memory(&measured, fid, &tables);
                if let Some(proof) =
                    octagon_proof(&forgetful, &second.templates, STRING_LENGTHS_MAX_LIVE, &with_polyhedra)
                {
                    record(proof, &mut status, &mut program, &mut proofs);
                }
            }
        }
        // The arrays' contents (`∀k ∈ [0, ntok): 0 <= toks[k] && toks[k] < 24` where
        // `buf[toks[i]]` is read): the open checks on the program with its memory, with the
        // quantified array templates among the octagons' candidates, the other checks assumed.
        if props.memsafety && exact && status.iter().any(Option::is_none) && Instant::now() < deadline {
            let mut with_memory = program.clone();
            assume_decided(&mut with_memory, &status);
            let with_arrays = |seeds: &mut crate::OctagonSeeds| seeds.add_array_templates() > 0;
            if let Some(proof) = octagon_proof(&with_memory, &instrumented.templates, CHECKS_MAX_LIVE, &with_arrays) {
                record(proof, &mut status, &mut program, &mut proofs);
            }
        }
    }
    // (Within the time left: the passes above may have taken it all.)
    let budget = opts.timeout.mul_f64(FORGETFUL_SHARE).min(deadline.saturating_duration_since(Instant::now()));
    if first_violation.is_none() && status.iter().any(Option::is_none) && !budget.is_zero() {
        let round = verify(&forgetful, &Options { semantics: opts.semantics, timeout: budget });
        report.solver_queries += round.solver_queries;
        trace_round("all without memory", &round);
        if round.verdict == Verdict::True {
            prove_open(&mut status, round.technique);
            last_true = Some(round);
        }
    }
    for _ in 0..MAX_ROUNDS {
        if status.iter().all(Option::is_some) || first_violation.is_some() {
            break;
        }
        let now = Instant::now();
        if now >= deadline {
            last_reason = Some("the time limit was reached".to_string());
            break;
        }
        // With several checks, the rounds together leave half the time for the checks alone.
        let undecided = status.iter().filter(|s| s.is_none()).count();
        let budget = if undecided > 1 { (deadline - now).mul_f64(ROUND_SHARE) } else { deadline - now };
        let round = verify(&program, &Options { semantics: opts.semantics, timeout: budget });
        report.solver_queries += round.solver_queries;
        trace_round("together", &round);
        match round.verdict {
            Verdict::True => {
                prove_open(&mut status, round.technique);
                last_true = Some(round);
                break;
            }
            Verdict::False => {
                let Some(cex) = round.counterexample else { break };
                // Which assertion failed: the replay on the instrumented program says.
                let r = replay(&program, &cex.inputs, opts.semantics, deadline);
                let Outcome::Error { origin, .. } = r.outcome else {
                    last_reason = Some(format!("a counterexample did not replay ({})", r.outcome));
                    break;
                };
                let confirmed = confirm(p, &cex.inputs, opts.semantics, deadline);
                match origin {
                    AssertOrigin::Check(id) => {
                        let check = &checks[id as usize];
                        match confirmed {
                            Some((kind, original)) if kind == check.kind.name() => {
                                if first_violation.is_none() {
                                    first_violation = Some((kind, original.clone(), round.technique));
                                }
                                status[id as usize] =
                                    Some(CheckStatus::Violated { counterexample: Box::new(original) });
                            }
                            _ => {
                                status[id as usize] = Some(CheckStatus::Unknown {
                                    reason:
                                        "an execution fails the check on the instrumented program, but the original \
                                             program does not go wrong there on its inputs"
                                            .into(),
                                })
                            }
                        }
                        assume_check(&mut program, id);
                    }
                    _ => {
                        // The program's own assertion (`unreach-call`).
                        if let Some((kind @ "unreach-call", original)) = confirmed {
                            first_violation = Some((kind, original, round.technique));
                        } else {
                            last_reason = Some("a failing assertion did not replay on the original program".into());
                        }
                        break;
                    }
                }
                if first_violation.as_ref().is_some_and(|(k, _, _)| *k == "unreach-call") {
                    break;
                }
            }
            Verdict::Unknown => {
                last_reason = round.reason;
                break;
            }
        }
    }
    // Not all decided together: each open check alone, the others assumed (an execution failing
    // it first satisfies them up to there), with an equal share of the time left.
    let open: Vec<usize> = (0..checks.len()).filter(|i| status[*i].is_none()).collect();
    if first_violation.is_none() {
        for (k, &i) in open.iter().enumerate() {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            let share = (deadline - now) / (open.len() - k) as u32;
            let alone = |whole: &Program| {
                let mut alone = whole.clone();
                assume_others(&mut alone, &open, i);
                alone
            };
            let mut round =
                verify(&alone(&forgetful), &Options { semantics: opts.semantics, timeout: share.mul_f64(0.4) });
            report.solver_queries += round.solver_queries;
            trace_round(&format!("check {i} alone without memory"), &round);
            let mut on_program = false;
            if round.verdict != Verdict::True && exact && Instant::now() < deadline {
                let left = share.saturating_sub(round.elapsed);
                round = verify(&alone(&program), &Options { semantics: opts.semantics, timeout: left });
                report.solver_queries += round.solver_queries;
                trace_round(&format!("check {i} alone"), &round);
                on_program = true;
            }
            match round.verdict {
                Verdict::True => {
                    status[i] = Some(proven(round.technique));
                    proofs.push(round);
                }
                Verdict::False if on_program => {
                    let Some(cex) = round.counterexample else { continue };
                    if let Some((kind, original)) = confirm(p, &cex.inputs, opts.semantics, deadline)
                        && kind == checks[i].kind.name()
                    {
                        if first_violation.is_none() {
                            first_violation = Some((kind, original.clone(), round.technique));
                        }
                        status[i] = Some(CheckStatus::Violated { counterexample: Box::new(original) });
                    }
                }
                Verdict::False => {}
                Verdict::Unknown => status[i] = round.reason.map(|reason| CheckStatus::Unknown { reason }),
            }
        }
    }
    let reason = last_reason.unwrap_or_else(|| "not decided".into());
    summary.checks = checks
        .iter()
        .zip(status)
        .map(|(c, s)| result(c, s.unwrap_or_else(|| CheckStatus::Unknown { reason: reason.clone() })))
        .collect();
    if let Some((kind, cex, found_by)) = first_violation {
        report.verdict = Verdict::False;
        report.technique = found_by;
        summary.violated = Some(kind);
        report.counterexample = Some(cex);
        return finish(report, summary);
    }
    // (A check in another file than the entry's, such as a library model, is named with its path.)
    let main_file = p.entry.map(|f| p.funcs[f].span.file);
    let unknown: Vec<String> = summary
        .checks
        .iter()
        .filter_map(|c| match &c.status {
            CheckStatus::Unknown { reason } => {
                let at = if Some(c.span.file) == main_file {
                    format!("{}:{}", c.span.line, c.span.col)
                } else {
                    p.files.display(c.span).to_string()
                };
                Some(format!("check {} ({}) at {at}: {reason}", c.id, c.kind))
            }
            _ => None,
        })
        .collect();
    let escape = if props.memsafety { escaping_frame_addresses(p) } else { None };
    if last_true.is_none() && !proofs.is_empty() {
        // Every check proven alone: the certificates together (each accepted by the checker).
        let mut all = proofs.remove(0);
        for more in proofs {
            all.certificate.extend(more.certificate);
            all.fact = match (all.fact, more.fact) {
                (Some(a), Some(b)) if a != b => Some(format!("{a}; {b}")),
                (a, b) => a.or(b),
            };
        }
        last_true = Some(all);
    }
    if last_true.is_none() && summary.checks.iter().all(|c| matches!(c.status, CheckStatus::Proven { .. })) {
        // Nothing needed a proof: no checks, or only ones their constants decide (or the
        // program's only execution).
        let (technique, fact) = match &only_execution {
            Some(run) => (technique::CONCRETE_EXECUTION, runs::ending_text(run)),
            None if summary.checks.is_empty() => (technique::NO_ASSERTION, "the program has nothing to check".into()),
            None => (technique::CONSTANT_CHECK, "every check holds by its constants".into()),
        };
        last_true = Some(Report { fact: Some(fact), ..true_report(opts.semantics, technique) });
    }
    match (unknown.first(), escape, last_true) {
        (None, None, Some(t)) => {
            report.verdict = Verdict::True;
            report.technique = t.technique;
            report.certificate = t.certificate;
            report.fact = t.fact;
        }
        (Some(first), _, _) => {
            report.reason = Some(if unknown.len() > 1 {
                format!("{} checks are not proven; {first}", unknown.len())
            } else {
                first.clone()
            })
        }
        (None, Some(escape), _) => report.reason = Some(escape),
        (None, None, None) => report.reason = Some(reason),
    }
    finish(report, summary)
}

/// `program` without memory: a load reads any value, stores, block copies and fills, frees and
/// declarations of objects do nothing, an allocation gives any pointer. Every execution of
/// `program` is one of it (on the registers), so an assertion over registers proven on it holds
/// on `program`. With `tables` (the constant tables of the program before inlining, whose
/// globals `program` keeps; given when the memory checks are written, so that every load is
/// preceded by the check that it reads inside its object), a load of an element of a constant
/// table (`ir::tables`) reads a value in the table's range.
fn forgetting_memory(program: &Program, fid: FuncId, tables: &ConstantTables) -> Program {
    let mut q = program.clone();
    // The scalar cells only stores of their type write (a struct's fields, through pointers
    // known statically) stay, each in a register of its own (`\\value(b.len)`).
    let cells = leapfrog_ir::checks::scalar_cells(program, fid);
    let regs = leapfrog_ir::checks::static_registers(program, fid);
    let mut mirrors: BTreeMap<leapfrog_ir::checks::Cell, VarId> = BTreeMap::new();
    for (&(x, offset), &ty) in &cells {
        let name = match ty {
            Type::Ptr => leapfrog_ir::print::pointer_cell_to_c(program, x, offset),
            Type::Int(t) => leapfrog_ir::print::cell_to_c(program, x, offset, t),
            Type::Bool => leapfrog_ir::print::cell_to_c(program, x, offset, IntTy::U8),
            // (Floating-point accesses are opaque steps, never a cell's.)
            Type::Float(_) => continue,
        };
        let v = q.vars.push(Var {
            name: format!("\\value({name})"),
            ty: VarTy::Reg(ty),
            kind: VarKind::Local,
            func: Some(fid),
            span: Span::UNKNOWN,
            scope: program.vars[x].scope,
        });
        q.funcs[fid].locals.push(v);
        mirrors.insert((x, offset), v);
    }
    let mirror =
        |addr: &Expr| leapfrog_ir::checks::static_cell(program, addr, &regs).and_then(|c| mirrors.get(&c).copied());
    let mut ranged = Vec::new();
    let mut declared = Vec::new();
    let mut copies = Vec::new();
    for (g, f) in q.funcs.iter_mut() {
        for (e, edge) in f.edges.iter_mut() {
            edge.cmd = match &edge.cmd {
                Command::Load { dst, addr } if g == fid && mirror(addr).is_some() => {
                    Command::Assign(*dst, Expr::Var(mirror(addr).expect("checked")))
                }
                Command::Store { addr, value } if g == fid && mirror(addr).is_some() => {
                    Command::Assign(mirror(addr).expect("checked"), value.clone())
                }
                // A copy between variables: the mirrors of the cells it writes take their
                // sources' values (written after this loop).
                Command::MemCopy { .. }
                    if g == fid
                        && let Some(copy) = leapfrog_ir::checks::StaticCopy::of(program, &edge.cmd, &regs) =>
                {
                    copies.push((e, copy));
                    Command::Skip
                }
                Command::InitObject { var, fill, .. } if g == fid && mirrors.keys().any(|(x, _)| x == var) => {
                    declared.push((e, *var, *fill));
                    Command::Skip
                }
                Command::Load { dst, addr } => {
                    let ty = program.vars[*dst].ty.reg();
                    if g == fid
                        && let Some(t) = ty.and_then(|ty| tables.load(addr, ty))
                    {
                        ranged.push((e, *dst, t.clone()));
                    }
                    Command::Havoc(*dst, HavocOrigin::Nondet("memory".into()))
                }
                Command::Alloc { dst, .. } => Command::Havoc(*dst, HavocOrigin::Nondet("memory".into())),
                Command::Store { .. }
                | Command::MemCopy { .. }
                | Command::MemSet { .. }
                | Command::Free(_)
                | Command::InitObject { .. } => Command::Skip,
                other => other.clone(),
            };
        }
    }
    // A declaration gives its variable's mirrored cells their first value: none in particular,
    // or zero.
    let f = &mut q.funcs[fid];
    for (e, x, fill) in declared {
        for (&(y, offset), &v) in &mirrors {
            if y != x {
                continue;
            }
            let cmd = match (fill, cells.get(&(y, offset))) {
                (Fill::Zero, Some(Type::Int(t))) => Command::Assign(v, Expr::Int(0, *t)),
                (Fill::Zero, Some(Type::Ptr)) => Command::Assign(v, Expr::Null),
                (Fill::Zero, Some(Type::Bool)) => Command::Assign(v, Expr::Bool(false)),
                _ => Command::Havoc(v, HavocOrigin::Uninit),
            };
            let (to, span) = (f.edges[e].to, f.edges[e].span);
            let mid = f.add_loc();
            f.edges[e].to = mid;
            f.add_edge(mid, to, cmd, span);
        }
    }
    for (e, copy) in copies {
        for (&cell, &v) in &mirrors {
            let bytes = i128::from(cells[&cell].bytes(program.data_model));
            let cmd = match copy.into_cell(cell, bytes) {
                CopiedInto::Nothing => continue,
                CopiedInto::From(from) => match mirrors.get(&from) {
                    Some(&w) if cells.get(&from) == cells.get(&cell) => Command::Assign(v, Expr::Var(w)),
                    _ => Command::Havoc(v, HavocOrigin::Nondet("memory".into())),
                },
                CopiedInto::Partly => Command::Havoc(v, HavocOrigin::Nondet("memory".into())),
            };
            let (to, span) = (f.edges[e].to, f.edges[e].span);
            let mid = f.add_loc();
            f.edges[e].to = mid;
            f.add_edge(mid, to, cmd, span);
        }
    }
    // The loaded value's range, assumed right after the load (only the entry function's loads:
    // the program is inlined).
    for (e, dst, t) in ranged {
        let (to, span) = (f.edges[e].to, f.edges[e].span);
        let (low, high) = (f.add_loc(), f.add_loc());
        f.edges[e].to = low;
        let bound = |op, k| Command::Assume(Expr::Cmp(op, Box::new(Expr::Var(dst)), Box::new(Expr::Int(k, t.elem))));
        f.add_edge(low, high, bound(CmpOp::Ge, t.min), span);
        f.add_edge(high, to, bound(CmpOp::Le, t.max), span);
    }
    // The values only stores used (now skips) cost the encoding for nothing: the function's
    // own registers that nothing reads are not assigned (globals may be read by a call).
    let vars = &q.vars;
    let own = |v: VarId| vars[v].func == Some(fid) && vars[v].kind != VarKind::Global && vars[v].ty.reg().is_some();
    leapfrog_ir::liveness::remove_dead_assignments(&mut q.funcs[fid], &own);
    q
}

/// `program` with the checks `status` has decided as assumptions.
fn assume_decided(program: &mut Program, status: &[Option<CheckStatus>]) {
    for (i, st) in status.iter().enumerate() {
        if st.is_some() {
            assume_check(program, i as u32);
        }
    }
}

/// For developers (`LEAPFROG_SHOW_CHECKS`): the instrumented program (the second time, with
/// the strings' lengths).
fn trace_program(program: &Program, fid: FuncId) {
    if std::env::var_os("LEAPFROG_SHOW_CHECKS").is_some() {
        eprintln!("{}", leapfrog_ir::print::function_to_string(program, fid));
    }
}

/// For developers (`LEAPFROG_SHOW_CHECKS`): how many octagon candidates there were, how long
/// they took, and which checks they proved.
fn trace_octagons<T>(candidates: usize, took: Duration, r: &Result<(BTreeSet<u32>, T), String>) {
    if std::env::var_os("LEAPFROG_SHOW_CHECKS").is_some() {
        eprintln!("octagon candidates: {candidates} in {took:.2?}");
        match r {
            Ok((proven, _)) => eprintln!("checks proven by octagons without memory: {proven:?}"),
            Err(why) => eprintln!("no check proven by octagons without memory: {why}"),
        }
    }
}

/// For developers (`LEAPFROG_SHOW_CHECKS`): how many polyhedra facts were found, and how long
/// they took.
fn trace_polyhedra(found: usize, took: Duration) {
    if std::env::var_os("LEAPFROG_SHOW_CHECKS").is_some() {
        eprintln!("polyhedra facts: {found} in {took:.2?}");
    }
}

/// For developers (`LEAPFROG_SHOW_CHECKS`): what a round answered, and how fast.
fn trace_round(what: &str, r: &Report) {
    if std::env::var_os("LEAPFROG_SHOW_CHECKS").is_some() {
        eprintln!("round {what}: {} in {:.2?} ({})", r.verdict.word(), r.elapsed, r.reason.as_deref().unwrap_or(""));
    }
}

/// A TRUE by `technique`, without certificate or fact yet.
fn true_report(semantics: Semantics, technique: &'static str) -> Report {
    let mut r = Report::unknown(semantics, String::new());
    r.verdict = Verdict::True;
    r.technique = Some(technique);
    r.reason = None;
    r
}

/// Proven by `technique` (the summaries' when none is named).
fn proven(technique: Option<&'static str>) -> CheckStatus {
    CheckStatus::Proven { technique: technique.unwrap_or(technique::LOOP_SUMMARIES) }
}

/// Every undecided check proven by `technique`.
fn prove_open(status: &mut [Option<CheckStatus>], technique: Option<&'static str>) {
    for s in status.iter_mut().filter(|s| s.is_none()) {
        *s = Some(proven(technique));
    }
}

/// The checks of `open` other than `i` as assumptions.
fn assume_others(program: &mut Program, open: &[usize], i: usize) {
    for &j in open.iter().filter(|j| **j != i) {
        assume_check(program, j as u32);
    }
}

fn result(c: &Check, status: CheckStatus) -> CheckResult {
    CheckResult { id: c.id, kind: c.kind.name(), span: c.span, what: c.what.clone(), status }
}

/// Turns the assertions of check `id` into assumptions: executions that fail it end there.
fn assume_check(program: &mut Program, id: u32) {
    for (_, f) in program.funcs.iter_mut() {
        for (_, e) in f.edges.iter_mut() {
            if let Command::Assert { cond, origin: AssertOrigin::Check(n) } = &e.cmd
                && *n == id
            {
                e.cmd = Command::Assume(cond.clone());
            }
        }
    }
}

/// The kind of property a run of the original program violates, if it violates one: its
/// undefined behaviour's class, a failing assertion, or leaked memory when the entry returned.
fn violated_kind(r: &ExecResult) -> Option<&'static str> {
    match &r.outcome {
        Outcome::Ub { kind: UbKind::InvalidDeref, .. } => Some(CheckKind::ValidDeref.name()),
        Outcome::Ub { kind: UbKind::InvalidFree, .. } => Some(CheckKind::ValidFree.name()),
        Outcome::Ub { kind: UbKind::Overflow, .. } => Some(CheckKind::NoOverflow.name()),
        Outcome::Error { .. } => Some("unreach-call"),
        Outcome::Exit { .. } if !r.leaked.is_empty() => Some(CheckKind::ValidMemtrack.name()),
        _ => None,
    }
}

/// The original program's replay of `inputs`, when it violates a property: the kind and the
/// counterexample (ending where it goes wrong; for leaked memory, at the leaked allocation).
fn confirm(
    p: &Program,
    inputs: &[i128],
    semantics: Semantics,
    deadline: Instant,
) -> Option<(&'static str, Counterexample)> {
    let r = replay(p, inputs, semantics, deadline);
    let kind = violated_kind(&r)?;
    // A function without a body returns any value in the interpreter, which a library function
    // does not (`realloc` returns a block, `strlen` a length): a violation of an automatic check
    // on such a run may be one no real execution has, and is not reported.
    let extern_results = r.input_counts.get(&leapfrog_ir::nondet::Source::ExternCall).copied().unwrap_or(0);
    if kind != "unreach-call" && extern_results > 0 {
        return None;
    }
    let failing = r.outcome.span().or_else(|| r.leaked.first().copied())?;
    Some((kind, crate::counterexample_of(p, inputs.to_vec(), &r, failing)))
}

/// Runs on random inputs of the original program until one violates a property `props` asks
/// for (the run confirmed as [`confirm`] confirms).
fn random_failure(
    p: &Program,
    props: CheckedProperties,
    semantics: Semantics,
    deadline: Instant,
) -> Option<(&'static str, Counterexample)> {
    let wanted = |kind: &str| match kind {
        "unreach-call" => props.assertions,
        "no-overflow" => props.overflow,
        _ => props.memsafety,
    };
    crate::random_runs(p, semantics, crate::RANDOM_RUNS, deadline, &mut |r| {
        if violated_kind(&r).is_some_and(wanted) { confirm(p, &r.inputs, semantics, deadline) } else { None }
    })
    .0
}
