//! Proteus (proteus-tse19): loops summarized exactly where their paths allow it.
//!
//! This crate owns the analysis of one loop's paths (`leapfrog-paths`) into what Proteus needs:
//! - [`induction`]: per path, each variable's class (unchanged, constant, arithmetic, geometric,
//!   polynomial, or a non-induction variable) and its closed form after `n` executions, proven by
//!   induction with Z3 before use;
//! - [`sequence`]: the exact sequences in `n` those closed forms are made of.
//!
//! The path dependency automaton, the classification of Table 1 and the disjunctive summaries
//! build on these (issue 11).
//!
//! Invariant: depends on `leapfrog-ir`, `leapfrog-arith`, `leapfrog-smt`, `leapfrog-linear` and
//! `leapfrog-paths`; it reads loops only through their paths.

pub mod induction;
pub mod sequence;
