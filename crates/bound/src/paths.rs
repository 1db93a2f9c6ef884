//! Per-path bounds (Proteus §7.1): how many times each path of a loop runs in one execution of
//! the loop statement.
//!
//! A path is one way through the loop's body, header to header ([`leapfrog_paths`]). When the
//! values at the header decide it — every symbol of its constraints is a variable's value at the
//! start of the iteration, no condition was left out, no inner loop is crossed, and no input is
//! read on the way to a branch — the path runs exactly at the body starts where its condition
//! holds ([`decided_paths`]). Its bound is then proven as the loop's is, on a counter that counts
//! only those body starts (`crate::instrument::instrument`'s `counted_when`; the condition is
//! evaluated where the body starts); where no claim is proven, the loop's own bound holds for the
//! path (each body start runs one path).

use crate::expr::IntPoly;
use leapfrog_arith::{CmpOp, Semantics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Expr, FuncId, LoopId, Program, VarId};
use leapfrog_paths::linear::Row;
use leapfrog_paths::{Extractor, LoopPaths, range_rows};
use std::collections::BTreeSet;
use std::time::Instant;

/// The most paths a loop may have for its paths to be bounded one by one.
pub const MAX_PATHS: usize = 4;

/// A path the values at the header decide: its condition as IR conjuncts (over the variables
/// at the body's start) and as C, and the variables it names.
#[derive(Clone, Debug)]
pub struct DecidedPath {
    pub conjuncts: Vec<Expr>,
    pub text: String,
    pub vars: BTreeSet<VarId>,
}

/// The paths of loop `l` of `fid` (of the inlined `q`) when there are two to [`MAX_PATHS`] of
/// them and the values at the header decide each; else none.
pub fn decided_paths(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    semantics: Semantics,
    deadline: Instant,
) -> Vec<DecidedPath> {
    let f = &q.funcs[fid];
    let extracted = Extractor::new(q, f, forest, l, &[], semantics, deadline).with_max_paths(MAX_PATHS + 1).extract();
    let Ok(paths) = extracted else { return Vec::new() };
    if paths.paths.len() < 2 || paths.paths.len() > MAX_PATHS {
        return Vec::new();
    }
    let all: BTreeSet<usize> = (0..paths.syms.len()).collect();
    let ranges = range_rows(&paths.syms, &all);
    let mut out = Vec::new();
    for path in &paths.paths {
        if path.dropped_conditions > 0 || !path.crossings.is_empty() {
            return Vec::new();
        }
        let rows: Vec<&Row> = path.rows.iter().filter(|r| !ranges.contains(r)).collect();
        let Some(forms) = rows.iter().map(|r| over_variables(&paths, r)).collect::<Option<Vec<_>>>() else {
            return Vec::new();
        };
        if forms.is_empty() {
            return Vec::new();
        }
        let conjuncts: Vec<Expr> = forms
            .iter()
            .map(|(poly, eq)| {
                let op = if *eq { CmpOp::Eq } else { CmpOp::Le };
                Expr::cmp(op, poly.expr(&|v| Expr::Var(v)), IntPoly::of_constant(0).expr(&|v| Expr::Var(v)))
            })
            .collect();
        let vars: BTreeSet<VarId> = forms.iter().flat_map(|(poly, _)| poly.vars()).collect();
        // A ghost (`\float_steps(x)`, `ir::float_counters`) is not C: no condition to print.
        if vars.iter().any(|v| q.vars[*v].is_ghost()) {
            return Vec::new();
        }
        // The condition is meant over mathematical integers; as C, a variable that is unsigned
        // or wider than 32 bits could wrap or overflow in `k - 1`: then every variable is cast
        // to `long long`.
        let wraps = vars.iter().any(|v| match q.vars[*v].ty.reg() {
            Some(leapfrog_ir::Type::Int(t)) => !t.is_signed() || t.bits() > 32,
            _ => true,
        });
        let name = |v: VarId| {
            let n = q.vars[v].name.clone();
            if wraps { format!("(long long){n}") } else { n }
        };
        let text = forms.iter().map(|(poly, eq)| row_text(poly, *eq, &name)).collect::<Vec<_>>().join(" && ");
        out.push(DecidedPath { conjuncts, text, vars });
    }
    out
}

/// The row `lin <= 0` (`== 0`) over the variables whose values at the header its symbols are;
/// `None` when a symbol is not one (an input read on the path, a value an inner loop left).
fn over_variables(paths: &LoopPaths, row: &Row) -> Option<(IntPoly, bool)> {
    Some((lin_over_variables(paths, &row.lin)?, row.eq))
}

/// `lin` over the variables whose values at the header its symbols are; `None` when a symbol is
/// not one.
pub(crate) fn lin_over_variables(paths: &LoopPaths, lin: &leapfrog_paths::linear::Lin) -> Option<IntPoly> {
    let mut poly = IntPoly::of_constant(lin.constant);
    for (s, c) in &lin.terms {
        poly = poly.add_scaled(*c, &IntPoly::of_var(paths.var_of(*s)?))?;
    }
    Some(poly)
}

/// `P - N + c <= 0` (`P`, `N` the terms with positive and negative coefficients) written as
/// `P <= N - c`, `P <= -c` or `N >= c` (`==` for an equality).
fn row_text(poly: &IntPoly, eq: bool, name: &dyn Fn(VarId) -> String) -> String {
    let mut positive = IntPoly::of_constant(0);
    let mut negative = IntPoly::of_constant(0);
    let mut constant = 0;
    for (c, factors) in &poly.monomials {
        let monomial = IntPoly::from_sums(std::collections::BTreeMap::from([(factors.clone(), c.abs())]));
        match (factors.is_empty(), *c > 0) {
            (true, _) => constant += c,
            (false, true) => positive = positive.add_scaled(1, &monomial).unwrap_or(positive),
            (false, false) => negative = negative.add_scaled(1, &monomial).unwrap_or(negative),
        }
    }
    let (le, ge) = if eq { ("==", "==") } else { ("<=", ">=") };
    let has_terms = |p: &IntPoly| p.monomials.iter().any(|(c, f)| *c != 0 && !f.is_empty());
    match (has_terms(&positive), has_terms(&negative)) {
        (false, true) => format!("{} {ge} {constant}", negative.text(name)),
        (true, false) => format!("{} {le} {}", positive.text(name), -constant),
        _ => {
            let right = negative.add_scaled(1, &IntPoly::of_constant(-constant)).unwrap_or(negative);
            format!("{} {le} {}", positive.text(name), right.text(name))
        }
    }
}
