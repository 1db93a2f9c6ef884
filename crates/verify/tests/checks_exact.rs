//! The automatic checks are exact where they are written: on the same inputs, the instrumented
//! program (`ir::checks`, on the inlined program) fails a check exactly where the original
//! program goes wrong the way the check says, and otherwise runs as the original does (same
//! outcome, same inputs consumed). Run on the checks' test programs and the buffer-overflow
//! examples, each on random input streams. (Not on programs where an address of a frame object
//! may outlive its call: `escaping_frame_addresses`, the documented exception.)

use leapfrog_interp::runs::RandomInputs;
use leapfrog_interp::{ExecConfig, Outcome, UbKind, UninitMode};
use leapfrog_ir::checks::{CheckKind, CheckedProperties, instrument};
use leapfrog_ir::{AssertOrigin, InlineLimits, inline_program};
use std::path::{Path, PathBuf};

fn programs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["../cli/tests/checks", "../../examples/buffer-overflows"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        files.extend(entries.map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "c")));
    }
    files.sort();
    files
}

const RUNS: u64 = 60;

#[test]
fn instrumented_programs_fail_a_check_exactly_where_the_original_goes_wrong() {
    let files = programs();
    assert!(files.len() >= 10, "only {} programs", files.len());
    let mut mismatches = Vec::new();
    let mut violations = 0;
    let mut skipped = 0;
    for path in &files {
        let p = leapfrog_c_frontend::load_program(std::slice::from_ref(path), &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        // The one exception, which a TRUE rules out: memory of a frame that outlives its call
        // (the inlined function keeps every frame alive).
        if leapfrog_ir::checks::escaping_frame_addresses(&p).is_some() {
            skipped += 1;
            continue;
        }
        let Ok(q) = inline_program(&p, &InlineLimits::default()) else { continue };
        let fid = q.entry.unwrap();
        // (With the strings' lengths too: their facts must hold on every run.)
        for string_lengths in [false, true] {
            let props = CheckedProperties { memsafety: true, overflow: true, assertions: false, string_lengths };
            let instrumented = instrument(&q, fid, props);
            leapfrog_ir::verify::verify_program(&instrumented.program)
                .unwrap_or_else(|e| panic!("{}: invalid instrumented IR: {e:?}", path.display()));
            let mut inputs = RandomInputs::new(&p, 0x1234_5678);
            for run in 0..RUNS {
                let config = ExecConfig {
                    nondet: inputs.stream(run),
                    uninit: UninitMode::Nondet,
                    max_steps: 200_000,
                    record_inputs: true,
                    ..ExecConfig::default()
                };
                let original = leapfrog_interp::run(&p, &config);
                let replay = ExecConfig { nondet: original.inputs.clone(), record_inputs: false, ..config.clone() };
                let checked = leapfrog_interp::run(&instrumented.program, &replay);
                let name = path.file_name().unwrap().to_string_lossy();
                let agrees = match (&original.outcome, &checked.outcome) {
                    (Outcome::Ub { kind, span, .. }, Outcome::Error { origin: AssertOrigin::Check(id), span: at })
                        if *kind != UbKind::Other =>
                    {
                        let check = &instrumented.checks[*id as usize];
                        let wanted = match kind {
                            UbKind::InvalidDeref => CheckKind::ValidDeref,
                            UbKind::InvalidFree => CheckKind::ValidFree,
                            _ => CheckKind::NoOverflow,
                        };
                        violations += 1;
                        check.kind == wanted && check.span == *span && at == span
                    }
                    // A check no assertion could be written for: the same undefined behaviour.
                    (Outcome::Ub { kind: k1, span: s1, .. }, Outcome::Ub { kind: k2, span: s2, .. }) => {
                        k1 == k2 && s1 == s2
                    }
                    // Memory still allocated when the entry returns or the program exits (the check
                    // is stricter than leaked memory).
                    (Outcome::Exit { .. }, Outcome::Error { origin: AssertOrigin::Check(id), .. }) => {
                        instrumented.checks[*id as usize].kind == CheckKind::ValidMemtrack
                    }
                    // The program's own failing assertion ends the execution quietly.
                    (Outcome::Error { .. }, Outcome::Blocked { .. } | Outcome::Abort { .. }) => true,
                    (a, b) => a.kind() == b.kind() && original.nondet_used == checked.nondet_used,
                };
                if !agrees {
                    mismatches.push(format!(
                    "{name} run {run} (string lengths {string_lengths}): the original {} but the instrumented program {}",
                    original.outcome, checked.outcome
                ));
                }
            }
        }
    }
    assert!(violations > 0, "no run went wrong: the test shows nothing");
    assert!(skipped * 10 < files.len(), "{skipped} of {} programs skipped", files.len());
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
