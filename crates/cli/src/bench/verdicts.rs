//! Scoring the answers of verdict jobs (`verify`, `terminate`) against the manifest.
//!
//! Owns which property a verdict job answers ([`job_property`]), the tool's answer as read from
//! its JSON output ([`Answer`]: `verdict`, `semantics`, `technique`, `reason`), the
//! [`Classification`] of each task, the per-suite counts, and the verdict table with its
//! breakdown of correct answers by technique and the list of wrong answers.
//!
//! A task's classification is decided in this order: a run that did not end with a valid answer
//! is `error` (exit 2), `crash` (any other failure, including output without a valid `verdict`)
//! or `timeout` — never correct; otherwise the manifest's `expected` decides: `true`/`false` make
//! the answer `correct`, `wrong` or `unknown` (an UNKNOWN answer), anything else makes it
//! `unscored`. The table's columns partition the tasks by these classifications.

use std::collections::BTreeMap;

use serde_json::Value;

use super::runner::{TaskResult, TaskStatus};
use super::table::{format_row, format_row_aligned, median, rule, suites_in_order, widths};

/// The manifest property that verdict job `job` answers (`verify`: `unreach-call`,
/// `terminate`: `termination`), or `None` for jobs that give no verdict.
pub fn job_property(job: &str) -> Option<&'static str> {
    match job {
        // (`testgen`'s error goal: reached is FALSE, unreachable TRUE.)
        "verify" | "testgen" => Some("unreach-call"),
        "terminate" => Some("termination"),
        _ => None,
    }
}

/// The manifest properties verdict job `job` can answer: its [`job_property`] first (the one a
/// run without `--property` selects), then the others (`verify`: `valid-memsafety` and
/// `no-overflow`, passed on to it as `--property`).
pub fn job_properties(job: &str) -> &'static [&'static str] {
    match job {
        "verify" => &["unreach-call", "valid-memsafety", "no-overflow"],
        "testgen" => &["unreach-call"],
        "terminate" => &["termination"],
        _ => &[],
    }
}

/// What the tool answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    True,
    False,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::True => "TRUE",
            Verdict::False => "FALSE",
            Verdict::Unknown => "UNKNOWN",
        }
    }
}

/// The answer object a verdict job prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub verdict: Verdict,
    /// `default` or `bit-precise`, if stated.
    pub semantics: Option<String>,
    /// The technique that found the answer (absent or null for UNKNOWN).
    pub technique: Option<String>,
    /// Why the answer is UNKNOWN (or any explanation the tool gives).
    pub reason: Option<String>,
}

/// Reads the answer from a verdict job's JSON output. `verdict` must be `TRUE`, `FALSE` or
/// `UNKNOWN`; `semantics`, if present, `default` or `bit-precise`; `technique` and `reason`, if
/// present, strings or null. The error says what is wrong.
pub fn answer(result: &Value) -> Result<Answer, String> {
    let Value::Object(object) = result else {
        return Err("the output is not a JSON object".to_string());
    };
    let verdict = match object.get("verdict") {
        Some(Value::String(v)) if v == "TRUE" => Verdict::True,
        Some(Value::String(v)) if v == "FALSE" => Verdict::False,
        Some(Value::String(v)) if v == "UNKNOWN" => Verdict::Unknown,
        Some(other) => return Err(format!("`verdict` is {other}, not \"TRUE\", \"FALSE\" or \"UNKNOWN\"")),
        None => return Err("the output has no `verdict`".to_string()),
    };
    let text = |key: &str| -> Result<Option<String>, String> {
        match object.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("`{key}` is {other}, not a string")),
        }
    };
    let semantics = text("semantics")?;
    if let Some(s) = &semantics
        && s != "default"
        && s != "bit-precise"
    {
        return Err(format!("`semantics` is \"{s}\", not \"default\" or \"bit-precise\""));
    }
    Ok(Answer { verdict, semantics, technique: text("technique")?, reason: text("reason")? })
}

/// How a task came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Classification {
    /// The verdict the manifest expects.
    Correct,
    /// The opposite verdict.
    Wrong,
    /// An UNKNOWN answer to a task with an expected verdict.
    Unknown,
    /// An answer to a task whose `expected` is neither `true` nor `false`.
    Unscored,
    /// The tool rejected the input (exit 2).
    Error,
    /// Any other failure: another exit code, a signal, output without a valid verdict.
    Crash,
    /// Killed after the time limit.
    Timeout,
}

