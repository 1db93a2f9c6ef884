//! What `summarize` prints: every loop's summary in the user's terms.

use leapfrog_arith::Semantics;
use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// One loop's summary in the user's terms.
#[derive(Clone, Debug)]
pub struct LoopSummaryReport {
    pub function: String,
    pub kind: LoopKind,
    pub span: Span,
    pub depth: u32,
    /// Variables (and `*object`s) the summary havocs, of those visible at the loop.
    pub modified: Vec<String>,
    /// The invariant's conjuncts as C expressions.
    pub invariant: Vec<String>,
    /// The transition invariant's conjuncts (TACAS'11), post-state primed: `i' > i`. The summary
    /// assumes `X == Xpre || T(Xpre, X)` between entry and the last header visit.
    pub transition_invariant: Vec<String>,
    /// How the loop can be left: the condition of each exit, as C over variables visible at the
    /// loop (see [`exits`]).
    pub exits: Vec<String>,
    /// What the C above leaves out, in words: exits that are not conditions, conditions that
    /// cannot be written at the loop, modified variables not visible there.
    pub notes: Vec<String>,
    pub candidates_tried: usize,
}

#[derive(Clone, Debug)]
pub struct SummariesReport {
    pub semantics: Semantics,
    pub loops: Vec<LoopSummaryReport>,
    /// Whether the independent checker accepted all invariants (initiation and consecution).
    pub certified: bool,
    /// Why the summaries are incomplete or not certified (empty when they are).
    pub notes: Vec<String>,
    pub elapsed: Duration,
}
