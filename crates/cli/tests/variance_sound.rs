//! Variance arguments hold on real executions, checked from outside with gcc-compiled code.
//!
//! A `variance-analysis` certificate claims, for a loop, that any two visits i < j of its header
//! during one execution of the loop statement satisfy one of its disjuncts (`\at(x, AnyPrev)` is
//! `x` at visit i, a plain `x` is `x` at visit j), and that the ranking function f of every
//! disjunct the pair satisfies has f(i) >= 0 and f(j) <= f(i) - 1. The header of `while (c)` and of
//! `for (init; c; step)` is each evaluation of `c`.
//!
//! For the paper's POPL'07 examples, a deterministic sample of the small termination suites and a
//! few programs written here, `leapfrog terminate` runs; each `while` or `for` loop it answers with
//! `variance-analysis` is instrumented in the original C:
//!
//! - `while (c)` becomes `for (__lf_reset_K(F); __lf_record_K(F, x, y, ...), (c); )` (the same
//!   loop, whatever statement it is the body of: `else while`, a label, an `if` without braces);
//! - `for (init; c; step)` becomes `for (init'; __lf_record_K(F, x, y, ...), (c); step)`, where
//!   `init'` evaluates `__lf_reset_K(F)` inside init's first initializer or assignment
//!   (`int i = (__lf_reset_K(F), 0)`), or is the reset alone when init is empty;
//!
//! with `F` the frame address of the function's activation and `x, y, ...` every variable the
//! disjuncts and ranking functions name. The reset starts a new history each time the loop
//! statement is entered; `__lf_record_K` checks the new header state against every earlier one
//! of the history (at most [`HISTORY`] states) and ends the run with exit code 86 and a message
//! when no disjunct holds or a ranking function does not decrease. A record from another
//! activation than the reset's (the loop re-entered by recursion) stops the checks until the next
//! reset. `do` loops (whose condition is not evaluated before the first iteration) and `goto`
//! loops (no condition to put the call in) are not instrumented, nor is a loop printed twice
//! (a function inlined at two calls, each copy with its own certificate); a loop whose
//! instrumentation gcc rejects (a certificate naming a variable not visible at the loop) is
//! listed as not checked. A `goto` from outside into a loop's body would skip the reset (none of
//! the programs here has one).
//!
//! The instrumented program is linked with the differential test's harness (nondeterministic
//! values from seeded streams, `differential/`) and run natively. Under the default semantics
//! signed integers are mathematical, so signed overflow traps (`-fsanitize=signed-integer-overflow`,
//! trapping): every state checked is a state of a run without overflow. Bit-precise answers are
//! run with `-fwrapv`. Uninitialized locals are 0 (one of the values the analysis allows).
//! Programs are analysed and run as LP64 (the native data model). The history
//! and counters live in a file the checker maps, so runs that end through `_exit` or are killed at
//! the time limit still report what they checked. Runs still going at the limit are counted, not
//! failures.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "differential/harness.rs"]
#[allow(dead_code)]
mod harness;
#[path = "support/instrument.rs"]
#[allow(dead_code)]
mod instrument;
#[path = "differential/native.rs"]
#[allow(dead_code)]
mod native;
#[path = "support/process.rs"]
mod process;

use corpus::{benchmarks_dir, for_each_parallel, seed_of, tasks};
use instrument::{matching_paren, top_level_semicolons};
use native::NativeOutcome;
use process::{leapfrog, temp_dir, write};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// `terminate`'s budget per corpus task; for the paper's examples and [`OWN_PROGRAMS`] (whose
/// answer is asserted), a larger one: the variance analysis of a loop gets a tenth of the budget,
/// some of these take 0.5 s, and the test runs on a busy machine (they all end in 2 s anyway).
const TIMEOUT: &str = "5";
const EXAMPLE_TIMEOUT: &str = "20";
/// The corpus suites sampled (their termination tasks), each with a stride: every k-th task in
/// manifest order, starting with the first.
const SUITES: &[(&str, usize)] = &[
    ("svcomp-loop-acceleration", 2),
    ("svcomp-loop-invgen", 2),
    ("svcomp-loop-lit", 2),
    ("svcomp-loop-new", 2),
    ("svcomp-loop-simple", 2),
    ("svcomp-loops", 2),
    ("tpdb-c-integer", 2),
];
/// Seeded input streams per instrumented program, and the time limit of each run.
const RUNS: u64 = 40;
const RUN_LIMIT: Duration = Duration::from_millis(500);
/// Header states kept per execution of a loop statement; later ones are neither checked nor kept.
const HISTORY: usize = 2000;
/// The exit code of a run whose checker found a pair that refutes a certificate.
const VIOLATION_EXIT: i32 = 86;

