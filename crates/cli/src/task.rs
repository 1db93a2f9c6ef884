//! SV-COMP task definitions (`*.yml`) as input.
//!
//! Owns the meaning of a task file in BenchExec's task-definition format (versions 1.0, 1.1 and
//! 2.0; sv-benchmarks uses all three): `input_files` (one name or a list, relative to the task
//! file's folder), `properties` (each a `property_file` and an optional `expected_verdict`), and
//! in 2.0 `options.language` and `options.data_model`. Other keys (`required_files`, comments,
//! further options) are ignored.
//!
//! A task file stands for its input files: [`crate::jobs::Input::resolve`] replaces a `.yml`
//! argument by them, takes its data model unless `--data-model` is given, and keeps the parsed
//! [`Task`] in `Input::task` so that a job can ask which properties the task states
//! ([`Task::has_property`]) and what it expects ([`Task::expected`]). This module decides
//! nothing about what a job does with them.
//!
//! Reading is strict where a mistake would silently change the program or the data model (a
//! missing input file, an unknown data model, a language other than C, a wrong type) and never
//! panics: the file is capped at [`MAX_TASK_FILE_BYTES`], and before the YAML tree is built the
//! event stream is checked for nesting deeper than [`MAX_NESTING`] and for aliases (task files
//! use neither; refusing them keeps "billion laughs" inputs out of the tree builder).
//! File-name patterns in `input_files` (allowed by BenchExec, unused by sv-benchmarks) are not
//! expanded; a pattern is reported as a missing file.

use std::fmt;
use std::path::{Path, PathBuf};

use leapfrog_ir::DataModel;
use yaml_rust2::parser::Parser;
use yaml_rust2::{Event, Yaml, YamlLoader};

/// Task files larger than this are refused (sv-benchmarks' are under 1 KiB).
pub const MAX_TASK_FILE_BYTES: u64 = 1 << 20;

/// Deepest nesting of YAML sequences and mappings accepted (a task file needs 3).
pub const MAX_NESTING: usize = 32;

/// The task-definition format versions understood.
pub const FORMAT_VERSIONS: [&str; 3] = ["1.0", "1.1", "2.0"];

/// A parsed task definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    /// The task file as given.
    pub path: PathBuf,
    /// The program's input files, resolved against the task file's folder, in the file's order.
    pub files: Vec<PathBuf>,
    /// `options.data_model`, if stated.
    pub data_model: Option<DataModel>,
    /// The properties in the file's order (including those without a verdict, such as coverage
    /// goals).
    pub properties: Vec<TaskProperty>,
}

/// One entry of `properties`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskProperty {
    pub kind: PropertyKind,
    /// `expected_verdict`: `Some(true)` if the property holds, `Some(false)` if it is violated,
    /// `None` if not stated.
    pub expected: Option<bool>,
}

/// A property, named after the stem of its `.prp` file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PropertyKind {
    /// `unreach-call.prp`: the error function is never called.
    UnreachCall,
    /// `termination.prp`: every execution terminates.
    Termination,
    /// `no-overflow.prp`: no signed-integer overflow.
    NoOverflow,
    /// `valid-memsafety.prp`: valid frees, dereferences and memory tracking.
    ValidMemsafety,
    /// Any other property file (e.g. `coverage-branches`), by its stem.
    Other(String),
}

impl PropertyKind {
    /// The kind named by a `property_file` entry such as `../properties/unreach-call.prp`.
    pub fn from_property_file(file: &str) -> PropertyKind {
        let name = file.rsplit(['/', '\\']).next().unwrap_or(file);
        PropertyKind::from_name(name.strip_suffix(".prp").unwrap_or(name))
    }

    /// The kind named `name` (a `.prp` stem, also the manifest's `property` column).
    pub fn from_name(name: &str) -> PropertyKind {
        match name {
            "unreach-call" => PropertyKind::UnreachCall,
            "termination" => PropertyKind::Termination,
            "no-overflow" => PropertyKind::NoOverflow,
            "valid-memsafety" => PropertyKind::ValidMemsafety,
            other => PropertyKind::Other(other.to_string()),
        }
    }

    /// The `.prp` stem: `unreach-call`, `termination`, ...
    pub fn name(&self) -> &str {
        match self {
            PropertyKind::UnreachCall => "unreach-call",
            PropertyKind::Termination => "termination",
            PropertyKind::NoOverflow => "no-overflow",
            PropertyKind::ValidMemsafety => "valid-memsafety",
            PropertyKind::Other(name) => name,
        }
    }
}

