//! Memory: objects as little-endian byte vectors plus a provenance side table for the pointers
//! stored in them, which bytes were ever written, object lifetimes, and every checked access.
//!
//! Written bytes: every byte of an object knows whether it has been written. Locals (at their
//! declaration without initializer), `alloca` and `malloc` objects start unwritten; globals,
//! `calloc` objects and declarations with an initializer start written. Stores and `memset`
//! write bytes; `memcpy` copies the written state with the bytes. A read of unwritten bytes is
//! the machine's business (an input, see `exec`): [`Memory::unwritten`] tells it, and
//! [`Memory::fill_unwritten`] gives the bytes the value read.
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
use leapfrog_source::Span;
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

/// Which bytes of an object were never written: one bit per byte (set: unwritten), with the
/// number of set bits so that the common case, a fully written object, costs one comparison.
#[derive(Debug, Default)]
struct Unwritten {
    bits: Vec<u64>,
    count: u64,
}

impl Unwritten {
    fn all(size: u64) -> Unwritten {
        let words = size.div_ceil(64) as usize;
        let mut bits = vec![u64::MAX; words];
        if !size.is_multiple_of(64)
            && let Some(last) = bits.last_mut()
        {
            *last = (1u64 << (size % 64)) - 1;
        }
        Unwritten { bits, count: size }
    }

    fn get(&self, i: u64) -> bool {
        self.count != 0 && self.bits[(i / 64) as usize] >> (i % 64) & 1 == 1
    }

    /// Whether any byte of `[start, start + len)` is unwritten.
    fn any(&self, start: u64, len: u64) -> bool {
        self.count != 0 && (start..start + len).any(|i| self.get(i))
    }

    /// Mark `[start, start + len)` written (`false`) or unwritten (`true`).
    fn set_range(&mut self, start: u64, len: u64, unwritten: bool) {
        if !unwritten && self.count == 0 {
            return;
        }
        let mut i = start;
        let end = start + len;
        while i < end {
            let word = (i / 64) as usize;
            let lo = i % 64;
            let hi = (end - (i - lo)).min(64);
            let mask = if hi - lo == 64 { u64::MAX } else { ((1u64 << (hi - lo)) - 1) << lo };
            let before = self.bits[word];
            let after = if unwritten { before | mask } else { before & !mask };
            self.count = self.count + u64::from(after.count_ones()) - u64::from(before.count_ones());
            self.bits[word] = after;
            i += hi - lo;
        }
    }
}

#[derive(Debug)]
struct Object {
    bytes: Vec<u8>,
    prov: BTreeMap<u64, Prov>,
    unwritten: Unwritten,
    size: u64,
    generation: u32,
    live: bool,
    kind: ObjKind,
    var: Option<VarId>,
    /// Where the object was created (the allocation or the function), for messages.
    site: Span,
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

/// The kind of storage never-written bytes belong to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Region {
    /// A local variable (declared without initializer).
    Local,
    /// An `alloca` object.
    Alloca,
    /// A `malloc` object.
    Heap,
}

impl Region {
    pub fn name(self) -> &'static str {
        match self {
            Region::Local => "local",
            Region::Alloca => "alloca",
            Region::Heap => "heap",
        }
    }
}

