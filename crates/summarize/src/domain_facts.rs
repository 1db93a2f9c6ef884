//! Invariant candidates from the invariance analysis (`leapfrog-absint` over octagons): the
//! constraints it finds at each loop header, as candidates that Houdini checks first.
//!
//! The abstract interpreter is not trusted: its facts are candidates like the templates', kept
//! only when Houdini proves them inductive and, for a verdict, re-checked by the independent
//! checker. Facts mention only variables visible at the loop (as the templates do) and no memory
//! view (the analysis does not track memory: a view variable is never assigned in the IR).

use crate::candidates::Candidate;
use leapfrog_absint::facts::{constraint_expr, implied_by_types};
use leapfrog_arith::Semantics;
use leapfrog_domains::Octagon;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, IdVec, LoopId, MemoryView, Program, Visibility};
use std::time::Instant;

/// Above this many locations the analysis is not run (its cost grows with locations × loops).
const MAX_LOCATIONS: usize = 5000;
/// Above this many live integer variables at one point the octagons get too costly.
const MAX_LIVE_VARIABLES: usize = 24;
/// The share of the time left the analysis may use.
const TIME_SHARE: u32 = 10;

/// Per loop of `forest` (function `fid` of `p`), the facts the octagon analysis finds at its
/// header, as candidates; empty lists when the analysis does not apply or gives up.
pub fn domain_candidates(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    semantics: Semantics,
    views: &[MemoryView],
    deadline: Option<Instant>,
) -> IdVec<LoopId, Vec<Candidate>> {
    let mut out: IdVec<LoopId, Vec<Candidate>> = forest.loops.ids().map(|_| Vec::new()).collect();
    let f = &p.funcs[fid];
    if forest.loops.is_empty() || f.locs.len() > MAX_LOCATIONS {
        return out;
    }
    let now = Instant::now();
    let deadline = deadline.map(|d| now + d.saturating_duration_since(now) / TIME_SHARE);
    let cfg = leapfrog_absint::Config {
        deadline,
        max_live_variables: Some(MAX_LIVE_VARIABLES),
        ..leapfrog_absint::Config::new(semantics)
    };
    let Ok(result) = leapfrog_absint::analyze::<Octagon>(p, fid, &cfg) else { return out };
    let visibility = Visibility::new(p, views);
    let is_view = |v: &leapfrog_ir::VarId| views.iter().any(|m| m.var == *v);
    for (l, _, constraints) in result.at_loops() {
        let at = forest.syntax(f, l).1;
        for c in &constraints {
            if implied_by_types(p, c) || c.vars().any(|v| is_view(v) || !visibility.visible_at(*v, at)) {
                continue;
            }
            if let Some((expr, text)) = constraint_expr(p, c, semantics)
                && !matches!(expr, leapfrog_ir::Expr::Bool(true))
            {
                out[l].push(Candidate { expr, text });
            }
        }
    }
    out
}
