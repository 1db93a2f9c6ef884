//! Invariants over ghost variables (a loop's entry values and iteration counter): the checker
//! writes the ghost code itself, accepts an inductive invariant over it, rejects a wrong one,
//! and refuses ghosts the program uses.

mod common;

use common::*;
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety};
use leapfrog_ir::ghost::{COUNTER_TYPE, GhostLoop};
use leapfrog_ir::{BinOp, CmpOp, Expr, IntTy, Program, Semantics, Type, Var, VarId, VarKind, VarTy};
use leapfrog_source::Span;

/// `i` moves by 2 while below `n` (from 0): at exit `i <= n + 1` when `n >= 0`. The invariant
/// over the counter `K`: `i == 2K` and `K == 0 || 2(K − 1) < n` (the last iteration started
/// below `n`), and `n` is its entry value.
const HALVES: &str = "
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 1000000) return 0;
  int i = 0;
  while (i < n) {
    i = i + 2;
    n = n + 0;
  }
  if (n >= 0) __VERIFIER_assert(i <= n + 1);
  return 0;
}
";

fn ghost(p: &mut Program, name: &str, t: IntTy) -> VarId {
    let main = main_of(p);
    let var = Var {
        name: name.into(),
        ty: VarTy::Reg(Type::Int(t)),
        kind: VarKind::Local,
        func: Some(main),
        span: Span::UNKNOWN,
        scope: None,
    };
    let v = p.vars.push(var);
    p.funcs[main].locals.push(v);
    v
}

fn wide(e: Expr) -> Expr {
    Expr::cast(IntTy::I64, e)
}

fn long(n: i128) -> Expr {
    Expr::Int(n, IntTy::I64)
}

fn or(a: Expr, b: Expr) -> Expr {
    let sum = Expr::binary(BinOp::Add, IntTy::I32, Expr::cast(IntTy::I32, a), Expr::cast(IntTy::I32, b));
    Expr::cmp(CmpOp::Ge, sum, int(1))
}

/// The certificate with `i == step·K`, the guard of the last iteration, and `n` unchanged.
fn certificate(p: &mut Program, step: i128) -> SafetyCertificate {
    let k = ghost(p, "K", COUNTER_TYPE);
    let n0 = ghost(p, "n0", IntTy::I32);
    let header = headers(p)[0];
    let (i, n) = (var(p, "i"), var(p, "n"));
    let times = |c: i128, e: Expr| Expr::binary(BinOp::Mul, IntTy::I64, long(c), e);
    let minus = |a: Expr, b: Expr| Expr::binary(BinOp::Sub, IntTy::I64, a, b);
    let closed_form = Expr::cmp(CmpOp::Eq, wide(Expr::Var(i)), times(step, Expr::Var(k)));
    let last = minus(times(step, Expr::Var(k)), long(step));
    let guard = or(Expr::cmp(CmpOp::Eq, Expr::Var(k), long(0)), Expr::cmp(CmpOp::Lt, last, wide(Expr::Var(n))));
    let unchanged = Expr::cmp(CmpOp::Eq, Expr::Var(n), Expr::Var(n0));
    let counted = Expr::cmp(CmpOp::Ge, Expr::Var(k), long(0));
    // Bounded, so that `step·K` cannot overflow (undefined behaviour, an arbitrary value, under
    // the bit-precise semantics).
    let small = Expr::cmp(CmpOp::Le, Expr::Var(n), int(1_000_000));
    let bounded = Expr::cmp(CmpOp::Le, Expr::Var(k), long(1 << 32));
    SafetyCertificate {
        func: main_of(p),
        invariants: vec![
            (header, closed_form),
            (header, guard),
            (header, unchanged),
            (header, counted),
            (header, bounded),
            (header, small),
        ],
        transitions: Vec::new(),
        ghosts: vec![GhostLoop { header, copies: vec![(n0, n)], counter: Some(k) }],
    }
}

#[test]
fn an_invariant_over_the_iteration_counter_is_accepted() {
    let mut p = c_program(HALVES);
    let cert = certificate(&mut p, 2);
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        assert_eq!(check_safety(&p, &cert, sem, limits(), None), CheckResult::Accepted, "{sem:?}");
    }
}

#[test]
fn a_wrong_closed_form_is_rejected() {
    let mut p = c_program(HALVES);
    let cert = certificate(&mut p, 3);
    let r = check_safety(&p, &cert, Semantics::Default, limits(), None);
    assert!(matches!(r, CheckResult::Rejected(_)), "{r:?}");
}

#[test]
fn without_the_ghost_code_the_counter_is_arbitrary() {
    // The same invariants with the counter declared but not as the loop's counter: nothing sets
    // it, so initiation fails.
    let mut p = c_program(HALVES);
    let mut cert = certificate(&mut p, 2);
    cert.ghosts[0].counter = None;
    let r = check_safety(&p, &cert, Semantics::Default, limits(), None);
    assert!(matches!(r, CheckResult::Rejected(_)), "{r:?}");
}

#[test]
fn a_ghost_the_program_uses_is_refused() {
    let mut p = c_program(HALVES);
    let mut cert = certificate(&mut p, 2);
    cert.ghosts[0].copies = vec![(var(&p, "i"), var(&p, "n"))];
    let r = check_safety(&p, &cert, Semantics::Default, limits(), None);
    assert!(matches!(&r, CheckResult::Rejected(why) if why.contains("ghost")), "{r:?}");
}
