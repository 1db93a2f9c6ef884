//! Termination one function at a time, for a program whose calls are too many to inline (test
//! programs that call a tree of functions, each with its own loops).
//!
//! Without recursion the call graph is acyclic, so by induction from its leaves: if every
//! function with loops terminates from any state a call may find, with each of its calls an
//! arbitrary change of the state ([`leapfrog_ir::modular::from_arbitrary_entry`]) — a call that
//! returns, which the induction shows of it — then every call returns (or ends the execution)
//! and every execution of the program terminates (a function without loops whose callees return
//! returns). Only a TRUE is given: a lasso found from an arbitrary entry need not be an
//! execution of the program.

use crate::{Options, Report, Verdict, run};
use leapfrog_ir::modular::{callees, from_arbitrary_entry, has_step_that_may_not_return, recursive_functions};
use leapfrog_ir::{FuncId, InlineLimits, LocTag, Program, inline_program};
use std::time::Instant;

/// TRUE when every function with loops reachable from the entry terminates from an arbitrary
/// entry (see the module documentation), within `deadline`; else why not.
pub fn per_function(p: &Program, opts: &Options, deadline: Instant) -> Result<Report, String> {
    if !recursive_functions(p).is_empty() {
        return Err("recursion".into());
    }
    if has_step_that_may_not_return(p) {
        return Err("a step that may not return".into());
    }
    let has_loops = |f: FuncId| p.funcs[f].locs.values().any(|l| matches!(l.tag, Some(LocTag::Loop { .. })));
    let mut reached: Vec<FuncId> = Vec::new();
    let mut stack: Vec<FuncId> = p.entry.into_iter().chain([p.init]).collect();
    while let Some(f) = stack.pop() {
        if !reached.contains(&f) {
            reached.push(f);
            stack.extend(callees(p, f));
        }
    }
    // Each function from its own entry, its calls arbitrary changes of the state (their
    // termination is proven on its own), with its loops.
    let mut programs: Vec<(FuncId, Program, usize)> = Vec::new();
    for g in reached.into_iter().filter(|f| has_loops(*f)) {
        let name = &p.funcs[g].name;
        let q = inline_program(&from_arbitrary_entry(p, g, &callees(p, g)), &InlineLimits::default())
            .map_err(|e| format!("`{name}` cannot be analysed on its own ({e})"))?;
        let count = q.funcs[g].locs.values().filter(|l| matches!(l.tag, Some(LocTag::Loop { .. }))).count();
        programs.push((g, q, count));
    }
    // Smallest first; each gets the time left in proportion to its loops.
    programs.sort_by_key(|(g, q, _)| (q.funcs[*g].edges.len(), *g));
    let mut loops_left: usize = programs.iter().map(|(_, _, n)| *n).sum();
    let mut loops = Vec::new();
    let mut technique = None;
    for (g, q, count) in &programs {
        let name = &p.funcs[*g].name;
        let now = Instant::now();
        if now >= deadline {
            return Err(format!("the time limit was reached before `{name}`"));
        }
        let share = deadline.saturating_duration_since(now).mul_f64(*count as f64 / loops_left.max(1) as f64);
        loops_left = loops_left.saturating_sub(*count);
        let sub = Options { semantics: opts.semantics, timeout: share };
        let report = run(q, &sub, now, now + share, false, &mut None);
        if report.verdict != Verdict::True {
            let why = report.reason.unwrap_or_default();
            return Err(format!("`{name}` from an arbitrary entry: {why}"));
        }
        technique = technique.or(report.technique.filter(|t| *t != crate::technique::LOOP_FREE));
        for l in report.loops {
            if !loops.iter().any(|m: &crate::LoopReport| m.span == l.span) {
                loops.push(l);
            }
        }
    }
    loops.sort_by_key(|l| (l.span.file, l.span.line, l.span.col));
    let mut report = Report::unknown(opts.semantics, String::new());
    report.verdict = Verdict::True;
    report.reason = None;
    report.technique = technique.or(Some(crate::technique::LOOP_FREE));
    report.loops = loops;
    Ok(report)
}
