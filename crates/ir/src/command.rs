//! Commands: what an edge of the control-flow graph does.
//!
//! Control flow is carried by the graph, not by commands: a location with several outgoing edges
//! branches, and then every outgoing edge is an [`Command::Assume`] (exactly one of them is
//! enabled in a deterministic program; none enabled means the execution is blocked). The commands
//! that end an execution ([`Command::Exit`], [`Command::Abort`], a failing [`Command::Assert`])
//! lead to the function's `halt` location.

use crate::address::AddressStep;
use crate::expr::Expr;
use crate::float::FloatStep;
use crate::ids::{FuncId, VarId};

/// Why a variable receives an arbitrary value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HavocOrigin {
    /// A call of a nondeterministic-value builtin (`__VERIFIER_nondet_int`, `unknown`, `nondet`,
    /// `random`, ...), named here.
    Nondet(String),
    /// The declaration of a variable without initializer executes. Uninitialized locals hold
    /// arbitrary values for the analyses; the interpreter makes them 0 or reads them from its
    /// input stream (`--uninit zero|nondet`).
    Uninit,
    /// A read of a `volatile` object: the environment may have changed it, so the value just
    /// loaded into the variable is replaced by an arbitrary one. The interpreter keeps the loaded
    /// value under `--uninit zero` (as compiled code does) and reads its input stream under
    /// `--uninit nondet`.
    Volatile,
}

/// How a memory object's bytes are set when its declaration executes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fill {
    /// No initializer: arbitrary contents (see [`HavocOrigin::Uninit`]).
    Uninit,
    /// All bytes zero (the part of an aggregate not covered by an initializer list).
    Zero,
}

/// Where an allocation lives.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AllocRegion {
    /// `malloc`/`calloc`: lives until `free`.
    Heap,
    /// `alloca`: lives until the function returns.
    Stack,
}

/// Which convention an assertion came from (all of them are the `unreach-call` property).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum AssertOrigin {
    /// A call of `reach_error()`.
    ReachError,
    /// A call of `__VERIFIER_error()`.
    VerifierError,
    /// `__VERIFIER_assert(e)` for a program that does not define it.
    VerifierAssert,
    /// `assert(e)` (our `<assert.h>`, or Code2Inv's undeclared `assert`).
    Assert,
    /// A call of glibc's `__assert_fail` (what glibc's `assert` expands to).
    AssertFail,
    /// CBMC's `__CPROVER_assert(e, msg)`.
    CproverAssert,
    /// An automatic check (`crate::checks`), by its number.
    Check(u32),
}

impl AssertOrigin {
    pub const ALL: [AssertOrigin; 6] = [
        AssertOrigin::ReachError,
        AssertOrigin::VerifierError,
        AssertOrigin::VerifierAssert,
        AssertOrigin::Assert,
        AssertOrigin::AssertFail,
        AssertOrigin::CproverAssert,
    ];

