//! The benchmark runner behind `leapfrog bench`: runs one job of the tool over the tasks of a
//! benchmark manifest (`shared/benchmarks/manifest.csv`), each task as a separate, time- and
//! memory-limited process, prints a per-suite table and writes a JSON result file.
//!
//! This module owns the options and the order of a run ([`run_bench`]); the parts are:
//! * [`csv`] — the CSV reader;
//! * [`manifest`] — manifest rows, filters, data models and the planning of tasks;
//! * [`runner`] — subprocesses, limits, worker threads, progress, and the status of each task;
//! * [`table`] — per-suite statistics and the text table;
//! * [`verdicts`] — for verdict jobs (`verify`, `terminate`, and `testgen`, whose error goal
//!   answers `unreach-call`): the tool's answers scored against
//!   the manifest's `expected` column, their table, and the list of wrong answers;
//! * [`bounds`] — for `bound`: loops bounded and with a `max` per suite;
//! * [`results`] — the JSON result file.
//!
//! Jobs are of two kinds. Property-independent jobs (`loops`, `exec`, `bound`) run once per
//! program and are measured, not scored (`bound` also gets `--timeout` and its counts are
//! tabled). Verdict jobs answer one manifest property ([`verdicts::job_property`]:
//! `verify` the `unreach-call` rows — or with `--property valid-memsafety|no-overflow` those —,
//! `terminate` the `termination` rows), get `--timeout` (the
//! per-task limit; the runner kills them a grace period later, see [`kill_after`]), and each
//! answer is classified as correct, wrong or unknown against `expected`. Nothing about a task's
//! outcome is inferred from its file name or contents.

pub mod bounds;
pub mod csv;
pub mod manifest;
pub mod results;
pub mod runner;
pub mod table;
#[cfg(test)]
pub(crate) mod test_support;
pub mod verdicts;

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use manifest::job_is_property_independent;
use manifest::{DataModels, Manifest};
use runner::{RunConfig, TaskResult};
use table::Summary;

/// The jobs `bench` runs: the property-independent ones ([`job_is_property_independent`]) and
/// the verdict jobs ([`verdicts::job_property`]).
pub const JOBS: [&str; 6] = ["loops", "exec", "bound", "verify", "terminate", "testgen"];

/// Default per-task wall-clock limit.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// Default per-task address-space limit in MiB.
pub const DEFAULT_MEMORY_MB: u64 = 4096;
/// Default result file, in the current directory.
pub const DEFAULT_OUTPUT: &str = "bench-results.json";

/// Everything a benchmark run needs.
#[derive(Debug, Clone)]
pub struct BenchOptions {
    pub manifest: PathBuf,
    /// The leapfrog subcommand run per task, e.g. `loops`.
    pub job: String,
    /// Only these suites (empty: all).
    pub suites: Vec<String>,
    /// Only rows with these properties (empty: all).
    pub properties: Vec<String>,
    /// Parallel workers (at least 1 is used).
    pub jobs: usize,
    /// Wall-clock limit per task.
    pub timeout: Duration,
    /// Address-space limit per task in MiB; 0 for none.
    pub memory_mb: u64,
    /// The JSON result file; `None` for [`DEFAULT_OUTPUT`].
    pub output: Option<PathBuf>,
    /// The leapfrog binary to run (the CLI passes `std::env::current_exe()`).
    pub exe: PathBuf,
    /// Arguments appended to every task's command line (e.g. `--timeout 5`).
    pub extra_args: Vec<String>,
    /// Run only the first N tasks after filtering (and merging, for property-independent jobs).
    pub limit: Option<usize>,
}

impl BenchOptions {
    /// Options with the defaults: all suites and properties, one worker per CPU, 60 s, 4096 MiB,
    /// `bench-results.json`, no extra arguments, no limit.
    pub fn new(manifest: impl Into<PathBuf>, job: impl Into<String>, exe: impl Into<PathBuf>) -> BenchOptions {
        BenchOptions {
            manifest: manifest.into(),
            job: job.into(),
            suites: Vec::new(),
            properties: Vec::new(),
            jobs: default_jobs(),
            timeout: DEFAULT_TIMEOUT,
            memory_mb: DEFAULT_MEMORY_MB,
            output: None,
            exe: exe.into(),
            extra_args: Vec::new(),
            limit: None,
        }
    }