impl Classification {
    pub fn as_str(self) -> &'static str {
        match self {
            Classification::Correct => "correct",
            Classification::Wrong => "wrong",
            Classification::Unknown => "unknown",
            Classification::Unscored => "unscored",
            Classification::Error => "error",
            Classification::Crash => "crash",
            Classification::Timeout => "timeout",
        }
    }
}

/// The manifest's `expected` as a verdict: `Some(true)`, `Some(false)`, or `None` for anything
/// else (`unknown`, a bound, ...).
pub fn expected_verdict(expected: &str) -> Option<bool> {
    match expected.trim() {
        e if e.eq_ignore_ascii_case("true") => Some(true),
        e if e.eq_ignore_ascii_case("false") => Some(false),
        _ => None,
    }
}

/// A task's answer (if the run produced a valid one) and classification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    pub answer: Option<Answer>,
    pub classification: Classification,
    /// The manifest's expectation, if `true` or `false`.
    pub expected: Option<bool>,
}

/// Scores one task against its (first) manifest row.
pub fn score(result: &TaskResult) -> Scored {
    let expected = expected_verdict(&result.task.first_row().expected);
    let failed = |classification| Scored { answer: None, classification, expected };
    let outcome = &result.outcome;
    let answer = match outcome.status {
        TaskStatus::Timeout => return failed(Classification::Timeout),
        TaskStatus::Error => return failed(Classification::Error),
        TaskStatus::Crash => return failed(Classification::Crash),
        TaskStatus::Ok | TaskStatus::Unsupported => match outcome.result.as_ref().map(answer) {
            Some(Ok(answer)) => answer,
            // The runner makes such runs crashes; a result built another way gets the same.
            _ => return failed(Classification::Crash),
        },
    };
    let classification = match (expected, answer.verdict) {
        (None, _) => Classification::Unscored,
        (Some(_), Verdict::Unknown) => Classification::Unknown,
        (Some(true), Verdict::True) | (Some(false), Verdict::False) => Classification::Correct,
        (Some(_), _) => Classification::Wrong,
    };
    Scored { answer: Some(answer), classification, expected }
}

/// The verdict counts of a group of tasks, with its time statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct VerdictSummary {
    pub name: String,
    pub tasks: usize,
    /// Correct, wrong and unknown answers to tasks expected TRUE.
    pub expected_true: [usize; 3],
    /// Correct, wrong and unknown answers to tasks expected FALSE.
    pub expected_false: [usize; 3],
    /// Answered tasks with another expectation.
    pub unscored: usize,
    pub error: usize,
    pub crash: usize,
    pub timeout: usize,
    pub median_seconds: Option<f64>,
    pub max_seconds: f64,
}

impl VerdictSummary {
    fn of<'r>(name: &str, results: impl Iterator<Item = &'r TaskResult>) -> VerdictSummary {
        let mut s = VerdictSummary {
            name: name.to_string(),
            tasks: 0,
            expected_true: [0; 3],
            expected_false: [0; 3],
            unscored: 0,
            error: 0,
            crash: 0,
            timeout: 0,
            median_seconds: None,
            max_seconds: 0.0,
        };
        let mut seconds = Vec::new();
        for result in results {
            let scored = score(result);
            s.tasks += 1;
            seconds.push(result.outcome.seconds);
            let answered = match scored.classification {
                Classification::Correct => 0,
                Classification::Wrong => 1,
                Classification::Unknown => 2,
                Classification::Unscored => {
                    s.unscored += 1;
                    continue;
                }
                Classification::Error => {
                    s.error += 1;
                    continue;
                }
                Classification::Crash => {
                    s.crash += 1;
                    continue;
                }
                Classification::Timeout => {
                    s.timeout += 1;
                    continue;
                }
            };
            match scored.expected {
                Some(true) => s.expected_true[answered] += 1,
                _ => s.expected_false[answered] += 1,
            }
        }
        s.max_seconds = seconds.iter().copied().fold(0.0, f64::max);
        s.median_seconds = median(&mut seconds);
        s
    }

    pub fn correct(&self) -> usize {
        self.expected_true[0] + self.expected_false[0]
    }

    pub fn wrong(&self) -> usize {
        self.expected_true[1] + self.expected_false[1]
    }
}

/// One summary per suite (in order of first appearance) and one over all results.
pub fn summarize(results: &[TaskResult]) -> (Vec<VerdictSummary>, VerdictSummary) {
    let per_suite = suites_in_order(results)
        .into_iter()
        .map(|suite| VerdictSummary::of(suite, results.iter().filter(|r| r.task.suite == suite)))
        .collect();
    (per_suite, VerdictSummary::of("all", results.iter()))
}

