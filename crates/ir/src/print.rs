//! Writing the IR as text.
//!
//! This module owns two renderings:
//! * the IR's **textual form** ([`program_to_string`], [`function_to_string`],
//!   [`command_to_string`], [`expr_to_string`]): complete and unambiguous, so that
//!   [`crate::parse::parse_program`] reads a printed program back into an equal [`Program`]. Its
//!   grammar is documented in [`crate::parse`]. Variables, functions, locations and edges are
//!   written by id (`v12`, `f1`, `L3`, `e0`), never by name (names are not unique); strings are
//!   quoted and escaped; a span is written as `@file:line:col` and omitted when it is
//!   [`Span::UNKNOWN`].
//! * a **C rendering** of expressions ([`expr_to_c`]) and memory cells ([`cell_to_c`]) over
//!   source names, minimally parenthesized, for users: printed facts are C that compiles where
//!   the names are visible. It is lossy and never read back.

use crate::address::AddressStep;
use crate::command::Computed;
use crate::command::{AllocRegion, Command, Fill, HavocOrigin};
use crate::expr::Expr;
use crate::float::{FloatExpr, FloatStep};
use crate::ids::{FuncId, VarId};
use crate::program::{Function, LocTag, Program, Var};
use crate::types::{ArrayLen, DataModel, ObjType, Type, VarTy};
use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_source::Span;
use std::fmt::{self, Display, Formatter, Write};

/// The textual form of a whole program.
pub fn program_to_string(p: &Program) -> String {
    ProgramText(p).to_string()
}

/// The textual form of one function (its `func ... { ... }` block). Panics if `f` is not a
/// function of `p`.
pub fn function_to_string(p: &Program, f: FuncId) -> String {
    FunctionText(f, &p.funcs[f]).to_string()
}

/// The textual form of an expression, e.g. `(lt v1 (10:i32))`. The text does not depend on the
/// program (variables are written by id); it is taken for uniformity with the other printers.
pub fn expr_to_string(_program: &Program, e: &Expr) -> String {
    ExprText(e).to_string()
}

/// The textual form of a command, e.g. `v1 := (add.i32 v1 (1:i32))`. Like [`expr_to_string`], the
/// text does not depend on the program.
pub fn command_to_string(_program: &Program, c: &Command) -> String {
    CommandText(c).to_string()
}

/// An expression as C over source variable names, e.g. `x + 1 < y`, `(unsigned int)x`,
/// `!(x == 0)`, `&a[i].f`, `(char*)p + 8`; booleans and null pointers are `1`, `0` and `0`, so
/// that no header is needed. Valid C where the names are visible (see [`crate::scope`]); it is
/// never read back.
pub fn expr_to_c(p: &Program, e: &Expr) -> String {
    CWriter { p, loads: &[] }.expr(e).text
}

/// [`expr_to_c`] where each register of `loads` stands for the value of its type stored at the
/// address given with it (a value loaded there): it is written as that memory, `a[p]` when the
/// address designates a cell of that type, else `*(int*)(...)`.
pub fn expr_to_c_loading(p: &Program, e: &Expr, loads: &[(VarId, Expr)]) -> String {
    CWriter { p, loads }.expr(e).text
}

/// The C lvalue of the `ty` cell at byte `offset` of memory variable `object`: `a[99]`, `s.f`,
/// `m[1][2]`, the variable itself for a scalar, else `*(int*)((char*)&o + 8)`.
pub fn cell_to_c(p: &Program, object: VarId, offset: i128, ty: IntTy) -> String {
    typed_cell_to_c(p, object, offset, Type::Int(ty), c_int_type(ty, p.data_model))
}

/// [`cell_to_c`] for a pointer cell: `s.data`, `p`, else `*(void**)((char*)&o + 8)`.
pub fn pointer_cell_to_c(p: &Program, object: VarId, offset: i128) -> String {
    typed_cell_to_c(p, object, offset, Type::Ptr, "void*")
}

fn typed_cell_to_c(p: &Program, object: VarId, offset: i128, ty: Type, c_type: &str) -> String {
    let name = CWriter { p, loads: &[] }.name(object);
    let place = match p.vars.get(object).map(|v| &v.ty) {
        Some(VarTy::Mem(obj)) => {
            u64::try_from(offset).ok().and_then(|o| cell_place(p.data_model, name.clone(), obj, o, ty))
        }
        _ => None,
    };
    place.unwrap_or_else(|| format!("*({c_type}*)((char*)&{name} + {offset})"))
}

