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
    /// Which summary this loop's is: `templates` (the fields above) or `pda` (Proteus'
    /// disjunctive summary in `pda`).
    pub method: &'static str,
    /// Proteus' disjunctive summary, or why there is none (`None`: not asked for).
    pub pda: Option<Result<DisjunctiveSummary, String>>,
}

/// A Proteus summary (proteus-tse19 Definition 5): for every execution of the loop, some
/// disjunct holds for some values of its counters. Expressions are C over the variables at loop
/// entry (`x`) and at loop exit (`x_exit`); counters (`k1`, `k2`…) are integers the disjunct
/// quantifies existentially, their constraints among its conditions.
#[derive(Clone, Debug)]
pub struct DisjunctiveSummary {
    /// The variables summarized (visible at the loop).
    pub variables: Vec<String>,
    pub disjuncts: Vec<Disjunct>,
}

#[derive(Clone, Debug)]
pub struct Disjunct {
    /// Conditions on the entry values and the counters, as C.
    pub condition: Vec<String>,
    /// The counters left in the disjunct.
    pub counters: Vec<String>,
    /// `(x, expression)`: `x_exit == expression`; variables without an entry are unconstrained
    /// but for their bounds.
    pub exit: Vec<(String, String)>,
    /// `(x, lower, upper)`: `lower <= x_exit && x_exit <= upper` (either may be missing), for
    /// variables without an exit value that the trace bounds (Proteus §6's interval
    /// approximation of a non-induction variable).
    pub exit_bounds: Vec<(String, Option<String>, Option<String>)>,
    /// Conditions (as C, over the entry values and the counters) under which no signed
    /// arithmetic of the trace overflows: the exit values are claimed only when they hold too.
    pub no_overflow: Vec<String>,
}

impl Disjunct {
    /// The whole disjunct as one C expression over `x`, `x_exit` and the counters:
    /// `condition && (!(no_overflow) || exit values)` (an execution with a signed overflow is
    /// undefined, and the disjunct claims nothing about its exit values).
    pub fn formula(&self) -> String {
        let mut parts: Vec<String> = self.condition.clone();
        let mut exits: Vec<String> = self.exit.iter().map(|(v, e)| format!("{v}_exit == {e}")).collect();
        for (v, lo, hi) in &self.exit_bounds {
            exits.extend(lo.iter().map(|lo| format!("{lo} <= {v}_exit")));
            exits.extend(hi.iter().map(|hi| format!("{v}_exit <= {hi}")));
        }
        match (self.no_overflow.is_empty(), exits.is_empty()) {
            (_, true) => {}
            (true, false) => parts.extend(exits),
            (false, false) => parts.push(format!("(!({}) || ({}))", self.no_overflow.join(" && "), exits.join(" && "))),
        }
        if parts.is_empty() { "1".to_string() } else { parts.join(" && ") }
    }
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
