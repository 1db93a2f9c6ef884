//! Concrete interpreter for Leapfrog's IR: the oracle that replays inputs.
//!
//! [`run`] executes a [`Program`] on one input stream and reports how the execution ended
//! ([`Outcome`]). It is exact (integer semantics are `leapfrog_arith`'s; memory is bytes with
//! x86-64 layout), defensive (any IR, however inconsistent, gives an outcome, never a panic:
//! inconsistencies are [`Outcome::Unsupported`]), and iterative (C calls push frames on an
//! explicit stack, so deep recursion cannot overflow the Rust stack).
//!
//! Execution: all global memory objects are created zero-filled and global registers are 0 (null
//! for pointers); `program.init` runs to completion, then the entry function, whose parameters
//! are inputs. Every executed edge is a step. One input stream ([`ExecConfig::nondet`], or any
//! [`InputOracle`] given to [`run_with`]) feeds every source of nondeterminism
//! (`leapfrog_ir::nondet`) in execution order, converted to the destination type as C converts
//! integers (for a pointer: 0 is null, anything else an invalid pointer); past its end every
//! value is 0:
//! * the entry function's parameters, in order, before it runs;
//! * each nondeterministic-value call (`Havoc` of a nondet builtin) and each result of a call of
//!   a function without a body (`CallExtern`);
//! * under [`UninitMode::Nondet`] only: the first read of each uninitialized register local (after
//!   each execution of its declaration); each read of never-written memory (one value of the
//!   read's type per read: the never-written bytes among those read take its bytes,
//!   little-endian, and are written from then on; bytes written before keep theirs); each
//!   `volatile` read.
//!
//! Under [`UninitMode::Zero`] never-written bytes and uninitialized locals read 0 and a
//! `volatile` read gives the object's value, as code compiled with gcc's
//! `-ftrivial-auto-var-init=zero` does for locals. Either way every read of never-written memory
//! is reported ([`ExecResult::unwritten_reads`]) and every consumed input counted by source
//! ([`ExecResult::input_counts`]).
//!
//! Modules:
//! * `exec`: the stepping machine (frames, branch choice, commands);
//! * `float`, `address`: what opaque steps compute (floating point; conversions between pointers
//!   and integers, over an address for every object);
//! * `eval`: expressions;
//! * `memory`: objects, pointer provenance, written bytes, lifetimes, checked access;
//! * `layout`: per-run tables (variable slots, frame templates, successor lists);
//! * `nondet`: input oracles (the stream, values per program point);
//! * `value`: runtime values and their conversions;
//! * `fault`: the failures of commands, which become outcomes;
//! * [`runs`]: the runs the analysis engines make (the only execution of a deterministic
//!   program, recording proposed inputs, replaying a counterexample).
//!
//! Invariant: depends only on `leapfrog-source`, `leapfrog-arith` and `leapfrog-ir`.

mod address;
mod eval;
mod exec;
mod fault;
mod float;
pub use float::NativeArithmetic;
mod layout;
mod memory;
mod nondet;
pub mod runs;
mod value;

pub use memory::Region;
pub use nondet::{EdgeInputs, InputOracle, InputRequest, StreamInputs, StreamThenChoices};

use leapfrog_arith::Semantics;
use leapfrog_ir::nondet::Source;
use leapfrog_ir::{AssertOrigin, EdgeId, FuncId, LocId, Program, VarId};
use leapfrog_source::Span;
use std::collections::BTreeMap;
use std::fmt;

/// What uninitialized locals, never-written memory and `volatile` reads give (see the crate
/// documentation).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum UninitMode {
    /// Zero (null for pointers), and a `volatile` read the object's value: consumes no input,
    /// as compiled code with zero-initialized locals.
    #[default]
    Zero,
    /// Inputs: every source of nondeterminism consults the input stream.
    Nondet,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecConfig {
    /// The input stream (see the crate documentation).
    pub nondet: Vec<i128>,
    pub uninit: UninitMode,
    /// Executing more edges than this ends the run with [`Outcome::Limit`].
    pub max_steps: u64,
    pub semantics: Semantics,
    /// Calls nested deeper than this (the entry function being depth 1) end the run with
    /// [`Outcome::Limit`].
    pub max_call_depth: usize,
    /// Record every executed edge in [`ExecResult::trace`].
    pub record_trace: bool,
    /// Record every consumed input in [`ExecResult::inputs`].
    pub record_inputs: bool,
    /// Record the integer values written to variables in [`ExecResult::assignments`] (the first
    /// [`MAX_RECORDED_ASSIGNMENTS`]).
    pub record_assignments: bool,
    /// A run still going at this instant ends with [`Outcome::Limit`] (checked every few
    /// thousand steps).
    pub deadline: Option<std::time::Instant>,
    /// Locations whose states the run records in [`ExecResult::snapshots`].
    pub watch: Option<Watch>,
    /// End the run with [`Outcome::Limit`] at the step after the first consultation of any
    /// source of input (a caller that only wants runs which read none need not run on).
    pub stop_at_input: bool,
}

