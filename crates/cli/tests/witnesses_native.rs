//! The invariants of correctness and termination witnesses hold on native runs of the
//! gcc-compiled program, checked from outside as a witness validator's user would.
//!
//! For the `verify:`/`terminate:` TRUE programs of `tests/verdicts`, the paper examples and every
//! k-th TRUE task of the SV-COMP loop suites ([`SUITES`]), `verify --witness` and `terminate
//! --witness` run (as LP64, the native data model). Each witness's entries are read back from its
//! YAML and inserted into the original C at the loop they name (the keyword at the entry's line
//! and column), in the loop's condition, which `while (c)` and `for (init; c; step)` evaluate
//! at every visit of the loop head:
//!
//! - a `loop_invariant` `I` must hold at every visit;
//! - a `transition_loop_invariant` `T` (over `\at(e, AnyPrev)`, the value of `e` at an earlier
//!   visit, and the current variables) must hold between every earlier visit and the current one:
//!   the values of each `e` are kept (as `__typeof__(e)`, the first [`HISTORY`] visits) and `T`
//!   is evaluated with `\at(e, AnyPrev)` replaced by each kept value.
//!
//! A failing check ends the run with exit code [`INVARIANT_EXIT`] or [`TRANSITION_EXIT`]. The
//! instrumented program is linked with the differential test's harness (nondet values from
//! seeded streams) and run [`RUNS`] times. Signed overflow traps (in the program and in the
//! checks: a state where an invariant's C overflows is not one it can be judged in), so no run
//! checks a state past an overflow. `do` loops (no condition before the first iteration) and
//! `goto` loops are not instrumented; the test asserts that enough checks ran.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "differential/harness.rs"]
#[allow(dead_code)]
mod harness;
#[path = "support/instrument.rs"]
#[allow(dead_code)]
mod instrument;
#[path = "differential/native.rs"]
#[allow(dead_code)]
mod native;
#[path = "support/process.rs"]
mod process;

use corpus::{benchmarks_dir, for_each_parallel, seed_of, tasks};
use instrument::{check_before_condition, condition_range, matching_paren};
use native::NativeOutcome;
use process::{leapfrog, temp_dir, write};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// The SV-COMP suites sampled, each with a stride (every k-th task with the property).
const SUITES: &[(&str, usize)] = &[
    ("svcomp-loop-acceleration", 3),
    ("svcomp-loop-invgen", 3),
    ("svcomp-loop-lit", 3),
    ("svcomp-loop-new", 3),
    ("svcomp-loop-simple", 3),
    ("svcomp-loops", 3),
];
const TIMEOUT: &str = "5";
const RUNS: u64 = 20;
const RUN_LIMIT: Duration = Duration::from_millis(300);
/// Loop-head states kept per loop for the transition checks.
const HISTORY: usize = 300;
const INVARIANT_EXIT: i32 = 87;
const TRANSITION_EXIT: i32 = 88;

/// One witness entry at a loop head.
#[derive(Clone, Debug)]
struct Entry {
    line: usize,
    column: usize,
    transition: bool,
    value: String,
}

/// The loop-head entries of a witness's `invariant_set`.
fn entries(witness: &str) -> Result<Vec<Entry>, String> {
    let docs = yaml_rust2::YamlLoader::load_from_str(witness).map_err(|e| format!("not YAML: {e}"))?;
    let mut out = Vec::new();
    for entry in docs[0].as_vec().ok_or("not a list of entries")? {
        for item in entry["content"].as_vec().ok_or("no content")? {
            let i = &item["invariant"];
            let transition = match i["type"].as_str() {
                Some("loop_invariant") => false,
                Some("transition_loop_invariant") => true,
                other => return Err(format!("an entry of type {other:?}")),
            };
            let at = &i["location"];
            out.push(Entry {
                line: at["line"].as_i64().ok_or("no line")? as usize,
                column: at["column"].as_i64().ok_or("no column")? as usize,
                transition,
                value: i["value"].as_str().ok_or("no value")?.to_string(),
            });
        }
    }
    Ok(out)
}

