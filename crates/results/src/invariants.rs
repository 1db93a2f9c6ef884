//! What `invariants` prints: every loop header's invariant from the invariance analysis (an
//! abstract interpretation over a numeric domain), and whether the independent checker
//! re-verified the invariants.

use leapfrog_arith::Semantics;
use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// One loop header's invariant in the user's terms.
#[derive(Clone, Debug)]
pub struct LoopInvariantReport {
    pub kind: LoopKind,
    pub span: Span,
    pub depth: u32,
    /// The invariant's conjuncts as C expressions over the variables visible at the loop
    /// (empty: nothing known; `0`: no execution reaches the loop).
    pub invariant: Vec<String>,
    /// For a disjunctive domain with more than one disjunct at this header: each disjunct's
    /// conjuncts (the invariant is their disjunction; `invariant` is then their hull).
    pub disjuncts: Vec<Vec<String>>,
}

#[derive(Clone, Debug)]
pub struct InvariantsReport {
    /// The domain's name (`interval`, `octagon`, `polyhedra`).
    pub domain: &'static str,
    /// At most this many disjuncts per location (1: the base domain).
    pub disjuncts: usize,
    pub semantics: Semantics,
    /// In source order (a loop of a function inlined at several call sites once per site).
    pub loops: Vec<LoopInvariantReport>,
    /// Whether the independent checker accepted the invariants (initiation and consecution).
    pub certified: bool,
    /// Why the invariants are missing, incomplete or not certified.
    pub notes: Vec<String>,
    pub elapsed: Duration,
}
