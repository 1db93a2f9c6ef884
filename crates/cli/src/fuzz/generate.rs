//! The program generator of `leapfrog fuzz`: small, random, valid C programs (10–40 lines in the
//! entry function) whose termination and assertions are not trivial, each a pure function of its
//! [`Rng`] (same seed, same program).
//!
//! What a program is made of:
//! * **inputs**: scalars of every integer type (`char` … `unsigned long`) read from every source
//!   of nondeterminism Leapfrog knows — `__VERIFIER_nondet_*()` calls, uninitialized locals,
//!   calls of extern functions without a body, parameters of an entry function that is not
//!   `main` (run with `--entry`), reads of a `volatile` global — sometimes constrained by
//!   `__VERIFIER_assume`;
//! * **memory**: local arrays (uninitialized, partly or fully initialized), global arrays (zero),
//!   `malloc`ed (never-written bytes are arbitrary), `calloc`ed (zero) and `alloca`ed (arbitrary)
//!   blocks, variable-length arrays, pointers into them; writes usually cover only part of a block;
//! * **loops** from templates chosen for termination arguments that are non-trivial but
//!   decidable: counters with steps and comparisons that may skip the bound (`!=` with step 2),
//!   unsigned counters that wrap (`i >= 0u`, `c != 7` over `unsigned char`), loops bounded by
//!   inputs, by memory cells or by extern/volatile/nondet reads, converging pairs, bit loops
//!   (`u &= u - 1`, a signed `x >>= 1` that sticks at -1), searches, pointer walks, `do`/`while`,
//!   `goto` cycles; nested up to depth 2, with `break`/`continue`, random statements (arithmetic
//!   with casts and wrap-around, stores, branches) in their bodies;
//! * **assertion candidates** ("checks") in and after loops: comparisons of scalars, memory cells
//!   and pointer differences with each other and with small and boundary constants.
//!
//! Array indices are kept in bounds (constants, counters of loops bounded by the length, `% len`)
//! and divisions are by non-zero constants, so most runs are free of undefined behaviour; signed
//! overflow on large inputs remains possible (those runs end in `ub` and contradict nothing).
//!
//! A [`Generated`] program is rendered by [`Generated::render`] with any subset of its checks:
//! either as assertions in one of three SV-COMP styles (`__VERIFIER_assert`, `assert` from
//! `<assert.h>`, `if (!c) reach_error();`) or, for [`super::likely`]'s filter, as
//! `if (!c) putchar(k);`, which the interpreter executes without effect and records in its trace.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::rng::Rng;

/// A generated program.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Comment, includes, declarations, globals and helper functions.
    header: Vec<String>,
    /// The entry function's first line, e.g. `int main(void) {`.
    signature: String,
    body: Vec<Line>,
    style: CheckStyle,
    /// The entry function when it is not `main` (its parameters are inputs): run with `--entry`.
    pub entry: Option<String>,
    /// `Some("ILP32")` for programs that are run with `--data-model ILP32` (they include no
    /// system header); else the default, LP64.
    pub data_model: Option<&'static str>,
    /// What the program uses (for the summary: `heap`, `alloca`, `uninit`, `volatile`, ...).
    pub features: BTreeSet<&'static str>,
    /// The number of checks (assertion candidates).
    pub checks: usize,
    /// The types of the entry function's parameters (none for `main`).
    pub params: Vec<&'static str>,
}

#[derive(Debug, Clone)]
struct Line {
    indent: usize,
    text: String,
    /// A check: `text` is its condition.
    check: Option<usize>,
    /// In [`Rendering::Oracle`] and [`Rendering::Native`], a line after this one that writes
    /// input values to every element of the block it allocates or declares without initializer
    /// (`malloc`, `alloca`, a local array, a variable-length array).
    fill: Option<String>,
    /// In [`Rendering::Oracle`] and [`Rendering::Native`], what an uninitialized scalar's
    /// declaration becomes: the declaration with an input value, read when the declaration
    /// executes (the interpreter reads an uninitialized scalar at its first read, an order a
    /// native harness cannot follow).
    native: Option<String>,
}

/// How checks become assertions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CheckStyle {
    /// `__VERIFIER_assert(c);` with SV-COMP's definition.
    VerifierAssert,
    /// `assert(c);` from `<assert.h>`.
    Assert,
    /// `if (!(c)) reach_error();`.
    ReachError,
}

/// The extern function without a body whose arbitrary results fill `malloc`ed and `alloca`ed
/// blocks and replace volatile reads in [`Rendering::Oracle`].
const ORACLE_FILL: &str = "fz_oracle_fill";

/// The volatile global whose reads are inputs (it is never written).
const VOLATILE: &str = "fz_vol";

/// How [`Generated::render`] writes the checks it keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rendering {
    /// As the program's assertions.
    Final,
    /// As the program's assertions, every `malloc`ed or `alloca`ed block and every local array
    /// without initializer is filled with input values right after its allocation or
    /// declaration, and every read of the volatile global is an input: the oracle's program,
    /// whose runs are runs of the program where never-written memory and volatile reads hold
    /// arbitrary values (the semantics Leapfrog's analyses must use), whatever the interpreter
    /// and the front end do with them; and it reads its inputs in an order a native harness can
    /// follow (at the allocation or declaration rather than at the first read of each byte or
    /// scalar): uninitialized scalars take their values from input at their declarations.
    Oracle,
    /// The oracle's program for gcc ([`super::native`]): `main` is called `fz_main` (a harness
    /// serves the inputs and calls the entry).
    Native,
    /// As `if (!(c)) putchar(k);` (an output without effect on the run): an execution goes on
    /// after a failing check, and the trace shows which checks failed.
    Locate,
}

impl Generated {
    /// The program's text with the checks for which `keep(k)` holds.
    pub fn render(&self, keep: &dyn Fn(usize) -> bool, rendering: Rendering) -> String {
        self.render_with_lines(keep, rendering).0
    }

    /// [`Generated::render`], and the line (1-based) of every check kept, with its number.
    pub fn render_with_lines(&self, keep: &dyn Fn(usize) -> bool, rendering: Rendering) -> (String, Vec<(u32, usize)>) {
        let mut out = String::new();
        let mut lines = 0u32;
        let mut check_lines = Vec::new();
        for line in &self.header {
            out.push_str(line);
            out.push('\n');
            lines += 1;
        }
        let fills = self.body.iter().any(|l| l.fill.is_some() || l.native.is_some() || l.text.contains(VOLATILE));
        let declaration = match rendering {
            Rendering::Locate => Some("extern int putchar(int);".to_string()),
            Rendering::Oracle if fills => Some(format!("extern long {ORACLE_FILL}(void);")),
            Rendering::Native => Some(format!("extern long {ORACLE_FILL}(void);")),
            Rendering::Oracle | Rendering::Final => None,
        };
        if let Some(declaration) = declaration {
            out.push_str(&declaration);
            out.push('\n');
            lines += 1;
        }
        if rendering == Rendering::Native && self.entry.is_none() {
            out.push_str(&self.signature.replacen("main", "fz_main", 1));
        } else {
            out.push_str(&self.signature);
        }
        out.push('\n');
        lines += 1;
        for line in &self.body {
            let text = match line.check {
                Some(k) if !keep(k) => continue,
                Some(k) => {
                    check_lines.push((lines + 1, k));
                    match (rendering, self.style) {
                        (Rendering::Locate, _) => format!("if (!({})) putchar({k});", line.text),
                        (_, CheckStyle::VerifierAssert) => format!("__VERIFIER_assert({});", line.text),
                        (_, CheckStyle::Assert) => format!("assert({});", line.text),
                        (_, CheckStyle::ReachError) => format!("if (!({})) reach_error();", line.text),
                    }
                }
                None => match (rendering, &line.native) {
                    (Rendering::Oracle | Rendering::Native, Some(native)) => native.clone(),
                    (Rendering::Oracle | Rendering::Native, _) => {
                        line.text.replace(VOLATILE, &format!("{ORACLE_FILL}()"))
                    }
                    _ => line.text.clone(),
                },
            };
            let _ = writeln!(out, "{}{text}", "  ".repeat(line.indent + 1));
            lines += 1;
            if let (Rendering::Oracle | Rendering::Native, Some(fill)) = (rendering, &line.fill) {
                let _ = writeln!(out, "{}{fill}", "  ".repeat(line.indent + 1));
                lines += 1;
            }
        }
        out.push_str("}\n");
        (out, check_lines)
    }

