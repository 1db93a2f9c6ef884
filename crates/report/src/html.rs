//! The HTML report of a project (`--html DIR`): static pages, no script, no network.
//!
//! Built from project reports (the JSON of a project run, one per job: `classify`,
//! `terminate`, `bound`, ...): `index.html` lists the units that could not be read, every
//! function with loops with each job's answer for it, and every loop with its results (Proteus'
//! loop type, termination verdict and argument, bound, invariants); each file gets a page with
//! its source, every loop and finding marked at its line and its certificate, counterexample or
//! reason beside it. What a finding shows is read from the job's own JSON report; this module
//! only arranges it.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The order of the jobs' columns.
const JOB_ORDER: [&str; 8] =
    ["classify", "terminate", "bound", "verify", "summarize", "invariants", "testgen", "loops"];

/// How a result reads: proven, refuted, not known, or just information.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Tone {
    Good,
    Bad,
    Unknown,
    Info,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Good => "good",
            Tone::Bad => "bad",
            Tone::Unknown => "unknown",
            Tone::Info => "info",
        }
    }

    /// The tone of a verdict word (`TRUE`, `FALSE(termination)`, `UNKNOWN`).
    fn of_verdict(word: &str) -> Tone {
        if word.starts_with("TRUE") {
            Tone::Good
        } else if word.starts_with("FALSE") {
            Tone::Bad
        } else {
            Tone::Unknown
        }
    }
}

/// One thing a job says at a place of the source.
#[derive(Clone, Debug)]
struct Finding {
    job: String,
    line: u64,
    column: u64,
    headline: String,
    tone: Tone,
    /// Labelled pieces of evidence: certificate, counterexample, reason.
    details: Vec<(String, String)>,
}

/// A loop as the `loops` listing gives it.
#[derive(Clone, Debug)]
struct LoopRow {
    function: String,
    line: u64,
    kind: String,
    depth: u64,
}

/// Everything known about one source file.
#[derive(Default)]
struct FilePage {
    /// Shown name (relative to the project's folder).
    name: String,
    loops: BTreeMap<(u64, u64), LoopRow>,
    /// Loop results by place, then job.
    at_loop: BTreeMap<(u64, u64), BTreeMap<String, Finding>>,
    /// Findings away from loops (checks, violations, targets), by place.
    elsewhere: BTreeMap<(u64, u64), Vec<Finding>>,
    /// Per function: per job, the run's answer and reason.
    functions: BTreeMap<String, BTreeMap<String, (String, Option<String>)>>,
}

/// Writes `index.html`, `style.css` and one page per source file into `dir`, from the project
/// reports of one or more jobs; the index's path.
pub fn write_site(dir: &Path, reports: &[Value]) -> std::io::Result<PathBuf> {
    let mut files: BTreeMap<String, FilePage> = BTreeMap::new();
    let mut failed: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    let mut jobs: Vec<String> = Vec::new();
    let root = reports.first().and_then(|r| r["root"].as_str()).unwrap_or("/").to_string();
    for report in reports {
        let job = report["job"].as_str().unwrap_or("?").to_string();
        jobs.push(job.clone());
        for unit in report["units"].as_array().into_iter().flatten() {
            if !unit["read"].as_bool().unwrap_or(false) {
                let name = unit["name"].as_str().unwrap_or("?").to_string();
                let error = unit["error"].as_str().unwrap_or("unknown reason").to_string();
                failed.entry(name).or_default().push((job.clone(), error));
                continue;
            }
            collect_unit(&mut files, &root, &job, unit);
        }
    }
    jobs.sort_by_key(|j| JOB_ORDER.iter().position(|o| o == j).unwrap_or(JOB_ORDER.len()));
    jobs.dedup();
    let pages: BTreeMap<String, String> =
        files.keys().enumerate().map(|(i, path)| (path.clone(), page_name(i, path))).collect();
    std::fs::create_dir_all(dir.join("files"))?;
    std::fs::write(dir.join("style.css"), STYLE)?;
    for (path, page) in &files {
        std::fs::write(dir.join("files").join(&pages[path]), file_html(path, page, &jobs))?;
    }
    let index = dir.join("index.html");
    std::fs::write(&index, index_html(reports, &jobs, &files, &pages, &failed))?;
    Ok(index)
}

