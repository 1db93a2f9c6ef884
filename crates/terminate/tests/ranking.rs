//! Ranking-function synthesis on small C loops: the functions found are evaluated on concrete
//! iterations (the lexicographic condition of the termination certificate), their shape is
//! checked where it is forced, and loops that do not terminate (or whose termination needs more
//! than the paths say) get no ranking function.

use leapfrog_arith::Semantics;
use leapfrog_certify::termination::LinearForm;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{CmpOp, Expr, FuncId, IntTy, LocId, LoopId, Program, VarId, VarKind};
use leapfrog_smt::QueryLimits;
use leapfrog_terminate::ranking::synthesize;
use std::collections::HashMap;
use std::time::{Duration, Instant};

mod common;

/// A C program, lowered and inlined.
struct Prog {
    p: Program,
    fid: FuncId,
    forest: LoopForest,
}

fn program(src: &str) -> Prog {
    let p = common::inlined(src);
    let fid = p.entry.expect("an entry function");
    let forest = LoopForest::compute(&p.funcs[fid]);
    Prog { p, fid, forest }
}

impl Prog {
    fn var(&self, name: &str) -> VarId {
        self.p
            .vars
            .iter()
            .find(|(_, v)| v.name == name && v.kind != VarKind::Temp)
            .map(|(id, _)| id)
            .unwrap_or_else(|| panic!("no variable `{name}`"))
    }

    /// The `k`-th loop in the forest's order (outer loops before inner ones, in source order).
    fn loop_(&self, k: usize) -> LoopId {
        self.forest.loops.ids().nth(k).expect("the loop exists")
    }

    fn header(&self, k: usize) -> LocId {
        self.forest.loops[self.loop_(k)].header
    }

    fn rank(&self, k: usize, invariants: &[(LocId, Expr)], sem: Semantics) -> Result<Vec<LinearForm>, String> {
        let deadline = Instant::now() + Duration::from_secs(60);
        synthesize(&self.p, self.fid, &self.forest, self.loop_(k), invariants, sem, deadline)
    }

    /// The invariants the summarization engine proves for every loop.
    fn summarized_invariants(&self, sem: Semantics) -> Vec<(LocId, Expr)> {
        let cfg = leapfrog_summarize::Config {
            semantics: sem,
            limits: QueryLimits::default(),
            deadline: Some(Instant::now() + Duration::from_secs(60)),
        };
        let a = leapfrog_summarize::analyze(&self.p, self.fid, &cfg);
        a.loops.iter().flat_map(|s| s.invariant.iter().map(move |c| (s.header, c.expr.clone()))).collect()
    }

    /// `form` as a map from variable names to coefficients, plus the constant.
    fn named(&self, form: &LinearForm) -> (HashMap<String, i128>, i128) {
        let terms = form.terms.iter().map(|(c, v)| (self.p.vars[*v].name.clone(), *c)).collect();
        (terms, form.constant)
    }
}

fn eval(form: &LinearForm, state: &HashMap<VarId, i128>) -> i128 {
    form.constant + form.terms.iter().map(|(c, v)| c * state.get(v).copied().unwrap_or(0)).sum::<i128>()
}

/// The certificate's condition for one iteration: some `j` with `f_j(X) ≥ 0`,
/// `f_j(X') ≤ f_j(X) − 1`, and `f_i(X') ≤ f_i(X)` for `i < j`.
fn ranks(forms: &[LinearForm], pre: &HashMap<VarId, i128>, post: &HashMap<VarId, i128>) -> bool {
    for f in forms {
        let (a, b) = (eval(f, pre), eval(f, post));
        if a >= 0 && b < a {
            return true;
        }
        if b > a {
            return false;
        }
    }
    false
}

