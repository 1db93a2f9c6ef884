//! Loop types (Table 1) of small loops: the paper's examples and one of each kind.

mod support;

use leapfrog_arith::Semantics;
use leapfrog_proteus::classify::{Classification, Interleaving, classify};

/// The classification of the outermost loop of `body` (inside `main`, with `nondet()` an input
/// and `a` an input array).
fn classify_body(name: &str, body: &str) -> Classification {
    classify_in(&support::in_main(name, body))
}

/// The classification of the outermost loop of `q`'s entry function.
fn classify_in(q: &leapfrog_ir::Program) -> Classification {
    let (forest, l) = support::loop_at(q, None);
    let f = &q.funcs[q.entry.unwrap()];
    classify(q, f, &forest, l, Semantics::Default, true, &Default::default(), support::deadline())
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
fn proteus_fig2c_connected_cycles_run_in_order_are_periodic() {
    // Fig. 2's nest as one loop: the cycles (q1, q3) and (q1, q2, q3) share states and the inner
    // part's count changes from passage to passage (i − j), but each cycle is periodic with IV
    // counts and a trace goes round one, then the other (Example 10): type 1.
    let body = "  int n = nondet(), i = nondet(), m = 0, j = 0, phase = 0;\n  while (i < n) {\n    if (phase <= 0) { j = 0; phase = 1; }\n    else if (j < i) { m = m + (i - j); j = j + 1; }\n    else { i = i + 1; phase = 0; }\n  }";
    assert_eq!(type_of("fig2c.c", body), (1, Interleaving::Periodic));
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

/// The variables of interest of the outermost loop of `body` (by name) and its number of paths,
/// sliced.
fn sliced(name: &str, body: &str) -> (Vec<String>, usize) {
    let q = support::in_main(name, body);
    match classify_in(&q) {
        Classification::Classified(c) => {
            let mut names: Vec<String> = c
                .slice
                .map(|(vars, _)| vars.iter().map(|v| q.vars[*v].name.clone()).filter(|n| !n.starts_with('.')).collect())
                .unwrap_or_default();
            names.sort();
            names.dedup();
            (names, c.paths.paths.len())
        }
        Classification::Unsupported(why) => panic!("{name}: unsupported: {why}"),
    }
}

#[test]
fn slicing_keeps_what_the_exit_conditions_depend_on() {
    // Branches and sums the exit condition does not read are left out: one path.
    let body = "  int i = 0, n = nondet(), a = 0, b = 0, s = 0;\n  while (i < n) {\n    if (nondet()) a = a + 1; else b = b + 2;\n    if (a > b) s = s + a;\n    i = i + 1;\n  }";
    let (interest, paths) = sliced("irrelevant.c", body);
    assert_eq!((interest.iter().map(String::as_str).collect::<Vec<_>>(), paths), (vec!["i", "n"], 1));
    // Data: x grows by y, so y is of interest.
    let body = "  int x = nondet(), y = nondet(), n = nondet(), t = 0;\n  while (x < n) {\n    y = y + 1;\n    x = x + y;\n    t = t + x;\n  }";
    let (interest, _) = sliced("data.c", body);
    assert_eq!(interest, ["n", "x", "y"]);
    // Control: c decides how far i moves, so the branch and c stay (two paths).
    let body = "  int i = 0, n = nondet(), c = nondet(), s = 0;\n  while (i < n) {\n    if (c > 0) i = i + 1; else i = i + 2;\n    c = c - 1;\n    s = s + i;\n  }";
    let (interest, paths) = sliced("control.c", body);
    assert_eq!((interest.iter().map(String::as_str).collect::<Vec<_>>(), paths), (vec!["c", "i", "n"], 2));
    // A branch that leaves the loop stays, with what its condition reads.
    let body = "  int i = 0, n = nondet(), s = 0;\n  while (i < n) {\n    if (a[i] == 0) break;\n    s = s + 2;\n    i++;\n  }";
    let (interest, _) = sliced("break.c", body);
    assert!(interest.contains(&"i".to_string()) && !interest.contains(&"s".to_string()), "{interest:?}");
}

#[test]
fn a_call_that_cannot_reach_the_variables_of_interest_is_sliced_away() {
    let source = |loop_body: &str| {
        format!(
            "extern int __VERIFIER_nondet_int(void);\nint total;\nvoid note(int v) {{ total += v; }}\nint next(int v) {{ return v + 1; }}\nint main(void) {{\n  int i = 0, n = __VERIFIER_nondet_int(), s = 0;\n  while (i < n) {{\n{loop_body}\n  }}\n  return s;\n}}\n"
        )
    };
    let classify_main = |name: &str, loop_body: &str| {
        let q = support::uninlined(name, &source(loop_body));
        let main = q.funcs.iter().find(|(_, f)| f.name == "main").map(|(_, f)| f).unwrap();
        let forest = leapfrog_ir::loops::LoopForest::compute(main);
        let l = forest.roots()[0];
        classify(&q, main, &forest, l, Semantics::Default, true, &Default::default(), support::deadline())
    };
    // `note` only changes a global the exit condition does not read.
    match classify_main("note.c", "    note(s);\n    s = s + 2;\n    i = i + 1;") {
        Classification::Classified(c) => assert_eq!(c.loop_type, 1),
        Classification::Unsupported(why) => panic!("unsupported: {why}"),
    }
    // `next`'s result is i's next value: the call is of interest, and crossed as an opaque
    // step, i is a non-induction value (Proteus: a condition over a call's result is NIV).
    match classify_main("next.c", "    i = next(i);") {
        Classification::Classified(c) => assert!(matches!(c.loop_type, 3 | 4), "type {}", c.loop_type),
        Classification::Unsupported(why) => panic!("unsupported: {why}"),
    }
}
