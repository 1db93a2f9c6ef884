//! A loop sliced by its variables of interest (proteus-tse19 §4.1): what its exit conditions
//! read, and everything those values depend on inside the loop, through assignments (data) and
//! through the branches that decide whether such an assignment or an exit runs (control).
//!
//! Every other statement of the body becomes a skip, and every branch that decides nothing of
//! interest keeps one of its ways only (both ways run the same statements of interest and meet
//! again at the branch's immediate post-dominator). The sliced loop has the paths of the
//! original loop restricted to the variables of interest: classification, and the bounds that
//! depend only on the exit conditions, read it instead, with fewer paths and fewer variables.
//!
//! Conservative where it must be: statements with effects the slice cannot see through stay
//! (stores when a statement of interest loads; calls, unless every variable of interest is a
//! register local and nothing of interest reads memory, so that only a call's result could
//! reach them; opaque steps), and a loop with loops inside is not sliced. A call left out may
//! also end the execution: the sliced loop has the original loop's executions and perhaps more.

use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Command, EdgeId, Expr, Function, LocId, LoopId};
use leapfrog_ir::{Program, VarId};
use std::collections::{BTreeMap, BTreeSet};

/// The largest loop body sliced: post-dominators are computed as sets (quadratic in the body),
/// which is cheap for the loops of real code but not for a huge interpreter loop.
const MAX_SLICED_LOCATIONS: usize = 4000;

/// A sliced copy of a function, for one of its loops.
pub struct Slice {
    /// The function with the loop's statements outside the slice made skips.
    pub function: Function,
    /// The variables of interest.
    pub interest: BTreeSet<VarId>,
    /// How many statements and branches of the loop were left out.
    pub dropped: usize,
}

/// `f` with loop `l` sliced by the variables its exit conditions read; `None` when the loop has
/// loops inside or nothing would be left out.
pub fn slice(p: &Program, f: &Function, forest: &LoopForest, l: LoopId) -> Option<Slice> {
    let lp = &forest.loops[l];
    if !lp.children.is_empty() || lp.irreducible || lp.body.len() > MAX_SLICED_LOCATIONS {
        return None;
    }
    let inside = |loc: LocId| lp.contains(loc);
    let body_edges: Vec<EdgeId> = f.edges.iter().filter(|(_, e)| inside(e.from)).map(|(id, _)| id).collect();
    let closes = |e: EdgeId| lp.back_edges.contains(&e) || lp.exits.contains(&e);
    // Successors within one iteration (`None`: the iteration ends, by a back edge or an exit).
    let mut succ: BTreeMap<LocId, Vec<(EdgeId, Option<LocId>)>> = BTreeMap::new();
    for &e in &body_edges {
        let to = if closes(e) { None } else { Some(f.edges[e].to) };
        succ.entry(f.edges[e].from).or_default().push((e, to));
    }
    let order = topological(lp.header, &succ)?;
    let ipdom = immediate_post_dominators(&order, &succ);
    // The edges each branch decides: those between it and its immediate post-dominator.
    let mut decided: BTreeMap<LocId, BTreeSet<EdgeId>> = BTreeMap::new();
    for (&b, outs) in &succ {
        if outs.len() < 2 {
            continue;
        }
        let join = ipdom.get(&b).copied().flatten();
        let mut edges = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut work: Vec<LocId> = vec![b];
        while let Some(n) = work.pop() {
            for &(e, to) in succ.get(&n).map(Vec::as_slice).unwrap_or(&[]) {
                edges.insert(e);
                if let Some(to) = to
                    && Some(to) != join
                    && seen.insert(to)
                {
                    work.push(to);
                }
            }
        }
        decided.insert(b, edges);
    }
    // What stays: exits, effects the slice cannot see through, definitions of variables of
    // interest, the branches deciding any of those; and what they read, to a fixpoint.
    let loads_of_interest =
        |kept: &BTreeSet<EdgeId>| kept.iter().any(|e| matches!(f.edges[*e].cmd, Command::Load { .. }));
    let mut interest: BTreeSet<VarId> = BTreeSet::new();
    let mut kept: BTreeSet<EdgeId> = BTreeSet::new();
    let mut kept_branches: BTreeSet<LocId> = BTreeSet::new();
    loop {
        let before = (interest.len(), kept.len(), kept_branches.len());
        let memory_matters = loads_of_interest(&kept);
        // A call reaches the variables of interest only through its result when they are all
        // register locals (no address taken, not global) and nothing of interest reads memory.
        let calls_matter = memory_matters
            || interest.iter().any(|v| {
                let var = &p.vars[*v];
                !matches!(var.ty, leapfrog_ir::VarTy::Reg(_)) || matches!(var.kind, leapfrog_ir::VarKind::Global)
            });
        for &e in &body_edges {
            let cmd = &f.edges[e].cmd;
            let keep = lp.exits.contains(&e)
                || match cmd {
                    Command::Skip | Command::Assert { .. } => false,
                    // A branch's conditions are decided below; an assumption on its own
                    // (`__VERIFIER_assume`) stays when it constrains a variable of interest.
                    Command::Assume(c) => {
                        succ.get(&f.edges[e].from).is_some_and(|o| o.len() == 1)
                            && c.reads().iter().any(|v| interest.contains(v))
                    }
                    Command::Assign(..) | Command::Havoc(..) | Command::Load { .. } => {
                        cmd.defs().iter().any(|v| interest.contains(v))
                    }
                    Command::Store { .. } | Command::MemCopy { .. } | Command::MemSet { .. } => memory_matters,
                    Command::Call { dst, .. } | Command::CallExtern { dst, .. } => {
                        calls_matter || dst.is_some_and(|d| interest.contains(&d))
                    }
                    Command::Output { .. } => false,
                    _ => true,
                };
            if keep {
                kept.insert(e);
            }
        }
        for (b, edges) in &decided {
            if edges.iter().any(|e| kept.contains(e) && f.edges[*e].from != *b || lp.exits.contains(e))
                || succ[b].iter().any(|(e, _)| kept.contains(e) && !matches!(f.edges[*e].cmd, Command::Assume(_)))
            {
                kept_branches.insert(*b);
            }
        }
        for b in &kept_branches {
            for (e, _) in &succ[b] {
                kept.insert(*e);
            }
        }
        for e in &kept {
            for x in f.edges[*e].cmd.exprs() {
                interest.extend(x.reads());
            }
        }
        if (interest.len(), kept.len(), kept_branches.len()) == before {
            break;
        }
    }
    // The sliced copy.
    let mut function = f.clone();
    let mut dropped = 0;
    for (&b, outs) in &succ {
        if outs.len() < 2 || kept_branches.contains(&b) {
            continue;
        }
        // One way only: the first, unconditionally.
        for (i, (e, _)) in outs.iter().enumerate() {
            function.edges[*e].cmd = if i == 0 { Command::Skip } else { Command::Assume(Expr::Bool(false)) };
        }
        dropped += 1;
    }
    for &e in &body_edges {
        if kept.contains(&e) || succ.get(&f.edges[e].from).is_some_and(|o| o.len() >= 2) {
            continue;
        }
        if !matches!(f.edges[e].cmd, Command::Skip) {
            function.edges[e].cmd = Command::Skip;
            dropped += 1;
        }
    }
    (dropped > 0).then_some(Slice { function, interest, dropped })
}

