//! The benchmark manifest and the tasks planned from it.
//!
//! Owns the meaning of `manifest.csv` (`id,suite,file,property,expected,origin`, one row per
//! program and property, `file` relative to the manifest's folder) and of the `data_model` column
//! of `svcomp-tasks.csv` beside it, the suite/property filters, and the turning of rows into
//! [`Task`]s: which files make up a program (a `tacle-bench` program is its whole folder), which
//! data model is passed, and whether rows of the same program share one run (property-independent
//! jobs) or run one by one.
//!
//! Planning reads the file system to list a `tacle-bench` folder; [`check_files_exist`] then
//! refuses a plan naming a program file that does not exist (most likely a wrong manifest or
//! checkout), before any task runs.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use super::csv::CsvTable;

/// The suite whose programs span all `.c` files of the manifest file's folder.
pub const MULTI_FILE_SUITE: &str = "tacle-bench";

/// The SV-COMP task list looked for beside the manifest.
pub const SVCOMP_TASKS_FILE: &str = "svcomp-tasks.csv";

/// One row of the manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestRow {
    pub id: String,
    pub suite: String,
    /// Path relative to the manifest's folder, `/`-separated as written.
    pub file: String,
    pub property: String,
    /// `true` / `false` / `unknown`, or a stated bound; carried into the results, never used to run.
    pub expected: String,
    pub origin: String,
    /// 1-based line in the manifest, for messages.
    pub line: usize,
}

/// A parsed manifest.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// The folder that `file` entries are relative to.
    pub dir: PathBuf,
    pub rows: Vec<ManifestRow>,
}

impl Manifest {
    /// Reads and checks `path`: required columns, non-empty `id`/`suite`/`file`, unique ids.
    pub fn read(path: &Path) -> io::Result<Manifest> {
        let table = CsvTable::read(path)?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let rows = rows_from_table(&table, &path.display().to_string())?;
        Ok(Manifest { dir, rows })
    }
}

fn rows_from_table(table: &CsvTable, origin: &str) -> io::Result<Vec<ManifestRow>> {
    let invalid = |line: usize, message: String| {
        io::Error::new(io::ErrorKind::InvalidData, format!("{origin}:{line}: {message}"))
    };
    let [id, suite, file, property, expected] =
        ["id", "suite", "file", "property", "expected"].map(|name| table.require_column(name, origin));
    let (id, suite, file, property, expected) = (id?, suite?, file?, property?, expected?);
    let origin_column = table.column("origin");

    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut rows = Vec::with_capacity(table.rows.len());
    for record in &table.rows {
        let f = &record.fields;
        for (column, name) in [(id, "id"), (suite, "suite"), (file, "file")] {
            if f[column].trim().is_empty() {
                return Err(invalid(record.line, format!("empty `{name}`")));
            }
        }
        if let Some(first) = seen.insert(&f[id], record.line) {
            return Err(invalid(record.line, format!("duplicate id `{}` (first on line {first})", f[id])));
        }
        rows.push(ManifestRow {
            id: f[id].clone(),
            suite: f[suite].clone(),
            file: f[file].clone(),
            property: f[property].clone(),
            expected: f[expected].clone(),
            origin: origin_column.map(|c| f[c].clone()).unwrap_or_default(),
            line: record.line,
        });
    }
    Ok(rows)
}

/// The rows whose suite is in `suites` and whose property is in `properties` (an empty filter
/// keeps everything), in manifest order. A filter value that matches no row at all is an error
/// (most likely a typo), and so is a selection that is empty as a whole.
pub fn select_rows<'m>(
    rows: &'m [ManifestRow],
    suites: &[String],
    properties: &[String],
) -> io::Result<Vec<&'m ManifestRow>> {
    check_filter_values("suite", suites, rows.iter().map(|r| r.suite.as_str()))?;
    check_filter_values("property", properties, rows.iter().map(|r| r.property.as_str()))?;
    let keeps = |filter: &[String], value: &str| filter.is_empty() || filter.iter().any(|f| f == value);
    let selected: Vec<&ManifestRow> =
        rows.iter().filter(|r| keeps(suites, &r.suite) && keeps(properties, &r.property)).collect();
    if selected.is_empty() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("no manifest row has suite in [{}] and property in [{}]", suites.join(", "), properties.join(", ")),
        ));
    }
    Ok(selected)
}

fn check_filter_values<'m>(what: &str, wanted: &[String], present: impl Iterator<Item = &'m str>) -> io::Result<()> {
    if wanted.is_empty() {
        return Ok(());
    }
    let mut known: Vec<&str> = present.collect();
    known.sort_unstable();
    known.dedup();
    match wanted.iter().find(|w| !known.contains(&w.as_str())) {
        None => Ok(()),
        Some(unknown) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("unknown {what} `{unknown}` (the manifest has: {})", known.join(", ")),
        )),
    }
}

