//! Floating point: `float` and `double` values as [`FloatExpr`]s, and each place where one is
//! stored, converted to an integer or compared as an opaque step that carries the computation
//! ([`FloatStep`], as [`Computed::Float`]). The analyses see an arbitrary value there (the step havocs what it assigns,
//! with a diagnostic); the interpreter computes it. An x87 `long double` stays an opaque
//! operand, which nothing computes.
//!
//! A floating-point argument is not an IR argument: it reaches its parameter through a hidden
//! global the caller sets just before the call (see [`Cx::float_arg_slot`]).

use super::Cx;
use super::expr::{OpKind, Operand, Place};
use super::fold;
use crate::ctypes::CType;
use lang_c::ast::{BinaryOperator, FloatBase, FloatFormat};
use leapfrog_arith::{CmpOp, IntTy};
use leapfrog_ir::{Command, Computed, Expr, FloatBin, FloatExpr, FloatStep, FloatTy, MathFn, Type, VarId};
use leapfrog_source::Span;

/// What the analyses are told an opaque floating-point step is.
pub const FLOAT_ARITHMETIC: &str = "floating-point arithmetic";

/// The floating-point type the interpreter computes (`long double` is not).
pub fn computed(ty: &CType) -> Option<FloatTy> {
    match ty {
        CType::Float(f @ (FloatTy::F32 | FloatTy::F64)) => Some(*f),
        _ => None,
    }
}

/// The type the usual arithmetic conversions give two operands when one is floating
/// (`long double` over `double` over `float`); `None` when neither is.
pub fn common_float(a: &CType, b: &CType) -> Option<FloatTy> {
    let rank = |t: &CType| match t {
        CType::Float(FloatTy::F32) => 1,
        CType::Float(FloatTy::F64) => 2,
        CType::Float(FloatTy::F80) => 3,
        _ => 0,
    };
    match rank(a).max(rank(b)) {
        0 => None,
        1 => Some(FloatTy::F32),
        2 => Some(FloatTy::F64),
        _ => Some(FloatTy::F80),
    }
}

/// The value of a C floating constant's digits (`1.5e3`, `0x1p-2`) rounded to `ty` directly (a
/// `float` constant is not rounded through `double`).
pub fn parse_constant(number: &str, base: &FloatBase, ty: FloatTy) -> Option<f64> {
    match (base, ty) {
        (FloatBase::Decimal, FloatTy::F32) => number.parse::<f32>().ok().map(f64::from),
        (FloatBase::Decimal, FloatTy::F64) => number.parse::<f64>().ok(),
        (FloatBase::Hexadecimal, FloatTy::F32 | FloatTy::F64) => {
            let value = parse_hex(number)?;
            Some(if ty == FloatTy::F32 { f64::from(value as f32) } else { value })
        }
        _ => None,
    }
}

/// A hexadecimal floating constant's digits (after `0x`): `1.8p3`. Exact when the mantissa
/// has at most 53 significant bits (else `None`).
fn parse_hex(number: &str) -> Option<f64> {
    let (mantissa, exponent) = number.split_once(['p', 'P'])?;
    let exponent: i32 = exponent.parse().ok()?;
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    let value = u64::from_str_radix(if digits.is_empty() { "0" } else { &digits }, 16).ok()?;
    if value >= 1 << 53 {
        return None;
    }
    let shift = exponent - 4 * frac.len() as i32;
    Some(value as f64 * 2f64.powi(shift))
}

fn float_bin(op: &BinaryOperator) -> Option<FloatBin> {
    Some(match op {
        BinaryOperator::Plus => FloatBin::Add,
        BinaryOperator::Minus => FloatBin::Sub,
        BinaryOperator::Multiply => FloatBin::Mul,
        BinaryOperator::Divide => FloatBin::Div,
        _ => return None,
    })
}