impl fmt::Display for PropertyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a task file cannot be used: `path[:line:col]: error: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskError {
    pub path: PathBuf,
    /// 1-based line and column, for YAML syntax errors.
    pub position: Option<(usize, usize)>,
    pub message: String,
}

impl fmt::Display for TaskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: error: {}", self.path.display(), self.message),
            None => write!(f, "{}: error: {}", self.path.display(), self.message),
        }
    }
}

impl std::error::Error for TaskError {}

/// Whether `path` names a task definition (by its extension, `.yml` or `.yaml`).
pub fn is_task_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yml" || e == "yaml")
}

impl Task {
    /// Reads the task file at `path` and checks that its input files exist.
    pub fn read(path: &Path) -> Result<Task, TaskError> {
        let error = |message: String| TaskError { path: path.to_path_buf(), position: None, message };
        let size = std::fs::metadata(path).map_err(|e| error(format!("cannot read the task file: {e}")))?.len();
        if size > MAX_TASK_FILE_BYTES {
            return Err(error(format!("{size} bytes is too large for a task definition")));
        }
        let bytes = std::fs::read(path).map_err(|e| error(format!("cannot read the task file: {e}")))?;
        let text = String::from_utf8(bytes).map_err(|_| error("the task file is not UTF-8 text".to_string()))?;
        let task = Task::parse(path, &text)?;
        for file in &task.files {
            if !file.is_file() {
                let what = if file.exists() { "is not a file" } else { "does not exist" };
                return Err(error(format!("input file {} {what}", file.display())));
            }
        }
        Ok(task)
    }

    /// Parses the text of the task file at `path` (which is only used to resolve input files and
    /// for messages; the file system is not touched).
    pub fn parse(path: &Path, text: &str) -> Result<Task, TaskError> {
        let error = |message: String| TaskError { path: path.to_path_buf(), position: None, message };
        check_events(text).map_err(|(position, message)| TaskError { path: path.to_path_buf(), position, message })?;
        let docs = YamlLoader::load_from_str(text).map_err(|e| TaskError {
            path: path.to_path_buf(),
            position: Some((e.marker().line(), e.marker().col() + 1)),
            message: format!("malformed YAML: {}", e.info()),
        })?;
        let doc = match docs.as_slice() {
            [doc] => doc,
            [] => return Err(error("empty task file".to_string())),
            _ => return Err(error("a task file holds one YAML document, this one has several".to_string())),
        };
        let Yaml::Hash(top) = doc else {
            return Err(error(
                "a task definition is a mapping (`format_version: ...`, `input_files: ...`)".to_string(),
            ));
        };
        let get = |key: &str| top.get(&Yaml::String(key.to_string()));

        let version = match get("format_version") {
            Some(Yaml::String(v) | Yaml::Real(v)) => v.clone(),
            None => return Err(error("missing `format_version`".to_string())),
            Some(_) => return Err(error("`format_version` must be a version such as '2.0'".to_string())),
        };
        if !FORMAT_VERSIONS.contains(&version.as_str()) {
            return Err(error(format!(
                "unsupported format_version `{version}` (known: {})",
                FORMAT_VERSIONS.join(", ")
            )));
        }

        let base = path.parent().unwrap_or(Path::new(""));
        let names = match get("input_files") {
            Some(Yaml::String(name)) => vec![name.as_str()],
            Some(Yaml::Array(items)) => items
                .iter()
                .map(|item| match item {
                    Yaml::String(name) => Ok(name.as_str()),
                    _ => Err(error("every entry of `input_files` must be a file name".to_string())),
                })
                .collect::<Result<Vec<_>, _>>()?,
            None => return Err(error("missing `input_files`".to_string())),
            Some(_) => return Err(error("`input_files` must be a file name or a list of file names".to_string())),
        };
        if names.is_empty() {
            return Err(error("`input_files` is empty".to_string()));
        }
        if names.iter().any(|n| n.trim().is_empty()) {
            return Err(error("`input_files` has an empty file name".to_string()));
        }
        let files = names.iter().map(|n| base.join(n)).collect();

        let properties = match get("properties") {
            None | Some(Yaml::Null) => Vec::new(),
            Some(Yaml::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| property(item).map_err(|m| error(format!("properties[{i}]: {m}"))))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(error("`properties` must be a list".to_string())),
        };

        let options = match get("options") {
            None | Some(Yaml::Null) => None,
            Some(Yaml::Hash(options)) => Some(options),
            Some(_) => return Err(error("`options` must be a mapping".to_string())),
        };
        let option = |key: &str| options.and_then(|o| o.get(&Yaml::String(key.to_string())));
        match option("language") {
            None => {}
            Some(Yaml::String(language)) if language.eq_ignore_ascii_case("C") => {}
            Some(Yaml::String(language)) => {
                return Err(error(format!("language `{language}` is not supported (Leapfrog reads C)")));
            }
            Some(_) => return Err(error("`options.language` must be a name such as C".to_string())),
        }
        let data_model = match option("data_model") {
            None => None,
            Some(Yaml::String(model)) if model.eq_ignore_ascii_case("ILP32") => Some(DataModel::ILP32),
            Some(Yaml::String(model)) if model.eq_ignore_ascii_case("LP64") => Some(DataModel::LP64),
            Some(Yaml::String(model)) => {
                return Err(error(format!("unknown data_model `{model}` (known: ILP32, LP64)")));
            }
            Some(_) => return Err(error("`options.data_model` must be ILP32 or LP64".to_string())),
        };

        Ok(Task { path: path.to_path_buf(), files, data_model, properties })
    }

    /// The first entry for `kind`, if the task states that property.
    #[allow(dead_code, reason = "for the verdict jobs (verify, terminate)")]
    pub fn property(&self, kind: &PropertyKind) -> Option<&TaskProperty> {
        self.properties.iter().find(|p| p.kind == *kind)
    }

    /// Whether the task states the property `kind` (with or without an expected verdict).
    #[allow(dead_code, reason = "for the verdict jobs (verify, terminate)")]
    pub fn has_property(&self, kind: &PropertyKind) -> bool {
        self.property(kind).is_some()
    }

    /// The expected verdict of `kind`: `None` if the task does not state the property or states
    /// it without a verdict.
    #[allow(dead_code, reason = "for the verdict jobs (verify, terminate)")]
    pub fn expected(&self, kind: &PropertyKind) -> Option<bool> {
        self.property(kind).and_then(|p| p.expected)
    }
}

/// One entry of `properties`.
fn property(item: &Yaml) -> Result<TaskProperty, String> {
    let Yaml::Hash(entry) = item else {
        return Err("must be a mapping with a `property_file`".to_string());
    };
    let kind = match entry.get(&Yaml::String("property_file".to_string())) {
        Some(Yaml::String(file)) if !file.trim().is_empty() => PropertyKind::from_property_file(file),
        Some(_) => return Err("`property_file` must be a file name".to_string()),
        None => return Err("missing `property_file`".to_string()),
    };
    let expected = match entry.get(&Yaml::String("expected_verdict".to_string())) {
        None | Some(Yaml::Null) => None,
        Some(Yaml::Boolean(verdict)) => Some(*verdict),
        Some(_) => return Err("`expected_verdict` must be true or false".to_string()),
    };
    Ok(TaskProperty { kind, expected })
}

/// Walks the YAML event stream (iteratively) and refuses aliases and nesting deeper than
/// [`MAX_NESTING`], so that building the tree afterwards is cheap and shallow. Syntax errors are
/// left to the loader, which reports them the same way.
fn check_events(text: &str) -> Result<(), (Option<(usize, usize)>, String)> {
    let mut parser = Parser::new_from_str(text);
    let mut depth = 0usize;
    loop {
        let Ok((event, mark)) = parser.next_token() else {
            return Ok(());
        };
        let position = Some((mark.line(), mark.col() + 1));
        match event {
            Event::StreamEnd => return Ok(()),
            Event::Alias(_) => {
                return Err((position, "YAML aliases (`*name`) are not supported in task files".to_string()));
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err((position, format!("nested deeper than {MAX_NESTING} levels")));
                }
            }
            Event::SequenceEnd | Event::MappingEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Task, String> {
        Task::parse(Path::new("dir/t.yml"), text).map_err(|e| e.to_string())
    }

    const FULL: &str = "\
format_version: '2.0'

# old file name: x_true-unreach-call.c
input_files: 'a.c'

properties:
  - property_file: ../properties/termination.prp
    expected_verdict: true
  - property_file: ../properties/unreach-call.prp
    expected_verdict: false
  - property_file: ../properties/coverage-branches.prp

options:
  language: C
  data_model: ILP32
";

    #[test]
    fn a_full_task_file() {
        let task = parse(FULL).unwrap();
        assert_eq!(task.path, Path::new("dir/t.yml"));
        assert_eq!(task.files, [Path::new("dir/a.c")]);
        assert_eq!(task.data_model, Some(DataModel::ILP32));
        assert_eq!(
            task.properties,
            [
                TaskProperty { kind: PropertyKind::Termination, expected: Some(true) },
                TaskProperty { kind: PropertyKind::UnreachCall, expected: Some(false) },
                TaskProperty { kind: PropertyKind::Other("coverage-branches".to_string()), expected: None },
            ]
        );
        assert!(task.has_property(&PropertyKind::UnreachCall));
        assert!(!task.has_property(&PropertyKind::NoOverflow));
        assert_eq!(task.expected(&PropertyKind::Termination), Some(true));
        assert_eq!(task.expected(&PropertyKind::UnreachCall), Some(false));
        assert_eq!(task.expected(&PropertyKind::Other("coverage-branches".to_string())), None);
        assert_eq!(task.expected(&PropertyKind::NoOverflow), None);
    }

    #[test]
    fn format_1_without_options_and_lists_of_input_files() {
        let task = parse("format_version: '1.0'\ninput_files:\n  - a.c\n  - sub/b.c\n").unwrap();
        assert_eq!(task.files, [Path::new("dir/a.c"), Path::new("dir/sub/b.c")]);
        assert_eq!((task.data_model, task.properties.len()), (None, 0));
        let flow = parse("format_version: 2.0\ninput_files: [a.c, b.c]\noptions: {language: c, data_model: lp64}\n");
        let flow = flow.unwrap();
        assert_eq!(flow.files.len(), 2);
        assert_eq!(flow.data_model, Some(DataModel::LP64));
        let top = Task::parse(Path::new("t.yml"), "format_version: '2.0'\ninput_files: a.c\n").unwrap();
        assert_eq!(top.files, [Path::new("a.c")]);
    }

    #[test]
    fn property_kinds_come_from_the_file_stem() {
        assert_eq!(PropertyKind::from_property_file("../properties/no-overflow.prp"), PropertyKind::NoOverflow);
        assert_eq!(PropertyKind::from_property_file("valid-memsafety.prp"), PropertyKind::ValidMemsafety);
        assert_eq!(PropertyKind::from_property_file("p\\termination.prp"), PropertyKind::Termination);
        assert_eq!(PropertyKind::from_property_file("x/def-behavior.prp").name(), "def-behavior");
        assert_eq!(PropertyKind::from_name("unreach-call").to_string(), "unreach-call");
    }

    #[test]
    fn mistakes_are_errors_with_the_file_name() {
        let cases = [
            ("", "dir/t.yml: error: empty task file"),
            ("- a\n- b\n", "a task definition is a mapping"),
            ("input_files: a.c\n", "missing `format_version`"),
            ("format_version: '3.0'\ninput_files: a.c\n", "unsupported format_version `3.0`"),
            ("format_version: '2.0'\n", "missing `input_files`"),
            ("format_version: '2.0'\ninput_files: []\n", "`input_files` is empty"),
            ("format_version: '2.0'\ninput_files: 7\n", "`input_files` must be a file name"),
            ("format_version: '2.0'\ninput_files: [a.c, [b.c]]\n", "every entry of `input_files`"),
            (
                "format_version: '2.0'\ninput_files: a.c\noptions:\n  language: Java\n",
                "language `Java` is not supported",
            ),
            ("format_version: '2.0'\ninput_files: a.c\noptions:\n  data_model: LP32\n", "unknown data_model `LP32`"),
            ("format_version: '2.0'\ninput_files: a.c\noptions: 3\n", "`options` must be a mapping"),
            ("format_version: '2.0'\ninput_files: a.c\nproperties: x\n", "`properties` must be a list"),
            (
                "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - expected_verdict: true\n",
                "properties[0]: missing `property_file`",
            ),
            (
                "format_version: '2.0'\ninput_files: a.c\nproperties:\n  - property_file: t.prp\n    expected_verdict: maybe\n",
                "properties[0]: `expected_verdict` must be true or false",
            ),
            ("---\nformat_version: '2.0'\n---\nformat_version: '2.0'\n", "several"),
        ];
        for (text, wanted) in cases {
            let message = parse(text).unwrap_err();
            assert!(message.starts_with("dir/t.yml"), "{message}");
            assert!(message.contains(wanted), "{text:?}: {message}");
        }
    }

    #[test]
    fn malformed_yaml_has_a_position() {
        let message = parse("format_version: '2.0'\ninput_files: [a.c\n").unwrap_err();
        assert!(message.starts_with("dir/t.yml:"), "{message}");
        assert!(message.contains("malformed YAML"), "{message}");
        let message = parse("format_version: '2.0\n").unwrap_err();
        assert!(message.contains("malformed YAML"), "{message}");
    }

    #[test]
    fn aliases_and_deep_nesting_are_refused() {
        let laughs = "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n";
        assert!(parse(laughs).unwrap_err().contains("aliases"));
        let deep = format!("format_version: '2.0'\ninput_files: {}a.c{}\n", "[".repeat(100), "]".repeat(100));
        assert!(parse(&deep).unwrap_err().contains("nested deeper than 32"));
        let block = format!("{}1\n", "- ".repeat(100_000));
        assert!(parse(&block).unwrap_err().contains("nested deeper"));
    }

    #[test]
    fn read_checks_input_files_and_size() {
        let dir = crate::bench::test_support::TempDir::new("task-read");
        dir.write("a.c", "int main(void) { return 0; }\n");
        let good = dir.write("good.yml", "format_version: '2.0'\ninput_files: a.c\n");
        assert_eq!(Task::read(&good).unwrap().files, [dir.path().join("a.c")]);
        let missing = dir.write("missing.yml", "format_version: '2.0'\ninput_files: [a.c, gone.c]\n");
        let message = Task::read(&missing).unwrap_err().to_string();
        assert!(
            message.ends_with(&format!("error: input file {} does not exist", dir.path().join("gone.c").display())),
            "{message}"
        );
        dir.mkdir("folder.c");
        let folder = dir.write("folder.yml", "format_version: '2.0'\ninput_files: folder.c\n");
        assert!(Task::read(&folder).unwrap_err().to_string().ends_with("is not a file"));
        let big = dir.write("big.yml", &"#".repeat(MAX_TASK_FILE_BYTES as usize + 1));
        assert!(Task::read(&big).unwrap_err().to_string().contains("too large"));
        std::fs::write(dir.path().join("latin1.yml"), b"format_version: '2.0'\n# \xe9\n").unwrap();
        assert!(Task::read(&dir.path().join("latin1.yml")).unwrap_err().to_string().contains("not UTF-8"));
        assert!(Task::read(&dir.path().join("nope.yml")).unwrap_err().to_string().contains("cannot read"));
    }

    /// Every task file of the development benchmarks reads, and agrees with `svcomp-tasks.csv`
    /// (written independently) on input file, data model and verdicts.
    #[test]
    fn every_benchmark_task_file_agrees_with_the_task_list() {
        let dir = match std::env::var_os("LEAPFROG_BENCHMARKS") {
            Some(d) => PathBuf::from(d),
            None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
        };
        let list = crate::bench::csv::CsvTable::read(&dir.join("svcomp-tasks.csv")).unwrap();
        let column = |name: &str| list.require_column(name, "svcomp-tasks.csv").unwrap();
        let (task_col, input_col, model_col, verdicts_col) =
            (column("task"), column("input_file"), column("data_model"), column("verdicts"));
        let mut checked = 0;
        for record in &list.rows {
            let f = &record.fields;
            if !f[task_col].ends_with(".yml") {
                continue;
            }
            let task = Task::read(&dir.join(&f[task_col])).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(task.files, [dir.join(&f[input_col])]);
            let model = match f[model_col].as_str() {
                "ILP32" => Some(DataModel::ILP32),
                "LP64" => Some(DataModel::LP64),
                _ => None,
            };
            assert_eq!(task.data_model, model, "{}", f[task_col]);
            for verdict in f[verdicts_col].split(';') {
                let (file, expected) = verdict.split_once('=').unwrap();
                let kind = PropertyKind::from_property_file(file);
                assert_eq!(task.expected(&kind), Some(expected == "true"), "{} {file}", f[task_col]);
            }
            checked += 1;
        }
        assert!(checked >= 50, "only {checked} task files");
    }

    /// Mutated task files (bytes replaced, inserted, deleted; YAML punctuation favoured) are
    /// either tasks or errors, never panics.
    #[test]
    fn mutated_task_files_never_panic() {
        const ALPHABET: &[u8] = b"-:[]{},&*!|>'\"#%@` \n\tax0.?";
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        for _ in 0..20_000 {
            let mut bytes = FULL.as_bytes().to_vec();
            for _ in 0..1 + next(6) {
                let at = next(bytes.len() + 1);
                let byte = ALPHABET[next(ALPHABET.len())];
                match next(3) {
                    0 if at < bytes.len() => bytes[at] = byte,
                    1 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    _ => bytes.insert(at, byte),
                }
            }
            let _ = parse(&String::from_utf8_lossy(&bytes));
        }
    }
}
