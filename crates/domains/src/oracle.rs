//! The brute-force oracle every domain is tested against: elements are built by random operation
//! sequences over three dimensions, and every operation's result must contain every point of a
//! small integer box that it must contain (the concrete operation applied to the points its
//! arguments contain). A domain's own tests add exactness checks where the domain is exact.

use crate::{Dim, NumericDomain};
use leapfrog_arith::IntTy;
use leapfrog_linear::{Affine, Constraint, Rational, rational, to_i128};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// The dimensions of the oracle's points.
pub const DIMS: usize = 3;
/// Point coordinates range over `-BOX..=BOX`.
pub const BOX: i128 = 4;

/// The expression `d` (for tests).
pub fn var(d: Dim) -> Affine<Dim> {
    Affine::var(d)
}

/// The constant expression `c` (for tests).
pub fn constant(c: i128) -> Affine<Dim> {
    Affine::constant(rational(c))
}

/// A point of the box.
pub type Point = [i128; DIMS];

/// Every point of the box.
pub fn box_points() -> Vec<Point> {
    let range = || -BOX..=BOX;
    let mut out = Vec::new();
    for a in range() {
        for b in range() {
            for c in range() {
                out.push([a, b, c]);
            }
        }
    }
    out
}

fn value(p: &Point) -> impl Fn(&Dim) -> Option<Rational> + '_ {
    move |d| Some(rational(p[*d]))
}

/// The box points the element's constraints admit.
pub fn gamma<D: NumericDomain>(e: &D) -> Vec<Point> {
    let constraints = e.constraints();
    box_points().into_iter().filter(|p| constraints.iter().all(|c| c.holds(value(p)).unwrap_or(true))).collect()
}

/// Whether `p` is a point of `e` by its constraints (which reads them: for many points, use
/// [`gamma`]).
pub fn contains<D: NumericDomain>(e: &D, p: &Point) -> bool {
    e.constraints().iter().all(|c| c.holds(value(p)).unwrap_or(true))
}

/// How the oracle reads an element's box points: [`gamma`], by its constraints, unless the
/// constraints describe a superset of the element (a disjunction: they are its hull's), whose
/// domain then gives its own. Superset points of an argument would make the oracle demand them
/// of a meet or an assumption, which rightly excludes them.
pub type Points<D> = fn(&D) -> Vec<Point>;

/// A small affine expression over the oracle's dimensions.
pub fn affine() -> impl Strategy<Value = Affine<Dim>> {
    (-3i128..=3, proptest::collection::vec((-2i128..=2, 0..DIMS), 0..=2))
        .prop_map(|(c, terms)| Affine::from_terms(rational(c), terms.into_iter().map(|(k, d)| (rational(k), d))))
}

/// A small linear constraint.
pub fn constraint() -> impl Strategy<Value = Constraint<Dim>> {
    (affine(), any::<bool>()).prop_map(|(e, eq)| if eq { Constraint::zero(e) } else { Constraint::nonnegative(e) })
}

/// One step of building an element.
#[derive(Clone, Debug)]
pub enum Op {
    Assign(Dim, Affine<Dim>),
    Assume(Constraint<Dim>),
    Forget(Dim),
    /// Join with an element built from top by these assumptions.
    JoinWith(Vec<Constraint<Dim>>),
}

pub fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0..DIMS, affine()).prop_map(|(d, e)| Op::Assign(d, e)),
        constraint().prop_map(Op::Assume),
        constraint().prop_map(Op::Assume),
        (0..DIMS).prop_map(Op::Forget),
        proptest::collection::vec(constraint(), 1..=3).prop_map(Op::JoinWith),
    ]
}

/// An element: top, then some operations.
pub fn build<D: NumericDomain>(ops: &[Op]) -> D {
    let mut e = D::top();
    for op in ops {
        apply(&mut e, op);
    }
    e
}

fn apply<D: NumericDomain>(e: &mut D, op: &Op) {
    match op {
        Op::Assign(d, a) => e.assign(*d, a),
        Op::Assume(c) => e.assume(c),
        Op::Forget(d) => e.forget(*d),
        Op::JoinWith(cs) => {
            let mut other = D::top();
            for c in cs {
                other.assume(c);
            }
            *e = e.join(&other);
        }
    }
}

fn eval(e: &Affine<Dim>, p: &Point) -> i128 {
    to_i128(&e.eval(value(p)).unwrap()).unwrap()
}

