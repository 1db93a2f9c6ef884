//! A well-formed program, built with the IR's constructors, that uses every command, expression,
//! type, object type, variable kind, location tag, origin, fill, region and severity: the fixture
//! of the textual-form and verifier tests.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use leapfrog_ir::{
    AddressStep, AllocRegion, ArrayLen, AssertOrigin, BinOp, CmpOp, Command, Computed, DataModel, EdgeId, Expr,
    ExternFn, Field, Fill, FloatBin, FloatExpr, FloatStep, FloatTy, FuncId, Function, HavocOrigin, IdVec, IntTy, LocId,
    LocTag, LoopKind, MathFn, ObjType, Program, Type, UnOp, Var, VarId, VarKind, VarTy,
};
use leapfrog_source::{Diagnostic, Severity, SourceFiles, Span};

pub const INIT: FuncId = FuncId(0);
pub const ADD: FuncId = FuncId(1);
pub const NOOP: FuncId = FuncId(2);
pub const MAIN: FuncId = FuncId(3);

/// A program with no files, variables or functions (`init` is `f0`, to be added).
pub fn empty_program() -> Program {
    Program {
        files: SourceFiles::new(),
        data_model: DataModel::LP64,
        vars: IdVec::new(),
        funcs: IdVec::new(),
        globals: Vec::new(),
        init: INIT,
        entry: None,
        externs: Vec::new(),
        diagnostics: Vec::new(),
    }
}

pub fn add_var(p: &mut Program, name: &str, kind: VarKind, func: Option<FuncId>, ty: VarTy) -> VarId {
    p.vars.push(Var { name: name.to_string(), ty, kind, func, span: Span::UNKNOWN, scope: None })
}

pub fn reg(ty: IntTy) -> VarTy {
    VarTy::Reg(Type::Int(ty))
}

pub fn i32c(value: i128) -> Expr {
    Expr::int(value, IntTy::I32)
}

pub fn var(v: VarId) -> Expr {
    Expr::var(v)
}

pub fn ptr_add(base: Expr, offset: Expr, scale: u64) -> Expr {
    Expr::PtrAdd { base: Box::new(base), offset: Box::new(offset), scale }
}

/// Appends edges one after another from a location, each to a fresh location.
pub struct Chain<'f> {
    pub func: &'f mut Function,
    pub at: LocId,
}

impl Chain<'_> {
    pub fn then(&mut self, cmd: Command) -> EdgeId {
        self.then_at(cmd, Span::UNKNOWN)
    }

    pub fn then_at(&mut self, cmd: Command, span: Span) -> EdgeId {
        let next = self.func.add_loc();
        let edge = self.func.add_edge(self.at, next, cmd, span);
        self.at = next;
        edge
    }

    /// Branches on `cond`: the `true` side ends with `terminal` (into `halt`), the chain
    /// continues on the `false` side.
    pub fn or_halt(&mut self, cond: Expr, terminal: Command) {
        let (taken, rest) = (self.func.add_loc(), self.func.add_loc());
        self.func.add_edge(self.at, taken, Command::Assume(cond.clone()), Span::UNKNOWN);
        self.func.add_edge(self.at, rest, Command::Assume(Expr::not(cond)), Span::UNKNOWN);
        self.func.add_edge(taken, self.func.halt, terminal, Span::UNKNOWN);
        self.at = rest;
    }

    /// Ends the chain at `exit`.
    pub fn end_at_exit(self, cmd: Command) {
        self.func.add_edge(self.at, self.func.exit, cmd, Span::UNKNOWN);
    }
}