fn cell_place(dm: DataModel, outer: String, obj: &ObjType, offset: u64, ty: Type) -> Option<String> {
    match obj {
        ObjType::Scalar(t) if *t == ty && offset == 0 => Some(outer),
        ObjType::Array { elem, .. } => {
            let size = elem.size(dm);
            if size == 0 {
                return None;
            }
            cell_place(dm, format!("{outer}[{}]", offset / size), elem, offset % size, ty)
        }
        ObjType::Record { fields, .. } => fields.iter().find_map(|f| {
            let inside = offset.checked_sub(f.offset).filter(|o| *o < f.ty.size(dm))?;
            if f.name.is_empty() {
                return None;
            }
            cell_place(dm, format!("{outer}.{}", f.name), &f.ty, inside, ty)
        }),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// The textual form.

struct ProgramText<'a>(&'a Program);

impl Display for ProgramText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let p = self.0;
        writeln!(f, "data_model {}", p.data_model.name())?;
        for (id, path) in p.files.iter() {
            writeln!(f, "file {} {}", id.0, Quoted(path))?;
        }
        writeln!(f)?;
        for (id, var) in p.vars.iter() {
            writeln!(f, "{}", VarText(id, var))?;
        }
        if !p.globals.is_empty() {
            writeln!(f, "globals{}", IdList(&p.globals))?;
        }
        writeln!(f, "init {}", p.init)?;
        if let Some(entry) = p.entry {
            writeln!(f, "entry {entry}")?;
        }
        for ext in &p.externs {
            writeln!(f, "extern {} -> {}", Quoted(&ext.name), ReturnType(ext.ret))?;
        }
        for d in &p.diagnostics {
            writeln!(f, "diag {} {}{}", d.severity, Quoted(&d.message), SpanText(d.span))?;
        }
        for (id, func) in p.funcs.iter() {
            write!(f, "\n{}", FunctionText(id, func))?;
        }
        Ok(())
    }
}

/// `var v3 local f1 "x": i32 @0:2:7 scope @0:2:7 to @0:9:1`
struct VarText<'a>(VarId, &'a Var);

impl Display for VarText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let VarText(id, var) = self;
        write!(f, "var {id} {}", var.kind.name())?;
        if let Some(owner) = var.func {
            write!(f, " {owner}")?;
        }
        write!(f, " {}: {}{}", Quoted(&var.name), VarTyText(&var.ty), SpanText(var.span))?;
        if let Some(scope) = var.scope {
            write!(f, " scope{} to{}", SpanText(scope.start), SpanText(scope.end))?;
        }
        Ok(())
    }
}

struct FunctionText<'a>(FuncId, &'a Function);

impl Display for FunctionText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let FunctionText(id, func) = self;
        writeln!(f, "func {id} {}{} {{", Quoted(&func.name), SpanText(func.span))?;
        if !func.params.is_empty() {
            writeln!(f, "  params{}", IdList(&func.params))?;
        }
        if let Some(ret) = func.ret {
            writeln!(f, "  ret {ret}")?;
        }
        if !func.locals.is_empty() {
            writeln!(f, "  locals{}", IdList(&func.locals))?;
        }
        writeln!(f, "  locs {} entry {} exit {} halt {}", func.locs.len(), func.entry, func.exit, func.halt)?;
        for (loc, location) in func.locs.iter() {
            if let Some(tag) = &location.tag {
                writeln!(f, "  {loc}: {}", TagText(tag))?;
            }
        }
        for (id, edge) in func.edges.iter() {
            writeln!(f, "  {id}: {} -> {} {}{}", edge.from, edge.to, CommandText(&edge.cmd), SpanText(edge.span))?;
        }
        writeln!(f, "}}")
    }
}

struct TagText<'a>(&'a LocTag);

impl Display for TagText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            LocTag::Loop { kind, span } => write!(f, "loop {}{}", kind.name(), SpanText(*span)),
            LocTag::Label { name, span } => write!(f, "label {}{}", Quoted(name), SpanText(*span)),
            LocTag::Body { span } => write!(f, "body{}", SpanText(*span)),
            LocTag::Branch { span, taken } => write!(f, "branch {taken}{}", SpanText(*span)),
        }
    }
}

