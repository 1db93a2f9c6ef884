//! Induction variables of one loop path and their closed forms (proteus-tse19 §3.2, §4.2).
//!
//! A path updates its variables simultaneously, each by a polynomial over their values before
//! it (an affine form from `leapfrog-paths`, or a polynomial where the path crosses an inner
//! loop's summary), or by something else (a load, an input: unknown). After
//! `n` consecutive executions, a variable is:
//! - *unchanged*: `x(n) = x`;
//! - *constant*: assigned a value that does not change (`x = y + 1` with `y` unchanged), from the
//!   first execution on;
//! - *arithmetic*: `x(n) = x + n·d` (`d` may involve unchanged variables: `x += y`);
//! - *geometric*: `x(n) = a^n·(x − f) + f` for `x = a·x + b` (`f` the fixed point);
//! - *polynomial*: of degree ≥ 2 in `n`, from an update adding an arithmetic or polynomial
//!   variable (`m += i − j` with `j` arithmetic: the paper's `m_n`);
//! - a *non-induction variable* (NIV) otherwise: its update is not affine, depends on a NIV, is
//!   part of a cycle of variables updating each other (`swap`), or would need a geometric term
//!   in a sum.
//!
//! The closed forms are computed in dependency order: `x' = a·x + g` with `g` a polynomial of
//! variables already solved (each replaced by its sequence) gives `x(n) = x(s) − G(s) + G(n)`
//! for `a = 1` (`G` the prefix sum of `g`, `s` the first `n` from which `g`'s closed form holds),
//! `x(n) = g(n − 1)` for `a = 0`, and the geometric form for any other `a` when `g` is constant
//! in `n`. Each closed form is then proven by induction with Z3 ([`prove`]) before it is used:
//! the algebra here is not trusted.
//!
//! The update of a path is exact over the integers *within the path*: wrap-around cases are
//! separate paths (`leapfrog-paths`), so a closed form holds for as long as every execution stays
//! in the path, which is what the path dependency automaton checks.

use crate::poly::{Atom, Poly};
use crate::sequence::{Initial, Sequence, pow};
use leapfrog_ir::{Id, VarId};
use leapfrog_linear::{Rational, rational};
use leapfrog_paths::linear::{Lin, Sym};
use leapfrog_paths::{LinPath, LoopPaths};
use leapfrog_smt::z3::ast::{Bool, Real};
use leapfrog_smt::{QueryLimits, Solver};
use num_traits::{One, Zero};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// How a variable changes over consecutive executions of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    Unchanged,
    Constant,
    Arithmetic,
    Geometric,
    Polynomial {
        degree: usize,
    },
    /// Why no closed form is known.
    NonInduction(String),
}

impl Class {
    /// The name used in reports.
    pub fn name(&self) -> &'static str {
        match self {
            Class::Unchanged => "unchanged",
            Class::Constant => "constant",
            Class::Arithmetic => "arithmetic",
            Class::Geometric => "geometric",
            Class::Polynomial { .. } => "polynomial",
            Class::NonInduction(_) => "non-induction",
        }
    }

    pub fn is_induction(&self) -> bool {
        !matches!(self, Class::NonInduction(_))
    }
}

/// The value of a variable after `n` consecutive executions of a path, for every `n ≥ from`
/// (below, it is the value the first executions compute one by one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedForm {
    pub from: u32,
    pub value: Sequence,
}

/// The variables of one path with their classes and closed forms.
#[derive(Clone, Debug)]
pub struct PathInduction {
    pub vars: BTreeMap<VarId, (Class, Option<ClosedForm>)>,
}

/// A path's one-step update: per variable, its new value as a polynomial over the values
/// before the step (`None`: not known). Variables without an entry are unchanged.
pub type Updates = BTreeMap<VarId, Option<Initial>>;

/// The update of `path` of `paths`, over the program's variables: an auxiliary symbol is known
/// only where `defined` gives its value (a polynomial over the values before the step, as for
/// what an inner loop's summary computes); otherwise it makes the update unknown.
pub fn updates_of(paths: &LoopPaths, path: &LinPath, defined: &BTreeMap<Sym, Poly>) -> Updates {
    let mut out = Updates::new();
    for (v, s) in &paths.pre {
        let Some(lin) = path.post.get(s) else { continue };
        out.insert(*v, lin_poly(paths, lin, defined));
    }
    out
}

