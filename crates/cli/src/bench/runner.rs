//! Running tasks as subprocesses and classifying how each run ended.
//!
//! Owns the process side of the benchmark: the command line of a task
//! (`exe <job> <files...> --format json [--data-model X] <extra args...>`), its limits (a
//! wall-clock timeout enforced by killing the task's process group, an address-space limit set
//! with `setrlimit(RLIMIT_AS)` in the child, and on Linux death with the runner), capturing stdout
//! and stderr on their own threads so that neither pipe can fill up and block the child, the pool
//! of worker threads, the progress line, and the [`TaskStatus`] of each run. Classification looks
//! only at how the process ended and at its JSON output (for verdict jobs: whether it holds a
//! valid answer), never at file names or the manifest's `expected` column; scoring the answer is
//! [`super::verdicts`]' business. One subprocess under limits is [`run_process`], which
//! `leapfrog fuzz` uses as well.
//!
//! Each task runs in its own process group, so a timeout also kills anything the tool started.
//! The runner observes the exit with `waitid(WNOWAIT)`, kills the rest of the group while the
//! leader is still an unreaped zombie (so the group id cannot have been reused by then), and only
//! then reaps it.

use std::io::{self, IsTerminal, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::manifest::Task;
use super::verdicts;

/// How many trailing stderr lines a result keeps.
pub const STDERR_TAIL_LINES: usize = 20;

/// The progress line is kept shorter than this many columns.
const PROGRESS_WIDTH: usize = 79;

/// At most this many bytes of stderr are kept while reading (the tail is cut from them).
const STDERR_KEEP_BYTES: usize = 64 * 1024;

/// How a task ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaskStatus {
    /// Exit 0 with a JSON object on stdout and no `unsupported` diagnostic.
    Ok,
    /// Exit 0, but some top-level diagnostic has severity `unsupported`.
    Unsupported,
    /// Exit 2 (the tool rejected the input), or an input file is missing.
    Error,
    /// Exit 3 or any other code, a signal, a failure to start, or exit 0 without a JSON object
    /// (for a verdict job: without a valid answer).
    Crash,
    /// Killed after the wall-clock limit.
    Timeout,
}

impl TaskStatus {
    /// Every status, in table column order.
    pub const ALL: [TaskStatus; 5] =
        [TaskStatus::Ok, TaskStatus::Unsupported, TaskStatus::Error, TaskStatus::Crash, TaskStatus::Timeout];

    pub fn as_str(self) -> &'static str {
        match self {
            TaskStatus::Ok => "ok",
            TaskStatus::Unsupported => "unsupported",
            TaskStatus::Error => "error",
            TaskStatus::Crash => "crash",
            TaskStatus::Timeout => "timeout",
        }
    }

    /// Position in [`TaskStatus::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What one run produced.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskOutcome {
    pub status: TaskStatus,
    pub exit_code: Option<i32>,
    pub signal: Option<i32>,
    /// Wall-clock time from spawn to exit.
    pub seconds: f64,
    /// Why the status is what it is, when the exit code alone does not say (missing file,
    /// timeout, signal, unparseable output).
    pub message: Option<String>,
    /// The last [`STDERR_TAIL_LINES`] lines of stderr.
    pub stderr_tail: String,
    /// stdout parsed as JSON, whenever it parses (whatever the exit code).
    pub result: Option<Value>,
}

/// A task with its outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskResult {
    pub task: Task,
    pub outcome: TaskOutcome,
}

/// What every task of a run shares.
#[derive(Debug, Clone)]
pub struct RunConfig<'a> {
    pub exe: &'a Path,
    pub job: &'a str,
    /// Task files are relative to this folder.
    pub manifest_dir: &'a Path,
    /// Wall-clock limit after which the task's process group is killed.
    pub timeout: Duration,
    /// Passed to the tool as `--timeout S` (verdict jobs, which should give up with UNKNOWN
    /// before they are killed), unless the extra arguments already have a `--timeout`.
    pub tool_timeout: Option<Duration>,
    /// Address-space limit per task in MiB; 0 for none.
    pub memory_mb: u64,
    pub extra_args: &'a [String],
}

