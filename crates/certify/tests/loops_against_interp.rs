//! Soundness of the loop rule against the interpreter: generated programs with loops (counters,
//! sums, conditional updates, `break`, nested loops, unsigned counters, arrays), each checked
//! with random conjunctions of candidate invariants. Whenever the checker accepts a certificate,
//! random runs of the interpreter must never fail an assertion. The candidates include the ones
//! that make the assertion provable, so acceptances are frequent.
//!
//! `LEAPFROG_CERTIFY_LOOP_PROGRAMS=n` changes the number of programs.

mod common;

use common::{Rng, c_program, headers, var};
use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety};
use leapfrog_interp::{ExecConfig, Outcome, UninitMode, run};
use leapfrog_ir::{BinOp, CmpOp, Expr, IntTy, LocId, Program, Semantics};
use std::time::Duration;

/// A candidate invariant atom, built once the program is lowered.
#[derive(Clone, Debug)]
enum Atom {
    /// `x op k` for an `int` variable.
    Int(&'static str, CmpOp, i128),
    /// `x op y` for `int` variables.
    Vars(&'static str, CmpOp, &'static str),
    /// `x == k * y` for `int` variables.
    Times(&'static str, i128, &'static str),
    /// `x == k * y + z` for `int` variables.
    Lin(&'static str, i128, &'static str, &'static str),
    /// `u op k` for an `unsigned` variable.
    Unsigned(&'static str, CmpOp, i128),
    /// `u == (unsigned) y`.
    UnsignedIs(&'static str, &'static str),
}

impl Atom {
    fn expr(&self, p: &Program) -> Expr {
        let v = |n: &str| Expr::Var(var(p, n));
        let i = |k: i128| Expr::Int(k, IntTy::I32);
        match self {
            Atom::Int(x, op, k) => Expr::cmp(*op, v(x), i(*k)),
            Atom::Vars(x, op, y) => Expr::cmp(*op, v(x), v(y)),
            Atom::Times(x, k, y) => Expr::cmp(CmpOp::Eq, v(x), Expr::binary(BinOp::Mul, IntTy::I32, i(*k), v(y))),
            Atom::Lin(x, k, y, z) => {
                let ky = Expr::binary(BinOp::Mul, IntTy::I32, i(*k), v(y));
                Expr::cmp(CmpOp::Eq, v(x), Expr::binary(BinOp::Add, IntTy::I32, ky, v(z)))
            }
            Atom::Unsigned(u, op, k) => Expr::cmp(*op, v(u), Expr::Int(*k, IntTy::U32)),
            Atom::UnsignedIs(u, y) => Expr::cmp(CmpOp::Eq, v(u), Expr::cast(IntTy::U32, v(y))),
        }
    }
}

/// The conjunction of `atoms` (the IR has no `&&`: `(int)a + (int)b + ... == n`).
fn conjunction(p: &Program, atoms: &[Atom]) -> Expr {
    let mut sum = Expr::Int(0, IntTy::I32);
    for a in atoms {
        sum = Expr::binary(BinOp::Add, IntTy::I32, sum, Expr::cast(IntTy::I32, a.expr(p)));
    }
    Expr::cmp(CmpOp::Eq, sum, Expr::Int(atoms.len() as i128, IntTy::I32))
}

struct LoopProgram {
    src: String,
    /// Candidate atoms per loop, outer loop first (the forest's order).
    atoms: Vec<Vec<Atom>>,
}

const PRELUDE: &str = "extern int __VERIFIER_nondet_int(void);\nextern void __VERIFIER_assert(int);\n";

fn generate(rng: &mut Rng) -> LoopProgram {
    use Atom::*;
    let bound = 1 + rng.below(30) as i128;
    let mut body = String::new();
    let mut atoms = vec![
        Vars("i", CmpOp::Le, "n"),
        Int("i", CmpOp::Ge, 0),
        Int("n", CmpOp::Le, bound),
        Int("n", CmpOp::Ge, 0),
        Int("x", CmpOp::Eq, 7),
        Int("t", CmpOp::Ge, 0),
        Vars("t", CmpOp::Le, "i"),
        Int("s", CmpOp::Ge, 0),
    ];
    let mut asserts = vec!["i >= 0", "x == 7"];
    let k = 1 + rng.below(3) as i128;
    // The sum: s == k * i, unless it is updated conditionally (then only s >= 0... or not even).
    match rng.below(4) {
        0 => {
            body.push_str(&format!("    if (__VERIFIER_nondet_int()) s += {k};\n"));
            asserts.push("s >= 0");
        }
        1 => {
            // A wrong atom candidate: s == k * i does not hold.
            body.push_str(&format!("    s += {k}; if (i == 3) s = s + 1;\n"));
            atoms.push(Times("s", k, "i"));
            asserts.push("s >= 0");
        }
        _ => {
            body.push_str(&format!("    s += {k};\n"));
            atoms.push(Times("s", k, "i"));
            asserts.push(["s >= 0", "s == SK * n", "s <= SK * n"][rng.below(3) as usize]);
        }
    }
    if rng.chance(60) {
        body.push_str("    if (__VERIFIER_nondet_int()) t++;\n");
        asserts.push("t <= n");
    }
    let unsigned_wrap = rng.chance(20);
    if unsigned_wrap {
        // u starts high and wraps around: u == (unsigned)i does not hold, u <= 10 is not
        // preserved.
        body.push_str("    u = u - 1;\n");
        atoms.push(Unsigned("u", CmpOp::Le, 10));
        atoms.push(UnsignedIs("u", "i"));
        asserts.push("u <= 10u");
    } else {
        body.push_str("    u = u + 1;\n");
        atoms.push(UnsignedIs("u", "i"));
        atoms.push(Unsigned("u", CmpOp::Le, bound));
        asserts.push(["u == n", "u <= 30u", "u >= 0u"][rng.below(3) as usize]);
    }
    let has_break = rng.chance(30);
    if has_break {
        body.push_str("    if (__VERIFIER_nondet_int() == 5) break;\n");
    } else {
        asserts.push("i == n");
    }
    if rng.chance(25) {
        body.push_str("    a[i % 4] = i;\n");
        asserts.push("a[0] >= 0 || i > 0");
    }
    let nested = rng.chance(35);
    let mut inner_atoms = vec![];
    let m = 1 + rng.below(5);
    if nested {
        body.push_str(&format!("    int j = 0;\n    while (j < {m}) {{ w++; j++; }}\n"));
        atoms.push(Int("w", CmpOp::Ge, 0));
        atoms.push(Times("w", m as i128, "i"));
        inner_atoms = vec![
            Int("j", CmpOp::Ge, 0),
            Int("j", CmpOp::Le, m as i128),
            Int("w", CmpOp::Ge, 0),
            Lin("w", m as i128, "i", "j"),
            Vars("i", CmpOp::Lt, "n"),
            Int("x", CmpOp::Eq, 7),
            Int("i", CmpOp::Ge, 0),
            Vars("i", CmpOp::Le, "n"),
        ];
        asserts.push("w >= 0");
        if !has_break {
            asserts.push(["w == WM * n", "w >= 0"][rng.below(2) as usize]);
        }
    }
    let assert =
        asserts[rng.below(asserts.len() as u64) as usize].replace("SK", &k.to_string()).replace("WM", &m.to_string());
    let src = format!(
        "{PRELUDE}int main() {{
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > {bound}) return 0;
  int a[4] = {{0, 0, 0, 0}};
  int i = 0, s = 0, t = 0, x = 7, w = 0;
  unsigned u = {u0};
  while (i < n) {{
{body}    i++;
  }}
  __VERIFIER_assert({assert});
  return 0;
}}
",
        u0 = if unsigned_wrap { "3u" } else { "0u" }
    );
    let mut all = vec![atoms];
    if nested {
        all.push(inner_atoms);
    }
    LoopProgram { src, atoms: all }
}