    /// The C function the assertion came from.
    pub fn name(self) -> &'static str {
        match self {
            AssertOrigin::ReachError => "reach_error",
            AssertOrigin::VerifierError => "__VERIFIER_error",
            AssertOrigin::VerifierAssert => "__VERIFIER_assert",
            AssertOrigin::Assert => "assert",
            AssertOrigin::AssertFail => "__assert_fail",
            AssertOrigin::CproverAssert => "__CPROVER_assert",
            AssertOrigin::Check(_) => "check",
        }
    }

    /// The textual form: the function's name, or `check_N`.
    pub fn text(self) -> String {
        match self {
            AssertOrigin::Check(n) => format!("check_{n}"),
            other => other.name().to_string(),
        }
    }

    /// The origin [`AssertOrigin::text`] writes as `s`.
    pub fn from_text(s: &str) -> Option<AssertOrigin> {
        match s.strip_prefix("check_") {
            Some(n) => n.parse().ok().map(AssertOrigin::Check),
            None => AssertOrigin::from_name(s),
        }
    }

    pub fn from_name(s: &str) -> Option<AssertOrigin> {
        AssertOrigin::ALL.iter().copied().find(|o| o.name() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Command {
    Skip,
    /// Continue only if the boolean condition holds.
    Assume(Expr),
    /// `var := expr` for a register variable.
    Assign(VarId, Expr),
    /// `var := *` for a register variable.
    Havoc(VarId, HavocOrigin),
    /// `dst := *addr`, reading a value of `dst`'s type.
    Load {
        dst: VarId,
        addr: Expr,
    },
    /// `*addr := value`, writing a value of `value`'s type.
    Store {
        addr: Expr,
        value: Expr,
    },
    /// The declaration of a memory variable executes: a variable-length array gets a fresh object
    /// of `len` elements; the bytes are set as `fill` says.
    InitObject {
        var: VarId,
        len: Option<Expr>,
        fill: Fill,
    },
    /// `dst := pointer to a fresh object of size bytes` (`malloc`, `calloc`, `alloca`).
    Alloc {
        dst: VarId,
        size: Expr,
        zeroed: bool,
        region: AllocRegion,
    },
    /// `free(ptr)`.
    Free(Expr),
    /// Copy `size` bytes from `src` to `dst` (struct assignment, `memcpy`, `memmove`).
    MemCopy {
        dst: Expr,
        src: Expr,
        size: Expr,
    },
    /// Set `size` bytes at `dst` to the low byte of `byte` (`memset`).
    MemSet {
        dst: Expr,
        byte: Expr,
        size: Expr,
    },
    /// Call of a function with a body; arguments are evaluated before the call, `dst` receives
    /// the callee's return value.
    Call {
        dst: Option<VarId>,
        callee: FuncId,
        args: Vec<Expr>,
    },
    /// Call of a function without a body: `dst` receives an arbitrary value, and the callee may
    /// change globals and memory reachable from pointer arguments (an assumption of the analysis).
    CallExtern {
        dst: Option<VarId>,
        name: String,
        args: Vec<Expr>,
    },
    /// An output function (`printf`, `puts`, ...): evaluates its arguments and reads the memory
    /// its pointer arguments point to; changes nothing.
    Output {
        name: String,
        args: Vec<Expr>,
    },
    /// The property `unreach-call`: fails (ending the execution) when `cond` is false.
    Assert {
        cond: Expr,
        origin: AssertOrigin,
    },
    /// `exit(code)`.
    Exit(Expr),
    /// `abort()`.
    Abort,
    /// A construct the IR does not model (`what` says which; a diagnostic was emitted). The
    /// analyses treat it as havocking `havoc` (and all memory when `writes_memory`); the
    /// interpreter stops with outcome `unsupported` unless the step carries its computation
    /// (`compute`). When `may_not_return` (a call through a function pointer,
    /// `setjmp`/`longjmp`, inline assembly), it may also loop forever, jump elsewhere or run any
    /// function: no certificate may rely on a path through it (see `crate::nondet`); otherwise
    /// it is an arbitrary value or effect (floating-point arithmetic, a conversion between a
    /// pointer and an integer, a bit-field access).
    Opaque {
        what: String,
        havoc: Vec<VarId>,
        writes_memory: bool,
        may_not_return: bool,
        /// The computation the step stands for, which only the interpreter performs.
        compute: Option<Box<Computed>>,
    },
}

/// What an opaque step computes, for the interpreter alone: the analyses see the step's havoc.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Computed {
    /// Floating-point arithmetic (see [`crate::float`]).
    Float(FloatStep),
    /// A conversion between a pointer and an integer (see [`crate::address`]).
    Address(AddressStep),
}

impl Computed {
    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        match self {
            Computed::Float(step) => step.for_each_var(f),
            Computed::Address(step) => step.for_each_var(f),
        }
    }

    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        match self {
            Computed::Float(step) => step.rename_vars(f),
            Computed::Address(step) => step.rename_vars(f),
        }
    }
}

