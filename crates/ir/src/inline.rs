//! Inlining: the whole program as one function without calls.
//!
//! [`inline_program`] turns a program into an equivalent one whose entry function runs the global
//! initializer's body, then the entry's body, with every [`Command::Call`] replaced by a copy of
//! the callee's body (transitively). Engines that analyse one call-free function run on it.
//!
//! # Construction
//!
//! The new entry function keeps the entry's id, name, span, parameters, return variable and
//! locals, and the entry's body keeps its variables; the initializer's variables move to it (the
//! initializer becomes `entry -> exit` doing `skip`, with fresh variables for its parameters and
//! return variable, should it have any). Its graph is:
//! * the initializer's body, starting at the new `entry`; the initializer's `exit` is the location
//!   where the entry's body starts, whose `exit` is the new `exit`;
//! * for each call `dst := call f(args)` from `a` to `b`, a copy of `f`'s body with fresh copies of
//!   `f`'s variables (parameters become locals, the return variable a temporary; memory variables
//!   get their own objects): `a` assigns the arguments to the fresh parameters one edge each (a
//!   `skip` when there are none) and enters the copy's `entry`; the copy's `exit` assigns the
//!   fresh return variable to `dst` (a `skip` without `dst`) on its way to `b`. These edges carry
//!   the call's span. Every `halt` is the new function's `halt` (an `exit`, `abort` or failing
//!   assertion in a callee ends the execution).
//!
//! Edges keep their spans and locations their tags, so each copy of a loop is a loop of its own
//! with its source position, and a path through a copy shows the callee's source lines. The other
//! functions stay in the program unchanged (nothing calls them any more from the entry).
//!
//! # Fidelity
//!
//! The result executes the same commands in the same order, so it reads nondeterministic inputs
//! in the same order and ends the same way, with these differences:
//! * *steps*: a call with `n` arguments takes `max(n, 1) + 1` steps instead of one;
//! * *lifetimes*: a callee's memory locals (and `alloca`s) live until the entry returns, and all
//!   executions of one copy (a call in a loop) share one object, so a pointer to a callee's local
//!   used after the callee returned is undefined behaviour only in the original;
//! * *fresh registers*: a callee's registers start at 0 at each call of the original, but keep
//!   their values from the previous execution of the same copy; the front end assigns or havocs
//!   every register at its declaration, so only a `goto` over a declaration can tell;
//! * a floating-point argument or result is transferred by an opaque step the interpreter
//!   computes as the copy ([`crate::float`]): the analyses never inspect floats.
//!
//! # Limits
//!
//! Recursion (a cycle of calls reachable from the initializer or the entry, also in dead code) is
//! an error, found on the call graph before anything is copied. The size of the result is
//! computed on the call graph too, bottom-up and saturating, so an exponential call tree is
//! rejected without being built; the builder checks the limits again as it goes.
//!
//! Malformed IR (what [`crate::verify`] rejects) never makes this panic: a call of a nonexistent
//! function or with the wrong number of arguments becomes an [`Command::Opaque`] step (where the
//! interpreter stops as well), and edges from or to nonexistent locations are dropped.

use crate::command::Command;
use crate::expr::Expr;
use crate::ids::{FuncId, Id, IdVec, LocId, VarId};
use crate::program::{Function, LocTag, Location, Program, Var, VarKind};
use crate::types::{Type, VarTy};
use leapfrog_source::Span;
use std::fmt;

/// How large the inlined function may grow.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct InlineLimits {
    /// The most locations the inlined function may have. Its edges and fresh variables are
    /// bounded by [`EDGES_AND_VARS_PER_LOC`] times as many.
    pub max_locs: usize,
}

impl Default for InlineLimits {
    fn default() -> Self {
        InlineLimits { max_locs: 200_000 }
    }
}

/// Edges and fresh variables may outnumber locations (a `switch` branches many ways from one
/// location), but not by much in real programs; bounding them by this many per allowed location
/// keeps pathological inputs (thousands of parallel edges or locals) from exhausting memory.
pub const EDGES_AND_VARS_PER_LOC: usize = 4;

