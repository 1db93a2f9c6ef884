//! One round of ranking-function synthesis as a linear program over the rationals (Z3's
//! optimizer, exact arithmetic), by Farkas' lemma (Podelski–Rybalchenko; ADFG for the rounds).
//!
//! For each path `P_i = {r(z) ≤ 0 (or = 0) for its rows r}` over the symbols `z` (pre-state
//! values `X` and auxiliaries; the post-state `X'` is affine in `z`), unknown coefficients `c`,
//! `c0` and a decrease `δ_i ∈ [0, 1]`:
//! - bounded: `P_i ⇒ c·X + c0 ≥ 0`;
//! - decreasing: `P_i ⇒ c·X − c·X' ≥ δ_i`.
//!
//! Each implication `P ⇒ g·z + g0 ≤ 0` is replaced by its Farkas certificate: multipliers `λ_r`
//! (non-negative for inequalities, free for equalities) with `Σ_r λ_r·a_r = g` and
//! `g0 ≤ Σ_r λ_r·b_r` (rows `a_r·z + b_r`), which is sufficient (sound) always and necessary when
//! `P` is satisfiable. The objectives, in order: maximize `Σ δ_i`, then minimize
//! `Σ |c_x| + |c0|` (small coefficients, no irrelevant variables).
//!
//! A path may also be required to decrease by 1 (instead of maximizing its `δ_i`), and the bound
//! may be left out for some paths (the certificate only needs it where the component decreases).

use super::rational::Rat;
use leapfrog_paths::linear::{Lin, Row, Sym};
use leapfrog_paths::{LinPath, Res};
use leapfrog_smt::QueryLimits;
use leapfrog_smt::z3::ast::{Int, Real};
use leapfrog_smt::z3::{Model, Optimize, Params, SatResult};
use std::collections::BTreeMap;
use std::time::Instant;

/// What one round asks of one path.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Req {
    /// `c·X + c0 ≥ 0` on the path.
    pub bounded: bool,
    pub decrease: Decrease,
}

/// The decrease `δ_i` a round asks of one path.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Decrease {
    /// `δ_i = 1`.
    One,
    /// `δ_i ∈ [0, 1]`, maximized.
    Maximized,
    /// `δ_i = 0`: non-increasing.
    Zero,
}

/// The rational solution of one round.
pub(crate) struct RoundResult {
    pub coeffs: BTreeMap<Sym, Rat>,
    pub constant: Rat,
    /// Per path of the round: whether it strictly decreases (`δ_i > 0`).
    pub strict: Vec<bool>,
}

fn real(v: i128) -> Real {
    Real::from_int(&Int::from_i128(v))
}

fn sum(terms: Vec<Real>) -> Real {
    if terms.is_empty() { real(0) } else { Real::add(&terms) }
}

/// Asserts the Farkas certificate of `rows ⇒ Σ_k g_k·z_k + g0 ≤ 0` (`g_k` absent = 0).
fn implies(opt: &Optimize, rows: &[Row], g: &BTreeMap<Sym, Vec<Real>>, g0: Vec<Real>, tag: &str) {
    let lambdas: Vec<Real> = (0..rows.len()).map(|r| Real::new_const(format!("rk_{tag}_l{r}"))).collect();
    let zero = real(0);
    for (row, lam) in rows.iter().zip(&lambdas) {
        if !row.eq {
            opt.assert(lam.ge(&zero));
        }
    }
    let mut columns: BTreeMap<Sym, Vec<Real>> = BTreeMap::new();
    for k in g.keys() {
        columns.entry(*k).or_default();
    }
    for (row, lam) in rows.iter().zip(&lambdas) {
        for (&k, &a) in &row.lin.terms {
            columns.entry(k).or_default().push(Real::mul(&[lam.clone(), real(a)]));
        }
    }
    for (k, col) in columns {
        let lhs = sum(col);
        let rhs = g.get(&k).map(|t| sum(t.clone())).unwrap_or_else(|| real(0));
        opt.assert(lhs.eq(&rhs));
    }
    let consts: Vec<Real> = rows
        .iter()
        .zip(&lambdas)
        .filter(|(r, _)| r.lin.constant != 0)
        .map(|(r, lam)| Real::mul(&[lam.clone(), real(r.lin.constant)]))
        .collect();
    opt.assert(sum(g0).le(sum(consts)));
}

