//! Floating-point values: the computations of opaque steps ([`leapfrog_ir::float`]), as the
//! compiled program performs them on x86-64 — IEEE 754 binary32 (`float`) and binary64
//! (`double`), round to nearest, each operation rounded to its type (SSE arithmetic, no
//! contraction into fused operations), the math library's functions called at their own type
//! (`sinf` for `float`), so through the same C library the native program uses.
//!
//! A value is kept as the `f64` holding it (every `float` is exactly a `double`). An x87
//! `long double` is not computed: a step that needs one stops the run as unsupported.

use crate::eval::Env;
use crate::fault::{Fault, Res};
use crate::value::Value;
use leapfrog_arith::{CmpOp, IntTy};
use leapfrog_ir::{Expr, FloatBin, FloatExpr, FloatTy, MathFn, Type, VarId};

/// A floating-point value and its type.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Float {
    pub value: f64,
    pub ty: FloatTy,
}

impl Float {
    /// The register value holding it.
    pub fn to_value(self) -> Value {
        Value::Float(Some(self.value.to_bits()))
    }

    /// The integer `x` converted to `ty` (rounded to nearest, directly to `ty`).
    pub fn from_int(x: i128, ty: FloatTy) -> Res<Float> {
        let value = match ty {
            FloatTy::F32 => f64::from(x as f32),
            FloatTy::F64 => x as f64,
            FloatTy::F80 => return Err(long_double()),
        };
        Ok(Float { value, ty })
    }

    /// `self` converted to `ty` (rounded to nearest).
    pub fn convert(self, ty: FloatTy) -> Res<Float> {
        let value = match ty {
            FloatTy::F32 => f64::from(self.value as f32),
            FloatTy::F64 => self.value,
            FloatTy::F80 => return Err(long_double()),
        };
        Ok(Float { value, ty })
    }
}

fn long_double() -> Fault {
    Fault::unsupported("x87 `long double` arithmetic")
}

/// The register value of type `Float(ty)` that an integer input `raw` gives (rounded as C
/// converts an integer).
pub(crate) fn from_int(raw: i128, ty: FloatTy) -> Value {
    Float::from_int(raw, ty).map_or(Value::Float(None), Float::to_value)
}

/// The bytes of `value` stored as a `ty` (little-endian), or why it cannot be stored.
pub(crate) fn to_bytes(value: Option<u64>, ty: FloatTy) -> Res<Vec<u8>> {
    let Some(bits) = value else {
        return Err(Fault::unsupported("store of a floating-point value the interpreter does not compute"));
    };
    let value = f64::from_bits(bits);
    match ty {
        FloatTy::F32 => Ok((value as f32).to_le_bytes().to_vec()),
        FloatTy::F64 => Ok(value.to_le_bytes().to_vec()),
        FloatTy::F80 => Err(long_double()),
    }
}

/// The value `bytes` (little-endian) hold as a `ty`.
pub(crate) fn from_bytes(bytes: &[u8], ty: FloatTy) -> Value {
    match ty {
        FloatTy::F32 => {
            let raw: [u8; 4] = bytes[..4].try_into().expect("four bytes");
            Value::Float(Some(f64::from(f32::from_le_bytes(raw)).to_bits()))
        }
        FloatTy::F64 => {
            let raw: [u8; 8] = bytes[..8].try_into().expect("eight bytes");
            Value::Float(Some(f64::from_le_bytes(raw).to_bits()))
        }
        FloatTy::F80 => Value::Float(None),
    }
}

impl Env<'_> {
    /// The value of a floating-point expression.
    pub fn float(&self, e: &FloatExpr) -> Res<Float> {
        let register = |v: VarId| {
            let Some(Type::Float(ty)) = self.reg_type_of(v) else {
                return Err(Fault::unsupported(format!("{v} is not a floating-point register")));
            };
            match self.read_reg(v)? {
                Value::Float(Some(bits)) => Ok(Float { value: f64::from_bits(bits), ty }),
                Value::Float(None) if ty == FloatTy::F80 => Err(long_double()),
                _ => Err(Fault::unsupported("a floating-point value the interpreter does not know")),
            }
        };
        evaluate(e, &register, &|x| self.int(x))
    }

    /// `lhs op rhs` on floating-point values (IEEE: every comparison with a NaN is false but
    /// `!=`).
    pub fn float_compare(&self, op: CmpOp, lhs: &FloatExpr, rhs: &FloatExpr) -> Res<bool> {
        Ok(op.eval(self.float(lhs)?.value, self.float(rhs)?.value))
    }
}

