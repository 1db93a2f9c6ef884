//! Expression evaluation in the registers of one frame.
//!
//! Integer operations are `leapfrog_arith`'s, under the run's semantics; their errors are
//! undefined behaviour. Operands are checked to lie in their operation's type, so ill-typed IR is
//! reported as unsupported instead of reaching arithmetic that could overflow. Expressions are
//! small, so evaluation recurses.

use crate::fault::{Fault, FaultKind, Res};
use crate::layout::{Place, VarInfo};
use crate::value::{Pointer, Value, convert};
use leapfrog_arith::{CmpOp, IntError, IntTy, Semantics, eval_binop, eval_unop};
use leapfrog_ir::{Expr, FuncId, Id, Program, VarId};

/// What an expression can read: the globals and the running frame's registers.
pub(crate) struct Env<'a> {
    pub prog: &'a Program,
    pub vars: &'a [VarInfo],
    pub globals: &'a [Value],
    pub regs: &'a [Value],
    pub func: FuncId,
    pub sem: Semantics,
    pub ptr_bits: u32,
}

fn int_fault(e: IntError) -> Fault {
    match e {
        IntError::SignedOverflow => {
            Fault { kind: crate::fault::FaultKind::Ub(crate::UbKind::Overflow), what: e.describe().into() }
        }
        _ => Fault::ub(e.describe()),
    }
}

