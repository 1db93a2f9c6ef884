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
    // With Proteus' summaries to compute too, the templates get half the time limit (a fifth
    // when only Proteus' summaries are asked for: the templates then only list the loops).
    let template_options = match method {
        Method::Templates => options.clone(),
        Method::Auto => Options { timeout: options.timeout / 2, ..options.clone() },
        Method::Pda => Options { timeout: options.timeout / 5, ..options.clone() },
    };
    let mut report = summarize(&program, &template_options);
    if method != Method::Templates {
        // What the templates left of the time limit (each loop at most 2 s).
        let deadline = start + options.timeout;
        // The loops as the templates see them: in the entry function with every call inlined
        // (a loop calling a function is summarized with the callee's body); the program as it
        // is when it cannot be inlined.
        let inlined = leapfrog_ir::inline_program(&program, &leapfrog_ir::InlineLimits::default());
        let (analysed, only) = match &inlined {
            Ok(q) => (q, q.entry),
            Err(_) => (&program, None),
        };
        let pda = leapfrog_proteus::job::summarize_program(analysed, only, options.semantics, deadline);
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
        Format::Json => {
            let json = leapfrog_report::verify::summaries_to_json(&program.files, &report);
            println!("{}", super::job_json("summarize", json, &program.files, &program.diagnostics));
        }
        Format::Text => print!("{}", leapfrog_report::verify::summaries_to_text(&program.files, &report)),
    }
    EXIT_OK
}
