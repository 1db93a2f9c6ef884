//! The program's bound: how many loop body starts one call of the entry function makes in all,
//! and its complexity in termCOMP's notation (`O(1)`, `O(n^k)`).
//!
//! Composed from the loops' proven bounds: a loop statement nested in loops `A1 … Ak` runs at
//! most `B(A1) · … · B(Ak)` times (a body start of a loop enters each loop statement directly
//! inside it at most once: a cycle that re-entered it without passing the header would be a loop
//! of the forest between them), and each time its body starts at most `B(L)` times; the total is
//! the sum over the loops of these products.
//!
//! Each `B` speaks of the values its variables have when its loop is entered. The sum is written
//! over the *inputs*: the entry function's parameters and the variables that take a
//! nondeterministic value (or an extern call's result) once. So each variable a loop's bound
//! names must have, at every entry of the loop, a value that is a polynomial in inputs
//! ([`Composer::value_at`]): for a loop `L` in the outermost loop `R` (`R` is `L` at the top
//! level), no edge inside `R` may assign it (unless `L` is `R`: a top-level loop runs once, and
//! what its body does comes after its entry), and of the edges outside `R` from which `R` can
//! be reached again, there is none (a parameter) or exactly one: outside every loop, the only
//! way into a location that dominates `R`'s header, assigning a nondeterministic value (the
//! variable is an input) or an affine expression over variables whose single definitions come
//! before it (substituted in turn). Anything else — a loop without a bound, a bound over a
//! variable an earlier loop changed — leaves the program's bound unknown, with the reason.

use crate::expr::{Bound, IntPoly};
use leapfrog_arith::Semantics;
use leapfrog_arith::{BinOp, UnOp};
use leapfrog_ir::loops::{LoopForest, reachable_from};
use leapfrog_ir::{Command, EdgeId, Expr, FuncId, Id, IdVec, LocId, LoopId, Program, VarId};
use std::cell::Cell;
use std::collections::{BTreeMap, BTreeSet};

/// The most loops a chain of raises ([`LoopBounds::extras`]) goes through.
const MAX_RAISE_CHAIN: usize = 4;

/// The program's bound over its inputs and the degree of that bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Composed {
    /// `max(0, n) * max(0, m) + max(0, n)`.
    pub bound: String,
    pub degree: u32,
}

/// termCOMP's notation of a degree: `O(1)`, `O(n^2)`.
pub fn complexity(degree: u32) -> String {
    if degree == 0 { "O(1)".into() } else { format!("O(n^{degree})") }
}

/// The loops' proven bounds, for [`compose`].
pub struct LoopBounds<'a> {
    pub bounds: &'a BTreeMap<LoopId, Bound>,
    /// Per loop, multiples `k` of other loops' bounds its bound is raised by (`crate::growth`:
    /// a variable the bound names grows by at most `k` per iteration of that loop).
    pub extras: &'a BTreeMap<LoopId, Vec<(LoopId, i128)>>,
    /// Per inner loop, its body starts over one execution of the loop around it
    /// (`crate::growth::Total`), which then replace its bound times that loop's.
    pub totals: &'a BTreeMap<LoopId, Total>,
}

/// An inner loop's body starts over one execution of the loop `outer` directly around it: at
/// most `entry` (at `outer`'s entry) plus `up` times `outer`'s bound.
#[derive(Clone, Debug)]
pub struct Total {
    pub outer: LoopId,
    pub entry: Bound,
    pub up: i128,
}