/// Programs answered with `variance-analysis` (each has such a loop; asserted, so that the test
/// cannot pass without checking one).
const OWN_PROGRAMS: &[(&str, &str)] = &[
    (
        // A loop in a called function: its disjuncts name only what is visible in `step`, not
        // the caller's `s` and `i` (the analysis projects them away).
        "called-from-a-loop.c",
        "extern int __VERIFIER_nondet_int(void);
int step(int x, int k) { int n = 0;
  if (k > 0) while (x < 0 && k > 0) { x = x * x + k; n++; }
  return n; }
int main(void) { int s = 0;
  for (int i = 0; i < 3; i++) s += step(__VERIFIER_nondet_int() % 1000, __VERIFIER_nondet_int() % 1000);
  return s; }
",
    ),
    (
        // Sign domain, then a countdown: x is negative at most once.
        "square-then-countdown.c",
        "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 1000 || x < -1000) return 0;
  while (x < 0 || y > 0) {
    if (x < 0) x = x * x + 1; else y = y - 1;
  }
  return 0;
}
",
    ),
    (
        // The same as a `for` with a declaration, the body of an `else`.
        "for-in-else.c",
        "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  if (y > 5) return 0;
  else for (int x = __VERIFIER_nondet_int() % 100; x < 0 || y > 0; ) {
    if (x < 0) x = x * x + 2; else y = y - 1;
  }
  return 0;
}
",
    ),
    (
        // An unsigned countdown.
        "unsigned-countdown.c",
        "extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  int x = __VERIFIER_nondet_int() % 1000;
  unsigned u = __VERIFIER_nondet_uint() % 50;
  while (x < 0 || u > 0) {
    if (x < 0) x = x * x + 1; else u = u - 1;
  }
  return 0;
}
",
    ),
    (
        // POPL'07 Fig. 2's inner loop with a `while` for the `do`: x drops to at most 9 or y
        // decreases.
        "fig2-while.c",
        "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  while (x > a && y > b) {
    if (__VERIFIER_nondet_int()) {
      while (x > 10) x = x - 1;
      x = x - 1;
    } else {
      y = y - 1;
    }
  }
  return 0;
}
",
    ),
    (
        // POPL'07 Fig. 2's inner loop entered again and again, x and y raised in between: each
        // entry starts a new history.
        "fig2-reentered.c",
        "extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  while (__VERIFIER_nondet_int()) {
    while (x > a && y > b) {
      if (__VERIFIER_nondet_int()) { do { x = x - 1; } while (x > 10); } else { y = y - 1; }
    }
    x = x + 7; y = y + 3;
  }
  return 0;
}
",
    ),
];

// ---- Linear expressions of the certificate ----

/// When a variable's value is taken: at the earlier header visit (`\at(x, AnyPrev)`) or the later.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum When {
    Earlier,
    Later,
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// A rational number (numerator, positive denominator), reduced.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Rat(i128, i128);

impl Rat {
    fn new(n: i128, d: i128) -> Option<Rat> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1);
        let (n, d) = (n / g, d / g);
        Some(if d < 0 { Rat(n.checked_neg()?, -d) } else { Rat(n, d) })
    }
    fn add(self, o: Rat) -> Option<Rat> {
        Rat::new(self.0.checked_mul(o.1)?.checked_add(o.0.checked_mul(self.1)?)?, self.1.checked_mul(o.1)?)
    }
    fn mul(self, o: Rat) -> Option<Rat> {
        Rat::new(self.0.checked_mul(o.0)?, self.1.checked_mul(o.1)?)
    }
}

/// A variable (when read) with an integer coefficient.
type IntTerm = ((When, String), i128);

/// A linear form: coefficients of (when, variable), and a constant.
#[derive(Clone, Debug)]
struct Linear {
    terms: Vec<((When, String), Rat)>,
    constant: Rat,
}

impl Linear {
    fn constant(r: Rat) -> Linear {
        Linear { terms: Vec::new(), constant: r }
    }
    fn var(when: When, name: &str) -> Linear {
        Linear { terms: vec![((when, name.to_string()), Rat(1, 1))], constant: Rat(0, 1) }
    }
    fn scale(&self, k: Rat) -> Option<Linear> {
        let terms = self.terms.iter().map(|(v, a)| Some((v.clone(), a.mul(k)?))).collect::<Option<_>>()?;
        Some(Linear { terms, constant: self.constant.mul(k)? })
    }
    fn add(&self, o: &Linear) -> Option<Linear> {
        let mut out = self.clone();
        for (v, a) in &o.terms {
            match out.terms.iter_mut().find(|(w, _)| w == v) {
                Some((_, b)) => *b = b.add(*a)?,
                None => out.terms.push((v.clone(), *a)),
            }
        }
        out.constant = out.constant.add(o.constant)?;
        out.terms.retain(|(_, a)| a.0 != 0);
        Some(out)
    }
    fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }
    fn names(&self) -> impl Iterator<Item = &str> {
        self.terms.iter().map(|((_, n), _)| n.as_str())
    }
    /// The form times the least common multiple of its denominators: integer coefficients and
    /// constant, and that multiple.
    fn integral(&self) -> Option<(Vec<IntTerm>, i128, i128)> {
        let mut l: i128 = self.constant.1;
        for (_, a) in &self.terms {
            l = l.checked_mul(a.1 / gcd(l, a.1))?;
        }
        let int = |r: Rat| r.0.checked_mul(l / r.1);
        let terms = self.terms.iter().map(|(v, a)| Some((v.clone(), int(*a)?))).collect::<Option<_>>()?;
        Some((terms, int(self.constant)?, l))
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Token {
    Num(i128),
    Name(String),
    /// `\at(x, AnyPrev)`.
    Earlier(String),
    Sym(&'static str),
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    // The casts that make C's arithmetic the mathematical one change no value here.
    let text = &text.replace("(long long)", "");
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Token::Num(text[start..i].parse().map_err(|_| format!("number too large in `{text}`"))?));
        } else if word(c) {
            let start = i;
            while i < b.len() && word(b[i]) {
                i += 1;
            }
            out.push(Token::Name(text[start..i].to_string()));
        } else if text[i..].starts_with("\\at(") {
            let close = text[i..].find(')').ok_or_else(|| format!("unclosed \\at in `{text}`"))? + i;
            let inner: Vec<&str> = text[i + 4..close].split(',').map(str::trim).collect();
            match inner[..] {
                [name, "AnyPrev"] if !name.is_empty() && name.bytes().all(word) => {
                    out.push(Token::Earlier(name.to_string()))
                }
                _ => return Err(format!("unexpected `{}` in `{text}`", &text[i..=close])),
            }
            i = close + 1;
        } else {
            let sym = ["&&", ">=", "<=", "==", "!=", ">", "<", "+", "-", "*", "/", "(", ")"]
                .into_iter()
                .find(|s| text[i..].starts_with(s))
                .ok_or_else(|| format!("unexpected `{}` in `{text}`", &text[i..]))?;
            out.push(Token::Sym(sym));
            i += sym.len();
        }
    }
    Ok(out)
}