/// An error when `result` (read by `points`) lacks a box point of `expected`.
fn lost<D: NumericDomain>(
    what: &str,
    result: &D,
    points: Points<D>,
    expected: impl IntoIterator<Item = Point>,
) -> Result<(), String> {
    let have: BTreeSet<Point> = points(result).into_iter().collect();
    match expected.into_iter().find(|p| in_box(p) && !have.contains(p)) {
        Some(p) => Err(format!("{what} lost {p:?}: {result:?}")),
        None => Ok(()),
    }
}

fn in_box(p: &Point) -> bool {
    p.iter().all(|v| (-BOX..=BOX).contains(v))
}

/// Checks every operation of `D` on `a` and `b`, whose points `points` reads; an error names the
/// operation and a point it lost.
pub fn check_elements<D: NumericDomain>(a: &D, b: &D, probe: &Op, points: Points<D>) -> Result<(), String> {
    let (ga, gb) = (points(a), points(b));
    if a.is_bottom() && !ga.is_empty() {
        return Err(format!("is_bottom holds of {a:?}, which has {:?}", ga[0]));
    }
    lost("join", &a.join(b), points, ga.iter().chain(&gb).copied())?;
    lost("widen", &a.widen(&a.join(b)), points, ga.iter().chain(&gb).copied())?;
    let thresholds = [rational(-2), rational(0), rational(3)];
    let widened = a.widen_with_thresholds(&a.join(b), &thresholds);
    lost("widen_with_thresholds", &widened, points, ga.iter().chain(&gb).copied())?;
    lost("meet", &a.meet(b), points, ga.iter().filter(|p| gb.contains(p)).copied())?;
    if a.leq(b)
        && let Some(p) = ga.iter().find(|p| !gb.contains(p))
    {
        return Err(format!("leq holds but {p:?} is in {a:?} and not in {b:?}"));
    }
    let joined = a.join(b);
    lost("narrow", &joined.narrow(a), points, ga.iter().copied())?;
    match probe {
        Op::Assign(d, e) => {
            let mut r = a.clone();
            r.assign(*d, e);
            lost(
                "assign",
                &r,
                points,
                ga.iter().map(|p| {
                    let mut q = *p;
                    q[*d] = eval(e, p);
                    q
                }),
            )?;
        }
        Op::Assume(c) => {
            let mut r = a.clone();
            r.assume(c);
            lost("assume", &r, points, ga.iter().filter(|p| c.holds(value(p)).unwrap()).copied())?;
        }
        Op::Forget(d) => {
            let mut r = a.clone();
            r.forget(*d);
            lost(
                "forget",
                &r,
                points,
                ga.iter().flat_map(|p| {
                    (-BOX..=BOX).map(move |v| {
                        let mut q = *p;
                        q[*d] = v;
                        q
                    })
                }),
            )?;
            let mut kept = a.clone();
            kept.project(&|x| x != *d);
            if kept.dims().contains(d) {
                return Err(format!("project kept dimension {d}: {kept:?}"));
            }
            lost(
                "project",
                &kept,
                points,
                ga.iter().flat_map(|p| {
                    (-BOX..=BOX).map(move |v| {
                        let mut q = *p;
                        q[*d] = v;
                        q
                    })
                }),
            )?;
        }
        Op::JoinWith(_) => {}
    }
    for d in 0..DIMS {
        let bounds = a.bounds(&Affine::var(d));
        if let Some(p) = ga.iter().find(|p| !bounds.contains(&rational(p[d]))) {
            return Err(format!("bounds of dimension {d} ({bounds:?}) miss {p:?}"));
        }
    }
    for ty in [IntTy::I8, IntTy::U8, IntTy::Bool] {
        let mut r = a.clone();
        r.convert(0, ty);
        lost(
            "convert",
            &r,
            points,
            ga.iter().map(|p| {
                let mut q = *p;
                q[0] = ty.convert(q[0]);
                q
            }),
        )?;
    }
    Ok(())
}

/// Runs [`check_elements`] on `cases` random triples, reading points with [`gamma`].
pub fn check_domain<D: NumericDomain>(cases: u32) {
    check_domain_with::<D>(cases, gamma);
}

/// Runs [`check_elements`] on `cases` random triples, reading points with `points`.
pub fn check_domain_with<D: NumericDomain>(cases: u32, points: Points<D>) {
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c),
        ..ProptestConfig::default()
    };
    proptest!(config, |(a in proptest::collection::vec(op(), 0..5), b in proptest::collection::vec(op(), 0..5), probe in op())| {
        if let Err(e) = check_elements::<D>(&build(&a), &build(&b), &probe, points) {
            return Err(TestCaseError::fail(e));
        }
    });
}
