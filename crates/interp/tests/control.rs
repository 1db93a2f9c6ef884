//! Control flow: branches, loops, limits, terminal commands, calls and recursion, and stuck or
//! inconsistent programs.

mod common;

use common::*;
use leapfrog_interp::{ExecConfig, Outcome, Watch};
use leapfrog_ir::{AssertOrigin, CmpOp, Command, Expr, FuncId, LocId, Type, VarId, VarTy};

/// `main(x)`: `if (x > 5) r = 1; else r = 2; return r;`
#[test]
fn branches_take_the_enabled_edge() {
    let (mut cx, main, ret) = with_main();
    let x = cx.param(main, "x", Type::Int(I32));
    let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
    let (then, other) = (cx.loc(main), cx.loc(main));
    cx.edge(main, entry, then, assume(cmp(CmpOp::Gt, v(x), c(5))));
    cx.edge(main, entry, other, assume(cmp(CmpOp::Le, v(x), c(5))));
    cx.edge(main, then, exit_loc, assign(ret, c(1)));
    cx.edge(main, other, exit_loc, assign(ret, c(2)));
    assert_eq!(cx.run_on(&[6]).outcome, exit(1));
    assert_eq!(cx.run_on(&[5]).outcome, exit(2));
    let r = cx.run_on(&[-3]);
    assert_eq!((r.outcome, r.steps, r.nondet_used), (exit(2), 2, 1));
}

/// `i = 0; while (i < n) i = i + 1; return i;` — the loop of the spec, with its step count.
fn counting_loop(n: i128) -> Ctx {
    let (mut cx, main, ret) = with_main();
    let i = cx.int_local(main, "i", I32);
    let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
    let (head, body, done) = (cx.loc(main), cx.loc(main), cx.loc(main));
    cx.edge(main, entry, head, assign(i, c(0)));
    cx.edge(main, head, body, assume(lt(v(i), c(n))));
    cx.edge(main, head, done, assume(Expr::not(lt(v(i), c(n)))));
    cx.edge(main, body, head, assign(i, add(I32, v(i), c(1))));
    cx.edge(main, done, exit_loc, assign(ret, v(i)));
    cx
}

#[test]
fn a_million_iterations() {
    let r = counting_loop(1_000_000).run(&ExecConfig::default());
    assert_eq!(r.outcome, exit(1_000_000));
    assert_eq!(r.steps, 1 + 2 * 1_000_000 + 1 + 1);
}

#[test]
fn step_limit() {
    let r = counting_loop(1_000_000).run(&ExecConfig { max_steps: 1000, ..ExecConfig::default() });
    assert_eq!(r.outcome, Outcome::Limit { what: "step limit".to_string() });
    assert_eq!(r.steps, 1000);
    let exact = counting_loop(10).run(&ExecConfig { max_steps: 23, ..ExecConfig::default() });
    assert_eq!((exact.outcome, exact.steps), (exit(10), 23));
}

/// `main(x)`: `i = 0; while (i < x) i++; return i;` — reads its one input at the start.
#[test]
fn a_run_can_stop_at_its_first_input() {
    let stop = ExecConfig { stop_at_input: true, nondet: vec![1_000_000], ..ExecConfig::default() };
    // A run that reads no input is not stopped.
    let r = counting_loop(1000).run(&stop);
    assert_eq!((r.outcome, r.steps), (exit(1000), 2003));
    let (mut cx, main, ret) = with_main();
    let x = cx.param(main, "x", Type::Int(I32));
    let i = cx.int_local(main, "i", I32);
    let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
    let (head, body, done) = (cx.loc(main), cx.loc(main), cx.loc(main));
    cx.edge(main, entry, head, assign(i, c(0)));
    cx.edge(main, head, body, assume(lt(v(i), v(x))));
    cx.edge(main, head, done, assume(Expr::not(lt(v(i), v(x)))));
    cx.edge(main, body, head, assign(i, add(I32, v(i), c(1))));
    cx.edge(main, done, exit_loc, assign(ret, v(i)));
    let r = cx.run(&stop);
    assert_eq!(r.outcome, Outcome::Limit { what: "an input was consulted".to_string() });
    assert!(r.steps <= 1 && r.read_any_input(), "stopped after {} steps", r.steps);
    // Without the option the same run goes on to its end.
    let full = cx.run(&ExecConfig { nondet: vec![1_000_000], ..ExecConfig::default() });
    assert_eq!(full.outcome, exit(1_000_000));
}