/// A parser of linear expressions, comparisons and conjunctions over [`Token`]s.
struct Parser<'a> {
    toks: &'a [Token],
    at: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.at)
    }
    fn eat(&mut self, s: &'static str) -> bool {
        if self.peek() == Some(&Token::Sym(s)) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at token {} of `{}`", self.at, self.text))
    }
    fn overflow<T>(&self, x: Option<T>) -> Result<T, String> {
        x.ok_or_else(|| format!("coefficients beyond 128 bits in `{}`", self.text))
    }
    /// expr := ['-'] term (('+' | '-') term)*
    fn expr(&mut self) -> Result<Linear, String> {
        let mut sum = Linear::constant(Rat(0, 1));
        let mut sign = if self.eat("-") { -1 } else { 1 };
        loop {
            let t = self.term()?;
            let t = self.overflow(t.scale(Rat(sign, 1)))?;
            sum = self.overflow(sum.add(&t))?;
            if self.eat("+") {
                sign = 1;
            } else if self.eat("-") {
                sign = -1;
            } else {
                return Ok(sum);
            }
        }
    }
    /// term := atom (('*' | '/') atom)*, one atom at most not constant, divisors constant.
    fn term(&mut self) -> Result<Linear, String> {
        let mut t = self.atom()?;
        loop {
            if self.eat("*") {
                let a = self.atom()?;
                t = if t.is_constant() {
                    self.overflow(a.scale(t.constant))?
                } else if a.is_constant() {
                    self.overflow(t.scale(a.constant))?
                } else {
                    return self.err("a product of two variables");
                };
            } else if self.eat("/") {
                let a = self.atom()?;
                if !a.is_constant() || a.constant.0 == 0 {
                    return self.err("a division by a variable or 0");
                }
                let inverse = self.overflow(Rat::new(a.constant.1, a.constant.0))?;
                t = self.overflow(t.scale(inverse))?;
            } else {
                return Ok(t);
            }
        }
    }
    /// atom := number | name | \at(name, AnyPrev) | '(' expr ')' | '-' atom
    fn atom(&mut self) -> Result<Linear, String> {
        let tok = self.peek().cloned();
        self.at += 1;
        match tok {
            Some(Token::Num(n)) => Ok(Linear::constant(Rat(n, 1))),
            Some(Token::Name(n)) => Ok(Linear::var(When::Later, &n)),
            Some(Token::Earlier(n)) => Ok(Linear::var(When::Earlier, &n)),
            Some(Token::Sym("(")) => {
                let e = self.expr()?;
                if !self.eat(")") {
                    return self.err("a missing `)`");
                }
                Ok(e)
            }
            Some(Token::Sym("-")) => {
                let a = self.atom()?;
                self.overflow(a.scale(Rat(-1, 1)))
            }
            _ => {
                self.at -= 1;
                self.err("an unexpected token")
            }
        }
    }
    /// conjunction := comparison ('&&' comparison)* | '1'
    fn conjunction(&mut self) -> Result<Vec<Comparison>, String> {
        if self.toks == [Token::Num(1)] {
            self.at = 1;
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        loop {
            let lhs = self.expr()?;
            let op = match self.peek() {
                Some(Token::Sym(s @ (">=" | "<=" | "==" | "!=" | ">" | "<"))) => *s,
                _ => return self.err("a missing comparison"),
            };
            self.at += 1;
            let rhs = self.expr()?;
            let diff = self.overflow(lhs.add(&self.overflow(rhs.scale(Rat(-1, 1)))?))?;
            out.push(Comparison { diff, op });
            if !self.eat("&&") {
                return Ok(out);
            }
        }
    }
    fn end(&self) -> Result<(), String> {
        if self.at == self.toks.len() { Ok(()) } else { self.err("trailing tokens") }
    }
}

/// `diff op 0`.
#[derive(Debug)]
struct Comparison {
    diff: Linear,
    op: &'static str,
}

fn parse_disjunct(text: &str) -> Result<Vec<Comparison>, String> {
    let toks = tokens(text)?;
    let mut p = Parser { toks: &toks, at: 0, text };
    let c = p.conjunction()?;
    p.end()?;
    Ok(c)
}

fn parse_ranking(text: &str) -> Result<Linear, String> {
    let toks = tokens(text)?;
    let mut p = Parser { toks: &toks, at: 0, text };
    let e = p.expr()?;
    p.end()?;
    if e.terms.iter().any(|((w, _), _)| *w == When::Earlier) {
        return Err(format!("a ranking function with \\at: `{text}`"));
    }
    Ok(e)
}

