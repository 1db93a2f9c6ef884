//! C front end (to be written).