    /// The program with all its checks, as assertions.
    #[cfg(test)]
    pub fn source(&self) -> String {
        self.render(&|_| true, Rendering::Final)
    }
}

/// The integer types of generated variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Ty {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Char => "char",
            Ty::UChar => "unsigned char",
            Ty::Short => "short",
            Ty::UShort => "unsigned short",
            Ty::Int => "int",
            Ty::UInt => "unsigned",
            Ty::Long => "long",
            Ty::ULong => "unsigned long",
        }
    }

    /// The SV-COMP input function of this type.
    fn nondet(self) -> &'static str {
        match self {
            Ty::Char => "__VERIFIER_nondet_char",
            Ty::UChar => "__VERIFIER_nondet_uchar",
            Ty::Short => "__VERIFIER_nondet_short",
            Ty::UShort => "__VERIFIER_nondet_ushort",
            Ty::Int => "__VERIFIER_nondet_int",
            Ty::UInt => "__VERIFIER_nondet_uint",
            Ty::Long => "__VERIFIER_nondet_long",
            Ty::ULong => "__VERIFIER_nondet_ulong",
        }
    }

    /// The extern function without a body that returns this type.
    fn extern_input(self) -> String {
        format!("fz_read_{}", self.name().replace("unsigned ", "u").replace("unsigned", "uint"))
    }

    fn signed(self) -> bool {
        matches!(self, Ty::Char | Ty::Short | Ty::Int | Ty::Long)
    }

    fn bits(self, lp64: bool) -> u32 {
        match self {
            Ty::Char | Ty::UChar => 8,
            Ty::Short | Ty::UShort => 16,
            Ty::Int | Ty::UInt => 32,
            Ty::Long | Ty::ULong => {
                if lp64 {
                    64
                } else {
                    32
                }
            }
        }
    }

    fn max(self, lp64: bool) -> i128 {
        let bits = self.bits(lp64);
        if self.signed() { (1i128 << (bits - 1)) - 1 } else { (1i128 << bits) - 1 }
    }

    fn min(self, lp64: bool) -> i128 {
        if self.signed() { -(1i128 << (self.bits(lp64) - 1)) } else { 0 }
    }
}

const ALL_TYPES: [Ty; 8] = [Ty::Char, Ty::UChar, Ty::Short, Ty::UShort, Ty::Int, Ty::UInt, Ty::Long, Ty::ULong];

/// A C literal of value `v`, parenthesized when negative, with a suffix when `v` does not fit
/// `int` (the most negative values are written as a difference, as C has no negative literals).
fn literal(v: i128) -> String {
    const INT_MAX: i128 = i32::MAX as i128;
    const UINT_MAX: i128 = u32::MAX as i128;
    const LONG_MAX: i128 = i64::MAX as i128;
    match v {
        0..=INT_MAX => v.to_string(),
        _ if v > INT_MAX && v <= UINT_MAX => format!("{v}u"),
        _ if v > UINT_MAX && v <= LONG_MAX => format!("{v}L"),
        _ if v > LONG_MAX => format!("{v}UL"),
        _ if v == i128::from(i32::MIN) => "(-2147483647 - 1)".to_string(),
        _ if v == i128::from(i64::MIN) => "(-9223372036854775807L - 1)".to_string(),
        _ if v >= -INT_MAX => format!("({v})"),
        _ => format!("({v}L)"),
    }
}

/// Where an input scalar's value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    Nondet,
    Uninit,
    Extern,
    Volatile,
}

/// A variable in scope.
#[derive(Debug, Clone)]
struct Var {
    name: String,
    kind: Kind,
}

#[derive(Debug, Clone)]
enum Kind {
    Scalar(Ty),
    /// An array, or a pointer to the first element of a block: `len` elements of `elem`.
    Block {
        elem: Ty,
        len: Len,
    },
    /// A pointer somewhere in `[base, base + len]` (a search's or walk's cursor): only its
    /// distance from `base` is read.
    Cursor {
        base: String,
    },
}

/// The length of a block.
#[derive(Debug, Clone)]
enum Len {
    Const(u32),
    /// A variable-length array's length: an `unsigned` variable (at least 1).
    Var(String),
}

impl Len {
    fn text(&self) -> String {
        match self {
            Len::Const(n) => n.to_string(),
            Len::Var(name) => name.clone(),
        }
    }
}

/// How much goes into a program. Most programs are *focused*: one or two loops whose bodies do
/// little besides their own counting, so that a termination argument or an invariant exists and
/// Leapfrog can find it within a short budget (chaotic programs make everything UNKNOWN, which
/// tests nothing); some are *busy* and a few *wild*.
#[derive(Debug, Clone, Copy)]
struct Profile {
    /// Lines of the entry function, roughly.
    budget: (i64, i64),
    max_loops: usize,
    /// Loops nest at most this deep.
    max_depth: usize,
    /// Random statements in a loop body.
    body: (i64, i64),
    /// Depth of random expressions.
    expr_depth: u32,
    /// Weight of `break`/`continue` among the statements of a loop body.
    jumps: u32,
    /// Weight of `if` statements.
    branches: u32,
    /// Whether expressions may hold conditionals and calls of helper functions.
    fancy: bool,
}

const FOCUSED: Profile = Profile {
    budget: (6, 14),
    max_loops: 2,
    max_depth: 2,
    body: (0, 1),
    expr_depth: 1,
    jumps: 1,
    branches: 1,
    fancy: false,
};
const BUSY: Profile = Profile {
    budget: (10, 22),
    max_loops: 3,
    max_depth: 2,
    body: (0, 2),
    expr_depth: 2,
    jumps: 1,
    branches: 2,
    fancy: true,
};
const WILD: Profile = Profile {
    budget: (14, 34),
    max_loops: 5,
    max_depth: 2,
    body: (1, 3),
    expr_depth: 2,
    jumps: 2,
    branches: 2,
    fancy: true,
};

/// Generates one program from `rng`; `label` goes into its first comment line.
pub fn generate(rng: &mut Rng, label: &str) -> Generated {
    let mut g = Gen::new(rng);
    g.program(label)
}

struct Gen<'r> {
    rng: &'r mut Rng,
    lp64: bool,
    body: Vec<Line>,
    indent: usize,
    /// `scopes[0]` holds the globals.
    scopes: Vec<Vec<Var>>,
    /// Names random statements must not assign (counters of the loops being generated).
    frozen: Vec<String>,
    /// Counters of enclosing loops known to be in `0..n` with `n` the second component.
    index_bounds: Vec<(String, u32)>,
    fresh: usize,
    loops: usize,
    loop_depth: usize,
    /// How many `break`/`continue` may appear here (inside a loop body, not inside a switch).
    in_loop: bool,
    checks: usize,
    /// Lines of the entry function still to fill.
    budget: i64,
    profile: Profile,
    labels: usize,
    // What the header must declare.
    nondet: BTreeSet<Ty>,
    externs: BTreeSet<Ty>,
    volatile: Option<Ty>,
    globals: Vec<String>,
    helpers: BTreeSet<&'static str>,
    heap_blocks: Vec<String>,
    assume: bool,
    sink: bool,
    features: BTreeSet<&'static str>,
}