// ---- The checker ----

/// One loop to check: its position, certificate (parsed) and the variables it names.
struct Probe {
    line: usize,
    column: usize,
    kind: String,
    disjuncts: Vec<(String, Vec<Comparison>)>,
    rankings: Vec<(String, Linear)>,
    vars: Vec<String>,
}

impl Probe {
    fn new(l: &Value) -> Result<Probe, String> {
        let c = &l["certificate"];
        let texts = |key: &str| -> Vec<String> {
            c[key]
                .as_array()
                .map(|a| a.iter().filter_map(|t| t.as_str().map(str::to_string)).collect())
                .unwrap_or_default()
        };
        let (disjuncts, rankings) = (texts("disjuncts"), texts("expressions"));
        if disjuncts.is_empty() || disjuncts.len() != rankings.len() {
            return Err(format!("{} disjuncts for {} ranking functions: {c}", disjuncts.len(), rankings.len()));
        }
        let disjuncts: Vec<(String, Vec<Comparison>)> =
            disjuncts.into_iter().map(|d| Ok((d.clone(), parse_disjunct(&d)?))).collect::<Result<_, String>>()?;
        let rankings: Vec<(String, Linear)> =
            rankings.into_iter().map(|r| Ok((r.clone(), parse_ranking(&r)?))).collect::<Result<_, String>>()?;
        let mut vars = BTreeSet::new();
        for (_, d) in &disjuncts {
            vars.extend(d.iter().flat_map(|c| c.diff.names()).map(str::to_string));
        }
        for (_, r) in &rankings {
            vars.extend(r.names().map(str::to_string));
        }
        Ok(Probe {
            line: l["line"].as_u64().unwrap_or(0) as usize,
            column: l["column"].as_u64().unwrap_or(0) as usize,
            kind: l["kind"].as_str().unwrap_or_default().to_string(),
            disjuncts,
            rankings,
            vars: vars.into_iter().collect(),
        })
    }

    /// The integral form `terms + constant` as C over the arrays `p` (earlier state) and `c`
    /// (later state), in `lf_int`; `plain` says which state the plain variables are read in (for
    /// a ranking function, either; in a disjunct, the later one).
    fn c_form(&self, terms: &[IntTerm], constant: i128, plain: When) -> String {
        let mut out = format!("(lf_int){constant}");
        for ((when, name), a) in terms {
            let i = self.vars.iter().position(|v| v == name).expect("a variable of the probe");
            let array = match (when, plain) {
                (When::Earlier, _) | (When::Later, When::Earlier) => "p",
                (When::Later, When::Later) => "c",
            };
            let _ = write!(out, " + (lf_int){a} * {array}[{i}]");
        }
        out
    }
}

