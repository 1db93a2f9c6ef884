//! Invariant candidates over ghost variables: the closed forms of a loop's induction variables
//! as functions of the values at loop entry and of the number of iterations (proteus-tse19
//! §4.2 and §7.2), in a form the independent checker can check without trusting them.
//!
//! Every loop whose paths all have a closed form for some variable gets an iteration counter `K`
//! (`\iterations(L17)` when printed, for the loop at line 17) and a copy of each changed
//! variable at its entry (`\at(x, L17)`), declared as `leapfrog_ir::ghost` ghosts. The
//! candidates, over them:
//! - each closed form every path agrees on, `d·x == P(entry values, K)` (`i == \at(i, L17) +
//!   2*\iterations(L17)`, `2*s == 2*\at(s, L17) + \iterations(L17)*\iterations(L17) − …`);
//! - the condition every iteration passed, at the last one: `K == 0 || G(F(entry, K − 1))` for
//!   each condition `G` all iteration paths share (`i < n` with `i += 2`: `K == 0 || 2*K − 2 <
//!   n`). With the exit condition after the loop, this pins the exit value (`i ≤ n + 1`);
//! - a path taken on every iteration of an execution, by a branch over variables the loop does
//!   not change: under the branch's condition, that path's closed forms and the shared
//!   conditions at the last iteration by them (`y % 2 != 0 || x == \at(x, L17) + 3 *
//!   \iterations(L17)`);
//! - `0 ≤ K ≤ 2^32`, so that the products above cannot overflow;
//! - the entry values every sampled entry agrees on (`\at(j, L22) == 0`);
//! - what other loops know ([`carried`]): their candidates with the variables this loop changes
//!   replaced by their entry copies.
//!
//! A loop's entry copies are never changed inside it, so whatever holds at its entry about them
//! holds throughout; a later loop reads an earlier loop's ghosts as variables it does not change.
//!
//! Only candidates: Houdini keeps the inductive ones with the other templates, and the
//! checker instruments the function itself (`leapfrog_certify`, `SafetyCertificate::ghosts`).

use crate::closed_forms::agreed_forms;
use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::ghost::{COUNTER_TYPE, GhostLoop};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Expr, FuncId, IdVec, LocId, LoopId, MemoryView, Program, Var, VarId, VarKind, VarTy, Visibility};
use leapfrog_linear::{Rational, rational};
use leapfrog_paths::Extractor;
use leapfrog_paths::linear::Row;
use leapfrog_proteus::induction::{analyze, updates_of};
use leapfrog_proteus::poly::{Atom, Poly};
use leapfrog_proteus::sequence::Sequence;
use leapfrog_source::Span;
use leapfrog_summarize::Config;
use leapfrog_summarize::candidates::{Candidate, or};
use num_traits::{One, ToPrimitive};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

/// The most paths a loop may have, the highest degree of a candidate's polynomial, its largest
/// coefficient, and the bound on the counter.
const MAX_PATHS: usize = 8;
const MAX_DEGREE: u32 = 2;
const MAX_COEFFICIENT: i128 = 1 << 20;
const COUNTER_BOUND: i128 = 1 << 32;

/// The function's loops with their ghosts, and the candidates over them.
pub struct Ghosting {
    /// The program with the ghost variables declared (locals of the function nothing uses): what
    /// the checker instruments itself.
    pub declared: Program,
    /// `declared` with the ghost code written in: what the summaries are computed on.
    pub instrumented: Program,
    pub ghosts: Vec<GhostLoop>,
    pub candidates: Vec<(LocId, Candidate)>,
}

impl Ghosting {
    /// Whether `v` is one of the ghosts.
    pub fn is_ghost(&self, v: VarId) -> bool {
        self.ghosts.iter().any(|g| g.counter == Some(v) || g.copies.iter().any(|(c, _)| *c == v))
    }
}

/// The time the paths may take without a deadline in the configuration.
const DEFAULT_BUDGET: std::time::Duration = std::time::Duration::from_secs(10);

/// The most candidates carried from one loop to another (per target loop).
const MAX_CARRIED: usize = 64;

