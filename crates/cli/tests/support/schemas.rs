//! The JSON schemas the output formats are checked against (`crates/report/schemas/`), compiled
//! by a JSON-schema validator. Shared by the test files that include it with `#[path]`.

use std::path::Path;

/// The validator of the schema in `crates/report/schemas/NAME`.
pub fn validator(name: &str) -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/schemas").join(name);
    let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{name} does not compile: {e}"))
}
