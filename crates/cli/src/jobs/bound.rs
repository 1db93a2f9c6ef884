//! `leapfrog bound`: every loop's bound on its body starts, re-checked by the independent
//! checker, and the most body starts over every execution where it is known; the program's
//! bound and complexity (`--format termcomp`: termCOMP's first line).

use super::{EXIT_OK, Input, load_for_report, overran_reason};
use leapfrog_report::Format;
use leapfrog_results::bounds::{BoundsReport, ProgramBound};
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
    let print = |report: &BoundsReport| print_report(format, &program, report);
    // As the verdict jobs: an analysis still running a grace period past the time limit (a step
    // that does not notice the deadline) is given up, with no bound claimed.
    let report = super::verdict::within_hard_limit(
        options.timeout,
        input.verbose,
        || leapfrog_bound::bounds(&program, &options),
        || {
            let why = overran_reason(options.timeout);
            print(&BoundsReport {
                semantics: options.semantics,
                loops: Vec::new(),
                program: program.entry.map(|e| ProgramBound {
                    function: program.funcs[e].name.clone(),
                    bound: None,
                    complexity: "unknown".to_string(),
                    reason: Some(why.clone()),
                }),
                notes: vec![format!("no loop has a bound: {why}")],
                elapsed: options.timeout,
            });
            EXIT_OK
        },
    );
    print(&report);
    EXIT_OK
}

/// Prints `report` in `format`.
fn print_report(format: BoundFormat, program: &leapfrog_ir::Program, report: &BoundsReport) {
    match format {
        BoundFormat::Json => {
            let json = leapfrog_report::bounds::to_json(&program.files, report);
            println!("{}", super::job_json("bound", json, &program.files, &program.diagnostics));
        }
        BoundFormat::Text => print!("{}", leapfrog_report::bounds::to_text(&program.files, report)),
        BoundFormat::TermComp => println!("{}", leapfrog_report::bounds::to_termcomp(report)),
        BoundFormat::Sarif => {
            let mut doc = leapfrog_report::sarif::bound(&program.files, report);
            let carried = doc["runs"][0]["properties"]["leapfrog"].take();
            doc["runs"][0]["properties"]["leapfrog"] =
                super::job_json("bound", carried, &program.files, &program.diagnostics);
            println!("{doc}")
        }
    }
}
