//! Machine integers and the arithmetic Leapfrog gives them.
//!
//! This crate owns the one definition of what an integer operation means (DESIGN.md principle 3):
//! * an integer type ([`IntTy`]) has a width and a signedness; `_Bool` is its own type;
//! * a conversion to a type ([`IntTy::convert`]) wraps modulo 2^n as gcc does (`_Bool` is v ≠ 0);
//! * an operation ([`eval_binop`], [`eval_unop`]) on operands of its type either yields a value of
//!   that type or an [`IntError`]: unsigned results wrap; a signed result outside the type's range
//!   is [`IntError::SignedOverflow`] under [`Semantics::Default`] and wraps under
//!   [`Semantics::BitPrecise`]; division by zero and invalid shift counts are errors under both.
//!   A left shift is multiplication by 2^b, for negative values too (as gcc documents).
//!
//! Values are carried as `i128`, which holds every value of every supported type exactly.
//!
//! Invariant: depends on nothing; knows nothing of C syntax or of the IR.

use std::fmt;

/// A C integer type after the data model has fixed its width.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntTy {
    /// `_Bool`: values 0 and 1; conversion to it is `v != 0`.
    Bool,
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

impl IntTy {
    pub const ALL: [IntTy; 9] =
        [IntTy::Bool, IntTy::I8, IntTy::U8, IntTy::I16, IntTy::U16, IntTy::I32, IntTy::U32, IntTy::I64, IntTy::U64];

    /// Width in bits of the object representation (`_Bool` occupies 8 bits).
    #[inline]
    pub fn bits(self) -> u32 {
        match self {
            IntTy::Bool | IntTy::I8 | IntTy::U8 => 8,
            IntTy::I16 | IntTy::U16 => 16,
            IntTy::I32 | IntTy::U32 => 32,
            IntTy::I64 | IntTy::U64 => 64,
        }
    }

    /// Size in bytes.
    #[inline]
    pub fn bytes(self) -> u64 {
        u64::from(self.bits() / 8)
    }

    #[inline]
    pub fn is_signed(self) -> bool {
        matches!(self, IntTy::I8 | IntTy::I16 | IntTy::I32 | IntTy::I64)
    }

    #[inline]
    pub fn is_bool(self) -> bool {
        self == IntTy::Bool
    }

    /// The signed or unsigned type of the given width in bits (8, 16, 32, 64).
    pub fn from_bits(bits: u32, signed: bool) -> Option<IntTy> {
        Some(match (bits, signed) {
            (8, true) => IntTy::I8,
            (8, false) => IntTy::U8,
            (16, true) => IntTy::I16,
            (16, false) => IntTy::U16,
            (32, true) => IntTy::I32,
            (32, false) => IntTy::U32,
            (64, true) => IntTy::I64,
            (64, false) => IntTy::U64,
            _ => return None,
        })
    }

    /// The type of the same width with the other signedness (`_Bool` stays `_Bool`).
    pub fn to_unsigned(self) -> IntTy {
        if self.is_bool() { self } else { IntTy::from_bits(self.bits(), false).unwrap() }
    }

    #[inline]
    pub fn min(self) -> i128 {
        match self {
            IntTy::Bool => 0,
            t if t.is_signed() => -(1i128 << (t.bits() - 1)),
            _ => 0,
        }
    }

    #[inline]
    pub fn max(self) -> i128 {
        match self {
            IntTy::Bool => 1,
            t if t.is_signed() => (1i128 << (t.bits() - 1)) - 1,
            t => (1i128 << t.bits()) - 1,
        }
    }

    #[inline]
    pub fn contains(self, v: i128) -> bool {
        self.min() <= v && v <= self.max()
    }

    /// C's conversion of any integer value to this type: modulo 2^n into the type's range (as gcc
    /// does for signed targets too); `_Bool` is `v != 0`.
    #[inline]
    pub fn convert(self, v: i128) -> i128 {
        if self.is_bool() {
            return i128::from(v != 0);
        }
        let bits = self.bits();
        let modulus = 1i128 << bits;
        let mut r = v.rem_euclid(modulus);
        if self.is_signed() && r > self.max() {
            r -= modulus;
        }
        r
    }

