//! The `classify` job: every loop of every function of a program, classified
//! ([`crate::classify`]) and described in the user's terms (`leapfrog-results`).
//!
//! Functions are analysed as they are, without inlining (real code is classified file by file):
//! a call of a function with a body is an opaque step (its result and the globals arbitrary,
//! `leapfrog_paths::Extractor::with_opaque_calls`). Conditions and updates are printed
//! as C over the values at the start of an iteration; a value the path does not determine (an
//! input, a load) is never printed as an internal name: a condition on it is counted as
//! unexpressed, an update to it is `(any value)`.

use crate::classify::{Classification, automaton, classify};
use crate::induction::{Class, ClosedForm, PathInduction};
use crate::pda::StateKind;
use crate::poly::Poly;
use crate::sequence::Sequence;
use leapfrog_arith::Semantics;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Program, VarId};
use leapfrog_linear::Rational;
use leapfrog_paths::linear::{Lin, Row, Sym};
use leapfrog_paths::{LinPath, LoopPaths};
use leapfrog_results::classification::{
    COUNTER, LoopClassification, PathReport, PdaReport, PdaStateReport, VariableReport,
};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use std::time::Instant;

/// At most this long for one loop (a huge function's loop must not take a file's whole budget).
const LOOP_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

/// Every loop of every function of `p`, in function and source order; a loop left when the
/// deadline passes is unsupported with that reason, and so is one that needs more than
/// [`LOOP_BUDGET`].
pub fn classify_program(p: &Program, semantics: Semantics, slice: bool, deadline: Instant) -> Vec<LoopClassification> {
    let mut out = Vec::new();
    for (_, f) in p.user_funcs() {
        let forest = LoopForest::compute(f);
        let inner = crate::nest::InnerSummaries::default();
        let mut loops: Vec<_> = forest.loops.ids().map(|l| (forest.syntax(f, l), l)).collect();
        loops.sort_by_key(|((_, span), _)| (span.file, span.line, span.col));
        for ((kind, span), l) in loops {
            let start = Instant::now();
            let mut report = LoopClassification {
                function: f.name.clone(),
                kind,
                span,
                loop_type: None,
                interleaving: None,
                unsupported: None,
                nested: false,
                inner_splits: 0,
                slice: None,
                paths: Vec::new(),
                exits: Vec::new(),
                niv_conditions: Vec::new(),
                pda: None,
                elapsed: Default::default(),
            };
            if Instant::now() >= deadline {
                report.unsupported = Some("the time limit was reached before this loop".into());
                out.push(report);
                continue;
            }
            let loop_deadline = deadline.min(start + LOOP_BUDGET);
            match classify(p, f, &forest, l, semantics, slice, &inner, loop_deadline) {
                Classification::Unsupported(why) => report.unsupported = Some(why),
                Classification::Classified(c) => {
                    let names = Names::new(p, &c.paths);
                    report.loop_type = Some(c.loop_type);
                    report.interleaving = Some(c.interleaving.name());
                    report.nested = c.nested;
                    report.inner_splits = c.pda.crossed.splits;
                    report.slice = c.slice.as_ref().map(|(interest, dropped)| {
                        let shown = interest.iter().filter(|v| nameable(p, **v)).map(|v| p.vars[*v].name.clone());
                        (shown.collect(), *dropped)
                    });
                    let induction_of = |i: usize| {
                        c.pda
                            .states
                            .iter()
                            .find(|s| s.kind == StateKind::Iteration(i))
                            .and_then(|s| s.induction.as_ref())
                    };
                    report.paths = c
                        .paths
                        .paths
                        .iter()
                        .enumerate()
                        .map(|(i, path)| names.path(path, induction_of(i), &c.pda.crossed.defined))
                        .collect();
                    report.exits =
                        c.paths.exits.iter().map(|(_, path)| names.path(path, None, &c.pda.crossed.defined)).collect();
                    report.niv_conditions = c
                        .niv_conditions
                        .iter()
                        .map(|(i, row)| match row {
                            Some(row) => format!(
                                "path {}: {}",
                                i + 1,
                                names
                                    .row(row)
                                    .unwrap_or_else(|| "a condition on a value the path does not determine".into())
                            ),
                            None => format!("path {}: a condition on a value the path does not determine", i + 1),
                        })
                        .collect();
                    report.pda = Some(PdaReport {
                        states: c
                            .pda
                            .states
                            .iter()
                            .map(|s| match s.kind {
                                StateKind::Entry => PdaStateReport { kind: "entry", path: None },
                                StateKind::Iteration(i) => PdaStateReport { kind: "iteration", path: Some(i) },
                                StateKind::Exit(i) => PdaStateReport { kind: "exit", path: Some(i) },
                            })
                            .collect(),
                        transitions: c.pda.transitions.clone(),
                        undecided: c.pda.undecided,
                    });
                }
            }
            report.elapsed = start.elapsed();
            out.push(report);
        }
    }
    out
}

