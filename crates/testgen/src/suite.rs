//! A suite that covers as many branch outcomes as it can (`--cover branches`).
//!
//! 1. Runs on random input streams (`leapfrog_interp::runs::RandomInputs`), each kept when its
//!    replay covers an outcome no kept test covers; at most a third of the time.
//! 2. Each outcome still uncovered, in source order, becomes the target of a copy of the program
//!    that fails when the outcome is taken ([`crate::targets::fail_on_edge`]) and is reached as
//!    any target is ([`crate::reach`]): an input that reaches it, or a proof that none does. Each
//!    gets an equal share of the time left; every new test's replay may cover more outcomes.
//!
//! Coverage is what the interpreter's replays of the kept tests executed.

use crate::targets::{BranchOutcome, branch_outcomes, fail_on_edge};
use crate::{reach, test_case, took};
use leapfrog_interp::runs::{RandomInputs, replay};
use leapfrog_interp::{ExecConfig, ExecResult, UninitMode};
use leapfrog_ir::Program;
use leapfrog_results::Options;
use leapfrog_results::technique;
use leapfrog_results::tests::{Coverage, Target, TargetKind, TargetStatus, TestgenReport};
use std::time::{Duration, Instant};

/// The share of the time the random runs may take, the most runs, and the steps of each.
const RANDOM_SHARE: f64 = 0.3;
const RANDOM_RUNS: u64 = 500;
const RANDOM_STEPS: u64 = 1_000_000;
/// The least time an aimed search is given.
const MIN_AIMED: Duration = Duration::from_millis(200);

/// Fills `report` with the tests, one target per branch outcome of `p`, and the coverage.
pub fn cover_branches(p: &Program, opts: &Options, deadline: Instant, report: &mut TestgenReport) {
    let outcomes = branch_outcomes(p);
    let mut targets: Vec<Target> = outcomes
        .iter()
        .map(|b| Target {
            kind: TargetKind::Branch { condition: b.condition.clone() },
            span: b.span,
            status: TargetStatus::Unknown,
            test: None,
            technique: None,
            reason: Some("no test covers it and none was searched for before the time limit".into()),
            certificate: Vec::new(),
        })
        .collect();
    // Marks the outcomes a kept test's replay covered; whether it covered a new one.
    let cover = |r: &ExecResult, test: usize, technique: &'static str, targets: &mut Vec<Target>| {
        let mut new = false;
        for (b, t) in outcomes.iter().zip(targets.iter_mut()) {
            if t.status != TargetStatus::Reached && took(r, b.func, b.edge) {
                t.status = TargetStatus::Reached;
                t.test = Some(test);
                t.technique = Some(technique);
                t.reason = None;
                t.certificate.clear();
                new = true;
            }
        }
        new
    };
    if p.entry.is_none() {
        report.notes.push("the program has no entry function".into());
    } else {
        // 1. Random runs.
        let random_deadline = (Instant::now() + opts.timeout.mul_f64(RANDOM_SHARE)).min(deadline);
        let mut inputs = RandomInputs::new(p, 0x2545_f491_4f6c_dd1d);
        for k in 0..RANDOM_RUNS {
            if Instant::now() >= random_deadline || targets.iter().all(|t| t.status == TargetStatus::Reached) {
                break;
            }
            let config = ExecConfig {
                nondet: inputs.stream(k),
                uninit: UninitMode::Nondet,
                max_steps: RANDOM_STEPS,
                semantics: opts.semantics,
                record_trace: true,
                record_inputs: true,
                deadline: Some(random_deadline),
                ..ExecConfig::default()
            };
            let r = leapfrog_interp::run(p, &config);
            let next = report.tests.len();
            if cover(&r, next, technique::RANDOM_TESTING, &mut targets) {
                // The kept test is the replay of the inputs the run consumed.
                let replayed = replay(p, &r.inputs, opts.semantics, deadline);
                report.tests.push(test_case(r.inputs.clone(), &replayed));
            }
        }
        // 2. Each outcome still uncovered.
        for i in 0..outcomes.len() {
            if targets[i].status == TargetStatus::Reached {
                continue;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            let aimed = targets[i..].iter().filter(|t| t.status != TargetStatus::Reached).count();
            let share = left / aimed.max(1) as u32;
            if share < MIN_AIMED {
                break;
            }
            let b: &BranchOutcome = &outcomes[i];
            let copy = fail_on_edge(p, b.func, b.edge);
            let confirm = |r: &ExecResult| took(r, b.func, b.edge);
            let aim = Options { semantics: opts.semantics, timeout: share };
            let (found, test) = reach(p, &copy, targets[i].kind.clone(), b.span, &confirm, &aim, None);
            match test {
                Some(test) => {
                    let r = replay(p, &test.nondet, opts.semantics, deadline);
                    let next = report.tests.len();
                    cover(&r, next, found.technique.unwrap_or(technique::BOUNDED_UNWINDING), &mut targets);
                    report.tests.push(test);
                }
                None => targets[i] = found,
            }
        }
    }
    report.coverage = Some(Coverage {
        outcomes: targets.len(),
        covered: targets.iter().filter(|t| t.status == TargetStatus::Reached).count(),
        unreachable: targets.iter().filter(|t| t.status == TargetStatus::Unreachable).count(),
    });
    report.targets = targets;
}
