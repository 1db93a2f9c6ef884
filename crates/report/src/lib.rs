//! Report emitters: the only place that knows output formats (text with source snippets, JSON,
//! and Graphviz for `classify`'s automata).
//!
//! Each job's result arrives here as plain data (a loop listing, an execution result, the
//! program's diagnostics) and leaves as text or a `serde_json::Value`. Output is deterministic:
//! everything is emitted in a fixed order.
//!
//! Invariant: formats only; computes no analysis result.

pub mod bounds;
pub mod classify;
pub mod diagnostics;
pub mod exec;
pub mod html;
pub mod invariants;
pub mod loops;
pub mod sarif;
pub mod snippet;
pub mod terminate;
pub mod testgen;
pub mod verify;
pub mod witness;

/// Output format of a job.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// The environment assumptions a verdict depends on, as a JSON list of sentences.
pub(crate) fn assumptions_json(assumptions: &[leapfrog_ir::nondet::Assumption]) -> serde_json::Value {
    serde_json::json!(assumptions.iter().map(|a| a.text()).collect::<Vec<_>>())
}

/// The environment assumptions a verdict depends on, as lines of text (none when there are none).
pub(crate) fn assumptions_text(assumptions: &[leapfrog_ir::nondet::Assumption]) -> String {
    assumptions.iter().map(|a| format!("assuming {}\n", a.text())).collect()
}

/// A source position as JSON: `{"file", "line", "column"}`.
pub(crate) fn position(files: &leapfrog_source::SourceFiles, s: leapfrog_source::Span) -> serde_json::Value {
    serde_json::json!({ "file": files.path(s.file), "line": s.line, "column": s.col })
}

/// A source snippet indented under its heading.
pub(crate) fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect()
}

/// The end of a report's first line for invariants the checker was asked about, then the notes:
/// `; invariants re-checked independently` or `; invariants NOT certified`, one `note:` line each.
pub(crate) fn certification_and_notes(certified: bool, notes: &[String]) -> String {
    let mut out = String::from(if certified {
        "; invariants re-checked independently\n"
    } else {
        "; invariants NOT certified\n"
    });
    for n in notes {
        out.push_str(&format!("note: {n}\n"));
    }
    out
}

/// A loop's heading in a text report: kind, position, depth, and the source line with the
/// keyword marked.
pub(crate) fn loop_heading(
    files: &leapfrog_source::SourceFiles,
    cache: &mut snippet::SourceCache,
    kind: leapfrog_ir::LoopKind,
    span: leapfrog_source::Span,
    depth: u32,
) -> String {
    let mut out = format!("\n{} loop at {} (depth {depth})\n", kind.name(), files.display(span));
    if let Some(s) = cache.snippet(files, span, kind.name().len()) {
        out.push_str(&indent(&s));
    }
    out
}
