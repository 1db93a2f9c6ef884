//! Memory: loads and stores, bounds, stored pointers, copies, lifetimes, the heap, VLAs, and
//! pointer comparison and difference.

mod common;

use common::*;
use leapfrog_interp::{Outcome, UbKind};
use leapfrog_ir::{
    AddressStep, AllocRegion, ArrayLen, CmpOp, Command, Computed, Expr, Fill, FuncId, ObjType, Type, VarId, VarKind,
    VarTy,
};
use leapfrog_source::Span;

/// Undefined behaviour `what` at `span`, of the class its words name.
fn ub(what: &str, span: Span) -> Outcome {
    let kind = if what.starts_with("invalid free") || what == "double free" {
        UbKind::InvalidFree
    } else if ["out-of-bounds", "null pointer", "use of a dead", "through an invalid pointer"]
        .iter()
        .any(|w| what.contains(w))
    {
        UbKind::InvalidDeref
    } else {
        UbKind::Other
    };
    Outcome::Ub { what: what.to_string(), span, kind }
}

fn unsupported(what: &str, span: Span) -> Outcome {
    Outcome::Unsupported { what: what.to_string(), span }
}

fn malloc(dst: VarId, size: i128) -> Command {
    Command::Alloc { dst, size: ci(size, U64), zeroed: false, region: AllocRegion::Heap }
}

fn free(e: Expr) -> Command {
    Command::Free(e)
}

fn diff(a: Expr, b: Expr, scale: u64) -> Expr {
    Expr::PtrDiff { lhs: Box::new(a), rhs: Box::new(b), scale, ty: I64 }
}

#[test]
fn stores_and_loads_of_array_elements() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 100));
    let (x, y) = (cx.int_local(main, "x", I32), cx.int_local(main, "y", I32));
    cx.body(
        main,
        vec![
            store(ptr_add(addr(a), c(7), 4), c(-3)),
            store(ptr_add(addr(a), c(99), 4), c(50)),
            load(x, ptr_add(addr(a), c(7), 4)),
            load(y, ptr_add(addr(a), ci(99, U64), 4)),
            assign(ret, add(I32, v(x), v(y))),
        ],
    );
    assert_eq!(cx.outcome(), exit(47));
}

#[test]
fn out_of_bounds_accesses_are_ub() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 100));
    let edges = cx.body(main, vec![load(ret, ptr_add(addr(a), c(100), 4))]);
    let what = "out-of-bounds read of 4 bytes at offset 400 of object `a` (400 bytes)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[0])));

    let (mut cx, main, _) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 100));
    let edges = cx.body(main, vec![store(ptr_add(addr(a), c(-1), 4), ci(1, I64))]);
    let what = "out-of-bounds write of 8 bytes at offset -4 of object `a` (400 bytes)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[0])));

    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 100));
    cx.body(main, vec![load(ret, ptr_add(addr(a), c(397), 1))]);
    assert_eq!(cx.outcome().kind(), "ub");
}

#[test]
fn null_dereference_is_ub() {
    let (mut cx, main, ret) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    let edges = cx.body(main, vec![load(ret, v(p))]);
    assert_eq!(cx.outcome(), ub("null pointer dereference", cx.span_of(main, edges[0])));
    let (mut cx, main, _) = with_main();
    cx.body(main, vec![store(ptr_add(Expr::Null, c(2), 4), c(1))]);
    assert_eq!(cx.outcome().kind(), "ub");
}

#[test]
fn stored_pointers_keep_their_provenance() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 4));
    let pp = cx.mem(main, "pp", scalar(Type::Ptr));
    let q = cx.local(main, "q", Type::Ptr);
    cx.body(
        main,
        vec![
            store(addr(pp), ptr_add(addr(a), c(1), 4)),
            load(q, addr(pp)),
            store(v(q), c(7)),
            check(eq(v(q), ptr_add(addr(a), c(1), 4))),
            load(ret, ptr_add(addr(a), c(1), 4)),
        ],
    );
    assert_eq!(cx.outcome(), exit(7));
}

#[test]
fn integer_reads_of_pointer_bytes_are_unsupported() {
    let (mut cx, main, ret) = with_main();
    let pp = cx.mem(main, "pp", scalar(Type::Ptr));
    let edges = cx.body(main, vec![store(addr(pp), addr(pp)), load(ret, ptr_add(addr(pp), c(4), 1))]);
    assert_eq!(cx.outcome(), unsupported("integer read of pointer bytes", cx.span_of(main, edges[1])));

    let (mut cx, main, _) = with_main();
    let pp = cx.mem(main, "pp", scalar(Type::Ptr));
    let q = cx.local(main, "q", Type::Ptr);
    let edges = cx.body(main, vec![store(addr(pp), ci(1, U64)), load(q, addr(pp))]);
    assert_eq!(cx.outcome(), unsupported("pointer made from integer bytes", cx.span_of(main, edges[1])));
}

