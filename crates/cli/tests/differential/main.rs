//! Differential test of the interpreter against gcc (issue #2, item 6).
//!
//! For every program of the development benchmarks (`../shared/benchmarks`, or
//! `$LEAPFROG_BENCHMARKS`), several seeded random streams of nondeterministic values are run
//! both by `leapfrog exec` and by the program compiled with `gcc -O0 -fwrapv
//! -ftrivial-auto-var-init=zero` and linked with a harness serving the same stream. Where the
//! interpreter reports neither `ub`, `limit` nor `unsupported` and the native run finishes, the
//! outcomes must agree, and exit codes modulo 256. Runs that read never-written heap or `alloca`
//! memory are excluded (counted): the interpreter reads 0 there, compiled code whatever the
//! allocator left. The summary (programs, runs compared, outcome
//! mix, exclusions and why) is printed; run with `--nocapture` to see it, and with
//! `LEAPFROG_DIFF_VERBOSE=1` to list every excluded run.

#[path = "../support/corpus.rs"]
mod corpus;

mod annotated;
mod harness;
mod native;

use corpus::{benchmarks_dir, seed_of};
use native::NativeOutcome;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Random streams per program.
const RUNS_PER_PROGRAM: u64 = 3;
/// The interpreter's step limit here: non-terminating programs end as `limit` (excluded) sooner.
const MAX_STEPS: &str = "3000000";
/// Native runs that take longer did not finish (excluded).
const NATIVE_TIMEOUT: Duration = Duration::from_secs(5);

/// The corpus's seeded stream, as `leapfrog exec --nondet` takes it.
fn stream(seed: u64) -> String {
    corpus::stream(seed).iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

#[derive(Default)]
struct Tally {
    programs: usize,
    programs_compared: usize,
    runs_compared: usize,
    outcomes: BTreeMap<String, usize>,
    excluded: BTreeMap<String, usize>,
    mismatches: Vec<String>,
}

pub fn interpret(files: &[PathBuf], stream: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .arg("exec")
        .args(files)
        .args(["--format", "json", "--max-steps", MAX_STEPS])
        .arg(format!("--nondet={stream}"))
        .output()
        .expect("run leapfrog exec");
    assert_eq!(
        out.status.code(),
        Some(0),
        "leapfrog exec failed on {files:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("exec prints JSON")
}

fn check_program(files: &[PathBuf], scratch: &Path, tally: &Mutex<Tally>) {
    let exclude = |reason: &str, n: u64| {
        *tally.lock().unwrap().excluded.entry(reason.to_string()).or_default() += n as usize;
    };
    tally.lock().unwrap().programs += 1;
    let opts = leapfrog_c_frontend::FrontendOptions::default();
    let program = match leapfrog_c_frontend::load_program(files, &opts) {
        Ok(p) => p,
        Err(_) => return exclude("front end rejects the program", RUNS_PER_PROGRAM),
    };
    if program.entry.is_none() {
        return exclude("no entry function", RUNS_PER_PROGRAM);
    }
    let exe = match native::build(files, &program, scratch) {
        Ok(e) => e,
        Err(e) => {
            if std::env::var_os("LEAPFROG_DIFF_VERBOSE").is_some() {
                println!("excluded {files:?}: gcc: {e}");
            }
            return exclude("gcc rejects the program (or its harness)", RUNS_PER_PROGRAM);
        }
    };
    let mut compared_any = false;
    for run in 0..RUNS_PER_PROGRAM {
        let s = stream(seed_of(files, run));
        let interp = interpret(files, &s);
        let kind = interp["outcome"].as_str().unwrap_or("?").to_string();
        if matches!(kind.as_str(), "ub" | "limit" | "unsupported") {
            if std::env::var_os("LEAPFROG_DIFF_VERBOSE").is_some() {
                println!("excluded {files:?}: {interp}");
            }
            exclude(&format!("interpreter: {kind}"), 1);
            continue;
        }
        // gcc's -ftrivial-auto-var-init=zero zeroes locals, not the heap or alloca memory.
        let unwritten = &interp["unwritten_counts"];
        if ["heap", "alloca"].iter().any(|r| unwritten[r].as_u64().is_some_and(|n| n > 0)) {
            if std::env::var_os("LEAPFROG_DIFF_VERBOSE").is_some() {
                println!("excluded {files:?}: {interp}");
            }
            exclude("interpreter: reads never-written heap or alloca memory", 1);
            continue;
        }
        let native = native::run(&exe, &s, NATIVE_TIMEOUT);
        if native == NativeOutcome::Timeout {
            exclude("native run did not finish in time", 1);
            continue;
        }
        let agree = match (kind.as_str(), &native) {
            ("exit", NativeOutcome::Exit(c)) => {
                interp["code"].as_i64().is_some_and(|code| code.rem_euclid(256) == i64::from(*c))
            }
            ("error", NativeOutcome::Error) | ("blocked", NativeOutcome::Blocked) | ("abort", NativeOutcome::Abort) => {
                true
            }
            _ => false,
        };
        let mut t = tally.lock().unwrap();
        if agree {
            t.runs_compared += 1;
            *t.outcomes.entry(kind).or_default() += 1;
            compared_any = true;
        } else {
            t.mismatches.push(format!("{files:?} stream [{s}]: interpreter {interp} vs native {native:?}"));
        }
    }
    if compared_any {
        tally.lock().unwrap().programs_compared += 1;
    }
}

#[test]
fn interpreter_agrees_with_gcc() {
    let dir = benchmarks_dir();
    assert!(dir.join("manifest.csv").is_file(), "benchmarks not found at {} (set LEAPFROG_BENCHMARKS)", dir.display());
    let queue = Arc::new(Mutex::new(corpus::tasks(&dir).into_iter().map(|t| t.files).collect::<Vec<_>>()));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).max(2);
    let root = std::env::temp_dir().join(format!("leapfrog-differential-{}", std::process::id()));
    let handles: Vec<_> = (0..workers)
        .map(|w| {
            let (queue, tally, scratch) = (queue.clone(), tally.clone(), root.join(format!("w{w}")));
            std::thread::spawn(move || {
                std::fs::create_dir_all(&scratch).unwrap();
                loop {
                    let Some(files) = queue.lock().unwrap().pop() else { break };
                    check_program(&files, &scratch, &tally);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("worker");
    }
    let _ = std::fs::remove_dir_all(&root);
    let t = tally.lock().unwrap();
    println!("differential test: {} programs, {} with at least one compared run", t.programs, t.programs_compared);
    println!("runs compared: {} (outcomes: {:?})", t.runs_compared, t.outcomes);
    println!("runs excluded: {} ({:?})", t.excluded.values().sum::<usize>(), t.excluded);
    for m in &t.mismatches {
        println!("MISMATCH {m}");
    }
    assert!(t.mismatches.is_empty(), "{} runs disagree with gcc", t.mismatches.len());
    assert!(t.runs_compared >= 300, "only {} runs compared", t.runs_compared);
}
