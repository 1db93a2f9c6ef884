//! Every printed bound against the interpreter: programs of the development suites run on random
//! inputs, each loop's body starts counted per execution of the loop statement, and the printed
//! bound evaluated at the values the variables had when the loop was entered. No execution may
//! run its loop more often than its bound says (nor more than `max`).
//!
//! The interpreter watches, per loop, the header (tagged with the loop keyword), where the body
//! starts (tagged, or the header of a `do`), and the locations that enter the header from
//! outside: an entry starts an execution of the loop statement, the next header visit gives the
//! entry values, and each body start counts one.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_interp::runs::RandomInputs;
use leapfrog_interp::{ExecConfig, UninitMode, Watch};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{FuncId, LocId, LocTag, LoopKind, Program, VarId, visible_at};
use leapfrog_results::Options;
use leapfrog_source::Span;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The bound's expression language (README): literals, names, `+ - * /`, `max`, `min`.
#[derive(Debug)]
enum Bound {
    Num(i128),
    Name(String),
    Bin(char, Box<Bound>, Box<Bound>),
    Call(bool, Box<Bound>, Box<Bound>),
}

fn parse(text: &str) -> Bound {
    let tokens: Vec<String> = {
        let mut out = Vec::new();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            if c.is_alphanumeric() || c == '_' {
                let mut word = c.to_string();
                while let Some(&d) = chars.peek().filter(|d| d.is_alphanumeric() || **d == '_') {
                    word.push(d);
                    chars.next();
                }
                out.push(word);
            } else {
                out.push(c.to_string());
            }
        }
        out
    };
    let mut at = 0;
    let b = sum(&tokens, &mut at);
    assert_eq!(at, tokens.len(), "trailing tokens in {text}");
    b
}

fn sum(t: &[String], at: &mut usize) -> Bound {
    let mut lhs = product(t, at);
    while *at < t.len() && (t[*at] == "+" || t[*at] == "-") {
        let op = t[*at].chars().next().unwrap();
        *at += 1;
        lhs = Bound::Bin(op, Box::new(lhs), Box::new(product(t, at)));
    }
    lhs
}

fn product(t: &[String], at: &mut usize) -> Bound {
    let mut lhs = atom(t, at);
    while *at < t.len() && (t[*at] == "*" || t[*at] == "/") {
        let op = t[*at].chars().next().unwrap();
        *at += 1;
        lhs = Bound::Bin(op, Box::new(lhs), Box::new(atom(t, at)));
    }
    lhs
}

fn atom(t: &[String], at: &mut usize) -> Bound {
    let tok = t[*at].clone();
    *at += 1;
    if tok == "(" {
        let b = sum(t, at);
        assert_eq!(t[*at], ")");
        *at += 1;
        return b;
    }
    if tok == "-" {
        return Bound::Bin('-', Box::new(Bound::Num(0)), Box::new(atom(t, at)));
    }
    if tok == "max" || tok == "min" {
        assert_eq!(t[*at], "(");
        *at += 1;
        let a = sum(t, at);
        assert_eq!(t[*at], ",");
        *at += 1;
        let b = sum(t, at);
        assert_eq!(t[*at], ")");
        *at += 1;
        return Bound::Call(tok == "max", Box::new(a), Box::new(b));
    }
    match tok.parse::<i128>() {
        Ok(n) => Bound::Num(n),
        Err(_) => Bound::Name(tok),
    }
}

fn eval(b: &Bound, value: &dyn Fn(&str) -> Option<i128>) -> Option<i128> {
    Some(match b {
        Bound::Num(n) => *n,
        Bound::Name(x) => value(x)?,
        Bound::Bin(op, a, c) => {
            let (a, c) = (eval(a, value)?, eval(c, value)?);
            match op {
                '+' => a.checked_add(c)?,
                '-' => a.checked_sub(c)?,
                '*' => a.checked_mul(c)?,
                '/' => {
                    assert!(a >= 0 && c > 0, "a division of a negative value or by {c}");
                    a / c
                }
                _ => unreachable!(),
            }
        }
        Bound::Call(is_max, a, c) => {
            let (a, c) = (eval(a, value)?, eval(c, value)?);
            if *is_max { a.max(c) } else { a.min(c) }
        }
    })
}

fn names(b: &Bound, out: &mut Vec<String>) {
    match b {
        Bound::Num(_) => {}
        Bound::Name(x) => out.push(x.clone()),
        Bound::Bin(_, a, c) | Bound::Call(_, a, c) => {
            names(a, out);
            names(c, out);
        }
    }
}

