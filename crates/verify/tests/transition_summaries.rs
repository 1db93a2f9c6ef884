//! Loop summaries strengthened by transition invariants (TACAS'11 Algorithm 2): a program whose
//! assertion the state invariants cannot prove, but `max(x', y', z') > max(x, y, z)` can — and
//! the independent checker re-checks that transition invariant.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::DataModel;
use leapfrog_verify::{Options, Verdict, verify};
use std::time::Duration;

/// The loop runs forever or not at all (`c` never changes); each iteration raises the maximum of
/// `x, y, z`, so after it one of them is at least their maximum on entry, `m`.
fn program(assertion: &str) -> String {
    format!(
        "extern int __VERIFIER_nondet_int(void);\n\
         extern void __VERIFIER_assert(int);\n\
         int main(void) {{\n\
           int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), z = __VERIFIER_nondet_int();\n\
           if (x > 1000 || y > 1000 || z > 1000 || x < 0 || y < 0 || z < 0) return 0;\n\
           int c = __VERIFIER_nondet_int();\n\
           int m = x; if (y > m) m = y; if (z > m) m = z;\n\
           while (c) {{\n\
             if (x >= y && x >= z) y = x + 1; else if (y >= x && y >= z) z = y + 1; else x = z + 1;\n\
           }}\n\
           __VERIFIER_assert({assertion});\n\
           return 0;\n\
         }}\n"
    )
}

fn run(name: &str, assertion: &str) -> leapfrog_verify::Report {
    let dir = std::env::temp_dir().join(format!("lf-transition-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("max.c");
    std::fs::write(&path, program(assertion)).unwrap();
    let p = load_program(&[path], &FrontendOptions { data_model: DataModel::LP64, entry: None, ..Default::default() })
        .expect("loads");
    verify(&p, &Options { semantics: Semantics::Default, timeout: Duration::from_secs(20) })
}

#[test]
fn a_transition_invariant_proves_the_maximum_never_drops() {
    let r = run("safe", "x >= m || y >= m || z >= m");
    assert_eq!(r.verdict, Verdict::True, "{:?}", r.reason);
    let ti: Vec<&String> = r.certificate.iter().flat_map(|l| &l.transition_invariant).collect();
    assert!(ti.iter().any(|t| t.contains("max(x', y', z') > max(x, y, z)")), "{:?}", r.certificate);
}

#[test]
fn no_transition_invariant_proves_a_false_claim() {
    // Zero iterations keep x, y, z: `x > m` fails when x is the maximum.
    let r = run("unsafe", "x > m || y > m || z > m");
    assert_ne!(r.verdict, Verdict::True, "{:?}", r.certificate);
}
