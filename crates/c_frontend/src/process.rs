//! Running gcc as a child process within a deadline: its input is written and its output read on
//! helper threads (so neither pipe can fill up and stall it), and a child still running at the
//! deadline is killed together with its descendants (gcc's driver runs `cc1`, which outlives a
//! killed driver). gcc stays in our process group, so whoever kills the group (`leapfrog bench`
//! at its time limit) also reaches gcc.

use std::io::{Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A child process started by [`Running::start`].
pub struct Running {
    child: Child,
    writer: Option<JoinHandle<()>>,
    stdout: Option<JoinHandle<Vec<u8>>>,
    stderr: Option<JoinHandle<Vec<u8>>>,
}

/// How a child process ended.
pub enum Finished {
    Exited {
        status: ExitStatus,
        stdout: Vec<u8>,
        stderr: Vec<u8>,
    },
    /// Killed at the deadline.
    TimedOut,
}

impl Running {
    /// Start `cmd` with `input` (if any) on its standard input; standard output is kept when
    /// `keep_stdout`, standard error always.
    pub fn start(cmd: &mut Command, input: Option<Vec<u8>>, keep_stdout: bool) -> std::io::Result<Running> {
        cmd.stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(if keep_stdout { Stdio::piped() } else { Stdio::null() })
            .stderr(Stdio::piped());
        let mut child = cmd.spawn()?;
        let writer = match (input, child.stdin.take()) {
            (Some(bytes), Some(mut pipe)) => Some(std::thread::spawn(move || {
                // gcc may stop reading early (it gave up on the input); that is not our error.
                let _ = pipe.write_all(&bytes);
            })),
            _ => None,
        };
        let stdout = child.stdout.take().map(|mut pipe| std::thread::spawn(move || read_all(&mut pipe)));
        let stderr = child.stderr.take().map(|mut pipe| std::thread::spawn(move || read_all(&mut pipe)));
        Ok(Running { child, writer, stdout, stderr })
    }

    /// Wait for the child to end, killing it at the deadline. Without a deadline this blocks;
    /// with one it polls (`waitpid` without blocking) at most a millisecond apart, which costs
    /// nothing next to gcc's own run.
    pub fn wait(mut self, deadline: Option<Instant>) -> std::io::Result<Finished> {
        let status = match deadline {
            None => self.child.wait()?,
            Some(deadline) => {
                let mut pause = Duration::from_micros(50);
                loop {
                    if let Some(status) = self.child.try_wait()? {
                        break status;
                    }
                    let now = Instant::now();
                    if now >= deadline {
                        kill_tree(&mut self.child);
                        return Ok(Finished::TimedOut);
                    }
                    std::thread::sleep(pause.min(deadline - now));
                    pause = (pause * 2).min(Duration::from_millis(1));
                }
            }
        };
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
        let stdout = self.stdout.take().map(|h| h.join().unwrap_or_default()).unwrap_or_default();
        let stderr = self.stderr.take().map(|h| h.join().unwrap_or_default()).unwrap_or_default();
        Ok(Finished::Exited { status, stdout, stderr })
    }
}

impl Drop for Running {
    /// A child nobody waits for any more (the front end gave up) is not left running.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            kill_tree(&mut self.child);
        }
    }
}

fn read_all(pipe: &mut impl Read) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = pipe.read_to_end(&mut out);
    out
}

/// Kill a child and its descendants: stop it (so it starts nothing more), kill what it started,
/// let it go on for a moment to reap them (gcc's driver then exits by itself), then kill and reap
/// it.
fn kill_tree(child: &mut Child) {
    #[cfg(target_os = "linux")]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill has no memory-safety preconditions. The pids are our child and its
        // descendants, none of which has been reaped (the child is stopped, so its own children
        // stay its children), so none of them can have been reused by another process.
        unsafe {
            libc::kill(pid, libc::SIGSTOP);
            for d in descendants(pid) {
                libc::kill(d, libc::SIGKILL);
            }
            libc::kill(pid, libc::SIGCONT);
        }
        let give_up = Instant::now() + Duration::from_millis(50);
        while Instant::now() < give_up {
            if let Ok(Some(_)) = child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The descendants of a process, from `/proc/PID/task/TID/children`.
#[cfg(target_os = "linux")]
fn descendants(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut out = Vec::new();
    let mut stack = vec![pid];
    while let Some(p) = stack.pop() {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else { continue };
        for task in tasks.flatten() {
            let Ok(list) = std::fs::read_to_string(task.path().join("children")) else { continue };
            for c in list.split_whitespace().filter_map(|x| x.parse::<libc::pid_t>().ok()) {
                out.push(c);
                stack.push(c);
            }
        }
    }
    out
}
