//! Invariant candidates from observed states: the polynomial equalities that every state seen at
//! a loop's header satisfies (the "guess" of guess-and-check, Sharma et al., ESOP'13).
//!
//! The interpreter runs the program on random input streams and records the values of the
//! integer variables the user can name at each loop header (`leapfrog_interp::Watch`). Every
//! recorded state is reachable, so every equality that holds at the header holds in all of
//! them: the equalities `Σ c·m == 0` over the monomials `m` (1, each variable, the quotients and
//! remainders by constants the function computes — `i % 2`, `n / 2` — and for a few loop
//! variables their products of degree two, or of degree three where degree two gives nothing)
//! form the null space of the matrix of observed monomial values. A basis of it in reduced
//! echelon form — each equation solving one monomial, the loop's variables last, in terms of
//! earlier ones — gives the candidates: `res + cnt == a + b` for a loop that moves `cnt` into
//! `res`, `x == y * y` for one that squares a counter.
//!
//! Too few distinct states can let an equation through that a later state would break; that
//! costs only a candidate. Houdini keeps what is inductive and the independent checker
//! re-checks the certificate: nothing here is trusted.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics};
use leapfrog_interp::runs::RandomInputs;
use leapfrog_interp::{ExecConfig, UninitMode, Watch};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::Type;
use leapfrog_ir::{Command, Expr, FuncId, LocId, LoopId, MemoryView, Program, VarId, Visibility};
use leapfrog_linear::Rational;
use leapfrog_summarize::candidates::Candidate;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

/// At most this many runs, each of at most this many steps, and this long for all of them.
const MAX_RUNS: u64 = 128;
const MAX_STEPS: u64 = 50_000;
const BUDGET: Duration = Duration::from_millis(150);
/// States recorded per header and run.
const PER_RUN: usize = 48;
/// The variables per loop, and the loop variables whose products are monomials.
const MAX_VARS: usize = 10;
const MAX_PRODUCT_VARS: usize = 4;
/// The fewest distinct values a variable takes in products.
const MIN_FACTOR_VALUES: usize = 4;
/// The largest coefficient of a candidate (after scaling to coprime integers).
const MAX_COEFFICIENT: i128 = 1 << 16;

/// The type the candidates compute in: every product of two values of up to 32 bits fits.
const WIDE: IntTy = IntTy::I64;

