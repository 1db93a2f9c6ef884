//! Non-termination: lassos made of a stem (concrete inputs reaching the loop header) and a
//! recurrent set (a set of header states from each of which an iteration leads back into it).
//!
//! The search, for a loop `L`. One iteration of `L` is walked with its nested loops *not
//! entered* (`Encoder::entered`): through a nested loop's body as if its back edges were absent;
//! an execution that takes a back edge of a nested loop leaves the set, like an exit (the checker
//! requires that no execution from the set does, so an iteration is an acyclic walk). Then:
//! 1. bounded unwinding finds a stem: inputs and the state `s` of a header visit from which one
//!    iteration can return to the header;
//! 2. the candidate atoms true in `s` — the summarization templates, the branch conditions of the
//!    loop body, and `x == s(x)` for every variable the loop reads — are conjoined, and Houdini
//!    drops the atoms some iteration from the conjunction falsifies: what remains is closed under
//!    iterations and still contains `s`;
//! 3. if some execution can still leave the set (an exit, a cut path, a nested loop entered),
//!    the nondeterministic values of the body are fixed to those of one iteration from `s` that
//!    returns, and step 2 is repeated under that choice;
//! 4. if no template set passes, the header states the loop reaches from `s` without leaving it
//!    (`leapfrog_absint::recurrence`, disjunctive octagons) are the candidate set, with the
//!    nondeterministic values free and then fixed as in step 3: a cycle of a few states, or a
//!    value alternating in sign (`x >= 6 || x <= -7`), which no conjunction of atoms describes.
//!
//! When no set is found that way and the loop has nested loops, the search is repeated with the
//! nested loops *crossed* (the encoder's usual leap: what a nested loop may change is forgotten,
//! then one pass through its body reaches one of its exits), for outer loops that run forever
//! although their inner loops are entered and end on every iteration.
//!
//! When every stem leads nowhere and the variance analysis left a suspect pair (a disjunct no
//! ranking function orders), a set is built around the pair's earlier state as in steps 2–4,
//! and bounded unwinding looks for a stem into that set.
//!
//! The result is only a candidate: the pipeline reports FALSE after the independent checker
//! accepts the set and the interpreter replays the stem into it.

use leapfrog_arith::Semantics;
use leapfrog_certify::termination::NestedLoops;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, EdgeId, Expr, FuncId, LoopId, Program, VarId};
use leapfrog_results::join_conjuncts;
use leapfrog_smt::z3::ast::{Ast, Bool, Int};
use leapfrog_smt::{Answer, Solver};
use leapfrog_summarize::Config;
use leapfrog_summarize::bmc::{ReachResult, Stem, reach};
use leapfrog_summarize::candidates::{Candidate, candidates, conjunction, printed_conjuncts};
use leapfrog_summarize::encode::{Encoder, Mode, NoAssumptions, Outgoing, State};
use leapfrog_summarize::value::Val;
use std::collections::{BTreeMap, BTreeSet};

/// A candidate lasso.
pub struct Lasso {
    pub stem: Stem,
    pub set: Expr,
    /// The set as C.
    pub text: String,
    pub choices: BTreeMap<EdgeId, i128>,
    /// How an iteration treats the loops nested in the loop.
    pub nested: NestedLoops,
}

/// Unwindings tried for stems, and the size limit of the unwound function.
const STEM_BOUNDS: &[u32] = &[1, 3, 6];
const MAX_UNROLLED_LOCS: usize = 20_000;
/// Stems tried per unwinding.
const STEMS_PER_BOUND: usize = 2;

