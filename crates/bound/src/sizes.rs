//! Bounds over the inputs for loops whose proven bound names variables that change before the
//! loop (an earlier loop leaves `i <= 100`, then `i = i + k + 50`): what the program's bound
//! ([`crate::program`]) needs to compose them.
//!
//! The entry function gets a ghost copy of each integer parameter, assigned on its first edge
//! and never again ([`with_ghost_parameters`]); the octagon analysis then relates every variable
//! at every loop header to those copies (`i - k' <= 150`). A loop's bound `max(0, Q)/d` is
//! monotone in `Q`, so a variable with a positive coefficient in a linear term of `Q` may be
//! replaced by an upper bound and one with a negative coefficient by a lower bound ([`lift`]);
//! the result is a bound over the ghost copies. It holds where the facts it used hold at the
//! loop's entry: the caller proves them there with the checker before it is used.

use crate::exits::linear;
use crate::expr::{Bound, Factor, IntPoly, Term};
use leapfrog_arith::CmpOp;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, Expr, FuncId, LocId, Program, VarId, VarTy};
use std::collections::{BTreeMap, BTreeSet};

/// `q` with a ghost copy (of the same name) of each integer parameter of `fid`, assigned on
/// the function's first edge: the program and the copies (by parameter).
pub fn with_ghost_parameters(q: &Program, fid: FuncId) -> (Program, BTreeMap<VarId, VarId>) {
    let mut p = q.clone();
    let mut ghosts = BTreeMap::new();
    let params: Vec<VarId> = p.funcs[fid].params.clone();
    let mut steps = Vec::new();
    for v in params {
        let var = &q.vars[v];
        if !matches!(var.ty.reg(), Some(Type::Int(_))) {
            continue;
        }
        let g = crate::instrument::fresh_local(&mut p, fid, &var.name, VarTy::Reg(var.ty.reg().expect("a register")));
        ghosts.insert(v, g);
        steps.push(Command::Assign(g, Expr::Var(v)));
    }
    p.funcs[fid].prepend(steps);
    crate::instrument::read_at_function_end(&mut p.funcs[fid], "__leapfrog_ghosts", ghosts.values().copied());
    (p, ghosts)
}

/// The largest constant bound preferred to a bound over the inputs.
const SMALL: i128 = 1 << 20;

/// A bound of a variable and the fact it comes from.
type FromFact = (IntPoly, Expr);

/// A variable's bounds from facts: `(upper, lower)`, each a polynomial over the ghost copies
/// (or constant), from a fact `±v ± g <= c` or `±v <= c` (`g` may also be a variable `fixed`
/// accepts: one whose value at the loop's entries the program's bound can name).
fn bounds_of(
    q: &Program,
    v: VarId,
    facts: &[Expr],
    ghosts: &BTreeSet<VarId>,
    fixed: &dyn Fn(VarId) -> bool,
) -> (Option<FromFact>, Option<FromFact>) {
    let (mut upper, mut lower): (Option<FromFact>, Option<FromFact>) = (None, None);
    // Prefer a small constant, then a bound over a ghost, then a large constant (the type's
    // limit, which says little).
    let rank = |b: &IntPoly| match b.constant() {
        Some(c) if c.abs() <= SMALL => 0,
        Some(_) => 2,
        None => 1,
    };
    let better = |old: &Option<FromFact>, new: &IntPoly| old.as_ref().is_none_or(|(o, _)| rank(o) > rank(new));
    for fact in facts {
        // `lhs <= c` (and `>=`, `==` as their sides).
        let Expr::Cmp(op, lhs, rhs) = fact else { continue };
        // `lhs - rhs op 0`, its constant moved to the right: `form op c`.
        let (Some(mut form), Some(right)) = (linear(q, lhs), linear(q, rhs)) else { continue };
        for (m, k) in right {
            let Some(d) = form.get(&m).copied().unwrap_or(0).checked_sub(k) else { continue };
            form.insert(m, d);
        }
        let Some(c) = form.remove(&Vec::new()).unwrap_or(0).checked_neg() else { continue };
        form.retain(|_, k| *k != 0);
        let sides: Vec<i128> = match op {
            CmpOp::Le => vec![1],
            CmpOp::Ge => vec![-1],
            CmpOp::Eq => vec![1, -1],
            _ => continue,
        };
        let Some(a) = form.remove(&vec![v]) else { continue };
        if a.abs() != 1 || !form.keys().all(|m| m.len() == 1 && (ghosts.contains(&m[0]) || fixed(m[0]))) {
            continue;
        }
        for sign in sides {
            // sign·(a·v + Σ b·g) <= sign·c, so v·(sign·a) <= sign·c - Σ sign·b·g.
            let rest = form
                .iter()
                .try_fold(IntPoly::of_constant(sign * c), |r, (m, b)| r.add_scaled(-sign * b, &IntPoly::of_var(m[0])));
            let Some(rest) = rest else { continue };
            if sign * a > 0 {
                if better(&upper, &rest) {
                    upper = Some((rest, fact.clone()));
                }
            } else if let Some(neg) = IntPoly::of_constant(0).add_scaled(-1, &rest)
                && better(&lower, &neg)
            {
                lower = Some((neg, fact.clone()));
            }
        }
    }
    (upper, lower)
}

