//! Invariant candidates: templates (ATVA'08 §4.1) instantiated on a loop's variables and the
//! constants of the loop and its context.
//!
//! Each candidate is an IR boolean expression (so the certificate checker and the interpreter
//! read it with the IR's semantics) plus its C text. Comparisons between variables of different
//! types are made in `long long` (every variable of up to 32 bits fits exactly). Candidates only
//! mention variables visible at the loop (`leapfrog_ir::scope`): an invariant is printed as C at
//! the loop's condition, where a variable out of scope (the counter of an earlier `for`, a
//! block's variable declared after the loop, a temporary) cannot be named.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp, eval_binop, eval_unop};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, Expr, Function, LoopId, Program, VarId};
use std::collections::{BTreeMap, BTreeSet, HashSet};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Candidate {
    pub expr: Expr,
    pub text: String,
}

/// How many constants and variables the templates are instantiated with at most.
const MAX_CONSTS: usize = 24;
const MAX_VARS: usize = 12;
const MAX_CANDIDATES: usize = 4000;
/// The most atoms resolved from a property's temporaries that disjunctions are built from.
const MAX_RESOLVED_DISJUNCTS: usize = 4;

/// The type relations between variables of different types are computed in.
const WIDE: IntTy = IntTy::I64;

struct Builder<'a> {
    p: &'a Program,
    /// The type candidates compute in: the variables' own type when they all share one (so no
    /// conversion is involved), else `long long`.
    w: IntTy,
    out: Vec<Candidate>,
    seen: HashSet<Expr>,
}

impl Builder<'_> {
    /// The C text of `v` in the candidates' type: its name, with the conversion written out
    /// when its type is another (`(long)x`), so that the text computes what the candidate does.
    fn name(&self, v: VarId) -> String {
        match self.p.vars[v].ty.reg() {
            Some(Type::Int(t)) if t == self.w => self.p.vars[v].name.clone(),
            _ => leapfrog_ir::print::expr_to_c(self.p, &self.wide(v)),
        }
    }

    fn wide(&self, v: VarId) -> Expr {
        match self.p.vars[v].ty.reg() {
            Some(Type::Int(t)) if t == self.w => Expr::Var(v),
            _ => Expr::cast(self.w, Expr::Var(v)),
        }
    }

    /// The constant `c` in the candidates' type, if it fits.
    fn k(&self, c: i128) -> Option<Expr> {
        self.w.contains(c).then(|| Expr::int(c, self.w))
    }

    fn push(&mut self, expr: Expr, text: String) {
        // Never a hidden object's name (`&.labels.main`, a string literal's bytes): not C.
        let mut hidden = false;
        expr.for_each_var(&mut |v| hidden |= self.p.vars[v].name.starts_with('.'));
        if hidden {
            return;
        }
        if self.out.len() < MAX_CANDIDATES && self.seen.insert(expr.clone()) {
            self.out.push(Candidate { expr, text });
        }
    }

    fn cmp(&mut self, op: CmpOp, lhs: Expr, rhs: Expr, text_l: &str, text_r: &str) {
        let text = format!("{text_l} {} {text_r}", op.c_symbol());
        self.push(Expr::cmp(op, lhs, rhs), text);
    }
}

fn int_vars_of(e: &Expr, p: &Program, out: &mut BTreeSet<VarId>) {
    for v in e.reads() {
        if matches!(p.vars[v].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64 && !t.is_bool()) {
            out.insert(v);
        }
    }
}

/// Comparisons appearing in the function (branch conditions and assertions), as atoms.
fn atoms(e: &Expr, out: &mut Vec<Expr>) {
    match e {
        Expr::Cmp(..) => out.push(e.clone()),
        Expr::Not(x) => atoms(x, out),
        _ => {
            for c in e.children() {
                atoms(c, out);
            }
        }
    }
}

