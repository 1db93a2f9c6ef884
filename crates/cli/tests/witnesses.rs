//! `verify --witness FILE`: every witness written for the small programs of `tests/verdicts`
//! (those with a `verify:` TRUE or FALSE annotation) and the paper examples is YAML that
//! validates against the project's schema of format 2.0 (`crates/report/schemas/`, written from
//! the format's documentation, checked with a JSON-schema validator), and says what the verdict
//! says:
//! - TRUE: an `invariant_set` whose loop invariants are exactly the certificate's (those C can
//!   state at the loop), at the loop keyword's line and column;
//! - FALSE: a `violation_sequence` whose `function_return` and `assumption` values are the
//!   counterexample's inputs (in order, those read by nondet and extern calls and uninitialized
//!   locals), whose `branching` waypoints are at `if`/loop keywords and `assumption`s at
//!   statement starts in the program's text, and whose last segment is the one `target`, at the
//!   violation; together the FALSE witnesses have every kind of waypoint;
//! - UNKNOWN: no witness file.
//!
//! And `terminate --witness FILE` (format 2.1) for the `terminate:` programs of `tests/verdicts`
//! and `examples/terminate.c`: a TRUE's witness (written for outermost loops of the entry
//! function) validates and has, per loop, a `transition_loop_invariant` in `ext_c_expression`
//! over `\at(…, AnyPrev)` naming every component of the loop's ranking function; a FALSE's is a
//! `violation_sequence` without target: the stem's decisions and inputs (checked as a FALSE's
//! of `verify`), then the `cycle` from the loop head
//! with the recurrent set; no TRUE goes without a witness or a note saying why.

use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir};

#[path = "support/corpus.rs"]
mod corpus;

#[path = "support/schemas.rs"]
mod schemas;

fn schema() -> jsonschema::Validator {
    schemas::validator("witness-2.x.schema.json")
}

/// The waypoints of a `violation_sequence` entry, in order.
fn waypoints(entry: &Value) -> Vec<&Value> {
    entry["content"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["segment"].as_array().unwrap().iter().map(|w| &w["waypoint"]))
        .collect()
}

/// Whether the values the `function_return` (`\result == v`) and `assumption` (`x == v`)
/// waypoints among `waypoints` name are values of `inputs`, in order.
fn returns_in_order(waypoints: &[&Value], inputs: &Value) -> Result<(), String> {
    let inputs: Vec<String> =
        inputs.as_array().unwrap().iter().map(|v| v.as_str().map_or_else(|| v.to_string(), String::from)).collect();
    let mut rest = inputs.iter();
    for w in waypoints.iter().filter(|w| w["type"] == "function_return" || w["type"] == "assumption") {
        let value = w["constraint"]["value"].as_str().unwrap_or("");
        let v = match w["type"].as_str() {
            Some("function_return") => value.strip_prefix("\\result == "),
            _ => value.split_once(" == ").filter(|(name, _)| is_identifier(name)).map(|(_, v)| v),
        }
        .ok_or(format!("constraint {value:?}"))?;
        let v = v.strip_suffix("ULL").unwrap_or(v);
        if !rest.any(|i| i == v) {
            return Err(format!("the return value {v} is not among the inputs {inputs:?} in order"));
        }
    }
    Ok(())
}

fn is_identifier(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether each `branching` waypoint is at the keyword of an `if` or loop and says `true` or
/// `false`, each `assumption` at the start of a statement (nothing but blanks, `;`, `{` or `}`
/// before it on its line), in the program's text.
fn places_in_source(waypoints: &[&Value], source: &str) -> Result<(), String> {
    let lines: Vec<&str> = source.lines().collect();
    for w in waypoints {
        let at = &w["location"];
        let (line, column) = (at["line"].as_u64().unwrap_or(0) as usize, at["column"].as_u64().unwrap_or(0) as usize);
        let text = lines.get(line.wrapping_sub(1)).copied().unwrap_or("");
        let (before, here) = text.split_at(column.saturating_sub(1).min(text.len()));
        match w["type"].as_str() {
            Some("branching") => {
                let keyword = ["if", "while", "for", "do"].iter().any(|k| {
                    here.strip_prefix(k)
                        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
                });
                let value = &w["constraint"]["value"];
                if !keyword || !(value == "true" || value == "false") {
                    return Err(format!("branching {value} at {line}:{column} is not at a condition: {text:?}"));
                }
            }
            Some("assumption") if !matches!(before.trim_end().chars().last(), None | Some(';' | '{' | '}')) => {
                return Err(format!("assumption at {line}:{column} does not start a statement: {text:?}"));
            }
            _ => {}
        }
    }
    Ok(())
}

fn json_of(y: &yaml_rust2::Yaml) -> Value {
    use yaml_rust2::Yaml;
    match y {
        Yaml::Null => Value::Null,
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Integer(i) => Value::from(*i),
        Yaml::Real(r) => serde_json::from_str(r).unwrap_or(Value::String(r.clone())),
        Yaml::String(s) => Value::String(s.clone()),
        Yaml::Array(items) => Value::Array(items.iter().map(json_of).collect()),
        Yaml::Hash(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.as_str().expect("string keys").to_string(), json_of(v))).collect())
        }
        other => panic!("unexpected YAML node {other:?}"),
    }
}

