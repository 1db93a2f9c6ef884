//! The invariance analysis on small C programs: the ranges and relations it must find at loop
//! headers, in each domain, and what it refuses.

use leapfrog_absint::{Config, Error, Invariants, analyze};
use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_domains::{Bounds, Disjunctive, Intervals, Lattice, NumericDomain, Octagon, Polyhedron};
use leapfrog_ir::{FuncId, InlineLimits, Program, inline_program};
use leapfrog_linear::{Affine, rational};

fn program(source: &str) -> (Program, FuncId) {
    let dir = std::env::temp_dir().join(format!("leapfrog-absint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("p{:x}.c", source.len() * 7919 + source.bytes().map(usize::from).sum::<usize>()));
    std::fs::write(&file, source).unwrap();
    let p = load_program(std::slice::from_ref(&file), &FrontendOptions::default()).expect("front end");
    let q = inline_program(&p, &InlineLimits::default()).expect("inlined");
    let fid = q.entry.unwrap();
    (q, fid)
}

/// The range of `expr` (over variables named in `names`) at the header of the loop at `line`.
fn range_at<D: NumericDomain>(q: &Program, r: &Invariants<D>, line: u32, terms: &[(i128, &str)]) -> Bounds {
    let f = &q.funcs[q.entry.unwrap()];
    let l = r.forest.loops.ids().find(|l| r.forest.syntax(f, *l).1.line == line).expect("a loop at that line");
    let element = r.at[r.forest.loops[l].header].as_ref().expect("the header is reachable");
    let dim = |name: &str| {
        let v = r.tracked.iter().map(|(v, _)| v).find(|v| q.vars[*v].name == name).expect("a tracked variable");
        r.tracked.dim(v).unwrap()
    };
    let e = Affine::from_terms(rational(0), terms.iter().map(|(k, n)| (rational(*k), dim(n))));
    element.bounds(&e)
}

fn bounds(lo: Option<i128>, hi: Option<i128>) -> Bounds {
    Bounds { lo: lo.map(rational), hi: hi.map(rational) }
}

const COUNT: &str = "int main(void) {\n  int i = 0;\n  while (i < 10) {\n    i++;\n  }\n  return i;\n}\n";

const TWO_COUNTERS: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, j = 0;\n  while (i < n) {\n    i++;\n    j++;\n  }\n  return j;\n}\n";

#[test]
fn a_counting_loop_is_bounded_in_every_domain() {
    let (q, fid) = program(COUNT);
    let cfg = Config::new(Semantics::Default);
    let expected = bounds(Some(0), Some(10));
    assert_eq!(range_at(&q, &analyze::<Intervals>(&q, fid, &cfg).unwrap(), 3, &[(1, "i")]), expected);
    assert_eq!(range_at(&q, &analyze::<Octagon>(&q, fid, &cfg).unwrap(), 3, &[(1, "i")]), expected);
    assert_eq!(range_at(&q, &analyze::<Polyhedron>(&q, fid, &cfg).unwrap(), 3, &[(1, "i")]), expected);
    assert_eq!(range_at(&q, &analyze::<Disjunctive<Octagon>>(&q, fid, &cfg).unwrap(), 3, &[(1, "i")]), expected);
}

#[test]
fn relations_need_a_relational_domain() {
    let (q, fid) = program(TWO_COUNTERS);
    let cfg = Config::new(Semantics::Default);
    let i_minus_j = [(1, "i"), (-1, "j")];
    assert_eq!(range_at(&q, &analyze::<Octagon>(&q, fid, &cfg).unwrap(), 5, &i_minus_j), bounds(Some(0), Some(0)));
    assert_eq!(range_at(&q, &analyze::<Polyhedron>(&q, fid, &cfg).unwrap(), 5, &i_minus_j), bounds(Some(0), Some(0)));
    let intervals = range_at(&q, &analyze::<Intervals>(&q, fid, &cfg).unwrap(), 5, &i_minus_j);
    assert_ne!(intervals, bounds(Some(0), Some(0)), "intervals cannot relate i and j");
}

#[test]
fn unsigned_arithmetic_wraps() {
    // c goes 250, ..., 255, 0, ..., 5: the header sees values on both sides of the wrap.
    let src = "int main(void) {\n  unsigned char c = 250;\n  while (c != 5) {\n    c++;\n  }\n  return c;\n}\n";
    let (q, fid) = program(src);
    let cfg = Config::new(Semantics::Default);
    for r in [
        range_at(&q, &analyze::<Intervals>(&q, fid, &cfg).unwrap(), 3, &[(1, "c")]),
        range_at(&q, &analyze::<Octagon>(&q, fid, &cfg).unwrap(), 3, &[(1, "c")]),
    ] {
        assert!(r.contains(&rational(0)) && r.contains(&rational(255)) && r.contains(&rational(250)), "{r:?}");
    }
}

#[test]
fn signed_arithmetic_wraps_only_under_bit_precise_semantics() {
    // x++ from INT_MAX is INT_MIN under bit-precise semantics (the header sees it), and undefined
    // behaviour, which ends the execution, under the default semantics.
    let src = "int main(void) {\n  int x = 1;\n  while (x > 0) {\n    x++;\n  }\n  return 0;\n}\n";
    let (q, fid) = program(src);
    let wrapped =
        range_at(&q, &analyze::<Intervals>(&q, fid, &Config::new(Semantics::BitPrecise)).unwrap(), 3, &[(1, "x")]);
    assert!(wrapped.contains(&rational(i128::from(i32::MIN))), "{wrapped:?}");
    let exact = range_at(&q, &analyze::<Intervals>(&q, fid, &Config::new(Semantics::Default)).unwrap(), 3, &[(1, "x")]);
    assert_eq!(exact.lo, Some(rational(1)), "{exact:?}");
}

#[test]
fn a_step_that_may_not_return_is_refused() {
    let src = "void spin(void) { while (1) { } }\nint main(void) {\n  void (*f)(void) = spin;\n  int i = 0;\n  while (i < 3) { f(); i++; }\n  return 0;\n}\n";
    let (q, fid) = program(src);
    let r = analyze::<Intervals>(&q, fid, &Config::new(Semantics::Default));
    assert!(matches!(r, Err(Error::MayNotReturn(_))), "{:?}", r.err());
}

#[test]
fn a_disequality_at_the_end_of_a_range_shrinks_it() {
    // t counts down to 0 by `t != 0`: t stays non-negative.
    let src = "int main(void) {\n  int t = 10;\n  while (t != 0) {\n    t--;\n  }\n  return t;\n}\n";
    let (q, fid) = program(src);
    let cfg = Config::new(Semantics::Default);
    assert_eq!(range_at(&q, &analyze::<Intervals>(&q, fid, &cfg).unwrap(), 3, &[(1, "t")]), bounds(Some(0), Some(10)));
    assert_eq!(range_at(&q, &analyze::<Octagon>(&q, fid, &cfg).unwrap(), 3, &[(1, "t")]), bounds(Some(0), Some(10)));
}

#[test]
fn the_states_a_loop_reaches_from_one_state_keep_their_disjunctions_apart() {
    // From v = 4: -5, 6, -7, ... The set reached must contain them all and, in disjunctive
    // octagons, leave out the values in between (v = 0, where the loop would end).
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int v = __VERIFIER_nondet_int();\n  while (v != 0) {\n    if (v > 3) v = -v - 1; else if (v < -3) v = -v + 1; else v = 0;\n  }\n  return 0;\n}\n";
    let (q, fid) = program(src);
    let f = &q.funcs[fid];
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let l = forest.loops.ids().next().unwrap();
    let v = q.vars.ids().find(|v| q.vars[*v].name == "v").unwrap();
    let mut cfg = Config::new(Semantics::Default);
    cfg.widening_delay = 3;
    let from = std::collections::BTreeMap::from([(v, 4)]);
    let top = Disjunctive::<Octagon>::with_limit(4);
    let disjuncts = leapfrog_absint::recurrence::reachable_in_loop(&q, fid, l, &cfg, top, &from, None).unwrap();
    let holds = |x: i128| disjuncts.iter().any(|d| d.iter().all(|c| c.holds(|_| Some(rational(x))) == Some(true)));
    for x in [4, -5, 6, -7, 8, -9, 100, -101] {
        assert!(holds(x), "{x} is reached: {disjuncts:?}");
    }
    assert!(!holds(0), "0 is not reached: {disjuncts:?}");
    // A loop that ends from the given state reaches nothing but it.
    let (q, fid) = program(COUNT);
    let f = &q.funcs[fid];
    let forest = leapfrog_ir::loops::LoopForest::compute(f);
    let l = forest.loops.ids().next().unwrap();
    let i = q.vars.ids().find(|v| q.vars[*v].name == "i").unwrap();
    let from = std::collections::BTreeMap::from([(i, 10)]);
    let disjuncts =
        leapfrog_absint::recurrence::reachable_in_loop(&q, fid, l, &cfg, Octagon::top(), &from, None).unwrap();
    assert_eq!(disjuncts.len(), 1);
    let i_is_10 = |x: i128| disjuncts[0].iter().all(|c| c.holds(|_| Some(rational(x))) == Some(true));
    assert!(i_is_10(10) && !i_is_10(9) && !i_is_10(11), "{disjuncts:?}");
}

