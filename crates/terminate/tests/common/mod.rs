//! What this crate's tests share: a C translation unit lowered by the front end (the default
//! options: LP64, entry `main` or the one function nobody calls), as it is or inlined.

#![allow(dead_code)]

use leapfrog_ir::{InlineLimits, Program, inline_program};
use std::sync::atomic::{AtomicU64, Ordering};

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// `source` lowered (written to a file of its own under the temporary directory, then removed).
pub fn lowered(source: &str) -> Program {
    let dir = std::env::temp_dir().join(format!("leapfrog-terminate-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("t{}.c", COUNTER.fetch_add(1, Ordering::SeqCst)));
    std::fs::write(&path, source).unwrap();
    let p = leapfrog_c_frontend::load_program(std::slice::from_ref(&path), &Default::default())
        .unwrap_or_else(|e| panic!("the test program lowers: {e:?}\n{source}"));
    let _ = std::fs::remove_file(&path);
    p
}

/// `source` lowered and inlined.
pub fn inlined(source: &str) -> Program {
    inline_program(&lowered(source), &InlineLimits::default()).expect("the test program inlines")
}