/// The variables `f` defines exactly once, by an assignment, with the assigned expression.
fn single_definitions(f: &Function) -> BTreeMap<VarId, Expr> {
    let mut count: BTreeMap<VarId, usize> = BTreeMap::new();
    let mut out = BTreeMap::new();
    for (_, e) in f.edges.iter() {
        for d in e.cmd.defs() {
            *count.entry(d).or_default() += 1;
        }
        if let Command::Assign(d, x) = &e.cmd {
            out.insert(*d, x.clone());
        }
    }
    out.retain(|d, _| count.get(d) == Some(&1));
    out
}

/// `e` with each variable the user cannot name at the loop replaced by its definition, where
/// the function assigns it exactly once, and a truth value compared with 0 read as itself: an
/// inlined `__VERIFIER_assert(y > 0)` asserts `cond != 0` after `cond := (int)(y > 0)`, which
/// reads `y > 0`. (Only candidates come from it: Houdini proves what it keeps.)
fn resolved(original: &Expr, definitions: &BTreeMap<VarId, Expr>, visible: &dyn Fn(&VarId) -> bool) -> Expr {
    let mut e = original.clone();
    for _ in 0..4 {
        let hidden: Vec<VarId> = e.reads().into_iter().filter(|v| !visible(v) && definitions.contains_key(v)).collect();
        if hidden.is_empty() {
            break;
        }
        for v in hidden {
            e = e.substituted(v, &definitions[&v]);
        }
    }
    truth_values(&e)
}

/// Whether `e` multiplies two values neither of which is a constant.
pub fn multiplies(e: &Expr) -> bool {
    matches!(e, Expr::Binary(BinOp::Mul, _, x, y) if x.as_const().is_none() && y.as_const().is_none())
        || e.children().into_iter().any(multiplies)
}

/// Whether `e` takes a remainder.
pub(crate) fn takes_remainder(e: &Expr) -> bool {
    matches!(e, Expr::Binary(BinOp::Rem, ..)) || e.children().into_iter().any(takes_remainder)
}

/// Whether `e`'s arithmetic is linear: no remainder, division, bit operation or shift, and
/// products only with a constant.
fn linear(e: &Expr) -> bool {
    let own = match e {
        Expr::Binary(BinOp::Add | BinOp::Sub, ..) => true,
        Expr::Binary(BinOp::Mul, _, x, y) => x.as_const().is_some() || y.as_const().is_some(),
        Expr::Unary(UnOp::Neg, ..) => true,
        Expr::Binary(..) | Expr::Unary(..) => false,
        _ => true,
    };
    own && e.children().into_iter().all(linear)
}

/// `(int)(c) != 0` as `c`, and `(int)(c) == 0` as `!c`, for a comparison or negation `c`.
fn truth_values(e: &Expr) -> Expr {
    let is_truth = |x: &Expr| matches!(x, Expr::Cmp(..) | Expr::Not(_));
    match e {
        Expr::Cmp(op @ (CmpOp::Ne | CmpOp::Eq), x, zero) if zero.as_const() == Some(0) => match &**x {
            Expr::Cast(_, c) if is_truth(c) => {
                let c = truth_values(c);
                if *op == CmpOp::Ne { c } else { Expr::not(c) }
            }
            _ => e.clone(),
        },
        Expr::Not(x) => Expr::not(truth_values(x)),
        _ => e.clone(),
    }
}

