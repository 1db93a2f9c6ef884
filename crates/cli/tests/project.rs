//! Project mode (`--compile-commands`, `--html`): a small project of three translation units —
//! one that needs its include path and a define from the compilation database, one plain, one
//! that does not compile — run through `terminate`, `bound`, `classify` and `loops`. Every unit
//! that can be read is analysed, each function with loops from its own entry; the broken unit
//! is reported without stopping the others; the results are sorted; the summary counts them; the
//! HTML report shows each job's answers for the functions and loops, and each file's source with
//! its loops and evidence. The report is rendered by a real headless browser (Chromium) when one
//! is installed (`.ci/run` installs it and sets `LEAPFROG_REQUIRE_BROWSER=1`, which makes a
//! missing browser a failure).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

#[path = "support/schemas.rs"]
mod schemas;

/// The project: `src/count.c` (needs `-Iinclude -DLIMIT=10`), `src/spin.c`, `src/broken.c`.
fn project(name: &str) -> (PathBuf, String) {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::create_dir_all(dir.join("include")).unwrap();
    std::fs::create_dir_all(dir.join("build")).unwrap();
    write(&dir, "include/limits_here.h", "#ifndef LIMIT\n#error LIMIT must be defined\n#endif\n#define STEP 1\n");
    write(
        &dir,
        "src/count.c",
        "#include \"limits_here.h\"\n\
         int count_up(int n) {\n  int s = 0;\n  for (int i = 0; i < n; i += STEP)\n    s += i;\n  return s;\n}\n\
         int count_fixed(void) {\n  int k = 0;\n  while (k < LIMIT)\n    k++;\n  return k;\n}\n\
         int no_loops(int x) { return x + 1; }\n",
    );
    write(
        &dir,
        "src/spin.c",
        "int spin(int x) {\n  while (x > 0)\n    x = x + 1;\n  return x;\n}\n\
         int main(void) { return spin(0); }\n",
    );
    write(&dir, "src/broken.c", "int broken(int n) {\n  while (n > 0 {\n    n--;\n  }\n  return n;\n}\n");
    let db = serde_json::json!([
        {
            "directory": dir.join("build").display().to_string(),
            "command": "cc -I../include -DLIMIT=10 -O2 -c ../src/count.c -o count.o",
            "file": "../src/count.c"
        },
        {
            "directory": dir.join("build").display().to_string(),
            "arguments": ["cc", "-c", dir.join("src/spin.c").display().to_string()],
            "file": dir.join("src/spin.c").display().to_string()
        },
        {
            "directory": dir.join("build").display().to_string(),
            "arguments": ["cc", "-c", "../src/broken.c"],
            "file": "../src/broken.c"
        },
        {
            "directory": dir.join("build").display().to_string(),
            "arguments": ["cc", "-c", "../src/fast.S"],
            "file": "../src/fast.S"
        }
    ]);
    let db_path = write(&dir, "build/compile_commands.json", &db.to_string());
    (dir, db_path)
}

fn json_of(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The unit whose file ends with `name`.
fn unit<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["units"].as_array().unwrap().iter().find(|u| u["file"].as_str().unwrap().ends_with(name)).unwrap()
}

/// `function`'s run of the unit: its answer.
fn answer(unit: &Value, function: &str) -> String {
    let run = unit["runs"].as_array().unwrap().iter().find(|r| r["function"] == function);
    run.unwrap_or_else(|| panic!("no run of {function}: {unit}"))["result"].as_str().unwrap_or("none").to_string()
}

