//! Symbolic values and the meaning of every IR operation on them, under one [`Semantics`].
//!
//! - `Semantics::Default`: integers are SMT integers. Unsigned results are reduced modulo 2^n;
//!   signed results are mathematical (no wrap, no range assumption: leaving the range is undefined
//!   behaviour, a separate property). Conversions wrap as `IntTy::convert` does.
//! - `Semantics::BitPrecise`: integers are bit-vectors of their type's width; everything wraps.
//!
//! Pointers are pairs (object, byte offset), objects numbered by [`object_id`]; 0 is null.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp};
use leapfrog_ir::types::Type;
use leapfrog_ir::{Id, VarId};
use z3::ast::{Ast, BV, Bool, Dynamic, Int};

/// A symbolic value of one IR type.
#[derive(Clone, Debug)]
pub enum Val {
    Bool(Bool),
    /// An integer under the default semantics.
    Int(Int),
    /// An integer under the bit-precise semantics.
    Bv(BV),
    Ptr {
        obj: Int,
        off: Int,
    },
}

/// The number naming a memory variable's object in pointer values (0 is null).
pub fn object_id(v: VarId) -> i64 {
    v.index() as i64 + 1
}

fn pow2(k: u32) -> Int {
    Int::from_i128(1i128 << k)
}

/// The runs of one bits `[lo, hi)` of the mask `m` in `ty` (at most four); `None` otherwise.
fn mask_runs(m: i128, ty: IntTy) -> Option<Vec<(u32, u32)>> {
    let n = ty.bits();
    let m = m.rem_euclid(1i128 << n);
    let mut runs = Vec::new();
    let mut bit = 0;
    while bit < n {
        if m >> bit & 1 == 1 {
            let lo = bit;
            while bit < n && m >> bit & 1 == 1 {
                bit += 1;
            }
            runs.push((lo, bit));
        } else {
            bit += 1;
        }
    }
    (!runs.is_empty() && runs.len() <= 4).then_some(runs)
}

/// `x` (a value of a type of `n` bits) masked to the bit runs `runs`: SMT `mod` by a power of
/// two is the low bits of the two's complement, for negative `x` too, so a run `[lo, hi)` is
/// `x mod 2^hi - x mod 2^lo`, and one that reaches the top bit `x - x mod 2^lo` (the sign kept).
fn masked(x: &Int, runs: &[(u32, u32)], n: u32) -> Int {
    let low = |k: u32| if k == 0 { Int::from_i64(0) } else { x.modulo(pow2(k)) };
    let parts: Vec<Int> = runs.iter().map(|&(lo, hi)| if hi == n { x - low(lo) } else { low(hi) - low(lo) }).collect();
    let refs: Vec<&Int> = parts.iter().collect();
    Int::add(&refs)
}

/// Builds values and operations for one semantics; `fresh` names are prefixed for readability.
#[derive(Copy, Clone, Debug)]
pub struct Arith {
    pub sem: Semantics,
}

impl Arith {
    pub fn new(sem: Semantics) -> Arith {
        Arith { sem }
    }

    pub fn int(&self, v: i128, ty: IntTy) -> Val {
        match self.sem {
            Semantics::Default => Val::Int(Int::from_i128(v)),
            Semantics::BitPrecise => Val::Bv(bv_const(ty.convert(v), ty.bits())),
        }
    }

    /// A fresh value of `ty` and the constraint that it lies in the type's range.
    pub fn fresh(&self, name: &str, ty: Type) -> (Val, Option<Bool>) {
        match ty {
            Type::Bool => (Val::Bool(Bool::fresh_const(name)), None),
            Type::Int(t) => match self.sem {
                Semantics::Default => {
                    let x = Int::fresh_const(name);
                    let range = Bool::and(&[x.ge(Int::from_i128(t.min())), x.le(Int::from_i128(t.max()))]);
                    (Val::Int(x), Some(range))
                }
                Semantics::BitPrecise => (Val::Bv(BV::fresh_const(name, t.bits())), None),
            },
            Type::Ptr => {
                let obj = Int::fresh_const(&format!("{name}_obj"));
                let off = Int::fresh_const(&format!("{name}_off"));
                (Val::Ptr { obj, off }, None)
            }
            // Floats are only carried: an arbitrary integer stands for them (never compared
            // with integers by the front end without an unsupported diagnostic).
            Type::Float(_) => (Val::Int(Int::fresh_const(name)), None),
        }
    }

