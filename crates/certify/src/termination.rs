//! Termination and non-termination certificates: what an engine claims about one loop, in a
//! form this crate re-checks with its own encoding of one loop iteration.
//!
//! All measures are evaluated in **mathematical integers**: a register's value is read as the
//! integer its type denotes (signed or unsigned as the type says, under the run's semantics;
//! booleans as 0 or 1), and sums and products of a [`LinearForm`] never wrap.

use leapfrog_ir::{EdgeId, Expr, FuncId, LocId, VarId};
use std::collections::BTreeMap;

/// `constant + Σ coefficient·variable`, over register variables of integer (or boolean) type.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LinearForm {
    pub constant: i128,
    pub terms: Vec<(i128, VarId)>,
}

/// A quantity over the state whose change a transition-invariant atom describes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Measure {
    Linear(LinearForm),
    /// The maximum of the variables' values (non-empty).
    Max(Vec<VarId>),
    /// The minimum of the variables' values (non-empty).
    Min(Vec<VarId>),
    /// `|f|`, the distance of a linear form from 0 (family 4's maximum over `f` and `-f`):
    /// bounded below by 0 whatever the types.
    Distance(LinearForm),
}

/// One candidate relation `C(X, X')` of TACAS'11 Table 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TransitionAtom {
    /// `m(X') < m(X)` (families 1–4).
    Decreases(Measure),
    /// `m(X') > m(X)` (families 1–4).
    Increases(Measure),
    /// Family 5: one of `vars` strictly decreases or strictly increases while all the others keep
    /// their values: `∨_i ((x_i' < x_i ∨ x_i' > x_i) ∧ ∧_{j≠i} x_j' = x_j)`.
    OneChanges(Vec<VarId>),
}

/// Why a loop cannot iterate forever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerminationArgument {
    /// A lexicographic linear ranking function `(f_1, …, f_k)` (k ≥ 1): every iteration from a
    /// header state satisfying the supporting invariant has some `j` with `f_j(X) ≥ 0`,
    /// `f_j(X') ≤ f_j(X) − 1`, and `f_i(X') ≤ f_i(X)` for all `i < j`.
    Ranking(Vec<LinearForm>),
    /// A nested ranking function `(f_1, …, f_k)` (Leike–Heizmann, TACAS'14): every iteration
    /// from a header state satisfying the supporting invariant has `f_1(X') ≤ f_1(X) − 1`,
    /// `f_i(X') ≤ f_i(X) + f_{i−1}(X)` for `i ≥ 2`, and `f_k(X) ≥ 0`. (`f_1` eventually stays
    /// negative, so `f_2` then decreases, …, so `f_k` eventually is negative: no infinite run.)
    Nested(Vec<LinearForm>),
    /// A transition invariant `T = ∧ atoms` (TACAS'11 Algorithm 2): every iteration from a header
    /// state satisfying the supporting invariant is in `T` (R ⊆ T); `T` is transitive
    /// (compositionality check (1)); and `T` is well-founded on the states satisfying the
    /// supporting invariant, because the atom at `well_founded` is a strict order on a measure
    /// that is bounded on those states in the direction it moves: below for `Decreases`, above for
    /// `Increases` (a bound implied by the supporting invariant, or by the variables' type ranges
    /// when they are finite: Observation 3).
    TransitionInvariant { atoms: Vec<TransitionAtom>, well_founded: usize },
    /// A disjunctive transition invariant `T = D_1 ∨ … ∨ D_n` (POPL'07 variance analysis,
    /// Podelski–Rybalchenko's disjunctive well-foundedness): from a header state `X` satisfying the
    /// supporting invariant, one iteration `X → X'` is in `T` (initiation after SEED and STEP);
    /// `T(G, X)` and one iteration `X → X'` give `T(G, X')` for any earlier state `G`
    /// (consecution of the seeded loop: `G` is the ghost copy); and each `D_i` is well-founded
    /// because its ranking function `f_i` satisfies `D_i(G, X) ⇒ f_i(G) ≥ 0 ∧ f_i(X) ≤ f_i(G) − 1`.
    /// Then `T` contains the transitive closure of the loop's iterations, and an infinite run
    /// would, by Ramsey's theorem, have an infinite subsequence in one `D_i`.
    Variance(Vec<VarianceDisjunct>),
}

/// `earlier(G) + later(X) ≥ 0` (or `= 0`): a linear constraint between an earlier header state
/// `G` and a later one `X`. The constant is `earlier`'s; `later.constant` must be 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TransitionConstraint {
    pub earlier: LinearForm,
    pub later: LinearForm,
    pub equality: bool,
}

/// One disjunct of a [`TerminationArgument::Variance`]: a conjunction of constraints between the
/// earlier and the later state, with the ranking function that makes it well-founded.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarianceDisjunct {
    pub relation: Vec<TransitionConstraint>,
    pub ranking: LinearForm,
}

/// A claimed proof that the loop headed at `header` cannot iterate forever (POPL'07 Definition 8:
/// local termination — inner loops are crossed by `havoc(Mod); assume(I)`, so the argument does
/// not depend on them terminating).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerminationCertificate {
    /// The analysed call-free function.
    pub func: FuncId,
    /// The header of the loop (as `ir::loops::LoopForest::compute` finds it).
    pub header: LocId,
    /// Supporting state invariants, one or more per loop header of `func`, in the form of
    /// `SafetyCertificate::invariants`. They must be inductive (initiation from the function's
    /// entry, consecution), but assertions are *not* obligations: a failing assertion ends the
    /// execution, so it cannot make a loop run forever.
    pub invariants: Vec<(LocId, Expr)>,
    /// Transition invariants of loops (conjunctions of atoms, as in
    /// `SafetyCertificate::transitions`): checked (transitivity, every iteration in them) and
    /// then used where a walk crosses the loop, relating its entry and exit states.
    pub transitions: Vec<(LocId, Vec<TransitionAtom>)>,
    pub argument: TerminationArgument,
}

/// How a recurrent set's iteration treats the loops nested in its loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NestedLoops {
    /// Never entered: taking a back edge of a nested loop is a violation, so that an iteration is
    /// an acyclic walk.
    #[default]
    NotEntered,
    /// Crossed: on reaching a nested loop's header, whatever the nested loop may change gets an
    /// arbitrary value, and the walk goes on once through its body to its exits (its back edges
    /// are taken by no walk). This over-approximates every run of the nested loop that ends; one
    /// that does not end is itself an execution that does not terminate.
    Crossed,
}

