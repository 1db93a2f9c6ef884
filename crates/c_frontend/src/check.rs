//! The compiler's own check of the input: `gcc -fsyntax-only` on the preprocessed text, so that
//! a program gcc rejects (an undeclared identifier, a `goto` to a missing label, a duplicate
//! `case`, an assignment to a `const` object, ...) is rejected with gcc's message instead of being
//! analyzed.
//!
//! The check sees exactly the input the front end reads: a C file is checked with the arguments
//! of its preprocessing (prelude, include paths, defines, `-m32`), started together with `gcc -E`
//! so that the two run in parallel; when the preprocessing falls back to other arguments, the
//! fallback's preprocessed text is checked (`-x cpp-output`, whose line markers give gcc's
//! messages the original files and lines); a `.i` file is checked as it is. The check runs while
//! lang-c parses and the front end lowers; [`SyntaxCheck::finish`] collects the verdict.
//!
//! What gcc only warns about stays accepted, as it is accepted today: K&R implicit `int`,
//! implicit function declarations, pointer/integer conversions (`-w`; `-fpermissive` keeps gcc 14
//! from making the first two errors). Under ILP32 the check runs with `-m32`; a program it rejects
//! there is checked again without `-m32` (our ILP32 may use 64-bit system headers), and is
//! rejected only when both reject it. If gcc cannot be run, or fails without naming a position in
//! the input, the input is not rejected: the lowering's own checks remain.

use crate::process::{Finished, Running};
use std::ffi::OsString;
use std::fmt;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// One error in the input, with its position (gcc's, or the lowering's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub file: String,
    pub line: u32,
    /// 0 when only the line is known.
    pub col: u32,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col == 0 {
            write!(f, "{}:{}: error: {}", self.file, self.line, self.message)
        } else {
            write!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.message)
        }
    }
}

/// The check ran out of time (gcc was killed at the deadline).
#[derive(Debug)]
pub struct CheckTimedOut;

/// A check of one input file, running.
pub struct SyntaxCheck {
    running: Option<Running>,
    /// The preprocessed text, to check again without `-m32` when the check with `-m32` fails.
    retry: Option<Vec<u8>>,
}

impl SyntaxCheck {
    /// Check a C source file with the preprocessing's arguments (`args`: everything but `-E`,
    /// the file last), while `gcc -E` runs.
    pub fn start_source(args: &[OsString]) -> SyntaxCheck {
        let mut cmd = command();
        cmd.args(args);
        SyntaxCheck { running: Running::start(&mut cmd, None, false).ok(), retry: None }
    }

    /// Check a preprocessed file (`.i`).
    pub fn start_preprocessed_file(path: &Path, m32: bool) -> SyntaxCheck {
        let mut cmd = command();
        cmd.args(m32.then_some("-m32")).args(["-x", "cpp-output"]).arg(path);
        SyntaxCheck { running: Running::start(&mut cmd, None, false).ok(), retry: None }
    }

    /// Check preprocessed text (given on standard input).
    pub fn start_text(text: Vec<u8>, m32: bool) -> SyntaxCheck {
        let mut cmd = command();
        cmd.args(m32.then_some("-m32")).args(["-x", "cpp-output", "-"]);
        SyntaxCheck { running: Running::start(&mut cmd, Some(text), false).ok(), retry: None }
    }

    /// When the check (with `-m32`) rejects the input, check this preprocessed text again without
    /// `-m32` before rejecting it.
    pub fn retry_without_m32(self, text: Vec<u8>) -> SyntaxCheck {
        SyntaxCheck { retry: Some(text), ..self }
    }

    /// gcc's errors (none when gcc accepts the input or could not check it).
    pub fn finish(self, deadline: Option<Instant>) -> Result<Vec<InputError>, CheckTimedOut> {
        let Some(running) = self.running else { return Ok(Vec::new()) };
        let errors = errors_of(running, deadline)?;
        if errors.is_empty() {
            return Ok(errors);
        }
        let Some(text) = self.retry else { return Ok(errors) };
        let Some(again) = SyntaxCheck::start_text(text, false).running else { return Ok(errors) };
        if errors_of(again, deadline)?.is_empty() { Ok(Vec::new()) } else { Ok(errors) }
    }
}

/// `gcc -fsyntax-only` with our diagnostics settings; the caller adds the input and the target.
fn command() -> Command {
    let mut cmd = Command::new("gcc");
    cmd.env("LC_ALL", "C").args([
        "-fsyntax-only",
        "-std=gnu11",
        "-fpermissive",
        "-w",
        "-fdiagnostics-plain-output",
        "-fmax-errors=20",
    ]);
    cmd
}

fn errors_of(running: Running, deadline: Option<Instant>) -> Result<Vec<InputError>, CheckTimedOut> {
    match running.wait(deadline) {
        Ok(Finished::Exited { status, stderr, .. }) if !status.success() => {
            Ok(parse_errors(&String::from_utf8_lossy(&stderr)))
        }
        Ok(Finished::Exited { .. }) | Err(_) => Ok(Vec::new()),
        Ok(Finished::TimedOut) => Err(CheckTimedOut),
    }
}

/// The positioned errors of gcc's diagnostics (`file:line:col: error: message`); notes, warnings
/// and errors without a position in the input (`cc1: error: ...`) are left out.
pub fn parse_errors(stderr: &str) -> Vec<InputError> {
    let mut out = Vec::new();
    for line in stderr.lines() {
        let Some((at, message)) = line.split_once(": error: ").or_else(|| line.split_once(": fatal error: ")) else {
            continue;
        };
        let mut parts = at.rsplitn(3, ':');
        let (last, middle, first) = (parts.next(), parts.next(), parts.next());
        let number = |s: Option<&str>| s.and_then(|s| s.parse::<u32>().ok());
        let error = match (number(middle), number(last), first) {
            (Some(line), Some(col), Some(file)) => {
                InputError { file: file.to_string(), line, col, message: message.to_string() }
            }
            (_, Some(line), _) if middle.is_some() => {
                // `file:line: error:` (no column); `middle` is then the end of the file name.
                let file = at[..at.len() - last.map_or(0, str::len) - 1].to_string();
                InputError { file, line, col: 0, message: message.to_string() }
            }
            _ => continue,
        };
        out.push(error);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positioned_errors_are_kept_and_the_rest_left_out() {
        let stderr = "a.c: In function 'main':\n\
                      a.c:3:34: error: duplicate case value\n\
                      a.c:3:16: note: previously used here\n\
                      dir/b.c:7: error: no column here\n\
                      cc1: error: unrecognized command-line option\n\
                      a.c:1:1: warning: return type defaults to 'int'\n\
                      x.h:2:10: fatal error: y.h: No such file or directory\n";
        let errors = parse_errors(stderr);
        let shown: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            shown,
            vec![
                "a.c:3:34: error: duplicate case value",
                "dir/b.c:7: error: no column here",
                "x.h:2:10: error: y.h: No such file or directory",
            ]
        );
    }
}