/// A deterministic pseudo-random stream (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A value in `[lo, hi]`, often near the ends.
    fn range(&mut self, lo: i128, hi: i128) -> i128 {
        let span = (hi - lo) as u128 + 1;
        match self.next() % 4 {
            0 => lo + (self.next() % 3) as i128,
            1 => hi - (self.next() % 3) as i128,
            _ => lo + (u128::from(self.next()) % span) as i128,
        }
        .clamp(lo, hi)
    }
}

/// Checks the forms on `n` concrete iterations: `step` draws a pre-state from the generator
/// (`None` when the loop would not iterate from it) and returns it with its post-state.
fn check_iterations(
    forms: &[LinearForm],
    n: usize,
    mut step: impl FnMut(&mut Rng) -> Option<(HashMap<VarId, i128>, HashMap<VarId, i128>)>,
) {
    let mut rng = Rng(7);
    let mut checked = 0;
    for _ in 0..n * 20 {
        let Some((pre, post)) = step(&mut rng) else { continue };
        assert!(ranks(forms, &pre, &post), "{forms:?} does not rank {pre:?} -> {post:?}");
        checked += 1;
        if checked == n {
            break;
        }
    }
    assert!(checked >= n / 2, "too few iterations checked ({checked})");
}

const I32: (i128, i128) = (i32::MIN as i128, i32::MAX as i128);
const U32: (i128, i128) = (0, u32::MAX as i128);

fn ge(p: &Prog, name: &str, k: i128) -> Expr {
    Expr::cmp(CmpOp::Ge, Expr::Var(p.var(name)), Expr::Int(k, IntTy::I32))
}

#[test]
fn counting_up_to_n_is_ranked_by_n_minus_i() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); int i = nondet(); while (i < n) i++; return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (terms, _) = p.named(&forms[0]);
    assert_eq!(terms, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
    let (n, i) = (p.var("n"), p.var("i"));
    check_iterations(&forms, 200, |r| {
        let (nv, iv) = (r.range(I32.0, I32.1), r.range(I32.0, I32.1));
        (iv < nv).then(|| (HashMap::from([(n, nv), (i, iv)]), HashMap::from([(n, nv), (i, iv + 1)])))
    });
}

#[test]
fn subtracting_a_positive_step_needs_the_invariant() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); int y = nondet(); while (x > 0) { x = x - y; } return 0; }",
    );
    let err = p.rank(0, &[], Semantics::Default).unwrap_err();
    assert!(err.contains("no linear ranking function"), "{err}");
    let inv = vec![(p.header(0), ge(&p, "y", 1))];
    let forms = p.rank(0, &inv, Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (terms, _) = p.named(&forms[0]);
    assert_eq!(terms, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
    let (x, y) = (p.var("x"), p.var("y"));
    check_iterations(&forms, 200, |r| {
        let (xv, yv) = (r.range(-5, 1000), r.range(1, 50));
        (xv > 0).then(|| (HashMap::from([(x, xv), (y, yv)]), HashMap::from([(x, xv - yv), (y, yv)])))
    });
}

#[test]
fn the_summarized_invariant_supports_the_ranking_function() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); int y = 1; while (x > 0) { x = x - y; } return 0; }",
    );
    assert!(p.rank(0, &[], Semantics::Default).is_err());
    let inv = p.summarized_invariants(Semantics::Default);
    assert!(!inv.is_empty(), "the engine proves something about y");
    let forms = p.rank(0, &inv, Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (x, y) = (p.var("x"), p.var("y"));
    check_iterations(&forms, 100, |r| {
        let xv = r.range(-5, 1000);
        (xv > 0).then(|| (HashMap::from([(x, xv), (y, 1)]), HashMap::from([(x, xv - 1), (y, 1)])))
    });
}

