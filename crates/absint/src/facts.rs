//! Invariants as facts a technique can use: IR boolean expressions with their C text.
//!
//! A constraint is written with integer coefficients, the constant on the right. It is computed
//! as the template candidates are: in the variables' own type when they share a signed type
//! under the default semantics (mathematical there), else in `long long`, with conversions
//! written out: `x - 2*y >= -3` or `(long)u - 2 * (long)y >= -3`. A constraint whose values
//! could leave `long long` (a 64-bit unsigned variable, a sum involving a 64-bit variable, or
//! coefficients and constants beyond 2^20 and 2^40) is dropped: facts are candidates, so dropping
//! one loses precision, never soundness.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics};
use leapfrog_ir::types::Type;
use leapfrog_ir::{Expr, Program, VarId};
use leapfrog_linear::{Constraint, Relation, to_i128};
use num_traits::Signed;

/// The type facts compute in.
const WIDE: IntTy = IntTy::I64;
const MAX_COEFFICIENT: i128 = 1 << 20;
const MAX_CONSTANT: i128 = 1 << 40;

/// `c` as an IR condition and its C text, when it can be written safely (see the module doc).
/// It reads as C is written: the first variable with a positive coefficient, the constant on the
/// right (`x - y <= 3`), and a bound of one variable in the variable's own type (`i <= 10`).
pub fn constraint_expr(p: &Program, c: &Constraint<VarId>, semantics: Semantics) -> Option<(Expr, String)> {
    let c = c.normalized();
    let Some((_, first)) = c.expr.terms().next() else {
        let cond = Expr::Bool(c.as_trivial()?);
        return Some((cond.clone(), leapfrog_ir::print::expr_to_c(p, &cond)));
    };
    // `e >= 0` with a negative first coefficient is written `-e <= 0`.
    let flip = first.is_negative();
    let e = if flip { c.expr.neg() } else { c.expr.clone() };
    let op = match (c.relation, flip) {
        (Relation::Eq, _) => CmpOp::Eq,
        (Relation::Ge, false) => CmpOp::Ge,
        (Relation::Ge, true) => CmpOp::Le,
    };
    let bound = -to_i128(e.constant_term()).filter(|k| k.abs() <= MAX_CONSTANT)?;
    let terms: Vec<(VarId, i128)> = e
        .terms()
        .map(|(v, k)| Some((*v, to_i128(k).filter(|k| k.abs() <= MAX_COEFFICIENT)?)))
        .collect::<Option<_>>()?;
    // One variable with coefficient 1: compared in its own type when the bound fits.
    if let [(v, 1)] = terms[..]
        && let Some(t) = register_type(p, v).filter(|t| !t.is_bool() && t.contains(bound))
    {
        let cond = Expr::cmp(op, Expr::Var(v), Expr::int(bound, t));
        return Some((cond.clone(), leapfrog_ir::print::expr_to_c(p, &cond)));
    }
    // Under the default semantics signed arithmetic is mathematical (the checker's model too,
    // where a register of a signed type is an unbounded integer): variables of one signed type
    // are combined in that type, without conversions, whose wrapping would make the fact
    // non-inductive there. Otherwise everything is converted to `long long`, where variables of
    // up to 32 bits combine exactly.
    let types: Vec<IntTy> = terms.iter().map(|(v, _)| register_type(p, *v)).collect::<Option<_>>()?;
    let common = types[0];
    let own = semantics == Semantics::Default
        && common.is_signed()
        && types.iter().all(|t| *t == common)
        && common.contains(bound)
        && terms.iter().all(|(_, k)| common.contains(*k));
    // `x - y >= 0` reads `x >= y` (no arithmetic at all: variables of one type compare as they
    // are, whatever the type, 64-bit unsigned ones too).
    if let [(x, 1), (y, -1)] = terms[..]
        && bound == 0
        && types[0] == types[1]
    {
        let cond = Expr::cmp(op, Expr::Var(x), Expr::Var(y));
        return Some((cond.clone(), leapfrog_ir::print::expr_to_c(p, &cond)));
    }
    let w = if own { common } else { WIDE };
    let mathematical = semantics == Semantics::Default && types.iter().all(|t| t.is_signed());
    let mut operands = Vec::new();
    for (&(v, k), &ty) in terms.iter().zip(&types) {
        let var = match ty {
            _ if own => Expr::Var(v),
            IntTy::U64 => return None,
            // A 64-bit variable is only bounded alone (a sum could overflow `long long`) —
            // except a ghost of the automatic checks (an object's offset or size, far from the
            // limits) among signed variables under the default semantics, where the sum is
            // mathematical for the checker (`len + \offset(dp) <= 9`).
            WIDE if (terms.len() > 1 || k.abs() != 1)
                && !(mathematical && leapfrog_ir::checks::is_checks_variable(&p.vars[v])) =>
            {
                return None;
            }
            WIDE => Expr::Var(v),
            _ => Expr::cast(WIDE, Expr::Var(v)),
        };
        operands.push((var, k));
    }
    // (Of two types, both converted.)
    if let [(x, 1), (y, -1)] = &operands[..]
        && bound == 0
    {
        let cond = Expr::cmp(op, x.clone(), y.clone());
        return Some((cond.clone(), leapfrog_ir::print::expr_to_c(p, &cond)));
    }
    let mut sum: Option<Expr> = None;
    for (var, k) in operands {
        let term = if k.abs() == 1 { var } else { Expr::binary(BinOp::Mul, w, Expr::int(k.abs(), w), var) };
        sum = Some(match sum {
            // The first coefficient is positive (flipped above).
            None => term,
            Some(s) if k > 0 => Expr::binary(BinOp::Add, w, s, term),
            Some(s) => Expr::binary(BinOp::Sub, w, s, term),
        });
    }
    let cond = Expr::cmp(op, sum?, Expr::int(bound, w));
    let text = leapfrog_ir::print::expr_to_c(p, &cond);
    Some((cond, text))
}

