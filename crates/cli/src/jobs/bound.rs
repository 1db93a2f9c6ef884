//! `leapfrog bound`: every loop's bound on its body starts, re-checked by the independent
//! checker, and the most body starts over every execution where it is known.

use super::{EXIT_OK, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_verify::Options;

pub fn run(input: &Input, format: Format, options: &Options) -> u8 {
    let (program, options) = match load_for_report(input, format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let report = leapfrog_bound::bounds(&program, &options);
    match format {
        Format::Json => println!("{}", leapfrog_report::bounds::to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::bounds::to_text(&program.files, &report)),
    }
    EXIT_OK
}