/// The fixture: globals, an initializer `f0`, `add(x, y)` (`f1`), a void `noop()` (`f2`) and a
/// `main` (`f3`) whose edges use everything.
pub fn sample_program() -> Program {
    let mut p = empty_program();
    p.data_model = DataModel::ILP32;
    let main_c = p.files.intern("main.c");
    let header = p.files.intern("dir with space/\"quoted\"\\.h");
    p.globals = sample_globals(&mut p);
    let init_fn = sample_init(&p);
    p.funcs.push(init_fn);
    let add_fn = sample_add(&mut p);
    p.funcs.push(add_fn);
    let mut noop_fn = Function::new("noop", Span::UNKNOWN);
    noop_fn.add_edge(noop_fn.entry, noop_fn.exit, Command::Skip, Span::UNKNOWN);
    p.funcs.push(noop_fn);
    let main_fn = sample_main(&mut p, main_c, header);
    p.funcs.push(main_fn);
    p.entry = Some(MAIN);
    p.externs = vec![
        ExternFn { name: "ext_fn".into(), ret: Some(Type::Int(IntTy::I32)) },
        ExternFn { name: "ext_void".into(), ret: None },
        ExternFn { name: "weird \"ext\"".into(), ret: Some(Type::Ptr) },
        ExternFn { name: "ld_fn".into(), ret: Some(Type::Float(FloatTy::F80)) },
    ];
    p.diagnostics = vec![
        Diagnostic::new(Severity::Error, Span::new(main_c, 1, 1), "bad \"thing\""),
        Diagnostic::new(Severity::Unsupported, Span::new(header, 2, 3), "floating point: 1.5 \\ 2"),
        Diagnostic::new(Severity::Warning, Span::UNKNOWN, "line one\nline two\ttabbed \u{7} bell"),
        Diagnostic::new(Severity::Assumption, Span::new(main_c, 0, 0), "ünïcödé → ok"),
    ];
    p
}

pub fn pair_type() -> ObjType {
    let bytes = ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(IntTy::U8))), len: ArrayLen::Fixed(4) };
    ObjType::Record {
        name: "pair".into(),
        union: false,
        size: 8,
        align: 4,
        fields: vec![
            Field { name: "a".into(), offset: 0, ty: ObjType::Scalar(Type::Int(IntTy::I32)) },
            Field { name: "b".into(), offset: 4, ty: bytes },
        ],
    }
}

fn sample_globals(p: &mut Program) -> Vec<VarId> {
    let int_array = ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(IntTy::I32))), len: ArrayLen::Fixed(10) };
    let union = ObjType::Record {
        name: "un".into(),
        union: true,
        size: 8,
        align: 8,
        fields: vec![
            Field { name: "l".into(), offset: 0, ty: ObjType::Scalar(Type::Int(IntTy::I64)) },
            Field { name: "d".into(), offset: 0, ty: ObjType::Scalar(Type::Float(FloatTy::F64)) },
        ],
    };
    let empty = ObjType::Record { name: String::new(), union: false, size: 0, align: 1, fields: vec![] };
    let g = add_var(p, "g", VarKind::Global, None, reg(IntTy::I32));
    p.vars[g].span = Span::new(leapfrog_source::FileId(0), 1, 5);
    vec![
        g,
        add_var(p, "arr", VarKind::Global, None, VarTy::Mem(int_array)),
        add_var(p, "pair", VarKind::Global, None, VarTy::Mem(pair_type())),
        add_var(p, "un", VarKind::Global, None, VarTy::Mem(union)),
        add_var(p, "blob", VarKind::Global, None, VarTy::Mem(ObjType::Opaque { size: 3, align: 1 })),
        add_var(p, "empty", VarKind::Global, None, VarTy::Mem(empty)),
    ]
}

/// `g := 0; init arr zero`
fn sample_init(p: &Program) -> Function {
    let mut f = Function::new("__init", Span::UNKNOWN);
    let mut chain = Chain { at: f.entry, func: &mut f };
    chain.then(Command::Assign(p.globals[0], i32c(0)));
    chain.end_at_exit(Command::InitObject { var: p.globals[1], len: None, fill: Fill::Zero });
    f
}

/// `add(x, y) { return x + y; }`
fn sample_add(p: &mut Program) -> Function {
    let mut f = Function::new("add", Span::UNKNOWN);
    let x = add_var(p, "x", VarKind::Param, Some(ADD), reg(IntTy::I32));
    let y = add_var(p, "y", VarKind::Param, Some(ADD), reg(IntTy::I32));
    let ret = add_var(p, "", VarKind::Return, Some(ADD), reg(IntTy::I32));
    f.params = vec![x, y];
    f.ret = Some(ret);
    f.add_edge(
        f.entry,
        f.exit,
        Command::Assign(ret, Expr::binary(BinOp::Add, IntTy::I32, var(x), var(y))),
        Span::UNKNOWN,
    );
    f
}

