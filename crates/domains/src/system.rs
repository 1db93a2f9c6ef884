//! Conjunctions of linear constraints: normal form, minimization and Fourier–Motzkin elimination.
//!
//! This module owns the constraint-level algorithms of the polyhedra domain, generic over the
//! variable type so that the convex hull can run them on its lifted system (whose extra variables
//! are rational, not integer). A system is a `Vec<Constraint<V>>`; `None` stands for an empty one.
//!
//! - [`normalize`] is cheap and syntactic: every constraint in canonical form (integer-tightened
//!   in [`Mode::Integer`]), the equalities in reduced echelon form (each solved for its greatest
//!   variable, which then occurs nowhere else), and the inequalities merged per direction (for one
//!   linear part, only the tightest lower and upper bound survive; equal bounds make an equality,
//!   crossed bounds make the system empty).
//! - [`minimize`] adds the LP work: emptiness, removal of every inequality the others entail, and
//!   detection of implicit equalities (an inequality `e ≥ 0` with `max e = 0`; over integers
//!   `max e < 1` suffices, since `e` is then integer-valued in `[0, 1)`).
//! - [`eliminate`] projects variables out: by substitution when an equality mentions the variable,
//!   by Fourier–Motzkin otherwise, minimizing after each step.
//!
//! Costs are bounded by [`MAX_CANDIDATES`] (the inequalities handed to the LP redundancy check)
//! and [`MAX_CONSTRAINTS`] (the inequalities kept): past them the most complex inequalities are
//! dropped, which only enlarges the set described, so it stays sound.

use crate::lp::{self, LpResult};
use leapfrog_linear::{Affine, Constraint, Rational, Relation};
use num_traits::{One, Signed, Zero};
use std::collections::{BTreeMap, BTreeSet};

/// At most this many inequalities are kept after minimization; past it, the most complex ones
/// (most variables, then largest coefficients) are dropped.
pub const MAX_CONSTRAINTS: usize = 64;

/// At most this many inequalities go into the LP redundancy check (each costs one LP over all of
/// them); past it, the most complex ones are dropped first.
pub const MAX_CANDIDATES: usize = 256;

/// Whether the variables are integer-valued, which makes integer tightening sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every variable takes integer values only.
    Integer,
    /// Variables take rational values (the hull's lifted variables).
    Rational,
}

/// `c` in canonical form: integer-tightened in [`Mode::Integer`], scaled to coprime integers in
/// [`Mode::Rational`].
pub fn canonical<V: Ord + Clone>(c: &Constraint<V>, mode: Mode) -> Constraint<V> {
    match mode {
        Mode::Integer => c.tightened(),
        Mode::Rational => c.normalized(),
    }
}

/// The linear part of `e` (its constant dropped).
pub fn linear_part<V: Ord + Clone>(e: &Affine<V>) -> Affine<V> {
    e.add_constant(&-e.constant_term().clone())
}

/// The cheap normal form (see the module doc), or `None` when it finds the system empty.
pub fn normalize<V: Ord + Clone>(
    constraints: impl IntoIterator<Item = Constraint<V>>,
    mode: Mode,
) -> Option<Vec<Constraint<V>>> {
    let mut equalities = Vec::new();
    let mut inequalities = Vec::new();
    for c in constraints {
        let c = canonical(&c, mode);
        match c.as_trivial() {
            Some(true) => {}
            Some(false) => return None,
            None if c.relation == Relation::Eq => equalities.push(c),
            None => inequalities.push(c),
        }
    }
    loop {
        let solved = echelon(equalities, mode)?;
        let mut substituted = Vec::with_capacity(inequalities.len());
        for c in inequalities {
            let mut expr = c.expr;
            for (pivot, by) in &solved {
                expr = expr.substitute(pivot, by);
            }
            let c = canonical(&Constraint::nonnegative(expr), mode);
            match c.as_trivial() {
                Some(true) => {}
                Some(false) => return None,
                None => substituted.push(c),
            }
        }
        let (new_equalities, merged) = merge_directions(substituted, mode)?;
        equalities =
            solved.into_iter().map(|(pivot, by)| canonical(&Constraint::eq(&Affine::var(pivot), &by), mode)).collect();
        inequalities = merged;
        if new_equalities.is_empty() {
            equalities.sort();
            equalities.extend(inequalities);
            return Some(equalities);
        }
        equalities.extend(new_equalities);
    }
}

