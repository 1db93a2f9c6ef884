//! Loading small C programs and their loops for Proteus' tests (included by each test file).

#![allow(dead_code)]

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{InlineLimits, LoopId, Program, VarId, inline_program};
use leapfrog_paths::{Extractor, LoopPaths};
use std::time::{Duration, Instant};

/// `source` written to a scratch file `name`, read, and inlined into its entry function.
pub fn program(name: &str, source: &str) -> Program {
    inline_program(&uninlined(name, source), &InlineLimits::default()).expect("inlined")
}

/// `source` written to a scratch file `name` and read, calls left as they are (as `classify`
/// reads real code).
pub fn uninlined(name: &str, source: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("leapfrog-proteus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, source).unwrap();
    load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end")
}

/// `body` as the body of `main`, with `nondet()` an input and `a` an input array.
pub fn in_main(name: &str, body: &str) -> Program {
    program(
        name,
        &format!(
            "extern int __VERIFIER_nondet_int(void);\n#define nondet __VERIFIER_nondet_int\nint a[100];\nint main(void) {{\n{body}\n  return 0;\n}}\n"
        ),
    )
}

/// The loop forest of `q`'s entry function and its loop at `line` (the outermost loop when
/// `None`).
pub fn loop_at(q: &Program, line: Option<u32>) -> (LoopForest, LoopId) {
    let f = &q.funcs[q.entry.unwrap()];
    let forest = LoopForest::compute(f);
    let l = match line {
        None => forest.roots()[0],
        Some(line) => forest.loops.ids().find(|l| forest.syntax(f, *l).1.line == line).expect("a loop at that line"),
    };
    (forest, l)
}

/// The paths (with exits) of `q`'s loop at `line` (the outermost when `None`).
pub fn paths_at(q: &Program, line: Option<u32>) -> LoopPaths {
    let (forest, l) = loop_at(q, line);
    Extractor::new(q, &q.funcs[q.entry.unwrap()], &forest, l, &[], Semantics::Default, deadline())
        .with_exits()
        .extract()
        .expect("paths")
}

/// A generous deadline for one test's analysis.
pub fn deadline() -> Instant {
    Instant::now() + Duration::from_secs(30)
}

/// The variable named `name`.
pub fn var(q: &Program, name: &str) -> VarId {
    q.vars.ids().find(|v| q.vars[*v].name == name).unwrap_or_else(|| panic!("no variable {name}"))
}
