//! Termination certificates (ranking functions, transition invariants) and recurrent sets,
//! accepted and rejected, from C programs. Every test states the obligation that must fail, so a
//! checker that accepts everything (or rejects everything) fails them.

mod common;

use common::random_ir::{Rng, Vars, cond_expr, random_program};
use common::*;
use leapfrog_certify::termination::{
    LinearForm, Measure, NestedLoops, RecurrentSet, TerminationArgument, TerminationCertificate, TransitionAtom,
    TransitionConstraint, VarianceDisjunct,
};
use leapfrog_certify::{CheckResult, check_recurrent_set, check_termination};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{BinOp, CmpOp, Command, EdgeId, Expr, FuncId, HavocOrigin, IntTy, LocId, Program, Semantics, VarId};
use leapfrog_smt::QueryLimits;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\n\
                       extern unsigned int __VERIFIER_nondet_uint(void);\n\
                       extern void __VERIFIER_assert(int);\n";

fn c(body: &str) -> Program {
    c_program(&format!("{PRELUDE}{body}"))
}

const BOTH: [Semantics; 2] = [Semantics::Default, Semantics::BitPrecise];

/// `constant + Σ a·x` over variables of `main` named in `terms`.
fn lin(p: &Program, constant: i128, terms: &[(i128, &str)]) -> LinearForm {
    LinearForm { constant, terms: terms.iter().map(|(a, x)| (*a, var(p, x))).collect() }
}

fn ranking(fs: Vec<LinearForm>) -> TerminationArgument {
    TerminationArgument::Ranking(fs)
}

fn ti(atoms: Vec<TransitionAtom>, well_founded: usize) -> TerminationArgument {
    TerminationArgument::TransitionInvariant { atoms, well_founded }
}

fn term(
    p: &Program,
    header: LocId,
    invariants: Vec<(LocId, Expr)>,
    argument: TerminationArgument,
    sem: Semantics,
) -> CheckResult {
    let cert = TerminationCertificate { func: main_of(p), header, invariants, transitions: vec![], argument };
    check_termination(p, &cert, sem, limits(), None)
}

fn rec(p: &Program, header: LocId, set: Expr, choices: BTreeMap<EdgeId, i128>, sem: Semantics) -> CheckResult {
    let rs = RecurrentSet { func: main_of(p), header, set, choices, nested: NestedLoops::NotEntered };
    check_recurrent_set(p, &rs, sem, limits(), None)
}

fn assert_unknown(r: &CheckResult, needle: &str) {
    match r {
        CheckResult::Unknown(why) => assert!(why.contains(needle), "unknown, but for another reason: {why}"),
        other => panic!("expected unknown ({needle:?}), got {other:?}"),
    }
}

/// The edges of `main` that havoc a variable with a nondeterministic value, in id order.
fn nondet_edges(p: &Program) -> Vec<EdgeId> {
    let f = &p.funcs[main_of(p)];
    f.edges
        .iter()
        .filter(|(_, e)| matches!(e.cmd, Command::Havoc(_, HavocOrigin::Nondet(_))))
        .map(|(id, _)| id)
        .collect()
}

fn sub(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinOp::Sub, IntTy::I32, a, b)
}

fn rem(a: Expr, b: Expr) -> Expr {
    Expr::binary(BinOp::Rem, IntTy::I32, a, b)
}

// --- Ranking functions.

#[test]
fn a_counting_loop_has_a_linear_ranking_function() {
    let p = c("int main() { int n = __VERIFIER_nondet_int(); int i = 0; while (i < n) { i++; } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        // n - i is positive under the guard and drops by one.
        assert_accepted(&term(&p, h[0], vec![], ranking(vec![lin(&p, 0, &[(1, "n"), (-1, "i")])]), sem));
        // i - n grows.
        let r = term(&p, h[0], vec![], ranking(vec![lin(&p, 0, &[(-1, "n"), (1, "i")])]), sem);
        assert_rejected(&r, "ranking: an iteration of the `while` loop at");
        // n - i + 5 decreases too, but so does n - i - 5, which is negative at i = n - 1.
        assert_accepted(&term(&p, h[0], vec![], ranking(vec![lin(&p, 5, &[(1, "n"), (-1, "i")])]), sem));
        assert_rejected(&term(&p, h[0], vec![], ranking(vec![lin(&p, -5, &[(1, "n"), (-1, "i")])]), sem), "ranking");
    }
}

#[test]
fn a_ranking_function_may_need_a_supporting_invariant() {
    let p = c("int main() { int i = 0; int n = 10; while (i != n) { i++; } return 0; }");
    let h = headers(&p);
    let f = || ranking(vec![lin(&p, 0, &[(1, "n"), (-1, "i")])]);
    // Without i <= n, a header state with i > n never stops (n - i < 0): the ranking is refuted.
    assert_rejected(&term(&p, h[0], vec![], f(), Semantics::Default), "ranking");
    let inv = cmp(CmpOp::Le, v(&p, "i"), v(&p, "n"));
    assert_accepted(&term(&p, h[0], vec![(h[0], inv.clone())], f(), Semantics::Default));
    assert_accepted(&term(&p, h[0], vec![(h[0], inv)], f(), Semantics::BitPrecise));
    // A supporting invariant must be inductive: i < n is not (i = 9 steps to 10)...
    let r = term(&p, h[0], vec![(h[0], cmp(CmpOp::Lt, v(&p, "i"), v(&p, "n")))], f(), Semantics::Default);
    assert_rejected(&r, "consecution");
    // ... and true on entry.
    let r = term(&p, h[0], vec![(h[0], cmp(CmpOp::Ge, v(&p, "i"), int(1)))], f(), Semantics::Default);
    assert_rejected(&r, "initiation");
}