/// Reduced echelon form: each equality as `pivot = expression` with no pivot in any expression;
/// `None` when the equalities are inconsistent.
fn echelon<V: Ord + Clone>(equalities: Vec<Constraint<V>>, mode: Mode) -> Option<Vec<(V, Affine<V>)>> {
    let mut solved: Vec<(V, Affine<V>)> = Vec::new();
    for c in equalities {
        let mut expr = c.expr;
        for (pivot, by) in &solved {
            expr = expr.substitute(pivot, by);
        }
        let c = canonical(&Constraint::zero(expr), mode);
        let Some((pivot, a)) = c.expr.terms().last().map(|(v, a)| (v.clone(), a.clone())) else {
            match c.as_trivial() {
                Some(false) => return None,
                _ => continue,
            }
        };
        // a·pivot + rest = 0, so pivot = -rest / a.
        let rest = c.expr.add_scaled(&-a.clone(), &Affine::var(pivot.clone()));
        let by = rest.scale(&-(Rational::one() / a));
        for (_, other) in &mut solved {
            *other = other.substitute(&pivot, &by);
        }
        solved.push((pivot, by));
    }
    Some(solved)
}

/// Bounds of one direction: `lo ≤ K ≤ hi` for a primitive linear part `K` whose first
/// coefficient is positive.
#[derive(Default)]
struct Range {
    lo: Option<Rational>,
    hi: Option<Rational>,
}

/// A system split into equalities and inequalities.
type Split<V> = (Vec<Constraint<V>>, Vec<Constraint<V>>);

/// Merges inequalities with parallel linear parts: the equalities that appear (lower = upper
/// bound) and the remaining inequalities, or `None` when two bounds cross.
fn merge_directions<V: Ord + Clone>(inequalities: Vec<Constraint<V>>, mode: Mode) -> Option<Split<V>> {
    let mut ranges: BTreeMap<Affine<V>, Range> = BTreeMap::new();
    for c in inequalities {
        // c: L + k ≥ 0 with L = f·K, K primitive with a positive first coefficient.
        let linear = linear_part(&c.expr);
        let mut f = Rational::one() / linear.primitive_factor();
        if linear.terms().next().is_some_and(|(_, a)| a.is_negative()) {
            f = -f;
        }
        let key = linear.scale(&(Rational::one() / &f));
        let bound = -c.expr.constant_term() / &f;
        let range = ranges.entry(key).or_default();
        if f.is_positive() {
            // K ≥ -k/f
            if range.lo.as_ref().is_none_or(|lo| bound > *lo) {
                range.lo = Some(bound);
            }
        } else if range.hi.as_ref().is_none_or(|hi| bound < *hi) {
            // K ≤ -k/f (f < 0)
            range.hi = Some(bound);
        }
    }
    let mut equalities = Vec::new();
    let mut out = Vec::new();
    for (key, range) in ranges {
        match (range.lo, range.hi) {
            (Some(lo), Some(hi)) if lo > hi => return None,
            (Some(lo), Some(hi)) if lo == hi => {
                equalities.push(canonical(&Constraint::eq(&key, &Affine::constant(lo)), mode))
            }
            (lo, hi) => {
                if let Some(lo) = lo {
                    out.push(canonical(&Constraint::ge(&key, &Affine::constant(lo)), mode));
                }
                if let Some(hi) = hi {
                    out.push(canonical(&Constraint::le(&key, &Affine::constant(hi)), mode));
                }
            }
        }
    }
    Some((equalities, out))
}

/// How complex a constraint is: number of variables, then the sum of its coefficients' sizes.
/// Simpler constraints are kept first when a system must shrink.
fn complexity<V: Ord + Clone>(c: &Constraint<V>) -> (usize, Rational) {
    let size = c.expr.terms().map(|(_, a)| a.abs()).fold(Rational::zero(), |s, a| s + a);
    (c.expr.terms().count(), size)
}

/// Keeps the `limit` simplest inequalities (equalities are all kept). Sound: dropping a
/// constraint enlarges the set.
fn cap<V: Ord + Clone>(constraints: Vec<Constraint<V>>, limit: usize) -> Vec<Constraint<V>> {
    let (equalities, mut inequalities): (Vec<_>, Vec<_>) =
        constraints.into_iter().partition(|c| c.relation == Relation::Eq);
    if inequalities.len() <= limit {
        return equalities.into_iter().chain(inequalities).collect();
    }
    inequalities.sort_by_cached_key(|c| (complexity(c), c.clone()));
    inequalities.truncate(limit);
    inequalities.sort();
    equalities.into_iter().chain(inequalities).collect()
}

