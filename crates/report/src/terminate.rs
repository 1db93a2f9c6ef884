//! The `terminate` verdict, as JSON and as text with source lines: the program's verdict, then
//! per loop its position, verdict, technique and certificate (ranking function or transition
//! invariant with its supporting invariant) or witness (a stem's inputs and a recurrent set).

use crate::snippet::SourceCache;
use crate::{indent, position};
use leapfrog_results::Verdict;
use leapfrog_results::technique;
use leapfrog_results::termination::{CertificateText, LoopReport, Report, Witness};
use leapfrog_source::SourceFiles;
use serde_json::{Value, json};

pub fn to_json(files: &SourceFiles, r: &Report) -> Value {
    let loops: Vec<Value> = r.loops.iter().map(|l| loop_json(files, l)).collect();
    json!({
        "verdict": r.verdict.word(),
        "result": result_word(r),
        "property": "termination",
        "semantics": r.semantics.name(),
        "technique": r.technique,
        "reason": r.reason,
        "loops": loops,
        "assumptions": crate::assumptions_json(&r.assumptions),
        "time_seconds": r.elapsed.as_secs_f64(),
    })
}

fn loop_json(files: &SourceFiles, l: &LoopReport) -> Value {
    let mut v = position(files, l.span);
    v["kind"] = json!(l.kind.name());
    v["verdict"] = json!(l.verdict.word());
    v["technique"] = json!(l.technique);
    v["reason"] = json!(l.reason);
    v["certificate"] = l.certificate.as_ref().map_or(Value::Null, |c| {
        json!({
            "kind": c.kind,
            "expressions": c.expressions,
            "disjuncts": c.disjuncts,
            "supporting_invariant": c.supporting_invariant,
        })
    });
    v["suspect_pair"] = json!(l.suspect_pair);
    v["witness"] = l.witness.as_ref().map_or(Value::Null, |w| {
        let choices: Vec<Value> = w
            .choices
            .iter()
            .map(|(span, value)| {
                let mut c = position(files, *span);
                c["value"] = json!(value.to_string());
                c
            })
            .collect();
        json!({
            "stem": {
                "nondet": w.stem_inputs.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "uninit": "nondet",
            },
            "recurrent_set": w.recurrent_set,
            "choices": choices,
            "replay": replay_command(files, w),
        })
    });
    v
}

/// How many steps the replay command runs: the lasso then runs on until this limit.
const REPLAY_STEPS: u64 = 1_000_000;

/// The command that replays a non-terminating execution with the interpreter: the stem's inputs
/// as the stream, then the loop's choices at their positions on every iteration; it runs until
/// the step limit, inside the loop. (For the default entry and data model: a run with other
/// `--entry`, `--data-model` or `--volatile` options adds them.)
pub fn replay_command(files: &SourceFiles, w: &Witness) -> String {
    let mut words = vec!["leapfrog exec --uninit nondet".to_string()];
    if !w.stem_inputs.is_empty() {
        let stream: Vec<String> = w.stem_inputs.iter().map(|x| x.to_string()).collect();
        words.push(format!("--nondet={}", stream.join(",")));
    }
    for (span, value) in &w.choices {
        words.push(format!("--choice={}:{}:{}={value}", files.path(span.file), span.line, span.col));
    }
    words.push(format!("--max-steps {REPLAY_STEPS}"));
    // The program's first source file (not a header or the preprocessor's pseudo-files).
    let program = files.iter().map(|(_, p)| p).find(|p| p.ends_with(".c") || p.ends_with(".i"));
    words.push(program.unwrap_or("FILE.c").to_string());
    words.join(" ")
}

/// The answer as SV-COMP writes it: `TRUE`, `FALSE(termination)`, `UNKNOWN`.
pub fn result_word(r: &Report) -> String {
    match r.verdict {
        Verdict::False => "FALSE(termination)".to_string(),
        v => v.word().to_string(),
    }
}

