//! Mod/ref sets of loops, calls, recursive functions and memory accesses on hand-built programs.

use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::modref::{Effects, ModRef, edge_effects, loop_effects};
use leapfrog_ir::{
    ArrayLen, Command, DataModel, Expr, Fill, FuncId, HavocOrigin, IdVec, LocId, LoopId, ObjType, Program, Type, Var,
    VarId, VarKind, VarTy,
};
use leapfrog_source::{SourceFiles, Span};
use std::collections::BTreeSet;

const INT: IntTy = IntTy::I32;

fn empty_program() -> Program {
    let mut p = Program {
        files: SourceFiles::new(),
        data_model: DataModel::LP64,
        vars: IdVec::new(),
        funcs: IdVec::new(),
        globals: Vec::new(),
        init: FuncId(0),
        entry: None,
        externs: Vec::new(),
        diagnostics: Vec::new(),
    };
    add_func(&mut p, "__init");
    p
}

fn add_func(p: &mut Program, name: &str) -> FuncId {
    p.funcs.push(leapfrog_ir::Function::new(name, Span::UNKNOWN))
}

fn add_var(p: &mut Program, name: &str, ty: VarTy, func: Option<FuncId>) -> VarId {
    let kind = if func.is_some() { VarKind::Local } else { VarKind::Global };
    let v = p.vars.push(Var { name: name.into(), ty, kind, func, span: Span::UNKNOWN, scope: None });
    match func {
        Some(f) => p.funcs[f].locals.push(v),
        None => p.globals.push(v),
    }
    v
}

fn int_var(p: &mut Program, name: &str, func: Option<FuncId>) -> VarId {
    add_var(p, name, VarTy::Reg(Type::Int(INT)), func)
}

fn ptr_var(p: &mut Program, name: &str, func: Option<FuncId>) -> VarId {
    add_var(p, name, VarTy::Reg(Type::Ptr), func)
}

fn array_var(p: &mut Program, name: &str, func: Option<FuncId>) -> VarId {
    let ty = ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(INT))), len: ArrayLen::Fixed(10) };
    add_var(p, name, VarTy::Mem(ty), func)
}

fn var(v: VarId) -> Expr {
    Expr::var(v)
}

fn int(n: i128) -> Expr {
    Expr::int(n, INT)
}

fn add(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinOp::Add, INT, a, b)
}

/// `base + i * 4`
fn elem(base: Expr, i: VarId) -> Expr {
    Expr::PtrAdd { base: Box::new(base), offset: Box::new(var(i)), scale: 4 }
}

fn set<T: Ord + Copy>(items: &[T]) -> BTreeSet<T> {
    items.iter().copied().collect()
}

/// Appends `cmds` as a straight line from `from`; returns the last location.
fn line(p: &mut Program, f: FuncId, from: LocId, cmds: Vec<Command>) -> LocId {
    let mut at = from;
    for cmd in cmds {
        let next = p.funcs[f].add_loc();
        p.funcs[f].add_edge(at, next, cmd, Span::UNKNOWN);
        at = next;
    }
    at
}

/// `while (i < n) { body }` from `from`; returns the location after the loop.
fn while_loop(p: &mut Program, f: FuncId, from: LocId, i: VarId, n: VarId, body: Vec<Command>) -> LocId {
    let func = &mut p.funcs[f];
    let head = func.add_loc();
    let after = func.add_loc();
    let first = func.add_loc();
    func.add_edge(from, head, Command::Skip, Span::UNKNOWN);
    let cond = Expr::cmp(CmpOp::Lt, var(i), var(n));
    func.add_edge(head, first, Command::Assume(cond.clone()), Span::UNKNOWN);
    func.add_edge(head, after, Command::Assume(Expr::not(cond)), Span::UNKNOWN);
    let last = line(p, f, first, body);
    p.funcs[f].add_edge(last, head, Command::Assign(i, add(var(i), int(1))), Span::UNKNOWN);
    after
}

fn finish(p: &mut Program, f: FuncId, at: LocId) {
    let exit = p.funcs[f].exit;
    p.funcs[f].add_edge(at, exit, Command::Skip, Span::UNKNOWN);
}

fn only_loop_effects(p: &Program, f: FuncId, modref: &ModRef) -> Effects {
    let forest = LoopForest::compute(&p.funcs[f]);
    assert_eq!(forest.loops.len(), 1);
    loop_effects(p, f, &forest.loops[LoopId(0)], modref)
}

fn call(callee: FuncId, dst: Option<VarId>) -> Command {
    Command::Call { dst, callee, args: vec![] }
}

