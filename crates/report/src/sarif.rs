//! The verdict jobs' reports as SARIF 2.1.0 (`--format sarif`), the exchange format of code
//! scanning tools: one `run` with Leapfrog as `tool.driver` and its rules, one `result` per
//! finding — a violated assertion or check (`error`, with the counterexample's path as a
//! `codeFlow`), a loop that may not terminate (`warning`, with its recurrent set), an
//! undecided assertion, check or loop (`note`, with the reason); for `bound` each loop's bound
//! (a `pass`, the bound and its certificate in its `properties`), an unbounded loop (`warning`)
//! or a loop without a bound (`note`) — and the whole report (the certificates, the witnesses)
//! in the run's `properties`, as `--format json` gives it.
//!
//! Built as `serde_json` values: the document is a handful of fixed shapes (a SARIF crate would
//! add a dependency for the same few objects); the tests validate every output against the
//! official schema.

use leapfrog_results::Verdict;
use leapfrog_results::bounds::BoundsReport;
use leapfrog_results::safety::{CheckStatus, Counterexample, Report as SafetyReport};
use leapfrog_results::termination::Report as TerminationReport;
use leapfrog_source::{SourceFiles, Span};
use serde_json::{Value, json};

/// The rules a result may name: (id, short description, help).
const RULES: &[(&str, &str, &str)] = &[
    (
        "unreach-call",
        "An assertion can fail or an error function can be reached.",
        "Some input leads the program to a failing assert/__VERIFIER_assert or a call of reach_error; the code flow is an execution the interpreter replayed.",
    ),
    (
        "valid-deref",
        "A memory access can be invalid.",
        "An access through a null or dangling pointer, or outside the bounds of its object.",
    ),
    ("valid-free", "A free can be invalid.", "free of a pointer that is not the start of a live heap object."),
    (
        "valid-memtrack",
        "Heap memory can be leaked.",
        "A heap object is still allocated and unreachable when the program ends.",
    ),
    (
        "no-overflow",
        "A signed operation can overflow.",
        "A signed + - * / % << or negation whose exact result is outside its type.",
    ),
    (
        "termination",
        "A loop may not terminate.",
        "Some input makes the loop run forever: a stem into a recurrent set of the loop, replayed by the interpreter.",
    ),
    (
        "loop-bound",
        "How many times a loop's body starts.",
        "An upper bound on the body starts of one execution of the loop statement over the values its variables have on entry, and the most over every execution (max), each proven by the independent checker; or why there is none.",
    ),
];

/// `verify`'s report.
pub fn verify(files: &SourceFiles, r: &SafetyReport) -> Value {
    let mut results = Vec::new();
    match &r.checks {
        Some(checks) => {
            for c in &checks.checks {
                match &c.status {
                    CheckStatus::Proven { .. } => {}
                    CheckStatus::Violated { counterexample } => results.push(finding(
                        files,
                        c.kind,
                        "error",
                        format!("{} ({}): violated on a replayed execution", c.what, c.kind),
                        Some(c.span),
                        Some(counterexample),
                    )),
                    CheckStatus::Unknown { reason } => results.push(finding(
                        files,
                        c.kind,
                        "note",
                        format!("{} ({}): not decided: {reason}", c.what, c.kind),
                        Some(c.span),
                        None,
                    )),
                }
            }
        }
        None => match r.verdict {
            Verdict::False => {
                let cex = r.counterexample.as_ref();
                let at = cex.map(|c| c.failing);
                results.push(finding(files, "unreach-call", "error", "The assertion fails".into(), at, cex));
            }
            Verdict::Unknown => {
                let why = r.reason.clone().unwrap_or_default();
                results.push(finding(files, "unreach-call", "note", format!("Not decided: {why}"), None, None));
            }
            Verdict::True => {}
        },
    }
    document(files, results, crate::verify::to_json(files, r))
}

/// `terminate`'s report: a result per loop that may not terminate or is undecided.
pub fn terminate(files: &SourceFiles, r: &TerminationReport) -> Value {
    let mut results = Vec::new();
    for l in &r.loops {
        let at = Some(l.span);
        match l.verdict {
            Verdict::False => {
                let set = l.witness.as_ref().map_or(String::new(), |w| format!(": recurrent set {}", w.recurrent_set));
                let text = format!("This {} loop may not terminate{set}", l.kind.name());
                results.push(finding(files, "termination", "warning", text, at, None));
            }
            Verdict::Unknown => {
                let why = l.reason.clone().unwrap_or_default();
                let text = format!("Termination of this {} loop not decided: {why}", l.kind.name());
                results.push(finding(files, "termination", "note", text, at, None));
            }
            Verdict::True => {}
        }
    }
    if r.verdict == Verdict::Unknown && r.loops.is_empty() {
        let why = r.reason.clone().unwrap_or_default();
        results.push(finding(files, "termination", "note", format!("Not decided: {why}"), None, None));
    }
    document(files, results, crate::terminate::to_json(files, r))
}

