//! Values as SMT terms, and the meaning of every integer operation under each [`Semantics`].
//!
//! This is the checker's own reading of `leapfrog_arith` (it shares no code with the engines'
//! encodings, on purpose):
//! * [`Semantics::Default`]: an integer is an SMT `Int`. Unsigned results wrap modulo 2^n; signed
//!   results are mathematical (an out-of-range value is carried on, never cut); conversions
//!   ([`IntTy::convert`]) wrap in two's complement; `_Bool` is `v != 0`. Each term carries a
//!   static interval of its possible values, so that a wrap or a conversion whose operand
//!   provably fits costs nothing.
//! * [`Semantics::BitPrecise`]: an integer is a bit-vector of its type's width (`_Bool`: 8 bits
//!   holding 0 or 1); everything wraps; comparisons and divisions pick their signed or unsigned
//!   variant from the type.
//!
//! Undefined behaviour (division by zero, invalid shift counts, `MIN / -1`, signed overflow under
//! the default semantics) yields a fresh value where the result would otherwise be meaningless,
//! and adds a *definedness* condition that counterexample search requires (so that a
//! counterexample never relies on an execution the interpreter stops).

use crate::Unsupported;
use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp};
use leapfrog_ir::VarId;
use std::collections::BTreeSet;
use z3::ast::{BV, Bool, Int};

/// A static interval of the values an integer term may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    pub lo: i128,
    pub hi: i128,
}

impl Range {
    pub fn of(ty: IntTy) -> Range {
        Range { lo: ty.min(), hi: ty.max() }
    }

    pub fn point(v: i128) -> Range {
        Range { lo: v, hi: v }
    }

    pub fn within(self, other: Range) -> bool {
        other.lo <= self.lo && self.hi <= other.hi
    }

    pub fn union(a: Option<Range>, b: Option<Range>) -> Option<Range> {
        let (a, b) = (a?, b?);
        Some(Range { lo: a.lo.min(b.lo), hi: a.hi.max(b.hi) })
    }

    fn add(a: Option<Range>, b: Option<Range>) -> Option<Range> {
        let (a, b) = (a?, b?);
        Some(Range { lo: a.lo.checked_add(b.lo)?, hi: a.hi.checked_add(b.hi)? })
    }

    fn sub(a: Option<Range>, b: Option<Range>) -> Option<Range> {
        let (a, b) = (a?, b?);
        Some(Range { lo: a.lo.checked_sub(b.hi)?, hi: a.hi.checked_sub(b.lo)? })
    }

    fn mul(a: Option<Range>, b: Option<Range>) -> Option<Range> {
        let (a, b) = (a?, b?);
        let products =
            [a.lo.checked_mul(b.lo)?, a.lo.checked_mul(b.hi)?, a.hi.checked_mul(b.lo)?, a.hi.checked_mul(b.hi)?];
        Some(Range { lo: *products.iter().min()?, hi: *products.iter().max()? })
    }

    fn neg(a: Option<Range>) -> Option<Range> {
        let a = a?;
        Some(Range { lo: a.hi.checked_neg()?, hi: a.lo.checked_neg()? })
    }

    /// The interval of `x` shifted by `s`.
    fn shift(a: Option<Range>, s: i128) -> Option<Range> {
        let a = a?;
        Some(Range { lo: a.lo.checked_add(s)?, hi: a.hi.checked_add(s)? })
    }

    fn constant(r: Option<Range>) -> Option<i128> {
        r.filter(|r| r.lo == r.hi).map(|r| r.lo)
    }
}

/// An integer term: a mathematical integer with its interval, or a bit-vector.
#[derive(Clone, Debug)]
pub(crate) enum Num {
    Math(Int, Option<Range>),
    Bits(BV),
}

/// An integer value of a type.
#[derive(Clone, Debug)]
pub(crate) struct IntVal {
    pub ty: IntTy,
    pub num: Num,
}

/// The objects a pointer may point into, statically.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Targets {
    /// Modelled objects it may point into (besides no object at all: null or an invalid address).
    pub objs: BTreeSet<VarId>,
    /// It may point into any modelled object.
    pub all: bool,
    /// It may point into memory the checker does not model (the heap, an extern function's).
    pub other: bool,
}

impl Targets {
    pub fn one(v: VarId) -> Targets {
        Targets { objs: BTreeSet::from([v]), all: false, other: false }
    }

    pub fn none() -> Targets {
        Targets { objs: BTreeSet::new(), all: false, other: false }
    }

    pub fn any() -> Targets {
        Targets { objs: BTreeSet::new(), all: true, other: true }
    }

    pub fn union(&self, other: &Targets) -> Targets {
        Targets {
            objs: self.objs.union(&other.objs).copied().collect(),
            all: self.all || other.all,
            other: self.other || other.other,
        }
    }
}

/// A pointer: an object id (0: no object) and a byte offset, as the interpreter has them. The
/// offset is an `i64` (`i32` under ILP32) wrapped like the machine's address arithmetic.
#[derive(Clone, Debug)]
pub(crate) struct PtrVal {
    pub obj: Int,
    pub off: Num,
    /// What `obj` may be, statically.
    pub targets: Targets,
    /// The offset is a multiple of this (a power of two, at most [`MAX_ALIGN`]).
    pub align: u64,
}

pub(crate) const MAX_ALIGN: u64 = 1 << 12;

/// A register value.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A condition (`Type::Bool`).
    Cond(Bool),
    Int(IntVal),
    Ptr(PtrVal),
    /// A floating-point value: carried, never inspected, so it needs no term.
    Float,
}

