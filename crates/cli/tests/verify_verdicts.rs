//! `verify`'s answers on development benchmarks match their expected verdicts.
//!
//! The unreach-call tasks of a few suites (those that run quickly) are verified through the
//! library with a short budget; every TRUE and FALSE must agree with the manifest's `expected`
//! (a wrong answer fails the test at once), and enough of them must be answered that a
//! regression in the engine shows. `leapfrog bench --job verify` gives the full table.

#[path = "support/corpus.rs"]
mod corpus;

use corpus::{benchmarks_dir, data_models};
use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_verify::{Options, Verdict, verify};
use std::sync::Mutex;
use std::time::Duration;

const SUITES: &[&str] = &["code2inv", "svcomp-loops", "svcomp-loop-lit"];
const BUDGET: Duration = Duration::from_secs(3);

struct Row {
    id: String,
    file: String,
    expected: bool,
}

#[test]
fn verdicts_agree_with_the_manifest() {
    let dir = benchmarks_dir();
    let models = data_models(&dir);
    let manifest = std::fs::read_to_string(dir.join("manifest.csv")).expect("benchmarks manifest");
    let rows: Vec<Row> = manifest
        .lines()
        .skip(1)
        .filter_map(|line| {
            let c: Vec<&str> = line.split(',').collect();
            let expected = match c.get(4) {
                Some(&"true") => true,
                Some(&"false") => false,
                _ => return None,
            };
            (SUITES.contains(&c[1]) && c[3] == "unreach-call").then(|| Row {
                id: c[0].into(),
                file: c[2].into(),
                expected,
            })
        })
        .collect();
    let answers = Mutex::new(Vec::new());
    corpus::for_each_parallel(&rows, |row| {
        let data_model = models.get(&row.file).copied().unwrap_or_default();
        let opts = FrontendOptions { data_model, entry: None, ..Default::default() };
        let Ok(p) = load_program(&[dir.join(&row.file)], &opts) else { return };
        let r = verify(&p, &Options { semantics: Semantics::Default, timeout: BUDGET });
        answers.lock().unwrap().push((row.id.clone(), row.expected, r.verdict));
    });
    let answers = answers.into_inner().unwrap();
    let wrong: Vec<String> = answers
        .iter()
        .filter(|(_, expected, v)| matches!((expected, v), (true, Verdict::False) | (false, Verdict::True)))
        .map(|(id, expected, v)| format!("WRONG {id}: answered {}, expected {expected}", v.word()))
        .collect();
    let correct = answers
        .iter()
        .filter(|(_, expected, v)| matches!((expected, v), (true, Verdict::True) | (false, Verdict::False)))
        .count();
    eprintln!("verify: {} tasks, {correct} correct, {} wrong", answers.len(), wrong.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(answers.len() >= 80, "too few tasks: {}", answers.len());
    assert!(correct * 100 >= answers.len() * 70, "only {correct} of {} correct", answers.len());
}
