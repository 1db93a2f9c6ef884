//! The stepping machine: an explicit stack of frames (so deep recursion in C never recurses in
//! Rust), the choice of the edge to take at each location, and the execution of commands.

use crate::eval::Env;
use crate::fault::{Fault, FaultKind, Res};
use crate::layout::{FuncLayout, Layout, Place, Slots, Succ};
use crate::memory::{MAX_OBJECT_BYTES, Memory, ObjKind, Region};
use crate::nondet::{InputOracle, InputRequest};
use crate::value::{ObjRef, Pointer, Value, coerce, convert, from_input, zero_of};
use crate::{ExecConfig, ExecResult, MAX_REPORTED_READS, Outcome, Snapshot, UninitMode, UnwrittenRead};
use leapfrog_arith::Semantics;
use leapfrog_ir::nondet::Source;
use leapfrog_ir::{
    AddressStep, AllocRegion, Command, Computed, Edge, EdgeId, Expr, Fill, FloatStep, FuncId, HavocOrigin, Id, LocId,
    ObjType, Program, Type, VarId, VarTy,
};
use leapfrog_source::Span;
use std::collections::BTreeMap;

/// How often (in steps) a run looks at its deadline.
const DEADLINE_CHECK_STEPS: u64 = 4096;

/// One activation of a function.
struct Frame {
    func: FuncId,
    loc: LocId,
    regs: Vec<Value>,
    /// `alloca` objects, which die with the frame.
    allocas: Vec<ObjRef>,
    /// The caller's variable that receives the return value.
    ret_dst: Option<VarId>,
    /// The span of the call, for faults while returning.
    call_span: Span,
}

/// What happens after a command.
enum Flow {
    /// Continue at the edge's target.
    Next,
    /// A frame was pushed; the caller continues at the edge's target when it returns.
    Called,
    End(Outcome),
}

/// What happens when the running frame returns.
enum Returned {
    ToCaller,
    /// The bottom frame returned this value (`None` for a void function).
    Finished(Option<Value>),
}

pub(crate) struct Machine<'p> {
    prog: &'p Program,
    cfg: &'p ExecConfig,
    layout: &'p Layout,
    mem: Memory<'p>,
    input: &'p mut dyn InputOracle,
    /// Set when the entry returns: [`crate::ExecResult::leaked`].
    leaked: Vec<Span>,
    /// Inputs requested so far, and (with `record_inputs`) their values.
    requested: u64,
    recorded: Vec<i128>,
    recorded_requests: Vec<crate::nondet::InputRequest>,
    recorded_positions: Vec<Option<usize>>,
    assignments: Vec<crate::Assignment>,
    input_counts: BTreeMap<Source, u64>,
    unwritten_reads: Vec<UnwrittenRead>,
    unwritten_counts: BTreeMap<Region, u64>,
    globals: Vec<Value>,
    /// The running frame; its callers are on `callers`.
    cur: Frame,
    callers: Vec<Frame>,
    steps: u64,
    trace: Vec<(FuncId, EdgeId)>,
    /// The span of the last executed edge, for outcomes at locations.
    last_span: Span,
    /// The edge being executed (of the running function), and how often it executed before
    /// (counted for loads, havocs and extern calls when the oracle asks for it).
    cur_edge: Option<EdgeId>,
    occurrence: u64,
    executions: Option<std::collections::HashMap<(FuncId, EdgeId), u64>>,
    ptr_bits: u32,
    /// The states recorded for [`ExecConfig::watch`], and how many per watched location.
    snapshots: Vec<Snapshot>,
    snapshot_counts: Vec<usize>,
}

/// Run the whole program: globals, the initializer, then the entry function on inputs.
pub(crate) fn execute(prog: &Program, cfg: &ExecConfig, input: &mut dyn InputOracle) -> ExecResult {
    let layout = Layout::new(prog);
    let counts = input.counts_executions();
    let mut m = Machine::new(prog, cfg, &layout, input);
    if counts {
        m.executions = Some(std::collections::HashMap::new());
    }
    let outcome = m.run_program().unwrap_or_else(|o| o);
    let end_values = m.watched_values();
    let last_span = m.last_span;
    ExecResult {
        last_span,
        outcome,
        steps: m.steps,
        nondet_used: usize::try_from(m.requested).unwrap_or(usize::MAX),
        trace: m.trace,
        inputs: m.recorded,
        input_requests: m.recorded_requests,
        input_positions: m.recorded_positions,
        assignments: m.assignments,
        input_counts: m.input_counts,
        unwritten_reads: m.unwritten_reads,
        unwritten_counts: m.unwritten_counts,
        snapshots: m.snapshots,
        end_values,
        leaked: m.leaked,
    }
}

