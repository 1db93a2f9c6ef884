//! Automatic checks: the memory-safety and signed-overflow conditions of every command of one
//! call-free function, written into a copy of it as assertions (loopfrog-summarization-atva08 §4:
//! the checks a program gets without annotations), each with a number, a kind and the source
//! position of the command it guards.
//!
//! A check is an [`AssertOrigin::Check`] assertion placed before its command, over the
//! program's own values and *ghost* registers: for every pointer register `p` whose value can be
//! followed (every definition of it is an address of a variable, an allocation, null, or another
//! such pointer moved by an offset), `p`'s offset from the start of its object, the object's size
//! (`-1` once the object is freed) and its identity (`0` null, `-1` an object not on the heap,
//! `k > 0` the `k`-th heap allocation). So the checks are integer assertions every engine reads:
//!
//! - `valid-deref`: a load, store or block copy of `w` bytes at `p`: `0 <= off(p)` and
//!   `off(p) + w <= size(p)` (null has size 0, a freed object size -1);
//! - `valid-free`: `free(p)`: `p` null, or the start of a live heap object; afterwards every
//!   followed pointer into that object has size -1;
//! - `valid-memtrack`: when the entry returns or the program exits, no heap object is live (a
//!   counter of live heap objects is 0; stronger than SV-COMP's property, which also accepts
//!   memory still reachable from globals — a violation of this check alone is never reported
//!   without the interpreter finding leaked memory);
//! - `no-overflow`: every signed `+ - * / % <<` and negation: its exact result fits its type.
//!
//! What cannot be written so becomes a check without an assertion ([`Check::unchecked`], the
//! reason): an access through a pointer loaded from memory, an extern call that receives a
//! pointer (`strcpy`), a 64-bit signed multiplication or shift. Such a check can be shown
//! violated (by an execution), never proven.
//!
//! The checks are exact where they are written: an execution of the instrumented function fails
//! a check exactly when the original command would go wrong at that point, with one exception,
//! memory of a function's frame that outlives the call (the inlined function keeps every
//! local alive): [`escaping_frame_addresses`] says, on the program before inlining, whether
//! an address of a frame object may outlive the frame.
use crate::command::{AllocRegion, AssertOrigin, Command, Computed, HavocOrigin};
use crate::expr::{Expr, VarTypes};
use crate::float::FloatStep;
use crate::ids::{FuncId, LocId, VarId};
use crate::program::{Program, Var, VarKind, VarScope};
use crate::types::{Type, VarTy};
use leapfrog_arith::{BinOp, CmpOp, IntTy, UnOp};
use leapfrog_source::Span;
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod cells;
mod objects;

pub use cells::{Cell, CopiedInto, StaticCopy, scalar_cells, static_cell, static_registers};
mod strings;

/// What a check guards, named as SV-COMP's properties name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CheckKind {
    ValidDeref,
    ValidFree,
    ValidMemtrack,
    NoOverflow,
}

impl CheckKind {
    /// `valid-deref`, `valid-free`, `valid-memtrack`, `no-overflow`.
    pub fn name(self) -> &'static str {
        match self {
            CheckKind::ValidDeref => "valid-deref",
            CheckKind::ValidFree => "valid-free",
            CheckKind::ValidMemtrack => "valid-memtrack",
            CheckKind::NoOverflow => "no-overflow",
        }
    }
}

/// One check: the assertions numbered `id` (none when [`Check::unchecked`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    pub id: u32,
    pub kind: CheckKind,
    /// The command it guards.
    pub span: Span,
    /// What is checked, in words: "write of 1 byte through `p`", "`x + y` in `int`".
    pub what: String,
    /// Why no assertion could be written for it, when none was.
    pub unchecked: Option<String>,
}

/// Which checks to write.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct CheckedProperties {
    /// `valid-deref`, `valid-free` and `valid-memtrack`.
    pub memsafety: bool,
    /// `no-overflow`.
    pub overflow: bool,
    /// Keep the program's own assertions (`unreach-call`); otherwise a failing one ends the
    /// execution quietly (it becomes an assumption).
    pub assertions: bool,
    /// With `memsafety`, also keep the strings' lengths (`\\nonzero_prefix(x)`,
    /// `\\first_zero(x)`: `strings`), which cost the analyses more ghosts and branches.
    pub string_lengths: bool,
}

/// The instrumented program and its checks, in order of their ids (from 0).
#[derive(Clone, Debug)]
pub struct Instrumented {
    pub program: Program,
    pub checks: Vec<Check>,
    /// Candidate invariants over the ghosts that the checks' proofs often need (the string
    /// domain's templates), with their text: for the engines to try at every loop.
    pub templates: Vec<(Expr, String)>,
    /// Whether the heap's ghosts are made unusable somewhere (a block freed or allocated out of
    /// their sight: [`Writer::forget_heap`]), so that checks fail on purpose there: they are no
    /// undefined behaviour of the program.
    pub heap_forgotten: bool,
}

/// A code fragment placed before (or after) a command.
enum Step {
    Cmd(Command),
    /// `if (cond) { steps }`.
    If(Expr, Vec<Step>),
}

/// The ghost registers of one followed pointer register.
#[derive(Copy, Clone)]
struct Ghost {
    off: VarId,
    size: VarId,
    obj: VarId,
}

impl Ghost {
    /// Where the pointer these ghosts follow points.
    fn provenance(&self) -> Provenance {
        Provenance { off: Expr::Var(self.off), size: Expr::Var(self.size), obj: Expr::Var(self.obj) }
    }
}

/// Where a pointer expression points, over ghost registers: its offset, its object's size and
/// identity (all `long`).
struct Provenance {
    off: Expr,
    size: Expr,
    obj: Expr,
}

impl Provenance {
    /// A pointer no access may go through (uninitialized, or of an object the ghosts lost).
    fn unusable() -> Provenance {
        Provenance { off: int(0), size: int(-1), obj: int(0) }
    }
}

const G: IntTy = IntTy::I64;

/// What the count of live heap objects is raised by when a free the ghosts cannot follow makes
/// it unknown: no execution frees that many objects afterwards, so the memtrack check fails.
const POISON: i128 = 1 << 40;

fn int(v: i128) -> Expr {
    Expr::Int(v, G)
}

fn add(a: Expr, b: Expr) -> Expr {
    match (&a, &b) {
        (_, Expr::Int(0, _)) => a,
        (Expr::Int(0, _), _) => b,
        _ => Expr::binary(BinOp::Add, G, a, b),
    }
}

