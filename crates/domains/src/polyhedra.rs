//! The convex polyhedra domain ([`Polyhedron`]): conjunctions of linear equalities and
//! inequalities over integer-valued dimensions, decided with the exact LP of [`crate::lp`].
//!
//! This module owns the lattice and transfer operations; the constraint-level algorithms
//! (normal form, LP minimization, Fourier–Motzkin) are in `system`. Representation: the
//! minimized constraint list (equalities in reduced echelon form, no inequality entailed by the
//! others, implicit equalities made explicit, every constraint integer-tightened), or bottom.
//!
//! What "sound" rests on here, and where precision is given up knowingly:
//! - Points are integer, so every constraint may be integer-tightened (`2x ≥ 1` becomes `x ≥ 1`)
//!   and an inequality `e ≥ 0` with `max e < 1` becomes `e = 0`. An assignment whose right-hand
//!   side takes non-integer values at integer points is outside this contract.
//! - Emptiness is decided over the rationals (plus what tightening finds), so an element without
//!   integer points may not be recognized as bottom; it is then an over-approximation.
//! - The join is the (closed) convex hull of the two rational polyhedra, by projecting the lifted
//!   system of Benoy, King and Mesnard ("Computing convex hulls with a linear solver", 2005),
//!   which contains the integer hull; the lifted variables are rational and never tightened. A
//!   dimension only one operand constrains is projected out of it first (the hull is a cylinder
//!   along it), which keeps the lifted system small.
//! - Sizes are bounded: past [`MAX_CONSTRAINTS`](crate::MAX_CONSTRAINTS) inequalities the most
//!   complex ones are dropped (and past `system::MAX_CANDIDATES` before the LP redundancy
//!   check), which only enlarges the element.
//! - The widening is the standard one (Halbwachs 1979, as in Bagnara et al., "Precise widening
//!   operators for convex polyhedra", 2005): the constraints of the older element, equalities
//!   split into two inequalities, that the newer one entails. When the newer element's affine hull
//!   is larger (a half of an equality of the older one fails), the result is the newer element
//!   itself (their join if it does not contain the older one), as PPL's octagon widening does;
//!   PPL's polyhedra H79 keeps only some of the newer element's constraints there, which is
//!   coarser. With the same affine hull, the constraints of the newer element that are mutually
//!   redundant with the older one's (the H79 refinement) define the same facets on that hull, so
//!   the selection entails them already. Termination: the affine dimension only grows, and at a
//!   fixed affine dimension the number of inequalities only shrinks (thresholds only weaken a
//!   bound, through a finite set of values), unless the element does not change.
//! - The narrowing adds to the older element the newer element's constraints whose direction the
//!   older element does not bound at all (the polyhedral analogue of refining only infinite
//!   interval bounds), limited to directions with small coefficients (at most
//!   [`NARROW_MAX_COEFFICIENT`]): each step bounds a new direction from a finite set, and a
//!   direction once bounded stays bounded along a decreasing chain, so chains stabilize. The
//!   result lies between the newer element (it keeps the older one's constraints and adds some of
//!   the newer one's) and the older one.

use crate::lp::{LpResult, Tableau};
use crate::system::{self, Mode, linear_part};
use crate::{Bounds, Dim, Lattice, NumericDomain};
use leapfrog_linear::{Affine, Constraint, Integer, Rational, Relation};
use num_integer::Integer as _;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeSet;

/// The narrowing refines only directions whose (primitive, integer) coefficients are at most this
/// in absolute value: a finite set of directions, which makes narrowing sequences stabilize.
pub const NARROW_MAX_COEFFICIENT: i128 = 16;

/// A convex polyhedron over integer-valued dimensions: the integer points satisfying a
/// conjunction of linear constraints (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polyhedron {
    /// The minimized constraints; `None` for bottom.
    system: Option<Vec<Constraint<Dim>>>,
}

impl Polyhedron {
    /// The points satisfying every constraint of `constraints`.
    pub fn from_constraints(constraints: impl IntoIterator<Item = Constraint<Dim>>) -> Self {
        Polyhedron { system: system::minimize(constraints, Mode::Integer) }
    }

    /// Whether every point satisfies `c` (`false` when it cannot tell).
    pub fn entails(&self, c: &Constraint<Dim>) -> bool {
        match &self.system {
            None => true,
            Some(system) => Entailment::new(system).entails(c),
        }
    }
}

/// Entailment questions about one system, sharing its LP tableau.
struct Entailment {
    /// `None` when the system is empty over the rationals (it then entails everything).
    tableau: Option<Tableau<Dim>>,
}

impl Entailment {
    fn new(system: &[Constraint<Dim>]) -> Self {
        Entailment { tableau: Tableau::new(system) }
    }

    /// Whether every integer point of the system satisfies `c`. With `c` tightened, `e` is
    /// integer-valued on integer points, so `min e > -1` over the rationals suffices for `e ≥ 0`.
    fn entails(&mut self, c: &Constraint<Dim>) -> bool {
        let Some(tableau) = &mut self.tableau else { return true };
        let c = c.tightened();
        if let Some(holds) = c.as_trivial() {
            return holds;
        }
        let mut at_least_zero = |e: &Affine<Dim>| match tableau.minimize(e) {
            LpResult::Infeasible => true,
            LpResult::Unbounded => false,
            LpResult::Optimum { value, .. } => value > -Rational::one(),
        };
        match c.relation {
            Relation::Ge => at_least_zero(&c.expr),
            Relation::Eq => at_least_zero(&c.expr) && at_least_zero(&c.expr.neg()),
        }
    }