/// The value of `e`, its registers' values given by `register` and its integer operands' by
/// `int`.
fn evaluate(e: &FloatExpr, register: &dyn Fn(VarId) -> Res<Float>, int: &dyn Fn(&Expr) -> Res<i128>) -> Res<Float> {
    let eval = |e: &FloatExpr| evaluate(e, register, int);
    match e {
        FloatExpr::Const { bits, ty } => Float { value: f64::from_bits(*bits), ty: *ty }.convert(*ty),
        FloatExpr::Var(v) => register(*v),
        FloatExpr::FromInt { value, ty } => Float::from_int(int(value)?, *ty),
        FloatExpr::Convert { value, ty } => eval(value)?.convert(*ty),
        FloatExpr::Neg(a) => {
            let a = eval(a)?;
            Ok(Float { value: -a.value, ty: a.ty })
        }
        FloatExpr::Bin { op, ty, lhs, rhs } => {
            let (l, r) = (eval(lhs)?.convert(*ty)?.value, eval(rhs)?.convert(*ty)?.value);
            let value = match ty {
                FloatTy::F32 => f64::from(binary_f32(*op, l as f32, r as f32)),
                _ => binary_f64(*op, l, r),
            };
            Ok(Float { value, ty: *ty })
        }
        FloatExpr::Math { func, ty, args } => {
            if args.len() != func.arity() {
                return Err(Fault::unsupported(format!("`{}` with {} arguments", func.name(), args.len())));
            }
            let mut xs = Vec::with_capacity(args.len());
            for a in args {
                xs.push(eval(a)?.convert(*ty)?.value);
            }
            let value = match ty {
                FloatTy::F32 => f64::from(math_f32(*func, xs[0] as f32, xs.get(1).map_or(0.0, |y| *y as f32))),
                _ => math_f64(*func, xs[0], xs.get(1).copied().unwrap_or(0.0)),
            };
            Ok(Float { value, ty: *ty })
        }
    }
}

/// The compiled program's arithmetic, for the analyses that compute a floating-point counter's
/// values ([`leapfrog_ir::float_counters`]).
pub struct NativeArithmetic;

impl leapfrog_ir::float_counters::FloatArithmetic for NativeArithmetic {
    fn value(&self, e: &FloatExpr, x: VarId, ty: FloatTy, value: f64) -> Option<f64> {
        let register = |v: VarId| {
            if v == x { Float { value, ty }.convert(ty) } else { Err(Fault::unsupported("another register")) }
        };
        let int = |e: &Expr| match e {
            Expr::Int(n, _) => Ok(*n),
            _ => Err(Fault::unsupported("an integer register")),
        };
        evaluate(e, &register, &int).ok().map(|f| f.value)
    }
}

/// `value` converted to the integer type `t`: rounded toward zero, undefined when the result
/// is not a value of `t` (C11 6.3.1.4); to `_Bool`, whether it is nonzero.
pub(crate) fn to_int(value: Float, t: IntTy) -> Res<i128> {
    if t == IntTy::Bool {
        return Ok(i128::from(value.value != 0.0));
    }
    let truncated = value.value.trunc();
    let (lo, hi) = (t.min() as f64, t.max() as f64);
    // (`hi` may round up to 2^bits: a value equal to it is out of range.)
    if truncated.is_nan() || truncated < lo || truncated >= hi + 1.0 || truncated as i128 > t.max() {
        return Err(Fault::ub(format!(
            "conversion of the floating-point value {} to `{}`, out of its range",
            value.value,
            t.name()
        )));
    }
    Ok(truncated as i128)
}

/// `value` converted to the integer type `t` as x86-64 gcc's code converts it, in range or not
/// (the bit-precise semantics, which runs the machine's arithmetic): to `long` and `unsigned
/// int` through a 64-bit `cvttsd2si`, to the narrower types through a 32-bit one, then
/// truncated; a value the instruction cannot convert (out of its range, NaN) gives its
/// "integer indefinite", the lowest value of its width. `unsigned long` above 2^63 is converted
/// from `value - 2^63` with the top bit set again, as gcc does.
pub(crate) fn to_int_as_x86(value: Float, t: IntTy) -> i128 {
    if t == IntTy::Bool {
        return i128::from(value.value != 0.0);
    }
    let v = value.value.trunc();
    let cvtt32 = |x: f64| if (-2147483648.0..2147483648.0).contains(&x) { x as i128 } else { i128::from(i32::MIN) };
    let cvtt64 = |x: f64| {
        if (-9.223372036854776e18..9.223372036854776e18).contains(&x) { x as i128 } else { i128::from(i64::MIN) }
    };
    let two63 = 9.223372036854776e18;
    let raw = match (t.bits(), t.is_signed()) {
        (64, false) if v >= two63 => cvtt64(v - two63) ^ i128::from(i64::MIN),
        (64.., _) | (32, false) => cvtt64(v),
        _ => cvtt32(v),
    };
    t.convert(raw)
}

/// `l op r` at the type of `l` and `r` (`f32` or `f64`).
macro_rules! binary_at {
    ($op:expr, $l:expr, $r:expr) => {
        match $op {
            FloatBin::Add => $l + $r,
            FloatBin::Sub => $l - $r,
            FloatBin::Mul => $l * $r,
            FloatBin::Div => $l / $r,
        }
    };
}