#[test]
fn two_phase_loop_needs_a_lexicographic_function() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); int y = nondet();\n\
           while (x > 0) { if (y > 0) y--; else { x--; y = nondet(); } }\n\
           return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 2, "{forms:?}");
    assert_eq!(p.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
    assert_eq!(p.named(&forms[1]).0, HashMap::from([("y".to_string(), 1)]), "{forms:?}");
    let (x, y) = (p.var("x"), p.var("y"));
    check_iterations(&forms, 300, |r| {
        let (xv, yv) = (r.range(-3, 100), r.range(-100, 100));
        if xv <= 0 {
            return None;
        }
        let post = if yv > 0 { (xv, yv - 1) } else { (xv - 1, r.range(I32.0, I32.1)) };
        Some((HashMap::from([(x, xv), (y, yv)]), HashMap::from([(x, post.0), (y, post.1)])))
    });
}

#[test]
fn three_nested_phases_need_three_components() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); int y = nondet(); int z = nondet();\n\
           while (x > 0) {\n\
             if (z > 0) z--;\n\
             else if (y > 0) { y--; z = nondet(); }\n\
             else { x--; y = nondet(); z = nondet(); }\n\
           }\n\
           return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 3, "{forms:?}");
    let (x, y, z) = (p.var("x"), p.var("y"), p.var("z"));
    check_iterations(&forms, 300, |r| {
        let (xv, yv, zv) = (r.range(-3, 100), r.range(-100, 100), r.range(-100, 100));
        if xv <= 0 {
            return None;
        }
        let post = if zv > 0 {
            (xv, yv, zv - 1)
        } else if yv > 0 {
            (xv, yv - 1, r.range(I32.0, I32.1))
        } else {
            (xv - 1, r.range(I32.0, I32.1), r.range(I32.0, I32.1))
        };
        Some((HashMap::from([(x, xv), (y, yv), (z, zv)]), HashMap::from([(x, post.0), (y, post.1), (z, post.2)])))
    });
}

#[test]
fn unsigned_char_below_300_wraps_and_gets_no_ranking_function() {
    let p = program("int main() { for (unsigned char c = 0; c < 300; c++) ; return 0; }");
    let err = p.rank(0, &[], Semantics::Default).unwrap_err();
    assert!(err.contains("ranking function"), "{err}");
    let err = p.rank(0, &[], Semantics::BitPrecise).unwrap_err();
    assert!(err.contains("ranking function"), "{err}");
}

#[test]
fn unsigned_char_below_200_is_ranked() {
    let p = program("int main() { for (unsigned char c = 0; c < 200; c++) ; return 0; }");
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let c = p.var("c");
    check_iterations(&forms, 200, |r| {
        let cv = r.range(0, 255);
        (cv < 200).then(|| (HashMap::from([(c, cv)]), HashMap::from([(c, (cv + 1) % 256)])))
    });
}

#[test]
fn unsigned_counter_below_unsigned_bound_is_ranked() {
    let p = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned n = nondet(); for (unsigned i = 0; i < n; i++) ; return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (terms, _) = p.named(&forms[0]);
    assert_eq!(terms, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
    let (n, i) = (p.var("n"), p.var("i"));
    check_iterations(&forms, 200, |r| {
        let (nv, iv) = (r.range(U32.0, U32.1), r.range(U32.0, U32.1));
        (iv < nv).then(|| (HashMap::from([(n, nv), (i, iv)]), HashMap::from([(n, nv), (i, (iv + 1) % (1 << 32))])))
    });
}

#[test]
fn unsigned_counter_up_to_and_including_max_wraps() {
    // i <= n with n = UINT_MAX never ends: i wraps to 0.
    let p = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned n = nondet(); for (unsigned i = 0; i <= n; i++) ; return 0; }",
    );
    assert!(p.rank(0, &[], Semantics::Default).is_err());
}

#[test]
fn signed_counter_up_to_and_including_n_depends_on_the_semantics() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); for (int i = 0; i <= n; i++) ; return 0; }",
    );
    // Default: i + 1 beyond INT_MAX is undefined behaviour, not a wrap: n - i + 1 ranks it.
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (n, i) = (p.var("n"), p.var("i"));
    check_iterations(&forms, 200, |r| {
        let (nv, iv) = (r.range(I32.0, I32.1), r.range(I32.0, I32.1));
        (iv <= nv && iv < I32.1).then(|| (HashMap::from([(n, nv), (i, iv)]), HashMap::from([(n, nv), (i, iv + 1)])))
    });
    // Bit-precise: with n = INT_MAX, i wraps to INT_MIN and the loop never ends.
    assert!(p.rank(0, &[], Semantics::BitPrecise).is_err());
}

