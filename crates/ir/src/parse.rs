//! Textual form of the IR: parser (to be written).
