//! Project mode: one job over every translation unit of a project (`--compile-commands`, and the
//! files given), with a progress bar, a summary, and optionally an HTML report (`--html`).
//!
//! Each run is a subprocess of this executable (the job with `--format json`, the unit's
//! preprocessor flags as `--cpp-arg`), under the job's time limit and a grace period, so that one
//! unit that crashes, hangs or runs out of memory is reported and the others go on. First every
//! unit is read and its loops listed (`loops`); a job that needs an entry (`verify`,
//! `terminate`, `bound`, `testgen`) then runs once per function with loops, from that function
//! (`--entry F`: its parameters arbitrary), as termCOMP's complexity problems are posed; the
//! other jobs run once per unit. Results are printed sorted by file and function, whatever order
//! the runs finished in.
//!
//! The printed and written JSON (the project report) is documented in the README; the HTML
//! report is built from it by `leapfrog_report::html`.

mod progress;

use crate::bench::runner::{ProcessLimits, TaskOutcome, TaskStatus, in_parallel, run_process};
use crate::compile_commands::CompileCommand;
use crate::jobs::{EXIT_INTERNAL, EXIT_OK, EXIT_USAGE};
use progress::Progress;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The jobs project mode runs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProjectJob {
    Loops,
    Classify,
    Summarize,
    Invariants,
    Verify,
    Terminate,
    Bound,
    Testgen,
}

impl ProjectJob {
    pub fn name(self) -> &'static str {
        match self {
            ProjectJob::Loops => "loops",
            ProjectJob::Classify => "classify",
            ProjectJob::Summarize => "summarize",
            ProjectJob::Invariants => "invariants",
            ProjectJob::Verify => "verify",
            ProjectJob::Terminate => "terminate",
            ProjectJob::Bound => "bound",
            ProjectJob::Testgen => "testgen",
        }
    }

    /// Whether the job runs once per function with loops, from that function.
    fn per_function(self) -> bool {
        matches!(self, ProjectJob::Verify | ProjectJob::Terminate | ProjectJob::Bound | ProjectJob::Testgen)
    }

    /// Whether a run must print a verdict to count as having run.
    fn wants_verdict(self) -> bool {
        matches!(self, ProjectJob::Verify | ProjectJob::Terminate)
    }
}

/// What the command line asked for.
pub struct ProjectRequest {
    pub job: ProjectJob,
    /// The translation units: the database's, then the files given (without flags).
    pub units: Vec<CompileCommand>,
    /// Translation units that are not C (`.S`, `.cpp`, ...): listed in the report, not read.
    pub skipped: Vec<PathBuf>,
    /// The compilation database, if one was given (for the report).
    pub database: Option<PathBuf>,
    /// Options of the input every run gets (`--data-model`, `--volatile`).
    pub input_args: Vec<String>,
    /// The job's own options every run of the job gets (`--timeout`, `--property`, ...).
    pub job_args: Vec<String>,
    /// The analysis time limit of one run (it is killed a grace period later).
    pub timeout: Duration,
    /// Runs in parallel.
    pub jobs: usize,
    pub format: ProjectFormat,
    /// `--fail-on`: exit with status 1 when a run's verdict is FALSE (or anything but TRUE).
    pub fail_on: Option<crate::jobs::verdict::FailOn>,
    /// Where the HTML report goes.
    pub html: Option<PathBuf>,
    /// This executable.
    pub exe: PathBuf,
}

/// How a project run prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ProjectFormat {
    Text,
    /// The project report.
    Json,
    /// One SARIF 2.1.0 log with every run's own `run` (`verify`, `terminate`, `bound`), and a
    /// run whose invocation names the units that could not be read.
    Sarif,
}

/// Reading a unit (preprocessing, parsing, listing its loops) is given this long.
const READ_LIMIT: Duration = Duration::from_secs(120);

