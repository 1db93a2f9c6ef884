//! Replaying a lasso's stem in the interpreter: the inputs must lead to a header visit in a state
//! of the recurrent set.

use leapfrog_arith::Semantics;
use leapfrog_interp::{ExecConfig, Outcome, UninitMode};
use leapfrog_ir::{AssertOrigin, Command, Expr, FuncId, LocId, Program};
use leapfrog_source::Span;

/// Steps the replay may take before giving up.
const REPLAY_STEPS: u64 = 5_000_000;

/// Runs `q` on `inputs` and checks that execution reaches `header` (of function `fid`) in a state
/// satisfying `set`: the header is instrumented with an assertion of `!set`, whose failure is the
/// success of the replay.
pub fn stem_reaches(
    q: &Program,
    fid: FuncId,
    header: LocId,
    set: &Expr,
    inputs: &[i128],
    semantics: Semantics,
) -> Result<(), String> {
    let mut out = q.clone();
    let marker = out.files.intern("<recurrent-set>");
    let span = Span::new(marker, 1, 1);
    let f = &mut out.funcs[fid];
    let check = f.add_loc();
    for (_, e) in f.edges.iter_mut() {
        if e.to == header {
            e.to = check;
        }
    }
    f.add_edge(
        check,
        header,
        Command::Assert { cond: Expr::not(set.clone()), origin: AssertOrigin::CproverAssert },
        span,
    );
    let config = ExecConfig {
        nondet: inputs.to_vec(),
        uninit: UninitMode::Nondet,
        max_steps: REPLAY_STEPS,
        semantics,
        max_call_depth: 100_000,
        record_trace: false,
    };
    let result = leapfrog_interp::run(&out, &config);
    match &result.outcome {
        Outcome::Error { span: s, .. } if *s == span => Ok(()),
        other => Err(format!("the stem's replay did not reach the recurrent set (it ended with {other})")),
    }
}
