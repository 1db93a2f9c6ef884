//! The most body starts each loop makes in a run of the program.
//!
//! A program that consults no input (`leapfrog_interp::runs::single_run_watching`: no
//! nondeterministic value, parameter, uninitialized read or `volatile` read) has one execution;
//! when the interpreter runs it to its end, its counts are the loops' real maxima — a WCET
//! benchmark's usual case ([`Observed::only_execution`]). Otherwise one run on random inputs
//! proposes candidates for `max`, which the checker must prove (`count <= M`) before they are
//! printed.

use crate::instrument::observer;
use leapfrog_arith::Semantics;
use leapfrog_interp::runs::{self, RandomInputs};
use leapfrog_interp::{ExecConfig, ExecResult, UninitMode, Watch};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, LoopId, Program, VarId};
use std::collections::BTreeMap;
use std::time::Instant;

/// The runs on random inputs made at most, and the steps of each (a program that reads inputs
/// gets one run: its counts are then only a guess, and a program that runs long is rarely worth
/// the wait).
const RUNS: u64 = 1;
const STEPS: u64 = 5_000_000;

/// What runs showed of the loops of one function.
#[derive(Debug, Default)]
pub struct Observed {
    /// Per loop, the most body starts of one execution of the loop statement.
    pub most: BTreeMap<LoopId, i128>,
    /// When the run was the program's only execution and it ended: how it ended
    /// (`leapfrog_interp::runs::ending_text`). `most` then holds the exact maxima (0 for a
    /// loop the execution never reached).
    pub only_execution: Option<String>,
}

/// Per loop of `fid` (of the inlined program `q`): the program's only execution's counts when it
/// has one and it ends before `exact_deadline`; else the most body starts over random runs that
/// reached the end of `fid` before `deadline`.
pub fn most_body_starts(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    semantics: Semantics,
    exact_deadline: Instant,
    deadline: Instant,
) -> Observed {
    let (program, mosts) = observer(q, fid, forest);
    let mut out = Observed::default();
    if mosts.is_empty() {
        return out;
    }
    let watch = Watch {
        func: fid,
        locs: vec![program.funcs[fid].exit],
        vars: mosts.iter().map(|(_, v)| *v).collect(),
        per_loc: 1,
    };
    if let Some(r) =
        runs::single_run_watching(&program, semantics, runs::MAX_STEPS, exact_deadline, Some(watch.clone()))
        && record(&r, &mosts, &mut out.most)
    {
        out.only_execution = Some(runs::ending_text(&r));
        return out;
    }
    let mut inputs = RandomInputs::new(q, 0x6a09_e667_f3bc_c908);
    for k in 0..RUNS {
        if Instant::now() >= deadline {
            break;
        }
        let config = ExecConfig {
            nondet: inputs.stream(k),
            uninit: UninitMode::Nondet,
            max_steps: STEPS,
            semantics,
            deadline: Some(deadline),
            watch: Some(watch.clone()),
            ..ExecConfig::default()
        };
        record(&leapfrog_interp::run(&program, &config), &mosts, &mut out.most);
    }
    out
}

/// Raises `most` to the counts `r` ended with; false when `r` never reached the end of the
/// function (an `exit` call, a failed assertion, a limit).
fn record(r: &ExecResult, mosts: &[(LoopId, VarId)], most: &mut BTreeMap<LoopId, i128>) -> bool {
    let Some(end) = r.snapshots.last() else { return false };
    for ((l, _), value) in mosts.iter().zip(&end.values) {
        if let Some(v) = value {
            let m = most.entry(*l).or_insert(0);
            *m = (*m).max(*v);
        }
    }
    true
}
