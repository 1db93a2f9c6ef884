//! The solver interface every engine uses: incremental SMT queries (push/pop, assumptions) over a
//! Z3 backend, each one bounded.
//!
//! What this crate owns:
//! - **Bounding.** Every [`Solver::check`] runs under a per-query timeout and resource limit, and a
//!   [`Watchdog`] interrupts the thread's Z3 context when the run's deadline passes. A query cut
//!   short answers [`Answer::Unknown`] with Z3's reason; it is never an error and never hangs.
//! - **The Z3 version.** The `z3` crate's bindings are generated for Z3 5.3; [`check_z3_version`]
//!   rejects another library at start-up (Debian's 4.8.12 deadlocks when a timeout fires).
//! - **Z3's configuration** ([`configure`]): fixed random seeds and one thread
//!   ([`DETERMINISM`]), so the same queries get the same answers and models in every run.
//!
//! Terms are built with the `z3` crate directly (re-exported as [`z3`]): it already is a typed term
//! API, and wrapping it would only rename it. Z3 objects live in a thread-local context, so they
//! are `!Send`: an analysis runs on one thread.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub use z3;
use z3::ast::Bool;
use z3::{Model, Params, SatResult};

/// The Z3 versions this build works with: the bindings are for 5.3.
const REQUIRED_MAJOR: u32 = 5;
const REQUIRED_MINOR: u32 = 3;

/// The linked Z3's version as `major.minor.build.revision`.
pub fn z3_version() -> String {
    let v = z3::full_version();
    v.strip_prefix("Z3 ").unwrap_or(v).to_string()
}

/// Checks that the Z3 library loaded at run time is the one the bindings were generated for.
pub fn check_z3_version() -> Result<(), String> {
    let (mut major, mut minor, mut build, mut rev) = (0, 0, 0, 0);
    // SAFETY: Z3_get_version only writes the four integers.
    unsafe { z3_sys::Z3_get_version(&mut major, &mut minor, &mut build, &mut rev) };
    if major == REQUIRED_MAJOR && minor >= REQUIRED_MINOR {
        Ok(())
    } else {
        Err(format!(
            "Z3 {major}.{minor}.{build} is loaded, but Leapfrog needs Z3 {REQUIRED_MAJOR}.{REQUIRED_MINOR} or later 5.x \
             (run scripts/fetch-z3.sh)"
        ))
    }
}

/// Z3's global parameters that make runs reproducible: the same queries get the same answers and
/// models in every run. These are Z3 5.3's defaults, stated so that they hold whatever another
/// version or a caller sets: fixed random seeds, one thread, no random initial values.
pub const DETERMINISM: [(&str, &str); 8] = [
    ("smt.random_seed", "0"),
    ("sat.random_seed", "0"),
    ("nlsat.seed", "0"),
    ("sls.random_seed", "0"),
    ("smt.arith.random_initial_value", "false"),
    ("smt.threads", "1"),
    ("sat.threads", "1"),
    ("parallel.enable", "false"),
];

/// Sets Z3's global parameters once per process, before the first solver is made ([`Solver::new`]
/// and [`Watchdog::start`] call it; an engine that makes a `z3::Optimize` directly has a
/// watchdog): [`DETERMINISM`], and Z3's Gröbner-basis step for non-linear arithmetic off: it
/// polls neither timeouts nor interrupts (a query on `x = x*x` iterated a few times ran for a
/// minute past its deadline), so non-linear queries end in `unknown` within their budget instead.
/// Z3's cuts from Hermite normal forms are off too: on the memory checks' Houdini queries (many
/// offsets and lengths tied by equalities) they took most of the time (`libgd_string_ft_ok`:
/// UNKNOWN at 30 s with them, TRUE in 4 s without), and no answer of the benchmarks changed.
pub fn configure() {
    static CONFIGURE: std::sync::Once = std::sync::Once::new();
    CONFIGURE.call_once(|| {
        z3::set_global_param("smt.arith.nl.grobner", "false");
        z3::set_global_param("smt.arith.enable_hnf", "false");
        for (name, value) in DETERMINISM {
            z3::set_global_param(name, value);
        }
    });
}