/// Why a program cannot be inlined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InlineError {
    /// The functions named call each other in this cycle (the first name is the last, so a
    /// function calling itself is `[f, f]`).
    Recursion { cycle: Vec<String> },
    /// The inlined function would have this many locations (saturating at `usize::MAX`), more
    /// than the limit allows (or too many edges or variables, see [`InlineLimits::max_locs`]).
    TooLarge { locs: usize },
    /// The program has no entry function (or its entry is the global initializer).
    NoEntry,
}

impl fmt::Display for InlineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InlineError::Recursion { cycle } => write!(f, "recursion: {}", cycle.join(" -> ")),
            InlineError::TooLarge { locs } => write!(f, "inlined program too large ({locs} locations)"),
            InlineError::NoEntry => f.write_str("no entry function to inline into"),
        }
    }
}

impl std::error::Error for InlineError {}

/// A program equivalent to `p` (see the module documentation for the exact sense) whose entry
/// function contains the global initializer (`p.init`) followed by the entry function's body,
/// with every `Call` replaced by a copy of the callee's body (transitively). `p.init` becomes a
/// function that does nothing (with the same signature).
pub fn inline_program(p: &Program, limits: &InlineLimits) -> Result<Program, InlineError> {
    let entry = p.entry.filter(|e| *e != p.init && p.funcs.get(*e).is_some()).ok_or(InlineError::NoEntry)?;
    let init = p.funcs.get(p.init).map(|_| p.init);
    let owned = Owned::new(p);
    let roots: Vec<FuncId> = init.into_iter().chain([entry]).collect();
    let sizes = call_tree_sizes(p, &owned, &roots)?;

    // The result's size: see `Size` for what each function's size counts.
    let size_of = |f: FuncId| sizes.get(f.index()).copied().flatten().unwrap_or_default();
    let own_vars = |f: FuncId| owned.vars.get(f.index()).map_or(0, Vec::len);
    let (body, locs) = match init {
        // The initializer's exit and the entry's entry are one location.
        Some(i) => (size_of(i).plus(size_of(entry)), size_of(i).locs.saturating_add(size_of(entry).locs)),
        // One more location: the halt, which the entry's size does not count.
        None => (size_of(entry), size_of(entry).locs.saturating_add(1)),
    };
    let fresh_vars = body.vars.saturating_sub(own_vars(entry) + init.map_or(0, own_vars));
    let caps = Caps::new(limits, p.vars.len());
    if locs > caps.locs || body.edges > caps.edges || p.vars.len().saturating_add(fresh_vars) > caps.vars {
        return Err(InlineError::TooLarge { locs });
    }

    let entry_fn = &p.funcs[entry];
    let mut f = Function::new(entry_fn.name.clone(), entry_fn.span);
    f.params = entry_fn.params.clone();
    f.ret = entry_fn.ret;
    f.locals = entry_fn.locals.clone();
    let mut b =
        Builder { p, owned: &owned, vars: p.vars.clone(), f, fid: entry, caps, locs_needed: locs, pending: Vec::new() };
    let start = b.f.entry;
    let join = match init {
        Some(i) => {
            b.adopt_vars(i);
            let (_, join) = b.copy_body(i, VarMap::Keep, Some(start), None)?;
            b.inline_pending()?;
            join
        }
        None => start,
    };
    let exit = b.f.exit;
    b.copy_body(entry, VarMap::Keep, Some(join), Some(exit))?;
    b.inline_pending()?;

    let nothing_init = match init {
        Some(i) => b.emptied(i)?,
        None => nothing("__init", Span::UNKNOWN),
    };
    let Builder { vars, f, .. } = b;
    let mut funcs = p.funcs.clone();
    funcs[entry] = f;
    let mut out = Program {
        files: p.files.clone(),
        data_model: p.data_model,
        vars,
        funcs,
        globals: p.globals.clone(),
        init: p.init,
        entry: Some(entry),
        externs: p.externs.clone(),
        diagnostics: p.diagnostics.clone(),
    };
    match init {
        Some(i) => out.funcs[i] = nothing_init,
        None => out.init = out.funcs.push(nothing_init),
    }
    Ok(out)
}

