//! The jobs of the command line: each reads the program, runs an analysis, and hands the result
//! to an emitter of the report crate.

pub mod bound;
pub mod classify;
pub mod exec;
pub mod invariants;
pub mod ir;
pub mod loops;
pub mod summarize;
pub mod testgen;
pub mod verdict;

use crate::task::{self, Task};
use leapfrog_c_frontend::{FrontendError, FrontendOptions, ReadSettings};
use leapfrog_ir::{DataModel, Program};
use leapfrog_source::{Diagnostic, SourceFiles};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The job ran (whatever it found).
pub const EXIT_OK: u8 = 0;
/// `leapfrog fuzz --fail-on-findings` found a wrong answer, crash, timeout or rejection.
pub const EXIT_FINDINGS: u8 = 1;
/// Usage error, or input that cannot be used.
pub const EXIT_USAGE: u8 = 2;
/// A bug in Leapfrog.
pub const EXIT_INTERNAL: u8 = 3;

/// The program a job works on.
pub struct Input {
    /// The C or preprocessed files of the program (a task file's input files).
    pub files: Vec<PathBuf>,
    /// The data model is resolved: `--data-model`, else the task file's, else LP64.
    pub options: FrontendOptions,
    /// The SV-COMP task definition the files came from, if one was given: its properties and
    /// expected verdicts (`task.has_property(&PropertyKind::UnreachCall)`,
    /// `task.expected(&PropertyKind::Termination)`).
    #[allow(dead_code, reason = "read by the verdict jobs (verify, terminate)")]
    pub task: Option<Task>,
    /// `--quiet`: the program's diagnostics are not printed (the answers that depend on them
    /// still give them as their reasons).
    pub quiet: bool,
    /// `--verbose`: what was read and how long it took, and while an answer is awaited a line
    /// every few seconds, on stderr.
    pub verbose: bool,
}

impl Input {
    /// The program named on the command line: `files` as given, or, for a single task file
    /// (`.yml`), its input files. The data model is `explicit_data_model` when given (a note on
    /// stderr says so if it differs from the task file's), else the task file's, else LP64.
    ///
    /// Errors (a task file among other files, or one that cannot be used) are the message to
    /// print; the caller exits with [`EXIT_USAGE`].
    pub fn resolve(
        files: &[PathBuf],
        explicit_data_model: Option<DataModel>,
        entry: Option<String>,
    ) -> Result<Input, String> {
        let task = match files {
            [one] if task::is_task_file(one) => Some(Task::read(one).map_err(|e| e.to_string())?),
            _ => {
                if let Some(yml) = files.iter().find(|f| task::is_task_file(f)) {
                    return Err(format!(
                        "{}: error: a task definition must be the only input (it names the program's files)",
                        yml.display()
                    ));
                }
                None
            }
        };
        let task_model = task.as_ref().and_then(|t| t.data_model);
        if let (Some(explicit), Some(stated), Some(t)) = (explicit_data_model, task_model, &task)
            && explicit != stated
        {
            eprintln!("leapfrog: note: --data-model {explicit:?} overrides {stated:?} of {}", t.path.display());
        }
        Ok(Input {
            files: task.as_ref().map_or_else(|| files.to_vec(), |t| t.files.clone()),
            options: FrontendOptions {
                data_model: explicit_data_model.or(task_model).unwrap_or_default(),
                entry,
                ..FrontendOptions::default()
            },
            task,
            quiet: false,
            verbose: false,
        })
    }
}

/// Read the program; on failure, print why and return the exit code. An `--entry` that names no
/// function of the program is a usage error for every job (a typo would otherwise analyze
/// nothing, or the wrong function).
pub fn load(input: &Input) -> Result<Program, u8> {
    let start = Instant::now();
    match leapfrog_c_frontend::load_program(&input.files, &input.options) {
        Ok(p) => {
            let p = check_entry(input, p)?;
            if input.verbose {
                say_what_was_read(input, &p, start.elapsed(), Duration::MAX);
            }
            Ok(p)
        }
        Err(e) => Err(report_failure(&e)),
    }
}

/// `p`, unless `--entry` names no function of it (a usage error: the failure is printed, the
/// exit code returned).
fn check_entry(input: &Input, p: Program) -> Result<Program, u8> {
    match (&input.options.entry, p.entry) {
        (Some(wanted), None) => {
            let mut defined: Vec<&str> = p.user_funcs().map(|(_, f)| f.name.as_str()).collect();
            defined.retain(|n| !n.starts_with("__leapfrog"));
            defined.sort_unstable();
            eprintln!(
                "leapfrog: error: --entry {wanted}: the program defines no function `{wanted}` (it defines: {})",
                if defined.is_empty() { "none".to_string() } else { defined.join(", ") }
            );
            Err(EXIT_USAGE)
        }
        _ => Ok(p),
    }
}

