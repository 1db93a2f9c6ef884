//! Independent re-checks of certificates (DESIGN.md principle 1: every TRUE comes with a
//! certificate that an independent checker re-verifies).
//!
//! This crate owns the *checker's* reading of the IR as SMT formulas. It shares no encoding code
//! with the engines that produce certificates: it re-encodes the program from the IR's
//! documented semantics (`leapfrog_arith` for integers) in a fresh solver, so that a bug in an
//! engine's encoding cannot confirm itself.
//!
//! # Safety certificates ([`check_safety`])
//!
//! A [`SafetyCertificate`] names a call-free function `F` and gives an invariant per loop header
//! of `F`'s loop forest. The proof rule (loop summarization in the style of Loopfrog): each
//! *scope* — the top of `F`, and each loop `L` started at its header in an arbitrary state
//! satisfying `I_L` — is walked along exact paths, where entering a nested loop `C` forgets
//! `Mod(C)` (what an iteration of `C` may change) and assumes `I_C`. The obligations are
//! *initiation* (every entry into a child loop establishes its invariant), *consecution* (every
//! back edge of `L` re-establishes `I_L`) and *safety* (every assertion reached holds). All
//! unsatisfiable → [`CheckResult::Accepted`]; one satisfiable → [`CheckResult::Rejected`], naming
//! the obligation and its source position; the solver giving up → [`CheckResult::Unknown`].
//! See `walk` for the walk and `value` for the integer encodings. Invariants may mention ghost
//! variables (a loop's entry values and iteration counter, `leapfrog_ir::ghost`): the checker
//! writes their code into its own copy of `F` — refusing ghosts `F` uses — and checks that.
//!
//! What is modelled exactly: integer and condition registers under both semantics; pointers as
//! (object, byte offset) pairs, with the objects a pointer register may point into bounded by a
//! flow-insensitive points-to pass (`pointsto`), so that a pointer a loop advances still points
//! into its array; memory objects whose scalar leaves share one integer type, as arrays from byte
//! offsets to values (`memory`). What is over-approximated (soundly; a failed obligation is then
//! reported as unknown, not as a rejection): accesses of another type or possibly misaligned,
//! objects of mixed leaves or holding pointers, the heap, `memset`/`memcpy`, and — in a first,
//! cheap pass under the default semantics — bitwise operations on mathematical integers (a
//! second, exact pass runs only when the first leaves an obligation open). Extern calls change
//! every global and all memory (the IR's assumption); opaque steps havoc what they say.
//! Undefined behaviour (division by zero, invalid shifts, out-of-bounds accesses) yields
//! arbitrary values: the property is `unreach-call`, undefined behaviour is its own property.
//! Calls of defined functions and irreducible loops are [`CheckResult::Unknown`].
//!
//! # Termination certificates ([`check_termination`])
//!
//! A [`termination::TerminationCertificate`] claims that the loop `L` headed at `header` of a
//! call-free function cannot iterate forever (*local* termination, POPL'07 Definition 8: the
//! claim does not depend on loops nested in `L` terminating). Its supporting invariants are
//! checked as a safety certificate's are — initiation from the function's entry (after
//! `program.init` for the entry function), consecution for every loop — but assertions are not
//! obligations: a failing assertion ends the execution, so it cannot make a loop run forever.
//! Then one *iteration* of `L` is walked exactly as consecution walks it: from the header in an
//! arbitrary state `X` satisfying `I_L`, nested loops crossed by `havoc(Mod); assume(I_C)`, up to
//! every back edge, in the state `X'` there (paths that leave `L`, `exit` or `abort` are not
//! iterations). The argument's obligations:
//! * a lexicographic ranking function `(f_1, …, f_k)`: every iteration has a `j` with
//!   `f_j(X) ≥ 0`, `f_j(X') ≤ f_j(X) − 1` and `f_i(X') ≤ f_i(X)` for all `i < j`. Sound because
//!   `f_1` never increases and drops by one from non-negative values on the iterations that
//!   choose `j = 1`, so those are finitely many; after them, the same holds of `f_2`, and so on;
//! * a transition invariant `T = ∧ atoms` (TACAS'11 Theorem 2 and Algorithm 2): every iteration
//!   satisfies every atom (`R ⊆ T`); `T` is transitive (check (1): `T(a, b) ∧ T(b, c) ∧ ¬T(a, c)`
//!   is unsatisfiable over any values of the atoms' variables in their types' ranges); and the
//!   atom `well_founded`, a strict decrease (increase) of a measure `m`, is well-founded on the
//!   header states: `m` is bounded below (above) on the states satisfying `I_L`. The bound comes
//!   from the variables' types when they are finite (Observation 3: unsigned integers and
//!   booleans, and every integer under the bit-precise semantics), else from the invariant — Z3's
//!   optimizer proposes the bound `b`, and the solver confirms `I_L(X) → m(X) ≥ b`. An infinite
//!   run of `L` would visit the header in states `s_0, s_1, …` satisfying `I_L` with each
//!   `(s_i, s_{i+1})` in `R ⊆ T`, so `m` would decrease forever while staying bounded.
//!
//! Measures are linear forms, maxima and minima of integer and boolean registers, read as the
//! integers their values denote (a signed variable under the default semantics is a mathematical
//! integer, unbounded) and computed without wrapping: as SMT integers, or, under the bit-precise
//! semantics, as 256-bit vectors that nothing in a measure can overflow. As for safety, a failed
//! obligation where the encoding over-approximates is unknown; calls and irreducible loops are
//! unknown; a malformed certificate (no such header, a measure over a pointer, an empty ranking,
//! a well-founded atom that is not a strict order) is rejected.
//!
//! # Recurrent sets ([`check_recurrent_set`])
//!
//! A [`termination::RecurrentSet`] claims a non-empty set `S` of header states of a loop `L` from
//! which one iteration, *whatever* happens in it, comes back to the header in `S`: then every
//! execution reaching `S` runs forever. Loops nested in `L` are either not entered
//! (`NestedLoops::NotEntered`: a nested loop is *entered* when one of its back edges is taken; the
//! iteration may run its header's test and the part of its body before a back edge, for
//! `while (x > a && y > b)` both conjuncts, but no iteration of it, so that an iteration of `L`
//! is an acyclic walk) or crossed (`NestedLoops::Crossed`: at a nested loop's header whatever it
//! may change gets an arbitrary value, the walk goes once through its body to its exits, and its
//! back edges, which may only test, are not followed: every run of the nested loop that ends is
//! covered, and one that does not end is itself an execution that does not terminate). The obligations: `S` holds (and is defined) in
//! some state whose variables lie in their types' ranges; and one iteration walked from any state
//! of `S` — with the chosen values for the listed nondeterministic sources, any value for the
//! others — has no undefined behaviour on any edge (division by zero, invalid shift counts,
//! `MIN / -1` and signed overflow under the bit-precise semantics, undefined pointer comparisons;
//! signed overflow under the default semantics is not undefined: signed integers are mathematical
//! there), no failing assertion, no `exit`, `abort` or opaque command, no enabled edge out of
//! `L`, no enabled back edge of a nested loop, no location where no edge is enabled (so every
//! execution goes on), and `S` after every back edge (a crossed nested loop's back edges are
//! enabled edges, not violations). This walk must be exact: memory commands in
//! `L` and irreducible nested loops are unknown; an extern call may change the globals (the IR's
//! assumption), which makes a failure unknown when the program has register globals.
//!
//! # Counterexamples of loop-free functions ([`loop_free_counterexample`])
//!
//! The same encoding under the interpreter's semantics: a path to a failing assertion on which
//! nothing is undefined, given as the input stream `leapfrog_interp::run` consumes (with
//! uninitialized variables read from the input). It is how the encoding is tested against the
//! interpreter, and how a loop-free program's FALSE can be witnessed.
//!
//! Invariant: depends only on `leapfrog-source`, `leapfrog-arith`, `leapfrog-ir` and
//! `leapfrog-smt` (and z3); never on an engine.