/// A function that does nothing: `entry -> exit` doing `skip`.
fn nothing(name: &str, span: Span) -> Function {
    let mut f = Function::new(name, span);
    f.add_edge(f.entry, f.exit, Command::Skip, span);
    f
}

// ---------------------------------------------------------------------------------------------
// The variables each function owns.

/// The variables each function owns, which every inlined copy of it copies.
struct Owned {
    /// Per function: its parameters, return variable and locals, then any other variable that
    /// names it as owner (malformed, but the interpreter gives those a slot too).
    vars: Vec<Vec<VarId>>,
    /// Per variable: its position in its owner's list.
    slot: Vec<Option<u32>>,
}

impl Owned {
    fn new(p: &Program) -> Owned {
        let mut vars: Vec<Vec<VarId>> = vec![Vec::new(); p.funcs.len()];
        let mut slot: Vec<Option<u32>> = vec![None; p.vars.len()];
        let mut claim = |v: VarId, f: FuncId, vars: &mut Vec<Vec<VarId>>| {
            if let (Some(s @ None), Some(list)) = (slot.get_mut(v.index()), vars.get_mut(f.index())) {
                // Ids are u32, so no list is longer than u32::MAX.
                *s = Some(list.len() as u32);
                list.push(v);
            }
        };
        for (f, func) in p.funcs.iter() {
            for &v in func.params.iter().chain(func.ret.iter()).chain(func.locals.iter()) {
                if p.vars.get(v).is_some_and(|var| var.func == Some(f)) {
                    claim(v, f, &mut vars);
                }
            }
        }
        for (v, var) in p.vars.iter() {
            if let Some(f) = var.func {
                claim(v, f, &mut vars);
            }
        }
        Owned { vars, slot }
    }
}

/// How the variables of a body being copied are renamed.
#[derive(Copy, Clone, Debug)]
enum VarMap {
    /// They keep their ids (the entry's and the initializer's bodies, which are copied once).
    Keep,
    /// The variables `func` owns are renamed to the fresh copies from `base` on, in the order of
    /// [`Owned::vars`]; globals stay.
    Fresh { func: FuncId, base: usize },
}

impl VarMap {
    fn apply(self, p: &Program, owned: &Owned, v: VarId) -> VarId {
        match self {
            VarMap::Keep => v,
            VarMap::Fresh { func, base } => match (p.vars.get(v), owned.slot.get(v.index())) {
                (Some(var), Some(Some(i))) if var.func == Some(func) => VarId::new(base + *i as usize),
                _ => v,
            },
        }
    }
}

/// The kind a variable has as a local of the inlined function (the verifier allows locals and
/// temporaries there).
fn local_kind(kind: VarKind) -> VarKind {
    match kind {
        VarKind::Return | VarKind::Temp => VarKind::Temp,
        VarKind::Param | VarKind::Local | VarKind::Global => VarKind::Local,
    }
}

// ---------------------------------------------------------------------------------------------
// The call graph: recursion and sizes.

/// The size of a function with all its calls inlined: its locations but the `halt` (which merges
/// with the caller's), its edges, and its variables (fresh copies at each call).
#[derive(Copy, Clone, Debug, Default)]
struct Size {
    locs: usize,
    edges: usize,
    vars: usize,
}

impl Size {
    fn plus(self, o: Size) -> Size {
        Size {
            locs: self.locs.saturating_add(o.locs),
            edges: self.edges.saturating_add(o.edges),
            vars: self.vars.saturating_add(o.vars),
        }
    }
}

/// The calls that get inlined: of an existing function, with as many arguments as it has
/// parameters (others become opaque steps).
fn inlined_call(p: &Program, cmd: &Command) -> Option<(FuncId, usize)> {
    match cmd {
        Command::Call { callee, args, .. } => {
            p.funcs.get(*callee).filter(|g| g.params.len() == args.len()).map(|_| (*callee, args.len()))
        }
        _ => None,
    }
}

