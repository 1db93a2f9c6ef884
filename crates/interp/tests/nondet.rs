//! The input stream: consumption order, conversion to the destination type, exhaustion, and
//! uninitialized variables and objects under both modes.

mod common;

use common::*;
use leapfrog_interp::Outcome;
use leapfrog_ir::{ArrayLen, Command, Expr, Fill, FloatTy, HavocOrigin, IntTy, ObjType, Type};

fn nondet(x: leapfrog_ir::VarId) -> Command {
    Command::Havoc(x, HavocOrigin::Nondet("__VERIFIER_nondet_int".to_string()))
}

fn uninit(x: leapfrog_ir::VarId) -> Command {
    Command::Havoc(x, HavocOrigin::Uninit)
}

#[test]
fn sources_consume_the_stream_in_execution_order_and_convert() {
    let (mut cx, main, _) = with_main();
    let a = cx.param(main, "a", Type::Int(I32));
    let b = cx.param(main, "b", Type::Int(U8));
    let x = cx.int_local(main, "x", U32);
    let flag = cx.int_local(main, "flag", IntTy::Bool);
    let cond = cx.local(main, "cond", Type::Bool);
    let e = cx.int_local(main, "e", U8);
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(
        main,
        vec![
            nondet(x),
            nondet(flag),
            Command::CallExtern { dst: Some(e), name: "ext".to_string(), args: vec![v(x)] },
            Command::CallExtern { dst: None, name: "ext_void".to_string(), args: vec![] },
            nondet(p),
            nondet(cond),
            check(eq(v(a), c(-1))),
            check(eq(v(b), ci(0, U8))),
            check(eq(v(x), ci(4294967295, U32))),
            check(eq(v(flag), ci(1, IntTy::Bool))),
            check(eq(v(e), ci(44, U8))),
            check(eq(v(p), Expr::Null)),
            check(v(cond)),
        ],
    );
    let r = cx.run_on(&[-1, 256, -1, 7, 300, 0, -9, 1234]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 7));
}

#[test]
fn an_exhausted_stream_gives_zeros() {
    let (mut cx, main, ret) = with_main();
    let (x, y, z) = (cx.int_local(main, "x", I32), cx.int_local(main, "y", I32), cx.int_local(main, "z", I32));
    cx.body(
        main,
        vec![
            nondet(x),
            nondet(y),
            nondet(z),
            assign(ret, add(I32, mul(I32, v(x), c(100)), add(I32, mul(I32, v(y), c(10)), v(z)))),
        ],
    );
    let r = cx.run_on(&[5]);
    assert_eq!((r.outcome, r.nondet_used), (exit(500), 3));
    let r = cx.run_on(&[]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 3));
}

#[test]
fn a_nonzero_input_for_a_pointer_is_an_invalid_pointer() {
    let (mut cx, main, ret) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    let edges = cx.body(main, vec![nondet(p), check(Expr::not(eq(v(p), Expr::Null))), load(ret, v(p))]);
    let span = cx.span_of(main, edges[2]);
    let what = "read through an invalid pointer (address 0x10)".to_string();
    assert_eq!(cx.run_on(&[16]).outcome, Outcome::Ub { what, span });
    assert_eq!(cx.run_on(&[0]).outcome.kind(), "error");
}

#[test]
fn floating_point_registers_consume_an_input() {
    let (mut cx, main, ret) = with_main();
    let f = cx.local(main, "f", Type::Float(FloatTy::F64));
    let g = cx.local(main, "g", Type::Float(FloatTy::F64));
    cx.body(main, vec![nondet(f), assign(g, v(f)), nondet(ret)]);
    let r = cx.run_on(&[1, 2]);
    assert_eq!((r.outcome, r.nondet_used), (exit(2), 2));
}

#[test]
fn uninitialized_registers_are_zero_or_inputs() {
    let (mut cx, main, ret) = with_main();
    let x = cx.int_local(main, "x", I32);
    let y = cx.int_local(main, "y", I32);
    cx.body(main, vec![assign(x, c(77)), uninit(x), nondet(y), assign(ret, add(I32, v(x), v(y)))]);
    let r = cx.run_on(&[3, 4]);
    assert_eq!((r.outcome, r.nondet_used), (exit(3), 1));
    let r = cx.run_nondet_uninit(&[3, 4]);
    assert_eq!((r.outcome, r.nondet_used), (exit(7), 2));
}

