//! Drops the bodies of system-header functions the program never names, before parsing.
//!
//! A unit that includes `<immintrin.h>` (zlib-ng's SIMD code) carries about 49,000 preprocessed
//! lines and some 5,000 `static`/`extern __inline` function definitions, of which a file uses a
//! dozen; parsing and lowering the rest took three quarters of the time of reading such a file.
//! A function definition whose name appears nowhere else cannot be called, so its body cannot
//! change what the program does: it is replaced by `;`, which leaves a declaration.
//!
//! What counts as a definition to drop, in a region the line markers flag as a system header
//! (`# 12 "/usr/include/x.h" 1 3`): at file scope, a `{` right after the `)` of a parameter list
//! whose `(` follows an identifier (the name) other than an attribute keyword, with no `=` in
//! the declaration's head and no attribute that makes a function live without a call
//! (`constructor`, `destructor`, `used`, `alias`, `ifunc`, ...). A name counts as used when it
//! appears as an identifier outside the dropped bodies (anywhere else, system headers included:
//! a prototype keeps its definition) or inside a string literal (an alias target, inline
//! assembly). The bodies of kept functions are scanned in turn, so a kept function keeps the
//! functions it calls. Whatever the scan cannot read with certainty (a name in parentheses, a
//! function returning a function pointer, K&R parameter declarations) is kept.
//!
//! The text keeps its lines: a dropped body becomes `;` followed by its newlines, with the line
//! markers inside it kept, so every position after it maps to the same file, line and column.

use std::collections::{HashMap, HashSet};

/// Attributes that make a function live although no call names it.
const LIVE_ATTRIBUTES: &[&str] = &["constructor", "destructor", "used", "alias", "ifunc", "weakref", "visibility"];

/// Identifiers that may precede a parenthesized list that is not a parameter list.
const NOT_A_NAME: &[&str] = &[
    "__attribute__",
    "__attribute",
    "__asm__",
    "__asm",
    "asm",
    "__typeof__",
    "__typeof",
    "typeof",
    "_Alignas",
    "__declspec",
    "sizeof",
    "_Alignof",
    "__alignof__",
    "_Static_assert",
    "__extension__",
];

/// `text` with the bodies of the unused system-header functions dropped; `None` when there is
/// nothing to drop.
pub fn drop_unused_system_functions(text: &str) -> Option<String> {
    let tokens = tokenize(text);
    let definitions = system_definitions(text, &tokens);
    if definitions.is_empty() {
        return None;
    }
    let kept = used_definitions(text, &tokens, &definitions);
    let dropped: Vec<&Definition> =
        definitions.iter().enumerate().filter(|(i, _)| !kept.contains(i)).map(|(_, d)| d).collect();
    if dropped.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for d in dropped {
        out.push_str(&text[at..d.body_start]);
        out.push(';');
        // Keep the body's line structure: its line markers, and an empty line for every other.
        for line in text[d.body_start..d.body_end].split_inclusive('\n') {
            if !line.ends_with('\n') {
                break; // the line of `}`: the text after `}` follows
            }
            out.push_str(if line.starts_with('#') { line } else { "\n" });
        }
        at = d.body_end;
    }
    out.push_str(&text[at..]);
    Some(out)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    /// A string or character literal.
    Literal,
    Punct(u8),
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
    /// Whether the token comes from a system header.
    system: bool,
}

/// The tokens that matter here: identifiers, literals and single punctuation characters (numbers
/// and directives are skipped; operators made of several characters come out as several).
fn tokenize(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut system = false;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'#' {
            let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
            if let Some(marker) = crate::linemap::parse_marker(&text[i..end]) {
                system = marker.system;
            }
            i = end;
            continue;
        }
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b' => {
                i += 1;
                continue;
            }
            _ => line_start = false,
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if c == b'"' || c == b'\'' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            tokens.push(Token { kind: Kind::Literal, start, end: i, system });
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                i += 1;
            }
            tokens.push(Token { kind: Kind::Ident, start, end: i, system });
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            // A preprocessing number: digits, letters, `.`, and a sign after an exponent.
            i += 1;
            while i < b.len() {
                let d = b[i];
                let sign_of_exponent = (d == b'+' || d == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                if d.is_ascii_alphanumeric() || d == b'_' || d == b'.' || sign_of_exponent {
                    i += 1;
                } else {
                    break;
                }
            }
        } else if c.is_ascii() {
            tokens.push(Token { kind: Kind::Punct(c), start: i, end: i + 1, system });
            i += 1;
        } else {
            // A byte of a non-ASCII character outside a literal: not C punctuation.
            i += 1;
        }
    }
    tokens
}