/// The minimized form (see the module doc), or `None` when the system is empty over the
/// rationals (or found empty over the integers by tightening).
pub fn minimize<V: Ord + Clone>(
    constraints: impl IntoIterator<Item = Constraint<V>>,
    mode: Mode,
) -> Option<Vec<Constraint<V>>> {
    let mut system = normalize(constraints, mode)?;
    loop {
        system = cap(system, MAX_CANDIDATES);
        let point = lp::feasible_point(&system)?;
        let (equalities, inequalities): (Vec<_>, Vec<_>) = system.into_iter().partition(|c| c.relation == Relation::Eq);
        let kept = remove_redundant(&equalities, inequalities);
        let mut implicit = BTreeSet::new();
        for (i, c) in kept.iter().enumerate() {
            let at_point = c.expr.eval(|v| Some(point.get(v).cloned().unwrap_or_else(Rational::zero)));
            let certainly_slack = at_point.is_some_and(|v| match mode {
                Mode::Integer => v >= Rational::one(),
                Mode::Rational => v.is_positive(),
            });
            if certainly_slack {
                continue;
            }
            let all: Vec<Constraint<V>> = equalities.iter().chain(&kept).cloned().collect();
            if let LpResult::Optimum { value, .. } = lp::maximize(&c.expr, &all) {
                let equality = match mode {
                    Mode::Integer => value < Rational::one(),
                    Mode::Rational => value.is_zero(),
                };
                if equality {
                    implicit.insert(i);
                }
            }
        }
        let found = !implicit.is_empty();
        let next = equalities.into_iter().chain(
            kept.into_iter().enumerate().map(|(i, c)| if implicit.contains(&i) { Constraint::zero(c.expr) } else { c }),
        );
        if !found {
            return Some(cap(next.collect(), MAX_CONSTRAINTS));
        }
        // New equalities: the echelon form and the merges change, and the LP work is redone
        // (at most once per new independent equality).
        system = normalize(next, mode)?;
    }
}

/// The inequalities that the equalities and the other kept inequalities do not entail, trying
/// the most complex ones first so that simple ones survive among mutually redundant ones.
fn remove_redundant<V: Ord + Clone>(
    equalities: &[Constraint<V>],
    inequalities: Vec<Constraint<V>>,
) -> Vec<Constraint<V>> {
    let mut order: Vec<usize> = (0..inequalities.len()).collect();
    order.sort_by_cached_key(|&i| std::cmp::Reverse(complexity(&inequalities[i])));
    let mut alive = vec![true; inequalities.len()];
    for i in order {
        let others: Vec<Constraint<V>> = equalities
            .iter()
            .chain(inequalities.iter().enumerate().filter(|&(j, _)| j != i && alive[j]).map(|(_, c)| c))
            .cloned()
            .collect();
        if let LpResult::Optimum { value, .. } = lp::minimize(&inequalities[i].expr, &others)
            && !value.is_negative()
        {
            alive[i] = false;
        }
    }
    inequalities.into_iter().zip(alive).filter(|(_, a)| *a).map(|(c, _)| c).collect()
}

/// Projects `v` out of a normalized system (the result is minimized), or `None` when empty.
pub fn eliminate<V: Ord + Clone>(system: Vec<Constraint<V>>, v: &V, mode: Mode) -> Option<Vec<Constraint<V>>> {
    let mentions = |c: &Constraint<V>| !c.expr.coefficient(v).is_zero();
    if !system.iter().any(mentions) {
        return Some(system);
    }
    // An equality a·v + rest = 0 gives v = -rest/a: substitute it everywhere.
    let equality = system
        .iter()
        .enumerate()
        .filter(|(_, c)| c.relation == Relation::Eq && mentions(c))
        .min_by_key(|(_, c)| complexity(c))
        .map(|(i, _)| i);
    if let Some(i) = equality {
        let mut system = system;
        let c = system.swap_remove(i);
        let a = c.expr.coefficient(v);
        let by = c.expr.add_scaled(&-a.clone(), &Affine::var(v.clone())).scale(&-(Rational::one() / a));
        let substituted =
            system.into_iter().map(|c| Constraint { expr: c.expr.substitute(v, &by), relation: c.relation });
        return minimize(substituted, mode);
    }
    let (mut positive, mut negative, mut rest) = (Vec::new(), Vec::new(), Vec::new());
    for c in system {
        let a = c.expr.coefficient(v);
        if a.is_positive() {
            positive.push((a, c));
        } else if a.is_negative() {
            negative.push((-a, c));
        } else {
            rest.push(c);
        }
    }
    if positive.is_empty() || negative.is_empty() {
        // v is unbounded on one side: the other constraints are exactly the projection, and stay
        // minimized (a witness of irredundancy projects to one; the affine hull projects to the
        // equalities, which do not mention v).
        return Some(rest);
    }
    // (a·v + p ≥ 0, -b·v + n ≥ 0) give b·p + a·n ≥ 0.
    for (a, p) in &positive {
        for (b, n) in &negative {
            rest.push(Constraint::nonnegative(p.expr.scale(b).add_scaled(a, &n.expr)));
        }
    }
    minimize(rest, mode)
}