/// The composed bound of `fid`'s loops (of the inlined `q`, whose loop forest is `forest`) from
/// each loop's proven bound (with its extras); the error says which loop or variable prevents it
/// (`where_` names a loop's position).
pub fn compose(
    q: &Program,
    fid: FuncId,
    semantics: Semantics,
    forest: &LoopForest,
    proven: LoopBounds,
    where_: &dyn Fn(LoopId) -> String,
    ghosts: &BTreeMap<VarId, VarId>,
) -> Result<Composed, String> {
    let LoopBounds { bounds, extras, totals } = proven;
    let composer = Composer::new(q, fid, forest, semantics, ghosts);
    let name = |v: VarId| q.vars[v].name.clone();
    // Each input the bound names, with where it takes its value (`None`: a parameter's own):
    // one name must stand for one value.
    let mut inputs: BTreeMap<String, (VarId, Option<EdgeId>)> = BTreeMap::new();
    let mut parts: Vec<(String, Option<i128>)> = Vec::new();
    let mut degree = 0;
    // A loop's bound over the inputs: its own, plus the multiples of other loops' bounds that
    // its lifting added (`extras`: a variable an earlier loop stepped by constants).
    // `b`, of the values at loop `m`'s entry, over the inputs.
    let at_entry_over_inputs = |b: &Bound, m: LoopId, root: LoopId| -> Result<Bound, String> {
        let missing = Cell::new(None);
        b.substitute(&|v| {
            let value = composer.value_at(v, m, root, &mut BTreeSet::new());
            if value.is_none() && missing.get().is_none() {
                missing.set(Some(v));
            }
            value
        })
        .ok_or_else(|| match missing.get() {
            Some(v) => format!(
                "the bound of the loop at {} names `{}`, whose value on entry is not a fixed function of the \
                 inputs (it is changed by a loop around it or before it, or assigned more than once, or from \
                 memory or a call)",
                where_(m),
                name(v)
            ),
            None => format!("the bound of the loop at {} is too large to compose", where_(m)),
        })
    };
    let over_inputs = |m: LoopId, root: LoopId| -> Result<Bound, String> {
        let Some(b) = bounds.get(&m) else { return Err(format!("the loop at {} has no bound", where_(m))) };
        at_entry_over_inputs(b, m, root)
    };
    for l in forest.loops.ids() {
        // (An inner loop with a total over the loop around it counts from that loop on.)
        let total = totals.get(&l);
        let mut chain = vec![total.map_or(l, |t| t.outer)];
        while let Some(a) = forest.loops[*chain.last().expect("chain")].parent {
            chain.push(a);
        }
        let root = *chain.last().expect("chain");
        let mut factors = Vec::new();
        let mut part_degree = 0;
        let mut constant = Some(1i128);
        for m in chain.iter().rev() {
            // The loop's own bound, and k times the bound of each loop its raises name, with
            // that loop's own raises in turn (`natp` grows with the loop that counts it, whose
            // bound `naid` grows with another).
            let mut summands = Vec::new();
            // For a total: its value at the entry of the loop around it, plus `up` times that
            // loop's bound (with its raises).
            let mut first = 1i128;
            if let Some(t) = total.filter(|t| t.outer == *m) {
                summands.push((at_entry_over_inputs(&t.entry, *m, root)?, *m, root));
                first = t.up;
            }
            let mut stack = vec![(*m, first, vec![*m])];
            while let Some((x, k, path)) = stack.pop() {
                let root_x = if x == *m { root } else { forest.outermost(x) };
                let own = over_inputs(x, root_x)?;
                if k == 0 {
                    continue;
                }
                summands.push((
                    if k == 1 { own } else { own.times_constant(k).ok_or("a coefficient overflows")? },
                    x,
                    root_x,
                ));
                for (r, kr) in extras.get(&x).into_iter().flatten() {
                    if path.contains(r) || path.len() >= MAX_RAISE_CHAIN {
                        return Err(format!(
                            "the bound of the loop at {} grows with the loop at {} through a chain of raises that \
                             returns or is too long",
                            where_(*m),
                            where_(*r)
                        ));
                    }
                    let mut longer = path.clone();
                    longer.push(*r);
                    stack.push((*r, k.checked_mul(*kr).ok_or("a coefficient overflows")?, longer));
                }
            }
            let mut texts = Vec::new();
            let mut summand_degree = 0;
            let mut sum = Some(0i128);
            for (b, at, at_root) in &summands {
                for v in b.vars() {
                    let definition = composer.defining_edge(v, *at, *at_root).ok().flatten();
                    match inputs.get(&name(v)) {
                        Some(seen) if *seen != (v, definition) => {
                            return Err(format!(
                                "`{}` names two different inputs (read at two places, or two variables of that \
                                 name)",
                                name(v)
                            ));
                        }
                        _ => {
                            inputs.insert(name(v), (v, definition));
                        }
                    }
                }
                summand_degree = summand_degree.max(b.degree());
                let value = b.eval(&|_| None);
                sum = sum.zip(value).and_then(|(s, x)| s.checked_add(x));
                // (A summand that is 0 is left out of the text, unless it is all.)
                if value != Some(0) {
                    texts.push(b.text(&name));
                }
            }
            part_degree += summand_degree;
            constant = constant.zip(sum).and_then(|(c, x)| c.checked_mul(x));
            let text = if texts.is_empty() { "0".to_string() } else { texts.join(" + ") };
            let compound = text.contains(" + ") || text.contains(" - ");
            factors.push(if chain.len() > 1 && compound { format!("({text})") } else { text });
        }
        degree = degree.max(part_degree);
        parts.push((factors.join(" * "), constant));
    }
    // Constant parts are added up; the others kept in order.
    let constants: Option<i128> = parts.iter().filter_map(|(_, c)| *c).try_fold(0i128, |s, c| s.checked_add(c));
    let Some(constants) = constants else { return Err("the bound's constant overflows".into()) };
    let mut texts: Vec<String> = parts.into_iter().filter(|(_, c)| c.is_none()).map(|(t, _)| t).collect();
    if constants != 0 || texts.is_empty() {
        texts.push(constants.to_string());
    }
    Ok(Composed { bound: texts.join(" + "), degree })
}