/// `bound`'s report: per loop a `pass` with its bound and certificate, a `warning` for a loop
/// shown to be unbounded, a `note` for a loop without a bound, with the reason.
pub fn bound(files: &SourceFiles, r: &BoundsReport) -> Value {
    let mut results = Vec::new();
    for l in &r.loops {
        let at = Some(l.span);
        let kind = l.kind.name();
        let mut result = match (&l.bound, &l.unbounded) {
            (Some(b), _) => {
                let max = l.max.map_or(String::new(), |m| format!(", at most {m} in any execution"));
                let text = format!("This {kind} loop's body starts at most {b} times per execution of the loop{max}");
                let mut v = finding(files, "loop-bound", "none", text, at, None);
                v["kind"] = json!("pass");
                v
            }
            (None, Some(evidence)) => {
                let text = format!("This {kind} loop is unbounded: {evidence}");
                finding(files, "loop-bound", "warning", text, at, None)
            }
            (None, None) => {
                let why = l.reason.clone().unwrap_or_default();
                finding(files, "loop-bound", "note", format!("No bound for this {kind} loop: {why}"), at, None)
            }
        };
        result["properties"] = json!({
            "function": l.function,
            "bound": l.bound,
            "max": l.max.map(|m| m.to_string()),
            "technique": l.technique,
            "certificate": l.certificate,
        });
        results.push(result);
    }
    document(files, results, crate::bounds::to_json(files, r))
}

fn document(files: &SourceFiles, results: Vec<Value>, report: Value) -> Value {
    let rules: Vec<Value> = RULES
        .iter()
        .map(|(id, short, help)| json!({ "id": id, "shortDescription": { "text": short }, "help": { "text": help } }))
        .collect();
    // (Not the preprocessor's pseudo-files, `<built-in>` and `<command-line>`.)
    let artifacts: Vec<Value> = files
        .iter()
        .filter(|(_, p)| !p.starts_with('<'))
        .map(|(_, p)| json!({ "location": { "uri": uri(p) } }))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "Leapfrog",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://leapfrog.invalid",
                "rules": rules,
            }},
            "artifacts": artifacts,
            "results": results,
            "properties": { "leapfrog": report },
        }],
    })
}

fn finding(
    files: &SourceFiles,
    rule: &str,
    level: &str,
    text: String,
    at: Option<Span>,
    cex: Option<&Counterexample>,
) -> Value {
    let rule_index = RULES.iter().position(|(id, _, _)| *id == rule).unwrap_or(0);
    let mut v = json!({
        "ruleId": rule,
        "ruleIndex": rule_index,
        "level": level,
        "message": { "text": text },
    });
    if let Some(span) = at.filter(|s| s.is_known()) {
        v["locations"] = json!([location(files, span)]);
    }
    if let Some(c) = cex {
        let steps: Vec<Value> = c
            .path
            .iter()
            .filter(|s| s.is_known())
            .map(|s| json!({ "location": location(files, *s) }))
            .chain(std::iter::once(json!({ "location": location(files, c.failing), "kinds": ["exit"] })))
            .collect();
        v["codeFlows"] = json!([{
            "message": { "text": format!("inputs {:?}", c.inputs) },
            "threadFlows": [{ "locations": steps }],
        }]);
        v["properties"] = json!({ "inputs": c.inputs.iter().map(|x| x.to_string()).collect::<Vec<_>>() });
    }
    v
}

fn location(files: &SourceFiles, s: Span) -> Value {
    let mut region = json!({ "startLine": s.line.max(1) });
    if s.col > 0 {
        region["startColumn"] = json!(s.col);
    }
    json!({ "physicalLocation": { "artifactLocation": { "uri": uri(files.path(s.file)) }, "region": region } })
}

/// A file path as a URI reference: `file://` and the path when it is absolute, the path alone
/// when relative; characters other than unreserved ones and `/` percent-encoded.
pub fn uri(path: &str) -> String {
    let encoded: String = path
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    if path.starts_with('/') { format!("file://{encoded}") } else { encoded }
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(uri("/tmp/a b.c"), "file:///tmp/a%20b.c");
        assert_eq!(uri("dir/x#1.c"), "dir/x%231.c");
    }
}
