//! Checking printed invariants from outside, as a user would: each invariant is inserted as C
//! into the original source at the loop it names (evaluated every time the loop's condition is),
//! and the instrumented program is run.
//!
//! `while (c)` becomes `while (__leapfrog_check(I), (c))` and `for (init; c; step)` becomes
//! `for (init; __leapfrog_check(I), (c); step)`; `__leapfrog_check` aborts when its argument is
//! false, so a run that ends in `abort` on the last line of the instrumented file is a run the
//! invariant excludes. `do` loops (whose condition is evaluated after the first iteration, not at
//! the header) are not instrumented.
//!
//! With exit conditions `E1, E2, ...` and a condition `c` without side effects (no call,
//! assignment, `++` or `--`), the check is `(I) && ((c) || (E1) || (E2) ...)`: when the condition
//! lets the loop exit, one of the printed exit conditions holds.
//!
//! Conjuncts over ghost variables (`verify`'s `ghost_invariant`: `\at(x, L17)`, the value of `x`
//! when the loop at line 17 was entered, and `\iterations(L17)`, its iterations since) are
//! checked with ghost code written into the C: globals `__lf_at_x_L17` and `__lf_it_L17`; the
//! statement `__lf_first_L17 = 1;` before the loop (so a loop is entered whenever its statement
//! starts), and at its condition, before the check, `(__lf_first_L17 ? (__lf_at_x_L17 = x, ...,
//! __lf_it_L17 = 0, __lf_first_L17 = 0) : ++__lf_it_L17)`.

/// One printed invariant: the loop's keyword position (1-based line and byte column), its kind
/// (`while`, `for`, `do`, `goto`) and the invariant as a C expression.
pub struct LoopCheck {
    pub line: usize,
    pub column: usize,
    pub kind: String,
    pub invariant: String,
    /// The printed exit conditions (C), checked where the condition is (see above).
    pub exits: Vec<String>,
    /// Conjuncts over ghost variables (see above).
    pub ghost_invariant: Vec<String>,
}

/// The ghost variables that `texts` mention, as `(variable, label)` for `\at(variable, label)`
/// and `("", label)` for `\iterations(label)`; and the texts with them as C identifiers.
fn ghosts_in(texts: &[String]) -> (std::collections::BTreeSet<(String, String)>, Vec<String>) {
    let mut found = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for t in texts {
        let mut c = String::new();
        let mut rest = t.as_str();
        while let Some(i) = rest.find('\\') {
            c.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let open = after.find('(').expect("a ghost has an argument list");
            let close = after.find(')').expect("a ghost's argument list ends");
            let args: Vec<&str> = after[open + 1..close].split(',').map(str::trim).collect();
            match (&after[..open], args.as_slice()) {
                ("at", [x, label]) => {
                    c.push_str(&format!("__lf_at_{x}_{label}"));
                    found.insert((x.to_string(), label.to_string()));
                }
                ("iterations", [label]) => {
                    c.push_str(&format!("__lf_it_{label}"));
                    found.insert((String::new(), label.to_string()));
                }
                _ => panic!("an unknown ghost in {t}"),
            }
            rest = &after[close + 1..];
        }
        c.push_str(rest);
        out.push(c);
    }
    (found, out)
}

/// The name of the check function, defined on the instrumented file's last line.
pub const CHECK_FUNCTION: &str = "__leapfrog_check";

