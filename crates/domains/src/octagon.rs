//! Octagons (Miné, "The Octagon Abstract Domain", HOSC 2006): conjunctions of constraints
//! `±x ± y ≤ c` over integer points, stored as difference-bound matrices.
//!
//! This module owns the domain [`Octagon`] and its matrix ([`Dbm`]) with the integer tight
//! closure. Each tracked dimension `x_k` has two nodes: `2k` stands for `+x_k` and `2k + 1` for
//! `-x_k`; writing `V_i` for the value of node `i`, entry `(i, j)` bounds `V_j - V_i ≤ m[i][j]`
//! (+∞ when absent). So `x ≤ c` is entry `(2k+1, 2k) = 2c`, `x - y ≤ c` is `(2l, 2k) = c`, and
//! every constraint is stored twice, at `(i, j)` and its coherent twin `(j̄, ī)`, `ī = i xor 1`.
//!
//! Closure is the tight closure for integers (Bagnara, Hill, Zaffanella, "An improved tight
//! closure algorithm for integer octagonal constraints", VMCAI 2008; Miné §4.3): shortest paths,
//! unary bounds rounded down to even numbers, one strengthening pass. A tightly closed matrix is
//! the canonical form: every finite entry is attained by an integer point, so emptiness, inclusion
//! and bounds read off it are exact, and the pointwise maximum of two closed matrices is their
//! octagonal hull.
//!
//! Every operation leaves its result closed except the widening and the narrowing: Miné shows
//! that closing the result of a widening before it is widened again can undo the widening and
//! break termination, so those results stay open and are closed on a copy when read.

use crate::interval::{empty_bounds, enclosing, evaluate, integral};
use crate::{Bounds, Dim, Lattice, NumericDomain};
use leapfrog_linear::{Affine, Constraint, Rational, Relation, rational};
use num_traits::{One, Signed};
use std::borrow::Cow;
use std::fmt;

/// A set of integer points described by constraints `±x ± y ≤ c`.
#[derive(Clone)]
pub struct Octagon {
    /// The tracked dimensions, sorted; dimension `dims[k]` has nodes `2k` and `2k + 1`. An
    /// untracked dimension is unconstrained.
    dims: Vec<Dim>,
    /// `None` when the element is known to be empty.
    dbm: Option<Dbm>,
    /// Whether `dbm` is tightly closed (every element is, except widening and narrowing results,
    /// and constraints just added).
    closed: bool,
    /// When `dbm` is not closed only because constraints over these dimensions were added to a
    /// closed matrix: they, so that the closure need only go through their nodes.
    touched: Option<Vec<Dim>>,
}

/// An entry of a matrix: an upper bound in machine integers, [`INF`] for +∞.
///
/// Every point is integral, so a bound `±x ± y ≤ c` is `±x ± y ≤ floor(c)`: integer entries lose
/// nothing. Entries stay within `±LIMIT` (or are [`INF`]), so a sum of two never leaves `i128`;
/// a bound above `LIMIT` is dropped and one below `-LIMIT` raised to it, both weaker constraints
/// (sound) that no program over at most 64-bit integers produces (`2·(2^64 - 1)` is the largest
/// entry of a `u64`).
type Entry = i128;
const INF: Entry = i128::MAX;
const LIMIT: Entry = 1 << 100;

/// `v` kept within the entries' range (see [`Entry`]).
fn entry(v: i128) -> Entry {
    if v > LIMIT { INF } else { v.max(-LIMIT) }
}

/// The entry of the upper bound `c`: rounded down, kept within range.
fn entry_of(c: &Rational) -> Entry {
    match i128::try_from(c.floor().to_integer()) {
        Ok(v) => entry(v),
        Err(_) if c.is_positive() => INF,
        Err(_) => -LIMIT,
    }
}

/// A difference-bound matrix over `size` nodes (twice the number of dimensions), row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Dbm {
    size: usize,
    entries: Vec<Entry>,
}

/// The node of the opposite sign.
fn bar(i: usize) -> usize {
    i ^ 1
}

/// The node of `+x_k` (positive `sign`) or `-x_k`.
fn node(k: usize, positive: bool) -> usize {
    if positive { 2 * k } else { 2 * k + 1 }
}

/// `a + b` for two finite entries, kept within range.
fn plus(a: Entry, b: Entry) -> Entry {
    entry(a + b)
}

impl Dbm {
    /// No constraint over `dims` dimensions.
    fn unconstrained(dims: usize) -> Dbm {
        let size = 2 * dims;
        let mut entries = vec![INF; size * size];
        for i in 0..size {
            entries[i * size + i] = 0;
        }
        Dbm { size, entries }
    }

    /// Entry `(i, j)`, `None` for +∞.
    fn at(&self, i: usize, j: usize) -> Option<Entry> {
        let e = self.entries[i * self.size + j];
        (e != INF).then_some(e)
    }

    fn set(&mut self, i: usize, j: usize, value: Option<Entry>) {
        self.entries[i * self.size + j] = value.unwrap_or(INF);
    }

    /// Lowers entry `(i, j)` to `value` when that is smaller; whether it was.
    fn lower(&mut self, i: usize, j: usize, value: Entry) -> bool {
        let entry = &mut self.entries[i * self.size + j];
        if *entry <= value {
            return false;
        }
        *entry = value;
        true
    }

    /// Adds `V_u + V_w ≤ c` (for `u = w`, `2·V_u ≤ c`) at both coherent places; whether it was new.
    fn add_sum_le(&mut self, u: usize, w: usize, c: Entry) -> bool {
        if c == INF {
            return false;
        }
        let first = self.lower(bar(w), u, c);
        self.lower(bar(u), w, c) || first
    }

    /// The upper bound of `V_u + V_w` (of `2·V_u` for `u = w`) on a closed matrix.
    fn sum_max(&self, u: usize, w: usize) -> Option<Entry> {
        self.at(bar(w), u)
    }

    /// The range of `V_u + V_w` on a closed matrix.
    fn sum_bounds(&self, u: usize, w: usize) -> Bounds {
        Bounds { lo: self.sum_max(bar(u), bar(w)).map(|m| rational(-m)), hi: self.sum_max(u, w).map(rational) }
    }

    /// The integer tight closure in place; `false` when there is no integer point.
    fn close(&mut self) -> bool {
        self.close_over(None)
    }

