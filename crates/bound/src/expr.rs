//! Bound expressions: what `bound` prints, what the instrumented program asserts, and what the
//! candidate invariants that prove it say.
//!
//! A [`Bound`] is the maximum of [`Term`]s `max(0, Q) / d`: `Q` a polynomial with integer
//! coefficients over the variables' values at the loop's entry, `d ≥ 1`, the division rounding
//! down (of a non-negative value). It is printed in the expression language of the README
//! (`max(0, n - i + 1) / 2`, `max(a, b)`), evaluated over mathematical integers, and written into
//! the IR as the boolean `count <= B` (`count <= 0 || d·count <= Q` per term: for `count ≥ 1`,
//! `count ≤ ⌊max(0, Q)/d⌋` is `d·count ≤ Q`), so that no IR expression needs `max` or a division.

use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::{Expr, VarId};
use leapfrog_linear::{Rational, to_i128};
use leapfrog_proteus::poly::{Atom, Poly};
use leapfrog_summarize::candidates::or;
use std::collections::BTreeSet;

/// The type the bound's arithmetic is written in (signed: mathematical integers under the
/// default semantics; its values stay far from its limits with the degrees allowed).
pub const WIDE: IntTy = IntTy::I64;

/// The highest degree of a bound's polynomial, and its largest coefficient: products of two
/// 32-bit values (and a count) fit the 64-bit type the checker computes them in.
pub const MAX_DEGREE: u32 = 2;
const MAX_COEFFICIENT: i128 = 1 << 20;

/// `Σ c·Π factors` with integer coefficients (factors sorted, with repetition).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct IntPoly {
    pub monomials: Vec<(i128, Vec<Factor>)>,
}

/// A factor of a monomial: a variable, or the positive part `max(0, p)` of a polynomial (what
/// an amortized bound multiplies: `max(0, N) * max(0, i)`, [`crate::amortized`]).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Factor {
    Var(VarId),
    Pos(IntPoly),
}

impl Factor {
    /// The variable, when the factor is one.
    pub fn var(&self) -> Option<VarId> {
        match self {
            Factor::Var(v) => Some(*v),
            Factor::Pos(_) => None,
        }
    }

    fn degree(&self) -> u32 {
        match self {
            Factor::Var(_) => 1,
            Factor::Pos(p) => p.degree(),
        }
    }

    fn eval(&self, value: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
        match self {
            Factor::Var(v) => value(*v),
            Factor::Pos(p) => Some(p.eval(value)?.max(0)),
        }
    }
}

/// `max(0, numerator) / divisor`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Term {
    pub numerator: IntPoly,
    pub divisor: i128,
}

/// The maximum of its terms (at least one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bound {
    pub terms: Vec<Term>,
}

impl IntPoly {
    /// `poly · scale` when it is over program variables with integer coefficients within the
    /// limits; `None` otherwise.
    pub fn from_poly(poly: &Poly, scale: &Rational) -> Option<IntPoly> {
        if poly.degree() > MAX_DEGREE {
            return None;
        }
        let mut monomials = std::collections::BTreeMap::new();
        for (m, c) in &poly.terms {
            let c = to_i128(&(c * scale))?;
            if c.abs() > MAX_COEFFICIENT {
                return None;
            }
            let mut factors = Vec::new();
            for (a, e) in m {
                let Atom::Var(v) = a else { return None };
                factors.extend(std::iter::repeat_n(Factor::Var(*v), *e as usize));
            }
            factors.sort();
            monomials.insert(factors, c);
        }
        Some(IntPoly::from_sums(monomials))
    }

    /// The polynomial of the coefficients per monomial (factors sorted), zeros left out, in the
    /// printed order: highest degree first, the positive terms of a degree first, the constant
    /// last (`n*m - i*m + n - i - j`).
    pub fn from_sums(sums: std::collections::BTreeMap<Vec<Factor>, i128>) -> IntPoly {
        let mut monomials: Vec<(i128, Vec<Factor>)> =
            sums.into_iter().filter(|(_, c)| *c != 0).map(|(f, c)| (c, f)).collect();
        monomials.sort_by(|(c, a), (d, b)| b.len().cmp(&a.len()).then((*c < 0).cmp(&(*d < 0))).then(a.cmp(b)));
        IntPoly { monomials }
    }

