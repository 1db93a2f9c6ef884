//! Quantified array invariants (issue 13, item 2): candidates `∀k ∈ [lo, hi): body` about the
//! elements of integer arrays (fixed-size, or variable-length with a named length), for loops
//! that fill, copy, scan, search or partition arrays.
//!
//! An element is named by a memory view at a symbolic index (`ir::MemoryView` with a
//! `ViewIndex`): a ghost register `a[k]` that reads element `k` of `a`, where `k` is a ghost
//! `long` the program never assigns. A candidate that mentions `k` holds for every value of it:
//! the summaries prove it with `k` left arbitrary (a fresh index) and assume its instances
//! (`Encoder::invariant_instances`), quantified only for the safety check
//! (`Encoder::invariant_truth`), and the certificate checker reads it as `∀k` everywhere; no
//! array is unrolled element by element. Each candidate is
//! `lo <= k && k < hi && 0 <= k && k < len → body`: it speaks of elements inside the arrays
//! only, and is printed as a C (GNU statement) expression that loops over them, so a compiled
//! program can check it at the loop:
//! `({ long k; for (k = 0; k < i; k++) if (k >= 0 && k < 100 && !(a[k] == 42)) break; k >= i; })`.
//!
//! The templates come from the function's own accesses `a[i]` (`i` an integer register):
//! - bodies: what a store or a zero initialization writes (`a[k] == c`, `a[k] == k`,
//!   `a[k] == b[k]` for a copy of `b[i]`); the comparisons the program makes of loaded elements
//!   (`a[i] != e`, `a[i] < min`) with the index replaced by `k`, and their negations; two values
//!   of one array's element (`a[k] == 0 || a[k] == 1`); a comparison implying another array's
//!   constant store (`a[k] < 0 || b[k] == 0`); a flag or a comparison (`rv == 0 || a[k] ==
//!   b[k]`); index registers read together are taken as one (`b[j] = a[i]` gives
//!   `b[k] == a[k]`: Houdini keeps it where they move together);
//! - for the memory checks only ([`index_candidates`]), bodies that bound elements: `0 <= a[k]`
//!   and `a[k] < n` for an element read into a register that (or whose copy) indexes an array
//!   of `n` elements (a table of offsets, `buf[toks[i]]`), and what the checks' assertions say
//!   of loaded elements;
//! - ranges, per loop: `[0, i)` and `[i + 1, n)` for each index register `i` the loop assigns
//!   (for the bodies over arrays `i` indexes), and `[0, n)`, where `n` is an array's length or
//!   a bound the program compares an index with (`n + 1` for `i <= n`; named registers before
//!   constants).
//!
//! Houdini keeps those that hold; the rest of `verify` treats them as any other candidate.

use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::types::{ArrayLen, ObjType, Type, VarTy};
use leapfrog_ir::{AssertOrigin, Command, Expr, FuncId, LocId, MemoryView, Program, VarId, ViewIndex};
use leapfrog_summarize::candidates::{Candidate, conjunction, or};
use std::collections::{BTreeMap, BTreeSet};

/// The most arrays a function's templates speak of.
const MAX_ARRAYS: usize = 10;
/// The most bodies per function, and bounds (`hi`) per function.
const MAX_BODIES: usize = 20;
const MAX_BOUNDS: usize = 6;

/// The views of a function's arrays at the symbolic index, and what the templates need.
#[derive(Clone, Debug, Default)]
pub struct ArrayViews {
    /// One view per array (`a[k]`), all with the same index variable.
    pub views: Vec<MemoryView>,
    /// Each array's element type and its number of elements (a `long`: a constant, or the
    /// register a variable-length array's declaration gave its length).
    arrays: BTreeMap<VarId, (IntTy, Expr)>,
    /// The accesses `a[i]`: the array, the index register, and the loaded register (for loads).
    accesses: Vec<Access>,
}

#[derive(Clone, Debug)]
struct Access {
    array: VarId,
    index: VarId,
    /// The register a load writes.
    loaded: Option<VarId>,
    /// The value a store writes.
    stored: Option<Expr>,
}