    /// [`Dbm::close`] of a matrix that was tightly closed before entries in the rows and columns
    /// of the nodes `pivots` were lowered (Miné's incremental closure, HOSC 2006 §4.3.4), in
    /// `O(|pivots|·n²)` instead of `O(n³)`. Cut a shortest path at its visits of `pivots`: a
    /// stretch between two visits has only other nodes inside, so it is at most a lowered first
    /// hop, an old (closed) path and a lowered last hop. Closing the pivots' rows and then their
    /// columns over every node gives each such stretch as one entry, and the shortest-path pass
    /// through the pivots alone then joins the stretches. Tightening and strengthening follow as
    /// in the full closure (Bagnara et al.: they make a shortest-path-closed matrix tightly
    /// closed).
    fn close_through(&mut self, pivots: &[usize]) -> bool {
        self.close_over(Some(pivots))
    }

    /// [`Dbm::close`], the shortest paths through `pivots` only when given
    /// ([`Dbm::close_through`]).
    fn close_over(&mut self, pivots: Option<&[usize]>) -> bool {
        let n = self.size;
        let m = &mut self.entries;
        let all: Vec<usize>;
        let pivots = match pivots {
            Some(p) => {
                // The pivots' rows, then their columns, closed over every node.
                for &s in p {
                    for z in 0..n {
                        let sz = m[s * n + z];
                        if sz == INF {
                            continue;
                        }
                        for j in 0..n {
                            let zj = m[z * n + j];
                            if zj != INF {
                                let via = plus(sz, zj);
                                if via < m[s * n + j] {
                                    m[s * n + j] = via;
                                }
                            }
                        }
                    }
                }
                for &t in p {
                    for z in 0..n {
                        let zt = m[z * n + t];
                        if zt == INF {
                            continue;
                        }
                        for i in 0..n {
                            let iz = m[i * n + z];
                            if iz != INF {
                                let via = plus(iz, zt);
                                if via < m[i * n + t] {
                                    m[i * n + t] = via;
                                }
                            }
                        }
                    }
                }
                p
            }
            None => {
                all = (0..n).collect();
                &all
            }
        };
        // Shortest paths (Floyd–Warshall) through the pivots.
        for &k in pivots {
            for i in 0..n {
                let ik = m[i * n + k];
                if ik == INF {
                    continue;
                }
                for j in 0..n {
                    let kj = m[k * n + j];
                    if kj != INF {
                        let via = plus(ik, kj);
                        if via < m[i * n + j] {
                            m[i * n + j] = via;
                        }
                    }
                }
            }
            // A negative cycle: no point.
            if (0..n).any(|i| m[i * n + i] < 0) {
                return false;
            }
        }
        // Tightening: 2x ≤ c means x ≤ floor(c/2) for an integer x.
        for i in 0..n {
            let e = &mut m[i * n + bar(i)];
            if *e != INF {
                *e = entry(e.div_euclid(2) * 2);
            }
        }
        // -2x ≤ a and 2x ≤ b with a + b < 0 is empty (rationally feasible, but no integer fits).
        if (0..n).any(|i| {
            let (a, b) = (m[i * n + bar(i)], m[bar(i) * n + i]);
            a != INF && b != INF && a + b < 0
        }) {
            return false;
        }
        // Strengthening: V_j - V_i = (V_j + V_j)/2 + (-V_i - V_i)/2 (both even: exact).
        for i in 0..n {
            let from_i = m[i * n + bar(i)];
            if from_i == INF {
                continue;
            }
            for j in 0..n {
                let to_j = m[bar(j) * n + j];
                if to_j != INF {
                    let via = entry((from_i + to_j).div_euclid(2));
                    if via < m[i * n + j] {
                        m[i * n + j] = via;
                    }
                }
            }
        }
        true
    }

    /// The same constraints over `to` (a superset of `from`, both sorted); new dimensions are
    /// unconstrained.
    fn realigned(&self, from: &[Dim], to: &[Dim]) -> Dbm {
        if from == to {
            return self.clone();
        }
        let mut out = Dbm::unconstrained(to.len());
        let place: Vec<usize> = from.iter().map(|d| to.partition_point(|t| t < d)).collect();
        let new_node = |i: usize| 2 * place[i / 2] + i % 2;
        for i in 0..self.size {
            let row = new_node(i) * out.size;
            for j in 0..self.size {
                out.entries[row + new_node(j)] = self.entries[i * self.size + j];
            }
        }
        out
    }
}

/// The sorted union of two sorted dimension lists.
fn union(a: &[Dim], b: &[Dim]) -> Vec<Dim> {
    let mut out: Vec<Dim> = a.iter().chain(b).copied().collect();
    out.sort_unstable();
    out.dedup();
    out
}

