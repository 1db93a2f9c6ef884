//! Leapfrog's intermediate representation.
//!
//! A [`Program`] is a set of [`Function`]s, each a control-flow graph whose edges carry typed
//! [`Command`]s over side-effect-free [`Expr`]essions (the program graphs of
//! loopfrog-summarization-atva08 §2.1). Variables, functions, locations and edges are typed ids
//! into arenas; analysis facts live in side tables (the [`loops`] forest, mod/ref sets), never in
//! the IR itself.
//!
//! This crate owns: the IR data types, their textual form ([`print`], [`parse`]), the invariant
//! checker ([`verify`]), the graph structure every technique walks ([`loops`]: dominators,
//! natural loops, irreducible cycles, cutpoints; [`wto`]: the weak topological order abstract
//! interpretation iterates in; [`modref`]: what a loop reads and modifies),
//! inlining ([`inline`]: the whole program as one call-free function), and which variables the
//! user can name where ([`scope`]: what printed facts may mention).
//!
//! Invariant: depends only on `leapfrog-source` and `leapfrog-arith` (and petgraph); it knows
//! nothing of C syntax, of solvers, or of output formats other than its own textual form.

pub mod address;
pub mod checks;
pub mod command;
pub mod expr;
pub mod float;
pub mod float_counters;
pub mod ghost;
pub mod ids;
pub mod inline;
pub mod liveness;
pub mod loops;
pub mod modref;
pub mod modular;
pub mod nondet;
pub mod parse;
pub mod print;
pub mod program;
pub mod promote;
pub mod promote_arrays;
pub mod recursion;
pub mod scope;
pub mod tables;
pub mod types;
pub mod verify;
pub mod wto;

pub use address::AddressStep;
pub use command::{AllocRegion, AssertOrigin, Command, Computed, Fill, HavocOrigin};
pub use expr::{Expr, VarTypes};
pub use float::{FloatBin, FloatExpr, FloatStep, MathFn};
pub use ids::{EdgeId, FuncId, Id, IdVec, LocId, LoopId, VarId};
pub use inline::{InlineError, InlineLimits, inline_program};
pub use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp};
pub use program::{
    Edge, ExternFn, Function, LocTag, Location, LoopKind, MemoryView, Program, Var, VarKind, VarScope, ViewIndex,
    quantified_indices,
};
pub use scope::{Visibility, visible_at};
pub use types::{ArrayLen, DataModel, Field, FloatTy, ObjType, Type, VarTy};
