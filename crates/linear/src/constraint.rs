//! [`Constraint`]: `expression = 0` or `expression ≥ 0`, and its integer forms.

use crate::{Affine, Rational};
use num_integer::Integer as _;
use num_traits::{One, Signed, Zero};

/// How a constraint's expression compares with 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relation {
    /// `expression = 0`.
    Eq,
    /// `expression ≥ 0`.
    Ge,
}

/// `expr = 0` or `expr ≥ 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Constraint<V: Ord> {
    pub expr: Affine<V>,
    pub relation: Relation,
}

impl<V: Ord + Clone> Constraint<V> {
    /// `expr ≥ 0`.
    pub fn nonnegative(expr: Affine<V>) -> Self {
        Constraint { expr, relation: Relation::Ge }
    }

    /// `expr = 0`.
    pub fn zero(expr: Affine<V>) -> Self {
        Constraint { expr, relation: Relation::Eq }
    }

    /// `lhs ≥ rhs`.
    pub fn ge(lhs: &Affine<V>, rhs: &Affine<V>) -> Self {
        Constraint::nonnegative(lhs.sub(rhs))
    }

    /// `lhs ≤ rhs`.
    pub fn le(lhs: &Affine<V>, rhs: &Affine<V>) -> Self {
        Constraint::nonnegative(rhs.sub(lhs))
    }

    /// `lhs = rhs`.
    pub fn eq(lhs: &Affine<V>, rhs: &Affine<V>) -> Self {
        Constraint::zero(lhs.sub(rhs))
    }

    /// The constraint that no point satisfies (`-1 ≥ 0`).
    pub fn unsatisfiable() -> Self {
        Constraint::nonnegative(Affine::constant(-Rational::one()))
    }

    /// The variables it mentions.
    pub fn vars(&self) -> impl Iterator<Item = &V> {
        self.expr.vars()
    }

    /// Whether the point satisfies it (`None` when a variable has no value).
    pub fn holds(&self, value: impl Fn(&V) -> Option<Rational>) -> Option<bool> {
        let v = self.expr.eval(value)?;
        Some(match self.relation {
            Relation::Eq => v.is_zero(),
            Relation::Ge => !v.is_negative(),
        })
    }

    /// Its truth when it mentions no variable.
    pub fn as_trivial(&self) -> Option<bool> {
        self.expr.as_constant().map(|c| match self.relation {
            Relation::Eq => c.is_zero(),
            Relation::Ge => !c.is_negative(),
        })
    }

    /// The same set of points, written with integer coefficients whose gcd is 1 (an equality's
    /// first coefficient positive): equal constraints become equal values.
    pub fn normalized(&self) -> Self {
        let mut factor = self.expr.primitive_factor();
        if self.relation == Relation::Eq && self.expr.terms().next().is_some_and(|(_, c)| c.is_negative()) {
            factor = -factor;
        }
        Constraint { expr: self.expr.scale(&factor), relation: self.relation }
    }

    /// The strongest constraint with integer coefficients that the integer points satisfying this
    /// one satisfy (the variables range over integers): `2x ≥ 1` becomes `x ≥ 1`; `2x = 1`
    /// becomes unsatisfiable.
    pub fn tightened(&self) -> Self {
        let normal = self.normalized();
        let gcd = normal.expr.terms().fold(crate::Integer::zero(), |acc, (_, c)| acc.gcd(&c.to_integer()));
        if gcd.is_zero() || gcd.is_one() {
            return normal;
        }
        let constant = normal.expr.constant_term().to_integer();
        let (quotient, remainder) = constant.div_mod_floor(&gcd);
        if normal.relation == Relation::Eq && !remainder.is_zero() {
            return Constraint::unsatisfiable();
        }
        let divisor = Rational::from_integer(gcd);
        let terms = normal.expr.terms().map(|(v, c)| (c / &divisor, v.clone()));
        Constraint { expr: Affine::from_terms(Rational::from_integer(quotient), terms), relation: normal.relation }
    }

