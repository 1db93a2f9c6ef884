//! Gives this package's tests an rpath to the libz3 that `leapfrog-smt`'s build script fetched.

include!("../../build-support/z3_rpath.rs");

fn main() {
    emit_z3_rpath();
}
