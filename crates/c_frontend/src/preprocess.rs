//! Running the system preprocessor.
//!
//! A `.c` file goes through `gcc -E` (line markers kept, so positions map back to the original
//! files) with Leapfrog's prelude (`-include`) and include directory (`-I`, for our `<assert.h>`);
//! a `.i` file is already preprocessed and is read as is. The prelude and include directory are
//! compiled into the binary and written once to a per-version directory under the system's
//! temporary directory. gcc runs within the front end's deadline (it is killed at the deadline).

use crate::check::SyntaxCheck;
use crate::process::{Finished, Running};
use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const PRELUDE: &str = include_str!("../include/leapfrog_prelude.h");
/// The models of the C library's string functions (`string_models`).
const STRING_MODELS: &str = include_str!("../include/leapfrog_string.c");
/// The file name of the string models in the support directory.
const STRING_MODELS_FILE: &str = "leapfrog_string.c";
const ASSERT_H: &str = include_str!("../include/assert.h");

/// Why a file could not be preprocessed.
#[derive(Debug)]
pub struct PreprocessError {
    pub path: PathBuf,
    pub message: String,
}

/// The preprocessed text of one input file.
pub struct Preprocessed {
    pub path: PathBuf,
    pub text: String,
    /// Something about the preprocessing that may change the program's meaning.
    pub caveat: Option<String>,
    /// Whether the text is for gcc's 32-bit target (`-m32`; for `.i` files: the ILP32 data model).
    pub m32: bool,
}

/// Why preprocessing did not produce a text.
#[derive(Debug)]
pub enum Failure {
    Error(PreprocessError),
    /// gcc was still running at the deadline.
    TimedOut,
}

impl From<PreprocessError> for Failure {
    fn from(e: PreprocessError) -> Failure {
        Failure::Error(e)
    }
}

/// Preprocess one input file (or read it, for `.i`).
pub fn preprocess(path: &Path, data_model: leapfrog_ir::DataModel) -> Result<Preprocessed, PreprocessError> {
    match preprocess_within(path, data_model, &[], None, false) {
        Ok((pre, _)) => Ok(pre),
        Err(Failure::Error(e)) => Err(e),
        Err(Failure::TimedOut) => {
            Err(PreprocessError { path: path.to_path_buf(), message: "preprocessing timed out".into() })
        }
    }
}