#[test]
fn trace_records_executed_edges() {
    let cx = counting_loop(2);
    let r = cx.run(&ExecConfig { record_trace: true, ..ExecConfig::default() });
    let edges: Vec<u32> = r.trace.iter().map(|(_, e)| e.0).collect();
    assert_eq!(edges, vec![0, 1, 3, 1, 3, 2, 4]);
    assert!(r.trace.iter().all(|(f, _)| Some(*f) == cx.p.entry));
    assert!(counting_loop(2).run(&ExecConfig::default()).trace.is_empty());
}

#[test]
fn watched_locations_record_their_states() {
    let cx = counting_loop(5);
    let main = cx.p.entry.unwrap();
    let head = cx.p.funcs[main].edges.iter().nth(1).unwrap().1.from;
    let i = cx.p.vars.iter().find(|(_, v)| v.name == "i").unwrap().0;
    let watch = |per_loc| Watch { func: main, locs: vec![head], vars: vec![i], per_loc };
    let r = cx.run(&ExecConfig { watch: Some(watch(100)), ..ExecConfig::default() });
    let seen: Vec<Option<i128>> = r.snapshots.iter().map(|s| s.values[0]).collect();
    assert_eq!(seen, (0..=5).map(Some).collect::<Vec<_>>());
    assert!(r.snapshots.iter().all(|s| s.loc == head));
    // At most `per_loc` per location, the first ones.
    let r = cx.run(&ExecConfig { watch: Some(watch(2)), ..ExecConfig::default() });
    assert_eq!(r.snapshots.iter().map(|s| s.values[0]).collect::<Vec<_>>(), vec![Some(0), Some(1)]);
    assert!(cx.run(&ExecConfig::default()).snapshots.is_empty());
}

#[test]
fn false_assumptions_block() {
    let (mut cx, main, _) = with_main();
    let edges = cx.body(main, vec![Command::Skip, assume(Expr::Bool(false))]);
    let span = cx.span_of(main, edges[1]);
    let r = cx.run(&ExecConfig::default());
    assert_eq!((r.outcome, r.steps), (Outcome::Blocked { span }, 1));

    let (mut cx, main, _) = with_main();
    let x = cx.param(main, "x", Type::Int(I32));
    let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
    let first = cx.edge(main, entry, exit_loc, assume(lt(v(x), c(0))));
    cx.edge(main, entry, exit_loc, assume(cmp(CmpOp::Gt, v(x), c(0))));
    assert_eq!(cx.run_on(&[0]).outcome, Outcome::Blocked { span: cx.span_of(main, first) });
    assert_eq!(cx.run_on(&[1]).outcome, exit(0));
}

