//! Which variables a user can name at a source position.
//!
//! Everything Leapfrog prints about a loop (invariants, exit conditions, ranking functions,
//! transition invariants, recurrent sets) is C over source names, meant to hold *at the loop*:
//! inserted at the loop's condition, it must compile and mean what the analysis proved. So it
//! may only mention variables visible there, and then a printed name always means the variable
//! the user sees at that place. This module owns that rule:
//!
//! * a variable is *in scope* at a position when it has a [`VarScope`] (temporaries, return
//!   slots and hidden parameters have none; names starting with `.` are the front end's own), the
//!   position lies in the scope's file, at or after its start and, unless the scope is a file's
//!   (no end), at or before its end;
//! * it is *visible* when it is in scope and no other variable of the same name in scope there
//!   was declared later (an inner declaration hides the outer one: `int x; { int x; ... }`).
//!   Copies of one variable made by inlining share name and scope and hide nothing;
//! * a memory view (`a[99]`, [`MemoryView`]) is visible where its object is.
//!
//! How shadowed variables are named: the outer one is never printed where it is hidden, so no
//! name needs qualifying. Positions compare by line and column within one file; a variable
//! declared in another file (a header) is taken as invisible, which can only leave facts out.

use crate::ids::VarId;
use crate::program::{MemoryView, Program, Var, VarKind, VarScope};
use leapfrog_source::Span;
use std::collections::BTreeMap;

/// The visibility of a program's variables, indexed by name (build once, ask many times).
pub struct Visibility<'p> {
    p: &'p Program,
    by_name: BTreeMap<&'p str, Vec<VarId>>,
    /// Memory views: the ghost variable and the object it reads.
    views: BTreeMap<VarId, VarId>,
    /// The index variables of views at a symbolic index: visible everywhere, since whoever
    /// prints an invariant that mentions one declares it there.
    declared: std::collections::BTreeSet<VarId>,
}

impl<'p> Visibility<'p> {
    /// The index for `p`, with the memory views the program's facts may mention.
    pub fn new(p: &'p Program, views: &[MemoryView]) -> Visibility<'p> {
        let mut by_name: BTreeMap<&'p str, Vec<VarId>> = BTreeMap::new();
        for (id, var) in p.vars.iter() {
            if var.scope.is_some() {
                by_name.entry(var.name.as_str()).or_default().push(id);
            }
        }
        // A view is visible where the object is; the index variable of a view at a symbolic
        // index everywhere (a printed invariant declares it).
        let declared = crate::quantified_indices(views);
        let views = views.iter().map(|v| (v.var, v.object)).collect();
        Visibility { p, by_name, views, declared }
    }

    /// Whether the name of `v` means `v` at `at` (see the module documentation).
    pub fn visible_at(&self, v: VarId, at: Span) -> bool {
        if self.declared.contains(&v) {
            return true;
        }
        let v = self.views.get(&v).copied().unwrap_or(v);
        let Some(var) = self.p.vars.get(v) else { return false };
        let Some(scope) = in_scope(var, at) else { return false };
        let same_name = self.by_name.get(var.name.as_str()).map(Vec::as_slice).unwrap_or_default();
        !same_name.iter().any(|&w| {
            w != v && self.p.vars.get(w).and_then(|other| in_scope(other, at)).is_some_and(|s| hides(s, scope))
        })
    }
}

/// Whether `v` of `p` is visible at `at`; for one question (many: [`Visibility`]).
pub fn visible_at(p: &Program, v: VarId, at: Span) -> bool {
    Visibility::new(p, &[]).visible_at(v, at)
}

/// The scope of `var` when `at` is in it.
fn in_scope(var: &Var, at: Span) -> Option<VarScope> {
    let scope = var.scope?;
    if matches!(var.kind, VarKind::Temp | VarKind::Return) || var.name.is_empty() || var.name.starts_with('.') {
        return None;
    }
    let (start, end) = (scope.start, scope.end);
    let started = at.is_known() && start.is_known() && start.file == at.file && key(start) <= key(at);
    let open = !end.is_known() || (end.file == at.file && key(at) <= key(end));
    (started && open).then_some(scope)
}

/// Whether a declaration with scope `inner` hides one with scope `outer` where both are in
/// scope: it was declared later, or at the same place with a narrower scope.
fn hides(inner: VarScope, outer: VarScope) -> bool {
    match key(inner.start).cmp(&key(outer.start)) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => match (inner.end.is_known(), outer.end.is_known()) {
            (true, false) => true,
            (true, true) => key(inner.end) < key(outer.end),
            _ => false,
        },
    }
}