/// One run of a subprocess: which unit, which entry, how it ended.
struct Run {
    unit: usize,
    function: Option<String>,
    outcome: TaskOutcome,
    /// With `--format sarif`, the run's own SARIF `run` (its report is then `outcome.result`).
    sarif: Option<Value>,
}

pub fn run(request: &ProjectRequest) -> u8 {
    let start = Instant::now();
    if request.units.is_empty() {
        eprintln!(
            "leapfrog: error: the project has no C translation units ({} others left out)",
            request.skipped.len()
        );
        return EXIT_USAGE;
    }
    if let Some(dir) = &request.html
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("leapfrog: error: {}: cannot create the report folder: {e}", dir.display());
        return EXIT_USAGE;
    }
    let root = common_folder(request.units.iter().map(|u| u.file.as_path()));
    let short = |unit: usize| display_path(&request.units[unit].file, &root);

    // 1. Read every unit and list its loops.
    let listing_tasks: Vec<usize> = (0..request.units.len()).collect();
    let progress = Progress::new("reading", listing_tasks.len());
    let listings: Vec<TaskOutcome> = in_parallel(&listing_tasks, request.jobs, |&unit| {
        let mut args = vec!["loops".to_string(), "--format".into(), "json".into()];
        args.extend(unit_args(request, unit));
        let outcome = run_process(&request.exe, &args, &ProcessLimits { timeout: READ_LIMIT, memory_mb: 0 }, false);
        progress.done(&short(unit), outcome_word(ProjectJob::Loops, &outcome), outcome.seconds);
        outcome
    });
    progress.finish();

    // 2. The job, per unit or per function with loops of a unit that was read.
    let runs: Vec<Run> = if request.job == ProjectJob::Loops {
        listings
            .iter()
            .enumerate()
            .map(|(unit, o)| Run { unit, function: None, outcome: o.clone(), sarif: None })
            .collect()
    } else {
        let mut tasks: Vec<(usize, Option<String>)> = Vec::new();
        for (unit, listing) in listings.iter().enumerate() {
            if !listing_ok(listing) {
                continue;
            }
            if request.job.per_function() {
                for function in functions_with_loops(listing, &request.units[unit].file) {
                    tasks.push((unit, Some(function)));
                }
            } else {
                tasks.push((unit, None));
            }
        }
        let limits = ProcessLimits { timeout: crate::bench::kill_after(request.timeout), memory_mb: 0 };
        let progress = Progress::new(request.job.name(), tasks.len());
        let sarif = request.format == ProjectFormat::Sarif;
        let outcomes = in_parallel(&tasks, request.jobs, |(unit, function)| {
            let format = if sarif { "sarif" } else { "json" };
            let mut args = vec![request.job.name().to_string(), "--format".into(), format.into()];
            args.extend(request.job_args.iter().cloned());
            if let Some(f) = function {
                args.extend(["--entry".to_string(), f.clone()]);
            }
            args.extend(unit_args(request, *unit));
            let outcome = run_process(&request.exe, &args, &limits, request.job.wants_verdict() && !sarif);
            let (outcome, run) = if sarif { from_sarif(request.job, outcome) } else { (outcome, None) };
            let name = match function {
                Some(f) => format!("{} {f}", short(*unit)),
                None => short(*unit),
            };
            progress.done(&name, outcome_word(request.job, &outcome), outcome.seconds);
            (outcome, run)
        });
        progress.finish();
        tasks
            .into_iter()
            .zip(outcomes)
            .map(|((unit, function), (outcome, sarif))| Run { unit, function, outcome, sarif })
            .collect()
    };

    let report = project_report(request, &root, &listings, &runs, start.elapsed());
    match request.format {
        ProjectFormat::Json => println!("{report}"),
        ProjectFormat::Text => print!("{}", text_report(&report)),
        ProjectFormat::Sarif => println!("{}", sarif_log(request, &listings, &runs)),
    }
    if let Some(dir) = &request.html {
        match write_html(dir, request.job, &report) {
            Ok(index) => eprintln!("leapfrog: HTML report: {}", index.display()),
            Err(e) => {
                eprintln!("leapfrog: error: {}: cannot write the HTML report: {e}", dir.display());
                return EXIT_USAGE;
            }
        }
    }
    let internal = runs.iter().any(|r| r.outcome.exit_code == Some(i32::from(EXIT_INTERNAL)))
        || listings.iter().any(|o| o.exit_code == Some(i32::from(EXIT_INTERNAL)));
    if internal {
        return EXIT_INTERNAL;
    }
    // `--fail-on`: a run's verdict (a run without one counts as UNKNOWN).
    let verdicts =
        runs.iter().map(|r| r.outcome.result.as_ref().and_then(|v| v["verdict"].as_str()).unwrap_or("UNKNOWN"));
    let failing = match request.fail_on {
        None => false,
        Some(crate::jobs::verdict::FailOn::False) => verdicts.clone().any(|v| v == "FALSE"),
        Some(crate::jobs::verdict::FailOn::Unknown) => verdicts.clone().any(|v| v != "TRUE"),
    };
    if failing { crate::jobs::EXIT_FINDINGS } else { EXIT_OK }
}

