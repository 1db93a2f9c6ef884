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
