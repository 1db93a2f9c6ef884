//! IR expressions as affine expressions over the tracked variables, with the machine-integer
//! conversion that is still to be applied ([`Linear`]), and conditions as linear constraints.
//!
//! Wrapping is a ring homomorphism: `(a + b) mod 2^n` is `((a mod 2^n) + b) mod 2^n`, so a sum,
//! difference or constant multiple computed in a wrapping type is the conversion of the
//! mathematical affine value to that type, however many wrapping operations of that width or
//! wider it contains. A conversion to a *narrower* type inside one to a wider type does not fold
//! that way (unless the inner value's type fits the outer type, which makes the outer conversion
//! the identity); such expressions, and every non-affine operation, are not linearized: the
//! analysis then forgets the assigned variable or ignores the condition, which is sound.

use crate::Tracked;
use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp};
use leapfrog_domains::{Bounds, Dim, NumericDomain, modulus, windows};
use leapfrog_ir::types::Type;
use leapfrog_ir::{Expr, Program};
use leapfrog_linear::{Affine, Constraint, Rational, rational};

/// The value of an expression: `affine` exactly (`wrap: None`), or `affine` converted to `wrap`
/// as C converts integers.
#[derive(Clone, Debug, PartialEq)]
pub struct Linear {
    pub affine: Affine<Dim>,
    pub wrap: Option<IntTy>,
}