impl ArrayViews {
    fn index_var(&self) -> Option<VarId> {
        self.views.first().and_then(|v| v.index).map(|ix| ix.var)
    }

    fn cell(&self, array: VarId) -> Option<VarId> {
        self.views.iter().find(|v| v.object == array).map(|v| v.var)
    }
}

/// `e` without the conversions around it.
fn strip_casts(e: &Expr) -> &Expr {
    let mut e = e;
    while let Expr::Cast(_, x) = e {
        e = x;
    }
    e
}

/// The number of elements of array `a` of `q`'s function `fid`, as a `long`: its constant
/// length, or the named register its one declaration (a variable-length array) takes it from.
fn array_length(q: &Program, fid: FuncId, a: VarId) -> Option<Expr> {
    match &q.vars[a].ty {
        VarTy::Mem(ObjType::Array { len: ArrayLen::Fixed(0), .. }) => None,
        VarTy::Mem(ObjType::Array { len: ArrayLen::Fixed(n), .. }) => Some(Expr::int(i128::from(*n), IntTy::I64)),
        VarTy::Mem(ObjType::Array { len: ArrayLen::Dynamic, .. }) => {
            let f = &q.funcs[fid];
            let mut decls = f.edges.iter().filter_map(|(_, e)| match &e.cmd {
                Command::InitObject { var, len, .. } if *var == a => Some((e.to, len.clone())),
                _ => None,
            });
            let (Some((after, Some(len))), None) = (decls.next(), decls.next()) else { return None };
            // The register the length comes from (through a temporary the function assigns
            // once, `t := (unsigned long)n`), without a narrowing conversion on the way, and
            // not assigned after the declaration: so that at every loop it still holds the
            // array's length.
            let succs = f.successors();
            let mut later: BTreeSet<LocId> = BTreeSet::new();
            let mut stack = vec![after];
            while let Some(l) = stack.pop() {
                if later.insert(l) {
                    stack.extend(succs[l].iter().map(|&e| f.edges[e].to));
                }
            }
            let assigned_later =
                |n: VarId| f.edges.iter().any(|(_, e)| later.contains(&e.from) && e.cmd.defs().contains(&n));
            let assigned_once = |n: VarId| -> Option<&Expr> {
                let mut defs = q.funcs[fid].edges.iter().filter(|(_, e)| e.cmd.defs().contains(&n));
                let (Some((_, e)), None) = (defs.next(), defs.next()) else { return None };
                match &e.cmd {
                    Command::Assign(_, x) => Some(x),
                    _ => None,
                }
            };
            let mut n = widened_register(q, &len)?;
            if !crate::nameable(q, n) {
                n = widened_register(q, assigned_once(n)?)?;
            }
            let ok = crate::nameable(q, n)
                && !assigned_later(n)
                && matches!(q.vars[n].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64);
            ok.then(|| wide(q, n))
        }
        _ => None,
    }
}

/// The register `e` converts to a type at least as wide as its own (or `e` itself).
fn widened_register(q: &Program, e: &Expr) -> Option<VarId> {
    match e {
        Expr::Var(n) => Some(*n),
        Expr::Cast(t, x) => {
            let inner = x.ty(&q.vars)?.as_int()?;
            (t.bits() >= inner.bits()).then_some(())?;
            widened_register(q, x)
        }
        _ => None,
    }
}

/// An access's array, index register and element type, when `addr` is `&a + i * size` for an
/// array `a` of integers the summaries model (`cell`) and an integer register `i`.
fn element_access(q: &Program, addr: &Expr, modelled: &BTreeMap<VarId, Type>) -> Option<(VarId, VarId, IntTy)> {
    let (a, i, t) = indexed_element(q, addr)?;
    (modelled.get(&a) == Some(&Type::Int(t))).then_some((a, i, t))
}

