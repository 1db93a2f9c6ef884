//! Building small programs by hand for the interpreter's tests.
#![allow(dead_code)]

use leapfrog_interp::{ExecConfig, ExecResult, Outcome, UninitMode, run};
use leapfrog_ir::{
    BinOp, CmpOp, Command, DataModel, EdgeId, Expr, Field, FuncId, Function, IdVec, IntTy, LocId, ObjType, Program,
    Type, Var, VarId, VarKind, VarTy,
};
use leapfrog_source::{FileId, SourceFiles, Span};

pub const I8: IntTy = IntTy::I8;
pub const U8: IntTy = IntTy::U8;
pub const I16: IntTy = IntTy::I16;
pub const I32: IntTy = IntTy::I32;
pub const U32: IntTy = IntTy::U32;
pub const I64: IntTy = IntTy::I64;
pub const U64: IntTy = IntTy::U64;

/// A program under construction: an empty initializer and functions added one by one. Every
/// edge gets its own source line, so outcomes can be matched to edges.
pub struct Ctx {
    pub p: Program,
    line: u32,
}

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}

impl Ctx {
    pub fn new() -> Ctx {
        let mut funcs = IdVec::new();
        let mut init = Function::new("__init", Span::UNKNOWN);
        init.entry = init.exit;
        let init = funcs.push(init);
        let p = Program {
            files: SourceFiles::new(),
            data_model: DataModel::LP64,
            vars: IdVec::new(),
            funcs,
            globals: Vec::new(),
            init,
            entry: None,
            externs: Vec::new(),
            diagnostics: Vec::new(),
        };
        Ctx { p, line: 0 }
    }

    pub fn span(&mut self) -> Span {
        self.line += 1;
        Span::new(FileId(0), self.line, 1)
    }

    pub fn func(&mut self, name: &str) -> FuncId {
        let span = self.span();
        self.p.funcs.push(Function::new(name, span))
    }

    /// A function that is the program's entry.
    pub fn main(&mut self) -> FuncId {
        let f = self.func("main");
        self.p.entry = Some(f);
        f
    }

    fn var(&mut self, func: Option<FuncId>, name: &str, ty: VarTy, kind: VarKind) -> VarId {
        let span = self.span();
        self.p.vars.push(Var { name: name.to_string(), ty, kind, func, span, scope: None })
    }

    /// A register local of `f`.
    pub fn local(&mut self, f: FuncId, name: &str, ty: Type) -> VarId {
        let v = self.var(Some(f), name, VarTy::Reg(ty), VarKind::Local);
        self.p.funcs[f].locals.push(v);
        v
    }

    pub fn int_local(&mut self, f: FuncId, name: &str, ty: IntTy) -> VarId {
        self.local(f, name, Type::Int(ty))
    }

    /// A memory local of `f`.
    pub fn mem(&mut self, f: FuncId, name: &str, ty: ObjType) -> VarId {
        let v = self.var(Some(f), name, VarTy::Mem(ty), VarKind::Local);
        self.p.funcs[f].locals.push(v);
        v
    }

    pub fn param(&mut self, f: FuncId, name: &str, ty: Type) -> VarId {
        let v = self.var(Some(f), name, VarTy::Reg(ty), VarKind::Param);
        self.p.funcs[f].params.push(v);
        v
    }

    pub fn ret(&mut self, f: FuncId, ty: Type) -> VarId {
        let v = self.var(Some(f), "__ret", VarTy::Reg(ty), VarKind::Return);
        self.p.funcs[f].ret = Some(v);
        v
    }

    pub fn global(&mut self, name: &str, ty: VarTy) -> VarId {
        let v = self.var(None, name, ty, VarKind::Global);
        self.p.globals.push(v);
        v
    }

    pub fn loc(&mut self, f: FuncId) -> LocId {
        self.p.funcs[f].add_loc()
    }

    pub fn edge(&mut self, f: FuncId, from: LocId, to: LocId, cmd: Command) -> EdgeId {
        let span = self.span();
        self.p.funcs[f].add_edge(from, to, cmd, span)
    }

    /// A chain of edges from `from` to `to` executing `cmds`.
    pub fn chain(&mut self, f: FuncId, from: LocId, to: LocId, cmds: Vec<Command>) -> Vec<EdgeId> {
        let n = cmds.len();
        let mut at = from;
        let mut edges = Vec::new();
        for (i, cmd) in cmds.into_iter().enumerate() {
            let next = if i + 1 == n { to } else { self.loc(f) };
            edges.push(self.edge(f, at, next, cmd));
            at = next;
        }
        edges
    }

