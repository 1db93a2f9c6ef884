//! The IR's invariant checker.
//!
//! This module owns the definition of a well-formed [`Program`]. Producers of IR (the front end,
//! program transformations) hand on only programs that pass [`verify_program`]; analyses may rely
//! on the invariants without checking them again:
//! * every id is in range (variables, functions, locations, edges, callees, `init`, `entry`), and
//!   an edge joins two locations of its own function;
//! * `entry`, `exit` and `halt` are distinct; no edge enters `entry` or leaves `exit` or `halt`;
//! * a location with several outgoing edges branches: all of them are `assume`s;
//! * exactly the terminal commands ([`Command::is_terminal`]) lead to `halt`;
//! * expressions and commands are well-typed (see [`Expr`] and [`Command`] for the rules);
//! * variables are used by their owner: a function mentions only globals and its own variables;
//!   parameters, return variables, locals and globals have the kinds their roles say, and record
//!   layouts are consistent.
//!
//! The checker never panics and reports every violation it finds, not just the first.

use crate::command::Command;
use crate::expr::{Expr, VarTypes};
use crate::ids::{EdgeId, FuncId, Id, LocId, VarId};
use crate::print::{command_to_string, expr_to_string};
use crate::program::{Edge, Function, Program, Var, VarKind};
use crate::types::{DataModel, ObjType, Type, VarTy};
use leapfrog_arith::{BinOp, CmpOp, IntTy};
use std::fmt;