    /// Where the JSON result file goes.
    pub fn output_path(&self) -> &Path {
        self.output.as_deref().unwrap_or(Path::new(DEFAULT_OUTPUT))
    }
}

/// When a verdict job that was given `--timeout limit` is killed: a tenth of the limit later, at
/// least one second, so that a tool that gives up on time is not mistaken for one that hangs.
pub fn kill_after(limit: Duration) -> Duration {
    limit + (limit / 10).max(Duration::from_secs(1))
}

/// The number of CPUs available to this process (1 if unknown).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The outcome of a whole run.
#[derive(Debug, Clone)]
pub struct BenchReport {
    pub job: String,
    pub manifest: PathBuf,
    pub wall_seconds: f64,
    pub workers: usize,
    pub timeout: Duration,
    pub memory_mb: u64,
    pub extra_args: Vec<String>,
    /// In manifest order.
    pub results: Vec<TaskResult>,
}

impl BenchReport {
    /// Per-suite summaries (manifest order) and the summary over all tasks.
    pub fn summaries(&self) -> (Vec<Summary>, Summary) {
        table::summarize(&self.results)
    }

    /// Whether the job answers with verdicts (which are then scored).
    pub fn is_verdict_job(&self) -> bool {
        verdicts::job_property(&self.job).is_some()
    }

    /// Per-suite verdict counts (manifest order) and the counts over all tasks.
    pub fn verdict_summaries(&self) -> (Vec<verdicts::VerdictSummary>, verdicts::VerdictSummary) {
        verdicts::summarize(&self.results)
    }

    /// The text printed at the end of a run: the status table, or for a verdict job the verdict
    /// table, the correct answers by technique and the wrong answers.
    pub fn table(&self) -> String {
        if self.is_verdict_job() {
            let (suites, all) = self.verdict_summaries();
            return verdicts::render(&self.results, &suites, &all, self.wall_seconds, &self.job, self.workers);
        }
        let (suites, all) = self.summaries();
        let mut out = table::render_table(&suites, &all, self.wall_seconds, &self.job, self.workers);
        if self.job == "bound" {
            let (suites, all) = bounds::summarize(&self.results);
            out.push('\n');
            out.push_str(&bounds::render(&suites, &all));
        }
        out
    }

    /// The content of the JSON result file.
    pub fn to_json(&self) -> serde_json::Value {
        results::report_json(self)
    }
}

/// Runs the benchmark, prints the table to stdout and writes the JSON result file.
///
/// Errors (a missing or malformed manifest, a filter that matches nothing, a missing executable,
/// an unwritable result file) are returned before or after the tasks run; problems of single
/// tasks are statuses in the report.
pub fn run_bench(opts: &BenchOptions) -> io::Result<BenchReport> {
    let report = run_tasks_of_manifest(opts, runner::progress_wanted())?;
    print!("{}", report.table());
    write_results(&report, opts.output_path())?;
    Ok(report)
}

