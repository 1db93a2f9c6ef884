//! What the front end reads and what it rejects: invalid C is an error with its position (from
//! gcc's check, and from the lowering's own checks when gcc does not check), valid C that gcc
//! accepts is read (K&R, implicit declarations, `.i` files, ILP32, universal character names,
//! `__int128`), deeply nested expressions lower in linear time, the deadline bounds reading, and
//! every volatile read is a load followed by `havoc volatile`.

use leapfrog_c_frontend::{FrontendError, FrontendOptions, InputError, ReadSettings, load_program_with};
use leapfrog_ir::{Command, DataModel, FuncId, HavocOrigin, Program, VarTy};
use leapfrog_source::Severity;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A fresh file holding `src`, named `name` (its extension decides how it is read).
fn write(name: &str, src: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "leapfrog-reading-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, src).unwrap();
    path
}

fn read_with(src: &str, dm: DataModel, settings: &ReadSettings) -> Result<Program, FrontendError> {
    let path = write("t.c", src);
    let opts = FrontendOptions { data_model: dm, ..FrontendOptions::default() };
    let result = load_program_with(std::slice::from_ref(&path), &opts, settings);
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
    result
}

fn read(src: &str) -> Result<Program, FrontendError> {
    read_with(src, DataModel::LP64, &ReadSettings::default())
}

fn without_gcc() -> ReadSettings {
    ReadSettings { compiler_check: false, ..ReadSettings::default() }
}

/// The errors of a rejected program, as `line:col: message`.
fn errors(result: Result<Program, FrontendError>, src: &str) -> Vec<String> {
    match result {
        Err(FrontendError::Invalid(errors)) => {
            errors.iter().map(|InputError { line, col, message, .. }| format!("{line}:{col}: {message}")).collect()
        }
        Err(other) => panic!("rejected, but not as invalid C ({other}):\n{src}"),
        Ok(_) => panic!("accepted:\n{src}"),
    }
}

/// Invalid programs, each with its first error as the lowering reports it and as gcc does.
const INVALID: &[(&str, &str, &str)] = &[
    (
        "int main(void) {\n  goto nowhere;\n  return 0;\n}\n",
        "2:3: label `nowhere` used but not defined",
        "2:3: label 'nowhere' used but not defined",
    ),
    (
        "int main(void) {\n  int x = 1;\n  switch (x) { case 1: return 1; case 1: return 2; }\n  return 0;\n}\n",
        "3:34: duplicate case value",
        "3:34: duplicate case value",
    ),
    (
        "int main(void) {\n  int x = 1;\n  switch (x) { case 1 ... 5: return 1; case 3: return 2; }\n  return 0;\n}\n",
        "3:40: duplicate case value",
        "3:40: duplicate case value",
    ),
    (
        "int main(void) {\n  switch (2) { default: break; default: break; }\n  return 0;\n}\n",
        "2:32: multiple default labels in one switch",
        "2:32: multiple default labels in one switch",
    ),
    (
        "int main(void) {\n  break;\n  return 0;\n}\n",
        "2:3: `break` statement not within a loop or switch",
        "2:3: break statement not within loop or switch",
    ),
    (
        "int main(void) {\n  if (1) continue;\n  return 0;\n}\n",
        "2:10: `continue` statement not within a loop",
        "2:10: continue statement not within a loop",
    ),
    (
        "int main(void) {\n  case 1: return 0;\n}\n",
        "2:3: `case` label not within a switch statement",
        "2:3: case label not within a switch statement",
    ),
    ("int main(void) {\n  return y;\n}\n", "2:10: `y` undeclared", "2:10: 'y' undeclared (first use in this function)"),
    ("int main(void) {\n a: ;\n a: ;\n  return 0;\n}\n", "3:2: duplicate label `a`", "3:2: duplicate label 'a'"),
    (
        "int main(void) {\n  void *p = &&nowhere;\n  goto *p;\n}\n",
        "2:13: label `nowhere` used but not defined",
        "2:3: label 'nowhere' used but not defined",
    ),
];

#[test]
fn the_lowering_rejects_invalid_c_by_itself() {
    for (src, lowering, _) in INVALID {
        let found = errors(read_with(src, DataModel::LP64, &without_gcc()), src);
        assert_eq!(found.first().map(String::as_str), Some(*lowering), "{src}");
    }
}

