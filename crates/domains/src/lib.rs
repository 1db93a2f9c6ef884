//! Numeric abstract domains that know nothing of the IR.
//!
//! This crate owns the lattice interface ([`Lattice`]), the numeric interface ([`NumericDomain`])
//! and the domains that implement them. An element describes a set of points: maps from
//! dimensions ([`Dim`], a number the user gives each quantity it tracks) to **integers** — every
//! domain may use that the dimensions are integer-valued (tightening `2x ≥ 1` to `x ≥ 1`). A
//! dimension an element does not mention is unconstrained, so elements over different dimension
//! sets combine without ceremony; [`NumericDomain::forget`] unconstrains a dimension and
//! [`NumericDomain::project`] keeps only some.
//!
//! Soundness contract: every operation over-approximates its concrete counterpart (the result
//! contains every point it must contain); [`Lattice::leq`] may answer `false` when it cannot tell,
//! never `true` wrongly; [`NumericDomain::constraints`] describes a superset of the element's points
//! (exactly the element for the relational domains). Machine integers are the user's business,
//! helped by [`NumericDomain::convert`], which models a conversion to a C integer type.
//!
//! Invariant: depends only on `leapfrog-linear` and `leapfrog-arith`; never sees the IR.

mod disjunctive;
mod interval;
mod octagon;

pub use disjunctive::{DEFAULT_LIMIT, Disjunctive};
pub use interval::Intervals;
pub use octagon::Octagon;

use leapfrog_arith::IntTy;
use leapfrog_linear::{Affine, Constraint, Rational, rational};
use num_traits::Zero;
use std::fmt::Debug;

pub mod lp;
mod polyhedra;
mod system;

pub use polyhedra::{NARROW_MAX_COEFFICIENT, Polyhedron};
pub use system::MAX_CONSTRAINTS;

/// A dimension: the number a domain's user gives one tracked quantity.
pub type Dim = usize;

/// The range of an expression over an element: `lo ≤ value ≤ hi`, `None` meaning unbounded.
/// An empty range (`lo > hi`) describes no value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub lo: Option<Rational>,
    pub hi: Option<Rational>,
}

impl Bounds {
    /// No bound on either side.
    pub fn unbounded() -> Self {
        Bounds { lo: None, hi: None }
    }

    /// Exactly `v`.
    pub fn point(v: Rational) -> Self {
        Bounds { lo: Some(v.clone()), hi: Some(v) }
    }

    /// Whether no value lies in it.
    pub fn is_empty(&self) -> bool {
        matches!((&self.lo, &self.hi), (Some(l), Some(h)) if l > h)
    }

    /// Whether `v` lies in it.
    pub fn contains(&self, v: &Rational) -> bool {
        self.lo.as_ref().is_none_or(|l| l <= v) && self.hi.as_ref().is_none_or(|h| v <= h)
    }
}

/// A complete lattice with the abstract-interpretation extras: widening and narrowing.
pub trait Lattice: Clone + Debug {
    /// The element with every point.
    fn top() -> Self;
    /// The element with no point.
    fn bottom() -> Self;
    /// Whether it has no point (may answer `false` for an empty element it cannot tell is empty).
    fn is_bottom(&self) -> bool;
    /// Whether it has every point.
    fn is_top(&self) -> bool;
    /// Inclusion: every point of `self` is a point of `other` (`false` when it cannot tell).
    fn leq(&self, other: &Self) -> bool;
    /// An upper bound of both (the least one the domain can express, where it has one).
    fn join(&self, other: &Self) -> Self;
    /// A lower bound of both that contains their intersection.
    fn meet(&self, other: &Self) -> Self;
    /// `self ∇ newer`: an upper bound of both, such that every increasing chain
    /// `x0, x1 = x0 ∇ y1, x2 = x1 ∇ y2, …` stabilizes in finitely many steps.
    fn widen(&self, newer: &Self) -> Self;
    /// `self Δ newer` for `newer ⊑ self`: between `newer` and `self`, such that every decreasing
    /// chain stabilizes in finitely many steps.
    fn narrow(&self, newer: &Self) -> Self;
}

