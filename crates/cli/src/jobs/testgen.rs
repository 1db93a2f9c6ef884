//! `leapfrog testgen`: inputs that reach the program's error, a line, or every branch outcome,
//! each replayed (by the interpreter, or natively for a long run to an error); as text, JSON or
//! a Test-Comp test suite.

use super::{EXIT_OK, EXIT_USAGE, Input, load_for_report};
use leapfrog_report::Format;
use leapfrog_report::testgen::{TestCompMetadata, testcomp_metadata, testcomp_testcase};
use leapfrog_testgen::Goal;
use leapfrog_verify::Options;
use sha2::{Digest, Sha256};
use std::path::Path;

/// How the tests are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TestFormat {
    Text,
    Json,
    /// Test-Comp's test-format 1.1 files in the output folder, and the text report.
    TestComp,
}

pub fn run(input: &Input, goal: &Goal, format: TestFormat, output: &Path, options: &Options) -> u8 {
    let report_format = if format == TestFormat::Json { Format::Json } else { Format::Text };
    let (program, options) = match load_for_report(input, report_format, options) {
        Ok(loaded) => loaded,
        Err(code) => return code,
    };
    let native = leapfrog_testgen::native::NativeSources::new(
        input.files.clone(),
        input.options.data_model == leapfrog_ir::DataModel::ILP32,
    );
    let report = leapfrog_testgen::testgen(&program, goal, &options, Some(&native));
    if format == TestFormat::TestComp {
        if let Err(e) = write_suite(input, &program, goal, &report, output) {
            eprintln!("leapfrog: error: cannot write the test suite to {}: {e}", output.display());
            return EXIT_USAGE;
        }
        println!("test suite: {} tests in {}", report.tests.len(), output.display());
        if report.tests.iter().any(|t| !t.only_nondet_calls) {
            println!(
                "note: some tests also give values to uninitialized reads, extern calls or volatile reads, \
                 which a Test-Comp harness does not supply"
            );
        }
    }
    match format {
        TestFormat::Json => {
            let json = leapfrog_report::testgen::to_json(&program.files, &report);
            println!("{}", super::job_json("testgen", json, &program.files, &program.diagnostics));
        }
        TestFormat::Text | TestFormat::TestComp => {
            print!("{}", leapfrog_report::testgen::to_text(&program.files, &report))
        }
    }
    EXIT_OK
}

/// The test suite's files: `metadata.xml` and `testcase-N.xml`, N from 1.
fn write_suite(
    input: &Input,
    program: &leapfrog_ir::Program,
    goal: &Goal,
    report: &leapfrog_results::tests::TestgenReport,
    output: &Path,
) -> std::io::Result<()> {
    std::fs::create_dir_all(output)?;
    let first = input.files.first().map(|f| f.as_path()).unwrap_or(Path::new(""));
    let hash = format!("{:x}", Sha256::digest(std::fs::read(first)?));
    let entry = program.entry.map(|f| program.funcs[f].name.clone()).unwrap_or_else(|| "main".into());
    let specification = match goal {
        Goal::Error => format!("COVER( init({entry}()), FQL(COVER EDGES(@CALL(reach_error))) )"),
        Goal::Branches => format!("COVER( init({entry}()), FQL(COVER EDGES(@DECISIONEDGE)) )"),
        Goal::Line { line, .. } => format!("COVER( init({entry}()), FQL(COVER EDGES(@LINE({line}))) )"),
    };
    let architecture = match input.options.data_model {
        leapfrog_ir::DataModel::ILP32 => "32bit",
        leapfrog_ir::DataModel::LP64 => "64bit",
    };
    let creation_time = humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string();
    let producer = format!("Leapfrog {}", env!("CARGO_PKG_VERSION"));
    let metadata = TestCompMetadata {
        specification: &specification,
        program_file: &first.display().to_string(),
        program_hash: &hash,
        entry_function: &entry,
        architecture,
        creation_time: &creation_time,
        producer: &producer,
    };
    std::fs::write(output.join("metadata.xml"), testcomp_metadata(&metadata))?;
    for (i, test) in report.tests.iter().enumerate() {
        std::fs::write(output.join(format!("testcase-{}.xml", i + 1)), testcomp_testcase(test))?;
    }
    Ok(())
}
