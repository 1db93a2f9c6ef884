//! Concrete interpreter (to be written).
