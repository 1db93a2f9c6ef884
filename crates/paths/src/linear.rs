//! Affine forms over symbols with exact integer coefficients, the constraints of a path, and the
//! integer helpers the path engines need. Every operation that could overflow `i128`
//! is checked and answers `None`; callers then over-approximate (a fresh unconstrained value, or
//! a dropped constraint), which is sound for ranking.

use std::collections::BTreeMap;

/// A symbol: a pre-state variable value or an auxiliary value of one path.
pub type Sym = usize;

/// `constant + Σ coefficient·symbol`; no zero coefficients are stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lin {
    pub constant: i128,
    pub terms: BTreeMap<Sym, i128>,
}

impl Lin {
    pub fn constant(c: i128) -> Lin {
        Lin { constant: c, terms: BTreeMap::new() }
    }

    pub fn sym(s: Sym) -> Lin {
        Lin { constant: 0, terms: BTreeMap::from([(s, 1)]) }
    }

    pub fn as_const(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn is_sym(&self, s: Sym) -> bool {
        self.constant == 0 && self.terms.len() == 1 && self.terms.get(&s) == Some(&1)
    }

    /// `self + k·other`.
    pub fn add_scaled(&self, k: i128, other: &Lin) -> Option<Lin> {
        let mut out = self.clone();
        out.constant = out.constant.checked_add(k.checked_mul(other.constant)?)?;
        for (&s, &c) in &other.terms {
            let add = k.checked_mul(c)?;
            let entry = out.terms.entry(s).or_insert(0);
            *entry = entry.checked_add(add)?;
            if *entry == 0 {
                out.terms.remove(&s);
            }
        }
        Some(out)
    }

    pub fn add(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(1, other)
    }

    pub fn sub(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(-1, other)
    }

    pub fn scale(&self, k: i128) -> Option<Lin> {
        Lin::default().add_scaled(k, self)
    }

    pub fn add_const(&self, k: i128) -> Option<Lin> {
        let mut out = self.clone();
        out.constant = out.constant.checked_add(k)?;
        Some(out)
    }

    /// The symbols with a non-zero coefficient.
    pub fn syms(&self) -> impl Iterator<Item = Sym> + '_ {
        self.terms.keys().copied()
    }

    /// The range of values given ranges of the symbols (`None` when a symbol is unbounded or the
    /// bounds overflow).
    pub fn interval(&self, range: &dyn Fn(Sym) -> Option<(i128, i128)>) -> Option<(i128, i128)> {
        let (mut lo, mut hi) = (self.constant, self.constant);
        for (&s, &c) in &self.terms {
            let (a, b) = range(s)?;
            let (x, y) = (c.checked_mul(a)?, c.checked_mul(b)?);
            lo = lo.checked_add(x.min(y))?;
            hi = hi.checked_add(x.max(y))?;
        }
        Some((lo, hi))
    }
}

/// A constraint of a path: `lin ≤ 0`, or `lin = 0` when `eq`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub lin: Lin,
    pub eq: bool,
}

impl Row {
    pub fn le0(lin: Lin) -> Row {
        Row { lin, eq: false }
    }

    pub fn eq0(lin: Lin) -> Row {
        Row { lin, eq: true }
    }
}

/// Integer consequences of a path's constraints, which the rational Farkas LP cannot draw: a
/// symbol an equality pins to a constant (`c·s + k = 0`) is replaced by it in the other rows and
/// in the post-state values, and an inequality whose coefficients share a factor `g` is divided
/// by it with its constant rounded (`2·y − 1 ≥ 0` is `y − 1 ≥ 0`). Every symbol is an integer, so
/// the path's integer points do not change.
pub fn tighten(rows: &mut [Row], post: &mut BTreeMap<Sym, Lin>) {
    let pinned: Vec<(usize, Sym, i128)> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.eq && r.lin.terms.len() == 1)
        .filter_map(|(i, r)| {
            let (&s, &c) = r.lin.terms.iter().next()?;
            let value = r.lin.constant.checked_neg()?.checked_div(c)?;
            (r.lin.constant.checked_rem(c)? == 0).then_some((i, s, value))
        })
        .collect();
    let substitute = |lin: &Lin, s: Sym, value: i128| -> Option<Lin> {
        let c = *lin.terms.get(&s)?;
        let mut out = lin.clone();
        out.terms.remove(&s);
        out.constant = out.constant.checked_add(c.checked_mul(value)?)?;
        Some(out)
    };
    for &(at, s, value) in &pinned {
        for (i, row) in rows.iter_mut().enumerate() {
            if i != at
                && let Some(lin) = substitute(&row.lin, s, value)
            {
                row.lin = lin;
            }
        }
        for lin in post.values_mut() {
            if let Some(l) = substitute(lin, s, value) {
                *lin = l;
            }
        }
    }
    for row in rows.iter_mut().filter(|r| !r.eq) {
        let g = row.lin.terms.values().fold(0, |g, c| gcd(g, *c));
        if g > 1 && row.lin.constant != i128::MIN {
            // `Σ c·s + k ≤ 0` is `Σ (c/g)·s ≤ −k/g`, and the left side is an integer.
            for c in row.lin.terms.values_mut() {
                *c /= g;
            }
            row.lin.constant = ceil_div(row.lin.constant, g);
        }
    }
}

pub fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i128::try_from(a).unwrap_or(i128::MAX)
}

pub fn lcm(a: i128, b: i128) -> Option<i128> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd(a, b)).checked_mul(b).map(i128::abs)
}

/// `⌊a / b⌋` for `b > 0`.
pub fn floor_div(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

/// `⌈a / b⌉` for `b > 0`.
pub fn ceil_div(a: i128, b: i128) -> i128 {
    -((-a).div_euclid(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_arithmetic_and_intervals() {
        let x = Lin::sym(0);
        let y = Lin::sym(1);
        let e = x.add_scaled(2, &y).unwrap().add_const(3).unwrap();
        assert_eq!(e.sub(&e).unwrap(), Lin::constant(0));
        let range = |s: Sym| Some(if s == 0 { (0, 10) } else { (-1, 1) });
        assert_eq!(e.interval(&range), Some((1, 15)));
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(lcm(4, 6), Some(12));
        assert!(Lin::constant(i128::MAX).add_const(1).is_none());
    }
}
