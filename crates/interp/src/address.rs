//! Addresses: the integers pointers convert to and from ([`leapfrog_ir::address`]).
//!
//! A pointer is an object and a byte offset; as an integer, object `k` (its slot in memory) has
//! the address `(k + 1) << 32` plus the offset. Every object is thus aligned to 2^32 (so
//! alignment checks such as `(unsigned long)p % 4` see the offset's alignment), no object is at
//! address 0, and objects never overlap (they hold at most 2^30 bytes). The null pointer is 0, and
//! a pointer into no object (an input, null plus an offset) is the address it carries.
//!
//! Converting back, 0 is null, and an address within 2^31 bytes either side of an object's base
//! (`(k + 1) << 32`) points into that object, at that offset, while the object's slot exists
//! (out of its bounds, or after it died, dereferencing it is then undefined behaviour as for any
//! such pointer); any other address gives a pointer into no object, whose dereference is
//! undefined behaviour. So a pointer survives the round trip through a 64-bit integer, including
//! one just before its object, while a pointer truncated to 32 bits does not.
//!
//! The addresses are not the compiled program's: only results that do not depend on where objects
//! are (alignment, differences within an object, round trips) agree with it. Under a data model
//! with 32-bit pointers the conversion is unsupported (objects would not fit apart).

use crate::fault::{Fault, Res};
use crate::memory::Memory;
use crate::value::Pointer;

/// The address bits that hold the offset into an object.
const OFFSET_BITS: u32 = 32;

fn check_width(ptr_bits: u32) -> Res<()> {
    if ptr_bits == 64 {
        Ok(())
    } else {
        Err(Fault::unsupported("conversion between a pointer and an integer with 32-bit pointers"))
    }
}

/// The address of `p`, modulo 2^64.
pub(crate) fn address_of(p: Pointer, ptr_bits: u32) -> Res<u64> {
    check_width(ptr_bits)?;
    if p.obj.is_none() {
        return Ok(p.off as u64);
    }
    let base = (u64::from(p.obj.index) + 1) << OFFSET_BITS;
    Ok(base.wrapping_add(p.off as u64))
}

/// The pointer whose address is `addr` (an integer value of any type, taken modulo 2^64).
pub(crate) fn pointer_at(addr: i128, mem: &Memory, ptr_bits: u32) -> Res<Pointer> {
    check_width(ptr_bits)?;
    let addr = i128::from(addr as u64);
    let half = 1i128 << (OFFSET_BITS - 1);
    // The object whose base is nearest: its index plus one.
    let slot = (addr + half) >> OFFSET_BITS;
    let obj = u32::try_from(slot - 1).ok().and_then(|index| mem.object_in_slot(index));
    Ok(match obj {
        Some(obj) => Pointer { obj, off: (addr - (slot << OFFSET_BITS)) as i64 },
        None => Pointer::from_addr(addr, ptr_bits),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::ObjRef;
    use leapfrog_ir::{DataModel, IdVec};
    use leapfrog_source::Span;

    #[test]
    fn addresses_round_trip_and_keep_alignment() {
        let vars = IdVec::new();
        let mut mem = Memory::new(&vars, DataModel::LP64);
        let a = mem.alloc(16, crate::memory::ObjKind::Global, None, true, Span::UNKNOWN).unwrap();
        let b = mem.alloc(16, crate::memory::ObjKind::Heap, None, true, Span::UNKNOWN).unwrap();
        let at = |obj: ObjRef, off| Pointer { obj, off };
        assert_eq!(address_of(Pointer::NULL, 64), Ok(0));
        assert_eq!(pointer_at(0, &mem, 64), Ok(Pointer::NULL));
        for p in [at(a, 0), at(a, 3), at(a, 16), at(a, -1), at(b, 5), at(b, 100), at(b, -(1 << 31))] {
            let addr = address_of(p, 64).unwrap();
            assert_eq!(pointer_at(i128::from(addr), &mem, 64), Ok(p), "{p:?} at {addr:#x}");
        }
        assert_eq!(address_of(at(a, 6), 64).unwrap() % 4, 2);
        assert_ne!(address_of(at(a, 0), 64), address_of(at(b, 0), 64));
        // Truncated to 32 bits, the object is lost: no object is there.
        let low = address_of(at(b, 8), 64).unwrap() as u32;
        assert_eq!(pointer_at(i128::from(low), &mem, 64), Ok(Pointer::from_addr(8, 64)));
        // Beyond the last object, and an address given as a negative integer.
        let far = pointer_at(1 << 40, &mem, 64).unwrap();
        assert!(far.obj.is_none());
        assert!(pointer_at(-1, &mem, 64).unwrap().obj.is_none());
        // Pointers into no object keep their address.
        assert_eq!(address_of(Pointer::from_addr(12, 64), 64), Ok(12));
        assert!(address_of(at(a, 0), 32).is_err());
    }
}