/// The math library's function `f` at the type of `x` and `y` (`f32` or `f64`; `y` is the
/// second argument of the functions that take two): Rust's methods call the C library's
/// function of that type (`sinf` for `f32`).
macro_rules! math_at {
    ($f:expr, $x:expr, $y:expr) => {
        match $f {
            MathFn::Sqrt => $x.sqrt(),
            MathFn::Fabs => $x.abs(),
            MathFn::Floor => $x.floor(),
            MathFn::Ceil => $x.ceil(),
            MathFn::Round => $x.round(),
            MathFn::Trunc => $x.trunc(),
            MathFn::Sin => $x.sin(),
            MathFn::Cos => $x.cos(),
            MathFn::Tan => $x.tan(),
            MathFn::Asin => $x.asin(),
            MathFn::Acos => $x.acos(),
            MathFn::Atan => $x.atan(),
            MathFn::Atan2 => $x.atan2($y),
            MathFn::Sinh => $x.sinh(),
            MathFn::Cosh => $x.cosh(),
            MathFn::Tanh => $x.tanh(),
            MathFn::Exp => $x.exp(),
            MathFn::Log => $x.ln(),
            MathFn::Log10 => $x.log10(),
            MathFn::Pow => $x.powf($y),
            MathFn::Fmod => $x % $y,
        }
    };
}

fn binary_f64(op: FloatBin, l: f64, r: f64) -> f64 {
    binary_at!(op, l, r)
}

fn binary_f32(op: FloatBin, l: f32, r: f32) -> f32 {
    binary_at!(op, l, r)
}

fn math_f64(f: MathFn, x: f64, y: f64) -> f64 {
    math_at!(f, x, y)
}

fn math_f32(f: MathFn, x: f32, y: f32) -> f32 {
    math_at!(f, x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values gcc -O0's code gives on x86-64 (each checked against a native run).
    #[test]
    fn out_of_range_conversions_give_what_x86_gives() {
        let f = |value| Float { value, ty: FloatTy::F64 };
        assert_eq!(to_int_as_x86(f(-809224512.0), IntTy::I16) & 255, 192);
        assert_eq!(to_int_as_x86(f(1e12), IntTy::I32), i128::from(i32::MIN));
        assert_eq!(to_int_as_x86(f(1e12), IntTy::U32) % 251, 83);
        assert_eq!(to_int_as_x86(f(1e30), IntTy::I64), i128::from(i64::MIN));
        assert_eq!(to_int_as_x86(f(1.5e19), IntTy::U64) % 249, 186);
        assert_eq!(to_int_as_x86(f(-5e9), IntTy::U8), 0);
        assert_eq!(to_int_as_x86(f(f64::NAN), IntTy::I32), i128::from(i32::MIN));
        assert_eq!(to_int_as_x86(f(-5e9), IntTy::U32) % 253, 200);
        assert_eq!(to_int_as_x86(f(-2.9), IntTy::I32), -2);
    }

    #[test]
    fn conversions_to_integers_truncate_and_reject_what_does_not_fit() {
        let f = |value| Float { value, ty: FloatTy::F64 };
        assert_eq!(to_int(f(-2.9), IntTy::I32), Ok(-2));
        assert_eq!(to_int(f(2147483647.9), IntTy::I32), Ok(2147483647));
        assert!(to_int(f(2147483648.0), IntTy::I32).is_err());
        assert!(to_int(f(-1.0), IntTy::U32).is_err());
        assert_eq!(to_int(f(-0.9), IntTy::U32), Ok(0));
        assert!(to_int(f(f64::NAN), IntTy::I64).is_err());
        assert!(to_int(f(9223372036854775808.0), IntTy::I64).is_err());
        assert_eq!(to_int(f(18446744073709549568.0), IntTy::U64), Ok(18446744073709549568));
        assert!(to_int(f(18446744073709551616.0), IntTy::U64).is_err());
        assert_eq!(to_int(f(0.25), IntTy::Bool), Ok(1));
    }

    #[test]
    fn float_arithmetic_rounds_to_its_type() {
        // 16777217 is not a float: the sum rounds to 16777216 in binary32.
        assert_eq!(binary_f32(FloatBin::Add, 16777216.0, 1.0), 16777216.0);
        assert_eq!(binary_f64(FloatBin::Add, 16777216.0, 1.0), 16777217.0);
        assert_eq!(
            f64::from_bits(
                to_bytes(Some(0.1f64.to_bits()), FloatTy::F32)
                    .map(|b| { f64::from(f32::from_le_bytes(b.try_into().unwrap())).to_bits() })
                    .unwrap()
            ),
            f64::from(0.1f32)
        );
    }
}
