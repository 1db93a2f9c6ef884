//! Mapping byte offsets of preprocessed text back to original files, lines and columns.
//!
//! lang-c's spans are offsets into the preprocessed text; gcc's line markers (`# 12 "a.c" 1`) say
//! which original line each preprocessed line comes from. The table is built once per file, and
//! each lookup is a binary search.

use leapfrog_source::{FileId, SourceFiles, Span};

pub struct LineMap {
    /// Byte offset where each preprocessed line starts.
    line_starts: Vec<usize>,
    /// For each preprocessed line: the original file and line (0 for marker lines themselves).
    origin: Vec<(FileId, u32)>,
}

impl LineMap {
    /// Build the table for `text`; `default_file` names lines before the first marker.
    pub fn new(text: &str, default_file: &str, files: &mut SourceFiles) -> LineMap {
        let mut line_starts = Vec::new();
        let mut origin = Vec::new();
        let mut file = files.intern(default_file);
        let mut next_line: u32 = 1;
        let mut start = 0;
        for line in text.split_inclusive('\n') {
            line_starts.push(start);
            start += line.len();
            if let Some(marker) = parse_marker(line) {
                origin.push((file, 0));
                file = files.intern(&marker.file);
                next_line = marker.line;
                continue;
            }
            origin.push((file, next_line));
            next_line += 1;
        }
        if line_starts.is_empty() {
            line_starts.push(0);
            origin.push((file, 1));
        }
        LineMap { line_starts, origin }
    }

    /// The original position of a byte offset of the preprocessed text.
    pub fn span(&self, offset: usize) -> Span {
        let idx = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let (file, line) = self.origin[idx];
        let col = offset - self.line_starts[idx] + 1;
        Span::new(file, line, col as u32)
    }
}

/// A line marker of gcc's preprocessed output.
pub(crate) struct Marker {
    /// The original line of the next line.
    pub line: u32,
    pub file: String,
    /// Whether the text after it comes from a system header (flag 3).
    pub system: bool,
}

/// `# 12 "file.c" 1 3` or `#line 12 "file.c"` → line 12 of "file.c", a system header when flag
/// 3 is among the flags.
pub(crate) fn parse_marker(line: &str) -> Option<Marker> {
    let rest = line.strip_prefix('#')?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let number: u32 = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start();
    let name = rest.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = name.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                let system = chars.as_str().split_whitespace().any(|flag| flag == "3");
                return Some(Marker { line: number, file: out, system });
            }
            '\\' => out.push(chars.next()?),
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_lines_and_columns() {
        let text = "# 1 \"a.c\"\nint x;\n# 40 \"b.h\" 1\n  int y;\n# 3 \"a.c\" 2\nint z;\n";
        let mut files = SourceFiles::new();
        let map = LineMap::new(text, "input.i", &mut files);
        let y = text.find("int y").unwrap();
        let s = map.span(y);
        assert_eq!((files.path(s.file), s.line, s.col), ("b.h", 40, 3));
        let z = text.find("int z").unwrap();
        let s = map.span(z);
        assert_eq!((files.path(s.file), s.line, s.col), ("a.c", 3, 1));
        let x = text.find("int x").unwrap();
        assert_eq!(map.span(x).line, 1);
    }

    #[test]
    fn text_without_markers_uses_default_file() {
        let mut files = SourceFiles::new();
        let map = LineMap::new("int a;\nint b;\n", "f.i", &mut files);
        let s = map.span(8);
        assert_eq!((files.path(s.file), s.line, s.col), ("f.i", 2, 2));
    }
}
