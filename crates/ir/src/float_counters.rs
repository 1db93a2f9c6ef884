//! Loops counted by a floating-point variable (`for (x = 0.0f; x <= 360.0f; x += 1.0f)`): the
//! analyses keep floating-point values arbitrary ([`crate::float`]), so on their own they see a
//! loop whose exit test is a coin toss. Here such a counter's values are computed exactly, and
//! the comparisons on it become integer tests on a ghost counter of its steps.
//!
//! A loop qualifies for a floating-point register `x` that is not a global (a function without
//! a body may change a global) when
//! - the loop has one entry edge, reached from a step `x := c` (`c` a constant) through
//!   locations with one incoming edge each, none writing `x`;
//! - inside the loop, `x` is written only by steps `x := f(x)`, all with the same `f`, built from
//!   `x` and finite constants by `+ c`, `- c`, `* c` and `/ c` (`c > 0` for the last two) and
//!   conversions: `f` is non-decreasing (rounding to nearest is), and never gives a NaN from a
//!   value that is not one;
//! - a comparison `g(x) op d` in the loop (`op` one of `< <= > >=`, `g` as `f`, `d` a constant
//!   that is not a NaN; either side may be the constant).
//!
//! The values `x` takes after 0, 1, 2, … steps, `x_0 = c` and `x_{i+1} = f(x_i)`, are then
//! monotone (`f` is non-decreasing: as `x_1` compares with `x_0`, so every `x_{i+1}` with `x_i`),
//! and so is the truth of each comparison along them: it changes at most once, at an index `M`
//! found by computing the values, with the arithmetic the compiled program uses
//! ([`FloatArithmetic`], which the interpreter provides), until each comparison has changed or
//! the values stop changing (then `x` is constant from there on: `f` reads nothing else). A
//! ghost `\float_steps(x)` is set to 0 with `x := c` and increased with every step of `x`, up to
//! the largest `M` (so it never overflows); each comparison becomes the integer test
//! `\float_steps(x) < M` or its negation. The rewriting is exact: the rewritten program has the
//! original's executions, with the ghost beside them, and the opaque steps that compute `x`
//! stay (the interpreter still runs them; the analyses still see `x` arbitrary).

use crate::command::{Command, Computed};
use crate::expr::Expr;
use crate::float::{FloatBin, FloatExpr, FloatStep};
use crate::ids::{EdgeId, FuncId, VarId};
use crate::loops::LoopForest;
use crate::program::{Program, Var, VarKind};
use crate::types::{FloatTy, Type, VarTy};
use leapfrog_arith::{BinOp, CmpOp, IntTy};
use std::collections::BTreeMap;

/// Floating-point arithmetic as the compiled program computes it (the interpreter's).
pub trait FloatArithmetic {
    /// The value of `e` (at its own type) when the only register it reads, `x` of type `ty`,
    /// holds `value`; `None` when `e` reads another register or the value is not computed.
    fn value(&self, e: &FloatExpr, x: VarId, ty: FloatTy, value: f64) -> Option<f64>;
}

/// How many values of a counter are computed at most, per loop.
const MAX_STEPS: usize = 1 << 20;

/// The type of the step counters.
const STEPS_TYPE: IntTy = IntTy::I64;

/// `p` with every qualifying loop of `fid` rewritten (see the module documentation), and how
/// many loops were.
pub fn count_float_loops(p: &Program, fid: FuncId, arith: &dyn FloatArithmetic) -> (Program, usize) {
    let mut q = p.clone();
    let mut forest = LoopForest::compute(&p.funcs[fid]);
    let headers: Vec<_> = forest.loops.iter().map(|(_, lp)| lp.header).collect();
    let (mut rewritten, mut stale) = (0, false);
    for header in headers {
        // (Recomputed after a rewriting, which adds locations.)
        if stale {
            forest = LoopForest::compute(&q.funcs[fid]);
            stale = false;
        }
        let Some(lp) = forest.loops.iter().map(|(_, lp)| lp).find(|lp| lp.header == header) else { continue };
        if lp.irreducible || lp.entries.len() != 1 {
            continue;
        }
        let f = &q.funcs[fid];
        // The floating-point registers the loop writes, with the edges writing each.
        let mut writers: BTreeMap<VarId, Vec<EdgeId>> = BTreeMap::new();
        for (id, e) in f.edges.iter() {
            if lp.contains(e.from) && lp.contains(e.to) {
                for v in e.cmd.defs() {
                    if matches!(q.vars[v].ty.reg(), Some(Type::Float(_))) {
                        writers.entry(v).or_default().push(id);
                    }
                }
            }
        }
        // (One counter per loop.)
        let found =
            writers.into_iter().find_map(|(x, edges)| Some((x, analyze(&q, fid, lp, x, &edges, arith)?, edges)));
        if let Some((x, counter, edges)) = found {
            rewrite(&mut q, fid, x, &edges, counter);
            rewritten += 1;
            stale = true;
        }
    }
    (q, rewritten)
}

