//! Lowering of parsed C translation units to one IR [`Program`].
//!
//! Two passes over all units: pass A declares everything at file scope (types, globals, function
//! signatures; functions with bodies get their ids), so that calls and global references resolve
//! across files; pass B lowers global initializers (into the `init` function) and function bodies.
//! Names with external linkage are linked by name; `static` ones are private to their unit.
//!
//! The lowering follows gcc's order of evaluation (what the native program does): operands of
//! binary operators left to right, call arguments right to left, the right side of a compound
//! assignment first when it has side effects, and plain local variables read where they are used.

mod calls;
mod decl;
mod expr;
mod float;
mod fold;
mod format;
mod init;
mod labels;
mod scope;
mod stmt;
#[cfg(test)]
mod tests;

use crate::ctypes::{CType, FuncSig, Layout, Records};
use crate::linemap::LineMap;
use lang_c::ast::{Expression, ExternalDeclaration, UnaryOperator};
use lang_c::driver::Parse;
use lang_c::visit::Visit;
use leapfrog_ir::{
    AssertOrigin, Command, DataModel, Expr, ExternFn, FuncId, Function, IdVec, LocId, ObjType, Program, Type, Var,
    VarId, VarKind, VarTy,
};
use leapfrog_source::{Diagnostic, Severity, SourceFiles, Span};
use scope::{Frame, Ordinary, Scopes};
use std::collections::{HashMap, HashSet};

pub use expr::Operand;

/// The largest object the IR models (byte offsets stay far inside `i64`).
const MAX_OBJECT_BYTES: u64 = 1 << 40;

/// Name of the stand-in function that receives code evaluated at file scope (dropped).
const FILE_SCOPE: &str = "<file-scope>";
/// Name of the stand-in function of dry runs (dropped).
const SCRATCH: &str = "<scratch>";

/// Options of the lowering that come from the command line.
#[derive(Clone, Debug, Default)]
pub struct LowerOptions {
    pub data_model: DataModel,
    /// The entry function (`--entry`); default `main`, else the one function nobody calls.
    pub entry: Option<String>,
    /// The project's preprocessor flags for `.c` files (`-I`, `-D`, `-U`, `-include`, `-std`…,
    /// from a `compile_commands.json`), given to `gcc -E` and gcc's check after Leapfrog's own.
    pub preprocessor_flags: Vec<String>,
    /// What a read of a `volatile` object gives (`--volatile`).
    pub volatile: VolatileReads,
}

/// What a read of a `volatile` object gives the analyses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum VolatileReads {
    /// An arbitrary value, as C allows (the object "may be modified in ways unknown to the
    /// implementation"): each read is an input. The sound default.
    #[default]
    Input,
    /// The value last stored, as for any object: right for programs that qualify their own
    /// variables `volatile` only to keep a compiler from optimizing (WCET benchmarks do), wrong
    /// for memory-mapped devices, signal handlers or other threads. Every answer then holds only
    /// for executions where no one else writes the program's volatile objects.
    Memory,
}

/// A parsed translation unit with its line table.
pub struct Unit {
    pub parse: Parse,
    pub linemap: LineMap,
    /// Diagnostics from reading the file (before lowering).
    pub notes: Vec<Diagnostic>,
}