/// Helper functions with bodies that expressions may call.
const HELPERS: [(&str, &str); 3] = [
    ("fz_dist", "static int fz_dist(int a, int b) { return a > b ? a - b : b - a; }"),
    (
        "fz_halve",
        "static unsigned fz_halve(unsigned n) { unsigned c = 0; while (n > 1u) { n = n / 2u; c++; } return c; }",
    ),
    (
        "fz_clamp",
        "static int fz_clamp(int v, int lo, int hi) { if (v < lo) return lo; if (v > hi) return hi; return v; }",
    ),
];

impl<'r> Gen<'r> {
    fn new(rng: &'r mut Rng) -> Gen<'r> {
        Gen {
            rng,
            lp64: true,
            body: Vec::new(),
            indent: 0,
            scopes: vec![Vec::new(), Vec::new()],
            frozen: Vec::new(),
            index_bounds: Vec::new(),
            fresh: 0,
            loops: 0,
            loop_depth: 0,
            in_loop: false,
            checks: 0,
            budget: 0,
            profile: FOCUSED,
            labels: 0,
            nondet: BTreeSet::new(),
            externs: BTreeSet::new(),
            volatile: None,
            globals: Vec::new(),
            helpers: BTreeSet::new(),
            heap_blocks: Vec::new(),
            assume: false,
            sink: false,
            features: BTreeSet::new(),
        }
    }

    // ---- the program ------------------------------------------------------------------------

    fn program(&mut self, label: &str) -> Generated {
        self.profile = self.rng.weighted(&[(6, FOCUSED), (3, BUSY), (1, WILD)]);
        self.budget = self.rng.range(self.profile.budget.0, self.profile.budget.1);
        let style =
            self.rng.weighted(&[(5, CheckStyle::VerifierAssert), (3, CheckStyle::Assert), (2, CheckStyle::ReachError)]);
        let with_params = self.rng.chance(20);
        // ILP32 only for programs that include no system header (there are no 32-bit headers).
        let memory_kinds = self.rng.range(0, 2);
        let mut params: Vec<(String, Ty)> = Vec::new();
        if with_params {
            for _ in 0..self.rng.range(1, 3) {
                let ty = self.ty();
                let name = self.name("p");
                params.push((name.clone(), ty));
                self.declare(name, Kind::Scalar(ty));
            }
            self.features.insert("params");
        }
        self.inputs();
        for _ in 0..memory_kinds {
            self.memory_block();
        }
        if self.rng.chance(60) {
            let ty = self.ty();
            let init = if self.rng.chance(60) { "0".to_string() } else { self.expr(1) };
            let name = self.name("s");
            self.line(format!("{} {name} = {init};", ty.name()));
            self.declare(name, Kind::Scalar(ty));
        }
        // The statements: at least one loop, then whatever the budget allows.
        self.loop_stmt();
        while self.budget > 0 {
            self.stmt();
        }
        if self.loops == 0 {
            self.loop_stmt();
        }
        for _ in 0..self.rng.range(3, 6) {
            self.check();
        }
        for block in std::mem::take(&mut self.heap_blocks) {
            self.line(format!("free({block});"));
        }
        self.line("return 0;".to_string());

        let includes_headers =
            self.features.contains("heap") || self.features.contains("alloca") || style == CheckStyle::Assert;
        if !includes_headers && self.rng.chance(25) {
            self.lp64 = false;
        }
        let data_model = (!self.lp64).then_some("ILP32");
        if !self.lp64 {
            self.features.insert("ilp32");
        }
        let entry = with_params.then(|| "fz_entry".to_string());
        let signature = if with_params {
            let list: Vec<String> = params.iter().map(|(n, t)| format!("{} {n}", t.name())).collect();
            format!("int fz_entry({}) {{", list.join(", "))
        } else {
            "int main(void) {".to_string()
        };
        Generated {
            params: params.iter().map(|(_, t)| t.name()).collect(),
            header: self.header(label, style),
            signature,
            body: std::mem::take(&mut self.body),
            style,
            entry,
            data_model,
            features: std::mem::take(&mut self.features),
            checks: self.checks,
        }
    }

    fn header(&self, label: &str, style: CheckStyle) -> Vec<String> {
        let mut h = vec![format!("// {label}")];
        if self.features.contains("heap") {
            h.push("#include <stdlib.h>".to_string());
        }
        if self.features.contains("alloca") {
            h.push("#include <alloca.h>".to_string());
        }
        match style {
            CheckStyle::Assert => h.push("#include <assert.h>".to_string()),
            CheckStyle::VerifierAssert | CheckStyle::ReachError => {
                h.push("extern void abort(void);".to_string());
                h.push(
                    "extern void __assert_fail(const char *, const char *, unsigned int, const char *) \
                     __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));"
                        .to_string(),
                );
                h.push("void reach_error() { __assert_fail(\"0\", \"fuzz.c\", 3, \"reach_error\"); }".to_string());
                if style == CheckStyle::VerifierAssert {
                    h.push("void __VERIFIER_assert(int cond) {".to_string());
                    h.push("  if (!(cond)) {".to_string());
                    h.push("    ERROR: {reach_error();abort();}".to_string());
                    h.push("  }".to_string());
                    h.push("  return;".to_string());
                    h.push("}".to_string());
                }
            }
        }
        for ty in &self.nondet {
            h.push(format!("extern {} {}(void);", ty.name(), ty.nondet()));
        }
        for ty in &self.externs {
            h.push(format!("extern {} {}(void);", ty.name(), ty.extern_input()));
        }
        if self.assume {
            h.push("extern void __VERIFIER_assume(int);".to_string());
        }
        if self.sink {
            h.push("extern void fz_sink(int);".to_string());
        }
        if let Some(ty) = self.volatile {
            h.push(format!("volatile {} fz_vol;", ty.name()));
        }
        h.extend(self.globals.iter().cloned());
        for (name, text) in HELPERS {
            if self.helpers.contains(name) {
                h.push(text.to_string());
            }
        }
        h
    }

    /// One to three input scalars, from the sources of nondeterminism, sometimes constrained.
    fn inputs(&mut self) {
        for _ in 0..self.rng.range(1, 3) {
            let ty = self.ty();
            let name = self.name("x");
            let source = self.rng.weighted(&[
                (5, Source::Nondet),
                (3, Source::Uninit),
                (2, Source::Extern),
                (1, Source::Volatile),
            ]);
            match source {
                Source::Nondet => {
                    self.nondet.insert(ty);
                    self.line(format!("{} {name} = {}();", ty.name(), ty.nondet()));
                }
                Source::Uninit => {
                    self.features.insert("uninit");
                    self.line(format!("{} {name};", ty.name()));
                    self.native_last_line(format!("{} {name} = ({}){ORACLE_FILL}();", ty.name(), ty.name()));
                }
                Source::Extern => {
                    self.externs.insert(ty);
                    self.features.insert("extern");
                    self.line(format!("{} {name} = {}();", ty.name(), ty.extern_input()));
                }
                Source::Volatile => {
                    self.volatile.get_or_insert(ty);
                    self.features.insert("volatile");
                    self.line(format!("{} {name} = ({})fz_vol;", ty.name(), ty.name()));
                }
            }
            self.declare(name, Kind::Scalar(ty));
        }
        if self.rng.chance(20) {
            self.assume = true;
            self.features.insert("assume");
            let cond = self.cond();
            self.line(format!("__VERIFIER_assume({cond});"));
        }
    }

    /// A block of memory and, usually, writes to part of it.
    fn memory_block(&mut self) {
        let elem = self.rng.weighted(&[
            (1, Ty::Char),
            (2, Ty::UChar),
            (1, Ty::Short),
            (1, Ty::UShort),
            (4, Ty::Int),
            (2, Ty::UInt),
            (1, Ty::Long),
            (1, Ty::ULong),
        ]);
        let n = self.rng.range(2, 6) as u32;
        let t = elem.name();
        #[derive(Clone, Copy)]
        enum Where {
            LocalUninit,
            LocalInit,
            LocalZero,
            Global,
            Malloc,
            Calloc,
            Alloca,
            Vla,
        }
        let place = self.rng.weighted(&[
            (3, Where::LocalUninit),
            (1, Where::LocalInit),
            (1, Where::LocalZero),
            (2, Where::Global),
            (3, Where::Malloc),
            (1, Where::Calloc),
            (3, Where::Alloca),
            (1, Where::Vla),
        ]);
        let mut len = Len::Const(n);
        let name;
        match place {
            Where::LocalUninit => {
                name = self.name("a");
                self.features.insert("uninit");
                self.line(format!("{t} {name}[{n}];"));
                self.fill_last_line(&name, &n.to_string());
            }
            Where::LocalInit => {
                name = self.name("a");
                let count = self.rng.range(1, i64::from(n)) as usize;
                let values: Vec<String> = (0..count).map(|_| self.constant(elem)).collect();
                self.line(format!("{t} {name}[{n}] = {{{}}};", values.join(", ")));
            }
            Where::LocalZero => {
                name = self.name("a");
                self.line(format!("{t} {name}[{n}] = {{0}};"));
            }
            Where::Global => {
                name = self.name("g");
                self.globals.push(format!("{t} {name}[{n}];"));
            }
            Where::Malloc | Where::Calloc => {
                name = self.name("h");
                self.features.insert("heap");
                if matches!(place, Where::Malloc) {
                    self.line(format!("{t} *{name} = malloc({n} * sizeof({t}));"));
                } else {
                    self.features.insert("calloc");
                    self.line(format!("{t} *{name} = calloc({n}, sizeof({t}));"));
                }
                self.line(format!("if ({name} == 0) return 0;"));
                if matches!(place, Where::Malloc) {
                    self.fill_last_line(&name, &n.to_string());
                }
                if self.rng.chance(70) {
                    self.heap_blocks.push(name.clone());
                }
            }
            Where::Alloca => {
                name = self.name("h");
                self.features.insert("alloca");
                self.line(format!("{t} *{name} = alloca({n} * sizeof({t}));"));
                self.fill_last_line(&name, &n.to_string());
            }
            Where::Vla => {
                name = self.name("a");
                let size = self.name("n");
                let from = self.scalar_name().unwrap_or_else(|| "3".to_string());
                self.features.insert("vla");
                self.features.insert("uninit");
                self.line(format!("unsigned {size} = (unsigned)({from}) % {n}u + 1u;"));
                self.line(format!("{t} {name}[{size}];"));
                self.fill_last_line(&name, &size);
                self.declare(size.clone(), Kind::Scalar(Ty::UInt));
                self.frozen.push(size.clone());
                len = Len::Var(size);
            }
        }
        let block = Var { name: name.clone(), kind: Kind::Block { elem, len: len.clone() } };
        let scope = if matches!(place, Where::Global) { self.scopes.first_mut() } else { self.scopes.last_mut() };
        if let Some(scope) = scope {
            scope.push(block);
        }
        // Writes to part of it.
        match self.rng.range(0, 3) {
            0 => {}
            1 => {
                let idx = match &len {
                    Len::Const(n) => self.rng.range(0, i64::from(*n) - 1),
                    Len::Var(_) => 0,
                };
                let value = self.expr(1);
                self.line(format!("{name}[{idx}] = {value};"));
            }
            _ => {
                let upto = match &len {
                    Len::Const(n) => self.rng.range(1, i64::from(*n)).to_string(),
                    Len::Var(v) => v.clone(),
                };
                let i = self.name("i");
                let value = self.expr_with(1, &[i.as_str()]);
                self.line(format!("for (int {i} = 0; {i} < (int){upto}; {i}++) {name}[{i}] = {value};"));
            }
        }
        // A pointer into its middle, used as a block of its own.
        if let Len::Const(n) = len
            && n >= 3
            && self.rng.chance(25)
        {
            let offset = self.rng.range(1, i64::from(n) - 1);
            let p = self.name("p");
            self.features.insert("pointer");
            self.line(format!("{t} *{p} = {name} + {offset};"));
            self.declare(p, Kind::Block { elem, len: Len::Const(n - offset as u32) });
        }
    }

    // ---- statements -------------------------------------------------------------------------

    fn stmt(&mut self) {
        #[derive(Clone, Copy)]
        enum S {
            Assign,
            Store,
            If,
            Loop,
            Check,
            Jump,
            Input,
            Sink,
        }
        let loops_ok = self.loop_depth < self.profile.max_depth && self.loops < self.profile.max_loops;
        let kind = self.rng.weighted(&[
            (6, S::Assign),
            (2, S::Store),
            (self.profile.branches, S::If),
            (if loops_ok { 4 } else { 0 }, S::Loop),
            (2, S::Check),
            (if self.in_loop { self.profile.jumps } else { 0 }, S::Jump),
            (1, S::Input),
            (1, S::Sink),
        ]);
        match kind {
            S::Assign => self.assign(),
            S::Store => self.store(),
            S::If => self.if_stmt(),
            S::Loop => self.loop_stmt(),
            S::Check => self.check(),
            S::Jump => {
                let cond = self.cond();
                let jump = if self.rng.chance(60) { "break" } else { "continue" };
                self.line(format!("if ({cond}) {jump};"));
            }
            S::Input => {
                if let Some((name, ty)) = self.assignable() {
                    let read = self.input_read(ty);
                    self.line(format!("{name} = {read};"));
                } else {
                    self.assign();
                }
            }
            S::Sink => {
                self.sink = true;
                let e = self.expr(1);
                self.line(format!("fz_sink({e});"));
            }
        }
    }

    /// A read of a fresh input of type `ty` (a nondet call, an extern call or a volatile read).
    fn input_read(&mut self, ty: Ty) -> String {
        match self.rng.range(0, 5) {
            0..=2 => {
                self.nondet.insert(ty);
                format!("{}()", ty.nondet())
            }
            3 => {
                self.externs.insert(ty);
                self.features.insert("extern");
                format!("{}()", ty.extern_input())
            }
            _ => {
                let vty = *self.volatile.get_or_insert(ty);
                self.features.insert("volatile");
                format!("({})fz_vol", vty.name())
            }
        }
    }

    fn assign(&mut self) {
        let Some((name, ty)) = self.assignable() else {
            return self.store();
        };
        let text = match self.rng.range(0, 11) {
            0 => format!("{name}++;"),
            1 => format!("{name}--;"),
            2 => format!("{name} += {};", self.expr(1)),
            3 => format!("{name} -= {};", self.expr(1)),
            4 => format!("{name} = ({})({});", ty.name(), self.expr(2)),
            5 => format!("{name} *= {};", self.rng.range(2, 3)),
            6 => format!("{name} /= {};", self.rng.one_of(&[2, 3, -2])),
            7 => format!("{name} %= {};", self.rng.range(2, 7)),
            8 => format!("{name} ^= {};", self.expr(1)),
            9 => format!("{name} >>= {};", self.rng.range(1, 3)),
            _ => format!("{name} = {};", self.expr(2)),
        };
        self.line(text);
    }

    fn store(&mut self) {
        let Some((name, _elem, len)) = self.block() else {
            return self.check();
        };
        let idx = self.index(&len);
        let value = self.expr(2);
        let op = self.rng.weighted(&[(4, "="), (1, "+="), (1, "-=")]);
        self.line(format!("{name}[{idx}] {op} {value};"));
    }

    fn if_stmt(&mut self) {
        let cond = self.cond();
        self.open(format!("if ({cond}) {{"));
        self.stmts(1, 2);
        if self.rng.chance(40) {
            self.indent -= 1;
            self.line("} else {".to_string());
            self.indent += 1;
            self.stmts(1, 2);
        }
        self.close();
    }

    /// `lo..=hi` random statements in a new scope level (the caller opened a brace).
    fn stmts(&mut self, lo: i64, hi: i64) {
        self.scopes.push(Vec::new());
        for _ in 0..self.rng.range(lo, hi) {
            self.stmt();
        }
        self.scopes.pop();
    }

    /// A check: a condition over the variables in scope (an assertion candidate).
    fn check(&mut self) {
        let cond = self.check_cond();
        let k = self.checks;
        self.checks += 1;
        self.body.push(Line { indent: self.indent, text: cond, check: Some(k), fill: None, native: None });
        self.budget -= 1;
    }

    // ---- loops ------------------------------------------------------------------------------

    fn loop_stmt(&mut self) {
        #[derive(Clone, Copy)]
        enum L {
            CountUp,
            CountDown,
            WhileDown,
            Converge,
            DoWhile,
            NondetGuard,
            Search,
            Walk,
            Bits,
            Wrap,
            Goto,
            MemoryCounter,
        }
        self.loops += 1;
        self.loop_depth += 1;
        let has_block = self.block_exists();
        let template = self.rng.weighted(&[
            (5, L::CountUp),
            (3, L::CountDown),
            (3, L::WhileDown),
            (2, L::Converge),
            (2, L::DoWhile),
            (1, L::NondetGuard),
            (if has_block { 3 } else { 0 }, L::Search),
            (if has_block { 2 } else { 0 }, L::Walk),
            (2, L::Bits),
            (2, L::Wrap),
            (1, L::Goto),
            (if has_block { 2 } else { 0 }, L::MemoryCounter),
        ]);
        match template {
            L::CountUp => self.count_up(),
            L::CountDown => self.count_down(),
            L::WhileDown => self.while_down(),
            L::Converge => self.converge(),
            L::DoWhile => self.do_while(),
            L::NondetGuard => self.nondet_guard(),
            L::Search => self.search(),
            L::Walk => self.walk(),
            L::Bits => self.bits(),
            L::Wrap => self.wrap(),
            L::Goto => self.goto_loop(),
            L::MemoryCounter => self.memory_counter(),
        }
        if self.loop_depth >= 2 {
            self.features.insert("nested");
        }
        self.loop_depth -= 1;
    }

    /// The body of a loop: random statements, then the `extra` lines. The variables `guard` and
    /// `extra` mention (the loop's counter, bound and step) are usually frozen for the random
    /// statements, so that the loop's own updates decide its termination.
    fn loop_body(&mut self, guard: &str, extra: &[String]) {
        let was_in_loop = self.in_loop;
        self.in_loop = true;
        let mentioned: Vec<String> = if self.rng.chance(85) {
            let mut text = guard.to_string();
            for e in extra {
                text.push(' ');
                text.push_str(e);
            }
            let words: BTreeSet<&str> = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).collect();
            self.visible()
                .filter(|v| matches!(v.kind, Kind::Scalar(_)) && words.contains(v.name.as_str()))
                .map(|v| v.name.clone())
                .collect()
        } else {
            Vec::new()
        };
        let frozen_before = self.frozen.len();
        self.frozen.extend(mentioned);
        self.scopes.push(Vec::new());
        let (lo, hi) = self.profile.body;
        let n = if self.budget > 0 { self.rng.range(lo, hi) } else { self.rng.range(0, lo.min(1)) };
        for _ in 0..n {
            self.stmt();
        }
        self.scopes.pop();
        self.frozen.truncate(frozen_before);
        self.in_loop = was_in_loop;
        for e in extra {
            self.line(e.clone());
        }
    }

