//! The crate dependency direction stated in ARCHITECTURE.md: each crate may depend only on the
//! Leapfrog crates listed for it.

use std::path::Path;

const ALLOWED: &[(&str, &[&str])] = &[
    ("source", &[]),
    ("arith", &[]),
    ("ir", &["leapfrog-source", "leapfrog-arith"]),
    ("c_frontend", &["leapfrog-source", "leapfrog-arith", "leapfrog-ir"]),
    ("interp", &["leapfrog-source", "leapfrog-arith", "leapfrog-ir"]),
    ("linear", &[]),
    ("domains", &["leapfrog-arith", "leapfrog-linear"]),
    ("results", &["leapfrog-source", "leapfrog-arith", "leapfrog-ir"]),
    ("absint", &["leapfrog-arith", "leapfrog-ir", "leapfrog-linear", "leapfrog-domains"]),
    ("report", &["leapfrog-source", "leapfrog-ir", "leapfrog-interp", "leapfrog-results"]),
    ("smt", &[]),
    ("certify", &["leapfrog-source", "leapfrog-arith", "leapfrog-ir", "leapfrog-smt"]),
    ("paths", &["leapfrog-arith", "leapfrog-ir", "leapfrog-smt"]),
    (
        "proteus",
        &[
            "leapfrog-source",
            "leapfrog-arith",
            "leapfrog-ir",
            "leapfrog-smt",
            "leapfrog-linear",
            "leapfrog-paths",
            "leapfrog-results",
        ],
    ),
    ("summarize", &["leapfrog-source", "leapfrog-arith", "leapfrog-ir", "leapfrog-smt", "leapfrog-certify"]),
    (
        "verify",
        &[
            "leapfrog-source",
            "leapfrog-arith",
            "leapfrog-ir",
            "leapfrog-smt",
            "leapfrog-summarize",
            "leapfrog-certify",
            "leapfrog-interp",
            "leapfrog-results",
            "leapfrog-absint",
            "leapfrog-domains",
            "leapfrog-linear",
            "leapfrog-paths",
            "leapfrog-proteus",
        ],
    ),
    (
        "terminate",
        &[
            "leapfrog-source",
            "leapfrog-arith",
            "leapfrog-ir",
            "leapfrog-smt",
            "leapfrog-summarize",
            "leapfrog-certify",
            "leapfrog-interp",
            "leapfrog-results",
            "leapfrog-absint",
            "leapfrog-domains",
            "leapfrog-linear",
            "leapfrog-paths",
        ],
    ),
    (
        "bound",
        &[
            "leapfrog-absint",
            "leapfrog-source",
            "leapfrog-arith",
            "leapfrog-ir",
            "leapfrog-interp",
            "leapfrog-results",
            "leapfrog-linear",
            "leapfrog-paths",
            "leapfrog-summarize",
            "leapfrog-proteus",
            "leapfrog-verify",
            "leapfrog-terminate",
        ],
    ),
    (
        "testgen",
        &["leapfrog-source", "leapfrog-arith", "leapfrog-ir", "leapfrog-interp", "leapfrog-results", "leapfrog-verify"],
    ),
    (
        "cli",
        &[
            "leapfrog-source",
            "leapfrog-arith",
            "leapfrog-ir",
            "leapfrog-c-frontend",
            "leapfrog-interp",
            "leapfrog-report",
            "leapfrog-results",
            "leapfrog-smt",
            "leapfrog-verify",
            "leapfrog-terminate",
            "leapfrog-proteus",
            "leapfrog-bound",
            "leapfrog-testgen",
        ],
    ),
];

/// The `leapfrog-*` crates named in a manifest's `[dependencies]` section.
fn leapfrog_dependencies(manifest: &str) -> Vec<String> {
    let mut in_deps = false;
    let mut out = Vec::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if in_deps && let Some(name) = line.split(['.', '=', ' ']).next().filter(|n| n.starts_with("leapfrog-")) {
            out.push(name.to_string());
        }
    }
    out
}

#[test]
fn crates_depend_only_downwards() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = 0;
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let allowed = ALLOWED.iter().find(|(n, _)| *n == name).map(|(_, a)| *a);
        let allowed = allowed.unwrap_or_else(|| panic!("crate `{name}` is not in ARCHITECTURE.md's table"));
        for dep in leapfrog_dependencies(&manifest) {
            assert!(allowed.contains(&dep.as_str()), "`{name}` must not depend on `{dep}`");
        }
        found += 1;
    }
    assert_eq!(found, ALLOWED.len());
}
