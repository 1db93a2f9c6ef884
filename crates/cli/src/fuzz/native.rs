//! A second look at suspects: the suspect run again, compiled by gcc and run natively.
//!
//! A suspect is a run of a program Leapfrog proved terminating that the interpreter could not
//! finish in 20 million steps. Most are long finite runs (a counter from 0 to an input of 2^31,
//! an `unsigned` counter started at a negative value); a native run does a billion steps in
//! seconds and settles them. The program is rendered in its native form
//! ([`Rendering::Native`]: the oracle's program, whose uninitialized declarations read inputs
//! where the interpreter reads them and `main` renamed `fz_main`), linked with a harness that
//! serves the same input stream to every source the interpreter feeds from it — the entry's
//! parameters, `__VERIFIER_nondet_*`, the extern `fz_read_*` functions, the fills — and run
//! under a wall-clock limit. Signed overflow traps under the default semantics
//! (`-fsanitize=signed-integer-overflow` with `-fsanitize-undefined-trap-on-error`: a run the
//! interpreter would end as undefined behaviour, which mathematical integers would continue)
//! and wraps under bit-precise semantics (`-fwrapv`).
//!
//! A native run that ends clears the suspect; one that is still running, traps an overflow or
//! cannot be built leaves it, with that said. ILP32 programs are not run (there are no 32-bit
//! libraries to link).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use leapfrog_arith::Semantics;

use super::generate::{Generated, Rendering};
use crate::bench::runner::{ProcessLimits, TaskStatus, run_process};

/// How the native run of a suspect went.
#[derive(Debug, Clone, PartialEq)]
pub enum NativeEnd {
    /// It ended (exit code or signal): the interpreter's run was long, not infinite. `inputs`:
    /// how many inputs it requested (when it ended through `exit`, a return from the entry or
    /// a failing assertion).
    Ended { how: String, inputs: Option<u64> },
    /// Still running when killed after this many seconds.
    StillRunning(f64),
    /// A signed overflow trapped (default semantics): mathematical integers would go on.
    Overflow,
    /// Not run, and why.
    NotRun(String),
}

/// The integer types the harness serves inputs for, with the suffixes of their input functions.
const TYPES: [(&str, &str, &str); 8] = [
    ("char", "char", "char"),
    ("unsigned char", "uchar", "uchar"),
    ("short", "short", "short"),
    ("unsigned short", "ushort", "ushort"),
    ("int", "int", "int"),
    ("unsigned", "uint", "uint"),
    ("long", "long", "long"),
    ("unsigned long", "ulong", "ulong"),
];