/// One iteration of loop `l` from a fresh header state, encoded once.
struct Iteration<'e> {
    enc: &'e Encoder<'e>,
    l: LoopId,
    /// The registers live at the header that the user can name there.
    live: BTreeSet<VarId>,
    pre: State,
    backs: Vec<Outgoing>,
    /// The guards of the executions that enter a nested loop (take one of its back edges) when
    /// nested loops are not entered.
    entering: Vec<Bool>,
    /// The guards of the executions that take a back edge of a crossed nested loop: they go on
    /// iterating it, which is neither an escape nor a return.
    crossed_backs: Vec<Bool>,
    /// The fresh value of every nondeterministic source of the body.
    havocs: BTreeMap<EdgeId, Val>,
    /// The branch conditions of the body, both polarities.
    branches: Vec<Expr>,
}

/// Looks for a lasso of loop `l` of the inlined function `fid`: first with its nested loops not
/// entered, then (when it has nested loops) with them crossed. `seed` is a header state to build
/// a set around, and then look for a stem into, when the stems found first lead nowhere.
pub fn find(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    seed: Option<&BTreeMap<VarId, i128>>,
    cfg: &Config,
) -> Result<Lasso, String> {
    let lp = &forest.loops[l];
    if forest.loops.iter().any(|(_, c)| c.irreducible && lp.contains(c.header)) {
        return Err("the loop contains irreducible control flow".into());
    }
    let not_entered = find_with(p, fid, forest, l, NestedLoops::NotEntered, seed, cfg);
    let has_nested = forest.loops.iter().any(|(c, lc)| c != l && lp.contains(lc.header));
    match not_entered {
        Err(first) if has_nested => find_with(p, fid, forest, l, NestedLoops::Crossed, seed, cfg)
            .map_err(|second| format!("{first} (nested loops not entered); {second} (nested loops crossed)")),
        found => found,
    }
}

fn find_with(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    nested: NestedLoops,
    seed: Option<&BTreeMap<VarId, i128>>,
    cfg: &Config,
) -> Result<Lasso, String> {
    let f = &p.funcs[fid];
    let lp = &forest.loops[l];
    let mut enc = Encoder::new(p, f, forest, cfg.semantics);
    enc.deadline = cfg.deadline;
    match nested {
        NestedLoops::NotEntered => *enc.entered.borrow_mut() = Some(Vec::new()),
        NestedLoops::Crossed => *enc.crossed_backs.borrow_mut() = Some(Vec::new()),
    }
    let pre = enc.fresh_state();
    let mut sink = Vec::new();
    let (backs, _) =
        enc.walk(Some(l), lp.header, Bool::from_bool(true), pre.clone(), Mode::Exit, &NoAssumptions, &mut sink);
    if enc.timed_out.get() {
        return Err("out of time encoding an iteration".into());
    }
    if backs.is_empty() {
        return Err(match nested {
            NestedLoops::NotEntered => "no iteration returns to the header without entering a nested loop".into(),
            NestedLoops::Crossed => "no iteration returns to the header".into(),
        });
    }
    let entering: Vec<Bool> = enc.entered.take().unwrap_or_default().into_iter().map(|(_, o)| o.guard).collect();
    let crossed_backs = enc.crossed_backs.take().unwrap_or_default();
    let havocs = enc.havocs.borrow().clone();
    // Only variables live at the header and visible there (the set is printed there as C).
    let visibility = leapfrog_ir::Visibility::new(p, &[]);
    let at = forest.syntax(f, l).1;
    let live: BTreeSet<VarId> = leapfrog_ir::liveness::live_variables(f)[lp.header]
        .iter()
        .copied()
        .filter(|v| visibility.visible_at(*v, at))
        .collect();
    let branches = branch_conditions(f, forest, l);
    let atoms = atom_pool(p, f, forest, l, &branches, cfg.semantics);
    let it = Iteration { enc: &enc, l, live, pre, backs, entering, crossed_backs, havocs, branches };
    let mut tried: Vec<BTreeMap<VarId, i128>> = Vec::new();
    let mut last = "no stem reaches a header state from which the loop can iterate".to_string();
    for (k, small) in STEM_BOUNDS.iter().flat_map(|&k| [(k, true), (k, false)]) {
        for _ in 0..STEMS_PER_BOUND {
            if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
                return Err("out of time looking for a recurrent set".into());
            }
            let wanted = |e: &Encoder, s: &State| -> Bool {
                let mut conj = vec![iterates(&it, e, s)];
                if small {
                    conj.push(small_state(e, s));
                }
                for old in &tried {
                    conj.push(same_state(e, s, old).not());
                }
                Bool::and(&conj)
            };
            let stem = match reach(p, fid, k, MAX_UNROLLED_LOCS, cfg, lp.header, &wanted) {
                ReachResult::Found(stem) => stem,
                ReachResult::NoneWithin => break,
                ReachResult::Unknown(why) => {
                    last = format!("no stem: {why}");
                    break;
                }
            };
            tried.push(stem.state.clone());
            match recurrent_set(&it, &atoms, &stem.state, cfg) {
                Ok((atoms, choices)) => {
                    let text = conjunction_text(p, &atoms);
                    return Ok(Lasso { stem, set: conjunction(&atoms), text, choices, nested });
                }
                Err(why) => last = why,
            }
            if let Some((set, text, choices)) = reachable_set(p, fid, &it, &stem.state, cfg) {
                return Ok(Lasso { stem, set, text, choices, nested });
            }
        }
    }
    if let Some(seed) = seed {
        match seeded_lasso(p, fid, &it, &atoms, seed, nested, cfg) {
            Ok(lasso) => return Ok(lasso),
            Err(why) => last = format!("{last}; around the suspect state: {why}"),
        }
    }
    Err(last)
}