#[test]
fn signed_counter_below_n_is_ranked_under_both_semantics() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); for (int i = 0; i < n; i++) ; return 0; }",
    );
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        let forms = p.rank(0, &[], sem).unwrap();
        assert_eq!(forms.len(), 1, "{forms:?}");
        let (terms, _) = p.named(&forms[0]);
        assert_eq!(terms, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
    }
}

#[test]
fn nested_loops_outer_is_ranked_whatever_the_inner_loop_does() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); int i, j;\n\
           for (i = 0; i < n; i++) for (j = 0; j < i; j++) ;\n\
           return 0; }",
    );
    let outer = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(outer.len(), 1, "{outer:?}");
    assert_eq!(p.named(&outer[0]).0, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{outer:?}");
    let inner = p.rank(1, &[], Semantics::Default).unwrap();
    assert_eq!(inner.len(), 1, "{inner:?}");
    assert_eq!(p.named(&inner[0]).0, HashMap::from([("i".to_string(), 1), ("j".to_string(), -1)]), "{inner:?}");
    let (n, i, j) = (p.var("n"), p.var("i"), p.var("j"));
    check_iterations(&outer, 200, |r| {
        let (nv, iv, jv) = (r.range(-10, 100), r.range(-10, 100), r.range(I32.0, I32.1));
        (iv < nv).then(|| {
            let jpost = iv.max(0);
            (HashMap::from([(n, nv), (i, iv), (j, jv)]), HashMap::from([(n, nv), (i, iv + 1), (j, jpost)]))
        })
    });
}

#[test]
fn inner_loops_are_crossed_by_havoc_and_their_invariant() {
    // The inner loop only changes j: the outer loop keeps n - i.
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); int i = 0; int j;\n\
           while (i < n) { j = nondet(); while (j > 0) j--; i++; }\n\
           return 0; }",
    );
    let outer = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(p.named(&outer[0]).0, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{outer:?}");
    // The inner loop computes the step: after it, only its invariant (k >= 1) bounds k.
    let q = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); int k;\n\
           while (x > 0) { k = 1; while (nondet()) k = k + 1; x = x - k; }\n\
           return 0; }",
    );
    let err = q.rank(0, &[], Semantics::Default).unwrap_err();
    assert!(err.contains("ranking function"), "{err}");
    let inv = vec![(q.header(1), ge(&q, "k", 1))];
    let forms = q.rank(0, &inv, Semantics::Default).unwrap();
    assert_eq!(q.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
    // An invariant k >= 1 of the outer header gives another argument: k + x decreases by the
    // pre-state's k (and the post-state's k is the inner loop's, which the invariant covers next).
    let outer_inv = vec![(q.header(0), ge(&q, "k", 1))];
    let forms = q.rank(0, &outer_inv, Semantics::Default).unwrap();
    assert_eq!(q.named(&forms[0]).0, HashMap::from([("x".to_string(), 1), ("k".to_string(), 1)]), "{forms:?}");
    // The summarization engine proves k >= 1 (or something as strong) at the inner header.
    let summarized = q.summarized_invariants(Semantics::Default);
    let forms = q.rank(0, &summarized, Semantics::Default).unwrap();
    let (x, k) = (q.var("x"), q.var("k"));
    check_iterations(&forms, 200, |r| {
        let (xv, kv) = (r.range(-3, 1000), r.range(I32.0, I32.1));
        let step = r.range(1, 20);
        (xv > 0).then(|| (HashMap::from([(x, xv), (k, kv)]), HashMap::from([(x, xv - step), (k, step)])))
    });
}

