//! Closed forms of induction variables: on the paper's paths, on hand-written updates, against
//! direct iteration of the update, and Z3's induction proof refusing a wrong form.

mod support;

use leapfrog_ir::{Id, VarId};
use leapfrog_linear::{Affine, Rational, rational};
use leapfrog_proteus::induction::{Class, ClosedForm, PathInduction, Updates, analyze, prove, updates_of};
use leapfrog_proteus::poly::{Atom, Poly};
use std::collections::{BTreeMap, BTreeSet};
use support::{paths_at, program, var};

/// The value of `form` at `n` from the initial values `init`.
fn eval(form: &ClosedForm, n: i128, init: &BTreeMap<VarId, i128>) -> Rational {
    form.value
        .at(n)
        .eval(&|a| if let Atom::Var(v) = a { init.get(&v).copied() } else { None })
        .expect("every variable has a value")
}

/// Iterates `updates` from `init` and compares every closed form of `result` at each `n ≥ from`.
fn agrees_with_iteration(updates: &Updates, result: &PathInduction, init: &BTreeMap<VarId, i128>) {
    let mut state = init.clone();
    for n in 0..16i128 {
        for (v, (class, form)) in &result.vars {
            if let Some(form) = form
                && n >= i128::from(form.from)
            {
                assert_eq!(eval(form, n, init), rational(state[v]), "{v:?} ({class:?}) at n = {n} from {init:?}");
            }
        }
        let current = state.clone();
        for (v, u) in updates {
            let u = u.as_ref().expect("affine");
            let value = u.eval(&|a| if let Atom::Var(x) = a { current.get(&x).copied() } else { None }).unwrap();
            state.insert(*v, value.to_integer().try_into().unwrap());
        }
    }
}

fn affine(constant: i128, terms: &[(i128, VarId)]) -> Poly {
    Poly::from_affine(&Affine::from_terms(rational(constant), terms.iter().map(|(c, v)| (rational(*c), *v))))
}

const FIG1: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int(), z = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();\n  while (x < n) {\n    if (z > x) {\n      x = x + 1;\n    } else {\n      z = z + 1;\n    }\n  }\n  return x + z;\n}\n";

#[test]
fn proteus_fig1_paths_have_arithmetic_and_unchanged_variables() {
    let q = program("fig1.c", FIG1);
    let paths = paths_at(&q, Some(4));
    let (x, z, n) = (var(&q, "x"), var(&q, "z"), var(&q, "n"));
    let mut seen = BTreeSet::new();
    for path in &paths.paths {
        let updates = updates_of(&paths, path, &BTreeMap::new());
        let result = analyze(&paths.pre.keys().copied().collect(), &updates, None);
        let class = |v: VarId| result.vars[&v].0.clone();
        assert_eq!(class(n), Class::Unchanged);
        seen.insert((class(x).name(), class(z).name()));
        for x0 in -2..2 {
            let init = BTreeMap::from([(x, x0), (z, 3), (n, 7)]);
            agrees_with_iteration(&updates, &result, &init);
        }
    }
    assert_eq!(seen, BTreeSet::from([("arithmetic", "unchanged"), ("unchanged", "arithmetic")]));
}

const FIG2: &str = "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 1, m = 1;\n  while (i < n) {\n    int j = 0;\n    while (j < i) {\n      m = m + (i - j);\n      j = j + 1;\n    }\n    i = i + 1;\n  }\n  return m;\n}\n";

#[test]
fn proteus_fig2_inner_path_gives_the_papers_closed_form_for_m() {
    let q = program("fig2.c", FIG2);
    let paths = paths_at(&q, Some(7));
    assert_eq!(paths.paths.len(), 1);
    let updates = updates_of(&paths, &paths.paths[0], &BTreeMap::new());
    let result = analyze(&paths.pre.keys().copied().collect(), &updates, None);
    let (m, i, j) = (var(&q, "m"), var(&q, "i"), var(&q, "j"));
    let (class, form) = &result.vars[&m];
    assert_eq!(*class, Class::Polynomial { degree: 2 });
    // m_n = m_0 + n·(2·i_0 − 2·j_0 − n + 1)/2 (the paper's Example 4).
    let form = form.as_ref().unwrap();
    let half = rational(1) / rational(2);
    assert_eq!(form.value.poly[0], Poly::var(m));
    assert_eq!(form.value.poly[1], affine(0, &[(1, i), (-1, j)]).add(&Poly::constant(half.clone())));
    assert_eq!(form.value.poly[2], Poly::constant(-half));
    assert_eq!(result.vars[&j].0, Class::Arithmetic);
    assert_eq!(result.vars[&i].0, Class::Unchanged);
    agrees_with_iteration(&updates, &result, &BTreeMap::from([(m, 1), (i, 5), (j, 0)]));
}

