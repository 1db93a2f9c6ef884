//! Amortized bounds of loops whose paths take turns: a path that counts one quantity down, and
//! another that resets it (`if (j > 0) j--; else { j = N; i--; }`: `j` runs down from `N` once
//! per decrement of `i`). No single path's ranking bounds such a loop, and its disjunctive summary
//! has a trace without a bound; the bound is the sum of each path's runs, where a path's runs are
//! what its quantity held on entry plus what the other paths put back into it (the reset and
//! increment bounds of Sinn, Zuleger and Veith's amortized loop bounds, CAV'14, over the loop's
//! paths from `leapfrog_paths`).
//!
//! For each path `p` a *norm* `e_p`: an affine form over the variables at the header that the
//! path's conditions keep at least 1 and the path lowers by a constant of at least 1 (taken from
//! its conditions: `j > 0` gives `j`, `x < n` gives `n - x`). Each other path `q` leaves the norm
//! as it is or lowers it, raises it by a constant `c`, or resets it to an affine form `r` over
//! variables no path changes. With `Φ_p = max(0, e_p)`, a run of `p` takes at least 1 from `Φ_p`
//! and the others add at most `c`, or `max(0, r)`, to it. Weights `W_p = 1 + Σ W_b · (what p
//! adds to b's norm)`, for the norms `b` path `p` raises (no cycle among them), make the potential
//! `Ψ = Σ W_p · Φ_p` fall by at least 1 on every iteration, so the loop runs at most `Ψ` at its
//! entry: `max(0, j) + (1 + max(0, N)) * max(0, i)` for the loop above.
//!
//! Only a claim: the checker proves it like any bound, with the potential `count + Ψ(now) <=
//! Ψ(entry)` among the candidate invariants.

use crate::expr::{IntPoly, MAX_DEGREE, Term};
use crate::paths::lin_over_variables;
use leapfrog_arith::Semantics;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, LoopId, Program};
use leapfrog_paths::linear::{Lin, Sym};
use leapfrog_paths::{Extractor, LoopPaths, range_rows};
use std::collections::BTreeSet;
use std::time::Instant;

/// The most paths a loop may have for an amortized bound.
const MAX_PATHS: usize = 6;
/// The most combinations of norms tried.
const MAX_COMBINATIONS: usize = 256;

/// What a path does to a norm.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Effect {
    /// Leaves it as it is or lowers it.
    None,
    /// Raises it by at most this constant.
    Raise(i128),
    /// Sets it to this form over variables no path changes.
    Reset(IntPoly),
}

/// One choice of a norm for a path: the norm, and what every path does to it.
#[derive(Clone, Debug)]
struct Norm {
    form: IntPoly,
    effects: Vec<Effect>,
}

