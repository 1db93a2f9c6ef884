//! The progress of a project run on standard error: a bar (indicatif) on a terminal, else one
//! plain line per finished run (for logs).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Progress {
    label: &'static str,
    total: usize,
    finished: AtomicUsize,
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A progress report of `total` runs of the step `label` (`reading`, `terminate`).
    pub fn new(label: &'static str, total: usize) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            let style =
                ProgressStyle::with_template("{prefix:>10} [{bar:30}] {pos}/{len} {elapsed_precise} {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> ");
            bar.set_style(style);
            bar.set_prefix(label);
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            bar
        });
        Progress { label, total, finished: AtomicUsize::new(0), bar }
    }

    /// A run of `name` ended with `word` after `seconds`.
    pub fn done(&self, name: &str, word: String, seconds: f64) {
        let finished = self.finished.fetch_add(1, Ordering::SeqCst) + 1;
        match &self.bar {
            Some(bar) => {
                bar.set_message(format!("{name}: {word}"));
                bar.inc(1);
            }
            None => eprintln!("[{}] [{finished}/{}] {name}: {word} ({seconds:.2} s)", self.label, self.total),
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