/// One loop's locations in its function: header, body start, entering locations.
struct Watched {
    func: FuncId,
    header: LocId,
    body: LocId,
    entering: Vec<LocId>,
}

fn watched(p: &Program, span: Span) -> Option<Watched> {
    for (fid, f) in p.user_funcs() {
        // The loop as bound names it: by its keyword, a `goto` loop by its label.
        let forest = LoopForest::compute(f);
        let Some((lid, kind)) = forest.loops.ids().find_map(|l| {
            let (kind, s) = forest.syntax(f, l);
            (s == span).then_some((l, kind))
        }) else {
            continue;
        };
        let header = forest.loops[lid].header;
        let body = match kind {
            LoopKind::For | LoopKind::While => f.locs.iter().find_map(|(l, loc)| match &loc.tag {
                Some(LocTag::Body { span: s }) if *s == span && forest.contains(lid, l) => Some(l),
                _ => None,
            })?,
            _ => header,
        };
        let entering: Vec<LocId> =
            f.edges.values().filter(|e| e.to == header && !forest.contains(lid, e.from)).map(|e| e.from).collect();
        return Some(Watched { func: fid, header, body, entering });
    }
    None
}

/// Per execution of the loop statement in the snapshots: the entry values and the body starts.
fn executions(w: &Watched, snapshots: &[leapfrog_interp::Snapshot]) -> Vec<(Vec<Option<i128>>, u64)> {
    let mut out: Vec<(Vec<Option<i128>>, u64)> = Vec::new();
    let mut entering = false;
    let mut current: Option<usize> = None;
    for s in snapshots {
        if w.entering.contains(&s.loc) && s.loc != w.header {
            entering = true;
            continue;
        }
        if s.loc == w.header && entering {
            entering = false;
            out.push((s.values.clone(), 0));
            current = Some(out.len() - 1);
        }
        if s.loc == w.body
            && let Some(i) = current
        {
            out[i].1 += 1;
        }
    }
    out
}

fn benchmarks() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks")
}

fn programs() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for suite in ["malardalen", "paper-examples", "tpdb-complexity-c-integer"] {
        let mut stack = vec![benchmarks().join(suite)];
        while let Some(d) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&d) else { continue };
            for e in entries.flatten() {
                let path = e.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|x| x == "c") {
                    out.push(path);
                }
            }
        }
    }
    out.sort();
    out
}

/// Random runs per program, and the steps of each.
const RUNS: u64 = 12;
const STEPS: u64 = 300_000;

