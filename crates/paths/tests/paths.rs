//! The paths of small C loops: iterations and exits, with their conditions and updates, checked
//! by evaluating them on concrete pre-states against what the C code does.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, InlineLimits, Program, VarId, inline_program};
use leapfrog_paths::linear::{Lin, Row};
use leapfrog_paths::{Extractor, LinPath, LoopPaths};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

fn program(name: &str, source: &str) -> (Program, FuncId) {
    let dir = std::env::temp_dir().join(format!("leapfrog-paths-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    std::fs::write(&file, source).unwrap();
    let p = load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end");
    let q = inline_program(&p, &InlineLimits::default()).expect("inlined");
    let fid = q.entry.unwrap();
    (q, fid)
}

/// The paths (with exits) of the outermost loop of `q`.
fn paths_of(q: &Program, fid: FuncId) -> LoopPaths {
    let f = &q.funcs[fid];
    let forest = LoopForest::compute(f);
    let l = forest.roots()[0];
    let deadline = Instant::now() + Duration::from_secs(20);
    Extractor::new(q, f, &forest, l, &[], Semantics::Default, deadline).with_exits().extract().expect("paths")
}

fn value(lin: &Lin, at: &BTreeMap<usize, i128>) -> i128 {
    lin.terms.iter().map(|(s, c)| c * at[s]).sum::<i128>() + lin.constant
}

fn holds(row: &Row, at: &BTreeMap<usize, i128>) -> bool {
    let v = value(&row.lin, at);
    if row.eq { v == 0 } else { v <= 0 }
}

/// The post-state of `path` from `pre` (by variable name), if its condition holds there (every
/// symbol of these loops is a variable's pre-state value).
fn run(q: &Program, paths: &LoopPaths, path: &LinPath, pre: &[(&str, i128)]) -> Option<BTreeMap<String, i128>> {
    let by_name: BTreeMap<&str, VarId> = paths.pre.keys().map(|v| (q.vars[*v].name.as_str(), *v)).collect();
    let at: BTreeMap<usize, i128> = pre.iter().map(|(n, x)| (paths.pre[&by_name[n]], *x)).collect();
    if !path.rows.iter().all(|r| holds(r, &at)) {
        return None;
    }
    Some(
        pre.iter()
            .map(|(n, x)| {
                let s = paths.pre[&by_name[n]];
                (n.to_string(), path.post.get(&s).map_or(*x, |lin| value(lin, &at)))
            })
            .collect(),
    )
}

const FIG1: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int(), z = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();\n  while (x < n) {\n    if (z > x) {\n      x = x + 1;\n    } else {\n      z = z + 1;\n    }\n  }\n  return x + z;\n}\n";

#[test]
fn proteus_fig1_has_two_iteration_paths_and_one_exit() {
    let (q, fid) = program("fig1.c", FIG1);
    let paths = paths_of(&q, fid);
    assert_eq!(paths.paths.len(), 2);
    assert_eq!(paths.exits.len(), 1);
    // On every small pre-state exactly one path (iteration or exit) applies, and it does what
    // one pass through the C body does.
    for x in -3..3 {
        for z in -3..3 {
            for n in -3..3 {
                let pre = [("x", x), ("z", z), ("n", n)];
                let taken: Vec<_> = paths.paths.iter().filter_map(|p| run(&q, &paths, p, &pre)).collect();
                let left: Vec<_> = paths.exits.iter().filter_map(|(_, p)| run(&q, &paths, p, &pre)).collect();
                let (x2, z2) = if z > x { (x + 1, z) } else { (x, z + 1) };
                if x < n {
                    assert!(left.is_empty(), "{pre:?}");
                    assert_eq!(taken.len(), 1, "{pre:?}");
                    assert_eq!((taken[0]["x"], taken[0]["z"], taken[0]["n"]), (x2, z2, n), "{pre:?}");
                } else {
                    assert!(taken.is_empty(), "{pre:?}");
                    assert_eq!(left.len(), 1, "{pre:?}");
                    assert_eq!((left[0]["x"], left[0]["z"]), (x, z), "{pre:?}");
                }
            }
        }
    }
}

const BREAK: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int i = 0, s = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();\n  while (i < n) {\n    s = 7;\n    if (i == 5) break;\n    i = i + 2;\n  }\n  return s + i;\n}\n";

#[test]
fn a_break_is_an_exit_path_with_the_updates_before_it() {
    let (q, fid) = program("break.c", BREAK);
    let paths = paths_of(&q, fid);
    assert_eq!(paths.exits.len(), 2, "the condition and the break");
    // `s` is assigned and never read: it still has a pre-state symbol and an update.
    let s = paths.pre.keys().find(|v| q.vars[**v].name == "s").expect("s is tracked");
    let through_break =
        paths.exits.iter().filter_map(|(_, p)| run(&q, &paths, p, &[("i", 5), ("s", 0), ("n", 9)])).collect::<Vec<_>>();
    assert_eq!(through_break.len(), 1);
    assert_eq!((through_break[0]["s"], through_break[0]["i"]), (7, 5));
    assert!(paths.paths.iter().all(|p| p.post.get(&paths.pre[s]).and_then(Lin::as_const) == Some(7)));
}

#[test]
fn without_exits_only_iterations_are_built() {
    let (q, fid) = program("fig1b.c", FIG1);
    let f = &q.funcs[fid];
    let forest = LoopForest::compute(f);
    let l = forest.roots()[0];
    let deadline = Instant::now() + Duration::from_secs(20);
    let paths = Extractor::new(&q, f, &forest, l, &[], Semantics::Default, deadline).extract().unwrap();
    assert_eq!((paths.paths.len(), paths.exits.len()), (2, 0));
}

#[test]
fn a_lower_path_limit_gives_up_early_and_says_so() {
    // Five independent branches: 32 iteration paths.
    let (q, fid) = program(
        "many.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int i = 0, a = 0, b = 0, c = 0, d = 0, e = 0;\n  int n = __VERIFIER_nondet_int();\n  while (i < n) {\n    if (__VERIFIER_nondet_int()) a++;\n    if (__VERIFIER_nondet_int()) b++;\n    if (__VERIFIER_nondet_int()) c++;\n    if (__VERIFIER_nondet_int()) d++;\n    if (__VERIFIER_nondet_int()) e++;\n    i++;\n  }\n  return a + b + c + d + e;\n}\n",
    );
    let f = &q.funcs[fid];
    let forest = LoopForest::compute(f);
    let l = forest.roots()[0];
    let deadline = Instant::now() + Duration::from_secs(20);
    let all = Extractor::new(&q, f, &forest, l, &[], Semantics::Default, deadline).extract().expect("paths");
    assert_eq!(all.paths.len(), 32);
    let limited = Extractor::new(&q, f, &forest, l, &[], Semantics::Default, deadline).with_max_paths(10).extract();
    let why = limited.expect_err("more than 10 paths");
    assert!(why.contains("too many paths") && why.contains("10"), "{why}");
    let enough = Extractor::new(&q, f, &forest, l, &[], Semantics::Default, deadline).with_max_paths(40).extract();
    assert_eq!(enough.expect("32 paths are within 40").paths.len(), 32);
}
