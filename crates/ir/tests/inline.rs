//! Inlining: the structure of the inlined function (checked against its textual form), loops
//! copied per call, halts, recursion, the size limit, and robustness on malformed programs.

mod sample_program;

use leapfrog_ir::inline::{InlineError, InlineLimits, inline_program};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::parse::parse_program;
use leapfrog_ir::print::function_to_string;
use leapfrog_ir::verify::verify_program;
use leapfrog_ir::{
    Command, EdgeId, Expr, FuncId, Function, Id, IntTy, LocId, LoopKind, Program, Type, VarId, VarKind, VarTy,
};
use leapfrog_source::{FileId, Span};

fn parse(text: &str) -> Program {
    parse_program(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Inlines `p` with the default limits, checking what every result must satisfy: the verifier
/// accepts it, the entry calls nothing, and the initializer does nothing.
#[track_caller]
fn inline(p: &Program) -> Program {
    let out = inline_program(p, &InlineLimits::default()).unwrap_or_else(|e| panic!("{e}"));
    check_result(p, &out);
    out
}

#[track_caller]
fn check_result(p: &Program, out: &Program) {
    if let Err(errors) = verify_program(out) {
        panic!("the inlined program does not verify: {errors:#?}\n{}", leapfrog_ir::print::program_to_string(out));
    }
    let entry = out.entry.expect("an entry");
    assert_eq!(entry, p.entry.unwrap(), "the entry keeps its id");
    assert_eq!(out.funcs[entry].name, p.funcs[entry].name);
    assert_eq!(out.funcs[entry].span, p.funcs[entry].span);
    assert!(calls(&out.funcs[entry]).is_empty(), "the entry still calls: {:?}", calls(&out.funcs[entry]));
    let init = &out.funcs[out.init];
    assert_eq!(init.edges.len(), 1);
    assert_eq!(init.edges[EdgeId(0)].cmd, Command::Skip);
    assert_eq!((init.edges[EdgeId(0)].from, init.edges[EdgeId(0)].to), (init.entry, init.exit));
    assert_eq!((&out.files, out.data_model, &out.globals), (&p.files, p.data_model, &p.globals));
    assert_eq!((&out.externs, &out.diagnostics), (&p.externs, &p.diagnostics));
}

fn calls(f: &Function) -> Vec<EdgeId> {
    f.edges.iter().filter(|(_, e)| matches!(e.cmd, Command::Call { .. })).map(|(id, _)| id).collect()
}

fn span(line: u32, col: u32) -> Span {
    Span::new(FileId(0), line, col)
}

/// `main` calls `add` twice; `add` calls `ten`, which has a memory local; the initializer has a
/// temporary of its own.
const NESTED: &str = r#"
file 0 "nested.c"
var v0 global "g": i32
var v1 local f1 "x": i32
var v2 param f2 "a": i32
var v3 param f2 "b": i32
var v4 return f2 "r": i32
var v5 temp f2 "t": i32
var v6 return f3 "r": i32
var v7 local f3 "buf": mem [2 x i32]
var v8 temp f0 "init_tmp": i32
globals v0
init f0
entry f1
func f0 "__init" {
  locals v8
  e0: L0 -> L3 v8 := (5:i32)
  e1: L3 -> L1 v0 := v8
}
func f1 "main" @0:10:1 {
  locals v1
  e0: L0 -> L3 v1 := call f2(v0, (2:i32)) @0:11:3
  e1: L3 -> L1 v1 := call f2(v1, v1) @0:12:3
}
func f2 "add" @0:1:1 {
  params v2 v3 ret v4 locals v5
  e0: L0 -> L3 v5 := call f3() @0:2:3
  e1: L3 -> L1 v4 := (add.i32 v2 v5) @0:3:3
}
func f3 "ten" @0:5:1 {
  ret v6 locals v7
  e0: L0 -> L3 init v7 zero @0:6:3
  e1: L3 -> L1 v6 := (10:i32) @0:7:3
}
"#;

#[test]
fn nested_calls_become_copies_with_fresh_variables() {
    let p = parse(NESTED);
    let out = inline(&p);
    // The initializer (L0 -> L4 -> L3), then main's first call: the arguments into fresh
    // parameters (L3 -> L9 -> L6), add's body (L6 ... L7) with ten's inside (L10 ... L11, entered
    // by a skip and left by `t := r`), the result into `x` (L7 -> L5); then the second call.
    let expected = r#"func f1 "main" @0:10:1 {
  locals v1 v8 v9 v10 v11 v12 v13 v14 v15 v16 v17 v18 v19 v20
  locs 20 entry L0 exit L1 halt L2
  e0: L0 -> L4 v8 := (5:i32)
  e1: L4 -> L3 v0 := v8
  e2: L8 -> L7 v11 := (add.i32 v9 v12) @0:3:3
  e3: L3 -> L9 v9 := v0 @0:11:3
  e4: L9 -> L6 v10 := (2:i32) @0:11:3
  e5: L7 -> L5 v1 := v11 @0:11:3
  e6: L10 -> L12 init v14 zero @0:6:3
  e7: L12 -> L11 v13 := (10:i32) @0:7:3
  e8: L6 -> L10 skip @0:2:3
  e9: L11 -> L8 v12 := v13 @0:2:3
  e10: L15 -> L14 v17 := (add.i32 v15 v18) @0:3:3
  e11: L5 -> L16 v15 := v1 @0:12:3
  e12: L16 -> L13 v16 := v1 @0:12:3
  e13: L14 -> L1 v1 := v17 @0:12:3
  e14: L17 -> L19 init v20 zero @0:6:3
  e15: L19 -> L18 v19 := (10:i32) @0:7:3
  e16: L13 -> L17 skip @0:2:3
  e17: L18 -> L15 v18 := v19 @0:2:3
}
"#;
    assert_eq!(function_to_string(&out, FuncId(1)), expected);
    // Copies keep name, type and span; parameters become locals and return variables
    // temporaries, all owned by main; the initializer's temporary moves to main.
    let main = Some(FuncId(1));
    let var = |i: u32| &out.vars[VarId(i)];
    assert_eq!((var(8).name.as_str(), var(8).kind, var(8).func), ("init_tmp", VarKind::Temp, main));
    assert_eq!((var(9).name.as_str(), var(9).kind, var(9).func), ("a", VarKind::Local, main));
    assert_eq!((var(11).name.as_str(), var(11).kind, var(11).func), ("r", VarKind::Temp, main));
    assert_eq!(var(14).ty, p.vars[VarId(7)].ty, "memory locals are copied");
    assert_eq!(var(20).ty, p.vars[VarId(7)].ty);
    // The other functions are unchanged.
    assert_eq!(out.funcs[FuncId(2)], p.funcs[FuncId(2)]);
    assert_eq!(out.funcs[FuncId(3)], p.funcs[FuncId(3)]);
    assert_eq!(&out.vars.values().as_slice()[..8], &p.vars.values().as_slice()[..8]);
}

#[test]
fn a_program_without_calls_keeps_its_body() {
    let p = parse(
        r#"
        var v0 local f1 "i": i32
        init f0 entry f1
        func f0 "__init" { e0: L0 -> L1 skip }
        func f1 "main" { locals v0 e0: L0 -> L3 v0 := (1:i32) e1: L3 -> L1 assume (eq v0 (1:i32)) }
        "#,
    );
    let out = inline(&p);
    let main = &out.funcs[FuncId(1)];
    assert_eq!(out.vars.len(), 1);
    assert_eq!(main.locals, vec![VarId(0)]);
    // The initializer's skip, then main's two edges.
    let cmds: Vec<&Command> = main.edges.values().map(|e| &e.cmd).collect();
    assert_eq!(
        cmds,
        vec![&Command::Skip, &Command::Assign(VarId(0), Expr::int(1, IntTy::I32)), &main.edges[EdgeId(2)].cmd]
    );
}

/// `count(n)` loops `n` times; `main` calls it as `CALLS`.
const LOOPS: &str = r#"
file 0 "loops.c"
var v0 local f1 "k": i32
var v1 param f2 "n": i32
var v2 local f2 "i": i32
init f0
entry f1
func f0 "__init" { e0: L0 -> L1 skip }
func f1 "main" @0:10:1 {
  locals v0
  CALLS
}
func f2 "count" @0:1:1 {
  params v1 locals v2
  L3: loop while @0:3:3
  e0: L0 -> L3 v2 := (0:i32) @0:2:3
  e1: L3 -> L4 assume (lt v2 v1) @0:3:10
  e2: L4 -> L3 v2 := (add.i32 v2 (1:i32)) @0:4:5
  e3: L3 -> L1 assume (ge v2 v1) @0:3:10
}
"#;

#[test]
fn a_loop_in_a_callee_called_twice_is_two_loops() {
    let calls = "e0: L0 -> L3 call f2((3:i32)) @0:11:3  e1: L3 -> L1 call f2((4:i32)) @0:12:3";
    let out = inline(&parse(&LOOPS.replace("CALLS", calls)));
    let main = &out.funcs[FuncId(1)];
    let forest = LoopForest::compute(main);
    assert_eq!(forest.loops.len(), 2);
    let headers: Vec<LocId> = forest.loops.values().map(|l| l.header).collect();
    assert_ne!(headers[0], headers[1]);
    for (id, l) in forest.loops.iter() {
        assert_eq!(forest.syntax(main, id), (LoopKind::While, span(3, 3)), "each copy names the source loop");
        assert_eq!(l.parent, None);
        assert!(l.back_edges.iter().all(|e| main.edges[*e].span == span(4, 5)));
    }
}

#[test]
fn a_call_in_a_loop_is_inside_the_loop() {
    let calls = "L3: loop for @0:11:3
        e0: L0 -> L3 v0 := (0:i32)
        e1: L3 -> L4 assume (lt v0 (5:i32))
        e2: L4 -> L5 call f2(v0) @0:12:5
        e3: L5 -> L3 v0 := (add.i32 v0 (1:i32))
        e4: L3 -> L1 assume (ge v0 (5:i32))";
    let out = inline(&parse(&LOOPS.replace("CALLS", calls)));
    let main = &out.funcs[FuncId(1)];
    let forest = LoopForest::compute(main);
    assert_eq!(forest.loops.len(), 2);
    let outer = forest.roots();
    assert_eq!(outer.len(), 1);
    assert_eq!(forest.syntax(main, outer[0]), (LoopKind::For, span(11, 3)));
    let inner = &forest.loops[outer[0]].children;
    assert_eq!(inner.len(), 1);
    assert_eq!(forest.syntax(main, inner[0]), (LoopKind::While, span(3, 3)));
}

#[test]
fn halts_in_a_callee_lead_to_the_halt() {
    let p = parse(
        r#"
        var v0 param f2 "c": i32
        init f0 entry f1
        func f0 "__init" { e0: L0 -> L1 skip }
        func f1 "main" { e0: L0 -> L3 call f2((1:i32)) e1: L3 -> L1 call f2((0:i32)) }
        func f2 "check" {
          params v0
          e0: L0 -> L3 assume (eq v0 (0:i32))
          e1: L3 -> L2 abort
          e2: L0 -> L4 assume (ne v0 (0:i32))
          e3: L4 -> L5 assert (ne v0 (7:i32)) reach_error
          e4: L5 -> L2 exit (3:i32)
        }
        "#,
    );
    let out = inline(&p);
    let main = &out.funcs[FuncId(1)];
    let terminal: Vec<_> = main.edges.values().filter(|e| e.cmd.is_terminal()).collect();
    assert_eq!(terminal.len(), 4, "abort and exit, twice");
    assert!(terminal.iter().all(|e| e.to == main.halt));
    assert!(main.edges.values().all(|e| e.from != main.halt));
}

#[test]
fn floating_point_arguments_and_results_are_transferred_by_steps_only_the_interpreter_computes() {
    let p = parse(
        r#"
        var v0 local f1 "d": f64
        var v1 param f2 "x": f64
        var v2 return f2 "r": f64
        init f0 entry f1
        func f0 "__init" { e0: L0 -> L1 skip }
        func f1 "main" { locals v0 e0: L0 -> L1 v0 := call f2(v0) }
        func f2 "half" { params v1 ret v2 e0: L0 -> L1 opaque "floating-point arithmetic" [v2] }
        "#,
    );
    let out = inline(&p);
    let main = &out.funcs[FuncId(1)];
    let text = function_to_string(&out, FuncId(1));
    let skips = main.edges.values().filter(|e| e.cmd == Command::Skip).count();
    assert_eq!(skips, 1, "the initializer: {text}");
    // The argument and the result: opaque to the analyses (the destination havocked), a copy
    // for the interpreter.
    let copies = main
        .edges
        .values()
        .filter(|e| {
            matches!(&e.cmd, Command::Opaque { havoc, compute: Some(step), writes_memory: false, .. }
                if matches!(**step, leapfrog_ir::Computed::Float(leapfrog_ir::FloatStep::Set { dst, value: leapfrog_ir::FloatExpr::Var(_) }) if havoc == &vec![dst]))
        })
        .count();
    assert_eq!(copies, 2, "{text}");
    assert_eq!(out.vars[VarId(3)].ty, VarTy::Reg(Type::Float(leapfrog_ir::FloatTy::F64)));
}

// ---------------------------------------------------------------------------------------------
// Errors.

/// `main` calls `f`; the functions' bodies are given.
fn calling(f_body: &str, g_body: &str) -> Program {
    parse(&format!(
        r#"
        init f0 entry f1
        func f0 "__init" {{ e0: L0 -> L1 skip }}
        func f1 "main" {{ e0: L0 -> L1 call f2() }}
        func f2 "f" {{ {f_body} }}
        func f3 "g" {{ {g_body} }}
        "#
    ))
}

#[test]
fn recursion_is_an_error() {
    let direct = calling("e0: L0 -> L1 call f2()", "e0: L0 -> L1 skip");
    let err = inline_program(&direct, &InlineLimits::default()).unwrap_err();
    assert_eq!(err, InlineError::Recursion { cycle: vec!["f".into(), "f".into()] });
    assert_eq!(err.to_string(), "recursion: f -> f");

    let mutual = calling("e0: L0 -> L3 skip e1: L3 -> L1 call f3()", "e0: L0 -> L1 call f2()");
    let err = inline_program(&mutual, &InlineLimits::default()).unwrap_err();
    assert_eq!(err.to_string(), "recursion: f -> g -> f");

    // Also in dead code: the result would have to contain it.
    let dead = calling("e0: L0 -> L1 skip e1: L3 -> L1 call f2()", "e0: L0 -> L1 skip");
    let err = inline_program(&dead, &InlineLimits::default()).unwrap_err();
    assert_eq!(err.to_string(), "recursion: f -> f");

    // From the initializer.
    let mut from_init = calling("e0: L0 -> L1 skip", "e0: L0 -> L1 call f3()");
    from_init.funcs[FuncId(0)].edges[EdgeId(0)].cmd = Command::Call { dst: None, callee: FuncId(3), args: vec![] };
    let err = inline_program(&from_init, &InlineLimits::default()).unwrap_err();
    assert_eq!(err.to_string(), "recursion: g -> g");
}

#[test]
fn recursion_nothing_reaches_is_fine() {
    let p = calling("e0: L0 -> L1 skip", "e0: L0 -> L1 call f3()");
    let out = inline(&p);
    assert_eq!(out.funcs[FuncId(3)], p.funcs[FuncId(3)], "the unreachable recursive function stays");
}

/// `main` calls `f0`, and `f<i>` calls `f<i+1>` twice, `depth` levels deep.
fn doubling(depth: usize) -> Program {
    let mut text = String::from("init f0 entry f1\nfunc f0 \"__init\" { e0: L0 -> L1 skip }\n");
    text.push_str("func f1 \"main\" { e0: L0 -> L1 call f2() }\n");
    for i in 0..depth {
        let f = i + 2;
        text.push_str(&format!("func f{f} \"f{i}\" {{ e0: L0 -> L3 call f{0}() e1: L3 -> L1 call f{0}() }}\n", f + 1));
    }
    text.push_str(&format!("func f{} \"leaf\" {{ e0: L0 -> L1 skip }}\n", depth + 2));
    parse(&text)
}

#[test]
fn too_large_call_trees_are_rejected_before_they_are_built() {
    // 2^100 copies of the leaf: the size is computed (saturating) on the call graph.
    let err = inline_program(&doubling(100), &InlineLimits::default()).unwrap_err();
    assert_eq!(err, InlineError::TooLarge { locs: usize::MAX });
    let err = inline_program(&doubling(20), &InlineLimits::default()).unwrap_err();
    let InlineError::TooLarge { locs } = err else { panic!("{err}") };
    assert!(locs > 3_000_000, "{locs}");
    assert!(err.to_string().starts_with("inlined program too large ("));
}

#[test]
fn the_location_limit_is_exact() {
    let p = parse(NESTED);
    let locs = inline(&p).funcs[FuncId(1)].locs.len();
    assert_eq!(locs, 20);
    assert!(inline_program(&p, &InlineLimits { max_locs: locs }).is_ok());
    assert_eq!(inline_program(&p, &InlineLimits { max_locs: locs - 1 }), Err(InlineError::TooLarge { locs }));
    let small = doubling(3);
    let locs = inline(&small).funcs[FuncId(1)].locs.len();
    assert_eq!(inline_program(&small, &InlineLimits { max_locs: locs - 1 }), Err(InlineError::TooLarge { locs }));
}

#[test]
fn a_program_without_entry_cannot_be_inlined() {
    let mut p = parse(NESTED);
    p.entry = None;
    assert_eq!(inline_program(&p, &InlineLimits::default()), Err(InlineError::NoEntry));
    p.entry = Some(p.init);
    assert_eq!(inline_program(&p, &InlineLimits::default()), Err(InlineError::NoEntry));
}

// ---------------------------------------------------------------------------------------------
// Robustness.

#[test]
fn the_sample_program_inlines() {
    let p = sample_program::sample_program();
    let out = inline(&p);
    let forest = LoopForest::compute(&out.funcs[p.entry.unwrap()]);
    assert_eq!(forest.loops.len(), LoopForest::compute(&p.funcs[p.entry.unwrap()]).loops.len());
}

#[test]
fn malformed_calls_become_opaque_steps() {
    let p = calling("e0: L0 -> L1 skip", "e0: L0 -> L1 skip");
    for (callee, args) in [(FuncId(9), vec![]), (FuncId(2), vec![Expr::int(1, IntTy::I32)])] {
        let mut bad = p.clone();
        bad.funcs[FuncId(1)].edges[EdgeId(0)].cmd = Command::Call { dst: None, callee, args };
        let out = inline_program(&bad, &InlineLimits::default()).unwrap();
        let main = &out.funcs[FuncId(1)];
        assert!(
            main.edges.values().any(|e| matches!(&e.cmd, Command::Opaque { what, .. } if what.contains("call of")))
        );
        assert!(calls(main).is_empty());
    }
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % (n.max(1) as u64)) as usize
    }
}

