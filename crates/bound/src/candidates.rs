//! Candidate invariants at the header of an instrumented loop ([`crate::instrument`]) for the
//! summaries to pick from when they prove its bound. Only candidates: Houdini keeps the
//! inductive ones and the independent checker re-checks the certificate.
//!
//! - [`plain`]: the counter is non-negative; the claim itself (`count <= B(entry)`); each
//!   variable of the bound unchanged (`n == \at(n, LoopEntry)`), or unchanged until the first
//!   iteration; the entry values that are constants; and the *potentials*
//!   `d·count + Q_s(now) <= Q_t(entry)`, for `Q_s` a trace's term and `Q_t` a term of the claim
//!   with the same divisor: what is left by the term of the trace the execution is on, plus what
//!   has run, is within what there was (an iteration takes at least `d` from `Q_s` and starts
//!   only where `Q_s ≥ d`).
//! - [`guarded`]: for executions that enter on one trace and go on along another (Fig. 13(a)'s
//!   first iteration resets `j` when `j > m`): the potentials between any two traces' terms, also
//!   guarded by the entry trace's conditions (`!(C_t(entry)) || …`), and each trace condition —
//!   also relaxed by one up to the largest divisor, `j + 1 <= m` to `j <= m`, what the path that
//!   needs `j < m` leaves — at the current values once the loop has run, also guarded.

use crate::expr::{Bound, IntPoly, Term, WIDE, implies};
use crate::instrument::{COUNT_NAME, copy_name};
use leapfrog_arith::CmpOp;
use leapfrog_ir::{Expr, Program, VarId};
use leapfrog_proteus::poly::Poly;
use leapfrog_proteus::summary::PolyConstraint;
use leapfrog_summarize::candidates::{Candidate, conjunction, or};
use std::collections::{BTreeMap, BTreeSet};

/// A term the loop's count may follow, with the conditions (over entry values) under which it
/// does: a trace's bound and conditions, or an exit condition's distance (no conditions).
#[derive(Clone, Debug)]
pub struct Traced {
    pub term: Term,
    pub conditions: Vec<PolyConstraint>,
}

/// The instrumented loop's ghosts.
pub struct Ghosts<'a> {
    /// The counter of body starts.
    pub count: Expr,
    /// Source variable → its entry copy.
    pub copies: &'a BTreeMap<VarId, VarId>,
    /// The program before instrumentation (for the source names).
    pub source: &'a Program,
}

impl Ghosts<'_> {
    fn now(&self, v: VarId) -> Option<Expr> {
        Some(Expr::Var(v))
    }

    /// `v`'s entry copy (every variable of a term has one; a condition's variable may not).
    fn entry(&self, v: VarId) -> Option<Expr> {
        self.copies.get(&v).map(|c| Expr::Var(*c))
    }

    fn name(&self, v: VarId) -> String {
        self.source.vars[v].name.clone()
    }

    fn entry_name(&self, v: VarId) -> String {
        copy_name(&self.source.vars[v].name)
    }

    /// `count <= 0`: before the first iteration.
    fn before_first(&self) -> Expr {
        Expr::cmp(CmpOp::Le, self.count.clone(), Expr::int(0, WIDE))
    }

    /// `d·count + s(now) <= t(entry)`.
    fn potential(&self, s: &Term, t: &Term) -> Option<Candidate> {
        if t.numerator.vars().iter().any(|v| !self.copies.contains_key(v)) {
            return None;
        }
        let expr = s.potential_from(t, &self.count, &|v| Expr::Var(v), &|v| Expr::Var(self.copies[&v]));
        let scaled = if t.divisor == 1 { COUNT_NAME.to_string() } else { format!("{} * {COUNT_NAME}", t.divisor) };
        let text = format!(
            "{scaled} + {} <= {}",
            s.numerator.c_text(&|v| self.name(v)),
            t.numerator.c_text(&|v| self.entry_name(v))
        );
        Some(Candidate { expr, text })
    }
}

