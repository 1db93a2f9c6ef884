//! Bounded disjunctive completion: a disjunction of at most `K` elements of a base domain.
//!
//! This module owns [`Disjunctive`], the combinator that keeps a few elements of a numeric
//! domain side by side (the disjunction of their point sets) instead of joining them. It is what
//! disjunctive invariance and variance assertions need (Berdine, Chawdhary, Cook, Distefano,
//! O'Hearn, "Variance analyses from invariance analyses", POPL 2007, §4–5): each disjunct can be
//! checked separately, e.g. for well-foundedness. [`Disjunctive::disjuncts`] gives them.
//!
//! The bound `K` is a runtime field ([`Disjunctive::with_limit`]); [`Lattice::top`] and
//! [`Lattice::bottom`] use [`DEFAULT_LIMIT`], and binary operations keep the larger bound of
//! their operands, so one element made with a limit carries it through an analysis.
//!
//! Decisions a user may question:
//! - **Reduction.** Bottom disjuncts and disjuncts included in another are dropped. When more
//!   than `K` remain, the two closest are joined, repeatedly. Closeness of a pair is measured on
//!   its join: how many of the two disjuncts' constraints the join loses outright, then how far the
//!   join relaxes the others in total (for a kept `e ≥ 0`, how far below 0 `e` goes in the join).
//!   So `{x = 0}`, `{x = 1}`, `{x = 100}` with `K = 2` merge the first two.
//! - **Meet** is the reduced pairwise meets: when more than `K` remain, merging them makes the
//!   result contain the intersection without being below both operands.
//! - **Inclusion** is disjunct-wise: each disjunct of `self` is included in some disjunct of
//!   `other`. Sound, not complete (a disjunct covered by two others together is not seen).
//! - **Widening** pairs each newer disjunct with an old disjunct below it, else with the closest
//!   old one, and widens each old disjunct in the base domain by its join with its partners (the
//!   pairing of Bagnara, Hill, Zaffanella, "Widening operators for powerset domains", STTT 2006).
//!   The result is not reduced: it has exactly one disjunct per old disjunct, so a widening chain
//!   is a fixed number of base widening chains side by side, each of which stabilizes. The price:
//!   a widening never adds a disjunct, so the disjuncts must appear before widening starts (the
//!   usual delayed widening: join the first iterations). Letting a newer disjunct far from every
//!   old one become a disjunct of its own looks more precise but spends the bound `K` on
//!   transient iterates (`x = 1` next to `x = 0`), which later joins must then merge blindly.
//! - **Narrowing** pairs each newer disjunct with an old disjunct containing it and narrows those
//!   old disjuncts in the base domain (old disjuncts without partner are dropped). When a newer
//!   disjunct is in no single old disjunct it answers `self` unchanged.
//! - [`NumericDomain::constraints`] cannot describe a disjunction as a conjunction: it gives the
//!   constraints of the join of the disjuncts, a superset.

use crate::interval::{empty_bounds, hull};
use crate::{Bounds, Dim, Lattice, NumericDomain, modulus, windows};
use leapfrog_arith::IntTy;
use leapfrog_linear::{Affine, Constraint, Rational, Relation, rational};
use num_traits::{Signed, Zero};
use std::collections::BTreeSet;

/// The number of disjuncts kept by [`Lattice::top`] and [`Lattice::bottom`].
pub const DEFAULT_LIMIT: usize = 4;

/// A disjunction of at most `limit` elements of `D` (no disjunct is bottom or included in
/// another, except in a widening's or narrowing's result; see the module documentation).
#[derive(Clone, Debug)]
pub struct Disjunctive<D> {
    disjuncts: Vec<D>,
    limit: usize,
}

/// How much precision joining two disjuncts loses: the constraints their join drops, then the
/// total amount by which it relaxes the others. Smaller is closer.
type Distance = (usize, Rational);

/// How far `joined` is from `parts`, each of which it contains.
fn distance<D: NumericDomain>(joined: &D, parts: &[&D]) -> Distance {
    let mut lost = 0;
    let mut relaxed = Rational::zero();
    for constraint in parts.iter().flat_map(|d| d.constraints()) {
        let sides = match constraint.relation {
            Relation::Ge => vec![constraint.expr],
            Relation::Eq => vec![constraint.expr.neg(), constraint.expr],
        };
        for e in sides {
            match joined.bounds(&e).lo {
                None => lost += 1,
                Some(lo) if lo.is_negative() => relaxed -= lo,
                Some(_) => {}
            }
        }
    }
    (lost, relaxed)
}

