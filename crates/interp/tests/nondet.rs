//! The input stream: consumption order, conversion to the destination type, exhaustion,
//! uninitialized variables and never-written memory under both modes, volatile reads, and
//! inputs proposed per edge.

mod common;

use common::*;
use leapfrog_interp::{EdgeInputs, ExecConfig, Outcome, Region, UninitMode, run_with};
use leapfrog_ir::nondet::Source;
use leapfrog_ir::{AllocRegion, ArrayLen, Command, Expr, Fill, FloatTy, HavocOrigin, IntTy, ObjType, Type};

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
    assert_eq!(cx.run_on(&[16]).outcome, Outcome::Ub { what, span, kind: leapfrog_interp::UbKind::InvalidDeref });
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

#[test]
fn an_uninitialized_register_takes_its_input_at_its_first_read_and_an_unread_one_takes_none() {
    let (mut cx, main, ret) = with_main();
    let (x, y, z) = (cx.int_local(main, "x", I32), cx.int_local(main, "y", I32), cx.int_local(main, "z", I32));
    let edges =
        cx.body(main, vec![uninit(x), uninit(z), nondet(y), assign(ret, sub(I32, v(x), v(y))), assign(z, c(1))]);
    let r = cx.run_nondet_uninit(&[10, 3]);
    assert_eq!((r.outcome, r.nondet_used), (exit(-7), 2));
    assert_eq!(r.input_counts.get(&Source::UninitializedLocal), Some(&1));
    // Zero mode: the read gives 0 and is counted.
    let r = cx.run_on(&[10]);
    assert!(r.read_any_input());
    assert_eq!((r.outcome, r.nondet_used), (exit(-10), 1));
    // Proposed per edge: the value belongs to the declaration's edge, whenever it is read.
    let mut oracle = EdgeInputs::default();
    oracle.push(main, edges[0], 50);
    oracle.push(main, edges[2], 8);
    let cfg = ExecConfig { uninit: UninitMode::Nondet, record_inputs: true, ..ExecConfig::default() };
    let r = run_with(&cx.p, &cfg, &mut oracle);
    assert_eq!((r.outcome, r.inputs), (exit(42), vec![8, 50]));
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
fn record_fields_take_one_input_per_read_of_unwritten_bytes() {
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
            // Read again: the bytes keep the values they took.
            load(x, at(4)),
            check(eq(v(ch), ci(-1, I8))),
            check(eq(v(pad), ci(7, U8))),
            check(eq(v(x), c(-5))),
            check(eq(v(ui), c(70000))),
            check(eq(v(p), Expr::Null)),
        ],
    );
    let r = cx.run_nondet_uninit(&[0x1ff, 7, -5, 70000, 0, 99]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0), 5));
    assert_eq!(r.unwritten_reads.len(), 5);
    assert!(r.unwritten_reads.iter().all(|u| u.region == Region::Local && u.object == "object `s`"));
    assert_eq!(r.input_counts.get(&Source::UnwrittenMemory), Some(&5));
    // Under zero mode the reads are reported and counted, and consume nothing.
    let r = cx.run_on(&[0x1ff, -5, 70000, 0]);
    assert_eq!(r.outcome.kind(), "error");
    assert_eq!(r.nondet_used, 0);
    assert!(r.read_any_input());
    assert_eq!(r.unwritten_counts.get(&Region::Local), Some(&5));
}

#[test]
fn a_read_of_partly_written_bytes_keeps_the_written_ones() {
    let (mut cx, main, ret) = with_main();
    let a = cx.mem(main, "a", int_array(U8, 8));
    let (x, y) = (cx.int_local(main, "x", U32), cx.int_local(main, "y", U32));
    cx.body(
        main,
        vec![
            Command::InitObject { var: a, len: None, fill: Fill::Uninit },
            store(ptr_add(addr(a), c(5), 1), ci(0x12, U8)),
            load(x, ptr_add(addr(a), c(4), 1)),
            load(y, ptr_add(addr(a), c(4), 1)),
            check(eq(v(x), v(y))),
            assign(ret, cast(I32, bin(leapfrog_ir::BinOp::BitAnd, U32, v(x), ci(0xffff, U32)))),
        ],
    );
    let r = cx.run_nondet_uninit(&[0x7fff_ffff]);
    assert_eq!((r.outcome, r.nondet_used), (exit(0x12ff), 1));
}

#[test]
fn huge_arrays_cost_only_the_inputs_they_read() {
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
    let r = cx.run_nondet_uninit(&[2, 1]);
    assert_eq!((r.outcome, r.nondet_used), (exit(2), 1));
}

#[test]
fn variable_length_arrays_start_unwritten() {
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
    let r = cx.run_nondet_uninit(&[3, 70000]);
    assert_eq!((r.outcome, r.nondet_used), (exit(4464), 2));
}