/// The amortized bound of loop `l` of `fid` (of the inlined `q`) as one term over the values at
/// the loop's entry (see the module documentation); `None` when some path has no norm that the
/// others change only in those ways, the raises form a cycle, or the bound's degree is beyond
/// what a check takes.
pub fn amortized_bound(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    semantics: Semantics,
    deadline: Instant,
) -> Option<Term> {
    let f = &q.funcs[fid];
    let paths =
        Extractor::new(q, f, forest, l, &[], semantics, deadline).with_max_paths(MAX_PATHS + 1).extract().ok()?;
    if paths.paths.len() < 2 || paths.paths.len() > MAX_PATHS || paths.paths.iter().any(|p| !p.crossings.is_empty()) {
        return None;
    }
    let changed: BTreeSet<Sym> =
        paths.paths.iter().flat_map(|p| p.post.iter().filter(|(s, lin)| !lin.is_sym(**s)).map(|(s, _)| *s)).collect();
    let all: BTreeSet<usize> = (0..paths.syms.len()).collect();
    let ranges = range_rows(&paths.syms, &all);
    let options: Vec<Vec<Norm>> = (0..paths.paths.len())
        .map(|p| {
            norm_candidates(&paths, p, &ranges)
                .into_iter()
                .filter_map(|e| {
                    let effects = (0..paths.paths.len())
                        .map(|o| if o == p { Some(Effect::None) } else { effect(&paths, o, &e, &changed) })
                        .collect::<Option<Vec<_>>>()?;
                    Some(Norm { form: lin_over_variables(&paths, &e)?, effects })
                })
                .collect::<Vec<_>>()
        })
        .collect();
    if options.iter().any(|o| o.is_empty()) {
        return None;
    }
    // Every combination of the paths' norms (up to a limit): the bound of least degree, then
    // of fewest monomials.
    let mut best: Option<IntPoly> = None;
    let mut choice = vec![0usize; options.len()];
    for _ in 0..MAX_COMBINATIONS {
        let norms: Vec<&Norm> = choice.iter().zip(&options).map(|(i, o)| &o[*i]).collect();
        if let Some(psi) = potential(&norms)
            && psi.degree() <= MAX_DEGREE
            && best.as_ref().is_none_or(|b| (psi.degree(), psi.monomials.len()) < (b.degree(), b.monomials.len()))
        {
            best = Some(psi);
        }
        // The next combination.
        let mut k = 0;
        loop {
            if k == choice.len() {
                return best.map(|numerator| Term { numerator, divisor: 1 });
            }
            choice[k] += 1;
            if choice[k] < options[k].len() {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
    best.map(|numerator| Term { numerator, divisor: 1 })
}

/// The norms path `p` may count down: from each of its conditions `lin <= 0` over the header's
/// values (not a type's range), `1 - lin` (at least 1 on the path), when the path lowers it by a
/// constant of at least 1.
fn norm_candidates(paths: &LoopPaths, p: usize, ranges: &[leapfrog_paths::linear::Row]) -> Vec<Lin> {
    let path = &paths.paths[p];
    let mut out: Vec<Lin> = Vec::new();
    for row in &path.rows {
        if row.eq || ranges.contains(row) || row.lin.terms.is_empty() {
            continue;
        }
        if row.lin.syms().any(|s| paths.var_of(s).is_none()) {
            continue;
        }
        let Some(e) = row.lin.scale(-1).and_then(|l| l.add_const(1)) else { continue };
        let Some(delta) = after(paths, p, &e).and_then(|a| a.sub(&e)) else { continue };
        if delta.as_const().is_some_and(|d| d <= -1) && !out.contains(&e) {
            out.push(e);
        }
    }
    out
}

/// `e` after path `p`: each symbol replaced by its post-state value (`None` on an overflow).
fn after(paths: &LoopPaths, p: usize, e: &Lin) -> Option<Lin> {
    let post = &paths.paths[p].post;
    let mut out = Lin::constant(e.constant);
    for (s, c) in &e.terms {
        let value = post.get(s).cloned().unwrap_or_else(|| Lin::sym(*s));
        out = out.add_scaled(*c, &value)?;
    }
    Some(out)
}

/// What path `o` does to the norm `e`; `None` when it is none of the kinds an amortized bound
/// takes (it sets it from an input or from a variable some path changes).
fn effect(paths: &LoopPaths, o: usize, e: &Lin, changed: &BTreeSet<Sym>) -> Option<Effect> {
    let now = after(paths, o, e)?;
    if let Some(d) = now.sub(e)?.as_const() {
        return Some(if d <= 0 { Effect::None } else { Effect::Raise(d) });
    }
    if now.syms().all(|s| paths.var_of(s).is_some() && !changed.contains(&s)) {
        return Some(Effect::Reset(lin_over_variables(paths, &now)?));
    }
    None
}

/// `Ψ = Σ W_p · max(0, e_p)` for the paths' chosen norms (paths with the same norm share it);
/// `None` when the raises form a cycle or a coefficient overflows.
fn potential(norms: &[&Norm]) -> Option<IntPoly> {
    // The distinct norms, and per norm the paths that count it down.
    let mut atoms: Vec<&IntPoly> = Vec::new();
    let mut owner: Vec<usize> = Vec::new();
    for n in norms {
        let i = match atoms.iter().position(|a| **a == n.form) {
            Some(i) => i,
            None => {
                atoms.push(&n.form);
                atoms.len() - 1
            }
        };
        owner.push(i);
    }
    // What path `p` adds to atom `b`: the other paths' effects on the norm whose atom is `b`
    // (all paths of an atom have the same norm, so the same effects).
    let adds = |p: usize, b: usize| -> Option<IntPoly> {
        let holder = owner.iter().position(|o| *o == b).expect("an atom has a path");
        match &norms[holder].effects[p] {
            Effect::None => None,
            Effect::Raise(c) => Some(IntPoly::of_constant(*c)),
            Effect::Reset(r) => Some(IntPoly::positive_part(r.clone())),
        }
    };
    let mut weights: Vec<Option<IntPoly>> = vec![None; atoms.len()];
    let mut visiting = vec![false; atoms.len()];
    fn weight(
        a: usize,
        owner: &[usize],
        adds: &dyn Fn(usize, usize) -> Option<IntPoly>,
        weights: &mut Vec<Option<IntPoly>>,
        visiting: &mut Vec<bool>,
    ) -> Option<IntPoly> {
        if let Some(w) = &weights[a] {
            return Some(w.clone());
        }
        if visiting[a] {
            return None;
        }
        visiting[a] = true;
        // Per path of the atom: 1 plus the weights of what it raises, times how much.
        let mut needs: Vec<IntPoly> = Vec::new();
        for p in (0..owner.len()).filter(|p| owner[*p] == a) {
            let mut need = IntPoly::of_constant(1);
            for b in 0..weights.len() {
                if let Some(amount) = adds(p, b) {
                    if b == a {
                        return None;
                    }
                    let wb = weight(b, owner, adds, weights, visiting)?;
                    need = need.add_scaled(1, &wb.times(&amount)?)?;
                }
            }
            needs.push(need);
        }
        visiting[a] = false;
        let w = most(needs)?;
        weights[a] = Some(w.clone());
        Some(w)
    }
    let mut psi = IntPoly::of_constant(0);
    for (a, atom) in atoms.iter().enumerate() {
        let w = weight(a, &owner, &adds, &mut weights, &mut visiting)?;
        psi = psi.add_scaled(1, &w.times(&IntPoly::positive_part((*atom).clone()))?)?;
    }
    Some(psi)
}

/// An upper bound of polynomials with positive coefficients over positive parts: the one that
/// is at least every other monomial by monomial, else their sum.
fn most(polys: Vec<IntPoly>) -> Option<IntPoly> {
    let covers = |big: &IntPoly, small: &IntPoly| {
        small.monomials.iter().all(|(c, f)| big.monomials.iter().any(|(d, g)| g == f && d >= c))
    };
    if let Some(top) = polys.iter().find(|p| polys.iter().all(|o| covers(p, o))) {
        return Some(top.clone());
    }
    polys.iter().try_fold(IntPoly::of_constant(0), |s, p| s.add_scaled(1, p))
}
