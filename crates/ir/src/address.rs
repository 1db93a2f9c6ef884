//! Conversions between pointers and integers, which only the interpreter performs.
//!
//! The IR has no integer value for an address: the analyses keep the result of
//! `(unsigned long)p` or `(char *)n` arbitrary, as a [`Command::Opaque`](crate::Command::Opaque)
//! step that havocs its destination. Such a step carries an [`AddressStep`], the conversion it
//! stands for, so that the interpreter runs programs that compute with addresses (alignment
//! checks, a `memcpy` through `unsigned long`): it gives every object an address of its own and
//! converts as C does (its address model is `leapfrog_interp`'s to define).

use crate::expr::Expr;
use crate::ids::VarId;

/// What an opaque step converting between a pointer and an integer computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AddressStep {
    /// `dst := (T) pointer` for an integer register of type `T`: the pointer's address
    /// converted to `T` as C converts an integer (a type narrower than a pointer truncates it).
    ToInt { dst: VarId, pointer: Expr },
    /// `dst := (T *) integer` for a pointer register: 0 is the null pointer, the address of a
    /// byte of an object points there, any other value is a pointer that must not be
    /// dereferenced.
    ToPointer { dst: VarId, integer: Expr },
}

impl AddressStep {
    pub fn for_each_var(&self, f: &mut dyn FnMut(VarId)) {
        match self {
            AddressStep::ToInt { dst, pointer: value } | AddressStep::ToPointer { dst, integer: value } => {
                f(*dst);
                value.for_each_var(f);
            }
        }
    }

    pub fn rename_vars(&mut self, f: &mut dyn FnMut(VarId) -> VarId) {
        match self {
            AddressStep::ToInt { dst, pointer: value } | AddressStep::ToPointer { dst, integer: value } => {
                *dst = f(*dst);
                value.rename_vars(f);
            }
        }
    }
}