/// `struct { int *p; int n; }` (16 bytes).
fn ptr_pair() -> ObjType {
    record(16, 8, false, vec![field("p", 0, scalar(Type::Ptr)), field("n", 8, scalar(Type::Int(I32)))])
}

#[test]
fn memcopy_copies_bytes_and_pointers() {
    let (mut cx, main, ret) = with_main();
    let x = cx.mem(main, "x", scalar(Type::Int(I32)));
    let (s, t) = (cx.mem(main, "s", ptr_pair()), cx.mem(main, "t", ptr_pair()));
    let (q, n) = (cx.local(main, "q", Type::Ptr), cx.int_local(main, "n", I32));
    cx.body(
        main,
        vec![
            store(addr(x), c(40)),
            store(addr(s), addr(x)),
            store(ptr_add(addr(s), c(8), 1), c(2)),
            Command::MemCopy { dst: addr(t), src: addr(s), size: ci(16, U64) },
            load(q, addr(t)),
            load(ret, v(q)),
            load(n, ptr_add(addr(t), c(8), 1)),
            assign(ret, add(I32, v(ret), v(n))),
        ],
    );
    assert_eq!(cx.outcome(), exit(42));
}

#[test]
fn memcopy_is_memmove_and_checks_bounds() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(U8, 4));
    let at = |i| ptr_add(addr(a), c(i), 1);
    let word = cx.int_local(main, "w", U32);
    let edges = cx.body(
        main,
        vec![
            store(addr(a), ci(0x04030201, U32)),
            Command::MemCopy { dst: at(1), src: at(0), size: ci(3, U64) },
            load(word, addr(a)),
            check(eq(v(word), ci(0x03020101, U32))),
            Command::MemCopy { dst: Expr::Null, src: Expr::Null, size: ci(0, U64) },
            Command::MemCopy { dst: at(2), src: at(0), size: ci(3, U64) },
            assign(ret, c(1)),
        ],
    );
    let what = "out-of-bounds write of 3 bytes at offset 2 of object `a` (4 bytes)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[5])));
}

#[test]
fn memset_sets_bytes_and_clears_pointers() {
    let (mut cx, main, ret) = with_main();
    let s = cx.mem(main, "s", ptr_pair());
    let q = cx.local(main, "q", Type::Ptr);
    let edges = cx.body(
        main,
        vec![
            store(addr(s), addr(s)),
            Command::MemSet { dst: addr(s), byte: c(0x1ff), size: ci(16, U64) },
            load(ret, ptr_add(addr(s), c(8), 1)),
            check(eq(v(ret), c(-1))),
            Command::MemSet { dst: addr(s), byte: c(0), size: ci(8, U64) },
            load(q, addr(s)),
            check(eq(v(q), Expr::Null)),
            Command::MemSet { dst: addr(s), byte: c(1), size: ci(1, U64) },
            load(q, addr(s)),
        ],
    );
    assert_eq!(cx.outcome(), unsupported("pointer made from integer bytes", cx.span_of(main, edges[8])));
}

/// `int *f(void) { int local[2]; return &local[1]; }`
fn leaking_function(cx: &mut Ctx, region: Option<AllocRegion>) -> FuncId {
    let f = cx.func("f");
    let r = cx.ret(f, Type::Ptr);
    match region {
        None => {
            let local = cx.mem(f, "local", int_array(I32, 2));
            cx.body(
                f,
                vec![
                    Command::InitObject { var: local, len: None, fill: Fill::Zero },
                    assign(r, ptr_add(addr(local), c(1), 4)),
                ],
            );
        }
        Some(region) => {
            cx.body(f, vec![Command::Alloc { dst: r, size: ci(8, U64), zeroed: false, region }]);
        }
    }
    f
}

#[test]
fn locals_and_allocas_die_when_their_function_returns() {
    let (mut cx, main, ret) = with_main();
    let f = leaking_function(&mut cx, None);
    let p = cx.local(main, "p", Type::Ptr);
    let edges = cx.body(main, vec![Command::Call { dst: Some(p), callee: f, args: vec![] }, load(ret, v(p))]);
    let what = "use of a dead object (read of object `local` after its lifetime ended)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[1])));

    let (mut cx, main, ret) = with_main();
    let f = leaking_function(&mut cx, Some(AllocRegion::Stack));
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![Command::Call { dst: Some(p), callee: f, args: vec![] }, load(ret, v(p))]);
    assert_eq!(cx.outcome().kind(), "ub");

    let (mut cx, main, ret) = with_main();
    let f = leaking_function(&mut cx, Some(AllocRegion::Heap));
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![Command::Call { dst: Some(p), callee: f, args: vec![] }, load(ret, v(p))]);
    assert_eq!(cx.outcome(), exit(0));
}

