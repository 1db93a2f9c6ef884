//! The linear paths of one loop: from the header back to the header (one iteration), and, for
//! summaries, from the header out of the loop. Each path is a conjunction of linear constraints
//! over the values at the start of the iteration `X` (one symbol per register variable),
//! auxiliary symbols, and the values at its end `X'` as affine forms over them. The ranking
//! engine, Proteus' loop summaries and the bound analysis all read loops through this crate.
//!
//! The paths over-approximate the iterations (every iteration of the program satisfies the
//! constraints of some path):
//! - the pre-state satisfies the linear conjuncts of the loop's invariant and the type ranges that
//!   are finite under the semantics (unsigned and `_Bool` always, signed under `BitPrecise`);
//! - assignments are executed symbolically on affine forms; anything else (products of
//!   variables, division by a variable, bitwise operations, loads, extern results, havoc) is a
//!   fresh auxiliary symbol;
//! - wrap-around is exact: a result that may leave its type's range is split into the few cases
//!   `v − k·2^w` with `v` in the `k`-th window (one path per case);
//! - conditions become constraints (`<` is `≤ −1` over the integers; `!=` splits the path when it
//!   mentions the pre-state, else it is dropped);
//!   non-linear ones become constraints on auxiliary symbols or are dropped;
//! - an inner loop is crossed by `havoc(Mod); assume(invariant)` at its header, then the walk
//!   continues through its body to its exits (the last partial iteration); with
//!   [`Extractor::with_crossings`] each path records where ([`Crossing`]: the inner loop's entry
//!   values and the symbols of what it changes), for a client that knows the inner loop's
//!   summary (Proteus' nested loops);
//! - paths that end the execution are neither iterations nor exits; paths that leave the loop
//!   are exits ([`Extractor::with_exits`]); infeasible paths (checked with Z3 over the integers)
//!   are dropped.
//!
//! Invariant: depends on `leapfrog-ir`, `leapfrog-arith` and `leapfrog-smt` only; nothing here
//! knows what a ranking function or a summary is. Numbers are `i128` with checked arithmetic
//! (see [`linear`]): the median task's loops need nothing bigger, and an overflow only makes a
//! path coarser.

mod extract;
pub mod linear;

pub use extract::{
    Crossing, Extractor, LinPath, LoopPaths, MAX_PATHS, Res, SymInfo, int_lin, int_row, int_sym, range_rows,
};
