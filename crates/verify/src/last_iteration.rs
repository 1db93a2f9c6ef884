//! Invariant candidates from a loop's assertions at its counter's last value.
//!
//! An assertion inside a loop that a counter `k` runs through (`k < n` to enter an iteration,
//! `k` moved by one per iteration) mostly needs, at the loop's header, what the assertion says
//! at the counter's last value: for the bounds check of `msg[i + k]` under `k < n`, that is
//! `\offset(msg) + i + (n - 1) + 1 <= \object_size(msg)`, the relation of three variables
//! (`i + n <= \object_size(msg)`) octagons cannot find and the polyhedra, which do not see the
//! checks' ghosts, do not find either. So each linear comparison asserted in a loop is a
//! candidate at the loop's header with the counter replaced by its last value, and every other
//! variable the loop moves by a constant (`p++` beside `i++`: `\offset(p)`) by its value then.
//!
//! These are only candidates: Houdini keeps the inductive ones with the others, and the
//! independent checker re-checks the certificate.

use leapfrog_absint::Tracked;
use leapfrog_absint::facts::constraint_expr;
use leapfrog_absint::linearize::{comparison, linearize};
use leapfrog_arith::{CmpOp, Semantics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Command, Expr, FuncId, LocId, Program, VarId};
use leapfrog_linear::{Affine, Constraint, Rational, rational};
use leapfrog_paths::{Extractor, LoopPaths};
use leapfrog_proteus::induction::updates_of;
use leapfrog_proteus::poly::Poly;
use leapfrog_summarize::candidates::Candidate;
use num_traits::Zero;
use std::collections::BTreeMap;
use std::time::Instant;

/// The most candidates one loop gets, and the most paths a loop may have for its steps.
const MAX_PER_LOOP: usize = 16;
const MAX_PATHS: usize = 8;

/// The candidates of `q`'s function `fid`, at their loops' headers.
pub fn candidates(q: &Program, fid: FuncId, semantics: Semantics, deadline: Instant) -> Vec<(LocId, Candidate)> {
    let f = &q.funcs[fid];
    let tracked = Tracked::of(q, fid);
    let forest = LoopForest::compute(f);
    let mut out = Vec::new();
    for (l, lp) in forest.loops.iter() {
        let inside = |l: LocId| lp.body.binary_search(&l).is_ok();
        let once = assigned_once(q, fid, &tracked, &inside);
        let Some((k, by, last)) = counter(q, fid, &tracked, semantics, lp.header, &inside, &once) else { continue };
        // The other variables moved by a constant each iteration (`p++` beside `i++`): at the
        // last iteration, moved `(last - k) / by` times more.
        let paths = Extractor::new(q, f, &forest, l, &[], semantics, deadline).extract().ok();
        let moved: Vec<(usize, Affine<usize>)> = steps(q, &tracked, semantics, &once, paths.as_ref())
            .into_iter()
            .filter(|(d, _)| *d != k)
            .map(|(d, c)| (d, Affine::var(d).add(&last.sub(&Affine::var(k)).scale(&(c / by.clone())))))
            .collect();
        let at_last = |e: &Affine<usize>| {
            let mut e = e.substitute(&k, &last);
            for (d, value) in &moved {
                e = e.substitute(d, value);
            }
            e
        };
        // The registers the loop sets once, to a copy of another (`*p++` reads a copy of `p`
        // the front end makes): at the check, the copy is the other's value at the iteration's
        // start, as a guess Houdini keeps or drops.
        let copies: Vec<(usize, usize)> =
            copies(&once, &tracked).into_iter().filter(|(w, _)| !moved.iter().any(|(d, _)| d == w)).collect();
        let mut here: Vec<Candidate> = Vec::new();
        for edge in f.edges.values().filter(|e| inside(e.from)) {
            let Command::Assert { cond: Expr::Cmp(op, a, b), .. } = &edge.cmd else { continue };
            if !matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) {
                continue;
            }
            let exact = |e: &Expr| linearize(q, &tracked, semantics, e).filter(|l| l.wrap.is_none());
            let (Some(la), Some(lb)) = (exact(a), exact(b)) else { continue };
            let through_copies =
                |e: &Affine<usize>| copies.iter().fold(e.clone(), |e, (w, v)| e.substitute(w, &Affine::var(*v)));
            for (la, lb) in
                [(la.affine.clone(), lb.affine.clone()), (through_copies(&la.affine), through_copies(&lb.affine))]
            {
                let mentions = |l: &Affine<usize>| {
                    !l.coefficient(&k).is_zero() || moved.iter().any(|(d, _)| !l.coefficient(d).is_zero())
                };
                if !mentions(&la) && !mentions(&lb) {
                    continue;
                }
                for c in comparison(*op, &at_last(&la), &at_last(&lb)) {
                    let over_vars: Constraint<VarId> = c.map_vars(|d| tracked.var(*d));
                    let Some((expr, text)) = constraint_expr(q, &over_vars, semantics) else { continue };
                    if here.len() < MAX_PER_LOOP && !here.iter().any(|h| h.expr == expr) {
                        here.push(Candidate { expr, text });
                    }
                }
            }
        }
        out.extend(here.into_iter().map(|c| (lp.header, c)));
    }
    out
}