impl Val {
    pub fn describe(&self) -> &'static str {
        match self {
            Val::Cond(_) => "a condition",
            Val::Int(_) => "an integer",
            Val::Ptr(_) => "a pointer",
            Val::Float => "a floating-point value",
        }
    }

    pub fn cond(self) -> Result<Bool, Unsupported> {
        match self {
            Val::Cond(b) => Ok(b),
            other => Err(Unsupported(format!("ill-typed IR: {} used as a condition", other.describe()))),
        }
    }

    pub fn int(self) -> Result<IntVal, Unsupported> {
        match self {
            Val::Int(i) => Ok(i),
            other => Err(Unsupported(format!("ill-typed IR: {} used as an integer", other.describe()))),
        }
    }

    pub fn ptr(self) -> Result<PtrVal, Unsupported> {
        match self {
            Val::Ptr(p) => Ok(p),
            other => Err(Unsupported(format!("ill-typed IR: {} used as a pointer", other.describe()))),
        }
    }

    /// Whether two values are the same term (Z3 hash-conses terms).
    pub fn same(&self, other: &Val) -> bool {
        match (self, other) {
            (Val::Cond(a), Val::Cond(b)) => a == b,
            (Val::Int(a), Val::Int(b)) => a.ty == b.ty && a.num.same(&b.num),
            (Val::Ptr(a), Val::Ptr(b)) => a.obj == b.obj && a.off.same(&b.off) && a.targets == b.targets,
            (Val::Float, Val::Float) => true,
            _ => false,
        }
    }

    /// `if c then a else b`.
    pub fn ite(c: &Bool, a: &Val, b: &Val) -> Result<Val, Unsupported> {
        Ok(match (a, b) {
            (Val::Cond(x), Val::Cond(y)) => Val::Cond(c.ite(x, y)),
            (Val::Int(x), Val::Int(y)) if x.ty == y.ty => {
                Val::Int(IntVal { ty: x.ty, num: Num::ite(c, &x.num, &y.num)? })
            }
            (Val::Ptr(x), Val::Ptr(y)) => Val::Ptr(PtrVal {
                obj: c.ite(&x.obj, &y.obj),
                off: Num::ite(c, &x.off, &y.off)?,
                targets: x.targets.union(&y.targets),
                align: x.align.min(y.align),
            }),
            (Val::Float, Val::Float) => Val::Float,
            _ => return Err(Unsupported("values of different kinds meet at a join".into())),
        })
    }
}

impl Num {
    pub fn same(&self, other: &Num) -> bool {
        match (self, other) {
            (Num::Math(a, _), Num::Math(b, _)) => a == b,
            (Num::Bits(a), Num::Bits(b)) => a == b,
            _ => false,
        }
    }

    pub fn ite(c: &Bool, a: &Num, b: &Num) -> Result<Num, Unsupported> {
        match (a, b) {
            (Num::Math(x, rx), Num::Math(y, ry)) => Ok(Num::Math(c.ite(x, y), Range::union(*rx, *ry))),
            (Num::Bits(x), Num::Bits(y)) if x.get_size() == y.get_size() => Ok(Num::Bits(c.ite(x, y))),
            _ => Err(Unsupported("integer terms of different sorts meet at a join".into())),
        }
    }

    pub fn eq(&self, other: &Num) -> Result<Bool, Unsupported> {
        match (self, other) {
            (Num::Math(x, _), Num::Math(y, _)) => Ok(x.eq(y)),
            (Num::Bits(x), Num::Bits(y)) if x.get_size() == y.get_size() => Ok(x.eq(y)),
            _ => Err(Unsupported("comparison of integer terms of different sorts".into())),
        }
    }
}

/// `x & c` for a value `x` of `ty` (in range) and a constant mask `c` with at most four runs of
/// one bits, in linear integer arithmetic: `x mod 2^k` is the low `k` bits of `x`'s two's
/// complement, so the run of bits `[lo, hi)` is `x mod 2^hi - x mod 2^lo`, and a run that ends
/// at the type's top bit is `x - x mod 2^lo` (which keeps the sign bit's negative weight).
fn masked_by_constant(x: &Int, c: i128, ty: IntTy) -> Option<Num> {
    let n = ty.bits();
    let pattern = c.rem_euclid(1i128 << n);
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for bit in 0..n {
        if pattern >> bit & 1 == 0 {
            continue;
        }
        match runs.last_mut() {
            Some((_, end)) if *end == bit => *end = bit + 1,
            _ => runs.push((bit, bit + 1)),
        }
    }
    if runs.is_empty() || runs.len() > 4 {
        return None;
    }
    let low_bits = |k: u32| if k == 0 { int_const(0) } else { x.modulo(int_const(1i128 << k)) };
    let terms: Vec<Int> =
        runs.iter().map(|&(lo, hi)| if hi == n { x - low_bits(lo) } else { low_bits(hi) - low_bits(lo) }).collect();
    let term = Int::add(&terms.iter().collect::<Vec<_>>());
    // Without the sign bit the result is between 0 and the mask.
    let range = if runs.last().is_some_and(|&(_, hi)| hi == n) { Range::of(ty) } else { Range { lo: 0, hi: pattern } };
    Some(Num::Math(term, Some(range)))
}

impl IntVal {
    /// Whether the value is known (by its static range) to be in `[0, bound)`.
    pub fn known_below(&self, bound: i128) -> bool {
        matches!(&self.num, Num::Math(_, Some(r)) if r.within(Range { lo: 0, hi: bound - 1 }))
    }

    /// The constant value, if the term is one.
    pub fn constant(&self) -> Option<i128> {
        match &self.num {
            Num::Math(t, r) => Range::constant(*r).or_else(|| t.as_i128()),
            Num::Bits(b) => b.as_u64().map(|u| self.ty.convert(i128::from(u))),
        }
    }
}

pub(crate) fn int_const(v: i128) -> Int {
    Int::from_i128(v)
}

fn bv_const(v: i128, bits: u32) -> BV {
    let mask: i128 = if bits >= 64 { u64::MAX as i128 } else { (1i128 << bits) - 1 };
    BV::from_u64((v & mask) as u64, bits)
}

/// The width of a type's bit-vector (`_Bool`: 8).
pub(crate) fn width(ty: IntTy) -> u32 {
    ty.bits()
}

