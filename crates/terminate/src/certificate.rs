//! The engine's termination arguments as the checker's certificates, and as C text for the user.

use leapfrog_certify::termination::{LinearForm, Measure, TransitionAtom};
use leapfrog_ir::{Program, VarId};
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
    };
    match a {
        TransitionCandidate::Decreases(m) => TransitionAtom::Decreases(measure(m)),
        TransitionCandidate::Increases(m) => TransitionAtom::Increases(measure(m)),
        TransitionCandidate::OneChanges(vs) => TransitionAtom::OneChanges(vs.clone()),
    }
}

fn name(p: &Program, v: VarId, primed: bool) -> String {
    let n = &p.vars[v].name;
    if primed { format!("{n}'") } else { n.clone() }
}

/// `2*x - y + 3`.
pub fn linear_text(p: &Program, f: &LinearForm) -> String {
    linear_text_with(p, f, false)
}

fn linear_text_with(p: &Program, f: &LinearForm, primed: bool) -> String {
    let mut out = String::new();
    for (c, v) in f.terms.iter().filter(|(c, _)| *c != 0) {
        let n = name(p, *v, primed);
        let (sign, mag) = if *c < 0 { ("-", c.unsigned_abs()) } else { ("+", c.unsigned_abs()) };
        if out.is_empty() {
            if *c < 0 {
                out.push('-');
            }
        } else {
            out.push_str(&format!(" {sign} "));
        }
        if mag == 1 {
            out.push_str(&n);
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

fn measure_text(p: &Program, m: &Measure, primed: bool) -> String {
    let list = |vs: &[VarId]| vs.iter().map(|v| name(p, *v, primed)).collect::<Vec<_>>().join(", ");
    match m {
        Measure::Linear(f) => linear_text_with(p, f, primed),
        Measure::Max(vs) => format!("max({})", list(vs)),
        Measure::Min(vs) => format!("min({})", list(vs)),
    }
}

/// `x' < x`, `max(x', y') > max(x, y)`, ...; the post-state is primed.
pub fn atom_text(p: &Program, a: &TransitionAtom) -> String {
    match a {
        TransitionAtom::Decreases(m) => format!("{} < {}", measure_text(p, m, true), measure_text(p, m, false)),
        TransitionAtom::Increases(m) => format!("{} > {}", measure_text(p, m, true), measure_text(p, m, false)),
        TransitionAtom::OneChanges(vs) => {
            let alts: Vec<String> = vs
                .iter()
                .map(|v| {
                    let mut conj = vec![format!("{} != {}", name(p, *v, true), name(p, *v, false))];
                    conj.extend(
                        vs.iter()
                            .filter(|w| *w != v)
                            .map(|w| format!("{} == {}", name(p, *w, true), name(p, *w, false))),
                    );
                    format!("({})", conj.join(" && "))
                })
                .collect();
            alts.join(" || ")
        }
    }
}
