//! Safety certificates with transition invariants as loop summaries (TACAS'11 Algorithm 2): the
//! checker re-checks each transition invariant (R ⊆ T, transitivity) and assumes
//! `entry = header ∨ T(entry, header)` where a walk crosses the loop.

mod common;

use common::*;
use leapfrog_certify::termination::{LinearForm, Measure, TransitionAtom};
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety};
use leapfrog_ir::{Expr, LocId, Program, Semantics};

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\n\
                       extern void __VERIFIER_assert(int);\n";

fn c(body: &str) -> Program {
    c_program(&format!("{PRELUDE}{body}"))
}

fn of(p: &Program, x: &str) -> Measure {
    Measure::Linear(LinearForm { constant: 0, terms: vec![(1, var(p, x))] })
}

fn check_with(
    p: &Program,
    invariants: Vec<(LocId, Expr)>,
    transitions: Vec<(LocId, Vec<TransitionAtom>)>,
    sem: Semantics,
) -> CheckResult {
    let cert = SafetyCertificate { func: main_of(p), invariants, transitions, ghosts: Vec::new() };
    check_safety(p, &cert, sem, limits(), None)
}

/// The entry value of `x` is only in `a`; the loop's state invariant is `true`.
const GROWS: &str = "int main(void) {\n\
                     int x = __VERIFIER_nondet_int();\n\
                     int a = x;\n\
                     while (__VERIFIER_nondet_int()) { x++; }\n\
                     __VERIFIER_assert(x >= a);\n\
                     return 0;\n\
                     }\n";

#[test]
fn a_true_transition_invariant_proves_what_the_state_invariant_does_not() {
    let p = c(GROWS);
    let h = headers(&p)[0];
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        // Without the transition invariant, the summary forgets x: the assertion may fail.
        let r = check_with(&p, vec![], vec![], sem);
        assert!(matches!(r, CheckResult::Rejected(_) | CheckResult::Unknown(_)), "{sem:?}: {r:?}");
        if sem == Semantics::Default {
            // `x' > x` holds for every iteration (no overflow of mathematical integers).
            let r = check_with(&p, vec![], vec![(h, vec![TransitionAtom::Increases(of(&p, "x"))])], sem);
            assert_accepted(&r);
        }
    }
}

#[test]
fn a_false_transition_invariant_is_rejected() {
    // `x' < x` would prove `x <= a` (which can fail): the iteration check refutes it.
    let p = c(&GROWS.replace("x >= a", "x <= a"));
    let h = headers(&p)[0];
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        let r = check_with(&p, vec![], vec![(h, vec![TransitionAtom::Decreases(of(&p, "x"))])], sem);
        assert_rejected(&r, "transition invariant");
    }
}

#[test]
fn a_transition_invariant_at_no_loop_header_is_rejected() {
    let p = c(GROWS);
    let f = &p.funcs[main_of(&p)];
    let r = check_with(&p, vec![], vec![(f.entry, vec![TransitionAtom::Increases(of(&p, "x"))])], Semantics::Default);
    assert_rejected(&r, "not a loop header");
}

#[test]
fn an_outer_loop_crosses_its_inner_loop_with_the_inner_transition_invariant() {
    // The outer iteration increases j only through the inner loop: `j' > j` for the inner loop
    // gives `j' >= j` across it, and the `j++` after it makes the outer iteration increase j.
    let p = c("int main(void) {\n\
               int j = 0;\n\
               int b = j;\n\
               while (__VERIFIER_nondet_int()) {\n\
               while (__VERIFIER_nondet_int()) { j++; }\n\
               j++;\n\
               }\n\
               __VERIFIER_assert(j >= b);\n\
               return 0;\n\
               }\n");
    let hs = headers(&p);
    let (outer, inner) = (hs[0], hs[1]);
    let inc = || vec![TransitionAtom::Increases(of(&p, "j"))];
    let sem = Semantics::Default;
    // Without the inner loop's transition invariant, the outer one's is not inductive.
    let r = check_with(&p, vec![], vec![(outer, inc())], sem);
    assert_rejected(&r, "transition invariant");
    let r = check_with(&p, vec![], vec![(outer, inc()), (inner, inc())], sem);
    assert_accepted(&r);
    // A wrong inner one is rejected even though the outer one would follow from it.
    let r = check_with(&p, vec![], vec![(outer, inc()), (inner, vec![TransitionAtom::Decreases(of(&p, "j"))])], sem);
    assert_rejected(&r, "transition invariant");
}
