//! Transition invariants as summary strengthening (TACAS'11 §3–4, Algorithm 2).
//!
//! A candidate relation `C(X, X')` from the five template families of Table 1 is accepted for a
//! loop when it holds across one iteration from any header state satisfying the loop's state
//! invariant (`L(X, X') ∧ I(X) ⇒ C(X, X')`, inner loops replaced by their summaries, which carry
//! their own transition invariants) and is transitive (the compositionality check (1)). By
//! Theorem 2 the conjunction `T` of the accepted candidates then covers every sequence of
//! iterations, so the loop's summary may assume `X = Xpre ∨ T(Xpre, X)` (a loop may run zero
//! times).
//!
//! Families 1–4 are strict orders on a measure (a variable, the sum, the maximum or the minimum
//! of the loop's integer variables): transitive by construction. Family 5 (one variable changes,
//! the others keep their values) is checked. `T` is well-founded — the loop terminates — when one
//! of its strict orders is bounded in the direction it moves: by the type range when the
//! measure's variables are finite under the semantics (Observation 3: unsigned integers under the
//! default semantics, all integers under the bit-precise one), otherwise by a bound the state
//! invariant implies (a signed `x' < x` under the default semantics needs one).

use crate::analysis::{Analysis, Config, SafetyResult};
use crate::encode::{Encoder, LoopAssumptions, Mode, Obligation, State};
use leapfrog_arith::Semantics;
use leapfrog_certify::termination::{LinearForm, Measure as CheckerMeasure, TransitionAtom};
use leapfrog_ir::types::Type;
use leapfrog_ir::{EdgeId, Expr, FuncId, IdVec, LoopId, MemoryView, Program, VarId};
use leapfrog_smt::{Answer, Solver};
use std::cell::RefCell;
use z3::ast::{Bool, Int};

/// A quantity over the state (its variables' values as mathematical integers).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    Var(VarId),
    Sum(Vec<VarId>),
    Max(Vec<VarId>),
    Min(Vec<VarId>),
    /// `|x|` or `|x - y|`: family 4's maximum taken over `x, -x` (or `x - y, y - x`), the
    /// distance to zero or between two variables (`while (x != y) { if (x > y) y++; else x++; }`).
    Distance(VarId, Option<VarId>),
}

impl Measure {
    pub fn vars(&self) -> Vec<VarId> {
        match self {
            Measure::Var(v) => vec![*v],
            Measure::Sum(vs) | Measure::Max(vs) | Measure::Min(vs) => vs.clone(),
            Measure::Distance(x, y) => std::iter::once(*x).chain(*y).collect(),
        }
    }
}

impl Measure {
    fn text(&self, p: &Program, primed: bool) -> String {
        let name = |v: &VarId| if primed { format!("{}'", p.vars[*v].name) } else { p.vars[*v].name.clone() };
        let list = |vs: &[VarId]| vs.iter().map(name).collect::<Vec<_>>();
        match self {
            Measure::Var(v) => name(v),
            Measure::Sum(vs) => list(vs).join(" + "),
            Measure::Max(vs) => format!("max({})", list(vs).join(", ")),
            Measure::Min(vs) => format!("min({})", list(vs).join(", ")),
            Measure::Distance(x, None) => format!("abs({})", name(x)),
            Measure::Distance(x, Some(y)) => format!("abs({} - {})", name(x), name(y)),
        }
    }
}

