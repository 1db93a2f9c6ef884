//! `leapfrog ir`: the program's intermediate representation, checked by the IR verifier.

use super::{EXIT_INTERNAL, EXIT_OK, Input, load, print_diagnostics};

pub fn run(input: &Input) -> u8 {
    let program = match load(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    print_diagnostics(input, &program);
    print!("{}", leapfrog_ir::print::program_to_string(&program));
    match leapfrog_ir::verify::verify_program(&program) {
        Ok(()) => EXIT_OK,
        Err(errors) => {
            for e in errors.iter().take(20) {
                eprintln!("leapfrog: internal error: IR verifier: {e}");
            }
            EXIT_INTERNAL
        }
    }
}