    /// The short name used by the IR's textual form (`i32`, `u8`, `bool`, ...).
    pub fn name(self) -> &'static str {
        match self {
            IntTy::Bool => "bool",
            IntTy::I8 => "i8",
            IntTy::U8 => "u8",
            IntTy::I16 => "i16",
            IntTy::U16 => "u16",
            IntTy::I32 => "i32",
            IntTy::U32 => "u32",
            IntTy::I64 => "i64",
            IntTy::U64 => "u64",
        }
    }

    pub fn from_name(s: &str) -> Option<IntTy> {
        IntTy::ALL.iter().copied().find(|t| t.name() == s)
    }
}

impl fmt::Display for IntTy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which integer semantics an evaluation or an encoding uses (DESIGN.md principle 3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Semantics {
    /// Unsigned arithmetic wraps modulo 2^n; signed arithmetic is mathematical, and a signed result
    /// outside its type's range is undefined behaviour (an error of the execution, never a wrap).
    #[default]
    Default,
    /// Machine integers: signed arithmetic wraps in two's complement too.
    BitPrecise,
}

impl Semantics {
    pub fn name(self) -> &'static str {
        match self {
            Semantics::Default => "default",
            Semantics::BitPrecise => "bit-precise",
        }
    }
}

/// Binary integer operations. Operands and result share one type, except shifts, whose right
/// operand has its own (promoted) type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Truncating division.
    Div,
    /// Remainder of truncating division (sign of the dividend).
    Rem,
    Shl,
    /// Arithmetic shift for signed operands (as gcc), logical for unsigned ones.
    Shr,
    BitAnd,
    BitOr,
    BitXor,
}

impl BinOp {
    pub const ALL: [BinOp; 10] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::Div,
        BinOp::Rem,
        BinOp::Shl,
        BinOp::Shr,
        BinOp::BitAnd,
        BinOp::BitOr,
        BinOp::BitXor,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::Div => "div",
            BinOp::Rem => "rem",
            BinOp::Shl => "shl",
            BinOp::Shr => "shr",
            BinOp::BitAnd => "and",
            BinOp::BitOr => "or",
            BinOp::BitXor => "xor",
        }
    }

    pub fn from_name(s: &str) -> Option<BinOp> {
        BinOp::ALL.iter().copied().find(|o| o.name() == s)
    }

    /// The C operator, for printing expressions in the user's terms.
    pub fn c_symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
        }
    }

    pub fn is_shift(self) -> bool {
        matches!(self, BinOp::Shl | BinOp::Shr)
    }
}

/// Unary integer operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    BitNot,
}

impl UnOp {
    pub fn name(self) -> &'static str {
        match self {
            UnOp::Neg => "neg",
            UnOp::BitNot => "not",
        }
    }

    pub fn from_name(s: &str) -> Option<UnOp> {
        match s {
            "neg" => Some(UnOp::Neg),
            "not" => Some(UnOp::BitNot),
            _ => None,
        }
    }

    pub fn c_symbol(self) -> &'static str {
        match self {
            UnOp::Neg => "-",
            UnOp::BitNot => "~",
        }
    }
}

/// Comparisons; both operands have one type, the result is a boolean.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    pub const ALL: [CmpOp; 6] = [CmpOp::Eq, CmpOp::Ne, CmpOp::Lt, CmpOp::Le, CmpOp::Gt, CmpOp::Ge];

    pub fn name(self) -> &'static str {
        match self {
            CmpOp::Eq => "eq",
            CmpOp::Ne => "ne",
            CmpOp::Lt => "lt",
            CmpOp::Le => "le",
            CmpOp::Gt => "gt",
            CmpOp::Ge => "ge",
        }
    }

    pub fn from_name(s: &str) -> Option<CmpOp> {
        CmpOp::ALL.iter().copied().find(|o| o.name() == s)
    }

    pub fn c_symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// The comparison that holds exactly when this one does not.
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
        }
    }

    /// The comparison with its operands swapped (`a < b` is `b > a`).
    pub fn swap(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Eq,
            CmpOp::Ne => CmpOp::Ne,
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
        }
    }

    /// `a op b` (for floating-point values as IEEE 754 compares: with a NaN only `!=` holds).
    pub fn eval<T: PartialOrd>(self, a: T, b: T) -> bool {
        match self {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }
}

