//! `leapfrog testgen` checked from outside, over the C programs in `tests/testgen/*.c`.
//!
//! Each program says in comments, one a line, what is true of it:
//!
//! - `// expect error: reached|unreachable|unknown`: the goal `--cover error` (the default);
//! - `// expect line N: reached|unreachable|unknown`: the goal `--target N`;
//! - `// expect branches: outcomes|covered|unreachable >=|<=|== N`: the goal `--cover branches`,
//!   compared with the report's `coverage`;
//! - `// timeout S`: Leapfrog's budget for this program (20 s otherwise; `LF_TESTGEN_TIMEOUT`
//!   overrides both).
//!
//! The harness runs `leapfrog testgen --format json` once per goal, checks the report's shape
//! (every reached target names a test with the same stream and steps, the coverage counts agree
//! with the targets) and the expected statuses and counts. Then — the part that does not take
//! Leapfrog's word — every test a reached target names is replayed twice:
//!
//! 1. by the interpreter, `leapfrog exec --uninit nondet --nondet STREAM --format json`: the run
//!    takes the reported steps, ends as the test's `outcome` says, uses no value beyond the
//!    stream, reads uninitialized memory exactly when `only_nondet_calls` is false, and for an
//!    error target ends in an error at the target's line and column;
//! 2. natively, when `only_nondet_calls` is true: gcc (-O0, `--coverage`) compiles the program
//!    with [`HARNESS`], whose `__VERIFIER_nondet_*` functions return the stream's values in order
//!    (exit 98 when it runs out, 97 for a value the type cannot hold), whose `reach_error` exits
//!    with 99, and whose `__VERIFIER_assume` exits with 96 when its condition is false. An error
//!    target's run must exit with 99 and execute the target's line; a line target's line must
//!    have run (gcov's count of the line above 0); a branch target's condition, as printed, must
//!    hold at its line and column in some moment of the run: the program is compiled with a
//!    probe `lf_probe(ID, (CONDITION)) + ` inserted before the condition's first character
//!    (`+` binds tighter than any operator a condition's operand is made of, and the probe adds
//!    0; a switch's cases, reported at the `switch` keyword, are probed in front of its
//!    controlling expression). A test whose outcome is `exit N` must exit natively with N mod 256.
//!    The printed conditions must therefore be C over the program's variables: a condition on a
//!    call's result printed through an internal temporary would not compile, so the programs
//!    branch on variables only.
//!
//! Tests reading uninitialized locals (`only_nondet_calls` false) get only the interpreter's
//! replay. Besides, 64 native runs on pseudo-random inputs (`LF_RANDOM_SEED`, values in
//! [-50, 150] wrapped into each type), together with the tests' runs, must never reach a target
//! reported unreachable (no exit 99 for the error, a gcov count of 0 for a line, no probe hit
//! for a branch outcome).
//!
//! Each program is one test (`program::NAME`), listed in `programs!`; a test checks that the list
//! and the directory agree. Negative controls show the checks can fail: the reported stream of
//! `magic_value.c` with its first value changed reaches the error neither natively nor in the
//! interpreter, and the native harness rejects short streams and values out of their type's
//! range and tells a false branch condition from a true one. The Test-Comp files of
//! `--format testcomp` are checked natively too, and `--target FILE:LINE` once. (A test whose
//! outcome is neither an exit nor an error, `ub: ...` say, gets no exit-code check natively.)
//! Needs gcc and gcov on the PATH. Failures that are Leapfrog's soundness bugs
//! (a reached target whose replay misses it, an unreachable one that a run reaches) start with
//! `SOUNDNESS`. Run with `cargo test --release -p leapfrog-cli --test testgen`.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, run_limited, temp_dir, write};

// ---------------------------------------------------------------------------------------------
// Programs and their expectations.

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Goal {
    Error,
    Line(u32),
    Branches,
}