pub fn to_text(files: &SourceFiles, r: &Report) -> String {
    let mut cache = SourceCache::default();
    let mut out = result_word(r);
    match r.technique {
        Some(t) => out.push_str(&format!(" ({t}, {} semantics)\n", r.semantics.name())),
        None => out.push_str(&format!(" ({} semantics)\n", r.semantics.name())),
    }
    out.push_str(match r.verdict {
        Verdict::True => "every execution from the entry terminates\n",
        Verdict::False => "some execution does not terminate\n",
        Verdict::Unknown => "",
    });
    if let Some(why) = &r.reason {
        out.push_str(&format!("reason: {why}\n"));
    }
    if r.verdict != Verdict::Unknown {
        out.push_str(&crate::assumptions_text(&r.assumptions));
    }
    if r.loops.is_empty() && r.verdict == Verdict::True {
        out.push_str("the program has no loops\n");
    }
    for l in &r.loops {
        out.push('\n');
        out.push_str(&format!("{} loop at {}: {}", l.kind.name(), files.display(l.span), l.verdict.word()));
        if let Some(t) = l.technique {
            out.push_str(&format!(" ({t})"));
        }
        out.push('\n');
        if let Some(s) = cache.snippet(files, l.span, l.kind.name().len()) {
            out.push_str(&indent(&s));
        }
        if let Some(c) = &l.certificate {
            out.push_str(&certificate_text(c));
        }
        if let Some(w) = &l.witness {
            out.push_str(&witness_text(files, &mut cache, w));
        }
        if let Some(why) = &l.reason {
            out.push_str(&format!("  reason: {why}\n"));
        }
        if let Some(pair) = &l.suspect_pair {
            out.push_str(&format!("  suspect pair (earlier, later header state): {pair}\n"));
        }
    }
    out
}

/// The certificate's lines (re-checked independently before it is reported).
fn certificate_text(c: &CertificateText) -> String {
    let mut out = String::new();
    match (c.kind, c.expressions.as_slice()) {
        (technique::TRANSITION_INVARIANT, atoms) => {
            out.push_str(&format!("  transition invariant: {}\n", join_or_one(atoms, " && ")));
        }
        (technique::VARIANCE_ANALYSIS, rankings) => {
            out.push_str("  disjunctive transition invariant (variance assertion), each disjunct ranked:\n");
            for (d, f) in c.disjuncts.iter().zip(rankings) {
                out.push_str(&format!("    {d}    ranked by {f}\n"));
            }
        }
        (technique::NESTED_RANKING_FUNCTION, components) => {
            out.push_str(&format!("  nested ranking function: ({})\n", components.join(", ")));
        }
        (technique::CONCRETE_EXECUTION, facts) => {
            out.push_str(&format!("  deterministic program: {}\n", facts.join("; ")));
            return out;
        }
        (_, [one]) => out.push_str(&format!("  ranking function: {one}\n")),
        (_, components) => {
            out.push_str(&format!("  lexicographic ranking function: ({})\n", components.join(", ")));
        }
    }
    out.push_str(&format!("  supporting invariant: {}\n", c.supporting_invariant));
    out
}

fn join_or_one(parts: &[String], sep: &str) -> String {
    if parts.is_empty() { "1".to_string() } else { parts.join(sep) }
}

