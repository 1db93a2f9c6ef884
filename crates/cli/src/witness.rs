//! `--witness FILE` of `verify`: the verdict as an SV-COMP witness (YAML format 2.0,
//! [`leapfrog_report::witness`]). A TRUE gives the certificate's loop invariants at their loop
//! heads (the conjuncts C at the loop can state: a ghost's is left out, which only weakens the
//! witness); a FALSE gives the counterexample as the interpreter replays it: each value a
//! nondet call returned, at the call, then the failing statement. An UNKNOWN gives none.
//!
//! Gathered here: the program file's hash, the property's text, the functions the positions
//! are in and the calls' closing parentheses (read from the source through the report's
//! `SourceCache`).

use crate::task::PropertyKind;
use leapfrog_interp::{ExecConfig, UninitMode};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::nondet::Source;
use leapfrog_ir::{Command, DataModel, FuncId, LocId, LocTag, LoopKind, Program};
use leapfrog_report::snippet::SourceCache;
use leapfrog_report::witness::{Location, Metadata, TerminationEntry, Waypoint};
use leapfrog_results::Verdict;
use leapfrog_source::Span;
use sha2::Digest;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

/// The witness of `report` (a `verify` run on `program`, read from `file`, for `properties`),
/// or why there is none.
pub fn for_verify(
    program: &Program,
    report: &leapfrog_verify::Report,
    file: &Path,
    properties: &[PropertyKind],
    property_file: Option<&Path>,
) -> Result<String, String> {
    let meta = metadata(program, file, properties, property_file)?;
    let main_file = program.files.iter().find(|(_, p)| Path::new(p) == file).map(|(id, _)| id);
    match report.verdict {
        Verdict::True => {
            let functions = loop_functions(program);
            let mut at_loop: BTreeMap<Location, Vec<String>> = BTreeMap::new();
            for inv in &report.certificate {
                let Some(function) = functions.get(&inv.span) else { continue };
                if Some(inv.span.file) != main_file || inv.invariant.contains('\\') {
                    continue;
                }
                let at = Location { line: inv.span.line, column: inv.span.col, function: function.clone() };
                at_loop.entry(at).or_default().push(inv.invariant.clone());
            }
            // A loop of a function inlined at several call sites has one invariant per site:
            // the loop's is their disjunction.
            let invariants: Vec<(Location, String)> = at_loop
                .into_iter()
                .filter(|(_, alts)| !alts.iter().any(|a| a.trim() == "1"))
                .map(|(at, alts)| {
                    let value = if alts.len() == 1 {
                        alts[0].clone()
                    } else {
                        alts.iter().map(|a| format!("({a})")).collect::<Vec<_>>().join(" || ")
                    };
                    (at, value)
                })
                .collect();
            Ok(leapfrog_report::witness::correctness(&meta, &invariants))
        }
        Verdict::False => {
            let cex = report.counterexample.as_ref().ok_or("the FALSE has no counterexample")?;
            Ok(leapfrog_report::witness::violation(&meta, &waypoints(program, cex, report.semantics)?))
        }
        Verdict::Unknown => Err("the verdict is UNKNOWN".into()),
    }
}

