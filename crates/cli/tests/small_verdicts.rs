//! Verdicts of small C programs that state their expected answers (`tests/verdicts/*.c`), through
//! the binary. Each program has one or more annotation lines:
//!
//! ```text
//! //! verify: TRUE no-assertion          the verdict, and the technique that must answer
//! //! verify: FALSE concrete-execution @10   ... and the line of the failing assertion
//! //! verify: not concrete-execution     any answer, but not from this technique
//! //! terminate: TRUE concrete-execution
//! //! terminate: not TRUE                any answer but this verdict
//! //! summarize: sound                   every printed invariant and exit condition holds on every run
//! ```
//!
//! A TRUE must come with a certificate of its technique's kind, and `verify`'s loop invariants
//! (with their conjuncts over ghost variables) must hold on every run, checked as `summarize:
//! sound` checks (below); a FALSE of `verify` with a
//! counterexample that `exec` replays to the failing assertion; a FALSE of `terminate` with a
//! stem that `exec` replays into a run that does not end. `summarize: sound` inserts each loop's
//! printed invariant and exit conditions into the source at its loop (`support/instrument.rs`)
//! and runs the instrumented program on input streams full of small values (`exec --uninit
//! nondet`): the instrumented program must be valid C (every name visible where it is inserted)
//! and no run may violate one.
//!
//! `sources_*.c` and `opaque_*.c` form the table of issue 9: for every source of
//! nondeterminism and every kind of opaque step, a program whose answer flips when the source is
//! wrongly taken as fixed (or the opaque step as harmless).

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

#[path = "support/instrument.rs"]
mod instrument;
use instrument::{LoopCheck, instrument};

/// What an annotation expects of one job.
#[derive(Debug)]
struct Expectation {
    job: String,
    /// `None` for `not TECHNIQUE`.
    verdict: Option<String>,
    technique: Option<String>,
    not_technique: Option<String>,
    not_verdict: Option<String>,
    line: Option<u64>,
}

fn parse(line: &str) -> Option<Expectation> {
    let rest = line.strip_prefix("//! ")?;
    let (job, spec) = rest.split_once(':')?;
    let words: Vec<&str> = spec.split_whitespace().collect();
    let mut e = Expectation {
        job: job.trim().to_string(),
        verdict: None,
        technique: None,
        not_technique: None,
        not_verdict: None,
        line: None,
    };
    match words.as_slice() {
        ["not", "TRUE" | "FALSE" | "UNKNOWN"] => e.not_verdict = Some(words[1].to_string()),
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
    if e.job == "summarize" {
        return summaries_hold(file, v);
    }
    let technique = v["technique"].as_str();
    if let Some(verdict) = &e.not_verdict
        && v["verdict"] == verdict.as_str()
    {
        wrong.push(format!("verdict {verdict}"));
    }
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
        wrong.extend(certificate_holds(file, v));
        for l in v["certificate"]["loops"].as_array().into_iter().flatten() {
            let texts = std::iter::once(&l["invariant"]).chain(l["ghost_invariant"].as_array().into_iter().flatten());
            for t in texts.filter_map(Value::as_str).filter(|t| names_hidden_object(t)) {
                wrong.push(format!("an invariant names a hidden object: {t}"));
            }
        }
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
    if e.job == "terminate" && v["verdict"] == "FALSE" {
        for l in v["loops"].as_array().unwrap().iter().filter(|l| l["verdict"] == "FALSE") {
            let w = &l["witness"];
            let inputs: Vec<&str> =
                w["stem"]["nondet"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
            if !w["choices"].as_array().is_some_and(|c| c.is_empty()) {
                continue;
            }
            let stream = inputs.join(",");
            let out = leapfrog(&[
                "exec",
                "--format",
                "json",
                "--uninit",
                "nondet",
                "--max-steps",
                "1000000",
                "--nondet",
                &stream,
                file,
            ]);
            let replay: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
            if replay["outcome"] != "limit" {
                wrong.push(format!("the stem does not replay into a run that goes on: {replay}"));
            }
        }
    }
    wrong
}

/// Whether the C text `t` names a hidden object (a name starting with `.`, as a string literal's
/// `.str0` or the label table `.labels.main`): a `.` after neither a name, a digit nor a closing
/// bracket, followed by a letter.
fn names_hidden_object(t: &str) -> bool {
    let b = t.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'.'
            && b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic())
            && !(i > 0 && (b[i - 1].is_ascii_alphanumeric() || matches!(b[i - 1], b'_' | b')' | b']')))
    })
}

