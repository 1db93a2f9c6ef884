//! What `terminate` answers: a verdict per source loop, with a checked termination argument or
//! a replayed non-terminating execution, and the program's verdict.

use crate::Verdict;
use leapfrog_arith::Semantics;
use leapfrog_ir::nondet::Assumption;
use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// A checked termination argument of one loop, in the user's terms (C expressions over source
/// variables).
#[derive(Clone, Debug)]
pub struct CertificateText {
    /// `"ranking-function"` (one or, lexicographic, several components),
    /// `"transition-invariant"` or `"variance-analysis"`.
    pub kind: &'static str,
    /// The ranking function's components, the transition invariant's atoms (`x' < x` is
    /// written with the post-state primed: `x' < x`), or, for a variance analysis, each
    /// disjunct's ranking function.
    pub expressions: Vec<String>,
    /// A variance analysis's disjuncts (as many as `expressions`): relations between an earlier
    /// header state (`\at(x, AnyPrev)`) and a later one. Empty for the other kinds.
    pub disjuncts: Vec<String>,
    /// The supporting invariant at the loop header (`1` when none was needed).
    pub supporting_invariant: String,
}

/// A checked non-terminating execution: a stem into a recurrent set of the loop.
#[derive(Clone, Debug)]
pub struct Witness {
    /// The interpreter's input stream up to the first header visit inside the set (nondet values
    /// and, in order, uninitialized variables).
    pub stem_inputs: Vec<i128>,
    /// The recurrent set as a C expression over the variables at the loop header.
    pub recurrent_set: String,
    /// Values the nondeterministic sources inside the loop take on every iteration (position
    /// of the source, value); sources not listed may take any value.
    pub choices: Vec<(Span, i128)>,
}

/// One source loop's verdict. A source loop inlined at several call sites is TRUE only when every
/// copy is.
#[derive(Clone, Debug)]
pub struct LoopReport {
    pub kind: LoopKind,
    pub span: Span,
    pub verdict: Verdict,
    pub technique: Option<&'static str>,
    pub reason: Option<String>,
    pub certificate: Option<CertificateText>,
    pub witness: Option<Witness>,
    /// For an UNKNOWN loop whose variance assertion has a disjunct no ranking function orders:
    /// two header states (earlier, then later) that the disjunct relates (POPL'07 §2).
    pub suspect_pair: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub semantics: Semantics,
    /// The technique that decided the program's verdict (for TRUE, the strongest one any loop
    /// needed).
    pub technique: Option<&'static str>,
    pub reason: Option<String>,
    /// In source order.
    pub loops: Vec<LoopReport>,
    /// What the answer takes for granted about the program's environment (`ir::nondet`).
    pub assumptions: Vec<Assumption>,
    pub elapsed: Duration,
}

impl Report {
    /// An UNKNOWN that no analysis was run for.
    pub fn unknown(semantics: Semantics, reason: String) -> Report {
        Report {
            verdict: Verdict::Unknown,
            semantics,
            technique: None,
            reason: Some(reason),
            loops: Vec::new(),
            assumptions: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }
}
