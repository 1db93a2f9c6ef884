//! Variance analysis (POPL'07, Fig. 1) as a termination technique for one loop.
//!
//! `leapfrog-absint`'s seeded analysis of the isolated loop gives a variance assertion: a
//! disjunction of relations between an earlier header state (the ghost copies) and a later one
//! that contains every sequence of one or more iterations. WELLFOUNDED is checked per disjunct
//! by the ranking engine's Farkas LP (a linear function bounded on the earlier state and
//! decreasing by at least 1 from it to the later one). When every disjunct is ranked, the loop
//! is locally terminating (Definition 8); the disjuncts and their ranking functions form a
//! [`TerminationArgument::Variance`] certificate that the independent checker re-checks
//! (initiation, consecution of the seeded loop, each disjunct's ranking) before a TRUE.
//!
//! When some disjunct has no ranking function, its *suspect pair*: two header states, an
//! earlier and a later one, that the disjunct relates and that the LP could not order (a model
//! of the disjunct), found with Z3 and reported.
//!
//! Domains, cheapest first: octagons (disjunctive, [`DISJUNCTS`]), then polyhedra (for
//! relations such as `x + y − z` decreasing, which octagons cannot express).

use crate::ranking;
use leapfrog_absint::variance::{StateVar, Variance, variance};
use leapfrog_arith::Semantics;
use leapfrog_certify::termination::{LinearForm, TerminationArgument, TransitionConstraint, VarianceDisjunct};
use leapfrog_domains::{Disjunctive, Lattice, Octagon, Polyhedron};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, LoopId, Program, VarId};
use leapfrog_linear::{Constraint, Relation};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive};
use std::sync::Arc;
use std::time::Instant;

/// The bound on disjuncts of the variance assertion. Podelski–Rybalchenko's LICS'04 Fig. 2
/// (`x = x - 1, y = x` or `x = y - 2, y = x + 1`) needs 8 disjuncts and 5 joins before widening:
/// with 4 and 3, "x decreased" and "y decreased" merge (dev termination suites: +3 TRUE, the
/// median task unchanged, tasks that reach the lassos 6% slower).
pub const DISJUNCTS: usize = 8;
/// Joins before widening at cutpoints: the disjuncts must appear before widening starts.
const WIDENING_DELAY: u32 = 5;
/// At most this many integer variables and ghosts live at one point, per domain.
const MAX_OCTAGON_DIMS: usize = 24;
const MAX_POLYHEDRA_DIMS: usize = 10;

/// A variance argument found for a loop, with its text for the report.
pub struct Found {
    pub argument: TerminationArgument,
    /// Per disjunct: the relation as C (earlier values as `\at(x, AnyPrev)`) and its ranking
    /// function.
    pub texts: Vec<(String, String)>,
    pub domain: &'static str,
}

/// Why no argument was found: per domain tried, what failed; and a suspect pair if one was
/// found.
pub struct NotFound {
    pub why: String,
    pub suspect_pair: Option<ranking::SuspectPair>,
}

/// The abstract domains the seeded analysis runs in, cheapest first.
pub const DOMAINS: [&str; 2] = ["octagon", "polyhedra"];

