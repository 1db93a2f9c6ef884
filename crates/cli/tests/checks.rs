//! The automatic checks of `verify --property memsafety|no-overflow` on small C programs that
//! state their expected answers (`tests/checks/*.c`), through the binary. Each annotation line:
//!
//! ```text
//! //! verify --property memsafety: TRUE                the answer as SV-COMP writes it
//! //! verify --property memsafety: FALSE(valid-free) @10   ... and the line of the violation
//! //! verify --property memsafety: not TRUE            any answer but this one
//! //! checks: 3                                        how many checks the program gets
//! ```
//!
//! A TRUE must have every check proven; a FALSE must name a violated check whose kind it gives,
//! and its inputs must make `exec` go wrong the same way on the original program (undefined
//! behaviour at the violation, or for `valid-memtrack` a run that ends; for `unreach-call` a
//! failing assertion). The totals must add up.

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::leapfrog;

struct Expectation {
    args: Vec<String>,
    result: Option<String>,
    not_result: Option<String>,
    line: Option<u64>,
}

fn expectations(text: &str) -> (Vec<Expectation>, Option<u64>) {
    let mut out = Vec::new();
    let mut checks = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("//! checks:") {
            checks = Some(n.trim().parse().expect("a number of checks"));
            continue;
        }
        let Some(rest) = line.strip_prefix("//! verify") else { continue };
        let (args, spec) = rest.split_once(':').expect("`//! verify ARGS: ANSWER`");
        let words: Vec<&str> = spec.split_whitespace().collect();
        let mut e = Expectation {
            args: args.split_whitespace().map(str::to_string).collect(),
            result: None,
            not_result: None,
            line: None,
        };
        match words.as_slice() {
            ["not", answer] => e.not_result = Some(answer.to_string()),
            [answer, rest @ ..] => {
                e.result = Some(answer.to_string());
                for w in rest {
                    e.line = Some(w.strip_prefix('@').expect("@LINE").parse().expect("a line number"));
                }
            }
            [] => panic!("an empty annotation: {line}"),
        }
        out.push(e);
    }
    (out, checks)
}

fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/checks");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/checks")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
}

/// Why the answer `v` does not meet `e` (empty when it does).
fn wrong(e: &Expectation, checks: Option<u64>, file: &str, v: &Value) -> Vec<String> {
    let mut wrong = Vec::new();
    let result = v["result"].as_str().unwrap_or("");
    if let Some(r) = &e.result
        && result != r
    {
        wrong.push(format!("{result} instead of {r}"));
    }
    if e.not_result.as_deref() == Some(result) {
        wrong.push(format!("answered {result}"));
    }
    let totals = &v["checks"]["totals"];
    let list = v["checks"]["list"].as_array().cloned().unwrap_or_default();
    let count = |s: &str| list.iter().filter(|c| c["status"] == s).count() as u64;
    if totals["checks"].as_u64() != Some(list.len() as u64)
        || totals["proven"].as_u64() != Some(count("proven"))
        || totals["violated"].as_u64() != Some(count("violated"))
        || totals["unknown"].as_u64() != Some(count("unknown"))
    {
        wrong.push(format!("totals {totals} do not match the list"));
    }
    if let Some(n) = checks
        && totals["checks"].as_u64() != Some(n)
    {
        wrong.push(format!("{} checks instead of {n}", totals["checks"]));
    }
    if result == "TRUE" && count("proven") != list.len() as u64 {
        wrong.push("TRUE with checks not proven".into());
    }
    if let Some(kind) = result.strip_prefix("FALSE(").and_then(|r| r.strip_suffix(')')) {
        if kind != "unreach-call" && !list.iter().any(|c| c["status"] == "violated" && c["kind"] == kind) {
            wrong.push(format!("no violated {kind} check"));
        }
        let cex = &v["counterexample"];
        let line = cex["violation"]["line"].as_u64();
        if let Some(n) = e.line
            && line != Some(n)
        {
            wrong.push(format!("violation at line {line:?} instead of {n}"));
        }
        let inputs: Vec<&str> = cex["nondet"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
        let out = leapfrog(&["exec", "--format", "json", "--uninit", "nondet", "--nondet", &inputs.join(","), file]);
        let replay: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        let expected = match kind {
            "unreach-call" => "error",
            "valid-memtrack" => "exit",
            _ => "ub",
        };
        if replay["outcome"] != expected || (expected != "exit" && replay["line"].as_u64() != line) {
            wrong.push(format!("the counterexample does not replay to the violation: {replay}"));
        }
    }
    wrong
}

#[test]
fn checks_answer_as_their_programs_say() {
    let mut failures = Vec::new();
    let mut seen = 0;
    for path in programs() {
        let file = path.to_str().unwrap();
        let (expected, checks) = expectations(&std::fs::read_to_string(&path).unwrap());
        assert!(!expected.is_empty(), "{file} states no expected answer");
        for e in &expected {
            seen += 1;
            let mut args: Vec<&str> = vec!["verify"];
            args.extend(e.args.iter().map(String::as_str));
            args.extend(["--format", "json", "--timeout", "20", file]);
            let out = leapfrog(&args);
            assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
            for w in wrong(e, checks, file, &v) {
                failures.push(format!("{} [{}]: {w}", path.file_name().unwrap().to_string_lossy(), e.args.join(" ")));
            }
        }
    }
    assert!(seen >= 10, "only {seen} annotations");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_task_file_selects_memsafety() {
    let dir = process::temp_dir("checks-task");
    let program = process::write(
        &dir,
        "leak.c",
        "void *malloc(unsigned long);\nint main(void) {\n  int *p = malloc(4);\n  *p = 1;\n  return 0;\n}\n",
    );
    let task = process::write(
        &dir,
        "leak.yml",
        "format_version: '2.0'\ninput_files: 'leak.c'\nproperties:\n  - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: false\n    subproperty: valid-memtrack\n",
    );
    let _ = program;
    let out = leapfrog(&["verify", "--format", "json", &task]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(v["result"], "FALSE(valid-memtrack)", "{v}");
    assert_eq!(v["property"], "valid-memsafety");
}

#[test]
fn an_unknown_property_is_a_usage_error() {
    let dir = process::temp_dir("checks-usage");
    let program = process::write(&dir, "p.c", "int main(void) { return 0; }\n");
    let out = leapfrog(&["verify", "--property", "termination", &program]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--property termination"));
}

/// After a block is freed or reallocated where the ghosts cannot follow it, no access through a
/// heap pointer counts as proven (`ir::checks`' poisoning; not in `tests/checks/`, whose
/// programs must be instrumented exactly). (A check after it may still be proven on the
/// executions that pass the checks before it, as every `proven` is.)
#[test]
fn a_reallocated_block_is_never_proven() {
    let dir = process::temp_dir("checks-realloc");
    let program = process::write(
        &dir,
        "r.c",
        "void *malloc(unsigned long);\nvoid free(void *);\nvoid *realloc(void *, unsigned long);\n\
         int main(void) {\n  char *p = malloc(4);\n  char *q = realloc(p, 8);\n  p[0] = 1;\n  free(q);\n  return 0;\n}\n",
    );
    let out = leapfrog(&["verify", "--property", "memsafety", "--format", "json", "--timeout", "20", &program]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_ne!(v["result"], "TRUE", "{v}");
    for c in v["checks"]["list"].as_array().unwrap() {
        if c["line"] == 7 {
            assert_ne!(c["status"], "proven", "{c}");
        }
    }
}