impl Octagon {
    /// The closed form (a copy when `self` is open).
    fn normalized(&self) -> Cow<'_, Octagon> {
        if self.closed {
            return Cow::Borrowed(self);
        }
        let mut copy = self.clone();
        copy.close();
        Cow::Owned(copy)
    }

    fn close(&mut self) {
        if !self.closed && self.dbm.is_some() {
            let pivots: Option<Vec<usize>> = self
                .touched
                .as_ref()
                .map(|ds| ds.iter().filter_map(|d| self.index(*d)).flat_map(|k| [2 * k, 2 * k + 1]).collect());
            let dbm = self.dbm.as_mut().expect("checked");
            let nonempty = match &pivots {
                Some(p) => dbm.close_through(p),
                None => dbm.close(),
            };
            if !nonempty {
                self.dbm = None;
            }
        }
        self.closed = true;
        self.touched = None;
    }

    /// Records that entries in the rows and columns of the nodes of node `u`'s dimension were
    /// lowered (see [`Octagon::touched`]).
    fn touch(&mut self, u: usize) {
        let d = self.dims[u / 2];
        if self.closed {
            self.touched = Some(vec![d]);
        } else if let Some(t) = &mut self.touched
            && !t.contains(&d)
        {
            t.push(d);
        }
        self.closed = false;
    }

    /// The index of dimension `d`, when tracked.
    fn index(&self, d: Dim) -> Option<usize> {
        self.dims.binary_search(&d).ok()
    }

    /// The index of a tracked dimension `d`.
    fn position(&self, d: Dim) -> usize {
        self.dims.partition_point(|t| *t < d)
    }

    /// Tracks `d` (unconstrained) when it was not. Indices of the dimensions after it shift.
    fn track(&mut self, d: Dim) {
        if self.index(d).is_some() {
            return;
        }
        let dims = union(&self.dims, &[d]);
        if let Some(dbm) = &self.dbm {
            self.dbm = Some(dbm.realigned(&self.dims, &dims));
        }
        self.dims = dims;
    }

    /// Both matrices over the union of the dimensions (`None` for a bottom side).
    fn aligned(&self, other: &Octagon) -> (Vec<Dim>, Option<Dbm>, Option<Dbm>) {
        let dims = union(&self.dims, &other.dims);
        let a = self.dbm.as_ref().map(|m| m.realigned(&self.dims, &dims));
        let b = other.dbm.as_ref().map(|m| m.realigned(&other.dims, &dims));
        (dims, a, b)
    }

    /// The element over `dims` with matrix `dbm`, closed when `closed` says so.
    fn from_parts(dims: Vec<Dim>, dbm: Dbm, closed: bool) -> Octagon {
        Octagon { dims, dbm: Some(dbm), closed, touched: None }
    }

    /// Pointwise combination of the aligned matrices of `self` and `other` (neither bottom).
    fn pointwise(&self, other: &Octagon, closed: bool, f: impl Fn(usize, usize, Entry, Entry) -> Entry) -> Octagon {
        let (dims, Some(mut a), Some(b)) = self.aligned(other) else { return Octagon::bottom() };
        let n = a.size;
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    let k = i * n + j;
                    a.entries[k] = f(i, j, a.entries[k], b.entries[k]);
                }
            }
        }
        Octagon::from_parts(dims, a, closed)
    }

    /// `e` as `g·(V_u + V_w) + constant` (`u = w` for one variable: then `g·V_u` is written
    /// `(g/2)·(V_u + V_u)`), when it has that octagonal shape over tracked dimensions.
    fn octagonal_form(&self, e: &Affine<Dim>) -> Option<(Rational, usize, usize)> {
        let mut terms = e.terms();
        let (d1, a1) = terms.next()?;
        let u = node(self.index(*d1)?, a1.is_positive());
        match (terms.next(), terms.next()) {
            (None, _) => Some((a1.abs() / rational(2), u, u)),
            (Some((d2, a2)), None) if a1.abs() == a2.abs() => {
                Some((a1.abs(), u, node(self.index(*d2)?, a2.is_positive())))
            }
            _ => None,
        }
    }

    /// The range of dimension index `k` on a closed, non-empty element.
    fn unary_bounds(dbm: &Dbm, k: usize) -> Bounds {
        let twice = dbm.sum_bounds(2 * k, 2 * k);
        let half = |v: Rational| v / rational(2);
        Bounds { lo: twice.lo.map(half), hi: twice.hi.map(half) }
    }

    /// Forgets every constraint on dimension index `k` of a closed element (it stays closed).
    fn forget_index(&mut self, k: usize) {
        let Some(dbm) = &mut self.dbm else { return };
        for v in [2 * k, 2 * k + 1] {
            for i in 0..dbm.size {
                if i != v {
                    dbm.set(v, i, None);
                    dbm.set(i, v, None);
                }
            }
        }
    }

    /// Adds `value ∈ range` for the integer-valued `value = V_u + V_w` (`u = w`: `value = V_u`).
    /// Leaves the element open.
    fn add_range(&mut self, u: usize, w: usize, range: Bounds) {
        let Some(dbm) = &mut self.dbm else { return };
        let range = integral(range);
        let scale = if u == w { rational(2) } else { Rational::one() };
        let mut changed = false;
        if let Some(hi) = range.hi {
            changed |= dbm.add_sum_le(u, w, entry_of(&(hi * &scale)));
        }
        if let Some(lo) = range.lo {
            changed |= dbm.add_sum_le(bar(u), bar(w), entry_of(&(-lo * &scale)));
        }
        if changed {
            // (Entries `(w̄, u)` and `(ū, w)`: in `u`'s column and `ū`'s row.)
            self.touch(u);
        }
    }

    /// Adds what an inequality `e ≥ 0` with integer coefficients says about each variable and
    /// each pair of variables with coefficients of equal magnitude, given the current bounds of
    /// the rest (exact for an octagonal `e`); whether anything was new. Leaves it open.
    fn add_consequences(&mut self, e: &Affine<Dim>) -> bool {
        if self.is_bottom() {
            return false;
        }
        let terms: Vec<(Dim, Rational)> = e.terms().map(|(d, a)| (*d, a.clone())).collect();
        for (d, _) in &terms {
            self.track(*d);
        }
        let mut subsets: Vec<Vec<usize>> = (0..terms.len()).map(|i| vec![i]).collect();
        for i in 0..terms.len() {
            for j in i + 1..terms.len() {
                if terms[i].1.abs() == terms[j].1.abs() {
                    subsets.push(vec![i, j]);
                }
            }
        }
        let mut derived = Vec::new();
        let closed = self.normalized();
        for subset in subsets {
            // g·(±x ± y) + rest ≥ 0, so ±x ± y ≥ -max(rest)/g.
            let g = terms[subset[0]].1.abs();
            let mut rest = e.clone();
            let mut nodes = Vec::new();
            for &t in &subset {
                let (d, a) = &terms[t];
                rest = rest.add_scaled(&-a, &Affine::var(*d));
                nodes.push(node(closed.position(*d), a.is_positive()));
            }
            let Some(rest_max) = closed.bounds(&rest).hi else { continue };
            let (u, w) = (nodes[0], nodes[nodes.len() - 1]);
            derived.push((u, w, Bounds { lo: Some(-rest_max / g), hi: None }));
        }
        drop(closed);
        let before = self.dbm.clone();
        for (u, w, range) in derived {
            self.add_range(u, w, range);
        }
        self.dbm != before
    }

    /// `x := e` when it is exact on the matrix: `x := c`, `x := ±x + c`, `x := ±y + c` (integer
    /// `c`). Returns `false`, doing nothing, for any other `e`. `self` is closed and not bottom.
    fn assign_exact(&mut self, x: Dim, e: &Affine<Dim>) -> bool {
        let c = e.constant_term();
        let mut terms = e.terms();
        let shape = match (terms.next(), terms.next()) {
            (None, _) => None,
            (Some((y, a)), None) if a.abs().is_one() => Some((*y, a.is_positive())),
            _ => return false,
        };
        let Some(shift_by) = c.is_integer().then(|| entry_of(c)).filter(|v| v.abs() < LIMIT) else {
            return false;
        };
        for d in std::iter::once(x).chain(shape.map(|(y, _)| y)) {
            self.track(d);
        }
        let k = self.position(x);
        match shape {
            // x := ±x + c: a renaming of x's nodes (swapped for -x) and a translation, which
            // keep the matrix closed.
            Some((y, positive)) if y == x => {
                let Some(dbm) = &mut self.dbm else { return true };
                let old = dbm.clone();
                let (p, n) = (2 * k, 2 * k + 1);
                let source = |i: usize| if positive || (i != p && i != n) { i } else { bar(i) };
                let shift = |i: usize| {
                    if i == p {
                        shift_by
                    } else if i == n {
                        -shift_by
                    } else {
                        0
                    }
                };
                for i in 0..dbm.size {
                    for j in 0..dbm.size {
                        let moved = old.at(source(i), source(j)).map(|m| entry(m + shift(j) - shift(i)));
                        dbm.set(i, j, moved);
                    }
                }
            }
            // x := c or x := ±y + c: forget x, then x ∓ y = c.
            other => {
                self.forget_index(k);
                let point = Bounds::point(c.clone());
                match other {
                    None => self.add_range(2 * k, 2 * k, point),
                    Some((y, positive)) => self.add_range(2 * k, node(self.position(y), !positive), point),
                }
                self.close();
            }
        }
        true
    }
}