/// Preprocess one input file (or read it, for `.i`), giving up at the deadline. With `check`,
/// also start gcc's check of the same input ([`SyntaxCheck`]): on the source file with the
/// preprocessing's own arguments, at the same time as `gcc -E`, so that it costs little time.
/// `flags` are the project's preprocessor flags, after Leapfrog's own (whose `-I` comes first,
/// so that our `<assert.h>` is the one included).
pub fn preprocess_within(
    path: &Path,
    data_model: leapfrog_ir::DataModel,
    flags: &[String],
    deadline: Option<Instant>,
    check: bool,
) -> Result<(Preprocessed, Option<SyntaxCheck>), Failure> {
    let fail = |message: String| PreprocessError { path: path.to_path_buf(), message };
    if !path.is_file() {
        return Err(fail("no such file".to_string()).into());
    }
    let ilp32 = data_model == leapfrog_ir::DataModel::ILP32;
    if path.extension().is_some_and(|e| e == "i") {
        let started = check.then(|| SyntaxCheck::start_preprocessed_file(path, ilp32));
        let bytes = fs::read(path).map_err(|e| fail(e.to_string()))?;
        let started = started.map(|c| if ilp32 { c.retry_without_m32(bytes.clone()) } else { c });
        let text = String::from_utf8_lossy(&bytes).into_owned();
        return Ok((Preprocessed { path: path.to_path_buf(), text, caveat: None, m32: ilp32 }, started));
    }
    let support = support_dir().map_err(|e| fail(format!("cannot write the prelude: {e}")))?;
    // Under ILP32, let gcc describe the 32-bit target (`-m32`: `long` and pointers of 4 bytes in
    // <limits.h> and friends). That needs 32-bit system headers for files that include them; when
    // they are missing, fall back to the host's headers (the front end fixes the sizes anyway).
    let attempts: &[&[&str]] = match data_model {
        leapfrog_ir::DataModel::ILP32 => &[&["-m32"], &[]],
        leapfrog_ir::DataModel::LP64 => &[&[]],
    };
    let mut last_error = String::new();
    for (attempt, extra) in attempts.iter().enumerate() {
        let m32 = extra.contains(&"-m32");
        let mut args: Vec<OsString> = vec!["-std=gnu11".into()];
        args.extend(extra.iter().map(OsString::from));
        args.extend(["-I".into(), support.clone().into_os_string(), "-include".into()]);
        args.extend([support.join("leapfrog_prelude.h").into_os_string(), "-D__LEAPFROG__=1".into()]);
        args.extend(flags.iter().map(OsString::from));
        args.push(path.as_os_str().to_owned());
        // The check of the source runs beside `gcc -E` only in the first attempt: a fallback's
        // text is checked once it exists.
        let source_check = (check && attempt == 0).then(|| SyntaxCheck::start_source(&args));
        let mut cmd = Command::new("gcc");
        cmd.arg("-E").args(&args);
        let finished = Running::start(&mut cmd, None, true)
            .and_then(|r| r.wait(deadline))
            .map_err(|e| fail(format!("cannot run gcc -E: {e}")))?;
        let Finished::Exited { status, stdout, stderr } = finished else { return Err(Failure::TimedOut) };
        if status.success() {
            let caveat = (attempt > 0).then(|| {
                "32-bit system headers are not installed: types from system headers (such as int64_t) \
                 keep their 64-bit definitions under ILP32"
                    .to_string()
            });
            let started = match source_check {
                Some(c) if m32 => Some(c.retry_without_m32(stdout.clone())),
                Some(c) => Some(c),
                None => check.then(|| SyntaxCheck::start_text(stdout.clone(), m32)),
            };
            let text = String::from_utf8_lossy(&stdout).into_owned();
            return Ok((Preprocessed { path: path.to_path_buf(), text, caveat, m32 }, started));
        }
        let stderr = String::from_utf8_lossy(&stderr);
        let first: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).take(5).collect();
        last_error = format!("preprocessing failed: {}", first.join(" / "));
    }
    Err(fail(last_error).into())
}

/// The directory holding our prelude and headers, written on first use.
fn support_dir() -> std::io::Result<PathBuf> {
    let dir =
        std::env::temp_dir().join(format!("leapfrog-include-{}-{:016x}", env!("CARGO_PKG_VERSION"), fingerprint()));
    if dir.join("assert.h").is_file()
        && dir.join("leapfrog_prelude.h").is_file()
        && dir.join(STRING_MODELS_FILE).is_file()
    {
        return Ok(dir);
    }
    fs::create_dir_all(&dir)?;
    for (name, text) in [("leapfrog_prelude.h", PRELUDE), ("assert.h", ASSERT_H), (STRING_MODELS_FILE, STRING_MODELS)] {
        // Write to a name unique to this process and call and rename, so concurrent runs (and
        // concurrent threads of one run) never see a partial file nor rename each other's.
        static WRITES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let unique = WRITES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{unique}", std::process::id()));
        fs::File::create(&tmp)?.write_all(text.as_bytes())?;
        fs::rename(&tmp, dir.join(name))?;
    }
    Ok(dir)
}

/// A hash of the support files, so a changed prelude gets a fresh directory.
fn fingerprint() -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in PRELUDE.bytes().chain(ASSERT_H.bytes()).chain(STRING_MODELS.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Whether `path` is one of Leapfrog's own files (the string models a program's calls pull in),
/// not the user's: listings of the user's loops leave their functions out.
pub fn is_support_file(path: &str) -> bool {
    let path = Path::new(path);
    path.file_name().is_some_and(|n| n == STRING_MODELS_FILE)
        && path.parent().and_then(Path::file_name).is_some_and(|d| d.to_string_lossy().starts_with("leapfrog-include-"))
}

/// The string functions Leapfrog has a model of (`include/leapfrog_string.c`).
pub fn modelled_string_functions() -> Vec<&'static str> {
    STRING_MODELS.lines().filter_map(model_starting).collect()
}

/// The function whose model starts at `line` of the string models (`/* model: strlen */`).
fn model_starting(line: &str) -> Option<&str> {
    line.strip_prefix("/* model: ")?.strip_suffix(" */")
}