/// A claimed recurrent set of the loop headed at `header`: a set of header states from each of
/// which one iteration leads back to the header in a state of the set (nested loops treated as
/// `nested` says).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecurrentSet {
    pub func: FuncId,
    pub header: LocId,
    /// A boolean `ir::Expr` over register variables (as in safety invariants).
    pub set: Expr,
    /// Values chosen for nondeterministic sources inside the loop: the `Havoc` edge (or the
    /// `CallExtern` edge's result) gets this value on every iteration. Sources not listed may
    /// take any value: the set must be closed for all of them.
    pub choices: BTreeMap<EdgeId, i128>,
    pub nested: NestedLoops,
}

// --- The checks.

use crate::value::{Num, Val, int_const};
use crate::walk::{Enc, Halt, Initial, Policy, State, Walk};
use crate::{
    CheckResult, Prepared, check_invariant_vars, check_scopes, checking_enc, guarded, in_passes, invariants_by_header,
    prepare, verdict,
};
use leapfrog_arith::{IntTy, Semantics};
use leapfrog_ir::{CmpOp, Command, Id, LoopId, Program, Type, VarKind, VarTy};
use leapfrog_smt::QueryLimits;
use std::collections::{BTreeSet, HashMap};
use std::time::Instant;
use z3::ast::{BV, Bool, Int};

/// Checks a termination certificate under the integer semantics `sem` (see the crate
/// documentation, "Termination certificates"), each query bounded by `limits`, everything by
/// `deadline`. Never panics: an internal error is [`CheckResult::Unknown`].
pub fn check_termination(
    p: &Program,
    cert: &TerminationCertificate,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    guarded("termination checker", || run_termination(p, cert, sem, limits, deadline))
}

/// Checks a recurrent set under the integer semantics `sem` (see the crate documentation,
/// "Recurrent sets"). Never panics: an internal error is [`CheckResult::Unknown`].
pub fn check_recurrent_set(
    p: &Program,
    rs: &RecurrentSet,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    guarded("recurrent-set checker", || run_recurrent_set(p, rs, sem, limits, deadline))
}

/// The loop headed at `header` (rejected: no loop is; unknown: it is irreducible).
fn loop_at(p: &Program, prep: &Prepared, header: LocId) -> Result<LoopId, CheckResult> {
    let Some(&l) = prep.g.header_loop.get(&header) else {
        return Err(CheckResult::Rejected(format!("{header} is not a loop header of `{}`", prep.f.name)));
    };
    if prep.g.forest.loops[l].irreducible {
        return Err(CheckResult::Unknown(format!("{} is irreducible", prep.g.describe_loop(p, l))));
    }
    Ok(l)
}

fn run_termination(
    p: &Program,
    cert: &TerminationCertificate,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    let prep = match prepare(p, cert.func) {
        Ok(prep) => prep,
        Err(r) => return r,
    };
    let l = match loop_at(p, &prep, cert.header) {
        Ok(l) => l,
        Err(r) => return r,
    };
    let invariants = match invariants_by_header(p, &prep, cert.func, &cert.invariants) {
        Ok(i) => i,
        Err(r) => return r,
    };
    if let Err(why) = validate_argument(p, cert.func, &cert.argument) {
        return CheckResult::Rejected(why);
    }
    let transitions = match transitions_by_header(p, &prep, cert.func, &cert.transitions) {
        Ok(t) => t,
        Err(r) => return r,
    };
    // Transitivity and well-foundedness of relations do not depend on the program: checked once,
    // on their own.
    let r = transitions_transitive(p, &prep, &transitions, sem, limits, deadline);
    if r != CheckResult::Accepted {
        return r;
    }
    if !matches!(cert.argument, TerminationArgument::Ranking(_) | TerminationArgument::Nested(_)) {
        let mut enc = checking_enc(p, &prep, &invariants, sem, limits, deadline);
        let outcome = match &cert.argument {
            TerminationArgument::TransitionInvariant { atoms, .. } => transitive(&mut enc, &prep, l, atoms),
            TerminationArgument::Variance(disjuncts) => {
                disjuncts.iter().enumerate().try_for_each(|(k, d)| disjunct_well_founded(&mut enc, &prep, l, k, d))
            }
            TerminationArgument::Ranking(_) | TerminationArgument::Nested(_) => Ok(()),
        };
        let r = verdict(&enc, outcome);
        if r != CheckResult::Accepted {
            return r;
        }
    }
    in_passes(
        sem,
        || {
            let mut enc = checking_enc(p, &prep, &invariants, sem, limits, deadline);
            enc.check_assertions = false;
            enc.transitions = transitions.clone();
            enc
        },
        |enc| {
            // Without supporting invariants there is nothing to establish (every invariant is
            // `true`), and walking a large function's every scope would cost the budget.
            if !cert.invariants.is_empty() {
                check_scopes(enc, &prep)?;
            }
            check_transitions(enc, &prep)?;
            iteration(enc, &prep, l, &cert.argument, limits, deadline)
        },
    )
}

// --- The argument's form.

fn validate_argument(p: &Program, func: FuncId, arg: &TerminationArgument) -> Result<(), String> {
    match arg {
        TerminationArgument::Ranking(fs) | TerminationArgument::Nested(fs) => {
            if fs.is_empty() {
                return Err("the ranking function has no component".into());
            }
            for f in fs {
                for (_, v) in &f.terms {
                    measure_var(p, func, *v)?;
                }
            }
        }
        TerminationArgument::TransitionInvariant { atoms, well_founded } => {
            match atoms.get(*well_founded) {
                None => {
                    return Err(format!(
                        "the well-founded atom {well_founded} is not one of the {} atoms",
                        atoms.len()
                    ));
                }
                Some(TransitionAtom::OneChanges(_)) => {
                    return Err(format!(
                        "the well-founded atom {well_founded} is not a decrease or an increase of a measure"
                    ));
                }
                Some(_) => {}
            }
            validate_atoms(p, func, atoms)?;
        }
        TerminationArgument::Variance(disjuncts) => {
            if disjuncts.is_empty() {
                return Err("the disjunctive transition invariant has no disjunct".into());
            }
            for d in disjuncts {
                for c in &d.relation {
                    if c.later.constant != 0 {
                        return Err("a transition constraint's later form has a constant".into());
                    }
                }
                let forms = d.relation.iter().flat_map(|c| [&c.earlier, &c.later]).chain([&d.ranking]);
                for (_, v) in forms.flat_map(|f| f.terms.iter()) {
                    measure_var(p, func, *v)?;
                }
            }
        }
    }
    Ok(())
}

