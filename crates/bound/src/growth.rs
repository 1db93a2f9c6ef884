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
        instrument::count_at(f, start, count);
        f.prepend(vec![Command::Assign(count, Expr::int(0, WIDE))]);
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

/// An inner loop's body starts summed over one execution of the loop around it (Loopus's
/// amortization: a stack pushed at most once an iteration of `R` and popped by an inner loop
/// `L`): where `L`, directly inside `R`, is bounded by `max(0, v + c0)` and `R` steps `v` by at
/// most `up` an iteration ([`Growth`]), every body start of `L` that lowers `v` by one spends
/// what `R`'s steps put in, and over one execution of `R`, `L`'s body starts `T` stay within
/// `max(0, v@R + c0) + up·c_R`. The claim is the checker's to prove (an inner loop that does
/// not lower `v` fails it); the program's bound then counts `L` as `max(0, v + c0)` at `R`'s
/// entry plus `up` times `R`'s bound, per execution of `R`, instead of `R`'s bound times `L`'s.
#[derive(Clone, Debug)]
pub struct Total {
    /// `L`'s header and `R`'s.
    pub inner: LocId,
    pub outer: LocId,
    /// `v`, `c0`, `v@R`, `c_R` and `up` (of the growth of `v` through `R`).
    pub var: VarId,
    pub offset: i128,
    pub on_entry: VarId,
    pub count: VarId,
    pub up: i128,
    /// `T`: `L`'s body starts since `R` was last entered.
    pub total: VarId,
}

impl Total {
    /// `max(0, v@R + c0) + up·c_R` over the ghosts.
    fn budget(&self) -> IntPoly {
        let at_entry = IntPoly::of_var(self.on_entry).add_scaled(1, &IntPoly::of_constant(self.offset)).expect("small");
        IntPoly::positive_part(at_entry).add_scaled(self.up, &IntPoly::of_var(self.count)).expect("small")
    }

    /// The claim `T <= max(0, v@R + c0) + up·c_R`.
    pub fn claim(&self) -> Expr {
        Expr::cmp(CmpOp::Le, Expr::Var(self.total), self.budget().expr(&|v| Expr::Var(v)))
    }

    /// The potential `T + max(0, v + c0) <= max(0, v@R + c0) + up·c_R`: what `L` may still
    /// spend plus what it spent is within what there was and what `R` added.
    pub fn potential(&self) -> Expr {
        let now = IntPoly::of_var(self.var).add_scaled(1, &IntPoly::of_constant(self.offset)).expect("small");
        let lhs = IntPoly::of_var(self.total).add_scaled(1, &IntPoly::positive_part(now)).expect("small");
        Expr::cmp(CmpOp::Le, lhs.expr(&|v| Expr::Var(v)), self.budget().expr(&|v| Expr::Var(v)))
    }
}

/// `p` (with the ghosts of `growths`) with a [`Total`] for each `(L's header, v, c0)` of
/// `inner` whose loop lies directly inside a loop with a growth of `v` that has an `up`: `T` set
/// to 0 on each entry of `R` and raised at each body start of `L`. The program and the totals.
pub fn with_totals(
    p: &Program,
    fid: FuncId,
    growths: &[Growth],
    inner: &[(LocId, VarId, i128)],
    semantics: Semantics,
) -> (Program, Vec<Total>) {
    let mut out = p.clone();
    let mut totals = Vec::new();
    for (header, v, offset) in inner {
        let forest = LoopForest::compute(&out.funcs[fid]);
        let Some(l) = forest.loops.ids().find(|l| forest.loops[*l].header == *header) else { continue };
        let Some(r) = forest.loops[l].parent else { continue };
        let Some(g) = growths.iter().find(|g| g.header == forest.loops[r].header && g.var == *v) else { continue };
        let Some(up) = g.up else { continue };
        // (Only where `L` itself lowers `v` and never raises it: otherwise the claim is refused
        // anyway, after a proof's time.)
        if !matches!(steps(&out, fid, &forest, l, *v, semantics), Some((Some(0), Some(d))) if d < 0) {
            continue;
        }
        let Some(start) = instrument::body_start(&out, fid, &forest, l) else { continue };
        let total = instrument::fresh_local(&mut out, fid, "\\total", VarTy::Reg(Type::Int(WIDE)));
        let f = &mut out.funcs[fid];
        instrument::on_entry(f, &forest, r, &[Command::Assign(total, Expr::int(0, WIDE))]);
        instrument::count_at(f, start, total);
        f.prepend(vec![Command::Assign(total, Expr::int(0, WIDE))]);
        instrument::read_at_function_end(f, "__leapfrog_total", [total]);
        totals.push(Total {
            inner: *header,
            outer: g.header,
            var: *v,
            offset: *offset,
            on_entry: g.on_entry,
            count: g.count,
            up,
            total,
        });
    }
    (out, totals)
}

/// `p` with `t`'s claim asserted where `L`'s body starts, after `T` was raised (the program's
/// own assertions assumed, as for any fact proven on it).
pub fn asserting_total(p: &Program, fid: FuncId, t: &Total) -> Option<Program> {
    let mut out = p.clone();
    let forest = LoopForest::compute(&out.funcs[fid]);
    let l = forest.loops.ids().find(|l| forest.loops[*l].header == t.inner)?;
    let start = instrument::body_start(&out, fid, &forest, l)?;
    let f = &mut out.funcs[fid];
    instrument::assertions_assumed(f);
    // (The raise of `T` leaves `start` first: the assertion goes after it.)
    let raised =
        f.edges.values().find(|e| e.from == start && matches!(&e.cmd, Command::Assign(v, _) if *v == t.total))?.to;
    let after = instrument::before_body(f, raised);
    f.add_edge(
        raised,
        after,
        Command::Assert { cond: t.claim(), origin: leapfrog_ir::AssertOrigin::Assert },
        Span::UNKNOWN,
    );
    Some(out)
}
