//! What functions and loops read and modify (to be written).
