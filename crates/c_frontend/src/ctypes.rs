//! C types as the front end sees them, their layout under a data model, and C's conversion rules
//! (integer promotions, usual arithmetic conversions).
//!
//! `const` and `restrict` are dropped: they do not change values. `volatile` is kept where a
//! declaration builds a type ([`CType::Volatile`]): a volatile object lives in memory and each
//! read of it is followed by a havoc of the value read (`HavocOrigin::Volatile`).

use leapfrog_arith::IntTy;
use leapfrog_ir::{ArrayLen, DataModel, Field, FloatTy, ObjType, Type, VarId};

/// Index of a struct or union definition in [`Records`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordId(pub usize);

#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Int(IntTy),
    Float(FloatTy),
    Ptr(Box<CType>),
    Array(Box<CType>, ArraySize),
    Record(RecordId),
    Func(Box<FuncSig>),
    /// A volatile-qualified type. It appears only where declarations build types: at the top of
    /// a declared object's type (the declaration splits it off with [`CType::split_volatile`]:
    /// the object lives in memory and its reads are volatile) and of a pointer's target type
    /// (`volatile int *`); a struct member keeps it in [`RecordField::volatile`]. An array of
    /// volatile elements is `Volatile(Array(..))` ([`CType::array`]). Never the type of an
    /// operand: a place carries its volatility beside its type.
    Volatile(Box<CType>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArraySize {
    Fixed(u64),
    /// `[]`: size from the initializer, or an incomplete type (extern arrays, flexible members).
    Incomplete,
    /// A variable-length array whose element count is held by this register variable.
    Variable(VarId),
}

#[derive(Clone, Debug, PartialEq)]
pub struct FuncSig {
    pub ret: CType,
    pub params: Vec<CType>,
    pub variadic: bool,
    /// `false` for `int f()`: calls use the default argument promotions.
    pub prototyped: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RecordField {
    /// `None` for an anonymous struct/union member (its fields are found through it).
    pub name: Option<String>,
    pub ty: CType,
    pub offset: u64,
    /// A bit-field (not modelled: accesses are unsupported).
    pub bit_width: Option<u64>,
    /// Declared `volatile` (reads through it are volatile).
    pub volatile: bool,
}

/// A member found by [`Records::find_field`].
#[derive(Clone, Debug, PartialEq)]
pub struct FieldRef {
    pub offset: u64,
    pub ty: CType,
    pub bitfield: bool,
    pub volatile: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RecordDef {
    pub name: String,
    pub union: bool,
    pub fields: Vec<RecordField>,
    pub size: u64,
    pub align: u64,
    pub complete: bool,
    /// Contains a bit-field somewhere: its layout is approximate and its bytes opaque.
    pub has_bitfields: bool,
}

/// All struct and union definitions of the program.
#[derive(Default)]
pub struct Records {
    pub defs: Vec<RecordDef>,
}

impl Records {
    pub fn add(&mut self, def: RecordDef) -> RecordId {
        self.defs.push(def);
        RecordId(self.defs.len() - 1)
    }

    pub fn get(&self, id: RecordId) -> &RecordDef {
        &self.defs[id.0]
    }

    pub fn get_mut(&mut self, id: RecordId) -> &mut RecordDef {
        &mut self.defs[id.0]
    }

    /// Find a member by name, looking through anonymous members.
    pub fn find_field(&self, id: RecordId, name: &str) -> Option<FieldRef> {
        for f in &self.get(id).fields {
            match (&f.name, &f.ty) {
                (Some(n), _) if n == name => {
                    return Some(FieldRef {
                        offset: f.offset,
                        ty: f.ty.clone(),
                        bitfield: f.bit_width.is_some(),
                        volatile: f.volatile,
                    });
                }
                (None, CType::Record(inner)) => {
                    if let Some(inner) = self.find_field(*inner, name) {
                        return Some(FieldRef {
                            offset: f.offset + inner.offset,
                            volatile: inner.volatile || f.volatile,
                            ..inner
                        });
                    }
                }
                _ => {}
            }
        }
        None
    }
}

/// Layout computations need the data model and the record table.
#[derive(Copy, Clone)]
pub struct Layout<'a> {
    pub dm: DataModel,
    pub records: &'a Records,
}

impl Layout<'_> {
    /// Size in bytes (`None` for incomplete and variable-length types, functions and void).
    pub fn size(&self, ty: &CType) -> Option<u64> {
        match ty {
            CType::Void | CType::Func(_) => None,
            CType::Int(t) => Some(t.bytes()),
            CType::Float(f) => Some(f.bytes(self.dm)),
            CType::Ptr(_) => Some(self.dm.pointer_bytes()),
            CType::Array(elem, ArraySize::Fixed(n)) => self.size(elem)?.checked_mul(*n),
            CType::Array(..) => None,
            CType::Record(id) => {
                let def = self.records.get(*id);
                def.complete.then_some(def.size)
            }
            CType::Volatile(t) => self.size(t),
        }
    }

    pub fn align(&self, ty: &CType) -> u64 {
        match ty {
            CType::Void | CType::Func(_) => 1,
            CType::Int(t) => Type::Int(*t).align(self.dm),
            CType::Float(f) => f.align(self.dm),
            CType::Ptr(_) => self.dm.pointer_bytes(),
            CType::Array(elem, _) => self.align(elem),
            CType::Record(id) => self.records.get(*id).align.max(1),
            CType::Volatile(t) => self.align(t),
        }
    }

    /// The IR object type of a C object type (`None` for void, functions and incomplete types).
    pub fn obj_type(&self, ty: &CType) -> Option<ObjType> {
        Some(match ty {
            CType::Void | CType::Func(_) => return None,
            CType::Volatile(t) => return self.obj_type(t),
            CType::Int(t) => ObjType::Scalar(Type::Int(*t)),
            CType::Float(f) => ObjType::Scalar(Type::Float(*f)),
            CType::Ptr(_) => ObjType::Scalar(Type::Ptr),
            CType::Array(elem, size) => {
                let len = match size {
                    ArraySize::Fixed(n) => ArrayLen::Fixed(*n),
                    ArraySize::Variable(_) => ArrayLen::Dynamic,
                    ArraySize::Incomplete => ArrayLen::Fixed(0),
                };
                if elem.has_vla() {
                    return None;
                }
                ObjType::Array { elem: Box::new(self.obj_type(elem)?), len }
            }
            CType::Record(id) => {
                let def = self.records.get(*id);
                if !def.complete {
                    return None;
                }
                if def.has_bitfields {
                    return Some(ObjType::Opaque { size: def.size, align: def.align });
                }
                let mut fields = Vec::new();
                for f in &def.fields {
                    let Some(fty) = self.obj_type(&f.ty) else { continue };
                    fields.push(Field { name: f.name.clone().unwrap_or_default(), offset: f.offset, ty: fty });
                }
                ObjType::Record { name: def.name.clone(), union: def.union, size: def.size, align: def.align, fields }
            }
        })
    }

    /// Lay out a struct or union: field offsets, size and alignment as gcc does (bit-fields are
    /// approximated by packing them into units of their declared type).
    pub fn layout_record(&self, union: bool, fields: &mut [RecordField]) -> (u64, u64) {
        let mut offset: u64 = 0;
        let mut size: u64 = 0;
        let mut align: u64 = 1;
        let mut bit_pos: u64 = 0; // bits used in the current bit-field run, from `offset`
        for f in fields.iter_mut() {
            let a = self.align(&f.ty);
            let s = self.size(&f.ty).unwrap_or(0);
            if let Some(width) = f.bit_width {
                let unit_bits = s * 8;
                if union {
                    f.offset = 0;
                } else {
                    if width == 0 || bit_pos + width > unit_bits.max(1) {
                        offset = round_up(offset + bit_pos.div_ceil(8), a.max(1));
                        bit_pos = 0;
                    }
                    f.offset = offset;
                    bit_pos += width;
                }
                if width > 0 {
                    align = align.max(a);
                }
                size = size.max(f.offset + bit_pos.div_ceil(8).max(if union { s } else { 0 }));
                continue;
            }
            if bit_pos > 0 {
                offset += bit_pos.div_ceil(8);
                bit_pos = 0;
            }
            align = align.max(a);
            if union {
                f.offset = 0;
                size = size.max(s);
            } else {
                offset = round_up(offset, a);
                f.offset = offset;
                offset += s;
                size = offset;
            }
        }
        if bit_pos > 0 && !union {
            size = size.max(offset + bit_pos.div_ceil(8));
        }
        (round_up(size, align), align)
    }
}

pub fn round_up(n: u64, align: u64) -> u64 {
    if align <= 1 { n } else { n.div_ceil(align) * align }
}

impl CType {
    pub fn int() -> CType {
        CType::Int(IntTy::I32)
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_))
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Ptr(_))
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Ptr(_) | CType::Float(_))
    }

    pub fn is_arithmetic(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Float(_))
    }

    pub fn is_float(&self) -> bool {
        matches!(self, CType::Float(_))
    }

    pub fn is_void(&self) -> bool {
        matches!(self, CType::Void)
    }

    pub fn as_int(&self) -> Option<IntTy> {
        match self {
            CType::Int(t) => Some(*t),
            _ => None,
        }
    }

    /// Whether the size of this type depends on the length of a variable-length array.
    pub fn has_vla(&self) -> bool {
        match self {
            CType::Array(_, ArraySize::Variable(_)) => true,
            CType::Array(elem, _) | CType::Volatile(elem) => elem.has_vla(),
            _ => false,
        }
    }

    /// `volatile T` (functions are not qualified; qualifying twice is once).
    pub fn volatile(t: CType) -> CType {
        match t {
            CType::Volatile(_) | CType::Func(_) => t,
            other => CType::Volatile(Box::new(other)),
        }
    }

    /// `T[size]`; an array of volatile elements is a volatile array (`Volatile(Array(..))`), so
    /// that volatility stays at the top where declarations and places look for it.
    pub fn array(elem: CType, size: ArraySize) -> CType {
        match elem {
            CType::Volatile(e) => CType::Volatile(Box::new(CType::Array(e, size))),
            e => CType::Array(Box::new(e), size),
        }
    }

    /// The type without its top-level `volatile`, and whether it had one.
    pub fn split_volatile(self) -> (CType, bool) {
        match self {
            CType::Volatile(t) => (*t, true),
            t => (t, false),
        }
    }

    /// The type without its top-level `volatile`.
    pub fn unqualified(&self) -> &CType {
        match self {
            CType::Volatile(t) => t,
            t => t,
        }
    }

    /// The pointee of a pointer, the element of an array.
    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Ptr(t) | CType::Array(t, _) => Some(t),
            _ => None,
        }
    }

    /// The register type of a scalar value of this type.
    pub fn reg_type(&self) -> Option<Type> {
        match self {
            CType::Int(t) => Some(Type::Int(*t)),
            CType::Ptr(_) => Some(Type::Ptr),
            CType::Float(f) => Some(Type::Float(*f)),
            _ => None,
        }
    }

    /// Array-to-pointer and function-to-pointer decay (the type of the value of an expression).
    pub fn decay(&self) -> CType {
        match self {
            CType::Array(elem, _) => CType::Ptr(elem.clone()),
            CType::Func(_) => CType::Ptr(Box::new(self.clone())),
            other => other.clone(),
        }
    }

    /// A readable C spelling, for diagnostics.
    pub fn describe(&self, records: &Records) -> String {
        match self {
            CType::Void => "void".into(),
            CType::Int(t) => c_int_name(*t).into(),
            CType::Float(FloatTy::F32) => "float".into(),
            CType::Float(FloatTy::F64) => "double".into(),
            CType::Float(FloatTy::F80) => "long double".into(),
            CType::Ptr(t) => format!("{} *", t.describe(records)),
            CType::Array(t, ArraySize::Fixed(n)) => format!("{}[{n}]", t.describe(records)),
            CType::Array(t, _) => format!("{}[]", t.describe(records)),
            CType::Record(id) => {
                let d = records.get(*id);
                format!("{} {}", if d.union { "union" } else { "struct" }, d.name)
            }
            CType::Func(sig) => format!("{} (*)(...)", sig.ret.describe(records)),
            CType::Volatile(t) => format!("volatile {}", t.describe(records)),
        }
    }
}

