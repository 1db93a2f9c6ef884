//! [`Affine`]: `constant + Σ coefficient·variable` with exact rational coefficients.

use crate::{Integer, Rational};
use num_integer::Integer as _;
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// `constant + Σ coefficient·variable`. No zero coefficient is stored, so two equal expressions
/// are equal values (`==` is semantic equality).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Affine<V: Ord> {
    constant: Rational,
    terms: BTreeMap<V, Rational>,
}

impl<V: Ord + Clone> Default for Affine<V> {
    fn default() -> Self {
        Affine::zero()
    }
}

impl<V: Ord + Clone> Affine<V> {
    /// The expression `0`.
    pub fn zero() -> Self {
        Affine { constant: Rational::zero(), terms: BTreeMap::new() }
    }

    /// The constant expression `c`.
    pub fn constant(c: Rational) -> Self {
        Affine { constant: c, terms: BTreeMap::new() }
    }

    /// The variable `v`.
    pub fn var(v: V) -> Self {
        Affine::term(Rational::one(), v)
    }

    /// `c·v`.
    pub fn term(c: Rational, v: V) -> Self {
        let mut out = Affine::zero();
        out.add_term(c, v);
        out
    }

    /// `constant + Σ c·v` (repeated variables add up).
    pub fn from_terms(constant: Rational, terms: impl IntoIterator<Item = (Rational, V)>) -> Self {
        let mut out = Affine::constant(constant);
        for (c, v) in terms {
            out.add_term(c, v);
        }
        out
    }

    /// Adds `c·v` in place.
    pub fn add_term(&mut self, c: Rational, v: V) {
        if c.is_zero() {
            return;
        }
        let entry = self.terms.entry(v.clone()).or_insert_with(Rational::zero);
        *entry += c;
        if entry.is_zero() {
            self.terms.remove(&v);
        }
    }

    /// The constant term.
    pub fn constant_term(&self) -> &Rational {
        &self.constant
    }

    /// The coefficient of `v` (0 when absent).
    pub fn coefficient(&self, v: &V) -> Rational {
        self.terms.get(v).cloned().unwrap_or_else(Rational::zero)
    }

    /// The non-zero terms, in the variables' order.
    pub fn terms(&self) -> impl Iterator<Item = (&V, &Rational)> {
        self.terms.iter()
    }

    /// The variables with a non-zero coefficient.
    pub fn vars(&self) -> impl Iterator<Item = &V> {
        self.terms.keys()
    }

    /// The value when the expression has no variable.
    pub fn as_constant(&self) -> Option<&Rational> {
        self.terms.is_empty().then_some(&self.constant)
    }

    /// Whether the expression is exactly the variable `v`.
    pub fn is_var(&self, v: &V) -> bool {
        self.constant.is_zero() && self.terms.len() == 1 && self.terms.get(v).is_some_and(One::is_one)
    }

    /// `self + k·other`.
    pub fn add_scaled(&self, k: &Rational, other: &Affine<V>) -> Affine<V> {
        let mut out = self.clone();
        if k.is_zero() {
            return out;
        }
        out.constant += k * &other.constant;
        for (v, c) in &other.terms {
            out.add_term(k * c, v.clone());
        }
        out
    }

    /// `self + other`.
    pub fn add(&self, other: &Affine<V>) -> Affine<V> {
        self.add_scaled(&Rational::one(), other)
    }

    /// `self - other`.
    pub fn sub(&self, other: &Affine<V>) -> Affine<V> {
        self.add_scaled(&-Rational::one(), other)
    }

    /// `k·self`.
    pub fn scale(&self, k: &Rational) -> Affine<V> {
        Affine::zero().add_scaled(k, self)
    }

    /// `-self`.
    pub fn neg(&self) -> Affine<V> {
        self.scale(&-Rational::one())
    }

    /// `self + c`.
    pub fn add_constant(&self, c: &Rational) -> Affine<V> {
        let mut out = self.clone();
        out.constant += c;
        out
    }

    /// `self` with `v` replaced by `by`.
    pub fn substitute(&self, v: &V, by: &Affine<V>) -> Affine<V> {
        match self.terms.get(v) {
            None => self.clone(),
            Some(c) => {
                let mut rest = self.clone();
                rest.terms.remove(v);
                rest.add_scaled(&c.clone(), by)
            }
        }
    }