/// The integer type of `e`, if it has one.
pub fn int_type(p: &Program, e: &Expr) -> Option<IntTy> {
    match e {
        Expr::Int(_, t) | Expr::Unary(_, t, _) | Expr::Binary(_, t, _, _) | Expr::Cast(t, _) => Some(*t),
        Expr::PtrDiff { ty, .. } => Some(*ty),
        Expr::Var(v) => match p.vars[*v].ty.reg() {
            Some(Type::Int(t)) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// Whether every value of `inner` is a value of `outer`.
fn fits(inner: IntTy, outer: IntTy) -> bool {
    outer.min() <= inner.min() && inner.max() <= outer.max()
}

/// Whether arithmetic in `ty` wraps under `semantics`.
pub fn wraps(ty: IntTy, semantics: Semantics) -> bool {
    !ty.is_signed() || semantics == Semantics::BitPrecise
}

/// `e` as a [`Linear`], when it is affine in the tracked variables.
pub fn linearize(p: &Program, tracked: &Tracked, semantics: Semantics, e: &Expr) -> Option<Linear> {
    linearize_with(p, tracked, semantics, None, e)
}

/// `e` as a [`Linear`] in `element`: as [`linearize`], but a conversion that is the identity on
/// the element's range of its operand (`(long)i` for an unsigned `i` known below 2^63) is
/// dropped, so signed arithmetic over it stays exact (`(long)i + 1 <= 32`).
pub fn linearize_in<D: NumericDomain>(
    p: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    element: &D,
    e: &Expr,
) -> Option<Linear> {
    linearize_with(p, tracked, semantics, Some(&|a: &Affine<Dim>| element.bounds(a)), e)
}

/// The window `k` of `ty` (`[k·2^n + min, k·2^n + max]`) that holds every value in `b`, if one
/// does.
fn one_window(b: &Bounds, ty: IntTy) -> Option<Rational> {
    windows(b, ty).and_then(|(first, last)| (first == last).then_some(first))
}

/// Whether every value in `b` is a value of `ty`.
fn within(b: &Bounds, ty: IntTy) -> bool {
    b.lo.as_ref().is_some_and(|lo| *lo >= rational(ty.min()))
        && b.hi.as_ref().is_some_and(|hi| *hi <= rational(ty.max()))
}

type RangeOf<'a> = Option<&'a dyn Fn(&Affine<Dim>) -> Bounds>;

fn linearize_with(p: &Program, tracked: &Tracked, semantics: Semantics, range: RangeOf, e: &Expr) -> Option<Linear> {
    let exact = |affine| Some(Linear { affine, wrap: None });
    // A wrapped value whose range lies in its type is the affine value itself.
    let settled = |l: Linear| match (l.wrap, range) {
        (Some(w), Some(range)) if !w.is_bool() && within(&range(&l.affine), w) => Linear { wrap: None, ..l },
        _ => l,
    };
    let sub = |e: &Expr| linearize_with(p, tracked, semantics, range, e).map(settled);
    match e {
        Expr::Int(c, _) => exact(Affine::constant(rational(*c))),
        Expr::Var(v) => tracked.dim(*v).and_then(|d| exact(Affine::var(d))),
        Expr::Cast(t, inner) => {
            if t.is_bool() {
                return None;
            }
            let l = sub(inner)?;
            let inner_ty = int_type(p, inner)?;
            if fits(inner_ty, *t) {
                // The conversion keeps every value of the inner type.
                return Some(l);
            }
            if let Some(range) = range
                && l.wrap.is_none()
                && let Some(k) = one_window(&range(&l.affine), *t)
            {
                // Every value the operand has here lies in one window of the type: the
                // conversion subtracts the same multiple of 2^n from each (none for the window
                // of the type's own values).
                return Some(Linear { affine: l.affine.add_constant(&-(k * modulus(*t))), wrap: None });
            }
            match l.wrap {
                Some(u) if u.bits() < t.bits() => None,
                _ => Some(Linear { affine: l.affine, wrap: Some(*t) }),
            }
        }
        Expr::Unary(UnOp::Neg, t, inner) => {
            let l = sub(inner)?;
            combine(*t, semantics, &[&l]).map(|wrap| Linear { affine: l.affine.neg(), wrap })
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl), t, a, b) => {
            let la = sub(a)?;
            let lb = sub(b)?;
            let affine = match op {
                BinOp::Add => la.affine.add(&lb.affine),
                BinOp::Sub => la.affine.sub(&lb.affine),
                BinOp::Mul => {
                    if let Some(k) = lb.affine.as_constant().filter(|_| lb.wrap.is_none()) {
                        la.affine.scale(k)
                    } else if let Some(k) = la.affine.as_constant().filter(|_| la.wrap.is_none()) {
                        lb.affine.scale(k)
                    } else {
                        return None;
                    }
                }
                _ => {
                    // A left shift by a constant count below the width is a multiplication.
                    let k = lb.affine.as_constant().filter(|_| lb.wrap.is_none())?;
                    let count = leapfrog_linear::to_i128(k).filter(|c| (0..i128::from(t.bits())).contains(c))?;
                    la.affine.scale(&rational(1i128 << count))
                }
            };
            let operands: Vec<&Linear> = if *op == BinOp::Shl { vec![&la] } else { vec![&la, &lb] };
            combine(*t, semantics, &operands).map(|wrap| Linear { affine, wrap })
        }
        _ => None,
    }
}

/// The conversion still to apply to a ring operation in `ty` over `operands`: the operation's own
/// wrap when `ty` wraps (operands wrapped in a type at least as wide fold into it), none when the
/// operation is exact (signed arithmetic under the default semantics, where overflow ends the
/// execution) and the operands are exact. `None` when it cannot be expressed.
fn combine(ty: IntTy, semantics: Semantics, operands: &[&Linear]) -> Option<Option<IntTy>> {
    if wraps(ty, semantics) {
        operands.iter().all(|l| l.wrap.is_none_or(|u| u.bits() >= ty.bits())).then_some(Some(ty))
    } else {
        operands.iter().all(|l| l.wrap.is_none()).then_some(None)
    }
}

/// The affine value of `l` in an element where its conversion is the identity (its range lies in
/// the target type), else `None`.
pub fn exact_value<D: NumericDomain>(element: &D, l: &Linear) -> Option<Affine<Dim>> {
    match l.wrap {
        None => Some(l.affine.clone()),
        Some(t) => within(&element.bounds(&l.affine), t).then(|| l.affine.clone()),
    }
}

/// The linear constraints a true `cond` implies in `element` (a conjunction; empty when the
/// condition is not linear). `Some(false)`-like conditions give the unsatisfiable constraint.
pub fn condition<D: NumericDomain>(
    p: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    element: &D,
    cond: &Expr,
) -> Vec<Constraint<Dim>> {
    let (positive, inner) = match cond {
        Expr::Not(inner) => (false, inner.as_ref()),
        other => (true, other),
    };
    match inner {
        Expr::Bool(b) => {
            if *b == positive {
                Vec::new()
            } else {
                vec![Constraint::unsatisfiable()]
            }
        }
        Expr::Var(v) => match tracked.dim(*v) {
            // A condition variable holds 0 or 1.
            Some(d) if positive => vec![Constraint::ge(&Affine::var(d), &Affine::constant(rational(1)))],
            Some(d) => vec![Constraint::le(&Affine::var(d), &Affine::constant(Rational::from_integer(0.into())))],
            None => Vec::new(),
        },
        Expr::Cmp(op, a, b) => {
            let op = if positive { *op } else { op.negate() };
            let value =
                |e: &Expr| linearize_in(p, tracked, semantics, element, e).and_then(|l| exact_value(element, &l));
            let (Some(la), Some(lb)) = (value(a), value(b)) else { return Vec::new() };
            if op == CmpOp::Ne {
                return disequality(element, &la.sub(&lb));
            }
            comparison(op, &la, &lb)
        }
        _ => Vec::new(),
    }
}

/// Keeps the points of `element` where `cond` may hold. When the condition is not linear only
/// because it converts a value to a type that does not hold all of the value's type's values
/// (`0 <= (long)i` for an unsigned `i`), the element is split by the windows of that type the
/// value falls in (at most [`MAX_WINDOWS`] of them), in each of which the conversion is exact,
/// and the parts are joined.
pub fn assume_condition<D: NumericDomain>(
    p: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    element: &mut D,
    cond: &Expr,
) {
    let constraints = condition(p, tracked, semantics, element, cond);
    if !constraints.is_empty() {
        for c in constraints {
            element.assume(&c);
        }
        return;
    }
    let Some((value, windows)) = split_conversion(p, tracked, semantics, element, cond) else { return };
    let mut joined: Option<D> = None;
    for (lo, hi) in windows {
        let mut part = element.clone();
        part.assume(&Constraint::ge(&value, &Affine::constant(lo)));
        part.assume(&Constraint::le(&value, &Affine::constant(hi)));
        if part.is_bottom() {
            continue;
        }
        for c in condition(p, tracked, semantics, &part, cond) {
            part.assume(&c);
        }
        if !part.is_bottom() {
            joined = Some(match joined {
                Some(j) => j.join(&part),
                None => part,
            });
        }
    }
    *element = joined.unwrap_or_else(D::bottom);
}

/// The most windows [`assume_condition`] splits an element into.
const MAX_WINDOWS: i128 = 4;

/// The first conversion in `cond` of an exact affine value to a type that does not hold all
/// the values of the value's own type: the value, and the ranges of the windows of the target
/// type its values (its type's, narrowed by the element) fall in.
#[allow(clippy::type_complexity)]
fn split_conversion<D: NumericDomain>(
    p: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    element: &D,
    cond: &Expr,
) -> Option<(Affine<Dim>, Vec<(Rational, Rational)>)> {
    if let Expr::Cast(t, inner) = cond
        && !t.is_bool()
        && let Some(u) = int_type(p, inner)
        && !u.is_bool()
        && !fits(u, *t)
        && let Some(l) = linearize_in(p, tracked, semantics, element, inner)
        && let Some(value) = exact_value(element, &l)
    {
        // The value is one of its type's (an exact signed result is: an overflow would have
        // ended the execution).
        let b = element.bounds(&value);
        let lo = b.lo.map_or(rational(u.min()), |l| l.max(rational(u.min())));
        let hi = b.hi.map_or(rational(u.max()), |h| h.min(rational(u.max())));
        if lo > hi {
            return None;
        }
        let (first, last) = windows(&Bounds { lo: Some(lo.clone()), hi: Some(hi.clone()) }, *t)?;
        let (min, m) = (rational((*t).min()), modulus(*t));
        if &last - &first >= rational(MAX_WINDOWS) {
            return None;
        }
        let mut windows = Vec::new();
        let mut k = first;
        while k <= last {
            let start = &k * &m + &min;
            let end = &start + &m - rational(1);
            windows.push((start.max(lo.clone()), end.min(hi.clone())));
            k += rational(1);
        }
        return Some((value, windows));
    }
    cond.children().into_iter().find_map(|c| split_conversion(p, tracked, semantics, element, c))
}

/// `d != 0` as a constraint where the element makes it convex: when `d`'s range ends at 0, the
/// range shrinks by one (`i != n` with `i <= n` is `i <= n - 1`); otherwise nothing is known.
fn disequality<D: NumericDomain>(element: &D, d: &Affine<Dim>) -> Vec<Constraint<Dim>> {
    let zero = Rational::from_integer(0.into());
    let one = Affine::constant(rational(1));
    let b = element.bounds(d);
    if b.lo.as_ref() == Some(&zero) {
        vec![Constraint::ge(d, &one)]
    } else if b.hi.as_ref() == Some(&zero) {
        vec![Constraint::le(&d.add(&one), &Affine::zero())]
    } else {
        Vec::new()
    }
}

/// `a op b` over integers as constraints (`!=` gives none: it is not convex).
pub fn comparison(op: CmpOp, a: &Affine<Dim>, b: &Affine<Dim>) -> Vec<Constraint<Dim>> {
    let one = Affine::constant(rational(1));
    match op {
        CmpOp::Eq => vec![Constraint::eq(a, b)],
        CmpOp::Ne => Vec::new(),
        CmpOp::Lt => vec![Constraint::le(&a.add(&one), b)],
        CmpOp::Le => vec![Constraint::le(a, b)],
        CmpOp::Gt => vec![Constraint::ge(a, &b.add(&one))],
        CmpOp::Ge => vec![Constraint::ge(a, b)],
    }
}

/// The value of a non-affine `e` of a type that does not wrap, as an affine part plus an
/// interval (Miné's quasi-linearization): `x*x + k` is `k + [0, +∞)`. Products are bounded by
/// interval arithmetic over the element's bounds of their factors, and a square is
/// non-negative. `None` when nothing is known.
pub fn quasi_linearize<D: NumericDomain>(
    p: &Program,
    tracked: &Tracked,
    semantics: Semantics,
    element: &D,
    e: &Expr,
) -> Option<(Affine<Dim>, Bounds)> {
    if let Some(l) = linearize_in(p, tracked, semantics, element, e)
        && let Some(a) = exact_value(element, &l)
    {
        return Some((a, Bounds::point(rational(0))));
    }
    let ty = int_type(p, e)?;
    if wraps(ty, semantics) {
        return None;
    }
    match e {
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub), _, a, b) => {
            let (aa, ia) = quasi_linearize(p, tracked, semantics, element, a)?;
            let (ab, ib) = quasi_linearize(p, tracked, semantics, element, b)?;
            Some(if *op == BinOp::Add {
                (aa.add(&ab), interval_add(&ia, &ib))
            } else {
                (aa.sub(&ab), interval_add(&ia, &interval_neg(&ib)))
            })
        }
        Expr::Unary(UnOp::Neg, _, a) => {
            let (aa, ia) = quasi_linearize(p, tracked, semantics, element, a)?;
            Some((aa.neg(), interval_neg(&ia)))
        }
        Expr::Binary(BinOp::Mul, _, a, b) => {
            let range = |x: &Expr| {
                quasi_linearize(p, tracked, semantics, element, x)
                    .map(|(aff, i)| interval_add(&element.bounds(&aff), &i))
                    .unwrap_or_else(Bounds::unbounded)
            };
            let (ra, rb) = (range(a), range(b));
            let mut product = interval_mul(&ra, &rb);
            if a == b {
                // A square is non-negative.
                let zero = rational(0);
                if product.lo.as_ref().is_none_or(|lo| *lo < zero) {
                    product.lo = Some(zero);
                }
            }
            (product.lo.is_some() || product.hi.is_some()).then(|| (Affine::zero(), product))
        }
        _ => None,
    }
}