/// The candidates for the loops of `fid` (a function of `q`, the program whose entry the runs
/// start from), per header, within `deadline`.
pub fn candidates(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    views: &[MemoryView],
    semantics: Semantics,
    deadline: Instant,
) -> Vec<(LocId, Candidate)> {
    let f = &q.funcs[fid];
    if forest.loops.is_empty() || q.entry != Some(fid) {
        return Vec::new();
    }
    let visibility = Visibility::new(q, views);
    let written_in = |l: LoopId| -> BTreeSet<VarId> {
        f.edges.iter().filter(|(_, e)| forest.loops[l].contains(e.from)).flat_map(|(_, e)| e.cmd.defs()).collect()
    };
    // Per loop: the variables to observe, the loop's own (read or written in it) last.
    let loops: Vec<(LocId, Vec<VarId>, usize)> = forest
        .loops
        .ids()
        .map(|l| {
            let lp = &forest.loops[l];
            let span = forest.syntax(f, l).1;
            let usable = |v: &VarId| {
                visibility.visible_at(*v, span)
                    && matches!(q.vars[*v].ty.reg(), Some(Type::Int(t))
                        if (t.bits() <= 32 || leapfrog_ir::checks::is_check_ghost(&q.vars[*v])) && !t.is_bool())
            };
            let mut own = BTreeSet::new();
            for (_, e) in f.edges.iter().filter(|(_, e)| lp.contains(e.from)) {
                for x in e.cmd.exprs() {
                    own.extend(x.reads());
                }
            }
            let written = written_in(l);
            // What the loops around it change (the outer counter `i` of `k == i * m + j`).
            let mut around = BTreeSet::new();
            let mut parent = lp.parent;
            while let Some(a) = parent {
                around.extend(
                    written_in(a).into_iter().filter(|v| !own.contains(v) && !written.contains(v) && usable(v)),
                );
                parent = forest.loops[a].parent;
            }
            // Variables read next to the loop's (a copy made before it, an assertion after it).
            let mut others = BTreeSet::new();
            for (_, e) in f.edges.iter() {
                let reads: Vec<VarId> = e.cmd.exprs().iter().flat_map(|x| x.reads()).collect();
                let defs = e.cmd.defs();
                if reads.iter().chain(&defs).any(|v| written.contains(v)) || matches!(e.cmd, Command::Assert { .. }) {
                    others.extend(reads.into_iter().chain(defs));
                }
            }
            own.extend(written.iter().copied());
            let own: Vec<VarId> = own.into_iter().filter(usable).collect();
            let mut vars: Vec<VarId> =
                others.into_iter().filter(|v| usable(v) && !own.contains(v) && !around.contains(v)).collect();
            // Unchanged variables first, then those the loops around change, then those the
            // loop writes: each equation solves for the last monomial it mentions.
            let (changed, unchanged): (Vec<VarId>, Vec<VarId>) = own.iter().partition(|v| written.contains(v));
            vars.truncate(MAX_VARS.saturating_sub(own.len() + around.len()));
            vars.extend(unchanged);
            vars.extend(around.iter().copied());
            // The factors of products: the loop's variables and those the loops around change,
            // the loop's changed ones first (`k == i * m` for a nest that adds `m` to `k` per
            // outer iteration reads `m`).
            let products = (own.len() + around.len()).min(MAX_PRODUCT_VARS);
            vars.extend(changed);
            vars.truncate(MAX_VARS);
            (lp.header, vars, products)
        })
        .collect();
    let quotients = quotients_by_constants(f);
    let all: Vec<VarId> =
        loops.iter().flat_map(|(_, v, _)| v.iter().copied()).collect::<BTreeSet<_>>().into_iter().collect();
    if all.is_empty() {
        return Vec::new();
    }
    let states = observe(q, fid, &loops.iter().map(|(h, _, _)| *h).collect::<Vec<_>>(), &all, semantics, deadline);
    let mut out = Vec::new();
    for (header, vars, products) in &loops {
        let index: Vec<usize> = vars.iter().filter_map(|v| all.iter().position(|w| w == v)).collect();
        let rows: BTreeSet<Vec<i128>> = states
            .get(header)
            .into_iter()
            .flatten()
            .filter_map(|values| index.iter().map(|&i| values[i]).collect::<Option<Vec<i128>>>())
            .collect();
        let atoms: Vec<Atom> = quotients
            .iter()
            .filter_map(|&(v, op, c)| vars.iter().position(|w| *w == v).map(|i| Atom { var: i, op, divisor: c }))
            .take(MAX_ATOMS)
            .collect();
        out.extend(equalities(q, vars, *products, &atoms, &rows).into_iter().map(|c| (*header, c)));
    }
    out
}

/// The states observed at `headers` (values of `vars`, in order) over random runs of `q`.
fn observe(
    q: &Program,
    fid: FuncId,
    headers: &[LocId],
    vars: &[VarId],
    semantics: Semantics,
    deadline: Instant,
) -> BTreeMap<LocId, Vec<Vec<Option<i128>>>> {
    let stop = deadline.min(Instant::now() + BUDGET);
    let mut inputs = RandomInputs::new(q, 0x9e37_79b9_7f4a_7c15);
    let mut out: BTreeMap<LocId, Vec<Vec<Option<i128>>>> = BTreeMap::new();
    for run in 0..MAX_RUNS {
        if Instant::now() >= stop {
            break;
        }
        let config = ExecConfig {
            nondet: inputs.stream(run),
            uninit: UninitMode::Nondet,
            max_steps: MAX_STEPS,
            semantics,
            deadline: Some(stop),
            watch: Some(Watch { func: fid, locs: headers.to_vec(), vars: vars.to_vec(), per_loc: PER_RUN }),
            ..ExecConfig::default()
        };
        for s in leapfrog_interp::run(q, &config).snapshots {
            out.entry(s.loc).or_default().push(s.values);
        }
    }
    out
}

