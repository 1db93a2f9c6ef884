//! The most body starts each loop makes in a run of the program (the interpreter on one input
//! stream; a deterministic program — a WCET benchmark — has one run, and its counts are the
//! loops' real maxima). Only candidates for `max`: the checker proves `count <= M` before it is
//! printed.

use crate::instrument::observer;
use leapfrog_arith::Semantics;
use leapfrog_interp::runs::RandomInputs;
use leapfrog_interp::{ExecConfig, UninitMode, Watch};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, LoopId, Program};
use std::collections::BTreeMap;
use std::time::Instant;

/// The runs made at most, and the steps of each (a program that reads inputs gets one run: its
/// counts are then only a guess, and a program that runs long is rarely worth the wait).
const RUNS: u64 = 1;
const STEPS: u64 = 5_000_000;

/// Per loop of `fid` (of the inlined program `q`), the most body starts of one execution of the
/// loop statement over the runs that reached the end of `fid` before `deadline`.
pub fn most_body_starts(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    semantics: Semantics,
    deadline: Instant,
) -> BTreeMap<LoopId, i128> {
    let (program, mosts) = observer(q, fid, forest);
    let mut out: BTreeMap<LoopId, i128> = BTreeMap::new();
    if mosts.is_empty() {
        return out;
    }
    let mut inputs = RandomInputs::new(q, 0x6a09_e667_f3bc_c908);
    let exit = program.funcs[fid].exit;
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
            watch: Some(Watch {
                func: fid,
                locs: vec![exit],
                vars: mosts.iter().map(|(_, v)| *v).collect(),
                per_loc: 1,
            }),
            ..ExecConfig::default()
        };
        let r = leapfrog_interp::run(&program, &config);
        let Some(end) = r.snapshots.last() else { continue };
        for ((l, _), value) in mosts.iter().zip(&end.values) {
            if let Some(v) = value {
                let most = out.entry(*l).or_insert(0);
                *most = (*most).max(*v);
            }
        }
    }
    out
}