/// Projects every variable of `vars` out (equalities first, then Fourier–Motzkin in the order
/// that creates the fewest constraints), or `None` when empty.
pub fn eliminate_all<V: Ord + Clone>(
    system: Vec<Constraint<V>>,
    vars: &BTreeSet<V>,
    mode: Mode,
) -> Option<Vec<Constraint<V>>> {
    let mut system = system;
    loop {
        let present: BTreeSet<&V> = system.iter().flat_map(Constraint::vars).filter(|v| vars.contains(*v)).collect();
        if present.is_empty() {
            return Some(system);
        }
        let by_equality =
            system.iter().filter(|c| c.relation == Relation::Eq).flat_map(Constraint::vars).find(|v| vars.contains(*v));
        let next = match by_equality {
            Some(v) => v.clone(),
            None => {
                let cost = |v: &V| {
                    let positive = system.iter().filter(|c| c.expr.coefficient(v).is_positive()).count();
                    let negative = system.iter().filter(|c| c.expr.coefficient(v).is_negative()).count();
                    (positive * negative) as i64 - (positive + negative) as i64
                };
                match present.iter().min_by_key(|v| cost(v)) {
                    Some(v) => (*v).clone(),
                    None => return Some(system),
                }
            }
        };
        system = eliminate(system, &next, mode)?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_linear::rational;

    fn lin(constant: i128, terms: &[(i128, &'static str)]) -> Affine<&'static str> {
        Affine::from_terms(rational(constant), terms.iter().map(|&(c, v)| (rational(c), v)))
    }

    fn ge(constant: i128, terms: &[(i128, &'static str)]) -> Constraint<&'static str> {
        Constraint::nonnegative(lin(constant, terms))
    }

    fn eq(constant: i128, terms: &[(i128, &'static str)]) -> Constraint<&'static str> {
        Constraint::zero(lin(constant, terms))
    }

    #[test]
    fn normal_form_merges_directions_and_solves_equalities() {
        // x ≥ 1, 2x ≥ 4, x ≤ 7, y = x + 1, y ≤ 5 (→ x ≤ 4 after substituting y).
        let system = normalize(
            [
                ge(-1, &[(1, "x")]),
                ge(-4, &[(2, "x")]),
                ge(7, &[(-1, "x")]),
                eq(-1, &[(1, "y"), (-1, "x")]),
                ge(5, &[(-1, "y")]),
            ],
            Mode::Integer,
        );
        let expected = vec![eq(1, &[(1, "x"), (-1, "y")]), ge(-2, &[(1, "x")]), ge(4, &[(-1, "x")])];
        assert_eq!(system, Some(expected));
        // Opposite bounds that meet make an equality, crossed ones an empty system.
        assert_eq!(
            normalize([ge(-3, &[(1, "x")]), ge(3, &[(-1, "x")])], Mode::Integer),
            Some(vec![eq(-3, &[(1, "x")])])
        );
        assert_eq!(normalize([ge(-3, &[(1, "x")]), ge(2, &[(-1, "x")])], Mode::Integer), None);
        // Over integers 2x = 1 is empty; over rationals it is x = 1/2.
        assert_eq!(normalize([eq(-1, &[(2, "x")])], Mode::Integer), None);
        assert_eq!(normalize([eq(-1, &[(2, "x")])], Mode::Rational), Some(vec![eq(-1, &[(2, "x")])]));
        // Dependent and inconsistent equalities.
        let dependent = [eq(0, &[(1, "x"), (-1, "y")]), eq(0, &[(1, "y"), (-1, "z")]), eq(0, &[(1, "x"), (-1, "z")])];
        assert_eq!(normalize(dependent.clone(), Mode::Integer).map(|s| s.len()), Some(2));
        assert_eq!(normalize([eq(0, &[(1, "x"), (1, "y")]), eq(-1, &[(1, "x"), (1, "y")])], Mode::Rational), None);
    }

    #[test]
    fn minimization_removes_redundancy_and_finds_implicit_equalities() {
        // x ≥ 0, y ≥ 0, x + y ≥ 0 (redundant), x + y ≤ 0 (so x = y = 0).
        let system = minimize(
            [ge(0, &[(1, "x")]), ge(0, &[(1, "y")]), ge(0, &[(1, "x"), (1, "y")]), ge(0, &[(-1, "x"), (-1, "y")])],
            Mode::Rational,
        );
        assert_eq!(system, Some(vec![eq(0, &[(1, "x")]), eq(0, &[(1, "y")])]));
        // Over integers, 2x + 3y ≤ 2 with x, y ≥ 0 forces y = 0 (max y = 2/3), then x ≤ 1.
        let integer = minimize([ge(2, &[(-2, "x"), (-3, "y")]), ge(0, &[(1, "x")]), ge(0, &[(1, "y")])], Mode::Integer);
        assert_eq!(integer, Some(vec![eq(0, &[(1, "y")]), ge(0, &[(1, "x")]), ge(1, &[(-1, "x")])]));
        // Over the rationals it stays a triangle.
        let rational =
            minimize([ge(2, &[(-2, "x"), (-3, "y")]), ge(0, &[(1, "x")]), ge(0, &[(1, "y")])], Mode::Rational);
        assert_eq!(rational.map(|s| s.len()), Some(3));
        // 0 ≤ x ≤ 10, 0 ≤ y ≤ 10, x + y ≤ 30 (redundant), x + y ≤ 15 (not).
        let system = minimize(
            [
                ge(0, &[(1, "x")]),
                ge(10, &[(-1, "x")]),
                ge(0, &[(1, "y")]),
                ge(10, &[(-1, "y")]),
                ge(30, &[(-1, "x"), (-1, "y")]),
                ge(15, &[(-1, "x"), (-1, "y")]),
                ge(0, &[(1, "x"), (1, "y")]),
            ],
            Mode::Integer,
        );
        assert_eq!(system.map(|s| s.len()), Some(5));
        // Empty over the rationals.
        assert_eq!(
            minimize([ge(-1, &[(1, "x"), (1, "y")]), ge(0, &[(-1, "x")]), ge(0, &[(-1, "y")])], Mode::Rational),
            None
        );
    }

    #[test]
    fn elimination_projects() {
        // x = y + 1, 0 ≤ y ≤ 3: eliminating y gives 1 ≤ x ≤ 4.
        let system = minimize([eq(-1, &[(1, "x"), (-1, "y")]), ge(0, &[(1, "y")]), ge(3, &[(-1, "y")])], Mode::Integer);
        let projected = system.and_then(|s| eliminate(s, &"y", Mode::Integer));
        assert_eq!(projected, Some(vec![ge(-1, &[(1, "x")]), ge(4, &[(-1, "x")])]));
        // Fourier–Motzkin: x ≤ y, y ≤ z, z ≤ 5, x ≥ 0: eliminating y gives x ≤ z.
        let system = minimize(
            [ge(0, &[(1, "y"), (-1, "x")]), ge(0, &[(1, "z"), (-1, "y")]), ge(5, &[(-1, "z")]), ge(0, &[(1, "x")])],
            Mode::Integer,
        );
        let projected = system.and_then(|s| eliminate_all(s, &BTreeSet::from(["y"]), Mode::Integer));
        assert_eq!(projected, Some(vec![ge(0, &[(1, "x")]), ge(0, &[(-1, "x"), (1, "z")]), ge(5, &[(-1, "z")])]));
        // Over integers: 2y = x with 0 ≤ y ≤ 1 projects to 0 ≤ x ≤ 2.
        let system = minimize([eq(0, &[(1, "x"), (-2, "y")]), ge(0, &[(1, "y")]), ge(1, &[(-1, "y")])], Mode::Integer);
        let projected = system.and_then(|s| eliminate(s, &"y", Mode::Integer));
        assert_eq!(projected, Some(vec![ge(0, &[(1, "x")]), ge(2, &[(-1, "x")])]));
    }

    #[test]
    fn oversized_systems_are_capped_soundly() {
        // 101 tangents of the parabola y = x²: y ≥ 2k·x - k², every one a facet.
        let tangents: Vec<_> = (-50..=50).map(|k| ge(k * k, &[(1, "y"), (-2 * k, "x")])).collect();
        let system = minimize(tangents, Mode::Integer).unwrap_or_default();
        assert_eq!(system.len(), MAX_CONSTRAINTS);
        // Every point above the parabola is kept.
        for x in -60..=60 {
            let y = x * x;
            let at = |v: &&str| Some(rational(if *v == "x" { x } else { y }));
            assert!(system.iter().all(|c| c.holds(at) == Some(true)), "({x}, {y}) lost");
        }
    }
}