/// Program-wide state of the lowering.
pub struct Lowerer {
    pub dm: DataModel,
    pub files: SourceFiles,
    pub records: Records,
    pub vars: IdVec<VarId, Var>,
    pub funcs: IdVec<FuncId, Function>,
    pub globals: Vec<VarId>,
    diags: Vec<Diagnostic>,
    diag_seen: HashSet<(Span, String)>,
    externs: Vec<ExternFn>,
    /// Global variables by link key.
    linked_vars: HashMap<String, VarId>,
    /// Globals some declaration defines (not only `extern` declarations).
    defined_vars: HashSet<VarId>,
    /// Functions with a body, by link key: their id and the signature of the definition.
    defined: HashMap<String, (FuncId, FuncSig)>,
    /// String literals: the global char array holding each distinct literal.
    strings: Vec<(VarId, Vec<u8>)>,
    string_pool: HashMap<Vec<u8>, VarId>,
    /// The hidden global through which a floating-point argument reaches its parameter (a
    /// float is not an IR argument), by function and parameter index.
    float_arg_slots: HashMap<(FuncId, usize), VarId>,
    /// Identifiers whose address is taken somewhere (`&x`): such globals live in memory.
    addr_taken: HashSet<String>,
    /// The global initializer function, while it is being built.
    init: Option<FnCx>,
    /// Global initializers to lower in pass B: (unit, declaration index, declarator index, var, type).
    pending_inits: Vec<PendingInit>,
    /// Function definitions to lower in pass B: (unit, declaration index, function id).
    pending_bodies: Vec<(usize, usize, FuncId)>,
    /// Functions whose call is an assertion and whose address is taken (a call through the
    /// pointer may fail the property): the assertion and the first place, per assertion kind.
    property_addresses: Vec<(AssertOrigin, Span)>,
    /// Functions defined with `__attribute__((constructor))`: gcc runs them before `main`, in
    /// order of priority (then of definition); `init` calls them after the initializers.
    constructors: Vec<(i128, FuncId, Span)>,
    /// What runs outside `main` and is not modelled: destructors (after `main`), constructors
    /// that take parameters.
    unmodelled: Vec<(Span, &'static str)>,
    /// What a read of a `volatile` object gives.
    pub volatile: VolatileReads,
    /// When to stop lowering (the front end's deadline).
    deadline: Option<std::time::Instant>,
    /// The deadline passed: the rest of the program is not lowered.
    interrupted: bool,
}

struct PendingInit {
    unit: usize,
    decl: usize,
    declarator: usize,
    var: VarId,
    ty: CType,
}

/// The function being built: its graph, the insertion point, and the targets of jumps.
pub struct FnCx {
    pub fid: FuncId,
    pub func: Function,
    /// Where the next command goes.
    pub cur: LocId,
    pub ret_ty: CType,
    /// The hidden pointer through which a struct-returning function returns its value.
    pub ret_ptr: Option<VarId>,
    pub breaks: Vec<LocId>,
    pub continues: Vec<LocId>,
    pub switches: Vec<stmt::SwitchCx>,
    pub labels: HashMap<String, LocId>,
    /// The first `goto` to each label (where a missing label is reported).
    pub goto_spans: HashMap<String, Span>,
    /// Locals whose address is taken in this function (they live in memory).
    pub addr_taken: HashSet<String>,
    pub is_main: bool,
    /// Where the function's computed gotos (`goto *e`) jump, once there is one.
    pub computed_goto: Option<labels::Dispatch>,
}

impl FnCx {
    fn new(fid: FuncId, func: Function, ret_ty: CType) -> FnCx {
        let cur = func.entry;
        FnCx {
            fid,
            func,
            cur,
            ret_ty,
            ret_ptr: None,
            breaks: Vec::new(),
            continues: Vec::new(),
            switches: Vec::new(),
            labels: HashMap::new(),
            goto_spans: HashMap::new(),
            addr_taken: HashSet::new(),
            is_main: false,
            computed_goto: None,
        }
    }
}

/// The lowering context of one unit: program state, scopes, and the function being built.
pub struct Cx<'a> {
    pub l: &'a mut Lowerer,
    pub linemap: &'a LineMap,
    pub unit_index: usize,
    pub scopes: Scopes,
    pub f: FnCx,
    /// Nesting depth of dry runs (`sizeof`, `typeof`, constant expressions), whose code is dropped.
    scratch_depth: u32,
    /// Nesting depth of parameter lists being typed for a declarator (see `Cx::array_size`).
    param_list_depth: u32,
    /// Nesting depth of the calls being lowered.
    call_depth: u32,
    /// Whether code goes to the global initializer function (initializers of globals and of
    /// `static` locals): objects created there, such as compound literals, are static.
    in_static_init: bool,
    /// The left side of an assignment `lhs = f(args)` being lowered (see `Cx::assign`).
    interlude: Option<Interlude>,
    /// The C types of expressions typed by dry runs, by their byte range in this unit's text:
    /// typing a node again (nested `?:`, assignments of calls) must not lower it again, or nested
    /// expressions would cost exponential time.
    type_cache: HashMap<(usize, usize), CType>,
    /// Whether expressions have side effects, by their byte range (see `Cx::has_side_effects`).
    side_effects: HashMap<(usize, usize), bool>,
    /// Whether expressions may be integer constant expressions, by their byte range (see
    /// `Cx::may_be_constant`).
    constant_candidates: HashMap<(usize, usize), bool>,
    /// The labels of the function being lowered whose address is taken (kept here, not in
    /// `FnCx`, because a `static` local's initializer, lowered into `init`, may take them).
    label_addresses: labels::LabelAddresses,
    /// Per union object of the initializer being lowered (its address), the member initialized
    /// last: another member replaces it (C11 6.7.9p19, gcc keeps only the last), see
    /// `Cx::union_member`.
    pub(super) union_members: HashMap<leapfrog_ir::Expr, usize>,
}

/// The left side of `lhs = f(args)`: gcc evaluates it after the call's arguments and right before
/// the call, so the lowering of the call lowers it there (see `Cx::assign`).
struct Interlude {
    /// The `call_depth` of the call it belongs to.
    depth: u32,
    lhs: lang_c::span::Node<Expression>,
    /// The left side's operand, once lowered.
    target: Option<Operand>,
}

/// Lower parsed units to a program; `None` when the deadline passed first. Input that is not
/// valid C gives diagnostics of severity `Error`.
pub fn lower_units(
    units: &[Unit],
    files: SourceFiles,
    opts: &LowerOptions,
    deadline: Option<std::time::Instant>,
) -> Option<Program> {
    let mut l = Lowerer {
        dm: opts.data_model,
        files,
        records: Records::default(),
        vars: IdVec::new(),
        funcs: IdVec::new(),
        globals: Vec::new(),
        diags: Vec::new(),
        diag_seen: HashSet::new(),
        externs: Vec::new(),
        linked_vars: HashMap::new(),
        defined_vars: HashSet::new(),
        defined: HashMap::new(),
        constructors: Vec::new(),
        unmodelled: Vec::new(),
        strings: Vec::new(),
        string_pool: HashMap::new(),
        float_arg_slots: HashMap::new(),
        addr_taken: HashSet::new(),
        init: None,
        pending_inits: Vec::new(),
        pending_bodies: Vec::new(),
        property_addresses: Vec::new(),
        volatile: opts.volatile,
        deadline,
        interrupted: false,
    };
    for u in units {
        l.addr_taken.extend(addr_taken_names(&u.parse.unit.0));
        for d in &u.notes {
            l.diag(d.clone());
        }
    }
    let init_id = l.funcs.push(Function::new("__leapfrog_init_globals", Span::UNKNOWN));
    l.init = Some(FnCx::new(init_id, Function::new("__leapfrog_init_globals", Span::UNKNOWN), CType::Void));

    let mut file_scopes = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let mut cx = Cx::new(&mut l, u, i, Frame::default(), init_id);
        cx.declare_file_scope(&u.parse.unit.0);
        file_scopes.push(cx.scopes.into_file_scope());
    }
    for (i, (u, scope)) in units.iter().zip(file_scopes).enumerate() {
        let mut cx = Cx::new(&mut l, u, i, scope, init_id);
        cx.lower_global_initializers(&u.parse.unit.0);
        cx.lower_bodies(&u.parse.unit.0);
    }
    if l.interrupted {
        return None;
    }
    Some(l.finish(init_id, opts))
}

