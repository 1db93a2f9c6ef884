//! An exact linear-programming solver: minimize or maximize an affine objective over a conjunction
//! of linear constraints ([`Constraint`]: `e = 0` or `e ≥ 0`) whose variables are free in sign.
//!
//! This module owns the simplex method the polyhedra domain decides everything with (emptiness,
//! entailment, redundancy, bounds). It is written by hand because no maintained, permissively
//! licensed exact LP crate exists (the project's dependency notes, §3), and a floating-point LP is
//! unsound here: a rounded optimum can declare a constraint redundant or a polyhedron empty when
//! it is not, and the domain would then lose concrete points.
//!
//! The algorithm is the dictionary (revised-tableau-free) simplex method with Bland's rule, which
//! guarantees termination on degenerate problems:
//! 1. every constraint `a·x + b (=|≥) 0` gets a slack `s = a·x + b`; an equality's slack is
//!    pivoted against a free variable and then deleted (it is fixed at zero), an equality with no
//!    free variable left is a constant, checked and dropped;
//! 2. every remaining free variable is pivoted into the basis against an inequality's slack and
//!    its row is set aside: a free basic variable never leaves, so it constrains nothing. A free
//!    variable that occurs in no constraint row is set to 0, and makes the problem unbounded when
//!    the objective depends on it;
//! 3. what is left is a standard-form problem over slacks (all `≥ 0`): phase 1 (one auxiliary
//!    variable added to every row, pivoted in on the most violated row) finds a feasible basis or
//!    proves infeasibility, phase 2 optimizes the objective.
//!
//! Arithmetic runs first over small exact fractions (`i64` numerator and denominator, every
//! operation overflow-checked) and is redone over big rationals when one overflows, so the answer
//! is always exact; the small path is only faster.

use leapfrog_linear::{Affine, Constraint, Integer, Rational, Relation};
use num_traits::{One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::BTreeMap;

/// The answer of an LP.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpResult<V: Ord> {
    /// No point satisfies the constraints.
    Infeasible,
    /// The objective has no bound in the optimized direction over the (non-empty) constraints.
    Unbounded,
    /// The optimal value, and a point of the constraints' variables (and the objective's) where
    /// it is reached.
    Optimum { value: Rational, point: BTreeMap<V, Rational> },
}