    /// `for (T i = start; i <op> bound; i += step)`.
    fn count_up(&mut self) {
        let i = self.name("i");
        // Over a block's length: the counter indexes it.
        if let Some((_, _, Len::Const(n))) = self.block().filter(|_| self.rng.chance(50)) {
            self.open(format!("for (int {i} = 0; {i} < {n}; {i}++) {{"));
            self.scopes.push(Vec::new());
            self.declare(i.clone(), Kind::Scalar(Ty::Int));
            self.index_bounds.push((i.clone(), n));
            self.frozen.push(i.clone());
            self.loop_body("", &[]);
            self.frozen.pop();
            self.index_bounds.pop();
            self.scopes.pop();
            return self.close();
        }
        let ty = self.counter_ty();
        let start = if self.rng.chance(70) { self.rng.range(0, 2).to_string() } else { self.expr(1) };
        let bound = self.bound_expr();
        let op = self.rng.weighted(&[(5, "<"), (2, "<="), (2, "!=")]);
        let step = self.step();
        let update = if step == "1" { format!("{i}++") } else { format!("{i} += {step}") };
        let header = format!("for ({} {i} = {start}; {i} {op} {bound}; {update}) {{", ty.name());
        self.open(header.clone());
        self.scopes.push(Vec::new());
        self.declare(i.clone(), Kind::Scalar(ty));
        self.loop_body(&header, &[]);
        self.scopes.pop();
        self.close();
    }

