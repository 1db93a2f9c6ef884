//! Side-effect-free typed expressions.
//!
//! Every operation names the integer type it computes in, so the semantics are explicit: the
//! front end has already applied C's integer promotions and usual arithmetic conversions by
//! inserting [`Expr::Cast`]s. Expressions never read memory (loads are commands) and never call
//! functions; evaluating one can still fail (division by zero, signed overflow under the default
//! semantics), which the interpreter reports as undefined behaviour.

use crate::ids::VarId;
use crate::types::Type;
use leapfrog_arith::{BinOp, CmpOp, IntTy, UnOp};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    /// An integer constant; the value lies in the type's range.
    Int(i128, IntTy),
    /// A boolean constant.
    Bool(bool),
    /// The null pointer.
    Null,
    /// The value of a register variable.
    Var(VarId),
    /// The address of a memory variable (its current object, for locals of the running frame).
    AddrOf(VarId),
    /// `op arg`, where `arg` has type `ty` and so has the result.
    Unary(UnOp, IntTy, Box<Expr>),
    /// Boolean negation.
    Not(Box<Expr>),
    /// `lhs op rhs` in type `ty`: `lhs` has type `ty`; so does `rhs` except for shifts, whose count
    /// may have any integer type.
    Binary(BinOp, IntTy, Box<Expr>, Box<Expr>),
    /// A comparison of two integers of one type or of two pointers; a boolean.
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    /// Conversion of an integer (or a boolean: 0 or 1) to `IntTy`, wrapping as gcc does.
    Cast(IntTy, Box<Expr>),
    /// `base + offset * scale` bytes; `offset` is a signed or unsigned integer.
    PtrAdd { base: Box<Expr>, offset: Box<Expr>, scale: u64 },
    /// `(lhs - rhs) / scale` for pointers into one object, as an integer of type `ty`.
    PtrDiff { lhs: Box<Expr>, rhs: Box<Expr>, scale: u64, ty: IntTy },
}

/// How an expression's type is found: the caller supplies the types of variables.
pub trait VarTypes {
    /// The register type of `v` (memory variables have none).
    fn reg_type(&self, v: VarId) -> Option<Type>;
}

impl Expr {
    pub fn int(value: i128, ty: IntTy) -> Expr {
        Expr::Int(value, ty)
    }

    pub fn var(v: VarId) -> Expr {
        Expr::Var(v)
    }

    pub fn binary(op: BinOp, ty: IntTy, lhs: Expr, rhs: Expr) -> Expr {
        Expr::Binary(op, ty, Box::new(lhs), Box::new(rhs))
    }

    pub fn cmp(op: CmpOp, lhs: Expr, rhs: Expr) -> Expr {
        Expr::Cmp(op, Box::new(lhs), Box::new(rhs))
    }

    pub fn cast(ty: IntTy, e: Expr) -> Expr {
        Expr::Cast(ty, Box::new(e))
    }

    /// Boolean negation, folding constants, double negation and comparisons.
    #[allow(clippy::should_implement_trait)]
    pub fn not(e: Expr) -> Expr {
        match e {
            Expr::Bool(b) => Expr::Bool(!b),
            Expr::Not(inner) => *inner,
            Expr::Cmp(op, a, b) => Expr::Cmp(op.negate(), a, b),
            other => Expr::Not(Box::new(other)),
        }
    }

    /// The type of the expression, or `None` when it is ill-typed in a way that makes the type
    /// unknowable (an unknown variable); the verifier checks the rest.
    pub fn ty(&self, vars: &dyn VarTypes) -> Option<Type> {
        Some(match self {
            Expr::Int(_, t) | Expr::Unary(_, t, _) | Expr::Binary(_, t, _, _) | Expr::Cast(t, _) => Type::Int(*t),
            Expr::PtrDiff { ty, .. } => Type::Int(*ty),
            Expr::Bool(_) | Expr::Not(_) | Expr::Cmp(..) => Type::Bool,
            Expr::Null | Expr::AddrOf(_) | Expr::PtrAdd { .. } => Type::Ptr,
            Expr::Var(v) => return vars.reg_type(*v),
        })
    }