/// A set around `seed`, a header state no stem found reaches (the earlier state of a variance
/// disjunct's suspect pair: the loop may run long from it), then a stem into the set: bounded
/// unwinding with the set as the goal rather than a state from which the loop iterates once.
fn seeded_lasso(
    p: &Program,
    fid: FuncId,
    it: &Iteration,
    atoms: &[Expr],
    seed: &BTreeMap<VarId, i128>,
    nested: NestedLoops,
    cfg: &Config,
) -> Result<Lasso, String> {
    let (set, text, choices) = match recurrent_set(it, atoms, seed, cfg) {
        Ok((atoms, choices)) => (conjunction(&atoms), conjunction_text(p, &atoms), choices),
        Err(why) => reachable_set(p, fid, it, seed, cfg).ok_or(why)?,
    };
    let header = it.enc.forest.loops[it.l].header;
    for &k in STEM_BOUNDS {
        if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Err("out of time looking for a stem".into());
        }
        let wanted = |e: &Encoder, s: &State| -> Bool { e.truth(&set, s) };
        match reach(p, fid, k, MAX_UNROLLED_LOCS, cfg, header, &wanted) {
            ReachResult::Found(stem) => return Ok(Lasso { stem, set, text, choices, nested }),
            ReachResult::NoneWithin => {}
            ReachResult::Unknown(why) => return Err(format!("no stem into the set: {why}")),
        }
    }
    Err(format!("no stem reaches the set `{text}`"))
}

/// Whether an iteration from `s` (a state of another encoder over the same variables) can
/// return to the header: the iteration's encoding with its pre-state equal to `s`.
fn iterates(it: &Iteration, e: &Encoder, s: &State) -> Bool {
    let mut conj: Vec<Bool> = it.enc.facts.borrow().clone();
    for (v, x) in &it.pre.regs {
        if let Some(y) = s.regs.get(v) {
            conj.push(e.arith.eq(x, y));
        }
    }
    for (o, a) in &it.pre.mem {
        if let Some(b) = s.mem.get(o) {
            conj.push(a.eq(b));
        }
    }
    conj.push(returns(it));
    Bool::and(&conj)
}

