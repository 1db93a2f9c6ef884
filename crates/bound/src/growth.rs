//! Sizes through loops that step a variable by constants: where a loop's bound names a variable
//! an earlier (or an enclosing) loop changes — `while (x > y) { x += 999; y += 1000; }` then
//! `while (y > 0) y--;` — the octagon facts relate it to nothing the program's bound can name,
//! but the loop that changes it does so by at most `up` per iteration (here `y += 1000`), and
//! runs at most its own bound's times.
//!
//! For a loop `R` and a variable `v` that every edge of `R`'s own body (no nested loop) writes
//! as `v := v + c`, with constants `c`: `up` is the sum of the positive `c`, `down` of the
//! negative ones, and at every point after `R` was last entered,
//! `v@R + down·c_R <= v <= v@R + up·c_R`, where `v@R` is a ghost copy of `v` made on each entry
//! of `R` and `c_R` a ghost counter of that execution's body starts ([`with_growth_ghosts`]).
//! (In the middle of an iteration the steps taken are a part of that iteration's, which the
//! count already includes.) These are candidate facts at another loop's entry: the checker
//! proves them there before they are used ([`Growth::fact`]), and the program's bound replaces
//! `c_R` by `R`'s own bound, valid at every entry of `R` — KoAT's size bounds, for constant
//! steps.

use crate::exits::linear;
use crate::expr::{IntPoly, WIDE};
use crate::instrument;
use leapfrog_arith::{CmpOp, Semantics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, Expr, FuncId, LocId, LoopId, Program, VarId, VarTy};
use leapfrog_source::Span;
use std::collections::BTreeSet;

/// What one loop does to one variable per iteration, and the ghosts that watch it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Growth {
    /// The header of the loop `R` that changes the variable (loop ids change with the program;
    /// headers stay).
    pub header: LocId,
    pub var: VarId,
    /// `v@R`: the variable's value when `R` was last entered.
    pub on_entry: VarId,
    /// `c_R`: the body starts of `R`'s last execution so far.
    pub count: VarId,
    /// The most one iteration adds (`>= 0`) and the least (`<= 0`), when known.
    pub up: Option<i128>,
    pub down: Option<i128>,
}

impl Growth {
    /// `v - v@R - up·c_R <= 0` (`upper`) or `v - v@R - down·c_R >= 0`, when that step is known.
    pub fn fact(&self, upper: bool) -> Option<Expr> {
        let step = if upper { self.up } else { self.down }?;
        let poly = IntPoly::of_var(self.var)
            .add_scaled(-1, &IntPoly::of_var(self.on_entry))
            .and_then(|p| p.add_scaled(-step, &IntPoly::of_var(self.count)))
            .expect("small coefficients");
        let op = if upper { CmpOp::Le } else { CmpOp::Ge };
        Some(Expr::cmp(op, poly.expr(&|v| Expr::Var(v)), Expr::int(0, WIDE)))
    }
}

/// A variable and the most and least one iteration of a loop adds to it.
type Stepped = (VarId, Option<i128>, Option<i128>);

/// The largest step a growth is built for (larger ones make coefficients the checker's 64-bit
/// arithmetic may not hold).
const MAX_STEP: i128 = 1 << 16;