/// The array, index register and element type of `addr` when it is `&a + i * size` for an
/// array `a` of integers and an integer register `i`.
fn indexed_element(q: &Program, addr: &Expr) -> Option<(VarId, VarId, IntTy)> {
    let Expr::PtrAdd { base, offset, scale } = addr else { return None };
    let Expr::AddrOf(a) = **base else { return None };
    let VarTy::Mem(ObjType::Array { elem, .. }) = &q.vars[a].ty else { return None };
    let ObjType::Scalar(Type::Int(t)) = **elem else { return None };
    if *scale != t.bytes() {
        return None;
    }
    let Expr::Var(i) = *strip_casts(offset) else { return None };
    matches!(q.vars[i].ty.reg(), Some(Type::Int(_))).then_some((a, i, t))
}

/// A name no variable of the program has (`k`, else `k1`, `k2`, ...), so that the printed
/// invariants' loop variable shadows nothing they mention.
fn fresh_name(q: &Program) -> String {
    let taken: BTreeSet<&str> = q.vars.iter().map(|(_, v)| v.name.as_str()).collect();
    std::iter::once("k".to_string())
        .chain((1..).map(|n| format!("k{n}")))
        .find(|n| !taken.contains(n.as_str()))
        .expect("infinite")
}

/// Adds to `q`'s function `fid` the views of its arrays at a symbolic index (none when it
/// accesses no array element at an index register).
pub fn add_views(q: &mut Program, fid: FuncId) -> ArrayViews {
    let model = leapfrog_summarize::memory::MemoryModel::compute(q, &q.funcs[fid]);
    let mut out = ArrayViews::default();
    for (_, e) in q.funcs[fid].edges.iter() {
        let (addr, loaded, stored) = match &e.cmd {
            Command::Load { dst, addr } => (addr, Some(*dst), None),
            Command::Store { addr, value } => (addr, None, Some(value.clone())),
            _ => continue,
        };
        let Some((array, index, t)) = element_access(q, addr, &model.cell) else { continue };
        if !out.arrays.contains_key(&array) {
            if out.arrays.len() >= MAX_ARRAYS {
                continue;
            }
            let Some(len) = array_length(q, fid, array) else { continue };
            out.arrays.insert(array, (t, len));
        }
        out.accesses.push(Access { array, index, loaded, stored });
    }
    if out.arrays.is_empty() {
        return out;
    }
    // The index is declared by every printed invariant that mentions it (`ir::Visibility`
    // counts it visible everywhere); the views are visible where their arrays are.
    let first = out.arrays.keys().next().copied().expect("not empty");
    let name = fresh_name(q);
    let index = crate::add_ghost_local(q, fid, name.clone(), Type::Int(IntTy::I64), first);
    for (&array, &(t, _)) in &out.arrays {
        let cell = format!("{}[{name}]", q.vars[array].name);
        let var = crate::add_ghost_local(q, fid, cell, Type::Int(t), array);
        out.views.push(MemoryView {
            var,
            object: array,
            offset: 0,
            index: Some(ViewIndex { var: index, scale: t.bytes() }),
        });
    }
    out
}

/// `e` over elements at the indices `same` (registers taken to be equal) rewritten over the
/// elements at `k`: each register loaded from `a[i]` with `i` in `same` becomes `a[k]`, each
/// `i` itself `k` (in `i`'s type); `None` when `e` reads a temporary or a register loaded at
/// another index.
fn at_index(q: &Program, av: &ArrayViews, e: &Expr, same: &BTreeSet<VarId>, k: VarId) -> Option<Expr> {
    let mut out = e.clone();
    for v in e.reads() {
        let load = av.accesses.iter().find(|a| a.loaded == Some(v));
        if let Some(load) = load {
            if !same.contains(&load.index) {
                return None;
            }
            out = out.substituted(v, &Expr::Var(av.cell(load.array)?));
        } else if same.contains(&v) {
            let Some(Type::Int(t)) = q.vars[v].ty.reg() else { return None };
            let by = if t == IntTy::I64 { Expr::Var(k) } else { Expr::cast(t, Expr::Var(k)) };
            out = out.substituted(v, &by);
        } else if !crate::nameable(q, v) {
            return None;
        }
    }
    Some(out)
}

