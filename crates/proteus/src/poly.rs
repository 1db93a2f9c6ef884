//! Polynomials with exact rational coefficients over the values at loop entry and the state
//! counters of a trace: what a trace's closed forms become once composed (Proteus Algorithm 2
//! substitutes one path's closed form into the next).

use leapfrog_ir::VarId;
use leapfrog_linear::{Rational, rational};
use num_traits::{One, Signed, Zero};
use std::collections::BTreeMap;

/// A variable of a polynomial.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Atom {
    /// A program variable's value at loop entry.
    Var(VarId),
    /// The `i`-th state counter of a trace (`k1`, `k2`… when printed).
    Counter(usize),
}

/// A monomial: atoms with their (positive) exponents, sorted.
pub type Monomial = Vec<(Atom, u32)>;

/// `Σ coefficient·monomial`, no zero coefficients stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Poly {
    pub terms: BTreeMap<Monomial, Rational>,
}

impl Poly {
    pub fn constant(c: Rational) -> Poly {
        let mut p = Poly::default();
        if !c.is_zero() {
            p.terms.insert(Vec::new(), c);
        }
        p
    }

    pub fn atom(a: Atom) -> Poly {
        Poly { terms: BTreeMap::from([(vec![(a, 1)], Rational::one())]) }
    }

    /// The value of program variable `v` (atom `Var(v)`).
    pub fn var(v: VarId) -> Poly {
        Poly::atom(Atom::Var(v))
    }

    /// The constant term.
    pub fn constant_term(&self) -> Rational {
        self.terms.get(&Vec::new()).cloned().unwrap_or_else(Rational::zero)
    }

    /// The program variables that occur.
    pub fn vars(&self) -> std::collections::BTreeSet<VarId> {
        self.atoms().into_iter().filter_map(|a| if let Atom::Var(v) = a { Some(v) } else { None }).collect()
    }

    /// The highest total degree of a monomial (0 for a constant).
    pub fn degree(&self) -> u32 {
        self.terms.keys().map(|m| m.iter().map(|(_, e)| *e).sum()).max().unwrap_or(0)
    }

    /// An affine form over program variables as a polynomial.
    pub fn from_affine(a: &leapfrog_linear::Affine<VarId>) -> Poly {
        let mut out = Poly::constant(a.constant_term().clone());
        for (v, c) in a.terms() {
            out = out.add_scaled(c, &Poly::var(*v));
        }
        out
    }

    pub fn as_constant(&self) -> Option<Rational> {
        match self.terms.len() {
            0 => Some(Rational::zero()),
            1 => self.terms.get(&Vec::new()).cloned(),
            _ => None,
        }
    }

    pub fn add_scaled(&self, k: &Rational, other: &Poly) -> Poly {
        let mut out = self.clone();
        for (m, c) in &other.terms {
            let entry = out.terms.entry(m.clone()).or_insert_with(Rational::zero);
            *entry += k * c;
            if entry.is_zero() {
                out.terms.remove(m);
            }
        }
        out
    }

    pub fn add(&self, other: &Poly) -> Poly {
        self.add_scaled(&Rational::one(), other)
    }

    pub fn sub(&self, other: &Poly) -> Poly {
        self.add_scaled(&-Rational::one(), other)
    }

    pub fn scale(&self, k: &Rational) -> Poly {
        Poly::default().add_scaled(k, self)
    }

    pub fn mul(&self, other: &Poly) -> Poly {
        let mut out = Poly::default();
        for (m1, c1) in &self.terms {
            for (m2, c2) in &other.terms {
                let term = Poly { terms: BTreeMap::from([(multiply(m1, m2), c1 * c2)]) };
                out = out.add(&term);
            }
        }
        out
    }

    /// Whether `a` occurs.
    pub fn mentions(&self, a: Atom) -> bool {
        self.terms.keys().any(|m| m.iter().any(|(x, _)| *x == a))
    }

