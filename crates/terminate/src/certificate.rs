//! Ranking functions as C text for the user (transition invariants print themselves:
//! `TransitionCandidate::text`; their checker form is `TransitionCandidate::checker_atom`).

use leapfrog_certify::termination::LinearForm;
use leapfrog_ir::Program;

/// `2*x - y + 3`, as C that means what the form means over the mathematical integers: when C
/// could compute something else — a variable unsigned or wider than 32 bits (unsigned
/// arithmetic wraps), or a step of the evaluation that can leave `int` for some values of the
/// variables' types (`-x` at `INT_MIN`, `n - i`) — every variable is cast to `long long`
/// (`-(long long)x + 98`), in which no such form overflows.
pub fn linear_text(p: &Program, f: &LinearForm) -> String {
    let terms: Vec<(i128, leapfrog_ir::VarId)> = f.terms.iter().copied().filter(|(c, _)| *c != 0).collect();
    let cast = !fits_int(p, &terms, f.constant);
    let mut out = String::new();
    for (c, v) in &terms {
        let n = if cast { format!("(long long){}", p.vars[*v].name) } else { p.vars[*v].name.clone() };
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

/// Whether C evaluates `c1*x1 ± c2*x2 ... ± k` (as [`linear_text`] prints it, left to right) in
/// `int` without overflow for all values of the variables' types: every variable a signed
/// integer of at most 32 bits, and every product and partial sum within `int`.
pub(crate) fn fits_int(p: &Program, terms: &[(i128, leapfrog_ir::VarId)], constant: i128) -> bool {
    let int = (i128::from(i32::MIN), i128::from(i32::MAX));
    let within = |(lo, hi): (i128, i128)| lo >= int.0 && hi <= int.1;
    let mut sum: Option<(i128, i128)> = None;
    for (i, (c, v)) in terms.iter().enumerate() {
        let Some(leapfrog_ir::Type::Int(t)) = p.vars[*v].ty.reg() else { return false };
        if !t.is_signed() || t.bits() > 32 || !within((c.abs(), c.abs())) {
            return false;
        }
        // The first term is printed `-x` or `-k*x` (`(-k)*x`), a later one `- k*x`.
        let scaled = |k: i128| {
            let (a, b) = (k * t.min(), k * t.max());
            (a.min(b), a.max(b))
        };
        let term = if i == 0 { scaled(*c) } else { scaled(c.abs()) };
        if !within(term) {
            return false;
        }
        sum = Some(match sum {
            None => term,
            Some((lo, hi)) if *c < 0 => (lo - term.1, hi - term.0),
            Some((lo, hi)) => (lo + term.0, hi + term.1),
        });
        if !within(sum.unwrap_or(int)) {
            return false;
        }
    }
    let (lo, hi) = sum.unwrap_or((0, 0));
    within((constant, constant)) && within((lo + constant, hi + constant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use leapfrog_ir::VarId;

    /// A program with variables `x` (int), `s` (short), `u` (unsigned), `l` (long).
    fn program() -> (Program, [VarId; 4]) {
        let text = "var v0 global \"x\": i32\nvar v1 global \"s\": i16\nvar v2 global \"u\": u32\n\
                    var v3 global \"l\": i64\nglobals v0 v1 v2 v3\ninit f0\nfunc f0 \"init\" { }\n";
        let p = leapfrog_ir::parse::parse_program(text).expect("the program parses");
        (p, [VarId(0), VarId(1), VarId(2), VarId(3)])
    }

    #[test]
    fn a_form_c_could_compute_differently_casts_its_variables() {
        let (p, [x, s, u, l]) = program();
        let text =
            |constant: i128, terms: &[(i128, VarId)]| linear_text(&p, &LinearForm { constant, terms: terms.to_vec() });
        // Within int for every value: as written.
        assert_eq!(text(0, &[(1, x)]), "x");
        assert_eq!(text(3, &[(1, s), (-2, s)]), "s - 2*s + 3");
        // `-x` overflows at INT_MIN, `x - 1` below it, `x + s` near the ends; unsigned wraps;
        // long is wider than int.
        assert_eq!(text(98, &[(-1, x)]), "-(long long)x + 98");
        assert_eq!(text(-1, &[(1, x)]), "(long long)x - 1");
        assert_eq!(text(0, &[(1, x), (1, s)]), "(long long)x + (long long)s");
        assert_eq!(text(0, &[(1, u)]), "(long long)u");
        assert_eq!(text(0, &[(1, l)]), "(long long)l");
        assert_eq!(text(7, &[]), "7");
    }
}