/// The ghosts and candidates of the loops of `fid` (of `q`, forest `forest`); `None` when no
/// loop has a closed form to state. `seeds` are the other candidates per header, `samples` the
/// loops' entry states (`leapfrog_summarize::analysis::entry_samples`); `cfg` gives the
/// semantics and the deadline.
pub fn ghosting(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    seeds: &[(LocId, Candidate)],
    samples: &IdVec<LoopId, Vec<BTreeMap<VarId, i128>>>,
    views: &[MemoryView],
    cfg: &Config,
) -> Option<Ghosting> {
    let (semantics, deadline) = (cfg.semantics, cfg.deadline.unwrap_or_else(|| Instant::now() + DEFAULT_BUDGET));
    let f = &q.funcs[fid];
    let visibility = Visibility::new(q, views);
    let mut declared = q.clone();
    let mut ghosts = Vec::new();
    let mut candidates = Vec::new();
    for (l, lp) in forest.loops.iter() {
        if Instant::now() >= deadline || lp.irreducible {
            break;
        }
        let Ok(paths) = Extractor::new(q, f, forest, l, &[], semantics, deadline).extract() else { continue };
        if paths.paths.is_empty() || paths.paths.len() > MAX_PATHS {
            continue;
        }
        let vars: BTreeSet<VarId> = paths.pre.keys().copied().collect();
        let per_path: Vec<_> = paths
            .paths
            .iter()
            .map(|path| analyze(&vars, &updates_of(&paths, path, &BTreeMap::new()), Some(deadline)))
            .collect();
        // Printed at the loop: only variables the user can name there.
        let span = forest.syntax(f, l).1;
        let usable = |v: VarId| {
            visibility.visible_at(v, span)
                && matches!(q.vars[v].ty.reg(), Some(Type::Int(t)) if t.bits() <= 32 && !t.is_bool())
        };
        let forms: BTreeMap<VarId, Sequence> =
            agreed_forms(&vars, &per_path).into_iter().filter(|(v, _)| usable(*v)).collect();
        // Each path's closed forms, and the variables every path has one for.
        let path_forms: Vec<BTreeMap<VarId, Sequence>> = per_path
            .iter()
            .map(|induction| {
                induction
                    .vars
                    .iter()
                    .filter_map(|(v, (_, form))| {
                        let form = form.as_ref().filter(|f| f.from == 0 && f.value.geometric.is_none())?;
                        usable(*v).then(|| (*v, form.value.clone()))
                    })
                    .collect()
            })
            .collect();
        let identity = |v: VarId, s: &Sequence| *s == Sequence::constant(Poly::var(v));
        let changed: BTreeSet<VarId> = vars
            .iter()
            .copied()
            .filter(|v| path_forms.iter().all(|m| m.contains_key(v)) && path_forms.iter().any(|m| !identity(*v, &m[v])))
            .collect();
        if changed.is_empty() {
            continue;
        }
        let mut declare = |name: String, t: IntTy| -> VarId {
            let ty = VarTy::Reg(Type::Int(t));
            let var = Var { name, ty, kind: VarKind::Local, func: Some(fid), span: Span::UNKNOWN, scope: None };
            let v = declared.vars.push(var);
            declared.funcs[fid].locals.push(v);
            v
        };
        let label = label(f, forest, l);
        let counter = declare(format!("\\iterations({label})"), COUNTER_TYPE);
        let copies: BTreeMap<VarId, VarId> = changed
            .iter()
            .map(|&x| {
                let Some(Type::Int(t)) = q.vars[x].ty.reg() else { unreachable!("usable variables are integers") };
                (x, declare(format!("\\at({}, {label})", q.vars[x].name), t))
            })
            .collect();
        let terms = Terms { counter, copies: &copies, usable: &usable };
        let header = lp.header;
        let mut push = |expr: Expr, declared: &Program| {
            let text = leapfrog_ir::print::expr_to_c(declared, &expr);
            candidates.push((header, Candidate { expr, text }));
        };
        let k = Expr::Var(counter);
        push(Expr::cmp(CmpOp::Ge, k.clone(), Expr::int(0, COUNTER_TYPE)), &declared);
        push(Expr::cmp(CmpOp::Le, k.clone(), Expr::int(COUNTER_BOUND, COUNTER_TYPE)), &declared);
        let iterations = Poly::atom(COUNTER);
        for x in changed.iter().filter(|x| forms.contains_key(x)) {
            // d·x − d·F_x(entry, K) == 0.
            let Some(value) = at(&forms[x], &iterations) else { continue };
            if let Some(expr) = terms.condition(&now(*x), CmpOp::Eq, &value) {
                push(expr, &declared);
            }
        }
        // The conditions every iteration path has, at the last iteration.
        let last = iterations.sub(&Poly::constant(Rational::one()));
        let ranges: BTreeSet<usize> = (0..paths.syms.len()).collect();
        let ranges = leapfrog_paths::range_rows(&paths.syms, &ranges);
        let shared: Vec<&Row> = paths.paths[0]
            .rows
            .iter()
            .filter(|r| !ranges.contains(r) && paths.paths.iter().all(|p| p.rows.contains(r)))
            .collect();
        for row in &shared {
            let Some(g) = row_at(&paths, row, &forms, &last) else { continue };
            let constant = Poly::constant(g.constant_term());
            let op = if row.eq { CmpOp::Eq } else { CmpOp::Le };
            let Some(expr) = terms.condition(&g.sub(&constant), op, &constant.scale(&-Rational::one())) else {
                continue;
            };
            push(or(Expr::cmp(CmpOp::Eq, k.clone(), Expr::int(0, COUNTER_TYPE)), expr), &declared);
        }
        // A path taken on every iteration of an execution: under a condition over variables
        // the loop does not change (`y % 2 == 0`), each variable moves by that path's closed
        // form, and the conditions the paths share held at the last iteration by it.
        let fixed = invariant_conditions(f, lp, &usable);
        for c in &fixed {
            let when = |e: Expr| or(Expr::not(c.clone()), e);
            for &x in changed.iter().filter(|x| !forms.contains_key(x)) {
                let mut seen: Vec<&Sequence> = Vec::new();
                for m in &path_forms {
                    if seen.contains(&&m[&x]) {
                        continue;
                    }
                    seen.push(&m[&x]);
                    let Some(value) = at(&m[&x], &iterations) else { continue };
                    if let Some(expr) = terms.condition(&now(x), CmpOp::Eq, &value) {
                        push(when(expr), &declared);
                    }
                }
            }
            for m in path_forms.iter().filter(|m| m.keys().any(|x| !forms.contains_key(x) && changed.contains(x))) {
                for row in &shared {
                    let Some(g) = row_at(&paths, row, m, &last) else { continue };
                    let constant = Poly::constant(g.constant_term());
                    let op = if row.eq { CmpOp::Eq } else { CmpOp::Le };
                    let Some(expr) = terms.condition(&g.sub(&constant), op, &constant.scale(&-Rational::one())) else {
                        continue;
                    };
                    push(when(or(Expr::cmp(CmpOp::Eq, k.clone(), Expr::int(0, COUNTER_TYPE)), expr)), &declared);
                }
            }
        }
        // The entry values all sampled entries agree on (`\at(j, LoopEntry) == 0`).
        let entries = samples.get(l).map(Vec::as_slice).unwrap_or_default();
        for (x, g) in &copies {
            let values: BTreeSet<i128> = entries.iter().filter_map(|s| s.get(x).copied()).collect();
            if entries.len() >= 2 && values.len() == 1 {
                let t = match q.vars[*x].ty.reg() {
                    Some(Type::Int(t)) => t,
                    _ => continue,
                };
                let value = *values.first().expect("one value");
                push(Expr::cmp(CmpOp::Eq, Expr::Var(*g), Expr::int(value, t)), &declared);
            }
        }
        ghosts.push(GhostLoop {
            header,
            copies: copies.iter().map(|(x, g)| (*g, *x)).collect(),
            counter: Some(counter),
        });
    }
    if ghosts.is_empty() {
        return None;
    }
    let instrumented = leapfrog_ir::ghost::instrument(&declared, fid, &ghosts).ok()?;
    let carried = carried(&declared, &instrumented, fid, &ghosts, seeds, &candidates, &visibility);
    candidates.extend(carried);
    Some(Ghosting { declared, instrumented, ghosts, candidates })
}