/// The integer registers of `fid` whose value at every entry of loop `l` is a polynomial in
/// inputs ([`Composer::value_at`]): what a bound of `l` may name for [`compose`].
pub fn fixed_at(
    q: &Program,
    fid: FuncId,
    semantics: Semantics,
    forest: &LoopForest,
    ghosts: &BTreeMap<VarId, VarId>,
    l: LoopId,
) -> BTreeSet<VarId> {
    let composer = Composer::new(q, fid, forest, semantics, ghosts);
    let root = forest.outermost(l);
    let f = &q.funcs[fid];
    f.params
        .iter()
        .chain(&f.locals)
        .copied()
        .filter(|v| matches!(q.vars[*v].ty.reg(), Some(leapfrog_ir::types::Type::Int(_))))
        .filter(|v| composer.value_at(*v, l, root, &mut BTreeSet::new()).is_some())
        .collect()
}

/// Where each register of one function is assigned, for [`Composer::value_at`].
struct Composer<'p> {
    q: &'p Program,
    fid: FuncId,
    forest: &'p LoopForest,
    semantics: Semantics,
    /// Ghost copies of the parameters, by parameter (`crate::sizes`): inputs by construction,
    /// and what an unchanged parameter's value is written as.
    ghosts: &'p BTreeMap<VarId, VarId>,
    assignments: BTreeMap<VarId, Vec<EdgeId>>,
    succ: IdVec<LocId, Vec<EdgeId>>,
    reach_cache: std::cell::RefCell<BTreeMap<LocId, std::rc::Rc<Vec<bool>>>>,
}