impl PartialEq for Octagon {
    /// Equality of the closed forms (two elements with the same points are equal).
    fn eq(&self, other: &Self) -> bool {
        let (a, b) = (self.normalized(), other.normalized());
        match (&a.dbm, &b.dbm) {
            (None, None) => true,
            (Some(_), Some(_)) => {
                let (_, x, y) = a.aligned(&b);
                x == y
            }
            _ => false,
        }
    }
}

/// Its constraints, as text over `x0`, `x1`, …
impl fmt::Debug for Octagon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let constraints: Vec<String> = self.constraints().iter().map(|c| c.text(|d| format!("x{d}"))).collect();
        write!(f, "Octagon {{ {} }}", constraints.join(", "))
    }
}

impl Lattice for Octagon {
    fn top() -> Self {
        Octagon::from_parts(Vec::new(), Dbm::unconstrained(0), true)
    }

    fn bottom() -> Self {
        Octagon { dims: Vec::new(), dbm: None, closed: true, touched: None }
    }

    /// Exact on closed elements; an open one (a widening's result) is empty only when one of its
    /// arguments was, so the answer is exact for it too unless a narrowing broke its contract.
    fn is_bottom(&self) -> bool {
        self.dbm.is_none()
    }

    fn is_top(&self) -> bool {
        self.dbm.as_ref().is_some_and(|m| (0..m.size).all(|i| (0..m.size).all(|j| i == j || m.at(i, j).is_none())))
    }

    /// Exact: the closed form of `self` has every entry at most `other`'s.
    fn leq(&self, other: &Self) -> bool {
        let a = self.normalized();
        if a.is_bottom() {
            return true;
        }
        let (_, Some(a), Some(b)) = a.aligned(other) else { return false };
        a.entries.iter().zip(&b.entries).all(|(x, y)| x <= y)
    }

    /// The octagonal hull: the pointwise maximum of the closed forms.
    fn join(&self, other: &Self) -> Self {
        let (a, b) = (self.normalized(), other.normalized());
        if a.is_bottom() {
            return b.into_owned();
        }
        if b.is_bottom() {
            return a.into_owned();
        }
        a.pointwise(&b, true, |_, _, x, y| x.max(y))
    }

    fn meet(&self, other: &Self) -> Self {
        if self.is_bottom() || other.is_bottom() {
            return Octagon::bottom();
        }
        let mut out = self.pointwise(other, false, |_, _, x, y| x.min(y));
        out.close();
        out
    }

    /// Miné's widening: the entries of `self` that `newer` (closed) does not exceed, +∞ for the
    /// others. `self` is used as it is, not closed, and so is the result.
    fn widen(&self, newer: &Self) -> Self {
        self.widen_by(newer, |_, _, _| INF)
    }

    /// The entries of `self` where finite, `newer`'s (closed) where `self` has +∞. The result is
    /// left open, as for the widening.
    fn narrow(&self, newer: &Self) -> Self {
        let newer = newer.normalized();
        if self.is_bottom() || newer.is_bottom() {
            return Octagon::bottom();
        }
        self.pointwise(&newer, false, |_, _, x, y| if x == INF { y } else { x })
    }
}

impl Octagon {
    /// The widening of `self` by `newer` where an entry that grows becomes `relax(i, j, newer's
    /// entry)`.
    fn widen_by(&self, newer: &Self, relax: impl Fn(usize, usize, Entry) -> Entry) -> Self {
        let newer = newer.normalized();
        if self.is_bottom() {
            return newer.into_owned();
        }
        if newer.is_bottom() {
            return self.clone();
        }
        // (Where `self` has +∞ but `newer`, closed, a bound — implied by `self`'s other entries —
        // the relaxed bound too: a threshold keeps what the closure recovered.)
        self.pointwise(&newer, false, |i, j, old, new| {
            if new == INF {
                INF
            } else if old != INF && new <= old {
                old
            } else {
                relax(i, j, new)
            }
        })
    }
}

impl NumericDomain for Octagon {
    /// Exact for `x := c`, `x := ±x + c` and `x := ±y + c` (integer `c`). Otherwise `x` is
    /// forgotten and gets the bounds of `e`, and `x - z`, `x + z` for each other tracked `z` the
    /// bounds of `e - z`, `e + z` (after cancellation, exact where the rest is octagonal; interval
    /// arithmetic else), rounded outwards to integers.
    fn assign(&mut self, x: Dim, e: &Affine<Dim>) {
        self.close();
        if self.is_bottom() || self.assign_exact(x, e) {
            return;
        }
        self.track(x);
        let k = self.position(x);
        // Rounded outwards: a value that may not be an integer has no integer result (see the
        // interval module), so keep the integers around it.
        let mut derived = vec![(2 * k, 2 * k, enclosing(self.bounds(e)))];
        for (l, z) in self.dims.iter().enumerate() {
            if l != k {
                let z = Affine::var(*z);
                derived.push((2 * k, 2 * l + 1, enclosing(self.bounds(&e.sub(&z)))));
                derived.push((2 * k, 2 * l, enclosing(self.bounds(&e.add(&z)))));
            }
        }
        self.forget_index(k);
        for (u, w, range) in derived {
            self.add_range(u, w, range);
        }
        self.close();
    }

