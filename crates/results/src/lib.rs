//! The vocabulary of Leapfrog's results: what a job was asked ([`Options`]), what it answered
//! ([`Verdict`], the [`technique`] that answered) and why, in the user's terms — certificates and
//! counterexamples as C over source variables at source positions, never engine internals.
//!
//! The engines (`verify`, `terminate`, and the jobs of later issues) produce these types; the
//! report emitters (`leapfrog-report`) format them without linking an engine; the CLI passes
//! them along. One module per job: [`safety`] (`verify`), [`summaries`] (`summarize`),
//! [`invariants`] (`invariants`), [`termination`] (`terminate`), [`classification`] (`classify`), [`bounds`] (`bound`), [`tests`] (`testgen`).
//!
//! Invariant: depends only on `leapfrog-source`, `leapfrog-arith` and `leapfrog-ir` (for
//! positions, the integer semantics, loop kinds and the environment assumptions of
//! `ir::nondet`); holds data and text helpers, no analysis.

pub mod bounds;
pub mod classification;
pub mod invariants;
pub mod safety;
pub mod summaries;
pub mod technique;
pub mod termination;
pub mod tests;

use leapfrog_arith::Semantics;
use std::time::Duration;

/// What every verdict job is given.
#[derive(Clone, Debug)]
pub struct Options {
    pub semantics: Semantics,
    /// Wall-clock budget of the whole run.
    pub timeout: Duration,
}

/// A job's answer for a property.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    True,
    False,
    Unknown,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::True => "TRUE",
            Verdict::False => "FALSE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// `a && b && ...`, with parentheses around conjuncts that are disjunctions.
pub fn join_conjuncts(texts: &[String]) -> String {
    let wrapped: Vec<String> =
        texts.iter().map(|t| if t.contains("||") { format!("({t})") } else { t.clone() }).collect();
    wrapped.join(" && ")
}