/// The candidates for loop `l` of `f`.
pub fn candidates(
    p: &Program,
    f: &Function,
    forest: &LoopForest,
    l: LoopId,
    samples: &[BTreeMap<VarId, i128>],
    sem: Semantics,
    views: &[leapfrog_ir::MemoryView],
) -> Vec<Candidate> {
    let entry = samples.first();
    let lp = &forest.loops[l];
    let visibility = leapfrog_ir::Visibility::new(p, views);
    let at = forest.syntax(f, l).1;
    let visible = |v: &VarId| visibility.visible_at(*v, at);
    let mut vars = BTreeSet::new();
    let mut loop_consts = BTreeSet::new();
    let mut all_consts = BTreeSet::new();
    let mut cond_atoms = Vec::new();
    let mut guard_atoms = Vec::new();
    let mut post_atoms = Vec::new();
    let mut resolved_posts = Vec::new();
    let mut plain_posts = Vec::new();
    // The property atoms that matter for this loop: on edges the loop can reach.
    let after = reachable_from(f, lp.exits.iter().map(|&e| f.edges[e].to).chain([lp.header]));
    let definitions = single_definitions(f);
    let resolve = |c: &Expr| resolved(c, &definitions, &visible);
    for (_, e) in f.edges.iter() {
        let inside = lp.contains(e.from);
        let later = after.contains(&e.from);
        match &e.cmd {
            Command::Assume(c) if inside => atoms(&resolve(c), &mut guard_atoms),
            Command::Assume(c) | Command::Assert { cond: c, .. }
                if later && (matches!(e.cmd, Command::Assert { .. }) || forest.innermost[e.from].is_none()) =>
            {
                let r = resolve(c);
                let target = if r == *c {
                    &mut post_atoms
                } else if linear(&r) {
                    &mut resolved_posts
                } else {
                    &mut plain_posts
                };
                atoms(&r, target);
            }
            _ => {}
        }
        for x in e.cmd.exprs() {
            x.small_constants(&mut all_consts);
            if inside {
                int_vars_of(x, p, &mut vars);
                x.small_constants(&mut loop_consts);
            }
        }
        if inside {
            for d in e.cmd.defs() {
                if matches!(p.vars[d].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64 && !t.is_bool()) {
                    vars.insert(d);
                }
            }
        }
        match &e.cmd {
            Command::Assume(c) | Command::Assert { cond: c, .. } => atoms(c, &mut cond_atoms),
            _ => {}
        }
    }
    // Atoms that only resolving brought in (an inlined `__VERIFIER_assert(y > 0)`) are each a
    // candidate; when they are linear and few, also each joined with each of the loop's
    // conditions as written (`x < 0 || y > 0`: once the loop leaves, the property holds). More
    // disjunctions, of a remainder or of a dozen assertions, would cost more than they give.
    let resolved_disjuncts: Vec<Expr> =
        if resolved_posts.len() <= MAX_RESOLVED_DISJUNCTS { resolved_posts.clone() } else { Vec::new() };
    plain_posts.append(&mut resolved_posts);
    // Variables the property mentions (a relation to a copy made before the loop).
    for a in &post_atoms {
        for v in a.reads() {
            if matches!(p.vars[v].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64 && !t.is_bool()) {
                vars.insert(v);
            }
        }
    }
    // Variables one assignment away from the loop's: `x = n` before the loop, `c = (y == n)`
    // after it (how inlined `__VERIFIER_assert(y == n)` reads).
    let loop_vars = vars.clone();
    let int_var = |v: &VarId| matches!(p.vars[*v].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64 && !t.is_bool());
    for (_, e) in f.edges.iter() {
        if let Command::Assign(d, x) = &e.cmd {
            let reads = x.reads();
            if loop_vars.contains(d) || reads.iter().any(|r| loop_vars.contains(r)) {
                vars.extend(reads.into_iter().filter(int_var));
            }
        }
    }
    // Only what the user can name at the loop (never temporaries, which stand for
    // sub-expressions).
    let mut vars: Vec<VarId> = vars.into_iter().filter(visible).collect();
    vars.truncate(MAX_VARS);
    let mut consts: Vec<i128> = [0, 1, -1].into_iter().chain(loop_consts.iter().copied()).collect();
    for c in all_consts {
        if consts.len() >= MAX_CONSTS {
            break;
        }
        consts.push(c);
    }
    consts.sort_unstable();
    consts.dedup();
    // Relations between two variables use the loop's own constants only.
    let mut pair_consts: Vec<i128> = [0, 1, -1].into_iter().chain(loop_consts.iter().copied()).collect();
    pair_consts.sort_unstable();
    pair_consts.dedup();
    pair_consts.truncate(MAX_CONSTS / 2);

    let mut types = vars.iter().filter_map(|v| p.vars[*v].ty.reg().and_then(Type::as_int));
    let first = types.next().unwrap_or(IntTy::I32);
    let w = if types.all(|t| t == first) { first } else { WIDE };
    let mut b = Builder { p, w, out: Vec::new(), seen: HashSet::new() };
    let loop_multiplies = f.edges.iter().any(|(_, e)| lp.contains(e.from) && e.cmd.exprs().into_iter().any(multiplies));
    // Atoms of conditions and assertions whose variables the loop mentions, and their
    // relaxations: the guard-derived bounds and the property itself.
    for a in &cond_atoms {
        let Expr::Cmp(op, x, y) = a else { continue };
        let reads = a.reads();
        if reads.is_empty() || !reads.iter().all(visible) {
            continue;
        }
        let tx = leapfrog_ir::print::expr_to_c(p, x);
        let ty = leapfrog_ir::print::expr_to_c(p, y);
        for op2 in [*op, op.negate(), weaken(*op), weaken(op.negate())] {
            b.cmp(op2, (**x).clone(), (**y).clone(), &tx, &ty);
        }
    }
    for &v in &vars {
        let n = b.name(v);
        let x = b.wide(v);
        for &c in &consts {
            let Some(k) = b.k(c) else { continue };
            b.cmp(CmpOp::Ge, x.clone(), k.clone(), &n, &c.to_string());
            b.cmp(CmpOp::Le, x.clone(), k.clone(), &n, &c.to_string());
        }
        // Parity and divisibility (not for a loop that multiplies variables: with its products,
        // remainders make the solver give up on the whole invariant).
        for m in [2i128].into_iter().filter(|_| !loop_multiplies) {
            for r in 0..m {
                let w = b.w;
                let e = Expr::cmp(CmpOp::Eq, Expr::binary(BinOp::Rem, w, x.clone(), Expr::int(m, w)), Expr::int(r, w));
                b.push(e, format!("{n} % {m} == {r}"));
            }
        }
    }
    for (i, &v) in vars.iter().enumerate() {
        for &w in &vars[i + 1..] {
            let (nv, nw) = (b.name(v), b.name(w));
            let (x, y) = (b.wide(v), b.wide(w));
            for op in [CmpOp::Le, CmpOp::Ge, CmpOp::Lt, CmpOp::Gt, CmpOp::Eq] {
                b.cmp(op, x.clone(), y.clone(), &nv, &nw);
            }
            let w = b.w;
            let diff = Expr::binary(BinOp::Sub, w, x.clone(), y.clone());
            let sum = Expr::binary(BinOp::Add, w, x.clone(), y.clone());
            for &c in &pair_consts {
                let Some(k) = b.k(c) else { continue };
                b.cmp(CmpOp::Eq, diff.clone(), k.clone(), &format!("{nv} - {nw}"), &c.to_string());
                b.cmp(CmpOp::Le, diff.clone(), k.clone(), &format!("{nv} - {nw}"), &c.to_string());
                b.cmp(CmpOp::Ge, diff.clone(), k.clone(), &format!("{nv} - {nw}"), &c.to_string());
                b.cmp(CmpOp::Eq, sum.clone(), k.clone(), &format!("{nv} + {nw}"), &c.to_string());
                b.cmp(CmpOp::Le, sum.clone(), k.clone(), &format!("{nv} + {nw}"), &c.to_string());
                b.cmp(CmpOp::Ge, sum.clone(), k.clone(), &format!("{nv} + {nw}"), &c.to_string());
            }
            // Equal parity.
            if !loop_multiplies {
                let e =
                    Expr::cmp(CmpOp::Eq, Expr::binary(BinOp::Rem, w, diff.clone(), Expr::int(2, w)), Expr::int(0, w));
                b.push(e, format!("({nv} - {nw}) % 2 == 0"));
            }
            for k in [2i128, 3] {
                let scaled = Expr::binary(BinOp::Mul, w, Expr::int(k, w), y.clone());
                b.cmp(CmpOp::Eq, x.clone(), scaled.clone(), &nv, &format!("{k} * {nw}"));
                b.cmp(CmpOp::Le, x.clone(), scaled, &nv, &format!("{k} * {nw}"));
                let scaled = Expr::binary(BinOp::Mul, w, Expr::int(k, w), x.clone());
                b.cmp(CmpOp::Eq, y.clone(), scaled.clone(), &nw, &format!("{k} * {nv}"));
                b.cmp(CmpOp::Le, y.clone(), scaled, &nw, &format!("{k} * {nv}"));
            }
        }
    }
    // Differences preserved by the loop: x - y == u - w (e.g. `i = x; j = y;` before a loop
    // that decrements x and y together).
    if vars.len() <= 6 {
        for (i, &x) in vars.iter().enumerate() {
            for &y in &vars[i + 1..] {
                for (j, &u) in vars.iter().enumerate() {
                    for &w in &vars[j + 1..] {
                        if [x, y].contains(&u) || [x, y].contains(&w) || (u, w) < (x, y) {
                            continue;
                        }
                        let d1 = Expr::binary(BinOp::Sub, b.w, b.wide(x), b.wide(y));
                        let d2 = Expr::binary(BinOp::Sub, b.w, b.wide(u), b.wide(w));
                        let (t1, t2) =
                            (format!("{} - {}", b.name(x), b.name(y)), format!("{} - {}", b.name(u), b.name(w)));
                        b.cmp(CmpOp::Eq, d1, d2, &t1, &t2);
                    }
                }
            }
        }
    }
    // Three-variable sums (x + y == z, x + y <= z) for small loops.
    if vars.len() <= 6 {
        for &v in &vars {
            for &w in &vars {
                for &z in &vars {
                    if v < w && z != v && z != w {
                        let sum = Expr::binary(BinOp::Add, b.w, b.wide(v), b.wide(w));
                        let s = format!("{} + {}", b.name(v), b.name(w));
                        let nz = b.name(z);
                        b.cmp(CmpOp::Eq, sum.clone(), b.wide(z), &s, &nz);
                        b.cmp(CmpOp::Le, sum.clone(), b.wide(z), &s, &nz);
                        b.cmp(CmpOp::Ge, sum.clone(), b.wide(z), &s, &nz);
                        for k in [2i128, 3] {
                            let scaled = Expr::binary(BinOp::Mul, b.w, Expr::int(k, b.w), b.wide(z));
                            b.cmp(CmpOp::Eq, sum.clone(), scaled, &s, &format!("{k} * {nz}"));
                        }
                    }
                }
            }
        }
    }
    // Memory cells the loop may read or write (string/buffer facts such as `a[99] == 0`, a
    // zero terminator): the views of objects the loop touches, against the constants.
    for view in views.iter().filter(|v| v.index.is_none()) {
        let touched = f
            .edges
            .iter()
            .any(|(_, e)| lp.contains(e.from) && e.cmd.exprs().iter().any(|x| x.base_object() == Some(view.object)));
        let Some(Type::Int(t)) = p.vars[view.var].ty.reg() else { continue };
        if !touched || !visible(&view.var) {
            continue;
        }
        let name = p.vars[view.var].name.clone();
        for &c in consts.iter().filter(|c| t.contains(**c)) {
            b.push(Expr::cmp(CmpOp::Eq, Expr::Var(view.var), Expr::int(c, t)), format!("{name} == {c}"));
        }
        b.push(Expr::cmp(CmpOp::Ne, Expr::Var(view.var), Expr::int(0, t)), format!("{name} != 0"));
    }
    // Values on entry: `x == v`, `x + k*y == v` and `x - y == v` with the values of one state
    // in which the loop is entered.
    let mut firsts: Vec<Candidate> = Vec::new();
    if let Some(entry) = entry {
        for (i, &v) in vars.iter().enumerate() {
            let Some(&xv) = entry.get(&v) else { continue };
            let (nv, x) = (b.name(v), b.wide(v));
            let Some(kx) = b.k(xv) else { continue };
            let eq = Expr::cmp(CmpOp::Eq, x.clone(), kx);
            firsts.push(Candidate { expr: eq.clone(), text: format!("{nv} == {xv}") });
            b.push(eq, format!("{nv} == {xv}"));
            for &w in &vars[i + 1..] {
                let Some(&yv) = entry.get(&w) else { continue };
                let (nw, y) = (b.name(w), b.wide(w));
                let w = b.w;
                for k in [1i128, -1, 2, -2, 3, -3] {
                    // A negative factor is no value of an unsigned type.
                    let Some(factor) = b.k(k) else { continue };
                    let c = xv + k * yv;
                    let form =
                        Expr::binary(BinOp::Add, w, x.clone(), Expr::binary(BinOp::Mul, w, factor.clone(), y.clone()));
                    if let Some(kc) = b.k(c) {
                        b.cmp(CmpOp::Eq, form.clone(), kc, &format!("{nv} + {k} * {nw}"), &c.to_string());
                    }
                    let form = Expr::binary(BinOp::Add, w, Expr::binary(BinOp::Mul, w, factor, x.clone()), y.clone());
                    let c = k * xv + yv;
                    if let Some(kc) = b.k(c) {
                        b.cmp(CmpOp::Eq, form, kc, &format!("{k} * {nv} + {nw}"), &c.to_string());
                    }
                }
            }
        }
    }
    // Disjunctions: a property atom (from assertions and the conditions after loops) or a
    // condition of the loop, the loop's first iteration, or another property atom —
    // `x != y || lock == 1`, `x == 0 || z >= y`.
    let usable = |a: &Expr| {
        let r = a.reads();
        !r.is_empty() && r.iter().all(visible)
    };
    for a in plain_posts.iter().filter(|a| usable(a)) {
        let Expr::Cmp(op, l, r) = a else { continue };
        for x in [*op, op.negate()].map(|o| Expr::cmp(o, (**l).clone(), (**r).clone())) {
            let text = leapfrog_ir::print::expr_to_c(p, &x);
            b.push(x, text);
        }
    }
    let mut posts: Vec<Candidate> = Vec::new();
    for a in post_atoms.iter().filter(|a| usable(a)) {
        let Expr::Cmp(op, l, r) = a else { continue };
        let forms = [*op, op.negate(), weaken(*op), weaken(op.negate()), CmpOp::Le, CmpOp::Ge];
        for x in forms.map(|o| Expr::cmp(o, (**l).clone(), (**r).clone())) {
            let text = leapfrog_ir::print::expr_to_c(p, &x);
            if !posts.iter().any(|c| c.expr == x) {
                posts.push(Candidate { expr: x, text });
            }
        }
    }
    let mut others: Vec<Candidate> = firsts;
    for a in guard_atoms.iter().filter(|a| usable(a)) {
        let Expr::Cmp(op, l, r) = a else { continue };
        let forms = [*op, op.negate(), weaken(*op), weaken(op.negate())];
        for x in forms.map(|o| Expr::cmp(o, (**l).clone(), (**r).clone())) {
            let text = leapfrog_ir::print::expr_to_c(p, &x);
            others.push(Candidate { expr: x, text });
        }
    }
    others.extend(posts.iter().cloned());
    for a in &posts {
        for o in &others {
            if a.expr != o.expr {
                b.push(or(a.expr.clone(), o.expr.clone()), format!("({}) || ({})", a.text, o.text));
            }
        }
    }
    for a in resolved_disjuncts.iter().filter(|a| usable(a)) {
        for g in guard_atoms.iter().filter(|g| usable(g) && *g != a) {
            let text =
                format!("({}) || ({})", leapfrog_ir::print::expr_to_c(p, a), leapfrog_ir::print::expr_to_c(p, g));
            b.push(or(a.clone(), g.clone()), text);
        }
    }
    // Candidates false in a sampled entry state fail initiation: drop them without a query.
    b.out.retain(|c| samples.iter().all(|s| eval_concrete(&c.expr, s, sem) != Some(0)));
    b.out
}