#[test]
fn assertions_are_not_obligations_of_a_termination_argument() {
    // The assertion fails at i = 5, which ends the execution: the loop still cannot run forever.
    let p = c("int main() { int i = 0; while (i < 10) { __VERIFIER_assert(i < 5); i++; } return 0; }");
    let h = headers(&p);
    let f = ranking(vec![lin(&p, 10, &[(-1, "i")])]);
    assert_accepted(&term(&p, h[0], vec![], f, Semantics::Default));
    // The safety checker does reject it (the same walk, with assertions as obligations).
    assert_rejected(&check(&p, vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], Semantics::Default), "safety");
}

#[test]
fn a_two_phase_loop_has_a_lexicographic_ranking_function() {
    let p = c("int main() {
      int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
      while (x > 0) {
        if (y > 0) { y--; } else { x--; y = __VERIFIER_nondet_int(); }
      }
      return 0;
    }");
    let h = headers(&p);
    let (fx, fy) = (lin(&p, 0, &[(1, "x")]), lin(&p, 0, &[(1, "y")]));
    for sem in BOTH {
        assert_accepted(&term(&p, h[0], vec![], ranking(vec![fx.clone(), fy.clone()]), sem));
        // x alone stays put while y counts down; y first is reset arbitrarily when x drops.
        assert_rejected(&term(&p, h[0], vec![], ranking(vec![fx.clone()]), sem), "lexicographically");
        assert_rejected(&term(&p, h[0], vec![], ranking(vec![fy.clone(), fx.clone()]), sem), "ranking");
    }
}

#[test]
fn an_outer_loop_terminates_whatever_its_inner_loop_does() {
    // The inner loop runs forever for j > 0 (under the default semantics): local termination
    // of the outer loop does not depend on it.
    let src = "int main() {
      int n = __VERIFIER_nondet_int(); int i = 0;
      while (i < n) {
        int j = __VERIFIER_nondet_int();
        while (j != 0) { j = j + 1; INNER }
        i++;
      }
      return 0;
    }";
    let p = c(&src.replace("INNER", ""));
    let h = headers(&p);
    assert_eq!(h.len(), 2);
    let f = || ranking(vec![lin(&p, 0, &[(1, "n"), (-1, "i")])]);
    assert_accepted(&term(&p, h[0], vec![], f(), Semantics::Default));
    // The inner loop's own argument: j grows without bound, nothing ranks it.
    let r = term(&p, h[1], vec![], ranking(vec![lin(&p, 0, &[(-1, "j")])]), Semantics::Default);
    assert_rejected(&r, "ranking");
    // An inner loop that changes i loses what the outer argument needs (i is forgotten).
    let p = c(&src.replace("INNER", "i = i - 1;"));
    let h = headers(&p);
    let r = term(&p, h[0], vec![], ranking(vec![lin(&p, 0, &[(1, "n"), (-1, "i")])]), Semantics::Default);
    assert_rejected(&r, "ranking");
}

#[test]
fn a_called_function_must_be_inlined_first() {
    let p = c("int step(int x) { return x - 1; }
      int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { x = step(x); } return 0; }");
    let h = headers(&p);
    let f = || ranking(vec![lin(&p, 0, &[(1, "x")])]);
    assert_unknown(&term(&p, h[0], vec![], f(), Semantics::Default), "inlined");
    let q = leapfrog_ir::inline_program(&p, &leapfrog_ir::InlineLimits::default()).expect("inlines");
    let h = headers(&q);
    assert_accepted(&term(&q, h[0], vec![], ranking(vec![lin(&q, 0, &[(1, "x")])]), Semantics::Default));
    assert_rejected(&term(&q, h[0], vec![], ranking(vec![lin(&q, 0, &[(-1, "x")])]), Semantics::Default), "ranking");
}

#[test]
fn unsigned_wrap_around_defeats_a_mathematical_ranking() {
    // c < 300 always holds for an unsigned char: c wraps from 255 to 0 and the loop never ends.
    let p = c("int main() { for (unsigned char c = 0; c < 300; c++) { } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        let r = term(&p, h[0], vec![], ranking(vec![lin(&p, 300, &[(-1, "c")])]), sem);
        assert_rejected(&r, "ranking");
        let up = TransitionAtom::Increases(Measure::Linear(lin(&p, 0, &[(1, "c")])));
        assert_rejected(&term(&p, h[0], vec![], ti(vec![up], 0), sem), "is not in atom 0");
    }
    // The same loop with a bound c can reach terminates, by the same ranking.
    let p = c("int main() { for (unsigned char c = 0; c < 200; c++) { } return 0; }");
    let h = headers(&p);
    assert_accepted(&term(&p, h[0], vec![], ranking(vec![lin(&p, 200, &[(-1, "c")])]), Semantics::Default));
}

// --- Transition invariants.

#[test]
fn an_unsigned_countdown_decreases_within_its_type() {
    let p = c("int main() { for (unsigned i = 10; i > 0; i--) { } return 0; }");
    let h = headers(&p);
    let down = || TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "i")])));
    for sem in BOTH {
        // Bounded below by its type (Observation 3): no supporting invariant needed.
        assert_accepted(&term(&p, h[0], vec![], ti(vec![down()], 0), sem));
        let up = TransitionAtom::Increases(Measure::Linear(lin(&p, 0, &[(1, "i")])));
        assert_rejected(&term(&p, h[0], vec![], ti(vec![up], 0), sem), "is not in atom 0");
        // Max and min of one variable are the variable.
        let max = TransitionAtom::Decreases(Measure::Max(vec![var(&p, "i")]));
        assert_accepted(&term(&p, h[0], vec![], ti(vec![max], 0), sem));
    }
}