    /// `for (T i = start; i <op> low; i -= step)`: over unsigned types, `>= 0` never fails.
    fn count_down(&mut self) {
        let i = self.name("i");
        let ty = self.counter_ty();
        let start = self.bound_expr();
        let low = self.rng.weighted(&[(3, "0"), (1, "1"), (1, "-1")]);
        let op = self.rng.weighted(&[(4, ">"), (2, ">="), (1, "!=")]);
        let step = self.step();
        let update = if step == "1" { format!("{i}--") } else { format!("{i} -= {step}") };
        let header = format!("for ({} {i} = {start}; {i} {op} {low}; {update}) {{", ty.name());
        self.open(header.clone());
        self.scopes.push(Vec::new());
        self.declare(i.clone(), Kind::Scalar(ty));
        self.loop_body(&header, &[]);
        self.scopes.pop();
        self.close();
    }

    /// `while (x > c) { ...; x -= e; }` on a variable in scope, with a step that may be zero or
    /// negative.
    fn while_down(&mut self) {
        let Some((x, _)) = self.assignable() else {
            return self.count_up();
        };
        let c = self.rng.range(-1, 3);
        let op = self.rng.weighted(&[(4, ">"), (2, ">="), (1, "!=")]);
        let step = self.step();
        let header = format!("while ({x} {op} {c}) {{");
        self.open(header.clone());
        self.loop_body(&header, &[format!("{x} -= {step};")]);
        self.close();
    }

    /// Two variables that move towards each other (or step over each other).
    fn converge(&mut self) {
        let (Some((x, _)), Some((y, _))) = (self.assignable(), self.assignable()) else {
            return self.count_down();
        };
        if x == y {
            return self.while_down();
        }
        let a = self.rng.weighted(&[(3, 1), (1, 2)]);
        let b = self.rng.weighted(&[(3, 1), (1, 2)]);
        let header = format!("while ({x} != {y}) {{");
        self.open(header.clone());
        self.loop_body(&header, &[]);
        self.line(format!("if ({x} < {y}) {x} += {a}; else {y} += {b};"));
        self.close();
    }

    fn do_while(&mut self) {
        let c = self.name("c");
        let ty = self.counter_ty();
        let bound = self.bound_expr();
        let step = self.step();
        self.line(format!("{} {c} = 0;", ty.name()));
        self.declare(c.clone(), Kind::Scalar(ty));
        self.open("do {".to_string());
        self.loop_body(&bound, &[format!("{c} += {step};")]);
        self.indent -= 1;
        let extra = if self.rng.chance(30) { format!(" && {}", self.cond()) } else { String::new() };
        self.line(format!("}} while ({c} < {bound}{extra});"));
    }