#[test]
fn every_call_gets_fresh_locals() {
    let (mut cx, main, ret) = with_main();
    let f = cx.func("f");
    let fr = cx.ret(f, Type::Int(I32));
    let local = cx.mem(f, "local", scalar(Type::Int(I32)));
    cx.body(f, vec![load(fr, addr(local)), store(addr(local), add(I32, v(fr), c(1))), load(fr, addr(local))]);
    let t = cx.int_local(main, "t", I32);
    let call = |dst| Command::Call { dst: Some(dst), callee: f, args: vec![] };
    cx.body(main, vec![call(t), call(ret), assign(ret, add(I32, v(ret), v(t)))]);
    assert_eq!(cx.outcome(), exit(2));
}

#[test]
fn malloc_and_free() {
    let (mut cx, main, ret) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(
        main,
        vec![
            malloc(p, 8),
            store(ptr_add(v(p), c(1), 4), c(5)),
            load(ret, ptr_add(v(p), c(1), 4)),
            free(v(p)),
            free(Expr::Null),
        ],
    );
    assert_eq!(cx.outcome(), exit(5));

    let (mut cx, main, ret) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    let edges = cx.body(main, vec![malloc(p, 8), free(v(p)), load(ret, v(p))]);
    let what = "use of a dead object (read of a freed heap object)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[2])));

    let (mut cx, main, _) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    let edges = cx.body(main, vec![malloc(p, 8), free(v(p)), free(v(p))]);
    assert_eq!(cx.outcome(), ub("double free", cx.span_of(main, edges[2])));
}

#[test]
fn invalid_frees_are_ub() {
    let (mut cx, main, _) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![malloc(p, 8), free(ptr_add(v(p), c(1), 4))]);
    assert_eq!(cx.outcome().kind(), "ub");

    let (mut cx, main, _) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 2));
    let edges = cx.body(main, vec![free(addr(a))]);
    let what = "invalid free of object `a`, which was not allocated by malloc";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[0])));
}

#[test]
fn allocation_sizes_are_checked() {
    let (mut cx, main, _) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![Command::Alloc { dst: p, size: c(-1), zeroed: true, region: AllocRegion::Heap }]);
    assert_eq!(cx.outcome().kind(), "ub");
    let (mut cx, main, _) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![malloc(p, 1 << 50)]);
    assert_eq!(cx.outcome().kind(), "limit");
    let (mut cx, main, ret) = with_main();
    let p = cx.local(main, "p", Type::Ptr);
    cx.body(main, vec![malloc(p, 0), check(Expr::not(eq(v(p), Expr::Null))), load(ret, v(p))]);
    assert_eq!(cx.outcome().kind(), "ub");
}

/// `main(n)`: `int a[n]; a[n-1] = 5; return a[idx(n)];`
fn vla_program(idx: fn(Expr) -> Expr) -> (Ctx, FuncId, Vec<leapfrog_ir::EdgeId>) {
    let (mut cx, main, ret) = with_main();
    let n = cx.param(main, "n", Type::Int(I32));
    let elem = Box::new(scalar(Type::Int(I32)));
    let a = cx.mem(main, "a", ObjType::Array { elem, len: ArrayLen::Dynamic });
    let edges = cx.body(
        main,
        vec![
            Command::InitObject { var: a, len: Some(v(n)), fill: Fill::Uninit },
            store(ptr_add(addr(a), sub(I32, v(n), c(1)), 4), c(5)),
            load(ret, ptr_add(addr(a), idx(v(n)), 4)),
        ],
    );
    (cx, main, edges)
}

#[test]
fn variable_length_arrays() {
    let (cx, _, _) = vla_program(|n| sub(I32, n, c(1)));
    assert_eq!(cx.run_on(&[10]).outcome, exit(5));
    let (cx, main, edges) = vla_program(|n| n);
    let what = "out-of-bounds read of 4 bytes at offset 12 of object `a` (12 bytes)";
    assert_eq!(cx.run_on(&[3]).outcome, ub(what, cx.span_of(main, edges[2])));
    let what = "variable-length array of negative length -2";
    assert_eq!(cx.run_on(&[-2]).outcome, ub(what, cx.span_of(main, edges[0])));
    assert_eq!(cx.run_on(&[0]).outcome.kind(), "ub");
    assert_eq!(cx.run_on(&[1 << 30]).outcome.kind(), "limit");
}