/// The witness of `terminate`'s TRUE `report` (format 2.1): per loop, its termination argument
/// as a `transition_loop_invariant` relating any earlier visit of the loop head
/// (`\at(e, AnyPrev)`) to the current one, and its supporting invariant as a `loop_invariant`.
/// A lexicographic ranking function `(f_1, …, f_k)` gives `∨_j (f_j(prev) >= 0 && f_j(cur) <=
/// f_j(prev) - 1 && ∧_{i<j} f_i(cur) <= f_i(prev))` — the one-iteration relation the checker
/// proves, which is transitive, so it relates any two visits; a variance analysis gives the
/// disjunction of its disjuncts, already over `\at(x, AnyPrev)`. Only for loops of the entry
/// function that no other loop encloses (an inner loop is entered anew, and its argument
/// relates visits of one entry only); otherwise, and for FALSE or UNKNOWN, none.
pub fn for_terminate(
    program: &Program,
    report: &leapfrog_terminate::Report,
    file: &Path,
    property_file: Option<&Path>,
) -> Result<String, String> {
    let mut meta = metadata(program, file, &[PropertyKind::Termination], property_file)?;
    meta.format_version = "2.1";
    match report.verdict {
        Verdict::True => {}
        Verdict::False => return Ok(leapfrog_report::witness::violation(&meta, &lasso(program, report)?)),
        Verdict::Unknown => return Err("the verdict is UNKNOWN".into()),
    }
    let entry = program.entry.ok_or("the program has no entry function")?;
    let f = &program.funcs[entry];
    let forest = LoopForest::compute(f);
    let outermost: BTreeMap<Span, bool> =
        forest.loops.ids().map(|l| (forest.syntax(f, l).1, forest.loops[l].parent.is_none())).collect();
    let mut entries = Vec::new();
    for l in &report.loops {
        let Some(c) = &l.certificate else { return Err("a loop without a certificate".into()) };
        if outermost.get(&l.span) != Some(&true) {
            return Err(format!("the loop at line {} is not an outermost loop of the entry function", l.span.line));
        }
        let relation = match c.kind {
            "ranking-function" if !c.expressions.is_empty() => lexicographic_decrease(&c.expressions),
            "variance-analysis" if !c.disjuncts.is_empty() => {
                c.disjuncts.iter().map(|d| format!("({d})")).collect::<Vec<_>>().join(" || ")
            }
            other => return Err(format!("a {other} argument has no transition invariant in the witness yet")),
        };
        let at = Location { line: l.span.line, column: l.span.col, function: f.name.clone() };
        if c.supporting_invariant.trim() != "1" && !c.supporting_invariant.contains('\\') {
            entries.push(TerminationEntry::Invariant(at.clone(), c.supporting_invariant.clone()));
        }
        entries.push(TerminationEntry::Transition(at, relation));
    }
    Ok(leapfrog_report::witness::termination(&meta, &entries))
}

/// A FALSE's lasso as waypoints: the stem's decisions and input values (replayed, as
/// [`waypoints`] gives them) up to its last input, then the cycle at the loop head through the
/// recurrent set, with the values the loop's nondet calls return on every iteration.
fn lasso(program: &Program, report: &leapfrog_terminate::Report) -> Result<Vec<Waypoint>, String> {
    let (l, w) = report.loops.iter().find_map(|l| Some((l, l.witness.as_ref()?))).ok_or("the FALSE has no lasso")?;
    let functions = loop_functions(program);
    let function = functions.get(&l.span).ok_or("the loop's function is not known")?.clone();
    // The stem's inputs, each at the request that read it, and the decisions before the last of
    // them (the run goes on into the loop: a step limit stops it; only the stem is used).
    let config = ExecConfig {
        nondet: w.stem_inputs.clone(),
        uninit: UninitMode::Nondet,
        semantics: report.semantics,
        record_inputs: true,
        record_trace: true,
        max_steps: 1_000_000,
        deadline: Some(Instant::now() + Duration::from_secs(20)),
        ..ExecConfig::default()
    };
    let run = leapfrog_interp::run(program, &config);
    let stem = replay_events(program, &run, Some(w.stem_inputs.len()));
    let mut steps = unambiguous(stem);
    let mut sources = SourceCache::default();
    let head = Location { line: l.span.line, column: l.span.col, function: function.clone() };
    steps.push(Waypoint::Cycle { at: head, constraint: w.recurrent_set.clone() });
    for (span, value) in &w.choices {
        if let Some(column) = closing_parenthesis(&mut sources, program, *span) {
            let at = Location { line: span.line, column, function: function.clone() };
            steps.push(Waypoint::CycleReturn { at, constraint: format!("\\result == {value}") });
        }
    }
    Ok(steps)
}

/// Where the nondet or extern call that answered `request` returns: its closing parenthesis.
fn call_return(
    program: &Program,
    request: &leapfrog_interp::InputRequest,
    sources: &mut SourceCache,
) -> Option<Location> {
    let edge = &program.funcs[request.func].edges[request.edge?];
    let is_call = match request.source {
        Source::NondetCall => matches!(edge.cmd, Command::Havoc(..)),
        Source::ExternCall => matches!(edge.cmd, Command::CallExtern { dst: Some(_), .. }),
        _ => false,
    };
    if !is_call || !edge.span.is_known() {
        return None;
    }
    let column = closing_parenthesis(sources, program, edge.span)?;
    Some(Location { line: edge.span.line, column, function: program.funcs[request.func].name.clone() })
}

