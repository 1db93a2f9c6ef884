//! Intervals: every dimension between two integer bounds, independently of the others.
//!
//! This module owns the interval domain ([`Intervals`]) and the interval arithmetic the other
//! domains fall back on when they cannot be exact: [`evaluate`] (the range of an affine expression
//! from each dimension's range), [`hull`] and [`empty_bounds`].
//!
//! Bounds are integers because points are. A rational bound that a constraint implies (`2x ≥ 1`)
//! is rounded inwards, lower bounds up and upper bounds down: no integer point is lost. An
//! assignment whose value may not be an integer (`x := y/2`, which no C expression computes
//! exactly) has no integer result; its range is rounded outwards ([`enclosing`]), so that
//! whichever integer the user meant (floor, ceiling, truncation) stays in.

use crate::{Bounds, Dim, Lattice, NumericDomain};
use leapfrog_linear::{Affine, Constraint, Rational, Relation, rational};
use num_traits::Signed;
use std::collections::BTreeMap;
use std::fmt;

/// A box: each dimension ranges over the integers between its bounds.
///
/// Exact for what it can express: [`Lattice::leq`], [`Lattice::join`] and [`Lattice::meet`]
/// agree with the point sets (an interval element is never empty unless it is bottom).
#[derive(Clone, PartialEq, Eq)]
pub struct Intervals {
    /// `None` for bottom. Otherwise each constrained dimension's range: integer bounds, at least
    /// one of them finite, never empty. A dimension that is absent is unbounded.
    ranges: Option<BTreeMap<Dim, Bounds>>,
}

/// The range with no value.
pub(crate) fn empty_bounds() -> Bounds {
    Bounds { lo: Some(rational(1)), hi: Some(rational(0)) }
}

/// The smallest range containing both (an empty range contributes nothing).
pub(crate) fn hull(a: &Bounds, b: &Bounds) -> Bounds {
    if a.is_empty() {
        return b.clone();
    }
    if b.is_empty() {
        return a.clone();
    }
    let lo = a.lo.as_ref().zip(b.lo.as_ref()).map(|(x, y)| x.min(y).clone());
    let hi = a.hi.as_ref().zip(b.hi.as_ref()).map(|(x, y)| x.max(y).clone());
    Bounds { lo, hi }
}

/// The range of `e` when each dimension `d` ranges over `range(d)` (interval arithmetic; exact
/// when every dimension occurs once, which holds of an affine expression, and the dimensions are
/// independent).
pub(crate) fn evaluate(e: &Affine<Dim>, range: impl Fn(Dim) -> Bounds) -> Bounds {
    let mut lo = Some(e.constant_term().clone());
    let mut hi = lo.clone();
    for (d, a) in e.terms() {
        let r = range(*d);
        let (low_end, high_end) = if a.is_positive() { (r.lo, r.hi) } else { (r.hi, r.lo) };
        lo = lo.zip(low_end).map(|(sum, v)| sum + a * v);
        hi = hi.zip(high_end).map(|(sum, v)| sum + a * v);
    }
    Bounds { lo, hi }
}

/// The integers of `b`: the lower bound rounded up, the upper bound down.
pub(crate) fn integral(b: Bounds) -> Bounds {
    Bounds { lo: b.lo.map(|l| l.ceil()), hi: b.hi.map(|h| h.floor()) }
}

/// The smallest integer range containing `b`: the lower bound rounded down, the upper bound up.
pub(crate) fn enclosing(b: Bounds) -> Bounds {
    Bounds { lo: b.lo.map(|l| l.floor()), hi: b.hi.map(|h| h.ceil()) }
}

impl Intervals {
    /// The element with these ranges (bottom when one is empty).
    fn from_ranges(ranges: impl IntoIterator<Item = (Dim, Bounds)>) -> Self {
        let mut out = BTreeMap::new();
        for (d, r) in ranges {
            if r.is_empty() {
                return Intervals::bottom();
            }
            if r.lo.is_some() || r.hi.is_some() {
                out.insert(d, r);
            }
        }
        Intervals { ranges: Some(out) }
    }

