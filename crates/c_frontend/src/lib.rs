//! Leapfrog's C front end: from `.c`/`.i` files to one IR [`Program`].
//!
//! Pipeline: [`preprocess`] (gcc -E with our prelude, line markers kept) → [`prune`] (the bodies
//! of system-header functions the program never names are dropped) → lang-c's parser →
//! [`lower`] (C types, name resolution, lowering of statements and expressions to the CFG IR,
//! linking of several files by name). Meanwhile [`check`] lets gcc itself check the same input
//! (`gcc -fsyntax-only`). Everything runs within an optional deadline ([`load_program_with`]).
//!
//! What the IR cannot model (floating point, function pointers, inline assembly, bit-fields, ...)
//! is replaced by a nondeterministic value or an opaque step, with an `unsupported` diagnostic.
//! Input that is not valid C is an error: what cannot be preprocessed or parsed, what gcc
//! rejects, and what the lowering itself finds invalid (a duplicate label, a `goto` to a missing
//! label, `break` outside a loop, a duplicate `case`, an undeclared identifier), so that invalid
//! input never reaches an analysis even where gcc could not check it.
//!
//! Invariant: depends on the IR, never the reverse; no analysis lives here.

pub mod check;
pub mod ctypes;
mod linemap;
pub mod lower;
pub mod preprocess;
mod process;
mod prune;

use check::SyntaxCheck;
use leapfrog_ir::Program;
use leapfrog_source::{Diagnostic, Severity, SourceFiles, Span};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

pub use check::InputError;
pub use lower::LowerOptions as FrontendOptions;
pub use lower::VolatileReads;

/// Why a program could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrontendError {
    /// No input files were given.
    NoInput,
    /// A file could not be read or preprocessed.
    Preprocess { path: String, message: String },
    /// A file is not C that the parser accepts.
    Syntax { file: String, line: u32, col: u32, message: String },
    /// The input is not valid C: gcc's errors, or the lowering's.
    Invalid(Vec<InputError>),
    /// Reading the program did not finish by the deadline.
    TimedOut,
    /// A bug in the front end (a panic, caught).
    Internal(String),
}

impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FrontendError::NoInput => write!(f, "error: no input files"),
            FrontendError::Preprocess { path, message } => write!(f, "{path}: error: {message}"),
            FrontendError::Syntax { file, line, col, message } => write!(f, "{file}:{line}:{col}: error: {message}"),
            FrontendError::Invalid(errors) => {
                let shown: Vec<String> = errors.iter().map(InputError::to_string).collect();
                write!(f, "{}", shown.join("\n"))
            }
            FrontendError::TimedOut => write!(f, "error: reading the program did not finish within the time limit"),
            FrontendError::Internal(m) => write!(f, "internal error in the C front end: {m}"),
        }
    }
}

impl std::error::Error for FrontendError {}

/// Stack for parsing and lowering: lang-c's parser and the lowering recurse over the syntax tree,
/// and real inputs nest deeply (a 2.7 MB chain of `else if`s exists in the benchmarks).
const FRONTEND_STACK_BYTES: usize = 1 << 30;

/// How a program is read, beyond the language options.
#[derive(Clone, Debug)]
pub struct ReadSettings {
    /// Give up at this instant ([`FrontendError::TimedOut`]).
    pub deadline: Option<Instant>,
    /// Let gcc check the input ([`check`]); without it only the lowering's own checks reject
    /// invalid input (for tests of those).
    pub compiler_check: bool,
}

impl Default for ReadSettings {
    fn default() -> ReadSettings {
        ReadSettings { deadline: None, compiler_check: true }
    }
}

/// How long [`load_program_with`] waits past the deadline for its worker to stop.
const WIND_DOWN: std::time::Duration = std::time::Duration::from_millis(100);

/// Read, preprocess, parse and lower the files of one program.
pub fn load_program(paths: &[PathBuf], opts: &FrontendOptions) -> Result<Program, FrontendError> {
    load_program_with(paths, opts, &ReadSettings::default())
}

