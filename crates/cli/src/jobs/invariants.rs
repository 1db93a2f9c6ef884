//! `leapfrog invariants`: every loop header's invariant from the invariance analysis.

use super::{EXIT_OK, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_verify::Options;
use leapfrog_verify::invariants::{DomainChoice, invariants};

pub fn run(input: &Input, format: Format, options: &Options, choice: DomainChoice) -> u8 {
    let (program, options) = match load_for_report(input, format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let report = invariants(&program, &options, choice);
    match format {
        Format::Json => {
            let json = leapfrog_report::invariants::to_json(&program.files, &report);
            println!("{}", super::job_json("invariants", json, &program.files, &program.diagnostics));
        }
        Format::Text => print!("{}", leapfrog_report::invariants::to_text(&program.files, &report)),
    }
    EXIT_OK
}
