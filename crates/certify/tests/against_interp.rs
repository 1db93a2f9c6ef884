//! The checker's encoding against the interpreter, on generated and hand-written loop-free C
//! programs, under both semantics:
//! - a counterexample the encoding finds, replayed by `leapfrog_interp::run`, must fail the same
//!   assertion;
//! - when the encoding finds none (or the checker accepts the empty certificate), random runs of
//!   the interpreter must never fail an assertion;
//! - the two uses agree: an accepted program has no counterexample.
//!
//! `LEAPFROG_CERTIFY_PROGRAMS=n` changes the number of generated programs,
//! `LEAPFROG_CERTIFY_SEED=s` the seed, `LEAPFROG_CERTIFY_ONLY=i` runs program `i` alone,
//! `LEAPFROG_CERTIFY_VERBOSE=1` prints every program, `LEAPFROG_CERTIFY_TIMES=1` the time of each query.

mod common;

use common::{Rng, c_program};
use leapfrog_certify::{
    CheckResult, Counterexample, CounterexampleResult, SafetyCertificate, check_safety, loop_free_counterexample,
};
use leapfrog_interp::{EdgeInputs, ExecConfig, Outcome, UninitMode, run, run_with};
use leapfrog_ir::{Program, Semantics};
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Duration;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum CTy {
    Bool,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
}

/// Every type, `int` and `unsigned` twice as likely (64-bit nonlinear arithmetic is costly for any
/// solver, so it is not the most common).
const TYPES: [CTy; 11] = [
    CTy::Bool,
    CTy::SChar,
    CTy::UChar,
    CTy::Short,
    CTy::UShort,
    CTy::Int,
    CTy::UInt,
    CTy::Int,
    CTy::UInt,
    CTy::Long,
    CTy::ULong,
];

impl CTy {
    fn c(self) -> &'static str {
        match self {
            CTy::Bool => "_Bool",
            CTy::SChar => "signed char",
            CTy::UChar => "unsigned char",
            CTy::Short => "short",
            CTy::UShort => "unsigned short",
            CTy::Int => "int",
            CTy::UInt => "unsigned int",
            CTy::Long => "long",
            CTy::ULong => "unsigned long",
        }
    }

    fn nondet(self) -> &'static str {
        match self {
            CTy::Bool => "__VERIFIER_nondet_bool",
            CTy::SChar => "__VERIFIER_nondet_char",
            CTy::UChar => "__VERIFIER_nondet_uchar",
            CTy::Short => "__VERIFIER_nondet_short",
            CTy::UShort => "__VERIFIER_nondet_ushort",
            CTy::Int => "__VERIFIER_nondet_int",
            CTy::UInt => "__VERIFIER_nondet_uint",
            CTy::Long => "__VERIFIER_nondet_long",
            CTy::ULong => "__VERIFIER_nondet_ulong",
        }
    }

    fn bits(self) -> u32 {
        match self {
            CTy::Bool | CTy::SChar | CTy::UChar => 8,
            CTy::Short | CTy::UShort => 16,
            CTy::Int | CTy::UInt => 32,
            CTy::Long | CTy::ULong => 64,
        }
    }
}

const PRELUDE: &str = "\
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void __VERIFIER_assert(int);
extern void reach_error(void);
";

/// A generator of one random loop-free `main`.
struct Gen<'r> {
    rng: &'r mut Rng,
    vars: Vec<(String, CTy)>,
    /// Arrays: name, element type, length.
    arrays: Vec<(String, CTy, usize)>,
    /// Pointers into arrays: name, element type, how many elements after it are in bounds.
    ptrs: Vec<(String, CTy, usize)>,
    out: String,
    depth: usize,
    asserts: usize,
}

