//! The input stream: one sequence of integers feeds every nondeterministic source in execution
//! order; past its end every value is 0.

use crate::value::{Value, from_input};
use leapfrog_ir::Type;

pub(crate) struct NondetStream<'a> {
    values: &'a [i128],
    next: usize,
    /// Values requested so far, including those past the end of the stream.
    requested: u64,
}

impl<'a> NondetStream<'a> {
    pub fn new(values: &'a [i128]) -> NondetStream<'a> {
        NondetStream { values, next: 0, requested: 0 }
    }

    /// The next raw input (0 past the end).
    pub fn next_raw(&mut self) -> i128 {
        self.requested = self.requested.saturating_add(1);
        match self.values.get(self.next) {
            Some(v) => {
                self.next += 1;
                *v
            }
            None => 0,
        }
    }

    /// The next input as a value of `ty`.
    pub fn next_value(&mut self, ty: Type, ptr_bits: u32) -> Value {
        from_input(self.next_raw(), ty, ptr_bits)
    }

    pub fn is_exhausted(&self) -> bool {
        self.next >= self.values.len()
    }

    /// Count `n` requests answered with 0 (only valid once the stream is exhausted).
    pub fn skip_exhausted(&mut self, n: u64) {
        debug_assert!(self.is_exhausted());
        self.requested = self.requested.saturating_add(n);
    }

    pub fn requested(&self) -> usize {
        usize::try_from(self.requested).unwrap_or(usize::MAX)
    }
}
