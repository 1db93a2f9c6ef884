//! Native replay: the program's own files compiled by gcc with a harness that serves a test's
//! values to the `__VERIFIER_nondet_*` calls in order, and run. Used for an error target whose
//! interpreter replay would be long (it passed [`leapfrog_verify::falsify`]'s probe of 250,000
//! steps, or stopped at its step or time limit) — a failure behind 10^8 iterations runs natively
//! in a fraction of a second.
//!
//! The program is built once per [`NativeSources`] and at most once (the first replay builds it,
//! later ones reuse it), as cheaply as gcc allows: the harness includes no header (it declares
//! the few libc functions it calls), the harness and each file are compiled in parallel
//! (`gcc -c`), and the objects are linked by gold where gcc has it (the sanitizers' runtime
//! makes the default linker take about three times as long), else by the default linker. The
//! code stays at `-O0`: the interpreter follows gcc 12 at `-O0` where C leaves the order of
//! evaluation open (`-O1` compiled 2–3 ms slower and ran 10^8 iterations in 30 ms rather than
//! 48: too little to give up the agreement).
//!
//! The harness defines `reach_error` and `__VERIFIER_error` (the program's own definitions are
//! made weak by `objcopy --weaken-symbol`, so that a call of one is the error whatever its body
//! does — `abort()`, say —, as in the interpreter) and, as a weak symbol (the program's own
//! definition wins), `__VERIFIER_assert`, ending the run with [`ERROR_EXIT`] on failure after
//! creating a mark file (whose name the program does not know: its own `exit(99)` is no
//! error); `__assert_fail` (what `assert` and SV-COMP's `reach_error` call) ends it the same way;
//! `__VERIFIER_assume` ends a run whose assumption fails with 0. A value past the end of the
//! stream ends the run with another code: the test did not describe the run. The program is
//! built with AddressSanitizer and UndefinedBehaviorSanitizer, neither recovering: a run with
//! undefined behaviour (an overflow, a shift out of range, an access out of bounds or to a dead
//! object) ends at it (with its own exit code, [`SANITIZER_EXIT`], so that any other exit is
//! the program's: `Missed::Ended`), as the interpreter's does, and is no confirmation (review
//! found errors "reached" through an out-of-bounds read). The sanitized program reserves terabytes of
//! address space: it runs with the soft address-space limit raised to the hard one. Only the
//! error goal is replayed natively.

use leapfrog_verify::falsify::Missed;
use std::fmt::Write as _;
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The exit code of a native run that reached an error.
pub const ERROR_EXIT: i32 = 99;
/// The exit code of a run that asked for more values than the test has.
const EXHAUSTED_EXIT: i32 = 98;
/// The exit code of a run a sanitizer stopped (`exitcode` of ASAN_OPTIONS and UBSAN_OPTIONS).
pub const SANITIZER_EXIT: i32 = 97;

/// What a native replay needs: the program's files (C or preprocessed) as given; and the
/// program once built (in a scratch folder removed with it).
#[derive(Debug)]
pub struct NativeSources {
    pub files: Vec<PathBuf>,
    /// ILP32 programs are not replayed (no 32-bit libraries to link).
    pub ilp32: bool,
    built: OnceLock<Result<Built, String>>,
}

impl NativeSources {
    pub fn new(files: Vec<PathBuf>, ilp32: bool) -> NativeSources {
        NativeSources { files, ilp32, built: OnceLock::new() }
    }

    /// The program built (the first call builds it), or why it cannot be.
    fn built(&self) -> Result<&Built, String> {
        self.built.get_or_init(|| build(&self.files)).as_ref().map_err(Clone::clone)
    }
}

/// The program compiled with the harness: its folder (removed on drop) and executable.
#[derive(Debug)]
struct Built {
    dir: PathBuf,
    exe: PathBuf,
}