struct CommandText<'a>(&'a Command);

impl Display for CommandText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Command::Skip => f.write_str("skip"),
            Command::Assume(cond) => write!(f, "assume {}", ExprText(cond)),
            Command::Assign(v, e) => write!(f, "{v} := {}", ExprText(e)),
            Command::Havoc(v, HavocOrigin::Uninit) => write!(f, "{v} := havoc uninit"),
            Command::Havoc(v, HavocOrigin::Volatile) => write!(f, "{v} := havoc volatile"),
            Command::Havoc(v, HavocOrigin::Nondet(name)) => write!(f, "{v} := havoc nondet {}", Quoted(name)),
            Command::Load { dst, addr } => write!(f, "{dst} := load {}", ExprText(addr)),
            Command::Store { addr, value } => write!(f, "store {}, {}", ExprText(addr), ExprText(value)),
            Command::InitObject { var, len, fill } => {
                write!(f, "init {var} {}", fill_name(*fill))?;
                match len {
                    Some(len) => write!(f, " len {}", ExprText(len)),
                    None => Ok(()),
                }
            }
            Command::Alloc { dst, size, zeroed, region } => {
                let zeroed = if *zeroed { " zeroed" } else { "" };
                write!(f, "{dst} := alloc {}{zeroed} {}", region_name(*region), ExprText(size))
            }
            Command::Free(ptr) => write!(f, "free {}", ExprText(ptr)),
            Command::MemCopy { dst, src, size } => {
                write!(f, "memcpy {}, {}, {}", ExprText(dst), ExprText(src), ExprText(size))
            }
            Command::MemSet { dst, byte, size } => {
                write!(f, "memset {}, {}, {}", ExprText(dst), ExprText(byte), ExprText(size))
            }
            Command::Call { dst, callee, args } => write!(f, "{}call {callee}{}", Dst(*dst), Args(args)),
            Command::CallExtern { dst, name, args } => {
                write!(f, "{}extern {}{}", Dst(*dst), Quoted(name), Args(args))
            }
            Command::Output { name, args } => write!(f, "output {}{}", Quoted(name), Args(args)),
            Command::Assert { cond, origin } => write!(f, "assert {} {}", ExprText(cond), origin.text()),
            Command::Exit(code) => write!(f, "exit {}", ExprText(code)),
            Command::Abort => f.write_str("abort"),
            Command::Opaque { what, havoc, writes_memory, may_not_return, compute } => {
                let havoc: Vec<String> = havoc.iter().map(VarId::to_string).collect();
                let writes = if *writes_memory { " writes_memory" } else { "" };
                let control = if *may_not_return { " may_not_return" } else { "" };
                write!(f, "opaque {} [{}]{writes}{control}", Quoted(what), havoc.join(", "))?;
                match compute {
                    Some(step) => write!(f, " computes {}", StepText(step)),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The keyword of a [`Fill`] in the textual form.
pub(crate) fn fill_name(fill: Fill) -> &'static str {
    match fill {
        Fill::Uninit => "uninit",
        Fill::Zero => "zero",
    }
}

/// The keyword of an [`AllocRegion`] in the textual form.
pub(crate) fn region_name(region: AllocRegion) -> &'static str {
    match region {
        AllocRegion::Heap => "heap",
        AllocRegion::Stack => "stack",
    }
}

/// `v3 := ` before a command with a destination, nothing otherwise.
struct Dst(Option<VarId>);

impl Display for Dst {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(v) => write!(f, "{v} := "),
            None => Ok(()),
        }
    }
}

/// `(e1, e2)`
struct Args<'a>(&'a [Expr]);

impl Display for Args<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        for (i, arg) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", ExprText(arg))?;
        }
        f.write_char(')')
    }
}

struct ExprText<'a>(&'a Expr);

