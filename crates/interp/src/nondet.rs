//! Inputs: where the values of the nondeterministic sources come from, and what a run consumed.
//!
//! Every source (`leapfrog_ir::nondet`) asks an [`InputOracle`] for a raw value in execution
//! order; the machine converts it to the destination type as C converts integers (for a
//! pointer: 0 is null, anything else an invalid pointer). [`StreamInputs`], one sequence read
//! front to back with 0 past its end, is the oracle of `leapfrog exec --nondet`. [`EdgeInputs`]
//! answers from values proposed per program point (an engine's model), so that the run itself
//! puts them in the order the stream must have: the consumed values ([`crate::ExecResult::inputs`]
//! with [`crate::ExecConfig::record_inputs`]) replay the same execution as a stream.

use leapfrog_ir::nondet::Source;
use leapfrog_ir::{EdgeId, FuncId, Type};
use std::collections::HashMap;

/// One input the run needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputRequest {
    pub source: Source,
    /// The running function.
    pub func: FuncId,
    /// The edge being executed (`None` for the entry's parameters).
    pub edge: Option<EdgeId>,
    /// How many times the edge executed before (only when the oracle
    /// [`counts_executions`](InputOracle::counts_executions); 0 otherwise).
    pub occurrence: u64,
    /// The type of the value (of the read, for never-written memory).
    pub ty: Type,
}

/// Where a run's inputs come from.
pub trait InputOracle {
    /// The raw value of the next input.
    fn next(&mut self, request: &InputRequest) -> i128;

    /// Whether requests must say how often their edge executed before (the machine then counts
    /// the executions of every edge that may consult an input: loads, havocs, extern calls).
    fn counts_executions(&self) -> bool {
        false
    }
}

/// A stream of values, consumed front to back; 0 past its end.
pub struct StreamInputs<'a> {
    values: &'a [i128],
    next: usize,
}

impl<'a> StreamInputs<'a> {
    pub fn new(values: &'a [i128]) -> StreamInputs<'a> {
        StreamInputs { values, next: 0 }
    }
}

impl InputOracle for StreamInputs<'_> {
    fn next(&mut self, _: &InputRequest) -> i128 {
        let v = self.values.get(self.next).copied().unwrap_or(0);
        self.next = self.next.saturating_add(1);
        v
    }
}

/// A stream, then values per program point: inputs come from `stream` front to back; once it
/// is used up, an input requested on an edge of `after` is its value there (every time), any
/// other 0. A non-terminating execution replays this way: the stem's stream, then the loop's
/// choices on every iteration (`leapfrog exec --choice`).
pub struct StreamThenChoices<'a> {
    stream: StreamInputs<'a>,
    remaining: usize,
    after: &'a HashMap<(FuncId, EdgeId), i128>,
}

impl<'a> StreamThenChoices<'a> {
    pub fn new(stream: &'a [i128], after: &'a HashMap<(FuncId, EdgeId), i128>) -> StreamThenChoices<'a> {
        StreamThenChoices { stream: StreamInputs::new(stream), remaining: stream.len(), after }
    }
}

impl InputOracle for StreamThenChoices<'_> {
    fn next(&mut self, request: &InputRequest) -> i128 {
        if self.remaining > 0 {
            self.remaining -= 1;
            return self.stream.next(request);
        }
        request.edge.and_then(|e| self.after.get(&(request.func, e))).copied().unwrap_or(0)
    }
}

/// Values proposed per program point: an input requested at the `n`-th execution of edge `e`
/// of function `f` is the `n`-th value listed for `(f, e)` (one value per execution of a load,
/// havoc or extern call, whether it consults the input or not), the entry's `i`-th parameter is
/// `params[i]`; anything unlisted is 0.
#[derive(Clone, Debug, Default)]
pub struct EdgeInputs {
    pub params: Vec<i128>,
    pub edges: HashMap<(FuncId, EdgeId), Vec<i128>>,
    params_used: usize,
}

impl EdgeInputs {
    /// The values of a path through `func`: its parameters, and per executed edge in path order.
    pub fn along(func: FuncId, params: &[i128], at_edges: &[(EdgeId, i128)]) -> EdgeInputs {
        let mut out = EdgeInputs { params: params.to_vec(), ..EdgeInputs::default() };
        for (e, x) in at_edges {
            out.push(func, *e, *x);
        }
        out
    }

    /// Append `value` for the next execution of `(func, edge)`.
    pub fn push(&mut self, func: FuncId, edge: EdgeId, value: i128) {
        self.edges.entry((func, edge)).or_default().push(value);
    }
}

impl InputOracle for EdgeInputs {
    fn next(&mut self, request: &InputRequest) -> i128 {
        match request.edge {
            Some(e) => self
                .edges
                .get(&(request.func, e))
                .and_then(|v| v.get(usize::try_from(request.occurrence).ok()?))
                .copied()
                .unwrap_or(0),
            None => {
                let v = self.params.get(self.params_used).copied().unwrap_or(0);
                self.params_used += 1;
                v
            }
        }
    }

    fn counts_executions(&self) -> bool {
        true
    }
}