/// Every atom's measure is over integer or boolean registers of the function and globals.
fn validate_atoms(p: &Program, func: FuncId, atoms: &[TransitionAtom]) -> Result<(), String> {
    for a in atoms {
        match a {
            TransitionAtom::Decreases(m) | TransitionAtom::Increases(m) => match m {
                Measure::Linear(f) | Measure::Distance(f) => {
                    for (_, v) in &f.terms {
                        measure_var(p, func, *v)?;
                    }
                }
                Measure::Max(vs) | Measure::Min(vs) => {
                    if vs.is_empty() {
                        return Err("the maximum or minimum of no variables".into());
                    }
                    for v in vs {
                        measure_var(p, func, *v)?;
                    }
                }
            },
            TransitionAtom::OneChanges(vs) => {
                for v in vs {
                    measure_var(p, func, *v)?;
                }
            }
        }
    }
    Ok(())
}

/// A measure may mention integer and boolean registers of the function and globals.
fn measure_var(p: &Program, func: FuncId, v: VarId) -> Result<(), String> {
    let Some(var) = p.vars.get(v) else {
        return Err(format!("{v} is not a variable of the program"));
    };
    if !(var.kind == VarKind::Global || var.func == Some(func)) {
        return Err(format!("`{}` ({v}) is not a variable of the function or a global", var.name));
    }
    match var.ty {
        VarTy::Reg(Type::Int(_) | Type::Bool) => Ok(()),
        _ => Err(format!("`{}` ({v}) is not an integer register variable: it cannot be in a measure", var.name)),
    }
}

fn argument_vars(arg: &TerminationArgument) -> BTreeSet<VarId> {
    let mut vars = BTreeSet::new();
    match arg {
        TerminationArgument::Ranking(fs) | TerminationArgument::Nested(fs) => {
            vars.extend(fs.iter().flat_map(|f| f.terms.iter().map(|(_, v)| *v)))
        }
        TerminationArgument::TransitionInvariant { atoms, .. } => {
            for a in atoms {
                vars.extend(atom_vars(a));
            }
        }
        TerminationArgument::Variance(disjuncts) => vars.extend(disjuncts.iter().flat_map(disjunct_vars)),
    }
    vars
}

fn disjunct_vars(d: &VarianceDisjunct) -> Vec<VarId> {
    let forms = d.relation.iter().flat_map(|c| [&c.earlier, &c.later]).chain([&d.ranking]);
    forms.flat_map(|f| f.terms.iter().map(|(_, v)| *v)).collect()
}

fn atom_vars(a: &TransitionAtom) -> Vec<VarId> {
    match a {
        TransitionAtom::Decreases(m) | TransitionAtom::Increases(m) => measure_vars(m),
        TransitionAtom::OneChanges(vs) => vs.clone(),
    }
}

fn measure_vars(m: &Measure) -> Vec<VarId> {
    match m {
        Measure::Linear(f) | Measure::Distance(f) => f.terms.iter().map(|(_, v)| *v).collect(),
        Measure::Max(vs) | Measure::Min(vs) => vs.clone(),
    }
}

impl std::fmt::Display for LinearForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.constant)?;
        for (a, v) in &self.terms {
            if *a < 0 { write!(f, " - {}*{v}", a.unsigned_abs())? } else { write!(f, " + {a}*{v}")? }
        }
        Ok(())
    }
}

impl std::fmt::Display for Measure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |vs: &[VarId]| vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
        match self {
            Measure::Linear(l) => write!(f, "{l}"),
            Measure::Max(vs) => write!(f, "max({})", list(vs)),
            Measure::Min(vs) => write!(f, "min({})", list(vs)),
            Measure::Distance(l) => write!(f, "abs({l})"),
        }
    }
}

impl std::fmt::Display for TransitionAtom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransitionAtom::Decreases(m) => write!(f, "{m} decreases"),
            TransitionAtom::Increases(m) => write!(f, "{m} increases"),
            TransitionAtom::OneChanges(vs) => {
                let list = vs.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ");
                write!(f, "exactly one of {list} changes")
            }
        }
    }
}

// --- Measures as terms.

/// The value of a measure: a mathematical integer (an SMT `Int`), or, where the encoding uses
/// machine integers, a bit-vector of [`WIDE`] bits, in which no measure's arithmetic can wrap
/// (Z3 decides bit-vector comparisons far faster than `bv2int`).
#[derive(Clone)]
enum Term {
    Int(Int),
    Bv(BV),
}

/// Values up to 2^64 times coefficients and constants below 2^127, summed: 256 bits hold every
/// sum of fewer than 2^60 terms exactly.
const WIDE: u32 = 256;

impl Term {
    fn constant(c: i128, bits: bool) -> Term {
        if !bits {
            return Term::Int(int_const(c));
        }
        let magnitude = BV::from_str(WIDE, &c.unsigned_abs().to_string()).unwrap_or_else(|| BV::from_u64(0, WIDE));
        Term::Bv(if c < 0 { magnitude.bvneg() } else { magnitude })
    }

    fn bits(&self) -> bool {
        matches!(self, Term::Bv(_))
    }

    fn add(&self, other: &Term) -> Result<Term, Halt> {
        match (self, other) {
            (Term::Int(a), Term::Int(b)) => Ok(Term::Int(a + b)),
            (Term::Bv(a), Term::Bv(b)) => Ok(Term::Bv(a.bvadd(b))),
            _ => Err(mixed()),
        }
    }

    fn scale(&self, c: i128) -> Term {
        if c == 1 {
            return self.clone();
        }
        match (self, Term::constant(c, self.bits())) {
            (Term::Int(a), Term::Int(k)) => Term::Int(a * k),
            (Term::Bv(a), Term::Bv(k)) => Term::Bv(a.bvmul(&k)),
            _ => self.clone(),
        }
    }

