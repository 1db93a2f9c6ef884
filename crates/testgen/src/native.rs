//! Native replay: the program's own files compiled by gcc with a harness that serves a test's
//! values to the `__VERIFIER_nondet_*` calls in order, and run. Used for an error target whose
//! interpreter replay stops at its step or time limit — a failure behind 10^8 iterations runs
//! natively in a fraction of a second.
//!
//! The harness defines, as weak symbols (the program's own definitions win), `reach_error`,
//! `__VERIFIER_error` and `__VERIFIER_assert`, ending the run with [`ERROR_EXIT`] on failure
//! after creating a mark file (whose name the program does not know: its own `exit(99)` is no
//! error); `__assert_fail` (what `assert` and SV-COMP's `reach_error` call) ends it the same way;
//! `__VERIFIER_assume` ends a run whose assumption fails with 0. A value past the end of the
//! stream ends the run with another code: the test did not describe the run. The program is
//! built with AddressSanitizer and UndefinedBehaviorSanitizer, neither recovering: a run with
//! undefined behaviour (an overflow, a shift out of range, an access out of bounds or to a dead
//! object) ends at it, as the interpreter's does, and is no confirmation (review found errors
//! "reached" through an out-of-bounds read). The sanitized program reserves terabytes of
//! address space: it runs with the soft address-space limit raised to the hard one. Only the
//! error goal is replayed natively.

use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The exit code of a native run that reached an error.
pub const ERROR_EXIT: i32 = 99;
/// The exit code of a run that asked for more values than the test has.
const EXHAUSTED_EXIT: i32 = 98;

/// What a native replay needs: the program's files (C or preprocessed) as given.
#[derive(Clone, Debug)]
pub struct NativeSources {
    pub files: Vec<PathBuf>,
    /// ILP32 programs are not replayed (no 32-bit libraries to link).
    pub ilp32: bool,
}

/// The integer types of `__VERIFIER_nondet_*`, with their suffixes.
const TYPES: [(&str, &str); 13] = [
    ("_Bool", "bool"),
    ("char", "char"),
    ("unsigned char", "uchar"),
    ("short", "short"),
    ("unsigned short", "ushort"),
    ("int", "int"),
    ("unsigned int", "uint"),
    ("long", "long"),
    ("unsigned long", "ulong"),
    ("long long", "longlong"),
    ("unsigned long long", "ulonglong"),
    ("unsigned int", "unsigned"),
    ("unsigned long", "size_t"),
];

fn harness() -> String {
    // An error leaves a mark in the file `LEAPFROG_ERROR_FILE` names before it exits: the
    // program's own `exit(99)` is no error.
    let mut h = format!(
        "#include <stdlib.h>\n#include <unistd.h>\n#include <fcntl.h>\n\
         static long long lf_stream[1 << 16]; static int lf_len, lf_pos;\n\
         static long long lf_next(void) {{ if (lf_pos >= lf_len) _exit({EXHAUSTED_EXIT}); return lf_stream[lf_pos++]; }}\n\
         static void lf_error(void) {{ char *f = getenv(\"LEAPFROG_ERROR_FILE\"); if (f) close(open(f, O_CREAT | O_WRONLY, 0600)); _exit({ERROR_EXIT}); }}\n\
         __attribute__((weak)) void reach_error(void) {{ lf_error(); }}\n\
         __attribute__((weak)) void __VERIFIER_error(void) {{ lf_error(); }}\n\
         __attribute__((weak)) void __VERIFIER_assert(int c) {{ if (!c) lf_error(); }}\n\
         __attribute__((weak)) void __VERIFIER_assume(int c) {{ if (!c) _exit(0); }}\n\
         void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {{ (void)a; (void)f; (void)l; (void)fn; lf_error(); }}\n"
    );
    for (ty, suffix) in TYPES {
        let _ =
            writeln!(h, "__attribute__((weak)) {ty} __VERIFIER_nondet_{suffix}(void) {{ return ({ty})lf_next(); }}");
    }
    h.push_str(
        "__attribute__((constructor)) static void lf_read(void) {\n\
         \x20 char *s = getenv(\"LEAPFROG_STREAM\");\n\
         \x20 while (s && *s && lf_len < (1 << 16)) { char *end;\n\
         \x20   long long v = *s == '-' ? strtoll(s, &end, 10) : (long long)strtoull(s, &end, 10);\n\
         \x20   if (end == s) break; lf_stream[lf_len++] = v; s = *end == ',' ? end + 1 : end; }\n\
         }\n",
    );
    h
}

/// Runs the program natively on `stream` until `deadline`: `Ok` with how long the run took when
/// it ended at an error, else why not.
pub fn reaches_error(sources: &NativeSources, stream: &[i128], deadline: Instant) -> Result<Duration, String> {
    if sources.ilp32 {
        return Err("an ILP32 program is not run natively".into());
    }
    if stream.iter().any(|v| i64::try_from(*v).is_err() && u64::try_from(*v).is_err()) {
        return Err("a value does not fit 64 bits".into());
    }
    let dir = scratch()?;
    let result = build_and_run(&dir, sources, stream, deadline);
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// A fresh folder for one native replay.
fn scratch() -> Result<PathBuf, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!(
        "leapfrog-native-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

fn build_and_run(dir: &Path, sources: &NativeSources, stream: &[i128], deadline: Instant) -> Result<Duration, String> {
    let harness_file = dir.join("harness.c");
    let exe = dir.join("replay");
    std::fs::write(&harness_file, harness()).map_err(|e| format!("cannot write the harness: {e}"))?;
    let out = Command::new("gcc")
        .args(["-O0", "-std=gnu11", "-w", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"])
        .args(&sources.files)
        .arg(&harness_file)
        .arg("-o")
        .arg(&exe)
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("gcc cannot be run: {e}"))?;
    if !out.status.success() {
        let first = String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("").to_string();
        return Err(format!("gcc did not build the program: {first}"));
    }
    let values: Vec<String> = stream.iter().map(|v| v.to_string()).collect();
    let start = Instant::now();
    let mark = dir.join("error-reached");
    let mut command = Command::new(&exe);
    // AddressSanitizer reserves terabytes of address space it never touches: under a soft
    // address-space limit (as `bench` sets) it could not start. The run gets the hard limit;
    // its time stays bounded by `deadline`.
    // SAFETY: only async-signal-safe calls (getrlimit, setrlimit) run between fork and exec.
    unsafe {
        use std::os::unix::process::CommandExt as _;
        command.pre_exec(|| {
            let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            if libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0 {
                limit.rlim_cur = limit.rlim_max;
                libc::setrlimit(libc::RLIMIT_AS, &limit);
            }
            Ok(())
        });
    }
    let mut child = command
        .env("LEAPFROG_STREAM", values.join(","))
        .env("LEAPFROG_ERROR_FILE", &mark)
        .env("ASAN_OPTIONS", "detect_leaks=0")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("the native program cannot be run: {e}"))?;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                return match status.code() {
                    Some(ERROR_EXIT) if mark.exists() => Ok(start.elapsed()),
                    Some(ERROR_EXIT) => Err("the native run exited with 99 without reaching an error".into()),
                    Some(EXHAUSTED_EXIT) => Err("the native run asked for more values than the test has".into()),
                    Some(code) => Err(format!("the native run exited with {code}")),
                    None => Err("the native run ended by a signal (an overflow trap or a crash)".into()),
                };
            }
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("the native run did not end within {:.1} s", start.elapsed().as_secs_f64()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("cannot wait for the native run: {e}")),
        }
    }
}
