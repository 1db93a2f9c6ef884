//! The `invariants` job's output: every loop header's invariant, text or JSON.

use crate::snippet::SourceCache;
use crate::{certification_and_notes, loop_heading, position};
use leapfrog_results::invariants::InvariantsReport;
use leapfrog_results::join_conjuncts;
use leapfrog_source::SourceFiles;
use serde_json::{Value, json};

/// A conjunction as C (`1` when empty).
pub(crate) fn conjunction(conjuncts: &[String]) -> String {
    if conjuncts.is_empty() { "1".to_string() } else { join_conjuncts(conjuncts) }
}

/// The invariant as one C expression: the conjunction, or the disjunction of the disjuncts.
fn invariant_c(invariant: &[String], disjuncts: &[Vec<String>]) -> String {
    if disjuncts.len() > 1 {
        disjuncts.iter().map(|d| format!("({})", conjunction(d))).collect::<Vec<_>>().join(" || ")
    } else {
        conjunction(invariant)
    }
}

pub fn to_json(files: &SourceFiles, r: &InvariantsReport) -> Value {
    let loops: Vec<Value> = r
        .loops
        .iter()
        .map(|l| {
            let mut v = position(files, l.span);
            v["kind"] = json!(l.kind.name());
            v["depth"] = json!(l.depth);
            v["invariant"] = json!(invariant_c(&l.invariant, &l.disjuncts));
            v["conjuncts"] = json!(l.invariant);
            v["disjuncts"] = json!(l.disjuncts);
            v
        })
        .collect();
    json!({
        "domain": r.domain,
        "disjuncts": r.disjuncts,
        "semantics": r.semantics.name(),
        "certified": r.certified,
        "notes": r.notes,
        "loops": loops,
        "time_seconds": r.elapsed.as_secs_f64(),
    })
}

pub fn to_text(files: &SourceFiles, r: &InvariantsReport) -> String {
    let mut cache = SourceCache::default();
    let noun = if r.loops.len() == 1 { "loop" } else { "loops" };
    let domain = if r.disjuncts > 1 {
        format!("{} domain, up to {} disjuncts", r.domain, r.disjuncts)
    } else {
        format!("{} domain", r.domain)
    };
    let mut out = format!("{} {noun} ({domain}, {} semantics)", r.loops.len(), r.semantics.name());
    out.push_str(&certification_and_notes(r.certified, &r.notes));
    for l in &r.loops {
        out.push_str(&loop_heading(files, &mut cache, l.kind, l.span, l.depth));
        out.push_str(&format!("  invariant: {}\n", invariant_c(&l.invariant, &l.disjuncts)));
    }
    out
}
