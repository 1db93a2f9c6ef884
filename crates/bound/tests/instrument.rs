//! The instrumented program counts body starts as C does: run in the interpreter with the claim
//! `count <= k`, it fails exactly when the loop's body starts more than `k` times (a `for`, a
//! `while` left by `break`, a `do`, a `while` whose condition is a conjunction), and the copies
//! hold the values at the first evaluation of the condition.

use leapfrog_arith::{CmpOp, Semantics};
use leapfrog_bound::expr::{Bound, WIDE};
use leapfrog_bound::instrument::{Claim, cone_of_influence, cut_after_assertions, instrument, loop_alone};
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_interp::{ExecConfig, Outcome};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Expr, InlineLimits, Program, inline_program};
use std::collections::BTreeSet;

fn inlined(src: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("leapfrog-bound-instrument-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let file = dir.join(format!("p{}.c", NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)));
    std::fs::write(&file, src).unwrap();
    let p = load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end");
    inline_program(&p, &InlineLimits::default()).expect("inlining")
}

/// Whether the program instrumented at its only loop with `claim(count, copy)` fails.
fn fails(q: &Program, claim: &Claim, vars: &[&str]) -> bool {
    let fid = q.entry.unwrap();
    let forest = LoopForest::compute(&q.funcs[fid]);
    let l = forest.loops.ids().next().expect("a loop");
    let vars: BTreeSet<_> =
        vars.iter().map(|n| q.vars.iter().find(|(_, v)| v.name == *n).map(|(id, _)| id).unwrap()).collect();
    let instrumented = instrument(q, fid, &forest, l, &vars, claim, None).expect("instrumented");
    // Valid IR, as the checker requires (and so is each reduction of it).
    assert!(leapfrog_ir::verify::verify_function(&instrumented.program, fid).is_empty());
    let r = leapfrog_interp::run(
        &instrumented.program,
        &ExecConfig { semantics: Semantics::Default, ..ExecConfig::default() },
    );
    // The slice agrees on a deterministic program (it keeps what the loop's conditions test).
    let relevant = leapfrog_bound::instrument::relevant(q, fid, &forest, l, instrumented.count, &instrumented.copies);
    if let Some((alone, _)) = loop_alone(&instrumented.program, q, fid, &forest, l, &relevant) {
        assert!(leapfrog_ir::verify::verify_function(&alone, fid).is_empty(), "the loop alone is invalid IR");
    }
    if let Some(sliced) = cone_of_influence(&instrumented.program, fid, &relevant) {
        assert!(leapfrog_ir::verify::verify_function(&sliced, fid).is_empty(), "the cone is invalid IR");
        let s = leapfrog_interp::run(&sliced, &ExecConfig { semantics: Semantics::Default, ..ExecConfig::default() });
        assert_eq!(
            matches!(s.outcome, Outcome::Error { .. }),
            matches!(r.outcome, Outcome::Error { .. }),
            "{:?}\n{}",
            s.outcome,
            leapfrog_ir::print::function_to_string(&sliced, fid)
        );
    }
    // So does the program cut after its assertions (what the checker is given).
    let mut cut = instrumented.program.clone();
    cut_after_assertions(&mut cut, fid);
    assert!(leapfrog_ir::verify::verify_function(&cut, fid).is_empty(), "the cut program is invalid IR");
    let c = leapfrog_interp::run(&cut, &ExecConfig { semantics: Semantics::Default, ..ExecConfig::default() });
    assert_eq!(matches!(c.outcome, Outcome::Error { .. }), matches!(r.outcome, Outcome::Error { .. }));
    match r.outcome {
        Outcome::Error { .. } => true,
        Outcome::Exit { .. } | Outcome::Blocked { .. } => false,
        other => panic!("{other:?}"),
    }
}

fn at_most(k: i128) -> impl Fn(&Expr, &dyn Fn(leapfrog_ir::VarId) -> Expr) -> Expr {
    move |count, copy| Bound::constant(k).admits(count, copy)
}

#[test]
fn body_starts_are_counted_as_c_counts_them() {
    let cases = [
        // (program, body starts)
        ("int main(void) { int s = 0; for (int i = 0; i < 5; i++) s += i; return s; }", 5),
        ("int main(void) { int i = 0; while (1) { i++; if (i == 7) break; } return i; }", 7),
        ("int main(void) { int i = 10; do { i++; } while (i < 3); return i; }", 1),
        ("int main(void) { int i = 0, j = 0; while (i < 4 && j < 9) { i++; j += 2; } return i; }", 4),
        ("int main(void) { int i = 0; while (i < 6) { i++; if (i % 2) continue; i++; } return i; }", 4),
        ("int main(void) { int i = 0; for (;;) { if (i >= 3) return i; i++; } }", 4),
        // A failing assertion ends the execution: it becomes an assumption (valid IR: an
        // assumption may not lead to `halt`).
        (
            "void reach_error(void);\nint main(void) { int i = 0; while (i < 9) { i++; if (i == 5) reach_error(); } return i; }",
            5,
        ),
    ];
    for (src, starts) in cases {
        let q = inlined(src);
        assert!(!fails(&q, &at_most(starts), &[]), "{src}: fails with {starts}");
        assert!(fails(&q, &at_most(starts - 1), &[]), "{src}: passes with {}", starts - 1);
    }
}

#[test]
fn copies_hold_the_values_after_the_for_initialization() {
    // `i` is 2 when the condition is first evaluated: the claim `count <= 0 || \at(i) == 2` holds.
    let q = inlined("int main(void) { int s = 0, i = 9; for (i = 2; i < 5; i++) s++; return s; }");
    let i = q.vars.iter().find(|(_, v)| v.name == "i").map(|(id, _)| id).unwrap();
    let equals = |value: i128| {
        move |count: &Expr, copy: &dyn Fn(leapfrog_ir::VarId) -> Expr| {
            let none = Expr::cmp(CmpOp::Le, count.clone(), Expr::int(0, WIDE));
            let copied = copy(i);
            leapfrog_summarize::candidates::or(
                none,
                Expr::cmp(CmpOp::Eq, copied, Expr::int(value, leapfrog_arith::IntTy::I32)),
            )
        }
    };
    assert!(!fails(&q, &equals(2), &["i"]));
    assert!(fails(&q, &equals(9), &["i"]));
}

#[test]
fn what_follows_the_last_assertion_is_cut() {
    // The second loop comes after every assertion of the first one's claim: the cut program
    // has one loop left, and fails exactly when the whole one does.
    let q = inlined(
        "int main(void) { int s = 0, i, j; for (i = 0; i < 5; i++) s++; \
         for (j = 0; j < 100; j++) s += 2; return s; }",
    );
    let fid = q.entry.unwrap();
    let forest = LoopForest::compute(&q.funcs[fid]);
    assert_eq!(forest.loops.len(), 2);
    let first = forest.loops.ids().min_by_key(|l| forest.syntax(&q.funcs[fid], *l).1.col).unwrap();
    for (k, failing) in [(5, false), (4, true)] {
        let instrumented = instrument(&q, fid, &forest, first, &BTreeSet::new(), &at_most(k), None).unwrap();
        let mut cut = instrumented.program.clone();
        cut_after_assertions(&mut cut, fid);
        assert!(leapfrog_ir::verify::verify_function(&cut, fid).is_empty());
        assert_eq!(LoopForest::compute(&cut.funcs[fid]).loops.len(), 1);
        for program in [&instrumented.program, &cut] {
            let r = leapfrog_interp::run(program, &ExecConfig::default());
            assert_eq!(matches!(r.outcome, Outcome::Error { .. }), failing, "{:?}", r.outcome);
        }
    }
}