    fn cmp(&self, op: CmpOp, other: &Term) -> Result<Bool, Halt> {
        Ok(match (self, other) {
            (Term::Int(a), Term::Int(b)) => match op {
                CmpOp::Eq => a.eq(b),
                CmpOp::Ne => a.eq(b).not(),
                CmpOp::Lt => a.lt(b),
                CmpOp::Le => a.le(b),
                CmpOp::Gt => a.gt(b),
                CmpOp::Ge => a.ge(b),
            },
            (Term::Bv(a), Term::Bv(b)) => match op {
                CmpOp::Eq => a.eq(b),
                CmpOp::Ne => a.eq(b).not(),
                CmpOp::Lt => a.bvslt(b),
                CmpOp::Le => a.bvsle(b),
                CmpOp::Gt => a.bvsgt(b),
                CmpOp::Ge => a.bvsge(b),
            },
            _ => return Err(mixed()),
        })
    }

    fn ite(c: &Bool, a: &Term, b: &Term) -> Result<Term, Halt> {
        match (a, b) {
            (Term::Int(x), Term::Int(y)) => Ok(Term::Int(c.ite(x, y))),
            (Term::Bv(x), Term::Bv(y)) => Ok(Term::Bv(c.ite(x, y))),
            _ => Err(mixed()),
        }
    }
}

fn mixed() -> Halt {
    Halt::Unsupported("measure terms of different sorts".into())
}

/// The mathematical values of some variables in one state.
type Valuation = BTreeMap<VarId, Term>;

/// The integer a register's value denotes (a condition is 0 or 1).
fn as_term(v: VarId, val: Val, bits: bool) -> Result<Term, Halt> {
    match val {
        Val::Int(i) => Ok(match i.num {
            Num::Math(x, _) => Term::Int(x),
            Num::Bits(b) => {
                let extra = WIDE.saturating_sub(b.get_size());
                Term::Bv(if i.ty.is_signed() { b.sign_ext(extra) } else { b.zero_ext(extra) })
            }
        }),
        Val::Cond(b) => match (Term::constant(1, bits), Term::constant(0, bits)) {
            (Term::Int(one), Term::Int(zero)) => Ok(Term::Int(b.ite(&one, &zero))),
            (Term::Bv(one), Term::Bv(zero)) => Ok(Term::Bv(b.ite(&one, &zero))),
            _ => Err(mixed()),
        },
        other => Err(Halt::Rejected(format!("{v} is {} in a measure", other.describe()))),
    }
}

fn valuation(w: &mut Walk, st: &State, vars: &BTreeSet<VarId>) -> Result<Valuation, Halt> {
    let bits = !w.enc.arith.math();
    let mut s = Valuation::new();
    for &v in vars {
        let val = w.value(st, v)?;
        s.insert(v, as_term(v, val, bits)?);
    }
    Ok(s)
}

/// `n` fresh arbitrary states of `vars` (values as a loop header in `scope` may hold them), each
/// independent of the others.
fn fresh_valuations<'p>(
    enc: &mut Enc<'p>,
    g: &crate::walk::Graph<'p>,
    scope: Option<LoopId>,
    vars: &BTreeSet<VarId>,
    n: usize,
) -> Result<Vec<Valuation>, Halt> {
    let mut states = Vec::with_capacity(n);
    for _ in 0..n {
        let mut initial = Initial::new(Policy::Arbitrary);
        let mut w = Walk { enc: &mut *enc, g, scope, init: &mut initial, records: None };
        states.push(valuation(&mut w, &State::default(), vars)?);
    }
    Ok(states)
}

fn var_in(s: &Valuation, v: VarId) -> Result<Term, Halt> {
    s.get(&v).cloned().ok_or_else(|| Halt::Unsupported(format!("{v} has no value in the measure's state")))
}

fn linear(f: &LinearForm, s: &Valuation, bits: bool) -> Result<Term, Halt> {
    let mut sum = Term::constant(f.constant, bits);
    for (a, v) in &f.terms {
        sum = sum.add(&var_in(s, *v)?.scale(*a))?;
    }
    Ok(sum)
}

fn measure(m: &Measure, s: &Valuation, bits: bool) -> Result<Term, Halt> {
    let (vs, max) = match m {
        Measure::Linear(f) => return linear(f, s, bits),
        Measure::Distance(f) => {
            let t = linear(f, s, bits)?;
            let negative = t.cmp(CmpOp::Lt, &Term::constant(0, bits))?;
            return Term::ite(&negative, &t.scale(-1), &t);
        }
        Measure::Max(vs) => (vs, true),
        Measure::Min(vs) => (vs, false),
    };
    let Some((first, rest)) = vs.split_first() else {
        return Err(Halt::Rejected("the maximum or minimum of no variables".into()));
    };
    let mut acc = var_in(s, *first)?;
    for v in rest {
        let x = var_in(s, *v)?;
        let better = x.cmp(if max { CmpOp::Gt } else { CmpOp::Lt }, &acc)?;
        acc = Term::ite(&better, &x, &acc)?;
    }
    Ok(acc)
}

/// Whether `(pre, post)` is in the relation of atom `a`.
fn atom(a: &TransitionAtom, pre: &Valuation, post: &Valuation, bits: bool) -> Result<Bool, Halt> {
    Ok(match a {
        TransitionAtom::Decreases(m) => measure(m, post, bits)?.cmp(CmpOp::Lt, &measure(m, pre, bits)?)?,
        TransitionAtom::Increases(m) => measure(m, post, bits)?.cmp(CmpOp::Gt, &measure(m, pre, bits)?)?,
        TransitionAtom::OneChanges(vs) => {
            let mut options = Vec::with_capacity(vs.len());
            for (i, v) in vs.iter().enumerate() {
                let mut c = vec![var_in(post, *v)?.cmp(CmpOp::Ne, &var_in(pre, *v)?)?];
                for (j, u) in vs.iter().enumerate() {
                    if j != i {
                        c.push(var_in(post, *u)?.cmp(CmpOp::Eq, &var_in(pre, *u)?)?);
                    }
                }
                options.push(Bool::and(&c));
            }
            if options.is_empty() { Bool::from_bool(false) } else { Bool::or(&options) }
        }
    })
}

fn relation(atoms: &[TransitionAtom], pre: &Valuation, post: &Valuation, bits: bool) -> Result<Bool, Halt> {
    let parts = atoms.iter().map(|a| atom(a, pre, post, bits)).collect::<Result<Vec<_>, _>>()?;
    Ok(if parts.is_empty() { Bool::from_bool(true) } else { Bool::and(&parts) })
}

// --- Obligations.