/// The witness's lines: the recurrent set, the stem's inputs, the choices inside the loop.
fn witness_text(files: &SourceFiles, cache: &mut SourceCache, w: &Witness) -> String {
    let mut out = format!("  recurrent set: {}\n", w.recurrent_set);
    let inputs: Vec<String> = w.stem_inputs.iter().map(|x| x.to_string()).collect();
    if inputs.is_empty() {
        out.push_str("  stem inputs: none (the execution reaches the recurrent set without reading an input)\n");
    } else {
        // One stream for nondet sources and uninitialized variables, as `exec` takes it.
        out.push_str(&format!(
            "  stem inputs: [{}] (as `leapfrog exec --uninit nondet --nondet {}` reads them)\n",
            inputs.join(", "),
            inputs.join(",")
        ));
    }
    if !w.choices.is_empty() {
        out.push_str("  on every iteration, the nondeterministic values:\n");
        for (span, value) in &w.choices {
            out.push_str(&format!("    {} = {value}\n", files.display(*span)));
            if let Some(s) = cache.snippet(files, *span, 1) {
                out.push_str(&indent(&indent(&s)));
            }
        }
    }
    out.push_str(&format!("  replay (runs to the step limit inside the loop): {}\n", replay_command(files, w)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::{LoopKind, Semantics};
    use leapfrog_source::Span;
    use std::time::Duration;

    const SOURCE: &str = "int main(void) {\n  int i = 0, x = __VERIFIER_nondet_int();\n  while (i < 10) i++;\n  \
                          for (;;) { if (x > 0) x++; }\n}\n";

    /// The source written to a temporary file (for the snippets) and its `SourceFiles`.
    fn files(name: &str) -> (SourceFiles, Span, Span) {
        let dir = std::env::temp_dir().join(format!("leapfrog-report-terminate-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.c");
        std::fs::write(&path, SOURCE).unwrap();
        let mut files = SourceFiles::new();
        let id = files.intern(path.to_str().unwrap());
        (files, Span::new(id, 3, 3), Span::new(id, 4, 3))
    }

    fn ranked(span: Span) -> LoopReport {
        LoopReport {
            kind: LoopKind::While,
            span,
            verdict: Verdict::True,
            technique: Some(technique::RANKING_FUNCTION),
            reason: None,
            certificate: Some(CertificateText {
                kind: technique::RANKING_FUNCTION,
                expressions: vec!["10 - i".into()],
                disjuncts: vec![],
                supporting_invariant: "i <= 10".into(),
            }),
            witness: None,
            suspect_pair: None,
        }
    }

    fn lasso(span: Span, choice: Span) -> LoopReport {
        LoopReport {
            kind: LoopKind::For,
            span,
            verdict: Verdict::False,
            technique: Some(technique::RECURRENT_SET),
            reason: None,
            certificate: None,
            witness: Some(Witness {
                stem_inputs: vec![1, -3],
                recurrent_set: "x > 0".into(),
                choices: vec![(choice, 7)],
            }),
            suspect_pair: None,
        }
    }

    fn report(verdict: Verdict, technique: Option<&'static str>, loops: Vec<LoopReport>) -> Report {
        Report {
            verdict,
            semantics: Semantics::Default,
            technique,
            reason: None,
            loops,
            assumptions: vec![leapfrog_ir::nondet::Assumption::StackAllocationSucceeds],
            elapsed: Duration::from_millis(250),
        }
    }

    #[test]
    fn json_has_the_verdict_and_every_loop_with_its_certificate_or_witness() {
        let (files, first, second) = files("json");
        let r = report(Verdict::False, Some(technique::RECURRENT_SET), vec![ranked(first), lasso(second, first)]);
        let v = to_json(&files, &r);
        let path = files.path(first.file);
        assert_eq!(v["verdict"], "FALSE");
        assert_eq!(v["property"], "termination");
        assert_eq!(v["semantics"], "default");
        assert_eq!(v["technique"], "recurrent-set");
        assert_eq!(v["reason"], Value::Null);
        assert_eq!(v["time_seconds"], 0.25);
        assert_eq!(
            v["loops"][0],
            json!({
                "file": path, "line": 3, "column": 3, "kind": "while", "verdict": "TRUE",
                "technique": "ranking-function", "reason": null,
                "certificate": {
                    "kind": "ranking-function", "expressions": ["10 - i"], "disjuncts": [],
                    "supporting_invariant": "i <= 10",
                },
                "witness": null, "suspect_pair": null,
            })
        );
        assert_eq!(
            v["loops"][1],
            json!({
                "file": path, "line": 4, "column": 3, "kind": "for", "verdict": "FALSE",
                "technique": "recurrent-set", "reason": null, "certificate": null,
                "witness": {
                    "stem": {"nondet": ["1", "-3"], "uninit": "nondet"},
                    "recurrent_set": "x > 0",
                    "choices": [{"file": path, "line": 3, "column": 3, "value": "7"}],
                    "replay": format!("leapfrog exec --uninit nondet --nondet=1,-3 --choice={path}:3:3=7 --max-steps 1000000 {path}"),
                },
                "suspect_pair": null,
            })
        );
    }

    #[test]
    fn json_of_an_unknown_without_loops() {
        let files = SourceFiles::new();
        let r = Report::unknown(Semantics::BitPrecise, "no termination.prp".into());
        let v = to_json(&files, &r);
        assert_eq!(v["verdict"], "UNKNOWN");
        assert_eq!(v["semantics"], "bit-precise");
        assert_eq!(v["technique"], Value::Null);
        assert_eq!(v["reason"], "no termination.prp");
        assert_eq!(v["loops"], json!([]));
    }

    #[test]
    fn text_shows_each_loop_with_its_source_line_and_argument() {
        let (files, first, second) = files("text");
        let mut unknown = ranked(second);
        unknown.verdict = Verdict::Unknown;
        unknown.technique = None;
        unknown.certificate = None;
        unknown.reason = Some("no ranking function found".into());
        let r = report(Verdict::Unknown, None, vec![ranked(first), unknown]);
        let text = to_text(&files, &r);
        let path = files.path(first.file);
        let expected = format!(
            "UNKNOWN (default semantics)

while loop at {path}:3:3: TRUE (ranking-function)
         3 |   while (i < 10) i++;
           |   ^^^^^
  ranking function: 10 - i
  supporting invariant: i <= 10

while loop at {path}:4:3: UNKNOWN
         4 |   for (;;) {{ if (x > 0) x++; }}
           |   ^^^^^
  reason: no ranking function found
"
        );
        assert_eq!(text, expected, "\n{text}");
    }

    #[test]
    fn text_of_a_lasso_lists_the_stem_and_the_choices() {
        let (files, first, second) = files("lasso");
        let r = report(Verdict::False, Some(technique::RECURRENT_SET), vec![lasso(second, first)]);
        let text = to_text(&files, &r);
        assert!(
            text.starts_with(
                "FALSE(termination) (recurrent-set, default semantics)\nsome execution does not terminate\n"
            ),
            "{text}"
        );
        assert!(text.contains(": FALSE (recurrent-set)\n"), "{text}");
        assert!(
            text.contains(
                "  recurrent set: x > 0\n  stem inputs: [1, -3] (as `leapfrog exec --uninit nondet --nondet 1,-3` reads them)\n"
            ),
            "{text}"
        );
        assert!(text.contains(&format!("    {}:3:3 = 7\n", files.path(first.file))), "{text}");
    }

    #[test]
    fn text_names_transition_invariants_and_lexicographic_functions() {
        let ti = CertificateText {
            kind: technique::TRANSITION_INVARIANT,
            expressions: vec!["x' < x".into(), "y' <= y".into()],
            disjuncts: vec![],
            supporting_invariant: "x >= 0".into(),
        };
        assert_eq!(
            certificate_text(&ti),
            "  transition invariant: x' < x && y' <= y\n  supporting invariant: x >= 0\n"
        );
        let lex = CertificateText {
            kind: technique::RANKING_FUNCTION,
            expressions: vec!["a".into(), "b - 1".into()],
            disjuncts: vec![],
            supporting_invariant: "1".into(),
        };
        assert_eq!(certificate_text(&lex), "  lexicographic ranking function: (a, b - 1)\n  supporting invariant: 1\n");
        let r = report(Verdict::True, Some(technique::LOOP_FREE), vec![]);
        let text = to_text(&SourceFiles::new(), &r);
        assert_eq!(
            text,
            "TRUE (loop-free, default semantics)\nevery execution from the entry terminates\nassuming alloca never fails\nthe program has no loops\n"
        );
    }
}