impl<V: Ord> LpResult<V> {
    /// The optimal value, if there is one.
    pub fn value(&self) -> Option<&Rational> {
        match self {
            LpResult::Optimum { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// The minimum of `objective` subject to `constraints`.
pub fn minimize<V: Ord + Clone>(objective: &Affine<V>, constraints: &[Constraint<V>]) -> LpResult<V> {
    let problem = Problem::new(objective, constraints);
    let outcome = match problem.solve::<Small>() {
        Some(outcome) => outcome.map(Small::exact),
        // An overflow of the small numbers: the same problem over big rationals, which cannot fail.
        None => match problem.solve::<Rational>() {
            Some(outcome) => outcome,
            None => Outcome::Unknown,
        },
    };
    match outcome {
        Outcome::Infeasible => LpResult::Infeasible,
        // `Unknown` cannot arise (only an impossible phase-1 state produces it); answering
        // "unbounded" is the answer that claims nothing.
        Outcome::Unbounded | Outcome::Unknown => LpResult::Unbounded,
        Outcome::Optimum(value, point) => LpResult::Optimum {
            value: value + objective.constant_term(),
            point: problem.vars.into_iter().zip(point).collect(),
        },
    }
}

/// The maximum of `objective` subject to `constraints`.
pub fn maximize<V: Ord + Clone>(objective: &Affine<V>, constraints: &[Constraint<V>]) -> LpResult<V> {
    match minimize(&objective.neg(), constraints) {
        LpResult::Optimum { value, point } => LpResult::Optimum { value: -value, point },
        other => other,
    }
}

/// A point satisfying `constraints`, if there is one (over the rationals).
pub fn feasible_point<V: Ord + Clone>(constraints: &[Constraint<V>]) -> Option<BTreeMap<V, Rational>> {
    match minimize(&Affine::zero(), constraints) {
        LpResult::Optimum { point, .. } => Some(point),
        _ => None,
    }
}

/// An LP over numbered variables: rows `Σ coefficients·x + constant (=|≥) 0`.
struct Problem<V> {
    vars: Vec<V>,
    rows: Vec<(Vec<Rational>, Rational, Relation)>,
    objective: Vec<Rational>,
}

impl<V: Ord + Clone> Problem<V> {
    fn new(objective: &Affine<V>, constraints: &[Constraint<V>]) -> Self {
        let mut index = BTreeMap::new();
        for v in constraints.iter().flat_map(Constraint::vars).chain(objective.vars()) {
            let next = index.len();
            index.entry(v.clone()).or_insert(next);
        }
        let dense = |e: &Affine<V>| {
            let mut out = vec![Rational::zero(); index.len()];
            for (v, c) in e.terms() {
                out[index[v]] = c.clone();
            }
            out
        };
        let rows = constraints.iter().map(|c| (dense(&c.expr), c.expr.constant_term().clone(), c.relation)).collect();
        let objective = dense(objective);
        let mut vars: Vec<(usize, V)> = index.into_iter().map(|(v, i)| (i, v)).collect();
        vars.sort_by_key(|(i, _)| *i);
        Problem { vars: vars.into_iter().map(|(_, v)| v).collect(), rows, objective }
    }

    /// Solves over `F`; `None` when `F`'s arithmetic overflowed.
    fn solve<F: Field>(&self) -> Option<Outcome<F>> {
        let convert = |v: &[Rational]| v.iter().map(F::from_rational).collect::<Option<Vec<F>>>();
        let mut rows = Vec::with_capacity(self.rows.len());
        for (coef, constant, _) in &self.rows {
            rows.push((convert(coef)?, F::from_rational(constant)?));
        }
        let equalities = self.rows.iter().map(|(_, _, r)| *r == Relation::Eq).collect();
        Dictionary::new(self.vars.len(), rows, equalities, convert(&self.objective)?).solve()
    }
}

/// The outcome over a number type `F` (the objective's constant not added).
#[derive(Debug)]
enum Outcome<F> {
    Infeasible,
    Unbounded,
    /// An impossible state was reached; nothing is claimed.
    Unknown,
    Optimum(F, Vec<F>),
}

impl<F> Outcome<F> {
    fn map<G>(self, f: impl Fn(&F) -> G) -> Outcome<G> {
        match self {
            Outcome::Infeasible => Outcome::Infeasible,
            Outcome::Unbounded => Outcome::Unbounded,
            Outcome::Unknown => Outcome::Unknown,
            Outcome::Optimum(v, p) => Outcome::Optimum(f(&v), p.iter().map(f).collect()),
        }
    }
}

/// One dictionary row: `basic = constant + Σ coef[k]·(nonbasic column k)`.
#[derive(Clone, Debug)]
struct Row<F> {
    basic: usize,
    constant: F,
    coef: Vec<F>,
}

/// A simplex dictionary. Variable labels: `0..n` are the problem's (free) variables, `n..n+m` the
/// constraints' slacks, `n+m` the phase-1 auxiliary variable. Bland's rule orders by label.
struct Dictionary<F> {
    n: usize,
    equalities: Vec<bool>,
    /// The labels of the nonbasic columns (each at value 0).
    labels: Vec<usize>,
    /// Rows whose basic variable is a slack (or the auxiliary): they must stay non-negative.
    rows: Vec<Row<F>>,
    /// Rows whose basic variable is a free variable: they only define its value.
    defs: Vec<Row<F>>,
    objective: Row<F>,
    phase1: Option<Row<F>>,
}

enum Simplex {
    Optimal,
    Unbounded,
}

impl<F: Field> Dictionary<F> {
    fn new(n: usize, rows: Vec<(Vec<F>, F)>, equalities: Vec<bool>, objective: Vec<F>) -> Self {
        let rows =
            rows.into_iter().enumerate().map(|(i, (coef, constant))| Row { basic: n + i, constant, coef }).collect();
        Dictionary {
            n,
            equalities,
            labels: (0..n).collect(),
            rows,
            defs: Vec::new(),
            objective: Row { basic: usize::MAX, constant: F::nil(), coef: objective },
            phase1: None,
        }
    }

    fn is_free(&self, label: usize) -> bool {
        label < self.n
    }

    fn solve(mut self) -> Option<Outcome<F>> {
        // 1. Equalities: pivot a free variable in, then drop the (zero) slack.
        let mut r = 0;
        while r < self.rows.len() {
            let basic = self.rows[r].basic;
            if !self.equalities[basic - self.n] {
                r += 1;
                continue;
            }
            match (0..self.labels.len()).find(|&k| self.is_free(self.labels[k]) && !self.rows[r].coef[k].is_nil()) {
                Some(k) => {
                    self.pivot(r, k)?;
                    let row = self.rows.remove(r);
                    self.defs.push(row);
                    self.delete_column(k);
                }
                None => {
                    // Only free columns exist yet, so the row is a constant.
                    if !self.rows[r].constant.is_nil() {
                        return Some(Outcome::Infeasible);
                    }
                    self.rows.remove(r);
                }
            }
        }
        // 2. Free variables into the basis.
        let mut unbounded_direction = false;
        let mut k = 0;
        while k < self.labels.len() {
            if !self.is_free(self.labels[k]) {
                k += 1;
                continue;
            }
            match self.rows.iter().position(|row| !row.coef[k].is_nil()) {
                Some(r) => {
                    self.pivot(r, k)?;
                    let row = self.rows.remove(r);
                    self.defs.push(row);
                }
                None => {
                    unbounded_direction |= !self.objective.coef[k].is_nil();
                    self.delete_column(k);
                }
            }
        }
        // 3. Phase 1.
        if self.rows.iter().any(|row| row.constant.below_zero()) && !self.phase1()? {
            return Some(Outcome::Infeasible);
        }
        if unbounded_direction {
            return Some(Outcome::Unbounded);
        }
        // 4. Phase 2.
        match self.simplex(false)? {
            None => Some(Outcome::Unknown),
            Some(Simplex::Unbounded) => Some(Outcome::Unbounded),
            Some(Simplex::Optimal) => {
                let mut point = vec![F::nil(); self.n];
                for def in &self.defs {
                    point[def.basic] = def.constant.clone();
                }
                Some(Outcome::Optimum(self.objective.constant.clone(), point))
            }
        }
    }

    /// Phase 1: whether the rows have a feasible solution (the dictionary is then feasible).
    fn phase1(&mut self) -> Option<bool> {
        let aux = self.n + self.equalities.len();
        for row in &mut self.rows {
            row.coef.push(F::unit());
        }
        for row in self.defs.iter_mut().chain(std::iter::once(&mut self.objective)) {
            row.coef.push(F::nil());
        }
        self.labels.push(aux);
        let column = self.labels.len() - 1;
        let mut w = vec![F::nil(); self.labels.len()];
        w[column] = F::unit();
        self.phase1 = Some(Row { basic: usize::MAX, constant: F::nil(), coef: w });
        let worst = (0..self.rows.len()).min_by(|&a, &b| {
            self.rows[a].constant.cmp(&self.rows[b].constant).then(self.rows[a].basic.cmp(&self.rows[b].basic))
        })?;
        self.pivot(worst, column)?;
        match self.simplex(true)? {
            Some(Simplex::Optimal) => {}
            // The auxiliary objective is bounded below by 0: this cannot happen.
            Some(Simplex::Unbounded) | None => return None,
        }
        let feasible = self.phase1.as_ref().is_some_and(|w| w.constant.is_nil());
        if feasible {
            // Drive the auxiliary variable out of the basis (it is 0), then drop its column.
            if let Some(r) = self.rows.iter().position(|row| row.basic == aux) {
                match (0..self.labels.len()).find(|&k| !self.rows[r].coef[k].is_nil()) {
                    Some(k) => self.pivot(r, k)?,
                    None => {
                        self.rows.remove(r);
                    }
                }
            }
            if let Some(k) = self.labels.iter().position(|&l| l == aux) {
                self.delete_column(k);
            }
        }
        self.phase1 = None;
        Some(feasible)
    }

    /// Minimizes the objective (or the phase-1 objective) from a feasible dictionary with Bland's
    /// rule. `None` on overflow; `Some(None)` when the objective row is missing.
    fn simplex(&mut self, phase1: bool) -> Option<Option<Simplex>> {
        loop {
            let objective = if phase1 { self.phase1.as_ref() } else { Some(&self.objective) };
            let Some(objective) = objective else { return Some(None) };
            let entering =
                (0..self.labels.len()).filter(|&k| objective.coef[k].below_zero()).min_by_key(|&k| self.labels[k]);
            let Some(k) = entering else { return Some(Some(Simplex::Optimal)) };
            let mut leaving: Option<(usize, F)> = None;
            for (r, row) in self.rows.iter().enumerate() {
                if !row.coef[k].below_zero() {
                    continue;
                }
                let ratio = row.constant.over(&row.coef[k].negated()?)?;
                let better = match &leaving {
                    None => true,
                    Some((best, best_ratio)) => match ratio.cmp(best_ratio) {
                        Ordering::Less => true,
                        Ordering::Equal => row.basic < self.rows[*best].basic,
                        Ordering::Greater => false,
                    },
                };
                if better {
                    leaving = Some((r, ratio));
                }
            }
            let Some((r, _)) = leaving else { return Some(Some(Simplex::Unbounded)) };
            self.pivot(r, k)?;
        }
    }

    /// Exchanges the basic variable of `rows[r]` with nonbasic column `k` (whose coefficient in
    /// that row is non-zero).
    fn pivot(&mut self, r: usize, k: usize) -> Option<()> {
        let row = &self.rows[r];
        let a = row.coef[k].clone();
        // column_k = (basic - constant - Σ_{l≠k} coef_l·column_l) / a
        let inverse = F::unit().over(&a)?;
        let minus_inverse = inverse.negated()?;
        let mut coef = Vec::with_capacity(row.coef.len());
        for (l, c) in row.coef.iter().enumerate() {
            coef.push(if l == k { inverse.clone() } else { c.times(&minus_inverse)? });
        }
        let new = Row { basic: self.labels[k], constant: row.constant.times(&minus_inverse)?, coef };
        self.labels[k] = row.basic;
        let substitute = |target: &mut Row<F>| -> Option<()> {
            let g = target.coef[k].clone();
            if g.is_nil() {
                return Some(());
            }
            target.constant = target.constant.plus(&g.times(&new.constant)?)?;
            for (l, c) in new.coef.iter().enumerate() {
                target.coef[l] = if l == k { g.times(c)? } else { target.coef[l].plus(&g.times(c)?)? };
            }
            Some(())
        };
        for (i, target) in self.rows.iter_mut().enumerate() {
            if i != r {
                substitute(target)?;
            }
        }
        for target in self.defs.iter_mut().chain(std::iter::once(&mut self.objective)).chain(self.phase1.as_mut()) {
            substitute(target)?;
        }
        self.rows[r] = new;
        Some(())
    }

    /// Removes nonbasic column `k` (its variable is fixed at 0).
    fn delete_column(&mut self, k: usize) {
        self.labels.swap_remove(k);
        for row in self.rows.iter_mut().chain(&mut self.defs).chain(std::iter::once(&mut self.objective)) {
            row.coef.swap_remove(k);
        }
        if let Some(w) = &mut self.phase1 {
            w.coef.swap_remove(k);
        }
    }
}

/// The exact field operations the simplex needs; `None` reports an overflow.
trait Field: Clone + Ord + Sized {
    fn from_rational(r: &Rational) -> Option<Self>;
    fn nil() -> Self;
    fn unit() -> Self;
    fn is_nil(&self) -> bool;
    fn below_zero(&self) -> bool;
    fn negated(&self) -> Option<Self>;
    fn plus(&self, other: &Self) -> Option<Self>;
    fn times(&self, other: &Self) -> Option<Self>;
    fn over(&self, other: &Self) -> Option<Self>;
}

impl Field for Rational {
    fn from_rational(r: &Rational) -> Option<Self> {
        Some(r.clone())
    }
    fn nil() -> Self {
        Zero::zero()
    }
    fn unit() -> Self {
        One::one()
    }
    fn is_nil(&self) -> bool {
        Zero::is_zero(self)
    }
    fn below_zero(&self) -> bool {
        Signed::is_negative(self)
    }
    fn negated(&self) -> Option<Self> {
        Some(-self)
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        Some(self + other)
    }
    fn times(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn over(&self, other: &Self) -> Option<Self> {
        if Zero::is_zero(other) { None } else { Some(self / other) }
    }
}

/// A fraction `n / d` with `d > 0` and `gcd(n, d) = 1`, both fitting `i64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Small {
    n: i64,
    d: i64,
}

impl Small {
    /// `n / d` reduced, when it fits (`d ≠ 0`).
    fn new(n: i128, d: i128) -> Option<Small> {
        if d == 0 {
            return None;
        }
        let g = gcd(n.unsigned_abs(), d.unsigned_abs());
        let (mut n, mut d) = (n / g as i128, d / g as i128);
        if d < 0 {
            (n, d) = (-n, -d);
        }
        Some(Small { n: i64::try_from(n).ok()?, d: i64::try_from(d).ok()? })
    }

    fn exact(&self) -> Rational {
        Rational::new(Integer::from(self.n), Integer::from(self.d))
    }
}

/// Binary gcd (`gcd(0, b) = b`); never 0 when `b ≠ 0`.
fn gcd(mut a: u128, mut b: u128) -> u128 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Ord for Small {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.n as i128 * other.d as i128).cmp(&(other.n as i128 * self.d as i128))
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Field for Small {
    fn from_rational(r: &Rational) -> Option<Self> {
        use num_traits::ToPrimitive;
        Some(Small { n: r.numer().to_i64()?, d: r.denom().to_i64()? })
    }
    fn nil() -> Self {
        Small { n: 0, d: 1 }
    }
    fn unit() -> Self {
        Small { n: 1, d: 1 }
    }
    fn is_nil(&self) -> bool {
        self.n == 0
    }
    fn below_zero(&self) -> bool {
        self.n < 0
    }
    fn negated(&self) -> Option<Self> {
        Some(Small { n: self.n.checked_neg()?, d: self.d })
    }
    fn plus(&self, other: &Self) -> Option<Self> {
        if self.d == other.d {
            return Small::new(self.n as i128 + other.n as i128, self.d as i128);
        }
        Small::new(
            self.n as i128 * other.d as i128 + other.n as i128 * self.d as i128,
            self.d as i128 * other.d as i128,
        )
    }
    fn times(&self, other: &Self) -> Option<Self> {
        if self.n == 0 || other.n == 0 {
            return Some(Small::nil());
        }
        Small::new(self.n as i128 * other.n as i128, self.d as i128 * other.d as i128)
    }
    fn over(&self, other: &Self) -> Option<Self> {
        Small::new(self.n as i128 * other.d as i128, self.d as i128 * other.n as i128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_linear::rational;
    use proptest::prelude::*;

    fn frac(n: i128, d: i128) -> Rational {
        rational(n) / rational(d)
    }

    /// `constant + Σ c·x_i` over variables `0..`.
    fn lin(constant: Rational, coefs: &[Rational]) -> Affine<usize> {
        Affine::from_terms(constant, coefs.iter().cloned().enumerate().map(|(i, c)| (c, i)))
    }

    fn int_lin(constant: i128, coefs: &[i128]) -> Affine<usize> {
        lin(rational(constant), &coefs.iter().map(|&c| rational(c)).collect::<Vec<_>>())
    }

    fn ge(constant: i128, coefs: &[i128]) -> Constraint<usize> {
        Constraint::nonnegative(int_lin(constant, coefs))
    }

    fn eq(constant: i128, coefs: &[i128]) -> Constraint<usize> {
        Constraint::zero(int_lin(constant, coefs))
    }

    fn check_point(result: &LpResult<usize>, objective: &Affine<usize>, constraints: &[Constraint<usize>]) {
        if let LpResult::Optimum { value, point } = result {
            let at = |v: &usize| Some(point.get(v).cloned().unwrap_or_else(Rational::zero));
            assert_eq!(objective.eval(at).as_ref(), Some(value), "the point reaches the value");
            for c in constraints {
                assert_eq!(c.holds(at), Some(true), "the optimum satisfies {c:?}");
            }
        }
    }

    #[test]
    fn textbook_problem() {
        // max 3x + 2y s.t. x + y <= 4, x + 3y <= 6, x, y >= 0: 12 at (4, 0).
        let cs = [ge(4, &[-1, -1]), ge(6, &[-1, -3]), ge(0, &[1, 0]), ge(0, &[0, 1])];
        let objective = int_lin(0, &[3, 2]);
        let result = maximize(&objective, &cs);
        assert_eq!(result.value(), Some(&rational(12)));
        check_point(&result, &objective, &cs);
        // min -x + y: -4 at (4, 0).
        assert_eq!(minimize(&int_lin(0, &[-1, 1]), &cs).value(), Some(&rational(-4)));
    }

    #[test]
    fn free_variables_infeasibility_and_unboundedness() {
        // x - y = 1/2 with y >= 3: min x is 7/2, x has no maximum.
        let cs = [Constraint::zero(lin(frac(-1, 2), &[rational(1), rational(-1)])), ge(-3, &[0, 1])];
        assert_eq!(minimize(&int_lin(0, &[1, 0]), &cs).value(), Some(&frac(7, 2)));
        assert_eq!(maximize(&int_lin(0, &[1, 0]), &cs), LpResult::Unbounded);
        // x >= 1 and x <= 0.
        assert_eq!(minimize(&int_lin(0, &[1]), &[ge(-1, &[1]), ge(0, &[-1])]), LpResult::Infeasible);
        // Inconsistent equalities, and a constant false row.
        assert_eq!(minimize(&Affine::zero(), &[eq(0, &[1, 1]), eq(-1, &[2, 2])]), LpResult::Infeasible);
        assert_eq!(minimize(&Affine::zero(), &[ge(-1, &[])]), LpResult::Infeasible);
        // An objective over a variable no constraint mentions.
        assert_eq!(minimize(&int_lin(0, &[0, 1]), &[ge(0, &[1])]), LpResult::Unbounded);
        assert_eq!(minimize(&int_lin(5, &[0, 0]), &[ge(0, &[1])]).value(), Some(&rational(5)));
        // Infeasibility wins over an unconstrained objective direction.
        assert_eq!(minimize(&int_lin(0, &[0, 1]), &[ge(-1, &[1]), ge(0, &[-1])]), LpResult::Infeasible);
        // No constraint at all.
        assert_eq!(minimize(&int_lin(2, &[]), &[]).value(), Some(&rational(2)));
    }

    #[test]
    fn degenerate_cycling_examples_terminate() {
        // Chvátal's cycling example (max 10x1 - 57x2 - 9x3 - 24x4), optimum 1 at (1, 0, 1, 0).
        let half = frac(1, 2);
        let cs = vec![
            Constraint::nonnegative(lin(rational(0), &[-half.clone(), frac(11, 2), frac(5, 2), rational(-9)])),
            Constraint::nonnegative(lin(rational(0), &[-half.clone(), frac(3, 2), half.clone(), rational(-1)])),
            ge(1, &[-1, 0, 0, 0]),
            ge(0, &[1, 0, 0, 0]),
            ge(0, &[0, 1, 0, 0]),
            ge(0, &[0, 0, 1, 0]),
            ge(0, &[0, 0, 0, 1]),
        ];
        let objective = int_lin(0, &[10, -57, -9, -24]);
        let result = maximize(&objective, &cs);
        assert_eq!(result.value(), Some(&rational(1)));
        check_point(&result, &objective, &cs);
        // Beale's example: min -3/4 x4 + 150 x5 - 1/50 x6 + 6 x7, optimum -1/20.
        let cs = vec![
            Constraint::nonnegative(lin(rational(0), &[-frac(1, 4), rational(60), frac(1, 25), rational(-9)])),
            Constraint::nonnegative(lin(rational(0), &[-half.clone(), rational(90), frac(1, 50), rational(-3)])),
            ge(1, &[0, 0, -1, 0]),
            ge(0, &[1, 0, 0, 0]),
            ge(0, &[0, 1, 0, 0]),
            ge(0, &[0, 0, 1, 0]),
            ge(0, &[0, 0, 0, 1]),
        ];
        let objective = lin(rational(0), &[-frac(3, 4), rational(150), -frac(1, 50), rational(6)]);
        let result = minimize(&objective, &cs);
        assert_eq!(result.value(), Some(&-frac(1, 20)));
        check_point(&result, &objective, &cs);
        // Many constraints through one vertex (highly degenerate).
        let cs: Vec<_> = (1..=8).map(|k| ge(0, &[k, 9 - k])).chain([ge(0, &[1, 0]), ge(0, &[0, 1])]).collect();
        assert_eq!(minimize(&int_lin(0, &[1, 1]), &cs).value(), Some(&rational(0)));
    }

    #[test]
    fn big_numbers_fall_back_to_big_rationals() {
        let big = rational(1i128 << 100);
        // x >= 2^100, x <= 2^100 + 1: min x = 2^100.
        let cs = [
            Constraint::nonnegative(lin(-big.clone(), &[rational(1)])),
            Constraint::nonnegative(lin(big.clone() + rational(1), &[rational(-1)])),
        ];
        assert_eq!(minimize(&int_lin(0, &[1]), &cs).value(), Some(&big));
        // Coefficients near i64::MAX: max x + y s.t. m·x + y <= 1, x + m·y <= 1, x, y >= 0 is
        // 2/(m+1), whose denominator does not fit an i64.
        let m = rational(i64::MAX as i128);
        let cs = [
            Constraint::nonnegative(lin(rational(1), &[-m.clone(), rational(-1)])),
            Constraint::nonnegative(lin(rational(1), &[rational(-1), -m.clone()])),
            ge(0, &[1, 0]),
            ge(0, &[0, 1]),
        ];
        let objective = int_lin(0, &[1, 1]);
        let result = maximize(&objective, &cs);
        check_point(&result, &objective, &cs);
        assert_eq!(result.value(), Some(&(rational(2) / (m + rational(1)))));
    }

    /// Brute force over the vertices of the constraints intersected with the box `[-b, b]^n`:
    /// the minimum of `objective`, or `None` when the boxed problem is empty.
    fn vertex_minimum(
        objective: &Affine<usize>,
        constraints: &[Constraint<usize>],
        n: usize,
        b: i128,
    ) -> Option<Rational> {
        let mut all: Vec<Constraint<usize>> = constraints.to_vec();
        for d in 0..n {
            let mut unit = vec![0; n];
            unit[d] = 1;
            all.push(ge(b, &unit));
            unit[d] = -1;
            all.push(ge(b, &unit));
        }
        let mut best: Option<Rational> = None;
        let mut chosen = Vec::new();
        vertices(&all, n, 0, &mut chosen, &mut |point| {
            let at = |v: &usize| Some(point[*v].clone());
            if all.iter().all(|c| c.holds(at) == Some(true)) {
                let value = objective.eval(at).unwrap_or_else(Rational::zero);
                if best.as_ref().is_none_or(|b| value < *b) {
                    best = Some(value);
                }
            }
        });
        best
    }

    /// Calls `f` on the solution of every `n`-subset of the constraints' hyperplanes that has one.
    fn vertices(
        all: &[Constraint<usize>],
        n: usize,
        from: usize,
        chosen: &mut Vec<usize>,
        f: &mut dyn FnMut(&[Rational]),
    ) {
        if chosen.len() == n {
            if let Some(point) = solve_square(all, chosen, n) {
                f(&point);
            }
            return;
        }
        for i in from..all.len() {
            chosen.push(i);
            vertices(all, n, i + 1, chosen, f);
            chosen.pop();
        }
    }

    /// Gaussian elimination: the unique solution of `expr = 0` for the chosen rows.
    fn solve_square(all: &[Constraint<usize>], rows: &[usize], n: usize) -> Option<Vec<Rational>> {
        let mut m: Vec<Vec<Rational>> = rows
            .iter()
            .map(|&i| {
                let e = &all[i].expr;
                let mut row: Vec<Rational> = (0..n).map(|d| e.coefficient(&d)).collect();
                row.push(-e.constant_term().clone());
                row
            })
            .collect();
        for col in 0..n {
            let p = (col..n).find(|&r| !m[r][col].is_zero())?;
            m.swap(col, p);
            let pivot = m[col][col].clone();
            for x in m[col].iter_mut() {
                *x = &*x / &pivot;
            }
            for r in 0..n {
                if r != col && !m[r][col].is_zero() {
                    let factor = m[r][col].clone();
                    let pivot_row = m[col].clone();
                    for (x, p) in m[r].iter_mut().zip(&pivot_row) {
                        *x = &*x - &factor * p;
                    }
                }
            }
        }
        Some(m.into_iter().map(|row| row[n].clone()).collect())
    }

    fn small_constraint(n: usize) -> impl Strategy<Value = Constraint<usize>> {
        (proptest::collection::vec(-3i128..=3, n), -5i128..=5, 0..4u8)
            .prop_map(|(coefs, c, kind)| if kind == 0 { eq(c, &coefs) } else { ge(c, &coefs) })
    }

    fn problem() -> impl Strategy<Value = (usize, Vec<Constraint<usize>>, Vec<i128>)> {
        (1usize..=3).prop_flat_map(|n| {
            (Just(n), proptest::collection::vec(small_constraint(n), 0..=6), proptest::collection::vec(-3i128..=3, n))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]

        /// The solver agrees with vertex enumeration: vertices of these small systems lie well
        /// inside the box of size 1000, so the boxed minimum equals the true one when it exists,
        /// and keeps decreasing with the box when the problem is unbounded.
        #[test]
        fn agrees_with_vertex_enumeration((n, cs, coefs) in problem()) {
            let objective = int_lin(0, &coefs);
            let result = minimize(&objective, &cs);
            check_point(&result, &objective, &cs);
            let near = vertex_minimum(&objective, &cs, n, 1000);
            let far = vertex_minimum(&objective, &cs, n, 2000);
            match result {
                LpResult::Infeasible => prop_assert_eq!(near, None),
                LpResult::Unbounded => prop_assert!(near.is_some() && far < near),
                LpResult::Optimum { value, .. } => {
                    prop_assert_eq!(near.as_ref(), Some(&value));
                    prop_assert_eq!(far.as_ref(), Some(&value));
                }
            }
        }
    }
}
