//! The `terminate` command's contract: the JSON answer and its fields, the text report, task
//! definitions without `termination.prp`, exit codes, and `bench --job terminate`.
//!
//! The verdict tests state the answers of tiny programs and of `examples/terminate.c`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

#[path = "support/corpus.rs"]
mod corpus;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

/// `leapfrog terminate --format json ARGS...`.
fn terminate(args: &[&str]) -> Value {
    let mut all = vec!["terminate", "--format", "json", "--timeout", "20"];
    all.extend_from_slice(args);
    json(&leapfrog(&all))
}

const TERMINATING: &str = "int main(){int i=0; while(i<10) i++; return 0;}\n";
const NON_TERMINATING: &str = "int main(){int x=__VERIFIER_nondet_int(); while(x>0) x++; return 0;}\n";

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/terminate.c").display().to_string()
}

fn benchmarks() -> PathBuf {
    match std::env::var_os("LEAPFROG_BENCHMARKS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    }
}

fn string_or_null(v: &Value) -> bool {
    v.is_string() || v.is_null()
}

/// Checks the shape of a `terminate` answer (whatever the verdict) and returns its verdict:
/// the top-level fields, and for each loop its position (at the loop keyword in `source`),
/// verdict, technique, and a certificate exactly for TRUE loops, a witness exactly for FALSE ones.
fn check_answer(v: &Value, source: &str) -> String {
    let verdict = v["verdict"].as_str().expect("verdict").to_string();
    assert!(["TRUE", "FALSE", "UNKNOWN"].contains(&verdict.as_str()), "{v}");
    assert_eq!(v["property"], "termination", "{v}");
    assert!(v["semantics"] == "default" || v["semantics"] == "bit-precise", "{v}");
    assert!(string_or_null(&v["technique"]) && string_or_null(&v["reason"]), "{v}");
    assert_eq!(v["technique"].is_null(), verdict == "UNKNOWN", "a verdict names its technique: {v}");
    if verdict == "UNKNOWN" {
        assert!(v["reason"].as_str().is_some_and(|r| !r.is_empty()), "UNKNOWN says why: {v}");
    }
    assert!(v["time_seconds"].as_f64().is_some_and(|t| t >= 0.0), "{v}");
    let lines: Vec<&str> = source.lines().collect();
    for l in v["loops"].as_array().expect("loops") {
        assert!(l["file"].is_string(), "{l}");
        let line = lines[l["line"].as_u64().unwrap() as usize - 1];
        let kind = l["kind"].as_str().unwrap();
        let at = &line[l["column"].as_u64().unwrap() as usize - 1..];
        assert!(kind == "goto" || at.starts_with(kind), "the {kind} loop points at `{at}`");
        let loop_verdict = l["verdict"].as_str().unwrap();
        assert!(["TRUE", "FALSE", "UNKNOWN"].contains(&loop_verdict), "{l}");
        assert!(string_or_null(&l["technique"]) && string_or_null(&l["reason"]), "{l}");
        assert_eq!(l["certificate"].is_object(), loop_verdict == "TRUE", "{l}");
        assert_eq!(l["witness"].is_object(), loop_verdict == "FALSE", "{l}");
        if let Some(c) = l["certificate"].as_object() {
            let kind = c["kind"].as_str().unwrap();
            assert!(["ranking-function", "transition-invariant", "variance-analysis"].contains(&kind), "{l}");
            let expressions = c["expressions"].as_array().unwrap();
            assert!(!expressions.is_empty() && expressions.iter().all(Value::is_string), "{l}");
            let disjuncts = c["disjuncts"].as_array().unwrap();
            // A variance argument ranks each of its disjuncts.
            assert_eq!(disjuncts.len(), if kind == "variance-analysis" { expressions.len() } else { 0 }, "{l}");
            assert!(c["supporting_invariant"].is_string(), "{l}");
        }
        if let Some(w) = l["witness"].as_object() {
            let nondet = w["stem"]["nondet"].as_array().unwrap();
            assert!(nondet.iter().all(|x| x.as_str().is_some_and(|s| s.parse::<i128>().is_ok())), "{l}");
            assert_eq!(w["stem"]["uninit"], "nondet", "{l}");
            assert!(w["recurrent_set"].is_string(), "{l}");
            for c in w["choices"].as_array().unwrap() {
                assert!(c["line"].is_u64() && c["column"].is_u64() && c["value"].is_string(), "{l}");
            }
        }
    }
    match verdict.as_str() {
        "TRUE" => assert!(v["loops"].as_array().unwrap().iter().all(|l| l["verdict"] == "TRUE"), "{v}"),
        "FALSE" => assert!(v["loops"].as_array().unwrap().iter().any(|l| l["verdict"] == "FALSE"), "{v}"),
        _ => {}
    }
    verdict
}

#[test]
fn json_answer_has_the_verdict_fields_and_never_contradicts_the_program() {
    let dir = temp_dir("json");
    let good = write(&dir, "good.c", TERMINATING);
    let v = terminate(&[&good]);
    assert_ne!(check_answer(&v, TERMINATING), "FALSE", "{v}");
    assert_eq!(v["semantics"], "default");
    let bad = write(&dir, "bad.c", NON_TERMINATING);
    let v = terminate(&[&bad]);
    assert_ne!(check_answer(&v, NON_TERMINATING), "TRUE", "{v}");
    // Under machine integers `x++` wraps to a negative value: the loop ends.
    let v = terminate(&["--semantics", "bit-precise", &bad]);
    assert_eq!(v["semantics"], "bit-precise");
    assert_ne!(check_answer(&v, NON_TERMINATING), "FALSE", "{v}");
}

#[test]
fn the_example_is_answered_soundly() {
    let path = example();
    let source = std::fs::read_to_string(&path).unwrap();
    let v = terminate(&[&path]);
    assert_ne!(check_answer(&v, &source), "TRUE", "the second loop does not terminate: {v}");
}

#[test]
fn text_report_starts_with_the_verdict_and_diagnostics_go_to_stderr() {
    let dir = temp_dir("text");
    let src = write(
        &dir,
        "t.c",
        "int main(void) {\n  double d = 1.5;\n  int i = (int)d;\n  while (i < 10) i++;\n  return 0;\n}\n",
    );
    let out = leapfrog(&["terminate", "--timeout", "20", &src]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    assert!(
        ["TRUE (", "FALSE(termination) (", "UNKNOWN ("].iter().any(|w| first.starts_with(w))
            && first.ends_with("default semantics)"),
        "{text}"
    );
    assert!(stderr(&out).contains("t.c:3:11: unsupported"), "the unsupported conversion is reported: {}", stderr(&out));
    let bit = leapfrog(&["terminate", "--semantics", "bit-precise", "--timeout", "20", &src]);
    let text = String::from_utf8_lossy(&bit.stdout);
    assert!(text.lines().next().unwrap_or_default().ends_with("bit-precise semantics)"), "{text}");
}

#[test]
fn a_task_without_the_termination_property_is_unknown() {
    let dir = temp_dir("task");
    write(&dir, "p.c", TERMINATING);
    let unreach = write(
        &dir,
        "unreach.yml",
        "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n",
    );
    let v = terminate(&[&unreach]);
    assert_eq!(check_answer(&v, TERMINATING), "UNKNOWN");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.contains("does not state the termination property") && reason.contains("unreach.yml"), "{v}");
    assert_eq!(v["loops"], serde_json::json!([]));

    let with = write(
        &dir,
        "term.yml",
        "format_version: '2.0'\ninput_files: 'p.c'\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n",
    );
    let v = terminate(&[&with]);
    assert_ne!(check_answer(&v, TERMINATING), "FALSE", "{v}");
    assert!(!v["reason"].as_str().unwrap_or_default().contains("does not state"), "{v}");

    // A real SV-COMP task with termination.prp is analysed.
    let real = benchmarks().join("svcomp-loops/count_up_down-1.yml");
    let source = std::fs::read_to_string(benchmarks().join("svcomp-loops/count_up_down-1.c")).unwrap();
    let v = terminate(&[real.to_str().unwrap()]);
    assert_ne!(check_answer(&v, &source), "FALSE", "{v}");
    assert!(!v["reason"].as_str().unwrap_or_default().contains("does not state"), "{v}");
}

#[test]
fn unusable_input_exits_2() {
    let dir = temp_dir("bad");
    let bad = write(&dir, "bad.c", "int main(void) {\n  while (1) { return 0 +; }\n}\n");
    for format in ["text", "json"] {
        let out = leapfrog(&["terminate", "--format", format, &bad]);
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(stderr(&out).contains("bad.c:2:"), "{}", stderr(&out));
        assert!(out.stdout.is_empty(), "no answer on stdout");
    }
    assert_eq!(leapfrog(&["terminate", "/nonexistent/file.c"]).status.code(), Some(2));
    assert_eq!(leapfrog(&["terminate"]).status.code(), Some(2), "no input file is a usage error");
    assert_eq!(leapfrog(&["terminate", "--semantics", "wrapping", &bad]).status.code(), Some(2));
    for limit in ["nan", "inf", "0", "-1", "soon"] {
        let out = leapfrog(&["terminate", "--timeout", limit, &bad]);
        assert_eq!(out.status.code(), Some(2), "--timeout {limit}: {}", stderr(&out));
    }
    let broken = write(&dir, "broken.yml", "format_version: '2.0'\ninput_files: [bad.c\n");
    let out = leapfrog(&["terminate", &broken]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).starts_with(&format!("{broken}:")), "{}", stderr(&out));
    let good = write(&dir, "good.c", TERMINATING);
    let mixed = leapfrog(&["terminate", &broken, &good]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(stderr(&mixed).contains("must be the only input"), "{}", stderr(&mixed));
}

#[test]
fn several_files_are_one_program() {
    let dir = temp_dir("multi");
    let a = write(&dir, "a.c", "int down(int);\nint main(void) { return down(__VERIFIER_nondet_int()); }\n");
    let down = "int down(int x) {\n  while (x > 0) x--;\n  return x;\n}\n";
    let b = write(&dir, "b.c", down);
    let v = terminate(&[&a, &b]);
    assert_ne!(check_answer(&v, down), "FALSE", "{v}");
    for l in v["loops"].as_array().unwrap() {
        assert_eq!((l["file"].as_str(), l["line"].as_u64()), (Some(b.as_str()), Some(2)), "{l}");
    }
    let without_main = leapfrog(&["terminate", "--format", "json", &b]);
    assert_eq!(without_main.status.code(), Some(0), "the uncalled function is the entry: {}", stderr(&without_main));
}

#[test]
fn bench_runs_terminate_on_the_termination_rows() {
    let dir = temp_dir("bench");
    write(&dir, "up.c", TERMINATING);
    write(&dir, "inf.c", NON_TERMINATING);
    write(&dir, "bad.c", "int main( {\n");
    write(
        &dir,
        "manifest.csv",
        "id,suite,file,property,expected,origin\n\
         up,s1,up.c,termination,true,x\n\
         up#unreach,s1,up.c,unreach-call,true,x\n\
         inf,s2,inf.c,termination,false,x\n\
         bad,s2,bad.c,termination,true,x\n",
    );
    let results = dir.join("results.json");
    let out = leapfrog(&[
        "bench",
        dir.join("manifest.csv").to_str().unwrap(),
        "--job",
        "terminate",
        "--jobs",
        "2",
        "--timeout",
        "20",
        "--output",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.lines().next().unwrap().contains("TRUE tasks") && table.contains("FALSE tasks"), "{table}");
    assert!(table.contains("for job `terminate`: 3 tasks") && table.contains("0 wrong"), "{table}");
    assert!(table.ends_with("wrong answers: none\n"), "{table}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(v["job"], "terminate");
    let tasks = v["tasks"].as_array().unwrap();
    let ids: Vec<&str> = tasks.iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["up", "inf", "bad"], "only the termination rows");
    for t in &tasks[..2] {
        assert!(["correct", "unknown"].contains(&t["classification"].as_str().unwrap()), "{t}");
        assert_eq!(t["semantics"], "default", "{t}");
    }
    assert_eq!(tasks[2]["classification"], "error", "{}", tasks[2]);
}

/// A stand-in for `leapfrog terminate`: prints the canned answer named after the input file.
const FAKE_TERMINATE: &str = r#"#!/bin/sh
[ "$1" = terminate ] || { echo "unexpected job $1" >&2; exit 2; }
case "$(basename "$2")" in
rank.c) echo '{"verdict": "TRUE", "semantics": "default", "technique": "ranking-function", "reason": null, "loops": []}' ;;
ti.c) echo '{"verdict": "TRUE", "semantics": "default", "technique": "transition-invariant", "reason": null, "loops": []}' ;;
lasso.c) echo '{"verdict": "FALSE", "semantics": "default", "technique": "recurrent-set", "reason": null, "loops": []}' ;;
hard.c) echo '{"verdict": "UNKNOWN", "semantics": "default", "technique": null, "reason": "no ranking function", "loops": []}' ;;
*) echo "no canned answer for $2" >&2; exit 2 ;;
esac
"#;

