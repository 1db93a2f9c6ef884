//! `leapfrog fuzz` in a small seeded run: no wrong answer, refuted certificate, crash or
//! rejection on generated programs; and the fuzzer itself is checked against stand-ins that lie (an oracle that never
//! complains tests nothing).
//!
//! The seeded run goes through the binary ([`SEED`], [`PROGRAMS`] programs, `--timeout`
//! [`BUDGET_SECONDS`] s, two workers) and reads `summary.json`. Findings are listed on stderr
//! with their files (`-- --nocapture` shows the summary when the test passes); a failure names
//! the program to run again with `leapfrog fuzz --seed S --start N --programs 1 --keep-programs`.
//! Timeouts (a job killed 1.5 × budget + 2 s after it started) and suspects (a TRUE
//! termination answer with a run that does not end within 20 million interpreter steps nor
//! natively within `--native-timeout`, which may still be a long finite run) are reported but do
//! not fail the test: both depend on the machine's load or need
//! reading by hand. `leapfrog fuzz --programs 300` is the longer run.
//!
//! Known bugs and what this run sees of them: the front end reads volatile objects as ordinary
//! ones (no `havoc volatile`), though volatile reads are inputs. TRUE answers are checked on the
//! oracle's program, whose volatile reads are inputs (and whose `malloc`/`alloca` blocks and
//! local arrays are filled with inputs), so a TRUE that takes a volatile object as fixed is
//! contradicted, and a TRUE by `concrete-execution` is a bad certificate as soon as two runs
//! differ (`leapfrog fuzz --seed 42 --programs 400 --timeout 5` finds four wrong TRUEs of
//! `verify`, five bad certificates and one wrong termination TRUE, a suspect, of this kind).
//! Seed [`SEED`] has no such program today. A call through a function
//! pointer or `setjmp`/`longjmp`: the generator writes neither (the interpreter cannot run them,
//! so no run could contradict an answer).

use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

const SEED: u64 = 2024;
const PROGRAMS: u64 = 24;
const BUDGET_SECONDS: &str = "2";

fn leapfrog() -> Command {
    Command::new(env!("CARGO_BIN_EXE_leapfrog"))
}

/// A fresh folder under the system temp dir.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("leapfrog-fuzz-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

fn summary(output: &Path) -> Value {
    let text = std::fs::read_to_string(output.join("summary.json")).expect("summary.json");
    serde_json::from_str(&text).expect("summary.json is JSON")
}

fn count(summary: &Value, kind: &str) -> u64 {
    summary["finding_counts"][kind].as_u64().unwrap_or_else(|| panic!("no count of {kind}"))
}

/// The findings of `kind`, one per line, with their files.
fn listed(summary: &Value, kind: &str) -> String {
    let mut lines = String::new();
    for f in summary["findings"].as_array().into_iter().flatten().filter(|f| f["kind"] == kind) {
        lines.push_str(&format!("  program {}: {} ({})\n", f["program"], f["what"], f["file"]));
    }
    lines
}

#[test]
fn a_seeded_fuzzing_run_finds_no_wrong_answer() {
    let output = temp_dir("seeded");
    let run = leapfrog()
        .args(["fuzz", "--seed", &SEED.to_string(), "--programs", &PROGRAMS.to_string()])
        .args(["--timeout", BUDGET_SECONDS, "--runs", "60", "--jobs", "2", "--native-timeout", "3", "--output"])
        .arg(&output)
        .output()
        .expect("leapfrog fuzz runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    eprintln!("{stdout}");
    assert_eq!(run.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&run.stderr));
    let summary = summary(&output);
    assert_eq!(summary["programs"], PROGRAMS);
    assert_eq!(summary["invalid_programs"], 0, "the generator wrote C that gcc rejects");
    let mut failures = String::new();
    for kind in ["wrong-true", "wrong-false", "bad-certificate", "crash", "rejected"] {
        if count(&summary, kind) > 0 {
            failures.push_str(&format!("{kind}:\n{}", listed(&summary, kind)));
        }
    }
    assert!(
        failures.is_empty(),
        "seed {SEED}: reproduce with `leapfrog fuzz --seed {SEED} --start N --programs 1 --keep-programs`\n{failures}"
    );
    // Leapfrog answers a share of the programs (fewer on a busy machine), so the run tests
    // something.
    let answered = |property: &str, verdict: &str| summary["answers"][property][verdict].as_u64().unwrap_or(0);
    let decided = answered("unreach-call", "TRUE")
        + answered("unreach-call", "FALSE")
        + answered("termination", "TRUE")
        + answered("termination", "FALSE");
    assert!(decided >= PROGRAMS / 4, "only {decided} answers were TRUE or FALSE:\n{stdout}");
    let checked =
        summary["interpreter"]["runs"].as_u64().unwrap_or(0) + summary["interpreter"]["replays"].as_u64().unwrap_or(0);
    assert!(checked > 0, "no interpreter run checked an answer");
    let _ = std::fs::remove_dir_all(&output);
}

