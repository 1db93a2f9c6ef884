//! Floating-point computations, which only the interpreter performs.
//!
//! The analyses keep floating-point values arbitrary: every step that produces one (or an
//! integer from one) is a [`Command::Opaque`](crate::Command::Opaque) that havocs what it
//! assigns. Such a step may carry a [`FloatStep`] ([`Computed::Float`](crate::Computed::Float)),
//! the computation it stands for, so that the interpreter runs programs with `float` and `double`
//! as the compiled program does (IEEE 754 binary32 and binary64, round to nearest, as x86-64 SSE
//! computes them). A step without one, or one that touches an x87 `long double`
//! ([`FloatTy::F80`]), stops the interpreter as `unsupported`.

use crate::expr::Expr;
use crate::ids::VarId;
use crate::types::FloatTy;
use leapfrog_arith::CmpOp;

/// `+ - * /` on floating-point values of one type.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatBin {
    Add,
    Sub,
    Mul,
    Div,
}

impl FloatBin {
    pub const ALL: [FloatBin; 4] = [FloatBin::Add, FloatBin::Sub, FloatBin::Mul, FloatBin::Div];

    pub fn name(self) -> &'static str {
        match self {
            FloatBin::Add => "fadd",
            FloatBin::Sub => "fsub",
            FloatBin::Mul => "fmul",
            FloatBin::Div => "fdiv",
        }
    }

    pub fn from_name(s: &str) -> Option<FloatBin> {
        FloatBin::ALL.into_iter().find(|o| o.name() == s)
    }
}

/// A function of C's math library, computed at one floating-point type (`sin` at `f64`, `sinf`
/// at `f32`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MathFn {
    Sqrt,
    Fabs,
    Floor,
    Ceil,
    Round,
    Trunc,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Exp,
    Log,
    Log10,
    Pow,
    Fmod,
}

impl MathFn {
    pub const ALL: [MathFn; 21] = [
        MathFn::Sqrt,
        MathFn::Fabs,
        MathFn::Floor,
        MathFn::Ceil,
        MathFn::Round,
        MathFn::Trunc,
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Tan,
        MathFn::Asin,
        MathFn::Acos,
        MathFn::Atan,
        MathFn::Atan2,
        MathFn::Sinh,
        MathFn::Cosh,
        MathFn::Tanh,
        MathFn::Exp,
        MathFn::Log,
        MathFn::Log10,
        MathFn::Pow,
        MathFn::Fmod,
    ];

    /// The `double` function's name.
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Sqrt => "sqrt",
            MathFn::Fabs => "fabs",
            MathFn::Floor => "floor",
            MathFn::Ceil => "ceil",
            MathFn::Round => "round",
            MathFn::Trunc => "trunc",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Asin => "asin",
            MathFn::Acos => "acos",
            MathFn::Atan => "atan",
            MathFn::Atan2 => "atan2",
            MathFn::Sinh => "sinh",
            MathFn::Cosh => "cosh",
            MathFn::Tanh => "tanh",
            MathFn::Exp => "exp",
            MathFn::Log => "log",
            MathFn::Log10 => "log10",
            MathFn::Pow => "pow",
            MathFn::Fmod => "fmod",
        }
    }

    pub fn arity(self) -> usize {
        match self {
            MathFn::Atan2 | MathFn::Pow | MathFn::Fmod => 2,
            _ => 1,
        }
    }

    /// The function a C name calls and the type it computes at: `sin` (f64), `sinf` (f32);
    /// `None` for other names (and for the `long double` forms).
    pub fn from_c_name(name: &str) -> Option<(MathFn, FloatTy)> {
        let name = name.strip_prefix("__builtin_").unwrap_or(name);
        if let Some(f) = MathFn::ALL.into_iter().find(|f| f.name() == name) {
            return Some((f, FloatTy::F64));
        }
        let single = name.strip_suffix('f')?;
        MathFn::ALL.into_iter().find(|f| f.name() == single).map(|f| (f, FloatTy::F32))
    }

    pub fn from_name(s: &str) -> Option<MathFn> {
        MathFn::ALL.into_iter().find(|f| f.name() == s)
    }
}

/// A floating-point value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatExpr {
    /// A constant of type `ty`, as the bits of the `f64` of the same value (a `float`
    /// constant is already rounded to `f32`).
    Const {
        bits: u64,
        ty: FloatTy,
    },
    /// A floating-point register variable.
    Var(VarId),
    /// An integer expression converted to `ty` (signedness from the expression's type).
    FromInt {
        value: Expr,
        ty: FloatTy,
    },
    /// A value converted to another floating-point type.
    Convert {
        value: Box<FloatExpr>,
        ty: FloatTy,
    },
    Neg(Box<FloatExpr>),
    /// `lhs op rhs`, both of type `ty`.
    Bin {
        op: FloatBin,
        ty: FloatTy,
        lhs: Box<FloatExpr>,
        rhs: Box<FloatExpr>,
    },
    /// A math library function at `ty`, its arguments of type `ty`.
    Math {
        func: MathFn,
        ty: FloatTy,
        args: Vec<FloatExpr>,
    },
}

