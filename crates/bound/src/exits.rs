//! Bound candidates from a loop's exit conditions (the issue's "closed forms of the exit
//! condition's variables", at their simplest): an edge that leaves the loop when `a >= b`
//! (the loop goes on while `a < b`) proposes `max(0, b - a)`, the distance a unit step closes;
//! `a > b` proposes `b - a + 1`; `a != b` both `b - a` and `a - b`. The terms are linear over
//! integer registers. They are candidates like the summary's: the checker proves them or they
//! are not printed. They bound loops whose steps the summary cannot count (`i += k` with
//! `k >= 1` an input, a limit that shrinks at random).

use crate::expr::{IntPoly, Term};
use leapfrog_arith::{BinOp, CmpOp};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, Expr, FuncId, LoopId, Program, VarId};
use std::collections::BTreeMap;

/// The terms the exits of loop `l` of `fid` propose, without duplicates.
pub fn exit_terms(q: &Program, fid: FuncId, forest: &LoopForest, l: LoopId) -> Vec<Term> {
    let f = &q.funcs[fid];
    let mut out: Vec<Term> = Vec::new();
    for e in f.edges.values() {
        if !forest.contains(l, e.from) || forest.contains(l, e.to) {
            continue;
        }
        let Command::Assume(c) = &e.cmd else { continue };
        // The loop goes on where the exit's condition fails.
        for numerator in going_on(q, c, false) {
            let term = Term { numerator, divisor: 1 };
            if !out.contains(&term) && term.numerator.constant().is_none() {
                out.push(term);
            }
        }
    }
    out
}

/// For the condition `c` (negated when `negated`) of an exit, the differences that are positive
/// while the loop goes on.
fn going_on(q: &Program, c: &Expr, negated: bool) -> Vec<IntPoly> {
    match c {
        Expr::Not(inner) => going_on(q, inner, !negated),
        Expr::Cmp(op, a, b) => {
            let (Some(a), Some(b)) = (linear(q, a), linear(q, b)) else { return Vec::new() };
            // The exit holds `a op b`; the loop goes on while its negation holds.
            let op = if negated { *op } else { negate(*op) };
            let diff = |x: &BTreeMap<Vec<VarId>, i128>, y: &BTreeMap<Vec<VarId>, i128>, plus: i128| {
                let mut sum = y.clone();
                for (m, c) in x {
                    *sum.entry(m.clone()).or_insert(0) -= c;
                }
                *sum.entry(Vec::new()).or_insert(0) += plus;
                IntPoly::from_var_sums(sum)
            };
            match op {
                CmpOp::Lt => vec![diff(&a, &b, 0)],
                CmpOp::Le => vec![diff(&a, &b, 1)],
                CmpOp::Gt => vec![diff(&b, &a, 0)],
                CmpOp::Ge => vec![diff(&b, &a, 1)],
                CmpOp::Ne => vec![diff(&a, &b, 0), diff(&b, &a, 0)],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}

fn negate(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Ge,
        CmpOp::Le => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Le,
        CmpOp::Ge => CmpOp::Lt,
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
    }
}

/// `e` as a linear form over integer registers (monomial → coefficient; the constant under
/// the empty monomial), when it is one: variables, constants, `+`, `-`, products with a
/// constant, and casts (read as keeping the value: a candidate may be wrong).
pub(crate) fn linear(q: &Program, e: &Expr) -> Option<BTreeMap<Vec<VarId>, i128>> {
    const LIMIT: i128 = 1 << 40;
    let mut out = BTreeMap::new();
    match e {
        Expr::Int(c, _) => {
            out.insert(Vec::new(), *c);
        }
        Expr::Var(v) => {
            if !matches!(q.vars[*v].ty.reg(), Some(Type::Int(_))) {
                return None;
            }
            out.insert(vec![*v], 1);
        }
        // (A cast that changes the value makes a wrong candidate, which the checker refuses.)
        Expr::Cast(_, inner) => return linear(q, inner),
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), _, a, b) => {
            let (a, b) = (linear(q, a)?, linear(q, b)?);
            out = a;
            for (m, c) in b {
                let entry = out.entry(m).or_insert(0);
                *entry = if *op == BinOp::Add { entry.checked_add(c)? } else { entry.checked_sub(c)? };
            }
        }
        Expr::Binary(BinOp::Mul, _, a, b) => {
            let (a, b) = (linear(q, a)?, linear(q, b)?);
            let constant = |x: &BTreeMap<Vec<VarId>, i128>| match x.iter().next() {
                Some((m, c)) if x.len() == 1 && m.is_empty() => Some(*c),
                None => Some(0),
                _ => None,
            };
            let (k, other) = match (constant(&a), constant(&b)) {
                (Some(k), _) => (k, b),
                (_, Some(k)) => (k, a),
                _ => return None,
            };
            for (m, c) in other {
                out.insert(m, c.checked_mul(k)?);
            }
        }
        _ => return None,
    }
    out.values().all(|c| c.abs() <= LIMIT).then_some(out)
}