#[test]
fn a_signed_decrease_needs_a_bound_from_the_invariant_under_the_default_semantics() {
    let p = c("int main() { int i = __VERIFIER_nondet_int(); while (i > 0) { i--; } return 0; }");
    let h = headers(&p);
    let down = || ti(vec![TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "i")])))], 0);
    // Every iteration decreases i, but the header states where it is taken do not bound a
    // mathematical i below (the guard is not part of the well-foundedness check).
    let r = term(&p, h[0], vec![], down(), Semantics::Default);
    assert_rejected(&r, "well-foundedness");
    assert_rejected(&r, "not bounded below");
    // Machine integers are finite (Observation 3).
    assert_accepted(&term(&p, h[0], vec![], down(), Semantics::BitPrecise));
    // A ranking function's lower bound is checked under the guard, on the iteration.
    assert_accepted(&term(&p, h[0], vec![], ranking(vec![lin(&p, 0, &[(1, "i")])]), Semantics::Default));

    let p = c("int main() { int i = 10; while (i != 0) { i--; } return 0; }");
    let h = headers(&p);
    let down = || ti(vec![TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "i")])))], 0);
    assert_rejected(&term(&p, h[0], vec![], down(), Semantics::Default), "not bounded below");
    // With machine integers, i = INT_MIN wraps around to INT_MAX: i does not decrease.
    assert_rejected(&term(&p, h[0], vec![], down(), Semantics::BitPrecise), "is not in atom 0");
    // i >= 0 is inductive here (i != 0 on the way in) and bounds it.
    let inv = cmp(CmpOp::Ge, v(&p, "i"), int(0));
    for sem in BOTH {
        assert_accepted(&term(&p, h[0], vec![(h[0], inv.clone())], down(), sem));
    }
    // A bound the invariant gives, found by optimization: i >= -7.
    let p = c("int main() { int i = 10; while (i != -7) { i--; } return 0; }");
    let h = headers(&p);
    let down = || ti(vec![TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "i")])))], 0);
    assert_accepted(&term(&p, h[0], vec![(h[0], cmp(CmpOp::Ge, v(&p, "i"), int(-7)))], down(), Semantics::Default));
    // An upper bound does not bound a decrease.
    let r = term(&p, h[0], vec![(h[0], cmp(CmpOp::Le, v(&p, "i"), int(10)))], down(), Semantics::Default);
    assert_rejected(&r, "not bounded below");
}

#[test]
fn a_transition_invariant_must_be_transitive() {
    let p = c("int main() {
      unsigned x = __VERIFIER_nondet_uint(); unsigned y = __VERIFIER_nondet_uint();
      while (x > 0 && y > 0) { if (__VERIFIER_nondet_int()) { x--; } else { y--; } }
      return 0;
    }");
    let h = headers(&p);
    let sum = || TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "x"), (1, "y")])));
    let one = || TransitionAtom::OneChanges(vec![var(&p, "x"), var(&p, "y")]);
    for sem in BOTH {
        assert_accepted(&term(&p, h[0], vec![], ti(vec![sum()], 0), sem));
        // Every iteration changes exactly one of x and y, but two iterations may change both:
        // compositionality check (1) refutes it.
        assert_rejected(&term(&p, h[0], vec![], ti(vec![one(), sum()], 1), sem), "transitivity");
        // The maximum need not decrease (x = 3, y = 5: x--).
        let max = TransitionAtom::Decreases(Measure::Max(vec![var(&p, "x"), var(&p, "y")]));
        assert_rejected(&term(&p, h[0], vec![], ti(vec![max], 0), sem), "is not in atom 0");
        // The minimum does not either; but the sum with a second atom is fine.
        let min_down = TransitionAtom::Decreases(Measure::Min(vec![var(&p, "x"), var(&p, "y")]));
        assert_rejected(&term(&p, h[0], vec![], ti(vec![sum(), min_down], 0), sem), "is not in atom 1");
    }
}

#[test]
fn one_variable_changing_at_a_time_is_transitive_for_a_single_variable() {
    let p = c("int main() { unsigned x = __VERIFIER_nondet_uint(); while (x > 0) { x--; } return 0; }");
    let h = headers(&p);
    let x = var(&p, "x");
    let atoms = vec![TransitionAtom::OneChanges(vec![x]), TransitionAtom::Decreases(Measure::Min(vec![x]))];
    assert_accepted(&term(&p, h[0], vec![], ti(atoms, 1), Semantics::Default));
}

// --- Recurrent sets.

#[test]
fn an_increasing_positive_variable_recurs_only_with_mathematical_integers() {
    let p = c("int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { x++; } return 0; }");
    let h = headers(&p);
    let set = || cmp(CmpOp::Gt, v(&p, "x"), int(0));
    assert_accepted(&rec(&p, h[0], set(), BTreeMap::new(), Semantics::Default));
    // INT_MAX + 1 wraps to INT_MIN, which leaves the loop.
    let r = rec(&p, h[0], set(), BTreeMap::new(), Semantics::BitPrecise);
    assert_rejected(&r, "recurrence: the set is not closed");
    // x > 5 is closed too; x < 100 is not (x = 0 leaves at once).
    assert_accepted(&rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(5)), BTreeMap::new(), Semantics::Default));
    let r = rec(&p, h[0], cmp(CmpOp::Lt, v(&p, "x"), int(100)), BTreeMap::new(), Semantics::Default);
    assert_rejected(&r, "leave the loop");
}

#[test]
fn an_odd_variable_stepping_by_two_never_hits_zero() {
    let p = c("int main() { int x = __VERIFIER_nondet_int(); while (x != 0) { x -= 2; } return 0; }");
    let h = headers(&p);
    let odd = || cmp(CmpOp::Ne, rem(v(&p, "x"), int(2)), int(0));
    for sem in BOTH {
        assert_accepted(&rec(&p, h[0], odd(), BTreeMap::new(), sem));
        // Positive and odd is not closed: 1 steps to -1.
        let pos_odd = and(odd(), cmp(CmpOp::Gt, v(&p, "x"), int(0)));
        assert_rejected(&rec(&p, h[0], pos_odd, BTreeMap::new(), sem), "not closed");
        // Even values reach 0.
        let even = cmp(CmpOp::Eq, rem(v(&p, "x"), int(2)), int(0));
        assert_rejected(&rec(&p, h[0], even, BTreeMap::new(), sem), "recurrence");
    }
}