    /// The polynomial of coefficients per product of variables (see [`IntPoly::from_sums`]).
    pub fn from_var_sums(sums: std::collections::BTreeMap<Vec<VarId>, i128>) -> IntPoly {
        IntPoly::from_sums(sums.into_iter().map(|(f, c)| (f.into_iter().map(Factor::Var).collect(), c)).collect())
    }

    /// The polynomial with the variables `value` knows replaced by their values (`None` on an
    /// overflow or a coefficient beyond the limit).
    pub fn partial(&self, value: &dyn Fn(VarId) -> Option<i128>) -> Option<IntPoly> {
        let mut sums: std::collections::BTreeMap<Vec<Factor>, i128> = std::collections::BTreeMap::new();
        for (c, factors) in &self.monomials {
            let mut c = *c;
            let mut left = Vec::new();
            for f in factors {
                match f {
                    Factor::Var(v) => match value(*v) {
                        Some(x) => c = c.checked_mul(x)?,
                        None => left.push(f.clone()),
                    },
                    Factor::Pos(p) => {
                        let p = p.partial(value)?;
                        match p.constant() {
                            Some(x) => c = c.checked_mul(x.max(0))?,
                            None => left.push(Factor::Pos(p)),
                        }
                    }
                }
            }
            left.sort();
            let sum = sums.entry(left).or_insert(0);
            *sum = sum.checked_add(c)?;
        }
        if sums.values().any(|c| c.abs() > MAX_COEFFICIENT) {
            return None;
        }
        Some(IntPoly::from_sums(sums))
    }

    pub fn vars(&self) -> BTreeSet<VarId> {
        let mut out = BTreeSet::new();
        for (_, factors) in &self.monomials {
            for f in factors {
                match f {
                    Factor::Var(v) => {
                        out.insert(*v);
                    }
                    Factor::Pos(p) => out.extend(p.vars()),
                }
            }
        }
        out
    }

    /// `c` (a constant), `v` (a variable), `max(0, p)`.
    pub fn of_constant(c: i128) -> IntPoly {
        IntPoly::from_sums([(Vec::new(), c)].into())
    }
    pub fn of_var(v: VarId) -> IntPoly {
        IntPoly::from_sums([(vec![Factor::Var(v)], 1)].into())
    }
    pub fn positive_part(p: IntPoly) -> IntPoly {
        match p.constant() {
            Some(c) => IntPoly::of_constant(c.max(0)),
            None => IntPoly::from_sums([(vec![Factor::Pos(p)], 1)].into()),
        }
    }

    /// Whether it is non-negative wherever it is defined, as it is written: positive
    /// coefficients of products of positive parts.
    pub fn manifestly_non_negative(&self) -> bool {
        self.monomials.iter().all(|(c, f)| *c > 0 && f.iter().all(|f| matches!(f, Factor::Pos(_))))
    }

    /// `self + k·other` (`None` on an overflow of `i128`).
    pub fn add_scaled(&self, k: i128, other: &IntPoly) -> Option<IntPoly> {
        let mut sums: std::collections::BTreeMap<Vec<Factor>, i128> = std::collections::BTreeMap::new();
        for (c, f) in &self.monomials {
            sums.insert(f.clone(), *c);
        }
        for (c, f) in &other.monomials {
            let sum = sums.entry(f.clone()).or_insert(0);
            *sum = sum.checked_add(c.checked_mul(k)?)?;
        }
        Some(IntPoly::from_sums(sums))
    }

    /// The product (`None` on an overflow of `i128`).
    pub fn times(&self, other: &IntPoly) -> Option<IntPoly> {
        let mut sums: std::collections::BTreeMap<Vec<Factor>, i128> = std::collections::BTreeMap::new();
        for (c, f) in &self.monomials {
            for (d, g) in &other.monomials {
                let mut factors: Vec<Factor> = f.iter().chain(g).cloned().collect();
                factors.sort();
                let sum = sums.entry(factors).or_insert(0);
                *sum = sum.checked_add(c.checked_mul(*d)?)?;
            }
        }
        Some(IntPoly::from_sums(sums))
    }