/// `lin` as a polynomial over the values before the step (`None`: it mentions an auxiliary
/// symbol `defined` does not give).
pub fn lin_poly(paths: &LoopPaths, lin: &Lin, defined: &BTreeMap<Sym, Poly>) -> Option<Poly> {
    let mut out = Poly::constant(rational(lin.constant));
    for (sym, c) in &lin.terms {
        let value = match paths.var_of(*sym) {
            Some(v) => Poly::var(v),
            None => defined.get(sym)?.clone(),
        };
        out = out.add_scaled(&rational(*c), &value);
    }
    Some(out)
}

/// At most this many executions are unrolled to reach the point from which a closed form holds.
const MAX_UNROLL: u32 = 8;

/// The classes and closed forms of `vars` under `updates` (each closed form proven with Z3;
/// one that is not proven makes its variable a NIV).
pub fn analyze(vars: &BTreeSet<VarId>, updates: &Updates, deadline: Option<Instant>) -> PathInduction {
    let mut out: BTreeMap<VarId, (Class, Option<ClosedForm>)> = BTreeMap::new();
    let update = |v: VarId| -> Option<Initial> {
        match updates.get(&v) {
            None => Some(Poly::var(v)),
            Some(u) => u.clone(),
        }
    };
    let all: BTreeSet<VarId> = vars.iter().copied().chain(updates.keys().copied()).collect();
    // Dependencies between changed variables (other than on themselves).
    let deps = |v: VarId| -> BTreeSet<VarId> {
        update(v).map(|u| u.vars().into_iter().filter(|w| *w != v).collect()).unwrap_or_default()
    };
    // Solve in dependency order; what cannot be ordered is part of a cycle.
    let mut pending: BTreeSet<VarId> = all.clone();
    while !pending.is_empty() {
        let ready: Vec<VarId> = pending
            .iter()
            .copied()
            .filter(|v| !updates.contains_key(v) || deps(*v).iter().all(|w| !pending.contains(w)))
            .collect();
        if ready.is_empty() {
            for v in std::mem::take(&mut pending) {
                out.insert(
                    v,
                    (
                        Class::NonInduction(
                            "it depends on a cycle of variables updating each other (as in a swap)".into(),
                        ),
                        None,
                    ),
                );
            }
            break;
        }
        for v in ready {
            pending.remove(&v);
            let solved = solve(v, update(v), &out, updates);
            out.insert(v, solved);
        }
    }
    // Every closed form is proven before it is used; a NIV poisons nothing already proven (each
    // form only mentions initial values).
    let forms: BTreeMap<VarId, ClosedForm> = out.iter().filter_map(|(v, (_, f))| f.clone().map(|f| (*v, f))).collect();
    let solver = Solver::new(PROOF_LIMITS, deadline);
    for (v, (class, form)) in out.iter_mut() {
        // An unchanged variable's form is its own initial value: nothing to prove.
        if form.is_some() && updates.contains_key(v) && !prove_with(&solver, *v, &forms, updates) {
            *class = Class::NonInduction("its closed form was not proven".into());
            *form = None;
        }
    }
    PathInduction { vars: out }
}