mod memory;
mod modset;
mod pointsto;
pub mod termination;
mod value;
mod walk;

pub use termination::{check_recurrent_set, check_termination};

use leapfrog_arith::Semantics;
use leapfrog_ir::ghost::GhostLoop;
use leapfrog_ir::{Command, EdgeId, Expr, FuncId, Function, Id, LocId, ObjType, Program, Type, VarId, VarKind, VarTy};
use leapfrog_smt::{Answer, QueryLimits, Solver};
use leapfrog_source::Span;
use memory::{Elem, ObjInfo};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::panic::AssertUnwindSafe;
use std::time::Instant;
use value::{Arith, Num, int_const};
use walk::{Enc, Graph, Halt, Initial, Input, MemVal, Mode, PathRecords, Policy, State, Walk};
use z3::Model;
use z3::ast::{Array, Bool};

/// A claimed proof that no assertion of `func` fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SafetyCertificate {
    /// The analysed function: it contains no `Command::Call` (calls were inlined; `program.init`
    /// is trivial).
    pub func: FuncId,
    /// One invariant per loop header of `func` (loops as `ir::loops::LoopForest::compute` finds
    /// them): a boolean `ir::Expr` over register variables (Var), constants,
    /// Binary/Unary/Not/Cmp/Cast. A missing header means `true`; several for one header are
    /// conjoined.
    pub invariants: Vec<(LocId, Expr)>,
    /// Transition invariants (TACAS'11 Algorithm 2) per loop header, each a conjunction of atoms
    /// (empty: none). Each is checked — every iteration from a header state satisfying the
    /// loop's invariant is in every atom (R ⊆ T), and the conjunction is transitive — and then
    /// assumed between the entry state and the header state wherever a walk crosses the loop.
    pub transitions: Vec<(LocId, Vec<termination::TransitionAtom>)>,
    /// Ghost variables the invariants may mention (`leapfrog_ir::ghost`): per loop, copies of
    /// variables made when it is entered and a counter of its iterations. The checker writes the
    /// ghost code into its own copy of the function and checks the invariants there; it refuses
    /// ghosts the function itself uses.
    pub ghosts: Vec<GhostLoop>,
}

