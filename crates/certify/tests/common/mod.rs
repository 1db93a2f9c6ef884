//! Helpers for the checker's tests: programs from C or IR text, variables and loops by name,
//! invariants built from expressions.
#![allow(dead_code)]

pub mod random_ir;

use leapfrog_certify::{CheckResult, SafetyCertificate, check_safety};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{CmpOp, Expr, FuncId, IntTy, LocId, Program, Semantics, VarId};
use leapfrog_smt::QueryLimits;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Lowers a C program (written to a temporary file).
pub fn c_program(src: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("leapfrog-certify-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let path: PathBuf = dir.join(format!("t{n}.c"));
    std::fs::write(&path, src).unwrap();
    let p = leapfrog_c_frontend::load_program(std::slice::from_ref(&path), &Default::default())
        .expect("the test program lowers");
    let _ = std::fs::remove_file(&path);
    p
}

pub fn ir_program(text: &str) -> Program {
    let p = leapfrog_ir::parse::parse_program(text).expect("the test IR parses");
    if let Err(errors) = leapfrog_ir::verify::verify_program(&p) {
        panic!("invalid test IR: {errors:?}");
    }
    p
}

pub fn main_of(p: &Program) -> FuncId {
    p.entry.expect("an entry function")
}

/// The variable of `main` (or a global) called `name` (the first one; not a front-end temporary).
pub fn var(p: &Program, name: &str) -> VarId {
    let f = main_of(p);
    p.vars
        .iter()
        .find(|(_, v)| {
            v.name == name && v.kind != leapfrog_ir::VarKind::Temp && (v.func == Some(f) || v.func.is_none())
        })
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no variable `{name}`"))
}

/// The loop headers of `main`, in the forest's order (outer loops before inner ones, in source
/// order).
pub fn headers(p: &Program) -> Vec<LocId> {
    let f = &p.funcs[main_of(p)];
    LoopForest::compute(f).loops.values().map(|l| l.header).collect()
}

pub fn v(p: &Program, name: &str) -> Expr {
    Expr::Var(var(p, name))
}

pub fn int(n: i128) -> Expr {
    Expr::Int(n, IntTy::I32)
}

pub fn uint(n: i128) -> Expr {
    Expr::Int(n, IntTy::U32)
}

pub fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    Expr::cmp(op, a, b)
}

/// `a && b` as an expression: the IR has no boolean connectives but negation, so
/// `(int)a + (int)b == 2`.
pub fn and(a: Expr, b: Expr) -> Expr {
    let ca = Expr::cast(IntTy::I32, a);
    let cb = Expr::cast(IntTy::I32, b);
    Expr::cmp(CmpOp::Eq, Expr::binary(leapfrog_ir::BinOp::Add, IntTy::I32, ca, cb), int(2))
}

pub fn limits() -> QueryLimits {
    QueryLimits { timeout: Duration::from_secs(20), rlimit: 0 }
}

pub fn check(p: &Program, invariants: Vec<(LocId, Expr)>, sem: Semantics) -> CheckResult {
    let cert = SafetyCertificate { func: main_of(p), invariants, transitions: Vec::new(), ghosts: Vec::new() };
    check_safety(p, &cert, sem, limits(), None)
}

pub fn assert_accepted(r: &CheckResult) {
    assert_eq!(*r, CheckResult::Accepted);
}

/// A rejection whose message contains `needle`.
pub fn assert_rejected(r: &CheckResult, needle: &str) {
    match r {
        CheckResult::Rejected(why) => assert!(why.contains(needle), "rejected, but for another reason: {why}"),
        other => panic!("expected a rejection mentioning {needle:?}, got {other:?}"),
    }
}

/// SplitMix64: small, seedable, good enough to generate programs.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// An index into a collection of `n` items.
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.index(xs.len())]
    }
}
