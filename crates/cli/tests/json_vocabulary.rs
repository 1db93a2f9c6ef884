//! One JSON vocabulary: every job's `--format json` output, and the project report of project
//! mode, validates against the project's own schema (`crates/report/schemas/
//! leapfrog-output.schema.json`, which states the shared words: `job`, `diagnostics`,
//! `time_seconds`, places as `file`/`line`/`column`, `reads`/`modifies`, an `invariant` as one
//! C expression with its `conjuncts`, `verdict`/`result`/`reason`), on the examples, a sample of
//! the verdict programs and a memory-safety program; and no output anywhere uses a retired word
//! (`modified`, `elapsed_seconds`) or a place without its file and column.

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

#[path = "support/corpus.rs"]
mod corpus;

#[path = "support/schemas.rs"]
mod schemas;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The programs every job runs on: the README's examples and the first verdict programs.
fn programs() -> Vec<PathBuf> {
    let examples = manifest_dir().join("../../examples");
    let mut out: Vec<PathBuf> = ["loops.c", "terminate.c", "verify.c"].iter().map(|f| examples.join(f)).collect();
    out.extend(corpus::c_programs(&manifest_dir().join("tests/verdicts")).into_iter().step_by(9).take(6));
    out
}

/// What is wrong with one output: schema errors, retired words, places without file or column.
fn problems(validator: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    let mut out: Vec<String> = validator
        .iter_errors(doc)
        .take(5)
        .map(|e| format!("at {} (schema {})", e.instance_path(), e.schema_path()))
        .collect();
    walk(doc, &mut out);
    out
}

fn walk(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for retired in ["modified", "elapsed_seconds"] {
                if map.contains_key(retired) {
                    out.push(format!("the retired word `{retired}` in {v}"));
                }
            }
            if map.get("line").is_some_and(Value::is_u64) && !(map.contains_key("file") && map.contains_key("column")) {
                out.push(format!("a place without its file and column: {v}"));
            }
            map.values().for_each(|x| walk(x, out));
        }
        Value::Array(items) => items.iter().for_each(|x| walk(x, out)),
        _ => {}
    }
}

#[test]
fn every_job_speaks_the_documented_vocabulary() {
    let validator = schemas::validator("leapfrog-output.schema.json");
    // The schema rejects what the vocabulary retired.
    let old = serde_json::json!({ "job": "bound", "diagnostics": [], "elapsed_seconds": 1.0 });
    assert!(!validator.is_valid(&old));

    let mut runs: Vec<Vec<String>> = Vec::new();
    for p in programs() {
        let p = p.display().to_string();
        for job in ["loops", "verify", "terminate", "summarize", "invariants", "bound", "testgen", "classify"] {
            runs.push(vec![job.into(), "--timeout".into(), "10".into(), p.clone()]);
        }
        runs.push(vec!["exec".into(), "--nondet".into(), "3,1,4".into(), p.clone()]);
    }
    for p in corpus::c_programs(&manifest_dir().join("tests/checks")).into_iter().take(2) {
        runs.push(vec![
            "verify".into(),
            "--property".into(),
            "memsafety".into(),
            "--timeout".into(),
            "10".into(),
            p.display().to_string(),
        ]);
    }
    // (exec and loops have no --timeout.)
    for r in &mut runs {
        if r[0] == "exec" || r[0] == "loops" {
            r.retain(|a| a != "--timeout" && a != "10");
        }
    }
    let failures = std::sync::Mutex::new(Vec::new());
    corpus::for_each_parallel(&runs, |args| {
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        args.extend(["--format", "json"]);
        let out = leapfrog(&args);
        match serde_json::from_slice::<Value>(&out.stdout) {
            Ok(doc) => {
                let found = problems(&validator, &doc);
                if !found.is_empty() {
                    let found: Vec<String> = found.iter().map(|f| f.chars().take(400).collect()).collect();
                    failures.lock().unwrap().push(format!("{args:?}: {}", found.join("; ")));
                }
            }
            Err(e) => failures.lock().unwrap().push(format!("{args:?}: not JSON: {e}")),
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_project_report_speaks_it_too() {
    let validator = schemas::validator("leapfrog-output.schema.json");
    let dir = temp_dir("vocabulary-project");
    let a = write(&dir, "a.c", "int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }\n");
    let b = write(&dir, "b.c", "int g(int x) { while (x > 0) x = x + 1; return x; }\n");
    for job in ["loops", "classify", "terminate", "bound"] {
        let out = leapfrog(&[job, "--html", dir.join("report").to_str().unwrap(), "--format", "json", &a, &b]);
        let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{job}: not JSON: {e}"));
        let found = problems(&validator, &doc);
        assert!(
            found.is_empty(),
            "{job}: {}",
            found.iter().map(|f| f.chars().take(400).collect::<String>()).collect::<Vec<_>>().join("; ")
        );
        assert_eq!(doc["units"].as_array().unwrap().len(), 2, "{job}");
    }
}