/// TACAS'11 check (1): `T(a, b) ∧ T(b, c) ∧ ¬T(a, c)` is unsatisfiable, over any values of the
/// atoms' variables in their types' ranges (a signed variable under the default semantics is
/// unbounded).
fn transitive<'p>(enc: &mut Enc<'p>, prep: &Prepared<'p>, l: LoopId, atoms: &[TransitionAtom]) -> Result<(), Halt> {
    let vars: BTreeSet<VarId> = atoms.iter().flat_map(atom_vars).collect();
    let states = fresh_valuations(enc, &prep.g, Some(l), &vars, 3)?;
    let bits = !enc.arith.math();
    let ab = relation(atoms, &states[0], &states[1], bits)?;
    let bc = relation(atoms, &states[1], &states[2], bits)?;
    let ac = relation(atoms, &states[0], &states[2], bits)?;
    let mut initial = Initial::new(Policy::Arbitrary);
    let mut w = Walk { enc: &mut *enc, g: &prep.g, scope: Some(l), init: &mut initial, records: None };
    let what = format!(
        "transitivity: the transition invariant of {} is not transitive (compositionality check (1))",
        prep.g.describe_loop(w.enc.p, l)
    );
    w.obligation(what, Bool::and(&[ab, bc, ac.not()]))
}

/// Walks one iteration of loop `l`, from a header state `X` satisfying its invariant, along every
/// path to a back edge, and calls `check` with the back edge's position, the condition under
/// which it is taken, and the values of `vars` in `X` and in the state `X'` there.
fn each_iteration<'p>(
    enc: &mut Enc<'p>,
    prep: &Prepared<'p>,
    l: LoopId,
    vars: &BTreeSet<VarId>,
    mut check: impl FnMut(&mut Walk<'_, 'p>, String, Bool, &Valuation, &Valuation) -> Result<(), Halt>,
) -> Result<(), Halt> {
    let p = enc.p;
    let header = prep.g.forest.loops[l].header;
    let mut initial = Initial::new(Policy::Arbitrary);
    enc.iterations = Some(Vec::new());
    let mut w = Walk { enc: &mut *enc, g: &prep.g, scope: Some(l), init: &mut initial, records: None };
    let x = State::default();
    let reach = w.invariant(header, &x)?;
    let ran = w.run(header, reach, x.clone());
    let iterations = w.enc.iterations.take().unwrap_or_default();
    ran?;
    let pre = valuation(&mut w, &x, vars)?;
    for (e, r, st) in iterations {
        let post = valuation(&mut w, &st, vars)?;
        let at = p.files.display(prep.f.edges[e].span).to_string();
        check(&mut w, at, r, &pre, &post)?;
    }
    Ok(())
}

/// R ⊆ T: the iteration `(pre, post)`, taken when `r` holds, is in every atom.
fn in_atoms(
    w: &mut Walk,
    lp: &str,
    at: &str,
    atoms: &[TransitionAtom],
    r: &Bool,
    pre: &Valuation,
    post: &Valuation,
) -> Result<(), Halt> {
    let bits = !w.enc.arith.math();
    for (k, a) in atoms.iter().enumerate() {
        let what = format!("transition invariant: an iteration of {lp} (back edge at {at}) is not in atom {k} ({a})");
        let holds = atom(a, pre, post, bits)?;
        w.obligation(what, Bool::and(&[r.clone(), holds.not()]))?;
    }
    Ok(())
}

/// The obligations of one iteration of loop `l`: from a header state satisfying its invariant,
/// along every path to a back edge.
fn iteration<'p>(
    enc: &mut Enc<'p>,
    prep: &Prepared<'p>,
    l: LoopId,
    arg: &TerminationArgument,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> Result<(), Halt> {
    let p = enc.p;
    let header = prep.g.forest.loops[l].header;
    let lp = prep.g.describe_loop(p, l);
    let vars = argument_vars(arg);
    each_iteration(enc, prep, l, &vars, |w, at, r, pre, post| match arg {
        TerminationArgument::Ranking(fs) => {
            let bits = !w.enc.arith.math();
            let before = fs.iter().map(|f| linear(f, pre, bits)).collect::<Result<Vec<_>, _>>()?;
            let after = fs.iter().map(|f| linear(f, post, bits)).collect::<Result<Vec<_>, _>>()?;
            let (zero, minus_one) = (Term::constant(0, bits), Term::constant(-1, bits));
            let mut options = Vec::with_capacity(fs.len());
            for j in 0..fs.len() {
                let mut c =
                    vec![before[j].cmp(CmpOp::Ge, &zero)?, after[j].cmp(CmpOp::Le, &before[j].add(&minus_one)?)?];
                for i in 0..j {
                    c.push(after[i].cmp(CmpOp::Le, &before[i])?);
                }
                options.push(Bool::and(&c));
            }
            let what = format!(
                "ranking: an iteration of {lp} (back edge at {at}) does not decrease the ranking function \
                 lexicographically while it is non-negative"
            );
            w.obligation(what, Bool::and(&[r, Bool::or(&options).not()]))
        }
        TerminationArgument::Nested(fs) => {
            let bits = !w.enc.arith.math();
            let before = fs.iter().map(|f| linear(f, pre, bits)).collect::<Result<Vec<_>, _>>()?;
            let after = fs.iter().map(|f| linear(f, post, bits)).collect::<Result<Vec<_>, _>>()?;
            let mut holds = vec![after[0].cmp(CmpOp::Le, &before[0].add(&Term::constant(-1, bits))?)?];
            for i in 1..fs.len() {
                holds.push(after[i].cmp(CmpOp::Le, &before[i].add(&before[i - 1])?)?);
            }
            holds.push(before[fs.len() - 1].cmp(CmpOp::Ge, &Term::constant(0, bits))?);
            let what = format!(
                "nested ranking: an iteration of {lp} (back edge at {at}) does not satisfy the nested ranking \
                 function's conditions"
            );
            w.obligation(what, Bool::and(&[r, Bool::and(&holds).not()]))
        }
        TerminationArgument::TransitionInvariant { atoms, .. } => in_atoms(w, &lp, &at, atoms, &r, pre, post),
        TerminationArgument::Variance(disjuncts) => {
            let bits = !w.enc.arith.math();
            let step = disjunction(disjuncts, pre, post, bits)?;
            let what = format!(
                "variance: an iteration of {lp} (back edge at {at}) is in no disjunct of the transition invariant"
            );
            w.obligation(what, Bool::and(&[r.clone(), step.not()]))?;
            // Consecution of the seeded loop: any earlier state G related to X stays related.
            let earlier = fresh_valuations(w.enc, w.g, w.scope, &vars, 1)?.remove(0);
            let before = disjunction(disjuncts, &earlier, pre, bits)?;
            let after = disjunction(disjuncts, &earlier, post, bits)?;
            let what = format!(
                "variance: the transition invariant of {lp} is not inductive: an iteration (back edge at {at}) \
                 leaves it"
            );
            w.obligation(what, Bool::and(&[r, before, after.not()]))
        }
    })?;
    if let TerminationArgument::TransitionInvariant { atoms, well_founded } = arg {
        let mut initial = Initial::new(Policy::Arbitrary);
        let mut w = Walk { enc: &mut *enc, g: &prep.g, scope: Some(l), init: &mut initial, records: None };
        match atoms.get(*well_founded) {
            Some(TransitionAtom::Decreases(m)) => {
                bounded(&mut w, header, &lp, *well_founded, m, true, limits, deadline)?
            }
            Some(TransitionAtom::Increases(m)) => {
                bounded(&mut w, header, &lp, *well_founded, m, false, limits, deadline)?
            }
            _ => return Err(Halt::Rejected(format!("the well-founded atom {well_founded} is not a strict order"))),
        }
    }
    Ok(())
}