/// Why an integer operation has no value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntError {
    /// A signed result outside its type's range (under [`Semantics::Default`]).
    SignedOverflow,
    DivisionByZero,
    /// A shift count negative or not below the width of the promoted left operand.
    ShiftOutOfRange,
}

impl IntError {
    pub fn describe(self) -> &'static str {
        match self {
            IntError::SignedOverflow => "signed integer overflow",
            IntError::DivisionByZero => "division by zero",
            IntError::ShiftOutOfRange => "shift count out of range",
        }
    }
}

impl fmt::Display for IntError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// Bring an exact result into `ty`: unsigned (and bit-precise signed) results wrap; a signed
/// result out of range is an overflow under the default semantics.
fn finish(ty: IntTy, exact: i128, sem: Semantics) -> Result<i128, IntError> {
    if ty.contains(exact) {
        Ok(exact)
    } else if ty.is_signed() && sem == Semantics::Default {
        Err(IntError::SignedOverflow)
    } else {
        Ok(ty.convert(exact))
    }
}

/// Evaluate `a op b` where `a` (and `b`, except for shifts, whose count may have any integer
/// type) are values of `ty`.
pub fn eval_binop(op: BinOp, ty: IntTy, a: i128, b: i128, sem: Semantics) -> Result<i128, IntError> {
    match op {
        BinOp::Add => finish(ty, a + b, sem),
        BinOp::Sub => finish(ty, a - b, sem),
        BinOp::Mul => match a.checked_mul(b) {
            Some(exact) => finish(ty, exact, sem),
            // Only two unsigned 64-bit operands can overflow i128; their product wraps mod 2^64.
            None => Ok(ty.convert((a as u64).wrapping_mul(b as u64) as i128)),
        },
        BinOp::Div => {
            if b == 0 {
                return Err(IntError::DivisionByZero);
            }
            // x86 traps on MIN / -1 even when overflow would otherwise wrap.
            if ty.is_signed() && a == ty.min() && b == -1 {
                return Err(IntError::SignedOverflow);
            }
            finish(ty, a / b, sem)
        }
        BinOp::Rem => {
            if b == 0 {
                return Err(IntError::DivisionByZero);
            }
            if ty.is_signed() && a == ty.min() && b == -1 {
                return Err(IntError::SignedOverflow);
            }
            finish(ty, a % b, sem)
        }
        BinOp::Shl => {
            if b < 0 || b >= i128::from(ty.bits()) {
                return Err(IntError::ShiftOutOfRange);
            }
            // `a << b` is `a * 2^b`, negative `a` included: GCC documents that it does not use
            // C99/C11's latitude to make a left shift of a negative value undefined, so only a
            // result outside the type's range is (as for every signed operation).
            finish(ty, a << b, sem)
        }
        BinOp::Shr => {
            if b < 0 || b >= i128::from(ty.bits()) {
                return Err(IntError::ShiftOutOfRange);
            }
            // i128's >> is arithmetic: floor division by 2^b, as gcc does for signed values;
            // unsigned values are non-negative, so it is the logical shift for them.
            Ok(a >> b)
        }
        BinOp::BitAnd => Ok(ty.convert(a & b)),
        BinOp::BitOr => Ok(ty.convert(a | b)),
        BinOp::BitXor => Ok(ty.convert(a ^ b)),
    }
}

