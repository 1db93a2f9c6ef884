//! The command line's contract: exit codes, the `loops` JSON format, diagnostics, robustness on
//! deep and broken inputs, several files, entry functions, data models, and `bench`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;

#[path = "support/process.rs"]
mod process;
use process::{leapfrog, temp_dir, write};

fn json(out: &Output) -> Value {
    assert_eq!(out.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON on stdout")
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/loops.c").display().to_string()
}

#[test]
fn version_names_the_release_the_commit_and_z3() {
    for flag in ["--version", "-V"] {
        let out = leapfrog(&[flag]);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert_eq!(lines[0], format!("leapfrog {}", env!("CARGO_PKG_VERSION")));
        let commit = lines[1].strip_prefix("commit: ").expect("a commit line");
        let hex = commit.strip_suffix("-dirty").unwrap_or(commit);
        assert!(commit == "unknown" || (hex.len() == 12 && hex.chars().all(|c| c.is_ascii_hexdigit())), "{commit}");
        let z3 = lines[2].strip_prefix("z3: ").expect("a Z3 line");
        assert!(z3.starts_with("5."), "{z3}");
    }
}

#[test]
fn fail_on_makes_the_exit_status_follow_the_verdict() {
    let dir = temp_dir("fail-on");
    let unsafe_program = write(
        &dir,
        "unsafe.c",
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
         int main(void) { int x = __VERIFIER_nondet_int(); if (x == 3) reach_error(); return 0; }\n",
    );
    let safe_program =
        write(&dir, "safe.c", "int main(void) { int s = 0; for (int i = 0; i < 5; i++) s += i; return s; }\n");
    // Collatz: no termination argument, no lasso (UNKNOWN).
    let collatz = write(
        &dir,
        "collatz.c",
        "extern unsigned __VERIFIER_nondet_uint(void);\nint main(void) { unsigned n = __VERIFIER_nondet_uint();\n\
         while (n > 1) { if (n % 2 == 0) n = n / 2; else n = 3 * n + 1; } return 0; }\n",
    );
    let status = |args: &[&str]| leapfrog(args).status.code();
    assert_eq!(status(&["verify", &unsafe_program]), Some(0), "no --fail-on: 0 whatever the verdict");
    assert_eq!(status(&["verify", "--fail-on", "false", &unsafe_program]), Some(1));
    assert_eq!(status(&["verify", "--fail-on", "unknown", &unsafe_program]), Some(1));
    assert_eq!(status(&["verify", "--fail-on", "unknown", &safe_program]), Some(0));
    assert_eq!(status(&["terminate", "--timeout", "5", "--fail-on", "false", &collatz]), Some(0));
    assert_eq!(status(&["terminate", "--timeout", "5", "--fail-on", "unknown", &collatz]), Some(1));
    assert_eq!(status(&["verify", "--fail-on", "maybe", &safe_program]), Some(2), "a usage error");
}

#[test]
fn quiet_silences_the_diagnostics_and_nothing_else() {
    let dir = temp_dir("quiet");
    let program =
        write(&dir, "asm.c", "int main(void) { int x = 0; __asm__(\"nop\"); while (x < 3) x++; return x; }\n");
    let loud = leapfrog(&["loops", &program]);
    assert!(String::from_utf8_lossy(&loud.stderr).contains("unsupported: inline assembly"));
    for flag in ["--quiet", "-q"] {
        let quiet = leapfrog(&["loops", flag, &program]);
        assert_eq!(quiet.status.code(), Some(0));
        assert!(quiet.stderr.is_empty(), "{}", String::from_utf8_lossy(&quiet.stderr));
        assert_eq!(quiet.stdout, loud.stdout, "the listing is the same");
    }
}

#[test]
fn loops_json_lists_every_cfg_loop_at_its_keyword() {
    let path = example();
    let v = json(&leapfrog(&["loops", "--format", "json", &path]));
    let loops = v["loops"].as_array().unwrap();
    let source: Vec<String> = std::fs::read_to_string(&path).unwrap().lines().map(String::from).collect();
    let summary: Vec<(String, String, u64, Option<u64>)> = loops
        .iter()
        .map(|l| {
            (
                l["function"].as_str().unwrap().to_string(),
                l["kind"].as_str().unwrap().to_string(),
                l["depth"].as_u64().unwrap(),
                l["parent"].as_u64(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("sum_upper_triangle".into(), "for".into(), 1, None),
            ("sum_upper_triangle".into(), "for".into(), 2, Some(0)),
            ("gcd".into(), "goto".into(), 1, None),
            ("average".into(), "while".into(), 1, None),
            ("main".into(), "do".into(), 1, None),
        ],
        "the do-while(0) is not a loop"
    );
    for (id, l) in loops.iter().enumerate() {
        assert_eq!(l["id"].as_u64(), Some(id as u64));
        assert_eq!(l["file"].as_str(), Some(path.as_str()));
        assert_eq!(l["irreducible"].as_bool(), Some(false));
        let line = &source[l["line"].as_u64().unwrap() as usize - 1];
        let at = &line[l["column"].as_u64().unwrap() as usize - 1..];
        let expected = match l["kind"].as_str().unwrap() {
            "goto" => "again:",
            kind => kind,
        };
        assert!(at.starts_with(expected), "loop {id} points at `{at}`");
        assert!(l["reads"].is_array() && l["modifies"].is_array());
    }
    let modifies = |id: usize| -> Vec<&str> {
        loops[id]["modifies"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect()
    };
    assert_eq!(modifies(1), vec!["j", "s"]);
    assert_eq!(modifies(4), vec!["data", "i"]);
    let diags = v["diagnostics"].as_array().unwrap();
    assert!(diags.iter().any(|d| d["severity"] == "unsupported" && d["message"] == "floating-point arithmetic"));
}

#[test]
fn loops_text_marks_headers_and_diagnostics_go_to_stderr() {
    let out = leapfrog(&["loops", &example()]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("5 loops"), "{text}");
    assert!(text.contains("loop 2: goto at"), "{text}");
    assert!(text.contains("^^^^^"), "header marker under `while`: {text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("loops.c:27:5: unsupported: floating-point arithmetic"), "{err}");
}

#[test]
fn unusable_input_exits_2_with_a_position() {
    let dir = temp_dir("bad");
    let bad = write(&dir, "bad.c", "int main(void) {\n  return 0 +;\n}\n");
    let out = leapfrog(&["loops", &bad]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.c:2:"), "{err}");
    let binary = dir.join("garbage.c");
    std::fs::write(&binary, [0u8, 159, 146, 150, 0xff, b'{', b'(']).unwrap();
    assert_eq!(leapfrog(&["loops", binary.to_str().unwrap()]).status.code(), Some(2));
    assert_eq!(leapfrog(&["loops", "/nonexistent/file.c"]).status.code(), Some(2));
    assert_eq!(leapfrog(&["loops"]).status.code(), Some(2), "no input file is a usage error");
    assert_eq!(leapfrog(&["frobnicate"]).status.code(), Some(2));
    let exec = leapfrog(&["exec", &example(), "--nondet", "1,x"]);
    assert_eq!(exec.status.code(), Some(2));
}

/// Programs gcc rejects, with gcc's first error (line:col: message).
const INVALID_C: &[(&str, &str)] = &[
    ("int main(void) {\n  goto nowhere;\n  return 0;\n}\n", "2:3: error: label 'nowhere' used but not defined"),
    (
        "int main(void) {\n  int x = 1;\n  switch (x) { case 1: return 1; case 1: return 2; }\n  return 0;\n}\n",
        "3:34: error: duplicate case value",
    ),
    ("int main(void) {\n  break;\n  return 0;\n}\n", "2:3: error: break statement not within loop or switch"),
    ("int main(void) {\n  while (1) { }\n  continue;\n}\n", "3:3: error: continue statement not within a loop"),
    ("int main(void) {\n  return y;\n}\n", "2:10: error: 'y' undeclared (first use in this function)"),
    (
        "int main(void) {\n  const int c = 1;\n  c = 2;\n  return c;\n}\n",
        "3:5: error: assignment of read-only variable 'c'",
    ),
    ("int main(void) {\n a: ;\n a: ;\n  return 0;\n}\n", "3:2: error: duplicate label 'a'"),
    ("int f(int a);\nint main(void) {\n  return f(1, 2);\n}\n", "3:10: error: too many arguments to function 'f'"),
    (
        "struct s { int a; };\nint main(void) {\n  struct s v;\n  return v + 1;\n}\n",
        "4:12: error: invalid operands to binary +",
    ),
    (
        "int main(void) {\n  int x = 0;\n  return *x;\n}\n",
        "3:10: error: invalid type argument of unary '*' (have 'int')",
    ),
];

#[test]
fn invalid_c_exits_2_with_gccs_message_and_never_a_verdict() {
    let dir = temp_dir("invalid-c");
    for (i, (src, expected)) in INVALID_C.iter().enumerate() {
        let path = write(&dir, &format!("bad{i}.c"), src);
        for job in ["verify", "terminate", "loops", "bound"] {
            let out = leapfrog(&[job, &path, "--format", "json"]);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{job} {path}: {err}");
            assert!(err.contains(&format!("{path}:{expected}")), "{job}: expected `{path}:{expected}` in: {err}");
            assert!(
                out.stdout.is_empty(),
                "{job} printed an answer for invalid C: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
    }
}

#[test]
fn valid_c_that_gcc_only_warns_about_is_read() {
    let dir = temp_dir("valid-c");
    let programs = [
        "main() { int r = helper(3); return r - 3; }\nhelper(x) int x; { return x; }\n",
        "int main(void) { const char *s = \"caf\\u00e9\"; __int128 big = 1; return s[4] == 0 && big; }\n",
    ];
    for (i, src) in programs.iter().enumerate() {
        let path = write(&dir, &format!("ok{i}.c"), src);
        for dm in ["LP64", "ILP32"] {
            let out = leapfrog(&["verify", &path, "--data-model", dm, "--timeout", "5"]);
            assert_eq!(out.status.code(), Some(0), "{path} ({dm}): {}", stderr(&out));
        }
    }
}

#[test]
fn the_timeout_bounds_reading_the_program() {
    let dir = temp_dir("slow-read");
    // Preprocessing this would produce 2^40 tokens.
    let mut src = "#define A0 x+\n".to_string();
    for i in 1..40 {
        src.push_str(&format!("#define A{i} A{} A{}\n", i - 1, i - 1));
    }
    src.push_str("int main(void) { int x = 1; return A39 0; }\n");
    let path = write(&dir, "slow.c", &src);
    for job in ["verify", "terminate"] {
        let start = std::time::Instant::now();
        let v = json(&leapfrog(&[job, &path, "--format", "json", "--timeout", "1"]));
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{job} took {:?}", start.elapsed());
        assert_eq!(v["verdict"], "UNKNOWN");
        assert!(v["reason"].as_str().unwrap().contains("did not finish within the time limit"), "{v}");
    }
}

#[test]
fn deep_else_if_chains_and_expressions_do_not_overflow_the_stack() {
    let dir = temp_dir("deep");
    let mut src = String::from(
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int(), r = 0;\n  if (x == 0) r = 1;\n",
    );
    for i in 1..20000 {
        src.push_str(&format!("  else if (x == {i}) r = {};\n", i % 200));
    }
    src.push_str("  int e = 0");
    for i in 0..3000 {
        src.push_str(&format!(" + {}", i % 3));
    }
    src.push_str(";\n  while (r > 0) r--;\n  return r + e % 7;\n}\n");
    let path = write(&dir, "deep.c", &src);
    let v = json(&leapfrog(&["loops", "--format", "json", &path]));
    assert_eq!(v["loops"].as_array().unwrap().len(), 1);
    let r = json(&leapfrog(&["exec", "--format", "json", "--nondet", "19999", &path]));
    assert_eq!(r["outcome"], "exit");
    let e: i64 = (0..3000).map(|i| i % 3).sum();
    assert_eq!(r["code"].as_i64(), Some(e % 7));
}

#[test]
fn several_files_link_by_name_and_statics_stay_private() {
    let dir = temp_dir("multi");
    let a = write(
        &dir,
        "a.c",
        "int counter = 5;\nint twice(int);\nstatic int helper(void) { return 1; }\nint main(void) { for (int i = 0; i < 3; i++) counter += twice(i); return counter + helper(); }\n",
    );
    let b = write(
        &dir,
        "b.c",
        "extern int counter;\nstatic int helper(void) { return 100; }\nint twice(int x) { while (x > 10) x--; return 2 * x + helper() - 100 + counter * 0; }\n",
    );
    let v = json(&leapfrog(&["loops", "--format", "json", &a, &b]));
    let files: Vec<&str> = v["loops"].as_array().unwrap().iter().map(|l| l["file"].as_str().unwrap()).collect();
    assert_eq!(files, vec![a.as_str(), b.as_str()]);
    let r = json(&leapfrog(&["exec", "--format", "json", &a, &b]));
    // counter: 5, plus twice(0), twice(1), twice(2); plus a.c's own helper (1, not b.c's 100).
    let twice_sum: i64 = (0..3).map(|i| 2 * i).sum();
    let expected = 5 + twice_sum + 1;
    assert_eq!((r["outcome"].as_str(), r["code"].as_i64()), (Some("exit"), Some(expected)));
}

#[test]
fn without_main_the_uncalled_function_is_the_entry_and_its_parameters_are_inputs() {
    let dir = temp_dir("entry");
    let src = write(
        &dir,
        "f.c",
        "int step(int x) { return x - 1; }\nint run(int a, int b) { while (a > 0) a = step(a); return a + b; }\n",
    );
    let r = json(&leapfrog(&["exec", "--format", "json", "--nondet", "7,3", &src]));
    assert_eq!(r["code"].as_i64(), Some(3));
    let r = json(&leapfrog(&["exec", "--format", "json", "--entry", "step", "--nondet", "7", &src]));
    assert_eq!(r["code"].as_i64(), Some(6));
    let two = write(&dir, "g.c", "int f(int x) { return x; }\nint g(int x) { return x; }\n");
    assert_eq!(leapfrog(&["exec", &two]).status.code(), Some(2), "no single entry");
    assert_eq!(leapfrog(&["loops", &two]).status.code(), Some(0), "loops needs no entry");
}

#[test]
fn the_data_model_sets_the_size_of_long_and_pointers() {
    let dir = temp_dir("dm");
    let src = write(&dir, "dm.c", "int main(void) { return sizeof(long) * 10 + sizeof(int *); }\n");
    let code = |dm: &str| json(&leapfrog(&["exec", "--format", "json", "--data-model", dm, &src]))["code"].as_i64();
    assert_eq!(code("LP64"), Some(88));
    assert_eq!(code("ILP32"), Some(44));
}

#[test]
fn volatile_reads_are_inputs_unless_volatile_memory_is_given() {
    let dir = temp_dir("volatile");
    let src = write(
        &dir,
        "v.c",
        "extern void reach_error(void);\nvolatile int x = 0;\nint main(void) {\n  if (x != 0) reach_error();\n  \
         return 0;\n}\n",
    );
    let verdict_of = |src: &str, extra: &[&str]| {
        let mut args = vec!["verify", "--format", "json", "--timeout", "20"];
        args.extend_from_slice(extra);
        args.push(src);
        let out = leapfrog(&args);
        (json(&out)["verdict"].as_str().map(String::from), stderr(&out))
    };
    let verdict = |extra: &[&str]| verdict_of(&src, extra);
    // Something outside the program may write `x`: the read is an input, and 1 reaches the error.
    let (default, err) = verdict(&[]);
    assert_eq!(default.as_deref(), Some("FALSE"), "{err}");
    assert!(!err.contains("--volatile memory"), "{err}");
    let (memory, err) = verdict(&["--volatile", "memory"]);
    assert_eq!(memory.as_deref(), Some("TRUE"), "{err}");
    assert!(err.contains("note: --volatile memory"), "the assumption is stated: {err}");
    // A local whose address is never taken is out of reach of anything outside its function.
    let local = write(
        &dir,
        "l.c",
        "extern void reach_error(void);\nint main(void) {\n  volatile int x = 0;\n  if (x != 0) reach_error();\n  \
         return 0;\n}\n",
    );
    let (private, err) = verdict_of(&local, &[]);
    assert_eq!(private.as_deref(), Some("TRUE"), "{err}");
}

#[test]
fn preprocessed_files_are_read_as_they_are() {
    let dir = temp_dir("pre");
    let src =
        write(&dir, "p.i", "# 1 \"orig.c\"\nint main(void) {\n  int i = 0;\n  while (i < 4) i++;\n  return i;\n}\n");
    let v = json(&leapfrog(&["loops", "--format", "json", &src]));
    let l = &v["loops"][0];
    assert_eq!((l["file"].as_str(), l["line"].as_u64(), l["column"].as_u64()), (Some("orig.c"), Some(3), Some(3)));
    assert_eq!(json(&leapfrog(&["exec", "--format", "json", &src]))["code"].as_i64(), Some(4));
}

#[test]
fn exec_reports_outcomes_with_positions() {
    let dir = temp_dir("exec");
    let src = write(
        &dir,
        "e.c",
        "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void) {}\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 1) reach_error();\n  if (x == 2) return 1 / (x - 2);\n  while (x == 3) { }\n  return x;\n}\n",
    );
    let run = |v: &str| json(&leapfrog(&["exec", "--format", "json", "--max-steps", "1000", "--nondet", v, &src]));
    let e = run("1");
    assert_eq!(
        (e["outcome"].as_str(), e["origin"].as_str(), e["line"].as_u64()),
        (Some("error"), Some("reach_error"), Some(5))
    );
    let u = run("2");
    assert_eq!(
        (u["outcome"].as_str(), u["what"].as_str(), u["line"].as_u64()),
        (Some("ub"), Some("division by zero"), Some(6))
    );
    assert_eq!(run("3")["outcome"], "limit");
    assert_eq!(run("-7")["code"].as_i64(), Some(-7));
    assert!(run("4")["steps"].as_u64().unwrap() > 0);
}

/// A computed goto runs to the label whose address it holds; one to anything else (undefined
/// behaviour, excluded by the analyses) stops the run as blocked at the `goto *`, and the
/// assumption is printed with its position.
#[test]
fn exec_follows_computed_gotos_and_stops_at_an_undefined_one() {
    let dir = temp_dir("exec-goto");
    let src = write(
        &dir,
        "g.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  \
         static void *const t[] = { &&a, &&b };\n  void *p = x == 2 ? (void *)&x : t[x & 1];\n  goto *p;\n\
         a:\n  return 10;\nb:\n  return 20;\n}\n",
    );
    let run = |v: &str| leapfrog(&["exec", "--format", "json", "--nondet", v, &src]);
    assert_eq!(json(&run("0"))["code"].as_i64(), Some(10));
    assert_eq!(json(&run("1"))["code"].as_i64(), Some(20));
    let out = run("2");
    let blocked = json(&out);
    assert_eq!((blocked["outcome"].as_str(), blocked["line"].as_u64()), (Some("blocked"), Some(6)));
    let expected = format!("{src}:6:3: assumption: computed goto: assumed to jump to a label of this function");
    assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
}

#[test]
fn bench_runs_a_manifest_and_writes_results() {
    let dir = temp_dir("bench");
    write(&dir, "ok.c", "int main(void) { int i = 0; while (i < 3) i++; return 0; }\n");
    write(&dir, "bad.c", "int main( {\n");
    write(
        &dir,
        "manifest.csv",
        "id,suite,file,property,expected,origin\nok,s1,ok.c,termination,true,x\nbad,s2,bad.c,termination,true,x\n",
    );
    let results = dir.join("results.json");
    let out = leapfrog(&[
        "bench",
        dir.join("manifest.csv").to_str().unwrap(),
        "--jobs",
        "2",
        "--timeout",
        "20",
        "--output",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("s1") && table.contains("s2") && table.contains("all"), "{table}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    let statuses: Vec<&str> = v["tasks"].as_array().unwrap().iter().map(|t| t["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, vec!["ok", "error"]);
}

fn benchmarks() -> PathBuf {
    match std::env::var_os("LEAPFROG_BENCHMARKS") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/benchmarks"),
    }
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_task_file_stands_for_its_input_files() {
    let dir = benchmarks();
    let yml = dir.join("svcomp-loops/count_up_down-1.yml");
    let v = json(&leapfrog(&["loops", "--format", "json", yml.to_str().unwrap()]));
    let loops = v["loops"].as_array().unwrap();
    assert_eq!(loops.len(), 1);
    let file = dir.join("svcomp-loops/count_up_down-1.c");
    assert_eq!(loops[0]["file"].as_str(), Some(file.to_str().unwrap()));
    // Format 1.0 (no options) with a preprocessed input file.
    let old = dir.join("svcomp-loops/sum01-2.yml");
    let ir = leapfrog(&["ir", old.to_str().unwrap()]);
    assert_eq!(ir.status.code(), Some(0), "{}", stderr(&ir));
    // The same run as with the C file itself.
    let direct = leapfrog(&["exec", "--format", "json", "--nondet", "3", file.to_str().unwrap()]);
    let through_task = leapfrog(&["exec", "--format", "json", "--nondet", "3", yml.to_str().unwrap()]);
    assert_eq!(json(&direct), json(&through_task));
}

#[test]
fn the_task_data_model_applies_unless_the_flag_is_given() {
    let dir = temp_dir("task-dm");
    write(&dir, "dm.c", "int main(void) { return sizeof(long) * 10 + sizeof(int *); }\n");
    let ilp32 = write(
        &dir,
        "ilp32.yml",
        "format_version: '2.0'\ninput_files: 'dm.c'\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n",
    );
    let unstated = write(&dir, "unstated.yml", "format_version: '1.0'\ninput_files:\n  - dm.c\n");
    let code = |args: &[&str]| {
        let mut all = vec!["exec", "--format", "json"];
        all.extend_from_slice(args);
        json(&leapfrog(&all))["code"].as_i64()
    };
    assert_eq!(code(&[&ilp32]), Some(44));
    assert_eq!(code(&[&unstated]), Some(88), "LP64 by default");
    assert_eq!(code(&["--data-model", "ILP32", &unstated]), Some(44));
    let explicit = leapfrog(&["exec", "--format", "json", "--data-model", "LP64", &ilp32]);
    assert_eq!(json(&explicit)["code"].as_i64(), Some(88), "the explicit flag wins");
    assert!(stderr(&explicit).contains("--data-model LP64 overrides ILP32 of"), "{}", stderr(&explicit));
    let help = String::from_utf8_lossy(&leapfrog(&["loops", "--help"]).stdout).into_owned();
    assert!(help.contains("task definition (.yml)") && help.contains("explicit --data-model wins"), "{help}");
}

#[test]
fn unusable_task_files_exit_2_naming_the_file() {
    let dir = temp_dir("task-bad");
    let c = write(&dir, "a.c", "int main(void) { return 0; }\n");
    let cases = [
        ("missing.yml", "format_version: '2.0'\ninput_files: [a.c, gone.c]\n", "input file"),
        (
            "java.yml",
            "format_version: '2.0'\ninput_files: a.c\noptions:\n  language: Java\n",
            "language `Java` is not supported",
        ),
        ("broken.yml", "format_version: '2.0'\ninput_files: [a.c\n", "malformed YAML"),
        (
            "model.yml",
            "format_version: '2.0'\ninput_files: a.c\noptions:\n  data_model: ILP64\n",
            "unknown data_model `ILP64`",
        ),
        ("list.yml", "- a.c\n", "a task definition is a mapping"),
    ];
    for (name, text, wanted) in cases {
        let path = write(&dir, name, text);
        for job in ["loops", "exec", "ir"] {
            let out = leapfrog(&[job, &path]);
            assert_eq!(out.status.code(), Some(2), "{job} {name}: {}", stderr(&out));
            let err = stderr(&out);
            assert!(err.starts_with(&format!("{path}:")) && err.contains(wanted), "{job} {name}: {err}");
        }
    }
    let missing = stderr(&leapfrog(&["loops", &dir.join("missing.yml").display().to_string()]));
    assert!(missing.contains(&format!("{}", dir.join("gone.c").display())), "{missing}");
    let good = write(&dir, "good.yml", "format_version: '2.0'\ninput_files: a.c\n");
    let mixed = leapfrog(&["loops", &good, &c]);
    assert_eq!(mixed.status.code(), Some(2));
    assert!(stderr(&mixed).contains("must be the only input"), "{}", stderr(&mixed));
    let absent = leapfrog(&["loops", "/nonexistent/task.yml"]);
    assert_eq!(absent.status.code(), Some(2));
    assert!(stderr(&absent).starts_with("/nonexistent/task.yml: error: cannot read"), "{}", stderr(&absent));
}

/// A stand-in for `leapfrog verify`: prints the canned answer named after the input file.
const FAKE_VERIFY: &str = r#"#!/bin/sh
[ "$1" = verify ] || { echo "unexpected job $1" >&2; exit 2; }
case "$(basename "$2")" in
safe.c) echo '{"verdict": "TRUE", "semantics": "default", "technique": "k-induction", "reason": null}' ;;
unsafe.c) echo '{"verdict": "FALSE", "semantics": "bit-precise", "technique": "bmc", "reason": null}' ;;
wrong.c) echo '{"verdict": "TRUE", "semantics": "default", "technique": "k-induction"}' ;;
hard.c) echo '{"verdict": "UNKNOWN", "semantics": "default", "technique": null, "reason": "no invariant found"}' ;;
crash.c) echo 'thread panicked' >&2; exit 101 ;;
garbage.c) echo 'TRUE' ;;
*) echo "no canned answer for $2" >&2; exit 2 ;;
esac
"#;

#[test]
fn bench_scores_a_verdict_job_and_lists_wrong_answers() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("bench-verify");
    let fake = dir.join("fake-leapfrog");
    std::fs::write(&fake, FAKE_VERIFY).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    for name in ["safe.c", "unsafe.c", "wrong.c", "hard.c", "crash.c", "garbage.c", "other.c"] {
        write(&dir, name, "int main(void) { return 0; }\n");
    }
    write(
        &dir,
        "manifest.csv",
        "id,suite,file,property,expected,origin\n\
         safe,s1,safe.c,unreach-call,true,x\n\
         unsafe,s1,unsafe.c,unreach-call,false,x\n\
         wrong,s1,wrong.c,unreach-call,false,x\n\
         hard,s2,hard.c,unreach-call,true,x\n\
         crash,s2,crash.c,unreach-call,true,x\n\
         garbage,s2,garbage.c,unreach-call,false,x\n\
         other,s2,other.c,termination,true,x\n",
    );
    let results = dir.join("results.json");
    let out = leapfrog(&[
        "bench",
        dir.join("manifest.csv").to_str().unwrap(),
        "--job",
        "verify",
        "--exe",
        fake.to_str().unwrap(),
        "--timeout",
        "20",
        "--output",
        results.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let table = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<&str> = table.lines().collect();
    assert!(rows[0].contains("TRUE tasks") && rows[0].contains("FALSE tasks"), "{table}");
    // suite, tasks, TRUE ok/wrong/unk, FALSE ok/wrong/unk, other, error, crash, timeout.
    let counts = |row: &str| row.split_whitespace().take(12).map(String::from).collect::<Vec<_>>();
    assert_eq!(counts(rows[3]), ["s1", "3", "1", "0", "0", "1", "1", "0", "0", "0", "0", "0"], "{table}");
    assert_eq!(counts(rows[4]), ["s2", "3", "0", "0", "1", "0", "0", "0", "0", "0", "2", "0"], "{table}");
    assert!(table.contains("1 wrong"), "{table}");
    assert!(table.ends_with("WRONG ANSWERS: 1\n  WRONG wrong: answered TRUE, expected FALSE (technique k-induction, semantics default)\n"), "{table}");

    let v: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(v["job"], "verify");
    assert_eq!(v["wrong"], serde_json::json!(["wrong"]));
    let tasks = v["tasks"].as_array().unwrap();
    let fields = |t: &Value| {
        ["id", "verdict", "expected", "classification", "technique", "semantics"]
            .map(|k| t[k].as_str().unwrap_or("-").to_string())
    };
    assert_eq!(fields(&tasks[1]), ["unsafe", "FALSE", "false", "correct", "bmc", "bit-precise"]);
    assert_eq!(fields(&tasks[2]), ["wrong", "TRUE", "false", "wrong", "k-induction", "default"]);
    assert_eq!(fields(&tasks[3]), ["hard", "UNKNOWN", "true", "unknown", "-", "default"]);
    assert_eq!(tasks[3]["reason"], "no invariant found");
    assert_eq!(fields(&tasks[4]), ["crash", "-", "true", "crash", "-", "-"]);
    assert_eq!(tasks[4]["message"], "exit code 101");
    assert_eq!(fields(&tasks[5]), ["garbage", "-", "false", "crash", "-", "-"]);
    assert!(tasks.iter().all(|t| t["seconds"].as_f64().is_some()));
    assert_eq!(tasks.len(), 6, "the termination row is not a verify task");
}

#[test]
fn an_entry_that_is_not_defined_is_a_usage_error_for_every_job() {
    let dir = temp_dir("no-entry");
    let src = write(&dir, "e.c", "int helper(int x) { return x; }\nint main(void) { return helper(1); }\n");
    for job in ["loops", "exec", "ir", "verify", "summarize", "terminate", "bound"] {
        let out = leapfrog(&[job, "--entry", "nosuchfunction", &src]);
        assert_eq!(out.status.code(), Some(2), "{job}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("--entry nosuchfunction") && err.contains("helper, main"), "{job}: {err}");
        assert!(out.stdout.is_empty(), "{job} printed an answer: {}", String::from_utf8_lossy(&out.stdout));
        assert_eq!(leapfrog(&[job, "--entry", "helper", &src]).status.code(), Some(0), "{job} --entry helper");
    }
    // `bench` passes it through: every task is rejected, none answers.
    write(&dir, "manifest.csv", "id,suite,file,property,expected,origin\ne,s,e.c,unreach-call,true,x\n");
    let results = dir.join("results.json");
    let out = leapfrog(&[
        "bench",
        dir.join("manifest.csv").to_str().unwrap(),
        "--job",
        "verify",
        "--timeout",
        "20",
        "--output",
        results.to_str().unwrap(),
        "--",
        "--entry",
        "nosuchfunction",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&results).unwrap()).unwrap();
    assert_eq!(v["tasks"][0]["classification"], "error", "{v}");
}

#[test]
fn bench_setup_problems_are_usage_errors_before_any_task_runs() {
    let dir = temp_dir("bench-usage");
    write(&dir, "ok.c", "int main(void) { return 0; }\n");
    let manifest =
        write(&dir, "manifest.csv", "id,suite,file,property,expected,origin\nok,s,ok.c,unreach-call,true,x\n");
    write(
        &dir,
        "gone.csv",
        "id,suite,file,property,expected,origin\nok,s,ok.c,unreach-call,true,x\ngone,s,gone.c,unreach-call,true,x\n",
    );
    let results = dir.join("results.json");
    let bench = |args: &[&str]| {
        let mut all = vec!["bench", "--output", results.to_str().unwrap()];
        all.extend_from_slice(args);
        leapfrog(&all)
    };
    let gone = dir.join("gone.csv").display().to_string();
    let cases: [(&[&str], &str); 6] = [
        (&[&manifest, "--job", "bogus"], "unknown job `bogus`"),
        (&[&manifest, "--timeout", "0"], "positive number of seconds"),
        (&[&manifest, "--timeout=-5"], "positive number of seconds"),
        (&[&manifest, "--timeout", "NaN"], "positive number of seconds"),
        (&[&manifest, "--timeout", "inf"], "positive number of seconds"),
        (&[&gone, "--job", "verify"], "line 3: gone.c"),
    ];
    for (args, message) in cases {
        let out = bench(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(out.stdout.is_empty() && !results.exists(), "{args:?} ran tasks");
    }
    // The same manifest and options without the mistake run.
    let out = bench(&[&manifest, "--job", "verify", "--timeout", "20"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(results.exists());
}

/// A counterexample ties each input to what read it and where: a nondet call's value to the
/// call, an uninitialized local's to its declaration; in the text and in the JSON (`reads`).
#[test]
fn counterexample_inputs_name_their_reads() {
    let dir = process::temp_dir("reads");
    let p = process::write(
        &dir,
        "reads.c",
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int u;\n  int n = __VERIFIER_nondet_int();\n  if (n == 7 && u == 3) reach_error();\n  return 0;\n}\n",
    );
    let out = leapfrog(&["verify", "--format", "json", &p]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "FALSE", "{v}");
    let reads = v["counterexample"]["reads"].as_array().unwrap();
    let nondet: Vec<&str> =
        v["counterexample"]["nondet"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert_eq!(reads.len(), nondet.len(), "{v}");
    let call = reads.iter().find(|r| r["source"] == "nondet-call").expect("the call's read");
    assert_eq!((call["line"].as_u64(), call["value"].as_str()), (Some(5), Some("7")), "{call}");
    let local = reads.iter().find(|r| r["source"] == "uninitialized-local").expect("the local's read");
    assert_eq!((local["line"].as_u64(), local["value"].as_str()), (Some(4), Some("3")), "{local}");
    let text = String::from_utf8_lossy(&leapfrog(&["verify", &p]).stdout).into_owned();
    assert!(text.contains(&format!("    7 from nondet-call at {p}:5:")), "{text}");
    assert!(text.contains(&format!("    3 from uninitialized-local at {p}:4:")), "{text}");
}

/// A counterexample shows the values the execution assigns to the program's variables, in
/// order, each where it was assigned (as CBMC's traces do): in the JSON (`values`) and the text.
/// An uninitialized local's value is a read (above), not an assignment.
#[test]
fn counterexamples_show_the_values_assigned_along_the_path() {
    let dir = process::temp_dir("values");
    let p = process::write(
        &dir,
        "values.c",
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int s = 0, u;\n  for (int i = 0; i < n; i++)\n    s += i;\n  if (s == 3 && u == 1) reach_error();\n  return 0;\n}\n",
    );
    let out = leapfrog(&["verify", "--format", "json", &p]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["verdict"], "FALSE", "{v}");
    let values: Vec<(u64, String)> = v["counterexample"]["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["line"].as_u64().unwrap(),
                format!("{} = {}", a["variable"].as_str().unwrap(), a["value"].as_str().unwrap()),
            )
        })
        .collect();
    let expected: Vec<(u64, String)> = [
        (4, "n = 3"),
        (5, "s = 0"),
        (6, "i = 0"),
        (7, "s = 0"),
        (6, "i = 1"),
        (7, "s = 1"),
        (6, "i = 2"),
        (7, "s = 3"),
        (6, "i = 3"),
    ]
    .into_iter()
    .map(|(l, a)| (l, a.to_string()))
    .collect();
    assert_eq!(values, expected, "{v}");
    assert_eq!(v["counterexample"]["values_elided"], 0);
    let text = String::from_utf8_lossy(&leapfrog(&["verify", &p]).stdout).into_owned();
    assert!(text.contains("  values along the path:\n"), "{text}");
    assert!(text.contains(&format!("    {p}:7:5  s = 3\n")), "{text}");
}

/// `--verbose` says what was read and how the answer came, on stderr; stdout is the report.
#[test]
fn verbose_says_what_was_read_and_when_the_answer_came() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/verify.c");
    let out = leapfrog(&["verify", "--verbose", example.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("leapfrog: read ") && err.contains("1 functions, 2 loops"), "{err}");
    assert!(err.contains("leapfrog: verify answered TRUE after "), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("TRUE"));
    let both = leapfrog(&["verify", "--verbose", "--quiet", example.to_str().unwrap()]);
    assert_eq!(both.status.code(), Some(2), "--verbose and --quiet contradict each other");
}