/// The plain candidates for proving `claim` (or, with `constant`, the constant bound `m`).
pub fn plain(
    g: &Ghosts,
    claim: &Bound,
    traces: &[Traced],
    constants: &BTreeMap<VarId, i128>,
    constant: Option<i128>,
) -> Vec<Candidate> {
    let mut out = vec![
        Candidate {
            expr: Expr::cmp(CmpOp::Ge, g.count.clone(), Expr::int(0, WIDE)),
            text: format!("{COUNT_NAME} >= 0"),
        },
        Candidate {
            expr: claim.admits(&g.count, &|v| Expr::Var(g.copies[&v])),
            text: format!("{COUNT_NAME} <= {}", claim.text(&|v| g.entry_name(v))),
        },
    ];
    if let Some(m) = constant {
        out.push(Candidate {
            expr: Bound::constant(m).admits(&g.count, &|_| Expr::int(0, WIDE)),
            text: format!("{COUNT_NAME} <= {m}"),
        });
    }
    for (v, copy) in g.copies {
        let same = Expr::cmp(CmpOp::Eq, Expr::Var(*v), Expr::Var(*copy));
        let text = format!("{} == {}", g.name(*v), g.entry_name(*v));
        out.push(Candidate { expr: same.clone(), text: text.clone() });
        out.push(Candidate { expr: implies(g.before_first(), same), text: format!("{COUNT_NAME} > 0 || {text}") });
        if let Some(c) = constants.get(v) {
            let ty = g.source.vars[*v].ty.reg().and_then(|t| t.as_int()).unwrap_or(WIDE);
            out.push(Candidate {
                expr: Expr::cmp(CmpOp::Eq, Expr::Var(*copy), Expr::int(*c, ty)),
                text: format!("{} == {c}", g.entry_name(*v)),
            });
        }
    }
    for Traced { term: s, .. } in traces {
        for t in &claim.terms {
            if s.divisor == t.divisor {
                out.extend(g.potential(s, t));
            }
        }
    }
    distinct(out)
}

/// The candidates for executions that change traces (see the module documentation).
pub fn guarded(g: &Ghosts, traces: &[Traced]) -> Vec<Candidate> {
    let mut out = Vec::new();
    // Relaxed by up to the largest divisor (`x < n` before `x += 3` leaves `x <= n + 2`).
    let most = traces.iter().map(|t| t.term.divisor).max().unwrap_or(1).clamp(1, MAX_RELAXATION);
    let mut conditions: Vec<PolyConstraint> = traces
        .iter()
        .flat_map(|t| t.conditions.iter())
        .flat_map(|c| std::iter::once(Some(c.clone())).chain((1..=most).map(|by| relaxed(c, by))))
        .flatten()
        .collect();
    conditions.sort_by_key(|c| format!("{c:?}"));
    conditions.dedup();
    let after_first: Vec<Candidate> = conditions
        .iter()
        .filter_map(|c| condition(c, &|v| g.now(v), &|v| g.name(v)))
        .map(|(e, text)| Candidate { expr: or(g.before_first(), e), text: format!("{COUNT_NAME} <= 0 || {text}") })
        .collect();
    out.extend(after_first.iter().cloned());
    for Traced { term: t, conditions } in traces {
        let (guards, guard_texts): (Vec<Expr>, Vec<String>) =
            conditions.iter().filter_map(|c| condition(c, &|v| g.entry(v), &|v| g.entry_name(v))).unzip();
        let guard = |c: Candidate| -> Option<Candidate> {
            (!guards.is_empty()).then(|| Candidate {
                expr: implies(conjunction(&guards), c.expr),
                text: format!("!({}) || {}", guard_texts.join(" && "), c.text),
            })
        };
        for Traced { term: s, .. } in traces {
            if s.divisor == t.divisor
                && let Some(p) = g.potential(s, t)
            {
                out.push(p.clone());
                out.extend(guard(p));
            }
        }
        out.extend(after_first.iter().cloned().filter_map(guard));
    }
    distinct(out)
}

/// The candidates with duplicates (by text) left out.
pub fn distinct(mut cs: Vec<Candidate>) -> Vec<Candidate> {
    let mut seen = BTreeSet::new();
    cs.retain(|c| seen.insert(c.text.clone()));
    cs
}

/// The most a condition is relaxed by.
const MAX_RELAXATION: i128 = 8;

/// `c` relaxed by `by` (`P <= 0` to `P - by <= 0`); `None` for an equation.
fn relaxed(c: &PolyConstraint, by: i128) -> Option<PolyConstraint> {
    let by = Poly::constant(leapfrog_linear::rational(by));
    (!c.eq).then(|| PolyConstraint { poly: c.poly.sub(&by), eq: false })
}

/// A trace condition as an IR boolean and as text, over the values `at` gives (`None` when it
/// does not fit the bound's arithmetic).
fn condition(
    c: &PolyConstraint,
    at: &dyn Fn(VarId) -> Option<Expr>,
    name: &dyn Fn(VarId) -> String,
) -> Option<(Expr, String)> {
    let d = c.poly.denominator();
    let p = IntPoly::from_poly(&c.poly, &d)?;
    let values: BTreeMap<VarId, Expr> = p.vars().into_iter().map(|v| Some((v, at(v)?))).collect::<Option<_>>()?;
    let at = |v: VarId| values[&v].clone();
    let (op, sign) = if c.eq { (CmpOp::Eq, "==") } else { (CmpOp::Le, "<=") };
    Some((Expr::cmp(op, p.expr(&at), Expr::int(0, WIDE)), format!("{} {sign} 0", p.text(name))))
}