/// Adds a unit's loops and its runs' findings to the pages of the files they are in.
fn collect_unit(files: &mut BTreeMap<String, FilePage>, root: &str, job: &str, unit: &Value) {
    let mut function_of: BTreeMap<(String, u64, u64), String> = BTreeMap::new();
    for l in unit["loops"].as_array().into_iter().flatten() {
        let (Some(file), Some(line), Some(column)) = (l["file"].as_str(), l["line"].as_u64(), l["column"].as_u64())
        else {
            continue;
        };
        let function = l["function"].as_str().unwrap_or("").to_string();
        function_of.insert((file.to_string(), line, column), function.clone());
        let page = page_of(files, root, file);
        page.loops.entry((line, column)).or_insert(LoopRow {
            function,
            line,
            kind: l["kind"].as_str().unwrap_or("").to_string(),
            depth: l["depth"].as_u64().unwrap_or(1),
        });
    }
    let unit_file = unit["file"].as_str().unwrap_or("").to_string();
    for run in unit["runs"].as_array().into_iter().flatten() {
        let function = run["function"].as_str();
        if let (Some(f), Some(result)) = (function, run["result"].as_str().or(run["status"].as_str())) {
            let reason = run["reason"].as_str().map(str::to_string);
            page_of(files, root, &unit_file)
                .functions
                .entry(f.to_string())
                .or_default()
                .insert(job.to_string(), (result.to_string(), reason));
        }
        let report = &run["report"];
        if !report.is_object() {
            continue;
        }
        for (file, finding, is_loop) in findings(job, report) {
            // A loop's result shows only for a loop the listing has (not Leapfrog's own string
            // models), and from the run of its own function (a callee's loops have their own run).
            if is_loop {
                match function_of.get(&(file.clone(), finding.line, finding.column)) {
                    Some(owner) if function.is_none_or(|f| f == owner) => {}
                    _ => continue,
                }
            }
            let page = page_of(files, root, &file);
            if is_loop {
                page.at_loop
                    .entry((finding.line, finding.column))
                    .or_default()
                    .entry(job.to_string())
                    .or_insert(finding);
            } else {
                let here = page.elsewhere.entry((finding.line, finding.column)).or_default();
                if !here.iter().any(|f| f.job == finding.job && f.headline == finding.headline) {
                    here.push(finding);
                }
            }
        }
    }
}

fn page_of<'a>(files: &'a mut BTreeMap<String, FilePage>, root: &str, file: &str) -> &'a mut FilePage {
    files.entry(file.to_string()).or_insert_with(|| FilePage {
        name: Path::new(file).strip_prefix(root).map_or_else(|_| file.to_string(), |p| p.display().to_string()),
        ..FilePage::default()
    })
}