/// The class and closed form of `v` with update `update`, the variables it depends on solved in
/// `solved`.
fn solve(
    v: VarId,
    update: Option<Initial>,
    solved: &BTreeMap<VarId, (Class, Option<ClosedForm>)>,
    updates: &Updates,
) -> (Class, Option<ClosedForm>) {
    let niv = |why: &str| (Class::NonInduction(why.to_string()), None);
    let Some(update) = update else { return niv("its update is not a polynomial in the variables") };
    if !updates.contains_key(&v) {
        return (Class::Unchanged, Some(ClosedForm { from: 0, value: Sequence::constant(Poly::var(v)) }));
    }
    // x' = a·x + g, with g over solved variables.
    let Some((a, rest)) = update.linear_in(Atom::Var(v)) else {
        return niv("its update multiplies it by a variable or a power of it");
    };
    let mut from = 0;
    for w in rest.vars() {
        match solved.get(&w) {
            Some((_, Some(form))) => from = from.max(form.from),
            Some((Class::NonInduction(_), _)) => return niv("it depends on a non-induction variable"),
            _ => return niv("it depends on a variable without a closed form"),
        }
    }
    let form = |w: VarId| solved.get(&w).and_then(|(_, f)| f.as_ref()).map(|f| f.value.clone());
    let Some(g) = Sequence::of_poly(&rest, &form) else {
        return niv("it combines geometric sequences (different bases, or a product)");
    };
    let unrolled = |s: u32| unroll(v, s, updates);
    if a.is_one() {
        let Some(sum) = g.prefix_sum() else { return niv("it accumulates a geometric sequence") };
        // x(n) = x(s) − G(s) + G(n).
        let Some(start) = unrolled(from) else { return niv("its start could not be unrolled") };
        let offset = start.sub(&sum.at(i128::from(from)));
        let Some(value) = sum.add_scaled(&rational(1), &Sequence::constant(offset)) else {
            return niv("it accumulates a geometric sequence");
        };
        let class = match (value.degree(), &value.geometric) {
            (_, Some(_)) => Class::Geometric,
            // Unchanged only when it is its own start from the first run on; `x += j; j = 0`
            // moves x once, then no more: a constant from run 1 on.
            (0, None) if from == 0 && value.poly[0] == Poly::var(v) => Class::Unchanged,
            (0, None) => Class::Constant,
            (1, None) => Class::Arithmetic,
            (d, None) => Class::Polynomial { degree: d },
        };
        (class, Some(ClosedForm { from, value }))
    } else if a.is_zero() {
        // x(n) = g(n − 1) once g's form holds at n − 1.
        let value = g.shifted_back();
        let class = match (value.degree(), &value.geometric) {
            (_, Some(_)) => Class::Geometric,
            (0, None) => Class::Constant,
            (1, None) => Class::Arithmetic,
            (d, None) => Class::Polynomial { degree: d },
        };
        (class, Some(ClosedForm { from: from + 1, value }))
    } else {
        if g.degree() > 0 || g.geometric.is_some() {
            return niv("it scales itself and adds a changing value");
        }
        // x(n) = a^(n−s)·(x(s) − f) + f, with the fixed point f = g / (1 − a).
        let fixed = g.poly[0].scale(&(Rational::one() - &a).recip());
        let Some(start) = unrolled(from) else { return niv("its start could not be unrolled") };
        let coefficient = start.sub(&fixed).scale(&pow(&a, -i128::from(from)));
        let value = Sequence::new(vec![fixed], Some((a, coefficient)));
        let class = if value.geometric.is_some() { Class::Geometric } else { Class::Constant };
        (class, Some(ClosedForm { from, value }))
    }
}

/// The value of `v` after `steps` executions of the path, as a polynomial over the initial
/// values (`None`: the update of `v` or of a variable it depends on is unknown, or too many
/// steps). Variables `v` does not depend on do not matter (a path may load into another).
fn unroll(v: VarId, steps: u32, updates: &Updates) -> Option<Initial> {
    if steps > MAX_UNROLL {
        return None;
    }
    // The variables `v`'s value depends on, `v` included.
    let mut needed: BTreeSet<VarId> = BTreeSet::from([v]);
    let mut work = vec![v];
    while let Some(w) = work.pop() {
        if let Some(u) = updates.get(&w) {
            for x in u.as_ref()?.vars() {
                if needed.insert(x) {
                    work.push(x);
                }
            }
        }
    }
    let mut state: BTreeMap<VarId, Initial> = BTreeMap::new();
    for _ in 0..steps {
        let mut next = state.clone();
        let current: BTreeMap<Atom, Poly> = state.iter().map(|(x, p)| (Atom::Var(*x), p.clone())).collect();
        for (w, u) in updates.iter().filter(|(w, _)| needed.contains(w)) {
            next.insert(*w, u.as_ref()?.substitute_all(&current));
        }
        state = next;
    }
    Some(state.get(&v).cloned().unwrap_or_else(|| Poly::var(v)))
}

/// The limit of one induction proof. Z3's resource limit is not polled everywhere (its non-linear
/// core squared ever larger numbers for minutes on one proof), so a timer bounds it too.
const PROOF_LIMITS: QueryLimits = QueryLimits { timeout: Duration::from_millis(500), rlimit: 5_000_000 };