/// [`load_program`] with a deadline (and optionally without gcc's check). At the deadline the
/// answer is [`FrontendError::TimedOut`] at once: gcc is killed, and the lowering, which checks
/// the deadline as it goes, stops on its own thread soon after.
pub fn load_program_with(
    paths: &[PathBuf],
    opts: &FrontendOptions,
    settings: &ReadSettings,
) -> Result<Program, FrontendError> {
    if paths.is_empty() {
        return Err(FrontendError::NoInput);
    }
    let paths = paths.to_vec();
    let opts = opts.clone();
    let worker_settings = settings.clone();
    let (done, result) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("leapfrog-frontend".into())
        .stack_size(FRONTEND_STACK_BYTES)
        .spawn(move || {
            let _ = done.send(load_on_this_thread(&paths, &opts, &worker_settings));
        })
        .map_err(|e| FrontendError::Internal(format!("cannot start the front-end thread: {e}")))?;
    let received = match settings.deadline {
        Some(deadline) => result.recv_timeout(deadline.saturating_duration_since(Instant::now())),
        None => result.recv().map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
    };
    match received {
        Ok(r) => {
            let _ = worker.join();
            r
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            // The worker notices the deadline itself (gcc is killed, the lowering stops at its
            // next statement); give it a moment to wind down, unless it is stuck in the parser.
            let _ = result.recv_timeout(WIND_DOWN);
            Err(FrontendError::TimedOut)
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => match worker.join() {
            Err(panic) => Err(FrontendError::Internal(panic_message(&panic))),
            Ok(()) => Err(FrontendError::Internal("the front-end thread ended without an answer".into())),
        },
    }
}

fn load_on_this_thread(
    paths: &[PathBuf],
    opts: &FrontendOptions,
    settings: &ReadSettings,
) -> Result<Program, FrontendError> {
    let deadline = settings.deadline;
    let mut files = SourceFiles::new();
    let mut units = Vec::new();
    let mut checks = Vec::new();
    for path in paths {
        let (pre, check) = match preprocess::preprocess_within(
            path,
            opts.data_model,
            &opts.preprocessor_flags,
            deadline,
            settings.compiler_check,
        ) {
            Ok(read) => read,
            Err(preprocess::Failure::TimedOut) => return Err(FrontendError::TimedOut),
            Err(preprocess::Failure::Error(e)) => {
                return Err(FrontendError::Preprocess { path: e.path.display().to_string(), message: e.message });
            }
        };
        match parse_file(path, pre, &mut files) {
            Ok(unit) => {
                units.push(unit);
                checks.extend(check);
            }
            Err(syntax) => {
                // gcc's message says more than lang-c's list of expected tokens.
                let errors = finish_checks(check.into_iter().collect(), deadline)?;
                return Err(if errors.is_empty() { syntax } else { FrontendError::Invalid(errors) });
            }
        }
    }
    let mut program = lower::lower_units(&units, files.clone(), opts, deadline);
    // The string functions (and `sprintf` helpers) the program calls without a body: their models
    // join the program.
    let needed = program.as_ref().map(library_calls).unwrap_or_default();
    let m32 = opts.data_model == leapfrog_ir::DataModel::ILP32;
    match preprocess::string_models(&needed, m32) {
        Ok(Some(models)) => {
            let path = models.path.clone();
            units.push(parse_file(&path, models, &mut files)?);
            program = lower::lower_units(&units, files, opts, deadline);
        }
        Ok(None) => {}
        Err(e) => return Err(FrontendError::Preprocess { path: e.path.display().to_string(), message: e.message }),
    }
    let errors = finish_checks(checks, deadline)?;
    if !errors.is_empty() {
        return Err(FrontendError::Invalid(errors));
    }
    let Some(program) = program else { return Err(FrontendError::TimedOut) };
    let errors: Vec<InputError> = program
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .map(|d| InputError {
            file: program.files.path(d.span.file).to_string(),
            line: d.span.line,
            col: d.span.col,
            message: d.message.clone(),
        })
        .collect();
    if !errors.is_empty() {
        return Err(FrontendError::Invalid(errors));
    }
    // The IR's invariants are checked after every lowering: a violation is a bug in the front
    // end, and analyses must never run on a broken IR.
    if let Err(errors) = leapfrog_ir::verify::verify_program(&program) {
        let shown: Vec<String> = errors.iter().take(5).map(|e| e.to_string()).collect();
        return Err(FrontendError::Internal(format!("the lowered IR is invalid: {}", shown.join("; "))));
    }
    Ok(program)
}

/// The functions `p` calls without a body that have a model (`preprocess::string_models`): string
/// functions, and the helpers a `sprintf` with a literal format was lowered into (`lower::format`).
fn library_calls(p: &Program) -> std::collections::BTreeSet<String> {
    let modelled = preprocess::modelled_string_functions();
    p.funcs
        .values()
        .flat_map(|f| f.edges.values())
        .filter_map(|e| match &e.cmd {
            leapfrog_ir::Command::CallExtern { name, .. } if modelled.contains(&name.as_str()) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// The errors gcc found, in the order of the files.
fn finish_checks(checks: Vec<SyntaxCheck>, deadline: Option<Instant>) -> Result<Vec<InputError>, FrontendError> {
    let mut errors = Vec::new();
    for c in checks {
        errors.extend(c.finish(deadline).map_err(|_| FrontendError::TimedOut)?);
    }
    Ok(errors)
}

fn parse_file(
    path: &Path,
    mut pre: preprocess::Preprocessed,
    files: &mut SourceFiles,
) -> Result<lower::Unit, FrontendError> {
    let display = path.display().to_string();
    let config = lang_c::driver::Config {
        cpp_command: "gcc".into(),
        cpp_options: Vec::new(),
        flavor: lang_c::driver::Flavor::GnuC11,
    };
    let mut text = std::mem::take(&mut pre.text);
    if let Some(pruned) = prune::drop_unused_system_functions(&text) {
        text = pruned;
    }
    let mut repairs = 0;
    loop {
        match lang_c::driver::parse_preprocessed(&config, text) {
            Ok(parse) => {
                let linemap = linemap::LineMap::new(&parse.source, &display, files);
                let file = files.intern(&display);
                let mut notes: Vec<Diagnostic> = pre
                    .caveat
                    .iter()
                    .map(|c| Diagnostic::new(Severity::Unsupported, Span::new(file, 0, 0), c.clone()))
                    .collect();
                notes.extend(pragma_pack_notes(&parse.source, &linemap, files));
                return Ok(lower::Unit { parse, linemap, notes });
            }
            Err(e) => {
                text = e.source;
                if repairs < MAX_IMPLICIT_INT_REPAIRS && insert_implicit_int(&mut text, e.offset) {
                    repairs += 1;
                    continue;
                }
                let linemap = linemap::LineMap::new(&text, &display, files);
                let span = linemap.span(e.offset);
                let mut expected: Vec<&str> = e.expected.iter().copied().collect();
                expected.sort_unstable();
                return Err(FrontendError::Syntax {
                    file: files.path(span.file).to_string(),
                    line: span.line,
                    col: span.col,
                    message: format!("syntax error, expected one of: {}", expected.join(" ")),
                });
            }
        }
    }
}

/// `#pragma pack` changes struct layouts, which Leapfrog does not model (outside system headers).
fn pragma_pack_notes(text: &str, linemap: &linemap::LineMap, files: &SourceFiles) -> Vec<Diagnostic> {
    let mut notes = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let directive = line.trim_start();
        if let Some(rest) = directive.strip_prefix('#')
            && rest.trim_start().starts_with("pragma")
            && rest.contains("pack")
        {
            let span = linemap.span(offset + (line.len() - directive.len()));
            if !files.path(span.file).starts_with("/usr/") {
                notes.push(Diagnostic::new(Severity::Unsupported, span, "#pragma pack (it changes struct layouts)"));
            }
        }
        offset += line.len();
    }
    notes
}

/// How many K&R implicit-`int` definitions one file may need repaired.
const MAX_IMPLICIT_INT_REPAIRS: usize = 1000;

/// K&R C (Mälardalen's `main() { ... }`) defines functions without a return type, meaning `int`;
/// lang-c's grammar requires one. When the parse fails exactly at an identifier that starts a
/// line and is followed by `(`, insert `int ` there and parse again.
fn insert_implicit_int(text: &mut String, offset: usize) -> bool {
    let Some(rest) = text.get(offset..) else { return false };
    let ident_len = rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
    let starts_ident = rest.bytes().next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    let after = rest[ident_len..].trim_start_matches([' ', '\t']);
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let at_line_start = text[line_start..offset].trim().is_empty();
    if !starts_ident || !after.starts_with('(') || !at_line_start {
        return false;
    }
    text.insert_str(offset, "int ");
    true
}

fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}
