//! Test generation (proteus-tse19 §7.3): inputs that reach a target — the program's error
//! (Test-Comp's `cover-error`), the first statement of a source line, or every branch outcome
//! (`cover-branches`) — with each input replayed before it is reported: by the interpreter, or
//! natively ([`native`]) for an error whose interpreter run would be long.
//!
//! A line is reached when one of the commands written on it runs (the line's edges: a
//! statement, a condition, a call that may never return). A target is written into a copy of
//! the program as the one failing assertion
//! ([`targets`]); `leapfrog_verify::falsify::falsify` then looks for a failing execution of the
//! copy: the only execution of a program without inputs, bounded unwinding, the loops crossed by
//! their disjunctive summaries (a model gives the inputs and every trace's counter values, so a
//! target behind 10^6 iterations is solved rather than unrolled), random runs and deeper
//! unwinding. The inputs found are replayed on the original program, which must reach the
//! target. Where nothing is found, `verify` on the copy may prove the target unreachable
//! (status `unreachable`, with its certificate); otherwise the status is `unknown`, with why.
//!
//! Branch coverage ([`suite`]) first keeps the random runs that cover new outcomes, then aims
//! at each outcome still uncovered in turn; coverage is what the replays executed.

pub mod native;
pub mod suite;
pub mod targets;

use leapfrog_interp::runs::replay;
use leapfrog_interp::{ExecResult, Outcome};
use leapfrog_ir::{EdgeId, FuncId, Program};
use leapfrog_results::tests::{Target, TargetKind, TargetStatus, TestCase, TestgenReport};
use leapfrog_results::{Options, Verdict};
use leapfrog_source::{FileId, Span};
use leapfrog_verify::falsify::{LongReplay, Missed, falsify_with};
use native::NativeSources;
use std::time::{Duration, Instant};

/// What to reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A failing assertion or `reach_error` call.
    Error,
    /// `line` of `file` (a path as the program's files name it, or its ending; `None`: the
    /// first file of the program): reached when a command written on it runs.
    Line { file: Option<String>, line: u32 },
    /// Every branch outcome.
    Branches,
}

/// The share of a target's time the search for an input may take before `verify` tries to
/// prove it unreachable.
const SEARCH_SHARE: f64 = 0.6;

/// Tests for `goal` in `p` within `opts.timeout`; `native`: the program's files, for native
/// replays of errors the interpreter cannot replay to the end.
pub fn testgen(p: &Program, goal: &Goal, opts: &Options, native: Option<&NativeSources>) -> TestgenReport {
    let start = Instant::now();
    let mut report = TestgenReport {
        semantics: opts.semantics,
        goal: match goal {
            Goal::Error => "error",
            Goal::Line { .. } => "line",
            Goal::Branches => "branches",
        },
        targets: Vec::new(),
        tests: Vec::new(),
        coverage: None,
        notes: Vec::new(),
        elapsed: Duration::ZERO,
    };
    match goal {
        Goal::Error => {
            let confirm = |r: &ExecResult| matches!(r.outcome, Outcome::Error { .. });
            let (target, test) = reach(p, p, TargetKind::Error, Span::UNKNOWN, &confirm, opts, native);
            push(&mut report, target, test);
        }
        Goal::Line { file, line } => match resolve_file(p, file.as_deref()) {
            Err(why) => report.notes.push(why),
            Ok(file) => {
                let (edges, span) = targets::line_edges(p, file, *line);
                if edges.is_empty() {
                    report.notes.push(format!(
                        "nothing that runs is written on line {line} of {} (a function's header, a declaration without \
                         initializer, a comment or a brace is no target)",
                        p.files.path(file)
                    ));
                } else {
                    let instrumented = targets::fail_on_any(p, &edges);
                    let confirm = |r: &ExecResult| r.trace.iter().any(|step| edges.contains(step));
                    let (target, test) = reach(p, &instrumented, TargetKind::Line, span, &confirm, opts, None);
                    push(&mut report, target, test);
                }
            }
        },
        Goal::Branches => suite::cover_branches(p, opts, start + opts.timeout, &mut report),
    }
    report.elapsed = start.elapsed();
    report
}

/// Adds a target and its test to the report.
fn push(report: &mut TestgenReport, mut target: Target, test: Option<TestCase>) {
    if let Some(t) = test {
        report.tests.push(t);
        target.test = Some(report.tests.len() - 1);
    }
    report.targets.push(target);
}

/// The file `name` stands for: the path itself, or the one path that ends with `/name`.
fn resolve_file(p: &Program, name: Option<&str>) -> Result<FileId, String> {
    let Some(name) = name else { return Ok(FileId(0)) };
    let matching: Vec<FileId> = p
        .files
        .iter()
        .filter(|(_, path)| *path == name || path.ends_with(&format!("/{name}")))
        .map(|(id, _)| id)
        .collect();
    match matching.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("no file of the program is `{name}`")),
        _ => Err(format!("`{name}` names several files of the program; give more of its path")),
    }
}

/// Whether the replay `r` took edge `edge` of `fid`.
fn took(r: &ExecResult, fid: FuncId, edge: EdgeId) -> bool {
    r.trace.contains(&(fid, edge))
}

/// The test of a replay.
fn test_case(inputs: Vec<i128>, r: &ExecResult) -> TestCase {
    let only_nondet_calls = r.read_only_nondet_calls();
    TestCase {
        nondet: inputs,
        steps: Some(r.steps),
        outcome: r.outcome.to_string(),
        replayed_by: "interpreter",
        only_nondet_calls,
    }
}