impl Gen<'_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.depth + 1 {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn constant(&mut self) -> String {
        let interesting: [&str; 16] = [
            "0",
            "1",
            "2",
            "3",
            "7",
            "-1",
            "-2",
            "100",
            "255",
            "256",
            "-128",
            "32767",
            "65535",
            "2147483647",
            "4294967295u",
            "-2147483647",
        ];
        if self.rng.chance(70) {
            self.rng.pick(&interesting).to_string()
        } else {
            let v = self.rng.next() % 1000;
            let s = ["", "u", "l", "ul"][self.rng.index(4)];
            format!("{v}{s}")
        }
    }

    fn index(&mut self, len: usize) -> String {
        match self.rng.index(5) {
            0 | 1 => self.rng.index(len).to_string(),
            2 if len.is_power_of_two() => format!("({} & {})", self.leaf(), len - 1),
            3 => format!("((unsigned){} % {len}u)", self.leaf()),
            // Possibly out of bounds: undefined for the interpreter, avoided by counterexamples.
            _ => format!("({})", self.leaf()),
        }
    }

    fn leaf(&mut self) -> String {
        match self.rng.index(10) {
            0..=5 if !self.vars.is_empty() => self.rng.pick(&self.vars).0.clone(),
            6 | 7 if !self.arrays.is_empty() => {
                let (a, _, n) = self.rng.pick(&self.arrays).clone();
                let i = self.index(n);
                format!("{a}[{i}]")
            }
            8 if !self.ptrs.is_empty() => {
                let (p, _, n) = self.rng.pick(&self.ptrs).clone();
                if self.rng.chance(50) { format!("*{p}") } else { format!("{p}[{}]", self.rng.index(n)) }
            }
            _ => self.constant(),
        }
    }

    fn expr(&mut self, depth: usize) -> String {
        if depth == 0 || self.rng.chance(25) {
            return self.leaf();
        }
        match self.rng.index(13) {
            12 => {
                // Packed bit fields (operands with no common bit, as decoders build them), maybe
                // tested for zero through a conversion.
                let k = self.rng.index(8);
                let packed = format!(
                    "(({} << {k}) {} (({} & 0x30) >> {}))",
                    self.expr(depth - 1),
                    self.rng.pick(&["|", "^"]),
                    self.expr(depth - 1),
                    4 + self.rng.index(3)
                );
                if self.rng.chance(50) { format!("((char){packed} == 0)") } else { packed }
            }
            // A space keeps `- -1` a negation (`--1` is a decrement, invalid C).
            0 => format!("(- {})", self.expr(depth - 1)),
            1 => format!("(~{})", self.expr(depth - 1)),
            2 => format!("(!{})", self.expr(depth - 1)),
            3 => {
                let t = *self.rng.pick(&TYPES);
                format!("(({}){})", t.c(), self.expr(depth - 1))
            }
            4 => {
                let op = self.rng.pick(&["<<", ">>"]).to_string();
                let count = if self.rng.chance(70) {
                    self.rng.index(40).to_string()
                } else {
                    format!("({} & {})", self.leaf(), self.rng.pick(&["7", "15", "31", "63"]))
                };
                format!("({} {op} {count})", self.expr(depth - 1))
            }
            5 => {
                let c = self.cond(depth - 1);
                format!("({c} ? {} : {})", self.expr(depth - 1), self.expr(depth - 1))
            }
            6 => format!("({})", self.cond(depth - 1)),
            7 => {
                // Bitwise operations; with a constant mask most of the time.
                let op = self.rng.pick(&["&", "|", "^"]).to_string();
                let rhs = if self.rng.chance(75) {
                    self.rng
                        .pick(&[
                            "1", "3", "7", "255", "0xffu", "-1", "0x10", "6", "0x30", "0x3c", "-8", "0xf0u", "0x7ff0",
                        ])
                        .to_string()
                } else {
                    self.expr(depth - 1)
                };
                format!("({} {op} {rhs})", self.expr(depth - 1))
            }
            8 | 9 => {
                // Multiplicative operations, mostly by a constant (nonlinear 64-bit arithmetic is
                // costly for any solver).
                let op = self.rng.pick(&["*", "/", "%"]).to_string();
                let rhs = if self.rng.chance(85) { self.constant() } else { self.expr(depth - 1) };
                format!("({} {op} {rhs})", self.expr(depth - 1))
            }
            _ => {
                let op = self.rng.pick(&["+", "-"]).to_string();
                format!("({} {op} {})", self.expr(depth - 1), self.expr(depth - 1))
            }
        }
    }

    fn cond(&mut self, depth: usize) -> String {
        match self.rng.index(8) {
            0 => format!("({} && {})", self.cond(depth.saturating_sub(1)), self.cond(depth.saturating_sub(1))),
            1 => format!("({} || {})", self.cond(depth.saturating_sub(1)), self.cond(depth.saturating_sub(1))),
            2 if !self.ptrs.is_empty() => {
                let (p, _, _) = self.rng.pick(&self.ptrs).clone();
                let (q, _, _) = self.rng.pick(&self.ptrs).clone();
                let op = self.rng.pick(&["==", "!=", "<", "<="]).to_string();
                format!("({p} {op} {q})")
            }
            _ => {
                let op = self.rng.pick(&["<", "<=", ">", ">=", "==", "!="]).to_string();
                format!("({} {op} {})", self.expr(depth), self.expr(depth))
            }
        }
    }

    /// An assertion: a random comparison (usually falsifiable) or an identity that holds unless
    /// something is wrong with wrapping, conversions or division.
    fn assertion(&mut self) -> String {
        let e = self.expr(2);
        let t = *self.rng.pick(&TYPES);
        let ut = *self.rng.pick(&[CTy::UChar, CTy::UShort, CTy::UInt, CTy::ULong]);
        let m = ut.bits();
        match self.rng.index(12) {
            0 => format!("(({}){e} & 7u) <= 7u", ut.c()),
            1 => format!("(({}){e}) % 5u < 5u", ut.c()),
            2 => format!("(({}){e} >> 3) <= ({}){e}", ut.c(), ut.c()),
            3 => format!("({0})({0})({1}){e} == ({0})({1}){e}", t.c(), ut.c()),
            4 => format!("({}){e} == ({})({}){e}", CTy::UChar.c(), CTy::UChar.c(), ut.c()),
            5 if m >= 16 => format!("(({0}){e} ^ ({0}){e}) == 0", ut.c()),
            6 => {
                let x = self.leaf();
                format!("({x} / 3) * 3 + {x} % 3 == {x}")
            }
            7 => format!("(({0}){e} + 1u) - 1u == ({0}){e}", ut.c()),
            _ => self.cond(2),
        }
    }

    fn statement(&mut self, budget: &mut usize) {
        *budget = budget.saturating_sub(1);
        match self.rng.index(14) {
            0..=3 if !self.vars.is_empty() => {
                let (x, _) = self.rng.pick(&self.vars).clone();
                let op = self.rng.pick(&["=", "=", "=", "+=", "-=", "*=", "/=", "%=", "^=", "|=", "&="]).to_string();
                let e = if matches!(op.as_str(), "*=" | "/=" | "%=" | "^=" | "|=" | "&=") && self.rng.chance(80) {
                    self.constant()
                } else {
                    self.expr(3)
                };
                self.line(&format!("{x} {op} {e};"));
            }
            4 | 5 if !self.arrays.is_empty() => {
                let (a, _, n) = self.rng.pick(&self.arrays).clone();
                let i = self.index(n);
                let e = self.expr(2);
                self.line(&format!("{a}[{i}] = {e};"));
            }
            6 if !self.ptrs.is_empty() => {
                let (p, _, n) = self.rng.pick(&self.ptrs).clone();
                let e = self.expr(2);
                let k = self.rng.index(n);
                self.line(&format!("{p}[{k}] = {e};"));
            }
            7 | 8 if self.depth < 3 && *budget > 2 => {
                let c = self.cond(2);
                self.line(&format!("if {c} {{"));
                self.depth += 1;
                for _ in 0..1 + self.rng.index(3) {
                    self.statement(budget);
                }
                self.depth -= 1;
                if self.rng.chance(50) {
                    self.line("} else {");
                    self.depth += 1;
                    for _ in 0..1 + self.rng.index(3) {
                        self.statement(budget);
                    }
                    self.depth -= 1;
                }
                self.line("}");
            }
            9 => {
                let c = self.cond(1);
                self.line(&format!("if {c} return 0;"));
            }
            10 if self.rng.chance(30) => {
                let c = self.cond(2);
                self.asserts += 1;
                self.line(&format!("if {c} {{ reach_error(); }}"));
            }
            _ => {
                let a = self.assertion();
                self.asserts += 1;
                self.line(&format!("__VERIFIER_assert({a});"));
            }
        }
    }

    fn program(rng: &mut Rng) -> String {
        let mut g = Gen {
            rng,
            vars: Vec::new(),
            arrays: Vec::new(),
            ptrs: Vec::new(),
            out: String::new(),
            depth: 0,
            asserts: 0,
        };
        g.out.push_str(PRELUDE);
        // Globals (zero or initialized before main runs).
        for i in 0..g.rng.index(3) {
            let t = *g.rng.pick(&TYPES);
            if g.rng.chance(50) {
                let name = format!("g{i}");
                let init = if g.rng.chance(50) { format!(" = {}", g.constant()) } else { String::new() };
                let _ = writeln!(g.out, "{} {name}{init};", t.c());
                g.vars.push((name, t));
            } else {
                let n = *g.rng.pick(&[2usize, 3, 4]);
                let name = format!("ga{i}");
                let init = if g.rng.chance(50) {
                    let vals: Vec<String> = (0..n).map(|_| g.constant()).collect();
                    format!(" = {{{}}}", vals.join(", "))
                } else {
                    String::new()
                };
                let _ = writeln!(g.out, "{} {name}[{n}]{init};", t.c());
                g.arrays.push((name, t, n));
            }
        }
        g.out.push_str("int main() {\n");
        for i in 0..2 + g.rng.index(4) {
            let t = *g.rng.pick(&TYPES);
            let name = format!("x{i}");
            let init = match g.rng.index(6) {
                0 => String::new(),
                1 => format!(" = {}", g.constant()),
                _ => format!(" = {}()", t.nondet()),
            };
            g.line(&format!("{} {name}{init};", t.c()));
            g.vars.push((name, t));
        }
        for i in 0..g.rng.index(3) {
            let t = *g.rng.pick(&[CTy::Int, CTy::UChar, CTy::Long, CTy::UInt, CTy::Short]);
            let n = *g.rng.pick(&[1usize, 2, 3, 4, 4, 8]);
            let name = format!("a{i}");
            let init = match g.rng.index(4) {
                0 => String::new(),
                1 => " = {0}".to_string(),
                _ => {
                    let vals: Vec<String> = (0..n).map(|_| g.expr(1)).collect();
                    format!(" = {{{}}}", vals.join(", "))
                }
            };
            g.line(&format!("{} {name}[{n}]{init};", t.c()));
            g.arrays.push((name.clone(), t, n));
            if g.rng.chance(50) {
                let k = g.rng.index(n);
                let pname = format!("p{i}");
                let same: Vec<(String, usize)> =
                    g.arrays.iter().filter(|(_, u, _)| *u == t).map(|(a, _, m)| (a.clone(), *m)).collect();
                if same.len() > 1 && g.rng.chance(50) {
                    // A pointer into one of two arrays.
                    let (b, m) = same[0].clone();
                    let c = g.cond(1);
                    g.line(&format!("{} *{pname} = {c} ? &{name}[{k}] : &{b}[0];", t.c()));
                    g.ptrs.push((pname, t, (n - k).min(m)));
                } else {
                    g.line(&format!("{} *{pname} = &{name}[{k}];", t.c()));
                    g.ptrs.push((pname, t, n - k));
                }
            }
        }
        let mut budget = 6 + g.rng.index(10);
        while budget > 0 {
            g.statement(&mut budget);
        }
        if g.asserts == 0 {
            let a = g.assertion();
            g.line(&format!("__VERIFIER_assert({a});"));
        }
        g.line("return 0;");
        g.out.push_str("}\n");
        g.out
    }
}