/// The findings of one run's report: (file, finding, whether it is about the loop at its place).
fn findings(job: &str, report: &Value) -> Vec<(String, Finding, bool)> {
    let mut out = Vec::new();
    let mut add = |place: &Value, headline: String, tone: Tone, details: Vec<(String, String)>, is_loop: bool| {
        if let (Some(file), Some(line), Some(column)) =
            (place["file"].as_str(), place["line"].as_u64(), place["column"].as_u64())
        {
            let finding = Finding { job: job.to_string(), line, column, headline, tone, details };
            out.push((file.to_string(), finding, is_loop));
        }
    };
    let text = |v: &Value| match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(" && "),
        other => other.to_string(),
    };
    let detail = |pairs: &[(&str, &Value)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .filter(|(_, v)| !v.is_null() && v.as_array().is_none_or(|a| !a.is_empty()))
            .map(|(label, v)| (label.to_string(), text(v)))
            .collect()
    };
    match job {
        "terminate" => {
            for l in report["loops"].as_array().into_iter().flatten() {
                let verdict = l["verdict"].as_str().unwrap_or("UNKNOWN");
                let headline = match l["technique"].as_str() {
                    Some(t) => format!("{verdict} ({t})"),
                    None => verdict.to_string(),
                };
                let c = &l["certificate"];
                let w = &l["witness"];
                let details = detail(&[
                    ("ranking function", &c["expressions"]),
                    ("supporting invariant", &c["supporting_invariant"]),
                    ("disjuncts", &c["disjuncts"]),
                    ("recurrent set", &w["recurrent_set"]),
                    ("stem inputs", &w["stem"]["nondet"]),
                    ("in-loop choices", &w["choices"]),
                    ("reason", &l["reason"]),
                ]);
                add(l, headline, Tone::of_verdict(verdict), details, true);
            }
        }
        "bound" => {
            for l in report["loops"].as_array().into_iter().flatten() {
                let (headline, tone) = match (l["bound"].as_str(), l["max"].as_u64()) {
                    (Some(b), Some(m)) => (format!("{b} (max {m})"), Tone::Good),
                    (Some(b), None) => (b.to_string(), Tone::Good),
                    (None, _) if l["unbounded"].as_bool() == Some(true) => ("unbounded".to_string(), Tone::Bad),
                    (None, _) => ("no bound".to_string(), Tone::Unknown),
                };
                let details = detail(&[
                    ("technique", &l["technique"]),
                    ("certificate", &l["certificate"]),
                    ("evidence", &l["evidence"]),
                    ("reason", &l["reason"]),
                ]);
                add(l, headline, tone, details, true);
            }
        }
        "classify" => {
            for file in report["files"].as_array().into_iter().flatten() {
                for l in file["loops"].as_array().into_iter().flatten() {
                    let (headline, tone) = match l["type"].as_u64() {
                        Some(t) => (format!("type {t}"), Tone::Info),
                        None => ("unsupported".to_string(), Tone::Unknown),
                    };
                    let forms: Vec<String> = l["paths"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .flat_map(|p| p["variables"].as_array().cloned().unwrap_or_default())
                        .filter_map(|v| Some(format!("{} = {}", v["name"].as_str()?, v["closed_form"].as_str()?)))
                        .collect();
                    let forms = Value::from(forms.join("; "));
                    let details = detail(&[("closed forms", &forms), ("unsupported", &l["unsupported"])]);
                    add(l, headline, tone, details, true);
                }
            }
        }
        "verify" => {
            for l in report["certificate"]["loops"].as_array().into_iter().flatten() {
                add(l, "invariant".to_string(), Tone::Good, detail(&[("invariant", &l["invariant"])]), true);
            }
            for check in report["checks"]["list"].as_array().into_iter().flatten() {
                let status = check["status"].as_str().unwrap_or("unknown");
                let tone = match status {
                    "proven" => continue,
                    "violated" => Tone::Bad,
                    _ => Tone::Unknown,
                };
                let headline = format!("{} {status}", check["kind"].as_str().unwrap_or("check"));
                add(check, headline, tone, detail(&[("what", &check["what"]), ("reason", &check["reason"])]), false);
            }
            let cex = &report["counterexample"];
            if !cex.is_null() {
                let headline = report["result"].as_str().unwrap_or("FALSE").to_string();
                let lines: Vec<String> = cex["path"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| Some(format!("line {}", p["line"].as_u64()?)))
                    .collect();
                let path = Value::from(lines.join(" → "));
                let details = detail(&[("inputs", &cex["nondet"]), ("path", &path)]);
                add(&cex["violation"], headline, Tone::Bad, details, false);
            }
        }
        "summarize" => {
            for l in report["loops"].as_array().into_iter().flatten() {
                let headline = format!("summary ({})", l["method"].as_str().unwrap_or("templates"));
                let details =
                    detail(&[("invariant", &l["invariant"]), ("modifies", &l["modifies"]), ("exits", &l["exits"])]);
                add(l, headline, Tone::Info, details, true);
            }
        }
        "invariants" => {
            for l in report["loops"].as_array().into_iter().flatten() {
                add(l, "invariant".to_string(), Tone::Info, detail(&[("invariant", &l["invariant"])]), true);
            }
        }
        "testgen" => {
            for t in report["targets"].as_array().into_iter().flatten() {
                let status = t["status"].as_str().unwrap_or("?");
                let tone = match status {
                    "reached" => Tone::Info,
                    "unreachable" => Tone::Good,
                    _ => Tone::Unknown,
                };
                let headline = format!("{} {status}", t["target"].as_str().unwrap_or("target"));
                add(t, headline, tone, detail(&[("inputs", &t["nondet"]), ("reason", &t["reason"])]), false);
            }
        }
        _ => {}
    }
    out
}

