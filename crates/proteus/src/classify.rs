//! The loop classification of proteus-tse19 Table 1.
//!
//! | | IV conditions only | some NIV condition |
//! |---|---|---|
//! | sequential or periodic | Type 1 | Type 3 |
//! | irregular | Type 2 | Type 4 |
//!
//! A path condition is an *IV condition* when its expression changes monotonically (or not at
//! all) over consecutive executions of its path: a combination of the path's closed forms of
//! degree at most one in `n`, with no value the path does not determine. The interleaving comes
//! from the path dependency automaton: no cycle is *sequential*; cycles whose passages run each
//! path a fixed number of times are *periodic* ([`Pda::cycles_are_periodic`]), and so are cycles
//! whose counts are IVs or that share states but run one after the other, as the summary's walk
//! finds within a short budget ([`crate::summary::cycles_run_in_order`], Algorithms 3–4);
//! otherwise *irregular*. A loop the paths cannot describe is *unsupported*, with the reason.

use crate::induction::PathInduction;
use crate::nest::InnerSummaries;
use crate::pda::{Pda, StateKind};
use crate::sequence::Sequence;
use leapfrog_arith::Semantics;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Expr, Function, LocId, LoopId, Program, Type};
use leapfrog_linear::rational;
use leapfrog_paths::linear::Row;
use leapfrog_paths::{Extractor, LinPath, LoopPaths, range_rows};
use std::collections::BTreeSet;
use std::time::Instant;

/// At most this many states in an automaton (the transitions are checked pairwise).
pub const MAX_STATES: usize = 40;

/// How the paths of a loop interleave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interleaving {
    Sequential,
    Periodic,
    Irregular,
}

impl Interleaving {
    pub fn name(self) -> &'static str {
        match self {
            Interleaving::Sequential => "sequential",
            Interleaving::Periodic => "periodic",
            Interleaving::Irregular => "irregular",
        }
    }
}

/// A classified loop.
#[derive(Clone, Debug)]
pub struct Classified {
    pub paths: LoopPaths,
    pub pda: Pda,
    /// The loop type, 1 to 4.
    pub loop_type: u8,
    pub interleaving: Interleaving,
    /// The conditions that are not IV conditions: (iteration path, its row; `None` for a
    /// condition the path could not write as a constraint, say over an array's contents).
    pub niv_conditions: Vec<(usize, Option<Row>)>,
    /// Whether the loop contains loops (their paths split by the inner loops' summaries where
    /// those exist, [`crate::nest`]; otherwise crossed by their invariants, what they change a
    /// non-induction value).
    pub nested: bool,
    /// The variables of interest the loop was sliced by, and how many statements and branches
    /// the slice left out (`None`: not sliced).
    pub slice: Option<(BTreeSet<leapfrog_ir::VarId>, usize)>,
}

/// The classification of one loop.
#[derive(Clone, Debug)]
pub enum Classification {
    Classified(Box<Classified>),
    Unsupported(String),
}

/// Classifies loop `l` of `f`, first sliced by its exit conditions' variables when `slice` is
/// set (§4.1: the type depends on nothing else).
#[allow(clippy::too_many_arguments)]
pub fn classify(
    p: &Program,
    f: &Function,
    forest: &LoopForest,
    l: LoopId,
    semantics: Semantics,
    slice: bool,
    inner: &InnerSummaries,
    deadline: Instant,
) -> Classification {
    let sliced = if slice { crate::slice::slice(p, f, forest, l) } else { None };
    let body = sliced.as_ref().map_or(f, |s| &s.function);
    let (paths, pda) = match automaton(p, body, forest, l, &[], semantics, inner, deadline) {
        Ok(built) => built,
        Err(why) => return Classification::Unsupported(why),
    };
    let niv_conditions = niv_conditions(&paths, &pda);
    let interleaving = match pda.cycles_are_periodic(&paths, deadline) {
        None => Interleaving::Sequential,
        Some(true) => Interleaving::Periodic,
        // Counts that change from passage to passage as IVs do (Fig. 13 with a growing bound,
        // Fig. 2(c)'s inner part), or connected cycles run one after the other: the summary's
        // walk tells, within a short budget.
        Some(false) => {
            let budget = deadline.min(Instant::now() + ORDER_BUDGET);
            if crate::summary::cycles_run_in_order(&paths, &pda, budget) {
                Interleaving::Periodic
            } else {
                Interleaving::Irregular
            }
        }
    };
    let loop_type = match (niv_conditions.is_empty(), interleaving == Interleaving::Irregular) {
        (true, false) => 1,
        (true, true) => 2,
        (false, false) => 3,
        (false, true) => 4,
    };
    let nested = contains_loops(forest, l);
    let slice = sliced.map(|s| (s.interest, s.dropped));
    Classification::Classified(Box::new(Classified {
        paths,
        pda,
        loop_type,
        interleaving,
        niv_conditions,
        nested,
        slice,
    }))
}

/// The most time the check that a loop's cycles run in order takes ([`classify`]). The walk
/// takes about 130 ms on Fig. 2(c)'s loop alone: the budget leaves room for a loaded machine,
/// where a shorter one turned the same loop irregular.
const ORDER_BUDGET: std::time::Duration = std::time::Duration::from_millis(1000);

/// The most time the enumeration of one loop's paths takes.
const EXTRACTION_BUDGET: std::time::Duration = std::time::Duration::from_millis(300);

