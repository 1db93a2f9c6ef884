//! Safety certificates accepted and rejected, from C programs and textual IR. Every test states
//! the obligation that must fail, so a checker that accepts everything (or rejects everything)
//! fails them.

mod common;

use common::*;
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety};
use leapfrog_ir::{BinOp, CmpOp, Expr, IntTy, LocId, Semantics};

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n";

fn c(body: &str) -> leapfrog_ir::Program {
    c_program(&format!("{PRELUDE}{body}"))
}

const COUNTING: &str = "int main() { int i = 0; while (i < 10) { i++; } __VERIFIER_assert(i == 10); return 0; }";

#[test]
fn a_correct_counting_loop_certificate_is_accepted() {
    let p = c(COUNTING);
    let h = headers(&p);
    assert_eq!(h.len(), 1);
    let inv = cmp(CmpOp::Le, v(&p, "i"), int(10));
    assert_accepted(&check(&p, vec![(h[0], inv.clone())], Semantics::Default));
    assert_accepted(&check(&p, vec![(h[0], inv)], Semantics::BitPrecise));
}

#[test]
fn a_non_inductive_invariant_fails_consecution() {
    let p = c(COUNTING);
    let h = headers(&p);
    // True on entry and strong enough after the loop, but i = 9 steps to 10.
    let inv = cmp(CmpOp::Lt, v(&p, "i"), int(10));
    let r = check(&p, vec![(h[0], inv)], Semantics::Default);
    assert_rejected(&r, "consecution");
    assert_rejected(&r, "`while` loop at");
}

#[test]
fn an_invariant_false_on_entry_fails_initiation() {
    let p = c(COUNTING);
    let h = headers(&p);
    let inv = Expr::binary(BinOp::Add, IntTy::I32, v(&p, "i"), int(0));
    let inv = and(cmp(CmpOp::Ge, inv, int(1)), cmp(CmpOp::Le, v(&p, "i"), int(10)));
    assert_rejected(&check(&p, vec![(h[0], inv)], Semantics::Default), "initiation");
}

#[test]
fn an_invariant_too_weak_for_the_assertion_fails_safety() {
    let p = c(COUNTING);
    let h = headers(&p);
    let inv = cmp(CmpOp::Ge, v(&p, "i"), int(0));
    let r = check(&p, vec![(h[0], inv)], Semantics::Default);
    assert_rejected(&r, "safety: the assertion at");
    // No invariant at all means `true`.
    assert_rejected(&check(&p, vec![], Semantics::Default), "safety");
}

#[test]
fn an_assertion_inside_a_loop_is_checked_in_the_loop_scope() {
    let p = c("int main() { int i = 0; while (i < 10) { __VERIFIER_assert(i != 10); i++; } return 0; }");
    let h = headers(&p);
    assert_accepted(&check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default));
    // i = 5 is reached: the top scope's walk through the loop's (last) iteration sees it.
    let p = c("int main() { int i = 0; while (i < 10) { __VERIFIER_assert(i != 5); i++; } return 0; }");
    let h = headers(&p);
    let r = check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default);
    assert_rejected(&r, "safety: the assertion at");
    assert_rejected(&r, ":3:42");
}

const NESTED: &str = "int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  int s = 0;
  int i = 0;
  while (i < n) {
    int j = 0;
    while (j < 10) { s++; j++; }
    i++;
  }
  __VERIFIER_assert(s == 10 * n);
  return 0;
}";

fn nested_invariants(p: &leapfrog_ir::Program, inner_bound: bool) -> Vec<(LocId, Expr)> {
    let h = headers(p);
    assert_eq!(h.len(), 2);
    let ten = |e: Expr| Expr::binary(BinOp::Mul, IntTy::I32, int(10), e);
    // Outer: i <= n && s == 10 * i (needs n and i to survive the inner loop).
    let outer = and(cmp(CmpOp::Le, v(p, "i"), v(p, "n")), cmp(CmpOp::Eq, v(p, "s"), ten(v(p, "i"))));
    // Inner: s == 10 * i + j && j <= 10 (and i < n, i >= 0 to stay within the outer invariant).
    let sum = Expr::binary(BinOp::Add, IntTy::I32, ten(v(p, "i")), v(p, "j"));
    let mut inner = cmp(CmpOp::Eq, v(p, "s"), sum);
    if inner_bound {
        inner = and(inner, cmp(CmpOp::Le, v(p, "j"), int(10)));
    }
    inner = and(inner, cmp(CmpOp::Lt, v(p, "i"), v(p, "n")));
    vec![(h[0], outer), (h[1], inner)]
}