/// Evaluate `op a` where `a` is a value of `ty`.
pub fn eval_unop(op: UnOp, ty: IntTy, a: i128, sem: Semantics) -> Result<i128, IntError> {
    match op {
        UnOp::Neg => finish(ty, -a, sem),
        UnOp::BitNot => Ok(ty.convert(!a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(IntTy::I32.min(), -2147483648);
        assert_eq!(IntTy::I32.max(), 2147483647);
        assert_eq!(IntTy::U64.max(), 18446744073709551615);
        assert_eq!(IntTy::Bool.max(), 1);
    }

    #[test]
    fn conversions_wrap_like_gcc() {
        assert_eq!(IntTy::U8.convert(-1), 255);
        assert_eq!(IntTy::I8.convert(200), -56);
        assert_eq!(IntTy::I32.convert(4294967295), -1);
        assert_eq!(IntTy::U32.convert(-5), 4294967291);
        assert_eq!(IntTy::Bool.convert(256), 1);
        assert_eq!(IntTy::Bool.convert(0), 0);
        assert_eq!(IntTy::U64.convert(-1), 18446744073709551615);
    }

    #[test]
    fn default_semantics_flags_signed_overflow_and_wraps_unsigned() {
        let d = Semantics::Default;
        assert_eq!(eval_binop(BinOp::Add, IntTy::I32, i128::from(i32::MAX), 1, d), Err(IntError::SignedOverflow));
        assert_eq!(eval_binop(BinOp::Add, IntTy::U32, 4294967295, 1, d), Ok(0));
        assert_eq!(eval_binop(BinOp::Sub, IntTy::U32, 0, 1, d), Ok(4294967295));
        assert_eq!(
            eval_binop(BinOp::Add, IntTy::I32, i128::from(i32::MAX), 1, Semantics::BitPrecise),
            Ok(i128::from(i32::MIN))
        );
    }

    #[test]
    fn division_truncates_and_checks() {
        let d = Semantics::Default;
        assert_eq!(eval_binop(BinOp::Div, IntTy::I32, -7, 2, d), Ok(-3));
        assert_eq!(eval_binop(BinOp::Rem, IntTy::I32, -7, 2, d), Ok(-1));
        assert_eq!(eval_binop(BinOp::Div, IntTy::I32, 1, 0, d), Err(IntError::DivisionByZero));
        assert_eq!(eval_binop(BinOp::Div, IntTy::I32, i128::from(i32::MIN), -1, d), Err(IntError::SignedOverflow));
        assert_eq!(eval_binop(BinOp::Rem, IntTy::I32, i128::from(i32::MIN), -1, d), Err(IntError::SignedOverflow));
    }

    #[test]
    fn products_of_wide_unsigned_values_wrap() {
        let max = i128::from(u64::MAX);
        assert_eq!(eval_binop(BinOp::Mul, IntTy::U64, max, max, Semantics::Default), Ok(1));
        assert_eq!(eval_binop(BinOp::Mul, IntTy::U64, max, 2, Semantics::Default), Ok(max - 1));
        let big = i128::from(i64::MAX);
        assert_eq!(eval_binop(BinOp::Mul, IntTy::I64, big, big, Semantics::Default), Err(IntError::SignedOverflow));
    }

    #[test]
    fn shifts() {
        let d = Semantics::Default;
        assert_eq!(eval_binop(BinOp::Shr, IntTy::I32, -8, 1, d), Ok(-4));
        assert_eq!(eval_binop(BinOp::Shr, IntTy::I32, -1, 31, d), Ok(-1));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::U32, 1, 31, d), Ok(2147483648));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::U32, 3, 31, d), Ok(2147483648));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::I32, 1, 31, d), Err(IntError::SignedOverflow));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::I32, 1, 32, d), Err(IntError::ShiftOutOfRange));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::I32, -1, 1, d), Ok(-2));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::I32, -3, 30, d), Err(IntError::SignedOverflow));
        assert_eq!(eval_binop(BinOp::Shl, IntTy::I32, -1, 31, d), Ok(i128::from(i32::MIN)));
    }

    #[test]
    fn bitwise_ops_stay_in_type() {
        let d = Semantics::Default;
        assert_eq!(eval_unop(UnOp::BitNot, IntTy::U32, 0, d), Ok(4294967295));
        assert_eq!(eval_unop(UnOp::BitNot, IntTy::I32, 0, d), Ok(-1));
        assert_eq!(eval_binop(BinOp::BitXor, IntTy::I32, -1, 5, d), Ok(-6));
        assert_eq!(eval_unop(UnOp::Neg, IntTy::I32, i128::from(i32::MIN), d), Err(IntError::SignedOverflow));
        assert_eq!(eval_unop(UnOp::Neg, IntTy::U32, 1, d), Ok(4294967295));
    }
}
