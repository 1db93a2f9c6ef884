//! `terminate`'s answers on development benchmarks match their expected verdicts.
//!
//! The termination tasks of a few suites (all of the small SV-COMP and paper suites and of
//! `tpdb-c-memory`, every [`TPDB_EVERY`]-th task of `tpdb-c-integer`) are run through the `leapfrog terminate` binary
//! with a short budget, two at a time. No answer may contradict the manifest's `expected`, no run
//! may crash or overrun its budget, and at least [`MIN_CORRECT_TRUE`] terminating and
//! [`MIN_CORRECT_FALSE`] non-terminating tasks must be answered correctly, so that a regression
//! in the engine shows. A per-suite summary goes to stderr (`-- --nocapture` to see it when the
//! test passes). `leapfrog bench --job terminate` gives the full table.

#[path = "support/corpus.rs"]
mod corpus;

use corpus::{benchmarks_dir, data_models};
use leapfrog_ir::DataModel;
use serde_json::Value;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The suites whose termination tasks run, and which of them: every task (1) or every k-th.
const SUITES: &[(&str, usize)] = &[
    ("svcomp-loops", 1),
    ("svcomp-loop-lit", 1),
    ("svcomp-loop-acceleration", 1),
    ("paper-examples", 1),
    ("tpdb-c-integer", TPDB_EVERY),
    // Pointer loops over `alloca` memory, arbitrary until written: every task.
    ("tpdb-c-memory", 1),
];
/// Every this many-th termination task of `tpdb-c-integer` (in manifest order) runs.
const TPDB_EVERY: usize = 6;
/// `--timeout` of each run, in seconds.
const BUDGET_SECONDS: f64 = 2.0;
/// A run still going this long after its budget is killed (and fails the test).
const GRACE: Duration = Duration::from_secs(10);
/// At least this many tasks expected TRUE must be proven TRUE.
const MIN_CORRECT_TRUE: usize = 38;
/// At least this many tasks expected FALSE must be proven FALSE.
const MIN_CORRECT_FALSE: usize = 7;

struct Row {
    /// Position in the list of rows.
    index: usize,
    id: String,
    suite: String,
    file: String,
    expected: bool,
}

/// How one run ended.
enum Outcome {
    Answer {
        verdict: String,
        technique: Option<String>,
    },
    /// Exit 2: the front end rejected the input.
    Rejected(String),
    /// Any other failure: exit code, signal, or output without a valid answer.
    Crashed(String),
    /// Still running `GRACE` after its budget.
    Killed,
}

fn rows(dir: &Path) -> Vec<Row> {
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let mut seen_tpdb = 0;
    let mut out = Vec::new();
    for line in manifest.lines().skip(1) {
        let c: Vec<&str> = line.split(',').collect();
        let expected = match c.get(4) {
            Some(&"true") => true,
            Some(&"false") => false,
            _ => continue,
        };
        let Some(&(_, every)) = SUITES.iter().find(|(s, _)| *s == c[1]) else { continue };
        if c[3] != "termination" {
            continue;
        }
        if every > 1 {
            seen_tpdb += 1;
            if (seen_tpdb - 1) % every != 0 {
                continue;
            }
        }
        out.push(Row { index: out.len(), id: c[0].into(), suite: c[1].into(), file: c[2].into(), expected });
    }
    out
}