/// `(up, down)` of `v` in loop `r` (see the module documentation): `up` is `None` when some
/// edge of a loop nested in `r` may raise `v` (`down` when one may lower it), both are `None`
/// when some edge of `r` writes `v` otherwise or the arithmetic may wrap.
fn steps(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    r: LoopId,
    v: VarId,
    semantics: Semantics,
) -> Option<(Option<i128>, Option<i128>)> {
    if semantics != Semantics::Default || !matches!(q.vars[v].ty.reg(), Some(Type::Int(t)) if t.is_signed()) {
        return None;
    }
    let f = &q.funcs[fid];
    let (mut up, mut down) = (Some(0i128), Some(0i128));
    let mut any = false;
    for e in f.edges.values().filter(|e| forest.contains(r, e.from)) {
        if !crate::program::assigned(&e.cmd).contains(&v) {
            continue;
        }
        let Command::Assign(_, rhs) = &e.cmd else { return None };
        let form = linear(q, rhs)?;
        if form.get(&vec![v]) != Some(&1) || form.keys().any(|m| !m.is_empty() && *m != vec![v]) {
            return None;
        }
        let c = form.get(&Vec::new()).copied().unwrap_or(0);
        if c.abs() > MAX_STEP {
            return None;
        }
        any = true;
        // A step in a nested loop may be taken any number of times per iteration of `r`.
        let own = forest.innermost[e.from] == Some(r);
        if c > 0 {
            up = if own { up.map(|u| u + c) } else { None };
        } else if c < 0 {
            down = if own { down.map(|d| d + c) } else { None };
        }
    }
    any.then_some((up, down))
}

/// `q` with the ghosts of a [`Growth`] for each loop of `fid` and each variable of `wanted` it
/// steps by constants: the copies and the counter set on each entry of the loop (the counter
/// also at the function's start), the counter raised at each body start, and all of them read
/// at the function's end (so that analyses keep them). The program and the growths.
pub fn with_growth_ghosts(
    q: &Program,
    fid: FuncId,
    wanted: &BTreeSet<VarId>,
    semantics: Semantics,
) -> (Program, Vec<Growth>) {
    let forest = LoopForest::compute(&q.funcs[fid]);
    let mut p = q.clone();
    let mut growths = Vec::new();
    // Per loop: its header, its body's start, and the variables it steps with `(up, down)`.
    let mut planned: Vec<(LocId, LocId, Vec<Stepped>)> = Vec::new();
    for r in forest.loops.ids() {
        let Some(start) = instrument::body_start(q, fid, &forest, r) else { continue };
        let stepped: Vec<Stepped> = wanted
            .iter()
            .filter_map(|v| steps(q, fid, &forest, r, *v, semantics).map(|(u, d)| (*v, u, d)))
            .filter(|(_, u, d)| u.is_some() || d.is_some())
            .collect();
        if !stepped.is_empty() {
            planned.push((forest.loops[r].header, start, stepped));
        }
    }
    let mut read_at_end = Vec::new();
    for (header, start, stepped) in planned {
        let count = instrument::fresh_local(&mut p, fid, "\\count", VarTy::Reg(Type::Int(WIDE)));
        let mut on_entry = vec![Command::Assign(count, Expr::int(0, WIDE))];
        for (v, up, down) in stepped {
            let name = format!("\\at({}, entry)", q.vars[v].name);
            let copy = instrument::fresh_local(&mut p, fid, &name, q.vars[v].ty.clone());
            on_entry.push(Command::Assign(copy, Expr::Var(v)));
            read_at_end.push(copy);
            growths.push(Growth { header, var: v, on_entry: copy, count, up, down });
        }
        read_at_end.push(count);
        // (The forest of the program as instrumented so far: entries are edges from outside.)
        let f = &mut p.funcs[fid];
        let now = LoopForest::compute(f);
        let Some(r) = now.loops.ids().find(|l| now.loops[*l].header == header) else { continue };
        instrument::on_entry(f, &now, r, &on_entry);
        let after = instrument::before_body(f, start);
        f.add_edge(start, after, Command::Assign(count, instrument::one_more(count)), Span::UNKNOWN);
        instrument::at_function_start(f, vec![Command::Assign(count, Expr::int(0, WIDE))]);
    }
    if !read_at_end.is_empty() {
        instrument::read_at_function_end(&mut p.funcs[fid], "__leapfrog_growth", read_at_end);
    }
    (p, growths)
}

/// The growths of `growths` for variable `v`, by the loop's header.
pub fn of_var(growths: &[Growth], v: VarId) -> impl Iterator<Item = &Growth> {
    growths.iter().filter(move |g| g.var == v)
}