#[test]
fn terminate_over_a_project_answers_per_function_and_reports_the_broken_unit() {
    let (dir, db) = project("terminate");
    let html = dir.join("report");
    let out = leapfrog(&[
        "terminate",
        "--compile-commands",
        &db,
        "--format",
        "json",
        "--jobs",
        "2",
        "--timeout",
        "20",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let report = json_of(&out);
    assert_eq!(report["job"], "terminate");
    // Sorted by file, whatever order the runs ended in.
    let files: Vec<&str> = report["units"].as_array().unwrap().iter().map(|u| u["file"].as_str().unwrap()).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert_eq!(files.len(), 3);

    let count = unit(&report, "src/count.c");
    assert_eq!(count["read"], true, "the database's -I and -D reach the preprocessor: {count}");
    let functions: Vec<&str> =
        count["runs"].as_array().unwrap().iter().map(|r| r["function"].as_str().unwrap()).collect();
    assert_eq!(functions, ["count_up", "count_fixed"], "each function with loops, in source order; none without");
    assert_eq!(answer(count, "count_up"), "TRUE", "from its own entry, n arbitrary");
    assert_eq!(answer(count, "count_fixed"), "TRUE");
    let spin = unit(&report, "src/spin.c");
    assert_eq!(answer(spin, "spin"), "FALSE(termination)", "spin(1) runs forever");
    assert_eq!(spin["runs"].as_array().unwrap().len(), 1, "main has no loops of its own: not run");

    let broken = unit(&report, "src/broken.c");
    assert_eq!(broken["read"], false);
    assert!(broken["error"].as_str().unwrap().contains("broken.c"), "{broken}");
    assert!(broken["runs"].as_array().unwrap().is_empty());

    assert_eq!(report["skipped"], serde_json::json!(["fast.S"]), "assembly is left out, and said");
    let summary = &report["summary"];
    assert_eq!(summary["units"], 3);
    assert_eq!(summary["units_read"], 2);
    assert_eq!(summary["runs"], 3);
    assert_eq!(summary["results"]["TRUE"], 2);
    assert_eq!(summary["results"]["FALSE(termination)"], 1);

    // The HTML report: the index names the functions with their verdicts and the unit that
    // was not read; the file page shows the source and the ranking function beside the loop.
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    for needle in ["count_up", "count_fixed", "spin", "FALSE(termination)", "Units not read", "broken.c"] {
        assert!(index.contains(needle), "index.html lacks {needle}");
    }
    let count_page = page_of(&html, "count.c");
    assert!(count_page.contains("while (k &lt; LIMIT)"), "the source, escaped");
    assert!(count_page.contains("ranking function"), "the certificate beside the loop");
    let spin_page = page_of(&html, "spin.c");
    assert!(spin_page.contains("recurrent set"), "the non-termination argument beside the loop");
    assert!(html.join("data/terminate.json").is_file());
}

/// The text of the file page of the source file `name`.
fn page_of(html: &Path, name: &str) -> String {
    std::fs::read_to_string(page_path(html, name)).unwrap()
}

/// The file page of the source file `name` (`files/N-NAME.html`).
fn page_path(html: &Path, name: &str) -> PathBuf {
    std::fs::read_dir(html.join("files"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.file_name().unwrap().to_str().unwrap().ends_with(&format!("-{name}.html")))
        .unwrap_or_else(|| panic!("no page for {name}"))
}

#[test]
fn jobs_run_into_one_html_report_side_by_side_and_print_sorted_text() {
    let (dir, db) = project("sidebyside");
    let html = dir.join("report");
    let html = html.to_str().unwrap();
    let classify = leapfrog(&["classify", "--compile-commands", &db, "--html", html, "--jobs", "2"]);
    assert_eq!(classify.status.code(), Some(0), "{}", String::from_utf8_lossy(&classify.stderr));
    let text = String::from_utf8_lossy(&classify.stdout);
    // Text: per unit, sorted, then the summary with the loop types.
    let broken = text.find("broken.c: not read").expect("the broken unit is named");
    let count = text.find("count.c: 2 loops").expect("count.c's loops");
    let spin = text.find("spin.c: 1 loop").expect("spin.c's loop");
    assert!(broken < count && count < spin, "{text}");
    assert!(text.contains("Summary (classify): 3 units (2 read, 1 not read), 3 loops"), "{text}");
    assert!(text.contains("type 1"), "{text}");

    let bound = leapfrog(&["bound", "--compile-commands", &db, "--html", html, "--format", "json", "--timeout", "20"]);
    assert_eq!(bound.status.code(), Some(0), "{}", String::from_utf8_lossy(&bound.stderr));
    let report = json_of(&bound);
    let count = unit(&report, "src/count.c");
    assert_eq!(answer(count, "count_up"), "O(n^1)");
    assert_eq!(answer(count, "count_fixed"), "O(1)");

    let loops = leapfrog(&["loops", "--compile-commands", &db, "--format", "json"]);
    let report = json_of(&loops);
    assert_eq!(report["summary"]["loops"], 3);

    let index = std::fs::read_to_string(Path::new(html).join("index.html")).unwrap();
    assert!(index.contains("<th>classify</th>") && index.contains("<th>bound</th>"), "both jobs' columns");
    assert!(index.contains("type 1"));
    assert!(index.contains("O(n^1)"));
    let page = page_of(Path::new(html), "count.c");
    assert!(page.contains("closed forms") && page.contains("max(0, n)"), "classify's and bound's evidence");
    render_in_a_browser(Path::new(html), &dir);
}

#[test]
fn options_for_one_program_are_refused_in_project_mode() {
    let (_dir, db) = project("refused");
    for args in [
        vec!["terminate", "--compile-commands", &db, "--witness", "w.yml"],
        vec!["terminate", "--compile-commands", &db, "--entry", "spin"],
        vec!["exec", "--compile-commands", &db],
        vec!["bound", "--compile-commands", &db, "--format", "termcomp"],
    ] {
        let out = leapfrog(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("error:"), "{args:?}");
    }
    let missing = leapfrog(&["loops", "--compile-commands", "/nonexistent/compile_commands.json"]);
    assert_eq!(missing.status.code(), Some(2));
}

/// Chromium, if installed.
fn browser() -> Option<PathBuf> {
    let candidates = [std::env::var_os("LEAPFROG_CHROMIUM").map(PathBuf::from), Some("/usr/bin/chromium".into())];
    candidates.into_iter().flatten().find(|p| p.is_file())
}

/// Renders the index and one file page headless: each to a PNG of some size, and the text of
/// its DOM as the browser built it holds the results.
fn render_in_a_browser(html: &Path, scratch: &Path) {
    let Some(chromium) = browser() else {
        assert!(
            std::env::var_os("LEAPFROG_REQUIRE_BROWSER").is_none(),
            "LEAPFROG_REQUIRE_BROWSER is set but no Chromium is installed"
        );
        eprintln!("note: no Chromium installed: the HTML report is checked as text only");
        return;
    };
    let profile = scratch.join("chromium-profile");
    let run = |extra: &[String], page: &Path| {
        let mut cmd = Command::new(&chromium);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
        ]);
        cmd.arg(format!("--user-data-dir={}", profile.display()));
        cmd.args(extra);
        cmd.arg(format!("file://{}", page.display()));
        process::run_limited(cmd, scratch, "chromium", std::time::Duration::from_secs(120))
            .expect("chromium did not finish within 120 s")
    };
    let file_page = page_path(html, "count.c");
    for (page, wanted) in
        [(html.join("index.html"), ["count_fixed", "O(n^1)"]), (file_page, ["closed forms", "max(0, n)"])]
    {
        let png = scratch.join(format!("{}.png", page.file_stem().unwrap().to_str().unwrap()));
        let (status, _, err) = run(&[format!("--screenshot={}", png.display())], &page);
        assert!(status.success(), "chromium failed: {err}");
        let bytes = std::fs::read(&png).unwrap_or_default();
        assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000, "no real screenshot of {}", page.display());
        let (status, dom, err) = run(&["--dump-dom".to_string()], &page);
        assert!(status.success(), "chromium failed: {err}");
        for w in wanted {
            assert!(dom.contains(w), "the rendered page lacks {w}: {dom}");
        }
    }
}

