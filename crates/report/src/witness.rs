//! SV-COMP verification witnesses in the YAML format 2.0: a correctness witness (an
//! `invariant_set` of `loop_invariant` entries at loop heads) and a violation witness (a
//! `violation_sequence` of segments, each with one `follow` waypoint, in the order the execution
//! passes them: the branching decisions as `branching` waypoints, the values nondet and extern
//! calls return as `function_return` waypoints, other inputs' values as `assumption`s, the
//! failing statement as the `target`).
//!
//! The witness is built as a JSON value (the shape the format's schema describes) and written
//! as YAML by `yaml-rust2`'s emitter; the caller gathers the facts (hashes, positions, values).

use serde_json::{Value, json};

/// The format version written (2.1 for termination witnesses, which its entries need).
pub const FORMAT_VERSION: &str = "2.0";

/// What a witness says about its task and its producer (the format's `metadata`).
#[derive(Clone, Debug)]
pub struct Metadata {
    /// `2.0`, or `2.1` for a termination witness.
    pub format_version: &'static str,
    pub producer_version: String,
    /// The program's file as given on the command line, and its SHA-256 (lowercase hex).
    pub file_name: String,
    pub file_hash: String,
    /// The property in SV-COMP's `.prp` syntax (`CHECK( init(main()), LTL(G ! call(reach_error())) )`).
    pub specification: String,
    /// `ILP32` or `LP64`.
    pub data_model: &'static str,
    /// ISO 8601 (`2026-11-30T18:00:00Z`).
    pub creation_time: String,
    pub uuid: String,
}

/// A position in the program as the format gives it: 1-based line and column, and the
/// function it is in.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Location {
    pub line: u32,
    pub column: u32,
    pub function: String,
}

/// One waypoint of a violation witness.
#[derive(Clone, Debug)]
pub enum Waypoint {
    /// A call returned `value` (a C expression over `\result`: `\result == 5`); the location
    /// is the call's closing parenthesis.
    FunctionReturn { at: Location, constraint: String },
    /// The condition of the `if` or loop whose keyword is at `at` evaluated to `taken`.
    Branching { at: Location, taken: bool },
    /// `constraint` (a C expression over variables in scope) holds when execution reaches the
    /// statement starting at `at`.
    Assumption { at: Location, constraint: String },
    /// The statement where the property is violated.
    Target { at: Location },
    /// Non-termination (format 2.1): from here on the execution cycles through the loop head
    /// at `at`, where `constraint` (the recurrent set) holds on every visit.
    Cycle { at: Location, constraint: String },
    /// Within the cycle, the call at `at` returns what `constraint` says on every iteration.
    CycleReturn { at: Location, constraint: String },
}

/// The `invariant_set` of loop invariants (`(loop head, C expression)`, in the order given).
pub fn correctness(meta: &Metadata, invariants: &[(Location, String)]) -> String {
    let content: Vec<Value> = invariants
        .iter()
        .map(|(at, value)| {
            json!({ "invariant": {
                "type": "loop_invariant",
                "location": location(meta, at),
                "value": value,
                "format": "c_expression",
            }})
        })
        .collect();
    to_yaml(&json!([{ "entry_type": "invariant_set", "metadata": metadata(meta), "content": content }]))
}

/// One entry of a termination witness's `invariant_set`.
#[derive(Clone, Debug)]
pub enum TerminationEntry {
    /// A `loop_invariant` (C).
    Invariant(Location, String),
    /// A `transition_loop_invariant` between an earlier visit of the loop head and the current
    /// one (`ext_c_expression`: `\at(x, AnyPrev) > x`).
    Transition(Location, String),
}

/// The `invariant_set` of a termination proof (format 2.1).
pub fn termination(meta: &Metadata, entries: &[TerminationEntry]) -> String {
    let content: Vec<Value> = entries
        .iter()
        .map(|e| {
            let (kind, at, value, format) = match e {
                TerminationEntry::Invariant(at, v) => ("loop_invariant", at, v, "c_expression"),
                TerminationEntry::Transition(at, v) => ("transition_loop_invariant", at, v, "ext_c_expression"),
            };
            json!({ "invariant": {
                "type": kind,
                "location": location(meta, at),
                "value": value,
                "format": format,
            }})
        })
        .collect();
    to_yaml(&json!([{ "entry_type": "invariant_set", "metadata": metadata(meta), "content": content }]))
}

/// The `violation_sequence` through `waypoints` (one segment each: the target last, or for
/// non-termination the cycle).
pub fn violation(meta: &Metadata, waypoints: &[Waypoint]) -> String {
    let content: Vec<Value> = waypoints
        .iter()
        .map(|w| {
            let waypoint = match w {
                Waypoint::FunctionReturn { at, constraint } => json!({
                    "type": "function_return",
                    "action": "follow",
                    "location": location(meta, at),
                    "constraint": { "value": constraint, "format": "c_expression" },
                }),
                Waypoint::Branching { at, taken } => json!({
                    "type": "branching",
                    "action": "follow",
                    "location": location(meta, at),
                    "constraint": { "value": if *taken { "true" } else { "false" } },
                }),
                Waypoint::Assumption { at, constraint } => json!({
                    "type": "assumption",
                    "action": "follow",
                    "location": location(meta, at),
                    "constraint": { "value": constraint, "format": "c_expression" },
                }),
                Waypoint::Target { at } => json!({
                    "type": "target",
                    "action": "follow",
                    "location": location(meta, at),
                }),
                Waypoint::Cycle { at, constraint } => json!({
                    "type": "assumption",
                    "action": "cycle",
                    "location": location(meta, at),
                    "constraint": { "value": constraint, "format": "c_expression" },
                }),
                Waypoint::CycleReturn { at, constraint } => json!({
                    "type": "function_return",
                    "action": "cycle",
                    "location": location(meta, at),
                    "constraint": { "value": constraint, "format": "c_expression" },
                }),
            };
            json!({ "segment": [{ "waypoint": waypoint }] })
        })
        .collect();
    to_yaml(&json!([{ "entry_type": "violation_sequence", "metadata": metadata(meta), "content": content }]))
}