/// The checker's unit (C, already preprocessed: no directives) for `probes`, reporting to the
/// file `stats` (4096 bytes: counters as `long long`, [0] header states recorded, [1] pairs
/// checked, [2] loop statements entered, [3] 1 after a violation, [4] states beyond the history;
/// the violation's message from byte 64).
fn checker(probes: &[Probe], stats: &Path) -> Result<String, String> {
    let mut s = format!(
        "typedef __int128 lf_int;
extern int open(const char *, int, ...);
extern void *mmap(void *, unsigned long, int, int, int, long);
extern int snprintf(char *, unsigned long, const char *, ...);
extern void _exit(int);
static long long *lf_stats;
__attribute__((no_instrument_function)) static void lf_init(void) {{
  if (lf_stats) return;
  int fd = open({path:?}, 2);
  void *m = fd < 0 ? (void *)-1 : mmap(0, 4096, 3, 1, fd, 0);
  if (m == (void *)-1) _exit(87);
  lf_stats = (long long *)m;
}}
__attribute__((no_instrument_function)) static void lf_violation(int loop, int earlier, int later, const char *what,
    int n, const char *const *names, const lf_int *p, const lf_int *c) {{
  char *m = (char *)lf_stats + 64;
  unsigned long room = 4000, k = snprintf(m, room, \"loop %d, header visits %d and %d: %s; earlier:\", loop, earlier, later, what);
  for (int v = 0; v < n && k < room - 200; v++) k += snprintf(m + k, room - k, \" %s = %lld\", names[v], (long long)p[v]);
  k += snprintf(m + k, room - k, \"; later:\");
  for (int v = 0; v < n && k < room - 200; v++) k += snprintf(m + k, room - k, \" %s = %lld\", names[v], (long long)c[v]);
  lf_stats[3] = 1;
  _exit({VIOLATION_EXIT});
}}
",
        path = stats.display().to_string()
    );
    for (k, probe) in probes.iter().enumerate() {
        let n = probe.vars.len().max(1);
        let names: Vec<String> = probe.vars.iter().map(|v| format!("{v:?}")).collect();
        let params: Vec<String> = (0..probe.vars.len()).map(|i| format!("lf_int a{i}")).collect();
        let args: Vec<String> = (0..probe.vars.len()).map(|i| format!("a{i}")).collect();
        let _ = write!(
            s,
            "static lf_int lf_hist_{k}[{HISTORY}][{n}];
static int lf_len_{k}, lf_valid_{k};
static void *lf_frame_{k};
static const char *const lf_names_{k}[{n}] = {{{names}}};
__attribute__((no_instrument_function)) void __lf_reset_{k}(void *frame) {{
  lf_init(); lf_frame_{k} = frame; lf_len_{k} = 0; lf_valid_{k} = 1; lf_stats[2]++;
}}
__attribute__((no_instrument_function)) void __lf_record_{k}(void *frame{comma}{params}) {{
  lf_int c[{n}] = {{{args}}};
  lf_init();
  if (!lf_valid_{k} || frame != lf_frame_{k}) {{ lf_valid_{k} = 0; return; }}
  if (lf_len_{k} >= {HISTORY}) {{ lf_stats[4]++; return; }}
  for (int i = 0; i < lf_len_{k}; i++) {{
    const lf_int *p = lf_hist_{k}[i];
    int covered = 0;
",
            names = if names.is_empty() { "\"\"".to_string() } else { names.join(", ") },
            comma = if params.is_empty() { "" } else { ", " },
            params = params.join(", "),
            args = if args.is_empty() { "0".to_string() } else { args.join(", ") },
        );
        for (d, ((dtext, conj), (rtext, ranking))) in probe.disjuncts.iter().zip(&probe.rankings).enumerate() {
            let mut holds = Vec::new();
            for c in conj {
                let (terms, constant, _) = c.diff.integral().ok_or("coefficients beyond 128 bits")?;
                holds.push(format!("({}) {} 0", probe.c_form(&terms, constant, When::Later), c.op));
            }
            if holds.is_empty() {
                holds.push("1".into());
            }
            // f = N / l with N integral and l > 0: f(i) >= 0 and f(j) <= f(i) - 1 are N(i) >= 0
            // and N(j) <= N(i) - l.
            let (terms, constant, l) = ranking.integral().ok_or("coefficients beyond 128 bits")?;
            let (before, after) =
                (probe.c_form(&terms, constant, When::Earlier), probe.c_form(&terms, constant, When::Later));
            let what = format!("disjunct {d} ({dtext}) holds but its ranking function {rtext} does not decrease");
            let _ = write!(
                s,
                "    if ({holds}) {{
      lf_int before = {before}, after = {after};
      covered = 1;
      if (!(before >= 0 && after <= before - (lf_int){l}))
        lf_violation({k}, i, lf_len_{k}, {what:?}, {nv}, lf_names_{k}, p, c);
    }}
",
                holds = holds.join(" && "),
                nv = probe.vars.len(),
            );
        }
        let _ = write!(
            s,
            "    if (!covered) lf_violation({k}, i, lf_len_{k}, \"no disjunct holds\", {nv}, lf_names_{k}, p, c);
    lf_stats[1]++;
  }}
  for (int v = 0; v < {n}; v++) lf_hist_{k}[lf_len_{k}][v] = c[v];
  lf_len_{k}++;
  lf_stats[0]++;
}}
",
            nv = probe.vars.len(),
        );
    }
    Ok(s)
}

/// An edit of the source: at byte `at`, replace `remove` bytes by `text`.
struct Edit {
    at: usize,
    remove: usize,
    text: String,
}

/// The first assignment `=` at the top level of `s` (not `==`, `<=`, `>=`, `!=`), and where its
/// right-hand side ends (the next top-level `,`, or the end).
fn first_assignment(s: &str) -> Option<(usize, usize)> {
    let b = s.as_bytes();
    let mut depth = 0;
    let mut eq = None;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth -= 1,
            b'=' if depth == 0 && eq.is_none() => {
                let prev = i.checked_sub(1).map(|k| b[k]);
                if b.get(i + 1) != Some(&b'=') && !matches!(prev, Some(b'=' | b'!' | b'<' | b'>')) {
                    eq = Some(i);
                }
            }
            b',' if depth == 0 && eq.is_some() => return eq.map(|e| (e, i)),
            _ => {}
        }
    }
    eq.map(|e| (e, b.len()))
}

/// `source` with the reset and record calls of every probe (index = the `K` of its functions),
/// and prototypes on a first line of their own.
fn instrument(source: &str, probes: &[Probe]) -> Result<String, String> {
    let line_starts: Vec<usize> = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut edits: Vec<Edit> = Vec::new();
    let mut prototypes = String::new();
    let frame = "__builtin_frame_address(0)";
    for (k, p) in probes.iter().enumerate() {
        let at = line_starts.get(p.line.wrapping_sub(1)).ok_or_else(|| format!("no line {}", p.line))? + p.column - 1;
        let after = source.as_bytes().get(at + p.kind.len()).copied().unwrap_or(b' ');
        if !source[at..].starts_with(p.kind.as_str()) || after.is_ascii_alphanumeric() || after == b'_' {
            return Err(format!("no `{}` at {}:{}", p.kind, p.line, p.column));
        }
        let open = at + source[at..].find('(').ok_or("no `(` after the loop keyword")?;
        let close = matching_paren(source, open).ok_or("no matching `)`")?;
        let reset = format!("__lf_reset_{k}({frame})");
        let args: String = p.vars.iter().map(|v| format!(", {v}")).collect();
        let record = format!("__lf_record_{k}({frame}{args})");
        let int128: String = p.vars.iter().map(|_| ", __int128").collect();
        let _ = write!(prototypes, "void __lf_reset_{k}(void *); void __lf_record_{k}(void *{int128}); ");
        let mut edit = |at: usize, remove: usize, text: String| edits.push(Edit { at, remove, text });
        if p.kind == "while" {
            edit(at, "while".len(), "for".into());
            edit(open + 1, 0, format!("{reset}; {record}, ("));
            edit(close, 0, "); ".into());
        } else {
            let semis = top_level_semicolons(source, open, close);
            let [first, second] = semis[..] else { return Err("a `for` without two `;`".into()) };
            let init = &source[open + 1..first];
            if init.trim().is_empty() {
                edit(open + 1, 0, reset);
            } else if let Some((eq, end)) = first_assignment(init) {
                let rhs = eq + 1 + (init[eq + 1..].len() - init[eq + 1..].trim_start().len());
                edit(open + 1 + rhs, 0, format!("({reset}, "));
                edit(open + 1 + end, 0, ")".into());
            } else {
                edit(open + 1, 0, format!("{reset}, "));
            }
            if source[first + 1..second].trim().is_empty() {
                edit(first + 1, 0, format!(" {record}, 1"));
            } else {
                edit(first + 1, 0, format!(" {record}, ("));
                edit(second, 0, ")".into());
            }
        }
    }
    // Back to front; edits at one offset are applied last-made first, so they read in the order made.
    let mut order: Vec<usize> = (0..edits.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(edits[i].at), std::cmp::Reverse(i)));
    let mut out = source.to_string();
    for i in order {
        let e = &edits[i];
        out.replace_range(e.at..e.at + e.remove, &e.text);
    }
    Ok(format!("{prototypes}\n{out}"))
}