/// The inlined size of every function the roots call (transitively), or the first cycle of
/// calls found. Iterative depth-first search; the call depth is at most the number of functions.
fn call_tree_sizes(p: &Program, owned: &Owned, roots: &[FuncId]) -> Result<Vec<Option<Size>>, InlineError> {
    struct Frame {
        func: FuncId,
        calls: Vec<(FuncId, usize)>,
        next: usize,
    }
    let frame = |func: FuncId| Frame {
        func,
        calls: p.funcs[func].edges.values().filter_map(|e| inlined_call(p, &e.cmd)).collect(),
        next: 0,
    };
    let mut sizes: Vec<Option<Size>> = vec![None; p.funcs.len()];
    let mut active = vec![false; p.funcs.len()];
    for &root in roots {
        if sizes[root.index()].is_some() {
            continue;
        }
        active[root.index()] = true;
        let mut stack = vec![frame(root)];
        while let Some(top) = stack.last_mut() {
            if let Some(&(callee, _)) = top.calls.get(top.next) {
                top.next += 1;
                if active[callee.index()] {
                    let start = stack.iter().position(|fr| fr.func == callee).unwrap_or(0);
                    let mut cycle: Vec<String> =
                        stack[start..].iter().map(|fr| p.funcs[fr.func].name.clone()).collect();
                    cycle.push(p.funcs[callee].name.clone());
                    return Err(InlineError::Recursion { cycle });
                }
                if sizes[callee.index()].is_none() {
                    active[callee.index()] = true;
                    stack.push(frame(callee));
                }
                continue;
            }
            let func = &p.funcs[top.func];
            let own = Size {
                locs: func.locs.len().saturating_sub(1),
                edges: func.edges.len(),
                vars: owned.vars[top.func.index()].len(),
            };
            // A call's edge becomes max(n, 1) edges passing the arguments (through max(n, 1) - 1
            // new locations) and one returning.
            let total = top.calls.iter().fold(own, |acc, &(callee, nargs)| {
                let callee = sizes[callee.index()].unwrap_or_default();
                let link = Size { locs: nargs.max(1) - 1, edges: nargs.max(1), vars: 0 };
                acc.plus(callee).plus(link)
            });
            sizes[top.func.index()] = Some(total);
            active[top.func.index()] = false;
            stack.pop();
        }
    }
    Ok(sizes)
}

// ---------------------------------------------------------------------------------------------
// Building the inlined function.

/// The limits, as counts of the result's ids.
#[derive(Copy, Clone, Debug)]
struct Caps {
    locs: usize,
    edges: usize,
    /// Variables of the whole program (the fresh ones included).
    vars: usize,
}

impl Caps {
    fn new(limits: &InlineLimits, vars: usize) -> Caps {
        // Ids are u32.
        let ids = u32::MAX as usize;
        let more = limits.max_locs.saturating_mul(EDGES_AND_VARS_PER_LOC);
        Caps { locs: limits.max_locs.min(ids), edges: more.min(ids), vars: vars.saturating_add(more).min(ids) }
    }
}

/// A call waiting to be inlined: the edge `from -> to` of the new function, its variables
/// already renamed.
struct PendingCall {
    from: LocId,
    to: LocId,
    span: Span,
    callee: FuncId,
    dst: Option<VarId>,
    args: Vec<Expr>,
}

struct Builder<'p> {
    p: &'p Program,
    owned: &'p Owned,
    /// The result's variables: the program's, then the fresh copies.
    vars: IdVec<VarId, Var>,
    /// The inlined function.
    f: Function,
    /// Its id (the entry's).
    fid: FuncId,
    caps: Caps,
    /// The locations the size computation predicted, for the error should a limit be hit anyway.
    locs_needed: usize,
    pending: Vec<PendingCall>,
}