/// Correct answers per technique (and semantics): `(technique, semantics) -> [TRUE, FALSE]`.
/// A correct answer without a technique counts under `(none)`.
pub fn correct_by_technique(results: &[TaskResult]) -> BTreeMap<(String, String), [usize; 2]> {
    let mut counts: BTreeMap<(String, String), [usize; 2]> = BTreeMap::new();
    for result in results {
        let scored = score(result);
        if scored.classification != Classification::Correct {
            continue;
        }
        let Some(answer) = scored.answer else { continue };
        let technique = answer.technique.unwrap_or_else(|| "(none)".to_string());
        let semantics = answer.semantics.unwrap_or_else(|| "-".to_string());
        counts.entry((technique, semantics)).or_default()[usize::from(answer.verdict == Verdict::False)] += 1;
    }
    counts
}

/// The wrong answers, in task order: `(task id, answer, expected)`.
pub fn wrong_answers(results: &[TaskResult]) -> Vec<(&str, Answer, bool)> {
    results
        .iter()
        .filter_map(|r| {
            let scored = score(r);
            match (scored.classification, scored.answer, scored.expected) {
                (Classification::Wrong, Some(answer), Some(expected)) => Some((r.task.id.as_str(), answer, expected)),
                _ => None,
            }
        })
        .collect()
}

/// `correct`, `wrong`, `unk`: correct, wrong and UNKNOWN answers (not `ok`, which the status
/// table and the JSON use for a run that ended normally); `other`: answered tasks with another
/// expectation; `error`, `crash`, `timeout`: runs without an answer.
const HEADER: [&str; 14] = [
    "suite", "tasks", "correct", "wrong", "unk", "correct", "wrong", "unk", "other", "error", "crash", "timeout",
    "median s", "max s",
];

/// The group headings over the columns `from..=to` of [`HEADER`].
const GROUPS: [(&str, usize, usize); 2] = [("TRUE tasks", 2, 4), ("FALSE tasks", 5, 7)];

fn cells(s: &VerdictSummary) -> Vec<String> {
    let mut row = vec![s.name.clone(), s.tasks.to_string()];
    row.extend(s.expected_true.iter().chain(&s.expected_false).map(usize::to_string));
    row.extend([s.unscored, s.error, s.crash, s.timeout].iter().map(usize::to_string));
    row.push(s.median_seconds.map_or_else(|| "-".to_string(), |m| format!("{m:.3}")));
    row.push(format!("{:.3}", s.max_seconds));
    row
}