/// The value of a candidate in a concrete state (booleans as 0/1), if it has one.
fn eval_concrete(e: &Expr, s: &BTreeMap<VarId, i128>, sem: Semantics) -> Option<i128> {
    Some(match e {
        Expr::Int(v, _) => *v,
        Expr::Bool(b) => i128::from(*b),
        Expr::Var(v) => *s.get(v)?,
        Expr::Not(x) => i128::from(eval_concrete(x, s, sem)? == 0),
        Expr::Unary(op, t, x) => eval_unop(*op, *t, eval_concrete(x, s, sem)?, sem).ok()?,
        Expr::Binary(op, t, x, y) => {
            eval_binop(*op, *t, eval_concrete(x, s, sem)?, eval_concrete(y, s, sem)?, sem).ok()?
        }
        Expr::Cmp(op, x, y) => {
            let (a, b) = (eval_concrete(x, s, sem)?, eval_concrete(y, s, sem)?);
            i128::from(op.eval(a, b))
        }
        Expr::Cast(t, x) => t.convert(eval_concrete(x, s, sem)?),
        _ => return None,
    })
}

/// `a || b` for boolean IR expressions (the IR has no boolean connectives besides `!`; control
/// flow carries them): `((u8)a | (u8)b) != 0`.
pub fn or(a: Expr, b: Expr) -> Expr {
    let t = IntTy::U8;
    Expr::cmp(CmpOp::Ne, Expr::binary(BinOp::BitOr, t, Expr::cast(t, a), Expr::cast(t, b)), Expr::int(0, t))
}