#[test]
fn bench_counts_terminate_answers_by_technique_with_true_and_false_tasks_apart() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("bench-fake");
    let fake = dir.join("fake-leapfrog");
    std::fs::write(&fake, FAKE_TERMINATE).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    for name in ["rank.c", "ti.c", "lasso.c", "hard.c"] {
        write(&dir, name, "int main(void) { return 0; }\n");
    }
    write(
        &dir,
        "manifest.csv",
        "id,suite,file,property,expected,origin\n\
         rank,s1,rank.c,termination,true,x\n\
         ti,s1,ti.c,termination,true,x\n\
         lasso,s1,lasso.c,termination,false,x\n\
         hard,s2,hard.c,termination,false,x\n\
         wrong,s2,lasso.c,termination,true,x\n",
    );
    let results = dir.join("results.json");
    let out = leapfrog(&[
        "bench",
        dir.join("manifest.csv").to_str().unwrap(),
        "--job",
        "terminate",
        "--exe",
        fake.to_str().unwrap(),
        "--timeout",
        "20",
        "--output",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = table.lines().collect();
    // suite, tasks, TRUE ok/wrong/unk, FALSE ok/wrong/unk, other, error, crash, timeout.
    let counts = |row: &str| row.split_whitespace().take(12).map(String::from).collect::<Vec<_>>();
    assert_eq!(counts(rows[3]), ["s1", "3", "2", "0", "0", "1", "0", "0", "0", "0", "0", "0"], "{table}");
    assert_eq!(counts(rows[4]), ["s2", "2", "0", "1", "0", "0", "0", "1", "0", "0", "0", "0"], "{table}");
    let technique = |name: &str| {
        table.lines().find(|l| l.starts_with(name)).map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>())
    };
    assert_eq!(technique("ranking-function"), Some(vec!["default", "1", "0"]), "{table}");
    assert_eq!(technique("transition-invariant"), Some(vec!["default", "1", "0"]), "{table}");
    assert_eq!(technique("recurrent-set"), Some(vec!["default", "0", "1"]), "{table}");
    assert!(
        table.ends_with(
            "WRONG ANSWERS: 1\n  WRONG wrong: answered FALSE, expected TRUE (technique recurrent-set, semantics default)\n"
        ),
        "{table}"
    );
}

