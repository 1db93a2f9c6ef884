//! Exact affine expressions and linear constraints over big rationals.
//!
//! This crate owns the one linear vocabulary Leapfrog's numeric code shares: an affine expression
//! ([`Affine`]: `constant + Σ coefficient·variable`) and a linear constraint ([`Constraint`]:
//! `expression = 0` or `expression ≥ 0`), with exact arithmetic ([`Rational`], arbitrary
//! precision: nothing here overflows or rounds). The variables are whatever the user chooses
//! (`V: Ord + Clone`): an abstract domain's dimensions, a path's symbols, the IR's variables.
//!
//! Integer reasoning is explicit: [`Constraint::tightened`] turns a constraint over integer-valued
//! variables into the strongest constraint with integer coefficients it implies (gcd tightening),
//! and [`Constraint::negated_over_integers`] is the integer complement of an inequality.
//!
//! Invariant: depends on nothing of Leapfrog; knows nothing of C, of the IR or of solvers.

mod affine;
mod constraint;

pub use affine::Affine;
pub use constraint::{Constraint, Relation};

/// An exact rational number of arbitrary precision.
pub type Rational = num_rational::BigRational;
/// An integer of arbitrary precision.
pub type Integer = num_bigint::BigInt;

/// The rational `n`.
pub fn rational(n: i128) -> Rational {
    Rational::from_integer(Integer::from(n))
}

/// `n` as an `i128` when it is an integer that fits.
pub fn to_i128(n: &Rational) -> Option<i128> {
    use num_traits::ToPrimitive;
    if n.is_integer() { n.to_integer().to_i128() } else { None }
}