fn key(s: Span) -> (u32, u32) {
    (s.line, s.col)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{FuncId, IdVec};
    use crate::types::{DataModel, Type, VarTy};
    use leapfrog_arith::IntTy;
    use leapfrog_source::{FileId, SourceFiles};

    const F: FileId = FileId(0);

    fn at(line: u32, col: u32) -> Span {
        Span::new(F, line, col)
    }

    fn program() -> Program {
        Program {
            files: SourceFiles::new(),
            data_model: DataModel::LP64,
            vars: IdVec::new(),
            funcs: IdVec::new(),
            globals: Vec::new(),
            init: FuncId(0),
            entry: None,
            externs: Vec::new(),
            diagnostics: Vec::new(),
        }
    }

    fn var(p: &mut Program, name: &str, kind: VarKind, scope: Option<(Span, Span)>) -> VarId {
        let span = scope.map_or(Span::UNKNOWN, |s| s.0);
        p.vars.push(Var {
            name: name.into(),
            ty: VarTy::Reg(Type::Int(IntTy::I32)),
            kind,
            func: (kind != VarKind::Global).then_some(FuncId(1)),
            span,
            scope: scope.map(|(start, end)| VarScope { start, end }),
        })
    }

    /// ```c
    /// 1  int g;
    /// 2  int main(int n) {
    /// 3    int x = n;
    /// 4    for (int k = 0; k < 9; k++) { }
    /// 5    while (x > 0) {
    /// 6      int x = 1;
    /// 7      while (x < 9) x++;
    /// 8    }
    /// 9    { int late = 0; }
    /// 10 }
    /// 11 int after;
    /// ```
    #[test]
    fn scopes_end_and_inner_declarations_hide_outer_ones() {
        let mut p = program();
        let g = var(&mut p, "g", VarKind::Global, Some((at(1, 5), Span::UNKNOWN)));
        let n = var(&mut p, "n", VarKind::Param, Some((at(2, 14), at(10, 1))));
        let x = var(&mut p, "x", VarKind::Local, Some((at(3, 7), at(10, 1))));
        let k = var(&mut p, "k", VarKind::Local, Some((at(4, 3), at(4, 34))));
        let inner_x = var(&mut p, "x", VarKind::Local, Some((at(6, 9), at(8, 3))));
        let late = var(&mut p, "late", VarKind::Local, Some((at(9, 9), at(9, 19))));
        let after = var(&mut p, "after", VarKind::Global, Some((at(11, 5), Span::UNKNOWN)));
        let temp = var(&mut p, "t", VarKind::Temp, Some((at(3, 7), at(10, 1))));
        let ret = var(&mut p, "return", VarKind::Return, Some((at(2, 5), at(10, 1))));
        let internal = var(&mut p, ".str0", VarKind::Global, Some((at(1, 1), Span::UNKNOWN)));
        let hidden = var(&mut p, "result_ptr", VarKind::Param, None);
        let vis = Visibility::new(&p, &[]);
        let visible = |pos: Span| -> Vec<VarId> { p.vars.ids().filter(|&v| vis.visible_at(v, pos)).collect() };
        // The `for` loop (its counter is in scope from the keyword on).
        assert_eq!(visible(at(4, 3)), vec![g, n, x, k]);
        // The outer `while`: `k`'s scope has ended.
        assert_eq!(visible(at(5, 3)), vec![g, n, x]);
        // The inner `while`: the inner `x` hides the outer one.
        assert_eq!(visible(at(7, 5)), vec![g, n, inner_x]);
        // After the block, the outer `x` again; `late` only inside its block.
        assert_eq!(visible(at(9, 3)), vec![g, n, x]);
        assert_eq!(visible(at(9, 12)), vec![g, n, x, late]);
        assert!(!vis.visible_at(after, at(7, 5)) && vis.visible_at(after, at(12, 1)));
        for never in [temp, ret, internal, hidden] {
            assert!(!vis.visible_at(never, at(5, 3)));
        }
        // Unknown positions and other files see nothing.
        assert!(!vis.visible_at(g, Span::UNKNOWN));
        assert!(!vis.visible_at(g, Span::new(FileId(1), 5, 3)));
        assert!(visible_at(&p, x, at(5, 3)) && !visible_at(&p, x, at(7, 5)));
    }

    #[test]
    fn globals_are_hidden_by_locals_and_copies_hide_nothing() {
        let mut p = program();
        let g = var(&mut p, "v", VarKind::Global, Some((at(1, 5), Span::UNKNOWN)));
        let local = var(&mut p, "v", VarKind::Local, Some((at(3, 7), at(6, 1))));
        // Two inlined copies of one callee's variable.
        let copy1 = var(&mut p, "c", VarKind::Local, Some((at(8, 7), at(12, 1))));
        let copy2 = var(&mut p, "c", VarKind::Local, Some((at(8, 7), at(12, 1))));
        let vis = Visibility::new(&p, &[]);
        assert!(vis.visible_at(g, at(2, 1)) && !vis.visible_at(g, at(4, 3)) && vis.visible_at(g, at(7, 1)));
        assert!(vis.visible_at(local, at(4, 3)));
        assert!(vis.visible_at(copy1, at(9, 3)) && vis.visible_at(copy2, at(9, 3)));
    }

    #[test]
    fn memory_views_are_visible_where_their_object_is() {
        let mut p = program();
        let a = var(&mut p, "a", VarKind::Local, Some((at(2, 8), at(9, 1))));
        let view = var(&mut p, "a[99]", VarKind::Local, None);
        let shadow = var(&mut p, "a", VarKind::Local, Some((at(5, 9), at(7, 3))));
        let views = [MemoryView::at_offset(view, a, 99)];
        let vis = Visibility::new(&p, &views);
        assert!(vis.visible_at(view, at(4, 3)));
        assert!(!vis.visible_at(view, at(6, 3)), "the object is hidden by another `a`");
        assert!(vis.visible_at(shadow, at(6, 3)));
        assert!(!Visibility::new(&p, &[]).visible_at(view, at(4, 3)), "a view is only known as one");
    }
}
