//! Textual form of the IR: printer (to be written).
