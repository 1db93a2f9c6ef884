//! The program a bound is checked on: one loop instrumented with an iteration counter, copies of
//! the variables' entry values, and the bound as the only assertion.
//!
//! In a copy of the inlined program, for loop `L` of the entry function:
//! - every edge that enters `L`'s header from outside leads through `count := 0` and
//!   `copy_x := x` for each variable `x` the bound mentions (its value when the condition is
//!   first evaluated: after a `for`'s initialization, before a `do`'s first body);
//! - where the body starts (the location the front end tags as the body of a `for`/`while`, the
//!   header of a `do` or of a `goto` loop), `count := count + 1` and then
//!   `assert(count <= B(copies))`;
//! - the program's own assertions become assumptions: an execution that fails one ends there,
//!   which is what the original does, and only the bound is to be proven.
//!
//! The counter and the copies are fresh locals nothing else reads or writes, so the
//! instrumented program runs as the original does; a proof that its one assertion never fails
//! is a proof of the bound. The counter is a `long long`; the assertion is computed in it over
//! mathematical integers (signed arithmetic), so the bound is never wrapped.

use crate::expr::WIDE;
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::program::{LoopKind, Var, VarKind};
use leapfrog_ir::types::Type;
use leapfrog_ir::{AssertOrigin, Command, Expr, FuncId, Id, LocId, LocTag, LoopId, Program, VarId, VarTy};
use leapfrog_source::Span;
use std::collections::{BTreeMap, BTreeSet};

/// The instrumented program and its ghosts.
pub struct Instrumented {
    pub program: Program,
    /// The loop's header (unchanged).
    pub header: LocId,
    /// Body starts of the current execution of the loop statement.
    pub count: VarId,
    /// Source variable → its entry copy.
    pub copies: BTreeMap<VarId, VarId>,
}

/// What is asserted at each body start, from the counter and each variable's entry copy.
pub type Claim<'a> = dyn Fn(&Expr, &dyn Fn(VarId) -> Expr) -> Expr + 'a;

/// The name the counter is printed with in a certificate.
pub const COUNT_NAME: &str = "\\iterations";

/// The name of `x`'s entry copy in a certificate.
pub fn copy_name(x: &str) -> String {
    format!("\\at({x}, LoopEntry)")
}

/// Where the body of loop `l` starts: the location tagged as its body (a `for` or `while`),
/// else its header (a `do`, a `goto` loop, recursion). `None` when a `for`/`while` has no
/// tagged body inside the loop, or several.
pub fn body_start(q: &Program, fid: FuncId, forest: &LoopForest, l: LoopId) -> Option<LocId> {
    let f = &q.funcs[fid];
    let (kind, span) = forest.syntax(f, l);
    match kind {
        LoopKind::For | LoopKind::While => {
            let tagged: Vec<LocId> = f
                .locs
                .iter()
                .filter(|(loc, location)| {
                    matches!(&location.tag, Some(LocTag::Body { span: s }) if *s == span) && forest.contains(l, *loc)
                })
                .map(|(loc, _)| loc)
                .collect();
            match tagged.as_slice() {
                [one] => Some(*one),
                _ => None,
            }
        }
        _ => Some(forest.loops[l].header),
    }
}