/// The checker's verdict on a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    Accepted,
    /// Which obligation failed, with the loop's or the assertion's source position.
    Rejected(String),
    /// Why the checker could not decide (a construct it does not support, a solver timeout, an
    /// over-approximation that made an obligation fail).
    Unknown(String),
}

/// A construct the checker does not support (the check is then unknown).
#[derive(Clone, Debug)]
pub(crate) struct Unsupported(pub String);

/// Checks `cert` under the integer semantics `sem`, each query bounded by `limits`, everything
/// by `deadline`. Never panics: an internal error is [`CheckResult::Unknown`].
pub fn check_safety(
    p: &Program,
    cert: &SafetyCertificate,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    check_safety_with_views(p, cert, &[], sem, limits, deadline)
}

/// [`check_safety`] for invariants that also mention memory views: each view's variable is read
/// as the memory cell it stands for (the checker's own load), wherever an invariant mentions it.
pub fn check_safety_with_views(
    p: &Program,
    cert: &SafetyCertificate,
    views: &[leapfrog_ir::MemoryView],
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    guarded("certificate checker", || run_check(p, cert, views, sem, limits, deadline))
}

/// A failing execution of a loop-free entry function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The entry function's parameters.
    pub params: Vec<i128>,
    /// The model's values of the other inputs along the path, per edge (of the initializer,
    /// then of the entry) in path order: nondeterministic values, extern calls' results,
    /// uninitialized and `volatile` variables, and loads (an input when the interpreter finds
    /// the bytes read never written). `leapfrog_interp::EdgeInputs` orders them into the
    /// interpreter's input stream (`UninitMode::Nondet`).
    pub at_edges: Vec<(FuncId, EdgeId, i128)>,
    /// The function (the entry or the initializer) and edge of the failing assertion.
    pub func: FuncId,
    pub assertion: EdgeId,
    pub span: Span,
}

/// The outcome of a counterexample search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CounterexampleResult {
    Found(Counterexample),
    /// No path reaches a failing assertion without undefined behaviour (paths through what the
    /// search does not model — the heap, `memset`, opaque steps — are not followed, so this is not
    /// a proof).
    NotFound,
    Unknown(String),
}