// ---- Running it all ----

#[derive(Default)]
struct Tally {
    programs: usize,
    variance_loops: usize,
    /// Not instrumented: `do`/`goto` loops, loops printed twice, gcc's rejections.
    skipped: Vec<String>,
    loops_checked: usize,
    /// Per program run: its file, the lines of its loops checked, and what the runs checked.
    checked: Vec<String>,
    programs_run: usize,
    runs: usize,
    timeouts: usize,
    overflow_traps: usize,
    other_ends: usize,
    states: u64,
    pairs: u64,
    entries: u64,
    beyond_history: u64,
    violations: Vec<String>,
    /// Own programs without a variance answer, or whose runs checked no pair.
    unanswered: Vec<String>,
    without_pairs: Vec<String>,
}

/// A program to check: its file, `terminate`'s budget, whether it is one of [`OWN_PROGRAMS`], and
/// its number (its scratch folder).
struct Subject {
    file: PathBuf,
    timeout: &'static str,
    own: bool,
    index: usize,
}

fn check(subject: &Subject, scratch: &Path, tally: &Mutex<Tally>) {
    let file = subject.file.display().to_string();
    let out = leapfrog(&["terminate", "--format", "json", "--timeout", subject.timeout, "--data-model", "LP64", &file]);
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    let canonical = |p: &str| std::fs::canonicalize(p).ok();
    let here = canonical(&file);
    let variance: Vec<&Value> = answer["loops"]
        .as_array()
        .map(|a| a.iter().filter(|l| l["technique"] == "variance-analysis").collect())
        .unwrap_or_default();
    {
        let mut t = tally.lock().unwrap();
        t.programs += 1;
        t.variance_loops += variance.len();
        if subject.own && variance.is_empty() {
            t.unanswered.push(format!("{file}: {answer}"));
        }
    }
    let mut probes = Vec::new();
    let skip = |why: String| tally.lock().unwrap().skipped.push(format!("{file}: {why}"));
    for l in &variance {
        let (line, column, kind) = (&l["line"], &l["column"], l["kind"].as_str().unwrap_or_default());
        if !matches!(kind, "while" | "for") {
            skip(format!("a {kind} loop at line {line}"));
            continue;
        }
        if l["file"].as_str().and_then(canonical) != here {
            skip(format!("a loop in {}", l["file"]));
            continue;
        }
        let all = answer["loops"].as_array().unwrap();
        if all.iter().filter(|m| m["file"] == l["file"] && &m["line"] == line && &m["column"] == column).count() > 1 {
            skip(format!("the loop at line {line} is printed more than once"));
            continue;
        }
        match Probe::new(l) {
            Ok(p) => probes.push(p),
            // The certificate's format is documented: not reading it is a failure.
            Err(why) => tally.lock().unwrap().violations.push(format!("{file}: unreadable certificate: {why}")),
        }
    }
    if probes.is_empty() {
        return;
    }
    let dir = scratch.join(format!("p{}", subject.index));
    let bit_precise = answer["semantics"] == "bit-precise";
    let local = match run_probes(&subject.file, &probes, bit_precise, &dir) {
        Ok(local) => local,
        Err(why) => return skip(why),
    };
    let _ = std::fs::remove_dir_all(&dir);
    let mut t = tally.lock().unwrap();
    if subject.own && local.pairs == 0 {
        t.without_pairs.push(file);
    }
    t.loops_checked += local.loops_checked;
    t.checked.extend(local.checked);
    t.programs_run += local.programs_run;
    t.runs += local.runs;
    t.timeouts += local.timeouts;
    t.overflow_traps += local.overflow_traps;
    t.other_ends += local.other_ends;
    t.states += local.states;
    t.pairs += local.pairs;
    t.entries += local.entries;
    t.beyond_history += local.beyond_history;
    t.violations.extend(local.violations);
}

