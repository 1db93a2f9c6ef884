//! The oracle of `leapfrog fuzz`: asks Leapfrog's verdict jobs about a program and checks each
//! answer against concrete runs of the interpreter.
//!
//! The questions are subprocesses (`leapfrog verify|terminate FILE --format json --timeout T
//! [--entry E] [--data-model M]`, through the benchmark runner's [`run_process`], killed a grace
//! period after `T`): an exit other than 0 and 2, a signal or output without a valid answer is a
//! *crash*, exit 2 a *rejected* program (the generator writes C that gcc accepts), being killed a
//! *timeout* (the tool overran its own budget). Each is a finding.
//!
//! The answers are checked in-process with [`leapfrog_interp::run`] on the front end's IR, under
//! the integer semantics the answer states and with uninitialized variables and memory read from
//! the input stream ([`UninitMode::Nondet`]), which is how Leapfrog's analyses read them. TRUE
//! answers are checked on the *oracle's program*, where every `malloc`ed and `alloca`ed block is
//! filled with input values when it is allocated, so that never-written heap and stack bytes are
//! arbitrary whatever the interpreter does with them (its runs are runs of the program under
//! that semantics); FALSE answers are replayed on the program itself, as Leapfrog replayed them.
//! * `verify` TRUE: no run on the seeded streams may end in `error` (else a *wrong TRUE*);
//! * `terminate` TRUE: a run that reaches the step limit is run again with twenty times the
//!   limit, and if it still does not end it is a *suspect* — a long but finite run is no bug, so
//!   suspects are for reading by hand, never counted as wrong;
//! * a TRUE by `concrete-execution` (either job) claims that the program has a single execution,
//!   so two runs without undefined behaviour that differ (in outcome or length) refute its
//!   certificate (a *bad certificate*: the input it ignored may or may not make a run fail or
//!   run forever);
//! * `verify` FALSE: the counterexample's input stream must end in `error` (else a *wrong FALSE*);
//! * `terminate` FALSE: the stem of each lasso without `choices` (values that nondeterministic
//!   sources inside the loop must take, which a stream cannot place) must run into the step
//!   limit, or, under the default semantics (mathematical signed integers), into a signed
//!   overflow inside the lasso's loop (else a *wrong FALSE*); lassos with choices are counted as
//!   not replayed.
//!
//! Runs that end in `ub` or `unsupported` contradict no answer. Runs under one semantics serve
//! both properties when their answers state the same one.

use std::path::Path;
use std::time::Duration;

use leapfrog_arith::Semantics;
use leapfrog_interp::{ExecConfig, ExecResult, Outcome, UninitMode};
use leapfrog_ir::Program;
use leapfrog_ir::loops::LoopForest;
use leapfrog_source::Span;
use serde_json::Value;

use super::inputs;
use super::rng::Rng;
use crate::bench::runner::{ProcessLimits, TaskStatus, run_process};
use crate::bench::verdicts::{self, Answer, Verdict};

/// A property Leapfrog answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Property {
    UnreachCall,
    Termination,
}

impl Property {
    pub const ALL: [Property; 2] = [Property::UnreachCall, Property::Termination];

    /// The job that answers it.
    pub fn job(self) -> &'static str {
        match self {
            Property::UnreachCall => "verify",
            Property::Termination => "terminate",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Property::UnreachCall => "unreach-call",
            Property::Termination => "termination",
        }
    }
}

/// How a generated program is handed to Leapfrog.
#[derive(Debug, Clone, Copy)]
pub struct Case<'a> {
    pub file: &'a Path,
    /// `--entry`, for programs whose entry is not `main`.
    pub entry: Option<&'a str>,
    /// `--data-model`, when not the default.
    pub data_model: Option<&'a str>,
}

impl Case<'_> {
    /// The options that follow the file on every command line about this program.
    pub fn options(&self) -> Vec<String> {
        let mut args = Vec::new();
        if let Some(entry) = self.entry {
            args.extend(["--entry".to_string(), entry.to_string()]);
        }
        if let Some(model) = self.data_model {
            args.extend(["--data-model".to_string(), model.to_string()]);
        }
        args
    }
}