/// Searches for inputs that make the loop-free entry function `func` fail an assertion, under
/// the interpreter's semantics `sem`.
pub fn loop_free_counterexample(
    p: &Program,
    func: FuncId,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CounterexampleResult {
    match std::panic::catch_unwind(AssertUnwindSafe(|| run_counterexample(p, func, sem, limits, deadline))) {
        Ok(r) => r,
        Err(panic) => CounterexampleResult::Unknown(format!(
            "internal error in the counterexample search: {}",
            panic_text(&panic)
        )),
    }
}

/// Runs `check`, turning a panic into an unknown verdict.
///
/// Fault injection, for the tests of the command line (`crates/cli/tests/panics.rs`), which
/// must show that the binary keeps this promise: when the environment variable
/// `LEAPFROG_INJECT_PANIC` names this check (`what` with dashes for spaces, e.g.
/// `certificate-checker`), the check panics as a bug in it would. The panic is caught here like
/// any other, so the variable can only turn an answer into UNKNOWN.
pub(crate) fn guarded(what: &str, check: impl FnOnce() -> CheckResult) -> CheckResult {
    let injected = std::env::var_os("LEAPFROG_INJECT_PANIC").is_some_and(|v| v == what.replace(' ', "-").as_str());
    match std::panic::catch_unwind(AssertUnwindSafe(|| {
        if injected {
            std::panic::panic_any(format!("injected by LEAPFROG_INJECT_PANIC={}", what.replace(' ', "-")));
        }
        check()
    })) {
        Ok(r) => r,
        Err(panic) => CheckResult::Unknown(format!("internal error in the {what}: {}", panic_text(&panic))),
    }
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// Why a function cannot be checked at all.
fn precheck(p: &Program, func: FuncId) -> Result<&Function, String> {
    let f = p.funcs.get(func).ok_or_else(|| format!("{func} is not a function of the program"))?;
    let errors = leapfrog_ir::verify::verify_function(p, func);
    if let Some(first) = errors.first() {
        return Err(format!("the IR of `{}` is invalid: {first}", f.name));
    }
    if let Some(e) = f.edges.values().find(|e| matches!(e.cmd, Command::Call { .. })) {
        return Err(format!("`{}` calls a function at {}; calls must be inlined", f.name, p.files.display(e.span)));
    }
    Ok(f)
}

/// The memory objects `f` (and, when it is walked, the initializer) can reach.
fn objects_of(p: &Program, fs: &[&Function]) -> BTreeMap<VarId, ObjInfo> {
    let mut vars: BTreeSet<VarId> = p.globals.iter().copied().collect();
    for f in fs {
        vars.extend(f.params.iter().chain(&f.locals).copied());
    }
    vars.into_iter().filter_map(|v| ObjInfo::of(p, v).map(|i| (v, i))).collect()
}

/// Whether the initializer can be walked as a prefix of the entry (loop-free, call-free, valid).
fn usable_init(p: &Program) -> Option<&Function> {
    let f = p.funcs.get(p.init)?;
    if f.entry == f.exit {
        return Some(f);
    }
    if !leapfrog_ir::verify::verify_function(p, p.init).is_empty() {
        return None;
    }
    if f.edges.values().any(|e| matches!(e.cmd, Command::Call { .. })) {
        return None;
    }
    if !leapfrog_ir::loops::LoopForest::compute(f).loops.is_empty() {
        return None;
    }
    Some(f)
}

fn new_enc(p: &Program, sem: Semantics, limits: QueryLimits, deadline: Option<Instant>, mode: Mode) -> Enc<'_> {
    let ptr_bits = (p.data_model.pointer_bytes() * 8) as u32;
    Enc {
        p,
        // Counterexamples exclude undefined behaviour, so machine integers are exact for them.
        arith: Arith::new(sem, ptr_bits, mode == Mode::Counterexample),
        solver: Solver::new(limits, deadline),
        mode,
        objects: BTreeMap::new(),
        invariants: HashMap::new(),
        views: HashMap::new(),
        approx: BTreeSet::new(),
        pts: pointsto::PointsTo::compute(p, &[], false),
        deadline,
        unknown: Vec::new(),
        failed_approximated: false,
        obligations: 0,
        check_assertions: true,
        iterations: None,
        strict: false,
        choices: HashMap::new(),
        transitions: HashMap::new(),
    }
}

/// Walks the initializer from all-zero globals; its end state (`None`: it never finishes).
fn walk_init<'p>(
    enc: &mut Enc<'p>,
    init_f: &'p Function,
    initial: &mut Initial,
    records: Option<&mut PathRecords>,
) -> Result<Option<(Bool, State)>, Halt> {
    if init_f.entry == init_f.exit {
        return Ok(Some((Bool::from_bool(true), State::default())));
    }
    let g = Graph::new(enc.p, init_f, &enc.pts);
    let mut w = Walk { enc, g: &g, scope: None, init: initial, records };
    let end = w.run(init_f.entry, Bool::from_bool(true), State::default())?;
    Ok(end.exit)
}

