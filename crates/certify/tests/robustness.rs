//! Random IR functions (random control flow with loops, every kind of command and expression,
//! random and ill-typed invariants): the checker and the counterexample search must answer
//! without an internal error (a caught panic). `LEAPFROG_CERTIFY_FUZZ=n` runs more of them.

mod common;

use common::random_ir::{Rng, Vars, cond_expr, random_program};
use leapfrog_certify::{CheckResult, CounterexampleResult, SafetyCertificate, check_safety, loop_free_counterexample};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Expr, IntTy, LocId, Semantics};
use leapfrog_smt::QueryLimits;
use std::time::{Duration, Instant};

#[test]
fn random_functions_never_break_the_checker() {
    let count = std::env::var("LEAPFROG_CERTIFY_FUZZ").ok().and_then(|s| s.parse().ok()).unwrap_or(300u64);
    let limits = QueryLimits { timeout: Duration::from_millis(100), rlimit: 2_000_000 };
    let (mut valid, mut decided) = (0, 0);
    for seed in 1..=count {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let p = random_program(&mut rng);
        if leapfrog_ir::verify::verify_program(&p).is_ok() {
            valid += 1;
        }
        let main = leapfrog_ir::FuncId(1);
        let forest = LoopForest::compute(&p.funcs[main]);
        let vars = Vars {
            ints: p.vars.iter().filter_map(|(v, var)| var.ty.reg().and_then(|t| t.as_int()).map(|t| (v, t))).collect(),
            conds: vec![],
            ptrs: vec![],
            floats: vec![],
            mems: vec![],
        };
        let mut invariants: Vec<(LocId, Expr)> =
            forest.loops.values().map(|l| (l.header, cond_expr(&mut rng, &vars, 2))).collect();
        if rng.below(5) == 0 {
            // Ill-formed: not a header, not a condition.
            invariants.push((LocId(rng.below(20) as u32), Expr::Int(1, IntTy::I32)));
        }
        for sem in [Semantics::Default, Semantics::BitPrecise] {
            let deadline = Some(Instant::now() + Duration::from_millis(500));
            let cert = SafetyCertificate {
                func: main,
                invariants: invariants.clone(),
                transitions: Vec::new(),
                ghosts: Vec::new(),
            };
            let r = check_safety(&p, &cert, sem, limits, deadline);
            if let CheckResult::Unknown(why) = &r {
                assert!(
                    !why.contains("internal error"),
                    "seed {seed}: {why}\n{}",
                    leapfrog_ir::print::program_to_string(&p)
                );
            } else {
                decided += 1;
            }
            if let CounterexampleResult::Unknown(why) = loop_free_counterexample(&p, main, sem, limits, deadline) {
                assert!(
                    !why.contains("internal error"),
                    "seed {seed}: {why}\n{}",
                    leapfrog_ir::print::program_to_string(&p)
                );
            }
        }
    }
    eprintln!("{count} programs, {valid} valid IR, {decided} checks decided");
    assert!(valid * 2 >= count, "the generator should make mostly valid IR ({valid} of {count})");
    assert!(decided > 0);
}
