//! Sequences in the iteration count `n` (proteus-tse19 §4.2): polynomials in `n` whose
//! coefficients are polynomials over the values at the start (`3·i0²` in the paper's
//! `m_n = m_0 + (3·i_0²·n + 3·i_0·n² + n³ − n)/6`), plus at most one geometric term `c·a^n`; and
//! the sums that turn a recurrence `x(n+1) = x(n) + g(n)` into a closed form.
//!
//! Everything is exact (big rationals): a closed form is compared, evaluated and proven as it is.

use crate::poly::Poly;
use leapfrog_ir::VarId;
use leapfrog_linear::{Rational, rational};
use num_traits::{One, Zero};

/// A polynomial over the values of the variables at the start (atoms `Var` only).
pub type Initial = Poly;

/// `Σ_p poly[p]·n^p + c·a^n` (the geometric term when present, as `(a, c)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    pub poly: Vec<Initial>,
    pub geometric: Option<(Rational, Initial)>,
}

impl Sequence {
    /// `Σ_p poly[p]·n^p + c·a^n`, without zero leading coefficients or a zero geometric term.
    pub fn new(poly: Vec<Initial>, geometric: Option<(Rational, Initial)>) -> Sequence {
        Sequence { poly, geometric }.trimmed()
    }

    /// The sequence that is `value` for every `n`.
    pub fn constant(value: Initial) -> Sequence {
        Sequence { poly: vec![value], geometric: None }.trimmed()
    }

    /// The degree of the polynomial part in `n` (0 for a constant, also for zero).
    pub fn degree(&self) -> usize {
        self.poly.len().saturating_sub(1)
    }

    /// Without zero leading coefficients or a zero geometric term.
    fn trimmed(mut self) -> Sequence {
        while self.poly.len() > 1 && self.poly.last().is_some_and(|c| c.as_constant().is_some_and(|k| k.is_zero())) {
            self.poly.pop();
        }
        if self.poly.is_empty() {
            self.poly.push(Poly::default());
        }
        if self.geometric.as_ref().is_some_and(|(_, c)| c.as_constant().is_some_and(|k| k.is_zero())) {
            self.geometric = None;
        }
        self
    }

    /// `self + k·other`, `None` when both have geometric terms of different bases.
    pub fn add_scaled(&self, k: &Rational, other: &Sequence) -> Option<Sequence> {
        let n = self.poly.len().max(other.poly.len());
        let zero = Poly::default();
        let poly = (0..n)
            .map(|p| self.poly.get(p).unwrap_or(&zero).add_scaled(k, other.poly.get(p).unwrap_or(&zero)))
            .collect();
        let geometric = match (&self.geometric, &other.geometric) {
            (None, None) => None,
            (Some(g), None) => Some(g.clone()),
            (None, Some((a, c))) => Some((a.clone(), c.scale(k))),
            (Some((a, c)), Some((b, d))) if a == b => Some((a.clone(), c.add_scaled(k, d))),
            _ => return None,
        };
        Some(Sequence { poly, geometric }.trimmed())
    }

    /// The value at `n = at`, an affine form over the initial values.
    pub fn at(&self, at: i128) -> Initial {
        let n = rational(at);
        let mut power = Rational::one();
        let mut out = Poly::default();
        for c in &self.poly {
            out = out.add_scaled(&power, c);
            power *= &n;
        }
        if let Some((a, c)) = &self.geometric {
            out = out.add_scaled(&pow(a, at), c);
        }
        out
    }

    /// The sequence `n ↦ self(n − 1)`.
    pub fn shifted_back(&self) -> Sequence {
        // (n − 1)^p = Σ_k C(p, k)·n^k·(−1)^(p−k).
        let mut poly = vec![Poly::default(); self.poly.len()];
        for (p, c) in self.poly.iter().enumerate() {
            for (k, slot) in poly.iter_mut().enumerate().take(p + 1) {
                let sign = if (p - k) % 2 == 0 { rational(1) } else { rational(-1) };
                *slot = slot.add_scaled(&(binomial(p, k) * sign), c);
            }
        }
        let geometric = self.geometric.as_ref().map(|(a, c)| (a.clone(), c.scale(&a.recip())));
        Sequence { poly, geometric }.trimmed()
    }