impl TransitionCandidate {
    /// The checker's form of the atom (the checker shares no types with the engine).
    pub fn checker_atom(&self) -> TransitionAtom {
        let a = self;
        let var = |v: &leapfrog_ir::VarId| LinearForm { constant: 0, terms: vec![(1, *v)] };
        let measure = |m: &Measure| match m {
            Measure::Var(v) => CheckerMeasure::Linear(var(v)),
            Measure::Sum(vs) => {
                CheckerMeasure::Linear(LinearForm { constant: 0, terms: vs.iter().map(|v| (1, *v)).collect() })
            }
            Measure::Max(vs) => CheckerMeasure::Max(vs.clone()),
            Measure::Min(vs) => CheckerMeasure::Min(vs.clone()),
            Measure::Distance(x, y) => {
                let mut f = var(x);
                f.terms.extend(y.iter().map(|y| (-1, *y)));
                CheckerMeasure::Distance(f)
            }
        };
        match a {
            TransitionCandidate::Decreases(m) => TransitionAtom::Decreases(measure(m)),
            TransitionCandidate::Increases(m) => TransitionAtom::Increases(measure(m)),
            TransitionCandidate::OneChanges(vs) => TransitionAtom::OneChanges(vs.clone()),
        }
    }
}

/// One candidate of Table 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TransitionCandidate {
    /// `m(X') < m(X)`.
    Decreases(Measure),
    /// `m(X') > m(X)`.
    Increases(Measure),
    /// One of the variables strictly changes while the others keep their values.
    OneChanges(Vec<VarId>),
}

impl TransitionCandidate {
    /// The relation in C-like syntax, the post-state primed: `i' < i`, `max(x', y') > max(x, y)`.
    pub fn text(&self, p: &Program) -> String {
        let paren = |m: &Measure, primed| {
            let t = m.text(p, primed);
            if matches!(m, Measure::Sum(_)) { format!("({t})") } else { t }
        };
        match self {
            TransitionCandidate::Decreases(m) => format!("{} < {}", paren(m, true), paren(m, false)),
            TransitionCandidate::Increases(m) => format!("{} > {}", paren(m, true), paren(m, false)),
            TransitionCandidate::OneChanges(vs) => {
                let name = |v: &VarId, primed: bool| {
                    if primed { format!("{}'", p.vars[*v].name) } else { p.vars[*v].name.clone() }
                };
                let alts: Vec<String> = vs
                    .iter()
                    .map(|v| {
                        let mut conj = vec![format!("{} != {}", name(v, true), name(v, false))];
                        conj.extend(
                            vs.iter().filter(|w| *w != v).map(|w| format!("{} == {}", name(w, true), name(w, false))),
                        );
                        format!("({})", conj.join(" && "))
                    })
                    .collect();
                alts.join(" || ")
            }
        }
    }
}

/// How a strict order of the transition invariant is bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The measure's variables have finite types under the semantics (Observation 3).
    TypeRange,
    /// The state invariant implies `m ≥ b` (for a decrease) or `m ≤ b` (for an increase).
    Invariant(i128),
}

/// The transition invariant of one loop.
#[derive(Clone, Debug, Default)]
pub struct TransitionSummary {
    /// The accepted candidates (their conjunction is the transition invariant).
    pub atoms: Vec<TransitionCandidate>,
    /// An atom that makes the invariant well-founded, and why it is bounded.
    pub well_founded: Option<(usize, Bound)>,
    pub candidates_tried: usize,
}

/// The state invariants of the analysis, and the transition invariants accepted so far, as the
/// assumptions of walks over child loops.
struct Assumed {
    invariants: IdVec<LoopId, Vec<Expr>>,
    transitions: RefCell<IdVec<LoopId, Vec<TransitionCandidate>>>,
}

impl Assumed {
    /// The analysis' state invariants, with `transitions` as the loops' transition invariants.
    fn new(analysis: &Analysis, transitions: IdVec<LoopId, Vec<TransitionCandidate>>) -> Assumed {
        let mut invariants: IdVec<LoopId, Vec<Expr>> = analysis.forest.loops.ids().map(|_| Vec::new()).collect();
        for s in &analysis.loops {
            invariants[s.id] = s.invariant.iter().map(|c| c.expr.clone()).collect();
        }
        Assumed { invariants, transitions: RefCell::new(transitions) }
    }
}

