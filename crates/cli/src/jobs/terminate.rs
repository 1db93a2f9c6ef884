//! `leapfrog terminate`: the `termination` verdict (TRUE with a re-checked termination argument
//! per loop, FALSE with a lasso whose stem the interpreter replayed, or UNKNOWN with the reason).

use super::{EXIT_OK, Input, NotLoaded, load_within, print_diagnostics, timed_out_reason};
use crate::task::PropertyKind;
use leapfrog_report::Format;
use leapfrog_terminate::{Options, Report, terminate};

pub fn run(input: &Input, format: Format, options: &Options) -> u8 {
    let (program, time_left) = match load_within(input, options.timeout) {
        Ok(loaded) => loaded,
        Err(NotLoaded::Exit(code)) => return code,
        Err(NotLoaded::TimedOut) => {
            let report = Report::unknown(options.semantics, timed_out_reason(options.timeout));
            let files = leapfrog_source::SourceFiles::new();
            match format {
                Format::Json => println!("{}", leapfrog_report::terminate::to_json(&files, &report)),
                Format::Text => print!("{}", leapfrog_report::terminate::to_text(&files, &report)),
            }
            return EXIT_OK;
        }
    };
    let options = &Options { timeout: time_left, ..options.clone() };
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
