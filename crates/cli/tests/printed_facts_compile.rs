//! What Leapfrog prints about a loop is C over the names visible at that loop.
//!
//! For every program of the paper examples and the SV-COMP loop suites: the invariants and exit
//! conditions `summarize` prints, the invariants of `verify`'s certificates, and the ranking
//! functions, supporting invariants and recurrent sets of `terminate` are inserted into the source
//! at their loops (`support/instrument.rs`, one instrumented file per job; `verify`'s conjuncts
//! over ghost variables with the ghost code that gives them values), and each instrumented
//! program must be valid C: `leapfrog loops` reads it (gcc's `-fsyntax-only` and the front end's
//! own checks, e.g. undeclared identifiers). A variable out of scope at the loop (the counter of an
//! earlier `for`, a block's variable declared later, a temporary) fails here. Whether the facts
//! also hold is `small_verdicts.rs`'s and `summaries_sound.rs`'s question. Transition invariants
//! (primed, with `max`/`abs`) are not C and are not inserted; `do` and `goto` loops are not
//! instrumented.

#[path = "support/corpus.rs"]
mod corpus;
#[path = "support/instrument.rs"]
mod instrument;
#[path = "support/process.rs"]
mod process;

use corpus::{Task, benchmarks_dir, for_each_parallel, tasks};
use instrument::{LoopCheck, instrument};
use process::{leapfrog, temp_dir, write};
use serde_json::Value;
use std::sync::Mutex;

const SUITES: &[&str] = &[
    "paper-examples",
    "svcomp-loop-acceleration",
    "svcomp-loop-invgen",
    "svcomp-loop-lit",
    "svcomp-loop-new",
    "svcomp-loop-simple",
    "svcomp-loops",
];

/// Per analysis run.
const TIMEOUT: &str = "2";

fn run(job: &str, task: &Task) -> Option<Value> {
    let file = task.files[0].display().to_string();
    let out = leapfrog(&[job, "--format", "json", "--timeout", TIMEOUT, "--data-model", task.data_model.name(), &file]);
    serde_json::from_slice(&out.stdout).ok()
}

fn text(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_string()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().map(text).collect()).unwrap_or_default()
}

/// A check at the loop described by `l` (JSON with `file`, `line`, `column`, `kind`) in `file`.
fn at_loop(l: &Value, file: &str, invariant: String, exits: Vec<String>) -> Option<LoopCheck> {
    (l["file"].as_str() == Some(file)).then(|| LoopCheck {
        line: l["line"].as_u64().unwrap_or(0) as usize,
        column: l["column"].as_u64().unwrap_or(0) as usize,
        kind: text(&l["kind"]),
        invariant,
        exits,
        ghost_invariant: strings(&l["ghost_invariant"]),
    })
}

fn conjunction(texts: &[String]) -> String {
    if texts.is_empty() {
        return "1".into();
    }
    texts.iter().map(|t| format!("({t})")).collect::<Vec<_>>().join(" && ")
}

/// The checks of each job's printed facts for `task`: (job, checks).
fn printed_facts(task: &Task) -> Vec<(&'static str, Vec<LoopCheck>)> {
    let file = task.files[0].display().to_string();
    let mut out = Vec::new();
    if let Some(v) = run("summarize", task) {
        let loops = v["loops"].as_array().cloned().unwrap_or_default();
        let checks = loops
            .iter()
            .filter_map(|l| at_loop(l, &file, conjunction(&strings(&l["conjuncts"])), strings(&l["exits"])))
            .collect();
        out.push(("summarize", checks));
    }
    if let Some(v) = run("verify", task) {
        let loops = v["certificate"]["loops"].as_array().cloned().unwrap_or_default();
        let checks = loops.iter().filter_map(|l| at_loop(l, &file, format!("({})", text(&l["invariant"])), vec![]));
        out.push(("verify", checks.collect()));
    }
    if let Some(v) = run("terminate", task) {
        let loops = v["loops"].as_array().cloned().unwrap_or_default();
        let checks = loops.iter().filter_map(|l| {
            let c = &l["certificate"];
            let mut parts: Vec<String> = Vec::new();
            if c["kind"] == "ranking-function" {
                parts.extend(strings(&c["expressions"]).iter().map(|e| format!("(void)({e})")));
            }
            if c.is_object() {
                parts.push(format!("({})", text(&c["supporting_invariant"])));
            }
            if let Some(set) = l["witness"]["recurrent_set"].as_str() {
                parts.push(format!("({set})"));
            }
            if parts.is_empty() {
                return None;
            }
            // A value of the last part; the others only need to compile.
            at_loop(l, &file, format!("({})", parts.join(", ")), vec![])
        });
        out.push(("terminate", checks.collect()));
    }
    out
}

