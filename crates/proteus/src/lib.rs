//! Proteus (proteus-tse19): loops summarized exactly where their paths allow it.
//!
//! This crate owns the analysis of one loop's paths (`leapfrog-paths`) into what Proteus needs:
//! - [`induction`]: per path, each variable's class (unchanged, constant, arithmetic, geometric,
//!   polynomial, or a non-induction variable) and its closed form after `n` executions, proven by
//!   induction with Z3 before use;
//! - [`sequence`]: the exact sequences in `n` those closed forms are made of;
//! - [`pda`]: the path dependency automaton (Algorithm 1), its cycles and whether they are
//!   periodic;
//! - [`slice`]: a loop sliced by its variables of interest (§4.1), which classification reads;
//! - [`classify`]: the loop types of Table 1, or the reason a loop is unsupported;
//! - [`job`]: the `classify` job over every loop of a program, in the user's terms.
//!
//! - [`summary`]: disjunctive loop summaries of acyclic automata (Algorithm 2), over
//!   [`poly`]nomials in the entry values and the state counters;
//! - [`nest`]: the paths of a loop split by the traces of the inner loops it crosses (Fig. 2).
//!
//! Periodic simple cycles (Algorithm 3, counts constant or given by one condition growing by 1
//! per run, as in Fig. 13), connected cycles a trace goes round one after the other (Algorithm
//! 4, Fig. 2(c)) and irregular executions of constant steps (Algorithm 5) are summarized too.
//!
//! Invariant: depends on `leapfrog-ir`, `leapfrog-arith`, `leapfrog-smt`, `leapfrog-linear`,
//! `leapfrog-paths` and `leapfrog-results` (what it reports); it reads loops only through their
//! paths.

pub mod classify;
pub mod induction;
pub mod job;
pub mod nest;
pub mod pda;
pub mod poly;
pub mod sequence;
pub mod slice;
pub mod summary;