    /// Whether `e` has no lower bound (over a non-empty system).
    fn unbounded_below(&mut self, e: &Affine<Dim>) -> bool {
        self.tableau.as_mut().is_some_and(|t| matches!(t.minimize(e), LpResult::Unbounded))
    }
}

/// `c` as inequalities: itself, or an equality's two halves.
fn halves(c: &Constraint<Dim>) -> Vec<Constraint<Dim>> {
    match c.relation {
        Relation::Ge => vec![c.clone()],
        Relation::Eq => vec![Constraint::nonnegative(c.expr.clone()), Constraint::nonnegative(c.expr.neg())],
    }
}

/// The variables of the hull's lifted system: the result's dimensions, the first operand's
/// share of them, and its weight.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Lifted {
    X(Dim),
    Y(Dim),
    Lambda,
}

/// The closed convex hull of two non-empty systems (Benoy–King–Mesnard): `x = y + z` with
/// `y ∈ λ·P`, `z ∈ (1-λ)·Q`, `0 ≤ λ ≤ 1`, projected on `x`. With `z = x - y` substituted,
/// `P = {A·x + b ≥ 0}` contributes `A·y + λ·b ≥ 0` and `Q = {C·x + d ≥ 0}` contributes
/// `C·(x - y) + (1 - λ)·d ≥ 0` (equalities stay equalities).
fn hull(p: &[Constraint<Dim>], q: &[Constraint<Dim>]) -> Option<Vec<Constraint<Dim>>> {
    let mut lifted = Vec::with_capacity(p.len() + q.len() + 2);
    let mut dims = BTreeSet::new();
    for c in p {
        let mut e = Affine::term(c.expr.constant_term().clone(), Lifted::Lambda);
        for (d, a) in c.expr.terms() {
            e.add_term(a.clone(), Lifted::Y(*d));
            dims.insert(*d);
        }
        lifted.push(Constraint { expr: e, relation: c.relation });
    }
    for c in q {
        let b = c.expr.constant_term().clone();
        let mut e = Affine::from_terms(b.clone(), [(-b, Lifted::Lambda)]);
        for (d, a) in c.expr.terms() {
            e.add_term(a.clone(), Lifted::X(*d));
            e.add_term(-a.clone(), Lifted::Y(*d));
            dims.insert(*d);
        }
        lifted.push(Constraint { expr: e, relation: c.relation });
    }
    let lambda = Affine::var(Lifted::Lambda);
    lifted.push(Constraint::nonnegative(lambda.clone()));
    lifted.push(Constraint::le(&lambda, &Affine::constant(Rational::one())));
    let eliminated: BTreeSet<Lifted> = dims.iter().map(|d| Lifted::Y(*d)).chain([Lifted::Lambda]).collect();
    let system = system::minimize(lifted, Mode::Rational)?;
    let projected = system::eliminate_all(system, &eliminated, Mode::Rational)?;
    // Only X variables are left; a constraint that still mentions another one is dropped (sound).
    let back = projected
        .into_iter()
        .filter(|c| c.vars().all(|v| matches!(v, Lifted::X(_))))
        .map(|c| {
            c.map_vars(|v| match v {
                Lifted::X(d) | Lifted::Y(d) => *d,
                Lifted::Lambda => Dim::MAX,
            })
        })
        .filter(small_coefficients);
    system::minimize(back, Mode::Integer)
}

/// The largest coefficient (relative to the others: the coefficients scaled to coprime integers)
/// a relation between variables may have in a join's result.
const MAX_COEFFICIENT: u32 = 1024;

/// Whether `c` bounds one variable, or relates several with coefficients of at most
/// [`MAX_COEFFICIENT`] once scaled to coprime integers. A hull facet such as
/// `2147483647·x − 1073741825·y ≥ …` (between a type's range and a loop's doubling) says
/// little, and numbers of that size make every later operation slow; dropping it is sound.
fn small_coefficients(c: &Constraint<Dim>) -> bool {
    let coefficients: Vec<Rational> = c.expr.terms().map(|(_, a)| a.clone()).collect();
    if coefficients.len() < 2 {
        return true;
    }
    let denominators = coefficients.iter().fold(Integer::one(), |l, a| l.lcm(a.denom()));
    let integers: Vec<Integer> =
        coefficients.iter().map(|a| (a * Rational::from_integer(denominators.clone())).to_integer()).collect();
    let gcd = integers.iter().fold(Integer::zero(), |g, a| g.gcd(a));
    integers.iter().all(|a| (a / &gcd).abs() <= Integer::from(MAX_COEFFICIENT))
}