/// `main`'s variables.
struct MainVars {
    i: VarId,
    r: VarId,
    ptr: VarId,
    cond: VarId,
    dbl: VarId,
    flt: VarId,
    long_double: VarId,
    n: VarId,
    vla: VarId,
    buf: VarId,
    weird: VarId,
    flag: VarId,
    ret: VarId,
}

fn main_vars(p: &mut Program, main_c: leapfrog_source::FileId) -> MainVars {
    let mut local = |name: &str, kind: VarKind, ty: VarTy| add_var(p, name, kind, Some(MAIN), ty);
    let array = |elem: IntTy, len: ArrayLen| {
        VarTy::Mem(ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(elem))), len })
    };
    let vars = MainVars {
        i: local("i", VarKind::Local, reg(IntTy::I32)),
        r: local("r", VarKind::Temp, reg(IntTy::I32)),
        ptr: local("p", VarKind::Temp, VarTy::Reg(Type::Ptr)),
        cond: local("c", VarKind::Temp, VarTy::Reg(Type::Bool)),
        dbl: local("d", VarKind::Local, VarTy::Reg(Type::Float(FloatTy::F64))),
        flt: local("f", VarKind::Local, VarTy::Reg(Type::Float(FloatTy::F32))),
        long_double: local("ld", VarKind::Local, VarTy::Mem(ObjType::Scalar(Type::Float(FloatTy::F80)))),
        n: local("n", VarKind::Local, reg(IntTy::U64)),
        vla: local("vla", VarKind::Local, array(IntTy::I16, ArrayLen::Dynamic)),
        buf: local("buf", VarKind::Local, array(IntTy::U8, ArrayLen::Fixed(4))),
        weird: local("we\"ird\n\\name\t\u{1}é", VarKind::Local, reg(IntTy::U8)),
        flag: local("flag", VarKind::Local, reg(IntTy::Bool)),
        ret: local("", VarKind::Return, reg(IntTy::I32)),
    };
    p.vars[vars.i].span = Span::new(main_c, 3, 7);
    vars
}

fn sample_main(p: &mut Program, main_c: leapfrog_source::FileId, header: leapfrog_source::FileId) -> Function {
    let v = main_vars(p, main_c);
    let mut f = Function::new("main", Span::new(main_c, 2, 5));
    f.ret = Some(v.ret);
    f.locals = vec![v.i, v.r, v.ptr, v.cond, v.dbl, v.flt, v.long_double, v.n, v.vla, v.buf, v.weird, v.flag];
    let (arr, pair, un, buf) = (p.globals[1], p.globals[2], p.globals[3], v.buf);
    let header_loc = f.add_loc();
    f.locs[header_loc].tag = Some(LocTag::Loop { kind: LoopKind::While, span: Span::new(main_c, 4, 3) });
    f.add_edge(f.entry, header_loc, Command::Assign(v.i, i32c(0)), Span::new(main_c, 3, 11));

    // while (i < 10) { r = add(i, 1); arr[i] = r; i = i + 1; }
    let body = f.add_loc();
    let after = f.add_loc();
    let in_loop = Expr::cmp(CmpOp::Lt, var(v.i), i32c(10));
    f.add_edge(header_loc, body, Command::Assume(in_loop.clone()), Span::new(main_c, 4, 10));
    f.add_edge(header_loc, after, Command::Assume(Expr::not(in_loop)), Span::new(header, 4, 10));
    let mut chain = Chain { at: body, func: &mut f };
    chain.then(Command::Call { dst: Some(v.r), callee: ADD, args: vec![var(v.i), i32c(1)] });
    chain.then(Command::Store { addr: ptr_add(Expr::AddrOf(arr), var(v.i), 4), value: var(v.r) });
    let back = chain.at;
    f.add_edge(
        back,
        header_loc,
        Command::Assign(v.i, Expr::binary(BinOp::Add, IntTy::I32, var(v.i), i32c(1))),
        Span::UNKNOWN,
    );

    let mut chain = Chain { at: after, func: &mut f };
    memory_commands(&mut chain, &v, pair, un, buf);
    call_commands(&mut chain, &v);
    expression_commands(&mut chain, &v);
    terminal_commands(chain, &v);
    tag_some_locations(&mut f, header);
    f
}