    /// Exact for octagonal constraints (after integer tightening, equalities as two
    /// inequalities); otherwise the bounds it implies on each variable and each pair of
    /// variables with coefficients of equal magnitude, propagated twice.
    fn assume(&mut self, c: &Constraint<Dim>) {
        let c = c.tightened();
        if let Some(holds) = c.as_trivial() {
            if !holds {
                *self = Octagon::bottom();
            }
            return;
        }
        let sides = match c.relation {
            Relation::Ge => vec![c.expr],
            Relation::Eq => vec![c.expr.neg(), c.expr],
        };
        let mut magnitudes = sides[0].terms().map(|(_, a)| a.abs());
        let octagonal = match (magnitudes.next(), magnitudes.next(), magnitudes.next()) {
            (_, None, _) => true,
            (Some(a), Some(b), None) => a == b,
            _ => false,
        };
        for _round in 0..if octagonal { 1 } else { 2 } {
            let mut changed = false;
            for e in &sides {
                changed |= self.add_consequences(e);
            }
            self.close();
            if !changed || self.is_bottom() {
                break;
            }
        }
    }

    fn forget(&mut self, x: Dim) {
        self.project(&|d| d != x);
    }

    fn project(&mut self, keep: &dyn Fn(Dim) -> bool) {
        self.close();
        let dims: Vec<Dim> = self.dims.iter().copied().filter(|d| keep(*d)).collect();
        if let Some(dbm) = &self.dbm {
            // The sub-matrix of a closed matrix is closed: it is the projection.
            let mut out = Dbm::unconstrained(dims.len());
            let old: Vec<usize> = dims.iter().filter_map(|d| self.index(*d)).collect();
            for i in 0..out.size {
                for j in 0..out.size {
                    let (oi, oj) = (2 * old[i / 2] + i % 2, 2 * old[j / 2] + j % 2);
                    out.set(i, j, dbm.at(oi, oj));
                }
            }
            self.dbm = Some(out);
        }
        self.dims = dims;
    }

    fn dims(&self) -> Vec<Dim> {
        let Some(dbm) = &self.dbm else { return Vec::new() };
        let constrained =
            |k: usize| [2 * k, 2 * k + 1].iter().any(|&v| (0..dbm.size).any(|i| i != v && dbm.at(v, i).is_some()));
        self.dims.iter().enumerate().filter(|(k, _)| constrained(*k)).map(|(_, d)| *d).collect()
    }

    /// Every finite bound of the closed form once: `x ≤ c`, `x ≥ c` (or `x = c`), and the
    /// binary bounds on `x - y`, `x + y` that the unary bounds do not already imply.
    fn constraints(&self) -> Vec<Constraint<Dim>> {
        let closed = self.normalized();
        let Some(dbm) = &closed.dbm else { return vec![Constraint::unsatisfiable()] };
        let mut out = Vec::new();
        let form = |u: usize, w: usize| {
            let literal = |v: usize| {
                let x = Affine::var(closed.dims[v / 2]);
                if v.is_multiple_of(2) { x } else { x.neg() }
            };
            if u == w { literal(u) } else { literal(u).add(&literal(w)) }
        };
        let mut emit = |e: Affine<Dim>, range: Bounds| match (range.lo, range.hi) {
            (Some(lo), Some(hi)) if lo == hi => out.push(Constraint::eq(&e, &Affine::constant(lo))),
            (lo, hi) => {
                if let Some(lo) = lo {
                    out.push(Constraint::ge(&e, &Affine::constant(lo)));
                }
                if let Some(hi) = hi {
                    out.push(Constraint::le(&e, &Affine::constant(hi)));
                }
            }
        };
        let n = closed.dims.len();
        for k in 0..n {
            emit(form(2 * k, 2 * k), Octagon::unary_bounds(dbm, k));
        }
        for k in 0..n {
            for l in k + 1..n {
                for (u, w) in [(2 * k, 2 * l), (2 * k, 2 * l + 1)] {
                    // Drop a bound the unary bounds imply.
                    let implied = evaluate(&form(u, w), |d| {
                        closed.index(d).map_or_else(Bounds::unbounded, |i| Octagon::unary_bounds(dbm, i))
                    });
                    let mut range = dbm.sum_bounds(u, w);
                    if range.lo.is_some() && range.lo == implied.lo {
                        range.lo = None;
                    }
                    if range.hi.is_some() && range.hi == implied.hi {
                        range.hi = None;
                    }
                    emit(form(u, w), range);
                }
            }
        }
        out
    }

    /// Exact for `g·(±x ± y) + c` and `g·x + c`; interval arithmetic over the closed form's unary
    /// bounds otherwise.
    fn bounds(&self, e: &Affine<Dim>) -> Bounds {
        let closed = self.normalized();
        let Some(dbm) = &closed.dbm else { return empty_bounds() };
        let c = e.constant_term();
        if let Some((g, u, w)) = closed.octagonal_form(e) {
            let range = dbm.sum_bounds(u, w);
            let at = |v: Rational| v * &g + c;
            return Bounds { lo: range.lo.map(at), hi: range.hi.map(at) };
        }
        evaluate(e, |d| closed.index(d).map_or_else(Bounds::unbounded, |k| Octagon::unary_bounds(dbm, k)))
    }

