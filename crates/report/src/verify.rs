//! The `verify` verdict and the `summarize` listing, as JSON and as text with source lines.

use crate::snippet::SourceCache;
use crate::{certification_and_notes, indent, loop_heading, position};
use leapfrog_results::Verdict;
use leapfrog_results::safety::Report;
use leapfrog_results::summaries::SummariesReport;
use leapfrog_source::SourceFiles;
use serde_json::{Value, json};

pub fn to_json(files: &SourceFiles, r: &Report) -> Value {
    let certificate: Option<Value> = (r.verdict == Verdict::True).then(|| {
        let loops: Vec<Value> = r
            .certificate
            .iter()
            .map(|l| {
                let mut v = position(files, l.span);
                v["kind"] = json!(l.kind.name());
                v["invariant"] = json!(l.invariant);
                if !l.transition_invariant.is_empty() {
                    v["transition_invariant"] = json!(l.transition_invariant);
                }
                if !l.ghost_invariant.is_empty() {
                    v["ghost_invariant"] = json!(l.ghost_invariant);
                }
                v
            })
            .collect();
        match &r.fact {
            // A fact about the whole program, named after the technique that established it.
            Some(fact) => json!({ "kind": r.technique, "fact": fact, "loops": loops }),
            None => json!({ "kind": "loop-invariants", "loops": loops }),
        }
    });
    let counterexample: Option<Value> = r.counterexample.as_ref().map(|c| {
        let leaps: Vec<Value> = c
            .leaps
            .iter()
            .map(|l| {
                let mut v = position(files, l.span);
                v["kind"] = json!(l.kind.name());
                v["before"] = values(&l.before);
                v["after"] = values(&l.after);
                v
            })
            .collect();
        json!({
            "nondet": c.inputs.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
            "reads": reads_json(files, c),
            "uninit": "nondet",
            "path": c.path.iter().map(|s| position(files, *s)).collect::<Vec<_>>(),
            "path_elided": c.elided,
            "values": values_json(files, c),
            "values_elided": c.values_elided,
            "violation": position(files, c.failing),
            "leaps": leaps,
            "unwinding": c.unwinding,
        })
    });
    let mut out = json!({
        "verdict": r.verdict.word(),
        "result": result_word(r),
        "property": "unreach-call",
        "semantics": r.semantics.name(),
        "technique": r.technique,
        "reason": r.reason,
        "certificate": certificate,
        "counterexample": counterexample,
        "assumptions": crate::assumptions_json(&r.assumptions),
        "solver_queries": r.solver_queries,
        "time_seconds": r.elapsed.as_secs_f64(),
    });
    if let Some(checks) = &r.checks {
        out["property"] = json!(checks.properties.join(","));
        out["checks"] = checks_json(files, checks);
    }
    out
}

/// The answer as SV-COMP writes it: `TRUE`, `UNKNOWN`, `FALSE(valid-deref)`,
/// `FALSE(unreach-call)`.
pub fn result_word(r: &Report) -> String {
    match (r.verdict, r.checks.as_ref().and_then(|c| c.violated)) {
        (Verdict::False, Some(kind)) => format!("FALSE({kind})"),
        (Verdict::False, None) if r.checks.is_none() => "FALSE(unreach-call)".to_string(),
        _ => r.verdict.word().to_string(),
    }
}

fn checks_json(files: &SourceFiles, checks: &leapfrog_results::safety::Checks) -> Value {
    use leapfrog_results::safety::CheckStatus;
    let (total, proven, violated, unknown) = checks.totals();
    let list: Vec<Value> = checks
        .checks
        .iter()
        .map(|c| {
            let mut v = position(files, c.span);
            v["id"] = json!(c.id);
            v["kind"] = json!(c.kind);
            v["what"] = json!(c.what);
            v["status"] = json!(c.status.name());
            match &c.status {
                CheckStatus::Proven { technique } => v["technique"] = json!(technique),
                CheckStatus::Violated { counterexample } => {
                    v["nondet"] = json!(counterexample.inputs.iter().map(|x| x.to_string()).collect::<Vec<_>>());
                    v["reads"] = reads_json(files, counterexample);
                    v["values"] = values_json(files, counterexample);
                    v["values_elided"] = json!(counterexample.values_elided);
                    v["violation"] = position(files, counterexample.failing);
                }
                CheckStatus::Unknown { reason } => v["reason"] = json!(reason),
            }
            v
        })
        .collect();
    json!({
        "properties": checks.properties,
        "violated": checks.violated,
        "totals": { "checks": total, "proven": proven, "violated": violated, "unknown": unknown },
        "list": list,
    })
}