fn metadata(meta: &Metadata) -> Value {
    json!({
        "format_version": meta.format_version,
        "uuid": meta.uuid,
        "creation_time": meta.creation_time,
        "producer": { "name": "Leapfrog", "version": meta.producer_version },
        "task": {
            "input_files": [meta.file_name],
            "input_file_hashes": { meta.file_name.clone(): meta.file_hash },
            "specification": meta.specification,
            "data_model": meta.data_model,
            "language": "C",
        },
    })
}

fn location(meta: &Metadata, at: &Location) -> Value {
    json!({ "file_name": meta.file_name, "line": at.line, "column": at.column, "function": at.function })
}

/// `v` as a YAML document (keys in the order built).
fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    let mut emitter = yaml_rust2::YamlEmitter::new(&mut out);
    emitter.dump(&yaml_of(v)).expect("writing to a String cannot fail");
    out.push('\n');
    out
}

fn yaml_of(v: &Value) -> yaml_rust2::Yaml {
    use yaml_rust2::Yaml;
    match v {
        Value::Null => Yaml::Null,
        Value::Bool(b) => Yaml::Boolean(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Yaml::Integer(i),
            None => Yaml::Real(n.to_string()),
        },
        Value::String(s) => Yaml::String(s.clone()),
        Value::Array(items) => Yaml::Array(items.iter().map(yaml_of).collect()),
        Value::Object(map) => Yaml::Hash(map.iter().map(|(k, v)| (Yaml::String(k.clone()), yaml_of(v))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta() -> Metadata {
        Metadata {
            format_version: FORMAT_VERSION,
            producer_version: "0.1.0".into(),
            file_name: "a.c".into(),
            file_hash: "ab".repeat(32),
            specification: "CHECK( init(main()), LTL(G ! call(reach_error())) )".into(),
            data_model: "LP64",
            creation_time: "2026-11-30T18:00:00Z".into(),
            uuid: "123e4567-e89b-42d3-a456-426614174000".into(),
        }
    }

    #[test]
    fn a_correctness_witness_reads_back_with_its_invariants_in_order() {
        let at = |line| Location { line, column: 3, function: "main".into() };
        let text = correctness(&meta(), &[(at(7), "i <= n && s == 2 * i".into()), (at(9), "x: 1".into())]);
        let docs = yaml_rust2::YamlLoader::load_from_str(&text).expect("valid YAML");
        let entry = &docs[0][0];
        assert_eq!(entry["entry_type"].as_str(), Some("invariant_set"));
        assert_eq!(entry["metadata"]["format_version"].as_str(), Some("2.0"));
        assert_eq!(entry["metadata"]["task"]["input_file_hashes"]["a.c"].as_str(), Some("ab".repeat(32).as_str()));
        let values: Vec<&str> = (0..2).map(|i| entry["content"][i]["invariant"]["value"].as_str().unwrap()).collect();
        assert_eq!(values, ["i <= n && s == 2 * i", "x: 1"], "strings that look like YAML stay strings");
        assert_eq!(entry["content"][1]["invariant"]["location"]["line"].as_i64(), Some(9));
    }

    #[test]
    fn a_violation_witness_ends_at_its_target() {
        let at = |line, column| Location { line, column, function: "main".into() };
        let steps = [
            Waypoint::FunctionReturn { at: at(4, 33), constraint: "\\result == 5".into() },
            Waypoint::Branching { at: at(5, 3), taken: false },
            Waypoint::Assumption { at: at(7, 5), constraint: "x == -3".into() },
            Waypoint::Target { at: at(9, 28) },
        ];
        let docs = yaml_rust2::YamlLoader::load_from_str(&violation(&meta(), &steps)).expect("valid YAML");
        let content = &docs[0][0]["content"];
        let waypoint = |i: usize| &content[i]["segment"][0]["waypoint"];
        assert_eq!(waypoint(0)["constraint"]["value"].as_str(), Some("\\result == 5"));
        assert_eq!(waypoint(1)["type"].as_str(), Some("branching"));
        assert_eq!(waypoint(1)["constraint"]["value"].as_str(), Some("false"), "a string, not a YAML boolean");
        assert_eq!(waypoint(2)["type"].as_str(), Some("assumption"));
        assert_eq!(waypoint(2)["constraint"]["value"].as_str(), Some("x == -3"));
        assert_eq!(waypoint(3)["type"].as_str(), Some("target"));
        assert!(content[4].is_badvalue());
    }
}
