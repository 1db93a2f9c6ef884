//! `leapfrog bound`: every loop's bound on its body starts, re-checked by the independent
//! checker, and the most body starts over every execution where it is known; the program's
//! bound and complexity (`--format termcomp`: termCOMP's first line).

use super::{EXIT_OK, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_verify::Options;

/// How the bounds are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoundFormat {
    Text,
    Json,
    /// `WORST_CASE(?, O(n^k))` alone.
    TermComp,
    /// SARIF 2.1.0.
    Sarif,
}

pub fn run(input: &Input, format: BoundFormat, options: &Options) -> u8 {
    let report_format = if format == BoundFormat::Text { Format::Text } else { Format::Json };
    let (program, options) = match load_for_report(input, report_format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let report = leapfrog_bound::bounds(&program, &options);
    match format {
        BoundFormat::Json => {
            let json = leapfrog_report::bounds::to_json(&program.files, &report);
            println!("{}", super::job_json("bound", json, &program.files, &program.diagnostics));
        }
        BoundFormat::Text => print!("{}", leapfrog_report::bounds::to_text(&program.files, &report)),
        BoundFormat::TermComp => println!("{}", leapfrog_report::bounds::to_termcomp(&report)),
        BoundFormat::Sarif => {
            let mut doc = leapfrog_report::sarif::bound(&program.files, &report);
            let carried = doc["runs"][0]["properties"]["leapfrog"].take();
            doc["runs"][0]["properties"]["leapfrog"] =
                super::job_json("bound", carried, &program.files, &program.diagnostics);
            println!("{doc}")
        }
    }
    EXIT_OK
}