/// `files/3-deflate.c.html` for the file at `index` of the sorted list.
fn page_name(index: usize, path: &str) -> String {
    let base = Path::new(path).file_name().map_or_else(|| "file".to_string(), |n| n.to_string_lossy().to_string());
    let safe: String =
        base.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '_' }).collect();
    format!("{index}-{safe}.html")
}

/// `text` with `&`, `<`, `>`, `"` escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn head(title: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <link rel=\"stylesheet\" href=\"{css}\">\n</head>\n<body>\n",
        escape(title)
    )
}

/// The jobs that answer per function, in column order.
fn function_jobs(jobs: &[String]) -> Vec<&String> {
    jobs.iter().filter(|j| matches!(j.as_str(), "verify" | "terminate" | "bound" | "testgen")).collect()
}

/// The jobs that answer per loop, in column order.
fn loop_jobs(jobs: &[String]) -> Vec<&String> {
    jobs.iter()
        .filter(|j| matches!(j.as_str(), "classify" | "terminate" | "bound" | "verify" | "summarize" | "invariants"))
        .collect()
}

fn index_html(
    reports: &[Value],
    jobs: &[String],
    files: &BTreeMap<String, FilePage>,
    pages: &BTreeMap<String, String>,
    failed: &BTreeMap<String, Vec<(String, String)>>,
) -> String {
    let mut h = head("Leapfrog report", "style.css");
    h.push_str("<h1>Leapfrog report</h1>\n<section id=\"runs\">\n<h2>Runs</h2>\n<table>\n");
    h.push_str(
        "<tr><th>Job</th><th>Units</th><th>Read</th><th>Loops</th><th>Runs</th><th>Answers</th><th>Time</th></tr>\n",
    );
    let mut sorted: Vec<&Value> = reports.iter().collect();
    sorted.sort_by_key(|r| JOB_ORDER.iter().position(|o| Some(*o) == r["job"].as_str()).unwrap_or(JOB_ORDER.len()));
    for r in sorted {
        let s = &r["summary"];
        let words = |v: &Value| {
            v.as_object()
                .map(|m| m.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", "))
                .unwrap_or_default()
        };
        let answers = if s["results"].as_object().is_some_and(|m| !m.is_empty()) {
            words(&s["results"])
        } else {
            words(&s["statuses"])
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1} s</td></tr>",
            escape(r["job"].as_str().unwrap_or("?")),
            s["units"],
            s["units_read"],
            s["loops"],
            s["runs"],
            escape(&answers),
            s["time_seconds"].as_f64().unwrap_or(0.0)
        );
    }
    h.push_str("</table>\n</section>\n");
    if !failed.is_empty() {
        h.push_str("<section id=\"unread\">\n<h2>Units not read</h2>\n<ul>\n");
        for (name, errors) in failed {
            let mut seen = BTreeSet::new();
            for (_, error) in errors {
                if seen.insert(error) {
                    let _ = writeln!(h, "<li><code>{}</code>: {}</li>", escape(name), escape(error));
                }
            }
        }
        h.push_str("</ul>\n</section>\n");
    }
    let fjobs = function_jobs(jobs);
    if !fjobs.is_empty() {
        h.push_str(
            "<section id=\"functions\">\n<h2>Functions with loops</h2>\n<table>\n<tr><th>File</th><th>Function</th>",
        );
        for j in &fjobs {
            let _ = write!(h, "<th>{}</th>", escape(j));
        }
        h.push_str("</tr>\n");
        for (path, page) in files {
            for (function, answers) in &page.functions {
                let line = page.loops.values().find(|l| &l.function == function).map_or(1, |l| l.line);
                let _ = write!(
                    h,
                    "<tr><td><a href=\"files/{}#L{line}\">{}</a></td><td><code>{}</code></td>",
                    pages[path],
                    escape(&page.name),
                    escape(function)
                );
                for j in &fjobs {
                    match answers.get(*j) {
                        Some((word, reason)) => {
                            let title =
                                reason.as_deref().map(|r| format!(" title=\"{}\"", escape(r))).unwrap_or_default();
                            let tone = if j.as_str() == "bound" {
                                if word.starts_with("O(") { Tone::Good } else { Tone::Unknown }
                            } else {
                                Tone::of_verdict(word)
                            };
                            let _ = write!(h, "<td class=\"{}\"{title}>{}</td>", tone.class(), escape(word));
                        }
                        None => h.push_str("<td></td>"),
                    }
                }
                h.push_str("</tr>\n");
            }
        }
        h.push_str("</table>\n</section>\n");
    }
    let ljobs = loop_jobs(jobs);
    h.push_str(
        "<section id=\"loops\">\n<h2>Loops</h2>\n<table>\n<tr><th>File</th><th>Line</th><th>Function</th><th>Kind</th>",
    );
    for j in &ljobs {
        let _ = write!(h, "<th>{}</th>", escape(j));
    }
    h.push_str("</tr>\n");
    for (path, page) in files {
        for ((line, column), l) in &page.loops {
            let _ = write!(
                h,
                "<tr><td><a href=\"files/{}#L{line}\">{}</a></td><td>{line}:{column}</td><td><code>{}</code></td><td>{}{}</td>",
                pages[path],
                escape(&page.name),
                escape(&l.function),
                escape(&l.kind),
                if l.depth > 1 { format!(" (depth {})", l.depth) } else { String::new() }
            );
            for j in &ljobs {
                match page.at_loop.get(&(*line, *column)).and_then(|by_job| by_job.get(*j)) {
                    Some(f) => {
                        let _ = write!(h, "<td class=\"{}\">{}</td>", f.tone.class(), escape(&f.headline));
                    }
                    None => h.push_str("<td></td>"),
                }
            }
            h.push_str("</tr>\n");
        }
    }
    h.push_str("</table>\n</section>\n<section id=\"files\">\n<h2>Files</h2>\n<ul>\n");
    for (path, page) in files {
        let findings: usize = page.elsewhere.values().map(Vec::len).sum();
        let _ = writeln!(
            h,
            "<li><a href=\"files/{}\">{}</a>: {} loops, {} other findings</li>",
            pages[path],
            escape(&page.name),
            page.loops.len(),
            findings
        );
    }
    h.push_str("</ul>\n</section>\n</body>\n</html>\n");
    h
}