/// The locations reachable from `starts` (included).
fn reachable_from(f: &Function, starts: impl Iterator<Item = leapfrog_ir::LocId>) -> HashSet<leapfrog_ir::LocId> {
    let succs = f.successors();
    let mut seen: HashSet<leapfrog_ir::LocId> = HashSet::new();
    let mut stack: Vec<leapfrog_ir::LocId> = starts.collect();
    while let Some(l) = stack.pop() {
        if seen.insert(l) {
            stack.extend(succs[l].iter().map(|&e| f.edges[e].to));
        }
    }
    seen
}

/// `a && b` for boolean IR expressions: `((u8)a & (u8)b) != 0`.
pub fn and(a: Expr, b: Expr) -> Expr {
    let t = IntTy::U8;
    Expr::cmp(CmpOp::Ne, Expr::binary(BinOp::BitAnd, t, Expr::cast(t, a), Expr::cast(t, b)), Expr::int(0, t))
}

/// The conjunction of `exprs` (`true` for none).
pub fn conjunction(exprs: &[Expr]) -> Expr {
    let mut it = exprs.iter();
    let Some(first) = it.next() else { return Expr::Bool(true) };
    it.fold(first.clone(), |acc, x| and(acc, x.clone()))
}

/// `<` to `<=`, `>` to `>=`; others unchanged.
fn weaken(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Lt => CmpOp::Le,
        CmpOp::Gt => CmpOp::Ge,
        o => o,
    }
}

