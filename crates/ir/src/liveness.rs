//! Live register variables: which variables' current values some path still reads before
//! overwriting them (a backward may-analysis over one function's graph).

use crate::command::Command;
use crate::ids::{IdVec, LocId, VarId};
use crate::program::Function;
use std::collections::BTreeSet;

/// The register variables live at every location of `f`. Globals are not special-cased: a global
/// is live where the function reads it later.
pub fn live_variables(f: &Function) -> IdVec<LocId, BTreeSet<VarId>> {
    let mut live: IdVec<LocId, BTreeSet<VarId>> = f.locs.ids().map(|_| BTreeSet::new()).collect();
    let edges: Vec<_> = f.edges.values().collect();
    let uses: Vec<Vec<VarId>> = edges.iter().map(|e| uses_of(&e.cmd)).collect();
    let defs: Vec<Vec<VarId>> = edges.iter().map(|e| strong_defs(&e.cmd)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for (k, e) in edges.iter().enumerate().rev() {
            let mut incoming: BTreeSet<VarId> = live[e.to].iter().copied().filter(|v| !defs[k].contains(v)).collect();
            incoming.extend(uses[k].iter().copied());
            let here = &mut live[e.from];
            let before = here.len();
            here.extend(incoming);
            changed |= here.len() != before;
        }
    }
    live
}

fn uses_of(cmd: &Command) -> Vec<VarId> {
    let mut out = Vec::new();
    for e in cmd.exprs() {
        for v in e.reads() {
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Turns every assignment to a register of `f` that no path reads before overwriting it into a
/// skip (repeated: one removal may make the assignments it read dead), for the variables
/// `removable` allows; how many were removed. An assignment evaluates a pure expression, so
/// the reachable states of the other variables, and whether an assertion can fail, stay as
/// they were; an encoding no longer pays for values nothing uses (`(c & 0x30) >> 4` stored
/// to memory a summary forgets). Loads, calls and havocs stay (they may fault or read inputs).
pub fn remove_dead_assignments(f: &mut Function, removable: &dyn Fn(VarId) -> bool) -> usize {
    let mut removed = 0;
    loop {
        let live = live_variables(f);
        let dead: Vec<_> = f
            .edges
            .iter()
            .filter(|(_, e)| matches!(&e.cmd, Command::Assign(v, _) if removable(*v) && !live[e.to].contains(v)))
            .map(|(id, _)| id)
            .collect();
        if dead.is_empty() {
            return removed;
        }
        removed += dead.len();
        for id in dead {
            f.edges[id].cmd = Command::Skip;
        }
    }
}

/// The variables a command certainly overwrites (an opaque step's havoc is not counted: it is
/// not a modelled write).
fn strong_defs(cmd: &Command) -> Vec<VarId> {
    if matches!(cmd, Command::Opaque { .. }) { Vec::new() } else { cmd.defs() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Expr;
    use crate::ids::Id;
    use leapfrog_arith::{BinOp, CmpOp, IntTy};
    use leapfrog_source::Span;

    #[test]
    fn loop_variables_are_live_at_the_header_and_overwritten_ones_are_not() {
        // L0: t := 0; L1 (header): assume x > 0 -> L2: t := x; x := x - t - 1 -> L1;
        //                          assume !(x > 0) -> L3.
        let (x, t) = (VarId::new(0), VarId::new(1));
        let mut f = Function::new("f", Span::UNKNOWN);
        let l0 = f.entry;
        let [l1, l2, l3] = [f.add_loc(), f.add_loc(), f.add_loc()];
        let zero = Expr::int(0, IntTy::I32);
        let pos = Expr::cmp(CmpOp::Gt, Expr::var(x), zero.clone());
        f.add_edge(l0, l1, Command::Assign(t, zero), Span::UNKNOWN);
        f.add_edge(l1, l2, Command::Assume(pos.clone()), Span::UNKNOWN);
        f.add_edge(l1, l3, Command::Assume(Expr::not(pos)), Span::UNKNOWN);
        let l2b = f.add_loc();
        f.add_edge(l2, l2b, Command::Assign(t, Expr::var(x)), Span::UNKNOWN);
        let dec = Expr::binary(BinOp::Sub, IntTy::I32, Expr::var(x), Expr::var(t));
        f.add_edge(l2b, l1, Command::Assign(x, dec), Span::UNKNOWN);
        let live = live_variables(&f);
        assert!(live[l1].contains(&x));
        assert!(!live[l1].contains(&t), "t is written before it is read in every iteration");
        assert!(live[l2b].contains(&t));
        assert!(live[l3].is_empty());
    }

    #[test]
    fn assignments_nothing_reads_are_removed_with_those_they_read() {
        // L0: t := x; u := t + 1; x := x - 1 -> L1; assume x > 0 (u is never read, so t is
        // dead once u's assignment is gone; x is read by the assumption).
        let (x, t, u) = (VarId::new(0), VarId::new(1), VarId::new(2));
        let mut f = Function::new("f", Span::UNKNOWN);
        let [l1, l2, l3, l4] = [f.add_loc(), f.add_loc(), f.add_loc(), f.add_loc()];
        let one = Expr::int(1, IntTy::I32);
        f.add_edge(f.entry, l1, Command::Assign(t, Expr::var(x)), Span::UNKNOWN);
        f.add_edge(
            l1,
            l2,
            Command::Assign(u, Expr::binary(BinOp::Add, IntTy::I32, Expr::var(t), one.clone())),
            Span::UNKNOWN,
        );
        f.add_edge(l2, l3, Command::Assign(x, Expr::binary(BinOp::Sub, IntTy::I32, Expr::var(x), one)), Span::UNKNOWN);
        f.add_edge(
            l3,
            l4,
            Command::Assume(Expr::cmp(CmpOp::Gt, Expr::var(x), Expr::int(0, IntTy::I32))),
            Span::UNKNOWN,
        );
        assert_eq!(remove_dead_assignments(&mut f, &|_| true), 2);
        let kept: Vec<_> =
            f.edges.values().filter(|e| matches!(e.cmd, Command::Assign(..))).map(|e| e.cmd.defs()).collect();
        assert_eq!(kept, vec![vec![x]]);
        // What `removable` refuses stays.
        let mut g = Function::new("g", Span::UNKNOWN);
        let l = g.add_loc();
        g.add_edge(g.entry, l, Command::Assign(t, Expr::var(x)), Span::UNKNOWN);
        assert_eq!(remove_dead_assignments(&mut g, &|v| v != t), 0);
    }
}
