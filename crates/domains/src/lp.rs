//! An exact linear-programming solver: minimize or maximize an affine objective over a conjunction
//! of linear constraints ([`Constraint`]: `e = 0` or `e ≥ 0`) whose variables are free in sign.
//!
//! This module owns the simplex method the polyhedra domain decides everything with (emptiness,
//! entailment, redundancy, bounds). It is written by hand because no maintained, permissively
//! licensed exact LP crate exists (the project's dependency notes, §3), and a floating-point LP is
//! unsound here: a rounded optimum can declare a constraint redundant or a polyhedron empty when
//! it is not, and the domain would then lose concrete points.
//!
//! The algorithm is the dictionary form of the simplex method with Bland's rule (smallest-label
//! entering and leaving variables), which terminates on degenerate problems too:
//! 1. every constraint `a·x + b (=|≥) 0` gets a slack `s = a·x + b`; an equality's slack is
//!    pivoted against a free variable and then deleted (it is fixed at zero), an equality with no
//!    free variable left is a constant, checked and dropped;
//! 2. every remaining free variable is pivoted into the basis against an inequality's slack and
//!    its row is set aside: a free basic variable never leaves, so it constrains nothing. A free
//!    variable that occurs in no constraint row stays a nonbasic column at 0 that no pivot
//!    touches, and makes any objective that depends on it unbounded;
//! 3. what is left is a standard-form problem over slacks (all `≥ 0`): phase 1 (one auxiliary
//!    variable added to every row, pivoted in on the most violated row) finds a feasible basis or
//!    proves infeasibility;
//! 4. phase 2 optimizes an objective from that feasible basis.
//!
//! A [`Tableau`] keeps the feasible dictionary of steps 1–3 and answers many phase-2 queries from
//! it: the optimum of an objective, whether a constraint is entailed by the others (it is then
//! dropped, and the dictionary stays feasible), the maximum of a constraint's expression. The
//! polyhedra domain's redundancy removal asks one such query per constraint instead of solving
//! one LP from scratch each time.
//!
//! Arithmetic runs first over small exact fractions (`i64` numerator and denominator, every
//! operation overflow-checked) and is redone over big rationals when one overflows, so answers
//! are always exact; the small path is only faster.

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
    /// The optimal value, and a point of the constraints' variables where it is reached.
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
    match Tableau::new(constraints) {
        None => LpResult::Infeasible,
        Some(mut tableau) => tableau.minimize(objective),
    }
}

/// The maximum of `objective` subject to `constraints`.
pub fn maximize<V: Ord + Clone>(objective: &Affine<V>, constraints: &[Constraint<V>]) -> LpResult<V> {
    match Tableau::new(constraints) {
        None => LpResult::Infeasible,
        Some(mut tableau) => tableau.maximize(objective),
    }
}

/// A point satisfying `constraints`, if there is one (over the rationals).
pub fn feasible_point<V: Ord + Clone>(constraints: &[Constraint<V>]) -> Option<BTreeMap<V, Rational>> {
    Tableau::new(constraints).map(|t| t.point())
}

/// A feasible simplex dictionary for a conjunction of constraints, answering phase-2 queries.
/// Constraints are named by their index in the list it was built from.
pub struct Tableau<V: Ord> {
    vars: Vec<V>,
    index: BTreeMap<V, usize>,
    /// The problem, kept to rebuild the dictionary over big rationals after an overflow.
    rows: Vec<(Vec<Rational>, Rational, Relation)>,
    /// Constraints dropped by [`Tableau::remove_if_entailed`].
    removed: Vec<bool>,
    solver: Box<dyn Solver>,
}

impl<V: Ord + Clone> Tableau<V> {
    /// The tableau of `constraints`, or `None` when they are infeasible (over the rationals).
    pub fn new(constraints: &[Constraint<V>]) -> Option<Self> {
        let mut index = BTreeMap::new();
        let mut vars = Vec::new();
        for v in constraints.iter().flat_map(Constraint::vars) {
            if !index.contains_key(v) {
                index.insert(v.clone(), vars.len());
                vars.push(v.clone());
            }
        }
        let rows: Vec<_> =
            constraints.iter().map(|c| (dense(&index, &c.expr), c.expr.constant_term().clone(), c.relation)).collect();
        let removed = vec![false; rows.len()];
        let solver: Box<dyn Solver> = match Dictionary::<Small>::build(vars.len(), &rows, &removed) {
            Some(built) => Box::new(built?),
            None => Box::new(Dictionary::<Rational>::build(vars.len(), &rows, &removed)??),
        };
        Some(Tableau { vars, index, rows, removed, solver })
    }