/// Never-written bytes a read found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct UnwrittenBytes {
    pub region: Region,
    /// `object \`a\``, `a heap object`, ...
    pub object: String,
    /// Where the object was created.
    pub site: Span,
    pub offset: u64,
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

    /// A fresh zero-filled object of `size` bytes, written or not.
    pub fn alloc(&mut self, size: u64, kind: ObjKind, var: Option<VarId>, written: bool, site: Span) -> Res<ObjRef> {
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
            unwritten: if written { Unwritten::default() } else { Unwritten::all(size) },
            size,
            generation,
            live: true,
            kind,
            var,
            site,
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
        obj.unwritten = Unwritten::default();
        self.live_bytes -= obj.size;
        self.dead_slots.push_back(r.index);
    }

    /// The allocation sites of the live heap objects no chain of pointers from a live object
    /// outside the heap (a global, a frame's memory local or `alloca` block) reaches: memory the
    /// program can no longer free (SV-COMP's `valid-memtrack`). Pointers held in registers are
    /// not roots: call it when no frame is left.
    pub fn unreachable_heap(&self) -> Vec<Span> {
        let mut reached = vec![false; self.objects.len()];
        let mut work: Vec<usize> = Vec::new();
        for (i, obj) in self.objects.iter().enumerate() {
            if obj.live && obj.kind != ObjKind::Heap {
                reached[i] = true;
                work.push(i);
            }
        }
        while let Some(i) = work.pop() {
            for prov in self.objects[i].prov.values() {
                let Some(ptr) = prov.ptr else { continue };
                let j = ptr.obj.index as usize;
                if let Some(target) = self.objects.get(j)
                    && target.live
                    && target.generation == ptr.obj.generation
                    && !reached[j]
                {
                    reached[j] = true;
                    work.push(j);
                }
            }
        }
        self.objects
            .iter()
            .zip(reached)
            .filter(|(obj, r)| obj.live && obj.kind == ObjKind::Heap && !r)
            .map(|(obj, _)| obj.site)
            .collect()
    }

    /// `free(p)`: null is a no-op; otherwise `p` must be the start of a live heap object.
    pub fn free(&mut self, p: Pointer) -> Res<()> {
        if p.is_null() {
            return Ok(());
        }
        if p.obj.is_none() {
            return Err(Fault::invalid_free(format!(
                "invalid free of an invalid pointer (address {:#x})",
                p.off as u64
            )));
        }
        let obj = self.object(p.obj.index)?;
        if obj.generation != p.obj.generation {
            return Err(Fault::invalid_free("invalid free of a dead object (double free?)"));
        }
        if !obj.live {
            return Err(Fault::invalid_free(match obj.kind {
                ObjKind::Heap => "double free".to_string(),
                _ => format!("invalid free of {}, which is dead", self.describe(obj)),
            }));
        }
        if obj.kind != ObjKind::Heap {
            return Err(Fault::invalid_free(format!(
                "invalid free of {}, which was not allocated by malloc",
                self.describe(obj)
            )));
        }
        if p.off != 0 {
            return Err(Fault::invalid_free(format!(
                "invalid free of a pointer to offset {} of {}",
                p.off,
                self.describe(obj)
            )));
        }
        self.kill(p.obj);
        Ok(())
    }

    /// The object in slot `index` (alive or dead: its last occupant), if the slot exists.
    pub fn object_in_slot(&self, index: u32) -> Option<ObjRef> {
        self.objects.get(index as usize).map(|obj| ObjRef { index, generation: obj.generation })
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
                let obj = &self.objects[index];
                if obj.has_prov_in(start as u64, len) {
                    return Err(Fault::unsupported("floating-point read of pointer bytes"));
                }
                Ok(crate::float::from_bytes(&obj.bytes[start..start + len as usize], f))
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
        obj.unwritten.set_range(start as u64, len, false);
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
            Value::Float(_) => bytes.copy_from_slice(&stored_bytes(v, ty, len)?),
            Value::Unset | Value::Uninit { .. } => return Err(Fault::unsupported("store of an undefined value")),
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
        let unwritten: Vec<bool> = if self.objects[si].unwritten.count == 0 {
            Vec::new()
        } else {
            (s as u64..s as u64 + len).map(|i| self.objects[si].unwritten.get(i)).collect()
        };
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
        target.unwritten.set_range(d as u64, len, false);
        if !unwritten.is_empty() {
            if target.unwritten.bits.is_empty() {
                target.unwritten = Unwritten { bits: vec![0; target.size.div_ceil(64) as usize], count: 0 };
            }
            for (i, u) in unwritten.into_iter().enumerate() {
                if u {
                    target.unwritten.set_range(d as u64 + i as u64, 1, true);
                }
            }
        }
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
        obj.unwritten.set_range(d as u64, len, false);
        obj.bytes[d..d + len as usize].fill(byte);
        Ok(())
    }

    /// Zero the whole live object `r` and mark it written (`true`) or unwritten (`false`).
    pub fn reset(&mut self, r: ObjRef, written: bool) -> Res<()> {
        let size = self.size_of(r)?;
        self.set(Pointer::to(r), 0, size)?;
        if !written {
            let obj = &mut self.objects[r.index as usize];
            obj.unwritten = Unwritten::all(size);
        }
        Ok(())
    }

    /// When some of the `len` bytes at `p` (which must lie in a live object) were never
    /// written: what they belong to.
    pub fn unwritten(&self, p: Pointer, len: u64) -> Res<Option<UnwrittenBytes>> {
        let (index, start) = self.locate(p, len, Access::Read)?;
        let obj = &self.objects[index];
        if !obj.unwritten.any(start as u64, len) {
            return Ok(None);
        }
        let region = match obj.kind {
            ObjKind::Heap => Region::Heap,
            ObjKind::Alloca => Region::Alloca,
            ObjKind::Local | ObjKind::Global => Region::Local,
        };
        Ok(Some(UnwrittenBytes { region, object: self.describe(obj), site: obj.site, offset: start as u64 }))
    }

    /// Give the unwritten ones among the bytes of a `ty` at `p` the bytes of `value` (a value of
    /// `ty`, as stored) and mark them written; the written bytes keep theirs.
    pub fn fill_unwritten(&mut self, p: Pointer, ty: Type, value: Value) -> Res<()> {
        let len = ty.bytes(self.dm);
        let (index, start) = self.locate(p, len, Access::Read)?;
        let obj = &mut self.objects[index];
        let range = start as u64..start as u64 + len;
        let all = range.clone().all(|i| obj.unwritten.get(i));
        match value {
            Value::Ptr(_) if all => self.write(p, ty, value),
            Value::Ptr(_) => Err(Fault::unsupported("pointer read of bytes that are partly never written")),
            Value::Int(_) | Value::Float(Some(_)) => {
                let bytes = stored_bytes(value, ty, len)?;
                for i in range {
                    if obj.unwritten.get(i) {
                        obj.bytes[i as usize] = bytes[(i - start as u64) as usize];
                    }
                }
                obj.unwritten.set_range(start as u64, len, false);
                Ok(())
            }
            Value::Float(None) | Value::Unset | Value::Uninit { .. } => {
                obj.unwritten.set_range(start as u64, len, false);
                Ok(())
            }
        }
    }

    fn object(&self, index: u32) -> Res<&Object> {
        self.objects.get(index as usize).ok_or_else(|| Fault::unsupported("pointer to a nonexistent object"))
    }

    /// Check that `len` bytes at `p` lie inside a live object; the object's index and the start.
    fn locate(&self, p: Pointer, len: u64, access: Access) -> Res<(usize, usize)> {
        if p.obj.is_none() {
            return Err(Fault::invalid_deref(if p.off == 0 {
                "null pointer dereference".to_string()
            } else {
                format!("{} through an invalid pointer (address {:#x})", access.name(), p.off as u64)
            }));
        }
        let obj = self.object(p.obj.index)?;
        if obj.generation != p.obj.generation {
            return Err(Fault::invalid_deref(format!(
                "use of a dead object ({} through a dangling pointer)",
                access.name()
            )));
        }
        if !obj.live {
            return Err(Fault::invalid_deref(format!(
                "use of a dead object ({} of {})",
                access.name(),
                self.describe_dead(obj)
            )));
        }
        if p.off < 0 || i128::from(p.off) + i128::from(len) > i128::from(obj.size) {
            return Err(Fault::invalid_deref(format!(
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

/// The `len` bytes (little-endian) that store `value`, an integer or a floating-point value of
/// register type `ty`.
fn stored_bytes(value: Value, ty: Type, len: u64) -> Res<Vec<u8>> {
    match (value, ty) {
        (Value::Int(x), _) => Ok((0..len).map(|i| (x >> (8 * i)) as u8).collect()),
        (Value::Float(bits), Type::Float(f)) => crate::float::to_bytes(bits, f),
        (Value::Float(_), _) => Err(Fault::unsupported("a floating-point value stored as another type")),
        _ => Err(Fault::unsupported("the bytes of a value that is not a number")),
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
        let r = m.alloc(8, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
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
        let target = m.alloc(4, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
        let r = m.alloc(16, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
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
        let target = m.alloc(4, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
        let r = m.alloc(24, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
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
    fn unwritten_ranges_are_set_and_cleared_across_words() {
        let mut u = Unwritten::all(200);
        assert_eq!(u.count, 200);
        assert!(u.get(199) && !u.get(200));
        u.set_range(3, 130, false);
        assert_eq!(u.count, 70);
        assert!(u.get(2) && !u.get(3) && !u.get(132) && u.get(133));
        assert!(!u.any(3, 130) && u.any(0, 4) && u.any(132, 2));
        u.set_range(60, 10, true);
        assert_eq!(u.count, 80);
        assert!(u.get(60) && u.get(69) && !u.get(70) && !u.get(59));
        let mut w = Unwritten::default();
        w.set_range(0, 1000, false);
        assert_eq!(w.count, 0);
        assert!(!w.any(0, 1000));
    }

    #[test]
    fn slots_are_reused_with_a_new_generation() {
        let vars = IdVec::new();
        let mut m = mem(&vars);
        let first = m.alloc(4, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
        m.free(Pointer::to(first)).unwrap();
        assert_eq!(m.free(Pointer::to(first)).unwrap_err().what, "double free");
        for _ in 0..REUSE_DELAY {
            let r = m.alloc(1, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
            m.kill(r);
        }
        let reused = m.alloc(4, ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
        assert_eq!(reused.index, first.index);
        assert_ne!(reused.generation, first.generation);
        assert!(m.read(Pointer::to(first), Type::Int(IntTy::I32)).unwrap_err().what.contains("dead object"));
        assert_eq!(m.read(Pointer::to(reused), Type::Int(IntTy::I32)), Ok(Value::Int(0)));
    }
}
