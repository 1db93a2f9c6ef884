//! Linear ranking functions (Podelski–Rybalchenko, complete for single-path linear loops over
//! the rationals) and lexicographic combinations of them (Alias, Darte, Feautrier, Gonnord 2010)
//! for one loop of a call-free function.
//!
//! 1. [`paths`]: the linear paths of one iteration (invariant conjuncts and finite type ranges on
//!    the pre-state, exact wrap-around, inner loops crossed by `havoc; assume(invariant)`).
//! 2. [`farkas`]: one LP per round over Z3's exact rationals: a component bounded and
//!    non-increasing on every remaining path, strictly decreasing on as many as possible; the
//!    strictly decreasing paths are removed and the next round runs on the rest.
//! 3. The rational coefficients are replaced by integer ones of least norm when a small mixed
//!    problem finds them quickly, else scaled to coprime integers (values are integers, so a
//!    positive decrease is a decrease by at least 1); the whole lexicographic condition is then
//!    re-checked on every path over the integers before it is returned.
//!
//! Limits: at most [`MAX_COMPONENTS`] components and 200 paths; irreducible loops are refused;
//! an inner loop is known only through its invariant (its modified variables are arbitrary
//! after it), memory only through arbitrary loaded values; under the default semantics signed
//! variables are unbounded (their type range is not assumed). Requiring each component bounded
//! on every remaining path (ADFG) is stronger than the certificate needs; when that ranks
//! nothing, components bounded only where they decrease are tried path by path (not complete).

mod farkas;
mod rational;

use farkas::{Decrease, Req, post_value, pre_value};
use leapfrog_arith::Semantics;
use leapfrog_certify::termination::{LinearForm, TransitionConstraint};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Expr, FuncId, LocId, LoopId, Program, VarId};
use leapfrog_paths::linear::{Lin, Row, Sym, floor_div, gcd, lcm};
use leapfrog_paths::{Extractor, LinPath, LoopPaths, int_lin, int_row};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_smt::{Answer, QueryLimits, Solver};
use rational::Rat;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// At most this many lexicographic components.
pub const MAX_COMPONENTS: usize = 4;
/// The limit of one LP.
const LP_LIMITS: QueryLimits = QueryLimits { timeout: Duration::from_secs(60), rlimit: 0 };
/// The limit of one search for small integer coefficients: Z3's deterministic resource limit
/// (about 5 s of this search on the development machine), so that where the search gives up does
/// not depend on the machine's speed (ARCHITECTURE.md: the same input gives the same output). The
/// wall-clock limit only backs it up.
const POLISH_LIMITS: QueryLimits = QueryLimits { timeout: Duration::from_secs(30), rlimit: 5_000_000 };

/// A ranking function for loop `l` of the call-free function `fid`: one component (a linear
/// ranking function) or several (lexicographic), with the condition of
/// [`leapfrog_certify::termination::TerminationArgument::Ranking`] for every iteration from a
/// header state satisfying the linear conjuncts of `invariants` (state invariants per loop
/// header, `l`'s and its inner loops'). `Err` says why none was found.
pub fn synthesize(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    invariants: &[(LocId, Expr)],
    sem: Semantics,
    deadline: Instant,
) -> Result<Vec<LinearForm>, String> {
    let (lp, xs) = loop_paths(p, fid, forest, l, invariants, sem, deadline)?;
    lexicographic(&lp, &xs, deadline)
}

/// A ranking argument for one loop.
pub enum Ranking {
    /// A linear (one component) or lexicographic ranking function ([`synthesize`]).
    Lexicographic(Vec<LinearForm>),
    /// A nested ranking function (Leike–Heizmann; see
    /// [`leapfrog_certify::termination::TerminationArgument::Nested`]), with 2 to
    /// [`MAX_NESTED`] components. It ranks loops such as `while (q > 0) { q = q - y; y = y + 1; }`,
    /// where `-y` eventually decreases `q`.
    Nested(Vec<LinearForm>),
}

/// [`synthesize`], and when it finds nothing a nested ranking function over the same paths.
pub fn synthesize_with_nested(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    invariants: &[(LocId, Expr)],
    sem: Semantics,
    deadline: Instant,
) -> Result<Ranking, String> {
    let (lp, xs) = loop_paths(p, fid, forest, l, invariants, sem, deadline)?;
    match lexicographic(&lp, &xs, deadline) {
        Ok(forms) => Ok(Ranking::Lexicographic(forms)),
        Err(why) => nested(&lp, &xs, deadline).map(Ranking::Nested).map_err(|nested| format!("{why}; {nested}")),
    }
}