/// Evidence longer than this many characters is folded (`<details>`).
const LONG_DETAIL: usize = 240;

/// A finding as a box: the job, its headline, its evidence.
fn finding_html(f: &Finding) -> String {
    let mut h = format!(
        "<div class=\"note {}\"><span class=\"job\">{}</span> {}",
        f.tone.class(),
        escape(&f.job),
        escape(&f.headline)
    );
    if !f.details.is_empty() {
        h.push_str("<dl>");
        for (label, text) in &f.details {
            if text.chars().count() > LONG_DETAIL {
                // A long reason is folded after its beginning.
                let start: String = text.chars().take(LONG_DETAIL / 2).collect();
                let _ = write!(
                    h,
                    "<dt>{}</dt><dd><details><summary><code>{}…</code></summary><code>{}</code></details></dd>",
                    escape(label),
                    escape(&start),
                    escape(text)
                );
            } else {
                let _ = write!(h, "<dt>{}</dt><dd><code>{}</code></dd>", escape(label), escape(text));
            }
        }
        h.push_str("</dl>");
    }
    h.push_str("</div>");
    h
}

fn file_html(path: &str, page: &FilePage, jobs: &[String]) -> String {
    let mut h = head(&format!("{} — Leapfrog report", page.name), "../style.css");
    let _ = writeln!(h, "<p class=\"nav\"><a href=\"../index.html\">Leapfrog report</a> / {}</p>", escape(&page.name));
    let _ = writeln!(h, "<h1>{}</h1>", escape(&page.name));
    let fjobs = function_jobs(jobs);
    if !page.functions.is_empty() && !fjobs.is_empty() {
        h.push_str("<table class=\"functions\">\n<tr><th>Function</th>");
        for j in &fjobs {
            let _ = write!(h, "<th>{}</th>", escape(j));
        }
        h.push_str("</tr>\n");
        for (function, answers) in &page.functions {
            let _ = write!(h, "<tr><td><code>{}</code></td>", escape(function));
            for j in &fjobs {
                match answers.get(*j) {
                    Some((word, reason)) => {
                        let reason =
                            // Reasons can be long: folded, so that the table stays a table.
                            reason
                                .as_deref()
                                .map(|r| format!("<details><summary>why</summary><small>{}</small></details>", escape(r)))
                                .unwrap_or_default();
                        let _ = write!(h, "<td>{}{reason}</td>", escape(word));
                    }
                    None => h.push_str("<td></td>"),
                }
            }
            h.push_str("</tr>\n");
        }
        h.push_str("</table>\n");
    }
    let source = std::fs::read(path).ok().map(|b| String::from_utf8_lossy(&b).to_string());
    let mut notes: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    let mut tone_of_line: BTreeMap<u64, &'static str> = BTreeMap::new();
    for ((line, column), l) in &page.loops {
        let mut boxes = vec![format!(
            "<div class=\"loopmark\">{} loop at {line}:{column} in <code>{}</code></div>",
            escape(&l.kind),
            escape(&l.function)
        )];
        if let Some(by_job) = page.at_loop.get(&(*line, *column)) {
            for job in jobs {
                if let Some(f) = by_job.get(job) {
                    boxes.push(finding_html(f));
                }
            }
        }
        notes.entry(*line).or_default().extend(boxes);
        tone_of_line.insert(*line, "loop");
    }
    for ((line, _), fs) in &page.elsewhere {
        for f in fs {
            notes.entry(*line).or_default().push(finding_html(f));
            if f.tone == Tone::Bad {
                tone_of_line.insert(*line, "finding");
            }
        }
    }
    h.push_str("<table class=\"source\">\n");
    match source {
        Some(text) => {
            for (i, code) in text.lines().enumerate() {
                let line = i as u64 + 1;
                let class = tone_of_line.get(&line).map(|c| format!(" class=\"{c}\"")).unwrap_or_default();
                let boxes = notes.remove(&line).map(|b| b.concat()).unwrap_or_default();
                let _ = writeln!(
                    h,
                    "<tr id=\"L{line}\"{class}><td class=\"ln\"><a href=\"#L{line}\">{line}</a></td><td class=\"code\"><pre>{}</pre></td><td class=\"notes\">{boxes}</td></tr>",
                    escape(code.trim_end_matches('\r'))
                );
            }
        }
        None => {
            let _ = writeln!(h, "<tr><td colspan=\"3\">The source file cannot be read here.</td></tr>");
        }
    }
    // Findings past the end of the file (or without its source) are still shown.
    for (line, boxes) in notes {
        let _ = writeln!(
            h,
            "<tr id=\"L{line}\"><td class=\"ln\">{line}</td><td class=\"code\"></td><td class=\"notes\">{}</td></tr>",
            boxes.concat()
        );
    }
    h.push_str("</table>\n</body>\n</html>\n");
    h
}