/// Reads `pipe` to its end on a new thread (so that a full pipe cannot block the child).
fn read_all(pipe: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Runs `leapfrog terminate` on `path` and returns how it ended and the seconds it took.
fn run(path: &Path, data_model: DataModel) -> (Outcome, f64) {
    let model = match data_model {
        DataModel::ILP32 => "ILP32",
        DataModel::LP64 => "LP64",
    };
    let budget = BUDGET_SECONDS.to_string();
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_leapfrog"))
        .args(["terminate", "--format", "json", "--timeout", &budget, "--data-model", model])
        .arg(path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run leapfrog");
    let (stdout, stderr) = (read_all(child.stdout.take()), read_all(child.stderr.take()));
    let limit = Duration::from_secs_f64(BUDGET_SECONDS) + GRACE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for leapfrog") {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let seconds = start.elapsed().as_secs_f64();
    let (stdout, stderr) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    let Some(status) = status else { return (Outcome::Killed, seconds) };
    let tail = || String::from_utf8_lossy(&stderr).lines().last().unwrap_or_default().to_string();
    let outcome = match status.code() {
        Some(0) => match serde_json::from_slice::<Value>(&stdout) {
            Ok(v) if ["TRUE", "FALSE", "UNKNOWN"].contains(&v["verdict"].as_str().unwrap_or_default()) => {
                Outcome::Answer {
                    verdict: v["verdict"].as_str().unwrap().to_string(),
                    technique: v["technique"].as_str().map(String::from),
                }
            }
            _ => Outcome::Crashed(format!("exit 0 without a valid answer: {}", String::from_utf8_lossy(&stdout))),
        },
        Some(2) => Outcome::Rejected(tail()),
        Some(code) => Outcome::Crashed(format!("exit {code}: {}", tail())),
        None => Outcome::Crashed(format!("{status}: {}", tail())),
    };
    (outcome, seconds)
}

/// Counts of one suite: `[correct, wrong, unknown]` for TRUE and FALSE tasks, then failures.
#[derive(Default)]
struct Counts {
    tasks: usize,
    expected_true: [usize; 3],
    expected_false: [usize; 3],
    rejected: usize,
    crashed: usize,
    killed: usize,
    max_seconds: f64,
}

#[test]
fn verdicts_agree_with_the_manifest() {
    let dir = benchmarks_dir();
    let models = data_models(&dir);
    let rows = rows(&dir);
    let results = Mutex::new(Vec::new());
    corpus::for_each_parallel(&rows, |row| {
        let data_model = models.get(&row.file).copied().unwrap_or_default();
        let (outcome, seconds) = run(&dir.join(&row.file), data_model);
        results.lock().unwrap().push((row.index, outcome, seconds));
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _, _)| *index);

    let mut per_suite: Vec<(&str, Counts)> = SUITES.iter().map(|(s, _)| (*s, Counts::default())).collect();
    let mut all = Counts::default();
    let mut failures = Vec::new();
    let mut techniques: std::collections::BTreeMap<String, [usize; 2]> = Default::default();
    for (index, outcome, seconds) in &results {
        let row = &rows[*index];
        let suite = &mut per_suite.iter_mut().find(|(s, _)| *s == row.suite).unwrap().1;
        for c in [&mut *suite, &mut all] {
            c.tasks += 1;
            c.max_seconds = c.max_seconds.max(*seconds);
        }
        let column = match outcome {
            Outcome::Answer { verdict, technique } => {
                let column = match (row.expected, verdict.as_str()) {
                    (true, "TRUE") | (false, "FALSE") => 0,
                    (_, "UNKNOWN") => 2,
                    _ => 1,
                };
                if column == 0 {
                    let t = technique.clone().unwrap_or_else(|| "(none)".into());
                    techniques.entry(t).or_default()[usize::from(!row.expected)] += 1;
                }
                if column == 1 {
                    failures.push(format!(
                        "WRONG {}: answered {verdict}, expected {} (technique {})",
                        row.id,
                        if row.expected { "TRUE" } else { "FALSE" },
                        technique.as_deref().unwrap_or("-")
                    ));
                }
                column
            }
            Outcome::Rejected(why) => {
                eprintln!("note: {} rejected: {why}", row.id);
                suite.rejected += 1;
                all.rejected += 1;
                continue;
            }
            Outcome::Crashed(why) => {
                failures.push(format!("CRASH {}: {why}", row.id));
                suite.crashed += 1;
                all.crashed += 1;
                continue;
            }
            Outcome::Killed => {
                failures
                    .push(format!("KILLED {}: still running {GRACE:?} after its {BUDGET_SECONDS} s budget", row.id));
                suite.killed += 1;
                all.killed += 1;
                continue;
            }
        };
        for c in [&mut *suite, &mut all] {
            if row.expected {
                c.expected_true[column] += 1;
            } else {
                c.expected_false[column] += 1;
            }
        }
    }

    let line = |name: &str, c: &Counts| {
        let [to, tw, tu] = c.expected_true;
        let [fo, fw, fu] = c.expected_false;
        format!(
            "{name:<26} {:>5}   {to:>7} {tw:>5} {tu:>3}   {fo:>7} {fw:>5} {fu:>3}   {:>8} {:>7} {:>6}  {:>6.2}",
            c.tasks, c.rejected, c.crashed, c.killed, c.max_seconds
        )
    };
    eprintln!("terminate ({BUDGET_SECONDS} s per task, default semantics):");
    eprintln!("{:<26} {:>5}   {:^17}   {:^17}", "", "", "TRUE tasks", "FALSE tasks");
    eprintln!(
        "{:<26} {:>5}   {:>7} {:>5} {:>3}   {:>7} {:>5} {:>3}   {:>8} {:>7} {:>6}  {:>6}",
        "suite",
        "tasks",
        "correct",
        "wrong",
        "unk",
        "correct",
        "wrong",
        "unk",
        "rejected",
        "crashed",
        "killed",
        "max s"
    );
    for (name, c) in &per_suite {
        eprintln!("{}", line(name, c));
    }
    eprintln!("{}", line("all", &all));
    for (technique, [t, f]) in &techniques {
        eprintln!("  correct by {technique}: {t} TRUE, {f} FALSE");
    }
    for f in &failures {
        eprintln!("{f}");
    }

    assert!(all.tasks >= 60, "too few tasks: {} (is the benchmark corpus at {}?)", all.tasks, dir.display());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        all.expected_true[0] >= MIN_CORRECT_TRUE,
        "only {} terminating tasks proven TRUE (at least {MIN_CORRECT_TRUE} expected)",
        all.expected_true[0]
    );
    assert!(
        all.expected_false[0] >= MIN_CORRECT_FALSE,
        "only {} non-terminating tasks proven FALSE (at least {MIN_CORRECT_FALSE} expected)",
        all.expected_false[0]
    );
}
