//! Invariant candidates from the closed forms of induction variables (proteus-tse19 §4.2, put
//! to the use of §7.2).
//!
//! A variable that every path of a loop updates the same way has one closed form in the number
//! of iterations `k` (`leapfrog_proteus::induction`). A *clock* is such a variable that moves by
//! the same non-zero constant `c` every iteration: `x = x0 + c·k`, so `k = (x − x0)/c`. Written
//! through the clock, a polynomial closed form becomes an equation between values at the loop's
//! header and values at its entry: for `sum += i; i++`, `sum = sum0 + i0·k + k(k−1)/2` becomes
//! `2·sum − i² + i == 2·sum0 − i0² + i0`. When the terms that mention entry values mention no
//! current value, they are a constant per entry, taken from an entry sample (as the linear
//! templates take `x + 2*y == 41`), and the equation is a candidate over source variables only.
//!
//! Also the residues a path keeps (a variable moving by a constant step `c`, `2 ≤ |c| ≤ 8`):
//! `x % c == r`, and guarded by each of the path's conditions, `!(G) || x % c == r` — the residue of
//! a later phase of a multi-phase loop (phases_1-1's `x < 65520 || x % 2 == 0`).
//!
//! These are only candidates: Houdini proves them inductive with the other templates, and the
//! independent checker re-checks the certificate. A wrong closed form, or a sample whose entry
//! is not the only one, costs a candidate, never a verdict.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Expr, FuncId, Id, IdVec, LocId, LoopId, Program, VarId, Visibility};
use leapfrog_linear::Rational;
use leapfrog_paths::Extractor;
use leapfrog_proteus::induction::{analyze, updates_of};
use leapfrog_proteus::poly::{Atom, Poly};
use leapfrog_proteus::sequence::Sequence;
use leapfrog_summarize::candidates::Candidate;
use num_traits::{One, ToPrimitive, Zero};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// The most paths a loop may have, the highest degree of a candidate's polynomial (its
/// products of two 32-bit values fit the 64-bit type it is computed in) and the largest
/// coefficient.
const MAX_PATHS: usize = 8;
const MAX_DEGREE: u32 = 2;
const MAX_COEFFICIENT: i128 = 1 << 20;

/// The candidates for the loops of `fid` (forest `forest`), per header; `samples` are the
/// loops' entry states (`leapfrog_summarize::analysis::entry_samples`).
pub fn candidates(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    samples: &IdVec<LoopId, Vec<BTreeMap<VarId, i128>>>,
    semantics: Semantics,
    deadline: Instant,
) -> Vec<(LocId, Candidate)> {
    let f = &q.funcs[fid];
    let visibility = Visibility::new(q, &[]);
    let mut out = Vec::new();
    for l in forest.loops.ids() {
        if Instant::now() >= deadline {
            break;
        }
        let Some(sample) = samples.get(l).and_then(|s| s.first()) else { continue };
        let Ok(paths) = Extractor::new(q, f, forest, l, &[], semantics, deadline).extract() else { continue };
        if paths.paths.is_empty() || paths.paths.len() > MAX_PATHS {
            continue;
        }
        let vars: BTreeSet<VarId> = paths.pre.keys().copied().collect();
        let per_path: Vec<_> = paths
            .paths
            .iter()
            .map(|path| analyze(&vars, &updates_of(&paths, path, &BTreeMap::new()), Some(deadline)))
            .collect();
        let span = forest.syntax(f, l).1;
        let usable = |v: VarId| {
            visibility.visible_at(v, span)
                && matches!(q.vars[v].ty.reg(), Some(Type::Int(t)) if t.bits() <= 32 && !t.is_bool())
        };
        let header = forest.loops[l].header;
        out.extend(residues(q, &paths, &per_path, &usable).into_iter().map(|c| (header, c)));
        let forms = agreed_forms(&vars, &per_path);
        let unchanged = |v: VarId| forms.get(&v).is_some_and(|s| *s == Sequence::constant(Poly::var(v)));
        let Some((clock, step)) = forms.iter().find_map(|(v, s)| {
            let step = s.poly.get(1)?.as_constant()?.clone();
            (s.degree() == 1 && !step.is_zero() && s.poly[0] == Poly::var(*v)).then_some((*v, step))
        }) else {
            continue;
        };
        // The iteration count through the clock: (x − x0)/c.
        let count = Poly::atom(current(clock)).sub(&Poly::atom(Atom::Var(clock))).scale(&(Rational::one() / step));
        for (y, form) in &forms {
            if *y == clock || unchanged(*y) {
                continue;
            }
            // y − F_y(entry, count): entry values of unchanged variables are their current ones.
            let mut value = Poly::default();
            let mut power = Poly::constant(Rational::one());
            for coefficient in &form.poly {
                let now: BTreeMap<Atom, Poly> = coefficient
                    .vars()
                    .into_iter()
                    .filter(|w| unchanged(*w))
                    .map(|w| (Atom::Var(w), Poly::atom(current(w))))
                    .collect();
                let c = coefficient.substitute_all(&now);
                value = value.add(&c.mul(&power));
                power = power.mul(&count);
            }
            let equation = Poly::atom(current(*y)).sub(&value);
            if let Some(candidate) = candidate(q, &equation, sample, &usable) {
                out.push((forest.loops[l].header, candidate));
            }
        }
    }
    out
}

