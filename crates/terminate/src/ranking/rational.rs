//! Rational numbers as the optimizer prints them, for reading a Farkas LP's solution exactly.

use leapfrog_paths::linear::gcd;

/// A rational number `num / den` with `den > 0`, in lowest terms.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rat {
    pub num: i128,
    pub den: i128,
}

impl Rat {
    pub fn new(num: i128, den: i128) -> Option<Rat> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = num.checked_neg()?;
            den = den.checked_neg()?;
        }
        Some(Rat { num, den })
    }

    /// Parses Z3's printed form of a rational numeral: `3`, `3.0`, `(- 3.0)`, `(/ 1.0 3.0)`,
    /// `(- (/ 1.0 3.0))`, `(/ (- 1.0) 3.0)`.
    pub fn parse(s: &str) -> Option<Rat> {
        let s = s.trim();
        if let Some(inner) = s.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
            let inner = inner.trim();
            if let Some(rest) = inner.strip_prefix("- ") {
                let r = Rat::parse(rest)?;
                return Rat::new(r.num.checked_neg()?, r.den);
            }
            if let Some(rest) = inner.strip_prefix("/ ") {
                let (a, b) = split_two(rest.trim())?;
                let (a, b) = (Rat::parse(a)?, Rat::parse(b)?);
                return Rat::new(a.num.checked_mul(b.den)?, a.den.checked_mul(b.num)?);
            }
            return None;
        }
        let s = s.strip_suffix(".0").unwrap_or(s);
        if let Some((whole, frac)) = s.split_once('.') {
            // A decimal: whole.frac
            let digits = format!("{whole}{frac}");
            let num: i128 = digits.parse().ok()?;
            let den = 10i128.checked_pow(u32::try_from(frac.len()).ok()?)?;
            return Rat::new(num, den);
        }
        Rat::new(s.parse().ok()?, 1)
    }
}

/// Splits `a b` where `a` and `b` are atoms or parenthesized terms.
fn split_two(s: &str) -> Option<(&str, &str)> {
    if s.starts_with('(') {
        let mut depth = 0i32;
        for (i, ch) in s.char_indices() {
            match ch {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((&s[..=i], s[i + 1..].trim()));
                    }
                }
                _ => {}
            }
        }
        None
    } else {
        let (a, b) = s.split_once(' ')?;
        Some((a, b.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_z3_numerals() {
        assert_eq!(Rat::parse("3"), Rat::new(3, 1));
        assert_eq!(Rat::parse("3.0"), Rat::new(3, 1));
        assert_eq!(Rat::parse("(- 3.0)"), Rat::new(-3, 1));
        assert_eq!(Rat::parse("(/ 1.0 3.0)"), Rat::new(1, 3));
        assert_eq!(Rat::parse("(- (/ 2.0 4.0))"), Rat::new(-1, 2));
        assert_eq!(Rat::parse("(/ (- 1.0) 3.0)"), Rat::new(-1, 3));
        assert_eq!(Rat::parse("0.5"), Rat::new(1, 2));
        assert_eq!(Rat::parse("garbage"), None);
    }
}
