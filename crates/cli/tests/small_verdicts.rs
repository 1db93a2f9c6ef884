//! Verdicts of small C programs that state their expected answers (`tests/verdicts/*.c`), through
//! the binary. Each program has one or more annotation lines:
//!
//! ```text
//! //! verify: TRUE no-assertion          the verdict, and the technique that must answer
//! //! verify: FALSE concrete-execution @10   ... and the line of the failing assertion
//! //! verify: not concrete-execution     any answer, but not from this technique
//! //! terminate: TRUE concrete-execution
//! ```
//!
//! A TRUE must come with a certificate of its technique's kind; a FALSE of `verify` with a
//! counterexample that `exec` replays to the failing assertion.

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::leapfrog;

/// What an annotation expects of one job.
#[derive(Debug)]
struct Expectation {
    job: String,
    /// `None` for `not TECHNIQUE`.
    verdict: Option<String>,
    technique: Option<String>,
    not_technique: Option<String>,
    line: Option<u64>,
}

fn parse(line: &str) -> Option<Expectation> {
    let rest = line.strip_prefix("//! ")?;
    let (job, spec) = rest.split_once(':')?;
    let words: Vec<&str> = spec.split_whitespace().collect();
    let mut e =
        Expectation { job: job.trim().to_string(), verdict: None, technique: None, not_technique: None, line: None };
    match words.as_slice() {
        ["not", technique] => e.not_technique = Some(technique.to_string()),
        [verdict, rest @ ..] => {
            e.verdict = Some(verdict.to_string());
            for w in rest {
                match w.strip_prefix('@') {
                    Some(n) => e.line = Some(n.parse().expect("a line number after @")),
                    None => e.technique = Some(w.to_string()),
                }
            }
        }
        [] => panic!("an empty annotation: {line}"),
    }
    Some(e)
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/verdicts")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
}

fn run(job: &str, file: &str) -> Value {
    let out = leapfrog(&[job, "--format", "json", "--timeout", "20", file]);
    assert_eq!(out.status.code(), Some(0), "{job} {file}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// Why the answer `v` of `e.job` on `file` does not meet `e` (empty when it does).
fn check(e: &Expectation, file: &str, v: &Value) -> Vec<String> {
    let mut wrong = Vec::new();
    let technique = v["technique"].as_str();
    if let Some(verdict) = &e.verdict
        && v["verdict"] != verdict.as_str()
    {
        wrong.push(format!("verdict {} instead of {verdict}", v["verdict"]));
    }
    if let Some(t) = &e.technique
        && technique != Some(t.as_str())
    {
        wrong.push(format!("technique {:?} instead of {t}", technique));
    }
    if let Some(t) = &e.not_technique
        && technique == Some(t.as_str())
    {
        wrong.push(format!("answered by {t}"));
    }
    if e.job == "verify" && v["verdict"] == "TRUE" {
        let kind = v["certificate"]["kind"].as_str();
        let fact = v["certificate"]["fact"].as_str();
        match technique {
            Some(t @ ("no-assertion" | "concrete-execution")) if kind != Some(t) || fact.is_none() => {
                wrong.push(format!("certificate {} for {t}", v["certificate"]))
            }
            _ => {}
        }
    }
    if e.job == "verify" && v["verdict"] == "FALSE" {
        let cex = &v["counterexample"];
        let line = cex["violation"]["line"].as_u64();
        if let Some(n) = e.line
            && line != Some(n)
        {
            wrong.push(format!("violation at line {line:?} instead of {n}"));
        }
        let inputs: Vec<&str> = cex["nondet"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
        let out = leapfrog(&["exec", "--format", "json", "--uninit", "nondet", "--nondet", &inputs.join(","), file]);
        let replay: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        if replay["outcome"] != "error" || replay["line"].as_u64() != line {
            wrong.push(format!("the counterexample does not replay to the violation: {replay}"));
        }
    }
    wrong
}

#[test]
fn small_programs_get_their_stated_verdicts() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in programs() {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let expectations: Vec<Expectation> = text.lines().filter_map(parse).collect();
        assert!(!expectations.is_empty(), "{file} states no verdict");
        for e in &expectations {
            let v = run(&e.job, &file);
            checked += 1;
            for why in check(e, &file, &v) {
                failures.push(format!("{} {}: {why}\n  answer: {v}", e.job, path.file_name().unwrap().display()));
            }
        }
    }
    assert!(checked >= 10, "only {checked} expectations");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