/// Finds the component that is non-increasing on all of `paths`, meets `reqs`, and strictly
/// decreases on as many of them as possible; `None` when no component meets `reqs`.
/// With `integer`, the coefficients are integers (a mixed problem: slower, but the minimal norm is
/// then not reached by fractions that exploit the ranges of the variables).
pub(crate) fn round(
    paths: &[&LinPath],
    reqs: &[Req],
    xs: &[Sym],
    integer: bool,
    limits: QueryLimits,
    deadline: Instant,
) -> Res<Option<RoundResult>> {
    let opt = Optimize::new();
    let zero = real(0);
    let one = real(1);
    let unknown = |name: String| {
        if integer { Real::from_int(&Int::new_const(format!("{name}_int"))) } else { Real::new_const(name) }
    };
    let c: BTreeMap<Sym, Real> = xs.iter().map(|&x| (x, unknown(format!("rk_c{x}")))).collect();
    let c0 = unknown("rk_const".to_string());
    let mut abs = Vec::new();
    for (x, cx) in &c {
        let t = Real::new_const(format!("rk_t{x}"));
        opt.assert(t.ge(cx));
        opt.assert(t.ge(cx.unary_minus()));
        abs.push(t);
    }
    let t0 = Real::new_const("rk_tconst");
    opt.assert(t0.ge(&c0));
    opt.assert(t0.ge(c0.unary_minus()));
    let mut deltas = Vec::new();
    for (i, (path, req)) in paths.iter().zip(reqs).enumerate() {
        let d = Real::new_const(format!("rk_d{i}"));
        match req.decrease {
            Decrease::One => opt.assert(d.eq(&one)),
            Decrease::Zero => opt.assert(d.eq(&zero)),
            Decrease::Maximized => {
                opt.assert(d.ge(&zero));
                opt.assert(d.le(&one));
            }
        }
        if req.bounded {
            // Bounded: −c·X − c0 ≤ 0.
            let g: BTreeMap<Sym, Vec<Real>> = c.iter().map(|(&x, cx)| (x, vec![cx.unary_minus()])).collect();
            implies(&opt, &path.rows, &g, vec![c0.unary_minus()], &format!("b{i}"));
        }
        // Decreasing: c·X' − c·X + δ ≤ 0, with X'_x = post_x(z) for the changed variables.
        let mut g: BTreeMap<Sym, Vec<Real>> = BTreeMap::new();
        let mut g0 = vec![d.clone()];
        for (x, post) in &path.post {
            let Some(cx) = c.get(x) else { continue };
            for (&k, &a) in &post.terms {
                g.entry(k).or_default().push(Real::mul(&[cx.clone(), real(a)]));
            }
            g.entry(*x).or_default().push(cx.unary_minus());
            if post.constant != 0 {
                g0.push(Real::mul(&[cx.clone(), real(post.constant)]));
            }
        }
        implies(&opt, &path.rows, &g, g0, &format!("d{i}"));
        deltas.push(d);
    }
    opt.maximize(&sum(deltas.clone()));
    abs.push(t0);
    opt.minimize(&sum(abs));

    let Some(model) = solve(&opt, limits, deadline, "the ranking LP")? else { return Ok(None) };
    let value = |r: &Real| model_value(&model, r);
    let (coeffs, constant) = form_value(&model, &c, &c0)?;
    let strict = deltas.iter().map(|d| value(d).map(|v| v.num > 0)).collect::<Res<Vec<bool>>>()?;
    Ok(Some(RoundResult { coeffs, constant, strict }))
}

/// Runs the optimizer within `limits` and `deadline`: its model, `None` when the problem (named
/// `what` in errors) is infeasible.
fn solve(opt: &Optimize, limits: QueryLimits, deadline: Instant, what: &str) -> Res<Option<Model>> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err("time limit reached".into());
    }
    let mut params = Params::new();
    params.set_u32("timeout", left.min(limits.timeout).as_millis().clamp(1, u128::from(u32::MAX)) as u32);
    if limits.rlimit > 0 {
        params.set_u32("rlimit", limits.rlimit);
    }
    opt.set_params(&params);
    match opt.check(&[]) {
        SatResult::Sat => opt.get_model().map(Some).ok_or_else(|| "the optimizer gave no model".into()),
        SatResult::Unsat => Ok(None),
        SatResult::Unknown => {
            let why = opt.get_reason_unknown().unwrap_or_else(|| "unknown".into());
            Err(format!("{what} was not solved ({why})"))
        }
    }
}

/// The value in `model` of the linear form with unknown coefficients `c` and constant `c0`
/// (zero coefficients left out).
fn form_value(model: &Model, c: &BTreeMap<Sym, Real>, c0: &Real) -> Res<RationalForm> {
    let mut coeffs = BTreeMap::new();
    for (&x, cx) in c {
        let v = model_value(model, cx)?;
        if v.num != 0 {
            coeffs.insert(x, v);
        }
    }
    Ok((coeffs, model_value(model, c0)?))
}

