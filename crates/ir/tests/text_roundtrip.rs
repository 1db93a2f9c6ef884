//! The textual form: printing and parsing back give an equal program; hand-written text parses;
//! malformed text gives errors with positions and never a panic; the C rendering of expressions.

mod sample_program;

use leapfrog_ir::parse::{MAX_NESTING, parse_program};
use leapfrog_ir::print::{
    cell_to_c, command_to_string, expr_to_c, expr_to_c_loading, expr_to_string, function_to_string, program_to_string,
};
use leapfrog_ir::verify::verify_program;
use leapfrog_ir::{
    AllocRegion, ArrayLen, BinOp, CmpOp, Command, DataModel, EdgeId, Expr, FuncId, Function, IntTy, LocId, LocTag,
    LoopKind, ObjType, Program, Type, UnOp, VarId, VarKind, VarScope, VarTy,
};
use leapfrog_source::{FileId, Span};
use sample_program::{add_var, empty_program, i32c, pair_type, ptr_add, reg, sample_program, var};
use std::collections::HashSet;
use std::mem::discriminant;

fn round_trip(p: &Program) {
    let text = program_to_string(p);
    let parsed = parse_program(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&parsed, p, "parse(print(p)) differs from p; text:\n{text}");
    assert_eq!(program_to_string(&parsed), text);
}

fn collect_exprs<'e>(e: &'e Expr, out: &mut Vec<&'e Expr>) {
    out.push(e);
    for child in e.children() {
        collect_exprs(child, out);
    }
}

#[test]
fn sample_uses_every_command_and_expression_variant() {
    let p = sample_program();
    let commands: Vec<&Command> = p.funcs.values().flat_map(|f| f.edges.values().map(|e| &e.cmd)).collect();
    let mut exprs = Vec::new();
    for cmd in &commands {
        for e in cmd.exprs() {
            collect_exprs(e, &mut exprs);
        }
    }
    let command_kinds: HashSet<_> = commands.iter().map(|c| discriminant(*c)).collect();
    let expr_kinds: HashSet<_> = exprs.iter().map(|e| discriminant(*e)).collect();
    assert_eq!(command_kinds.len(), 18, "Command has 18 variants");
    assert_eq!(expr_kinds.len(), 12, "Expr has 12 variants");
}

#[test]
fn sample_round_trips() {
    round_trip(&sample_program());
}

#[test]
fn other_data_model_and_missing_entry_round_trip() {
    let mut p = sample_program();
    p.data_model = DataModel::LP64;
    p.entry = None;
    p.globals.clear();
    p.externs.clear();
    p.diagnostics.clear();
    round_trip(&p);
}

#[test]
fn ill_formed_programs_round_trip_literally() {
    let mut p = empty_program();
    p.init = FuncId(7);
    p.entry = Some(FuncId(9));
    let v = add_var(&mut p, "", VarKind::Return, Some(FuncId(42)), VarTy::Reg(Type::Ptr));
    p.globals = vec![v, VarId(99)];
    let mut f = Function::new("", Span::new(FileId(5), 0, 3));
    f.halt = f.entry;
    f.params = vec![VarId(1000)];
    f.add_edge(LocId(0), LocId(77), Command::Assume(Expr::int(-1_000_000, IntTy::U8)), Span::UNKNOWN);
    f.add_edge(LocId(5), LocId(6), Command::Call { dst: Some(v), callee: FuncId(12), args: vec![] }, Span::UNKNOWN);
    let ill_typed = Expr::PtrAdd { base: Box::new(Expr::Null), offset: Box::new(Expr::Null), scale: 0 };
    f.add_edge(LocId(1), LocId(1), Command::Exit(ill_typed), Span::UNKNOWN);
    p.funcs.push(f);
    p.funcs.push(Function::new("empty", Span::UNKNOWN));
    assert!(verify_program(&p).is_err());
    round_trip(&p);
}

