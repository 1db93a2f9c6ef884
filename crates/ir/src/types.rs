//! Types of IR values and of memory objects.
//!
//! Register values (variables and expressions) are scalars: booleans, integers of an [`IntTy`],
//! pointers, or floating-point values (which the analyses never compute: every command that
//! would produce one is an opaque step, whose computation only the interpreter performs, see
//! [`crate::float`]). Memory objects (arrays, records, and scalars whose
//! address is taken) have an [`ObjType`] that gives their byte layout under the program's
//! [`DataModel`].

use leapfrog_arith::IntTy;
use std::fmt;

/// Sizes of `long` and of pointers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum DataModel {
    /// 32-bit `int`, `long` and pointers (SV-COMP's loop categories).
    ILP32,
    /// 32-bit `int`, 64-bit `long` and pointers (x86-64 Linux; the default).
    #[default]
    LP64,
}

impl DataModel {
    pub fn pointer_bytes(self) -> u64 {
        match self {
            DataModel::ILP32 => 4,
            DataModel::LP64 => 8,
        }
    }

    /// The type of `long` / `unsigned long`.
    pub fn long(self, signed: bool) -> IntTy {
        match self {
            DataModel::ILP32 => IntTy::from_bits(32, signed).unwrap(),
            DataModel::LP64 => IntTy::from_bits(64, signed).unwrap(),
        }
    }

    /// The integer type of `ptrdiff_t` / `size_t` (signed / unsigned).
    pub fn size_type(self, signed: bool) -> IntTy {
        self.long(signed)
    }

    pub fn name(self) -> &'static str {
        match self {
            DataModel::ILP32 => "ILP32",
            DataModel::LP64 => "LP64",
        }
    }

    pub fn from_name(s: &str) -> Option<DataModel> {
        match s.to_ascii_uppercase().as_str() {
            "ILP32" => Some(DataModel::ILP32),
            "LP64" => Some(DataModel::LP64),
            _ => None,
        }
    }
}

/// Floating-point formats (computed by the interpreter only; `F80` not even there).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatTy {
    F32,
    F64,
    /// x87 80-bit `long double`, stored in 16 bytes (12 under ILP32).
    F80,
}

impl FloatTy {
    pub fn bytes(self, dm: DataModel) -> u64 {
        match self {
            FloatTy::F32 => 4,
            FloatTy::F64 => 8,
            FloatTy::F80 => match dm {
                DataModel::ILP32 => 12,
                DataModel::LP64 => 16,
            },
        }
    }

    pub fn align(self, dm: DataModel) -> u64 {
        match (self, dm) {
            (FloatTy::F32, _) => 4,
            (FloatTy::F64, DataModel::LP64) => 8,
            (FloatTy::F64, DataModel::ILP32) => 4,
            (FloatTy::F80, DataModel::LP64) => 16,
            (FloatTy::F80, DataModel::ILP32) => 4,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FloatTy::F32 => "f32",
            FloatTy::F64 => "f64",
            FloatTy::F80 => "f80",
        }
    }

    pub fn from_name(s: &str) -> Option<FloatTy> {
        match s {
            "f32" => Some(FloatTy::F32),
            "f64" => Some(FloatTy::F64),
            "f80" => Some(FloatTy::F80),
            _ => None,
        }
    }
}

/// The type of a register value: a variable that lives outside memory, or an expression.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A condition (the result of a comparison); not a C type (`_Bool` is `Int(IntTy::Bool)`).
    Bool,
    Int(IntTy),
    /// A pointer into some memory object (or null). Pointers are untyped; loads and stores say
    /// what they read and write.
    Ptr,
    /// A floating-point value: variables may have this type, expressions never do.
    Float(FloatTy),
}

impl Type {
    pub fn as_int(self) -> Option<IntTy> {
        match self {
            Type::Int(t) => Some(t),
            _ => None,
        }
    }

    /// Size in bytes when stored in memory (`Bool` is stored as one byte).
    pub fn bytes(self, dm: DataModel) -> u64 {
        match self {
            Type::Bool => 1,
            Type::Int(t) => t.bytes(),
            Type::Ptr => dm.pointer_bytes(),
            Type::Float(f) => f.bytes(dm),
        }
    }

    pub fn align(self, dm: DataModel) -> u64 {
        match self {
            Type::Float(f) => f.align(dm),
            Type::Int(IntTy::I64 | IntTy::U64) if dm == DataModel::ILP32 => 4,
            other => other.bytes(dm),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("cond"),
            Type::Int(t) => f.write_str(t.name()),
            Type::Ptr => f.write_str("ptr"),
            Type::Float(t) => f.write_str(t.name()),
        }
    }
}

/// The number of elements of an array object.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArrayLen {
    Fixed(u64),
    /// A variable-length array: the length is given when its declaration executes
    /// ([`crate::Command::InitObject`]).
    Dynamic,
}

/// A field of a record object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    pub name: String,
    /// Byte offset from the start of the record.
    pub offset: u64,
    pub ty: ObjType,
}

/// The type (and so the byte layout) of a memory object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ObjType {
    Scalar(Type),
    Array {
        elem: Box<ObjType>,
        len: ArrayLen,
    },
    /// A `struct` (fields at increasing offsets) or a `union` (all fields at offset 0).
    Record {
        name: String,
        union: bool,
        size: u64,
        align: u64,
        fields: Vec<Field>,
    },
    /// Bytes the IR does not look into (e.g. a struct with bit-fields).
    Opaque {
        size: u64,
        align: u64,
    },
}

impl ObjType {
    /// Size in bytes; a dynamic array counts as having no elements.
    pub fn size(&self, dm: DataModel) -> u64 {
        match self {
            ObjType::Scalar(t) => t.bytes(dm),
            ObjType::Array { elem, len } => match len {
                ArrayLen::Fixed(n) => elem.size(dm).saturating_mul(*n),
                ArrayLen::Dynamic => 0,
            },
            ObjType::Record { size, .. } | ObjType::Opaque { size, .. } => *size,
        }
    }

    pub fn align(&self, dm: DataModel) -> u64 {
        match self {
            ObjType::Scalar(t) => t.align(dm),
            ObjType::Array { elem, .. } => elem.align(dm),
            ObjType::Record { align, .. } | ObjType::Opaque { align, .. } => *align,
        }
    }

    pub fn is_dynamic(&self) -> bool {
        matches!(self, ObjType::Array { len: ArrayLen::Dynamic, .. })
    }
}

/// The type of a variable: a register value or a memory object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarTy {
    /// Read and written directly by expressions and assignments.
    Reg(Type),
    /// Lives in memory: read by loads and written by stores through `AddrOf(var)`.
    Mem(ObjType),
}

impl VarTy {
    pub fn reg(&self) -> Option<Type> {
        match self {
            VarTy::Reg(t) => Some(*t),
            VarTy::Mem(_) => None,
        }
    }

    pub fn is_mem(&self) -> bool {
        matches!(self, VarTy::Mem(_))
    }
}