#[test]
fn nested_loops_keep_what_the_inner_loop_does_not_modify() {
    let p = c(NESTED);
    assert_accepted(&check(&p, nested_invariants(&p, true), Semantics::Default));
    assert_accepted(&check(&p, nested_invariants(&p, true), Semantics::BitPrecise));
}

#[test]
fn nested_loops_with_a_weak_inner_invariant_fail_the_outer_consecution() {
    let p = c(NESTED);
    let r = check(&p, nested_invariants(&p, false), Semantics::Default);
    assert_rejected(&r, "consecution");
    let outer_line = "NESTED:6"; // the outer `while` is on line 6 of the body, 8 of the file
    let _ = outer_line;
    assert_rejected(&r, ":8:");
}

#[test]
fn an_inner_invariant_false_on_entry_fails_its_initiation_in_the_outer_scope() {
    let p = c(NESTED);
    let mut invs = nested_invariants(&p, true);
    // j >= 1 is false when the inner loop starts.
    invs[1].1 = and(invs[1].1.clone(), cmp(CmpOp::Ge, v(&p, "j"), int(1)));
    let r = check(&p, invs, Semantics::Default);
    assert_rejected(&r, "initiation");
    assert_rejected(&r, ":10:"); // the inner `while`
}

const BREAK: &str = "int main() {
  int x = __VERIFIER_nondet_int();
  int i = 0;
  while (i < 100) {
    if (x == i) break;
    if (x == -i) { i = i + 1; break; }
    i++;
  }
  __VERIFIER_assert(i <= 100);
  __VERIFIER_assert(i == 100 || x == i || x == 1 - i);
  return 0;
}";

#[test]
fn a_loop_with_several_exits() {
    let p = c(BREAK);
    let h = headers(&p);
    let inv = and(cmp(CmpOp::Le, v(&p, "i"), int(100)), cmp(CmpOp::Ge, v(&p, "i"), int(0)));
    assert_accepted(&check(&p, vec![(h[0], inv)], Semantics::Default));
    // Without i >= 0, x == -i with i < 0 exits with i + 1 <= 100 still... but the second
    // assertion needs nothing more; drop the upper bound instead: the first assertion fails.
    let r = check(&p, vec![(h[0], cmp(CmpOp::Ge, v(&p, "i"), int(0)))], Semantics::Default);
    assert_rejected(&r, "safety");
    assert_rejected(&r, ":11:");
}

#[test]
fn unsigned_wrap_around_breaks_a_mathematically_inductive_invariant() {
    // x doubles; as a mathematical integer it stays positive, but unsigned arithmetic wraps to 0.
    let p = c("int main() { unsigned x = 1; while (__VERIFIER_nondet_int()) { x = x + x; } \
               __VERIFIER_assert(x != 0); return 0; }");
    let h = headers(&p);
    let inv = cmp(CmpOp::Gt, v(&p, "x"), uint(0));
    assert_rejected(&check(&p, vec![(h[0], inv.clone())], Semantics::Default), "consecution");
    assert_rejected(&check(&p, vec![(h[0], inv)], Semantics::BitPrecise), "consecution");
    // x + 2 never wraps to 0 from an odd x... it does (x = 2^32 - 2 is even); odd x stays odd.
    let p = c("int main() { unsigned x = 1; while (__VERIFIER_nondet_int()) { x = x + 2; } \
               __VERIFIER_assert(x != 0); return 0; }");
    let h = headers(&p);
    let odd = cmp(CmpOp::Eq, Expr::binary(BinOp::Rem, IntTy::U32, v(&p, "x"), uint(2)), uint(1));
    assert_accepted(&check(&p, vec![(h[0], odd.clone())], Semantics::Default));
    assert_accepted(&check(&p, vec![(h[0], odd)], Semantics::BitPrecise));
}

