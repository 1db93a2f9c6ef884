//! The runs the analysis engines make.
//!
//! Deterministic programs: when the interpreter's run of a program never consults an input (no
//! source of `leapfrog_ir::nondet`: no nondeterministic value, no extern call, no parameter of
//! the entry, no read of an uninitialized local or of never-written memory, no `volatile` read),
//! that run is the program's only execution. If it ends, it decides both properties: every
//! execution terminates (`terminate`), and an assertion can fail exactly when this run fails one
//! (`verify`). (A declaration whose variable is never read before it is assigned consults
//! nothing: the interpreter takes an uninitialized value at its first read.)
//!
//! [`RandomInputs`] makes input streams for runs that explore: mostly small values, some of
//! medium size, boundary values, and the program's own constants and their neighbours (a guard
//! `x == 102` is met by a dictionary, rarely by chance).
//!
//! [`single_run`] is the one place that decides whether a run is the program's only execution;
//! both pipelines use it. [`run_recording`] and [`replay`] are the runs that turn an engine's
//! proposed inputs into a stream and confirm a counterexample.

use crate::{ExecConfig, ExecResult, InputOracle, UninitMode, Watch};
use leapfrog_arith::Semantics;
use leapfrog_ir::Program;
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

/// Steps the run may take; longer runs are left to the other techniques. The interpreter takes
/// roughly 10 million steps a second; the run may use about a sixth of the budget.
pub const MAX_STEPS: u64 = 20_000_000;
const STEPS_PER_BUDGET_SECOND: f64 = 1_500_000.0;

/// The program's only execution, when the interpreter shows that it has one and runs it to its
/// end: the run of `q` (from its entry, with every uninitialized variable and nondeterministic
/// source taken from an empty input stream) ends by `exit`, a failed assertion, `abort` or a
/// false assumption, and consulted no input on the way. `None` when the program may consult
/// input, when the run reaches undefined behaviour, a limit (the step budget, about a sixth of
/// `budget`) or something the interpreter does not model, or when `deadline` has passed.
pub fn single_run(q: &Program, semantics: Semantics, budget: Duration, deadline: Instant) -> Option<ExecResult> {
    single_run_watching(q, semantics, steps_within(budget), deadline, None)
}

/// The steps a run that may be the program's only execution takes within a job's `budget`:
/// about a sixth of it, at most [`MAX_STEPS`].
pub fn steps_within(budget: Duration) -> u64 {
    MAX_STEPS.min((budget.as_secs_f64() * STEPS_PER_BUDGET_SECOND) as u64)
}

/// [`single_run`] with at most `max_steps` steps, recording the states `watch` asks for.
pub fn single_run_watching(
    q: &Program,
    semantics: Semantics,
    max_steps: u64,
    deadline: Instant,
    watch: Option<Watch>,
) -> Option<ExecResult> {
    if Instant::now() >= deadline {
        return None;
    }
    let r = crate::run(q, &only_run_config(semantics, max_steps, deadline, watch));
    (r.outcome.ended() && !r.read_any_input()).then_some(r)
}

/// The run [`single_run`] makes, for at most `max_steps` steps, however it ends: a caller can
/// tell a run that consulted an input (it stops there) from one that is only long (its step
/// limit, no input consulted).
pub fn only_run(q: &Program, semantics: Semantics, max_steps: u64, deadline: Instant) -> ExecResult {
    crate::run(q, &only_run_config(semantics, max_steps, deadline, None))
}

/// What the run of [`single_run`] shows, as a certificate's text: "the program's only execution
/// ends (exit 0) after 42 steps".
pub fn ending_text(run: &ExecResult) -> String {
    format!("the program's only execution ends ({}) after {} steps", run.outcome, run.steps)
}

/// The program's only execution as the compiled program runs it: [`single_run_watching`], or —
/// when under the default semantics that run overflows a signed integer or converts a float out
/// of an integer type's range, undefined behaviour that every execution then reaches (none
/// consulted an input before it) — the same run under [`Semantics::BitPrecise`] (two's
/// complement wrapping, x86-64's conversions), which is what gcc's code computes, when it ends
/// without consulting an input. The run, and where it first overflowed when it is
/// the wrapping one. The program then has no execution free of undefined behaviour: this run
/// stands for what the native one does (a WCET benchmark's loop counts, its termination), and
/// an answer from it holds under the bit-precise semantics only, as [`ending_text_wrapping`]
/// says.
pub fn single_run_wrapping_overflow(
    q: &Program,
    semantics: Semantics,
    max_steps: u64,
    deadline: Instant,
    watch: Option<Watch>,
) -> Option<(ExecResult, Option<leapfrog_source::Span>)> {
    if Instant::now() >= deadline {
        return None;
    }
    let config = only_run_config(semantics, max_steps, deadline, watch);
    let r = crate::run(q, &config);
    if r.outcome.ended() && !r.read_any_input() {
        return Some((r, None));
    }
    let overflow = match &r.outcome {
        crate::Outcome::Ub { what, span, .. }
            if semantics == Semantics::Default && machine_defines(what) && !r.read_any_input() =>
        {
            *span
        }
        _ => return None,
    };
    let wrapping = crate::run(q, &ExecConfig { semantics: Semantics::BitPrecise, ..config });
    (wrapping.outcome.ended() && !wrapping.read_any_input()).then_some((wrapping, Some(overflow)))
}

