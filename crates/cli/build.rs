//! Gives this package's test binaries an rpath to libz3 (fetched by the smt crate's build script).
include!("../../build-support/z3_rpath.rs");

fn main() {
    emit_z3_rpath();
    emit_git_commit();
}

/// `LEAPFROG_GIT_COMMIT` for `leapfrog --version`: the commit the binary was built from (with
/// `-dirty` when the work tree had changes), or `unknown` outside a git checkout.
fn emit_git_commit() {
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(c) if !c.is_empty() => {
            let dirty = git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
            if dirty { format!("{c}-dirty") } else { c }
        }
        _ => "unknown".to_string(),
    };
    println!("cargo:rustc-env=LEAPFROG_GIT_COMMIT={commit}");
    // A new commit, or a checkout of another, changes HEAD or the ref it names.
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        println!("cargo:rerun-if-changed={dir}/HEAD");
        println!("cargo:rerun-if-changed={dir}/index");
        if let Some(head) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={dir}/{head}");
        }
    }
}
