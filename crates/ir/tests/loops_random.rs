//! Properties of the loop forest on many random graphs, checked against brute force: dominators,
//! natural loop bodies, nesting, entries and exits, and that the cutpoints cut every cycle; and of
//! the weak topological order: every reachable location once, every edge forward or back to the
//! head of a component containing its source, and (reducible graphs) the heads are the headers.

use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::wto::{Wto, WtoElement};
use leapfrog_ir::{Command, Function, LocId, LoopId};
use leapfrog_source::Span;
use std::collections::BTreeSet;

/// xorshift64*: a small seeded generator, so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Any graph at all (edges may even enter `entry` or leave `exit`).
fn random_graph(rng: &mut Rng) -> Function {
    let mut f = Function::new("random", Span::UNKNOWN);
    let extra = rng.below(30);
    for _ in 0..extra {
        f.add_loc();
    }
    let n = f.locs.len();
    let edges = rng.below(2 * n + 1);
    for _ in 0..edges {
        let (from, to) = (LocId(rng.below(n) as u32), LocId(rng.below(n) as u32));
        f.add_edge(from, to, Command::Skip, Span::UNKNOWN);
    }
    f
}

/// A forward graph (edges to larger locations) plus a few edges back to a dominator: reducible.
fn reducible_graph(rng: &mut Rng) -> Function {
    let mut f = Function::new("reducible", Span::UNKNOWN);
    let n = 4 + rng.below(20);
    while f.locs.len() < n {
        f.add_loc();
    }
    // Chain 0 -> 3 -> 4 -> ... so everything is reachable, plus random forward edges.
    let order: Vec<LocId> = std::iter::once(f.entry).chain((3..n).map(|i| LocId(i as u32))).collect();
    for w in order.windows(2) {
        f.add_edge(w[0], w[1], Command::Skip, Span::UNKNOWN);
    }
    for _ in 0..rng.below(n) {
        let (a, b) = (rng.below(order.len()), rng.below(order.len()));
        if a < b {
            f.add_edge(order[a], order[b], Command::Skip, Span::UNKNOWN);
        }
    }
    let forest = LoopForest::compute(&f);
    for _ in 0..rng.below(4) {
        let (a, b) = (order[rng.below(order.len())], order[rng.below(order.len())]);
        if forest.dominates(b, a) {
            f.add_edge(a, b, Command::Skip, Span::UNKNOWN);
        }
    }
    f
}

struct Graph {
    n: usize,
    succ: Vec<Vec<usize>>,
    roots: Vec<usize>,
}

impl Graph {
    /// The graph the loop structure is defined on: every edge except the dead ones into live code
    /// (from a location the entry cannot reach into one it can).
    fn new(f: &Function) -> Graph {
        let n = f.locs.len();
        let mut all = vec![Vec::new(); n];
        for e in f.edges.values() {
            all[e.from.0 as usize].push(e.to.0 as usize);
        }
        let live = Graph { n, succ: all, roots: vec![] }.reach(&[f.entry.0 as usize], None);
        let mut succ = vec![Vec::new(); n];
        let mut has_pred = vec![false; n];
        for e in f.edges.values() {
            let (from, to) = (e.from.0 as usize, e.to.0 as usize);
            if !live[from] && live[to] {
                continue;
            }
            succ[from].push(to);
            has_pred[to] = true;
        }
        let mut g = Graph { n, succ, roots: vec![f.entry.0 as usize] };
        g.roots.extend((0..n).filter(|&l| !has_pred[l]));
        loop {
            let seen = g.reach(&g.roots, None);
            match (0..n).find(|&l| !seen[l]) {
                Some(l) => g.roots.push(l),
                None => break,
            }
        }
        g
    }