/// Reaches the target that `instrumented` (a copy of `p` from [`targets`], or `p` itself for
/// its error) fails at: a failing execution of the copy, replayed on `p` and `confirm`ed there
/// (or, for `p`'s error with `native` sources, run natively when the interpreter's replay
/// stops at its limit); else `verify`'s proof that the copy cannot fail; else unknown.
fn reach(
    p: &Program,
    instrumented: &Program,
    kind: TargetKind,
    span: Span,
    confirm: &dyn Fn(&ExecResult) -> bool,
    opts: &Options,
    native: Option<&NativeSources>,
) -> (Target, Option<TestCase>) {
    let start = Instant::now();
    let deadline = start + opts.timeout;
    let mut target = Target {
        kind,
        span,
        status: TargetStatus::Unknown,
        test: None,
        technique: None,
        reason: None,
        certificate: Vec::new(),
    };
    let searching = Options { semantics: opts.semantics, timeout: opts.timeout.mul_f64(SEARCH_SHARE) };
    // An error of `p` itself whose interpreter run would be long is replayed natively first.
    let natively = |inputs: &[i128], until: Instant, run_limit: Option<Duration>| {
        let sources = native.expect("only with native sources");
        let took = native::reaches_error(sources, inputs, until, run_limit)?;
        Ok(format!("native run of {:.2} s", took.as_secs_f64()))
    };
    let long: Option<LongReplay> = match native {
        Some(sources) if !sources.ilp32 && std::ptr::eq(instrumented, p) => Some(&natively),
        _ => None,
    };
    let not_found = match falsify_with(instrumented, &searching, long) {
        Ok(found) if found.long.is_some() => {
            let long = found.long.expect("checked");
            target.status = TargetStatus::Reached;
            target.technique = Some(found.technique);
            // The native run does not say which assertion failed; a program with one has its
            // position.
            if let [only] = assertion_spans(p).as_slice() {
                target.span = *only;
            }
            let test = TestCase {
                nondet: found.counterexample.inputs,
                steps: None,
                outcome: format!("error ({}; the interpreter's run stopped: {})", long.outcome, long.probe),
                replayed_by: "native",
                only_nondet_calls: long.only_nondet_calls,
            };
            return (target, Some(test));
        }
        Ok(found) => {
            let inputs = found.counterexample.inputs;
            // (The search's own replay, when it was on `p` itself: a long run is not run twice.)
            let r = match found.replay {
                Some(r) if std::ptr::eq(instrumented, p) => r,
                _ => replay(p, &inputs, opts.semantics, deadline),
            };
            if confirm(&r) {
                if target.kind == TargetKind::Error {
                    target.span = found.counterexample.failing;
                }
                target.status = TargetStatus::Reached;
                target.technique = Some(found.technique);
                return (target, Some(test_case(inputs, &r)));
            }
            format!(
                "inputs found by {} did not reach the target when replayed on the program (the replay: {})",
                found.technique, r.outcome
            )
        }
        Err((why, None)) => why,
        Err((why, Some(long))) => match native {
            None => why,
            Some(sources) => match native::reaches_error(sources, &long.inputs, deadline, None) {
                Ok(took) => {
                    target.status = TargetStatus::Reached;
                    target.technique = Some(long.technique);
                    // The native run does not say which assertion failed; a program with one
                    // has its position.
                    if let [only] = assertion_spans(p).as_slice() {
                        target.span = *only;
                    }
                    let test = TestCase {
                        nondet: long.inputs,
                        steps: None,
                        outcome: format!(
                            "error (native run of {:.2} s; the interpreter's replay stopped: {})",
                            took.as_secs_f64(),
                            long.replay
                        ),
                        replayed_by: "native",
                        only_nondet_calls: long.only_nondet_calls,
                    };
                    return (target, Some(test));
                }
                Err(Missed::Ended(no) | Missed::Unfinished(no) | Missed::Other(no)) => format!("{why}; natively: {no}"),
            },
        },
    };
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        target.reason = Some(format!("{not_found}; the time limit was reached"));
        return (target, None);
    }
    let proof = leapfrog_verify::verify(instrumented, &Options { semantics: opts.semantics, timeout: left });
    match proof.verdict {
        Verdict::True => {
            target.status = TargetStatus::Unreachable;
            target.technique = proof.technique;
            target.certificate = match proof.fact {
                Some(fact) => vec![fact],
                None => proof
                    .certificate
                    .iter()
                    .map(|l| format!("{} at {}: {}", l.kind.name(), p.files.display(l.span), l.invariant))
                    .collect(),
            };
        }
        Verdict::False => {
            let cex = proof.counterexample.expect("a FALSE has a counterexample");
            let r = replay(p, &cex.inputs, opts.semantics, deadline);
            if confirm(&r) {
                if target.kind == TargetKind::Error {
                    target.span = cex.failing;
                }
                target.status = TargetStatus::Reached;
                target.technique = proof.technique;
                return (target, Some(test_case(cex.inputs, &r)));
            }
            target.reason = Some(format!("{not_found}; verify's counterexample did not reach the target on replay"));
        }
        Verdict::Unknown => {
            target.reason = Some(format!("{not_found}; {}", proof.reason.unwrap_or_default()));
        }
    }
    (target, None)
}

/// The distinct positions of `p`'s assertions.
fn assertion_spans(p: &Program) -> Vec<Span> {
    let mut spans: Vec<Span> = p
        .funcs
        .values()
        .flat_map(|f| f.edges.values())
        .filter(|e| matches!(e.cmd, leapfrog_ir::Command::Assert { .. }))
        .map(|e| e.span)
        .collect();
    spans.sort_by_key(|s| (s.file.0, s.line, s.col));
    spans.dedup();
    spans
}