/// The linear paths of one iteration of loop `l`, and the pre-state symbols a ranking function
/// may use: those of the variables visible at the loop (it is printed there as C); the others
/// (temporaries, variables out of scope or hidden there) still constrain the paths.
fn loop_paths(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    invariants: &[(LocId, Expr)],
    sem: Semantics,
    deadline: Instant,
) -> Result<(LoopPaths, Vec<Sym>), String> {
    let f = p.funcs.get(fid).ok_or("no such function")?;
    let lp = forest.loops.get(l).ok_or("no such loop")?;
    if lp.body.iter().any(|loc| f.locs.get(*loc).is_none()) {
        return Err("the loop forest is not the function's".into());
    }
    if Instant::now() >= deadline {
        return Err("time limit reached".into());
    }
    let lp = Extractor::new(p, f, forest, l, invariants, sem, deadline).extract()?;
    let visibility = leapfrog_ir::Visibility::new(p, &[]);
    let at = forest.syntax(f, l).1;
    let xs: Vec<Sym> = lp.pre.iter().filter(|(v, _)| visibility.visible_at(**v, at)).map(|(_, s)| *s).collect();
    Ok((lp, xs))
}

/// A linear or lexicographic ranking function over the paths `lp` and the symbols `xs`.
fn lexicographic(lp: &LoopPaths, xs: &[Sym], deadline: Instant) -> Result<Vec<LinearForm>, String> {
    if lp.paths.is_empty() {
        // No iteration can complete: any function will do.
        return Ok(vec![LinearForm::default()]);
    }
    let mut remaining: Vec<usize> = (0..lp.paths.len()).collect();
    let mut removed_at = vec![usize::MAX; lp.paths.len()];
    let mut comps: Vec<Component> = Vec::new();
    while !remaining.is_empty() {
        if comps.len() == MAX_COMPONENTS {
            return Err(format!(
                "no lexicographic linear ranking function with at most {MAX_COMPONENTS} components \
                 ({} of {} paths not ranked)",
                remaining.len(),
                lp.paths.len()
            ));
        }
        if Instant::now() >= deadline {
            return Err("time limit reached".into());
        }
        let refs: Vec<&LinPath> = remaining.iter().map(|&i| &lp.paths[i]).collect();
        let Some((comp, ranked)) = next_component(&refs, xs, deadline)? else {
            return Err(if comps.is_empty() {
                format!(
                    "no linear ranking function: no linear function decreases on any of the {} paths",
                    lp.paths.len()
                )
            } else {
                format!(
                    "no lexicographic linear ranking function: after {} component(s), no linear function decreases on \
                     any of the {} remaining paths",
                    comps.len(),
                    remaining.len()
                )
            });
        };
        comps.push(comp);
        let k = comps.len() - 1;
        let mut next = Vec::new();
        for (&i, &strict) in remaining.iter().zip(&ranked) {
            if strict {
                removed_at[i] = k;
            } else {
                next.push(i);
            }
        }
        remaining = next;
    }
    validate(lp, &comps, &removed_at, deadline)?;
    let forms = comps
        .iter()
        .map(|(coeffs, constant)| LinearForm {
            constant: *constant,
            terms: coeffs
                .iter()
                .filter(|(_, c)| **c != 0)
                .filter_map(|(&s, &c)| lp.syms.get(s).and_then(|i| i.var).map(|v| (c, v)))
                .collect(),
        })
        .collect();
    Ok(forms)
}

/// The longest nested ranking function tried.
pub const MAX_NESTED: usize = 3;