    /// A loop guarded by fresh inputs: a nondet value, an extern call or a volatile read.
    fn nondet_guard(&mut self) {
        let read = self.input_read(Ty::Int);
        let guard = if self.rng.chance(50) { read } else { format!("{read} > {}", self.rng.range(0, 3)) };
        self.open(format!("while ({guard}) {{"));
        self.loop_body("", &[]);
        self.close();
    }

    /// A linear search over a block (which may hold never-written cells).
    fn search(&mut self) {
        let Some((a, _, len)) = self.block() else {
            return self.count_up();
        };
        let k = self.name("k");
        let value = if self.rng.chance(50) { self.rng.range(-1, 2).to_string() } else { self.expr(1) };
        let op = self.rng.weighted(&[(3, "!="), (1, ">"), (1, "<=")]);
        self.line(format!("int {k} = 0;"));
        let bound = len.text();
        if self.rng.chance(50) {
            self.line(format!("while ({k} < (int){bound} && {a}[{k}] {op} {value}) {k}++;"));
        } else {
            self.open(format!("while ({k} < (int){bound}) {{"));
            self.line(format!("if ({a}[{k}] {op} {value}) break;"));
            self.index_bounds.push((k.clone(), index_bound(&len)));
            self.frozen.push(k.clone());
            self.loop_body(&value, &[format!("{k}++;")]);
            self.frozen.pop();
            self.index_bounds.pop();
            self.close();
        }
        self.declare(k, Kind::Scalar(Ty::Int));
    }

    /// A pointer walk over a block, summing or stopping at a cell.
    fn walk(&mut self) {
        let Some((a, elem, len)) = self.block() else {
            return self.count_up();
        };
        let q = self.name("q");
        let t = elem.name();
        let bound = len.text();
        if let Some((s, _)) = self.assignable().filter(|_| self.rng.chance(50)) {
            self.open(format!("for ({t} *{q} = {a}; {q} < {a} + {bound}; {q}++) {{"));
            self.line(format!("{s} += *{q};"));
            self.frozen.push(s);
            self.loop_body("", &[]);
            self.frozen.pop();
            self.close();
        } else {
            let value = self.rng.range(-1, 1);
            let op = self.rng.weighted(&[(2, "!="), (1, ">"), (1, ">=")]);
            self.line(format!("{t} *{q} = {a};"));
            self.line(format!("while ({q} < {a} + {bound} && *{q} {op} {value}) {q}++;"));
            self.declare(q, Kind::Cursor { base: a });
        }
    }

    /// Loops over bits: clearing the lowest bit, shifting right (a negative signed value sticks
    /// at -1), halving.
    fn bits(&mut self) {
        let Some((x, ty)) = self.assignable() else {
            return self.count_down();
        };
        let update = match self.rng.range(0, 3) {
            0 if !ty.signed() => format!("{x} &= {x} - 1;"),
            0 | 1 => format!("{x} >>= 1;"),
            2 => format!("{x} = {x} / 2;"),
            _ => format!("{x} = {x} << 1;"),
        };
        let guard = self.rng.weighted(&[(3, "!= 0"), (1, "> 0")]);
        self.open(format!("while ({x} {guard}) {{"));
        self.loop_body(&x, &[update]);
        self.close();
    }

    /// A counter of a narrow unsigned type stepped until it hits a value (wrap-around decides).
    fn wrap(&mut self) {
        let c = self.name("w");
        let ty = self.rng.weighted(&[(3, Ty::UChar), (1, Ty::UShort)]);
        let start = if self.rng.chance(50) { self.rng.range(0, 9).to_string() } else { self.expr(1) };
        let end = self.rng.range(0, 255);
        let step = if self.rng.chance(70) { self.rng.range(1, 6).to_string() } else { self.expr(1) };
        self.line(format!("{} {c} = ({})({start});", ty.name(), ty.name()));
        self.declare(c.clone(), Kind::Scalar(ty));
        self.open(format!("while ({c} != {end}) {{"));
        self.loop_body(&c, &[format!("{c} += {step};")]);
        self.close();
    }

    /// A cycle made by `goto`.
    fn goto_loop(&mut self) {
        let label = format!("fz_loop{}", self.labels);
        self.labels += 1;
        let c = self.name("c");
        let ty = self.counter_ty();
        let bound = self.bound_expr();
        let step = self.step();
        self.features.insert("goto");
        self.line(format!("{} {c} = 0;", ty.name()));
        self.declare(c.clone(), Kind::Scalar(ty));
        self.line(format!("{label}:;"));
        // A `goto` cycle's body is at the same level, so it gets no scope of its own, and a
        // `break` would leave an enclosing loop: no jumps in it.
        let was_in_loop = self.in_loop;
        self.in_loop = false;
        self.frozen.push(c.clone());
        for _ in 0..self.rng.range(1, 2) {
            self.assign_or_store();
        }
        self.frozen.pop();
        self.in_loop = was_in_loop;
        self.line(format!("{c} += {step};"));
        self.line(format!("if ({c} < {bound}) goto {label};"));
    }

    /// A loop counting a memory cell down (a cell never written holds anything).
    fn memory_counter(&mut self) {
        let Some((a, _, len)) = self.block() else {
            return self.count_up();
        };
        let idx = self.index(&len);
        let step = self.rng.weighted(&[(3, 1), (2, 2)]);
        let guard = self.rng.weighted(&[(2, "> 0"), (1, "!= 0")]);
        self.open(format!("while ({a}[{idx}] {guard}) {{"));
        self.loop_body(&idx, &[format!("{a}[{idx}] -= {step};")]);
        self.close();
    }

    fn assign_or_store(&mut self) {
        if self.rng.chance(70) { self.assign() } else { self.store() }
    }

    // ---- expressions ------------------------------------------------------------------------

    /// A random expression of depth at most `depth`.
    fn expr(&mut self, depth: u32) -> String {
        self.expr_with(depth, &[])
    }

    /// A random expression that may also read `extra` (names not declared yet).
    fn expr_with(&mut self, depth: u32, extra: &[&str]) -> String {
        let depth = depth.min(self.profile.expr_depth);
        if depth == 0 || self.rng.chance(35) {
            return self.atom(extra);
        }
        let kinds = if self.profile.fancy { 9 } else { 8 };
        match self.rng.range(0, kinds - 1) {
            0..=2 => {
                let op = self.rng.one_of(&["+", "-", "+", "&", "|", "^"]);
                format!("({} {op} {})", self.expr_with(depth - 1, extra), self.expr_with(depth - 1, extra))
            }
            3 => format!("({} * {})", self.expr_with(depth - 1, extra), self.rng.range(2, 5)),
            4 => {
                let op = self.rng.one_of(&["/", "%"]);
                let k = self.rng.one_of(&[2, 3, 4, 7, 10]);
                format!("({} {op} {k})", self.expr_with(depth - 1, extra))
            }
            5 => {
                let op = self.rng.one_of(&["<<", ">>"]);
                format!("({} {op} {})", self.expr_with(depth - 1, extra), self.rng.range(0, 7))
            }
            6 => {
                let ty = self.ty();
                self.features.insert("cast");
                format!("({})({})", ty.name(), self.expr_with(depth - 1, extra))
            }
            7 => {
                let op = self.rng.one_of(&["-", "~", "!"]);
                format!("{op}{}", self.expr_with(depth - 1, extra))
            }
            _ => {
                let c = self.cond();
                format!("({c} ? {} : {})", self.expr_with(depth - 1, extra), self.expr_with(depth - 1, extra))
            }
        }
    }

