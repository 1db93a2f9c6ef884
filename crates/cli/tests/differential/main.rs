//! Differential test of the interpreter against gcc (issue #2, item 6).
//!
//! For every program of the development benchmarks (`../shared/benchmarks`, or
//! `$LEAPFROG_BENCHMARKS`), several seeded random streams of nondeterministic values are run
//! both by `leapfrog exec` and by the program compiled with `gcc -O0 -fwrapv
//! -ftrivial-auto-var-init=zero` and linked with a harness serving the same stream. Where the
//! interpreter reports neither `ub`, `limit` nor `unsupported` and the native run finishes, the
//! outcomes must agree, and exit codes modulo 256. The summary (programs, runs compared, outcome
//! mix, exclusions and why) is printed; run with `--nocapture` to see it, and with
//! `LEAPFROG_DIFF_VERBOSE=1` to list every excluded run.

mod annotated;
mod harness;
mod native;

use native::NativeOutcome;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
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

fn benchmarks_dir() -> PathBuf {
    match std::env::var_os("LEAPFROG_BENCHMARKS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    }
}

/// The programs of the manifest: one per distinct file, a TACLeBench program being its folder.
fn programs(dir: &Path) -> Vec<Vec<PathBuf>> {
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let (suite, file) = (cols[1], cols[2]);
        let path = dir.join(file);
        let files = if suite == "tacle-bench" {
            let folder = path.parent().unwrap();
            let mut fs: Vec<PathBuf> = std::fs::read_dir(folder)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect();
            fs.sort();
            fs
        } else {
            vec![path]
        };
        if seen.insert(files.clone()) {
            out.push(files);
        }
    }
    out
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
}

/// A stream biased to small values (so loops bounded by inputs end), with boundary values and
/// arbitrary 32-bit ones mixed in.
fn stream(seed: u64) -> String {
    let mut rng = Rng(seed);
    let len = 8 + rng.next() % 120;
    let boundaries: [i64; 10] = [0, 1, -1, 2, 127, 128, 255, 256, i32::MAX as i64, i32::MIN as i64];
    (0..len)
        .map(|_| {
            let v = match rng.next() % 20 {
                0..=13 => (rng.next() % 40) as i64 - 8,
                14..=16 => boundaries[(rng.next() % boundaries.len() as u64) as usize],
                _ => rng.next() as u32 as i32 as i64,
            };
            v.to_string()
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn seed_of(files: &[PathBuf], run: u64) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for f in files {
        for b in f.file_name().unwrap().as_encoded_bytes() {
            h = (h ^ u64::from(*b)).wrapping_mul(0x100000001b3);
        }
    }
    h ^ run.wrapping_mul(0x9e3779b97f4a7c15)
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
    let queue = Arc::new(Mutex::new(programs(&dir)));
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