/// The closed forms of `vars` that every path (`per_path`) agrees on, valid from the first
/// iteration and without a geometric term.
pub(crate) fn agreed_forms(
    vars: &BTreeSet<VarId>,
    per_path: &[leapfrog_proteus::induction::PathInduction],
) -> BTreeMap<VarId, Sequence> {
    vars.iter()
        .filter_map(|v| {
            let mut agreed: Option<&Sequence> = None;
            for induction in per_path {
                let (_, Some(form)) = induction.vars.get(v)? else { return None };
                if form.from != 0 || form.value.geometric.is_some() {
                    return None;
                }
                match agreed {
                    Some(s) if *s != form.value => return None,
                    _ => agreed = Some(&form.value),
                }
            }
            Some((*v, agreed?.clone()))
        })
        .collect()
}

/// The largest step whose residues are candidates, and the most residue candidates per loop.
const MAX_STEP: i128 = 8;
const MAX_RESIDUES: usize = 64;

/// Residues a path keeps (a variable moving by a constant step `c`, `2 ≤ |c| ≤ 8`, keeps its
/// value modulo `c`): `x % c == r` for every `r`, and, guarded by each condition `G` of the
/// path (over source variables), `!(G) || x % c == r` — while a later phase moves `x` by `c`
/// and an earlier one by something else, the residue holds once the later phase's condition
/// does (`x < 65520 || x % 2 == 0` for `x++` below 65520 and `x += 2` above). Houdini keeps
/// those that are inductive.
fn residues(
    q: &Program,
    paths: &leapfrog_paths::LoopPaths,
    per_path: &[leapfrog_proteus::induction::PathInduction],
    usable: &dyn Fn(VarId) -> bool,
) -> Vec<Candidate> {
    let w = IntTy::I64;
    let all: BTreeSet<usize> = (0..paths.syms.len()).collect();
    let ranges = leapfrog_paths::range_rows(&paths.syms, &all);
    let wide = |v: VarId| Expr::cast(w, Expr::Var(v));
    // A row over source variables as a condition (`Σ c·x + k ≤ 0`, or `= 0`), its first
    // coefficient positive (`x >= 65520`, not `-x <= -65520`).
    let guard = |row: &leapfrog_paths::linear::Row| -> Option<Expr> {
        if row.lin.terms.is_empty() || row.lin.terms.len() > 3 {
            return None;
        }
        let flip = row.lin.terms.values().next().is_some_and(|c| *c < 0);
        let lin = if flip { row.lin.scale(-1)? } else { row.lin.clone() };
        let mut sum: Option<Expr> = None;
        for (s, c) in &lin.terms {
            let v = paths.var_of(*s).filter(|v| usable(*v))?;
            let term = if *c == 1 { wide(v) } else { Expr::binary(BinOp::Mul, w, Expr::int(*c, w), wide(v)) };
            sum = Some(match sum {
                None => term,
                Some(acc) => Expr::binary(BinOp::Add, w, acc, term),
            });
        }
        let op = match (row.eq, flip) {
            (true, _) => CmpOp::Eq,
            (false, false) => CmpOp::Le,
            (false, true) => CmpOp::Ge,
        };
        Some(Expr::cmp(op, sum?, Expr::int(lin.constant.checked_neg()?, w)))
    };
    let mut out: Vec<Candidate> = Vec::new();
    let push = |expr: Expr, out: &mut Vec<Candidate>| {
        if out.len() < MAX_RESIDUES && !out.iter().any(|c| c.expr == expr) {
            let text = leapfrog_ir::print::expr_to_c(q, &expr);
            out.push(Candidate { expr, text });
        }
    };
    for (path, induction) in paths.paths.iter().zip(per_path) {
        for (v, (_, form)) in &induction.vars {
            let Some(form) = form else { continue };
            let step = form
                .value
                .poly
                .get(1)
                .and_then(|c| c.as_constant())
                .filter(|_| form.from == 0 && form.value.degree() == 1 && form.value.geometric.is_none())
                .and_then(|c| c.is_integer().then(|| c.to_integer().to_i128()).flatten());
            let Some(step) = step.map(i128::abs).filter(|c| (2..=MAX_STEP).contains(c)) else { continue };
            if !usable(*v) {
                continue;
            }
            let signed = matches!(q.vars[*v].ty.reg(), Some(Type::Int(t)) if t.is_signed());
            let lowest = if signed { 1 - step } else { 0 };
            let guards: Vec<Expr> = path.rows.iter().filter(|r| !ranges.contains(r)).filter_map(guard).collect();
            for r in lowest..step {
                let residue =
                    Expr::cmp(CmpOp::Eq, Expr::binary(BinOp::Rem, w, wide(*v), Expr::int(step, w)), Expr::int(r, w));
                push(residue.clone(), &mut out);
                for g in &guards {
                    push(leapfrog_summarize::candidates::or(Expr::not(g.clone()), residue.clone()), &mut out);
                }
            }
        }
    }
    out
}