impl Polyhedron {
    /// The standard widening (see the module doc), with dropped inequalities first relaxed to a
    /// threshold bound that `newer` satisfies.
    fn widening(&self, newer: &Polyhedron, thresholds: &[Rational]) -> Polyhedron {
        let (Some(p), Some(q)) = (&self.system, &newer.system) else {
            return if self.is_bottom() { newer.clone() } else { self.clone() };
        };
        let mut newer_entails = Entailment::new(q);
        let mut kept = Vec::new();
        let mut dropped = Vec::new();
        for c in p {
            for half in halves(c) {
                if newer_entails.entails(&half) {
                    kept.push(half);
                } else if c.relation == Relation::Eq {
                    // The affine hull grew: it can do so only finitely often.
                    return if self.leq(newer) { newer.clone() } else { self.join(newer) };
                } else {
                    dropped.push(half);
                }
            }
        }
        kept.extend(dropped.iter().filter_map(|c| relax(c, &mut newer_entails, thresholds)));
        if !dropped.is_empty() {
            kept.extend(threshold_bounds(q, &mut newer_entails, thresholds));
        }
        Polyhedron::from_constraints(kept)
    }
}

/// "Widening up to" (Halbwachs, Proy and Roumanoff, 1997) over the bounds `x ≤ t` and `x ≥ t`
/// of single dimensions, `t` a threshold or its negation: the tightest such bound of each
/// dimension of `q` that `q` (the join, which contains the older iterate) entails. It keeps a
/// bound the older iterate only implied through relations the widening dropped (`len ≤ s + 1`
/// and `s ≤ 14`): the widening keeps only the older iterate's own constraints. The bounds come
/// from a finite set, so the sequence still stabilizes.
fn threshold_bounds(
    q: &[Constraint<Dim>],
    q_entails: &mut Entailment,
    thresholds: &[Rational],
) -> Vec<Constraint<Dim>> {
    let mut levels: Vec<Rational> = thresholds.iter().flat_map(|t| [t.clone(), -t]).collect();
    levels.sort();
    levels.dedup();
    let dims: BTreeSet<Dim> = q.iter().flat_map(Constraint::vars).copied().collect();
    let Some(tableau) = &mut q_entails.tableau else { return Vec::new() };
    let mut out = Vec::new();
    for d in dims {
        for sign in [Rational::one(), -Rational::one()] {
            // sign·d ≥ min over q; the largest level at most that minimum.
            let e = Affine::var(d).scale(&sign);
            let LpResult::Optimum { value, .. } = tableau.minimize(&e) else { continue };
            if let Some(t) = levels.iter().rev().find(|t| **t <= value) {
                out.push(Constraint::ge(&e, &Affine::constant(t.clone())));
            }
        }
    }
    out
}

/// For `L + k ≥ 0` that `q` does not entail: the tightest `L ≥ t` weaker than it that `q`
/// entails, `t` ranging over the thresholds and their negations (so that a threshold bounds a
/// single dimension from either side: `x ≥ t` is `L = x`, `x ≤ t` is `L = -x ≥ -t`).
fn relax(c: &Constraint<Dim>, q: &mut Entailment, thresholds: &[Rational]) -> Option<Constraint<Dim>> {
    let linear = linear_part(&c.expr);
    let current = -c.expr.constant_term();
    let mut candidates: Vec<Rational> =
        thresholds.iter().flat_map(|t| [t.clone(), -t]).filter(|t| *t < current).collect();
    candidates.sort();
    candidates.dedup();
    candidates.into_iter().rev().map(|t| Constraint::ge(&linear, &Affine::constant(t))).find(|r| q.entails(r))
}

/// Whether the linear part of `c` has only coefficients of magnitude at most
/// [`NARROW_MAX_COEFFICIENT`] once primitive.
fn small_direction(c: &Constraint<Dim>) -> bool {
    let linear = linear_part(&c.expr);
    let scaled = linear.scale(&linear.primitive_factor());
    let limit = Rational::from_integer(NARROW_MAX_COEFFICIENT.into());
    scaled.terms().all(|(_, a)| a.abs() <= limit)
}

impl Lattice for Polyhedron {
    fn top() -> Self {
        Polyhedron { system: Some(Vec::new()) }
    }

    fn bottom() -> Self {
        Polyhedron { system: None }
    }

    fn is_bottom(&self) -> bool {
        self.system.is_none()
    }

    fn is_top(&self) -> bool {
        self.system.as_ref().is_some_and(Vec::is_empty)
    }

    fn leq(&self, other: &Self) -> bool {
        match (&self.system, &other.system) {
            (None, _) => true,
            // Non-empty over the rationals; it may still lack integer points, but "cannot tell"
            // is `false`.
            (Some(_), None) => false,
            (Some(p), Some(q)) => {
                let mut entailment = Entailment::new(p);
                q.iter().all(|c| entailment.entails(c))
            }
        }
    }

    fn join(&self, other: &Self) -> Self {
        match (&self.system, &other.system) {
            (None, _) => other.clone(),
            (_, None) => self.clone(),
            (Some(p), Some(q)) if p.is_empty() || q.is_empty() => Polyhedron::top(),
            (Some(p), Some(q)) => {
                // A dimension that only one operand constrains is a full line of the other, so
                // the closed hull is a cylinder along it: project it out first (exact, and the
                // lifted system has fewer variables).
                let dims =
                    |s: &[Constraint<Dim>]| s.iter().flat_map(Constraint::vars).copied().collect::<BTreeSet<Dim>>();
                let (in_p, in_q) = (dims(p), dims(q));
                let only = |a: &BTreeSet<Dim>, b: &BTreeSet<Dim>| a.difference(b).copied().collect::<BTreeSet<Dim>>();
                let p = system::eliminate_all(p.clone(), &only(&in_p, &in_q), Mode::Integer);
                let q = system::eliminate_all(q.clone(), &only(&in_q, &in_p), Mode::Integer);
                match (p, q) {
                    (Some(p), Some(q)) => Polyhedron { system: hull(&p, &q) },
                    // A projection found empty, which a non-empty operand cannot have: claim nothing.
                    _ => Polyhedron::top(),
                }
            }
        }
    }