/// Data models of SV-COMP input files, from the `input_file` and `data_model` columns of
/// `svcomp-tasks.csv`. Only values that look like a data-model name (letters and digits, e.g.
/// `ILP32`, `LP64`) are kept: empty cells and notes such as "(not stated; ...)" mean "pass nothing".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataModels {
    by_input_file: HashMap<String, String>,
}

impl DataModels {
    /// Reads `svcomp-tasks.csv` beside `manifest_dir`, or returns an empty map if there is none.
    pub fn read_beside(manifest_dir: &Path) -> io::Result<DataModels> {
        let path = manifest_dir.join(SVCOMP_TASKS_FILE);
        if !path.is_file() {
            return Ok(DataModels::default());
        }
        let table = CsvTable::read(&path)?;
        DataModels::from_table(&table, &path.display().to_string())
    }

    fn from_table(table: &CsvTable, origin: &str) -> io::Result<DataModels> {
        let input = table.require_column("input_file", origin)?;
        let model = table.require_column("data_model", origin)?;
        let mut by_input_file = HashMap::new();
        for record in &table.rows {
            let value = record.fields[model].trim();
            if !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric()) {
                by_input_file.entry(record.fields[input].clone()).or_insert_with(|| value.to_string());
            }
        }
        Ok(DataModels { by_input_file })
    }

    /// The data model of the manifest file `file`, if one is stated.
    pub fn lookup(&self, file: &str) -> Option<&str> {
        self.by_input_file.get(file).map(String::as_str)
    }
}

/// Whether `job` gives the same answer for every property of a program, so that rows of the
/// same program share one run (`loops`, `exec` and `bound` do; `verify` and `terminate` do not).
pub fn job_is_property_independent(job: &str) -> bool {
    matches!(job, "loops" | "exec" | "bound")
}

/// One run of the tool: a program (one or more files) and the manifest rows it answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    /// The id of the first row.
    pub id: String,
    pub suite: String,
    /// The program's files relative to the manifest's folder, the manifest's `file` first.
    pub files: Vec<String>,
    /// Passed as `--data-model` when present.
    pub data_model: Option<String>,
    /// The rows this run answers, in manifest order; never empty. One row for a
    /// property-dependent job; every row of the program for a property-independent one.
    pub rows: Vec<ManifestRow>,
}

impl Task {
    /// The row the task is named after.
    pub fn first_row(&self) -> &ManifestRow {
        &self.rows[0]
    }
}

/// Turns selected rows into tasks, in manifest order. With `share_program_runs`, rows whose
/// program has the same files become one task (named after the first of them).
pub fn plan_tasks(
    manifest_dir: &Path,
    rows: &[&ManifestRow],
    share_program_runs: bool,
    data_models: &DataModels,
) -> Vec<Task> {
    let mut tasks: Vec<Task> = Vec::new();
    let mut task_of_program: HashMap<Vec<String>, usize> = HashMap::new();
    for &row in rows {
        let files = program_files(manifest_dir, &row.suite, &row.file);
        if share_program_runs {
            if let Some(&index) = task_of_program.get(&files) {
                tasks[index].rows.push(row.clone());
                continue;
            }
            task_of_program.insert(files.clone(), tasks.len());
        }
        tasks.push(Task {
            id: row.id.clone(),
            suite: row.suite.clone(),
            files,
            data_model: data_models.lookup(&row.file).map(str::to_string),
            rows: vec![row.clone()],
        });
    }
    tasks
}

/// The most missing files an error lists.
const MISSING_SHOWN: usize = 5;

/// An error naming the program files of `tasks` that do not exist (with the manifest line of the
/// row that names them), if any does not.
pub fn check_files_exist(manifest_dir: &Path, tasks: &[Task]) -> io::Result<()> {
    let missing: Vec<String> = tasks
        .iter()
        .flat_map(|t| t.files.iter().map(move |f| (t, f)))
        .filter(|(_, f)| !manifest_dir.join(f).is_file())
        .map(|(t, f)| format!("line {}: {f}", t.first_row().line))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let mut listed = missing.iter().take(MISSING_SHOWN).cloned().collect::<Vec<_>>().join("; ");
    if missing.len() > MISSING_SHOWN {
        listed.push_str(&format!("; and {} more", missing.len() - MISSING_SHOWN));
    }
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        format!(
            "{} program file{} named by the manifest {} not exist (relative to {}): {listed}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" },
            if missing.len() == 1 { "does" } else { "do" },
            manifest_dir.display()
        ),
    ))
}

