//! Statements and function bodies: structured control flow becomes graph edges; loops get a
//! header location of their own, tagged with the loop keyword's position.

use super::calls::{ParamPass, param_pass};
use super::decl::{Declared, adjust_param, own_parameters};
use super::scope::Ordinary;
use super::{Cx, FnCx, VolatileReads, addr_taken_names_in};
use crate::ctypes::{CType, promote};
use lang_c::ast::*;
use lang_c::span::Node;
use leapfrog_arith::{CmpOp, IntTy};
use leapfrog_ir::{
    Command, Expr, Fill, FuncId, Function, HavocOrigin, IdVec, LocId, LocTag, LoopKind, Type, VarKind, VarTy,
};
use leapfrog_source::Span;
use std::collections::HashMap;

/// The cases of a `switch` being lowered.
pub struct SwitchCx {
    pub ty: IntTy,
    /// Each case: its value or range, its location, and the position of its label.
    pub cases: Vec<(CaseLabel, LocId, Span)>,
    pub default: Option<LocId>,
}

pub enum CaseLabel {
    Value(i128),
    Range(i128, i128),
}

impl Cx<'_> {
    /// Lower a function definition to its IR function.
    pub fn lower_function(&mut self, fd: &Node<FunctionDefinition>, fid: FuncId) -> Function {
        let span = self.span(fd.span);
        let (base, _) = self.decl_specifiers(&fd.node.specifiers, span);
        let d = self.declarator(base, &fd.node.declarator);
        let name = d.name.clone().unwrap_or_default();
        let CType::Func(sig) = d.ty.clone() else { return Function::new(name, span) };
        let mut fcx = FnCx::new(fid, Function::new(name.clone(), span), sig.ret.clone());
        fcx.is_main = name == "main";
        fcx.addr_taken = addr_taken_names_in(&fd.node.statement);
        let saved = std::mem::replace(&mut self.f, fcx);
        self.take_label_addresses(&fd.node.statement);
        // Parameters are in scope to the body's closing brace.
        self.scopes.push(self.last_char(&fd.node.statement.span));
        let (params, decls) = match &d.kr_params {
            Some(kr) => (self.kr_param_types(kr, &fd.node.declarations, span), None),
            None => (d.params.clone().unwrap_or_default(), own_parameters(&fd.node.declarator)),
        };
        self.lower_parameters(&sig.ret, params, decls, span);
        if let Some(t @ (Type::Int(_) | Type::Ptr | Type::Float(_))) = sig.ret.reg_type() {
            let ret = self.new_var("return", t, VarKind::Return, span);
            self.f.func.ret = Some(ret);
        }
        self.lower_statement(&fd.node.statement);
        self.fall_off_end(span);
        self.finish_computed_gotos();
        self.label_addresses = Default::default();
        self.scopes.pop();
        self.report_undefined_labels();
        let fcx = std::mem::replace(&mut self.f, saved);
        let mut func = fcx.func;
        remove_isolated_locations(&mut func);
        func
    }

    /// Parameters: register parameters bound directly; those whose address is taken, structs and
    /// floats get a local copy. `decls` are the parameters' declarations (prototype style): a
    /// parameter whose type has variable lengths (`int a[n][m]`) is typed again here, once the
    /// parameters before it are bound, so that the lengths are evaluated on entry.
    fn lower_parameters(
        &mut self,
        ret: &CType,
        params: Vec<(Option<String>, CType, Span)>,
        decls: Option<&[Node<ParameterDeclaration>]>,
        span: Span,
    ) {
        if let CType::Record(_) = ret {
            let p = self.new_var("result_ptr", Type::Ptr, VarKind::Param, span);
            self.hide(p);
            self.f.func.params.push(p);
            self.f.ret_ptr = Some(p);
        }
        let decls = decls.filter(|d| d.len() == params.len()).unwrap_or_default();
        for (i, (name, mut ty, pspan)) in params.into_iter().enumerate() {
            if let Some(pd) = decls.get(i)
                && let Some(decl) = &pd.node.declarator
                && self.has_variable_length(decl)
            {
                let (base, _) = self.decl_specifiers(&pd.node.specifiers, pspan);
                ty = adjust_param(self.declarator(base, decl).ty);
            }
            let label = name.clone().unwrap_or_else(|| "arg".to_string());
            // A volatile parameter is copied into memory, like one whose address is taken.
            let (plain, volatile) = ty.split_volatile();
            let volatile = volatile && !name.as_ref().is_some_and(|n| self.is_private_scalar(n, &plain));
            let qualified = if volatile { CType::volatile(plain.clone()) } else { plain.clone() };
            ty = plain;
            let addr_taken = volatile || name.as_ref().is_some_and(|n| self.f.addr_taken.contains(n));
            let var = match param_pass(&ty) {
                ParamPass::Value(t) => {
                    let p = self.new_var(&label, t, VarKind::Param, pspan);
                    self.f.func.params.push(p);
                    if addr_taken {
                        // The source's `x` is the copy; the register only brings the argument.
                        self.hide(p);
                        let local = self.local_var(&label, &ty, true, pspan);
                        self.emit(Command::Store { addr: Expr::AddrOf(local), value: Expr::Var(p) }, pspan);
                        local
                    } else {
                        p
                    }
                }
                ParamPass::Record => {
                    let p = self.new_var(&format!("{label}_ptr"), Type::Ptr, VarKind::Param, pspan);
                    self.hide(p);
                    self.f.func.params.push(p);
                    let local = self.local_var(&label, &ty, true, pspan);
                    let size = self.size_of(&ty).unwrap_or(0);
                    let st = self.l.dm.size_type(false);
                    let cmd = Command::MemCopy {
                        dst: Expr::AddrOf(local),
                        src: Expr::Var(p),
                        size: Expr::Int(i128::from(size), st),
                    };
                    self.emit(cmd, pspan);
                    local
                }
                ParamPass::Dropped => {
                    let local = self.local_var(&label, &ty, addr_taken, pspan);
                    match super::float::computed(&ty) {
                        Some(ft) => {
                            let slot = self.float_arg_slot(self.f.fid, i, ft, pspan);
                            self.receive_float(slot, self.var_place(local), ft, pspan);
                        }
                        None => self.write_opaque(&self.var_place(local), "floating-point parameter", pspan),
                    }
                    local
                }
            };
            if name.is_none() {
                self.hide(var);
            }
            if let Some(n) = name {
                let in_memory = matches!(self.l.vars[var].ty, VarTy::Mem(_));
                self.scopes.bind(&n, Ordinary::Var { var, ty: if in_memory { qualified } else { ty } });
            }
        }
    }

    /// `v` is not named by the source (a hidden parameter): no printed fact mentions it.
    fn hide(&mut self, v: leapfrog_ir::VarId) {
        self.l.vars[v].scope = None;
    }

    /// The position of the last character of a syntax node (a block's closing brace).
    pub fn last_char(&self, s: &lang_c::span::Span) -> Span {
        self.linemap.span(s.end.saturating_sub(1).max(s.start))
    }

    /// A local variable of the function being built, in memory when required.
    fn local_var(&mut self, name: &str, ty: &CType, in_memory: bool, span: Span) -> leapfrog_ir::VarId {
        let storage = self.var_storage(ty, in_memory, span);
        self.new_var_of(name, storage, VarKind::Local, span)
    }

    /// Parameter types of a K&R definition, from its declaration list (default `int`).
    pub fn kr_param_types(
        &mut self,
        names: &[String],
        decls: &[Node<Declaration>],
        span: Span,
    ) -> Vec<(Option<String>, CType, Span)> {
        let mut types: HashMap<String, (CType, Span)> = HashMap::new();
        for decl in decls {
            let dspan = self.span(decl.span);
            let (base, _) = self.decl_specifiers(&decl.node.specifiers, dspan);
            for id in &decl.node.declarators {
                let Declared { name, ty, span, .. } = self.declarator(base.clone(), &id.node.declarator);
                if let Some(n) = name {
                    types.insert(n, (adjust_param(ty), span));
                }
            }
        }
        names
            .iter()
            .map(|n| {
                let (ty, s) = types.remove(n).unwrap_or((CType::int(), span));
                (Some(n.clone()), ty, s)
            })
            .collect()
    }

    /// Reaching the closing brace: `main` returns 0 (C99); another function returns an
    /// indeterminate value, which the analyses treat as arbitrary.
    fn fall_off_end(&mut self, span: Span) {
        if let Some(ret) = self.f.func.ret {
            match self.l.vars[ret].ty {
                VarTy::Reg(Type::Int(t)) if self.f.is_main => self.emit(Command::Assign(ret, Expr::Int(0, t)), span),
                _ => self.emit(Command::Havoc(ret, HavocOrigin::Uninit), span),
            }
        }
        let exit = self.f.func.exit;
        self.jump(exit, span);
    }

    /// A `goto` to a label the function does not define is invalid C.
    fn report_undefined_labels(&mut self) {
        let mut missing: Vec<(Span, String)> = Vec::new();
        for (name, loc) in &self.f.labels {
            if self.f.func.locs[*loc].tag.is_none() {
                let at = self.f.goto_spans.get(name).copied().unwrap_or(self.f.func.span);
                missing.push((at, name.clone()));
            }
        }
        missing.sort_by(|(a, x), (b, y)| (a.file, a.line, a.col, x).cmp(&(b.file, b.line, b.col, y)));
        for (at, name) in missing {
            self.error(at, format!("label `{name}` used but not defined"));
        }
    }

    pub fn lower_block_item(&mut self, item: &Node<BlockItem>) {
        match &item.node {
            BlockItem::Declaration(d) => self.lower_declaration(d),
            BlockItem::StaticAssert(_) => {}
            BlockItem::Statement(s) => self.lower_statement(s),
        }
    }

    pub fn lower_statement(&mut self, s: &Node<Statement>) {
        if self.out_of_time() {
            return;
        }
        let span = self.span(s.span);
        match &s.node {
            Statement::Labeled(l) => self.labeled(l, span),
            Statement::Compound(items) => {
                self.scopes.push(self.last_char(&s.span));
                for item in items {
                    self.lower_block_item(item);
                }
                self.scopes.pop();
            }
            Statement::Expression(Some(e)) => self.discard(e),
            Statement::Expression(None) => {}
            Statement::If(i) => {
                let (yes, no, join) =
                    (self.branch_outcome(span, true), self.branch_outcome(span, false), self.new_loc());
                self.lower_cond(&i.node.condition, yes, no);
                self.set_cur(yes);
                self.lower_statement(&i.node.then_statement);
                self.jump(join, span);
                self.set_cur(no);
                if let Some(e) = &i.node.else_statement {
                    self.lower_statement(e);
                }
                self.jump(join, span);
                self.set_cur(join);
            }
            Statement::Switch(sw) => self.switch(sw, span),
            Statement::While(w) => {
                let (head, body, exit) =
                    (self.loop_header(LoopKind::While, span), self.body_start(span), self.branch_outcome(span, false));
                self.set_cur(head);
                self.lower_cond(&w.node.expression, body, exit);
                self.set_cur(body);
                self.loop_body(&w.node.statement, exit, head);
                self.jump(head, span);
                self.set_cur(exit);
            }
            Statement::DoWhile(dw) => {
                let (head, check, exit) =
                    (self.loop_header(LoopKind::Do, span), self.new_loc(), self.branch_outcome(span, false));
                self.set_cur(head);
                self.loop_body(&dw.node.statement, exit, check);
                self.jump(check, span);
                self.set_cur(check);
                let again = self.branch_outcome(span, true);
                self.lower_cond(&dw.node.expression, again, exit);
                // A constantly false condition has no edge to `again` (no cycle: `do { } while (0)`).
                if self.f.func.edges.values().any(|e| e.to == again) {
                    self.set_cur(again);
                    self.jump(head, span);
                }
                self.set_cur(exit);
            }
            Statement::For(f) => {
                self.scopes.push_for(span, self.last_char(&s.span));
                match &f.node.initializer.node {
                    ForInitializer::Empty | ForInitializer::StaticAssert(_) => {}
                    ForInitializer::Expression(e) => self.discard(e),
                    ForInitializer::Declaration(d) => self.lower_declaration(d),
                }
                let (head, body, step, exit) = (
                    self.loop_header(LoopKind::For, span),
                    self.body_start(span),
                    self.new_loc(),
                    self.branch_outcome(span, false),
                );
                self.set_cur(head);
                match &f.node.condition {
                    Some(c) => self.lower_cond(c, body, exit),
                    None => self.jump(body, span),
                }
                self.set_cur(body);
                self.loop_body(&f.node.statement, exit, step);
                self.jump(step, span);
                self.set_cur(step);
                if let Some(st) = &f.node.step {
                    self.discard(st);
                }
                self.jump(head, span);
                self.set_cur(exit);
                self.scopes.pop();
            }
            Statement::Goto(label) => {
                let target = self.label_loc(&label.node.name);
                self.f.goto_spans.entry(label.node.name.clone()).or_insert(span);
                self.jump(target, span);
            }
            Statement::ComputedGoto(e) => self.computed_goto(e, span),
            Statement::Attributed(a) => {
                self.statement_attributes(&a.node.attributes);
                self.lower_statement(&a.node.statement);
            }
            Statement::Continue => match self.f.continues.last().copied() {
                Some(t) => self.jump(t, span),
                None => self.error(span, "`continue` statement not within a loop"),
            },
            Statement::Break => match self.f.breaks.last().copied() {
                Some(t) => self.jump(t, span),
                None => self.error(span, "`break` statement not within a loop or switch"),
            },
            Statement::Return(e) => self.return_statement(e.as_deref(), span),
            Statement::Asm(_) => {
                self.unsupported(span, "inline assembly");
                let what = "inline assembly".into();
                self.emit(
                    Command::Opaque { what, havoc: vec![], writes_memory: true, may_not_return: true, compute: None },
                    span,
                );
            }
        }
    }

    /// A fresh location entered from the insertion point, tagged as a loop header.
    fn loop_header(&mut self, kind: LoopKind, span: Span) -> LocId {
        let head = self.new_loc();
        self.f.func.locs[head].tag = Some(LocTag::Loop { kind, span });
        self.jump(head, span);
        head
    }

    /// A fresh location tagged as where the body of the loop at `span` begins.
    fn body_start(&mut self, span: Span) -> LocId {
        let body = self.new_loc();
        self.f.func.locs[body].tag = Some(LocTag::Body { span });
        body
    }

    /// A fresh location tagged as where execution goes when the condition of the statement at
    /// `span` is `taken`.
    fn branch_outcome(&mut self, span: Span, taken: bool) -> LocId {
        let loc = self.new_loc();
        self.f.func.locs[loc].tag = Some(LocTag::Branch { span, taken });
        loc
    }

    fn loop_body(&mut self, body: &Node<Statement>, brk: LocId, cont: LocId) {
        self.f.breaks.push(brk);
        self.f.continues.push(cont);
        self.lower_statement(body);
        self.f.continues.pop();
        self.f.breaks.pop();
    }

    pub fn label_loc(&mut self, name: &str) -> LocId {
        if let Some(&l) = self.f.labels.get(name) {
            return l;
        }
        let l = self.new_loc();
        self.f.labels.insert(name.to_string(), l);
        l
    }

    fn labeled(&mut self, l: &Node<LabeledStatement>, span: Span) {
        match &l.node.label.node {
            Label::Identifier(id) => {
                let loc = self.label_loc(&id.node.name);
                if self.f.func.locs[loc].tag.is_some() {
                    self.error(span, format!("duplicate label `{}`", id.node.name));
                } else {
                    self.f.func.locs[loc].tag = Some(LocTag::Label { name: id.node.name.clone(), span });
                    self.jump(loc, span);
                    self.set_cur(loc);
                }
            }
            Label::Case(e) => {
                let label = self.case_value(e).map(CaseLabel::Value);
                self.case_label(label, span);
            }
            Label::CaseRange(r) => {
                let lo = self.case_value(&r.node.low);
                let hi = self.case_value(&r.node.high);
                let label = lo.zip(hi).map(|(a, b)| CaseLabel::Range(a, b));
                self.case_label(label, span);
            }
            Label::Default => {
                let loc = self.new_loc();
                self.jump(loc, span);
                self.set_cur(loc);
                match self.f.switches.last_mut() {
                    Some(sw) if sw.default.is_none() => sw.default = Some(loc),
                    Some(_) => self.error(span, "multiple default labels in one switch"),
                    None => self.error(span, "`default` label not within a switch statement"),
                }
            }
        }
        self.lower_statement(&l.node.statement);
    }

    /// A case constant, converted to the switch's (promoted) type.
    fn case_value(&mut self, e: &Node<Expression>) -> Option<i128> {
        let v = self.const_int(e);
        let ty = self.f.switches.last().map(|s| s.ty).unwrap_or(IntTy::I32);
        if v.is_none() {
            let span = self.span(e.span);
            self.unsupported(span, "case label that is not an integer constant");
        }
        v.map(|v| ty.convert(v))
    }

    fn case_label(&mut self, label: Option<CaseLabel>, span: Span) {
        let loc = self.new_loc();
        self.jump(loc, span);
        self.set_cur(loc);
        match (self.f.switches.last_mut(), label) {
            (Some(sw), Some(label)) => sw.cases.push((label, loc, span)),
            (None, _) => self.error(span, "`case` label not within a switch statement"),
            _ => {}
        }
    }

    /// `switch`: the body first (collecting its case labels), then the dispatch chain at the
    /// location where the controlling expression was evaluated.
    fn switch(&mut self, sw: &Node<SwitchStatement>, span: Span) {
        let v = self.value(&sw.node.expression);
        let ty = promote(v.ty.as_int().unwrap_or(IntTy::I32));
        let scrutinee = self.convert(v, &CType::Int(ty), span);
        let scrutinee = self.materialize(scrutinee, span);
        let dispatch = self.f.cur;
        let exit = self.new_loc();
        self.f.switches.push(SwitchCx { ty, cases: Vec::new(), default: None });
        self.f.breaks.push(exit);
        let body = self.new_loc();
        self.set_cur(body);
        self.lower_statement(&sw.node.statement);
        self.jump(exit, span);
        self.f.breaks.pop();
        let cx = self.f.switches.pop().expect("switch context");
        self.report_duplicate_cases(&cx.cases);
        self.set_cur(dispatch);
        for (label, target, _) in cx.cases {
            let next = self.new_loc();
            match label {
                CaseLabel::Value(c) => {
                    let cond = super::fold::cmp(CmpOp::Eq, scrutinee.clone(), Expr::Int(c, ty));
                    self.branch(cond, target, next, span);
                }
                CaseLabel::Range(lo, hi) => {
                    let mid = self.new_loc();
                    let ge = super::fold::cmp(CmpOp::Ge, scrutinee.clone(), Expr::Int(lo, ty));
                    self.branch(ge, mid, next, span);
                    self.set_cur(mid);
                    let le = super::fold::cmp(CmpOp::Le, scrutinee.clone(), Expr::Int(hi, ty));
                    self.branch(le, target, next, span);
                }
            }
            self.set_cur(next);
        }
        self.jump(cx.default.unwrap_or(exit), span);
        self.set_cur(exit);
    }

    /// Two case labels of one switch with a common value are invalid C (gcc: "duplicate case
    /// value"); also for GNU case ranges that overlap, and empty ranges are left alone as gcc
    /// only warns about them. Sorting keeps this O(n log n) for switches with many cases.
    fn report_duplicate_cases(&mut self, cases: &[(CaseLabel, LocId, Span)]) {
        let mut ranges: Vec<(i128, i128, Span)> = cases
            .iter()
            .map(|(label, _, span)| match label {
                CaseLabel::Value(v) => (*v, *v, *span),
                CaseLabel::Range(lo, hi) => (*lo, *hi, *span),
            })
            .filter(|(lo, hi, _)| lo <= hi)
            .collect();
        ranges.sort_by_key(|(lo, hi, span)| (*lo, *hi, span.line, span.col));
        let mut duplicates = Vec::new();
        let mut covered: Option<i128> = None;
        for (lo, hi, span) in ranges {
            if covered.is_some_and(|end| lo <= end) {
                duplicates.push(span);
            }
            covered = Some(covered.map_or(hi, |end| end.max(hi)));
        }
        duplicates.sort_by_key(|s| (s.file, s.line, s.col));
        for span in duplicates {
            self.error(span, "duplicate case value");
        }
    }

    fn return_statement(&mut self, e: Option<&Node<Expression>>, span: Span) {
        if let Some(e) = e {
            let ret_ty = self.f.ret_ty.clone();
            match (&ret_ty, self.f.func.ret, self.f.ret_ptr) {
                (CType::Record(_), _, Some(ptr)) => {
                    let v = self.value(e);
                    self.copy_record(Expr::Var(ptr), v, &ret_ty, span);
                }
                (CType::Float(_), Some(ret), _) => {
                    let v = self.value(e);
                    self.float_assign(&super::expr::Place::Reg(ret), &ret_ty, v, span);
                }
                (_, Some(ret), _) => {
                    let v = self.value(e);
                    let value = self.convert(v, &ret_ty, span);
                    self.emit(Command::Assign(ret, value), span);
                }
                _ => self.discard(e),
            }
        }
        let exit = self.f.func.exit;
        self.jump(exit, span);
    }

    /// Whether a `volatile` automatic variable (or parameter) of this name and type is out of
    /// reach of anything but its own function's code: a scalar whose address is never taken. No
    /// device, thread or signal handler can name such an object, so its qualifier only keeps a
    /// compiler from optimizing it (TACLeBench's `volatile int x = 0;` added to input data,
    /// `register volatile int i` counters) and a read gives the value last stored — also under
    /// `--volatile input`. (After a `longjmp` too: that is what C guarantees a volatile local.)
    fn is_private_scalar(&self, name: &str, ty: &CType) -> bool {
        self.l.volatile == VolatileReads::Input && ty.is_scalar() && !self.f.addr_taken.contains(name)
    }

    /// A declaration in a block.
    pub fn lower_declaration(&mut self, decl: &Node<Declaration>) {
        let span = self.span(decl.span);
        let (base, storage) = self.decl_specifiers(&decl.node.specifiers, span);
        for id in &decl.node.declarators {
            let d = self.declarator(base.clone(), &id.node.declarator);
            let Some(name) = d.name.clone() else { continue };
            if self.bind_typedef_or_function(&name, &d.ty, storage) {
                continue;
            }
            // A volatile object lives in memory (its storage follows the qualified type) and is
            // bound with its qualifier, so that its reads are volatile; it is initialized as its
            // plain type.
            let (ty, volatile) = d.ty.clone().split_volatile();
            let ty = self.object_type(ty, id.node.initializer.as_ref());
            let automatic = !storage.is_extern && !storage.is_static;
            let volatile = volatile && !(automatic && self.is_private_scalar(&name, &ty));
            let qualified = if volatile { CType::volatile(ty.clone()) } else { ty.clone() };
            if storage.is_extern {
                let key = self.link_key(&name, false);
                let var = self.global_var(&key, &name, &qualified, d.span, false);
                self.scopes.bind(&name, Ordinary::Var { var, ty: qualified });
                continue;
            }
            if storage.is_static {
                let key = format!("{}#{}#{}#{}", self.unit_index, self.f.func.name, name, self.l.vars.len());
                let var = self.global_var(&key, &name, &qualified, d.span, true);
                self.scopes.bind(&name, Ordinary::Var { var, ty: qualified });
                if let Some(init) = &id.node.initializer {
                    self.in_init(|cx| cx.initialize_var(var, &ty, init));
                }
                continue;
            }
            let in_memory = self.f.addr_taken.contains(&name) || matches!(ty, CType::Array(..)) || volatile;
            let var = self.local_var(&name, &ty, in_memory, d.span);
            self.scopes.bind(&name, Ordinary::Var { var, ty: qualified });
            match &id.node.initializer {
                Some(init) => self.initialize_var(var, &ty, init),
                None => self.declare_uninitialized(var, &ty, d.span),
            }
        }
    }

    /// A declaration without initializer executes: the variable holds an arbitrary value.
    fn declare_uninitialized(&mut self, var: leapfrog_ir::VarId, ty: &CType, span: Span) {
        match &self.l.vars[var].ty {
            VarTy::Reg(_) => self.emit(Command::Havoc(var, HavocOrigin::Uninit), span),
            VarTy::Mem(obj) => {
                let len = if obj.is_dynamic() { self.vla_element_count(ty) } else { None };
                if obj.is_dynamic() && len.is_none() {
                    self.unsupported(span, "variable-length array of this shape");
                    return;
                }
                self.emit(Command::InitObject { var, len, fill: Fill::Uninit }, span);
            }
        }
    }
}

/// Drop locations that no edge touches (left over from lowering jumps), renumbering the rest.
pub fn remove_isolated_locations(f: &mut Function) {
    let mut used = vec![false; f.locs.len()];
    for e in f.edges.values() {
        used[e.from.0 as usize] = true;
        used[e.to.0 as usize] = true;
    }
    for l in [f.entry, f.exit, f.halt] {
        used[l.0 as usize] = true;
    }
    for (id, loc) in f.locs.iter() {
        if loc.tag.is_some() {
            used[id.0 as usize] = true;
        }
    }
    if used.iter().all(|u| *u) {
        return;
    }
    let mut remap = vec![LocId(u32::MAX); f.locs.len()];
    let mut locs = IdVec::new();
    for (id, loc) in f.locs.iter() {
        if used[id.0 as usize] {
            remap[id.0 as usize] = locs.push(loc.clone());
        }
    }
    let r = |l: LocId| remap[l.0 as usize];
    for e in f.edges.values_mut() {
        e.from = r(e.from);
        e.to = r(e.to);
    }
    f.entry = r(f.entry);
    f.exit = r(f.exit);
    f.halt = r(f.halt);
    f.locs = locs;
}