    fn atom(&mut self, extra: &[&str]) -> String {
        let roll = self.rng.range(0, 99);
        if roll < 10 && !extra.is_empty() {
            return extra[self.rng.index(extra.len())].to_string();
        }
        if roll < 55
            && let Some(name) = self.scalar_name()
        {
            return name;
        }
        if roll < 70
            && let Some((a, _, len)) = self.block()
        {
            let idx = self.index(&len);
            return format!("{a}[{idx}]");
        }
        if roll < 73 && self.profile.fancy {
            let helper = self.rng.one_of(&HELPERS).0;
            self.helpers.insert(helper);
            self.features.insert("helper");
            let (x, y) = (self.atom(extra), self.atom(extra));
            return match helper {
                "fz_dist" => format!("fz_dist({x}, {y})"),
                "fz_halve" => format!("fz_halve({x})"),
                _ => format!("fz_clamp({x}, 0, {})", self.rng.range(1, 9)),
            };
        }
        if roll < 85 {
            return self.small();
        }
        let ty = self.ty();
        self.constant(ty)
    }

    /// A read of a variable or memory cell (a constant only when there is nothing to read).
    fn read(&mut self) -> String {
        if self.rng.chance(75)
            && let Some(name) = self.scalar_name()
        {
            return name;
        }
        if let Some((a, _, len)) = self.block() {
            let idx = self.index(&len);
            return format!("{a}[{idx}]");
        }
        self.atom(&[])
    }

    /// A constant of (or interesting for) type `ty`: small, or at its boundary.
    fn constant(&mut self, ty: Ty) -> String {
        let v = match self.rng.range(0, 9) {
            0..=4 => i128::from(self.rng.range(-3, 10)),
            5 => ty.max(self.lp64),
            6 => ty.min(self.lp64),
            7 => ty.max(self.lp64) / 2 + 1,
            _ => i128::from(self.rng.one_of(&[127, 128, 255, 256, 32767, 65535, 1000])),
        };
        // Long-sized boundaries are only meaningful in the data model finally chosen (LP64
        // unless the program qualifies for ILP32), so they are written for LP64; in ILP32 such
        // a literal has type long long, which is still valid C.
        literal(v)
    }

    /// A condition for branches, guards and assumptions.
    fn cond(&mut self) -> String {
        let op = self.rng.one_of(&["<", "<=", ">", ">=", "==", "!="]);
        match self.rng.range(0, 5) {
            0 => format!("({} & 1) == 0", self.read()),
            1 => format!("{} {op} {}", self.read(), self.atom(&[])),
            2 => {
                let op2 = self.rng.one_of(&["<", ">", "!="]);
                let join = self.rng.one_of(&["&&", "||"]);
                format!("{} {op} {} {join} {} {op2} {}", self.read(), self.atom(&[]), self.read(), self.atom(&[]))
            }
            _ => format!("{} {op} {}", self.expr(1), self.small()),
        }
    }

    /// A check's condition: a comparison of scalars, cells, sums and pointer distances with
    /// each other and with constants.
    fn check_cond(&mut self) -> String {
        let op = self.rng.one_of(&["<", "<=", ">", ">=", "==", "!=", "==", "!="]);
        if let Some((q, base)) = self.cursor().filter(|_| self.rng.chance(40)) {
            return format!("{q} - {base} {op} {}", self.rng.range(0, 5));
        }
        let lhs = match self.rng.range(0, 6) {
            0..=2 => self.read(),
            3 => format!("{} + {}", self.read(), self.read()),
            4 => format!("{} - {}", self.read(), self.read()),
            _ => format!("({}) % 2", self.read()),
        };
        let rhs = if self.rng.chance(65) {
            if self.rng.chance(70) {
                self.small()
            } else {
                let ty = self.ty();
                self.constant(ty)
            }
        } else {
            self.atom(&[])
        };
        format!("{lhs} {op} {rhs}")
    }

    fn small(&mut self) -> String {
        literal(i128::from(self.rng.range(-2, 10)))
    }

    /// A bound for a counting loop: an input, a small constant, an expression or a memory cell
    /// (no large constants: a loop that counts to 2^30 ends, but no run shows it).
    fn bound_expr(&mut self) -> String {
        match self.rng.range(0, 8) {
            0..=3 => self.scalar_name().unwrap_or_else(|| self.rng.range(1, 12).to_string()),
            4 | 5 => self.rng.one_of(&[1, 2, 3, 5, 8, 10, 100, 255, 256, 1000]).to_string(),
            6 => self.expr(1),
            _ => {
                if let Some((a, _, len)) = self.block() {
                    let idx = self.index(&len);
                    format!("{a}[{idx}]")
                } else {
                    self.rng.range(1, 12).to_string()
                }
            }
        }
    }

    fn step(&mut self) -> String {
        match self.rng.range(0, 9) {
            0..=4 => "1".to_string(),
            5 | 6 => "2".to_string(),
            7 => "3".to_string(),
            _ => self.scalar_name().unwrap_or_else(|| "1".to_string()),
        }
    }

    fn counter_ty(&mut self) -> Ty {
        self.rng.weighted(&[
            (1, Ty::Char),
            (2, Ty::UChar),
            (1, Ty::Short),
            (1, Ty::UShort),
            (6, Ty::Int),
            (4, Ty::UInt),
            (1, Ty::Long),
            (2, Ty::ULong),
        ])
    }

    fn ty(&mut self) -> Ty {
        self.rng.weighted(&[
            (1, ALL_TYPES[0]),
            (2, ALL_TYPES[1]),
            (1, ALL_TYPES[2]),
            (1, ALL_TYPES[3]),
            (6, ALL_TYPES[4]),
            (4, ALL_TYPES[5]),
            (2, ALL_TYPES[6]),
            (2, ALL_TYPES[7]),
        ])
    }

    /// An in-bounds index into a block of length `len`.
    fn index(&mut self, len: &Len) -> String {
        let bound = const_len(len);
        let counters: Vec<String> =
            self.index_bounds.iter().filter(|(_, n)| *n <= bound).map(|(name, _)| name.clone()).collect();
        match (self.rng.range(0, 9), len) {
            (0..=3, Len::Const(n)) => self.rng.range(0, i64::from(*n) - 1).to_string(),
            (0..=3, Len::Var(_)) => "0".to_string(),
            (4..=6, _) if !counters.is_empty() => counters[self.rng.index(counters.len())].clone(),
            (_, Len::Const(n)) => format!("(unsigned)({}) % {n}u", self.atom(&[])),
            (_, Len::Var(n)) => format!("(unsigned)({}) % {n}", self.atom(&[])),
        }
    }

    // ---- scopes and names -------------------------------------------------------------------

    fn name(&mut self, prefix: &str) -> String {
        self.fresh += 1;
        format!("{prefix}{}", self.fresh)
    }

    fn declare(&mut self, name: String, kind: Kind) {
        if let Some(scope) = self.scopes.last_mut() {
            scope.push(Var { name, kind });
        }
    }

    fn visible(&self) -> impl Iterator<Item = &Var> {
        self.scopes.iter().flatten()
    }

    fn scalar_name(&mut self) -> Option<String> {
        let names: Vec<String> =
            self.visible().filter(|v| matches!(v.kind, Kind::Scalar(_))).map(|v| v.name.clone()).collect();
        (!names.is_empty()).then(|| names[self.rng.index(names.len())].clone())
    }

    /// A scalar that random statements may assign.
    fn assignable(&mut self) -> Option<(String, Ty)> {
        let vars: Vec<(String, Ty)> = self
            .visible()
            .filter_map(|v| match v.kind {
                Kind::Scalar(ty) if !self.frozen.contains(&v.name) => Some((v.name.clone(), ty)),
                _ => None,
            })
            .collect();
        (!vars.is_empty()).then(|| vars[self.rng.index(vars.len())].clone())
    }