#[test]
fn loop_reads_and_modifies_globals() {
    let mut p = empty_program();
    let g = int_var(&mut p, "g", None);
    let unused = int_var(&mut p, "unused", None);
    let main = add_func(&mut p, "main");
    let (i, n, x) =
        (int_var(&mut p, "i", Some(main)), int_var(&mut p, "n", Some(main)), int_var(&mut p, "x", Some(main)));
    let entry = p.funcs[main].entry;
    let before = line(&mut p, main, entry, vec![Command::Assign(x, int(0))]);
    let body = vec![Command::Assign(g, add(var(g), var(i)))];
    let after = while_loop(&mut p, main, before, i, n, body);
    let end = line(&mut p, main, after, vec![Command::Assign(x, var(unused))]);
    finish(&mut p, main, end);
    let modref = ModRef::compute(&p);
    let eff = only_loop_effects(&p, main, &modref);
    assert_eq!(eff.reads, set(&[g, i, n]));
    assert_eq!(eff.modifies, set(&[g, i]));
    assert!(!eff.reads_memory() && !eff.modifies_memory());
    assert!(eff.calls.is_empty() && !eff.calls_extern && !eff.opaque);
    let whole = modref.function(main);
    assert_eq!(whole.reads, set(&[g, unused, i, n]));
    assert_eq!(whole.modifies, set(&[g, i, x]));
}

#[test]
fn call_of_a_function_modifying_a_global() {
    let mut p = empty_program();
    let g = int_var(&mut p, "g", None);
    let inc = add_func(&mut p, "inc");
    let t = int_var(&mut p, "t", Some(inc));
    let entry = p.funcs[inc].entry;
    let end = line(&mut p, inc, entry, vec![Command::Assign(t, var(g)), Command::Assign(g, add(var(t), int(1)))]);
    finish(&mut p, inc, end);
    let main = add_func(&mut p, "main");
    let (i, n, r) =
        (int_var(&mut p, "i", Some(main)), int_var(&mut p, "n", Some(main)), int_var(&mut p, "r", Some(main)));
    let entry = p.funcs[main].entry;
    let after = while_loop(&mut p, main, entry, i, n, vec![call(inc, Some(r))]);
    finish(&mut p, main, after);
    let modref = ModRef::compute(&p);
    assert_eq!(modref.function(inc).modifies, set(&[g, t]));
    assert_eq!(modref.call(inc).modifies, set(&[g]));
    let eff = only_loop_effects(&p, main, &modref);
    assert_eq!(eff.modifies, set(&[g, i, r]), "the callee's local t does not leak");
    assert_eq!(eff.reads, set(&[g, i, n]));
    assert_eq!(eff.calls, set(&[inc]));
    let direct = edge_effects(&p, &call(inc, None), &modref);
    assert_eq!(direct.modifies, set(&[g]));
}

#[test]
fn recursion_reaches_a_fixpoint() {
    let mut p = empty_program();
    let (a, b, c) = (int_var(&mut p, "a", None), int_var(&mut p, "b", None), int_var(&mut p, "c", None));
    // Declared callers first, so the fixpoint cannot rely on id order.
    let top = add_func(&mut p, "top");
    let even = add_func(&mut p, "even");
    let odd = add_func(&mut p, "odd");
    let leaf = add_func(&mut p, "leaf");
    let entry = p.funcs[top].entry;
    let end = line(&mut p, top, entry, vec![call(even, None)]);
    finish(&mut p, top, end);
    let entry = p.funcs[even].entry;
    let end = line(&mut p, even, entry, vec![Command::Assign(b, var(c)), call(odd, None), call(even, None)]);
    finish(&mut p, even, end);
    let entry = p.funcs[odd].entry;
    let end = line(&mut p, odd, entry, vec![call(leaf, None), call(even, None)]);
    finish(&mut p, odd, end);
    let entry = p.funcs[leaf].entry;
    let end = line(&mut p, leaf, entry, vec![Command::Havoc(a, HavocOrigin::Nondet("nondet".into()))]);
    finish(&mut p, leaf, end);
    let modref = ModRef::compute(&p);
    for f in [top, even, odd] {
        let eff = modref.function(f);
        assert_eq!(eff.modifies, set(&[a, b]), "{}", p.funcs[f].name);
        assert_eq!(eff.reads, set(&[c]), "{}", p.funcs[f].name);
        assert_eq!(eff.calls, set(&[even, odd, leaf]), "{}", p.funcs[f].name);
    }
    assert_eq!(modref.function(leaf).modifies, set(&[a]));
    assert!(modref.function(leaf).calls.is_empty());
}