    /// Like the widening, but an entry that grows relaxes to the smallest candidate at least its
    /// new value: the thresholds and their negations (each entry bounds some `±x ± y` or `±x`
    /// from above, and a threshold may bound either sign), doubled for the unary entries.
    fn widen_with_thresholds(&self, newer: &Self, thresholds: &[Rational]) -> Self {
        // The candidate bounds, sorted, for `x - y` and (doubled) for `2x`: an entry that grew
        // goes to the least one above it.
        let mut once: Vec<Entry> = thresholds.iter().flat_map(|t| [entry_of(t), entry_of(&-t)]).collect();
        once.sort_unstable();
        once.dedup();
        let twice: Vec<Entry> = once.iter().map(|&t| if t == INF { INF } else { entry(2 * t) }).collect();
        self.widen_by(newer, |i, j, new| {
            let ladder = if j == bar(i) { &twice } else { &once };
            ladder.get(ladder.partition_point(|t| *t < new)).copied().unwrap_or(INF)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle::{self, Op, Point, constant, var};
    use proptest::prelude::*;

    fn range(lo: i128, hi: i128) -> Bounds {
        Bounds { lo: Some(rational(lo)), hi: Some(rational(hi)) }
    }

    #[test]
    fn sound_against_the_oracle() {
        oracle::check_domain::<Octagon>(400);
    }

    /// The textbook integer tight closure (Floyd–Warshall, tightening, strengthening) in exact
    /// rationals over `n` nodes (`None` is +∞); `None` when there is no integer point.
    fn reference_closure(n: usize, mut m: Vec<Option<Rational>>) -> Option<Vec<Option<Rational>>> {
        for k in 0..n {
            for i in 0..n {
                for j in 0..n {
                    if let (Some(ik), Some(kj)) = (&m[i * n + k], &m[k * n + j]) {
                        let via = ik + kj;
                        if m[i * n + j].as_ref().is_none_or(|old| via < *old) {
                            m[i * n + j] = Some(via);
                        }
                    }
                }
            }
        }
        if (0..n).any(|i| m[i * n + i].as_ref().is_some_and(Rational::is_negative)) {
            return None;
        }
        let two = rational(2);
        for i in 0..n {
            if let Some(c) = &m[i * n + bar(i)] {
                m[i * n + bar(i)] = Some((c / &two).floor() * &two);
            }
        }
        if (0..n).any(|i| match (&m[i * n + bar(i)], &m[bar(i) * n + i]) {
            (Some(a), Some(b)) => (a + b).is_negative(),
            _ => false,
        }) {
            return None;
        }
        for i in 0..n {
            for j in 0..n {
                if let (Some(a), Some(b)) = (&m[i * n + bar(i)], &m[bar(j) * n + j]) {
                    let via = (a + b) / &two;
                    if m[i * n + j].as_ref().is_none_or(|old| via < *old) {
                        m[i * n + j] = Some(via);
                    }
                }
            }
        }
        Some(m)
    }

    proptest! {
        /// The closure over machine integers agrees with the textbook one in exact rationals (on
        /// integer entries, some unbounded, some large but within the entries' range).
        #[test]
        fn closure_agrees_with_exact_rationals(
            dims in 1usize..4,
            cells in proptest::collection::vec(proptest::option::weighted(0.6, -20i128..40), 36),
            big in proptest::option::of(0usize..36),
        ) {
            let mut dbm = Dbm::unconstrained(dims);
            let n = dbm.size;
            for i in 0..n {
                for j in 0..n {
                    if i != j {
                        dbm.set(i, j, cells[i * 6 + j]);
                    }
                }
            }
            if let Some(k) = big && k / 6 < n && k % 6 < n && k / 6 != k % 6 {
                dbm.set(k / 6, k % 6, Some((1 << 70) + 3));
            }
            let exact = reference_closure(n, dbm.entries.iter().map(|&e| (e != INF).then(|| rational(e))).collect());
            let nonempty = dbm.close();
            prop_assert_eq!(nonempty, exact.is_some());
            if let Some(exact) = exact {
                let closed: Vec<Option<Rational>> = dbm.entries.iter().map(|&e| (e != INF).then(|| rational(e))).collect();
                prop_assert_eq!(closed, exact);
            }
        }
    }

    #[test]
    fn bounds_beyond_the_entries_range_are_dropped_soundly() {
        // x ≤ 2^120 is dropped (x stays unbounded above), x ≥ -2^120 too; x - y ≤ 2^110 as well.
        let huge = |bits: u32| constant(0).add_constant(&(rational(2).pow(bits as i32)));
        let mut e = Octagon::top();
        e.assume(&Constraint::le(&var(0), &huge(120)));
        e.assume(&Constraint::ge(&var(0), &huge(120).neg()));
        e.assume(&Constraint::le(&var(0).sub(&var(1)), &huge(110)));
        assert_eq!(e.bounds(&var(0)), Bounds::unbounded());
        assert_eq!(e.bounds(&var(0).sub(&var(1))).hi, None);
        // x ≥ 2^120 keeps a lower bound no greater (here the largest entry the matrix holds).
        let mut e = Octagon::top();
        e.assume(&Constraint::ge(&var(0), &huge(120)));
        let lo = e.bounds(&var(0)).lo.expect("a lower bound");
        assert!(lo <= rational(2).pow(120) && lo >= rational(2).pow(98), "{lo}");
        // Bounds of 64-bit values stay exact: u64's range and x - y for two of them.
        let mut e = Octagon::top();
        let max = rational(2).pow(64) - rational(1);
        for d in [0, 1] {
            e.assume(&Constraint::ge(&var(d), &constant(0)));
            e.assume(&Constraint::le(&var(d), &constant(0).add_constant(&max)));
        }
        assert_eq!(e.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: Some(max.clone()) });
        assert_eq!(e.bounds(&var(0).sub(&var(1))).hi, Some(max));
    }

    proptest! {
        /// Lowering entries in the rows and columns of one dimension of a closed matrix and
        /// closing through that dimension's nodes gives the full closure.
        #[test]
        fn incremental_and_full_closures_agree(
            dims in 2usize..5,
            cells in proptest::collection::vec(proptest::option::weighted(0.3, -4i128..30), 64),
            k in 0usize..4,
            lowered in proptest::collection::vec((0usize..8, proptest::bool::ANY, -15i128..20), 1..5),
        ) {
            let mut dbm = Dbm::unconstrained(dims);
            let n = dbm.size;
            for i in 0..n {
                for j in 0..n {
                    if i != j && let Some(c) = cells[i * 8 + j] {
                        // A constraint is stored at both coherent places.
                        dbm.lower(i, j, c);
                        dbm.lower(bar(j), bar(i), c);
                    }
                }
            }
            if !dbm.close() {
                // (Empty from the start: nothing to add to.)
                return Ok(());
            }
            let k = k % dims;
            for (other, in_row, c) in lowered {
                let (x, o) = (2 * k + usize::from(in_row && other % 2 == 0), other % n);
                let (i, j) = if in_row { (x, o) } else { (o, x) };
                if i != j {
                    // Both coherent places, as constraints are added.
                    dbm.lower(i, j, c);
                    dbm.lower(bar(j), bar(i), c);
                }
            }
            let (mut incremental, mut full) = (dbm.clone(), dbm);
            let nonempty = incremental.close_through(&[2 * k, 2 * k + 1]);
            prop_assert_eq!(nonempty, full.close());
            if nonempty {
                prop_assert_eq!(incremental, full);
            }
        }
    }

    #[test]
    fn closure_derives_implied_bounds() {
        // x - y ≤ 0 and y ≤ 3 imply x ≤ 3.
        let mut e = Octagon::top();
        e.assume(&Constraint::le(&var(0).sub(&var(1)), &constant(0)));
        e.assume(&Constraint::le(&var(1), &constant(3)));
        assert_eq!(e.bounds(&var(0)).hi, Some(rational(3)));
        // With y ≥ 1 and z - x ≤ -1 too: z ≤ 2, and y - z ≥ ... reads back exactly.
        e.assume(&Constraint::ge(&var(1), &constant(1)));
        e.assume(&Constraint::le(&var(2).sub(&var(0)), &constant(-1)));
        assert_eq!(e.bounds(&var(2)).hi, Some(rational(2)));
        assert_eq!(e.bounds(&var(2).sub(&var(1))).hi, Some(rational(-1)));
    }

    #[test]
    fn integer_tightening() {
        // x + y ≤ 3 and x - y ≤ 0 give 2x ≤ 3, so x ≤ 1 over the integers.
        let mut e = Octagon::top();
        e.assume(&Constraint::le(&var(0).add(&var(1)), &constant(3)));
        e.assume(&Constraint::le(&var(0).sub(&var(1)), &constant(0)));
        assert_eq!(e.bounds(&var(0)).hi, Some(rational(1)));
        // x + y = 1 and x = y have a rational solution but no integer one.
        let mut e = Octagon::top();
        e.assume(&Constraint::eq(&var(0).add(&var(1)), &constant(1)));
        e.assume(&Constraint::eq(&var(0), &var(1)));
        assert!(e.is_bottom());
    }

    #[test]
    fn exact_assignments_keep_relations() {
        let mut e = Octagon::top();
        e.assume(&Constraint::ge(&var(1), &constant(0)));
        e.assume(&Constraint::le(&var(1), &constant(5)));
        e.assign(0, &var(1).add_constant(&rational(1)));
        assert_eq!(e.bounds(&var(0).sub(&var(1))), range(1, 1));
        assert_eq!(e.bounds(&var(0)), range(1, 6));
        // x := x + 2 and x := -x + 1 move the relation with y along.
        e.assign(0, &var(0).add_constant(&rational(2)));
        assert_eq!(e.bounds(&var(0).sub(&var(1))), range(3, 3));
        e.assign(0, &constant(1).sub(&var(0)));
        assert_eq!(e.bounds(&var(0).add(&var(1))), range(-2, -2));
        assert_eq!(e.bounds(&var(0)), range(-7, -2));
        // y := -x keeps y = -x exactly.
        e.assign(1, &var(0).neg());
        assert_eq!(e.bounds(&var(0).add(&var(1))), range(0, 0));
    }

    #[test]
    fn general_assignment_keeps_octagonal_consequences() {
        // x := y + z with y, z in [0, 2]: x in [0, 4], x - y = z in [0, 2], x - z in [0, 2].
        let mut e = Octagon::top();
        for d in [1, 2] {
            e.assume(&Constraint::ge(&var(d), &constant(0)));
            e.assume(&Constraint::le(&var(d), &constant(2)));
        }
        e.assign(0, &var(1).add(&var(2)));
        assert_eq!(e.bounds(&var(0)), range(0, 4));
        assert_eq!(e.bounds(&var(0).sub(&var(1))), range(0, 2));
        assert_eq!(e.bounds(&var(0).sub(&var(2))), range(0, 2));
        // x := y/2 + 1/2 keeps the integers around the value: with y in [0, 2], x in [0, 2].
        let half = Rational::new(1.into(), 2.into());
        e.assign(0, &var(1).scale(&half).add_constant(&half));
        assert_eq!(e.bounds(&var(0)), range(0, 2));
        // 2x + 2y ≥ 5 is x + y ≥ 3 over the integers.
        let mut e = Octagon::top();
        e.assume(&Constraint::ge(&var(0).add(&var(1)).scale(&rational(2)), &constant(5)));
        assert_eq!(e.bounds(&var(0).add(&var(1))).lo, Some(rational(3)));
        // Non-octagonal x + 2y ≤ 2 with x ≥ 0 bounds y by 1.
        let mut e = Octagon::top();
        e.assume(&Constraint::ge(&var(0), &constant(0)));
        e.assume(&Constraint::le(&var(0).add(&var(1).scale(&rational(2))), &constant(2)));
        assert_eq!(e.bounds(&var(1)).hi, Some(rational(1)));
    }

    /// Iterates `head := widen(head, head ⊔ body(head))` from `start` until it stabilizes; the
    /// steps and the invariant.
    fn stabilize(
        start: Octagon,
        body: impl Fn(&Octagon) -> Octagon,
        widen: impl Fn(&Octagon, &Octagon) -> Octagon,
    ) -> (usize, Octagon) {
        let mut head = start;
        for step in 1..=10 {
            let next = widen(&head, &head.join(&body(&head)));
            if next == head {
                return (step, head);
            }
            head = next;
        }
        panic!("no fixpoint in 10 steps: {head:?}");
    }

    /// `x0 := x0 + 1` under the guard `x0 ≤ limit`.
    fn increment_while_at_most(limit: Affine<Dim>) -> impl Fn(&Octagon) -> Octagon {
        move |head| {
            let mut body = head.clone();
            body.assume(&Constraint::le(&var(0), &limit));
            body.assign(0, &var(0).add_constant(&rational(1)));
            body
        }
    }

    #[test]
    fn widening_stabilizes_and_keeps_relations() {
        // i = 0; while (i <= n - 1) i++; from n ≥ 0: 0 ≤ i ≤ n.
        let mut start = Octagon::top();
        start.assume(&Constraint::ge(&var(1), &constant(0)));
        start.assign(0, &constant(0));
        let (steps, head) =
            stabilize(start, increment_while_at_most(var(1).add_constant(&rational(-1))), Octagon::widen);
        assert!(steps <= 3, "{steps} steps");
        assert_eq!(head.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: None });
        assert_eq!(head.bounds(&var(0).sub(&var(1))).hi, Some(rational(0)));
    }

    #[test]
    fn thresholds_keep_the_guard() {
        // x = 0; while (x <= 99) x++; keeps x ≤ 100 with the threshold 100, and loses it without.
        let mut start = Octagon::top();
        start.assign(0, &constant(0));
        let thresholds = [rational(1000), rational(100)];
        let body = || increment_while_at_most(constant(99));
        let (steps, head) = stabilize(start.clone(), body(), |a, b| a.widen_with_thresholds(b, &thresholds));
        assert!(steps <= 3, "{steps} steps");
        assert_eq!(head.bounds(&var(0)), range(0, 100));
        let (_, head) = stabilize(start, body(), Octagon::widen);
        assert_eq!(head.bounds(&var(0)), Bounds { lo: Some(rational(0)), hi: None });
        // A lower bound relaxes to a negated threshold: x ≥ 0 then x ≥ -1 widens to x ≥ -100.
        let at = |lo: i128| {
            let mut e = Octagon::top();
            e.assume(&Constraint::ge(&var(0), &constant(lo)));
            e
        };
        assert_eq!(at(0).widen_with_thresholds(&at(-1), &thresholds).bounds(&var(0)).lo, Some(rational(-100)));
    }

    #[test]
    fn thresholds_relax_a_bound_the_older_iterate_only_implied() {
        // The older iterate, open as a widening leaves it: x0 - x1 <= 0 and x1 <= 5, with x0's
        // own bound (5, implied) not in the matrix. The newer one, closed: x0 - x1 <= 1, x1 <= 5,
        // x0 <= 6. With the threshold 100, x0 - x1 relaxes to 100 and x0's bound, +∞ before
        // but implied, to 100 too (not x1 + 100 = 105).
        let mut dbm = Dbm::unconstrained(2);
        dbm.add_sum_le(0, 3, 0); // x0 - x1 <= 0
        dbm.add_sum_le(2, 2, 10); // 2·x1 <= 10
        let older = Octagon::from_parts(vec![0, 1], dbm, false);
        let mut newer = Octagon::top();
        newer.assume(&Constraint::le(&var(0).sub(&var(1)), &constant(1)));
        newer.assume(&Constraint::le(&var(1), &constant(5)));
        newer.assume(&Constraint::le(&var(0), &constant(6)));
        let widened = older.widen_with_thresholds(&newer, &[rational(100)]);
        assert_eq!(widened.bounds(&var(0)).hi, Some(rational(100)));
        assert_eq!(widened.bounds(&var(0).sub(&var(1))).hi, Some(rational(100)));
    }

    #[test]
    fn narrowing_refines_only_infinite_entries() {
        let mut wide = Octagon::top();
        wide.assume(&Constraint::ge(&var(0), &constant(0)));
        let mut tight = wide.clone();
        tight.assume(&Constraint::le(&var(0), &constant(100)));
        tight.assume(&Constraint::ge(&var(0), &constant(3)));
        assert_eq!(wide.narrow(&tight).bounds(&var(0)), range(0, 100));
    }

    /// A random octagonal constraint `±x ± y ≤ c` or `±x ≤ c`.
    fn octagonal() -> impl Strategy<Value = Constraint<Dim>> {
        let literal = (0..oracle::DIMS, prop_oneof![Just(1i128), Just(-1)]);
        (literal.clone(), proptest::option::of(literal), -6i128..=6).prop_map(|((x, a), y, c)| {
            let mut e = Affine::term(rational(a), x);
            if let Some((y, b)) = y {
                e.add_term(rational(b), y);
            }
            Constraint::le(&e, &constant(c))
        })
    }

    /// The octagon of `constraints` inside the oracle's box: its points are all in the box.
    fn boxed(constraints: &[Constraint<Dim>]) -> Octagon {
        let mut e = Octagon::top();
        for d in 0..oracle::DIMS {
            e.assume(&Constraint::ge(&var(d), &constant(-oracle::BOX)));
            e.assume(&Constraint::le(&var(d), &constant(oracle::BOX)));
        }
        for c in constraints {
            e.assume(c);
        }
        e
    }

    /// An octagonal expression `Σ coefficient·dimension` over the oracle's dimensions.
    type Form = Vec<(i128, Dim)>;

    /// Every octagonal expression `±x ± y`, `x` and `-x` over the oracle's dimensions.
    fn forms() -> Vec<Form> {
        let mut out = Vec::new();
        for x in 0..oracle::DIMS {
            out.push(vec![(1, x)]);
            out.push(vec![(-1, x)]);
            for y in x + 1..oracle::DIMS {
                for (a, b) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    out.push(vec![(a, x), (b, y)]);
                }
            }
        }
        out
    }