/// A nested ranking function over the paths `lp` and the symbols `xs`, shortest first.
fn nested(lp: &LoopPaths, xs: &[Sym], deadline: Instant) -> Result<Vec<LinearForm>, String> {
    let refs: Vec<&LinPath> = lp.paths.iter().collect();
    for k in 2..=MAX_NESTED {
        let Some(fs) = farkas::nested(&refs, xs, k, LP_LIMITS, deadline)? else { continue };
        // One positive factor for all components keeps every condition (the first decrease
        // only grows).
        const TOO_LARGE: &str = "the nested ranking function's coefficients are too large";
        let mut scale = 1i128;
        for (coeffs, c0) in &fs {
            for r in coeffs.values().chain([c0]) {
                scale = lcm(scale, r.den).ok_or(TOO_LARGE)?;
            }
        }
        let int = |r: &Rat| r.num.checked_mul(scale / r.den).ok_or(TOO_LARGE);
        let mut forms = Vec::new();
        for (coeffs, c0) in &fs {
            let mut terms = Vec::new();
            for (s, c) in coeffs {
                let v = lp.syms.get(*s).and_then(|i| i.var).ok_or("a component names an auxiliary symbol")?;
                terms.push((int(c)?, v));
            }
            forms.push(LinearForm { constant: int(c0)?, terms });
        }
        return Ok(forms);
    }
    Err(format!("no nested ranking function with at most {MAX_NESTED} components"))
}

type Component = (BTreeMap<Sym, i128>, i128);

/// The next component for the remaining `paths`: non-increasing on all of them, and bounded and
/// decreasing on the ones it ranks (`true` in the second result); `None` when none decreases.
///
/// First ADFG's round (bounded on every path, decreasing on as many as possible); when that
/// ranks nothing, one path at a time is required to be bounded and decreasing while the others
/// only must not increase, and the others on which the result happens to be bounded and
/// decreasing are ranked too. The rational solution found is then replaced, when possible, by
/// one with integer coefficients of least norm that decreases on the same paths.
fn next_component(paths: &[&LinPath], xs: &[Sym], deadline: Instant) -> Result<Option<(Component, Vec<bool>)>, String> {
    let all = vec![Req { bounded: true, decrease: Decrease::Maximized }; paths.len()];
    if let Some(r) = farkas::round(paths, &all, xs, false, LP_LIMITS, deadline)?
        && r.strict.iter().any(|&s| s)
    {
        let reqs: Vec<Req> = r
            .strict
            .iter()
            .map(|&s| Req { bounded: true, decrease: if s { Decrease::One } else { Decrease::Zero } })
            .collect();
        let comp = polish(paths, &reqs, xs, deadline).map_or_else(|| integral(&r.coeffs, r.constant), Ok)?;
        return Ok(Some((comp, r.strict)));
    }
    if paths.len() == 1 {
        return Ok(None);
    }
    let solver = Solver::new(QueryLimits { timeout: Duration::from_secs(2), rlimit: 0 }, Some(deadline));
    for k in 0..paths.len() {
        if Instant::now() >= deadline {
            return Err("time limit reached".into());
        }
        let reqs: Vec<Req> = (0..paths.len())
            .map(|i| {
                if i == k {
                    Req { bounded: true, decrease: Decrease::One }
                } else {
                    Req { bounded: false, decrease: Decrease::Zero }
                }
            })
            .collect();
        let Some(r) = farkas::round(paths, &reqs, xs, false, LP_LIMITS, deadline)? else { continue };
        let comp = polish(paths, &reqs, xs, deadline).map_or_else(|| integral(&r.coeffs, r.constant), Ok)?;
        let before = pre_value(&comp.0, comp.1);
        let zero = Int::from_i64(0);
        let ranked = paths
            .iter()
            .enumerate()
            .map(|(i, path)| {
                i == k || {
                    let after = post_value(&comp.0, comp.1, path);
                    match after.and_then(|a| a.sub(&before)) {
                        Some(change) => {
                            proves(&solver, path, Bool::or(&[int_lin(&before).lt(&zero), int_lin(&change).ge(&zero)]))
                        }
                        None => false,
                    }
                }
            })
            .collect();
        return Ok(Some((comp, ranked)));
    }
    Ok(None)
}

/// The component meeting `reqs` with integer coefficients of least norm, if the (mixed) problem
/// is solved quickly.
fn polish(paths: &[&LinPath], reqs: &[Req], xs: &[Sym], deadline: Instant) -> Option<Component> {
    let r = farkas::round(paths, reqs, xs, true, POLISH_LIMITS, deadline).ok()??;
    integral(&r.coeffs, r.constant).ok()
}