/// Each input of the counterexample with what read it and where (`[]` when not recorded).
fn reads_json(files: &SourceFiles, c: &leapfrog_results::safety::Counterexample) -> Value {
    let reads: Vec<Value> = c
        .inputs
        .iter()
        .zip(&c.reads)
        .map(|(value, read)| {
            let mut v = position(files, read.span);
            v["value"] = json!(value.to_string());
            v["source"] = json!(read.source.name());
            v
        })
        .collect();
    json!(reads)
}

/// The inputs one per line: `7 from nondet-call at f.c:3:26` (at most [`MAX_READS_SHOWN`]).
fn reads_text(files: &SourceFiles, c: &leapfrog_results::safety::Counterexample) -> String {
    let mut out = String::new();
    for (value, read) in c.inputs.iter().zip(&c.reads).take(MAX_READS_SHOWN) {
        out.push_str(&format!("    {value} from {} at {}\n", read.source.name(), files.display(read.span)));
    }
    if c.reads.len() > MAX_READS_SHOWN {
        out.push_str(&format!("    ... {} more (all in the JSON report)\n", c.reads.len() - MAX_READS_SHOWN));
    }
    out
}

/// The values the execution assigned, in order: position, `variable` and `value`.
fn values_json(files: &SourceFiles, c: &leapfrog_results::safety::Counterexample) -> Value {
    let values: Vec<Value> = c
        .values
        .iter()
        .map(|a| {
            let mut v = position(files, a.span);
            v["variable"] = json!(a.variable);
            v["value"] = json!(a.value.to_string());
            v
        })
        .collect();
    json!(values)
}

/// The values assigned along the path, one per line (`f.c:7:5  x = 3`): the first and the last
/// [`VALUES_SHOWN`] / 2.
fn values_text(files: &SourceFiles, c: &leapfrog_results::safety::Counterexample) -> String {
    if c.values.is_empty() {
        return String::new();
    }
    let mut out = String::from("  values along the path:\n");
    let left_out = c.values.len().saturating_sub(VALUES_SHOWN) + c.values_elided;
    let shown: Vec<(usize, &leapfrog_results::safety::AssignedValue)> = c.values.iter().enumerate().collect();
    for (i, a) in shown {
        if c.values.len() > VALUES_SHOWN && (VALUES_SHOWN / 2..c.values.len() - VALUES_SHOWN / 2).contains(&i) {
            if i == VALUES_SHOWN / 2 {
                out.push_str(&format!("    ... {left_out} more (all but {} in the JSON report)\n", c.values_elided));
            }
            continue;
        }
        out.push_str(&format!("    {}  {} = {}\n", files.display(a.span), a.variable, a.value));
    }
    out
}

/// How many assignments the text report shows.
const VALUES_SHOWN: usize = 30;

/// How many inputs the text report ties to their reads.
const MAX_READS_SHOWN: usize = 20;

fn checks_text(files: &SourceFiles, checks: &leapfrog_results::safety::Checks) -> String {
    use leapfrog_results::safety::CheckStatus;
    let (total, proven, violated, unknown) = checks.totals();
    let mut out = format!("checks: {total} (proven {proven}, violated {violated}, unknown {unknown})\n");
    for c in &checks.checks {
        let status = match &c.status {
            CheckStatus::Proven { technique } => format!("proven ({technique})"),
            CheckStatus::Violated { counterexample } => {
                let inputs: Vec<String> = counterexample.inputs.iter().map(|x| x.to_string()).collect();
                format!("violated (inputs [{}])", inputs.join(", "))
            }
            CheckStatus::Unknown { reason } => format!("unknown: {reason}"),
        };
        out.push_str(&format!("  #{} {} at {}: {}: {status}\n", c.id, c.kind, files.display(c.span), c.what));
    }
    out
}

fn values(vals: &[(String, i128)]) -> Value {
    let mut m = serde_json::Map::new();
    for (n, x) in vals {
        m.insert(n.clone(), json!(x.to_string()));
    }
    Value::Object(m)
}

fn show_values(vals: &[(String, i128)]) -> String {
    vals.iter().map(|(n, x)| format!("{n}={x}")).collect::<Vec<_>>().join(", ")
}

