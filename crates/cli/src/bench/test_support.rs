//! Test helpers for the benchmark runner: a self-deleting temporary folder and a fake `leapfrog`
//! (a shell script whose behaviour is chosen by the content of its first input file; `print X`
//! prints X, e.g. a verdict job's canned JSON answer).

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::manifest::{ManifestRow, Task};
use super::runner::{TaskOutcome, TaskResult, TaskStatus};

/// A fresh folder under the system temp dir, removed on drop.
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let unique = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("leapfrog-bench-{}-{unique}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).expect("create temp dir");
        TempDir { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `content` to `relative`, creating folders as needed.
    pub fn write(&self, relative: &str, content: &str) -> PathBuf {
        let path = self.path.join(relative);
        fs::create_dir_all(path.parent().unwrap()).expect("create parent");
        fs::write(&path, content).expect("write file");
        path
    }

    pub fn mkdir(&self, relative: &str) {
        fs::create_dir_all(self.path.join(relative)).expect("create dir");
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}

/// What the fake tool does for each content of its first input file.
const FAKE_TOOL: &str = r#"#!/bin/sh
# Fake leapfrog for the benchmark runner's tests: `$1` is the job, `$2` the first input file,
# whose content selects the behaviour.
[ "$1" = probe ] && exit 0
mode=$(cat "$2")
case "$mode" in
ok) printf '{"loops": [], "diagnostics": [], "args": "%s"}\n' "$*" ;;
unsupported) printf '{"loops": [], "diagnostics": [{"severity": "unsupported", "file": "in.c", "line": 3, "column": 5, "message": "goto"}]}\n' ;;
reject) echo "in.c:1:1: error: cannot parse" >&2; exit 2 ;;
internal) echo "internal error" >&2; exit 3 ;;
exit7) exit 7 ;;
signal) kill -9 $$ ;;
garbage) echo "not json" ;;
array) echo "[1, 2]" ;;
sleep) sleep 30; echo '{}' ;;
flood)
  seq 1 50000 | sed 's/^/line /' >&2
  printf '{"padding": "'; head -c 200000 /dev/zero | tr '\0' x; printf '"}\n' ;;
print\ *) printf '%s\n' "${mode#print }" ;;
ulimit) printf '{"address_space_kib": "%s"}\n' "$(ulimit -v)" ;;
*) echo "fake leapfrog: unknown mode '$mode'" >&2; exit 99 ;;
esac
"#;

/// The fake tool, written into a test's temp dir.
pub struct FakeTool {
    path: PathBuf,
}

impl FakeTool {
    pub fn new(dir: &TempDir) -> FakeTool {
        let path = dir.write("fake-leapfrog", FAKE_TOOL);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
        // Another test thread may have forked while the script was open for writing; exec then
        // fails with ETXTBSY until that child has exec'd too. Wait for it here.
        for _ in 0..200 {
            match Command::new(&path).arg("probe").status() {
                Err(e) if e.raw_os_error() == Some(libc::ETXTBSY) => std::thread::sleep(Duration::from_millis(10)),
                Err(e) => panic!("cannot run the fake tool: {e}"),
                Ok(_) => break,
            }
        }
        FakeTool { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A task of `suite` named `id` with one `termination` row for the first of `files`.
pub fn task(suite: &str, id: &str, files: &[&str], data_model: Option<&str>) -> Task {
    Task {
        id: id.to_string(),
        suite: suite.to_string(),
        files: files.iter().map(|f| f.to_string()).collect(),
        data_model: data_model.map(str::to_string),
        rows: vec![ManifestRow {
            id: id.to_string(),
            suite: suite.to_string(),
            file: files[0].to_string(),
            property: "termination".to_string(),
            expected: "true".to_string(),
            origin: String::new(),
            line: 2,
        }],
    }
}

/// A finished task of `suite` named `id` (file `<suite>/<id>.c`) with an exit code of 0.
pub fn result(suite: &str, id: &str, status: TaskStatus, seconds: f64) -> TaskResult {
    TaskResult {
        task: task(suite, id, &[&format!("{suite}/{id}.c")], None),
        outcome: TaskOutcome {
            status,
            exit_code: Some(0),
            signal: None,
            seconds,
            message: None,
            stderr_tail: String::new(),
            result: None,
        },
    }
}
