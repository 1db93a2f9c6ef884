//! Runtime values: integers, pointers and opaque floating-point values, and the conversions
//! between a value and a register type.
//!
//! A pointer is an object reference plus a byte offset. The null pointer and pointers that do not
//! point into any object (made from nondeterministic input, or null plus a nonzero offset) have
//! the reference [`ObjRef::NONE`] and carry their address as the offset, so `null` is
//! `(NONE, 0)` and pointer equality is plain structural equality.

use crate::fault::{Fault, Res};
use leapfrog_ir::{IntTy, Type};

/// A reference to a memory object: its slot and the generation of the slot, so that a pointer to
/// a dead object never reaches an object that later reuses the slot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ObjRef {
    pub index: u32,
    pub generation: u32,
}

impl ObjRef {
    /// No object: the base of null and of invalid pointers.
    pub const NONE: ObjRef = ObjRef { index: u32::MAX, generation: 0 };

    pub fn is_none(self) -> bool {
        self == ObjRef::NONE
    }
}

/// A pointer: a byte offset into an object (or an address when `obj` is [`ObjRef::NONE`]).
/// The offset is kept wrapped to the pointer width, as the machine computes addresses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Pointer {
    pub obj: ObjRef,
    pub off: i64,
}

impl Pointer {
    pub const NULL: Pointer = Pointer { obj: ObjRef::NONE, off: 0 };

    /// The start of an object.
    pub fn to(obj: ObjRef) -> Pointer {
        Pointer { obj, off: 0 }
    }

    pub fn is_null(self) -> bool {
        self == Pointer::NULL
    }

    /// The pointer `bytes` bytes further, wrapping modulo 2^`ptr_bits` like address arithmetic.
    pub fn add(self, bytes: i128, ptr_bits: u32) -> Pointer {
        Pointer { obj: self.obj, off: wrap_addr(i128::from(self.off).wrapping_add(bytes), ptr_bits) }
    }

    /// The invalid pointer with address `addr` (null for 0).
    pub fn from_addr(addr: i128, ptr_bits: u32) -> Pointer {
        Pointer { obj: ObjRef::NONE, off: wrap_addr(addr, ptr_bits) }
    }
}

/// `v` modulo 2^`ptr_bits`, as a signed offset.
pub(crate) fn wrap_addr(v: i128, ptr_bits: u32) -> i64 {
    if ptr_bits == 32 { i64::from(v as i32) } else { v as i64 }
}

/// A register value. Booleans (conditions and `_Bool`) are the integers 0 and 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    Int(i128),
    Ptr(Pointer),
    /// A floating-point value: the bits of the `f64` holding it (see [`crate::float`]), or
    /// `None` for one the interpreter does not compute (an x87 `long double`).
    Float(Option<u64>),
    /// The slot of a memory variable whose object does not exist yet (a variable-length array
    /// before its declaration executes).
    Unset,
    /// A register local whose declaration (the uninitialized havoc at `edge`, its
    /// `occurrence`-th execution) executed and that nothing assigned since: its first read takes
    /// its value (an input, or 0 under `UninitMode::Zero`).
    Uninit {
        edge: leapfrog_ir::EdgeId,
        occurrence: u64,
    },
}

/// `v` converted to `t` (`IntTy::convert`, skipped when `v` is already a value of `t`).
#[inline]
pub(crate) fn convert(t: IntTy, v: i128) -> i128 {
    if t.contains(v) { v } else { t.convert(v) }
}

/// The value a register of type `ty` holds before anything is assigned: 0 or null.
pub(crate) fn zero_of(ty: Type) -> Value {
    match ty {
        Type::Bool | Type::Int(_) => Value::Int(0),
        Type::Ptr => Value::Ptr(Pointer::NULL),
        Type::Float(f) => crate::float::from_int(0, f),
    }
}

/// The value of type `ty` a nondeterministic input `raw` gives, converting as C converts
/// integers; for a pointer, 0 is null and anything else an invalid pointer.
pub(crate) fn from_input(raw: i128, ty: Type, ptr_bits: u32) -> Value {
    match ty {
        Type::Bool => Value::Int(i128::from(raw != 0)),
        Type::Int(t) => Value::Int(t.convert(raw)),
        Type::Ptr => Value::Ptr(Pointer::from_addr(raw, ptr_bits)),
        Type::Float(f) => crate::float::from_int(raw, f),
    }
}

/// `v` as a value of register type `ty`: integers are converted as C converts them (a no-op for
/// well-typed IR); a value of the wrong kind is an inconsistency of the IR.
pub(crate) fn coerce(v: Value, ty: Type) -> Res<Value> {
    match (v, ty) {
        (Value::Int(x), Type::Int(t)) => Ok(Value::Int(convert(t, x))),
        (Value::Int(x), Type::Bool) => Ok(Value::Int(i128::from(x != 0))),
        (Value::Ptr(_), Type::Ptr) => Ok(v),
        (Value::Float(Some(bits)), Type::Float(f)) => {
            let value = crate::float::Float { value: f64::from_bits(bits), ty: leapfrog_ir::FloatTy::F64 };
            Ok(value.convert(f).map_or(Value::Float(None), |v| v.to_value()))
        }
        (Value::Float(None), Type::Float(_)) => Ok(v),
        (Value::Int(_), Type::Float(_)) => Ok(Value::Float(None)),
        (Value::Int(_), Type::Ptr) => Err(Fault::unsupported("an integer is used as a pointer")),
        (Value::Ptr(_), _) => Err(Fault::unsupported("a pointer is used as an integer")),
        (Value::Float(_), _) => Err(Fault::unsupported("a floating-point value is used as an integer or pointer")),
        (Value::Unset, _) => Err(Fault::unsupported("use of a variable-length array before its declaration")),
        (Value::Uninit { .. }, _) => Err(Fault::unsupported("an uninitialized value is copied")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_convert_like_c() {
        assert_eq!(from_input(-1, Type::Int(IntTy::U32), 64), Value::Int(4294967295));
        assert_eq!(from_input(256, Type::Int(IntTy::U8), 64), Value::Int(0));
        assert_eq!(from_input(7, Type::Bool, 64), Value::Int(1));
        assert_eq!(from_input(0, Type::Ptr, 64), Value::Ptr(Pointer::NULL));
        assert_eq!(from_input(5, Type::Ptr, 64), Value::Ptr(Pointer { obj: ObjRef::NONE, off: 5 }));
    }

    #[test]
    fn address_arithmetic_wraps_to_the_pointer_width() {
        let p = Pointer { obj: ObjRef { index: 0, generation: 0 }, off: 8 };
        assert_eq!(p.add(-8, 64).off, 0);
        assert_eq!(p.add(i128::from(u64::MAX) * 4, 64).off, 4);
        assert_eq!(Pointer { obj: ObjRef::NONE, off: 0 }.add(1 << 32, 32), Pointer::NULL);
    }

    #[test]
    fn coercion_rejects_kind_mismatches() {
        assert_eq!(coerce(Value::Int(300), Type::Int(IntTy::U8)), Ok(Value::Int(44)));
        assert!(coerce(Value::Int(1), Type::Ptr).is_err());
        assert!(coerce(Value::Ptr(Pointer::NULL), Type::Int(IntTy::I32)).is_err());
    }
}