impl Display for ExprText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Expr::Int(value, ty) => write!(f, "({value}:{ty})"),
            Expr::Bool(b) => write!(f, "{b}"),
            Expr::Null => f.write_str("null"),
            Expr::Var(v) => write!(f, "{v}"),
            Expr::AddrOf(v) => write!(f, "&{v}"),
            Expr::Unary(op, ty, arg) => write!(f, "({}.{ty} {})", op.name(), ExprText(arg)),
            Expr::Not(arg) => write!(f, "(lnot {})", ExprText(arg)),
            Expr::Binary(op, ty, lhs, rhs) => {
                write!(f, "({}.{ty} {} {})", op.name(), ExprText(lhs), ExprText(rhs))
            }
            Expr::Cmp(op, lhs, rhs) => write!(f, "({} {} {})", op.name(), ExprText(lhs), ExprText(rhs)),
            Expr::Cast(ty, arg) => write!(f, "(cast.{ty} {})", ExprText(arg)),
            Expr::PtrAdd { base, offset, scale } => {
                write!(f, "(ptradd {} {} *{scale})", ExprText(base), ExprText(offset))
            }
            Expr::PtrDiff { lhs, rhs, scale, ty } => {
                write!(f, "(ptrdiff.{ty} {} {} /{scale})", ExprText(lhs), ExprText(rhs))
            }
        }
    }
}

/// What an opaque command computes (see [`Computed`]).
struct StepText<'a>(&'a Computed);

impl Display for StepText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Computed::Float(step) => write!(f, "{}", FloatStepText(step)),
            Computed::Address(AddressStep::ToInt { dst, pointer }) => {
                write!(f, "ptr_to_int {dst} {}", ExprText(pointer))
            }
            Computed::Address(AddressStep::ToPointer { dst, integer }) => {
                write!(f, "int_to_ptr {dst} {}", ExprText(integer))
            }
        }
    }
}

/// A floating-point step of an opaque command (see [`crate::float`]).
struct FloatStepText<'a>(&'a FloatStep);

impl Display for FloatStepText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            FloatStep::Set { dst, value } => write!(f, "set {dst} {}", FloatText(value)),
            FloatStep::Load { dst, addr } => write!(f, "load {dst} {}", ExprText(addr)),
            FloatStep::Store { addr, value, ty } => {
                write!(f, "store.{} {} {}", ty.name(), ExprText(addr), FloatText(value))
            }
            FloatStep::ToInt { dst, value } => write!(f, "to_int {dst} {}", FloatText(value)),
            FloatStep::Compare { dst, op, lhs, rhs } => {
                write!(f, "compare.{} {dst} {} {}", op.name(), FloatText(lhs), FloatText(rhs))
            }
        }
    }
}

struct FloatText<'a>(&'a FloatExpr);

impl Display for FloatText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            FloatExpr::Const { bits, ty } => write!(f, "(fconst.{} {bits})", ty.name()),
            FloatExpr::Var(v) => write!(f, "(fvar {v})"),
            FloatExpr::FromInt { value, ty } => write!(f, "(fromint.{} {})", ty.name(), ExprText(value)),
            FloatExpr::Convert { value, ty } => write!(f, "(fconvert.{} {})", ty.name(), FloatText(value)),
            FloatExpr::Neg(value) => write!(f, "(fneg {})", FloatText(value)),
            FloatExpr::Bin { op, ty, lhs, rhs } => {
                write!(f, "({}.{} {} {})", op.name(), ty.name(), FloatText(lhs), FloatText(rhs))
            }
            FloatExpr::Math { func, ty, args } => {
                write!(f, "(math.{}.{}", func.name(), ty.name())?;
                for a in args {
                    write!(f, " {}", FloatText(a))?;
                }
                f.write_str(")")
            }
        }
    }
}

/// A variable's type: a register type (`i32`, `cond`, `ptr`, `f64`) or `mem` and an object type.
struct VarTyText<'a>(&'a VarTy);

impl Display for VarTyText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            VarTy::Reg(ty) => write!(f, "{ty}"),
            VarTy::Mem(obj) => write!(f, "mem {}", ObjText(obj)),
        }
    }
}

struct ObjText<'a>(&'a ObjType);

impl Display for ObjText<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            ObjType::Scalar(ty) => write!(f, "{ty}"),
            ObjType::Array { elem, len: ArrayLen::Fixed(n) } => write!(f, "[{n} x {}]", ObjText(elem)),
            ObjType::Array { elem, len: ArrayLen::Dynamic } => write!(f, "[dyn x {}]", ObjText(elem)),
            ObjType::Record { name, union, size, align, fields } => {
                let keyword = if *union { "union" } else { "struct" };
                write!(f, "{keyword} {} size {size} align {align} {{", Quoted(name))?;
                for (i, field) in fields.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{} at {}: {}", Quoted(&field.name), field.offset, ObjText(&field.ty))?;
                }
                f.write_str(if fields.is_empty() { "}" } else { " }" })
            }
            ObjType::Opaque { size, align } => write!(f, "opaque size {size} align {align}"),
        }
    }
}

