//! IR invariant checker (to be written).
