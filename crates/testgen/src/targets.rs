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
use leapfrog_ir::{AssertOrigin, Command, EdgeId, Expr, FuncId, Program};
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

/// `p` (after [`assertions_as_assumptions`]) failing as soon as an execution takes one of
/// `edges`: before its command where it is its location's only way on (a call that never
/// returns still counts), after it where it is one outcome of a branch.
pub fn fail_on_any(p: &Program, edges: &[(FuncId, EdgeId)]) -> Program {
    let mut q = assertions_as_assumptions(p);
    for (fid, edge) in edges {
        let f = &mut q.funcs[*fid];
        let from = f.edges[*edge].from;
        let alone = f.edges.values().filter(|e| e.from == from).count() == 1;
        let span = f.edges[*edge].span;
        if alone && !matches!(f.edges[*edge].cmd, Command::Assume(_)) {
            let before = f.add_loc();
            f.edges[*edge].from = before;
            f.add_edge(from, before, failing(), span);
        } else {
            let taken = f.add_loc();
            let to = std::mem::replace(&mut f.edges[*edge].to, taken);
            f.add_edge(taken, to, failing(), span);
        }
    }
    q
}

/// The edges of the program's functions written on line `line` of `file` — what runs when the
/// line runs — and the leftmost one's position. Edges at a function's own position (its entry,
/// an implicit `return`) are the declaration's, not a statement's. Empty when no statement is on
/// the line.
pub fn line_edges(p: &Program, file: leapfrog_source::FileId, line: u32) -> (Vec<(FuncId, EdgeId)>, Span) {
    let mut edges = Vec::new();
    let mut first: Option<Span> = None;
    for (fid, f) in p.user_funcs() {
        for (id, e) in f.edges.iter() {
            if e.span.line != line || e.span.file != file || e.span == f.span {
                continue;
            }
            edges.push((fid, id));
            if first.is_none_or(|s| e.span.col < s.col) {
                first = Some(e.span);
            }
        }
    }
    (edges, first.unwrap_or(Span::UNKNOWN))
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