/// The index of the element of `among` closest to `d`.
fn closest<D: NumericDomain>(d: &D, among: &[D]) -> usize {
    let distances = among.iter().map(|p| distance(&p.join(d), &[p, d]));
    distances.enumerate().min_by(|(_, a), (_, b)| a.cmp(b)).map_or(0, |(i, _)| i)
}

impl<D: NumericDomain> Disjunctive<D> {
    /// Top, keeping at most `limit` disjuncts (at least one).
    pub fn with_limit(limit: usize) -> Self {
        Disjunctive::from_disjuncts(limit, [D::top()])
    }

    /// The disjunction of `disjuncts`, reduced to at most `limit` (at least one).
    pub fn from_disjuncts(limit: usize, disjuncts: impl IntoIterator<Item = D>) -> Self {
        let mut out = Disjunctive { disjuncts: disjuncts.into_iter().collect(), limit: limit.max(1) };
        out.reduce();
        out
    }

    /// The disjuncts: the element's points are the union of theirs.
    pub fn disjuncts(&self) -> &[D] {
        &self.disjuncts
    }

    /// The most disjuncts it keeps.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Drops bottom disjuncts and disjuncts included in another, then joins the closest pairs
    /// until at most `limit` remain.
    fn reduce(&mut self) {
        let mut kept: Vec<D> = Vec::new();
        for d in std::mem::take(&mut self.disjuncts) {
            if !d.is_bottom() && !kept.iter().any(|k| d.leq(k)) {
                kept.retain(|k| !k.leq(&d));
                kept.push(d);
            }
        }
        while kept.len() > self.limit {
            let mut best: Option<(Distance, usize, usize, D)> = None;
            for i in 0..kept.len() {
                for j in i + 1..kept.len() {
                    let joined = kept[i].join(&kept[j]);
                    let distance = distance(&joined, &[&kept[i], &kept[j]]);
                    if best.as_ref().is_none_or(|(b, ..)| distance < *b) {
                        best = Some((distance, i, j, joined));
                    }
                }
            }
            let Some((_, i, j, joined)) = best else { break };
            kept.remove(j);
            kept.remove(i);
            kept.retain(|k| !k.leq(&joined));
            kept.push(joined);
        }
        self.disjuncts = kept;
    }

    /// Applies `f` to every disjunct, then reduces.
    fn map(&mut self, f: impl Fn(&mut D)) {
        self.disjuncts.iter_mut().for_each(f);
        self.reduce();
    }

    /// The join of all disjuncts.
    fn hull(&self) -> D {
        self.disjuncts.iter().fold(D::bottom(), |acc, d| acc.join(d))
    }

    /// The widening with base widening `widen` (see the module documentation): one disjunct per
    /// old disjunct.
    fn widen_by(&self, newer: &Self, widen: impl Fn(&D, &D) -> D) -> Self {
        let limit = self.limit.max(newer.limit);
        if self.disjuncts.is_empty() || newer.disjuncts.is_empty() {
            let disjuncts = if self.disjuncts.is_empty() { &newer.disjuncts } else { &self.disjuncts };
            return Disjunctive { disjuncts: disjuncts.clone(), limit };
        }
        // Each old disjunct absorbs the newer disjuncts paired with it.
        let old = &self.disjuncts;
        let mut absorbed: Vec<D> = old.clone();
        for q in &newer.disjuncts {
            let i = old.iter().position(|p| p.leq(q)).unwrap_or_else(|| closest(q, old));
            absorbed[i] = absorbed[i].join(q);
        }
        let widened = old.iter().zip(&absorbed).map(|(p, y)| widen(p, y));
        Disjunctive { disjuncts: widened.collect(), limit }
    }
}

impl<D: NumericDomain> Lattice for Disjunctive<D> {
    fn top() -> Self {
        Disjunctive::with_limit(DEFAULT_LIMIT)
    }

    fn bottom() -> Self {
        Disjunctive { disjuncts: Vec::new(), limit: DEFAULT_LIMIT }
    }