/// Whether `var` is a variable the checks added (ghosts and their temporaries are all named
/// with a leading backslash: `\\offset(p)`, `\\read_at`); facts over them are printed apart
/// from the C invariants.
pub fn is_checks_variable(var: &Var) -> bool {
    var.is_ghost()
}

/// Whether `var` is one of the checks' ghosts that invariants may name (`\\offset(p)`,
/// `\\object_size(p)`, `\\object(p)`, `\\allocations`, `\\live_heap_objects`).
pub fn is_check_ghost(var: &Var) -> bool {
    [
        "\\offset(",
        "\\object_size(",
        "\\object(",
        "\\allocations",
        "\\live_heap_objects",
        "\\last_zero(",
        "\\nonzero_prefix(",
        "\\first_zero(",
    ]
    .iter()
    .any(|prefix| var.name.starts_with(prefix))
}

/// Whether an extern call may allocate or free heap memory the ghosts do not see: `realloc`,
/// or any function returning a pointer other than the nondeterministic-value ones (`strdup`
/// allocates). After one, no check relies on the heap's ghosts ([`Writer::forget_heap`]).
fn may_allocate(cmd: &Command, vars: &crate::IdVec<VarId, Var>) -> bool {
    let Command::CallExtern { dst, name, .. } = cmd else { return false };
    name.starts_with("realloc")
        || (dst.is_some_and(|d| vars[d].ty.reg() == Some(Type::Ptr)) && !name.starts_with("__VERIFIER_nondet"))
}

/// The value of a constant expression (constants and conversions of them).
pub(crate) fn constant(e: &Expr) -> Option<i128> {
    match e {
        Expr::Int(v, _) => Some(*v),
        Expr::Cast(ty, x) => constant(x).map(|v| ty.convert(v)),
        _ => None,
    }
}

/// `e` as a `long` (its value converted, as C converts it).
fn widened(e: &Expr, vars: &dyn VarTypes) -> Expr {
    if let Some(v) = constant(e) {
        return int(G.convert(v));
    }
    if let Some((exact, _)) = exact_long(e, vars) {
        return exact;
    }
    match e.ty(vars) {
        Some(Type::Int(G)) => e.clone(),
        _ => Expr::cast(G, e.clone()),
    }
}

/// `(long)e` written in `long` arithmetic without conversions where the values are small
/// enough, and how many bits (besides the sign) bound its magnitude: `(long)((unsigned long)n *
/// 4)` is `(long)n * 4` for an `int n`, since a 64-bit conversion keeps every value of a
/// narrower type modulo 2^64, and wrapping addition and multiplication agree with the exact
/// ones while the exact result fits in a `long`. So the analyses see `malloc(n * sizeof(int))`'s
/// size as `4 * n`. `None` when no such form is known.
fn exact_long(e: &Expr, vars: &dyn VarTypes) -> Option<(Expr, u32)> {
    let ty = match e.ty(vars)? {
        Type::Int(t) => t,
        _ => return None,
    };
    match e {
        Expr::Int(..) | Expr::Cast(..) if constant(e).is_some() => {
            let v = G.convert(constant(e)?);
            Some((int(v), 128 - v.unsigned_abs().leading_zeros()))
        }
        Expr::Cast(to, x) if to.bits() == 64 => {
            let (y, k) = exact_long(x, vars)?;
            (k <= 62).then_some((y, k))
        }
        Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), t, a, b) if t.bits() == 64 => {
            let (ya, ka) = exact_long(a, vars)?;
            let (yb, kb) = exact_long(b, vars)?;
            let k = if *op == BinOp::Mul { ka + kb } else { ka.max(kb) + 1 };
            (k <= 62).then(|| (Expr::binary(*op, G, ya, yb), k))
        }
        _ if ty.bits() <= 32 && !ty.is_bool() => Some((Expr::cast(G, e.clone()), ty.bits())),
        _ => None,
    }
}

/// Writes the checks `props` asks for into a copy of `p` whose function `fid` is call-free (an
/// inlined entry).
pub fn instrument(p: &Program, fid: FuncId, props: CheckedProperties) -> Instrumented {
    let mut q = p.clone();
    let mut w = Writer {
        q: &mut q,
        fid,
        checks: Vec::new(),
        ghosts: BTreeMap::new(),
        counters: None,
        strings: strings::Terminators::default(),
        bases: BTreeMap::new(),
        regs: BTreeMap::new(),
        cell_ghosts: BTreeMap::new(),
        heap_forgotten: false,
    };
    w.run(props);
    let templates = w.strings.templates(&w);
    let (checks, heap_forgotten) = (w.checks, w.heap_forgotten);
    Instrumented { program: q, checks, templates, heap_forgotten }
}

/// `p` with the memory-safety checks of its call-free function `fid` written as assumptions:
/// the executions without undefined memory accesses or frees, each with the checks' ghosts
/// (`\\offset(p)`, `\\object_size(p)`, `\\last_zero(x)`, ...) kept along. A termination argument
/// may lean on them: an execution that reads outside its object has undefined behaviour and ends
/// there, as the interpreter ends it (a walk `while (*s) s++` is ranked by
/// `\\object_size(s) - \\offset(s)`). A leak is no undefined behaviour: the `valid-memtrack`
/// checks are dropped. `None` when no assumption would be written, or when some would not be
/// undefined behaviour: where the heap's ghosts are forgotten (a block freed through a pointer
/// from memory, `realloc`), the checks after fail on purpose.
pub fn assuming_memory_safety(p: &Program, fid: FuncId) -> Option<Program> {
    let props = CheckedProperties { memsafety: true, overflow: false, assertions: true, string_lengths: false };
    let Instrumented { mut program, checks, heap_forgotten, .. } = instrument(p, fid, props);
    if heap_forgotten {
        return None;
    }
    let mut assumed = 0;
    for (_, e) in program.funcs[fid].edges.iter_mut() {
        if let Command::Assert { cond, origin: AssertOrigin::Check(id) } = &e.cmd {
            e.cmd = match checks[*id as usize].kind {
                CheckKind::ValidMemtrack => Command::Skip,
                _ => {
                    assumed += 1;
                    Command::Assume(cond.clone())
                }
            };
        }
    }
    (assumed > 0).then_some(program)
}