#[test]
fn extreme_integers_and_sizes_round_trip() {
    let mut p = empty_program();
    let huge =
        ObjType::Array { elem: Box::new(ObjType::Opaque { size: u64::MAX, align: 0 }), len: ArrayLen::Fixed(u64::MAX) };
    add_var(&mut p, "huge", VarKind::Global, None, VarTy::Mem(huge));
    let mut f = Function::new("f", Span::new(FileId(u32::MAX), u32::MAX, u32::MAX));
    for value in [i128::MIN, i128::MAX, 0, -1] {
        f.add_edge(f.entry, f.exit, Command::Exit(Expr::int(value, IntTy::I64)), Span::UNKNOWN);
    }
    p.funcs.push(f);
    round_trip(&p);
}

#[test]
fn variable_scopes_round_trip() {
    let mut p = sample_program();
    let file = FileId(0);
    p.vars[VarId(0)].scope = Some(VarScope { start: Span::new(file, 1, 5), end: Span::UNKNOWN });
    p.vars[VarId(9)].scope = Some(VarScope { start: Span::new(file, 3, 7), end: Span::new(file, 12, 1) });
    p.vars[VarId(10)].scope = Some(VarScope { start: Span::UNKNOWN, end: Span::UNKNOWN });
    round_trip(&p);
    let text = program_to_string(&p);
    assert!(text.lines().any(|l| l == r#"var v0 global "g": i32 @0:1:5 scope @0:1:5 to"#), "{text}");
    assert!(text.lines().any(|l| l.ends_with(" scope @0:3:7 to @0:12:1")), "{text}");
    assert!(text.lines().any(|l| l.starts_with("var v10 ") && l.ends_with(" scope to")), "{text}");
    // `to` is required (an end that is omitted is the file scope's).
    assert!(parse_program(&text.replace("scope @0:1:5 to", "scope @0:1:5")).is_err());
}

#[test]
fn function_text_is_the_block_of_the_program_text() {
    let p = sample_program();
    let text = program_to_string(&p);
    for f in p.funcs.ids() {
        assert!(text.contains(&function_to_string(&p, f)));
    }
}

#[test]
fn printed_form_is_readable() {
    let p = sample_program();
    let text = program_to_string(&p);
    let expected_lines = [
        r#"data_model ILP32"#,
        r#"file 1 "dir with space/\"quoted\"\\.h""#,
        r#"var v0 global "g": i32 @0:1:5"#,
        r#"var v1 global "arr": mem [10 x i32]"#,
        r#"var v2 global "pair": mem struct "pair" size 8 align 4 { "a" at 0: i32, "b" at 4: [4 x u8] }"#,
        r#"var v5 global "empty": mem struct "" size 0 align 1 {}"#,
        r#"globals v0 v1 v2 v3 v4 v5"#,
        r#"init f0"#,
        r#"entry f3"#,
        r#"extern "ext_void" -> void"#,
        r#"diag warning "line one\nline two\ttabbed \u{7} bell""#,
        r#"func f3 "main" @0:2:5 {"#,
        r#"  locs 57 entry L0 exit L1 halt L2"#,
        r#"  L3: loop while @0:4:3"#,
        r#"  L16: label "out \"quoted\" label" @1:10:1"#,
        r#"  e0: L0 -> L3 v9 := (0:i32) @0:3:11"#,
        r#"  e1: L3 -> L4 assume (lt v9 (10:i32)) @0:4:10"#,
        r#"  e3: L4 -> L6 v10 := call f1(v9, (1:i32))"#,
        r#"  e4: L6 -> L7 store (ptradd &v1 v9 *4), v10"#,
        r#"  e6: L5 -> L8 v16 := havoc nondet "__VERIFIER_nondet_ulong""#,
        r#"  e7: L8 -> L9 init v17 uninit len v16"#,
        r#"  e35: L36 -> L37 opaque "float step" [] computes to_int v10 (fvar v14)"#,
        r#"  e37: L38 -> L39 opaque "conversion between a pointer and an integer" [v16] computes ptr_to_int v16 (ptradd v11 (1:i32) *4)"#,
        r#"  e38: L39 -> L40 opaque "conversion between a pointer and an integer" [v11] computes int_to_ptr v11 (add.u64 v16 (8:u64))"#,
        r#"  e57: L55 -> L2 assert false reach_error"#,
    ];
    for line in expected_lines {
        assert!(text.lines().any(|l| l == line), "missing line {line:?} in\n{text}");
    }
}

#[test]
fn commands_and_expressions_print_compactly() {
    let p = sample_program();
    let (x, y) = (VarId(6), VarId(7));
    let diff = Expr::PtrDiff { lhs: Box::new(var(x)), rhs: Box::new(var(y)), scale: 8, ty: IntTy::I64 };
    assert_eq!(expr_to_string(&p, &diff), "(ptrdiff.i64 v6 v7 /8)");
    assert_eq!(expr_to_string(&p, &Expr::Not(Box::new(Expr::Bool(true)))), "(lnot true)");
    let alloc = Command::Alloc { dst: x, size: Expr::int(4, IntTy::U64), zeroed: true, region: AllocRegion::Heap };
    assert_eq!(command_to_string(&p, &alloc), "v6 := alloc heap zeroed (4:u64)");
    let opaque = Command::Opaque {
        what: "asm".into(),
        havoc: vec![x, y],
        writes_memory: false,
        may_not_return: true,
        compute: None,
    };
    assert_eq!(command_to_string(&p, &opaque), "opaque \"asm\" [v6, v7] may_not_return");
}

/// The example of the grammar documentation, with a loop and a tagged header.
const COUNTER: &str = r#"
// A counter loop.
file 0 "count.c"
var v0 local f1 "i": i32 @0:2:7
init f0
entry f1
func f0 "__init" {
  e0: L0 -> L1 skip
}
func f1 "main" {
  locals v0
  locs 5 entry L0 exit L1 halt L2
  L3: loop while @0:3:3
  e0: L0 -> L3 v0 := (0:i32)
  e1: L3 -> L4 assume (lt v0 (10:i32)) @0:3:10
  e2: L4 -> L3 v0 := (add.i32 v0 (1:i32))
  e3: L3 -> L1 assume (ge v0 (10:i32))
}
"#;

#[test]
fn hand_written_snippet_parses_to_the_program_it_describes() {
    let mut expected = empty_program();
    let file = expected.files.intern("count.c");
    let i = add_var(&mut expected, "i", VarKind::Local, Some(FuncId(1)), reg(IntTy::I32));
    expected.vars[i].span = Span::new(file, 2, 7);
    expected.entry = Some(FuncId(1));
    let mut init = Function::new("__init", Span::UNKNOWN);
    init.add_edge(init.entry, init.exit, Command::Skip, Span::UNKNOWN);
    expected.funcs.push(init);
    let mut main = Function::new("main", Span::UNKNOWN);
    main.locals = vec![i];
    let (header, body) = (main.add_loc(), main.add_loc());
    main.locs[header].tag = Some(LocTag::Loop { kind: LoopKind::While, span: Span::new(file, 3, 3) });
    main.add_edge(main.entry, header, Command::Assign(i, i32c(0)), Span::UNKNOWN);
    main.add_edge(header, body, Command::Assume(Expr::cmp(CmpOp::Lt, var(i), i32c(10))), Span::new(file, 3, 10));
    main.add_edge(
        body,
        header,
        Command::Assign(i, Expr::binary(BinOp::Add, IntTy::I32, var(i), i32c(1))),
        Span::UNKNOWN,
    );
    main.add_edge(header, main.exit, Command::Assume(Expr::cmp(CmpOp::Ge, var(i), i32c(10))), Span::UNKNOWN);
    expected.funcs.push(main);

    let parsed = parse_program(COUNTER).unwrap();
    assert_eq!(parsed, expected);
    assert_eq!(verify_program(&parsed), Ok(()));
}

#[test]
fn omitted_sections_take_their_defaults() {
    let p = parse_program("init f0 func f0 \"f\" { e0: L0 -> L7 skip }").unwrap();
    assert_eq!(p.data_model, DataModel::LP64);
    assert!(p.files.is_empty() && p.vars.is_empty() && p.globals.is_empty() && p.externs.is_empty());
    assert_eq!(p.entry, None);
    let f = &p.funcs[FuncId(0)];
    assert_eq!((f.entry, f.exit, f.halt), (LocId(0), LocId(1), LocId(2)));
    assert_eq!(f.locs.len(), 8, "locations up to the largest one used");
    assert_eq!(f.edges[EdgeId(0)].span, Span::UNKNOWN);
    assert_eq!(parse_program("init f0 func f0 \"f\" {}").unwrap().funcs[FuncId(0)].locs.len(), 3);
}

#[test]
fn whitespace_and_comments_are_insignificant() {
    let p = sample_program();
    let text = program_to_string(&p);
    let spread = outside_strings(&text, |c| match c {
        '\n' => "   // a comment\n\n".to_string(),
        ' ' => " \t ".to_string(),
        c => c.to_string(),
    });
    assert_eq!(parse_program(&spread).unwrap(), p);
    let squeezed = text.replace(" -> ", "->").replace(", ", ",").replace(" := ", ":=");
    assert_eq!(parse_program(&squeezed).unwrap(), p);
}

/// `text` with `replace` applied to every character outside string literals.
fn outside_strings(text: &str, replace: impl Fn(char) -> String) -> String {
    let (mut in_string, mut escaped) = (false, false);
    let mut out = String::new();
    for c in text.chars() {
        if in_string {
            out.push(c);
            (in_string, escaped) = (escaped || c != '"', !escaped && c == '\\');
        } else {
            in_string = c == '"';
            out.push_str(&replace(c));
        }
    }
    out
}

/// Checks that `text` fails to parse at the position marked `‸` (which is removed), with an
/// error mentioning `message`.
#[track_caller]
fn assert_error(marked: &str, message: &str) {
    let (before, _) = marked.split_once('‸').expect("the text marks the error position with ‸");
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let err = parse_program(&marked.replace('‸', "")).expect_err("should not parse");
    assert_eq!((err.line, err.col), (line, col), "wrong position for error {err}");
    assert!(err.message.contains(message), "error {err:?} should mention {message:?}");
    assert!(err.to_string().starts_with(&format!("{line}:{col}: ")));
}

#[test]
fn parse_errors_point_at_the_problem() {
    assert_error("init f0\nfunc f0 \"f\" {\n  e0: L0 -> L1 ‸frobnicate\n}", "unknown command `frobnicate`");
    assert_error("init f0\nvar v0 global \"a\": i32\nvar ‸v2 global \"b\": i32", "expected v1, found v2");
    assert_error("init f0\nvar ‸v1 global \"a\": i32", "expected v0, found v1");
    assert_error("init f0 func f0 \"f\" {\n e0: L0 -> L1 skip\n ‸e0: L1 -> L2 skip }", "expected e1, found e0");
    assert_error("func ‸f1 \"f\" {}", "expected f0, found f1");
    assert_error("init f0\nfile 0 \"a.c\"\nfile 1 ‸\"a.c\"", "duplicate file path");
    assert_error("init f0\nfile ‸1 \"a.c\"", "expected file 0");
    assert_error("init f0\n‸init f1", "duplicate `init`");
    assert_error("var v0 global \"a\": i32‸", "missing `init");
    assert_error("init f0\nvar v0 global ‸\"a\nb\": i32", "unterminated string");
    assert_error("init f0 extern \"a‸\\q\" -> void", "invalid escape");
    assert_error(
        "init f0 func f0 \"f\" { e0: L0 -> L1 exit (‸99999999999999999999999999999999999999999:i32) }",
        "out of range",
    );
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 exit (‸add v0 v1) }", "`add` needs a type");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 assume (‸lt.i32 v0 v1) }", "takes no type suffix");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 exit (‸add.i31 v0 v1) }", "unknown integer type `i31`");
    assert_error("init f0 func f0 \"f\" { locs 3 ‸L3: label \"x\" }", "L3 is beyond `locs 3`");
    assert_error("init f0 func f0 \"f\" { L1: label \"x\" ‸L1: loop for }", "tagged twice");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 skip‸", "expected a function item");
    assert_error("init f0 var v0 global \"x\": mem [dyn ‸y i32]", "expected `x`");
    assert_error("init f0 ‸$", "unexpected character '$'");
    assert_error("init f0 diag ‸fatal \"x\"", "expected a severity");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 v0 := (ptradd v0 v1 ‸4) }", "expected `*`");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> L1 skip @0:1 ‸}", "expected `:`");
    assert_error("init f0 func f0 \"f\" { locs ‸99999999 }", "exceeds the limit");
    assert_error("init f0 func f0 \"f\" { e0: L0 -> ‸L99999999 skip }", "beyond the limit");
}

