//! Running the `leapfrog` binary from tests, with scratch files. Shared by the test files that
//! include it with `#[path]`.

#![allow(dead_code)]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

pub fn leapfrog(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_leapfrog")).args(args).output().expect("run leapfrog")
}

/// A fresh temporary directory for one test (named after the test binary's process).
pub fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("leapfrog-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `text` to `dir/name`; the path as a string.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// Runs `cmd` with its output in files under `dir` (`tag.stdout`, `tag.stderr`); None when it
/// did not end within `limit` (then it is killed).
pub fn run_limited(mut cmd: Command, dir: &Path, tag: &str, limit: Duration) -> Option<(ExitStatus, String, String)> {
    let (out, err) = (dir.join(format!("{tag}.stdout")), dir.join(format!("{tag}.stderr")));
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(File::create(&out).unwrap())
        .stderr(File::create(&err).unwrap())
        .spawn()
        .expect("spawn");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned();
    Some((status, read(&out), read(&err)))
}