impl<'p> Machine<'p> {
    fn new(prog: &'p Program, cfg: &'p ExecConfig, layout: &'p Layout, input: &'p mut dyn InputOracle) -> Machine<'p> {
        Machine {
            prog,
            cfg,
            layout,
            mem: Memory::new(&prog.vars, prog.data_model),
            input,
            leaked: Vec::new(),
            requested: 0,
            recorded: Vec::new(),
            recorded_requests: Vec::new(),
            recorded_positions: Vec::new(),
            assignments: Vec::new(),
            input_counts: BTreeMap::new(),
            unwritten_reads: Vec::new(),
            unwritten_counts: BTreeMap::new(),
            globals: Vec::new(),
            cur: Frame {
                func: prog.init,
                loc: LocId::new(0),
                regs: Vec::new(),
                allocas: Vec::new(),
                ret_dst: None,
                call_span: Span::UNKNOWN,
            },
            callers: Vec::new(),
            steps: 0,
            trace: Vec::new(),
            last_span: Span::UNKNOWN,
            cur_edge: None,
            occurrence: 0,
            executions: None,
            ptr_bits: (prog.data_model.pointer_bytes() * 8) as u32,
            snapshots: Vec::new(),
            snapshot_counts: cfg.watch.as_ref().map_or_else(Vec::new, |w| vec![0; w.locs.len()]),
        }
    }

    fn run_program(&mut self) -> Result<Outcome, Outcome> {
        let unsupported = |what: &str| Outcome::Unsupported { what: what.to_string(), span: Span::UNKNOWN };
        let entry = self.prog.entry.ok_or_else(|| unsupported("no entry function"))?;
        let init = self.prog.funcs.get(self.prog.init).ok_or_else(|| unsupported("no initializer function"))?;
        if !init.params.is_empty() {
            return Err(unsupported("the initializer function has parameters"));
        }
        let entry_span = self.prog.funcs.get(entry).ok_or_else(|| unsupported("no entry function"))?.span;
        self.globals =
            self.create_slots(&self.layout.globals, ObjKind::Global, init.span).map_err(|f| f.at(init.span))?;
        self.run_function(self.prog.init, Vec::new(), init.span)?;
        let args = self.entry_inputs(entry).map_err(|f| f.at(entry_span))?;
        let code = match self.run_function(entry, args, entry_span)? {
            Some(Value::Int(v)) => v,
            _ => 0,
        };
        self.leaked = self.mem.unreachable_heap();
        Ok(Outcome::Exit { code })
    }

    /// The entry function's arguments, from the input stream in parameter order.
    fn entry_inputs(&mut self, entry: FuncId) -> Res<Vec<Value>> {
        let params = &self.prog.funcs[entry].params;
        let mut args = Vec::with_capacity(params.len());
        for p in params {
            let ty = match self.prog.vars.get(*p).map(|v| &v.ty) {
                Some(VarTy::Reg(t)) | Some(VarTy::Mem(ObjType::Scalar(t))) => *t,
                _ => return Err(Fault::unsupported(format!("entry parameter {p} is not a scalar"))),
            };
            let request = InputRequest { source: Source::EntryParameter, func: entry, edge: None, occurrence: 0, ty };
            args.push(self.next_input(&request));
        }
        Ok(args)
    }

    /// Count a consultation of `source` that consumes no input (under `UninitMode::Zero`).
    fn count_source(&mut self, source: Source) {
        *self.input_counts.entry(source).or_default() += 1;
    }

    /// The next input, as a value of the request's type.
    fn next_input(&mut self, request: &InputRequest) -> Value {
        self.count_source(request.source);
        self.requested = self.requested.saturating_add(1);
        let raw = self.input.next(request);
        let value = from_input(raw, request.ty, self.ptr_bits);
        if self.cfg.record_inputs {
            // The value as the destination holds it replays the same run.
            self.recorded.push(match value {
                Value::Int(x) => x,
                Value::Ptr(p) => i128::from(p.off),
                Value::Float(_) | Value::Unset | Value::Uninit { .. } => raw,
            });
            self.recorded_requests.push(request.clone());
            if self.cfg.record_trace {
                self.recorded_positions.push(self.trace.len().checked_sub(1));
            }
        }
        value
    }

    /// An input for source `source` at the running edge.
    fn input_here(&mut self, source: Source, ty: Type) -> Value {
        let request =
            InputRequest { source, func: self.cur.func, edge: self.cur_edge, occurrence: self.occurrence, ty };
        self.next_input(&request)
    }

    /// Run `func` (with nothing below it on the stack) until it returns.
    fn run_function(&mut self, func: FuncId, args: Vec<Value>, span: Span) -> Result<Option<Value>, Outcome> {
        self.cur = self.new_frame(func, &args, None, span).map_err(|f| f.at(span))?;
        loop {
            if self.cfg.watch.is_some() {
                self.observe();
            }
            let fl = self.func_layout(self.cur.func);
            match fl.succ.get(self.cur.loc.index()) {
                Some(Succ::Exit) => {
                    if let Returned::Finished(v) = self.return_from_frame()? {
                        return Ok(v);
                    }
                }
                Some(Succ::One(e)) if matches!(self.edge(*e).cmd, Command::Assume(_)) => {
                    // A blocked assume is not executed: it counts no step.
                    self.check_steps()?;
                    let e = self.choose_branch(std::slice::from_ref(e))?;
                    self.advance(e);
                }
                Some(Succ::One(e)) => {
                    self.check_steps()?;
                    self.execute_edge(*e)?;
                }
                Some(Succ::Branch(edges)) => {
                    self.check_steps()?;
                    let e = self.choose_branch(edges)?;
                    self.advance(e);
                }
                Some(Succ::Dead) => return Err(self.stuck("execution reached a location without successors")),
                None => return Err(self.stuck("execution reached a nonexistent location")),
            }
        }
    }

    /// The values of the watched variables in the running frame (none without a watch).
    fn watched_values(&self) -> Vec<Option<i128>> {
        let Some(w) = &self.cfg.watch else { return Vec::new() };
        let env = self.env();
        w.vars
            .iter()
            .map(|v| match env.read_reg(*v) {
                Ok(Value::Int(x)) => Some(x),
                _ => None,
            })
            .collect()
    }

    /// Records the state for [`ExecConfig::watch`] when the running frame is at a watched
    /// location.
    fn observe(&mut self) {
        let Some(w) = &self.cfg.watch else { return };
        if self.cur.func != w.func {
            return;
        }
        let Some(i) = w.locs.iter().position(|l| *l == self.cur.loc) else { return };
        if self.snapshot_counts[i] >= w.per_loc {
            return;
        }
        self.snapshot_counts[i] += 1;
        let env = self.env();
        let values = w
            .vars
            .iter()
            .map(|v| match env.read_reg(*v) {
                Ok(Value::Int(x)) => Some(x),
                _ => None,
            })
            .collect();
        self.snapshots.push(Snapshot { loc: self.cur.loc, values });
    }

    fn func_layout(&self, f: FuncId) -> &'p FuncLayout {
        let layout: &'p Layout = self.layout;
        // Frames are only created for existing functions.
        &layout.funcs[f.index()]
    }

    fn stuck(&self, what: &str) -> Outcome {
        Outcome::Unsupported { what: what.to_string(), span: self.last_span }
    }

    fn check_steps(&self) -> Result<(), Outcome> {
        // (`input_counts` has an entry only for a source consulted.)
        if self.cfg.stop_at_input && !self.input_counts.is_empty() {
            return Err(Outcome::Limit { what: "an input was consulted".to_string() });
        }
        if self.steps >= self.cfg.max_steps {
            return Err(Outcome::Limit { what: "step limit".to_string() });
        }
        if self.steps.is_multiple_of(DEADLINE_CHECK_STEPS)
            && let Some(d) = self.cfg.deadline
            && std::time::Instant::now() >= d
        {
            return Err(Outcome::Limit { what: "time limit".to_string() });
        }
        Ok(())
    }

    fn edge(&self, e: EdgeId) -> &'p Edge {
        let prog: &'p Program = self.prog;
        // Successor lists only hold edges of the running function.
        &prog.funcs[self.cur.func].edges[e]
    }

    /// Count a step for edge `e` and move to its target without executing its command.
    fn advance(&mut self, e: EdgeId) {
        let edge = self.edge(e);
        self.count_step(e, edge.span);
        self.cur.loc = edge.to;
    }

    fn count_step(&mut self, e: EdgeId, span: Span) {
        self.steps += 1;
        self.cur_edge = Some(e);
        if self.cfg.record_trace {
            self.trace.push((self.cur.func, e));
        }
        self.last_span = span;
    }

    fn execute_edge(&mut self, e: EdgeId) -> Result<(), Outcome> {
        let edge = self.edge(e);
        self.count_step(e, edge.span);
        self.count_execution(edge);
        loop {
            return match self.exec_command(edge) {
                Ok(Flow::Next) => {
                    self.cur.loc = edge.to;
                    Ok(())
                }
                Ok(Flow::Called) => Ok(()),
                Ok(Flow::End(outcome)) => Err(outcome),
                Err(Fault { kind: FaultKind::UninitRead { var, edge: decl, occurrence }, .. }) => {
                    self.take_uninit(var, decl, occurrence).map_err(|f| f.at(edge.span))?;
                    continue;
                }
                Err(fault) => Err(fault.at(edge.span)),
            };
        }
    }

    /// For an oracle that wants them: how often the running edge executed before, when its
    /// command may consult an input.
    fn count_execution(&mut self, edge: &Edge) {
        if let Some(counts) = self.executions.as_mut()
            && matches!(edge.cmd, Command::Load { .. } | Command::Havoc(..) | Command::CallExtern { .. })
            && let Some(e) = self.cur_edge
        {
            let n = counts.entry((self.cur.func, e)).or_default();
            self.occurrence = *n;
            *n += 1;
        }
    }

    /// The one enabled edge of a branch; every outgoing edge must be an assume.
    fn choose_branch(&mut self, edges: &[EdgeId]) -> Result<EdgeId, Outcome> {
        loop {
            match self.try_branch(edges) {
                Ok(chosen) => return chosen,
                Err((Fault { kind: FaultKind::UninitRead { var, edge, occurrence }, .. }, span)) => {
                    self.take_uninit(var, edge, occurrence).map_err(|f| f.at(span))?;
                }
                Err((fault, span)) => return Err(fault.at(span)),
            }
        }
    }

    /// [`Self::choose_branch`], or the fault of a condition and where.
    fn try_branch(&self, edges: &[EdgeId]) -> Result<Result<EdgeId, Outcome>, (Fault, Span)> {
        let mut chosen = None;
        for &e in edges {
            let edge = self.edge(e);
            let Command::Assume(cond) = &edge.cmd else {
                let what = "a branch has an edge that is not an assume".to_string();
                return Ok(Err(Outcome::Unsupported { what, span: edge.span }));
            };
            if self.env().cond(cond).map_err(|f| (f, edge.span))? {
                if chosen.is_some() {
                    let what = "nondeterministic branch".to_string();
                    return Ok(Err(Outcome::Unsupported { what, span: edge.span }));
                }
                chosen = Some(e);
            }
        }
        let span = edges.first().map_or(self.last_span, |e| self.edge(*e).span);
        Ok(chosen.ok_or(Outcome::Blocked { span }))
    }

    /// The value of register `v`, taking its value if it is an uninitialized local.
    fn read_reg_taking(&mut self, v: VarId) -> Res<Value> {
        loop {
            match self.env().read_reg(v) {
                Err(Fault { kind: FaultKind::UninitRead { var, edge, occurrence }, .. }) => {
                    self.take_uninit(var, edge, occurrence)?
                }
                other => return other,
            }
        }
    }

    /// The first read of the uninitialized register local `var` (declared by the havoc at
    /// `decl`, its `occurrence`-th execution): it takes an input (0 under `UninitMode::Zero`).
    fn take_uninit(&mut self, var: VarId, decl: EdgeId, occurrence: u64) -> Res<()> {
        let ty = self.reg_type(var)?;
        let value = match self.cfg.uninit {
            UninitMode::Nondet => {
                let request = InputRequest {
                    source: Source::UninitializedLocal,
                    func: self.cur.func,
                    edge: Some(decl),
                    occurrence,
                    ty,
                };
                self.next_input(&request)
            }
            UninitMode::Zero => {
                self.count_source(Source::UninitializedLocal);
                zero_of(ty)
            }
        };
        self.store_reg(var, value, false)
    }

    fn env(&self) -> Env<'_> {
        Env {
            prog: self.prog,
            vars: &self.layout.vars,
            globals: &self.globals,
            regs: &self.cur.regs,
            func: self.cur.func,
            sem: self.cfg.semantics,
            ptr_bits: self.ptr_bits,
        }
    }

    fn exec_command(&mut self, edge: &'p Edge) -> Res<Flow> {
        let span = edge.span;
        match &edge.cmd {
            Command::Skip => {}
            Command::Assume(c) => {
                if !self.env().cond(c)? {
                    return Ok(Flow::End(Outcome::Blocked { span }));
                }
            }
            Command::Assign(v, e) => {
                let value = self.env().eval(e)?;
                self.write_reg(*v, value)?;
            }
            Command::Havoc(v, origin) => self.havoc(*v, origin)?,
            Command::Load { dst, addr } => self.load(*dst, addr, span)?,
            Command::Store { addr, value } => self.store(addr, value)?,
            Command::InitObject { var, len, fill } => self.init_object(*var, len.as_ref(), *fill)?,
            Command::Alloc { dst, size, zeroed, region } => self.alloc(*dst, size, *zeroed, *region)?,
            Command::Free(e) => {
                let p = self.env().ptr(e)?;
                self.mem.free(p)?;
            }
            Command::MemCopy { dst, src, size } => {
                let env = self.env();
                let (d, s, n) = (env.ptr(dst)?, env.ptr(src)?, size_arg(env.int(size)?)?);
                self.mem.copy(d, s, n)?;
            }
            Command::MemSet { dst, byte, size } => {
                let env = self.env();
                let (d, b, n) = (env.ptr(dst)?, env.int(byte)?, size_arg(env.int(size)?)?);
                self.mem.set(d, (b & 0xff) as u8, n)?;
            }
            Command::Call { dst, callee, args } => return self.call(*dst, *callee, args, edge),
            Command::CallExtern { dst, args, .. } => {
                self.eval_args(args)?;
                match dst {
                    Some(d) => {
                        let value = self.input_here(Source::ExternCall, self.reg_type(*d)?);
                        self.write_reg(*d, value)?;
                    }
                    None => self.count_source(Source::ExternCall),
                }
            }
            Command::Output { args, .. } => {
                self.eval_args(args)?;
            }
            Command::Assert { cond, origin } => {
                if !self.env().cond(cond)? {
                    return Ok(Flow::End(Outcome::Error { origin: *origin, span }));
                }
            }
            Command::Exit(e) => return Ok(Flow::End(Outcome::Exit { code: self.env().int(e)? })),
            Command::Abort => return Ok(Flow::End(Outcome::Abort { span })),
            Command::Opaque { compute: Some(step), .. } => match &**step {
                Computed::Float(step) => self.float_step(step, span)?,
                Computed::Address(step) => self.address_step(step)?,
            },
            Command::Opaque { what, .. } => return Ok(Flow::End(Outcome::Unsupported { what: what.clone(), span })),
        }
        Ok(Flow::Next)
    }

    fn eval_args(&self, args: &[Expr]) -> Res<Vec<Value>> {
        let env = self.env();
        args.iter().map(|a| env.eval(a)).collect()
    }

    fn reg_type(&self, v: VarId) -> Res<Type> {
        self.layout.vars.get(v.index()).and_then(|info| info.reg).ok_or_else(|| self.not_a_register(v))
    }

    #[cold]
    fn not_a_register(&self, v: VarId) -> Fault {
        let name = self.prog.vars.get(v).map_or("?", |var| var.name.as_str());
        Fault::unsupported(format!("`{name}` ({v}) is not a register variable"))
    }

    /// The slot of variable `v` in the running frame or the globals, and its register type
    /// (`None` for a memory variable).
    #[inline]
    fn slot_mut(&mut self, v: VarId) -> Res<(&mut Value, Option<Type>)> {
        let info = self.layout.vars.get(v.index());
        let slot = match info.map(|i| i.place) {
            Some(Place::Global(i)) => self.globals.get_mut(i as usize),
            Some(Place::Frame(f, i)) if f == self.cur.func => self.cur.regs.get_mut(i as usize),
            _ => None,
        };
        match (slot, info) {
            (Some(slot), Some(info)) => Ok((slot, info.reg)),
            _ => Err(Fault::unsupported(format!("variable {v} is assigned outside its function"))),
        }
    }

    #[inline]
    fn write_reg(&mut self, v: VarId, value: Value) -> Res<()> {
        self.store_reg(v, value, true)
    }

    /// Writes `value` to the register `v`, recorded as an assignment when `assigned` (an
    /// uninitialized local's value taken at its first read is no assignment).
    #[inline]
    fn store_reg(&mut self, v: VarId, value: Value, assigned: bool) -> Res<()> {
        let record = assigned
            && self.cfg.record_assignments
            && self.steps > 0
            && self.assignments.len() < crate::MAX_RECORDED_ASSIGNMENTS;
        let written = match self.slot_mut(v)? {
            (slot, Some(ty)) => {
                *slot = coerce(value, ty)?;
                match slot {
                    Value::Int(x) if record => Some(*x),
                    _ => None,
                }
            }
            (_, None) => return Err(self.not_a_register(v)),
        };
        if let Some(value) = written {
            self.assignments.push(crate::Assignment { var: v, value, span: self.last_span });
        }
        Ok(())
    }

    fn havoc(&mut self, v: VarId, origin: &HavocOrigin) -> Res<()> {
        let ty = self.reg_type(v)?;
        let source = match origin {
            HavocOrigin::Nondet(_) => Source::NondetCall,
            HavocOrigin::Uninit => Source::UninitializedLocal,
            HavocOrigin::Volatile => Source::VolatileRead,
        };
        let value = match (origin, self.cfg.uninit) {
            (HavocOrigin::Uninit, _) => {
                // Its value is taken at its first read, if any (`take_uninit`).
                let edge = self.cur_edge.ok_or_else(|| Fault::unsupported("a declaration outside an edge"))?;
                *self.slot_mut(v)?.0 = Value::Uninit { edge, occurrence: self.occurrence };
                return Ok(());
            }
            (HavocOrigin::Volatile, UninitMode::Zero) => {
                // Compiled code reads the object, whose value the preceding load put into `v`.
                self.count_source(source);
                return Ok(());
            }
            _ => self.input_here(source, ty),
        };
        self.write_reg(v, value)
    }

    /// Before a read of a `ty` at `p`: never-written bytes among those read are reported and
    /// take an input (under `UninitMode::Nondet`) or keep their 0 (under `UninitMode::Zero`).
    fn read_unwritten(&mut self, p: Pointer, ty: Type, span: Span) -> Res<()> {
        let len = ty.bytes(self.prog.data_model);
        let Some(found) = self.mem.unwritten(p, len)? else { return Ok(()) };
        *self.unwritten_counts.entry(found.region).or_default() += 1;
        if self.unwritten_reads.len() < MAX_REPORTED_READS {
            self.unwritten_reads.push(UnwrittenRead {
                span,
                region: found.region,
                object: found.object,
                site: found.site,
                offset: found.offset,
                bytes: len,
            });
        }
        let value = match self.cfg.uninit {
            UninitMode::Nondet => self.input_here(Source::UnwrittenMemory, ty),
            UninitMode::Zero => {
                self.count_source(Source::UnwrittenMemory);
                zero_of(ty)
            }
        };
        self.mem.fill_unwritten(p, ty, value)
    }

    /// `dst := *addr`, reading a value of `dst`'s type (never-written bytes get their value
    /// first, see [`Self::read_unwritten`]).
    fn load(&mut self, dst: VarId, addr: &Expr, span: Span) -> Res<()> {
        let p = self.env().ptr(addr)?;
        let ty = self.reg_type(dst)?;
        self.read_unwritten(p, ty, span)?;
        let value = self.mem.read(p, ty)?;
        self.write_reg(dst, value)
    }

    /// The floating-point computation of an opaque step (see [`crate::float`]).
    fn float_step(&mut self, step: &FloatStep, span: Span) -> Res<()> {
        match step {
            FloatStep::Set { dst, value } => {
                let value = self.env().float(value)?;
                self.write_reg(*dst, value.to_value())
            }
            FloatStep::Load { dst, addr } => self.load(*dst, addr, span),
            FloatStep::Store { addr, value, ty } => {
                let env = self.env();
                let p = env.ptr(addr)?;
                let value = env.float(value)?.convert(*ty)?;
                self.mem.write(p, Type::Float(*ty), value.to_value())
            }
            FloatStep::ToInt { dst, value } => {
                let value = self.env().float(value)?;
                let Type::Int(t) = self.reg_type(*dst)? else {
                    return Err(Fault::unsupported("a floating-point value converted to a non-integer"));
                };
                // (Out of range is undefined; the bit-precise semantics computes what the
                // machine's conversion gives.)
                let converted = match self.cfg.semantics {
                    Semantics::BitPrecise => crate::float::to_int_as_x86(value, t),
                    Semantics::Default => crate::float::to_int(value, t)?,
                };
                self.write_reg(*dst, Value::Int(converted))
            }
            FloatStep::Compare { dst, op, lhs, rhs } => {
                let holds = self.env().float_compare(*op, lhs, rhs)?;
                self.write_reg(*dst, Value::Int(i128::from(holds)))
            }
        }
    }

    /// A conversion between a pointer and an integer, over the addresses of [`crate::address`].
    fn address_step(&mut self, step: &AddressStep) -> Res<()> {
        match step {
            AddressStep::ToInt { dst, pointer } => {
                let addr = crate::address::address_of(self.env().ptr(pointer)?, self.ptr_bits)?;
                let value = match self.reg_type(*dst)? {
                    Type::Int(t) => convert(t, i128::from(addr)),
                    Type::Bool => i128::from(addr != 0),
                    _ => return Err(Fault::unsupported("a pointer converted to a non-integer")),
                };
                self.write_reg(*dst, Value::Int(value))
            }
            AddressStep::ToPointer { dst, integer } => {
                let addr = self.env().int(integer)?;
                if self.reg_type(*dst)? != Type::Ptr {
                    return Err(Fault::unsupported("an integer converted to a non-pointer"));
                }
                let p = crate::address::pointer_at(addr, &self.mem, self.ptr_bits)?;
                self.write_reg(*dst, Value::Ptr(p))
            }
        }
    }

    fn store(&mut self, addr: &Expr, value: &Expr) -> Res<()> {
        let ty = value.ty(self.prog).ok_or_else(|| Fault::unsupported("a stored value has no type"))?;
        let env = self.env();
        let p = env.ptr(addr)?;
        let v = coerce(env.eval(value)?, ty)?;
        self.mem.write(p, ty, v)
    }

    fn alloc(&mut self, dst: VarId, size: &Expr, zeroed: bool, region: AllocRegion) -> Res<()> {
        let n = self.env().int(size)?;
        let n = u64::try_from(n).map_err(|_| Fault::ub(format!("allocation of a negative size ({n})")))?;
        let kind = match region {
            AllocRegion::Heap => ObjKind::Heap,
            AllocRegion::Stack => ObjKind::Alloca,
        };
        let span = self.last_span;
        let obj = self.mem.alloc(n, kind, None, zeroed, span)?;
        if region == AllocRegion::Stack {
            self.cur.allocas.push(obj);
        }
        self.write_reg(dst, Value::Ptr(Pointer::to(obj)))
    }

    /// A declaration of memory variable `var` executes: a variable-length array gets a fresh
    /// object of `len` elements; then the bytes are zero, and written (an initializer follows)
    /// or never written (no initializer).
    fn init_object(&mut self, var: VarId, len: Option<&Expr>, fill: Fill) -> Res<()> {
        let Some(VarTy::Mem(ty)) = self.prog.vars.get(var).map(|v| &v.ty) else {
            return Err(Fault::unsupported(format!("declaration of {var}, which is not a memory variable")));
        };
        let obj = match len {
            Some(e) => {
                let ObjType::Array { elem, .. } = ty else {
                    return Err(Fault::unsupported("a variable-length declaration of a non-array"));
                };
                let n = self.env().int(e)?;
                self.new_vla(var, elem, n)?
            }
            None if ty.is_dynamic() => {
                return Err(Fault::unsupported("declaration of a variable-length array without a length"));
            }
            None => self.env().addr_of(var)?.obj,
        };
        self.mem.reset(obj, fill == Fill::Zero)
    }

    /// A fresh object of `n` elements of type `elem` for the variable-length array `var`; the
    /// previous one, if any, dies.
    fn new_vla(&mut self, var: VarId, elem: &ObjType, n: i128) -> Res<ObjRef> {
        if n < 0 {
            return Err(Fault::ub(format!("variable-length array of negative length {n}")));
        }
        let bytes = u64::try_from(n)
            .ok()
            .and_then(|n| n.checked_mul(elem.size(self.prog.data_model)))
            .filter(|b| *b <= MAX_OBJECT_BYTES)
            .ok_or_else(|| Fault::limit(format!("variable-length array of {n} elements is too large")))?;
        if let Value::Ptr(old) = *self.slot_mut(var)?.0 {
            self.mem.kill(old.obj);
        }
        let site = self.prog.funcs.get(self.cur.func).map_or(Span::UNKNOWN, |f| f.span);
        let obj = self.mem.alloc(bytes, ObjKind::Local, Some(var), false, site)?;
        *self.slot_mut(var)?.0 = Value::Ptr(Pointer::to(obj));
        Ok(obj)
    }

    fn call(&mut self, dst: Option<VarId>, callee: FuncId, args: &[Expr], edge: &Edge) -> Res<Flow> {
        let values = self.eval_args(args)?;
        if self.callers.len() + 2 > self.cfg.max_call_depth {
            return Err(Fault::limit("call depth"));
        }
        let frame = self.new_frame(callee, &values, dst, edge.span)?;
        self.cur.loc = edge.to;
        let caller = std::mem::replace(&mut self.cur, frame);
        self.callers.push(caller);
        Ok(Flow::Called)
    }

    /// The values of a fresh set of slots, with objects for the memory variables that get one:
    /// globals are written (zero), locals never written until something writes them.
    fn create_slots(&mut self, slots: &Slots, kind: ObjKind, site: Span) -> Res<Vec<Value>> {
        let mut regs = slots.regs.clone();
        for o in &slots.objects {
            let obj = self.mem.alloc(o.size, kind, Some(o.var), kind == ObjKind::Global, site)?;
            if let Some(slot) = regs.get_mut(o.slot as usize) {
                *slot = Value::Ptr(Pointer::to(obj));
            }
        }
        Ok(regs)
    }

    /// A frame for a call of `func`, with its parameters bound to `args`.
    fn new_frame(&mut self, func: FuncId, args: &[Value], ret_dst: Option<VarId>, call_span: Span) -> Res<Frame> {
        let f = self
            .prog
            .funcs
            .get(func)
            .ok_or_else(|| Fault::unsupported(format!("call of nonexistent function {func}")))?;
        if args.len() != f.params.len() {
            return Err(Fault::unsupported(format!(
                "call of `{}` with {} arguments, but it has {} parameters",
                f.name,
                args.len(),
                f.params.len()
            )));
        }
        let layout: &'p Layout = self.layout;
        let regs = self.create_slots(&layout.funcs[func.index()].slots, ObjKind::Local, f.span)?;
        let mut frame = Frame { func, loc: f.entry, regs, allocas: Vec::new(), ret_dst, call_span };
        for (p, a) in f.params.iter().zip(args) {
            self.bind_param(&mut frame, *p, *a)?;
        }
        Ok(frame)
    }

    fn bind_param(&mut self, frame: &mut Frame, p: VarId, arg: Value) -> Res<()> {
        let bad = || Fault::unsupported(format!("parameter {p} has no slot in its function"));
        let info = self.layout.vars.get(p.index()).ok_or_else(bad)?;
        let Place::Frame(f, i) = info.place else { return Err(bad()) };
        let slot = frame.regs.get_mut(i as usize).filter(|_| f == frame.func).ok_or_else(bad)?;
        match (info.reg, &self.prog.vars[p].ty) {
            (Some(t), _) => *slot = coerce(arg, t)?,
            (None, VarTy::Mem(ObjType::Scalar(t))) => match *slot {
                Value::Ptr(obj) => self.mem.write(obj, *t, coerce(arg, *t)?)?,
                _ => return Err(bad()),
            },
            _ => return Err(Fault::unsupported(format!("parameter {p} is an aggregate in memory"))),
        }
        Ok(())
    }

    /// Leave the running frame: its objects die and the caller receives the return value.
    fn return_from_frame(&mut self) -> Result<Returned, Outcome> {
        let ret = self.prog.funcs[self.cur.func].ret;
        // The value is read only when someone uses it: the caller, or the run's exit code.
        let used = self.callers.is_empty() || self.cur.ret_dst.is_some();
        let value = match ret {
            Some(r) if used => Some(self.read_reg_taking(r).map_err(|f| f.at(self.last_span))?),
            _ => None,
        };
        self.release_frame_objects();
        let Some(caller) = self.callers.pop() else { return Ok(Returned::Finished(value)) };
        let done = std::mem::replace(&mut self.cur, caller);
        if let Some(dst) = done.ret_dst {
            let value = value.ok_or_else(|| Fault::unsupported("the value of a void function is used"));
            value.and_then(|v| self.write_reg(dst, v)).map_err(|f| f.at(done.call_span))?;
        }
        Ok(Returned::ToCaller)
    }

    fn release_frame_objects(&mut self) {
        let fl = self.func_layout(self.cur.func);
        for slot in &fl.mem_slots {
            if let Some(Value::Ptr(p)) = self.cur.regs.get(*slot as usize) {
                self.mem.kill(p.obj);
            }
        }
        for obj in std::mem::take(&mut self.cur.allocas) {
            self.mem.kill(obj);
        }
    }
}

/// A byte count of `memcpy`/`memset`.
fn size_arg(n: i128) -> Res<u64> {
    u64::try_from(n).map_err(|_| Fault::ub(format!("negative size {n}")))
}
