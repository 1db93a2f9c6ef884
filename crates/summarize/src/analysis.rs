//! Loop summaries for a whole function at once: every loop's invariant candidates are checked
//! together (Houdini), then the property is checked on the summarized function.
//!
//! The verification conditions, for invariants `I_L` at every loop header:
//! - **initiation**: on every path of the enclosing scope that enters `L`, `I_L` holds;
//! - **consecution**: from any state satisfying `I_L`, one iteration of `L`'s body (inner loops
//!   replaced by their summaries, which assume their own invariants) re-establishes `I_L`;
//! - **safety**: no assertion fails on a walk of any scope.
//!
//! Houdini starts from all candidates and drops those a model refutes (initiation or
//! consecution), all loops at once and incrementally on one solver, until the remaining
//! conjunctions satisfy both conditions everywhere. Because every loop's invariant is then
//! proven on entry in its context, its summary assumes `I_L(X)` after `havoc(Mod(L))`.

use crate::candidates::{Candidate, candidates};
use crate::encode::{Encoder, LoopAssumptions, Mode, NoAssumptions, Obligation, State};
use leapfrog_arith::Semantics;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{EdgeId, Expr, FuncId, Id, IdVec, LocId, LoopId, MemoryView, Program, VarId};
use leapfrog_smt::{Answer, QueryLimits, Satisfiability, Solver};
use std::collections::BTreeMap;
use std::time::Instant;
use z3::ast::{Bool, Int};

/// Settings of one analysis.
#[derive(Clone, Debug)]
pub struct Config {
    pub semantics: Semantics,
    pub limits: QueryLimits,
    pub deadline: Option<Instant>,
}

/// The summary of one loop.
#[derive(Clone, Debug)]
pub struct LoopSummary {
    pub id: LoopId,
    pub header: LocId,
    /// Variables the loop may modify (the summary havocs them).
    pub modified: Vec<VarId>,
    /// Memory objects the loop may modify.
    pub modified_objects: Vec<VarId>,
    /// The invariant: a conjunction of candidates.
    pub invariant: Vec<Candidate>,
    /// How many candidates were tried.
    pub candidates_tried: usize,
}

/// What the summarized function says about the assertions.
#[derive(Clone, Debug)]
pub enum SafetyResult {
    /// No assertion can fail in the summarized function.
    Safe,
    /// Some assertion can fail in the summarized function (maybe spuriously): the assertion's
    /// edge and the leaps the abstract execution took.
    Reachable {
        edge: EdgeId,
        leaps: Vec<Leap>,
    },
    Unknown(String),
}

/// One leap of an abstract counterexample over a loop summary: values of the modified
/// variables on entry and at the last header visit.
#[derive(Clone, Debug)]
pub struct Leap {
    pub l: LoopId,
    pub before: Vec<(VarId, i128)>,
    pub after: Vec<(VarId, i128)>,
}

pub struct Analysis {
    pub forest: LoopForest,
    pub loops: Vec<LoopSummary>,
    pub safety: SafetyResult,
    /// Constructs the encoding over-approximates; a TRUE must not rest on them.
    pub unsupported: Vec<String>,
    pub queries: u64,
    /// The assertions (by edge) no path of the summarized program violates, each checked
    /// alone (a path goes on past an assertion with its condition assumed, so the others hold
    /// on the way): all of them when `safety` is `Safe`; when it is `Reachable`, those whose
    /// own query said so, when [`CandidateSearch::each_assertion`] asks.
    pub safe_edges: Vec<EdgeId>,
}

impl Analysis {
    /// What an analysis that stopped before Houdini answers: no loop summary, `safety`.
    fn gave_up(forest: LoopForest, safety: SafetyResult, unsupported: Vec<String>) -> Analysis {
        Analysis { forest, loops: Vec::new(), safety, unsupported, queries: 0, safe_edges: Vec::new() }
    }
}

struct Candidates {
    cands: IdVec<LoopId, Vec<Candidate>>,
    acts: IdVec<LoopId, Vec<Bool>>,
    /// Which candidates are quantified (mention an index variable of a view).
    quantified: IdVec<LoopId, Vec<bool>>,
    /// Whether quantified candidates are assumed for every index, not only the state's own.
    with_quantifiers: bool,
}