fn interval_add(a: &Bounds, b: &Bounds) -> Bounds {
    let sum = |x: &Option<Rational>, y: &Option<Rational>| match (x, y) {
        (Some(x), Some(y)) => Some(x + y),
        _ => None,
    };
    Bounds { lo: sum(&a.lo, &b.lo), hi: sum(&a.hi, &b.hi) }
}

fn interval_neg(a: &Bounds) -> Bounds {
    Bounds { lo: a.hi.as_ref().map(|h| -h), hi: a.lo.as_ref().map(|l| -l) }
}

/// The product of two intervals (a missing end is infinite; `0 · ∞` is 0).
fn interval_mul(a: &Bounds, b: &Bounds) -> Bounds {
    use num_traits::{Signed, Zero};
    // Ends as (value, infinite sign): None value = ±∞.
    let ends = |x: &Bounds| [(x.lo.clone(), -1i8), (x.hi.clone(), 1i8)];
    let mut lo: Option<Option<Rational>> = None; // Some(None) = -∞
    let mut hi: Option<Option<Rational>> = None; // Some(None) = +∞
    for (x, sx) in ends(a) {
        for (y, sy) in ends(b) {
            let value: Option<Rational> = match (&x, &y) {
                (Some(x), Some(y)) => Some(x * y),
                (Some(x), None) if x.is_zero() => Some(Rational::zero()),
                (None, Some(y)) if y.is_zero() => Some(Rational::zero()),
                _ => None,
            };
            let sign = match (&x, &y) {
                (Some(x), None) => (if x.is_negative() { -1 } else { 1 }) * sy,
                (None, Some(y)) => sx * (if y.is_negative() { -1 } else { 1 }),
                _ => sx * sy,
            };
            match value {
                Some(v) => {
                    if lo.as_ref().is_none_or(|l| l.as_ref().is_some_and(|l| v < *l)) {
                        lo = Some(Some(v.clone()));
                    }
                    if hi.as_ref().is_none_or(|h| h.as_ref().is_some_and(|h| v > *h)) {
                        hi = Some(Some(v));
                    }
                }
                None if sign < 0 => lo = Some(None),
                None => hi = Some(None),
            }
        }
    }
    Bounds { lo: lo.flatten(), hi: hi.flatten() }
}
