//! Memory: objects as little-endian byte vectors plus a provenance side table for the pointers
//! stored in them, object lifetimes, and every checked access.
//!
//! Each object lives in a slot of an arena; a dead object's slot is reused (with a new
//! generation) only after many other objects have died, so recent dangling pointers get precise
//! messages while long runs do not accumulate dead objects.
//!
//! Stored pointers: the bytes of a stored pointer are zero and the provenance table records the
//! pointer at its start offset. Any store clears the provenance it overlaps; the part of a stored
//! pointer that a store does not cover stays recorded as a *fragment*, so that every later read of
//! those bytes is still recognized as a read of pointer bytes. Reading a pointer gives the
//! recorded pointer, null for all-zero bytes, and is unsupported otherwise; reading an integer
//! from bytes that hold (part of) a pointer is unsupported.

use crate::fault::{Fault, Res};
use crate::value::{ObjRef, Pointer, Value};
use leapfrog_ir::{DataModel, IdVec, IntTy, Type, Var, VarId};
use std::collections::{BTreeMap, VecDeque};

/// The largest object the interpreter allocates.
pub(crate) const MAX_OBJECT_BYTES: u64 = 1 << 30;
/// The most bytes all live objects may hold together.
const MAX_LIVE_BYTES: u64 = 1 << 32;
/// How many dead objects are kept (for messages) before their slots are reused.
const REUSE_DELAY: usize = 1024;
/// The widest pointer of any data model.
const MAX_POINTER_BYTES: u64 = 8;

/// What an object is, for lifetimes and messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum ObjKind {
    Global,
    /// A memory local or variable-length array of a frame.
    Local,
    /// `malloc`: freed by `free`.
    Heap,
    /// `alloca`: dies when its frame returns.
    Alloca,
}

/// A recorded pointer (or the remains of one) at some offset of an object.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Prov {
    len: u64,
    /// `None` for a fragment: bytes of a pointer that was partly overwritten or partly copied.
    ptr: Option<Pointer>,
}

#[derive(Debug)]
struct Object {
    bytes: Vec<u8>,
    prov: BTreeMap<u64, Prov>,
    size: u64,
    generation: u32,
    live: bool,
    kind: ObjKind,
    var: Option<VarId>,
}

impl Object {
    /// The recorded pointers (and fragments) overlapping `[start, start + len)`.
    fn prov_overlapping(&self, start: u64, len: u64) -> Vec<(u64, Prov)> {
        if self.prov.is_empty() || len == 0 {
            return Vec::new();
        }
        let end = start.saturating_add(len);
        self.prov
            .range(start.saturating_sub(MAX_POINTER_BYTES - 1)..end)
            .filter(|(k, p)| **k + p.len > start)
            .map(|(k, p)| (*k, *p))
            .collect()
    }

    fn has_prov_in(&self, start: u64, len: u64) -> bool {
        !self.prov_overlapping(start, len).is_empty()
    }

    /// Forget the provenance of `[start, start + len)`; the uncovered parts of pointers that
    /// straddle the range's ends remain as fragments.
    fn clear_prov(&mut self, start: u64, len: u64) {
        let end = start.saturating_add(len);
        for (k, p) in self.prov_overlapping(start, len) {
            self.prov.remove(&k);
            if k < start {
                self.prov.insert(k, Prov { len: start - k, ptr: None });
            }
            if k + p.len > end {
                self.prov.insert(end, Prov { len: k + p.len - end, ptr: None });
            }
        }
    }
}

/// Reads and writes, for messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    Read,
    Write,
}

impl Access {
    fn name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
        }
    }
}

pub(crate) struct Memory<'p> {
    objects: Vec<Object>,
    dead_slots: VecDeque<u32>,
    live_bytes: u64,
    vars: &'p IdVec<VarId, Var>,
    dm: DataModel,
    ptr_bytes: u64,
}

