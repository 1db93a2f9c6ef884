//! Loop types (Table 1) of small loops: the paper's examples and one of each kind.

mod support;

use leapfrog_arith::Semantics;
use leapfrog_proteus::classify::{Classification, Interleaving, classify};

/// The classification of the outermost loop of `body` (inside `main`, with `nondet()` an input
/// and `a` an input array).
fn classify_body(name: &str, body: &str) -> Classification {
    let q = support::in_main(name, body);
    let (forest, l) = support::loop_at(&q, None);
    classify(&q, &q.funcs[q.entry.unwrap()], &forest, l, Semantics::Default, support::deadline())
}

fn type_of(name: &str, body: &str) -> (u8, Interleaving) {
    match classify_body(name, body) {
        Classification::Classified(c) => (c.loop_type, c.interleaving),
        Classification::Unsupported(why) => panic!("{name}: unsupported: {why}"),
    }
}

#[test]
fn proteus_fig1_is_type_1_with_a_periodic_cycle() {
    let body = "  int x = nondet(), z = nondet(), n = nondet();\n  while (x < n) {\n    if (z > x) x = x + 1; else z = z + 1;\n  }";
    assert_eq!(type_of("fig1.c", body), (1, Interleaving::Periodic));
}

#[test]
fn proteus_fig13_resets_give_a_periodic_cycle() {
    let body = "  int n = nondet(), m = nondet();\n  if (!(0 < m && m < n)) return 0;\n  int i = 0, j = 0;\n  while (i < n) {\n    if (j < m) j = j + 1; else { j = 0; i = i + 1; }\n  }";
    assert_eq!(type_of("fig13.c", body), (1, Interleaving::Periodic));
}

#[test]
fn a_phase_change_is_sequential() {
    let body = "  int n = nondet(), x = 0, y = 0;\n  for (int i = 0; i < n; i++) {\n    if (i < 5) x++; else y++;\n  }";
    assert_eq!(type_of("phases.c", body), (1, Interleaving::Sequential));
}

#[test]
fn a_condition_on_array_contents_is_not_an_iv_condition() {
    let body = "  int i = 0, n = nondet(), s = 0;\n  while (i < n && a[i] != 0) {\n    s = s + 2;\n    i++;\n  }";
    let (t, _) = type_of("array.c", body);
    assert!(t == 3 || t == 4, "type {t}");
}

#[test]
fn an_input_in_the_condition_makes_the_interleaving_irregular() {
    let body = "  int x = 0, y = 0, n = nondet();\n  while (x + y < n) {\n    if (nondet()) x++; else y++;\n  }";
    assert_eq!(type_of("choice.c", body), (4, Interleaving::Irregular));
}

#[test]
fn floating_point_loops_and_calls_are_unsupported_with_a_reason() {
    let body = "  double d = 0.0;\n  int n = nondet();\n  while (d < n) d = d + 0.5;";
    match classify_body("float.c", body) {
        Classification::Unsupported(why) => assert!(why.contains("floating-point"), "{why}"),
        Classification::Classified(c) => panic!("classified as type {}", c.loop_type),
    }
}