    /// The constant value, if this is an integer or boolean constant.
    pub fn as_const(&self) -> Option<i128> {
        match self {
            Expr::Int(v, _) => Some(*v),
            Expr::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    }

    /// Direct sub-expressions.
    pub fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Int(..) | Expr::Bool(_) | Expr::Null | Expr::Var(_) | Expr::AddrOf(_) => vec![],
            Expr::Unary(_, _, a) | Expr::Not(a) | Expr::Cast(_, a) => vec![a],
            Expr::Binary(_, _, a, b) | Expr::Cmp(_, a, b) => vec![a, b],
            Expr::PtrAdd { base, offset, .. } => vec![base, offset],
            Expr::PtrDiff { lhs, rhs, .. } => vec![lhs, rhs],
        }
    }

    /// Calls `f` on every variable the expression mentions (read with `Var` or addressed with
    /// `AddrOf`), in left-to-right order.
    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        match self {
            Expr::Var(v) | Expr::AddrOf(v) => f(*v),
            _ => {
                for c in self.children() {
                    c.for_each_var(f);
                }
            }
        }
    }

    /// Replaces every variable the expression mentions (read with `Var` or addressed with `AddrOf`)
    /// by `f` of it, calling `f` in left-to-right order. Iterative, so any nesting is fine.
    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            match e {
                Expr::Var(v) | Expr::AddrOf(v) => *v = f(*v),
                Expr::Int(..) | Expr::Bool(_) | Expr::Null => {}
                Expr::Unary(_, _, a) | Expr::Not(a) | Expr::Cast(_, a) => stack.push(a),
                Expr::Binary(_, _, a, b)
                | Expr::Cmp(_, a, b)
                | Expr::PtrAdd { base: a, offset: b, .. }
                | Expr::PtrDiff { lhs: a, rhs: b, .. } => {
                    stack.push(b);
                    stack.push(a);
                }
            }
        }
    }

    /// The expression with every read of `v` (`Var(v)`, not `AddrOf(v)`) replaced by `by`.
    pub fn substituted(&self, v: VarId, by: &Expr) -> Expr {
        let sub = |x: &Expr| Box::new(x.substituted(v, by));
        match self {
            Expr::Var(w) if *w == v => by.clone(),
            Expr::Int(..) | Expr::Bool(_) | Expr::Null | Expr::Var(_) | Expr::AddrOf(_) => self.clone(),
            Expr::Unary(op, t, x) => Expr::Unary(*op, *t, sub(x)),
            Expr::Not(x) => Expr::Not(sub(x)),
            Expr::Binary(op, t, x, y) => Expr::Binary(*op, *t, sub(x), sub(y)),
            Expr::Cmp(op, x, y) => Expr::Cmp(*op, sub(x), sub(y)),
            Expr::Cast(t, x) => Expr::Cast(*t, sub(x)),
            Expr::PtrAdd { base, offset, scale } => {
                Expr::PtrAdd { base: sub(base), offset: sub(offset), scale: *scale }
            }
            Expr::PtrDiff { lhs, rhs, scale, ty } => {
                Expr::PtrDiff { lhs: sub(lhs), rhs: sub(rhs), scale: *scale, ty: *ty }
            }
        }
    }

    /// Adds the integer literals of the expression whose magnitude is at most 2^31 (the
    /// constants a program tests and bounds with) to `out`.
    pub fn small_constants(&self, out: &mut std::collections::BTreeSet<i128>) {
        if let Expr::Int(v, _) = self
            && v.unsigned_abs() <= 1 << 31
        {
            out.insert(*v);
        }
        for c in self.children() {
            c.small_constants(out);
        }
    }

    /// The variables whose addresses the expression takes (`AddrOf`), each once per mention.
    pub fn addressed(&self) -> Vec<VarId> {
        let mut out = Vec::new();
        let mut stack = vec![self];
        while let Some(x) = stack.pop() {
            if let Expr::AddrOf(v) = x {
                out.push(*v);
            }
            stack.extend(x.children());
        }
        out
    }

    /// The object and byte offset of a constant cell address (`&a`, `&a + k * s`).
    pub fn constant_cell(&self) -> Option<(VarId, i128)> {
        match self {
            Expr::AddrOf(o) => Some((*o, 0)),
            Expr::PtrAdd { base, offset, scale } => match (&**base, &**offset) {
                (Expr::AddrOf(o), Expr::Int(k, _)) => Some((*o, k.checked_mul(i128::from(*scale))?)),
                _ => None,
            },
            _ => None,
        }
    }

    /// The register variables whose values the expression reads.
    pub fn reads(&self) -> Vec<VarId> {
        let mut out = Vec::new();
        self.collect_reads(&mut out);
        out
    }

    fn collect_reads(&self, out: &mut Vec<VarId>) {
        match self {
            Expr::Var(v) => {
                if !out.contains(v) {
                    out.push(*v)
                }
            }
            _ => {
                for c in self.children() {
                    c.collect_reads(out);
                }
            }
        }
    }

    /// Number of nodes (a measure of size for budgets).
    pub fn size(&self) -> usize {
        1 + self.children().iter().map(|c| c.size()).sum::<usize>()
    }

    /// The memory variable an address expression points into, when it is syntactically evident
    /// (`&a`, `&a + i*4`, ...).
    pub fn base_object(&self) -> Option<VarId> {
        match self {
            Expr::AddrOf(v) => Some(*v),
            Expr::PtrAdd { base, .. } => base.base_object(),
            _ => None,
        }
    }

    /// The pointer variable an address expression is computed from (`p`, `p + i*4`, ...).
    pub fn base_pointer(&self) -> Option<VarId> {
        match self {
            Expr::Var(v) => Some(*v),
            Expr::PtrAdd { base, .. } => base.base_pointer(),
            _ => None,
        }
    }
}