/// What the rewriting of one counter needs.
struct Counter {
    /// The edge `x := c` before the loop.
    start: EdgeId,
    /// Each comparison on `x` in the loop: its edge, its result register, its truth before the
    /// first step, and the number of steps after which it is the opposite (`None`: never).
    tests: Vec<(EdgeId, VarId, bool, Option<usize>)>,
}

/// The counter `x` of loop `lp` written by `steps`, when it qualifies.
fn analyze(
    q: &Program,
    fid: FuncId,
    lp: &crate::loops::Loop,
    x: VarId,
    steps: &[EdgeId],
    arith: &dyn FloatArithmetic,
) -> Option<Counter> {
    let f = &q.funcs[fid];
    let Some(Type::Float(ty)) = q.vars[x].ty.reg() else { return None };
    // A global may also change in a function without a body: only the function's own
    // registers are written by their `defs` alone.
    if q.vars[x].kind == VarKind::Global {
        return None;
    }
    if ty == FloatTy::F80 {
        return None;
    }
    // Every step is `x := f(x)` with the same `f`, non-decreasing.
    let step = |e: EdgeId| float_step(&f.edges[e].cmd).filter(|(dst, _)| *dst == x).map(|(_, value)| value);
    let update = step(steps[0])?.clone();
    if steps.iter().any(|&e| step(e) != Some(&update)) {
        return None;
    }
    if shape(&update, x, ty, arith)? != Shape::Rising {
        return None;
    }
    // Assigned to `x`, a value is converted to its type.
    let next = |v: f64| arith.value(&FloatExpr::Convert { value: Box::new(update.clone()), ty }, x, ty, v);
    // The start: `x := c` reached through locations of one incoming edge each.
    let pred = f.predecessors();
    let mut e = lp.entries[0];
    let mut walked = 0;
    let (start, first) = loop {
        let cmd = &f.edges[e].cmd;
        if cmd.defs().contains(&x) {
            let (dst, value) = float_step(cmd)?;
            if dst != x || shape(value, x, ty, arith)? != Shape::Closed {
                return None;
            }
            let first = arith.value(&FloatExpr::Convert { value: Box::new(value.clone()), ty }, x, ty, 0.0)?;
            break (e, first);
        }
        let from = f.edges[e].from;
        walked += 1;
        if pred[from].len() != 1 || from == f.entry || walked > f.edges.len() {
            return None;
        }
        e = pred[from][0];
    };
    if first.is_nan() {
        return None;
    }
    // The comparisons on `x` in the loop, as (edge, result, op, rising side, constant side).
    let mut compares = Vec::new();
    for (id, edge) in f.edges.iter() {
        if !(lp.contains(edge.from) && lp.contains(edge.to)) {
            continue;
        }
        let Some(FloatStep::Compare { dst, op, lhs, rhs }) = float_computation(&edge.cmd) else { continue };
        if !matches!(q.vars[*dst].ty.reg(), Some(Type::Int(_))) {
            continue;
        }
        let (op, rising, constant) = match (shape(lhs, x, ty, arith), shape(rhs, x, ty, arith)) {
            (Some(Shape::Rising), Some(Shape::Closed)) => (*op, lhs, rhs),
            (Some(Shape::Closed), Some(Shape::Rising)) => (op.swap(), rhs, lhs),
            _ => continue,
        };
        if !matches!(op, CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) {
            continue;
        }
        let Some(d) = arith.value(constant, x, ty, 0.0).filter(|d| !d.is_nan()) else { continue };
        compares.push((id, *dst, op, rising.clone(), d));
    }
    if compares.is_empty() {
        return None;
    }
    let truth = |(_, _, op, g, d): &(EdgeId, VarId, CmpOp, FloatExpr, f64), v: f64| {
        arith.value(g, x, ty, v).map(|l| op.eval(l, *d))
    };
    let initially: Vec<bool> = compares.iter().map(|c| truth(c, first)).collect::<Option<_>>()?;
    let mut changes: Vec<Option<usize>> = vec![None; compares.len()];
    let mut value = first;
    let mut settled = false;
    for i in 1..=MAX_STEPS {
        let after = next(value)?;
        if after.is_nan() {
            return None;
        }
        if after.to_bits() == value.to_bits() {
            // Constant from here on: what has not changed never will.
            settled = true;
            break;
        }
        value = after;
        for (k, c) in compares.iter().enumerate() {
            if changes[k].is_none() && truth(c, value)? != initially[k] {
                changes[k] = Some(i);
            }
        }
        if changes.iter().all(Option::is_some) {
            settled = true;
            break;
        }
    }
    // (Those that have not changed by the limit, with the values still moving, are not known.)
    let tests = compares
        .iter()
        .zip(initially)
        .zip(changes)
        .filter(|(_, change)| settled || change.is_some())
        .map(|(((id, dst, ..), init), change)| (*id, *dst, init, change))
        .collect::<Vec<_>>();
    if tests.is_empty() {
        return None;
    }
    Some(Counter { start, tests })
}