/// What a verdict job said.
#[derive(Debug, Clone)]
pub enum Reply {
    Answer {
        answer: Answer,
        json: Value,
    },
    /// Exit 3 or another code, a signal, or no valid answer: the message and stderr's tail.
    Crash {
        message: String,
        stderr: String,
    },
    /// Killed after the time limit plus the grace period.
    Timeout {
        seconds: f64,
    },
    /// Exit 2: the program was refused.
    Rejected {
        stderr: String,
    },
}

impl Reply {
    pub fn verdict(&self) -> Option<Verdict> {
        match self {
            Reply::Answer { answer, .. } => Some(answer.verdict),
            _ => None,
        }
    }

    /// `TRUE`, `FALSE`, `UNKNOWN`, `crash`, `timeout` or `rejected`.
    pub fn label(&self) -> &'static str {
        match self {
            Reply::Answer { answer, .. } => answer.verdict.as_str(),
            Reply::Crash { .. } => "crash",
            Reply::Timeout { .. } => "timeout",
            Reply::Rejected { .. } => "rejected",
        }
    }
}

/// How long a verdict job may overrun its `--timeout` before it is killed: half the budget
/// plus two seconds (the machine may be busy; a tool that needs more ignores its budget).
pub fn kill_after(timeout: Duration) -> Duration {
    timeout + timeout / 2 + Duration::from_secs(2)
}

/// Asks `exe` the question of `property` about `case`.
pub fn ask(exe: &Path, property: Property, case: &Case<'_>, timeout: Duration) -> Reply {
    let mut args = vec![property.job().to_string(), case.file.display().to_string()];
    args.extend(["--format".to_string(), "json".to_string()]);
    args.extend(["--timeout".to_string(), timeout.as_secs_f64().to_string()]);
    args.extend(case.options());
    let limits = ProcessLimits { timeout: kill_after(timeout), memory_mb: crate::bench::DEFAULT_MEMORY_MB };
    let outcome = run_process(exe, &args, &limits, true);
    match outcome.status {
        TaskStatus::Ok | TaskStatus::Unsupported => {
            let json = outcome.result.unwrap_or(Value::Null);
            match verdicts::answer(&json) {
                Ok(answer) => Reply::Answer { answer, json },
                Err(why) => Reply::Crash { message: why, stderr: outcome.stderr_tail },
            }
        }
        TaskStatus::Error => Reply::Rejected { stderr: outcome.stderr_tail },
        TaskStatus::Timeout => Reply::Timeout { seconds: outcome.seconds },
        TaskStatus::Crash => Reply::Crash {
            message: outcome.message.unwrap_or_else(|| "crash".to_string()),
            stderr: outcome.stderr_tail,
        },
    }
}

/// What a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FindingKind {
    /// A TRUE that a run contradicts.
    WrongTrue,
    /// A FALSE whose execution does not replay.
    WrongFalse,
    Crash,
    Timeout,
    Rejected,
    /// A TRUE whose certificate a run refutes, though no run contradicts the verdict (a
    /// `concrete-execution` TRUE for a program whose runs differ with the input).
    BadCertificate,
    /// A terminating TRUE with a run that did not end within the (large) step limit.
    Suspect,
}

impl FindingKind {
    pub const ALL: [FindingKind; 7] = [
        FindingKind::WrongTrue,
        FindingKind::WrongFalse,
        FindingKind::BadCertificate,
        FindingKind::Crash,
        FindingKind::Timeout,
        FindingKind::Rejected,
        FindingKind::Suspect,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FindingKind::WrongTrue => "wrong TRUE",
            FindingKind::WrongFalse => "wrong FALSE",
            FindingKind::BadCertificate => "bad certificate",
            FindingKind::Crash => "crash",
            FindingKind::Timeout => "timeout",
            FindingKind::Rejected => "rejected",
            FindingKind::Suspect => "suspect",
        }
    }

    /// A name for files and JSON.
    pub fn slug(self) -> &'static str {
        match self {
            FindingKind::WrongTrue => "wrong-true",
            FindingKind::WrongFalse => "wrong-false",
            FindingKind::BadCertificate => "bad-certificate",
            FindingKind::Crash => "crash",
            FindingKind::Timeout => "timeout",
            FindingKind::Rejected => "rejected",
            FindingKind::Suspect => "suspect",
        }
    }

    /// Whether `--fail-on-findings` fails on it: everything but suspects, which need reading.
    pub fn fails(self) -> bool {
        self != FindingKind::Suspect
    }
}

