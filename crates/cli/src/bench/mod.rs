//! Benchmark runner (to be written).
