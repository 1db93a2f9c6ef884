//! Bounded model checking of the real loops: concrete inputs for an assertion failure within
//! `k` iterations of every loop, read off a model of the unwound function's encoding along the
//! one path the model takes, in the order the interpreter consumes inputs.

use crate::analysis::Config;
use crate::encode::{Encoder, Mode, NoAssumptions, Obligation, State};
use crate::unroll::unroll;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, EdgeId, FuncId, LocId, Program, VarId};
use leapfrog_smt::{Answer, Solver};
use std::collections::BTreeMap;
use z3::Model;
use z3::ast::{Bool, Int};

/// Inputs that (according to the encoding) make an assertion fail.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// The model's values of the inputs (for the interpreter to order, under
    /// `UninitMode::Nondet`).
    pub values: ProposedInputs,
    /// The failing assertion (an edge of the original function).
    pub edge: EdgeId,
}

pub enum BmcResult {
    Found(Inputs),
    /// No failure within the bound.
    NoneWithin,
    /// The bound could not be checked (size, solver, unsupported input shape).
    Unknown(String),
}

/// Looks for an assertion failure of `fid` with every loop unwound `k` times.
pub fn bmc(p: &Program, fid: FuncId, k: u32, max_locs: usize, cfg: &Config) -> BmcResult {
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    let Some(u) = unroll(f, &forest, k, max_locs) else {
        return BmcResult::Unknown(format!("unwinding {k} times is too large"));
    };
    let uf = &u.func;
    let uforest = LoopForest::compute(uf);
    let enc = Encoder::new(p, uf, &uforest, cfg.semantics);
    let mut obligations = Vec::new();
    let initial = enc.fresh_state();
    enc.walk(None, uf.entry, Bool::from_bool(true), initial.clone(), Mode::Check, &NoAssumptions, &mut obligations);
    failing_inputs(p, &u, &enc, &initial, obligations, cfg)
}

/// Looks for an assertion failure of `fid` (after its loops) with every loop crossed by a leap:
/// `havoc(Mod); assume(…)` with what `assumptions` says about the loop (its invariants, and a
/// relation between the entry state and the state at the last header visit, such as the exact
/// disjuncts of a loop summary), then the loop's last, partial iteration. Inputs read off the
/// model's path as in [`bmc`]: the values before each loop, and those of the loop's last
/// iteration as its first (the caller replays them: they are a proposal, nothing more).
pub fn leap_search(
    p: &Program,
    fid: FuncId,
    assumptions: &dyn crate::encode::LoopAssumptions,
    views: &[leapfrog_ir::MemoryView],
    cfg: &Config,
) -> BmcResult {
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    if forest.loops.iter().any(|(_, l)| l.irreducible) {
        return BmcResult::Unknown("irreducible control flow".into());
    }
    let mut enc = Encoder::new(p, f, &forest, cfg.semantics).with_views(views);
    enc.deadline = cfg.deadline;
    let mut obligations = Vec::new();
    let initial = enc.fresh_state();
    enc.walk(None, f.entry, Bool::from_bool(true), initial.clone(), Mode::Check, assumptions, &mut obligations);
    if enc.timed_out.get() {
        return BmcResult::Unknown("time limit reached".into());
    }
    // The function itself is the "unwound" copy: every edge and location its own origin.
    let identity = crate::unroll::Unrolled {
        func: f.clone(),
        origin: f.edges.ids().collect(),
        loc_origin: f.locs.ids().map(Some).collect(),
    };
    failing_inputs(p, &identity, &enc, &initial, obligations, cfg)
}

/// The assertion failures among `obligations` (of `enc`'s walk of `u.func` from `initial`)
/// solved together, and the inputs read off the model's path to the failing assertion (an edge
/// of the original function).
fn failing_inputs(
    p: &Program,
    u: &crate::unroll::Unrolled,
    enc: &Encoder,
    initial: &State,
    obligations: Vec<Obligation>,
    cfg: &Config,
) -> BmcResult {
    let failures: Vec<(EdgeId, Bool)> = obligations
        .into_iter()
        .filter_map(|o| match o {
            Obligation::Safety { edge, guard, cond } => Some((edge, Bool::and(&[guard, cond.not()]))),
            _ => None,
        })
        .collect();
    if failures.is_empty() {
        return BmcResult::NoneWithin;
    }
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    solver.assert(&Bool::or(&failures.iter().map(|(_, b)| b.clone()).collect::<Vec<_>>()));
    let model = match solver.check(&[]) {
        Answer::Unsat => return BmcResult::NoneWithin,
        Answer::Unknown(why) => return BmcResult::Unknown(why),
        Answer::Sat(m) => m,
    };
    let is_true = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true);
    let stop = |loc: LocId| failures.iter().find(|(e, b)| u.func.edges[*e].from == loc && is_true(b)).map(|(e, _)| *e);
    match follow(p, u, enc, initial, &model, |loc| stop(loc).is_some()) {
        Ok((values, loc)) => {
            let e = stop(loc).expect("the walk stopped at a failing assertion");
            BmcResult::Found(Inputs { values, edge: u.origin[e] })
        }
        Err(why) => BmcResult::Unknown(why),
    }
}

/// A path from the entry to a header visit of a loop in a chosen state.
#[derive(Clone, Debug)]
pub struct Stem {
    /// The model's values of the inputs up to the visit (for the interpreter to order, under
    /// `UninitMode::Nondet`).
    pub inputs: ProposedInputs,
    /// The integer and boolean registers at the visit.
    pub state: BTreeMap<VarId, i128>,
}

pub enum ReachResult {
    Found(Stem),
    NoneWithin,
    Unknown(String),
}