    /// The integer points that violate it, as a disjunction of constraints (the variables range
    /// over integers): `¬(e ≥ 0)` is `-e - 1 ≥ 0`; `¬(e = 0)` is `e - 1 ≥ 0 ∨ -e - 1 ≥ 0`.
    pub fn negated_over_integers(&self) -> Vec<Self> {
        let normal = self.normalized();
        let minus_one = -Rational::one();
        let below = Constraint::nonnegative(normal.expr.neg().add_constant(&minus_one));
        match normal.relation {
            Relation::Ge => vec![below.tightened()],
            Relation::Eq => {
                vec![Constraint::nonnegative(normal.expr.add_constant(&minus_one)).tightened(), below.tightened()]
            }
        }
    }

    /// The same constraint over other variables.
    pub fn map_vars<W: Ord + Clone>(&self, f: impl Fn(&V) -> W) -> Constraint<W> {
        Constraint { expr: self.expr.map_vars(f), relation: self.relation }
    }

    /// C-like text with the constant on the right: `2*x - y >= 3`, `x == y`.
    pub fn text(&self, name: impl Fn(&V) -> String) -> String {
        let op = match self.relation {
            Relation::Eq => "==",
            Relation::Ge => ">=",
        };
        if self.expr.as_constant().is_some() {
            return format!("{} {op} 0", self.expr.text(name));
        }
        let left = self.expr.add_constant(&-self.expr.constant_term().clone());
        let right = Affine::<V>::constant(-self.expr.constant_term().clone());
        format!("{} {op} {}", left.text(&name), right.text(&name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rational;

    fn lin(constant: i128, terms: &[(i128, &'static str)]) -> Affine<&'static str> {
        Affine::from_terms(rational(constant), terms.iter().map(|&(c, v)| (rational(c), v)))
    }

    #[test]
    fn tightening_rounds_the_constant() {
        // 2x - 1 >= 0 over integers is x - 1 >= 0.
        assert_eq!(
            Constraint::nonnegative(lin(-1, &[(2, "x")])).tightened(),
            Constraint::nonnegative(lin(-1, &[(1, "x")]))
        );
        // 4x + 6y + 3 >= 0 is 2x + 3y + 1 >= 0.
        assert_eq!(
            Constraint::nonnegative(lin(3, &[(4, "x"), (6, "y")])).tightened(),
            Constraint::nonnegative(lin(1, &[(2, "x"), (3, "y")]))
        );
        // 2x = 1 has no integer solution.
        assert_eq!(Constraint::zero(lin(-1, &[(2, "x")])).tightened().as_trivial(), Some(false));
        // -2x + 4 = 0 is x - 2 = 0.
        assert_eq!(Constraint::zero(lin(4, &[(-2, "x")])).tightened(), Constraint::zero(lin(-2, &[(1, "x")])));
    }

    #[test]
    fn integer_negation_covers_exactly_the_complement() {
        let constraints = [
            Constraint::nonnegative(lin(-1, &[(2, "x"), (-3, "y")])),
            Constraint::zero(lin(2, &[(1, "x"), (-1, "y")])),
            Constraint::nonnegative(lin(0, &[(-1, "x")])),
        ];
        for c in &constraints {
            let negation = c.negated_over_integers();
            for x in -6..=6 {
                for y in -6..=6 {
                    let point = |v: &&str| Some(rational(if *v == "x" { x } else { y }));
                    let holds = c.holds(point).unwrap();
                    let violated = negation.iter().any(|n| n.holds(point).unwrap());
                    assert_ne!(holds, violated, "{} at x={x}, y={y}", c.text(|v| v.to_string()));
                }
            }
        }
    }

    #[test]
    fn text_puts_the_constant_on_the_right() {
        assert_eq!(Constraint::nonnegative(lin(-3, &[(2, "x"), (-1, "y")])).text(|v| v.to_string()), "2*x - y >= 3");
        assert_eq!(Constraint::eq(&lin(0, &[(1, "x")]), &lin(0, &[(1, "y")])).text(|v| v.to_string()), "x - y == 0");
        assert_eq!(Constraint::<&str>::unsatisfiable().text(|v| v.to_string()), "-1 >= 0");
    }
}