/// A contradiction or failure, with what reproduces it.
#[derive(Debug, Clone)]
pub struct Finding {
    pub kind: FindingKind,
    pub property: Property,
    /// What happened, in one line.
    pub what: String,
    /// The input stream of the run that contradicts the answer.
    pub stream: Option<Vec<i128>>,
    /// Whether that run read uninitialized values from the stream.
    pub uninit_nondet: bool,
    /// Whether that run is one of the oracle's program (blocks filled with inputs) rather than
    /// of the program Leapfrog was asked about.
    pub on_oracle_program: bool,
    /// The semantics of that run.
    pub semantics: Semantics,
    /// The job's JSON answer, or its stderr.
    pub reply: Value,
}

/// Counts of the interpreter runs.
#[derive(Debug, Clone, Default)]
pub struct RunStats {
    /// Runs on seeded streams, by outcome kind (`exit`, `error`, ... as [`Outcome::kind`]).
    pub by_outcome: std::collections::BTreeMap<&'static str, usize>,
    /// Replays of counterexamples and lasso stems.
    pub replays: usize,
    /// FALSE answers whose executions were replayed / could not be (lassos with choices).
    pub false_replayed: usize,
    pub false_not_replayed: usize,
    /// Suspects run natively ([`super::native`]), and those whose native run ended.
    pub native_runs: usize,
    pub suspects_cleared: usize,
}

impl RunStats {
    pub fn runs(&self) -> usize {
        self.by_outcome.values().sum()
    }

    pub fn add(&mut self, other: &RunStats) {
        for (kind, n) in &other.by_outcome {
            *self.by_outcome.entry(kind).or_default() += n;
        }
        self.replays += other.replays;
        self.false_replayed += other.false_replayed;
        self.false_not_replayed += other.false_not_replayed;
        self.native_runs += other.native_runs;
        self.suspects_cleared += other.suspects_cleared;
    }
}

/// Settings of the checks.
#[derive(Debug, Clone, Copy)]
pub struct CheckOptions {
    /// Seeded streams per program (each run once per semantics that needs it).
    pub runs: usize,
    /// Step limit of a run on a seeded stream; replays get more ([`REPLAY_FACTOR`]).
    pub max_steps: u64,
}

/// Replays, and second runs of suspects, get this many times the step limit.
pub const REPLAY_FACTOR: u64 = 20;
/// The technique of a TRUE that rests on the program having one execution.
const CONCRETE_EXECUTION: &str = "concrete-execution";

/// Inputs beyond this size can make a terminating loop run past any step limit.
const LARGE_INPUT: i128 = 65_536;
/// At most this many runs per program are run again with the larger limit.
const SUSPECT_RERUNS: usize = 2;

/// The crashes, timeouts and rejections among the replies, as findings.
pub fn failures(verify: &Reply, terminate: &Reply) -> Vec<Finding> {
    [(Property::UnreachCall, verify), (Property::Termination, terminate)]
        .into_iter()
        .filter_map(|(property, reply)| failure(property, reply))
        .collect()
}

/// Checks the TRUE and FALSE answers of one program: TRUE answers against runs of `oracle_ir`
/// (the program with its `malloc`ed and `alloca`ed blocks filled with input values, see
/// [`super::generate::Rendering::Oracle`]) on the streams of `rng`, FALSE answers by replaying
/// their executions on `ir`, the program they are about.
pub fn check(
    ir: &Program,
    oracle_ir: &Program,
    verify: &Reply,
    terminate: &Reply,
    options: &CheckOptions,
    rng: &mut Rng,
    stats: &mut RunStats,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let true_under = |reply: &Reply| match reply {
        Reply::Answer { answer, .. } if answer.verdict == Verdict::True => Some(semantics_of(answer)),
        _ => None,
    };
    findings.extend(check_true_answers(
        oracle_ir,
        true_under(verify),
        true_under(terminate),
        verify,
        terminate,
        options,
        rng,
        stats,
    ));
    if let Reply::Answer { answer, json } = verify
        && answer.verdict == Verdict::False
    {
        findings.extend(replay_counterexample(ir, answer, json, options, stats));
    }
    if let Reply::Answer { answer, json } = terminate
        && answer.verdict == Verdict::False
    {
        findings.extend(replay_lassos(ir, answer, json, options, stats));
    }
    findings
}