/// The verdict table (suites, rule, `all`), the wall-clock line, the correct answers by
/// technique, and the wrong answers, each on its own line, last.
pub fn render(
    results: &[TaskResult],
    suites: &[VerdictSummary],
    all: &VerdictSummary,
    wall_seconds: f64,
    job: &str,
    workers: usize,
) -> String {
    let header: Vec<String> = HEADER.iter().map(|h| h.to_string()).collect();
    let body: Vec<Vec<String>> = suites.iter().map(cells).collect();
    let all_row = cells(all);
    let mut w = widths(std::iter::once(&header).chain(&body).chain([&all_row]));
    // Each group heading is ` title ` with at least one dash on each side, over its columns
    // (the group's last column is widened if the heading needs more room).
    let span = |w: &[usize], from: usize, to: usize| w[from..=to].iter().sum::<usize>() + 2 * (to - from);
    for (title, from, to) in GROUPS {
        let needed = title.chars().count() + 4;
        w[to] += needed.saturating_sub(span(&w, from, to));
    }
    let mut groups = String::new();
    let mut column = 0;
    for (title, from, to) in GROUPS {
        groups.push_str(&" ".repeat(w[column..from].iter().map(|w| w + 2).sum()));
        let dashes = span(&w, from, to) - title.chars().count() - 2;
        groups.push_str(&format!("{} {title} {}  ", "-".repeat(dashes / 2), "-".repeat(dashes - dashes / 2)));
        column = to + 1;
    }
    let mut out = groups.trim_end().to_string() + "\n";
    out.push_str(&format_row(&header, &w));
    out.push_str(&rule(&w));
    for row in &body {
        out.push_str(&format_row(row, &w));
    }
    out.push_str(&rule(&w));
    out.push_str(&format_row(&all_row, &w));
    let failed = all.error + all.crash + all.timeout;
    out.push_str(&format!(
        "wall-clock {wall_seconds:.2} s for job `{job}`: {} tasks on {workers} workers; {} correct, {} wrong, {failed} failed\n",
        all.tasks,
        all.correct(),
        all.wrong(),
    ));

    let by_technique = correct_by_technique(results);
    if !by_technique.is_empty() {
        let mut rows: Vec<(&(String, String), &[usize; 2])> = by_technique.iter().collect();
        rows.sort_by(|a, b| (b.1[0] + b.1[1]).cmp(&(a.1[0] + a.1[1])).then(a.0.cmp(b.0)));
        let header: Vec<String> =
            ["correct by technique", "semantics", "TRUE", "FALSE"].iter().map(|h| h.to_string()).collect();
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|((technique, semantics), [t, f])| {
                vec![technique.clone(), semantics.clone(), t.to_string(), f.to_string()]
            })
            .collect();
        let w = widths(std::iter::once(&header).chain(&body));
        out.push('\n');
        out.push_str(&format_row_aligned(&header, &w, 2));
        for row in &body {
            out.push_str(&format_row_aligned(row, &w, 2));
        }
    }

    let wrong = wrong_answers(results);
    out.push('\n');
    if wrong.is_empty() {
        out.push_str("wrong answers: none\n");
    } else {
        out.push_str(&format!("WRONG ANSWERS: {}\n", wrong.len()));
        for (id, answer, expected) in wrong {
            out.push_str(&format!(
                "  WRONG {id}: answered {}, expected {} (technique {}, semantics {})\n",
                answer.verdict.as_str(),
                if expected { "TRUE" } else { "FALSE" },
                answer.technique.as_deref().unwrap_or("-"),
                answer.semantics.as_deref().unwrap_or("-"),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::test_support::result;
    use serde_json::json;

    /// A finished task of `suite` named `id`, expecting `expected`, that printed `output`.
    fn answered(suite: &str, id: &str, expected: &str, output: Value, seconds: f64) -> TaskResult {
        let mut r = result(suite, id, TaskStatus::Ok, seconds);
        r.task.rows[0].property = "unreach-call".to_string();
        r.task.rows[0].expected = expected.to_string();
        r.outcome.result = Some(output);
        r
    }

    fn failed(suite: &str, id: &str, expected: &str, status: TaskStatus, seconds: f64) -> TaskResult {
        let mut r = answered(suite, id, expected, Value::Null, seconds);
        r.outcome.status = status;
        r.outcome.result = None;
        r
    }

    fn says(verdict: &str, technique: Option<&str>) -> Value {
        json!({"verdict": verdict, "semantics": "default", "technique": technique, "reason": null})
    }

    fn sample() -> Vec<TaskResult> {
        vec![
            answered("svcomp-loops", "a", "true", says("TRUE", Some("k-induction")), 0.5),
            answered("svcomp-loops", "b", "false", says("FALSE", Some("bmc")), 1.5),
            answered("svcomp-loops", "c", "false", says("TRUE", Some("k-induction")), 0.25),
            answered("svcomp-loops", "d", "true", json!({"verdict": "UNKNOWN", "reason": "no invariant"}), 2.0),
            failed("svcomp-loops", "e", "true", TaskStatus::Timeout, 60.0),
            answered(
                "code2inv",
                "f",
                "true",
                json!({"verdict": "TRUE", "semantics": "bit-precise", "technique": "k-induction"}),
                0.1,
            ),
            failed("code2inv", "g", "false", TaskStatus::Crash, 0.2),
            failed("code2inv", "h", "true", TaskStatus::Error, 0.05),
            answered("code2inv", "i", "unknown", says("TRUE", Some("bmc")), 0.3),
        ]
    }

    #[test]
    fn answers_are_read_strictly() {
        let full = answer(&json!({"verdict": "TRUE", "semantics": "bit-precise", "technique": "t", "reason": null}));
        assert_eq!(
            full.unwrap(),
            Answer {
                verdict: Verdict::True,
                semantics: Some("bit-precise".to_string()),
                technique: Some("t".to_string()),
                reason: None
            }
        );
        let unknown = answer(&json!({"verdict": "UNKNOWN", "reason": "task has no unreach-call.prp"})).unwrap();
        assert_eq!(
            (unknown.verdict, unknown.reason.as_deref()),
            (Verdict::Unknown, Some("task has no unreach-call.prp"))
        );
        for (bad, why) in [
            (json!([1]), "not a JSON object"),
            (json!({}), "no `verdict`"),
            (json!({"verdict": "true"}), "`verdict` is \"true\""),
            (json!({"verdict": true}), "`verdict` is true"),
            (json!({"verdict": "TRUE", "semantics": "wrapping"}), "`semantics` is \"wrapping\""),
            (json!({"verdict": "FALSE", "technique": 3}), "`technique` is 3"),
        ] {
            let message = answer(&bad).unwrap_err();
            assert!(message.contains(why), "{bad}: {message}");
        }
    }

    #[test]
    fn expectations() {
        assert_eq!(expected_verdict("true"), Some(true));
        assert_eq!(expected_verdict("FALSE"), Some(false));
        assert_eq!(expected_verdict("unknown"), None);
        assert_eq!(expected_verdict("O(n^2)"), None);
        assert_eq!(job_property("verify"), Some("unreach-call"));
        assert_eq!(job_property("terminate"), Some("termination"));
        assert_eq!(job_property("loops"), None);
    }

    #[test]
    fn classification_of_every_kind_of_task() {
        let classes: Vec<&str> = sample().iter().map(|r| score(r).classification.as_str()).collect();
        assert_eq!(
            classes,
            ["correct", "correct", "wrong", "unknown", "timeout", "correct", "crash", "error", "unscored"]
        );
        // Garbage that slipped past the runner is a crash, never an answer.
        let garbage = answered("s", "x", "true", json!({"loops": []}), 0.1);
        assert_eq!(score(&garbage).classification, Classification::Crash);
        assert_eq!(score(&garbage).answer, None);
        // An `unsupported` run still answers.
        let mut unsupported = answered("s", "y", "true", says("TRUE", Some("t")), 0.1);
        unsupported.outcome.status = TaskStatus::Unsupported;
        assert_eq!(score(&unsupported).classification, Classification::Correct);
    }

    #[test]
    fn summaries_partition_the_tasks() {
        let results = sample();
        let (per_suite, all) = summarize(&results);
        let loops = &per_suite[0];
        assert_eq!(loops.name, "svcomp-loops");
        assert_eq!((loops.expected_true, loops.expected_false), ([1, 0, 1], [1, 1, 0]));
        assert_eq!((loops.unscored, loops.error, loops.crash, loops.timeout), (0, 0, 0, 1));
        assert_eq!((loops.median_seconds, loops.max_seconds), (Some(1.5), 60.0));
        let c2i = &per_suite[1];
        assert_eq!((c2i.expected_true, c2i.expected_false), ([1, 0, 0], [0, 0, 0]));
        assert_eq!((c2i.unscored, c2i.error, c2i.crash, c2i.timeout), (1, 1, 1, 0));
        assert_eq!((all.tasks, all.correct(), all.wrong()), (9, 3, 1));
        let counted = all.expected_true.iter().chain(&all.expected_false).sum::<usize>()
            + all.unscored
            + all.error
            + all.crash
            + all.timeout;
        assert_eq!(counted, all.tasks);
    }

    #[test]
    fn table_with_technique_breakdown_and_wrong_answers_last() {
        let results = sample();
        let (per_suite, all) = summarize(&results);
        let table = render(&results, &per_suite, &all, 64.9, "verify", 4);
        let expected = "                     --- TRUE tasks ----  --- FALSE tasks ---
suite         tasks  correct  wrong  unk  correct  wrong  unk  other  error  crash  timeout  median s   max s
------------  -----  -------  -----  ---  -------  -----  ---  -----  -----  -----  -------  --------  ------
svcomp-loops      5        1      0    1        1      1    0      0      0      0        1     1.500  60.000
code2inv          4        1      0    0        0      0    0      1      1      1        0     0.150   0.300
------------  -----  -------  -----  ---  -------  -----  ---  -----  -----  -----  -------  --------  ------
all               9        2      0    1        1      1    0      1      1      1        1     0.300  60.000
wall-clock 64.90 s for job `verify`: 9 tasks on 4 workers; 3 correct, 1 wrong, 3 failed

correct by technique  semantics    TRUE  FALSE
bmc                   default         0      1
k-induction           bit-precise     1      0
k-induction           default         1      0

WRONG ANSWERS: 1
  WRONG c: answered TRUE, expected FALSE (technique k-induction, semantics default)
";
        assert_eq!(table, expected, "\n{table}");
    }

    #[test]
    fn no_wrong_answers_is_said() {
        let results = vec![answered("s", "a", "true", says("UNKNOWN", None), 1.0)];
        let (per_suite, all) = summarize(&results);
        let table = render(&results, &per_suite, &all, 1.0, "terminate", 1);
        assert!(table.ends_with("\nwrong answers: none\n"), "{table}");
        assert!(!table.contains("correct by technique"), "{table}");
    }
}
