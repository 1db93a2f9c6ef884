//! Termination and non-termination certificates: what an engine claims about one loop, in a
//! form this crate re-checks with its own encoding of one loop iteration.
//!
//! All measures are evaluated in **mathematical integers**: a register's value is read as the
//! integer its type denotes (signed or unsigned as the type says, under the run's semantics;
//! booleans as 0 or 1), and sums and products of a [`LinearForm`] never wrap.

use leapfrog_ir::{EdgeId, Expr, FuncId, LocId, VarId};
use std::collections::BTreeMap;

/// `constant + Σ coefficient·variable`, over register variables of integer (or boolean) type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LinearForm {
    pub constant: i128,
    pub terms: Vec<(i128, VarId)>,
}

/// A quantity over the state whose change a transition-invariant atom describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    Linear(LinearForm),
    /// The maximum of the variables' values (non-empty).
    Max(Vec<VarId>),
    /// The minimum of the variables' values (non-empty).
    Min(Vec<VarId>),
}

/// One candidate relation `C(X, X')` of TACAS'11 Table 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TransitionAtom {
    /// `m(X') < m(X)` (families 1–4).
    Decreases(Measure),
    /// `m(X') > m(X)` (families 1–4).
    Increases(Measure),
    /// Family 5: one of `vars` strictly decreases or strictly increases while all the others keep
    /// their values: `∨_i ((x_i' < x_i ∨ x_i' > x_i) ∧ ∧_{j≠i} x_j' = x_j)`.
    OneChanges(Vec<VarId>),
}

/// Why a loop cannot iterate forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerminationArgument {
    /// A lexicographic linear ranking function `(f_1, …, f_k)` (k ≥ 1): every iteration from a
    /// header state satisfying the supporting invariant has some `j` with `f_j(X) ≥ 0`,
    /// `f_j(X') ≤ f_j(X) − 1`, and `f_i(X') ≤ f_i(X)` for all `i < j`.
    Ranking(Vec<LinearForm>),
    /// A transition invariant `T = ∧ atoms` (TACAS'11 Algorithm 2): every iteration from a header
    /// state satisfying the supporting invariant is in `T` (R ⊆ T); `T` is transitive
    /// (compositionality check (1)); and `T` is well-founded on the states satisfying the
    /// supporting invariant, because the atom at `well_founded` is a strict order on a measure
    /// that is bounded on those states in the direction it moves: below for `Decreases`, above for
    /// `Increases` (a bound implied by the supporting invariant, or by the variables' type ranges
    /// when they are finite: Observation 3).
    TransitionInvariant { atoms: Vec<TransitionAtom>, well_founded: usize },
}

/// A claimed proof that the loop headed at `header` cannot iterate forever (POPL'07 Definition 8:
/// local termination — inner loops are crossed by `havoc(Mod); assume(I)`, so the argument does
/// not depend on them terminating).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerminationCertificate {
    /// The analysed call-free function.
    pub func: FuncId,
    /// The header of the loop (as `ir::loops::LoopForest::compute` finds it).
    pub header: LocId,
    /// Supporting state invariants, one or more per loop header of `func`, in the form of
    /// `SafetyCertificate::invariants`. They must be inductive (initiation from the function's
    /// entry, consecution), but assertions are *not* obligations: a failing assertion ends the
    /// execution, so it cannot make a loop run forever.
    pub invariants: Vec<(LocId, Expr)>,
    pub argument: TerminationArgument,
}

/// A claimed recurrent set of the loop headed at `header`: a set of header states from each of
/// which one iteration leads back to the header in a state of the set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecurrentSet {
    pub func: FuncId,
    pub header: LocId,
    /// A boolean `ir::Expr` over register variables (as in safety invariants).
    pub set: Expr,
    /// Values chosen for nondeterministic sources inside the loop: the `Havoc` edge (or the
    /// `CallExtern` edge's result) gets this value on every iteration. Sources not listed may
    /// take any value: the set must be closed for all of them.
    pub choices: BTreeMap<EdgeId, i128>,
}