impl LoopAssumptions for Assumed {
    fn assume(&self, enc: &Encoder, l: LoopId, s: &State) -> Vec<Bool> {
        self.invariants[l].iter().map(|e| enc.truth(e, s)).collect()
    }

    fn relate(&self, enc: &Encoder, l: LoopId, entry: &State, header: &State) -> Vec<Bool> {
        let atoms = &self.transitions.borrow()[l];
        if atoms.is_empty() {
            return Vec::new();
        }
        vec![relation(enc, l, atoms, entry, header)]
    }
}

/// `entry = header ∨ T(entry, header)` over what loop `l` modifies.
pub fn relation(enc: &Encoder, l: LoopId, atoms: &[TransitionCandidate], entry: &State, header: &State) -> Bool {
    let same: Vec<Bool> =
        enc.mods[l].regs.iter().filter_map(|v| Some(enc.arith.eq(entry.regs.get(v)?, header.regs.get(v)?))).collect();
    let t: Vec<Bool> = atoms.iter().map(|a| atom_holds(enc, a, entry, header)).collect();
    Bool::or(&[Bool::and(&same), Bool::and(&t)])
}

/// The value of `v` in `s` as a mathematical integer.
fn math(enc: &Encoder, v: VarId, s: &State) -> Option<Int> {
    let signed = enc.p.vars[v].ty.reg().and_then(|t| t.as_int()).is_none_or(|t| t.is_signed());
    Some(enc.arith.to_math(s.regs.get(&v)?, signed))
}

fn measure(enc: &Encoder, m: &Measure, s: &State) -> Int {
    let vals: Vec<Int> = m.vars().iter().map(|v| math(enc, *v, s).unwrap_or_else(|| Int::from_i64(0))).collect();
    match m {
        Measure::Var(_) | Measure::Sum(_) => Int::add(&vals),
        Measure::Max(_) => fold_pick(vals, |a, b| a.ge(b)),
        Measure::Min(_) => fold_pick(vals, |a, b| a.le(b)),
        Measure::Distance(_, y) => {
            let d = if y.is_some() { &vals[0] - &vals[1] } else { vals[0].clone() };
            d.ge(Int::from_i64(0)).ite(&d, &-&d)
        }
    }
}

/// The value among `vals` that `better` prefers over all others.
fn fold_pick(vals: Vec<Int>, better: impl Fn(&Int, &Int) -> Bool) -> Int {
    let mut it = vals.into_iter();
    let mut acc = it.next().unwrap_or_else(|| Int::from_i64(0));
    for v in it {
        acc = better(&acc, &v).ite(&acc, &v);
    }
    acc
}

/// Whether `(pre, post)` is in the candidate's relation.
pub fn atom_holds(enc: &Encoder, a: &TransitionCandidate, pre: &State, post: &State) -> Bool {
    match a {
        TransitionCandidate::Decreases(m) => measure(enc, m, post).lt(measure(enc, m, pre)),
        TransitionCandidate::Increases(m) => measure(enc, m, post).gt(measure(enc, m, pre)),
        TransitionCandidate::OneChanges(vs) => {
            let vals = |s: &State| -> Vec<Int> {
                vs.iter().map(|v| math(enc, *v, s).unwrap_or_else(|| Int::from_i64(0))).collect()
            };
            one_changes(&vals(pre), &vals(post))
        }
    }
}

fn one_changes(pre: &[Int], post: &[Int]) -> Bool {
    let disjuncts: Vec<Bool> = (0..pre.len())
        .map(|i| {
            let mut conj = vec![post[i].eq(&pre[i]).not()];
            conj.extend((0..pre.len()).filter(|&j| j != i).map(|j| post[j].eq(&pre[j])));
            Bool::and(&conj)
        })
        .collect();
    Bool::or(&disjuncts)
}