fn memory_commands(chain: &mut Chain, v: &MainVars, pair: VarId, un: VarId, buf: VarId) {
    let u32c = |n| Expr::int(n, IntTy::U32);
    chain.then(Command::Havoc(v.n, HavocOrigin::Nondet("__VERIFIER_nondet_ulong".into())));
    chain.then(Command::InitObject { var: v.vla, len: Some(var(v.n)), fill: Fill::Uninit });
    chain.then(Command::InitObject { var: buf, len: None, fill: Fill::Zero });
    chain.then(Command::InitObject { var: v.long_double, len: None, fill: Fill::Uninit });
    chain.then(Command::Alloc { dst: v.ptr, size: u32c(16), zeroed: true, region: AllocRegion::Heap });
    chain.then(Command::MemCopy { dst: var(v.ptr), src: Expr::AddrOf(pair), size: u32c(8) });
    chain.then(Command::MemSet { dst: Expr::AddrOf(buf), byte: i32c(0), size: u32c(4) });
    chain.then(Command::Load { dst: v.dbl, addr: Expr::AddrOf(un) });
    chain.then(Command::Load { dst: v.flt, addr: ptr_add(Expr::AddrOf(un), i32c(0), 1) });
    chain.then(Command::Load { dst: v.r, addr: ptr_add(Expr::AddrOf(pair), Expr::int(1, IntTy::U8), 4) });
    chain.then(Command::Free(var(v.ptr)));
    chain.then(Command::Alloc { dst: v.ptr, size: u32c(8), zeroed: false, region: AllocRegion::Stack });
}

fn call_commands(chain: &mut Chain, v: &MainVars) {
    let diff = Expr::PtrDiff { lhs: Box::new(var(v.ptr)), rhs: Box::new(Expr::Null), scale: 4, ty: IntTy::I32 };
    chain.then(Command::CallExtern { dst: Some(v.r), name: "ext_fn".into(), args: vec![var(v.ptr), diff] });
    chain.then(Command::CallExtern { dst: None, name: "ext_void".into(), args: vec![] });
    chain.then(Command::Call { dst: None, callee: NOOP, args: vec![] });
    let negated = Expr::Unary(UnOp::Neg, IntTy::I32, Box::new(var(v.r)));
    let inverted = Expr::Unary(UnOp::BitNot, IntTy::U32, Box::new(Expr::cast(IntTy::U32, var(v.r))));
    let mut args = vec![negated, inverted];
    args.extend(IntTy::ALL.iter().flat_map(|t| [Expr::int(IntTy::min(*t), *t), Expr::int(IntTy::max(*t), *t)]));
    chain.then(Command::Output { name: "printf".into(), args });
}