/// A function definition in a system header.
struct Definition {
    name: String,
    /// The index of the name's token.
    name_token: usize,
    /// The tokens of the body, `{` to `}`.
    body_tokens: (usize, usize),
    /// Byte range of the body, `{` to just after `}`.
    body_start: usize,
    body_end: usize,
}

/// The function definitions at file scope in system headers that may be dropped.
fn system_definitions(text: &str, tokens: &[Token]) -> Vec<Definition> {
    let mut out = Vec::new();
    let mut parens: Vec<usize> = Vec::new();
    // The index of the first token of the current file-scope declaration.
    let mut head_start = 0;
    // For each `)` at file scope, its `(` (by index of the `)`).
    let mut open_of: HashMap<usize, usize> = HashMap::new();
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].kind {
            Kind::Punct(b'(') => parens.push(i),
            Kind::Punct(b')') => {
                if let Some(open) = parens.pop() {
                    open_of.insert(i, open);
                }
            }
            Kind::Punct(b';') if parens.is_empty() => head_start = i + 1,
            Kind::Punct(b'{') => {
                // A body, a struct's members or an initializer: skipped whole.
                let Some(close) = matching_brace(tokens, i) else { break };
                out.extend(definition_at(text, tokens, head_start, i, close, &open_of));
                if parens.is_empty() {
                    head_start = close + 1;
                }
                i = close + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The `}` that closes the `{` at `open`.
fn matching_brace(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (j, t) in tokens.iter().enumerate().skip(open) {
        match t.kind {
            Kind::Punct(b'{') => depth += 1,
            Kind::Punct(b'}') => {
                depth -= 1;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => {}
        }
    }
    None
}

/// The definition whose body opens at `open`, if it is one that may be dropped.
fn definition_at(
    text: &str,
    tokens: &[Token],
    head_start: usize,
    open: usize,
    close: usize,
    open_of: &HashMap<usize, usize>,
) -> Option<Definition> {
    let last = open.checked_sub(1)?;
    if !tokens[open].system || tokens[last].kind != Kind::Punct(b')') {
        return None;
    }
    let params = *open_of.get(&last)?;
    let name_token = params.checked_sub(1)?;
    if name_token < head_start || tokens[name_token].kind != Kind::Ident || !tokens[name_token].system {
        return None;
    }
    let word = |t: &Token| &text[t.start..t.end];
    let name = word(&tokens[name_token]);
    if NOT_A_NAME.contains(&name) {
        return None;
    }
    let head = &tokens[head_start..open];
    let live = head.iter().any(|t| {
        t.kind == Kind::Punct(b'=') || (t.kind == Kind::Ident && LIVE_ATTRIBUTES.contains(&word(t).trim_matches('_')))
    });
    if live {
        return None;
    }
    Some(Definition {
        name: name.to_string(),
        name_token,
        body_tokens: (open, close),
        body_start: tokens[open].start,
        body_end: tokens[close].end,
    })
}

/// The indices of the definitions whose names the program uses (see the module's doc).
fn used_definitions(text: &str, tokens: &[Token], definitions: &[Definition]) -> HashSet<usize> {
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, d) in definitions.iter().enumerate() {
        by_name.entry(d.name.as_str()).or_default().push(i);
    }
    let mut used: HashSet<&str> = HashSet::new();
    let name_tokens: HashSet<usize> = definitions.iter().map(|d| d.name_token).collect();
    let mut bodies = definitions.iter().map(|d| d.body_tokens).peekable();
    let mut i = 0;
    while i < tokens.len() {
        if let Some(&(open, close)) = bodies.peek()
            && i == open
        {
            i = close + 1;
            bodies.next();
            continue;
        }
        note_use(text, &tokens[i], &by_name, &mut used, name_tokens.contains(&i));
        i += 1;
    }
    let mut kept: HashSet<usize> = HashSet::new();
    let mut work: Vec<usize> = used.iter().flat_map(|n| by_name.get(n).into_iter().flatten().copied()).collect();
    while let Some(d) = work.pop() {
        if !kept.insert(d) {
            continue;
        }
        let (open, close) = definitions[d].body_tokens;
        let mut named = HashSet::new();
        for t in &tokens[open..=close] {
            note_use(text, t, &by_name, &mut named, false);
        }
        for n in named {
            if used.insert(n) {
                work.extend(by_name.get(n).into_iter().flatten().copied());
            }
        }
    }
    kept
}

/// Records the definitions' names that token `t` uses: as an identifier (unless it is a
/// definition's own name), or inside a literal.
fn note_use<'t>(
    text: &'t str,
    t: &Token,
    by_name: &HashMap<&'t str, Vec<usize>>,
    used: &mut HashSet<&'t str>,
    defining: bool,
) {
    let word = &text[t.start..t.end];
    match t.kind {
        Kind::Ident if !defining => {
            if let Some((&name, _)) = by_name.get_key_value(word) {
                used.insert(name);
            }
        }
        Kind::Literal => {
            for piece in word.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')) {
                if let Some((&name, _)) = by_name.get_key_value(piece) {
                    used.insert(name);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SYSTEM: &str = "# 1 \"/usr/include/h.h\" 1 3\n";
    const USER: &str = "# 3 \"a.c\" 2\n";

    fn pruned(text: &str) -> String {
        drop_unused_system_functions(text).unwrap_or_else(|| text.to_string())
    }

    #[test]
    fn unused_system_functions_lose_their_bodies_and_keep_their_lines() {
        let text = format!(
            "{SYSTEM}static __inline int unused (int x)\n{{\n  return x + 1;\n}}\nstatic __inline int used (int x) {{ return x; }}\n{USER}int main(void) {{ return used(2); }}\n"
        );
        let out = pruned(&text);
        assert!(out.contains("static __inline int unused (int x)\n;\n\n\n"), "{out}");
        assert!(out.contains("used (int x) { return x; }"), "{out}");
        assert_eq!(out.lines().count(), text.lines().count());
        assert!(out.ends_with("int main(void) { return used(2); }\n"));
    }

    #[test]
    fn kept_functions_keep_what_they_call() {
        let text = format!(
            "{SYSTEM}static int leaf(int x) {{ return x; }}\nstatic int mid(int x) {{ return leaf(x); }}\nstatic int other(int x) {{ return x; }}\n{USER}int main(void) {{ return mid(1); }}\n"
        );
        let out = pruned(&text);
        assert!(out.contains("leaf(int x) { return x; }"));
        assert!(out.contains("mid(int x) { return leaf(x); }"));
        assert!(out.contains("static int other(int x) ;"), "{out}");
    }

    #[test]
    fn user_functions_and_live_attributes_are_kept() {
        let text = format!(
            "{SYSTEM}static void __attribute__((__constructor__)) init(void) {{ }}\nstatic int aliased(void) {{ return 0; }}\nint alias_user(void) __attribute__((alias(\"aliased\")));\n{USER}static int mine(void) {{ return 0; }}\nint main(void) {{ return 0; }}\n"
        );
        assert_eq!(drop_unused_system_functions(&text), None);
    }

    #[test]
    fn markers_inside_a_dropped_body_are_kept() {
        let text = format!(
            "{SYSTEM}static int f(void) {{\n# 7 \"/usr/include/g.h\" 1 3\n  return 0;\n}}\n{USER}int main(void) {{ return 0; }}\n"
        );
        let out = pruned(&text);
        assert!(out.contains("static int f(void) ;\n# 7 \"/usr/include/g.h\" 1 3\n\n\n"), "{out}");
    }

    #[test]
    fn what_is_not_clearly_a_definition_is_kept() {
        // A struct with attributes, a compound literal in an initializer, a name in parentheses.
        let text = format!(
            "{SYSTEM}struct __attribute__((aligned(8))) s {{ int a; }};\nstruct s v = (struct s){{ 1 }};\nstatic int (g)(void) {{ return 0; }}\n{USER}int main(void) {{ return 0; }}\n"
        );
        assert_eq!(drop_unused_system_functions(&text), None);
    }

    #[test]
    fn literals_and_numbers_do_not_confuse_the_scan() {
        let text = format!(
            "{SYSTEM}static const char *s(void) {{ return \"}}{{\"; }}\nstatic double e(void) {{ return 1e+10 + 0x1fUL + '}}'; }}\n{USER}int main(void) {{ return 0; }}\n"
        );
        let out = pruned(&text);
        assert!(out.contains("static const char *s(void) ;\n"), "{out}");
        assert!(out.contains("static double e(void) ;\n"), "{out}");
    }
}
