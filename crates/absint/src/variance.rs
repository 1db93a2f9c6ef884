//! Variance analysis (Berdine, Chawdhary, Cook, Distefano, O'Hearn, "Variance analyses from
//! invariance analyses", POPL 2007, Fig. 1): the invariance analysis re-run on a loop isolated
//! at its header and seeded with ghost copies of the variables.
//!
//! For the loop headed at a cutpoint `h` ([`variance`]):
//! - ISOLATE: only the loop's locations and edges are analysed (exits are dropped), and the
//!   header's outgoing edges start from a copy of the header (the seed) as well as from `h`
//!   itself, so that the value at `h` holds only states reached after at least one iteration;
//! - SEED: at the copy, every tracked variable `x` live at `h` gets a ghost `x°` with `x° = x`
//!   (the state in which the iteration sequence started); ghosts are never assigned;
//! - STEP and the fixpoint: the loop's iterations (inner loops included, iterated by the same
//!   fixpoint) from the seed, with the usual widening at cutpoints and narrowing.
//!
//! The value at `h` is then a *variance assertion*: a relation between an earlier header state
//! (the ghosts) and a later one, containing the transitive closure of the loop's iteration
//! relation on the header states the start element allows. In a disjunctive domain its
//! disjuncts are the candidates for Podelski–Rybalchenko's disjunctive well-foundedness
//! (WELLFOUNDED is the caller's: the domains know nothing of ranking functions).
//!
//! As everywhere in this crate the result is only a candidate: the termination checker
//! re-checks initiation, consecution and each disjunct's ranking function.

use crate::{Analyzer, Error, Tracked, reverse_postorder, thresholds, type_range};
use leapfrog_domains::{Dim, NumericDomain};
use leapfrog_ir::{Command, FuncId, Id, LocId, LoopId, Program, VarId, VarKind};
use leapfrog_linear::{Affine, Constraint};
use std::collections::BTreeSet;
use std::time::Instant;

/// A variable of a variance assertion: its value in the earlier (seeded) header state or now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StateVar {
    Earlier(VarId),
    Now(VarId),
}

/// The variance assertion of one loop: a disjunction of conjunctions of linear constraints
/// between the earlier and the current header state (empty: no iteration returns to the
/// header).
#[derive(Clone, Debug, Default)]
pub struct Variance {
    pub disjuncts: Vec<Vec<Constraint<StateVar>>>,
    /// The variables that have ghosts (tracked and live at the header).
    pub seeded: Vec<VarId>,
}