/// The body's locations in topological order from the header (`None`: the iteration graph is
/// cyclic, which a loop without inner loops is not).
fn topological(header: LocId, succ: &BTreeMap<LocId, Vec<(EdgeId, Option<LocId>)>>) -> Option<Vec<LocId>> {
    let mut indegree: BTreeMap<LocId, usize> = BTreeMap::from([(header, 0)]);
    for outs in succ.values() {
        for (_, to) in outs {
            if let Some(to) = to {
                *indegree.entry(*to).or_default() += 1;
            }
        }
    }
    let mut ready = vec![header];
    let mut order = Vec::new();
    while let Some(n) = ready.pop() {
        order.push(n);
        for (_, to) in succ.get(&n).map(Vec::as_slice).unwrap_or(&[]) {
            if let Some(to) = to {
                let d = indegree.get_mut(to)?;
                *d -= 1;
                if *d == 0 {
                    ready.push(*to);
                }
            }
        }
    }
    (order.len() == indegree.len()).then_some(order)
}

/// Each location's immediate post-dominator within one iteration (`None`: the end of the
/// iteration, where back edges and exits meet).
fn immediate_post_dominators(
    order: &[LocId],
    succ: &BTreeMap<LocId, Vec<(EdgeId, Option<LocId>)>>,
) -> BTreeMap<LocId, Option<LocId>> {
    // Post-dominator sets, the end of the iteration left implicit (it post-dominates all).
    let mut pdom: BTreeMap<LocId, BTreeSet<LocId>> = BTreeMap::new();
    for &n in order.iter().rev() {
        let mut common: Option<BTreeSet<LocId>> = None;
        for (_, to) in succ.get(&n).map(Vec::as_slice).unwrap_or(&[]) {
            let set = match to {
                Some(to) => pdom.get(to).cloned().unwrap_or_default(),
                None => BTreeSet::new(),
            };
            common = Some(match common {
                None => set,
                Some(c) => c.intersection(&set).copied().collect(),
            });
        }
        let mut set = common.unwrap_or_default();
        set.insert(n);
        pdom.insert(n, set);
    }
    // The immediate one: the strict post-dominator that all the others post-dominate.
    pdom.iter()
        .map(|(n, set)| {
            let strict: Vec<LocId> = set.iter().copied().filter(|d| d != n).collect();
            let immediate = strict.iter().copied().find(|d| strict.iter().all(|o| pdom[d].contains(o)));
            (*n, immediate)
        })
        .collect()
}