/// Whether Z3 proves by induction that `forms[v]` is `v`'s value after `n ≥ from` executions:
/// it holds at `from` (against the unrolled value), and one more execution of the update, with
/// every variable at its closed form, gives the form at `n + 1` (over the reals, `n` and the
/// initial values free, `a^n` of each geometric term a free variable `p` with `a^(n+1) = a·p`).
pub fn prove(v: VarId, forms: &BTreeMap<VarId, ClosedForm>, updates: &Updates) -> bool {
    let solver = Solver::new(PROOF_LIMITS, None);
    prove_with(&solver, v, forms, updates)
}

/// [`prove`] on `solver` (its assertions are left as they were).
fn prove_with(solver: &Solver, v: VarId, forms: &BTreeMap<VarId, ClosedForm>, updates: &Updates) -> bool {
    let Some(form) = forms.get(&v) else { return false };
    let n = Real::new_const("pf_n");
    let initial = |x: &VarId| Real::new_const(format!("pf_x{}", x.index()));
    // Base: the form at `from` is the unrolled value.
    let Some(start) = unroll(v, form.from, updates) else { return false };
    let base = poly_real(&start, &|x| Some(initial(x)));
    let Some(at_from) =
        sequence_real(&form.value, &Real::from_rational_str(&form.from.to_string(), "1").unwrap(), &initial, |a| {
            rational_real(&pow(a, i128::from(form.from)))
        })
    else {
        return false;
    };
    // Step, for n ≥ from: update(forms(n)) == form(n + 1).
    // `a^n`, one variable per base.
    let power = |a: &Rational| Real::new_const(format!("pf_pow_{}_{}", a.numer(), a.denom()));
    let value_at_n = |x: &VarId| -> Option<Real> {
        let f = forms.get(x)?;
        sequence_real(&f.value, &n, &initial, power)
    };
    let update = match updates.get(&v) {
        None => Poly::var(v),
        Some(u) => match u {
            Some(u) => u.clone(),
            None => return false,
        },
    };
    let Some(after) = poly_real(&update, &value_at_n) else { return false };
    let next = Real::add(&[n.clone(), Real::from_rational_str("1", "1").unwrap()]);
    let Some(at_next) = sequence_real(&form.value, &next, &initial, |a| Real::mul(&[rational_real(a), power(a)]))
    else {
        return false;
    };
    let step = after.eq(&at_next);
    let Some(base) = base else { return false };
    let claim = Bool::and(&[base.eq(&at_from), step]);
    solver.push();
    solver.assert(&claim.not());
    let proven = solver.proves_unsat(&[]);
    solver.pop();
    proven
}

fn rational_real(r: &Rational) -> Real {
    Real::from_rational_str(&r.numer().to_string(), &r.denom().to_string()).expect("a rational numeral")
}

/// `p` over the reals, each variable the term `value` gives it (`None` when one has none).
fn poly_real(p: &Poly, value: &dyn Fn(&VarId) -> Option<Real>) -> Option<Real> {
    let mut terms = vec![Real::from_rational_str("0", "1").expect("a numeral")];
    for (monomial, c) in &p.terms {
        let mut factors = vec![rational_real(c)];
        for (atom, e) in monomial {
            let Atom::Var(x) = atom else { return None };
            let term = value(x)?;
            factors.extend(std::iter::repeat_n(term, *e as usize));
        }
        terms.push(Real::mul(&factors));
    }
    Some(Real::add(&terms))
}

/// `s(n)` with `geometric(a)` standing for `a^n`.
fn sequence_real(
    s: &Sequence,
    n: &Real,
    initial: &dyn Fn(&VarId) -> Real,
    geometric: impl Fn(&Rational) -> Real,
) -> Option<Real> {
    let mut terms = Vec::new();
    let mut power = Real::from_rational_str("1", "1").unwrap();
    let coefficient = |c: &Initial| poly_real(c, &|x| Some(initial(x)));
    for c in &s.poly {
        terms.push(Real::mul(&[coefficient(c)?, power.clone()]));
        power = Real::mul(&[power, n.clone()]);
    }
    if let Some((a, c)) = &s.geometric {
        terms.push(Real::mul(&[coefficient(c)?, geometric(a)]));
    }
    Some(Real::add(&terms))
}
