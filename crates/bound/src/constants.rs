//! The constant values variables have whenever a loop is entered, for `max`: on every edge into
//! the loop's header from outside, walking back along the only live way into each location, the last
//! write of the variable is the assignment of a constant (`for (i = 0; …)`, `n = 64; while …`).
//! A constant found this way is only a candidate: the checker proves `max` with it as an
//! invariant of the entry copies.

use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Command, EdgeId, Expr, FuncId, LoopId, Program, VarId};
use std::collections::BTreeMap;

/// The most edges walked back from one entry edge.
const MAX_WALK: usize = 256;

/// Each register variable with one constant value on every edge into loop `l` of `fid`.
pub fn entry_constants(q: &Program, fid: FuncId, forest: &LoopForest, l: LoopId) -> BTreeMap<VarId, i128> {
    let f = &q.funcs[fid];
    let header = forest.loops[l].header;
    let preds = crate::instrument::live_predecessors(f);
    let entries: Vec<EdgeId> =
        f.edges.iter().filter(|(_, e)| e.to == header && !forest.contains(l, e.from)).map(|(id, _)| id).collect();
    let mut out: Option<BTreeMap<VarId, i128>> = None;
    for e in entries {
        let found = walk_back(q, fid, &preds, e);
        out = Some(match out {
            None => found,
            Some(before) => before.into_iter().filter(|(v, c)| found.get(v) == Some(c)).collect(),
        });
    }
    out.unwrap_or_default()
}

/// The constants assigned last on the straight way into edge `e` (included).
fn walk_back(
    q: &Program,
    fid: FuncId,
    preds: &leapfrog_ir::IdVec<leapfrog_ir::LocId, Vec<EdgeId>>,
    e: EdgeId,
) -> BTreeMap<VarId, i128> {
    let f = &q.funcs[fid];
    let mut written: BTreeMap<VarId, Option<i128>> = BTreeMap::new();
    let mut at = e;
    for _ in 0..MAX_WALK {
        let edge = &f.edges[at];
        match &edge.cmd {
            // Calls may change globals; what they leave is not known here.
            Command::Call { .. } | Command::CallExtern { .. } | Command::Opaque { .. } => break,
            Command::Assign(v, value) => {
                written.entry(*v).or_insert_with(|| constant(value));
            }
            cmd => {
                for v in cmd.defs() {
                    written.entry(v).or_insert(None);
                }
            }
        }
        match preds[edge.from].as_slice() {
            [one] if *one != e => at = *one,
            _ => break,
        }
    }
    written.into_iter().filter_map(|(v, c)| Some((v, c?))).collect()
}

/// The value of a constant expression (an integer, possibly cast).
fn constant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int(c, _) => Some(*c),
        Expr::Cast(t, inner) => Some(t.convert(constant(inner)?)),
        _ => None,
    }
}
