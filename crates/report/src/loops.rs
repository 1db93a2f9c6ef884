//! The `loops` listing: every loop of the program with its position, nesting and variables.

use crate::snippet::SourceCache;
use leapfrog_source::{Diagnostic, SourceFiles, Span};
use serde_json::{Value, json};

/// One loop, in the user's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopEntry {
    pub function: String,
    pub span: Span,
    /// `for`, `while`, `do` or `goto`.
    pub kind: &'static str,
    /// 1 for an outermost loop.
    pub depth: u32,
    /// Index of the parent loop in the listing.
    pub parent: Option<usize>,
    pub irreducible: bool,
    pub reads: Vec<String>,
    pub modifies: Vec<String>,
}

/// The listing of a program's loops (ids are indices into `loops`).
pub struct LoopListing<'a> {
    pub files: &'a SourceFiles,
    pub loops: Vec<LoopEntry>,
    /// Opaque steps that may not return or may jump elsewhere (a call through a function
    /// pointer, `longjmp`, inline assembly): cycles the control-flow graph does not show may pass
    /// them. Position and what each is.
    pub opaque_steps: Vec<(Span, String)>,
    pub diagnostics: &'a [Diagnostic],
}

impl LoopListing<'_> {
    pub fn to_json(&self) -> Value {
        let loops: Vec<Value> = self
            .loops
            .iter()
            .enumerate()
            .map(|(id, l)| {
                json!({
                    "id": id,
                    "file": self.files.path(l.span.file),
                    "function": l.function,
                    "line": l.span.line,
                    "column": l.span.col,
                    "kind": l.kind,
                    "depth": l.depth,
                    "parent": l.parent,
                    "irreducible": l.irreducible,
                    "reads": l.reads,
                    "modifies": l.modifies,
                })
            })
            .collect();
        let opaque: Vec<Value> = self
            .opaque_steps
            .iter()
            .map(|(span, what)| {
                json!({ "file": self.files.path(span.file), "line": span.line, "column": span.col, "what": what })
            })
            .collect();
        json!({
            "loops": loops,
            "opaque_steps": opaque,
            "diagnostics": crate::diagnostics::to_json(self.files, self.diagnostics),
        })
    }

    /// Source lines with each loop header marked.
    pub fn to_text(&self) -> String {
        let mut cache = SourceCache::default();
        let mut out = String::new();
        let noun = if self.loops.len() == 1 { "loop" } else { "loops" };
        out.push_str(&format!("{} {noun}\n", self.loops.len()));
        if !self.opaque_steps.is_empty() {
            out.push_str(&format!(
                "and {} opaque step(s) that may not return or may jump elsewhere, so there may be cycles this listing does not show:\n",
                self.opaque_steps.len()
            ));
            for (span, what) in &self.opaque_steps {
                out.push_str(&format!("    {} at {}\n", what, self.files.display(*span)));
            }
        }
        let mut current_function: Option<&str> = None;
        for (id, l) in self.loops.iter().enumerate() {
            if current_function != Some(l.function.as_str()) {
                out.push_str(&format!("\nin function `{}`:\n", l.function));
                current_function = Some(&l.function);
            }
            let parent = l.parent.map(|p| format!(", inside loop {p}")).unwrap_or_default();
            let irreducible = if l.irreducible { ", irreducible" } else { "" };
            out.push_str(&format!(
                "loop {id}: {} at {} (depth {}{parent}{irreducible})\n",
                l.kind,
                self.files.display(l.span),
                l.depth
            ));
            if let Some(snippet) = cache.snippet(self.files, l.span, l.kind.len()) {
                out.push_str(&snippet);
                out.push('\n');
            }
            out.push_str(&format!("    reads: {}\n", list(&l.reads)));
            out.push_str(&format!("    modifies: {}\n", list(&l.modifies)));
        }
        out
    }
}

fn list(names: &[String]) -> String {
    if names.is_empty() { "(nothing)".to_string() } else { names.join(", ") }
}
