//! The same input gives the same output: every paper example (`paper-examples` in the manifest)
//! is run [`RUNS`] times through the binary with the job its property asks for (`terminate` or
//! `verify`, `--format json`) and a budget no run comes near, and the JSON answers must be
//! identical apart from `time_seconds`. A difference means an iteration over a hash-ordered
//! collection where order matters, or another source of run-to-run variation (ARCHITECTURE.md,
//! Decisions: determinism). Only a run that hits its deadline may answer differently, so a run
//! whose answer mentions a time limit fails the test too (the budget must be raised).

#[path = "support/corpus.rs"]
mod corpus;

use corpus::benchmarks_dir;
use serde_json::Value;
use std::process::Command;

/// Runs per program.
const RUNS: usize = 3;
/// `--timeout` of each run, in seconds: far above what any example needs (a few seconds).
const BUDGET: &str = "120";

/// `(job, program)` for every paper example of the manifest, in manifest order.
fn examples() -> Vec<(&'static str, String)> {
    let dir = benchmarks_dir();
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let mut out = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        if cols.get(1) != Some(&"paper-examples") {
            continue;
        }
        let job = match cols.get(3) {
            Some(&"termination") => "terminate",
            Some(&"unreach-call") => "verify",
            _ => continue,
        };
        out.push((job, dir.join(cols[2]).display().to_string()));
    }
    out
}

/// `v` without its `time_seconds` fields.
fn without_times(v: Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter().filter(|(k, _)| k != "time_seconds").map(|(k, v)| (k, without_times(v))).collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(without_times).collect()),
        other => other,
    }
}

fn run(job: &str, file: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args([job, file, "--format", "json", "--timeout", BUDGET])
        .output()
        .expect("run leapfrog");
    assert_eq!(out.status.code(), Some(0), "{job} {file}: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{job} {file}: invalid JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)));
    without_times(v)
}

#[test]
fn paper_examples_answer_the_same_in_every_run() {
    let examples = examples();
    assert!(examples.len() >= 10, "only {} paper examples in the manifest", examples.len());
    let mut differing = Vec::new();
    for (job, file) in &examples {
        let first = run(job, file);
        let text = first.to_string();
        assert!(
            !text.contains("time limit") && !text.contains("out of time"),
            "{job} {file} hit its deadline; raise BUDGET: {text}"
        );
        for k in 1..RUNS {
            let again = run(job, file);
            if again != first {
                differing.push(format!("{job} {file}: run 1 and run {}:\n  {first}\n  {again}", k + 1));
                break;
            }
        }
    }
    assert!(differing.is_empty(), "answers differ between identical runs:\n{}", differing.join("\n"));
}