/// Collects identifiers that appear under `&` (directly or as the root of a member/index chain).
struct AddrTakenFinder(HashSet<String>);

/// The identifiers whose address is taken anywhere in these declarations.
fn addr_taken_names(decls: &[lang_c::span::Node<ExternalDeclaration>]) -> HashSet<String> {
    let mut finder = AddrTakenFinder(HashSet::new());
    for d in decls {
        finder.visit_external_declaration(&d.node, &d.span);
    }
    finder.0
}

/// The identifiers whose address is taken in a function body.
pub(crate) fn addr_taken_names_in(body: &lang_c::span::Node<lang_c::ast::Statement>) -> HashSet<String> {
    let mut finder = AddrTakenFinder(HashSet::new());
    finder.visit_statement(&body.node, &body.span);
    finder.0
}

impl<'ast> Visit<'ast> for AddrTakenFinder {
    fn visit_unary_operator_expression(
        &mut self,
        n: &'ast lang_c::ast::UnaryOperatorExpression,
        span: &'ast lang_c::span::Span,
    ) {
        if n.operator.node == UnaryOperator::Address
            && let Some(name) = root_identifier(&n.operand.node)
        {
            self.0.insert(name);
        }
        lang_c::visit::visit_unary_operator_expression(self, n, span);
    }
}

/// `x` for `x`, `x.f`, `x[i]`, `(x)`: the variable whose storage an lvalue designates.
pub(crate) fn root_identifier(e: &Expression) -> Option<String> {
    match e {
        Expression::Identifier(id) => Some(id.node.name.clone()),
        Expression::Member(m) if m.node.operator.node == lang_c::ast::MemberOperator::Direct => {
            root_identifier(&m.node.expression.node)
        }
        Expression::BinaryOperator(b) if b.node.operator.node == lang_c::ast::BinaryOperator::Index => {
            root_identifier(&b.node.lhs.node)
        }
        _ => None,
    }
}

/// How much program-wide state exists at some point (see [`Lowerer::snapshot`]).
struct ProgramState {
    vars: usize,
    globals: usize,
    strings: usize,
    externs: usize,
}

impl Lowerer {
    /// The state to go back to after a dry run.
    fn snapshot(&self) -> ProgramState {
        ProgramState {
            vars: self.vars.len(),
            globals: self.globals.len(),
            strings: self.strings.len(),
            externs: self.externs.len(),
        }
    }

    /// Forget what a dry run created: its variables (temporaries, string literals, compound
    /// literals) and externs. Nothing outside the dry run refers to them.
    fn restore(&mut self, s: ProgramState) {
        if self.vars.len() > s.vars {
            let kept = |v: &VarId| v.0 < s.vars as u32;
            self.vars = std::mem::take(&mut self.vars).into_iter_values().take(s.vars).collect();
            self.linked_vars.retain(|_, v| kept(v));
            self.defined_vars.retain(kept);
            self.string_pool.retain(|_, v| kept(v));
            self.float_arg_slots.retain(|_, v| kept(v));
        }
        self.globals.truncate(s.globals);
        self.strings.truncate(s.strings);
        self.externs.truncate(s.externs);
    }

    fn diag(&mut self, d: Diagnostic) {
        if self.diag_seen.insert((d.span, d.message.clone())) {
            self.diags.push(d);
        }
    }