/// A small deterministic generator (xorshift), so that the garbage tests are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parsing must not panic; whatever parses must verify without panicking and round-trip.
fn parse_anything(text: &str) {
    if let Ok(p) = parse_program(text) {
        let _ = verify_program(&p);
        round_trip(&p);
    }
}

#[test]
fn truncated_text_never_panics() {
    let text = program_to_string(&sample_program());
    for (i, _) in text.char_indices().step_by(7) {
        parse_anything(&text[..i]);
    }
}

#[test]
fn mutated_and_random_text_never_panics() {
    let text = program_to_string(&sample_program());
    let words: Vec<&str> = text.split_whitespace().collect();
    let alphabet: Vec<char> = "()[]{}<>,:;@&*/-=\"\\ \nvfLe0123456789xyz.#é".chars().collect();
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    for _ in 0..300 {
        let mut chars: Vec<char> = text.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(chars.len());
            chars[at] = alphabet[rng.below(alphabet.len())];
        }
        parse_anything(&chars.into_iter().collect::<String>());
        let soup: Vec<&str> = (0..1 + rng.below(60)).map(|_| words[rng.below(words.len())]).collect();
        parse_anything(&soup.join(" "));
        let noise: String = (0..rng.below(80)).map(|_| alphabet[rng.below(alphabet.len())]).collect();
        parse_anything(&noise);
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("init f0 func f0 \"f\" {{ e0: L0 -> L1 exit {} }}", "(neg.i32 ".repeat(100_000));
    let err = parse_program(&deep).unwrap_err();
    assert!(err.message.contains("nesting deeper than"), "{err}");
    let types = format!("init f0 var v0 global \"a\": mem {}", "[1 x ".repeat(100_000));
    assert!(parse_program(&types).unwrap_err().message.contains("nesting deeper than"));
}