/// Whether Z3 proves that no integer point of `path` satisfies `bad`.
fn proves(solver: &Solver, path: &LinPath, bad: Bool) -> bool {
    solver.push();
    for r in &path.rows {
        solver.assert(&int_row(r));
    }
    solver.assert(&bad);
    let answer = solver.check(&[]);
    solver.pop();
    answer.is_unsat()
}

/// Rational coefficients scaled to coprime integers: `c·X + c0 ≥ 0` and a positive decrease of
/// `c·X` are kept, since `c·X` is then an integer (the constant is rounded down).
fn integral(coeffs: &BTreeMap<Sym, Rat>, constant: Rat) -> Result<Component, String> {
    const TOO_LARGE: &str = "the ranking function's coefficients are too large";
    let mut l = constant.den;
    for c in coeffs.values() {
        l = lcm(l, c.den).ok_or(TOO_LARGE)?;
    }
    let scale = |r: &Rat| r.num.checked_mul(l / r.den).ok_or(TOO_LARGE);
    let mut ints = BTreeMap::new();
    let mut g = 0i128;
    for (&s, c) in coeffs {
        let v = scale(c)?;
        g = gcd(g, v);
        ints.insert(s, v);
    }
    let c0 = scale(&constant)?;
    if g > 1 {
        for v in ints.values_mut() {
            *v /= g;
        }
        return Ok((ints, floor_div(c0, g)));
    }
    Ok((ints, c0))
}

/// Re-checks the lexicographic condition on every path over the integers: on a path removed in
/// round `j`, components `i < j` do not increase, and component `j` is non-negative and
/// decreases by at least 1. A counterexample is an internal error (never returned as a result);
/// an undecided query trusts the Farkas certificate.
fn validate(lp: &LoopPaths, comps: &[Component], removed_at: &[usize], deadline: Instant) -> Result<(), String> {
    let solver = Solver::new(QueryLimits { timeout: Duration::from_secs(5), rlimit: 0 }, Some(deadline));
    for (path, &j) in lp.paths.iter().zip(removed_at) {
        for (i, (coeffs, constant)) in comps.iter().enumerate().take(j.saturating_add(1)) {
            let before = pre_value(coeffs, *constant);
            let Some(after) = post_value(coeffs, *constant, path) else { continue };
            let Some(change) = after.sub(&before) else { continue };
            // The negation of the obligation.
            let zero = Int::from_i64(0);
            let bad = if i < j {
                int_lin(&change).gt(&zero)
            } else {
                Bool::or(&[int_lin(&before).lt(&zero), int_lin(&change).ge(&zero)])
            };
            solver.push();
            for r in &path.rows {
                solver.assert(&int_row(r));
            }
            solver.assert(&bad);
            let answer = solver.check(&[]);
            solver.pop();
            if let Answer::Sat(_) = answer {
                return Err(format!("internal error: component {} fails its check on a path", i + 1));
            }
        }
    }
    Ok(())
}

/// The symbols of a relation between an earlier and a later state: per variable, its earlier
/// value (a ranking function's variable) and its later one.
struct RelationSyms {
    earlier: BTreeMap<VarId, Sym>,
    later: BTreeMap<VarId, Sym>,
}

impl RelationSyms {
    fn of(relation: &[TransitionConstraint], also: &[VarId]) -> RelationSyms {
        let mut vars: Vec<VarId> = relation
            .iter()
            .flat_map(|c| c.earlier.terms.iter().chain(&c.later.terms).map(|(_, v)| *v))
            .chain(also.iter().copied())
            .collect();
        vars.sort();
        vars.dedup();
        let earlier = vars.iter().enumerate().map(|(i, v)| (*v, 2 * i)).collect();
        let later = vars.iter().enumerate().map(|(i, v)| (*v, 2 * i + 1)).collect();
        RelationSyms { earlier, later }
    }