/// Whether the user can name `v` (it is not a temporary the front end introduced).
fn nameable(p: &Program, v: VarId) -> bool {
    p.vars[v].kind != leapfrog_ir::VarKind::Temp
}

/// Source names of a loop's path symbols.
struct Names<'p> {
    p: &'p Program,
    paths: &'p LoopPaths,
}

impl<'p> Names<'p> {
    fn new(p: &'p Program, paths: &'p LoopPaths) -> Names<'p> {
        Names { p, paths }
    }

    fn name(&self, v: VarId) -> String {
        self.p.vars[v].name.clone()
    }

    /// The variable of symbol `s`, when the user can name it (not a front-end temporary).
    fn source_var(&self, s: &Sym) -> Option<VarId> {
        self.paths.var_of(*s).filter(|v| nameable(self.p, *v))
    }

    /// `path` in the user's terms; an update over an auxiliary symbol `defined` gives (what an
    /// inner loop computes) is written as its polynomial.
    fn path(
        &self,
        path: &LinPath,
        induction: Option<&PathInduction>,
        defined: &BTreeMap<leapfrog_paths::linear::Sym, Poly>,
    ) -> PathReport {
        let mut condition = Vec::new();
        let mut unexpressed = path.dropped_conditions;
        for row in &path.rows {
            match self.row(row) {
                Some(text) => condition.push(text),
                None => unexpressed += 1,
            }
        }
        let updates = path
            .post
            .iter()
            .filter_map(|(s, lin)| {
                let v = self.source_var(s)?;
                let text = self.lin(lin).or_else(|| {
                    let poly = crate::induction::lin_poly(self.paths, lin, defined)?;
                    let printable = poly.vars().iter().all(|v| nameable(self.p, *v));
                    printable.then(|| poly.text(&|a| crate::summary::atom_name(a, &|v| self.name(v))))
                });
                Some((self.name(v), text.unwrap_or_else(|| "(any value)".into())))
            })
            .collect();
        let variables = induction
            .map(|ind| {
                ind.vars
                    .iter()
                    .filter(|(v, _)| self.paths.pre.get(v).is_some_and(|s| self.source_var(s).is_some()))
                    .map(|(v, (class, form))| VariableReport {
                        name: self.name(*v),
                        class: class.name(),
                        closed_form: form.as_ref().and_then(|f| self.closed_form(f)),
                        from: form.as_ref().map_or(0, |f| f.from),
                        reason: match class {
                            Class::NonInduction(why) => Some(why.clone()),
                            _ => None,
                        },
                    })
                    .collect()
            })
            .unwrap_or_default();
        PathReport { condition, unexpressed_conditions: unexpressed, updates, variables }
    }

    /// `lin` as C, `None` when it mentions a value the path does not determine.
    fn lin(&self, lin: &Lin) -> Option<String> {
        let terms: Vec<(i128, String)> =
            lin.terms.iter().map(|(s, c)| Some((*c, self.name(self.source_var(s)?)))).collect::<Option<_>>()?;
        Some(sum_text(&terms, lin.constant))
    }

    /// `row` as a C comparison: positive terms on the left, the constant on the right (`x <= n - 1`
    /// for `x - n + 1 <= 0`; `n >= 1` when no coefficient is positive).
    pub(crate) fn row(&self, row: &Row) -> Option<String> {
        let mut positive = Vec::new();
        let mut negative = Vec::new();
        for (s, c) in &row.lin.terms {
            let name = self.name(self.source_var(s)?);
            if *c > 0 { positive.push((*c, name)) } else { negative.push((-*c, name)) }
        }
        let k = row.lin.constant;
        Some(if positive.is_empty() {
            // −ΣN + k ≤ 0  ⇔  ΣN ≥ k.
            format!("{} {} {k}", sum_text(&negative, 0), if row.eq { "==" } else { ">=" })
        } else {
            // ΣP − ΣN + k ≤ 0  ⇔  ΣP ≤ ΣN − k.
            format!("{} {} {}", sum_text(&positive, 0), if row.eq { "==" } else { "<=" }, sum_text(&negative, -k))
        })
    }

    /// A closed form as C over the values before the executions and the counter `k` (`None` when
    /// it mentions a front-end temporary).
    fn closed_form(&self, form: &ClosedForm) -> Option<String> {
        let s = &form.value;
        let mentioned = s.poly.iter().chain(s.geometric.as_ref().map(|(_, c)| c)).flat_map(|c| c.vars());
        let temporary = mentioned.into_iter().any(|v| !nameable(self.p, v));
        (!temporary).then(|| sequence_text(s, &|v| self.name(*v)))
    }
}