impl Builder<'_> {
    fn too_large(&self) -> InlineError {
        InlineError::TooLarge { locs: self.locs_needed.max(self.f.locs.len().saturating_add(1)) }
    }

    fn new_loc(&mut self, tag: Option<LocTag>) -> Result<LocId, InlineError> {
        if self.f.locs.len() >= self.caps.locs {
            return Err(self.too_large());
        }
        Ok(self.f.locs.push(Location { tag }))
    }

    fn add_edge(&mut self, from: LocId, to: LocId, cmd: Command, span: Span) -> Result<(), InlineError> {
        if self.f.edges.len() >= self.caps.edges {
            return Err(self.too_large());
        }
        self.f.add_edge(from, to, cmd, span);
        Ok(())
    }

    /// The initializer's variables become locals of the inlined function.
    fn adopt_vars(&mut self, init: FuncId) {
        for &v in &self.owned.vars[init.index()] {
            let var = &mut self.vars[v];
            var.func = Some(self.fid);
            var.kind = local_kind(var.kind);
            self.f.locals.push(v);
        }
    }

    /// The initializer `init` doing nothing. It keeps its signature, with fresh variables (its own
    /// moved to the inlined function), so that calls of it elsewhere stay well-formed.
    fn emptied(&mut self, init: FuncId) -> Result<Function, InlineError> {
        let old = &self.p.funcs[init];
        let mut f = nothing(&old.name, old.span);
        let signature: Vec<VarId> = old.params.iter().chain(old.ret.iter()).copied().collect();
        if self.vars.len().saturating_add(signature.len()) > self.caps.vars {
            return Err(self.too_large());
        }
        for v in signature {
            let copy = match self.p.vars.get(v) {
                Some(var) if var.func == Some(init) => self.vars.push(Var { func: Some(init), ..var.clone() }),
                _ => v,
            };
            if old.ret == Some(v) {
                f.ret = Some(copy);
            } else {
                f.params.push(copy);
            }
        }
        Ok(f)
    }

    /// Fresh copies of the variables `g` owns, as locals of the inlined function; the first one's
    /// index.
    fn fresh_vars(&mut self, g: FuncId) -> Result<usize, InlineError> {
        let base = self.vars.len();
        let own = &self.owned.vars[g.index()];
        if base.saturating_add(own.len()) > self.caps.vars {
            return Err(self.too_large());
        }
        for &v in own {
            let var = &self.p.vars[v];
            let copy = Var {
                name: var.name.clone(),
                ty: var.ty.clone(),
                kind: local_kind(var.kind),
                func: Some(self.fid),
                span: var.span,
                scope: var.scope,
            };
            let id = self.vars.push(copy);
            self.f.locals.push(id);
        }
        Ok(base)
    }

    /// Copies the body of `g` into the inlined function, renaming variables by `map`: its entry
    /// and exit become `entry_at` and `exit_at` when given (fresh locations otherwise), its halt
    /// the inlined function's halt. Calls are queued in `pending`. Returns the copy's entry and
    /// exit.
    fn copy_body(
        &mut self,
        g: FuncId,
        map: VarMap,
        entry_at: Option<LocId>,
        exit_at: Option<LocId>,
    ) -> Result<(LocId, LocId), InlineError> {
        let p = self.p;
        let func = &p.funcs[g];
        let mut locs = Vec::with_capacity(func.locs.len());
        for (l, loc) in func.locs.iter() {
            let given = match l {
                _ if l == func.halt => Some(self.f.halt),
                _ if l == func.entry => entry_at,
                _ if l == func.exit => exit_at,
                _ => None,
            };
            let id = match given {
                Some(at) => {
                    if l != func.halt && self.f.locs[at].tag.is_none() {
                        self.f.locs[at].tag = loc.tag.clone();
                    }
                    at
                }
                None => self.new_loc(loc.tag.clone())?,
            };
            locs.push(id);
        }
        // A malformed function's entry or exit may not be a location: then nothing enters or
        // leaves the copy there.
        let entry = match (locs.get(func.entry.index()).copied(), entry_at) {
            (Some(l), _) | (None, Some(l)) => l,
            (None, None) => self.new_loc(None)?,
        };
        let exit = match (locs.get(func.exit.index()).copied(), exit_at) {
            (Some(l), _) | (None, Some(l)) => l,
            (None, None) => self.new_loc(None)?,
        };
        let owned = self.owned;
        let first_call = self.pending.len();
        for edge in func.edges.values() {
            let (Some(&from), Some(&to)) = (locs.get(edge.from.index()), locs.get(edge.to.index())) else { continue };
            let inlined = inlined_call(p, &edge.cmd).is_some();
            let mut cmd = edge.cmd.clone();
            cmd.rename_vars(&mut |v| map.apply(p, owned, v));
            match cmd {
                Command::Call { dst, callee, args } if inlined => {
                    self.pending.push(PendingCall { from, to, span: edge.span, callee, dst, args });
                }
                Command::Call { dst, callee, args } => {
                    let what = match p.funcs.get(callee) {
                        None => format!("call of nonexistent function {callee}"),
                        Some(c) => format!(
                            "call of `{}` with {} arguments, but it has {} parameters",
                            c.name,
                            args.len(),
                            c.params.len()
                        ),
                    };
                    let cmd = Command::Opaque {
                        what,
                        havoc: dst.into_iter().collect(),
                        writes_memory: true,
                        may_not_return: true,
                        compute: None,
                    };
                    self.add_edge(from, to, cmd, edge.span)?;
                }
                cmd => self.add_edge(from, to, cmd, edge.span)?,
            }
        }
        // The queue is a stack: the body's first call comes out first.
        self.pending[first_call..].reverse();
        Ok((entry, exit))
    }

    /// Inlines the queued calls, and the calls in their copies, depth first in edge order.
    fn inline_pending(&mut self) -> Result<(), InlineError> {
        while let Some(call) = self.pending.pop() {
            self.inline_call(call)?;
        }
        Ok(())
    }

    /// Replaces the call edge `call.from -> call.to` by a fresh copy of the callee's body.
    fn inline_call(&mut self, call: PendingCall) -> Result<(), InlineError> {
        let p = self.p;
        let callee = &p.funcs[call.callee];
        let map = VarMap::Fresh { func: call.callee, base: self.fresh_vars(call.callee)? };
        let (entry, exit) = self.copy_body(call.callee, map, None, None)?;
        // The arguments go into the fresh parameters one by one: they cannot mention them.
        let span = call.span;
        let n = callee.params.len();
        if n == 0 {
            self.add_edge(call.from, entry, Command::Skip, span)?;
        }
        let mut at = call.from;
        for (i, (&param, arg)) in callee.params.iter().zip(call.args).enumerate() {
            let next = if i + 1 == n { entry } else { self.new_loc(None)? };
            let cmd = self.transfer(map.apply(p, self.owned, param), arg);
            self.add_edge(at, next, cmd, span)?;
            at = next;
        }
        let ret = match (call.dst, callee.ret) {
            (None, _) => Command::Skip,
            (Some(dst), Some(ret)) => self.transfer(dst, Expr::Var(map.apply(p, self.owned, ret))),
            (Some(dst), None) => Command::Opaque {
                what: format!("the value of `{}` is used, but it returns nothing", callee.name),
                havoc: vec![dst],
                writes_memory: false,
                may_not_return: false,
                compute: None,
            },
        };
        self.add_edge(exit, call.to, ret, span)
    }

    /// `dst := value`, passing an argument or a result: an assignment, except that a float is an
    /// opaque step the interpreter computes as the copy (the analyses never inspect floats) and a
    /// variable in memory (which the verifier rejects as a parameter or result) is opaque.
    fn transfer(&self, dst: VarId, value: Expr) -> Command {
        match self.vars.get(dst).map(|v| &v.ty) {
            // (Computed by the interpreter only.)
            Some(VarTy::Reg(Type::Float(_))) => Command::Opaque {
                what: "floating-point arithmetic".to_string(),
                havoc: vec![dst],
                writes_memory: false,
                may_not_return: false,
                compute: match value {
                    Expr::Var(v) => Some(Box::new(crate::Computed::Float(crate::float::FloatStep::Set {
                        dst,
                        value: crate::float::FloatExpr::Var(v),
                    }))),
                    _ => None,
                },
            },
            Some(VarTy::Reg(_)) => Command::Assign(dst, value),
            _ => Command::Opaque {
                what: "a parameter or result in memory".to_string(),
                havoc: vec![],
                writes_memory: true,
                may_not_return: false,
                compute: None,
            },
        }
    }
}