    /// The relation as a path from the earlier to the later state (rows `≤ 0` / `= 0`), with
    /// the finite type ranges of the variables under `sem`.
    fn path(&self, p: &Program, relation: &[TransitionConstraint], sem: Semantics) -> Option<LinPath> {
        let mut rows = Vec::new();
        for c in relation {
            let mut lin = Lin::constant(c.earlier.constant.checked_neg()?);
            for (a, v) in &c.earlier.terms {
                lin = lin.add_scaled(a.checked_neg()?, &Lin::sym(self.earlier[v]))?;
            }
            for (a, v) in &c.later.terms {
                lin = lin.add_scaled(a.checked_neg()?, &Lin::sym(self.later[v]))?;
            }
            rows.push(if c.equality { Row::eq0(lin) } else { Row::le0(lin) });
        }
        for v in self.earlier.keys() {
            let Some((lo, hi)) = finite_range(p, *v, sem) else { continue };
            for s in [self.earlier[v], self.later[v]] {
                rows.push(Row::le0(Lin::sym(s).add_const(hi.checked_neg()?)?));
                rows.push(Row::le0(Lin::sym(s).scale(-1)?.add_const(lo)?));
            }
        }
        let post = self.earlier.iter().map(|(v, s)| (*s, Lin::sym(self.later[v]))).collect();
        Some(LinPath { rows, post, dropped_conditions: 0, crossings: Vec::new() })
    }
}

/// A variable's range when it is finite under `sem` (booleans, unsigned integers, and every
/// integer under the bit-precise semantics).
fn finite_range(p: &Program, v: VarId, sem: Semantics) -> Option<(i128, i128)> {
    match p.vars[v].ty.reg()? {
        leapfrog_ir::types::Type::Bool => Some((0, 1)),
        leapfrog_ir::types::Type::Int(t) if sem == Semantics::BitPrecise || !t.is_signed() => Some((t.min(), t.max())),
        _ => None,
    }
}

/// WELLFOUNDED for one relation `D(G, X)` between an earlier and a later header state (a
/// disjunct of a variance assertion): a linear function `f` over the variables `over` with
/// `D ⇒ f(G) ≥ 0 ∧ f(X) ≤ f(G) − 1`, integer coefficients (`None`: there is none over the
/// rationals).
pub fn rank_relation(
    p: &Program,
    relation: &[TransitionConstraint],
    over: &[VarId],
    sem: Semantics,
    deadline: Instant,
) -> Result<Option<LinearForm>, String> {
    let syms = RelationSyms::of(relation, over);
    let path = syms.path(p, relation, sem).ok_or("the relation's coefficients are too large")?;
    let xs: Vec<Sym> = over.iter().map(|v| syms.earlier[v]).collect();
    let Some(((coeffs, constant), ranked)) = next_component(&[&path], &xs, deadline)? else { return Ok(None) };
    if !ranked.first().copied().unwrap_or(false) {
        return Ok(None);
    }
    let var_of: BTreeMap<Sym, VarId> = syms.earlier.iter().map(|(v, s)| (*s, *v)).collect();
    Ok(Some(LinearForm {
        constant,
        terms: coeffs.iter().filter(|(_, c)| **c != 0).map(|(s, c)| (*c, var_of[s])).collect(),
    }))
}

/// Two states the relation relates, as C-like text (`x = 3, y = 0`): the earlier and the later.
pub fn relation_model(p: &Program, relation: &[TransitionConstraint], deadline: Instant) -> Option<SuspectPair> {
    let syms = RelationSyms::of(relation, &[]);
    let path = syms.path(p, relation, Semantics::Default)?;
    let solver = Solver::new(QueryLimits { timeout: Duration::from_secs(1), rlimit: 0 }, Some(deadline));
    for r in &path.rows {
        solver.assert(&int_row(r));
    }
    let Answer::Sat(model) = solver.check(&[]) else { return None };
    let state = |of: &BTreeMap<VarId, Sym>| -> BTreeMap<VarId, i128> {
        of.iter().filter_map(|(v, s)| Some((*v, model.eval(&leapfrog_paths::int_sym(*s), true)?.as_i128()?))).collect()
    };
    Some(SuspectPair { earlier: state(&syms.earlier), later: state(&syms.later) })
}

/// Two header states, an earlier and a later one, that a relation holds between.
#[derive(Clone, Debug)]
pub struct SuspectPair {
    pub earlier: BTreeMap<VarId, i128>,
    pub later: BTreeMap<VarId, i128>,
}

impl SuspectPair {
    /// `x = 1, y = 1 then x = 0, y = 1`.
    pub fn text(&self, p: &Program) -> String {
        let state = |s: &BTreeMap<VarId, i128>| {
            s.iter().map(|(v, x)| format!("{} = {x}", p.vars[*v].name)).collect::<Vec<_>>().join(", ")
        };
        format!("{} then {}", state(&self.earlier), state(&self.later))
    }
}