/// The limits of one query.
#[derive(Copy, Clone, Debug)]
pub struct QueryLimits {
    /// Wall-clock limit of one `check` (zero with a non-zero `rlimit`: the resource limit alone
    /// bounds it, and no timer is started).
    pub timeout: Duration,
    /// Z3's deterministic resource limit for one `check` (0 = none).
    pub rlimit: u32,
}

impl Default for QueryLimits {
    fn default() -> Self {
        QueryLimits { timeout: Duration::from_secs(10), rlimit: 50_000_000 }
    }
}

/// The answer to a query.
pub enum Answer {
    Sat(Model),
    Unsat,
    /// The solver gave up (timeout, resource limit, interrupt, incompleteness): Z3's reason.
    Unknown(String),
}

/// The answer to a query without its model ([`Solver::satisfiability`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Satisfiability {
    Sat,
    Unsat,
    /// The solver gave up: Z3's reason.
    Unknown(String),
}

impl Answer {
    pub fn is_unsat(&self) -> bool {
        matches!(self, Answer::Unsat)
    }
}

/// An incremental solver: assertions persist between checks, `push`/`pop` scope them, and
/// `check` takes assumption literals. Every check is bounded by [`QueryLimits`] and the deadline.
pub struct Solver {
    inner: z3::Solver,
    limits: QueryLimits,
    deadline: Option<Instant>,
    /// Number of `check` calls, for statistics.
    queries: std::cell::Cell<u64>,
    /// Whether the parameters of a resource-limit-only solver were set.
    configured: std::cell::Cell<bool>,
}

impl Solver {
    pub fn new(limits: QueryLimits, deadline: Option<Instant>) -> Solver {
        configure();
        let inner = z3::Solver::new();
        // Z3 picks its incremental core once a scope exists; that is the fast path for many small
        // queries on one solver (see NOTES-dependencies.md §2).
        inner.push();
        Solver { inner, limits, deadline, queries: std::cell::Cell::new(0), configured: std::cell::Cell::new(false) }
    }

    pub fn assert(&self, fact: &Bool) {
        self.inner.assert(fact);
    }

    pub fn push(&self) {
        self.inner.push();
    }

    pub fn pop(&self) {
        self.inner.pop(1);
    }

    /// Whether the solver's deadline has passed (every further check would be unknown).
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    pub fn queries(&self) -> u64 {
        self.queries.get()
    }

    /// Is the assertion set, together with `assumptions`, satisfiable?
    pub fn check(&self, assumptions: &[Bool]) -> Answer {
        match self.satisfiability(assumptions) {
            Satisfiability::Sat => match self.inner.get_model() {
                Some(m) => Answer::Sat(m),
                None => Answer::Unknown("the solver reported sat without a model".into()),
            },
            Satisfiability::Unsat => Answer::Unsat,
            Satisfiability::Unknown(reason) => Answer::Unknown(reason),
        }
    }

    /// [`Solver::check`] without the model, for the many queries that only need the answer
    /// (a path's feasibility, a transition's existence): building a model and evaluating terms
    /// in it cost more than a small query.
    pub fn satisfiability(&self, assumptions: &[Bool]) -> Satisfiability {
        match self.decide(assumptions) {
            Ok(SatResult::Sat) => Satisfiability::Sat,
            Ok(SatResult::Unsat) => Satisfiability::Unsat,
            Ok(SatResult::Unknown) => Satisfiability::Unknown(self.unknown_reason()),
            Err(reason) => Satisfiability::Unknown(reason),
        }
    }

    /// Whether the assertion set, together with `assumptions`, is proven unsatisfiable; sat and
    /// unknown are both `false`.
    pub fn proves_unsat(&self, assumptions: &[Bool]) -> bool {
        matches!(self.decide(assumptions), Ok(SatResult::Unsat))
    }

    /// [`Solver::satisfiability`] within `limit` at most (besides the solver's own limits), for
    /// a query that may give up quickly (say, over quantified formulas) where another way on
    /// exists.
    pub fn satisfiability_within(&self, assumptions: &[Bool], limit: Duration) -> Satisfiability {
        match self.decide_within(assumptions, Some(limit)) {
            Ok(SatResult::Sat) => Satisfiability::Sat,
            Ok(SatResult::Unsat) => Satisfiability::Unsat,
            Ok(SatResult::Unknown) => Satisfiability::Unknown(self.unknown_reason()),
            Err(reason) => Satisfiability::Unknown(reason),
        }
    }

