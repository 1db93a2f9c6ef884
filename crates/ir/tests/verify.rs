//! The verifier accepts well-formed programs and rejects each kind of broken one with a message
//! that says what is wrong (one test per invariant).

mod sample_program;

use leapfrog_ir::parse::parse_program;
use leapfrog_ir::verify::{VerifyError, verify_function, verify_program};
use leapfrog_ir::{EdgeId, FuncId, ObjType, Program, Type, VarId, VarKind, VarTy};

/// `main` (`f1`) gets the body under test; `id` (`f2`) takes and returns an `i32`; `noop` (`f3`)
/// returns nothing.
const BASE: &str = r#"
var v0 global "g": i32
var v1 global "arr": mem [4 x i32]
var v2 local f1 "i": i32
var v3 local f1 "p": ptr
var v4 temp f1 "c": cond
var v5 local f1 "d": f64
var v6 local f1 "vla": mem [dyn x i32]
var v7 param f2 "x": i32
var v8 return f2 "r": i32
var v9 local f2 "other": i32
var v10 local f1 "u": u64
var v11 local f1 "s": mem struct "S" size 8 align 4 { "a" at 0: i32, "b" at 4: i32 }
globals v0 v1
init f0
entry f1
func f0 "__init" { e0: L0 -> L1 skip }
func f1 "main" {
  locals v2 v3 v4 v5 v6 v10 v11
  BODY
}
func f2 "id" { params v7 ret v8 locals v9 e0: L0 -> L1 v8 := v7 }
func f3 "noop" { e0: L0 -> L1 skip }
"#;

const MAIN: FuncId = FuncId(1);

