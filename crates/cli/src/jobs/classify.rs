//! `leapfrog classify`: every loop of every file given, classified by Proteus (Table 1), each
//! file read and analysed independently and in parallel; a file that cannot be read is reported
//! and the run goes on.

use super::{EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, Input};
use leapfrog_c_frontend::{FrontendError, ReadSettings};
use leapfrog_ir::DataModel;
use leapfrog_report::classify as emit;
use leapfrog_results::classification::FileClassification;
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How `classify` prints.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClassifyFormat {
    Text,
    Json,
    Dot,
}

/// What the command line asked for.
pub struct ClassifyRequest {
    pub files: Vec<PathBuf>,
    /// Arguments for the preprocessor of every file (`--cpp-arg`).
    pub cpp_args: Vec<String>,
    pub data_model: Option<DataModel>,
    pub format: ClassifyFormat,
    /// Whether loops are sliced by their exit conditions' variables before they are classified.
    pub slice: bool,
    pub jobs: usize,
    /// Per file.
    pub options: leapfrog_verify::Options,
    pub stack_bytes: usize,
}

/// One file to classify.
struct Unit {
    name: String,
    input: Input,
}

/// One file's outcome: its rendering and its data.
struct Done {
    rendered: Rendered,
    result: FileClassification,
    internal_error: bool,
}

enum Rendered {
    Text(String),
    Json(serde_json::Value),
}

pub fn run(request: &ClassifyRequest) -> u8 {
    let start = Instant::now();
    // Resolve every argument first: a usage error stops the run before any work.
    let mut inputs = Vec::new();
    for file in &request.files {
        match Input::resolve(std::slice::from_ref(file), request.data_model, None) {
            Ok(mut input) => {
                input.options.preprocessor_flags = request.cpp_args.clone();
                inputs.push(Unit { name: file.display().to_string(), input });
            }
            Err(message) => {
                eprintln!("{message}");
                return EXIT_USAGE;
            }
        }
    }
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Done>>> = Mutex::new((0..inputs.len()).map(|_| None).collect());
    let progress = Progress::new(inputs.len());
    std::thread::scope(|scope| {
        for w in 0..request.jobs.clamp(1, inputs.len().max(1)) {
            let worker = || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(unit) = inputs.get(i) else { break };
                    let done = classify_file(unit, request);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(done);
                    progress.update(finished.fetch_add(1, Ordering::SeqCst) + 1, &unit.name, start);
                }
            };
            let spawned = std::thread::Builder::new()
                .name(format!("leapfrog-classify-{w}"))
                .stack_size(request.stack_bytes)
                .spawn_scoped(scope, worker);
            if let Err(e) = spawned {
                eprintln!("leapfrog: warning: cannot start a worker thread: {e}");
            }
        }
    });
    progress.clear();
    let done: Vec<Done> = results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().flatten().collect();
    let elapsed = start.elapsed();
    let all: Vec<FileClassification> = done.iter().map(|d| d.result.clone()).collect();
    match request.format {
        ClassifyFormat::Json => {
            let files: Vec<serde_json::Value> = done
                .iter()
                .map(|d| match &d.rendered {
                    Rendered::Json(v) => v.clone(),
                    Rendered::Text(_) => emit::failed_file_to_json(&d.result),
                })
                .collect();
            // Every file's diagnostics (each file also lists its own).
            let diagnostics: Vec<serde_json::Value> =
                files.iter().filter_map(|f| f["diagnostics"].as_array()).flatten().cloned().collect();
            let summary = emit::summary_json(&all, elapsed);
            println!(
                "{}",
                json!({ "job": "classify", "diagnostics": diagnostics, "files": files, "summary": summary })
            );
        }
        ClassifyFormat::Text | ClassifyFormat::Dot => {
            let mut out = std::io::stdout().lock();
            for d in &done {
                if let Rendered::Text(text) = &d.rendered {
                    let _ = write!(out, "{text}");
                }
            }
            if request.format == ClassifyFormat::Text {
                let _ = write!(out, "{}", emit::summary_text(&all, elapsed));
            }
        }
    }
    if done.iter().any(|d| d.internal_error) { EXIT_INTERNAL } else { EXIT_OK }
}

