//! Loops crossed by their disjunctive summaries, for concrete counterexamples (proteus-tse19
//! §7.2: a property after a loop is checked per trace).
//!
//! A loop that Proteus summarizes (`leapfrog-proteus`) is crossed in one leap: its modified
//! variables are havocked and related to their values at loop entry by the disjunction of its
//! trace summaries (each trace: its conditions over the entry values and fresh state counters,
//! and each variable's exit value as a polynomial in them), together with the loop's proven
//! invariants. A model of an assertion failure on that encoding gives the entry values (hence
//! the program's inputs) and the counters: how many iterations each path of the trace runs. This
//! reaches failures behind a million iterations, where unwinding cannot.
//!
//! A property inside a loop is reachability in its automaton (§7.2): [`failures_as_exits`] turns
//! each assertion inside a loop into a branch out of it, so that a failing iteration is an exit
//! path of the loop — a trace that ends by it is the executions that fail there, and the leap
//! gives the counters of the iterations before.
//!
//! Nothing here is trusted. The model's inputs are replayed in the interpreter, and only a replay
//! that fails an assertion is a FALSE; a summary that is wrong, or a trace the encoding cannot
//! state, only loses that counterexample.

use leapfrog_arith::Semantics;
use leapfrog_ir::Command;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Expr, FuncId, IdVec, LocId, LoopId, Program, VarId};
use leapfrog_proteus::classify::automaton;
use leapfrog_proteus::pda::StateKind;
use leapfrog_proteus::poly::Atom;
use leapfrog_proteus::summary::{Summary, TraceSummary, summarize};
use leapfrog_smt::z3::ast::{Bool, Int};
use leapfrog_summarize::analysis::LoopSummary;
use leapfrog_summarize::encode::{Encoder, LoopAssumptions, State};
use std::cell::Cell;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// At most this long for one loop's summary.
const LOOP_BUDGET: Duration = Duration::from_millis(500);

/// One trace of a loop, with the variables its exit path changes (their exit value is not their
/// value at the last header visit, where the leap relates them).
struct Trace {
    summary: TraceSummary,
    changed_on_exit: BTreeSet<VarId>,
}

/// The loops of one function crossed by their invariants and, where Proteus summarizes them,
/// the disjunction of their traces.
pub struct TraceLeaps {
    invariants: IdVec<LoopId, Vec<Expr>>,
    traces: IdVec<LoopId, Option<Vec<Trace>>>,
    /// Numbers the counters of each leap (a loop entered twice gets fresh ones).
    fresh: Cell<usize>,
}

impl TraceLeaps {
    /// The summaries of `fid`'s loops (`forest`, with the invariants of `loops`), each within
    /// [`LOOP_BUDGET`] and all before `deadline`. The paths' conditions are strengthened with
    /// the invariants and with `facts` (more invariants, per header): a wrap-around case they
    /// exclude is no path, and its automaton no cycle.
    pub fn new(
        p: &Program,
        fid: FuncId,
        forest: &LoopForest,
        loops: &[LoopSummary],
        facts: &[(LocId, Expr)],
        semantics: Semantics,
        deadline: Instant,
    ) -> TraceLeaps {
        let f = &p.funcs[fid];
        let mut invariants: IdVec<LoopId, Vec<Expr>> = forest.loops.ids().map(|_| Vec::new()).collect();
        for l in loops {
            invariants[l.id] = l.invariant.iter().map(|c| c.expr.clone()).collect();
        }
        let by_header: Vec<(LocId, Expr)> = loops
            .iter()
            .flat_map(|l| l.invariant.iter().map(|c| (l.header, c.expr.clone())))
            .chain(facts.iter().cloned())
            .collect();
        let inner = leapfrog_proteus::nest::InnerSummaries::default();
        let traces = forest
            .loops
            .ids()
            .map(|l| {
                let loop_deadline = deadline.min(Instant::now() + LOOP_BUDGET);
                if Instant::now() >= loop_deadline {
                    return None;
                }
                let (paths, pda) = automaton(p, f, forest, l, &by_header, semantics, &inner, loop_deadline).ok()?;
                let Summary::Traces(traces) = summarize(&paths, &pda, loop_deadline) else { return None };
                let traces: Vec<Trace> = traces
                    .into_iter()
                    .filter_map(|summary| {
                        let last = *summary.states.last()?;
                        let StateKind::Exit(i) = pda.states.get(last)?.kind else { return None };
                        let changed_on_exit =
                            paths.exits.get(i)?.1.post.keys().filter_map(|s| paths.var_of(*s)).collect();
                        Some(Trace { summary, changed_on_exit })
                    })
                    .collect();
                (!traces.is_empty()).then_some(traces)
            })
            .collect();
        TraceLeaps { invariants, traces, fresh: Cell::new(0) }
    }