/// `(f_1, …, f_k)` decreases lexicographically from any earlier header visit to the current one.
fn lexicographic_decrease(components: &[String]) -> String {
    let prev = |e: &str| format!("\\at({e}, AnyPrev)");
    let disjuncts: Vec<String> = (0..components.len())
        .map(|j| {
            let fj = &components[j];
            let mut parts = vec![format!("{} >= 0", prev(fj)), format!("({fj}) <= {} - 1", prev(fj))];
            parts.extend(components[..j].iter().map(|fi| format!("({fi}) <= {}", prev(fi))));
            format!("({})", parts.join(" && "))
        })
        .collect();
    disjuncts.join(" || ")
}

/// Up to this many waypoints, a violation witness has every branching decision of the replayed
/// execution; past it, only those a validator cannot mistake for another visit of the same
/// place (see [`unambiguous`]).
const ALL_DECISIONS_UP_TO: usize = 2000;

/// The replayed counterexample as waypoints, in the order the execution passes them: each
/// decision of an `if` or loop condition (`branching`), each value a nondet or extern call
/// returned (`function_return`, at the call's closing parenthesis), each value an uninitialized
/// local was read with (`assumption` `x == 7` at the start of the statement that read it, where
/// that start is known), and the violation (`target`, in the function the run was in last).
/// Never-written memory, `volatile` reads and values that are not integers give no waypoint: a
/// validator finds them itself.
fn waypoints(
    program: &Program,
    cex: &leapfrog_results::safety::Counterexample,
    semantics: leapfrog_arith::Semantics,
) -> Result<Vec<Waypoint>, String> {
    let config = ExecConfig {
        nondet: cex.inputs.clone(),
        uninit: UninitMode::Nondet,
        semantics,
        record_trace: true,
        record_inputs: true,
        max_steps: leapfrog_interp::runs::REPLAY_STEPS,
        deadline: Some(Instant::now() + Duration::from_secs(60)),
        ..ExecConfig::default()
    };
    let run = leapfrog_interp::run(program, &config);
    let events = replay_events(program, &run, None);
    let mut steps = unambiguous(events);
    let &(func, _) = run.trace.last().ok_or("the replay executed nothing")?;
    let span = cex.failing;
    steps.push(Waypoint::Target {
        at: Location { line: span.line, column: span.col, function: program.funcs[func].name.clone() },
    });
    Ok(steps)
}

/// The waypoints of the replay `run` (with its trace and inputs recorded), in the order it
/// passes them — the decisions of conditions and the values of the inputs (see [`waypoints`]) —
/// all of them, or with `Some(k)` those up to where its `k`-th input is read.
fn replay_events(program: &Program, run: &leapfrog_interp::ExecResult, upto: Option<usize>) -> Vec<Waypoint> {
    let inputs = upto.unwrap_or(run.inputs.len()).min(run.inputs.len());
    let mut sources = SourceCache::default();
    let decisions = Decisions::of(program);
    // The inputs by the trace position they were read at (`None`: before the first edge).
    let mut read_at: BTreeMap<Option<usize>, Vec<usize>> = BTreeMap::new();
    for (i, position) in run.input_positions.iter().enumerate().take(inputs) {
        read_at.entry(*position).or_default().push(i);
    }
    // The trace up to the last of those reads, or all of it.
    let end = match upto {
        None => run.trace.len(),
        Some(_) => match inputs.checked_sub(1).and_then(|i| run.input_positions.get(i)) {
            Some(Some(p)) => p + 1,
            _ => 0,
        },
    };
    let mut events: Vec<Waypoint> = Vec::new();
    let input_events = |events: &mut Vec<Waypoint>, position: Option<usize>, sources: &mut SourceCache| {
        let first = events.len();
        for &i in read_at.get(&position).into_iter().flatten() {
            let same_read = events.len() > first;
            let next = position.map_or(0, |p| p + 1);
            match (input_waypoint(program, run, i, next, &decisions, sources), events.last_mut()) {
                // Values read for one statement are one assumption (a second waypoint at the
                // same place would be matched at its next visit).
                (
                    Some(Waypoint::Assumption { at, constraint }),
                    Some(Waypoint::Assumption { at: last_at, constraint: last }),
                ) if same_read && at == *last_at => {
                    *last = format!("{last} && {constraint}");
                }
                (Some(w), _) => events.push(w),
                (None, _) => {}
            }
        }
    };
    input_events(&mut events, None, &mut sources);
    for (position, &(func, e)) in run.trace.iter().enumerate().take(end) {
        if let Some((span, taken)) = decisions.at(program, func, e) {
            let at = Location { line: span.line, column: span.col, function: program.funcs[func].name.clone() };
            events.push(Waypoint::Branching { at, taken });
        }
        input_events(&mut events, Some(position), &mut sources);
    }
    events
}