fn alloc(dst: leapfrog_ir::VarId, size: i128, zeroed: bool, region: AllocRegion) -> Command {
    Command::Alloc { dst, size: ci(size, U64), zeroed, region }
}

#[test]
fn malloc_and_alloca_bytes_are_inputs_until_written_and_calloc_bytes_are_zero() {
    for (zeroed, region, inputs) in
        [(false, AllocRegion::Heap, 1), (false, AllocRegion::Stack, 1), (true, AllocRegion::Heap, 0)]
    {
        let (mut cx, main, ret) = with_main();
        let (p, x) = (cx.local(main, "p", Type::Ptr), cx.int_local(main, "x", I32));
        cx.body(
            main,
            vec![
                alloc(p, 8, zeroed, region),
                store(ptr_add(v(p), c(1), 4), c(3)),
                load(x, ptr_add(v(p), c(1), 4)),
                load(ret, v(p)),
                assign(ret, add(I32, v(ret), v(x))),
            ],
        );
        let r = cx.run_nondet_uninit(&[-5]);
        let expected = if inputs == 1 { -2 } else { 3 };
        assert_eq!((r.outcome, r.nondet_used), (exit(expected), inputs), "{region:?} zeroed={zeroed}");
        let want = match (zeroed, region) {
            (true, _) => None,
            (false, AllocRegion::Heap) => Some(Region::Heap),
            (false, AllocRegion::Stack) => Some(Region::Alloca),
        };
        assert_eq!(r.unwritten_reads.first().map(|u| u.region), want);
        // Zero mode: the same read gives 0 and is still reported.
        let r = cx.run_on(&[-5]);
        assert_eq!(r.outcome, exit(3));
        assert_eq!(r.unwritten_reads.len(), inputs);
    }
}

#[test]
fn block_copies_carry_unwritten_bytes_and_memset_writes() {
    let (mut cx, main, ret) = with_main();
    let (p, q, x, y) = (
        cx.local(main, "p", Type::Ptr),
        cx.local(main, "q", Type::Ptr),
        cx.int_local(main, "x", I32),
        cx.int_local(main, "y", I32),
    );
    cx.body(
        main,
        vec![
            alloc(p, 8, false, AllocRegion::Heap),
            alloc(q, 8, true, AllocRegion::Heap),
            Command::MemSet { dst: v(p), byte: c(1), size: ci(4, U64) },
            // q[0..4] = 0x01010101 (written), q[4..8] = p[4..8] (never written).
            Command::MemCopy { dst: v(q), src: v(p), size: ci(8, U64) },
            load(x, v(q)),
            load(y, ptr_add(v(q), c(1), 4)),
            assign(ret, sub(I32, v(y), v(x))),
        ],
    );
    let r = cx.run_nondet_uninit(&[0x01010109]);
    assert_eq!((r.outcome, r.nondet_used), (exit(8), 1));
    assert_eq!(r.unwritten_reads.len(), 1);
}

#[test]
fn volatile_reads_are_inputs_only_under_nondet_mode() {
    let (mut cx, main, ret) = with_main();
    let g = cx.global("g", leapfrog_ir::VarTy::Mem(scalar(Type::Int(I32))));
    cx.body(main, vec![store(addr(g), c(4)), load(ret, addr(g)), Command::Havoc(ret, HavocOrigin::Volatile)]);
    let r = cx.run_nondet_uninit(&[9]);
    assert_eq!((r.outcome, r.nondet_used), (exit(9), 1));
    let r = cx.run_on(&[9]);
    assert_eq!((r.outcome, r.nondet_used), (exit(4), 0));
    assert_eq!(r.input_counts.get(&Source::VolatileRead), Some(&1));
}

#[test]
fn values_proposed_per_edge_are_recorded_as_a_stream_that_replays_the_run() {
    let (mut cx, main, ret) = with_main();
    let (p, x, y) = (cx.local(main, "p", Type::Ptr), cx.int_local(main, "x", I32), cx.int_local(main, "y", I32));
    let edges = cx.body(
        main,
        vec![
            alloc(p, 8, false, AllocRegion::Heap),
            nondet(x),
            load(y, ptr_add(v(p), c(1), 4)),
            assign(ret, sub(I32, v(y), v(x))),
        ],
    );
    let mut oracle = EdgeInputs::default();
    oracle.push(main, edges[2], 50);
    oracle.push(main, edges[1], 8);
    let cfg = ExecConfig { uninit: UninitMode::Nondet, record_inputs: true, ..ExecConfig::default() };
    let r = run_with(&cx.p, &cfg, &mut oracle);
    assert_eq!((r.outcome, r.inputs.clone()), (exit(42), vec![8, 50]));
    let replay = cx.run_nondet_uninit(&r.inputs);
    assert_eq!(replay.outcome, exit(42));
}