/// A run that printed SARIF: its outcome with the JSON report the SARIF carries
/// (`properties.leapfrog`) as its result, classified as a JSON run is, and its SARIF `run`.
fn from_sarif(job: ProjectJob, mut outcome: TaskOutcome) -> (TaskOutcome, Option<Value>) {
    let Some(run) = outcome.result.as_ref().map(|doc| doc["runs"][0].clone()).filter(Value::is_object) else {
        return (outcome, None);
    };
    let report = run["properties"]["leapfrog"].clone();
    if matches!(outcome.status, TaskStatus::Ok | TaskStatus::Unsupported) {
        let (status, message) = crate::bench::runner::classify(
            false,
            outcome.exit_code,
            outcome.signal,
            Some(&report),
            job.wants_verdict(),
        );
        outcome.status = status;
        outcome.message = message;
    }
    outcome.result = Some(report);
    (outcome, Some(run))
}

/// The SARIF log of a project: every run's own `run`, sorted by file and function, then one run
/// whose invocation lists the units that were not read (as notifications with their reason).
fn sarif_log(request: &ProjectRequest, listings: &[TaskOutcome], runs: &[Run]) -> Value {
    let mut order: Vec<&Run> = runs.iter().filter(|r| r.sarif.is_some()).collect();
    order.sort_by(|a, b| (&request.units[a.unit].file, &a.function).cmp(&(&request.units[b.unit].file, &b.function)));
    let mut sarif_runs: Vec<Value> = order.iter().filter_map(|r| r.sarif.clone()).collect();
    let unread: Vec<Value> = listings
        .iter()
        .enumerate()
        .filter(|(_, l)| !listing_ok(l))
        .map(|(unit, l)| {
            let file = request.units[unit].file.display().to_string();
            json!({
                "level": "error",
                "message": { "text": format!("not read: {}", run_reason(ProjectJob::Loops, l).unwrap_or_default()) },
                "locations": [{ "physicalLocation": { "artifactLocation": { "uri": leapfrog_report::sarif::uri(&file) } } }],
            })
        })
        .collect();
    let driver = sarif_runs
        .first()
        .map(|r| r["tool"].clone())
        .unwrap_or_else(|| json!({ "driver": { "name": "Leapfrog", "version": env!("CARGO_PKG_VERSION") } }));
    sarif_runs.push(json!({
        "tool": driver,
        "invocations": [{ "executionSuccessful": unread.is_empty(), "toolExecutionNotifications": unread }],
        "results": [],
    }));
    json!({ "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": sarif_runs })
}