/// The programs: annotated `verify: TRUE`/`FALSE` in `tests/verdicts`, and the paper examples.
fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            text.lines().any(|l| l.starts_with("//! verify: TRUE") || l.starts_with("//! verify: FALSE"))
        })
        .collect();
    let examples = corpus::benchmarks_dir().join("paper-examples");
    if let Ok(entries) = std::fs::read_dir(&examples) {
        out.extend(entries.map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "c")));
    }
    out.sort();
    out
}

#[test]
fn witnesses_validate_and_say_what_the_verdict_says() {
    let validator = schema();
    // The validator rejects what the schema forbids (an entry without metadata).
    let bare = serde_json::json!([{ "entry_type": "invariant_set", "content": [] }]);
    assert!(!validator.is_valid(&bare));
    let dir = temp_dir("witnesses");
    let programs = programs();
    assert!(programs.len() >= 30, "too few programs: {}", programs.len());
    let counts = std::sync::Mutex::new((0, 0, 0));
    let waypoint_kinds = std::sync::Mutex::new(std::collections::BTreeMap::<String, usize>::new());
    let failures = std::sync::Mutex::new(Vec::new());
    corpus::for_each_parallel(&programs, |program| {
        let name = program.file_name().unwrap().to_string_lossy().to_string();
        let witness = dir.join(format!("{name}.yml"));
        let path = program.display().to_string();
        let out =
            leapfrog(&["verify", "--timeout", "10", "--format", "json", "--witness", witness.to_str().unwrap(), &path]);
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
        let problem = check(&validator, &report, &witness);
        let mut c = counts.lock().unwrap();
        match report["verdict"].as_str() {
            Some("TRUE") => c.0 += 1,
            Some("FALSE") => c.1 += 1,
            _ => c.2 += 1,
        }
        if let Err(why) = problem {
            failures.lock().unwrap().push(format!("{name}: {why}"));
        } else if report["verdict"] == "FALSE" {
            let text = std::fs::read_to_string(&witness).unwrap();
            let doc = json_of(&yaml_rust2::YamlLoader::load_from_str(&text).unwrap()[0]);
            let mut kinds = waypoint_kinds.lock().unwrap();
            for w in waypoints(&doc[0]) {
                *kinds.entry(w["type"].as_str().unwrap_or("").to_string()).or_insert(0) += 1;
            }
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let (t, f, _) = counts.into_inner().unwrap();
    assert!(t >= 15 && f >= 5, "too few verdicts to check witnesses of: {t} TRUE, {f} FALSE");
    // The FALSE programs read inputs from nondet and extern calls and uninitialized locals, and
    // branch on them: their witnesses have every kind of waypoint.
    let kinds = waypoint_kinds.into_inner().unwrap();
    for kind in ["branching", "function_return", "assumption", "target"] {
        assert!(kinds.get(kind).is_some_and(|&n| n > 0), "no {kind} waypoint in any witness: {kinds:?}");
    }
}

#[test]
fn termination_witnesses_validate_and_carry_the_ranking_functions() {
    let validator = schema();
    let dir = temp_dir("termination-witnesses");
    let verdicts = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/verdicts");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&verdicts)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| std::fs::read_to_string(p).unwrap().lines().any(|l| l.starts_with("//! terminate:")))
        .collect();
    programs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/terminate.c"));
    programs.sort();
    let written = std::sync::Mutex::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    corpus::for_each_parallel(&programs, |program| {
        let name = program.file_name().unwrap().to_string_lossy().to_string();
        let witness = dir.join(format!("{name}.yml"));
        let path = program.display().to_string();
        let out = leapfrog(&[
            "terminate",
            "--timeout",
            "10",
            "--format",
            "json",
            "--witness",
            witness.to_str().unwrap(),
            &path,
        ]);
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
        let problem = if witness.exists() {
            *written.lock().unwrap() += 1;
            check_termination(&validator, &report, &witness)
        } else if report["verdict"] == "TRUE" && !String::from_utf8_lossy(&out.stderr).contains("no witness written") {
            Err("a TRUE without a witness and without a note why".into())
        } else {
            Ok(())
        };
        if let Err(why) = problem {
            failures.lock().unwrap().push(format!("{name}: {why}"));
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let written = written.into_inner().unwrap();
    assert!(written >= 5, "too few termination witnesses: {written}");
}

fn check_termination(validator: &jsonschema::Validator, report: &Value, witness: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(witness).unwrap();
    let docs = yaml_rust2::YamlLoader::load_from_str(&text).map_err(|e| format!("not YAML: {e}"))?;
    let doc = json_of(&docs[0]);
    if let Err(e) = validator.validate(&doc) {
        return Err(format!("does not validate: {e} at {}", e.instance_path()));
    }
    let entry = &doc[0];
    if entry["metadata"]["format_version"] != "2.1"
        || !entry["metadata"]["task"]["specification"].as_str().unwrap().contains("F end")
    {
        return Err("not a termination witness of format 2.1".into());
    }
    match report["verdict"].as_str() {
        Some("TRUE") => {}
        Some("FALSE") => return check_lasso(entry, report),
        other => return Err(format!("a witness for {other:?}")),
    }
    for l in report["loops"].as_array().unwrap() {
        let transitions: Vec<&str> = entry["content"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["invariant"])
            .filter(|i| {
                i["type"] == "transition_loop_invariant"
                    && i["location"]["line"] == l["line"]
                    && i["location"]["column"] == l["column"]
            })
            .map(|i| i["value"].as_str().unwrap())
            .collect();
        let [relation] = transitions.as_slice() else {
            return Err(format!("loop at line {}: {} transition invariants", l["line"], transitions.len()));
        };
        let certificate = &l["certificate"];
        if certificate["kind"] == "ranking-function" {
            for f in certificate["expressions"].as_array().unwrap() {
                let earlier = format!("\\at({}, AnyPrev)", f.as_str().unwrap());
                if !relation.contains(&earlier) {
                    return Err(format!("loop at line {}: {relation:?} does not name {earlier}", l["line"]));
                }
            }
        } else if !relation.contains("AnyPrev") {
            return Err(format!("loop at line {}: {relation:?} relates no earlier state", l["line"]));
        }
    }
    Ok(())
}

/// A non-termination witness: a `violation_sequence` without `target` whose `cycle` begins at
/// the head of the non-terminating loop with its recurrent set; before it, `follow` waypoints
/// only, returning the stem's inputs in order.
fn check_lasso(entry: &Value, report: &Value) -> Result<(), String> {
    if entry["entry_type"] != "violation_sequence" {
        return Err("a FALSE without a violation_sequence".into());
    }
    let waypoints = waypoints(entry);
    if waypoints.iter().any(|w| w["type"] == "target") {
        return Err("a non-termination witness with a target".into());
    }
    let first_cycle = waypoints.iter().position(|w| w["action"] == "cycle").ok_or("no cycle")?;
    if waypoints[first_cycle..].iter().any(|w| w["action"] != "cycle") {
        return Err("a follow waypoint after the cycle began".into());
    }
    let lasso = report["loops"].as_array().unwrap().iter().find(|l| !l["witness"].is_null()).ok_or("no lasso")?;
    let head = &waypoints[first_cycle];
    if head["type"] != "assumption"
        || head["location"]["line"] != lasso["line"]
        || head["constraint"]["value"] != lasso["witness"]["recurrent_set"]
    {
        return Err(format!(
            "the cycle starts with {head}, not the loop at line {} and its recurrent set",
            lasso["line"]
        ));
    }
    let source =
        std::fs::read_to_string(lasso["file"].as_str().unwrap_or("")).map_err(|e| format!("the program: {e}"))?;
    places_in_source(&waypoints[..first_cycle], &source)?;
    returns_in_order(&waypoints[..first_cycle], &lasso["witness"]["stem"]["nondet"])
}

fn check(validator: &jsonschema::Validator, report: &Value, witness: &Path) -> Result<(), String> {
    let verdict = report["verdict"].as_str().unwrap_or("");
    if verdict == "UNKNOWN" {
        return if witness.exists() { Err("a witness for UNKNOWN".into()) } else { Ok(()) };
    }
    let text = std::fs::read_to_string(witness).map_err(|e| format!("no witness for {verdict}: {e}"))?;
    let docs = yaml_rust2::YamlLoader::load_from_str(&text).map_err(|e| format!("not YAML: {e}"))?;
    let doc = json_of(&docs[0]);
    if let Err(e) = validator.validate(&doc) {
        return Err(format!("does not validate: {e} at {}", e.instance_path()));
    }
    let entry = &doc[0];
    let file =
        report["certificate"]["loops"][0]["file"].as_str().or(report["counterexample"]["violation"]["file"].as_str());
    let hashes = entry["metadata"]["task"]["input_file_hashes"].as_object().unwrap();
    if hashes.len() != 1 || file.is_some_and(|f| !hashes.contains_key(f)) {
        return Err(format!("the hashed files {hashes:?} are not the program"));
    }
    match verdict {
        "TRUE" => {
            if entry["entry_type"] != "invariant_set" {
                return Err("a TRUE without an invariant_set".into());
            }
            let written: Vec<(u64, u64, String)> = entry["content"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let i = &c["invariant"];
                    let at = &i["location"];
                    (
                        at["line"].as_u64().unwrap(),
                        at["column"].as_u64().unwrap(),
                        i["value"].as_str().unwrap().to_string(),
                    )
                })
                .collect();
            let mut certified: Vec<(u64, u64, String)> = report["certificate"]["loops"]
                .as_array()
                .map(|loops| {
                    loops
                        .iter()
                        .map(|l| {
                            (
                                l["line"].as_u64().unwrap(),
                                l["column"].as_u64().unwrap(),
                                l["invariant"].as_str().unwrap().to_string(),
                            )
                        })
                        .filter(|(_, _, inv)| inv != "1" && !inv.contains('\\'))
                        .collect()
                })
                .unwrap_or_default();
            certified.sort();
            // One entry per loop head: the invariant itself, or the disjunction of its call sites'.
            for (line, column, value) in &written {
                let here: Vec<&String> =
                    certified.iter().filter(|(l, c, _)| l == line && c == column).map(|(_, _, v)| v).collect();
                let expected = match here.as_slice() {
                    [one] => (*one).clone(),
                    many => many.iter().map(|v| format!("({v})")).collect::<Vec<_>>().join(" || "),
                };
                if *value != expected {
                    return Err(format!("at {line}:{column} the witness says {value:?}, the certificate {expected:?}"));
                }
            }
            for (line, column, _) in &certified {
                if !written.iter().any(|(l, c, _)| l == line && c == column) {
                    return Err(format!("the certified loop at {line}:{column} is missing"));
                }
            }
            Ok(())
        }
        "FALSE" => {
            if entry["entry_type"] != "violation_sequence" {
                return Err("a FALSE without a violation_sequence".into());
            }
            let waypoints = waypoints(entry);
            let targets: Vec<usize> = (0..waypoints.len()).filter(|&i| waypoints[i]["type"] == "target").collect();
            if targets != [waypoints.len() - 1] {
                return Err(format!("the target is not the one last waypoint: {targets:?}"));
            }
            let target = &waypoints[waypoints.len() - 1]["location"];
            if target["line"] != report["counterexample"]["violation"]["line"] {
                return Err(format!(
                    "the target {target} is not the violation {}",
                    report["counterexample"]["violation"]
                ));
            }
            let source = std::fs::read_to_string(file.unwrap_or("")).map_err(|e| format!("the program: {e}"))?;
            places_in_source(&waypoints, &source)?;
            returns_in_order(&waypoints[..waypoints.len() - 1], &report["counterexample"]["nondet"])
        }
        other => Err(format!("verdict {other:?}")),
    }
}