impl Command {
    /// Whether executing the command ends the execution (its edge leads to `halt`).
    pub fn is_terminal(&self) -> bool {
        matches!(self, Command::Exit(_) | Command::Abort)
            || matches!(self, Command::Assert { cond: Expr::Bool(false), .. })
    }

    /// The expressions the command evaluates, in evaluation order.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            Command::Skip | Command::Abort | Command::Havoc(..) | Command::Opaque { .. } => vec![],
            Command::Assume(e) | Command::Assign(_, e) | Command::Free(e) | Command::Exit(e) => vec![e],
            Command::Assert { cond, .. } => vec![cond],
            Command::Load { addr, .. } => vec![addr],
            Command::Store { addr, value } => vec![addr, value],
            Command::InitObject { len, .. } => len.iter().collect(),
            Command::Alloc { size, .. } => vec![size],
            Command::MemCopy { dst, src, size } => vec![dst, src, size],
            Command::MemSet { dst, byte, size } => vec![dst, byte, size],
            Command::Call { args, .. } | Command::CallExtern { args, .. } | Command::Output { args, .. } => {
                args.iter().collect()
            }
        }
    }

    /// The register variables the command assigns directly (not through memory, not in callees).
    pub fn defs(&self) -> Vec<VarId> {
        match self {
            Command::Assign(v, _)
            | Command::Havoc(v, _)
            | Command::Load { dst: v, .. }
            | Command::Alloc { dst: v, .. } => {
                vec![*v]
            }
            Command::Call { dst, .. } | Command::CallExtern { dst, .. } => dst.iter().copied().collect(),
            Command::Opaque { havoc, .. } => havoc.clone(),
            _ => vec![],
        }
    }

    /// Replaces every variable the command mentions (assigned, declared, havocked, or in one of
    /// its expressions) by `f` of it.
    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        match self {
            Command::Skip | Command::Abort => {}
            Command::Assume(e) | Command::Free(e) | Command::Exit(e) | Command::Assert { cond: e, .. } => {
                e.rename_vars(f)
            }
            Command::Assign(v, e) | Command::Load { dst: v, addr: e } | Command::Alloc { dst: v, size: e, .. } => {
                *v = f(*v);
                e.rename_vars(f);
            }
            Command::Havoc(v, _) => *v = f(*v),
            Command::Store { addr, value } => {
                addr.rename_vars(f);
                value.rename_vars(f);
            }
            Command::InitObject { var, len, .. } => {
                *var = f(*var);
                if let Some(len) = len {
                    len.rename_vars(f);
                }
            }
            Command::MemCopy { dst: a, src: b, size: c } | Command::MemSet { dst: a, byte: b, size: c } => {
                a.rename_vars(f);
                b.rename_vars(f);
                c.rename_vars(f);
            }
            Command::Call { dst, args, .. } | Command::CallExtern { dst, args, .. } => {
                if let Some(d) = dst {
                    *d = f(*d);
                }
                for a in args {
                    a.rename_vars(f);
                }
            }
            Command::Output { args, .. } => {
                for a in args {
                    a.rename_vars(f);
                }
            }
            Command::Opaque { havoc, compute, .. } => {
                for v in havoc {
                    *v = f(*v);
                }
                if let Some(step) = compute {
                    step.rename_vars(f);
                }
            }
        }
    }

    /// Whether the command may write memory directly (not counting callees).
    pub fn writes_memory(&self) -> bool {
        match self {
            Command::Store { .. }
            | Command::InitObject { .. }
            | Command::MemCopy { .. }
            | Command::MemSet { .. }
            | Command::Free(_)
            | Command::CallExtern { .. } => true,
            Command::Opaque { writes_memory, .. } => *writes_memory,
            _ => false,
        }
    }
}