impl LoopAssumptions for Candidates {
    /// A quantified candidate is assumed at the state's own index value and the indices the
    /// function accesses arrays at ([`Encoder::invariant_instances`]), and for every index
    /// when [`Candidates::with_quantifiers`]. Houdini's walks leave the quantifiers out: its
    /// queries must have models when a candidate fails, which quantifiers deny (the solver
    /// answers unknown, or slowly), and consecution of an array invariant needs only the
    /// instance at the index it proves (the fresh index of [`Encoder::invariant_truth`]). The
    /// safety check walks again with them ([`safe_with_quantifiers`]).
    fn assume(&self, enc: &Encoder, l: LoopId, s: &State) -> Vec<Bool> {
        self.cands[l]
            .iter()
            .zip(&self.acts[l])
            .zip(&self.quantified[l])
            .map(|((c, a), q)| {
                let holds = match (*q, self.with_quantifiers) {
                    (false, _) => enc.truth(&c.expr, s),
                    (true, false) => Bool::and(&enc.invariant_instances(&c.expr, s)),
                    (true, true) => enc.invariant_truth(&c.expr, s),
                };
                a.implies(holds)
            })
            .collect()
    }
}

/// Summarizes every loop of function `fid` (which must not call functions with bodies) and
/// checks its assertions on the summarized function.
pub fn analyze(p: &Program, fid: FuncId, cfg: &Config) -> Analysis {
    analyze_with_views(p, fid, cfg, &[])
}

/// [`analyze`] with ghost variables standing for memory cells, which templates may mention.
pub fn analyze_with_views(p: &Program, fid: FuncId, cfg: &Config, views: &[MemoryView]) -> Analysis {
    analyze_seeded(p, fid, cfg, views, &[])
}

/// [`analyze_with_views`] with more candidates: `seeds` per loop header (say, an abstract
/// interpreter's invariants), checked with the templates and never cut by the per-loop limit.
pub fn analyze_seeded(
    p: &Program,
    fid: FuncId,
    cfg: &Config,
    views: &[MemoryView],
    seeds: &[(leapfrog_ir::LocId, Candidate)],
) -> Analysis {
    analyze_candidates(p, fid, cfg, views, seeds, CandidateSearch { templates: true, each_assertion: false })
}

/// Which candidates [`analyze_candidates`] tries, and what it answers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CandidateSearch {
    /// The templates' candidates besides the seeds (without them, Houdini runs on the seeds
    /// alone: for a job that knows which invariants it needs).
    pub templates: bool,
    /// When some assertion may fail, which ones cannot, each by its own query
    /// ([`Analysis::safe_edges`]).
    pub each_assertion: bool,
}