    /// The atoms that occur.
    pub fn atoms(&self) -> std::collections::BTreeSet<Atom> {
        self.terms.keys().flat_map(|m| m.iter().map(|(a, _)| *a)).collect()
    }

    /// `self` with `a` replaced by `by`.
    pub fn substitute(&self, a: Atom, by: &Poly) -> Poly {
        let mut out = Poly::default();
        for (m, c) in &self.terms {
            let mut term = Poly::constant(c.clone());
            for (x, e) in m {
                let factor = if *x == a {
                    by.clone()
                } else {
                    Poly { terms: BTreeMap::from([(vec![(*x, 1)], Rational::one())]) }
                };
                for _ in 0..*e {
                    term = term.mul(&factor);
                }
            }
            out = out.add(&term);
        }
        out
    }

    /// `self` with every atom of `map` replaced at once (atoms not in `map` stay).
    pub fn substitute_all(&self, map: &BTreeMap<Atom, Poly>) -> Poly {
        let mut out = Poly::default();
        for (m, c) in &self.terms {
            let mut term = Poly::constant(c.clone());
            for (x, e) in m {
                let factor = map.get(x).cloned().unwrap_or_else(|| Poly::atom(*x));
                for _ in 0..*e {
                    term = term.mul(&factor);
                }
            }
            out = out.add(&term);
        }
        out
    }

    /// `self` as an affine form over program variables (`None` when it has a counter or a
    /// product).
    pub fn as_affine(&self) -> Option<leapfrog_linear::Affine<VarId>> {
        let mut out = leapfrog_linear::Affine::zero();
        for (m, c) in &self.terms {
            match m.as_slice() {
                [] => out = out.add_constant(c),
                [(Atom::Var(v), 1)] => out.add_term(c.clone(), *v),
                _ => return None,
            }
        }
        Some(out)
    }

    /// `self` as `c·a + rest` with `a` not in `rest` (`None` when `a` occurs non-linearly).
    /// `(c, rest)` with `self = c·a + rest`, `c` and `rest` free of `a` (`c` a polynomial in
    /// the other atoms); `None` when `a` appears with a higher power.
    pub fn linear_in_poly(&self, a: Atom) -> Option<(Poly, Poly)> {
        let mut c = Poly::default();
        let mut rest = Poly::default();
        for (m, k) in &self.terms {
            match m.iter().position(|(x, _)| *x == a) {
                None => {
                    rest.terms.insert(m.clone(), k.clone());
                }
                Some(at) if m[at].1 == 1 => {
                    let mut others = m.clone();
                    others.remove(at);
                    c = c.add(&Poly { terms: std::iter::once((others, k.clone())).collect() });
                }
                Some(_) => return None,
            }
        }
        Some((c, rest))
    }

    pub fn linear_in(&self, a: Atom) -> Option<(Rational, Poly)> {
        let mut c = Rational::zero();
        let mut rest = Poly::default();
        for (m, k) in &self.terms {
            match m.iter().find(|(x, _)| *x == a) {
                None => {
                    rest.terms.insert(m.clone(), k.clone());
                }
                Some((_, 1)) if m.len() == 1 => c += k,
                Some(_) => return None,
            }
        }
        Some((c, rest))
    }

    /// The least common denominator of the coefficients.
    pub fn denominator(&self) -> Rational {
        let mut d = num_bigint::BigInt::one();
        for c in self.terms.values() {
            d = num_integer::Integer::lcm(&d, c.denom());
        }
        Rational::from_integer(d)
    }