impl Env<'_> {
    pub fn eval(&self, e: &Expr) -> Res<Value> {
        match e {
            Expr::Int(v, t) => Ok(Value::Int(in_type(*v, *t, "constant")?)),
            Expr::Bool(b) => Ok(Value::Int(i128::from(*b))),
            Expr::Null => Ok(Value::Ptr(Pointer::NULL)),
            Expr::Var(v) => self.read_reg(*v),
            Expr::AddrOf(v) => Ok(Value::Ptr(self.addr_of(*v)?)),
            Expr::Unary(op, t, a) => {
                let a = self.operand(a, *t)?;
                eval_unop(*op, *t, a, self.sem).map(Value::Int).map_err(int_fault)
            }
            Expr::Not(a) => Ok(Value::Int(i128::from(!self.cond(a)?))),
            Expr::Binary(op, t, a, b) => {
                let a = self.operand(a, *t)?;
                let b = if op.is_shift() { self.int(b)? } else { self.operand(b, *t)? };
                eval_binop(*op, *t, a, b, self.sem).map(Value::Int).map_err(int_fault)
            }
            Expr::Cmp(op, a, b) => Ok(Value::Int(i128::from(self.compare(*op, a, b)?))),
            Expr::Cast(t, a) => {
                let v = self.int(a)?;
                Ok(Value::Int(convert(*t, v)))
            }
            Expr::PtrAdd { base, offset, scale } => {
                let p = self.ptr(base)?;
                let n = self.int(offset)?;
                Ok(Value::Ptr(p.add(n.wrapping_mul(i128::from(*scale)), self.ptr_bits)))
            }
            Expr::PtrDiff { lhs, rhs, scale, ty } => self.ptr_diff(lhs, rhs, *scale, *ty).map(Value::Int),
        }
    }

    /// An expression that must be an integer (or a boolean: 0 or 1).
    pub fn int(&self, e: &Expr) -> Res<i128> {
        match self.eval(e)? {
            Value::Int(v) => Ok(v),
            Value::Ptr(_) => Err(Fault::unsupported("a pointer is used as an integer")),
            Value::Float(_) => Err(Fault::unsupported("a floating-point value is used as an integer")),
            Value::Unset => Err(Fault::unsupported("a memory variable is used as a value")),
            Value::Uninit { .. } => Err(Fault::unsupported("an uninitialized value is used")),
        }
    }

    pub fn cond(&self, e: &Expr) -> Res<bool> {
        Ok(self.int(e)? != 0)
    }

    pub fn ptr(&self, e: &Expr) -> Res<Pointer> {
        match self.eval(e)? {
            Value::Ptr(p) => Ok(p),
            _ => Err(Fault::unsupported("a non-pointer value is used as a pointer")),
        }
    }

    /// An operand of an operation in `ty`.
    fn operand(&self, e: &Expr, ty: IntTy) -> Res<i128> {
        in_type(self.int(e)?, ty, "operand")
    }

    fn info(&self, v: VarId) -> Res<&VarInfo> {
        self.vars.get(v.index()).ok_or_else(|| Fault::unsupported(format!("unknown variable {v}")))
    }

    fn var_name(&self, v: VarId) -> &str {
        self.prog.vars.get(v).map_or("?", |var| var.name.as_str())
    }

    /// The contents of `v`'s slot — a register value, or the current object of a memory variable
    /// — provided `v` is a register exactly when `want_reg` says so.
    #[inline]
    fn slot(&self, v: VarId, want_reg: bool) -> Res<Value> {
        let info = self.info(v)?;
        let found = match info.place {
            Place::Global(i) if info.reg.is_some() == want_reg => self.globals.get(i as usize),
            Place::Frame(f, i) if f == self.func && info.reg.is_some() == want_reg => self.regs.get(i as usize),
            _ => None,
        };
        found.copied().ok_or_else(|| self.slot_fault(v, want_reg))
    }

    /// Why `v`'s slot cannot be used.
    #[cold]
    fn slot_fault(&self, v: VarId, want_reg: bool) -> Fault {
        let name = self.var_name(v);
        let Ok(info) = self.info(v) else { return Fault::unsupported(format!("unknown variable {v}")) };
        Fault::unsupported(match (info.place, info.reg.is_some(), want_reg) {
            (Place::Frame(f, _), ..) if f != self.func => {
                format!("variable `{name}` ({v}) is used outside its function")
            }
            (_, true, false) => format!("the address of register variable `{name}` ({v}) is taken"),
            (_, false, true) => format!("memory variable `{name}` ({v}) is read as a register"),
            _ => format!("variable `{name}` ({v}) has no storage"),
        })
    }

    /// The register type of `v` (`None` for a memory variable or an unknown one).
    pub fn reg_type_of(&self, v: VarId) -> Option<leapfrog_ir::Type> {
        self.vars.get(v.index()).and_then(|info| info.reg)
    }

    /// The value of register variable `v`; a read of an uninitialized local is a fault the
    /// machine answers by giving it a value (see [`FaultKind::UninitRead`]).
    #[inline]
    pub fn read_reg(&self, v: VarId) -> Res<Value> {
        match self.slot(v, true)? {
            Value::Uninit { edge, occurrence } => {
                Err(Fault { kind: FaultKind::UninitRead { var: v, edge, occurrence }, what: String::new() })
            }
            value => Ok(value),
        }
    }

    /// The address of memory variable `v`'s current object.
    pub fn addr_of(&self, v: VarId) -> Res<Pointer> {
        match self.slot(v, false)? {
            Value::Ptr(p) => Ok(p),
            _ => Err(Fault::unsupported(format!(
                "the address of variable-length array `{}` is taken before its declaration",
                self.var_name(v)
            ))),
        }
    }

    fn compare(&self, op: CmpOp, a: &Expr, b: &Expr) -> Res<bool> {
        match (self.eval(a)?, self.eval(b)?) {
            (Value::Int(x), Value::Int(y)) => Ok(op.eval(x, y)),
            (Value::Ptr(p), Value::Ptr(q)) => compare_pointers(op, p, q),
            _ => Err(Fault::unsupported("comparison of values of different kinds")),
        }
    }

    fn ptr_diff(&self, lhs: &Expr, rhs: &Expr, scale: u64, ty: IntTy) -> Res<i128> {
        let (p, q) = (self.ptr(lhs)?, self.ptr(rhs)?);
        if p.obj.is_none() || p.obj != q.obj {
            return Err(Fault::ub("difference of pointers to different objects"));
        }
        if scale == 0 {
            return Err(Fault::unsupported("pointer difference with element size 0"));
        }
        let bytes = i128::from(p.off) - i128::from(q.off);
        Ok(ty.convert(bytes / i128::from(scale)))
    }
}

/// Pointers are equal when they are the same address of the same object (null equals only null);
/// ordering them is only defined within one object.
fn compare_pointers(op: CmpOp, p: Pointer, q: Pointer) -> Res<bool> {
    match op {
        CmpOp::Eq => Ok(p == q),
        CmpOp::Ne => Ok(p != q),
        _ if !p.obj.is_none() && p.obj == q.obj => Ok(op.eval(p.off, q.off)),
        _ => Err(Fault::ub("relational comparison of pointers to different objects")),
    }
}

/// `v`, checked to be a value of `ty` (ill-typed IR otherwise).
fn in_type(v: i128, ty: IntTy, what: &str) -> Res<i128> {
    if ty.contains(v) {
        Ok(v)
    } else {
        Err(Fault::unsupported(format!("ill-typed IR: {what} {v} is not a value of {ty}")))
    }
}
