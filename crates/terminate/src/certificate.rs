//! Ranking functions as C text for the user (transition invariants print themselves:
//! `TransitionCandidate::text`; their checker form is `TransitionCandidate::checker_atom`).

use leapfrog_certify::termination::LinearForm;
use leapfrog_ir::Program;

/// `2*x - y + 3`.
pub fn linear_text(p: &Program, f: &LinearForm) -> String {
    let mut out = String::new();
    for (c, v) in f.terms.iter().filter(|(c, _)| *c != 0) {
        let n = &p.vars[*v].name;
        let (sign, mag) = if *c < 0 { ("-", c.unsigned_abs()) } else { ("+", c.unsigned_abs()) };
        if out.is_empty() {
            if *c < 0 {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        if mag == 1 {
            out.push_str(n);
        } else {
            out.push_str(&format!("{mag}*{n}"));
        }
    }
    if out.is_empty() {
        return f.constant.to_string();
    }
    if f.constant > 0 {
        out.push_str(&format!(" + {}", f.constant));
    } else if f.constant < 0 {
        out.push_str(&format!(" - {}", f.constant.unsigned_abs()));
    }
    out
}