struct Writer<'a> {
    q: &'a mut Program,
    fid: FuncId,
    checks: Vec<Check>,
    /// In variable order, so that the code written is the same on every run.
    ghosts: BTreeMap<VarId, Ghost>,
    /// The heap allocations made so far, and the live heap objects.
    counters: Option<(VarId, VarId)>,
    /// The known terminators of byte buffers.
    strings: strings::Terminators,
    /// The object each pointer register points into.
    bases: BTreeMap<VarId, objects::Base>,
    /// The registers holding one address known statically, and the ghosts of the pointer
    /// cells only stores of a pointer write (`cells`).
    regs: BTreeMap<VarId, cells::Cell>,
    cell_ghosts: BTreeMap<cells::Cell, Ghost>,
    /// Whether [`Writer::forget_heap`] wrote anything.
    heap_forgotten: bool,
}

impl Writer<'_> {
    fn run(&mut self, props: CheckedProperties) {
        if props.memsafety {
            self.regs = cells::static_registers(self.q, self.fid);
            let (cells, bases) = cells::pointer_cells(self.q, self.fid, &self.regs);
            self.bases = bases;
            self.make_ghosts(&cells);
            self.strings = strings::Terminators::plan(self, props.string_lengths);
        }
        let f = &self.q.funcs[self.fid];
        let locs: Vec<LocId> = f.locs.ids().collect();
        let succ = f.successors();
        let (exit, halt) = (f.exit, f.halt);
        // Per location: the steps before its outgoing edges (the checks of every outgoing
        // edge: a branching location's edges are assumptions over the same values), and per
        // edge the ghost updates after it.
        let mut before: Vec<(LocId, Vec<Step>, Span)> = Vec::new();
        let mut after: Vec<(crate::ids::EdgeId, Vec<Step>)> = Vec::new();
        for l in locs {
            let mut steps = Vec::new();
            for &e in &succ[l] {
                let edge = self.q.funcs[self.fid].edges[e].clone();
                if props.overflow {
                    for x in edge.cmd.exprs() {
                        self.overflow_checks(x, edge.span, &mut steps);
                    }
                }
                if props.memsafety {
                    self.memory_checks(&edge.cmd, edge.span, &mut steps);
                    let mut updates = self.ghost_updates(&edge.cmd);
                    updates.extend(self.string_updates(&edge.cmd));
                    updates.extend(self.comparison_facts(&edge.cmd));
                    if !updates.is_empty() {
                        after.push((e, updates));
                    }
                    if matches!(edge.cmd, Command::Exit(_) | Command::Abort) && edge.to == halt {
                        self.memtrack_check(edge.span, "the program exits or aborts", &mut steps);
                    }
                }
                if !props.assertions
                    && let Command::Assert { cond, origin } = &edge.cmd
                    && !matches!(origin, AssertOrigin::Check(_))
                {
                    // A failing assertion ends the execution: quietly (`abort` where it went to
                    // the halt location, which only terminal commands may reach).
                    self.q.funcs[self.fid].edges[e].cmd =
                        if edge.to == halt { Command::Abort } else { Command::Assume(cond.clone()) };
                }
            }
            if !steps.is_empty() {
                let span = succ[l].first().map_or(Span::UNKNOWN, |e| self.q.funcs[self.fid].edges[*e].span);
                before.push((l, steps, span));
            }
        }
        for (e, steps) in after {
            let f = &mut self.q.funcs[self.fid];
            let to = f.edges[e].to;
            let mid = f.add_loc();
            f.edges[e].to = mid;
            let end = emit(f, mid, steps, f.edges[e].span);
            f.add_edge(end, to, Command::Skip, Span::UNKNOWN);
        }
        for (l, steps, span) in before {
            let f = &mut self.q.funcs[self.fid];
            let rest = f.add_loc();
            for (_, e) in f.edges.iter_mut() {
                if e.from == l {
                    e.from = rest;
                }
            }
            let end = emit(f, l, steps, span);
            f.add_edge(end, rest, Command::Skip, Span::UNKNOWN);
        }
        if props.memsafety && self.counters.is_some() {
            // When the entry returns.
            let mut steps = Vec::new();
            let span = self.q.funcs[self.fid].span;
            self.memtrack_check(span, "the entry function returns", &mut steps);
            let f = &mut self.q.funcs[self.fid];
            let before_exit = f.add_loc();
            for (_, e) in f.edges.iter_mut() {
                if e.to == exit {
                    e.to = before_exit;
                }
            }
            let end = emit(f, before_exit, steps, span);
            f.add_edge(end, exit, Command::Skip, Span::UNKNOWN);
        }
        if props.memsafety {
            let mut init = Vec::new();
            for g in self.ghosts.values().chain(self.cell_ghosts.values()) {
                init.push(Command::Assign(g.off, int(0)));
                init.push(Command::Assign(g.size, int(-1)));
                init.push(Command::Assign(g.obj, int(0)));
            }
            if let Some((count, live)) = self.counters {
                init.push(Command::Assign(count, int(0)));
                init.push(Command::Assign(live, int(0)));
            }
            init.extend(self.strings.init());
            self.q.funcs[self.fid].prepend(init);
        }
    }

    fn new_check(&mut self, kind: CheckKind, span: Span, what: String, unchecked: Option<String>) -> u32 {
        let id = self.checks.len() as u32;
        self.checks.push(Check { id, kind, span, what, unchecked });
        id
    }

    /// A ghost register: a temporary, or — with a scope — one the checks' invariants may name
    /// (`\\offset(p)` where `p` is in scope; its name starts with `\\`, which no C name does,
    /// so printed invariants keep its conjuncts apart).
    fn ghost_var(&mut self, name: String, scope: Option<VarScope>) -> VarId {
        let v = self.q.vars.push(Var {
            name,
            ty: VarTy::Reg(Type::Int(G)),
            kind: if scope.is_some() { VarKind::Local } else { VarKind::Temp },
            func: Some(self.fid),
            span: Span::UNKNOWN,
            scope,
        });
        self.q.funcs[self.fid].locals.push(v);
        v
    }

    /// Ghosts for every pointer register all of whose definitions can be followed, and for
    /// each of `cells` (pointer cells only stores write, `cells::pointer_cells`) all of whose
    /// stored values can (a load from one is a definition that can be followed).
    fn make_ghosts(&mut self, cells: &BTreeSet<cells::Cell>) {
        let f = &self.q.funcs[self.fid];
        let vars = &self.q.vars;
        let is_ptr = |v: VarId| matches!(vars[v].ty, VarTy::Reg(Type::Ptr));
        let mut followed: BTreeSet<VarId> = BTreeSet::new();
        let mut defs: HashMap<VarId, Vec<Option<Expr>>> = HashMap::new();
        // The registers loaded from a cell, and the values stored to each cell.
        let mut loaded: HashMap<VarId, Vec<cells::Cell>> = HashMap::new();
        let mut stored: BTreeMap<cells::Cell, Vec<Expr>> = BTreeMap::new();
        // The cells each cell is copied from (`cells::StaticCopy`); `None`: partly copied.
        let mut copied: BTreeMap<cells::Cell, Option<Vec<cells::Cell>>> = BTreeMap::new();
        let in_cell = |addr: &Expr| cells::static_cell(self.q, addr, &self.regs).filter(|c| cells.contains(c));
        for (_, e) in f.edges.iter() {
            match &e.cmd {
                Command::MemCopy { .. } if let Some(copy) = cells::StaticCopy::of(self.q, &e.cmd, &self.regs) => {
                    let bytes = i128::from(Type::Ptr.bytes(self.q.data_model));
                    for &cell in cells {
                        match copy.into_cell(cell, bytes) {
                            cells::CopiedInto::Nothing => {}
                            cells::CopiedInto::From(from) => {
                                if let Some(froms) = copied.entry(cell).or_insert(Some(Vec::new())) {
                                    froms.push(from);
                                }
                            }
                            cells::CopiedInto::Partly => {
                                copied.insert(cell, None);
                            }
                        }
                    }
                }
                Command::Store { addr, value } if in_cell(addr).is_some() => {
                    stored.entry(in_cell(addr).expect("checked")).or_default().push(value.clone());
                }
                Command::Load { dst, addr } if is_ptr(*dst) && in_cell(addr).is_some() => {
                    loaded.entry(*dst).or_default().push(in_cell(addr).expect("checked"));
                }
                Command::Assign(v, x) if is_ptr(*v) => defs.entry(*v).or_default().push(Some(x.clone())),
                Command::Alloc { dst, .. } | Command::Havoc(dst, HavocOrigin::Uninit) if is_ptr(*dst) => {
                    defs.entry(*dst).or_default().push(Some(Expr::Null));
                }
                cmd => {
                    for v in cmd.defs() {
                        if is_ptr(v) {
                            defs.entry(v).or_default().push(None);
                        }
                    }
                }
            }
        }
        for &v in
            f.locals.iter().chain(vars.ids().filter(|v| vars[*v].kind == VarKind::Global).collect::<Vec<_>>().iter())
        {
            if is_ptr(v) && !f.params.contains(&v) {
                followed.insert(v);
            }
        }
        let mut live_cells: BTreeSet<cells::Cell> = cells.clone();
        // Greatest fixpoint: drop a register one of whose definitions cannot be followed, and a
        // cell one of whose stored values cannot.
        loop {
            let before = (followed.len(), live_cells.len());
            let snapshot = followed.clone();
            let cells_snapshot = live_cells.clone();
            live_cells.retain(|c| {
                stored.get(c).is_none_or(|xs| xs.iter().all(|x| followable(x, &snapshot, vars)))
                    && copied.get(c).is_none_or(|froms| {
                        froms.as_ref().is_some_and(|froms| froms.iter().all(|from| cells_snapshot.contains(from)))
                    })
            });
            followed.retain(|v| {
                defs.get(v)
                    .is_none_or(|ds| ds.iter().all(|d| d.as_ref().is_some_and(|x| followable(x, &snapshot, vars))))
                    && loaded.get(v).is_none_or(|cs| cs.iter().all(|c| live_cells.contains(c)))
            });
            if (followed.len(), live_cells.len()) == before {
                break;
            }
        }
        for (x, offset) in live_cells {
            let name = crate::print::pointer_cell_to_c(self.q, x, offset);
            let scope = self.q.vars[x].scope;
            let g = Ghost {
                off: self.ghost_var(format!("\\offset({name})"), scope),
                size: self.ghost_var(format!("\\object_size({name})"), scope),
                obj: self.ghost_var(format!("\\object({name})"), scope),
            };
            self.cell_ghosts.insert((x, offset), g);
        }
        for v in followed {
            let (name, scope) = (self.q.vars[v].name.clone(), self.q.vars[v].scope);
            let g = Ghost {
                off: self.ghost_var(format!("\\offset({name})"), scope),
                size: self.ghost_var(format!("\\object_size({name})"), scope),
                obj: self.ghost_var(format!("\\object({name})"), scope),
            };
            self.ghosts.insert(v, g);
        }
        let vars = &self.q.vars;
        let has_heap = self.q.funcs[self.fid].edges.iter().any(|(_, e)| {
            matches!(e.cmd, Command::Alloc { region: AllocRegion::Heap, .. } | Command::Free(_))
                || matches!(&e.cmd, Command::CallExtern { .. } if may_allocate(&e.cmd, vars))
        });
        if has_heap {
            let everywhere = Some(VarScope { start: self.q.funcs[self.fid].span, end: Span::UNKNOWN });
            let count = self.ghost_var("\\allocations".into(), everywhere);
            let live = self.ghost_var("\\live_heap_objects".into(), everywhere);
            self.counters = Some((count, live));
        }
    }

    fn provenance(&self, e: &Expr) -> Option<Provenance> {
        match e {
            Expr::Null => Some(Provenance { off: int(0), size: int(0), obj: int(0) }),
            Expr::AddrOf(v) => match &self.q.vars[*v].ty {
                VarTy::Mem(t) if !t.is_dynamic() => {
                    Some(Provenance { off: int(0), size: int(t.size(self.q.data_model) as i128), obj: int(-1) })
                }
                _ => None,
            },
            Expr::Var(v) => self.ghosts.get(v).map(Ghost::provenance),
            Expr::PtrAdd { base, offset, scale } => {
                let mut b = self.provenance(base)?;
                let mut o = widened(offset, self.q);
                if *scale != 1 {
                    o = Expr::binary(BinOp::Mul, G, o, int(*scale as i128));
                }
                b.off = match (&b.off, &o) {
                    (Expr::Int(x, _), Expr::Int(y, _)) => int(x + y),
                    _ => add(b.off, o),
                };
                Some(b)
            }
            _ => None,
        }
    }

    /// The `valid-deref` check of `bytes` bytes at `addr`.
    fn access_check(&mut self, addr: &Expr, bytes: Expr, what: String, span: Span, steps: &mut Vec<Step>) {
        let Some(at) = self.provenance(addr) else {
            self.new_check(
                CheckKind::ValidDeref,
                span,
                what,
                Some("the pointer's object is not followed (it comes from memory, an input or an extern call)".into()),
            );
            return;
        };
        let id = self.new_check(CheckKind::ValidDeref, span, what, None);
        let origin = AssertOrigin::Check(id);
        if !matches!(at.off, Expr::Int(x, _) if x >= 0) {
            steps.push(Step::Cmd(Command::Assert { cond: Expr::cmp(CmpOp::Le, int(0), at.off.clone()), origin }));
        }
        // A block's size as a `long` is negative when the `size_t` is 2^63 or more: no object
        // holds that many bytes.
        if !matches!(bytes, Expr::Int(y, _) if y >= 0) {
            steps.push(Step::Cmd(Command::Assert { cond: Expr::cmp(CmpOp::Le, int(0), bytes.clone()), origin }));
        }
        let end = match (&at.off, &bytes) {
            (Expr::Int(x, _), Expr::Int(y, _)) => int(x + y),
            _ => add(at.off, bytes),
        };
        let cond = Expr::cmp(CmpOp::Le, end, at.size);
        if cond.as_const() != Some(1) && !const_true(&cond) {
            steps.push(Step::Cmd(Command::Assert { cond, origin }));
        }
    }

    /// The check of a `verb` ("read", "write") of `n` bytes at `addr`.
    fn sized_access(&mut self, addr: &Expr, n: u64, verb: &str, span: Span, steps: &mut Vec<Step>) {
        self.access_check(addr, int(n as i128), format!("{verb} of {n} bytes"), span, steps);
    }

    fn memory_checks(&mut self, cmd: &Command, span: Span, steps: &mut Vec<Step>) {
        let dm = self.q.data_model;
        match cmd {
            Command::Load { dst, addr } => {
                let Some(t) = self.q.vars[*dst].ty.reg() else { return };
                self.sized_access(addr, t.bytes(dm), "read", span, steps);
            }
            Command::Store { addr, value } => {
                let Some(t) = value.ty(self.q) else { return };
                self.sized_access(addr, t.bytes(dm), "write", span, steps);
            }
            Command::MemCopy { dst, src, size } => {
                let n = widened(size, self.q);
                self.access_check(dst, n.clone(), "write of a block copy".into(), span, steps);
                self.access_check(src, n, "read of a block copy".into(), span, steps);
            }
            Command::MemSet { dst, size, .. } => {
                let n = widened(size, self.q);
                self.access_check(dst, n, "write of a block fill".into(), span, steps);
            }
            // Floating-point loads and stores are opaque steps with their address.
            Command::Opaque { compute: Some(c), .. } => match &**c {
                Computed::Float(FloatStep::Load { dst, addr }) => {
                    let Some(t) = self.q.vars[*dst].ty.reg() else { return };
                    self.sized_access(addr, t.bytes(dm), "read", span, steps);
                }
                Computed::Float(FloatStep::Store { addr, ty, .. }) => {
                    self.sized_access(addr, ty.bytes(dm), "write", span, steps);
                }
                // Arithmetic, comparisons and conversions of registers: no memory.
                Computed::Float(_) | Computed::Address(_) => {}
            },
            // A step the IR does not model (a bit-field access, a call through a function
            // pointer, inline assembly) may access memory the checks cannot see.
            Command::Opaque { what, compute: None, .. } => {
                self.new_check(
                    CheckKind::ValidDeref,
                    span,
                    what.clone(),
                    Some(format!("{what} is not modelled, so the memory it may access is not checked")),
                );
            }
            Command::Free(e) => {
                let Some(at) = self.provenance(e) else {
                    self.new_check(
                        CheckKind::ValidFree,
                        span,
                        "free".into(),
                        Some(
                            "the pointer's object is not followed (it comes from memory, an input or an extern call)"
                                .into(),
                        ),
                    );
                    return;
                };
                let origin = AssertOrigin::Check(self.new_check(CheckKind::ValidFree, span, "free".into(), None));
                let assert = |c: Expr| Step::Cmd(Command::Assert { cond: c, origin });
                steps.push(assert(Expr::cmp(CmpOp::Eq, at.off.clone(), int(0))));
                steps.push(Step::If(
                    Expr::cmp(CmpOp::Ne, at.obj.clone(), int(0)),
                    vec![
                        assert(Expr::cmp(CmpOp::Lt, int(0), at.obj.clone())),
                        assert(Expr::cmp(CmpOp::Le, int(0), at.size.clone())),
                    ],
                ));
            }
            Command::CallExtern { name, args, .. } | Command::Output { name, args } => {
                for a in args {
                    if a.ty(self.q) == Some(Type::Ptr) && !self.is_string_literal(a) {
                        self.new_check(
                            CheckKind::ValidDeref,
                            span,
                            format!("the accesses of `{name}` through its pointer argument"),
                            Some(format!("`{name}` is not modelled")),
                        );
                    }
                }
            }
            _ => {}
        }
    }

    fn is_string_literal(&self, e: &Expr) -> bool {
        match e {
            Expr::AddrOf(v) => self.q.vars[*v].kind == VarKind::Global && self.q.vars[*v].name.starts_with(".str"),
            Expr::PtrAdd { base, offset, .. } => offset.as_const() == Some(0) && self.is_string_literal(base),
            _ => false,
        }
    }

    fn memtrack_check(&mut self, span: Span, when: &str, steps: &mut Vec<Step>) {
        let Some((_, live)) = self.counters else { return };
        let id =
            self.new_check(CheckKind::ValidMemtrack, span, format!("every heap object is freed when {when}"), None);
        steps.push(Step::Cmd(Command::Assert {
            cond: Expr::cmp(CmpOp::Eq, Expr::Var(live), int(0)),
            origin: AssertOrigin::Check(id),
        }));
    }

    /// What the ghosts of the pointers `cmd` writes become after it.
    fn ghost_updates(&mut self, cmd: &Command) -> Vec<Step> {
        let mut steps = Vec::new();
        let set = |g: Ghost, p: Provenance, steps: &mut Vec<Step>| {
            steps.push(Step::Cmd(Command::Assign(g.off, p.off)));
            steps.push(Step::Cmd(Command::Assign(g.size, p.size)));
            steps.push(Step::Cmd(Command::Assign(g.obj, p.obj)));
        };
        match cmd {
            Command::Assign(v, x) => {
                if let Some(&g) = self.ghosts.get(v)
                    && let Some(p) = self.provenance(x)
                {
                    // Through temporaries when a later ghost's value reads an earlier one (`x`
                    // may name `v` itself); `p := p + 1` is `\\offset(p) := \\offset(p) + 1`
                    // directly, as the loops' step analyses want it.
                    let (size_reads, obj_reads) = (p.size.reads(), p.obj.reads());
                    if size_reads.contains(&g.off) || obj_reads.contains(&g.off) || obj_reads.contains(&g.size) {
                        let t = (
                            self.ghost_var("\\t".into(), None),
                            self.ghost_var("\\t".into(), None),
                            self.ghost_var("\\t".into(), None),
                        );
                        steps.push(Step::Cmd(Command::Assign(t.0, p.off)));
                        steps.push(Step::Cmd(Command::Assign(t.1, p.size)));
                        steps.push(Step::Cmd(Command::Assign(t.2, p.obj)));
                        set(
                            g,
                            Provenance { off: Expr::Var(t.0), size: Expr::Var(t.1), obj: Expr::Var(t.2) },
                            &mut steps,
                        );
                    } else {
                        set(g, p, &mut steps);
                    }
                }
            }
            Command::Alloc { dst, size, region, .. } => {
                let Some(&g) = self.ghosts.get(dst) else { return steps };
                let size = widened(size, self.q);
                match (region, self.counters) {
                    (AllocRegion::Heap, Some((count, live))) => {
                        steps.push(Step::Cmd(Command::Assign(count, add(Expr::Var(count), int(1)))));
                        steps.push(Step::Cmd(Command::Assign(live, add(Expr::Var(live), int(1)))));
                        set(g, Provenance { off: int(0), size, obj: Expr::Var(count) }, &mut steps);
                    }
                    _ => set(g, Provenance { off: int(0), size, obj: int(-1) }, &mut steps),
                }
            }
            Command::Havoc(v, HavocOrigin::Uninit) => {
                if let Some(&g) = self.ghosts.get(v) {
                    set(g, Provenance::unusable(), &mut steps);
                }
            }
            // A copy between variables gives each pointer cell it writes the ghosts of its
            // source cell (all read before any is written: the variables differ).
            Command::MemCopy { .. } if let Some(copy) = cells::StaticCopy::of(self.q, cmd, &self.regs) => {
                let bytes = i128::from(Type::Ptr.bytes(self.q.data_model));
                for (&cell, &g) in &self.cell_ghosts {
                    let cells::CopiedInto::From(from) = copy.into_cell(cell, bytes) else { continue };
                    let p = self.cell_ghosts.get(&from).map_or_else(Provenance::unusable, Ghost::provenance);
                    set(g, p, &mut steps);
                }
            }
            // A pointer cell's ghosts: those of the pointer stored, given to the register loaded;
            // the declaration of its variable makes it null (zero fill) or unusable.
            Command::Store { addr, .. } | Command::Load { addr, .. }
                if cells::static_cell(self.q, addr, &self.regs).is_some_and(|c| self.cell_ghosts.contains_key(&c)) =>
            {
                let cell = cells::static_cell(self.q, addr, &self.regs).expect("checked");
                let cg = self.cell_ghosts[&cell];
                match cmd {
                    Command::Store { value, .. } => {
                        let p = self.provenance(value).unwrap_or_else(Provenance::unusable);
                        set(cg, p, &mut steps);
                    }
                    Command::Load { dst, .. } => {
                        if let Some(&g) = self.ghosts.get(dst) {
                            set(g, cg.provenance(), &mut steps);
                        }
                    }
                    _ => {}
                }
            }
            Command::InitObject { var, fill, .. } => {
                let null = *fill == crate::command::Fill::Zero;
                let gs: Vec<Ghost> = self.cell_ghosts.iter().filter(|((x, _), _)| x == var).map(|(_, g)| *g).collect();
                for g in gs {
                    set(g, Provenance { off: int(0), size: int(if null { 0 } else { -1 }), obj: int(0) }, &mut steps);
                }
            }
            // A block freed that the ghosts cannot name (through a pointer from memory, or by
            // `realloc`): every followed pointer into the heap may now dangle, and the count of
            // live objects is lost — poisoned so that no check relies on either: the accesses
            // through them fail their checks (which the original program then does not
            // confirm: `unknown`), and the memtrack check cannot hold.
            Command::Free(e) if self.provenance(e).is_none() => self.forget_heap(&mut steps),
            Command::CallExtern { .. } if may_allocate(cmd, &self.q.vars) => self.forget_heap(&mut steps),
            Command::Free(e) => {
                let (Some(at), Some((_, live))) = (self.provenance(e), self.counters) else { return steps };
                let mut dead =
                    vec![Step::Cmd(Command::Assign(live, Expr::binary(BinOp::Sub, G, Expr::Var(live), int(1))))];
                // The freed object's identity first: the loop below may change `e`'s ghosts.
                let freed = self.ghost_var("\\freed".into(), None);
                steps.push(Step::Cmd(Command::Assign(freed, at.obj)));
                for g in self.ghosts.values().chain(self.cell_ghosts.values()) {
                    dead.push(Step::If(
                        Expr::cmp(CmpOp::Eq, Expr::Var(g.obj), Expr::Var(freed)),
                        vec![Step::Cmd(Command::Assign(g.size, int(-1)))],
                    ));
                }
                steps.push(Step::If(Expr::cmp(CmpOp::Lt, int(0), Expr::Var(freed)), dead));
            }
            _ => {}
        }
        steps
    }

    /// The steps that make every followed heap pointer invalid and the live count unusable.
    fn forget_heap(&mut self, steps: &mut Vec<Step>) {
        self.heap_forgotten = true;
        for g in self.ghosts.values().chain(self.cell_ghosts.values()) {
            steps.push(Step::If(
                Expr::cmp(CmpOp::Lt, int(0), Expr::Var(g.obj)),
                vec![Step::Cmd(Command::Assign(g.size, int(-1)))],
            ));
        }
        if let Some((_, live)) = self.counters {
            steps.push(Step::Cmd(Command::Assign(live, add(Expr::Var(live), int(POISON)))));
        }
    }

    /// The `no-overflow` checks of `e`'s signed operations, inner ones first.
    fn overflow_checks(&mut self, e: &Expr, span: Span, steps: &mut Vec<Step>) {
        for c in e.children() {
            self.overflow_checks(c, span, steps);
        }
        let (op_name, ty) = match e {
            Expr::Binary(op, ty, ..)
                if ty.is_signed()
                    && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Rem | BinOp::Shl) =>
            {
                (op.c_symbol(), *ty)
            }
            Expr::Unary(UnOp::Neg, ty, _) if ty.is_signed() => ("-", *ty),
            _ => return,
        };
        let what = format!("`{op_name}` in `{}` does not overflow", ty.name());
        let vars: &Program = self.q;
        let (lo, hi) = (int(ty.min()), int(ty.max()));
        let in_range = |x: Expr| vec![Expr::cmp(CmpOp::Le, lo.clone(), x.clone()), Expr::cmp(CmpOp::Le, x, hi.clone())];
        let mut code: Vec<(Option<Vec<Expr>>, Vec<Expr>)> = Vec::new(); // (guards, asserted)
        let mut unchecked = None;
        match e {
            Expr::Unary(_, _, a) => {
                code.push((None, vec![Expr::cmp(CmpOp::Ne, (**a).clone(), Expr::Int(ty.min(), ty))]))
            }
            Expr::Binary(op, _, a, b) => {
                let (a, b) = ((**a).clone(), (**b).clone());
                let narrow = ty.bits() < 64;
                match op {
                    BinOp::Div | BinOp::Rem => code.push((
                        Some(vec![Expr::cmp(CmpOp::Eq, b.clone(), Expr::Int(-1, ty))]),
                        vec![Expr::cmp(CmpOp::Ne, a, Expr::Int(ty.min(), ty))],
                    )),
                    BinOp::Add | BinOp::Sub | BinOp::Mul if narrow => {
                        code.push((None, in_range(Expr::binary(*op, G, widened(&a, vars), widened(&b, vars)))))
                    }
                    BinOp::Shl if narrow => code.push((
                        Some(vec![
                            Expr::cmp(CmpOp::Le, Expr::Int(0, ty), b.clone()),
                            Expr::cmp(CmpOp::Lt, b.clone(), Expr::Int(i128::from(ty.bits()), ty)),
                        ]),
                        in_range(Expr::binary(BinOp::Shl, G, widened(&a, vars), widened(&b, vars))),
                    )),
                    BinOp::Add => {
                        let (min, max) = (Expr::Int(ty.min(), ty), Expr::Int(ty.max(), ty));
                        let nonneg = Expr::cmp(CmpOp::Le, Expr::Int(0, ty), b.clone());
                        code.push((
                            Some(vec![nonneg.clone()]),
                            vec![Expr::cmp(CmpOp::Le, a.clone(), Expr::binary(BinOp::Sub, ty, max, b.clone()))],
                        ));
                        code.push((
                            Some(vec![Expr::not(nonneg)]),
                            vec![Expr::cmp(CmpOp::Le, Expr::binary(BinOp::Sub, ty, min, b), a)],
                        ));
                    }
                    BinOp::Sub => {
                        let (min, max) = (Expr::Int(ty.min(), ty), Expr::Int(ty.max(), ty));
                        let nonneg = Expr::cmp(CmpOp::Le, Expr::Int(0, ty), b.clone());
                        code.push((
                            Some(vec![nonneg.clone()]),
                            vec![Expr::cmp(CmpOp::Le, Expr::binary(BinOp::Add, ty, min, b.clone()), a.clone())],
                        ));
                        code.push((
                            Some(vec![Expr::not(nonneg)]),
                            vec![Expr::cmp(CmpOp::Le, a, Expr::binary(BinOp::Add, ty, max, b))],
                        ));
                    }
                    _ => unchecked = Some(format!("`{op_name}` in a 64-bit type is not encoded")),
                }
            }
            _ => return,
        }
        let id = self.new_check(CheckKind::NoOverflow, span, what, unchecked);
        let origin = AssertOrigin::Check(id);
        for (guards, asserted) in code {
            let mut body: Vec<Step> =
                asserted.into_iter().map(|c| Step::Cmd(Command::Assert { cond: c, origin })).collect();
            for g in guards.unwrap_or_default().into_iter().rev() {
                body = vec![Step::If(g, body)];
            }
            steps.extend(body);
        }
    }
}