/// A stand-in for `leapfrog` that prints `verify` and `terminate` answers.
fn stand_in(dir: &Path, verify: &str, terminate: &str) -> PathBuf {
    let path = dir.join("liar.sh");
    let script = format!("#!/bin/sh\nif [ \"$1\" = verify ]; then echo '{verify}'; else echo '{terminate}'; fi\n");
    std::fs::write(&path, script).expect("write stand-in");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

fn fuzz_with(exe: &Path, output: &Path, programs: &str, extra: &[&str]) -> std::process::Output {
    leapfrog()
        .args(["fuzz", "--seed", "7", "--programs", programs, "--runs", "40", "--max-steps", "100000"])
        .args(["--jobs", "2", "--exe"])
        .arg(exe)
        .arg("--output")
        .arg(output)
        .args(extra)
        .output()
        .expect("leapfrog fuzz runs")
}

#[test]
fn a_tool_that_always_answers_true_is_caught() {
    let dir = temp_dir("liar-true");
    let answer = r#"{"verdict":"TRUE","semantics":"default","technique":"liar"}"#;
    let exe = stand_in(&dir, answer, answer);
    let output = dir.join("out");
    let run = fuzz_with(&exe, &output, "12", &["--fail-on-findings"]);
    assert_eq!(run.status.code(), Some(1), "{}", String::from_utf8_lossy(&run.stdout));
    let summary = summary(&output);
    assert!(count(&summary, "wrong-true") > 0, "{summary:#}");
    assert!(count(&summary, "suspect") > 0, "{summary:#}");
    // A wrong TRUE's file is the program with the run that contradicts it.
    let finding = summary["findings"].as_array().unwrap().iter().find(|f| f["kind"] == "wrong-true").unwrap();
    let file = PathBuf::from(finding["file"].as_str().unwrap());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("leapfrog fuzz finding: wrong TRUE (unreach-call)"), "{text}");
    let details: Value = serde_json::from_str(&std::fs::read_to_string(file.with_extension("json")).unwrap()).unwrap();
    assert_eq!(details["kind"], "wrong-true");
    assert!(details["stream"].is_array());
    // The stream replays to the failing assertion with `leapfrog exec`.
    let stream: Vec<&str> = details["stream"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    let run_file = PathBuf::from(details["run_file"].as_str().expect("the file the stream runs on"));
    let mut exec = leapfrog();
    exec.arg("exec").arg(&run_file).args(["--uninit", "nondet", "--format", "json"]);
    exec.arg(format!("--nondet={}", stream.join(",")));
    if let Some(entry) = details["entry"].as_str() {
        exec.args(["--entry", entry]);
    }
    if let Some(model) = details["data_model"].as_str() {
        exec.args(["--data-model", model]);
    }
    let replay = exec.output().unwrap();
    let outcome: Value = serde_json::from_slice(&replay.stdout).expect("exec prints JSON");
    assert_eq!(outcome["outcome"], "error", "{outcome}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tool_whose_false_answers_do_not_replay_is_caught() {
    let dir = temp_dir("liar-false");
    let verify = r#"{"verdict":"FALSE","semantics":"default","technique":"liar","counterexample":{"nondet":["0"]}}"#;
    let terminate = r#"{"verdict":"FALSE","semantics":"default","technique":"liar","loops":[{"verdict":"FALSE","witness":{"stem":{"nondet":[],"uninit":"nondet"},"choices":[]}}]}"#;
    let exe = stand_in(&dir, verify, terminate);
    let output = dir.join("out");
    let run = fuzz_with(&exe, &output, "6", &[]);
    assert_eq!(run.status.code(), Some(0), "findings are no error without --fail-on-findings");
    let summary = summary(&output);
    assert!(count(&summary, "wrong-false") > 0, "{summary:#}");
    let kinds: Vec<&str> =
        summary["findings"].as_array().unwrap().iter().filter_map(|f| f["property"].as_str()).collect();
    assert!(kinds.contains(&"unreach-call") && kinds.contains(&"termination"), "{kinds:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn crashes_and_rejections_are_findings() {
    let dir = temp_dir("crash");
    let path = dir.join("crash.sh");
    std::fs::write(&path, "#!/bin/sh\nif [ \"$1\" = verify ]; then echo boom >&2; exit 3; else exit 2; fi\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let output = dir.join("out");
    let run = fuzz_with(&path, &output, "2", &["--fail-on-findings"]);
    assert_eq!(run.status.code(), Some(1));
    let summary = summary(&output);
    assert_eq!(count(&summary, "crash"), 2, "{summary:#}");
    assert_eq!(count(&summary, "rejected"), 2, "{summary:#}");
    assert_eq!(summary["interpreter"]["runs"], 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_program_is_the_same_alone_and_in_a_run() {
    let dir = temp_dir("repeat");
    let answer = r#"{"verdict":"UNKNOWN","semantics":"default","technique":null,"reason":"stand-in"}"#;
    let exe = stand_in(&dir, answer, answer);
    let (all, one) = (dir.join("all"), dir.join("one"));
    fuzz_with(&exe, &all, "4", &["--keep-programs"]);
    let single = leapfrog()
        .args(["fuzz", "--seed", "7", "--start", "2", "--programs", "1", "--keep-programs", "--exe"])
        .arg(&exe)
        .arg("--output")
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(single.status.code(), Some(0));
    let read = |dir: &Path| std::fs::read_to_string(dir.join("programs").join("s7-p2.c")).unwrap();
    assert_eq!(read(&all), read(&one));
    assert!(read(&one).starts_with("// leapfrog fuzz --seed 7 --start 2 --programs 1\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---- Findings kept as regression tests (`tests/fuzz_findings/`) ------------------------------
//
// Reduced programs from fuzzing runs, each with what was found in its first comment. Bugs not
// fixed yet are ignored with the reason;
// `cargo test --test soundness_fuzz -- --ignored` runs them, and a fix makes them pass.

fn finding(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_findings").join(name)
}

/// The JSON answer of `leapfrog JOB FILE --format json --timeout 5`.
fn answer(job: &str, file: &Path) -> Value {
    let out =
        leapfrog().arg(job).arg(file).args(["--format", "json", "--timeout", "5"]).output().expect("leapfrog runs");
    serde_json::from_slice(&out.stdout).expect("a JSON answer")
}

#[test]
fn a_volatile_read_that_decides_termination_is_no_single_execution() {
    let answer = answer("terminate", &finding("volatile_decides_termination.c"));
    assert_ne!(answer["verdict"], "TRUE", "{answer}");
}

#[test]
fn a_volatile_read_that_decides_an_assertion_is_no_single_execution() {
    let answer = answer("verify", &finding("volatile_decides_assertion.c"));
    assert_ne!(answer["verdict"], "TRUE", "{answer}");
}

#[test]
fn a_volatile_read_is_not_a_constant_in_invariants() {
    let answer = answer("terminate", &finding("volatile_invariant.c"));
    assert_ne!(answer["verdict"], "TRUE", "{answer}");
}

/// Fixed by main's "never-written memory is input" (the interpreter read such bytes as 0).
#[test]
fn a_never_written_alloca_cell_that_decides_termination_is_input() {
    let answer = answer("terminate", &finding("alloca_decides_termination.c"));
    assert_ne!(answer["verdict"], "TRUE", "{answer}");
}

#[test]
fn verify_keeps_its_budget_when_replays_run_long() {
    let started = std::time::Instant::now();
    let out = leapfrog()
        .arg("verify")
        .arg(finding("replay_overruns_budget.c"))
        .args(["--format", "json", "--timeout", "2"])
        .output()
        .expect("leapfrog runs");
    let seconds = started.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0));
    assert!(seconds < 3.5, "`verify --timeout 2` took {seconds:.1} s");
}
