//! Which checks of a generated program become its assertions: mostly *likely invariants under a
//! naive reading of the program*, so that answers are TRUE often enough to be tested, and the
//! false ones are false only through the nondeterminism a careless analysis forgets.
//!
//! Random comparisons are mostly false, and trivially so (any bounded search refutes them). So
//! the program is first rendered with every check as `if (!(c)) putchar(k);` and run by the
//! interpreter on seeded input streams with uninitialized variables and memory read as zero
//! ([`UninitMode::Zero`], the "naive" reading: never-written locals, `malloc`/`alloca` bytes and
//! volatile objects keep zero or their last value). A check the trace shows failing is dropped.
//! The survivors hold on every naive run: either they are true, or they fail only on values the
//! naive reading never produces — an uninitialized cell that is not 0, a volatile read that
//! changes, an input beyond the sampled ones — exactly where a technique that misses a source of
//! nondeterminism would answer a wrong TRUE. Survivors some run reached are preferred to
//! vacuous ones.
//!
//! A quarter of the programs skip the filter and keep one or two random checks (mostly false:
//! the FALSE answers and their replays get tested too).

use std::collections::BTreeSet;
use std::path::Path;

use leapfrog_c_frontend::FrontendOptions;
use leapfrog_interp::{ExecConfig, UninitMode};
use leapfrog_ir::Command;

use super::generate::{Generated, Rendering};
use super::inputs;
use super::rng::Rng;

/// Naive runs per program.
const RUNS: usize = 40;
/// Steps per naive run.
const MAX_STEPS: u64 = 200_000;

/// The checks chosen for a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selection {
    /// `keep[k]`: check `k` becomes an assertion.
    pub keep: Vec<bool>,
    /// Whether the checks were chosen without the filter.
    pub unfiltered: bool,
    /// How many checks survived the naive runs (all of them when unfiltered).
    pub survivors: usize,
}

/// Chooses the checks of `program`, running its locating form (written to `file`) in the
/// interpreter. An error is the front end's message (the program could not be read).
pub fn select(program: &Generated, file: &Path, options: &FrontendOptions, rng: &mut Rng) -> Result<Selection, String> {
    let n = program.checks;
    let mut keep = vec![false; n];
    if rng.chance(25) {
        for _ in 0..rng.range(1, 2) {
            if n > 0 {
                keep[rng.index(n)] = true;
            }
        }
        return Ok(Selection { keep, unfiltered: true, survivors: n });
    }
    let (failed, reached) = naive_runs(program, file, options, rng)?;
    let survivors: Vec<usize> = (0..n).filter(|k| !failed.contains(k)).collect();
    let reached_survivors: Vec<usize> = survivors.iter().copied().filter(|k| reached.contains(k)).collect();
    let pool = if reached_survivors.is_empty() { &survivors } else { &reached_survivors };
    if pool.is_empty() {
        // Nothing holds even naively: one check that fails.
        if n > 0 {
            keep[rng.index(n)] = true;
        }
    } else {
        for _ in 0..rng.range(1, 3) {
            keep[pool[rng.index(pool.len())]] = true;
        }
    }
    Ok(Selection { keep, unfiltered: false, survivors: survivors.len() })
}

/// The checks that failed on some naive run, and those some run reached.
fn naive_runs(
    program: &Generated,
    file: &Path,
    options: &FrontendOptions,
    rng: &mut Rng,
) -> Result<(BTreeSet<usize>, BTreeSet<usize>), String> {
    let (source, check_lines) = program.render_with_lines(&|_| true, Rendering::Locate);
    std::fs::write(file, source).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let ir = leapfrog_c_frontend::load_program(&[file.to_path_buf()], options).map_err(|e| e.to_string())?;
    let check_at = |line: u32| check_lines.iter().find(|(l, _)| *l == line).map(|(_, k)| *k);
    let Some(own_file) = ir.files.iter().find(|(_, p)| Path::new(p) == file).map(|(id, _)| id) else {
        return Err(format!("{}: not among the program's files", file.display()));
    };
    let (mut failed, mut reached) = (BTreeSet::new(), BTreeSet::new());
    for n in 0..RUNS {
        let config = ExecConfig {
            nondet: inputs::stream(rng, n),
            uninit: UninitMode::Zero,
            max_steps: MAX_STEPS,
            record_trace: true,
            ..ExecConfig::default()
        };
        let result = leapfrog_interp::run(&ir, &config);
        for (f, e) in &result.trace {
            let Some(edge) = ir.funcs.get(*f).and_then(|func| func.edges.get(*e)) else {
                continue;
            };
            if edge.span.file != own_file {
                continue;
            }
            if let Some(k) = check_at(edge.span.line) {
                reached.insert(k);
                if matches!(edge.cmd, Command::Output { .. }) {
                    failed.insert(k);
                }
            }
        }
    }
    Ok((failed, reached))
}
