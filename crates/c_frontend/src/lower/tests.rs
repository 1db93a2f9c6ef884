//! Unit tests of the lowering on small C programs: the shape of the IR (order of calls, constant
//! stores of initializers, storage of objects). The end-to-end checks against gcc are the
//! annotated programs of `crates/cli/tests/c`.

use crate::{FrontendOptions, load_program};
use leapfrog_ir::{Command, Expr, FuncId, LocId, Program, VarId, VarKind, VarTy};
use leapfrog_source::Severity;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};

fn lower(src: &str) -> Program {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("leapfrog-lower-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("t{}.c", NEXT.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, src).unwrap();
    let p = load_program(std::slice::from_ref(&path), &FrontendOptions::default()).expect("the program lowers");
    let _ = std::fs::remove_file(path);
    p
}

fn unsupported(p: &Program) -> Vec<String> {
    p.diagnostics.iter().filter(|d| d.severity == Severity::Unsupported).map(|d| d.message.clone()).collect()
}

fn func(p: &Program, name: &str) -> FuncId {
    p.func_by_name(name).unwrap_or_else(|| panic!("no function `{name}`"))
}

/// The commands of a function's straight-line code, from its entry to the first branch.
fn straight_line(p: &Program, f: FuncId) -> Vec<Command> {
    let func = &p.funcs[f];
    let succ = func.successors();
    let mut out = Vec::new();
    let mut at: LocId = func.entry;
    while let [e] = succ[at].as_slice() {
        out.push(func.edges[*e].cmd.clone());
        at = func.edges[*e].to;
    }
    out
}

/// `name(k)` for each call of a function with a constant first argument, in order.
fn calls(p: &Program, f: FuncId) -> Vec<String> {
    straight_line(p, f)
        .into_iter()
        .filter_map(|c| match c {
            Command::Call { callee, args, .. } => Some(match args.first() {
                Some(Expr::Int(k, _)) => format!("{}({k})", p.funcs[callee].name),
                _ => p.funcs[callee].name.clone(),
            }),
            _ => None,
        })
        .collect()
}

fn var(p: &Program, f: FuncId, name: &str) -> VarId {
    *p.funcs[f].locals.iter().find(|v| p.vars[**v].name == name).unwrap_or_else(|| panic!("no local `{name}`"))
}

fn size(p: &Program, v: VarId) -> u64 {
    match &p.vars[v].ty {
        VarTy::Mem(o) => o.size(p.data_model),
        VarTy::Reg(_) => panic!("a register variable"),
    }
}

/// The bytes of `v` after the straight-line code of `f`, as far as it stores constants.
fn constant_bytes(p: &Program, f: FuncId, v: VarId) -> Vec<u8> {
    fn offset_in(v: VarId, e: &Expr) -> Option<i128> {
        match e {
            Expr::AddrOf(x) if *x == v => Some(0),
            Expr::PtrAdd { base, offset, scale } => match &**offset {
                Expr::Int(k, _) => Some(offset_in(v, base)? + k * i128::from(*scale)),
                _ => None,
            },
            _ => None,
        }
    }
    let mut bytes = BTreeMap::new();
    for c in straight_line(p, f) {
        match c {
            Command::InitObject { var, .. } if var == v => bytes.clear(),
            Command::Store { addr, value: Expr::Int(x, t) } => {
                if let Some(off) = offset_in(v, &addr) {
                    for b in 0..t.bytes() as i128 {
                        bytes.insert(off + b, (x >> (8 * b)) as u8);
                    }
                }
            }
            _ => {}
        }
    }
    (0..size(p, v) as i128).map(|i| bytes.get(&i).copied().unwrap_or(0)).collect()
}

fn ints(bytes: &[u8]) -> Vec<i32> {
    bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
}

#[test]
fn a_braced_string_initializes_a_char_array() {
    let p = lower("int main(void) { char s[] = { \"xy\" }; char t[][4] = { \"ab\", \"cde\", \"f\" }; return s[0]; }");
    assert!(unsupported(&p).is_empty(), "{:?}", unsupported(&p));
    let main = func(&p, "main");
    assert_eq!(constant_bytes(&p, main, var(&p, main, "s")), b"xy\0");
    assert_eq!(constant_bytes(&p, main, var(&p, main, "t")), b"ab\0\0cde\0f\0\0\0");
}

#[test]
fn nested_designators_continue_inside_the_designated_object() {
    let p = lower(
        "struct o { struct { int a, b, c; } x; int y; };
         struct w { int k; struct { int a, b; }; union { int n; short h[2]; }; };
         int main(void) {
           struct o o = { .x.b = 1, 2, 3 };
           int m[2][3] = { [0][1] = 1, 2, 3, 4 };
           struct w w = { 1, .b = 5, 6 };
           int e[][2] = { [2] = 7, 8 };
           struct { int a, b, c; } s[] = { [1].b = 5, 6, 7 };
           return 0;
         }",
    );
    assert!(unsupported(&p).is_empty(), "{:?}", unsupported(&p));
    let main = func(&p, "main");
    let of = |name| ints(&constant_bytes(&p, main, var(&p, main, name)));
    assert_eq!(of("o"), vec![0, 1, 2, 3]);
    assert_eq!(of("m"), vec![0, 1, 2, 3, 4, 0]);
    assert_eq!(of("w"), vec![1, 0, 5, 6]);
    assert_eq!(of("e"), vec![0, 0, 0, 0, 7, 8]);
    assert_eq!(of("s"), vec![0, 0, 0, 0, 5, 6, 7, 0, 0]);
}

#[test]
fn a_variable_length_array_parameter_is_sized_on_entry() {
    let p = lower(
        "static int trace(int n, int a[n][n]) { return a[1][1]; }
         int main(void) { int m[2][2] = { { 1, 2 }, { 3, 4 } }; return trace(2, m); }",
    );
    assert!(unsupported(&p).is_empty(), "{:?}", unsupported(&p));
    let trace = func(&p, "trace");
    let n = p.funcs[trace].params[0];
    let sized_from_n = straight_line(&p, trace).iter().any(|c| match c {
        Command::Assign(len, e) => p.vars[*len].name == "vla_len" && e.reads().contains(&n),
        _ => false,
    });
    assert!(sized_from_n, "{:?}", straight_line(&p, trace));
}

#[test]
fn assignments_evaluate_the_right_side_first_unless_it_is_a_call() {
    let p = lower(
        "int arr[10];
         int f(int v) { return v; }
         int two(int a, int b) { return a + b; }
         int main(void) {
           arr[f(1)] = f(2) + f(3);
           arr[f(4)] = f(5);
           arr[f(6)] = two(f(7), f(8));
           arr[f(9)] = (f(10), f(11));
           return 0;
         }",
    );
    let main = func(&p, "main");
    let expected = ["f(2)", "f(3)", "f(1)", "f(4)", "f(5)", "f(8)", "f(7)", "f(6)", "two", "f(10)", "f(9)", "f(11)"];
    assert_eq!(calls(&p, main), expected);
}

#[test]
fn folding_reorders_variable_and_comma_operands() {
    let p = lower(
        "int g;
         int h(void) { g = 100; return 1; }
         int main(void) { int a = g - h(); int b = g + h(); int c = g == h(); int d = g - (h(), 1); return a + b + c + d; }",
    );
    let main = func(&p, "main");
    let g = p.globals.iter().copied().find(|v| p.vars[*v].name == "g").unwrap();
    let events: Vec<&str> = straight_line(&p, main)
        .iter()
        .filter_map(|c| match c {
            Command::Call { .. } => Some("call"),
            Command::Assign(_, e) if e.reads().contains(&g) => Some("read g"),
            _ => None,
        })
        .collect();
    // The left part of a comma right operand comes first: `g - (h(), 1)` is `(h(), g - 1)`.
    assert_eq!(events, ["read g", "call", "call", "read g", "call", "read g", "call", "read g"]);
}

#[test]
fn compound_literals_in_static_initializers_are_static() {
    let p = lower("int *table = (int[]){ 5, 6, 7 }; int main(void) { int *l = (int[]){ 1 }; return table[0] + l[0]; }");
    let kinds: Vec<VarKind> = p.vars.values().filter(|v| v.name == ".compound").map(|v| v.kind).collect();
    assert_eq!(kinds, [VarKind::Global, VarKind::Temp]);
}

#[test]
fn a_dereferenced_function_designator_is_a_direct_call() {
    let p = lower("static int twice(int v) { return 2 * v; } int main(void) { return (*twice)(4) + (&twice)(1); }");
    assert!(unsupported(&p).is_empty(), "{:?}", unsupported(&p));
    assert_eq!(calls(&p, func(&p, "main")), ["twice(4)", "twice(1)"]);
}

/// The functions of `p` that fail an assertion of `origin`, by name.
fn failing_functions(p: &Program) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = p
        .funcs
        .values()
        .flat_map(|f| {
            f.edges.values().filter_map(move |e| match &e.cmd {
                Command::Assert { cond: Expr::Bool(false), origin } => Some((f.name.clone(), origin.name())),
                _ => None,
            })
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_address_of_a_property_function_gives_the_program_a_failing_function() {
    // A call through the pointer may reach `reach_error`: the program gets a function that fails.
    let p = lower(
        "extern void reach_error(void);\nextern void __assert_fail(const char *, const char *, unsigned, const char *);\n\
         void (*g)(const char *, const char *, unsigned, const char *) = __assert_fail;\n\
         int main(void) { void (*f)(void) = reach_error; void (*h)(void) = &reach_error; f(); h(); return 0; }\n",
    );
    assert_eq!(
        failing_functions(&p),
        [
            ("__leapfrog_address_of___assert_fail".to_string(), "__assert_fail"),
            ("__leapfrog_address_of_reach_error".to_string(), "reach_error")
        ]
    );
    assert_eq!(p.entry.map(|e| p.funcs[e].name.as_str()), Some("main"));
    // Without `main`, the entry is still the one function nobody calls by name.
    let p = lower("extern void reach_error(void);\nint run(void) { void (*f)(void) = reach_error; f(); return 0; }\n");
    assert_eq!(p.entry.map(|e| p.funcs[e].name.as_str()), Some("run"));
    // Called by name, or an ordinary function the program defines: nothing is added.
    let p = lower(
        "extern void reach_error(void);\nvoid __VERIFIER_assert(int c) { if (!c) reach_error(); }\n\
         int main(void) { void (*f)(int) = __VERIFIER_assert; f(1); reach_error(); return 0; }\n",
    );
    assert_eq!(
        failing_functions(&p),
        [("__VERIFIER_assert".to_string(), "reach_error"), ("main".to_string(), "reach_error")]
    );
}

/// Every local and parameter records where its name is in scope: from its declarator (a `for`
/// clause's declaration: from the `for` keyword) to the end of its block; globals to the end of
/// the file; temporaries, return slots and hidden parameters have no scope.
#[test]
fn variables_record_their_scopes() {
    let p = lower(
        "int g;\n\
         struct S { int a; };\n\
         int f(struct S s, int) { return s.a; }\n\
         int main(int n) {\n\
           int x = n;\n\
           for (int k = 0; k < 3; k++) { x++; }\n\
           { int x = 2; static int s; n = x + s; }\n\
           return f((struct S){1}, x) + g;\n\
         }\n",
    );
    let scope = |v: VarId| p.vars[v].scope.map(|s| ((s.start.line, s.start.col), (s.end.line, s.end.col)));
    let main = func(&p, "main");
    let named = |name: &str| -> Vec<VarId> { p.vars.ids().filter(|v| p.vars[*v].name == name).collect() };
    let g = named("g")[0];
    assert_eq!(scope(g), Some(((1, 5), (0, 0))), "file scope: no end");
    let n = p.funcs[main].params[0];
    assert_eq!(scope(n), Some(((4, 10), (9, 1))), "a parameter: to the body's closing brace");
    let x = var(&p, main, "x");
    assert_eq!(scope(x), Some(((5, 5), (9, 1))));
    let k = var(&p, main, "k");
    assert_eq!(scope(k), Some(((6, 1), (6, 36))), "a `for` clause's variable: from the keyword");
    let inner = named("x").into_iter().find(|v| *v != x).unwrap();
    assert_eq!(scope(inner), Some(((7, 7), (7, 39))), "a block's variable: to its closing brace");
    let s = named("s").into_iter().find(|v| p.vars[*v].kind == VarKind::Global).unwrap();
    assert_eq!(scope(s), Some(((7, 25), (7, 39))), "a `static` local: its block");
    let f = func(&p, "f");
    for v in p.funcs[f].params.iter().chain(&p.funcs[f].ret).chain(p.funcs[main].ret.iter()) {
        assert_eq!(scope(*v), None, "{:?} is not named by the source", p.vars[*v]);
    }
    let copy = var(&p, f, "s");
    assert_eq!(scope(copy), Some(((3, 7), (3, 38))), "the callee's copy of a struct parameter");
    for (_, v) in p.vars.iter().filter(|(_, v)| v.kind == VarKind::Temp || v.name.starts_with('.')) {
        assert_eq!(v.scope, None, "{v:?}");
    }
}

/// The program's IR as text, without the lines naming its files (so that programs read from two
/// files compare equal).
fn ir_text(p: &Program) -> String {
    let text = leapfrog_ir::print::program_to_string(p);
    text.lines().filter(|l| !l.starts_with("file ")).collect::<Vec<_>>().join("\n")
}

/// GNU statement and label attributes are read and change nothing: the IR is the one of the
/// program with the attributes blanked out (positions unchanged).
#[test]
fn fallthrough_and_label_attributes_change_nothing() {
    let attributes =
        ["__attribute__((fallthrough))", "__attribute__((__fallthrough__))", "__attribute__((unused, cold))"];
    let with = format!(
        "int f(int x) {{\n  int r = 0;\n  switch (x) {{\n  case 1:\n    r += 1;\n    {};\n  case 2:\n    r += 2;\n    \
         {};\n  default:\n    r++;\n  }}\ndone: {};\n  return r;\n}}\nint main(void) {{ return f(1); }}\n",
        attributes[0], attributes[1], attributes[2]
    );
    let without = attributes.iter().fold(with.clone(), |src, a| src.replace(a, &" ".repeat(a.len())));
    let (a, b) = (lower(&with), lower(&without));
    assert!(a.diagnostics.is_empty(), "{:?}", a.diagnostics);
    assert_eq!(ir_text(&a), ir_text(&b));
}

/// Statement attributes with a meaning Leapfrog does not model are ignored, with a warning.
#[test]
fn other_statement_attributes_are_ignored_with_a_warning() {
    let p = lower("int f(int x) {\n  __attribute__((assume(x > 0)));\n  __attribute__((foo));\n  return x;\n}\n");
    let warnings: Vec<String> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| format!("{}:{}: {}", d.span.line, d.span.col, d.message))
        .collect();
    assert_eq!(
        warnings,
        [
            "2:18: the statement attribute `assume` is ignored: its condition is not assumed",
            "3:18: the statement attribute `foo` is ignored"
        ]
    );
}

/// Arguments are evaluated right to left, as gcc does; where two of them change state (so
/// another compiler's order could run another execution) a warning says so, and only there.
#[test]
fn arguments_that_change_state_in_an_unspecified_order_are_warned_about() {
    let p = lower(
        "int g;\nint f(void) { return ++g; }\nint sub(int a, int b) { return a - b; }\n\
         int main(void) {\n  int r = sub(f(), f());\n  r += sub(f(), g);\n  return r;\n}\n",
    );
    let warnings: Vec<String> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .map(|d| format!("{}:{}", d.span.line, d.span.col))
        .collect();
    assert_eq!(warnings, ["5:15"], "{:?}", p.diagnostics);
}

/// The label address comparisons of a function's computed-goto dispatch: for each branch, the
/// label it goes to and the offset of the address it compares with in the function's label
/// object, which must be `object`.
fn dispatch(p: &Program, f: FuncId, object: VarId) -> Vec<(String, i128)> {
    let func = &p.funcs[f];
    let mut out = Vec::new();
    for e in func.edges.values() {
        let Command::Assume(Expr::Cmp(leapfrog_arith::CmpOp::Eq, _, addr)) = &e.cmd else { continue };
        let offset = match &**addr {
            Expr::AddrOf(v) if *v == object => 0,
            Expr::PtrAdd { base, offset, scale: 1 } if **base == Expr::AddrOf(object) => match **offset {
                Expr::Int(k, _) => k,
                _ => panic!("a label address at a variable offset: {addr:?}"),
            },
            _ => continue,
        };
        let label = match &func.locs[e.to].tag {
            Some(leapfrog_ir::LocTag::Label { name, .. }) => name.clone(),
            other => panic!("the dispatch goes to {other:?}, not a label"),
        };
        out.push((label, offset));
    }
    out
}

/// `&&label` is the address of the label's byte in a hidden global object of its function; every
/// `goto *` of a function jumps to one dispatch, which compares the target with each label
/// address and excludes the undefined case (no label matches) with `assume false`, announced by
/// one assumption diagnostic.
#[test]
fn computed_gotos_share_one_dispatch_over_the_taken_label_addresses() {
    let p = lower(
        "int f(int x) {\n  static void *const t[] = { &&a, &&b };\n  void *p = &&c;\n  if (x > 1) goto *p;\n  \
         goto *t[x];\na:\n  goto *t[1];\nb:\n  return 2;\nc:\n  return 3;\nd:\n  return 4;\n}\n\
         int main(void) { return f(0); }\n",
    );
    let f = func(&p, "f");
    let objects: Vec<VarId> = p.vars.ids().filter(|v| p.vars[*v].name.starts_with(".labels.")).collect();
    assert_eq!(objects.iter().map(|v| p.vars[*v].name.as_str()).collect::<Vec<_>>(), [".labels.f"]);
    let object = objects[0];
    assert_eq!(size(&p, object), 3, "one byte per label whose address is taken (not `d`)");
    assert!(p.globals.contains(&object) && p.vars[object].scope.is_none());
    assert_eq!(dispatch(&p, f, object), [("a".to_string(), 0), ("b".to_string(), 1), ("c".to_string(), 2)]);
    let excluded = p.funcs[f]
        .edges
        .values()
        .filter(|e| e.cmd == Command::Assume(Expr::Bool(false)) && e.to == p.funcs[f].exit)
        .count();
    assert_eq!(excluded, 1);
    let assumptions: Vec<String> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Assumption)
        .map(|d| format!("{}:{}: {}", d.span.line, d.span.col, d.message))
        .collect();
    assert_eq!(
        assumptions,
        ["4:14: computed goto: assumed to jump to a label of this function whose address it takes (`&&a`, `&&b`, \
          `&&c`); any other target is undefined behaviour, which the analyses exclude and where the interpreter \
          stops (blocked)"]
    );
    assert!(unsupported(&p).is_empty(), "{:?}", unsupported(&p));
    // The static table holds the label addresses: the initializer stores them.
    let init = &p.funcs[p.init];
    let stored: Vec<&Expr> = init
        .edges
        .values()
        .filter_map(|e| match &e.cmd {
            Command::Store { value, .. } if value.base_object() == Some(object) => Some(value),
            _ => None,
        })
        .collect();
    assert_eq!(stored.len(), 2, "{stored:?}");
}

/// `__extension__` applies to a cast expression (gcc's x86 intrinsics headers write
/// `__extension__ (__m128)(__v4sf){ ... }`): read, and the value is the cast's.
#[test]
fn extension_before_a_cast_is_read() {
    let with = "struct s { int a; };\ntypedef struct s S;\nint f(int x) { return __extension__ (long)(S){ x }.a; }\n\
                int main(void) { return f(1); }\n";
    let without = with.replace("__extension__ ", "");
    // gcc's preprocessing keeps columns only roughly: the IRs are compared without positions.
    let unplaced =
        |p: &Program| ir_text(p).split_whitespace().filter(|w| !w.starts_with('@')).collect::<Vec<_>>().join(" ");
    assert_eq!(unplaced(&lower(with)), unplaced(&lower(&without)));
}

/// Attributes between `struct` and the tag are read; the tag's typedef stays a type name, and a
/// layout attribute there is reported as unsupported like anywhere else.
#[test]
fn attributes_between_struct_and_tag_are_read() {
    let p = lower(
        "typedef struct st st;\nstruct __attribute__((aligned(64))) st { int a; };\nint main(void) { st v; v.a = 1; st *p = &v; return p->a; }\n",
    );
    assert_eq!(unsupported(&p), ["attribute `aligned` (it changes a type or a layout)"]);
    let p =
        lower("struct __attribute__((unused)) t { int a; };\nint main(void) { struct t v; v.a = 0; return v.a; }\n");
    assert!(unsupported(&p).is_empty(), "{:?}", p.diagnostics);
}

/// The bodies of system-header functions the program never names are not read (`prune`), so
/// what they contain is not reported; what the program calls is read as before.
#[test]
fn unused_system_header_functions_are_not_read() {
    // glibc's <byteswap.h> defines `static __inline` `__bswap_16`, `__bswap_32`, `__bswap_64`.
    let p = lower("#include <byteswap.h>\nint main(void) { unsigned x = 1; return (int)bswap_32(x); }\n");
    let body = |name: &str| p.func_by_name(name).is_some_and(|f| !p.funcs[f].edges.is_empty());
    assert!(body("__bswap_32"));
    assert!(!body("__bswap_16") && !body("__bswap_64"));
}

#[test]
fn the_body_of_a_for_or_while_is_tagged_where_it_starts() {
    let p = lower(
        "int main(void) {\n  int s = 0;\n  for (int i = 0; i < 4; i++) s++;\n  while (s > 0) { s--; }\n  do s++; while (s < 3);\n  return s;\n}\n",
    );
    let f = &p.funcs[func(&p, "main")];
    let tag = |wanted: fn(&leapfrog_ir::LocTag) -> Option<(u32, u32)>| -> Vec<(u32, u32)> {
        let mut found: Vec<(u32, u32)> = f.locs.values().filter_map(|l| l.tag.as_ref().and_then(wanted)).collect();
        found.sort();
        found
    };
    let loops = tag(|t| match t {
        leapfrog_ir::LocTag::Loop { span, .. } => Some((span.line, span.col)),
        _ => None,
    });
    let bodies = tag(|t| match t {
        leapfrog_ir::LocTag::Body { span } => Some((span.line, span.col)),
        _ => None,
    });
    assert_eq!(loops, vec![(3, 3), (4, 3), (5, 3)]);
    // A `do` body starts at its header: no tag of its own.
    assert_eq!(bodies, vec![(3, 3), (4, 3)]);
    // The body is entered only where the condition holds: every edge into it is an assumption.
    for (loc, l) in f.locs.iter() {
        if matches!(l.tag, Some(leapfrog_ir::LocTag::Body { .. })) {
            let into: Vec<&Command> = f.edges.values().filter(|e| e.to == loc).map(|e| &e.cmd).collect();
            assert!(!into.is_empty() && into.iter().all(|c| matches!(c, Command::Assume(_))), "{into:?}");
        }
    }
}

#[test]
fn each_way_a_condition_goes_is_tagged_with_its_statements_keyword() {
    let p = lower(
        "int main(void) {\n  int s = 0;\n  if (s > 1 || s < -1) s = 2; else s = 3;\n  while (s > 0) { if (s == 7) break; s--; }\n  do s++; while (s < 3);\n  do s++; while (0);\n  if (s) s = 1;\n  return s;\n}\n",
    );
    let f = &p.funcs[func(&p, "main")];
    let mut outcomes: Vec<(u32, u32, bool, usize, bool)> = Vec::new();
    for (loc, l) in f.locs.iter() {
        if let Some(leapfrog_ir::LocTag::Branch { span, taken }) = &l.tag {
            let into: Vec<&Command> = f.edges.values().filter(|e| e.to == loc).map(|e| &e.cmd).collect();
            let assumes = into.iter().filter(|c| matches!(c, Command::Assume(_))).count();
            // Only a `break` enters an outcome other than through the condition.
            let only_conditions = into.len() == assumes;
            outcomes.push((span.line, span.col, *taken, assumes, only_conditions));
        }
    }
    outcomes.sort();
    assert_eq!(
        outcomes,
        vec![
            (3, 3, false, 1, true),  // `||`: the else-branch after both operands fail
            (3, 3, true, 2, true),   // the then-branch from either operand
            (4, 3, false, 1, false), // the loop's exit, also by `break`
            (4, 19, false, 1, true),
            (4, 19, true, 1, true),
            (5, 3, false, 1, true),
            (5, 3, true, 1, true),   // the next iteration of a `do`
            (6, 3, false, 0, false), // `while (0)`: no assumption, and no way back to the loop
            (6, 3, true, 0, true),
            (7, 3, false, 1, true),
            (7, 3, true, 1, true),
        ]
    );
    let do_never_again = f
        .locs
        .iter()
        .find(|(_, l)| matches!(l.tag, Some(leapfrog_ir::LocTag::Branch { span, taken: true }) if span.line == 6));
    let (again, _) = do_never_again.unwrap();
    assert!(f.edges.values().all(|e| e.from != again && e.to != again), "a `do … while (0)` has no cycle");
}

#[test]
fn conversions_between_pointers_and_integers_are_opaque_steps_that_carry_them() {
    let p = lower(
        "int a[4];\nint main(void) {\n  unsigned long n = (unsigned long)&a[1];\n  int *q = (int *)(n + 4);\n\
         \x20 unsigned u = (unsigned long)q % 4;\n  char *z = (char *)0;\n  return *q + u + (z == 0) + (_Bool)q;\n}\n",
    );
    // Reported as before: the analyses see an arbitrary value.
    assert_eq!(
        unsupported(&p),
        [
            "conversion of a pointer to an integer",
            "conversion of an integer to a pointer",
            "conversion of a pointer to an integer"
        ]
    );
    let main = func(&p, "main");
    let steps: Vec<leapfrog_ir::AddressStep> = straight_line(&p, main)
        .into_iter()
        .filter_map(|c| match c {
            Command::Opaque { havoc, compute: Some(step), writes_memory: false, may_not_return: false, .. } => {
                match *step {
                    leapfrog_ir::Computed::Address(step) => {
                        let (leapfrog_ir::AddressStep::ToInt { dst, .. }
                        | leapfrog_ir::AddressStep::ToPointer { dst, .. }) = step;
                        assert_eq!(havoc, [dst]);
                        Some(step)
                    }
                    other => panic!("{other:?}"),
                }
            }
            Command::Opaque { .. } => panic!("{c:?}"),
            _ => None,
        })
        .collect();
    // `(char *)0` is null and `(_Bool)q` a comparison with null: no step.
    assert!(
        matches!(
            steps.as_slice(),
            [
                leapfrog_ir::AddressStep::ToInt { pointer: Expr::PtrAdd { .. }, .. },
                leapfrog_ir::AddressStep::ToPointer { integer: Expr::Binary(..), .. },
                leapfrog_ir::AddressStep::ToInt { pointer: Expr::Var(_), .. },
            ]
        ),
        "{steps:?}"
    );
}
