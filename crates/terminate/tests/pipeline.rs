//! The `terminate` pipeline end to end on small C programs: which technique answers, and that
//! no answer is given without its evidence.

use leapfrog_arith::Semantics;
use leapfrog_terminate::{Options, Report, Verdict, technique, terminate};
use std::time::Duration;

mod common;

fn run(source: &str, semantics: Semantics) -> Report {
    terminate(&common::lowered(source), &Options { semantics, timeout: Duration::from_secs(10) })
}

const COLLATZ: &str = "int main(void) { int n = 27; int steps; steps = 0;
  while (n != 1) { if (n % 2) n = 3 * n + 1; else n = n / 2; steps++; }
  return steps; }\n";

#[test]
fn a_deterministic_program_whose_run_ends_terminates() {
    let r = run(COLLATZ, Semantics::Default);
    assert_eq!(r.verdict, Verdict::True, "{:?}", r.reason);
    assert_eq!(r.technique, Some(technique::CONCRETE_EXECUTION));
    let cert = r.loops[0].certificate.as_ref().expect("a certificate");
    assert!(cert.expressions[0].contains("steps"), "{:?}", cert.expressions);
}

#[test]
fn an_uninitialized_value_that_is_read_makes_the_run_no_proof() {
    // `n` is read before it is written: the one run with some value for it proves nothing.
    let src = "int main(void) { int n;
  while (n != 1) { if (n % 2) n = 3 * n + 1; else n = n / 2; }
  return 0; }\n";
    let r = run(src, Semantics::Default);
    assert_ne!(r.technique, Some(technique::CONCRETE_EXECUTION));
    assert_ne!(r.verdict, Verdict::True, "Collatz is not proven for every start");
}

#[test]
fn a_nondeterministic_input_makes_the_run_no_proof() {
    let src = "extern int __VERIFIER_nondet_int(void);
int main(void) { int n = __VERIFIER_nondet_int(); while (n > 0) { n = n + 1; } return 0; }\n";
    let r = run(src, Semantics::Default);
    assert_eq!(r.verdict, Verdict::False);
    assert_eq!(r.technique, Some(technique::RECURRENT_SET));
    let w = r.loops[0].witness.as_ref().expect("a witness");
    assert!(w.stem_inputs[0] > 0, "the stem enters the loop: {:?}", w.stem_inputs);
}

#[test]
fn a_single_run_that_overflows_answers_under_the_bit_precise_semantics_only() {
    // The run overflows in the first loop (undefined behaviour, reached by every execution): no
    // TRUE under the default semantics; what the compiled program does (the hash wraps, Collatz
    // from 27 ends) is the answer, labelled bit-precise, the overflow's place in the certificate.
    let src = "int main(void) { int h = 7; for (int i = 0; i < 100; i++) h = h * 31 + i;
  int n = 27; while (n != 1) { if (n % 2) n = 3 * n + 1; else n = n / 2; }
  return h; }\n";
    let r = run(src, Semantics::Default);
    assert_eq!(r.verdict, Verdict::True, "{:?}", r.reason);
    assert_eq!(r.technique, Some(technique::CONCRETE_EXECUTION));
    assert_eq!(r.semantics, Semantics::BitPrecise);
    let cert = r.loops[1].certificate.as_ref().expect("a certificate");
    assert!(cert.expressions[0].contains("undefined behaviour, at") && cert.expressions[0].contains(":1:"), "{cert:?}");
    // A loop that the overflow alone ends does not end over mathematical integers, which the
    // default semantics' lasso shows: that answer comes first.
    let src = "int main(void) { int x = 1; while (x > 0) { x = x + 1000000; } return 0; }\n";
    let r = run(src, Semantics::Default);
    assert_eq!((r.verdict, r.semantics), (Verdict::False, Semantics::Default), "{:?}", r.reason);
    let r = run(src, Semantics::BitPrecise);
    assert_eq!(r.verdict, Verdict::True, "{:?}", r.reason);
}

#[test]
fn a_recurrent_set_without_atoms_is_printed_as_1() {
    // Every header state is recurrent: the set generalizes to the empty conjunction, all states.
    let src = "extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); while (1) { x = x; } return 0; }\n";
    let r = run(src, Semantics::Default);
    assert_eq!(r.verdict, Verdict::False, "{:?}", r.reason);
    let w = r.loops[0].witness.as_ref().expect("a witness");
    assert_eq!(w.recurrent_set, "1");
}

#[test]
fn termination_arguments_name_only_variables_visible_at_the_loop() {
    // `k` is out of scope after the `for`; inside the block the inner `n` hides the outer one.
    let src = "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int k = 0; k < 2; k++) { }
  {
    int n = 2;
    while (n > 0) { n--; }
  }
  while (n > 5) { n = n + 1; }
  return 0;
}\n";
    let r = run(src, Semantics::Default);
    assert_eq!(r.loops.len(), 3, "{:?}", r.loops);
    let names = |text: &str| -> Vec<String> {
        let mut out: Vec<String> = text
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic()) && *w != "long")
            .map(String::from)
            .collect();
        out.sort();
        out.dedup();
        out
    };
    let ranking = |i: usize| names(&r.loops[i].certificate.as_ref().expect("a certificate").expressions.join(" "));
    assert_eq!(ranking(0), ["k"]);
    assert_eq!(ranking(1), ["n"], "the inner `n`");
    let w = r.loops[2].witness.as_ref().expect("a lasso for the last loop");
    assert!(names(&w.recurrent_set).iter().all(|n| n == "n"), "{}", w.recurrent_set);
}

#[test]
fn an_outer_loop_whose_inner_loop_is_never_entered_has_a_lasso() {
    // variance-analysis-popl07 Fig. 2: the outer loop may go on forever, its inner loop never
    // entered (x <= a or y <= b); the inner loops terminate.
    let src = "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  while (__VERIFIER_nondet_int()) {
    while (x > a && y > b) {
      if (__VERIFIER_nondet_int()) { do { x = x - 1; } while (x > 10); } else { y = y - 1; }
    }
  }
  return 0;
}\n";
    let r = run(src, Semantics::Default);
    assert_eq!(r.verdict, Verdict::False, "{:?}", r.reason);
    let outer = &r.loops[0];
    assert_eq!((outer.span.line, outer.verdict, outer.technique), (5, Verdict::False, Some(technique::RECURRENT_SET)));
    let w = outer.witness.as_ref().expect("a witness");
    assert!(!w.choices.is_empty(), "the outer loop's nondeterministic condition is chosen: {w:?}");
}