/// The rational value of `r` in the optimizer's model.
fn model_value(model: &Model, r: &Real) -> Res<Rat> {
    let v = model.eval(r, true).ok_or("the optimizer's model has no value")?;
    if let Some((n, d)) = v.as_rational() {
        return Rat::new(i128::from(n), i128::from(d)).ok_or_else(|| "bad rational".to_string());
    }
    Rat::parse(&v.to_string()).ok_or_else(|| format!("cannot read the rational {v}"))
}

/// The value of a component over the pre-state symbols.
pub(crate) fn pre_value(coeffs: &BTreeMap<Sym, i128>, constant: i128) -> Lin {
    Lin { constant, terms: coeffs.iter().filter(|(_, c)| **c != 0).map(|(&s, &c)| (s, c)).collect() }
}

/// The value of a component after the path (`None` on overflow).
pub(crate) fn post_value(coeffs: &BTreeMap<Sym, i128>, constant: i128, path: &LinPath) -> Option<Lin> {
    let mut out = Lin::constant(constant);
    for (&s, &c) in coeffs {
        out = match path.post.get(&s) {
            Some(post) => out.add_scaled(c, post)?,
            None => out.add_scaled(c, &Lin::sym(s))?,
        };
    }
    Some(out)
}

/// A linear function with rational coefficients: coefficients per symbol and the constant.
pub(crate) type RationalForm = (BTreeMap<Sym, Rat>, Rat);

/// A nested ranking function `(f_1, …, f_k)` for `paths` over the variables `xs` (Leike–Heizmann,
/// TACAS'14), as one LP: on every path, `f_1(X') − f_1(X) + 1 ≤ 0`,
/// `f_i(X') − f_i(X) − f_{i−1}(X) ≤ 0` for `i ≥ 2`, and `−f_k(X) ≤ 0`. Every condition is
/// linear in the unknown coefficients jointly, so Farkas' lemma applies as in [`round`]. The
/// objective minimizes the coefficients' absolute values. `None`: no such function (over the
/// rationals, for satisfiable paths).
pub(crate) fn nested(
    paths: &[&LinPath],
    xs: &[Sym],
    k: usize,
    limits: QueryLimits,
    deadline: Instant,
) -> Res<Option<Vec<RationalForm>>> {
    let opt = Optimize::new();
    let fs: Vec<(BTreeMap<Sym, Real>, Real)> = (0..k)
        .map(|i| {
            let c = xs.iter().map(|&x| (x, Real::new_const(format!("nr_c{i}_{x}")))).collect();
            (c, Real::new_const(format!("nr_const{i}")))
        })
        .collect();
    let mut abs = Vec::new();
    for (c, c0) in &fs {
        for t in c.values().chain([c0]) {
            let a = Real::new_const(format!("nr_abs{}", abs.len()));
            opt.assert(a.ge(t));
            opt.assert(a.ge(t.unary_minus()));
            abs.push(a);
        }
    }
    for (p, path) in paths.iter().enumerate() {
        // f_i(X') − f_i(X) as coefficients of the path's symbols and a constant.
        let change = |i: usize| {
            let mut g: BTreeMap<Sym, Vec<Real>> = BTreeMap::new();
            let mut g0 = Vec::new();
            for (x, post) in &path.post {
                let Some(cx) = fs[i].0.get(x) else { continue };
                for (&s, &a) in &post.terms {
                    g.entry(s).or_default().push(Real::mul(&[cx.clone(), real(a)]));
                }
                g.entry(*x).or_default().push(cx.unary_minus());
                if post.constant != 0 {
                    g0.push(Real::mul(&[cx.clone(), real(post.constant)]));
                }
            }
            (g, g0)
        };
        let (g, mut g0) = change(0);
        g0.push(real(1));
        implies(&opt, &path.rows, &g, g0, &format!("n{p}_0"));
        for i in 1..k {
            let (mut g, mut g0) = change(i);
            for (x, c) in &fs[i - 1].0 {
                g.entry(*x).or_default().push(c.unary_minus());
            }
            g0.push(fs[i - 1].1.unary_minus());
            implies(&opt, &path.rows, &g, g0, &format!("n{p}_{i}"));
        }
        let (c, c0) = &fs[k - 1];
        let g: BTreeMap<Sym, Vec<Real>> = c.iter().map(|(&x, cx)| (x, vec![cx.unary_minus()])).collect();
        implies(&opt, &path.rows, &g, vec![c0.unary_minus()], &format!("n{p}_b"));
    }
    opt.minimize(&sum(abs));
    let Some(model) = solve(&opt, limits, deadline, "the nested ranking LP")? else { return Ok(None) };
    fs.iter().map(|(c, c0)| form_value(&model, c, c0)).collect::<Res<Vec<_>>>().map(Some)
}