/// The paths (with exits) of loop `l` of `f` and their path dependency automaton, or why the
/// loop is unsupported. `invariants` (per location, as `leapfrog_paths::Extractor` takes them)
/// strengthen the paths' conditions: a wrap-around case they exclude is no path. The paths
/// that cross inner loops are split by the inner loops' summaries ([`crate::nest`]), taken from
/// `inner` or computed the same way (with `f`, `invariants` and `semantics`: one `inner` per
/// function and invariants) and kept there.
#[allow(clippy::too_many_arguments)]
pub fn automaton(
    p: &Program,
    f: &Function,
    forest: &LoopForest,
    l: LoopId,
    invariants: &[(LocId, Expr)],
    semantics: Semantics,
    inner: &InnerSummaries,
    deadline: Instant,
) -> Result<(LoopPaths, Pda), String> {
    if let Some(why) = unsupported_construct(p, f, forest, l) {
        return Err(why);
    }
    // A loop whose paths take longer to enumerate has more than the automaton can hold (in
    // real code: wrap-around cases of unrolled unsigned sums, `adler32`'s sixteen adds).
    let extract = |crossings: bool| {
        let extraction_deadline = deadline.min(Instant::now() + EXTRACTION_BUDGET);
        let extractor = Extractor::new(p, f, forest, l, invariants, semantics, extraction_deadline)
            .with_exits()
            .with_opaque_calls()
            .with_max_paths(MAX_STATES);
        let extractor = if crossings { extractor.with_crossings() } else { extractor };
        extractor.extract().map_err(|why| {
            if Instant::now() >= extraction_deadline && Instant::now() < deadline {
                format!("too many paths (their enumeration took more than {} ms)", EXTRACTION_BUDGET.as_millis())
            } else {
                why
            }
        })
    };
    let nested = contains_loops(forest, l);
    // Each inner loop crossed is summarized first (the same way, its own inner loops first),
    // and splits the paths that cross it.
    let mut split = None;
    if nested {
        let mut summary_of = |d: LoopId| -> Option<Vec<crate::summary::TraceSummary>> {
            inner.get_or_compute(d, || {
                let (inner_paths, inner_pda) =
                    automaton(p, f, forest, d, invariants, semantics, inner, deadline).ok()?;
                match crate::summary::summarize(&inner_paths, &inner_pda, deadline) {
                    crate::summary::Summary::Traces(traces) => Some(traces),
                    crate::summary::Summary::NotSummarized(_) => None,
                }
            })
        };
        // Not split, or into more paths than the automaton holds: the crossings stay havocs,
        // on paths without the symbols the crossings needed.
        split = crate::nest::split(extract(true)?, &mut summary_of, MAX_STATES - 1, deadline)
            .filter(|(_, crossed)| crossed.splits > 0);
    }
    let (paths, crossed) = match split {
        Some(split) => split,
        None => (extract(false)?, crate::nest::Crossed::default()),
    };
    if paths.paths.len() + paths.exits.len() + 1 > MAX_STATES {
        return Err(format!(
            "too many paths for the path dependency automaton ({} iterations and {} exits; at most {MAX_STATES} states)",
            paths.paths.len(),
            paths.exits.len()
        ));
    }
    let pda = Pda::build(&paths, crossed, deadline);
    Ok((paths, pda))
}

/// Whether loop `l` contains other loops.
fn contains_loops(forest: &LoopForest, l: LoopId) -> bool {
    forest.loops.iter().any(|(id, lp)| id != l && forest.contains(l, lp.header))
}

/// What in the loop's body the paths cannot describe: floating-point values. (A call is
/// crossed as an opaque step, as Proteus does: its result and the globals are non-induction
/// values.)
fn unsupported_construct(p: &Program, f: &Function, forest: &LoopForest, l: LoopId) -> Option<String> {
    let lp = &forest.loops[l];
    for e in f.edges.values().filter(|e| lp.contains(e.from)) {
        let floats = e.cmd.exprs().into_iter().any(|x| mentions_float(p, x))
            || e.cmd.defs().iter().any(|v| matches!(p.vars[*v].ty.reg(), Some(Type::Float(_))));
        if floats {
            return Some("the loop computes with floating-point values".into());
        }
    }
    None
}

fn mentions_float(p: &Program, e: &Expr) -> bool {
    matches!(e.ty(&p.vars), Some(Type::Float(_))) || e.children().into_iter().any(|c| mentions_float(p, c))
}

/// The conditions of iteration paths that are not IV conditions (type ranges left out).
fn niv_conditions(paths: &LoopPaths, pda: &Pda) -> Vec<(usize, Option<Row>)> {
    let all: BTreeSet<usize> = (0..paths.syms.len()).collect();
    let ranges = range_rows(&paths.syms, &all);
    let mut out = Vec::new();
    for state in &pda.states {
        let (StateKind::Iteration(i), Some(induction)) = (state.kind, &state.induction) else { continue };
        let path: &LinPath = &paths.paths[i];
        for row in path.rows.iter().filter(|r| !ranges.contains(r)) {
            if !is_iv_condition(row, induction, paths) {
                out.push((i, Some(row.clone())));
            }
        }
        if path.dropped_conditions > 0 {
            out.push((i, None));
        }
    }
    out
}

/// Whether `row`'s expression is monotonic (or constant) over consecutive executions.
fn is_iv_condition(row: &Row, induction: &PathInduction, paths: &LoopPaths) -> bool {
    let mut sum = Sequence::constant(crate::poly::Poly::constant(rational(row.lin.constant)));
    for (s, c) in &row.lin.terms {
        let Some(v) = paths.var_of(*s) else { return false };
        let Some((_, Some(form))) = induction.vars.get(&v) else { return false };
        match sum.add_scaled(&rational(*c), &form.value) {
            Some(next) => sum = next,
            None => return false,
        }
    }
    sum.geometric.is_none() && sum.degree() <= 1
}