impl RunConfig<'_> {
    /// The arguments after the executable.
    pub fn args(&self, task: &Task) -> Vec<String> {
        let mut args = vec![self.job.to_string()];
        args.extend(task.files.iter().map(|f| self.manifest_dir.join(f).display().to_string()));
        args.extend(["--format".to_string(), "json".to_string()]);
        if let Some(model) = &task.data_model {
            args.extend(["--data-model".to_string(), model.clone()]);
        }
        if let Some(limit) = self.tool_timeout
            && !self.extra_args.iter().any(|a| a == "--timeout" || a.starts_with("--timeout="))
        {
            args.extend(["--timeout".to_string(), limit.as_secs_f64().to_string()]);
        }
        args.extend(self.extra_args.iter().cloned());
        args
    }

    /// Whether the job must print a verdict ([`verdicts::answer`]).
    fn wants_verdict(&self) -> bool {
        verdicts::job_property(self.job).is_some()
    }
}

/// Runs `tasks` on `workers` threads (at least one) that take the next task from a shared
/// counter, and returns the results in the order of `tasks`. With `progress`, a one-line
/// indicator is rewritten on stderr after each task.
pub fn run_tasks(tasks: Vec<Task>, config: &RunConfig<'_>, workers: usize, progress: bool) -> Vec<TaskResult> {
    let progress = Progress { total: tasks.len(), done: Mutex::new(0), enabled: progress };
    let finished = in_parallel(&tasks, workers, |task| {
        let outcome = run_task(task, config);
        progress.task_done(task, &outcome);
        outcome
    });
    progress.finish();
    tasks.into_iter().zip(finished).map(|(task, outcome)| TaskResult { task, outcome }).collect()
}