/// `--verbose`: the files read, the program's size and entry, and the time left.
fn say_what_was_read(input: &Input, p: &Program, took: Duration, left: Duration) {
    let loops: usize =
        p.user_funcs().map(|(_, f)| leapfrog_ir::loops::LoopForest::compute(f).loops.ids().count()).sum();
    let entry = p.entry.map_or_else(|| "none".to_string(), |e| p.funcs[e].name.clone());
    let files: Vec<String> = input.files.iter().map(|f| f.display().to_string()).collect();
    eprintln!(
        "leapfrog: read {} in {:.2} s: {} functions, {} loops, {} diagnostics; entry `{entry}`{}",
        files.join(", "),
        took.as_secs_f64(),
        p.user_funcs().count(),
        loops,
        p.diagnostics.len(),
        if left == Duration::MAX {
            String::new()
        } else {
            format!("; {:.1} s left for the analysis", left.as_secs_f64())
        }
    );
}

/// Why [`load_within`] gave no program.
pub enum NotLoaded {
    /// The failure was printed; exit with this code.
    Exit(u8),
    /// Reading the program took the whole time limit.
    TimedOut,
}

/// Read the program within the run's time limit (`--timeout`, which bounds the whole run): the
/// program and the time left for the analysis.
pub fn load_within(input: &Input, limit: Duration) -> Result<(Program, Duration), NotLoaded> {
    let start = Instant::now();
    let settings = ReadSettings { deadline: Some(start + limit), ..ReadSettings::default() };
    match leapfrog_c_frontend::load_program_with(&input.files, &input.options, &settings) {
        Ok(p) => {
            let p = check_entry(input, p).map_err(NotLoaded::Exit)?;
            let left = limit.saturating_sub(start.elapsed()).max(MIN_ANALYSIS_TIME);
            if input.verbose {
                say_what_was_read(input, &p, start.elapsed(), left);
            }
            Ok((p, left))
        }
        Err(FrontendError::TimedOut) => Err(NotLoaded::TimedOut),
        Err(e) => Err(NotLoaded::Exit(report_failure(&e))),
    }
}

/// Read the program for a job that reports rather than answers (`summarize`, `invariants`):
/// reading past the time limit is an error (exit 2, printed). The program and the options with
/// the time left; for text output, the front end's diagnostics are printed first.
pub fn load_for_report(
    input: &Input,
    format: leapfrog_report::Format,
    options: &leapfrog_verify::Options,
) -> Result<(Program, leapfrog_verify::Options), u8> {
    let (program, time_left) = match load_within(input, options.timeout) {
        Ok(loaded) => loaded,
        Err(NotLoaded::Exit(code)) => return Err(code),
        Err(NotLoaded::TimedOut) => {
            eprintln!("leapfrog: error: {}", timed_out_reason(options.timeout));
            return Err(EXIT_USAGE);
        }
    };
    if format == leapfrog_report::Format::Text {
        print_diagnostics(input, &program);
    }
    Ok((program, leapfrog_verify::Options { timeout: time_left, ..options.clone() }))
}

/// The least time an analysis is given after reading the program (it then answers UNKNOWN).
const MIN_ANALYSIS_TIME: Duration = Duration::from_millis(1);

/// The reason an answer gives when reading the program took the whole time limit.
pub fn timed_out_reason(limit: Duration) -> String {
    format!(
        "reading the program (preprocessing, parsing, lowering) did not finish within the time limit ({} s)",
        limit.as_secs_f64()
    )
}

/// The reason an answer gives when the analysis ran past the time limit and its grace period
/// (a step that does not notice the deadline), so that its own answer was not waited for.
pub fn overran_reason(limit: Duration) -> String {
    format!(
        "the analysis did not finish within the time limit ({} s) and a grace period: a step of it did not stop at the deadline",
        limit.as_secs_f64()
    )
}

/// Print why the front end failed; the exit code.
fn report_failure(e: &FrontendError) -> u8 {
    match e {
        FrontendError::Internal(_) => {
            eprintln!("leapfrog: {e}");
            eprintln!("This is a bug in Leapfrog; please report it together with the input that caused it.");
            EXIT_INTERNAL
        }
        _ => {
            eprintln!("{e}");
            EXIT_USAGE
        }
    }
}

/// A job's JSON report in the vocabulary every job shares: `report` with `job` (the job's name)
/// and `diagnostics` (the program's, as `loops` lists them) added.
pub fn job_json(
    job: &str,
    mut report: serde_json::Value,
    files: &SourceFiles,
    diagnostics: &[Diagnostic],
) -> serde_json::Value {
    if let Some(object) = report.as_object_mut() {
        object.insert("job".into(), job.into());
        object.entry("diagnostics").or_insert_with(|| leapfrog_report::diagnostics::to_json(files, diagnostics));
    }
    report
}

/// Print the program's diagnostics to standard error.
pub fn print_diagnostics(input: &Input, p: &Program) {
    if input.quiet {
        return;
    }
    eprint!("{}", leapfrog_report::diagnostics::to_text(&p.files, &p.diagnostics));
}