/// The index registers of the elements `e` reads, with `also`: the registers [`at_index`]
/// takes to be equal (two indices moving together, `b[j] = a[i]`; Houdini keeps the
/// candidates only where they are).
fn indices_read(av: &ArrayViews, e: &Expr, also: VarId) -> BTreeSet<VarId> {
    let mut out: BTreeSet<VarId> =
        e.reads().iter().filter_map(|v| av.accesses.iter().find(|a| a.loaded == Some(*v))).map(|a| a.index).collect();
    out.insert(also);
    out
}

fn comparisons(e: &Expr, out: &mut Vec<Expr>) {
    if let Expr::Cmp(..) = e {
        out.push(e.clone());
    }
    for c in e.children() {
        comparisons(c, out);
    }
}

/// The bodies of the templates: facts about `a[k]` (and other arrays at `k`).
fn bodies(q: &Program, fid: FuncId, av: &ArrayViews, k: VarId) -> Vec<Expr> {
    // What stores write: `a[i] = 42`, `a[i] = i`, `a[i] = b[i]`; and the zeros of an array
    // initialized to zero (a global, `int a[N] = {0}`).
    let mut stores: Vec<(VarId, Expr)> = Vec::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        if let Command::InitObject { var, fill: leapfrog_ir::Fill::Zero, .. } = &e.cmd
            && let (Some(cell), Some((t, _))) = (av.cell(*var), av.arrays.get(var))
        {
            let body = Expr::cmp(CmpOp::Eq, Expr::Var(cell), Expr::int(0, *t));
            if !stores.iter().any(|(_, b)| *b == body) {
                stores.push((cell, body));
            }
        }
    }
    for a in &av.accesses {
        let (Some(value), Some(cell)) = (&a.stored, av.cell(a.array)) else { continue };
        if value.ty(&q.vars) != q.vars[cell].ty.reg() {
            continue;
        }
        if let Some(v) = at_index(q, av, value, &indices_read(av, value, a.index), k) {
            let body = Expr::cmp(CmpOp::Eq, Expr::Var(cell), v);
            if !stores.iter().any(|(_, b)| *b == body) {
                stores.push((cell, body));
            }
        }
    }
    // The comparisons the program makes of elements, and their negations.
    let tests = element_tests(q, fid, av, k, |_| true);
    let mut out: Vec<Expr> = Vec::new();
    let mut push = |e: Expr| {
        if !out.contains(&e) && out.len() < MAX_BODIES {
            out.push(e);
        }
    };
    for (_, body) in &stores {
        push(body.clone());
    }
    for t in &tests {
        push(t.clone());
    }
    // Two values an element may hold (zero, or what a conditional store writes).
    for (x, (cell, first)) in stores.iter().enumerate() {
        for (other, second) in &stores[x + 1..] {
            if other == cell {
                push(or(first.clone(), second.clone()));
            }
        }
    }
    // A constant store that depends on a test of another array's element (`b[i] = a[i] >= 0 ?
    // 1 : 0`): the test implies what was stored.
    let constant = |body: &Expr| matches!(body, Expr::Cmp(_, _, value) if value.as_const().is_some());
    for (cell, body) in stores.iter().filter(|(_, body)| constant(body)) {
        for t in tests.iter().filter(|t| !t.reads().contains(cell)) {
            push(or(Expr::not(t.clone()), body.clone()));
        }
    }
    // A flag a loop resets when a test fails (`if (a[i] != b[i]) rv = 0;`): while it is set,
    // the test has held.
    for flag in flags(q, fid) {
        for t in &tests {
            push(or(flag.clone(), t.clone()));
        }
    }
    out
}

