//! The JSON result file of a benchmark run.
//!
//! Owns its shape:
//!
//! ```text
//! { "job", "manifest", "wall_seconds", "workers", "timeout_seconds", "memory_mb", "extra_args",
//!   "all":    { "tasks", "ok", "unsupported", "error", "crash", "timeout",
//!               "median_seconds", "max_seconds", "total_seconds" },
//!   "suites": { "<suite>": { same fields as "all" }, ... },
//!   "tasks":  [ { "id", "suite", "files", "data_model", "property", "expected",
//!                 "rows": [ { "id", "property", "expected" }, ... ],
//!                 "status", "exit_code", "signal", "seconds", "message", "stderr_tail",
//!                 "result" }, ... ] }
//! ```
//!
//! Tasks are in manifest order whatever the parallelism; `files` are relative to the manifest's
//! folder. `property`/`expected` are those of the task's first row; `rows` lists every manifest
//! row the run answers (several for a property-independent job), so that scoring can later add a
//! verdict per row next to `expected` from the kept `result` (the tool's parsed stdout, or
//! `null`). Times are rounded to microseconds.
//!
//! A verdict job (`verify`, `terminate`) adds its scoring:
//!
//! ```text
//! { ...,
//!   "verdicts": { "all": V, "suites": { "<suite>": V, ... } },
//!   "correct_by_technique": [ { "technique", "semantics", "true", "false" }, ... ],
//!   "wrong": [ "<task id>", ... ],
//!   "tasks": [ { ..., "verdict", "classification", "technique", "semantics", "reason" }, ... ] }
//! V = { "tasks", "true": { "correct", "wrong", "unknown" }, "false": { same },
//!       "unscored", "error", "crash", "timeout", "median_seconds", "max_seconds" }
//! ```
//!
//! `verdict` is `TRUE`/`FALSE`/`UNKNOWN`, or `null` when the run gave no valid answer (then
//! `classification` is `error`, `crash` or `timeout`); `classification` is one of
//! [`Classification`](super::verdicts::Classification)'s names.

use serde_json::{Map, Value, json};

use super::BenchReport;
use super::runner::{TaskResult, TaskStatus};
use super::table::Summary;
use super::verdicts::{self, VerdictSummary};

/// The whole result file.
pub fn report_json(report: &BenchReport) -> Value {
    let (suites, all) = report.summaries();
    let suites: Map<String, Value> = suites.iter().map(|s| (s.name.clone(), summary_json(s))).collect();
    let mut value = json!({
        "job": report.job,
        "manifest": report.manifest.display().to_string(),
        "wall_seconds": round_seconds(report.wall_seconds),
        "workers": report.workers,
        "timeout_seconds": report.timeout.as_secs_f64(),
        "memory_mb": report.memory_mb,
        "extra_args": report.extra_args,
        "all": summary_json(&all),
        "suites": suites,
        "tasks": report.results.iter().map(task_json).collect::<Vec<_>>(),
    });
    if report.is_verdict_job() {
        add_verdicts(report, &mut value);
    }
    value
}

/// The scoring of a verdict job: summaries, technique counts, wrong answers, and per task.
fn add_verdicts(report: &BenchReport, value: &mut Value) {
    let (suites, all) = report.verdict_summaries();
    value["verdicts"] = json!({
        "all": verdict_summary_json(&all),
        "suites": suites.iter().map(|s| (s.name.clone(), verdict_summary_json(s))).collect::<Map<String, Value>>(),
    });
    value["correct_by_technique"] = verdicts::correct_by_technique(&report.results)
        .into_iter()
        .map(|((technique, semantics), [t, f])| {
            json!({"technique": technique, "semantics": semantics, "true": t, "false": f})
        })
        .collect();
    value["wrong"] = verdicts::wrong_answers(&report.results).into_iter().map(|(id, _, _)| json!(id)).collect();
    if let Some(tasks) = value["tasks"].as_array_mut() {
        for (record, result) in tasks.iter_mut().zip(&report.results) {
            let scored = verdicts::score(result);
            let answer = scored.answer.as_ref();
            record["verdict"] = json!(answer.map(|a| a.verdict.as_str()));
            record["classification"] = json!(scored.classification.as_str());
            record["technique"] = json!(answer.and_then(|a| a.technique.as_deref()));
            record["semantics"] = json!(answer.and_then(|a| a.semantics.as_deref()));
            record["reason"] = json!(answer.and_then(|a| a.reason.as_deref()));
        }
    }
}

fn verdict_summary_json(s: &VerdictSummary) -> Value {
    let group = |[correct, wrong, unknown]: [usize; 3]| json!({"correct": correct, "wrong": wrong, "unknown": unknown});
    json!({
        "tasks": s.tasks,
        "true": group(s.expected_true),
        "false": group(s.expected_false),
        "unscored": s.unscored,
        "error": s.error,
        "crash": s.crash,
        "timeout": s.timeout,
        "median_seconds": s.median_seconds.map(round_seconds),
        "max_seconds": round_seconds(s.max_seconds),
    })
}