/// Plans and runs the tasks (printing nothing but the optional progress line). Every setup
/// problem (an unknown job, a zero time limit, a missing executable, manifest or program file, a
/// filter matching nothing) is an error before any task runs.
pub fn run_tasks_of_manifest(opts: &BenchOptions, progress: bool) -> io::Result<BenchReport> {
    if !JOBS.contains(&opts.job.as_str()) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("unknown job `{}` (bench runs: {})", opts.job, JOBS.join(", ")),
        ));
    }
    if opts.timeout.is_zero() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "the time limit per task must be positive"));
    }
    if !opts.exe.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("the leapfrog executable {} does not exist", opts.exe.display()),
        ));
    }
    let manifest = Manifest::read(&opts.manifest)?;
    let answered = verdicts::job_property(&opts.job);
    let mut extra_args = opts.extra_args.clone();
    let properties = match answered {
        None => opts.properties.clone(),
        Some(property) => {
            // One property per run: the job's own, or another it answers when given one.
            let allowed = verdicts::job_properties(&opts.job);
            let chosen = match opts.properties.as_slice() {
                [] => property,
                [one] if allowed.contains(&one.as_str()) => {
                    allowed.iter().find(|a| **a == one.as_str()).expect("listed")
                }
                _ => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        format!("job `{}` answers one of the {} rows per run", opts.job, allowed.join(", ")),
                    ));
                }
            };
            if chosen != property {
                extra_args.extend(["--property".to_string(), chosen.to_string()]);
            }
            vec![chosen.to_string()]
        }
    };
    let rows = manifest::select_rows(&manifest.rows, &opts.suites, &properties)?;
    let data_models = DataModels::read_beside(&manifest.dir)?;
    let mut tasks = manifest::plan_tasks(&manifest.dir, &rows, job_is_property_independent(&opts.job), &data_models);
    if let Some(limit) = opts.limit {
        tasks.truncate(limit);
    }
    manifest::check_files_exist(&manifest.dir, &tasks)?;

    // Verdict jobs and `bound` give up on time themselves: they get the limit, and are killed
    // a little after it.
    let limited = answered.is_some() || opts.job == "bound";
    let config = RunConfig {
        exe: &opts.exe,
        job: &opts.job,
        manifest_dir: &manifest.dir,
        timeout: if limited { kill_after(opts.timeout) } else { opts.timeout },
        tool_timeout: limited.then_some(opts.timeout),
        memory_mb: opts.memory_mb,
        extra_args: &extra_args,
    };
    let workers = opts.jobs.clamp(1, tasks.len().max(1));
    let start = Instant::now();
    let results = runner::run_tasks(tasks, &config, workers, progress);
    Ok(BenchReport {
        job: opts.job.clone(),
        manifest: opts.manifest.clone(),
        wall_seconds: start.elapsed().as_secs_f64(),
        workers,
        timeout: opts.timeout,
        memory_mb: opts.memory_mb,
        extra_args: opts.extra_args.clone(),
        results,
    })
}