/// `q` with loop `l` of `fid` instrumented to assert `assertion(count, copy)` at each body
/// start, `copy` giving each of `vars` its entry copy; with `counted_when`, the counter counts
/// only the body starts where all those conjuncts hold (a path's condition). `Err` when the body's start
/// cannot be found or a variable is not an integer register.
pub fn instrument(
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    vars: &BTreeSet<VarId>,
    assertion: &Claim,
    counted_when: Option<&[Expr]>,
) -> Result<Instrumented, String> {
    let start = body_start(q, fid, forest, l).ok_or("the start of the loop's body was not found")?;
    let header = forest.loops[l].header;
    let mut p = q.clone();
    let count = fresh_local(&mut p, fid, COUNT_NAME, VarTy::Reg(Type::Int(WIDE)));
    let mut copies = BTreeMap::new();
    for v in vars {
        let ty = q.vars[*v].ty.clone();
        if !matches!(ty.reg(), Some(Type::Int(_))) {
            return Err(format!("`{}` is not an integer variable", q.vars[*v].name));
        }
        copies.insert(*v, fresh_local(&mut p, fid, &copy_name(&q.vars[*v].name), ty));
    }
    let f = &mut p.funcs[fid];
    assertions_assumed(f);
    // Entry: the counter and the copies.
    let mut steps = vec![Command::Assign(count, Expr::int(0, WIDE))];
    steps.extend(copies.iter().map(|(v, c)| Command::Assign(*c, Expr::Var(*v))));
    on_entry(f, forest, l, &steps);
    // Body start: count, then the assertion, then the body's own edges.
    let span = forest.syntax(f, l).1;
    let checked = before_body(f, start);
    let counted = f.add_loc();
    match counted_when {
        None => {
            f.add_edge(start, counted, Command::Assign(count, one_more(count)), span);
        }
        Some(conjuncts) => {
            // Each conjunct in turn: one that fails skips the count.
            let mut at = start;
            for c in conjuncts {
                let next = f.add_loc();
                f.add_edge(at, next, Command::Assume(c.clone()), span);
                f.add_edge(at, counted, Command::Assume(Expr::not(c.clone())), span);
                at = next;
            }
            f.add_edge(at, counted, Command::Assign(count, one_more(count)), span);
        }
    }
    let copy = |v: VarId| Expr::Var(copies[&v]);
    let cond = assertion(&Expr::Var(count), &copy);
    f.add_edge(counted, checked, Command::Assert { cond, origin: AssertOrigin::Assert }, span);
    Ok(Instrumented { program: p, header, count, copies })
}

/// `q` with `facts` asserted on every edge into loop `l`'s header from outside (each entry of the
/// loop statement), and the program's own assertions as assumptions: a proof of its assertions
/// is a proof that the facts hold whenever the loop is entered.
pub fn asserting_at_entry(q: &Program, fid: FuncId, forest: &LoopForest, l: LoopId, facts: &[Expr]) -> Program {
    let mut p = q.clone();
    let f = &mut p.funcs[fid];
    assertions_assumed(f);
    let steps: Vec<Command> =
        facts.iter().map(|c| Command::Assert { cond: c.clone(), origin: AssertOrigin::Assert }).collect();
    if !steps.is_empty() {
        on_entry(f, forest, l, &steps);
    }
    p
}

/// The function's assertions as assumptions: an execution that fails one ends there, which is
/// what the original does (one that always fails led to `halt`, where only an execution's end
/// may lead: it never runs now, and leads to the exit).
pub(crate) fn assertions_assumed(f: &mut leapfrog_ir::Function) {
    let (exit, halt) = (f.exit, f.halt);
    for (_, e) in f.edges.iter_mut() {
        if let Command::Assert { cond, .. } = &e.cmd {
            e.cmd = Command::Assume(cond.clone());
            if e.to == halt {
                e.to = exit;
            }
        }
    }
}

/// A new local of `fid` (a ghost: no source position, no scope) named `name`, of type `ty`.
pub fn fresh_local(p: &mut Program, fid: FuncId, name: &str, ty: VarTy) -> VarId {
    let var = Var { name: name.into(), ty, kind: VarKind::Local, func: Some(fid), span: Span::UNKNOWN, scope: None };
    let v = p.vars.push(var);
    p.funcs[fid].locals.push(v);
    v
}

/// `vars` read (an output step named `name`) right before `f` returns, so that analyses keep
/// them live to the end (a dead variable is projected away): ghosts the facts must speak of.
pub fn read_at_function_end(f: &mut leapfrog_ir::Function, name: &str, vars: impl IntoIterator<Item = VarId>) {
    let exit = f.exit;
    let before_exit = f.add_loc();
    for (_, e) in f.edges.iter_mut() {
        if e.to == exit {
            e.to = before_exit;
        }
    }
    let args = vars.into_iter().map(Expr::Var).collect();
    f.add_edge(before_exit, exit, Command::Output { name: name.into(), args }, Span::UNKNOWN);
}