/// Whether `(earlier, later)` satisfies the constraint.
fn transition_constraint(
    c: &TransitionConstraint,
    earlier: &Valuation,
    later: &Valuation,
    bits: bool,
) -> Result<Bool, Halt> {
    let sum = linear(&c.earlier, earlier, bits)?.add(&linear(&c.later, later, bits)?)?;
    sum.cmp(if c.equality { CmpOp::Eq } else { CmpOp::Ge }, &Term::constant(0, bits))
}

fn disjunct(d: &VarianceDisjunct, earlier: &Valuation, later: &Valuation, bits: bool) -> Result<Bool, Halt> {
    let parts =
        d.relation.iter().map(|c| transition_constraint(c, earlier, later, bits)).collect::<Result<Vec<_>, _>>()?;
    Ok(if parts.is_empty() { Bool::from_bool(true) } else { Bool::and(&parts) })
}

fn disjunction(ds: &[VarianceDisjunct], earlier: &Valuation, later: &Valuation, bits: bool) -> Result<Bool, Halt> {
    let parts = ds.iter().map(|d| disjunct(d, earlier, later, bits)).collect::<Result<Vec<_>, _>>()?;
    Ok(Bool::or(&parts))
}

/// Disjunct `k` is well-founded: `D(G, X) ∧ ¬(f(G) ≥ 0 ∧ f(X) ≤ f(G) − 1)` is unsatisfiable over
/// any two states (values in their types' ranges).
fn disjunct_well_founded<'p>(
    enc: &mut Enc<'p>,
    prep: &Prepared<'p>,
    l: LoopId,
    k: usize,
    d: &VarianceDisjunct,
) -> Result<(), Halt> {
    let vars: BTreeSet<VarId> = disjunct_vars(d).into_iter().collect();
    let states = fresh_valuations(enc, &prep.g, Some(l), &vars, 2)?;
    let bits = !enc.arith.math();
    let related = disjunct(d, &states[0], &states[1], bits)?;
    let before = linear(&d.ranking, &states[0], bits)?;
    let after = linear(&d.ranking, &states[1], bits)?;
    let ranked = Bool::and(&[
        before.cmp(CmpOp::Ge, &Term::constant(0, bits))?,
        after.cmp(CmpOp::Le, &before.add(&Term::constant(-1, bits))?)?,
    ]);
    let mut initial = Initial::new(Policy::Arbitrary);
    let mut w = Walk { enc: &mut *enc, g: &prep.g, scope: Some(l), init: &mut initial, records: None };
    let what = format!(
        "well-foundedness: disjunct {k} of the transition invariant of {} is not ranked by {}",
        prep.g.describe_loop(w.enc.p, l),
        d.ranking
    );
    w.obligation(what, Bool::and(&[related, ranked.not()]))
}

// --- Transition invariants as summaries of safety certificates.

/// The transition invariants of a safety certificate by loop header (rejected: one is not at a
/// loop header, or an atom is malformed).
pub(crate) fn transitions_by_header(
    p: &Program,
    prep: &Prepared,
    func: FuncId,
    given: &[(LocId, Vec<TransitionAtom>)],
) -> Result<HashMap<LocId, Vec<TransitionAtom>>, CheckResult> {
    let mut out: HashMap<LocId, Vec<TransitionAtom>> = HashMap::new();
    for (loc, atoms) in given {
        if !prep.g.header_loop.contains_key(loc) {
            return Err(CheckResult::Rejected(format!(
                "a transition invariant is given for {loc}, which is not a loop header of `{}`",
                prep.f.name
            )));
        }
        if let Err(why) = validate_atoms(p, func, atoms) {
            return Err(CheckResult::Rejected(format!("the transition invariant for {loc}: {why}")));
        }
        out.entry(*loc).or_default().extend(atoms.iter().cloned());
    }
    out.retain(|_, atoms| !atoms.is_empty());
    Ok(out)
}

/// Transitivity of every given transition invariant (check (1)), each on a fresh encoder.
pub(crate) fn transitions_transitive(
    p: &Program,
    prep: &Prepared,
    transitions: &HashMap<LocId, Vec<TransitionAtom>>,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    for (l, lp) in prep.g.forest.loops.iter() {
        let Some(atoms) = transitions.get(&lp.header) else { continue };
        let mut enc = checking_enc(p, prep, &HashMap::new(), sem, limits, deadline);
        let outcome = transitive(&mut enc, prep, l, atoms);
        let r = verdict(&enc, outcome);
        if r != CheckResult::Accepted {
            return r;
        }
    }
    CheckResult::Accepted
}