    fn layout(&self) -> Layout<'_> {
        Layout { dm: self.dm, records: &self.records }
    }

    /// How a variable of this type is stored: scalars in registers unless their address is taken;
    /// a variable-length array as a dynamic array of its innermost fixed-size element type (its
    /// length, the product of the lengths, is given when the declaration executes).
    fn storage(&self, ty: &CType, in_memory: bool) -> VarTy {
        if ty.has_vla() {
            let mut inner = ty;
            while let CType::Array(elem, _) = inner
                && inner.has_vla()
            {
                inner = elem;
            }
            if let Some(elem) = self.layout().obj_type(inner) {
                return VarTy::Mem(ObjType::Array { elem: Box::new(elem), len: leapfrog_ir::ArrayLen::Dynamic });
            }
        }
        match ty.reg_type() {
            Some(t) if !in_memory => VarTy::Reg(t),
            _ => VarTy::Mem(self.layout().obj_type(ty).unwrap_or(ObjType::Opaque { size: 0, align: 1 })),
        }
    }

    /// The variables some command of the program (its functions and the initializers lowered so
    /// far) reads, writes or takes the address of.
    fn referenced_vars(&self) -> HashSet<VarId> {
        let mut used = HashSet::new();
        let init = self.init.as_ref().map(|i| &i.func);
        for f in self.funcs.values().chain(init) {
            for e in f.edges.values() {
                used.extend(e.cmd.defs());
                for x in e.cmd.exprs() {
                    x.for_each_var(&mut |v| {
                        used.insert(v);
                    });
                }
            }
        }
        used
    }

    /// The address of a function whose call is the assertion `origin` is taken at `span`.
    pub fn note_property_address(&mut self, origin: AssertOrigin, span: Span) {
        if !self.property_addresses.iter().any(|(o, _)| *o == origin) {
            self.property_addresses.push((origin, span));
        }
    }

    fn add_extern(&mut self, name: &str, ret: Option<Type>) {
        if !self.externs.iter().any(|e| e.name == name) {
            self.externs.push(ExternFn { name: name.to_string(), ret });
        }
    }

    /// Assemble the program: finish `init`, pick the entry, collect diagnostics.
    fn finish(mut self, init_id: FuncId, opts: &LowerOptions) -> Program {
        let used = self.referenced_vars();
        let mut undefined: Vec<VarId> =
            self.linked_vars.values().copied().filter(|v| !self.defined_vars.contains(v) && used.contains(v)).collect();
        undefined.sort();
        for v in undefined {
            let var = &self.vars[v];
            let message = format!(
                "`{}` is declared `extern` but no input file defines it; it is taken to be 0 initially",
                var.name
            );
            let span = var.span;
            self.diag(Diagnostic::new(Severity::Assumption, span, message));
        }
        let init = self.init.take().expect("init function");
        let init_func = self.finish_init(init);
        self.funcs[init_id] = init_func;
        let entry = self.pick_entry(init_id, opts);
        // After the entry is picked: these functions are never called by name.
        for (origin, span) in std::mem::take(&mut self.property_addresses) {
            self.funcs.push(property_failure_function(origin, span));
        }
        let mut diags = std::mem::take(&mut self.diags);
        diags.sort_by_key(|d| (d.span.file, d.span.line, d.span.col));
        Program {
            files: self.files,
            data_model: self.dm,
            vars: self.vars,
            funcs: self.funcs,
            globals: self.globals,
            init: init_id,
            entry,
            externs: self.externs,
            diagnostics: diags,
        }
    }

    /// The init function: zero every global, then run the initializers (already emitted, in
    /// source order), then fill the string literals.
    fn finish_init(&mut self, mut init: FnCx) -> Function {
        let exit = init.func.exit;
        // After the initializers, the constructors (priority first, then definition order); a
        // destructor runs after `main`, which nothing models: every execution then passes a step
        // that may do anything, so that no verdict rests on the program without it.
        self.constructors.sort_by_key(|(priority, _, _)| *priority);
        for (_, callee, span) in std::mem::take(&mut self.constructors) {
            emit_in(&mut init, Command::Call { dst: None, callee, args: Vec::new() }, span);
        }
        for (span, what) in std::mem::take(&mut self.unmodelled) {
            let what = what.to_string();
            self.diag(Diagnostic::new(Severity::Unsupported, span, what.clone()));
            emit_in(
                &mut init,
                Command::Opaque { what, havoc: vec![], writes_memory: true, may_not_return: true, compute: None },
                span,
            );
        }
        init.func.add_edge(init.cur, exit, Command::Skip, Span::UNKNOWN);
        // Before the initializers (already emitted, in source order): zero every global, then
        // fill the string literals, which initializers may read (`char c = "abc"[1];`).
        let initializers = init.func.entry;
        let prefix = init.func.add_loc();
        init.func.entry = prefix;
        init.cur = prefix;
        for &g in &self.globals {
            let var = &self.vars[g];
            let cmd = match &var.ty {
                VarTy::Mem(_) => Command::InitObject { var: g, len: None, fill: leapfrog_ir::Fill::Zero },
                VarTy::Reg(Type::Int(t)) => Command::Assign(g, Expr::Int(0, *t)),
                VarTy::Reg(Type::Ptr) => Command::Assign(g, Expr::Null),
                VarTy::Reg(_) => continue,
            };
            emit_in(&mut init, cmd, var.span);
        }
        for (var, bytes) in std::mem::take(&mut self.strings) {
            for (i, b) in bytes.iter().enumerate() {
                let addr = expr::ptr_offset(Expr::AddrOf(var), i as u64);
                let value = Expr::Int(i128::from(*b as i8), leapfrog_arith::IntTy::I8);
                emit_in(&mut init, Command::Store { addr, value }, Span::UNKNOWN);
            }
        }
        init.func.add_edge(init.cur, initializers, Command::Skip, Span::UNKNOWN);
        stmt::remove_isolated_locations(&mut init.func);
        init.func
    }

    fn pick_entry(&mut self, init_id: FuncId, opts: &LowerOptions) -> Option<FuncId> {
        let wanted = opts.entry.clone().unwrap_or_else(|| "main".to_string());
        if let Some((id, _)) = self.funcs.iter().find(|(id, f)| *id != init_id && f.name == wanted) {
            return Some(id);
        }
        if opts.entry.is_some() {
            return None;
        }
        // No `main`: the one function no other function calls.
        let mut called = HashSet::new();
        for (id, f) in self.funcs.iter() {
            for e in f.edges.values() {
                if let Command::Call { callee, .. } = &e.cmd
                    && *callee != id
                {
                    called.insert(*callee);
                }
            }
        }
        let candidates: Vec<FuncId> = self.funcs.ids().filter(|id| *id != init_id && !called.contains(id)).collect();
        (candidates.len() == 1).then(|| candidates[0])
    }
}