/// The C spelling of an integer type (as `int`, `unsigned char`, ...), for casts in output.
pub fn c_int_name(t: IntTy) -> &'static str {
    match t {
        IntTy::Bool => "_Bool",
        IntTy::I8 => "signed char",
        IntTy::U8 => "unsigned char",
        IntTy::I16 => "short",
        IntTy::U16 => "unsigned short",
        IntTy::I32 => "int",
        IntTy::U32 => "unsigned int",
        IntTy::I64 => "long long",
        IntTy::U64 => "unsigned long long",
    }
}

/// C's integer promotion: types narrower than `int` become `int`.
pub fn promote(t: IntTy) -> IntTy {
    if t.bits() < 32 { IntTy::I32 } else { t }
}

/// C's usual arithmetic conversions for two (unpromoted) integer types.
pub fn usual_arithmetic(a: IntTy, b: IntTy) -> IntTy {
    let (a, b) = (promote(a), promote(b));
    if a == b {
        return a;
    }
    if a.is_signed() == b.is_signed() {
        return if a.bits() >= b.bits() { a } else { b };
    }
    let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
    if u.bits() >= s.bits() {
        u
    } else {
        // The signed type is wider, so it represents every value of the unsigned one.
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotions_and_conversions() {
        assert_eq!(promote(IntTy::U8), IntTy::I32);
        assert_eq!(promote(IntTy::Bool), IntTy::I32);
        assert_eq!(promote(IntTy::U32), IntTy::U32);
        assert_eq!(usual_arithmetic(IntTy::I32, IntTy::U32), IntTy::U32);
        assert_eq!(usual_arithmetic(IntTy::U32, IntTy::I64), IntTy::I64);
        assert_eq!(usual_arithmetic(IntTy::U64, IntTy::I64), IntTy::U64);
        assert_eq!(usual_arithmetic(IntTy::U16, IntTy::I16), IntTy::I32);
    }

    #[test]
    fn struct_layout_matches_gcc() {
        let records = Records::default();
        let layout = Layout { dm: DataModel::LP64, records: &records };
        let f = |name: &str, ty: CType| RecordField {
            name: Some(name.into()),
            ty,
            offset: 0,
            bit_width: None,
            volatile: false,
        };
        let mut fields =
            vec![f("c", CType::Int(IntTy::I8)), f("l", CType::Int(IntTy::I64)), f("s", CType::Int(IntTy::I16))];
        assert_eq!(layout.layout_record(false, &mut fields), (24, 8));
        assert_eq!(fields.iter().map(|f| f.offset).collect::<Vec<_>>(), vec![0, 8, 16]);
        let ilp = Layout { dm: DataModel::ILP32, records: &records };
        let mut fields = vec![f("c", CType::Int(IntTy::I8)), f("l", CType::Int(IntTy::I64))];
        assert_eq!(ilp.layout_record(false, &mut fields), (12, 4));
        let mut fields = vec![f("c", CType::Int(IntTy::I8)), f("i", CType::Int(IntTy::I32))];
        assert_eq!(layout.layout_record(true, &mut fields), (4, 4));
    }

    #[test]
    fn bitfields_pack_into_units() {
        let records = Records::default();
        let layout = Layout { dm: DataModel::LP64, records: &records };
        let bf = |w: u64| RecordField {
            name: Some("b".into()),
            ty: CType::Int(IntTy::U32),
            offset: 0,
            bit_width: Some(w),
            volatile: false,
        };
        let mut fields = vec![bf(3), bf(5), bf(30)];
        assert_eq!(layout.layout_record(false, &mut fields), (8, 4));
    }
}
