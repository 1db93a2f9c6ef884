//! `leapfrog bound` checked from outside, over the C programs in `tests/bound/*.c`.
//!
//! Each program marks its loops and says what it expects of them:
//!
//! - It starts with `#ifndef LF_NATIVE` / `#define LF_ENTRY(id)` / `#define LF_BODY(id)` /
//!   `#endif`: Leapfrog sees empty macros (an empty statement each).
//! - `LF_ENTRY(id);` stands right before a loop, and `LF_BODY(id);` is the first statement of that
//!   loop's body. The marked loop is the one whose keyword (`for`, `while` or `do`) is the first
//!   token after `LF_ENTRY(id);`, on the marker's line or on the next one; it is found in the
//!   JSON by that keyword's line (and, if several loops share the line, by its column). A `for`
//!   loop's init goes before the marker (`i = 0; LF_ENTRY(1); for (; i < n; i++)`): the printed
//!   bound speaks of the values variables have when the condition is first evaluated, which are
//!   the values at the marker.
//! - Comments, one a line: `// expect ID: bound equivalent EXPR` (the printed bound equals EXPR on
//!   every sample of random values of their variables), `// expect ID: bound at least EXPR` (the
//!   printed bound is never below EXPR on those samples), `// expect ID: bound` (some bound is
//!   printed), `// expect ID: no bound` (bound null, with a reason), `// expect ID: max N`.
//!   Variables get random values in [-50, 50], or in [LO, HI] after `// range NAME LO HI`.
//!   `// options: --volatile memory` passes options to `leapfrog bound`.
//!
//! Every printed bound and max of a marked loop is then checked natively: the program is compiled
//! by gcc (-O1 -fwrapv) with `LF_NATIVE` defined, `LF_ENTRY(id)` evaluating the printed bound
//! over `long long` copies of its variables (`max`/`min` as `lf_max`/`lf_min`, `/` as a floor
//! division that reports dividing a negative value) and resetting a counter, and `LF_BODY(id)`
//! counting the body's starts and exiting with 3 when the count passes the bound or the max. The
//! program's own `main` runs the function under test on many pseudo-random inputs (`srand(7)`),
//! or on constants when the program says `// deterministic: main reads no input`.
//! Exit code 3 is a soundness failure: an execution ran the loop more often than Leapfrog said it
//! can. A negative control (the printed bound minus 1, the printed max minus 1) shows that the
//! check can fail. A program whose analysed `main` passes inputs on which a loop never ends keeps,
//! under `#ifdef LF_NATIVE`, only the runs that end: they are executions of the analysed program
//! too. Samples where the expected expression is undefined (dividing a negative value) do not
//! count; where only the printed one is, the comparison fails.
//!
//! Each program is one test (`program::NAME`), listed in `programs!` below; a test checks that
//! the list and the directory agree. Run with `cargo test --release -p leapfrog-cli --test bound`
//! (`LF_BOUND_TIMEOUT=30` gives Leapfrog 30 s a program instead of 20; a failing test prints what
//! Leapfrog said of each marked loop and what the native runs counted).

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, run_limited, temp_dir, write};

// ---------------------------------------------------------------------------------------------
// The expression language of printed bounds: integer literals, variables, + - * /, max, min,
// parentheses, over mathematical integers (`/` only of non-negative values, rounding down).

#[derive(Clone, Debug, PartialEq)]
enum Expr {
    Num(i128),
    Var(String),
    Neg(Box<Expr>),
    Bin(char, Box<Expr>, Box<Expr>),
    Max(Box<Expr>, Box<Expr>),
    Min(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(i128),
    Ident(String),
    Sym(char),
}

fn tokens(s: &str) -> Result<Vec<Tok>, String> {
    let cs: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < cs.len() && cs[i].is_ascii_alphanumeric() {
                i += 1;
            }
            let lit: String = cs[start..i].iter().collect();
            // C suffixes (64LL, 4294967295u) are accepted: they do not change the value.
            let digits = lit.trim_end_matches(['u', 'U', 'l', 'L']);
            let value = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(hex) => i128::from_str_radix(hex, 16),
                None => digits.parse::<i128>(),
            };
            out.push(Tok::Num(value.map_err(|_| format!("bad integer literal {lit:?} in {s:?}"))?));
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(cs[start..i].iter().collect()));
        } else if "+-*/(),".contains(c) {
            out.push(Tok::Sym(c));
            i += 1;
        } else {
            return Err(format!("unexpected character {c:?} in {s:?}"));
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    text: String,
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Sym(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at token {} of {:?}", self.pos, self.text))
    }
    fn expr(&mut self) -> Result<Expr, String> {
        let mut e = self.term()?;
        loop {
            let op = if self.eat('+') {
                '+'
            } else if self.eat('-') {
                '-'
            } else {
                return Ok(e);
            };
            e = Expr::Bin(op, Box::new(e), Box::new(self.term()?));
        }
    }
    fn term(&mut self) -> Result<Expr, String> {
        let mut e = self.unary()?;
        loop {
            let op = if self.eat('*') {
                '*'
            } else if self.eat('/') {
                '/'
            } else {
                return Ok(e);
            };
            e = Expr::Bin(op, Box::new(e), Box::new(self.unary()?));
        }
    }
    fn unary(&mut self) -> Result<Expr, String> {
        if self.eat('-') {
            return Ok(Expr::Neg(Box::new(self.unary()?)));
        }
        if self.eat('+') {
            return self.unary();
        }
        self.primary()
    }
    fn primary(&mut self) -> Result<Expr, String> {
        match self.peek().cloned() {
            Some(Tok::Num(n)) => {
                self.pos += 1;
                Ok(Expr::Num(n))
            }
            Some(Tok::Ident(name)) => {
                self.pos += 1;
                if !self.eat('(') {
                    return Ok(Expr::Var(name));
                }
                if name != "max" && name != "min" {
                    return self.fail(&format!("unknown function {name}"));
                }
                let mut args = vec![self.expr()?];
                while self.eat(',') {
                    args.push(self.expr()?);
                }
                if !self.eat(')') {
                    return self.fail("expected `)`");
                }
                if args.len() < 2 {
                    return self.fail(&format!("{name} needs two arguments"));
                }
                let mut args = args.into_iter();
                let first = args.next().unwrap();
                Ok(args.fold(first, |a, b| {
                    if name == "max" {
                        Expr::Max(Box::new(a), Box::new(b))
                    } else {
                        Expr::Min(Box::new(a), Box::new(b))
                    }
                }))
            }
            Some(Tok::Sym('(')) => {
                self.pos += 1;
                let e = self.expr()?;
                if !self.eat(')') {
                    return self.fail("expected `)`");
                }
                Ok(e)
            }
            _ => self.fail("expected a number, a variable, `max`, `min` or `(`"),
        }
    }
}