impl<'p> Memory<'p> {
    pub fn new(vars: &'p IdVec<VarId, Var>, dm: DataModel) -> Memory<'p> {
        Memory {
            objects: Vec::new(),
            dead_slots: VecDeque::new(),
            live_bytes: 0,
            vars,
            dm,
            ptr_bytes: dm.pointer_bytes(),
        }
    }

    /// A fresh zero-filled object of `size` bytes.
    pub fn alloc(&mut self, size: u64, kind: ObjKind, var: Option<VarId>) -> Res<ObjRef> {
        if size > MAX_OBJECT_BYTES {
            return Err(Fault::limit(format!(
                "allocation of {size} bytes exceeds the interpreter's object size limit"
            )));
        }
        if self.live_bytes + size > MAX_LIVE_BYTES {
            return Err(Fault::limit("memory limit"));
        }
        let fresh = |generation| Object {
            bytes: vec![0; size as usize],
            prov: BTreeMap::new(),
            size,
            generation,
            live: true,
            kind,
            var,
        };
        self.live_bytes += size;
        let reusable = if self.dead_slots.len() > REUSE_DELAY { self.dead_slots.pop_front() } else { None };
        if let Some(index) = reusable {
            let slot = &mut self.objects[index as usize];
            let generation = slot.generation.wrapping_add(1);
            *slot = fresh(generation);
            return Ok(ObjRef { index, generation });
        }
        let index = u32::try_from(self.objects.len())
            .ok()
            .filter(|i| *i != u32::MAX)
            .ok_or_else(|| Fault::limit("too many memory objects"))?;
        self.objects.push(fresh(0));
        Ok(ObjRef { index, generation: 0 })
    }

    /// End the lifetime of an object (no effect if it is already dead).
    pub fn kill(&mut self, r: ObjRef) {
        let Some(obj) = self.objects.get_mut(r.index as usize) else { return };
        if obj.generation != r.generation || !obj.live {
            return;
        }
        obj.live = false;
        obj.bytes = Vec::new();
        obj.prov = BTreeMap::new();
        self.live_bytes -= obj.size;
        self.dead_slots.push_back(r.index);
    }

    /// `free(p)`: null is a no-op; otherwise `p` must be the start of a live heap object.
    pub fn free(&mut self, p: Pointer) -> Res<()> {
        if p.is_null() {
            return Ok(());
        }
        if p.obj.is_none() {
            return Err(Fault::ub(format!("invalid free of an invalid pointer (address {:#x})", p.off as u64)));
        }
        let obj = self.object(p.obj.index)?;
        if obj.generation != p.obj.generation {
            return Err(Fault::ub("invalid free of a dead object (double free?)"));
        }
        if !obj.live {
            return Err(Fault::ub(match obj.kind {
                ObjKind::Heap => "double free".to_string(),
                _ => format!("invalid free of {}, which is dead", self.describe(obj)),
            }));
        }
        if obj.kind != ObjKind::Heap {
            return Err(Fault::ub(format!(
                "invalid free of {}, which was not allocated by malloc",
                self.describe(obj)
            )));
        }
        if p.off != 0 {
            return Err(Fault::ub(format!("invalid free of a pointer to offset {} of {}", p.off, self.describe(obj))));
        }
        self.kill(p.obj);
        Ok(())
    }

    /// The size of the live object `r`.
    pub fn size_of(&self, r: ObjRef) -> Res<u64> {
        let (index, _) = self.locate(Pointer::to(r), 0, Access::Write)?;
        Ok(self.objects[index].size)
    }

    /// Read a value of register type `ty` at `p`.
    pub fn read(&self, p: Pointer, ty: Type) -> Res<Value> {
        match ty {
            Type::Bool => Ok(Value::Int(i128::from(self.read_int(p, IntTy::U8)? != 0))),
            Type::Int(t) => Ok(Value::Int(self.read_int(p, t)?)),
            Type::Ptr => Ok(Value::Ptr(self.read_ptr(p)?)),
            Type::Float(f) => {
                let len = Type::Float(f).bytes(self.dm);
                let (index, start) = self.locate(p, len, Access::Read)?;
                if self.objects[index].has_prov_in(start as u64, len) {
                    return Err(Fault::unsupported("floating-point read of pointer bytes"));
                }
                Ok(Value::Float)
            }
        }
    }

    fn read_int(&self, p: Pointer, t: IntTy) -> Res<i128> {
        let len = t.bytes();
        let (index, start) = self.locate(p, len, Access::Read)?;
        let obj = &self.objects[index];
        if obj.has_prov_in(start as u64, len) {
            return Err(Fault::unsupported("integer read of pointer bytes"));
        }
        let raw = little_endian(&obj.bytes[start..start + len as usize]);
        let bits = t.bits();
        let value =
            if t.is_signed() && (raw >> (bits - 1)) & 1 == 1 { raw as i128 - (1i128 << bits) } else { raw as i128 };
        Ok(t.convert(value))
    }

    fn read_ptr(&self, p: Pointer) -> Res<Pointer> {
        let len = self.ptr_bytes;
        let (index, start) = self.locate(p, len, Access::Read)?;
        let obj = &self.objects[index];
        match obj.prov_overlapping(start as u64, len).as_slice() {
            [] if obj.bytes[start..start + len as usize].iter().all(|b| *b == 0) => Ok(Pointer::NULL),
            [] => Err(Fault::unsupported("pointer made from integer bytes")),
            [(k, Prov { len: l, ptr: Some(q) })] if *k == start as u64 && *l == len => Ok(*q),
            _ => Err(Fault::unsupported("pointer read of bytes that do not hold a whole stored pointer")),
        }
    }

    /// Write `v`, a value of register type `ty`, at `p`.
    pub fn write(&mut self, p: Pointer, ty: Type, v: Value) -> Res<()> {
        let len = ty.bytes(self.dm);
        let (index, start) = self.locate(p, len, Access::Write)?;
        let obj = &mut self.objects[index];
        obj.clear_prov(start as u64, len);
        let bytes = &mut obj.bytes[start..start + len as usize];
        match v {
            Value::Int(x) => {
                for (i, b) in bytes.iter_mut().enumerate() {
                    *b = (x >> (8 * i)) as u8;
                }
            }
            Value::Ptr(q) => {
                bytes.fill(0);
                if !q.is_null() {
                    obj.prov.insert(start as u64, Prov { len, ptr: Some(q) });
                }
            }
            Value::Float => bytes.fill(0),
            Value::Unset => return Err(Fault::unsupported("store of an undefined value")),
        }
        Ok(())
    }

    /// Copy `len` bytes (and the pointers among them) from `src` to `dst`; the ranges may overlap.
    pub fn copy(&mut self, dst: Pointer, src: Pointer, len: u64) -> Res<()> {
        if len == 0 {
            return Ok(());
        }
        let (si, s) = self.locate(src, len, Access::Read)?;
        let (di, d) = self.locate(dst, len, Access::Write)?;
        let moved = self.provenance_moved(si, s as u64, d as u64, len);
        let n = len as usize;
        if si == di {
            self.objects[di].bytes.copy_within(s..s + n, d);
        } else {
            let tmp = self.objects[si].bytes[s..s + n].to_vec();
            self.objects[di].bytes[d..d + n].copy_from_slice(&tmp);
        }
        let target = &mut self.objects[di];
        target.clear_prov(d as u64, len);
        target.prov.extend(moved);
        Ok(())
    }

    /// The provenance of `[s, s + len)` of object `si`, clipped to the range and moved to start at
    /// `d`; clipped pointers become fragments.
    fn provenance_moved(&self, si: usize, s: u64, d: u64, len: u64) -> Vec<(u64, Prov)> {
        let end = s + len;
        self.objects[si]
            .prov_overlapping(s, len)
            .into_iter()
            .map(|(k, p)| {
                let from = k.max(s);
                let to = (k + p.len).min(end);
                let ptr = if from == k && to == k + p.len { p.ptr } else { None };
                (from - s + d, Prov { len: to - from, ptr })
            })
            .collect()
    }

    /// Set `len` bytes at `dst` to `byte`.
    pub fn set(&mut self, dst: Pointer, byte: u8, len: u64) -> Res<()> {
        if len == 0 {
            return Ok(());
        }
        let (index, d) = self.locate(dst, len, Access::Write)?;
        let obj = &mut self.objects[index];
        obj.clear_prov(d as u64, len);
        obj.bytes[d..d + len as usize].fill(byte);
        Ok(())
    }

    /// Zero the whole live object `r`.
    pub fn zero(&mut self, r: ObjRef) -> Res<()> {
        let size = self.size_of(r)?;
        self.set(Pointer::to(r), 0, size)
    }

    fn object(&self, index: u32) -> Res<&Object> {
        self.objects.get(index as usize).ok_or_else(|| Fault::unsupported("pointer to a nonexistent object"))
    }

    /// Check that `len` bytes at `p` lie inside a live object; the object's index and the start.
    fn locate(&self, p: Pointer, len: u64, access: Access) -> Res<(usize, usize)> {
        if p.obj.is_none() {
            return Err(Fault::ub(if p.off == 0 {
                "null pointer dereference".to_string()
            } else {
                format!("{} through an invalid pointer (address {:#x})", access.name(), p.off as u64)
            }));
        }
        let obj = self.object(p.obj.index)?;
        if obj.generation != p.obj.generation {
            return Err(Fault::ub(format!("use of a dead object ({} through a dangling pointer)", access.name())));
        }
        if !obj.live {
            return Err(Fault::ub(format!("use of a dead object ({} of {})", access.name(), self.describe_dead(obj))));
        }
        if p.off < 0 || i128::from(p.off) + i128::from(len) > i128::from(obj.size) {
            return Err(Fault::ub(format!(
                "out-of-bounds {} of {len} bytes at offset {} of {} ({} bytes)",
                access.name(),
                p.off,
                self.describe(obj),
                obj.size
            )));
        }
        Ok((p.obj.index as usize, p.off as usize))
    }

    fn describe(&self, obj: &Object) -> String {
        match (obj.kind, obj.var) {
            (ObjKind::Heap, _) => "a heap object".to_string(),
            (ObjKind::Alloca, _) => "an alloca object".to_string(),
            (_, Some(v)) => match self.vars.get(v) {
                Some(var) => format!("object `{}`", var.name),
                None => format!("object {v}"),
            },
            (_, None) => "an object".to_string(),
        }
    }

    fn describe_dead(&self, obj: &Object) -> String {
        match obj.kind {
            ObjKind::Heap => "a freed heap object".to_string(),
            ObjKind::Alloca => "an alloca object after its function returned".to_string(),
            _ => format!("{} after its lifetime ended", self.describe(obj)),
        }
    }
}

/// The unsigned little-endian number the bytes spell (at most 16 bytes).
fn little_endian(bytes: &[u8]) -> u128 {
    bytes.iter().rev().fold(0u128, |acc, b| (acc << 8) | u128::from(*b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mem(vars: &IdVec<VarId, Var>) -> Memory<'_> {
        Memory::new(vars, DataModel::LP64)
    }

    fn at(r: ObjRef, off: i64) -> Pointer {
        Pointer { obj: r, off }
    }

    #[test]
    fn integers_round_trip_little_endian() {
        let vars = IdVec::new();
        let mut m = mem(&vars);
        let r = m.alloc(8, ObjKind::Heap, None).unwrap();
        m.write(Pointer::to(r), Type::Int(IntTy::I32), Value::Int(-2)).unwrap();
        assert_eq!(m.read(Pointer::to(r), Type::Int(IntTy::I32)), Ok(Value::Int(-2)));
        assert_eq!(m.read(Pointer::to(r), Type::Int(IntTy::U16)), Ok(Value::Int(0xfffe)));
        assert_eq!(m.read(at(r, 1), Type::Int(IntTy::I8)), Ok(Value::Int(-1)));
        assert_eq!(m.read(at(r, 4), Type::Int(IntTy::U32)), Ok(Value::Int(0)));
    }

    #[test]
    fn partly_overwritten_pointers_leave_fragments() {
        let vars = IdVec::new();
        let mut m = mem(&vars);
        let target = m.alloc(4, ObjKind::Heap, None).unwrap();
        let r = m.alloc(16, ObjKind::Heap, None).unwrap();
        m.write(Pointer::to(r), Type::Ptr, Value::Ptr(at(target, 2))).unwrap();
        assert_eq!(m.read(Pointer::to(r), Type::Ptr), Ok(Value::Ptr(at(target, 2))));
        m.write(at(r, 2), Type::Int(IntTy::U8), Value::Int(1)).unwrap();
        assert!(m.read(Pointer::to(r), Type::Int(IntTy::U8)).is_err());
        assert!(m.read(at(r, 3), Type::Int(IntTy::U8)).is_err());
        assert_eq!(m.read(at(r, 2), Type::Int(IntTy::U8)), Ok(Value::Int(1)));
        assert!(m.read(Pointer::to(r), Type::Ptr).is_err());
        m.set(Pointer::to(r), 0, 8).unwrap();
        assert_eq!(m.read(Pointer::to(r), Type::Ptr), Ok(Value::Ptr(Pointer::NULL)));
    }

    #[test]
    fn overlapping_copies_move_pointers() {
        let vars = IdVec::new();
        let mut m = mem(&vars);
        let target = m.alloc(4, ObjKind::Heap, None).unwrap();
        let r = m.alloc(24, ObjKind::Heap, None).unwrap();
        m.write(Pointer::to(r), Type::Ptr, Value::Ptr(Pointer::to(target))).unwrap();
        m.write(at(r, 8), Type::Int(IntTy::U64), Value::Int(7)).unwrap();
        m.copy(at(r, 8), Pointer::to(r), 16).unwrap();
        assert_eq!(m.read(at(r, 8), Type::Ptr), Ok(Value::Ptr(Pointer::to(target))));
        assert_eq!(m.read(at(r, 16), Type::Int(IntTy::U64)), Ok(Value::Int(7)));
        assert_eq!(m.read(Pointer::to(r), Type::Ptr), Ok(Value::Ptr(Pointer::to(target))));
        m.copy(at(r, 20), at(r, 4), 4).unwrap();
        assert!(m.read(at(r, 20), Type::Int(IntTy::U32)).is_err());
    }

    #[test]
    fn slots_are_reused_with_a_new_generation() {
        let vars = IdVec::new();
        let mut m = mem(&vars);
        let first = m.alloc(4, ObjKind::Heap, None).unwrap();
        m.free(Pointer::to(first)).unwrap();
        assert_eq!(m.free(Pointer::to(first)).unwrap_err().what, "double free");
        for _ in 0..REUSE_DELAY {
            let r = m.alloc(1, ObjKind::Heap, None).unwrap();
            m.kill(r);
        }
        let reused = m.alloc(4, ObjKind::Heap, None).unwrap();
        assert_eq!(reused.index, first.index);
        assert_ne!(reused.generation, first.generation);
        assert!(m.read(Pointer::to(first), Type::Int(IntTy::I32)).unwrap_err().what.contains("dead object"));
        assert_eq!(m.read(Pointer::to(reused), Type::Int(IntTy::I32)), Ok(Value::Int(0)));
    }
}