/// The arguments that name the unit: its preprocessor flags, the input options, its file.
fn unit_args(request: &ProjectRequest, unit: usize) -> Vec<String> {
    let unit = &request.units[unit];
    let mut args: Vec<String> = unit.flags.iter().map(|f| format!("--cpp-arg={f}")).collect();
    args.extend(request.input_args.iter().cloned());
    args.push("--".to_string());
    args.push(unit.file.display().to_string());
    args
}

/// Whether the unit was read (its loops listed).
fn listing_ok(listing: &TaskOutcome) -> bool {
    matches!(listing.status, TaskStatus::Ok | TaskStatus::Unsupported) && listing.result.is_some()
}

/// The functions with loops that the unit's own file defines, in the order of their first loop.
/// (A function of a header the unit includes is that header's; it is listed, not run, here.)
fn functions_with_loops(listing: &TaskOutcome, file: &Path) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let loops = listing.result.as_ref().and_then(|r| r["loops"].as_array()).cloned().unwrap_or_default();
    for l in loops {
        let (Some(function), Some(in_file)) = (l["function"].as_str(), l["file"].as_str()) else { continue };
        if Path::new(in_file) == file && !out.iter().any(|f| f == function) {
            out.push(function.to_string());
        }
    }
    out
}

/// The folder every path is in (for shorter names), or `/`.
fn common_folder<'a>(paths: impl Iterator<Item = &'a Path>) -> PathBuf {
    let mut common: Option<PathBuf> = None;
    for p in paths {
        let dir = p.parent().unwrap_or(Path::new("/")).to_path_buf();
        common = Some(match common {
            None => dir,
            Some(c) => c.ancestors().find(|a| dir.starts_with(a)).unwrap_or(Path::new("/")).to_path_buf(),
        });
    }
    common.unwrap_or_else(|| PathBuf::from("/"))
}

