//! Every development benchmark program (`../shared/benchmarks`, or `$LEAPFROG_BENCHMARKS`) is
//! read, lowered to IR that passes the verifier (checked inside `load_program`), and survives the
//! IR's textual form: parse(print(p)) == p.

use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::{DataModel, parse::parse_program, print::program_to_string};
use std::path::{Path, PathBuf};

fn benchmark_files() -> Vec<PathBuf> {
    let dir = match std::env::var_os("LEAPFROG_BENCHMARKS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    };
    assert!(dir.is_dir(), "benchmarks not found at {} (set LEAPFROG_BENCHMARKS)", dir.display());
    let mut out = Vec::new();
    let mut stack = vec![dir];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "c" || x == "i") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_benchmark_lowers_to_verified_ir_that_round_trips() {
    let files = benchmark_files();
    assert!(files.len() > 400, "only {} benchmark files", files.len());
    let mut failures = Vec::new();
    for (i, file) in files.iter().enumerate() {
        // Alternate data models, so both layouts are exercised.
        let data_model = if i % 2 == 0 { DataModel::LP64 } else { DataModel::ILP32 };
        let opts = FrontendOptions { data_model, entry: None, ..Default::default() };
        match load_program(std::slice::from_ref(file), &opts) {
            Ok(p) => {
                let text = program_to_string(&p);
                match parse_program(&text) {
                    Ok(back) if back == p => {}
                    Ok(_) => failures.push(format!("{}: textual form does not round-trip", file.display())),
                    Err(e) => failures.push(format!("{}: textual form does not parse: {e}", file.display())),
                }
            }
            Err(e) => failures.push(format!("{}: {e}", file.display())),
        }
    }
    assert!(failures.is_empty(), "{} of {} files fail:\n{}", failures.len(), files.len(), failures.join("\n"));
}
