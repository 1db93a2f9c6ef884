//! The `leapfrog` binary (to be written).
mod bench;
fn main() {}