    /// As C: integer coefficients over a common denominator, `(…)/d` when it is not 1.
    pub fn text(&self, name: &dyn Fn(Atom) -> String) -> String {
        let d = self.denominator();
        let mut out = String::new();
        let mut terms: Vec<(&Monomial, Rational)> = self.terms.iter().map(|(m, c)| (m, c * &d)).collect();
        // Constant last, higher degrees first, positive terms first within a degree.
        terms.sort_by_key(|(m, c)| {
            (m.is_empty(), std::cmp::Reverse(m.iter().map(|(_, e)| *e).sum::<u32>()), c.is_negative())
        });
        for (m, c) in terms {
            let negative = c.is_negative();
            let magnitude = c.abs();
            let factors: Vec<String> = m.iter().flat_map(|(a, e)| std::iter::repeat_n(name(*a), *e as usize)).collect();
            let body = match (factors.is_empty(), magnitude.is_one()) {
                (true, _) => magnitude.to_string(),
                (false, true) => factors.join("*"),
                (false, false) => format!("{magnitude}*{}", factors.join("*")),
            };
            match (out.is_empty(), negative) {
                (true, false) => out.push_str(&body),
                (true, true) => out.push_str(&format!("-{body}")),
                (false, false) => out.push_str(&format!(" + {body}")),
                (false, true) => out.push_str(&format!(" - {body}")),
            }
        }
        if out.is_empty() {
            out.push('0');
        }
        if d.is_one() { out } else { format!("({out})/{d}") }
    }

    /// `d·self` as a Z3 integer term with `d` the positive common denominator of the
    /// coefficients (so that every coefficient is an integer), and `d`; each atom is the term
    /// `atom` gives it.
    pub fn smt_scaled(
        &self,
        atom: &dyn Fn(Atom) -> leapfrog_smt::z3::ast::Int,
    ) -> (leapfrog_smt::z3::ast::Int, Rational) {
        use leapfrog_smt::z3::ast::Int;
        let d = self.denominator();
        let scaled = self.scale(&d);
        let mut terms = vec![Int::from_i64(0)];
        for (m, coefficient) in &scaled.terms {
            let mut factors = vec![crate::pda::int_of(coefficient)];
            for (a, e) in m {
                let term = atom(*a);
                for _ in 0..*e {
                    factors.push(term.clone());
                }
            }
            terms.push(Int::mul(&factors));
        }
        (Int::add(&terms), d)
    }

    /// The value at integer values of the atoms (`None` when an atom has none).
    pub fn eval(&self, value: &dyn Fn(Atom) -> Option<i128>) -> Option<Rational> {
        let mut out = Rational::zero();
        for (m, c) in &self.terms {
            let mut term = c.clone();
            for (a, e) in m {
                let v = rational(value(*a)?);
                for _ in 0..*e {
                    term *= &v;
                }
            }
            out += term;
        }
        Some(out)
    }
}

fn multiply(a: &Monomial, b: &Monomial) -> Monomial {
    let mut exps: BTreeMap<Atom, u32> = a.iter().copied().collect();
    for (x, e) in b {
        *exps.entry(*x).or_insert(0) += e;
    }
    exps.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::Id;

    #[test]
    fn arithmetic_substitution_and_text() {
        let x = Poly::atom(Atom::Var(VarId::new(0)));
        let k = Poly::atom(Atom::Counter(0));
        // (x + k)^2 / 2 − x·k
        let p = x.add(&k).mul(&x.add(&k)).scale(&(rational(1) / rational(2))).sub(&x.mul(&k));
        let name = |a: Atom| match a {
            Atom::Var(_) => "x".to_string(),
            Atom::Counter(i) => format!("k{}", i + 1),
        };
        assert_eq!(p.text(&name), "(x*x + k1*k1)/2");
        // k := 3 − x gives (x² + (3 − x)²)/2.
        let q = p.substitute(Atom::Counter(0), &Poly::constant(rational(3)).sub(&x));
        assert_eq!(q.eval(&|_| Some(1)), Some(rational(5) / rational(2)));
        let (c, rest) = x.add(&k.scale(&rational(-2))).linear_in(Atom::Counter(0)).unwrap();
        assert_eq!((c, rest), (rational(-2), x.clone()));
        assert!(p.linear_in(Atom::Counter(0)).is_none());
    }
}