/// The most assignments [`ExecConfig::record_assignments`] keeps.
pub const MAX_RECORDED_ASSIGNMENTS: usize = 100_000;

/// A value written to a variable (a register: a local, a global, a promoted memory cell),
/// recorded with [`ExecConfig::record_assignments`]: at the position of the edge that wrote it
/// (a call's for its parameters and result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    pub var: VarId,
    pub value: i128,
    pub span: Span,
}

/// The states to record: each time the running function `func` is at one of `locs`, the values
/// of `vars` (at most `per_loc` times per location).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    pub func: FuncId,
    pub locs: Vec<LocId>,
    pub vars: Vec<VarId>,
    pub per_loc: usize,
}

/// A recorded state: the location and the values of [`Watch::vars`], in their order (`None`
/// for a variable that holds no integer there: unset, uninitialized, a pointer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub loc: LocId,
    pub values: Vec<Option<i128>>,
}

impl Default for ExecConfig {
    fn default() -> Self {
        ExecConfig {
            nondet: Vec::new(),
            uninit: UninitMode::Zero,
            max_steps: 10_000_000,
            semantics: Semantics::Default,
            max_call_depth: 100_000,
            record_trace: false,
            record_inputs: false,
            record_assignments: false,
            deadline: None,
            watch: None,
            stop_at_input: false,
        }
    }
}

/// How an execution ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The entry function returned (its integer value; 0 for `void` or a non-integer), or
    /// `exit(code)` was called.
    Exit {
        code: i128,
    },
    /// An assertion failed.
    Error {
        origin: AssertOrigin,
        span: Span,
    },
    Abort {
        span: Span,
    },
    /// No outgoing edge was enabled (an assume of a false condition).
    Blocked {
        span: Span,
    },
    /// Undefined behaviour: signed overflow (under [`Semantics::Default`]), division by zero, an
    /// invalid shift, an invalid memory access, an invalid free, comparing or subtracting
    /// pointers into different objects, ...
    Ub {
        what: String,
        span: Span,
        kind: UbKind,
    },
    /// The step limit or the call-depth limit (or a memory limit) was reached.
    Limit {
        what: String,
    },
    /// An opaque command was reached, or something the interpreter does not model (including
    /// inconsistent IR).
    Unsupported {
        what: String,
        span: Span,
    },
}

/// The class of an undefined behaviour, as SV-COMP's properties tell them apart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UbKind {
    /// A read, write or copy of memory outside every live object: a null, dangling or
    /// out-of-bounds pointer (`valid-deref`).
    InvalidDeref,
    /// A `free` of something other than the start of a live heap object (`valid-free`).
    InvalidFree,
    /// A signed arithmetic result outside its type (`no-overflow`).
    Overflow,
    /// Any other: division by zero, an invalid shift, comparing pointers into different objects, ...
    Other,
}

impl Outcome {
    /// `"exit" | "error" | "abort" | "blocked" | "ub" | "limit" | "unsupported"`.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Exit { .. } => "exit",
            Outcome::Error { .. } => "error",
            Outcome::Abort { .. } => "abort",
            Outcome::Blocked { .. } => "blocked",
            Outcome::Ub { .. } => "ub",
            Outcome::Limit { .. } => "limit",
            Outcome::Unsupported { .. } => "unsupported",
        }
    }

    /// Whether the execution came to an end of its own (`exit`, a failed assertion, `abort`, a
    /// false assumption), not stopped by undefined behaviour, a limit or an unmodelled step.
    pub fn ended(&self) -> bool {
        matches!(self, Outcome::Exit { .. } | Outcome::Error { .. } | Outcome::Abort { .. } | Outcome::Blocked { .. })
    }

    /// Where the execution ended, when it ended at an edge.
    pub fn span(&self) -> Option<Span> {
        match self {
            Outcome::Error { span, .. }
            | Outcome::Abort { span }
            | Outcome::Blocked { span }
            | Outcome::Ub { span, .. }
            | Outcome::Unsupported { span, .. } => Some(*span),
            Outcome::Exit { .. } | Outcome::Limit { .. } => None,
        }
    }
}

