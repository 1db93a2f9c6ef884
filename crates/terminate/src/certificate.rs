//! The engine's termination arguments as the checker's certificates, and ranking functions as C
//! text for the user (transition invariants print themselves: `TransitionCandidate::text`).

use leapfrog_certify::termination::{LinearForm, Measure, TransitionAtom};
use leapfrog_ir::Program;
use leapfrog_summarize::transition::{Measure as EngineMeasure, TransitionCandidate};

/// The checker's form of an accepted transition-invariant atom (the engine's types are its own:
/// the checker shares no code with the engine).
pub fn transition_atom(a: &TransitionCandidate) -> TransitionAtom {
    let measure = |m: &EngineMeasure| match m {
        EngineMeasure::Var(v) => Measure::Linear(LinearForm { constant: 0, terms: vec![(1, *v)] }),
        EngineMeasure::Sum(vs) => {
            Measure::Linear(LinearForm { constant: 0, terms: vs.iter().map(|v| (1, *v)).collect() })
        }
        EngineMeasure::Max(vs) => Measure::Max(vs.clone()),
        EngineMeasure::Min(vs) => Measure::Min(vs.clone()),
        EngineMeasure::Distance(x, y) => {
            let mut terms = vec![(1, *x)];
            terms.extend(y.iter().map(|y| (-1, *y)));
            Measure::Distance(LinearForm { constant: 0, terms })
        }
    };
    match a {
        TransitionCandidate::Decreases(m) => TransitionAtom::Decreases(measure(m)),
        TransitionCandidate::Increases(m) => TransitionAtom::Increases(measure(m)),
        TransitionCandidate::OneChanges(vs) => TransitionAtom::OneChanges(vs.clone()),
    }
}

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