#[test]
fn stores_through_an_array_element_and_through_a_pointer() {
    let mut p = empty_program();
    let main = add_func(&mut p, "main");
    let arr = array_var(&mut p, "a", Some(main));
    let ptr = ptr_var(&mut p, "p", Some(main));
    let (i, n, x) =
        (int_var(&mut p, "i", Some(main)), int_var(&mut p, "n", Some(main)), int_var(&mut p, "x", Some(main)));
    let store_a = Command::Store { addr: elem(Expr::AddrOf(arr), i), value: var(x) };
    let store_p = Command::Store { addr: elem(var(ptr), i), value: int(0) };
    let load_a = Command::Load { dst: x, addr: elem(Expr::AddrOf(arr), i) };
    let modref = ModRef::compute(&p);

    let eff = edge_effects(&p, &store_a, &modref);
    assert_eq!(eff.modifies_objects, set(&[arr]));
    assert_eq!(eff.reads, set(&[i, x]), "&a is not a read of a");
    assert!(eff.modifies_through.is_empty() && !eff.modifies_unknown_memory && !eff.reads_memory());

    let eff = edge_effects(&p, &store_p, &modref);
    assert_eq!(eff.modifies_through, set(&[ptr]));
    assert_eq!(eff.reads, set(&[ptr, i]));
    assert!(eff.modifies_objects.is_empty() && !eff.modifies_unknown_memory);

    let eff = edge_effects(&p, &load_a, &modref);
    assert_eq!(eff.reads_objects, set(&[arr]));
    assert_eq!(eff.modifies, set(&[x]));
    assert!(!eff.modifies_memory());

    let wild = Command::Store {
        addr: Expr::PtrAdd { base: Box::new(Expr::Null), offset: Box::new(int(8)), scale: 1 },
        value: int(1),
    };
    assert!(edge_effects(&p, &wild, &modref).modifies_unknown_memory);

    let copy = Command::MemCopy { dst: var(ptr), src: Expr::AddrOf(arr), size: int(40) };
    let eff = edge_effects(&p, &copy, &modref);
    assert_eq!((eff.reads_objects.clone(), eff.modifies_through.clone()), (set(&[arr]), set(&[ptr])));

    let init = Command::InitObject { var: arr, len: None, fill: Fill::Zero };
    assert_eq!(edge_effects(&p, &init, &modref).modifies_objects, set(&[arr]));

    // In a loop: both stores are collected.
    let entry = p.funcs[main].entry;
    let after = while_loop(&mut p, main, entry, i, n, vec![store_a, store_p]);
    finish(&mut p, main, after);
    let modref = ModRef::compute(&p);
    let eff = only_loop_effects(&p, main, &modref);
    assert_eq!(eff.modifies_objects, set(&[arr]));
    assert_eq!(eff.modifies_through, set(&[ptr]));
    assert_eq!(eff.modifies, set(&[i]));
}

#[test]
fn callee_memory_effects_seen_by_the_caller() {
    let mut p = empty_program();
    let global_array = array_var(&mut p, "G", None);
    let global_ptr = ptr_var(&mut p, "gp", None);
    let callee = add_func(&mut p, "callee");
    let q = ptr_var(&mut p, "q", Some(callee));
    let local_array = array_var(&mut p, "buf", Some(callee));
    let k = int_var(&mut p, "k", Some(callee));
    let entry = p.funcs[callee].entry;
    let cmds = vec![
        Command::Store { addr: elem(Expr::AddrOf(global_array), k), value: int(1) },
        Command::Store { addr: elem(Expr::AddrOf(local_array), k), value: int(2) },
        Command::Store { addr: var(q), value: int(3) },
        Command::Load { dst: k, addr: var(global_ptr) },
    ];
    let end = line(&mut p, callee, entry, cmds);
    finish(&mut p, callee, end);
    let modref = ModRef::compute(&p);
    let own = modref.function(callee);
    assert_eq!(own.modifies_objects, set(&[global_array, local_array]));
    assert_eq!(own.modifies_through, set(&[q]));
    assert!(!own.modifies_unknown_memory);
    let seen = edge_effects(&p, &call(callee, None), &modref);
    assert_eq!(seen.modifies_objects, set(&[global_array]));
    assert!(seen.modifies_through.is_empty());
    assert!(seen.modifies_unknown_memory, "a write through the callee's pointer q is unknown memory");
    assert_eq!(seen.reads_through, set(&[global_ptr]));
    assert!(!seen.reads_unknown_memory);
    assert_eq!(seen.reads, set(&[global_ptr]));
    assert!(seen.modifies.is_empty());
}