/// `steps` run on every edge into loop `l`'s header from outside, in order, before the header.
pub(crate) fn on_entry(f: &mut leapfrog_ir::Function, forest: &LoopForest, l: LoopId, steps: &[Command]) {
    let header = forest.loops[l].header;
    let entries: Vec<_> =
        f.edges.iter().filter(|(_, e)| e.to == header && !forest.contains(l, e.from)).map(|(id, _)| id).collect();
    for id in entries {
        let span = f.edges[id].span;
        let mut at = f.add_loc();
        f.edges[id].to = at;
        for (i, cmd) in steps.iter().enumerate() {
            let to = if i + 1 == steps.len() { header } else { f.add_loc() };
            f.add_edge(at, to, cmd.clone(), span);
            at = to;
        }
    }
}

/// The location the body of a loop goes on from once what the caller adds at its start (edges
/// from `start`) has run: the edges out of `start` now leave from it.
pub(crate) fn before_body(f: &mut leapfrog_ir::Function, start: LocId) -> LocId {
    let after = f.add_loc();
    for (_, e) in f.edges.iter_mut() {
        if e.from == start {
            e.from = after;
        }
    }
    after
}

/// `counter` raised by one where the body starting at `start` starts, before the rest of it.
pub(crate) fn count_at(f: &mut leapfrog_ir::Function, start: LocId, counter: VarId) {
    let after = before_body(f, start);
    f.add_edge(start, after, Command::Assign(counter, one_more(counter)), Span::UNKNOWN);
}

/// `count + 1`.
pub(crate) fn one_more(count: VarId) -> Expr {
    Expr::binary(leapfrog_arith::BinOp::Add, WIDE, Expr::Var(count), Expr::int(1, WIDE))
}

/// `q` with every loop of the given functions (whose body start is found) counting its body
/// starts per execution of the loop statement — in a local of the function, so each call, and
/// each recursive activation, counts its own — and keeping the most in a global of its own, and
/// every body start of them all counted in one more global. Run to the end, the globals hold
/// each loop's most body starts and the total.
pub fn observer(q: &Program, loops: &[(FuncId, &LoopForest)]) -> Observer {
    let mut p = q.clone();
    let mut mosts = Vec::new();
    let global = |p: &mut Program, name: &str| {
        let ty = VarTy::Reg(Type::Int(WIDE));
        let var = Var { name: name.into(), ty, kind: VarKind::Global, func: None, span: Span::UNKNOWN, scope: None };
        let v = p.vars.push(var);
        p.globals.push(v);
        v
    };
    // (Global registers start at 0.)
    let total = global(&mut p, "\\total");
    for (fid, forest) in loops {
        let fid = *fid;
        for l in forest.loops.ids() {
            let Some(start) = body_start(q, fid, forest, l) else { continue };
            let count = fresh_local(&mut p, fid, COUNT_NAME, VarTy::Reg(Type::Int(WIDE)));
            let most = global(&mut p, "\\most");
            let f = &mut p.funcs[fid];
            on_entry(f, forest, l, &[Command::Assign(count, Expr::int(0, WIDE))]);
            let after = before_body(f, start);
            let (counted, summed, raised) = (f.add_loc(), f.add_loc(), f.add_loc());
            f.add_edge(start, counted, Command::Assign(count, one_more(count)), Span::UNKNOWN);
            f.add_edge(counted, summed, Command::Assign(total, one_more(total)), Span::UNKNOWN);
            let above = Expr::cmp(leapfrog_arith::CmpOp::Gt, Expr::Var(count), Expr::Var(most));
            f.add_edge(summed, raised, Command::Assume(above.clone()), Span::UNKNOWN);
            f.add_edge(summed, after, Command::Assume(Expr::not(above)), Span::UNKNOWN);
            f.add_edge(raised, after, Command::Assign(most, Expr::Var(count)), Span::UNKNOWN);
            mosts.push(((fid, l), most));
        }
    }
    Observer { program: p, mosts, total }
}