/// A quotient or remainder of a variable by a constant, as the program computes one (`i % 2`,
/// `n / 2`): a column of the observed states next to the variables, so that `2*n == i + i % 2`
/// (a counter bumped on every other iteration) is an equality of the columns.
#[derive(Clone, Copy, Debug)]
struct Atom {
    /// The position of the variable among the loop's.
    var: usize,
    op: BinOp,
    divisor: i128,
}

/// At most this many quotient and remainder columns per loop.
const MAX_ATOMS: usize = 4;

/// The `(variable, Div|Rem, constant)` a function computes, for constants from 2 to 2^16, in the
/// order first met.
fn quotients_by_constants(f: &leapfrog_ir::Function) -> Vec<(VarId, BinOp, i128)> {
    let variable = |mut x: &Expr| loop {
        match x {
            Expr::Cast(_, inner) => x = inner,
            Expr::Var(v) => return Some(*v),
            _ => return None,
        }
    };
    let mut out = Vec::new();
    for (_, e) in f.edges.iter() {
        let mut stack: Vec<&Expr> = e.cmd.exprs();
        while let Some(x) = stack.pop() {
            if let Expr::Binary(op @ (BinOp::Div | BinOp::Rem), _, a, b) = x
                && let (Some(v), Some(c)) = (variable(a), b.as_const())
                && (2..=MAX_COEFFICIENT).contains(&c)
                && !out.contains(&(v, *op, c))
            {
                out.push((v, *op, c));
            }
            stack.extend(x.children());
        }
    }
    out
}

/// The equalities over `vars` (the last `products` of them also in products of two) and the
/// `atoms` that all `rows` satisfy, as candidates.
fn equalities(
    q: &Program,
    vars: &[VarId],
    products: usize,
    atoms: &[Atom],
    rows: &BTreeSet<Vec<i128>>,
) -> Vec<Candidate> {
    let quadratic = equalities_of_degree(q, vars, products, atoms, rows, 2);
    if !quadratic.is_empty() {
        return quadratic;
    }
    equalities_of_degree(q, vars, products, atoms, rows, 3)
}

/// The largest absolute value of a factor of a cubic candidate: its guard (`-B <= x && x <= B`
/// for each factor) keeps every product of three within 2^48, and the sum within `long`.
const CUBIC_FACTOR_BOUND: i128 = 1 << 16;
/// The largest sum of the absolute coefficients of a cubic candidate's products.
const CUBIC_COEFFICIENTS: i128 = 1 << 13;

