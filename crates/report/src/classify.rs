//! The `classify` job's output: per file, every loop's Proteus type, paths, variables and path
//! dependency automaton (text, JSON, or Graphviz `dot`), and a summary table over all files.

use crate::snippet::SourceCache;
use crate::{loop_heading, position};
use leapfrog_results::classification::{COUNTER, FileClassification, LoopClassification, PathReport, PdaReport};
use leapfrog_source::SourceFiles;
use serde_json::{Value, json};
use std::time::Duration;

fn path_json(p: &PathReport) -> Value {
    json!({
        "condition": p.condition,
        "unexpressed_conditions": p.unexpressed_conditions,
        "updates": p.updates.iter().map(|(v, e)| json!({ "variable": v, "value": e })).collect::<Vec<_>>(),
        "variables": p.variables.iter().map(|v| json!({
            "name": v.name,
            "class": v.class,
            "closed_form": v.closed_form,
            "from": v.from,
            "reason": v.reason,
        })).collect::<Vec<_>>(),
    })
}

fn pda_json(pda: &PdaReport) -> Value {
    json!({
        "states": pda.states.iter().enumerate().map(|(i, s)| json!({ "id": i, "kind": s.kind, "path": s.path })).collect::<Vec<_>>(),
        "transitions": pda.transitions.iter().map(|(a, b)| json!([a, b])).collect::<Vec<_>>(),
        "undecided_transitions": pda.undecided,
    })
}

fn loop_json(files: &SourceFiles, l: &LoopClassification) -> Value {
    let mut v = position(files, l.span);
    v["function"] = json!(l.function);
    v["kind"] = json!(l.kind.name());
    v["type"] = json!(l.loop_type);
    v["interleaving"] = json!(l.interleaving);
    v["unsupported"] = json!(l.unsupported);
    v["nested"] = json!(l.nested);
    v["inner_splits"] = json!(l.inner_splits);
    v["slice"] = match &l.slice {
        Some((interest, dropped)) => json!({ "interest": interest, "left_out": dropped }),
        None => Value::Null,
    };
    v["counter"] = json!(COUNTER);
    v["paths"] = json!(l.paths.iter().map(path_json).collect::<Vec<_>>());
    v["exits"] = json!(l.exits.iter().map(path_json).collect::<Vec<_>>());
    v["niv_conditions"] = json!(l.niv_conditions);
    v["pda"] = l.pda.as_ref().map_or(Value::Null, pda_json);
    v["time_seconds"] = json!(l.elapsed.as_secs_f64());
    v
}

/// One file's result as JSON.
pub fn file_to_json(files: &SourceFiles, f: &FileClassification) -> Value {
    json!({
        "file": f.file,
        "error": f.error,
        "loops": f.loops.iter().map(|l| loop_json(files, l)).collect::<Vec<_>>(),
        "time_seconds": f.elapsed.as_secs_f64(),
    })
}

/// A file that could not be read, as JSON.
pub fn failed_file_to_json(f: &FileClassification) -> Value {
    json!({ "file": f.file, "error": f.error, "loops": [], "time_seconds": f.elapsed.as_secs_f64() })
}

fn path_text(label: &str, p: &PathReport) -> String {
    let mut cond = if p.condition.is_empty() { "1".to_string() } else { p.condition.join(" && ") };
    if p.unexpressed_conditions > 0 {
        cond.push_str(&format!(" (+ {} condition(s) on values the path does not determine)", p.unexpressed_conditions));
    }
    let mut out = format!("  {label}: {cond}\n");
    if !p.updates.is_empty() {
        let updates: Vec<String> = p.updates.iter().map(|(v, e)| format!("{v} = {e}")).collect();
        out.push_str(&format!("      updates: {}\n", updates.join("; ")));
    }
    for v in p.variables.iter().filter(|v| v.class != "unchanged") {
        match (&v.closed_form, &v.reason) {
            (Some(form), _) if v.from > 0 => {
                out.push_str(&format!("      {} {}: {form} (for {COUNTER} >= {})\n", v.class, v.name, v.from))
            }
            (Some(form), _) => out.push_str(&format!("      {} {}: {form}\n", v.class, v.name)),
            (None, Some(why)) => out.push_str(&format!("      {} {}: {why}\n", v.class, v.name)),
            (None, None) => out.push_str(&format!("      {} {}\n", v.class, v.name)),
        }
    }
    out
}