/// A crash, timeout or rejection as a finding.
fn failure(property: Property, reply: &Reply) -> Option<Finding> {
    let (kind, what, detail) = match reply {
        Reply::Answer { .. } => return None,
        Reply::Crash { message, stderr } => {
            (FindingKind::Crash, format!("`{}` crashed: {message}", property.job()), stderr)
        }
        Reply::Timeout { seconds } => {
            (FindingKind::Timeout, format!("`{}` was killed after {seconds:.1} s", property.job()), &String::new())
        }
        Reply::Rejected { stderr } => {
            (FindingKind::Rejected, format!("`{}` rejected the program (exit 2)", property.job()), stderr)
        }
    };
    Some(Finding {
        kind,
        property,
        what,
        stream: None,
        uninit_nondet: true,
        on_oracle_program: false,
        semantics: Semantics::Default,
        reply: Value::String(detail.clone()),
    })
}

fn semantics_of(answer: &Answer) -> Semantics {
    match answer.semantics.as_deref() {
        Some("bit-precise") => Semantics::BitPrecise,
        _ => Semantics::Default,
    }
}

fn run(ir: &Program, stream: &[i128], uninit: UninitMode, semantics: Semantics, max_steps: u64) -> ExecResult {
    let config = ExecConfig { nondet: stream.to_vec(), uninit, max_steps, semantics, ..ExecConfig::default() };
    leapfrog_interp::run(ir, &config)
}

/// Runs the seeded streams for the TRUE answers: `safe` and `terminating` are the semantics
/// of a TRUE `verify` and `terminate` answer, if any.
#[allow(clippy::too_many_arguments)]
fn check_true_answers(
    ir: &Program,
    mut safe: Option<Semantics>,
    mut terminating: Option<Semantics>,
    verify: &Reply,
    terminate: &Reply,
    options: &CheckOptions,
    rng: &mut Rng,
    stats: &mut RunStats,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut reruns = 0;
    // A TRUE by concrete execution claims the program has one execution: each such answer, with
    // the first run's outcome and length to compare the others with.
    let mut single_executions: Vec<SingleExecution<'_>> =
        [(Property::UnreachCall, verify, safe), (Property::Termination, terminate, terminating)]
            .into_iter()
            .filter_map(|(property, reply, semantics)| match reply {
                Reply::Answer { answer, .. } if answer.technique.as_deref() == Some(CONCRETE_EXECUTION) => semantics
                    .map(|semantics| SingleExecution { property, reply, semantics, first: None, refuted: false }),
                _ => None,
            })
            .collect();
    for n in 0..options.runs {
        if safe.is_none() && terminating.is_none() {
            break;
        }
        let stream = inputs::stream(rng, n);
        let mut results: Vec<(Semantics, ExecResult)> = Vec::new();
        for semantics in [safe, terminating].into_iter().flatten() {
            if !results.iter().any(|(s, _)| *s == semantics) {
                let result = run(ir, &stream, UninitMode::Nondet, semantics, options.max_steps);
                *stats.by_outcome.entry(result.outcome.kind()).or_default() += 1;
                results.push((semantics, result));
            }
        }
        let outcome_under =
            |semantics: Semantics| results.iter().find(|(s, _)| *s == semantics).map(|(_, r)| &r.outcome);
        if let Some(semantics) = safe
            && let Some(outcome @ Outcome::Error { .. }) = outcome_under(semantics)
        {
            findings.push(Finding {
                kind: FindingKind::WrongTrue,
                property: Property::UnreachCall,
                what: format!("`verify` answered TRUE, but a run ends in {}", describe(ir, outcome)),
                stream: Some(stream.clone()),
                uninit_nondet: true,
                on_oracle_program: true,
                semantics,
                reply: reply_json(verify),
            });
            safe = None;
        }
        for single in single_executions.iter_mut().filter(|s| !s.refuted) {
            if let Some((_, result)) = results.iter().find(|(s, _)| *s == single.semantics)
                && let Some(finding) = single.compare(result, &stream)
            {
                findings.push(finding);
            }
        }
        if let Some(semantics) = terminating
            && let Some(Outcome::Limit { .. }) = outcome_under(semantics)
            && reruns < SUSPECT_RERUNS
        {
            reruns += 1;
            let steps = options.max_steps.saturating_mul(REPLAY_FACTOR);
            let again = run(ir, &stream, UninitMode::Nondet, semantics, steps);
            stats.replays += 1;
            if let Outcome::Limit { what } = &again.outcome {
                let hint = if stream.iter().all(|v| (0..=LARGE_INPUT).contains(v)) {
                    "; the stream's values are small and not negative"
                } else {
                    "; the stream has large or negative values (large when unsigned): maybe a long finite run"
                };
                findings.push(Finding {
                    kind: FindingKind::Suspect,
                    property: Property::Termination,
                    what: format!(
                        "`terminate` answered TRUE, but a run does not end within {steps} steps ({what}){hint}"
                    ),
                    stream: Some(stream.clone()),
                    uninit_nondet: true,
                    on_oracle_program: true,
                    semantics,
                    reply: reply_json(terminate),
                });
                terminating = None;
            }
        }
    }
    findings
}