    /// The range of dimension `d` (meaningless for bottom).
    fn range(&self, d: Dim) -> Bounds {
        self.ranges.as_ref().and_then(|r| r.get(&d)).cloned().unwrap_or_else(Bounds::unbounded)
    }

    /// Intersects `d`'s range with `with` (rounded to integers); whether the range changed.
    /// Becomes bottom when the intersection is empty.
    fn refine(&mut self, d: Dim, with: Bounds) -> bool {
        let Some(ranges) = &mut self.ranges else { return false };
        let with = integral(with);
        let old = ranges.get(&d).cloned().unwrap_or_else(Bounds::unbounded);
        let lo = match (&old.lo, with.lo) {
            (Some(a), Some(b)) => Some(a.max(&b).clone()),
            (a, b) => a.clone().or(b),
        };
        let hi = match (&old.hi, with.hi) {
            (Some(a), Some(b)) => Some(a.min(&b).clone()),
            (a, b) => a.clone().or(b),
        };
        let new = Bounds { lo, hi };
        if new == old {
            return false;
        }
        if new.is_empty() {
            self.ranges = None;
        } else {
            ranges.insert(d, new);
        }
        true
    }

    /// The widening of `self` by `newer`, an unstable lower bound becoming `relax_lo(newer's
    /// bound)` and an unstable upper bound `relax_hi(newer's bound)` (`None`: unbounded).
    fn widen_by(
        &self,
        newer: &Self,
        relax_lo: impl Fn(&Rational) -> Option<Rational>,
        relax_hi: impl Fn(&Rational) -> Option<Rational>,
    ) -> Self {
        let (Some(old), Some(new)) = (&self.ranges, &newer.ranges) else {
            return if self.is_bottom() { newer.clone() } else { self.clone() };
        };
        // A dimension absent from either side is unbounded in it, and so in the widening.
        Intervals::from_ranges(old.iter().filter_map(|(d, o)| {
            let n = new.get(d)?;
            let lo = match (&o.lo, &n.lo) {
                (Some(a), Some(b)) if b >= a => Some(a.clone()),
                (_, Some(b)) => relax_lo(b),
                (_, None) => None,
            };
            let hi = match (&o.hi, &n.hi) {
                (Some(a), Some(b)) if b <= a => Some(a.clone()),
                (_, Some(b)) => relax_hi(b),
                (_, None) => None,
            };
            Some((*d, Bounds { lo, hi }))
        }))
    }
}

/// Its constraints, as text over `x0`, `x1`, …
impl fmt::Debug for Intervals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let constraints: Vec<String> = self.constraints().iter().map(|c| c.text(|d| format!("x{d}"))).collect();
        write!(f, "Intervals {{ {} }}", constraints.join(", "))
    }
}

impl Lattice for Intervals {
    fn top() -> Self {
        Intervals { ranges: Some(BTreeMap::new()) }
    }

    fn bottom() -> Self {
        Intervals { ranges: None }
    }

    fn is_bottom(&self) -> bool {
        self.ranges.is_none()
    }

    fn is_top(&self) -> bool {
        self.ranges.as_ref().is_some_and(BTreeMap::is_empty)
    }

    fn leq(&self, other: &Self) -> bool {
        let Some(other_ranges) = &other.ranges else { return self.is_bottom() };
        if self.is_bottom() {
            return true;
        }
        other_ranges.iter().all(|(d, outer)| {
            let inner = self.range(*d);
            let lo_ok = match (&outer.lo, &inner.lo) {
                (None, _) => true,
                (Some(o), Some(i)) => o <= i,
                (Some(_), None) => false,
            };
            let hi_ok = match (&outer.hi, &inner.hi) {
                (None, _) => true,
                (Some(o), Some(i)) => i <= o,
                (Some(_), None) => false,
            };
            lo_ok && hi_ok
        })
    }

