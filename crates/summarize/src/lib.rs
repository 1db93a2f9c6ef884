//! Loop summarization (Loopfrog, ATVA'08 §3 with the summary form of TACAS'11 Algorithm 1).
//!
//! What this crate owns:
//! - [`encode`]: the SSA/SMT encoding of loop-free IR and of one scope's walk, loops replaced by
//!   their summaries `havoc(Mod(L)); assume(I_L); <last partial iteration to the exit taken>`;
//! - [`candidates`]: invariant templates instantiated per loop;
//! - [`analysis`]: Houdini over all loops' candidates at once, then the property check on the
//!   summarized function;
//! - [`transition`]: transition invariants (TACAS'11 Table 1, Algorithm 2), which strengthen
//!   summaries and prove termination when well-founded;
//! - [`unroll`] and [`bmc`]: bounded unwinding of the real loops, to turn a violation of the
//!   summarized program into concrete nondet inputs.
//!
//! It never decides a verdict on its own: the `verify` pipeline re-checks invariants with the
//! independent checker and replays inputs in the interpreter.

pub mod analysis;
pub mod bmc;
pub mod candidates;
pub mod encode;
pub mod memory;
pub mod transition;
pub mod unroll;
pub mod value;

pub use analysis::{Analysis, Config, Leap, LoopSummary, SafetyResult, analyze, analyze_with_views};