/// The float computation of an opaque step that assigns only the register it computes.
fn float_computation(cmd: &Command) -> Option<&FloatStep> {
    let Command::Opaque { havoc, compute: Some(c), .. } = cmd else { return None };
    let Computed::Float(step) = &**c else { return None };
    let dst = match step {
        FloatStep::Set { dst, .. } | FloatStep::Compare { dst, .. } => *dst,
        _ => return None,
    };
    (havoc.as_slice() == [dst]).then_some(step)
}

/// `(dst, value)` when `cmd` is the float step `dst := value`.
fn float_step(cmd: &Command) -> Option<(VarId, &FloatExpr)> {
    match float_computation(cmd)? {
        FloatStep::Set { dst, value } => Some((*dst, value)),
        _ => None,
    }
}

/// How a floating-point expression depends on the counter `x`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Shape {
    /// Not at all (a constant).
    Closed,
    /// Non-decreasing in `x`, and never a NaN when `x` is not one.
    Rising,
}

/// The shape of `e`, `None` when it is neither (reads another register, a math function, a
/// constant operand that could make a NaN or reverse the order).
fn shape(e: &FloatExpr, x: VarId, ty: FloatTy, arith: &dyn FloatArithmetic) -> Option<Shape> {
    let finite = |c: &FloatExpr| arith.value(c, x, ty, 0.0).filter(|v| v.is_finite());
    match e {
        FloatExpr::Const { .. } => Some(Shape::Closed),
        FloatExpr::Var(v) => (*v == x).then_some(Shape::Rising),
        FloatExpr::FromInt { value: Expr::Int(..), .. } => Some(Shape::Closed),
        FloatExpr::FromInt { .. } | FloatExpr::Math { .. } => None,
        FloatExpr::Convert { value, .. } => shape(value, x, ty, arith),
        FloatExpr::Neg(a) => (shape(a, x, ty, arith)? == Shape::Closed).then_some(Shape::Closed),
        FloatExpr::Bin { op, lhs, rhs, .. } => match (shape(lhs, x, ty, arith)?, shape(rhs, x, ty, arith)?, op) {
            (Shape::Closed, Shape::Closed, _) => Some(Shape::Closed),
            (Shape::Rising, Shape::Closed, FloatBin::Add | FloatBin::Sub) => finite(rhs).map(|_| Shape::Rising),
            (Shape::Closed, Shape::Rising, FloatBin::Add) => finite(lhs).map(|_| Shape::Rising),
            (Shape::Rising, Shape::Closed, FloatBin::Mul | FloatBin::Div) => {
                finite(rhs).filter(|c| *c > 0.0).map(|_| Shape::Rising)
            }
            (Shape::Closed, Shape::Rising, FloatBin::Mul) => finite(lhs).filter(|c| *c > 0.0).map(|_| Shape::Rising),
            _ => None,
        },
    }
}

