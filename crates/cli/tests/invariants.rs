//! The `invariants` command's contract: per loop header, an invariant as C over the variables
//! visible there (JSON and text), re-checked by the independent checker, in each domain; usage
//! errors exit 2.

use serde_json::Value;
use std::path::Path;
use std::process::Output;

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

fn json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/verify.c").display().to_string()
}

/// `leapfrog invariants --format json FILE ARGS...`.
fn invariants(file: &str, args: &[&str]) -> Value {
    let mut all = vec!["invariants", "--format", "json", "--timeout", "20", file];
    all.extend_from_slice(args);
    json(&leapfrog(&all))
}

fn invariant_at(r: &Value, line: u64) -> String {
    let l = r["loops"].as_array().unwrap().iter().find(|l| l["line"] == line).expect("a loop at that line");
    l["invariant"].as_str().unwrap().to_string()
}

#[test]
fn octagons_relate_two_variables_and_are_certified() {
    let r = invariants(&example(), &[]);
    assert_eq!(r["domain"], "octagon");
    assert_eq!(r["semantics"], "default");
    assert_eq!(r["certified"], true, "{r}");
    assert_eq!(r["loops"].as_array().unwrap().len(), 2);
    let first = invariant_at(&r, 8);
    assert!(first.contains("x + y >= 21") && first.contains("x - y <= 3"), "{first}");
    assert_eq!(r["loops"][0]["kind"], "while");
    assert_eq!(r["loops"][0]["column"], 3);
}

#[test]
fn polyhedra_find_the_linear_equality() {
    let r = invariants(&example(), &["--domain", "polyhedra"]);
    assert_eq!(r["certified"], true, "{r}");
    assert!(invariant_at(&r, 8).contains("x + 2 * y == 41"), "{r}");
}

#[test]
fn an_inner_loop_entered_again_gets_joins_before_widening() {
    // Components appended to a path of at most 19 characters. The copy loop needs
    // `n - k + len <= 19`: widened at once when the outer loop enters it again, its relations
    // with the entry's `len + 1 + n < 20` were dropped (and `len <= 19` with them).
    let dir = temp_dir("invariants-reentered");
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int n, k, len = 1;\n  while (__VERIFIER_nondet_int()) {\n    n = 0;\n    while (n < 8 && __VERIFIER_nondet_int())\n      n++;\n    if (n == 0 || len + 1 + n >= 20)\n      continue;\n    for (k = 0; k < n; k++)\n      len++;\n  }\n  return len;\n}\n";
    let file = write(&dir, "components.c", src);
    let r = invariants(&file, &["--domain", "polyhedra"]);
    assert_eq!(r["certified"], true, "{r}");
    assert!(invariant_at(&r, 4).contains("len <= 19"), "{r}");
    assert!(invariant_at(&r, 10).contains("n - k + len <= 18"), "{r}");
}

#[test]
fn intervals_bound_each_variable_alone() {
    let r = invariants(&example(), &["--domain", "interval"]);
    let first = invariant_at(&r, 8);
    assert!(first.contains("y <= 20") && !first.contains("x + y"), "{first}");
}

#[test]
fn a_disjunction_prints_its_disjuncts() {
    let dir = temp_dir("invariants-disjunction");
    // x keeps its sign and moves away from 0: one octagon knows nothing of x at the header, two
    // disjuncts know it never comes closer to 0 than 10.
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int() ? 10 : -10;\n  while (__VERIFIER_nondet_int()) {\n    if (x > 0) x++; else x--;\n  }\n  return 0;\n}\n";
    let file = write(&dir, "sign.c", src);
    let r = invariants(&file, &["--disjuncts", "2"]);
    assert_eq!(r["disjuncts"], 2);
    assert_eq!(r["certified"], true, "{r}");
    let l = &r["loops"][0];
    assert_eq!(l["disjuncts"].as_array().unwrap().len(), 2, "{l}");
    let inv = l["invariant"].as_str().unwrap();
    assert!(inv == "(x <= -10) || (x >= 10)" || inv == "(x >= 10) || (x <= -10)", "{l}");
    let single = invariants(&file, &[]);
    assert_eq!(single["loops"][0]["invariant"], "1", "{single}");
}

#[test]
fn text_names_the_loop_and_the_checker() {
    let out = leapfrog(&["invariants", &example(), "--timeout", "20"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("2 loops (octagon domain, default semantics); invariants re-checked independently"),
        "{text}"
    );
    assert!(
        text.contains("while loop at ") && text.contains("verify.c:8:3") && text.contains("invariant: x >= 1"),
        "{text}"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(leapfrog(&["invariants", &example(), "--domain", "boxes"]).status.code(), Some(2));
    assert_eq!(leapfrog(&["invariants", &example(), "--disjuncts", "0"]).status.code(), Some(2));
    assert_eq!(leapfrog(&["invariants", &example(), "--entry", "nowhere"]).status.code(), Some(2));
}

#[test]
fn a_step_that_may_not_return_is_not_analysed() {
    let dir = temp_dir("invariants-pointer");
    let src = "void spin(void) { while (1) { } }\nint main(void) {\n  void (*f)(void) = spin;\n  int i = 0;\n  while (i < 3) { f(); i++; }\n  return 0;\n}\n";
    let r = invariants(&write(&dir, "pointer.c", src), &[]);
    assert_eq!(r["loops"].as_array().unwrap().len(), 0);
    assert!(r["notes"][0].as_str().unwrap().contains("may not return"), "{r}");
    assert_eq!(r["certified"], false);
}

#[test]
fn a_memory_cell_at_a_constant_index_is_tracked_and_certified() {
    let dir = temp_dir("invariants-cells");
    let file = write(
        &dir,
        "cells.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int a[5];\n  a[3] = 0;\n  \
         int n = __VERIFIER_nondet_int();\n  while (a[3] < 10) {\n    a[3] = a[3] + 1;\n    a[1] = n;\n  }\n  \
         return a[3];\n}\n",
    );
    let r = invariants(&file, &[]);
    assert_eq!(r["certified"], true, "{r}");
    let inv = invariant_at(&r, 6);
    assert!(inv.contains("a[3] >= 0") && inv.contains("a[3] <= 10"), "{inv}");
    // With disjuncts, a[1] is n once the loop has run.
    let r = invariants(&file, &["--disjuncts", "3"]);
    assert_eq!(r["certified"], true, "{r}");
    assert!(r["loops"][0]["disjuncts"].to_string().contains("a[1]"), "{r}");
}

#[test]
fn a_write_through_a_pointer_forgets_the_cells() {
    // The store through p may reach a[3] (it does): nothing about a[3] survives the loop body.
    let dir = temp_dir("invariants-cells-alias");
    let file = write(
        &dir,
        "alias.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int a[5];\n  int *p = &a[3];\n  \
         a[3] = 0;\n  while (__VERIFIER_nondet_int()) {\n    a[3] = 1;\n    *p = 100;\n  }\n  return a[3];\n}\n",
    );
    let r = invariants(&file, &[]);
    let inv = invariant_at(&r, 6);
    assert!(!inv.contains("a[3]"), "{inv}");
}