fn expression_commands(chain: &mut Chain, v: &MainVars) {
    chain.then(Command::Assign(v.cond, Expr::Not(Box::new(Expr::cmp(CmpOp::Eq, var(v.ptr), Expr::Null)))));
    for origin in AssertOrigin::ALL {
        chain.then(Command::Assert { cond: var(v.cond), origin });
    }
    chain.then(Command::Havoc(v.weird, HavocOrigin::Uninit));
    chain.then(Command::Assign(v.flag, Expr::cast(IntTy::Bool, var(v.cond))));
    chain.then(Command::Opaque {
        what: "inline asm \"nop\"".into(),
        havoc: vec![v.r, v.weird],
        writes_memory: true,
        may_not_return: true,
        compute: None,
    });
    chain.then(Command::Opaque {
        what: "float division".into(),
        havoc: vec![v.dbl],
        writes_memory: false,
        may_not_return: false,
        compute: Some(Box::new(Computed::Float(FloatStep::Set {
            dst: v.dbl,
            value: FloatExpr::Bin {
                op: FloatBin::Div,
                ty: FloatTy::F64,
                lhs: Box::new(FloatExpr::Convert { value: Box::new(FloatExpr::Var(v.flt)), ty: FloatTy::F64 }),
                rhs: Box::new(FloatExpr::Math {
                    func: MathFn::Atan2,
                    ty: FloatTy::F64,
                    args: vec![
                        FloatExpr::Neg(Box::new(FloatExpr::constant(-0.5, FloatTy::F64))),
                        FloatExpr::FromInt { value: var(v.r), ty: FloatTy::F64 },
                    ],
                }),
            },
        }))),
    });
    for step in [
        FloatStep::Load { dst: v.flt, addr: Expr::AddrOf(v.long_double) },
        FloatStep::Store { addr: Expr::AddrOf(v.long_double), value: FloatExpr::Var(v.dbl), ty: FloatTy::F64 },
        FloatStep::ToInt { dst: v.r, value: FloatExpr::Var(v.flt) },
        FloatStep::Compare {
            dst: v.r,
            op: CmpOp::Le,
            lhs: FloatExpr::Var(v.flt),
            rhs: FloatExpr::constant(1e300, FloatTy::F32),
        },
    ] {
        let writes_memory = matches!(step, FloatStep::Store { .. });
        let what = "float step".into();
        chain.then(Command::Opaque {
            what,
            havoc: vec![],
            writes_memory,
            may_not_return: false,
            compute: Some(Box::new(Computed::Float(step))),
        });
    }
    for step in [
        AddressStep::ToInt { dst: v.n, pointer: ptr_add(var(v.ptr), i32c(1), 4) },
        AddressStep::ToPointer {
            dst: v.ptr,
            integer: Expr::binary(BinOp::Add, IntTy::U64, var(v.n), Expr::int(8, IntTy::U64)),
        },
    ] {
        let (AddressStep::ToInt { dst, .. } | AddressStep::ToPointer { dst, .. }) = step;
        chain.then(Command::Opaque {
            what: "conversion between a pointer and an integer".into(),
            havoc: vec![dst],
            writes_memory: false,
            may_not_return: false,
            compute: Some(Box::new(Computed::Address(step))),
        });
    }
    chain.then(Command::Skip);
    let every_binop = BinOp::ALL.iter().fold(var(v.r), |acc, op| {
        let rhs = if op.is_shift() { Expr::int(1, IntTy::U8) } else { i32c(3) };
        Expr::binary(*op, IntTy::I32, acc, rhs)
    });
    chain.then(Command::Assign(v.r, every_binop));
    for op in CmpOp::ALL {
        chain.then(Command::Assign(v.cond, Expr::cmp(op, var(v.i), var(v.r))));
    }
    chain.then(Command::Assign(v.cond, Expr::cmp(CmpOp::Ne, var(v.cond), Expr::Bool(false))));
    chain.then(Command::Assign(v.cond, Expr::cmp(CmpOp::Eq, Expr::Bool(true), var(v.cond))));
}

/// `if (r < 0) exit(1); if (r == 5) abort(); if (r == 7) reach_error(); return r;`
fn terminal_commands(mut chain: Chain, v: &MainVars) {
    chain.or_halt(Expr::cmp(CmpOp::Lt, var(v.r), i32c(0)), Command::Exit(i32c(1)));
    chain.or_halt(Expr::cmp(CmpOp::Eq, var(v.r), i32c(5)), Command::Abort);
    let fail = Command::Assert { cond: Expr::Bool(false), origin: AssertOrigin::ReachError };
    chain.or_halt(Expr::cmp(CmpOp::Eq, var(v.r), i32c(7)), fail);
    chain.end_at_exit(Command::Assign(v.ret, var(v.r)));
}

/// Tags of every kind on some of `main`'s locations.
fn tag_some_locations(f: &mut Function, header: leapfrog_source::FileId) {
    let tags = [
        LocTag::Loop { kind: LoopKind::For, span: Span::new(header, 7, 1) },
        LocTag::Loop { kind: LoopKind::Do, span: Span::UNKNOWN },
        LocTag::Loop { kind: LoopKind::Goto, span: Span::new(header, 9, 2) },
        LocTag::Label { name: "out \"quoted\" label".into(), span: Span::new(header, 10, 1) },
        LocTag::Label { name: String::new(), span: Span::UNKNOWN },
        LocTag::Body { span: Span::new(header, 7, 1) },
    ];
    for (i, tag) in tags.into_iter().enumerate() {
        f.locs[LocId(7 + 3 * i as u32)].tag = Some(tag);
    }
}