impl Drop for Built {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
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
    // (No header: declaring the five libc functions saves gcc a third of the harness' time.
    // 0101 is Linux's O_CREAT | O_WRONLY.)
    let mut h = format!(
        "extern char *getenv(const char *);\n\
         extern long long strtoll(const char *, char **, int);\n\
         extern unsigned long long strtoull(const char *, char **, int);\n\
         extern void _exit(int) __attribute__((noreturn));\n\
         extern int open(const char *, int, ...);\n\
         extern int close(int);\n\
         static long long lf_stream[1 << 16]; static int lf_len, lf_pos;\n\
         static long long lf_next(void) {{ if (lf_pos >= lf_len) _exit({EXHAUSTED_EXIT}); return lf_stream[lf_pos++]; }}\n\
         static void lf_error(void) {{ char *f = getenv(\"LEAPFROG_ERROR_FILE\"); if (f) close(open(f, 0101, 0600)); _exit({ERROR_EXIT}); }}\n\
         void reach_error(void) {{ lf_error(); }}\n\
         void __VERIFIER_error(void) {{ lf_error(); }}\n\
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

/// Runs the program natively on `stream` until `deadline` (and for at most `run_limit` from
/// the run's start, after the build, when given): `Ok` with how long the run took when
/// it ended at an error, else how it ended (`Missed::Ended` when the program exited by itself,
/// without a sanitizer's finding). (The first call builds the program.)
pub fn reaches_error(
    sources: &NativeSources,
    stream: &[i128],
    deadline: Instant,
    run_limit: Option<Duration>,
) -> Result<Duration, Missed> {
    if sources.ilp32 {
        return Err(Missed::Other("an ILP32 program is not run natively".into()));
    }
    if stream.iter().any(|v| i64::try_from(*v).is_err() && u64::try_from(*v).is_err()) {
        return Err(Missed::Other("a value does not fit 64 bits".into()));
    }
    let built = sources.built().map_err(Missed::Other)?;
    let deadline = run_limit.map_or(deadline, |limit| deadline.min(Instant::now() + limit));
    run(built, stream, deadline)
}

/// A fresh folder for the native program.
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

/// The flags every file of the program is compiled with (the harness without the sanitizers,
/// the last two, which it does not need), and the program linked with.
const CFLAGS: [&str; 6] =
    ["-O0", "-std=gnu11", "-w", "-pipe", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"];
const SANITIZERS: usize = 4;

/// Compiles `files` and the harness (in parallel) and links them.
fn build(files: &[PathBuf]) -> Result<Built, String> {
    let dir = scratch()?;
    // (From here on, dropping `built` removes the folder, on failure too.)
    let built = Built { exe: dir.join("replay"), dir };
    let harness_file = built.dir.join("harness.c");
    std::fs::write(&harness_file, harness()).map_err(|e| format!("cannot write the harness: {e}"))?;
    let sources: Vec<&Path> = files.iter().map(PathBuf::as_path).chain([harness_file.as_path()]).collect();
    let objects: Vec<PathBuf> = (0..sources.len()).map(|i| built.dir.join(format!("{i}.o"))).collect();
    let compiles: Vec<Result<Child, String>> = sources
        .iter()
        .zip(&objects)
        .enumerate()
        .map(|(i, (source, object))| {
            let flags = if i < files.len() { &CFLAGS[..] } else { &CFLAGS[..SANITIZERS] };
            Command::new("gcc")
                .args(flags)
                .arg("-c")
                .arg(source)
                .arg("-o")
                .arg(object)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .map_err(|e| format!("gcc cannot be run: {e}"))
        })
        .collect();
    // Every child is waited for before the first failure is reported.
    let finished: Vec<Result<(), String>> = compiles.into_iter().map(|c| c.and_then(finish)).collect();
    finished.into_iter().collect::<Result<Vec<()>, String>>()?;
    // The program's own `reach_error` and `__VERIFIER_error` give way to the harness': a call
    // of one is the error, whatever its body does (`abort()`, say), as in the interpreter.
    for object in &objects[..files.len()] {
        let weakened = Command::new("objcopy")
            .args(["--weaken-symbol=reach_error", "--weaken-symbol=__VERIFIER_error"])
            .arg(object)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("objcopy cannot be run: {e}"))
            .and_then(finish);
        weakened?;
    }
    let link = |gold: bool| {
        let mut command = Command::new("gcc");
        command.args(&CFLAGS[SANITIZERS..]);
        if gold {
            command.arg("-fuse-ld=gold");
        }
        command
            .args(&objects)
            .arg("-o")
            .arg(&built.exe)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("gcc cannot be run: {e}"))
            .and_then(finish)
    };
    // (Without gold, gcc fails at once and the default linker links.)
    link(true).or_else(|_| link(false))?;
    Ok(built)
}

/// Waits for a gcc or objcopy child: `Err` with its first line of diagnostics when it failed.
fn finish(child: Child) -> Result<(), String> {
    let out = child.wait_with_output().map_err(|e| format!("cannot wait for gcc: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    let first = String::from_utf8_lossy(&out.stderr).lines().next().unwrap_or("").to_string();
    Err(format!("the native program was not built: {first}"))
}

/// Runs the built program on `stream` until `deadline`.
fn run(built: &Built, stream: &[i128], deadline: Instant) -> Result<Duration, Missed> {
    let other = |why: String| Err(Missed::Other(why));
    use std::sync::atomic::{AtomicU64, Ordering};
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let values: Vec<String> = stream.iter().map(|v| v.to_string()).collect();
    let start = Instant::now();
    // (A mark per run: a run's mark is never taken for a later run's.)
    let mark = built.dir.join(format!("error-reached-{}", RUNS.fetch_add(1, Ordering::Relaxed)));
    let mut command = Command::new(&built.exe);
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
        .env("ASAN_OPTIONS", format!("detect_leaks=0:exitcode={SANITIZER_EXIT}"))
        .env("UBSAN_OPTIONS", format!("exitcode={SANITIZER_EXIT}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Missed::Other(format!("the native program cannot be run: {e}")))?;
    // Short runs end within a few milliseconds: the first waits are short.
    let mut pause = Duration::from_micros(200);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    let _ = e.read_to_string(&mut err);
                }
                let took = start.elapsed();
                let reached = mark.exists();
                let _ = std::fs::remove_file(&mark);
                return match status.code() {
                    Some(ERROR_EXIT) if reached => Ok(took),
                    Some(ERROR_EXIT) => other("the native run exited with 99 without reaching an error".into()),
                    Some(EXHAUSTED_EXIT) => other("the native run asked for more values than the test has".into()),
                    Some(SANITIZER_EXIT) => {
                        other("the native run stopped at undefined behaviour (or exited with 97)".into())
                    }
                    Some(code) => Err(Missed::Ended(format!("the native run exited with {code}"))),
                    None => other("the native run ended by a signal (an overflow trap or a crash)".into()),
                };
            }
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                let why = format!("the native run did not end within {:.2} s", start.elapsed().as_secs_f64());
                return Err(Missed::Unfinished(why));
            }
            Ok(None) => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(2));
            }
            Err(e) => return other(format!("cannot wait for the native run: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program in a fresh folder (removed by the caller).
    fn program(name: &str, text: &str) -> (PathBuf, NativeSources) {
        let dir = scratch().unwrap();
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        (dir, NativeSources::new(vec![file], false))
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(20)
    }

    /// The program's own `reach_error`, which aborts, gives way to the harness': its call is the
    /// error. One build serves every run; a short stream and a stream that misses are no error.
    #[test]
    fn own_reach_error_is_the_error_and_one_build_serves_every_run() {
        let (dir, sources) = program(
            "own.c",
            "extern int __VERIFIER_nondet_int(void);\nextern void abort(void);\n\
             void reach_error(void) { abort(); }\n\
             int main(void) { int n = __VERIFIER_nondet_int(); int i = 0;\n\
             while (i < 1000000) i++;\n if (n == 7 && i == 1000000) reach_error();\n return 0; }\n",
        );
        assert!(reaches_error(&sources, &[7], soon(), None).is_ok());
        let exe = sources.built().unwrap().exe.clone();
        assert_eq!(
            reaches_error(&sources, &[], soon(), None),
            Err(Missed::Other("the native run asked for more values than the test has".into()))
        );
        assert_eq!(
            reaches_error(&sources, &[8], soon(), None),
            Err(Missed::Ended("the native run exited with 0".into()))
        );
        assert_eq!(sources.built().unwrap().exe, exe);
        let build_dir = sources.built().unwrap().dir.clone();
        drop(sources);
        assert!(!build_dir.exists(), "the build's folder is removed with the sources");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Undefined behaviour on the way is no confirmation; a program gcc rejects is reported.
    #[test]
    fn undefined_behaviour_and_build_errors_are_no_confirmation() {
        let (dir, sources) = program(
            "ub.c",
            "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
             int main(void) { int x = __VERIFIER_nondet_int(); x = x + 1; reach_error(); return 0; }\n",
        );
        assert!(reaches_error(&sources, &[1], soon(), None).is_ok());
        assert!(matches!(reaches_error(&sources, &[2147483647], soon(), None), Err(Missed::Other(_))));
        let _ = std::fs::remove_dir_all(dir);
        let (dir, sources) = program("bad.c", "int main(void) { return undeclared; }\n");
        let Err(Missed::Other(why)) = reaches_error(&sources, &[], soon(), None) else { panic!("built") };
        assert!(why.starts_with("the native program was not built"), "{why}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