/// The harness: the input stream from the command line, the input functions, `__assert_fail`,
/// `__VERIFIER_assume` and `fz_sink`, and a `main` that reads the entry's parameters and calls it.
fn harness(program: &Generated) -> String {
    let mut h = String::from(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\n\
         static long long *fz_stream; static long fz_len, fz_pos, fz_requests;\n\
         long fz_oracle_fill(void) { fz_requests++; return fz_pos < fz_len ? (long)fz_stream[fz_pos++] : 0; }\n\
         static void fz_report(void) { printf(\"{\\\"inputs\\\": %ld}\\n\", fz_requests); fflush(stdout); }\n\
         void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) { (void)a; (void)f; (void)l; (void)fn; fz_report(); _exit(100); }\n\
         void __VERIFIER_assume(int c) { if (!c) _exit(0); }\n\
         void fz_sink(int v) { (void)v; }\n",
    );
    for (ty, nondet, read) in TYPES {
        let _ = writeln!(h, "{ty} __VERIFIER_nondet_{nondet}(void) {{ return ({ty})fz_oracle_fill(); }}");
        let _ = writeln!(h, "{ty} fz_read_{read}(void) {{ return ({ty})fz_oracle_fill(); }}");
    }
    let call = if program.entry.is_some() {
        let params: Vec<String> = program.params.iter().map(|t| format!("({t})fz_oracle_fill()")).collect();
        let decl: Vec<&str> = program.params.to_vec();
        let _ = writeln!(h, "int fz_entry({});", decl.join(", "));
        // Arguments are read in order (C leaves the order of argument evaluation open).
        let mut lines = String::new();
        let mut names = Vec::new();
        for (i, (p, t)) in params.iter().zip(&program.params).enumerate() {
            let _ = writeln!(lines, "  {t} fz_p{i} = {p};");
            names.push(format!("fz_p{i}"));
        }
        format!("{lines}  return fz_entry({});", names.join(", "))
    } else {
        h.push_str("int fz_main(void);\n");
        "  return fz_main();".to_string()
    };
    let _ = write!(
        h,
        "int main(int argc, char **argv) {{\n\
         \x20 fz_stream = malloc(sizeof(long long) * (argc > 1 ? argc : 1)); fz_len = argc - 1;\n\
         \x20 for (int i = 1; i < argc; i++) fz_stream[i - 1] = argv[i][0] == '-' ? strtoll(argv[i], 0, 10) : (long long)strtoull(argv[i], 0, 10);\n\
         \x20 atexit(fz_report);\n\
         {call}\n}}\n"
    );
    h
}

/// A native build of a program's native form; its files are removed when it is dropped.
pub struct NativeProgram {
    source: PathBuf,
    harness: PathBuf,
    exe: PathBuf,
}

impl Drop for NativeProgram {
    fn drop(&mut self) {
        for f in [&self.source, &self.harness, &self.exe] {
            let _ = std::fs::remove_file(f);
        }
    }
}

impl NativeProgram {
    /// Builds the native form of `program` (with the checks `keep` selects) in `dir`, for
    /// `semantics`; an error says why it could not be built.
    pub fn build(
        program: &Generated,
        keep: &dyn Fn(usize) -> bool,
        semantics: Semantics,
        dir: &Path,
        stem: &str,
    ) -> Result<NativeProgram, String> {
        if program.data_model.is_some() {
            return Err("an ILP32 program".to_string());
        }
        let built = NativeProgram {
            source: dir.join(format!("{stem}-native.c")),
            harness: dir.join(format!("{stem}-harness.c")),
            exe: dir.join(format!("{stem}-native")),
        };
        std::fs::write(&built.source, program.render(keep, Rendering::Native))
            .and_then(|()| std::fs::write(&built.harness, harness(program)))
            .map_err(|e| format!("cannot write the native program: {e}"))?;
        let overflow = match semantics {
            Semantics::Default => ["-fsanitize=signed-integer-overflow", "-fsanitize-undefined-trap-on-error"],
            Semantics::BitPrecise => ["-fwrapv", "-fwrapv"],
        };
        let out = std::process::Command::new("gcc")
            .args(["-O0", "-std=gnu11", "-w"])
            .args(overflow)
            .arg(&built.source)
            .arg(&built.harness)
            .arg("-o")
            .arg(&built.exe)
            .output()
            .map_err(|e| format!("gcc cannot be run: {e}"))?;
        if !out.status.success() {
            let first = String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("").to_string();
            return Err(format!("gcc failed: {first}"));
        }
        Ok(built)
    }

    /// Runs it on `stream` for at most `limit`.
    pub fn run(&self, stream: &[i128], limit: Duration) -> NativeEnd {
        let args: Vec<String> = stream.iter().map(|v| v.to_string()).collect();
        let outcome = run_process(&self.exe, &args, &ProcessLimits { timeout: limit, memory_mb: 4096 }, false);
        match (outcome.status, outcome.exit_code, outcome.signal) {
            (TaskStatus::Timeout, _, _) => NativeEnd::StillRunning(outcome.seconds),
            (_, _, Some(signal)) if signal == libc::SIGILL => NativeEnd::Overflow,
            (_, Some(code), _) => NativeEnd::Ended {
                how: format!("exit {code} after {:.1} s", outcome.seconds),
                inputs: outcome.result.as_ref().and_then(|r| r["inputs"].as_u64()),
            },
            (_, None, Some(signal)) => {
                NativeEnd::Ended { how: format!("signal {signal} after {:.1} s", outcome.seconds), inputs: None }
            }
            (_, None, None) => NativeEnd::NotRun(outcome.message.unwrap_or_else(|| "no exit status".to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::generate::generate;
    use crate::fuzz::inputs;
    use crate::fuzz::rng::Rng;
    use leapfrog_c_frontend::FrontendOptions;
    use leapfrog_interp::{ExecConfig, Outcome, UninitMode};

    /// The native form with the harness runs as the interpreter runs the oracle's form, on the
    /// same streams (same outcome, same number of inputs requested): the harness serves each
    /// input to the source the interpreter gives it to.
    #[test]
    fn native_runs_agree_with_the_interpreter() {
        let dir = std::env::temp_dir().join(format!("leapfrog-fuzz-native-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (mut compared, mut with_inputs, mut disagreements) = (0, 0, Vec::new());
        for index in 0..40 {
            let program = generate(&mut Rng::derive(5, index, 1), "native test");
            if program.data_model.is_some() {
                continue;
            }
            let file = dir.join(format!("p{index}-oracle.c"));
            std::fs::write(&file, program.render(&|_| true, Rendering::Oracle)).unwrap();
            let options = FrontendOptions { entry: program.entry.clone(), ..FrontendOptions::default() };
            let ir = leapfrog_c_frontend::load_program(std::slice::from_ref(&file), &options).expect("front end");
            let native = NativeProgram::build(&program, &|_| true, Semantics::Default, &dir, &format!("p{index}"))
                .expect("the native form builds");
            let mut rng = Rng::derive(5, index, 9);
            for n in 1..4 {
                let stream: Vec<i128> = inputs::stream(&mut rng, n).into_iter().map(|v| v.clamp(-100, 100)).collect();
                let config = ExecConfig {
                    nondet: stream.clone(),
                    uninit: UninitMode::Nondet,
                    max_steps: 1_000_000,
                    ..ExecConfig::default()
                };
                let result = leapfrog_interp::run(&ir, &config);
                let expected = match result.outcome {
                    Outcome::Exit { code } => format!("exit {} with {} inputs", code & 0xff, result.nondet_used),
                    Outcome::Error { .. } => format!("exit 100 with {} inputs", result.nondet_used),
                    _ => continue,
                };
                let got = match native.run(&stream, Duration::from_secs(20)) {
                    NativeEnd::Ended { how, inputs } => {
                        format!("{} with {} inputs", how.split(" after").next().unwrap_or(""), inputs.unwrap_or(0))
                    }
                    other => format!("{other:?}"),
                };
                compared += 1;
                with_inputs += usize::from(result.nondet_used > 0);
                if got != expected {
                    disagreements
                        .push(format!("program {index}, stream {stream:?}: interpreter {expected}, native {got}"));
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
        assert!(compared >= 20, "only {compared} runs compared");
        assert!(with_inputs >= 10, "only {with_inputs} compared runs read inputs");
    }
}