fn summary_json(summary: &Summary) -> Value {
    let mut object = Map::new();
    object.insert("tasks".to_string(), json!(summary.tasks));
    for status in TaskStatus::ALL {
        object.insert(status.as_str().to_string(), json!(summary.count(status)));
    }
    object.insert("median_seconds".to_string(), json!(summary.median_seconds.map(round_seconds)));
    object.insert("max_seconds".to_string(), json!(round_seconds(summary.max_seconds)));
    object.insert("total_seconds".to_string(), json!(round_seconds(summary.total_seconds)));
    Value::Object(object)
}

/// One task's record.
pub fn task_json(result: &TaskResult) -> Value {
    let task = &result.task;
    let outcome = &result.outcome;
    let first = task.first_row();
    json!({
        "id": task.id,
        "suite": task.suite,
        "files": task.files,
        "data_model": task.data_model,
        "property": first.property,
        "expected": first.expected,
        "rows": task.rows.iter().map(|r| json!({
            "id": r.id,
            "property": r.property,
            "expected": r.expected,
        })).collect::<Vec<_>>(),
        "status": outcome.status.as_str(),
        "exit_code": outcome.exit_code,
        "signal": outcome.signal,
        "seconds": round_seconds(outcome.seconds),
        "message": outcome.message,
        "stderr_tail": outcome.stderr_tail,
        "result": outcome.result,
    })
}

fn round_seconds(seconds: f64) -> f64 {
    (seconds * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::test_support::result;
    use std::path::PathBuf;
    use std::time::Duration;

    fn report() -> BenchReport {
        let mut first = result("tpdb-c", "a#termination", TaskStatus::Ok, 0.0412345678);
        let mut second_row = first.task.rows[0].clone();
        second_row.id = "a#unreach-call".to_string();
        second_row.property = "unreach-call".to_string();
        second_row.expected = "false".to_string();
        first.task.rows.push(second_row);
        first.outcome.result = Some(json!({"loops": [], "diagnostics": []}));
        let mut second = result("code2inv", "b#unreach-call", TaskStatus::Timeout, 2.0);
        second.outcome.exit_code = None;
        second.outcome.signal = Some(9);
        second.outcome.message = Some("killed after the 2 s time limit".to_string());
        BenchReport {
            job: "loops".to_string(),
            manifest: PathBuf::from("bench/manifest.csv"),
            wall_seconds: 2.5,
            workers: 2,
            timeout: Duration::from_secs(2),
            memory_mb: 4096,
            extra_args: vec!["--timeout".to_string(), "1".to_string()],
            results: vec![first, second],
        }
    }

    #[test]
    fn top_level_and_suite_shape() {
        let value = report_json(&report());
        assert_eq!(value["job"], "loops");
        assert_eq!(value["manifest"], "bench/manifest.csv");
        assert_eq!(value["wall_seconds"], 2.5);
        assert_eq!(value["extra_args"], json!(["--timeout", "1"]));
        assert_eq!(
            value["suites"]["tpdb-c"],
            json!({
                "tasks": 1, "ok": 1, "unsupported": 0, "error": 0, "crash": 0, "timeout": 0,
                "median_seconds": 0.041235, "max_seconds": 0.041235, "total_seconds": 0.041235,
            })
        );
        assert_eq!(value["all"]["tasks"], 2);
        assert_eq!(value["all"]["timeout"], 1);
        assert_eq!(value["suites"].as_object().unwrap().len(), 2);
    }

    #[test]
    fn task_records_in_order_with_rows_and_result() {
        let value = report_json(&report());
        let tasks = value["tasks"].as_array().unwrap();
        assert_eq!(tasks.len(), 2);
        assert_eq!(
            tasks[0],
            json!({
                "id": "a#termination",
                "suite": "tpdb-c",
                "files": ["tpdb-c/a#termination.c"],
                "data_model": null,
                "property": "termination",
                "expected": "true",
                "rows": [
                    {"id": "a#termination", "property": "termination", "expected": "true"},
                    {"id": "a#unreach-call", "property": "unreach-call", "expected": "false"},
                ],
                "status": "ok",
                "exit_code": 0,
                "signal": null,
                "seconds": 0.041235,
                "message": null,
                "stderr_tail": "",
                "result": {"loops": [], "diagnostics": []},
            })
        );
        assert_eq!(tasks[1]["status"], "timeout");
        assert_eq!(tasks[1]["exit_code"], Value::Null);
        assert_eq!(tasks[1]["signal"], 9);
        assert_eq!(tasks[1]["result"], Value::Null);
    }
}
