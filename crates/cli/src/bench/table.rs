//! Per-suite summaries of a run and the text table printed at its end.
//!
//! Owns the statistics (status counts, median/max/total seconds per suite and over all tasks) and
//! their layout: one row per suite in manifest order, a rule, an `all` row, and a closing line with
//! the wall-clock time and the job. Numbers are right-aligned, suite names left-aligned, and every
//! column is as wide as its widest cell ([`widths`], [`format_row`], [`rule`]; the verdict table
//! uses the same layout).

use super::runner::{TaskResult, TaskStatus};

/// The statistics of a group of tasks.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The suite name, or `all`.
    pub name: String,
    pub tasks: usize,
    /// Counts indexed by [`TaskStatus::index`].
    pub counts: [usize; TaskStatus::ALL.len()],
    /// `None` when there are no tasks.
    pub median_seconds: Option<f64>,
    pub max_seconds: f64,
    pub total_seconds: f64,
}

impl Summary {
    fn of<'r>(name: &str, results: impl Iterator<Item = &'r TaskResult>) -> Summary {
        let mut counts = [0; TaskStatus::ALL.len()];
        let mut seconds = Vec::new();
        for result in results {
            counts[result.outcome.status.index()] += 1;
            seconds.push(result.outcome.seconds);
        }
        Summary {
            name: name.to_string(),
            tasks: seconds.len(),
            counts,
            median_seconds: median(&mut seconds),
            max_seconds: seconds.iter().copied().fold(0.0, f64::max),
            total_seconds: seconds.iter().sum(),
        }
    }

    pub fn count(&self, status: TaskStatus) -> usize {
        self.counts[status.index()]
    }
}

/// The median of `values` (the mean of the middle two for an even count).
pub fn median(values: &mut [f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let middle = values.len() / 2;
    Some(if values.len() % 2 == 1 { values[middle] } else { (values[middle - 1] + values[middle]) / 2.0 })
}

/// The suites of `results`, in order of first appearance.
pub fn suites_in_order(results: &[TaskResult]) -> Vec<&str> {
    let mut suites: Vec<&str> = Vec::new();
    for result in results {
        if !suites.contains(&result.task.suite.as_str()) {
            suites.push(&result.task.suite);
        }
    }
    suites
}

/// One summary per suite, in order of first appearance, and one over all results.
pub fn summarize(results: &[TaskResult]) -> (Vec<Summary>, Summary) {
    let suites = suites_in_order(results);
    let per_suite =
        suites.iter().map(|suite| Summary::of(suite, results.iter().filter(|r| r.task.suite == *suite))).collect();
    (per_suite, Summary::of("all", results.iter()))
}

const HEADER: [&str; 10] =
    ["suite", "tasks", "ok", "unsupported", "error", "crash", "timeout", "median s", "max s", "total s"];

fn cells(summary: &Summary) -> Vec<String> {
    let mut row = vec![summary.name.clone(), summary.tasks.to_string()];
    row.extend(TaskStatus::ALL.iter().map(|&s| summary.count(s).to_string()));
    row.push(summary.median_seconds.map_or_else(|| "-".to_string(), |m| format!("{m:.3}")));
    row.push(format!("{:.3}", summary.max_seconds));
    row.push(format!("{:.2}", summary.total_seconds));
    row
}

/// The table: header, rule, suites, rule, `all`, then a line with the run's wall-clock time.
pub fn render_table(suites: &[Summary], all: &Summary, wall_seconds: f64, job: &str, workers: usize) -> String {
    let body: Vec<Vec<String>> = suites.iter().map(cells).collect();
    let mut out = render_rows(&HEADER, &body, &cells(all));
    out.push_str(&format!(
        "wall-clock {wall_seconds:.2} s for job `{job}`: {} tasks on {workers} workers\n",
        all.tasks
    ));
    out
}

/// Header, rule, the suites' rows, rule, the `all` row.
pub fn render_rows(header: &[&str], body: &[Vec<String>], all_row: &[String]) -> String {
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    let all_row = all_row.to_vec();
    let widths = widths(std::iter::once(&header).chain(body).chain([&all_row]));
    let mut out = format_row(&header, &widths);
    out.push_str(&rule(&widths));
    for row in body {
        out.push_str(&format_row(row, &widths));
    }
    out.push_str(&rule(&widths));
    out.push_str(&format_row(&all_row, &widths));
    out
}

/// The width of each column: that of its widest cell (in characters).
pub fn widths<'r>(rows: impl Iterator<Item = &'r Vec<String>> + Clone) -> Vec<usize> {
    let columns = rows.clone().map(Vec::len).max().unwrap_or(0);
    (0..columns)
        .map(|c| rows.clone().filter_map(|r| r.get(c)).map(|cell| cell.chars().count()).max().unwrap_or(0))
        .collect()
}