/// The models of the string functions `needed`, as a unit ready to parse: the model file with
/// the other models' lines left blank, so that positions are those of the file as written (which
/// is in the support directory, for the reports' excerpts). `None` when none is needed.
pub fn string_models(
    needed: &std::collections::BTreeSet<String>,
    m32: bool,
) -> Result<Option<Preprocessed>, PreprocessError> {
    if needed.is_empty() {
        return Ok(None);
    }
    let dir = support_dir().map_err(|e| PreprocessError {
        path: PathBuf::from(STRING_MODELS_FILE),
        message: format!("cannot write the string models: {e}"),
    })?;
    let needed = with_models_they_call(needed);
    // (The parser reads no comments.)
    let mut text = String::new();
    for (section, comment, line) in model_lines() {
        if section.is_none_or(|name| needed.contains(name)) && !comment {
            text.push_str(line);
        }
        text.push('\n');
    }
    Ok(Some(Preprocessed { path: dir.join(STRING_MODELS_FILE), text, caveat: None, m32 }))
}

/// `needed` with the models the needed models call, and those they call in turn (the helpers of
/// `sprintf` call one another: `__leapfrog_put_signed` calls `__leapfrog_put_integer`). A model
/// calls another when its code has the other's name followed by `(`. The file defines a model
/// after the models it calls, so no declarations are needed.
fn with_models_they_call(needed: &std::collections::BTreeSet<String>) -> std::collections::BTreeSet<String> {
    let sections = model_sections();
    let mut all = needed.clone();
    let mut todo: Vec<String> = needed.iter().cloned().collect();
    while let Some(name) = todo.pop() {
        let Some((_, code)) = sections.iter().find(|(n, _)| *n == name) else { continue };
        for (callee, _) in &sections {
            if calls(code, callee) && all.insert(callee.to_string()) {
                todo.push(callee.to_string());
            }
        }
    }
    all
}

/// The models and the code of their sections (the lines up to the next model's, without the
/// comments).
fn model_sections() -> Vec<(&'static str, String)> {
    let mut sections: Vec<(&'static str, String)> = Vec::new();
    for (section, comment, line) in model_lines() {
        let Some(name) = section else { continue };
        if sections.last().is_none_or(|(last, _)| *last != name) {
            sections.push((name, String::new()));
        }
        if !comment && let Some((_, code)) = sections.last_mut() {
            code.push_str(line);
            code.push('\n');
        }
    }
    sections
}

/// The lines of the models file, each with the model whose section holds it (`None` before the
/// first) and whether it is a comment line (the file has comments on lines of their own only).
fn model_lines() -> impl Iterator<Item = (Option<&'static str>, bool, &'static str)> {
    let (mut section, mut in_comment) = (None, false);
    STRING_MODELS.lines().map(move |line| {
        if let Some(name) = model_starting(line) {
            section = Some(name);
        }
        let comment = in_comment || line.trim_start().starts_with("/*");
        in_comment = comment && !line.contains("*/");
        (section, comment, line)
    })
}

/// Whether `code` calls the function `name`: its name, not the end of a longer identifier,
/// followed by `(`.
fn calls(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].trim_start();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') && after.starts_with('(')
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_model_brings_the_models_it_calls() {
        let needed: BTreeSet<String> = ["__leapfrog_put_signed".to_string()].into();
        let all = with_models_they_call(&needed);
        for m in ["__leapfrog_put_signed", "__leapfrog_put_decimal", "__leapfrog_put_char", "__leapfrog_decimal_digits"]
        {
            assert!(all.contains(m), "{m} missing from {all:?}");
        }
        assert!(!all.contains("__leapfrog_put_number") && !all.contains("strlen"), "{all:?}");
        assert!(calls("n = strlen(s) + 1;", "strlen") && calls("strlen (s)", "strlen"));
        assert!(!calls("my_strlen(s)", "strlen") && !calls("strlen2(s)", "strlen") && !calls("strlen;", "strlen"));
    }

    #[test]
    fn a_model_comes_after_the_models_it_calls() {
        // (So that the unit needs no declarations, whichever models it keeps.)
        let sections = model_sections();
        for (i, (name, code)) in sections.iter().enumerate() {
            for (j, (callee, _)) in sections.iter().enumerate() {
                if callee != name && calls(code, callee) {
                    assert!(j < i, "`{name}` calls `{callee}`, defined after it");
                }
            }
        }
    }
}