#[test]
fn overlapping_branch_conditions_are_unsupported() {
    let (mut cx, main, _) = with_main();
    let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
    cx.edge(main, entry, exit_loc, assume(Expr::Bool(true)));
    cx.edge(main, entry, exit_loc, assume(Expr::Bool(true)));
    match cx.outcome() {
        Outcome::Unsupported { what, .. } => assert_eq!(what, "nondeterministic branch"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_failing_assertion_is_an_error_with_its_origin() {
    let (mut cx, main, _) = with_main();
    let x = cx.param(main, "x", Type::Int(I32));
    let edges = cx.body(main, vec![Command::Assert { cond: lt(v(x), c(10)), origin: AssertOrigin::VerifierAssert }]);
    let span = cx.span_of(main, edges[0]);
    assert_eq!(cx.run_on(&[3]).outcome, exit(0));
    assert_eq!(cx.run_on(&[10]).outcome, Outcome::Error { origin: AssertOrigin::VerifierAssert, span });
    let (mut cx, main, _) = with_main();
    cx.body(main, vec![Command::Assert { cond: Expr::Bool(false), origin: AssertOrigin::ReachError }]);
    assert_eq!(cx.outcome().kind(), "error");
}

/// `main` calls `f`, which calls `exit(code)` / `abort()`.
fn callee_ends_with(cmd: Command) -> (Ctx, FuncId, VarId) {
    let (mut cx, main, ret) = with_main();
    let f = cx.func("f");
    let halt = cx.p.funcs[f].halt;
    let entry = cx.p.funcs[f].entry;
    cx.edge(f, entry, halt, cmd);
    cx.body(main, vec![Command::Call { dst: None, callee: f, args: vec![] }, assign(ret, c(9))]);
    (cx, f, ret)
}

#[test]
fn exit_and_abort_end_the_execution() {
    let (cx, _, _) = callee_ends_with(Command::Exit(c(3)));
    assert_eq!(cx.outcome(), exit(3));
    let (cx, f, _) = callee_ends_with(Command::Abort);
    let span = cx.p.funcs[f].edges.values().next().unwrap().span;
    assert_eq!(cx.outcome(), Outcome::Abort { span });
}

#[test]
fn void_entry_exits_with_zero() {
    let mut cx = Ctx::new();
    let main = cx.main();
    cx.body(main, vec![Command::Skip]);
    assert_eq!(cx.outcome(), exit(0));
}

#[test]
fn the_initializer_runs_first_and_counts_steps() {
    let (mut cx, main, ret) = with_main();
    let g = cx.global("g", VarTy::Reg(Type::Int(I32)));
    let h = cx.global("h", VarTy::Reg(Type::Int(I32)));
    cx.init(vec![assign(g, c(5)), Command::Skip]);
    cx.body(main, vec![assign(ret, add(I32, v(g), v(h)))]);
    let r = cx.run(&ExecConfig::default());
    assert_eq!((r.outcome, r.steps), (exit(5), 3));
}

/// `fact(n) = n <= 1 ? 1 : n * fact(n - 1)` in `ty`.
fn factorial(cx: &mut Ctx, ty: leapfrog_ir::IntTy) -> FuncId {
    let f = cx.func("fact");
    let n = cx.param(f, "n", Type::Int(ty));
    let ret = cx.ret(f, Type::Int(ty));
    let t = cx.int_local(f, "t", ty);
    let (entry, exit_loc) = (cx.p.funcs[f].entry, cx.p.funcs[f].exit);
    let (base, rec) = (cx.loc(f), cx.loc(f));
    cx.edge(f, entry, base, assume(cmp(CmpOp::Le, v(n), ci(1, ty))));
    cx.edge(f, entry, rec, assume(cmp(CmpOp::Gt, v(n), ci(1, ty))));
    cx.edge(f, base, exit_loc, assign(ret, ci(1, ty)));
    let call = Command::Call { dst: Some(t), callee: f, args: vec![sub(ty, v(n), ci(1, ty))] };
    cx.chain(f, rec, exit_loc, vec![call, assign(ret, mul(ty, v(n), v(t)))]);
    f
}

#[test]
fn recursion() {
    let (mut cx, main, ret) = with_main();
    let fact = factorial(&mut cx, I32);
    cx.body(main, vec![Command::Call { dst: Some(ret), callee: fact, args: vec![c(10)] }]);
    assert_eq!(cx.outcome(), exit(3628800));
    let (mut cx, main, ret) = with_main();
    let fact = factorial(&mut cx, I32);
    cx.body(main, vec![Command::Call { dst: Some(ret), callee: fact, args: vec![c(13)] }]);
    assert_eq!(cx.outcome().kind(), "ub");
}

/// `sum(n) = n == 0 ? 0 : n + sum(n - 1)` in `i64`, called from `main` with `n`.
fn sum_program(n: i128) -> Ctx {
    let mut cx = Ctx::new();
    let main = cx.main();
    let ret = cx.ret(main, Type::Int(I64));
    let f = cx.func("sum");
    let p = cx.param(f, "n", Type::Int(I64));
    let fret = cx.ret(f, Type::Int(I64));
    let t = cx.int_local(f, "t", I64);
    cx.mem(f, "frame_local", int_array(I32, 4));
    let (entry, exit_loc) = (cx.p.funcs[f].entry, cx.p.funcs[f].exit);
    let (base, rec) = (cx.loc(f), cx.loc(f));
    cx.edge(f, entry, base, assume(eq(v(p), ci(0, I64))));
    cx.edge(f, entry, rec, assume(cmp(CmpOp::Ne, v(p), ci(0, I64))));
    cx.edge(f, base, exit_loc, assign(fret, ci(0, I64)));
    let call = Command::Call { dst: Some(t), callee: f, args: vec![sub(I64, v(p), ci(1, I64))] };
    cx.chain(f, rec, exit_loc, vec![call, assign(fret, add(I64, v(p), v(t)))]);
    cx.body(main, vec![Command::Call { dst: Some(ret), callee: f, args: vec![ci(n, I64)] }]);
    cx
}

#[test]
fn deep_recursion_does_not_use_the_rust_stack() {
    let r = sum_program(50_000).run(&ExecConfig::default());
    assert_eq!(r.outcome, exit(1_250_025_000));
}

#[test]
fn call_depth_limit() {
    let cx = sum_program(1000);
    let cfg = ExecConfig { max_call_depth: 100, ..ExecConfig::default() };
    assert_eq!(cx.run(&cfg).outcome, Outcome::Limit { what: "call depth".to_string() });
    let cfg = ExecConfig { max_call_depth: 1002, ..ExecConfig::default() };
    assert_eq!(cx.run(&cfg).outcome, exit(500500));
    let cfg = ExecConfig { max_call_depth: 1001, ..ExecConfig::default() };
    assert_eq!(cx.run(&cfg).outcome.kind(), "limit");
}

#[test]
fn opaque_commands_are_unsupported() {
    let (mut cx, main, _) = with_main();
    let opaque = Command::Opaque {
        what: "floating-point division".to_string(),
        havoc: vec![],
        writes_memory: false,
        may_not_return: false,
        compute: None,
    };
    let edges = cx.body(main, vec![Command::Skip, opaque]);
    let span = cx.span_of(main, edges[1]);
    assert_eq!(cx.outcome(), Outcome::Unsupported { what: "floating-point division".to_string(), span });
}

#[test]
fn a_location_without_successors_is_unsupported() {
    let (mut cx, main, _) = with_main();
    let entry = cx.p.funcs[main].entry;
    let dead = cx.loc(main);
    let e = cx.edge(main, entry, dead, Command::Skip);
    let what = "execution reached a location without successors".to_string();
    assert_eq!(cx.outcome(), Outcome::Unsupported { what, span: cx.span_of(main, e) });
}

#[test]
fn no_entry_function() {
    let cx = Ctx::new();
    match cx.outcome() {
        Outcome::Unsupported { what, .. } => assert_eq!(what, "no entry function"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn outcome_kinds_and_display() {
    assert_eq!(exit(1).kind(), "exit");
    assert_eq!(exit(1).to_string(), "exit 1");
    let ub = Outcome::Ub {
        what: "division by zero".to_string(),
        span: leapfrog_source::Span::UNKNOWN,
        kind: leapfrog_interp::UbKind::Other,
    };
    assert_eq!((ub.kind(), ub.to_string()), ("ub", "ub: division by zero".to_string()));
    let error = Outcome::Error { origin: AssertOrigin::ReachError, span: leapfrog_source::Span::UNKNOWN };
    assert_eq!(error.to_string(), "error: reach_error");
}

/// Inconsistent IR of many kinds: every one is an outcome, none a panic.
#[test]
fn inconsistent_ir_is_unsupported_not_a_panic() {
    let cases: Vec<fn(&mut Ctx, FuncId, VarId)> = vec![
        |cx, main, _| {
            let entry = cx.p.funcs[main].entry;
            cx.edge(main, entry, LocId(99), Command::Skip);
        },
        |cx, main, _| {
            cx.body(main, vec![Command::Call { dst: None, callee: FuncId(77), args: vec![] }]);
        },
        |cx, main, ret| {
            let f = cx.func("f");
            cx.param(f, "a", Type::Int(I32));
            cx.body(f, vec![Command::Skip]);
            cx.body(main, vec![Command::Call { dst: Some(ret), callee: f, args: vec![] }]);
        },
        |cx, main, ret| {
            let f = cx.func("f");
            cx.body(f, vec![Command::Skip]);
            cx.body(main, vec![Command::Call { dst: Some(ret), callee: f, args: vec![] }]);
        },
        |cx, main, _| {
            let f = cx.func("f");
            let other = cx.int_local(f, "other", I32);
            cx.body(main, vec![assign(other, c(1))]);
        },
        |cx, main, ret| {
            cx.body(main, vec![assign(ret, v(VarId(1234)))]);
        },
        |cx, main, ret| {
            let a = cx.mem(main, "a", int_array(I32, 2));
            cx.body(main, vec![assign(ret, v(a))]);
        },
        |cx, main, ret| {
            cx.body(main, vec![assign(ret, addr(ret))]);
        },
        |cx, main, _| {
            let (entry, exit_loc) = (cx.p.funcs[main].entry, cx.p.funcs[main].exit);
            cx.edge(main, entry, exit_loc, Command::Skip);
            cx.edge(main, entry, exit_loc, Command::Skip);
        },
        |cx, main, ret| {
            let p = cx.local(main, "p", Type::Ptr);
            cx.body(main, vec![assign(p, c(0)), assign(ret, c(0))]);
        },
        |cx, main, _| {
            let q = cx.local(main, "q", Type::Ptr);
            cx.body(main, vec![store(v(q), Expr::Var(VarId(999)))]);
        },
        |cx, main, _| {
            let elem = Box::new(scalar(Type::Int(I32)));
            let vla = cx.mem(main, "vla", leapfrog_ir::ObjType::Array { elem, len: leapfrog_ir::ArrayLen::Dynamic });
            cx.body(main, vec![Command::InitObject { var: vla, len: None, fill: leapfrog_ir::Fill::Zero }]);
        },
        |cx, main, _| {
            let s = cx.mem(main, "s", scalar(Type::Int(I32)));
            cx.body(main, vec![Command::InitObject { var: s, len: Some(c(3)), fill: leapfrog_ir::Fill::Zero }]);
        },
        |cx, main, _| {
            let x = cx.int_local(main, "x", I32);
            cx.body(main, vec![Command::InitObject { var: x, len: None, fill: leapfrog_ir::Fill::Zero }]);
        },
    ];
    for (i, build) in cases.into_iter().enumerate() {
        let (mut cx, main, ret) = with_main();
        build(&mut cx, main, ret);
        let outcome = cx.outcome();
        assert!(matches!(outcome, Outcome::Unsupported { .. } | Outcome::Exit { .. }), "case {i}: {outcome:?}");
        assert_ne!(outcome.kind(), "exit", "case {i}");
    }
}

#[test]
fn an_entry_that_is_not_a_function_is_unsupported() {
    let mut cx = Ctx::new();
    cx.p.entry = Some(FuncId(5));
    assert_eq!(cx.outcome().kind(), "unsupported");
    let mut cx = Ctx::new();
    let main = cx.main();
    cx.body(main, vec![Command::Skip]);
    cx.p.init = FuncId(40);
    assert_eq!(cx.outcome().kind(), "unsupported");
}

#[test]
fn arguments_of_externs_and_outputs_are_evaluated() {
    let div0 = || leapfrog_ir::Expr::binary(leapfrog_ir::BinOp::Div, I32, c(1), c(0));
    let (mut cx, main, _) = with_main();
    let edges = cx.body(main, vec![Command::Output { name: "printf".to_string(), args: vec![c(1), div0()] }]);
    let span = cx.span_of(main, edges[0]);
    assert_eq!(
        cx.outcome(),
        Outcome::Ub { what: "division by zero".to_string(), span, kind: leapfrog_interp::UbKind::Other }
    );
    let (mut cx, main, _) = with_main();
    cx.body(main, vec![Command::CallExtern { dst: None, name: "f".to_string(), args: vec![div0()] }]);
    let r = cx.run_on(&[1]);
    assert_eq!((r.outcome.kind(), r.nondet_used), ("ub", 0));
}