impl FloatExpr {
    pub fn constant(value: f64, ty: FloatTy) -> FloatExpr {
        let value = if ty == FloatTy::F32 { f64::from(value as f32) } else { value };
        FloatExpr::Const { bits: value.to_bits(), ty }
    }

    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        match self {
            FloatExpr::Const { .. } => {}
            FloatExpr::Var(v) => f(*v),
            FloatExpr::FromInt { value, .. } => value.for_each_var(f),
            FloatExpr::Convert { value, .. } | FloatExpr::Neg(value) => value.for_each_var(f),
            FloatExpr::Bin { lhs, rhs, .. } => {
                lhs.for_each_var(f);
                rhs.for_each_var(f);
            }
            FloatExpr::Math { args, .. } => args.iter().for_each(|a| a.for_each_var(f)),
        }
    }

    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        match self {
            FloatExpr::Const { .. } => {}
            FloatExpr::Var(v) => *v = f(*v),
            FloatExpr::FromInt { value, .. } => value.rename_vars(f),
            FloatExpr::Convert { value, .. } | FloatExpr::Neg(value) => value.rename_vars(f),
            FloatExpr::Bin { lhs, rhs, .. } => {
                lhs.rename_vars(f);
                rhs.rename_vars(f);
            }
            FloatExpr::Math { args, .. } => args.iter_mut().for_each(|a| a.rename_vars(f)),
        }
    }
}

/// What an opaque step computes (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FloatStep {
    /// `dst := value` for a floating-point register (converted to its type).
    Set { dst: VarId, value: FloatExpr },
    /// `dst := *addr` for a floating-point register, reading a value of its type.
    Load { dst: VarId, addr: Expr },
    /// `*addr := value`, writing a value of `ty` (`value` converted to it).
    Store { addr: Expr, value: FloatExpr, ty: FloatTy },
    /// `dst := (T) value` for an integer register of type `T`: rounded toward zero; undefined
    /// when the result is out of `T`'s range (C11 6.3.1.4).
    ToInt { dst: VarId, value: FloatExpr },
    /// `dst := lhs op rhs` (1 or 0) for an integer register.
    Compare { dst: VarId, op: CmpOp, lhs: FloatExpr, rhs: FloatExpr },
}

impl FloatStep {
    /// Whether the step may end an execution by undefined behaviour: a conversion to an integer
    /// out of range, a load or a store, an integer operand that is more than a register or a
    /// constant (its own arithmetic may be undefined). Floating-point arithmetic itself is
    /// always defined (IEEE 754: infinities and NaNs, no traps).
    pub fn may_end_execution(&self) -> bool {
        fn safe(e: &FloatExpr) -> bool {
            match e {
                FloatExpr::Const { .. } | FloatExpr::Var(_) => true,
                FloatExpr::FromInt { value, .. } => matches!(value, Expr::Var(_) | Expr::Int(..)),
                FloatExpr::Convert { value, .. } | FloatExpr::Neg(value) => safe(value),
                FloatExpr::Bin { lhs, rhs, .. } => safe(lhs) && safe(rhs),
                FloatExpr::Math { args, .. } => args.iter().all(safe),
            }
        }
        match self {
            FloatStep::Set { value, .. } => !safe(value),
            FloatStep::Compare { lhs, rhs, .. } => !(safe(lhs) && safe(rhs)),
            FloatStep::Load { .. } | FloatStep::Store { .. } | FloatStep::ToInt { .. } => true,
        }
    }

    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        match self {
            FloatStep::Set { dst, value } | FloatStep::ToInt { dst, value } => {
                f(*dst);
                value.for_each_var(f);
            }
            FloatStep::Load { dst, addr } => {
                f(*dst);
                addr.for_each_var(f);
            }
            FloatStep::Store { addr, value, .. } => {
                addr.for_each_var(f);
                value.for_each_var(f);
            }
            FloatStep::Compare { dst, lhs, rhs, .. } => {
                f(*dst);
                lhs.for_each_var(f);
                rhs.for_each_var(f);
            }
        }
    }

    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        match self {
            FloatStep::Set { dst, value } | FloatStep::ToInt { dst, value } => {
                *dst = f(*dst);
                value.rename_vars(f);
            }
            FloatStep::Load { dst, addr } => {
                *dst = f(*dst);
                addr.rename_vars(f);
            }
            FloatStep::Store { addr, value, .. } => {
                addr.rename_vars(f);
                value.rename_vars(f);
            }
            FloatStep::Compare { dst, lhs, rhs, .. } => {
                *dst = f(*dst);
                lhs.rename_vars(f);
                rhs.rename_vars(f);
            }
        }
    }
}
