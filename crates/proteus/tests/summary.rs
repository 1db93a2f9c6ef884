//! Disjunctive summaries of acyclic automata: every execution's exit state, simulated from small
//! entry states, satisfies some disjunct (with some counter values); the paper's Fig. 2 inner
//! loop gets its closed form with the counter eliminated.

mod support;

use leapfrog_ir::{Program, VarId};
use leapfrog_paths::LoopPaths;
use leapfrog_proteus::pda::Pda;
use leapfrog_proteus::poly::Atom;
use leapfrog_proteus::summary::{Counted, Summary, TraceSummary, atom_name, summarize};
use std::collections::BTreeMap;
use support::var;

/// The summary of the outermost loop of `body` (in `main`, `nondet()` an input).
fn summary_of(name: &str, body: &str) -> (Program, LoopPaths, Summary) {
    let q = support::in_main(name, body);
    let paths = support::paths_at(&q, None);
    let deadline = support::deadline();
    let summary = summarize(&paths, &Pda::build(&paths, Default::default(), deadline), deadline);
    (q, paths, summary)
}

/// [`summary_of`] for a loop that must be summarized: its traces.
fn traces_of(name: &str, body: &str) -> (Program, LoopPaths, Vec<TraceSummary>) {
    match summary_of(name, body) {
        (q, paths, Summary::Traces(t)) => (q, paths, t),
        (_, _, Summary::NotSummarized(why)) => panic!("{name}: not summarized: {why}"),
    }
}

/// Whether some disjunct holds for the entry and exit values, trying counters from 0 to 40.
fn some_disjunct_holds(traces: &[TraceSummary], entry: &BTreeMap<VarId, i128>, exit: &BTreeMap<VarId, i128>) -> bool {
    traces.iter().any(|t| {
        // Only the counters still in the disjunct matter.
        let free = t.remaining_counters();
        let mut counters = vec![0i128; t.counters];
        loop {
            if t.holds(&|v| entry[&v], &|v| exit[&v], &counters) {
                return true;
            }
            // The next combination of the free counters in 0..=40.
            let mut i = 0;
            while i < free.len() && counters[free[i]] == 40 {
                counters[free[i]] = 0;
                i += 1;
            }
            if i == free.len() {
                return false;
            }
            counters[free[i]] += 1;
        }
    })
}

#[test]
fn proteus_fig2_inner_loop_has_the_closed_form_with_its_counter_eliminated() {
    let body =
        "  int i = nondet(), j = nondet(), m = nondet();\n  while (j < i) {\n    m = m + (i - j);\n    j = j + 1;\n  }";
    let (q, _, traces) = traces_of("fig2inner.c", body);
    assert_eq!(traces.len(), 2, "{traces:?}");
    let (i, j, m) = (var(&q, "i"), var(&q, "j"), var(&q, "m"));
    let name = |v: VarId| q.vars[v].name.clone();
    let looping = traces.iter().find(|t| t.states.len() == 3).expect("the trace through the iteration path");
    assert!(looping.remaining_counters().is_empty(), "k = i - j is eliminated: {looping:?}");
    let text = |v: VarId| looping.exit[&v].as_ref().unwrap().text(&|a| atom_name(a, &name));
    assert_eq!(text(j), "i");
    assert_eq!(text(m), "(i*i + j*j - 2*i*j + i + 2*m - j)/2");
    assert_eq!(looping.condition_texts(&name), ["j + 1 <= i"]);
    for (i0, j0, m0) in [(5, 0, 1), (3, 3, 7), (-2, -6, 0)] {
        let entry = BTreeMap::from([(i, i0), (j, j0), (m, m0)]);
        let (mut jj, mut mm) = (j0, m0);
        while jj < i0 {
            mm += i0 - jj;
            jj += 1;
        }
        let exit = BTreeMap::from([(i, i0), (j, jj), (m, mm)]);
        assert!(some_disjunct_holds(&traces, &entry, &exit));
        // A wrong exit value satisfies no disjunct.
        let wrong = BTreeMap::from([(i, i0), (j, jj), (m, mm + 1)]);
        assert!(!some_disjunct_holds(&traces, &entry, &wrong));
    }
}