/// The comparisons of elements the commands `which` selects make (`a[i] != e` with `a[i]`
/// loaded), over the elements at `k` ([`at_index`]), and their negations.
fn element_tests(q: &Program, fid: FuncId, av: &ArrayViews, k: VarId, which: impl Fn(&Command) -> bool) -> Vec<Expr> {
    let cells: BTreeSet<VarId> = av.views.iter().map(|v| v.var).collect();
    let mut atoms = Vec::new();
    for (_, e) in q.funcs[fid].edges.iter().filter(|(_, e)| which(&e.cmd)) {
        for x in e.cmd.exprs() {
            comparisons(x, &mut atoms);
        }
    }
    let mut tests: Vec<Expr> = Vec::new();
    for atom in &atoms {
        let mut same = indices_read(av, atom, k);
        same.remove(&k);
        if let Some(b) = at_index(q, av, atom, &same, k).filter(|b| b.reads().iter().any(|v| cells.contains(v))) {
            for t in [b.clone(), Expr::not(b)] {
                if !tests.contains(&t) {
                    tests.push(t);
                }
            }
        }
    }
    tests
}

/// The bodies that bound elements other accesses depend on: [`used_as_indices`], and what the
/// automatic checks' assertions (`ir::checks`) say of loaded elements (`0 <= (long)toks[k]`
/// from the check of `buf[toks[i]]`) — for the memory checks, which need no other facts of
/// the arrays' contents (and pay for every candidate).
fn index_bodies(q: &Program, fid: FuncId, av: &ArrayViews, k: VarId) -> Vec<Expr> {
    let checks = |c: &Command| matches!(c, Command::Assert { origin: AssertOrigin::Check(_), .. });
    let mut out = used_as_indices(q, fid, av);
    for t in element_tests(q, fid, av, k, checks) {
        if !out.contains(&t) && out.len() < MAX_BODIES {
            out.push(t);
        }
    }
    out
}

/// `0 <= a[k]` and `a[k] < n` for the elements of an array `a` read into a register that then
/// indexes (itself, or a copy of it) an array of `n` elements: a table of offsets or positions
/// (`buf[toks[i]]`, `for (i = token[k]; uri[i] != 0; i++)`).
fn used_as_indices(q: &Program, fid: FuncId, av: &ArrayViews) -> Vec<Expr> {
    // The registers each register is copied into (`i := r`, through conversions).
    let mut copied_into: BTreeMap<VarId, Vec<VarId>> = BTreeMap::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        if let Command::Assign(x, value) = &e.cmd
            && let Expr::Var(r) = *strip_casts(value)
        {
            copied_into.entry(r).or_default().push(*x);
        }
    }
    // The registers that index an array of a constant length, with that length.
    let mut indexing: BTreeMap<VarId, i128> = BTreeMap::new();
    for (_, i, n) in indexed_accesses(q, fid) {
        indexing.entry(i).and_modify(|m| *m = (*m).min(n)).or_insert(n);
    }
    let mut out = Vec::new();
    for a in &av.accesses {
        let (Some(r), Some(cell), Some((t, _))) = (a.loaded, av.cell(a.array), av.arrays.get(&a.array)) else {
            continue;
        };
        let copies = std::iter::once(&r).chain(copied_into.get(&r).into_iter().flatten());
        let Some(n) = copies.filter_map(|x| indexing.get(x)).min().copied() else { continue };
        if n > IntTy::max(*t) {
            continue;
        }
        for body in [
            Expr::cmp(CmpOp::Le, Expr::int(0, *t), Expr::Var(cell)),
            Expr::cmp(CmpOp::Lt, Expr::Var(cell), Expr::int(n, *t)),
        ] {
            if !out.contains(&body) {
                out.push(body);
            }
        }
    }
    out
}

/// The accesses `b[i]` to an array `b` of a constant number `n` of integers at a register `i`:
/// the location each is made from, `i` and `n`.
fn indexed_accesses(q: &Program, fid: FuncId) -> Vec<(LocId, VarId, i128)> {
    let mut out = Vec::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        let (Command::Load { addr, .. } | Command::Store { addr, .. }) = &e.cmd else { continue };
        let Some((b, i, _)) = indexed_element(q, addr) else { continue };
        if let VarTy::Mem(ObjType::Array { len: ArrayLen::Fixed(n @ 1..), .. }) = &q.vars[b].ty {
            out.push((e.from, i, i128::from(*n)));
        }
    }
    out
}