/// Builds terms under one semantics, and creates fresh values (whose range constraints it
/// collects for the caller to assert).
pub(crate) struct Arith {
    pub sem: Semantics,
    /// Integers are bit-vectors: always under [`Semantics::BitPrecise`]; under
    /// [`Semantics::Default`] when signed overflow is only a definedness condition (counterexample
    /// search, where paths with undefined behaviour are excluded, so that the two agree).
    bits: bool,
    /// Width of pointers (offsets wrap to it).
    pub ptr_bits: u32,
    /// Facts about fresh values (their ranges), always true, for the solver.
    pub facts: Vec<Bool>,
    counter: u64,
    /// Encode bitwise operations of mathematical integers exactly (through bit-vectors, which
    /// Z3 handles slowly) rather than as fresh values.
    pub exact_bitwise: bool,
    /// Some bitwise operation was over-approximated.
    pub bitwise_approximated: bool,
    /// Signed overflow is not undefined behaviour (recurrent sets under the default semantics,
    /// whose signed integers are mathematical): no definedness condition is added for it.
    pub overflow_defined: bool,
}

/// Definedness conditions collected while building a term (see the module documentation).
#[derive(Default)]
pub(crate) struct Defined {
    pub conds: Vec<Bool>,
}

impl Defined {
    pub fn push(&mut self, b: Bool) {
        self.conds.push(b);
    }

    pub fn all(&self) -> Bool {
        if self.conds.is_empty() { Bool::from_bool(true) } else { Bool::and(&self.conds) }
    }
}

impl Arith {
    /// `machine`: encode with bit-vectors even under the default semantics, where signed
    /// overflow is then only undefined behaviour (a definedness condition).
    pub fn new(sem: Semantics, ptr_bits: u32, machine: bool) -> Arith {
        let bits = machine || sem == Semantics::BitPrecise;
        Arith {
            sem,
            bits,
            ptr_bits,
            facts: Vec::new(),
            counter: 0,
            exact_bitwise: true,
            bitwise_approximated: false,
            overflow_defined: false,
        }
    }

