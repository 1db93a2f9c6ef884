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
//! Arithmetic runs first over machine integers: each dictionary row is kept as integers over one
//! positive common denominator, every operation overflow-checked; when one overflows, the same
//! work is redone over big rationals, so answers are always exact and the machine path is only
//! faster.

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
        let solver: Box<dyn Solver> = match Dictionary::<i64>::build(vars.len(), &rows, &removed) {
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
    let mut out = vec![<Rational as Zero>::zero(); index.len()];
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

/// One dictionary row: `den·basic = constant + Σ coef[k]·(nonbasic column k)` with `den > 0`.
/// Over machine integers the entries are integers in lowest terms together (one gcd per row
/// instead of one per fraction); over big rationals `den` is kept at 1.
#[derive(Clone, Debug)]
struct Row<F> {
    basic: usize,
    den: F,
    constant: F,
    coef: Vec<F>,
}

impl<F: Field> Row<F> {
    /// The row `0` over `width` columns.
    fn zero(basic: usize, width: usize) -> Self {
        Row { basic, den: F::unit(), constant: F::nil(), coef: vec![F::nil(); width] }
    }

    /// The value of the basic variable when every column is 0.
    fn value(&self) -> Rational {
        F::ratio(&self.constant, &self.den)
    }

    /// `self += (p/q)·source` (`q > 0`), brought to lowest terms.
    fn add_multiple(&mut self, p: &F, q: &F, source: &Row<F>) -> Option<()> {
        if p.is_nil() {
            return Some(());
        }
        // t/dt + (p/q)·(s/ds) = (t·q·ds + p·dt·s) / (dt·q·ds)
        let m1 = q.product(&source.den)?;
        let m2 = p.product(&self.den)?;
        self.den = self.den.product(&m1)?;
        self.constant = F::linear(&self.constant, &m1, &m2, &source.constant)?;
        for (t, s) in self.coef.iter_mut().zip(&source.coef) {
            *t = F::linear(t, &m1, &m2, s)?;
        }
        F::reduce(self)
    }

    /// `-self`.
    fn negated(&self) -> Option<Self> {
        let coef = self.coef.iter().map(F::negated).collect::<Option<Vec<F>>>()?;
        Some(Row { basic: self.basic, den: self.den.clone(), constant: self.constant.negated()?, coef })
    }
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
        let mut equalities = Vec::new();
        let mut inequalities = Vec::new();
        for (i, (coef, constant, relation)) in problem.iter().enumerate() {
            if removed[i] {
                continue;
            }
            let mut values = coef.clone();
            values.push(constant.clone());
            let (mut numerators, den) = F::common(&values)?;
            let constant = numerators.pop()?;
            let row = Row { basic: n + i, den, constant, coef: numerators };
            if *relation == Relation::Eq { equalities.push(row) } else { inequalities.push(row) }
        }
        let mut d = Dictionary {
            n,
            labels: (0..n).collect(),
            rows: Vec::new(),
            defs: Vec::new(),
            objective: Row::zero(usize::MAX, n),
        };
        // 1. Equalities: pivot a free variable in, then drop the (zero) slack. Rows are brought
        // up to date with the pivots made so far before they join the dictionary.
        for row in equalities {
            let row = d.express(&row)?;
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
        for row in inequalities {
            let row = d.express(&row)?;
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
    fn express(&self, row: &Row<F>) -> Option<Row<F>> {
        let mut out = Row {
            basic: row.basic,
            den: row.den.clone(),
            constant: row.constant.clone(),
            coef: vec![F::nil(); self.labels.len()],
        };
        for (j, c) in row.coef.iter().enumerate() {
            if c.is_nil() {
                continue;
            }
            if let Some(k) = self.labels.iter().position(|&l| l == j) {
                out.coef[k] = F::linear(&out.coef[k], &F::unit(), c, &F::unit())?;
            }
        }
        // (Columns first: they share `row`'s denominator, which the additions below change.)
        for (j, c) in row.coef.iter().enumerate() {
            if c.is_nil() {
                continue;
            }
            if let Some(def) = self.defs.iter().find(|def| def.basic == j) {
                out.add_multiple(c, &row.den, def)?;
            }
        }
        Some(out)
    }

    /// Phase 1: whether the rows have a feasible solution (the dictionary is then feasible and
    /// the objective row zero).
    fn phase1(&mut self, aux: usize) -> Option<bool> {
        for row in &mut self.rows {
            // The auxiliary variable's coefficient 1, over the row's denominator.
            let one = row.den.clone();
            row.coef.push(one);
        }
        for row in &mut self.defs {
            row.coef.push(F::nil());
        }
        self.labels.push(aux);
        let column = self.labels.len() - 1;
        self.objective = Row::zero(usize::MAX, self.labels.len());
        self.objective.coef[column] = F::unit();
        let worst = (0..self.rows.len()).min_by(|&a, &b| {
            let (ra, rb) = (&self.rows[a], &self.rows[b]);
            F::compare(&ra.constant, &ra.den, &rb.constant, &rb.den).then(ra.basic.cmp(&rb.basic))
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
        self.objective = Row::zero(usize::MAX, self.labels.len());
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
    /// basic label among ties (`Some(None)` when no row limits it). A row
    /// `den·b = c + a·t` (others at 0) limits `t` at `c / -a` (growing, `a < 0`) or `c / a`
    /// (shrinking, `a > 0`); the denominator cancels.
    fn ratio_test(&self, k: usize, increase: bool) -> Option<Option<usize>> {
        let mut best: Option<(usize, F)> = None;
        for (r, row) in self.rows.iter().enumerate() {
            let a = &row.coef[k];
            let limits = if increase { a.below_zero() } else { !a.is_nil() && !a.below_zero() };
            if !limits {
                continue;
            }
            let step = if increase { a.negated()? } else { a.clone() };
            let better = match &best {
                None => true,
                Some((b, best_step)) => match F::compare(&row.constant, &step, &self.rows[*b].constant, best_step) {
                    Ordering::Less => true,
                    Ordering::Equal => row.basic < self.rows[*b].basic,
                    Ordering::Greater => false,
                },
            };
            if better {
                best = Some((r, step));
            }
        }
        Some(best.map(|(r, _)| r))
    }

    /// Exchanges the basic variable of `rows[r]` with nonbasic column `k` (whose coefficient in
    /// that row is non-zero).
    fn pivot(&mut self, r: usize, k: usize) -> Option<()> {
        let row = &self.rows[r];
        let a = &row.coef[k];
        // den·b = c + Σ a_l·y_l + a·y_k gives |a|·y_k = ∓c ∓ Σ a_l·y_l ± den·b (upper signs for a > 0).
        let flip = a.below_zero();
        let sign = |v: &F| if flip { Some(v.clone()) } else { v.negated() };
        let mut coef = Vec::with_capacity(row.coef.len());
        for (l, c) in row.coef.iter().enumerate() {
            coef.push(if l == k { if flip { row.den.negated()? } else { row.den.clone() } } else { sign(c)? });
        }
        let den = if flip { a.negated()? } else { a.clone() };
        let mut new = Row { basic: self.labels[k], den, constant: sign(&row.constant)?, coef };
        F::reduce(&mut new)?;
        self.labels[k] = row.basic;
        // A row dt·x = ct + Σ t_l·y_l + t_k·y_k with dn·y_k = cn + Σ n_l·y_l + n_k·z becomes
        // (dt·dn)·x = (dn·ct + t_k·cn) + Σ (dn·t_l + t_k·n_l)·y_l + (t_k·n_k)·z.
        let substitute = |target: &mut Row<F>| -> Option<()> {
            let tk = target.coef[k].clone();
            if tk.is_nil() {
                return Some(());
            }
            target.den = target.den.product(&new.den)?;
            target.constant = F::linear(&new.den, &target.constant, &tk, &new.constant)?;
            for (l, c) in new.coef.iter().enumerate() {
                target.coef[l] = if l == k { tk.product(c)? } else { F::linear(&new.den, &target.coef[l], &tk, c)? };
            }
            F::reduce(target)
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
        let width = self.labels.len();
        let mut objective = Row::zero(usize::MAX, width);
        for (j, c) in coefficients.iter().enumerate() {
            if Zero::is_zero(c) {
                continue;
            }
            let (p, q) = F::common(std::slice::from_ref(c))?;
            let p = p.into_iter().next()?;
            if let Some(k) = self.labels.iter().position(|&l| l == j) {
                let mut unit = Row::zero(usize::MAX, width);
                unit.coef[k] = F::unit();
                objective.add_multiple(&p, &q, &unit)?;
            } else {
                let def = self.defs.iter().find(|def| def.basic == j)?;
                objective.add_multiple(&p, &q, def)?;
            }
        }
        let free = (0..width).any(|k| self.labels[k] < self.n && !objective.coef[k].is_nil());
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
        let mut point = vec![<Rational as Zero>::zero(); self.n];
        for def in &self.defs {
            point[def.basic] = def.value();
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
            Simplex::Optimal => Some(Some((d.objective.value(), d.point()))),
        }
    }

    fn remove_if_entailed(&mut self, i: usize) -> Option<bool> {
        let mut d = self.clone();
        let Some(r) = d.make_basic(self.n + i)? else { return Some(false) };
        // The slack is free from now on: its row leaves the constraints and becomes the objective.
        let row = d.rows.remove(r);
        d.objective = Row { basic: usize::MAX, ..row };
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
        let objective = if let Some(row) = d.rows.iter().find(|row| row.basic == label) {
            row.negated()?
        } else if let Some(k) = d.labels.iter().position(|&l| l == label) {
            let mut unit = Row::zero(usize::MAX, d.labels.len());
            unit.coef[k] = F::unit().negated()?;
            unit
        } else {
            return Some(None);
        };
        d.objective = objective;
        match d.simplex(false)? {
            Simplex::Unbounded | Simplex::Negative => Some(None),
            Simplex::Optimal => Some(Some(-d.objective.value())),
        }
    }
}

/// The number types of the dictionary; `None` reports an overflow.
trait Field: Clone + Sized + 'static {
    /// Whether the type is big rationals (operations never overflow).
    const EXACT: bool;
    fn nil() -> Self;
    fn unit() -> Self;
    fn is_nil(&self) -> bool;
    fn below_zero(&self) -> bool;
    fn negated(&self) -> Option<Self>;
    fn product(&self, other: &Self) -> Option<Self>;
    /// `a·b + c·d`.
    fn linear(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self>;
    /// Compares `n1/d1` with `n2/d2` (`d1, d2 > 0`).
    fn compare(n1: &Self, d1: &Self, n2: &Self, d2: &Self) -> Ordering;
    /// `n/d` exactly (`d > 0`).
    fn ratio(n: &Self, d: &Self) -> Rational;
    /// `values` over a common positive denominator: the numerators and the denominator.
    fn common(values: &[Rational]) -> Option<(Vec<Self>, Self)>;
    /// Brings a row's entries and denominator to lowest terms.
    fn reduce(row: &mut Row<Self>) -> Option<()>;
}

impl Field for Rational {
    const EXACT: bool = true;
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
    fn product(&self, other: &Self) -> Option<Self> {
        Some(self * other)
    }
    fn linear(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self> {
        Some(a * b + c * d)
    }
    fn compare(n1: &Self, d1: &Self, n2: &Self, d2: &Self) -> Ordering {
        (n1 / d1).cmp(&(n2 / d2))
    }
    fn ratio(n: &Self, d: &Self) -> Rational {
        n / d
    }
    fn common(values: &[Rational]) -> Option<(Vec<Self>, Self)> {
        Some((values.to_vec(), One::one()))
    }
    fn reduce(row: &mut Row<Self>) -> Option<()> {
        if !One::is_one(&row.den) {
            let den = std::mem::replace(&mut row.den, One::one());
            row.constant /= &den;
            for c in &mut row.coef {
                *c /= &den;
            }
        }
        Some(())
    }
}

impl Field for i64 {
    const EXACT: bool = false;
    fn nil() -> Self {
        0
    }
    fn unit() -> Self {
        1
    }
    fn is_nil(&self) -> bool {
        *self == 0
    }
    fn below_zero(&self) -> bool {
        *self < 0
    }
    fn negated(&self) -> Option<Self> {
        self.checked_neg()
    }
    fn product(&self, other: &Self) -> Option<Self> {
        self.checked_mul(*other)
    }
    fn linear(a: &Self, b: &Self, c: &Self, d: &Self) -> Option<Self> {
        i64::try_from(*a as i128 * *b as i128 + *c as i128 * *d as i128).ok()
    }
    fn compare(n1: &Self, d1: &Self, n2: &Self, d2: &Self) -> Ordering {
        (*n1 as i128 * *d2 as i128).cmp(&(*n2 as i128 * *d1 as i128))
    }
    fn ratio(n: &Self, d: &Self) -> Rational {
        Rational::new(Integer::from(*n), Integer::from(*d))
    }
    fn common(values: &[Rational]) -> Option<(Vec<Self>, Self)> {
        use num_integer::Integer as _;
        use num_traits::ToPrimitive;
        let den = values.iter().fold(Integer::one(), |acc, v| acc.lcm(v.denom()));
        let numerators =
            values.iter().map(|v| (v.numer() * (&den / v.denom())).to_i64()).collect::<Option<Vec<i64>>>()?;
        Some((numerators, den.to_i64()?))
    }
    fn reduce(row: &mut Row<Self>) -> Option<()> {
        // Small entries are left as they are: the next pivot's products still fit, and a gcd pass
        // (with its divisions) costs more than it saves.
        let magnitude =
            row.coef.iter().fold(row.den.unsigned_abs() | row.constant.unsigned_abs(), |m, c| m | c.unsigned_abs());
        if magnitude < 1 << 26 {
            return Some(());
        }
        let mut g = gcd(row.den.unsigned_abs(), row.constant.unsigned_abs());
        for c in &row.coef {
            if g == 1 {
                return Some(());
            }
            g = gcd(g, c.unsigned_abs());
        }
        if g > 1 {
            // g divides every entry, and g ≤ den ≤ i64::MAX.
            let g = i64::try_from(g).ok()?;
            row.den /= g;
            row.constant /= g;
            for c in &mut row.coef {
                *c /= g;
            }
        }
        Some(())
    }
}

/// Binary gcd (`gcd(0, b) = b`).
fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    if a == 1 || b == 1 {
        return 1;
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

    /// A constraint with small coefficients, sometimes scaled by a large factor (the same set of
    /// points, but arithmetic that overflows `i64` and falls back to big rationals).
    fn small_constraint(n: usize) -> impl Strategy<Value = Constraint<usize>> {
        let scale = prop_oneof![4 => Just(1i128), 1 => Just((1i128 << 61) + 1), 1 => Just(3i128.pow(37))];
        (proptest::collection::vec(-3i128..=3, n), -5i128..=5, 0..4u8, scale).prop_map(|(coefs, c, kind, k)| {
            let coefs: Vec<i128> = coefs.iter().map(|a| a * k).collect();
            if kind == 0 { eq(c * k, &coefs) } else { ge(c * k, &coefs) }
        })
    }

    fn problem() -> impl Strategy<Value = (usize, Vec<Constraint<usize>>, Vec<i128>)> {
        (1usize..=3).prop_flat_map(|n| {
            (Just(n), proptest::collection::vec(small_constraint(n), 0..=6), proptest::collection::vec(-3i128..=3, n))
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, rng_seed: proptest::test_runner::RngSeed::Fixed(0x1eaf_f20c), ..ProptestConfig::default() })]

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