/// An extern's return type: a register type or `void`.
struct ReturnType(Option<Type>);

impl Display for ReturnType {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(ty) => write!(f, "{ty}"),
            None => f.write_str("void"),
        }
    }
}

/// ` v1 v2 v3` (each id preceded by a space).
struct IdList<'a>(&'a [VarId]);

impl Display for IdList<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|v| write!(f, " {v}"))
    }
}

/// ` @file:line:col`, or nothing for [`Span::UNKNOWN`].
struct SpanText(Span);

impl Display for SpanText {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        let Span { file, line, col } = self.0;
        if self.0 == Span::UNKNOWN { Ok(()) } else { write!(f, " @{}:{line}:{col}", file.0) }
    }
}

/// A string literal: `"` and `\` are escaped, as are control characters (`\n`, `\t`, `\r`,
/// `\u{..}`); everything else is written as is.
struct Quoted<'a>(&'a str);

impl Display for Quoted<'_> {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\t' => f.write_str("\\t")?,
                '\r' => f.write_str("\\r")?,
                c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}

// ---------------------------------------------------------------------------------------------
// The C rendering.

/// C operator precedence, loosest first (the IR has no `?:` or assignments; `&&` and `||` are
/// its connectives `((u8)a & (u8)b) != 0` and `((u8)a | (u8)b) != 0` over conditions).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Prec {
    LogicalOr,
    LogicalAnd,
    BitOr,
    BitXor,
    BitAnd,
    Equality,
    Relational,
    Shift,
    Additive,
    Multiplicative,
    /// Prefix operators and casts.
    Unary,
    /// Names, constants, subscripts and member accesses.
    Primary,
}

/// A rendered C expression and the precedence of its outermost operator.
struct CText {
    text: String,
    prec: Prec,
}

impl CText {
    fn new(text: String, prec: Prec) -> CText {
        CText { text, prec }
    }

    /// The text as an operand of an operator of precedence `prec` (parenthesized if looser).
    fn at_least(self, prec: Prec) -> String {
        if self.prec >= prec { self.text } else { format!("({})", self.text) }
    }

    /// The text as an operand of the infix operator of precedence `outer` (on its right side if
    /// `right`: the operators are left-associative). Besides what precedence requires, operands
    /// are parenthesized where C readers expect it (and gcc's `-Wparentheses` asks for it): other
    /// operators inside shifts and bitwise operators, comparisons inside comparisons.
    fn operand_of(self, outer: Prec, right: bool) -> String {
        let binds = if right { self.prec > outer } else { self.prec >= outer };
        let infix = self.prec < Prec::Unary;
        let comparisons = matches!(outer, Prec::Equality | Prec::Relational)
            && matches!(self.prec, Prec::Equality | Prec::Relational);
        let bitwise = matches!(outer, Prec::Shift | Prec::BitAnd | Prec::BitXor | Prec::BitOr) && self.prec != outer;
        let logical = outer == Prec::LogicalOr && self.prec == Prec::LogicalAnd;
        if binds && !(infix && (comparisons || bitwise || logical)) { self.text } else { format!("({})", self.text) }
    }
}

/// `(u8)a & (u8)b` or `(u8)a | (u8)b` over conditions `a`, `b` (the IR's `&&` and `||` when
/// compared with 0): `(is_and, a, b)`.
fn connective(e: &Expr) -> Option<(bool, &Expr, &Expr)> {
    let Expr::Binary(op @ (BinOp::BitAnd | BinOp::BitOr), IntTy::U8, x, y) = e else { return None };
    let (Expr::Cast(IntTy::U8, a), Expr::Cast(IntTy::U8, b)) = (&**x, &**y) else { return None };
    let condition = |c: &Expr| matches!(c, Expr::Cmp(..) | Expr::Not(_) | Expr::Bool(_));
    (condition(a) && condition(b)).then_some((*op == BinOp::BitAnd, &**a, &**b))
}

struct CWriter<'p> {
    p: &'p Program,
    /// Registers written as the memory they were loaded from (see [`expr_to_c_loading`]).
    loads: &'p [(VarId, Expr)],
}

