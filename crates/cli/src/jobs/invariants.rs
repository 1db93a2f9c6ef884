//! `leapfrog invariants`: every loop header's invariant from the invariance analysis.

use super::{EXIT_OK, EXIT_USAGE, Input, NotLoaded, load_within, print_diagnostics, timed_out_reason};
use leapfrog_report::Format;
use leapfrog_verify::Options;
use leapfrog_verify::invariants::{DomainChoice, invariants};

pub fn run(input: &Input, format: Format, options: &Options, choice: DomainChoice) -> u8 {
    let (program, time_left) = match load_within(input, options.timeout) {
        Ok(loaded) => loaded,
        Err(NotLoaded::Exit(code)) => return code,
        Err(NotLoaded::TimedOut) => {
            eprintln!("leapfrog: error: {}", timed_out_reason(options.timeout));
            return EXIT_USAGE;
        }
    };
    let options = &Options { timeout: time_left, ..options.clone() };
    if format == Format::Text {
        print_diagnostics(&program);
    }
    let report = invariants(&program, options, choice);
    match format {
        Format::Json => println!("{}", leapfrog_report::invariants::to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::invariants::to_text(&program.files, &report)),
    }
    EXIT_OK
}