/// The base program with `body` as `main`'s body.
fn program(body: &str) -> Program {
    let text = BASE.replace("BODY", body);
    parse_program(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// The base program whose `main` is the single edge `L0 -> L1` doing `command`.
fn command(command: &str) -> Program {
    program(&format!("e0: L0 -> L1 {command}"))
}

fn errors(p: &Program) -> Vec<VerifyError> {
    verify_program(p).err().unwrap_or_default()
}

/// Checks that `p` has exactly one error, mentioning `expected`, and returns it.
#[track_caller]
fn only_error(p: &Program, expected: &str) -> VerifyError {
    let errors = errors(p);
    assert_eq!(errors.len(), 1, "expected one error mentioning {expected:?}, got {errors:#?}");
    assert!(errors[0].message.contains(expected), "{:?} should mention {expected:?}", errors[0].message);
    errors[0].clone()
}

/// Checks that one of the errors of `p` mentions `expected`.
#[track_caller]
fn has_error(p: &Program, expected: &str) {
    let errors = errors(p);
    assert!(errors.iter().any(|e| e.message.contains(expected)), "no error mentions {expected:?}: {errors:#?}");
}

// ---------------------------------------------------------------------------------------------
// Well-formed programs.

#[test]
fn well_formed_programs_pass() {
    assert_eq!(verify_program(&program("e0: L0 -> L1 skip")), Ok(()));
    assert_eq!(verify_program(&sample_program::sample_program()), Ok(()));
    assert_eq!(verify_program(&command("v2 := (shl.i32 v2 v10)")), Ok(()), "a shift count may have any type");
    assert_eq!(verify_program(&command("v2 := call f2((cast.i32 v4))")), Ok(()));
}

// ---------------------------------------------------------------------------------------------
// Ids in range.

#[test]
fn init_must_be_a_function() {
    let mut p = program("e0: L0 -> L1 skip");
    p.init = FuncId(9);
    let err = only_error(&p, "init f9 is not a function (the program has 4)");
    assert_eq!((err.func, err.edge), (None, None));
}

#[test]
fn entry_must_be_a_function() {
    let mut p = program("e0: L0 -> L1 skip");
    p.entry = Some(FuncId(4));
    only_error(&p, "entry f4 is not a function");
}

#[test]
fn variables_must_exist() {
    let err = only_error(&command("v2 := v99"), "v99 is not a variable (the program has 12)");
    assert_eq!((err.func, err.edge), (Some(MAIN), Some(EdgeId(0))));
}

#[test]
fn callees_must_exist() {
    only_error(&command("call f9()"), "call of f9, which is not a function");
}

#[test]
fn owners_must_exist() {
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(0)].func = Some(FuncId(8));
    has_error(&p, "v0 (\"g\") belongs to f8, which is not a function");
}

#[test]
fn edges_join_locations_of_their_function() {
    only_error(&program("locs 3 e0: L0 -> L7 skip"), "edge target L7 is not a location (the function has 3)");
    has_error(&program("locs 3 e0: L5 -> L1 skip"), "edge source L5 is not a location");
}

#[test]
fn entry_exit_and_halt_must_be_locations() {
    only_error(&program("locs 3 halt L5 e0: L0 -> L1 skip"), "halt L5 is not a location");
}

// ---------------------------------------------------------------------------------------------
// The shape of the graph.

#[test]
fn entry_exit_and_halt_are_distinct() {
    only_error(&program("exit L1 halt L1"), "entry L0, exit L1 and halt L1 must be distinct");
}

#[test]
fn no_edge_enters_entry() {
    let err = only_error(&program("e0: L0 -> L1 skip e1: L3 -> L0 skip"), "edge enters the entry location L0");
    assert_eq!(err.edge, Some(EdgeId(1)));
}

#[test]
fn no_edge_leaves_exit() {
    only_error(&program("e0: L0 -> L1 skip e1: L1 -> L3 skip"), "edge leaves the exit location L1");
}

#[test]
fn no_edge_leaves_halt() {
    only_error(&program("e0: L0 -> L2 abort e1: L2 -> L1 skip"), "edge leaves the halt location L2");
}

#[test]
fn branches_are_assumes() {
    let p = program("e0: L0 -> L1 skip e1: L0 -> L1 assume true");
    let err = only_error(&p, "L0 has 2 outgoing edges, so each must be an assume, but this one is `skip`");
    assert_eq!(err.edge, Some(EdgeId(0)));
}

#[test]
fn only_terminal_commands_lead_to_halt() {
    only_error(&program("e0: L0 -> L2 skip"), "only exit, abort and `assert false` may lead to halt L2");
    only_error(&program("e0: L0 -> L2 assert v4 assert"), "may lead to halt L2, but this edge is `assert v4 assert`");
}

#[test]
fn terminal_commands_lead_to_halt() {
    only_error(&command("abort"), "`abort` ends the execution, so it must lead to halt L2, not L1");
    only_error(&command("exit (0:i32)"), "`exit (0:i32)` ends the execution");
    only_error(&command("assert false reach_error"), "`assert false reach_error` ends the execution");
}

// ---------------------------------------------------------------------------------------------
// Expressions.

#[test]
fn constants_lie_in_their_type() {
    only_error(&command("assume (eq (300:u8) (0:u8))"), "constant 300 is out of the range of u8");
    only_error(&command("output \"printf\"((-1:u32))"), "constant -1 is out of the range of u32");
}

#[test]
fn expressions_read_register_variables() {
    only_error(&command("v2 := (add.i32 v0 v1)"), "the variable read v1 (\"arr\") must be a register variable");
}

#[test]
fn expressions_do_not_read_floats() {
    only_error(&command("v2 := (cast.i32 v5)"), "the variable read v5 has floating-point type f64");
}

#[test]
fn addresses_are_of_memory_variables() {
    only_error(&command("v3 := &v2"), "`&v2` takes the address of a register variable");
}

#[test]
fn unary_operands_have_the_operation_type() {
    only_error(&command("v2 := (neg.i32 v10)"), "the operand of neg must be i32, but `v10` has type u64");
    only_error(&command("v2 := (cast.i32 (not.bool (1:bool)))"), "`(not.bool (1:bool))` computes in bool");
}

#[test]
fn binary_operands_have_the_operation_type() {
    only_error(&command("v2 := (add.i32 v2 v10)"), "the right operand of add must be i32, but `v10` has type u64");
    only_error(&command("v2 := (shl.i32 v10 v2)"), "the left operand of shl must be i32");
    only_error(&command("v2 := (cast.i32 (and.bool (1:bool) (0:bool)))"), "computes in bool");
}

#[test]
fn comparisons_compare_like_with_like() {
    only_error(&command("assume (lt v2 v10)"), "comparison `(lt v2 v10)` of i32 with u64");
    only_error(&command("assume (eq v3 (0:i32))"), "of ptr with i32");
    only_error(&command("assume (lt v4 true)"), "of cond with cond");
    assert_eq!(verify_program(&command("assume (ne v4 true)")), Ok(()));
}

#[test]
fn negation_is_of_conditions() {
    only_error(&command("assume (lnot v2)"), "the operand of lnot must be cond, but `v2` has type i32");
}

#[test]
fn casts_are_of_integers_or_conditions() {
    only_error(&command("v2 := (cast.i32 v3)"), "the operand of cast must be an integer or cond");
}

#[test]
fn pointer_arithmetic_is_typed_and_scaled() {
    only_error(&command("v3 := (ptradd v2 v2 *4)"), "the base of ptradd must be ptr");
    only_error(&command("v3 := (ptradd v3 null *4)"), "the offset of ptradd must be an integer");
    only_error(&command("v3 := (ptradd v3 v2 *0)"), "`(ptradd v3 v2 *0)` has scale 0");
    let p = command("v2 := (ptrdiff.i32 v3 v2 /0)");
    assert_eq!(errors(&p).len(), 2);
    has_error(&p, "the right operand of ptrdiff must be ptr");
    has_error(&p, "has scale 0");
}

// ---------------------------------------------------------------------------------------------
// Commands.

#[test]
fn conditions_are_conds() {
    only_error(&command("assume v2"), "the condition of assume must be cond, but `v2` has type i32");
    only_error(&command("assert v2 __VERIFIER_assert"), "the condition of assert must be cond");
}

#[test]
fn assignments_preserve_types() {
    only_error(&command("v2 := v10"), "assignment of a value of type u64 to v2, which has type i32");
    only_error(&command("v5 := (0:i32)"), "the assigned variable v5 has floating-point type f64");
    only_error(&command("v1 := (0:i32)"), "the assigned variable v1 (\"arr\") must be a register variable");
}

#[test]
fn havoc_targets_registers() {
    only_error(&command("v11 := havoc uninit"), "the havocked variable v11 (\"s\") must be a register variable");
}

#[test]
fn loads_are_typed() {
    only_error(&command("v4 := load &v1"), "the load destination v4 has type cond");
    only_error(&command("v2 := load v2"), "the address of load must be ptr");
    only_error(&command("v1 := load &v1"), "the load destination v1 (\"arr\") must be a register variable");
}

#[test]
fn stores_are_typed() {
    only_error(&command("store &v1, v4"), "the stored value must be an integer or ptr, but `v4` has type cond");
    only_error(&command("store v2, v2"), "the address of store must be ptr");
}

#[test]
fn init_object_gives_a_length_exactly_to_variable_length_arrays() {
    only_error(&command("init v2 zero"), "init of register variable v2 (\"i\")");
    only_error(&command("init v6 uninit"), "init of the variable-length array v6 (\"vla\") needs a length");
    only_error(
        &command("init v1 zero len (4:i32)"),
        "init of v1 (\"arr\") has a length, but it is not a variable-length array",
    );
    only_error(&command("init v6 uninit len v3"), "the length of init must be an integer");
}

#[test]
fn allocations_are_typed() {
    only_error(&command("v2 := alloc heap (4:u64)"), "the alloc destination v2 must have type ptr");
    only_error(&command("v3 := alloc stack v3"), "the size of alloc must be an integer");
}

#[test]
fn free_takes_a_pointer() {
    only_error(&command("free v2"), "the argument of free must be ptr");
}

#[test]
fn memory_operations_are_typed() {
    only_error(&command("memcpy v2, v3, (4:u64)"), "the destination of memcpy must be ptr");
    only_error(&command("memcpy v3, v3, v3"), "the size of memcpy must be an integer");
    only_error(&command("memset v3, v3, (4:u64)"), "the byte of memset must be an integer");
}

#[test]
fn calls_match_the_callee_signature() {
    only_error(&command("v2 := call f2()"), "call of f2 (\"id\") passes 0 argument(s) to 1 parameter(s)");
    only_error(
        &command("v2 := call f2(v10)"),
        "argument 0 of the call of f2 has type u64, but parameter v7 has type i32",
    );
    only_error(&command("v2 := call f3()"), "call of f3 (\"noop\") assigns v2, but the function returns nothing");
    only_error(&command("call f2((1:i32))"), "call of f2 (\"id\") has no destination for its result");
    only_error(
        &command("v10 := call f2((1:i32))"),
        "the call destination v10 has type u64, but f2 returns v8 of type i32",
    );
    only_error(&command("v1 := call f2((1:i32))"), "the call destination v1 (\"arr\") must be a register variable");
}

#[test]
fn extern_calls_assign_registers() {
    only_error(&command("v1 := extern \"f\"()"), "the destination of the extern call v1 (\"arr\") must be a register");
    only_error(&command("extern \"f\"(v99)"), "v99 is not a variable");
}

#[test]
fn exit_codes_are_integers() {
    only_error(&program("e0: L0 -> L2 exit v3"), "the exit code must be an integer");
}

#[test]
fn opaque_steps_havoc_registers() {
    only_error(&command("opaque \"asm\" [v2, v1]"), "the variable havocked by opaque v1 (\"arr\") must be a register");
}

// ---------------------------------------------------------------------------------------------
// Variables.

#[test]
fn functions_use_globals_and_their_own_variables() {
    let err = only_error(&command("v2 := v9"), "v9 (\"other\") is neither a global nor a variable of f1");
    assert_eq!((err.func, err.edge), (Some(MAIN), Some(EdgeId(0))));
    assert_eq!(verify_program(&command("v2 := v0")), Ok(()), "globals are usable by every function");
}

#[test]
fn parameters_are_register_params_of_their_function() {
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(7)].kind = VarKind::Local;
    only_error(&p, "parameter v7 (\"x\") has kind local, not param");
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(7)].ty = VarTy::Mem(ObjType::Scalar(Type::Ptr));
    has_error(&p, "parameter v7 lives in memory");
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(7)].func = Some(MAIN);
    has_error(&p, "parameter v7 (\"x\") belongs to f1, not to f2");
}

