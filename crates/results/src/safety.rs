//! What `verify` answers for `unreach-call`: the verdict with its certificate (loop invariants,
//! or a fact) or its counterexample (a replayed failing execution).

use crate::Verdict;
use leapfrog_arith::Semantics;
use leapfrog_ir::nondet::Assumption;
use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// One loop's part of a safety certificate, in the user's terms.
#[derive(Clone, Debug)]
pub struct LoopInvariant {
    pub kind: LoopKind,
    pub span: Span,
    /// The invariant as a C expression (`1` when it is trivially true).
    pub invariant: String,
    /// The transition invariant's conjuncts the proof uses (TACAS'11), post-state primed:
    /// `i' > i`; empty when the summary needs none. The summary assumes `X == Xpre || T(Xpre, X)`
    /// between the entry and the last header visit.
    pub transition_invariant: Vec<String>,
    /// Conjuncts of the certificate over ghost variables, which C at the loop cannot name:
    /// `\at(x, L17)`, the value `x` had when the loop statement at line 17 was last entered, and
    /// `\iterations(L17)`, the number of its iterations since then (`L17_3` when two loops start
    /// on line 17). A conjunct may speak of another loop's ghosts (what an earlier loop left).
    /// Empty when the proof needs none.
    pub ghost_invariant: Vec<String>,
}

/// One leap of a leaping counterexample: a summarized loop, with the values of the variables it
/// modifies on entry and at its last iteration, as the summarized program's model has them.
#[derive(Clone, Debug)]
pub struct LeapReport {
    pub kind: LoopKind,
    pub span: Span,
    pub before: Vec<(String, i128)>,
    pub after: Vec<(String, i128)>,
}

/// A confirmed failing execution.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The interpreter's input stream (nondet values and, in order, uninitialized variables).
    pub inputs: Vec<i128>,
    /// What read each of `inputs`, in the same order (empty when the replay did not record it).
    pub reads: Vec<InputRead>,
    /// The source positions the execution passes, consecutive repeats merged; of a long
    /// execution only the first and the last positions (see `elided`).
    pub path: Vec<Span>,
    /// How many positions are left out in the middle of `path` (0: none).
    pub elided: usize,
    /// The values the execution assigns to the user's variables, in order (each at the
    /// position that assigned it, as CBMC's traces show them); of a long execution only the
    /// first and the last (see `values_elided`).
    pub values: Vec<AssignedValue>,
    /// How many assignments are left out in the middle of `values` (0: none).
    pub values_elided: usize,
    /// The assertion that fails.
    pub failing: Span,
    /// Loops leapt over by the abstract counterexample that led to it (may be empty).
    pub leaps: Vec<LeapReport>,
    /// How many iterations per loop entry the concrete search unwound (`None` when the
    /// execution was not found by unwinding: the program's only execution).
    pub unwinding: Option<u32>,
}

/// A value an execution assigned to a variable of the program (by its C name) at `span`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssignedValue {
    pub span: Span,
    pub variable: String,
    pub value: i128,
}

/// Where an input of a counterexample was read: the source (a nondet call, an uninitialized
/// local, never-written memory, a parameter of the entry, ...) and its position (the entry
/// function's for a parameter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputRead {
    pub source: leapfrog_ir::nondet::Source,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub verdict: Verdict,
    pub semantics: Semantics,
    pub technique: Option<&'static str>,
    pub reason: Option<String>,
    pub certificate: Vec<LoopInvariant>,
    /// A TRUE shown by a fact about the program rather than by loop invariants (techniques
    /// `no-assertion` and `concrete-execution`), in words.
    pub fact: Option<String>,
    pub counterexample: Option<Counterexample>,
    /// What the answer takes for granted about the program's environment (`ir::nondet`):
    /// the assumptions about the constructs the program contains.
    pub assumptions: Vec<Assumption>,
    pub solver_queries: u64,
    pub elapsed: Duration,
    /// The automatic checks (`--property memsafety`, `no-overflow`), when they were asked for.
    pub checks: Option<Checks>,
}

/// The automatic checks of a `verify` run and what became of each (loopfrog-summarization-atva08
/// Table 2: checks, proven, violated, unknown).
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// The properties checked, as SV-COMP names them (`unreach-call`, `valid-memsafety`,
    /// `no-overflow`).
    pub properties: Vec<&'static str>,
    pub checks: Vec<CheckResult>,
    /// The kind of the violated check the verdict names (`valid-deref`, `unreach-call`, ...): the
    /// answer is `FALSE(kind)`.
    pub violated: Option<&'static str>,
}

impl Checks {
    /// (checks, proven, violated, unknown).
    pub fn totals(&self) -> (usize, usize, usize, usize) {
        let count = |f: fn(&CheckStatus) -> bool| self.checks.iter().filter(|c| f(&c.status)).count();
        (
            self.checks.len(),
            count(|s| matches!(s, CheckStatus::Proven { .. })),
            count(|s| matches!(s, CheckStatus::Violated { .. })),
            count(|s| matches!(s, CheckStatus::Unknown { .. })),
        )
    }
}

/// One automatic check.
#[derive(Clone, Debug)]
pub struct CheckResult {
    pub id: u32,
    /// `valid-deref`, `valid-free`, `valid-memtrack`, `no-overflow`.
    pub kind: &'static str,
    pub span: Span,
    pub what: String,
    pub status: CheckStatus,
}

#[derive(Clone, Debug)]
pub enum CheckStatus {
    /// Holds on every execution (that has not failed another check before it), by `technique`.
    Proven {
        technique: &'static str,
    },
    /// Fails on the replayed execution.
    Violated {
        counterexample: Box<Counterexample>,
    },
    Unknown {
        reason: String,
    },
}

impl CheckStatus {
    /// `proven`, `violated`, `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            CheckStatus::Proven { .. } => "proven",
            CheckStatus::Violated { .. } => "violated",
            CheckStatus::Unknown { .. } => "unknown",
        }
    }
}

impl Report {
    /// An UNKNOWN that no analysis was run for.
    pub fn unknown(semantics: Semantics, reason: String) -> Report {
        Report {
            verdict: Verdict::Unknown,
            semantics,
            technique: None,
            reason: Some(reason),
            certificate: Vec::new(),
            fact: None,
            counterexample: None,
            assumptions: Vec::new(),
            solver_queries: 0,
            elapsed: Duration::ZERO,
            checks: None,
        }
    }
}