#[test]
fn nesting_up_to_the_limit_round_trips() {
    let mut p = empty_program();
    let x = add_var(&mut p, "x", VarKind::Global, None, reg(IntTy::I32));
    let deep = (1..MAX_NESTING).fold(var(x), |e, _| Expr::Unary(UnOp::Neg, IntTy::I32, Box::new(e)));
    let mut f = Function::new("f", Span::UNKNOWN);
    f.add_edge(f.entry, f.halt, Command::Exit(deep), Span::UNKNOWN);
    p.funcs.push(f);
    round_trip(&p);
}

// ---------------------------------------------------------------------------------------------
// The C rendering.

/// A program with `x`, `y` (i32), `p` (ptr), `a` (int[10]), `m` (int[3][4]), `s` (struct pair).
fn c_program() -> Program {
    let mut p = empty_program();
    for name in ["x", "y"] {
        add_var(&mut p, name, VarKind::Global, None, reg(IntTy::I32));
    }
    add_var(&mut p, "p", VarKind::Global, None, VarTy::Reg(Type::Ptr));
    let int = || Box::new(ObjType::Scalar(Type::Int(IntTy::I32)));
    let row = ObjType::Array { elem: int(), len: ArrayLen::Fixed(4) };
    add_var(&mut p, "a", VarKind::Global, None, VarTy::Mem(ObjType::Array { elem: int(), len: ArrayLen::Fixed(10) }));
    add_var(
        &mut p,
        "m",
        VarKind::Global,
        None,
        VarTy::Mem(ObjType::Array { elem: Box::new(row), len: ArrayLen::Fixed(3) }),
    );
    add_var(&mut p, "s", VarKind::Global, None, VarTy::Mem(pair_type()));
    add_var(&mut p, "", VarKind::Temp, None, reg(IntTy::I32));
    p
}