pub fn to_text(files: &SourceFiles, r: &Report) -> String {
    let mut cache = SourceCache::default();
    let mut out = result_word(r);
    if let Some(t) = r.technique {
        out.push_str(&format!(" ({t}, {} semantics)", r.semantics.name()));
    } else {
        out.push_str(&format!(" ({} semantics)", r.semantics.name()));
    }
    out.push('\n');
    if let Some(why) = &r.reason {
        out.push_str(&format!("reason: {why}\n"));
    }
    if r.verdict != Verdict::Unknown {
        out.push_str(&crate::assumptions_text(&r.assumptions));
    }
    if let Some(checks) = &r.checks {
        out.push_str(&checks_text(files, checks));
    }
    if r.verdict == Verdict::True {
        if let Some(fact) = &r.fact {
            out.push_str(&format!("certificate: {fact}\n"));
        } else if r.certificate.is_empty() {
            out.push_str("certificate: the program has no loops; its encoding shows no assertion can fail\n");
        } else {
            out.push_str("certificate (loop invariants, re-checked independently):\n");
        }
        for l in &r.certificate {
            out.push_str(&format!("  {} loop at {}: {}\n", l.kind.name(), files.display(l.span), l.invariant));
            if !l.transition_invariant.is_empty() {
                out.push_str(&format!("    transition invariant: {}\n", l.transition_invariant.join(" && ")));
            }
            if !l.ghost_invariant.is_empty() {
                out.push_str(&format!(
                    "    over ghost variables (entry values, iteration counts, pointer offsets, object sizes): {}\n",
                    leapfrog_results::join_conjuncts(&l.ghost_invariant)
                ));
            }
            if let Some(s) = cache.snippet(files, l.span, l.kind.name().len()) {
                out.push_str(&indent(&s));
            }
        }
    }
    if let Some(c) = &r.counterexample {
        match c.unwinding {
            Some(k) => {
                out.push_str(&format!("counterexample (replayed by the interpreter; loops unwound up to {k} times):\n"))
            }
            None if r.technique == Some(leapfrog_results::technique::DISJUNCTIVE_SUMMARIES) => out.push_str(
                "counterexample (inputs solved through the loops' disjunctive summaries, replayed by the interpreter):\n",
            ),
            None if r.technique == Some(leapfrog_results::technique::RANDOM_TESTING) => {
                out.push_str("counterexample (a run on random inputs, replayed by the interpreter):\n")
            }
            None => out.push_str("counterexample (the program's only execution, run by the interpreter):\n"),
        }
        let inputs: Vec<String> = c.inputs.iter().map(|x| x.to_string()).collect();
        out.push_str(&format!("  inputs: [{}]\n", inputs.join(", ")));
        out.push_str(&reads_text(files, c));
        out.push_str(&values_text(files, c));
        for l in &c.leaps {
            out.push_str(&format!(
                "  leap over the {} loop at {}: before {{{}}}, at its last iteration {{{}}}\n",
                l.kind.name(),
                files.display(l.span),
                show_values(&l.before),
                show_values(&l.after)
            ));
        }
        let mut lines: Vec<String> = c.path.iter().map(|s| s.line.to_string()).collect();
        if c.elided > 0 {
            lines.insert(c.path.len() / 2, format!("… ({} positions left out) …", c.elided));
        }
        out.push_str(&format!("  lines: {}\n", lines.join(" ")));
        out.push_str(&format!("  violation at {}\n", files.display(c.failing)));
        if let Some(s) = cache.snippet(files, c.failing, 1) {
            out.push_str(&indent(&s));
        }
    }
    out
}

/// A Proteus summary as JSON: the variables, each disjunct (conditions, counters, exit values,
/// and the whole as one C expression) and the disjunction.
fn disjunctive_json(d: &leapfrog_results::summaries::DisjunctiveSummary) -> Value {
    let formulas: Vec<String> = d.disjuncts.iter().map(|x| format!("({})", x.formula())).collect();
    json!({
        "convention": "x is a variable's value at loop entry, x_exit its value at loop exit, both as mathematical integers; for every execution of the loop without undefined behaviour some disjunct holds for some integer values of its counters; a disjunct claims its exit values only when its no_overflow conditions hold, and an execution in which a signed operation overflows (undefined behaviour, also in an intermediate value such as i + k in a condition) may satisfy no disjunct",
        "variables": d.variables,
        "disjuncts": d.disjuncts.iter().map(|x| json!({
            "condition": x.condition,
            "counters": x.counters,
            "exit": x.exit.iter().map(|(v, e)| (format!("{v}_exit"), json!(e))).collect::<serde_json::Map<String, Value>>(),
            "exit_bounds": x.exit_bounds.iter().map(|(v, lo, hi)| (format!("{v}_exit"), json!({ "lower": lo, "upper": hi }))).collect::<serde_json::Map<String, Value>>(),
            "no_overflow": x.no_overflow,
            "formula": x.formula(),
        })).collect::<Vec<_>>(),
        "summary": if formulas.is_empty() { "0".to_string() } else { formulas.join(" || ") },
    })
}

