//! Expressions: each C expression becomes commands at the insertion point plus an [`Operand`]
//! (a value, a condition, or a place not yet read).
//!
//! Floating point is not modelled by the analyses: a `float` or `double` value is an
//! [`OpKind::Float`] operand, and only where one flows into an integer, a condition or a stored
//! variable does a step appear, opaque to the analyses (with a diagnostic) and computed by the
//! interpreter (see `float`). A `long double` is an [`OpKind::Opaque`] operand.

use super::fold;
use super::scope::Ordinary;
use super::{Cx, Interlude, VolatileReads};
use crate::ctypes::{ArraySize, CType, promote, usual_arithmetic};
use lang_c::ast::*;
use lang_c::span::Node;
use leapfrog_arith::{BinOp as IrBin, CmpOp, IntTy, UnOp as IrUn};
use leapfrog_ir::{AddressStep, Command, Computed, Expr, FloatExpr, HavocOrigin, Type, VarId, VarKind, VarTy};
use leapfrog_source::Span;

/// The result of lowering an expression.
#[derive(Clone, Debug)]
pub struct Operand {
    pub kind: OpKind,
    /// Never `CType::Volatile` at the top (see `volatile`).
    pub ty: CType,
    /// A place in memory whose reads are volatile: each load is followed by a havoc of the value
    /// loaded (`HavocOrigin::Volatile`). False for everything else.
    pub volatile: bool,
}

#[derive(Clone, Debug)]
pub enum OpKind {
    /// A scalar value (integer or pointer) whose IR type matches `ty`.
    Value(Expr),
    /// A boolean; its C type is `int` (0 or 1).
    Cond(Expr),
    /// An lvalue not yet read.
    Place(Place),
    /// A function designator.
    Func(String),
    /// A `float` or `double` value (see `float`).
    Float(FloatExpr),
    /// A value the IR does not model (`long double`, a function pointer, ...).
    Opaque,
    Void,
}

#[derive(Clone, Debug)]
pub enum Place {
    /// A register variable.
    Reg(VarId),
    /// Memory at this address.
    Mem(Expr),
    /// A bit-field (not modelled).
    BitField,
}

impl Operand {
    pub fn value(e: Expr, ty: CType) -> Operand {
        Operand { kind: OpKind::Value(e), ty, volatile: false }
    }

    pub fn int(v: i128, t: IntTy) -> Operand {
        Operand::value(Expr::Int(v, t), CType::Int(t))
    }

    pub fn void() -> Operand {
        Operand { kind: OpKind::Void, ty: CType::Void, volatile: false }
    }

    /// A `float` or `double` value of type `ty`.
    pub fn float(e: FloatExpr, ty: CType) -> Operand {
        Operand { kind: OpKind::Float(e), ty, volatile: false }
    }

    pub fn opaque(ty: CType) -> Operand {
        Operand { kind: OpKind::Opaque, ty, volatile: false }
    }

    pub fn place(p: Place, ty: CType) -> Operand {
        Operand { kind: OpKind::Place(p), ty, volatile: false }
    }

    /// A place of a type that may be volatile-qualified (a declared type or a pointer's target):
    /// the qualifier becomes the operand's `volatile` (only memory has volatile reads).
    pub fn place_of_qualified(p: Place, ty: CType) -> Operand {
        let (ty, volatile) = ty.split_volatile();
        let volatile = volatile && matches!(p, Place::Mem(_));
        Operand { kind: OpKind::Place(p), ty, volatile }
    }

    /// The constant value, if this is an integer constant.
    pub fn as_const(&self) -> Option<i128> {
        match &self.kind {
            OpKind::Value(Expr::Int(v, _)) => Some(*v),
            OpKind::Cond(Expr::Bool(b)) => Some(i128::from(*b)),
            _ => None,
        }
    }
}

fn is_assignment(op: &BinaryOperator) -> bool {
    use BinaryOperator::*;
    matches!(
        op,
        Assign
            | AssignMultiply
            | AssignDivide
            | AssignModulo
            | AssignPlus
            | AssignMinus
            | AssignShiftLeft
            | AssignShiftRight
            | AssignBitwiseAnd
            | AssignBitwiseXor
            | AssignBitwiseOr
    )
}

/// The arithmetic operator of a compound assignment.
fn compound_op(op: &BinaryOperator) -> Option<BinaryOperator> {
    use BinaryOperator::*;
    Some(match op {
        AssignMultiply => Multiply,
        AssignDivide => Divide,
        AssignModulo => Modulo,
        AssignPlus => Plus,
        AssignMinus => Minus,
        AssignShiftLeft => ShiftLeft,
        AssignShiftRight => ShiftRight,
        AssignBitwiseAnd => BitwiseAnd,
        AssignBitwiseXor => BitwiseXor,
        AssignBitwiseOr => BitwiseOr,
        _ => return None,
    })
}