/// `--format sarif` over a project: one SARIF log, valid against the official schema, with a run
/// per function with loops (each with its verdict's results and the JSON report in its
/// properties) and a last run whose invocation names the unit that was not read; `--fail-on
/// false` fails the exit status because one function may not terminate.
#[test]
fn a_project_gives_one_sarif_log_and_fails_on_false_when_asked() {
    let (_dir, db) = project("sarif");
    let out = leapfrog(&[
        "terminate",
        "--compile-commands",
        &db,
        "--format",
        "sarif",
        "--timeout",
        "20",
        "--fail-on",
        "false",
    ]);
    assert_eq!(out.status.code(), Some(1), "spin() may not terminate: --fail-on false fails");
    let log = json_of(&out);
    let validator = schemas::validator("sarif-schema-2.1.0.json");
    if let Err(e) = validator.validate(&log) {
        panic!("the project's SARIF does not validate: {e} at {}", e.instance_path());
    }
    let runs = log["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 4, "three functions with loops and the invocation run");
    let warnings: Vec<&Value> =
        runs.iter().flat_map(|r| r["results"].as_array().unwrap()).filter(|r| r["level"] == "warning").collect();
    assert_eq!(warnings.len(), 1, "spin's loop");
    assert!(runs[..3].iter().all(|r| r["properties"]["leapfrog"]["job"] == "terminate"));
    let notes = runs[3]["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
    assert_eq!(notes.len(), 1);
    assert!(notes[0]["message"]["text"].as_str().unwrap().contains("broken.c"), "{}", notes[0]);
    let text = leapfrog(&["terminate", "--compile-commands", &db, "--timeout", "20", "--fail-on", "false"]);
    assert_eq!(text.status.code(), Some(1), "the same in text");
    let unknown = leapfrog(&["terminate", "--compile-commands", &db, "--timeout", "20"]);
    assert_eq!(unknown.status.code(), Some(0), "without --fail-on the status does not depend on the verdicts");
    let bound = leapfrog(&["bound", "--compile-commands", &db, "--format", "sarif", "--timeout", "20"]);
    assert_eq!(bound.status.code(), Some(0));
    assert!(validator.is_valid(&json_of(&bound)), "bound's project SARIF validates");
}