    /// Runs `query`, redoing it over big rationals when the small numbers overflow; `None` only
    /// in a state the algorithm cannot reach (callers then claim nothing).
    fn run<R>(&mut self, query: impl Fn(&mut dyn Solver) -> Option<R>) -> Option<R> {
        if let Some(answer) = query(self.solver.as_mut()) {
            return Some(answer);
        }
        if self.solver.is_exact() {
            return None;
        }
        let big = Dictionary::<Rational>::build(self.vars.len(), &self.rows, &self.removed)??;
        self.solver = Box::new(big);
        query(self.solver.as_mut())
    }

    /// The current basic solution: a point satisfying the (remaining) constraints.
    pub fn point(&self) -> BTreeMap<V, Rational> {
        self.vars.iter().cloned().zip(self.solver.point()).collect()
    }

    /// The minimum of `objective` over the remaining constraints (never `Infeasible`).
    pub fn minimize(&mut self, objective: &Affine<V>) -> LpResult<V> {
        if objective.vars().any(|v| !self.index.contains_key(v)) {
            // A variable no constraint mentions: unbounded both ways.
            return LpResult::Unbounded;
        }
        let coefficients = dense(&self.index, objective);
        match self.run(|solver| solver.minimize(&coefficients)) {
            Some(Some((value, point))) => LpResult::Optimum {
                value: value + objective.constant_term(),
                point: self.vars.iter().cloned().zip(point).collect(),
            },
            Some(None) | None => LpResult::Unbounded,
        }
    }

    /// The maximum of `objective` over the remaining constraints (never `Infeasible`).
    pub fn maximize(&mut self, objective: &Affine<V>) -> LpResult<V> {
        match self.minimize(&objective.neg()) {
            LpResult::Optimum { value, point } => LpResult::Optimum { value: -value, point },
            other => other,
        }
    }

    /// Whether inequality `i` is entailed by the other remaining constraints (the minimum of its
    /// expression over them is `≥ 0`); it is then removed. `false` for equalities.
    pub fn remove_if_entailed(&mut self, i: usize) -> bool {
        if self.rows.get(i).is_none_or(|row| row.2 == Relation::Eq) || self.removed[i] {
            return false;
        }
        let entailed = self.run(|solver| solver.remove_if_entailed(i)).unwrap_or(false);
        if entailed {
            self.removed[i] = true;
        }
        entailed
    }

    /// The maximum of inequality `i`'s expression over the remaining constraints (`None` when
    /// unbounded, or for an equality or a removed constraint).
    pub fn maximize_constraint(&mut self, i: usize) -> Option<Rational> {
        if self.rows.get(i).is_none_or(|row| row.2 == Relation::Eq) || self.removed[i] {
            return None;
        }
        self.run(|solver| solver.maximize_slack(i)).flatten()
    }
}

/// The coefficients of `e` over the numbered variables (which must all be numbered).
fn dense<V: Ord + Clone>(index: &BTreeMap<V, usize>, e: &Affine<V>) -> Vec<Rational> {
    let mut out = vec![Rational::zero(); index.len()];
    for (v, c) in e.terms() {
        if let Some(&i) = index.get(v) {
            out[i] = c.clone();
        }
    }
    out
}

/// An optimal value and a point (over the numbered variables) where it is reached.
type Reached = (Rational, Vec<Rational>);

/// The phase-2 queries, over whatever number type the dictionary uses. `None` reports an
/// overflow of that type (or, for a big-rational dictionary, an unreachable state).
trait Solver {
    /// Whether the arithmetic is big rationals (which cannot overflow).
    fn is_exact(&self) -> bool;
    /// The current basic solution.
    fn point(&self) -> Vec<Rational>;
    /// The minimum of `Σ coefficients·x` and a point reaching it, or `Some(None)` when unbounded.
    fn minimize(&self, coefficients: &[Rational]) -> Option<Option<Reached>>;
    /// Whether slack `i` has a non-negative minimum once its own constraint is dropped; if so
    /// the dictionary becomes that of the remaining constraints.
    fn remove_if_entailed(&mut self, i: usize) -> Option<bool>;
    /// The maximum of slack `i` (`Some(None)` when unbounded or when it is not a slack any more).
    fn maximize_slack(&self, i: usize) -> Option<Option<Rational>>;
}