/// `i >= 0` at each loop for each register `i` that indexes an array inside it: where `i`
/// starts from an element read from memory (`for (i = token[k]; uri[i] != 0; i++)`), the
/// octagons do not find it, and the element's quantified bound ([`used_as_indices`]) gives it.
fn nonnegative_indices(q: &Program, fid: FuncId, forest: &LoopForest) -> Vec<(LocId, Candidate)> {
    let mut out: Vec<(LocId, Candidate)> = Vec::new();
    for (from, i, _) in indexed_accesses(q, fid) {
        let Some(Type::Int(t)) = q.vars[i].ty.reg() else { continue };
        if !crate::nameable(q, i) || !t.is_signed() {
            continue;
        }
        let expr = Expr::cmp(CmpOp::Ge, Expr::Var(i), Expr::int(0, t));
        for (_, lp) in forest.loops.iter().filter(|(_, lp)| lp.contains(from)) {
            if !out.iter().any(|(h, c)| *h == lp.header && c.expr == expr) {
                let text = format!("{} >= 0", q.vars[i].name);
                out.push((lp.header, Candidate { expr: expr.clone(), text }));
            }
        }
    }
    out
}

/// `r == c` for each named integer register `r` that the function sets to a constant `c` and
/// sets nowhere else to anything but constants (a flag).
fn flags(q: &Program, fid: FuncId) -> Vec<Expr> {
    let mut values: BTreeMap<VarId, Option<Vec<i128>>> = BTreeMap::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        for d in e.cmd.defs() {
            let entry = values.entry(d).or_insert_with(|| Some(Vec::new()));
            match (&e.cmd, entry.as_mut()) {
                (Command::Assign(_, Expr::Int(c, _)), Some(cs)) => {
                    if !cs.contains(c) {
                        cs.push(*c);
                    }
                }
                _ => *entry = None,
            }
        }
    }
    let mut out = Vec::new();
    for (v, cs) in values {
        let (Some(cs), Some(Type::Int(t))) = (cs, q.vars[v].ty.reg()) else { continue };
        if crate::nameable(q, v) && cs.len() == 2 {
            // The value it is reset to: the one it does not start with is unknown here, so both.
            for c in cs {
                out.push(Expr::cmp(CmpOp::Eq, Expr::Var(v), Expr::int(c, t)));
            }
        }
    }
    out
}

/// The upper bounds of ranges: the arrays' lengths, and what the program compares an index
/// register with (a constant, or a named register).
fn bounds(q: &Program, fid: FuncId, av: &ArrayViews) -> Vec<Expr> {
    let mut out: Vec<Expr> = Vec::new();
    for (_, len) in av.arrays.values() {
        if !out.contains(len) {
            out.push(len.clone());
        }
    }
    let indices: BTreeSet<VarId> = av.accesses.iter().map(|a| a.index).collect();
    let mut atoms = Vec::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        if let Command::Assume(c) = &e.cmd {
            comparisons(c, &mut atoms);
        }
    }
    // Named registers before constants: a register an index is compared with is mostly the
    // count of elements written (`i < ntok`), a constant mostly a length already among them.
    let mut registers: Vec<Expr> = Vec::new();
    let mut constants: Vec<Expr> = Vec::new();
    for atom in atoms {
        let Expr::Cmp(op, x, y) = &atom else { continue };
        for (a, b, swapped) in [(x, y, false), (y, x, true)] {
            let Expr::Var(i) = *strip_casts(a) else { continue };
            if !indices.contains(&i) {
                continue;
            }
            // `i <= n` (or its negation, `i > n`; `n >= i` swapped) ends the range after `n`.
            let inclusive = matches!((op, swapped), (CmpOp::Le | CmpOp::Gt, false) | (CmpOp::Ge | CmpOp::Lt, true));
            match strip_casts(b) {
                Expr::Int(c, _) if (0..i128::from(u32::MAX)).contains(c) => {
                    constants.push(Expr::int(c + i128::from(inclusive), IntTy::I64))
                }
                Expr::Var(n)
                    if crate::nameable(q, *n)
                        && matches!(q.vars[*n].ty.reg(), Some(Type::Int(t)) if t != IntTy::U64) =>
                {
                    registers.push(if inclusive {
                        Expr::binary(BinOp::Add, IntTy::I64, wide(q, *n), Expr::int(1, IntTy::I64))
                    } else {
                        wide(q, *n)
                    })
                }
                _ => {}
            }
        }
    }
    for bound in registers.into_iter().chain(constants) {
        if !out.contains(&bound) && out.len() < MAX_BOUNDS {
            out.push(bound);
        }
    }
    out
}