    /// `G(n) = Σ_{i=0}^{n−1} self(i)` for a polynomial (no geometric term).
    pub fn prefix_sum(&self) -> Option<Sequence> {
        if self.geometric.is_some() {
            return None;
        }
        let mut poly = vec![Poly::default(); self.poly.len() + 1];
        for (p, c) in self.poly.iter().enumerate() {
            for (k, s) in power_sum(p).iter().enumerate() {
                poly[k] = poly[k].add_scaled(s, c);
            }
        }
        Some(Sequence { poly, geometric: None }.trimmed())
    }

    /// Every coefficient's denominators cleared: `(numerator sequence, denominator)` with an
    /// integer denominator `d ≥ 1` such that `self = numerator / d`.
    pub fn common_denominator(&self) -> Rational {
        let mut d = num_bigint::BigInt::one();
        let mut take = |c: &Initial| {
            d = num_integer::Integer::lcm(&d, c.denominator().numer());
        };
        for c in &self.poly {
            take(c);
        }
        if let Some((_, c)) = &self.geometric {
            take(c);
        }
        Rational::from_integer(d)
    }
}

impl Sequence {
    /// `self · other`: polynomials multiply; a geometric term only by a sequence constant in
    /// `n` (else `None`).
    pub fn mul(&self, other: &Sequence) -> Option<Sequence> {
        let constant = |s: &Sequence| (s.degree() == 0 && s.geometric.is_none()).then(|| s.poly[0].clone());
        match (&self.geometric, &other.geometric) {
            (None, None) => {}
            (Some(_), _) => {
                let c = constant(other)?;
                return Some(self.times(&c));
            }
            (None, Some(_)) => {
                let c = constant(self)?;
                return Some(other.times(&c));
            }
        }
        let mut poly = vec![Poly::default(); self.poly.len() + other.poly.len() - 1];
        for (p, a) in self.poly.iter().enumerate() {
            for (q, b) in other.poly.iter().enumerate() {
                poly[p + q] = poly[p + q].add(&a.mul(b));
            }
        }
        Some(Sequence { poly, geometric: None }.trimmed())
    }

    /// Every coefficient multiplied by `c` (a polynomial over the values at the start).
    fn times(&self, c: &Initial) -> Sequence {
        let poly = self.poly.iter().map(|p| p.mul(c)).collect();
        let geometric = self.geometric.as_ref().map(|(a, g)| (a.clone(), g.mul(c)));
        Sequence { poly, geometric }.trimmed()
    }

    /// The sequence of `p` (a polynomial over variables) with each variable `w` following the
    /// sequence `form(w)`; `None` when a variable has none or a product of geometric terms
    /// would be needed.
    pub fn of_poly(p: &Poly, form: &dyn Fn(VarId) -> Option<Sequence>) -> Option<Sequence> {
        let mut out = Sequence::constant(Poly::default());
        for (monomial, c) in &p.terms {
            let mut term = Sequence::constant(Poly::constant(c.clone()));
            for (atom, e) in monomial {
                let crate::poly::Atom::Var(w) = atom else { return None };
                let f = form(*w)?;
                for _ in 0..*e {
                    term = term.mul(&f)?;
                }
            }
            out = out.add_scaled(&Rational::one(), &term)?;
        }
        Some(out)
    }
}

/// `a^k` (a negative `k` gives the inverse power).
pub fn pow(a: &Rational, k: i128) -> Rational {
    let mut out = Rational::one();
    for _ in 0..k.unsigned_abs() {
        out *= a;
    }
    if k < 0 { out.recip() } else { out }
}

/// `C(n, k)`.
fn binomial(n: usize, k: usize) -> Rational {
    let mut out = Rational::one();
    for i in 0..k {
        out = out * rational((n - i) as i128) / rational((i + 1) as i128);
    }
    out
}