/// One dictionary row: `basic = constant + Σ coef[k]·(nonbasic column k)`.
#[derive(Clone, Debug)]
struct Row<F> {
    basic: usize,
    constant: F,
    coef: Vec<F>,
}

/// A simplex dictionary. Variable labels: `0..n` are the problem's (free) variables, `n + i` the
/// slack of constraint `i`, `n + m` the phase-1 auxiliary variable. Bland's rule orders by label.
#[derive(Clone, Debug)]
struct Dictionary<F> {
    n: usize,
    /// The labels of the nonbasic columns (each at value 0).
    labels: Vec<usize>,
    /// Rows whose basic variable is a slack (or the auxiliary): they must stay non-negative.
    rows: Vec<Row<F>>,
    /// Rows whose basic variable is a free variable: they only define its value.
    defs: Vec<Row<F>>,
    /// The objective being minimized.
    objective: Row<F>,
}

/// How a phase-2 (or phase-1) run ended.
enum Simplex {
    Optimal,
    Unbounded,
    /// The objective went below zero at a feasible basis (only when asked to stop there).
    Negative,
}

impl<F: Field> Dictionary<F> {
    /// Steps 1–3 of the module doc on the rows not `removed`: `None` on overflow, `Some(None)`
    /// when infeasible.
    fn build(n: usize, problem: &[(Vec<Rational>, Rational, Relation)], removed: &[bool]) -> Option<Option<Self>> {
        let mut rows = Vec::new();
        let mut equalities = Vec::new();
        for (i, (coef, constant, relation)) in problem.iter().enumerate() {
            if removed[i] {
                continue;
            }
            let coef = coef.iter().map(F::from_rational).collect::<Option<Vec<F>>>()?;
            rows.push(Row { basic: n + i, constant: F::from_rational(constant)?, coef });
            equalities.push(*relation == Relation::Eq);
        }
        let mut d = Dictionary {
            n,
            labels: (0..n).collect(),
            rows: Vec::new(),
            defs: Vec::new(),
            objective: Row { basic: usize::MAX, constant: F::nil(), coef: vec![F::nil(); n] },
        };
        // 1. Equalities: pivot a free variable in, then drop the (zero) slack. Rows are brought
        // up to date with the pivots made so far before they join the dictionary.
        let (equalities, inequalities): (Vec<_>, Vec<_>) = rows.into_iter().zip(equalities).partition(|(_, eq)| *eq);
        for (row, _) in equalities {
            let row = d.express(row)?;
            match (0..d.labels.len()).find(|&k| !row.coef[k].is_nil()) {
                Some(k) => {
                    d.rows.push(row);
                    d.pivot(0, k)?;
                    let def = d.rows.remove(0);
                    d.defs.push(def);
                    d.delete_column(k);
                }
                None if row.constant.is_nil() => {}
                None => return Some(None),
            }
        }
        for (row, _) in inequalities {
            let row = d.express(row)?;
            d.rows.push(row);
        }
        // 2. Free variables into the basis.
        let mut k = 0;
        while k < d.labels.len() {
            if d.labels[k] >= n {
                k += 1;
                continue;
            }
            match d.rows.iter().position(|row| !row.coef[k].is_nil()) {
                Some(r) => {
                    d.pivot(r, k)?;
                    let def = d.rows.remove(r);
                    d.defs.push(def);
                }
                // In no constraint row: it stays a nonbasic column (at 0 in the point) that no
                // pivot touches; an objective that depends on it is unbounded.
                None => k += 1,
            }
        }
        // 3. Phase 1.
        if d.rows.iter().any(|row| row.constant.below_zero()) && !d.phase1(n + problem.len())? {
            return Some(None);
        }
        Some(Some(d))
    }

    /// `row` (over the original free variables, as built) rewritten over the current nonbasic
    /// columns, substituting the free variables already made basic.
    fn express(&self, row: Row<F>) -> Option<Row<F>> {
        let mut out = Row { basic: row.basic, constant: row.constant, coef: vec![F::nil(); self.labels.len()] };
        for (j, c) in row.coef.iter().enumerate() {
            if c.is_nil() {
                continue;
            }
            if let Some(k) = self.labels.iter().position(|&l| l == j) {
                out.coef[k] = out.coef[k].plus(c)?;
            } else if let Some(def) = self.defs.iter().find(|def| def.basic == j) {
                out.constant = out.constant.plus(&c.times(&def.constant)?)?;
                for (k, a) in def.coef.iter().enumerate() {
                    out.coef[k] = out.coef[k].plus(&c.times(a)?)?;
                }
            }
        }
        Some(out)
    }