    pub fn null(&self) -> Val {
        Val::Ptr { obj: Int::from_i64(0), off: Int::from_i64(0) }
    }

    pub fn addr_of(&self, v: VarId) -> Val {
        Val::Ptr { obj: Int::from_i64(object_id(v)), off: Int::from_i64(0) }
    }

    /// The value as a boolean: booleans as they are, integers as `!= 0`.
    pub fn truth(&self, v: &Val) -> Bool {
        match v {
            Val::Bool(b) => b.clone(),
            Val::Int(i) => i.eq(Int::from_i64(0)).not(),
            Val::Bv(b) => b.eq(BV::from_u64(0, b.get_size())).not(),
            Val::Ptr { obj, .. } => obj.eq(Int::from_i64(0)).not(),
        }
    }

    /// The integer value of `v` as a mathematical integer (bit-vectors read with `signed`).
    pub fn to_math(&self, v: &Val, signed: bool) -> Int {
        match v {
            Val::Int(i) => i.clone(),
            Val::Bv(b) => Int::from_bv(b, signed),
            Val::Bool(b) => b.ite(&Int::from_i64(1), &Int::from_i64(0)),
            Val::Ptr { off, .. } => off.clone(),
        }
    }

    /// Reduces a mathematical result of type `ty` to the semantics' representation: unsigned
    /// wraps; signed stays mathematical (default) or wraps (bit-precise).
    fn finish(&self, ty: IntTy, x: Int) -> Val {
        match self.sem {
            Semantics::Default if ty.is_signed() => Val::Int(x),
            Semantics::Default => Val::Int(wrap_int(ty, &x)),
            Semantics::BitPrecise => Val::Bv(BV::from_int(&x, ty.bits())),
        }
    }

    /// `op a` in `ty`.
    pub fn unop(&self, op: UnOp, ty: IntTy, a: &Val) -> Val {
        match (self.sem, a) {
            (Semantics::BitPrecise, Val::Bv(x)) => Val::Bv(match op {
                UnOp::Neg => x.bvneg(),
                UnOp::BitNot => x.bvnot(),
            }),
            _ => {
                let x = self.to_math(a, ty.is_signed());
                match op {
                    UnOp::Neg => self.finish(ty, -x),
                    // ~x = -x - 1 exactly for signed values; unsigned wraps.
                    UnOp::BitNot => self.finish(ty, -x - Int::from_i64(1)),
                }
            }
        }
    }

    /// `a op b` in `ty` (`b_ty` is the type of `b`, which differs only for shifts).
    pub fn binop(&self, op: BinOp, ty: IntTy, a: &Val, b: &Val, b_ty: IntTy) -> Val {
        match self.sem {
            Semantics::BitPrecise => self.binop_bv(op, ty, a, b, b_ty),
            Semantics::Default => self.binop_int(op, ty, a, b, b_ty),
        }
    }