#[test]
fn counting_down_to_zero_with_not_equal() {
    // Signed: x may start negative and never reach 0 (mathematically).
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); while (x != 0) x--; return 0; }",
    );
    let err = p.rank(0, &[], Semantics::Default).unwrap_err();
    assert!(err.contains("ranking function"), "{err}");
    // ... unless the invariant says x >= 0.
    let inv = vec![(p.header(0), ge(&p, "x", 0))];
    let forms = p.rank(0, &inv, Semantics::Default).unwrap();
    assert_eq!(p.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
    // Unsigned: x >= 1 on every iteration, so x - 1 does not wrap.
    let q = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned x = nondet(); while (x != 0) x--; return 0; }",
    );
    let forms = q.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(q.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
}

#[test]
fn unsigned_decrement_guarded_by_a_tautology_never_ends() {
    let p = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned x = nondet(); while (x >= 0) x--; return 0; }",
    );
    assert!(p.rank(0, &[], Semantics::Default).is_err());
    let q = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned x = nondet(); while (x < 10) x--; return 0; }",
    );
    // x < 10 then x - 1: 0 wraps to UINT_MAX, which leaves the loop; from 1..9 it decreases, but
    // x = 0 -> UINT_MAX is an iteration too and nothing linear decreases on it and on the others.
    // A lexicographic function exists: first component -x ... is not bounded; check that what is
    // returned, if anything, is right.
    if let Ok(forms) = q.rank(0, &[], Semantics::Default) {
        let x = q.var("x");
        check_iterations(&forms, 10, |r| {
            let xv = r.range(0, 9);
            let post = if xv == 0 { U32.1 } else { xv - 1 };
            Some((HashMap::from([(x, xv)]), HashMap::from([(x, post)])))
        });
    }
}

#[test]
fn halving_is_ranked() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); while (x > 1) x = x / 2; return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let x = p.var("x");
    check_iterations(&forms, 200, |r| {
        let xv = r.range(-5, I32.1);
        (xv > 1).then(|| (HashMap::from([(x, xv)]), HashMap::from([(x, xv / 2)])))
    });
    let q = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned x = nondet(); while (x != 0) x = x >> 1; return 0; }",
    );
    let forms = q.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(q.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
}