/// Runs `work` on every item on `workers` threads (at least one, at most one per item) that
/// take the next item from a shared counter; the results in item order. A panic of `work`
/// goes on in the caller.
pub fn in_parallel<T: Sync, R: Send>(items: &[T], workers: usize, work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = thread::scope(|scope| {
        let handles: Vec<_> = (0..workers.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(index) else { break };
                        mine.push((index, work(item)));
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    done.sort_by_key(|(index, _)| *index);
    done.into_iter().map(|(_, r)| r).collect()
}

struct Progress {
    total: usize,
    done: Mutex<usize>,
    enabled: bool,
}

impl Progress {
    fn task_done(&self, task: &Task, outcome: &TaskOutcome) {
        if !self.enabled {
            return;
        }
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        let counter = format!("[{}/{}] ", *done, self.total);
        let end = format!(" {} {:.2}s", outcome.status.as_str(), outcome.seconds);
        // A line that wraps could not be rewritten in place.
        let room = PROGRESS_WIDTH.saturating_sub(counter.len() + end.len());
        let mut err = io::stderr().lock();
        // `\r` and "erase to end of line" rewrite the same terminal line.
        let _ = write!(err, "\r\x1b[K{counter}{}{end}", keep_end(&task.id, room));
        let _ = err.flush();
    }

    fn finish(&self) {
        if self.enabled {
            let _ = write!(io::stderr(), "\r\x1b[K");
        }
    }
}

/// `text` if it has at most `max` characters, else `…` and its last `max - 1` characters.
fn keep_end(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let kept: String = text.chars().skip(count + 1 - max.max(1)).collect();
    format!("…{kept}")
}

/// Whether progress lines make sense (stderr is a terminal).
pub fn progress_wanted() -> bool {
    io::stderr().is_terminal()
}

/// Runs one task to completion or timeout.
pub fn run_task(task: &Task, config: &RunConfig<'_>) -> TaskOutcome {
    if let Some(missing) = task.files.iter().find(|f| !config.manifest_dir.join(f).is_file()) {
        return TaskOutcome::failed(TaskStatus::Error, format!("input file not found: {missing}"));
    }
    let limits = ProcessLimits { timeout: config.timeout, memory_mb: config.memory_mb };
    run_process(config.exe, &config.args(task), &limits, config.wants_verdict())
}

/// The limits of one subprocess.
#[derive(Debug, Clone, Copy)]
pub struct ProcessLimits {
    /// Wall-clock limit after which the process group is killed.
    pub timeout: Duration,
    /// Address-space limit in MiB; 0 for none.
    pub memory_mb: u64,
}

impl TaskOutcome {
    /// A run that did not happen, with why.
    fn failed(status: TaskStatus, message: String) -> TaskOutcome {
        TaskOutcome {
            status,
            exit_code: None,
            signal: None,
            seconds: 0.0,
            message: Some(message),
            stderr_tail: String::new(),
            result: None,
        }
    }
}

/// Runs `exe args...` in its own process group under `limits`, capturing its output, and
/// classifies how it ended ([`classify`]; with `wants_verdict`, exit 0 needs a valid answer).
/// `leapfrog fuzz` runs its verdict jobs through this too.
pub fn run_process(exe: &Path, args: &[String], limits: &ProcessLimits, wants_verdict: bool) -> TaskOutcome {
    let mut command = Command::new(exe);
    command.args(args).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).process_group(0);
    let address_space = (limits.memory_mb > 0).then(|| limits.memory_mb.saturating_mul(1024 * 1024));
    prepare_child(&mut command, address_space);

    let start = Instant::now();
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            return TaskOutcome::failed(TaskStatus::Crash, format!("cannot start {}: {e}", exe.display()));
        }
    };
    let stdout = read_on_thread(child.stdout.take(), usize::MAX);
    let stderr = read_on_thread(child.stderr.take(), STDERR_KEEP_BYTES);

    let (timed_out, seconds) = wait_with_timeout(&child, limits.timeout, start);
    // The leader has exited but is not reaped yet: end whatever else is left in its group, so
    // that no straggler keeps the pipes open, then reap.
    kill_process_group(&child);
    let status = child.wait();

    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    let (exit_code, signal) = match &status {
        Ok(status) => (status.code(), status.signal()),
        Err(_) => (None, None),
    };
    let result = serde_json::from_slice::<Value>(&stdout).ok();
    let (status, mut message) = classify(timed_out, exit_code, signal, result.as_ref(), wants_verdict);
    if timed_out {
        message = Some(format!("killed after the {} s time limit", limits.timeout.as_secs_f64()));
    }
    TaskOutcome {
        status,
        exit_code,
        signal,
        seconds,
        message,
        stderr_tail: tail_lines(&String::from_utf8_lossy(&stderr), STDERR_TAIL_LINES),
        result,
    }
}

/// The status of a run that ended with `exit_code` or `signal` and printed `result` on stdout
/// (if it parsed as JSON), with a message where the exit code alone does not explain it. With
/// `wants_verdict`, output without a valid answer ([`verdicts::answer`]) is a crash.
pub fn classify(
    timed_out: bool,
    exit_code: Option<i32>,
    signal: Option<i32>,
    result: Option<&Value>,
    wants_verdict: bool,
) -> (TaskStatus, Option<String>) {
    if timed_out {
        return (TaskStatus::Timeout, None);
    }
    match (exit_code, signal) {
        (Some(0), _) => match result {
            Some(value @ Value::Object(object)) => {
                if wants_verdict && let Err(why) = verdicts::answer(value) {
                    return (TaskStatus::Crash, Some(format!("exit 0 but no valid answer: {why}")));
                }
                let unsupported = object.get("diagnostics").and_then(Value::as_array).is_some_and(|ds| {
                    ds.iter().any(|d| d.get("severity").and_then(Value::as_str) == Some("unsupported"))
                });
                if unsupported { (TaskStatus::Unsupported, None) } else { (TaskStatus::Ok, None) }
            }
            Some(_) => (TaskStatus::Crash, Some("exit 0 but stdout is JSON that is not an object".to_string())),
            None => (TaskStatus::Crash, Some("exit 0 but stdout is not JSON".to_string())),
        },
        (Some(2), _) => (TaskStatus::Error, None),
        (Some(code), _) => (TaskStatus::Crash, Some(format!("exit code {code}"))),
        (None, Some(signal)) => (TaskStatus::Crash, Some(format!("killed by signal {signal}"))),
        (None, None) => (TaskStatus::Crash, Some("exit status unknown".to_string())),
    }
}