/// Inputs for a random run: mostly small and boundary values.
/// The interpreter's input stream for a counterexample's values: the run with them, recorded.
fn stream_of(p: &Program, c: &Counterexample, sem: Semantics) -> Vec<i128> {
    let mut oracle = EdgeInputs::along(c.func, &c.params, &[]);
    for (f, e, x) in &c.at_edges {
        oracle.push(*f, *e, *x);
    }
    let cfg = ExecConfig {
        uninit: UninitMode::Nondet,
        semantics: sem,
        max_steps: 100_000,
        record_inputs: true,
        ..ExecConfig::default()
    };
    run_with(p, &cfg, &mut oracle).inputs
}

fn random_inputs(rng: &mut Rng, n: usize) -> Vec<i128> {
    let special: [i128; 14] =
        [0, 1, -1, 2, 3, 7, 127, -128, 255, 65535, 2147483647, -2147483648, 4294967295, 9223372036854775807];
    (0..n)
        .map(|_| match rng.index(4) {
            0 => *rng.pick(&special),
            1 => rng.next() as i64 as i128,
            _ => (rng.next() % 21) as i128 - 10,
        })
        .collect()
}

#[derive(Default, Debug, Clone)]
struct Stats {
    programs: usize,
    found: usize,
    not_found: usize,
    cex_unknown: usize,
    accepted: usize,
    rejected: usize,
    check_unknown: usize,
    replays: usize,
    random_runs: usize,
    random_failures_checked: usize,
    frontend_ms: u128,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.programs += o.programs;
        self.found += o.found;
        self.not_found += o.not_found;
        self.cex_unknown += o.cex_unknown;
        self.accepted += o.accepted;
        self.rejected += o.rejected;
        self.check_unknown += o.check_unknown;
        self.replays += o.replays;
        self.random_runs += o.random_runs;
        self.random_failures_checked += o.random_failures_checked;
        self.frontend_ms += o.frontend_ms;
    }
}