/// The texts of a conjunction of candidates as printed: duplicates dropped, and the bounds of one
/// expression that pin it written as one equality (`x >= 0 && x <= 0` is `x == 0`, `x > 4 &&
/// x < 6` is `x == 5`). Only bounds written `L op c` with the same text `L` for the same
/// expression are merged, so the printed conjunction means what the candidates do.
pub fn printed_conjuncts(conjuncts: &[Candidate]) -> Vec<String> {
    // Per bounded expression (its IR form and text): the tightest bounds and the conjuncts giving
    // them.
    struct Bounds<'c> {
        lhs: &'c Expr,
        text: &'c str,
        lower: Option<i128>,
        upper: Option<i128>,
        members: Vec<usize>,
    }
    let mut bounds: Vec<Bounds> = Vec::new();
    for (i, c) in conjuncts.iter().enumerate() {
        let Expr::Cmp(op, lhs, rhs) = &c.expr else { continue };
        let Expr::Int(k, _) = **rhs else { continue };
        let Some(text) = c.text.strip_suffix(&format!(" {} {k}", op.c_symbol())) else { continue };
        let (lower, upper) = match op {
            CmpOp::Ge => (Some(k), None),
            CmpOp::Gt => (k.checked_add(1), None),
            CmpOp::Le => (None, Some(k)),
            CmpOp::Lt => (None, k.checked_sub(1)),
            _ => continue,
        };
        if lower.is_none() && upper.is_none() {
            continue;
        }
        let b = match bounds.iter().position(|b| *b.lhs == **lhs && b.text == text) {
            Some(j) => &mut bounds[j],
            None => {
                bounds.push(Bounds { lhs, text, lower: None, upper: None, members: Vec::new() });
                let last = bounds.len() - 1;
                &mut bounds[last]
            }
        };
        b.lower = b.lower.max(lower);
        b.upper = match (b.upper, upper) {
            (Some(a), Some(u)) => Some(a.min(u)),
            (a, u) => a.or(u),
        };
        b.members.push(i);
    }
    // Conjunct index -> its replacement (`None`: dropped, implied by the equality).
    let mut replaced: BTreeMap<usize, Option<String>> = BTreeMap::new();
    for b in &bounds {
        if let (Some(lo), Some(hi)) = (b.lower, b.upper)
            && lo == hi
        {
            for (n, &i) in b.members.iter().enumerate() {
                replaced.insert(i, (n == 0).then(|| format!("{} == {lo}", b.text)));
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    for (i, c) in conjuncts.iter().enumerate() {
        let text = match replaced.get(&i) {
            Some(Some(t)) => t.clone(),
            Some(None) => continue,
            None => c.text.clone(),
        };
        if !out.contains(&text) {
            out.push(text);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::VarId;

    fn cand(op: CmpOp, v: u32, k: i128, name: &str) -> Candidate {
        Candidate {
            expr: Expr::cmp(op, Expr::Var(VarId(v)), Expr::int(k, IntTy::I32)),
            text: format!("{name} {} {k}", op.c_symbol()),
        }
    }

    #[test]
    fn pinned_bounds_print_as_equalities_and_duplicates_once() {
        let x_ge = cand(CmpOp::Ge, 0, 0, "x");
        let x_le = cand(CmpOp::Le, 0, 0, "x");
        let y_lt = cand(CmpOp::Lt, 1, 100, "y");
        let y_ge = cand(CmpOp::Ge, 1, 0, "y");
        let k_le = cand(CmpOp::Le, 2, 99, "k");
        let k_gt = cand(CmpOp::Gt, 2, 98, "k");
        let all = [x_ge.clone(), y_lt.clone(), x_le, y_ge, k_le, k_gt, y_lt.clone()];
        assert_eq!(printed_conjuncts(&all), vec!["x == 0", "y < 100", "y >= 0", "k == 99"]);
        // Bounds that do not pin a value, or bounds of different expressions, stay.
        let z_le = cand(CmpOp::Le, 3, 0, "z");
        assert_eq!(printed_conjuncts(&[x_ge.clone(), z_le]), vec!["x >= 0", "z <= 0"]);
        // A text that is not `L op c` is left alone.
        let odd = Candidate { expr: x_ge.expr.clone(), text: "(x) >= (0)".into() };
        assert_eq!(printed_conjuncts(&[odd, cand(CmpOp::Le, 0, 0, "x")]), vec!["(x) >= (0)", "x <= 0"]);
        assert!(printed_conjuncts(&[]).is_empty());
    }
}