/// A violated invariant, with the function and edge it was found in (when it belongs to one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub func: Option<FuncId>,
    pub edge: Option<EdgeId>,
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.func, self.edge) {
            (Some(func), Some(edge)) => write!(f, "{func} {edge}: {}", self.message),
            (Some(func), None) => write!(f, "{func}: {}", self.message),
            (None, Some(edge)) => write!(f, "{edge}: {}", self.message),
            (None, None) => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Checks every invariant of the program; the errors come program-level first, then by function.
pub fn verify_program(p: &Program) -> Result<(), Vec<VerifyError>> {
    let mut errors = program_errors(p);
    for f in p.funcs.ids() {
        errors.extend(verify_function(p, f));
    }
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Checks the invariants of one function (its signature, graph and commands).
pub fn verify_function(p: &Program, f: FuncId) -> Vec<VerifyError> {
    let Some(func) = p.funcs.get(f) else {
        let message = format!("{f} is not a function (the program has {})", p.funcs.len());
        return vec![VerifyError { func: Some(f), edge: None, message }];
    };
    let mut check = FunctionCheck { p, id: f, func, edge: None, errors: Vec::new() };
    check.special_locations();
    check.signature();
    check.edges();
    check.errors
}

/// `v3 ("x")`, for messages.
fn describe(v: VarId, var: &Var) -> String {
    format!("{v} ({:?})", var.name)
}

// ---------------------------------------------------------------------------------------------
// Program-level invariants.

fn program_errors(p: &Program) -> Vec<VerifyError> {
    let mut messages = Vec::new();
    let funcs = p.funcs.len();
    if p.funcs.get(p.init).is_none() {
        messages.push(format!("init {} is not a function (the program has {funcs})", p.init));
    }
    if let Some(entry) = p.entry.filter(|e| p.funcs.get(*e).is_none()) {
        messages.push(format!("entry {entry} is not a function (the program has {funcs})"));
    }
    for &g in &p.globals {
        messages.extend(global_errors(p, g));
    }
    for (v, var) in p.vars.iter() {
        if let Some(owner) = var.func.filter(|f| p.funcs.get(*f).is_none()) {
            messages.push(format!("{} belongs to {owner}, which is not a function", describe(v, var)));
        }
        if let Some(func) = var.func.and_then(|f| p.funcs.get(f))
            && !(func.params.contains(&v) || func.ret == Some(v) || func.locals.contains(&v))
        {
            // The interpreter and the analyses find a function's variables through these lists.
            messages.push(format!(
                "{} belongs to {} but is not among its params, ret or locals",
                describe(v, var),
                func.name
            ));
        }
        if var.func.is_none() && var.kind == VarKind::Global && !p.globals.contains(&v) {
            messages.push(format!("global {} is not listed in the program's globals", describe(v, var)));
        }
        if let VarTy::Mem(ty) = &var.ty {
            let mut layout = Vec::new();
            layout_errors(ty, p.data_model, &mut layout);
            messages.extend(layout.into_iter().map(|m| format!("{}: {m}", describe(v, var))));
        }
    }
    messages.into_iter().map(|message| VerifyError { func: None, edge: None, message }).collect()
}

fn global_errors(p: &Program, g: VarId) -> Vec<String> {
    let Some(var) = p.vars.get(g) else {
        return vec![format!("globals lists {g}, which is not a variable (the program has {})", p.vars.len())];
    };
    let mut messages = Vec::new();
    if var.kind != VarKind::Global {
        messages.push(format!("global {} has kind {}", describe(g, var), var.kind.name()));
    }
    if let Some(owner) = var.func {
        messages.push(format!("global {} belongs to function {owner}", describe(g, var)));
    }
    messages
}

/// Record fields must lie within their record, and union fields at offset 0.
fn layout_errors(ty: &ObjType, dm: DataModel, messages: &mut Vec<String>) {
    match ty {
        ObjType::Scalar(_) | ObjType::Opaque { .. } => {}
        ObjType::Array { elem, .. } => layout_errors(elem, dm, messages),
        ObjType::Record { name, union, size, fields, .. } => {
            for field in fields {
                if *union && field.offset != 0 {
                    messages
                        .push(format!("field {:?} of union {name:?} is at offset {}, not 0", field.name, field.offset));
                }
                let end = field.offset.saturating_add(field.ty.size(dm));
                if end > *size {
                    messages.push(format!(
                        "field {:?} of {name:?} occupies bytes {}..{end}, beyond the record's size {size}",
                        field.name, field.offset
                    ));
                }
                layout_errors(&field.ty, dm, messages);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Function-level invariants.

struct FunctionCheck<'p> {
    p: &'p Program,
    id: FuncId,
    func: &'p Function,
    /// The edge being checked, if any.
    edge: Option<EdgeId>,
    errors: Vec<VerifyError>,
}

/// What an expression's type must be.
#[derive(Copy, Clone)]
enum Want {
    Bool,
    Ptr,
    AnyInt,
    Int(IntTy),
    IntOrPtr,
    IntOrBool,
}

impl Want {
    fn accepts(self, ty: Type) -> bool {
        match self {
            Want::Bool => ty == Type::Bool,
            Want::Ptr => ty == Type::Ptr,
            Want::AnyInt => matches!(ty, Type::Int(_)),
            Want::Int(want) => ty == Type::Int(want),
            Want::IntOrPtr => matches!(ty, Type::Int(_) | Type::Ptr),
            Want::IntOrBool => matches!(ty, Type::Int(_) | Type::Bool),
        }
    }
}

impl fmt::Display for Want {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Want::Bool => f.write_str("cond"),
            Want::Ptr => f.write_str("ptr"),
            Want::AnyInt => f.write_str("an integer"),
            Want::Int(ty) => write!(f, "{ty}"),
            Want::IntOrPtr => f.write_str("an integer or ptr"),
            Want::IntOrBool => f.write_str("an integer or cond"),
        }
    }
}

impl<'p> FunctionCheck<'p> {
    fn report(&mut self, message: impl Into<String>) {
        self.errors.push(VerifyError { func: Some(self.id), edge: self.edge, message: message.into() });
    }

    fn is_loc(&self, loc: LocId) -> bool {
        self.func.locs.get(loc).is_some()
    }

    fn special_locations(&mut self) {
        let func = self.func;
        for (role, loc) in [("entry", func.entry), ("exit", func.exit), ("halt", func.halt)] {
            if !self.is_loc(loc) {
                self.report(format!("{role} {loc} is not a location (the function has {})", func.locs.len()));
            }
        }
        if func.entry == func.exit || func.entry == func.halt || func.exit == func.halt {
            self.report(format!("entry {}, exit {} and halt {} must be distinct", func.entry, func.exit, func.halt));
        }
    }

    // --- Signature.

    fn signature(&mut self) {
        for &param in &self.func.params {
            let is_mem = self.owned_var(param, "parameter", &[VarKind::Param]).map(|var| var.ty.is_mem());
            if is_mem == Some(true) {
                self.report(format!("parameter {param} lives in memory; parameters are register variables"));
            }
        }
        if let Some(ret) = self.func.ret {
            self.owned_var(ret, "return variable", &[VarKind::Return]);
        }
        for &local in &self.func.locals {
            self.owned_var(local, "local", &[VarKind::Local, VarKind::Temp]);
        }
    }

    /// Checks that the variable in the given role belongs to this function with one of `kinds`.
    fn owned_var(&mut self, v: VarId, role: &str, kinds: &[VarKind]) -> Option<&'p Var> {
        let var = self.var(v)?;
        if !kinds.contains(&var.kind) {
            let kinds: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            let message =
                format!("{role} {} has kind {}, not {}", describe(v, var), var.kind.name(), kinds.join(" or "));
            self.report(message);
        }
        if var.func != Some(self.id) {
            let owner = var.func.map_or("no function".to_string(), |f| f.to_string());
            self.report(format!("{role} {} belongs to {owner}, not to {}", describe(v, var), self.id));
        }
        Some(var)
    }

    // --- Graph.

    fn edges(&mut self) {
        let mut out_degree = vec![0usize; self.func.locs.len()];
        for edge in self.func.edges.values() {
            if let Some(degree) = out_degree.get_mut(edge.from.index()) {
                *degree += 1;
            }
        }
        for (id, edge) in self.func.edges.iter() {
            self.edge = Some(id);
            self.endpoints(edge);
            self.control(edge, out_degree.get(edge.from.index()).copied().unwrap_or(0));
            self.command(&edge.cmd);
            self.ownership(&edge.cmd);
        }
        self.edge = None;
    }

    fn endpoints(&mut self, edge: &Edge) {
        let func = self.func;
        for (role, loc) in [("source", edge.from), ("target", edge.to)] {
            if !self.is_loc(loc) {
                self.report(format!("edge {role} {loc} is not a location (the function has {})", func.locs.len()));
            }
        }
        if edge.to == func.entry {
            self.report(format!("edge enters the entry location {}", func.entry));
        }
        if edge.from == func.exit {
            self.report(format!("edge leaves the exit location {}", func.exit));
        }
        if edge.from == func.halt {
            self.report(format!("edge leaves the halt location {}", func.halt));
        }
    }

    /// Branching and termination: `out_degree` is the number of edges leaving `edge.from`.
    fn control(&mut self, edge: &Edge, out_degree: usize) {
        if out_degree >= 2 && !matches!(edge.cmd, Command::Assume(_)) {
            self.report(format!(
                "{} has {out_degree} outgoing edges, so each must be an assume, but this one is `{}`",
                edge.from,
                command_to_string(self.p, &edge.cmd)
            ));
        }
        let halt = self.func.halt;
        let terminal = edge.cmd.is_terminal();
        if edge.to == halt && !terminal {
            self.report(format!(
                "only exit, abort and `assert false` may lead to halt {halt}, but this edge is `{}`",
                command_to_string(self.p, &edge.cmd)
            ));
        }
        if terminal && edge.to != halt {
            self.report(format!(
                "`{}` ends the execution, so it must lead to halt {halt}, not {}",
                command_to_string(self.p, &edge.cmd),
                edge.to
            ));
        }
    }

    /// Every variable a command mentions is a global or belongs to this function.
    fn ownership(&mut self, cmd: &Command) {
        let mut vars = cmd.defs();
        if let Command::InitObject { var, .. } = cmd {
            vars.push(*var);
        }
        for e in cmd.exprs() {
            e.for_each_var(&mut |v| vars.push(v));
        }
        vars.sort();
        vars.dedup();
        for v in vars {
            let Some(var) = self.p.vars.get(v) else { continue };
            if var.kind != VarKind::Global && var.func != Some(self.id) {
                self.report(format!("{} is neither a global nor a variable of {}", describe(v, var), self.id));
            }
        }
    }

    // --- Variables.

    /// The variable `v`, reporting it if it does not exist.
    fn var(&mut self, v: VarId) -> Option<&'p Var> {
        let p = self.p;
        let var = p.vars.get(v);
        if var.is_none() {
            self.report(format!("{v} is not a variable (the program has {})", p.vars.len()));
        }
        var
    }

    /// The register type of `v` in `role`, reporting it if it is not a register variable.
    fn reg_var(&mut self, v: VarId, role: &str) -> Option<Type> {
        let var = self.var(v)?;
        match &var.ty {
            VarTy::Reg(ty) => Some(*ty),
            VarTy::Mem(_) => {
                let message = format!("{role} {} must be a register variable, but lives in memory", describe(v, var));
                self.report(message);
                None
            }
        }
    }

    /// The type of `v` in `role`, reporting it if it is not a register of a non-float type.
    fn scalar_var(&mut self, v: VarId, role: &str) -> Option<Type> {
        match self.reg_var(v, role)? {
            Type::Float(f) => {
                self.report(format!("{role} {v} has floating-point type {}", f.name()));
                None
            }
            ty => Some(ty),
        }
    }

    // --- Commands.

    fn command(&mut self, cmd: &Command) {
        match cmd {
            Command::Skip | Command::Abort => {}
            Command::Assume(cond) => self.expect(cond, "the condition of assume", Want::Bool),
            Command::Assert { cond, .. } => self.expect(cond, "the condition of assert", Want::Bool),
            Command::Assign(v, e) => self.assign(*v, e),
            Command::Havoc(v, _) => {
                self.reg_var(*v, "the havocked variable");
            }
            Command::Load { dst, addr } => {
                if self.reg_var(*dst, "the load destination") == Some(Type::Bool) {
                    self.report(format!(
                        "the load destination {dst} has type cond; loads yield integers, pointers or floats"
                    ));
                }
                self.expect(addr, "the address of load", Want::Ptr);
            }
            Command::Store { addr, value } => {
                self.expect(addr, "the address of store", Want::Ptr);
                self.expect(value, "the stored value", Want::IntOrPtr);
            }
            Command::InitObject { var, len, .. } => self.init_object(*var, len.as_ref()),
            Command::Alloc { dst, size, .. } => {
                let ty = self.reg_var(*dst, "the alloc destination");
                if ty.is_some_and(|ty| ty != Type::Ptr) {
                    self.report(format!("the alloc destination {dst} must have type ptr"));
                }
                self.expect(size, "the size of alloc", Want::AnyInt);
            }
            Command::Free(ptr) => self.expect(ptr, "the argument of free", Want::Ptr),
            Command::MemCopy { dst, src, size } => {
                self.expect(dst, "the destination of memcpy", Want::Ptr);
                self.expect(src, "the source of memcpy", Want::Ptr);
                self.expect(size, "the size of memcpy", Want::AnyInt);
            }
            Command::MemSet { dst, byte, size } => {
                self.expect(dst, "the destination of memset", Want::Ptr);
                self.expect(byte, "the byte of memset", Want::AnyInt);
                self.expect(size, "the size of memset", Want::AnyInt);
            }
            Command::Call { dst, callee, args } => self.call(*dst, *callee, args),
            Command::CallExtern { dst, args, .. } => {
                if let Some(dst) = dst {
                    self.reg_var(*dst, "the destination of the extern call");
                }
                self.args(args);
            }
            Command::Output { args, .. } => {
                self.args(args);
            }
            Command::Exit(code) => self.expect(code, "the exit code", Want::AnyInt),
            Command::Opaque { havoc, .. } => {
                for v in havoc {
                    self.reg_var(*v, "the variable havocked by opaque");
                }
            }
        }
    }

    fn assign(&mut self, v: VarId, e: &Expr) {
        let var_ty = self.scalar_var(v, "the assigned variable");
        let expr_ty = self.ty(e);
        match (var_ty, expr_ty) {
            (Some(var_ty), Some(expr_ty)) if var_ty != expr_ty => {
                self.report(format!("assignment of a value of type {expr_ty} to {v}, which has type {var_ty}"));
            }
            _ => {}
        }
    }

    fn init_object(&mut self, v: VarId, len: Option<&Expr>) {
        if let Some(var) = self.var(v) {
            let message = match (&var.ty, len) {
                (VarTy::Reg(_), _) => {
                    Some(format!("init of register variable {}; only memory is initialized", describe(v, var)))
                }
                (VarTy::Mem(ty), None) if ty.is_dynamic() => {
                    Some(format!("init of the variable-length array {} needs a length", describe(v, var)))
                }
                (VarTy::Mem(ty), Some(_)) if !ty.is_dynamic() => {
                    Some(format!("init of {} has a length, but it is not a variable-length array", describe(v, var)))
                }
                (VarTy::Mem(_), _) => None,
            };
            if let Some(message) = message {
                self.report(message);
            }
        }
        if let Some(len) = len {
            self.expect(len, "the length of init", Want::AnyInt);
        }
    }

    fn call(&mut self, dst: Option<VarId>, callee: FuncId, args: &[Expr]) {
        let arg_tys = self.args(args);
        let Some(target) = self.p.funcs.get(callee) else {
            self.report(format!("call of {callee}, which is not a function (the program has {})", self.p.funcs.len()));
            return;
        };
        let name = &target.name;
        if args.len() != target.params.len() {
            self.report(format!(
                "call of {callee} ({name:?}) passes {} argument(s) to {} parameter(s)",
                args.len(),
                target.params.len()
            ));
        }
        for (i, (arg_ty, &param)) in arg_tys.iter().zip(&target.params).enumerate() {
            match (*arg_ty, self.p.reg_type(param)) {
                (Some(arg_ty), Some(param_ty)) if arg_ty != param_ty => self.report(format!(
                    "argument {i} of the call of {callee} has type {arg_ty}, but parameter {param} has type {param_ty}"
                )),
                _ => {}
            }
        }
        match (dst, target.ret) {
            (Some(dst), Some(ret)) => self.call_result(dst, callee, ret),
            (Some(dst), None) => {
                self.report(format!("call of {callee} ({name:?}) assigns {dst}, but the function returns nothing"))
            }
            (None, Some(_)) => self.report(format!("call of {callee} ({name:?}) has no destination for its result")),
            (None, None) => {}
        }
    }

    fn call_result(&mut self, dst: VarId, callee: FuncId, ret: VarId) {
        self.reg_var(dst, "the call destination");
        let (Some(dst_var), Some(ret_var)) = (self.p.vars.get(dst), self.p.vars.get(ret)) else { return };
        if dst_var.ty.reg().is_some() && dst_var.ty != ret_var.ty {
            let dst_ty = dst_var.ty.reg().map_or(String::new(), |t| t.to_string());
            let ret_ty = ret_var.ty.reg().map_or("memory".to_string(), |t| t.to_string());
            self.report(format!(
                "the call destination {dst} has type {dst_ty}, but {callee} returns {ret} of type {ret_ty}"
            ));
        }
    }

    /// Checks each argument, returning their types.
    fn args(&mut self, args: &[Expr]) -> Vec<Option<Type>> {
        args.iter().map(|arg| self.ty(arg)).collect()
    }

    // --- Expressions.

    /// Checks `e` and that its type is what `want` says; `what` names it in messages.
    fn expect(&mut self, e: &Expr, what: &str, want: Want) {
        if let Some(ty) = self.ty(e).filter(|ty| !want.accepts(*ty)) {
            self.report(format!("{what} must be {want}, but `{}` has type {ty}", expr_to_string(self.p, e)));
        }
    }

    /// Checks `e`, returning its type (`None` when it cannot be known, after reporting why).
    fn ty(&mut self, e: &Expr) -> Option<Type> {
        match e {
            Expr::Int(value, ty) => {
                if !ty.contains(*value) {
                    self.report(format!("constant {value} is out of the range of {ty}"));
                }
                Some(Type::Int(*ty))
            }
            Expr::Bool(_) => Some(Type::Bool),
            Expr::Not(arg) => {
                self.expect(arg, "the operand of lnot", Want::Bool);
                Some(Type::Bool)
            }
            Expr::Cmp(op, lhs, rhs) => {
                self.comparison(*op, lhs, rhs, e);
                Some(Type::Bool)
            }
            Expr::Null => Some(Type::Ptr),
            Expr::Var(v) => self.scalar_var(*v, "the variable read"),
            Expr::AddrOf(v) => {
                if self.var(*v).is_some_and(|var| !var.ty.is_mem()) {
                    self.report(format!("`&{v}` takes the address of a register variable"));
                }
                Some(Type::Ptr)
            }
            Expr::Unary(op, ty, arg) => {
                self.arithmetic_type(*ty, e);
                self.expect(arg, &format!("the operand of {}", op.name()), Want::Int(*ty));
                Some(Type::Int(*ty))
            }
            Expr::Binary(op, ty, lhs, rhs) => {
                self.binary(*op, *ty, lhs, rhs, e);
                Some(Type::Int(*ty))
            }
            Expr::Cast(ty, arg) => {
                self.expect(arg, "the operand of cast", Want::IntOrBool);
                Some(Type::Int(*ty))
            }
            Expr::PtrAdd { base, offset, scale } => {
                self.expect(base, "the base of ptradd", Want::Ptr);
                self.expect(offset, "the offset of ptradd", Want::AnyInt);
                self.scale(*scale, e);
                Some(Type::Ptr)
            }
            Expr::PtrDiff { lhs, rhs, scale, ty } => {
                self.expect(lhs, "the left operand of ptrdiff", Want::Ptr);
                self.expect(rhs, "the right operand of ptrdiff", Want::Ptr);
                self.scale(*scale, e);
                Some(Type::Int(*ty))
            }
        }
    }

    fn binary(&mut self, op: BinOp, ty: IntTy, lhs: &Expr, rhs: &Expr, e: &Expr) {
        self.arithmetic_type(ty, e);
        self.expect(lhs, &format!("the left operand of {}", op.name()), Want::Int(ty));
        let rhs_want = if op.is_shift() { Want::AnyInt } else { Want::Int(ty) };
        self.expect(rhs, &format!("the right operand of {}", op.name()), rhs_want);
    }

    fn comparison(&mut self, op: CmpOp, lhs: &Expr, rhs: &Expr, e: &Expr) {
        let (Some(lhs_ty), Some(rhs_ty)) = (self.ty(lhs), self.ty(rhs)) else { return };
        let ok = match (lhs_ty, rhs_ty) {
            (Type::Int(a), Type::Int(b)) => a == b,
            (Type::Ptr, Type::Ptr) => true,
            (Type::Bool, Type::Bool) => matches!(op, CmpOp::Eq | CmpOp::Ne),
            _ => false,
        };
        if !ok {
            self.report(format!(
                "comparison `{}` of {lhs_ty} with {rhs_ty}: operands must be integers of one type, \
                 pointers, or conds (eq and ne only)",
                expr_to_string(self.p, e)
            ));
        }
    }

    fn arithmetic_type(&mut self, ty: IntTy, e: &Expr) {
        if ty.is_bool() {
            self.report(format!(
                "`{}` computes in bool; arithmetic needs another integer type",
                expr_to_string(self.p, e)
            ));
        }
    }

    fn scale(&mut self, scale: u64, e: &Expr) {
        if scale == 0 {
            self.report(format!("`{}` has scale 0; scales are at least 1", expr_to_string(self.p, e)));
        }
    }
}