fn parse_expr(s: &str) -> Result<Expr, String> {
    let mut p = Parser { toks: tokens(s)?, pos: 0, text: s.to_string() };
    let e = p.expr()?;
    if p.pos != p.toks.len() {
        return p.fail("unexpected token");
    }
    Ok(e)
}

fn eval(e: &Expr, env: &HashMap<String, i128>) -> Result<i128, String> {
    let overflow = || "overflow".to_string();
    Ok(match e {
        Expr::Num(n) => *n,
        Expr::Var(v) => *env.get(v).ok_or_else(|| format!("no value for {v}"))?,
        Expr::Neg(a) => eval(a, env)?.checked_neg().ok_or_else(overflow)?,
        Expr::Max(a, b) => eval(a, env)?.max(eval(b, env)?),
        Expr::Min(a, b) => eval(a, env)?.min(eval(b, env)?),
        Expr::Bin(op, a, b) => {
            let (a, b) = (eval(a, env)?, eval(b, env)?);
            match op {
                '+' => a.checked_add(b).ok_or_else(overflow)?,
                '-' => a.checked_sub(b).ok_or_else(overflow)?,
                '*' => a.checked_mul(b).ok_or_else(overflow)?,
                '/' if a < 0 || b <= 0 => return Err(format!("divides {a} by {b}")),
                '/' => a / b,
                _ => unreachable!(),
            }
        }
    })
}

fn vars(e: &Expr, out: &mut BTreeSet<String>) {
    match e {
        Expr::Num(_) => {}
        Expr::Var(v) => {
            out.insert(v.clone());
        }
        Expr::Neg(a) => vars(a, out),
        Expr::Bin(_, a, b) | Expr::Max(a, b) | Expr::Min(a, b) => {
            vars(a, out);
            vars(b, out);
        }
    }
}

/// The expression as C over `long long` copies `lf_v_NAME` of its variables.
fn to_c(e: &Expr) -> String {
    to_c_with(e, &|v| format!("lf_v_{v}"))
}

/// The expression as C in `long long`, each variable written as `var` says.
fn to_c_with(e: &Expr, var: &dyn Fn(&str) -> String) -> String {
    let c = |x: &Expr| to_c_with(x, var);
    match e {
        Expr::Num(n) => format!("{n}LL"),
        Expr::Var(v) => var(v),
        Expr::Neg(a) => format!("(-{})", c(a)),
        Expr::Bin('/', a, b) => format!("lf_div({}, {})", c(a), c(b)),
        Expr::Bin(op, a, b) => format!("({} {op} {})", c(a), c(b)),
        Expr::Max(a, b) => format!("lf_max({}, {})", c(a), c(b)),
        Expr::Min(a, b) => format!("lf_min({}, {})", c(a), c(b)),
    }
}

/// A printed path condition (`i <= n - 1 && m <= j`: comparisons `<=`, `>=`, `==` of
/// expressions, joined by `&&`) as C over the variables' current values, in `long long`.
fn condition_to_c(text: &str) -> Result<String, String> {
    let mut out = Vec::new();
    for conjunct in text.split(" && ") {
        let (op, parts) = ["<=", ">=", "=="]
            .iter()
            .find_map(|op| conjunct.split_once(&format!(" {op} ")).map(|p| (*op, p)))
            .ok_or_else(|| format!("path condition `{text}`: no comparison in `{conjunct}`"))?;
        let now = |v: &str| format!("((long long)({v}))");
        // (`(long long)x`, printed where C arithmetic could wrap, is what `now` writes anyway.)
        let plain = |side: &str| side.replace("(long long)", "");
        let (lhs, rhs) = (parse_expr(&plain(parts.0))?, parse_expr(&plain(parts.1))?);
        out.push(format!("{} {op} {}", to_c_with(&lhs, &now), to_c_with(&rhs, &now)));
    }
    Ok(format!("({})", out.join(" && ")))
}

/// A small deterministic generator (splitmix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn range(&mut self, lo: i128, hi: i128) -> i128 {
        lo + (self.next() as i128).rem_euclid(hi - lo + 1)
    }
}

const SAMPLES: usize = 3000;