/// One random change to an id somewhere in `p` (often making it malformed).
fn mutate(p: &mut Program, rng: &mut Rng) {
    let nfuncs = p.funcs.len();
    let nvars = p.vars.len();
    let f = FuncId::new(rng.below(nfuncs));
    let func = &mut p.funcs[f];
    let nlocs = func.locs.len();
    let loc = LocId::new(rng.below(nlocs + 2));
    match rng.below(9) {
        0 => p.entry = Some(FuncId::new(rng.below(nfuncs + 1))),
        1 => p.init = FuncId::new(rng.below(nfuncs + 1)),
        2 => func.entry = loc,
        3 => func.exit = loc,
        4 | 5 if !func.edges.is_empty() => {
            let e = EdgeId::new(rng.below(func.edges.len()));
            let edge = &mut func.edges[e];
            match rng.below(4) {
                0 => edge.from = loc,
                1 => edge.to = loc,
                2 => {
                    let v = VarId::new(rng.below(nvars + 1));
                    edge.cmd.rename_vars(&mut |_| v);
                }
                _ => match &mut edge.cmd {
                    Command::Call { callee, args, .. } => {
                        if rng.below(2) == 0 {
                            *callee = FuncId::new(rng.below(nfuncs + 1));
                        } else {
                            args.pop();
                        }
                    }
                    cmd => *cmd = Command::Call { dst: None, callee: FuncId::new(rng.below(nfuncs + 1)), args: vec![] },
                },
            }
        }
        6 => func.locals.push(VarId::new(rng.below(nvars + 1))),
        7 if nvars > 0 => p.vars[VarId::new(rng.below(nvars))].func = Some(FuncId::new(rng.below(nfuncs + 1))),
        _ => func.params.push(VarId::new(rng.below(nvars + 1))),
    }
}

#[test]
fn mutated_programs_never_make_it_panic() {
    let bases = [sample_program::sample_program(), parse(NESTED), doubling(4)];
    let mut rng = Rng(7);
    let (mut inlined, mut well_formed) = (0, 0);
    for round in 0..3000 {
        let mut p = bases[round % bases.len()].clone();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut p, &mut rng);
        }
        let limits = InlineLimits { max_locs: 10_000 };
        let Ok(out) = inline_program(&p, &limits) else { continue };
        inlined += 1;
        // When the input is well-formed, so is the result.
        if verify_program(&p).is_ok() {
            well_formed += 1;
            check_result(&p, &out);
        }
    }
    assert!(inlined > 1000, "only {inlined} mutated programs inlined");
    assert!(well_formed > 300, "only {well_formed} mutated programs were well-formed");
}
