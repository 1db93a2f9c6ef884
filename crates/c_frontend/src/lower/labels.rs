//! GNU C's labels as values (`&&label`, `goto *expression;`) and statement attributes
//! (`__attribute__((fallthrough));`, `label: __attribute__((unused)) ...`).
//!
//! **Label addresses.** The labels of a function whose address is taken are numbered in the
//! order of their first `&&`; each function that takes one gets a hidden global object
//! (`.labels.NAME`, one byte per label, never read or written), and `&&label` is the address of
//! its byte. So label addresses are ordinary pointers: distinct, never null, the same in every
//! call of the function (C's label addresses are constants, so a `static` dispatch table built
//! in the global initializer holds them), comparable, and the difference of two of them is
//! defined.
//!
//! **Computed goto.** A `goto *e` may only jump to a label of its function whose address was
//! taken; any other target is undefined behaviour. Every `goto *e` of a function stores `e` in
//! one register and jumps to one dispatch location of the function (gcc factors computed gotos
//! the same way), which compares the register with each label address in turn and jumps to the
//! label that matches; so the dispatch location is the header of an interpreter's dispatch loop,
//! and the graph grows with the number of labels, not with their product with the jump sites.
//! The comparisons are exact, so the interpreter follows the program's own jumps, and an analysis
//! that does not track the pointer takes every branch: the nondeterministic jump to every
//! address-taken label, which is sound since the target must be one of them. When none matches,
//! the program has undefined behaviour, which the IR excludes with `assume false` (as it does for
//! `__builtin_unreachable()`): the analyses take it that the jump does not happen, and the
//! interpreter stops there with outcome `blocked` at the `goto *`. An assumption diagnostic at the
//! first `goto *` of each function says so.
//!
//! Two alternatives were tried or weighed. An opaque step on the unmatched branch would make the
//! interpreter's refusal name the construct, but every engine's encoding over-approximates at an
//! opaque step, so no program with a computed goto could ever be proven (a two-way `goto *`
//! selecting between labels went from TRUE to UNKNOWN). An opaque step that may not return, for
//! every `goto *`, would make every function with a dispatch loop unanalysable, and the
//! interpreter could not run one.
//!
//! **Statement attributes** have no effect on the program's meaning except `assume`, which is
//! ignored with a warning (as gcc 12 does; ignoring an assumption only adds executions).

use super::expr::{Operand, ptr_offset};
use super::{Cx, fold};
use crate::ctypes::{ArraySize, CType};
use lang_c::ast::{Expression, Extension, Identifier, Statement};
use lang_c::span::Node;
use lang_c::visit::Visit;
use leapfrog_arith::{CmpOp, IntTy};
use leapfrog_ir::{Command, Expr, LocId, Type, Var, VarId, VarKind};
use leapfrog_source::Span;
use std::collections::HashMap;

/// The labels of the function being lowered whose address is taken (`&&label`).
#[derive(Default)]
pub struct LabelAddresses {
    /// The hidden global object whose `i`-th byte is the address of `labels[i]` (`None` when the
    /// function takes no label's address).
    object: Option<VarId>,
    /// In the order of their first `&&`, with its position.
    labels: Vec<(String, Span)>,
    index: HashMap<String, usize>,
}

impl LabelAddresses {
    /// The address of `label`, if the function takes it.
    fn address(&self, label: &str) -> Option<Expr> {
        let i = *self.index.get(label)?;
        Some(ptr_offset(Expr::AddrOf(self.object?), i as u64))
    }
}

/// The dispatch of a function's computed gotos (see the module documentation).
pub struct Dispatch {
    /// The register every `goto *e` stores `e` in.
    target: VarId,
    /// The location every `goto *e` jumps to.
    loc: LocId,
    /// The first `goto *` (where the dispatch and its assumption are reported).
    span: Span,
}

/// Collects the label names under `&&` and the positions of the `&&`, in source order.
struct LabelAddressFinder(Vec<(String, lang_c::span::Span)>);

impl<'ast> Visit<'ast> for LabelAddressFinder {
    fn visit_expression(&mut self, e: &'ast Expression, span: &'ast lang_c::span::Span) {
        if let Expression::LabelAddress(id) = e {
            self.0.push((id.node.name.clone(), *span));
        }
        lang_c::visit::visit_expression(self, e, span);
    }
}

/// The names of the attributes gcc gives no effect on the program's meaning, on a statement or
/// a label: `fallthrough` (the null statement before a case label), and the label attributes
/// `unused`, `hot` and `cold`.
const NO_EFFECT: [&str; 4] = ["fallthrough", "unused", "hot", "cold"];

