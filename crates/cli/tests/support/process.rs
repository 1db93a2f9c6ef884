//! Running the `leapfrog` binary from tests, with scratch files. Shared by the test files that
//! include it with `#[path]`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
