//! Diagnostics of the input: rendered as `file:line:col: severity: message`, or as JSON objects.

use leapfrog_source::{Diagnostic, SourceFiles};
use serde_json::{Value, json};

pub fn to_json(files: &SourceFiles, diags: &[Diagnostic]) -> Value {
    Value::Array(
        diags
            .iter()
            .map(|d| {
                json!({
                    "severity": d.severity.as_str(),
                    "file": files.path(d.span.file),
                    "line": d.span.line,
                    "column": d.span.col,
                    "message": d.message,
                })
            })
            .collect(),
    )
}

pub fn to_text(files: &SourceFiles, diags: &[Diagnostic]) -> String {
    diags.iter().map(|d| format!("{}\n", d.render(files))).collect()
}