    /// Every variable replaced by its polynomial (`None` when `value` has none for one, or on
    /// an overflow).
    pub fn substitute(&self, value: &dyn Fn(VarId) -> Option<IntPoly>) -> Option<IntPoly> {
        let mut out = IntPoly::of_constant(0);
        for (c, factors) in &self.monomials {
            let mut product = IntPoly::of_constant(*c);
            for f in factors {
                let by = match f {
                    Factor::Var(v) => value(*v)?,
                    Factor::Pos(p) => IntPoly::positive_part(p.substitute(value)?),
                };
                product = product.times(&by)?;
            }
            out = out.add_scaled(1, &product)?;
        }
        Some(out)
    }

    /// The highest degree of its monomials.
    pub fn degree(&self) -> u32 {
        self.monomials.iter().map(|(_, f)| f.iter().map(Factor::degree).sum::<u32>()).max().unwrap_or(0)
    }

    pub fn constant(&self) -> Option<i128> {
        match self.monomials.as_slice() {
            [] => Some(0),
            [(c, f)] if f.is_empty() => Some(*c),
            _ => None,
        }
    }

    /// The value (`None` on a missing value or an overflow of `i128`).
    pub fn eval(&self, value: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
        let mut sum: i128 = 0;
        for (c, factors) in &self.monomials {
            let mut product = *c;
            for f in factors {
                product = product.checked_mul(f.eval(value)?)?;
            }
            sum = sum.checked_add(product)?;
        }
        Some(sum)
    }

    /// In the bound's expression language: `n*m - m*i + n - i - j`, `max(0, N) * max(0, i)`.
    pub fn text(&self, name: &dyn Fn(VarId) -> String) -> String {
        self.text_in(name, false)
    }

    /// As C (a positive part as `(p > 0 ? p : 0)`).
    pub fn c_text(&self, name: &dyn Fn(VarId) -> String) -> String {
        self.text_in(name, true)
    }

    fn text_in(&self, name: &dyn Fn(VarId) -> String, c_syntax: bool) -> String {
        let mut out = String::new();
        let factor = |f: &Factor| match f {
            Factor::Var(v) => name(*v),
            Factor::Pos(p) if c_syntax => {
                let inner = p.text_in(name, true);
                format!("({inner} > 0 ? {inner} : 0)")
            }
            Factor::Pos(p) => format!("max(0, {})", p.text_in(name, false)),
        };
        for (i, (c, factors)) in self.monomials.iter().enumerate() {
            let magnitude = c.abs();
            let product: Vec<String> = factors.iter().map(factor).collect();
            let body = match (magnitude, product.is_empty()) {
                (m, true) => m.to_string(),
                (1, false) => product.join(" * "),
                (m, false) => format!("{m} * {}", product.join(" * ")),
            };
            match (i, *c < 0) {
                (0, true) => out.push_str(&format!("-{body}")),
                (0, false) => out.push_str(&body),
                (_, true) => out.push_str(&format!(" - {body}")),
                (_, false) => out.push_str(&format!(" + {body}")),
            }
        }
        if out.is_empty() { "0".into() } else { out }
    }

    /// As an IR expression of type [`WIDE`], each variable the expression `at` gives it (cast);
    /// a positive part `max(0, p)` as `p * (p > 0)`.
    pub fn expr(&self, at: &dyn Fn(VarId) -> Expr) -> Expr {
        let w = WIDE;
        let factor = |f: &Factor| match f {
            Factor::Var(v) => Expr::cast(w, at(*v)),
            Factor::Pos(p) => {
                let e = p.expr(at);
                let positive = Expr::cast(w, Expr::cmp(CmpOp::Gt, e.clone(), Expr::int(0, w)));
                Expr::binary(BinOp::Mul, w, e, positive)
            }
        };
        let mut sum: Option<Expr> = None;
        for (c, factors) in &self.monomials {
            let product = factors.iter().map(factor).reduce(|a, b| Expr::binary(BinOp::Mul, w, a, b));
            let term = match product {
                None => Expr::int(*c, w),
                Some(p) if *c == 1 => p,
                Some(p) => Expr::binary(BinOp::Mul, w, Expr::int(*c, w), p),
            };
            sum = Some(match sum {
                None => term,
                Some(s) => Expr::binary(BinOp::Add, w, s, term),
            });
        }
        sum.unwrap_or_else(|| Expr::int(0, w))
    }
}

impl Term {
    /// `max(0, poly)` rounded down, from a bound with rational coefficients: `max(0, d·poly)/d`
    /// with `d` its denominator.
    pub fn from_poly(poly: &Poly) -> Option<Term> {
        let d = poly.denominator();
        let divisor = to_i128(&d)?;
        if !(1..=MAX_COEFFICIENT).contains(&divisor) {
            return None;
        }
        Some(Term { numerator: IntPoly::from_poly(poly, &d)?, divisor })
    }