/// Instruments `file` with `probes` in `dir`, builds it (signed overflow wraps when
/// `bit_precise`, else traps) and runs it on [`RUNS`] streams: what was checked and the
/// violations found, or why it could not be built.
fn run_probes(file: &Path, probes: &[Probe], bit_precise: bool, dir: &Path) -> Result<Tally, String> {
    let name = file.display().to_string();
    let source = std::fs::read_to_string(file).unwrap();
    let instrumented = instrument(&source, probes).map_err(|why| format!("cannot instrument: {why}"))?;
    std::fs::create_dir_all(dir).unwrap();
    let stats = dir.join("stats");
    let mut local = Tally::default();
    let checker = match checker(probes, &stats) {
        Ok(c) => c,
        Err(why) => {
            local.violations.push(format!("{name}: {why}"));
            return Ok(local);
        }
    };
    let units = vec![
        PathBuf::from(write(dir, "instrumented.c", &instrumented)),
        PathBuf::from(write(dir, "checker.i", &checker)),
    ];
    let opts = leapfrog_c_frontend::FrontendOptions::default();
    let program = leapfrog_c_frontend::load_program(&[file.to_path_buf()], &opts)
        .map_err(|_| "the front end rejects the program".to_string())?;
    let overflow: &[&str] = if bit_precise {
        &["-fwrapv"]
    } else {
        &["-fsanitize=signed-integer-overflow", "-fsanitize-undefined-trap-on-error"]
    };
    let exe = native::build_with(&units, &program, dir, overflow).map_err(|why| {
        let lines: Vec<usize> = probes.iter().map(|p| p.line).collect();
        format!("gcc rejects the instrumented loops at lines {lines:?}: {why}")
    })?;
    local.loops_checked = probes.len();
    local.programs_run = 1;
    for run in 0..RUNS {
        std::fs::write(&stats, vec![0u8; 4096]).unwrap();
        let stream: Vec<String> =
            corpus::stream(seed_of(&[file.to_path_buf()], run)).iter().map(|v| v.to_string()).collect();
        let stream = stream.join(",");
        let end = native::run(&exe, &stream, RUN_LIMIT);
        let bytes = std::fs::read(&stats).unwrap();
        let counter = |i: usize| i64::from_le_bytes(bytes[8 * i..8 * i + 8].try_into().unwrap()) as u64;
        local.runs += 1;
        local.states += counter(0);
        local.pairs += counter(1);
        local.entries += counter(2);
        local.beyond_history += counter(4);
        match end {
            NativeOutcome::Timeout => local.timeouts += 1,
            NativeOutcome::Signal(4) => local.overflow_traps += 1,
            NativeOutcome::Exit(VIOLATION_EXIT) if counter(3) == 1 => {
                let message = String::from_utf8_lossy(&bytes[64..]).trim_end_matches('\0').to_string();
                local.violations.push(format!("{name} (stream [{stream}]): {message}"));
            }
            NativeOutcome::Exit(_) | NativeOutcome::Error | NativeOutcome::Blocked => {}
            NativeOutcome::Abort | NativeOutcome::Signal(_) => local.other_ends += 1,
        }
    }
    let lines: Vec<usize> = probes.iter().map(|p| p.line).collect();
    local.checked = vec![format!(
        "{name}: loops at lines {lines:?}, {} entries, {} header states, {} pairs, {} of {} runs at the limit",
        local.entries, local.states, local.pairs, local.timeouts, local.runs
    )];
    Ok(local)
}

/// The programs: the paper's POPL'07 examples, every k-th termination task of [`SUITES`], and
/// [`OWN_PROGRAMS`] (written to `scratch`).
fn subjects(scratch: &Path) -> Vec<Subject> {
    let dir = benchmarks_dir();
    let mut out = Vec::new();
    let mut paper: Vec<PathBuf> = std::fs::read_dir(dir.join("paper-examples"))
        .expect("paper examples")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("popl07-") && n.ends_with(".c"))
        })
        .collect();
    paper.sort();
    out.extend(paper.into_iter().map(|file| Subject { file, timeout: EXAMPLE_TIMEOUT, own: false, index: 0 }));
    let all = tasks(&dir);
    for (suite, stride) in SUITES {
        let root = dir.join(suite);
        let in_suite = all.iter().filter(|t| {
            t.files.len() == 1 && t.files[0].starts_with(&root) && t.properties.iter().any(|p| p == "termination")
        });
        out.extend(in_suite.step_by(*stride).map(|t| Subject {
            file: t.files[0].clone(),
            timeout: TIMEOUT,
            own: false,
            index: 0,
        }));
    }
    for (name, text) in OWN_PROGRAMS {
        out.push(Subject {
            file: PathBuf::from(write(scratch, name, text)),
            timeout: EXAMPLE_TIMEOUT,
            own: true,
            index: 0,
        });
    }
    for (i, s) in out.iter_mut().enumerate() {
        s.index = i;
    }
    out
}

#[test]
fn variance_arguments_hold_on_native_runs() {
    let scratch = temp_dir("variance-sound");
    let subjects = subjects(&scratch);
    let tally = Mutex::new(Tally::default());
    for_each_parallel(&subjects, |s| check(s, &scratch, &tally));
    let _ = std::fs::remove_dir_all(&scratch);
    let t = tally.into_inner().unwrap();
    eprintln!(
        "variance arguments: {} programs, {} loops answered by variance-analysis, {} checked in {} programs; \
         {} runs ({} at the {:.1} s limit, {} overflow traps, {} other signals); {} loop entries, {} header \
         states, {} pairs checked, {} states beyond the history; {} violations",
        t.programs,
        t.variance_loops,
        t.loops_checked,
        t.programs_run,
        t.runs,
        t.timeouts,
        RUN_LIMIT.as_secs_f64(),
        t.overflow_traps,
        t.other_ends,
        t.entries,
        t.states,
        t.pairs,
        t.beyond_history,
        t.violations.len()
    );
    for s in &t.checked {
        eprintln!("checked: {s}");
    }
    for s in &t.skipped {
        eprintln!("not checked: {s}");
    }
    assert!(t.unanswered.is_empty(), "not answered by variance-analysis:\n{}", t.unanswered.join("\n"));
    assert!(t.violations.is_empty(), "{}", t.violations.join("\n"));
    assert!(t.without_pairs.is_empty(), "no pair of header states checked: {:?}", t.without_pairs);
    assert!(t.loops_checked >= OWN_PROGRAMS.len() + 2, "only {} loops checked", t.loops_checked);
    assert!(t.pairs >= 1000, "only {} pairs checked", t.pairs);
}

