//! `leapfrog exec`: run the program on given nondeterministic values with the interpreter.

use super::{EXIT_OK, EXIT_USAGE, Input, load, print_diagnostics};
use leapfrog_interp::{ExecConfig, UninitMode};
use leapfrog_report::Format;

/// The interpreter's configuration from the command line's values.
pub fn config(nondet: &[String], uninit_nondet: bool, max_steps: u64) -> Result<ExecConfig, String> {
    let mut values = Vec::new();
    for v in nondet {
        let v = v.trim();
        if v.is_empty() {
            continue;
        }
        values.push(v.parse::<i128>().map_err(|_| format!("--nondet: `{v}` is not a decimal integer"))?);
    }
    Ok(ExecConfig {
        nondet: values,
        uninit: if uninit_nondet { UninitMode::Nondet } else { UninitMode::Zero },
        max_steps,
        ..ExecConfig::default()
    })
}

pub fn run(input: &Input, config: &ExecConfig, format: Format) -> u8 {
    let program = match load(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    print_diagnostics(input, &program);
    if program.entry.is_none() {
        // (A named `--entry` that is not defined was refused by `load`.)
        eprintln!(
            "leapfrog: error: no entry function: `main` is not defined, and no single function is uncalled (use --entry NAME)"
        );
        return EXIT_USAGE;
    }
    let result = leapfrog_interp::run(&program, config);
    match format {
        Format::Json => {
            let json = leapfrog_report::exec::to_json(&program.files, &result);
            println!("{}", super::job_json("exec", json, &program.files, &program.diagnostics));
        }
        Format::Text => print!("{}", leapfrog_report::exec::to_text(&program.files, &result)),
    }
    EXIT_OK
}
