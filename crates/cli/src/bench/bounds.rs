//! For `bench --job bound`: per suite, how many loops the programs have, how many got a bound
//! and how many a `max`, and the time per program (median and maximum), read from each task's
//! JSON output; the table uses the layout of [`super::table`].

use super::runner::TaskResult;
use super::table::{median, render_rows, suites_in_order};

/// The bound counts of a group of programs.
#[derive(Debug, Clone, PartialEq)]
pub struct BoundSummary {
    pub name: String,
    pub programs: usize,
    /// Programs whose output was a bound report.
    pub answered: usize,
    pub loops: usize,
    pub bounded: usize,
    pub with_max: usize,
    /// Programs per complexity of their program-level bound (`O(1)`, `O(n^2)`, `unknown`).
    pub complexities: std::collections::BTreeMap<String, usize>,
    pub median_seconds: Option<f64>,
    pub max_seconds: f64,
}

impl BoundSummary {
    fn of<'r>(name: &str, results: impl Iterator<Item = &'r TaskResult>) -> BoundSummary {
        let mut s = BoundSummary {
            name: name.to_string(),
            programs: 0,
            answered: 0,
            loops: 0,
            bounded: 0,
            with_max: 0,
            complexities: Default::default(),
            median_seconds: None,
            max_seconds: 0.0,
        };
        let mut seconds = Vec::new();
        for r in results {
            s.programs += 1;
            seconds.push(r.outcome.seconds);
            let Some(loops) = r.outcome.result.as_ref().and_then(|v| v["loops"].as_array()) else { continue };
            s.answered += 1;
            s.loops += loops.len();
            s.bounded += loops.iter().filter(|l| l["bound"].is_string()).count();
            s.with_max += loops.iter().filter(|l| l["max"].is_number()).count();
            let complexity = r.outcome.result.as_ref().and_then(|v| v["program"]["complexity"].as_str());
            *s.complexities.entry(complexity.unwrap_or("unknown").to_string()).or_default() += 1;
        }
        s.max_seconds = seconds.iter().copied().fold(0.0, f64::max);
        s.median_seconds = median(&mut seconds);
        s
    }
}

/// One summary per suite (in order of first appearance) and one over all results.
pub fn summarize(results: &[TaskResult]) -> (Vec<BoundSummary>, BoundSummary) {
    let per_suite = suites_in_order(results)
        .into_iter()
        .map(|suite| BoundSummary::of(suite, results.iter().filter(|r| r.task.suite == suite)))
        .collect();
    (per_suite, BoundSummary::of("all", results.iter()))
}

const HEADER: [&str; 8] = ["suite", "programs", "answered", "loops", "bounded", "with max", "median s", "max s"];

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 { format!("{part}") } else { format!("{part} ({:.0}%)", 100.0 * part as f64 / whole as f64) }
}

fn cells(s: &BoundSummary) -> Vec<String> {
    vec![
        s.name.clone(),
        s.programs.to_string(),
        s.answered.to_string(),
        s.loops.to_string(),
        percent(s.bounded, s.loops),
        percent(s.with_max, s.loops),
        s.median_seconds.map_or_else(|| "-".to_string(), |m| format!("{m:.3}")),
        format!("{:.3}", s.max_seconds),
    ]
}

/// The bounds table: header, rule, suites, rule, `all`; then the programs per complexity.
pub fn render(suites: &[BoundSummary], all: &BoundSummary) -> String {
    let body: Vec<Vec<String>> = suites.iter().map(cells).collect();
    let mut out = render_rows(&HEADER, &body, &cells(all));
    let mut complexities: Vec<(&String, &usize)> = all.complexities.iter().collect();
    // `O(1)`, `O(n^1)`, … by degree, `unknown` last.
    complexities.sort_by_key(|(c, _)| {
        (c.as_str() == "unknown", c.trim_start_matches("O(n^").trim_end_matches(')').parse::<u32>().unwrap_or(0))
    });
    let listed: Vec<String> = complexities.iter().map(|(c, n)| format!("{c} {n}")).collect();
    out.push_str(&format!("program complexities: {}\n", listed.join(", ")));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::runner::TaskStatus;
    use crate::bench::test_support::result;
    use serde_json::json;

    fn answered(suite: &str, id: &str, loops: serde_json::Value, seconds: f64) -> TaskResult {
        let mut r = result(suite, id, TaskStatus::Ok, seconds);
        r.outcome.result = Some(json!({ "job": "bound", "loops": loops }));
        r
    }

    #[test]
    fn counts_loops_bounds_and_maxima_per_suite() {
        let results = vec![
            answered("wcet", "a", json!([{"bound": "64", "max": 64}, {"bound": null, "max": null}]), 0.5),
            answered("wcet", "b", json!([{"bound": "max(0, n - i)", "max": null}]), 1.5),
            result("wcet", "c", TaskStatus::Timeout, 9.0),
            answered("cplx", "d", json!([]), 0.1),
        ];
        let (suites, all) = summarize(&results);
        assert_eq!(suites.len(), 2);
        let wcet = &suites[0];
        assert_eq!((wcet.programs, wcet.answered, wcet.loops, wcet.bounded, wcet.with_max), (3, 2, 3, 2, 1));
        assert_eq!(wcet.median_seconds, Some(1.5));
        assert_eq!((all.programs, all.answered, all.loops), (4, 3, 3));
        let table = render(&suites, &all);
        assert!(table.contains("2 (67%)") && table.contains("1 (33%)"), "{table}");
        assert!(table.contains("program complexities: unknown 3"), "{table}");
    }
}
