//! Faults: why a command or an expression could not be executed.
//!
//! Evaluation and memory access report a [`Fault`] without knowing where they run; the stepping
//! machine turns it into an [`Outcome`] with the span of the edge being executed.

use crate::{Outcome, UbKind};
use leapfrog_source::Span;

/// The class of a fault, which decides the outcome it becomes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum FaultKind {
    /// Undefined behaviour of the C program, of the class it falls in.
    Ub(UbKind),
    /// Something the interpreter does not model, or an inconsistent IR.
    Unsupported,
    /// A resource limit of the interpreter.
    Limit,
    /// A read of the register local `var`, uninitialized since the havoc at `edge` (its
    /// `occurrence`-th execution): not a failure, but the moment its value is taken. The machine
    /// gives the variable its value and executes the edge again (expressions have no side
    /// effects, and every command evaluates its expressions before it changes anything).
    UninitRead { var: leapfrog_ir::VarId, edge: leapfrog_ir::EdgeId, occurrence: u64 },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fault {
    pub kind: FaultKind,
    pub what: String,
}

pub(crate) type Res<T> = Result<T, Fault>;

impl Fault {
    pub fn ub(what: impl Into<String>) -> Fault {
        Fault { kind: FaultKind::Ub(UbKind::Other), what: what.into() }
    }

    /// An access (read, write, copy) of memory that is not inside a live object.
    pub fn invalid_deref(what: impl Into<String>) -> Fault {
        Fault { kind: FaultKind::Ub(UbKind::InvalidDeref), what: what.into() }
    }

    /// A `free` of something that is not the start of a live heap object.
    pub fn invalid_free(what: impl Into<String>) -> Fault {
        Fault { kind: FaultKind::Ub(UbKind::InvalidFree), what: what.into() }
    }

    pub fn unsupported(what: impl Into<String>) -> Fault {
        Fault { kind: FaultKind::Unsupported, what: what.into() }
    }

    pub fn limit(what: impl Into<String>) -> Fault {
        Fault { kind: FaultKind::Limit, what: what.into() }
    }

    /// The outcome of an execution that stopped with this fault at `span`.
    pub fn at(self, span: Span) -> Outcome {
        match self.kind {
            FaultKind::Ub(kind) => Outcome::Ub { what: self.what, span, kind },
            FaultKind::Unsupported => Outcome::Unsupported { what: self.what, span },
            FaultKind::Limit => Outcome::Limit { what: self.what },
            FaultKind::UninitRead { .. } => {
                Outcome::Unsupported { what: "an uninitialized read outside a command".into(), span }
            }
        }
    }
}