/// The waypoint of the `i`-th input of `run`, read before the trace's edge `next` was taken.
fn input_waypoint(
    program: &Program,
    run: &leapfrog_interp::ExecResult,
    i: usize,
    next: usize,
    decisions: &Decisions,
    sources: &mut SourceCache,
) -> Option<Waypoint> {
    let request = &run.input_requests[i];
    let value = c_integer(run.inputs[i], request.ty)?;
    match request.source {
        Source::NondetCall | Source::ExternCall => {
            let at = call_return(program, request, sources)?;
            Some(Waypoint::FunctionReturn { at, constraint: format!("\\result == {value}") })
        }
        Source::UninitializedLocal => {
            let f = &program.funcs[request.func];
            let Command::Havoc(var, _) = f.edges[request.edge?].cmd else { return None };
            // Read by the edge taken last, if it mentions the variable and starts a statement;
            // else by the condition of the branch taken next: then before an `if` or `while`
            // (its keyword starts the statement).
            let (func, last) = *run.trace.get(next.checked_sub(1)?)?;
            let taken_last = &program.funcs[func].edges[last];
            let mut mentions = false;
            for x in taken_last.cmd.exprs() {
                x.for_each_var(&mut |v| mentions |= v == var);
            }
            let at = if mentions {
                starts_statement(sources, program, taken_last.span).then_some(taken_last.span)?
            } else {
                let (func_next, e) = *run.trace.get(next)?;
                let (span, _) = decisions.at(program, func_next, e)?;
                (func_next == func && decisions.is_if_or_while(span)).then_some(span)?
            };
            if func != request.func || !leapfrog_ir::scope::visible_at(program, var, at) {
                return None;
            }
            let location = Location { line: at.line, column: at.col, function: f.name.clone() };
            Some(Waypoint::Assumption { at: location, constraint: format!("{} == {value}", program.vars[var].name) })
        }
        Source::EntryParameter | Source::UnwrittenMemory | Source::VolatileRead => None,
    }
}

/// `value` as a C integer constant of its type (`None` for pointers, floats and conditions).
fn c_integer(value: i128, ty: leapfrog_ir::Type) -> Option<String> {
    let leapfrog_ir::Type::Int(_) = ty else { return None };
    Some(if value > i128::from(i64::MAX) { format!("{value}ULL") } else { value.to_string() })
}

/// The waypoints of `events` a validator matches to the visit meant: a `follow` waypoint
/// matches the next visit of its place after the previous segment, so one is kept only if no
/// visit of its place since the last kept waypoint is left out. With few events all are kept;
/// else a branching decision is kept only if its place was not visited since the last kept
/// value (one decision per place between two values: a loop's first iteration, not all), and
/// the values wherever no visit of their place is left out.
fn unambiguous(events: Vec<Waypoint>) -> Vec<Waypoint> {
    if events.len() <= ALL_DECISIONS_UP_TO {
        return events;
    }
    let mut last_visit: BTreeMap<Location, usize> = BTreeMap::new();
    let (mut last_kept, mut last_kept_value) = (None::<usize>, None::<usize>);
    let mut kept = Vec::new();
    for (i, w) in events.into_iter().enumerate() {
        let at = waypoint_location(&w).clone();
        let decision = matches!(w, Waypoint::Branching { .. });
        let since = if decision { last_kept_value } else { last_kept };
        let keep = last_visit.get(&at).is_none_or(|&v| since.is_some_and(|k| v <= k));
        last_visit.insert(at, i);
        if keep {
            if !decision {
                last_kept_value = Some(i);
            }
            kept.push(w);
            last_kept = Some(i);
        }
    }
    kept
}