/// A program instrumented by [`observer`].
pub struct Observer {
    pub program: Program,
    /// Per loop (of its function), the global that keeps its most body starts.
    pub mosts: Vec<((FuncId, LoopId), VarId)>,
    /// The global that counts every body start of every loop instrumented.
    pub total: VarId,
}

/// The registers a bound's proof starts from: the counter, the entry copies, and what the
/// conditions inside loop `l` of `p` (the program before instrumentation, whose loop forest is
/// `forest`) test: what bounds the loop.
pub fn relevant(
    p: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    count: VarId,
    copies: &BTreeMap<VarId, VarId>,
) -> BTreeSet<VarId> {
    let mut out: BTreeSet<VarId> = copies.values().copied().chain([count]).collect();
    for (_, e) in p.funcs[fid].edges.iter() {
        if let Command::Assume(c) = &e.cmd
            && forest.contains(l, e.from)
        {
            c.for_each_var(&mut |v| {
                out.insert(v);
            });
        }
    }
    out
}

/// `p` reduced, in function `fid`, to what can matter to the registers `relevant` starts from:
/// the *cone of influence*. A register is relevant when it is in `relevant`, is assigned to a
/// relevant one, or occurs in a condition with one; an assignment of an irrelevant integer
/// register becomes a havoc, a condition without a relevant register `true`, every load of an
/// integer a havoc and every write to memory a skip. Each change lets a command do more than it
/// did, so the executions of the result include every execution of `p`: an assertion over
/// relevant registers that holds in it holds in `p`, and it is much cheaper to prove (the
/// arithmetic of a random-number generator feeding an array is gone). A construct the IR does
/// not model becomes a havoc of the one integer it may change, or a skip when it changes
/// nothing relevant (memory is forgotten anyway). `None` when a load gives
/// something else than an integer (a pointer read from memory would be one the skipped stores
/// never wrote).
pub fn cone_of_influence(p: &Program, fid: FuncId, relevant: &BTreeSet<VarId>) -> Option<Program> {
    slice(p, fid, relevant, true).map(|(sliced, _)| sliced)
}

/// [`cone_of_influence`] without following conditions: a register is relevant only when it is
/// in `relevant` or assigned to a relevant one, and a condition that mentions an irrelevant
/// register becomes `true`. Coarser (the executions of the result include the cone's), and it
/// tracks far fewer registers: for facts about the values of `relevant`, not about whether
/// steps are taken.
/// With the registers kept.
pub fn data_slice(p: &Program, fid: FuncId, relevant: &BTreeSet<VarId>) -> Option<(Program, BTreeSet<VarId>)> {
    slice(p, fid, relevant, false)
}

