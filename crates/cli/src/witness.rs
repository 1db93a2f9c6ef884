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
use leapfrog_ir::{Command, DataModel, FuncId, Program};
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

/// A FALSE's lasso as waypoints: the stem's nondet values (replayed: the calls that read them),
/// then the cycle at the loop head through the recurrent set, with the values the loop's nondet
/// calls return on every iteration.
fn lasso(program: &Program, report: &leapfrog_terminate::Report) -> Result<Vec<Waypoint>, String> {
    let (l, w) = report.loops.iter().find_map(|l| Some((l, l.witness.as_ref()?))).ok_or("the FALSE has no lasso")?;
    let functions = loop_functions(program);
    let function = functions.get(&l.span).ok_or("the loop's function is not known")?.clone();
    // The stem's inputs, each at the request that read it (the run goes on into the loop: a step
    // limit stops it; only the stem's requests are used).
    let config = ExecConfig {
        nondet: w.stem_inputs.clone(),
        uninit: UninitMode::Nondet,
        semantics: report.semantics,
        record_inputs: true,
        max_steps: 10_000_000,
        deadline: Some(Instant::now() + Duration::from_secs(20)),
        ..ExecConfig::default()
    };
    let run = leapfrog_interp::run(program, &config);
    let mut steps = Vec::new();
    let mut sources = SourceCache::default();
    for (request, value) in run.input_requests.iter().zip(&run.inputs).take(w.stem_inputs.len()) {
        if let Some(at) = nondet_call(program, request, &mut sources) {
            steps.push(Waypoint::FunctionReturn { at, constraint: format!("\\result == {value}") });
        }
    }
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

/// Where the nondet call that answered `request` returns: its closing parenthesis.
fn nondet_call(
    program: &Program,
    request: &leapfrog_interp::InputRequest,
    sources: &mut SourceCache,
) -> Option<Location> {
    let edge = &program.funcs[request.func].edges[request.edge?];
    if request.source != Source::NondetCall || !matches!(edge.cmd, Command::Havoc(..)) || !edge.span.is_known() {
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

/// The replayed execution's nondet calls (their values at their closing parentheses) and the
/// violation, the target (in the function the run was in last).
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
    let mut steps = Vec::new();
    let mut sources = SourceCache::default();
    for (request, value) in run.input_requests.iter().zip(&run.inputs) {
        if let Some(at) = nondet_call(program, request, &mut sources) {
            steps.push(Waypoint::FunctionReturn { at, constraint: format!("\\result == {value}") });
        }
    }
    let &(func, _) = run.trace.last().ok_or("the replay executed nothing")?;
    let span = cex.failing;
    steps.push(Waypoint::Target {
        at: Location { line: span.line, column: span.col, function: program.funcs[func].name.clone() },
    });
    Ok(steps)
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