/// `c1*x1 + c2*x2 + k` (a `0` for an empty sum).
fn sum_text(terms: &[(i128, String)], constant: i128) -> String {
    let mut out = String::new();
    // Positive terms first: `i - j + m` reads better than `-j + i + m`.
    let ordered = terms.iter().filter(|(c, _)| *c > 0).chain(terms.iter().filter(|(c, _)| *c <= 0));
    for (c, name) in ordered {
        let (sign, c) = if *c < 0 { ("-", -c) } else { ("+", *c) };
        if out.is_empty() {
            if sign == "-" {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        if c == 1 { out.push_str(name) } else { out.push_str(&format!("{c}*{name}")) }
    }
    if out.is_empty() {
        return constant.to_string();
    }
    if constant > 0 {
        out.push_str(&format!(" + {constant}"));
    } else if constant < 0 {
        out.push_str(&format!(" - {}", -constant));
    }
    out
}

/// A sequence in `k` as C: `(numerator)/d` with integer coefficients; a geometric term is written
/// with `pow`.
pub fn sequence_text(s: &Sequence, name: &dyn Fn(&VarId) -> String) -> String {
    let d = s.common_denominator();
    let mut parts: Vec<String> = Vec::new();
    for (p, c) in s.poly.iter().enumerate() {
        let c = c.scale(&d);
        if c.as_constant().is_some_and(|k| k.is_zero()) {
            continue;
        }
        let power = vec![COUNTER; p].join("*");
        parts.push(match (p, c.as_constant()) {
            (0, _) => coefficient_text(&c, name),
            (_, Some(k)) if k.is_one() => power,
            (_, Some(k)) if (-k.clone()).is_one() => format!("-{power}"),
            (_, Some(k)) => format!("{k}*{power}"),
            (_, None) => format!("({})*{power}", coefficient_text(&c, name)),
        });
    }
    if let Some((a, c)) = &s.geometric {
        parts.push(format!("({})*pow({}, {COUNTER})", coefficient_text(&c.scale(&d), name), rational_text(a)));
    }
    let sum = if parts.is_empty() { "0".to_string() } else { parts.join(" + ").replace("+ -", "- ") };
    if d.is_one() { sum } else { format!("({sum})/{d}") }
}

/// A coefficient of a sequence (a polynomial over the values at the start) as C.
fn coefficient_text(c: &Poly, name: &dyn Fn(&VarId) -> String) -> String {
    if let Some(a) = c.as_affine() {
        let terms: Option<Vec<(i128, String)>> =
            a.terms().map(|(v, c)| Some((leapfrog_linear::to_i128(c)?, name(v)))).collect();
        let constant: Option<i128> = leapfrog_linear::to_i128(a.constant_term());
        if let (Some(terms), Some(k)) = (terms, constant) {
            return sum_text(terms.as_slice(), k);
        }
    }
    c.text(&|a| crate::summary::atom_name(a, &|v| name(&v)))
}

fn rational_text(r: &Rational) -> String {
    if r.is_integer() {
        r.to_string()
    } else if r.is_negative() {
        format!("(-{}.0/{})", -r.numer(), r.denom())
    } else {
        format!("({}.0/{})", r.numer(), r.denom())
    }
}

/// Proteus' disjunctive summary of every loop of every function of `p` (only of function
/// `only` when given: the entry of an inlined program), by the loop keyword's position, in
/// the user's terms (only variables visible at the loop; a condition or exit value over another
/// variable is left out, which only weakens the disjunct).
pub fn summarize_program(
    p: &Program,
    only: Option<leapfrog_ir::FuncId>,
    semantics: Semantics,
    deadline: Instant,
) -> Vec<(leapfrog_source::Span, Result<leapfrog_results::summaries::DisjunctiveSummary, String>)> {
    let visibility = leapfrog_ir::scope::Visibility::new(p, &[]);
    let mut out = Vec::new();
    for (id, f) in p.user_funcs() {
        if only.is_some_and(|o| o != id) {
            continue;
        }
        let forest = LoopForest::compute(f);
        let inner = crate::nest::InnerSummaries::default();
        for l in forest.loops.ids() {
            let (_, span) = forest.syntax(f, l);
            let loop_deadline = deadline.min(Instant::now() + LOOP_BUDGET);
            // The summary needs the paths and their automaton, not the loop's type.
            let summary =
                automaton(p, f, &forest, l, &[], semantics, &inner, loop_deadline).and_then(|(paths, pda)| {
                    match crate::summary::summarize(&paths, &pda, loop_deadline) {
                        crate::summary::Summary::NotSummarized(why) => Err(why),
                        crate::summary::Summary::Traces(traces) => {
                            let shown = |v: VarId| nameable(p, v) && visibility.visible_at(v, span);
                            Ok(disjunctive_summary(p, &paths, &traces, &shown))
                        }
                    }
                });
            out.push((span, summary));
        }
    }
    out
}

/// The traces as disjuncts over the variables `shown` accepts.
fn disjunctive_summary(
    p: &Program,
    paths: &LoopPaths,
    traces: &[crate::summary::TraceSummary],
    shown: &dyn Fn(VarId) -> bool,
) -> leapfrog_results::summaries::DisjunctiveSummary {
    use crate::poly::Atom;
    let name = |v: VarId| p.vars[v].name.clone();
    let text = |poly: &crate::poly::Poly| poly.text(&|a| crate::summary::atom_name(a, &name));
    let printable = |poly: &crate::poly::Poly| poly.atoms().iter().all(|a| !matches!(a, Atom::Var(v) if !shown(*v)));
    // Constraints over variables not shown are left out: a condition left out only weakens the
    // disjunct; a no-overflow condition left out (over a variable the user cannot name at the
    // loop) makes it claim its exit values for more executions.
    let texts = |constraints: &[crate::summary::PolyConstraint]| -> Vec<String> {
        constraints
            .iter()
            .filter(|c| printable(&c.poly))
            .map(|c| crate::summary::constraint_text(c, &|a| crate::summary::atom_name(a, &name)))
            .collect()
    };
    let variables: Vec<VarId> = paths.pre.keys().copied().filter(|v| shown(*v)).collect();
    let disjuncts = traces
        .iter()
        .map(|t| leapfrog_results::summaries::Disjunct {
            condition: texts(&t.conditions),
            counters: t.remaining_counters().iter().map(|k| format!("k{}", k + 1)).collect(),
            exit: variables
                .iter()
                .filter_map(|v| {
                    let value = t.exit.get(v)?.as_ref()?;
                    printable(value).then(|| (name(*v), text(value)))
                })
                .collect(),
            exit_bounds: variables
                .iter()
                .filter_map(|v| {
                    let (lo, hi) = t.exit_bounds.get(v)?;
                    let shown = |p: &Option<crate::poly::Poly>| p.as_ref().filter(|p| printable(p)).map(text);
                    let (lo, hi) = (shown(lo), shown(hi));
                    (lo.is_some() || hi.is_some()).then(|| (name(*v), lo, hi))
                })
                .collect(),
            no_overflow: texts(&t.no_overflow),
        })
        .collect();
    leapfrog_results::summaries::DisjunctiveSummary {
        variables: variables.iter().map(|v| name(*v)).collect(),
        disjuncts,
    }
}

/// One trace's bound on its iterations (Proteus §7.1), for the bounds job.
#[derive(Clone, Debug)]
pub struct TraceBound {
    /// The trace's conditions over the entry values alone (those that mention a counter left
    /// out: a weaker condition).
    pub conditions: Vec<crate::summary::PolyConstraint>,
    /// The bound over the entry values ([`crate::summary::TraceSummary::iteration_bound`]).
    pub bound: Poly,
}

/// The bound of every trace of loop `l` of `f` (of `p`): candidates for a checker, not proofs
/// (they speak of executions without overflow). `Err` when the loop has no summary or some
/// trace has no bound (then no bound of the loop can come from its traces).
pub fn trace_bounds(
    p: &Program,
    f: &leapfrog_ir::Function,
    forest: &LoopForest,
    l: leapfrog_ir::LoopId,
    semantics: Semantics,
    deadline: Instant,
) -> Result<Vec<TraceBound>, String> {
    let inner = crate::nest::InnerSummaries::default();
    let (paths, pda) = automaton(p, f, forest, l, &[], semantics, &inner, deadline)?;
    let traces = match crate::summary::summarize(&paths, &pda, deadline) {
        crate::summary::Summary::NotSummarized(why) => return Err(why),
        crate::summary::Summary::Traces(traces) => traces,
    };
    let mut out = Vec::new();
    for (i, t) in traces.iter().enumerate() {
        let Some(bound) = t.iteration_bound(deadline) else {
            return Err(format!("trace {} of the summary has no bound on its iterations", i + 1));
        };
        let counter_free =
            |c: &&crate::summary::PolyConstraint| c.poly.atoms().iter().all(|a| matches!(a, crate::poly::Atom::Var(_)));
        out.push(TraceBound { conditions: t.conditions.iter().filter(counter_free).cloned().collect(), bound });
    }
    Ok(out)
}