/// Looks for a variance argument for loop `l` of the call-free function `fid`, trying `domains`
/// (names from [`DOMAINS`]) in order.
pub fn find(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    sem: Semantics,
    domains: &[&'static str],
    deadline: Instant,
) -> Result<Found, NotFound> {
    let mut reasons = Vec::new();
    let mut suspect = None;
    // The assertion speaks of the variables a user can name at the loop (it is printed there;
    // the projection keeps every relation among them).
    let at = forest.syntax(&p.funcs[fid], l).1;
    let visibility = leapfrog_ir::Visibility::new(p, &[]);
    let visible: Arc<Vec<VarId>> = Arc::new(p.vars.ids().filter(|v| visibility.visible_at(*v, at)).collect());
    // One copy of the program for the analyses' threads.
    let shared = Arc::new(p.clone());
    for &domain in domains {
        if Instant::now() >= deadline {
            reasons.push("time limit reached".to_string());
            break;
        }
        let mut cfg = leapfrog_absint::Config::new(sem);
        cfg.widening_delay = WIDENING_DELAY;
        cfg.deadline = Some(deadline);
        let (q, keep, start) = (Arc::clone(&shared), Arc::clone(&visible), Instant::now());
        let result = leapfrog_absint::until_deadline(Some(deadline), move || match domain {
            "octagon" => {
                cfg.max_live_variables = Some(MAX_OCTAGON_DIMS);
                variance(&q, fid, l, &cfg, Disjunctive::<Octagon>::with_limit(DISJUNCTS), None, Some(&keep))
            }
            _ => {
                cfg.max_live_variables = Some(MAX_POLYHEDRA_DIMS);
                variance(&q, fid, l, &cfg, Polyhedron::top(), None, Some(&keep))
            }
        })
        .unwrap_or_else(|| {
            Err(leapfrog_absint::Error::Budget(format!(
                "time limit (inside one domain operation, after {:.2} s)",
                start.elapsed().as_secs_f64()
            )))
        });
        let va = match result {
            Ok(va) => va,
            Err(e) => {
                reasons.push(format!("{domain}: {e}"));
                continue;
            }
        };
        match rank_disjuncts(p, &va, &visible, sem, deadline) {
            Ok((disjuncts, texts)) => {
                return Ok(Found { argument: TerminationArgument::Variance(disjuncts), texts, domain });
            }
            Err((why, pair)) => {
                reasons.push(format!("{domain}: {why}"));
                suspect = suspect.or(pair);
            }
        }
    }
    Err(NotFound { why: reasons.join("; "), suspect_pair: suspect })
}

type Ranked = (Vec<VarianceDisjunct>, Vec<(String, String)>);

/// WELLFOUNDED for every disjunct.
fn rank_disjuncts(
    p: &Program,
    va: &Variance,
    visible: &[VarId],
    sem: Semantics,
    deadline: Instant,
) -> Result<Ranked, (String, Option<ranking::SuspectPair>)> {
    if va.disjuncts.is_empty() {
        // No iteration returns to the header: nothing to rank, but also nothing a disjunctive
        // argument needs; the ranking engine answers such loops.
        return Err(("no iteration returns to the header".into(), None));
    }
    // The ranking functions range over the seeded variables a user can name at the loop.
    let over: Vec<VarId> = va.seeded.iter().copied().filter(|v| visible.contains(v)).collect();
    let mut out = Vec::new();
    let mut texts = Vec::new();
    for (k, d) in va.disjuncts.iter().enumerate() {
        // Type ranges say nothing the checker's states do not already satisfy (and a signed
        // value's range is not an invariant of the checker's mathematical integers).
        let d: Vec<Constraint<StateVar>> = d.iter().filter(|c| !implied_by_types(p, c)).cloned().collect();
        let d = &d;
        let Some(relation) = d.iter().map(transition_constraint).collect::<Option<Vec<_>>>() else {
            return Err((format!("disjunct {k} has coefficients beyond 128 bits"), None));
        };
        let text = relation_text(p, d);
        match ranking::rank_relation(p, &relation, &over, sem, deadline) {
            Ok(Some(ranking)) => {
                texts.push((text, crate::certificate::linear_text(p, &ranking)));
                out.push(VarianceDisjunct { relation, ranking });
            }
            Ok(None) => {
                let pair = ranking::relation_model(p, &relation, deadline);
                return Err((format!("disjunct {k} ({text}) has no linear ranking function"), pair));
            }
            Err(why) => return Err((format!("disjunct {k}: {why}"), None)),
        }
    }
    Ok((out, texts))
}

/// A constraint of the variance assertion in the checker's form (`None` when a coefficient does
/// not fit 128 bits).
fn transition_constraint(c: &Constraint<StateVar>) -> Option<TransitionConstraint> {
    let c = c.normalized();
    let mut den = c.expr.constant_term().denom().clone();
    for (_, a) in c.expr.terms() {
        den = den.lcm(a.denom());
    }
    let scale = |r: &leapfrog_linear::Rational| (r * &den).to_integer().to_i128();
    let mut earlier = LinearForm { constant: scale(c.expr.constant_term())?, terms: Vec::new() };
    let mut later = LinearForm::default();
    for (v, a) in c.expr.terms() {
        let a = scale(a)?;
        match v {
            StateVar::Earlier(x) => earlier.terms.push((a, *x)),
            StateVar::Now(x) => later.terms.push((a, *x)),
        }
    }
    Some(TransitionConstraint { earlier, later, equality: c.relation == Relation::Eq })
}

/// A disjunct as C: `x <= \at(x, AnyPrev) - 1 && y == \at(y, AnyPrev)`. Meant over the
/// mathematical integers: a side C could compute otherwise (see
/// [`crate::certificate::linear_text`]) has its variables cast to `long long` (`\at(x,
/// AnyPrev) >= (long long)x + 1`).
pub fn relation_text(p: &Program, d: &[Constraint<StateVar>]) -> String {
    if d.is_empty() {
        return "1".into();
    }
    let parts: Vec<String> = d.iter().map(|c| constraint_text(p, c)).collect();
    parts.join(" && ")
}

/// `lhs op rhs` with positive terms on the left, negative ones moved to the right and the
/// constant on the right (`x <= \at(x, AnyPrev) - 1`); each side's variables cast to `long long`
/// when C could evaluate it in `int` with an overflow (or wrap it).
fn constraint_text(p: &Program, c: &Constraint<StateVar>) -> String {
    let c = c.normalized();
    let (expr, op) = match c.relation {
        Relation::Eq => (c.expr.clone(), "=="),
        Relation::Ge if c.expr.terms().any(|(_, a)| a.is_positive()) => (c.expr.clone(), ">="),
        Relation::Ge => (c.expr.neg(), "<="),
    };
    // lhs - rhs + k op 0  ⇔  lhs op rhs - k.
    let minus_k = -expr.constant_term().clone();
    let side = |positive: bool, constant: &leapfrog_linear::Rational| -> String {
        let terms: Vec<(&StateVar, leapfrog_linear::Rational)> = expr
            .terms()
            .filter(|(_, a)| if positive { a.is_positive() } else { a.is_negative() })
            .map(|(v, a)| (v, a.abs()))
            .collect();
        let as_ints: Option<Vec<(i128, VarId)>> = terms
            .iter()
            .map(|(v, a)| {
                let (StateVar::Earlier(x) | StateVar::Now(x)) = v;
                Some((leapfrog_linear::to_i128(a)?, *x))
            })
            .collect();
        let fits = match (as_ints, leapfrog_linear::to_i128(constant)) {
            (Some(ts), Some(k)) => crate::certificate::fits_int(p, &ts, k),
            _ => false,
        };
        let name = |v: &StateVar| {
            let (StateVar::Earlier(x) | StateVar::Now(x)) = v;
            let n = &p.vars[*x].name;
            let n = if fits { n.clone() } else { format!("(long long){n}") };
            match v {
                StateVar::Earlier(_) => format!("\\at({n}, AnyPrev)"),
                StateVar::Now(_) => n,
            }
        };
        let text: Vec<String> =
            terms.iter().map(|(v, m)| if m.is_one() { name(v) } else { format!("{m}*{}", name(v)) }).collect();
        if text.is_empty() {
            return constant.to_string();
        }
        let mut out = text.join(" + ");
        if constant.is_positive() {
            out.push_str(&format!(" + {constant}"));
        } else if constant.is_negative() {
            out.push_str(&format!(" - {}", constant.abs()));
        }
        out
    };
    let zero = leapfrog_linear::Rational::from_integer(0.into());
    format!("{} {op} {}", side(true, &zero), side(false, &minus_k))
}

/// Whether `c` only bounds one variable (earlier or now) by its type's range.
fn implied_by_types(p: &Program, c: &Constraint<StateVar>) -> bool {
    let plain = c.map_vars(|v| match v {
        StateVar::Earlier(x) | StateVar::Now(x) => *x,
    });
    c.expr.terms().count() == 1 && leapfrog_absint::facts::implied_by_types(p, &plain)
}
