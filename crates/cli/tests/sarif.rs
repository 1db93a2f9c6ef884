//! `--format sarif`: every SARIF document `verify` and `terminate` print for the small programs
//! of `tests/verdicts` (those with a `verify:` or `terminate:` annotation), and `verify
//! --property memsafety` for programs of `tests/checks` and a pair of the buffer-overflow
//! examples, validates against the official SARIF 2.1.0 schema (OASIS, draft-04; a copy in
//! `crates/report/schemas/`) with a JSON-schema validator, and its results follow the verdict:
//! a FALSE of `verify` has an `error` result with a code flow ending at the violation, a FALSE
//! of `terminate` a `warning` at a loop, an UNKNOWN a `note`, a TRUE no error or warning; the
//! run's properties carry the JSON report (its verdict, certificate or counterexample). `bound
//! --format sarif` of every program of `tests/bound` too: a result per loop, a `pass` with its
//! bound where it has one.

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::leapfrog;

#[path = "support/corpus.rs"]
mod corpus;

#[path = "support/schemas.rs"]
mod schemas;

fn annotated(dir: &str, job: &str) -> Vec<PathBuf> {
    let mut out = corpus::c_programs(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir));
    out.retain(|p| std::fs::read_to_string(p).unwrap().lines().any(|l| l.starts_with(&format!("//! {job}:"))));
    out
}

#[test]
fn sarif_documents_validate_and_follow_the_verdict() {
    let validator = schemas::validator("sarif-schema-2.1.0.json");
    // The validator rejects what the schema forbids (a driver without its name).
    let nameless = serde_json::json!({ "version": "2.1.0", "runs": [{ "tool": { "driver": {} } }] });
    assert!(!validator.is_valid(&nameless));
    let mut runs: Vec<(Vec<String>, PathBuf)> = Vec::new();
    for p in annotated("tests/verdicts", "verify") {
        runs.push((vec!["verify".into()], p));
    }
    for p in annotated("tests/verdicts", "terminate") {
        runs.push((vec!["terminate".into()], p));
    }
    let mut memsafety = corpus::c_programs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/checks"));
    memsafety.truncate(12);
    let bo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/buffer-overflows");
    memsafety.extend(["apache_get_tag_bad.c", "apache_get_tag_ok.c"].map(|f| bo.join(f)));
    for p in memsafety {
        runs.push((vec!["verify".into(), "--property".into(), "memsafety".into()], p));
    }
    for p in corpus::c_programs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bound")) {
        runs.push((vec!["bound".into()], p));
    }
    assert!(runs.len() >= 60, "too few runs: {}", runs.len());
    let failures = std::sync::Mutex::new(Vec::new());
    let levels = std::sync::Mutex::new(std::collections::BTreeMap::<String, usize>::new());
    corpus::for_each_parallel(&runs, |(job, program)| {
        let path = program.display().to_string();
        let mut args: Vec<&str> = job.iter().map(String::as_str).collect();
        args.extend(["--timeout", "10", "--format", "sarif", &path]);
        let out = leapfrog(&args);
        let name = format!("{} {}", job.join(" "), program.file_name().unwrap().to_string_lossy());
        let problem = serde_json::from_slice::<Value>(&out.stdout)
            .map_err(|e| format!("not JSON: {e}"))
            .and_then(|doc| check(&validator, &doc, &job[0]));
        match problem {
            Ok(found) => {
                let mut l = levels.lock().unwrap();
                for level in found {
                    *l.entry(level).or_default() += 1;
                }
            }
            Err(why) => failures.lock().unwrap().push(format!("{name}: {why}")),
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let levels = levels.into_inner().unwrap();
    for level in ["error", "warning", "note"] {
        assert!(levels.get(level).copied().unwrap_or(0) > 0, "no `{level}` result among {levels:?}");
    }
}

/// The levels of the document's results, or what is wrong with it.
fn check(validator: &jsonschema::Validator, doc: &Value, job: &str) -> Result<Vec<String>, String> {
    if let Err(e) = validator.validate(doc) {
        return Err(format!("does not validate: {e} at {}", e.instance_path()));
    }
    let run = &doc["runs"][0];
    if run["tool"]["driver"]["name"] != "Leapfrog" {
        return Err("the driver is not Leapfrog".into());
    }
    let report = &run["properties"]["leapfrog"];
    let results = run["results"].as_array().ok_or("no results")?;
    if job == "bound" {
        return check_bounds(report, results);
    }
    let verdict = report["verdict"].as_str().ok_or("no report in the run's properties")?;
    let levels: Vec<String> = results.iter().map(|r| r["level"].as_str().unwrap_or("").to_string()).collect();
    let rules: Vec<&str> =
        run["tool"]["driver"]["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    for r in results {
        let id = r["ruleId"].as_str().unwrap_or("");
        if !rules.contains(&id) || rules.get(r["ruleIndex"].as_u64().unwrap_or(99) as usize) != Some(&id) {
            return Err(format!("result with an unknown rule {id}"));
        }
    }
    let has = |level: &str| levels.iter().any(|l| l == level);
    match (job, verdict) {
        ("verify", "FALSE") => {
            let error = results.iter().find(|r| r["level"] == "error").ok_or("a FALSE without an error result")?;
            let steps = error["codeFlows"][0]["threadFlows"][0]["locations"].as_array().ok_or("no code flow")?;
            let last = &steps.last().ok_or("an empty code flow")?["location"]["physicalLocation"]["region"];
            let violation = report["counterexample"]["violation"]["line"]
                .as_u64()
                .or_else(|| error["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64());
            if last["startLine"].as_u64() != violation {
                return Err(format!("the code flow ends at {last}, not at the violation {violation:?}"));
            }
        }
        ("terminate", "FALSE") if !has("warning") => return Err("a FALSE without a warning".into()),
        ("verify" | "terminate", "UNKNOWN") if !has("note") => return Err("an UNKNOWN without a note".into()),
        (_, "TRUE") if has("error") || has("warning") => return Err("a TRUE with a finding".into()),
        _ => {}
    }
    Ok(levels)
}

/// `bound`'s results: one per loop of the report, at the loop, a `pass` (with the bound in its
/// properties) exactly for the loops with a bound, else a warning (unbounded) or a note.
fn check_bounds(report: &Value, results: &[Value]) -> Result<Vec<String>, String> {
    let loops = report["loops"].as_array().ok_or("no report in the run's properties")?;
    if loops.len() != results.len() {
        return Err(format!("{} loops but {} results", loops.len(), results.len()));
    }
    let mut levels = Vec::new();
    for (l, r) in loops.iter().zip(results) {
        let region = &r["locations"][0]["physicalLocation"]["region"];
        if region["startLine"] != l["line"] || r["ruleId"] != "loop-bound" {
            return Err(format!("result {r} is not at its loop {l}"));
        }
        let expected = match (l["bound"].is_string(), l["unbounded"].as_bool()) {
            (true, _) => "none",
            (false, Some(true)) => "warning",
            _ => "note",
        };
        if r["level"] != expected || (expected == "none") != (r["kind"] == "pass") {
            return Err(format!("result {r} does not say what the loop's bound {l} says"));
        }
        if expected == "none" && r["properties"]["bound"] != l["bound"] {
            return Err(format!("result {r} lacks the bound"));
        }
        levels.push(r["level"].as_str().unwrap_or("").to_string());
    }
    Ok(levels)
}