/// Whether `v` ranges over finitely many values under `sem`.
fn finite(p: &Program, v: VarId, sem: Semantics) -> bool {
    match p.vars[v].ty.reg() {
        Some(Type::Bool) => true,
        Some(Type::Int(t)) => sem == Semantics::BitPrecise || !t.is_signed(),
        _ => false,
    }
}

/// How many `|x - y|` candidates a loop gets at most.
const MAX_DISTANCE_PAIRS: usize = 24;

/// The candidates of Table 1 over the integer variables `l` modifies, of those visible at the
/// loop (they are printed there as C, see `leapfrog_ir::scope`).
pub fn candidates(enc: &Encoder, l: LoopId) -> Vec<TransitionCandidate> {
    let visibility = leapfrog_ir::Visibility::new(enc.p, &[]);
    let at = enc.forest.syntax(enc.f, l).1;
    let visible = |v: &VarId| visibility.visible_at(*v, at);
    let vars: Vec<VarId> = enc.mods[l]
        .regs
        .iter()
        .copied()
        .filter(|v| matches!(enc.p.vars[*v].ty.reg(), Some(Type::Int(_))) && !enc.views.contains_key(v) && visible(v))
        .collect();
    let mut out = Vec::new();
    // Families 1 and 2: every variable strictly decreasing or increasing.
    for &v in &vars {
        out.push(TransitionCandidate::Decreases(Measure::Var(v)));
        out.push(TransitionCandidate::Increases(Measure::Var(v)));
    }
    if vars.len() >= 2 {
        // Families 3 and 4: the sum, the maximum and the minimum.
        for m in [Measure::Sum(vars.clone()), Measure::Max(vars.clone()), Measure::Min(vars.clone())] {
            out.push(TransitionCandidate::Decreases(m.clone()));
            out.push(TransitionCandidate::Increases(m));
        }
    }
    // Family 4 over `x, -x`: distances to zero, and between a variable and another one the loop
    // reads (strict orders bounded below by 0 whatever the semantics).
    let mut read: Vec<VarId> = Vec::new();
    let lp = &enc.forest.loops[l];
    for (_, e) in enc.f.edges.iter() {
        if lp.contains(e.from) {
            for x in e.cmd.exprs() {
                for v in x.reads() {
                    if matches!(enc.p.vars[v].ty.reg(), Some(Type::Int(_))) && !read.contains(&v) && visible(&v) {
                        read.push(v);
                    }
                }
            }
        }
    }
    for &v in &vars {
        out.push(TransitionCandidate::Decreases(Measure::Distance(v, None)));
    }
    let mut pairs = 0;
    for &v in &vars {
        for &w in read.iter().filter(|w| **w != v && (!vars.contains(w) || **w > v)) {
            if pairs < MAX_DISTANCE_PAIRS {
                out.push(TransitionCandidate::Decreases(Measure::Distance(v, Some(w))));
                pairs += 1;
            }
        }
    }
    if !vars.is_empty() {
        // Family 5.
        out.push(TransitionCandidate::OneChanges(vars));
    }
    out
}