/// Whether the undefined behaviour `what` is one the machine's arithmetic gives a value
/// (a signed overflow wraps; a floating-point value out of an integer type's range converts to
/// what x86-64's conversion gives): the bit-precise semantics runs on past it.
fn machine_defines(what: &str) -> bool {
    what == leapfrog_arith::IntError::SignedOverflow.describe()
        || what.starts_with("conversion of the floating-point value")
}

/// [`ending_text`] for a run of [`single_run_wrapping_overflow`]: with `overflow`, where the
/// default semantics' run first met undefined behaviour and how the run went on past it.
pub fn ending_text_wrapping(q: &Program, run: &ExecResult, overflow: Option<leapfrog_source::Span>) -> String {
    match overflow {
        None => ending_text(run),
        Some(at) => format!(
            "{}; its first undefined behaviour, at {} (a signed overflow or a float converted out of an \
             integer type's range), is reached by every execution, and it runs on as the compiled program \
             computes: two's complement wrapping, x86-64's conversions",
            ending_text(run),
            q.files.display(at)
        ),
    }
}

/// The configuration of a run that may be the program's only execution: every input from an
/// empty stream, stopping at the first one consulted.
fn only_run_config(semantics: Semantics, max_steps: u64, deadline: Instant, watch: Option<Watch>) -> ExecConfig {
    // (Every source of input is counted as the run consults it — an extern call too, whose
    // effect on memory the interpreter does not model — and a step the interpreter does not model
    // ends the run as unsupported: the run itself shows whether it was the only execution.)
    ExecConfig {
        nondet: Vec::new(),
        uninit: UninitMode::Nondet,
        max_steps,
        semantics,
        max_call_depth: 100_000,
        record_trace: false,
        record_inputs: false,
        record_assignments: false,
        deadline: Some(deadline),
        watch,
        stop_at_input: true,
    }
}

/// Steps the interpreter may take to replay a counterexample.
pub const REPLAY_STEPS: u64 = 50_000_000;

/// Runs `q` with inputs from `oracle` (`--uninit nondet`), recording the inputs it consumes, for
/// at most [`REPLAY_STEPS`] steps and until `deadline`.
pub fn run_recording(q: &Program, oracle: &mut dyn InputOracle, semantics: Semantics, deadline: Instant) -> ExecResult {
    run_recording_within(q, oracle, semantics, REPLAY_STEPS, deadline)
}

/// [`run_recording`] for at most `max_steps` steps.
pub fn run_recording_within(
    q: &Program,
    oracle: &mut dyn InputOracle,
    semantics: Semantics,
    max_steps: u64,
    deadline: Instant,
) -> ExecResult {
    let config = ExecConfig {
        uninit: UninitMode::Nondet,
        max_steps,
        semantics,
        record_inputs: true,
        deadline: Some(deadline),
        ..ExecConfig::default()
    };
    crate::run_with(q, &config, oracle)
}

/// Runs `p` on `inputs` (`--uninit nondet`) with a trace, for at most [`REPLAY_STEPS`] steps and
/// until `deadline`: the replay that confirms a counterexample (with the values it assigns).
pub fn replay(p: &Program, inputs: &[i128], semantics: Semantics, deadline: Instant) -> ExecResult {
    let config = ExecConfig {
        nondet: inputs.to_vec(),
        uninit: UninitMode::Nondet,
        max_steps: REPLAY_STEPS,
        semantics,
        record_trace: true,
        record_inputs: true,
        record_assignments: true,
        deadline: Some(deadline),
        ..ExecConfig::default()
    };
    crate::run(p, &config)
}

/// Input streams for exploring runs: a small deterministic generator and the program's
/// constants.
pub struct RandomInputs {
    state: u64,
    dictionary: Vec<i128>,
}

/// Values that guards and loop bounds often test.
const BOUNDARY: [i128; 8] = [0, 1, -1, 2, 100, 1000, 2147483647, -2147483648];
/// The most constants of a program the streams draw from.
const MAX_DICTIONARY: usize = 64;

impl RandomInputs {
    /// Streams for `p`, from its integer constants (each with its neighbours) and `seed`.
    pub fn new(p: &Program, seed: u64) -> RandomInputs {
        let mut constants = BTreeSet::new();
        for f in p.funcs.values() {
            for e in f.edges.values() {
                for x in e.cmd.exprs() {
                    x.small_constants(&mut constants);
                }
            }
        }
        let dictionary: Vec<i128> = constants
            .into_iter()
            .flat_map(|c: i128| [c.saturating_sub(1), c, c.saturating_add(1)])
            .collect::<BTreeSet<_>>()
            .into_iter()
            .take(MAX_DICTIONARY)
            .collect();
        RandomInputs { state: seed | 1, dictionary }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// Stream number `run`: short and long ones alternate (the stream's end, 0 from then on,
    /// ends a `while (nondet())` loop).
    pub fn stream(&mut self, run: u64) -> Vec<i128> {
        let len = 4 + self.below(if run.is_multiple_of(2) { 32 } else { 256 });
        (0..len).map(|_| self.value()).collect()
    }

    fn value(&mut self) -> i128 {
        match self.below(10) {
            0..=4 => self.below(21) as i128 - 4,
            5..=6 => self.below(2001) as i128 - 1000,
            7 if !self.dictionary.is_empty() => {
                let i = self.below(self.dictionary.len() as u64) as usize;
                self.dictionary[i]
            }
            _ => {
                let i = self.below(BOUNDARY.len() as u64) as usize;
                BOUNDARY[i]
            }
        }
    }
}
