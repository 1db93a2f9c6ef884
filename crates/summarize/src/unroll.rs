//! Bounded unwinding: a loop-free copy of a function in which every loop runs at most `k`
//! iterations per entry (an execution that would start iteration `k + 1` is cut: it reaches a
//! location without successors, which is neither an error nor an exit).
//!
//! Locations of the copy are pairs (original location, iteration count of every enclosing
//! loop), created on demand from the entry, so only reachable copies exist. Edges keep their
//! commands and spans, and `origin` maps every copied edge back to the original.

use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{EdgeId, Function, IdVec, LocId, LoopId};
use std::collections::HashMap;

pub struct Unrolled {
    pub func: Function,
    /// The original edge of every edge of `func`.
    pub origin: IdVec<EdgeId, EdgeId>,
    /// The original location of every location of `func` (`None` for the cut location).
    pub loc_origin: IdVec<LocId, Option<LocId>>,
}

/// The loops containing `loc`, outermost first.
fn chain(forest: &LoopForest, loc: LocId) -> Vec<LoopId> {
    let mut out = Vec::new();
    let mut cur = forest.innermost[loc];
    while let Some(l) = cur {
        out.push(l);
        cur = forest.loops[l].parent;
    }
    out.reverse();
    out
}

/// `f` with every loop unwound `k` times, or `None` when the copy would exceed `max_locs`
/// locations or a loop is irreducible.
pub fn unroll(f: &Function, forest: &LoopForest, k: u32, max_locs: usize) -> Option<Unrolled> {
    if forest.loops.iter().any(|(_, l)| l.irreducible) {
        return None;
    }
    let chains: IdVec<LocId, Vec<LoopId>> = f.locs.ids().map(|l| chain(forest, l)).collect();
    let succs = f.successors();
    let mut out = Function::new(f.name.clone(), f.span);
    out.params = f.params.clone();
    out.ret = f.ret;
    out.locals = f.locals.clone();
    let mut origin = IdVec::new();
    let mut ids: HashMap<(LocId, Vec<u32>), LocId> = HashMap::new();
    ids.insert((f.entry, vec![0; chains[f.entry].len()]), out.entry);
    ids.insert((f.exit, Vec::new()), out.exit);
    ids.insert((f.halt, Vec::new()), out.halt);
    let cut = out.add_loc();
    let mut work = vec![(f.entry, vec![0u32; chains[f.entry].len()])];
    while let Some((u, ctx)) = work.pop() {
        let from = ids[&(u, ctx.clone())];
        for &eid in &succs[u] {
            let e = &f.edges[eid];
            let v = e.to;
            let (cu, cv) = (&chains[u], &chains[v]);
            let common = cu.iter().zip(cv).take_while(|(a, b)| a == b).count();
            let mut next: Vec<u32> = ctx[..common].to_vec();
            next.resize(cv.len(), 0);
            let mut target = None;
            if let Some(&l) = cv.last()
                && forest.loops[l].header == v
                && common == cv.len()
            {
                // A back edge of `l` (u is inside l): the next iteration.
                let c = &mut next[cv.len() - 1];
                *c += 1;
                if *c >= k {
                    target = Some(cut);
                }
            }
            let to = match target {
                Some(t) => t,
                None => match ids.get(&(v, next.clone())) {
                    Some(&t) => t,
                    None => {
                        if out.locs.len() >= max_locs {
                            return None;
                        }
                        let t = out.add_loc();
                        ids.insert((v, next.clone()), t);
                        work.push((v, next));
                        t
                    }
                },
            };
            out.add_edge(from, to, e.cmd.clone(), e.span);
            origin.push(eid);
        }
    }
    let mut loc_origin: IdVec<LocId, Option<LocId>> = out.locs.ids().map(|_| None).collect();
    for ((orig, _), copy) in &ids {
        loc_origin[*copy] = Some(*orig);
    }
    Some(Unrolled { func: out, origin, loc_origin })
}
