//! Buffer invariants through memory views (ATVA'08 Fig. 1): a zero terminator keeps the index
//! inside the buffer, and without it no TRUE is given.

use leapfrog_arith::Semantics;
use leapfrog_c_frontend::{FrontendOptions, load_program};
use leapfrog_ir::DataModel;
use leapfrog_verify::{Options, Verdict, verify};
use std::time::Duration;

fn program(terminator: i32) -> String {
    format!(
        "extern char __VERIFIER_nondet_char(void);\n\
         extern void abort(void);\n\
         void reach_error(void) {{ abort(); }}\n\
         int main(void) {{\n\
           char a[100];\n\
           for (int k = 0; k < 99; k++) a[k] = __VERIFIER_nondet_char();\n\
           a[99] = {terminator};\n\
           int p = 0;\n\
           while (a[p] != 0) {{ if (a[p] == '/') a[p] = 0; p++; }}\n\
           if (!(p < 100)) reach_error();\n\
           return 0;\n\
         }}\n"
    )
}

fn run(terminator: i32) -> leapfrog_verify::Report {
    let dir = std::env::temp_dir().join(format!("lf-buffers-{}-{terminator}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("buffer.c");
    std::fs::write(&path, program(terminator)).unwrap();
    let p = load_program(&[path], &FrontendOptions { data_model: DataModel::LP64, entry: None, ..Default::default() })
        .expect("loads");
    verify(&p, &Options { semantics: Semantics::Default, timeout: Duration::from_secs(6) })
}

#[test]
fn zero_terminated_buffer_is_safe_with_the_terminator_in_the_certificate() {
    let r = run(0);
    assert_eq!(r.verdict, Verdict::True, "{:?}", r.reason);
    assert!(r.certificate.iter().any(|l| l.invariant.contains("a[99] == 0")), "{:?}", r.certificate);
}

#[test]
fn buffer_without_terminator_is_not_proven() {
    let r = run(1);
    assert_ne!(r.verdict, Verdict::True, "{:?}", r.certificate);
}