#[test]
fn c_rendering_is_minimally_parenthesized() {
    let p = c_program();
    let [x, y, ptr, tmp] = [0, 1, 2, 6].map(VarId);
    let add = |l, r| Expr::binary(BinOp::Add, IntTy::I32, l, r);
    let sub = |l, r| Expr::binary(BinOp::Sub, IntTy::I32, l, r);
    let mul = |l, r| Expr::binary(BinOp::Mul, IntTy::I32, l, r);
    let c = |e: Expr| expr_to_c(&p, &e);
    assert_eq!(c(Expr::cmp(CmpOp::Lt, add(var(x), i32c(1)), var(y))), "x + 1 < y");
    assert_eq!(c(Expr::cast(IntTy::U32, var(x))), "(unsigned int)x");
    assert_eq!(c(Expr::cast(IntTy::U64, add(var(x), var(y)))), "(unsigned long)(x + y)");
    assert_eq!(c(Expr::Not(Box::new(Expr::cmp(CmpOp::Eq, var(x), i32c(0))))), "!(x == 0)");
    assert_eq!(c(sub(var(x), sub(var(y), i32c(1)))), "x - (y - 1)");
    assert_eq!(c(sub(sub(var(x), var(y)), i32c(1))), "x - y - 1");
    assert_eq!(c(mul(add(var(x), var(y)), var(x))), "(x + y) * x");
    assert_eq!(c(add(var(x), mul(var(y), var(x)))), "x + y * x");
    let shifted = Expr::binary(BinOp::Shl, IntTy::I32, var(x), add(var(y), i32c(1)));
    assert_eq!(c(Expr::binary(BinOp::BitAnd, IntTy::I32, shifted, i32c(255))), "(x << (y + 1)) & 255");
    let ors = Expr::binary(BinOp::BitOr, IntTy::I32, Expr::binary(BinOp::BitOr, IntTy::I32, var(x), var(y)), i32c(1));
    assert_eq!(c(ors), "x | y | 1");
    assert_eq!(c(Expr::Unary(UnOp::Neg, IntTy::I32, Box::new(i32c(-5)))), "-(-5)");
    assert_eq!(c(Expr::Unary(UnOp::BitNot, IntTy::I32, Box::new(add(var(x), var(tmp))))), "~(x + v6)");
    assert_eq!(c(Expr::cmp(CmpOp::Ne, var(ptr), Expr::Null)), "p != 0");
    assert_eq!(c(Expr::cmp(CmpOp::Eq, Expr::cmp(CmpOp::Lt, var(x), var(y)), Expr::Bool(true))), "(x < y) == 1");
    // The IR's connectives over conditions, `((u8)a | (u8)b) != 0` and `&`, are C's `||`, `&&`.
    let connective = |op, a, b| {
        let u8c = |e| Expr::cast(IntTy::U8, e);
        Expr::cmp(CmpOp::Ne, Expr::binary(op, IntTy::U8, u8c(a), u8c(b)), Expr::int(0, IntTy::U8))
    };
    let lt = Expr::cmp(CmpOp::Lt, var(x), var(y));
    let eq = Expr::cmp(CmpOp::Eq, var(x), i32c(0));
    assert_eq!(c(connective(BinOp::BitOr, lt.clone(), eq.clone())), "x < y || x == 0");
    let and = connective(BinOp::BitAnd, lt.clone(), eq.clone());
    assert_eq!(c(and.clone()), "x < y && x == 0");
    assert_eq!(c(connective(BinOp::BitOr, and, Expr::not(lt.clone()))), "(x < y && x == 0) || x >= y");
    // Over other values the bitwise operators stay.
    let bits = Expr::binary(BinOp::BitOr, IntTy::U8, Expr::cast(IntTy::U8, var(x)), Expr::cast(IntTy::U8, var(y)));
    assert_eq!(c(Expr::cmp(CmpOp::Ne, bits, Expr::int(0, IntTy::U8))), "((unsigned char)x | (unsigned char)y) != 0");
}