    fn meet(&self, other: &Self) -> Self {
        match (&self.system, &other.system) {
            (Some(p), Some(q)) => Polyhedron::from_constraints(p.iter().chain(q).cloned()),
            _ => Polyhedron::bottom(),
        }
    }

    fn widen(&self, newer: &Self) -> Self {
        self.widening(newer, &[])
    }

    fn narrow(&self, newer: &Self) -> Self {
        let (Some(p), Some(q)) = (&self.system, &newer.system) else {
            return Polyhedron::bottom();
        };
        let mut older = Entailment::new(p);
        let refinements: Vec<Constraint<Dim>> = q
            .iter()
            .flat_map(halves)
            .filter(|c| small_direction(c) && older.unbounded_below(&linear_part(&c.expr)))
            .collect();
        if refinements.is_empty() {
            return self.clone();
        }
        Polyhedron::from_constraints(p.iter().cloned().chain(refinements))
    }
}

impl NumericDomain for Polyhedron {
    fn assign(&mut self, x: Dim, e: &Affine<Dim>) {
        let Some(system) = &self.system else { return };
        let a = e.coefficient(&x);
        if !a.is_zero() && !system.iter().any(|c| !c.expr.coefficient(&x).is_zero()) {
            // x is unconstrained and stays so under an invertible assignment.
            return;
        }
        if a.is_zero() {
            // x' = e does not mention x: project x out, then constrain it.
            self.forget(x);
            self.assume(&Constraint::eq(&Affine::var(x), e));
            return;
        }
        // x' = a·x + rest is invertible: x = (x' - rest) / a.
        let rest = e.add_scaled(&-a.clone(), &Affine::var(x));
        let by = Affine::var(x).sub(&rest).scale(&(Rational::one() / a));
        let substituted: Vec<Constraint<Dim>> =
            system.iter().map(|c| Constraint { expr: c.expr.substitute(&x, &by), relation: c.relation }).collect();
        self.system = system::minimize(substituted, Mode::Integer);
    }

    fn assume(&mut self, c: &Constraint<Dim>) {
        if let Some(system) = &self.system {
            self.system = system::minimize(system.iter().cloned().chain([c.clone()]), Mode::Integer);
        }
    }

    fn forget(&mut self, x: Dim) {
        if let Some(system) = self.system.take() {
            self.system = system::eliminate(system, &x, Mode::Integer);
        }
    }

    fn project(&mut self, keep: &dyn Fn(Dim) -> bool) {
        if let Some(system) = self.system.take() {
            let gone: BTreeSet<Dim> = system.iter().flat_map(Constraint::vars).copied().filter(|d| !keep(*d)).collect();
            self.system = system::eliminate_all(system, &gone, Mode::Integer);
        }
    }

    fn dims(&self) -> Vec<Dim> {
        let dims: BTreeSet<Dim> = self.system.iter().flatten().flat_map(Constraint::vars).copied().collect();
        dims.into_iter().collect()
    }

    fn constraints(&self) -> Vec<Constraint<Dim>> {
        match &self.system {
            None => vec![Constraint::unsatisfiable()],
            Some(system) => system.clone(),
        }
    }

    fn bounds(&self, e: &Affine<Dim>) -> Bounds {
        let empty = Bounds { lo: Some(Rational::one()), hi: Some(Rational::zero()) };
        let Some(system) = &self.system else { return empty };
        let constant = e.constant_term();
        let linear = linear_part(e);
        if linear.as_constant().is_some() {
            return Bounds::point(constant.clone());
        }
        // f·linear has coprime integer coefficients, so it is an integer at integer points.
        let f = linear.primitive_factor();
        let Some(mut tableau) = Tableau::new(system) else { return empty };
        let (lo, hi) = (tableau.minimize(&linear), tableau.maximize(&linear));
        Bounds {
            lo: lo.value().map(|v| (v * &f).ceil() / &f + constant),
            hi: hi.value().map(|v| (v * &f).floor() / &f + constant),
        }
    }

