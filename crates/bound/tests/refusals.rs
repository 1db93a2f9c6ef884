//! Programs whose executions the inlined program does not all follow get no bound: a step that
//! may not return (inline assembly, a call through a function pointer, `longjmp`) may change
//! what the loop tests, run a loop outside the followed calls, or jump back into a loop. Each of
//! these once got a bound below its real count (found by review: 15 body starts against a bound
//! of 10, 24 against 10, 100 against 5).

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_results::Options;
use std::time::Duration;

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
    let dir = std::env::temp_dir().join(format!("leapfrog-bound-refusals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, src) in PROGRAMS {
        let file = dir.join(format!("{name}.c"));
        std::fs::write(&file, src).unwrap();
        let p = load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end");
        let report =
            leapfrog_bound::bounds(&p, &Options { semantics: Semantics::Default, timeout: Duration::from_secs(10) });
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