/// `text` with each `\at(e, AnyPrev)` replaced by `replace(k)`, `k` the index of `e` in the
/// returned list of distinct expressions.
fn previous_values(text: &str, known: &mut Vec<String>, replace: impl Fn(usize) -> String) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("\\at(") {
        out.push_str(&rest[..i]);
        let open = i + 3;
        let close = matching_paren(rest, open).ok_or("an unclosed \\at(")?;
        let inner = &rest[open + 1..close];
        let e = inner
            .strip_suffix("AnyPrev")
            .map(str::trim_end)
            .and_then(|s| s.strip_suffix(','))
            .ok_or(format!("\\at({inner}) is not at AnyPrev"))?;
        let e = e.trim().to_string();
        let k = known.iter().position(|x| *x == e).unwrap_or_else(|| {
            known.push(e);
            known.len() - 1
        });
        out.push_str(&replace(k));
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

/// `source` with each loop's checks in its condition; the number of loops instrumented and the
/// entries left out (at `do`/`goto` loops).
fn instrument(source: &str, entries: &[Entry]) -> Result<(String, usize, usize), String> {
    let line_starts: Vec<usize> = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    let mut heads: Vec<(usize, usize)> = entries.iter().map(|e| (e.line, e.column)).collect();
    heads.sort();
    heads.dedup();
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let (mut loops, mut left_out) = (0, 0);
    for (n, &(line, column)) in heads.iter().enumerate() {
        let here: Vec<&Entry> = entries.iter().filter(|e| (e.line, e.column) == (line, column)).collect();
        let at = line_starts.get(line - 1).ok_or(format!("no line {line}"))? + column - 1;
        let kind = ["while", "for", "do"].into_iter().find(|k| source[at..].starts_with(k));
        let Some(kind @ ("while" | "for")) = kind else {
            if kind.is_none() && !source[at..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                return Err(format!("no loop keyword at {line}:{column}"));
            }
            left_out += here.len();
            continue;
        };
        let mut body = String::new();
        for e in here.iter().filter(|e| !e.transition) {
            body.push_str(&format!("if (!({})) __lf_fail({INVARIANT_EXIT}); ++__lf_checks; ", e.value));
        }
        let mut kept: Vec<String> = Vec::new();
        let mut relations = Vec::new();
        for e in here.iter().filter(|e| e.transition) {
            relations.push(previous_values(&e.value, &mut kept, |k| format!("__lf_h{n}_{k}[__lf_i]"))?);
        }
        if !relations.is_empty() {
            for (k, e) in kept.iter().enumerate() {
                body.push_str(&format!("static __typeof__({e}) __lf_h{n}_{k}[{HISTORY}]; "));
            }
            body.push_str(&format!("static int __lf_n{n}; for (int __lf_i = 0; __lf_i < __lf_n{n}; __lf_i++) {{ "));
            for r in &relations {
                body.push_str(&format!("if (!({r})) __lf_fail({TRANSITION_EXIT}); ++__lf_checks; "));
            }
            body.push_str(&format!("}} if (__lf_n{n} < {HISTORY}) {{ "));
            for (k, e) in kept.iter().enumerate() {
                body.push_str(&format!("__lf_h{n}_{k}[__lf_n{n}] = ({e}); "));
            }
            body.push_str(&format!("__lf_n{n}++; }} "));
        }
        let range = condition_range(source, at, kind)?;
        inserts.extend(check_before_condition(source, range, &format!("({{ {body}0; }}), ")));
        loops += 1;
    }
    inserts.sort_by_key(|i| std::cmp::Reverse(i.0));
    let mut out = source.to_string();
    for (at, text) in inserts {
        out.insert_str(at, &text);
    }
    // Declared on the first line, so that no line number of the original moves.
    Ok((format!("void __lf_fail(int); extern long long __lf_checks; {out}"), loops, left_out))
}

/// The checker unit: the check counter, written to `stats` when the run ends.
fn checker(stats: &Path) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\nlong long __lf_checks;\n\
         static void __lf_save(void) {{ FILE *f = fopen(\"{}\", \"w\"); if (f) {{ fprintf(f, \"%lld\\n\", __lf_checks); fclose(f); }} }}\n\
         __attribute__((constructor)) static void __lf_start(void) {{ atexit(__lf_save); }}\n\
         void __lf_fail(int code) {{ __lf_save(); _exit(code); }}\n",
        stats.display()
    )
}

#[derive(Default)]
struct Tally {
    witnesses: usize,
    loops: usize,
    left_out: usize,
    runs: usize,
    checks: u64,
    violations: Vec<String>,
    not_built: Vec<String>,
}

/// Checks the witness `job` writes for `file` (when the verdict is TRUE).
fn check(job: &str, file: &Path, scratch: &Path, tally: &Mutex<Tally>) {
    let name = file.display().to_string();
    let witness = scratch.join("witness.yml");
    let out = leapfrog(&[
        job,
        "--format",
        "json",
        "--timeout",
        TIMEOUT,
        "--data-model",
        "LP64",
        "--witness",
        witness.to_str().unwrap(),
        &name,
    ]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    if report["verdict"] != "TRUE" || !witness.exists() {
        return;
    }
    let fail = |why: String| tally.lock().unwrap().violations.push(format!("{job} {name}: {why}"));
    let entries = match entries(&std::fs::read_to_string(&witness).unwrap()) {
        Ok(e) => e,
        Err(why) => return fail(why),
    };
    let source = std::fs::read_to_string(file).unwrap();
    let (instrumented, loops, left_out) = match instrument(&source, &entries) {
        Ok(x) => x,
        Err(why) => return fail(format!("cannot instrument: {why}")),
    };
    {
        let mut t = tally.lock().unwrap();
        t.witnesses += 1;
        t.left_out += left_out;
    }
    if loops == 0 {
        return;
    }
    let stats = scratch.join("stats");
    let units = vec![
        PathBuf::from(write(scratch, "instrumented.c", &instrumented)),
        PathBuf::from(write(scratch, "checker.c", &checker(&stats))),
    ];
    let opts = leapfrog_c_frontend::FrontendOptions::default();
    let Ok(program) = leapfrog_c_frontend::load_program(&[file.to_path_buf()], &opts) else {
        return tally.lock().unwrap().not_built.push(format!("{name}: the front end rejects it"));
    };
    let trap = ["-fsanitize=signed-integer-overflow", "-fsanitize-undefined-trap-on-error"];
    let exe = match native::build_with(&units, &program, scratch, &trap) {
        Ok(exe) => exe,
        // gcc rejecting an invariant is a witness whose C does not compile at its loop.
        Err(why) => return fail(format!("gcc rejects the instrumented program: {why}")),
    };
    let mut local = Tally { loops, ..Tally::default() };
    for run in 0..RUNS {
        let _ = std::fs::remove_file(&stats);
        let stream: Vec<String> =
            corpus::stream(seed_of(&[file.to_path_buf()], run)).iter().map(|v| v.to_string()).collect();
        let stream = stream.join(",");
        let end = native::run(&exe, &stream, RUN_LIMIT);
        local.runs += 1;
        local.checks += std::fs::read_to_string(&stats).ok().and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        match end {
            NativeOutcome::Exit(INVARIANT_EXIT) => {
                local.violations.push(format!("{job} {name} (stream [{stream}]): a loop invariant fails"))
            }
            NativeOutcome::Exit(TRANSITION_EXIT) => {
                local.violations.push(format!("{job} {name} (stream [{stream}]): a transition invariant fails"))
            }
            _ => {}
        }
    }
    let mut t = tally.lock().unwrap();
    t.loops += local.loops;
    t.runs += local.runs;
    t.checks += local.checks;
    t.violations.extend(local.violations);
}

/// `(job, program)` pairs: the annotated TRUE programs of `tests/verdicts`, the paper examples,
/// and the sampled suites' TRUE tasks of each job's property.
fn subjects() -> Vec<(&'static str, PathBuf)> {
    let mut out = Vec::new();
    let verdicts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts");
    for program in corpus::c_programs(&verdicts) {
        let text = std::fs::read_to_string(&program).unwrap();
        for job in ["verify", "terminate"] {
            if text.lines().any(|l| l.starts_with(&format!("//! {job}: TRUE"))) {
                out.push((job, program.clone()));
            }
        }
    }
    let dir = benchmarks_dir();
    for program in corpus::c_programs(&dir.join("paper-examples")) {
        out.push(("verify", program.clone()));
        out.push(("terminate", program));
    }
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let header: Vec<&str> = manifest.lines().next().unwrap_or("").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let (file_col, property_col, expected_col) = (col("file"), col("property"), col("expected"));
    let all = tasks(&dir);
    for (suite, stride) in SUITES {
        let root = dir.join(suite);
        for (job, property) in [("verify", "unreach-call"), ("terminate", "termination")] {
            let true_files: Vec<PathBuf> = manifest
                .lines()
                .skip(1)
                .map(|l| l.split(',').collect::<Vec<&str>>())
                .filter(|c| {
                    property_col.and_then(|i| c.get(i)) == Some(&property)
                        && expected_col.and_then(|i| c.get(i)).is_some_and(|e| e.eq_ignore_ascii_case("true"))
                })
                .filter_map(|c| file_col.and_then(|i| c.get(i)).map(|f| dir.join(f)))
                .filter(|f| f.starts_with(&root))
                .collect();
            let in_suite = all.iter().filter(|t| t.files.len() == 1 && true_files.contains(&t.files[0]));
            out.extend(in_suite.step_by(*stride).map(|t| (job, t.files[0].clone())));
        }
    }
    out
}

#[test]
fn witness_invariants_hold_on_native_runs() {
    let scratch = temp_dir("witnesses-native");
    let subjects = subjects();
    assert!(subjects.len() >= 60, "too few programs: {}", subjects.len());
    let tally = Mutex::new(Tally::default());
    let indexed: Vec<(usize, &(&str, PathBuf))> = subjects.iter().enumerate().collect();
    for_each_parallel(&indexed, |(i, (job, file))| {
        let dir = scratch.join(format!("p{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        check(job, file, &dir, &tally);
        let _ = std::fs::remove_dir_all(&dir);
    });
    let t = tally.into_inner().unwrap();
    eprintln!(
        "{} witnesses of {} programs: {} loops instrumented ({} entries at do/goto loops left out), {} runs, {} checks",
        t.witnesses,
        subjects.len(),
        t.loops,
        t.left_out,
        t.runs,
        t.checks
    );
    for n in &t.not_built {
        eprintln!("not checked: {n}");
    }
    assert!(t.violations.is_empty(), "{}", t.violations.join("\n"));
    assert!(t.witnesses >= 40 && t.loops >= 40 && t.checks >= 10_000, "too little was checked");
}

#[test]
fn a_wrong_transition_invariant_is_caught() {
    let scratch = temp_dir("witnesses-native-wrong");
    let source = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = 5;\n  while (x > 0) {\n    x = x - 1;\n  }\n  return 0;\n}\n";
    let file = PathBuf::from(write(&scratch, "countdown.c", source));
    let program = leapfrog_c_frontend::load_program(
        std::slice::from_ref(&file),
        &leapfrog_c_frontend::FrontendOptions::default(),
    )
    .expect("the program reads");
    let at = |transition, value: &str| Entry { line: 4, column: 3, transition, value: value.into() };
    let stats = scratch.join("stats");
    let outcome = |entries: &[Entry]| {
        let (text, loops, _) = instrument(source, entries).unwrap();
        assert_eq!(loops, 1);
        let units = vec![
            PathBuf::from(write(&scratch, "instrumented.c", &text)),
            PathBuf::from(write(&scratch, "checker.c", &checker(&stats))),
        ];
        let exe = native::build_with(&units, &program, &scratch, &["-fwrapv"]).expect("gcc builds it");
        native::run(&exe, "", RUN_LIMIT)
    };
    // x decreases from any earlier visit to a later one; the invariant 0 <= x <= 5 holds.
    let right = [at(false, "0 <= x && x <= 5"), at(true, "\\at(x, AnyPrev) >= 0 && x <= \\at(x, AnyPrev) - 1")];
    assert_eq!(outcome(&right), NativeOutcome::Exit(0));
    let checks: u64 = std::fs::read_to_string(&stats).unwrap().trim().parse().unwrap();
    assert_eq!(checks, 6 + 15, "6 visits, 15 pairs of visits");
    // x drops by 1 per iteration: not by 2 between consecutive visits; and it reaches 0.
    assert_eq!(outcome(&[at(true, "x <= \\at(x, AnyPrev) - 2")]), NativeOutcome::Exit(TRANSITION_EXIT));
    assert_eq!(outcome(&[at(false, "x >= 1")]), NativeOutcome::Exit(INVARIANT_EXIT));
}
