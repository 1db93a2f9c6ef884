//! `leapfrog summarize`: every loop's summary (modified variables, invariant, exit conditions).

use super::{EXIT_OK, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_verify::{Options, summarize};

pub fn run(input: &Input, format: Format, options: &Options) -> u8 {
    let (program, options) = match load_for_report(input, format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let report = summarize(&program, &options);
    match format {
        Format::Json => println!("{}", leapfrog_report::verify::summaries_to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::verify::summaries_to_text(&program.files, &report)),
    }
    EXIT_OK
}