impl<'p> CWriter<'p> {
    fn expr(&self, e: &Expr) -> CText {
        match e {
            Expr::Int(value, _) => {
                let prec = if *value < 0 { Prec::Unary } else { Prec::Primary };
                CText::new(value.to_string(), prec)
            }
            // C without headers: `1`, `0` and `0` (a null pointer constant).
            Expr::Bool(b) => CText::new(i32::from(*b).to_string(), Prec::Primary),
            Expr::Null => CText::new("0".to_string(), Prec::Primary),
            Expr::Var(v) => match self.loads.iter().find(|(t, _)| t == v) {
                Some((_, addr)) => self.deref(addr, self.p.vars.get(*v).and_then(|var| var.ty.reg())),
                None => CText::new(self.name(*v), Prec::Primary),
            },
            Expr::AddrOf(v) => CText::new(format!("&{}", self.name(*v)), Prec::Unary),
            Expr::Unary(op, _, arg) => self.prefix(op.c_symbol(), arg),
            Expr::Not(arg) => self.prefix("!", arg),
            Expr::Binary(op, _, lhs, rhs) => self.infix(lhs, op.c_symbol(), rhs, binop_prec(*op)),
            Expr::Cmp(CmpOp::Ne, lhs, rhs) if rhs.as_const() == Some(0) && connective(lhs).is_some() => {
                let (and, a, b) = connective(lhs).expect("checked");
                let (symbol, prec) = if and { ("&&", Prec::LogicalAnd) } else { ("||", Prec::LogicalOr) };
                self.infix(a, symbol, b, prec)
            }
            Expr::Cmp(op, lhs, rhs) => self.infix(lhs, op.c_symbol(), rhs, cmp_prec(*op)),
            Expr::Cast(ty, arg) => {
                let arg = self.expr(arg).at_least(Prec::Unary);
                CText::new(format!("({}){arg}", c_int_type(*ty, self.p.data_model)), Prec::Unary)
            }
            Expr::PtrAdd { base, offset, scale } => match self.place(e) {
                Some((place, _)) => CText::new(format!("&{place}"), Prec::Unary),
                None => self.byte_offset(base, offset, *scale),
            },
            Expr::PtrDiff { lhs, rhs, scale, .. } => self.ptr_diff(lhs, rhs, *scale),
        }
    }

    /// The value of type `ty` at `addr`: the cell's lvalue when the address designates one of
    /// that type, else through a cast pointer.
    fn deref(&self, addr: &Expr, ty: Option<Type>) -> CText {
        if let Some((place, ObjType::Scalar(t))) = self.place(addr)
            && Some(*t) == ty
        {
            return CText::new(place, Prec::Primary);
        }
        let pointer = match ty {
            Some(Type::Int(t)) => format!("{}*", c_int_type(t, self.p.data_model)),
            _ => "void**".to_string(),
        };
        CText::new(format!("*({pointer}){}", self.expr(addr).at_least(Prec::Unary)), Prec::Unary)
    }