/// The transition invariants of every loop of `fid`, given the state invariants of `analysis`
/// (innermost loops first, so that an outer loop's iteration crosses its inner loops with their
/// transition invariants).
pub fn transition_invariants(
    p: &Program,
    fid: FuncId,
    analysis: &Analysis,
    cfg: &Config,
    views: &[MemoryView],
) -> IdVec<LoopId, TransitionSummary> {
    let f = &p.funcs[fid];
    let forest = &analysis.forest;
    let mut out: IdVec<LoopId, TransitionSummary> = forest.loops.ids().map(|_| TransitionSummary::default()).collect();
    if forest.loops.is_empty() || forest.loops.iter().any(|(_, l)| l.irreducible) {
        return out;
    }
    let mut enc = Encoder::new(p, f, forest, cfg.semantics).with_views(views);
    enc.deadline = cfg.deadline;
    let assumed = Assumed::new(analysis, forest.loops.ids().map(|_| Vec::new()).collect());
    let solver = Solver::new(cfg.limits, cfg.deadline);
    let mut facts_asserted = 0;
    for l in forest.innermost_first() {
        if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            break;
        }
        let header = forest.loops[l].header;
        let s = enc.fresh_state();
        let inv = Bool::and(&assumed.assume(&enc, l, &s));
        let mut sink = Vec::new();
        let (backs, _) = enc.walk(Some(l), header, inv.clone(), s.clone(), Mode::Exit, &assumed, &mut sink);
        if enc.timed_out.get() {
            // An incomplete walk misses iterations: nothing may be accepted from it.
            break;
        }
        let facts = enc.facts.borrow();
        for fact in &facts[facts_asserted..] {
            solver.assert(fact);
        }
        facts_asserted = facts.len();
        drop(facts);
        let cands = candidates(&enc, l);
        let mut summary = TransitionSummary { candidates_tried: cands.len(), ..Default::default() };
        for c in cands {
            let escapes: Vec<Bool> =
                backs.iter().map(|b| Bool::and(&[b.guard.clone(), atom_holds(&enc, &c, &s, &b.state).not()])).collect();
            solver.push();
            solver.assert(&Bool::or(&escapes));
            let holds = solver.proves_unsat(&[]);
            solver.pop();
            if holds && compositional(&enc, &solver, &c) {
                summary.atoms.push(c);
            }
        }
        summary.well_founded = summary.atoms.iter().enumerate().find_map(|(k, a)| {
            let bound = bounded(&enc, &solver, a, &inv, &s, cfg)?;
            Some((k, bound))
        });
        assumed.transitions.borrow_mut()[l] = summary.atoms.clone();
        out[l] = summary;
    }
    out
}

/// The compositionality check (1): `C(a, b) ∧ C(b, c) ⇒ C(a, c)`. Strict orders on a measure
/// are transitive by construction; family 5 is checked on fresh values.
fn compositional(enc: &Encoder, solver: &Solver, c: &TransitionCandidate) -> bool {
    let TransitionCandidate::OneChanges(vs) = c else { return true };
    let fresh = |tag: &str| -> Vec<Int> {
        vs.iter().map(|v| Int::fresh_const(&format!("ti_{tag}_{}", enc.p.vars[*v].name))).collect()
    };
    let (a, b, d) = (fresh("a"), fresh("b"), fresh("c"));
    let mut ranges = Vec::new();
    for (k, v) in vs.iter().enumerate() {
        if let Some(Type::Int(t)) = enc.p.vars[*v].ty.reg() {
            for x in [&a[k], &b[k], &d[k]] {
                if finite(enc.p, *v, enc.arith.sem) {
                    ranges.push(x.ge(Int::from_i128(t.min())));
                    ranges.push(x.le(Int::from_i128(t.max())));
                }
            }
        }
    }
    solver.push();
    solver.assert(&Bool::and(&ranges));
    solver.assert(&one_changes(&a, &b));
    solver.assert(&one_changes(&b, &d));
    solver.assert(&one_changes(&a, &d).not());
    let ok = solver.proves_unsat(&[]);
    solver.pop();
    ok
}

