//! The verdict jobs, `leapfrog verify` (`unreach-call`: TRUE with a re-checked certificate,
//! FALSE with an execution the interpreter replayed) and `leapfrog terminate` (`termination`:
//! TRUE with a re-checked argument per loop, FALSE with a lasso whose stem the interpreter
//! replayed), or UNKNOWN with the reason. Both read the program within the time limit, answer
//! UNKNOWN for a task definition that does not state their property, and print their report.

use super::{EXIT_OK, Input, NotLoaded, job_json, load_within, overran_reason, print_diagnostics, timed_out_reason};
use crate::task::PropertyKind;
use leapfrog_arith::Semantics;
use leapfrog_ir::Program;
use leapfrog_results::Verdict;
use leapfrog_source::{Diagnostic, SourceFiles};
use leapfrog_verify::Options;
use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

/// One verdict job: its property, its analysis and the emitters of its report.
pub struct VerdictJob<R> {
    pub property: PropertyKind,
    /// The property's name in messages (`unreach-call`).
    pub name: &'static str,
    /// The job's name (`verify`), which its JSON report states.
    pub job: &'static str,
    pub analyze: fn(&Program, &Options) -> R,
    /// A report that no analysis was run for, with the reason.
    pub unknown: fn(Semantics, String) -> R,
    pub to_json: fn(&SourceFiles, &R) -> Value,
    pub to_text: fn(&SourceFiles, &R) -> String,
    pub to_sarif: fn(&SourceFiles, &R) -> Value,
    /// The report's verdict (for `--fail-on`).
    pub verdict: fn(&R) -> Verdict,
}

/// `--fail-on`: the verdicts that make the job exit with [`EXIT_FINDINGS`] (for CI), opt-in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FailOn {
    /// FALSE.
    False,
    /// FALSE or UNKNOWN (anything but TRUE).
    Unknown,
}

/// The formats of a verdict job's report.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum VerdictFormat {
    Text,
    Json,
    /// SARIF 2.1.0 (`leapfrog_report::sarif`).
    Sarif,
}

/// How a verdict job delivers its report: the format printed, the verdicts that fail the exit
/// status, and what else to do with the program and the report once printed (a witness).
pub struct Delivery<'a, R> {
    pub format: VerdictFormat,
    pub fail_on: Option<FailOn>,
    pub reported: &'a dyn Fn(&Program, &R),
}

/// The exit status of a job that printed `verdict`.
fn exit_status(verdict: Verdict, fail_on: Option<FailOn>) -> u8 {
    match (fail_on, verdict) {
        (Some(_), Verdict::False) | (Some(FailOn::Unknown), Verdict::Unknown) => super::EXIT_FINDINGS,
        _ => EXIT_OK,
    }
}

/// `leapfrog verify`.
pub const VERIFY: VerdictJob<leapfrog_verify::Report> = VerdictJob {
    property: PropertyKind::UnreachCall,
    name: "unreach-call",
    job: "verify",
    analyze: leapfrog_verify::verify,
    unknown: leapfrog_verify::Report::unknown,
    to_json: leapfrog_report::verify::to_json,
    to_text: leapfrog_report::verify::to_text,
    to_sarif: leapfrog_report::sarif::verify,
    verdict: |r| r.verdict,
};

/// `leapfrog terminate`.
pub const TERMINATE: VerdictJob<leapfrog_terminate::Report> = VerdictJob {
    property: PropertyKind::Termination,
    name: "termination",
    job: "terminate",
    analyze: leapfrog_terminate::terminate,
    unknown: leapfrog_terminate::Report::unknown,
    to_json: leapfrog_report::terminate::to_json,
    to_text: leapfrog_report::terminate::to_text,
    to_sarif: leapfrog_report::sarif::terminate,
    verdict: |r| r.verdict,
};