/// Register `v` as a `long`.
fn wide(q: &Program, v: VarId) -> Expr {
    match q.vars[v].ty.reg() {
        Some(Type::Int(IntTy::I64)) => Expr::Var(v),
        _ => Expr::cast(IntTy::I64, Expr::Var(v)),
    }
}

/// A range `[lo, hi)` of indices, with the counter it follows (none for a whole range).
struct Range {
    counter: Option<VarId>,
    lo: Expr,
    hi: Expr,
}

/// The ranges at loop `lp`: `[0, i)` and `[i + 1, n)` for each index register `i` the loop
/// assigns, `[0, n)` for each bound `n`.
fn loop_ranges(
    q: &Program,
    fid: FuncId,
    lp: &leapfrog_ir::loops::Loop,
    av: &ArrayViews,
    bounds: &[Expr],
) -> Vec<Range> {
    let mut assigned: BTreeSet<VarId> = BTreeSet::new();
    for (_, e) in q.funcs[fid].edges.iter() {
        if lp.contains(e.from) && lp.contains(e.to) {
            assigned.extend(e.cmd.defs());
        }
    }
    let counters: BTreeSet<VarId> = av.accesses.iter().map(|a| a.index).filter(|i| assigned.contains(i)).collect();
    let zero = Expr::int(0, IntTy::I64);
    let mut out = Vec::new();
    for &i in &counters {
        out.push(Range { counter: Some(i), lo: zero.clone(), hi: wide(q, i) });
        let next = Expr::binary(BinOp::Add, IntTy::I64, wide(q, i), Expr::int(1, IntTy::I64));
        for b in bounds {
            out.push(Range { counter: Some(i), lo: next.clone(), hi: b.clone() });
        }
    }
    for b in bounds {
        out.push(Range { counter: None, lo: zero.clone(), hi: b.clone() });
    }
    out
}

/// `∀k ∈ range: body` over the elements inside the arrays the body reads, with its C text.
fn quantified(q: &Program, av: &ArrayViews, k: VarId, range: &Range, body: &Expr) -> Candidate {
    let c = |e: &Expr| leapfrog_ir::print::expr_to_c(q, e);
    // The lengths of the arrays the body reads.
    let mut lens: Vec<&Expr> = Vec::new();
    for v in av.views.iter().filter(|v| body.reads().contains(&v.var)) {
        if let Some((_, n)) = av.arrays.get(&v.object)
            && !lens.contains(&n)
        {
            lens.push(n);
        }
    }
    let kv = Expr::Var(k);
    let mut guard = vec![
        Expr::cmp(CmpOp::Le, range.lo.clone(), kv.clone()),
        Expr::cmp(CmpOp::Lt, kv.clone(), range.hi.clone()),
        Expr::cmp(CmpOp::Le, Expr::int(0, IntTy::I64), kv.clone()),
    ];
    guard.extend(lens.iter().map(|n| Expr::cmp(CmpOp::Lt, kv.clone(), (*n).clone())));
    let expr = or(Expr::not(conjunction(&guard)), body.clone());
    let kname = &q.vars[k].name;
    let long = leapfrog_ir::print::c_int_type(IntTy::I64, q.data_model);
    let within: String = lens.iter().map(|n| format!(" && {kname} < {}", c(n))).collect();
    let (lo, hi) = (c(&range.lo), c(&range.hi));
    let text = format!(
        "({{ {long} {kname}; for ({kname} = {lo}; {kname} < {hi}; {kname}++) if ({kname} >= 0{within} && !({})) break; {kname} >= {hi}; }})",
        c(body)
    );
    Candidate { expr, text }
}