/// Writes the ghost counter of `x` and the integer tests into `q` (see the module
/// documentation).
fn rewrite(q: &mut Program, fid: FuncId, x: VarId, steps: &[EdgeId], counter: Counter) {
    let template = q.vars[x].clone();
    let cap = counter.tests.iter().filter_map(|t| t.3).max();
    // The tests that never change need no counter.
    for &(e, dst, initially, change) in &counter.tests {
        if let (None, Some(Type::Int(t))) = (change, q.vars[dst].ty.reg()) {
            q.funcs[fid].edges[e].cmd = Command::Assign(dst, Expr::Int(i128::from(initially), t));
        }
    }
    let Some(cap) = cap else { return };
    let k = q.vars.push(Var {
        name: format!("\\float_steps({})", template.name),
        ty: VarTy::Reg(Type::Int(STEPS_TYPE)),
        kind: VarKind::Local,
        func: Some(fid),
        span: template.span,
        scope: template.scope,
    });
    let steps_int = |n: usize| Expr::Int(n as i128, STEPS_TYPE);
    let f = &mut q.funcs[fid];
    f.locals.push(k);
    // `k := 0` after the start.
    let (to, span) = (f.edges[counter.start].to, f.edges[counter.start].span);
    let at = f.add_loc();
    f.edges[counter.start].to = at;
    f.add_edge(at, to, Command::Assign(k, steps_int(0)), span);
    // `if (k < cap) k := k + 1` after every step.
    for &e in steps {
        let (to, span) = (f.edges[e].to, f.edges[e].span);
        let (at, below) = (f.add_loc(), f.add_loc());
        f.edges[e].to = at;
        f.add_edge(at, below, Command::Assume(Expr::cmp(CmpOp::Lt, Expr::Var(k), steps_int(cap))), span);
        let next = Expr::binary(BinOp::Add, STEPS_TYPE, Expr::Var(k), steps_int(1));
        f.add_edge(below, to, Command::Assign(k, next), span);
        f.add_edge(at, to, Command::Assume(Expr::cmp(CmpOp::Ge, Expr::Var(k), steps_int(cap))), span);
    }
    // Each changing test: `dst := initially` while `k < M`, the opposite from then on.
    for &(e, dst, initially, change) in &counter.tests {
        let (Some(m), Some(Type::Int(t))) = (change, q.vars[dst].ty.reg()) else { continue };
        let value = |b: bool| Expr::Int(i128::from(b), t);
        let f = &mut q.funcs[fid];
        let (from, to, span) = (f.edges[e].from, f.edges[e].to, f.edges[e].span);
        let (before, after) = (f.add_loc(), f.add_loc());
        f.edges[e].to = before;
        f.edges[e].cmd = Command::Assume(Expr::cmp(CmpOp::Lt, Expr::Var(k), steps_int(m)));
        f.add_edge(before, to, Command::Assign(dst, value(initially)), span);
        f.add_edge(from, after, Command::Assume(Expr::cmp(CmpOp::Ge, Expr::Var(k), steps_int(m))), span);
        f.add_edge(after, to, Command::Assign(dst, value(!initially)), span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Binary64 arithmetic on constants and `x` (enough for the shapes below).
    struct Doubles;

    impl FloatArithmetic for Doubles {
        fn value(&self, e: &FloatExpr, x: VarId, _: FloatTy, value: f64) -> Option<f64> {
            let ty = FloatTy::F64;
            Some(match e {
                FloatExpr::Const { bits, .. } => f64::from_bits(*bits),
                FloatExpr::Var(v) if *v == x => value,
                FloatExpr::Convert { value: a, .. } => self.value(a, x, ty, value)?,
                FloatExpr::Neg(a) => -self.value(a, x, ty, value)?,
                FloatExpr::Bin { op, lhs, rhs, .. } => {
                    let (l, r) = (self.value(lhs, x, ty, value)?, self.value(rhs, x, ty, value)?);
                    match op {
                        FloatBin::Add => l + r,
                        FloatBin::Sub => l - r,
                        FloatBin::Mul => l * r,
                        FloatBin::Div => l / r,
                    }
                }
                _ => return None,
            })
        }
    }

    fn shape_of(e: &FloatExpr) -> Option<Shape> {
        shape(e, VarId(0), FloatTy::F64, &Doubles)
    }

    fn bin(op: FloatBin, lhs: FloatExpr, rhs: FloatExpr) -> FloatExpr {
        FloatExpr::Bin { op, ty: FloatTy::F64, lhs: Box::new(lhs), rhs: Box::new(rhs) }
    }

    #[test]
    fn only_non_decreasing_steps_that_make_no_nan_count() {
        let x = || FloatExpr::Var(VarId(0));
        let c = |v: f64| FloatExpr::constant(v, FloatTy::F64);
        assert_eq!(shape_of(&bin(FloatBin::Add, x(), c(0.1))), Some(Shape::Rising));
        assert_eq!(shape_of(&bin(FloatBin::Sub, x(), c(-3.0))), Some(Shape::Rising));
        assert_eq!(shape_of(&bin(FloatBin::Mul, c(2.0), x())), Some(Shape::Rising));
        assert_eq!(shape_of(&bin(FloatBin::Div, bin(FloatBin::Add, x(), c(1.0)), c(4.0))), Some(Shape::Rising));
        assert_eq!(shape_of(&bin(FloatBin::Add, c(1.0), c(2.0))), Some(Shape::Closed));
        // Reversing the order, or a constant that could make a NaN (inf - inf, 0 * inf).
        assert_eq!(shape_of(&bin(FloatBin::Sub, c(1.0), x())), None);
        assert_eq!(shape_of(&bin(FloatBin::Mul, x(), c(-2.0))), None);
        assert_eq!(shape_of(&bin(FloatBin::Mul, x(), c(0.0))), None);
        assert_eq!(shape_of(&bin(FloatBin::Add, x(), c(f64::INFINITY))), None);
        assert_eq!(shape_of(&FloatExpr::Neg(Box::new(x()))), None);
        // Two rising operands may meet as +inf and -inf.
        assert_eq!(shape_of(&bin(FloatBin::Add, x(), x())), None);
        // Another register.
        assert_eq!(shape_of(&bin(FloatBin::Add, x(), FloatExpr::Var(VarId(1)))), None);
    }
}