/// The most conditions over unchanged variables per loop.
const MAX_FIXED_CONDITIONS: usize = 4;

/// The conditions of loop `lp`'s branches (both ways) that read only variables no edge of the
/// loop changes, all `usable`: whichever way such a branch goes, it goes so on every iteration
/// of one execution of the loop.
fn invariant_conditions(
    f: &leapfrog_ir::Function,
    lp: &leapfrog_ir::loops::Loop,
    usable: &dyn Fn(VarId) -> bool,
) -> Vec<Expr> {
    let inside = || f.edges.iter().filter(|(_, e)| lp.contains(e.from) && lp.contains(e.to));
    let changed: BTreeSet<VarId> = inside().flat_map(|(_, e)| e.cmd.defs()).collect();
    let mut out: Vec<Expr> = Vec::new();
    for (_, e) in inside() {
        let leapfrog_ir::Command::Assume(c) = &e.cmd else { continue };
        let reads = c.reads();
        if reads.is_empty() || reads.iter().any(|v| changed.contains(v) || !usable(*v)) || out.contains(c) {
            continue;
        }
        if out.len() >= MAX_FIXED_CONDITIONS {
            break;
        }
        out.push(c.clone());
    }
    out
}

/// The name of loop `l` in ghosts' names: `L` and its line (`L17`), and its column when
/// another loop starts on the same line (`L17_3`).
fn label(f: &leapfrog_ir::Function, forest: &LoopForest, l: LoopId) -> String {
    let span = forest.syntax(f, l).1;
    let shared = forest.loops.ids().any(|o| {
        let other = forest.syntax(f, o).1;
        o != l && other.file == span.file && other.line == span.line
    });
    if shared { format!("L{}_{}", span.line, span.col) } else { format!("L{}", span.line) }
}