impl Cx<'_> {
    /// Number the labels whose address the function body takes, give the function the object
    /// that holds their addresses, and make each a label the function must define (a missing
    /// one is reported at its first `&&`, as gcc does).
    pub fn take_label_addresses(&mut self, body: &Node<Statement>) {
        let mut finder = LabelAddressFinder(Vec::new());
        finder.visit_statement(&body.node, &body.span);
        let mut table = LabelAddresses::default();
        for (name, span) in finder.0 {
            if !table.index.contains_key(&name) {
                table.index.insert(name.clone(), table.labels.len());
                table.labels.push((name, self.span(span)));
            }
        }
        if let Some((_, first)) = table.labels.first() {
            let len = table.labels.len() as u64;
            let ty = CType::Array(Box::new(CType::Int(IntTy::I8)), ArraySize::Fixed(len));
            let storage = self.l.storage(&ty, true);
            let object = self.l.vars.push(Var {
                name: format!(".labels.{}", self.f.func.name),
                ty: storage,
                kind: VarKind::Global,
                func: None,
                span: *first,
                scope: None,
            });
            self.l.globals.push(object);
            table.object = Some(object);
        }
        for (name, span) in &table.labels {
            self.label_loc(name);
            self.f.goto_spans.entry(name.clone()).or_insert(*span);
        }
        self.label_addresses = table;
    }

    /// `&&label`: a pointer to the label's byte of the function's label object.
    pub fn label_address(&mut self, label: &Node<Identifier>, span: Span) -> Operand {
        let ty = CType::Ptr(Box::new(CType::Void));
        match self.label_addresses.address(&label.node.name) {
            Some(addr) => Operand::value(addr, ty),
            None => {
                self.error(span, format!("label `{}` referenced outside of any function", label.node.name));
                Operand::opaque(ty)
            }
        }
    }

    /// `goto *e;`: the target goes to the function's dispatch register, and control to its
    /// dispatch location (built by [`Cx::finish_computed_gotos`]).
    pub fn computed_goto(&mut self, e: &Node<Expression>, span: Span) {
        let v = self.value(e);
        let target = self.convert(v, &CType::Ptr(Box::new(CType::Void)), span);
        let (reg, dispatch) = match &self.f.computed_goto {
            Some(d) => (d.target, d.loc),
            None => {
                let (reg, loc) = (self.new_temp(Type::Ptr, span), self.new_loc());
                let known = self.taken_labels_text();
                self.assumption(
                    span,
                    format!(
                        "computed goto: assumed to jump to a label of this function whose address it takes \
                         ({known}); any other target is undefined behaviour, which the analyses exclude and \
                         where the interpreter stops (blocked)"
                    ),
                );
                self.f.computed_goto = Some(Dispatch { target: reg, loc, span });
                (reg, loc)
            }
        };
        self.emit(Command::Assign(reg, target), span);
        self.jump(dispatch, span);
    }

    /// The labels whose address the function takes, for a message: `&&a`, `&&b` (the first few).
    fn taken_labels_text(&self) -> String {
        const SHOWN: usize = 5;
        let labels = &self.label_addresses.labels;
        if labels.is_empty() {
            return "it takes none".to_string();
        }
        let names: Vec<String> = labels.iter().take(SHOWN).map(|(n, _)| format!("`&&{n}`")).collect();
        match labels.len() {
            n if n > SHOWN => format!("{} and {} more", names.join(", "), n - SHOWN),
            _ => names.join(", "),
        }
    }

    /// Build the dispatch of the function's computed gotos, if it has any: compare the target
    /// with each label address in turn; when none matches, the execution is excluded (undefined
    /// behaviour).
    pub fn finish_computed_gotos(&mut self) {
        let Some(Dispatch { target, loc, span }) = self.f.computed_goto.take() else { return };
        let saved = self.f.cur;
        self.set_cur(loc);
        let labels: Vec<String> = self.label_addresses.labels.iter().map(|(n, _)| n.clone()).collect();
        for name in labels {
            let Some(addr) = self.label_addresses.address(&name) else { continue };
            let to = self.label_loc(&name);
            let next = self.new_loc();
            self.branch(fold::cmp(CmpOp::Eq, Expr::Var(target), addr), to, next, span);
            self.set_cur(next);
        }
        let exit = self.f.func.exit;
        self.f.func.add_edge(self.f.cur, exit, Command::Assume(Expr::Bool(false)), span);
        self.set_cur(saved);
    }

    /// The attributes of a statement: `fallthrough` and the label attributes change nothing;
    /// others are ignored, with a warning (gcc ignores those it does not know, too).
    pub fn statement_attributes(&mut self, attributes: &[Node<Extension>]) {
        for a in attributes {
            let span = self.span(a.span);
            let Extension::Attribute(attr) = &a.node else {
                self.warning(span, "extension on a statement is ignored");
                continue;
            };
            let name = attr.name.node.as_str();
            let name = name.strip_prefix("__").and_then(|n| n.strip_suffix("__")).unwrap_or(name);
            if NO_EFFECT.contains(&name) {
                continue;
            }
            let message = if name == "assume" {
                "the statement attribute `assume` is ignored: its condition is not assumed".to_string()
            } else {
                format!("the statement attribute `{name}` is ignored")
            };
            self.warning(span, message);
        }
    }
}