#[test]
fn chosen_nondeterministic_values_make_a_set_recur() {
    let p = c("int main() { int k = 0; while (1) { if (__VERIFIER_nondet_int()) { break; } k = 1; } return k; }");
    let h = headers(&p);
    let e = nondet_edges(&p);
    assert_eq!(e.len(), 1);
    let t = || Expr::Bool(true);
    for sem in BOTH {
        assert_accepted(&rec(&p, h[0], t(), BTreeMap::from([(e[0], 0)]), sem));
        // Without the choice, a nonzero value breaks out.
        assert_rejected(&rec(&p, h[0], t(), BTreeMap::new(), sem), "leave the loop");
        assert_rejected(&rec(&p, h[0], t(), BTreeMap::from([(e[0], 3)]), sem), "leave the loop");
    }
    // A value outside the source's type, or a choice for an edge that is no source.
    let r = rec(&p, h[0], t(), BTreeMap::from([(e[0], 1i128 << 40)]), Semantics::Default);
    assert_rejected(&r, "not a value of the type");
    let f = &p.funcs[main_of(&p)];
    let forest = LoopForest::compute(f);
    let body = &forest.loops.values().next().expect("a loop").body;
    let in_loop = |from: LocId| body.contains(&from);
    let other = f.edges.iter().find(|(_, x)| matches!(x.cmd, Command::Assume(_)) && in_loop(x.from)).unwrap().0;
    assert_rejected(&rec(&p, h[0], t(), BTreeMap::from([(other, 0)]), Semantics::Default), "not a nondeterministic");
    assert_rejected(&rec(&p, h[0], t(), BTreeMap::from([(EdgeId(9999), 0)]), Semantics::Default), "not an edge");
}

#[test]
fn undefined_behaviour_ends_the_recurrence() {
    let p = c("int main() {
      int x = __VERIFIER_nondet_int(); int y = 0;
      while (x < 10) { y = 10 / x; x = x - 1; }
      return y;
    }");
    let h = headers(&p);
    // x < 10 is closed, but x = 0 divides by zero.
    let r = rec(&p, h[0], cmp(CmpOp::Lt, v(&p, "x"), int(10)), BTreeMap::new(), Semantics::Default);
    assert_rejected(&r, "undefined behaviour");
    // Negative values never reach 0 with mathematical integers...
    let neg = || cmp(CmpOp::Lt, v(&p, "x"), int(0));
    assert_accepted(&rec(&p, h[0], neg(), BTreeMap::new(), Semantics::Default));
    // ... but INT_MIN - 1 wraps to INT_MAX with machine integers.
    assert_rejected(&rec(&p, h[0], neg(), BTreeMap::new(), Semantics::BitPrecise), "recurrence");
    // A shift by a negative amount is undefined too.
    let p = c("int main() { int x = __VERIFIER_nondet_int(); int y = 1; while (1) { y = 1 << x; } return y; }");
    let h = headers(&p);
    let r = rec(&p, h[0], Expr::Bool(true), BTreeMap::new(), Semantics::Default);
    assert_rejected(&r, "undefined behaviour");
    let small = and(cmp(CmpOp::Ge, v(&p, "x"), int(0)), cmp(CmpOp::Lt, v(&p, "x"), int(31)));
    assert_accepted(&rec(&p, h[0], small, BTreeMap::new(), Semantics::Default));
}

#[test]
fn signed_overflow_is_not_undefined_under_the_default_semantics() {
    // x * 2 overflows for large x: mathematical by default, so the set recurs.
    let p = c("int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { x = x * 2; } return 0; }");
    let h = headers(&p);
    assert_accepted(&rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(0)), BTreeMap::new(), Semantics::Default));
    assert_rejected(
        &rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(0)), BTreeMap::new(), Semantics::BitPrecise),
        "not closed",
    );
}

#[test]
fn failing_assertions_and_exits_end_the_recurrence() {
    let p = c(
        "int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { __VERIFIER_assert(x < 100); x++; } return 0; }",
    );
    let h = headers(&p);
    let r = rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(0)), BTreeMap::new(), Semantics::Default);
    assert_rejected(&r, "assertion");
    let p = c("extern void exit(int);
      int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { if (x == 50) { exit(0); } x++; } return 0; }");
    let h = headers(&p);
    let r = rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(0)), BTreeMap::new(), Semantics::Default);
    assert_rejected(&r, "recurrence");
    assert_accepted(&rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(50)), BTreeMap::new(), Semantics::Default));
}

#[test]
fn an_empty_set_is_rejected() {
    let p = c("int main() { int x = __VERIFIER_nondet_int(); while (x > 0) { x++; } return 0; }");
    let h = headers(&p);
    let empty = and(cmp(CmpOp::Gt, v(&p, "x"), int(0)), cmp(CmpOp::Lt, v(&p, "x"), int(0)));
    for sem in BOTH {
        assert_rejected(&rec(&p, h[0], empty.clone(), BTreeMap::new(), sem), "is empty");
    }
    // Only values outside int's range: no state of the program.
    let beyond = cmp(CmpOp::Gt, sub(v(&p, "x"), int(i128::from(i32::MAX))), int(0));
    assert_rejected(&rec(&p, h[0], beyond, BTreeMap::new(), Semantics::Default), "is empty");
}

#[test]
fn what_the_recurrence_check_cannot_encode_exactly_is_unknown() {
    // Memory commands in the loop.
    let p = c("int main() { int a[2] = {1, 1}; while (a[0] > 0) { a[1] = a[0]; } return 0; }");
    let h = headers(&p);
    assert_unknown(&rec(&p, h[0], Expr::Bool(true), BTreeMap::new(), Semantics::Default), "memory");
}

fn crossing(p: &Program, header: LocId, set: Expr, sem: Semantics) -> CheckResult {
    let rs = RecurrentSet { func: main_of(p), header, set, choices: BTreeMap::new(), nested: NestedLoops::Crossed };
    check_recurrent_set(p, &rs, sem, limits(), None)
}