#[test]
fn printed_facts_are_c_where_they_are_printed() {
    let dir = benchmarks_dir();
    let roots: Vec<_> = SUITES.iter().map(|s| dir.join(s)).collect();
    let all: Vec<Task> = tasks(&dir)
        .into_iter()
        .filter(|t| t.files.len() == 1 && roots.iter().any(|r| t.files[0].starts_with(r)))
        .collect();
    assert!(all.len() >= 50, "only {} programs", all.len());
    let scratch = temp_dir("printed-facts");
    let failures = Mutex::new(Vec::new());
    let inserted = Mutex::new(0usize);
    for_each_parallel(&all, |task| {
        let source = std::fs::read_to_string(&task.files[0]).unwrap();
        let name = task.files[0].file_name().unwrap().to_str().unwrap().to_string();
        for (job, checks) in printed_facts(task) {
            let fail = |why: String| failures.lock().unwrap().push(format!("{job} {}: {why}", task.files[0].display()));
            let (instrumented, count) = match instrument(&source, &checks) {
                Ok(x) => x,
                Err(why) => {
                    fail(format!("cannot instrument: {why}"));
                    continue;
                }
            };
            if count == 0 {
                continue;
            }
            *inserted.lock().unwrap() += count;
            let path = write(&scratch, &format!("{job}-{name}"), &instrumented);
            let out = leapfrog(&["loops", "--data-model", task.data_model.name(), &path]);
            if out.status.code() != Some(0) {
                fail(format!(
                    "the printed facts are not C at their loops:\n{}\n{instrumented}",
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let inserted = *inserted.lock().unwrap();
    eprintln!("{} programs, {inserted} loop checks inserted", all.len());
    assert!(inserted >= 50, "only {inserted} loop checks inserted");
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn exit_conditions_are_checked_where_the_condition_has_no_side_effects() {
    let check = |kind: &str, exits: &[&str]| LoopCheck {
        line: 2,
        column: 3,
        kind: kind.into(),
        invariant: "i >= 0".into(),
        exits: exits.iter().map(|e| e.to_string()).collect(),
        ghost_invariant: Vec::new(),
    };
    let source = "int main(void) { int i = 0, a[3] = {1, 0, 2};\n  while (a[i] != 0) i++;\n  return i; }\n";
    let (text, count) = instrument(source, &[check("while", &["a[i] == 0"])]).unwrap();
    assert_eq!(count, 1);
    assert!(text.contains("while (__leapfrog_check((i >= 0) && ((a[i] != 0) || (a[i] == 0))), (a[i] != 0))"), "{text}");
    // A condition with a call or an increment is evaluated once: the exits are not checked.
    for cond in ["f(i) != 0", "i++ < 3", "(i = 2) > 0", "i += 1"] {
        let source = format!("int main(void) {{ int i = 0;\n  while ({cond}) {{ }}\n  return i; }}\n");
        let (text, _) = instrument(&source, &[check("while", &["i >= 3"])]).unwrap();
        assert!(text.contains(&format!("while (__leapfrog_check(i >= 0), ({cond}))")), "{text}");
    }
    // Casts, comparisons and `sizeof` have no side effects.
    let source = "int main(void) { int i = 0;\n  while ((long)i <= sizeof (int) && i != 3) i++;\n  return i; }\n";
    let (text, _) = instrument(source, &[check("while", &["i == 3"])]).unwrap();
    assert!(text.contains("|| (i == 3)"), "{text}");
}