#[test]
fn c_rendering_of_addresses_uses_subscripts_and_members() {
    let p = c_program();
    let [x, y, ptr, a, m, s] = [0, 1, 2, 3, 4, 5].map(VarId);
    let c = |e: Expr| expr_to_c(&p, &e);
    assert_eq!(c(Expr::AddrOf(a)), "&a");
    assert_eq!(c(ptr_add(Expr::AddrOf(a), var(x), 4)), "&a[x]");
    assert_eq!(c(ptr_add(ptr_add(Expr::AddrOf(m), var(x), 16), var(y), 4)), "&m[x][y]");
    assert_eq!(c(ptr_add(ptr_add(Expr::AddrOf(s), i32c(1), 4), var(x), 1)), "&s.b[x]");
    assert_eq!(c(ptr_add(Expr::AddrOf(a), var(x), 2)), "(char*)&a + x * 2");
    assert_eq!(c(ptr_add(var(ptr), i32c(2), 4)), "(char*)p + 8");
    assert_eq!(c(ptr_add(var(ptr), i32c(-1), 4)), "(char*)p - 4");
    assert_eq!(c(ptr_add(var(ptr), var(x), 1)), "(char*)p + x");
    let diff = |scale| Expr::PtrDiff { lhs: Box::new(var(ptr)), rhs: Box::new(Expr::AddrOf(a)), scale, ty: IntTy::I64 };
    assert_eq!(c(diff(4)), "((char*)p - (char*)&a) / 4");
    assert_eq!(c(diff(1)), "(char*)p - (char*)&a");
}

