//! Nested loops (proteus-tse19 §5, Fig. 2): an inner loop splits the paths of the loop around it.
//!
//! The paths of the outer loop cross each inner loop by `havoc(Mod); assume(invariant)`
//! (`leapfrog-paths`), recording where ([`Crossing`]): the values of the inner loop's variables
//! when it is entered, and the symbols standing for what it changes. When the inner loop has a
//! disjunctive summary, a path crossing it becomes one path per trace of that summary:
//! - the trace's condition, over the values at the inner loop's entry (affine in the values at
//!   the start of the outer iteration, or the trace is not used), joins the path's condition;
//! - the symbols take the trace's values at the inner loop's header after its last iteration,
//!   polynomials over the values at the start of the outer iteration (Fig. 2's inner loop gives
//!   `m + (i*i + i)/2`); an affine one is substituted into the path, any other is a *defined*
//!   auxiliary symbol ([`Crossed::defined`]) that the closed forms and the summary read;
//! - the trace's no-overflow conditions are the path's ([`Crossed::path_no_overflow`]): its
//!   values are those of an execution of the inner loop without overflow.
//!
//! The traces of a summary cover every execution of the inner loop that ends, so the split
//! paths cover every iteration the crossed path covered. Where a trace cannot be used (its
//! condition is not affine in the outer values, it keeps a counter, an entry value it needs is
//! not determined), the crossing stays a havoc: the path is kept as it was, all its traces
//! together.

use crate::poly::{Atom, Poly};
use crate::summary::{PolyConstraint, TraceSummary};
use leapfrog_ir::LoopId;
use leapfrog_linear::to_i128;
use leapfrog_paths::linear::{Lin, Row, Sym};
use leapfrog_paths::{LinPath, LoopPaths, int_row};
use leapfrog_smt::z3::ast::Bool;
use leapfrog_smt::{QueryLimits, Solver};
use num_traits::One;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// The summaries of a function's loops as inner loops (`None`: not summarized), computed once.
#[derive(Debug, Default)]
pub struct InnerSummaries {
    computed: std::cell::RefCell<BTreeMap<LoopId, Option<Vec<TraceSummary>>>>,
}

impl InnerSummaries {
    /// The summary of loop `l`, computed by `compute` the first time it is asked for.
    pub fn get_or_compute(
        &self,
        l: LoopId,
        compute: impl FnOnce() -> Option<Vec<TraceSummary>>,
    ) -> Option<Vec<TraceSummary>> {
        if let Some(known) = self.computed.borrow().get(&l) {
            return known.clone();
        }
        let summary = compute();
        self.computed.borrow_mut().insert(l, summary.clone());
        summary
    }
}

/// What the paths of a loop know from the summaries of the inner loops they cross.
#[derive(Clone, Debug, Default)]
pub struct Crossed {
    /// Auxiliary symbols with known values: polynomials over the values at the start of the
    /// path (the values of source variables, atoms `Var`).
    pub defined: BTreeMap<Sym, Poly>,
    /// Per iteration path (by index): the conditions, over the values at the start of the path,
    /// under which the inner loops it crosses run without overflow.
    pub path_no_overflow: Vec<Vec<PolyConstraint>>,
    /// The same per exit path.
    pub exit_no_overflow: Vec<Vec<PolyConstraint>>,
    /// How many crossings (of a path, before it was split) the traces split.
    pub splits: usize,
}

/// A path being split: the path, the renaming of the crossing symbols it has taken, its
/// defined symbols and no-overflow conditions.
#[derive(Clone)]
struct Variant {
    path: LinPath,
    renamed: BTreeMap<Sym, Sym>,
    defined: BTreeMap<Sym, Poly>,
    no_overflow: Vec<PolyConstraint>,
}

/// `paths` with each path that crosses an inner loop split by the traces of its summary
/// (`summary_of`; `None`: not summarized, the crossing stays a havoc); `None` when that makes
/// more than `max` paths (iterations and exits together) or reaches `deadline`.
pub fn split(
    mut paths: LoopPaths,
    summary_of: &mut dyn FnMut(LoopId) -> Option<Vec<TraceSummary>>,
    max: usize,
    deadline: Instant,
) -> Option<(LoopPaths, Crossed)> {
    let mut summaries: BTreeMap<LoopId, Option<Vec<TraceSummary>>> = BTreeMap::new();
    let solver = Solver::new(QueryLimits { timeout: Duration::from_millis(200), rlimit: 0 }, Some(deadline));
    let mut splits = 0;
    let mut made = 0;
    let mut split_one = |paths: &mut LoopPaths, path: &LinPath| -> Option<Vec<Variant>> {
        let mut variants = vec![Variant {
            path: path.clone(),
            renamed: BTreeMap::new(),
            defined: BTreeMap::new(),
            no_overflow: vec![],
        }];
        for crossing in &path.crossings {
            let traces = summaries.entry(crossing.inner).or_insert_with(|| summary_of(crossing.inner)).clone();
            let Some(traces) = traces else { continue };
            let mut next = Vec::new();
            let mut split_all = true;
            for variant in variants {
                match by_traces(paths, &variant, crossing, &traces) {
                    Some(split) => next.extend(split),
                    None => {
                        split_all = false;
                        next.push(variant);
                    }
                }
                // Before the infeasible ones are dropped, a path may have a few times more.
                if next.len() > 4 * max || Instant::now() >= deadline {
                    return None;
                }
            }
            splits += usize::from(split_all);
            variants = next;
        }
        let done: Vec<Variant> = variants.into_iter().filter_map(|v| finish(paths, v, &solver)).collect();
        made += done.len();
        (made <= max).then_some(done)
    };
    let mut crossed = Crossed::default();
    let mut new_paths = Vec::new();
    for path in std::mem::take(&mut paths.paths) {
        for v in split_one(&mut paths, &path)? {
            crossed.defined.extend(v.defined);
            crossed.path_no_overflow.push(v.no_overflow);
            new_paths.push(v.path);
        }
    }
    let mut new_exits = Vec::new();
    for (edge, path) in std::mem::take(&mut paths.exits) {
        for v in split_one(&mut paths, &path)? {
            crossed.defined.extend(v.defined);
            crossed.exit_no_overflow.push(v.no_overflow);
            new_exits.push((edge, v.path));
        }
    }
    paths.paths = new_paths;
    paths.exits = new_exits;
    crossed.splits = splits;
    Some((paths, crossed))
}