/// A TRUE by concrete execution, checked for a single execution: runs without undefined
/// behaviour must all end alike (outcome and number of steps).
struct SingleExecution<'a> {
    property: Property,
    reply: &'a Reply,
    semantics: Semantics,
    /// The first run's outcome, length and stream.
    first: Option<(String, u64, Vec<i128>)>,
    refuted: bool,
}

impl SingleExecution<'_> {
    /// Compares a run with the first; a difference is a bad certificate.
    fn compare(&mut self, result: &ExecResult, stream: &[i128]) -> Option<Finding> {
        if matches!(result.outcome, Outcome::Ub { .. } | Outcome::Unsupported { .. }) {
            return None;
        }
        let (outcome, steps) = (result.outcome.to_string(), result.steps);
        let Some((first_outcome, first_steps, first_stream)) = &self.first else {
            self.first = Some((outcome, steps, stream.to_vec()));
            return None;
        };
        if (first_outcome, *first_steps) == (&outcome, steps) {
            return None;
        }
        self.refuted = true;
        Some(Finding {
            kind: FindingKind::BadCertificate,
            property: self.property,
            what: format!(
                "`{}` answered TRUE by concrete execution (the program's only execution), but runs differ: \
                 {first_outcome} after {first_steps} steps with input [{}], {outcome} after {steps} steps with this one",
                self.property.job(),
                inputs::to_flag(first_stream),
            ),
            stream: Some(stream.to_vec()),
            uninit_nondet: true,
            on_oracle_program: true,
            semantics: self.semantics,
            reply: reply_json(self.reply),
        })
    }
}

fn reply_json(reply: &Reply) -> Value {
    match reply {
        Reply::Answer { json, .. } => json.clone(),
        _ => Value::Null,
    }
}

/// An outcome with its line, e.g. `error (reach_error) at line 12`.
fn describe(ir: &Program, outcome: &Outcome) -> String {
    match outcome.span() {
        Some(span) if span.is_known() => format!("{outcome} at {}", ir.files.display(span)),
        _ => outcome.to_string(),
    }
}

/// Values given as JSON strings (or numbers).
fn stream_of(values: Option<&Value>) -> Option<Vec<i128>> {
    let values = values?.as_array()?;
    values
        .iter()
        .map(|v| match v {
            Value::String(s) => s.trim().parse::<i128>().ok(),
            Value::Number(n) => n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from)),
            _ => None,
        })
        .collect()
}

