//! Memory cells as registers: [`promote_cells`] rewrites an allocated scalar that is only ever
//! read and written through the pointer the allocation returned (termCOMP's "alloca" programs:
//! `int *x_ref = alloca(sizeof(int)); *x_ref = x; while (*x_ref > 0) ...`) into a register, so
//! that every engine sees its arithmetic.
//!
//! An allocation `a := alloc N` of the function (outside every loop: one object per execution)
//! is promoted when
//! * `a` has no other definition, and each register that copies it (`b := a`, its only
//!   definition) is an *alias* of it in turn;
//! * every other mention of an alias is the whole address of a `load` or a `store` (the pointer
//!   is never compared, offset, stored or passed: nothing else can reach the object), or a
//!   `free` after which nothing touches the object (it becomes a skip);
//! * all those loads and stores have one register type of exactly `N` bytes;
//! * on every path, a store comes before each load (no read of never-written bytes, which
//!   would be an input) — unless the caller says how to promote such a cell ([`Unwritten`]).
//!
//! Then `a := alloc N` becomes `cell := 0` (never read before a store; else as [`Unwritten`]
//! says: the never-written contents, which the interpreter's first read fixes), each copy a
//! `skip`, each
//! `d := load b` becomes `d := cell` and each `store b, v` becomes `cell := v`. The executions
//! of the result are those of the original, step for step (a step count aside: none is
//! removed), with the object's contents in `cell`. The new register is named `(*b)` after an
//! alias `b` the source declares, and has `b`'s scope: facts over it are C at the loop.

use crate::command::{Command, HavocOrigin};
use crate::expr::Expr;
use crate::ids::{EdgeId, FuncId, Id, LocId, VarId};
use crate::loops::LoopForest;
use crate::program::{Program, Var, VarKind};
use crate::types::{Type, VarTy};
use std::collections::{BTreeMap, BTreeSet};

/// What [`promote_cells`] made.
pub struct Promoted {
    pub program: Program,
    /// The cells promoted, and of those the ones some path reads before any store.
    pub cells: usize,
    pub read_unwritten: usize,
}

/// What to do with a cell some path reads before a store (its first read is an input).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unwritten {
    /// Leave it in memory.
    Keep,
    /// Promote it, the allocation havocking the register: the same executions, but the input
    /// is taken at the allocation, earlier than the interpreter's first read takes it (a run's
    /// inputs come in another order). The simplest for proofs.
    HavocAtAllocation,
    /// Promote it with a flag `\written(*b)`, false at the allocation and set by every store
    /// and by the first read, which havocs the register: the inputs come in the original's
    /// order, for executions to replay (lassos).
    HavocAtFirstRead,
}

/// `p` with the allocated scalars of `fid` that qualify (see the module documentation) promoted
/// to registers; those some path reads before a store as `unwritten` says.
pub fn promote_cells(p: &Program, fid: FuncId, unwritten: Unwritten) -> Promoted {
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    let defs = definitions(f);
    let mut out = p.clone();
    let (mut cells, mut read_unwritten) = (0, 0);
    for (alloc_edge, e) in f.edges.iter() {
        let Command::Alloc { dst, size, .. } = &e.cmd else { continue };
        let Some(bytes) = size.as_const() else { continue };
        if forest.innermost[e.from].is_some() || definition_count(f, &defs, *dst, false) != 1 {
            continue;
        }
        let Some(cell) = Cell::find(p, fid, alloc_edge, *dst, &defs) else { continue };
        if cell.ty.bytes(p.data_model) as i128 != bytes {
            continue;
        }
        let mode = if cell.written_before_read(p, fid) { None } else { Some(unwritten) };
        if mode != Some(Unwritten::Keep) {
            cell.rewrite(&mut out, fid, mode);
            cells += 1;
            read_unwritten += usize::from(mode.is_some());
        }
    }
    Promoted { program: out, cells, read_unwritten }
}

/// The edges that define each register of `f`.
pub(crate) fn definitions(f: &crate::Function) -> BTreeMap<VarId, Vec<EdgeId>> {
    let mut defs: BTreeMap<VarId, Vec<EdgeId>> = BTreeMap::new();
    for (id, e) in f.edges.iter() {
        for v in e.cmd.defs() {
            defs.entry(v).or_default().push(id);
        }
    }
    defs
}

/// How many edges define `v` (not counting its declaration's, `int *b;`, when
/// `uninit_declared`).
pub(crate) fn definition_count(
    f: &crate::Function,
    defs: &BTreeMap<VarId, Vec<EdgeId>>,
    v: VarId,
    uninit_declared: bool,
) -> usize {
    let declaration =
        |e: &&EdgeId| uninit_declared && matches!(f.edges[**e].cmd, Command::Havoc(_, HavocOrigin::Uninit));
    defs.get(&v).map_or(0, |es| es.iter().filter(|e| !declaration(e)).count())
}