#[test]
fn no_run_exceeds_a_printed_bound() {
    let files = programs();
    assert!(files.len() > 20, "the development suites are missing: {}", benchmarks().display());
    let (mut bounded, mut executions_checked, mut maxed, mut tight) = (0, 0u64, 0, 0u64);
    let (mut programs_checked, mut calls_checked) = (0, 0u64);
    for file in files {
        let Ok(p) = load_program(std::slice::from_ref(&file), &FrontendOptions::default()) else { continue };
        let report =
            leapfrog_bound::bounds(&p, &Options { semantics: Semantics::Default, timeout: Duration::from_secs(4) });
        let mut inputs = RandomInputs::new(&p, 0x9e37_79b9);
        let streams: Vec<Vec<i128>> = (0..RUNS).map(|k| inputs.stream(k)).collect();
        if let Some(checked) = program_bound_holds(&file, &p, &report, &streams) {
            programs_checked += 1;
            calls_checked += checked;
        }
        for l in report.loops.iter().filter(|l| l.bound.is_some()) {
            let text = l.bound.as_ref().unwrap();
            let bound = parse(text);
            let Some(w) = watched(&p, l.span) else { panic!("{}: loop {:?} not found", file.display(), l.span) };
            let mut wanted = Vec::new();
            names(&bound, &mut wanted);
            wanted.sort();
            wanted.dedup();
            // Each name is the variable visible at the loop (the innermost declaration).
            let vars: Vec<VarId> = wanted
                .iter()
                .map(|n| {
                    let candidates: Vec<VarId> = p
                        .vars
                        .iter()
                        .filter(|(v, var)| {
                            var.name == *n
                                && (var.func.is_none() || var.func == Some(w.func))
                                && visible_at(&p, *v, l.span)
                        })
                        .map(|(v, _)| v)
                        .collect();
                    *candidates.iter().max_by_key(|v| p.vars[**v].span.line).expect("a named variable")
                })
                .collect();
            bounded += 1;
            maxed += usize::from(l.max.is_some());
            let mut locs = w.entering.clone();
            locs.extend([w.header, w.body]);
            for stream in &streams {
                let config = ExecConfig {
                    nondet: stream.clone(),
                    uninit: UninitMode::Nondet,
                    max_steps: STEPS,
                    semantics: Semantics::Default,
                    watch: Some(Watch {
                        func: w.func,
                        locs: locs.clone(),
                        vars: vars.clone(),
                        per_loc: STEPS as usize,
                    }),
                    ..ExecConfig::default()
                };
                let r = leapfrog_interp::run(&p, &config);
                // An execution with undefined behaviour is not one the bound speaks of.
                if matches!(r.outcome, leapfrog_interp::Outcome::Ub { .. }) {
                    continue;
                }
                for (values, starts) in executions(&w, &r.snapshots) {
                    let by_name: BTreeMap<&str, Option<i128>> =
                        wanted.iter().map(|n| n.as_str()).zip(values.iter().copied()).collect();
                    let Some(limit) = eval(&bound, &|n| by_name.get(n).copied().flatten()) else { continue };
                    executions_checked += 1;
                    tight += u64::from(limit > 0 && i128::from(starts) == limit);
                    assert!(
                        i128::from(starts) <= limit,
                        "{}:{}: {starts} body starts, above the bound {text} = {limit} (entry {by_name:?})",
                        file.display(),
                        l.span.line
                    );
                    if let Some(m) = l.max {
                        assert!(
                            i128::from(starts) <= m,
                            "{}:{}: {starts} body starts, above max {m}",
                            file.display(),
                            l.span.line
                        );
                    }
                }
            }
        }
    }
    eprintln!(
        "{bounded} bounded loops ({maxed} with a max), {executions_checked} executions checked, {tight} at their bound"
    );
    eprintln!("program bounds: {programs_checked} programs, {calls_checked} calls checked");
    assert!(programs_checked >= 5, "only {programs_checked} program bounds were checked");
    assert!(bounded >= 10, "only {bounded} loops were bounded");
    assert!(executions_checked >= 100, "only {executions_checked} executions were checked");
    // The check can fail: many executions run exactly as often as their bound allows, so a bound
    // one lower would be caught.
    assert!(tight >= 100, "only {tight} executions reach their bound");
}

/// The program's bound against runs, where it names only the entry function's parameters and
/// every loop is written in the entry function: the body starts of all loops in one call, at
/// most the bound at the parameters' values. The calls checked, or `None` when not checked.
fn program_bound_holds(
    file: &Path,
    p: &Program,
    report: &leapfrog_results::bounds::BoundsReport,
    streams: &[Vec<i128>],
) -> Option<u64> {
    let text = report.program.as_ref()?.bound.as_ref()?;
    let entry = p.entry?;
    let f = &p.funcs[entry];
    let bound = parse(text);
    let mut wanted = Vec::new();
    names(&bound, &mut wanted);
    let params: Vec<VarId> =
        wanted.iter().map(|n| f.params.iter().copied().find(|v| p.vars[*v].name == *n)).collect::<Option<Vec<_>>>()?;
    let bodies: Vec<LocId> = report
        .loops
        .iter()
        .map(|l| watched(p, l.span).filter(|w| w.func == entry).map(|w| w.body))
        .collect::<Option<Vec<_>>>()?;
    let mut checked = 0;
    for stream in streams {
        let mut locs = bodies.clone();
        locs.push(f.entry);
        let config = ExecConfig {
            nondet: stream.clone(),
            uninit: UninitMode::Nondet,
            max_steps: STEPS,
            semantics: Semantics::Default,
            watch: Some(Watch { func: entry, locs, vars: params.clone(), per_loc: STEPS as usize }),
            ..ExecConfig::default()
        };
        let r = leapfrog_interp::run(p, &config);
        // Only calls that end without undefined behaviour (a limit leaves the count short).
        if !matches!(r.outcome, leapfrog_interp::Outcome::Exit { .. }) {
            continue;
        }
        let Some(first) = r.snapshots.iter().find(|s| s.loc == f.entry) else { continue };
        let by_name: BTreeMap<&str, Option<i128>> =
            wanted.iter().map(|n| n.as_str()).zip(first.values.iter().copied()).collect();
        let Some(limit) = eval(&bound, &|n| by_name.get(n).copied().flatten()) else { continue };
        let starts = r.snapshots.iter().filter(|s| bodies.contains(&s.loc)).count();
        assert!(
            i128::try_from(starts).unwrap() <= limit,
            "{}: {starts} body starts in all, above the program's bound {text} = {limit} (entry {by_name:?})",
            file.display()
        );
        checked += 1;
    }
    Some(checked)
}