fn waypoint_location(w: &Waypoint) -> &Location {
    match w {
        Waypoint::FunctionReturn { at, .. }
        | Waypoint::Branching { at, .. }
        | Waypoint::Assumption { at, .. }
        | Waypoint::Target { at }
        | Waypoint::Cycle { at, .. }
        | Waypoint::CycleReturn { at, .. } => at,
    }
}

/// Which edges decide a condition of an `if` or loop: an `assume` into a location tagged as
/// one of its outcomes ([`LocTag::Branch`], or a `for`/`while` body's start), for conditions
/// that can go both ways (a constant one is no branching a validator sees).
struct Decisions {
    /// Per function, the outcome of each tagged location.
    outcomes: BTreeMap<(FuncId, LocId), (Span, bool)>,
    /// The conditions seen going each way.
    two_way: BTreeMap<Span, [bool; 2]>,
    /// The kind of each loop by its keyword (a condition's span that is none is an `if`'s).
    loop_kinds: BTreeMap<Span, LoopKind>,
}

impl Decisions {
    fn of(program: &Program) -> Decisions {
        let mut d = Decisions { outcomes: BTreeMap::new(), two_way: BTreeMap::new(), loop_kinds: BTreeMap::new() };
        for (fid, f) in program.funcs.iter() {
            for (loc, location) in f.locs.iter() {
                let outcome = match &location.tag {
                    Some(LocTag::Branch { span, taken }) => (*span, *taken),
                    Some(LocTag::Body { span }) => (*span, true),
                    Some(LocTag::Loop { kind, span }) => {
                        d.loop_kinds.insert(*span, *kind);
                        continue;
                    }
                    _ => continue,
                };
                d.outcomes.insert((fid, loc), outcome);
            }
            for e in f.edges.values() {
                if let (Command::Assume(_), Some(&(span, taken))) = (&e.cmd, d.outcomes.get(&(fid, e.to))) {
                    d.two_way.entry(span).or_default()[usize::from(taken)] = true;
                }
            }
        }
        d
    }

    /// The condition edge `e` of `func` decides, and which way.
    fn at(&self, program: &Program, func: FuncId, e: leapfrog_ir::EdgeId) -> Option<(Span, bool)> {
        let edge = &program.funcs[func].edges[e];
        if !matches!(edge.cmd, Command::Assume(_)) {
            return None;
        }
        let &(span, taken) = self.outcomes.get(&(func, edge.to))?;
        (span.is_known() && self.two_way.get(&span) == Some(&[true, true])).then_some((span, taken))
    }

    /// Whether the condition at `span` (one [`Decisions::at`] gave) is an `if`'s or a `while`'s.
    fn is_if_or_while(&self, span: Span) -> bool {
        matches!(self.loop_kinds.get(&span), None | Some(LoopKind::While))
    }
}

/// Whether the source text at `span` begins a statement: only blanks before it on its line, or
/// a `;`, `{` or `}` right before it.
fn starts_statement(sources: &mut SourceCache, program: &Program, span: Span) -> bool {
    if !span.is_known() {
        return false;
    }
    let Some(line) = sources.line(program.files.path(span.file), span.line) else { return false };
    let Some(before) = line.get(..(span.col as usize).saturating_sub(1)) else { return false };
    matches!(before.trim_end().chars().last(), None | Some(';' | '{' | '}'))
}

/// The function of every loop head of `program` (by the loop keyword's position).
fn loop_functions(program: &Program) -> BTreeMap<Span, String> {
    let mut out = BTreeMap::new();
    for f in program.funcs.values() {
        let forest = LoopForest::compute(f);
        for l in forest.loops.ids() {
            out.insert(forest.syntax(f, l).1, f.name.clone());
        }
    }
    out
}

/// The 1-based column of the `)` that closes the call starting at `call` (its name's
/// position), on the same line of the source.
fn closing_parenthesis(sources: &mut SourceCache, program: &Program, call: Span) -> Option<u32> {
    let line = sources.line(program.files.path(call.file), call.line)?;
    let mut depth = 0;
    for (i, &b) in line.as_bytes().iter().enumerate().skip(call.col.checked_sub(1)? as usize) {
        match b {
            b'(' => depth += 1,
            b')' if depth == 1 => return u32::try_from(i + 1).ok(),
            b')' => depth -= 1,
            _ => {}
        }
    }
    None
}