/// What every check of a function's loops starts from.
pub(crate) struct Prepared<'p> {
    pub f: &'p Function,
    pub g: Graph<'p>,
    /// The locations reachable from the entry.
    pub live: Vec<bool>,
    /// The function is the program's entry (its walk starts after the initializer).
    pub is_entry: bool,
    pub init_f: Option<&'p Function>,
    pub pts: pointsto::PointsTo,
    pub objects: BTreeMap<VarId, ObjInfo>,
}

/// The graph, points-to facts and objects of `func`; why it cannot be checked (unknown).
pub(crate) fn prepare(p: &Program, func: FuncId) -> Result<Prepared<'_>, CheckResult> {
    let f = precheck(p, func).map_err(CheckResult::Unknown)?;
    let is_entry = p.entry == Some(func);
    let init_f = if is_entry { usable_init(p) } else { None };
    let mut walked: Vec<&Function> = vec![f];
    walked.extend(init_f);
    let starts_program = is_entry && init_f.is_some();
    let pts = pointsto::PointsTo::compute(p, &walked, starts_program);
    let g = Graph::new(p, f, &pts);
    let live = g.live();
    for (l, lp) in g.forest.loops.iter() {
        if lp.irreducible && live.get(lp.header.index()).copied().unwrap_or(false) {
            return Err(CheckResult::Unknown(format!("{} is irreducible", g.describe_loop(p, l))));
        }
    }
    let objects = objects_of(p, &walked);
    Ok(Prepared { f, g, live, is_entry, init_f, pts, objects })
}

/// The invariants of a certificate by loop header (rejected: one is not at a loop header, or
/// mentions variables of another function).
pub(crate) fn invariants_by_header(
    p: &Program,
    prep: &Prepared,
    func: FuncId,
    given: &[(LocId, Expr)],
) -> Result<HashMap<LocId, Vec<Expr>>, CheckResult> {
    let mut invariants: HashMap<LocId, Vec<Expr>> = HashMap::new();
    for (loc, e) in given {
        if !prep.g.header_loop.contains_key(loc) {
            return Err(CheckResult::Rejected(format!(
                "an invariant is given for {loc}, which is not a loop header of `{}`",
                prep.f.name
            )));
        }
        if let Err(why) = check_invariant_vars(p, func, e) {
            return Err(CheckResult::Rejected(format!("the invariant for {loc}: {why}")));
        }
        invariants.entry(*loc).or_default().push(e.clone());
    }
    Ok(invariants)
}

/// A fresh encoder for checking `prep`'s function with the given invariants.
pub(crate) fn checking_enc<'p>(
    p: &'p Program,
    prep: &Prepared,
    invariants: &HashMap<LocId, Vec<Expr>>,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> Enc<'p> {
    let mut enc = new_enc(p, sem, limits, deadline, Mode::Check);
    enc.objects = prep.objects.clone();
    enc.invariants = invariants.clone();
    enc.pts = prep.pts.clone();
    enc
}

/// The verdict of a check that ran its obligations on `enc` (or halted).
pub(crate) fn verdict(enc: &Enc, outcome: Result<(), Halt>) -> CheckResult {
    match outcome {
        Ok(()) => match enc.unknown.first() {
            None => CheckResult::Accepted,
            Some(first) if enc.unknown.len() == 1 => CheckResult::Unknown(first.clone()),
            Some(first) => {
                CheckResult::Unknown(format!("{first} (and {} more undecided obligations)", enc.unknown.len() - 1))
            }
        },
        Err(Halt::Rejected(why)) => CheckResult::Rejected(why),
        Err(Halt::Unsupported(why)) => CheckResult::Unknown(format!("not supported by the checker: {why}")),
        Err(Halt::OutOfTime) => CheckResult::Unknown("time limit reached".into()),
    }
}