/// R ⊆ T for every live loop with a transition invariant: one iteration from a header state
/// satisfying the loop's invariant (nested loops crossed with their own invariants and
/// transition invariants) is in every atom. Assertions are not obligations here (the safety
/// walks check them): a failing one ends the execution, so it is no iteration.
pub(crate) fn check_transitions<'p>(enc: &mut Enc<'p>, prep: &Prepared<'p>) -> Result<(), Halt> {
    let given = enc.transitions.clone();
    for (l, lp) in prep.g.forest.loops.iter() {
        let Some(atoms) = given.get(&lp.header) else { continue };
        if !prep.live.get(lp.header.index()).copied().unwrap_or(false) {
            continue;
        }
        let name = prep.g.describe_loop(enc.p, l);
        let vars: BTreeSet<VarId> = atoms.iter().flat_map(atom_vars).collect();
        let saved = std::mem::replace(&mut enc.check_assertions, false);
        let outcome =
            each_iteration(enc, prep, l, &vars, |w, at, r, pre, post| in_atoms(w, &name, &at, atoms, &r, pre, post));
        enc.check_assertions = saved;
        outcome?;
    }
    Ok(())
}

/// The summary's relation between the state `entry` in which a loop is entered and a state
/// `header` at its header: `entry = header ∨ T(entry, header)` over the atoms' variables.
pub(crate) fn summary_relation(
    w: &mut Walk,
    atoms: &[TransitionAtom],
    entry: &State,
    header: &State,
) -> Result<Bool, Halt> {
    let vars: BTreeSet<VarId> = atoms.iter().flat_map(atom_vars).collect();
    let bits = !w.enc.arith.math();
    let pre = valuation(w, entry, &vars)?;
    let post = valuation(w, header, &vars)?;
    let mut same = Vec::with_capacity(vars.len());
    for v in &vars {
        same.push(var_in(&post, *v)?.cmp(CmpOp::Eq, &var_in(&pre, *v)?)?);
    }
    let t = relation(atoms, &pre, &post, bits)?;
    Ok(Bool::or(&[Bool::and(&same), t]))
}

/// A variable's range of values at a loop header: finite for unsigned integers (and all integers
/// under the bit-precise semantics); a signed integer is unbounded under the default semantics.
fn var_range(p: &Program, sem: Semantics, v: VarId) -> (Option<i128>, Option<i128>) {
    match p.vars.get(v).map(|var| &var.ty) {
        Some(VarTy::Reg(Type::Bool)) => (Some(0), Some(1)),
        Some(VarTy::Reg(Type::Int(t))) if sem == Semantics::BitPrecise || !t.is_signed() => {
            (Some(IntTy::min(*t)), Some(IntTy::max(*t)))
        }
        _ => (None, None),
    }
}

/// Whether the variables' type ranges bound `m` below (`below`) or above (Observation 3).
fn bounded_by_types(p: &Program, sem: Semantics, m: &Measure, below: bool) -> bool {
    let lo = |v: &VarId| var_range(p, sem, *v).0.is_some();
    let hi = |v: &VarId| var_range(p, sem, *v).1.is_some();
    match m {
        Measure::Linear(f) => f.terms.iter().all(|(a, v)| *a == 0 || if (*a > 0) == below { lo(v) } else { hi(v) }),
        Measure::Max(vs) if below => vs.iter().any(lo),
        Measure::Max(vs) => vs.iter().all(hi),
        Measure::Min(vs) if below => vs.iter().all(lo),
        Measure::Min(vs) => vs.iter().any(hi),
        Measure::Distance(_) if below => true,
        Measure::Distance(f) => f.terms.iter().all(|(a, v)| *a == 0 || (lo(v) && hi(v))),
    }
}

