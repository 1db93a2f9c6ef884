//! Running the system preprocessor.
//!
//! A `.c` file goes through `gcc -E` (line markers kept, so positions map back to the original
//! files) with Leapfrog's prelude (`-include`) and include directory (`-I`, for our `<assert.h>`);
//! a `.i` file is already preprocessed and is read as is. The prelude and include directory are
//! compiled into the binary and written once to a per-version directory under the system's
//! temporary directory.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const PRELUDE: &str = include_str!("../include/leapfrog_prelude.h");
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
}

/// Preprocess one input file (or read it, for `.i`).
pub fn preprocess(path: &Path, data_model: leapfrog_ir::DataModel) -> Result<Preprocessed, PreprocessError> {
    let fail = |message: String| PreprocessError { path: path.to_path_buf(), message };
    if !path.is_file() {
        return Err(fail("no such file".to_string()));
    }
    if path.extension().is_some_and(|e| e == "i") {
        let bytes = fs::read(path).map_err(|e| fail(e.to_string()))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        return Ok(Preprocessed { path: path.to_path_buf(), text, caveat: None });
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
        let out = Command::new("gcc")
            .arg("-E")
            .arg("-std=gnu11")
            .args(*extra)
            .arg("-I")
            .arg(&support)
            .arg("-include")
            .arg(support.join("leapfrog_prelude.h"))
            .arg("-D__LEAPFROG__=1")
            .arg(path)
            .output()
            .map_err(|e| fail(format!("cannot run gcc -E: {e}")))?;
        if out.status.success() {
            let caveat = (attempt > 0).then(|| {
                "32-bit system headers are not installed: types from system headers (such as int64_t) \
                 keep their 64-bit definitions under ILP32"
                    .to_string()
            });
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            return Ok(Preprocessed { path: path.to_path_buf(), text, caveat });
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).take(5).collect();
        last_error = format!("preprocessing failed: {}", first.join(" / "));
    }
    Err(fail(last_error))
}

/// The directory holding our prelude and headers, written on first use.
fn support_dir() -> std::io::Result<PathBuf> {
    let dir =
        std::env::temp_dir().join(format!("leapfrog-include-{}-{:016x}", env!("CARGO_PKG_VERSION"), fingerprint()));
    if dir.join("assert.h").is_file() && dir.join("leapfrog_prelude.h").is_file() {
        return Ok(dir);
    }
    fs::create_dir_all(&dir)?;
    for (name, text) in [("leapfrog_prelude.h", PRELUDE), ("assert.h", ASSERT_H)] {
        // Write to a unique temporary name and rename, so concurrent runs never see a partial file.
        let tmp = dir.join(format!(".{name}.{}", std::process::id()));
        fs::File::create(&tmp)?.write_all(text.as_bytes())?;
        fs::rename(&tmp, dir.join(name))?;
    }
    Ok(dir)
}

/// A hash of the support files, so a changed prelude gets a fresh directory.
fn fingerprint() -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in PRELUDE.bytes().chain(ASSERT_H.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}