pub fn summaries_to_json(files: &SourceFiles, r: &SummariesReport) -> Value {
    let loops: Vec<Value> = r
        .loops
        .iter()
        .map(|l| {
            let mut v = position(files, l.span);
            v["function"] = json!(l.function);
            v["kind"] = json!(l.kind.name());
            v["depth"] = json!(l.depth);
            v["modifies"] = json!(l.modified);
            v["invariant"] = json!(crate::invariants::conjunction(&l.invariant));
            v["conjuncts"] = json!(l.invariant);
            v["transition_invariant"] = json!(l.transition_invariant);
            v["exits"] = json!(l.exits);
            v["notes"] = json!(l.notes);
            v["candidates_tried"] = json!(l.candidates_tried);
            v["method"] = json!(l.method);
            match &l.pda {
                Some(Ok(d)) => v["pda"] = disjunctive_json(d),
                Some(Err(why)) => v["pda"] = json!({ "reason": why }),
                None => {}
            }
            v
        })
        .collect();
    json!({
        "semantics": r.semantics.name(),
        "certified": r.certified,
        "notes": r.notes,
        "loops": loops,
        "time_seconds": r.elapsed.as_secs_f64(),
    })
}

pub fn summaries_to_text(files: &SourceFiles, r: &SummariesReport) -> String {
    let mut cache = SourceCache::default();
    let noun = if r.loops.len() == 1 { "loop" } else { "loops" };
    let mut out = format!("{} {noun} summarized ({} semantics)", r.loops.len(), r.semantics.name());
    out.push_str(&certification_and_notes(r.certified, &r.notes));
    for l in &r.loops {
        out.push_str(&loop_heading(files, &mut cache, l.kind, l.span, l.depth));
        out.push_str(&format!(
            "  modifies:  {}\n",
            if l.modified.is_empty() { "-".into() } else { l.modified.join(", ") }
        ));
        let inv = if l.invariant.is_empty() {
            "1 (nothing proven)".to_string()
        } else {
            leapfrog_results::join_conjuncts(&l.invariant)
        };
        out.push_str(&format!("  invariant: {inv}\n"));
        if l.transition_invariant.is_empty() {
            out.push_str(&format!(
                "  summary:   havoc({}); assume(invariant); assume(exit condition)\n",
                l.modified.join(", ")
            ));
        } else {
            out.push_str(&format!("  transition invariant: {}\n", l.transition_invariant.join(" && ")));
            out.push_str(&format!(
                "  summary:   pre := ({0}); havoc({0}); assume(invariant); assume(({0}) == pre || T(pre, ({0}))); \
                 assume(exit condition)\n",
                l.modified.join(", ")
            ));
        }
        for e in &l.exits {
            out.push_str(&format!("  exit when: {e}\n"));
        }
        match &l.pda {
            Some(Ok(d)) => {
                out.push_str(&format!(
                    "  Proteus summary{} (x: at entry, x_exit: at exit; counters k1… exist):\n",
                    if l.method == "pda" { ", used" } else { "" }
                ));
                for x in &d.disjuncts {
                    out.push_str(&format!("    || {}\n", x.formula()));
                }
            }
            Some(Err(why)) => out.push_str(&format!("  Proteus summary: none ({why})\n")),
            None => {}
        }
        for n in &l.notes {
            out.push_str(&format!("  note:      {n}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::Semantics;
    use leapfrog_results::safety::Counterexample;
    use leapfrog_results::technique;
    use leapfrog_source::Span;

    #[test]
    fn a_fact_is_the_certificate_of_its_technique() {
        let files = SourceFiles::new();
        let mut r = Report::unknown(Semantics::Default, String::new());
        r.verdict = Verdict::True;
        r.reason = None;
        r.technique = Some(technique::NO_ASSERTION);
        r.fact = Some("no function of the program has an assertion".into());
        let v = to_json(&files, &r);
        assert_eq!(
            v["certificate"],
            json!({"kind": "no-assertion", "fact": "no function of the program has an assertion", "loops": []})
        );
        let text = to_text(&files, &r);
        assert_eq!(
            text,
            "TRUE (no-assertion, default semantics)\ncertificate: no function of the program has an assertion\n"
        );
    }

    #[test]
    fn the_only_execution_as_a_counterexample_has_no_unwinding() {
        let files = SourceFiles::new();
        let mut r = Report::unknown(Semantics::Default, String::new());
        r.verdict = Verdict::False;
        r.reason = None;
        r.technique = Some(technique::CONCRETE_EXECUTION);
        r.counterexample = Some(Counterexample {
            inputs: Vec::new(),
            reads: Vec::new(),
            path: Vec::new(),
            elided: 0,
            values: Vec::new(),
            values_elided: 0,
            failing: Span::UNKNOWN,
            leaps: Vec::new(),
            unwinding: None,
        });
        let v = to_json(&files, &r);
        assert_eq!((&v["certificate"], &v["counterexample"]["unwinding"]), (&Value::Null, &Value::Null));
        assert!(to_text(&files, &r).contains("counterexample (the program's only execution, run by the interpreter):"));
    }
}