    fn is_bottom(&self) -> bool {
        self.disjuncts.is_empty()
    }

    fn is_top(&self) -> bool {
        self.disjuncts.iter().any(D::is_top)
    }

    fn leq(&self, other: &Self) -> bool {
        self.disjuncts.iter().all(|p| other.disjuncts.iter().any(|q| p.leq(q)))
    }

    fn join(&self, other: &Self) -> Self {
        let disjuncts = self.disjuncts.iter().chain(&other.disjuncts).cloned();
        Disjunctive::from_disjuncts(self.limit.max(other.limit), disjuncts)
    }

    /// The pairwise meets of the disjuncts, reduced. When more than `K` remain they are merged,
    /// and the result, which still contains the intersection, may then have points outside
    /// `self` or `other`: it is a lower bound of both only when the pairwise meets fit. No `K`
    /// disjuncts can always be both (intervals `{0} ∨ {2} ∨ {4}` met with itself under `K = 2`).
    fn meet(&self, other: &Self) -> Self {
        let pairs = self.disjuncts.iter().flat_map(|p| other.disjuncts.iter().map(|q| p.meet(q)));
        Disjunctive::from_disjuncts(self.limit.max(other.limit), pairs.collect::<Vec<_>>())
    }

    fn widen(&self, newer: &Self) -> Self {
        self.widen_by(newer, D::widen)
    }

    fn narrow(&self, newer: &Self) -> Self {
        let limit = self.limit.max(newer.limit);
        let old = &self.disjuncts;
        let mut partners: Vec<Option<D>> = vec![None; old.len()];
        for q in &newer.disjuncts {
            let Some(i) = old.iter().position(|p| q.leq(p)) else { return self.clone() };
            partners[i] = Some(partners[i].as_ref().map_or_else(|| q.clone(), |z| z.join(q)));
        }
        let narrowed = old.iter().zip(partners).filter_map(|(p, z)| Some(p.narrow(&z?)));
        Disjunctive { disjuncts: narrowed.collect(), limit }
    }
}

impl<D: NumericDomain> NumericDomain for Disjunctive<D> {
    fn assign(&mut self, x: Dim, e: &Affine<Dim>) {
        self.map(|d| d.assign(x, e));
    }

    fn assume(&mut self, c: &Constraint<Dim>) {
        self.map(|d| d.assume(c));
    }

    fn forget(&mut self, x: Dim) {
        self.map(|d| d.forget(x));
    }

    fn project(&mut self, keep: &dyn Fn(Dim) -> bool) {
        self.map(|d| d.project(keep));
    }

    fn dims(&self) -> Vec<Dim> {
        let dims: BTreeSet<Dim> = self.disjuncts.iter().flat_map(D::dims).collect();
        dims.into_iter().collect()
    }

    /// The constraints of the join of the disjuncts: a superset of the disjunction.
    fn constraints(&self) -> Vec<Constraint<Dim>> {
        self.hull().constraints()
    }

    fn disjunct_constraints(&self) -> Vec<Vec<Constraint<Dim>>> {
        self.disjuncts.iter().map(NumericDomain::constraints).collect()
    }

    fn bounds(&self, e: &Affine<Dim>) -> Bounds {
        self.disjuncts.iter().fold(empty_bounds(), |acc, d| hull(&acc, &d.bounds(e)))
    }

    fn widen_with_thresholds(&self, newer: &Self, thresholds: &[Rational]) -> Self {
        self.widen_by(newer, |p, y| p.widen_with_thresholds(y, thresholds))
    }

    /// Each disjunct converted on its own, split by window when its range spans a few windows of
    /// the type: `x + 1` for `x` in `[1, UINT_MAX]` becomes `x + 1` for `x < UINT_MAX` or `0`,
    /// not any value (what a wrapping counter's termination needs).
    fn convert(&mut self, x: Dim, ty: IntTy) {
        let pieces: Vec<D> = self.disjuncts.drain(..).flat_map(|d| by_window(d, x, ty)).collect();
        self.disjuncts = pieces;
        self.reduce();
    }
}

/// A conversion splits a disjunct into at most this many windows (more: converted whole).
const MAX_WINDOWS: usize = 2;

