//! The `testgen` job's output: per target its status and test, as text, JSON, or a Test-Comp
//! test suite (the test-format 1.1 XML files: `metadata.xml` and one `testcase-N.xml` a test).

use crate::position;
use leapfrog_results::tests::{Target, TargetKind, TargetStatus, TestCase, TestgenReport};
use leapfrog_source::{SourceFiles, Span};
use serde_json::{Value, json};

/// A stream as `exec --nondet` takes it: `3,-1,0`.
pub fn stream_text(nondet: &[i128]) -> String {
    nondet.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

/// The JSON number of a value (as text when it does not fit a JSON number exactly).
fn number(v: i128) -> Value {
    v.to_string().parse::<serde_json::Number>().map(Value::Number).unwrap_or_else(|_| json!(v.to_string()))
}

fn what(t: &Target) -> String {
    match &t.kind {
        TargetKind::Error => "error".into(),
        TargetKind::Line => "line".into(),
        TargetKind::Branch { condition } => format!("branch `{condition}`"),
    }
}

fn located(files: &SourceFiles, span: Span) -> Value {
    if span.is_known() { position(files, span) } else { json!({ "file": null, "line": null, "column": null }) }
}

pub fn to_json(files: &SourceFiles, r: &TestgenReport) -> Value {
    let targets: Vec<Value> = r
        .targets
        .iter()
        .map(|t| {
            let mut v = located(files, t.span);
            v["target"] = json!(match &t.kind {
                TargetKind::Error => "error",
                TargetKind::Line => "line",
                TargetKind::Branch { .. } => "branch",
            });
            if let TargetKind::Branch { condition } = &t.kind {
                v["condition"] = json!(condition);
            }
            v["status"] = json!(t.status.word());
            let test = t.test.map(|i| &r.tests[i]);
            v["test"] = json!(t.test);
            v["nondet"] = json!(test.map(|c| c.nondet.iter().map(|x| number(*x)).collect::<Vec<_>>()));
            v["steps"] = json!(test.and_then(|c| c.steps));
            v["replayed_by"] = json!(test.map(|c| c.replayed_by));
            v["technique"] = json!(t.technique);
            v["reason"] = json!(t.reason);
            v["certificate"] = json!(t.certificate);
            v
        })
        .collect();
    let tests: Vec<Value> = r
        .tests
        .iter()
        .map(|c| {
            json!({
                "nondet": c.nondet.iter().map(|x| number(*x)).collect::<Vec<_>>(),
                "steps": c.steps,
                "outcome": c.outcome,
                "replayed_by": c.replayed_by,
                "only_nondet_calls": c.only_nondet_calls,
            })
        })
        .collect();
    let mut out = json!({
        "job": "testgen",
        "goal": r.goal,
        "semantics": r.semantics.name(),
        "convention": "nondet: the input stream `leapfrog exec --nondet` takes (nondeterministic values and, in order, the values of uninitialized reads); every test was replayed (by the interpreter, or natively: replayed_by) and reached its targets; unreachable: proven by verify, with its certificate",
        "notes": r.notes,
        "targets": targets,
        "tests": tests,
        "time_seconds": r.elapsed.as_secs_f64(),
    });
    // The error goal answers `unreach-call` as `verify` does: reached is FALSE, unreachable TRUE.
    if let [t] = r.targets.as_slice()
        && t.kind == TargetKind::Error
    {
        out["verdict"] = json!(match t.status {
            TargetStatus::Reached => "FALSE",
            TargetStatus::Unreachable => "TRUE",
            TargetStatus::Unknown => "UNKNOWN",
        });
        out["technique"] = json!(t.technique);
        out["reason"] = json!(t.reason);
    }
    if let Some(c) = &r.coverage {
        out["coverage"] = json!({ "outcomes": c.outcomes, "covered": c.covered, "unreachable": c.unreachable });
    }
    out
}

pub fn to_text(files: &SourceFiles, r: &TestgenReport) -> String {
    let mut out = String::new();
    if let Some(c) = &r.coverage {
        out.push_str(&format!(
            "{} of {} branch outcomes covered by {} tests, {} proven unreachable ({} semantics)\n",
            c.covered,
            c.outcomes,
            r.tests.len(),
            c.unreachable,
            r.semantics.name()
        ));
    }
    for n in &r.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    for t in &r.targets {
        let place = if t.span.is_known() { format!(" at {}", files.display(t.span)) } else { String::new() };
        out.push_str(&format!("{}{place}: {}\n", what(t), t.status.word()));
        if let Some(i) = t.test {
            let c = &r.tests[i];
            let replay = match c.steps {
                Some(steps) => format!("{steps} steps"),
                None => "replayed natively".to_string(),
            };
            out.push_str(&format!(
                "  test {i}: --nondet {} ({replay}, {})\n",
                if c.nondet.is_empty() { "''".into() } else { stream_text(&c.nondet) },
                c.outcome
            ));
        }
        if let Some(tech) = t.technique {
            out.push_str(&format!("  technique: {tech}\n"));
        }
        if let Some(why) = &t.reason {
            out.push_str(&format!("  reason: {why}\n"));
        }
        for c in &t.certificate {
            out.push_str(&format!("  certificate: {c}\n"));
        }
    }
    out
}

/// What Test-Comp's metadata says of the suite.
pub struct TestCompMetadata<'a> {
    /// `COVER( init(main()), FQL(COVER EDGES(@CALL(reach_error))) )` and the like.
    pub specification: &'a str,
    pub program_file: &'a str,
    /// SHA-256 of the program file, in hex.
    pub program_hash: &'a str,
    pub entry_function: &'a str,
    /// `32bit` or `64bit`.
    pub architecture: &'a str,
    /// `2026-11-28T12:00:00Z`.
    pub creation_time: &'a str,
    pub producer: &'a str,
}

/// XML's escapes for text content.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// `metadata.xml` of a Test-Comp test suite (test-format 1.1).
pub fn testcomp_metadata(m: &TestCompMetadata) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" \"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n\
         <test-metadata>\n  <sourcecodelang>C</sourcecodelang>\n  <producer>{}</producer>\n  <specification>{}</specification>\n  <programfile>{}</programfile>\n  <programhash>{}</programhash>\n  <entryfunction>{}</entryfunction>\n  <architecture>{}</architecture>\n  <creationtime>{}</creationtime>\n</test-metadata>\n",
        escape(m.producer),
        escape(m.specification),
        escape(m.program_file),
        escape(m.program_hash),
        escape(m.entry_function),
        escape(m.architecture),
        escape(m.creation_time)
    )
}

/// One `testcase-N.xml`: an `<input>` per value, in the order the program reads them.
pub fn testcomp_testcase(c: &TestCase) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n\
         <!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" \"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n\
         <testcase>\n",
    );
    for v in &c.nondet {
        out.push_str(&format!("  <input>{v}</input>\n"));
    }
    out.push_str("</testcase>\n");
    out
}