    /// The value at a point (`None` when a variable has no value).
    pub fn eval(&self, value: impl Fn(&V) -> Option<Rational>) -> Option<Rational> {
        let mut sum = self.constant.clone();
        for (v, c) in &self.terms {
            sum += c * value(v)?;
        }
        Some(sum)
    }

    /// The same expression over other variables (variables mapped to one add up).
    pub fn map_vars<W: Ord + Clone>(&self, f: impl Fn(&V) -> W) -> Affine<W> {
        Affine::from_terms(self.constant.clone(), self.terms.iter().map(|(v, c)| (c.clone(), f(v))))
    }

    /// Whether every coefficient and the constant are integers.
    pub fn is_integral(&self) -> bool {
        self.constant.is_integer() && self.terms.values().all(Rational::is_integer)
    }

    /// The positive factor that makes every coefficient and the constant integers whose gcd is 1
    /// (1 for the zero expression).
    pub fn primitive_factor(&self) -> Rational {
        let numbers = || std::iter::once(&self.constant).chain(self.terms.values());
        let lcm_den = numbers().fold(Integer::one(), |acc, n| acc.lcm(n.denom()));
        let gcd_num = numbers().fold(Integer::zero(), |acc, n| acc.gcd(&(n * &lcm_den).to_integer()));
        if gcd_num.is_zero() { Rational::one() } else { Rational::new(lcm_den, gcd_num.abs()) }
    }

    /// Writes the expression as C-like text (`2*x - y + 3`), naming variables with `name`.
    pub fn text(&self, name: impl Fn(&V) -> String) -> String {
        let mut out = String::new();
        for (v, c) in &self.terms {
            let magnitude = c.abs();
            let sign = if c.is_negative() { "-" } else { "+" };
            if out.is_empty() {
                if c.is_negative() {
                    out.push('-');
                }
            } else {
                let _ = write!(out, " {sign} ");
            }
            if magnitude.is_one() {
                out.push_str(&name(v));
            } else {
                let _ = write!(out, "{}*{}", number(&magnitude), name(v));
            }
        }
        if out.is_empty() {
            return number(&self.constant);
        }
        if !self.constant.is_zero() {
            let sign = if self.constant.is_negative() { "-" } else { "+" };
            let _ = write!(out, " {sign} {}", number(&self.constant.abs()));
        }
        out
    }
}

/// A rational as text: `3`, `-3`, `(7/2)`.
fn number(n: &Rational) -> String {
    if n.is_integer() { n.to_integer().to_string() } else { format!("({}/{})", n.numer(), n.denom()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational;

    fn x() -> Affine<&'static str> {
        Affine::var("x")
    }

    #[test]
    fn arithmetic_cancels_terms() {
        let e = x().add(&Affine::var("y")).sub(&x());
        assert_eq!(e, Affine::var("y"));
        assert_eq!(e.vars().count(), 1);
        assert!(x().sub(&x()).as_constant().is_some_and(Zero::is_zero));
    }

    #[test]
    fn substitution_and_evaluation() {
        // 2x + 1 with x := y - 3 is 2y - 5.
        let e = x().scale(&rational(2)).add_constant(&rational(1));
        let s = e.substitute(&"x", &Affine::var("y").add_constant(&rational(-3)));
        assert_eq!(s, Affine::from_terms(rational(-5), [(rational(2), "y")]));
        assert_eq!(s.eval(|_| Some(rational(4))), Some(rational(3)));
        assert_eq!(s.eval(|_| None), None);
    }

    #[test]
    fn primitive_factor_clears_denominators_and_common_factors() {
        let half = Rational::new(1.into(), 2.into());
        let e = Affine::from_terms(half.clone(), [(half.clone(), "x"), (rational(1), "y")]);
        assert_eq!(e.primitive_factor(), rational(2));
        let e = Affine::from_terms(rational(6), [(rational(4), "x")]);
        assert_eq!(e.primitive_factor(), Rational::new(1.into(), 2.into()));
        assert_eq!(Affine::<&str>::zero().primitive_factor(), rational(1));
    }

    #[test]
    fn text_is_c_like() {
        let e = Affine::from_terms(rational(-3), [(rational(2), "x"), (rational(-1), "y")]);
        assert_eq!(e.text(|v| v.to_string()), "2*x - y - 3");
        assert_eq!(Affine::<&str>::constant(rational(-4)).text(|v| v.to_string()), "-4");
        assert_eq!(Affine::from_terms(rational(0), [(rational(-1), "x")]).text(|v| v.to_string()), "-x");
    }
}
