//! What `classify` prints: per loop, its Proteus type (proteus-tse19 Table 1) or why it is
//! unsupported, its paths (conditions and updates as C over the values at the start of an
//! iteration), each variable's class and closed form after `k` executions of a path, and the
//! path dependency automaton.

use leapfrog_ir::program::LoopKind;
use leapfrog_source::Span;
use std::time::Duration;

/// The name of the iteration counter in closed forms (`x + 2*k`: `x` after `k` runs of a path).
pub const COUNTER: &str = "k";

/// A variable of a path: how it changes over `k` consecutive executions.
#[derive(Clone, Debug)]
pub struct VariableReport {
    pub name: String,
    /// `unchanged`, `constant`, `arithmetic`, `geometric`, `polynomial`, `non-induction`.
    pub class: &'static str,
    /// The value after `k` executions as C over the values before them (`k ≥ from`).
    pub closed_form: Option<String>,
    pub from: u32,
    /// Why a non-induction variable has no closed form.
    pub reason: Option<String>,
}

/// One path of a loop (an iteration, or from the header out of the loop).
#[derive(Clone, Debug)]
pub struct PathReport {
    /// The path condition's conjuncts as C over the values at the start of the iteration.
    pub condition: Vec<String>,
    /// Conditions the path cannot write over those values (on inputs, memory, pointers).
    pub unexpressed_conditions: u32,
    /// `x = x + 1`: every variable the path changes (`(any value)` when not affine).
    pub updates: Vec<(String, String)>,
    /// For iteration paths: every variable's class and closed form.
    pub variables: Vec<VariableReport>,
}

/// A state of the path dependency automaton.
#[derive(Clone, Debug)]
pub struct PdaStateReport {
    /// `entry`, `iteration` or `exit`.
    pub kind: &'static str,
    /// The index of its path among the loop's iteration paths or exit paths.
    pub path: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct PdaReport {
    pub states: Vec<PdaStateReport>,
    /// `(from, to)` state indices.
    pub transitions: Vec<(usize, usize)>,
    /// Transitions kept because the solver could not decide them.
    pub undecided: usize,
}

/// One loop's classification.
#[derive(Clone, Debug)]
pub struct LoopClassification {
    pub function: String,
    pub kind: LoopKind,
    /// The loop keyword's position.
    pub span: Span,
    /// 1 to 4, or `None` when unsupported.
    pub loop_type: Option<u8>,
    /// `sequential`, `periodic` or `irregular`.
    pub interleaving: Option<&'static str>,
    pub unsupported: Option<String>,
    /// Whether the loop contains loops.
    pub nested: bool,
    /// How many of its paths' crossings of inner loops the inner loops' summaries split (the
    /// others are crossed by `havoc`).
    pub inner_splits: usize,
    /// The variables of interest the loop was sliced by (those the user can name), and how many
    /// statements and branches the slice left out (`None`: not sliced).
    pub slice: Option<(Vec<String>, usize)>,
    pub paths: Vec<PathReport>,
    pub exits: Vec<PathReport>,
    /// The conditions that are not IV conditions, as C (or a sentence for one the paths cannot
    /// write).
    pub niv_conditions: Vec<String>,
    pub pda: Option<PdaReport>,
    pub elapsed: Duration,
}

/// One file's loops, or why the file could not be read.
#[derive(Clone, Debug)]
pub struct FileClassification {
    pub file: String,
    pub loops: Vec<LoopClassification>,
    pub error: Option<String>,
    pub elapsed: Duration,
}

impl FileClassification {
    /// The number of loops of each type (index 0 unused) and of unsupported loops by reason.
    pub fn tally(files: &[FileClassification]) -> ([usize; 5], std::collections::BTreeMap<String, usize>) {
        let mut types = [0usize; 5];
        let mut unsupported = std::collections::BTreeMap::new();
        for l in files.iter().flat_map(|f| &f.loops) {
            match (l.loop_type, &l.unsupported) {
                (Some(t), _) => types[usize::from(t)] += 1,
                (None, Some(why)) => *unsupported.entry(reason_kind(why)).or_insert(0) += 1,
                (None, None) => {}
            }
        }
        (types, unsupported)
    }
}

/// The kind of an unsupported reason, for tables: its text up to the first parenthesis or colon.
pub fn reason_kind(why: &str) -> String {
    why.split(['(', ':']).next().unwrap_or(why).trim().to_string()
}