    fn widen_with_thresholds(&self, newer: &Self, thresholds: &[Rational]) -> Self {
        self.widening(newer, thresholds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MAX_CONSTRAINTS, oracle};
    use leapfrog_linear::rational;
    use proptest::prelude::*;

    const X: Dim = 0;
    const Y: Dim = 1;
    const Z: Dim = 2;

    fn lin(constant: i128, terms: &[(i128, Dim)]) -> Affine<Dim> {
        Affine::from_terms(rational(constant), terms.iter().map(|&(c, v)| (rational(c), v)))
    }

    /// `Σ terms + constant ≥ 0`.
    fn ge(constant: i128, terms: &[(i128, Dim)]) -> Constraint<Dim> {
        Constraint::nonnegative(lin(constant, terms))
    }

    /// `Σ terms + constant = 0`.
    fn eq(constant: i128, terms: &[(i128, Dim)]) -> Constraint<Dim> {
        Constraint::zero(lin(constant, terms))
    }

    /// `lo ≤ d ≤ hi`.
    fn range(d: Dim, lo: i128, hi: i128) -> [Constraint<Dim>; 2] {
        [ge(-lo, &[(1, d)]), ge(hi, &[(-1, d)])]
    }

    fn poly(constraints: impl IntoIterator<Item = Constraint<Dim>>) -> Polyhedron {
        Polyhedron::from_constraints(constraints)
    }

    fn same(a: &Polyhedron, b: &Polyhedron) -> bool {
        a.leq(b) && b.leq(a)
    }

    #[test]
    fn oracle_finds_no_lost_point() {
        oracle::check_domain::<Polyhedron>(1000);
    }

    #[test]
    fn join_of_two_points_is_a_segment() {
        let a = poly([eq(0, &[(1, X)]), eq(0, &[(1, Y)])]);
        let b = poly([eq(-2, &[(1, X)]), eq(-4, &[(1, Y)])]);
        let expected = poly([eq(0, &[(2, X), (-1, Y)]), ge(0, &[(1, X)]), ge(2, &[(-1, X)])]);
        assert_eq!(a.join(&b), expected);
        assert_eq!(expected.constraints().len(), 3);
    }

    #[test]
    fn a_join_drops_relations_with_huge_coefficients() {
        // A type's range joined with the range doubled and tripled: the hull's slanted facets
        // have coefficients near 2^31, which are dropped; the bounds stay.
        let m = i128::from(i32::MAX);
        let a = poly(range(X, -m - 1, m).into_iter().chain(range(Y, -m - 1, m)));
        let b = poly(range(X, 2, 2 * m).into_iter().chain(range(Y, 3, 3 * m)));
        let joined = a.join(&b);
        for c in joined.constraints() {
            assert!(small_coefficients(&c), "{c:?}");
        }
        assert_eq!(joined.bounds(&Affine::var(X)), Bounds { lo: Some(rational(-m - 1)), hi: Some(rational(2 * m)) });
        // Small relations are kept: the segment from (0, 0) to (2, 4) is on y = 2x.
        let p = poly([eq(0, &[(1, X)]), eq(0, &[(1, Y)])]);
        let q = poly([eq(-2, &[(1, X)]), eq(-4, &[(1, Y)])]);
        assert!(p.join(&q).constraints().iter().any(|c| c.vars().count() == 2));
    }

    #[test]
    fn join_of_two_boxes_is_their_hull() {
        // [0,1]² and [2,3]²: 0 ≤ x, y ≤ 3 and |x - y| ≤ 1.
        let a = poly(range(X, 0, 1).into_iter().chain(range(Y, 0, 1)));
        let b = poly(range(X, 2, 3).into_iter().chain(range(Y, 2, 3)));
        let expected = poly(
            range(X, 0, 3)
                .into_iter()
                .chain(range(Y, 0, 3))
                .chain([ge(1, &[(-1, X), (1, Y)]), ge(1, &[(1, X), (-1, Y)])]),
        );
        let joined = a.join(&b);
        assert_eq!(joined, expected);
        assert_eq!(joined.constraints().len(), 6);
        // Side by side: [0,1]×[0,1] and [3,4]×[0,1] give [0,4]×[0,1].
        let c = poly(range(X, 3, 4).into_iter().chain(range(Y, 0, 1)));
        assert_eq!(a.join(&c), poly(range(X, 0, 4).into_iter().chain(range(Y, 0, 1))));
        // Operands over different dimensions: x ≥ 0 and y ≥ 0 have the whole plane as hull.
        assert!(poly([ge(0, &[(1, X)])]).join(&poly([ge(0, &[(1, Y)])])).is_top());
        // Bottom is the unit.
        assert_eq!(a.join(&Polyhedron::bottom()), a);
        assert_eq!(Polyhedron::bottom().join(&a), a);
    }

    /// A polytope with integer vertices: a box cut by `x + y ≤ k` and `x + y ≥ j` (a totally
    /// unimodular system), within `[-4, 4]^2`.
    fn integral_polytope() -> impl Strategy<Value = Polyhedron> {
        (-4i128..=4, 0i128..=4, -4i128..=4, 0i128..=4, -8i128..=8, -8i128..=8).prop_map(|(x, w, y, h, k, j)| {
            let (lo, hi) = (j.min(k), j.max(k));
            poly(
                range(X, x, (x + w).min(4))
                    .into_iter()
                    .chain(range(Y, y, (y + h).min(4)))
                    .chain([ge(hi, &[(-1, X), (-1, Y)]), ge(-lo, &[(1, X), (1, Y)])]),
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c), ..ProptestConfig::default() })]

        /// The join is the exact convex hull of polytopes with integer vertices: in every direction
        /// with small coefficients, its maximum is the larger of the operands' maxima.
        #[test]
        fn join_is_the_exact_hull_of_integral_polytopes(a in integral_polytope(), b in integral_polytope()) {
            let joined = a.join(&b);
            for i in -3i128..=3 {
                for j in -3i128..=3 {
                    let direction = lin(0, &[(i, X), (j, Y)]);
                    let max = |p: &Polyhedron| p.bounds(&direction).hi;
                    let expected = match (a.is_bottom(), b.is_bottom()) {
                        (true, true) => None,
                        (true, false) => max(&b),
                        (false, true) => max(&a),
                        (false, false) => max(&a).max(max(&b)),
                    };
                    if !joined.is_bottom() {
                        prop_assert_eq!(max(&joined), expected, "direction {:?} of {:?}", direction, joined);
                    }
                }
            }
        }

        /// `leq` answers `true` exactly when the integer points are included, for a box (integer
        /// vertices) against any polyhedron; and is never wrong for any two polyhedra.
        #[test]
        fn leq_agrees_with_point_inclusion(
            lo in proptest::collection::vec(-4i128..=4, 3),
            width in proptest::collection::vec(0i128..=3, 3),
            p_cs in proptest::collection::vec(oracle::constraint(), 0..4),
            q_cs in proptest::collection::vec(oracle::constraint(), 0..4),
        ) {
            let cube = poly((0..3).flat_map(|d| range(d, lo[d], (lo[d] + width[d]).min(4))));
            let q = poly(q_cs);
            let included = oracle::gamma(&cube).iter().all(|pt| oracle::contains(&q, pt));
            prop_assert_eq!(cube.leq(&q), included, "{:?} ⊑ {:?}", cube, q);
            let p = poly(p_cs.into_iter().chain((0..3).flat_map(|d| range(d, -4, 4))));
            if p.leq(&q) {
                prop_assert!(oracle::gamma(&p).iter().all(|pt| oracle::contains(&q, pt)));
            }
        }
    }