/// Runs `check` on fresh encoders: under the default semantics, a first pass over-approximates
/// bitwise operations (Z3 is slow on their exact encoding); only when that leaves an obligation
/// open, a second pass is exact.
pub(crate) fn in_passes<'p>(
    sem: Semantics,
    mut make: impl FnMut() -> Enc<'p>,
    mut check: impl FnMut(&mut Enc<'p>) -> Result<(), Halt>,
) -> CheckResult {
    let passes: &[bool] = if sem == Semantics::Default { &[false, true] } else { &[true] };
    let mut result = CheckResult::Unknown("no pass ran".into());
    for &exact_bitwise in passes {
        let mut enc = make();
        enc.arith.exact_bitwise = exact_bitwise;
        let outcome = check(&mut enc);
        result = verdict(&enc, outcome);
        if !(enc.arith.bitwise_approximated && enc.failed_approximated) {
            break;
        }
    }
    result
}

fn run_check(
    p: &Program,
    cert: &SafetyCertificate,
    views: &[leapfrog_ir::MemoryView],
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    let instrumented;
    let p = if cert.ghosts.is_empty() {
        p
    } else {
        match leapfrog_ir::ghost::instrument(p, cert.func, &cert.ghosts) {
            Ok(q) => {
                instrumented = q;
                &instrumented
            }
            Err(why) => return CheckResult::Rejected(format!("malformed ghost variables: {why}")),
        }
    };
    let prep = match prepare(p, cert.func) {
        Ok(prep) => prep,
        Err(r) => return r,
    };
    let invariants = match invariants_by_header(p, &prep, cert.func, &cert.invariants) {
        Ok(i) => i,
        Err(r) => return r,
    };
    let transitions = match termination::transitions_by_header(p, &prep, cert.func, &cert.transitions) {
        Ok(t) => t,
        Err(r) => return r,
    };
    // Transitivity does not depend on the program: checked once, on its own.
    let r = termination::transitions_transitive(p, &prep, &transitions, sem, limits, deadline);
    if r != CheckResult::Accepted {
        return r;
    }
    in_passes(
        sem,
        || {
            let mut enc = checking_enc(p, &prep, &invariants, sem, limits, deadline);
            enc.views = views.iter().map(|v| (v.var, v.clone())).collect();
            enc.transitions = transitions.clone();
            enc
        },
        |enc| {
            check_scopes(enc, &prep)?;
            termination::check_transitions(enc, &prep)
        },
    )
}

/// Initiation and consecution of every live loop's invariant (and safety, when `enc` checks
/// assertions).
pub(crate) fn check_scopes<'p>(enc: &mut Enc<'p>, prep: &Prepared<'p>) -> Result<(), Halt> {
    let (g, live, is_entry, init_f) = (&prep.g, &prep.live[..], prep.is_entry, prep.init_f);
    // The top scope: from the entry (after the initializer, for the program's entry function).
    let policy =
        if is_entry { Policy::Entry { zero_globals: init_f.is_some(), zero_locals: false } } else { Policy::Arbitrary };
    let mut initial = Initial::new(policy);
    let start = match init_f {
        Some(init_f) => walk_init(enc, init_f, &mut initial, None)?,
        None => Some((Bool::from_bool(true), State::default())),
    };
    if let Some((reach, state)) = start {
        let mut w = Walk { enc: &mut *enc, g, scope: None, init: &mut initial, records: None };
        w.run(g.f.entry, reach, state)?;
    }
    // Each live loop, from its header in any state satisfying its invariant.
    for (l, lp) in g.forest.loops.iter() {
        if !live.get(lp.header.index()).copied().unwrap_or(false) {
            continue;
        }
        let mut initial = Initial::new(Policy::Arbitrary);
        let mut w = Walk { enc: &mut *enc, g, scope: Some(l), init: &mut initial, records: None };
        let state = State::default();
        let reach = w.invariant(lp.header, &state)?;
        w.run(lp.header, reach, state)?;
    }
    Ok(())
}

/// An invariant may mention the function's own variables and globals only.
fn check_invariant_vars(p: &Program, func: FuncId, e: &Expr) -> Result<(), String> {
    let mut bad = None;
    e.for_each_var(&mut |v| {
        let ok = p.vars.get(v).is_some_and(|var| var.kind == VarKind::Global || var.func == Some(func));
        if !ok && bad.is_none() {
            bad = Some(v);
        }
    });
    match bad {
        Some(v) => Err(format!("{v} is not a variable of the function or a global")),
        None => Ok(()),
    }
}

