//! Integer expressions: wrap-around, undefined behaviour, shifts, conversions.

mod common;

use common::*;
use leapfrog_interp::{ExecConfig, Outcome};
use leapfrog_ir::{BinOp, Command, Expr, IntTy, Semantics, Type, UnOp};

/// `main` returning `e` (of type `ty`); the result and the span of the assignment.
fn eval_in_main(ty: IntTy, e: Expr, semantics: Semantics) -> (Outcome, leapfrog_source::Span) {
    let mut cx = Ctx::new();
    let main = cx.main();
    let ret = cx.ret(main, Type::Int(ty));
    let edges = cx.body(main, vec![assign(ret, e)]);
    let span = cx.span_of(main, edges[0]);
    (cx.run(&ExecConfig { semantics, ..ExecConfig::default() }).outcome, span)
}

fn value_of(ty: IntTy, e: Expr) -> Outcome {
    eval_in_main(ty, e, Semantics::Default).0
}

#[test]
fn unsigned_arithmetic_wraps() {
    assert_eq!(value_of(U32, sub(U32, ci(0, U32), ci(1, U32))), exit(4294967295));
    assert_eq!(value_of(U32, add(U32, ci(4294967295, U32), ci(2, U32))), exit(1));
    assert_eq!(value_of(U64, mul(U64, ci(1 << 63, U64), ci(2, U64))), exit(0));
    let max = || ci(18446744073709551615, U64);
    assert_eq!(value_of(U64, mul(U64, max(), max())), exit(1));
    assert_eq!(value_of(U64, mul(U64, max(), ci(3, U64))), exit(18446744073709551613));
    assert_eq!(value_of(U8, Expr::Unary(UnOp::Neg, U8, Box::new(ci(1, U8)))), exit(255));
    assert_eq!(value_of(I32, add(I32, c(40), c(2))), exit(42));
}

#[test]
fn signed_overflow_is_ub_by_default_and_wraps_bit_precise() {
    let overflow = || add(I32, c(2147483647), c(1));
    let (outcome, span) = eval_in_main(I32, overflow(), Semantics::Default);
    assert_eq!(
        outcome,
        Outcome::Ub { what: "signed integer overflow".to_string(), span, kind: leapfrog_interp::UbKind::Overflow }
    );
    let (outcome, _) = eval_in_main(I32, overflow(), Semantics::BitPrecise);
    assert_eq!(outcome, exit(-2147483648));
    let (outcome, _) = eval_in_main(I64, mul(I64, ci(1 << 62, I64), ci(4, I64)), Semantics::Default);
    assert_eq!(outcome.kind(), "ub");
}

#[test]
fn division_by_zero_is_ub() {
    let (outcome, span) = eval_in_main(I32, bin(BinOp::Div, I32, c(7), c(0)), Semantics::Default);
    assert_eq!(
        outcome,
        Outcome::Ub { what: "division by zero".to_string(), span, kind: leapfrog_interp::UbKind::Other }
    );
    let (outcome, _) = eval_in_main(U32, bin(BinOp::Rem, U32, ci(7, U32), ci(0, U32)), Semantics::BitPrecise);
    assert_eq!(outcome.kind(), "ub");
    assert_eq!(value_of(I32, bin(BinOp::Div, I32, c(-7), c(2))), exit(-3));
    assert_eq!(value_of(I32, bin(BinOp::Rem, I32, c(-7), c(2))), exit(-1));
}

#[test]
fn shifts() {
    assert_eq!(value_of(U32, bin(BinOp::Shl, U32, ci(1, U32), c(31))), exit(2147483648));
    assert_eq!(value_of(I32, bin(BinOp::Shr, I32, c(-8), ci(1, U8))), exit(-4));
    assert_eq!(value_of(U32, bin(BinOp::Shr, U32, ci(4294967295, U32), c(28))), exit(15));
    let (outcome, _) = eval_in_main(I32, bin(BinOp::Shl, I32, c(1), c(32)), Semantics::Default);
    assert_eq!(outcome.kind(), "ub");
    // A negative value shifted left is multiplied by 2^k (gcc's definition); only a result out of
    // range is undefined.
    assert_eq!(value_of(I32, bin(BinOp::Shl, I32, c(-1), c(1))), exit(-2));
    let (outcome, _) = eval_in_main(I32, bin(BinOp::Shl, I32, c(-3), c(30)), Semantics::Default);
    assert_eq!(outcome.kind(), "ub");
    let (outcome, _) = eval_in_main(I32, bin(BinOp::Shr, I32, c(1), c(-1)), Semantics::BitPrecise);
    assert_eq!(outcome.kind(), "ub");
}

#[test]
fn conversions_wrap_like_gcc() {
    assert_eq!(value_of(U8, cast(U8, c(-1))), exit(255));
    assert_eq!(value_of(I8, cast(I8, c(200))), exit(-56));
    assert_eq!(value_of(I32, cast(I32, ci(4294967295, U32))), exit(-1));
    assert_eq!(value_of(U64, cast(U64, c(-1))), exit(18446744073709551615));
    assert_eq!(value_of(IntTy::Bool, cast(IntTy::Bool, c(256))), exit(1));
    assert_eq!(value_of(I32, cast(I32, lt(c(1), c(2)))), exit(1));
    assert_eq!(value_of(I32, cast(I32, Expr::not(Expr::Bool(true)))), exit(0));
    assert_eq!(value_of(I32, Expr::Unary(UnOp::BitNot, I32, Box::new(c(0)))), exit(-1));
}

#[test]
fn comparisons_are_by_value_in_the_operands_type() {
    let r = |e| value_of(I32, cast(I32, e));
    assert_eq!(r(lt(ci(4294967295, U32), ci(1, U32))), exit(0));
    assert_eq!(r(lt(c(-1), c(1))), exit(1));
    assert_eq!(r(eq(Expr::Bool(true), lt(c(0), c(1)))), exit(1));
}

#[test]
fn ill_typed_operands_are_unsupported_not_a_panic() {
    let huge = ci(18446744073709551615, U64);
    let (outcome, _) = eval_in_main(I32, mul(I32, huge.clone(), huge), Semantics::Default);
    assert_eq!(outcome.kind(), "unsupported");
    let (outcome, _) = eval_in_main(I32, ci(1 << 40, I32), Semantics::Default);
    assert_eq!(outcome.kind(), "unsupported");
    let (outcome, _) = eval_in_main(I32, add(I32, Expr::Null, c(1)), Semantics::Default);
    assert_eq!(outcome.kind(), "unsupported");
}

#[test]
fn registers_convert_on_assignment_and_hold_their_values() {
    let (mut cx, main, ret) = with_main();
    let x = cx.int_local(main, "x", U8);
    let b = cx.local(main, "b", Type::Bool);
    cx.body(
        main,
        vec![
            assign(x, ci(250, U8)),
            assign(x, add(U8, v(x), ci(10, U8))),
            assign(b, lt(v(x), ci(5, U8))),
            Command::Assert { cond: v(b), origin: leapfrog_ir::AssertOrigin::Assert },
            assign(ret, cast(I32, v(x))),
        ],
    );
    assert_eq!(cx.outcome(), exit(4));
}
