//! The names of the techniques that can answer, as reports print them (one list for every job,
//! so a name means one thing).

/// `verify`: loop invariants (Houdini over templates) checked by the independent checker, or a
/// FALSE with leaps over summarized loops.
pub const LOOP_SUMMARIES: &str = "loop-summaries";
/// `verify`: a program without loops, encoded whole.
pub const LOOP_FREE_ENCODING: &str = "loop-free-encoding";
/// `verify`: a failing execution found by unwinding the loops and replayed.
pub const BOUNDED_UNWINDING: &str = "bounded-unwinding";
/// `verify`: a failing execution found by crossing loops with their disjunctive summaries
/// (proteus-tse19 §7.2: entry values and state counters solved per trace), replayed.
pub const DISJUNCTIVE_SUMMARIES: &str = "disjunctive-summaries";
/// `verify`: a failing execution found by running the program on random inputs (for programs
/// the other techniques cannot take, such as recursive ones), replayed.
pub const RANDOM_TESTING: &str = "random-testing";
/// `verify`: no assertion can run.
pub const NO_ASSERTION: &str = "no-assertion";
/// An automatic check that holds by its constants alone (an access at a constant offset inside
/// its object): no assertion was written for it.
pub const CONSTANT_CHECK: &str = "constant-check";
/// A TRUE whose loop invariants are the abstract interpreter's octagon facts alone (kept by
/// Houdini, re-checked independently).
pub const OCTAGON_INVARIANTS: &str = "octagon-invariants";
/// `verify` and `terminate`: the program's only execution, run by the interpreter.
pub const CONCRETE_EXECUTION: &str = "concrete-execution";
/// `terminate`: a transition invariant (TACAS'11 Table 1) that is well-founded.
pub const TRANSITION_INVARIANT: &str = "transition-invariant";
/// `terminate`: a linear ranking function.
pub const RANKING_FUNCTION: &str = "ranking-function";
/// `terminate`: a linear or lexicographic ranking function whose supporting invariant needed the
/// abstract interpreter's octagon invariants (`leapfrog-absint`).
pub const RANKING_FUNCTION_ABSINT: &str = "ranking-function-absint";
/// `terminate`: a linear or lexicographic ranking function of the executions without undefined
/// memory accesses (an access outside its object ends an execution), over the memory-safety
/// checks' ghosts: `\\offset(p)`, `p`'s offset in its object, and `\\object_size(p)`, the
/// object's size (`ir::checks::assuming_memory_safety`).
pub const RANKING_FUNCTION_MEMORY_SAFETY: &str = "ranking-function-memory-safety";
/// `terminate`: a nested ranking function (Leike–Heizmann, TACAS'14): `f_1` decreases, each
/// next component decreases by at most the previous one's value, the last is non-negative.
pub const NESTED_RANKING_FUNCTION: &str = "nested-ranking-function";
/// `terminate`: a lexicographic linear ranking function.
pub const LEXICOGRAPHIC_RANKING_FUNCTION: &str = "lexicographic-ranking-function";
/// `terminate`: a variance analysis (POPL'07): a disjunctive transition invariant from the
/// seeded abstract interpretation of the loop, each disjunct with a ranking function.
pub const VARIANCE_ANALYSIS: &str = "variance-analysis";
/// `terminate`: a lasso (a stem the interpreter replays into a checked recurrent set).
pub const RECURRENT_SET: &str = "recurrent-set";
/// `terminate`: the program has no loop and no step that can cycle.
pub const LOOP_FREE: &str = "loop-free";
/// A loop bound from the distance its exit condition closes (`max(0, n - i)` for `i < n`),
/// proven by the checker.
pub const EXIT_CONDITION: &str = "exit-condition";
/// A loop bound that sums what each path counts down, with what the other paths put back into
/// it (`max(0, j) + (1 + max(0, N)) * max(0, i)`), proven by the checker.
pub const AMORTIZED: &str = "amortized";
/// A loop bound that is the most body starts runs of the program showed, proven by the checker.
pub const OBSERVED_MAXIMUM: &str = "observed-maximum";
/// A path's bound that is its loop's bound (each body start runs exactly one path).
pub const LOOP_BOUND: &str = "loop-bound";