// --- Counterexamples.

fn run_counterexample(
    p: &Program,
    func: FuncId,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CounterexampleResult {
    let unknown = CounterexampleResult::Unknown;
    let f = match precheck(p, func) {
        Ok(f) => f,
        Err(why) => return unknown(why),
    };
    if p.entry != Some(func) {
        return unknown(format!("`{}` is not the program's entry function", f.name));
    }
    let Some(init_f) = usable_init(p) else {
        return unknown("the global initializer cannot be walked (it has loops or calls, or is invalid)".into());
    };
    let pts = pointsto::PointsTo::compute(p, &[f, init_f], true);
    let g = Graph::new(p, f, &pts);
    if !g.forest.loops.is_empty() {
        return unknown(format!("`{}` has loops", f.name));
    }
    let mut enc = new_enc(p, sem, limits, deadline, Mode::Counterexample);
    enc.objects = objects_of(p, &[f, init_f]);
    enc.pts = pts;
    let mut initial = Initial::new(Policy::Entry { zero_globals: true, zero_locals: true });
    let mut init_records = PathRecords::default();
    let mut records = PathRecords::default();
    let mut param_inputs: Vec<Input> = Vec::new();
    let walked = (|| -> Result<bool, Halt> {
        let Some((reach, mut state)) = walk_init(&mut enc, init_f, &mut initial, Some(&mut init_records))? else {
            return Ok(false);
        };
        entry_params(&mut enc, f, &mut state, &mut param_inputs)?;
        let mut w = Walk { enc: &mut enc, g: &g, scope: None, init: &mut initial, records: Some(&mut records) };
        w.run(f.entry, reach, state)?;
        Ok(true)
    })();
    match walked {
        Ok(true) => {}
        Ok(false) => return CounterexampleResult::NotFound,
        Err(Halt::Unsupported(why)) | Err(Halt::Rejected(why)) => return unknown(format!("not supported: {why}")),
        Err(Halt::OutOfTime) => return unknown("time limit reached".into()),
    }
    enc.flush();
    let failing: Vec<Bool> = init_records.failing.iter().chain(&records.failing).map(|(_, b)| b.clone()).collect();
    if failing.is_empty() {
        return CounterexampleResult::NotFound;
    }
    for d in init_records.defined.iter().chain(&records.defined) {
        enc.solver.assert(d);
    }
    enc.solver.assert(&Bool::or(&failing));
    let model = match enc.solver.check(&[]) {
        Answer::Unsat => return CounterexampleResult::NotFound,
        Answer::Unknown(why) => return unknown(format!("the solver gave up ({why})")),
        Answer::Sat(m) => m,
    };
    let read = |list: &[Input]| -> Result<Vec<i128>, String> {
        list.iter().map(|i| read_input(&model, i, &enc.arith)).collect()
    };
    let result = (|| -> Result<Counterexample, String> {
        let mut at_edges = Vec::new();
        let init_graph = Graph::new(p, init_f, &enc.pts);
        if init_f.entry != init_f.exit {
            if let Some(e) = follow(&model, &init_graph, &init_records, p.init, &mut at_edges, &read)? {
                let span = init_f.edges[e].span;
                return Ok(Counterexample { params: Vec::new(), at_edges, func: p.init, assertion: e, span });
            }
        }
        let params = read(&param_inputs)?;
        match follow(&model, &g, &records, func, &mut at_edges, &read)? {
            Some(e) => Ok(Counterexample { params, at_edges, func, assertion: e, span: f.edges[e].span }),
            None => Err("the model's path reaches the exit without a failing assertion".into()),
        }
    })();
    match result {
        Ok(c) => CounterexampleResult::Found(c),
        Err(why) => unknown(format!("reading the counterexample: {why}")),
    }
}

/// The entry function's parameters, read from the input stream in order.
fn entry_params(enc: &mut Enc, f: &Function, state: &mut State, inputs: &mut Vec<Input>) -> Result<(), Halt> {
    for &param in &f.params {
        let var = enc.p.vars.get(param).ok_or_else(|| Halt::Unsupported(format!("unknown parameter {param}")))?;
        match &var.ty {
            VarTy::Reg(Type::Int(t)) => {
                let v = enc.arith.fresh_int(*t, true, "param");
                inputs.push(Input::Int(v.clone()));
                state.regs.insert(param, value::Val::Int(v));
            }
            VarTy::Reg(Type::Float(_)) => {
                inputs.push(Input::Float);
                state.regs.insert(param, value::Val::Float);
            }
            VarTy::Mem(ObjType::Scalar(Type::Int(t))) => {
                let v = enc.arith.fresh_int(*t, true, "param");
                inputs.push(Input::Int(v.clone()));
                let info = enc.objects.get(&param).cloned();
                if !matches!(info.map(|i| i.elem), Some(Elem::Int(e)) if e == *t) {
                    return Err(Halt::Unsupported("an address-taken parameter that is not modelled".into()));
                }
                let zero = enc.arith.constant(0, *t);
                let arr = match (zero.num, &v.num) {
                    (Num::Math(z, _), Num::Math(x, _)) => {
                        Array::const_array(&z3::Sort::int(), &z).store(&int_const(0), x)
                    }
                    (Num::Bits(z), Num::Bits(x)) => {
                        let idx = z3::ast::BV::from_u64(0, enc.arith.ptr_bits);
                        Array::const_array(&z3::Sort::bitvector(enc.arith.ptr_bits), &z).store(&idx, x)
                    }
                    _ => return Err(Halt::Unsupported("mixed sorts".into())),
                };
                state.mem.insert(param, MemVal { arr: Some(arr), len: None });
            }
            _ => return Err(Halt::Unsupported(format!("entry parameter {param} of type {:?}", var.ty))),
        }
    }
    Ok(())
}

/// The values of inputs in a model.
type ReadInputs<'a> = dyn Fn(&[Input]) -> Result<Vec<i128>, String> + 'a;

/// Follows the model's path from the entry of `g`'s function `func`, reading the inputs of each
/// edge into `out`; the failing assertion's edge, or `None` at the exit.
fn follow(
    model: &Model,
    g: &Graph,
    rec: &PathRecords,
    func: FuncId,
    out: &mut Vec<(FuncId, EdgeId, i128)>,
    read: &ReadInputs,
) -> Result<Option<EdgeId>, String> {
    let failing: HashMap<EdgeId, &Bool> = rec.failing.iter().map(|(e, b)| (*e, b)).collect();
    let holds = |b: &Bool| model.eval(b, true).and_then(|v| v.as_bool()).unwrap_or(false);
    let mut loc = g.f.entry;
    for _ in 0..=g.f.edges.len() {
        if loc == g.f.exit {
            return Ok(None);
        }
        let edges = g.succ.get(loc).cloned().unwrap_or_default();
        if let Some(&e) = edges.iter().find(|e| failing.get(e).is_some_and(|b| holds(b))) {
            return Ok(Some(e));
        }
        let Some(&e) = edges.iter().find(|e| rec.taken.get(e).is_some_and(holds)) else {
            return Err(format!("no edge out of {loc} is taken"));
        };
        for x in read(rec.inputs.get(&e).map_or(&[][..], |v| &v[..]))? {
            out.push((func, e, x));
        }
        loc = g.f.edges[e].to;
    }
    Err("the path does not end".into())
}

fn read_input(model: &Model, input: &Input, arith: &Arith) -> Result<i128, String> {
    let int = |ty: leapfrog_arith::IntTy, num: &Num| -> Result<i128, String> {
        match num {
            Num::Math(x, _) => {
                model.eval(x, true).and_then(|v| v.as_i128()).ok_or_else(|| "no integer value".to_string())
            }
            Num::Bits(b) => model
                .eval(b, true)
                .and_then(|v| v.as_u64())
                .map(|u| ty.convert(i128::from(u)))
                .ok_or_else(|| "no bit-vector value".to_string()),
        }
    };
    match input {
        Input::Int(v) => int(v.ty, &v.num),
        Input::Cond(c) => Ok(i128::from(model.eval(c, true).and_then(|v| v.as_bool()).unwrap_or(false))),
        Input::Ptr(off) => int(arith.offset_type(), off),
        Input::Float => Ok(0),
    }
}
