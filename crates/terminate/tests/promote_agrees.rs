//! `ir::promote` against the interpreter: a program with its allocated cells promoted to
//! registers runs as the original does, on the same inputs — the same outcome, and, where the
//! promotion keeps the inputs' order (`Keep`, `HavocAtFirstRead`), the same inputs consumed.
//! Programs whose cells escape are left alone.

use leapfrog_arith::Semantics;
use leapfrog_interp::StreamInputs;
use leapfrog_interp::runs::run_recording_within;
use leapfrog_ir::Program;
use leapfrog_ir::promote::{Unwritten, promote_cells};
use std::time::{Duration, Instant};

/// A program, and how many cells each mode promotes (`Keep`, then the others).
const PROGRAMS: &[(&str, usize, usize)] = &[
    // Written before read: promoted in every mode.
    (
        "int main(void) { int *x = alloca(sizeof(int)); int *y = x; *y = __VERIFIER_nondet_int();
           int n = 0; while (*x > 0 && n < 50) { *x = *x - 3; n++; } return *x; }",
        1,
        1,
    ),
    // Read before written, with an input read in between: the order matters.
    (
        "int main(void) { int *x = alloca(sizeof(int)); int *c = malloc(sizeof(int));
           int k = __VERIFIER_nondet_int(); *c = 0;
           while (*x < 10 && *c < 20) { *x = *x + k; *c = *c + 1; }
           int r = *x + *c; free(c); return r; }",
        1,
        2,
    ),
    // Read before written on one branch only.
    (
        "int main(void) { int *x = alloca(sizeof(int));
           if (__VERIFIER_nondet_int() > 0) *x = 5;
           int s = 0; while (*x > 0 && s < 30) { *x = *x - 1; s++; } return s; }",
        0,
        1,
    ),
    // The address escapes into another cell: nothing promoted but that cell.
    (
        "int main(void) { int *x = alloca(sizeof(int)); int **pp = alloca(sizeof(int *));
           *pp = x; *x = __VERIFIER_nondet_int();
           int n = 0; while (*x > 0 && n < 40) { **pp = **pp - 1; n++; } return *x; }",
        1,
        1,
    ),
    // Compared with NULL, read after free: left alone.
    ("int main(void) { int *x = malloc(sizeof(int)); if (x == 0) return 1; *x = 3; return *x; }", 0, 0),
    (
        "int main(void) { int *x = malloc(sizeof(int)); *x = __VERIFIER_nondet_int(); free(x);
           return *x; }",
        0,
        0,
    ),
];

mod common;

fn inlined(source: &str) -> Program {
    common::inlined(&format!("#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n{source}\n"))
}

#[test]
fn promoted_programs_run_as_the_original_does() {
    for (source, kept, others) in PROGRAMS {
        let original = inlined(source);
        let fid = original.entry.unwrap();
        for mode in [Unwritten::Keep, Unwritten::HavocAtFirstRead, Unwritten::HavocAtAllocation] {
            let promoted = promote_cells(&original, fid, mode);
            let expected = if mode == Unwritten::Keep { *kept } else { *others };
            assert_eq!(promoted.cells, expected, "{mode:?} cells of {source}");
            leapfrog_ir::verify::verify_program(&promoted.program)
                .unwrap_or_else(|e| panic!("{mode:?}: {e:?}\n{source}"));
            for seed in 0..40i128 {
                let stream: Vec<i128> = (0..6).map(|k| (seed * 7 + k * 13) % 23 - 11).collect();
                let run = |q: &Program| {
                    let deadline = Instant::now() + Duration::from_secs(5);
                    run_recording_within(q, &mut StreamInputs::new(&stream), Semantics::Default, 10_000, deadline)
                };
                let (a, b) = (run(&original), run(&promoted.program));
                if mode == Unwritten::HavocAtAllocation && promoted.read_unwritten > 0 {
                    // (The inputs come in another order: only the kinds of outcome compare.)
                    continue;
                }
                assert_eq!(a.outcome.to_string(), b.outcome.to_string(), "{mode:?}, inputs {stream:?}: {source}");
                assert_eq!(a.inputs, b.inputs, "{mode:?}, inputs {stream:?}: {source}");
            }
        }
    }
}