/// [`equalities`] with products of the factors up to `degree` (2 or 3). Degree 2: a product may
/// appear once, with coefficient ±1, and every product of two 32-bit values fits `long`.
/// Degree 3 (Proteus Fig. 2's `6*m == 6 + i*i*i - i`): products with coefficients up to
/// [`CUBIC_COEFFICIENTS`] in all, under a guard that bounds each factor.
fn equalities_of_degree(
    q: &Program,
    vars: &[VarId],
    products: usize,
    atoms: &[Atom],
    rows: &BTreeSet<Vec<i128>>,
    degree: usize,
) -> Vec<Candidate> {
    // The columns: each variable, then each atom; a row of values gets the atoms' values.
    let columns = vars.len() + atoms.len();
    let atom_value = |row: &[i128], a: &Atom| -> Option<i128> {
        match a.op {
            BinOp::Div => row[a.var].checked_div(a.divisor),
            _ => row[a.var].checked_rem(a.divisor),
        }
    };
    let rows: BTreeSet<Vec<i128>> = rows
        .iter()
        .filter_map(|r| {
            let extra: Option<Vec<i128>> = atoms.iter().map(|a| atom_value(r, a)).collect();
            Some(r.iter().copied().chain(extra?).collect())
        })
        .collect();
    let rows = &rows;
    // The monomials: 1, each atom, each variable, and the products of the last `products`
    // variables (when there are enough distinct states to tell them apart).
    let mut monomials: Vec<Vec<usize>> = std::iter::once(Vec::new())
        .chain((vars.len()..columns).map(|i| vec![i]))
        .chain((0..vars.len()).map(|i| vec![i]))
        .collect();
    // A variable of a few values only is no factor: `y * y == 10 * y` for `y` in {0, 10} holds,
    // but only costs the solver.
    let varied = |i: usize| rows.iter().map(|r| r[i]).collect::<BTreeSet<i128>>().len() >= MIN_FACTOR_VALUES;
    let factors: Vec<usize> = (vars.len() - products..vars.len()).filter(|&i| varied(i)).collect();
    let mut nonlinear: Vec<Vec<usize>> =
        factors.iter().enumerate().flat_map(|(a, &i)| factors[a..].iter().map(move |&j| vec![i, j])).collect();
    if degree == 3 {
        let cubic: Vec<Vec<usize>> = nonlinear
            .iter()
            .flat_map(|m| factors.iter().filter(|&&k| k >= m[1]).map(move |&k| vec![m[0], m[1], k]))
            .collect();
        if cubic.is_empty() {
            return Vec::new();
        }
        nonlinear.extend(cubic);
    }
    if rows.len() >= monomials.len() + nonlinear.len() + 4 {
        monomials.extend(nonlinear);
    } else if degree == 3 {
        return Vec::new();
    }
    if rows.len() < monomials.len().min(8) {
        return Vec::new();
    }
    let mut space = RowSpace::default();
    for row in rows {
        let values: Vec<Rational> = monomials
            .iter()
            .map(|m| m.iter().fold(Rational::one(), |acc, &i| acc * Rational::from_integer(row[i].into())))
            .collect();
        space.add(values);
        if space.rows.len() == monomials.len() {
            return Vec::new();
        }
    }
    let wide = |v: VarId| match q.vars[v].ty.reg() {
        Some(Type::Int(t)) if t == WIDE => Expr::Var(v),
        _ => Expr::cast(WIDE, Expr::Var(v)),
    };
    let column = |i: usize| -> Expr {
        match atoms.get(i.wrapping_sub(vars.len())) {
            Some(a) if i >= vars.len() => Expr::binary(a.op, WIDE, wide(vars[a.var]), Expr::int(a.divisor, WIDE)),
            _ => wide(vars[i]),
        }
    };
    let mut out = Vec::new();
    for equation in space.null_space(monomials.len()) {
        let Some(coefficients) = integers(&equation) else { continue };
        // Degree 2: products only with a unit coefficient, alone: the sum stays within the wide
        // type. Degree 3: see `CUBIC_COEFFICIENTS`.
        let nonlinear: i128 =
            monomials.iter().zip(&coefficients).filter(|(m, _)| m.len() >= 2).map(|(_, c)| c.abs()).sum();
        if nonlinear > if degree == 2 { 1 } else { CUBIC_COEFFICIENTS } {
            continue;
        }
        let term = |m: &[usize], c: i128| -> Expr {
            let product = m.iter().map(|&i| column(i)).reduce(|a, b| Expr::binary(BinOp::Mul, WIDE, a, b));
            match product {
                None => Expr::int(c, WIDE),
                Some(p) if c == 1 => p,
                Some(p) => Expr::binary(BinOp::Mul, WIDE, Expr::int(c, WIDE), p),
            }
        };
        // Positive terms on the left, the others on the right, the constant last.
        let side = |positive: bool| -> Expr {
            let mut terms: Vec<(&Vec<usize>, i128)> = monomials
                .iter()
                .zip(&coefficients)
                .filter(|(_, c)| **c != 0 && (**c > 0) == positive)
                .map(|(m, c)| (m, c.abs()))
                .collect();
            terms.sort_by_key(|(m, _)| (m.is_empty(), std::cmp::Reverse(m.len())));
            terms
                .into_iter()
                .map(|(m, c)| term(m, c))
                .reduce(|a, b| Expr::binary(BinOp::Add, WIDE, a, b))
                .unwrap_or_else(|| Expr::int(0, WIDE))
        };
        let mut expr = Expr::cmp(CmpOp::Eq, side(true), side(false));
        if degree == 3 {
            // Each factor of a product bounded first (C's `&&` evaluates the equation only then).
            let used: BTreeSet<usize> = monomials
                .iter()
                .zip(&coefficients)
                .filter(|(m, c)| m.len() >= 2 && **c != 0)
                .flat_map(|(m, _)| m.iter().copied())
                .collect();
            for &i in used.iter().rev() {
                let x = Expr::Var(vars[i]);
                let ty = match q.vars[vars[i]].ty.reg() {
                    Some(Type::Int(t)) => t,
                    _ => WIDE,
                };
                let within = leapfrog_summarize::candidates::and(
                    Expr::cmp(CmpOp::Le, Expr::int(-CUBIC_FACTOR_BOUND, ty), x.clone()),
                    Expr::cmp(CmpOp::Le, x, Expr::int(CUBIC_FACTOR_BOUND, ty)),
                );
                expr = leapfrog_summarize::candidates::and(within, expr);
            }
        }
        let text = leapfrog_ir::print::expr_to_c(q, &expr);
        out.push(Candidate { expr, text });
    }
    out
}