    fn value(form: &Form, p: &Point) -> i128 {
        form.iter().map(|(a, d)| a * p[*d]).sum()
    }

    fn expression(form: &Form) -> Affine<Dim> {
        Affine::from_terms(rational(0), form.iter().map(|(a, d)| (rational(*a), *d)))
    }

    /// The box points in the octagonal hull of `points`: those where every octagonal expression
    /// is at most its maximum over `points`.
    fn octagonal_hull(points: &[Point]) -> Vec<Point> {
        let forms = forms();
        let max: Vec<Option<i128>> = forms.iter().map(|f| points.iter().map(|p| value(f, p)).max()).collect();
        let within = |p: &Point| forms.iter().zip(&max).all(|(f, m)| m.is_some_and(|m| value(f, p) <= m));
        oracle::box_points().into_iter().filter(within).collect()
    }

    fn ops() -> impl Strategy<Value = Vec<Op>> {
        proptest::collection::vec(oracle::op(), 0..5)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c), ..ProptestConfig::default() })]

        #[test]
        fn exact_on_octagonal_elements(
            a in proptest::collection::vec(octagonal(), 0..5),
            b in proptest::collection::vec(octagonal(), 0..5),
        ) {
            let (a, b) = (boxed(&a), boxed(&b));
            let (ga, gb) = (oracle::gamma(&a), oracle::gamma(&b));
            prop_assert_eq!(a.is_bottom(), ga.is_empty());
            prop_assert_eq!(a.leq(&b), ga.iter().all(|p| gb.contains(p)));
            let meet: Vec<Point> = ga.iter().filter(|p| gb.contains(p)).copied().collect();
            prop_assert_eq!(oracle::gamma(&a.meet(&b)), meet);
            let union: Vec<Point> = ga.iter().chain(&gb).copied().collect();
            prop_assert_eq!(oracle::gamma(&a.join(&b)), octagonal_hull(&union));
            // Bounds of octagonal expressions are attained.
            for f in forms() {
                let values = ga.iter().map(|p| Bounds::point(rational(value(&f, p))));
                let expected = values.fold(empty_bounds(), |x, y| crate::interval::hull(&x, &y));
                prop_assert_eq!(a.bounds(&expression(&f)), expected);
            }
        }

        #[test]
        fn join_is_an_upper_bound_and_meet_a_lower_bound(a in ops(), b in ops()) {
            let (a, b): (Octagon, Octagon) = (oracle::build(&a), oracle::build(&b));
            let (join, meet) = (a.join(&b), a.meet(&b));
            prop_assert!(a.leq(&join) && b.leq(&join));
            prop_assert!(meet.leq(&a) && meet.leq(&b));
            let widened = a.widen(&join);
            prop_assert!(a.leq(&widened) && join.leq(&widened));
        }
    }
}
