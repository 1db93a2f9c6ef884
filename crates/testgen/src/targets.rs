//! Targets as assertions: a copy of the program in which reaching the target is the one way
//! to fail an assertion, so that `verify`'s searches (and its proofs, for `unreachable`) answer
//! whether an input reaches it.
//!
//! The program's own assertions become assumptions: an execution that fails one ends there in
//! the original program, and stops there in the copy too, so both reach the target on exactly
//! the same inputs. The failure inserted is `assert(0 == 1)` (never `assert false`, which the
//! IR requires to end at `halt`): the code after the target stays in the graph as it was.

use leapfrog_arith::CmpOp;
use leapfrog_ir::IntTy;
use leapfrog_ir::{AssertOrigin, Command, EdgeId, Expr, FuncId, LocId, Program};
use leapfrog_source::Span;

/// An assertion that fails wherever it is reached.
fn failing() -> Command {
    let one = |v| Expr::int(v, IntTy::I32);
    Command::Assert { cond: Expr::cmp(CmpOp::Eq, one(0), one(1)), origin: AssertOrigin::ReachError }
}

/// `p` with every assertion (of every function) an assumption.
pub fn assertions_as_assumptions(p: &Program) -> Program {
    let mut q = p.clone();
    for (_, f) in q.funcs.iter_mut() {
        let exit = f.exit;
        for (_, e) in f.edges.iter_mut() {
            if let Command::Assert { cond, .. } = &e.cmd {
                // One that always failed led to `halt`; as an assumption it never passes.
                if matches!(cond, Expr::Bool(false)) {
                    e.to = exit;
                }
                e.cmd = Command::Assume(cond.clone());
            }
        }
    }
    q
}

/// `p` (after [`assertions_as_assumptions`]) failing as soon as an execution is at one of
/// `locs`.
pub fn fail_at(p: &Program, locs: &[(FuncId, LocId)]) -> Program {
    let mut q = assertions_as_assumptions(p);
    for (fid, loc) in locs {
        let f = &mut q.funcs[*fid];
        let after = f.add_loc();
        for (_, e) in f.edges.iter_mut() {
            if e.from == *loc {
                e.from = after;
            }
        }
        // (A location's tag — a loop header — stays where the loop's edges are.)
        if let Some(tag) = f.locs[*loc].tag.take() {
            f.locs[after].tag = Some(tag);
        }
        f.add_edge(*loc, after, failing(), Span::UNKNOWN);
    }
    q
}

/// `p` (after [`assertions_as_assumptions`]) failing as soon as an execution takes edge `edge`
/// of `fid`.
pub fn fail_on_edge(p: &Program, fid: FuncId, edge: EdgeId) -> Program {
    let mut q = assertions_as_assumptions(p);
    let f = &mut q.funcs[fid];
    let taken = f.add_loc();
    let to = std::mem::replace(&mut f.edges[edge].to, taken);
    let span = f.edges[edge].span;
    f.add_edge(taken, to, failing(), span);
    q
}

/// The locations where the first statement of line `line` (of file `file`, when given) starts:
/// the sources of the edges written at the line's leftmost column, with that position. Empty
/// when no statement starts on the line.
pub fn line_start(p: &Program, file: Option<leapfrog_source::FileId>, line: u32) -> (Vec<(FuncId, LocId)>, Span) {
    let on_line = |s: Span| s.line == line && file.is_none_or(|f| s.file == f);
    let first = p
        .funcs
        .values()
        .flat_map(|f| f.edges.values())
        .filter(|e| on_line(e.span))
        .map(|e| e.span)
        .min_by_key(|s| (s.file.0, s.col));
    let Some(first) = first else { return (Vec::new(), Span::UNKNOWN) };
    let mut locs: Vec<(FuncId, LocId)> = p
        .funcs
        .iter()
        .flat_map(|(fid, f)| f.edges.values().filter(|e| e.span == first).map(move |e| (fid, e.from)))
        .collect();
    locs.sort();
    locs.dedup();
    (locs, first)
}

/// One outcome of a branch of the source: an edge that assumes a condition, out of a location
/// with several such edges.
#[derive(Clone, Debug)]
pub struct BranchOutcome {
    pub func: FuncId,
    pub edge: EdgeId,
    pub span: Span,
    /// The condition the outcome assumes, as C.
    pub condition: String,
}

/// Every branch outcome of the program's functions written in the source (the global
/// initializer's excluded), in source order.
pub fn branch_outcomes(p: &Program) -> Vec<BranchOutcome> {
    let visibility = leapfrog_ir::Visibility::new(p, &[]);
    let mut out = Vec::new();
    for (fid, f) in p.user_funcs() {
        let succ = f.successors();
        for (_, edges) in succ.iter() {
            let assumed: Vec<EdgeId> = edges
                .iter()
                .copied()
                .filter(|e| matches!(f.edges[*e].cmd, Command::Assume(_)) && f.edges[*e].span != Span::UNKNOWN)
                .collect();
            if assumed.len() < 2 {
                continue;
            }
            for e in assumed {
                let Command::Assume(cond) = &f.edges[e].cmd else { continue };
                let span = f.edges[e].span;
                // A value the front end computed (a call's result) has no name in the source:
                // the text says where it comes from.
                let mut hidden = Vec::new();
                cond.for_each_var(&mut |v| {
                    if !visibility.visible_at(v, span) && !hidden.contains(&v) {
                        hidden.push(v);
                    }
                });
                let mut condition = leapfrog_ir::print::expr_to_c(p, cond);
                for v in hidden {
                    let var = &p.vars[v];
                    condition.push_str(&format!(
                        " ({}: the value computed at {}:{})",
                        var.name, var.span.line, var.span.col
                    ));
                }
                out.push(BranchOutcome { func: fid, edge: e, span, condition });
            }
        }
    }
    out.sort_by_key(|b| (b.span.file.0, b.span.line, b.span.col, b.edge));
    out
}
