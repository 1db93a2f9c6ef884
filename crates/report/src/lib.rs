//! Report emitters (to be written).