    pub fn name(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}!{}", self.counter)
    }

    pub fn math(&self) -> bool {
        !self.bits
    }

    /// Whether signed overflow is undefined (the default semantics).
    fn overflow_ub(&self) -> bool {
        self.sem == Semantics::Default && !self.overflow_defined
    }

    pub fn constant(&self, v: i128, ty: IntTy) -> IntVal {
        let num = if self.math() {
            Num::Math(int_const(v), Some(Range::point(v)))
        } else {
            Num::Bits(bv_const(v, width(ty)))
        };
        IntVal { ty, num }
    }

    /// A fresh value of `ty`: in the type's range when `in_range` (always for unsigned types and
    /// `_Bool`, whose values wrap into range; a signed value may be out of range under the
    /// default semantics when it is the result of unbounded arithmetic).
    pub fn fresh_int(&mut self, ty: IntTy, in_range: bool, prefix: &str) -> IntVal {
        let name = self.name(prefix);
        if self.math() {
            let t = Int::new_const(name);
            let bounded = in_range || !ty.is_signed();
            if bounded {
                self.facts.push(Bool::and(&[t.ge(int_const(ty.min())), t.le(int_const(ty.max()))]));
            }
            let range = if bounded { Some(Range::of(ty)) } else { None };
            IntVal { ty, num: Num::Math(t, range) }
        } else {
            let t = BV::new_const(name, width(ty));
            if ty.is_bool() {
                self.facts.push(t.bvule(bv_const(1, 8)));
            }
            IntVal { ty, num: Num::Bits(t) }
        }
    }

    /// A fresh mathematical integer in `ty`'s range.
    fn fresh_math(&mut self, ty: IntTy, prefix: &str) -> Int {
        let t = Int::new_const(self.name(prefix));
        self.facts.push(Bool::and(&[t.ge(int_const(ty.min())), t.le(int_const(ty.max()))]));
        t
    }

    /// A fresh bit-vector of `ty`'s width.
    fn fresh_bits(&mut self, ty: IntTy, prefix: &str) -> BV {
        BV::new_const(self.name(prefix), width(ty))
    }

    pub fn fresh_cond(&mut self, prefix: &str) -> Bool {
        let name = self.name(prefix);
        Bool::new_const(name)
    }

    /// A fresh pointer offset.
    pub fn fresh_offset(&mut self, prefix: &str) -> Num {
        let name = self.name(prefix);
        if self.math() {
            let ty = self.offset_type();
            let t = Int::new_const(name);
            self.facts.push(Bool::and(&[t.ge(int_const(ty.min())), t.le(int_const(ty.max()))]));
            Num::Math(t, Some(Range::of(ty)))
        } else {
            Num::Bits(BV::new_const(name, self.ptr_bits))
        }
    }

    /// The integer type pointer offsets wrap to.
    pub fn offset_type(&self) -> IntTy {
        if self.ptr_bits == 32 { IntTy::I32 } else { IntTy::I64 }
    }

    pub fn offset_const(&self, v: i128) -> Num {
        let ty = self.offset_type();
        self.constant(ty.convert(v), ty).num
    }

    // --- Conversions.

    /// `IntTy::convert` of a mathematical integer with the interval `r`.
    fn wrap_math(&self, ty: IntTy, x: Int, r: Option<Range>) -> (Int, Option<Range>) {
        let tr = Range::of(ty);
        if let Some(r) = r {
            if r.within(tr) {
                return (x, Some(r));
            }
            if r.lo == r.hi {
                let v = ty.convert(r.lo);
                return (int_const(v), Some(Range::point(v)));
            }
        }
        if ty.is_bool() {
            let one = x.eq(int_const(0)).ite(&int_const(0), &int_const(1));
            return (one, Some(tr));
        }
        let m = 1i128 << ty.bits();
        if let Some(r) = r
            && r.lo >= tr.lo - m
            && r.hi <= tr.hi + m
        {
            // One fold brings every possible value into range.
            let mut y = x.clone();
            if r.lo < tr.lo {
                let up = &x + int_const(m);
                y = if r.hi < tr.lo { up } else { x.lt(int_const(tr.lo)).ite(&up, &y) };
            }
            if r.hi > tr.hi {
                let down = &x - int_const(m);
                y = if r.lo > tr.hi { down } else { x.gt(int_const(tr.hi)).ite(&down, &y) };
            }
            return (y, Some(tr));
        }
        // ((x - min) mod 2^n) + min
        let shifted = if tr.lo == 0 { x } else { &x - int_const(tr.lo) };
        let m_term = int_const(m);
        let folded = shifted.modulo(&m_term);
        let y = if tr.lo == 0 { folded } else { folded + int_const(tr.lo) };
        (y, Some(tr))
    }

    /// `v` as the bytes of a `ty` in memory hold it: always a value of the type (a mathematical
    /// value out of the range wraps, as [`Arith::convert`] would not for a signed widening).
    pub fn to_stored(&self, ty: IntTy, v: &IntVal) -> IntVal {
        match &v.num {
            Num::Math(x, r) => {
                let (t, r) = self.wrap_math(ty, x.clone(), *r);
                IntVal { ty, num: Num::Math(t, r) }
            }
            Num::Bits(_) => self.convert(ty, v),
        }
    }

    /// The value `v` (of any integer type) converted to `ty`, as C converts.
    pub fn convert(&self, ty: IntTy, v: &IntVal) -> IntVal {
        match &v.num {
            // A signed value widened to a signed type keeps its value: also a mathematical
            // integer without a known range (an arbitrary state's, or one of a recurrent set under
            // the default semantics, where signed integers do not wrap), which a wrap would lose.
            Num::Math(x, r) if v.ty.is_signed() && ty.is_signed() && ty.bits() >= v.ty.bits() => {
                IntVal { ty, num: Num::Math(x.clone(), *r) }
            }
            Num::Math(x, r) => {
                let (t, r) = self.wrap_math(ty, x.clone(), *r);
                IntVal { ty, num: Num::Math(t, r) }
            }
            Num::Bits(b) => IntVal { ty, num: Num::Bits(self.resize(b, v.ty, ty)) },
        }
    }

    /// The bit-vector of type `from` converted to type `to`.
    fn resize(&self, b: &BV, from: IntTy, to: IntTy) -> BV {
        if to.is_bool() {
            return b.eq(bv_const(0, b.get_size())).ite(&bv_const(0, 8), &bv_const(1, 8));
        }
        let (w, n) = (b.get_size(), width(to));
        match w.cmp(&n) {
            std::cmp::Ordering::Equal => b.clone(),
            std::cmp::Ordering::Greater => b.extract(n - 1, 0),
            std::cmp::Ordering::Less if from.is_signed() => b.sign_ext(n - w),
            std::cmp::Ordering::Less => b.zero_ext(n - w),
        }
    }

    /// A condition as an integer of `ty` (0 or 1).
    pub fn cond_to_int(&self, c: &Bool, ty: IntTy) -> IntVal {
        let num = if self.math() {
            Num::Math(c.ite(&int_const(1), &int_const(0)), Some(Range { lo: 0, hi: 1 }))
        } else {
            Num::Bits(c.ite(&bv_const(1, width(ty)), &bv_const(0, width(ty))))
        };
        IntVal { ty, num }
    }

    /// The integer's value as a mathematical integer (bit-vectors read by their type's
    /// signedness).
    pub fn to_math(&self, v: &IntVal) -> (Int, Option<Range>) {
        match &v.num {
            Num::Math(x, r) => (x.clone(), *r),
            Num::Bits(b) => (Int::from_bv(b, v.ty.is_signed()), Some(Range::of(v.ty))),
        }
    }

    /// A pointer offset (`i64`/`i32`, wrapped) moved by `n * scale` bytes; `n` has any integer
    /// type.
    pub fn offset_add(&self, off: &Num, n: &IntVal, scale: u64) -> Num {
        let oty = self.offset_type();
        match off {
            Num::Math(o, ro) => {
                let (x, rx) = self.to_math(n);
                let s = i128::from(scale);
                let prod = if scale == 1 { x } else { x * int_const(s) };
                let rp = Range::mul(rx, Some(Range::point(s)));
                let sum = o + &prod;
                let (t, r) = self.wrap_math(oty, sum, Range::add(*ro, rp));
                Num::Math(t, r)
            }
            Num::Bits(o) => {
                let nb = match &n.num {
                    Num::Bits(b) => self.resize(b, n.ty, oty),
                    Num::Math(x, _) => BV::from_int(x, self.ptr_bits),
                };
                let prod = if scale == 1 { nb } else { nb.bvmul(bv_const(i128::from(scale), self.ptr_bits)) };
                Num::Bits(o.bvadd(&prod))
            }
        }
    }

    // --- Operations.

    /// `op a` in `a.ty`.
    pub fn unop(&mut self, op: UnOp, a: &IntVal, def: &mut Defined) -> IntVal {
        let ty = a.ty;
        let num = match &a.num {
            Num::Math(x, r) => match op {
                UnOp::Neg => self.finish_math(ty, -x, Range::neg(*r), def),
                UnOp::BitNot => {
                    let (t, r) = self.wrap_math(ty, -x - int_const(1), Range::shift(Range::neg(*r), -1));
                    Num::Math(t, r)
                }
            },
            Num::Bits(b) => {
                let r = match op {
                    UnOp::Neg => {
                        if ty.is_signed() && self.overflow_ub() {
                            def.push(b.bvneg_no_overflow());
                        }
                        b.bvneg()
                    }
                    UnOp::BitNot => b.bvnot(),
                };
                Num::Bits(if ty.is_bool() { self.resize(&r, ty, ty) } else { r })
            }
        };
        IntVal { ty, num }
    }

    /// A signed result is kept as it is (mathematical; out of range is undefined behaviour, which
    /// counterexamples avoid); an unsigned one wraps.
    fn finish_math(&mut self, ty: IntTy, exact: Int, r: Option<Range>, def: &mut Defined) -> Num {
        if ty.is_signed() {
            if !self.overflow_defined && !r.is_some_and(|r| r.within(Range::of(ty))) {
                def.push(Bool::and(&[exact.ge(int_const(ty.min())), exact.le(int_const(ty.max()))]));
            }
            Num::Math(exact, r)
        } else {
            let (t, r) = self.wrap_math(ty, exact, r);
            Num::Math(t, r)
        }
    }

    /// `a op b` in `ty`; `b` has `ty` too except for shifts.
    pub fn binop(
        &mut self,
        op: BinOp,
        ty: IntTy,
        a: &IntVal,
        b: &IntVal,
        def: &mut Defined,
    ) -> Result<IntVal, Unsupported> {
        if ty.is_bool() {
            return Err(Unsupported("arithmetic in _Bool".into()));
        }
        if a.ty != ty || (!op.is_shift() && b.ty != ty) {
            return Err(Unsupported(format!("ill-typed IR: operands of {} are not of type {ty}", op.name())));
        }
        let num = match (&a.num, &b.num) {
            (Num::Math(x, rx), Num::Math(y, ry)) => self.binop_math(op, ty, (x, *rx), (y, *ry), def),
            (Num::Bits(x), Num::Bits(y)) => self.binop_bits(op, ty, x, (y, b.ty), def),
            _ => return Err(Unsupported("integer terms of different sorts".into())),
        };
        Ok(IntVal { ty, num })
    }

    fn binop_math(
        &mut self,
        op: BinOp,
        ty: IntTy,
        (x, rx): (&Int, Option<Range>),
        (y, ry): (&Int, Option<Range>),
        def: &mut Defined,
    ) -> Num {
        match op {
            BinOp::Add => self.finish_math(ty, x + y, Range::add(rx, ry), def),
            BinOp::Sub => self.finish_math(ty, x - y, Range::sub(rx, ry), def),
            BinOp::Mul => self.finish_math(ty, x * y, Range::mul(rx, ry), def),
            BinOp::Div | BinOp::Rem => {
                let nonzero = ry.is_some_and(|r| r.lo > 0 || r.hi < 0);
                let mut defined = vec![];
                if !nonzero {
                    defined.push(y.eq(int_const(0)).not());
                }
                if ty.is_signed() && !self.overflow_defined {
                    let min_neg = rx.is_none_or(|r| r.lo <= ty.min()) && ry.is_none_or(|r| r.lo <= -1 && -1 <= r.hi);
                    if min_neg {
                        defined.push(Bool::and(&[x.eq(int_const(ty.min())), y.eq(int_const(-1))]).not());
                    }
                }
                let (q, r) = truncating_div(x, y, rx, ry);
                let (exact, range) = if op == BinOp::Div {
                    let bound = rx.map(|r| r.lo.unsigned_abs().max(r.hi.unsigned_abs()));
                    let range = bound.and_then(|m| i128::try_from(m).ok()).map(|m| {
                        if rx.is_some_and(|r| r.lo >= 0) && ry.is_some_and(|r| r.lo >= 0) {
                            Range { lo: 0, hi: m }
                        } else {
                            Range { lo: -m, hi: m }
                        }
                    });
                    (q, range)
                } else {
                    (r, rx.map(|r| Range { lo: r.lo.min(0), hi: r.hi.max(0) }))
                };
                let result = if nonzero {
                    exact
                } else {
                    let f = self.fresh_math(ty, "div0");
                    y.eq(int_const(0)).ite(&f, &exact)
                };
                let range = if nonzero { range } else { Range::union(range, Some(Range::of(ty))) };
                def.conds.extend(defined);
                // A quotient needs no wrap for operands in range; MIN / -1 is undefined.
                if ty.is_signed() {
                    Num::Math(result, range)
                } else {
                    let (t, r) = self.wrap_math(ty, result, range);
                    Num::Math(t, r)
                }
            }
            BinOp::Shl | BinOp::Shr => self.shift_math(op, ty, (x, rx), (y, ry), def),
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => self.bitwise_math(op, ty, (x, rx), (y, ry)),
        }
    }

    fn shift_math(
        &mut self,
        op: BinOp,
        ty: IntTy,
        (x, rx): (&Int, Option<Range>),
        (y, ry): (&Int, Option<Range>),
        def: &mut Defined,
    ) -> Num {
        let bits = i128::from(ty.bits());
        let counts: Vec<i128> = match ry {
            Some(r) => (r.lo.max(0)..=r.hi.min(bits - 1)).collect(),
            None => (0..bits).collect(),
        };
        let all_valid = ry.is_some_and(|r| r.lo >= 0 && r.hi < bits);
        if !all_valid {
            def.push(Bool::and(&[y.ge(int_const(0)), y.lt(int_const(bits))]));
        }
        let shifted = |k: i128| -> (Int, Option<Range>) {
            let p = 1i128 << k;
            match op {
                BinOp::Shl => {
                    (if k == 0 { x.clone() } else { x * int_const(p) }, Range::mul(rx, Some(Range::point(p))))
                }
                _ => {
                    let r = rx.map(|r| Range { lo: r.lo >> k, hi: r.hi >> k });
                    (if k == 0 { x.clone() } else { x.div(int_const(p)) }, r)
                }
            }
        };
        // Out-of-range counts are undefined: a fresh value.
        let (mut term, mut range) = if all_valid {
            let k = *counts.last().unwrap_or(&0);
            shifted(k)
        } else {
            (self.fresh_math(ty, "shift"), Some(Range::of(ty)))
        };
        let skip_last = usize::from(all_valid);
        for &k in counts.iter().rev().skip(skip_last) {
            let (t, r) = shifted(k);
            term = y.eq(int_const(k)).ite(&t, &term);
            range = Range::union(range, r);
        }
        match op {
            BinOp::Shl => self.finish_math(ty, term, range, def),
            _ => Num::Math(term, range),
        }
    }

    fn bitwise_math(
        &mut self,
        op: BinOp,
        ty: IntTy,
        (x, rx): (&Int, Option<Range>),
        (y, ry): (&Int, Option<Range>),
    ) -> Num {
        let cx = Range::constant(rx);
        let cy = Range::constant(ry);
        // Cheap exact cases with a constant operand.
        let (var, var_r, c) = match (cx, cy) {
            (_, Some(c)) => (x, rx, Some(c)),
            (Some(c), _) => (y, ry, Some(c)),
            _ => (x, rx, None),
        };
        if let Some(c) = c {
            let identity = match op {
                BinOp::BitAnd => c == -1 || (!ty.is_signed() && c == ty.max()),
                _ => c == 0,
            };
            if identity {
                let (t, r) = self.wrap_math(ty, var.clone(), var_r);
                return Num::Math(t, r);
            }
            if op == BinOp::BitAnd && c == 0 {
                return Num::Math(int_const(0), Some(Range::point(0)));
            }
            if op == BinOp::BitAnd && c > 0 && (c + 1) & c == 0 {
                // x & (2^k - 1) is x mod 2^k for every integer x (two's complement).
                return Num::Math(var.modulo(int_const(c + 1)), Some(Range { lo: 0, hi: c }));
            }
            if op == BinOp::BitAnd
                && let Some(masked) = masked_by_constant(var, c, ty)
            {
                return masked;
            }
        }
        if !self.exact_bitwise {
            // Z3 is slow on int2bv/bv2int: a fresh value in range, with what monotonicity gives.
            self.bitwise_approximated = true;
            let r = self.fresh_math(ty, "bitop");
            // Operands known to be non-negative values of the type (their bits above the
            // type's width are zero, and no conversion changes them).
            let nonneg = |rr: Option<Range>| rr.is_some_and(|rr| rr.within(Range { lo: 0, hi: ty.max() }));
            match op {
                BinOp::BitAnd if nonneg(rx) || nonneg(ry) => {
                    self.facts.push(r.ge(int_const(0)));
                    for (v, rv) in [(x, rx), (y, ry)] {
                        if nonneg(rv) {
                            self.facts.push(r.le(v));
                        }
                    }
                }
                BinOp::BitOr if nonneg(rx) && nonneg(ry) => {
                    self.facts.push(r.ge(x));
                    self.facts.push(r.ge(y));
                }
                _ => {}
            }
            return Num::Math(r, Some(Range::of(ty)));
        }
        let n = ty.bits();
        let (bx, by) = (BV::from_int(x, n), BV::from_int(y, n));
        let r = match op {
            BinOp::BitAnd => bx.bvand(&by),
            BinOp::BitOr => bx.bvor(&by),
            _ => bx.bvxor(&by),
        };
        Num::Math(Int::from_bv(&r, ty.is_signed()), Some(Range::of(ty)))
    }

    fn binop_bits(&mut self, op: BinOp, ty: IntTy, x: &BV, (y, yty): (&BV, IntTy), def: &mut Defined) -> Num {
        let n = width(ty);
        let signed = ty.is_signed();
        let zero = bv_const(0, n);
        let checked = signed && self.overflow_ub();
        match op {
            BinOp::Add => {
                if checked {
                    def.push(Bool::and(&[x.bvadd_no_overflow(y, true), x.bvadd_no_underflow(y)]));
                }
                Num::Bits(x.bvadd(y))
            }
            BinOp::Sub => {
                if checked {
                    def.push(Bool::and(&[x.bvsub_no_overflow(y), x.bvsub_no_underflow(y, true)]));
                }
                Num::Bits(x.bvsub(y))
            }
            BinOp::Mul => {
                if checked {
                    def.push(Bool::and(&[x.bvmul_no_overflow(y, true), x.bvmul_no_underflow(y)]));
                }
                Num::Bits(x.bvmul(y))
            }
            BinOp::Div | BinOp::Rem => {
                let is_zero = y.eq(&zero);
                let mut defined = vec![is_zero.not()];
                if signed {
                    defined.push(Bool::and(&[x.eq(bv_const(ty.min(), n)), y.eq(bv_const(-1, n))]).not());
                }
                def.push(Bool::and(&defined));
                let exact = match (op, signed) {
                    (BinOp::Div, true) => x.bvsdiv(y),
                    (BinOp::Div, false) => x.bvudiv(y),
                    (_, true) => x.bvsrem(y),
                    (_, false) => x.bvurem(y),
                };
                let f = self.fresh_bits(ty, "div0");
                Num::Bits(is_zero.ite(&f, &exact))
            }
            BinOp::Shl | BinOp::Shr => {
                // The count, in its own type, must lie in [0, n).
                let cw = y.get_size();
                let count_ok = {
                    let below = if cw > 8 || (1u64 << cw) > u64::from(n) {
                        if yty.is_signed() {
                            y.bvslt(bv_const(i128::from(n), cw))
                        } else {
                            y.bvult(bv_const(i128::from(n), cw))
                        }
                    } else {
                        Bool::from_bool(true)
                    };
                    let nonneg = if yty.is_signed() { y.bvsge(bv_const(0, cw)) } else { Bool::from_bool(true) };
                    Bool::and(&[nonneg, below])
                };
                def.push(count_ok.clone());
                let count = self.resize(y, yty.to_unsigned(), ty.to_unsigned());
                let exact = match (op, signed) {
                    (BinOp::Shl, _) => x.bvshl(&count),
                    (_, true) => x.bvashr(&count),
                    (_, false) => x.bvlshr(&count),
                };
                if op == BinOp::Shl && checked {
                    // x * 2^count is in range iff shifting back restores x.
                    def.push(exact.bvashr(&count).eq(x));
                }
                let f = self.fresh_bits(ty, "shift");
                Num::Bits(count_ok.ite(&exact, &f))
            }
            BinOp::BitAnd => Num::Bits(x.bvand(y)),
            BinOp::BitOr => Num::Bits(x.bvor(y)),
            BinOp::BitXor => Num::Bits(x.bvxor(y)),
        }
    }

    /// `a op b` for integers of one type.
    pub fn compare(&self, op: CmpOp, a: &IntVal, b: &IntVal) -> Result<Bool, Unsupported> {
        if a.ty != b.ty {
            return Err(Unsupported(format!("ill-typed IR: comparison of {} with {}", a.ty, b.ty)));
        }
        Ok(match (&a.num, &b.num) {
            (Num::Math(x, _), Num::Math(y, _)) => match op {
                CmpOp::Eq => x.eq(y),
                CmpOp::Ne => x.eq(y).not(),
                CmpOp::Lt => x.lt(y),
                CmpOp::Le => x.le(y),
                CmpOp::Gt => x.gt(y),
                CmpOp::Ge => x.ge(y),
            },
            (Num::Bits(x), Num::Bits(y)) => compare_bits(op, x, y, a.ty.is_signed()),
            _ => return Err(Unsupported("integer terms of different sorts".into())),
        })
    }

    /// Pointer offsets compared as the signed machine addresses they are.
    pub fn compare_offsets(&self, op: CmpOp, a: &Num, b: &Num) -> Result<Bool, Unsupported> {
        let ty = self.offset_type();
        self.compare(op, &IntVal { ty, num: a.clone() }, &IntVal { ty, num: b.clone() })
    }

    /// `(a - b) / scale` converted to `ty`, for offsets of one object.
    pub fn offset_diff(&self, a: &Num, b: &Num, scale: u64, ty: IntTy) -> Result<IntVal, Unsupported> {
        match (a, b) {
            (Num::Math(x, rx), Num::Math(y, ry)) => {
                let s = i128::from(scale);
                let d = x - y;
                let rd = Range::sub(*rx, *ry);
                let (q, _) = truncating_div(&d, &int_const(s), rd, Some(Range::point(s)));
                let rq = rd.map(|r| Range { lo: r.lo / s, hi: r.hi / s });
                let (t, r) = self.wrap_math(ty, q, rq);
                Ok(IntVal { ty, num: Num::Math(t, r) })
            }
            (Num::Bits(x), Num::Bits(y)) => {
                let w = x.get_size() + 1;
                let d = x.sign_ext(1).bvsub(y.sign_ext(1));
                let q = d.bvsdiv(bv_const(i128::from(scale), w));
                let from = IntTy::I64;
                let q = if w - 1 == 64 { q } else { q.sign_ext(64 - w) };
                // `q` has 64 or 65 bits; its low bits are what the conversion keeps.
                let q = if q.get_size() > 64 { q.extract(63, 0) } else { q };
                Ok(IntVal { ty, num: Num::Bits(self.resize(&q, from, ty)) })
            }
            _ => Err(Unsupported("pointer offsets of different sorts".into())),
        }
    }
}