fn const_true(c: &Expr) -> bool {
    match c {
        Expr::Cmp(op, a, b) => match (a.as_const(), b.as_const()) {
            (Some(x), Some(y)) => op.eval(x, y),
            _ => false,
        },
        _ => false,
    }
}

/// Whether a pointer expression's object can be followed, given the followed registers.
fn followable(e: &Expr, followed: &BTreeSet<VarId>, vars: &crate::IdVec<VarId, Var>) -> bool {
    match e {
        Expr::Null => true,
        Expr::AddrOf(v) => matches!(&vars[*v].ty, VarTy::Mem(t) if !t.is_dynamic()),
        Expr::Var(v) => followed.contains(v),
        Expr::PtrAdd { base, .. } => followable(base, followed, vars),
        _ => false,
    }
}

/// Whether function `fid` returns a pointer.
fn returns_pointer(p: &Program, fid: FuncId) -> bool {
    p.funcs[fid].ret.is_some_and(|r| p.vars[r].ty.reg() == Some(Type::Ptr))
}

/// The parameters whose value each function may keep beyond its call: store in memory (as
/// any part of the value stored), assign to a global register, give to an extern call or to a
/// parameter another call keeps (`None`: every parameter, for a function with an opaque step).
/// A value computed from a parameter (a copy, an offset) counts as the parameter. Not counted:
/// returning it (the caller follows a result computed from what it gave).
struct KeptParameters(BTreeMap<FuncId, Option<BTreeSet<usize>>>);