impl Cx<'_> {
    /// An opaque step of the analyses that the interpreter computes as `step`; it assigns
    /// `havoc` (and memory when `writes_memory`).
    fn float_step(&mut self, havoc: Vec<VarId>, writes_memory: bool, step: FloatStep, span: Span) {
        self.unsupported(span, FLOAT_ARITHMETIC);
        let what = FLOAT_ARITHMETIC.to_string();
        self.emit(
            Command::Opaque {
                what,
                havoc,
                writes_memory,
                may_not_return: false,
                compute: Some(Box::new(Computed::Float(step))),
            },
            span,
        );
    }

    /// A fresh floating-point register of type `ty` set to `value`.
    pub fn float_temp(&mut self, value: FloatExpr, ty: FloatTy, span: Span) -> VarId {
        let t = self.new_temp(Type::Float(ty), span);
        self.float_step(vec![t], false, FloatStep::Set { dst: t, value }, span);
        t
    }

    /// The operand (already read) as a value of floating type `ty`, converted as C converts;
    /// `None` when the interpreter cannot compute it.
    pub fn float_operand(&self, op: Operand, ty: FloatTy) -> Option<FloatExpr> {
        if ty == FloatTy::F80 {
            return None;
        }
        match (op.kind, &op.ty) {
            (OpKind::Float(e), from) => {
                let from = computed(from)?;
                Some(if from == ty { e } else { FloatExpr::Convert { value: Box::new(e), ty } })
            }
            (OpKind::Value(e), CType::Int(_)) => Some(FloatExpr::FromInt { value: e, ty }),
            (OpKind::Cond(c), _) => Some(FloatExpr::FromInt { value: fold::cast(IntTy::I32, c), ty }),
            _ => None,
        }
    }

    /// The value of a floating-point place: a register as it is, memory loaded into a fresh
    /// register now (as the compiled program reads it where the expression is evaluated).
    pub fn float_read(&mut self, place: Place, ty: &CType, volatile: bool, span: Span) -> Operand {
        let Some(ft) = computed(ty) else { return Operand::opaque(ty.clone()) };
        let e = match place {
            Place::Reg(v) => FloatExpr::Var(v),
            Place::Mem(addr) => {
                let t = self.new_temp(Type::Float(ft), span);
                self.float_step(vec![t], false, FloatStep::Load { dst: t, addr }, span);
                if volatile && self.l.volatile == super::VolatileReads::Input {
                    // As for an integer: the value read is arbitrary (the interpreter keeps the
                    // loaded one under `--uninit zero`).
                    self.emit(Command::Havoc(t, leapfrog_ir::HavocOrigin::Volatile), span);
                }
                FloatExpr::Var(t)
            }
            Place::BitField => return Operand::opaque(ty.clone()),
        };
        Operand::float(e, ty.clone())
    }

    /// A floating constant.
    pub fn float_constant(&mut self, number: &str, base: &FloatBase, format: &FloatFormat) -> Operand {
        let ty = match format {
            FloatFormat::Float => FloatTy::F32,
            FloatFormat::Double => FloatTy::F64,
            FloatFormat::LongDouble | FloatFormat::TS18661Format(_) => FloatTy::F80,
        };
        match parse_constant(number, base, ty) {
            Some(value) => Operand::float(FloatExpr::constant(value, ty), CType::Float(ty)),
            None => Operand::opaque(CType::Float(ty)),
        }
    }

    /// `l op r` where one operand is floating (`+ - * /`).
    pub fn float_arith(&mut self, op: &BinaryOperator, l: Operand, r: Operand) -> Operand {
        let ty = common_float(&l.ty, &r.ty).unwrap_or(FloatTy::F64);
        let result = CType::Float(ty);
        let Some(fop) = float_bin(op) else { return Operand::opaque(result) };
        match (self.float_operand(l, ty), self.float_operand(r, ty)) {
            (Some(lhs), Some(rhs)) => {
                Operand::float(FloatExpr::Bin { op: fop, ty, lhs: Box::new(lhs), rhs: Box::new(rhs) }, result)
            }
            _ => Operand::opaque(result),
        }
    }

    /// `l cmp r` where one operand is floating: an `int` 1 or 0, computed now.
    pub fn float_compare(&mut self, cmp: CmpOp, l: Operand, r: Operand, span: Span) -> Operand {
        let ty = common_float(&l.ty, &r.ty).unwrap_or(FloatTy::F64);
        let t = self.new_temp(Type::Int(IntTy::I32), span);
        let step = match (self.float_operand(l, ty), self.float_operand(r, ty)) {
            (Some(lhs), Some(rhs)) => Some(FloatStep::Compare { dst: t, op: cmp, lhs, rhs }),
            _ => None,
        };
        self.emit_float_result(t, step, span);
        Operand::value(Expr::Var(t), CType::int())
    }

    /// The step that sets register `t` by a floating-point computation (an opaque step without
    /// computation when there is none).
    fn emit_float_result(&mut self, t: VarId, step: Option<FloatStep>, span: Span) {
        match step {
            Some(step) => self.float_step(vec![t], false, step, span),
            None => self.write_opaque(&Place::Reg(t), FLOAT_ARITHMETIC, span),
        }
    }

    /// A floating operand converted to the integer type `t` (C's truncation; undefined out of
    /// range, `!= 0` for `_Bool`).
    pub fn float_to_int(&mut self, op: Operand, t: IntTy, span: Span) -> Expr {
        let v = self.new_temp(Type::Int(t), span);
        let step = match computed(&op.ty) {
            Some(ft) if t == IntTy::Bool => self.float_operand(op, ft).map(|value| FloatStep::Compare {
                dst: v,
                op: CmpOp::Ne,
                lhs: value,
                rhs: FloatExpr::constant(0.0, ft),
            }),
            Some(ft) => self.float_operand(op, ft).map(|value| FloatStep::ToInt { dst: v, value }),
            None => None,
        };
        self.emit_float_result(v, step, span);
        Expr::Var(v)
    }

    /// A floating operand as a condition (`!= 0`).
    pub fn float_cond(&mut self, op: Operand, span: Span) -> Expr {
        let v = self.float_to_int(op, IntTy::Bool, span);
        fold::cmp(CmpOp::Ne, v, Expr::Int(0, IntTy::Bool))
    }

    /// `place = value` for a place of floating type `ty`; the operand is the value stored.
    pub fn float_assign(&mut self, place: &Place, ty: &CType, value: Operand, span: Span) -> Operand {
        let value = match computed(ty) {
            Some(ft) => self.float_operand(value, ft).map(|v| (v, ft)),
            None => None,
        };
        let Some((value, ft)) = value else {
            self.write_opaque(place, FLOAT_ARITHMETIC, span);
            return Operand::opaque(ty.clone());
        };
        match place {
            Place::Reg(v) => {
                self.float_step(vec![*v], false, FloatStep::Set { dst: *v, value }, span);
                Operand::float(FloatExpr::Var(*v), ty.clone())
            }
            Place::Mem(addr) => {
                let kept = match value {
                    c @ FloatExpr::Const { .. } => c,
                    other => FloatExpr::Var(self.float_temp(other, ft, span)),
                };
                let addr = self.materialize(addr.clone(), span);
                self.float_step(vec![], true, FloatStep::Store { addr, value: kept.clone(), ty: ft }, span);
                Operand::float(kept, ty.clone())
            }
            Place::BitField => {
                self.write_opaque(place, FLOAT_ARITHMETIC, span);
                Operand::opaque(ty.clone())
            }
        }
    }

    /// Sets the hidden global `slot` of a floating-point parameter to the argument kept in
    /// `kept` just before the call (an arbitrary value, which the interpreter does not
    /// compute, when the argument is not computed).
    pub fn pass_float(&mut self, slot: VarId, kept: Option<VarId>, span: Span) {
        let step = kept.map(|t| FloatStep::Set { dst: slot, value: FloatExpr::Var(t) });
        self.emit_float_result(slot, step, span);
    }

    /// A floating-point parameter `local` of `ty` on entry: the argument's hidden global copied
    /// into it.
    pub fn receive_float(&mut self, slot: VarId, local: Place, ty: FloatTy, span: Span) {
        let value = FloatExpr::Var(slot);
        match local {
            Place::Reg(v) => self.float_step(vec![v], false, FloatStep::Set { dst: v, value }, span),
            Place::Mem(addr) => self.float_step(vec![], true, FloatStep::Store { addr, value, ty }, span),
            Place::BitField => self.write_opaque(&Place::BitField, FLOAT_ARITHMETIC, span),
        }
    }

    /// A floating operand's current value, kept in a register (a constant stays).
    pub fn keep_float(&mut self, op: Operand, span: Span) -> Operand {
        match (&op.kind, computed(&op.ty)) {
            (OpKind::Float(FloatExpr::Const { .. }), _) => op,
            (OpKind::Float(e), Some(ft)) => {
                let t = self.float_temp(e.clone(), ft, span);
                Operand::float(FloatExpr::Var(t), op.ty)
            }
            _ => op,
        }
    }

    /// A call of a math library function (`sqrt`, `sinf`, ...) with its arguments' values.
    pub fn math_call(&mut self, func: MathFn, ty: FloatTy, args: Vec<Operand>, span: Span) -> Operand {
        let mut values = Vec::new();
        for a in args {
            match self.float_operand(a, ty) {
                Some(v) => values.push(v),
                None => break,
            }
        }
        let t = self.new_temp(Type::Float(ty), span);
        let what = format!("floating-point function `{}`", func.name());
        self.unsupported(span, what.clone());
        let compute = (values.len() == func.arity()).then(|| {
            Box::new(Computed::Float(FloatStep::Set { dst: t, value: FloatExpr::Math { func, ty, args: values } }))
        });
        // (The library may set `errno`: memory may change, as for any function without a body.)
        self.emit(Command::Opaque { what, havoc: vec![t], writes_memory: true, may_not_return: false, compute }, span);
        Operand::float(FloatExpr::Var(t), CType::Float(ty))
    }
}