/// Well-foundedness of the atom `k`, a strict decrease (`below`) or increase of `m`: `m` is
/// bounded in that direction on the header states satisfying the loop's invariant, by the types
/// or by a bound the optimizer finds and the solver confirms.
#[allow(clippy::too_many_arguments)]
fn bounded(
    w: &mut Walk,
    header: LocId,
    lp: &str,
    k: usize,
    m: &Measure,
    below: bool,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> Result<(), Halt> {
    let p = w.enc.p;
    if bounded_by_types(p, w.enc.arith.sem, m, below) {
        return Ok(());
    }
    let side = if below { "below" } else { "above" };
    w.enc.flush();
    let mut initial = Initial::new(Policy::Arbitrary);
    let mut w = Walk { enc: &mut *w.enc, g: w.g, scope: w.scope, init: &mut initial, records: None };
    let x = State::default();
    let inv = w.invariant(header, &x)?;
    let vars: BTreeSet<VarId> = measure_vars(m).into_iter().collect();
    let s = valuation(&mut w, &x, &vars)?;
    let Term::Int(value) = measure(m, &s, !w.enc.arith.math())? else {
        // Machine integers are bounded by their types.
        return Ok(());
    };
    let facts = std::mem::take(&mut w.enc.arith.facts);
    for f in &facts {
        w.enc.solver.assert(f);
    }
    match optimum(&facts, &inv, &value, below, limits, deadline) {
        Optimum::Finite(b) => {
            let beyond = if below { value.lt(int_const(b)) } else { value.gt(int_const(b)) };
            let what = format!(
                "well-foundedness: the measure of atom {k} ({m}) is not bounded {side} by {b} on the header states \
                 of {lp} that satisfy its invariant"
            );
            w.obligation(what, Bool::and(&[inv, beyond]))
        }
        Optimum::Unbounded => {
            let what = format!(
                "well-foundedness: the measure of atom {k} ({m}) is not bounded {side} on the header states of {lp} \
                 that satisfy its invariant (and the variables' types do not bound it)"
            );
            if w.enc.approx.is_empty() {
                Err(Halt::Rejected(what))
            } else {
                w.enc.failed_approximated = true;
                let approx: Vec<&str> = w.enc.approx.iter().map(|s| s.as_str()).collect();
                let why = format!("{what}, but the checker's encoding over-approximates here ({})", approx.join("; "));
                w.enc.unknown.push(why);
                Ok(())
            }
        }
        Optimum::Unknown(why) => {
            w.enc.unknown.push(format!(
                "well-foundedness: no bound {side} found for the measure of atom {k} ({m}) on the header states of \
                 {lp}: {why}"
            ));
            Ok(())
        }
    }
}

enum Optimum {
    Finite(i128),
    Unbounded,
    Unknown(String),
}

/// The least (`minimize`) or greatest value of `value` where `facts` and `inv` hold, as Z3's
/// optimizer finds it (only a candidate: the caller confirms it with the solver).
fn optimum(
    facts: &[Bool],
    inv: &Bool,
    value: &Int,
    minimize: bool,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> Optimum {
    let mut timeout = limits.timeout;
    if let Some(d) = deadline {
        let left = d.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Optimum::Unknown("time limit reached".into());
        }
        timeout = timeout.min(left);
    }
    let opt = z3::Optimize::new();
    let mut params = z3::Params::new();
    params.set_u32("timeout", timeout.as_millis().clamp(1, u128::from(u32::MAX)) as u32);
    if limits.rlimit > 0 {
        params.set_u32("rlimit", limits.rlimit);
    }
    opt.set_params(&params);
    for f in facts {
        opt.assert(f);
    }
    opt.assert(inv);
    if minimize {
        opt.minimize(value);
    } else {
        opt.maximize(value);
    }
    match opt.check(&[]) {
        z3::SatResult::Unsat => {
            // No header state satisfies the invariant: any bound holds.
            Optimum::Finite(0)
        }
        z3::SatResult::Unknown => {
            Optimum::Unknown(format!("the optimizer gave up ({})", opt.get_reason_unknown().unwrap_or_default()))
        }
        z3::SatResult::Sat => {
            let bound = if minimize { opt.get_lower(0) } else { opt.get_upper(0) };
            match bound.as_ref().and_then(|b| b.as_int()).and_then(|b| b.as_i128()) {
                Some(b) => Optimum::Finite(b),
                None => {
                    let text = bound.map(|b| b.to_string()).unwrap_or_default();
                    if text.contains("oo") {
                        Optimum::Unbounded
                    } else {
                        Optimum::Unknown(format!("the optimizer's bound is {text}"))
                    }
                }
            }
        }
    }
}

// --- Recurrent sets.

fn run_recurrent_set(
    p: &Program,
    rs: &RecurrentSet,
    sem: Semantics,
    limits: QueryLimits,
    deadline: Option<Instant>,
) -> CheckResult {
    let prep = match prepare(p, rs.func) {
        Ok(prep) => prep,
        Err(r) => return r,
    };
    let l = match loop_at(p, &prep, rs.header) {
        Ok(l) => l,
        Err(r) => return r,
    };
    // Nested loops are walked through without being entered, or crossed; an irreducible one has
    // no single header whose back edges the walk could forbid or skip.
    let forest = &prep.g.forest;
    if let Some((c, _)) = forest.loops.iter().find(|(c, lc)| *c != l && lc.irreducible && forest.contains(l, lc.header))
    {
        return CheckResult::Unknown(format!(
            "{} contains an irreducible loop ({})",
            prep.g.describe_loop(p, l),
            prep.g.describe_loop(p, c)
        ));
    }
    if let Err(why) = check_invariant_vars(p, rs.func, &rs.set) {
        return CheckResult::Rejected(format!("the recurrent set: {why}"));
    }
    if let Err(why) = validate_choices(p, &prep, l, &rs.choices) {
        return CheckResult::Rejected(why);
    }
    let mut enc = checking_enc(p, &prep, &HashMap::new(), sem, limits, deadline);
    enc.strict = true;
    enc.check_assertions = false;
    enc.arith.exact_bitwise = true;
    enc.arith.overflow_defined = true;
    enc.choices = rs.choices.iter().map(|(e, c)| (*e, *c)).collect();
    let outcome = recurrence(&mut enc, &prep, l, &rs.set, rs.nested);
    verdict(&enc, outcome)
}

/// A choice is a value of the destination's type for a nondeterministic source of the loop.
fn validate_choices(p: &Program, prep: &Prepared, l: LoopId, choices: &BTreeMap<EdgeId, i128>) -> Result<(), String> {
    let lp = &prep.g.forest.loops[l];
    for (&e, &c) in choices {
        let Some(edge) = prep.f.edges.get(e) else {
            return Err(format!("a value is chosen for {e}, which is not an edge of `{}`", prep.f.name));
        };
        if !lp.contains(edge.from) {
            return Err(format!("a value is chosen for {e}, which is not an edge of the loop"));
        }
        let v = match &edge.cmd {
            Command::Havoc(v, _) | Command::CallExtern { dst: Some(v), .. } => *v,
            _ => return Err(format!("a value is chosen for {e}, which is not a nondeterministic source")),
        };
        let ok = match p.vars.get(v).map(|var| &var.ty) {
            Some(VarTy::Reg(Type::Int(t))) => t.contains(c),
            Some(VarTy::Reg(Type::Bool)) => c == 0 || c == 1,
            _ => return Err(format!("a value is chosen for {e}, whose variable {v} is not an integer register")),
        };
        if !ok {
            return Err(format!("the value {c} chosen for {e} is not a value of the type of {v}"));
        }
    }
    Ok(())
}

/// The set is not empty, and one iteration from any state in it comes back into it.
fn recurrence<'p>(
    enc: &mut Enc<'p>,
    prep: &Prepared<'p>,
    l: LoopId,
    set: &Expr,
    nested: NestedLoops,
) -> Result<(), Halt> {
    let header = prep.g.forest.loops[l].header;
    let mut initial = Initial::new(Policy::Arbitrary);
    let mut w = Walk { enc: &mut *enc, g: &prep.g, scope: Some(l), init: &mut initial, records: None };
    let x = State::default();
    let (holds, defined) = w.condition(&x, set)?;
    let inside = Bool::and(&[holds, defined]);
    // Non-empty: some state in it has every variable in its type's range (so that it is a state
    // of the program under either semantics).
    let mut vars = Vec::new();
    set.for_each_var(&mut |v| vars.push(v));
    let mut witness = vec![inside.clone()];
    for v in vars {
        if let Val::Int(i) = w.value(&x, v)?
            && let Num::Math(t, _) = &i.num
        {
            witness.push(Bool::and(&[t.ge(int_const(i.ty.min())), t.le(int_const(i.ty.max()))]));
        }
    }
    w.enc.flush();
    w.enc.solver.push();
    w.enc.solver.assert(&Bool::and(&witness));
    let answer = w.enc.solver.check(&[]);
    w.enc.solver.pop();
    let lp = prep.g.describe_loop(w.enc.p, l);
    match answer {
        leapfrog_smt::Answer::Unsat => return Err(Halt::Rejected(format!("the recurrent set of {lp} is empty"))),
        leapfrog_smt::Answer::Unknown(why) => {
            w.enc.unknown.push(format!("whether the recurrent set of {lp} is empty: the solver gave up ({why})"))
        }
        leapfrog_smt::Answer::Sat(_) => {}
    }
    w.run_recurrent(header, inside, x, set, nested)
}