#[test]
fn redeclaring_a_variable_length_array_kills_the_old_one() {
    let (mut cx, main, ret) = with_main();
    let elem = Box::new(scalar(Type::Int(I32)));
    let a = cx.mem(main, "a", ObjType::Array { elem, len: ArrayLen::Dynamic });
    let old = cx.local(main, "old", Type::Ptr);
    let decl = |len| Command::InitObject { var: a, len: Some(c(len)), fill: Fill::Zero };
    let edges = cx.body(main, vec![decl(2), assign(old, addr(a)), decl(3), load(ret, addr(a)), load(ret, v(old))]);
    assert_eq!(cx.outcome().kind(), "ub");
    assert_eq!(
        cx.outcome(),
        ub("use of a dead object (read of object `a` after its lifetime ended)", cx.span_of(main, edges[4]))
    );
}

#[test]
fn pointer_comparison_and_difference() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 4));
    let b = cx.mem(main, "b", int_array(I32, 4));
    let el = |i| ptr_add(addr(a), c(i), 4);
    cx.body(
        main,
        vec![
            check(eq(addr(a), el(0))),
            check(Expr::not(eq(addr(a), addr(b)))),
            check(Expr::not(eq(addr(a), Expr::Null))),
            check(eq(ptr_add(Expr::Null, c(0), 4), Expr::Null)),
            check(cmp(CmpOp::Gt, el(3), el(1))),
            check(cmp(CmpOp::Le, el(4), el(4))),
            assign(ret, cast(I32, diff(el(3), el(1), 4))),
        ],
    );
    assert_eq!(cx.outcome(), exit(2));

    let (mut cx, main, _) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 4));
    let b = cx.mem(main, "b", int_array(I32, 4));
    let edges = cx.body(main, vec![check(lt(addr(a), addr(b)))]);
    let what = "relational comparison of pointers to different objects";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[0])));

    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 4));
    let b = cx.mem(main, "b", int_array(I32, 4));
    cx.body(main, vec![assign(ret, cast(I32, diff(addr(a), addr(b), 4)))]);
    assert_eq!(cx.outcome().kind(), "ub");
}

#[test]
fn globals_are_zero_filled_and_initialized_by_init() {
    let (mut cx, main, ret) = with_main();
    let g = cx.global("g", VarTy::Mem(int_array(I32, 3)));
    let p = cx.global("p", VarTy::Reg(Type::Ptr));
    cx.init(vec![store(ptr_add(addr(g), c(1), 4), c(8)), assign(p, ptr_add(addr(g), c(2), 4))]);
    let x = cx.int_local(main, "x", I32);
    cx.body(
        main,
        vec![
            store(v(p), c(30)),
            load(x, ptr_add(addr(g), c(1), 4)),
            load(ret, ptr_add(addr(g), c(0), 4)),
            assign(ret, add(I32, v(ret), v(x))),
            load(x, ptr_add(addr(g), c(2), 4)),
            assign(ret, add(I32, v(ret), v(x))),
        ],
    );
    assert_eq!(cx.outcome(), exit(38));
}

#[test]
fn address_taken_parameters_live_in_memory() {
    let (mut cx, main, ret) = with_main();
    let f = cx.func("f");
    let fr = cx.ret(f, Type::Int(I32));
    let span = cx.span();
    let param = cx.p.vars.push(leapfrog_ir::Var {
        name: "x".to_string(),
        ty: VarTy::Mem(scalar(Type::Int(I32))),
        kind: VarKind::Param,
        func: Some(f),
        span,
        scope: None,
    });
    cx.p.funcs[f].params.push(param);
    cx.body(f, vec![load(fr, addr(param))]);
    cx.body(main, vec![Command::Call { dst: Some(ret), callee: f, args: vec![c(31)] }]);
    assert_eq!(cx.outcome(), exit(31));
}