impl KeptParameters {
    fn compute(p: &Program) -> KeptParameters {
        let global = |v: VarId| p.vars[v].kind == VarKind::Global;
        let mut kept = KeptParameters(BTreeMap::new());
        for (fid, f) in p.funcs.iter() {
            let opaque = f.edges.iter().any(|(_, e)| matches!(e.cmd, Command::Opaque { .. }));
            kept.0.insert(fid, if opaque { None } else { Some(BTreeSet::new()) });
        }
        loop {
            let mut changed = false;
            for (fid, f) in p.funcs.iter() {
                for (i, &param) in f.params.iter().enumerate() {
                    if kept.keeps(fid, i) {
                        continue;
                    }
                    let holders = computed_from(p, f, BTreeSet::from([param]), &|_| false);
                    let keeps_it = f.edges.iter().any(|(_, e)| match &e.cmd {
                        Command::Store { value, .. } => reads_any(value, &holders),
                        Command::Assign(v, x) => global(*v) && reads_any(x, &holders),
                        Command::Call { callee, args, dst } => args
                            .iter()
                            .enumerate()
                            .any(|(j, a)| reads_any(a, &holders) && kept.call_keeps(p, *callee, *dst, j)),
                        Command::CallExtern { args, .. } => args.iter().any(|a| reads_any(a, &holders)),
                        _ => false,
                    });
                    if keeps_it {
                        kept.0.get_mut(&fid).expect("every function").as_mut().expect("checked").insert(i);
                        changed = true;
                    }
                }
            }
            if !changed {
                return kept;
            }
        }
    }

