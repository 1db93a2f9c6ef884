//! `leapfrog fuzz`: a soundness fuzzer. It generates small random C programs, asks Leapfrog's
//! `verify` (unreach-call) and `terminate` (termination) about each, and checks every answer
//! against concrete runs of the interpreter: a TRUE must survive runs on many input streams, a
//! FALSE's execution must replay. Contradictions, crashes, rejections and overruns are
//! *findings*, saved with everything that reproduces them.
//!
//! This module owns the options, the order of a run (programs in parallel on worker threads,
//! each a pure function of the seed and its number), the files it writes and the summary; the
//! parts are:
//! * [`rng`] — the seeded generator every random choice comes from;
//! * [`generate`] — the program generator;
//! * [`likely`] — which generated checks become assertions (likely invariants under a naive
//!   reading of uninitialized memory);
//! * [`inputs`] — the input streams of the interpreter runs;
//! * [`oracle`] — the questions to Leapfrog (subprocesses) and the checks of their answers;
//! * [`native`] — suspects run again natively (gcc), which clears the long finite runs.
//!
//! Files: `OUTPUT/findings/s<seed>-p<n>-<kind>-<property>.c` (the program, with a comment at its
//! end that says what was found and how to reproduce it), `.oracle.c` (the oracle's program,
//! when the contradicting run is one of it) and `.json` (the answer and the contradicting
//! stream), `OUTPUT/summary.json`, with `--keep-programs` every program in
//! `OUTPUT/programs/` with its answers, and scratch files in `OUTPUT/work/` (removed).

pub mod generate;
pub mod inputs;
pub mod likely;
pub mod native;
pub mod oracle;
pub mod rng;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendError, FrontendOptions};
use leapfrog_ir::DataModel;
use serde_json::{Value, json};

use crate::bench::verdicts;
use oracle::{Case, CheckOptions, Finding, FindingKind, Property, Reply, RunStats};
use rng::Rng;

/// Everything a fuzzing run needs.
#[derive(Debug, Clone)]
pub struct FuzzOptions {
    pub seed: u64,
    /// The number of the first program (programs `start..start + programs` are generated).
    pub start: u64,
    pub programs: u64,
    /// `--timeout` of each verdict job.
    pub timeout: Duration,
    /// Seeded input streams per program for the checks of TRUE answers.
    pub runs: usize,
    /// Step limit of an interpreter run (replays get [`oracle::REPLAY_FACTOR`] times more).
    pub max_steps: u64,
    /// Programs processed in parallel.
    pub jobs: usize,
    pub output: PathBuf,
    /// The leapfrog executable asked about the programs.
    pub exe: PathBuf,
    /// Keep every program (with its answers) in `OUTPUT/programs/`.
    pub keep_programs: bool,
    /// Wall-clock limit of the native run of a suspect; zero for none.
    pub native_timeout: Duration,
}

/// Purposes of the generators derived for one program ([`Rng::derive`]).
const PURPOSE_PROGRAM: u64 = 1;
const PURPOSE_SELECTION: u64 = 2;
const PURPOSE_STREAMS: u64 = 3;

/// What became of one program.
#[derive(Debug, Clone)]
pub struct ProgramResult {
    pub number: u64,
    pub features: BTreeSet<&'static str>,
    /// gcc's complaint, when the generator wrote invalid C (the program is then skipped).
    pub invalid: Option<String>,
    /// The replies of `verify` and `terminate` (absent for invalid programs).
    pub replies: Vec<(Property, Reply)>,
    /// Whether the assertions were chosen without the naive filter, and how many survived it.
    pub unfiltered: bool,
    pub findings: Vec<(Finding, PathBuf)>,
    pub stats: RunStats,
    pub seconds: f64,
}

/// The results of a whole run.
#[derive(Debug, Clone)]
pub struct FuzzReport {
    pub options: FuzzOptions,
    pub programs: Vec<ProgramResult>,
    pub seconds: f64,
}

impl FuzzReport {
    /// Every finding with its program number and file.
    pub fn findings(&self) -> impl Iterator<Item = (u64, &Finding, &Path)> {
        self.programs.iter().flat_map(|p| p.findings.iter().map(move |(f, path)| (p.number, f, path.as_path())))
    }