fn compare_bits(op: CmpOp, x: &BV, y: &BV, signed: bool) -> Bool {
    match (op, signed) {
        (CmpOp::Eq, _) => x.eq(y),
        (CmpOp::Ne, _) => x.eq(y).not(),
        (CmpOp::Lt, true) => x.bvslt(y),
        (CmpOp::Lt, false) => x.bvult(y),
        (CmpOp::Le, true) => x.bvsle(y),
        (CmpOp::Le, false) => x.bvule(y),
        (CmpOp::Gt, true) => x.bvsgt(y),
        (CmpOp::Gt, false) => x.bvugt(y),
        (CmpOp::Ge, true) => x.bvsge(y),
        (CmpOp::Ge, false) => x.bvuge(y),
    }
}

/// C's truncating quotient and remainder from SMT's Euclidean `div` and `mod`.
fn truncating_div(x: &Int, y: &Int, rx: Option<Range>, ry: Option<Range>) -> (Int, Int) {
    let zero = int_const(0);
    let q_e = x.div(y);
    let r_e = x.modulo(y);
    if rx.is_some_and(|r| r.lo >= 0) {
        return (q_e, r_e);
    }
    // For a < 0 with a nonzero remainder, Euclid rounds away from zero (b > 0: down; b < 0: up).
    let adjust = Bool::and(&[x.lt(&zero), r_e.eq(&zero).not()]);
    let b_pos = ry.is_some_and(|r| r.lo > 0);
    let (q_adj, abs_b) = if b_pos {
        (&q_e + int_const(1), y.clone())
    } else {
        (y.gt(&zero).ite(&(&q_e + int_const(1)), &(&q_e - int_const(1))), y.ge(&zero).ite(y, &-y))
    };
    let q = adjust.ite(&q_adj, &q_e);
    let r = adjust.ite(&(&r_e - &abs_b), &r_e);
    (q, r)
}