/// Looks for an execution of `fid`, every loop unwound `k` times, that visits location `target`
/// (a loop header) in a state satisfying `wanted`; prefers the deepest visit the model takes.
pub fn reach(
    p: &Program,
    fid: FuncId,
    k: u32,
    max_locs: usize,
    cfg: &Config,
    target: LocId,
    wanted: &dyn Fn(&Encoder, &State) -> Bool,
) -> ReachResult {
    if cfg.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
        return ReachResult::Unknown("time limit reached".into());
    }
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    let Some(u) = unroll(f, &forest, k, max_locs) else {
        return ReachResult::Unknown(format!("unwinding {k} times is too large"));
    };
    let uf = &u.func;
    let uforest = LoopForest::compute(uf);
    let mut enc = Encoder::new(p, uf, &uforest, cfg.semantics);
    enc.deadline = cfg.deadline;
    *enc.visits.borrow_mut() = Some(BTreeMap::new());
    let mut obligations = Vec::new();
    let initial = enc.fresh_state();
    enc.walk(None, uf.entry, Bool::from_bool(true), initial.clone(), Mode::Check, &NoAssumptions, &mut obligations);
    if enc.timed_out.get() {
        return ReachResult::Unknown("time limit reached while unwinding".into());
    }
    let visits = enc.visits.borrow_mut().take().unwrap_or_default();
    let copies: Vec<(LocId, Bool, State)> = visits
        .into_iter()
        .filter(|(loc, _)| u.loc_origin[*loc] == Some(target))
        .map(|(loc, (g, s))| {
            let w = wanted(&enc, &s);
            (loc, Bool::and(&[g, w]), s)
        })
        .collect();
    if copies.is_empty() {
        return ReachResult::NoneWithin;
    }
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    solver.assert(&Bool::or(&copies.iter().map(|(_, b, _)| b.clone()).collect::<Vec<_>>()));
    let model = match solver.check(&[]) {
        Answer::Unsat => return ReachResult::NoneWithin,
        Answer::Unknown(why) => return ReachResult::Unknown(why),
        Answer::Sat(m) => m,
    };
    let is_true = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true);
    let hit = |loc: LocId| copies.iter().find(|(l, b, _)| *l == loc && is_true(b));
    let (inputs, loc) = match follow(p, &u, &enc, &initial, &model, |loc| hit(loc).is_some()) {
        Ok(found) => found,
        Err(why) => return ReachResult::Unknown(why),
    };
    let (_, _, s) = hit(loc).expect("the walk stopped at a wanted visit");
    let mut state = BTreeMap::new();
    for (v, val) in &s.regs {
        let Some(ty) = p.vars[*v].ty.reg() else { continue };
        let signed = match ty {
            Type::Int(t) => t.is_signed(),
            Type::Bool => false,
            _ => continue,
        };
        if let Some(x) = model.eval(&enc.arith.to_math(val, signed), true).and_then(|x| x.as_i128()) {
            state.insert(*v, x);
        }
    }
    ReachResult::Found(Stem { inputs, state })
}

/// Values a model gives the inputs along its path, per edge of the analysed function in path
/// order: the interpreter, running the function with them (`leapfrog_interp::EdgeInputs`), puts
/// them into the order its input stream needs and confirms the path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProposedInputs {
    /// The entry function's parameters.
    pub params: Vec<i128>,
    /// `(edge, value)` for every execution of a load, havoc or extern call on the path: the
    /// value of a nondeterministic value, an extern call's result, an uninitialized or
    /// `volatile` variable, or a load (an input when the bytes it reads were never written).
    pub at_edges: Vec<(EdgeId, i128)>,
}

/// Follows the model's path through the unwound function `uf` from its entry, collecting the
/// values of the inputs (per edge of the original function) until `stop` holds at a location:
/// the values and that location.
fn follow(
    p: &Program,
    u: &crate::unroll::Unrolled,
    enc: &Encoder,
    initial: &State,
    model: &Model,
    stop: impl Fn(LocId) -> bool,
) -> Result<(ProposedInputs, LocId), String> {
    let uf = &u.func;
    let is_true = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true);
    let value_of = |v: VarId, x: &crate::value::Val| {
        let signed = p.vars[v].ty.reg().and_then(Type::as_int).is_none_or(|t| t.is_signed());
        model.eval(&enc.arith.to_math(x, signed), true).and_then(|i: Int| i.as_i128()).unwrap_or(0)
    };
    let params = uf.params.iter().map(|v| initial.regs.get(v).map_or(0, |x| value_of(*v, x))).collect();
    let mut inputs = ProposedInputs { params, at_edges: Vec::new() };
    let succs = uf.successors();
    let taken = enc.taken.borrow();
    let havocs = enc.havocs.borrow();
    let loads = enc.loads.borrow();
    let mut loc = uf.entry;
    for _ in 0..uf.edges.len() + 1 {
        if stop(loc) {
            return Ok((inputs, loc));
        }
        let Some(&eid) = succs[loc].iter().find(|e| taken.get(e).is_some_and(is_true)) else {
            return Err("the model's path could not be followed".into());
        };
        // One value per execution of an edge that may consult an input (see
        // `leapfrog_interp::EdgeInputs`).
        let value = match &uf.edges[eid].cmd {
            Command::Havoc(v, _) | Command::CallExtern { dst: Some(v), .. } => {
                Some(havocs.get(&eid).map_or(0, |x| value_of(*v, x)))
            }
            Command::CallExtern { dst: None, .. } => Some(0),
            Command::Load { dst, .. } => Some(loads.get(&eid).map_or(0, |x| value_of(*dst, x))),
            _ => None,
        };
        if let Some(x) = value {
            inputs.at_edges.push((u.origin[eid], x));
        }
        loc = uf.edges[eid].to;
    }
    Err("the model's path does not end".into())
}