fn random_inputs(rng: &mut Rng) -> Vec<i128> {
    (0..200).map(|_| if rng.chance(70) { (rng.below(40) as i128) - 5 } else { rng.next() as i32 as i128 }).collect()
}

#[test]
fn accepted_loop_certificates_never_fail_in_the_interpreter() {
    let programs: u64 = std::env::var("LEAPFROG_CERTIFY_LOOP_PROGRAMS").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let limits = leapfrog_smt::QueryLimits { timeout: Duration::from_secs(2), rlimit: 0 };
    let (mut accepted, mut rejected, mut unknown, mut runs) = (0, 0, 0, 0);
    let mut failures = String::new();
    for seed in 0..programs {
        let mut rng = Rng(seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0xC0FFEE);
        let g = generate(&mut rng);
        let p = c_program(&g.src);
        let hs: Vec<LocId> = headers(&p);
        assert_eq!(hs.len(), g.atoms.len(), "{}", g.src);
        for attempt in 0..5 {
            // The first attempt takes every candidate (often inductive when all hold); then
            // random subsets.
            let invariants: Vec<(LocId, Expr)> = hs
                .iter()
                .zip(&g.atoms)
                .map(|(h, atoms)| {
                    let chosen: Vec<Atom> = atoms.iter().filter(|_| attempt == 0 || rng.chance(60)).cloned().collect();
                    (*h, conjunction(&p, &chosen))
                })
                .collect();
            for sem in [Semantics::Default, Semantics::BitPrecise] {
                let cert = SafetyCertificate {
                    func: p.entry.unwrap(),
                    invariants: invariants.clone(),
                    transitions: Vec::new(),
                    ghosts: Vec::new(),
                };
                let t0 = std::time::Instant::now();
                let r = check_safety(&p, &cert, sem, limits, None);
                if std::env::var("LEAPFROG_CERTIFY_TIMES").is_ok() {
                    eprintln!("{sem:?} {:?} {}", t0.elapsed(), matches!(r, CheckResult::Accepted));
                }
                match r {
                    CheckResult::Accepted => {
                        accepted += 1;
                        for _ in 0..20 {
                            let inputs = random_inputs(&mut rng);
                            let cfg = ExecConfig {
                                nondet: inputs.clone(),
                                uninit: UninitMode::Nondet,
                                semantics: sem,
                                ..ExecConfig::default()
                            };
                            runs += 1;
                            if let Outcome::Error { span, .. } = run(&p, &cfg).outcome {
                                failures.push_str(&format!(
                                    "seed {seed} ({sem:?}): accepted, but the assertion at {} fails on {inputs:?}\n{}\n\
                                     invariants: {:?}\n",
                                    p.files.display(span),
                                    g.src,
                                    invariants
                                ));
                            }
                        }
                    }
                    CheckResult::Rejected(why) => {
                        rejected += 1;
                        if attempt == 0 && std::env::var("LEAPFROG_CERTIFY_VERBOSE").is_ok() {
                            eprintln!("seed {seed} {sem:?}: {why}\n{}", g.src);
                        }
                    }
                    CheckResult::Unknown(_) => unknown += 1,
                }
            }
        }
    }
    eprintln!("{programs} programs: {accepted} accepted, {rejected} rejected, {unknown} unknown; {runs} runs");
    assert!(failures.is_empty(), "{failures}");
    assert!(accepted >= programs as usize / 2, "too few acceptances to mean anything");
    assert!(rejected >= programs as usize, "too few rejections to mean anything");
}
