//! The result of a concrete execution (`leapfrog exec`).

use leapfrog_interp::{ExecResult, Outcome};
use leapfrog_source::{SourceFiles, Span};
use serde_json::{Map, Value, json};

pub fn to_json(files: &SourceFiles, r: &ExecResult) -> Value {
    let mut obj = Map::new();
    obj.insert("outcome".into(), json!(r.outcome.kind()));
    match &r.outcome {
        Outcome::Exit { code } => {
            // Entry return values range over every integer type: i64 or u64 holds each exactly.
            let code = match i64::try_from(*code) {
                Ok(c) => json!(c),
                Err(_) => u64::try_from(*code).map_or_else(|_| json!(code.to_string()), |c| json!(c)),
            };
            obj.insert("code".into(), code);
        }
        Outcome::Error { origin, span } => {
            obj.insert("origin".into(), json!(origin.name()));
            insert_position(&mut obj, files, *span);
        }
        Outcome::Abort { span } | Outcome::Blocked { span } => insert_position(&mut obj, files, *span),
        Outcome::Ub { what, span, .. } | Outcome::Unsupported { what, span } => {
            obj.insert("what".into(), json!(what));
            insert_position(&mut obj, files, *span);
        }
        Outcome::Limit { what } => {
            obj.insert("what".into(), json!(what));
            // Where the run was when it stopped.
            if r.last_span.is_known() {
                insert_position(&mut obj, files, r.last_span);
            }
        }
    }
    obj.insert("steps".into(), json!(r.steps));
    obj.insert("nondet_used".into(), json!(r.nondet_used));
    let counts: Map<String, Value> = r.input_counts.iter().map(|(s, n)| (s.name().to_string(), json!(n))).collect();
    obj.insert("input_counts".into(), Value::Object(counts));
    let unwritten: Map<String, Value> =
        r.unwritten_counts.iter().map(|(region, n)| (region.name().to_string(), json!(n))).collect();
    obj.insert("unwritten_counts".into(), Value::Object(unwritten));
    let reads: Vec<Value> = r
        .unwritten_reads
        .iter()
        .map(|u| {
            let mut read = Map::new();
            insert_position(&mut read, files, u.span);
            read.insert("region".into(), json!(u.region.name()));
            read.insert("object".into(), json!(u.object));
            read.insert("created".into(), json!(files.display(u.site)));
            read.insert("offset".into(), json!(u.offset));
            read.insert("bytes".into(), json!(u.bytes));
            Value::Object(read)
        })
        .collect();
    obj.insert("unwritten_reads".into(), Value::Array(reads));
    Value::Object(obj)
}

fn insert_position(obj: &mut Map<String, Value>, files: &SourceFiles, span: Span) {
    obj.insert("file".into(), json!(files.path(span.file)));
    obj.insert("line".into(), json!(span.line));
    obj.insert("column".into(), json!(span.col));
}

pub fn to_text(files: &SourceFiles, r: &ExecResult) -> String {
    let at = |span: &Span| files.display(*span);
    let what = match &r.outcome {
        Outcome::Exit { code } => format!("exited with code {code}"),
        Outcome::Error { origin, span } => format!("property violated: {} reached at {}", origin.name(), at(span)),
        Outcome::Abort { span } => format!("aborted at {}", at(span)),
        Outcome::Blocked { span } => format!("blocked by an assumption at {}", at(span)),
        Outcome::Ub { what, span, .. } => format!("undefined behaviour at {}: {what}", at(span)),
        Outcome::Limit { what } if r.last_span.is_known() => format!("stopped: {what} at {}", at(&r.last_span)),
        Outcome::Limit { what } => format!("stopped: {what}"),
        Outcome::Unsupported { what, span } => format!("stopped at {}: unsupported: {what}", at(span)),
    };
    let mut out = format!("{what} after {} steps ({} nondeterministic values used)\n", r.steps, r.nondet_used);
    let total: u64 = r.unwritten_counts.values().sum();
    for u in &r.unwritten_reads {
        out.push_str(&format!(
            "read of never-written memory at {}: {} bytes at offset {} of {} ({}, created at {})\n",
            at(&u.span),
            u.bytes,
            u.offset,
            u.object,
            u.region.name(),
            at(&u.site)
        ));
    }
    if total > r.unwritten_reads.len() as u64 {
        out.push_str(&format!("... {} reads of never-written memory in all\n", total));
    }
    out
}