    /// Phase 1: whether the rows have a feasible solution (the dictionary is then feasible and
    /// the objective row zero).
    fn phase1(&mut self, aux: usize) -> Option<bool> {
        for row in &mut self.rows {
            row.coef.push(F::unit());
        }
        for row in &mut self.defs {
            row.coef.push(F::nil());
        }
        self.labels.push(aux);
        let column = self.labels.len() - 1;
        let mut w = vec![F::nil(); self.labels.len()];
        w[column] = F::unit();
        self.objective = Row { basic: usize::MAX, constant: F::nil(), coef: w };
        let worst = (0..self.rows.len()).min_by(|&a, &b| {
            self.rows[a].constant.cmp(&self.rows[b].constant).then(self.rows[a].basic.cmp(&self.rows[b].basic))
        })?;
        self.pivot(worst, column)?;
        match self.simplex(false)? {
            Simplex::Optimal => {}
            // The auxiliary objective is bounded below by 0: this cannot happen.
            Simplex::Unbounded | Simplex::Negative => return None,
        }
        let feasible = self.objective.constant.is_nil();
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
        self.objective = Row { basic: usize::MAX, constant: F::nil(), coef: vec![F::nil(); self.labels.len()] };
        Some(feasible)
    }

    /// Minimizes the objective row from a feasible dictionary with Bland's rule (`None` on
    /// overflow); with `stop_below_zero`, stops as soon as the objective's value is negative.
    fn simplex(&mut self, stop_below_zero: bool) -> Option<Simplex> {
        loop {
            if stop_below_zero && self.objective.constant.below_zero() {
                return Some(Simplex::Negative);
            }
            let entering =
                (0..self.labels.len()).filter(|&k| self.objective.coef[k].below_zero()).min_by_key(|&k| self.labels[k]);
            let Some(k) = entering else { return Some(Simplex::Optimal) };
            let Some(r) = self.ratio_test(k, true)? else { return Some(Simplex::Unbounded) };
            self.pivot(r, k)?;
        }
    }

    /// The row that limits column `k` when it grows (`increase`) or shrinks from 0, the smallest
    /// basic label among ties (`Some(None)` when no row limits it).
    fn ratio_test(&self, k: usize, increase: bool) -> Option<Option<usize>> {
        let mut best: Option<(usize, F)> = None;
        for (r, row) in self.rows.iter().enumerate() {
            let a = &row.coef[k];
            let limits = if increase { a.below_zero() } else { !a.is_nil() && !a.below_zero() };
            if !limits {
                continue;
            }
            let ratio = if increase { row.constant.over(&a.negated()?)? } else { row.constant.over(a)? };
            let better = match &best {
                None => true,
                Some((b, best_ratio)) => match ratio.cmp(best_ratio) {
                    Ordering::Less => true,
                    Ordering::Equal => row.basic < self.rows[*b].basic,
                    Ordering::Greater => false,
                },
            };
            if better {
                best = Some((r, ratio));
            }
        }
        Some(best.map(|(r, _)| r))
    }

