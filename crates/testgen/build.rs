//! Gives this package's test binaries an rpath to libz3 (fetched by the smt crate's build script).
include!("../../build-support/z3_rpath.rs");

fn main() {
    emit_z3_rpath();
}