/// Runs every comparison on one program; a description of the discrepancy, if any.
fn compare(p: &Program, src: &str, rng: &mut Rng, stats: &mut Stats, runs: usize) -> Result<(), String> {
    let main = p.entry.ok_or("no entry")?;
    for sem in [Semantics::Default, Semantics::BitPrecise] {
        let t0 = std::time::Instant::now();
        let cex_limits = leapfrog_smt::QueryLimits { timeout: Duration::from_secs(1), rlimit: 0 };
        let cex = loop_free_counterexample(p, main, sem, cex_limits, None);
        // Proofs under the default semantics can be slow (bitwise operations on mathematical
        // integers); an undecided check is only skipped here.
        let check_limits = leapfrog_smt::QueryLimits { timeout: Duration::from_millis(250), rlimit: 0 };
        let deadline = Some(std::time::Instant::now() + Duration::from_millis(500));
        let t1 = std::time::Instant::now();
        let cert = SafetyCertificate { func: main, invariants: vec![], transitions: Vec::new(), ghosts: Vec::new() };
        let checked = check_safety(p, &cert, sem, check_limits, deadline);
        if std::env::var("LEAPFROG_CERTIFY_TIMES").is_ok() {
            let kind = match &cex {
                CounterexampleResult::Found(_) => "found",
                CounterexampleResult::NotFound => "not-found",
                CounterexampleResult::Unknown(_) => "unknown",
            };
            eprintln!("{sem:?}: cex {kind} {:?} check {:?} {:?}", t1 - t0, t1.elapsed(), checked);
            if (t1 - t0).as_millis() > 400 {
                eprintln!("SLOW CEX {sem:?}\n{src}");
            }
        }
        match &checked {
            CheckResult::Accepted => stats.accepted += 1,
            CheckResult::Rejected(_) => stats.rejected += 1,
            CheckResult::Unknown(_) => stats.check_unknown += 1,
        }
        let exec = |inputs: Vec<i128>, uninit| {
            run(p, &ExecConfig { nondet: inputs, uninit, semantics: sem, max_steps: 100_000, ..ExecConfig::default() })
        };
        match &cex {
            CounterexampleResult::Found(c) => {
                stats.found += 1;
                stats.replays += 1;
                if checked == CheckResult::Accepted {
                    return Err(format!("{sem:?}: accepted, but a counterexample was found: {c:?}"));
                }
                let inputs = stream_of(p, c, sem);
                let r = exec(inputs.clone(), UninitMode::Nondet);
                match r.outcome {
                    Outcome::Error { span, .. } if span == c.span => {}
                    other => {
                        return Err(format!(
                            "{sem:?}: the counterexample {c:?} (stream {:?}) should fail the assertion at {}, but \
                             the interpreter ends with {other} at {:?} (used {} inputs)",
                            inputs,
                            p.files.display(c.span),
                            other.span().map(|s| p.files.display(s)),
                            r.nondet_used
                        ));
                    }
                }
            }
            CounterexampleResult::NotFound => stats.not_found += 1,
            CounterexampleResult::Unknown(why) => {
                stats.cex_unknown += 1;
                if std::env::var("LEAPFROG_CERTIFY_VERBOSE").is_ok() {
                    eprintln!("unknown counterexample search ({sem:?}): {why}\n{src}");
                }
            }
        }
        let no_failure = matches!(cex, CounterexampleResult::NotFound) || checked == CheckResult::Accepted;
        if no_failure {
            for k in 0..runs {
                let uninit = if k % 4 == 3 { UninitMode::Zero } else { UninitMode::Nondet };
                let inputs = random_inputs(rng, 48);
                let r = exec(inputs.clone(), uninit);
                stats.random_runs += 1;
                if let Outcome::Error { span, .. } = r.outcome {
                    return Err(format!(
                        "{sem:?}: {} but the interpreter fails the assertion at {} on {inputs:?} ({uninit:?})",
                        if checked == CheckResult::Accepted { "accepted" } else { "no counterexample" },
                        p.files.display(span)
                    ));
                }
            }
            stats.random_failures_checked += 1;
        }
    }
    Ok(())
}

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