#[test]
fn pointers_are_four_bytes_under_ilp32() {
    let (mut cx, main, ret) = with_main();
    cx.p.data_model = leapfrog_ir::DataModel::ILP32;
    let x = cx.mem(main, "x", scalar(Type::Int(I32)));
    let pair = record(8, 4, false, vec![field("p", 0, scalar(Type::Ptr)), field("n", 4, scalar(Type::Int(I32)))]);
    let (s, t) = (cx.mem(main, "s", pair.clone()), cx.mem(main, "t", pair));
    let q = cx.local(main, "q", Type::Ptr);
    cx.body(
        main,
        vec![
            store(addr(x), c(12)),
            store(addr(s), addr(x)),
            store(ptr_add(addr(s), c(4), 1), c(30)),
            Command::MemCopy { dst: addr(t), src: addr(s), size: ci(8, U32) },
            load(q, addr(t)),
            load(ret, v(q)),
        ],
    );
    assert_eq!(cx.outcome(), exit(12));
    // The integer after the pointer is readable; the pointer's own bytes are not.
    let (mut cx2, main2, ret2) = with_main();
    cx2.p.data_model = leapfrog_ir::DataModel::ILP32;
    let pp = cx2.mem(main2, "pp", scalar(Type::Ptr));
    let n = cx2.mem(main2, "n", scalar(Type::Int(I32)));
    cx2.body(main2, vec![store(addr(pp), addr(n)), load(ret2, ptr_add(addr(pp), c(4), 1))]);
    assert_eq!(cx2.outcome().kind(), "ub");
}

/// An opaque step that converts between a pointer and an integer, computed.
fn convert(step: AddressStep) -> Command {
    let (AddressStep::ToInt { dst, .. } | AddressStep::ToPointer { dst, .. }) = step;
    Command::Opaque {
        what: "conversion between a pointer and an integer".into(),
        havoc: vec![dst],
        writes_memory: false,
        may_not_return: false,
        compute: Some(Box::new(Computed::Address(step))),
    }
}

#[test]
fn pointers_convert_to_addresses_and_back() {
    // a[2] := 7; n := (u64) &a[1]; p := (ptr) (n + 4), which is &a[2]; null and 0 convert to each
    // other; then p truncated to 32 bits and back, no longer a pointer into `a`.
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(I32, 4));
    let (n, low, null) = (cx.int_local(main, "n", U64), cx.int_local(main, "low", U32), cx.int_local(main, "z", U64));
    let (p, q, r) = (cx.local(main, "p", Type::Ptr), cx.local(main, "q", Type::Ptr), cx.local(main, "r", Type::Ptr));
    let edges = cx.body(
        main,
        vec![
            store(ptr_add(addr(a), c(2), 4), c(7)),
            convert(AddressStep::ToInt { dst: n, pointer: ptr_add(addr(a), c(1), 4) }),
            convert(AddressStep::ToPointer { dst: p, integer: add(U64, v(n), ci(4, U64)) }),
            convert(AddressStep::ToInt { dst: null, pointer: Expr::Null }),
            convert(AddressStep::ToPointer { dst: r, integer: v(null) }),
            check(eq(v(r), Expr::Null)),
            check(eq(v(p), ptr_add(addr(a), c(2), 4))),
            load(ret, v(p)),
            // Truncated to 32 bits, the address is no object's.
            convert(AddressStep::ToInt { dst: low, pointer: v(p) }),
            convert(AddressStep::ToPointer { dst: q, integer: v(low) }),
            load(ret, v(q)),
        ],
    );
    let what = "read through an invalid pointer (address 0x8)";
    assert_eq!(cx.outcome(), ub(what, cx.span_of(main, edges[10])));

    // A freed object's address converts back to a dangling pointer; past its end is out of bounds.
    for (freed, offset, what) in [
        (true, 0, "use of a dead object (read of a freed heap object)"),
        (false, 8, "out-of-bounds read of 4 bytes at offset 8 of a heap object (8 bytes)"),
    ] {
        let (mut cx, main, ret) = with_main();
        let (n, p) = (cx.int_local(main, "n", U64), cx.local(main, "p", Type::Ptr));
        let mut cmds = vec![malloc(p, 8), convert(AddressStep::ToInt { dst: n, pointer: v(p) })];
        if freed {
            cmds.push(free(v(p)));
        }
        cmds.push(convert(AddressStep::ToPointer { dst: p, integer: add(U64, v(n), ci(offset, U64)) }));
        cmds.push(load(ret, v(p)));
        let edges = cx.body(main, cmds);
        assert_eq!(cx.outcome(), ub(what, cx.span_of(main, *edges.last().unwrap())));
    }

    // With 32-bit pointers, objects have no addresses apart.
    let (mut cx, main, _) = with_main();
    cx.p.data_model = leapfrog_ir::DataModel::ILP32;
    let (a, n) = (cx.mem(main, "a", int_array(I32, 4)), cx.int_local(main, "n", U32));
    cx.body(main, vec![convert(AddressStep::ToInt { dst: n, pointer: addr(a) })]);
    assert_eq!(cx.outcome().kind(), "unsupported");
}
