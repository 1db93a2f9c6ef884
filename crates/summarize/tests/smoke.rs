//! Engine smoke tests on small C programs (no calls): invariants found, safety decided.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::{Program, types::DataModel};
use leapfrog_smt::QueryLimits;
use leapfrog_summarize::{
    Config, SafetyResult, analyze,
    bmc::{BmcResult, bmc},
};
use std::path::PathBuf;

fn load(src: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("lf-smoke-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("t{}.c", src.len()));
    std::fs::write(&path, src).unwrap();
    let opts = FrontendOptions { data_model: DataModel::LP64, entry: None, ..Default::default() };
    load_program(&[PathBuf::from(&path)], &opts).expect("loads")
}

fn cfg() -> Config {
    Config { semantics: Semantics::Default, limits: QueryLimits::default(), deadline: None }
}

const HEADER: &str = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n";

#[test]
fn counting_loop_is_safe() {
    let p = load(&format!(
        "{HEADER}int main() {{ int n = __VERIFIER_nondet_int(); if (n < 0) return 0; int i = 0; while (i < n) i++; __VERIFIER_assert(i == n); return 0; }}"
    ));
    let a = analyze(&p, p.entry.unwrap(), &cfg());
    for l in &a.loops {
        eprintln!("loop {:?}: {}", l.id, l.invariant.iter().map(|c| c.text.clone()).collect::<Vec<_>>().join(" && "));
    }
    assert!(matches!(a.safety, SafetyResult::Safe), "{:?} {:?}", a.safety, a.unsupported);
}

#[test]
fn off_by_one_is_found_by_bmc() {
    let p = load(&format!(
        "{HEADER}int main() {{ int i = 0; int s = 0; while (i < 5) {{ s += i; i++; }} __VERIFIER_assert(s != 10); return 0; }}"
    ));
    let a = analyze(&p, p.entry.unwrap(), &cfg());
    assert!(matches!(a.safety, SafetyResult::Reachable { .. }), "{:?}", a.safety);
    match bmc(&p, p.entry.unwrap(), 6, 100_000, &cfg()) {
        BmcResult::Found(i) => eprintln!("inputs {:?}", i.values),
        _ => panic!("bmc should find the failure"),
    }
}
