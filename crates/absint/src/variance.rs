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

use crate::{Analyzer, Error, solve, thresholds, type_range};
use leapfrog_domains::{Dim, NumericDomain};
use leapfrog_ir::{FuncId, Id, LocId, LoopId, Program, VarId};
use leapfrog_linear::{Affine, Constraint};

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
    let analyzer = Analyzer::new(p, func, cfg)?;
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let lp = &forest.loops[l];
    let header = lp.header;
    let live = leapfrog_ir::liveness::live_variables(f);
    // Ghost dimensions lie above every variable's.
    let offset = p.vars.len();
    let ghost = |v: VarId| offset + v.index();
    let seeded: Vec<VarId> = analyzer.tracked.iter().map(|(v, _)| v).filter(|v| live[header].contains(v)).collect();
    if let Some(max) = cfg.max_live_variables {
        let most = analyzer.most_live(&live, lp.body.iter().copied());
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
    let step = |state: &D, e: leapfrog_ir::EdgeId| analyzer.step(f, &live, &keep_ghosts, state, e);
    let thresholds = if cfg.thresholds { thresholds(p, func) } else { Vec::new() };
    // STEP and the fixpoint: the header's edges start from the seed and from the header's own
    // value, which holds only states after one or more iterations.
    let at = solve(f, cfg, &thresholds, header, &seed, &inside, &step)?;
    let Some(mut relation) = at[header].clone() else {
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
