//! A small RFC 4180 CSV reader for the benchmark manifests.
//!
//! Owns the text-level format only: records separated by `\n` or `\r\n`, fields separated by `,`,
//! fields optionally enclosed in `"` (inside which `,`, line breaks and doubled quotes `""` are
//! literal). Blank lines are skipped and a leading UTF-8 byte-order mark is ignored. A quote inside
//! an unquoted field, text after a closing quote, an unterminated quoted field, or a record whose
//! field count differs from the header's are errors with the line number: the manifests are
//! authoritative data, so a malformed one is reported rather than guessed at.
//!
//! What the columns mean is [`super::manifest`]'s business.

use std::fmt;
use std::io;
use std::path::Path;

/// One record with the 1-based line on which it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvRecord {
    pub line: usize,
    pub fields: Vec<String>,
}

/// A syntax error at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Splits `text` into records. Blank lines (outside quotes) produce no record.
pub fn parse_csv(text: &str) -> Result<Vec<CsvRecord>, CsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;

    while chars.peek().is_some() {
        let record_line = line;
        let mut fields = Vec::new();
        let mut field = String::new();
        // Whether the current field was quoted (so `""` is an empty field, not a blank line).
        let mut quoted = false;
        loop {
            match chars.next() {
                None => break,
                Some('\n') => {
                    line += 1;
                    break;
                }
                Some('\r') if chars.peek() == Some(&'\n') => {
                    chars.next();
                    line += 1;
                    break;
                }
                Some(',') => {
                    fields.push(std::mem::take(&mut field));
                    quoted = false;
                }
                Some('"') if field.is_empty() && !quoted => {
                    quoted = true;
                    let opened_at = line;
                    loop {
                        match chars.next() {
                            None => {
                                return Err(CsvError {
                                    line: opened_at,
                                    message: "quoted field is not closed".to_string(),
                                });
                            }
                            Some('"') if chars.peek() == Some(&'"') => {
                                chars.next();
                                field.push('"');
                            }
                            Some('"') => break,
                            Some(c) => {
                                if c == '\n' {
                                    line += 1;
                                }
                                field.push(c);
                            }
                        }
                    }
                    match chars.peek() {
                        None | Some(',' | '\n' | '\r') => {}
                        Some(c) => {
                            return Err(CsvError { line, message: format!("unexpected {c:?} after a closing quote") });
                        }
                    }
                }
                Some('"') => {
                    return Err(CsvError {
                        line,
                        message: "quote inside an unquoted field (enclose the field in quotes and double the quote)"
                            .to_string(),
                    });
                }
                Some(c) => field.push(c),
            }
        }
        let blank = fields.is_empty() && field.is_empty() && !quoted;
        if !blank {
            fields.push(field);
            records.push(CsvRecord { line: record_line, fields });
        }
    }
    Ok(records)
}

/// A CSV file with a header row; every data row has as many fields as the header.
#[derive(Debug, Clone)]
pub struct CsvTable {
    pub header: Vec<String>,
    pub rows: Vec<CsvRecord>,
}

impl CsvTable {
    /// Parses `text` (named `origin` in error messages) and checks the field counts.
    pub fn parse(text: &str, origin: &str) -> io::Result<CsvTable> {
        let invalid = |line: usize, message: String| {
            io::Error::new(io::ErrorKind::InvalidData, format!("{origin}:{line}: {message}"))
        };
        let mut records = parse_csv(text).map_err(|e| invalid(e.line, e.message))?.into_iter();
        let header = records.next().ok_or_else(|| invalid(1, "empty file (expected a header row)".to_string()))?.fields;
        let rows: Vec<CsvRecord> = records.collect();
        if let Some(bad) = rows.iter().find(|r| r.fields.len() != header.len()) {
            return Err(invalid(
                bad.line,
                format!("expected {} fields as in the header, found {}", header.len(), bad.fields.len()),
            ));
        }
        Ok(CsvTable { header, rows })
    }

    /// Reads and parses the file at `path`.
    pub fn read(path: &Path) -> io::Result<CsvTable> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot read {}: {e}", path.display())))?;
        CsvTable::parse(&text, &path.display().to_string())
    }

    /// Index of the column named `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// Index of the column named `name`, or an error naming the file.
    pub fn require_column(&self, name: &str, origin: &str) -> io::Result<usize> {
        self.column(name).ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{origin}: missing column `{name}` (header: {})", self.header.join(",")),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Vec<Vec<String>> {
        parse_csv(text).unwrap().into_iter().map(|r| r.fields).collect()
    }

    #[test]
    fn plain_records_with_lf_and_crlf() {
        assert_eq!(fields("a,b,c\n1,2,3\r\n4,,6"), vec![vec!["a", "b", "c"], vec!["1", "2", "3"], vec!["4", "", "6"]]);
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_newlines() {
        let text = "id,note\nx,\"a, b\"\ny,\"say \"\"hi\"\"\"\nz,\"two\nlines\"\nw,\"\"\n";
        assert_eq!(
            fields(text),
            vec![
                vec!["id", "note"],
                vec!["x", "a, b"],
                vec!["y", "say \"hi\""],
                vec!["z", "two\nlines"],
                vec!["w", ""],
            ]
        );
    }

    #[test]
    fn record_lines_count_newlines_inside_quotes() {
        let records = parse_csv("h\n\"a\nb\"\nc\n").unwrap();
        let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, vec![1, 2, 4]);
    }

    #[test]
    fn blank_lines_and_bom_are_ignored_but_a_quoted_empty_field_is_a_record() {
        assert_eq!(fields("\u{feff}a\n\n\nb\n"), vec![vec!["a"], vec!["b"]]);
        assert_eq!(fields("\"\"\n"), vec![vec![""]]);
        assert_eq!(fields(",\n"), vec![vec!["", ""]]);
    }

    #[test]
    fn malformed_quotes_are_errors_with_lines() {
        let unterminated = parse_csv("a\nb,\"open\n\n").unwrap_err();
        assert_eq!(unterminated.line, 2);
        assert!(unterminated.message.contains("not closed"));
        let after_quote = parse_csv("a\n\"x\"y\n").unwrap_err();
        assert_eq!(after_quote.line, 2);
        let stray = parse_csv("a\nx\"y\n").unwrap_err();
        assert_eq!(stray.line, 2);
    }

    #[test]
    fn table_checks_field_counts_and_finds_columns() {
        let table = CsvTable::parse("id,file\n1,a.c\n", "m.csv").unwrap();
        assert_eq!(table.column("file"), Some(1));
        assert!(table.require_column("suite", "m.csv").unwrap_err().to_string().contains("`suite`"));
        let err = CsvTable::parse("id,file\n1,a.c,extra\n", "m.csv").unwrap_err();
        assert_eq!(err.to_string(), "m.csv:2: expected 2 fields as in the header, found 3");
        assert!(CsvTable::parse("", "m.csv").is_err());
    }
}
