//! Programs whose executions the inlined program does not all follow get no bound: a step that
//! may not return (inline assembly, a call through a function pointer, `longjmp`) may change
//! what the loop tests, run a loop outside the followed calls, or jump back into a loop. Each of
//! these once got a bound below its real count (found by review: 15 body starts against a bound
//! of 10, 24 against 10, 100 against 5).

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_results::Options;
use leapfrog_results::bounds::BoundsReport;
use std::time::Duration;

/// The bounds of program `src`, written to `NAME.c` in this test's directory (`test`), read with
/// `options` and bounded under the default semantics within `seconds`.
fn bounds_of(test: &str, name: &str, src: &str, options: &FrontendOptions, seconds: u64) -> BoundsReport {
    let dir = std::env::temp_dir().join(format!("leapfrog-bound-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.c"));
    std::fs::write(&file, src).unwrap();
    let p = load_program(std::slice::from_ref(&file), options).expect("front end");
    leapfrog_bound::bounds(&p, &Options { semantics: Semantics::Default, timeout: Duration::from_secs(seconds) })
}

const PROGRAMS: &[(&str, &str)] = &[
    (
        "asm",
        "int n;\nint main(void) { int i; n = 10;\n  for (i = 0; i < n; i++) { if (i < 5) __asm__ volatile (\"addl $1, n(%%rip)\" ::: \"memory\"); }\n  return i; }\n",
    ),
    (
        "pointer",
        "typedef void (*fn)(void);\nint n;\nvoid grow(void) { n++; }\nfn pick(int k) { return k ? grow : 0; }\nint main(void) { int i; fn h = pick(1); n = 10;\n  for (i = 0; i < n; i++) { if (i < 5) h(); }\n  return i; }\n",
    ),
    (
        "longjmp",
        "#include <setjmp.h>\nint i, n, done;\njmp_buf b;\nint main(void) { n = 10;\n  for (i = 0; i < n; i++) { if (i == 9) setjmp(b); }\n  if (!done) { done = 1; i = -5; longjmp(b, 1); }\n  return 0; }\n",
    ),
];

#[test]
fn a_step_that_may_not_return_leaves_every_loop_unbounded() {
    for (name, src) in PROGRAMS {
        let report = bounds_of("refusals", name, src, &FrontendOptions::default(), 10);
        assert!(!report.loops.is_empty(), "{name}");
        for l in &report.loops {
            assert_eq!(l.bound, None, "{name}: {l:?}");
            assert!(l.reason.as_deref().is_some_and(|r| r.contains("may not return")), "{name}: {l:?}");
        }
    }
}