fn slice(p: &Program, fid: FuncId, relevant: &BTreeSet<VarId>, conditions: bool) -> Option<(Program, BTreeSet<VarId>)> {
    let is_int = |v: VarId| matches!(p.vars[v].ty.reg(), Some(Type::Int(_)));
    let f = &p.funcs[fid];
    let mut keep: BTreeSet<VarId> = relevant.clone();
    loop {
        let before = keep.len();
        for (_, e) in f.edges.iter() {
            match &e.cmd {
                Command::Assign(v, value) if keep.contains(v) || !is_int(*v) => value.for_each_var(&mut |x| {
                    keep.insert(x);
                }),
                Command::Assume(c) if conditions => {
                    let mut mentioned = Vec::new();
                    c.for_each_var(&mut |x| mentioned.push(x));
                    if mentioned.iter().any(|x| keep.contains(x)) {
                        keep.extend(mentioned);
                    }
                }
                _ => {}
            }
        }
        if keep.len() == before {
            break;
        }
    }
    // A condition is kept when it mentions a relevant register (with `conditions`, all it
    // mentions then are), else when all it mentions are.
    let kept_condition = |c: &Expr| {
        let (mut any, mut all) = (false, true);
        c.for_each_var(&mut |x| {
            any |= keep.contains(&x);
            all &= keep.contains(&x);
        });
        if conditions { any } else { all }
    };
    let mut out = p.clone();
    for (_, e) in out.funcs[fid].edges.iter_mut() {
        let cmd = match &e.cmd {
            Command::Load { dst, .. } if !is_int(*dst) => return None,
            Command::Load { dst, .. } => Command::Havoc(*dst, leapfrog_ir::HavocOrigin::Volatile),
            Command::Assign(v, _) if is_int(*v) && !keep.contains(v) => {
                Command::Havoc(*v, leapfrog_ir::HavocOrigin::Volatile)
            }
            // (Still an assumption: a branch's edges all are.)
            Command::Assume(c) if kept_condition(c) => continue,
            Command::Assume(_) => Command::Assume(Expr::Bool(true)),
            // A construct the IR does not model (floating point) changes what it says it may
            // change: nothing relevant, or arbitrary integers.
            // One that may not return (a call through a function pointer, `longjmp`, inline
            // assembly) may do anything: it stays, and the checker refuses to rely on it.
            Command::Opaque { may_not_return: true, .. } => continue,
            Command::Opaque { havoc, .. } => match havoc.as_slice() {
                [] => Command::Skip,
                [v] if is_int(*v) => Command::Havoc(*v, leapfrog_ir::HavocOrigin::Volatile),
                vs if vs.iter().all(|v| !keep.contains(v)) => Command::Skip,
                _ => continue,
            },
            Command::Store { .. }
            | Command::MemCopy { .. }
            | Command::MemSet { .. }
            | Command::InitObject { .. }
            | Command::Free(_) => Command::Skip,
            _ => continue,
        };
        e.cmd = cmd;
    }
    Some((out, keep))
}

/// Drops from `fid` the local registers nothing reads (their assignments and havocs become
/// skips) and the locals no step mentions any more, except those in `keep`: a function with
/// many calls inlined, sliced to a loop, still declares thousands of registers, and every
/// encoding of it gives each a value. A register no command reads cannot change what any
/// command does, so the executions the result has are those of `p`, projected.
pub fn drop_unread_locals(p: &mut Program, fid: FuncId, keep: &BTreeSet<VarId>) {
    let f = &mut p.funcs[fid];
    let local: BTreeSet<VarId> = f.locals.iter().copied().filter(|v| !keep.contains(v) && Some(*v) != f.ret).collect();
    let read = read_by_some_step(f);
    let unread = |v: &VarId| local.contains(v) && !read.contains(v);
    for e in f.edges.values_mut() {
        if matches!(&e.cmd, Command::Assign(v, _) | Command::Havoc(v, _) if unread(v)) {
            e.cmd = Command::Skip;
        }
    }
    let mut mentioned = read;
    mentioned.extend(f.edges.values().flat_map(|e| e.cmd.defs()));
    f.locals.retain(|v| !local.contains(v) || mentioned.contains(v));
}

/// The variables some step of `f` reads (or addresses, or may leave to an opaque step).
fn read_by_some_step(f: &leapfrog_ir::Function) -> BTreeSet<VarId> {
    let mut read: BTreeSet<VarId> = BTreeSet::new();
    for e in f.edges.values() {
        let mut note = |v: VarId| {
            read.insert(v);
        };
        for x in e.cmd.exprs() {
            x.for_each_var(&mut note);
        }
        match &e.cmd {
            Command::Opaque { havoc, compute, .. } => {
                havoc.iter().for_each(|v| note(*v));
                if let Some(c) = compute {
                    c.for_each_var(&mut note);
                }
            }
            Command::InitObject { var, .. } => note(*var),
            _ => {}
        }
    }
    read
}

