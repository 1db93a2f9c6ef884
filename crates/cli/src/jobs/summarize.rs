//! `leapfrog summarize`: every loop's summary — Loopfrog's (modified variables, invariant,
//! exit conditions), Proteus' disjunctive summary, or per loop the one that exists (`--method`).

use super::{EXIT_OK, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_verify::{Options, summarize};
use std::time::Instant;

/// Which summaries `summarize` prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Loopfrog's template summaries.
    Templates,
    /// Proteus' disjunctive summaries.
    Pda,
    /// Per loop: Proteus' when it has one, else the templates'.
    Auto,
}

pub fn run(input: &Input, format: Format, options: &Options, method: Method) -> u8 {
    let (program, options) = match load_for_report(input, format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let start = Instant::now();
    // With Proteus' summaries to compute too, the templates get half the time limit.
    let template_options = match method {
        Method::Templates => options.clone(),
        _ => Options { timeout: options.timeout / 2, ..options.clone() },
    };
    let mut report = summarize(&program, &template_options);
    if method != Method::Templates {
        // What the templates left of the time limit (each loop at most 2 s).
        let deadline = start + options.timeout;
        let pda = leapfrog_proteus::job::summarize_program(&program, options.semantics, deadline);
        for l in &mut report.loops {
            let found = pda.iter().find(|(span, _)| *span == l.span).map(|(_, s)| s.clone());
            let found = found.unwrap_or_else(|| Err("the loop was not analysed by Proteus".into()));
            l.method = match (&found, method) {
                (Ok(_), _) => "pda",
                (Err(_), Method::Auto) => "templates",
                (Err(_), _) => "none",
            };
            l.pda = Some(found);
        }
        report.elapsed = start.elapsed();
    }
    match format {
        Format::Json => println!("{}", leapfrog_report::verify::summaries_to_json(&program.files, &report)),
        Format::Text => print!("{}", leapfrog_report::verify::summaries_to_text(&program.files, &report)),
    }
    EXIT_OK
}