fn display_path(path: &Path, root: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// The word a run's line says: the verdict, or how the run ended.
fn outcome_word(job: ProjectJob, outcome: &TaskOutcome) -> String {
    match (outcome.status, &outcome.result) {
        (TaskStatus::Ok | TaskStatus::Unsupported, Some(report)) => {
            result_word(job, report).unwrap_or_else(|| outcome.status.as_str().to_string())
        }
        (status, _) => status.as_str().to_string(),
    }
}

/// What a job's report answers, in a word: the verdict (`TRUE`, `FALSE(termination)`), the
/// program's complexity, or how many loops were listed or classified.
fn result_word(job: ProjectJob, report: &Value) -> Option<String> {
    match job {
        ProjectJob::Verify | ProjectJob::Terminate => report["result"].as_str().map(str::to_string),
        ProjectJob::Bound => {
            let complexity = report["program"]["complexity"].as_str()?;
            Some(if complexity == "unknown" { "bound unknown".to_string() } else { complexity.to_string() })
        }
        ProjectJob::Loops => Some(format!("{} loops", report["loops"].as_array()?.len())),
        ProjectJob::Classify => {
            let mut types: BTreeMap<String, usize> = BTreeMap::new();
            for word in loop_words(job, report) {
                *types.entry(word).or_default() += 1;
            }
            Some(types.iter().map(|(t, n)| format!("{t}: {n}")).collect::<Vec<_>>().join(", "))
        }
        ProjectJob::Summarize | ProjectJob::Invariants | ProjectJob::Testgen => None,
    }
}

/// The words a run adds to the summary's counts: its answer (verdict jobs, `bound`), or each
/// loop's type (`classify`).
fn loop_words(job: ProjectJob, report: &Value) -> Vec<String> {
    match job {
        ProjectJob::Classify => report["files"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f["loops"].as_array())
            .flatten()
            .map(|l| l["type"].as_u64().map_or_else(|| "unsupported".to_string(), |t| format!("type {t}")))
            .collect(),
        _ => Vec::new(),
    }
}

/// Why a run has no answer: the report's reason, or how the process ended.
fn run_reason(job: ProjectJob, outcome: &TaskOutcome) -> Option<String> {
    if let (TaskStatus::Ok | TaskStatus::Unsupported, Some(report)) = (outcome.status, &outcome.result) {
        let reason = match job {
            ProjectJob::Bound => report["program"]["reason"].as_str(),
            _ => report["reason"].as_str(),
        };
        return reason.map(str::to_string);
    }
    let last_line = outcome.stderr_tail.lines().rev().find(|l| !l.trim().is_empty()).map(str::to_string);
    match (&outcome.message, last_line) {
        (Some(m), Some(l)) => Some(format!("{m}: {l}")),
        (Some(m), None) => Some(m.clone()),
        (None, l) => l,
    }
}

/// The project report (JSON): every unit with its loops and runs, sorted by file and function,
/// and a summary.
fn project_report(
    request: &ProjectRequest,
    root: &Path,
    listings: &[TaskOutcome],
    runs: &[Run],
    elapsed: Duration,
) -> Value {
    let mut order: Vec<usize> = (0..request.units.len()).collect();
    order.sort_by(|a, b| request.units[*a].file.cmp(&request.units[*b].file));
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut statuses: BTreeMap<&str, usize> = BTreeMap::new();
    let mut units = Vec::new();
    let mut units_read = 0;
    let mut loop_count = 0;
    for unit in order {
        let listing = &listings[unit];
        let read = listing_ok(listing);
        units_read += usize::from(read);
        let loops = if read { listing.result.as_ref().map(|r| r["loops"].clone()) } else { None };
        loop_count += loops.as_ref().and_then(Value::as_array).map_or(0, Vec::len);
        let mut unit_runs: Vec<&Run> = runs.iter().filter(|r| r.unit == unit).collect();
        // Functions in the order of their first loop (the listing's order), which is source order.
        let position = |f: &Option<String>| {
            let listed = loops.as_ref().and_then(Value::as_array);
            listed.and_then(|ls| ls.iter().position(|l| l["function"].as_str() == f.as_deref())).unwrap_or(usize::MAX)
        };
        unit_runs.sort_by_key(|r| (position(&r.function), r.function.clone()));
        let runs_json: Vec<Value> = unit_runs
            .iter()
            .map(|r| {
                let result = result_word(request.job, r.outcome.result.as_ref().unwrap_or(&Value::Null))
                    .filter(|_| matches!(r.outcome.status, TaskStatus::Ok | TaskStatus::Unsupported));
                *statuses.entry(r.outcome.status.as_str()).or_default() += 1;
                if request.job.wants_verdict() || request.job == ProjectJob::Bound {
                    let word = result.clone().unwrap_or_else(|| "UNKNOWN".to_string());
                    *results.entry(word).or_default() += 1;
                }
                for word in r.outcome.result.as_ref().map(|rep| loop_words(request.job, rep)).unwrap_or_default() {
                    *results.entry(word).or_default() += 1;
                }
                json!({
                    "function": r.function,
                    "status": r.outcome.status.as_str(),
                    "result": result,
                    "reason": run_reason(request.job, &r.outcome),
                    "time_seconds": r.outcome.seconds,
                    "report": r.outcome.result,
                })
            })
            .collect();
        units.push(json!({
            "file": request.units[unit].file.display().to_string(),
            "name": display_path(&request.units[unit].file, root),
            "flags": request.units[unit].flags,
            "read": read,
            "error": if read { Value::Null } else { json!(run_reason(ProjectJob::Loops, listing)) },
            "loops": loops.unwrap_or(Value::Null),
            "diagnostics": listing.result.as_ref().map_or(Value::Null, |r| r["diagnostics"].clone()),
            "runs": runs_json,
        }));
    }
    json!({
        "project_report": 1,
        "job": request.job.name(),
        "database": request.database.as_ref().map(|d| d.display().to_string()),
        "root": root.display().to_string(),
        "units": units,
        "skipped": request.skipped.iter().map(|f| display_path(f, root)).collect::<Vec<_>>(),
        "summary": {
            "units": request.units.len(),
            "units_read": units_read,
            "loops": loop_count,
            "runs": runs.len(),
            "statuses": statuses,
            "results": results,
            "time_seconds": elapsed.as_secs_f64(),
        },
    })
}

/// The text report: per unit its runs (function, answer, time, reason), then the summary.
fn text_report(report: &Value) -> String {
    let mut out = String::new();
    let job = report["job"].as_str().unwrap_or("");
    for unit in report["units"].as_array().into_iter().flatten() {
        let name = unit["name"].as_str().unwrap_or("");
        if !unit["read"].as_bool().unwrap_or(false) {
            out.push_str(&format!("{name}: not read: {}\n", unit["error"].as_str().unwrap_or("unknown reason")));
            continue;
        }
        let loops = unit["loops"].as_array().map_or(0, Vec::len);
        let runs = unit["runs"].as_array().cloned().unwrap_or_default();
        out.push_str(&format!("{name}: {loops} loop{}\n", if loops == 1 { "" } else { "s" }));
        for run in &runs {
            let what = run["function"].as_str().map_or_else(|| job.to_string(), str::to_string);
            let answer = run["result"].as_str().unwrap_or_else(|| run["status"].as_str().unwrap_or(""));
            let seconds = run["time_seconds"].as_f64().unwrap_or(0.0);
            out.push_str(&format!("  {what:<30} {answer:<20} {seconds:>7.2} s"));
            if let Some(reason) = run["reason"].as_str() {
                let reason: String = reason.chars().take(160).collect();
                out.push_str(&format!("  {reason}"));
            }
            out.push('\n');
        }
    }
    let skipped: Vec<&str> = report["skipped"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if !skipped.is_empty() {
        out.push_str(&format!("not C, left out: {}\n", skipped.join(", ")));
    }
    let s = &report["summary"];
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    out.push_str(&format!(
        "\nSummary ({job}): {} units ({} read, {} not read), {} loops, {} runs",
        count(&s["units"]),
        count(&s["units_read"]),
        count(&s["units"]) - count(&s["units_read"]),
        count(&s["loops"]),
        count(&s["runs"]),
    ));
    let words = |v: &Value| {
        v.as_object()
            .map(|m| m.iter().map(|(k, n)| format!("{k} {}", count(n))).collect::<Vec<_>>().join(", "))
            .unwrap_or_default()
    };
    if s["runs"].as_u64().unwrap_or(0) > 0 {
        out.push_str(&format!(" ({})", words(&s["statuses"])));
    }
    if s["results"].as_object().is_some_and(|m| !m.is_empty()) {
        out.push_str(&format!("; {}", words(&s["results"])));
    }
    out.push_str(&format!("; {:.1} s\n", s["time_seconds"].as_f64().unwrap_or(0.0)));
    out
}

/// Saves the report as `DIR/data/JOB.json` and writes the HTML pages from every job's report
/// saved there (so that `classify`, `terminate` and `bound` runs into one folder make one
/// report). The index page.
fn write_html(dir: &Path, job: ProjectJob, report: &Value) -> std::io::Result<PathBuf> {
    let data = dir.join("data");
    std::fs::create_dir_all(&data)?;
    std::fs::write(data.join(format!("{}.json", job.name())), report.to_string())?;
    let mut reports = Vec::new();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&data)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    names.sort();
    for path in names {
        let text = std::fs::read_to_string(&path)?;
        match serde_json::from_str::<Value>(&text) {
            Ok(v) if v["project_report"].is_u64() => reports.push(v),
            _ => eprintln!("leapfrog: warning: {}: not a project report; left out of the HTML report", path.display()),
        }
    }
    leapfrog_report::html::write_site(dir, &reports)
}