/// Makes, in `fid`, every step from a location from which no assertion can be reached a
/// dead end (an `assume(false)` to the exit): what runs after the last assertion cannot make one
/// fail, and the loops there need no summary. A call (whose callee may assert) and a step that may not
/// return (it may jump anywhere) count as assertions.
pub fn cut_after_assertions(p: &mut Program, fid: FuncId) {
    let f = &p.funcs[fid];
    let preds = f.predecessors();
    let mut live = vec![false; f.locs.len()];
    let mut stack = Vec::new();
    for (_, e) in f.edges.iter() {
        let asserting = matches!(
            e.cmd,
            Command::Assert { .. } | Command::Call { .. } | Command::Opaque { may_not_return: true, .. }
        );
        if asserting && !live[e.from.index()] {
            live[e.from.index()] = true;
            stack.push(e.from);
        }
    }
    while let Some(loc) = stack.pop() {
        for &e in &preds[loc] {
            let from = f.edges[e].from;
            if !live[from.index()] {
                live[from.index()] = true;
                stack.push(from);
            }
        }
    }
    // (Every step of what is cut leads to the exit: no loop is left there.)
    let f = &mut p.funcs[fid];
    let exit = f.exit;
    for (_, e) in f.edges.iter_mut() {
        if !live[e.from.index()] {
            e.cmd = Command::Assume(Expr::Bool(false));
            e.to = exit;
        }
    }
}

/// The runs [`refuted`] makes at most, and the steps of each.
const REFUTING_RUNS: u64 = 32;
const REFUTING_STEPS: u64 = 20_000;

/// Whether a run of the instrumented program on random inputs fails its assertion: the claimed
/// bound is then wrong, and no proof need be tried (a cheap filter, never a reason to print).
pub fn refuted(p: &Program, semantics: leapfrog_arith::Semantics, deadline: std::time::Instant) -> bool {
    // (Every run lays out every function: those an entry without calls never reaches are left
    // empty, which matters where thousands of a program's functions were inlined into one.)
    let emptied;
    let p = match p.entry {
        Some(entry) if p.funcs[entry].edges.values().all(|e| !matches!(e.cmd, Command::Call { .. })) => {
            emptied = Program {
                funcs: p
                    .funcs
                    .iter()
                    .map(|(id, f)| {
                        if id == entry || id == p.init {
                            f.clone()
                        } else {
                            leapfrog_ir::Function::new(f.name.clone(), f.span)
                        }
                    })
                    .collect(),
                files: p.files.clone(),
                data_model: p.data_model,
                vars: p.vars.clone(),
                globals: p.globals.clone(),
                init: p.init,
                entry: p.entry,
                externs: p.externs.clone(),
                diagnostics: Vec::new(),
            };
            &emptied
        }
        _ => p,
    };
    let mut inputs = leapfrog_interp::runs::RandomInputs::new(p, 0x2545_f491_4f6c_dd1d);
    for k in 0..REFUTING_RUNS {
        if std::time::Instant::now() >= deadline {
            return false;
        }
        let config = leapfrog_interp::ExecConfig {
            nondet: inputs.stream(k),
            uninit: leapfrog_interp::UninitMode::Nondet,
            max_steps: REFUTING_STEPS,
            semantics,
            deadline: Some(deadline),
            ..leapfrog_interp::ExecConfig::default()
        };
        if matches!(leapfrog_interp::run(p, &config).outcome, leapfrog_interp::Outcome::Error { .. }) {
            return true;
        }
    }
    false
}

/// Each location's incoming edges from locations the entry reaches (a jump after a `return`
/// to the join of an `if` is no way in).
pub fn live_predecessors(f: &leapfrog_ir::Function) -> leapfrog_ir::IdVec<LocId, Vec<leapfrog_ir::EdgeId>> {
    let live = leapfrog_ir::loops::reachable_from(f.entry, &f.successors(), f);
    let mut preds = f.predecessors();
    for (_, list) in preds.iter_mut() {
        list.retain(|e| live[f.edges[*e].from.0 as usize]);
    }
    preds
}

/// The straight stretch into loop `l` (forest `forest` of `f`) along each edge that enters its
/// header from outside: that edge, then, walking back, the only live edge into each location,
/// up to `most` edges; it ends with a call or an opaque step (included: what it leaves is not
/// known) or where a location has several live ways in.
pub fn lead_ins(
    f: &leapfrog_ir::Function,
    forest: &LoopForest,
    l: LoopId,
    most: usize,
) -> Vec<Vec<leapfrog_ir::EdgeId>> {
    let header = forest.loops[l].header;
    let preds = live_predecessors(f);
    let mut out = Vec::new();
    for (entry, e) in f.edges.iter() {
        if e.to != header || forest.contains(l, e.from) {
            continue;
        }
        let mut stretch = vec![entry];
        let mut at = entry;
        while stretch.len() < most {
            let edge = &f.edges[at];
            if matches!(edge.cmd, Command::Call { .. } | Command::CallExtern { .. } | Command::Opaque { .. }) {
                break;
            }
            match preds[edge.from].as_slice() {
                [one] if *one != entry && f.edges[*one].from != edge.from => at = *one,
                _ => break,
            }
            stretch.push(at);
        }
        out.push(stretch);
    }
    out
}