#[test]
fn loads_and_products_are_over_approximated() {
    let p = program(
        "extern int nondet(void);\n\
         int a[100];\n\
         int main() { int n = nondet(); int s = 0; int k = nondet(); int j = nondet();\n\
           for (int i = 0; i < n; i++) { s = s + a[i % 100]; k = k * j + s; }\n\
           return s + k; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    // Irrelevant variables stay out.
    assert_eq!(p.named(&forms[0]).0, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
}

#[test]
fn a_loop_that_only_changes_memory_is_not_ranked() {
    let p = program(
        "extern int nondet(void);\n\
         int a[2];\n\
         int main() { a[0] = nondet(); while (a[0] > 0) { a[0] = a[0] - 1; } return 0; }",
    );
    assert!(p.rank(0, &[], Semantics::Default).is_err());
}

#[test]
fn break_and_continue_paths() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int i = 0; int n = nondet();\n\
           while (1) { if (i >= n) break; if (nondet()) { i += 2; continue; } i++; }\n\
           return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(forms.len(), 1, "{forms:?}");
    let (n, i) = (p.var("n"), p.var("i"));
    check_iterations(&forms, 200, |r| {
        let (nv, iv) = (r.range(-100, 100), r.range(-100, 100));
        let step = if r.next() % 2 == 0 { 1 } else { 2 };
        (iv < nv).then(|| (HashMap::from([(n, nv), (i, iv)]), HashMap::from([(n, nv), (i, iv + step)])))
    });
}

#[test]
fn a_loop_that_cannot_iterate_gets_a_trivial_function() {
    // No path of the body returns to the header: the condition is vacuous.
    let p = program(
        "extern int nondet(void);\n\
         int main() { int i = nondet(); while (i < 0 && i > 0) i++;\n\
           while (i < 10) { if (i >= 0) break; if (i < 0) return 1; i++; }\n\
           return 0; }",
    );
    for k in 0..2 {
        let forms = p.rank(k, &[], Semantics::Default).unwrap();
        assert_eq!(forms, vec![LinearForm::default()]);
    }
}

#[test]
fn subtractive_gcd_needs_positive_operands() {
    let src = "extern int nondet(void);\n\
         int main() { int a = nondet(), b = nondet(); if (a <= 0 || b <= 0) return 0;\n\
           while (a != b) { if (a > b) a = a - b; else b = b - a; }\n\
           return 0; }";
    let p = program(src);
    assert!(p.rank(0, &[], Semantics::Default).is_err());
    let inv = vec![(p.header(0), ge(&p, "a", 1)), (p.header(0), ge(&p, "b", 1))];
    let forms = p.rank(0, &inv, Semantics::Default).unwrap();
    let (a, b) = (p.var("a"), p.var("b"));
    check_iterations(&forms, 300, |r| {
        let (av, bv) = (r.range(1, 1000), r.range(1, 1000));
        if av == bv {
            return None;
        }
        let post = if av > bv { (av - bv, bv) } else { (av, bv - av) };
        Some((HashMap::from([(a, av), (b, bv)]), HashMap::from([(a, post.0), (b, post.1)])))
    });
    // The summarized invariant (a >= 1, b >= 1 or similar) is enough too.
    let summarized = p.summarized_invariants(Semantics::Default);
    assert!(p.rank(0, &summarized, Semantics::Default).is_ok());
    // Unsigned, without the precondition: a = 0 < b loops forever.
    let q = program(
        "extern unsigned nondet(void);\n\
         int main() { unsigned a = nondet(), b = nondet();\n\
           while (a != b) { if (a > b) a = a - b; else b = b - a; }\n\
           return 0; }",
    );
    assert!(q.rank(0, &[], Semantics::Default).is_err());
}

#[test]
fn a_failing_assertion_ends_the_execution() {
    // Only executions where the assertion holds continue: y >= 1 then decreases x.
    let p = program(
        "extern int nondet(void);\n\
         void reach_error(void);\n\
         void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }\n\
         int main() { int x = nondet(); while (x > 0) { int y = nondet(); __VERIFIER_assert(y >= 1); x = x - y; }\n\
           return 0; }",
    );
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(p.named(&forms[0]).0, HashMap::from([("x".to_string(), 1)]), "{forms:?}");
    // Without the assertion nothing bounds the step.
    let q = program(
        "extern int nondet(void);\n\
         int main() { int x = nondet(); while (x > 0) { int y = nondet(); x = x - y; } return 0; }",
    );
    assert!(q.rank(0, &[], Semantics::Default).is_err());
}

#[test]
fn signed_char_arithmetic_wraps_only_under_bit_precise_semantics() {
    // (signed char)(c + 1) wraps 127 -> -128 under both semantics (a conversion), so the loop
    // never ends when n > 127.
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); signed char c = 0; while (c < n) c++; return 0; }",
    );
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        assert!(p.rank(0, &[], sem).is_err(), "{sem:?}");
    }
    let inv = vec![(p.header(0), Expr::cmp(CmpOp::Le, Expr::Var(p.var("n")), Expr::Int(127, IntTy::I32)))];
    let forms = p.rank(0, &inv, Semantics::Default).unwrap();
    let (n, c) = (p.var("n"), p.var("c"));
    check_iterations(&forms, 200, |r| {
        let (nv, cv) = (r.range(-300, 127), r.range(-128, 127));
        (cv < nv).then(|| (HashMap::from([(n, nv), (c, cv)]), HashMap::from([(n, nv), (c, cv + 1)])))
    });
    // A long counter: i + 1 overflows only at LONG_MAX, which i < n excludes.
    let q = program(
        "extern long nondet(void);\n\
         int main() { long n = nondet(); for (long i = 0; i < n; i += 1) ; return 0; }",
    );
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        let forms = q.rank(0, &[], sem).unwrap();
        assert_eq!(q.named(&forms[0]).0, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
    }
}

