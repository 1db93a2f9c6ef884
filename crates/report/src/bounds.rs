//! The `bound` job's output: every loop's bound and `max`, text or JSON.

use crate::snippet::SourceCache;
use crate::{loop_heading, position};
use leapfrog_results::bounds::BoundsReport;
use leapfrog_source::SourceFiles;
use serde_json::{Value, json};

pub fn to_json(files: &SourceFiles, r: &BoundsReport) -> Value {
    let loops: Vec<Value> = r
        .loops
        .iter()
        .map(|l| {
            let mut v = position(files, l.span);
            v["function"] = json!(l.function);
            v["kind"] = json!(l.kind.name());
            v["bound"] = json!(l.bound);
            v["max"] = json!(l.max.map(|m| m.to_string().parse::<serde_json::Number>().ok()));
            v["technique"] = json!(l.technique);
            v["reason"] = json!(l.reason);
            v["paths"] = json!(
                l.paths
                    .iter()
                    .map(|p| json!({"condition": p.condition, "bound": p.bound, "technique": p.technique}))
                    .collect::<Vec<_>>()
            );
            v["certificate"] = json!(l.certificate);
            v["unbounded"] = json!(l.unbounded.is_some());
            v["evidence"] = json!(l.unbounded);
            v
        })
        .collect();
    let program = match &r.program {
        Some(pb) => json!({
            "function": pb.function,
            "bound": pb.bound,
            "complexity": pb.complexity,
            "reason": pb.reason,
        }),
        None => json!({
            "function": null,
            "bound": null,
            "complexity": "unknown",
            "reason": r.notes.join("; "),
        }),
    };
    json!({
        "job": "bound",
        "semantics": r.semantics.name(),
        "convention": "bound: an upper bound on the body starts of one execution of the loop statement, over the values the variables have when its condition is first evaluated (after a for's initialization, before a do's first body), in mathematical integers; max: the most body starts of one execution of the loop statement in any execution of the program; both re-checked by the independent checker, for executions without undefined behaviour",
        "notes": r.notes,
        "loops": loops,
        "program": program,
        "time_seconds": r.elapsed.as_secs_f64(),
    })
}

pub fn to_text(files: &SourceFiles, r: &BoundsReport) -> String {
    let mut cache = SourceCache::default();
    let bounded = r.loops.iter().filter(|l| l.bound.is_some()).count();
    let with_max = r.loops.iter().filter(|l| l.max.is_some()).count();
    let noun = if r.loops.len() == 1 { "loop" } else { "loops" };
    let mut out = format!(
        "{} {noun}, {bounded} bounded, {with_max} with a max ({} semantics); bounds re-checked independently\n",
        r.loops.len(),
        r.semantics.name()
    );
    for n in &r.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    match &r.program {
        Some(pb) => {
            let bound = pb.bound.as_deref().unwrap_or("unknown");
            out.push_str(&format!(
                "program: {} — all loops' body starts in one call of `{}`: {bound}\n",
                pb.complexity, pb.function
            ));
            if let Some(why) = &pb.reason {
                out.push_str(&format!("  reason: {why}\n"));
            }
        }
        None => out.push_str("program: unknown\n"),
    }
    for l in &r.loops {
        out.push_str(
            &loop_heading(files, &mut cache, l.kind, l.span, 0).replace(" (depth 0)", &format!(" in {}", l.function)),
        );
        match (&l.bound, &l.unbounded) {
            (Some(b), _) => out.push_str(&format!("  bound: {b}\n")),
            (None, Some(evidence)) => out.push_str(&format!("  bound: unbounded ({evidence})\n")),
            (None, None) => out.push_str("  bound: none\n"),
        }
        if let Some(m) = l.max {
            out.push_str(&format!("  max: {m}\n"));
        }
        if let Some(t) = l.technique {
            out.push_str(&format!("  technique: {t}\n"));
        }
        for p in &l.paths {
            out.push_str(&format!("  path {}: bound {} ({})\n", p.condition, p.bound, p.technique));
        }
        if let Some(why) = &l.reason {
            out.push_str(&format!("  reason: {why}\n"));
        }
    }
    out
}

/// The first line a termCOMP complexity tool prints: `WORST_CASE(?, O(n^2))`, or
/// `WORST_CASE(?, ?)` when the bound is unknown.
pub fn to_termcomp(r: &BoundsReport) -> String {
    match r.program.as_ref().filter(|p| p.bound.is_some()) {
        Some(p) => format!("WORST_CASE(?, {})", p.complexity),
        None => "WORST_CASE(?, ?)".to_string(),
    }
}