    /// The body of `f`: `cmds` in sequence from its entry to its exit.
    pub fn body(&mut self, f: FuncId, cmds: Vec<Command>) -> Vec<EdgeId> {
        let (entry, exit) = (self.p.funcs[f].entry, self.p.funcs[f].exit);
        self.chain(f, entry, exit, cmds)
    }

    /// Give the program an initializer running `cmds`.
    pub fn init(&mut self, cmds: Vec<Command>) -> Vec<EdgeId> {
        let span = self.span();
        let init = self.p.init;
        self.p.funcs[init] = Function::new("__init", span);
        self.body(init, cmds)
    }

    pub fn span_of(&self, f: FuncId, e: EdgeId) -> Span {
        self.p.funcs[f].edges[e].span
    }

    pub fn run(&self, cfg: &ExecConfig) -> ExecResult {
        run(&self.p, cfg)
    }

    pub fn run_on(&self, nondet: &[i128]) -> ExecResult {
        self.run(&ExecConfig { nondet: nondet.to_vec(), ..ExecConfig::default() })
    }

    pub fn run_nondet_uninit(&self, nondet: &[i128]) -> ExecResult {
        self.run(&ExecConfig { nondet: nondet.to_vec(), uninit: UninitMode::Nondet, ..ExecConfig::default() })
    }

    pub fn outcome(&self) -> Outcome {
        self.run(&ExecConfig::default()).outcome
    }
}

pub fn exit(code: i128) -> Outcome {
    Outcome::Exit { code }
}

/// An `i32` constant.
pub fn c(v: i128) -> Expr {
    Expr::Int(v, I32)
}

pub fn ci(v: i128, ty: IntTy) -> Expr {
    Expr::Int(v, ty)
}

pub fn v(x: VarId) -> Expr {
    Expr::Var(x)
}

pub fn addr(x: VarId) -> Expr {
    Expr::AddrOf(x)
}

pub fn bin(op: BinOp, ty: IntTy, a: Expr, b: Expr) -> Expr {
    Expr::binary(op, ty, a, b)
}

pub fn add(ty: IntTy, a: Expr, b: Expr) -> Expr {
    bin(BinOp::Add, ty, a, b)
}

pub fn sub(ty: IntTy, a: Expr, b: Expr) -> Expr {
    bin(BinOp::Sub, ty, a, b)
}

pub fn mul(ty: IntTy, a: Expr, b: Expr) -> Expr {
    bin(BinOp::Mul, ty, a, b)
}

pub fn cmp(op: CmpOp, a: Expr, b: Expr) -> Expr {
    Expr::cmp(op, a, b)
}

pub fn eq(a: Expr, b: Expr) -> Expr {
    cmp(CmpOp::Eq, a, b)
}

pub fn lt(a: Expr, b: Expr) -> Expr {
    cmp(CmpOp::Lt, a, b)
}

pub fn cast(ty: IntTy, e: Expr) -> Expr {
    Expr::cast(ty, e)
}

/// `base + index * scale`.
pub fn ptr_add(base: Expr, index: Expr, scale: u64) -> Expr {
    Expr::PtrAdd { base: Box::new(base), offset: Box::new(index), scale }
}

pub fn assign(x: VarId, e: Expr) -> Command {
    Command::Assign(x, e)
}

pub fn assume(e: Expr) -> Command {
    Command::Assume(e)
}

pub fn load(dst: VarId, addr: Expr) -> Command {
    Command::Load { dst, addr }
}

pub fn store(addr: Expr, value: Expr) -> Command {
    Command::Store { addr, value }
}

/// `assert(e)` with the `assert` origin.
pub fn check(e: Expr) -> Command {
    Command::Assert { cond: e, origin: leapfrog_ir::AssertOrigin::Assert }
}

pub fn int_array(elem: IntTy, len: u64) -> ObjType {
    ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(elem))), len: leapfrog_ir::ArrayLen::Fixed(len) }
}

pub fn scalar(ty: Type) -> ObjType {
    ObjType::Scalar(ty)
}

pub fn field(name: &str, offset: u64, ty: ObjType) -> Field {
    Field { name: name.to_string(), offset, ty }
}

pub fn record(size: u64, align: u64, union: bool, fields: Vec<Field>) -> ObjType {
    ObjType::Record { name: "S".to_string(), union, size, align, fields }
}

/// A `main` returning an `i32`: `(ctx, main, ret)`.
pub fn with_main() -> (Ctx, FuncId, VarId) {
    let mut cx = Ctx::new();
    let main = cx.main();
    let ret = cx.ret(main, Type::Int(I32));
    (cx, main, ret)
}