    fn join(&self, other: &Self) -> Self {
        let (Some(a), Some(b)) = (&self.ranges, &other.ranges) else {
            return if self.is_bottom() { other.clone() } else { self.clone() };
        };
        Intervals::from_ranges(a.iter().filter_map(|(d, ra)| Some((*d, hull(ra, b.get(d)?)))))
    }

    fn meet(&self, other: &Self) -> Self {
        let Some(b) = &other.ranges else { return Intervals::bottom() };
        let mut out = self.clone();
        for (d, rb) in b {
            out.refine(*d, rb.clone());
        }
        out
    }

    fn widen(&self, newer: &Self) -> Self {
        self.widen_by(newer, |_| None, |_| None)
    }

    fn narrow(&self, newer: &Self) -> Self {
        let (Some(old), Some(new)) = (&self.ranges, &newer.ranges) else { return Intervals::bottom() };
        // Only the infinite bounds of `self` are refined, so a decreasing chain changes each bound
        // at most once.
        let dims: std::collections::BTreeSet<Dim> = old.keys().chain(new.keys()).copied().collect();
        Intervals::from_ranges(dims.into_iter().map(|d| {
            let (o, n) = (self.range(d), newer.range(d));
            (d, Bounds { lo: o.lo.or(n.lo), hi: o.hi.or(n.hi) })
        }))
    }
}

impl NumericDomain for Intervals {
    fn assign(&mut self, x: Dim, e: &Affine<Dim>) {
        if self.is_bottom() {
            return;
        }
        let value = enclosing(self.bounds(e));
        if let Some(ranges) = &mut self.ranges {
            ranges.remove(&x);
        }
        self.refine(x, value);
    }

