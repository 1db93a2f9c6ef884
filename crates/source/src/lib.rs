//! Source positions and diagnostics.
//!
//! This crate owns the vocabulary every layer uses to point back at the user's C code: the table
//! of original source files ([`SourceFiles`]), a position in one of them ([`Span`]), and findings
//! about the input ([`Diagnostic`]). Positions are resolved to line and column by the front end
//! (which sees the preprocessor's line markers); later layers only carry them around.
//!
//! Invariant: depends on nothing, knows no output format beyond the `file:line:col` convention.

use std::fmt;

/// Index of an original source file in [`SourceFiles`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// A position in an original source file (1-based line and column; 0 means unknown).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

impl Span {
    /// A span that points nowhere (synthesized code).
    pub const UNKNOWN: Span = Span { file: FileId(0), line: 0, col: 0 };

    pub fn new(file: FileId, line: u32, col: u32) -> Span {
        Span { file, line, col }
    }

    pub fn is_known(&self) -> bool {
        self.line != 0
    }
}

/// The original files a program was read from, in the order they were first seen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceFiles {
    paths: Vec<String>,
}

impl SourceFiles {
    pub fn new() -> SourceFiles {
        SourceFiles::default()
    }

    /// The id of `path`, adding it if it is new.
    pub fn intern(&mut self, path: &str) -> FileId {
        if let Some(i) = self.paths.iter().position(|p| p == path) {
            return FileId(i as u32);
        }
        self.paths.push(path.to_string());
        FileId((self.paths.len() - 1) as u32)
    }

    pub fn path(&self, id: FileId) -> &str {
        self.paths.get(id.0 as usize).map(|s| s.as_str()).unwrap_or("<unknown>")
    }

    pub fn len(&self) -> usize {
        self.paths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.paths.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileId, &str)> {
        self.paths.iter().enumerate().map(|(i, p)| (FileId(i as u32), p.as_str()))
    }

    /// `file:line:col` for a span (just `file` when the position is unknown).
    pub fn display(&self, span: Span) -> String {
        if span.is_known() {
            format!("{}:{}:{}", self.path(span.file), span.line, span.col)
        } else if self.is_empty() {
            "<unknown>".to_string()
        } else {
            self.path(span.file).to_string()
        }
    }
}

/// How serious a finding about the input is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// The input cannot be used (exit code 2).
    Error,
    /// A construct the analyzer does not model; it was replaced by a nondeterministic value or an
    /// opaque step, and verdicts that depend on it are UNKNOWN.
    Unsupported,
    /// Something suspicious that does not change the analysis.
    Warning,
    /// An assumption the analysis makes about the input (e.g. a call to a function without a
    /// body is modelled as returning an arbitrary value).
    Assumption,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Unsupported => "unsupported",
            Severity::Warning => "warning",
            Severity::Assumption => "assumption",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finding about the input, printed as `file:line:col: severity: message`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    pub severity: Severity,
    pub span: Span,
    pub message: String,
}

impl Diagnostic {
    pub fn new(severity: Severity, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity, span, message: message.into() }
    }

    pub fn unsupported(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Unsupported, span, message)
    }

    pub fn render(&self, files: &SourceFiles) -> String {
        format!("{}: {}: {}", files.display(self.span), self.severity, self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable_and_display_uses_positions() {
        let mut files = SourceFiles::new();
        let a = files.intern("a.c");
        let b = files.intern("b.c");
        assert_eq!(files.intern("a.c"), a);
        assert_ne!(a, b);
        let d = Diagnostic::unsupported(Span::new(b, 3, 7), "floating point");
        assert_eq!(d.render(&files), "b.c:3:7: unsupported: floating point");
        assert_eq!(files.display(Span::UNKNOWN), "a.c");
    }
}
