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
}

#[derive(Clone, Debug)]
pub struct BoundsReport {
    pub semantics: Semantics,
    /// In source order, one per loop statement (the copies of a loop inlined at several call
    /// sites share one entry).
    pub loops: Vec<LoopBound>,
    /// Why some loops are missing (the program could not be inlined, the time limit).
    pub notes: Vec<String>,
    pub elapsed: Duration,
}