/// The template candidates per loop header of `q`'s function `fid` over the views `av` added.
pub fn candidates(q: &Program, fid: FuncId, forest: &LoopForest, av: &ArrayViews) -> Vec<(LocId, Candidate)> {
    let Some(k) = av.index_var() else { return Vec::new() };
    quantified_candidates(q, fid, forest, av, k, bodies(q, fid, av, k))
}

/// The template candidates whose bodies bound the elements used as indices or checked by the
/// automatic checks ([`index_bodies`]), and the indices' lower bounds
/// ([`nonnegative_indices`]): for the memory checks.
pub fn index_candidates(q: &Program, fid: FuncId, forest: &LoopForest, av: &ArrayViews) -> Vec<(LocId, Candidate)> {
    let Some(k) = av.index_var() else { return Vec::new() };
    let mut out = quantified_candidates(q, fid, forest, av, k, index_bodies(q, fid, av, k));
    out.extend(nonnegative_indices(q, fid, forest));
    out
}

/// `bodies` quantified over the ranges of each loop, with the range facts of the registers
/// they compare elements with.
fn quantified_candidates(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    av: &ArrayViews,
    k: VarId,
    bodies: Vec<Expr>,
) -> Vec<(LocId, Candidate)> {
    if bodies.is_empty() {
        return Vec::new();
    }
    let bounds = bounds(q, fid, av);
    // The registers the bodies compare elements with are within their type's range: a store
    // converts what it writes to the element type, which the checker's mathematical integers
    // make exact only for values in range (`a[k] == v` after `a[i] = v`).
    let cells: BTreeSet<VarId> = av.views.iter().map(|v| v.var).collect();
    let mut ranged: Vec<VarId> = Vec::new();
    for body in &bodies {
        for v in body.reads() {
            if v != k && !cells.contains(&v) && !ranged.contains(&v) {
                ranged.push(v);
            }
        }
    }
    // (A constant end past the shortest array a body reads is that array's length, which is a
    // range of its own.)
    let shortest: Vec<Option<i128>> = bodies
        .iter()
        .map(|body| {
            av.views
                .iter()
                .filter(|v| body.reads().contains(&v.var))
                .filter_map(|v| av.arrays.get(&v.object).and_then(|(_, n)| n.as_const()))
                .min()
        })
        .collect();
    let mut out = Vec::new();
    for (_, lp) in forest.loops.iter() {
        for &v in &ranged {
            let Some(Type::Int(t)) = q.vars[v].ty.reg() else { continue };
            let name = &q.vars[v].name;
            for (op, bound) in [(CmpOp::Ge, t.min()), (CmpOp::Le, t.max())] {
                let expr = Expr::cmp(op, Expr::Var(v), Expr::int(bound, t));
                out.push((lp.header, Candidate { expr, text: format!("{name} {} {bound}", op.c_symbol()) }));
            }
        }
        let ranges = loop_ranges(q, fid, lp, av, &bounds);
        for (body, &shortest) in bodies.iter().zip(&shortest) {
            // A range that follows a counter only for a body over arrays the counter indexes.
            let indexes = |i: VarId| {
                av.accesses.iter().any(|a| a.index == i && av.cell(a.array).is_some_and(|c| body.reads().contains(&c)))
            };
            let past = |r: &Range| matches!((r.hi.as_const(), shortest), (Some(hi), Some(n)) if hi > n);
            for range in ranges.iter().filter(|r| r.counter.is_none_or(indexes) && !past(r)) {
                out.push((lp.header, quantified(q, av, k, range, body)));
            }
        }
    }
    out
}