#[test]
fn gcc_rejects_invalid_c_with_its_own_message() {
    for (src, _, gcc) in INVALID {
        let found = errors(read(src), src);
        assert_eq!(found.first().map(String::as_str), Some(*gcc), "{src}");
    }
    // Only gcc knows these.
    let more = [
        (
            "int main(void) {\n  const int c = 1;\n  c = 2;\n  return c;\n}\n",
            "3:5: assignment of read-only variable 'c'",
        ),
        (
            "struct s { int a; };\nint main(void) {\n  struct s v;\n  return v.b;\n}\n",
            "4:11: 'struct s' has no member named 'b'",
        ),
        ("int f(int a, int b);\nint main(void) {\n  return f(1);\n}\n", "3:10: too few arguments to function 'f'"),
        (
            "int main(void) {\n  int x = 1;\n  return x();\n}\n",
            "3:10: called object 'x' is not a function or function pointer",
        ),
        ("int x;\nchar x;\nint main(void) { return 0; }\n", "2:6: conflicting types for 'x'; have 'char'"),
        ("int main(void) {\n  int a[2];\n  a = 0;\n  return 0;\n}\n", "3:5: assignment to expression with array type"),
    ];
    for (src, expected) in more {
        let found = errors(read(src), src);
        assert_eq!(found.first().map(String::as_str), Some(expected), "{src}");
    }
}

#[test]
fn an_error_names_the_file_and_the_position_in_it() {
    let path = write("bad.c", "int main(void) {\n  return nope;\n}\n");
    let err = load_program_with(std::slice::from_ref(&path), &FrontendOptions::default(), &ReadSettings::default())
        .unwrap_err();
    let shown = err.to_string();
    assert!(shown.starts_with(&format!("{}:2:10: error: ", path.display())), "{shown}");
}

#[test]
fn what_gcc_only_warns_about_is_read() {
    let programs = [
        // K&R: implicit int, old-style parameters; an implicit function declaration.
        "main() { return helper(2); }\nhelper(x) int x; { return x; }\n",
        "int main(void) { int *p = 0; long l = (long)p; return undeclared_function(l); }\n",
        // The prelude's assert and a system header.
        "#include <assert.h>\n#include <stdlib.h>\nint main(void) { int *p = malloc(4); assert(p != 0); free(p); return 0; }\n",
        // Universal character names and GNU's \\e.
        "int main(void) { const char *s = \"caf\\u00e9 \\U0001F600 \\e\"; return s[0]; }\n",
        // GNU's 128-bit integers.
        "int main(void) { __int128 a = 1; unsigned __int128 b = a; __int128_t c = 2; __uint128_t d = 3;\n  return (int)(b + c + d); }\n",
        // GNU's statement and label attributes, labels as values and computed goto (also gcc's
        // relative table of label differences).
        "int main(int argc, char **argv) {\n  switch (argc) { case 1: argc++; __attribute__((fallthrough)); default: break; }\n\
         l: __attribute__((unused)) argc--;\n  static const void *t[] = { &&l, &&m };\n\
         static const int d[] = { &&l - &&l, &&m - &&l };\n  if (argc > 5) goto *t[argc & 1];\n\
         if (argc > 3) goto *(&&l + d[1]);\nm:\n  return argc;\n}\n",
    ];
    for dm in [DataModel::LP64, DataModel::ILP32] {
        for src in programs {
            if let Err(e) = read_with(src, dm, &ReadSettings::default()) {
                panic!("{dm:?}: rejected ({e}):\n{src}");
            }
        }
    }
}

/// What the parser rejects in GNU's computed goto and label addresses, without gcc's check:
/// a syntax error at the position where the construct goes wrong.
#[test]
fn malformed_computed_gotos_are_syntax_errors_at_their_position() {
    let cases = [
        ("int main(void) {\n  goto *;\n}\n", (2, 9)),
        ("int main(void) {\n  void *p = &&;\n  return 0;\n}\n", (2, 15)),
        ("int main(void) {\n  void *p = &&1;\n  return 0;\n}\n", (2, 15)),
        ("int main(void) {\n  goto *p\n}\n", (3, 1)),
    ];
    for (src, at) in cases {
        match read_with(src, DataModel::LP64, &without_gcc()) {
            Err(FrontendError::Syntax { line, col, message, .. }) => {
                assert_eq!((line, col), at, "{src}");
                assert!(message.starts_with("syntax error"), "{message}");
            }
            other => panic!("not a syntax error ({:?}):\n{src}", other.map(|_| ())),
        }
    }
}

