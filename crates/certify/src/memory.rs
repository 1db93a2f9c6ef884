//! Which memory objects the checker models, and how.
//!
//! Every memory variable is one object (the analysed function calls nothing, so each of its
//! memory variables has one frame). An object whose scalar leaves all have one integer type `T`
//! is an SMT array from *byte offsets* to values of `T`: an element lives at the offset of its
//! first byte, so an access at `&a + i*4` reads index `4i` and no division is ever needed. An
//! access of another type, or at an offset that may not be a multiple of `T`'s size, is not
//! modelled: a load yields a fresh value and a store makes the whole array fresh (a sound
//! over-approximation, recorded as such). Objects of floating-point leaves need no contents (a
//! float is never inspected); other objects (mixed leaves, pointers stored in memory, opaque
//! bytes) are not modelled at all: loads from them are fresh.

use leapfrog_ir::{ArrayLen, ObjType, Program, Type, VarId, VarTy};

/// How the contents of an object are represented.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Elem {
    /// An array of integers of this type, indexed by byte offset.
    Int(leapfrog_arith::IntTy),
    /// Floating-point leaves only: no contents.
    Float,
    /// Not modelled; the reason.
    Unmodeled(String),
}

/// What the checker knows of one memory object.
#[derive(Clone, Debug)]
pub(crate) struct ObjInfo {
    pub elem: Elem,
    /// Size in bytes (`None`: a variable-length array, whose size its declaration gives).
    pub size: Option<u64>,
    /// For a variable-length array: the size of one element in bytes.
    pub vla_elem_size: u64,
}

impl ObjInfo {
    pub fn of(p: &Program, v: VarId) -> Option<ObjInfo> {
        let VarTy::Mem(ty) = &p.vars.get(v)?.ty else { return None };
        let dm = p.data_model;
        let (top, size, vla_elem_size) = match ty {
            ObjType::Array { elem, len: ArrayLen::Dynamic } => (&**elem, None, elem.size(dm)),
            other => (other, Some(other.size(dm)), 0),
        };
        let elem = match uniform_leaf(top) {
            Leaf::Empty => Elem::Unmodeled("an object without scalar contents".into()),
            Leaf::One(Type::Int(t)) => Elem::Int(t),
            Leaf::One(Type::Float(_)) => Elem::Float,
            Leaf::One(Type::Ptr) => Elem::Unmodeled("pointers stored in memory".into()),
            Leaf::One(Type::Bool) => Elem::Unmodeled("conditions stored in memory".into()),
            Leaf::Mixed(why) => Elem::Unmodeled(why),
        };
        Some(ObjInfo { elem, size, vla_elem_size })
    }
}

enum Leaf {
    Empty,
    One(Type),
    Mixed(String),
}

/// The one scalar type of all leaves of `ty`, if there is one.
fn uniform_leaf(ty: &ObjType) -> Leaf {
    let mut found: Option<Type> = None;
    let mut stack = vec![ty];
    while let Some(t) = stack.pop() {
        match t {
            ObjType::Scalar(s) => match found {
                Some(f) if f != *s => return Leaf::Mixed(format!("an object with leaves of types {f} and {s}")),
                _ => found = Some(*s),
            },
            ObjType::Array { elem, .. } => stack.push(elem),
            ObjType::Record { fields, .. } => stack.extend(fields.iter().map(|f| &f.ty)),
            ObjType::Opaque { .. } => return Leaf::Mixed("an object with opaque bytes (bit-fields?)".into()),
        }
    }
    match found {
        Some(t) => Leaf::One(t),
        None => Leaf::Empty,
    }
}