/// `v` scaled to coprime integers with a positive last non-zero entry, when they are small.
fn integers(v: &[Rational]) -> Option<Vec<i128>> {
    use num_integer::Integer;
    let lcm = v.iter().fold(num_bigint::BigInt::one(), |acc, c| acc.lcm(c.denom()));
    let scaled: Vec<num_bigint::BigInt> =
        v.iter().map(|c| (c * Rational::from_integer(lcm.clone())).to_integer()).collect();
    let gcd = scaled.iter().fold(num_bigint::BigInt::zero(), |acc, c| acc.gcd(c));
    if gcd.is_zero() {
        return None;
    }
    let sign = if scaled.iter().rev().find(|c| !c.is_zero())?.is_negative() { -1 } else { 1 };
    scaled.iter().map(|c| (c / &gcd).to_i128().map(|c| c * sign).filter(|c| c.abs() <= MAX_COEFFICIENT)).collect()
}

/// The span of the rows added so far, in reduced row echelon form: each row with its pivot
/// column (1 there, 0 in every other row).
#[derive(Default)]
struct RowSpace {
    rows: Vec<(usize, Vec<Rational>)>,
}

impl RowSpace {
    fn add(&mut self, mut row: Vec<Rational>) {
        for (pivot, basis) in &self.rows {
            if !row[*pivot].is_zero() {
                let factor = row[*pivot].clone();
                for (x, b) in row.iter_mut().zip(basis) {
                    *x -= &factor * b;
                }
            }
        }
        let Some(pivot) = row.iter().position(|x| !x.is_zero()) else { return };
        let lead = row[pivot].clone();
        for x in row.iter_mut() {
            *x /= &lead;
        }
        for (_, basis) in self.rows.iter_mut() {
            if !basis[pivot].is_zero() {
                let factor = basis[pivot].clone();
                for (x, r) in basis.iter_mut().zip(&row) {
                    *x -= &factor * r;
                }
            }
        }
        self.rows.push((pivot, row));
    }

