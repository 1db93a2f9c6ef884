//! Makes sure libz3 5.3.2 is present (fetching it from PyPI with `scripts/fetch-z3.sh` on a fresh
//! checkout) before anything links against it, and gives this package's tests an rpath to it.

include!("../../build-support/z3_rpath.rs");

fn main() {
    let lib = z3_lib_dir().join("libz3.so");
    if !lib.exists() {
        let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
        let script = manifest.join("../../scripts/fetch-z3.sh");
        let status = std::process::Command::new("bash").arg(&script).status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("{} failed ({s}); it needs python3 with pip and access to PyPI", script.display()),
            Err(e) => panic!("cannot run {}: {e}", script.display()),
        }
    }
    println!("cargo:rerun-if-changed=../../scripts/fetch-z3.sh");
    emit_z3_rpath();
}