    /// Whether function `fid` keeps its parameter `i`.
    fn keeps(&self, fid: FuncId, i: usize) -> bool {
        self.0.get(&fid).is_some_and(|k| k.as_ref().is_none_or(|k| k.contains(&i)))
    }

    /// Whether a call of `callee` into `dst` keeps its argument `i`: the callee keeps that
    /// parameter, or the result, which may be computed from it, goes to a global register
    /// (followed no further).
    fn call_keeps(&self, p: &Program, callee: FuncId, dst: Option<VarId>, i: usize) -> bool {
        self.keeps(callee, i) || dst.is_some_and(|d| p.vars[d].kind == VarKind::Global && returns_pointer(p, callee))
    }
}

/// Whether `e` reads one of `vars`.
fn reads_any(e: &Expr, vars: &BTreeSet<VarId>) -> bool {
    let mut found = false;
    e.for_each_var(&mut |v| found |= vars.contains(&v));
    found
}

/// The registers of `f` that may hold a value computed from `seeds` or from an expression
/// `also` accepts: through assignments (copies, offsets, any arithmetic), and as the result of a
/// call returning a pointer given such a value (`strcpy`'s `dst`).
fn computed_from(
    p: &Program,
    f: &crate::Function,
    seeds: BTreeSet<VarId>,
    also: &dyn Fn(&Expr) -> bool,
) -> BTreeSet<VarId> {
    let mut holders = seeds;
    let from = |e: &Expr, holders: &BTreeSet<VarId>| reads_any(e, holders) || also(e);
    loop {
        let before = holders.len();
        for (_, e) in f.edges.iter() {
            match &e.cmd {
                Command::Assign(v, x) if from(x, &holders) => {
                    holders.insert(*v);
                }
                Command::Call { dst: Some(d), callee, args }
                    if returns_pointer(p, *callee) && args.iter().any(|a| from(a, &holders)) =>
                {
                    holders.insert(*d);
                }
                _ => {}
            }
        }
        if holders.len() == before {
            return holders;
        }
    }
}

