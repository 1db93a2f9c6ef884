//! Leapfrog's own C test programs (`crates/cli/tests/c/`): each states the runs it expects,
//!
//! ```c
//! //! run: 3,4 => exit 7
//! //! run: 0 => error
//! //! run: => ub
//! ```
//!
//! (the values of the nondeterministic stream, then the interpreter's outcome and, for `exit`,
//! the exit code). Every run must give the stated outcome, and where the outcome is comparable
//! (not `ub`, `limit` or `unsupported`) the gcc-compiled program must agree. A folder under
//! `tests/c/` is one program made of all its `.c` files (the annotations go in any of them).

use super::interpret;
use super::native::{self, NativeOutcome};
use std::path::{Path, PathBuf};
use std::time::Duration;

struct Expectation {
    stream: String,
    outcome: String,
    code: Option<i64>,
    line: usize,
}

fn programs() -> Vec<Vec<PathBuf>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(&dir).expect("tests/c").filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    let mut out = Vec::new();
    for e in entries {
        if e.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(&e)
                .unwrap()
                .filter_map(|x| x.ok().map(|x| x.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect();
            files.sort();
            out.push(files);
        } else if e.extension().is_some_and(|x| x == "c" || x == "i") {
            out.push(vec![e]);
        }
    }
    out
}

fn expectations(files: &[PathBuf]) -> Vec<Expectation> {
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(rest) = line.trim().strip_prefix("//! run:") else { continue };
            let (stream, expected) =
                rest.split_once("=>").unwrap_or_else(|| panic!("{}:{}: `=>` missing", f.display(), i + 1));
            let mut words = expected.split_whitespace();
            let outcome = words.next().unwrap_or_else(|| panic!("{}:{}: outcome missing", f.display(), i + 1));
            let code =
                words.next().map(|c| c.parse().unwrap_or_else(|_| panic!("{}:{}: bad code", f.display(), i + 1)));
            out.push(Expectation {
                stream: stream.trim().replace(' ', ""),
                outcome: outcome.to_string(),
                code,
                line: i + 1,
            });
        }
    }
    out
}

#[test]
fn annotated_programs_behave_as_stated_and_as_gcc() {
    let scratch = std::env::temp_dir().join(format!("leapfrog-annotated-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut failures = Vec::new();
    let mut runs = 0;
    let programs = programs();
    assert!(programs.len() >= 30, "expected the annotated test programs in tests/c");
    for files in &programs {
        let name = files[0].display().to_string();
        let exps = expectations(files);
        assert!(!exps.is_empty(), "{name}: no `//! run:` annotation");
        let program = leapfrog_c_frontend::load_program(files, &Default::default())
            .unwrap_or_else(|e| panic!("{name}: front end rejects it: {e}"));
        let exe = native::build(files, &program, &scratch).map_err(|e| format!("{name}: gcc: {e}"));
        for exp in exps {
            runs += 1;
            let got = interpret(files, &exp.stream);
            let kind = got["outcome"].as_str().unwrap_or("?");
            let code = got["code"].as_i64();
            if kind != exp.outcome || (exp.code.is_some() && code != exp.code) {
                failures.push(format!(
                    "{name}:{}: expected {} {:?}, interpreter says {got}",
                    exp.line, exp.outcome, exp.code
                ));
                continue;
            }
            if matches!(kind, "ub" | "limit" | "unsupported") {
                continue;
            }
            let exe = match &exe {
                Ok(e) => e,
                Err(e) => {
                    failures.push(e.clone());
                    continue;
                }
            };
            let native = native::run(exe, &exp.stream, Duration::from_secs(10));
            let agree = match (kind, &native) {
                ("exit", NativeOutcome::Exit(c)) => code.is_some_and(|v| v.rem_euclid(256) == i64::from(*c)),
                ("error", NativeOutcome::Error)
                | ("blocked", NativeOutcome::Blocked)
                | ("abort", NativeOutcome::Abort) => true,
                _ => false,
            };
            if !agree {
                failures.push(format!("{name}:{}: interpreter {got} but gcc {native:?}", exp.line));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!("annotated programs: {} programs, {runs} runs", programs.len());
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}
