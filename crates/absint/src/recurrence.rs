//! Candidate recurrent sets: the header states a loop reaches from one concrete header state by
//! iterations that stay in the loop.
//!
//! For the loop headed at `h` and a state `s` at `h` ([`reachable_in_loop`]): the loop is
//! isolated at its header as in the variance analysis (only its own edges; an edge that leaves
//! it is dropped), the fixpoint starts from the point `s`, and the value at `h` joined with `s`
//! is the answer. It contains `s` and every header state an iteration from it reaches without
//! leaving the loop, so it is closed under the iterations that stay in the loop (up to what the
//! domain loses). Whether no iteration from it can leave the loop is the caller's question: a
//! set that passes is a recurrent set (Gupta, Henzinger, Majumdar, Rybalchenko, Xu, "Proving
//! non-termination", POPL 2008), and a disjunctive domain gives sets such as `x >= 6 || x <= -7`
//! for a value that alternates in sign and grows.
//!
//! As everywhere in this crate the result is only a candidate: the recurrent-set checker of
//! `leapfrog-certify` decides.

use crate::{Analyzer, Error, havoc, solve, thresholds};
use leapfrog_domains::{Dim, NumericDomain};
use leapfrog_ir::{FuncId, Id, LocId, LoopId, Program, VarId};
use leapfrog_linear::{Affine, Constraint, rational};
use std::collections::BTreeMap;

/// The header states loop `l` of function `func` reaches from the header state `from` (values of
/// integer registers; a tracked register it does not give may have any value of its type) by
/// iterations that stay in the loop, `from` included, as a disjunction of conjunctions of
/// linear constraints over the variables in `keep` (all tracked variables when `None`). `top`
/// is the domain's top element as the caller configures it (a disjunctive domain's bound). Empty:
/// no state (`from` is not a state of the tracked variables).
pub fn reachable_in_loop<D: NumericDomain>(
    p: &Program,
    func: FuncId,
    l: LoopId,
    cfg: &crate::Config,
    top: D,
    from: &BTreeMap<VarId, i128>,
    keep: Option<&[VarId]>,
) -> Result<Vec<Vec<Constraint<VarId>>>, Error> {
    let f = &p.funcs[func];
    let analyzer = Analyzer::new(p, func, cfg)?;
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let lp = &forest.loops[l];
    let header = lp.header;
    let live = leapfrog_ir::liveness::live_variables(f);
    if let Some(max) = cfg.max_live_variables {
        let most = analyzer.most_live(&live, lp.body.iter().copied());
        if most > max {
            return Err(Error::Budget(format!(
                "{most} integer variables are live at one point (at most {max} for this domain)"
            )));
        }
    }
    let mut start = top;
    for (v, _) in analyzer.tracked.iter() {
        if !live[header].contains(&v) {
            continue;
        }
        match from.get(&v) {
            Some(x) => start.assign(v.index(), &Affine::constant(rational(*x))),
            None => havoc(&mut start, &analyzer.tracked, v),
        }
    }
    let live_at_header = &live[header];
    start.project(&|d| live_at_header.contains(&VarId::new(d)) || analyzer.is_view(d));
    if start.is_bottom() {
        return Ok(Vec::new());
    }
    let inside = |loc: LocId| lp.contains(loc);
    let step = |state: &D, e: leapfrog_ir::EdgeId| analyzer.step(f, &live, &|_| false, state, e);
    let thresholds = if cfg.thresholds { thresholds(p, func) } else { Vec::new() };
    let at = solve(f, cfg, &thresholds, header, &start, &inside, &step)?;
    let mut reached = match &at[header] {
        Some(after) => start.join(after),
        None => start,
    };
    if let Some(keep) = keep {
        reached.project(&|d: Dim| keep.contains(&VarId::new(d)));
    }
    Ok(reached
        .disjunct_constraints()
        .into_iter()
        .map(|cs| cs.iter().map(|c| c.map_vars(|d| VarId::new(*d))).collect())
        .collect())
}