    fn block_exists(&self) -> bool {
        self.visible().any(|v| matches!(v.kind, Kind::Block { .. }))
    }

    fn block(&mut self) -> Option<(String, Ty, Len)> {
        let blocks: Vec<(String, Ty, Len)> = self
            .visible()
            .filter_map(|v| match &v.kind {
                Kind::Block { elem, len } => Some((v.name.clone(), *elem, len.clone())),
                _ => None,
            })
            .collect();
        (!blocks.is_empty()).then(|| blocks[self.rng.index(blocks.len())].clone())
    }

    fn cursor(&mut self) -> Option<(String, String)> {
        let cursors: Vec<(String, String)> = self
            .visible()
            .filter_map(|v| match &v.kind {
                Kind::Cursor { base } => Some((v.name.clone(), base.clone())),
                _ => None,
            })
            .collect();
        (!cursors.is_empty()).then(|| cursors[self.rng.index(cursors.len())].clone())
    }

    // ---- lines ------------------------------------------------------------------------------

    fn line(&mut self, text: String) {
        self.body.push(Line { indent: self.indent, text, check: None, fill: None, native: None });
        self.budget -= 1;
    }

    /// Makes the last line fill block `name` of `len` elements with input values in
    /// [`Rendering::Oracle`].
    fn fill_last_line(&mut self, name: &str, len: &str) {
        if let Some(last) = self.body.last_mut() {
            last.fill = Some(format!(
                "for (unsigned fz_k = 0; fz_k < (unsigned){len}; fz_k++) {name}[fz_k] = {ORACLE_FILL}();"
            ));
        }
    }

    /// Makes `text` the last line's form in [`Rendering::Native`].
    fn native_last_line(&mut self, text: String) {
        if let Some(last) = self.body.last_mut() {
            last.native = Some(text);
        }
    }

    fn open(&mut self, text: String) {
        self.line(text);
        self.indent += 1;
    }

    fn close(&mut self) {
        self.indent -= 1;
        self.body.push(Line { indent: self.indent, text: "}".to_string(), check: None, fill: None, native: None });
    }
}

/// The bound a counter `k < len` has as an index: it indexes blocks at least this long (a
/// variable length gives a bound no block of constant length meets).
fn index_bound(len: &Len) -> u32 {
    match len {
        Len::Const(n) => *n,
        Len::Var(_) => u32::MAX,
    }
}

/// A lower bound of a block's length.
fn const_len(len: &Len) -> u32 {
    match len {
        Len::Const(n) => *n,
        Len::Var(_) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    fn program(seed: u64, index: u64) -> Generated {
        generate(&mut Rng::derive(seed, index, 0), &format!("test seed {seed} program {index}"))
    }

    #[test]
    fn same_seed_same_program() {
        for index in 0..20 {
            assert_eq!(program(5, index).source(), program(5, index).source());
        }
        assert_ne!(program(5, 0).source(), program(6, 0).source());
    }

    #[test]
    fn literals_are_c() {
        assert_eq!(literal(5), "5");
        assert_eq!(literal(-5), "(-5)");
        assert_eq!(literal(2147483648), "2147483648u");
        assert_eq!(literal(4294967296), "4294967296L");
        assert_eq!(literal(i128::from(u64::MAX)), "18446744073709551615UL");
        assert_eq!(literal(i128::from(i32::MIN)), "(-2147483647 - 1)");
        assert_eq!(literal(i128::from(i64::MIN)), "(-9223372036854775807L - 1)");
        assert_eq!(literal(-2147483649), "(-2147483649L)");
    }

    /// The oracle's form fills every `malloc`ed and `alloca`ed block (not `calloc`ed ones) and
    /// every local array without initializer right after its allocation or declaration, reads
    /// inputs for the volatile global, and is the program otherwise.
    #[test]
    fn the_oracle_form_gives_never_written_memory_input_values() {
        let (mut filled, mut declared) = (0, 0);
        for index in 0..200 {
            let p = program(3, index);
            let final_text = p.source();
            let oracle = p.render(&|_| true, Rendering::Oracle);
            // Allocations and local arrays without initializer (in the entry function's body).
            let body = final_text
                .split_once("\nint main(void) {")
                .or_else(|| final_text.split_once("\nint fz_entry("))
                .unwrap()
                .1;
            let allocations = body.matches(" = malloc(").count()
                + body.matches(" = alloca(").count()
                + body.lines().filter(|l| l.trim_end().ends_with("];") && !l.contains('=')).count();
            assert_eq!(oracle.matches("] = fz_oracle_fill();").count(), allocations, "{oracle}");
            // Line by line, the oracle's form is the program with input values for volatile
            // reads and uninitialized scalars (`T x;` becomes `T x = (T)fz_oracle_fill();`).
            let without: Vec<&str> = oracle
                .lines()
                .filter(|l| !l.contains("] = fz_oracle_fill();") && !l.starts_with("extern long fz_oracle_fill"))
                .collect();
            let final_lines: Vec<&str> = final_text.lines().collect();
            assert_eq!(without.len(), final_lines.len(), "{oracle}");
            let (mut volatile_reads, mut scalars) = (0, 0);
            for (o, f) in without.iter().zip(&final_lines) {
                if o == f {
                    continue;
                }
                if f.contains(")fz_vol") {
                    assert_eq!(f.replace(")fz_vol", ")fz_oracle_fill()"), *o);
                    volatile_reads += 1;
                } else {
                    let (declared, ty) =
                        f.strip_suffix(';').and_then(|d| Some((d, d.trim_start().rsplit_once(' ')?.0))).unwrap();
                    assert_eq!(format!("{declared} = ({ty})fz_oracle_fill();"), *o);
                    scalars += 1;
                }
            }
            if allocations == 0 && volatile_reads == 0 && scalars == 0 {
                assert_eq!(oracle, final_text);
            }
            filled += allocations;
            declared += scalars;
        }
        assert!(filled > 10 && declared > 10, "{filled} blocks and {declared} scalars given inputs");
    }

    /// Every program (with all checks, with none, in the locating, the oracle's and the native
    /// form) compiles with gcc without errors, and programs stay small.
    #[test]
    fn programs_compile_with_gcc() {
        let dir = std::env::temp_dir().join(format!("leapfrog-fuzz-gen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut files = Vec::new();
        let mut features = BTreeSet::new();
        for index in 0..100 {
            let p = program(11, index);
            features.extend(p.features.iter().copied());
            let lines = p.body.len();
            assert!((8..=80).contains(&lines), "program {index} has {lines} lines:\n{}", p.source());
            for (form, text) in [
                ("all", p.source()),
                ("none", p.render(&|_| false, Rendering::Final)),
                ("locate", p.render(&|_| true, Rendering::Locate)),
                ("oracle", p.render(&|_| true, Rendering::Oracle)),
                ("native", p.render(&|_| true, Rendering::Native)),
            ] {
                let file = dir.join(format!("p{index}-{form}.c"));
                std::fs::write(&file, text).unwrap();
                files.push(file);
            }
        }
        for chunk in files.chunks(50) {
            let output = Command::new("gcc")
                .args(["-fsyntax-only", "-std=gnu11", "-Werror=implicit-function-declaration"])
                .args(["-Werror=incompatible-pointer-types", "-Werror=int-conversion", "-Wno-overflow"])
                .args(chunk)
                .output()
                .expect("gcc runs");
            assert!(output.status.success(), "gcc rejects a program:\n{}", String::from_utf8_lossy(&output.stderr));
        }
        let _ = std::fs::remove_dir_all(&dir);
        for feature in [
            "heap", "calloc", "alloca", "uninit", "volatile", "extern", "params", "assume", "nested", "goto", "vla",
            "ilp32", "cast", "pointer",
        ] {
            assert!(features.contains(feature), "no program uses {feature}");
        }
    }
}