    /// Runs one check under the limits; `Err` when the deadline has already passed.
    fn decide(&self, assumptions: &[Bool]) -> Result<SatResult, String> {
        self.decide_within(assumptions, None)
    }

    fn decide_within(&self, assumptions: &[Bool], cap: Option<Duration>) -> Result<SatResult, String> {
        self.queries.set(self.queries.get() + 1);
        let mut timeout = self.limits.timeout;
        if let Some(cap) = cap {
            timeout = if timeout.is_zero() { cap } else { timeout.min(cap) };
        }
        if let Some(deadline) = self.deadline {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err("time limit reached".into());
            }
            timeout = timeout.min(left);
        }
        // A query bounded by its resource limit alone needs no timer (Z3 starts one per check),
        // and its parameters never change: they are set once (setting them again makes Z3
        // set its context up again, which costs more than a small query).
        let rlimit_only = self.limits.timeout.is_zero() && self.limits.rlimit > 0 && cap.is_none();
        if !rlimit_only || !self.configured.get() {
            let mut params = Params::new();
            if !rlimit_only {
                params.set_u32("timeout", timeout.as_millis().clamp(1, u32::MAX as u128) as u32);
            }
            if self.limits.rlimit > 0 {
                params.set_u32("rlimit", self.limits.rlimit);
            }
            self.inner.set_params(&params);
            self.configured.set(true);
        }
        let started = show_queries().then(Instant::now);
        let answer = self.inner.check_assumptions(assumptions);
        if let Some(t0) = started {
            eprintln!(
                "query {} ({} assumptions): {:?} in {:.3}s",
                self.queries.get(),
                assumptions.len(),
                answer,
                t0.elapsed().as_secs_f64()
            );
            if t0.elapsed() > Duration::from_secs(2)
                && let Some(dir) = std::env::var_os("LEAPFROG_DUMP_SLOW_QUERIES")
            {
                // For developers: the slow query in SMT-LIB, to study it outside.
                let text = format!("{}\n; assumptions: {:?}\n", self.inner, assumptions);
                let _ =
                    std::fs::write(std::path::Path::new(&dir).join(format!("query-{}.smt2", self.queries.get())), text);
            }
        }
        if cap.is_some() && self.limits.timeout.is_zero() {
            // Back to no timer for the solver's other queries.
            let mut params = Params::new();
            params.set_u32("timeout", u32::MAX);
            self.inner.set_params(&params);
        }
        Ok(answer)
    }

    fn unknown_reason(&self) -> String {
        let reason = self.inner.get_reason_unknown().unwrap_or_else(|| "unknown".into());
        let expired = self.deadline.is_some_and(|d| Instant::now() >= d);
        if expired { format!("time limit reached ({reason})") } else { reason }
    }
}

/// For developers (`LEAPFROG_SHOW_QUERIES`): whether each query's answer and time is printed
/// (read from the environment once, not per query).
fn show_queries() -> bool {
    static SHOW: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SHOW.get_or_init(|| std::env::var_os("LEAPFROG_SHOW_QUERIES").is_some())
}