/// What one loop knows, carried to another: a candidate `c` of a loop `L1` (a seed or a ghost
/// candidate) as a candidate of a loop `L2` with each variable `L2` changes replaced by its copy
/// at `L2`'s entry. Nothing `L2` does changes the copies, so such a candidate holds throughout
/// `L2` when it holds on entering it — as `2*k + i == 2*n` at the exit of a loop before `L2`
/// becomes `2*\at(k, LoopEntry) + i == 2*n` in `L2`, and a fact over variables `L2` does not
/// change (an earlier loop's ghosts) holds in `L2` as it is. Candidates that mention a variable
/// `L2` changes without a copy are not carried.
fn carried(
    declared: &Program,
    instrumented: &Program,
    fid: FuncId,
    ghosts: &[GhostLoop],
    seeds: &[(LocId, Candidate)],
    own: &[(LocId, Candidate)],
    visibility: &Visibility,
) -> Vec<(LocId, Candidate)> {
    let f = &instrumented.funcs[fid];
    let forest = LoopForest::compute(f);
    let is_ghost = |v: VarId| ghosts.iter().any(|g| g.counter == Some(v) || g.copies.iter().any(|(c, _)| *c == v));
    let mut out = Vec::new();
    for (l, lp) in forest.loops.iter() {
        let span = forest.syntax(f, l).1;
        let changed: BTreeSet<VarId> =
            f.edges.iter().filter(|(_, e)| lp.contains(e.from)).flat_map(|(_, e)| e.cmd.defs()).collect();
        let copies: BTreeMap<VarId, VarId> = ghosts
            .iter()
            .find(|g| g.header == lp.header)
            .map(|g| g.copies.iter().map(|(c, x)| (*x, *c)).collect())
            .unwrap_or_default();
        let mut here: Vec<Candidate> = Vec::new();
        for (h, c) in seeds.iter().chain(own) {
            if *h == lp.header || here.len() >= MAX_CARRIED {
                continue;
            }
            let mut expr = c.expr.clone();
            let mut carried = true;
            expr.rename_vars(&mut |v| {
                if !is_ghost(v) && !visibility.visible_at(v, span) {
                    carried = false;
                }
                if !changed.contains(&v) {
                    return v;
                }
                copies.get(&v).copied().unwrap_or_else(|| {
                    carried = false;
                    v
                })
            });
            if carried
                && !here.iter().any(|x| x.expr == expr)
                && !own.iter().any(|(h2, x)| *h2 == lp.header && x.expr == expr)
            {
                let text = leapfrog_ir::print::expr_to_c(declared, &expr);
                here.push(Candidate { expr, text });
            }
        }
        out.extend(here.into_iter().map(|c| (lp.header, c)));
    }
    out
}

/// The atom of the iteration counter in the polynomials below (their `Var` atoms are entry
/// values; a variable's current value is [`Poly::var_now`]).
const COUNTER: Atom = Atom::Counter(usize::MAX);

/// `v`'s current value.
fn now(v: VarId) -> Poly {
    Poly::atom(Atom::Counter(leapfrog_ir::Id::index(v)))
}