    pub fn eval(&self, value: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
        Some(self.numerator.eval(value)?.max(0) / self.divisor)
    }

    pub fn text(&self, name: &dyn Fn(VarId) -> String) -> String {
        let inner = match self.numerator.constant() {
            Some(c) => c.max(0).to_string(),
            None if self.numerator.manifestly_non_negative() && self.divisor == 1 => self.numerator.text(name),
            None if self.numerator.manifestly_non_negative() => format!("({})", self.numerator.text(name)),
            None => format!("max(0, {})", self.numerator.text(name)),
        };
        if self.divisor == 1 {
            return inner;
        }
        match self.numerator.constant() {
            Some(c) => (c.max(0) / self.divisor).to_string(),
            None => format!("{inner} / {}", self.divisor),
        }
    }

    /// `d·count <= Q` (with the values `at` gives): for a positive count, the count is within
    /// the term.
    pub fn scaled_at_most(&self, count: &Expr, at: &dyn Fn(VarId) -> Expr) -> Expr {
        Expr::cmp(CmpOp::Le, scaled(self.divisor, count.clone()), self.numerator.expr(at))
    }

    /// The potential `d·count + Q(now) <= Q(entry)`: the term at the current values plus what
    /// has run is within the term at entry, an inductive form of the bound when every iteration
    /// takes at least `d` from `Q` and an iteration starts only where `Q ≥ d`.
    pub fn potential(&self, count: &Expr, now: &dyn Fn(VarId) -> Expr, entry: &dyn Fn(VarId) -> Expr) -> Expr {
        self.potential_from(self, count, now, entry)
    }

    /// `d·count + Q(now) <= Q'(entry)` with `Q'` the numerator of `entry_term` (of the same
    /// divisor): what is left by this term, what there was by the other.
    pub fn potential_from(
        &self,
        entry_term: &Term,
        count: &Expr,
        now: &dyn Fn(VarId) -> Expr,
        entry: &dyn Fn(VarId) -> Expr,
    ) -> Expr {
        let lhs = Expr::binary(BinOp::Add, WIDE, scaled(entry_term.divisor, count.clone()), self.numerator.expr(now));
        Expr::cmp(CmpOp::Le, lhs, entry_term.numerator.expr(entry))
    }
}

/// `d·x` in [`WIDE`].
fn scaled(d: i128, x: Expr) -> Expr {
    if d == 1 { x } else { Expr::binary(BinOp::Mul, WIDE, Expr::int(d, WIDE), x) }
}

impl Bound {
    /// The bound of the terms, duplicates dropped and, with other terms, those that are 0 (and
    /// constants alone folded into their largest).
    pub fn new(mut terms: Vec<Term>) -> Option<Bound> {
        terms.sort();
        terms.dedup();
        // Constants only: their largest (`max(1, 5)` is `5`).
        let constants: Option<Vec<i128>> = terms.iter().map(|t| t.eval(&|_| None)).collect();
        if let Some(most) = constants.and_then(|c| c.into_iter().max()).filter(|_| terms.len() > 1) {
            return Some(Bound::constant(most));
        }
        if terms.len() > 1 {
            terms.retain(|t| t.numerator.constant().is_none_or(|c| c / t.divisor > 0));
            if terms.is_empty() {
                terms.push(Term { numerator: IntPoly { monomials: vec![] }, divisor: 1 });
            }
        }
        (!terms.is_empty()).then_some(Bound { terms })
    }

    /// A constant bound.
    pub fn constant(c: i128) -> Bound {
        let numerator = IntPoly { monomials: if c == 0 { vec![] } else { vec![(c, vec![])] } };
        Bound { terms: vec![Term { numerator, divisor: 1 }] }
    }

    pub fn vars(&self) -> BTreeSet<VarId> {
        self.terms.iter().flat_map(|t| t.numerator.vars()).collect()
    }

    /// One more than the bound: each term's numerator raised by its divisor, and at least 1
    /// (the last body start of an execution that leaves the loop from inside its body — a
    /// `do`'s last run, a `break` — is no iteration of a trace).
    /// The highest degree of its terms' polynomials.
    pub fn degree(&self) -> u32 {
        self.terms.iter().map(|t| t.numerator.degree()).max().unwrap_or(0)
    }