    /// How many loops have a disjunctive summary.
    pub fn summarized(&self) -> usize {
        self.traces.iter().filter(|(_, t)| t.is_some()).count()
    }

    /// The trace's disjunct over the `entry` and `header` states, with fresh counters; `None`
    /// when it mentions a variable the states do not hold.
    fn disjunct(&self, enc: &Encoder, t: &Trace, entry: &State, header: &State) -> Option<Bool> {
        let leap = self.fresh.get();
        self.fresh.set(leap + 1);
        let counters: Vec<Int> =
            (0..t.summary.counters).map(|i| Int::new_const(format!("trace_leap{leap}_k{i}"))).collect();
        let missing = Cell::new(false);
        let atom = |a: Atom| match a {
            Atom::Var(v) => math(enc, v, entry).unwrap_or_else(|| {
                missing.set(true);
                Int::from_i64(0)
            }),
            Atom::Counter(i) => counters.get(i).cloned().unwrap_or_else(|| {
                missing.set(true);
                Int::from_i64(0)
            }),
        };
        let mut conj: Vec<Bool> = counters.iter().map(|k| k.ge(Int::from_i64(0))).collect();
        conj.extend(t.summary.conditions.iter().map(|c| c.smt(&atom)));
        for (v, value) in &t.summary.exit {
            let Some(value) = value else { continue };
            if t.changed_on_exit.contains(v) {
                continue;
            }
            let Some(now) = math(enc, *v, header) else { continue };
            let (scaled, d) = value.smt_scaled(&atom);
            let d: Int = d.to_integer().to_string().parse().ok()?;
            conj.push((d * now).eq(&scaled));
        }
        (!missing.get()).then(|| Bool::and(&conj))
    }
}

impl LoopAssumptions for TraceLeaps {
    fn assume(&self, enc: &Encoder, l: LoopId, s: &State) -> Vec<Bool> {
        self.invariants[l].iter().map(|e| enc.truth(e, s)).collect()
    }

    fn relate(&self, enc: &Encoder, l: LoopId, entry: &State, header: &State) -> Vec<Bool> {
        let Some(traces) = &self.traces[l] else { return Vec::new() };
        let disjuncts: Option<Vec<Bool>> = traces.iter().map(|t| self.disjunct(enc, t, entry, header)).collect();
        // A trace left out would make the leap miss executions: all or nothing.
        match disjuncts {
            Some(d) => vec![Bool::or(&d)],
            None => Vec::new(),
        }
    }
}

/// `q` with every assertion inside a loop of `fid` (an `assert` edge from and to locations of
/// the loop) turned into a branch: the edge only assumes its condition, and a new edge from the
/// same location assumes its negation and leads, out of the loop, to the same assertion failing.
/// What an execution does, and where it fails, is unchanged; the ids of locations and edges are
/// kept (new ones come after). `None` when no loop has such an assertion.
pub fn failures_as_exits(q: &Program, fid: FuncId, forest: &LoopForest) -> Option<Program> {
    let f = &q.funcs[fid];
    let inside: Vec<leapfrog_ir::EdgeId> = f
        .edges
        .iter()
        .filter(|(_, e)| {
            matches!(e.cmd, Command::Assert { .. })
                && forest.innermost.get(e.from).copied().flatten().is_some_and(|l| forest.loops[l].contains(e.to))
        })
        .map(|(id, _)| id)
        .collect();
    if inside.is_empty() {
        return None;
    }
    let mut out = q.clone();
    let g = &mut out.funcs[fid];
    for id in inside {
        let Command::Assert { cond, origin } = g.edges[id].cmd.clone() else { continue };
        let (from, span) = (g.edges[id].from, g.edges[id].span);
        g.edges[id].cmd = Command::Assume(cond.clone());
        let failing = g.add_loc();
        g.add_edge(from, failing, Command::Assume(Expr::not(cond)), span);
        let halt = g.halt;
        g.add_edge(failing, halt, Command::Assert { cond: Expr::Bool(false), origin }, span);
    }
    Some(out)
}

/// The value of the integer or boolean variable `v` in `s` as a mathematical integer.
fn math(enc: &Encoder, v: VarId, s: &State) -> Option<Int> {
    let signed = match enc.p.vars[v].ty.reg()? {
        Type::Int(t) => t.is_signed(),
        Type::Bool => false,
        _ => return None,
    };
    Some(enc.arith.to_math(s.regs.get(&v)?, signed))
}