/// [`analyze_seeded`] with the candidates and answers `search` asks for.
pub fn analyze_candidates(
    p: &Program,
    fid: FuncId,
    cfg: &Config,
    views: &[MemoryView],
    seeds: &[(leapfrog_ir::LocId, Candidate)],
    search: CandidateSearch,
) -> Analysis {
    let templates = search.templates;
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    let mut unsupported = Vec::new();
    if forest.loops.iter().any(|(_, l)| l.irreducible) {
        unsupported.push("irreducible control flow (a goto into a loop)".to_string());
        let safety = SafetyResult::Unknown("irreducible control flow".into());
        return Analysis::gave_up(forest, safety, unsupported);
    }
    // The entry states instantiate the templates (and nothing else: without templates, no
    // sampling, which on a large function costs more than the rest).
    let samples = if templates {
        entry_samples(p, f, &forest, cfg, views)
    } else {
        forest.loops.ids().map(|_| Vec::new()).collect()
    };
    let mut enc = Encoder::new(p, f, &forest, cfg.semantics).with_views(views);
    enc.deadline = cfg.deadline;
    // Houdini's queries grow with loops × candidates: with many loops, each gets fewer (the
    // templates come cheapest and most useful first).
    let per_loop = (MAX_CANDIDATES_PER_FUNCTION / forest.loops.len().max(1)).max(MIN_CANDIDATES_PER_LOOP);
    let cands: IdVec<LoopId, Vec<Candidate>> = forest
        .loops
        .ids()
        .map(|l| {
            let mut c =
                if templates { candidates(p, f, &forest, l, &samples[l], cfg.semantics, views) } else { Vec::new() };
            c.truncate(per_loop);
            let header = forest.loops[l].header;
            // A seed that multiplies variables replaces the remainder templates, as a loop that
            // multiplies does (`candidates::multiplies`).
            if seeds.iter().any(|(h, seed)| *h == header && crate::candidates::multiplies(&seed.expr)) {
                c.retain(|x| !crate::candidates::takes_remainder(&x.expr));
            }
            for (_, seed) in seeds.iter().filter(|(h, _)| *h == header) {
                if c.iter().all(|x| x.expr != seed.expr) {
                    c.push(seed.clone());
                }
            }
            c
        })
        .collect();
    let acts: IdVec<LoopId, Vec<Bool>> = forest
        .loops
        .ids()
        .map(|l| (0..cands[l].len()).map(|k| Bool::new_const(format!("act_{}_{k}", l.index()))).collect())
        .collect();
    let quantified: IdVec<LoopId, Vec<bool>> =
        cands.iter().map(|(_, cs)| cs.iter().map(|c| !enc.quantified_in(&c.expr).is_empty()).collect()).collect();
    let cs = Candidates { cands, acts, quantified, with_quantifiers: false };

    // The walks: the top level from the entry, every loop from its header.
    let Some(obligations) = walk_scopes(&enc, &forest, &cs, cfg) else {
        // Encoding every loop of a huge function can outlast the budget by itself.
        unsupported.push("invariant inference ran out of time while encoding the loops".to_string());
        let safety = SafetyResult::Unknown("time limit reached".into());
        return Analysis::gave_up(forest.clone(), safety, unsupported);
    };
    if enc.timed_out.get() {
        unsupported.push("invariant inference ran out of time while encoding the loops".to_string());
        let safety = SafetyResult::Unknown("time limit reached".into());
        return Analysis::gave_up(forest.clone(), safety, unsupported);
    }
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }

    // violation[l][k]: some initiation or consecution obligation of candidate k of loop l fails.
    let mut violation: IdVec<LoopId, Vec<Vec<Bool>>> =
        forest.loops.ids().map(|l| vec![Vec::new(); cs.cands[l].len()]).collect();
    let mut safety = Vec::new();
    for o in &obligations {
        if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
            unsupported.push("invariant inference ran out of time while encoding the candidates".to_string());
            let safety = SafetyResult::Unknown("time limit reached".into());
            return Analysis::gave_up(forest.clone(), safety, unsupported);
        }
        match o {
            Obligation::Initiation { l, guard, state } | Obligation::Consecution { l, guard, state } => {
                for (k, c) in cs.cands[*l].iter().enumerate() {
                    let holds = enc.truth(&c.expr, state);
                    violation[*l][k].push(Bool::and(&[guard.clone(), holds.not()]));
                }
            }
            Obligation::Safety { edge, guard, cond } => safety.push((*edge, Bool::and(&[guard.clone(), cond.not()]))),
        }
    }
    let root_initiation: IdVec<LoopId, Vec<Option<Bool>>> = forest
        .loops
        .iter()
        .map(|(l, lp)| {
            let entries: Vec<&Obligation> = obligations
                .iter()
                .filter(|o| lp.parent.is_none() && matches!(o, Obligation::Initiation { l: m, .. } if *m == l))
                .collect();
            cs.cands[l]
                .iter()
                .map(|c| {
                    let fails: Vec<Bool> = entries
                        .iter()
                        .filter_map(|o| match o {
                            Obligation::Initiation { guard, state, .. } => {
                                Some(Bool::and(&[guard.clone(), enc.truth(&c.expr, state).not()]))
                            }
                            _ => None,
                        })
                        .collect();
                    (!fails.is_empty()).then(|| Bool::or(&fails))
                })
                .collect()
        })
        .collect();
    let violation: IdVec<LoopId, Vec<Bool>> =
        violation.into_iter_values().map(|per| per.into_iter().map(|v| Bool::or(&v)).collect()).collect();

    let mut active: IdVec<LoopId, Vec<bool>> = forest.loops.ids().map(|l| vec![true; cs.cands[l].len()]).collect();
    refute_on_early_iterations(p, f, &forest, &cs.cands, &mut active, cfg, views);
    // Houdini one outermost loop (with its nested loops) at a time, in the order the top level
    // reaches them: a loop's obligations can only involve the invariants of loops before it, so
    // those are final when it is processed, and the queries stay small.
    let root_of = |l: LoopId| forest.outermost(l);
    let mut groups: Vec<LoopId> = Vec::new();
    for o in &obligations {
        if let Obligation::Initiation { l, .. } = o
            && forest.loops[*l].parent.is_none()
            && !groups.contains(l)
        {
            groups.push(*l);
        }
    }
    for l in forest.roots() {
        if !groups.contains(&l) {
            groups.push(l);
        }
    }
    let mut done: Vec<LoopId> = Vec::new();
    for &group in &groups {
        let members: Vec<LoopId> = forest.loops.ids().filter(|&l| root_of(l) == group).collect();
        if let Err(why) = houdini(&solver, &members, &done, &cs, &violation, &root_initiation, &mut active) {
            // Nothing is proven for this group: none of its candidates may be assumed (the
            // groups after it are checked without them, which is sound).
            for &l in &members {
                active[l].iter_mut().for_each(|a| *a = false);
            }
            let (_, span) = forest.syntax(f, group);
            unsupported.push(format!("invariant inference for the loop at line {} gave up: {why}", span.line));
        } else {
            // An equivalent, shorter invariant keeps the later groups' queries small.
            for &l in &members {
                active[l] = minimize(&enc, &cs.cands[l], &active[l], cfg);
            }
        }
        done.extend(members);
    }

    let assumptions: Vec<Bool> = forest
        .loops
        .ids()
        .flat_map(|l| {
            active[l].iter().zip(&cs.acts[l]).filter(|(on, _)| **on).map(|(_, a)| a.clone()).collect::<Vec<_>>()
        })
        .collect();
    let mut safety_result = if safety.is_empty() {
        SafetyResult::Safe
    } else {
        solver.push();
        solver.assert(&Bool::or(&safety.iter().map(|(_, b)| b.clone()).collect::<Vec<_>>()));
        let r = match solver.check(&assumptions) {
            Answer::Unsat => SafetyResult::Safe,
            Answer::Unknown(why) => SafetyResult::Unknown(why),
            Answer::Sat(model) => {
                let truth = |b: &Bool| model.eval(b, true).and_then(|x| x.as_bool()) == Some(true);
                let edge = safety.iter().find(|(_, b)| truth(b)).map(|(e, _)| *e).unwrap_or(safety[0].0);
                let eval_vars = |s: &State, vars: &[VarId]| -> Vec<(VarId, i128)> {
                    vars.iter()
                        .filter_map(|v| {
                            let val = s.regs.get(v)?;
                            let i = enc.arith.to_math(
                                val,
                                p.vars[*v].ty.reg().and_then(|t| t.as_int()).is_none_or(|t| t.is_signed()),
                            );
                            Some((*v, model.eval(&i, true)?.as_i128()?))
                        })
                        .collect()
                };
                let mut leaps = Vec::new();
                for (l, guard, before, after) in enc.leaps.borrow().iter() {
                    if truth(guard) {
                        let mods: Vec<VarId> = enc.mods[*l].regs.iter().copied().collect();
                        leaps.push(Leap { l: *l, before: eval_vars(before, &mods), after: eval_vars(after, &mods) });
                    }
                }
                SafetyResult::Reachable { edge, leaps }
            }
        };
        solver.pop();
        r
    };
    // The instances of the quantified candidates may not suffice: then the safety check with
    // them for every index.
    let any_quantified = forest.loops.ids().any(|l| active[l].iter().zip(&cs.quantified[l]).any(|(on, q)| *on && *q));
    if any_quantified
        && !matches!(safety_result, SafetyResult::Safe)
        && safe_with_quantifiers(&enc, &forest, &cs, &active, cfg)
    {
        safety_result = SafetyResult::Safe;
    }
    let safe_edges = match &safety_result {
        SafetyResult::Safe => safety.iter().map(|(e, _)| *e).collect(),
        SafetyResult::Reachable { .. } if search.each_assertion => {
            let mut safe = Vec::new();
            for (e, violated) in &safety {
                if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
                    break;
                }
                solver.push();
                solver.assert(violated);
                if matches!(solver.check(&assumptions), Answer::Unsat) {
                    safe.push(*e);
                }
                solver.pop();
            }
            safe
        }
        _ => Vec::new(),
    };

    let loops = forest
        .loops
        .iter()
        .map(|(l, lp)| LoopSummary {
            id: l,
            header: lp.header,
            modified: enc.mods[l].regs.iter().copied().collect(),
            modified_objects: enc.mods[l].objects.iter().copied().collect(),
            invariant: cs.cands[l].iter().zip(&active[l]).filter(|(_, on)| **on).map(|(c, _)| c.clone()).collect(),
            candidates_tried: cs.cands[l].len(),
        })
        .collect();
    unsupported.extend(enc.unsupported.borrow().iter().cloned());
    let queries = solver.queries();
    Analysis { forest, loops, safety: safety_result, unsupported, queries, safe_edges }
}

