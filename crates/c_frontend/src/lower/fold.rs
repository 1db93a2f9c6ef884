//! Smart constructors for IR expressions that fold constants with the IR's own semantics
//! (`leapfrog_arith`, default semantics). A fold that would fail (division by zero, signed
//! overflow) is left unfolded, so the failure still happens at run time where C puts it.

use leapfrog_arith::{BinOp, CmpOp, IntTy, Semantics, UnOp, eval_binop, eval_unop};
use leapfrog_ir::Expr;

pub fn binary(op: BinOp, ty: IntTy, a: Expr, b: Expr) -> Expr {
    if let (Expr::Int(x, _), Expr::Int(y, _)) = (&a, &b)
        && let Ok(v) = eval_binop(op, ty, *x, *y, Semantics::Default)
    {
        return Expr::Int(v, ty);
    }
    Expr::binary(op, ty, a, b)
}

pub fn unary(op: UnOp, ty: IntTy, a: Expr) -> Expr {
    if let Expr::Int(x, _) = &a
        && let Ok(v) = eval_unop(op, ty, *x, Semantics::Default)
    {
        return Expr::Int(v, ty);
    }
    Expr::Unary(op, ty, Box::new(a))
}

pub fn cast(ty: IntTy, a: Expr) -> Expr {
    match a {
        Expr::Int(v, _) => Expr::Int(ty.convert(v), ty),
        Expr::Bool(b) => Expr::Int(i128::from(b), ty),
        Expr::Cast(t, inner) if t == ty => Expr::Cast(t, inner),
        other => Expr::cast(ty, other),
    }
}

pub fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    match (&a, &b) {
        (Expr::Int(x, _), Expr::Int(y, _)) => Expr::Bool(op.eval(x, y)),
        (Expr::Null, Expr::Null) => Expr::Bool(op.eval(0, 0)),
        _ => Expr::cmp(op, a, b),
    }
}

/// `e != 0` as a condition, simplifying `(int)cond != 0` back to `cond`.
pub fn nonzero(e: Expr, ty: IntTy) -> Expr {
    match e {
        Expr::Cast(_, inner) if matches!(*inner, Expr::Bool(_) | Expr::Cmp(..) | Expr::Not(_)) => *inner,
        other => cmp(CmpOp::Ne, other, Expr::Int(0, ty)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_constants_but_not_failures() {
        assert_eq!(
            binary(BinOp::Add, IntTy::I32, Expr::Int(2, IntTy::I32), Expr::Int(3, IntTy::I32)),
            Expr::Int(5, IntTy::I32)
        );
        let div0 = binary(BinOp::Div, IntTy::I32, Expr::Int(1, IntTy::I32), Expr::Int(0, IntTy::I32));
        assert!(matches!(div0, Expr::Binary(..)));
        assert_eq!(cast(IntTy::U8, Expr::Int(-1, IntTy::I32)), Expr::Int(255, IntTy::U8));
        assert_eq!(nonzero(Expr::Int(0, IntTy::I32), IntTy::I32), Expr::Bool(false));
        let c = Expr::cmp(CmpOp::Lt, Expr::Var(leapfrog_ir::VarId(0)), Expr::Int(1, IntTy::I32));
        assert_eq!(nonzero(Expr::cast(IntTy::I32, c.clone()), IntTy::I32), c);
    }
}