/// Sets up the child between fork and exec: its address-space limit becomes
/// `address_space_bytes` (if any; a lower hard limit is kept), and on Linux it is killed when the
/// runner dies. The task is in its own process group, out of reach of the terminal's Ctrl-C, so
/// without this an interrupted run would leave tasks running with no one to enforce the timeout.
fn prepare_child(command: &mut Command, address_space_bytes: Option<u64>) {
    let address_space = address_space_bytes.map(|b| libc::rlim_t::try_from(b).unwrap_or(libc::RLIM_INFINITY));
    #[cfg(target_os = "linux")]
    let runner = libc::pid_t::try_from(std::process::id()).unwrap_or(0);
    // SAFETY: the closure runs in the forked child before exec, where only async-signal-safe
    // functions may be called: it calls only prctl, getppid, getrlimit and setrlimit, allocates
    // nothing (errors are raw OS error codes) and touches only its own stack.
    unsafe {
        command.pre_exec(move || {
            #[cfg(target_os = "linux")]
            {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong) != 0 {
                    return Err(io::Error::last_os_error());
                }
                // The runner may have died before prctl took effect.
                if libc::getppid() != runner {
                    return Err(io::Error::from_raw_os_error(libc::ESRCH));
                }
            }
            if let Some(bytes) = address_space {
                let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
                if libc::getrlimit(libc::RLIMIT_AS, &mut limit) != 0 {
                    return Err(io::Error::last_os_error());
                }
                limit.rlim_cur = bytes.min(limit.rlim_max);
                if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
}

/// Waits until `child` has exited (without reaping it) or `timeout` has passed since `start`, in
/// which case its process group is killed. Returns whether it timed out and the elapsed seconds.
fn wait_with_timeout(child: &Child, timeout: Duration, start: Instant) -> (bool, f64) {
    let pid = child.id();
    let (exited, exit_seen) = mpsc::channel();
    thread::spawn(move || {
        wait_for_exit_without_reaping(pid);
        let _ = exited.send(Instant::now());
    });
    let remaining = timeout.saturating_sub(start.elapsed());
    let (timed_out, end) = match exit_seen.recv_timeout(remaining) {
        Ok(end) => (false, end),
        Err(_) => {
            kill_process_group(child);
            (true, exit_seen.recv().unwrap_or_else(|_| Instant::now()))
        }
    };
    (timed_out, end.duration_since(start).as_secs_f64())
}

/// Blocks until the process `pid` (a child of ours) has exited, leaving it waitable.
fn wait_for_exit_without_reaping(pid: u32) {
    loop {
        // SAFETY: an all-zero siginfo_t is a valid value of this plain C struct.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid only writes into `info`, which we own; WNOWAIT leaves the child
        // waitable, so `Child::wait` still reaps it and reads its status.
        let rc = unsafe { libc::waitid(libc::P_PID, pid, &mut info, libc::WEXITED | libc::WNOWAIT) };
        if rc == 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return;
        }
    }
}

/// Sends SIGKILL to the process group led by `child` (the child was spawned with
/// `process_group(0)`, so its pid is the group id). Must be called before the child is reaped.
fn kill_process_group(child: &Child) {
    let Ok(group) = libc::pid_t::try_from(child.id()) else {
        return;
    };
    // SAFETY: kill has no memory-safety preconditions; a negative pid names a process group.
    // The group id is the pid of our unreaped child, so it cannot belong to anyone else.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Reads `source` to its end on a new thread, keeping at most the last `keep` bytes.
fn read_on_thread(source: Option<impl Read + Send + 'static>, keep: usize) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let Some(mut source) = source else {
            return kept;
        };
        let mut buffer = [0u8; 64 * 1024];
        loop {
            match source.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    kept.extend_from_slice(&buffer[..n]);
                    if kept.len() > keep {
                        kept.drain(..kept.len() - keep);
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        kept
    })
}

/// The last `n` lines of `text` (without a trailing newline).
fn tail_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::test_support::{FakeTool, TempDir, task};
    use serde_json::json;

    /// A configuration for `loops` with a 20 s timeout and no memory limit.
    fn test_config<'a>(exe: &'a Path, manifest_dir: &'a Path) -> RunConfig<'a> {
        RunConfig { exe, job: "loops", manifest_dir, timeout: SHORT, tool_timeout: None, memory_mb: 0, extra_args: &[] }
    }

    /// Runs one input whose content tells the fake tool what to do.
    fn run_mode(mode: &str, timeout: Duration) -> TaskOutcome {
        let dir = TempDir::new(&format!("runner-{mode}"));
        let tool = FakeTool::new(&dir);
        dir.write("in.c", mode);
        let config = RunConfig { timeout, memory_mb: 4096, ..test_config(tool.path(), dir.path()) };
        run_task(&task("s", "t", &["in.c"], None), &config)
    }

    const SHORT: Duration = Duration::from_secs(20);

    #[test]
    fn json_object_without_unsupported_diagnostics_is_ok() {
        let outcome = run_mode("ok", SHORT);
        assert_eq!(outcome.status, TaskStatus::Ok, "{outcome:?}");
        assert_eq!((outcome.exit_code, outcome.signal), (Some(0), None));
        assert_eq!(outcome.result.unwrap()["loops"], json!([]));
        assert_eq!(outcome.message, None);
    }

    #[test]
    fn unsupported_diagnostic_makes_unsupported() {
        let outcome = run_mode("unsupported", SHORT);
        assert_eq!(outcome.status, TaskStatus::Unsupported, "{outcome:?}");
        assert!(outcome.result.is_some());
    }

    #[test]
    fn exit_2_is_error_and_keeps_stderr() {
        let outcome = run_mode("reject", SHORT);
        assert_eq!(outcome.status, TaskStatus::Error);
        assert_eq!(outcome.exit_code, Some(2));
        assert_eq!(outcome.stderr_tail, "in.c:1:1: error: cannot parse");
    }

    #[test]
    fn exit_3_other_codes_signals_and_bad_output_are_crashes() {
        let internal = run_mode("internal", SHORT);
        assert_eq!((internal.status, internal.exit_code), (TaskStatus::Crash, Some(3)));
        let other = run_mode("exit7", SHORT);
        assert_eq!((other.status, other.exit_code), (TaskStatus::Crash, Some(7)));
        let signal = run_mode("signal", SHORT);
        assert_eq!((signal.status, signal.exit_code, signal.signal), (TaskStatus::Crash, None, Some(9)));
        assert_eq!(signal.message.as_deref(), Some("killed by signal 9"));
        let garbage = run_mode("garbage", SHORT);
        assert_eq!((garbage.status, garbage.exit_code), (TaskStatus::Crash, Some(0)));
        assert_eq!(garbage.result, None);
        let array = run_mode("array", SHORT);
        assert_eq!(array.status, TaskStatus::Crash);
        assert_eq!(array.result, Some(json!([1, 2])));
    }

    #[test]
    fn timeout_kills_the_whole_process_group_within_the_limit() {
        let started = Instant::now();
        // The fake tool runs `sleep 30` as a child that holds stdout open: only killing the group
        // lets the run end.
        let outcome = run_mode("sleep", Duration::from_millis(300));
        let elapsed = started.elapsed();
        assert_eq!(outcome.status, TaskStatus::Timeout, "{outcome:?}");
        assert_eq!(outcome.signal, Some(libc::SIGKILL));
        assert!(outcome.seconds >= 0.3 && outcome.seconds < 3.0, "{}", outcome.seconds);
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
        assert!(outcome.message.unwrap().contains("0.3 s"));
    }

    #[test]
    fn large_output_on_both_pipes_does_not_block_and_stderr_is_cut_to_its_tail() {
        let outcome = run_mode("flood", SHORT);
        assert_eq!(outcome.status, TaskStatus::Ok, "{:?}", outcome.message);
        let lines: Vec<&str> = outcome.stderr_tail.lines().collect();
        assert_eq!(lines.len(), STDERR_TAIL_LINES);
        assert_eq!(lines.last(), Some(&"line 50000"));
        assert_eq!(outcome.result.unwrap()["padding"].as_str().unwrap().len(), 200_000);
    }

    #[test]
    fn address_space_limit_is_applied() {
        let outcome = run_mode("ulimit", SHORT);
        assert_eq!(outcome.status, TaskStatus::Ok, "{outcome:?}");
        // `ulimit -v` reports KiB.
        assert_eq!(outcome.result.unwrap()["address_space_kib"], json!("4194304"));
    }

    #[test]
    fn command_line_has_files_format_data_model_and_extra_args() {
        let dir = TempDir::new("runner-args");
        let tool = FakeTool::new(&dir);
        dir.write("a.c", "ok");
        dir.write("b.c", "");
        let extra = vec!["--timeout".to_string(), "5".to_string()];
        let config = RunConfig { job: "verify", extra_args: &extra, ..test_config(tool.path(), dir.path()) };
        let outcome = run_task(&task("s", "t", &["a.c", "b.c"], Some("ILP32")), &config);
        let root = dir.path().display();
        let expected = format!("verify {root}/a.c {root}/b.c --format json --data-model ILP32 --timeout 5");
        assert_eq!(outcome.result.unwrap()["args"], json!(expected));
    }

    #[test]
    fn missing_input_file_is_an_error_without_running() {
        let dir = TempDir::new("runner-missing");
        let config = test_config(Path::new("/nonexistent/leapfrog"), dir.path());
        let outcome = run_task(&task("s", "t", &["gone.c"], None), &config);
        assert_eq!(outcome.status, TaskStatus::Error);
        assert_eq!(outcome.message.as_deref(), Some("input file not found: gone.c"));
        assert_eq!(outcome.exit_code, None);
    }

    #[test]
    fn an_executable_that_cannot_start_is_a_crash() {
        let dir = TempDir::new("runner-noexe");
        dir.write("a.c", "ok");
        let config = test_config(Path::new("/nonexistent/leapfrog"), dir.path());
        let outcome = run_task(&task("s", "t", &["a.c"], None), &config);
        assert_eq!(outcome.status, TaskStatus::Crash);
        assert!(outcome.message.unwrap().starts_with("cannot start /nonexistent/leapfrog"));
    }

    #[test]
    fn parallel_runs_keep_task_order() {
        let dir = TempDir::new("runner-parallel");
        let tool = FakeTool::new(&dir);
        let modes = ["ok", "reject", "unsupported", "internal", "ok", "garbage", "ok", "reject"];
        let tasks: Vec<Task> = modes
            .iter()
            .enumerate()
            .map(|(i, mode)| {
                let file = format!("{i}.c");
                dir.write(&file, mode);
                task("s", &format!("t{i}"), &[&file], None)
            })
            .collect();
        let config = test_config(tool.path(), dir.path());
        let results = run_tasks(tasks, &config, 4, false);
        let ids: Vec<&str> = results.iter().map(|r| r.task.id.as_str()).collect();
        assert_eq!(ids, ["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]);
        let statuses: Vec<&str> = results.iter().map(|r| r.outcome.status.as_str()).collect();
        assert_eq!(statuses, ["ok", "error", "unsupported", "crash", "ok", "crash", "ok", "error"]);
    }

    #[test]
    fn classification_table() {
        let ok = json!({"loops": [], "diagnostics": [{"severity": "warning"}]});
        let unsupported = json!({"diagnostics": [{"severity": "warning"}, {"severity": "unsupported"}]});
        let cases = [
            (false, Some(0), None, Some(&ok), TaskStatus::Ok),
            (false, Some(0), None, Some(&unsupported), TaskStatus::Unsupported),
            (false, Some(0), None, None, TaskStatus::Crash),
            (false, Some(2), None, Some(&ok), TaskStatus::Error),
            (false, Some(3), None, None, TaskStatus::Crash),
            (false, Some(1), None, None, TaskStatus::Crash),
            (false, None, Some(11), None, TaskStatus::Crash),
            (true, None, Some(9), None, TaskStatus::Timeout),
            (true, Some(0), None, Some(&ok), TaskStatus::Timeout),
        ];
        for (timed_out, code, signal, result, expected) in cases {
            assert_eq!(classify(timed_out, code, signal, result, false).0, expected, "{code:?} {signal:?} {result:?}");
        }
    }

    #[test]
    fn verdict_jobs_need_a_valid_answer() {
        let answer = json!({"verdict": "TRUE", "semantics": "default", "technique": "k-induction"});
        assert_eq!(classify(false, Some(0), None, Some(&answer), true), (TaskStatus::Ok, None));
        let loops = json!({"loops": [], "diagnostics": []});
        let (status, message) = classify(false, Some(0), None, Some(&loops), true);
        assert_eq!(status, TaskStatus::Crash);
        assert_eq!(message.as_deref(), Some("exit 0 but no valid answer: the output has no `verdict`"));
        let bad = json!({"verdict": "MAYBE"});
        assert_eq!(classify(false, Some(0), None, Some(&bad), true).0, TaskStatus::Crash);
        // Exit codes and timeouts decide before the output does.
        assert_eq!(classify(false, Some(2), None, Some(&answer), true).0, TaskStatus::Error);
        assert_eq!(classify(false, Some(1), None, Some(&answer), true).0, TaskStatus::Crash);
        assert_eq!(classify(true, Some(0), None, Some(&answer), true).0, TaskStatus::Timeout);
    }

    #[test]
    fn verdict_jobs_get_the_tool_timeout_unless_given_one() {
        let dir = TempDir::new("runner-tool-timeout");
        let t = task("s", "t", &["a.c"], None);
        let config = RunConfig {
            job: "terminate",
            tool_timeout: Some(Duration::from_millis(2500)),
            ..test_config(Path::new("leapfrog"), dir.path())
        };
        let args = config.args(&t);
        assert_eq!(args[2..], ["--format", "json", "--timeout", "2.5"]);
        let extra = vec!["--timeout=1".to_string()];
        let given = RunConfig { extra_args: &extra, ..config.clone() };
        assert_eq!(given.args(&t)[2..], ["--format", "json", "--timeout=1"]);
    }

    #[test]
    fn progress_names_keep_their_end() {
        assert_eq!(keep_end("tpdb-c/a.c", 20), "tpdb-c/a.c");
        assert_eq!(keep_end("tpdb-c/a.c", 10), "tpdb-c/a.c");
        assert_eq!(keep_end("tpdb-c/a.c", 5), "…/a.c");
        assert_eq!(keep_end("äöü", 2), "…ü");
    }

    #[test]
    fn tail_keeps_the_last_lines() {
        assert_eq!(tail_lines("a\nb\nc\n", 2), "b\nc");
        assert_eq!(tail_lines("a\n", 5), "a");
        assert_eq!(tail_lines("", 5), "");
    }
}