#[test]
fn a_two_phase_loop_is_summarized_by_its_traces() {
    let body = "  int i = nondet(), n = nondet(), x = nondet(), y = nondet();\n  while (i < n) {\n    if (i < 5) x = x + 2; else y = y + 1;\n    i = i + 1;\n  }";
    let (q, _, traces) = traces_of("phases.c", body);
    let vars: Vec<VarId> = ["i", "n", "x", "y"].iter().map(|n| var(&q, n)).collect();
    for i0 in -3..9 {
        for n0 in -3..12 {
            let (x0, y0) = (10, -4);
            let entry: BTreeMap<VarId, i128> = vars.iter().copied().zip([i0, n0, x0, y0]).collect();
            let (mut i, mut x, mut y) = (i0, x0, y0);
            while i < n0 {
                if i < 5 {
                    x += 2
                } else {
                    y += 1
                }
                i += 1;
            }
            let exit: BTreeMap<VarId, i128> = vars.iter().copied().zip([i, n0, x, y]).collect();
            assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}: {traces:?}");
        }
    }
}

#[test]
fn proteus_fig1_periodic_cycle_is_summarized_and_every_execution_satisfies_a_disjunct() {
    let body = "  int x = nondet(), z = nondet(), n = nondet();\n  while (x < n) {\n    if (z > x) x = x + 1; else z = z + 1;\n  }";
    let (q, _, traces) = traces_of("fig1.c", body);
    let (x, z, n) = (var(&q, "x"), var(&q, "z"), var(&q, "n"));
    let name = |v: VarId| q.vars[v].name.clone();
    for t in &traces {
        let exits: Vec<String> = [x, z]
            .iter()
            .map(|v| t.exit[v].as_ref().map_or("?".into(), |p| p.text(&|a| atom_name(a, &name))))
            .collect();
        eprintln!("{:?}: {} => x' = {}, z' = {}", t.states, t.condition_texts(&name).join(" && "), exits[0], exits[1]);
    }
    for x0 in -4..5 {
        for z0 in -4..5 {
            for n0 in -4..5 {
                let entry = BTreeMap::from([(x, x0), (z, z0), (n, n0)]);
                let (mut xx, mut zz) = (x0, z0);
                while xx < n0 {
                    if zz > xx { xx += 1 } else { zz += 1 }
                }
                let exit = BTreeMap::from([(x, xx), (z, zz), (n, n0)]);
                assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
            }
        }
    }
    // The paper's three outcomes: x' = x, z' = z; x' = n, z' = z; x' = z' = n — every disjunct
    // fixes both exit values.
    assert!(traces.iter().all(|t| t.exit[&x].is_some() && t.exit[&z].is_some()), "{traces:?}");
}