/// `bound` with each variable outside `keep` replaced, in the terms' linear monomials, by its
/// bound at the loop's header from `facts` (an upper bound where its coefficient is positive, a
/// lower one where negative) over the ghost copies and the variables `keep` accepts, with the
/// facts used: the result is a bound wherever they hold at the loop's entry; `None` when a
/// variable has no such bound or is in a product.
pub fn lift(
    q: &Program,
    bound: &Bound,
    facts: &[Expr],
    ghosts: &BTreeSet<VarId>,
    keep: &dyn Fn(VarId) -> bool,
) -> Option<(Bound, Vec<Expr>)> {
    let mut terms = Vec::new();
    let mut used: Vec<Expr> = Vec::new();
    let mut using = |(poly, fact): (IntPoly, Expr)| {
        if !used.contains(&fact) {
            used.push(fact);
        }
        poly
    };
    for t in &bound.terms {
        let mut numerator = IntPoly::of_constant(0);
        for (c, factors) in &t.numerator.monomials {
            let monomial = IntPoly::from_sums(BTreeMap::from([(factors.clone(), *c)]));
            let replaced = match factors.as_slice() {
                [] => monomial,
                [Factor::Var(v)] if keep(*v) || ghosts.contains(v) => monomial,
                [Factor::Var(v)] => {
                    let (upper, lower) = bounds_of(q, *v, facts, ghosts, keep);
                    let by = using(if *c > 0 { upper? } else { lower? });
                    IntPoly::of_constant(0).add_scaled(*c, &by)?
                }
                many => {
                    // A product is kept where each factor is kept or equals a ghost copy.
                    let mut product = IntPoly::of_constant(*c);
                    for f in many {
                        let by = match f {
                            // (A positive part is kept where all its variables are.)
                            Factor::Pos(p) if p.vars().iter().all(|v| keep(*v) || ghosts.contains(v)) => {
                                IntPoly::from_sums(BTreeMap::from([(vec![f.clone()], 1)]))
                            }
                            Factor::Pos(_) => return None,
                            Factor::Var(v) if keep(*v) || ghosts.contains(v) => IntPoly::of_var(*v),
                            Factor::Var(v) => match bounds_of(q, *v, facts, ghosts, keep) {
                                (Some(u), Some(l)) if u.0 == l.0 => {
                                    using(l);
                                    using(u)
                                }
                                _ => return None,
                            },
                        };
                        product = product.times(&by)?;
                    }
                    product
                }
            };
            numerator = numerator.add_scaled(1, &replaced)?;
        }
        terms.push(Term { numerator, divisor: t.divisor });
    }
    Some((Bound::new(terms)?, used))
}

/// The facts per header, as the octagon analysis gives them.
pub fn facts_by_header(facts: Vec<(LocId, Expr, String)>) -> BTreeMap<LocId, Vec<Expr>> {
    let mut out: BTreeMap<LocId, Vec<Expr>> = BTreeMap::new();
    for (header, e, _) in facts {
        out.entry(header).or_default().push(e);
    }
    out
}