/// Compares `printed` with `expected` on random values of their variables: `cmp(printed,
/// expected)` must hold on every sample where `expected` is defined (where `printed` is not, the
/// comparison fails). The first counterexample, if any.
fn compare(
    printed: &Expr,
    expected: &Expr,
    ranges: &HashMap<String, (i128, i128)>,
    cmp: fn(i128, i128) -> bool,
) -> Option<String> {
    let mut names = BTreeSet::new();
    vars(printed, &mut names);
    vars(expected, &mut names);
    let mut rng = Rng(0x5EED);
    // The corners of the ranges first, then random values.
    for sample in 0..SAMPLES {
        let env: HashMap<String, i128> = names
            .iter()
            .map(|n| {
                let (lo, hi) = ranges.get(n).copied().unwrap_or((-50, 50));
                let v = match sample {
                    0 => lo,
                    1 => hi,
                    2 => (lo + hi) / 2,
                    _ => rng.range(lo, hi),
                };
                (n.clone(), v)
            })
            .collect();
        let Ok(want) = eval(expected, &env) else { continue };
        let mut at: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
        at.sort();
        match eval(printed, &env) {
            Ok(got) if cmp(got, want) => {}
            Ok(got) => return Some(format!("at {}: printed {got}, expected {want}", at.join(" "))),
            Err(e) => return Some(format!("at {}: printed bound undefined ({e}), expected {want}", at.join(" "))),
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------
// The test programs: markers, expectations, ranges.

#[derive(Debug)]
struct Marker {
    line: usize,
    column: usize,
    keyword: &'static str,
}

#[derive(Debug)]
enum Check {
    Equivalent(Expr),
    AtLeast(Expr),
    SomeBound,
    NoBound,
    Max(i128),
}

#[derive(Debug)]
struct Expectation {
    id: u32,
    check: Check,
    /// The comment, for messages.
    text: String,
}

#[derive(Debug)]
struct Program {
    name: String,
    path: PathBuf,
    text: String,
    markers: BTreeMap<u32, Marker>,
    expectations: Vec<Expectation>,
    ranges: HashMap<String, (i128, i128)>,
    /// Options given to `leapfrog bound` (`// options: --volatile memory`).
    options: Vec<String>,
}

fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |p| p + 1);
    (line, before[start..].chars().count() + 1)
}

/// The occurrences of `NAME(digits)` in `text`: (start, end, id). `NAME(id)` in the `#define`s
/// is not one.
fn occurrences(text: &str, name: &str) -> Vec<(usize, usize, u32)> {
    let pat = format!("{name}(");
    let mut out = Vec::new();
    for (at, _) in text.match_indices(&pat) {
        if text[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[at + pat.len()..];
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if digits.is_empty() || !rest[digits.len()..].starts_with(')') {
            continue;
        }
        out.push((at, at + pat.len() + digits.len() + 1, digits.parse().unwrap()));
    }
    out
}

fn parse_program(name: &str, path: PathBuf, text: String) -> Result<Program, String> {
    let mut markers = BTreeMap::new();
    for (at, end, id) in occurrences(&text, "LF_ENTRY") {
        let (line, _) = line_col(&text, at);
        let rest = text[end..].trim_start_matches([' ', '\t']);
        let Some(rest) = rest.strip_prefix(';') else {
            return Err(format!("{name}:{line}: LF_ENTRY({id}) is not followed by `;`"));
        };
        let after = rest.trim_start();
        let kw_at = text.len() - after.len();
        let keyword = ["for", "while", "do"]
            .into_iter()
            .find(|k| after.starts_with(k) && !after[k.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'));
        let (kw_line, column) = line_col(&text, kw_at);
        let Some(keyword) = keyword.filter(|_| kw_line <= line + 1) else {
            return Err(format!(
                "{name}:{line}: LF_ENTRY({id}); is not followed by a loop keyword on its line or the next"
            ));
        };
        if markers.insert(id, Marker { line: kw_line, column, keyword }).is_some() {
            return Err(format!("{name}: LF_ENTRY({id}) twice"));
        }
    }
    let bodies: Vec<u32> = occurrences(&text, "LF_BODY").into_iter().map(|(_, _, id)| id).collect();
    for id in markers.keys() {
        if bodies.iter().filter(|b| *b == id).count() != 1 {
            return Err(format!("{name}: loop {id} needs exactly one LF_BODY({id})"));
        }
    }
    if let Some(b) = bodies.iter().find(|b| !markers.contains_key(b)) {
        return Err(format!("{name}: LF_BODY({b}) without LF_ENTRY({b})"));
    }
    let mut expectations = Vec::new();
    let mut ranges = HashMap::new();
    let mut options = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        let bad = |why: &str| format!("{name}:{}: {why}: {line}", n + 1);
        if let Some(o) = line.strip_prefix("// options: ") {
            options.extend(o.split_whitespace().map(str::to_string));
        } else if let Some(r) = line.strip_prefix("// range ") {
            let parts: Vec<&str> = r.split_whitespace().collect();
            let [var, lo, hi] = parts[..] else { return Err(bad("expected `// range NAME LO HI`")) };
            let (Ok(lo), Ok(hi)) = (lo.parse::<i128>(), hi.parse::<i128>()) else { return Err(bad("bad range")) };
            if lo > hi {
                return Err(bad("empty range"));
            }
            ranges.insert(var.to_string(), (lo, hi));
        } else if let Some(e) = line.strip_prefix("// expect ") {
            let Some((id, what)) = e.split_once(':') else { return Err(bad("expected `// expect ID: ...`")) };
            let id: u32 = id.trim().parse().map_err(|_| bad("bad loop id"))?;
            if !markers.contains_key(&id) {
                return Err(bad("no LF_ENTRY for this id"));
            }
            let what = what.trim();
            let check = if what == "bound" {
                Check::SomeBound
            } else if what == "no bound" {
                Check::NoBound
            } else if let Some(x) = what.strip_prefix("bound equivalent ") {
                Check::Equivalent(parse_expr(x).map_err(|e| bad(&e))?)
            } else if let Some(x) = what.strip_prefix("bound at least ") {
                Check::AtLeast(parse_expr(x).map_err(|e| bad(&e))?)
            } else if let Some(x) = what.strip_prefix("max ") {
                Check::Max(x.trim().parse().map_err(|_| bad("bad max"))?)
            } else {
                return Err(bad("unknown expectation"));
            };
            expectations.push(Expectation { id, check, text: line.to_string() });
        }
    }
    Ok(Program { name: name.to_string(), path, text, markers, expectations, ranges, options })
}

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bound")
}

fn load(name: &str) -> Program {
    let path = programs_dir().join(format!("{name}.c"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    parse_program(name, path, text).unwrap_or_else(|e| panic!("{e}"))
}

/// One `leapfrog bound` at a time in this test binary: the tests run in parallel, and Leapfrog's
/// checker works against a wall-clock budget (`--timeout 30`), so runs competing for the CPUs
/// would end in "time limit reached" where a run alone gets its answer. (The native checks still
/// run in parallel.)
static ANALYZER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// `leapfrog bound --format json --timeout 30 OPTIONS FILE` for program `p`, parsed (the budget
/// from `LF_BOUND_TIMEOUT` when set). (30 s, not less: the nonlinear bounds' proofs take a
/// second or two of a check's share, and a CI machine shared with the native checks ran out of
/// time under 20 s where this one did not.)
fn bound_json(p: &Program, dir: &Path, tag: &str) -> Result<Value, String> {
    let _alone = ANALYZER.lock().unwrap_or_else(|e| e.into_inner());
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_leapfrog"));
    // LF_BOUND_TIMEOUT overrides the budget, to tell a slow checker from a weak one.
    let timeout = std::env::var("LF_BOUND_TIMEOUT").unwrap_or_else(|_| "30".to_string());
    cmd.args(["bound", "--format", "json", "--timeout", &timeout]).args(&p.options).arg(&p.path);
    let start = Instant::now();
    let Some((status, out, err)) = run_limited(cmd, dir, tag, Duration::from_secs(240)) else {
        return Err(format!("leapfrog bound did not end within 240 s (with --timeout {timeout})"));
    };
    if status.code() != Some(0) {
        return Err(format!("leapfrog bound exited with {status} after {:?}; stderr:\n{err}", start.elapsed()));
    }
    serde_json::from_str(&out).map_err(|e| format!("leapfrog bound printed no JSON ({e}):\n{out}\nstderr:\n{err}"))
}

// ---------------------------------------------------------------------------------------------
// The native check.

/// What a marked loop's native counter is checked against.
#[derive(Clone, Debug, Default)]
struct LoopCheck {
    bound: Option<Expr>,
    max: Option<i128>,
    /// Per-path bounds: the path's condition as C over the current values, and its bound.
    paths: Vec<(String, Expr)>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Stats {
    entries: i64,
    bodies: i64,
    most: i64,
}

#[derive(Debug)]
struct Native {
    /// The exit code (None: killed by a signal or by the time limit).
    code: Option<i32>,
    stderr: String,
    stats: BTreeMap<u32, Stats>,
    /// A printed bound divided a negative value (or by a non-positive one) in some run.
    bad_division: Option<String>,
    source: PathBuf,
}

/// The program with `LF_NATIVE` defined and its markers replaced by the checks.
fn native_source(p: &Program, checks: &BTreeMap<u32, LoopCheck>) -> String {
    let mut pre = String::from(
        "#define LF_NATIVE 1\n#include <stdio.h>\n#include <stdlib.h>\n#include <limits.h>\n\
         static inline long long lf_max(long long a, long long b) { return a > b ? a : b; }\n\
         static inline long long lf_min(long long a, long long b) { return a < b ? a : b; }\n\
         static int lf_div_reported;\n\
         static long long lf_div(long long a, long long b) {\n\
         \x20 if ((a < 0 || b <= 0) && !lf_div_reported) { lf_div_reported = 1; fprintf(stderr, \"lf-division %lld / %lld\\n\", a, b); }\n\
         \x20 if (b == 0) return LLONG_MAX;\n\
         \x20 long long q = a / b;\n\
         \x20 if (a % b != 0 && ((a < 0) != (b < 0))) q--;\n\
         \x20 return q;\n}\n",
    );
    let mut report = String::from("static void lf_report(void) {\n");
    for id in p.markers.keys() {
        pre.push_str(&format!(
            "static long long lf_bound_{id} = LLONG_MAX, lf_count_{id}, lf_entries_{id}, lf_bodies_{id}, lf_most_{id};\nstatic char lf_at_{id}[256];\n"
        ));
        for k in 0..checks.get(id).map_or(0, |c| c.paths.len()) {
            pre.push_str(&format!("static long long lf_pbound_{id}_{k} = LLONG_MAX, lf_pcount_{id}_{k};\n"));
        }
        report.push_str(&format!(
            "  fprintf(stderr, \"lf-stats {id} %lld %lld %lld\\n\", lf_entries_{id}, lf_bodies_{id}, lf_most_{id});\n"
        ));
    }
    report.push_str("}\n__attribute__((constructor)) static void lf_register(void) { atexit(lf_report); }\n");
    pre.push_str(&report);
    pre.push_str(&format!("#line 1 \"{}.c\"\n", p.name));

    let entry = |id: u32| {
        let check = checks.get(&id).cloned().unwrap_or_default();
        let mut s = String::from("do { ");
        if let Some(b) = &check.bound {
            let mut names = BTreeSet::new();
            vars(b, &mut names);
            for (_, pb) in &check.paths {
                vars(pb, &mut names);
            }
            for v in &names {
                s.push_str(&format!("long long lf_v_{v} = (long long)({v}); "));
            }
            let fmt: Vec<String> = names.iter().map(|v| format!("{v}=%lld")).collect();
            let args: String = names.iter().map(|v| format!(", lf_v_{v}")).collect();
            s.push_str(&format!("snprintf(lf_at_{id}, sizeof lf_at_{id}, \"{}\"{args}); ", fmt.join(" ")));
            s.push_str(&format!("lf_bound_{id} = {}; ", to_c(b)));
            for (k, (_, pb)) in check.paths.iter().enumerate() {
                s.push_str(&format!("lf_pbound_{id}_{k} = {}; lf_pcount_{id}_{k} = 0; ", to_c(pb)));
            }
        }
        s.push_str(&format!("lf_count_{id} = 0; lf_entries_{id}++; }} while (0)"));
        s
    };
    let body = |id: u32| {
        let check = checks.get(&id).cloned().unwrap_or_default();
        let mut s = format!(
            "do {{ lf_bodies_{id}++; if (++lf_count_{id} > lf_most_{id}) lf_most_{id} = lf_count_{id}; \
             if (lf_count_{id} > lf_bound_{id}) {{ fprintf(stderr, \"loop {id} exceeded its bound: body start %lld, bound %lld, at entry %s\\n\", lf_count_{id}, lf_bound_{id}, lf_at_{id}); exit(3); }} "
        );
        if let Some(m) = check.max {
            s.push_str(&format!(
                "if (lf_count_{id} > {m}LL) {{ fprintf(stderr, \"loop {id} exceeded its max: body start %lld, max {m}\\n\", lf_count_{id}); exit(3); }} "
            ));
        }
        for (k, (cond, _)) in check.paths.iter().enumerate() {
            s.push_str(&format!(
                "if ({cond} && ++lf_pcount_{id}_{k} > lf_pbound_{id}_{k}) {{ fprintf(stderr, \"loop {id} path {k} exceeded its bound: %lld, bound %lld, at entry %s\\n\", lf_pcount_{id}_{k}, lf_pbound_{id}_{k}, lf_at_{id}); exit(3); }} "
            ));
        }
        s.push_str("} while (0)");
        s
    };
    let mut edits: Vec<(usize, usize, String)> = occurrences(&p.text, "LF_ENTRY")
        .into_iter()
        .map(|(a, b, id)| (a, b, entry(id)))
        .chain(occurrences(&p.text, "LF_BODY").into_iter().map(|(a, b, id)| (a, b, body(id))))
        .collect();
    edits.sort_by_key(|e| e.0);
    let mut out = pre;
    let mut at = 0;
    for (a, b, s) in edits {
        out.push_str(&p.text[at..a]);
        out.push_str(&s);
        at = b;
    }
    out.push_str(&p.text[at..]);
    out
}

/// Compiles the checked program once and runs it; Err when it does not compile.
fn run_native(p: &Program, checks: &BTreeMap<u32, LoopCheck>, dir: &Path, tag: &str) -> Result<Native, String> {
    let src = native_source(p, checks);
    let source = PathBuf::from(write(dir, &format!("{tag}.c"), &src));
    let exe = dir.join(tag);
    let cc = Command::new("gcc").args(["-O1", "-fwrapv", "-w", "-o"]).arg(&exe).arg(&source).output().expect("gcc");
    if !cc.status.success() {
        return Err(format!(
            "the native program {} does not compile:\n{}",
            source.display(),
            String::from_utf8_lossy(&cc.stderr)
        ));
    }
    let Some((status, _, stderr)) =
        run_limited(Command::new(&exe), dir, &format!("{tag}.run"), Duration::from_secs(120))
    else {
        return Err(format!("the native program {} did not end within 120 s", source.display()));
    };
    let mut stats = BTreeMap::new();
    let mut bad_division = None;
    for line in stderr.lines() {
        if let Some(rest) = line.strip_prefix("lf-stats ") {
            let n: Vec<i64> = rest.split_whitespace().map(|x| x.parse().unwrap()).collect();
            stats.insert(n[0] as u32, Stats { entries: n[1], bodies: n[2], most: n[3] });
        } else if line.starts_with("lf-division ") {
            bad_division = Some(line.to_string());
        }
    }
    Ok(Native { code: status.code(), stderr, stats, bad_division, source })
}

// ---------------------------------------------------------------------------------------------
// One program, end to end.

/// The JSON loops of a marker: the loops reported at the keyword's line, those at its column if
/// the line has several at different columns. (Several at one position, say one per calling
/// context, are all checked.)
fn find_loops<'a>(loops: &'a [Value], m: &Marker) -> Vec<&'a Value> {
    let on_line: Vec<&Value> = loops.iter().filter(|l| l["line"].as_u64() == Some(m.line as u64)).collect();
    let columns: BTreeSet<String> = on_line.iter().map(|l| l["column"].to_string()).collect();
    if columns.len() <= 1 {
        return on_line;
    }
    on_line.into_iter().filter(|l| l["column"].as_u64() == Some(m.column as u64)).collect()
}

/// The schema of one reported loop; problems as messages.
fn schema_problems(l: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut need = |ok: bool, what: &str| {
        if !ok {
            out.push(format!("loop field {what}: {l}"));
        }
    };
    need(l["function"].is_string(), "function is a string");
    need(l["kind"].is_string(), "kind is a string");
    need(l["file"].is_string(), "file is a string");
    need(l["line"].is_u64(), "line is a number");
    need(l["column"].is_u64(), "column is a number");
    need(l["bound"].is_null() || l["bound"].is_string(), "bound is null or a string");
    need(l["max"].is_null() || l["max"].is_u64(), "max is null or a non-negative integer");
    need(l["technique"].is_null() || l["technique"].is_string(), "technique is null or a string");
    need(l["reason"].is_null() || l["reason"].is_string(), "reason is null or a string");
    need(!l["bound"].is_null() || l["reason"].is_string(), "reason is given when bound is null");
    need(l["paths"].is_array(), "paths is an array");
    need(l["certificate"].is_array(), "certificate is an array");
    if let Some(b) = l["bound"].as_str()
        && let Err(e) = parse_expr(b)
    {
        out.push(format!("printed bound {b:?} is not in the expression language: {e}"));
    }
    out
}

struct Outcome {
    failures: Vec<String>,
    notes: Vec<String>,
}

fn check_program(p: &Program) -> Outcome {
    let mut failures = Vec::new();
    let mut notes = Vec::new();
    let dir = temp_dir(&format!("bound-{}", p.name));
    let r = match bound_json(p, &dir, "bound") {
        Ok(r) => r,
        Err(e) => return Outcome { failures: vec![e], notes },
    };
    if r["job"] != "bound" {
        failures.push(format!("job is {} (expected \"bound\")", r["job"]));
    }
    if r["semantics"] != "default" {
        failures.push(format!("semantics is {} (expected \"default\")", r["semantics"]));
    }
    if !r["time_seconds"].is_number() {
        failures.push(format!("time_seconds is {}", r["time_seconds"]));
    }
    let Some(loops) = r["loops"].as_array() else {
        failures.push(format!("no loops array: {r}"));
        return Outcome { failures, notes };
    };
    for l in loops {
        failures.extend(schema_problems(l));
    }
    let mut checks: BTreeMap<u32, LoopCheck> = BTreeMap::new();
    let mut found: BTreeMap<u32, Vec<&Value>> = BTreeMap::new();
    for (&id, m) in &p.markers {
        let ls = find_loops(loops, m);
        if ls.is_empty() {
            let lines: Vec<String> = loops.iter().map(|l| format!("{}:{}", l["line"], l["column"])).collect();
            failures.push(format!(
                "loop {id} ({} at {}:{}) is not reported; reported loops at {}",
                m.keyword,
                m.line,
                m.column,
                lines.join(", ")
            ));
            continue;
        }
        if ls.len() > 1 {
            notes.push(format!("loop {id}: {} loops reported at its position, all checked", ls.len()));
        }
        for &l in &ls {
            notes.push(format!(
                "loop {id} ({} at line {}): bound {}, max {}, technique {}, reason {}",
                m.keyword, m.line, l["bound"], l["max"], l["technique"], l["reason"]
            ));
            if !l["kind"].as_str().is_some_and(|k| k.starts_with(m.keyword)) {
                failures.push(format!("loop {id}: kind {} for a `{}` loop", l["kind"], m.keyword));
            }
            if l["function"] != "run" {
                failures.push(format!("loop {id}: function {} (the marked loops are in `run`)", l["function"]));
            }
            if !l["file"].as_str().is_some_and(|f| f.ends_with(&format!("{}.c", p.name))) {
                failures.push(format!("loop {id}: file {}", l["file"]));
            }
            // Several reports of one loop are checked at once: the count must stay within each.
            let c = checks.entry(id).or_default();
            if let Some(b) = l["bound"].as_str().and_then(|b| parse_expr(b).ok()) {
                c.bound = Some(match c.bound.take() {
                    Some(a) => Expr::Min(Box::new(a), Box::new(b)),
                    None => b,
                });
            }
            if let Some(m) = l["max"].as_u64().map(|m| m as i128) {
                c.max = Some(c.max.map_or(m, |a| a.min(m)));
            }
            // (Per-path bounds of a loop reported once.)
            if ls.len() == 1 {
                for path in l["paths"].as_array().into_iter().flatten() {
                    let (Some(cond), Some(bound)) = (path["condition"].as_str(), path["bound"].as_str()) else {
                        failures.push(format!("loop {id}: a path without condition or bound: {path}"));
                        continue;
                    };
                    match (condition_to_c(cond), parse_expr(bound)) {
                        (Ok(c_cond), Ok(b)) => c.paths.push((c_cond, b)),
                        (Err(e), _) | (_, Err(e)) => failures.push(format!("loop {id}: path {path}: {e}")),
                    }
                }
            }
        }
        found.insert(id, ls);
    }
    for e in &p.expectations {
        for &l in found.get(&e.id).map(|v| v.as_slice()).unwrap_or_default() {
            let printed = l["bound"].as_str();
            let parsed = printed.and_then(|b| parse_expr(b).ok());
            let problem = match &e.check {
                Check::SomeBound => printed.is_none().then(|| format!("no bound printed (reason {})", l["reason"])),
                Check::NoBound => printed.map(|b| format!("bound {b:?} printed")),
                Check::Max(m) => {
                    (l["max"].as_u64().map(|x| x as i128) != Some(*m)).then(|| format!("max is {}", l["max"]))
                }
                Check::Equivalent(x) | Check::AtLeast(x) => match (&parsed, printed) {
                    (_, None) => Some(format!("no bound printed (reason {})", l["reason"])),
                    (None, Some(b)) => Some(format!("bound {b:?} does not parse")),
                    (Some(b), Some(text)) => {
                        let cmp: fn(i128, i128) -> bool = if matches!(e.check, Check::Equivalent(_)) {
                            |got, want| got == want
                        } else {
                            |got, want| got >= want
                        };
                        compare(b, x, &p.ranges, cmp).map(|c| format!("bound {text:?}: {c}"))
                    }
                },
            };
            if let Some(problem) = problem {
                failures.push(format!("`{}`: {problem}", e.text));
            }
        }
    }
    // The native check of every printed bound and max, in one compiled program.
    match run_native(p, &checks, &dir, "native") {
        Err(e) => failures.push(e),
        Ok(n) => {
            match n.code {
                Some(0) => {}
                Some(3) => failures.push(format!(
                    "SOUNDNESS: a native run passed a printed bound or max ({}):\n{}",
                    n.source.display(),
                    n.stderr.lines().filter(|l| !l.starts_with("lf-stats")).collect::<Vec<_>>().join("\n")
                )),
                code => failures.push(format!(
                    "the native program {} ended with {code:?}:\n{}",
                    n.source.display(),
                    n.stderr
                )),
            }
            if let Some(d) = &n.bad_division {
                failures.push(format!("a printed bound divides a negative value or by a non-positive one ({d})"));
            }
            for (id, s) in &n.stats {
                notes.push(format!(
                    "loop {id} natively: {} entries, {} body starts, at most {} per entry",
                    s.entries, s.bodies, s.most
                ));
                if let Some(max) = checks.get(id).and_then(|c| c.max)
                    && (s.most as i128) < max
                {
                    notes.push(format!("loop {id}: printed max {max} above the native maximum {}", s.most));
                }
            }
        }
    }
    Outcome { failures, notes }
}

fn assert_program(name: &str) {
    let p = load(name);
    let o = check_program(&p);
    eprintln!("{name}:\n  {}", o.notes.join("\n  "));
    assert!(o.failures.is_empty(), "{name}: {} failure(s):\n- {}", o.failures.len(), o.failures.join("\n- "));
}

macro_rules! programs {
    ($($name:ident),* $(,)?) => {
        const PROGRAMS: &[&str] = &[$(stringify!($name)),*];
        mod program {
            $(#[test] fn $name() { super::assert_program(stringify!($name)); })*
        }
    };
}

programs!(
    while_increment,
    amortized_reset,
    amortized_raise,
    only_execution,
    recursive_only_execution,
    recursive_with_inputs,
    triangular_float,
    step_two,
    countdown_three,
    constant_64,
    do_while,
    float_counters,
    break_on_input,
    and_condition,
    nested,
    proteus_fig13a,
    may_not_terminate,
    unsigned_loops,
    two_phase,
    unsigned_wrap,
    varied_steps,
    volatile_memory,
    volatile_input,
    volatile_private,
    too_large_callees,
    overflow_only_execution,
);

// ---------------------------------------------------------------------------------------------
// The harness itself, and the negative control.

#[test]
fn every_program_is_listed_and_parses() {
    let mut on_disk: Vec<String> = std::fs::read_dir(programs_dir())
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "c").then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = PROGRAMS.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "the programs in tests/bound and the list in programs!() differ");
    for name in PROGRAMS {
        let p = load(name);
        assert!(!p.markers.is_empty(), "{name}: no marked loop");
        assert!(p.text.starts_with("#ifndef LF_NATIVE\n#define LF_ENTRY(id)\n#define LF_BODY(id)\n#endif\n"), "{name}");
        assert!(
            p.text.contains("srand(7)") || p.text.contains("// deterministic: main reads no input"),
            "{name}: main seeds with srand(7), or says it is deterministic"
        );
    }
}

/// Without checks, every program compiles natively, ends, and runs the body of every marked loop
/// (else the native check would check nothing); and the canonical expectations hold of the
/// counts it saw (the harness agrees with gcc about them).
#[test]
fn programs_run_natively_and_exercise_their_loops() {
    let dir = temp_dir("bound-native-plain");
    for name in PROGRAMS {
        let p = load(name);
        let n = run_native(&p, &BTreeMap::new(), &dir, name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(n.code, Some(0), "{name}: {}", n.stderr);
        for id in p.markers.keys() {
            let s = n.stats.get(id).copied().unwrap_or_default();
            assert!(s.bodies > 0, "{name}: loop {id} never runs natively: {s:?}");
        }
        // The expected bounds, as printed bounds, pass the native check.
        let checks: BTreeMap<u32, LoopCheck> = p
            .expectations
            .iter()
            .filter_map(|e| match &e.check {
                Check::Equivalent(x) => Some((e.id, LoopCheck { bound: Some(x.clone()), ..LoopCheck::default() })),
                Check::Max(m) => Some((e.id, LoopCheck { max: Some(*m), ..LoopCheck::default() })),
                _ => None,
            })
            .collect();
        if !checks.is_empty() {
            let n = run_native(&p, &checks, &dir, &format!("{name}_expected")).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(n.code, Some(0), "{name}: the expected bounds fail natively: {}", n.stderr);
            assert_eq!(n.bad_division, None, "{name}");
            // And they are tight: lowered by one they fail.
            let lowered: BTreeMap<u32, LoopCheck> = checks
                .iter()
                .map(|(id, c)| {
                    let bound = c.bound.clone().map(|b| Expr::Bin('-', Box::new(b), Box::new(Expr::Num(1))));
                    (*id, LoopCheck { bound, max: c.max.map(|m| m - 1), paths: Vec::new() })
                })
                .collect();
            let n = run_native(&p, &lowered, &dir, &format!("{name}_lowered")).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(n.code, Some(3), "{name}: lowered expected bounds pass natively: {}", n.stderr);
        }
    }
}

/// The check can fail: Leapfrog's own bound for `while (i < n) i++;` lowered by one, its max
/// for `for (; i < 64; i++)` lowered by one, and a path's bound of Fig. 13(a) lowered by one are
/// caught by the native runs.
#[test]
fn a_lowered_printed_bound_is_caught() {
    let dir = temp_dir("bound-negative");
    for (name, lower_max) in [("while_increment", false), ("constant_64", true)] {
        let p = load(name);
        let r = bound_json(&p, &dir, name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ls = find_loops(r["loops"].as_array().unwrap(), &p.markers[&1]);
        let l = ls.first().unwrap_or_else(|| panic!("{name}: {r}"));
        let check = if lower_max {
            let m = l["max"].as_u64().unwrap_or_else(|| panic!("{name}: no max printed: {l}")) as i128;
            LoopCheck { bound: None, max: Some(m - 1), paths: Vec::new() }
        } else {
            let b = l["bound"].as_str().unwrap_or_else(|| panic!("{name}: no bound printed: {l}"));
            let b = parse_expr(b).unwrap();
            LoopCheck { bound: Some(Expr::Bin('-', Box::new(b), Box::new(Expr::Num(1)))), max: None, paths: Vec::new() }
        };
        let n = run_native(&p, &BTreeMap::from([(1, check)]), &dir, name).unwrap();
        assert_eq!(n.code, Some(3), "{name}: the lowered bound passed natively: {}", n.stderr);
    }
    // A path's bound lowered by one: Fig. 13(a)'s path that resets `j` runs `n` times.
    let p = load("proteus_fig13a");
    let r = bound_json(&p, &dir, "fig13a").unwrap_or_else(|e| panic!("proteus_fig13a: {e}"));
    let ls = find_loops(r["loops"].as_array().unwrap(), &p.markers[&1]);
    let l = ls.first().unwrap_or_else(|| panic!("proteus_fig13a: {r}"));
    let path = l["paths"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["technique"] == "exit-condition"))
        .unwrap_or_else(|| panic!("proteus_fig13a: no path bound by its exit condition: {l}"));
    let b = parse_expr(path["bound"].as_str().unwrap()).unwrap();
    let lowered = Expr::Bin('-', Box::new(b.clone()), Box::new(Expr::Num(1)));
    let condition = condition_to_c(path["condition"].as_str().unwrap()).unwrap();
    let check = LoopCheck { bound: Some(b), max: None, paths: vec![(condition, lowered)] };
    let n = run_native(&p, &BTreeMap::from([(1, check)]), &dir, "fig13a_path").unwrap();
    assert_eq!(n.code, Some(3), "proteus_fig13a: the lowered path bound passed natively: {}", n.stderr);
}

/// The text format runs too.
#[test]
fn text_format_ends_normally() {
    let p = load("while_increment");
    let out = leapfrog(&["bound", "--timeout", "10", p.path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!out.stdout.is_empty());
}

#[test]
fn the_evaluator_follows_the_expression_language() {
    let env: HashMap<String, i128> = [("n", 5), ("i", 0), ("c", -7)].iter().map(|(k, v)| (k.to_string(), *v)).collect();
    let ev = |s: &str| eval(&parse_expr(s).unwrap_or_else(|e| panic!("{e}")), &env);
    assert_eq!(ev("max(0, n - i + 1) / 2"), Ok(3));
    assert_eq!(ev("max(0, n - i)"), Ok(5));
    assert_eq!(ev("1 + 2 * 3 - 4"), Ok(3));
    assert_eq!(ev("(1 + 2) * 3"), Ok(9));
    assert_eq!(ev("10 - 3 - 2"), Ok(5));
    assert_eq!(ev("20 / 3 / 2"), Ok(3));
    assert_eq!(ev("-c - -2"), Ok(9));
    assert_eq!(ev("min(4, max(1, 2))"), Ok(2));
    assert_eq!(ev("max(1, 2, 9, 3)"), Ok(9));
    assert_eq!(ev("max(0, c + 2) / 3"), Ok(0));
    assert_eq!(ev("64LL + 4294967295u"), Ok(4294967359));
    assert_eq!(ev("n * n * n * n * 1000000000000"), Ok(625_000_000_000_000));
    assert!(ev("c / 2").is_err(), "division of a negative value");
    assert!(ev("n / 0").is_err());
    assert!(ev("m + 1").is_err(), "unknown variable");
    for bad in ["n +", "foo(1, 2)", "max(1)", "n ? 1 : 2", "(n", "n)", "n i", "n % 2", "n << 1", ""] {
        assert!(parse_expr(bad).is_err(), "{bad:?} parsed");
    }
    let eq =
        |a: &str, b: &str| compare(&parse_expr(a).unwrap(), &parse_expr(b).unwrap(), &HashMap::new(), |x, y| x == y);
    assert_eq!(eq("max(n - i, 0)", "max(0, n - i)"), None);
    assert_eq!(eq("max(0, n - i + 1) / 2", "max(0, (n + 1) - i) / 2"), None);
    assert_eq!(eq("max(0, c + 2) / 3", "max(0, c - 1) / 3 + min(1, max(0, c))"), None);
    assert!(eq("max(0, n - i) / 2", "max(0, n - i + 1) / 2").is_some());
    assert!(eq("n - i", "max(0, n - i)").is_some());
    // Where the expected expression is undefined, the sample does not count; where only the
    // printed one is, it fails.
    assert_eq!(eq("max(0, n - i + 1) / 2", "(n - i + 1) / 2"), None);
    assert!(eq("(n - i + 1) / 2", "max(0, n - i + 1) / 2").is_some());
    let ranges = HashMap::from([("u".to_string(), (0, 50))]);
    let ge = compare(&parse_expr("u").unwrap(), &parse_expr("max(0, u)").unwrap(), &ranges, |x, y| x == y);
    assert_eq!(ge, None, "ranges restrict the samples");
    // The C form.
    assert_eq!(
        to_c(&parse_expr("max(0, n - -i + 1) / 2").unwrap()),
        "lf_div(lf_max(0LL, ((lf_v_n - (-lf_v_i)) + 1LL)), 2LL)"
    );
}

#[test]
fn markers_and_expectations_are_read() {
    let text = "#ifndef LF_NATIVE\n#define LF_ENTRY(id)\n#define LF_BODY(id)\n#endif\n\
                int run(int i, int n) {\n  LF_ENTRY(1); while (i < n) { LF_BODY(1); i++; }\n  LF_ENTRY(2);\n  do {\n LF_BODY(2); i--; } while (i > 0);\n  return i;\n}\n\
                // expect 1: bound equivalent max(0, n - i)\n// expect 2: bound at least 1\n// expect 2: max 7\n// expect 1: no bound\n// range n 0 9\n";
    let p = parse_program("t", PathBuf::from("t.c"), text.to_string()).unwrap();
    assert_eq!((p.markers[&1].line, p.markers[&1].column, p.markers[&1].keyword), (6, 16, "while"));
    assert_eq!((p.markers[&2].line, p.markers[&2].column, p.markers[&2].keyword), (8, 3, "do"));
    assert_eq!(p.expectations.len(), 4);
    assert!(matches!(p.expectations[2].check, Check::Max(7)));
    assert_eq!(p.ranges["n"], (0, 9));
    let src = native_source(
        &p,
        &BTreeMap::from([(1, LoopCheck { bound: parse_expr("max(0, n - i)").ok(), max: Some(3), paths: Vec::new() })]),
    );
    assert!(src.contains("long long lf_v_i = (long long)(i); long long lf_v_n = (long long)(n);"), "{src}");
    assert!(src.contains("lf_bound_1 = lf_max(0LL, (lf_v_n - lf_v_i));"), "{src}");
    assert!(src.contains("if (lf_count_1 > 3LL)"), "{src}");
    assert!(src.contains("#define LF_ENTRY(id)\n"), "the #defines stay: {src}");
    // Markers the convention does not allow.
    let far = text.replace("LF_ENTRY(2);\n  do", "LF_ENTRY(2);\n\n  do");
    assert!(parse_program("t", PathBuf::from("t.c"), far).is_err());
    let no_body = text.replace("LF_BODY(2);", "");
    assert!(parse_program("t", PathBuf::from("t.c"), no_body).is_err());
    let unknown = format!("{text}// expect 3: bound\n");
    assert!(parse_program("t", PathBuf::from("t.c"), unknown).is_err());
}

/// The native rewriting on a hand-written program, without Leapfrog: a true bound passes, a bound
/// one too low and a max one too low fail with exit code 3, and a division of a negative value
/// is reported.
#[test]
fn the_native_check_passes_true_bounds_and_catches_low_ones() {
    let dir = temp_dir("bound-native-unit");
    let text = "#ifndef LF_NATIVE\n#define LF_ENTRY(id)\n#define LF_BODY(id)\n#endif\n#include <stdlib.h>\n\
                int run(unsigned u, int n) {\n  int s = 0;\n  LF_ENTRY(1);\n  while (u < 5u) { LF_BODY(1); u++; s++; }\n  int i = 0;\n  LF_ENTRY(2); for (; i < n; i += 2) { LF_BODY(2); s++; }\n  return s;\n}\n\
                int main(void) { srand(7); int s = 0; for (int t = 0; t < 1000; t++) s += run(rand() % 9, rand() % 21 - 10); return s < 0; }\n";
    let p = parse_program("unit", PathBuf::from("unit.c"), text.to_string()).unwrap();
    let check = |b1: &str, b2: &str, max1: Option<i128>| {
        let checks = BTreeMap::from([
            (1, LoopCheck { bound: Some(parse_expr(b1).unwrap()), max: max1, paths: Vec::new() }),
            (2, LoopCheck { bound: Some(parse_expr(b2).unwrap()), max: None, paths: Vec::new() }),
        ]);
        run_native(&p, &checks, &dir, "unit").unwrap()
    };
    let ok = check("max(0, 5 - u)", "max(0, n - i + 1) / 2", Some(5));
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    assert_eq!(ok.bad_division, None);
    assert_eq!(ok.stats[&1].most, 5);
    assert_eq!(ok.stats[&2].most, 5);
    let low = check("max(0, 5 - u) - 1", "max(0, n - i + 1) / 2", None);
    assert_eq!(low.code, Some(3), "{}", low.stderr);
    assert!(low.stderr.contains("loop 1 exceeded its bound"), "{}", low.stderr);
    let low = check("max(0, 5 - u)", "max(0, n - i) / 2", None);
    assert_eq!(low.code, Some(3), "{}", low.stderr);
    assert!(low.stderr.contains("loop 2 exceeded its bound"), "{}", low.stderr);
    let low_max = check("max(0, 5 - u)", "max(0, n - i + 1) / 2", Some(4));
    assert_eq!(low_max.code, Some(3), "{}", low_max.stderr);
    assert!(low_max.stderr.contains("loop 1 exceeded its max"), "{}", low_max.stderr);
    let negative = check("max(0, 5 - u)", "(n - i + 1) / 2 + 1", None);
    assert!(negative.bad_division.is_some(), "{}", negative.stderr);
}