    /// Exchanges the basic variable of `rows[r]` with nonbasic column `k` (whose coefficient in
    /// that row is non-zero).
    fn pivot(&mut self, r: usize, k: usize) -> Option<()> {
        let row = &self.rows[r];
        // column_k = (basic - constant - Σ_{l≠k} coef_l·column_l) / a
        let inverse = F::unit().over(&row.coef[k])?;
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
        for target in self.defs.iter_mut().chain(std::iter::once(&mut self.objective)) {
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
    }

    /// Sets the objective to `Σ coefficients·x` over the current nonbasic columns; `Some(false)`
    /// when it depends on a free variable that no constraint row mentions (so it is unbounded).
    fn set_objective(&mut self, coefficients: &[Rational]) -> Option<bool> {
        let mut objective = Row { basic: usize::MAX, constant: F::nil(), coef: vec![F::nil(); self.labels.len()] };
        for (j, c) in coefficients.iter().enumerate() {
            if c.is_zero() {
                continue;
            }
            let c = F::from_rational(c)?;
            if let Some(k) = self.labels.iter().position(|&l| l == j) {
                objective.coef[k] = objective.coef[k].plus(&c)?;
                continue;
            }
            let def = self.defs.iter().find(|def| def.basic == j)?;
            objective.constant = objective.constant.plus(&c.times(&def.constant)?)?;
            for (k, a) in def.coef.iter().enumerate() {
                objective.coef[k] = objective.coef[k].plus(&c.times(a)?)?;
            }
        }
        let free = (0..self.labels.len()).any(|k| self.labels[k] < self.n && !objective.coef[k].is_nil());
        self.objective = objective;
        Some(!free)
    }

    /// Makes slack `label` basic without losing feasibility and returns its row index; `Some(None)`
    /// when it is nonbasic and no row mentions it (it is then unconstrained by the rows) or when
    /// it is no slack of this dictionary.
    fn make_basic(&mut self, label: usize) -> Option<Option<usize>> {
        if let Some(r) = self.rows.iter().position(|row| row.basic == label) {
            return Some(Some(r));
        }
        let Some(k) = self.labels.iter().position(|&l| l == label) else { return Some(None) };
        // Move the slack up (rows with a negative coefficient limit it) or, failing that, down
        // (it is about to become free, so a negative value is fine); the other rows stay ≥ 0.
        let r = match self.ratio_test(k, true)? {
            Some(r) => r,
            None => match self.ratio_test(k, false)? {
                Some(r) => r,
                None => return Some(None),
            },
        };
        self.pivot(r, k)?;
        Some(Some(r))
    }
}

impl<F: Field> Solver for Dictionary<F> {
    fn is_exact(&self) -> bool {
        F::EXACT
    }

    fn point(&self) -> Vec<Rational> {
        let mut point = vec![Rational::zero(); self.n];
        for def in &self.defs {
            point[def.basic] = def.constant.exact();
        }
        point
    }

    fn minimize(&self, coefficients: &[Rational]) -> Option<Option<Reached>> {
        let mut d = self.clone();
        if !d.set_objective(coefficients)? {
            return Some(None);
        }
        match d.simplex(false)? {
            Simplex::Unbounded | Simplex::Negative => Some(None),
            Simplex::Optimal => Some(Some((d.objective.constant.exact(), d.point()))),
        }
    }

    fn remove_if_entailed(&mut self, i: usize) -> Option<bool> {
        let mut d = self.clone();
        let Some(r) = d.make_basic(self.n + i)? else { return Some(false) };
        // The slack is free from now on: its row leaves the constraints and becomes the objective.
        let row = d.rows.remove(r);
        d.objective = Row { basic: usize::MAX, constant: row.constant, coef: row.coef };
        // A feasible basis where the slack is negative already proves it is not entailed.
        let entailed = match d.simplex(true)? {
            Simplex::Unbounded | Simplex::Negative => false,
            Simplex::Optimal => !d.objective.constant.below_zero(),
        };
        if entailed {
            *self = d;
        }
        Some(entailed)
    }

    fn maximize_slack(&self, i: usize) -> Option<Option<Rational>> {
        let mut d = self.clone();
        let label = self.n + i;
        let mut objective = Row { basic: usize::MAX, constant: F::nil(), coef: vec![F::nil(); d.labels.len()] };
        if let Some(row) = d.rows.iter().find(|row| row.basic == label) {
            objective.constant = row.constant.negated()?;
            for (k, a) in row.coef.iter().enumerate() {
                objective.coef[k] = a.negated()?;
            }
        } else if let Some(k) = d.labels.iter().position(|&l| l == label) {
            objective.coef[k] = F::unit().negated()?;
        } else {
            return Some(None);
        }
        d.objective = objective;
        match d.simplex(false)? {
            Simplex::Unbounded | Simplex::Negative => Some(None),
            Simplex::Optimal => Some(Some(-d.objective.constant.exact())),
        }
    }
}

/// The exact field operations the simplex needs; `None` reports an overflow.
trait Field: Clone + Ord + Sized + 'static {
    /// Whether the type is big rationals (operations never overflow).
    const EXACT: bool;
    fn from_rational(r: &Rational) -> Option<Self>;
    fn exact(&self) -> Rational;
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
    const EXACT: bool = true;
    fn from_rational(r: &Rational) -> Option<Self> {
        Some(r.clone())
    }
    fn exact(&self) -> Rational {
        self.clone()
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
        if let (Ok(n), Ok(d)) = (i64::try_from(n), i64::try_from(d)) {
            return Small::new64(n, d);
        }
        if d == 0 {
            return None;
        }
        let g = gcd128(n.unsigned_abs(), d.unsigned_abs()) as i128;
        let (mut n, mut d) = (n / g, d / g);
        if d < 0 {
            (n, d) = (-n, -d);
        }
        Some(Small { n: i64::try_from(n).ok()?, d: i64::try_from(d).ok()? })
    }