/// What [`lift_with_growth`] gives: the lifted bound, the facts it rests on (octagon facts and
/// growth facts, to prove at the loop's entry), and per loop that steps a variable (by its
/// header) the multiple of that loop's counter the bound was raised by.
pub struct Grown {
    pub bound: Bound,
    pub facts: Vec<Expr>,
    pub extras: BTreeMap<LocId, i128>,
}

/// `bound` lifted as [`lift`] lifts it, where a variable that has no bound of the side it needs
/// from the facts is first replaced by its copy on the entry of a loop that steps it by
/// constants ([`crate::growth`]): `a·v <= a·v@R + a·up·c_R` for `a > 0` (with `down` for
/// `a < 0`), so the term rises by at most `|a|·up·c_R` (`⌊max(0, Q + x)/d⌋ <= ⌊max(0, Q)/d⌋ + x`
/// for `x >= 0`), and over the terms by at most the largest multiple per counter. The copy must
/// have a bound from the facts in turn. `None` where this does not apply or [`lift`] fails.
pub fn lift_with_growth(
    q: &Program,
    bound: &Bound,
    facts: &[Expr],
    ghosts: &BTreeSet<VarId>,
    keep: &dyn Fn(VarId) -> bool,
    growths: &[crate::growth::Growth],
) -> Option<Grown> {
    let mut extras: BTreeMap<LocId, i128> = BTreeMap::new();
    let mut growth_facts: Vec<Expr> = Vec::new();
    let mut terms = Vec::new();
    for t in &bound.terms {
        let mut numerator = IntPoly::of_constant(0);
        // What this term rises by, per counter (summed over its variables).
        let mut rise: BTreeMap<LocId, i128> = BTreeMap::new();
        for (c, factors) in &t.numerator.monomials {
            let monomial = IntPoly::from_sums(BTreeMap::from([(factors.clone(), *c)]));
            let replaced = match factors.as_slice() {
                [Factor::Var(v)] if !keep(*v) && !ghosts.contains(v) => {
                    let upper = *c > 0;
                    // (A bound from the facts serves, unless its constant is large, which says
                    // little: a type's limit, `run <= limit + 2147483648`.)
                    let (up, low) = bounds_of(q, *v, facts, ghosts, keep);
                    let useful = |b: &Option<FromFact>| {
                        b.as_ref().is_some_and(|(p, _)| {
                            p.partial(&|_| Some(0)).and_then(|c| c.constant()).is_some_and(|c| c.abs() <= SMALL)
                        })
                    };
                    if (upper && useful(&up)) || (!upper && useful(&low)) {
                        monomial
                    } else {
                        // A loop that steps `v`, whose entry copy has the bound needed.
                        let g = crate::growth::of_var(growths, *v).find(|g| {
                            let (u, l) = bounds_of(q, g.on_entry, facts, ghosts, keep);
                            g.fact(upper).is_some() && if upper { u.is_some() } else { l.is_some() }
                        })?;
                        let step = if upper { g.up? } else { -g.down? };
                        let extra = c.checked_abs()?.checked_mul(step)?;
                        let r = rise.entry(g.header).or_insert(0);
                        *r = r.checked_add(extra)?;
                        let fact = g.fact(upper)?;
                        if !growth_facts.contains(&fact) {
                            growth_facts.push(fact);
                        }
                        IntPoly::from_sums(BTreeMap::from([(vec![Factor::Var(g.on_entry)], *c)]))
                    }
                }
                _ => monomial,
            };
            numerator = numerator.add_scaled(1, &replaced)?;
        }
        for (header, r) in rise {
            let e = extras.entry(header).or_insert(0);
            *e = (*e).max(r);
        }
        terms.push(Term { numerator, divisor: t.divisor });
    }
    if growth_facts.is_empty() {
        return None;
    }
    let (lifted, mut used) = lift(q, &Bound::new(terms)?, facts, ghosts, keep)?;
    used.extend(growth_facts);
    Some(Grown { bound: lifted, facts: used, extras })
}