    /// An operand without the conversion to `int` that C's integer promotions apply to it anyway
    /// (`(int)c == 0` is `c == 0` for a `char c`).
    fn unpromoted<'e>(&self, e: &'e Expr) -> &'e Expr {
        match e {
            Expr::Cast(IntTy::I32, x)
                if matches!(
                    x.ty(self.p),
                    Some(Type::Bool | Type::Int(IntTy::Bool | IntTy::I8 | IntTy::U8 | IntTy::I16 | IntTy::U16))
                ) =>
            {
                x
            }
            _ => e,
        }
    }

    /// The source name of `v`, or its id when it has none (or is not a variable).
    fn name(&self, v: VarId) -> String {
        match self.p.vars.get(v) {
            Some(var) if !var.name.is_empty() => var.name.clone(),
            _ => v.to_string(),
        }
    }

    fn prefix(&self, symbol: &str, arg: &Expr) -> CText {
        let arg = self.expr(arg).at_least(Prec::Unary);
        // `- -x` must not become `--x`.
        let arg = if symbol == "-" && arg.starts_with('-') { format!("({arg})") } else { arg };
        CText::new(format!("{symbol}{arg}"), Prec::Unary)
    }

    fn infix(&self, lhs: &Expr, symbol: &str, rhs: &Expr, prec: Prec) -> CText {
        let lhs = self.expr(self.unpromoted(lhs)).operand_of(prec, false);
        let rhs = self.expr(self.unpromoted(rhs)).operand_of(prec, true);
        CText::new(format!("{lhs} {symbol} {rhs}"), prec)
    }

    /// The object an address designates, as a C lvalue (`a[i].f`), with its type, when the
    /// address is a variable's address followed by subscripts and member offsets that match the
    /// variable's layout.
    fn place(&self, addr: &Expr) -> Option<(String, &'p ObjType)> {
        match addr {
            Expr::AddrOf(v) => match &self.p.vars.get(*v)?.ty {
                VarTy::Mem(ty) => Some((self.name(*v), ty)),
                VarTy::Reg(_) => None,
            },
            Expr::PtrAdd { base, offset, scale } => {
                let (outer, ty) = self.place(base)?;
                self.sub_place(outer, ty, offset, *scale)
            }
            _ => None,
        }
    }

    fn sub_place(&self, outer: String, ty: &'p ObjType, offset: &Expr, scale: u64) -> Option<(String, &'p ObjType)> {
        match ty {
            ObjType::Array { elem, .. } if elem.size(self.p.data_model) == scale => {
                Some((format!("{outer}[{}]", self.expr(offset).text), elem))
            }
            ObjType::Record { fields, .. } => {
                let bytes = u64::try_from(offset.as_const()?).ok()?.checked_mul(scale)?;
                let field = fields.iter().find(|f| f.offset == bytes)?;
                Some((format!("{outer}.{}", field.name), &field.ty))
            }
            _ => None,
        }
    }

    /// `(char*)base + offset * scale`, folding constant offsets.
    fn byte_offset(&self, base: &Expr, offset: &Expr, scale: u64) -> CText {
        let base = format!("(char*){}", self.expr(base).at_least(Prec::Unary));
        let constant = match offset {
            Expr::Int(value, _) => value.checked_mul(i128::from(scale)),
            _ => None,
        };
        let text = match constant {
            Some(bytes) if bytes < 0 => format!("{base} - {}", bytes.unsigned_abs()),
            Some(bytes) => format!("{base} + {bytes}"),
            None if scale == 1 => format!("{base} + {}", self.expr(offset).operand_of(Prec::Additive, true)),
            None => format!("{base} + {} * {scale}", self.expr(offset).at_least(Prec::Multiplicative)),
        };
        CText::new(text, Prec::Additive)
    }

    /// `((char*)lhs - (char*)rhs) / scale`.
    fn ptr_diff(&self, lhs: &Expr, rhs: &Expr, scale: u64) -> CText {
        let lhs = self.expr(lhs).at_least(Prec::Unary);
        let rhs = self.expr(rhs).at_least(Prec::Unary);
        let bytes = format!("(char*){lhs} - (char*){rhs}");
        if scale == 1 {
            CText::new(bytes, Prec::Additive)
        } else {
            CText::new(format!("({bytes}) / {scale}"), Prec::Multiplicative)
        }
    }
}

fn binop_prec(op: BinOp) -> Prec {
    match op {
        BinOp::Mul | BinOp::Div | BinOp::Rem => Prec::Multiplicative,
        BinOp::Add | BinOp::Sub => Prec::Additive,
        BinOp::Shl | BinOp::Shr => Prec::Shift,
        BinOp::BitAnd => Prec::BitAnd,
        BinOp::BitXor => Prec::BitXor,
        BinOp::BitOr => Prec::BitOr,
    }
}

fn cmp_prec(op: CmpOp) -> Prec {
    match op {
        CmpOp::Eq | CmpOp::Ne => Prec::Equality,
        CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge => Prec::Relational,
    }
}

/// The C spelling of an integer type under a data model.
pub fn c_int_type(ty: IntTy, dm: DataModel) -> &'static str {
    match (ty, dm) {
        (IntTy::Bool, _) => "_Bool",
        (IntTy::I8, _) => "signed char",
        (IntTy::U8, _) => "unsigned char",
        (IntTy::I16, _) => "short",
        (IntTy::U16, _) => "unsigned short",
        (IntTy::I32, _) => "int",
        (IntTy::U32, _) => "unsigned int",
        (IntTy::I64, DataModel::LP64) => "long",
        (IntTy::U64, DataModel::LP64) => "unsigned long",
        (IntTy::I64, DataModel::ILP32) => "long long",
        (IntTy::U64, DataModel::ILP32) => "unsigned long long",
    }
}