/// Writes the report's JSON (pretty-printed, with a final newline) to `path`.
pub fn write_results(report: &BenchReport, path: &Path) -> io::Result<()> {
    let mut text = serde_json::to_string_pretty(&report.to_json()).map_err(io::Error::other)?;
    text.push('\n');
    std::fs::write(path, text).map_err(|e| io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};
    use test_support::{FakeTool, TempDir};

    /// A manifest of three programs in two suites; `a` has two properties; `t` is a
    /// tacle-bench program with a helper file.
    fn corpus(dir: &TempDir) -> PathBuf {
        dir.write("s1/a.c", "ok");
        dir.write("s1/b.c", "reject");
        dir.write("tacle-bench/kernel/t/t.c", "unsupported");
        dir.write("tacle-bench/kernel/t/helper.c", "");
        dir.write(manifest::SVCOMP_TASKS_FILE, "task,input_file,data_model\ns1/a.yml,s1/a.c,ILP32\n");
        dir.write(
            "manifest.csv",
            "id,suite,file,property,expected,origin\n\
             a#termination,s1,s1/a.c,termination,true,o\n\
             a#unreach-call,s1,s1/a.c,unreach-call,false,o\n\
             b#termination,s1,s1/b.c,termination,unknown,o\n\
             t#termination,tacle-bench,tacle-bench/kernel/t/t.c,termination,true,o\n",
        )
    }

    fn options(dir: &TempDir, manifest: &Path, tool: &FakeTool, job: &str) -> BenchOptions {
        let mut opts = BenchOptions::new(manifest, job, tool.path());
        opts.jobs = 3;
        opts.timeout = Duration::from_secs(20);
        opts.output = Some(dir.path().join("out.json"));
        opts
    }

    fn statuses(report: &BenchReport) -> Vec<(&str, &str)> {
        report.results.iter().map(|r| (r.task.id.as_str(), r.outcome.status.as_str())).collect()
    }

    #[test]
    fn property_independent_job_runs_each_program_once() {
        let dir = TempDir::new("bench-loops");
        let manifest = corpus(&dir);
        let tool = FakeTool::new(&dir);
        let report = run_tasks_of_manifest(&options(&dir, &manifest, &tool, "loops"), false).unwrap();
        assert_eq!(
            statuses(&report),
            [("a#termination", "ok"), ("b#termination", "error"), ("t#termination", "unsupported"),]
        );
        let args = report.results[0].outcome.result.as_ref().unwrap()["args"].as_str().unwrap();
        assert!(args.ends_with("s1/a.c --format json --data-model ILP32"), "{args}");
        assert_eq!(report.results[2].task.files, ["tacle-bench/kernel/t/t.c", "tacle-bench/kernel/t/helper.c"]);
        let (suites, all) = report.summaries();
        assert_eq!(suites.len(), 2);
        assert_eq!(all.tasks, 3);
    }

    #[test]
    fn property_dependent_job_runs_each_row_with_filters_and_limit() {
        let dir = TempDir::new("bench-rows");
        let manifest = corpus(&dir);
        let tool = FakeTool::new(&dir);
        let mut opts = options(&dir, &manifest, &tool, "terminate");
        let ids = |report: &BenchReport| report.results.iter().map(|r| r.task.id.clone()).collect::<Vec<_>>();
        let report = run_tasks_of_manifest(&opts, false).unwrap();
        assert_eq!(ids(&report), ["a#termination", "b#termination", "t#termination"]);

        opts.suites = vec!["s1".to_string()];
        opts.limit = Some(1);
        let report = run_tasks_of_manifest(&opts, false).unwrap();
        assert_eq!(ids(&report), ["a#termination"]);
    }

    #[test]
    fn run_bench_writes_the_result_file() {
        let dir = TempDir::new("bench-run");
        let manifest = corpus(&dir);
        let tool = FakeTool::new(&dir);
        let opts = options(&dir, &manifest, &tool, "loops");
        let report = run_bench(&opts).unwrap();
        let written: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("out.json")).unwrap()).unwrap();
        assert_eq!(written, report.to_json());
        assert_eq!(written["job"], "loops");
        assert_eq!(written["tasks"].as_array().unwrap().len(), 3);
        assert_eq!(written["suites"]["s1"]["error"], 1);
    }

    /// A manifest for verdict jobs: each program's content tells the fake tool what to print.
    fn verdict_corpus(dir: &TempDir) -> PathBuf {
        let answer = |verdict: &str, technique: &str| {
            format!("print {{\"verdict\": \"{verdict}\", \"semantics\": \"default\", \"technique\": \"{technique}\"}}")
        };
        dir.write("v/true-ok.c", &answer("TRUE", "k-induction"));
        dir.write("v/false-ok.c", &answer("FALSE", "bmc"));
        dir.write("v/wrong.c", &answer("TRUE", "k-induction"));
        dir.write(
            "v/unknown.c",
            "print {\"verdict\": \"UNKNOWN\", \"semantics\": \"default\", \"reason\": \"no invariant\"}",
        );
        dir.write("v/crash.c", "internal");
        dir.write("v/garbage.c", "garbage");
        dir.write("v/no-verdict.c", "ok");
        dir.write("v/slow.c", "sleep");
        dir.write("w/unscored.c", &answer("FALSE", "bmc"));
        dir.write("w/args.c", "print {\"verdict\": \"UNKNOWN\", \"reason\": \"args\"}");
        dir.write(
            "manifest.csv",
            "id,suite,file,property,expected,origin\n\
             true-ok,v,v/true-ok.c,unreach-call,true,o\n\
             false-ok,v,v/false-ok.c,unreach-call,false,o\n\
             wrong,v,v/wrong.c,unreach-call,false,o\n\
             unknown,v,v/unknown.c,unreach-call,true,o\n\
             crash,v,v/crash.c,unreach-call,true,o\n\
             garbage,v,v/garbage.c,unreach-call,false,o\n\
             no-verdict,v,v/no-verdict.c,unreach-call,true,o\n\
             slow,v,v/slow.c,unreach-call,true,o\n\
             unscored,w,w/unscored.c,unreach-call,unknown,o\n\
             term,w,w/args.c,termination,true,o\n\
             mem,w,w/args.c,valid-memsafety,false,o\n",
        )
    }

    #[test]
    fn verify_answers_the_memsafety_rows_when_asked_and_gets_the_property() {
        let dir = TempDir::new("bench-memsafety");
        let manifest = verdict_corpus(&dir);
        dir.write("w/args.c", "ok");
        let tool = FakeTool::new(&dir);
        let mut opts = options(&dir, &manifest, &tool, "verify");
        opts.properties = vec!["valid-memsafety".to_string()];
        let report = run_tasks_of_manifest(&opts, false).unwrap();
        assert_eq!(statuses(&report), [("mem", "crash")], "`ok` output has no verdict");
        let args = report.results[0].outcome.result.as_ref().unwrap()["args"].as_str().unwrap();
        assert!(args.starts_with("verify ") && args.contains("--property valid-memsafety"), "{args}");

        opts.properties = vec!["valid-memsafety".to_string(), "no-overflow".to_string()];
        let err = run_tasks_of_manifest(&opts, false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn verdict_job_scores_each_answer_and_failures_are_never_correct() {
        let dir = TempDir::new("bench-verdicts");
        let manifest = verdict_corpus(&dir);
        let tool = FakeTool::new(&dir);
        let mut opts = options(&dir, &manifest, &tool, "verify");
        opts.timeout = Duration::from_millis(500);
        opts.jobs = 10;
        let report = run_tasks_of_manifest(&opts, false).unwrap();
        let classes: Vec<(&str, &str)> =
            report.results.iter().map(|r| (r.task.id.as_str(), verdicts::score(r).classification.as_str())).collect();
        assert_eq!(
            classes,
            [
                ("true-ok", "correct"),
                ("false-ok", "correct"),
                ("wrong", "wrong"),
                ("unknown", "unknown"),
                ("crash", "crash"),
                ("garbage", "crash"),
                ("no-verdict", "crash"),
                ("slow", "timeout"),
                ("unscored", "unscored"),
            ],
            "only the unreach-call rows run"
        );
        // Killed a grace period after the limit the tool was given.
        let slow = &report.results[7].outcome;
        assert!(slow.seconds >= 1.5 && slow.seconds < 5.0, "{}", slow.seconds);

        let table = report.table();
        assert!(table.contains("- TRUE tasks -"), "{table}");
        assert!(table.contains("1 wrong"), "{table}");
        assert!(table.ends_with("WRONG ANSWERS: 1\n  WRONG wrong: answered TRUE, expected FALSE (technique k-induction, semantics default)\n"), "{table}");

        let value = report.to_json();
        assert_eq!(value["wrong"], serde_json::json!(["wrong"]));
        assert_eq!(
            value["verdicts"]["suites"]["v"],
            serde_json::json!({
                "tasks": 8,
                "true": {"correct": 1, "wrong": 0, "unknown": 1},
                "false": {"correct": 1, "wrong": 1, "unknown": 0},
                "unscored": 0, "error": 0, "crash": 3, "timeout": 1,
                "median_seconds": value["verdicts"]["suites"]["v"]["median_seconds"],
                "max_seconds": value["verdicts"]["suites"]["v"]["max_seconds"],
            })
        );
        assert_eq!(value["verdicts"]["all"]["unscored"], 1);
        assert_eq!(
            value["correct_by_technique"],
            serde_json::json!([
                {"technique": "bmc", "semantics": "default", "true": 0, "false": 1},
                {"technique": "k-induction", "semantics": "default", "true": 1, "false": 0},
            ])
        );
        let tasks = value["tasks"].as_array().unwrap();
        let wrong = &tasks[2];
        assert_eq!(
            (&wrong["verdict"], &wrong["expected"], &wrong["classification"], &wrong["technique"], &wrong["semantics"]),
            (&json!("TRUE"), &json!("false"), &json!("wrong"), &json!("k-induction"), &json!("default"))
        );
        assert!(wrong["seconds"].as_f64().unwrap() > 0.0);
        assert_eq!((&tasks[3]["verdict"], &tasks[3]["reason"]), (&json!("UNKNOWN"), &json!("no invariant")));
        assert_eq!((&tasks[4]["verdict"], &tasks[4]["classification"]), (&Value::Null, &json!("crash")));
        assert_eq!(tasks[5]["message"], "exit 0 but stdout is not JSON");
        assert_eq!(tasks[6]["message"], "exit 0 but no valid answer: the output has no `verdict`");
        assert_eq!(tasks[7]["classification"], "timeout");
        assert_eq!(tasks[8]["classification"], "unscored");
    }

    #[test]
    fn terminate_runs_the_termination_rows_with_a_tool_timeout() {
        let dir = TempDir::new("bench-terminate");
        let manifest = verdict_corpus(&dir);
        dir.write("w/args.c", "ok");
        let tool = FakeTool::new(&dir);
        let mut opts = options(&dir, &manifest, &tool, "terminate");
        opts.properties = vec!["termination".to_string()];
        let report = run_tasks_of_manifest(&opts, false).unwrap();
        assert_eq!(statuses(&report), [("term", "crash")], "`ok` output has no verdict");
        let args = report.results[0].outcome.result.as_ref().unwrap()["args"].as_str().unwrap();
        assert!(args.starts_with("terminate ") && args.ends_with("w/args.c --format json --timeout 20"), "{args}");

        opts.properties = vec!["unreach-call".to_string()];
        let err = run_tasks_of_manifest(&opts, false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "job `terminate` answers one of the termination rows per run");
    }

    #[test]
    fn setup_problems_are_io_errors() {
        let dir = TempDir::new("bench-errors");
        let manifest = corpus(&dir);
        let tool = FakeTool::new(&dir);

        let mut missing_manifest = options(&dir, &manifest, &tool, "loops");
        missing_manifest.manifest = dir.path().join("nope.csv");
        assert_eq!(run_tasks_of_manifest(&missing_manifest, false).unwrap_err().kind(), io::ErrorKind::NotFound);

        let mut missing_exe = options(&dir, &manifest, &tool, "loops");
        missing_exe.exe = dir.path().join("no-such-leapfrog");
        assert!(run_tasks_of_manifest(&missing_exe, false).unwrap_err().to_string().contains("no-such-leapfrog"));

        let mut typo = options(&dir, &manifest, &tool, "loops");
        typo.suites = vec!["s9".to_string()];
        assert_eq!(run_tasks_of_manifest(&typo, false).unwrap_err().kind(), io::ErrorKind::InvalidInput);

        let bogus = options(&dir, &manifest, &tool, "bogus");
        let err = run_tasks_of_manifest(&bogus, false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(err.to_string(), "unknown job `bogus` (bench runs: loops, exec, bound, verify, terminate, testgen)");

        let mut no_time = options(&dir, &manifest, &tool, "loops");
        no_time.timeout = Duration::ZERO;
        assert_eq!(run_tasks_of_manifest(&no_time, false).unwrap_err().kind(), io::ErrorKind::InvalidInput);

        // A program file the manifest names is missing: nothing runs.
        dir.write(
            "gone.csv",
            "id,suite,file,property,expected,origin\n\
             a,s1,s1/a.c,termination,true,o\n\
             gone,s1,s1/gone.c,termination,true,o\n",
        );
        let mut gone = options(&dir, &manifest, &tool, "loops");
        gone.manifest = dir.path().join("gone.csv");
        let err = run_tasks_of_manifest(&gone, false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::NotFound);
        assert!(err.to_string().starts_with("1 program file named by the manifest does not exist"), "{err}");
        assert!(err.to_string().ends_with("line 3: s1/gone.c"), "{err}");
        // ... unless the filters leave it out.
        gone.limit = Some(1);
        assert_eq!(run_tasks_of_manifest(&gone, false).unwrap().results.len(), 1);

        dir.write("bad.csv", "id,suite,file,property,expected,origin\n\"x,s1,s1/a.c,termination,true,o\n");
        let mut bad = options(&dir, &manifest, &tool, "loops");
        bad.manifest = dir.path().join("bad.csv");
        let err = run_tasks_of_manifest(&bad, false).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        assert!(err.to_string().ends_with("bad.csv:2: quoted field is not closed"), "{err}");
    }
}