#[test]
fn signed_overflow_is_mathematical_by_default_and_wraps_when_bit_precise() {
    let p = c("int main() { int x = 1; while (__VERIFIER_nondet_int()) { x = x + x; } \
               __VERIFIER_assert(x > 0); return 0; }");
    let h = headers(&p);
    let inv = cmp(CmpOp::Gt, v(&p, "x"), int(0));
    assert_accepted(&check(&p, vec![(h[0], inv.clone())], Semantics::Default));
    assert_rejected(&check(&p, vec![(h[0], inv)], Semantics::BitPrecise), "consecution");
}

#[test]
fn memory_a_loop_does_not_write_keeps_its_contents() {
    let src = "int main() { int a[5]; a[0] = 3; int i = 0; while (i < 10) { i++; WRITE } \
               __VERIFIER_assert(a[0] == 3); return 0; }";
    let p = c(&src.replace("WRITE", ""));
    let h = headers(&p);
    assert_accepted(&check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default));
    // Writing another element puts the whole array in Mod(L): a[0] is then unknown.
    let p = c(&src.replace("WRITE", "a[1] = i;"));
    let h = headers(&p);
    let r = check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default);
    assert_rejected(&r, "safety");
}

#[test]
fn arrays_and_pointers_in_loop_free_code_are_exact() {
    let p = c("int main() {
      int a[4] = {1, 2, 3, 4};
      int *p = &a[1];
      int k = __VERIFIER_nondet_int();
      if (k < 0 || k > 2) return 0;
      p[k] = 10;
      __VERIFIER_assert(a[k + 1] == 10);
      __VERIFIER_assert(a[0] == 1);
      __VERIFIER_assert(p - a == 1);
      return 0;
    }");
    assert_accepted(&check(&p, vec![], Semantics::Default));
    assert_accepted(&check(&p, vec![], Semantics::BitPrecise));
    let p = c("int main() { int a[4] = {1, 2, 3, 4}; int k = __VERIFIER_nondet_int(); \
               if (k < 0 || k > 3) return 0; a[k] = 0; __VERIFIER_assert(a[2] == 3); return 0; }");
    assert_rejected(&check(&p, vec![], Semantics::Default), "safety");
}

// --- Textual IR.

const COUNT_IR: &str = r#"
file 0 "count.c"
var v0 local f1 "i": i32 @0:2:7
init f0
entry f1
func f0 "__init" {
  e0: L0 -> L1 skip
}
func f1 "main" {
  locals v0
  locs 6 entry L0 exit L1 halt L2
  L3: loop while @0:3:3
  e0: L0 -> L3 v0 := (0:i32)
  e1: L3 -> L4 assume (lt v0 (10:i32)) @0:3:10
  e2: L4 -> L3 v0 := (add.i32 v0 (1:i32)) @0:3:20
  e3: L3 -> L5 assume (ge v0 (10:i32))
  e4: L5 -> L1 assert (eq v0 (10:i32)) __VERIFIER_assert @0:4:3
}
"#;

#[test]
fn textual_ir_counting_loop() {
    let p = ir_program(COUNT_IR);
    let i = Expr::Var(leapfrog_ir::VarId(0));
    let h = LocId(3);
    assert_accepted(&check(&p, vec![(h, cmp(CmpOp::Le, i.clone(), int(10)))], Semantics::Default));
    let r = check(&p, vec![(h, cmp(CmpOp::Lt, i.clone(), int(10)))], Semantics::Default);
    assert_rejected(&r, "consecution");
    assert_rejected(&r, "count.c:3:3");
    assert_rejected(&r, "back edge at count.c:3:20");
    let r = check(&p, vec![(h, cmp(CmpOp::Ge, i, int(0)))], Semantics::Default);
    assert_rejected(&r, "count.c:4:3");
}

