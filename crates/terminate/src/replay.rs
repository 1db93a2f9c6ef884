//! Replaying a lasso's stem in the interpreter: the inputs must lead to a header visit in a state
//! of the recurrent set.

use leapfrog_arith::Semantics;
use leapfrog_interp::runs::run_recording;
use leapfrog_interp::{EdgeInputs, InputOracle, Outcome, StreamInputs};
use leapfrog_ir::{AssertOrigin, Command, Expr, FuncId, LocId, Program};
use leapfrog_source::Span;
use leapfrog_summarize::bmc::ProposedInputs;

/// Runs `q` with the stem's proposed input values and checks that execution reaches `header` (of
/// function `fid`) in a state satisfying `set`: the header is instrumented with an assertion of
/// `!set`, whose failure is the success of the replay. The input stream the run consumed (which
/// `leapfrog exec --uninit nondet` replays on the original program), confirmed by a second run.
pub fn stem_reaches(
    q: &Program,
    fid: FuncId,
    header: LocId,
    set: &Expr,
    proposed: &ProposedInputs,
    semantics: Semantics,
    deadline: std::time::Instant,
) -> Result<Vec<i128>, String> {
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
    let run = |oracle: &mut dyn InputOracle| {
        let result = run_recording(&out, oracle, semantics, deadline);
        match &result.outcome {
            Outcome::Error { span: s, .. } if *s == span => Ok(result.inputs),
            other => Err(format!("the stem's replay did not reach the recurrent set (it ended with {other})")),
        }
    };
    let stream = run(&mut EdgeInputs::along(fid, &proposed.params, &proposed.at_edges))?;
    run(&mut StreamInputs::new(&stream))
}