#[test]
fn an_outer_loop_recurs_with_its_inner_loops_crossed() {
    // Every outer iteration enters the inner loop, which ends: crossed, it forgets j only.
    let p = c("int main() { int i = 1; while (i > 0) { int j = 0; while (j < 3) { j++; } } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        assert_accepted(&crossing(&p, h[0], cmp(CmpOp::Gt, v(&p, "i"), int(0)), sem));
        // A set the outer loop's condition does not keep.
        assert_rejected(&crossing(&p, h[0], Expr::Bool(true), sem), "leave the loop");
    }
    // The inner loop changes what the set is about: crossing it forgets x.
    let p = c("int main() { int x = __VERIFIER_nondet_int();
      while (x > 0) { int y = 5; while (y > 0) { y--; x--; } } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        assert_rejected(&crossing(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), int(0)), sem), "recurrence");
    }
    // The inner loop may return from the function: that way out is kept by the crossing.
    let p = c("int main() { int x = __VERIFIER_nondet_int();
      while (1) { int j = 0; while (j < 10) { if (j == 5 && x > 3) return 0; j++; } x++; } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        assert_rejected(&crossing(&p, h[0], cmp(CmpOp::Ge, v(&p, "x"), int(0)), sem), "recurrence");
        // Below 4 the return is never taken, but x grows past 3.
        let small = and(cmp(CmpOp::Ge, v(&p, "x"), int(0)), cmp(CmpOp::Le, v(&p, "x"), int(3)));
        assert_rejected(&crossing(&p, h[0], small, sem), "not closed");
        // x <= 3 stays x <= 3 only if x never grows: rejected; x < 0 grows to 0 and beyond.
        assert_rejected(&crossing(&p, h[0], cmp(CmpOp::Lt, v(&p, "x"), int(0)), sem), "not closed");
    }
}

#[test]
fn an_outer_loop_recurs_only_without_entering_its_inner_loops() {
    // Every outer iteration enters the inner loop (j = 0 < 3): no set of the outer loop is
    // accepted, even though the outer loop runs forever.
    let p = c("int main() { int i = 1; while (i > 0) { int j = 0; while (j < 3) { j++; } } return 0; }");
    let h = headers(&p);
    for sem in BOTH {
        let set = cmp(CmpOp::Gt, v(&p, "i"), int(0));
        assert_rejected(&rec(&p, h[0], set, BTreeMap::new(), sem), "may enter the `while` loop");
    }
    // The inner loop itself is checked as before.
    let j_small = cmp(CmpOp::Lt, v(&p, "j"), int(3));
    assert_rejected(&rec(&p, h[1], j_small, BTreeMap::new(), Semantics::Default), "not closed");

    // The inner loop is entered exactly when x > a.
    let p = c("int main() { int x = __VERIFIER_nondet_int(), a = __VERIFIER_nondet_int();
      while (1) { while (x > a) { x--; } } return 0; }");
    let h = headers(&p);
    let x_le_a = || cmp(CmpOp::Le, v(&p, "x"), v(&p, "a"));
    for sem in BOTH {
        assert_accepted(&rec(&p, h[0], x_le_a(), BTreeMap::new(), sem));
        // Every state: those with x > a enter the inner loop (which then ends, but an
        // iteration that enters a nested loop is never accepted).
        assert_rejected(&rec(&p, h[0], Expr::Bool(true), BTreeMap::new(), sem), "may enter");
        assert_rejected(&rec(&p, h[0], cmp(CmpOp::Gt, v(&p, "x"), v(&p, "a")), BTreeMap::new(), sem), "may enter");
    }

    // Terminating: from x in [0, 10] the inner loop is not entered and x >= 0 holds again, but
    // x = 10 steps to 11, from which the inner loop is entered (and the outer loop then ends).
    let p = c("int main() { int x = __VERIFIER_nondet_int();
      while (x >= 0) { while (x > 10) { x = -5; } x = x + 1; } return 0; }");
    let h = headers(&p);
    let nonneg = || cmp(CmpOp::Ge, v(&p, "x"), int(0));
    let small = and(nonneg(), cmp(CmpOp::Le, v(&p, "x"), int(10)));
    for sem in BOTH {
        assert_rejected(&rec(&p, h[0], nonneg(), BTreeMap::new(), sem), "may enter");
        assert_rejected(&rec(&p, h[0], small.clone(), BTreeMap::new(), sem), "not closed");
    }

    // The inner loop's condition has two conjuncts; the second is tested inside the inner loop.
    // With the outer loop's nondeterministic value chosen nonzero, y <= b never enters it.
    let p = c("int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
      int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
      while (__VERIFIER_nondet_int()) {
        while (x > a && y > b) { if (__VERIFIER_nondet_int()) { x = x - 1; } else { y = y - 1; } }
      }
      return 0; }");
    let h = headers(&p);
    let e = nondet_edges(&p);
    let outer = *e.iter().find(|e| in_loop(&p, **e, h[0]) && !in_loop(&p, **e, h[1])).expect("the outer loop's source");
    let y_le_b = || cmp(CmpOp::Le, v(&p, "y"), v(&p, "b"));
    for sem in BOTH {
        assert_accepted(&rec(&p, h[0], y_le_b(), BTreeMap::from([(outer, 1)]), sem));
        assert_rejected(&rec(&p, h[0], y_le_b(), BTreeMap::new(), sem), "leave the loop");
        let x_gt_a = and(y_le_b(), cmp(CmpOp::Gt, v(&p, "x"), v(&p, "a")));
        assert_accepted(&rec(&p, h[0], x_gt_a, BTreeMap::from([(outer, 1)]), sem));
        let both = and(cmp(CmpOp::Gt, v(&p, "y"), v(&p, "b")), cmp(CmpOp::Gt, v(&p, "x"), v(&p, "a")));
        assert_rejected(&rec(&p, h[0], both, BTreeMap::from([(outer, 1)]), sem), "may enter");
    }
}