/// Facts of the branches that lead into loop `l`: walking back from each edge into its header
/// along the live edges (through joins, up to `most` edges and [`MAX_BRANCH_PATHS`] paths,
/// stopping at a call or an opaque step), per path and per register the path last sets to a
/// constant, `!(C) || v == c` with `C` the path's conditions (over registers not set after
/// them): `!(b >= 1) || t == 1` after `if (b >= 1) t = 1; else t = -1;`. Candidates only.
pub fn branch_facts(f: &leapfrog_ir::Function, forest: &LoopForest, l: LoopId, most: usize) -> Vec<Expr> {
    let header = forest.loops[l].header;
    let preds = live_predecessors(f);
    let mut paths: Vec<Vec<leapfrog_ir::EdgeId>> = Vec::new();
    let mut stack: Vec<Vec<leapfrog_ir::EdgeId>> =
        f.edges.iter().filter(|(_, e)| e.to == header && !forest.contains(l, e.from)).map(|(id, _)| vec![id]).collect();
    while let Some(path) = stack.pop() {
        if paths.len() + stack.len() >= MAX_BRANCH_PATHS {
            paths.push(path);
            continue;
        }
        let last = &f.edges[*path.last().expect("a path")];
        let ins = &preds[last.from];
        let stop = path.len() >= most
            || ins.is_empty()
            || matches!(last.cmd, Command::Call { .. } | Command::CallExtern { .. } | Command::Opaque { .. })
            || ins.iter().any(|e| path.contains(e) || forest.innermost[f.edges[*e].from].is_some());
        if stop {
            paths.push(path);
            continue;
        }
        for e in ins {
            let mut longer = path.clone();
            longer.push(*e);
            stack.push(longer);
        }
    }
    let mut out: Vec<Expr> = Vec::new();
    for path in &paths {
        // (`path[0]` enters the loop: a step at index `k` is followed by those below `k`.)
        let set_after = |v: VarId, k: usize| path[..k].iter().any(|e| f.edges[*e].cmd.defs().contains(&v));
        let mut conditions = Vec::new();
        for (k, e) in path.iter().enumerate() {
            if let Command::Assume(c) = &f.edges[*e].cmd {
                let mut stable = true;
                c.for_each_var(&mut |v| stable &= !set_after(v, k));
                if stable && !conditions.contains(c) {
                    conditions.push(c.clone());
                }
            }
        }
        if conditions.is_empty() {
            continue;
        }
        for (k, e) in path.iter().enumerate() {
            if let Command::Assign(v, value @ Expr::Int(..)) = &f.edges[*e].cmd
                && !set_after(*v, k)
            {
                let guard = leapfrog_summarize::candidates::conjunction(&conditions);
                let same = Expr::cmp(leapfrog_arith::CmpOp::Eq, Expr::Var(*v), value.clone());
                let fact = leapfrog_summarize::candidates::or(Expr::not(guard), same);
                if !out.contains(&fact) {
                    out.push(fact);
                }
            }
        }
    }
    out
}

/// The most paths [`branch_facts`] follows back from a loop.
const MAX_BRANCH_PATHS: usize = 8;

/// The most edges kept before a loop by [`loop_alone`] (where its entry constants are set).
const MAX_LEAD_IN: usize = 64;