// ---- The instrumentation itself ----

fn probe(line: usize, column: usize, kind: &str, vars: &[&str]) -> Probe {
    Probe {
        line,
        column,
        kind: kind.into(),
        disjuncts: Vec::new(),
        rankings: Vec::new(),
        vars: vars.iter().map(|v| v.to_string()).collect(),
    }
}

#[test]
fn loops_are_instrumented_in_place() {
    let src = "int main(void) { int x = 3, y = 2;\n  if (x) while (x > 0) x--;\n  for (int i = 0, j = 1; i < y; i++) { }\n  for (;;) break;\n  for (x = 1; ; ) break;\n  return 0; }\n";
    let probes = [
        probe(2, 10, "while", &["x"]),
        probe(3, 3, "for", &["i", "y"]),
        probe(4, 3, "for", &[]),
        probe(5, 3, "for", &["x"]),
    ];
    let out = instrument(src, &probes).unwrap();
    let f = "__builtin_frame_address(0)";
    assert!(out.contains(&format!("if (x) for (__lf_reset_0({f}); __lf_record_0({f}, x), (x > 0); ) x--;")), "{out}");
    assert!(
        out.contains(&format!("for (int i = (__lf_reset_1({f}), 0), j = 1; __lf_record_1({f}, i, y), ( i < y); i++)")),
        "{out}"
    );
    assert!(out.contains(&format!("for (__lf_reset_2({f}); __lf_record_2({f}), 1;) break;")), "{out}");
    assert!(out.contains(&format!("for (x = (__lf_reset_3({f}), 1); __lf_record_3({f}, x), 1 ; ) break;")), "{out}");
    assert!(out.starts_with("void __lf_reset_0(void *); void __lf_record_0(void *, __int128); "), "{out}");
    assert!(instrument(src, &[probe(2, 3, "while", &[])]).is_err());
}

#[test]
fn certificates_are_read_as_linear_constraints() {
    let d = parse_disjunct("x >= 0 && \\at(x, AnyPrev) == x + 1 && 2*y <= \\at(y, AnyPrev) - 3 && 1/2*z >= 1").unwrap();
    assert_eq!(d.len(), 4);
    let (terms, constant, l) = d[3].diff.integral().unwrap();
    assert_eq!((terms, constant, l), (vec![((When::Later, "z".to_string()), 1)], -2, 2));
    let (terms, constant, _) = d[2].diff.integral().unwrap();
    assert_eq!(terms, vec![((When::Later, "y".to_string()), 2), ((When::Earlier, "y".to_string()), -1)]);
    assert_eq!(constant, 3);
    assert!(parse_disjunct("1").unwrap().is_empty());
    assert!(parse_disjunct("x * y >= 0").is_err());
    let r = parse_ranking("-x + 2*y - 7").unwrap();
    assert_eq!(r.integral().unwrap().1, -7);
    assert!(parse_ranking("\\at(x, AnyPrev)").is_err());
}

/// The checker finds pairs that refute a certificate: one disjunct that only relates consecutive
/// visits, and a ranking function that increases.
#[test]
fn a_wrong_certificate_is_refuted() {
    let dir = temp_dir("variance-refuted");
    let file = write(
        &dir,
        "countdown.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = 5, k = __VERIFIER_nondet_int();\n  while (x > 0) { x = x - 1; k = k + 1; }\n  return k;\n}\n",
    );
    let loop_with = |disjuncts: &[&str], expressions: &[&str]| {
        let l = serde_json::json!({
            "line": 4, "column": 3, "kind": "while",
            "certificate": {"kind": "variance-analysis", "disjuncts": disjuncts, "expressions": expressions},
        });
        Probe::new(&l).unwrap()
    };
    let refuted = |probe: Probe, sub: &str| {
        let t = run_probes(Path::new(&file), &[probe], false, &dir.join(sub)).unwrap();
        assert_eq!(t.runs as u64, RUNS);
        t.violations
    };
    let right = loop_with(&["\\at(x, AnyPrev) >= x + 1 && \\at(x, AnyPrev) >= 1"], &["x"]);
    assert_eq!(refuted(right, "right"), Vec::<String>::new());
    let consecutive = refuted(loop_with(&["\\at(x, AnyPrev) == x + 1"], &["x"]), "consecutive");
    assert!(consecutive.iter().all(|v| v.contains("header visits 0 and 2: no disjunct holds")), "{consecutive:?}");
    let increasing = refuted(loop_with(&["\\at(k, AnyPrev) <= k - 1"], &["k"]), "increasing");
    assert!(increasing.iter().all(|v| v.contains("ranking function k does not decrease")), "{increasing:?}");
    assert!(!consecutive.is_empty() && !increasing.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