    /// Every variable replaced by its polynomial (see [`IntPoly::substitute`]).
    pub fn substitute(&self, value: &dyn Fn(VarId) -> Option<IntPoly>) -> Option<Bound> {
        let terms = self
            .terms
            .iter()
            .map(|t| Some(Term { numerator: t.numerator.substitute(value)?, divisor: t.divisor }))
            .collect::<Option<Vec<_>>>()?;
        Bound::new(terms)
    }

    pub fn plus_one(&self) -> Bound {
        let mut terms: Vec<Term> = self
            .terms
            .iter()
            .map(|t| {
                let mut numerator = t.numerator.clone();
                match numerator.monomials.iter_mut().find(|(_, f)| f.is_empty()) {
                    Some((c, _)) => *c += t.divisor,
                    None => numerator.monomials.push((t.divisor, Vec::new())),
                }
                numerator.monomials.retain(|(c, _)| *c != 0);
                Term { numerator, divisor: t.divisor }
            })
            .collect();
        terms.push(Term { numerator: IntPoly { monomials: vec![(1, Vec::new())] }, divisor: 1 });
        Bound::new(terms).expect("terms")
    }

    pub fn eval(&self, value: &dyn Fn(VarId) -> Option<i128>) -> Option<i128> {
        self.terms.iter().map(|t| t.eval(value)).try_fold(0, |m, x| Some(m.max(x?)))
    }

    /// A bound of `k` times this one (`k >= 0`): each numerator times `k`, as
    /// `k·⌊max(0, Q)/d⌋ <= ⌊max(0, k·Q)/d⌋`.
    pub fn times_constant(&self, k: i128) -> Option<Bound> {
        if k < 0 {
            return None;
        }
        let terms = self
            .terms
            .iter()
            .map(|t| Some(Term { numerator: IntPoly::of_constant(0).add_scaled(k, &t.numerator)?, divisor: t.divisor }))
            .collect::<Option<Vec<_>>>()?;
        Bound::new(terms)
    }

    /// As the README's expression language: `max(t1, max(t2, t3))`.
    pub fn text(&self, name: &dyn Fn(VarId) -> String) -> String {
        // Beside a non-negative constant, `max(0, Q)` is `Q` (for a divisor of 1).
        let floor = self.terms.iter().any(|t| t.numerator.constant().is_some_and(|c| c >= 0));
        let texts: Vec<String> = self
            .terms
            .iter()
            .map(|t| match t.numerator.constant() {
                None if floor && t.divisor == 1 => t.numerator.text(name),
                _ => t.text(name),
            })
            .collect();
        max_text(texts)
    }

    /// The boolean `count <= B`, the variables at the values `at` gives.
    pub fn admits(&self, count: &Expr, at: &dyn Fn(VarId) -> Expr) -> Expr {
        let none_yet = Expr::cmp(CmpOp::Le, count.clone(), Expr::int(0, WIDE));
        self.terms.iter().fold(none_yet, |acc, t| or(acc, t.scaled_at_most(count, at)))
    }

    /// The terms' potentials ([`Term::potential`]).
    pub fn potentials(&self, count: &Expr, now: &dyn Fn(VarId) -> Expr, entry: &dyn Fn(VarId) -> Expr) -> Vec<Expr> {
        self.terms.iter().map(|t| t.potential(count, now, entry)).collect()
    }
}

/// The maximum of expressions in the expression language: `max(a, max(b, c))` (`0` for none).
pub fn max_text(texts: Vec<String>) -> String {
    let mut it = texts.into_iter().rev();
    let last = it.next().unwrap_or_else(|| "0".into());
    it.fold(last, |acc, t| format!("max({t}, {acc})"))
}