/// Input streams for `summarize: sound`: constant streams of the small values the programs test,
/// and mixes of them.
fn streams() -> Vec<String> {
    let values = [0i64, 1, -1, 3, 5, 7, 10, 100];
    let mut out: Vec<String> = values.iter().map(|x| vec![x.to_string(); 16].join(",")).collect();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..24 {
        let stream: Vec<String> = (0..16)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                values[(state % values.len() as u64) as usize].to_string()
            })
            .collect();
        out.push(stream.join(","));
    }
    out
}

/// The exit conditions printed for loop `l` (JSON), when they cover every exit through the
/// loop's condition (no condition was left out).
fn exits_to_check(l: &Value) -> Vec<String> {
    let left_out = l["notes"].as_array().unwrap().iter().any(|n| n.as_str().unwrap().contains("not shown"));
    if left_out {
        return Vec::new();
    }
    l["exits"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect()
}

/// Why the invariants and exit conditions `summarize` printed for `file` (its JSON `v`) do not
/// hold on every run.
fn summaries_hold(file: &str, v: &Value) -> Vec<String> {
    let checks: Vec<LoopCheck> = v["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| LoopCheck {
            line: l["line"].as_u64().unwrap() as usize,
            column: l["column"].as_u64().unwrap() as usize,
            kind: l["kind"].as_str().unwrap().to_string(),
            invariant: {
                let conj: Vec<String> =
                    l["conjuncts"].as_array().unwrap().iter().map(|c| format!("({})", c.as_str().unwrap())).collect();
                if conj.is_empty() { "1".to_string() } else { conj.join(" && ") }
            },
            exits: exits_to_check(l),
            ghost_invariant: Vec::new(),
        })
        .collect();
    checks_hold(file, &checks, true)
}

/// Why the invariants of `verify`'s certificate for `file` (its JSON `v`), the conjuncts over
/// ghost variables included, do not hold on every run.
fn certificate_holds(file: &str, v: &Value) -> Vec<String> {
    let Some(loops) = v["certificate"]["loops"].as_array() else { return Vec::new() };
    let checks: Vec<LoopCheck> = loops
        .iter()
        .filter(|l| l["file"].as_str() == Some(file))
        .map(|l| LoopCheck {
            line: l["line"].as_u64().unwrap() as usize,
            column: l["column"].as_u64().unwrap() as usize,
            kind: l["kind"].as_str().unwrap().to_string(),
            invariant: l["invariant"].as_str().unwrap().to_string(),
            exits: Vec::new(),
            ghost_invariant: l["ghost_invariant"]
                .as_array()
                .map(|a| a.iter().map(|c| c.as_str().unwrap().to_string()).collect())
                .unwrap_or_default(),
        })
        .collect();
    if checks.iter().all(|c| c.invariant == "1" && c.ghost_invariant.is_empty()) {
        return Vec::new();
    }
    checks_hold(file, &checks, false)
}

/// Why the facts `checks` do not hold on every run of `file` (on the input [`streams`]); with
/// `required`, also when none of them could be inserted (`do` and `goto` loops are not).
fn checks_hold(file: &str, checks: &[LoopCheck], required: bool) -> Vec<String> {
    let source = std::fs::read_to_string(file).unwrap();
    let (text, count) = match instrument(&source, checks) {
        Ok(x) => x,
        Err(why) => return vec![format!("cannot instrument the printed invariants: {why}")],
    };
    if count == 0 {
        return if required { vec!["no loop's invariant could be checked".into()] } else { Vec::new() };
    }
    let last_line = text.lines().count() as u64;
    let dir = temp_dir("summaries");
    let name = Path::new(file).file_name().unwrap().to_str().unwrap();
    let instrumented = write(&dir, name, &text);
    let mut wrong = Vec::new();
    for stream in streams() {
        let out = leapfrog(&[
            "exec",
            "--format",
            "json",
            "--uninit",
            "nondet",
            "--max-steps",
            "100000",
            "--nondet",
            &stream,
            &instrumented,
        ]);
        if out.status.code() != Some(0) {
            wrong.push(format!("the instrumented program is rejected: {}", String::from_utf8_lossy(&out.stderr)));
            break;
        }
        let r: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        if r["outcome"] == "abort" && r["line"].as_u64() == Some(last_line) {
            wrong.push(format!("a printed invariant fails on the stream [{stream}]:\n{text}"));
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
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