    /// Whether some finding is one `--fail-on-findings` fails on.
    pub fn has_failing_findings(&self) -> bool {
        self.findings().any(|(_, f, _)| f.kind.fails())
    }

    fn count(&self, kind: FindingKind) -> usize {
        self.findings().filter(|(_, f, _)| f.kind == kind).count()
    }

    fn stats(&self) -> RunStats {
        let mut all = RunStats::default();
        for p in &self.programs {
            all.add(&p.stats);
        }
        all
    }

    /// Replies per property and label (`TRUE`, `crash`, ...).
    fn answers(&self) -> BTreeMap<Property, BTreeMap<&'static str, usize>> {
        let mut table: BTreeMap<Property, BTreeMap<&'static str, usize>> = BTreeMap::new();
        for p in &self.programs {
            for (property, reply) in &p.replies {
                *table.entry(*property).or_default().entry(reply.label()).or_default() += 1;
            }
        }
        table
    }

    /// TRUE and FALSE answers per property and technique.
    fn techniques(&self) -> BTreeMap<(Property, String), (usize, usize)> {
        let mut table: BTreeMap<(Property, String), (usize, usize)> = BTreeMap::new();
        for p in &self.programs {
            for (property, reply) in &p.replies {
                if let Reply::Answer { answer, .. } = reply {
                    let technique = answer.technique.clone().unwrap_or_else(|| "-".to_string());
                    let entry = table.entry((*property, technique)).or_default();
                    match answer.verdict {
                        verdicts::Verdict::True => entry.0 += 1,
                        verdicts::Verdict::False => entry.1 += 1,
                        verdicts::Verdict::Unknown => {}
                    }
                }
            }
        }
        table.retain(|_, (t, f)| *t + *f > 0);
        table
    }

    /// The text summary.
    pub fn summary(&self) -> String {
        let o = &self.options;
        let mut s = String::new();
        let invalid = self.programs.iter().filter(|p| p.invalid.is_some()).count();
        let unfiltered = self.programs.iter().filter(|p| p.invalid.is_none() && p.unfiltered).count();
        let _ = writeln!(
            s,
            "leapfrog fuzz: seed {}, programs {}..{}, --timeout {} s, {} runs per TRUE, {} steps per run",
            o.seed,
            o.start,
            o.start + o.programs,
            o.timeout.as_secs_f64(),
            o.runs,
            o.max_steps
        );
        let _ = writeln!(
            s,
            "programs: {} generated ({} with unfiltered assertions), {invalid} not valid C (a generator bug)",
            self.programs.len(),
            unfiltered
        );
        let mut features: BTreeMap<&str, usize> = BTreeMap::new();
        for p in &self.programs {
            for f in &p.features {
                *features.entry(f).or_default() += 1;
            }
        }
        let features: Vec<String> = features.iter().map(|(f, n)| format!("{f} {n}")).collect();
        let _ = writeln!(s, "features: {}", features.join(", "));
        let labels = ["TRUE", "FALSE", "UNKNOWN", "crash", "timeout", "rejected"];
        let _ = writeln!(s, "\nanswers       {}", labels.map(|l| format!("{l:>9}")).join(""));
        let answers = self.answers();
        for property in Property::ALL {
            let row = answers.get(&property);
            let cells = labels.map(|l| format!("{:>9}", row.and_then(|r| r.get(l)).copied().unwrap_or(0)));
            let _ = writeln!(s, "{:<13} {}", property.name(), cells.join(""));
        }
        let techniques = self.techniques();
        if !techniques.is_empty() {
            let _ = writeln!(s, "\nby technique                                   TRUE  FALSE");
            for ((property, technique), (t, f)) in &techniques {
                let _ = writeln!(s, "  {:<13} {technique:<30} {t:>5} {f:>6}", property.name());
            }
        }
        let stats = self.stats();
        let outcomes: Vec<String> = stats.by_outcome.iter().map(|(k, n)| format!("{k} {n}")).collect();
        let _ = writeln!(
            s,
            "\ninterpreter: {} runs ({}), {} replays; FALSE executions replayed {}, not replayable (lassos with choices) {}",
            stats.runs(),
            if outcomes.is_empty() { "none".to_string() } else { outcomes.join(", ") },
            stats.replays,
            stats.false_replayed,
            stats.false_not_replayed
        );
        let _ = writeln!(
            s,
            "native runs of suspects: {}, {} of them ended (long finite runs, not reported)",
            stats.native_runs, stats.suspects_cleared
        );
        let counts: Vec<String> = FindingKind::ALL.iter().map(|k| format!("{} {}", self.count(*k), k.name())).collect();
        let _ = writeln!(s, "findings: {}", counts.join(", "));
        for (number, finding, path) in self.findings() {
            let _ = writeln!(
                s,
                "  {:<11} {:<12} program {number}: {}\n              {}",
                finding.kind.name(),
                finding.property.name(),
                finding.what,
                path.display()
            );
        }
        let _ =
            writeln!(s, "wall-clock {:.1} s on {} workers; results in {}", self.seconds, o.jobs, o.output.display());
        s
    }

    /// `summary.json`.
    pub fn to_json(&self) -> Value {
        let o = &self.options;
        let stats = self.stats();
        let answers: serde_json::Map<String, Value> =
            self.answers().into_iter().map(|(p, row)| (p.name().to_string(), json!(row))).collect();
        let techniques: Vec<Value> = self
            .techniques()
            .into_iter()
            .map(|((p, t), (yes, no))| json!({"property": p.name(), "technique": t, "true": yes, "false": no}))
            .collect();
        let counts: serde_json::Map<String, Value> =
            FindingKind::ALL.iter().map(|k| (k.slug().to_string(), json!(self.count(*k)))).collect();
        let findings: Vec<Value> = self
            .findings()
            .map(|(number, f, path)| {
                json!({
                    "program": number,
                    "kind": f.kind.slug(),
                    "property": f.property.name(),
                    "what": f.what,
                    "file": path.display().to_string(),
                })
            })
            .collect();
        json!({
            "seed": o.seed,
            "start": o.start,
            "programs": self.programs.len(),
            "invalid_programs": self.programs.iter().filter(|p| p.invalid.is_some()).count(),
            "timeout_seconds": o.timeout.as_secs_f64(),
            "runs_per_program": o.runs,
            "max_steps": o.max_steps,
            "answers": answers,
            "techniques": techniques,
            "interpreter": {
                "runs": stats.runs(),
                "by_outcome": stats.by_outcome,
                "replays": stats.replays,
                "false_replayed": stats.false_replayed,
                "false_not_replayed": stats.false_not_replayed,
                "native_runs": stats.native_runs,
                "suspects_cleared": stats.suspects_cleared,
            },
            "finding_counts": counts,
            "findings": findings,
            "seconds": self.seconds,
        })
    }
}