/// The aliases of the pointer `dst` (itself, and the registers whose one definition copies an
/// alias, none global), and the copies' edges; `None` when a copy has another definition
/// (but for its declaration's, `int *x;`, when `uninit_declared`).
pub(crate) fn aliases_of(
    p: &Program,
    fid: FuncId,
    dst: VarId,
    defs: &BTreeMap<VarId, Vec<EdgeId>>,
    uninit_declared: bool,
) -> Option<(BTreeSet<VarId>, Vec<EdgeId>)> {
    let f = &p.funcs[fid];
    let mut aliases: BTreeSet<VarId> = BTreeSet::from([dst]);
    let mut copies = Vec::new();
    loop {
        let before = aliases.len();
        for (id, e) in f.edges.iter() {
            if let Command::Assign(b, Expr::Var(a)) = &e.cmd
                && aliases.contains(a)
                && !aliases.contains(b)
            {
                if definition_count(f, defs, *b, uninit_declared) != 1 || p.vars[*b].kind == VarKind::Global {
                    return None;
                }
                aliases.insert(*b);
                copies.push(id);
            }
        }
        if aliases.len() == before {
            return Some((aliases, copies));
        }
    }
}

/// Whether after each of `frees` no edge of `touches` can run: a `free` after which nothing
/// touches the object again ends its life, and may be a skip. (One followed by an access or
/// another `free` is undefined behaviour a promotion would hide.)
pub(crate) fn nothing_after_free(f: &crate::Function, frees: &[EdgeId], touches: &BTreeSet<EdgeId>) -> bool {
    let succ = f.successors();
    for free in frees {
        let mut seen = vec![false; f.locs.len()];
        let mut stack = vec![f.edges[*free].to];
        while let Some(l) = stack.pop() {
            if std::mem::replace(&mut seen[l.index()], true) {
                continue;
            }
            for e in &succ[l] {
                if touches.contains(e) {
                    return false;
                }
                stack.push(f.edges[*e].to);
            }
        }
    }
    true
}

/// Whether `e` reads one of `aliases`.
pub(crate) fn mentions(aliases: &BTreeSet<VarId>, e: &Expr) -> bool {
    let mut any = false;
    e.for_each_var(&mut |v| any |= aliases.contains(&v));
    any
}

/// Whether `cmd` reads or defines one of `aliases` (an opaque step's computation included).
pub(crate) fn reads_or_defines(aliases: &BTreeSet<VarId>, cmd: &Command) -> bool {
    let mut any =
        cmd.exprs().into_iter().any(|e| mentions(aliases, e)) || cmd.defs().iter().any(|v| aliases.contains(v));
    if let Command::Opaque { compute: Some(c), .. } = cmd {
        c.for_each_var(&mut |v| any |= aliases.contains(&v));
    }
    any
}

/// The alias a promoted object is named after: one the source declares (else the first).
pub(crate) fn source_named(p: &Program, aliases: &BTreeSet<VarId>) -> VarId {
    aliases.iter().find(|v| p.vars[**v].scope.is_some()).or_else(|| aliases.first()).copied().expect("an alias")
}

/// An allocation whose object only its aliases' loads and stores reach.
struct Cell {
    alloc: EdgeId,
    aliases: BTreeSet<VarId>,
    copies: Vec<EdgeId>,
    loads: Vec<EdgeId>,
    stores: Vec<EdgeId>,
    frees: Vec<EdgeId>,
    ty: Type,
}

impl Cell {
    fn find(p: &Program, fid: FuncId, alloc: EdgeId, dst: VarId, defs: &BTreeMap<VarId, Vec<EdgeId>>) -> Option<Cell> {
        let f = &p.funcs[fid];
        let (aliases, copies) = aliases_of(p, fid, dst, defs, false)?;
        let (mut loads, mut stores, mut frees, mut ty) = (Vec::new(), Vec::new(), Vec::new(), None);
        let mut same_type = |t: Option<Type>| -> bool {
            match (t, ty) {
                (Some(t), None) => {
                    ty = Some(t);
                    true
                }
                (Some(t), Some(u)) => t == u,
                (None, _) => false,
            }
        };
        let mentions = |x: &Expr| mentions(&aliases, x);
        for (id, e) in f.edges.iter() {
            if id == alloc || copies.contains(&id) {
                continue;
            }
            match &e.cmd {
                Command::Load { dst, addr: Expr::Var(b) } if aliases.contains(b) => {
                    if !same_type(p.vars[*dst].ty.reg()) {
                        return None;
                    }
                    loads.push(id);
                }
                Command::Free(Expr::Var(b)) if aliases.contains(b) => frees.push(id),
                Command::Store { addr: Expr::Var(b), value } if aliases.contains(b) => {
                    if mentions(value) || !same_type(value.ty(p)) {
                        return None;
                    }
                    stores.push(id);
                }
                cmd if reads_or_defines(&aliases, cmd) => return None,
                _ => {}
            }
        }
        // (Floats move by their own steps, never by a plain load.)
        let ty = ty.filter(|t| !matches!(t, Type::Float(_)))?;
        let touches: BTreeSet<EdgeId> = loads.iter().chain(&stores).chain(&frees).copied().collect();
        if !nothing_after_free(f, &frees, &touches) {
            return None;
        }
        Some(Cell { alloc, aliases, copies, loads, stores, frees, ty })
    }