/// Under the bit-precise semantics the checker computes the assertion in wrapping 64-bit
/// arithmetic, so a bound over `long long` values (which `n - i` can overflow there) is not
/// tried; under the default semantics it is; a constant bound is tried under both.
#[test]
fn bit_precise_bounds_stay_where_64_bits_cannot_wrap() {
    let dir = std::env::temp_dir().join(format!("leapfrog-bound-wrap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let wide = dir.join("wide.c");
    std::fs::write(&wide, "long long run(long long i, long long n) {\n  while (i < n) i++;\n  return i;\n}\n").unwrap();
    let constant = dir.join("constant.c");
    std::fs::write(&constant, "int main(void) { int s = 0; for (int i = 0; i < 64; i++) s += i; return s; }\n")
        .unwrap();
    let bound = |file: &std::path::Path, semantics| {
        let p = load_program(&[file.to_path_buf()], &FrontendOptions::default()).expect("front end");
        leapfrog_bound::bounds(&p, &Options { semantics, timeout: Duration::from_secs(10) }).loops.remove(0)
    };
    assert_eq!(bound(&wide, Semantics::Default).bound.as_deref(), Some("max(0, n - i)"));
    let refused = bound(&wide, Semantics::BitPrecise);
    assert_eq!(refused.bound, None);
    assert!(refused.reason.as_deref().is_some_and(|r| r.contains("could wrap")), "{refused:?}");
    assert_eq!(bound(&constant, Semantics::BitPrecise).max, Some(64));
}

/// Programs whose loops are bounded but whose total is not a function of the inputs the bound
/// would name: each once got a program bound below a native run's count (found by review).
const NO_PROGRAM_BOUND: &[(&str, &str)] = &[
    // An extern call may change a global that a later loop runs to (1010 body starts, not 10).
    (
        "extern_changes_a_global",
        "int g = 0;\nextern void ext(void);\nint main(void) {\n  int c = 0;\n  for (int i = 0; i < 10; i++) { c++; }\n  ext();\n  for (int i = 0; i < g; i++) { c++; }\n  return c;\n}\n",
    ),
    // `x = u` after a goto over `u`'s declaration: `x` is `n * n`, no input (10^8 at n = 10^4).
    (
        "copy_of_a_computed_value",
        "int f(int n) {\n  int c = 0;\n  int x;\n  goto A;\nB:;\n  int u;\n  goto C;\nA:\n  u = n * n;\n  x = u;\n  goto B;\nC:\n  for (int i = 0; i < x; i++) c++;\n  return c;\n}\n",
    ),
    // `n` is the parameter at the first loop and a value read later at the second.
    (
        "one_name_two_values",
        "extern int __VERIFIER_nondet_int(void);\nint f(int n) {\n  int c = 0;\n  for (int i = 0; i < n; i++) c++;\n  n = __VERIFIER_nondet_int();\n  for (int i = 0; i < n; i++) c++;\n  return c;\n}\n",
    ),
    // A helper that reads `k` called twice: two inputs of one name.
    (
        "helper_called_twice",
        "extern int __VERIFIER_nondet_int(void);\nint c;\nvoid work(void) { int k = __VERIFIER_nondet_int(); for (int i = 0; i < k; i++) c++; }\nint main(void) {\n  work(); work();\n  return c;\n}\n",
    ),
];

#[test]
fn no_program_bound_where_the_names_do_not_fix_the_total() {
    for (name, src) in NO_PROGRAM_BOUND {
        let report = bounds_of("program", name, src, &FrontendOptions::default(), 10);
        // The loops themselves are bounded (the refusal is the composition's).
        assert!(report.loops.iter().all(|l| l.bound.is_some()), "{name}: {:?}", report.loops);
        let program = report.program.expect("a program-level answer");
        assert_eq!(program.bound, None, "{name}: {program:?}");
        assert_eq!(program.complexity, "unknown", "{name}");
        assert!(program.reason.is_some(), "{name}");
    }
    // The control: the same shape with a parameter is composed.
    let control = "int f(int n) {\n  int c = 0;\n  for (int i = 0; i < n; i++) c++;\n  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) c++;\n  return c;\n}\n";
    let report = bounds_of("program", "control", control, &FrontendOptions::default(), 10);
    let program = report.program.expect("a program-level answer");
    assert_eq!(program.complexity, "O(n^2)", "{program:?}");
    assert!(program.bound.is_some_and(|b| b.contains('n')));
}

/// A loop whose bound names a variable an earlier loop changed (`i`, left at most 100, then
/// raised by `k + 50`): the octagon analysis over ghost copies of the parameters bounds it by
/// `k + 150`, the checker proves the lifted bound, and the program gets `O(n^1)`.
#[test]
fn a_variable_changed_before_a_loop_is_bounded_over_the_parameters() {
    let src = "void t19(int i, int k)\n{\n  while (i > 100)\n    i--;\n  i=i+k+50;\n  while (i >= 0)\n    i--;\n}\n";
    let report = bounds_of("sizes", "t19", src, &FrontendOptions::default(), 20);
    let program = report.program.expect("a program-level answer");
    assert_eq!(program.complexity, "O(n^1)", "{program:?}");
    assert_eq!(program.bound.as_deref(), Some("max(0, i - 100) + max(0, k + 151)"), "{program:?}");
}

/// A loop that runs forever from an odd input has no bound; `terminate`'s replayed lasso marks
/// it `unbounded`, and the program's complexity with it.
#[test]
fn a_loop_that_may_run_forever_is_unbounded() {
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  while (x != 0) x -= 2;\n  return 0;\n}\n";
    let report = bounds_of("forever", "forever", src, &FrontendOptions::default(), 10);
    let l = &report.loops[0];
    assert_eq!(l.bound, None, "{l:?}");
    assert!(l.unbounded.as_deref().is_some_and(|e| e.contains("recurrent set")), "{l:?}");
    assert_eq!(report.program.expect("a program-level answer").complexity, "unbounded");
}

/// An inner loop's bound names the outer loop's counter (`max(0, i)`); the octagon fact
/// `i - n <= -1` at its header, proven there by the checker, lifts it to `max(0, n - 1)` —
/// over a parameter, and over an input read once — and the program gets `O(n^2)`. Without a
/// fact relating `i` to an input (`i` grows by an input read in the loop), the program's bound
/// stays unknown.
#[test]
fn an_inner_loop_over_the_outer_counter_is_composed_over_the_inputs() {
    let programs = [
        (
            "parameter",
            "void f(int n) {\n  int i, j;\n  for (i = 0; i < n; i++)\n    for (j = 0; j < i; j++) { }\n}\n",
            true,
        ),
        (
            "input",
            "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, j;\n  while (i < n) {\n    j = 0;\n    while (j < i) j++;\n    i++;\n  }\n  return 0;\n}\n",
            true,
        ),
        (
            "unrelated",
            "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, k = 0, j;\n  while (k < n) {\n    i = i + __VERIFIER_nondet_int();\n    j = 0;\n    while (j < i) j++;\n    k++;\n  }\n  return 0;\n}\n",
            false,
        ),
    ];
    for (name, src, composed) in programs {
        let report = bounds_of("nested", name, src, &FrontendOptions::default(), 20);
        let program = report.program.expect("a program-level answer");
        if composed {
            assert_eq!(program.complexity, "O(n^2)", "{name}: {program:?}");
            assert_eq!(program.bound.as_deref(), Some("max(0, n) + max(0, n) * (max(0, n - 1))"), "{name}");
        } else {
            assert_eq!(program.complexity, "unknown", "{name}: {program:?}");
            assert!(program.reason.is_some_and(|r| r.contains("`i`")), "{name}");
        }
    }
}

/// The only execution of a program that cannot be inlined is counted to its very end: a
/// recursive entry whose outer call runs a loop after the inner call has returned, then ends by
/// `exit` (or `reach_error`), once got `max` 0 and a program bound of 0 (found by review:
/// the counts were read at the entry's last return, which was the inner call's).
#[test]
fn the_only_execution_is_counted_to_its_end() {
    let programs = [
        (
            "exit_after_inner_call",
            None,
            "#include <stdlib.h>\nint depth = 0;\nint main(void) {\n  depth++;\n  if (depth < 2) {\n    main();\n    for (int i = 0; i < 100; i++) { }\n    exit(0);\n  }\n  return 0;\n}\n",
            100,
            "100",
        ),
        (
            "error_after_inner_calls",
            Some("walk"),
            "extern void abort(void);\nvoid reach_error(void) { abort(); }\nint depth = 0;\nint total = 0;\nvoid walk(void) {\n  depth++;\n  if (depth < 4) {\n    walk();\n    for (int i = 0; i < depth * 10; i++) { total++; }\n    depth--;\n    if (depth == 0) reach_error();\n    return;\n  }\n  depth--;\n}\nint main(void) { walk(); return 0; }\n",
            30,
            "60",
        ),
    ];
    for (name, entry, src, max, total) in programs {
        let options = FrontendOptions { entry: entry.map(String::from), ..FrontendOptions::default() };
        let report = bounds_of("run-end", name, src, &options, 10);
        assert_eq!(report.loops.len(), 1, "{name}: {:?}", report.loops);
        assert_eq!(report.loops[0].max, Some(max), "{name}: {:?}", report.loops[0]);
        let program = report.program.expect("a program-level answer");
        assert_eq!(program.bound.as_deref(), Some(total), "{name}: {program:?}");
    }
}

/// A path's condition is C at its loop (found by review): a variable a local hides there (the
/// global `k` that an inlined call reads) leaves the path out, and over `unsigned` variables,
/// where `k - 1` would wrap in C, every variable is cast to `long long`.
#[test]
fn path_conditions_are_c_at_the_loop() {
    let shadowed = "extern int __VERIFIER_nondet_int(void);\nint k;\nint lt(int i) { return i < k; }\nint main() {\n  k = __VERIFIER_nondet_int();\n  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();\n  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();\n  int k = 1000000;\n  while (i < n && j < m) { if (lt(i)) i++; else j++; }\n  return k;\n}\n";
    let unsigned = "extern unsigned __VERIFIER_nondet_uint(void);\nint main() {\n  unsigned n = __VERIFIER_nondet_uint(), m = __VERIFIER_nondet_uint(), k = __VERIFIER_nondet_uint();\n  unsigned i = __VERIFIER_nondet_uint(), j = __VERIFIER_nondet_uint();\n  while (i < n && j < m) { if (i < k) i++; else j++; }\n  return 0;\n}\n";
    let signed = unsigned
        .replace("unsigned __VERIFIER_nondet_uint", "int __VERIFIER_nondet_int")
        .replace("unsigned", "int")
        .replace("_uint()", "_int()");
    let report = |name: &str, src: &str| bounds_of("paths", name, src, &FrontendOptions::default(), 20);
    let r = report("shadowed", shadowed);
    assert!(r.loops[0].bound.is_some(), "{:?}", r.loops[0]);
    assert!(r.loops[0].paths.iter().all(|p| !p.condition.contains('k')), "{:?}", r.loops[0].paths);
    let r = report("unsigned", unsigned);
    assert!(!r.loops[0].paths.is_empty(), "{:?}", r.loops[0]);
    for p in &r.loops[0].paths {
        assert!(p.condition.contains("(long long)k") || !p.condition.contains('k'), "{p:?}");
    }
    // The control: over `int`, the condition is written as it is.
    let r = report("signed", &signed);
    assert!(r.loops[0].paths.iter().any(|p| p.condition.contains("i <= k - 1")), "{:?}", r.loops[0].paths);
}

/// A loop whose bound names a variable an earlier loop steps by a constant (`y += 1000` in a loop
/// of at most `max(0, x - y)` iterations): the growth facts `y <= y@R + 1000·c_R` (and
/// `x >= x@R` for the loop over `-x`), proven at the later loops' entries, lift their bounds over
/// the parameters plus a multiple of the first loop's bound, and the program gets `O(n^1)`. An
/// inner loop over a variable its outer loop steps (`n++` at most once an iteration, `n--` in
/// the inner loop: a stack pushed and popped) runs at most `max(0, n@R) + c_R` times over one
/// execution of the outer loop (its total, proven on a ghost counter): `O(n^1)`. A variable
/// stepped by an input grows by no constant: unknown.
#[test]
fn a_variable_an_earlier_loop_steps_by_constants_is_bounded_through_that_loop() {
    let programs = [
        (
            "t28",
            "void t28(int x, int y) {\n  while (x > y) { x--; x += 1000; y += 1000; }\n  while (y > 0) y--;\n  while (x < 0) x++;\n}\n",
            Some(("O(n^1)", "max(0, x - y) + max(0, y) + max(0, 1000 * x - 1000 * y) + max(0, -x)")),
        ),
        (
            "stack",
            "int nondet(void);\nvoid stack(int m) {\n  int i = m, n = 0;\n  while (i > 0) {\n    i--;\n    if (nondet() > 0) n++;\n    else while (n > 0 && nondet() > 0) n--;\n  }\n}\n",
            Some(("O(n^1)", "max(0, m) + max(0, m)")),
        ),
        (
            // A loop over what an earlier loop's bound grows with, which grows with another:
            // the raises chain (`b <= c_2`, the second loop's bound `a <= c_1`).
            "chained",
            "int nondet(void);\nvoid chained(int n) {\n  int a = 0, b = 0;\n  for (int i = 0; i < n; i++) if (nondet()) a++;\n  for (int k = 0; k < a; k++) if (nondet()) b++;\n  for (int l = 0; l < b; l++) { }\n}\n",
            Some(("O(n^1)", "max(0, n) + max(0, n) + max(0, n)")),
        ),
        (
            // An inner loop that advances the outer loop's counter (the outer bound's potential
            // holds at the inner loop's header too), and a loop over what the inner one counted.
            "inner_advances",
            "int nondet(void);\nvoid inner_advances(int size, int limit) {\n  int i = 0;\n  while (i < size) {\n    int run = 0;\n    i++;\n    while (nondet() && run < limit) { run++; i++; }\n    for (int k = 0; k < run; k++) { }\n  }\n}\n",
            Some(("O(n^2)", "max(0, size) + max(0, size) * max(0, limit) + max(0, size) * max(0, limit)")),
        ),
        (
            // An inner loop that does not spend what the outer one adds (`k` counts up to `n`
            // each time): no total, the product.
            "no_spend",
            "int nondet(void);\nvoid no_spend(int m) {\n  int i = m, n = 0;\n  while (i > 0) {\n    i--;\n    if (nondet() > 0) n++;\n    for (int k = 0; k < n; k++) { }\n  }\n}\n",
            Some(("O(n^2)", "max(0, m) + max(0, m) * max(0, m)")),
        ),
        (
            "by_input",
            "int nondet(void);\nvoid by_input(int x) {\n  int y = 0;\n  while (x > 0) { x--; y += nondet(); }\n  while (y > 0) y--;\n}\n",
            None,
        ),
    ];
    for (name, src, expected) in programs {
        let report = bounds_of("growth", name, src, &FrontendOptions::default(), 20);
        let program = report.program.expect("a program-level answer");
        match expected {
            Some((complexity, bound)) => {
                assert_eq!(program.complexity, complexity, "{name}: {program:?}");
                assert_eq!(program.bound.as_deref(), Some(bound), "{name}: {program:?}");
            }
            None => assert_eq!(program.complexity, "unknown", "{name}: {program:?}"),
        }
    }
}

/// A step the branches before the loop set (`t = 1` where `b >= 1`, else `t = -1`) and the
/// loop's paths use under the same conditions (speedFails4 of the termCOMP suite): the
/// branches' facts `!(b >= 1) || t == 1` are candidates, and the exit condition's distance is
/// proven. Without them no bound: `x` may fall on a path that reads `t` alone.
#[test]
fn what_the_branches_before_a_loop_set_is_known_in_it() {
    let src = "void f(int x, int n, int b) {\n  int t;\n  if (b >= 1) t = 1; else t = -1;\n  while (x <= n) {\n    if (b >= 1) x = x + t; else x = x - t;\n  }\n}\n";
    let report = bounds_of("branches", "steps", src, &FrontendOptions::default(), 20);
    let program = report.program.expect("a program-level answer");
    assert_eq!(program.complexity, "O(n^1)", "{program:?}");
    assert_eq!(program.bound.as_deref(), Some("max(0, n - x + 1)"), "{program:?}");
    assert!(report.loops[0].certificate.iter().any(|c| c.contains("t == 1")), "{:?}", report.loops[0]);
}