/// `leapfrog verify` with the properties `--property` names (the task's own when none is named;
/// `unreach-call` when there is no task either): the automatic checks (`verify::checks`) unless
/// `unreach-call` alone is asked for.
pub fn run_verify(
    input: &Input,
    format: VerdictFormat,
    options: &Options,
    named: &[String],
    witness: Option<&Path>,
    fail_on: Option<FailOn>,
) -> u8 {
    let mut kinds = Vec::new();
    let mut property_file = None;
    for name in named {
        let kind = match name.as_str() {
            "memsafety" => PropertyKind::ValidMemsafety,
            n if n.ends_with(".prp") => {
                property_file = Some(Path::new(n));
                PropertyKind::from_property_file(n)
            }
            n => PropertyKind::from_name(n),
        };
        if !matches!(kind, PropertyKind::UnreachCall | PropertyKind::ValidMemsafety | PropertyKind::NoOverflow) {
            eprintln!(
                "error: --property {name}: verify checks unreach-call, memsafety (valid-memsafety) and no-overflow"
            );
            return super::EXIT_USAGE;
        }
        kinds.push(kind);
    }
    if kinds.is_empty() {
        kinds = match &input.task {
            Some(task) => [PropertyKind::UnreachCall, PropertyKind::ValidMemsafety, PropertyKind::NoOverflow]
                .into_iter()
                .filter(|k| task.has_property(k))
                .collect(),
            None => vec![PropertyKind::UnreachCall],
        };
    }
    // The witness of the verdict (`--witness FILE`), written when there is one.
    let write_witness = |program: &Program, report: &leapfrog_verify::Report| {
        let (Some(path), Some(file)) = (witness, input.files.first()) else { return };
        write_witness_file(path, crate::witness::for_verify(program, report, file, &kinds, property_file));
    };
    if kinds == [PropertyKind::UnreachCall] {
        return VERIFY.run_delivering(input, options, Delivery { format, fail_on, reported: &write_witness });
    }
    let props = leapfrog_ir::checks::CheckedProperties {
        assertions: kinds.contains(&PropertyKind::UnreachCall),
        memsafety: kinds.contains(&PropertyKind::ValidMemsafety),
        overflow: kinds.contains(&PropertyKind::NoOverflow),
        // (`verify_checks` tries them when the checks are not proven without.)
        string_lengths: false,
    };
    // Only a task can leave no property to check.
    let none_stated = kinds.is_empty();
    VERIFY.run_with(
        input,
        options,
        &|p, o| leapfrog_verify::checks::verify_checks(p, o, props),
        &|_| {
            if none_stated {
                Err("the task states none of the properties verify checks (unreach-call, valid-memsafety, no-overflow)"
                    .into())
            } else {
                Ok(())
            }
        },
        Delivery { format, fail_on, reported: &write_witness },
    )
}

/// Writes the witness `built` to `path`, or says on stderr why there is none.
fn write_witness_file(path: &Path, built: Result<String, String>) {
    let written =
        built.and_then(|text| std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display())));
    if let Err(why) = written {
        eprintln!("note: no witness written to {}: {why}", path.display());
    }
}

/// `leapfrog terminate`, writing the witness of its verdict to `witness` when asked.
pub fn run_terminate(
    input: &Input,
    format: VerdictFormat,
    options: &Options,
    witness: Option<&Path>,
    fail_on: Option<FailOn>,
) -> u8 {
    let write_witness = |program: &Program, report: &leapfrog_terminate::Report| {
        let (Some(path), Some(file)) = (witness, input.files.first()) else { return };
        write_witness_file(path, crate::witness::for_terminate(program, report, file, None));
    };
    TERMINATE.run_delivering(input, options, Delivery { format, fail_on, reported: &write_witness })
}

impl<R: Send> VerdictJob<R> {
    /// [`VerdictJob::run`] delivering its report as `delivery` says.
    pub fn run_delivering(&self, input: &Input, options: &Options, delivery: Delivery<'_, R>) -> u8 {
        let property = self.property.clone();
        let name = self.name;
        self.run_with(
            input,
            options,
            &|p, o| (self.analyze)(p, o),
            &|task| match task {
                Some(t) if !t.has_property(&property) => {
                    Err(format!("the task {} does not state the {} property", t.path.display(), name))
                }
                _ => Ok(()),
            },
            delivery,
        )
    }

