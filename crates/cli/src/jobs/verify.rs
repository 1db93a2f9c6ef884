//! `leapfrog verify`: the `unreach-call` verdict (TRUE with a re-checked certificate, FALSE with
//! an execution the interpreter replayed, or UNKNOWN with the reason).

use super::{EXIT_OK, Input, load, print_diagnostics};
use crate::task::PropertyKind;
use leapfrog_report::Format;
use leapfrog_verify::{Options, Report, verify};

pub fn run(input: &Input, format: Format, options: &Options) -> u8 {
    let program = match load(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if format == Format::Text {
        print_diagnostics(&program);
    }
    let report = match &input.task {
        Some(t) if !t.has_property(&PropertyKind::UnreachCall) => Report::unknown(
            options.semantics,
            format!("the task {} does not state the unreach-call property", t.path.display()),
        ),
        _ => verify(&program, options),
    };
    match format {
        Format::Json => println!("{}", leapfrog_report::verify::to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::verify::to_text(&program.files, &report)),
    }
    EXIT_OK
}