#[test]
fn proteus_fig13_cycle_whose_count_follows_an_iv_is_summarized() {
    // j counts up to m (m − j runs: a count that is an IV expression), then resets and i moves.
    let body = "  int n = nondet(), m = nondet(), i = nondet(), j = nondet();\n  while (i < n) {\n    if (j < m) j = j + 1; else { j = 0; i = i + 1; }\n  }";
    let (q, _, traces) = traces_of("fig13.c", body);
    let (n, m, i, j) = (var(&q, "n"), var(&q, "m"), var(&q, "i"), var(&q, "j"));
    let mut checked = 0;
    for n0 in -2..5 {
        for m0 in -1..4 {
            for i0 in -2..4 {
                for j0 in -1..4 {
                    let entry = BTreeMap::from([(n, n0), (m, m0), (i, i0), (j, j0)]);
                    let (mut ii, mut jj) = (i0, j0);
                    let mut steps = 0;
                    while ii < n0 && steps < 1000 {
                        if jj < m0 {
                            jj += 1
                        } else {
                            jj = 0;
                            ii += 1
                        }
                        steps += 1;
                    }
                    if steps == 1000 {
                        continue;
                    }
                    let exit = BTreeMap::from([(n, n0), (m, m0), (i, ii), (j, jj)]);
                    assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn a_cycle_whose_counts_vary_otherwise_is_an_irregular_execution_with_j_unknown() {
    // j moves by 2 per run: the count (m − j)/2 rounded up is not a polynomial, so the cycle is
    // not periodic; as an irregular execution i moves by 1 per reset and j is unknown at exit.
    let body = "  int n = nondet(), m = nondet(), i = nondet(), j = nondet();\n  while (i < n) {\n    if (j < m) j = j + 2; else { j = 0; i = i + 1; }\n  }";
    let (q, _, traces) = traces_of("by_two.c", body);
    let (n, m, i, j) = (var(&q, "n"), var(&q, "m"), var(&q, "i"), var(&q, "j"));
    assert!(traces.iter().any(|t| t.exit[&j].is_none()), "{traces:?}");
    for n0 in -2..5 {
        for m0 in -1..5 {
            for i0 in -2..4 {
                for j0 in -1..4 {
                    let entry = BTreeMap::from([(n, n0), (m, m0), (i, i0), (j, j0)]);
                    let (mut ii, mut jj) = (i0, j0);
                    while ii < n0 {
                        if jj < m0 {
                            jj += 2
                        } else {
                            jj = 0;
                            ii += 1
                        }
                    }
                    let exit = BTreeMap::from([(n, n0), (m, m0), (i, ii), (j, jj)]);
                    assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
                    let wrong = BTreeMap::from([(n, n0), (m, m0), (i, ii + 1), (j, jj)]);
                    assert!(!some_disjunct_holds(&traces, &entry, &wrong), "from {entry:?} to {wrong:?}");
                }
            }
        }
    }
}

#[test]
fn proteus_fig2_outer_loop_is_split_by_the_inner_summary_and_has_the_cubic_closed_form() {
    let body = "  int n = nondet(), i = nondet(), m = nondet(), j = nondet();\n  while (i < n) {\n    j = 0;\n    while (j < i) {\n      m = m + (i - j);\n      j = j + 1;\n    }\n    i = i + 1;\n  }";
    let q = support::in_main("fig2.c", body);
    let f = &q.funcs[q.entry.unwrap()];
    let (forest, l) = support::loop_at(&q, None);
    let deadline = support::deadline();
    let (paths, pda) = leapfrog_proteus::classify::automaton(
        &q,
        f,
        &forest,
        l,
        &[],
        leapfrog_arith::Semantics::Default,
        &Default::default(),
        deadline,
    )
    .expect("classified");
    let (n, i, m, j) = (var(&q, "n"), var(&q, "i"), var(&q, "m"), var(&q, "j"));
    let name = |v: VarId| q.vars[v].name.clone();
    assert_eq!(pda.crossed.splits, 1, "the inner loop's summary splits the path");
    // The path entering the inner loop: m's closed form is the paper's
    // m_k = m_0 + (3·i_0²·k + 3·i_0·k² + k³ − k)/6.
    let forms: Vec<String> = pda
        .states
        .iter()
        .filter_map(|s| s.induction.as_ref()?.vars.get(&m)?.1.as_ref())
        .map(|f| leapfrog_proteus::job::sequence_text(&f.value, &|v| name(*v)))
        .collect();
    assert!(forms.contains(&"(6*m + (3*i*i - 1)*k + (3*i)*k*k + k*k*k)/6".to_string()), "{forms:?}");
    let traces = match summarize(&paths, &pda, deadline) {
        Summary::Traces(t) => t,
        Summary::NotSummarized(why) => panic!("not summarized: {why}"),
    };
    let cubic = traces
        .iter()
        .filter_map(|t| t.exit[&m].as_ref())
        .map(|p| p.text(&|a| atom_name(a, &name)))
        .any(|t| t == "(n*n*n - i*i*i + i + 6*m - n)/6");
    assert!(cubic, "{traces:?}");
    // Every execution from small entry states satisfies some disjunct, and a wrong m none.
    for n0 in -3..9 {
        for i0 in -3..6 {
            for m0 in [-5, 0, 7] {
                let entry = BTreeMap::from([(n, n0), (i, i0), (m, m0), (j, 11)]);
                let (mut ii, mut mm, mut jj) = (i0, m0, 11);
                while ii < n0 {
                    jj = 0;
                    while jj < ii {
                        mm += ii - jj;
                        jj += 1;
                    }
                    ii += 1;
                }
                let exit = BTreeMap::from([(n, n0), (i, ii), (m, mm), (j, jj)]);
                assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
                let wrong = BTreeMap::from([(n, n0), (i, ii), (m, mm + 1), (j, jj)]);
                assert!(!some_disjunct_holds(&traces, &entry, &wrong), "from {entry:?} to {wrong:?}");
            }
        }
    }
}

#[test]
fn proteus_fig12_irregular_execution_is_summarized_with_path_counters() {
    // Which variable goes down is an input's choice: no periodic cycle, but every order of the
    // same runs ends in the same state (Algorithm 5).
    let body = "  int x1 = nondet(), x2 = nondet(), x3 = nondet();\n  while (x1 > 0 && x2 > 0 && x3 > 0) {\n    int c = nondet();\n    if (c == 0) x1 = x1 - 1; else if (c == 1) x2 = x2 - 1; else x3 = x3 - 1;\n  }";
    let (q, _, traces) = traces_of("fig12.c", body);
    let (x1, x2, x3, c) = (var(&q, "x1"), var(&q, "x2"), var(&q, "x3"), var(&q, "c"));
    let name = |v: VarId| q.vars[v].name.clone();
    // Each of the three ways to leave fixes one variable at 0.
    for v in [x1, x2, x3] {
        let zero = traces.iter().any(|t| t.exit[&v].as_ref().is_some_and(|p| p.text(&|a| atom_name(a, &name)) == "0"));
        assert!(zero, "{}: {traces:?}", name(v));
    }
    // The body's temporaries: 0 at entry, and unchanged where no iteration runs.
    let fill = |mut m: BTreeMap<VarId, i128>| {
        for v in traces[0].exit.keys() {
            m.entry(*v).or_insert(0);
        }
        m
    };
    let mut seed = 17u64;
    for a in -1..4 {
        for b in -1..4 {
            for cc in -1..4 {
                for _ in 0..2 {
                    let entry = fill(BTreeMap::from([(x1, a), (x2, b), (x3, cc), (c, 7)]));
                    let (mut y1, mut y2, mut y3, mut choice) = (a, b, cc, 7);
                    while y1 > 0 && y2 > 0 && y3 > 0 {
                        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                        choice = ((seed >> 33) % 3) as i128;
                        match choice {
                            0 => y1 -= 1,
                            1 => y2 -= 1,
                            _ => y3 -= 1,
                        }
                    }
                    let exit = fill(BTreeMap::from([(x1, y1), (x2, y2), (x3, y3), (c, choice)]));
                    assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
                    // The inputs choose, so only an exit no choice gives is wrong: x2 above its entry value.
                    let wrong = fill(BTreeMap::from([(x1, y1), (x2, b + 1), (x3, y3), (c, choice)]));
                    assert!(!some_disjunct_holds(&traces, &entry, &wrong), "from {entry:?} to {wrong:?}");
                }
            }
        }
    }
}

#[test]
fn proteus_fig2c_connected_cycles_run_one_after_the_other_are_summarized() {
    // Fig. 2's nest as one loop (q1: the inner loop's start, q2: its body, q3: the outer step):
    // the automaton's cycles (q1, q3) and (q1, q2, q3) share states. While i <= 0 the inner loop
    // runs no time ((q1, q3)); once i > 0 it never stops running ((q1, q2, q3)): the cycles run
    // one after the other, not interleaved (Example 10), and Algorithm 4 goes round each once.
    let body = "  int n = nondet(), i = nondet(), m = nondet(), j = nondet(), phase = nondet();\n  while (i < n) {\n    if (phase <= 0) { j = 0; phase = 1; }\n    else if (j < i) { m = m + (i - j); j = j + 1; }\n    else { i = i + 1; phase = 0; }\n  }";
    let (q, paths, summary) = summary_of("fig2c.c", body);
    let traces = match summary {
        Summary::Traces(t) => t,
        Summary::NotSummarized(why) => panic!("not summarized: {why}"),
    };
    let (n, i, m, j, phase) = (var(&q, "n"), var(&q, "i"), var(&q, "m"), var(&q, "j"), var(&q, "phase"));
    let name = |v: VarId| q.vars[v].name.clone();
    let pda = Pda::build(&paths, Default::default(), support::deadline());
    let connected = pda.cycles();
    assert_eq!(connected.len(), 1, "one strongly connected part");
    assert_eq!(connected[0].len(), 3, "of the three iteration paths: {:?}", pda.transitions);
    // Not an irregular execution: every disjunct knows m's exit value, and the trace from
    // i = 0 at a round's start ends with Fig. 2's m = m0 + (n³ − n)/6.
    assert!(traces.iter().all(|t| t.exit[&m].is_some()), "{traces:?}");
    let texts: Vec<String> =
        traces.iter().filter_map(|t| t.exit[&m].as_ref()).map(|p| p.text(&|a| atom_name(a, &name))).collect();
    assert!(texts.contains(&"(n*n*n + 6*m - n)/6".to_string()), "{texts:?}");
    // Executions from a few entry states, whatever the phase, each satisfy some disjunct; a
    // wrong m none.
    for (n0, i0, j0, phase0) in [(4, 0, 0, 0), (5, -2, 3, 0), (3, 1, -2, 1), (6, -1, 0, 1), (2, 2, 0, 0), (4, 2, 5, 1)]
    {
        let entry = BTreeMap::from([(n, n0), (i, i0), (m, 3), (j, j0), (phase, phase0)]);
        let (mut ii, mut mm, mut jj, mut pp) = (i0, 3, j0, phase0);
        while ii < n0 {
            if pp <= 0 {
                jj = 0;
                pp = 1;
            } else if jj < ii {
                mm += ii - jj;
                jj += 1;
            } else {
                ii += 1;
                pp = 0;
            }
        }
        let exit = BTreeMap::from([(n, n0), (i, ii), (m, mm), (j, jj), (phase, pp)]);
        assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
        let wrong = BTreeMap::from([(n, n0), (i, ii), (m, mm + 1), (j, jj), (phase, pp)]);
        assert!(!some_disjunct_holds(&traces, &entry, &wrong), "from {entry:?} to {wrong:?}");
    }
}

#[test]
fn a_step_by_a_bounded_input_gives_the_exit_value_bounds() {
    // Proteus §6: x moves by an input c only when 1 <= c <= 5, so after the loop's n − i runs
    // x_exit is within [x, x + 5·(n − i)]; an exit value beyond is no disjunct's.
    let body = "  int n = nondet(), i = nondet(), x = nondet(), c = 0;\n  while (i < n) {\n    c = nondet();\n    if (c >= 1 && c <= 5) x = x + c;\n    i = i + 1;\n  }";
    let (q, _, traces) = traces_of("bounded_step.c", body);
    let (n, i, x, c) = (var(&q, "n"), var(&q, "i"), var(&q, "x"), var(&q, "c"));
    let name = |v: VarId| q.vars[v].name.clone();
    let bounded: Vec<(String, String)> = traces
        .iter()
        .filter_map(|t| t.exit_bounds.get(&x))
        .map(|(lo, hi)| {
            let text = |p: &Option<leapfrog_proteus::poly::Poly>| {
                p.as_ref().map_or("?".into(), |p| p.text(&|a| atom_name(a, &name)))
            };
            (text(lo), text(hi))
        })
        .collect();
    assert!(bounded.contains(&("x".to_string(), "5*n + x - 5*i".to_string())), "{bounded:?}");
    // The body's temporaries: 0 at entry, and unchanged where no iteration runs.
    let fill = |mut m: BTreeMap<VarId, i128>| {
        for v in traces[0].exit.keys() {
            m.entry(*v).or_insert(0);
        }
        m
    };
    let mut seed = 3u64;
    for n0 in -2..8 {
        for i0 in -2..4 {
            let entry = fill(BTreeMap::from([(n, n0), (i, i0), (x, 10), (c, 0)]));
            let (mut ii, mut xx, mut cc) = (i0, 10, 0);
            while ii < n0 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                cc = ((seed >> 33) % 9) as i128 - 2;
                if (1..=5).contains(&cc) {
                    xx += cc;
                }
                ii += 1;
            }
            let exit = fill(BTreeMap::from([(n, n0), (i, ii), (x, xx), (c, cc)]));
            assert!(some_disjunct_holds(&traces, &entry, &exit), "from {entry:?} to {exit:?}");
            let runs = (n0 - i0).max(0);
            let beyond = fill(BTreeMap::from([(n, n0), (i, ii), (x, 10 + 5 * runs + 1), (c, cc)]));
            assert!(!some_disjunct_holds(&traces, &entry, &beyond), "from {entry:?} to {beyond:?}");
        }
    }
}

#[test]
fn proteus_example9_traces_and_their_counters() {
    // Fig. 1 with the paper's Example 9: the trace (q0, q1, (q2, q1)+, q3) from x < z < n runs
    // q1 (x++ while z > x) k12 = z − x times, then the cycle (q2, q1) n − z times, and exits
    // with x' = z' = n; the trace (q0, q2, (q1, q2)+, q1, q3) from z <= x runs q2 x − z + 1
    // times, the cycle k_c1 = n − x − 1 times and q1 once more (k13 = 1).
    let body = "  int x = nondet(), z = nondet(), n = nondet();\n  while (x < n) {\n    if (z > x) x = x + 1; else z = z + 1;\n  }";
    let (q, paths, traces) = traces_of("example9.c", body);
    let name = |v: VarId| q.vars[v].name.clone();
    let pda = Pda::build(&paths, Default::default(), support::deadline());
    // The path that moves x (q1) and the one that moves z (q2).
    let (x, z) = (var(&q, "x"), var(&q, "z"));
    let moving = |v: VarId| {
        (0..pda.states.len())
            .find(|s| {
                pda.states[*s].induction.as_ref().is_some_and(|i| {
                    i.vars.get(&v).is_some_and(|(c, _)| *c != leapfrog_proteus::induction::Class::Unchanged)
                })
            })
            .expect("a path moving it")
    };
    let (q1, q2) = (moving(x), moving(z));
    let text = |p: &leapfrog_proteus::poly::Poly| p.text(&|a| atom_name(a, &name));
    // Each trace's counters: what they count and the values the conditions pin them to.
    let described = |t: &TraceSummary| -> Vec<String> {
        t.counted
            .iter()
            .map(|(k, what)| {
                let what = match what {
                    Counted::Runs(s) if *s == q1 => "q1".to_string(),
                    Counted::Runs(s) if *s == q2 => "q2".to_string(),
                    Counted::Runs(s) => format!("state {s}"),
                    Counted::Rounds(_) => "rounds".to_string(),
                    Counted::Group(_) => "group".to_string(),
                };
                format!("{what} = {}", t.pinned.get(k).map_or("?".into(), text))
            })
            .collect()
    };
    let all: Vec<Vec<String>> = traces.iter().map(described).collect();
    // Leapfrog counts full rounds of the cycle from the state after the first run, then the
    // part of a round before the last run: the first trace's n − z passes of (q2, q1) are
    // n − z − 1 rounds, q2, and q1 once more.
    let first = ["q1 = z - x", "rounds = n - z - 1", "q1 = 1"].map(String::from).to_vec();
    let second = ["q2 = x - z + 1", "rounds = n - x - 1", "q1 = 1"].map(String::from).to_vec();
    assert!(all.contains(&first), "{all:?}");
    assert!(all.contains(&second), "{all:?}");
    // Both end with x' = z' = n.
    for t in traces.iter().filter(|t| described(t) == first || described(t) == second) {
        assert_eq!(t.exit[&x].as_ref().map(text).as_deref(), Some("n"));
        assert_eq!(t.exit[&z].as_ref().map(text).as_deref(), Some("n"));
    }
}

/// Each trace's iteration bound as text, for the traces that have one.
fn iteration_bounds(q: &Program, traces: &[TraceSummary]) -> Vec<String> {
    let name = |v: VarId| q.vars[v].name.clone();
    traces
        .iter()
        .filter_map(|t| t.iteration_bound(support::deadline()))
        .map(|b| b.text(&|a| atom_name(a, &name)))
        .collect()
}

/// Whether the largest of the traces' iteration bounds at `entry` is at least `iterations`
/// (every trace must have a bound).
fn bounded_by_traces(traces: &[TraceSummary], entry: &BTreeMap<VarId, i128>, iterations: i128) -> bool {
    let value = |a: Atom| match a {
        Atom::Var(v) => entry.get(&v).copied(),
        Atom::Counter(_) => None,
    };
    traces.iter().any(|t| {
        let bound = t.iteration_bound(support::deadline()).expect("every trace has a bound");
        bound.eval(&value).is_some_and(|b| b >= leapfrog_linear::rational(iterations))
    })
}

#[test]
fn proteus_section_7_1_iteration_bounds_of_traces() {
    // i += 2 up to n: ⌈(n − i)/2⌉ iterations, bounded by (n − i + 1)/2 (exact in integer
    // division); no iteration from i >= n.
    let body = "  int i = nondet(), n = nondet();\n  while (i < n) {\n    i = i + 2;\n  }";
    let (q, _, traces) = traces_of("by_two.c", body);
    let bounds = iteration_bounds(&q, &traces);
    assert!(bounds.contains(&"(n - i + 1)/2".to_string()), "{bounds:?}");
    assert!(bounds.contains(&"0".to_string()), "{bounds:?}");
    let (i, n) = (var(&q, "i"), var(&q, "n"));
    for (i0, n0) in [(0, 7), (3, 4), (-5, 6), (9, 2), (1, 1)] {
        let iterations = if i0 < n0 { (n0 - i0 + 1) / 2 } else { 0 };
        assert!(bounded_by_traces(&traces, &BTreeMap::from([(i, i0), (n, n0)]), iterations));
    }
    // Proteus Fig. 13(a): j counts to m and resets while i moves to n; from i = j = 0 and
    // 0 < m < n, n rounds of m + 1 iterations: the paper's n*m + n.
    let body = "  int n = nondet(), m = nondet(), i = nondet(), j = nondet();\n  while (i < n) {\n    if (j < m) j = j + 1; else { j = 0; i = i + 1; }\n  }";
    let (q, _, traces) = traces_of("fig13a.c", body);
    let bounds = iteration_bounds(&q, &traces);
    assert!(bounds.contains(&"n*m - m*i + n - i - j".to_string()), "{bounds:?}");
    let (n, m, i, j) = (var(&q, "n"), var(&q, "m"), var(&q, "i"), var(&q, "j"));
    for n0 in -2..6 {
        for m0 in -2..5 {
            for i0 in -2..4 {
                for j0 in -1..4 {
                    let (mut ii, mut jj, mut iterations) = (i0, j0, 0);
                    while ii < n0 {
                        if jj < m0 {
                            jj += 1
                        } else {
                            jj = 0;
                            ii += 1
                        }
                        iterations += 1;
                    }
                    let entry = BTreeMap::from([(n, n0), (m, m0), (i, i0), (j, j0)]);
                    assert!(bounded_by_traces(&traces, &entry, iterations), "{entry:?}: {iterations}");
                }
            }
        }
    }
}