const CELL_COUNTER: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int a[2];\n  a[1] = 0;\n  int n = __VERIFIER_nondet_int();\n  int i = 0;\n  while (i < n) {\n    a[1] = a[1] + 1;\n    i++;\n  }\n  return a[1];\n}\n";

/// A ghost register standing for the `int` cell at byte `offset` of the local named `object`.
fn view_of(q: &mut Program, fid: FuncId, object: &str, offset: i128) -> leapfrog_ir::MemoryView {
    let object = q.vars.ids().find(|v| q.vars[*v].name == object).expect("the object");
    let mut var = q.vars[object].clone();
    var.name = format!("{}[{}]", var.name, offset / 4);
    var.ty = leapfrog_ir::VarTy::Reg(leapfrog_ir::Type::Int(leapfrog_arith::IntTy::I32));
    let var = q.vars.push(var);
    q.funcs[fid].locals.push(var);
    leapfrog_ir::MemoryView::at_offset(var, object, offset)
}

#[test]
fn facts_mention_a_viewed_memory_cell_only_when_it_is_given() {
    let (mut q, fid) = program(CELL_COUNTER);
    let views = vec![view_of(&mut q, fid, "a", 4)];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let with = leapfrog_absint::facts::octagon_facts(&q, fid, Semantics::Default, 32, &views, deadline).unwrap();
    let texts: Vec<&str> = with.iter().map(|(_, _, text)| text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("a[1]") && t.contains('i')), "facts: {texts:?}");
    let without = leapfrog_absint::facts::octagon_facts(&q, fid, Semantics::Default, 32, &[], deadline).unwrap();
    assert!(without.iter().all(|(_, _, text)| !text.contains("a[1]")), "facts: {without:?}");
}