/// One file's result as text.
pub fn file_to_text(files: &SourceFiles, f: &FileClassification) -> String {
    let mut cache = SourceCache::default();
    let mut out = String::new();
    for l in &f.loops {
        out.push_str(
            &loop_heading(files, &mut cache, l.kind, l.span, 0).replace(" (depth 0)", &format!(" in {}", l.function)),
        );
        match (l.loop_type, &l.unsupported) {
            (Some(t), _) => {
                out.push_str(&format!("  type {t} ({})", l.interleaving.unwrap_or("?")));
                if l.nested && l.inner_splits > 0 {
                    out.push_str("; contains loops (split by their summaries)");
                } else if l.nested {
                    out.push_str("; contains loops (crossed by havoc)");
                }
                out.push('\n');
                if let Some((interest, dropped)) = &l.slice {
                    out.push_str(&format!(
                        "  sliced by {} (the exit conditions and what they depend on; {dropped} statement(s) and branch(es) left out)\n",
                        if interest.is_empty() { "nothing nameable".to_string() } else { interest.join(", ") }
                    ));
                }
            }
            (None, Some(why)) => out.push_str(&format!("  unsupported: {why}\n")),
            (None, None) => {}
        }
        for (i, p) in l.paths.iter().enumerate() {
            out.push_str(&path_text(&format!("path {}", i + 1), p));
        }
        for (i, p) in l.exits.iter().enumerate() {
            out.push_str(&path_text(&format!("exit {}", i + 1), p));
        }
        for c in &l.niv_conditions {
            out.push_str(&format!("  NIV condition: {c}\n"));
        }
        if let Some(pda) = &l.pda {
            let t: Vec<String> = pda
                .transitions
                .iter()
                .map(|(a, b)| format!("{} -> {}", state_name(pda, *a), state_name(pda, *b)))
                .collect();
            out.push_str(&format!(
                "  automaton: {}\n",
                if t.is_empty() { "no transitions".into() } else { t.join(", ") }
            ));
        }
    }
    out
}

/// `q0` (entry), `p1`… (iterations), `x1`… (exits).
fn state_name(pda: &PdaReport, i: usize) -> String {
    let s = &pda.states[i];
    match (s.kind, s.path) {
        ("iteration", Some(p)) => format!("p{}", p + 1),
        ("exit", Some(p)) => format!("x{}", p + 1),
        _ => "q0".to_string(),
    }
}

/// Graphviz: one digraph per classified loop of the file.
pub fn file_to_dot(files: &SourceFiles, f: &FileClassification) -> String {
    let mut out = String::new();
    for l in &f.loops {
        let Some(pda) = &l.pda else { continue };
        let title = format!("{} loop at {} (type {})", l.kind.name(), files.display(l.span), l.loop_type.unwrap_or(0));
        out.push_str(&format!("digraph \"{}\" {{\n  label=\"{}\";\n", escape(&title), escape(&title)));
        for (i, s) in pda.states.iter().enumerate() {
            let path = match (s.kind, s.path) {
                ("iteration", Some(p)) => l.paths.get(p),
                ("exit", Some(p)) => l.exits.get(p),
                _ => None,
            };
            let condition = path.map_or("entry".to_string(), |p| {
                if p.condition.is_empty() { "1".into() } else { p.condition.join(" && ") }
            });
            let shape = match s.kind {
                "exit" => "doublecircle",
                "entry" => "invhouse",
                _ => "ellipse",
            };
            out.push_str(&format!(
                "  {} [shape={shape}, label=\"{}\\n{}\"];\n",
                state_name(pda, i),
                state_name(pda, i),
                escape(&condition)
            ));
        }
        for (a, b) in &pda.transitions {
            out.push_str(&format!("  {} -> {};\n", state_name(pda, *a), state_name(pda, *b)));
        }
        out.push_str("}\n");
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The summary table over all files: loops per type, unsupported loops by reason, files that
/// failed, time.
pub fn summary_text(all: &[FileClassification], elapsed: Duration) -> String {
    let (types, unsupported) = FileClassification::tally(all);
    let loops: usize = all.iter().map(|f| f.loops.len()).sum();
    let failed = all.iter().filter(|f| f.error.is_some()).count();
    let mut out = format!("\n{} file(s), {failed} failed to read; {loops} loop(s)\n", all.len());
    for (t, n) in types.iter().enumerate().skip(1) {
        out.push_str(&format!("  type {t}: {n}\n"));
    }
    for (why, n) in &unsupported {
        out.push_str(&format!("  unsupported ({why}): {n}\n"));
    }
    for f in all.iter().filter(|f| f.error.is_some()) {
        out.push_str(&format!("  failed: {}: {}\n", f.file, f.error.as_deref().unwrap_or("")));
    }
    let per_loop = if loops > 0 { elapsed.as_secs_f64() * 1000.0 / loops as f64 } else { 0.0 };
    out.push_str(&format!("time: {:.2} s ({per_loop:.2} ms per loop)\n", elapsed.as_secs_f64()));
    out
}

/// The summary as JSON.
pub fn summary_json(all: &[FileClassification], elapsed: Duration) -> Value {
    let (types, unsupported) = FileClassification::tally(all);
    json!({
        "files": all.len(),
        "failed_files": all.iter().filter(|f| f.error.is_some()).count(),
        "loops": all.iter().map(|f| f.loops.len()).sum::<usize>(),
        "types": { "1": types[1], "2": types[2], "3": types[3], "4": types[4] },
        "unsupported": unsupported,
        "time_seconds": elapsed.as_secs_f64(),
    })
}