fn metadata(
    program: &Program,
    file: &Path,
    properties: &[PropertyKind],
    property_file: Option<&Path>,
) -> Result<Metadata, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let entry = program.entry.map_or("main", |f: FuncId| program.funcs[f].name.as_str());
    let specification = match property_file {
        Some(prp) => {
            std::fs::read_to_string(prp).map_err(|e| format!("cannot read {}: {e}", prp.display()))?.trim().to_string()
        }
        None => properties
            .iter()
            .flat_map(|k| ltl_formulas(k))
            .map(|f| format!("CHECK( init({entry}()), LTL({f}) )"))
            .collect::<Vec<_>>()
            .join("\n"),
    };
    Ok(Metadata {
        format_version: leapfrog_report::witness::FORMAT_VERSION,
        producer_version: env!("CARGO_PKG_VERSION").to_string(),
        file_name: file.display().to_string(),
        file_hash: format!("{:x}", sha2::Sha256::digest(&bytes)),
        specification,
        data_model: match program.data_model {
            DataModel::ILP32 => "ILP32",
            DataModel::LP64 => "LP64",
        },
        creation_time: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
        uuid: random_uuid(),
    })
}

/// The LTL formulas of SV-COMP's property files for `kind`.
fn ltl_formulas(kind: &PropertyKind) -> Vec<&'static str> {
    match kind {
        PropertyKind::UnreachCall => vec!["G ! call(reach_error())"],
        PropertyKind::ValidMemsafety => vec!["G valid-free", "G valid-deref", "G valid-memtrack"],
        PropertyKind::NoOverflow => vec!["G ! overflow"],
        PropertyKind::Termination => vec!["F end"],
        _ => vec![],
    }
}

/// A version-4 UUID from the system's random source (time and process id without one).
fn random_uuid() -> String {
    let mut b = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| std::io::Read::read_exact(&mut f, &mut b));
    if read.is_err() {
        let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos()
            ^ u128::from(std::process::id());
        b = seed.to_le_bytes();
    }
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &h[0..8], &h[8..12], &h[12..16], &h[16..20], &h[20..32])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: u32) -> Location {
        Location { line, column: 3, function: "main".into() }
    }

    fn branching(line: u32, taken: bool) -> Waypoint {
        Waypoint::Branching { at: at(line), taken }
    }

    fn value(line: u32, v: i32) -> Waypoint {
        Waypoint::FunctionReturn { at: at(line), constraint: format!("\\result == {v}") }
    }

    fn lines(ws: &[Waypoint]) -> Vec<(u32, String)> {
        ws.iter()
            .map(|w| match w {
                Waypoint::Branching { at, taken } => (at.line, taken.to_string()),
                Waypoint::FunctionReturn { at, constraint } => (at.line, constraint.clone()),
                other => (waypoint_location(other).line, String::new()),
            })
            .collect()
    }

    #[test]
    fn few_waypoints_are_all_kept() {
        let events: Vec<Waypoint> = (0..10).map(|i| branching(4, i < 9)).collect();
        assert_eq!(unambiguous(events).len(), 10);
    }

    #[test]
    fn past_the_limit_a_decision_is_kept_only_where_no_visit_of_its_place_is_left_out() {
        // A loop at line 4 runs 3000 times; at line 9 a branch after it; then a value read at
        // line 6 in a second loop whose head (line 5) each value follows.
        let mut events: Vec<Waypoint> = (0..3000).map(|i| branching(4, i < 2999)).collect();
        events.push(branching(9, true));
        for v in 0..3 {
            events.push(branching(5, true));
            events.push(value(6, v));
        }
        events.push(branching(5, false));
        let kept = lines(&unambiguous(events));
        let expected: Vec<(u32, String)> = vec![
            (4, "true".into()), // the first visit of line 4; the 2999 others would be mistaken for it
            (9, "true".into()),
            (5, "true".into()),
            (6, "\\result == 0".into()),
            (5, "true".into()), // the visit of line 5 since the last kept waypoint is this one
            (6, "\\result == 1".into()),
            (5, "true".into()),
            (6, "\\result == 2".into()),
            (5, "false".into()),
        ];
        assert_eq!(kept, expected);
    }
}
