//! Calls: of functions with a body (an IR call), of the verification builtins and a few libc
//! functions with known meaning, and of functions without a body (an arbitrary result).
//!
//! Argument passing: integers and pointers are passed as IR arguments; a struct or union is
//! passed by address (the callee copies it); a struct result comes back through a hidden first
//! argument pointing at a temporary of the caller; a floating-point argument is not an IR
//! argument: the caller sets a hidden global the callee copies into its parameter (see
//! `float`). Calls of the math library (`sqrt`, `sinf`, ...) are floating-point steps.

use super::Cx;
use super::expr::{OpKind, Operand, Place};
use super::fold;
use super::scope::Ordinary;
use crate::ctypes::{CType, FuncSig, promote};
use lang_c::ast::*;
use lang_c::span::Node;
use leapfrog_arith::{BinOp, CmpOp, IntTy, UnOp};
use leapfrog_ir::{AllocRegion, AssertOrigin, Command, Expr, HavocOrigin, Type, VarKind, VarTy};
use leapfrog_source::Span;

/// How one C parameter is passed in the IR.
#[derive(Clone, Debug, PartialEq)]
pub enum ParamPass {
    /// As an IR argument of this register type.
    Value(Type),
    /// As a pointer to the caller's object, copied by the callee.
    Record,
    /// Not an IR argument (floating point): passed through a hidden global (see `float`).
    Dropped,
}

pub fn param_pass(ty: &CType) -> ParamPass {
    match ty {
        CType::Int(t) => ParamPass::Value(Type::Int(*t)),
        CType::Ptr(_) | CType::Array(..) | CType::Func(_) => ParamPass::Value(Type::Ptr),
        CType::Record(_) => ParamPass::Record,
        _ => ParamPass::Dropped,
    }
}

/// Functions whose name alone gives their meaning when the program does not define them.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Builtin {
    Nondet,
    Assume,
    Assert(AssertOrigin),
    AssertFail,
    Abort,
    Exit,
    Malloc,
    Calloc,
    Alloca,
    Free,
    Memset,
    Memcpy,
    Output,
    Abs,
    Expect,
    Unreachable,
    /// `__builtin_bswapN`: the bytes of an N-bit value in reverse order.
    ByteSwap(IntTy),
    /// `__builtin_constant_p(e)`: whether `e` is a constant (gcc at -O0 folds only those).
    IsConstant,
    /// `isascii(c)` (`test`) and `toascii(c)`: glibc's macros, computed in the promoted type of
    /// the argument (as functions taking an `int` they would cut a `long`).
    Ascii {
        test: bool,
    },
}

fn builtin(name: &str) -> Option<Builtin> {
    use Builtin::*;
    Some(match name {
        n if n.starts_with("__VERIFIER_nondet") || n.starts_with("nondet_") => Nondet,
        "nondet" | "unknown" | "random" | "__VERIFIER_nondet" => Nondet,
        "__VERIFIER_assume" | "assume" | "__CPROVER_assume" => Assume,
        "__VERIFIER_assert" => Assert(AssertOrigin::VerifierAssert),
        "assert" => Assert(AssertOrigin::Assert),
        "__CPROVER_assert" => Assert(AssertOrigin::CproverAssert),
        "__assert_fail" | "__assert_perror_fail" | "__assert" | "__assert_rtn" => AssertFail,
        "abort" | "__builtin_abort" | "__builtin_trap" => Abort,
        "exit" | "_exit" | "_Exit" => Exit,
        "malloc" | "__builtin_malloc" => Malloc,
        "calloc" => Calloc,
        "alloca" | "__builtin_alloca" => Alloca,
        "free" | "__builtin_free" => Free,
        "__builtin_bswap16" => ByteSwap(IntTy::U16),
        "__builtin_bswap32" => ByteSwap(IntTy::U32),
        "__builtin_bswap64" => ByteSwap(IntTy::U64),
        "__builtin_constant_p" => IsConstant,
        "isascii" => Ascii { test: true },
        "toascii" => Ascii { test: false },
        "memset" | "__builtin_memset" => Memset,
        "memcpy" | "memmove" | "__builtin_memcpy" | "__builtin_memmove" => Memcpy,
        "printf" | "puts" | "putchar" | "fprintf" | "fputs" | "fflush" | "putc" | "fputc" | "vprintf" | "perror" => {
            Output
        }
        "abs" | "labs" | "llabs" => Abs,
        "__builtin_expect" => Expect,
        "__builtin_unreachable" => Unreachable,
        _ => return None,
    })
}