impl Goal {
    fn args(&self) -> Vec<String> {
        match self {
            Goal::Error => vec!["--cover".into(), "error".into()],
            Goal::Line(n) => vec!["--target".into(), n.to_string()],
            Goal::Branches => vec!["--cover".into(), "branches".into()],
        }
    }
    /// The report's `goal`.
    fn name(&self) -> &'static str {
        match self {
            Goal::Error => "error",
            Goal::Line(_) => "line",
            Goal::Branches => "branches",
        }
    }
    fn describe(&self) -> String {
        match self {
            Goal::Line(n) => format!("line {n}"),
            g => g.name().to_string(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Expect {
    /// The status of the error target or of a line target.
    Status(Goal, String),
    /// `coverage[key] op n` of `--cover branches`.
    Count(String, String, u64),
}

impl Expect {
    fn goal(&self) -> Goal {
        match self {
            Expect::Status(g, _) => g.clone(),
            Expect::Count(..) => Goal::Branches,
        }
    }
}

#[derive(Debug)]
struct Program {
    name: String,
    path: PathBuf,
    text: String,
    expects: Vec<(String, Expect)>,
    timeout: Option<u64>,
}

const STATUSES: [&str; 3] = ["reached", "unreachable", "unknown"];

fn parse_expect(s: &str) -> Result<Expect, String> {
    let (head, tail) = s.split_once(':').ok_or("no `:`")?;
    let (head, tail) = (head.trim(), tail.trim());
    let status = |t: &str| {
        if STATUSES.contains(&t) { Ok(t.to_string()) } else { Err(format!("unknown status {t:?}")) }
    };
    if head == "error" {
        return Ok(Expect::Status(Goal::Error, status(tail)?));
    }
    if let Some(n) = head.strip_prefix("line ") {
        let n: u32 = n.trim().parse().map_err(|_| format!("bad line number {n:?}"))?;
        return Ok(Expect::Status(Goal::Line(n), status(tail)?));
    }
    if head == "branches" {
        let parts: Vec<&str> = tail.split_whitespace().collect();
        let [key, op, n] = parts[..] else { return Err(format!("expected `KEY OP N`, got {tail:?}")) };
        if !["outcomes", "covered", "unreachable"].contains(&key) {
            return Err(format!("unknown count {key:?}"));
        }
        if ![">=", "<=", "=="].contains(&op) {
            return Err(format!("unknown comparison {op:?}"));
        }
        let n = n.parse().map_err(|_| format!("bad count {n:?}"))?;
        return Ok(Expect::Count(key.to_string(), op.to_string(), n));
    }
    Err(format!("unknown goal {head:?}"))
}

fn parse_program(name: &str, path: PathBuf, text: String) -> Result<Program, String> {
    let mut expects = Vec::new();
    let mut timeout = None;
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("// expect ") {
            let e = parse_expect(rest).map_err(|e| format!("{name}.c:{}: {e} in {t:?}", i + 1))?;
            if let Expect::Status(Goal::Line(n), _) = &e {
                let target = lines.get((*n as usize).wrapping_sub(1)).map(|l| l.trim()).unwrap_or("");
                if target.is_empty() || target.starts_with("//") || target == "}" || target == "{" {
                    return Err(format!("{name}.c:{}: line {n} is no statement: {target:?}", i + 1));
                }
            }
            expects.push((rest.to_string(), e));
        } else if let Some(rest) = t.strip_prefix("// timeout ") {
            timeout = Some(rest.trim().parse().map_err(|_| format!("{name}.c:{}: bad timeout {rest:?}", i + 1))?);
        } else if t.starts_with("// expect") {
            return Err(format!("{name}.c:{}: unreadable expectation {t:?}", i + 1));
        }
    }
    if expects.is_empty() {
        return Err(format!("{name}.c: no `// expect` line"));
    }
    Ok(Program { name: name.to_string(), path, text, expects, timeout })
}

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/testgen")
}

fn load(name: &str) -> Program {
    let path = programs_dir().join(format!("{name}.c"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_program(name, path, text).unwrap_or_else(|e| panic!("{e}"))
}

/// One `leapfrog testgen` at a time in this test binary: its searches work against a wall-clock
/// budget, so runs competing for the CPUs could end in "unknown" where a run alone gets its
/// answer. (Replays and native runs still run in parallel.)
static ANALYZER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Leapfrog's budget for `p`: `LF_TESTGEN_TIMEOUT`, else the program's `// timeout`, else 20 s.
fn timeout_for(p: &Program) -> u64 {
    std::env::var("LF_TESTGEN_TIMEOUT").ok().and_then(|t| t.parse().ok()).or(p.timeout).unwrap_or(20)
}

/// `leapfrog testgen --format json --timeout T GOAL FILE`, parsed.
fn testgen_json(p: &Program, goal: &Goal, dir: &Path, tag: &str) -> Result<Value, String> {
    let _alone = ANALYZER.lock().unwrap_or_else(|e| e.into_inner());
    let timeout = timeout_for(p);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    cmd.args(["testgen", "--format", "json", "--timeout", &timeout.to_string()]).args(goal.args()).arg(&p.path);
    let limit = Duration::from_secs(3 * timeout + 60);
    let start = Instant::now();
    let Some((status, out, err)) = run_limited(cmd, dir, tag, limit) else {
        return Err(format!("leapfrog testgen ({}) did not end within {limit:?}", goal.describe()));
    };
    if status.code() != Some(0) {
        return Err(format!(
            "leapfrog testgen ({}) exited with {status} after {:?}; stderr:\n{err}",
            goal.describe(),
            start.elapsed()
        ));
    }
    serde_json::from_str(&out).map_err(|e| format!("leapfrog testgen printed no JSON ({e}):\n{out}\nstderr:\n{err}"))
}

/// `leapfrog exec --uninit nondet --nondet STREAM --max-steps N --format json FILE`, parsed.
fn exec_json(path: &Path, stream: &[i128], max_steps: u64, dir: &Path, tag: &str) -> Result<Value, String> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    cmd.args(["exec", "--uninit", "nondet", "--format", "json", "--max-steps", &max_steps.to_string()]);
    if !stream.is_empty() {
        // `=`: a stream starting with a negative value is no option.
        cmd.arg(format!("--nondet={}", stream_text(stream)));
    }
    cmd.arg(path);
    let Some((status, out, err)) = run_limited(cmd, dir, tag, Duration::from_secs(120)) else {
        return Err(format!("leapfrog exec on {} did not end within 120 s", stream_text(stream)));
    };
    if status.code() != Some(0) {
        return Err(format!("leapfrog exec on {} exited with {status}; stderr:\n{err}", stream_text(stream)));
    }
    serde_json::from_str(&out).map_err(|e| format!("leapfrog exec printed no JSON ({e}):\n{out}\nstderr:\n{err}"))
}

/// A JSON array of integers (of any size up to i128).
fn stream_of(v: &Value) -> Option<Vec<i128>> {
    v.as_array()?.iter().map(|x| if x.is_number() { x.to_string().parse().ok() } else { None }).collect()
}

fn stream_text(s: &[i128]) -> String {
    s.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

// ---------------------------------------------------------------------------------------------
// The native harness.

/// Linked with every program compiled natively. Values come from `LF_NONDET` (the stream, comma
/// separated) or, with `LF_RANDOM_SEED`, from a generator. Weak definitions: a program's own
/// `__VERIFIER_assert` (SV-COMP style) wins over the harness's.
const HARNESS: &str = r#"#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static int lf_mode = -1; /* 0: LF_NONDET, 1: LF_RANDOM_SEED */
static const char *lf_text;
static unsigned long long lf_state;
static long long lf_read;

static void lf_start(void) {
  const char *seed = getenv("LF_RANDOM_SEED");
  if (seed) {
    lf_mode = 1;
    lf_state = strtoull(seed, 0, 10) * 0x9E3779B97F4A7C15ULL + 1;
    return;
  }
  lf_text = getenv("LF_NONDET");
  if (!lf_text) {
    fprintf(stderr, "lf-harness: neither LF_NONDET nor LF_RANDOM_SEED is set\n");
    exit(95);
  }
  lf_mode = 0;
}

static __int128 lf_next(const char *type, __int128 lo, __int128 hi) {
  if (lf_mode < 0)
    lf_start();
  lf_read++;
  if (lf_mode == 1) {
    lf_state = lf_state * 6364136223846793005ULL + 1442695040888963407ULL;
    __int128 v = (__int128)((lf_state >> 33) % 201) - 50;
    if (v < lo || v > hi) {
      __int128 span = hi - lo + 1;
      v = (v - lo) % span;
      if (v < 0)
        v += span;
      v += lo;
    }
    return v;
  }
  const char *p = lf_text;
  while (*p == ' ')
    p++;
  if (*p == 0) {
    fprintf(stderr, "lf-harness: the stream ran out at value %lld (__VERIFIER_nondet_%s)\n", lf_read, type);
    exit(98);
  }
  const char *token = p;
  int negative = 0;
  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  if (*p < '0' || *p > '9') {
    fprintf(stderr, "lf-harness: bad stream at %s\n", token);
    exit(95);
  }
  __int128 v = 0;
  while (*p >= '0' && *p <= '9') {
    if (v > ((__int128)1 << 120)) {
      fprintf(stderr, "lf-harness: value %lld of the stream is too large\n", lf_read);
      exit(97);
    }
    v = v * 10 + (*p++ - '0');
  }
  int length = (int)(p - token);
  if (negative)
    v = -v;
  while (*p == ' ')
    p++;
  if (*p == ',')
    p++;
  else if (*p != 0) {
    fprintf(stderr, "lf-harness: bad stream at %s\n", p);
    exit(95);
  }
  lf_text = p;
  if (v < lo || v > hi) {
    fprintf(stderr, "lf-harness: value %lld of the stream, %.*s, is out of the range of __VERIFIER_nondet_%s\n",
            lf_read, length, token, type);
    exit(97);
  }
  return v;
}

#define LF_NONDET(NAME, T, LO, HI)                                                                           \
  __attribute__((weak)) T __VERIFIER_nondet_##NAME(void) { return (T)lf_next(#NAME, LO, HI); }
LF_NONDET(int, int, INT_MIN, INT_MAX)
LF_NONDET(uint, unsigned int, 0, UINT_MAX)
LF_NONDET(unsigned, unsigned int, 0, UINT_MAX)
LF_NONDET(char, char, CHAR_MIN, CHAR_MAX)
LF_NONDET(uchar, unsigned char, 0, UCHAR_MAX)
LF_NONDET(short, short, SHRT_MIN, SHRT_MAX)
LF_NONDET(ushort, unsigned short, 0, USHRT_MAX)
LF_NONDET(long, long, LONG_MIN, LONG_MAX)
LF_NONDET(ulong, unsigned long, 0, ULONG_MAX)
LF_NONDET(longlong, long long, LLONG_MIN, LLONG_MAX)
LF_NONDET(ulonglong, unsigned long long, 0, ULLONG_MAX)
LF_NONDET(bool, _Bool, 0, 1)

__attribute__((weak)) void reach_error(void) {
  fprintf(stderr, "lf-reach-error\n");
  exit(99);
}
__attribute__((weak)) void __VERIFIER_error(void) { reach_error(); }
__attribute__((weak)) void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
__attribute__((weak)) void __VERIFIER_assume(int cond) {
  if (!cond) {
    fprintf(stderr, "lf-assume-failed\n");
    exit(96);
  }
}

static unsigned char lf_hit[4096];
int lf_probe(int id, int holds) {
  if (holds && id >= 0 && id < 4096 && !lf_hit[id]) {
    lf_hit[id] = 1;
    fprintf(stderr, "lf-hit %d\n", id);
  }
  return 0;
}
"#;

/// A condition probed natively: `lf_probe(id, (condition)) + ` before column `column` of `line`.
#[derive(Clone, Debug)]
struct Probe {
    line: u32,
    column: u32,
    condition: String,
}

/// The program's text with the probes inserted (ids: their indices), its line numbers kept.
fn instrument(text: &str, probes: &[Probe]) -> Result<String, String> {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut order: Vec<usize> = (0..probes.len()).collect();
    // Right to left in each line, so that columns stay valid.
    order.sort_by_key(|&i| (probes[i].line, std::cmp::Reverse(probes[i].column), i));
    for i in order {
        let pr = &probes[i];
        let l = lines.get_mut((pr.line as usize).wrapping_sub(1)).ok_or(format!("no line {}", pr.line))?;
        let mut at = (pr.column as usize).wrapping_sub(1);
        if !l.is_ascii() || at >= l.len() || l.as_bytes()[at].is_ascii_whitespace() {
            return Err(format!("no condition starts at {}:{}: {l:?}", pr.line, pr.column));
        }
        // A case of a switch is reported at the keyword: the probe goes before the controlling
        // expression.
        if l[at..].starts_with("switch") {
            at = l[at..].find('(').map(|i| at + i + 1).ok_or(format!("no `(` after the switch at line {}", pr.line))?;
        }
        l.insert_str(at, &format!("lf_probe({i}, ({})) + ", pr.condition));
    }
    // The declaration goes before the first line's text: the line numbers stay.
    Ok(format!("int lf_probe(int, int); {}\n", lines.join("\n")))
}

struct Native {
    dir: PathBuf,
}

#[derive(Debug)]
struct NativeRun {
    /// The exit code; None when killed (a signal, the time limit).
    code: Option<i32>,
    stderr: String,
    hits: BTreeSet<usize>,
    /// gcov's count of each line with code (after this run alone, or the runs since a reset).
    counts: BTreeMap<u32, u64>,
}

impl NativeRun {
    fn reached_error(&self) -> bool {
        self.code == Some(99) && self.stderr.contains("lf-reach-error")
    }
}

const NATIVE_LIMIT: Duration = Duration::from_secs(10);

fn gcc(dir: &Path, args: &[&str]) -> Result<(), String> {
    let out = Command::new("gcc").args(args).current_dir(dir).output().map_err(|e| format!("gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "gcc {} failed in {}:\n{}",
            args.join(" "),
            dir.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

impl Native {
    /// `p` (with `probes`) compiled in `dir` with --coverage, linked with the harness.
    fn build(p: &Program, probes: &[Probe], dir: &Path) -> Result<Native, String> {
        let dir = dir.join("native");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let source = instrument(&p.text, probes)?;
        write(&dir, "prog.c", &source);
        write(&dir, "harness.c", HARNESS);
        gcc(&dir, &["-O0", "-w", "-c", "harness.c", "-o", "harness.o"])?;
        gcc(&dir, &["-O0", "-w", "--coverage", "-c", "prog.c", "-o", "prog.o"]).map_err(|e| {
            format!("{e}\n(with probes {probes:?}: is a printed condition C over the program's variables?)")
        })?;
        gcc(&dir, &["--coverage", "prog.o", "harness.o", "-o", "prog"])?;
        Ok(Native { dir })
    }

    fn reset_counts(&self) {
        let _ = std::fs::remove_file(self.dir.join("prog.gcda"));
    }

    /// One run (`LF_NONDET` or `LF_RANDOM_SEED` set to `value`), the counts not read.
    fn run_once(&self, var: &str, value: &str, tag: &str) -> NativeRun {
        let mut cmd = Command::new(self.dir.join("prog"));
        cmd.current_dir(&self.dir).env(var, value);
        let (code, stderr) = match run_limited(cmd, &self.dir, tag, NATIVE_LIMIT) {
            Some((status, _, err)) => (status.code(), err),
            None => (None, format!("killed after {NATIVE_LIMIT:?}")),
        };
        let hits = stderr.lines().filter_map(|l| l.strip_prefix("lf-hit ")?.trim().parse().ok()).collect();
        NativeRun { code, stderr, hits, counts: BTreeMap::new() }
    }

    /// gcov's count of every line with code, over the runs since the last reset.
    fn counts(&self) -> Result<BTreeMap<u32, u64>, String> {
        let out = Command::new("gcov")
            .args(["-t", "prog.c"])
            .current_dir(&self.dir)
            .output()
            .map_err(|e| format!("gcov: {e}"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        let mut counts = BTreeMap::new();
        for l in text.lines() {
            let mut fields = l.splitn(3, ':');
            let (Some(count), Some(line)) = (fields.next(), fields.next()) else { continue };
            let Ok(line) = line.trim().parse::<u32>() else { continue };
            let count = count.trim().trim_end_matches('*');
            if count == "-" || line == 0 {
                continue;
            }
            let n = if count.chars().all(|c| c == '#' || c == '=') { 0 } else { count.parse().unwrap_or(0) };
            counts.insert(line, n);
        }
        if counts.is_empty() {
            return Err(format!(
                "gcov gave no line counts in {}:\n{text}\n{}",
                self.dir.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(counts)
    }

    /// A run on `stream` alone, with its line counts.
    fn run_stream(&self, stream: &[i128], tag: &str) -> Result<NativeRun, String> {
        self.reset_counts();
        let mut r = self.run_once("LF_NONDET", &stream_text(stream), tag);
        r.counts = self.counts()?;
        Ok(r)
    }
}

/// What a test's outcome (`exit N`, `error: ...`) makes the native run exit with.
fn native_code(outcome: &str) -> Option<i32> {
    if let Some(n) = outcome.strip_prefix("exit ") {
        return n.trim().parse::<i64>().ok().map(|n| n.rem_euclid(256) as i32);
    }
    outcome.starts_with("error").then_some(99)
}

// ---------------------------------------------------------------------------------------------
// The check of one program.

/// A test of a report, kept once per stream.
#[derive(Clone, Debug)]
struct Test {
    stream: Vec<i128>,
    /// `None`: replayed natively (the interpreter's replay would be too long).
    steps: Option<u64>,
    outcome: String,
    only_nondet_calls: bool,
}

/// A target of a report.
#[derive(Clone, Debug)]
struct Claim {
    goal: Goal,
    kind: String,
    line: Option<u32>,
    column: Option<u32>,
    condition: Option<String>,
    status: String,
    /// Index into the program's tests.
    test: Option<usize>,
    technique: String,
    reason: String,
}

impl Claim {
    fn describe(&self) -> String {
        let at = match (self.line, self.column) {
            (Some(l), Some(c)) => format!(" at {l}:{c}"),
            (Some(l), None) => format!(" at line {l}"),
            _ => String::new(),
        };
        match &self.condition {
            Some(c) => format!("branch `{c}`{at}"),
            None => format!("{}{at}", self.kind),
        }
    }
}

#[derive(Default)]
struct Outcome {
    failures: Vec<String>,
    notes: Vec<String>,
}

/// Reads one report into `claims` and `tests`, with what is wrong with its shape.
fn read_report(p: &Program, goal: &Goal, r: &Value, tests: &mut Vec<Test>, claims: &mut Vec<Claim>) -> Vec<String> {
    let mut bad = Vec::new();
    let g = goal.describe();
    if r["job"] != "testgen" {
        bad.push(format!("{g}: job is {}", r["job"]));
    }
    if r["goal"] != goal.name() {
        bad.push(format!("{g}: goal is {}", r["goal"]));
    }
    if r["semantics"] != "default" {
        bad.push(format!("{g}: semantics is {}", r["semantics"]));
    }
    if !r["time_seconds"].is_number() || !r["notes"].is_array() {
        bad.push(format!("{g}: time_seconds {} and notes {}", r["time_seconds"], r["notes"]));
    }
    let (Some(targets), Some(report_tests)) = (r["targets"].as_array(), r["tests"].as_array()) else {
        bad.push(format!("{g}: no targets or tests array: {r}"));
        return bad;
    };
    // The report's tests, as indices into `tests`.
    let mut index = Vec::new();
    for (i, t) in report_tests.iter().enumerate() {
        // A test replayed natively (its interpreter replay stopped at the limit) has no steps.
        let native = t["replayed_by"] == "native";
        let steps = if native { Some(None) } else { t["steps"].as_u64().map(Some) };
        let (Some(stream), Some(steps), Some(outcome), Some(only)) =
            (stream_of(&t["nondet"]), steps, t["outcome"].as_str(), t["only_nondet_calls"].as_bool())
        else {
            bad.push(format!("{g}: test {i} is malformed: {t}"));
            index.push(None);
            continue;
        };
        let test = Test { stream, steps, outcome: outcome.to_string(), only_nondet_calls: only };
        let k = match tests.iter().position(|x| x.stream == test.stream) {
            Some(k) => {
                let x = &tests[k];
                if (x.steps, &x.outcome, x.only_nondet_calls) != (test.steps, &test.outcome, test.only_nondet_calls) {
                    bad.push(format!("{g}: test {i} differs from an earlier report's test of the same stream: {t}"));
                }
                k
            }
            None => {
                tests.push(test);
                tests.len() - 1
            }
        };
        index.push(Some(k));
    }
    let want_kind = match goal {
        Goal::Error => "error",
        Goal::Line(_) => "line",
        Goal::Branches => "branch",
    };
    for t in targets {
        let kind = t["target"].as_str().unwrap_or("?").to_string();
        let status = t["status"].as_str().unwrap_or("?").to_string();
        let claim = Claim {
            goal: goal.clone(),
            kind: kind.clone(),
            line: t["line"].as_u64().map(|x| x as u32),
            column: t["column"].as_u64().map(|x| x as u32),
            condition: t["condition"].as_str().map(String::from),
            status: status.clone(),
            test: None,
            technique: t["technique"].as_str().unwrap_or("").to_string(),
            reason: t["reason"].as_str().unwrap_or("").to_string(),
        };
        let what = format!("{g}: {}", claim.describe());
        if kind != want_kind {
            bad.push(format!("{what}: target kind {kind:?} (expected {want_kind:?})"));
        }
        if !STATUSES.contains(&status.as_str()) {
            bad.push(format!("{what}: status {status:?}"));
        }
        if !t["certificate"].is_array() {
            bad.push(format!("{what}: certificate {}", t["certificate"]));
        }
        if kind == "branch" && claim.condition.is_none() {
            bad.push(format!("{what}: a branch target without a condition"));
        }
        if let Goal::Line(n) = goal
            && claim.line != Some(*n)
        {
            bad.push(format!("{what}: a target of --target {n} on line {:?}", claim.line));
        }
        let mut claim = claim;
        if status == "reached" {
            if !t["file"].as_str().is_some_and(|f| f.ends_with(&format!("{}.c", p.name))) {
                bad.push(format!("{what}: file {}", t["file"]));
            }
            if claim.line.is_none() || claim.column.is_none() {
                bad.push(format!("{what}: a reached target without line and column: {t}"));
            }
            let i = t["test"].as_u64().map(|i| i as usize);
            match i.and_then(|i| index.get(i).copied().flatten()) {
                None => bad.push(format!("{what}: reached, but its test {} is not in the report", t["test"])),
                Some(k) => {
                    if stream_of(&t["nondet"]).as_ref() != Some(&tests[k].stream)
                        || t["steps"].as_u64() != tests[k].steps
                    {
                        bad.push(format!(
                            "{what}: nondet {} and steps {} are not those of its test {}",
                            t["nondet"], t["steps"], t["test"]
                        ));
                    }
                    claim.test = Some(k);
                }
            }
            if claim.technique.is_empty() {
                bad.push(format!("{what}: reached without a technique"));
            }
        } else if !(t["test"].is_null() && t["nondet"].is_null() && t["steps"].is_null()) {
            bad.push(format!("{what}: {status}, yet with a test: {t}"));
        }
        if status == "unreachable" && claim.technique.is_empty() {
            bad.push(format!("{what}: unreachable without a technique"));
        }
        claims.push(claim);
    }
    match goal {
        Goal::Error | Goal::Line(_) if targets.len() != 1 => {
            bad.push(format!("{g}: {} targets (expected one); notes {}", targets.len(), r["notes"]))
        }
        Goal::Branches => {
            let c = &r["coverage"];
            let count = |s: &str| targets.iter().filter(|t| t["status"] == s).count() as u64;
            let want = [
                ("outcomes", targets.len() as u64),
                ("covered", count("reached")),
                ("unreachable", count("unreachable")),
            ];
            for (key, n) in want {
                if c[key].as_u64() != Some(n) {
                    bad.push(format!("branches: coverage.{key} is {} but the targets say {n}", c[key]));
                }
            }
        }
        _ => {}
    }
    bad
}

fn compare(got: u64, op: &str, want: u64) -> bool {
    match op {
        ">=" => got >= want,
        "<=" => got <= want,
        _ => got == want,
    }
}

/// The expectations against the claims.
fn check_expectations(p: &Program, reports: &BTreeMap<Goal, Value>, claims: &[Claim], failures: &mut Vec<String>) {
    for (text, e) in &p.expects {
        match e {
            Expect::Status(goal, want) => {
                let found: Vec<&Claim> = claims.iter().filter(|c| &c.goal == goal).collect();
                let [c] = found[..] else {
                    failures.push(format!("`{text}`: {} targets reported", found.len()));
                    continue;
                };
                if &c.status == want {
                    continue;
                }
                let why = match (want.as_str(), c.status.as_str()) {
                    (_, "unknown") => format!("Leapfrog could not decide it (unknown: {})", c.reason),
                    ("reached", "unreachable") => format!(
                        "SOUNDNESS: reported unreachable ({}) though the program comments show an input reaching it",
                        c.technique
                    ),
                    (_, got) => format!("reported {got} ({})", c.technique),
                };
                failures.push(format!("`{text}`: {why}"));
            }
            Expect::Count(key, op, want) => {
                let got = reports.get(&Goal::Branches).and_then(|r| r["coverage"][key.as_str()].as_u64());
                match got {
                    Some(got) if compare(got, op, *want) => {}
                    got => {
                        let unknown: Vec<String> = claims
                            .iter()
                            .filter(|c| c.goal == Goal::Branches && c.status == "unknown")
                            .map(|c| format!("{} ({})", c.describe(), c.reason))
                            .collect();
                        failures.push(format!(
                            "`{text}`: coverage.{key} is {got:?}; unknown outcomes: {}",
                            if unknown.is_empty() { "none".to_string() } else { unknown.join("; ") }
                        ))
                    }
                }
            }
        }
    }
}

/// The interpreter's replay of every test a reached target names.
fn check_interpreter(p: &Program, tests: &[Test], claims: &[Claim], dir: &Path, out: &mut Outcome) {
    let used: BTreeSet<usize> = claims.iter().filter(|c| c.status == "reached").filter_map(|c| c.test).collect();
    for k in used {
        let t = &tests[k];
        // (A test replayed natively is checked natively only.)
        let Some(steps) = t.steps else { continue };
        let what = format!("test {} ({})", stream_text(&t.stream), t.outcome);
        let r = match exec_json(&p.path, &t.stream, steps + 1000, dir, &format!("exec{k}")) {
            Ok(r) => r,
            Err(e) => {
                out.failures.push(format!("{what}: {e}"));
                continue;
            }
        };
        if r["steps"].as_u64() != Some(steps) {
            out.failures.push(format!("{what}: the replay takes {} steps, not {steps}", r["steps"]));
        }
        let ends = match r["outcome"].as_str() {
            Some("exit") => format!("exit {}", r["code"]),
            Some("error") => format!("error: {}", r["origin"].as_str().unwrap_or("?")),
            // `ub: signed integer overflow`, `limit: step limit`, ...
            other => match r["what"].as_str() {
                Some(w) => format!("{}: {w}", other.unwrap_or("?")),
                None => other.unwrap_or("?").to_string(),
            },
        };
        if ends != t.outcome {
            out.failures.push(format!("{what}: the interpreter's replay ends with {ends}: {r}"));
        }
        if r["nondet_used"].as_u64().is_none_or(|n| n > t.stream.len() as u64) {
            out.failures.push(format!("{what}: the replay uses {} values, more than the stream has", r["nondet_used"]));
        }
        let uninit = r["input_counts"]
            .as_object()
            .is_some_and(|m| m.iter().any(|(k, v)| k != "nondet-call" && v.as_u64().unwrap_or(0) > 0));
        if uninit == t.only_nondet_calls {
            out.failures.push(format!(
                "{what}: only_nondet_calls is {} but the replay's input counts are {}",
                t.only_nondet_calls, r["input_counts"]
            ));
        }
        for c in claims.iter().filter(|c| c.test == Some(k) && c.kind == "error") {
            if r["outcome"] != "error" || r["line"].as_u64() != c.line.map(u64::from) {
                out.failures.push(format!(
                    "SOUNDNESS: {}: the interpreter's replay of {what} does not fail there: {r}",
                    c.describe()
                ));
            } else if r["column"].as_u64() != c.column.map(u64::from) {
                out.failures.push(format!("{}: the replay fails at column {}", c.describe(), r["column"]));
            }
        }
    }
}

const RANDOM_RUNS: u64 = 64;

/// The native replays, and the random runs against the unreachable targets.
fn check_native(p: &Program, tests: &[Test], claims: &[Claim], dir: &Path, out: &mut Outcome) {
    // Every branch target is probed: the reached ones must hold in their test's run, the
    // unreachable ones in none.
    let branch: Vec<(usize, &Claim)> = claims.iter().filter(|c| c.kind == "branch").enumerate().collect();
    let probes: Vec<Probe> = branch
        .iter()
        .filter_map(|(_, c)| Some(Probe { line: c.line?, column: c.column?, condition: c.condition.clone()? }))
        .collect();
    if probes.len() != branch.len() {
        out.failures.push("a branch target without line, column or condition".into());
        return;
    }
    let probe_of = |c: &Claim| branch.iter().find(|(_, b)| std::ptr::eq(*b, c)).map(|(i, _)| *i);
    let native = match Native::build(p, &probes, dir) {
        Ok(n) => n,
        Err(e) => {
            out.failures.push(e);
            return;
        }
    };
    let mut runs: BTreeMap<usize, NativeRun> = BTreeMap::new();
    let used: BTreeSet<usize> = claims.iter().filter(|c| c.status == "reached").filter_map(|c| c.test).collect();
    let mut skipped = 0;
    for k in used {
        let t = &tests[k];
        if !t.only_nondet_calls {
            skipped += 1;
            continue;
        }
        let what = format!("test {} ({})", stream_text(&t.stream), t.outcome);
        let r = match native.run_stream(&t.stream, &format!("native{k}")) {
            Ok(r) => r,
            Err(e) => {
                out.failures.push(format!("{what}: {e}"));
                continue;
            }
        };
        if matches!(r.code, Some(95..=98)) || r.code.is_none() {
            out.failures.push(format!(
                "SOUNDNESS: {what}: the native run is no run of the program: {:?}\n{}",
                r.code, r.stderr
            ));
        } else if let Some(code) = native_code(&t.outcome)
            && r.code != Some(code)
        {
            out.failures
                .push(format!("{what}: natively the program exits with {:?}, not {code}\n{}", r.code, r.stderr));
        }
        runs.insert(k, r);
    }
    if skipped > 0 {
        out.notes.push(format!("{skipped} test(s) read uninitialized memory: replayed by the interpreter only"));
    }
    for c in claims.iter().filter(|c| c.status == "reached") {
        let Some(r) = c.test.and_then(|k| runs.get(&k)) else { continue };
        let what = format!("{}: {} natively", c.describe(), stream_text(&tests[c.test.unwrap()].stream));
        let line = c.line.unwrap_or(0);
        let count = r.counts.get(&line).copied();
        match c.kind.as_str() {
            "error" if !r.reached_error() => out
                .failures
                .push(format!("SOUNDNESS: {what} does not call reach_error (exit {:?})\n{}", r.code, r.stderr)),
            "error" | "line" if count.is_none() => {
                out.failures.push(format!("{what}: gcov sees no code on line {line}"));
            }
            "error" | "line" if count == Some(0) => {
                out.failures.push(format!("SOUNDNESS: {what} does not run line {line} (gcov)"));
            }
            "branch" if !probe_of(c).is_some_and(|i| r.hits.contains(&i)) => {
                out.failures.push(format!("SOUNDNESS: {what}: the condition never holds there (probe)"));
            }
            _ => {}
        }
    }
    out.notes.push(format!("{} test(s) replayed natively", runs.len()));
    // Random runs, counted together.
    native.reset_counts();
    let mut errors = Vec::new();
    let mut hits = BTreeSet::new();
    for seed in 1..=RANDOM_RUNS {
        let r = native.run_once("LF_RANDOM_SEED", &seed.to_string(), "random");
        if r.reached_error() {
            errors.push(seed);
        }
        hits.extend(r.hits);
    }
    let random_counts = match native.counts() {
        Ok(c) => c,
        Err(e) => {
            out.failures.push(e);
            return;
        }
    };
    out.notes.push(format!("{RANDOM_RUNS} random native runs: reach_error in {}", errors.len()));
    for c in claims.iter().filter(|c| c.status == "unreachable") {
        let what = format!("{} (reported unreachable by {})", c.describe(), c.technique);
        match c.kind.as_str() {
            "error" => {
                let by_tests: Vec<String> = runs
                    .iter()
                    .filter(|(_, r)| r.reached_error())
                    .map(|(k, _)| stream_text(&tests[*k].stream))
                    .collect();
                if !errors.is_empty() || !by_tests.is_empty() {
                    out.failures.push(format!(
                        "SOUNDNESS: {what}: reach_error runs natively (random seeds {errors:?}, tests {by_tests:?})"
                    ));
                }
            }
            "line" => {
                let line = c.line.unwrap_or(0);
                let ran = random_counts.get(&line).is_some_and(|&n| n > 0)
                    || runs.values().any(|r| r.counts.get(&line).is_some_and(|&n| n > 0));
                if ran {
                    out.failures.push(format!("SOUNDNESS: {what}: line {line} runs natively"));
                }
            }
            "branch" => {
                let i = probe_of(c);
                if i.is_some_and(|i| hits.contains(&i) || runs.values().any(|r| r.hits.contains(&i))) {
                    out.failures.push(format!("SOUNDNESS: {what}: the condition holds in a native run"));
                }
            }
            _ => {}
        }
    }
}

fn check_program(p: &Program) -> Outcome {
    let mut out = Outcome::default();
    let dir = temp_dir(&format!("testgen-{}", p.name));
    let goals: BTreeSet<Goal> = p.expects.iter().map(|(_, e)| e.goal()).collect();
    let mut reports = BTreeMap::new();
    let mut tests = Vec::new();
    let mut claims = Vec::new();
    for goal in goals {
        let tag = format!("testgen-{}", goal.describe().replace(' ', ""));
        match testgen_json(p, &goal, &dir, &tag) {
            Err(e) => out.failures.push(e),
            Ok(r) => {
                out.failures.extend(read_report(p, &goal, &r, &mut tests, &mut claims));
                out.notes.push(format!("{}: {:.2} s", goal.describe(), r["time_seconds"].as_f64().unwrap_or(-1.0)));
                reports.insert(goal, r);
            }
        }
    }
    for c in &claims {
        let test = c.test.map(|k| format!(" by {} ({})", stream_text(&tests[k].stream), tests[k].outcome));
        out.notes.push(format!(
            "{}: {}{}{}",
            c.describe(),
            c.status,
            test.unwrap_or_default(),
            if c.technique.is_empty() { String::new() } else { format!(", {}", c.technique) }
        ));
    }
    check_expectations(p, &reports, &claims, &mut out.failures);
    check_interpreter(p, &tests, &claims, &dir, &mut out);
    check_native(p, &tests, &claims, &dir, &mut out);
    if out.failures.is_empty() {
        // What a failure leaves (reports, the instrumented program) stays for a look.
        let _ = std::fs::remove_dir_all(&dir);
    }
    out
}

fn assert_program(name: &str) {
    let p = load(name);
    let start = Instant::now();
    let o = check_program(&p);
    eprintln!("{name} ({:.1} s):\n  {}", start.elapsed().as_secs_f64(), o.notes.join("\n  "));
    assert!(o.failures.is_empty(), "{name}: {} failure(s):\n- {}", o.failures.len(), o.failures.join("\n- "));
}

macro_rules! programs {
    ($($name:ident),* $(,)?) => {
        const PROGRAMS: &[&str] = &[$(stringify!($name)),*];
        mod program {
            $(#[test] fn $name() { super::assert_program(stringify!($name)); })*
        }
    };
}

programs!(
    loop_million,
    count_ten_million,
    count_hundred_million,
    only_execution_long,
    only_execution_long_safe,
    ub_before_error,
    magic_value,
    unreachable_error,
    verifier_assert,
    nondet_types,
    uninit_local,
    input_array,
    nested_line,
    line_kinds,
    unreachable_line,
    branches_impossible,
    branches_deep,
    branches_switch,
);

// ---------------------------------------------------------------------------------------------
// The harness itself, and the negative controls.

#[test]
fn every_program_is_listed_and_parses() {
    let mut on_disk: Vec<String> = std::fs::read_dir(programs_dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "c").then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = PROGRAMS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "the programs in tests/testgen and the list in programs!() differ");
    for name in PROGRAMS {
        let p = load(name);
        assert!(p.text.starts_with("// "), "{name}: starts with a comment saying what it checks");
    }
}

#[test]
fn expectations_are_read() {
    let p = parse_program(
        "t",
        PathBuf::from("t.c"),
        "// expect error: reached\n// expect line 4: unreachable\n// timeout 7\nint x = 1;\n\
         // expect branches: covered >= 6\n// expect branches: unreachable == 1\n"
            .to_string(),
    )
    .unwrap();
    let e: Vec<Expect> = p.expects.into_iter().map(|(_, e)| e).collect();
    assert_eq!(
        e,
        vec![
            Expect::Status(Goal::Error, "reached".into()),
            Expect::Status(Goal::Line(4), "unreachable".into()),
            Expect::Count("covered".into(), ">=".into(), 6),
            Expect::Count("unreachable".into(), "==".into(), 1),
        ]
    );
    assert_eq!(p.timeout, Some(7));
    for bad in [
        "// expect error: found\n",
        "// expect line x: reached\n",
        "// expect branches: covered > 3\n",
        "// expect branches: lines >= 3\n",
        "// expect line 1: reached\n",
        "// expectation\n",
        "int x;\n",
    ] {
        assert!(parse_program("t", PathBuf::from("t.c"), bad.to_string()).is_err(), "{bad:?} parsed");
    }
}

/// The native harness can fail: a stream that runs out, a value out of its type's range and a
/// malformed stream are rejected; a right stream reaches the error; a probe tells a condition
/// that holds from one that does not, and gcov a line that runs from one that does not.
#[test]
fn the_native_harness_rejects_bad_streams_and_false_conditions() {
    let dir = temp_dir("testgen-harness");
    let p = load("nondet_types");
    let n = Native::build(&p, &[], &dir).unwrap();
    let good: Vec<i128> = vec![2863311533, -100, 156, -30001, 65001, 18000000000000000001, -9000000000000000001, 1];
    let r = n.run_stream(&good, "good").unwrap();
    assert!(r.reached_error(), "{r:?}");
    let mut wrong = good.clone();
    wrong[7] = 0;
    let r = n.run_stream(&wrong, "wrong").unwrap();
    assert_eq!(r.code, Some(0), "{r:?}");
    for (i, v) in [(0, -1), (1, 128), (2, 256), (3, -32769), (4, 65536), (5, -1), (6, -9223372036854775809), (7, 2)] {
        let mut out_of_range = good.clone();
        out_of_range[i] = v;
        let r = n.run_stream(&out_of_range, &format!("range{i}")).unwrap();
        assert_eq!(r.code, Some(97), "value {i} = {v}: {r:?}");
    }
    let r = n.run_stream(&good[..3], "short").unwrap();
    assert_eq!(r.code, Some(98), "{r:?}");
    let r = n.run_once("LF_NONDET", "1,x", "malformed");
    assert_eq!(r.code, Some(95), "{r:?}");

    let p = load("branches_impossible");
    let probes: Vec<Probe> = [(14, 7, "x > 10"), (14, 7, "x <= 10"), (14, 17, "y < 3"), (29, 19, "i < y")]
        .iter()
        .map(|&(line, column, c)| Probe { line, column, condition: c.to_string() })
        .collect();
    let n = Native::build(&p, &probes, &dir).unwrap();
    let r = n.run_stream(&[16, 6], "probes").unwrap();
    assert_eq!(r.hits, BTreeSet::from([0, 3]), "{r:?}");
    assert_eq!(r.code, Some(17), "the probes change nothing: {r:?}");
    assert_eq!(r.counts.get(&15), Some(&0), "`s = 1` does not run: {r:?}");
    assert!(r.counts.get(&17).is_some_and(|&c| c > 0), "`s = 2` runs: {r:?}");
    assert!(instrument(&p.text, &[Probe { line: 14, column: 6, condition: "1".into() }]).is_ok());
    assert!(instrument(&p.text, &[Probe { line: 14, column: 1, condition: "1".into() }]).is_err(), "blank");
}

/// The negative control: the stream Leapfrog reports for magic_value.c with its first value
/// changed reaches the error neither natively nor in the interpreter.
#[test]
fn a_changed_input_does_not_reach_the_error() {
    let dir = temp_dir("testgen-negative");
    let p = load("magic_value");
    let r = testgen_json(&p, &Goal::Error, &dir, "testgen").unwrap();
    let stream = stream_of(&r["tests"][0]["nondet"]).unwrap_or_else(|| panic!("no test: {r}"));
    let line = r["targets"][0]["line"].as_u64().unwrap() as u32;
    let n = Native::build(&p, &[], &dir).unwrap();
    let right = n.run_stream(&stream, "right").unwrap();
    assert!(right.reached_error(), "{right:?}");
    assert!(right.counts[&line] > 0);
    let mut wrong = stream.clone();
    wrong[0] += 1;
    let run = n.run_stream(&wrong, "wrong").unwrap();
    assert!(!run.reached_error(), "{} reaches the error: {run:?}", stream_text(&wrong));
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.counts.get(&line), Some(&0), "line {line} runs");
    let e = exec_json(&p.path, &wrong, 1000, &dir, "exec-wrong").unwrap();
    assert_eq!(e["outcome"], "exit", "{e}");
    let e = exec_json(&p.path, &stream, 1000, &dir, "exec-right").unwrap();
    assert_eq!(e["outcome"], "error", "{e}");
}

/// `--target FILE:LINE` names the line `--target LINE` names.
#[test]
fn a_target_may_name_its_file() {
    let dir = temp_dir("testgen-file-line");
    let p = load("nested_line");
    let _alone = ANALYZER.lock().unwrap_or_else(|e| e.into_inner());
    for (tag, target) in [("short", "nested_line.c:26".to_string()), ("full", format!("{}:26", p.path.display()))] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
        cmd.args(["testgen", "--format", "json", "--timeout", "20", "--target", &target]).arg(&p.path);
        let (status, out, err) = run_limited(cmd, &dir, tag, Duration::from_secs(120)).expect("testgen ends");
        assert_eq!(status.code(), Some(0), "{err}");
        let r: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(r["goal"], "line", "{r}");
        assert_eq!(r["targets"][0]["line"], 26, "{r}");
        assert_eq!(r["targets"][0]["status"], "reached", "{r}");
    }
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    cmd.args(["testgen", "--format", "json", "--timeout", "20", "--target", "other.c:26"]).arg(&p.path);
    let (status, out, err) = run_limited(cmd, &dir, "other", Duration::from_secs(120)).expect("testgen ends");
    let r: Value = serde_json::from_str(&out).unwrap_or(Value::Null);
    assert!(
        status.code() != Some(0) || r["targets"].as_array().is_some_and(|t| t.is_empty()),
        "a file not of the program: {out}{err}"
    );
}

/// The values of `<input>` elements, in order.
fn testcomp_inputs(xml: &str) -> Vec<i128> {
    xml.split("<input>").skip(1).map(|s| s.split("</input>").next().unwrap().trim().parse().unwrap()).collect()
}

/// `--format testcomp`: metadata.xml names the program (with its SHA-256) and the goal, the
/// text report is printed, and every testcase file replays natively: the error goal's test
/// reaches reach_error, the branch suite's tests run to an end within their streams.
#[test]
fn testcomp_suites_replay_natively() {
    let dir = temp_dir("testgen-testcomp");
    for (name, cover, spec) in
        [("nondet_types", "error", "@CALL(reach_error)"), ("branches_deep", "branches", "@DECISIONEDGE")]
    {
        let p = load(name);
        let suite = dir.join(format!("suite-{name}"));
        let out = {
            let _alone = ANALYZER.lock().unwrap_or_else(|e| e.into_inner());
            leapfrog(&[
                "testgen",
                "--format",
                "testcomp",
                "--timeout",
                "20",
                "--cover",
                cover,
                "--output",
                suite.to_str().unwrap(),
                p.path.to_str().unwrap(),
            ])
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("reached"), "{name}: the text report: {stdout}");
        let meta = std::fs::read_to_string(suite.join("metadata.xml")).unwrap();
        let sha = Command::new("sha256sum").arg(&p.path).output().unwrap();
        let sha = String::from_utf8_lossy(&sha.stdout).split_whitespace().next().unwrap_or("").to_string();
        assert!(meta.contains(&format!("<programhash>{sha}</programhash>")), "{name}: {meta}");
        assert!(meta.contains(spec) && meta.contains("<entryfunction>main</entryfunction>"), "{name}: {meta}");
        assert!(meta.contains("<architecture>64bit</architecture>"), "{name}: {meta}");
        let files = std::fs::read_dir(&suite).unwrap().count();
        assert!(files >= 2, "{name}: no testcase file");
        let n = Native::build(&p, &[], &dir.join(name)).unwrap();
        for i in 1..files {
            let xml = std::fs::read_to_string(suite.join(format!("testcase-{i}.xml")))
                .unwrap_or_else(|e| panic!("{name}: testcase-{i}.xml of {files} files: {e}"));
            assert!(xml.contains("<testcase>"), "{name}: {xml}");
            let stream = testcomp_inputs(&xml);
            let r = n.run_stream(&stream, &format!("testcase{i}")).unwrap();
            if cover == "error" {
                assert!(r.reached_error(), "{name}: testcase-{i}: {r:?}");
            } else {
                assert!(matches!(r.code, Some(0..=94)), "{name}: testcase-{i}: {r:?}");
            }
        }
    }
}