/// The outcome without its position (`exit 3`, `error: reach_error`, `ub: division by zero`).
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Exit { code } => write!(f, "exit {code}"),
            Outcome::Error { origin, .. } => write!(f, "error: {}", origin.name()),
            Outcome::Abort { .. } | Outcome::Blocked { .. } => f.write_str(self.kind()),
            Outcome::Ub { what, .. } | Outcome::Limit { what } | Outcome::Unsupported { what, .. } => {
                write!(f, "{}: {what}", self.kind())
            }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecResult {
    pub outcome: Outcome,
    /// Edges executed (the initializer's included).
    pub steps: u64,
    /// The position of the last edge executed (where a run that hit a limit was).
    pub last_span: Span,
    /// Inputs requested from the stream. This exceeds `nondet.len()` when the stream ran out
    /// (the missing values were 0).
    pub nondet_used: usize,
    /// The executed edges in order, when [`ExecConfig::record_trace`] is set.
    pub trace: Vec<(FuncId, EdgeId)>,
    /// The inputs consumed, in order, when [`ExecConfig::record_inputs`] is set: as a stream
    /// (with the same [`UninitMode`]) they replay this execution.
    pub inputs: Vec<i128>,
    /// What each of `inputs` was read for (its source, function and edge), in the same order.
    pub input_requests: Vec<nondet::InputRequest>,
    /// With both [`ExecConfig::record_inputs`] and [`ExecConfig::record_trace`]: for each of
    /// `inputs`, the index in `trace` of the last edge taken when it was read: the edge that
    /// read it, or for a read by a branch's condition, the edge before the branch (`None`: read
    /// before the first edge, e.g. the entry's parameters). An uninitialized local is read at
    /// its first use, not at its declaration (the request's edge).
    pub input_positions: Vec<Option<usize>>,
    /// The integer values written to variables, in order, with
    /// [`ExecConfig::record_assignments`] (pointers, floats and the entry's parameters left out).
    pub assignments: Vec<Assignment>,
    /// How often each source was consulted (under [`UninitMode::Zero`], uninitialized locals,
    /// never-written memory and `volatile` reads are counted though they consume no input).
    pub input_counts: BTreeMap<Source, u64>,
    /// The reads of never-written memory (the first [`MAX_REPORTED_READS`]; every such read
    /// under either mode), and how many there were in each region.
    pub unwritten_reads: Vec<UnwrittenRead>,
    pub unwritten_counts: BTreeMap<Region, u64>,
    /// The states recorded at the locations of [`ExecConfig::watch`], in execution order.
    pub snapshots: Vec<Snapshot>,
    /// The values of [`Watch::vars`] when the run ended, however it ended (read in the frame it
    /// ended in: meaningful for globals); empty without a watch.
    pub end_values: Vec<Option<i128>>,
    /// When the entry function returned: the allocation sites of the heap objects still
    /// allocated that no pointer stored in memory outside the heap reaches (leaked memory,
    /// SV-COMP's `valid-memtrack`). Empty for any other ending (`exit` included).
    pub leaked: Vec<Span>,
}

impl ExecResult {
    /// Whether the run consulted any source of nondeterminism (under either mode).
    pub fn read_any_input(&self) -> bool {
        self.input_counts.values().any(|n| *n > 0)
    }

    /// Whether every input the run consulted came from a nondeterministic call (what a
    /// Test-Comp harness supplies): none from an uninitialized read, an extern call, a parameter
    /// or a `volatile` read.
    pub fn read_only_nondet_calls(&self) -> bool {
        self.input_counts.iter().all(|(source, n)| *source == Source::NondetCall || *n == 0)
    }
}

/// How many reads of never-written memory [`ExecResult::unwritten_reads`] lists.
pub const MAX_REPORTED_READS: usize = 16;

/// A read of bytes that were never written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnwrittenRead {
    /// The load.
    pub span: Span,
    pub region: Region,
    /// What was read: `object \`a\``, `a heap object`, `an alloca object`.
    pub object: String,
    /// Where the object was created (its declaration's function, or the allocation).
    pub site: Span,
    /// The first byte read.
    pub offset: u64,
    /// The size of the read.
    pub bytes: u64,
}

/// Execute `program` on the input stream and settings of `config`.
pub fn run(program: &Program, config: &ExecConfig) -> ExecResult {
    exec::execute(program, config, &mut StreamInputs::new(&config.nondet))
}

/// Execute `program` with the settings of `config` (its `nondet` is ignored), taking the
/// inputs from `oracle`.
pub fn run_with(program: &Program, config: &ExecConfig, oracle: &mut dyn InputOracle) -> ExecResult {
    exec::execute(program, config, oracle)
}