    /// Refines each dimension of the constraint from the ranges of the others (two rounds of
    /// propagation at most), after integer tightening.
    fn assume(&mut self, c: &Constraint<Dim>) {
        if self.is_bottom() {
            return;
        }
        let c = c.tightened();
        if let Some(holds) = c.as_trivial() {
            if !holds {
                *self = Intervals::bottom();
            }
            return;
        }
        // Each side is an expression `e ≥ 0`.
        let sides = match c.relation {
            Relation::Ge => vec![c.expr],
            Relation::Eq => vec![c.expr.neg(), c.expr],
        };
        for _round in 0..2 {
            let mut changed = false;
            for e in &sides {
                for (d, a) in e.terms() {
                    // a·d + rest ≥ 0, so a·d ≥ -max(rest).
                    let rest = e.add_scaled(&-a, &Affine::var(*d));
                    let Some(rest_max) = self.bounds(&rest).hi else { continue };
                    let limit = -rest_max / a;
                    let bound = if a.is_positive() {
                        Bounds { lo: Some(limit), hi: None }
                    } else {
                        Bounds { lo: None, hi: Some(limit) }
                    };
                    changed |= self.refine(*d, bound);
                    if self.is_bottom() {
                        return;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn forget(&mut self, x: Dim) {
        if let Some(ranges) = &mut self.ranges {
            ranges.remove(&x);
        }
    }

    fn project(&mut self, keep: &dyn Fn(Dim) -> bool) {
        if let Some(ranges) = &mut self.ranges {
            ranges.retain(|d, _| keep(*d));
        }
    }

    fn dims(&self) -> Vec<Dim> {
        self.ranges.iter().flat_map(BTreeMap::keys).copied().collect()
    }

    fn constraints(&self) -> Vec<Constraint<Dim>> {
        let Some(ranges) = &self.ranges else { return vec![Constraint::unsatisfiable()] };
        let mut out = Vec::new();
        for (d, r) in ranges {
            let x = Affine::var(*d);
            match (&r.lo, &r.hi) {
                (Some(lo), Some(hi)) if lo == hi => out.push(Constraint::eq(&x, &Affine::constant(lo.clone()))),
                (lo, hi) => {
                    if let Some(lo) = lo {
                        out.push(Constraint::ge(&x, &Affine::constant(lo.clone())));
                    }
                    if let Some(hi) = hi {
                        out.push(Constraint::le(&x, &Affine::constant(hi.clone())));
                    }
                }
            }
        }
        out
    }

    fn bounds(&self, e: &Affine<Dim>) -> Bounds {
        if self.is_bottom() {
            return empty_bounds();
        }
        evaluate(e, |d| self.range(d))
    }

    /// An unstable lower bound relaxes to the largest threshold at most the newer lower bound, an
    /// unstable upper bound to the smallest threshold at least the newer upper bound (unbounded
    /// when there is none). Each bound changes at most once per threshold, so chains stabilize.
    fn widen_with_thresholds(&self, newer: &Self, thresholds: &[Rational]) -> Self {
        let relax_lo = |new: &Rational| thresholds.iter().filter(|t| *t <= new).max().map(Rational::ceil);
        let relax_hi = |new: &Rational| thresholds.iter().filter(|t| *t >= new).min().map(Rational::floor);
        self.widen_by(newer, relax_lo, relax_hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, Op, constant, var};
    use proptest::prelude::*;

    #[test]
    fn sound_against_the_oracle() {
        oracle::check_domain::<Intervals>(400);
    }

    #[test]
    fn assume_tightens_and_propagates() {
        let mut e = Intervals::top();
        // 2x ≥ 1 over integers is x ≥ 1.
        e.assume(&Constraint::ge(&var(0).scale(&rational(2)), &constant(1)));
        assert_eq!(e.bounds(&var(0)), Bounds { lo: Some(rational(1)), hi: None });
        // y ≥ 1 and x + y ≤ 3 give x ≤ 2 and y ≤ 2.
        e.assume(&Constraint::ge(&var(1), &constant(1)));
        e.assume(&Constraint::le(&var(0).add(&var(1)), &constant(3)));
        assert_eq!(e.bounds(&var(0)), Bounds { lo: Some(rational(1)), hi: Some(rational(2)) });
        assert_eq!(e.bounds(&var(1)), Bounds { lo: Some(rational(1)), hi: Some(rational(2)) });
        // x + y ≥ 5 is then impossible.
        e.assume(&Constraint::ge(&var(0).add(&var(1)), &constant(5)));
        assert!(e.is_bottom());
    }

    #[test]
    fn assign_evaluates_with_interval_arithmetic() {
        let mut e = Intervals::top();
        e.assume(&Constraint::ge(&var(1), &constant(-1)));
        e.assume(&Constraint::le(&var(1), &constant(2)));
        // x := 1 - 2y ranges over [-3, 3].
        e.assign(0, &constant(1).sub(&var(1).scale(&rational(2))));
        assert_eq!(e.bounds(&var(0)), Bounds { lo: Some(rational(-3)), hi: Some(rational(3)) });
        // y := y + x keeps y's bounds apart from x's: [-4, 5].
        e.assign(1, &var(1).add(&var(0)));
        assert_eq!(e.bounds(&var(1)), Bounds { lo: Some(rational(-4)), hi: Some(rational(5)) });
        // x := y/2 with y = 1 is rounded outwards to [0, 1], not bottom.
        e.assign(1, &constant(1));
        e.assign(0, &var(1).scale(&Rational::new(1.into(), 2.into())));
        assert_eq!(e.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: Some(rational(1)) });
    }

    /// The loop `x = 0; while (x <= 99) x++;` at its head, iterated with `widen` (or
    /// thresholds): the number of steps to stabilize, and the invariant.
    fn loop_head(widen: impl Fn(&Intervals, &Intervals) -> Intervals) -> (usize, Intervals) {
        let mut head = Intervals::top();
        head.assign(0, &constant(0));
        for step in 1..=10 {
            let mut body = head.clone();
            body.assume(&Constraint::le(&var(0), &constant(99)));
            body.assign(0, &var(0).add_constant(&rational(1)));
            let next = widen(&head, &head.join(&body));
            if next == head {
                return (step, head);
            }
            head = next;
        }
        panic!("no fixpoint in 10 steps: {head:?}");
    }

    #[test]
    fn widening_stabilizes_and_thresholds_keep_the_guard() {
        let (steps, head) = loop_head(Intervals::widen);
        assert!(steps <= 3, "{steps} steps");
        assert_eq!(head.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: None });
        let thresholds = [rational(-7), rational(100), rational(1000)];
        let (steps, head) = loop_head(|a, b| a.widen_with_thresholds(b, &thresholds));
        assert!(steps <= 3, "{steps} steps");
        assert_eq!(head.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: Some(rational(100)) });
    }

    #[test]
    fn thresholds_relax_lower_bounds_downwards() {
        let at = |lo: i128| {
            let mut e = Intervals::top();
            e.assume(&Constraint::ge(&var(0), &constant(lo)));
            e
        };
        let thresholds = [rational(-10), rational(-3), rational(5)];
        let widened = at(0).widen_with_thresholds(&at(-1), &thresholds);
        assert_eq!(widened.bounds(&var(0)).lo, Some(rational(-3)));
        let widened = at(0).widen_with_thresholds(&at(-11), &thresholds);
        assert_eq!(widened.bounds(&var(0)).lo, None);
    }

    #[test]
    fn narrowing_refines_only_infinite_bounds() {
        let mut wide = Intervals::top();
        wide.assume(&Constraint::ge(&var(0), &constant(0)));
        let mut tight = wide.clone();
        tight.assume(&Constraint::le(&var(0), &constant(100)));
        tight.assume(&Constraint::ge(&var(0), &constant(3)));
        let narrowed = wide.narrow(&tight);
        assert_eq!(narrowed.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: Some(rational(100)) });
    }

    /// An element built by `ops` and bounded to the oracle's box, so that its points in the box
    /// are all its points.
    fn boxed(ops: &[Op]) -> Intervals {
        let mut e: Intervals = oracle::build(ops);
        for d in 0..oracle::DIMS {
            e.assume(&Constraint::ge(&var(d), &constant(-oracle::BOX)));
            e.assume(&Constraint::le(&var(d), &constant(oracle::BOX)));
        }
        e
    }

    fn ops() -> impl Strategy<Value = Vec<Op>> {
        proptest::collection::vec(oracle::op(), 0..5)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c), ..ProptestConfig::default() })]

        #[test]
        fn inclusion_join_and_meet_agree_with_point_sets(a in ops(), b in ops()) {
            let (a, b) = (boxed(&a), boxed(&b));
            let (ga, gb) = (oracle::gamma(&a), oracle::gamma(&b));
            prop_assert_eq!(a.leq(&b), ga.iter().all(|p| gb.contains(p)));
            let meet: Vec<_> = ga.iter().filter(|p| gb.contains(p)).copied().collect();
            prop_assert_eq!(oracle::gamma(&a.meet(&b)), meet);
            // The join is the bounding box of the union.
            let joined = a.join(&b);
            for d in 0..oracle::DIMS {
                let values = ga.iter().chain(&gb).map(|p| rational(p[d]));
                let expected = values.fold(empty_bounds(), |acc, v| hull(&acc, &Bounds::point(v)));
                prop_assert_eq!(joined.bounds(&var(d)), expected);
            }
        }

        #[test]
        fn join_is_an_upper_bound_and_meet_a_lower_bound(a in ops(), b in ops()) {
            let (a, b): (Intervals, Intervals) = (oracle::build(&a), oracle::build(&b));
            let (join, meet) = (a.join(&b), a.meet(&b));
            prop_assert!(a.leq(&join) && b.leq(&join));
            prop_assert!(meet.leq(&a) && meet.leq(&b));
            prop_assert!(a.leq(&a.widen(&join)) && join.leq(&a.widen(&join)));
        }
    }
}