/// A lattice of sets of integer points over dimensions, with the transfer functions an
/// abstract interpreter needs.
pub trait NumericDomain: Lattice {
    /// `x := e` (over-approximated when the domain cannot express the result).
    fn assign(&mut self, x: Dim, e: &Affine<Dim>);
    /// Keeps the points that satisfy `c`.
    fn assume(&mut self, c: &Constraint<Dim>);
    /// `x := any integer`.
    fn forget(&mut self, x: Dim);
    /// Forgets every dimension but those in `keep`, and drops the others from the element.
    fn project(&mut self, keep: &dyn Fn(Dim) -> bool);
    /// The dimensions it constrains.
    fn dims(&self) -> Vec<Dim>;
    /// Constraints whose conjunction describes a superset of its points (`[-1 ≥ 0]` for bottom,
    /// `[]` for top).
    fn constraints(&self) -> Vec<Constraint<Dim>>;
    /// The range of `e` over its points.
    fn bounds(&self, e: &Affine<Dim>) -> Bounds;

    /// The element as a disjunction of conjunctions of constraints: one conjunction,
    /// [`NumericDomain::constraints`], unless the domain keeps disjuncts.
    fn disjunct_constraints(&self) -> Vec<Vec<Constraint<Dim>>> {
        vec![self.constraints()]
    }

    /// Widening with thresholds: like [`Lattice::widen`], but a bound that would be dropped is
    /// first relaxed to the nearest threshold that still holds of `newer` (the thresholds are
    /// constants, e.g. the program's). The default ignores the thresholds.
    fn widen_with_thresholds(&self, newer: &Self, thresholds: &[Rational]) -> Self {
        let _ = thresholds;
        self.widen(newer)
    }

    /// `x := (ty) x`: the value converted to the C integer type `ty` (modulo 2^n, or `x != 0` for
    /// `_Bool`). When `x`'s range lies in one window `[k·2^n + min, k·2^n + max]` this is the
    /// exact shift `x := x - k·2^n` (relations to other dimensions survive); otherwise `x` becomes
    /// any value of `ty`.
    fn convert(&mut self, x: Dim, ty: IntTy) {
        if self.is_bottom() {
            return;
        }
        let var = Affine::var(x);
        let range = self.bounds(&var);
        let (min, max) = (rational(ty.min()), rational(ty.max()));
        if range.lo.as_ref().is_some_and(|l| *l >= min) && range.hi.as_ref().is_some_and(|h| *h <= max) {
            return;
        }
        if let Some((k, last)) = windows(&range, ty)
            && k == last
        {
            if !k.is_zero() {
                self.assign(x, &var.add_constant(&-(k * modulus(ty))));
            }
            return;
        }
        self.forget(x);
        self.assume(&Constraint::ge(&var, &Affine::constant(min)));
        self.assume(&Constraint::le(&var, &Affine::constant(max)));
    }
}

/// `2^n` for a type of `n` bits: the values of a window `[k·2^n + min, k·2^n + max]` convert to
/// the type by subtracting `k·2^n`.
pub fn modulus(ty: IntTy) -> Rational {
    rational(1i128 << ty.bits())
}

/// The first and last windows of `ty` that a bounded `range` meets (`None` for an unbounded
/// range or `_Bool`, whose conversion is `!= 0`).
pub fn windows(range: &Bounds, ty: IntTy) -> Option<(Rational, Rational)> {
    let (Some(lo), Some(hi)) = (&range.lo, &range.hi) else { return None };
    if ty.is_bool() {
        return None;
    }
    let (min, m) = (rational(ty.min()), modulus(ty));
    let window = |v: &Rational| ((v - &min) / &m).floor();
    Some((window(lo), window(hi)))
}

#[cfg(test)]
pub(crate) mod oracle;
