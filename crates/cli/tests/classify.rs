//! The `classify` command's contract: per file and loop, the Proteus type (or why not), paths
//! with conditions and closed forms as C, the automaton; JSON, text and Graphviz; files that
//! cannot be read are reported without stopping the run.

use serde_json::Value;
use std::path::Path;

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

fn paper(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/benchmarks/paper-examples")
        .join(name)
        .display()
        .to_string()
}

fn classify_json(files: &[&str]) -> Value {
    let mut args = vec!["classify", "--format", "json", "--timeout", "20"];
    args.extend_from_slice(files);
    let out = leapfrog(&args);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn loop_at(file: &Value, line: u64) -> &Value {
    file["loops"].as_array().unwrap().iter().find(|l| l["line"] == line).expect("a loop at that line")
}

#[test]
fn the_papers_examples_get_their_types_and_closed_forms() {
    let fig1 = paper("proteus-fig1-interleaving.c");
    let fig2 = paper("proteus-fig2-nested-sum.c");
    let r = classify_json(&[&fig1, &fig2]);
    let files = r["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    // Fig. 1: type 1, the two paths interleave periodically, x and z arithmetic.
    let l = loop_at(&files[0], 9);
    assert_eq!((l["type"].as_u64(), l["interleaving"].as_str()), (Some(1), Some("periodic")), "{l}");
    assert_eq!(l["column"], 3);
    assert_eq!(l["paths"].as_array().unwrap().len(), 2);
    assert_eq!(l["exits"][0]["condition"][0], "n <= x");
    let forms: Vec<&str> = l["paths"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["variables"].as_array().unwrap())
        .filter(|v| v["class"] == "arithmetic")
        .map(|v| v["closed_form"].as_str().unwrap())
        .collect();
    assert_eq!(forms, ["z + k", "x + k"]);
    // q0 -> p1, q0 -> p2, q0 -> exit, p1 <-> p2, p2 -> exit.
    assert_eq!(l["pda"]["transitions"].as_array().unwrap().len(), 6, "{}", l["pda"]);
    // Fig. 2's inner loop, sliced by its exit condition (§4.1): i and j only, type 1.
    let inner = loop_at(&files[1], 12);
    assert_eq!(inner["type"], 1);
    assert_eq!(inner["slice"]["interest"], serde_json::json!(["i", "j"]), "{inner}");
    let names: Vec<&str> =
        inner["paths"][0]["variables"].as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
    assert!(!names.contains(&"m"), "{inner}");
    // Whole (`--slice none`): m is the paper's polynomial in k.
    let out = leapfrog(&["classify", "--format", "json", "--slice", "none", &fig2]);
    let whole: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let inner = loop_at(&whole["files"][0], 12);
    assert!(inner["slice"].is_null(), "{inner}");
    let m = inner["paths"][0]["variables"].as_array().unwrap().iter().find(|v| v["name"] == "m").unwrap();
    assert_eq!(m["class"], "polynomial");
    assert_eq!(m["closed_form"], "(2*m + (2*i - 2*j + 1)*k - k*k)/2");
    let outer = loop_at(&files[1], 10);
    assert_eq!(outer["nested"], true);
    assert_eq!(r["summary"]["loops"], 3);
    assert_eq!(r["summary"]["failed_files"], 0);
}

/// A call of a function with a body is an opaque step, as in Proteus: a loop whose exit depends
/// on the call's result has a non-induction condition (type 3 or 4), not `unsupported`.
#[test]
fn a_call_in_a_loop_is_a_non_induction_value() {
    let dir = temp_dir("classify");
    let file = write(
        &dir,
        "call.c",
        "int g;\nint step(int x) { g++; return x % 3; }\nint main(void) {\n  int i = 100;\n  \
         while (i > 0) {\n    if (step(i) == 0) break;\n    i--;\n  }\n  return i;\n}\n",
    );
    let r = classify_json(&[&file]);
    let l = loop_at(&r["files"][0], 5);
    assert!(l["unsupported"].is_null(), "{l}");
    assert!(matches!(l["type"].as_u64(), Some(3 | 4)), "{l}");
    assert!(!l["niv_conditions"].as_array().unwrap().is_empty(), "{l}");
}

#[test]
fn unreadable_files_are_reported_and_the_run_goes_on() {
    let dir = temp_dir("classify");
    let bad = write(&dir, "bad.c", "int main(void) { int x = ; }\n");
    let float =
        write(&dir, "float.c", "int main(void) {\n  double d = 0;\n  while (d < 10) d = d + 0.5;\n  return 0;\n}\n");
    let missing = dir.join("missing.c").display().to_string();
    let r = classify_json(&[&bad, &float, &missing]);
    let files = r["files"].as_array().unwrap();
    assert_eq!(files.len(), 3);
    assert!(files[0]["error"].as_str().unwrap().contains("bad.c:1:"), "{}", files[0]);
    assert!(files[2]["error"].is_string());
    let l = &files[1]["loops"][0];
    assert!(l["type"].is_null());
    assert!(l["unsupported"].as_str().unwrap().contains("floating-point"), "{l}");
    assert_eq!(r["summary"]["failed_files"], 2);
}

#[test]
fn text_and_dot_formats() {
    let fig1 = paper("proteus-fig1-interleaving.c");
    let text = leapfrog(&["classify", &fig1]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("while loop at") && text.contains(":9:3 in main"), "{text}");
    assert!(text.contains("type 1 (periodic)"), "{text}");
    assert!(text.contains("arithmetic x: x + k"), "{text}");
    assert!(text.contains("  type 1: 1\n"), "{text}");
    let dot = leapfrog(&["classify", "--format", "dot", &fig1]);
    let dot = String::from_utf8(dot.stdout).unwrap();
    assert!(dot.starts_with("digraph \""), "{dot}");
    assert!(dot.contains("p1 -> p2;") && dot.contains("x1 [shape=doublecircle"), "{dot}");
}

#[test]
fn a_compilation_database_gives_each_unit_its_include_paths_and_defines() {
    let dir = temp_dir("classify-cdb");
    std::fs::create_dir_all(dir.join("include")).unwrap();
    write(&dir.join("include"), "limits_of_project.h", "#define STEP 2\n");
    // Without -DWIDTH and -Iinclude the file does not compile.
    let unit = write(
        &dir,
        "unit.c",
        "#include \"limits_of_project.h\"\nint f(int n) {\n  int i = 0;\n  while (i < n * WIDTH) i += STEP;\n  return i;\n}\n",
    );
    let db = dir.join("compile_commands.json");
    let entries = serde_json::json!([
        { "directory": dir.display().to_string(), "file": "unit.c",
          "command": "cc -Iinclude -DWIDTH=4 -O2 -o unit.o -c unit.c" }
    ]);
    std::fs::write(&db, entries.to_string()).unwrap();
    // Project mode: the project report holds each unit's classification.
    let r = classify_json(&["--compile-commands", &db.display().to_string()]);
    assert_eq!(r["units"][0]["read"], true, "{r}");
    let file = &r["units"][0]["runs"][0]["report"]["files"][0];
    assert!(file["error"].is_null(), "{file}");
    let l = &file["loops"][0];
    assert_eq!(l["type"], 1, "{l}");
    let i = l["paths"][0]["variables"].as_array().unwrap().iter().find(|v| v["name"] == "i").unwrap();
    assert_eq!(i["closed_form"], "i + 2*k");
    // The same file alone lacks the flags: reported, not fatal.
    let alone = classify_json(&[&unit]);
    assert!(alone["files"][0]["error"].is_string(), "{}", alone["files"][0]);
    // A database that is not one is a usage error.
    std::fs::write(&db, "{\"not\": \"an array\"}").unwrap();
    let out = leapfrog(&["classify", "--compile-commands", &db.display().to_string()]);
    assert_eq!(out.status.code(), Some(2));
}
