//! Internal errors in the binary: a panic inside the certificate checker is caught there and the
//! answer is UNKNOWN with the reason (exit 0, a valid answer); a panic nothing catches (in the
//! job, or in the analysis on its own thread) ends the run with exit 3 and the panic's message;
//! an analysis still running past its time limit (a solver call deaf to its deadline) gets
//! UNKNOWN a grace period later. Faults are injected with `LEAPFROG_INJECT_PANIC` (read by
//! `leapfrog_certify`'s `guarded` and by the CLI's `run` and verdict jobs) and
//! `LEAPFROG_INJECT_STALL`, which exist for these tests: an injected panic in the checker can
//! only make an answer UNKNOWN.

use serde_json::Value;
use std::process::{Command, Output};

#[path = "support/process.rs"]
mod process;
use process::{temp_dir, write};

/// `verify` proves this program with loop invariants, which the checker re-checks.
const SAFE: &str = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n\
                    int main(void) {\n  int n = __VERIFIER_nondet_int(), i = 0;\n  while (i < n) i++;\n  \
                    __VERIFIER_assert(n < 0 || i == n);\n  return 0;\n}\n";

fn leapfrog_with(inject: Option<&str>, args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    c.args(args).env_remove("LEAPFROG_INJECT_PANIC").env_remove("LEAPFROG_INJECT_STALL");
    if let Some(what) = inject {
        c.env("LEAPFROG_INJECT_PANIC", what);
    }
    c.output().expect("run leapfrog")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_panic_in_the_certificate_checker_is_an_unknown_answer() {
    let dir = temp_dir("panic-checker");
    let src = write(&dir, "safe.c", SAFE);
    let args = ["verify", "--format", "json", "--timeout", "4", src.as_str()];
    let honest = leapfrog_with(None, &args);
    let v: Value = serde_json::from_slice(&honest.stdout).expect("JSON");
    assert_eq!((v["verdict"].as_str(), v["technique"].as_str()), (Some("TRUE"), Some("loop-summaries")), "{v}");

    let out = leapfrog_with(Some("certificate-checker"), &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).expect("a JSON answer");
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    let reason = v["reason"].as_str().unwrap();
    assert!(
        reason.contains("internal error in the certificate checker: injected by LEAPFROG_INJECT_PANIC"),
        "{reason}"
    );
}

#[test]
fn an_uncaught_panic_exits_3_with_its_message() {
    let dir = temp_dir("panic-job");
    let src = write(&dir, "safe.c", SAFE);
    let out = leapfrog_with(Some("job"), &["verify", "--format", "json", &src]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("leapfrog: internal error: ") && err.contains("injected by LEAPFROG_INJECT_PANIC=job"),
        "{err}"
    );
    assert!(err.contains("please report it"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_panic_in_the_analysis_exits_3_with_its_message() {
    let dir = temp_dir("panic-analysis");
    let src = write(&dir, "safe.c", SAFE);
    let out = leapfrog_with(Some("analysis"), &["terminate", "--format", "json", &src]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("injected by LEAPFROG_INJECT_PANIC=analysis"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn an_analysis_past_its_time_limit_is_an_unknown_answer() {
    let v = stalled("verify");
    assert_eq!(v["verdict"], "UNKNOWN", "{v}");
    assert!(v["reason"].as_str().is_some_and(|r| r.contains("time limit")), "{v}");
}

#[test]
fn a_bound_analysis_past_its_time_limit_claims_no_bound() {
    let v = stalled("bound");
    assert_eq!(v["loops"], serde_json::json!([]), "{v}");
    assert_eq!(v["program"]["complexity"], "unknown", "{v}");
    assert!(v["program"]["reason"].as_str().is_some_and(|r| r.contains("time limit")), "{v}");
}

/// `JOB --format json --timeout 1` on a safe program whose analysis stalls (injected): it must
/// still answer soon, with exit 0; the JSON answer.
fn stalled(job: &str) -> Value {
    let dir = temp_dir(&format!("stall-{job}"));
    let src = write(&dir, "safe.c", SAFE);
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args([job, "--format", "json", "--timeout", "1", src.as_str()])
        .env_remove("LEAPFROG_INJECT_PANIC")
        .env("LEAPFROG_INJECT_STALL", "analysis")
        .output()
        .expect("run leapfrog");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "took {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).expect("a JSON answer")
}
