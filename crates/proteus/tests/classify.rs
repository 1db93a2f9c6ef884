//! Loop types (Table 1) of small loops: the paper's examples and one of each kind.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{InlineLimits, inline_program};
use leapfrog_proteus::classify::{Classification, Interleaving, classify};
use std::time::{Duration, Instant};

/// The classification of the outermost loop of `body` (inside `main`, with `nondet()` an input
/// and `a` an input array).
fn classify_body(name: &str, body: &str) -> Classification {
    let source = format!(
        "extern int __VERIFIER_nondet_int(void);\n#define nondet __VERIFIER_nondet_int\nint a[100];\nint main(void) {{\n{body}\n  return 0;\n}}\n"
    );
    let dir = std::env::temp_dir().join(format!("leapfrog-proteus-classify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, source).unwrap();
    let p = load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end");
    let q = inline_program(&p, &InlineLimits::default()).expect("inlined");
    let f = &q.funcs[q.entry.unwrap()];
    let forest = LoopForest::compute(f);
    let l = forest.roots()[0];
    classify(&q, f, &forest, l, Semantics::Default, Instant::now() + Duration::from_secs(30))
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