#[test]
fn many_independent_branches_are_many_paths() {
    // 2^7 paths: ranked; 2^12: too many.
    let body = |k: usize| "if (nondet()) x++; else y++;\n".repeat(k);
    let src = |k: usize| {
        format!(
            "extern int nondet(void);\n\
             int main() {{ int i = 0, n = nondet(), x = 0, y = 0; while (i < n) {{ {} i++; }} return 0; }}",
            body(k)
        )
    };
    let p = program(&src(7));
    let forms = p.rank(0, &[], Semantics::Default).unwrap();
    assert_eq!(p.named(&forms[0]).0, HashMap::from([("n".to_string(), 1), ("i".to_string(), -1)]), "{forms:?}");
    let q = program(&src(12));
    let err = q.rank(0, &[], Semantics::Default).unwrap_err();
    assert!(err.contains("too many paths"), "{err}");
}

#[test]
fn irreducible_loops_are_refused() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int i = nondet(), n = nondet();\n\
           if (nondet()) goto inside;\n\
           while (i < n) { i++; inside: i++; }\n\
           return 0; }",
    );
    for k in 0..p.forest.loops.len() {
        if let Err(e) = p.rank(k, &[], Semantics::Default) {
            assert!(e.contains("irreducible"), "{e}");
        }
    }
    assert!(p.forest.loops.values().any(|l| l.irreducible));
    let irreducible = p.forest.loops.ids().position(|l| p.forest.loops[l].irreducible).unwrap();
    assert!(p.rank(irreducible, &[], Semantics::Default).is_err());
}

#[test]
fn bad_arguments_and_an_expired_deadline_are_errors_not_panics() {
    let p = program(
        "extern int nondet(void);\n\
         int main() { int n = nondet(); int i = 0; while (i < n) i++; return 0; }",
    );
    let past = Instant::now() - Duration::from_millis(1);
    assert!(synthesize(&p.p, p.fid, &p.forest, p.loop_(0), &[], Semantics::Default, past).is_err());
    let far = Instant::now() + Duration::from_secs(10);
    assert!(synthesize(&p.p, p.fid, &p.forest, LoopId(99), &[], Semantics::Default, far).is_err());
    assert!(synthesize(&p.p, FuncId(999), &p.forest, p.loop_(0), &[], Semantics::Default, far).is_err());
    // Invariants at unrelated locations, or mentioning unknown variables, are harmless.
    let junk = vec![
        (LocId(9999), Expr::Bool(false)),
        (p.header(0), Expr::cmp(CmpOp::Eq, Expr::Var(VarId(9999)), Expr::Int(0, IntTy::I32))),
    ];
    let forms = synthesize(&p.p, p.fid, &p.forest, p.loop_(0), &junk, Semantics::Default, far).unwrap();
    assert_eq!(forms.len(), 1);
    // Deeply nested invariants: a long conjunction is split, a deep sum is dropped.
    let i = Expr::Var(p.var("i"));
    let mut deep = i.clone();
    for _ in 0..1000 {
        deep = Expr::binary(leapfrog_ir::BinOp::Add, IntTy::I32, deep, Expr::Int(1, IntTy::I32));
    }
    let mut conj = Expr::cmp(CmpOp::Ge, deep, i.clone());
    for _ in 0..1000 {
        conj = leapfrog_summarize::candidates::and(conj, Expr::cmp(CmpOp::Ge, i.clone(), Expr::Int(-5, IntTy::I32)));
    }
    let forms =
        synthesize(&p.p, p.fid, &p.forest, p.loop_(0), &[(p.header(0), conj)], Semantics::Default, far).unwrap();
    assert_eq!(forms.len(), 1);
}
