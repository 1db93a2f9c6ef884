//! Bounded model checking of the real loops: concrete inputs for an assertion failure within
//! `k` iterations of every loop, read off a model of the unwound function's encoding along the
//! one path the model takes, in the order the interpreter consumes inputs.

use crate::analysis::Config;
use crate::encode::{Encoder, Mode, NoAssumptions, Obligation, State};
use crate::unroll::unroll;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::{ObjType, Type, VarTy};
use leapfrog_ir::{Command, EdgeId, FuncId, Function, LocId, Program, VarId};
use leapfrog_smt::{Answer, Solver};
use std::collections::HashMap;
use z3::Model;
use z3::ast::{Bool, Int};

/// Inputs that (according to the encoding) make an assertion fail.
#[derive(Clone, Debug)]
pub struct Inputs {
    /// The input stream for the interpreter (`UninitMode::Nondet`).
    pub values: Vec<i128>,
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
    enc.walk(None, uf.entry, Bool::from_bool(true), enc.fresh_state(), Mode::Check, &NoAssumptions, &mut obligations);
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
    let stop = |loc: LocId| failures.iter().find(|(e, b)| uf.edges[*e].from == loc && is_true(b)).map(|(e, _)| *e);
    match follow(p, uf, &enc, &model, |loc| stop(loc).is_some()) {
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
    /// The input stream up to the visit (`UninitMode::Nondet`).
    pub inputs: Vec<i128>,
    /// The integer and boolean registers at the visit.
    pub state: HashMap<VarId, i128>,
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
    *enc.visits.borrow_mut() = Some(HashMap::new());
    let mut obligations = Vec::new();
    enc.walk(None, uf.entry, Bool::from_bool(true), enc.fresh_state(), Mode::Check, &NoAssumptions, &mut obligations);
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
    let (inputs, loc) = match follow(p, uf, &enc, &model, |loc| hit(loc).is_some()) {
        Ok(found) => found,
        Err(why) => return ReachResult::Unknown(why),
    };
    let (_, _, s) = hit(loc).expect("the walk stopped at a wanted visit");
    let mut state = HashMap::new();
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

/// Follows the model's path through the unwound function `uf` from its entry, collecting the
/// inputs the interpreter would consume, until `stop` holds at a location: the inputs and that
/// location.
fn follow(
    p: &Program,
    uf: &Function,
    enc: &Encoder,
    model: &Model,
    stop: impl Fn(LocId) -> bool,
) -> Result<(Vec<i128>, LocId), String> {
    let is_true = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true);
    let int_of = |i: &Int| model.eval(i, true).and_then(|x| x.as_i128());
    let succs = uf.successors();
    let taken = enc.taken.borrow();
    let havocs = enc.havocs.borrow();
    let uninit = enc.uninit_objects.borrow();
    let mut values = Vec::new();
    let mut loc = uf.entry;
    for _ in 0..uf.edges.len() + 1 {
        if stop(loc) {
            return Ok((values, loc));
        }
        let Some(&eid) = succs[loc].iter().find(|e| taken.get(e).is_some_and(is_true)) else {
            return Err("the model's path could not be followed".into());
        };
        match &uf.edges[eid].cmd {
            Command::Havoc(v, _) | Command::CallExtern { dst: Some(v), .. } => {
                let ty = p.vars[*v].ty.reg();
                let signed = ty.and_then(Type::as_int).is_none_or(|t| t.is_signed());
                let val = match havocs.get(&eid) {
                    Some(x) => int_of(&enc.arith.to_math(x, signed)).unwrap_or(0),
                    None => 0,
                };
                values.push(val);
            }
            Command::CallExtern { dst: None, .. } => values.push(0),
            Command::InitObject { var, fill: leapfrog_ir::Fill::Uninit, len } => {
                let VarTy::Mem(obj) = &p.vars[*var].ty else { continue };
                if len.is_some() {
                    return Err("an uninitialized variable-length array on the path".into());
                }
                let Some(count) = scalar_leaves(obj, p) else {
                    return Err("an uninitialized object of mixed types on the path".into());
                };
                match uninit.get(&eid) {
                    Some((_, arr)) => {
                        let signed = match enc.mem.cell.get(var) {
                            Some(Type::Int(t)) => t.is_signed(),
                            _ => true,
                        };
                        for i in 0..count {
                            let cell = arr.select(&Int::from_u64(i));
                            let v = enc
                                .arith
                                .from_dynamic(&cell, enc.mem.cell[var])
                                .and_then(|x| int_of(&enc.arith.to_math(&x, signed)))
                                .unwrap_or(0);
                            values.push(v);
                        }
                    }
                    None => values.extend(std::iter::repeat_n(0, count as usize)),
                }
            }
            _ => {}
        }
        loc = uf.edges[eid].to;
    }
    Err("the model's path does not end".into())
}

/// The number of scalar leaves of an object of uniform element type.
fn scalar_leaves(t: &ObjType, p: &Program) -> Option<u64> {
    let size = t.size(p.data_model);
    let leaf = match t {
        ObjType::Scalar(s) => *s,
        _ => {
            fn first(t: &ObjType) -> Option<Type> {
                match t {
                    ObjType::Scalar(s) => Some(*s),
                    ObjType::Array { elem, .. } => first(elem),
                    ObjType::Record { fields, .. } => fields.first().and_then(|f| first(&f.ty)),
                    ObjType::Opaque { .. } => None,
                }
            }
            first(t)?
        }
    };
    let leaf_size = leaf.bytes(p.data_model).max(1);
    Some(size / leaf_size)
}
