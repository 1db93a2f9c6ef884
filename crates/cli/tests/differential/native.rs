//! Building and running the gcc-compiled program.

use super::harness::{OUTCOME_MARKER, RENAMED_MAIN, harness_source};
use leapfrog_ir::Program;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a native run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NativeOutcome {
    Exit(i32),
    Error,
    Blocked,
    Abort,
    /// Killed by another signal (a crash).
    Signal(i32),
    Timeout,
}

/// Compile the program's files (the same preprocessed text the front end read) with the harness;
/// signed arithmetic wraps (`-fwrapv`).
pub fn build(files: &[PathBuf], p: &Program, dir: &Path) -> Result<PathBuf, String> {
    build_with(files, p, dir, &["-fwrapv"])
}

/// [`build`] with `overflow` for what signed overflow does in the program's files: `-fwrapv`, or
/// e.g. `-fsanitize=signed-integer-overflow -fsanitize-undefined-trap-on-error` (a trap, SIGILL).
pub fn build_with(files: &[PathBuf], p: &Program, dir: &Path, overflow: &[&str]) -> Result<PathBuf, String> {
    let mut objects = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let pre = leapfrog_c_frontend::preprocess::preprocess(file, p.data_model).map_err(|e| e.message)?;
        let source = dir.join(format!("unit{i}.i"));
        std::fs::write(&source, pre.text).map_err(|e| e.to_string())?;
        let object = dir.join(format!("unit{i}.o"));
        run_tool(
            Command::new("gcc")
                .args(["-std=gnu11", "-O0", "-ftrivial-auto-var-init=zero", "-w"])
                .args(overflow)
                .args(["-fno-builtin", "-finstrument-functions", "-c"])
                .arg(&source)
                .arg("-o")
                .arg(&object),
        )?;
        run_tool(Command::new("objcopy").arg(format!("--redefine-sym=main={RENAMED_MAIN}")).arg(&object))?;
        objects.push(object);
    }
    let harness = dir.join("harness.c");
    std::fs::write(&harness, harness_source(p)?).map_err(|e| e.to_string())?;
    let exe = dir.join("program");
    run_tool(
        Command::new("gcc")
            .args(["-std=gnu11", "-O0", "-w"])
            .args(&objects)
            .arg(&harness)
            .arg("-o")
            .arg(&exe)
            .arg("-lm"),
    )?;
    Ok(exe)
}

fn run_tool(cmd: &mut Command) -> Result<(), String> {
    let out = cmd.output().map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        let stderr = String::from_utf8_lossy(&out.stderr);
        Err(stderr.lines().find(|l| l.contains("error")).unwrap_or("failed").to_string())
    }
}

/// Run the native program on a stream of values.
pub fn run(exe: &Path, stream: &str, timeout: Duration) -> NativeOutcome {
    let mut child = match Command::new(exe)
        .env("LEAPFROG_NONDET", stream)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(_) => return NativeOutcome::Signal(-1),
    };
    let mut stderr = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        String::from_utf8_lossy(&s).into_owned()
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    let err = reader.join().unwrap_or_default();
    let Some(status) = status else { return NativeOutcome::Timeout };
    if let Some(line) = err.lines().find(|l| l.starts_with(OUTCOME_MARKER)) {
        return match line.trim_start_matches(OUTCOME_MARKER).trim() {
            "error" => NativeOutcome::Error,
            "blocked" => NativeOutcome::Blocked,
            other => panic!("unknown harness outcome {other}"),
        };
    }
    match (status.code(), status.signal()) {
        (Some(c), _) => NativeOutcome::Exit(c),
        (None, Some(6)) => NativeOutcome::Abort,
        (None, Some(s)) => NativeOutcome::Signal(s),
        (None, None) => NativeOutcome::Signal(-1),
    }
}