/// A row: the first column left-aligned, the others right-aligned, two spaces apart.
pub fn format_row(row: &[String], widths: &[usize]) -> String {
    format_row_aligned(row, widths, 1)
}

/// A row whose first `left` columns are left-aligned and the others right-aligned.
pub fn format_row_aligned(row: &[String], widths: &[usize], left: usize) -> String {
    let padded: Vec<String> = row
        .iter()
        .zip(widths)
        .enumerate()
        .map(|(c, (cell, &w))| if c < left { format!("{cell:<w$}") } else { format!("{cell:>w$}") })
        .collect();
    padded.join("  ").trim_end().to_string() + "\n"
}

/// A rule of dashes under every column.
pub fn rule(widths: &[usize]) -> String {
    widths.iter().map(|&w| "-".repeat(w)).collect::<Vec<_>>().join("  ") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::test_support::result;

    fn sample() -> Vec<TaskResult> {
        vec![
            result("tpdb-c", "a", TaskStatus::Ok, 0.04),
            result("code2inv", "b", TaskStatus::Unsupported, 0.5),
            result("tpdb-c", "c", TaskStatus::Timeout, 60.0),
            result("tpdb-c", "d", TaskStatus::Error, 0.01),
            result("code2inv", "e", TaskStatus::Crash, 1.25),
            result("tpdb-c", "f", TaskStatus::Ok, 0.02),
        ]
    }

    #[test]
    fn medians() {
        assert_eq!(median(&mut []), None);
        assert_eq!(median(&mut [3.0]), Some(3.0));
        assert_eq!(median(&mut [5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }

    #[test]
    fn summaries_per_suite_in_first_appearance_order() {
        let (suites, all) = summarize(&sample());
        assert_eq!(suites.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["tpdb-c", "code2inv"]);
        let tpdb = &suites[0];
        assert_eq!(tpdb.tasks, 4);
        assert_eq!(tpdb.counts, [2, 0, 1, 0, 1]);
        assert_eq!(tpdb.median_seconds, Some(0.03));
        assert_eq!(tpdb.max_seconds, 60.0);
        assert_eq!(all.tasks, 6);
        assert_eq!(all.counts, [2, 1, 1, 1, 1]);
        assert!((all.total_seconds - 61.82).abs() < 1e-9);
    }

    #[test]
    fn table_is_aligned_with_an_all_row_and_the_wall_clock() {
        let (suites, all) = summarize(&sample());
        let table = render_table(&suites, &all, 61.5, "loops", 2);
        let expected = "\
suite     tasks  ok  unsupported  error  crash  timeout  median s   max s  total s
--------  -----  --  -----------  -----  -----  -------  --------  ------  -------
tpdb-c        4   2            0      1      0        1     0.030  60.000    60.07
code2inv      2   0            1      0      1        0     0.875   1.250     1.75
--------  -----  --  -----------  -----  -----  -------  --------  ------  -------
all           6   2            1      1      1        1     0.270  60.000    61.82
wall-clock 61.50 s for job `loops`: 6 tasks on 2 workers
";
        assert_eq!(table, expected);
    }

    #[test]
    fn empty_run_renders_dashes() {
        let (suites, all) = summarize(&[]);
        let table = render_table(&suites, &all, 0.0, "loops", 1);
        let all_row = table.lines().nth(3).unwrap();
        assert!(all_row.starts_with("all"), "{table}");
        assert!(all_row.contains("  -  "), "{table}");
    }
}
