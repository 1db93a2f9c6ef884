//! What `bound` prints: per loop, an upper bound on how many times its body starts in one
//! execution of the loop statement, re-checked by the independent checker before it is printed.

use leapfrog_arith::Semantics;
use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// One loop's bound in the user's terms.
#[derive(Clone, Debug)]
pub struct LoopBound {
    /// The function the loop is written in.
    pub function: String,
    pub kind: LoopKind,
    /// The loop keyword.
    pub span: Span,
    /// The bound as an expression over the values the variables visible at the loop have when
    /// its condition is first evaluated (integer literals, names, `+ - *`, `/` of non-negative
    /// values rounding down, `max`, `min`; over mathematical integers); `None`: no bound.
    pub bound: Option<String>,
    /// The most body starts of one execution of the loop statement in any execution of the
    /// program, when known.
    pub max: Option<i128>,
    /// The technique that found the bound ([`crate::technique`]).
    pub technique: Option<&'static str>,
    /// Why there is no bound (or no `max`).
    pub reason: Option<String>,
    /// The certificate the checker accepted: the loop invariants of the instrumented program
    /// (`\iterations` counts the body starts, `\at(x, LoopEntry)` is `x` at the loop's entry).
    pub certificate: Vec<String>,
    /// When some execution runs the loop forever: the evidence (`terminate`'s replayed lasso).
    pub unbounded: Option<String>,
    /// Per path of the loop whose condition the values at the header decide: how often that
    /// path runs in one execution of the loop statement (Proteus's per-path bounds).
    pub paths: Vec<PathBound>,
}

/// One path's bound: the body starts at which `condition` holds, in one execution of the loop
/// statement, are at most `bound` (over the loop's entry values, as the loop's bound is).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathBound {
    /// The path's condition, as C over the variables at the start of an iteration.
    pub condition: String,
    pub bound: String,
    /// [`crate::technique::EXIT_CONDITION`] (proven for the path on its own counter), or
    /// [`crate::technique::LOOP_BOUND`] (the loop's bound: each body start runs one path).
    pub technique: &'static str,
}

#[derive(Clone, Debug)]
pub struct BoundsReport {
    pub semantics: Semantics,
    /// In source order, one per loop statement (the copies of a loop inlined at several call
    /// sites share one entry).
    pub loops: Vec<LoopBound>,
    /// The entry function's bound and complexity (`None` when the program could not be
    /// inlined).
    pub program: Option<ProgramBound>,
    /// Why some loops are missing (the program could not be inlined, the time limit).
    pub notes: Vec<String>,
    pub elapsed: Duration,
}

/// The total number of loop body starts in one call of the entry function, composed from the
/// loops' proven bounds, and its complexity in termCOMP's notation.
#[derive(Clone, Debug)]
pub struct ProgramBound {
    pub function: String,
    /// Over the values of the parameters and inputs the loops' bounds name (each has one value
    /// at every loop); `None`: unknown.
    pub bound: Option<String>,
    /// `O(1)`, `O(n^k)`, `unbounded` (a loop runs forever in some execution), or `unknown`.
    pub complexity: String,
    /// Why the bound is unknown.
    pub reason: Option<String>,
}