/// Functions without a body that must not be modelled as "returns an arbitrary value": gcc's
/// builtins compute something definite, and these library functions do not return normally.
fn not_an_arbitrary_result(name: &str) -> Option<&'static str> {
    match name {
        "setjmp" | "_setjmp" | "__sigsetjmp" | "sigsetjmp" | "longjmp" | "_longjmp" | "siglongjmp"
        | "__longjmp_chk" => Some("non-local jump"),
        "err" | "errx" | "verr" | "verrx" | "error" | "quick_exit" | "pthread_exit" | "__builtin_longjmp" => {
            Some("function that does not return")
        }
        n if n.starts_with("__builtin_") || n.starts_with("__sync_") || n.starts_with("__atomic_") => {
            Some("compiler builtin")
        }
        _ => None,
    }
}

/// The type a nondeterministic-value function returns, from its name (`__VERIFIER_nondet_uint`).
fn nondet_type(name: &str, dm: leapfrog_ir::DataModel) -> CType {
    let suffix = name.rsplit_once("nondet_").map(|(_, s)| s).unwrap_or("int");
    let int = |t| CType::Int(t);
    match suffix {
        "char" | "schar" | "s8" => int(IntTy::I8),
        "uchar" | "u8" | "unsigned_char" => int(IntTy::U8),
        "short" | "s16" => int(IntTy::I16),
        "ushort" | "u16" | "unsigned_short" => int(IntTy::U16),
        "uint" | "unsigned" | "u32" | "unsigned_int" => int(IntTy::U32),
        "long" => int(dm.long(true)),
        "ulong" | "unsigned_long" | "size_t" | "sector_t" => int(dm.long(false)),
        "longlong" | "long_long" | "s64" | "loff_t" => int(IntTy::I64),
        "ulonglong" | "unsigned_long_long" | "u64" => int(IntTy::U64),
        "bool" | "_Bool" => int(IntTy::Bool),
        "pointer" | "ptr" => CType::Ptr(Box::new(CType::Void)),
        "float" => CType::Float(leapfrog_ir::FloatTy::F32),
        "double" => CType::Float(leapfrog_ir::FloatTy::F64),
        _ => CType::int(),
    }
}