#[test]
fn return_variables_have_kind_return() {
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(8)].kind = VarKind::Temp;
    only_error(&p, "return variable v8 (\"r\") has kind temp, not return");
}

#[test]
fn locals_are_locals_or_temps_of_their_function() {
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(2)].kind = VarKind::Param;
    only_error(&p, "local v2 (\"i\") has kind param, not local or temp");
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(2)].func = None;
    only_error(&p, "local v2 (\"i\") belongs to no function, not to f1");
}

#[test]
fn globals_are_global() {
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(0)].kind = VarKind::Local;
    only_error(&p, "global v0 (\"g\") has kind local");
    let mut p = program("e0: L0 -> L1 skip");
    p.vars[VarId(0)].func = Some(MAIN);
    has_error(&p, "global v0 (\"g\") belongs to function f1");
    has_error(&p, "belongs to main but is not among its params, ret or locals");
    let mut p = program("e0: L0 -> L1 skip");
    p.globals.push(VarId(99));
    only_error(&p, "globals lists v99, which is not a variable");
    let mut p = program("e0: L0 -> L1 skip");
    p.globals.retain(|g| *g != VarId(0));
    only_error(&p, "global v0 (\"g\") is not listed in the program's globals");
}

#[test]
fn owned_variables_are_listed_by_their_function() {
    let mut p = program("e0: L0 -> L1 skip");
    p.funcs[MAIN].locals.retain(|v| *v != VarId(2));
    only_error(&p, "v2 (\"i\") belongs to main but is not among its params, ret or locals");
}

