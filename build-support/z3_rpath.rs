// Shared by the build scripts of every package whose binaries or tests link Z3: tell the linker
// where libz3 is (an rpath, so no LD_LIBRARY_PATH is needed at run time): beside the binary or in
// `../lib/leapfrog` from it for an installed copy, else where `scripts/fetch-z3.sh` put it.
// `include!`d, not a crate: build scripts cannot share code otherwise without a build-dependency.

fn z3_lib_dir() -> std::path::PathBuf {
    let manifest = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    manifest.join("../../third_party/z3/lib")
}

fn emit_z3_rpath() {
    let dir = z3_lib_dir();
    let dir = dir.canonicalize().unwrap_or(dir);
    // Beside the binary, then `../lib/leapfrog` from it (where `scripts/install.sh` puts libz3
    // for an installed binary), then this clone's copy (for builds run in place).
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN:$ORIGIN/../lib/leapfrog:{}", dir.display());
    println!("cargo:rerun-if-changed=build.rs");
}