/// Every integer register of `s` within [-SMALL, SMALL]: concrete stems with small values replay
/// without overflowing where the program computes with them.
fn small_state(e: &Encoder, s: &State) -> Bool {
    let conj: Vec<Bool> = s
        .regs
        .iter()
        .filter_map(|(v, val)| {
            let t = e.p.vars[*v].ty.reg()?.as_int()?;
            let x = e.arith.to_math(val, t.is_signed());
            Some(Bool::and(&[x.ge(Int::from_i64(-SMALL)), x.le(Int::from_i64(SMALL))]))
        })
        .collect();
    Bool::and(&conj)
}

const SMALL: i64 = 1000;

fn same_state(e: &Encoder, s: &State, values: &BTreeMap<VarId, i128>) -> Bool {
    let conj: Vec<Bool> = values
        .iter()
        .filter_map(|(v, x)| {
            let val = s.regs.get(v)?;
            let signed = e.p.vars[*v].ty.reg().and_then(|t| t.as_int()).is_none_or(|t| t.is_signed());
            Some(e.arith.to_math(val, signed).eq(Int::from_i128(*x)))
        })
        .collect();
    Bool::and(&conj)
}

/// The branch conditions of the body of `l` (nested loops included), both polarities.
fn branch_conditions(f: &leapfrog_ir::Function, forest: &LoopForest, l: LoopId) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    let lp = &forest.loops[l];
    for (_, e) in f.edges.iter() {
        if lp.contains(e.from)
            && let Command::Assume(c) = &e.cmd
        {
            for a in [c.clone(), Expr::not(c.clone())] {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

/// The atoms recurrent sets are built from: the branch conditions of the body and the
/// summarization templates.
fn atom_pool(
    p: &Program,
    f: &leapfrog_ir::Function,
    forest: &LoopForest,
    l: LoopId,
    branches: &[Expr],
    sem: Semantics,
) -> Vec<Expr> {
    let mut out = branches.to_vec();
    out.extend(candidates(p, f, forest, l, &[], sem, &[]).into_iter().map(|c| c.expr));
    out
}

/// The registers the loop reads or writes, with integer or boolean type.
fn loop_vars(enc: &Encoder, l: LoopId) -> Vec<VarId> {
    let lp = &enc.forest.loops[l];
    let mut vars = Vec::new();
    for (_, e) in enc.f.edges.iter() {
        if !lp.contains(e.from) {
            continue;
        }
        let mut add = |v: VarId| {
            if matches!(enc.p.vars[v].ty.reg(), Some(Type::Int(_) | Type::Bool)) && !vars.contains(&v) {
                vars.push(v);
            }
        };
        for x in e.cmd.exprs() {
            x.for_each_var(&mut add);
        }
        for v in e.cmd.defs() {
            add(v);
        }
    }
    vars.sort();
    vars
}

/// `v == value` as an IR expression.
fn pin(p: &Program, v: VarId, value: i128) -> Option<Expr> {
    match p.vars[v].ty.reg()? {
        Type::Int(t) => Some(Expr::cmp(leapfrog_arith::CmpOp::Eq, Expr::Var(v), Expr::Int(t.convert(value), t))),
        Type::Bool => Some(if value != 0 { Expr::Var(v) } else { Expr::not(Expr::Var(v)) }),
        _ => None,
    }
}

/// The state `values` as constants of the encoding.
fn constant_state(enc: &Encoder, template: &State, values: &BTreeMap<VarId, i128>) -> State {
    let mut s = template.clone();
    for (v, x) in values {
        match enc.p.vars[*v].ty.reg() {
            Some(Type::Int(t)) => {
                s.regs.insert(*v, enc.arith.int(*x, t));
            }
            Some(Type::Bool) => {
                s.regs.insert(*v, Val::Bool(Bool::from_bool(*x != 0)));
            }
            _ => {}
        }
    }
    s
}

/// Houdini for a closed set containing the state `values`, first with every nondeterministic
/// value free, then with those of one returning iteration fixed.
fn recurrent_set(
    it: &Iteration,
    pool: &[Expr],
    values: &BTreeMap<VarId, i128>,
    cfg: &Config,
) -> Result<(Vec<Expr>, BTreeMap<EdgeId, i128>), String> {
    let enc = it.enc;
    let at_s = constant_state(enc, &it.pre, values);
    let true_at_s = |e: &Expr| enc.truth(e, &at_s).simplify().as_bool() == Some(true);
    // Only live variables: a dead one's value at the header is never read, and the model's value
    // for it need not be the one a concrete execution has. Only visible ones: the set is C at
    // the loop.
    let live = &it.live;
    let is_live = |e: &Expr| e.reads().iter().all(|v| live.contains(v));
    let mut atoms: Vec<Expr> = Vec::new();
    let pins =
        loop_vars(enc, it.l).into_iter().filter(|v| live.contains(v)).filter_map(|v| pin(enc.p, v, *values.get(&v)?));
    for a in pool.iter().filter(|a| is_live(a) && true_at_s(a)).cloned().chain(pins) {
        if !atoms.contains(&a) {
            atoms.push(a);
        }
    }
    let solver = iteration_solver(it, cfg);
    let universal = houdini(it, &solver, atoms.clone(), &[])?;
    if !escapes(it, &solver, &universal, &[])? {
        return Ok((generalize(it, &solver, universal, &[]), BTreeMap::new()));
    }
    // Fix the nondeterministic values: to those of one iteration from `s` that returns, or all
    // to 0, or all to 1 (the usual ways a nondeterministic branch keeps a loop going).
    if it.havocs.is_empty() {
        return Err("every candidate set containing the stem's state can be left".into());
    }
    for choices in choice_options(it, Some(returning_choices(it, &solver, values)?)) {
        let fixed: Vec<Bool> = choice_constraints(it, &choices);
        let Ok(set) = houdini(it, &solver, atoms.clone(), &fixed) else { continue };
        if !escapes(it, &solver, &set, &fixed)? && contains(it, &solver, &set, &fixed, values)? {
            return Ok((generalize(it, &solver, set, &fixed), choices));
        }
    }
    Err("every candidate set containing the stem's state can be left".into())
}

/// A solver holding the facts of the iteration's encoding.
fn iteration_solver(it: &Iteration, cfg: &Config) -> Solver {
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in it.enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    solver
}

/// The ways to fix the body's nondeterministic values, each once: those of one returning
/// iteration (`returning`, when there is one), all 0, all 1 (the usual ways a nondeterministic
/// branch keeps a loop going).
fn choice_options(it: &Iteration, returning: Option<BTreeMap<EdgeId, i128>>) -> Vec<BTreeMap<EdgeId, i128>> {
    let mut options: Vec<BTreeMap<EdgeId, i128>> = returning.into_iter().collect();
    for x in [0, 1] {
        let all: BTreeMap<EdgeId, i128> = it.havocs.keys().map(|e| (*e, x)).collect();
        if !options.contains(&all) {
            options.push(all);
        }
    }
    options
}

/// A weaker closed set: atoms are dropped one at a time, the most specific first (equalities
/// pinning a value), then templates, the body's own branch conditions last, as long as the rest
/// stays closed and cannot be left. The witness is then readable, and describes more
/// non-terminating states.
fn generalize(it: &Iteration, solver: &Solver, mut set: Vec<Expr>, fixed: &[Bool]) -> Vec<Expr> {
    let pinned = |e: &Expr| matches!(e, Expr::Cmp(leapfrog_arith::CmpOp::Eq, _, b) if b.as_const().is_some());
    let branch = |e: &Expr| it.branches.contains(e);
    let mut order: Vec<Expr> = set.iter().filter(|e| pinned(e)).cloned().collect();
    order.extend(set.iter().filter(|e| !pinned(e) && !branch(e)).cloned());
    order.extend(set.iter().filter(|e| !pinned(e) && branch(e)).cloned());
    for atom in order {
        if solver.expired() {
            break;
        }
        let candidate: Vec<Expr> = set.iter().filter(|e| **e != atom).cloned().collect();
        if closed(it, solver, &candidate, fixed) == Some(true) && escapes(it, solver, &candidate, fixed) == Ok(false) {
            set = candidate;
        }
    }
    set
}

/// Whether every returning iteration from the set returns into it (`None`: the solver gave up).
fn closed(it: &Iteration, solver: &Solver, set: &[Expr], fixed: &[Bool]) -> Option<bool> {
    match query(solver, &[holds(it, set, &it.pre), Bool::and(fixed), leaves(it, set)]) {
        Answer::Unsat => Some(true),
        Answer::Sat(_) => Some(false),
        Answer::Unknown(_) => None,
    }
}

/// Whether the stem's state lies in the set and iterates under the choices.
fn contains(
    it: &Iteration,
    solver: &Solver,
    set: &[Expr],
    fixed: &[Bool],
    values: &BTreeMap<VarId, i128>,
) -> Result<bool, String> {
    let facts = [same_state(it.enc, &it.pre, values), holds(it, set, &it.pre), Bool::and(fixed)];
    satisfiable(query(solver, &facts))
}

/// Whether some execution of an iteration from the set does not return to the header, or enters
/// a nested loop that is not crossed (an execution that iterates a crossed one is still going).
fn escapes(it: &Iteration, solver: &Solver, set: &[Expr], fixed: &[Bool]) -> Result<bool, String> {
    let goes_on = if it.crossed_backs.is_empty() {
        stays(it)
    } else {
        Bool::or(&[vec![stays(it)], it.crossed_backs.clone()].concat())
    };
    satisfiable(query(solver, &[holds(it, set, &it.pre), Bool::and(fixed), goes_on.not()]))
}

/// The largest subset of `atoms` whose conjunction every returning iteration preserves.
fn houdini(it: &Iteration, solver: &Solver, mut atoms: Vec<Expr>, fixed: &[Bool]) -> Result<Vec<Expr>, String> {
    loop {
        match query(solver, &[holds(it, &atoms, &it.pre), Bool::and(fixed), leaves(it, &atoms)]) {
            Answer::Unsat => return Ok(atoms),
            Answer::Unknown(why) => return Err(format!("the solver gave up on a recurrent set: {why}")),
            Answer::Sat(model) => {
                let truth = |x: &Bool| model.eval(x, true).and_then(|v| v.as_bool()) == Some(true);
                let before = atoms.len();
                atoms.retain(|a| !it.backs.iter().any(|b| truth(&b.guard) && !truth(&it.enc.truth(a, &b.state))));
                if atoms.len() == before {
                    return Err("Houdini made no progress on a recurrent set".into());
                }
            }
        }
    }
}

/// The values the body's nondeterministic sources take on one iteration from `values` that
/// returns to the header.
fn returning_choices(
    it: &Iteration,
    solver: &Solver,
    values: &BTreeMap<VarId, i128>,
) -> Result<BTreeMap<EdgeId, i128>, String> {
    let answer = query(solver, &[same_state(it.enc, &it.pre, values), stays(it)]);
    let Answer::Sat(model) = answer else { return Err("no returning iteration from the stem's state".into()) };
    let mut out = BTreeMap::new();
    for e in it.havocs.keys() {
        if let Some(x) = havoc_value(it, *e).and_then(|v| model.eval(&v, true)).and_then(|x| x.as_i128()) {
            out.insert(*e, x);
        }
    }
    Ok(out)
}

fn choice_constraints(it: &Iteration, choices: &BTreeMap<EdgeId, i128>) -> Vec<Bool> {
    choices.iter().filter_map(|(e, x)| Some(havoc_value(it, *e)?.eq(Int::from_i128(*x)))).collect()
}

/// The value of the nondeterministic source on edge `e` in the iteration, as a mathematical
/// integer.
fn havoc_value(it: &Iteration, e: EdgeId) -> Option<Int> {
    let val = it.havocs.get(&e)?;
    let Command::Havoc(v, _) = &it.enc.f.edges[e].cmd else { return None };
    let signed = it.enc.p.vars[*v].ty.reg().and_then(|t| t.as_int()).is_none_or(|t| t.is_signed());
    Some(it.enc.arith.to_math(val, signed))
}

/// The set holds in state `s`.
fn holds(it: &Iteration, set: &[Expr], s: &State) -> Bool {
    Bool::and(&set.iter().map(|a| it.enc.truth(a, s)).collect::<Vec<_>>())
}

/// Some iteration returns to the header.
fn returns(it: &Iteration) -> Bool {
    Bool::or(&it.backs.iter().map(|b| b.guard.clone()).collect::<Vec<_>>())
}

/// The iteration returns to the header and enters no nested loop (in a loop without nested
/// loops, the formula is exactly `returns`: solvers are sensitive to its shape).
fn stays(it: &Iteration) -> Bool {
    if it.entering.is_empty() { returns(it) } else { Bool::and(&[returns(it), Bool::or(&it.entering).not()]) }
}

/// Some returning iteration falsifies an atom of the set.
fn leaves(it: &Iteration, set: &[Expr]) -> Bool {
    let broken: Vec<Bool> = it
        .backs
        .iter()
        .flat_map(|b| set.iter().map(|a| Bool::and(&[b.guard.clone(), it.enc.truth(a, &b.state).not()])))
        .collect();
    Bool::or(&broken)
}

/// The conjunction of `facts`, checked in a scope of its own.
fn query(solver: &Solver, facts: &[Bool]) -> Answer {
    solver.push();
    for f in facts {
        solver.assert(f);
    }
    let answer = solver.check(&[]);
    solver.pop();
    answer
}

fn satisfiable(answer: Answer) -> Result<bool, String> {
    match answer {
        Answer::Sat(_) => Ok(true),
        Answer::Unsat => Ok(false),
        Answer::Unknown(why) => Err(format!("the solver gave up on a recurrent set: {why}")),
    }
}

/// The conjunction of `atoms` as C (`1` for none), with bounds that pin a value merged.
fn conjunction_text(p: &Program, atoms: &[Expr]) -> String {
    let atoms: Vec<Candidate> =
        atoms.iter().map(|a| Candidate { expr: a.clone(), text: leapfrog_ir::print::expr_to_c(p, a) }).collect();
    let printed = printed_conjuncts(&atoms);
    // The empty conjunction: every state at the header.
    if printed.is_empty() { "1".to_string() } else { join_conjuncts(&printed) }
}

/// The bound on disjuncts of the sets [`reachable_set`] computes.
const REACHABLE_DISJUNCTS: usize = 4;
/// At most this many integer variables live at one point for [`reachable_set`]'s octagons.
const REACHABLE_MAX_LIVE: usize = 16;
/// The longest [`reachable_set`] may compute one set.
const REACHABLE_BUDGET: std::time::Duration = std::time::Duration::from_millis(500);

/// A set from abstract interpretation (`leapfrog_absint::recurrence`): the header states the
/// loop reaches from the stem's state without leaving it, in disjunctive octagons, first with the
/// body's nondeterministic values free, then fixed as in [`recurrent_set`]. Templates cannot
/// describe a set such as `1 <= i <= 2 && 3 <= i + j <= 4 && -1 <= i - j <= 1` (a cycle of
/// three states) or `x >= 6 || x <= -7` (a value alternating in sign); the reachable states
/// can. The set, its C text and the choices, when one passes the finder's own checks.
fn reachable_set(
    p: &Program,
    fid: FuncId,
    it: &Iteration,
    values: &BTreeMap<VarId, i128>,
    cfg: &Config,
) -> Option<(Expr, String, BTreeMap<EdgeId, i128>)> {
    let solver = iteration_solver(it, cfg);
    let mut options = vec![BTreeMap::new()];
    if !it.havocs.is_empty() {
        let fixed = choice_options(it, returning_choices(it, &solver, values).ok());
        options.extend(fixed.into_iter().filter(|c| !c.is_empty()));
    }
    let keep: Vec<VarId> = it.live.iter().copied().collect();
    for choices in options {
        if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            continue;
        }
        let q = std::sync::Arc::new(with_choices(p, fid, &choices));
        let deadline = std::time::Instant::now() + REACHABLE_BUDGET;
        let deadline = cfg.deadline.map_or(deadline, |d| d.min(deadline));
        let mut acfg = leapfrog_absint::Config::new(cfg.semantics);
        acfg.widening_delay = 3;
        acfg.deadline = Some(deadline);
        acfg.max_live_variables = Some(REACHABLE_MAX_LIVE);
        let (l, from, keep) = (it.l, values.clone(), keep.clone());
        let q2 = std::sync::Arc::clone(&q);
        let disjuncts = leapfrog_absint::until_deadline(Some(deadline), move || {
            let top = leapfrog_domains::Disjunctive::<leapfrog_domains::Octagon>::with_limit(REACHABLE_DISJUNCTS);
            leapfrog_absint::recurrence::reachable_in_loop(&q2, fid, l, &acfg, top, &from, Some(&keep))
        })?
        .ok()?;
        let Some((set, text)) = disjunction(p, &disjuncts, cfg.semantics) else { continue };
        let fixed = choice_constraints(it, &choices);
        let atoms = [set];
        if closed(it, &solver, &atoms, &fixed) == Some(true)
            && escapes(it, &solver, &atoms, &fixed) == Ok(false)
            && contains(it, &solver, &atoms, &fixed, values) == Ok(true)
        {
            let [set] = atoms;
            return Some((set, text, choices));
        }
    }
    None
}

/// `p` with the nondeterministic sources of `choices` (havocs and extern calls' results in
/// function `fid`) replaced by the chosen values.
fn with_choices(p: &Program, fid: FuncId, choices: &BTreeMap<EdgeId, i128>) -> Program {
    let mut q = p.clone();
    for (e, x) in choices {
        let edge = &mut q.funcs[fid].edges[*e];
        let v = match &edge.cmd {
            Command::Havoc(v, _) | Command::CallExtern { dst: Some(v), .. } => *v,
            _ => continue,
        };
        let value = match p.vars[v].ty.reg() {
            Some(Type::Int(t)) => Expr::Int(t.convert(*x), t),
            Some(Type::Bool) => Expr::Bool(*x != 0),
            _ => continue,
        };
        edge.cmd = Command::Assign(v, value);
    }
    q
}

/// The disjunction of conjunctions of constraints as an IR condition and its C text (constraints
/// the types imply are left out; `None` when a disjunct has no constraint, i.e. every state).
fn disjunction(
    p: &Program,
    disjuncts: &[Vec<leapfrog_linear::Constraint<VarId>>],
    sem: Semantics,
) -> Option<(Expr, String)> {
    let mut exprs = Vec::new();
    let mut texts = Vec::new();
    for d in disjuncts {
        let parts: Vec<(Expr, String)> = d
            .iter()
            .filter(|c| !leapfrog_absint::facts::implied_by_types(p, c))
            .filter_map(|c| leapfrog_absint::facts::constraint_expr(p, c, sem))
            .collect();
        if parts.is_empty() {
            return None;
        }
        let (es, ts): (Vec<Expr>, Vec<String>) = parts.into_iter().unzip();
        exprs.push(conjunction(&es));
        texts.push(join_conjuncts(&ts));
    }
    let first = exprs.first()?.clone();
    let set = exprs.into_iter().skip(1).fold(first, leapfrog_summarize::candidates::or);
    let text = if texts.len() == 1 { texts.remove(0) } else { format!("({})", texts.join(") || (")) };
    Some((set, text))
}
