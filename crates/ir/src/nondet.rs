//! The sources of nondeterminism and the assumptions Leapfrog makes about the environment: the
//! one list every technique honours.
//!
//! An execution of a program is decided by its *inputs*. Every technique treats each of these as
//! an arbitrary value chosen by the environment (the interpreter takes them from its input
//! stream, in execution order, under `UninitMode::Nondet`):
//!
//! | source ([`Source`]) | IR | when it is consulted |
//! |---|---|---|
//! | nondeterministic-value builtins (`__VERIFIER_nondet_*`, `nondet()`, `unknown()`, `random()`, ...) | [`HavocOrigin::Nondet`] | each call |
//! | calls of functions without a body | [`Command::CallExtern`] | each call with a result; the callee may also change globals and memory reachable from its pointer arguments |
//! | the entry function's parameters (`argc`, `argv`, or the parameters of an `--entry` function) | `Function::params` of the entry | once, in parameter order, before the entry runs |
//! | uninitialized register locals | [`HavocOrigin::Uninit`] (the declaration) | at the first read after the declaration executes |
//! | never-written memory: locals without initializer ([`Fill::Uninit`]), `alloca`, `malloc` (not `calloc`, not static storage) | a [`Command::Load`] of bytes no store, `memset` or `memcpy` of written bytes has written | at the first read of each byte (one input of the read's type per read; the bytes keep it) |
//! | `volatile` reads | [`HavocOrigin::Volatile`] after the load | each read |
//!
//! Beyond inputs, an *opaque step* ([`Command::Opaque`]: a call through a function pointer,
//! `setjmp`/`longjmp`, inline assembly, anything the front end could not model) may not return,
//! may loop forever and may change anything reachable: a verdict an opaque step can affect is
//! UNKNOWN, with the construct named ([`opaque_steps`]).
//!
//! The environment assumptions ([`Assumption`]) are what Leapfrog takes for granted; the reports
//! print those a result depends on ([`assumptions`]).

use crate::command::{AllocRegion, Command, Fill, HavocOrigin};
use crate::program::Program;
use leapfrog_source::Span;
use std::fmt;

/// One kind of input (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    NondetCall,
    ExternCall,
    EntryParameter,
    UninitializedLocal,
    UnwrittenMemory,
    VolatileRead,
}

impl Source {
    pub const ALL: [Source; 6] = [
        Source::NondetCall,
        Source::ExternCall,
        Source::EntryParameter,
        Source::UninitializedLocal,
        Source::UnwrittenMemory,
        Source::VolatileRead,
    ];

    /// A short name for reports (`nondet-call`, `unwritten-memory`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Source::NondetCall => "nondet-call",
            Source::ExternCall => "extern-call",
            Source::EntryParameter => "entry-parameter",
            Source::UninitializedLocal => "uninitialized-local",
            Source::UnwrittenMemory => "unwritten-memory",
            Source::VolatileRead => "volatile-read",
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The source a command itself consults (memory reads are [`Source::UnwrittenMemory`] only when
/// they read never-written bytes, which is known at run time: see [`may_read_unwritten`]).
pub fn command_source(cmd: &Command) -> Option<Source> {
    match cmd {
        Command::Havoc(_, HavocOrigin::Nondet(_)) => Some(Source::NondetCall),
        Command::Havoc(_, HavocOrigin::Uninit) => Some(Source::UninitializedLocal),
        Command::Havoc(_, HavocOrigin::Volatile) => Some(Source::VolatileRead),
        Command::CallExtern { .. } => Some(Source::ExternCall),
        _ => None,
    }
}

/// Whether the program creates memory that starts unwritten (so that its loads may consult the
/// input): a local object declared without initializer, an `alloca` or a `malloc`.
pub fn may_read_unwritten(p: &Program) -> bool {
    p.funcs
        .values()
        .flat_map(|f| f.edges.values())
        .any(|e| matches!(e.cmd, Command::InitObject { fill: Fill::Uninit, .. } | Command::Alloc { zeroed: false, .. }))
}

/// Every opaque step of the program that may not return (each function's, including the
/// initializer's): its position and what it is.
pub fn opaque_steps(p: &Program) -> Vec<(Span, String)> {
    let mut out: Vec<(Span, String)> = p
        .funcs
        .values()
        .flat_map(|f| f.edges.values())
        .filter_map(|e| match &e.cmd {
            Command::Opaque { what, may_not_return: true, .. } => Some((e.span, what.clone())),
            _ => None,
        })
        .collect();
    out.sort_by_key(|(s, w)| (s.file, s.line, s.col, w.clone()));
    out.dedup();
    out
}

/// What Leapfrog assumes about the environment of a program.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Assumption {
    /// `malloc` and `calloc` never return null (there is always memory).
    HeapAllocationSucceeds,
    /// `alloca` never fails (the stack is large enough).
    StackAllocationSucceeds,
    /// A function without a body returns (it does not loop forever, exit or fail an assertion),
    /// with an arbitrary result, and changes at most globals and memory reachable from its
    /// pointer arguments.
    ExternFunctionsReturn,
}

impl Assumption {
    pub fn text(self) -> &'static str {
        match self {
            Assumption::HeapAllocationSucceeds => "malloc and calloc never return NULL",
            Assumption::StackAllocationSucceeds => "alloca never fails",
            Assumption::ExternFunctionsReturn => {
                "functions without a body return, with an arbitrary result, changing at most globals and memory reachable from their arguments"
            }
        }
    }
}

/// The assumptions the results for `p` depend on: those about the constructs `p` contains.
pub fn assumptions(p: &Program) -> Vec<Assumption> {
    let mut out = Vec::new();
    for e in p.funcs.values().flat_map(|f| f.edges.values()) {
        let a = match e.cmd {
            Command::Alloc { region: AllocRegion::Heap, .. } => Assumption::HeapAllocationSucceeds,
            Command::Alloc { region: AllocRegion::Stack, .. } => Assumption::StackAllocationSucceeds,
            Command::CallExtern { .. } => Assumption::ExternFunctionsReturn,
            _ => continue,
        };
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out.sort();
    out
}
