//! `leapfrog terminate`: the `termination` verdict (TRUE with a re-checked termination argument
//! per loop, FALSE with a lasso whose stem the interpreter replayed, or UNKNOWN with the reason).

use super::{EXIT_OK, Input, load, print_diagnostics};
use crate::task::PropertyKind;
use leapfrog_report::Format;
use leapfrog_terminate::{Options, Report, terminate};

pub fn run(input: &Input, format: Format, options: &Options) -> u8 {
    let program = match load(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if format == Format::Text {
        print_diagnostics(&program);
    }
    let report = match &input.task {
        Some(t) if !t.has_property(&PropertyKind::Termination) => Report::unknown(
            options.semantics,
            format!("the task {} does not state the termination property", t.path.display()),
        ),
        _ => terminate(&program, options),
    };
    match format {
        Format::Json => println!("{}", leapfrog_report::terminate::to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::terminate::to_text(&program.files, &report)),
    }
    EXIT_OK
}