/// Runs the seeded analysis of loop `l` of function `func` from the header states in `start`
/// (say, the invariance analysis's value at the header, or the domain's top), with `top` the
/// domain's top element as the caller configures it (a disjunctive domain's bound). With
/// `keep`, the variance assertion is projected onto those variables (earlier and now): say,
/// the ones a user can name at the loop.
pub fn variance<D: NumericDomain>(
    p: &Program,
    func: FuncId,
    l: LoopId,
    cfg: &crate::Config,
    top: D,
    start: Option<&D>,
    keep: Option<&[VarId]>,
) -> Result<Variance, Error> {
    let f = &p.funcs[func];
    if let Some(what) = f.edges.values().find_map(|e| match &e.cmd {
        Command::Opaque { what, may_not_return: true, .. } => Some(what.clone()),
        _ => None,
    }) {
        return Err(Error::MayNotReturn(what));
    }
    let tracked = Tracked::of(p, func);
    let globals = tracked.iter().map(|(v, _)| v).filter(|v| p.vars[*v].kind == VarKind::Global).collect();
    let analyzer = Analyzer { p, tracked, cfg, globals };
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let lp = &forest.loops[l];
    let header = lp.header;
    let live = leapfrog_ir::liveness::live_variables(f);
    // Ghost dimensions lie above every variable's.
    let offset = p.vars.len();
    let ghost = |v: VarId| offset + v.index();
    let seeded: Vec<VarId> = analyzer.tracked.iter().map(|(v, _)| v).filter(|v| live[header].contains(v)).collect();
    if let Some(max) = cfg.max_live_variables {
        let most = lp
            .body
            .iter()
            .map(|loc| live[*loc].iter().filter(|v| analyzer.tracked.dim(**v).is_some()).count())
            .max()
            .unwrap_or(0);
        if most + seeded.len() > max {
            return Err(Error::Budget(format!(
                "{} integer variables and ghosts are live at one point (at most {max} for this domain)",
                most + seeded.len()
            )));
        }
    }

    // SEED.
    let mut seed = match start {
        Some(s) => s.clone(),
        None => {
            // The earlier state is any header state. A signed variable under the default
            // semantics is not assumed within its type's range: the checker's mathematical
            // integers do not assume it either, and relations derived from such ranges
            // (`a <= 2147483646` from `a < x`) would not survive its checks.
            let mut s = top;
            for (v, ty) in analyzer.tracked.iter() {
                if crate::linearize::wraps(ty, cfg.semantics) {
                    for c in type_range(v.index(), ty) {
                        s.assume(&c);
                    }
                }
            }
            s
        }
    };
    if seed.is_bottom() {
        return Ok(Variance { disjuncts: Vec::new(), seeded });
    }
    for &v in &seeded {
        seed.assign(ghost(v), &Affine::var(v.index()));
    }
    let keep_ghosts = |d: Dim| d >= offset;

    // ISOLATE: the loop's own edges.
    let inside = |loc: LocId| lp.contains(loc);
    let succ = f.successors();
    let pred = f.predecessors();
    let step = |state: &D, e: leapfrog_ir::EdgeId| -> Option<D> {
        let edge = &f.edges[e];
        let mut next = analyzer.transfer(state, &edge.cmd)?;
        let live_here = &live[edge.to];
        next.project(&|d| keep_ghosts(d) || live_here.contains(&VarId::new(d)));
        Some(next)
    };
    // The order: the loop's locations in reverse postorder from the header.
    let order = reverse_postorder(f, header, &succ, &inside);
    let mut rank = vec![usize::MAX; f.locs.len()];
    for (i, loc) in order.iter().enumerate() {
        rank[loc.index()] = i;
    }
    let thresholds = if cfg.thresholds { thresholds(p, func) } else { Vec::new() };
    let mut at: Vec<Option<D>> = vec![None; f.locs.len()];
    // What the header's edges start from: the seed, then (joined in) the value at the header.
    let source = |at: &Vec<Option<D>>, loc: LocId| -> Option<D> {
        if loc == header {
            Some(match &at[loc.index()] {
                Some(h) => seed.join(h),
                None => seed.clone(),
            })
        } else {
            at[loc.index()].clone()
        }
    };
    let mut visits = vec![0u32; f.locs.len()];
    let mut work: BTreeSet<(usize, LocId)> = BTreeSet::from([(rank[header.index()], header)]);
    let out_of_time = || cfg.deadline.is_some_and(|d| Instant::now() >= d);
    while let Some((_, loc)) = work.pop_first() {
        if out_of_time() {
            return Err(Error::Budget("time limit".to_string()));
        }
        let Some(state) = source(&at, loc) else { continue };
        for &e in &succ[loc] {
            let t = f.edges[e].to;
            if !inside(t) {
                continue;
            }
            let Some(next) = step(&state, e) else { continue };
            let updated = match &at[t.index()] {
                None => next,
                Some(old) => {
                    if next.leq(old) {
                        continue;
                    }
                    visits[t.index()] += 1;
                    if visits[t.index()] > cfg.max_visits_per_location {
                        return Err(Error::Budget("too many iterations".to_string()));
                    }
                    let joined = old.join(&next);
                    if forest.is_cutpoint(t) && visits[t.index()] > cfg.widening_delay {
                        old.widen_with_thresholds(&joined, &thresholds)
                    } else {
                        joined
                    }
                }
            };
            at[t.index()] = Some(updated);
            work.insert((rank[t.index()], t));
        }
    }
    for _ in 0..cfg.narrowing_rounds {
        if out_of_time() {
            break;
        }
        for &loc in &order {
            let mut new: Option<D> = None;
            for &e in &pred[loc] {
                let from = f.edges[e].from;
                if !inside(from) {
                    continue;
                }
                let Some(src) = source(&at, from) else { continue };
                if let Some(next) = step(&src, e) {
                    new = Some(match new {
                        None => next,
                        Some(acc) => acc.join(&next),
                    });
                }
            }
            at[loc.index()] = match (&at[loc.index()], new) {
                (Some(old), Some(new)) if forest.is_cutpoint(loc) => Some(old.narrow(&new)),
                (Some(old), Some(new)) => Some(if new.leq(old) { new } else { old.meet(&new) }),
                (_, new) => new,
            };
        }
    }
    let Some(mut relation) = at[header.index()].clone() else {
        return Ok(Variance { disjuncts: Vec::new(), seeded });
    };
    if let Some(keep) = keep {
        let kept = |d: Dim| keep.contains(&VarId::new(if d >= offset { d - offset } else { d }));
        relation.project(&kept);
    }
    let name = |d: &Dim| {
        if *d >= offset { StateVar::Earlier(VarId::new(d - offset)) } else { StateVar::Now(VarId::new(*d)) }
    };
    let disjuncts =
        relation.disjunct_constraints().into_iter().map(|cs| cs.iter().map(|c| c.map_vars(name)).collect()).collect();
    Ok(Variance { disjuncts, seeded })
}
