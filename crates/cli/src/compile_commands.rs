//! Reading a project's `compile_commands.json` (the JSON compilation database CMake, Bear and
//! Meson write): per translation unit, the source file and the preprocessor flags it is compiled
//! with, so that `classify` preprocesses each file as the project does.
//!
//! Only the flags that change what the preprocessor produces are kept (`-I`, `-isystem`,
//! `-iquote`, `-idirafter`, `-include`, `-D`, `-U`, `-std=`), with relative paths made absolute
//! against the entry's `directory`; code generation, warnings and output flags are dropped.

use serde_json::Value;
use std::path::{Path, PathBuf};

/// One translation unit of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileCommand {
    /// The source file, absolute.
    pub file: PathBuf,
    pub flags: Vec<String>,
}

/// The translation units of the database at `path`, in its order, each file once.
pub fn read(path: &Path) -> Result<Vec<CompileCommand>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: error: {e}", path.display()))?;
    let json: Value = serde_json::from_str(&text)
        .map_err(|e| format!("{}: error: not a compilation database (JSON: {e})", path.display()))?;
    let entries = json
        .as_array()
        .ok_or_else(|| format!("{}: error: a compilation database is a JSON array of entries", path.display()))?;
    let mut out: Vec<CompileCommand> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let bad = |what: &str| format!("{}: error: entry {}: {what}", path.display(), i + 1);
        let directory = PathBuf::from(entry["directory"].as_str().ok_or_else(|| bad("no \"directory\""))?);
        let file = entry["file"].as_str().ok_or_else(|| bad("no \"file\""))?;
        let arguments: Vec<String> = match (&entry["arguments"], &entry["command"]) {
            (Value::Array(args), _) => args
                .iter()
                .map(|a| a.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("an argument is not a string"))?,
            (_, Value::String(command)) => {
                shlex::split(command).ok_or_else(|| bad("the command cannot be split into words"))?
            }
            _ => return Err(bad("neither \"arguments\" nor \"command\"")),
        };
        let file = absolute(&directory, file);
        if out.iter().any(|c| c.file == file) {
            continue;
        }
        // The first word is the compiler.
        out.push(CompileCommand {
            flags: preprocessor_flags(arguments.get(1..).unwrap_or_default(), &directory),
            file,
        });
    }
    Ok(out)
}

/// `path` against `directory`, with `.` and `..` taken out lexically (as the build would name the
/// file; symbolic links are not followed).
fn absolute(directory: &Path, path: &str) -> PathBuf {
    let p = Path::new(path);
    let joined = if p.is_absolute() { p.to_path_buf() } else { directory.join(p) };
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push(part);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The flags of `arguments` that change what the preprocessor produces, paths made absolute.
fn preprocessor_flags(arguments: &[String], directory: &Path) -> Vec<String> {
    const WITH_PATH: [&str; 5] = ["-I", "-isystem", "-iquote", "-idirafter", "-include"];
    let mut out = Vec::new();
    let mut words = arguments.iter();
    while let Some(word) = words.next() {
        if let Some(flag) = WITH_PATH.iter().find(|f| word.as_str() == **f) {
            // `-I dir`
            if let Some(dir) = words.next() {
                out.push(flag.to_string());
                out.push(absolute(directory, dir).display().to_string());
            }
        } else if let Some(flag) = WITH_PATH.iter().find(|f| f.len() == 2 && word.starts_with(**f)) {
            // `-Idir`
            out.push(format!("{flag}{}", absolute(directory, &word[flag.len()..]).display()));
        } else if word == "-D" || word == "-U" {
            if let Some(value) = words.next() {
                out.push(format!("{word}{value}"));
            }
        } else if word.starts_with("-D") || word.starts_with("-U") || word.starts_with("-std=") {
            out.push(word.clone());
        } else if word == "-o" || word == "-MF" || word == "-MT" || word == "-MQ" {
            // Their argument is a file name, not a flag.
            words.next();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_kept_only_when_they_change_the_preprocessing() {
        let args: Vec<String> = [
            "-Iinclude",
            "-I",
            "/abs",
            "-DHAVE_CONFIG_H",
            "-D",
            "X=1",
            "-UY",
            "-std=gnu99",
            "-O2",
            "-Wall",
            "-o",
            "out.o",
            "-c",
            "-isystem",
            "sys",
            "-include",
            "cfg.h",
            "-MF",
            "dep.d",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            preprocessor_flags(&args, Path::new("/proj/build")),
            [
                "-I/proj/build/include",
                "-I",
                "/abs",
                "-DHAVE_CONFIG_H",
                "-DX=1",
                "-UY",
                "-std=gnu99",
                "-isystem",
                "/proj/build/sys",
                "-include",
                "/proj/build/cfg.h",
            ]
        );
    }

    #[test]
    fn entries_with_a_command_or_arguments_are_read_once_per_file() {
        let dir = std::env::temp_dir().join(format!("leapfrog-cdb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let db = dir.join("compile_commands.json");
        std::fs::write(
            &db,
            r#"[
              {"directory": "/p", "file": "a.c", "command": "cc -I\"inc dir\" -DA=\"x y\" -c a.c"},
              {"directory": "/p", "arguments": ["cc", "-DB", "b.c"], "file": "/q/b.c"},
              {"directory": "/p", "file": "a.c", "command": "cc -DOTHER -c a.c"}
            ]"#,
        )
        .unwrap();
        let units = read(&db).unwrap();
        assert_eq!(units.len(), 2);
        assert_eq!(
            units[0],
            CompileCommand { file: "/p/a.c".into(), flags: vec!["-I/p/inc dir".into(), "-DA=x y".into()] }
        );
        assert_eq!(units[1], CompileCommand { file: "/q/b.c".into(), flags: vec!["-DB".into()] });
        std::fs::write(&db, "{}").unwrap();
        assert!(read(&db).unwrap_err().contains("JSON array"));
    }
}