    fn binop_int(&self, op: BinOp, ty: IntTy, a: &Val, b: &Val, b_ty: IntTy) -> Val {
        let x = self.to_math(a, ty.is_signed());
        let y = self.to_math(b, b_ty.is_signed());
        match op {
            BinOp::Add => self.finish(ty, x + y),
            BinOp::Sub => self.finish(ty, x - y),
            BinOp::Mul => self.finish(ty, x * y),
            BinOp::Div => self.finish(ty, c_div(&x, &y, ty.is_signed())),
            BinOp::Rem => {
                let q = c_div(&x, &y, ty.is_signed());
                self.finish(ty, &x - &y * q)
            }
            BinOp::Shl => {
                // a << k is a * 2^k (gcc documents it for negative a too).
                let r = match const_of(b) {
                    Some(k) if (0..ty.bits() as i128).contains(&k) => &x * pow2(k as u32),
                    _ => ite_over_shift(ty, &y, |k| &x * pow2(k)),
                };
                self.finish(ty, r)
            }
            BinOp::Shr => {
                // Arithmetic shift of signed values is floor division; SMT `div` by a positive
                // number is floor division.
                let r = match const_of(b) {
                    Some(k) if (0..ty.bits() as i128).contains(&k) => x.div(pow2(k as u32)),
                    _ => ite_over_shift(ty, &y, |k| x.div(pow2(k))),
                };
                self.finish(ty, r)
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor => {
                // A constant mask keeps bit runs: x & (2^k - 1) is x mod 2^k in two's complement
                // (signed included), and a run of bits [lo, hi) is x mod 2^hi - x mod 2^lo.
                if op == BinOp::BitAnd {
                    let masked = |m: Option<i128>, x: &Int| {
                        m.and_then(|m| mask_runs(m, ty)).map(|runs| masked(x, &runs, ty.bits()))
                    };
                    if let Some(r) = masked(const_of(b), &x).or_else(|| masked(const_of(a), &y)) {
                        return self.finish(ty, r);
                    }
                }
                let n = ty.bits();
                let (bx, by) = (BV::from_int(&x, n), BV::from_int(&y, n));
                let r = match op {
                    BinOp::BitAnd => bx.bvand(&by),
                    BinOp::BitOr => bx.bvor(&by),
                    _ => bx.bvxor(&by),
                };
                Val::Int(Int::from_bv(&r, ty.is_signed()))
            }
        }
    }

    fn binop_bv(&self, op: BinOp, ty: IntTy, a: &Val, b: &Val, b_ty: IntTy) -> Val {
        let n = ty.bits();
        let x = self.to_bv(a, ty);
        let s = ty.is_signed();
        if op.is_shift() {
            let k = self.to_bv(b, b_ty);
            let k = resize(&k, n, b_ty.is_signed());
            return Val::Bv(match op {
                BinOp::Shl => x.bvshl(&k),
                _ if s => x.bvashr(&k),
                _ => x.bvlshr(&k),
            });
        }
        let y = self.to_bv(b, ty);
        Val::Bv(match op {
            BinOp::Add => x.bvadd(&y),
            BinOp::Sub => x.bvsub(&y),
            BinOp::Mul => x.bvmul(&y),
            BinOp::Div if s => x.bvsdiv(&y),
            BinOp::Div => x.bvudiv(&y),
            BinOp::Rem if s => x.bvsrem(&y),
            BinOp::Rem => x.bvurem(&y),
            BinOp::BitAnd => x.bvand(&y),
            BinOp::BitOr => x.bvor(&y),
            BinOp::BitXor => x.bvxor(&y),
            BinOp::Shl | BinOp::Shr => unreachable!("handled above"),
        })
    }

    /// The value as a bit-vector of `ty`'s width.
    pub fn to_bv(&self, v: &Val, ty: IntTy) -> BV {
        match v {
            Val::Bv(b) => resize(b, ty.bits(), ty.is_signed()),
            Val::Bool(b) => b.ite(&BV::from_u64(1, ty.bits()), &BV::from_u64(0, ty.bits())),
            Val::Int(i) => BV::from_int(i, ty.bits()),
            Val::Ptr { off, .. } => BV::from_int(off, ty.bits()),
        }
    }

    /// A comparison; `ty` is the operands' integer type (`None` for pointers and booleans).
    pub fn cmp(&self, op: CmpOp, a: &Val, b: &Val, ty: Option<IntTy>) -> Bool {
        match (a, b) {
            (Val::Ptr { obj: o1, off: f1 }, Val::Ptr { obj: o2, off: f2 }) => match op {
                CmpOp::Eq => Bool::and(&[o1.eq(o2), f1.eq(f2)]),
                CmpOp::Ne => Bool::and(&[o1.eq(o2), f1.eq(f2)]).not(),
                _ => cmp_int(op, f1, f2),
            },
            (Val::Bool(x), Val::Bool(y)) => match op {
                CmpOp::Eq => x.eq(y),
                CmpOp::Ne => x.eq(y).not(),
                _ => {
                    let one = Int::from_i64(1);
                    let zero = Int::from_i64(0);
                    cmp_int(op, &x.ite(&one, &zero), &y.ite(&one, &zero))
                }
            },
            (Val::Bv(x), Val::Bv(y)) if x.get_size() == y.get_size() => {
                let signed = ty.is_some_and(|t| t.is_signed());
                match op {
                    CmpOp::Eq => x.eq(y),
                    CmpOp::Ne => x.eq(y).not(),
                    CmpOp::Lt if signed => x.bvslt(y),
                    CmpOp::Le if signed => x.bvsle(y),
                    CmpOp::Gt if signed => x.bvsgt(y),
                    CmpOp::Ge if signed => x.bvsge(y),
                    CmpOp::Lt => x.bvult(y),
                    CmpOp::Le => x.bvule(y),
                    CmpOp::Gt => x.bvugt(y),
                    CmpOp::Ge => x.bvuge(y),
                }
            }
            _ => {
                let signed = ty.is_none_or(|t| t.is_signed());
                cmp_int(op, &self.to_math(a, signed), &self.to_math(b, signed))
            }
        }
    }

    /// C's conversion of `v` (of type `from`) to `to`.
    pub fn cast(&self, v: &Val, from: Option<Type>, to: IntTy) -> Val {
        let from_int = from.and_then(Type::as_int);
        if to.is_bool() {
            let b = self.truth(v);
            return match self.sem {
                Semantics::Default => Val::Int(b.ite(&Int::from_i64(1), &Int::from_i64(0))),
                Semantics::BitPrecise => Val::Bv(b.ite(&BV::from_u64(1, 8), &BV::from_u64(0, 8))),
            };
        }
        match self.sem {
            Semantics::Default => {
                let x = self.to_math(v, from_int.is_none_or(|t| t.is_signed()));
                let fits =
                    from_int.is_some_and(|f| to.min() <= f.min() && f.max() <= to.max()) || matches!(v, Val::Bool(_));
                if fits { Val::Int(x) } else { Val::Int(wrap_int(to, &x)) }
            }
            Semantics::BitPrecise => match v {
                Val::Bv(b) => Val::Bv(resize(b, to.bits(), from_int.is_some_and(|t| t.is_signed()))),
                other => Val::Bv(self.to_bv(other, to)),
            },
        }
    }

    /// `if c then a else b` for two values of one type.
    pub fn ite(&self, c: &Bool, a: &Val, b: &Val) -> Val {
        match (a, b) {
            (Val::Bool(x), Val::Bool(y)) => Val::Bool(c.ite(x, y)),
            (Val::Int(x), Val::Int(y)) => Val::Int(c.ite(x, y)),
            (Val::Bv(x), Val::Bv(y)) if x.get_size() == y.get_size() => Val::Bv(c.ite(x, y)),
            (Val::Ptr { obj: o1, off: f1 }, Val::Ptr { obj: o2, off: f2 }) => {
                Val::Ptr { obj: c.ite(o1, o2), off: c.ite(f1, f2) }
            }
            // Mismatched representations only arise for ill-typed IR; keep the first.
            _ => a.clone(),
        }
    }

    /// Whether two values are equal (for merges and equalities).
    pub fn same(&self, a: &Val, b: &Val) -> bool {
        match (a, b) {
            (Val::Bool(x), Val::Bool(y)) => x == y,
            (Val::Int(x), Val::Int(y)) => x == y,
            (Val::Bv(x), Val::Bv(y)) => x == y,
            (Val::Ptr { obj: o1, off: f1 }, Val::Ptr { obj: o2, off: f2 }) => o1 == o2 && f1 == f2,
            _ => false,
        }
    }

    /// The SMT term of a value stored in an array cell.
    pub fn to_dynamic(&self, v: &Val) -> Dynamic {
        match v {
            Val::Bool(b) => Dynamic::from_ast(b),
            Val::Int(i) => Dynamic::from_ast(i),
            Val::Bv(b) => Dynamic::from_ast(b),
            Val::Ptr { off, .. } => Dynamic::from_ast(off),
        }
    }

    /// A value read from an array cell holding values of `ty`.
    pub fn from_dynamic(&self, d: &Dynamic, ty: Type) -> Option<Val> {
        match ty {
            Type::Bool => d.as_bool().map(Val::Bool),
            Type::Int(_) => match self.sem {
                Semantics::Default => d.as_int().map(Val::Int),
                Semantics::BitPrecise => d.as_bv().map(Val::Bv),
            },
            _ => None,
        }
    }

    /// The SMT sort of array cells holding `ty`.
    pub fn cell_sort(&self, ty: Type) -> Option<z3::Sort> {
        match ty {
            Type::Bool => Some(z3::Sort::bool()),
            Type::Int(t) => Some(match self.sem {
                Semantics::Default => z3::Sort::int(),
                Semantics::BitPrecise => z3::Sort::bitvector(t.bits()),
            }),
            _ => None,
        }
    }

    /// Equality of two values of one type.
    pub fn eq(&self, a: &Val, b: &Val) -> Bool {
        self.cmp(CmpOp::Eq, a, b, None)
    }
}

/// The constant an integer value is, if it is a numeral.
pub fn const_of(v: &Val) -> Option<i128> {
    match v {
        Val::Int(i) => i.simplify().as_i128(),
        Val::Bv(b) => b.simplify().as_i64().map(i128::from),
        _ => None,
    }
}

fn bv_const(v: i128, bits: u32) -> BV {
    // Two's complement bits of v (already in the type's range) as an unsigned numeral.
    let unsigned = if v < 0 { v + (1i128 << bits) } else { v };
    BV::from_u64(unsigned as u64, bits)
}

fn resize(b: &BV, bits: u32, signed: bool) -> BV {
    let have = b.get_size();
    if have == bits {
        b.clone()
    } else if have > bits {
        b.extract(bits - 1, 0)
    } else if signed {
        b.sign_ext(bits - have)
    } else {
        b.zero_ext(bits - have)
    }
}

/// `x` reduced into `ty`'s range modulo 2^n (two's complement for signed types).
pub fn wrap_int(ty: IntTy, x: &Int) -> Int {
    let n = ty.bits();
    if ty.is_signed() {
        let half = pow2(n - 1);
        (x + &half).modulo(pow2(n)) - half
    } else {
        x.modulo(pow2(n))
    }
}

/// C's division (truncating toward zero) from SMT's Euclidean division.
fn c_div(x: &Int, y: &Int, signed: bool) -> Int {
    let q = x.div(y);
    if !signed {
        return q;
    }
    let zero = Int::from_i64(0);
    let r = x.modulo(y);
    let adjust = Bool::and(&[x.lt(&zero), r.eq(&zero).not()]);
    let step = y.gt(&zero).ite(&Int::from_i64(1), &Int::from_i64(-1));
    adjust.ite(&(&q + step), &q)
}

fn ite_over_shift(ty: IntTy, k: &Int, f: impl Fn(u32) -> Int) -> Int {
    // Shift counts outside [0, bits) are undefined behaviour: any value will do for them.
    let mut acc = f(0);
    for i in 1..ty.bits() {
        acc = k.eq(Int::from_i64(i64::from(i))).ite(&f(i), &acc);
    }
    acc
}

fn cmp_int(op: CmpOp, x: &Int, y: &Int) -> Bool {
    match op {
        CmpOp::Eq => x.eq(y),
        CmpOp::Ne => x.eq(y).not(),
        CmpOp::Lt => x.lt(y),
        CmpOp::Le => x.le(y),
        CmpOp::Gt => x.gt(y),
        CmpOp::Ge => x.ge(y),
    }
}