#[test]
fn c_rendering_of_cells_and_loaded_values() {
    let mut p = c_program();
    let [x, ptr, a, m, s] = [0, 2, 3, 4, 5].map(VarId);
    let byte = add_var(&mut p, "", VarKind::Temp, None, reg(IntTy::U8));
    assert_eq!(cell_to_c(&p, a, 12, IntTy::I32), "a[3]");
    assert_eq!(cell_to_c(&p, m, 20, IntTy::I32), "m[1][1]");
    assert_eq!(cell_to_c(&p, s, 6, IntTy::U8), "s.b[2]");
    assert_eq!(cell_to_c(&p, s, 2, IntTy::I32), "*(int*)((char*)&s + 2)", "inside a field: through a pointer");
    assert_eq!(cell_to_c(&p, x, 0, IntTy::I32), "*(int*)((char*)&x + 0)", "not a memory variable");
    // A loaded register is written as the memory it was loaded from; C's integer promotion of a
    // narrow operand is left implicit.
    let is_zero = Expr::cmp(CmpOp::Eq, Expr::cast(IntTy::I32, var(byte)), i32c(0));
    let at = |addr: Expr| expr_to_c_loading(&p, &is_zero, &[(byte, addr)]);
    assert_eq!(at(ptr_add(ptr_add(Expr::AddrOf(s), i32c(1), 4), var(x), 1)), "s.b[x] == 0");
    assert_eq!(at(var(ptr)), "*(unsigned char*)p == 0");
    assert_eq!(at(ptr_add(var(ptr), var(x), 1)), "*(unsigned char*)((char*)p + x) == 0");
    assert_eq!(expr_to_c(&p, &is_zero), "v7 == 0", "without the load: the register");
    assert_eq!(expr_to_c(&p, &Expr::cmp(CmpOp::Lt, Expr::cast(IntTy::I64, var(x)), var(x))), "(long)x < x");
}