/// `source` with every `while`/`for` check inserted, and how many were; `Err` when a loop is not
/// found where it is said to be.
pub fn instrument(source: &str, checks: &[LoopCheck]) -> Result<(String, usize), String> {
    let line_starts: Vec<usize> = std::iter::once(0).chain(source.match_indices('\n').map(|(i, _)| i + 1)).collect();
    // Insertions as (byte offset, text), applied back to front.
    let mut inserts: Vec<(usize, String)> = Vec::new();
    let mut count = 0;
    let all_ghost_texts: Vec<String> = checks.iter().flat_map(|c| c.ghost_invariant.iter().cloned()).collect();
    let (ghosts, _) = ghosts_in(&all_ghost_texts);
    let mut labels_seen = std::collections::BTreeSet::new();
    for c in checks {
        if !matches!(c.kind.as_str(), "while" | "for") {
            if !c.ghost_invariant.is_empty() {
                return Err(format!("ghost conjuncts at a `{}` loop", c.kind));
            }
            continue;
        }
        let at = line_starts.get(c.line - 1).ok_or_else(|| format!("no line {}", c.line))? + c.column - 1;
        if !source[at..].starts_with(c.kind.as_str()) {
            return Err(format!("no `{}` at {}:{}", c.kind, c.line, c.column));
        }
        // This loop's ghosts: those of its label (`L17`, or `L17_3` when it shares its line).
        let label = [format!("L{}", c.line), format!("L{}_{}", c.line, c.column)]
            .into_iter()
            .find(|l| ghosts.iter().any(|(_, g)| g == l));
        let mut ghost_update = String::new();
        if let Some(label) = &label {
            labels_seen.insert(label.clone());
            let before = source[..at].trim_end();
            if !before.ends_with([';', '{', '}', ':']) {
                return Err(format!("the loop at {}:{} is not a statement of its own", c.line, c.column));
            }
            inserts.push((at, format!("__lf_first_{label} = 1; ")));
            let copies: Vec<String> = ghosts
                .iter()
                .filter(|(x, g)| g == label && !x.is_empty())
                .map(|(x, _)| format!("__lf_at_{x}_{label} = {x}, "))
                .collect();
            ghost_update = format!(
                "(__lf_first_{label} ? ({}__lf_it_{label} = 0, __lf_first_{label} = 0) : ++__lf_it_{label}), ",
                copies.concat()
            );
        }
        let (_, ghost_texts) = ghosts_in(&c.ghost_invariant);
        let invariant = if ghost_texts.is_empty() {
            c.invariant.clone()
        } else {
            let mut conj = vec![format!("({})", c.invariant)];
            conj.extend(ghost_texts.iter().map(|g| format!("({g})")));
            conj.join(" && ")
        };
        let (start, end) = condition_range(source, at, &c.kind)?;
        let condition = source[start..end].trim();
        let checked = if c.exits.is_empty() || condition.is_empty() || !side_effect_free(condition) {
            invariant
        } else {
            let exits: Vec<String> = c.exits.iter().map(|e| format!("({e})")).collect();
            format!("({invariant}) && (({condition}) || {})", exits.join(" || "))
        };
        let check = format!("{ghost_update}{CHECK_FUNCTION}({checked}), ");
        inserts.extend(check_before_condition(source, (start, end), &check));
        count += 1;
    }
    inserts.sort_by_key(|i| std::cmp::Reverse(i.0));
    let mut out = source.to_string();
    for (at, text) in inserts {
        out.insert_str(at, &text);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(&format!("void {CHECK_FUNCTION}(int ok) {{ if (!ok) abort(); }}\n"));
    if let Some((_, label)) = ghosts.iter().find(|(_, l)| !labels_seen.contains(l)) {
        return Err(format!("the ghosts of {label} belong to no instrumented loop"));
    }
    let declarations: Vec<String> = ghosts
        .iter()
        .map(|(x, label)| {
            if x.is_empty() {
                format!("long long __lf_it_{label}, __lf_first_{label}; ")
            } else {
                format!("long long __lf_at_{x}_{label}; ")
            }
        })
        .collect();
    // Declared on the first line, so that no line number of the original moves.
    Ok((format!("void abort(void); void {CHECK_FUNCTION}(int); {}{out}", declarations.concat()), count))
}

/// The byte range of the condition of the `while` or `for` loop (`kind`) whose keyword is at
/// byte `at`: between `while (` and its `)`, or between a `for`'s two top-level `;`.
pub fn condition_range(source: &str, at: usize, kind: &str) -> Result<(usize, usize), String> {
    let open = at + source[at..].find('(').ok_or("no `(` after the loop keyword")?;
    let close = matching_paren(source, open).ok_or("no matching `)`")?;
    if kind == "while" {
        return Ok((open + 1, close));
    }
    let semis = top_level_semicolons(source, open, close);
    let [first, second] = semis[..] else { return Err("a `for` without two `;`".into()) };
    Ok((first + 1, second))
}

/// The insertions (byte offset, text) that evaluate `check` — C ending in `, ` — each time the
/// condition at `range` is: `check (c)`, or `check 1` for a `for` without a condition.
pub fn check_before_condition(source: &str, (start, end): (usize, usize), check: &str) -> Vec<(usize, String)> {
    if source[start..end].trim().is_empty() {
        vec![(start, format!("{check}1"))]
    } else {
        vec![(start, format!("{check}(")), (end, ")".to_string())]
    }
}

/// Whether evaluating the C expression `e` twice is the same as once: no call (an identifier
/// followed by `(`), assignment, `++` or `--`.
fn side_effect_free(e: &str) -> bool {
    let b = e.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for (i, &c) in b.iter().enumerate() {
        let prev = b[..i].iter().rev().find(|x| !x.is_ascii_whitespace()).copied();
        let next = b.get(i + 1).copied();
        match c {
            b'(' if prev.is_some_and(word) => {
                let start = b[..i].iter().rposition(|x| !word(*x) && !x.is_ascii_whitespace()).map_or(0, |k| k + 1);
                if e[start..i].trim() != "sizeof" {
                    return false;
                }
            }
            b'+' | b'-' if next == Some(c) => return false,
            b'=' if next != Some(b'=') && !matches!(prev, Some(b'=' | b'!' | b'<' | b'>')) => return false,
            _ => {}
        }
    }
    true
}

/// The `)` that closes the `(` at byte `open` (parentheses in comments and literals are not
/// told apart).
pub fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, ch) in s[open..].char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The `;` between the parentheses at `open` and `close` that no inner bracket encloses.
pub fn top_level_semicolons(s: &str, open: usize, close: usize) -> Vec<usize> {
    let mut depth = 0;
    let mut out = Vec::new();
    for (i, ch) in s[open + 1..close].char_indices() {
        match ch {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth -= 1,
            ';' if depth == 0 => out.push(open + 1 + i),
            _ => {}
        }
    }
    out
}