/// Whether the edge `e` of `main` comes from a location of the loop headed at `header`.
fn in_loop(p: &Program, e: EdgeId, header: LocId) -> bool {
    let f = &p.funcs[main_of(p)];
    let forest = LoopForest::compute(f);
    let l = forest.loops.values().find(|l| l.header == header).expect("a loop");
    l.contains(f.edges[e].from)
}

// --- Malformed certificates and random programs.

#[test]
fn malformed_certificates_are_rejected_or_unknown() {
    let p = c("int main() { int *q = 0; int n = __VERIFIER_nondet_int(); int i = 0; while (i < n) { i++; } \
               return q == 0; }");
    let h = headers(&p);
    let good = || ranking(vec![lin(&p, 0, &[(1, "n"), (-1, "i")])]);
    assert_accepted(&term(&p, h[0], vec![], good(), Semantics::Default));
    // Not a loop header.
    assert_rejected(&term(&p, LocId(0), vec![], good(), Semantics::Default), "not a loop header");
    assert_rejected(&term(&p, LocId(9999), vec![], good(), Semantics::Default), "not a loop header");
    // An invariant at a location that is no header; an invariant that is no condition.
    assert_rejected(
        &term(&p, h[0], vec![(LocId(0), Expr::Bool(true))], good(), Semantics::Default),
        "not a loop header",
    );
    assert_rejected(&term(&p, h[0], vec![(h[0], int(1))], good(), Semantics::Default), "not a condition");
    // No component; a pointer; a variable that does not exist.
    assert_rejected(&term(&p, h[0], vec![], ranking(vec![]), Semantics::Default), "no component");
    assert_rejected(
        &term(&p, h[0], vec![], ranking(vec![lin(&p, 0, &[(1, "q")])]), Semantics::Default),
        "not an integer",
    );
    let ghost = LinearForm { constant: 0, terms: vec![(1, VarId(99_999))] };
    assert_rejected(&term(&p, h[0], vec![], ranking(vec![ghost]), Semantics::Default), "not a variable");
    // Transition invariants: a missing or unordered well-founded atom, an empty maximum.
    let down = || TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(-1, "i")])));
    assert_rejected(&term(&p, h[0], vec![], ti(vec![down()], 3), Semantics::Default), "not one of the 1 atoms");
    assert_rejected(&term(&p, h[0], vec![], ti(vec![], 0), Semantics::Default), "not one of the 0 atoms");
    let one = TransitionAtom::OneChanges(vec![var(&p, "i")]);
    assert_rejected(&term(&p, h[0], vec![], ti(vec![one], 0), Semantics::Default), "not a decrease");
    let empty_max = TransitionAtom::Decreases(Measure::Max(vec![]));
    assert_rejected(&term(&p, h[0], vec![], ti(vec![empty_max], 0), Semantics::Default), "no variables");
    let ptr = TransitionAtom::Increases(Measure::Min(vec![var(&p, "q")]));
    assert_rejected(&term(&p, h[0], vec![], ti(vec![ptr], 0), Semantics::Default), "not an integer");
    // A function that does not exist.
    let cert = TerminationCertificate {
        func: FuncId(77),
        header: h[0],
        invariants: vec![],
        transitions: vec![],
        argument: good(),
    };
    assert!(matches!(check_termination(&p, &cert, Semantics::Default, limits(), None), CheckResult::Unknown(_)));
    // Recurrent sets: not a condition, not a header, another function's variable.
    assert_rejected(&rec(&p, h[0], v(&p, "n"), BTreeMap::new(), Semantics::Default), "not a condition");
    assert_rejected(&rec(&p, LocId(1), Expr::Bool(true), BTreeMap::new(), Semantics::Default), "not a loop header");
    let foreign = cmp(CmpOp::Gt, Expr::Var(VarId(99_999)), int(0));
    assert_rejected(&rec(&p, h[0], foreign, BTreeMap::new(), Semantics::Default), "not a variable");
    let rs = RecurrentSet {
        func: FuncId(77),
        header: h[0],
        set: Expr::Bool(true),
        choices: BTreeMap::new(),
        nested: NestedLoops::NotEntered,
    };
    assert!(matches!(check_recurrent_set(&p, &rs, Semantics::Default, limits(), None), CheckResult::Unknown(_)));
}