#[test]
fn generated_programs_agree_with_the_interpreter() {
    let programs = env_or("LEAPFROG_CERTIFY_PROGRAMS", 200) as usize;
    let seed = env_or("LEAPFROG_CERTIFY_SEED", 0x5eed_cafe);
    let verbose = std::env::var("LEAPFROG_CERTIFY_VERBOSE").is_ok();
    let only = std::env::var("LEAPFROG_CERTIFY_ONLY").ok().and_then(|s| s.parse::<usize>().ok());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    let total = Mutex::new((Stats::default(), String::new()));
    std::thread::scope(|scope| {
        for w in 0..workers {
            let total = &total;
            scope.spawn(move || {
                let mut stats = Stats::default();
                let mut failures = String::new();
                for i in (w..programs).step_by(workers) {
                    if only.is_some_and(|o| o != i) {
                        continue;
                    }
                    // Each program has its own generator and input streams, so that one can be
                    // rerun alone.
                    let mut rng = Rng(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    let src = Gen::program(&mut rng);
                    if verbose {
                        eprintln!("--- program {i}\n{src}");
                    }
                    let t = std::time::Instant::now();
                    let p = c_program(&src);
                    stats.frontend_ms += t.elapsed().as_millis();
                    stats.programs += 1;
                    if let Err(why) = compare(&p, &src, &mut rng, &mut stats, 20) {
                        let _ = writeln!(failures, "program {i} (seed {seed:#x}):\n{src}\n{why}\n");
                    }
                }
                let mut t = total.lock().unwrap_or_else(|e| e.into_inner());
                t.0.add(&stats);
                t.1.push_str(&failures);
            });
        }
    });
    let (stats, failures) = total.into_inner().unwrap_or_else(|e| e.into_inner());
    eprintln!("{stats:#?}");
    assert!(failures.is_empty(), "{failures}");
    // The generator must produce both kinds of programs for the test to mean anything.
    if only.is_none() {
        assert!(stats.found >= programs / 4, "{stats:?}");
        assert!(stats.random_failures_checked >= programs / 10, "{stats:?}");
        assert!(stats.cex_unknown <= programs / 5, "{stats:?}");
    }
}

/// Hand-written programs for the corners of the semantics: whether a counterexample exists
/// under the default and the bit-precise semantics, then the same comparisons as for generated
/// programs (the counterexample replays; without one, random runs never fail).
const HAND_WRITTEN: &[(&str, &str, bool, bool)] = &[
    (
        "division truncates",
        "int main() { int x = __VERIFIER_nondet_int(); if (x == -7) __VERIFIER_assert(x / 2 == -3); return 0; }",
        false,
        false,
    ),
    (
        "division rounding is observable",
        "int main() { int x = __VERIFIER_nondet_int(); if (x < 0) __VERIFIER_assert(x / 2 * 2 == x); return 0; }",
        true,
        true,
    ),
    (
        "remainder has the dividend's sign",
        "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x % 3 >= 0); return 0; }",
        true,
        true,
    ),
    (
        "remainder bound",
        "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x % 3 > -3 && x % 3 < 3); return 0; }",
        false,
        false,
    ),
    (
        "arithmetic right shift",
        "int main() { int x = __VERIFIER_nondet_int(); if (x < 0) __VERIFIER_assert((x >> 1) < 0); return 0; }",
        false,
        false,
    ),
    (
        "right shift of negative floors",
        "int main() { int x = __VERIFIER_nondet_int(); if (x == -3) __VERIFIER_assert((x >> 1) == -2); return 0; }",
        false,
        false,
    ),
    (
        "unsigned wraps",
        "int main() { unsigned u = __VERIFIER_nondet_uint(); __VERIFIER_assert(u + 1 > u); return 0; }",
        true,
        true,
    ),
    (
        "signed overflow is undefined by default",
        "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assert(x + 1 > x); return 0; }",
        false,
        true,
    ),
    (
        "signed multiplication overflow",
        "int main() { long l = __VERIFIER_nondet_long(); if (l > 0) __VERIFIER_assert(l * 2 > 0); return 0; }",
        false,
        true,
    ),
    (
        "left shift into the sign bit",
        "int main() { int s = __VERIFIER_nondet_int(); if (s >= 0 && s < 32) { int r = 1 << s; __VERIFIER_assert(s < 31); } return 0; }",
        false,
        true,
    ),
    (
        "shift count out of range is undefined",
        "int main() { int s = __VERIFIER_nondet_int(); unsigned r = 1u << s; __VERIFIER_assert(s >= 0 && s < 32); return 0; }",
        false,
        false,
    ),
    (
        "conversions wrap",
        "int main() { int x = __VERIFIER_nondet_int(); unsigned char c = x; signed char s = 200; __VERIFIER_assert(c == (x & 255) && s == -56); return 0; }",
        false,
        false,
    ),
    (
        "conversion to unsigned of a negative value",
        "int main() { int x = __VERIFIER_nondet_int(); unsigned long u = x; if (x < 0) __VERIFIER_assert(u > 4294967295ul); return 0; }",
        false,
        false,
    ),
    (
        "_Bool is v != 0",
        "int main() { _Bool b = __VERIFIER_nondet_int(); _Bool c = 256; __VERIFIER_assert((b == 0 || b == 1) && c == 1); return 0; }",
        false,
        false,
    ),
    (
        "char promotion",
        "int main() { unsigned char c = 255; c = c + 1; signed char d = 127; d++; __VERIFIER_assert(c == 0 && d == -128); return 0; }",
        false,
        false,
    ),
    (
        "usual arithmetic conversions",
        "int main() { int x = -1; unsigned u = 1; __VERIFIER_assert(x < u); return 0; }",
        true,
        true,
    ),
    (
        "uninitialized array leaves come first",
        "int main() { int i = __VERIFIER_nondet_int(); int a[3]; int j = __VERIFIER_nondet_int(); if (i >= 0 && i < 3) __VERIFIER_assert(a[i] != 42 || j != 7); return 0; }",
        true,
        true,
    ),
    (
        "uninitialized scalars",
        "int main() { int x; unsigned char y; __VERIFIER_assert(x != 1000 || y != 200); return 0; }",
        true,
        true,
    ),
    (
        "records of one type",
        "struct S { int x; int y; }; int main() { struct S s; s.y = 5; __VERIFIER_assert(s.x + s.y != 7); return 0; }",
        true,
        true,
    ),
    (
        "global initializers",
        "int g = 5; int h[3] = {1, 2, 3}; int main() { __VERIFIER_assert(g + h[2] == 8); return 0; }",
        false,
        false,
    ),
    (
        "global initializers refuted",
        "int g = 5; int h[3] = {1, 2, 3}; int main() { int k = __VERIFIER_nondet_int(); if (k >= 0 && k < 3) __VERIFIER_assert(h[k] != 2); return 0; }",
        true,
        true,
    ),
    (
        "zero-initialized globals",
        "int z; int za[4]; int main() { int k = __VERIFIER_nondet_int(); if (k >= 0 && k < 4) __VERIFIER_assert(z == 0 && za[k] == 0); return 0; }",
        false,
        false,
    ),
    (
        "a pointer into one of two arrays",
        "int main() { int a[2] = {1, 2}; int b[2] = {3, 4}; int *p = __VERIFIER_nondet_int() ? a : b; __VERIFIER_assert(*p != 3); return 0; }",
        true,
        true,
    ),
    (
        "stores through a pointer into one of two arrays",
        "int main() { int a[2] = {1, 2}; int b[2] = {3, 4}; int *p = __VERIFIER_nondet_int() ? a : b; p[1] = 9; __VERIFIER_assert(a[1] + b[1] == 11 || a[1] + b[1] == 13); return 0; }",
        false,
        false,
    ),
    (
        "pointer comparisons",
        "int main() { int a[4]; int *p = &a[0]; int *q = &a[3]; __VERIFIER_assert(p < q && q - p == 3 && p != q); return 0; }",
        false,
        false,
    ),
    (
        "out-of-bounds access is undefined",
        "int main() { int a[2] = {0, 0}; int i = __VERIFIER_nondet_int(); int v = a[i]; __VERIFIER_assert(i == 0 || i == 1); return 0; }",
        false,
        false,
    ),
    (
        "division by zero is undefined",
        "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); int q = x / y; __VERIFIER_assert(y != 0); return 0; }",
        false,
        false,
    ),
    (
        "INT_MIN / -1 is undefined",
        "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); if (y == -1) { int q = x / y; __VERIFIER_assert(x != -2147483647 - 1); } return 0; }",
        false,
        false,
    ),
    (
        "reach_error",
        "int main() { int x = __VERIFIER_nondet_int(); if (x == 12345) reach_error(); return 0; }",
        true,
        true,
    ),
    (
        "entry parameters come first",
        "void f(int x, unsigned y) { int z = __VERIFIER_nondet_int(); __VERIFIER_assert(x != y + 1 || z != 3); }",
        true,
        true,
    ),
    (
        "address-taken parameter",
        "int f(int x) { int *p = &x; *p = *p + 1; __VERIFIER_assert(x != 5); return 0; }",
        true,
        true,
    ),
    (
        "variable-length array",
        "int main() { int n = __VERIFIER_nondet_int(); if (n < 1 || n > 4) return 0; int a[n]; __VERIFIER_assert(a[n - 1] != 7); return 0; }",
        true,
        true,
    ),
    (
        "64-bit unsigned products wrap",
        "int main() { unsigned long a = __VERIFIER_nondet_ulong(); if (a == 4294967296ul) __VERIFIER_assert(a * a == 0); return 0; }",
        false,
        false,
    ),
    (
        "bitwise operations",
        "int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); __VERIFIER_assert(((x & y) | (x ^ y)) == (x | y) && (~x ^ x) == -1); return 0; }",
        false,
        false,
    ),
    (
        "bitwise operations refuted",
        "int main() { unsigned x = __VERIFIER_nondet_uint(); __VERIFIER_assert((x | 0x0f0f) != 0xffff); return 0; }",
        true,
        true,
    ),
];

#[test]
fn hand_written_programs_agree_with_the_interpreter() {
    let mut failures = String::new();
    let mut stats = Stats::default();
    for (i, (name, body, default, bit_precise)) in HAND_WRITTEN.iter().enumerate() {
        let src = format!("{PRELUDE}{body}\n");
        let p = c_program(&src);
        let main = p.entry.expect("an entry function");
        for (sem, expect) in [(Semantics::Default, *default), (Semantics::BitPrecise, *bit_precise)] {
            let got = loop_free_counterexample(&p, main, sem, leapfrog_smt::QueryLimits::default(), None);
            let ok = matches!(
                (&got, expect),
                (CounterexampleResult::Found(_), true) | (CounterexampleResult::NotFound, false)
            );
            if !ok {
                let _ = writeln!(failures, "{name} ({sem:?}): expected a counterexample: {expect}, got {got:?}");
            }
        }
        let mut rng = Rng(i as u64);
        if let Err(why) = compare(&p, &src, &mut rng, &mut stats, 50) {
            let _ = writeln!(failures, "{name}: {why}");
        }
    }
    eprintln!("{stats:#?}");
    assert!(failures.is_empty(), "{failures}");
}
