//! The variance analysis (POPL'07) as a termination technique: which domain proves which loop,
//! and what is reported when a disjunct has no ranking function. (The pipeline's verdicts on
//! the paper's examples are in `crates/cli/tests/terminate.rs`; the checker's obligations in
//! `crates/certify/tests/termination.rs`.)

use leapfrog_arith::Semantics;
use leapfrog_certify::termination::{TerminationArgument, TerminationCertificate};
use leapfrog_certify::{CheckResult, check_termination};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, Program};
use leapfrog_smt::QueryLimits;
use leapfrog_terminate::variance::{self, Found, NotFound};
use std::time::{Duration, Instant};

mod common;

fn program(src: &str) -> (Program, FuncId, LoopForest) {
    let p = common::inlined(&format!("extern int __VERIFIER_nondet_int(void);\n{src}"));
    let fid = p.entry.expect("an entry");
    let forest = LoopForest::compute(&p.funcs[fid]);
    (p, fid, forest)
}

/// The variance argument for the first loop, with `domains`, re-checked when found.
fn find(src: &str, domains: &[&'static str]) -> Result<Found, NotFound> {
    let (p, fid, forest) = program(src);
    let l = forest.loops.ids().next().expect("a loop");
    let deadline = Instant::now() + Duration::from_secs(30);
    let found = variance::find(&p, fid, &forest, l, Semantics::Default, domains, deadline)?;
    let cert = TerminationCertificate {
        func: fid,
        header: forest.loops[l].header,
        invariants: vec![],
        transitions: vec![],
        argument: found.argument.clone(),
    };
    let r = check_termination(&p, &cert, Semantics::Default, QueryLimits::default(), Some(deadline));
    assert_eq!(r, CheckResult::Accepted, "the checker re-checks what the analysis found");
    Ok(found)
}

const POLYHEDRA_EXAMPLE: &str = "int main() {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(), z = __VERIFIER_nondet_int();
  while (x + y > z) {
    if (__VERIFIER_nondet_int()) { x = x - 1; } else { if (__VERIFIER_nondet_int()) { y = y - 1; } else { z = z + 1; } }
  }
  return 0;
}";

#[test]
fn the_polyhedra_example_needs_polyhedra() {
    // x + y - z decreases: a relation over three variables, which octagons cannot express.
    let octagon = find(POLYHEDRA_EXAMPLE, &["octagon"]);
    assert!(octagon.is_err(), "octagons alone prove it");
    let found = find(POLYHEDRA_EXAMPLE, &["polyhedra"]).map_err(|nf| nf.why).expect("polyhedra prove it");
    assert_eq!(found.domain, "polyhedra");
    let TerminationArgument::Variance(ds) = &found.argument else { panic!("not a variance argument") };
    assert!(!ds.is_empty());
    assert!(
        found.texts.iter().all(|(_, f)| f.contains('x') && f.contains('y') && f.contains('z')),
        "{:?}",
        found.texts
    );
}

#[test]
fn two_counters_need_two_disjuncts() {
    let src = "int main() {
      int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
      while (x > 0 && y > 0) { if (__VERIFIER_nondet_int()) { x = x - 1; y = __VERIFIER_nondet_int(); } else { y = y - 1; } }
      return 0;
    }";
    let found = find(src, &["octagon"]).map_err(|nf| nf.why).expect("octagons prove it");
    let rankings: Vec<&str> = found.texts.iter().map(|(_, f)| f.as_str()).collect();
    assert!(rankings.contains(&"x") && rankings.contains(&"y"), "{rankings:?}");
}

#[test]
fn an_unranked_disjunct_gives_a_suspect_pair() {
    // While y <= 0, x does not move: the variance assertion has a disjunct with x unchanged.
    let src = "int main() {
      int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
      while (x > 0) { if (y > 0) x = x - y; }
      return 0;
    }";
    let Err(nf) = find(src, &variance::DOMAINS) else { panic!("a non-terminating loop was proven") };
    let pair = nf.suspect_pair.expect("a suspect pair");
    // Two states over x and y; the earlier one enters the loop (x > 0).
    assert!(pair.earlier.len() == 2 && pair.later.len() == 2, "{pair:?}");
    assert!(pair.earlier.values().any(|x| *x > 0), "{pair:?}");
    assert!(nf.why.contains("has no linear ranking function"), "{}", nf.why);
}