    /// A basis of the vectors orthogonal to every row: one per free column `f`, with 1 at `f`
    /// and each pivot's negated entry in column `f`.
    fn null_space(&self, columns: usize) -> Vec<Vec<Rational>> {
        let pivots: BTreeSet<usize> = self.rows.iter().map(|(p, _)| *p).collect();
        (0..columns)
            .filter(|c| !pivots.contains(c))
            .map(|free| {
                let mut v = vec![Rational::zero(); columns];
                v[free] = Rational::one();
                for (pivot, row) in &self.rows {
                    v[*pivot] = -row[free].clone();
                }
                v
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i64) -> Rational {
        Rational::from_integer(n.into())
    }

    #[test]
    fn null_space_of_observed_rows() {
        // Rows (1, a, res): res == a + 3 in every row.
        let mut space = RowSpace::default();
        for a in [0i64, 5, -2, 7] {
            space.add(vec![r(1), r(a), r(a + 3)]);
        }
        let basis = space.null_space(3);
        assert_eq!(basis.len(), 1);
        assert_eq!(integers(&basis[0]), Some(vec![-3, -1, 1]));
    }

    #[test]
    fn reduced_echelon_form_solves_the_later_columns() {
        // Rows (1, x, y, z) with z == x + y and y == 2: two equations, each solving a later
        // column in terms of earlier ones.
        let mut space = RowSpace::default();
        for x in [0i64, 1, 5, -3, 8] {
            space.add(vec![r(1), r(x), r(2), r(x + 2)]);
        }
        let basis: Vec<Vec<i128>> = space.null_space(4).iter().filter_map(|v| integers(v)).collect();
        assert_eq!(basis, vec![vec![-2, 0, 1, 0], vec![-2, -1, 0, 1]]);
    }

    fn program_with(names: &[&str]) -> (Program, Vec<VarId>) {
        let mut q = Program {
            files: leapfrog_source::SourceFiles::new(),
            data_model: leapfrog_ir::DataModel::LP64,
            vars: leapfrog_ir::IdVec::new(),
            funcs: leapfrog_ir::IdVec::new(),
            globals: Vec::new(),
            init: FuncId(0),
            entry: None,
            externs: Vec::new(),
            diagnostics: Vec::new(),
        };
        let vars = names
            .iter()
            .map(|n| {
                q.vars.push(leapfrog_ir::Var {
                    name: n.to_string(),
                    ty: leapfrog_ir::VarTy::Reg(Type::Int(IntTy::I32)),
                    kind: leapfrog_ir::VarKind::Local,
                    func: None,
                    span: leapfrog_source::Span::UNKNOWN,
                    scope: None,
                })
            })
            .collect();
        (q, vars)
    }

    #[test]
    fn a_square_among_the_products() {
        // States of `sq = sq + 2*k + 1; k = k + 1` from 0, with n an unchanged bound.
        let (q, vars) = program_with(&["n", "k", "sq"]);
        let rows: BTreeSet<Vec<i128>> =
            [7i128, 12, 30].iter().flat_map(|&n| (0..=n).map(move |k| vec![n, k, k * k])).collect();
        let texts: Vec<String> = equalities(&q, &vars, 2, &[], &rows).into_iter().map(|c| c.text).collect();
        assert_eq!(texts, vec!["(long)k * (long)k == (long)sq"]);
    }

    #[test]
    fn a_remainder_column() {
        // States of `if (i % 2 == 1) odd++; i++` from 0, with the column `i % 2`.
        let (q, vars) = program_with(&["odd", "i"]);
        let rows: BTreeSet<Vec<i128>> = (0..20i128).map(|i| vec![i / 2, i]).collect();
        let atoms = [Atom { var: 1, op: BinOp::Rem, divisor: 2 }];
        let texts: Vec<String> = equalities(&q, &vars, 0, &atoms, &rows).into_iter().map(|c| c.text).collect();
        assert_eq!(texts, vec!["(long)i == (long)i % 2 + 2 * (long)odd"]);
        // Without the column the states satisfy no equality.
        assert!(equalities(&q, &vars, 0, &[], &rows).is_empty());
    }

    #[test]
    fn a_cubic_equation_with_its_guard() {
        // States of `s += i * i; i++` from 0: `6*s == 2*i^3 - 3*i^2 + i`, no equation of degree two.
        let (q, vars) = program_with(&["i", "s"]);
        let rows: BTreeSet<Vec<i128>> = (0..30i128).map(|i| vec![i, (0..i).map(|k| k * k).sum()]).collect();
        let texts: Vec<String> = equalities(&q, &vars, 2, &[], &rows).into_iter().map(|c| c.text).collect();
        assert_eq!(
            texts,
            vec![
                "-65536 <= i && i <= 65536 && 2 * ((long)i * (long)i * (long)i) + (long)i == 3 * ((long)i * (long)i) + 6 \
                 * (long)s"
            ]
        );
    }

    #[test]
    fn too_few_rows_give_no_equation() {
        let rows: BTreeSet<Vec<i128>> = [vec![1, 2], vec![3, 4]].into_iter().collect();
        let (q, vars) = program_with(&["a", "b"]);
        assert!(equalities(&q, &vars, 2, &[], &rows).is_empty());
    }
}