    /// `n / d` reduced with 64-bit operations only.
    fn new64(n: i64, d: i64) -> Option<Small> {
        if d == 0 {
            return None;
        }
        if d == 1 {
            return Some(Small { n, d });
        }
        let g = gcd64(n.unsigned_abs(), d.unsigned_abs());
        // g ≥ 1 divides both; only i64::MIN / 1 could overflow a negation below.
        let (n, d) = (n / g as i64, d / g as i64);
        if d < 0 { Some(Small { n: n.checked_neg()?, d: d.checked_neg()? }) } else { Some(Small { n, d }) }
    }
}

/// Binary gcd over `u128` (`gcd(0, b) = b`).
fn gcd128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
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

/// Binary gcd over `u64` (`gcd(0, b) = b`).
fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
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
        if self.d == other.d {
            return self.n.cmp(&other.n);
        }
        (self.n as i128 * other.d as i128).cmp(&(other.n as i128 * self.d as i128))
    }
}

impl PartialOrd for Small {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Field for Small {
    const EXACT: bool = false;
    fn from_rational(r: &Rational) -> Option<Self> {
        use num_traits::ToPrimitive;
        Some(Small { n: r.numer().to_i64()?, d: r.denom().to_i64()? })
    }
    fn exact(&self) -> Rational {
        Rational::new(Integer::from(self.n), Integer::from(self.d))
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
        if self.n == 0 {
            return Some(*other);
        }
        if other.n == 0 {
            return Some(*self);
        }
        if self.d == other.d {
            return match self.n.checked_add(other.n) {
                Some(n) => Small::new64(n, self.d),
                None => Small::new(self.n as i128 + other.n as i128, self.d as i128),
            };
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
        if let (Some(n), Some(d)) = (self.n.checked_mul(other.n), self.d.checked_mul(other.d)) {
            return Small::new64(n, d);
        }
        Small::new(self.n as i128 * other.n as i128, self.d as i128 * other.d as i128)
    }
    fn over(&self, other: &Self) -> Option<Self> {
        if let (Some(n), Some(d)) = (self.n.checked_mul(other.d), self.d.checked_mul(other.n)) {
            return Small::new64(n, d);
        }
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

        /// A tableau's queries agree with fresh LPs over the constraints it still holds: every
        /// inequality is tried for removal in turn, then the survivors are maximized, and its
        /// point satisfies everything.
        #[test]
        fn tableau_queries_agree_with_fresh_problems((_n, cs, coefs) in problem()) {
            let Some(mut tableau) = Tableau::new(&cs) else {
                prop_assert_eq!(minimize(&Affine::zero(), &cs), LpResult::Infeasible);
                return Ok(());
            };
            let point = tableau.point();
            let at = |v: &usize| Some(point.get(v).cloned().unwrap_or_else(Rational::zero));
            for c in &cs {
                prop_assert_eq!(c.holds(at), Some(true));
            }
            let mut alive = vec![true; cs.len()];
            let remaining = |alive: &[bool], except: Option<usize>| -> Vec<Constraint<usize>> {
                cs.iter().enumerate().filter(|&(j, _)| alive[j] && Some(j) != except).map(|(_, c)| c.clone()).collect()
            };
            for i in 0..cs.len() {
                let fresh = minimize(&cs[i].expr, &remaining(&alive, Some(i)));
                let entailed = cs[i].relation == Relation::Ge
                    && fresh.value().is_some_and(|v| !v.is_negative());
                prop_assert_eq!(tableau.remove_if_entailed(i), entailed, "constraint {}", i);
                if entailed {
                    alive[i] = false;
                }
            }
            let objective = int_lin(1, &coefs);
            let (ours, fresh) = (tableau.minimize(&objective), minimize(&objective, &remaining(&alive, None)));
            prop_assert_eq!(ours.value(), fresh.value());
            for i in 0..cs.len() {
                if alive[i] && cs[i].relation == Relation::Ge {
                    let fresh = maximize(&cs[i].expr, &remaining(&alive, None));
                    let ours = tableau.maximize_constraint(i);
                    prop_assert_eq!(ours.as_ref(), fresh.value());
                }
            }
        }
    }
}