/// The obligations of every scope: the top level walked from the entry, every loop from its
/// header in an arbitrary state satisfying its candidates; `None` when the deadline passes.
fn walk_scopes(enc: &Encoder, forest: &LoopForest, cs: &Candidates, cfg: &Config) -> Option<Vec<Obligation>> {
    let mut obligations = Vec::new();
    let start = enc.fresh_state();
    enc.walk(None, enc.f.entry, Bool::from_bool(true), start, Mode::Check, cs, &mut obligations);
    for (l, lp) in forest.loops.iter() {
        if cfg.deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        // An arbitrary state satisfying the invariant; like every assumption, it is part of the
        // paths' guards, so that an inconsistent set of candidates cannot make the whole
        // solver inconsistent.
        let s = enc.fresh_state();
        let start_guard = Bool::and(&cs.assume(enc, l, &s));
        let (backs, _) = enc.walk(Some(l), lp.header, start_guard, s, Mode::Check, cs, &mut obligations);
        for b in backs {
            obligations.push(Obligation::Consecution { l, guard: b.guard, state: b.state });
        }
    }
    Some(obligations)
}

/// Whether no assertion fails once the kept candidates (`active`) are assumed with their
/// quantified ones for every index: the walks again, with those assumptions alone, on a solver
/// of their own, for at most [`QUANTIFIED_SAFETY_LIMIT`].
fn safe_with_quantifiers(
    enc: &Encoder,
    forest: &LoopForest,
    cs: &Candidates,
    active: &IdVec<LoopId, Vec<bool>>,
    cfg: &Config,
) -> bool {
    let keep = |l: LoopId| -> Vec<usize> { (0..cs.cands[l].len()).filter(|&k| active[l][k]).collect() };
    let kept = Candidates {
        cands: forest.loops.ids().map(|l| keep(l).into_iter().map(|k| cs.cands[l][k].clone()).collect()).collect(),
        acts: forest.loops.ids().map(|l| keep(l).into_iter().map(|_| Bool::from_bool(true)).collect()).collect(),
        quantified: forest.loops.ids().map(|l| keep(l).into_iter().map(|k| cs.quantified[l][k]).collect()).collect(),
        with_quantifiers: true,
    };
    // What the walks record for counterexamples stays that of the first walks.
    let leaps = enc.leaps.borrow().len();
    let records = (enc.havocs.borrow().clone(), enc.loads.borrow().clone(), enc.taken.borrow().clone());
    let walked = walk_scopes(enc, forest, &kept, cfg);
    enc.leaps.borrow_mut().truncate(leaps);
    (*enc.havocs.borrow_mut(), *enc.loads.borrow_mut(), *enc.taken.borrow_mut()) = records;
    let Some(obligations) = walked else { return false };
    let fails: Vec<Bool> = obligations
        .iter()
        .filter_map(|o| match o {
            Obligation::Safety { guard, cond, .. } => Some(Bool::and(&[guard.clone(), cond.not()])),
            _ => None,
        })
        .collect();
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    solver.assert(&Bool::or(&fails));
    matches!(solver.satisfiability_within(&[], QUANTIFIED_SAFETY_LIMIT), Satisfiability::Unsat)
}

