//! `leapfrog exec`: run the program on given nondeterministic values with the interpreter.

use super::{EXIT_OK, EXIT_USAGE, Input, load, print_diagnostics};
use leapfrog_interp::{ExecConfig, UninitMode};
use leapfrog_report::Format;
use std::collections::HashMap;

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

/// `--choice [FILE:]LINE:COL=VALUE`: once the `--nondet` values are used up, a nondeterministic
/// read at that position gives VALUE (every time), so that a non-terminating execution (a
/// stem, then the same choices on every iteration) replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub file: Option<String>,
    pub line: u32,
    pub column: u32,
    pub value: i128,
}

/// Parses `[FILE:]LINE:COL=VALUE`.
pub fn parse_choice(text: &str) -> Result<Choice, String> {
    let bad = || format!("--choice takes [FILE:]LINE:COL=VALUE, not `{text}`");
    let (place, value) = text.rsplit_once('=').ok_or_else(bad)?;
    let value = value.trim().parse::<i128>().map_err(|_| bad())?;
    let (rest, column) = place.rsplit_once(':').ok_or_else(bad)?;
    let column = column.parse::<u32>().map_err(|_| bad())?;
    let (file, line) = match rest.rsplit_once(':') {
        Some((file, line)) => (Some(file.to_string()), line),
        None => (None, rest),
    };
    let line = line.parse::<u32>().map_err(|_| bad())?;
    Ok(Choice { file, line, column, value })
}

/// The edges each choice names: those written at its position (of its file, or any file).
fn choice_edges(
    program: &leapfrog_ir::Program,
    choices: &[Choice],
) -> Result<HashMap<(leapfrog_ir::FuncId, leapfrog_ir::EdgeId), i128>, String> {
    let mut out = HashMap::new();
    for c in choices {
        let mut found = false;
        for (fid, f) in program.user_funcs() {
            for (eid, e) in f.edges.iter() {
                let same_file = c.file.as_deref().is_none_or(|file| program.files.path(e.span.file).ends_with(file));
                if e.span.is_known() && e.span.line == c.line && e.span.col == c.column && same_file {
                    out.insert((fid, eid), c.value);
                    found = true;
                }
            }
        }
        if !found {
            return Err(format!("--choice: no statement of the program is at {}:{}", c.line, c.column));
        }
    }
    Ok(out)
}

pub fn run(input: &Input, config: &ExecConfig, choices: &[Choice], format: Format) -> u8 {
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
    let result = if choices.is_empty() {
        leapfrog_interp::run(&program, config)
    } else {
        let at = match choice_edges(&program, choices) {
            Ok(at) => at,
            Err(message) => {
                eprintln!("leapfrog: error: {message}");
                return EXIT_USAGE;
            }
        };
        let mut oracle = leapfrog_interp::StreamThenChoices::new(&config.nondet, &at);
        leapfrog_interp::run_with(&program, config, &mut oracle)
    };
    match format {
        Format::Json => {
            let json = leapfrog_report::exec::to_json(&program.files, &result);
            println!("{}", super::job_json("exec", json, &program.files, &program.diagnostics));
        }
        Format::Text => print!("{}", leapfrog_report::exec::to_text(&program.files, &result)),
    }
    EXIT_OK
}