impl<'p> Composer<'p> {
    fn new(
        q: &'p Program,
        fid: FuncId,
        forest: &'p LoopForest,
        semantics: Semantics,
        ghosts: &'p BTreeMap<VarId, VarId>,
    ) -> Composer<'p> {
        let f = &q.funcs[fid];
        let mut assignments: BTreeMap<VarId, Vec<EdgeId>> = BTreeMap::new();
        let globals: Vec<VarId> =
            q.vars.iter().filter(|(_, v)| v.kind == leapfrog_ir::VarKind::Global).map(|(id, _)| id).collect();
        for (id, e) in f.edges.iter() {
            for v in assigned(&e.cmd) {
                assignments.entry(v).or_default().push(id);
            }
            // An extern call (or an opaque step) may change any global (the IR's assumption).
            if matches!(e.cmd, Command::CallExtern { .. } | Command::Opaque { .. }) {
                for g in &globals {
                    assignments.entry(*g).or_default().push(id);
                }
            }
        }
        Composer {
            q,
            fid,
            forest,
            semantics,
            ghosts,
            assignments,
            succ: f.successors(),
            reach_cache: Default::default(),
        }
    }

    /// `v`'s value at every entry of loop `l` (inside the outermost loop `root`) as a polynomial
    /// in inputs, when it has one (see the module documentation); `seen` guards against cycles
    /// of definitions.
    fn value_at(&self, v: VarId, l: LoopId, root: LoopId, seen: &mut BTreeSet<VarId>) -> Option<IntPoly> {
        if self.ghosts.values().any(|g| *g == v) {
            return Some(IntPoly::of_var(v));
        }
        if !seen.insert(v) {
            return None;
        }
        let value = self.definition(v, l, root, seen);
        seen.remove(&v);
        value
    }

    /// The one edge (outside `root`, from which `root`'s header can be reached) that defines
    /// `v` for loop `l`: `Ok(None)` for none, `Err` when `v` may change between entries of `l`
    /// or has several definitions.
    fn defining_edge(&self, v: VarId, l: LoopId, root: LoopId) -> Result<Option<EdgeId>, ()> {
        let f = &self.q.funcs[self.fid];
        let header = self.forest.loops[root].header;
        let mut before = Vec::new();
        for e in self.assignments.get(&v).into_iter().flatten() {
            let edge = &f.edges[*e];
            if self.forest.contains(root, edge.from) {
                if l != root {
                    return Err(());
                }
            } else if self.reachable(edge.to)[header.index()] {
                before.push(*e);
            }
        }
        // The one after which no other reaches the header (`int i; ... i = a;`: the
        // declaration's havoc comes first).
        let last: Vec<EdgeId> = before
            .iter()
            .copied()
            .filter(|e| {
                let after = self.reachable(f.edges[*e].to);
                before.iter().all(|o| o == e || !after[f.edges[*o].from.index()])
            })
            .collect();
        match (before.as_slice(), last.as_slice()) {
            ([], _) => Ok(None),
            (_, [e]) => Ok(Some(*e)),
            _ => Err(()),
        }
    }

    /// The locations reachable from `loc` (computed once per location).
    fn reachable(&self, loc: LocId) -> std::rc::Rc<Vec<bool>> {
        let f = &self.q.funcs[self.fid];
        self.reach_cache
            .borrow_mut()
            .entry(loc)
            .or_insert_with(|| std::rc::Rc::new(reachable_from(loc, &self.succ, f)))
            .clone()
    }

    /// Whether `u`'s defining edge (for loop `l` in `root`) is a havoc leading to `at`.
    fn havoc_into(&self, u: VarId, l: LoopId, root: LoopId, at: LocId) -> bool {
        let f = &self.q.funcs[self.fid];
        matches!(self.defining_edge(u, l, root), Ok(Some(d))
            if matches!(f.edges[d].cmd, Command::Havoc(..)) && f.edges[d].to == at)
    }

    fn definition(&self, v: VarId, l: LoopId, root: LoopId, seen: &mut BTreeSet<VarId>) -> Option<IntPoly> {
        let f = &self.q.funcs[self.fid];
        let header = self.forest.loops[root].header;
        let e = match self.defining_edge(v, l, root).ok()? {
            None => return f.params.contains(&v).then(|| IntPoly::of_var(*self.ghosts.get(&v).unwrap_or(&v))),
            Some(e) => e,
        };
        let edge = &f.edges[e];
        let ways_in = f.edges.values().filter(|x| x.to == edge.to).count();
        if self.forest.innermost[edge.from].is_some() || ways_in != 1 || !self.forest.dominates(edge.to, header) {
            return None;
        }
        match &edge.cmd {
            Command::Havoc(..) => Some(IntPoly::of_var(v)),
            // `x = t` where `t` took a nondeterministic value just before (on the one way into
            // the copy): `x` is the input (it has the name).
            Command::Assign(_, Expr::Var(u)) if self.havoc_into(*u, l, root, edge.from) => Some(IntPoly::of_var(v)),
            Command::Assign(_, rhs) => {
                // The variables of the right-hand side, defined before this edge.
                let before_edge = |u: VarId| match self.defining_edge(u, l, root) {
                    Ok(None) => true,
                    Ok(Some(d)) => self.forest.dominates(f.edges[d].to, edge.from),
                    Err(()) => false,
                };
                let value = |u: VarId| if before_edge(u) { self.value_at(u, l, root, &mut seen.clone()) } else { None };
                // (Arithmetic that may wrap is not affine: only signed, under the default semantics.)
                (self.semantics == Semantics::Default).then(|| affine(rhs, &value)).flatten()
            }
            _ => None,
        }
    }
}

/// The registers `cmd` writes.
pub(crate) fn assigned(cmd: &Command) -> Vec<VarId> {
    match cmd {
        Command::Assign(v, _) | Command::Havoc(v, _) | Command::Load { dst: v, .. } | Command::Alloc { dst: v, .. } => {
            vec![*v]
        }
        Command::Call { dst, .. } | Command::CallExtern { dst, .. } => dst.iter().copied().collect(),
        Command::Opaque { havoc, .. } => havoc.clone(),
        _ => Vec::new(),
    }
}

/// `e` as a polynomial when it is affine (sums, differences, negations, products with a
/// constant, in signed types: mathematical under the default semantics) in variables that
/// `value` gives polynomials for.
fn affine(e: &Expr, value: &dyn Fn(VarId) -> Option<IntPoly>) -> Option<IntPoly> {
    if let Expr::Unary(_, ty, _) | Expr::Binary(_, ty, _, _) = e
        && !ty.is_signed()
    {
        return None;
    }
    match e {
        Expr::Int(c, _) => Some(IntPoly::of_constant(*c)),
        Expr::Var(v) => value(*v),
        Expr::Unary(UnOp::Neg, _, a) => IntPoly::of_constant(0).add_scaled(-1, &affine(a, value)?),
        Expr::Binary(BinOp::Add, _, a, b) => affine(a, value)?.add_scaled(1, &affine(b, value)?),
        Expr::Binary(BinOp::Sub, _, a, b) => affine(a, value)?.add_scaled(-1, &affine(b, value)?),
        Expr::Binary(BinOp::Mul, _, a, b) => match (&**a, &**b) {
            (Expr::Int(c, _), x) | (x, Expr::Int(c, _)) => IntPoly::of_constant(0).add_scaled(*c, &affine(x, value)?),
            _ => None,
        },
        _ => None,
    }
}