/// `!guard || claim`.
pub fn implies(guard: Expr, claim: Expr) -> Expr {
    or(Expr::not(guard), claim)
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::Id;

    fn v(i: usize) -> VarId {
        VarId::new(i)
    }

    fn name(x: VarId) -> String {
        ["i", "n", "m", "j"][x.index()].to_string()
    }

    fn poly(monomials: &[(i128, &[usize])]) -> IntPoly {
        IntPoly {
            monomials: monomials.iter().map(|(c, f)| (*c, f.iter().map(|i| Factor::Var(v(*i))).collect())).collect(),
        }
    }

    #[test]
    fn terms_print_in_the_expression_language_and_evaluate_rounding_down() {
        // (n - i + 1) / 2 from the rational polynomial n/2 - i/2 + 1/2.
        let half = leapfrog_linear::Rational::new(1.into(), 2.into());
        let p = Poly::var(v(1)).scale(&half).sub(&Poly::var(v(0)).scale(&half)).add(&Poly::constant(half.clone()));
        let t = Term::from_poly(&p).unwrap();
        assert_eq!(t.text(&name), "max(0, n - i + 1) / 2");
        let at = |i: i128, n: i128| move |x: VarId| Some(if x == v(0) { i } else { n });
        assert_eq!(t.eval(&at(0, 5)), Some(3));
        assert_eq!(t.eval(&at(0, 4)), Some(2));
        assert_eq!(t.eval(&at(9, 4)), Some(0));
    }

    #[test]
    fn the_maximum_of_terms_drops_duplicates_and_zeros() {
        let n_minus_i = Term { numerator: poly(&[(1, &[1]), (-1, &[0])]), divisor: 1 };
        let zero = Term { numerator: poly(&[]), divisor: 1 };
        let b = Bound::new(vec![n_minus_i.clone(), zero, n_minus_i.clone()]).unwrap();
        assert_eq!(b.terms.len(), 1);
        assert_eq!(b.text(&name), "max(0, n - i)");
        // One more (a do's last body start): at least 1, and beside the constant no max(0, …).
        let more = b.plus_one();
        assert_eq!(more.text(&name), "max(1, n - i + 1)");
        assert_eq!(more.eval(&|x| Some(if x == v(0) { 7 } else { 3 })), Some(1));
        assert_eq!(more.eval(&|x| Some(if x == v(0) { 0 } else { 3 })), Some(4));
        // Constants fold: one more than 4 is max(1, 5), printed 5.
        assert_eq!(Bound::constant(4).plus_one().text(&name), "5");
    }

    #[test]
    fn positive_parts_print_evaluate_and_substitute() {
        // max(0, m) * max(0, i) + max(0, j): manifestly non-negative, so no outer max.
        let pos = |i: usize| IntPoly::positive_part(IntPoly::of_var(v(i)));
        let psi = pos(2).times(&pos(0)).unwrap().add_scaled(1, &pos(3)).unwrap();
        let t = Term { numerator: psi.clone(), divisor: 1 };
        assert_eq!(t.text(&name), "max(0, i) * max(0, m) + max(0, j)");
        assert_eq!(psi.c_text(&name), "(i > 0 ? i : 0) * (m > 0 ? m : 0) + (j > 0 ? j : 0)");
        let at = |i: i128, m: i128, j: i128| move |x: VarId| Some([i, 0, m, j][x.index()]);
        assert_eq!(t.eval(&at(3, 4, -5)), Some(12));
        assert_eq!(t.eval(&at(-3, 4, 5)), Some(5));
        // m known on entry: max(0, 4) folds to 4; max(0, -4) to 0.
        assert_eq!(psi.partial(&|x| (x == v(2)).then_some(4)).unwrap().text(&name), "4 * max(0, i) + max(0, j)");
        assert_eq!(psi.partial(&|x| (x == v(2)).then_some(-4)).unwrap().text(&name), "max(0, j)");
        // i replaced by n - 1 inside its positive part.
        let minus_one = IntPoly::of_var(v(1)).add_scaled(1, &IntPoly::of_constant(-1)).unwrap();
        let s = psi.substitute(&|x| Some(if x == v(0) { minus_one.clone() } else { IntPoly::of_var(x) })).unwrap();
        assert_eq!(s.text(&name), "max(0, n - 1) * max(0, m) + max(0, j)");
        assert_eq!(s.degree(), 2);
    }

    #[test]
    fn constants_on_entry_are_substituted() {
        // n*m - i*m + n - i - j with i = j = 0: n*m + n.
        let p = poly(&[(1, &[1, 2]), (-1, &[0, 2]), (1, &[1]), (-1, &[0]), (-1, &[3])]);
        let at_zero = |x: VarId| (x == v(0) || x == v(3)).then_some(0);
        let q = p.partial(&at_zero).unwrap();
        assert_eq!(q.text(&name), "n * m + n");
    }
}
