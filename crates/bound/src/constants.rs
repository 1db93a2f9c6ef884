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
    let mut out: Option<BTreeMap<VarId, i128>> = None;
    for stretch in crate::instrument::lead_ins(f, forest, l, MAX_WALK) {
        let found = last_constants(f, &stretch);
        out = Some(match out {
            None => found,
            Some(before) => before.into_iter().filter(|(v, c)| found.get(v) == Some(c)).collect(),
        });
    }
    out.unwrap_or_default()
}

/// The constants assigned last along `stretch` (edges, the last executed first).
fn last_constants(f: &leapfrog_ir::Function, stretch: &[EdgeId]) -> BTreeMap<VarId, i128> {
    let mut written: BTreeMap<VarId, Option<i128>> = BTreeMap::new();
    for e in stretch {
        match &f.edges[*e].cmd {
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