/// A function that fails the assertion `origin`, for a function of that meaning whose address
/// the program takes at `span`: calls through function pointers are opaque steps, which run only
/// functions of the program, so this function stands for what such a call may do. No command
/// calls it (it fails unconditionally, as a call through the pointer may); it makes the
/// program's assertions include every violation an execution may reach (`verify` answers a
/// program without any assertion at once).
fn property_failure_function(origin: AssertOrigin, span: Span) -> Function {
    let mut f = Function::new(format!("__leapfrog_address_of_{}", origin.name()), span);
    let (entry, halt) = (f.entry, f.halt);
    f.add_edge(entry, halt, Command::Assert { cond: Expr::Bool(false), origin }, span);
    f
}

/// Append a command after the insertion point of `f`.
fn emit_in(f: &mut FnCx, cmd: Command, span: Span) {
    let next = f.func.add_loc();
    f.func.add_edge(f.cur, next, cmd, span);
    f.cur = next;
}

impl<'a> Cx<'a> {
    fn new(l: &'a mut Lowerer, u: &'a Unit, unit_index: usize, file_scope: Frame, init_id: FuncId) -> Cx<'a> {
        let outside = FnCx::new(init_id, Function::new(FILE_SCOPE, Span::UNKNOWN), CType::Void);
        Cx {
            l,
            linemap: &u.linemap,
            unit_index,
            scopes: Scopes::new(file_scope),
            f: outside,
            scratch_depth: 0,
            param_list_depth: 0,
            call_depth: 0,
            in_static_init: false,
            interlude: None,
            type_cache: HashMap::new(),
            side_effects: HashMap::new(),
            constant_candidates: HashMap::new(),
            label_addresses: labels::LabelAddresses::default(),
            union_members: HashMap::new(),
        }
    }

    pub fn span(&self, s: lang_c::span::Span) -> Span {
        self.linemap.span(s.start)
    }

    /// Input that is not valid C (the program is rejected). Like every diagnostic, dropped in dry
    /// runs, which may see an expression out of its context.
    pub fn error(&mut self, span: Span, what: impl Into<String>) {
        if !self.in_scratch() {
            self.l.diag(Diagnostic::new(Severity::Error, span, what));
        }
    }

    /// Whether the deadline passed: then nothing more is lowered (checked per statement and per
    /// initializer item, so that a huge input stops soon after).
    pub fn out_of_time(&mut self) -> bool {
        if !self.l.interrupted && self.l.deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            self.l.interrupted = true;
        }
        self.l.interrupted
    }

    pub fn unsupported(&mut self, span: Span, what: impl Into<String>) {
        if !self.in_scratch() {
            self.l.diag(Diagnostic::new(Severity::Unsupported, span, what));
        }
    }

    pub fn warning(&mut self, span: Span, what: impl Into<String>) {
        if !self.in_scratch() {
            self.l.diag(Diagnostic::new(Severity::Warning, span, what));
        }
    }

    pub fn assumption(&mut self, span: Span, what: impl Into<String>) {
        if !self.in_scratch() {
            self.l.diag(Diagnostic::new(Severity::Assumption, span, what));
        }
    }

    /// Whether this is a dry run (`sizeof` operands, constant expressions): code and diagnostics
    /// are dropped.
    pub fn in_scratch(&self) -> bool {
        self.scratch_depth > 0
    }

    /// Whether code emitted now is outside any function (file-scope declarations): it is dropped.
    pub fn in_file_scope_code(&self) -> bool {
        self.f.func.name == FILE_SCOPE
    }

    /// Whether objects created by the code lowered now have static storage duration: at file
    /// scope, and in the initializers of globals and `static` locals (which run once, in `init`).
    pub fn creates_static_objects(&self) -> bool {
        self.in_file_scope_code() || (self.in_static_init && !self.in_scratch())
    }

    /// Run `f` on a throw-away function: its code and diagnostics are dropped.
    pub fn scratch<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let fresh = FnCx::new(self.f.fid, Function::new(SCRATCH, Span::UNKNOWN), CType::Void);
        let saved = std::mem::replace(&mut self.f, fresh);
        let program_state = self.l.snapshot();
        self.scratch_depth += 1;
        let r = f(self);
        self.scratch_depth -= 1;
        self.l.restore(program_state);
        self.f = saved;
        r
    }

    /// Run `f` with the global initializer function as the function being built.
    pub fn in_init<R>(&mut self, f: impl FnOnce(&mut Self) -> R) -> R {
        let init = self.l.init.take().expect("init function");
        let saved = std::mem::replace(&mut self.f, init);
        let saved_scratch = std::mem::replace(&mut self.scratch_depth, 0);
        let saved_static = std::mem::replace(&mut self.in_static_init, true);
        let r = f(self);
        self.in_static_init = saved_static;
        self.scratch_depth = saved_scratch;
        let init = std::mem::replace(&mut self.f, saved);
        self.l.init = Some(init);
        r
    }

    pub fn new_loc(&mut self) -> LocId {
        self.f.func.add_loc()
    }

    /// Append a command at the insertion point.
    pub fn emit(&mut self, cmd: Command, span: Span) {
        emit_in(&mut self.f, cmd, span);
    }

    /// An edge from the insertion point to `to`; what follows is unreachable until a label.
    pub fn jump(&mut self, to: LocId, span: Span) {
        self.f.func.add_edge(self.f.cur, to, Command::Skip, span);
        self.f.cur = self.new_loc();
    }

    /// A command that ends the execution (its edge leads to `halt`).
    pub fn emit_terminal(&mut self, cmd: Command, span: Span) {
        let halt = self.f.func.halt;
        self.f.func.add_edge(self.f.cur, halt, cmd, span);
        self.f.cur = self.new_loc();
    }

    /// Continue at `loc` (which must already be connected or a jump target).
    pub fn set_cur(&mut self, loc: LocId) {
        self.f.cur = loc;
    }

    /// Branch on a condition: edges to `t` and `f`; an edge whose condition is constantly false
    /// is left out (so `do { } while (0)` makes no cycle).
    pub fn branch(&mut self, cond: Expr, t: LocId, f: LocId, span: Span) {
        let cur = self.f.cur;
        match cond {
            Expr::Bool(true) => {
                self.f.func.add_edge(cur, t, Command::Skip, span);
            }
            Expr::Bool(false) => {
                self.f.func.add_edge(cur, f, Command::Skip, span);
            }
            c => {
                self.f.func.add_edge(cur, t, Command::Assume(c.clone()), span);
                self.f.func.add_edge(cur, f, Command::Assume(Expr::not(c)), span);
            }
        }
        self.f.cur = self.new_loc();
    }

    /// A new register variable owned by the function being built (see [`Cx::new_var_of`]).
    pub fn new_var(&mut self, name: &str, ty: Type, kind: VarKind, span: Span) -> VarId {
        self.new_var_of(name, VarTy::Reg(ty), kind, span)
    }

    /// A new variable owned by the function being built; a local or parameter is named by the
    /// source in the innermost scope (the caller clears the scope of a hidden one).
    pub fn new_var_of(&mut self, name: &str, ty: VarTy, kind: VarKind, span: Span) -> VarId {
        let fid = self.f.fid;
        let scope = matches!(kind, VarKind::Local | VarKind::Param).then(|| self.scopes.var_scope(span));
        let v = self.l.vars.push(Var { name: name.to_string(), ty, kind, func: Some(fid), span, scope });
        if matches!(kind, VarKind::Local | VarKind::Temp) {
            self.f.func.locals.push(v);
        }
        v
    }

    pub fn new_temp(&mut self, ty: Type, span: Span) -> VarId {
        self.new_var("t", ty, VarKind::Temp, span)
    }

    /// Keep an expression's current value in a temporary, unless reading it later gives the same
    /// result as gcc does. gcc loads globals (memory) where they are evaluated, but reads plain
    /// locals where they are used; loads of memory are already temporaries. So only an expression
    /// reading a global needs one (a local could only change in between through an unsequenced
    /// modification, which C leaves undefined).
    pub fn materialize(&mut self, e: Expr, span: Span) -> Expr {
        let reads_global = e.reads().iter().any(|v| self.l.vars[*v].kind == VarKind::Global);
        if !reads_global {
            return e;
        }
        let Some(ty) = e.ty(&self.l.vars) else { return e };
        let t = self.new_temp(ty, span);
        self.emit(Command::Assign(t, e), span);
        Expr::Var(t)
    }

    /// File-scope lookups for a function name: the function's id when it has a body.
    pub fn defined_function(&self, key: &str) -> Option<(FuncId, FuncSig)> {
        self.l.defined.get(key).cloned()
    }

    pub fn layout(&self) -> Layout<'_> {
        self.l.layout()
    }

    pub fn size_of(&self, ty: &CType) -> Option<u64> {
        self.l.layout().size(ty)
    }

    /// The link key of a name with (`static`: internal) linkage.
    pub fn link_key(&self, name: &str, internal: bool) -> String {
        if internal { format!("{}#{}", self.unit_index, name) } else { name.to_string() }
    }

    /// The global variable for a link key, created on first sight; a later declaration with a
    /// complete type completes it. `defining` is false for an `extern` declaration.
    pub fn global_var(&mut self, key: &str, name: &str, ty: &CType, span: Span, defining: bool) -> VarId {
        let in_memory = self.l.addr_taken.contains(name);
        let v = self.global_var_slot(key, name, ty, span, in_memory);
        if defining {
            self.l.defined_vars.insert(v);
        }
        v
    }

    /// How a variable of this type is stored (see [`Lowerer::storage`]); an object too large for
    /// the IR's byte offsets is reported and left opaque.
    pub fn var_storage(&mut self, ty: &CType, in_memory: bool, span: Span) -> VarTy {
        let fixed_array = matches!(ty, CType::Array(_, crate::ctypes::ArraySize::Fixed(_))) && !ty.has_vla();
        if fixed_array && self.size_of(ty).is_none_or(|s| s > MAX_OBJECT_BYTES) {
            self.unsupported(span, "object larger than 2^40 bytes");
            return VarTy::Mem(ObjType::Opaque { size: 0, align: 1 });
        }
        self.l.storage(ty, in_memory)
    }

    /// A static object that is only ever accessed through its address (a compound literal).
    pub fn static_object(&mut self, key: &str, name: &str, ty: &CType, span: Span) -> VarId {
        let v = self.global_var_slot(key, name, ty, span, true);
        self.l.defined_vars.insert(v);
        v
    }

    fn global_var_slot(&mut self, key: &str, name: &str, ty: &CType, span: Span, in_memory: bool) -> VarId {
        if let Some(&v) = self.l.linked_vars.get(key) {
            let complete_now = self.size_of(ty).is_some_and(|s| s > 0);
            let was_incomplete = matches!(&self.l.vars[v].ty, VarTy::Mem(o) if o.size(self.l.dm) == 0);
            if complete_now && was_incomplete {
                let storage = self.var_storage(ty, in_memory, span);
                self.l.vars[v].ty = storage;
            }
            return v;
        }
        let storage = self.var_storage(ty, in_memory, span);
        // In scope from here to the end of the file, or of the block that declares it (`static`
        // and `extern` declarations in a block); a later file-scope declaration does not widen it.
        let scope = (!name.starts_with('.')).then(|| self.scopes.var_scope(span));
        let v = self.l.vars.push(Var {
            name: name.to_string(),
            ty: storage,
            kind: VarKind::Global,
            func: None,
            span,
            scope,
        });
        self.l.globals.push(v);
        self.l.linked_vars.insert(key.to_string(), v);
        v
    }

    /// The global char array holding a string literal (shared between equal literals).
    pub fn string_literal(&mut self, bytes: Vec<u8>, span: Span) -> (VarId, u64) {
        let len = bytes.len() as u64 + 1;
        if let Some(&v) = self.l.string_pool.get(&bytes) {
            return (v, len);
        }
        let obj = ObjType::Array {
            elem: Box::new(ObjType::Scalar(Type::Int(leapfrog_arith::IntTy::I8))),
            len: leapfrog_ir::ArrayLen::Fixed(len),
        };
        let v = self.l.vars.push(Var {
            name: format!(".str{}", self.l.strings.len()),
            ty: VarTy::Mem(obj),
            kind: VarKind::Global,
            func: None,
            span,
            scope: None,
        });
        self.l.globals.push(v);
        self.l.strings.push((v, bytes.clone()));
        self.l.string_pool.insert(bytes, v);
        (v, len)
    }

    /// The hidden global register that carries the floating-point argument `index` of `fid`
    /// (of type `ty`) from the call to the callee's entry: the caller sets it just before the
    /// call, the callee copies it into its parameter first thing.
    pub fn float_arg_slot(&mut self, fid: FuncId, index: usize, ty: leapfrog_ir::FloatTy, span: Span) -> VarId {
        if let Some(&v) = self.l.float_arg_slots.get(&(fid, index)) {
            return v;
        }
        let v = self.l.vars.push(Var {
            name: format!(".float_arg.{fid}.{index}"),
            ty: VarTy::Reg(Type::Float(ty)),
            kind: VarKind::Global,
            func: None,
            span,
            scope: None,
        });
        self.l.globals.push(v);
        self.l.float_arg_slots.insert((fid, index), v);
        v
    }

    pub fn add_extern(&mut self, name: &str, ret: Option<Type>) {
        self.l.add_extern(name, ret);
    }

    /// Pass A over one unit: declarations at file scope and the signatures of definitions.
    fn declare_file_scope(&mut self, decls: &[lang_c::span::Node<ExternalDeclaration>]) {
        for (i, d) in decls.iter().enumerate() {
            match &d.node {
                ExternalDeclaration::Declaration(decl) => self.file_declaration(decl, i),
                ExternalDeclaration::FunctionDefinition(fd) => self.declare_definition(fd, i),
                ExternalDeclaration::StaticAssert(_) => {}
            }
        }
    }

    /// Pass B: the initializers of this unit's globals, in order, into `init`.
    fn lower_global_initializers(&mut self, decls: &[lang_c::span::Node<ExternalDeclaration>]) {
        let pending: Vec<(usize, usize, VarId, CType)> = self
            .l
            .pending_inits
            .iter()
            .filter(|p| p.unit == self.unit_index)
            .map(|p| (p.decl, p.declarator, p.var, p.ty.clone()))
            .collect();
        for (decl_index, declarator_index, var, ty) in pending {
            let ExternalDeclaration::Declaration(decl) = &decls[decl_index].node else { continue };
            let Some(init) = &decl.node.declarators[declarator_index].node.initializer else { continue };
            self.in_init(|cx| cx.initialize_var(var, &ty, init));
        }
    }

    /// Pass B: this unit's function bodies.
    fn lower_bodies(&mut self, decls: &[lang_c::span::Node<ExternalDeclaration>]) {
        let bodies: Vec<(usize, FuncId)> =
            self.l.pending_bodies.iter().filter(|(u, _, _)| *u == self.unit_index).map(|(_, d, f)| (*d, *f)).collect();
        for (decl_index, fid) in bodies {
            if let ExternalDeclaration::FunctionDefinition(fd) = &decls[decl_index].node {
                let func = self.lower_function(fd, fid);
                self.l.funcs[fid] = func;
            }
        }
    }

    /// A declaration at file scope: typedefs, prototypes and globals.
    fn file_declaration(&mut self, decl: &lang_c::span::Node<lang_c::ast::Declaration>, index: usize) {
        let span = self.span(decl.span);
        let (base, storage) = self.decl_specifiers(&decl.node.specifiers, span);
        for (j, id) in decl.node.declarators.iter().enumerate() {
            let d = self.declarator(base.clone(), &id.node.declarator);
            let Some(name) = d.name.clone() else { continue };
            if self.bind_typedef_or_function(&name, &d.ty, storage) {
                continue;
            }
            // See `lower_declaration`: storage and binding follow the qualified type.
            let (ty, volatile) = d.ty.clone().split_volatile();
            let ty = self.object_type(ty, id.node.initializer.as_ref());
            let qualified = if volatile { CType::volatile(ty.clone()) } else { ty.clone() };
            let key = self.link_key(&name, storage.is_static);
            let defining = !storage.is_extern || id.node.initializer.is_some();
            let var = self.global_var(&key, &name, &qualified, d.span, defining);
            self.scopes.bind(&name, Ordinary::Var { var, ty: qualified });
            if id.node.initializer.is_some() {
                self.l.pending_inits.push(PendingInit { unit: self.unit_index, decl: index, declarator: j, var, ty });
            }
        }
    }

    /// A typedef or a function declaration (the same at file and block scope): bind the name and
    /// say so; declarations of objects are left to the caller.
    pub fn bind_typedef_or_function(&mut self, name: &str, ty: &CType, storage: decl::Storage) -> bool {
        if storage.typedef {
            self.scopes.bind(name, Ordinary::Typedef(ty.clone()));
            return true;
        }
        if let CType::Func(sig) = ty {
            let key = self.function_key(name, storage.is_static);
            self.scopes.bind(name, Ordinary::Func { key, sig: (**sig).clone() });
            return true;
        }
        false
    }

    /// The type of a declared object: `T a[] = init` gets the length its initializer gives it.
    pub fn object_type(&mut self, ty: CType, init: Option<&lang_c::span::Node<lang_c::ast::Initializer>>) -> CType {
        match (&ty, init) {
            (CType::Array(elem, crate::ctypes::ArraySize::Incomplete), Some(init)) => {
                self.complete_array_from_initializer((**elem).clone(), init)
            }
            _ => ty,
        }
    }

    /// The link key of a function: a `static` function, or a function already declared `static`
    /// in this unit, is private to the unit.
    fn function_key(&self, name: &str, is_static: bool) -> String {
        if is_static {
            return self.link_key(name, true);
        }
        match self.scopes.lookup(name) {
            Some(Ordinary::Func { key, .. }) => key.clone(),
            _ => name.to_string(),
        }
    }

    /// A definition with `__attribute__((constructor))` (run before `main`) or `destructor`
    /// (after it), on its specifiers or its declarator.
    fn note_run_before_or_after_main(
        &mut self,
        fd: &lang_c::span::Node<lang_c::ast::FunctionDefinition>,
        fid: FuncId,
        sig: &FuncSig,
        span: Span,
    ) {
        use lang_c::ast::{Constant, DeclarationSpecifier, Expression, Extension};
        let from_specifiers = fd.node.specifiers.iter().filter_map(|s| match &s.node {
            DeclarationSpecifier::Extension(exts) => Some(exts.iter()),
            _ => None,
        });
        let exts: Vec<&lang_c::span::Node<Extension>> =
            from_specifiers.flatten().chain(fd.node.declarator.node.extensions.iter()).collect();
        for ext in exts {
            let Extension::Attribute(attr) = &ext.node else { continue };
            let priority = match attr.arguments.first().map(|a| &a.node) {
                Some(Expression::Constant(c)) => match &c.node {
                    Constant::Integer(i) => i.number.parse::<i128>().unwrap_or(65535),
                    _ => 65535,
                },
                _ => 65535,
            };
            match attr.name.node.trim_matches('_') {
                "constructor" if sig.params.is_empty() => self.l.constructors.push((priority, fid, span)),
                "constructor" => self.l.unmodelled.push((span, "a constructor function with parameters")),
                "destructor" => self.l.unmodelled.push((span, "a destructor function (run after `main` returns)")),
                _ => {}
            }
        }
    }

    /// Pass A for a function definition: its signature and id.
    fn declare_definition(&mut self, fd: &lang_c::span::Node<lang_c::ast::FunctionDefinition>, index: usize) {
        let span = self.span(fd.span);
        let (base, storage) = self.decl_specifiers(&fd.node.specifiers, span);
        let d = self.declarator(base, &fd.node.declarator);
        let Some(name) = d.name.clone() else { return };
        let mut sig = match &d.ty {
            CType::Func(sig) => (**sig).clone(),
            _ => {
                self.unsupported(span, format!("`{name}` is defined like a function but is not one"));
                return;
            }
        };
        if let Some(kr) = &d.kr_params {
            sig.params = self.kr_param_types(kr, &fd.node.declarations, span).into_iter().map(|p| p.1).collect();
        }
        let key = self.function_key(&name, storage.is_static);
        if self.l.defined.contains_key(&key) {
            self.warning(span, format!("`{name}` is defined twice; the first definition is used"));
            return;
        }
        let fid = self.l.funcs.push(Function::new(name.clone(), span));
        self.note_run_before_or_after_main(fd, fid, &sig, span);
        self.l.defined.insert(key.clone(), (fid, sig.clone()));
        self.l.pending_bodies.push((self.unit_index, index, fid));
        self.scopes.bind(&name, Ordinary::Func { key, sig });
    }
}