const STYLE: &str = "\
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #1b1b1b; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.5em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d0d0; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
td.good { background: #e3f6e3; } td.bad { background: #fbe0e0; } td.unknown { background: #fdf6d8; }
table.source { width: 100%; border: none; }
table.source td { border: none; padding: 0 0.5em; }
table.source td.ln { color: #888; text-align: right; width: 3em; user-select: none; }
table.source td.ln a { color: inherit; text-decoration: none; }
table.source td.code { width: 55%; }
table.source pre { margin: 0; font-family: ui-monospace, monospace; font-size: 0.9em; white-space: pre-wrap; }
table.source tr.loop td.code { background: #e8f0fe; }
table.source tr.finding td.code { background: #fbe0e0; }
td.notes { font-size: 0.85em; }
.note { border-left: 4px solid #999; background: #f7f7f7; margin: 0.2em 0; padding: 0.2em 0.5em; }
.note.good { border-color: #2e8b2e; } .note.bad { border-color: #c62828; } .note.unknown { border-color: #c9a400; }
.note .job { font-weight: bold; margin-right: 0.3em; }
.note dl { margin: 0.1em 0 0 0; } .note dt { color: #555; display: inline; } .note dt::after { content: \":\"; }
.note dd { display: inline; margin: 0 0.8em 0 0.3em; }
.note details { display: inline; } .note summary { cursor: pointer; }
.loopmark { color: #1a4fb5; font-weight: bold; }
p.nav { font-size: 0.9em; }
table.functions details { font-size: 0.85em; color: #444; max-width: 60em; }
table.functions summary { cursor: pointer; color: #666; }
";