#[cfg(test)]
mod tests {
    //! Every operation of the encodings against `leapfrog_arith` on concrete operands (the
    //! operands are solver variables fixed by equations, so that no constant folding hides the
    //! encoding).
    use super::*;
    use leapfrog_arith::{IntError, eval_binop, eval_unop};
    use leapfrog_smt::{Answer, QueryLimits, Solver};

    const MODES: [(Semantics, bool); 3] =
        [(Semantics::Default, false), (Semantics::Default, true), (Semantics::BitPrecise, false)];

    fn values(ty: IntTy) -> Vec<i128> {
        let mut v =
            vec![0, 1, 2, 3, 7, -1, -2, -7, 8, 31, 63, 100, -100, ty.min(), ty.max(), ty.min() + 1, ty.max() - 1];
        v.extend([1 << 7, 1 << 15, 1 << 31, (1 << 31) - 1, 1 << 32, 1 << 62]);
        let mut v: Vec<i128> = v.into_iter().filter(|x| ty.contains(*x)).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// A variable of `ty` fixed to `value` by `eqs`.
    fn var(a: &mut Arith, ty: IntTy, value: i128, eqs: &mut Vec<Bool>) -> IntVal {
        let v = a.fresh_int(ty, true, "x");
        let c = a.constant(value, ty);
        eqs.push(v.num.eq(&c.num).unwrap());
        v
    }

    fn read(m: &z3::Model, v: &IntVal) -> i128 {
        match &v.num {
            Num::Math(x, _) => m.eval(x, true).and_then(|x| x.as_i128()).unwrap(),
            Num::Bits(b) => v.ty.convert(i128::from(m.eval(b, true).and_then(|x| x.as_u64()).unwrap())),
        }
    }

    /// The value and definedness of `build`'s result with the equations `eqs`.
    fn evaluate(s: &Solver, a: &mut Arith, eqs: Vec<Bool>, r: &IntVal, def: &Defined) -> (i128, bool) {
        s.push();
        for f in a.facts.drain(..).chain(eqs) {
            s.assert(&f);
        }
        let out = match s.check(&[]) {
            Answer::Sat(m) => (read(&m, r), m.eval(&def.all(), true).and_then(|b| b.as_bool()).unwrap()),
            _ => panic!("the equations are satisfiable"),
        };
        s.pop();
        out
    }

    #[test]
    fn binary_operations_agree_with_arith() {
        let s = Solver::new(QueryLimits::default(), None);
        let mut cases = 0;
        for (sem, machine) in MODES {
            for ty in IntTy::ALL.into_iter().filter(|t| !t.is_bool()) {
                for op in BinOp::ALL {
                    let counts: Vec<(IntTy, i128)> = if op.is_shift() {
                        [IntTy::U8, IntTy::I32, IntTy::U64]
                            .iter()
                            .flat_map(|ct| [0, 1, 3, 7, 15, 31, 32, 63, 64, -1].map(|c| (*ct, c)))
                            .filter(|(ct, c)| ct.contains(*c))
                            .collect()
                    } else {
                        values(ty).into_iter().map(|b| (ty, b)).collect()
                    };
                    // A deterministic sample of the operand pairs (all of them take a minute).
                    let xs = values(ty);
                    let pairs: Vec<(i128, (IntTy, i128))> =
                        xs.iter().flat_map(|&x| counts.iter().map(move |&c| (x, c))).collect();
                    let step = (pairs.len() / 30).max(1);
                    let offset = cases % step;
                    for &(x, (bty, y)) in pairs.iter().skip(offset).step_by(step) {
                        {
                            let mut a = Arith::new(sem, 64, machine);
                            let mut eqs = Vec::new();
                            let vx = var(&mut a, ty, x, &mut eqs);
                            let vy = var(&mut a, bty, y, &mut eqs);
                            let mut def = Defined::default();
                            let r = a.binop(op, ty, &vx, &vy, &mut def).unwrap();
                            let (got, defined) = evaluate(&s, &mut a, eqs, &r, &def);
                            let want = eval_binop(op, ty, x, y, sem);
                            let ctx = format!("{sem:?} machine={machine} {x} {} {y} in {ty}", op.name());
                            match want {
                                Ok(w) => {
                                    assert_eq!(got, w, "{ctx}");
                                    assert!(defined, "{ctx}: defined");
                                }
                                Err(IntError::SignedOverflow)
                                    if !machine
                                        && sem == Semantics::Default
                                        && op != BinOp::Div
                                        && op != BinOp::Rem =>
                                {
                                    // Mathematical: the exact result, marked undefined.
                                    let exact = match op {
                                        BinOp::Add => x + y,
                                        BinOp::Sub => x - y,
                                        BinOp::Mul => x * y,
                                        BinOp::Shl => x << y,
                                        _ => unreachable!("{ctx}"),
                                    };
                                    assert_eq!(got, exact, "{ctx}");
                                    assert!(!defined, "{ctx}: undefined");
                                }
                                Err(_) => assert!(!defined, "{ctx}: undefined ({want:?})"),
                            }
                            cases += 1;
                        }
                    }
                }
            }
        }
        assert!(cases > 5_000, "{cases}");
    }

    #[test]
    fn unary_operations_and_conversions_agree_with_arith() {
        let s = Solver::new(QueryLimits::default(), None);
        for (sem, machine) in MODES {
            for ty in IntTy::ALL.into_iter().filter(|t| !t.is_bool()) {
                for &x in &values(ty) {
                    for op in [UnOp::Neg, UnOp::BitNot] {
                        let mut a = Arith::new(sem, 64, machine);
                        let mut eqs = Vec::new();
                        let vx = var(&mut a, ty, x, &mut eqs);
                        let mut def = Defined::default();
                        let r = a.unop(op, &vx, &mut def);
                        let (got, defined) = evaluate(&s, &mut a, eqs, &r, &def);
                        let ctx = format!("{sem:?} machine={machine} {} {x} in {ty}", op.name());
                        match eval_unop(op, ty, x, sem) {
                            Ok(w) => assert_eq!((got, defined), (w, true), "{ctx}"),
                            Err(_) if !machine && sem == Semantics::Default => {
                                assert_eq!((got, defined), (-x, false), "{ctx}")
                            }
                            Err(_) => assert!(!defined, "{ctx}"),
                        }
                    }
                    for to in IntTy::ALL {
                        let mut a = Arith::new(sem, 64, machine);
                        let mut eqs = Vec::new();
                        let vx = var(&mut a, ty, x, &mut eqs);
                        let r = a.convert(to, &vx);
                        let (got, _) = evaluate(&s, &mut a, eqs, &r, &Defined::default());
                        assert_eq!(got, to.convert(x), "{sem:?} ({to}) {x} from {ty}");
                    }
                }
            }
        }
    }

    #[test]
    fn division_by_a_value_of_unknown_range_may_be_division_by_zero() {
        // A signed value at a loop header (mathematical, no interval) can be 0.
        let s = Solver::new(QueryLimits::default(), None);
        for op in [BinOp::Div, BinOp::Rem] {
            let mut a = Arith::new(Semantics::Default, 64, false);
            let y = Int::new_const(a.name("y"));
            let divisor = IntVal { ty: IntTy::I32, num: Num::Math(y.clone(), None) };
            let ten = a.constant(10, IntTy::I32);
            let mut def = Defined::default();
            let r = a.binop(op, IntTy::I32, &ten, &divisor, &mut def).unwrap();
            let (_, defined) = evaluate(&s, &mut a, vec![y.eq(int_const(0))], &r, &def);
            assert!(!defined, "{} by zero is undefined", op.name());
            let (got, defined) = evaluate(&s, &mut a, vec![y.eq(int_const(-3))], &r, &def);
            assert!(defined);
            assert_eq!(got, if op == BinOp::Div { -3 } else { 1 });
        }
    }

    #[test]
    fn conversions_of_out_of_range_mathematical_values_wrap_unless_widened_to_a_signed_type() {
        // A signed mathematical value without a range (an arbitrary state's, or one of a
        // recurrent set, whose signed integers do not wrap) keeps its value in a signed type at
        // least as wide; any other conversion wraps it.
        let s = Solver::new(QueryLimits::default(), None);
        for from in [IntTy::I32, IntTy::I64] {
            for v in [1i128 << 40, -(1 << 40) - 5, (1 << 31) + 3, -(1 << 31) - 3, 1 << 70, -(1 << 70) + 1] {
                for to in IntTy::ALL {
                    let mut a = Arith::new(Semantics::Default, 64, false);
                    let x = Int::new_const(a.name("big"));
                    let big = IntVal { ty: from, num: Num::Math(x.clone(), None) };
                    let r = a.convert(to, &big);
                    let (got, _) = evaluate(&s, &mut a, vec![x.eq(int_const(v))], &r, &Defined::default());
                    let kept = to.is_signed() && to.bits() >= from.bits();
                    let expected = if kept { v } else { to.convert(v) };
                    assert_eq!(got, expected, "({to}) {v} of {from}");
                }
            }
        }
    }
}