/// Up to [`SAMPLES`] states in which each outermost loop can be entered (the values of the
/// integer variables), from models of the function's top level with loops summarized by havoc
/// alone. Templates instantiate equalities with the first (`x + 2*y == 41`: the value a linear
/// form has on entry stays invariant if the loop preserves it), and candidates false in any of
/// them are dropped before the solver sees them.
pub fn entry_samples(
    p: &Program,
    f: &leapfrog_ir::Function,
    forest: &LoopForest,
    cfg: &Config,
    views: &[MemoryView],
) -> IdVec<LoopId, Vec<BTreeMap<VarId, i128>>> {
    let mut out: IdVec<LoopId, Vec<BTreeMap<VarId, i128>>> = forest.loops.ids().map(|_| Vec::new()).collect();
    if forest.loops.is_empty() {
        return out;
    }
    let enc = Encoder::new(p, f, forest, cfg.semantics).with_views(views);
    let mut obligations = Vec::new();
    enc.walk(None, f.entry, Bool::from_bool(true), enc.fresh_state(), Mode::Check, &NoAssumptions, &mut obligations);
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    for o in &obligations {
        let Obligation::Initiation { l, guard, state } = o else { continue };
        if !out[*l].is_empty() {
            continue;
        }
        let ints: Vec<(VarId, Int)> = state
            .regs
            .keys()
            .filter_map(|v| {
                let t = p.vars[*v].ty.reg().and_then(|t| t.as_int())?;
                // Through `eval`, so that a memory view reads its cell.
                Some((*v, enc.arith.to_math(&enc.eval(&Expr::Var(*v), state), t.is_signed())))
            })
            .collect();
        solver.push();
        for _ in 0..SAMPLES {
            let Answer::Sat(model) = solver.check(std::slice::from_ref(guard)) else { break };
            let mut values = BTreeMap::new();
            let mut differ = Vec::new();
            for (v, x) in &ints {
                if let Some(n) = model.eval(x, true).and_then(|x| x.as_i128()) {
                    values.insert(*v, n);
                    differ.push(x.eq(Int::from_i128(n)).not());
                }
            }
            out[*l].push(values);
            solver.assert(&Bool::or(&differ));
        }
        solver.pop();
    }
    out
}