    /// [`VerdictJob::run`] with another analysis, `stated` saying why the task (if any) asks
    /// for no analysis, delivering the report as `delivery` says.
    pub fn run_with(
        &self,
        input: &Input,
        options: &Options,
        analyze: &(dyn Fn(&Program, &Options) -> R + Sync),
        stated: &dyn Fn(Option<&crate::task::Task>) -> Result<(), String>,
        delivery: Delivery<'_, R>,
    ) -> u8 {
        let Delivery { format, fail_on, reported } = delivery;
        let print = |files: &SourceFiles, diagnostics: &[Diagnostic], report: &R| match format {
            VerdictFormat::Json => {
                println!("{}", job_json(self.job, (self.to_json)(files, report), files, diagnostics))
            }
            VerdictFormat::Sarif => {
                // The JSON report the SARIF carries speaks the same vocabulary (`job`, `diagnostics`).
                let mut doc = (self.to_sarif)(files, report);
                let carried = doc["runs"][0]["properties"]["leapfrog"].take();
                doc["runs"][0]["properties"]["leapfrog"] = job_json(self.job, carried, files, diagnostics);
                println!("{doc}")
            }
            VerdictFormat::Text => print!("{}", (self.to_text)(files, report)),
        };
        let started = std::time::Instant::now();
        let (program, time_left) = match load_within(input, options.timeout) {
            Ok(loaded) => loaded,
            Err(NotLoaded::Exit(code)) => return code,
            Err(NotLoaded::TimedOut) => {
                print(&SourceFiles::new(), &[], &(self.unknown)(options.semantics, timed_out_reason(options.timeout)));
                return exit_status(Verdict::Unknown, fail_on);
            }
        };
        let options = &Options { timeout: time_left, ..options.clone() };
        if format == VerdictFormat::Text {
            print_diagnostics(input, &program);
        }
        let report = match stated(input.task.as_ref()) {
            Err(why) => (self.unknown)(options.semantics, why),
            Ok(()) => within_hard_limit(
                options.timeout,
                input.verbose,
                || analyze(&program, options),
                || {
                    print(
                        &program.files,
                        &program.diagnostics,
                        &(self.unknown)(options.semantics, overran_reason(options.timeout)),
                    );
                    exit_status(Verdict::Unknown, fail_on)
                },
            ),
        };
        if input.verbose {
            eprintln!(
                "leapfrog: {} answered {} after {:.2} s",
                self.job,
                (self.verdict)(&report).word(),
                started.elapsed().as_secs_f64()
            );
        }
        print(&program.files, &program.diagnostics, &report);
        reported(&program, &report);
        exit_status((self.verdict)(&report), fail_on)
    }
}

/// How often `--verbose` says that the analysis is still running.
const HEARTBEAT: Duration = Duration::from_secs(5);

/// `work`'s value, computed on a thread of its own; when it is still running a grace period
/// after `limit` (a solver call that does not notice its deadline), `give_up` prints the answer
/// and the process ends there, with the work unfinished.
/// With `verbose`, a line on stderr every [`HEARTBEAT`] while the work runs.
pub(super) fn within_hard_limit<R: Send>(
    limit: Duration,
    verbose: bool,
    work: impl FnOnce() -> R + Send,
    give_up: impl FnOnce() -> u8,
) -> R {
    let grace = (limit / 20).clamp(Duration::from_millis(500), Duration::from_secs(3));
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("leapfrog-analysis".into())
            .stack_size(crate::JOB_STACK_BYTES)
            .spawn_scoped(scope, move || {
                inject_faults();
                // (A send fails only when the waiting side gave up.)
                let _ = sender.send(work());
            })
            .unwrap_or_else(|e| panic!("cannot start the analysis' thread: {e}"));
        let start = std::time::Instant::now();
        let received = loop {
            let left = (limit + grace).saturating_sub(start.elapsed());
            let slice = if verbose { left.min(HEARTBEAT) } else { left };
            match receiver.recv_timeout(slice) {
                Err(RecvTimeoutError::Timeout) if verbose && start.elapsed() < limit + grace => eprintln!(
                    "leapfrog: analysing: {:.0} s of the {:.0} s time limit",
                    start.elapsed().as_secs_f64(),
                    limit.as_secs_f64()
                ),
                other => break other,
            }
        };
        match received {
            Ok(value) => value,
            Err(RecvTimeoutError::Timeout) => {
                let status = give_up();
                let _ = std::io::stdout().flush();
                // Not `process::exit`: its clean-up would run under the solver still working.
                // SAFETY: `_exit` ends the process at once; nothing of it is used afterwards.
                unsafe { libc::_exit(i32::from(status)) }
            }
            // The analysis panicked (its sender dropped unsent): the panic goes on here.
            Err(RecvTimeoutError::Disconnected) => {
                let payload = worker.join().err().unwrap_or_else(|| Box::new("the analysis stopped without an answer"));
                std::panic::resume_unwind(payload)
            }
        }
    })
}

/// Fault injection for the tests of the command line (`crates/cli/tests/panics.rs`): the
/// analysis panics on its thread when `LEAPFROG_INJECT_PANIC=analysis`, and stalls (as a solver
/// call deaf to its deadline does) when `LEAPFROG_INJECT_STALL=analysis`.
fn inject_faults() {
    if std::env::var_os("LEAPFROG_INJECT_PANIC").is_some_and(|v| v == "analysis") {
        panic!("injected by LEAPFROG_INJECT_PANIC=analysis");
    }
    if std::env::var_os("LEAPFROG_INJECT_STALL").is_some_and(|v| v == "analysis") {
        std::thread::sleep(Duration::from_secs(3600));
    }
}
