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

use leapfrog_ir::{ArrayLen, DataModel, ObjType, Program, Type, VarId, VarTy};

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
    /// The byte offsets of the scalar leaves that take inputs when the object is declared
    /// without initializer (the interpreter's `--uninit nondet`), in input order, within one
    /// object (or one element of a variable-length array); `None` when there are too many.
    pub leaves: Option<Vec<u64>>,
}

/// More leaves than this are not listed (a counterexample cannot be given for them).
const MAX_LEAVES: u64 = 1 << 16;

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
        let leaves = (leaf_count(top) <= MAX_LEAVES).then(|| {
            let mut out = Vec::new();
            list_leaves(top, 0, dm, &mut out);
            out
        });
        Some(ObjInfo { elem, size, vla_elem_size, leaves })
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

/// How many inputs declaring an object of type `ty` without initializer consumes (as the
/// interpreter's object filler counts them).
pub(crate) fn leaf_count(ty: &ObjType) -> u64 {
    match ty {
        ObjType::Scalar(Type::Float(_)) | ObjType::Opaque { .. } => 0,
        ObjType::Scalar(_) => 1,
        ObjType::Array { elem, len: ArrayLen::Fixed(n) } => leaf_count(elem).saturating_mul(*n),
        ObjType::Array { len: ArrayLen::Dynamic, .. } => 0,
        ObjType::Record { union: true, fields, .. } => fields.first().map_or(0, |f| leaf_count(&f.ty)),
        ObjType::Record { fields, .. } => fields.iter().fold(0, |n, f| n.saturating_add(leaf_count(&f.ty))),
    }
}

/// The byte offsets of the input-taking leaves of `ty` placed at `at`, in input order: array
/// elements in index order, record fields in order, only the first member of a union; floats and
/// opaque bytes take none. (Bounded by the caller through [`leaf_count`].)
fn list_leaves(ty: &ObjType, at: u64, dm: DataModel, out: &mut Vec<u64>) {
    // An explicit stack of (type, offset), pushed in reverse so that leaves come out in order.
    let mut stack = vec![(ty, at)];
    while let Some((t, at)) = stack.pop() {
        match t {
            ObjType::Scalar(Type::Float(_)) | ObjType::Opaque { .. } => {}
            ObjType::Scalar(_) => out.push(at),
            ObjType::Array { elem, len: ArrayLen::Fixed(n) } => {
                if leaf_count(elem) == 0 {
                    continue;
                }
                let size = elem.size(dm);
                for i in (0..*n).rev() {
                    stack.push((elem, at.saturating_add(i.saturating_mul(size))));
                }
            }
            ObjType::Array { len: ArrayLen::Dynamic, .. } => {}
            ObjType::Record { union: true, fields, .. } => {
                if let Some(f) = fields.first() {
                    stack.push((&f.ty, at.saturating_add(f.offset)));
                }
            }
            ObjType::Record { fields, .. } => {
                for f in fields.iter().rev() {
                    stack.push((&f.ty, at.saturating_add(f.offset)));
                }
            }
        }
    }
}