/// Interrupts this thread's Z3 context when a deadline passes, so that even a query stuck inside
/// Z3 (where its own timeout is not polled) returns. Dropping the watchdog stops it.
pub struct Watchdog {
    state: Arc<(Mutex<bool>, Condvar)>,
    fired: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The raw context pointer, sent to the watchdog thread. `Z3_interrupt` is the one Z3 call that
/// is safe from another thread; the watchdog is joined before the context can go away.
struct RawContext(z3_sys::Z3_context);
// SAFETY: only used for Z3_interrupt, which Z3 documents as callable from another thread.
unsafe impl Send for RawContext {}

impl Watchdog {
    /// Starts a watchdog for the calling thread's Z3 context.
    pub fn start(deadline: Instant) -> Watchdog {
        configure();
        let ctx = RawContext(z3::Context::thread_local().get_z3_context());
        let state = Arc::new((Mutex::new(false), Condvar::new()));
        let fired = Arc::new(AtomicBool::new(false));
        let (state2, fired2) = (state.clone(), fired.clone());
        let thread = std::thread::spawn(move || {
            let ctx = ctx;
            let (lock, cvar) = &*state2;
            let mut stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if *stopped {
                    return;
                }
                let now = Instant::now();
                if now >= deadline {
                    fired2.store(true, Ordering::SeqCst);
                    // SAFETY: see RawContext; the owning thread joins us before the context dies.
                    unsafe { z3_sys::Z3_interrupt(ctx.0) };
                    return;
                }
                stopped = cvar.wait_timeout(stopped, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
            }
        });
        Watchdog { state, fired, thread: Some(thread) }
    }

    /// Whether the deadline passed and the context was interrupted.
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::SeqCst)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        let (lock, cvar) = &*self.state;
        *lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        cvar.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn version_is_checked() {
        check_z3_version().expect("the fetched Z3 5.3 is linked");
        assert!(z3_version().starts_with("5."), "{}", z3_version());
    }

    #[test]
    fn determinism_parameters_are_set() {
        let _ = Solver::new(QueryLimits::default(), None);
        for (name, value) in DETERMINISM {
            assert_eq!(z3::get_global_param(name).as_deref(), Some(value), "{name}");
        }
    }

    #[test]
    fn incremental_queries_with_push_pop_and_assumptions() {
        let s = Solver::new(QueryLimits::default(), None);
        let x = Int::new_const("x");
        s.assert(&x.gt(Int::from_i64(3)));
        let a = Bool::new_const("a");
        s.assert(&a.implies(x.lt(Int::from_i64(2))));
        assert!(s.check(std::slice::from_ref(&a)).is_unsat());
        match s.check(&[]) {
            Answer::Sat(m) => assert!(m.eval(&x, true).unwrap().as_i64().unwrap() > 3),
            _ => panic!("expected sat"),
        }
        s.push();
        s.assert(&x.eq(Int::from_i64(1)));
        assert!(s.check(&[]).is_unsat());
        s.pop();
        assert!(matches!(s.check(&[]), Answer::Sat(_)));
    }

    /// A hard query (factoring a 62-bit semiprime in bit-vectors): decidable, but far slower than
    /// the limits in these tests, so only a timeout or an interrupt ends it.
    fn hard_query(s: &Solver) {
        use z3::ast::BV;
        let x = BV::new_const("hx", 64);
        let y = BV::new_const("hy", 64);
        let one = BV::from_u64(1, 64);
        let bound = BV::from_u64(1 << 32, 64);
        s.assert(&x.bvugt(&one));
        s.assert(&y.bvugt(&one));
        s.assert(&x.bvult(&bound));
        s.assert(&y.bvult(&bound));
        // 2147483647 * 2147483629, both prime.
        s.assert(&(&x * &y).eq(BV::from_u64(2147483647u64 * 2147483629u64, 64)));
    }

    #[test]
    fn timeout_gives_unknown() {
        let limits = QueryLimits { timeout: Duration::from_millis(200), rlimit: 0 };
        let s = Solver::new(limits, None);
        hard_query(&s);
        let start = Instant::now();
        let answer = s.check(&[]);
        assert!(matches!(answer, Answer::Unknown(_)), "the query should not be decided");
        assert!(start.elapsed() >= Duration::from_millis(150), "{:?}", start.elapsed());
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn watchdog_interrupts_at_deadline() {
        let limits = QueryLimits { timeout: Duration::from_secs(3600), rlimit: 0 };
        let start = Instant::now();
        let deadline = start + Duration::from_millis(300);
        let _dog = Watchdog::start(deadline);
        // No deadline on the solver itself: only the watchdog can stop this query.
        let s = Solver::new(limits, None);
        hard_query(&s);
        assert!(matches!(s.check(&[]), Answer::Unknown(_)));
        assert!(start.elapsed() >= Duration::from_millis(290), "{:?}", start.elapsed());
        assert!(start.elapsed() < Duration::from_secs(5));
    }
}