/// The atom standing for `v`'s current value (the polynomials' `Var` atoms are entry values).
fn current(v: VarId) -> Atom {
    Atom::Counter(v.index())
}

/// `equation = 0` as `A(current values) == A(entry values)`, with the constant `A(entry)` from
/// the entry `sample`: `equation` must split into a part `A` over current values and a rest that
/// is `−A` at entry (`2·sum − i² + i − (2·sum0 − i0² + i0)`; `z − y·x − (z0 − y·x0)` when `y` is
/// unchanged). `None` when it does not, when `A` is linear (the templates' business) or when
/// the candidate would not fit its type.
fn candidate(
    q: &Program,
    equation: &Poly,
    sample: &BTreeMap<VarId, i128>,
    usable: &dyn Fn(VarId) -> bool,
) -> Option<Candidate> {
    let d = equation.denominator();
    let scaled = equation.scale(&d);
    let is_current = |a: &Atom| matches!(a, Atom::Counter(_));
    let now = Poly {
        terms: scaled
            .terms
            .iter()
            .filter(|(m, _)| !m.is_empty() && m.iter().all(|(a, _)| is_current(a)))
            .map(|(m, c)| (m.clone(), c.clone()))
            .collect(),
    };
    let rest = scaled.sub(&now);
    // `now` at entry: each current atom that `rest` has as an entry value too becomes it.
    let entry_atoms: BTreeSet<usize> =
        rest.atoms().into_iter().filter_map(|a| if let Atom::Var(v) = a { Some(v.index()) } else { None }).collect();
    let mut at_entry = BTreeMap::new();
    for a in now.atoms() {
        if let Atom::Counter(i) = a
            && entry_atoms.contains(&i)
        {
            at_entry.insert(a, Poly::atom(Atom::Var(VarId::new(i))));
        }
    }
    if !rest.add(&now.substitute_all(&at_entry)).terms.is_empty() {
        return None;
    }
    let mut lhs: Vec<(i128, Vec<VarId>)> = Vec::new();
    for (monomial, coefficient) in &now.terms {
        let c = coefficient.to_integer().to_i128()?;
        let mut factors = Vec::new();
        for (a, e) in monomial {
            let Atom::Counter(i) = a else { return None };
            let v = VarId::new(*i);
            if !usable(v) {
                return None;
            }
            factors.extend(std::iter::repeat_n(v, *e as usize));
        }
        if factors.len() as u32 > MAX_DEGREE || c.abs() > MAX_COEFFICIENT {
            return None;
        }
        lhs.push((c, factors));
    }
    if lhs.iter().all(|(_, f)| f.len() < 2) {
        return None;
    }
    let value = |a: Atom| match a {
        Atom::Counter(i) => sample.get(&VarId::new(i)).copied(),
        Atom::Var(_) => None,
    };
    let constant = now.eval(&value)?;
    if !constant.is_integer() {
        return None;
    }
    let constant = constant.to_integer().to_i64().filter(|c| c.abs() <= i64::MAX / 4)?;
    let w = IntTy::I64;
    let product = |factors: &[VarId]| -> Expr {
        factors
            .iter()
            .map(|v| Expr::cast(w, Expr::Var(*v)))
            .reduce(|a, b| Expr::binary(BinOp::Mul, w, a, b))
            .unwrap_or_else(|| Expr::int(1, w))
    };
    let scaled_term = |c: i128, factors: &[VarId]| -> Expr {
        if c == 1 { product(factors) } else { Expr::binary(BinOp::Mul, w, Expr::int(c, w), product(factors)) }
    };
    // The highest-degree terms first, the first positive (the equation negated if need be); a
    // negative coefficient after the first as a subtraction.
    lhs.sort_by_key(|(_, f)| std::cmp::Reverse(f.len()));
    let constant = if lhs[0].0 < 0 {
        lhs.iter_mut().for_each(|(c, _)| *c = -*c);
        -constant
    } else {
        constant
    };
    let mut sum: Option<Expr> = None;
    for (c, factors) in &lhs {
        sum = Some(match sum {
            None => scaled_term(*c, factors),
            Some(acc) if *c < 0 => Expr::binary(BinOp::Sub, w, acc, scaled_term(-c, factors)),
            Some(acc) => Expr::binary(BinOp::Add, w, acc, scaled_term(*c, factors)),
        });
    }
    let expr = Expr::cmp(CmpOp::Eq, sum?, Expr::int(i128::from(constant), w));
    let text = leapfrog_ir::print::expr_to_c(q, &expr);
    Some(Candidate { expr, text })
}