/// Writes `steps` from `at` on; the location where they end.
fn emit(f: &mut crate::Function, mut at: LocId, steps: Vec<Step>, span: Span) -> LocId {
    for s in steps {
        match s {
            Step::Cmd(cmd) => {
                let to = f.add_loc();
                f.add_edge(at, to, cmd, span);
                at = to;
            }
            Step::If(cond, body) => {
                let (then, join) = (f.add_loc(), f.add_loc());
                f.add_edge(at, then, Command::Assume(cond.clone()), span);
                f.add_edge(at, join, Command::Assume(Expr::not(cond)), span);
                let end = emit(f, then, body, span);
                f.add_edge(end, join, Command::Skip, span);
                at = join;
            }
        }
    }
    at
}

/// Why an address of a function's frame (a memory local, an `alloca` block) of a function
/// other than the entry may outlive the call, if it may: it is stored in memory, returned, or
/// passed as a parameter the callee keeps ([`KeptParameters`]; given to one that returns a
/// pointer, the result is then followed as an address of the frame). The instrumented (inlined) function
/// keeps every frame alive, so its checks speak for the original program only when this is
/// `None`.
pub fn escaping_frame_addresses(p: &Program) -> Option<String> {
    let global = |v: VarId| p.vars[v].kind == VarKind::Global;
    let kept = KeptParameters::compute(p);
    for (fid, f) in p.funcs.iter() {
        if Some(fid) == p.entry || fid == p.init {
            continue;
        }
        let frame_var =
            |v: VarId| p.vars[v].func == Some(fid) && p.vars[v].kind != VarKind::Global && p.vars[v].ty.is_mem();
        // Registers holding addresses of the frame (through copies and offsets).
        let in_frame = |e: &Expr| e.addressed().into_iter().any(frame_var);
        let stack: BTreeSet<VarId> = f
            .edges
            .iter()
            .filter_map(|(_, e)| match &e.cmd {
                Command::Alloc { dst, region: AllocRegion::Stack, .. } => Some(*dst),
                _ => None,
            })
            .collect();
        let holders = computed_from(p, f, stack, &in_frame);
        let points_into_frame = |e: &Expr, holders: &BTreeSet<VarId>| reads_any(e, holders) || in_frame(e);
        for (_, e) in f.edges.iter() {
            let escapes = match &e.cmd {
                Command::Store { value, .. } => points_into_frame(value, &holders),
                Command::Assign(v, x) => {
                    (p.vars[*v].kind == VarKind::Return || global(*v)) && points_into_frame(x, &holders)
                }
                Command::Call { callee, args, dst } => args
                    .iter()
                    .enumerate()
                    .any(|(i, a)| points_into_frame(a, &holders) && kept.call_keeps(p, *callee, *dst, i)),
                Command::CallExtern { args, .. } => args.iter().any(|a| points_into_frame(a, &holders)),
                _ => false,
            };
            if escapes {
                return Some(format!(
                    "an address of a local object of `{}` may outlive its call ({}:{})",
                    f.name, e.span.line, e.span.col
                ));
            }
        }
        if let Some(r) = f.ret
            && holders.contains(&r)
        {
            return Some(format!("`{}` may return the address of one of its local objects", f.name));
        }
    }
    None
}