/// The instrumented program `p` cut down to loop `l` of `fid` (`forest` is the loop forest of
/// the function before instrumentation, `q`): it starts in an arbitrary state — every integer
/// register of the function and every global havocked — at the start of the straight-line
/// stretch that leads into each entry of the loop (where `for (i = 0; …)` sets `i`), runs the
/// loop with its instrumentation, and ends wherever the loop is left. Every execution of the
/// loop in `p` is one of its executions restricted to the loop (any state may reach the
/// stretch), so a bound it proves holds in `p`; proving it is cheap, as nothing before the loop
/// is encoded. Memory is forgotten as in [`cone_of_influence`] (which it applies); `None` when
/// that is not possible or a pointer register is read (its value would be the one the cut
/// left unset). Also the conditions the stretches assume (`k >= 1` after `if (k < 1) return`):
/// candidates for the loop's invariant.
pub fn loop_alone(
    p: &Program,
    q: &Program,
    fid: FuncId,
    forest: &LoopForest,
    l: LoopId,
    relevant: &BTreeSet<VarId>,
) -> Option<(Program, Vec<Expr>)> {
    let original = &q.funcs[fid];
    // The locations kept: the loop's, the instrumentation's, and the stretches before it.
    let mut kept: BTreeSet<LocId> =
        original.locs.iter().map(|(loc, _)| loc).filter(|loc| forest.contains(l, *loc)).collect();
    let added = p.funcs[fid].locs.iter().map(|(loc, _)| loc).filter(|loc| loc.0 as usize >= original.locs.len());
    kept.extend(added);
    let mut starts: BTreeSet<LocId> = BTreeSet::new();
    let mut assumed: Vec<Expr> = Vec::new();
    for stretch in lead_ins(original, forest, l, MAX_LEAD_IN) {
        for e in &stretch {
            let edge = &original.edges[*e];
            kept.insert(edge.from);
            if let Command::Assume(c) = &edge.cmd
                && !assumed.contains(c)
            {
                assumed.push(c.clone());
            }
        }
        starts.insert(original.edges[*stretch.last().expect("an entry edge")].from);
    }
    let mut out = p.clone();
    let f = &mut out.funcs[fid];
    let (entry, exit, halt) = (f.entry, f.exit, f.halt);
    if starts.contains(&entry) {
        return None;
    }
    let old = std::mem::take(&mut f.edges);
    for (_, e) in old.iter() {
        if !kept.contains(&e.from) {
            continue;
        }
        let mut e = e.clone();
        if !kept.contains(&e.to) && e.to != halt {
            e.to = exit;
        }
        f.edges.push(e);
    }
    // Entry: every integer register the kept edges use arbitrary (a function with many calls
    // inlined has thousands the loop never sees), then to each stretch's start.
    let mut used = read_by_some_step(f);
    used.extend(f.edges.values().flat_map(|e| e.cmd.defs()));
    let mut registers: Vec<VarId> = f.params.iter().chain(&f.locals).copied().collect();
    registers.extend(p.globals.iter().copied());
    registers.retain(|v| used.contains(v) && matches!(p.vars[*v].ty.reg(), Some(Type::Int(_))));
    let mut at = entry;
    for v in registers {
        let next = f.add_loc();
        f.add_edge(at, next, Command::Havoc(v, leapfrog_ir::HavocOrigin::Volatile), Span::UNKNOWN);
        at = next;
    }
    for s in &starts {
        let cmd = if starts.len() == 1 { Command::Skip } else { Command::Assume(Expr::Bool(true)) };
        f.add_edge(at, *s, cmd, Span::UNKNOWN);
    }
    let alone = cone_of_influence(&out, fid, relevant)?;
    // No pointer register may be read by what computes integers: the cut left them unset.
    let is_int = |v: VarId| matches!(alone.vars[v].ty.reg(), Some(Type::Int(_)));
    let mut pointer_read = false;
    for e in alone.funcs[fid].edges.values() {
        if matches!(&e.cmd, Command::Assign(dst, _) if !is_int(*dst)) {
            continue;
        }
        for x in e.cmd.exprs() {
            x.for_each_var(&mut |v| pointer_read |= alone.vars[v].ty.reg().is_some() && !is_int(v));
        }
    }
    (!pointer_read).then_some((alone, assumed))
}