/// The files of the program named by a manifest `file`: just that file, except in
/// [`MULTI_FILE_SUITE`], where it is every `.c` file of its folder (the manifest's file first,
/// the others sorted by name). An unreadable folder leaves the file alone; the run reports it.
pub fn program_files(manifest_dir: &Path, suite: &str, file: &str) -> Vec<String> {
    let mut files = vec![file.to_string()];
    if suite != MULTI_FILE_SUITE {
        return files;
    }
    let (folder, own_name) = file.rsplit_once('/').unwrap_or(("", file));
    let Ok(entries) = std::fs::read_dir(manifest_dir.join(folder)) else {
        return files;
    };
    let mut others: Vec<String> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| name.ends_with(".c") && name != own_name)
        .collect();
    others.sort();
    files.extend(others.into_iter().map(|name| if folder.is_empty() { name } else { format!("{folder}/{name}") }));
    files
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::test_support::TempDir;

    const HEADER: &str = "id,suite,file,property,expected,origin\n";

    fn rows(body: &str) -> Vec<ManifestRow> {
        let table = CsvTable::parse(&format!("{HEADER}{body}"), "m.csv").unwrap();
        rows_from_table(&table, "m.csv").unwrap()
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    fn ids(rows: &[&ManifestRow]) -> Vec<String> {
        rows.iter().map(|r| r.id.clone()).collect()
    }

    const SAMPLE: &str = "\
a#termination,s1,s1/a.c,termination,true,o
a#unreach-call,s1,s1/a.c,unreach-call,false,\"x, y\"
b#termination,s2,s2/b.c,termination,unknown,o
c#bound,s3,s3/c.c,bound,O(n^2),o
";

    #[test]
    fn rows_carry_all_columns_and_lines() {
        let rows = rows(SAMPLE);
        assert_eq!(rows.len(), 4);
        assert_eq!(
            rows[1],
            ManifestRow {
                id: "a#unreach-call".into(),
                suite: "s1".into(),
                file: "s1/a.c".into(),
                property: "unreach-call".into(),
                expected: "false".into(),
                origin: "x, y".into(),
                line: 3,
            }
        );
        assert_eq!(rows[3].expected, "O(n^2)");
    }

    #[test]
    fn bad_manifests_are_clear_errors() {
        let table = CsvTable::parse("id,suite,property\n", "m.csv").unwrap();
        let missing = rows_from_table(&table, "m.csv").unwrap_err().to_string();
        assert!(missing.contains("missing column `file`"), "{missing}");

        let table = CsvTable::parse(&format!("{HEADER}x,s,a.c,p,true,o\nx,s,b.c,p,true,o\n"), "m.csv").unwrap();
        let duplicate = rows_from_table(&table, "m.csv").unwrap_err().to_string();
        assert_eq!(duplicate, "m.csv:3: duplicate id `x` (first on line 2)");

        let table = CsvTable::parse(&format!("{HEADER}x,s,,p,true,o\n"), "m.csv").unwrap();
        assert!(rows_from_table(&table, "m.csv").unwrap_err().to_string().contains("empty `file`"));
    }

    #[test]
    fn manifest_read_reports_a_missing_file_and_resolves_its_folder() {
        let dir = TempDir::new("manifest-read");
        let missing = Manifest::read(&dir.path().join("nope.csv")).unwrap_err();
        assert_eq!(missing.kind(), io::ErrorKind::NotFound);
        assert!(missing.to_string().contains("nope.csv"));

        dir.write("m.csv", &format!("{HEADER}{SAMPLE}"));
        let manifest = Manifest::read(&dir.path().join("m.csv")).unwrap();
        assert_eq!(manifest.dir, dir.path());
        assert_eq!(manifest.rows.len(), 4);
    }

    #[test]
    fn filters_by_suite_and_property() {
        let rows = rows(SAMPLE);
        assert_eq!(select_rows(&rows, &[], &[]).unwrap().len(), 4);
        assert_eq!(ids(&select_rows(&rows, &strings(&["s1"]), &[]).unwrap()), ["a#termination", "a#unreach-call"]);
        assert_eq!(
            ids(&select_rows(&rows, &[], &strings(&["termination"])).unwrap()),
            ["a#termination", "b#termination"]
        );
        assert_eq!(
            ids(&select_rows(&rows, &strings(&["s1", "s3"]), &strings(&["unreach-call", "bound"])).unwrap()),
            ["a#unreach-call", "c#bound"]
        );
    }

    #[test]
    fn unknown_filter_values_and_empty_selections_are_errors() {
        let rows = rows(SAMPLE);
        let typo = select_rows(&rows, &strings(&["s9"]), &[]).unwrap_err().to_string();
        assert_eq!(typo, "unknown suite `s9` (the manifest has: s1, s2, s3)");
        assert!(select_rows(&rows, &[], &strings(&["overflow"])).is_err());
        let empty = select_rows(&rows, &strings(&["s2"]), &strings(&["bound"])).unwrap_err();
        assert_eq!(empty.kind(), io::ErrorKind::InvalidInput);
    }

    #[test]
    fn tacle_bench_programs_are_their_folder_with_the_manifest_file_first() {
        let dir = TempDir::new("tacle");
        for name in ["main.c", "a_input.c", "z_util.c", "header.h", "notes.txt"] {
            dir.write(&format!("tacle-bench/kernel/prog/{name}"), "");
        }
        dir.mkdir("tacle-bench/kernel/prog/sub.c");
        assert_eq!(
            program_files(dir.path(), "tacle-bench", "tacle-bench/kernel/prog/main.c"),
            ["tacle-bench/kernel/prog/main.c", "tacle-bench/kernel/prog/a_input.c", "tacle-bench/kernel/prog/z_util.c",]
        );
        // Other suites keep the single file even if it has siblings.
        assert_eq!(
            program_files(dir.path(), "malardalen", "tacle-bench/kernel/prog/main.c"),
            ["tacle-bench/kernel/prog/main.c"]
        );
        // A missing folder leaves the file for the run to report.
        assert_eq!(program_files(dir.path(), "tacle-bench", "tacle-bench/gone/x.c"), ["tacle-bench/gone/x.c"]);
    }

    #[test]
    fn property_independent_jobs_share_one_run_per_program() {
        assert!(job_is_property_independent("loops"));
        assert!(job_is_property_independent("exec"));
        assert!(!job_is_property_independent("verify"));
        assert!(!job_is_property_independent("terminate"));
        assert!(job_is_property_independent("bound"));

        let rows = rows(SAMPLE);
        let selected: Vec<&ManifestRow> = rows.iter().collect();
        let dir = Path::new("/nonexistent");
        let shared = plan_tasks(dir, &selected, true, &DataModels::default());
        assert_eq!(
            shared.iter().map(|t| t.id.as_str()).collect::<Vec<_>>(),
            ["a#termination", "b#termination", "c#bound"]
        );
        assert_eq!(
            shared[0].rows.iter().map(|r| r.property.as_str()).collect::<Vec<_>>(),
            ["termination", "unreach-call"]
        );
        assert_eq!(shared[0].files, ["s1/a.c"]);

        let per_row = plan_tasks(dir, &selected, false, &DataModels::default());
        assert_eq!(per_row.len(), 4);
        assert!(per_row.iter().all(|t| t.rows.len() == 1 && t.id == t.first_row().id));
    }

    #[test]
    fn data_models_come_from_svcomp_tasks_beside_the_manifest() {
        let dir = TempDir::new("data-models");
        assert_eq!(DataModels::read_beside(dir.path()).unwrap(), DataModels::default());

        dir.write(
            SVCOMP_TASKS_FILE,
            "task,input_file,yml_origin,input_origin,data_model,verdicts,other_properties\n\
             s1/a.yml,s1/a.c,o,o,ILP32,termination.prp=true,\n\
             s1/b.yml,s1/b.i,o,o,,termination.prp=true,\n\
             s1/c.c,s1/c.c,o,o,(not stated; SV-COMP used LP64 for no-overflow tasks),no-overflow=false,\n\
             s1/d.yml,s1/d.c,o,o,LP64,\"a=true;b=false\",\n",
        );
        let models = DataModels::read_beside(dir.path()).unwrap();
        assert_eq!(models.lookup("s1/a.c"), Some("ILP32"));
        assert_eq!(models.lookup("s1/d.c"), Some("LP64"));
        assert_eq!(models.lookup("s1/b.i"), None);
        assert_eq!(models.lookup("s1/c.c"), None);
        assert_eq!(models.lookup("s2/a.c"), None);

        let rows = rows("a,s1,s1/a.c,termination,true,o\nz,s2,s2/z.c,termination,true,o\n");
        let selected: Vec<&ManifestRow> = rows.iter().collect();
        let tasks = plan_tasks(dir.path(), &selected, false, &models);
        assert_eq!(tasks[0].data_model.as_deref(), Some("ILP32"));
        assert_eq!(tasks[1].data_model, None);
    }

    #[test]
    fn data_model_file_without_its_columns_is_an_error() {
        let dir = TempDir::new("data-models-bad");
        dir.write(SVCOMP_TASKS_FILE, "task,input\nx,y\n");
        let err = DataModels::read_beside(dir.path()).unwrap_err().to_string();
        assert!(err.contains("missing column `input_file`"), "{err}");
    }
}
