//! Report emitters: the only place that knows output formats (text with source snippets, JSON).
//!
//! Each job's result arrives here as plain data (a loop listing, an execution result, the
//! program's diagnostics) and leaves as text or a `serde_json::Value`. Output is deterministic:
//! everything is emitted in a fixed order.
//!
//! Invariant: formats only; computes no analysis result.

pub mod diagnostics;
pub mod exec;
pub mod loops;
pub mod snippet;
pub mod terminate;
pub mod verify;

/// Output format of a job.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}