    /// Whether on every path from the function's entry a store to the object comes before each
    /// load of it.
    fn written_before_read(&self, p: &Program, fid: FuncId) -> bool {
        let f = &p.funcs[fid];
        // `written[l]`: every path from the entry to `l` stores (`None`: not reached yet).
        let mut written: Vec<Option<bool>> = vec![None; f.locs.len()];
        written[f.entry.index()] = Some(false);
        let succ = f.successors();
        let mut work: Vec<LocId> = vec![f.entry];
        while let Some(l) = work.pop() {
            let here = written[l.index()].expect("reached");
            for e in &succ[l] {
                let edge = &f.edges[*e];
                let after = here || self.stores.contains(e);
                let slot = &mut written[edge.to.index()];
                let next = Some(slot.map_or(after, |w| w && after));
                if *slot != next {
                    *slot = next;
                    work.push(edge.to);
                }
            }
        }
        self.loads.iter().all(|e| written[f.edges[*e].from.index()] != Some(false))
    }

    /// `unwritten`: `None` when every path stores before it reads.
    fn rewrite(&self, out: &mut Program, fid: FuncId, unwritten: Option<Unwritten>) {
        // Named after an alias the source declares (else the allocation's register).
        let named = source_named(out, &self.aliases);
        let template = out.vars[named].clone();
        let mut register = |name: String, ty: Type| {
            out.vars.push(Var {
                name,
                ty: VarTy::Reg(ty),
                kind: VarKind::Local,
                func: Some(fid),
                span: template.span,
                scope: template.scope,
            })
        };
        let cell = register(format!("(*{})", template.name), self.ty);
        let flag = (unwritten == Some(Unwritten::HavocAtFirstRead))
            .then(|| register(format!("\\written((*{}))", template.name), Type::Bool));
        let f = &mut out.funcs[fid];
        f.locals.push(cell);
        f.locals.extend(flag);
        let zero = match self.ty {
            Type::Int(t) => Expr::Int(0, t),
            Type::Bool => Expr::Bool(false),
            Type::Ptr | Type::Float(_) => Expr::Null,
        };
        f.edges[self.alloc].cmd = match (unwritten, flag) {
            (_, Some(_)) | (None, _) => Command::Assign(cell, zero),
            (Some(_), None) => Command::Havoc(cell, HavocOrigin::Uninit),
        };
        if let Some(flag) = flag {
            // (The register holds a known value until the first read havocs it: a state with
            // the flag down is one the program has.)
            let (to, span) = (f.edges[self.alloc].to, f.edges[self.alloc].span);
            let cleared = f.add_loc();
            f.edges[self.alloc].to = cleared;
            f.add_edge(cleared, to, Command::Assign(flag, Expr::Bool(false)), span);
        }
        for e in self.copies.iter().chain(&self.frees) {
            f.edges[*e].cmd = Command::Skip;
        }
        for e in &self.loads {
            let Command::Load { dst, .. } = f.edges[*e].cmd else { continue };
            f.edges[*e].cmd = Command::Assign(dst, Expr::Var(cell));
            if let Some(flag) = flag {
                // `from -[!flag]-> havoc cell; flag := true -> read`, `from -[flag]-> read`.
                let (from, span) = (f.edges[*e].from, f.edges[*e].span);
                let (first, havocked, read) = (f.add_loc(), f.add_loc(), f.add_loc());
                f.edges[*e].from = read;
                f.add_edge(from, first, Command::Assume(Expr::not(Expr::Var(flag))), span);
                // (An input taken right here, as the original's read takes it: an `Uninit` havoc
                // would leave the register unset until it is read, which is the next edge.)
                let input = HavocOrigin::Nondet("a read of never-written memory".into());
                f.add_edge(first, havocked, Command::Havoc(cell, input), span);
                f.add_edge(havocked, read, Command::Assign(flag, Expr::Bool(true)), span);
                f.add_edge(from, read, Command::Assume(Expr::Var(flag)), span);
            }
        }
        for e in &self.stores {
            let Command::Store { value, .. } = &f.edges[*e].cmd else { continue };
            f.edges[*e].cmd = Command::Assign(cell, value.clone());
            if let Some(flag) = flag {
                let (to, span) = (f.edges[*e].to, f.edges[*e].span);
                let stored = f.add_loc();
                f.edges[*e].to = stored;
                f.add_edge(stored, to, Command::Assign(flag, Expr::Bool(true)), span);
            }
        }
    }
}