/// Runs the fuzzer: generates, asks and checks every program, writes the files, and returns
/// the report. An error is a problem with the output folder.
pub fn run_fuzz(options: &FuzzOptions) -> Result<FuzzReport, String> {
    let started = Instant::now();
    for dir in ["findings", "work"] {
        let path = options.output.join(dir);
        std::fs::create_dir_all(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    }
    if options.keep_programs {
        let path = options.output.join("programs");
        std::fs::create_dir_all(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    }
    let next = AtomicU64::new(options.start);
    let end = options.start.saturating_add(options.programs);
    let progress = Progress::new(options.programs, crate::bench::runner::progress_wanted());
    let mut results: Vec<ProgramResult> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..options.jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let number = next.fetch_add(1, Ordering::Relaxed);
                        if number >= end {
                            break;
                        }
                        let result = fuzz_one(options, number);
                        progress.done(&result);
                        mine.push(result);
                    }
                    mine
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    progress.finish();
    results.sort_by_key(|r| r.number);
    let _ = std::fs::remove_dir(options.output.join("work"));
    let report = FuzzReport { options: options.clone(), programs: results, seconds: started.elapsed().as_secs_f64() };
    let summary = options.output.join("summary.json");
    let text = serde_json::to_string_pretty(&report.to_json()).unwrap_or_default();
    std::fs::write(&summary, text + "\n").map_err(|e| format!("cannot write {}: {e}", summary.display()))?;
    Ok(report)
}

/// Generates program `number`, asks about it and checks the answers.
fn fuzz_one(options: &FuzzOptions, number: u64) -> ProgramResult {
    let started = Instant::now();
    let seed = options.seed;
    let label = format!("leapfrog fuzz --seed {seed} --start {number} --programs 1");
    let program = generate::generate(&mut Rng::derive(seed, number, PURPOSE_PROGRAM), &label);
    let mut result = ProgramResult {
        number,
        features: program.features.clone(),
        invalid: None,
        replies: Vec::new(),
        unfiltered: false,
        findings: Vec::new(),
        stats: RunStats::default(),
        seconds: 0.0,
    };
    let work = options.output.join("work");
    let locate_file = work.join(format!("s{seed}-p{number}-locate.c"));
    let file = work.join(format!("s{seed}-p{number}.c"));
    let frontend = FrontendOptions {
        data_model: if program.data_model == Some("ILP32") { DataModel::ILP32 } else { DataModel::LP64 },
        entry: program.entry.clone(),
        ..FrontendOptions::default()
    };
    // A program the front end cannot read in-process keeps all its checks; the verdict jobs
    // then report the rejection.
    let keep =
        match likely::select(&program, &locate_file, &frontend, &mut Rng::derive(seed, number, PURPOSE_SELECTION)) {
            Ok(selection) => {
                result.unfiltered = selection.unfiltered;
                selection.keep
            }
            Err(_) => vec![true; program.checks],
        };
    let _ = std::fs::remove_file(&locate_file);
    let kept = |k: usize| keep.get(k).copied().unwrap_or(false);
    let source = program.render(&kept, generate::Rendering::Final);
    let oracle_source = program.render(&kept, generate::Rendering::Oracle);
    if let Err(e) = std::fs::write(&file, &source) {
        result.invalid = Some(format!("cannot write {}: {e}", file.display()));
        return result;
    }
    if let Some(complaint) = gcc_complaint(&file) {
        result.invalid = Some(complaint);
        let _ = std::fs::remove_file(&file);
        return result;
    }
    let case = Case { file: &file, entry: program.entry.as_deref(), data_model: program.data_model };
    let verify = oracle::ask(&options.exe, Property::UnreachCall, &case, options.timeout);
    let terminate = oracle::ask(&options.exe, Property::Termination, &case, options.timeout);
    let check_options = CheckOptions { runs: options.runs, max_steps: options.max_steps };
    let needs_runs = [&verify, &terminate].iter().any(|r| r.verdict().is_some_and(|v| v != verdicts::Verdict::Unknown));
    let mut findings = oracle::failures(&verify, &terminate);
    let oracle_file = work.join(format!("s{seed}-p{number}-oracle.c"));
    if needs_runs {
        let loaded = leapfrog_c_frontend::load_program(std::slice::from_ref(&file), &frontend).and_then(|ir| {
            if oracle_source == source {
                return Ok((ir.clone(), ir));
            }
            std::fs::write(&oracle_file, &oracle_source).map_err(|e| FrontendError::Preprocess {
                path: oracle_file.display().to_string(),
                message: e.to_string(),
            })?;
            Ok((ir, leapfrog_c_frontend::load_program(std::slice::from_ref(&oracle_file), &frontend)?))
        });
        let _ = std::fs::remove_file(&oracle_file);
        match loaded {
            Ok((ir, oracle_ir)) => {
                let mut streams = Rng::derive(seed, number, PURPOSE_STREAMS);
                findings.extend(oracle::check(
                    &ir,
                    &oracle_ir,
                    &verify,
                    &terminate,
                    &check_options,
                    &mut streams,
                    &mut result.stats,
                ));
            }
            Err(e) => findings.push(Finding {
                kind: FindingKind::Rejected,
                property: Property::UnreachCall,
                what: format!("the front end refuses the program in-process, though the jobs answered: {e}"),
                stream: None,
                uninit_nondet: true,
                on_oracle_program: false,
                semantics: Semantics::Default,
                reply: Value::Null,
            }),
        }
    }
    if !options.native_timeout.is_zero() {
        findings = settle_suspects(options, &program, &kept, number, findings, &mut result.stats);
    }
    result.replies = vec![(Property::UnreachCall, verify), (Property::Termination, terminate)];
    let sources = Sources { program: &source, oracle: (oracle_source != source).then_some(oracle_source.as_str()) };
    for finding in findings {
        let path = save_finding(options, number, &program, &sources, &finding, &result.replies);
        result.findings.push((finding, path));
    }
    if options.keep_programs {
        let kept = options.output.join("programs").join(format!("s{seed}-p{number}.c"));
        let mut text = source.clone();
        let _ = write!(text, "/* {label}\n{} */\n", replies_comment(&result.replies));
        let _ = std::fs::write(kept, text);
    }
    let _ = std::fs::remove_file(&file);
    result.seconds = started.elapsed().as_secs_f64();
    result
}

/// Runs each suspect's run natively: one that ends is dropped (a long finite run), the others
/// say what the native run did.
fn settle_suspects(
    options: &FuzzOptions,
    program: &generate::Generated,
    keep: &dyn Fn(usize) -> bool,
    number: u64,
    findings: Vec<Finding>,
    stats: &mut RunStats,
) -> Vec<Finding> {
    let mut kept = Vec::new();
    for mut finding in findings {
        let Some(stream) = finding.stream.as_ref().filter(|_| finding.kind == FindingKind::Suspect) else {
            kept.push(finding);
            continue;
        };
        let stem = format!("s{}-p{number}", options.seed);
        let work = options.output.join("work");
        let end = match native::NativeProgram::build(program, keep, finding.semantics, &work, &stem) {
            Ok(native) => native.run(stream, options.native_timeout),
            Err(why) => native::NativeEnd::NotRun(why),
        };
        if !matches!(end, native::NativeEnd::NotRun(_)) {
            stats.native_runs += 1;
        }
        match end {
            native::NativeEnd::Ended { .. } => stats.suspects_cleared += 1,
            native::NativeEnd::StillRunning(seconds) => {
                let _ = write!(finding.what, "; natively (gcc) still running after {seconds:.1} s");
                kept.push(finding);
            }
            native::NativeEnd::Overflow => {
                finding.what.push_str("; natively (gcc) a signed overflow, which mathematical integers continue");
                kept.push(finding);
            }
            native::NativeEnd::NotRun(why) => {
                let _ = write!(finding.what, "; not run natively: {why}");
                kept.push(finding);
            }
        }
    }
    kept
}

/// gcc's errors about `file`, if it has any (`None` also when gcc cannot be run).
fn gcc_complaint(file: &Path) -> Option<String> {
    let output =
        Command::new("gcc").args(["-fsyntax-only", "-std=gnu11", "-w"]).arg(file).stdin(Stdio::null()).output().ok()?;
    (!output.status.success()).then(|| String::from_utf8_lossy(&output.stderr).into_owned())
}

/// One line per reply: `verify: TRUE by loop-summaries (default)`.
fn replies_comment(replies: &[(Property, Reply)]) -> String {
    let mut s = String::new();
    for (property, reply) in replies {
        let _ = write!(s, "   {}: {}", property.job(), reply.label());
        if let Reply::Answer { answer, .. } = reply {
            if let Some(t) = &answer.technique {
                let _ = write!(s, " by {t}");
            }
            if let Some(sem) = &answer.semantics {
                let _ = write!(s, " ({sem} semantics)");
            }
            if let Some(reason) = &answer.reason {
                let short: String = reason.chars().take(160).collect();
                let _ = write!(s, ": {}", short.replace("*/", "* /"));
            }
        }
        s.push('\n');
    }
    s
}

/// A program's text as Leapfrog was asked about it, and the oracle's program when it differs.
struct Sources<'a> {
    program: &'a str,
    oracle: Option<&'a str>,
}