/// `seq` at `n` (a polynomial), without a geometric term.
fn at(seq: &Sequence, n: &Poly) -> Option<Poly> {
    if seq.geometric.is_some() {
        return None;
    }
    let mut value = Poly::default();
    let mut power = Poly::constant(Rational::one());
    for c in &seq.poly {
        value = value.add(&c.mul(&power));
        power = power.mul(n);
    }
    Some(value)
}

/// `row` (over the paths' pre-state symbols) with each variable replaced by its closed form at
/// `n`, over entry values; `None` when it mentions an auxiliary symbol or a variable without a
/// closed form.
fn row_at(paths: &leapfrog_paths::LoopPaths, row: &Row, forms: &BTreeMap<VarId, Sequence>, n: &Poly) -> Option<Poly> {
    let mut sum = Poly::constant(rational(row.lin.constant));
    for (s, c) in &row.lin.terms {
        let v = paths.var_of(*s)?;
        let value = at(forms.get(&v)?, n)?;
        sum = sum.add_scaled(&rational(*c), &value);
    }
    Some(sum)
}

/// How the atoms of the polynomials are written: entry values of changed variables through
/// their copies, of the others as the variables themselves (unchanged in the loop), current
/// values as the variables, the counter as itself.
struct Terms<'a> {
    counter: VarId,
    copies: &'a BTreeMap<VarId, VarId>,
    /// The program variables a candidate may mention.
    usable: &'a dyn Fn(VarId) -> bool,
}

impl Terms<'_> {
    fn atom(&self, a: Atom) -> Option<Expr> {
        let v = match a {
            COUNTER => self.counter,
            Atom::Counter(i) => Some(leapfrog_ir::Id::new(i)).filter(|v| (self.usable)(*v))?,
            Atom::Var(v) => match self.copies.get(&v) {
                Some(copy) => *copy,
                None => Some(v).filter(|v| (self.usable)(*v))?,
            },
        };
        // In `long long` (the counter already is).
        Some(if v == self.counter { Expr::Var(v) } else { Expr::cast(COUNTER_TYPE, Expr::Var(v)) })
    }

    /// `lhs op rhs` in `long long`, both scaled to integer coefficients, when the degree and the
    /// coefficients are small.
    fn condition(&self, lhs: &Poly, op: CmpOp, rhs: &Poly) -> Option<Expr> {
        let d = lhs.sub(rhs).denominator();
        let (lhs, rhs) = (lhs.scale(&d), rhs.scale(&d));
        if lhs.degree().max(rhs.degree()) > MAX_DEGREE || lhs.sub(&rhs).terms.is_empty() {
            return None;
        }
        Some(Expr::cmp(op, self.expr(&lhs)?, self.expr(&rhs)?))
    }

    /// `poly` (integer coefficients) as a sum, its positive terms first and its constant last.
    fn expr(&self, poly: &Poly) -> Option<Expr> {
        let w = COUNTER_TYPE;
        let mut terms: Vec<(i128, Option<Expr>)> = Vec::new();
        for (monomial, c) in &poly.terms {
            let c = c.to_integer().to_i128().filter(|c| c.abs() <= MAX_COEFFICIENT)?;
            let factors: Vec<Expr> = monomial
                .iter()
                .flat_map(|(a, e)| std::iter::repeat_n(*a, *e as usize))
                .map(|a| self.atom(a))
                .collect::<Option<_>>()?;
            let product = factors.into_iter().reduce(|a, b| Expr::binary(BinOp::Mul, w, a, b));
            terms.push((c, product));
        }
        // Positive terms first, the constant last.
        terms.sort_by_key(|(c, product)| (product.is_none(), *c < 0));
        let mut sum: Option<Expr> = None;
        for (c, product) in terms {
            let term = match product {
                None if sum.is_none() => {
                    sum = Some(Expr::int(c, w));
                    continue;
                }
                None => Expr::int(c.abs(), w),
                Some(p) if c.abs() == 1 => p,
                Some(p) => Expr::binary(BinOp::Mul, w, Expr::int(c.abs(), w), p),
            };
            sum = Some(match (sum, c < 0) {
                (None, false) => term,
                (None, true) => Expr::binary(BinOp::Sub, w, Expr::int(0, w), term),
                (Some(acc), false) => Expr::binary(BinOp::Add, w, acc, term),
                (Some(acc), true) => Expr::binary(BinOp::Sub, w, acc, term),
            });
        }
        Some(sum.unwrap_or_else(|| Expr::int(0, w)))
    }
}