#[test]
fn record_fields_fit_in_their_record() {
    let struct_text = "mem struct \"S\" size 8 align 4 { \"a\" at 0: i32, \"b\" at 4: i32 }";
    let text = BASE.replace("BODY", "e0: L0 -> L1 skip");
    let beyond =
        text.replace(struct_text, "mem [2 x struct \"S\" size 8 align 4 { \"a\" at 0: i32, \"b\" at 6: i32 }]");
    only_error(
        &parse_program(&beyond).unwrap(),
        "v11 (\"s\"): field \"b\" of \"S\" occupies bytes 6..10, beyond the record's size 8",
    );
    let union = text.replace(struct_text, "mem union \"U\" size 8 align 4 { \"a\" at 0: i32, \"b\" at 4: i32 }");
    only_error(&parse_program(&union).unwrap(), "field \"b\" of union \"U\" is at offset 4, not 0");
}

// ---------------------------------------------------------------------------------------------
// Reporting.

#[test]
fn every_error_is_reported_with_its_function_and_edge() {
    let p = program("e0: L0 -> L1 abort e1: L0 -> L2 skip");
    let found: Vec<(Option<FuncId>, Option<EdgeId>)> = errors(&p).iter().map(|e| (e.func, e.edge)).collect();
    let (e0, e1) = (Some(EdgeId(0)), Some(EdgeId(1)));
    assert_eq!(found, vec![(Some(MAIN), e0), (Some(MAIN), e0), (Some(MAIN), e1), (Some(MAIN), e1)]);
}

#[test]
fn functions_are_verified_one_at_a_time() {
    let p = command("v2 := v10");
    assert_eq!(verify_function(&p, FuncId(0)), vec![]);
    assert_eq!(verify_function(&p, MAIN).len(), 1);
    let missing = verify_function(&p, FuncId(7));
    assert_eq!(missing.len(), 1);
    assert_eq!(missing[0].to_string(), "f7: f7 is not a function (the program has 4)");
}

#[test]
fn errors_display_where_they_are() {
    let at = |func, edge| VerifyError { func, edge, message: "wrong".into() };
    assert_eq!(at(Some(FuncId(1)), Some(EdgeId(3))).to_string(), "f1 e3: wrong");
    assert_eq!(at(Some(FuncId(1)), None).to_string(), "f1: wrong");
    assert_eq!(at(None, None).to_string(), "wrong");
    let err = only_error(&command("assume v2"), "must be cond");
    assert_eq!(err.to_string(), "f1 e0: the condition of assume must be cond, but `v2` has type i32");
}