/// Writes the finding's program (with a comment at its end, so that line numbers stay those of
/// the program the answers are about), the oracle's program when the contradicting run is one
/// of it (`.oracle.c`), and its JSON; returns the program's path.
fn save_finding(
    options: &FuzzOptions,
    number: u64,
    program: &generate::Generated,
    sources: &Sources<'_>,
    finding: &Finding,
    replies: &[(Property, Reply)],
) -> PathBuf {
    let seed = options.seed;
    let stem = format!("s{seed}-p{number}-{}-{}", finding.kind.slug(), finding.property.name());
    let dir = options.output.join("findings");
    let c_file = dir.join(format!("{stem}.c"));
    let oracle = sources.oracle.filter(|_| finding.on_oracle_program);
    let run_name = if oracle.is_some() { format!("{stem}.oracle.c") } else { format!("{stem}.c") };
    if let Some(text) = oracle {
        let _ = std::fs::write(dir.join(&run_name), text);
    }
    let mut text = sources.program.to_string();
    let _ = writeln!(text, "/* leapfrog fuzz finding: {} ({})", finding.kind.name(), finding.property.name());
    let _ = writeln!(text, "   {}", finding.what.replace("*/", "* /"));
    let _ = writeln!(
        text,
        "   program {number} of seed {seed}: `leapfrog fuzz --seed {seed} --start {number} --programs 1`"
    );
    text.push_str(&replies_comment(replies));
    if let Some(stream) = &finding.stream {
        if oracle.is_some() {
            let _ = writeln!(
                text,
                "   the run is one of {run_name}: this program with its malloc/alloca blocks filled with inputs and its volatile reads inputs"
            );
        }
        let mut command = format!("leapfrog exec {run_name} --nondet {}", inputs::to_flag(stream));
        if finding.uninit_nondet {
            command.push_str(" --uninit nondet");
        }
        if let Some(entry) = &program.entry {
            let _ = write!(command, " --entry {entry}");
        }
        if let Some(model) = program.data_model {
            let _ = write!(command, " --data-model {model}");
        }
        let _ = writeln!(text, "   the run: {command}");
        if finding.semantics == Semantics::BitPrecise {
            let _ = writeln!(text, "   (under bit-precise semantics: signed arithmetic wraps)");
        }
    }
    text.push_str("*/\n");
    let _ = std::fs::write(&c_file, text);
    let details = json!({
        "kind": finding.kind.slug(),
        "property": finding.property.name(),
        "what": finding.what,
        "seed": seed,
        "program": number,
        "entry": program.entry,
        "data_model": program.data_model,
        "features": program.features,
        "stream": finding.stream.as_ref().map(|s| s.iter().map(i128::to_string).collect::<Vec<_>>()),
        "uninit": if finding.uninit_nondet { "nondet" } else { "zero" },
        "semantics": match finding.semantics { Semantics::BitPrecise => "bit-precise", Semantics::Default => "default" },
        "reply": finding.reply,
        "run_file": finding.stream.as_ref().map(|_| dir.join(&run_name).display().to_string()),
    });
    let _ = std::fs::write(
        dir.join(format!("{stem}.json")),
        serde_json::to_string_pretty(&details).unwrap_or_default() + "\n",
    );
    c_file
}

/// The progress line on stderr (when it is a terminal).
struct Progress {
    total: u64,
    done: Mutex<(u64, usize)>,
    enabled: bool,
}

impl Progress {
    fn new(total: u64, enabled: bool) -> Progress {
        Progress { total, done: Mutex::new((0, 0)), enabled }
    }

    fn done(&self, result: &ProgramResult) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        done.0 += 1;
        done.1 += result.findings.len();
        if !self.enabled {
            return;
        }
        let replies: Vec<String> = result.replies.iter().map(|(p, r)| format!("{} {}", p.job(), r.label())).collect();
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r\x1b[K[{}/{}] program {}: {} ({} findings so far)",
            done.0,
            self.total,
            result.number,
            replies.join(", "),
            done.1
        );
        let _ = err.flush();
    }

    fn finish(&self) {
        if self.enabled {
            let _ = write!(std::io::stderr(), "\r\x1b[K");
        }
    }
}