#[test]
fn random_functions_and_certificates_never_break_the_checkers() {
    let count = std::env::var("LEAPFROG_CERTIFY_FUZZ").ok().and_then(|s| s.parse().ok()).unwrap_or(60u64);
    let limits = QueryLimits { timeout: Duration::from_millis(100), rlimit: 2_000_000 };
    let (mut checked, mut decided) = (0, 0);
    for seed in 1..=count {
        let mut rng = Rng(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1);
        let p = random_program(&mut rng);
        let main = FuncId(1);
        let f = &p.funcs[main];
        let forest = LoopForest::compute(f);
        // Every variable, pointers and memory included, may end up in a measure.
        let all: Vec<VarId> = p.vars.ids().collect();
        let ints: Vec<(VarId, IntTy)> =
            p.vars.iter().filter_map(|(v, var)| var.ty.reg().and_then(|t| t.as_int()).map(|t| (v, t))).collect();
        let vars = Vars { ints, conds: vec![], ptrs: vec![], floats: vec![], mems: vec![] };
        let mut headers: Vec<LocId> = forest.loops.values().map(|l| l.header).collect();
        headers.push(LocId(rng.below(20) as u32));
        let mut invariants: Vec<(LocId, Expr)> = Vec::new();
        for l in forest.loops.values() {
            if rng.below(2) == 0 {
                invariants.push((l.header, cond_expr(&mut rng, &vars, 2)));
            }
        }
        for &header in &headers {
            let form = |rng: &mut Rng| LinearForm {
                constant: rng.pick(&[0i128, 1, -1, 100, i128::MAX, i128::MIN]),
                terms: (0..rng.below(3)).map(|_| (rng.pick(&[1i128, -1, 2, 0, i128::MAX]), rng.pick(&all))).collect(),
            };
            let argument = if rng.below(2) == 0 {
                ranking((0..rng.below(3)).map(|_| form(&mut rng)).collect())
            } else {
                let mut atoms = Vec::new();
                for _ in 0..rng.below(3) {
                    let m = match rng.below(3) {
                        0 => Measure::Linear(form(&mut rng)),
                        1 => Measure::Max((0..rng.below(3)).map(|_| rng.pick(&all)).collect()),
                        _ => Measure::Min((0..rng.below(3)).map(|_| rng.pick(&all)).collect()),
                    };
                    atoms.push(match rng.below(3) {
                        0 => TransitionAtom::Decreases(m),
                        1 => TransitionAtom::Increases(m),
                        _ => TransitionAtom::OneChanges((0..rng.below(3)).map(|_| rng.pick(&all)).collect()),
                    });
                }
                ti(atoms, rng.below(3) as usize)
            };
            let edges: Vec<EdgeId> = f.edges.ids().collect();
            let mut choices = BTreeMap::new();
            for _ in 0..rng.below(3) {
                if !edges.is_empty() {
                    choices.insert(rng.pick(&edges), rng.pick(&[0i128, 1, -1, 1 << 40]));
                }
            }
            let set = cond_expr(&mut rng, &vars, 2);
            for sem in [Semantics::Default, Semantics::BitPrecise] {
                let deadline = Some(Instant::now() + Duration::from_millis(300));
                let cert = TerminationCertificate {
                    func: main,
                    header,
                    invariants: invariants.clone(),
                    transitions: vec![],
                    argument: argument.clone(),
                };
                let rs = RecurrentSet {
                    func: main,
                    header,
                    set: set.clone(),
                    choices: choices.clone(),
                    nested: NestedLoops::NotEntered,
                };
                for r in [
                    check_termination(&p, &cert, sem, limits, deadline),
                    check_recurrent_set(&p, &rs, sem, limits, deadline),
                ] {
                    checked += 1;
                    match &r {
                        CheckResult::Unknown(why) => assert!(
                            !why.contains("internal error"),
                            "seed {seed}: {why}\n{}",
                            leapfrog_ir::print::program_to_string(&p)
                        ),
                        _ => decided += 1,
                    }
                }
            }
        }
    }
    eprintln!("{checked} checks, {decided} decided");
    assert!(decided > 0);
}

#[test]
fn variables_of_every_type_can_be_measured() {
    // Booleans count as 0 and 1; a 64-bit unsigned counter is bounded by its type.
    let p = c("int main() {
      _Bool b = 1; unsigned long u = __VERIFIER_nondet_uint(); signed char s = 3;
      while (u > 0) { u--; b = !b; s = s; }
      return 0;
    }");
    let h = headers(&p);
    for sem in BOTH {
        let down = TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "u"), (0, "b"), (0, "s")])));
        assert_accepted(&term(&p, h[0], vec![], ti(vec![down], 0), sem));
        // b flips every time: it is never the same, but it does not decrease each time.
        let b_down = TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "b")])));
        assert_rejected(&term(&p, h[0], vec![], ti(vec![b_down], 0), sem), "is not in atom 0");
    }
}

#[test]
fn an_extern_call_is_a_nondeterministic_source_that_may_change_globals() {
    let src = "extern int ask(void); GLOBAL
      int main() { int k = 0; while (1) { int y = ask(); if (y > 5) { break; } k = y; } return k; }";
    let extern_edge = |p: &Program| {
        let f = &p.funcs[main_of(p)];
        f.edges.iter().find(|(_, e)| matches!(e.cmd, Command::CallExtern { .. })).map(|(id, _)| id).unwrap()
    };
    for (global, without_choice) in [("", "rejected"), ("int g;", "unknown")] {
        let p = c(&src.replace("GLOBAL", global));
        let h = headers(&p);
        let e = extern_edge(&p);
        assert_accepted(&rec(&p, h[0], Expr::Bool(true), BTreeMap::from([(e, 3)]), Semantics::Default));
        let r = rec(&p, h[0], Expr::Bool(true), BTreeMap::new(), Semantics::Default);
        // Any result above 5 leaves the loop; with a global around, the checker's reading of
        // the call (it may change the global) is more than the call's result.
        match without_choice {
            "rejected" => assert_rejected(&r, "leave the loop"),
            _ => assert_unknown(&r, "extern call"),
        }
    }
}

// --- Variance arguments (POPL'07): disjunctive transition invariants with ranked disjuncts.

/// `earlier(G) + later(X) >= 0` (`==` with `eq`), both over `main`'s variables.
fn between(
    p: &Program,
    constant: i128,
    earlier: &[(i128, &str)],
    later: &[(i128, &str)],
    eq: bool,
) -> TransitionConstraint {
    TransitionConstraint { earlier: lin(p, constant, earlier), later: lin(p, 0, later), equality: eq }
}

const TWO_COUNTERS: &str = "int main() {
  int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
  while (x > 0 && y > 0) { if (__VERIFIER_nondet_int()) x--; else y--; }
  return 0;
}";

/// x decreased (and was positive), or x did not grow and y decreased (and was positive).
fn two_counter_disjuncts(p: &Program) -> Vec<VarianceDisjunct> {
    vec![
        VarianceDisjunct {
            relation: vec![between(p, -1, &[(1, "x")], &[(-1, "x")], false), between(p, -1, &[(1, "x")], &[], false)],
            ranking: lin(p, 0, &[(1, "x")]),
        },
        VarianceDisjunct {
            relation: vec![
                between(p, 0, &[(1, "x")], &[(-1, "x")], false),
                between(p, -1, &[(1, "y")], &[(-1, "y")], false),
                between(p, -1, &[(1, "y")], &[], false),
            ],
            ranking: lin(p, 0, &[(1, "y")]),
        },
    ]
}

#[test]
fn a_disjunctive_transition_invariant_with_ranked_disjuncts_proves_termination() {
    let p = c(TWO_COUNTERS);
    let h = headers(&p);
    for sem in BOTH {
        let ds = two_counter_disjuncts(&p);
        assert_accepted(&term(&p, h[0], vec![], TerminationArgument::Variance(ds), sem));
    }
}