impl Cx<'_> {
    pub fn lower_call(&mut self, call: &Node<CallExpression>, span: Span) -> Operand {
        self.call_depth += 1;
        let result = self.lower_call_here(call, span);
        self.call_depth -= 1;
        result
    }

    /// Where a call's arguments have been evaluated and the call is not yet made: lower the
    /// pending left side of an assignment whose right side is this call (see `Cx::assign`),
    /// keeping first the argument values it could change.
    fn interlude(&mut self, values: &mut [Option<Expr>], span: Span) {
        let due = matches!(&self.interlude, Some(i) if i.depth == self.call_depth && i.target.is_none());
        if !due {
            return;
        }
        let mut pending = self.interlude.take().expect("a due interlude");
        if self.has_side_effects(&pending.lhs) {
            for v in values.iter_mut().flatten() {
                *v = self.materialize(v.clone(), span);
            }
        }
        let mut target = self.lower_expr(&pending.lhs);
        // The call may change what the address reads (a global index, say): keep the address.
        if let OpKind::Place(Place::Mem(addr)) = target.kind {
            let lhs_span = self.span(pending.lhs.span);
            target.kind = OpKind::Place(Place::Mem(self.materialize(addr, lhs_span)));
        }
        pending.target = Some(target);
        self.interlude = Some(pending);
    }

    fn lower_call_here(&mut self, call: &Node<CallExpression>, span: Span) -> Operand {
        let args = &call.node.arguments;
        let Some(id) = self.called_function_name(&call.node.callee) else {
            return self.indirect_call(call, span);
        };
        let name = id.node.name.clone();
        let (key, sig) = match self.scopes.lookup(&name).cloned() {
            Some(Ordinary::Func { key, sig }) => (key, Some(sig)),
            Some(Ordinary::Var { .. }) => return self.indirect_call(call, span),
            _ => (name.clone(), None),
        };
        match name.as_str() {
            "reach_error" => return self.fail(AssertOrigin::ReachError, span),
            "__VERIFIER_error" => return self.fail(AssertOrigin::VerifierError, span),
            _ => {}
        }
        if let Some((fid, def_sig)) = self.defined_function(&key) {
            return self.user_call(fid, &def_sig, args, span);
        }
        if let Some(b) = builtin(&name) {
            return self.builtin_call(b, &name, sig.as_ref(), args, span);
        }
        if let Some(formatted) = self.formatted_call(&name, args) {
            return self.lower_formatted_call(formatted, args, span);
        }
        if let Some((func, ty)) = leapfrog_ir::MathFn::from_c_name(&name)
            && args.len() == func.arity()
        {
            let values = self.float_arguments(args, span);
            return self.math_call(func, ty, values, span);
        }
        if let Some(why) = not_an_arbitrary_result(&name) {
            let what = format!("{why} `{name}`");
            self.unsupported(span, what.clone());
            let ret = sig.map(|s| s.ret).unwrap_or_else(CType::int);
            return self.opaque_call(args, &ret, what, span);
        }
        self.extern_call(&name, sig.as_ref(), args, span)
    }

    /// The identifier a call names directly: `f`, and also `(*f)`, `(&f)`, `(**f)` when `f` is a
    /// function (dereferencing or taking the address of a function designator gives the same
    /// function); `None` for calls through pointer values.
    fn called_function_name<'e>(&self, callee: &'e Node<Expression>) -> Option<&'e Node<Identifier>> {
        match &callee.node {
            Expression::Identifier(id) => Some(id),
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::Indirection | UnaryOperator::Address) =>
            {
                let id = self.called_function_name(&u.node.operand)?;
                matches!(self.scopes.lookup(&id.node.name), Some(Ordinary::Func { .. })).then_some(id)
            }
            _ => None,
        }
    }

    /// The assertion a call of the function `name` is, when the program does not define it as an
    /// ordinary function (as `lower_call_here` decides): `reach_error` and `__VERIFIER_error`
    /// always, the assertion functions (`__VERIFIER_assert`, `assert`, `__assert_fail`, ...) when
    /// the program has no body for them.
    fn property_function(&self, name: &str) -> Option<AssertOrigin> {
        match name {
            "reach_error" => return Some(AssertOrigin::ReachError),
            "__VERIFIER_error" => return Some(AssertOrigin::VerifierError),
            _ => {}
        }
        let key = match self.scopes.lookup(name) {
            Some(Ordinary::Func { key, .. }) => key.clone(),
            _ => name.to_string(),
        };
        if self.defined_function(&key).is_some() {
            return None;
        }
        match builtin(name)? {
            Builtin::Assert(origin) => Some(origin),
            Builtin::AssertFail => Some(AssertOrigin::AssertFail),
            _ => None,
        }
    }

    /// The value of the function designator `name` where it is not called directly: a function
    /// pointer, which the IR does not model (an arbitrary value). When a call of the function is
    /// an assertion ([`Self::property_function`]), a call through the pointer may fail the
    /// property: the program records it, and gets a function that fails (`Lowerer::finish`), so
    /// that every violation an execution may reach is an `Assert` command of the program.
    pub fn function_address(&mut self, name: &str, ty: CType, span: Span) -> Operand {
        if !self.in_scratch()
            && let Some(origin) = self.property_function(name)
        {
            self.l.note_property_address(origin, span);
        }
        Operand::opaque(CType::Ptr(Box::new(ty)))
    }

    /// A violation of the property: the execution ends here.
    fn fail(&mut self, origin: AssertOrigin, span: Span) -> Operand {
        self.emit_terminal(Command::Assert { cond: Expr::Bool(false), origin }, span);
        Operand::void()
    }

    /// Evaluate arguments right to left (gcc's order), converting each with `pass`; a value that
    /// a later-evaluated argument could change is kept in a temporary.
    pub(super) fn arguments(
        &mut self,
        args: &[Node<Expression>],
        mut pass: impl FnMut(&mut Self, usize, Operand, Span) -> Option<Expr>,
    ) -> Vec<Option<Expr>> {
        let mut out = vec![None; args.len()];
        // C leaves the order unspecified: with two arguments that change state, another compiler
        // may run another execution than gcc's, which is the one analysed.
        if args.iter().filter(|a| self.has_side_effects(a)).count() > 1
            && let Some(first) = args.first()
        {
            let span = self.span(first.span);
            self.warning(
                span,
                "C leaves the order in which arguments are evaluated unspecified, and several of these change \
                 state: they are evaluated right to left, as gcc does",
            );
        }
        for i in (0..args.len()).rev() {
            let span = self.span(args[i].span);
            let op = self.value(&args[i]);
            let mut e = pass(self, i, op, span);
            if args[..i].iter().any(|a| self.has_side_effects(a)) {
                e = e.map(|x| self.materialize(x, span));
            }
            out[i] = e;
        }
        let span = args.first().map_or(Span::UNKNOWN, |a| self.span(a.span));
        self.interlude(&mut out, span);
        out
    }

    /// Pass one argument for a parameter of type `ty` (or with the default argument promotions
    /// when there is no parameter).
    fn pass_argument(&mut self, op: Operand, ty: Option<&CType>, span: Span) -> Option<Expr> {
        let ty = match ty {
            Some(t) => t.clone(),
            None => default_promotion(&op.ty),
        };
        match param_pass(&ty) {
            ParamPass::Value(_) => Some(self.convert(op, &ty, span)),
            ParamPass::Record => match op.kind {
                OpKind::Place(Place::Mem(addr)) => Some(addr),
                _ => {
                    self.unsupported(span, "struct argument that is not in memory");
                    Some(Expr::Null)
                }
            },
            ParamPass::Dropped => None,
        }
    }

    fn user_call(&mut self, fid: leapfrog_ir::FuncId, sig: &FuncSig, args: &[Node<Expression>], span: Span) -> Operand {
        let arity_ok = if sig.variadic { args.len() >= sig.params.len() } else { args.len() == sig.params.len() };
        if !arity_ok {
            let name = self.l.funcs[fid].name.clone();
            let what = format!("call of `{name}` with {} arguments (it takes {})", args.len(), sig.params.len());
            self.unsupported(span, what.clone());
            return self.opaque_call(args, &sig.ret, what, span);
        }
        if sig.variadic && args.len() > sig.params.len() {
            let name = self.l.funcs[fid].name.clone();
            self.unsupported(span, format!("variadic arguments of `{name}`"));
        }
        let params = sig.params.clone();
        // Floating-point arguments, each kept in a register (or not computed), by parameter.
        let mut floats: Vec<(usize, leapfrog_ir::FloatTy, Option<leapfrog_ir::VarId>)> = Vec::new();
        let values = self.arguments(args, |cx, i, op, span| {
            let param = params.get(i)?;
            if let CType::Float(ft) = param {
                let kept = super::float::computed(param)
                    .and_then(|ft| cx.float_operand(op, ft).map(|v| cx.float_temp(v, ft, span)));
                floats.push((i, *ft, kept));
                return None;
            }
            cx.pass_argument(op, Some(param), span)
        });
        for (i, ft, kept) in floats {
            let slot = self.float_arg_slot(fid, i, ft, span);
            self.pass_float(slot, kept, span);
        }
        let mut ir_args: Vec<Expr> = values.into_iter().flatten().collect();
        let (dst, result) = match &sig.ret {
            CType::Void => (None, Operand::void()),
            CType::Record(_) => {
                let Some(obj) = self.layout().obj_type(&sig.ret) else {
                    return self.opaque_call(
                        args,
                        &sig.ret,
                        "a call whose result type has no layout".to_string(),
                        span,
                    );
                };
                let tmp = self.new_var_of("result", VarTy::Mem(obj), VarKind::Temp, span);
                ir_args.insert(0, Expr::AddrOf(tmp));
                (None, Operand::place(Place::Mem(Expr::AddrOf(tmp)), sig.ret.clone()))
            }
            ret => match ret.reg_type() {
                Some(t @ (Type::Int(_) | Type::Ptr)) => {
                    let tmp = self.new_temp(t, span);
                    (Some(tmp), Operand::value(Expr::Var(tmp), ret.clone()))
                }
                Some(t) => {
                    let tmp = self.new_temp(t, span);
                    let result = match super::float::computed(ret) {
                        Some(_) => Operand::float(leapfrog_ir::FloatExpr::Var(tmp), ret.clone()),
                        None => Operand::opaque(ret.clone()),
                    };
                    (Some(tmp), result)
                }
                None => (None, Operand::opaque(ret.clone())),
            },
        };
        self.emit(Command::Call { dst, callee: fid, args: ir_args }, span);
        result
    }

    /// A call of a function without a body: an arbitrary result (an assumption of the analysis).
    fn extern_call(&mut self, name: &str, sig: Option<&FuncSig>, args: &[Node<Expression>], span: Span) -> Operand {
        let ret = sig.map(|s| s.ret.clone()).unwrap_or_else(CType::int);
        let params: Vec<CType> = sig.map(|s| s.params.clone()).unwrap_or_default();
        let takes_float = params.iter().any(|p| p.is_float());
        let values = self.arguments(args, |cx, i, op, span| {
            if op.ty.is_float() {
                return None;
            }
            cx.pass_argument(op, params.get(i), span)
        });
        let floats_passed = args.len() > values.iter().flatten().count();
        if ret.is_float() || takes_float || floats_passed {
            self.unsupported(span, format!("floating-point function `{name}`"));
            let havoc = match ret.reg_type() {
                Some(t @ (Type::Int(_) | Type::Ptr)) => Some(self.new_temp(t, span)),
                _ => None,
            };
            let what = format!("floating-point function `{name}`");
            // A function without a body returns (an assumption, as for every extern call).
            let havoced = havoc.into_iter().collect();
            self.emit(
                Command::Opaque { what, havoc: havoced, writes_memory: true, may_not_return: false, compute: None },
                span,
            );
            return match havoc {
                Some(t) => Operand::value(Expr::Var(t), ret),
                None => Operand::opaque(ret),
            };
        }
        let ir_ret = match &ret {
            CType::Void => None,
            r => match r.reg_type() {
                Some(t) => Some(t),
                None => {
                    let what = format!("`{name}` returns a struct and has no body");
                    self.unsupported(span, what.clone());
                    return self.opaque_call(args, &ret, what, span);
                }
            },
        };
        self.add_extern(name, ir_ret);
        self.assumption(
            span,
            format!("`{name}` has no body: a call returns an arbitrary value and may change globals and memory reachable from its arguments"),
        );
        let dst = ir_ret.map(|t| self.new_temp(t, span));
        self.emit(
            Command::CallExtern { dst, name: name.to_string(), args: values.into_iter().flatten().collect() },
            span,
        );
        match dst {
            Some(t) => Operand::value(Expr::Var(t), ret),
            None => Operand::void(),
        }
    }

    /// A call the IR cannot model (`what` names it): the arguments are evaluated, the result is
    /// arbitrary, memory may change.
    fn opaque_call(&mut self, args: &[Node<Expression>], ret: &CType, what: String, span: Span) -> Operand {
        for a in args.iter().rev() {
            self.discard(a);
        }
        let havoc = match ret.reg_type() {
            Some(t @ (Type::Int(_) | Type::Ptr)) => Some(self.new_temp(t, span)),
            _ => None,
        };
        let havoced = havoc.into_iter().collect();
        self.emit(
            Command::Opaque { what, havoc: havoced, writes_memory: true, may_not_return: true, compute: None },
            span,
        );
        match havoc {
            Some(t) => Operand::value(Expr::Var(t), ret.clone()),
            None if ret.is_void() => Operand::void(),
            None => Operand::opaque(ret.clone()),
        }
    }

    /// The arguments of a math library function, right to left as gcc evaluates them, each
    /// kept in a register when a later one has side effects (converted to the function's type
    /// by `math_call`).
    fn float_arguments(&mut self, args: &[Node<Expression>], span: Span) -> Vec<Operand> {
        let mut out: Vec<Option<Operand>> = vec![None; args.len()];
        for i in (0..args.len()).rev() {
            let mut op = self.value(&args[i]);
            if args[..i].iter().any(|a| self.has_side_effects(a)) {
                op = self.keep_float(op, span);
            }
            out[i] = Some(op);
        }
        out.into_iter().flatten().collect()
    }

    fn indirect_call(&mut self, call: &Node<CallExpression>, span: Span) -> Operand {
        let what = "call through a function pointer";
        self.unsupported(span, what);
        let callee_ty = self.type_of_expr(&call.node.callee);
        let ret = match callee_ty {
            CType::Func(sig) => sig.ret,
            CType::Ptr(inner) => match *inner {
                CType::Func(sig) => sig.ret,
                _ => CType::int(),
            },
            _ => CType::int(),
        };
        self.discard(&call.node.callee);
        self.opaque_call(&call.node.arguments, &ret, what.to_string(), span)
    }

    fn builtin_call(
        &mut self,
        b: Builtin,
        name: &str,
        sig: Option<&FuncSig>,
        args: &[Node<Expression>],
        span: Span,
    ) -> Operand {
        let st = CType::Int(self.l.dm.size_type(false));
        let void_ptr = CType::Ptr(Box::new(CType::Void));
        match b {
            Builtin::Nondet => {
                let ty = match sig {
                    Some(s) if !s.ret.is_void() => s.ret.clone(),
                    _ => nondet_type(name, self.l.dm),
                };
                for a in args.iter().rev() {
                    self.discard(a);
                }
                self.interlude(&mut [], span);
                match ty.reg_type() {
                    Some(t @ (Type::Int(_) | Type::Ptr)) => {
                        let tmp = self.new_temp(t, span);
                        self.emit(Command::Havoc(tmp, HavocOrigin::Nondet(name.to_string())), span);
                        Operand::value(Expr::Var(tmp), ty)
                    }
                    _ => {
                        self.unsupported(span, format!("floating-point nondeterministic value `{name}`"));
                        Operand::opaque(ty)
                    }
                }
            }
            Builtin::Assume => {
                let c = self.condition_argument(args, span);
                if c != Expr::Bool(true) {
                    self.emit(Command::Assume(c), span);
                }
                Operand::void()
            }
            Builtin::Assert(origin) => {
                let c = self.condition_argument(args, span);
                for extra in args.iter().skip(1).rev() {
                    self.discard(extra);
                }
                match c {
                    Expr::Bool(true) => {}
                    Expr::Bool(false) => {
                        self.emit_terminal(Command::Assert { cond: c, origin }, span);
                    }
                    c => self.emit(Command::Assert { cond: c, origin }, span),
                }
                Operand::void()
            }
            Builtin::AssertFail => {
                for a in args.iter().rev() {
                    self.discard(a);
                }
                self.fail(AssertOrigin::AssertFail, span)
            }
            Builtin::Abort => {
                self.emit_terminal(Command::Abort, span);
                Operand::void()
            }
            Builtin::Exit => {
                let code = match args.first() {
                    Some(a) => {
                        let v = self.value(a);
                        self.convert(v, &CType::int(), span)
                    }
                    None => Expr::Int(0, IntTy::I32),
                };
                self.emit_terminal(Command::Exit(code), span);
                Operand::void()
            }
            Builtin::Malloc | Builtin::Alloca | Builtin::Calloc => {
                let vals = self.arguments(args, |cx, _, op, span| Some(cx.convert(op, &st, span)));
                let vals: Vec<Expr> = vals.into_iter().flatten().collect();
                let stt = self.l.dm.size_type(false);
                let size = match (b, vals.as_slice()) {
                    (Builtin::Calloc, [n, m]) => fold::binary(leapfrog_arith::BinOp::Mul, stt, n.clone(), m.clone()),
                    (_, [n, ..]) => n.clone(),
                    _ => Expr::Int(0, stt),
                };
                let dst = self.new_temp(Type::Ptr, span);
                let region = if b == Builtin::Alloca { AllocRegion::Stack } else { AllocRegion::Heap };
                self.emit(Command::Alloc { dst, size, zeroed: b == Builtin::Calloc, region }, span);
                Operand::value(Expr::Var(dst), void_ptr)
            }
            Builtin::Free => {
                let vals = self.arguments(args, |cx, _, op, span| Some(cx.convert(op, &void_ptr, span)));
                if let Some(Some(p)) = vals.into_iter().next() {
                    self.emit(Command::Free(p), span);
                }
                Operand::void()
            }
            Builtin::Memset | Builtin::Memcpy => {
                if args.len() != 3 {
                    return self.extern_call(name, sig, args, span);
                }
                let int = CType::int();
                let vals = self.arguments(args, |cx, i, op, span| {
                    let ty = match (b, i) {
                        (_, 2) => &st,
                        (Builtin::Memset, 1) => &int,
                        _ => &void_ptr,
                    };
                    Some(cx.convert(op, ty, span))
                });
                let [Some(dst), Some(second), Some(size)] =
                    <[Option<Expr>; 3]>::try_from(vals).expect("three arguments")
                else {
                    return Operand::void();
                };
                let dst = self.materialize(dst, span);
                let cmd = if b == Builtin::Memset {
                    Command::MemSet { dst: dst.clone(), byte: second, size }
                } else {
                    Command::MemCopy { dst: dst.clone(), src: second, size }
                };
                self.emit(cmd, span);
                Operand::value(dst, void_ptr)
            }
            Builtin::Output if args.iter().any(|a| writes_through_format(&a.node)) => {
                let what = format!("`%n` conversion in `{name}`");
                self.unsupported(span, what.clone());
                let ret = sig.map(|s| s.ret.clone()).unwrap_or_else(CType::int);
                self.opaque_call(args, &ret, what, span)
            }
            Builtin::Output => {
                let vals = self.arguments(args, |cx, _, op, span| {
                    if op.ty.is_float() || matches!(op.kind, OpKind::Opaque) {
                        return None;
                    }
                    let ty = default_promotion(&op.ty);
                    if matches!(ty, CType::Record(_)) {
                        return None;
                    }
                    Some(cx.convert(op, &ty, span))
                });
                self.emit(Command::Output { name: name.to_string(), args: vals.into_iter().flatten().collect() }, span);
                Operand::opaque(CType::int())
            }
            Builtin::Abs => {
                let ty = match sig {
                    Some(s) => s.ret.clone(),
                    None if name == "abs" => CType::int(),
                    None => CType::Int(self.l.dm.long(true)),
                };
                let Some(t) = ty.as_int() else { return self.extern_call(name, sig, args, span) };
                let Some(arg) = args.first() else { return self.extern_call(name, sig, args, span) };
                let v = self.value(arg);
                let x = self.int_argument(v, &ty, t, span);
                let result = self.new_temp(Type::Int(t), span);
                let (neg, pos, join) = (self.new_loc(), self.new_loc(), self.new_loc());
                self.branch(fold::cmp(CmpOp::Lt, x.clone(), Expr::Int(0, t)), neg, pos, span);
                self.set_cur(neg);
                self.emit(Command::Assign(result, fold::unary(UnOp::Neg, t, x.clone())), span);
                self.jump(join, span);
                self.set_cur(pos);
                self.emit(Command::Assign(result, x), span);
                self.jump(join, span);
                self.set_cur(join);
                Operand::value(Expr::Var(result), ty)
            }
            Builtin::Ascii { test } => {
                let Some(arg) = args.first() else { return self.extern_call(name, sig, args, span) };
                let v = self.value(arg);
                let ty = default_promotion(&v.ty);
                let Some(t) = ty.as_int() else { return self.extern_call(name, sig, args, span) };
                let x = self.int_argument(v, &ty, t, span);
                if test {
                    // ((c) & ~0x7f) == 0
                    let high = fold::binary(BinOp::BitAnd, t, x, Expr::Int(t.convert(!0x7f), t));
                    let ascii = fold::cmp(CmpOp::Eq, high, Expr::Int(0, t));
                    Operand::value(Expr::Cast(IntTy::I32, Box::new(ascii)), CType::int())
                } else {
                    // (c) & 0x7f
                    Operand::value(fold::binary(BinOp::BitAnd, t, x, Expr::Int(0x7f, t)), ty)
                }
            }
            Builtin::Expect => match args.first() {
                // `__builtin_expect(e, c)` is `e` as a long; `c` is a constant hint.
                Some(a) => {
                    let long = CType::Int(self.l.dm.long(true));
                    let v = self.value(a);
                    let e = self.convert(v, &long, span);
                    Operand::value(e, long)
                }
                None => Operand::void(),
            },
            Builtin::ByteSwap(t) => {
                let Some(arg) = args.first() else { return self.extern_call(name, sig, args, span) };
                let v = self.value(arg);
                let x = self.convert(v, &CType::Int(t), span);
                let x = self.materialize_int(x, t, span);
                let bytes = t.bits() / 8;
                let mut swapped = Expr::Int(0, t);
                for i in 0..bytes {
                    // Byte i moves to byte (bytes - 1 - i).
                    let byte = fold::binary(
                        BinOp::BitAnd,
                        t,
                        fold::binary(BinOp::Shr, t, x.clone(), Expr::Int(i128::from(8 * i), t)),
                        Expr::Int(0xff, t),
                    );
                    let moved = fold::binary(BinOp::Shl, t, byte, Expr::Int(i128::from(8 * (bytes - 1 - i)), t));
                    swapped = fold::binary(BinOp::BitOr, t, swapped, moved);
                }
                Operand::value(swapped, CType::Int(t))
            }
            Builtin::IsConstant => {
                let constant = args.first().is_some_and(|a| self.const_int(a).is_some());
                Operand::int(i128::from(constant), IntTy::I32)
            }
            Builtin::Unreachable => {
                self.emit(Command::Assume(Expr::Bool(false)), span);
                Operand::void()
            }
        }
    }

    /// A value that must not be read twice from a changing variable: kept in a temporary.
    /// The one argument `v` of a builtin, converted to `ty` (the integer type `t`), kept where
    /// the rest of the call cannot change it.
    fn int_argument(&mut self, v: Operand, ty: &CType, t: IntTy, span: Span) -> Expr {
        let x = self.convert(v, ty, span);
        let mut x = [Some(self.materialize_int(x, t, span))];
        self.interlude(&mut x, span);
        let [Some(x)] = x else { unreachable!("a value") };
        x
    }

    fn materialize_int(&mut self, e: Expr, t: IntTy, span: Span) -> Expr {
        match e {
            Expr::Int(..) => e,
            Expr::Var(v) if self.l.vars[v].kind == VarKind::Temp => e,
            other => {
                let tmp = self.new_temp(Type::Int(t), span);
                self.emit(Command::Assign(tmp, other), span);
                Expr::Var(tmp)
            }
        }
    }

    /// The first argument of an assume/assert builtin, as a condition.
    fn condition_argument(&mut self, args: &[Node<Expression>], span: Span) -> Expr {
        match args.first() {
            Some(a) => {
                let v = self.value(a);
                self.to_cond(v, span)
            }
            None => Expr::Bool(false),
        }
    }
}

/// Whether an argument is a format string with a `%n` conversion (which stores the number of
/// characters written so far through its argument).
fn writes_through_format(e: &Expression) -> bool {
    let Expression::StringLiteral(s) = e else { return false };
    let format = super::expr::string_bytes(&s.node);
    let mut i = 0;
    while i < format.len() {
        if format[i] == b'%' {
            i += 1;
            // Flags, width, precision and length modifiers come before the conversion letter.
            while i < format.len() && b"-+ #0123456789.*hlLqjzt'".contains(&format[i]) {
                i += 1;
            }
            if format.get(i) == Some(&b'n') {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// The default argument promotions (no prototype, or a variadic argument).
pub(super) fn default_promotion(ty: &CType) -> CType {
    match ty {
        CType::Int(t) => CType::Int(promote(*t)),
        CType::Array(elem, _) => CType::Ptr(elem.clone()),
        CType::Float(_) => CType::Float(leapfrog_ir::FloatTy::F64),
        other => other.clone(),
    }
}