/// `variant` split by the traces of the inner loop it crosses at `crossing` (`None`: a trace
/// cannot be used, the crossing stays a havoc).
fn by_traces(
    paths: &mut LoopPaths,
    variant: &Variant,
    crossing: &leapfrog_paths::Crossing,
    traces: &[TraceSummary],
) -> Option<Vec<Variant>> {
    // The values at the inner loop's entry over the values at the start of the outer path.
    let entry: BTreeMap<Atom, Poly> = crossing
        .entry
        .iter()
        .filter_map(|(v, lin)| {
            let lin = rename(lin, &variant.renamed);
            Some((Atom::Var(*v), crate::induction::lin_poly(paths, &lin, &variant.defined)?))
        })
        .collect();
    let over_entry = |p: &Poly| -> Option<Poly> {
        if p.atoms().iter().any(|a| matches!(a, Atom::Counter(_)) || !entry.contains_key(a)) {
            return None;
        }
        Some(p.substitute_all(&entry))
    };
    let mut out = Vec::new();
    for trace in traces {
        let mut variant = variant.clone();
        for c in &trace.conditions {
            let poly = over_entry(&c.poly)?;
            variant.path.rows.push(row_of(paths, &poly, c.eq)?);
        }
        for c in &trace.no_overflow {
            variant.no_overflow.push(PolyConstraint { poly: over_entry(&c.poly)?, eq: c.eq });
        }
        // Fresh symbols for what the inner loop changes, with the trace's values where known.
        for (v, s) in &crossing.havocked {
            let info = paths.syms[*s].clone();
            paths.syms.push(info);
            let fresh = paths.syms.len() - 1;
            variant.renamed.insert(*s, fresh);
            if let Some(Some(value)) = trace.at_last_header.get(v)
                && let Some(value) = over_entry(value)
            {
                variant.defined.insert(fresh, value);
            }
        }
        let renamed = variant.renamed.clone();
        variant.path.rows.iter_mut().for_each(|r| r.lin = rename(&r.lin, &renamed));
        variant.path.post.values_mut().for_each(|l| *l = rename(l, &renamed));
        out.push(variant);
    }
    Some(out)
}

/// `poly` (affine over the values at the start) as a row `poly ≤ 0` (or `= 0`), denominators
/// cleared.
fn row_of(paths: &LoopPaths, poly: &Poly, eq: bool) -> Option<Row> {
    let affine = poly.as_affine()?;
    let d = poly.denominator();
    let mut lin = Lin::constant(to_i128(&(affine.constant_term() * &d))?);
    for (v, c) in affine.terms() {
        let s = *paths.pre.get(v)?;
        lin = lin.add_scaled(to_i128(&(c * &d))?, &Lin::sym(s))?;
    }
    Some(Row { lin, eq })
}

fn rename(lin: &Lin, renamed: &BTreeMap<Sym, Sym>) -> Lin {
    if !lin.terms.keys().any(|s| renamed.contains_key(s)) {
        return lin.clone();
    }
    let mut out = Lin::constant(lin.constant);
    for (s, c) in &lin.terms {
        *out.terms.entry(*renamed.get(s).unwrap_or(s)).or_insert(0) += c;
    }
    out.terms.retain(|_, c| *c != 0);
    out
}

/// The split path with its affine defined symbols substituted, constant rows settled, and
/// checked feasible (`None`: infeasible).
fn finish(paths: &LoopPaths, mut variant: Variant, solver: &Solver) -> Option<Variant> {
    // Those with an affine value with integer coefficients.
    let affine: BTreeMap<Sym, Lin> = variant
        .defined
        .iter()
        .filter(|(_, p)| p.denominator().is_one())
        .filter_map(|(s, p)| Some((*s, row_of(paths, p, true)?.lin)))
        .collect();
    let substitute = |lin: &Lin| -> Lin {
        let mut out = Lin::constant(lin.constant);
        for (s, c) in &lin.terms {
            let by = affine.get(s).cloned().unwrap_or_else(|| Lin::sym(*s));
            match out.add_scaled(*c, &by) {
                Some(sum) => out = sum,
                None => return lin.clone(),
            }
        }
        out
    };
    let mut rows = Vec::new();
    for row in &variant.path.rows {
        let lin = substitute(&row.lin);
        match lin.as_const() {
            Some(k) if (row.eq && k == 0) || (!row.eq && k <= 0) => {}
            Some(_) => return None,
            None => {
                let row = Row { lin, eq: row.eq };
                if !rows.contains(&row) {
                    rows.push(row);
                }
            }
        }
    }
    variant.path.rows = rows;
    variant.path.post.values_mut().for_each(|l| *l = substitute(l));
    for s in affine.keys() {
        variant.defined.remove(s);
    }
    if !variant.path.crossings.is_empty() {
        let facts: Vec<Bool> = variant.path.rows.iter().map(int_row).collect();
        solver.push();
        solver.assert(&Bool::and(&facts));
        let infeasible = solver.proves_unsat(&[]);
        solver.pop();
        if infeasible {
            return None;
        }
    }
    Some(variant)
}
