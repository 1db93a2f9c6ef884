//! Source snippets for text output: the line of a position with a marker under its column.

use leapfrog_source::{SourceFiles, Span};
use std::collections::HashMap;

/// Caches the lines of source files read from disk.
#[derive(Default)]
pub struct SourceCache {
    files: HashMap<String, Option<Vec<String>>>,
}

impl SourceCache {
    pub fn line(&mut self, path: &str, line: u32) -> Option<String> {
        let lines = self.files.entry(path.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(path).ok()?;
            Some(String::from_utf8_lossy(&bytes).lines().map(|l| l.trim_end_matches('\r').to_string()).collect())
        });
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    }

    /// `   7 | source line` and a `^` marker under the column, or nothing if the file is gone.
    pub fn snippet(&mut self, files: &SourceFiles, span: Span, marker_len: usize) -> Option<String> {
        if !span.is_known() {
            return None;
        }
        let text = self.line(files.path(span.file), span.line)?;
        let gutter = format!("{:>6} | ", span.line);
        let pad: String = text
            .chars()
            .take(span.col.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        Some(format!("{gutter}{text}\n{:>6} | {pad}{}", "", "^".repeat(marker_len.max(1))))
    }
}