/// Reads and classifies one file; never panics out (a panic is that file's internal error).
fn classify_file(unit: &Unit, request: &ClassifyRequest) -> Done {
    let (name, input) = (unit.name.as_str(), &unit.input);
    let start = Instant::now();
    let deadline = start + request.options.timeout;
    let failed = |error: String, internal: bool| Done {
        rendered: Rendered::Text(if request.format == ClassifyFormat::Text {
            format!("\n== {name}: {error}\n")
        } else {
            String::new()
        }),
        result: FileClassification {
            file: name.to_string(),
            loops: Vec::new(),
            error: Some(error),
            elapsed: start.elapsed(),
        },
        internal_error: internal,
    };
    let settings = ReadSettings { deadline: Some(deadline), ..ReadSettings::default() };
    let program = match leapfrog_c_frontend::load_program_with(&input.files, &input.options, &settings) {
        Ok(p) => p,
        Err(e @ FrontendError::Internal(_)) => return failed(format!("internal error: {e}"), true),
        Err(FrontendError::TimedOut) => {
            return failed("reading the file did not finish within the time limit".into(), false);
        }
        Err(e) => return failed(e.to_string(), false),
    };
    let semantics = request.options.semantics;
    let analysed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        leapfrog_proteus::job::classify_program(&program, semantics, request.slice, deadline)
    }));
    let mut loops = match analysed {
        Ok(loops) => loops,
        Err(_) => return failed("internal error: the classification panicked".into(), true),
    };
    // Leapfrog's string models are not the user's loops (as in `loops`).
    loops.retain(|l| !leapfrog_c_frontend::preprocess::is_support_file(program.files.path(l.span.file)));
    let result = FileClassification { file: name.to_string(), loops, error: None, elapsed: start.elapsed() };
    let rendered = match request.format {
        ClassifyFormat::Json => {
            let mut json = emit::file_to_json(&program.files, &result);
            json["diagnostics"] = leapfrog_report::diagnostics::to_json(&program.files, &program.diagnostics);
            Rendered::Json(json)
        }
        ClassifyFormat::Text => {
            let diagnostics = leapfrog_report::diagnostics::to_text(&program.files, &program.diagnostics);
            Rendered::Text(format!(
                "\n== {name}: {} loop(s)\n{diagnostics}{}",
                result.loops.len(),
                emit::file_to_text(&program.files, &result)
            ))
        }
        ClassifyFormat::Dot => Rendered::Text(emit::file_to_dot(&program.files, &result)),
    };
    Done { rendered, result, internal_error: false }
}

/// A one-line progress report on standard error, only on a terminal and after a second of work.
struct Progress {
    total: usize,
    terminal: bool,
    shown: std::sync::atomic::AtomicBool,
}

impl Progress {
    fn new(total: usize) -> Progress {
        // SAFETY: isatty only reads the descriptor's state.
        let terminal = unsafe { libc::isatty(2) } == 1;
        Progress { total, terminal, shown: std::sync::atomic::AtomicBool::new(false) }
    }

    fn update(&self, finished: usize, name: &str, start: Instant) {
        if !self.terminal || start.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.shown.store(true, Ordering::SeqCst);
        let width = 30;
        let filled = width * finished / self.total.max(1);
        let bar = format!("{}{}", "#".repeat(filled), "-".repeat(width - filled));
        let short: String = name.chars().rev().take(40).collect::<Vec<_>>().into_iter().rev().collect();
        eprint!("\r\x1b[2K[{bar}] {finished}/{} {short}", self.total);
    }

    fn clear(&self) {
        if self.shown.load(Ordering::SeqCst) {
            eprint!("\r\x1b[2K");
        }
    }
}