/// `int a[3];` filled (`fill`) after `a[1] = 9`, then `return a[0]*100 + a[1]*10 + a[2]`.
fn array_declaration(fill: Fill) -> Ctx {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 3));
    let e: Vec<_> = (0..3).map(|i| cx.int_local(main, &format!("e{i}"), I32)).collect();
    let mut cmds = vec![store(ptr_add(addr(a), c(1), 4), c(9)), Command::InitObject { var: a, len: None, fill }];
    cmds.extend((0..3).map(|i| load(e[i], ptr_add(addr(a), c(i as i128), 4))));
    let sum = add(I32, mul(I32, v(e[0]), c(100)), add(I32, mul(I32, v(e[1]), c(10)), v(e[2])));
    cmds.push(assign(ret, sum));
    cx.body(main, cmds);
    cx
}

#[test]
fn array_declarations_fill_elements_in_index_order() {
    let cx = array_declaration(Fill::Uninit);
    let r = cx.run_nondet_uninit(&[1, 2, 3, 4]);
    assert_eq!((r.outcome, r.nondet_used), (exit(123), 3));
    let r = cx.run_on(&[1, 2, 3]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 0));
    let r = array_declaration(Fill::Zero).run_nondet_uninit(&[1, 2, 3]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 0));
    let r = cx.run_nondet_uninit(&[4]);
    assert_eq!((r.outcome, r.nondet_used), (exit(400), 3));
}

/// `struct { i8 c; i32 x; f64 d; union { i16 s; i32 i; } u; void *p; }` (32 bytes).
fn sample_record() -> ObjType {
    let u = record(4, 4, true, vec![field("s", 0, scalar(Type::Int(I16))), field("i", 0, scalar(Type::Int(I32)))]);
    record(
        32,
        8,
        false,
        vec![
            field("c", 0, scalar(Type::Int(I8))),
            field("x", 4, scalar(Type::Int(I32))),
            field("d", 8, scalar(Type::Float(FloatTy::F64))),
            field("u", 16, u),
            field("p", 24, scalar(Type::Ptr)),
        ],
    )
}

#[test]
fn record_declarations_fill_fields_in_order_and_the_first_union_member() {
    let (mut cx, main, _) = with_main();
    let s = cx.mem(main, "s", sample_record());
    let (ch, x, ui, pad) = (
        cx.int_local(main, "c", I8),
        cx.int_local(main, "x", I32),
        cx.int_local(main, "ui", I32),
        cx.int_local(main, "pad", U8),
    );
    let p = cx.local(main, "p", Type::Ptr);
    let at = |off: i128| ptr_add(addr(s), ci(off, I64), 1);
    cx.body(
        main,
        vec![
            Command::InitObject { var: s, len: None, fill: Fill::Uninit },
            load(ch, at(0)),
            load(pad, at(1)),
            load(x, at(4)),
            load(ui, at(16)),
            load(p, at(24)),
            check(eq(v(ch), ci(-1, I8))),
            check(eq(v(pad), ci(0, U8))),
            check(eq(v(x), c(-5))),
            check(eq(v(ui), c(4464))),
            check(eq(v(p), Expr::Null)),
        ],
    );
    let r = cx.run_nondet_uninit(&[0x1ff, -5, 70000, 0, 99]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 4));
    let r = cx.run_on(&[0x1ff, -5, 70000, 0]);
    assert_eq!(r.outcome.kind(), "error");
    assert_eq!(r.nondet_used, 0);
}

#[test]
fn huge_arrays_count_the_inputs_they_do_not_get() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 1 << 20));
    let floats = cx.mem(
        main,
        "f",
        ObjType::Array { elem: Box::new(scalar(Type::Float(FloatTy::F32))), len: ArrayLen::Fixed(1 << 20) },
    );
    cx.body(
        main,
        vec![
            Command::InitObject { var: floats, len: None, fill: Fill::Uninit },
            Command::InitObject { var: a, len: None, fill: Fill::Uninit },
            load(ret, ptr_add(addr(a), c(1), 4)),
        ],
    );
    let r = cx.run_nondet_uninit(&[1, 2]);
    assert_eq!((r.outcome, r.nondet_used), (exit(2), 1 << 20));
}

#[test]
fn variable_length_arrays_fill_their_elements() {
    let (mut cx, main, ret) = with_main();
    let n = cx.param(main, "n", Type::Int(I32));
    let elem = Box::new(scalar(Type::Int(IntTy::I16)));
    let a = cx.mem(main, "a", ObjType::Array { elem, len: ArrayLen::Dynamic });
    let last = cx.int_local(main, "last", IntTy::I16);
    cx.body(
        main,
        vec![
            Command::InitObject { var: a, len: Some(v(n)), fill: Fill::Uninit },
            load(last, ptr_add(addr(a), sub(I32, v(n), c(1)), 2)),
            assign(ret, cast(I32, v(last))),
        ],
    );
    let r = cx.run_nondet_uninit(&[3, 10, 20, 70000]);
    assert_eq!((r.outcome, r.nondet_used), (exit(4464), 4));
}