#[test]
fn hand_written_updates_get_their_classes_and_agree_with_iteration() {
    let v = |k: usize| VarId::new(k);
    let (a, b, c, x, y, s, t) = (v(0), v(1), v(2), v(3), v(4), v(5), v(6));
    let updates: Updates = BTreeMap::from([
        // a += b; b += c; c += 1: a cubic in n.
        (a, Some(affine(0, &[(1, a), (1, b)]))),
        (b, Some(affine(0, &[(1, b), (1, c)]))),
        (c, Some(affine(1, &[(1, c)]))),
        // x = 2·x + 1: geometric.
        (x, Some(affine(1, &[(2, x)]))),
        // y = c: the previous c, arithmetic from the first execution on.
        (y, Some(affine(0, &[(1, c)]))),
        // s, t swapped: neither has a closed form.
        (s, Some(affine(0, &[(1, t)]))),
        (t, Some(affine(0, &[(1, s)]))),
    ]);
    let vars: BTreeSet<VarId> = updates.keys().copied().collect();
    let result = analyze(&vars, &updates, None);
    assert_eq!(result.vars[&a].0, Class::Polynomial { degree: 3 });
    assert_eq!(result.vars[&b].0, Class::Polynomial { degree: 2 });
    assert_eq!(result.vars[&c].0, Class::Arithmetic);
    assert_eq!(result.vars[&x].0, Class::Geometric);
    assert_eq!(result.vars[&y].0, Class::Arithmetic);
    assert_eq!(result.vars[&y].1.as_ref().unwrap().from, 1);
    assert!(matches!(result.vars[&s].0, Class::NonInduction(_)));
    assert!(matches!(result.vars[&t].0, Class::NonInduction(_)));
    for seed in [-3, 0, 2, 9] {
        let init: BTreeMap<VarId, i128> = vars.iter().map(|v| (*v, seed + v.index() as i128)).collect();
        agrees_with_iteration(&updates, &result, &init);
    }
    // An update that is not affine makes a NIV, and so does everything that reads it.
    let updates: Updates = BTreeMap::from([(a, None), (b, Some(affine(0, &[(1, b), (1, a)])))]);
    let result = analyze(&BTreeSet::from([a, b]), &updates, None);
    assert!(matches!(result.vars[&a].0, Class::NonInduction(_)));
    assert!(matches!(result.vars[&b].0, Class::NonInduction(_)));
    // ... but not a variable that does not read it: `c = b` (constant from the first execution
    // on, whose proof unrolls one execution) beside a load into `a`.
    let updates: Updates = BTreeMap::from([(a, None), (c, Some(affine(0, &[(1, b)]))), (x, Some(affine(0, &[])))]);
    let result = analyze(&BTreeSet::from([a, b, c, x]), &updates, None);
    assert_eq!(result.vars[&c].0, Class::Constant);
    assert_eq!(result.vars[&x].0, Class::Constant);
    assert_eq!(result.vars[&c].1.as_ref().unwrap().from, 1);
    // `x += y; y = 0`: x moves once, then keeps x + y — a constant from the first execution on,
    // never unchanged (an irregular execution once took it for its entry value).
    let updates: Updates = BTreeMap::from([(x, Some(affine(0, &[(1, x), (1, y)]))), (y, Some(affine(0, &[])))]);
    let result = analyze(&BTreeSet::from([x, y]), &updates, None);
    assert_eq!(result.vars[&x].0, Class::Constant);
    assert_eq!(result.vars[&x].1.as_ref().unwrap().from, 1);
    for seed in [-3, 0, 5] {
        let init: BTreeMap<VarId, i128> = [(x, seed), (y, seed + 7)].into_iter().collect();
        agrees_with_iteration(&updates, &result, &init);
    }
}

#[test]
fn the_induction_proof_refuses_a_wrong_closed_form() {
    let (c, y) = (VarId::new(0), VarId::new(1));
    let updates: Updates = BTreeMap::from([(c, Some(affine(1, &[(1, c)]))), (y, Some(affine(0, &[(1, y), (2, c)])))]);
    let result = analyze(&BTreeSet::from([c, y]), &updates, None);
    let mut forms: BTreeMap<VarId, ClosedForm> =
        result.vars.iter().map(|(v, (_, f))| (*v, f.clone().expect("a closed form"))).collect();
    assert!(prove(y, &forms, &updates));
    // y_n = y + 2·n·c + n² − n; drop the −n.
    let mut wrong = forms[&y].clone();
    wrong.value.poly[1] = wrong.value.poly[1].add(&Poly::constant(rational(1)));
    forms.insert(y, wrong);
    assert!(!prove(y, &forms, &updates));
}