/// The coefficients (by power of `n`) of `S_p(n) = Σ_{i=0}^{n−1} i^p`, a polynomial of degree
/// `p + 1`: from `n^(p+1) = Σ_{k≤p} C(p+1, k)·S_k(n)` (telescoping `(i+1)^(p+1) − i^(p+1)`).
fn power_sum(p: usize) -> Vec<Rational> {
    let mut sums: Vec<Vec<Rational>> = Vec::new();
    for q in 0..=p {
        let mut s = vec![Rational::zero(); q + 2];
        s[q + 1] = Rational::one();
        for (k, lower) in sums.iter().enumerate() {
            let c = binomial(q + 1, k);
            for (i, v) in lower.iter().enumerate() {
                s[i] -= &c * v;
            }
        }
        let scale = rational((q + 1) as i128).recip();
        for v in &mut s {
            *v *= &scale;
        }
        sums.push(s);
    }
    sums.pop().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::Id;

    #[test]
    fn power_sums_match_the_sums() {
        for p in 0..6 {
            let s = power_sum(p);
            for n in 0..12i128 {
                let direct: i128 = (0..n).map(|i| i.pow(p as u32)).sum();
                let mut value = Rational::zero();
                let mut power = Rational::one();
                for c in &s {
                    value += c * &power;
                    power *= rational(n);
                }
                assert_eq!(value, rational(direct), "p = {p}, n = {n}");
            }
        }
    }

    #[test]
    fn a_shift_back_and_a_prefix_sum_agree_with_their_definitions() {
        let x = VarId::new(0);
        // 3 + x·n + n^2/2 + 5·2^n
        let seq = Sequence {
            poly: vec![Poly::constant(rational(3)), Poly::var(x), Poly::constant(rational(1) / rational(2))],
            geometric: Some((rational(2), Poly::constant(rational(5)))),
        };
        let value = |s: &Sequence, n: i128, xv: i128| s.at(n).eval(&|_| Some(xv)).unwrap();
        let back = seq.shifted_back();
        for n in 1..8 {
            assert_eq!(value(&back, n, 4), value(&seq, n - 1, 4));
        }
        let poly = Sequence { geometric: None, ..seq.clone() };
        let sum = poly.prefix_sum().unwrap();
        for n in 0..8 {
            let direct = (0..n).map(|i| value(&poly, i, -3)).fold(Rational::zero(), |a, b| a + b);
            assert_eq!(value(&sum, n, -3), direct);
        }
        assert!(seq.prefix_sum().is_none());
    }

    #[test]
    fn products_and_polynomials_of_sequences_agree_with_their_values() {
        let (x, y) = (VarId::new(0), VarId::new(1));
        // x(n) = x + n, y(n) = 3·y.
        let form = |w: VarId| -> Option<Sequence> {
            if w == x {
                Some(Sequence::new(vec![Poly::var(x), Poly::constant(rational(1))], None))
            } else {
                Some(Sequence::constant(Poly::var(y).scale(&rational(3))))
            }
        };
        // x² + x·y − 2
        let p = Poly::var(x).mul(&Poly::var(x)).add(&Poly::var(x).mul(&Poly::var(y))).sub(&Poly::constant(rational(2)));
        let s = Sequence::of_poly(&p, &form).unwrap();
        assert_eq!(s.degree(), 2);
        for n in 0..6 {
            for (xv, yv) in [(0, 1), (-3, 4), (7, -2)] {
                let got = s.at(n).eval(&|a| match a {
                    crate::poly::Atom::Var(v) if v == x => Some(xv),
                    _ => Some(yv),
                });
                let xn = xv + n;
                assert_eq!(got, Some(rational(xn * xn + xn * 3 * yv - 2)), "n = {n}");
            }
        }
        let geometric = Sequence::new(vec![Poly::default()], Some((rational(2), Poly::constant(rational(1)))));
        assert!(geometric.mul(&geometric).is_none());
        assert!(geometric.mul(&Sequence::constant(Poly::var(y))).is_some());
    }
}