    #[test]
    fn projection_is_exact() {
        // x = y + 1, 0 ≤ y ≤ 3, projected on x: 1 ≤ x ≤ 4.
        let mut p = poly([eq(-1, &[(1, X), (-1, Y)]), ge(0, &[(1, Y)]), ge(3, &[(-1, Y)])]);
        p.project(&|d| d == X);
        assert_eq!(p.constraints(), range(X, 1, 4).to_vec());
        assert_eq!(p.dims(), vec![X]);
        // forget keeps the other relations.
        let mut p = poly([ge(0, &[(1, X), (-1, Y)]), ge(0, &[(1, Y), (-1, Z)])]);
        p.forget(Y);
        assert_eq!(p.constraints(), vec![ge(0, &[(1, X), (-1, Z)])]);
    }

    #[test]
    fn assignments_invertible_and_not() {
        // x := 2x + 1 on 0 ≤ x ≤ 3 gives 1 ≤ x ≤ 7 (with y untouched).
        let mut p = poly(range(X, 0, 3).into_iter().chain([eq(0, &[(1, X), (-1, Y)])]));
        p.assign(X, &lin(1, &[(2, X)]));
        assert_eq!(p.bounds(&Affine::var(X)), Bounds { lo: Some(rational(1)), hi: Some(rational(7)) });
        assert!(p.entails(&eq(-1, &[(1, X), (-2, Y)])));
        // y := x + z forgets the old y.
        p.assign(Y, &lin(0, &[(1, X), (1, Z)]));
        assert!(p.entails(&eq(0, &[(1, Y), (-1, X), (-1, Z)])));
        assert_eq!(p.bounds(&Affine::var(Y)), Bounds::unbounded());
    }

    #[test]
    fn bounds_are_integer_tightened() {
        // 0 ≤ 3x ≤ 7 over integers: x ∈ [0, 2]; 2x + 2y ≤ 5 gives x + y ≤ 2.
        let p = poly([ge(0, &[(3, X)]), ge(7, &[(-3, X)]), ge(5, &[(-2, X), (-2, Y)]), ge(0, &[(1, Y)])]);
        assert_eq!(p.bounds(&Affine::var(X)), Bounds { lo: Some(rational(0)), hi: Some(rational(2)) });
        assert_eq!(p.bounds(&lin(1, &[(1, X), (1, Y)])).hi, Some(rational(3)));
        // A half-integer direction: (x + y)/2 ≤ 1.
        let half = Affine::from_terms(rational(0), [(rational(1) / rational(2), X), (rational(1) / rational(2), Y)]);
        assert_eq!(p.bounds(&half).hi, Some(rational(1)));
        assert!(Polyhedron::bottom().bounds(&Affine::var(X)).is_empty());
        assert_eq!(Polyhedron::top().bounds(&lin(3, &[])), Bounds::point(rational(3)));
    }

    /// The POPL'07 polyhedra example: from `x = x0, y = y0, z = z0`, each branch of the loop body
    /// (`x--`, `y--`, `z++`) decreases `x + y - z` by one, and so does their join.
    #[test]
    fn popl07_join_keeps_the_decreasing_sum() {
        let (x0, y0, z0) = (3, 4, 5);
        let start = poly([eq(0, &[(1, X), (-1, x0)]), eq(0, &[(1, Y), (-1, y0)]), eq(0, &[(1, Z), (-1, z0)])]);
        let mut branches = Vec::new();
        for (d, step) in [(X, -1), (Y, -1), (Z, 1)] {
            let mut b = start.clone();
            b.assume(&ge(-1, &[(1, X), (1, Y), (-1, Z)])); // the guard x + y > z
            b.assign(d, &lin(step, &[(1, d)]));
            branches.push(b);
        }
        let joined = branches[0].join(&branches[1]).join(&branches[2]);
        // x + y - z ≤ x0 + y0 - z0 - 1
        let decrease = ge(-1, &[(1, x0), (1, y0), (-1, z0), (-1, X), (-1, Y), (1, Z)]);
        assert!(joined.entails(&decrease), "{joined:?}");
        // and nothing stronger: some branch reaches it exactly.
        let sum = lin(0, &[(1, X), (1, Y), (-1, Z), (-1, x0), (-1, y0), (1, z0)]);
        assert_eq!(joined.bounds(&sum).hi, Some(rational(-1)));
        // The join is not an octagon: its constraints relate more than two dimensions.
        assert!(joined.constraints().iter().any(|c| c.vars().count() > 2));
    }

