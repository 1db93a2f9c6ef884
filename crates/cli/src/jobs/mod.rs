//! The jobs of the command line: each reads the program, runs an analysis, and hands the result
//! to an emitter of the report crate.

pub mod exec;
pub mod ir;
pub mod loops;

use leapfrog_c_frontend::{FrontendError, FrontendOptions};
use leapfrog_ir::Program;
use std::path::PathBuf;

/// The job ran (whatever it found).
pub const EXIT_OK: u8 = 0;
/// Usage error, or input that cannot be used.
pub const EXIT_USAGE: u8 = 2;
/// A bug in Leapfrog.
pub const EXIT_INTERNAL: u8 = 3;

/// The program a job works on.
pub struct Input {
    pub files: Vec<PathBuf>,
    pub options: FrontendOptions,
}

/// Read the program; on failure, print why and return the exit code.
pub fn load(input: &Input) -> Result<Program, u8> {
    match leapfrog_c_frontend::load_program(&input.files, &input.options) {
        Ok(p) => Ok(p),
        Err(e @ FrontendError::Internal(_)) => {
            eprintln!("leapfrog: {e}");
            eprintln!("This is a bug in Leapfrog; please report it together with the input that caused it.");
            Err(EXIT_INTERNAL)
        }
        Err(e) => {
            eprintln!("{e}");
            Err(EXIT_USAGE)
        }
    }
}

/// Print the program's diagnostics to standard error.
pub fn print_diagnostics(p: &Program) {
    eprint!("{}", leapfrog_report::diagnostics::to_text(&p.files, &p.diagnostics));
}