#[test]
fn a_preprocessed_file_is_checked_as_it_is() {
    let good = write("good.i", "# 1 \"orig.c\"\nint main(void) { return 0; }\n");
    let opts = FrontendOptions::default();
    assert!(load_program_with(&[good], &opts, &ReadSettings::default()).is_ok());
    let bad = write("bad.i", "# 1 \"orig.c\"\nint main(void) {\n  return missing;\n}\n");
    match load_program_with(&[bad], &opts, &ReadSettings::default()) {
        Err(FrontendError::Invalid(e)) => assert_eq!((e[0].file.as_str(), e[0].line, e[0].col), ("orig.c", 2, 10)),
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn int128_values_are_arbitrary_and_reported() {
    let p = read("int main(void) { unsigned __int128 x = 5; return (int)x; }\n").expect("reads");
    let unsupported: Vec<&str> =
        p.diagnostics.iter().filter(|d| d.severity == Severity::Unsupported).map(|d| d.message.as_str()).collect();
    assert!(unsupported.iter().any(|m| m.contains("128-bit integer type `__int128`")), "{unsupported:?}");
    let d = p.diagnostics.iter().find(|d| d.message.contains("128-bit")).unwrap();
    assert_eq!((d.span.line, d.span.col), (1, 18));
}

/// A program returning `expr` (over `x`, an input, and `g`, a global).
fn returning(expr: &str) -> String {
    format!(
        "extern int __VERIFIER_nondet_int(void);\nint g;\nint main(void) {{\n  int x = __VERIFIER_nondet_int();\n  return {expr};\n}}\n"
    )
}

/// `depth` levels of `make(level, inner)` around `x`.
fn nested(depth: usize, make: impl Fn(usize, String) -> String) -> String {
    returning(&(0..depth).fold("x".to_string(), |inner, i| make(i, inner)))
}

#[test]
fn deeply_nested_conditionals_and_long_chains_lower() {
    const DEPTH: usize = 20_000;
    let chain = |op: &str| (0..DEPTH).map(|i| format!("x != {i}")).collect::<Vec<_>>().join(op);
    let programs = [
        nested(DEPTH, |i, e| format!("x == {i} ? {} : {e}", i % 7)),
        nested(DEPTH, |i, e| format!("x == {i} ? {} : ({e})", i % 7)),
        nested(DEPTH, |i, e| format!("({e}) ? {i} : {}", i + 1)),
        nested(DEPTH, |i, e| format!("g == (x > {i} ? {e} : {i})")),
        nested(DEPTH, |i, e| format!("x + ({e} && x > {i})")),
        returning(&chain(" && ")),
        returning(&chain(" || ")),
        returning(&format!("({}) ? 1 : 2", chain(" && "))),
    ];
    for src in &programs {
        let p = read_with(src, DataModel::LP64, &without_gcc()).unwrap_or_else(|e| panic!("{e}"));
        assert!(p.entry.is_some());
    }
}

#[test]
fn the_deadline_bounds_reading() {
    // Preprocessing alone would take very long (2^40 tokens).
    let mut src = "#define A0 x+\n".to_string();
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("int main(void) { int x = 1; return A39 0; }\n");
    let start = Instant::now();
    let settings = ReadSettings { deadline: Some(start + Duration::from_millis(500)), ..ReadSettings::default() };
    assert!(matches!(read_with(&src, DataModel::LP64, &settings), Err(FrontendError::TimedOut)));
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    let past = ReadSettings { deadline: Some(Instant::now()), ..ReadSettings::default() };
    assert!(matches!(
        read_with("int main(void) { return 0; }\n", DataModel::LP64, &past),
        Err(FrontendError::TimedOut)
    ));
}

/// The number of volatile havocs in `f`, checking that each follows a load of its register.
fn volatile_reads(p: &Program, f: FuncId) -> usize {
    let func = &p.funcs[f];
    let mut n = 0;
    for e in func.edges.values() {
        let Command::Havoc(v, HavocOrigin::Volatile) = e.cmd else { continue };
        let after_load = func
            .edges
            .values()
            .any(|before| before.to == e.from && matches!(before.cmd, Command::Load { dst, .. } if dst == v));
        assert!(after_load, "a volatile havoc of {} not right after its load", p.vars[v].name);
        n += 1;
    }
    n
}

#[test]
fn every_volatile_read_is_a_load_then_havoc_volatile() {
    let cases: &[(&str, &str, usize)] = &[
        ("", "volatile int v = 1; return v;", 0),
        ("", "volatile int v = 1; int *q = (int *)&v; return v;", 1),
        ("", "volatile int v; v = 2; v = 3; return 0;", 0),
        ("", "volatile int v = 0; v++; v += 2; return 0;", 0),
        ("", "volatile int v = 0; volatile int *q = &v; v++; v += 2; return *q;", 3),
        ("", "static volatile int v = 0; v++; return 0;", 1),
        ("", "volatile int v = 1; return (int)sizeof(v);", 0),
        ("", "int x = 1; return *(volatile int *)&x;", 1),
        ("", "int x = 1; volatile int *q = &x; *q = 2; return *q + *q;", 2),
        ("", "int x = 1; int *p = &x; return *p + x;", 0),
        ("struct s { int a; volatile int b; };", "struct s s = { 1, 2 }; return s.a + s.b;", 1),
        ("struct s { int a, b; };", "volatile struct s s = { 1, 2 }; return s.a + s.b;", 2),
        ("struct s { int a, b; };", "struct s t = { 1, 2 }; volatile struct s *p = &t; return p->a;", 1),
        ("", "volatile int a[2] = { 1, 2 }; return a[0] + a[1];", 2),
        ("", "volatile int m[2][2] = { { 1, 2 }, { 3, 4 } }; return m[1][1];", 1),
        ("typedef volatile int vint;", "vint v = 4; return v;", 0),
        ("typedef volatile int vint;", "vint v = 4; vint *q = &v; return v;", 1),
        ("volatile int g = 5;", "return g;", 1),
        ("", "int *volatile p = 0; int x = 0; p = &x; return *p;", 0),
        ("", "int *volatile p = 0; int x = 0; p = &x; int *volatile *pp = &p; return *p;", 1),
        ("", "int x = 1; int *volatile p = &x; volatile int *volatile *pp = &p; return 0;", 0),
    ];
    for (globals, body, expected) in cases {
        let src = format!("{globals}\nint main(void) {{ {body} }}\n");
        let p = read(&src).unwrap_or_else(|e| panic!("{e}\n{src}"));
        let main = p.func_by_name("main").unwrap();
        assert_eq!(volatile_reads(&p, main), *expected, "{src}");
    }
    // Volatile locals and parameters live in memory, even without `&`, when something outside
    // the function could name them: their address is taken. Without it, their reads give the
    // value stored (nothing else can write them).
    let p = read(
        "static int f(volatile int x) { int *q = (int *)&x; return x + *q; }\n\
         static int g(volatile int y) { return y; }\n\
         int main(void) { volatile int v = 2; volatile int w = 3; volatile int *q = &w; return f(v) + g(*q); }\n",
    )
    .expect("reads");
    for (name, f, in_memory) in [("x", "f", true), ("y", "g", false), ("v", "main", false), ("w", "main", true)] {
        let fid = p.func_by_name(f).unwrap();
        let local =
            p.funcs[fid].locals.iter().chain(&p.funcs[fid].params).find(|l| p.vars[**l].name == name).expect("a local");
        assert_eq!(matches!(p.vars[*local].ty, VarTy::Mem(_)), in_memory, "{name} in memory");
    }
    for (f, reads) in [("f", 1), ("g", 0), ("main", 1)] {
        let fid = p.func_by_name(f).unwrap();
        assert_eq!(volatile_reads(&p, fid), reads, "{f}");
    }
}