/// A `verify` FALSE: its counterexample must replay to a failing assertion.
fn replay_counterexample(
    ir: &Program,
    answer: &Answer,
    json: &Value,
    options: &CheckOptions,
    stats: &mut RunStats,
) -> Option<Finding> {
    let semantics = semantics_of(answer);
    let finding = |what: String, stream: Option<Vec<i128>>| Finding {
        kind: FindingKind::WrongFalse,
        property: Property::UnreachCall,
        what,
        stream,
        uninit_nondet: true,
        on_oracle_program: false,
        semantics,
        reply: json.clone(),
    };
    let Some(stream) = stream_of(json.pointer("/counterexample/nondet")) else {
        return Some(finding("`verify` answered FALSE without a readable counterexample".to_string(), None));
    };
    stats.replays += 1;
    stats.false_replayed += 1;
    let result = run(ir, &stream, UninitMode::Nondet, semantics, options.max_steps.saturating_mul(REPLAY_FACTOR));
    match result.outcome {
        Outcome::Error { .. } => None,
        other => Some(finding(
            format!("`verify` answered FALSE, but its counterexample's run ends in {}", describe(ir, &other)),
            Some(stream),
        )),
    }
}

/// A `terminate` FALSE: the stem of every lasso without choices must not end. Under the
/// default semantics signed integers are mathematical, so a run that enters the lasso's loop and
/// then overflows there (`while (x < 0) x *= 2;`) is what the lasso claims; signed overflow
/// elsewhere, or any other undefined behaviour, means the stem does not replay. A run that ends
/// as `unsupported` decides nothing.
fn replay_lassos(
    ir: &Program,
    answer: &Answer,
    json: &Value,
    options: &CheckOptions,
    stats: &mut RunStats,
) -> Option<Finding> {
    let semantics = semantics_of(answer);
    let lassos: Vec<&Value> = json
        .get("loops")
        .and_then(Value::as_array)
        .map(|loops| loops.iter().filter(|l| l.get("witness").is_some_and(|w| !w.is_null())).collect())
        .unwrap_or_default();
    let finding = |what: String, stream: Option<Vec<i128>>, uninit_nondet: bool| Finding {
        kind: FindingKind::WrongFalse,
        property: Property::Termination,
        what,
        stream,
        uninit_nondet,
        on_oracle_program: false,
        semantics,
        reply: json.clone(),
    };
    if lassos.is_empty() {
        return Some(finding("`terminate` answered FALSE without a lasso".to_string(), None, true));
    }
    let mut replayed = false;
    for lasso in lassos {
        let witness = &lasso["witness"];
        let choices = witness.get("choices").and_then(Value::as_array).is_some_and(|c| !c.is_empty());
        if choices {
            continue;
        }
        let Some(stream) = stream_of(witness.pointer("/stem/nondet")) else {
            return Some(finding("`terminate` answered FALSE with an unreadable stem".to_string(), None, true));
        };
        let uninit_nondet = witness.pointer("/stem/uninit").and_then(Value::as_str) != Some("zero");
        let uninit = if uninit_nondet { UninitMode::Nondet } else { UninitMode::Zero };
        stats.replays += 1;
        let steps = options.max_steps.saturating_mul(REPLAY_FACTOR);
        let result = run(ir, &stream, uninit, semantics, steps);
        let consistent = match &result.outcome {
            Outcome::Limit { .. } => true,
            Outcome::Unsupported { .. } => continue,
            Outcome::Ub { what, span, .. } => {
                semantics == Semantics::Default
                    && what.contains("signed integer overflow")
                    && in_loop(
                        ir,
                        *span,
                        lasso.get("line").and_then(Value::as_u64),
                        lasso.get("column").and_then(Value::as_u64),
                    )
            }
            _ => false,
        };
        replayed = true;
        if !consistent {
            return Some(finding(
                format!(
                    "`terminate` answered FALSE, but its stem's run ends in {} (within {steps} steps)",
                    describe(ir, &result.outcome)
                ),
                Some(stream),
                uninit_nondet,
            ));
        }
    }
    if replayed {
        stats.false_replayed += 1;
    } else {
        stats.false_not_replayed += 1;
    }
    None
}

/// Whether an edge at `span` lies in the loop whose keyword is at `line`:`column`.
fn in_loop(ir: &Program, span: Span, line: Option<u64>, column: Option<u64>) -> bool {
    let (Some(line), Some(column)) = (line, column) else {
        return false;
    };
    ir.user_funcs().any(|(_, f)| {
        let forest = LoopForest::compute(f);
        forest.loops.iter().any(|(l, _)| {
            let (_, at) = forest.syntax(f, l);
            u64::from(at.line) == line
                && u64::from(at.col) == column
                && f.edges.iter().any(|(_, e)| e.span == span && forest.contains(l, e.from))
        })
    })
}