/// The integer type of register `v` (`_Bool` for a condition), if it has one.
fn register_type(p: &Program, v: VarId) -> Option<IntTy> {
    match p.vars[v].ty.reg()? {
        Type::Int(t) => Some(t),
        Type::Bool => Some(IntTy::Bool),
        _ => None,
    }
}

/// Whether `c` says no more than the types of its variables: a bound of one variable at or
/// beyond its type's limit (`x >= -2147483648` for an `int`).
pub fn implied_by_types(p: &Program, c: &Constraint<VarId>) -> bool {
    let mut terms = c.expr.terms();
    let (Some((v, k)), None) = (terms.next(), terms.next()) else { return c.as_trivial() == Some(true) };
    let Some(ty) = register_type(p, *v) else { return false };
    if c.relation != Relation::Ge {
        return false;
    }
    // k·v + c0 >= 0: a lower bound -c0/k when k > 0, an upper bound when k < 0.
    let limit = -c.expr.constant_term() / k;
    if k.is_positive() {
        limit <= leapfrog_linear::rational(ty.min())
    } else {
        limit >= leapfrog_linear::rational(ty.max())
    }
}

/// Whether `e` converts a value (a fact over variables of several types, or one computed in
/// `long long`).
pub fn converts(e: &Expr) -> bool {
    matches!(e, Expr::Cast(..)) || e.children().into_iter().any(converts)
}

/// Whether `e` converts a value other than by widening a signed register to a signed type
/// (which keeps every value, also for the checker's mathematical integers).
fn converts_lossily(p: &Program, e: &Expr) -> bool {
    match e {
        Expr::Cast(to, inner) => {
            let widening = matches!(**inner, Expr::Var(v) if register_type(p, v)
                .is_some_and(|from| from.is_signed() && to.is_signed() && to.bits() >= from.bits()));
            !widening
        }
        _ => e.children().into_iter().any(|c| converts_lossily(p, c)),
    }
}

/// Every loop header's invariant in `inv` as facts (expression and C text), one per expressible
/// constraint, leaving out constraints the types already give and, with `plain`, those that
/// convert values (the checker's mathematical integers treat a signed register as unbounded, so
/// a fact computed in `long long` may not survive its checks). An unreachable header gets `0`.
pub fn header_facts<D: leapfrog_domains::NumericDomain>(
    p: &Program,
    inv: &crate::Invariants<D>,
    semantics: Semantics,
    plain: bool,
) -> Vec<(leapfrog_ir::LocId, Expr, String)> {
    let mut out = Vec::new();
    for l in inv.forest.loops.values() {
        let Some(e) = &inv.at[l.header] else {
            out.push((l.header, Expr::Bool(false), "0".to_string()));
            continue;
        };
        for c in inv.over_vars(&e.constraints()) {
            if implied_by_types(p, &c) {
                continue;
            }
            if let Some((expr, text)) = constraint_expr(p, &c, semantics)
                && !(plain && converts_lossily(p, &expr))
            {
                out.push((l.header, expr, text));
            }
        }
    }
    out
}

/// The octagon invariants of `func`'s loop headers as plain facts ([`header_facts`]), computed
/// in a thread abandoned at `deadline` (`crate::until_deadline`) with at most `max_live`
/// integer variables live at one point, tracking the memory cells `views` (facts may mention
/// them: only for a technique that gives its checker the same views). `None` when the analysis
/// does not finish.
pub fn octagon_facts(
    p: &Program,
    func: leapfrog_ir::FuncId,
    semantics: Semantics,
    max_live: usize,
    views: &[leapfrog_ir::MemoryView],
    deadline: std::time::Instant,
) -> Option<Vec<(leapfrog_ir::LocId, Expr, String)>> {
    domain_facts::<leapfrog_domains::Octagon>(p, func, semantics, max_live, views, deadline)
}

/// [`octagon_facts`] in convex polyhedra (relations such as `2 * y - z >= 0`).
pub fn polyhedra_facts(
    p: &Program,
    func: leapfrog_ir::FuncId,
    semantics: Semantics,
    max_live: usize,
    views: &[leapfrog_ir::MemoryView],
    deadline: std::time::Instant,
) -> Option<Vec<(leapfrog_ir::LocId, Expr, String)>> {
    domain_facts::<leapfrog_domains::Polyhedron>(p, func, semantics, max_live, views, deadline)
}

fn domain_facts<D: leapfrog_domains::NumericDomain + 'static>(
    p: &Program,
    func: leapfrog_ir::FuncId,
    semantics: Semantics,
    max_live: usize,
    views: &[leapfrog_ir::MemoryView],
    deadline: std::time::Instant,
) -> Option<Vec<(leapfrog_ir::LocId, Expr, String)>> {
    let q = p.clone();
    let cfg = crate::Config {
        deadline: Some(deadline),
        max_live_variables: Some(max_live),
        restart_widening_on_entry: true,
        // Cells at a constant offset only: a view at a symbolic index is no single cell.
        views: views.iter().filter(|v| v.index.is_none()).cloned().collect(),
        ..crate::Config::new(semantics)
    };
    crate::until_deadline(Some(deadline), move || {
        let inv = crate::analyze::<D>(&q, func, &cfg)
            .inspect_err(|e| {
                if std::env::var_os("LEAPFROG_SHOW_INVARIANTS").is_some() {
                    // For developers: why a domain found nothing.
                    eprintln!("no {} facts: {e}", std::any::type_name::<D>());
                }
            })
            .ok()?;
        Some(header_facts(&q, &inv, semantics, true))
    })
    .flatten()
}