#[test]
fn a_variance_argument_must_cover_every_iteration() {
    let p = c(TWO_COUNTERS);
    let h = headers(&p);
    // Without the second disjunct, an iteration that decrements y is in no disjunct.
    let ds = two_counter_disjuncts(&p)[..1].to_vec();
    let r = term(&p, h[0], vec![], TerminationArgument::Variance(ds), Semantics::Default);
    assert_rejected(&r, "is in no disjunct");
}

#[test]
fn a_variance_argument_must_be_inductive() {
    let p = c(TWO_COUNTERS);
    let h = headers(&p);
    // "x decreased by exactly one" covers one iteration, not two.
    let mut ds = two_counter_disjuncts(&p);
    ds[0].relation[0] = between(&p, -1, &[(1, "x")], &[(-1, "x")], true);
    ds[1].relation[0] = between(&p, 0, &[(1, "x")], &[(-1, "x")], true);
    let r = term(&p, h[0], vec![], TerminationArgument::Variance(ds), Semantics::Default);
    assert_rejected(&r, "not inductive");
}

#[test]
fn every_disjunct_of_a_variance_argument_must_be_ranked() {
    let p = c(TWO_COUNTERS);
    let h = headers(&p);
    // y does not decrease in the disjunct where x does.
    let mut ds = two_counter_disjuncts(&p);
    ds[0].ranking = lin(&p, 0, &[(1, "y")]);
    let r = term(&p, h[0], vec![], TerminationArgument::Variance(ds), Semantics::Default);
    assert_rejected(&r, "well-foundedness: disjunct 0");
    // A relation that says nothing is not well-founded whatever ranks it.
    let ds = vec![VarianceDisjunct { relation: vec![], ranking: lin(&p, 0, &[(1, "x")]) }];
    let r = term(&p, h[0], vec![], TerminationArgument::Variance(ds), Semantics::Default);
    assert_rejected(&r, "well-foundedness");
}

#[test]
fn a_variance_argument_crosses_an_inner_loop_with_its_transition_invariant() {
    // POPL'07 Fig. 2, lines 82-90: the do-while loop decreases x; crossed only by its state
    // invariant, the outer iteration would not be known to decrease x.
    let p = c("int main() {
      int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
      int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
      while (x > a && y > b) {
        if (__VERIFIER_nondet_int()) { do { x = x - 1; } while (x > 10); } else { y = y - 1; }
      }
      return 0;
    }");
    let h = headers(&p);
    let unchanged = |p: &Program, v: &str| between(p, 0, &[(1, v)], &[(-1, v)], true);
    let ds = vec![
        VarianceDisjunct {
            relation: vec![
                between(&p, -1, &[(1, "x"), (-1, "a")], &[], false),
                between(&p, -1, &[(1, "x")], &[(-1, "x")], false),
                unchanged(&p, "a"),
            ],
            ranking: lin(&p, 0, &[(1, "x"), (-1, "a")]),
        },
        VarianceDisjunct {
            relation: vec![
                between(&p, -1, &[(1, "y"), (-1, "b")], &[], false),
                between(&p, 0, &[(1, "x")], &[(-1, "x")], false),
                between(&p, -1, &[(1, "y")], &[(-1, "y")], false),
                unchanged(&p, "b"),
            ],
            ranking: lin(&p, 0, &[(1, "y"), (-1, "b")]),
        },
    ];
    let (outer, inner) = (h[0], h[1]);
    let decreases = vec![TransitionAtom::Decreases(Measure::Linear(lin(&p, 0, &[(1, "x")])))];
    let cert = |transitions| TerminationCertificate {
        func: main_of(&p),
        header: outer,
        invariants: vec![],
        transitions,
        argument: TerminationArgument::Variance(ds.clone()),
    };
    // (Under the bit-precise semantics `x = x - 1` wraps at INT_MIN: x does not decrease there.)
    let r = check_termination(&p, &cert(vec![(inner, decreases.clone())]), Semantics::Default, limits(), None);
    assert_accepted(&r);
    let r = check_termination(&p, &cert(vec![]), Semantics::Default, limits(), None);
    assert_rejected(&r, "is in no disjunct");
    // The inner loop's transition invariant is itself checked: "x increases" is false.
    let increases = vec![TransitionAtom::Increases(Measure::Linear(lin(&p, 0, &[(1, "x")])))];
    let r = check_termination(&p, &cert(vec![(inner, increases)]), Semantics::Default, limits(), None);
    assert!(!matches!(r, CheckResult::Accepted), "a false transition invariant was accepted");
}

// --- Nested ranking functions (Leike–Heizmann).

#[test]
fn a_nested_ranking_function_proves_an_eventually_decreasing_loop() {
    // -y decreases forever; once it is negative, q decreases; q is non-negative in the loop.
    let p = c("int main() {
      int q = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
      while (q > 0) { q = q - y; y = y + 1; }
      return 0;
    }");
    let h = headers(&p);
    let nested = |fs: Vec<LinearForm>| TerminationArgument::Nested(fs);
    let good = || nested(vec![lin(&p, 0, &[(-1, "y")]), lin(&p, 0, &[(1, "q")])]);
    assert_accepted(&term(&p, h[0], vec![], good(), Semantics::Default));
    // The components in the other order are no nested ranking function.
    let swapped = nested(vec![lin(&p, 0, &[(1, "q")]), lin(&p, 0, &[(-1, "y")])]);
    assert_rejected(&term(&p, h[0], vec![], swapped, Semantics::Default), "nested ranking");
    // The last component must be non-negative where the loop runs: q - 5 is not.
    let shifted = nested(vec![lin(&p, 0, &[(-1, "y")]), lin(&p, -5, &[(1, "q")])]);
    assert_rejected(&term(&p, h[0], vec![], shifted, Semantics::Default), "nested ranking");
}