/// Why the strict order `a` is well-founded on the header states satisfying `inv` (over `s`), if
/// it is.
fn bounded(
    enc: &Encoder,
    solver: &Solver,
    a: &TransitionCandidate,
    inv: &Bool,
    s: &State,
    cfg: &Config,
) -> Option<Bound> {
    let (m, decreasing) = match a {
        TransitionCandidate::Decreases(m) => (m, true),
        TransitionCandidate::Increases(m) => (m, false),
        TransitionCandidate::OneChanges(_) => return None,
    };
    if m.vars().iter().all(|v| finite(enc.p, *v, enc.arith.sem)) {
        return Some(Bound::TypeRange);
    }
    // The extreme value of the measure over the invariant, found by optimization and then
    // confirmed by the solver (an unbounded objective yields no confirmed bound).
    let value = measure(enc, m, s);
    let opt = z3::Optimize::new();
    let mut params = z3::Params::new();
    let ms = cfg.limits.timeout.as_millis().clamp(1, 2000) as u32;
    params.set_u32("timeout", ms);
    opt.set_params(&params);
    for fact in enc.facts.borrow().iter() {
        opt.assert(fact);
    }
    opt.assert(inv);
    if decreasing {
        opt.minimize(&value);
    } else {
        opt.maximize(&value);
    }
    if opt.check(&[]) != z3::SatResult::Sat {
        return None;
    }
    let b = opt.get_model()?.eval(&value, true)?.as_i128()?;
    solver.push();
    solver.assert(inv);
    solver.assert(&if decreasing { value.lt(Int::from_i128(b)) } else { value.gt(Int::from_i128(b)) });
    let confirmed = solver.proves_unsat(&[]);
    solver.pop();
    confirmed.then_some(Bound::Invariant(b))
}

/// The safety check of the summarized function `fid` with loop summaries strengthened by
/// transition invariants (TACAS'11 Algorithm 2): every scope is walked as in
/// [`crate::analysis::analyze_with_views`], child loops crossed by `havoc(Mod); assume(I);
/// assume(X = Xpre ∨ T(Xpre, X))`, with `analysis`'s final invariants and the accepted atoms of
/// `transitions`; then no assertion may fail. The leaps of a [`SafetyResult::Reachable`] are not
/// reported (the analysis has them).
pub fn check_safety_with(
    p: &Program,
    fid: FuncId,
    analysis: &Analysis,
    transitions: &IdVec<LoopId, TransitionSummary>,
    cfg: &Config,
    views: &[MemoryView],
) -> SafetyResult {
    let f = &p.funcs[fid];
    let forest = &analysis.forest;
    if forest.loops.iter().any(|(_, l)| l.irreducible) {
        return SafetyResult::Unknown("irreducible control flow".into());
    }
    let mut enc = Encoder::new(p, f, forest, cfg.semantics).with_views(views);
    enc.deadline = cfg.deadline;
    let atoms = forest.loops.ids().map(|l| transitions.get(l).map(|t| t.atoms.clone()).unwrap_or_default()).collect();
    let assumed = Assumed::new(analysis, atoms);
    let mut obligations = Vec::new();
    enc.walk(None, f.entry, Bool::from_bool(true), enc.fresh_state(), Mode::Check, &assumed, &mut obligations);
    for (l, lp) in forest.loops.iter() {
        if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return SafetyResult::Unknown("time limit reached".into());
        }
        let s = enc.fresh_state();
        let start = Bool::and(&assumed.assume(&enc, l, &s));
        enc.walk(Some(l), lp.header, start, s, Mode::Check, &assumed, &mut obligations);
    }
    if enc.timed_out.get() {
        // An incomplete walk misses assertions.
        return SafetyResult::Unknown("time limit reached".into());
    }
    let safety: Vec<(EdgeId, Bool)> = obligations
        .into_iter()
        .filter_map(|o| match o {
            Obligation::Safety { edge, guard, cond } => Some((edge, Bool::and(&[guard, cond.not()]))),
            _ => None,
        })
        .collect();
    let Some(first) = safety.first().map(|(e, _)| *e) else { return SafetyResult::Safe };
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    solver.assert(&Bool::or(&safety.iter().map(|(_, b)| b.clone()).collect::<Vec<_>>()));
    match solver.check(&[]) {
        Answer::Unsat => SafetyResult::Safe,
        Answer::Unknown(why) => SafetyResult::Unknown(why),
        Answer::Sat(model) => {
            let edge = safety
                .iter()
                .find(|(_, b)| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true))
                .map_or(first, |(e, _)| *e);
            SafetyResult::Reachable { edge, leaps: Vec::new() }
        }
    }
}