    #[test]
    fn widening_stabilizes_the_counting_loop() {
        // x := 0; y := 0; while (*) { x := x + 1; y := y + 1 }
        let mut state = poly([eq(0, &[(1, X)]), eq(0, &[(1, Y)])]);
        let mut steps = 0;
        loop {
            let mut body = state.clone();
            body.assign(X, &lin(1, &[(1, X)]));
            body.assign(Y, &lin(1, &[(1, Y)]));
            let next = state.widen(&state.join(&body));
            steps += 1;
            if next.leq(&state) {
                break;
            }
            assert!(steps < 10, "no stabilization: {next:?}");
            state = next;
        }
        assert_eq!(state, poly([eq(0, &[(1, X), (-1, Y)]), ge(0, &[(1, X)])]));
        assert!(steps <= 3);
    }

    /// A small constraint over the oracle's dimensions, an equality one time in four.
    fn mostly_inequality() -> impl Strategy<Value = Constraint<Dim>> {
        (oracle::affine(), 0..4u8)
            .prop_map(|(e, kind)| if kind == 0 { Constraint::zero(e) } else { Constraint::nonnegative(e) })
    }

    /// The widening's termination measure: each step of `x ∇ (x ⊔ y)` either changes nothing,
    /// raises the affine dimension, or keeps it and removes an inequality.
    #[test]
    fn widening_steps_decrease_the_measure() {
        let config = ProptestConfig {
            cases: 100,
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c),
            ..ProptestConfig::default()
        };
        proptest!(config, |(start in proptest::collection::vec(mostly_inequality(), 0..6),
                            news in proptest::collection::vec(proptest::collection::vec(mostly_inequality(), 1..4), 1..8))| {
            let cube = |k: i128| (0..3).flat_map(move |d| range(d, -k, k));
            let mut x = poly(start.into_iter().chain(cube(1)));
            for (i, cs) in news.into_iter().enumerate() {
                let next = x.widen(&x.join(&poly(cs.into_iter().chain(cube(i as i128 + 2)))));
                let measure = |p: &Polyhedron| {
                    let cs = p.constraints();
                    let equalities = cs.iter().filter(|c| c.relation == Relation::Eq).count();
                    (3 - equalities as i64, cs.len() - equalities)
                };
                if !x.is_bottom() && !same(&next, &x) {
                    let (before, after) = (measure(&x), measure(&next));
                    prop_assert!(after.0 > before.0 || (after.0 == before.0 && after.1 < before.1),
                        "{:?} ∇ … = {:?}", x, next);
                }
                x = next;
            }
        });
    }

    #[test]
    fn widening_with_thresholds_stops_at_a_threshold() {
        let old = poly(range(X, 0, 1).into_iter().chain([eq(0, &[(1, X), (-1, Y)])]));
        let new = poly(range(X, 0, 2).into_iter().chain([eq(0, &[(1, X), (-1, Y)])]));
        let thresholds = [rational(10), rational(100)];
        let widened = old.widen_with_thresholds(&new, &thresholds);
        assert_eq!(widened, poly(range(X, 0, 10).into_iter().chain([eq(0, &[(1, X), (-1, Y)])])));
        // Past the last threshold the bound goes.
        let newer = poly(range(X, 0, 200).into_iter().chain([eq(0, &[(1, X), (-1, Y)])]));
        assert_eq!(
            widened.widen_with_thresholds(&newer, &thresholds),
            poly([ge(0, &[(1, X)]), eq(0, &[(1, X), (-1, Y)])])
        );
        // Lower bounds use the negated thresholds: x ≥ -10.
        let down = poly(range(X, -2, 0)).widen_with_thresholds(&poly(range(X, -3, 0)), &thresholds);
        assert_eq!(down, poly(range(X, -10, 0)));
        // Without thresholds, the plain widening.
        assert_eq!(old.widen(&new), poly([ge(0, &[(1, X)]), eq(0, &[(1, X), (-1, Y)])]));
    }

    #[test]
    fn widening_keeps_a_threshold_bound_the_older_iterate_only_implied() {
        // Older: 0 ≤ y ≤ 1, 0 ≤ x ≤ y + 1 (x ≤ 2 only implied); newer: 0 ≤ y ≤ 5, 0 ≤ x ≤ 2.
        let old = poly(range(Y, 0, 1).into_iter().chain([ge(0, &[(1, X)]), ge(1, &[(-1, X), (1, Y)])]));
        let new = poly(range(Y, 0, 5).into_iter().chain(range(X, 0, 2)));
        let thresholds = [rational(2), rational(10)];
        let widened = old.widen_with_thresholds(&old.join(&new), &thresholds);
        assert!(widened.entails(&ge(2, &[(-1, X)])), "{widened:?}");
        assert!(new.leq(&widened));
        // Without thresholds, the plain widening drops every upper bound.
        assert!(!old.widen(&old.join(&new)).entails(&ge(100, &[(-1, X)])));
    }

    #[test]
    fn narrowing_bounds_only_unbounded_directions() {
        let widened = poly([ge(0, &[(1, X)]), eq(0, &[(1, X), (-1, Y)])]);
        let iterate = poly(range(X, 0, 10).into_iter().chain([eq(0, &[(1, X), (-1, Y)])]));
        assert_eq!(widened.narrow(&iterate), iterate);
        // A direction already bounded is not refined.
        let bounded = poly(range(X, 0, 100));
        assert_eq!(bounded.narrow(&poly(range(X, 0, 10))), bounded);
        // Directions with large coefficients are not refined either (finitely many directions).
        let steep = poly([ge(0, &[(1, X), (-100, Y)]), ge(0, &[(1, Y)])]);
        let top = Polyhedron::top();
        assert_eq!(top.narrow(&steep), poly([ge(0, &[(1, Y)])]));
    }

    #[test]
    fn lattice_basics() {
        let p = poly(range(X, 0, 3));
        assert!(Polyhedron::top().is_top() && !p.is_top());
        assert!(poly([ge(-1, &[(1, X)]), ge(0, &[(-1, X)])]).is_bottom());
        assert_eq!(Polyhedron::bottom().constraints(), vec![Constraint::unsatisfiable()]);
        assert!(Polyhedron::top().constraints().is_empty());
        assert!(p.leq(&Polyhedron::top()) && Polyhedron::bottom().leq(&p) && !p.leq(&Polyhedron::bottom()));
        assert_eq!(p.meet(&poly(range(X, 2, 9))), poly(range(X, 2, 3)));
        assert!(p.meet(&poly(range(X, 5, 9))).is_bottom());
        // Over integers, 1 ≤ 2x ≤ 1 is empty.
        assert!(poly([ge(-1, &[(2, X)]), ge(1, &[(-2, X)])]).is_bottom());
        let mut q = p.clone();
        q.assume(&ge(-2, &[(1, X)]));
        assert_eq!(q, poly(range(X, 2, 3)));
        assert!(same(&q, &poly([eq(0, &[(1, Y), (-1, Y)]), ge(-2, &[(1, X)]), ge(3, &[(-1, X)])])));
    }

    #[test]
    fn oversized_elements_are_capped_soundly() {
        // 101 tangents of the parabola y = x², all facets: only MAX_CONSTRAINTS are kept.
        let p = poly((-50..=50).map(|k| ge(k * k, &[(1, Y), (-2 * k, X)])));
        assert_eq!(p.constraints().len(), MAX_CONSTRAINTS);
        for x in -60..=60 {
            let point = |d: &Dim| Some(rational(if *d == X { x } else { x * x }));
            assert!(p.constraints().iter().all(|c| c.holds(point) == Some(true)));
        }
    }

    /// The cost of the main operations on two 3-dimensional polyhedra with about ten constraints
    /// each, and on two 6-dimensional ones with about twenty (run with `--ignored --nocapture`).
    #[test]
    #[ignore]
    fn operation_costs() {
        let around = |dims: usize, center: &dyn Fn(Dim) -> i128| {
            let mut cs: Vec<Constraint<Dim>> = (0..dims).flat_map(|d| range(d, center(d) - 2, center(d) + 2)).collect();
            for d in 0..dims.min(4) {
                let e = (d + 1) % dims;
                // x_d + x_e ≤ c_d + c_e + 3 and x_d - x_e ≥ c_d - c_e - 3
                cs.push(ge(center(d) + center(e) + 3, &[(-1, d), (-1, e)]));
                cs.push(ge(3 - center(d) + center(e), &[(1, d), (-1, e)]));
            }
            poly(cs)
        };
        for dims in [3, 6] {
            let a = around(dims, &|_| 0);
            let b = around(dims, &|d| [5, 3, -4, 2, 7, -1][d]);
            let joined = a.join(&b);
            let time = |what: &str, f: &dyn Fn() -> usize| {
                let rounds = 10;
                let start = std::time::Instant::now();
                let mut size = 0;
                for _ in 0..rounds {
                    size = f();
                }
                eprintln!("{dims} dims, {what}: {:?} ({size} constraints)", start.elapsed() / rounds);
            };
            eprintln!("{dims} dims: operands of {} and {} constraints", a.constraints().len(), b.constraints().len());
            time("join", &|| a.join(&b).constraints().len());
            time("meet", &|| a.meet(&joined).constraints().len());
            time("leq", &|| usize::from(a.leq(&joined)));
            time("widen", &|| a.widen(&joined).constraints().len());
            time("forget", &|| {
                let mut f = joined.clone();
                f.forget(0);
                f.constraints().len()
            });
            time("assign x0 := x1 + 1", &|| {
                let mut f = joined.clone();
                f.assign(0, &lin(1, &[(1, 1)]));
                f.constraints().len()
            });
            time("bounds", &|| usize::from(joined.bounds(&lin(0, &[(1, 0), (1, 1)])).hi.is_some()));
        }
    }
}
