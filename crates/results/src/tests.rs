//! What `testgen` prints: per target (the program's error, a source line, a branch outcome)
//! whether an input reaches it — replayed by the interpreter — or a proof that none does, and
//! the inputs as a test suite.

use leapfrog_arith::Semantics;
use leapfrog_source::Span;
use std::time::Duration;

/// Whether a target is reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TargetStatus {
    /// A test's replay reached it.
    Reached,
    /// `verify` proved that no execution reaches it (the certificate says how).
    Unreachable,
    Unknown,
}

impl TargetStatus {
    pub fn word(self) -> &'static str {
        match self {
            TargetStatus::Reached => "reached",
            TargetStatus::Unreachable => "unreachable",
            TargetStatus::Unknown => "unknown",
        }
    }
}

/// What a target is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// A failing assertion or a call of `reach_error` (Test-Comp's `cover-error`).
    Error,
    /// The first statement of a source line (`--target`).
    Line,
    /// One outcome of a branch: the condition, as C, that the outcome takes.
    Branch { condition: String },
}

/// One target and what was found for it.
#[derive(Clone, Debug)]
pub struct Target {
    pub kind: TargetKind,
    /// Where it is: the failing assertion of a reached error target (unknown otherwise), the
    /// line's first statement, the branch's condition.
    pub span: Span,
    pub status: TargetStatus,
    /// The test that reaches it (an index into [`TestgenReport::tests`]).
    pub test: Option<usize>,
    /// The technique that found the test, or proved the target unreachable.
    pub technique: Option<&'static str>,
    /// Why it is `unknown` (or, for `unreachable`, what the proof rests on in words).
    pub reason: Option<String>,
    /// For `unreachable`: the certificate's loop invariants, or the fact, as text.
    pub certificate: Vec<String>,
}

/// One test: an input stream and what its replay did.
#[derive(Clone, Debug)]
pub struct TestCase {
    /// The stream `exec --nondet` takes: the nondeterministic values and, in order, the values
    /// of uninitialized reads.
    pub nondet: Vec<i128>,
    /// Steps of the interpreter's replay (`None`: replayed natively, the interpreter's replay
    /// stopped at its limit).
    pub steps: Option<u64>,
    /// How the replay ended (`error: reach_error`, `exit 0`).
    pub outcome: String,
    /// `interpreter`, or `native` (compiled by gcc and run: a target behind more iterations
    /// than the interpreter runs).
    pub replayed_by: &'static str,
    /// Whether every value of the stream was read by a `__VERIFIER_nondet_*` call (what a
    /// Test-Comp harness supplies); otherwise the stream also feeds uninitialized reads, extern
    /// calls or `volatile` reads, which a native run does not take from the test.
    pub only_nondet_calls: bool,
}

/// Branch coverage of a suite (`--cover branches`), measured by the interpreter's replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    pub outcomes: usize,
    pub covered: usize,
    pub unreachable: usize,
}

#[derive(Clone, Debug)]
pub struct TestgenReport {
    pub semantics: Semantics,
    /// `error`, `line` or `branches`.
    pub goal: &'static str,
    pub targets: Vec<Target>,
    pub tests: Vec<TestCase>,
    pub coverage: Option<Coverage>,
    pub notes: Vec<String>,
    pub elapsed: Duration,
}