#[test]
fn malformed_certificates_are_rejected() {
    let p = ir_program(COUNT_IR);
    let i = Expr::Var(leapfrog_ir::VarId(0));
    // Not a loop header.
    assert_rejected(
        &check(&p, vec![(LocId(4), cmp(CmpOp::Le, i.clone(), int(10)))], Semantics::Default),
        "not a loop header",
    );
    // Not a condition.
    assert_rejected(&check(&p, vec![(LocId(3), i.clone())], Semantics::Default), "not a condition");
    // A location that does not exist.
    assert_rejected(&check(&p, vec![(LocId(999), i)], Semantics::Default), "not a loop header");
    // A function that does not exist.
    let cert = SafetyCertificate {
        func: leapfrog_ir::FuncId(7),
        invariants: vec![],
        transitions: Vec::new(),
        ghosts: Vec::new(),
    };
    assert!(matches!(check_safety(&p, &cert, Semantics::Default, limits(), None), CheckResult::Unknown(_)));
}

#[test]
fn calls_and_irreducible_loops_are_unknown() {
    let p = ir_program(
        r#"
var v0 local f1 "i": i32
init f0
entry f1
func f0 "__init" { e0: L0 -> L1 skip }
func f1 "main" {
  locals v0
  e0: L0 -> L1 call f2 ()
}
func f2 "g" { e0: L0 -> L1 skip }
"#,
    );
    match check(&p, vec![], Semantics::Default) {
        CheckResult::Unknown(why) => assert!(why.contains("inlined"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Two entries into a cycle L3 <-> L4.
    let p = ir_program(
        r#"
var v0 local f1 "i": i32
init f0
entry f1
func f0 "__init" { e0: L0 -> L1 skip }
func f1 "main" {
  locals v0
  locs 5
  e0: L0 -> L3 assume (lt v0 (0:i32))
  e1: L0 -> L4 assume (ge v0 (0:i32))
  e2: L3 -> L4 skip
  e3: L4 -> L3 skip
}
"#,
    );
    match check(&p, vec![], Semantics::Default) {
        CheckResult::Unknown(why) => assert!(why.contains("irreducible"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_timeout_is_unknown_not_accepted() {
    // A nonlinear fact (x * x * x == y * y * y + 7 has no solution mod... ) under a zero budget.
    let p = c("int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); \
               if (x > 1000000 || y > 1000000 || x < 0 || y < 0) return 0; \
               __VERIFIER_assert(x * x * x != y * y * y + 7 * x * y + 1); return 0; }");
    let cert = SafetyCertificate { func: main_of(&p), invariants: vec![], transitions: Vec::new(), ghosts: Vec::new() };
    let limits = leapfrog_smt::QueryLimits { timeout: std::time::Duration::from_millis(1), rlimit: 1 };
    let r = check_safety(&p, &cert, Semantics::Default, limits, None);
    assert!(matches!(r, CheckResult::Unknown(_)), "{r:?}");
}

#[test]
fn a_pointer_a_loop_advances_still_points_into_its_array() {
    let p = c("int main() {
      int a[10];
      int b[2] = {7, 7};
      int *p = a;
      int i = 0;
      while (i < 10) { *p = i; p++; i++; }
      a[3] = 5;
      __VERIFIER_assert(a[3] == 5);
      __VERIFIER_assert(b[0] == 7);
      __VERIFIER_assert(p - a == 10);
      return 0;
    }");
    let h = headers(&p);
    let pa = Expr::PtrDiff {
        lhs: Box::new(v(&p, "p")),
        rhs: Box::new(Expr::AddrOf(var(&p, "a"))),
        scale: 4,
        ty: IntTy::I64,
    };
    let i64_i = Expr::cast(IntTy::I64, v(&p, "i"));
    let bounds = and(cmp(CmpOp::Le, v(&p, "i"), int(10)), cmp(CmpOp::Ge, v(&p, "i"), int(0)));
    let inv = and(bounds, cmp(CmpOp::Eq, pa.clone(), i64_i.clone()));
    assert_accepted(&check(&p, vec![(h[0], inv.clone())], Semantics::Default));
    assert_accepted(&check(&p, vec![(h[0], inv)], Semantics::BitPrecise));
    // Without i >= 0 it is still inductive: p - a is i whatever i is, also a mathematical i below
    // INT_MIN, which keeps its value as a long (signed integers widen without wrapping).
    let inv = and(cmp(CmpOp::Le, v(&p, "i"), int(10)), cmp(CmpOp::Eq, pa.clone(), i64_i.clone()));
    assert_accepted(&check(&p, vec![(h[0], inv)], Semantics::Default));
    // Without the relation between p and i, the last assertion fails.
    let r = check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default);
    assert_rejected(&r, "safety");
    assert_rejected(&r, ":12:");
}

#[test]
fn stores_through_a_pointer_leave_other_objects_alone() {
    let p = c("int main() {
      int a[2] = {7, 7};
      int b[3];
      int *q = b;
      int i = 0;
      while (i < 3) { q[i] = i; i++; }
      __VERIFIER_assert(a[0] + a[1] == 14);
      __VERIFIER_assert(q == b);
      return 0;
    }");
    let h = headers(&p);
    assert_accepted(&check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(3)))], Semantics::Default));
    // The same loop writing through a pointer that may point into `a` as well.
    let p = c("int main() {
      int a[2] = {7, 7};
      int b[3];
      int *q = __VERIFIER_nondet_int() ? b : a;
      int i = 0;
      while (i < 2) { q[i] = i; i++; }
      __VERIFIER_assert(a[0] + a[1] == 14);
      return 0;
    }");
    let h = headers(&p);
    assert_rejected(&check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(2)))], Semantics::Default), "safety");
}