// ---- Verdicts that hold once the termination engine answers. ----

#[test]
fn a_counting_loop_terminates_with_a_checked_argument() {
    let dir = temp_dir("true");
    let src = write(&dir, "up.c", TERMINATING);
    let v = terminate(&[&src]);
    assert_eq!(check_answer(&v, TERMINATING), "TRUE", "{v}");
    let loops = v["loops"].as_array().unwrap();
    assert_eq!(loops.len(), 1, "{v}");
    let l = &loops[0];
    assert_eq!((l["kind"].as_str(), l["line"].as_u64(), l["column"].as_u64()), (Some("while"), Some(1), Some(21)));
    assert_eq!(l["verdict"], "TRUE");
    assert!(l["technique"].is_string(), "{l}");
    // The same under machine integers.
    let v = terminate(&["--semantics", "bit-precise", &src]);
    assert_eq!(check_answer(&v, TERMINATING), "TRUE", "{v}");
    // The text names the argument.
    let out = leapfrog(&["terminate", &src]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("TRUE ("), "{text}");
    assert!(
        (text.contains("ranking function") || text.contains("transition invariant"))
            && text.contains("supporting invariant: "),
        "{text}"
    );
}

#[test]
fn an_increasing_loop_does_not_terminate_under_the_default_semantics() {
    let dir = temp_dir("false");
    let src = write(&dir, "inf.c", NON_TERMINATING);
    let v = terminate(&[&src]);
    assert_eq!(check_answer(&v, NON_TERMINATING), "FALSE", "{v}");
    assert_eq!(v["technique"], "recurrent-set", "{v}");
    let l = &v["loops"][0];
    assert_eq!((l["line"].as_u64(), l["column"].as_u64(), l["verdict"].as_str()), (Some(1), Some(43), Some("FALSE")));
    let stem: Vec<&str> =
        l["witness"]["stem"]["nondet"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert!(stem.first().is_some_and(|x| x.parse::<i128>().unwrap() > 0), "the stem enters with x > 0: {v}");
    // Replayed, the stem's inputs keep the program running.
    let run = json(&leapfrog(&[
        "exec",
        "--format",
        "json",
        "--uninit",
        "nondet",
        "--max-steps",
        "100000",
        "--nondet",
        &stem.join(","),
        &src,
    ]));
    assert!(run["outcome"] == "limit" || run["outcome"] == "ub", "x++ grows until the step limit (or overflow): {run}");
    let out = leapfrog(&["terminate", &src]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("FALSE(termination) (recurrent-set, default semantics)"), "{text}");
    assert!(text.contains("recurrent set: ") && text.contains("stem inputs: ["), "{text}");
}

#[test]
fn the_example_has_one_terminating_and_one_non_terminating_loop() {
    let path = example();
    let source = std::fs::read_to_string(&path).unwrap();
    let v = terminate(&[&path]);
    assert_eq!(check_answer(&v, &source), "FALSE", "{v}");
    let verdicts: Vec<(u64, &str)> = v["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["line"].as_u64().unwrap(), l["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(verdicts, [(10, "TRUE"), (16, "FALSE")], "{v}");
}

// ---- The variance analysis (POPL'07) on the paper's examples. ----

/// `(line, verdict, technique)` of every loop of a `terminate` answer.
fn loop_verdicts(v: &Value) -> Vec<(u64, String, String)> {
    v["loops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["line"].as_u64().unwrap(),
                l["verdict"].as_str().unwrap().to_string(),
                l["technique"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

fn paper_example(name: &str) -> (String, String) {
    let path = benchmarks().join("paper-examples").join(name);
    let source = std::fs::read_to_string(&path).expect("paper example");
    (path.display().to_string(), source)
}

#[test]
fn fig2_inner_loop_terminates_by_a_disjunctive_variance_argument() {
    let (path, source) = paper_example("popl07-fig2-inner.c");
    let v = terminate(&[&path]);
    assert_eq!(check_answer(&v, &source), "TRUE", "{v}");
    let loops = loop_verdicts(&v);
    assert_eq!(loops[0], (7, "TRUE".into(), "variance-analysis".into()), "{v}");
    let c = &v["loops"][0]["certificate"];
    assert_eq!(c["kind"], "variance-analysis", "{c}");
    let (disjuncts, rankings) = (c["disjuncts"].as_array().unwrap(), c["expressions"].as_array().unwrap());
    // x decreases in one disjunct, y in another: no single linear function ranks both.
    assert!(disjuncts.len() >= 2 && disjuncts.len() == rankings.len(), "{c}");
    let rankings: Vec<&str> = rankings.iter().map(|r| r.as_str().unwrap()).collect();
    // (`x - a` over ints could overflow in C: it is written over `long long`.)
    assert!(
        rankings.contains(&"(long long)x - (long long)a") && rankings.contains(&"(long long)y - (long long)b"),
        "{c}"
    );
    assert!(
        disjuncts.iter().all(|d| d.as_str().unwrap().contains("\\at(")),
        "earlier values are written \\at(x, AnyPrev): {c}"
    );
}

#[test]
fn fig2_inner_loops_are_locally_terminating_inside_a_loop_that_is_not() {
    let (path, source) = paper_example("popl07-fig2-nested.c");
    let v = terminate(&[&path]);
    let verdict = check_answer(&v, &source);
    assert_ne!(verdict, "TRUE", "the outer loop may run forever: {v}");
    let loops = loop_verdicts(&v);
    assert_eq!(loops[1], (8, "TRUE".into(), "variance-analysis".into()), "{v}");
    assert_eq!(loops[2].1, "TRUE", "{v}");
}

#[test]
fn the_sign_domain_example_terminates_after_one_iteration() {
    // x = x*x + k with k > 0: after one iteration x is positive (the square is non-negative).
    let (path, source) = paper_example("popl07-sign-domain.c");
    let v = terminate(&[&path]);
    assert_eq!(check_answer(&v, &source), "TRUE", "{v}");
    assert_eq!(loop_verdicts(&v)[0].2, "variance-analysis", "{v}");
}

#[test]
fn an_unsigned_counter_that_wraps_to_zero_terminates() {
    // TACAS'11 §4, Observation 3: `i = i + 1` on an unsigned `i` wraps to 0. The disjunctive
    // domain splits the conversion by window, so the variance assertion keeps "i grew" apart from
    // "i wrapped to 0", and both are well-founded.
    let (path, source) = paper_example("loopfrog-tacas11-unsigned-wrap.c");
    let v = terminate(&[&path]);
    assert_eq!(check_answer(&v, &source), "TRUE", "{v}");
    assert_eq!(loop_verdicts(&v)[0].2, "variance-analysis", "{v}");
}

/// Every FALSE of the verdict programs (`//! terminate: FALSE`) gives a replay command that
/// really replays the lasso: run as printed, the interpreter runs until its step limit, at a
/// line of the loop's function, never ending the program; and leaving out the loop's choices
/// where there are some is not the same run.
#[test]
fn the_replay_command_of_a_lasso_runs_forever() {
    let mut programs = corpus::c_programs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts"));
    programs.retain(|p| std::fs::read_to_string(p).unwrap().lines().any(|l| l.starts_with("//! terminate: FALSE")));
    assert!(programs.len() >= 5);
    let mut replayed = 0;
    let mut with_choices = 0;
    for p in &programs {
        let v = terminate(&[p.to_str().unwrap()]);
        let Some(w) = v["loops"].as_array().unwrap().iter().find_map(|l| l["witness"].as_object()) else {
            continue;
        };
        let command = w["replay"].as_str().expect("a lasso has a replay command");
        let words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words[..2], ["leapfrog", "exec"], "{command}");
        let out = leapfrog(&words[1..]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with("stopped: step limit at "), "{}: {command} gave {text}", p.display());
        replayed += 1;
        if !w["choices"].as_array().unwrap().is_empty() {
            with_choices += 1;
        }
    }
    assert!(replayed >= 5, "only {replayed} lassos replayed");
    eprintln!("{replayed} lassos replayed, {with_choices} with choices inside the loop");
}

#[test]
fn a_choice_is_what_a_read_gives_once_the_stream_is_used_up() {
    let dir = temp_dir("choice");
    let p = write(
        &dir,
        "choice.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  while (x > 0) {\n    int d = __VERIFIER_nondet_int();\n    if (d == 5) x = x + 1; else x = x - 1;\n  }\n  return x;\n}\n",
    );
    let run = |extra: &[&str]| {
        let mut args = vec!["exec", "--nondet=1", "--max-steps", "5000"];
        args.extend_from_slice(extra);
        args.push(&p);
        String::from_utf8_lossy(&leapfrog(&args).stdout).into_owned()
    };
    assert!(run(&[]).starts_with("exited with code 0"));
    assert!(run(&["--choice=5:13=5"]).starts_with("stopped: step limit at "), "{}", run(&["--choice=5:13=5"]));
    let out = leapfrog(&["exec", "--choice=9:1=5", &p]);
    assert_eq!(out.status.code(), Some(2), "a position without a statement is a usage error");
}