#[test]
fn a_comparison_value_is_decided_where_the_ranges_decide_it() {
    // `negative = x < 0` with x in 100..599 is 0; `big = x > 300` is 0 or 1, and octagons tie
    // it to x (x - 300 * big is not octagonal, but big = 1 only above 300).
    let src = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  \
               if (x < 100 || x > 599) x = 500;\n  int negative = x < 0;\n  int big = x > 300;\n  int s = 0;\n  \
               while (s < 10) {\n    s++;\n  }\n  return negative + big + s + x;\n}\n";
    let (q, fid) = program(src);
    let cfg = Config::new(Semantics::Default);
    let r = analyze::<Octagon>(&q, fid, &cfg).unwrap();
    assert_eq!(range_at(&q, &r, 8, &[(1, "negative")]), bounds(Some(0), Some(0)));
    assert_eq!(range_at(&q, &r, 8, &[(1, "big")]), bounds(Some(0), Some(1)));
    // Each branch with what it tells: x - big is in 100..300 where big is 0, in 300..598
    // where it is 1 (without the split, x - big would go down to 99).
    assert_eq!(range_at(&q, &r, 8, &[(1, "x"), (-1, "big")]), bounds(Some(100), Some(598)));
}

const UNSIGNED_COUNTERS: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  unsigned long i = 0, n = 0;\n  while (__VERIFIER_nondet_int()) {\n    if (0 > (long)i || (long)i + 1 > 32)\n      return 0;\n    if (__VERIFIER_nondet_int()) {\n      n++;\n      i += 2;\n    } else {\n      n++;\n      i++;\n    }\n  }\n  return (int)n;\n}\n";

#[test]
fn a_signed_view_of_an_unsigned_counter_bounds_it_and_keeps_its_relations() {
    // `(long)i` is not affine in an unsigned `i` (it wraps past 2^63), but split by the windows
    // of `long` the comparison bounds `i`, so `i + 2` does not wrap and `n <= i` survives.
    let (q, fid) = program(UNSIGNED_COUNTERS);
    let cfg = Config::new(Semantics::Default);
    let r = analyze::<Octagon>(&q, fid, &cfg).unwrap();
    assert_eq!(range_at(&q, &r, 4, &[(1, "i")]), bounds(Some(0), Some(33)));
    assert_eq!(range_at(&q, &r, 4, &[(1, "i"), (-1, "n")]).lo, Some(rational(0)));
}
