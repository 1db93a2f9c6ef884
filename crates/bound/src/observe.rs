//! The most body starts each loop makes in a run of the program.
//!
//! A program that consults no input (`leapfrog_interp::runs::single_run_watching`: no
//! nondeterministic value, parameter, uninitialized read or `volatile` read) has one execution;
//! when the interpreter runs it to its end, its counts are the loops' real maxima — a WCET
//! benchmark's usual case ([`Observed::only_execution`]). Otherwise one run on random inputs
//! proposes candidates for `max`, which the checker must prove (`count <= M`) before they are
//! printed. A deterministic program that overflows a signed integer or converts a float out of
//! an integer type's range (undefined behaviour in its only execution) is counted as the
//! compiled program runs it (`runs::single_run_wrapping_overflow`), and the certificate says so.

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
/// Steps the program's only execution may take: its counts are exact, so it may use its whole
/// share of the time limit (the interpreter takes some 20 million steps a second; a WCET
/// benchmark may take a hundred million).
const ONLY_EXECUTION_STEPS: u64 = 2_000_000_000;

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
    let observer = observer(q, &[(fid, forest)]);
    let mut out = Observed::default();
    if observer.mosts.is_empty() {
        return out;
    }
    let vars: Vec<VarId> = observer.mosts.iter().map(|(_, v)| *v).collect();
    let loops: Vec<LoopId> = observer.mosts.iter().map(|((_, l), _)| *l).collect();
    let program = &observer.program;
    // (The counters are globals, read when the run ends.)
    let watch = Watch { func: fid, locs: Vec::new(), vars, per_loc: 0 };
    if let Some((r, overflow)) = runs::single_run_wrapping_overflow(
        program,
        semantics,
        ONLY_EXECUTION_STEPS,
        exact_deadline,
        Some(watch.clone()),
    ) && record(&r, &loops, &mut out.most)
    {
        out.only_execution = Some(runs::ending_text_wrapping(q, &r, overflow));
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
        record(&leapfrog_interp::run(program, &config), &loops, &mut out.most);
    }
    out
}

/// What the program's only execution showed of every loop, run without inlining (recursion,
/// programs too large to inline).
#[derive(Debug)]
pub struct OnlyExecution {
    /// Per loop of each function, the most body starts of one execution of the loop statement
    /// (0 for a loop it never reached).
    pub most: BTreeMap<(FuncId, LoopId), i128>,
    /// The body starts of all loops together.
    pub total: i128,
    /// How it ended (`leapfrog_interp::runs::ending_text`).
    pub ending: String,
}

/// The counts of `p`'s only execution, over the loops of `forests` (each a function's), when
/// the program consults no input and the interpreter runs it to its end before `deadline`.
pub fn only_execution(
    p: &Program,
    forests: &[(FuncId, LoopForest)],
    semantics: Semantics,
    deadline: Instant,
) -> Option<OnlyExecution> {
    let entry = p.entry?;
    let borrowed: Vec<(FuncId, &LoopForest)> = forests.iter().map(|(f, forest)| (*f, forest)).collect();
    let observer = observer(p, &borrowed);
    let mut vars: Vec<VarId> = observer.mosts.iter().map(|(_, v)| *v).collect();
    vars.push(observer.total);
    let program = &observer.program;
    // (The counters are globals, read when the run ends, however it ends: after the entry's
    // last return, or by `exit` or an error in a recursive entry's outer call.)
    let watch = Watch { func: entry, locs: Vec::new(), vars, per_loc: 0 };
    let (r, overflow) =
        runs::single_run_wrapping_overflow(program, semantics, ONLY_EXECUTION_STEPS, deadline, Some(watch))?;
    let (counts, total) = r.end_values.split_at(observer.mosts.len());
    let most = observer.mosts.iter().zip(counts).map(|((l, _), v)| Some((*l, (*v)?))).collect::<Option<_>>()?;
    Some(OnlyExecution {
        most,
        total: total.first().copied().flatten()?,
        ending: runs::ending_text_wrapping(p, &r, overflow),
    })
}

/// How the program's only execution ended, as a certificate's text, saying so when it is the
/// wrapping continuation of a signed overflow at `overflow`.
/// Raises `most` to the counts `r` ended with (in the order of `loops`); false when `r` did not
/// end (a limit, something the interpreter does not model).
fn record(r: &ExecResult, loops: &[LoopId], most: &mut BTreeMap<LoopId, i128>) -> bool {
    if !r.outcome.ended() || r.end_values.len() != loops.len() {
        return false;
    }
    for (l, value) in loops.iter().zip(&r.end_values) {
        if let Some(v) = value {
            let m = most.entry(*l).or_insert(0);
            *m = (*m).max(*v);
        }
    }
    true
}