impl Cx<'_> {
    /// Whether evaluating the expression can change state (calls, assignments, `++`, `--`).
    /// Memoized per syntax node (by its byte range, like `type_cache`): the lowering asks it at
    /// every level of a nested expression, which must stay linear.
    pub fn has_side_effects(&mut self, e: &Node<Expression>) -> bool {
        let key = (e.span.start, e.span.end);
        if let Some(&known) = self.side_effects.get(&key) {
            return known;
        }
        let result = match &e.node {
            Expression::Identifier(_)
            | Expression::Constant(_)
            | Expression::StringLiteral(_)
            | Expression::SizeOfTy(_)
            | Expression::SizeOfVal(_)
            | Expression::AlignOf(_)
            | Expression::OffsetOf(_)
            | Expression::LabelAddress(_) => false,
            Expression::Call(_) | Expression::Statement(_) | Expression::VaArg(_) | Expression::CompoundLiteral(_) => {
                true
            }
            Expression::GenericSelection(g) => self.has_side_effects(&g.node.expression),
            Expression::Member(m) => self.has_side_effects(&m.node.expression),
            Expression::UnaryOperator(u) => {
                matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) || self.has_side_effects(&u.node.operand)
            }
            Expression::Cast(c) => self.has_side_effects(&c.node.expression),
            Expression::BinaryOperator(b) => {
                is_assignment(&b.node.operator.node)
                    || self.has_side_effects(&b.node.lhs)
                    || self.has_side_effects(&b.node.rhs)
            }
            Expression::Conditional(c) => {
                self.has_side_effects(&c.node.condition)
                    || self.has_side_effects(&c.node.then_expression)
                    || self.has_side_effects(&c.node.else_expression)
            }
            Expression::Comma(es) => es.iter().any(|e| self.has_side_effects(e)),
        };
        self.side_effects.insert(key, result);
        result
    }

    /// Whether a side-effect-free expression may be an integer constant expression: it names
    /// no object or function, except inside `sizeof`. Only such expressions get the dry run that
    /// folds them (`const_operand`); memoized per syntax node, so that conditionals nested deep
    /// (whose conditions are not constant) stay linear.
    fn may_be_constant(&mut self, e: &Node<Expression>) -> bool {
        let key = (e.span.start, e.span.end);
        if let Some(&known) = self.constant_candidates.get(&key) {
            return known;
        }
        let result = match &e.node {
            Expression::Identifier(id) => {
                matches!(self.scopes.lookup(&id.node.name), Some(Ordinary::EnumConst(..)))
            }
            Expression::Constant(_)
            | Expression::SizeOfTy(_)
            | Expression::SizeOfVal(_)
            | Expression::AlignOf(_)
            | Expression::OffsetOf(_)
            | Expression::GenericSelection(_) => true,
            Expression::UnaryOperator(u) => self.may_be_constant(&u.node.operand),
            Expression::Cast(c) => self.may_be_constant(&c.node.expression),
            Expression::BinaryOperator(b) => self.may_be_constant(&b.node.lhs) && self.may_be_constant(&b.node.rhs),
            Expression::Conditional(c) => {
                self.may_be_constant(&c.node.condition)
                    && self.may_be_constant(&c.node.then_expression)
                    && self.may_be_constant(&c.node.else_expression)
            }
            Expression::Comma(es) => es.iter().all(|e| self.may_be_constant(e)),
            _ => false,
        };
        self.constant_candidates.insert(key, result);
        result
    }

    /// Lower an expression to an operand (places are not read).
    pub fn lower_expr(&mut self, e: &Node<Expression>) -> Operand {
        let span = self.span(e.span);
        match &e.node {
            Expression::Identifier(id) => self.identifier(&id.node.name, span),
            Expression::Constant(c) => self.constant(&c.node, span),
            Expression::StringLiteral(s) if s.node.iter().any(|p| !p.starts_with('"')) => {
                self.unsupported(span, "wide or Unicode string literal");
                Operand::opaque(CType::Ptr(Box::new(CType::int())))
            }
            Expression::StringLiteral(s) => {
                let bytes = string_bytes(&s.node);
                let (var, len) = self.string_literal(bytes, span);
                Operand::place(
                    Place::Mem(Expr::AddrOf(var)),
                    CType::Array(Box::new(CType::Int(IntTy::I8)), ArraySize::Fixed(len)),
                )
            }
            Expression::Member(m) => self.member(m, span),
            Expression::Call(c) => self.lower_call(c, span),
            Expression::CompoundLiteral(cl) => self.compound_literal(cl, span),
            Expression::SizeOfTy(t) => {
                let ty = self.type_name(&t.node.0);
                self.size_operand(&ty, span)
            }
            Expression::SizeOfVal(v) => {
                let ty = self.type_of_expr(&v.node.0);
                if ty.has_vla() {
                    // C evaluates the operand of `sizeof` when its type is a variable-length array.
                    let op = self.lower_expr(&v.node.0);
                    return self.size_operand(&op.ty, span);
                }
                self.size_operand(&ty, span)
            }
            Expression::AlignOf(t) => {
                let ty = self.type_name(&t.node.0);
                let a = self.layout().align(&ty);
                Operand::int(i128::from(a), self.l.dm.size_type(false))
            }
            Expression::UnaryOperator(u) => self.unary(u, span),
            Expression::Cast(c) => {
                let to = self.type_name(&c.node.type_name);
                let op = self.value(&c.node.expression);
                self.cast(op, &to, span)
            }
            Expression::BinaryOperator(b) => self.binary(b, span),
            Expression::Conditional(c) => self.conditional(c, span),
            Expression::Comma(es) => {
                let (last, init) = es.split_last().expect("comma has operands");
                for x in init {
                    self.discard(x);
                }
                self.lower_expr(last)
            }
            Expression::OffsetOf(o) => self.offset_of(o, span),
            Expression::VaArg(_) => {
                self.unsupported(span, "variadic argument access (va_arg)");
                Operand::opaque(CType::int())
            }
            Expression::Statement(s) => self.statement_expression(s, span),
            Expression::LabelAddress(label) => self.label_address(label, span),
            Expression::GenericSelection(_) => {
                self.unsupported(span, "_Generic selection");
                Operand::opaque(CType::int())
            }
        }
    }

    /// Lower an expression and read it (the value of the expression).
    pub fn value(&mut self, e: &Node<Expression>) -> Operand {
        let span = self.span(e.span);
        let op = self.lower_expr(e);
        self.rvalue(op, span)
    }

    /// Evaluate an expression for its side effects only.
    pub fn discard(&mut self, e: &Node<Expression>) {
        let span = self.span(e.span);
        match &e.node {
            // `x++;` needs no copy of the old value.
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::PostIncrement | UnaryOperator::PostDecrement) =>
            {
                let inc = u.node.operator.node == UnaryOperator::PostIncrement;
                self.inc_dec(&u.node.operand, inc, false, span);
            }
            Expression::Cast(c) => self.discard(&c.node.expression),
            Expression::Comma(es) => {
                for x in es.iter() {
                    self.discard(x);
                }
            }
            _ => {
                let op = self.lower_expr(e);
                // Reading a volatile-free place has no effect, except that a load can fault; keep
                // loads of memory so that undefined behaviour is not hidden.
                if let OpKind::Place(Place::Mem(_)) = op.kind
                    && op.ty.is_scalar()
                    && !op.ty.is_float()
                {
                    self.rvalue(op, span);
                }
            }
        }
    }

    /// Read a place; decay arrays and functions; leave values as they are.
    pub fn rvalue(&mut self, op: Operand, span: Span) -> Operand {
        let place = match op.kind {
            OpKind::Place(p) => p,
            // A function's address is a function pointer, which the IR does not model.
            OpKind::Func(name) => return self.function_address(&name, op.ty, span),
            _ => return op,
        };
        match (place, &op.ty) {
            (Place::BitField, ty) => {
                self.unsupported(span, "bit-field access");
                Operand::opaque(ty.clone())
            }
            (place @ (Place::Reg(_) | Place::Mem(_)), CType::Float(_)) => {
                let ty = op.ty.clone();
                self.float_read(place, &ty, op.volatile, span)
            }
            (Place::Reg(v), ty) => Operand::value(Expr::Var(v), ty.clone()),
            (Place::Mem(addr), CType::Array(elem, _)) => {
                // An array of volatile elements decays to a pointer to volatile elements.
                let elem = if op.volatile { CType::volatile((**elem).clone()) } else { (**elem).clone() };
                Operand::value(addr, CType::Ptr(Box::new(elem)))
            }
            (Place::Mem(addr), CType::Record(_)) => {
                Operand { kind: OpKind::Place(Place::Mem(addr)), ty: op.ty, volatile: op.volatile }
            }
            (Place::Mem(_), CType::Void) => Operand::void(),
            (Place::Mem(_), CType::Func(_)) => Operand::opaque(CType::Ptr(Box::new(op.ty))),
            (Place::Mem(addr), ty) => {
                let Some(reg) = ty.reg_type() else {
                    self.unsupported(span, format!("read of {}", ty.describe(&self.l.records)));
                    return Operand::opaque(ty.clone());
                };
                let t = self.new_temp(reg, span);
                self.emit(Command::Load { dst: t, addr }, span);
                if op.volatile && self.l.volatile == VolatileReads::Input {
                    // A volatile object may change behind the program's back: the value read is
                    // arbitrary (the interpreter keeps the loaded one under `--uninit zero`).
                    self.emit(Command::Havoc(t, HavocOrigin::Volatile), span);
                }
                Operand::value(Expr::Var(t), ty.clone())
            }
        }
    }

    /// Convert a value to an integer or pointer type; returns an IR expression of that type.
    /// Conversions the IR cannot express become an arbitrary value (with a diagnostic).
    pub fn convert(&mut self, op: Operand, to: &CType, span: Span) -> Expr {
        let op = self.rvalue(op, span);
        if let (CType::Int(t), true) = (to, op.ty.is_float()) {
            return self.float_to_int(op, *t, span);
        }
        match to {
            CType::Int(t) => match (op.kind, &op.ty) {
                (OpKind::Value(e), CType::Int(s)) => {
                    if s == t {
                        e
                    } else {
                        fold::cast(*t, e)
                    }
                }
                (OpKind::Cond(c), _) => fold::cast(*t, c),
                (OpKind::Value(e), CType::Ptr(_)) if *t == IntTy::Bool => {
                    fold::cast(*t, fold::cmp(CmpOp::Ne, e, Expr::Null))
                }
                (OpKind::Value(pointer), CType::Ptr(_)) => self.address_conversion(
                    Type::Int(*t),
                    "conversion of a pointer to an integer",
                    |dst| AddressStep::ToInt { dst, pointer },
                    span,
                ),
                (OpKind::Opaque, from) if from.is_float() => {
                    self.opaque_value(Type::Int(*t), "floating-point arithmetic", span)
                }
                _ => self.opaque_value(Type::Int(*t), "value that is not an integer", span),
            },
            CType::Ptr(_) => match (op.kind, &op.ty) {
                (OpKind::Value(e), CType::Ptr(_)) => e,
                (OpKind::Value(Expr::Int(0, _)), _) | (OpKind::Cond(Expr::Bool(false)), _) => Expr::Null,
                (OpKind::Value(integer), CType::Int(_)) | (OpKind::Cond(integer), _) => self.address_conversion(
                    Type::Ptr,
                    "conversion of an integer to a pointer",
                    |dst| AddressStep::ToPointer { dst, integer },
                    span,
                ),
                (OpKind::Opaque, CType::Ptr(inner)) if matches!(**inner, CType::Func(_)) => {
                    self.opaque_value(Type::Ptr, "function pointer", span)
                }
                _ => self.opaque_value(Type::Ptr, "value that is not a pointer", span),
            },
            _ => {
                self.unsupported(span, format!("conversion to {}", to.describe(&self.l.records)));
                Expr::Int(0, IntTy::I32)
            }
        }
    }

    /// A fresh variable holding an arbitrary value, produced by an opaque step (unsupported
    /// construct, reported).
    pub fn opaque_value(&mut self, ty: Type, what: &str, span: Span) -> Expr {
        let t = self.new_temp(ty, span);
        self.opaque_assignment(t, what, None, span);
        Expr::Var(t)
    }

    /// A conversion between a pointer and an integer, as a fresh variable of type `ty`: an
    /// arbitrary value for the analyses (reported as unsupported, as floating-point steps are),
    /// computed by the interpreter as `step` of the variable says ([`leapfrog_ir::address`]).
    fn address_conversion(
        &mut self,
        ty: Type,
        what: &str,
        step: impl FnOnce(VarId) -> AddressStep,
        span: Span,
    ) -> Expr {
        let t = self.new_temp(ty, span);
        self.opaque_assignment(t, what, Some(Computed::Address(step(t))), span);
        Expr::Var(t)
    }

    /// An opaque step (reported as unsupported) that assigns `dst`, carrying the computation the
    /// interpreter performs for it, if any.
    fn opaque_assignment(&mut self, dst: VarId, what: &str, compute: Option<Computed>, span: Span) {
        self.unsupported(span, what);
        let what = what.to_string();
        let compute = compute.map(Box::new);
        self.emit(
            Command::Opaque { what, havoc: vec![dst], writes_memory: false, may_not_return: false, compute },
            span,
        );
    }

    /// The value as a condition (`!= 0`).
    pub fn to_cond(&mut self, op: Operand, span: Span) -> Expr {
        let op = self.rvalue(op, span);
        if op.ty.is_float() {
            return self.float_cond(op, span);
        }
        match (op.kind, &op.ty) {
            (OpKind::Cond(c), _) => c,
            (OpKind::Value(e), CType::Int(t)) => fold::nonzero(e, *t),
            (OpKind::Value(e), CType::Ptr(_)) => fold::cmp(CmpOp::Ne, e, Expr::Null),
            (OpKind::Opaque, ty) => {
                let what = if ty.is_float() { "floating-point arithmetic" } else { "unsupported condition" };
                let v = self.opaque_value(Type::Int(IntTy::I32), what, span);
                fold::nonzero(v, IntTy::I32)
            }
            _ => {
                self.unsupported(span, "condition of a type that is not scalar");
                let v = self.opaque_value(Type::Int(IntTy::I32), "unsupported condition", span);
                fold::nonzero(v, IntTy::I32)
            }
        }
    }

    /// Lower a condition as control flow: go to `t` when it holds, to `f` otherwise (`&&`, `||`
    /// and `!` short-circuit).
    pub fn lower_cond(&mut self, e: &Node<Expression>, t: leapfrog_ir::LocId, f: leapfrog_ir::LocId) {
        let span = self.span(e.span);
        match &e.node {
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr) =>
            {
                self.lower_logical(b, t, f);
            }
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.lower_cond(&u.node.operand, f, t);
            }
            Expression::Comma(es) => {
                let (last, init) = es.split_last().expect("comma has operands");
                for x in init {
                    self.discard(x);
                }
                self.lower_cond(last, t, f);
            }
            _ => {
                let op = self.value(e);
                let c = self.to_cond(op, span);
                self.branch(c, t, f, span);
            }
        }
    }

    /// `a && b` or `a || b` as control flow (see [`Cx::lower_cond`]).
    fn lower_logical(&mut self, b: &Node<BinaryOperatorExpression>, t: leapfrog_ir::LocId, f: leapfrog_ir::LocId) {
        let mid = self.new_loc();
        if b.node.operator.node == BinaryOperator::LogicalAnd {
            self.lower_cond(&b.node.lhs, mid, f);
        } else {
            self.lower_cond(&b.node.lhs, t, mid);
        }
        self.set_cur(mid);
        self.lower_cond(&b.node.rhs, t, f);
    }

    /// An integer constant expression's value, if it is one.
    pub fn const_int(&mut self, e: &Node<Expression>) -> Option<i128> {
        self.scratch(|cx| {
            let op = cx.value(e);
            match (&op.kind, &op.ty) {
                (OpKind::Value(Expr::Int(v, _)), CType::Int(_)) => Some(*v),
                (OpKind::Cond(Expr::Bool(b)), _) => Some(i128::from(*b)),
                _ => None,
            }
        })
    }

    /// `e`'s value and type when it is an integer constant expression (lowered in a dry run).
    fn const_operand(&mut self, e: &Node<Expression>) -> Option<(i128, IntTy)> {
        self.scratch(|cx| {
            let op = cx.value(e);
            match (&op.kind, &op.ty) {
                (OpKind::Value(Expr::Int(v, _)), CType::Int(t)) => Some((*v, *t)),
                (OpKind::Cond(Expr::Bool(b)), _) => Some((i128::from(*b), IntTy::I32)),
                _ => None,
            }
        })
    }

    fn identifier(&mut self, name: &str, span: Span) -> Operand {
        match self.scopes.lookup(name).cloned() {
            Some(Ordinary::Var { var, ty }) => Operand::place_of_qualified(self.var_place(var), ty),
            Some(Ordinary::EnumConst(v, t)) => Operand::int(v, t),
            Some(Ordinary::Func { sig, .. }) => {
                Operand { kind: OpKind::Func(name.to_string()), ty: CType::Func(Box::new(sig)), volatile: false }
            }
            Some(Ordinary::Typedef(_)) => {
                self.unsupported(span, format!("type name `{name}` used as a value"));
                Operand::opaque(CType::int())
            }
            None => match name {
                "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__" => {
                    let bytes = self.f.func.name.clone().into_bytes();
                    let (var, len) = self.string_literal(bytes, span);
                    Operand::place(
                        Place::Mem(Expr::AddrOf(var)),
                        CType::Array(Box::new(CType::Int(IntTy::I8)), ArraySize::Fixed(len)),
                    )
                }
                _ => {
                    self.error(span, format!("`{name}` undeclared"));
                    Operand::opaque(CType::int())
                }
            },
        }
    }

    fn constant(&mut self, c: &Constant, span: Span) -> Operand {
        match c {
            Constant::Integer(i) => match integer_constant(i, self.l.dm) {
                Some((v, t)) => Operand::int(v, t),
                None => {
                    self.unsupported(span, "integer constant too large");
                    Operand::opaque(CType::Int(IntTy::U64))
                }
            },
            Constant::Float(f) if !f.suffix.imaginary => self.float_constant(&f.number, &f.base, &f.suffix.format),
            Constant::Float(f) => {
                let ty = match f.suffix.format {
                    FloatFormat::Float => leapfrog_ir::FloatTy::F32,
                    FloatFormat::LongDouble | FloatFormat::TS18661Format(_) => leapfrog_ir::FloatTy::F80,
                    FloatFormat::Double => leapfrog_ir::FloatTy::F64,
                };
                Operand::opaque(CType::Float(ty))
            }
            Constant::Character(s) => match char_constant(s) {
                Some((v, t)) => Operand::int(v, t),
                None => {
                    self.unsupported(span, format!("character constant {s}"));
                    Operand::opaque(CType::int())
                }
            },
        }
    }

    /// The size of a type whose size depends on variable-length arrays, as an expression of the
    /// size type (`None` for other types).
    pub fn dynamic_size(&self, ty: &CType) -> Option<Expr> {
        let st = self.l.dm.size_type(false);
        let CType::Array(elem, size) = ty else { return None };
        if !ty.has_vla() {
            return None;
        }
        let elem_size = match self.dynamic_size(elem) {
            Some(e) => e,
            None => Expr::Int(i128::from(self.size_of(elem)?), st),
        };
        let count = match size {
            ArraySize::Variable(n) => fold::cast(st, Expr::Var(*n)),
            ArraySize::Fixed(k) => Expr::Int(i128::from(*k), st),
            ArraySize::Incomplete => return None,
        };
        Some(fold::binary(IrBin::Mul, st, count, elem_size))
    }

    /// The number of innermost fixed-size elements of a variable-length array type (the length of
    /// its IR object, see `Lowerer::storage`).
    pub fn vla_element_count(&self, ty: &CType) -> Option<Expr> {
        let st = self.l.dm.size_type(false);
        let CType::Array(elem, size) = ty else { return None };
        if !ty.has_vla() {
            return None;
        }
        let count = match size {
            ArraySize::Variable(n) => fold::cast(st, Expr::Var(*n)),
            ArraySize::Fixed(k) => Expr::Int(i128::from(*k), st),
            ArraySize::Incomplete => return None,
        };
        Some(match self.vla_element_count(elem) {
            Some(inner) => fold::binary(IrBin::Mul, st, count, inner),
            None => count,
        })
    }

    fn size_operand(&mut self, ty: &CType, span: Span) -> Operand {
        let st = self.l.dm.size_type(false);
        if let Some(size) = self.dynamic_size(ty) {
            return Operand::value(size, CType::Int(st));
        }
        match self.size_of(ty) {
            Some(s) => Operand::int(i128::from(s), st),
            None if ty.is_void() || matches!(ty, CType::Func(_)) => Operand::int(1, st),
            None => {
                self.unsupported(span, format!("size of incomplete type {}", ty.describe(&self.l.records)));
                Operand::opaque(CType::Int(st))
            }
        }
    }

    fn offset_of(&mut self, o: &Node<OffsetOfExpression>, span: Span) -> Operand {
        let mut ty = self.type_name(&o.node.type_name);
        let st = self.l.dm.size_type(false);
        let mut offset: u64 = 0;
        let mut members = vec![OffsetMember::Member(o.node.designator.node.base.clone())];
        members.extend(o.node.designator.node.members.iter().map(|m| m.node.clone()));
        for m in members {
            match m {
                OffsetMember::Member(id) | OffsetMember::IndirectMember(id) => {
                    let CType::Record(r) = ty else { break };
                    match self.l.records.find_field(r, &id.node.name) {
                        Some(field) => {
                            offset += field.offset;
                            ty = field.ty;
                        }
                        None => {
                            self.unsupported(span, format!("no member `{}`", id.node.name));
                            return Operand::opaque(CType::Int(st));
                        }
                    }
                }
                OffsetMember::Index(e) => {
                    let elem = ty.pointee().cloned().unwrap_or(CType::Void);
                    let n = self.const_int(&e).unwrap_or(0);
                    offset = offset.wrapping_add((n as u64).wrapping_mul(self.size_of(&elem).unwrap_or(0)));
                    ty = elem;
                }
            }
        }
        Operand::int(i128::from(offset), st)
    }

    fn member(&mut self, m: &Node<MemberExpression>, span: Span) -> Operand {
        let base = match m.node.operator.node {
            MemberOperator::Direct => self.lower_expr(&m.node.expression),
            MemberOperator::Indirect => {
                let p = self.value(&m.node.expression);
                self.deref(p, span)
            }
        };
        let name = &m.node.identifier.node.name;
        let CType::Record(r) = base.ty else {
            self.unsupported(span, format!("member `{name}` of a value that is not a struct or union"));
            return Operand::opaque(CType::int());
        };
        let Some(field) = self.l.records.find_field(r, name) else {
            self.unsupported(span, format!("no member `{name}`"));
            return Operand::opaque(CType::int());
        };
        let fty = field.ty;
        if field.bitfield || self.l.records.get(r).has_bitfields {
            return Operand::place(Place::BitField, fty);
        }
        match base.kind {
            OpKind::Place(Place::Mem(addr)) => Operand {
                kind: OpKind::Place(Place::Mem(ptr_offset(addr, field.offset))),
                ty: fty,
                // A member of a volatile struct is volatile.
                volatile: base.volatile || field.volatile,
            },
            _ => {
                self.unsupported(span, "member of a struct value that is not in memory");
                Operand::opaque(fty)
            }
        }
    }

    /// `*p`: the place a pointer value designates.
    fn deref(&mut self, p: Operand, span: Span) -> Operand {
        match (&p.kind, &p.ty) {
            (OpKind::Value(e), CType::Ptr(inner)) => {
                if let CType::Func(_) = **inner {
                    return Operand::opaque((**inner).clone());
                }
                Operand::place_of_qualified(Place::Mem(e.clone()), (**inner).clone())
            }
            (OpKind::Opaque, CType::Ptr(inner)) => Operand::opaque(inner.unqualified().clone()),
            _ => {
                self.unsupported(span, "dereference of a value that is not a pointer");
                Operand::opaque(CType::int())
            }
        }
    }

    fn unary(&mut self, u: &Node<UnaryOperatorExpression>, span: Span) -> Operand {
        let operand = &u.node.operand;
        match u.node.operator.node {
            UnaryOperator::PostIncrement => self.inc_dec(operand, true, true, span),
            UnaryOperator::PostDecrement => self.inc_dec(operand, false, true, span),
            UnaryOperator::PreIncrement => self.inc_dec(operand, true, false, span),
            UnaryOperator::PreDecrement => self.inc_dec(operand, false, false, span),
            UnaryOperator::Address => {
                let op = self.lower_expr(operand);
                match op.kind {
                    OpKind::Place(Place::Mem(addr)) => {
                        let target = if op.volatile { CType::volatile(op.ty) } else { op.ty };
                        Operand::value(addr, CType::Ptr(Box::new(target)))
                    }
                    OpKind::Func(name) => self.function_address(&name, op.ty, span),
                    _ => {
                        self.unsupported(span, "address of something that is not in memory");
                        Operand::opaque(CType::Ptr(Box::new(op.ty)))
                    }
                }
            }
            UnaryOperator::Indirection => {
                let p = self.value(operand);
                self.deref(p, span)
            }
            UnaryOperator::Plus => {
                let op = self.value(operand);
                match op.ty.as_int() {
                    Some(t) => {
                        let pt = promote(t);
                        let e = self.convert(op, &CType::Int(pt), span);
                        Operand::value(e, CType::Int(pt))
                    }
                    None => op,
                }
            }
            UnaryOperator::Minus | UnaryOperator::Complement => {
                let op = self.value(operand);
                if u.node.operator.node == UnaryOperator::Minus
                    && let Some(ft) = super::float::computed(&op.ty)
                {
                    let ty = op.ty.clone();
                    return match self.float_operand(op, ft) {
                        Some(v) => Operand::float(FloatExpr::Neg(Box::new(v)), ty),
                        None => Operand::opaque(ty),
                    };
                }
                let Some(t) = op.ty.as_int() else { return Operand::opaque(op.ty) };
                let pt = promote(t);
                let e = self.convert(op, &CType::Int(pt), span);
                let irop = if u.node.operator.node == UnaryOperator::Minus { IrUn::Neg } else { IrUn::BitNot };
                Operand::value(fold::unary(irop, pt, e), CType::Int(pt))
            }
            UnaryOperator::Negate => {
                let op = self.value(operand);
                let c = self.to_cond(op, span);
                Operand { kind: OpKind::Cond(Expr::not(c)), ty: CType::int(), volatile: false }
            }
        }
    }

    /// `x++`, `x--`, `++x`, `--x`; the value is the old one for postfix forms.
    pub fn inc_dec(&mut self, target: &Node<Expression>, inc: bool, post: bool, span: Span) -> Operand {
        let place = self.lower_expr(target);
        let op = if inc { BinaryOperator::Plus } else { BinaryOperator::Minus };
        self.read_modify_write(place, &op, Operand::int(1, IntTy::I32), post, span)
    }

    /// `place = place op value` for an already lowered place (`++`, `--`, compound assignment):
    /// the operand is the new value, or the old one when `keep_old` (postfix forms).
    fn read_modify_write(
        &mut self,
        target: Operand,
        op: &BinaryOperator,
        value: Operand,
        keep_old: bool,
        span: Span,
    ) -> Operand {
        let ty = target.ty.clone();
        let OpKind::Place(place) = target.kind.clone() else {
            self.unsupported(span, "assignment to something that is not an lvalue");
            return Operand::opaque(ty);
        };
        if ty.is_float() {
            let mut old = self.rvalue(target, span);
            if keep_old {
                // The old value is needed after the update.
                old = self.keep_float(old, span);
            }
            let new = self.arith(op, old.clone(), value, span);
            let stored = self.float_assign(&place, &ty, new, span);
            return if keep_old { old } else { stored };
        }
        if !ty.is_integer() && !ty.is_pointer() {
            self.write_opaque(&place, "floating-point arithmetic", span);
            return Operand::opaque(ty);
        }
        let mut old = self.rvalue(target, span);
        if keep_old && let OpKind::Value(e) = old.kind {
            // The old value is needed after the update.
            old = Operand::value(self.materialize_always(e, &ty, span), ty.clone());
        }
        let new = self.arith(op, old.clone(), value, span);
        let new = self.convert(new, &ty, span);
        let stored = self.store(&place, &ty, new, span);
        if keep_old { old } else { stored }
    }

    /// Copy a value into a fresh temporary (even a plain local: its old value is needed).
    fn materialize_always(&mut self, e: Expr, ty: &CType, span: Span) -> Expr {
        if matches!(e, Expr::Int(..) | Expr::Null) {
            return e;
        }
        let t = self.new_temp(ty.reg_type().unwrap_or(Type::Int(IntTy::I32)), span);
        self.emit(Command::Assign(t, e), span);
        Expr::Var(t)
    }

    /// Write a scalar value (already converted to the place's type) to a place; the operand is the
    /// value the assignment expression has.
    pub fn store(&mut self, place: &Place, ty: &CType, value: Expr, span: Span) -> Operand {
        match place {
            Place::Reg(v) => {
                self.emit(Command::Assign(*v, value), span);
                Operand::value(Expr::Var(*v), ty.clone())
            }
            Place::Mem(addr) => {
                let kept = self.materialize(value, span);
                self.emit(Command::Store { addr: addr.clone(), value: kept.clone() }, span);
                Operand::value(kept, ty.clone())
            }
            Place::BitField => {
                self.unsupported(span, "bit-field access");
                self.emit(
                    Command::Opaque {
                        what: "bit-field access".into(),
                        havoc: vec![],
                        writes_memory: true,
                        may_not_return: false,
                        compute: None,
                    },
                    span,
                );
                Operand::value(value, ty.clone())
            }
        }
    }

    /// Where a variable's value lives: the register variable itself, or its object in memory.
    pub fn var_place(&self, var: VarId) -> Place {
        match self.l.vars[var].ty {
            VarTy::Reg(_) => Place::Reg(var),
            VarTy::Mem(_) => Place::Mem(Expr::AddrOf(var)),
        }
    }

    /// A write the IR cannot express (a float store): an opaque step changing the place.
    pub fn write_opaque(&mut self, place: &Place, what: &str, span: Span) {
        self.unsupported(span, what);
        let cmd = match place {
            Place::Reg(v) => Command::Opaque {
                what: what.to_string(),
                havoc: vec![*v],
                writes_memory: false,
                may_not_return: false,
                compute: None,
            },
            _ => Command::Opaque {
                what: what.to_string(),
                havoc: vec![],
                writes_memory: true,
                may_not_return: false,
                compute: None,
            },
        };
        self.emit(cmd, span);
    }

    fn cast(&mut self, op: Operand, to: &CType, span: Span) -> Operand {
        match to {
            CType::Void => Operand::void(),
            CType::Int(_) | CType::Ptr(_) => {
                if matches!(op.kind, OpKind::Opaque) && op.ty.is_float() && to.is_pointer() {
                    self.unsupported(span, "conversion of a floating-point value to a pointer");
                }
                let e = self.convert(op, to, span);
                Operand::value(e, to.clone())
            }
            CType::Float(_) => {
                let op = self.rvalue(op, span);
                match super::float::computed(to).and_then(|ft| self.float_operand(op, ft)) {
                    Some(v) => Operand::float(v, to.clone()),
                    None => Operand::opaque(to.clone()),
                }
            }
            _ => {
                if op.ty == *to {
                    return op;
                }
                self.unsupported(span, format!("cast to {}", to.describe(&self.l.records)));
                Operand::opaque(to.clone())
            }
        }
    }

    fn binary(&mut self, b: &Node<BinaryOperatorExpression>, span: Span) -> Operand {
        use BinaryOperator::*;
        let op = &b.node.operator.node;
        match op {
            Assign => self.assign(&b.node.lhs, &b.node.rhs, span),
            LogicalAnd | LogicalOr => self.logical_value(b, span),
            Index => {
                let (l, r) = self.operands(op, &b.node.lhs, &b.node.rhs, span);
                let (p, i) = if l.ty.is_pointer() { (l, r) } else { (r, l) };
                let sum = self.arith(&Plus, p, i, span);
                self.deref(sum, span)
            }
            _ if compound_op(op).is_some() => self.compound_assign(op, &b.node.lhs, &b.node.rhs, span),
            Less | Greater | LessOrEqual | GreaterOrEqual | Equals | NotEquals => {
                let (l, r) = self.operands(op, &b.node.lhs, &b.node.rhs, span);
                self.compare(op, l, r, span)
            }
            _ => {
                let (l, r) = self.operands(op, &b.node.lhs, &b.node.rhs, span);
                self.arith(op, l, r, span)
            }
        }
    }

    /// Both operands' values, left first (gcc's order); the left one is kept in a temporary when
    /// the right one has side effects that could change it. Except where gcc's folding reorders:
    /// it hoists the left part of a comma right operand before the operation (`a op (b, c)` is
    /// `(b, a op c)`), and it puts a variable operand last (see [`Cx::variable_goes_last`]): then
    /// the right operand is evaluated first and the variable read after it.
    fn operands(
        &mut self,
        op: &BinaryOperator,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        span: Span,
    ) -> (Operand, Operand) {
        let rhs = match &rhs.node {
            Expression::Comma(es) if *op != BinaryOperator::Index => {
                let (last, init) = es.split_last().expect("comma has operands");
                for x in init {
                    self.discard(x);
                }
                last
            }
            _ => rhs,
        };
        if self.has_side_effects(rhs) && self.variable_goes_last(op, lhs, rhs) {
            let r = self.value(rhs);
            let l = self.value(lhs);
            return (l, r);
        }
        let mut l = self.value(lhs);
        if self.has_side_effects(rhs) {
            l = self.keep(l, span);
        }
        let r = self.value(rhs);
        (l, r)
    }

    /// Whether gcc swaps the operands of `lhs op rhs`: its folding canonicalizes a commutative
    /// operation or a comparison to put a variable last (`tree_swap_operands_p`), looking through
    /// conversions that keep the width. So `g + f()` calls `f` before reading `g`, while `g - f()`
    /// and `(long)i + f()` (a widening) read the variable first.
    fn variable_goes_last(&mut self, op: &BinaryOperator, lhs: &Node<Expression>, rhs: &Node<Expression>) -> bool {
        use BinaryOperator::*;
        let comparison = matches!(op, Less | Greater | LessOrEqual | GreaterOrEqual | Equals | NotEquals);
        if !comparison && !matches!(op, Plus | Multiply | BitwiseAnd | BitwiseOr | BitwiseXor) {
            return false;
        }
        let Some(var_ty) = self.plain_variable_type(lhs) else { return false };
        match (var_ty, self.type_of_expr(rhs).decay()) {
            (CType::Int(l), CType::Int(r)) => {
                let common = usual_arithmetic(promote(l), promote(r));
                l.bits() == common.bits()
            }
            (CType::Ptr(_), CType::Ptr(_)) => comparison,
            _ => false,
        }
    }

    /// The type of an operand that is a variable, possibly converted to a type of the same width
    /// (what gcc's `STRIP_NOPS` sees through); `None` for other operands.
    fn plain_variable_type(&mut self, e: &Node<Expression>) -> Option<CType> {
        match &e.node {
            Expression::Identifier(id) => match self.scopes.lookup(&id.node.name) {
                Some(Ordinary::Var { ty, .. }) if ty.unqualified().is_integer() || ty.unqualified().is_pointer() => {
                    Some(ty.unqualified().clone())
                }
                _ => None,
            },
            Expression::Cast(c) => {
                let inner = self.plain_variable_type(&c.node.expression)?;
                let to = self.scratch(|cx| cx.type_name(&c.node.type_name));
                match (&inner, &to) {
                    (CType::Int(a), CType::Int(b)) if a.bits() == b.bits() => Some(to),
                    (CType::Ptr(_), CType::Ptr(_)) => Some(to),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Keep an operand's current value (see [`Cx::materialize`]).
    pub fn keep(&mut self, op: Operand, span: Span) -> Operand {
        match op.kind {
            OpKind::Value(e) => Operand::value(self.materialize(e, span), op.ty),
            OpKind::Cond(c) => {
                if matches!(c, Expr::Bool(_)) {
                    return Operand { kind: OpKind::Cond(c), ty: op.ty, volatile: false };
                }
                let t = self.new_temp(Type::Int(IntTy::I32), span);
                self.emit(Command::Assign(t, fold::cast(IntTy::I32, c)), span);
                Operand::value(Expr::Var(t), CType::int())
            }
            OpKind::Float(_) => self.keep_float(op, span),
            // A struct value in memory: keep where it is (its bytes are copied when used).
            OpKind::Place(Place::Mem(addr)) => Operand::place(Place::Mem(self.materialize(addr, span)), op.ty),
            _ => op,
        }
    }

    /// Arithmetic on two values (`+ - * / % << >> & | ^`), including pointer arithmetic.
    pub fn arith(&mut self, op: &BinaryOperator, l: Operand, r: Operand, span: Span) -> Operand {
        use BinaryOperator::*;
        let l = self.rvalue(l, span);
        let r = self.rvalue(r, span);
        if l.ty.is_float() || r.ty.is_float() {
            return self.float_arith(op, l, r);
        }
        match (&l.ty, &r.ty, op) {
            (CType::Ptr(_), CType::Int(_), Plus | Minus) | (CType::Int(_), CType::Ptr(_), Plus) => {
                let (p, i) = if l.ty.is_pointer() { (l, r) } else { (r, l) };
                self.pointer_add(p, i, *op == Minus, span)
            }
            (CType::Ptr(a), CType::Ptr(_), Minus) => {
                let pd = self.l.dm.size_type(true);
                let le = self.convert(l.clone(), &l.ty, span);
                let re = self.convert(r.clone(), &r.ty, span);
                let diff =
                    |scale| Expr::PtrDiff { lhs: Box::new(le.clone()), rhs: Box::new(re.clone()), scale, ty: pd };
                let value = match self.dynamic_size(a) {
                    // Rows of a variable-length array: the byte distance over the row's size.
                    Some(size) => fold::binary(IrBin::Div, pd, diff(1), fold::cast(pd, size)),
                    None => diff(self.size_of(a).unwrap_or(1).max(1)),
                };
                Operand::value(value, CType::Int(pd))
            }
            (CType::Int(a), CType::Int(b), _) => {
                let (irop, ty, rty) = match op {
                    ShiftLeft | ShiftRight => {
                        let irop = if *op == ShiftLeft { IrBin::Shl } else { IrBin::Shr };
                        (irop, promote(*a), promote(*b))
                    }
                    _ => {
                        let common = usual_arithmetic(*a, *b);
                        (int_op(op), common, common)
                    }
                };
                let le = self.convert(l, &CType::Int(ty), span);
                let re = self.convert(r, &CType::Int(rty), span);
                Operand::value(fold::binary(irop, ty, le, re), CType::Int(ty))
            }
            _ => {
                self.unsupported(span, "arithmetic on operands of these types");
                Operand::opaque(CType::int())
            }
        }
    }

    /// `p + i` or `p - i`: an address `i * sizeof(*p)` bytes away.
    fn pointer_add(&mut self, p: Operand, i: Operand, subtract: bool, span: Span) -> Operand {
        let pty = p.ty.clone();
        let elem = pty.pointee().cloned().unwrap_or(CType::Void);
        let base = self.convert(p, &pty, span);
        let ity = i.ty.as_int().unwrap_or(IntTy::I64);
        let mut offset = self.convert(i, &CType::Int(ity), span);
        let wide = self.l.dm.size_type(true);
        if subtract {
            offset = fold::unary(IrUn::Neg, wide, fold::cast(wide, offset));
        }
        let scale = match self.dynamic_size(&elem) {
            // Elements whose size is only known at run time: the offset in bytes is computed.
            Some(size) => {
                offset = fold::binary(IrBin::Mul, wide, fold::cast(wide, offset), fold::cast(wide, size));
                1
            }
            None => self.size_of(&elem).unwrap_or(1).max(1),
        };
        if let Expr::Int(0, _) = offset {
            return Operand::value(base, pty);
        }
        Operand::value(Expr::PtrAdd { base: Box::new(base), offset: Box::new(offset), scale }, pty)
    }

    fn compare(&mut self, op: &BinaryOperator, l: Operand, r: Operand, span: Span) -> Operand {
        use BinaryOperator::*;
        let cmp = match op {
            Less => CmpOp::Lt,
            Greater => CmpOp::Gt,
            LessOrEqual => CmpOp::Le,
            GreaterOrEqual => CmpOp::Ge,
            Equals => CmpOp::Eq,
            _ => CmpOp::Ne,
        };
        let l = self.rvalue(l, span);
        let r = self.rvalue(r, span);
        let int = CType::int();
        if l.ty.is_float() || r.ty.is_float() {
            return self.float_compare(cmp, l, r, span);
        }
        let cond = match (&l.ty, &r.ty) {
            (CType::Int(a), CType::Int(b)) => {
                let common = CType::Int(usual_arithmetic(*a, *b));
                let le = self.convert(l, &common, span);
                let re = self.convert(r, &common, span);
                fold::cmp(cmp, le, re)
            }
            (CType::Ptr(_), _) | (_, CType::Ptr(_)) => {
                let pty = if l.ty.is_pointer() { l.ty.clone() } else { r.ty.clone() };
                let le = self.convert(l, &pty, span);
                let re = self.convert(r, &pty, span);
                fold::cmp(cmp, le, re)
            }
            _ => {
                self.unsupported(span, "comparison of operands of these types");
                return Operand::opaque(int);
            }
        };
        Operand { kind: OpKind::Cond(cond), ty: int, volatile: false }
    }

    /// `a && b`, `a || b` as a value: control flow setting a temporary to 1 or 0.
    fn logical_value(&mut self, b: &Node<BinaryOperatorExpression>, span: Span) -> Operand {
        let t = self.new_temp(Type::Int(IntTy::I32), span);
        let (yes, no, join) = (self.new_loc(), self.new_loc(), self.new_loc());
        self.lower_logical(b, yes, no);
        self.set_cur(yes);
        self.emit(Command::Assign(t, Expr::Int(1, IntTy::I32)), span);
        self.jump(join, span);
        self.set_cur(no);
        self.emit(Command::Assign(t, Expr::Int(0, IntTy::I32)), span);
        self.jump(join, span);
        self.set_cur(join);
        Operand::value(Expr::Var(t), CType::int())
    }

    /// `c ? a : b`: each branch is lowered on its side of the condition, then its value converted
    /// to the result type (known once both are lowered) and stored in a temporary.
    fn conditional(&mut self, c: &Node<ConditionalExpression>, span: Span) -> Operand {
        // All three constant (`BLOCK_SIZE == 32 ? 3 : 2` as an enumerator's value): the folded
        // value, of the branches' common type.
        let parts = [&c.node.condition, &c.node.then_expression, &c.node.else_expression];
        if !parts.iter().any(|e| self.has_side_effects(e))
            && parts.iter().all(|e| self.may_be_constant(e))
            && let Some((k, _)) = self.const_operand(parts[0])
            && let (Some((a, ta)), Some((b, tb))) = (self.const_operand(parts[1]), self.const_operand(parts[2]))
        {
            let t = usual_arithmetic(ta, tb);
            let (v, vt) = if k != 0 { (a, ta) } else { (b, tb) };
            return Operand::value(fold::cast(t, Expr::Int(v, vt)), CType::Int(t));
        }
        let (yes, no, join) = (self.new_loc(), self.new_loc(), self.new_loc());
        self.lower_cond(&c.node.condition, yes, no);
        let mut branches = Vec::new();
        for (loc, branch) in [(yes, &c.node.then_expression), (no, &c.node.else_expression)] {
            self.set_cur(loc);
            let v = self.value(branch);
            branches.push((self.f.cur, v));
        }
        let ty = conditional_type(&branches[0].1.ty.decay(), &branches[1].1.ty.decay());
        let target = match &ty {
            CType::Int(_) | CType::Ptr(_) => Some(Target::Reg(self.new_temp(ty.reg_type().unwrap(), span))),
            CType::Float(ft @ (leapfrog_ir::FloatTy::F32 | leapfrog_ir::FloatTy::F64)) => {
                Some(Target::Reg(self.new_temp(Type::Float(*ft), span)))
            }
            CType::Record(_) => {
                let obj = self.layout().obj_type(&ty);
                obj.map(|o| Target::Mem(self.new_var_of("t", VarTy::Mem(o), VarKind::Temp, span)))
            }
            _ => None,
        };
        for (end, v) in branches {
            self.set_cur(end);
            match &target {
                Some(Target::Reg(t)) if ty.is_float() => {
                    self.float_assign(&Place::Reg(*t), &ty, v, span);
                }
                Some(Target::Reg(t)) => {
                    let e = self.convert(v, &ty, span);
                    self.emit(Command::Assign(*t, e), span);
                }
                Some(Target::Mem(t)) => self.copy_record(Expr::AddrOf(*t), v, &ty, span),
                None => {}
            }
            self.jump(join, span);
        }
        self.set_cur(join);
        match target {
            Some(Target::Reg(t)) if ty.is_float() => Operand::float(FloatExpr::Var(t), ty),
            Some(Target::Reg(t)) => Operand::value(Expr::Var(t), ty),
            Some(Target::Mem(t)) => Operand::place(Place::Mem(Expr::AddrOf(t)), ty),
            None if ty.is_float() => Operand::opaque(ty),
            None => Operand::void(),
        }
    }

    /// `dst = value` for a struct or union: copy its bytes.
    pub fn copy_record(&mut self, dst: Expr, value: Operand, ty: &CType, span: Span) {
        let size = self.size_of(ty).unwrap_or(0);
        match value.kind {
            // Reading a volatile struct reads inputs (each byte may have changed behind the
            // program's back): not modelled, so the copy is an opaque step the analyses havoc
            // and the interpreter does not run.
            OpKind::Place(Place::Mem(_)) if value.volatile && self.l.volatile == VolatileReads::Input => {
                self.unsupported(span, "copy of a volatile struct or union");
                let what = "copy of a volatile struct or union".into();
                self.emit(
                    Command::Opaque { what, havoc: vec![], writes_memory: true, may_not_return: false, compute: None },
                    span,
                );
            }
            OpKind::Place(Place::Mem(src)) => {
                let st = self.l.dm.size_type(false);
                self.emit(Command::MemCopy { dst, src, size: Expr::Int(i128::from(size), st) }, span);
            }
            _ => {
                self.unsupported(span, "struct value that is not in memory");
                let what = "struct copy".into();
                self.emit(
                    Command::Opaque { what, havoc: vec![], writes_memory: true, may_not_return: false, compute: None },
                    span,
                );
            }
        }
    }

    /// `lhs = rhs` in gcc's order (since gcc 7): the right side first, then the left side's
    /// address, then the store; except that when the right side is a call returning the left
    /// side's type, only the call's arguments come first, then the left side, then the call.
    fn assign(&mut self, lhs: &Node<Expression>, rhs: &Node<Expression>, span: Span) -> Operand {
        if let Expression::Comma(es) = &rhs.node {
            // `lhs = (a, b)` is `a; lhs = b` for gcc.
            let (last, init) = es.split_last().expect("comma has operands");
            for x in init {
                self.discard(x);
            }
            return self.assign(lhs, last, span);
        }
        let (target, value) = if self.is_call_of_same_type(rhs, lhs) {
            let mine = Interlude { depth: self.call_depth + 1, lhs: lhs.clone(), target: None };
            let outer = self.interlude.replace(mine);
            let value = self.value(rhs);
            let mine = std::mem::replace(&mut self.interlude, outer);
            // A call lowered without reaching its interlude (an unsupported one): the left side
            // after it.
            let target = match mine.and_then(|i| i.target) {
                Some(t) => t,
                None => self.lower_expr(lhs),
            };
            (target, value)
        } else {
            let value = self.value(rhs);
            let value = if self.has_side_effects(lhs) { self.keep(value, span) } else { value };
            (self.lower_expr(lhs), value)
        };
        let ty = target.ty.clone();
        let OpKind::Place(place) = target.kind else {
            self.unsupported(span, "assignment to something that is not an lvalue");
            return Operand::opaque(ty);
        };
        self.assign_value(&place, &ty, value, span)
    }

    /// Whether `rhs` is a call whose result needs no conversion to the type of `lhs` (gcc then
    /// keeps the call itself as the assignment's right side).
    fn is_call_of_same_type(&mut self, rhs: &Node<Expression>, lhs: &Node<Expression>) -> bool {
        if !matches!(rhs.node, Expression::Call(_)) {
            return false;
        }
        match (self.type_of_expr(rhs), self.type_of_expr(lhs)) {
            (CType::Int(a), CType::Int(b)) => a == b,
            (CType::Ptr(_), CType::Ptr(_)) => true,
            (CType::Record(a), CType::Record(b)) => a == b,
            _ => false,
        }
    }

    /// Store an operand (converted to the place's type) into a place.
    pub fn assign_value(&mut self, place: &Place, ty: &CType, value: Operand, span: Span) -> Operand {
        match ty {
            CType::Int(_) | CType::Ptr(_) => {
                let e = self.convert(value, ty, span);
                self.store(place, ty, e, span)
            }
            CType::Record(_) => {
                match place {
                    Place::Mem(addr) => self.copy_record(addr.clone(), value, ty, span),
                    _ => self.write_opaque(place, "struct assignment", span),
                }
                Operand::place(place.clone(), ty.clone())
            }
            CType::Float(_) => self.float_assign(place, ty, value, span),
            _ => {
                self.unsupported(span, format!("assignment of {}", ty.describe(&self.l.records)));
                Operand::opaque(ty.clone())
            }
        }
    }

    /// `lhs op= rhs`: gcc evaluates a right side with side effects first.
    fn compound_assign(
        &mut self,
        op: &BinaryOperator,
        lhs: &Node<Expression>,
        rhs: &Node<Expression>,
        span: Span,
    ) -> Operand {
        let arith_op = compound_op(op).expect("compound operator");
        let (target, value) = if self.has_side_effects(rhs) {
            let v = self.value(rhs);
            let v = self.keep(v, span);
            (self.lower_expr(lhs), v)
        } else {
            let t = self.lower_expr(lhs);
            (t, self.value(rhs))
        };
        self.read_modify_write(target, &arith_op, value, false, span)
    }

    fn compound_literal(&mut self, cl: &Node<CompoundLiteral>, span: Span) -> Operand {
        let mut ty = self.type_name(&cl.node.type_name);
        let items = Initializer::List(cl.node.initializer_list.clone());
        let init = Node { node: items, span: cl.span };
        if let CType::Array(elem, ArraySize::Incomplete) = &ty {
            ty = self.complete_array_from_initializer((**elem).clone(), &init);
        }
        let Some(obj) = self.layout().obj_type(&ty) else {
            self.unsupported(span, "compound literal of incomplete type");
            return Operand::opaque(ty);
        };
        let var = if self.creates_static_objects() {
            let key = format!("{}#compound{}", self.unit_index, self.l.vars.len());
            self.static_object(&key, ".compound", &ty, span)
        } else {
            self.new_var_of(".compound", VarTy::Mem(obj), VarKind::Temp, span)
        };
        self.initialize_var(var, &ty, &init);
        Operand::place(Place::Mem(Expr::AddrOf(var)), ty)
    }

    /// `({ ...; e; })`: the block's statements, and the value of its last expression statement.
    fn statement_expression(&mut self, s: &Node<Statement>, span: Span) -> Operand {
        let Statement::Compound(items) = &s.node else {
            self.lower_statement(s);
            return Operand::void();
        };
        self.scopes.push(self.last_char(&s.span));
        let mut result = Operand::void();
        for (i, item) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            match &item.node {
                BlockItem::Statement(st) if last => {
                    if let Statement::Expression(Some(e)) = &st.node {
                        let v = self.value(e);
                        result = self.keep(v, span);
                    } else {
                        self.lower_statement(st);
                    }
                }
                _ => self.lower_block_item(item),
            }
        }
        self.scopes.pop();
        result
    }
}

/// The type of `c ? a : b` from the (decayed) types of its branches.
fn conditional_type(a: &CType, b: &CType) -> CType {
    match (a, b) {
        (CType::Int(x), CType::Int(y)) => CType::Int(usual_arithmetic(*x, *y)),
        (CType::Ptr(_), _) => a.clone(),
        (_, CType::Ptr(_)) => b.clone(),
        (CType::Void, _) | (_, CType::Void) => CType::Void,
        (x, _) if x.is_float() => x.clone(),
        (_, y) if y.is_float() => y.clone(),
        _ => a.clone(),
    }
}

enum Target {
    Reg(VarId),
    Mem(VarId),
}

fn int_op(op: &BinaryOperator) -> IrBin {
    use BinaryOperator::*;
    match op {
        Multiply => IrBin::Mul,
        Divide => IrBin::Div,
        Modulo => IrBin::Rem,
        Plus => IrBin::Add,
        Minus => IrBin::Sub,
        ShiftLeft => IrBin::Shl,
        ShiftRight => IrBin::Shr,
        BitwiseAnd => IrBin::BitAnd,
        BitwiseXor => IrBin::BitXor,
        _ => IrBin::BitOr,
    }
}

/// `base + offset` bytes.
pub fn ptr_offset(base: Expr, offset: u64) -> Expr {
    if offset == 0 {
        return base;
    }
    let ty = if IntTy::I64.contains(i128::from(offset)) { IntTy::I64 } else { IntTy::U64 };
    Expr::PtrAdd { base: Box::new(base), offset: Box::new(Expr::Int(i128::from(offset), ty)), scale: 1 }
}

/// The value and type of an integer constant (C11 6.4.4.1: the first type that holds it).
pub fn integer_constant(i: &Integer, dm: leapfrog_ir::DataModel) -> Option<(i128, IntTy)> {
    let radix = match i.base {
        IntegerBase::Decimal => 10,
        IntegerBase::Octal => 8,
        IntegerBase::Hexadecimal => 16,
        IntegerBase::Binary => 2,
    };
    let digits: String = i.number.chars().filter(|c| *c != '\'').collect();
    let v = if digits.is_empty() { 0 } else { i128::from_str_radix(&digits, radix).ok()? };
    let decimal = matches!(i.base, IntegerBase::Decimal);
    let long = dm.long(true);
    let ulong = dm.long(false);
    let mut candidates: Vec<IntTy> = Vec::new();
    let size_rank = match i.suffix.size {
        IntegerSize::Int => 0,
        IntegerSize::Long => 1,
        IntegerSize::LongLong => 2,
    };
    let signed_chain = [IntTy::I32, long, IntTy::I64];
    let unsigned_chain = [IntTy::U32, ulong, IntTy::U64];
    for rank in size_rank..3 {
        if !i.suffix.unsigned {
            candidates.push(signed_chain[rank]);
        }
        if i.suffix.unsigned || !decimal {
            candidates.push(unsigned_chain[rank]);
        }
    }
    if decimal && !i.suffix.unsigned {
        // gcc extension: a decimal constant too large for long long is unsigned long long.
        candidates.push(IntTy::U64);
    }
    candidates.into_iter().find(|t| t.contains(v)).map(|t| (v, t))
}

/// The value and type of a character constant: `'a'`, `'\n'`, `'\x41'` (type `int`, the value of a
/// `char`), or a wide one `L'é'`, `u'x'`, `U'x'` (the code point, as `wchar_t`, `char16_t`,
/// `char32_t`).
pub fn char_constant(s: &str) -> Option<(i128, IntTy)> {
    let quote = s.find('\'')?;
    let (prefix, quoted) = s.split_at(quote);
    let inner = quoted.strip_prefix('\'')?.strip_suffix('\'')?;
    let wide = match prefix {
        "" => None,
        "L" => Some(IntTy::I32),
        "u" => Some(IntTy::U16),
        "U" => Some(IntTy::U32),
        "u8" => Some(IntTy::U8),
        _ => return None,
    };
    let bytes = unescape(inner);
    if let Some(t) = wide {
        // One character: an escape gives its value, other bytes (and universal character
        // names) are UTF-8.
        let ucn = inner.starts_with("\\u") || inner.starts_with("\\U");
        let c = if inner.starts_with('\\') && !ucn {
            match bytes.as_slice() {
                [b] => u32::from(*b),
                _ => return None,
            }
        } else {
            let mut chars = std::str::from_utf8(&bytes).ok()?.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            u32::from(c)
        };
        return Some((t.convert(i128::from(c)), t));
    }
    match bytes.as_slice() {
        [b] => Some((i128::from(*b as i8), IntTy::I32)),
        [] => None,
        many => {
            // Multi-character constants: gcc packs the bytes big-endian into an int.
            let mut v: i128 = 0;
            for b in many {
                v = (v << 8) | i128::from(*b);
            }
            Some((IntTy::I32.convert(v), IntTy::I32))
        }
    }
}

/// The bytes of a (possibly concatenated) string literal, without the terminating zero.
pub fn string_bytes(pieces: &[String]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in pieces {
        let Some(start) = p.find('"') else { continue };
        if p.len() >= start + 2 {
            out.extend(unescape(&p[start + 1..p.len() - 1]));
        }
    }
    out
}

/// C escape sequences.
fn unescape(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'\\' || i + 1 >= bytes.len() {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = bytes[i];
        i += 1;
        match c {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'e' | b'E' => out.push(27),
            b'u' | b'U' => {
                // A universal character name: the character in UTF-8, gcc's execution character
                // set. (gcc rejects the invalid ones, such as surrogates, before we get here.)
                let digits = if c == b'u' { 4 } else { 8 };
                let hex = s.get(i..i + digits).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                match hex.and_then(|h| u32::from_str_radix(h, 16).ok()).and_then(char::from_u32) {
                    Some(ch) => {
                        let mut buf = [0u8; 4];
                        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                        i += digits;
                    }
                    None => out.push(c),
                }
            }
            b'x' => {
                let mut v: u32 = 0;
                while i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                    v = v.wrapping_mul(16).wrapping_add((bytes[i] as char).to_digit(16).unwrap());
                    i += 1;
                }
                out.push(v as u8);
            }
            b'0'..=b'7' => {
                let mut v: u32 = u32::from(c - b'0');
                let mut n = 1;
                while n < 3 && i < bytes.len() && (b'0'..=b'7').contains(&bytes[i]) {
                    v = v * 8 + u32::from(bytes[i] - b'0');
                    i += 1;
                    n += 1;
                }
                out.push(v as u8);
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(number: &str, base: IntegerBase, size: IntegerSize, unsigned: bool) -> Integer {
        Integer { base, number: number.into(), suffix: IntegerSuffix { size, unsigned, imaginary: false } }
    }

    #[test]
    fn integer_constant_types() {
        let dm = leapfrog_ir::DataModel::LP64;
        let d = |n: &str| integer_constant(&int(n, IntegerBase::Decimal, IntegerSize::Int, false), dm);
        assert_eq!(d("2147483647"), Some((2147483647, IntTy::I32)));
        assert_eq!(d("2147483648"), Some((2147483648, IntTy::I64)));
        let h = integer_constant(&int("FFFFFFFF", IntegerBase::Hexadecimal, IntegerSize::Int, false), dm);
        assert_eq!(h, Some((4294967295, IntTy::U32)));
        let ilp = integer_constant(
            &int("2147483648", IntegerBase::Decimal, IntegerSize::Int, false),
            leapfrog_ir::DataModel::ILP32,
        );
        assert_eq!(ilp, Some((2147483648, IntTy::I64)));
        let u = integer_constant(&int("1", IntegerBase::Decimal, IntegerSize::Long, true), dm);
        assert_eq!(u, Some((1, IntTy::U64)));
    }

    #[test]
    fn character_and_string_constants() {
        assert_eq!(char_constant("'a'"), Some((97, IntTy::I32)));
        assert_eq!(char_constant("'\\n'"), Some((10, IntTy::I32)));
        assert_eq!(char_constant("'\\xff'"), Some((-1, IntTy::I32)));
        assert_eq!(char_constant("'\\0'"), Some((0, IntTy::I32)));
        assert_eq!(char_constant("'\\''"), Some((39, IntTy::I32)));
        assert_eq!(char_constant("L'a'"), Some((97, IntTy::I32)));
        assert_eq!(char_constant("L'\u{e9}'"), Some((233, IntTy::I32)));
        assert_eq!(char_constant("u'\\xff'"), Some((255, IntTy::U16)));
        assert_eq!(char_constant("L'ab'"), None);
        assert_eq!(string_bytes(&["\"ab\\n\"".into(), "\"c\\101\"".into()]), b"ab\ncA".to_vec());
        // Universal character names are UTF-8; GNU's `\e` is the escape character.
        assert_eq!(string_bytes(&["\"caf\\u00e9\"".into()]), "caf\u{e9}".as_bytes().to_vec());
        assert_eq!(string_bytes(&["\"\\U0001F600!\\e\"".into()]), b"\xf0\x9f\x98\x80!\x1b".to_vec());
        assert_eq!(char_constant("L'\\u00e9'"), Some((233, IntTy::I32)));
        assert_eq!(char_constant("U'\\U0001F600'"), Some((0x1F600, IntTy::U32)));
        assert_eq!(char_constant("'\\e'"), Some((27, IntTy::I32)));
    }
}
