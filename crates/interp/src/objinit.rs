//! Filling a declared object from the input stream (`InitObject` with `Fill::Uninit` under
//! `UninitMode::Nondet`): one input per scalar leaf in memory order — array elements in index
//! order, record fields in order, only the first field of a union; floating-point and opaque
//! leaves are zero bytes and consume nothing. Everything else of the object is zero.
//!
//! Once the stream is exhausted the remaining leaves would all be 0, which the zeroed object
//! already holds: they are counted, not walked, so a huge array costs no more than its inputs.

use crate::fault::{Fault, Res};
use crate::memory::Memory;
use crate::nondet::NondetStream;
use crate::value::{ObjRef, Pointer};
use leapfrog_ir::{ArrayLen, DataModel, ObjType, Type};

pub(crate) struct LeafFiller<'m, 'p, 's> {
    pub mem: &'m mut Memory<'p>,
    pub input: &'m mut NondetStream<'s>,
    pub obj: ObjRef,
    pub dm: DataModel,
}

impl LeafFiller<'_, '_, '_> {
    /// Zero the object, then fill `count` consecutive values of `ty` from the stream.
    pub fn fill(&mut self, ty: &ObjType, count: u64) -> Res<()> {
        self.mem.zero(self.obj)?;
        self.fill_array(ty, 0, count).map_err(|f| Fault::unsupported(format!("inconsistent object layout: {}", f.what)))
    }

    fn fill_array(&mut self, elem: &ObjType, base: u64, count: u64) -> Res<()> {
        let leaves = leaf_count(elem);
        if leaves == 0 {
            return Ok(());
        }
        let size = elem.size(self.dm);
        for i in 0..count {
            if self.input.is_exhausted() {
                self.input.skip_exhausted(leaves.saturating_mul(count - i));
                return Ok(());
            }
            self.fill_one(elem, base.saturating_add(i.saturating_mul(size)))?;
        }
        Ok(())
    }

    fn fill_one(&mut self, ty: &ObjType, at: u64) -> Res<()> {
        match ty {
            ObjType::Scalar(Type::Float(_)) | ObjType::Opaque { .. } => Ok(()),
            ObjType::Scalar(t) => {
                let value = self.input.next_value(*t, self.dm.pointer_bytes() as u32 * 8);
                let off = i64::try_from(at).map_err(|_| Fault::unsupported("field offset too large"))?;
                self.mem.write(Pointer { obj: self.obj, off }, *t, value)
            }
            ObjType::Array { elem, len: ArrayLen::Fixed(n) } => self.fill_array(elem, at, *n),
            ObjType::Array { len: ArrayLen::Dynamic, .. } => Ok(()),
            ObjType::Record { union: true, fields, .. } => match fields.first() {
                Some(f) => self.fill_one(&f.ty, at.saturating_add(f.offset)),
                None => Ok(()),
            },
            ObjType::Record { fields, .. } => {
                for f in fields {
                    self.fill_one(&f.ty, at.saturating_add(f.offset))?;
                }
                Ok(())
            }
        }
    }
}

/// How many inputs an object of type `ty` consumes.
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

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::{Field, FloatTy, IntTy};

    fn field(offset: u64, ty: ObjType) -> Field {
        Field { name: "f".to_string(), offset, ty }
    }

    #[test]
    fn leaves_count_scalars_but_not_floats_opaque_bytes_or_later_union_members() {
        let int = || ObjType::Scalar(Type::Int(IntTy::I32));
        let union = ObjType::Record {
            name: "u".to_string(),
            union: true,
            size: 8,
            align: 8,
            fields: vec![field(0, int()), field(0, ObjType::Scalar(Type::Ptr))],
        };
        let record = ObjType::Record {
            name: "s".to_string(),
            union: false,
            size: 32,
            align: 8,
            fields: vec![
                field(0, int()),
                field(4, ObjType::Scalar(Type::Float(FloatTy::F32))),
                field(8, union),
                field(16, ObjType::Opaque { size: 8, align: 8 }),
                field(24, ObjType::Array { elem: Box::new(int()), len: ArrayLen::Fixed(2) }),
            ],
        };
        assert_eq!(leaf_count(&record), 4);
        let array = ObjType::Array { elem: Box::new(record), len: ArrayLen::Fixed(u64::MAX) };
        assert_eq!(leaf_count(&array), u64::MAX);
    }
}