/// `d` converted (`x := (ty) x`) piece by piece: one piece per window `[k·2^n + min, k·2^n +
/// max]` of the type that `x`'s range meets, when its range is bounded and meets at most
/// [`MAX_WINDOWS`] of them; otherwise `d` converted whole.
fn by_window<D: NumericDomain>(mut d: D, x: Dim, ty: IntTy) -> Vec<D> {
    let range = d.bounds(&Affine::var(x));
    let few = windows(&range, ty)
        .filter(|(first, last)| !d.is_bottom() && first != last)
        .filter(|(first, last)| last - first + rational(1) <= rational(MAX_WINDOWS as i128));
    let Some((first, last)) = few else {
        d.convert(x, ty);
        return vec![d];
    };
    let (min, max, modulus) = (rational(ty.min()), rational(ty.max()), modulus(ty));
    let mut pieces = Vec::new();
    let mut k = first;
    while k <= last {
        let mut piece = d.clone();
        let base = &k * &modulus;
        piece.assume(&Constraint::ge(&Affine::var(x), &Affine::constant(&base + &min)));
        piece.assume(&Constraint::le(&Affine::var(x), &Affine::constant(&base + &max)));
        if !piece.is_bottom() {
            piece.convert(x, ty);
            pieces.push(piece);
        }
        k += rational(1);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, Op, Point, constant, var};
    use crate::{Intervals, Octagon};
    use proptest::prelude::*;

    /// The intervals element `lo ≤ x_d ≤ hi`.
    fn between(d: Dim, lo: i128, hi: i128) -> Intervals {
        let mut e = Intervals::top();
        e.assume(&Constraint::ge(&var(d), &constant(lo)));
        e.assume(&Constraint::le(&var(d), &constant(hi)));
        e
    }

    fn range(lo: i128, hi: i128) -> Bounds {
        Bounds { lo: Some(rational(lo)), hi: Some(rational(hi)) }
    }

    /// The box points of the disjunction: those of some disjunct (its constraints are its hull's).
    fn points<D: NumericDomain>(e: &Disjunctive<D>) -> Vec<Point> {
        let mut out: Vec<Point> = e.disjuncts().iter().flat_map(oracle::gamma).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    #[test]
    fn sound_against_the_oracle() {
        oracle::check_domain_with::<Disjunctive<Intervals>>(200, points);
        oracle::check_domain_with::<Disjunctive<Octagon>>(200, points);
    }

    #[test]
    fn a_conversion_splits_a_disjunct_by_window() {
        // x in [250, 260] as an unsigned char: [250, 255] or [0, 4], not every value.
        let mut e = Disjunctive::from_disjuncts(4, [between(0, 250, 260)]);
        e.convert(0, IntTy::U8);
        let holds = |v: i128| e.disjuncts().iter().any(|d| d.bounds(&var(0)).contains(&rational(v)));
        for v in 250..=260 {
            assert!(holds(IntTy::U8.convert(v)), "{v} converted is kept: {e:?}");
        }
        assert!(!holds(100) && !holds(5) && !holds(249), "{e:?}");
        // Three windows or more: converted whole (any value of the type).
        let mut wide = Disjunctive::from_disjuncts(4, [between(0, -300, 300)]);
        wide.convert(0, IntTy::U8);
        assert_eq!(wide.disjuncts().len(), 1);
        assert_eq!(wide.bounds(&var(0)), range(0, 255));
    }

    #[test]
    fn keeps_disjunctions_apart() {
        let two = Disjunctive::from_disjuncts(4, [between(0, 0, 0), between(0, 10, 10)]);
        assert_eq!(two.disjuncts().len(), 2);
        assert_eq!(two.bounds(&var(0)), range(0, 10));
        // The hull's constraints describe a superset: x = 5 satisfies them, in no disjunct.
        assert_eq!(two.constraints(), between(0, 0, 10).constraints());
        assert!(oracle::contains(&two, &[5, 0, 0]));
        assert!(!two.disjuncts().iter().any(|d| oracle::contains(d, &[5, 0, 0])));
        // A guard keeps one side only.
        let mut high = two.clone();
        high.assume(&Constraint::ge(&var(0), &constant(5)));
        assert_eq!(high.disjuncts(), &[between(0, 10, 10)]);
        // Included disjuncts and bottoms are dropped.
        for order in [[between(0, 0, 5), between(0, 1, 2)], [between(0, 1, 2), between(0, 0, 5)]] {
            let reduced = Disjunctive::from_disjuncts(4, order.into_iter().chain([Intervals::bottom()]));
            assert_eq!(reduced.disjuncts(), &[between(0, 0, 5)]);
        }
        assert!(Disjunctive::<Intervals>::from_disjuncts(4, [Intervals::bottom()]).is_bottom());
    }

    #[test]
    fn merges_the_closest_disjuncts() {
        let points = [0, 1, 100].map(|v| between(0, v, v));
        let merged = Disjunctive::from_disjuncts(2, points);
        assert_eq!(merged.disjuncts().len(), 2);
        assert!(merged.disjuncts().contains(&between(0, 0, 1)));
        assert!(merged.disjuncts().contains(&between(0, 100, 100)));
        // A limit of one is the base domain's join.
        let one = Disjunctive::from_disjuncts(1, [0, 1, 100].map(|v| between(0, v, v)));
        assert_eq!(one.disjuncts(), &[between(0, 0, 100)]);
    }

    #[test]
    fn inclusion_is_disjunct_wise() {
        let outer = Disjunctive::from_disjuncts(4, [between(0, 0, 5), between(0, 10, 15)]);
        let inner = Disjunctive::from_disjuncts(4, [between(0, 1, 2), between(0, 11, 15)]);
        assert!(inner.leq(&outer));
        assert!(!outer.leq(&inner));
        // Covered by two disjuncts together, not by one: not seen (sound, incomplete).
        let adjacent = Disjunctive::from_disjuncts(4, [between(0, 0, 5), between(0, 6, 10)]);
        let spanning = Disjunctive::from_disjuncts(4, [between(0, 4, 7)]);
        assert!(!spanning.leq(&adjacent));
    }

    /// Iterates `x_{n+1} = x_n ∇ (x_n ⊔ step(n))` from `start` until it stabilizes; the steps.
    fn stabilize<D: NumericDomain>(
        start: Disjunctive<D>,
        step: impl Fn(usize, &Disjunctive<D>) -> Disjunctive<D>,
    ) -> (usize, Disjunctive<D>) {
        let mut head = start;
        for n in 1..=30 {
            let next = head.widen(&head.join(&step(n, &head)));
            if next.leq(&head) {
                return (n, head);
            }
            head = next;
        }
        panic!("no fixpoint in 30 steps: {head:?}");
    }

    #[test]
    fn widening_stabilizes_on_a_loop_and_keeps_its_disjuncts() {
        // x counts up from 0 while y stays 0, or down from 0 while y is 1: two disjuncts.
        let start = |y: i128| {
            let mut e = Octagon::top();
            e.assign(0, &constant(0));
            e.assign(1, &constant(y));
            e
        };
        let body = |_: usize, head: &Disjunctive<Octagon>| {
            let mut up = head.clone();
            up.assume(&Constraint::eq(&var(1), &constant(0)));
            up.assign(0, &var(0).add_constant(&rational(1)));
            let mut down = head.clone();
            down.assume(&Constraint::eq(&var(1), &constant(1)));
            down.assign(0, &var(0).add_constant(&rational(-1)));
            up.join(&down)
        };
        let (steps, head) = stabilize(Disjunctive::from_disjuncts(4, [start(0), start(1)]), body);
        assert!(steps <= 3, "{steps} steps");
        // No disjunct mixes the two directions: y is fixed in each, and x goes its way from 0.
        let mut hulls = [empty_bounds(), empty_bounds()];
        for d in head.disjuncts() {
            let y = d.bounds(&var(1));
            assert!(y == range(0, 0) || y == range(1, 1), "{head:?}");
            let side = usize::from(y == range(1, 1));
            hulls[side] = hull(&hulls[side], &d.bounds(&var(0)));
        }
        assert_eq!(hulls, [Bounds { lo: Some(rational(0)), hi: None }, Bounds { lo: None, hi: Some(rational(0)) }]);
    }

    #[test]
    fn widening_stabilizes_when_new_disjuncts_keep_coming() {
        // Each step brings points far from every disjunct: they are widened into the old ones.
        for limit in [1, 2, 4] {
            let start = Disjunctive::from_disjuncts(limit, (0..limit as i128).map(|k| between(0, 1000 * k, 1000 * k)));
            let far = |n: usize, _: &Disjunctive<Intervals>| {
                let v = 10 * n as i128 * if n.is_multiple_of(2) { 1 } else { -1 };
                Disjunctive::from_disjuncts(limit, [between(0, v, v), between(1, v, v + 1)])
            };
            let (steps, head) = stabilize(start, far);
            assert!(steps <= 3, "limit {limit}: {steps} steps");
            assert!(head.disjuncts().len() <= limit);
        }
    }

    #[test]
    fn thresholds_keep_the_guard() {
        // x = 0; while (x <= 99) x++; with the threshold 100.
        let start = Disjunctive::from_disjuncts(4, [between(0, 0, 0)]);
        let thresholds = [rational(100)];
        let mut head = start;
        for _ in 0..10 {
            let mut body = head.clone();
            body.assume(&Constraint::le(&var(0), &constant(99)));
            body.assign(0, &var(0).add_constant(&rational(1)));
            let next = head.widen_with_thresholds(&head.join(&body), &thresholds);
            if next.leq(&head) {
                break;
            }
            head = next;
        }
        assert_eq!(head.bounds(&var(0)), range(0, 100));
    }

    #[test]
    fn narrowing_refines_each_disjunct() {
        let wide = Disjunctive::from_disjuncts(4, [between(0, 0, 0), Intervals::top()]);
        let mut unbounded = Intervals::top();
        unbounded.assume(&Constraint::ge(&var(0), &constant(10)));
        let wide = Disjunctive { disjuncts: vec![between(0, 0, 5), unbounded], ..wide };
        let tight = Disjunctive::from_disjuncts(4, [between(0, 1, 2), between(0, 10, 20)]);
        let narrowed = wide.narrow(&tight);
        assert_eq!(narrowed.disjuncts(), &[between(0, 0, 5), between(0, 10, 20)]);
        // A newer disjunct in no single old one: no refinement.
        let spanning = Disjunctive::from_disjuncts(4, [between(0, 4, 12)]);
        assert_eq!(wide.narrow(&spanning).disjuncts(), wide.disjuncts());
    }

    /// An element with at most `limit` disjuncts built by `ops` from top.
    fn build(limit: usize, ops: &[Op]) -> Disjunctive<Intervals> {
        let mut e = Disjunctive::with_limit(limit);
        for op in ops {
            match op {
                Op::Assign(d, a) => e.assign(*d, a),
                Op::Assume(c) => e.assume(c),
                Op::Forget(d) => e.forget(*d),
                Op::JoinWith(cs) => {
                    let mut other = Disjunctive::with_limit(limit);
                    cs.iter().for_each(|c| other.assume(c));
                    e = e.join(&other);
                }
            }
        }
        e
    }

    fn ops() -> impl Strategy<Value = Vec<Op>> {
        proptest::collection::vec(oracle::op(), 0..6)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c), ..ProptestConfig::default() })]

        /// The oracle's checks with fewer disjuncts than [`DEFAULT_LIMIT`], so that they merge.
        #[test]
        fn sound_when_disjuncts_merge(limit in 1usize..=2, a in ops(), b in ops(), probe in oracle::op()) {
            let (a, b) = (build(limit, &a), build(limit, &b));
            prop_assert!(a.join(&b).disjuncts().len() <= limit);
            oracle::check_elements(&a, &b, &probe, points).map_err(TestCaseError::fail)?;
        }

        #[test]
        fn join_is_an_upper_bound_and_meet_a_lower_bound(a in ops(), b in ops()) {
            let (a, b) = (build(2, &a), build(2, &b));
            let join = a.join(&b);
            prop_assert!(a.leq(&join) && b.leq(&join));
            // Below `a` and `b` as point sets, unless the pairwise meets had to be merged.
            let meet = a.meet(&b);
            let pairwise = a.disjuncts().iter().flat_map(|p| b.disjuncts().iter().map(|q| p.meet(q)));
            if Disjunctive::from_disjuncts(usize::MAX, pairwise).disjuncts().len() <= meet.limit() {
                let (pm, pa, pb) = (points(&meet), points(&a), points(&b));
                prop_assert!(pm.iter().all(|p| pa.contains(p) && pb.contains(p)));
            }
            let widened = a.widen(&join);
            prop_assert!(a.leq(&widened) && join.leq(&widened));
        }
    }
}