    /// What `from` reaches without passing `avoid` (`from` itself included unless avoided).
    fn reach(&self, from: &[usize], avoid: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; self.n];
        let mut stack: Vec<usize> = from.iter().copied().filter(|&l| Some(l) != avoid).collect();
        for &l in &stack {
            seen[l] = true;
        }
        while let Some(l) = stack.pop() {
            for &t in &self.succ[l] {
                if !seen[t] && Some(t) != avoid {
                    seen[t] = true;
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// `dom[a][b]`: every path from the virtual root to `b` passes `a`.
    fn dominators(&self) -> Vec<Vec<bool>> {
        (0..self.n)
            .map(|a| {
                let without = self.reach(&self.roots, Some(a));
                (0..self.n).map(|b| a == b || !without[b]).collect()
            })
            .collect()
    }

    /// Whether the graph restricted to the edges `keep` accepts is acyclic (Kahn's algorithm).
    fn acyclic(&self, keep: impl Fn(usize, usize) -> bool) -> bool {
        let mut indegree = vec![0usize; self.n];
        for (u, ts) in self.succ.iter().enumerate() {
            for &t in ts {
                if keep(u, t) {
                    indegree[t] += 1;
                }
            }
        }
        let mut ready: Vec<usize> = (0..self.n).filter(|&l| indegree[l] == 0).collect();
        let mut done = 0;
        while let Some(u) = ready.pop() {
            done += 1;
            for &t in &self.succ[u] {
                if keep(u, t) {
                    indegree[t] -= 1;
                    if indegree[t] == 0 {
                        ready.push(t);
                    }
                }
            }
        }
        done == self.n
    }
}

fn body_set(forest: &LoopForest, l: LoopId) -> BTreeSet<usize> {
    forest.loops[l].body.iter().map(|l| l.0 as usize).collect()
}

fn check_dominators(f: &Function, forest: &LoopForest, dom: &[Vec<bool>]) {
    for a in f.locs.ids() {
        for b in f.locs.ids() {
            assert_eq!(forest.dominates(a, b), dom[a.0 as usize][b.0 as usize], "{a} dom {b}");
        }
    }
    for b in f.locs.ids() {
        let strict: Vec<usize> = (0..f.locs.len()).filter(|&a| a != b.0 as usize && dom[a][b.0 as usize]).collect();
        match forest.idom[b] {
            None => assert!(strict.is_empty(), "{b} has strict dominators {strict:?}"),
            Some(d) => {
                assert!(strict.contains(&(d.0 as usize)));
                assert!(strict.iter().all(|&x| dom[x][d.0 as usize]), "idom of {b} is not the closest");
            }
        }
    }
}

fn check_nesting(forest: &LoopForest) {
    for (id, l) in forest.loops.iter() {
        let body = body_set(forest, id);
        assert!(l.body.windows(2).all(|w| w[0] < w[1]), "body sorted");
        assert!(body.contains(&(l.header.0 as usize)));
        for (other, _) in forest.loops.iter() {
            let ob = body_set(forest, other);
            let disjoint = body.is_disjoint(&ob);
            assert!(disjoint || body.is_subset(&ob) || ob.is_subset(&body), "{id} and {other} overlap");
        }
        match l.parent {
            None => assert_eq!(l.depth, 1),
            Some(p) => {
                assert!(p < id, "parents before children");
                let pb = body_set(forest, p);
                assert!(body.is_subset(&pb) && body.len() < pb.len());
                assert_eq!(l.depth, forest.loops[p].depth + 1);
                assert!(forest.loops[p].children.contains(&id));
                // No loop between the child and its parent.
                for (mid, _) in forest.loops.iter() {
                    let mb = body_set(forest, mid);
                    assert!(
                        !(body.len() < mb.len() && mb.len() < pb.len() && body.is_subset(&mb) && mb.is_subset(&pb))
                    );
                }
            }
        }
        for &c in &l.children {
            assert_eq!(forest.loops[c].parent, Some(id));
        }
    }
    for (loc, inner) in forest.innermost.iter() {
        let smallest =
            forest.loops.ids().filter(|&l| forest.contains(l, loc)).min_by_key(|&l| forest.loops[l].body.len());
        assert_eq!(*inner, smallest, "innermost loop of {loc}");
    }
    let order = forest.innermost_first();
    for (i, &l) in order.iter().enumerate() {
        if let Some(p) = forest.loops[l].parent {
            assert!(order[..i].iter().all(|&x| x != p), "children before parents");
        }
    }
}

fn check_loops(f: &Function, forest: &LoopForest, g: &Graph, dom: &[Vec<bool>]) {
    for (id, l) in forest.loops.iter() {
        let body = body_set(forest, id);
        let inside = |x: LocId| body.contains(&(x.0 as usize));
        let counted = |e: &leapfrog_ir::Edge| g.succ[e.from.0 as usize].contains(&(e.to.0 as usize));
        let exits: Vec<_> =
            f.edges.iter().filter(|(_, e)| counted(e) && inside(e.from) && !inside(e.to)).map(|(i, _)| i).collect();
        let entries: Vec<_> =
            f.edges.iter().filter(|(_, e)| counted(e) && !inside(e.from) && inside(e.to)).map(|(i, _)| i).collect();
        assert_eq!(l.exits, exits);
        assert_eq!(l.entries, entries);
        assert!(!l.back_edges.is_empty());
        for &e in &l.back_edges {
            assert!(inside(f.edges[e].from) && inside(f.edges[e].to));
            assert!(l.latches.contains(&f.edges[e].from));
        }
        let h = l.header.0 as usize;
        if l.irreducible {
            let entered = entries.iter().any(|&e| f.edges[e].to == l.header) || g.roots.contains(&h);
            assert!(entered || entries.is_empty(), "irreducible header is an entry location");
            assert!(body.iter().any(|&x| x != h && !dom[h][x]), "the header does not dominate the body");
        } else {
            assert!(body.iter().all(|&x| dom[h][x]), "header dominates the body");
            for &e in &l.back_edges {
                assert_eq!(f.edges[e].to, l.header);
            }
            // The body is exactly the natural loop: dominated by the header, reaching a latch.
            let latches: Vec<usize> = l.latches.iter().map(|x| x.0 as usize).collect();
            let natural: BTreeSet<usize> =
                (0..g.n).filter(|&x| x == h || (dom[h][x] && reaches_any(g, x, &latches, h))).collect();
            assert_eq!(body, natural);
        }
        let _ = forest.syntax(f, id);
    }
    // Every back edge u -> h (h dominates u) closes exactly the natural loop of h.
    for (e, edge) in f.edges.iter() {
        if dom[edge.to.0 as usize][edge.from.0 as usize] {
            let owners: Vec<_> = forest.loops.values().filter(|l| l.back_edges.contains(&e)).collect();
            assert_eq!(owners.len(), 1);
            assert!(!owners[0].irreducible && owners[0].header == edge.to);
        }
    }
}

fn reaches_any(g: &Graph, from: usize, targets: &[usize], avoid: usize) -> bool {
    let seen = g.reach(&[from], Some(avoid));
    targets.iter().any(|&t| seen[t])
}

/// Every edge on a cycle lies inside some loop, and the cutpoints cut every cycle.
fn check_cycles(f: &Function, forest: &LoopForest, g: &Graph) {
    for e in f.edges.values() {
        let on_cycle = g.reach(&[e.to.0 as usize], None)[e.from.0 as usize];
        if on_cycle {
            let covered = forest.loops.ids().any(|l| forest.contains(l, e.from) && forest.contains(l, e.to));
            assert!(covered, "edge {} -> {} is on a cycle outside every loop", e.from, e.to);
        }
    }
    let cut: BTreeSet<usize> = forest.cutpoints.iter().map(|l| l.0 as usize).collect();
    assert!(forest.cutpoints.windows(2).all(|w| w[0] < w[1]), "cutpoints sorted");
    assert!(g.acyclic(|u, v| !cut.contains(&u) && !cut.contains(&v)), "graph minus cutpoints is acyclic");
    for l in forest.loops.values().filter(|l| !l.irreducible) {
        assert!(cut.contains(&(l.header.0 as usize)));
    }
}

/// The heads of the components of `elements` and the positions each component spans, appended
/// to `spans` (`next`: the position of the first location of `elements`). Returns the position
/// after them.
fn component_spans(elements: &[WtoElement], next: usize, spans: &mut Vec<(usize, usize, usize)>) -> usize {
    let mut at = next;
    for element in elements {
        match element {
            WtoElement::Vertex(_) => at += 1,
            WtoElement::Component { head, body } => {
                let end = component_spans(body, at + 1, spans);
                spans.push((head.0 as usize, at, end));
                at = end;
            }
        }
    }
    at
}

fn check_wto(f: &Function, g: &Graph) -> Wto {
    let wto = Wto::compute(f, f.entry, &|_| true);
    let reached = g.reach(&[f.entry.0 as usize], None);
    let order: Vec<usize> = wto.order().iter().map(|l| l.0 as usize).collect();
    let in_order: BTreeSet<usize> = order.iter().copied().collect();
    assert_eq!(in_order.len(), order.len(), "a location twice in the WTO {:?}", wto.elements);
    assert_eq!(in_order, (0..g.n).filter(|&l| reached[l]).collect(), "the WTO holds exactly the reached locations");
    assert_eq!(order[0], f.entry.0 as usize);
    let mut spans = Vec::new();
    assert_eq!(component_spans(&wto.elements, 0, &mut spans), order.len());
    let pos = |l: usize| wto.position(LocId(l as u32)).unwrap();
    for e in f.edges.values() {
        let (u, v) = (e.from.0 as usize, e.to.0 as usize);
        if !reached[u] {
            continue;
        }
        let back_to_head = spans.iter().any(|&(h, start, end)| h == v && start <= pos(u) && pos(u) < end);
        assert!(
            pos(u) < pos(v) || back_to_head,
            "edge {u} -> {v} is neither forward nor back to a head: {:?}",
            wto.elements
        );
    }
    let heads: BTreeSet<usize> = spans.iter().map(|s| s.0).collect();
    assert!(heads.iter().all(|&h| wto.is_head(LocId(h as u32))));
    assert_eq!(heads.len(), (0..g.n).filter(|&l| wto.is_head(LocId(l as u32))).count());
    wto
}

fn check(f: &Function) -> LoopForest {
    let forest = LoopForest::compute(f);
    let g = Graph::new(f);
    let dom = g.dominators();
    check_dominators(f, &forest, &dom);
    check_nesting(&forest);
    check_loops(f, &forest, &g, &dom);
    check_cycles(f, &forest, &g);
    let wto = check_wto(f, &g);
    if forest.loops.values().all(|l| !l.irreducible) {
        let reducible = g.acyclic(|u, v| !dom[v][u]);
        assert!(reducible, "no irreducible loop reported, yet the graph minus back edges has a cycle");
        // In a reducible graph the components are the natural loops reached from the entry.
        let reached = g.reach(&[f.entry.0 as usize], None);
        let headers: BTreeSet<LocId> =
            forest.loops.values().map(|l| l.header).filter(|h| reached[h.0 as usize]).collect();
        let heads: BTreeSet<LocId> = wto.order().iter().copied().filter(|l| wto.is_head(*l)).collect();
        assert_eq!(heads, headers, "WTO {:?}", wto.elements);
    }
    forest
}

#[test]
fn random_graphs() {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let (mut irreducible, mut with_loops) = (0, 0);
    for _ in 0..5000 {
        let f = random_graph(&mut rng);
        let forest = check(&f);
        irreducible += forest.loops.values().any(|l| l.irreducible) as usize;
        with_loops += !forest.loops.is_empty() as usize;
    }
    assert!(irreducible > 100 && with_loops > 1000, "coverage: {irreducible} irreducible, {with_loops} with loops");
}

#[test]
fn random_reducible_graphs() {
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    let mut nested = 0;
    for _ in 0..2000 {
        let f = reducible_graph(&mut rng);
        let forest = check(&f);
        assert!(forest.loops.values().all(|l| !l.irreducible));
        nested += forest.loops.values().any(|l| l.depth > 1) as usize;
    }
    assert!(nested > 50, "coverage: {nested} graphs with nested loops");
}