#[test]
fn extern_calls_and_opaque_commands() {
    let mut p = empty_program();
    let main = add_func(&mut p, "main");
    let (x, ptr) = (int_var(&mut p, "x", Some(main)), ptr_var(&mut p, "p", Some(main)));
    let modref = ModRef::compute(&p);
    let with_int = Command::CallExtern { dst: Some(x), name: "f".into(), args: vec![var(x)] };
    let eff = edge_effects(&p, &with_int, &modref);
    assert!(eff.calls_extern && !eff.modifies_unknown_memory && !eff.reads_unknown_memory);
    assert_eq!((eff.reads.clone(), eff.modifies.clone()), (set(&[x]), set(&[x])));
    let with_ptr = Command::CallExtern { dst: None, name: "g".into(), args: vec![var(ptr)] };
    let eff = edge_effects(&p, &with_ptr, &modref);
    assert!(eff.calls_extern && eff.modifies_unknown_memory && eff.reads_unknown_memory);
    let opaque = Command::Opaque {
        what: "float".into(),
        havoc: vec![x],
        writes_memory: true,
        may_not_return: false,
        compute: None,
    };
    let eff = edge_effects(&p, &opaque, &modref);
    assert!(eff.opaque && eff.modifies_unknown_memory);
    assert_eq!(eff.modifies, set(&[x]));
    let output = Command::Output { name: "printf".into(), args: vec![var(ptr), var(x)] };
    let eff = edge_effects(&p, &output, &modref);
    assert_eq!(eff.reads, set(&[ptr, x]));
    assert_eq!(eff.reads_through, set(&[ptr]), "a pointer argument (`%s`) is read through");
    assert!(eff.modifies.is_empty() && !eff.modifies_memory());
    // A caller of a function making such calls inherits the flags.
    let wrapper = add_func(&mut p, "wrapper");
    let entry = p.funcs[wrapper].entry;
    let end = line(&mut p, wrapper, entry, vec![with_ptr, opaque]);
    finish(&mut p, wrapper, end);
    let modref = ModRef::compute(&p);
    let eff = edge_effects(&p, &call(wrapper, None), &modref);
    assert!(eff.calls_extern && eff.opaque && eff.modifies_unknown_memory);
    assert!(eff.modifies.is_empty(), "havocked locals do not propagate to callers");
}

/// The one-pass computation gives every loop what the per-loop one gives it.
#[test]
fn all_loop_effects_agrees_with_loop_effects() {
    {
        let p = leapfrog_ir::parse::parse_program(NESTED_LOOPS_IR).expect("IR parses");
        let modref = ModRef::compute(&p);
        for (fid, f) in p.funcs.iter() {
            let forest = leapfrog_ir::loops::LoopForest::compute(f);
            let all = leapfrog_ir::modref::all_loop_effects(&p, fid, &forest, &modref);
            let expected_loops = if fid == leapfrog_ir::FuncId(1) { 2 } else { 0 };
            assert_eq!(forest.loops.len(), expected_loops, "{fid}");
            for (l, lp) in forest.loops.iter() {
                assert_eq!(all[l], leapfrog_ir::modref::loop_effects(&p, fid, lp, &modref), "{l}");
            }
        }
    }
}

/// `f1`: an outer loop over `v1` containing an inner loop over `v2` that stores to the global
/// array `v0` and calls `f2`, which modifies the global `v3`.
const NESTED_LOOPS_IR: &str = r#"
var v0 global "a": mem [10 x i32]
var v1 local f1 "i": i32
var v2 local f1 "j": i32
var v3 global "g": i32
globals v0 v3
init f0
entry f1
func f0 "init" {
  e0: L0 -> L1 skip
}
func f1 "main" {
  locals v1 v2
  locs 9
  e0: L0 -> L3 v1 := (0:i32)
  e1: L3 -> L4 assume (lt v1 (10:i32))
  e2: L3 -> L1 assume (ge v1 (10:i32))
  e3: L4 -> L5 v2 := (0:i32)
  e4: L5 -> L6 assume (lt v2 v1)
  e5: L5 -> L8 assume (ge v2 v1)
  e6: L6 -> L7 store (ptradd &v0 v2 *4), v1
  e7: L7 -> L5 call f2()
  e8: L8 -> L3 v1 := (add.i32 v1 (1:i32))
}
func f2 "bump" {
  e0: L0 -> L1 v3 := (add.i32 v3 (1:i32))
}
"#;