/// How long the safety check may take with quantified invariants for every index before it
/// goes on with their instances alone.
const QUANTIFIED_SAFETY_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

const MAX_CANDIDATES_PER_FUNCTION: usize = 2500;
const MIN_CANDIDATES_PER_LOOP: usize = 250;

/// How many entry states are sampled per loop.
const SAMPLES: usize = 4;

/// The active candidates minus those the remaining ones imply (in any state), dropping the most
/// complex first: an equivalent invariant that is shorter to read and to check.
fn minimize(enc: &Encoder, cands: &[Candidate], active: &[bool], cfg: &Config) -> Vec<bool> {
    let mut keep = active.to_vec();
    let count = keep.iter().filter(|k| **k).count();
    if count < 2 {
        return keep;
    }
    let s = enc.fresh_state();
    let terms: Vec<Bool> = cands.iter().map(|c| enc.truth(&c.expr, &s)).collect();
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    let mut order: Vec<usize> = (0..cands.len()).filter(|&k| keep[k]).collect();
    order.sort_by_key(|&k| std::cmp::Reverse((cands[k].text.len(), k)));
    for k in order {
        keep[k] = false;
        let others: Vec<Bool> = (0..cands.len()).filter(|&j| keep[j]).map(|j| terms[j].clone()).collect();
        solver.push();
        solver.assert(&Bool::and(&others));
        solver.assert(&terms[k].not());
        let implied = solver.proves_unsat(&[]);
        solver.pop();
        if !implied {
            keep[k] = true;
        }
    }
    keep
}

/// How many iterations per loop the cheap pre-filter follows from the entry, and the largest
/// unwound function it builds.
const EARLY_ITERATIONS: u32 = 5;
const EARLY_MAX_LOCS: usize = 4000;