#[test]
fn globals_start_as_the_initializer_leaves_them() {
    let p = c("int g = 3; int t[2] = {1, 2};
      int main() { int i = 0; while (i < g) { i++; } __VERIFIER_assert(i == 3 && t[1] == 2); return 0; }");
    let h = headers(&p);
    let g = v(&p, "g");
    let inv = and(cmp(CmpOp::Le, v(&p, "i"), g.clone()), cmp(CmpOp::Eq, g, int(3)));
    assert_accepted(&check(&p, vec![(h[0], inv)], Semantics::Default));
}

#[test]
fn extern_calls_may_change_globals() {
    let p = c("extern void touch(void); int g = 3;
      int main() { touch(); __VERIFIER_assert(g == 3); return 0; }");
    assert_rejected(&check(&p, vec![], Semantics::Default), "safety");
}

#[test]
fn a_failure_where_the_encoding_over_approximates_is_unknown_not_rejected() {
    // Struct assignment is a memcpy, which the checker does not model: b.x is arbitrary for it.
    let p = c("struct S { int x; int y; };
      int main() { struct S a = {1, 2}; struct S b; b = a; __VERIFIER_assert(b.x == 1); return 0; }");
    match check(&p, vec![], Semantics::Default) {
        CheckResult::Unknown(why) => assert!(why.contains("memcpy is not modelled"), "{why}"),
        other => panic!("expected unknown, got {other:?}"),
    }
    // Without an over-approximation, a failure is a rejection.
    let p = c("int main() { int k = __VERIFIER_nondet_int(); __VERIFIER_assert(k != 3); return 0; }");
    assert_rejected(&check(&p, vec![], Semantics::Default), "safety");
}

#[test]
fn a_stored_value_out_of_its_type_wraps_in_memory() {
    // x + 1 at INT_MAX is out of int (a mathematical value under the default semantics): memory
    // holds a value of the cell's type, so the load must not make the path infeasible.
    let p = c("int a[1]; int main(void) { int x = __VERIFIER_nondet_int();
      a[0] = x + 1; int y = a[0]; if (x == 2147483647) reach_error(); return y; }");
    let r = check(&p, vec![], Semantics::Default);
    assert!(!matches!(r, CheckResult::Accepted), "{r:?}");
}