/// [`steps`] where the loop has too many paths (the checks' ghosts branch): the registers the
/// loop assigns once, `x := x + c`, reading a register copied from `x` (`t := p; p := t + 1`)
/// as `x` (a guess: the order of the two is not looked at).
fn syntactic_steps(
    q: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    once: &BTreeMap<usize, &Expr>,
) -> Vec<(usize, Rational)> {
    let copied = copies(once, tracked);
    let mut out = Vec::new();
    for (&d, value) in once {
        let Some(l) = linearize(q, tracked, semantics, value).filter(|l| l.wrap.is_none()) else { continue };
        let through =
            copied.iter().filter(|(_, v)| *v == d).fold(l.affine, |e, (w, v)| e.substitute(w, &Affine::var(*v)));
        let Some(c) = through.sub(&Affine::var(d)).as_constant().cloned() else { continue };
        if !c.is_zero() {
            out.push((d, c));
        }
    }
    out
}

/// The registers (as dimensions) the loop assigns exactly once, by an assignment, with the
/// value assigned.
fn assigned_once<'a>(
    q: &'a Program,
    fid: FuncId,
    tracked: &Tracked,
    inside: &dyn Fn(LocId) -> bool,
) -> BTreeMap<usize, &'a Expr> {
    let mut assigned: BTreeMap<VarId, Vec<&Command>> = BTreeMap::new();
    for e in q.funcs[fid].edges.values().filter(|e| inside(e.from)) {
        for v in e.cmd.defs() {
            assigned.entry(v).or_default().push(&e.cmd);
        }
    }
    assigned
        .into_iter()
        .filter_map(|(v, cmds)| match cmds.as_slice() {
            [Command::Assign(_, value)] => Some((tracked.dim(v)?, value)),
            _ => None,
        })
        .collect()
}

/// Those of `once` that copy another register, `w := v`: the pairs `(w, v)` (a copy of one of
/// the moved registers, or of one the loop does not change: `\\object_size(t) :=
/// \\object_size(p)`).
fn copies(once: &BTreeMap<usize, &Expr>, tracked: &Tracked) -> Vec<(usize, usize)> {
    once.iter()
        .filter_map(|(w, value)| match value {
            Expr::Var(v) => Some((*w, tracked.dim(*v)?)),
            _ => None,
        })
        .collect()
}

/// The loop's counter (a dimension) and its last value in an iteration, as an affine
/// expression: the header's one way into the body compares a register `k` with a linear `n`
/// (`k < n`, `k <= n`, `k != n` for a counter going up; `>`, `>=`, `!=` for one going down) and
/// the loop assigns `k` once, `k := k ± 1`.
fn counter(
    q: &Program,
    fid: FuncId,
    tracked: &Tracked,
    semantics: Semantics,
    header: LocId,
    inside: &dyn Fn(LocId) -> bool,
    once: &BTreeMap<usize, &Expr>,
) -> Option<(usize, Rational, Affine<usize>)> {
    let f = &q.funcs[fid];
    let exact = |e: &Expr| linearize(q, tracked, semantics, e).filter(|l| l.wrap.is_none()).map(|l| l.affine);
    let mut into_body = f.edges.values().filter(|e| e.from == header && inside(e.to) && e.to != header);
    let (Some(guard), None) = (into_body.next(), into_body.next()) else { return None };
    let Command::Assume(Expr::Cmp(op, a, b)) = &guard.cmd else { return None };
    // `k op n`, the counter on the left.
    let (k, op, n) = match (a.as_ref(), b.as_ref()) {
        (Expr::Var(k), n) if tracked.dim(*k).is_some() => (*k, *op, n),
        (n, Expr::Var(k)) if tracked.dim(*k).is_some() => (*k, op.swap(), n),
        _ => return None,
    };
    let d = tracked.dim(k)?;
    let n = exact(n)?;
    if !n.coefficient(&d).is_zero() {
        return None;
    }
    let by = exact(once.get(&d)?)?.sub(&Affine::var(d));
    let by = by.as_constant()?;
    let one = rational(1);
    let last = match op {
        CmpOp::Lt | CmpOp::Ne if *by == one => n.add_constant(&-one),
        CmpOp::Le if *by == one => n,
        CmpOp::Gt | CmpOp::Ne if *by == -one.clone() => n.add_constant(&one),
        CmpOp::Ge if *by == -one => n,
        _ => return None,
    };
    Some((d, by.clone(), last))
}

/// The registers every path of the loop moves by one constant `c` (`\\offset(p)` by 1 for
/// `*p++`, through the temporary the front end copies `p` to), and their `c`; when its
/// paths could not be extracted or are too many, those of [`syntactic_steps`].
fn steps(
    q: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    once: &BTreeMap<usize, &Expr>,
    paths: Option<&LoopPaths>,
) -> Vec<(usize, Rational)> {
    let Some(paths) = paths.filter(|p| !p.paths.is_empty() && p.paths.len() <= MAX_PATHS) else {
        return syntactic_steps(q, tracked, semantics, once);
    };
    let per_path: Vec<_> = paths.paths.iter().map(|path| updates_of(paths, path, &BTreeMap::new())).collect();
    let mut out = Vec::new();
    for &v in paths.pre.keys() {
        let Some(d) = tracked.dim(v) else { continue };
        let step = |updates: &leapfrog_proteus::induction::Updates| {
            updates.get(&v)?.as_ref()?.sub(&Poly::var(v)).as_constant()
        };
        let Some(c) = step(&per_path[0]) else { continue };
        if !c.is_zero() && per_path.iter().all(|u| step(u) == Some(c.clone())) {
            out.push((d, c));
        }
    }
    out
}