/// Drops candidates that fail in a state reachable within the first [`EARLY_ITERATIONS`]
/// iterations of every loop: queries on the unwound function are small (no invariants assumed),
/// and they refute most wrong candidates before the expensive Houdini rounds.
fn refute_on_early_iterations(
    p: &Program,
    f: &leapfrog_ir::Function,
    forest: &LoopForest,
    cands: &IdVec<LoopId, Vec<Candidate>>,
    active: &mut IdVec<LoopId, Vec<bool>>,
    cfg: &Config,
    views: &[MemoryView],
) {
    let Some(u) = crate::unroll::unroll(f, forest, EARLY_ITERATIONS, EARLY_MAX_LOCS) else { return };
    let uforest = LoopForest::compute(&u.func);
    let enc = Encoder::new(p, &u.func, &uforest, cfg.semantics).with_views(views);
    *enc.visits.borrow_mut() = Some(BTreeMap::new());
    let mut sink = Vec::new();
    enc.walk(None, u.func.entry, Bool::from_bool(true), enc.fresh_state(), Mode::Exit, &NoAssumptions, &mut sink);
    let visits = enc.visits.borrow_mut().take().unwrap_or_default();
    let header_loop: BTreeMap<LocId, LoopId> = forest.loops.iter().map(|(l, lp)| (lp.header, l)).collect();
    // fails[l][k]: candidate k of loop l is false at some visited copy of l's header.
    let mut fails: IdVec<LoopId, Vec<Vec<Bool>>> =
        forest.loops.ids().map(|l| vec![Vec::new(); cands[l].len()]).collect();
    for (loc, (guard, state)) in &visits {
        let Some(orig) = u.loc_origin[*loc] else { continue };
        let Some(&l) = header_loop.get(&orig) else { continue };
        for (k, c) in cands[l].iter().enumerate() {
            fails[l][k].push(Bool::and(&[guard.clone(), enc.truth(&c.expr, state).not()]));
        }
    }
    let fails: IdVec<LoopId, Vec<Option<Bool>>> = fails
        .into_iter_values()
        .map(|per| per.into_iter().map(|v| (!v.is_empty()).then(|| Bool::or(&v))).collect())
        .collect();
    let solver = Solver::new(cfg.limits, cfg.deadline);
    for fact in enc.facts.borrow().iter() {
        solver.assert(fact);
    }
    loop {
        let disj: Vec<Bool> = forest
            .loops
            .ids()
            .flat_map(|l| {
                (0..cands[l].len()).filter(|&k| active[l][k]).filter_map(|k| fails[l][k].clone()).collect::<Vec<_>>()
            })
            .collect();
        if disj.is_empty() {
            return;
        }
        solver.push();
        solver.assert(&Bool::or(&disj));
        let answer = solver.check(&[]);
        solver.pop();
        let Answer::Sat(model) = answer else { return };
        let mut dropped = 0;
        for l in forest.loops.ids() {
            for k in 0..cands[l].len() {
                if active[l][k]
                    && let Some(fail) = &fails[l][k]
                    && model.eval(fail, true).and_then(|b| b.as_bool()) != Some(false)
                {
                    active[l][k] = false;
                    dropped += 1;
                }
            }
        }
        if dropped == 0 {
            return;
        }
    }
}

/// Houdini for the loops `members`, with the (final) invariants of the loops `done` assumed:
/// drops refuted candidates of `members` until their obligations hold. Initiation of the
/// outermost loop first (those queries involve no loop body and refute many candidates
/// cheaply), then all obligations together.
fn houdini(
    solver: &Solver,
    members: &[LoopId],
    done: &[LoopId],
    cs: &Candidates,
    violation: &IdVec<LoopId, Vec<Bool>>,
    root_initiation: &IdVec<LoopId, Vec<Option<Bool>>>,
    active: &mut IdVec<LoopId, Vec<bool>>,
) -> Result<(), String> {
    let mut initial_only = true;
    loop {
        let mut disj = Vec::new();
        let mut assumptions = Vec::new();
        for &l in done {
            assumptions.extend(active[l].iter().zip(&cs.acts[l]).filter(|(on, _)| **on).map(|(_, a)| a.clone()));
        }
        for &l in members {
            for (k, on) in active[l].iter().enumerate() {
                if *on {
                    let v = if initial_only { root_initiation[l][k].as_ref() } else { Some(&violation[l][k]) };
                    if let Some(v) = v {
                        disj.push(v.clone());
                    }
                    assumptions.push(cs.acts[l][k].clone());
                }
            }
        }
        if disj.is_empty() {
            if initial_only {
                initial_only = false;
                continue;
            }
            return Ok(());
        }
        solver.push();
        solver.assert(&Bool::or(&disj));
        let answer = solver.check(&assumptions);
        solver.pop();
        match answer {
            Answer::Unsat if initial_only => initial_only = false,
            Answer::Unsat => return Ok(()),
            Answer::Unknown(why) => {
                // Quantified candidates can leave the solver without an answer: without them
                // (dropping candidates is always sound), the search goes on.
                let mut dropped = 0;
                for &l in members {
                    for k in 0..active[l].len() {
                        if active[l][k] && cs.quantified[l][k] {
                            active[l][k] = false;
                            dropped += 1;
                        }
                    }
                }
                if dropped == 0 {
                    return Err(why);
                }
            }
            Answer::Sat(model) => {
                let mut dropped = 0;
                for &l in members {
                    for k in 0..active[l].len() {
                        if active[l][k] && model.eval(&violation[l][k], true).and_then(|b| b.as_bool()) != Some(false) {
                            active[l][k] = false;
                            dropped += 1;
                        }
                    }
                }
                if dropped == 0 {
                    return Err("a refuting model refuted no candidate".into());
                }
            }
        }
    }
}
