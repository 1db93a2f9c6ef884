//! The loop forest of one function: dominators, natural loops, irreducible cycles, cutpoints.
//!
//! This module owns the answer to "where are the loops?" for every technique. Loops are found on
//! the control-flow graph, never from syntax: a `goto` cycle is a loop, a `do { } while (0)` is
//! not (the front end drops its constant-false back edge), and a loop in dead code is still a
//! loop (a technique may be asked about it, and the report lists it). Syntax only comes back in
//! [`LoopForest::syntax`], to name a loop in the user's terms.
//!
//! # Algorithm
//!
//! 0. *Dead edges.* An edge from a location the entry cannot reach into one it can never executes
//!    (say, the fall-through of the dead code after a `return`); the loop structure ignores it, so
//!    dead code cannot "enter" a live loop. No cycle contains such an edge.
//! 1. *Rooting.* Dominators need one root from which everything is reachable, so a virtual root
//!    `R` gets an edge to the function's entry, to every location without predecessors, and then,
//!    while some location is still unreachable (a cycle nothing enters), to the smallest such
//!    location. Locations whose immediate dominator is `R` have `idom = None`.
//! 2. *Natural loops.* An edge `u -> h` where `h` dominates `u` is a back edge. The natural loop
//!    of `h` is `h` plus every location that reaches one of its latches backwards without passing
//!    `h`; all back edges into one header make one loop.
//! 3. *Irreducible regions.* Without the back edges a reducible graph is acyclic; every remaining
//!    non-trivial strongly connected component `S` is an irreducible loop. Its body is `S` plus
//!    the natural loops whose headers lie in `S`; its entry locations are the locations of `S`
//!    entered from outside the body (or targeted by `R`); its header is the smallest entry
//!    location; its back edges are the non-back edges from the body into an entry location.
//! 4. *Nesting.* With irreducible bodies closed over the natural loops headed in them, any two
//!    loop bodies are disjoint or nested (see [`LoopForest::compute`]), so the parent of a loop is
//!    the smallest loop whose body strictly contains it. Should bodies ever overlap without
//!    containment, the parent is the smallest larger loop containing the header (the same rule,
//!    applied to the header only), so the result is always a forest.
//! 5. *Cutpoints* (variance-analysis-popl07 Definition 3): the natural headers, then, while the
//!    graph minus the chosen cutpoints still has a non-trivial strongly connected component, the
//!    smallest entry location of each such component.
//!
//! Everything is iterative (no recursion over the graph, so tens of thousands of locations are
//! fine), and near-linear apart from the loop bodies themselves, whose total size is the sum of
//! the locations' nesting depths. Strongly connected components come from petgraph's
//! `kosaraju_scc` (its `tarjan_scc` recurses); dominators are computed here, with Semi-NCA,
//! because petgraph's `simple_fast` is quadratic on long else-if chains.

use crate::ids::{EdgeId, Id, IdVec, LocId, LoopId};
use crate::program::{Function, LocTag, LoopKind};
use leapfrog_source::Span;
use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};

/// One loop of a function's control-flow graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loop {
    /// The location every iteration passes (for an irreducible loop: its smallest entry location).
    pub header: LocId,
    /// The edges that close an iteration, sorted: latch -> header for a natural loop; for an
    /// irreducible loop, the edges from inside the body into one of its entry locations (other
    /// than the back edges of natural loops nested in it).
    pub back_edges: Vec<EdgeId>,
    /// The sources of the back edges, sorted and distinct.
    pub latches: Vec<LocId>,
    /// Every location of the loop, sorted; includes the header and the nested loops' locations.
    pub body: Vec<LocId>,
    /// The edges from a body location to a location outside the body, sorted.
    pub exits: Vec<EdgeId>,
    /// The edges from outside the body into it, sorted.
    pub entries: Vec<EdgeId>,
    /// The innermost loop strictly containing this one.
    pub parent: Option<LoopId>,
    /// The loops whose parent this is, in id order.
    pub children: Vec<LoopId>,
    /// 1 for an outermost loop, 1 + the parent's depth otherwise.
    pub depth: u32,
    /// Whether the loop has several entry locations (no header dominates it).
    pub irreducible: bool,
}

impl Loop {
    /// Whether `loc` is in the body (nested loops included).
    pub fn contains(&self, loc: LocId) -> bool {
        self.body.binary_search(&loc).is_ok()
    }
}

/// The loops, dominators and cutpoints of one function.
///
/// Loop ids are a pre-order of the forest with siblings (and roots) ordered by header, so a
/// parent's id is smaller than its children's, and outer loops come in location order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopForest {
    pub loops: IdVec<LoopId, Loop>,
    /// The innermost loop containing each location.
    pub innermost: IdVec<LocId, Option<LoopId>>,
    /// Sorted; every cycle of the control-flow graph contains one.
    pub cutpoints: Vec<LocId>,
    /// Immediate dominators (`None` for the locations only the virtual root dominates).
    pub idom: IdVec<LocId, Option<LocId>>,
    dom_tree: DomTree,
}

impl LoopForest {
    /// The loop forest of `f`.
    ///
    /// Nesting is well defined because loop bodies form a laminar family: natural loops are
    /// disjoint or nested (classic); a natural loop whose header lies outside an irreducible
    /// component `S` but whose body meets the irreducible body dominates all of `S` (a path
    /// avoiding its header to one location of `S` would extend, inside `S`, to the location it
    /// shares), hence contains that whole body; and two irreducible bodies that meet do so
    /// through a natural loop headed in one of them, which then dominates the other.
    pub fn compute(f: &Function) -> LoopForest {
        let cfg = Cfg::new(f);
        let idom = immediate_dominators(&cfg);
        let dom_tree = DomTree::new(&idom);
        let is_back: Vec<bool> =
            f.edges.iter().map(|(id, e)| cfg.is_live_edge(id) && dom_tree.dominates(e.to, e.from)).collect();
        let mut raw = natural_loops(&cfg, &is_back);
        let natural_headers: Vec<LocId> = raw.iter().map(|l| l.header).collect();
        raw.extend(irreducible_loops(&cfg, &is_back, &raw));
        let cutpoints = cutpoints(&cfg, &natural_headers);
        let (loops, innermost) = build_forest(&cfg, raw);
        LoopForest { loops, innermost, cutpoints, idom, dom_tree }
    }

    /// All loops, children before parents.
    pub fn innermost_first(&self) -> Vec<LoopId> {
        self.loops.ids().rev().collect()
    }

    /// The outermost loop that contains `l` (`l` itself at the top level).
    pub fn outermost(&self, mut l: LoopId) -> LoopId {
        while let Some(parent) = self.loops[l].parent {
            l = parent;
        }
        l
    }

    /// The outermost loops, in id order.
    pub fn roots(&self) -> Vec<LoopId> {
        self.loops.iter().filter(|(_, l)| l.parent.is_none()).map(|(id, _)| id).collect()
    }

    /// Whether `loc` is in the body of `l` (nested loops included).
    pub fn contains(&self, l: LoopId, loc: LocId) -> bool {
        self.loops[l].contains(loc)
    }

    /// Whether every path from the (virtual) root to `b` passes `a`; a location dominates itself.
    pub fn dominates(&self, a: LocId, b: LocId) -> bool {
        self.dom_tree.dominates(a, b)
    }

    /// Whether `loc` is a cutpoint.
    pub fn is_cutpoint(&self, loc: LocId) -> bool {
        self.cutpoints.binary_search(&loc).is_ok()
    }

    /// The kind and position to report for `l`: the tag of its header (a label makes it a `goto`
    /// loop); else, for an irreducible loop, the tag of its first tagged entry location; else a
    /// `goto` loop at its first back edge.
    pub fn syntax(&self, f: &Function, l: LoopId) -> (LoopKind, Span) {
        let lp = &self.loops[l];
        if let Some(found) = tag_syntax(f, lp.header) {
            return found;
        }
        if lp.irreducible {
            let mut targets: Vec<LocId> = lp.entries.iter().map(|&e| f.edges[e].to).collect();
            targets.sort_unstable();
            if let Some(found) = targets.into_iter().find_map(|loc| tag_syntax(f, loc)) {
                return found;
            }
        }
        let edge = lp.back_edges.first().copied().or_else(|| self.first_body_edge(f, l));
        (LoopKind::Goto, edge.map_or(f.span, |e| f.edges[e].span))
    }

    fn first_body_edge(&self, f: &Function, l: LoopId) -> Option<EdgeId> {
        f.edges.iter().find(|(_, e)| self.contains(l, e.from) && self.contains(l, e.to)).map(|(id, _)| id)
    }
}

fn tag_syntax(f: &Function, loc: LocId) -> Option<(LoopKind, Span)> {
    match &f.locs[loc].tag {
        Some(LocTag::Loop { kind, span }) => Some((*kind, *span)),
        Some(LocTag::Label { span, .. }) => Some((LoopKind::Goto, *span)),
        Some(LocTag::Body { .. } | LocTag::Branch { .. }) | None => None,
    }
}

/// The control-flow graph as adjacency lists, with the virtual root's targets.
struct Cfg<'f> {
    f: &'f Function,
    /// Successor and predecessor edges, without the dead edges into live code.
    succ: IdVec<LocId, Vec<EdgeId>>,
    pred: IdVec<LocId, Vec<EdgeId>>,
    /// Edges from a location the entry cannot reach into one it can. They never execute, and
    /// following them would let dead code "enter" live loops (a stub after `return` that jumps to
    /// a join inside a loop body would make the loop irreducible), so the loop structure ignores
    /// them. No cycle uses one: its target reaches its source otherwise.
    dead_in: Vec<bool>,
    /// The targets of the virtual root: the entry, the locations without predecessors, then the
    /// smallest location still unreachable, repeatedly.
    roots: Vec<LocId>,
    is_root: Vec<bool>,
}

impl<'f> Cfg<'f> {
    fn new(f: &'f Function) -> Cfg<'f> {
        let mut succ = f.successors();
        let mut pred = f.predecessors();
        let live = reachable_from(f.entry, &succ, f);
        let dead_in: Vec<bool> = f.edges.values().map(|e| !live[e.from.index()] && live[e.to.index()]).collect();
        for list in succ.values_mut().chain(pred.values_mut()) {
            list.retain(|e| !dead_in[e.index()]);
        }
        let mut cfg = Cfg { f, succ, pred, dead_in, roots: Vec::new(), is_root: vec![false; f.locs.len()] };
        cfg.find_roots();
        cfg
    }

    /// Whether the loop structure takes `e` into account (see `dead_in`).
    fn is_live_edge(&self, e: EdgeId) -> bool {
        !self.dead_in[e.index()]
    }

    fn len(&self) -> usize {
        self.f.locs.len()
    }

    fn find_roots(&mut self) {
        let mut candidates = vec![self.f.entry];
        candidates.extend(self.f.locs.ids().filter(|&l| self.pred[l].is_empty() && l != self.f.entry));
        let mut reached = vec![false; self.len()];
        for root in candidates {
            self.add_root(root, &mut reached);
        }
        for loc in self.f.locs.ids() {
            if !reached[loc.index()] {
                self.add_root(loc, &mut reached);
            }
        }
    }

    fn add_root(&mut self, root: LocId, reached: &mut [bool]) {
        if self.is_root[root.index()] {
            return;
        }
        self.is_root[root.index()] = true;
        self.roots.push(root);
        reached[root.index()] = true;
        let mut stack = vec![root];
        while let Some(loc) = stack.pop() {
            for &e in &self.succ[loc] {
                let to = self.f.edges[e].to;
                if !reached[to.index()] {
                    reached[to.index()] = true;
                    stack.push(to);
                }
            }
        }
    }

    fn edge(&self, e: EdgeId) -> (LocId, LocId) {
        let edge = &self.f.edges[e];
        (edge.from, edge.to)
    }

    /// A petgraph graph of the locations (node index = location index) and the edges `keep`
    /// accepts.
    fn graph(&self, keep: impl Fn(EdgeId, LocId, LocId) -> bool) -> DiGraph<(), (), u32> {
        let mut g = DiGraph::with_capacity(self.len(), self.f.edges.len());
        for _ in 0..self.len() {
            g.add_node(());
        }
        for e in self.f.edges.ids() {
            let (from, to) = self.edge(e);
            if self.is_live_edge(e) && keep(e, from, to) {
                g.add_edge(node(from), node(to), ());
            }
        }
        g
    }
}

/// The locations reachable from `start` along all edges (`succ`: [`Function::successors`]).
pub fn reachable_from(start: LocId, succ: &IdVec<LocId, Vec<EdgeId>>, f: &Function) -> Vec<bool> {
    let mut seen = vec![false; f.locs.len()];
    seen[start.index()] = true;
    let mut stack = vec![start];
    while let Some(loc) = stack.pop() {
        for &e in &succ[loc] {
            let to = f.edges[e].to;
            if !seen[to.index()] {
                seen[to.index()] = true;
                stack.push(to);
            }
        }
    }
    seen
}

fn node(loc: LocId) -> NodeIndex<u32> {
    NodeIndex::new(loc.index())
}

fn loc(n: NodeIndex<u32>) -> LocId {
    LocId::new(n.index())
}

/// Immediate dominators from the virtual root.
///
/// This is the Semi-NCA algorithm (Georgiadis; semidominators as in Lengauer-Tarjan, with path
/// compression, then nearest common ancestors in the DFS tree), written iteratively. petgraph's
/// `simple_fast` (Cooper-Harvey-Kennedy) is quadratic on a chain of else-ifs joining at one
/// location (4 s for 50,000 branches), as each branch walks the whole chain of dominators.
fn immediate_dominators(cfg: &Cfg) -> IdVec<LocId, Option<LocId>> {
    let dfs = DfsTree::new(cfg);
    let semi = semidominators(cfg, &dfs);
    // Nearest common ancestor of the DFS parent and the semidominator, in pre-order numbers.
    let mut idom: Vec<u32> = dfs.parent.clone();
    for w in 1..dfs.order.len() {
        let mut d = idom[w];
        while d > semi[w] {
            d = idom[d as usize];
        }
        idom[w] = d;
    }
    let mut result: IdVec<LocId, Option<LocId>> = cfg.f.locs.ids().map(|_| None).collect();
    for w in 1..dfs.order.len() {
        let d = idom[w] as usize;
        if d != 0 {
            result[dfs.order[w]] = Some(dfs.order[d]);
        }
    }
    result
}

/// A depth-first spanning tree from the virtual root, in pre-order numbers (the root is 0).
struct DfsTree {
    /// The location of each pre-order number (index 0, the root, maps to nothing meaningful).
    order: Vec<LocId>,
    /// Pre-order number of each location.
    number: Vec<u32>,
    /// Pre-order number of each node's tree parent (the root's is 0).
    parent: Vec<u32>,
}

impl DfsTree {
    fn new(cfg: &Cfg) -> DfsTree {
        let n = cfg.len();
        let mut tree = DfsTree { order: vec![LocId(u32::MAX)], number: vec![u32::MAX; n], parent: vec![0] };
        for &root in &cfg.roots {
            tree.visit_from(cfg, root);
        }
        tree
    }

    /// Visits everything reachable from `start` (a child of the root) not yet visited.
    fn visit_from(&mut self, cfg: &Cfg, start: LocId) {
        if self.number[start.index()] != u32::MAX {
            return;
        }
        self.discover(start, 0);
        let mut stack: Vec<(LocId, usize)> = vec![(start, 0)];
        while let Some((l, next)) = stack.last_mut() {
            let Some(&e) = cfg.succ[*l].get(*next) else {
                stack.pop();
                continue;
            };
            *next += 1;
            let (from, to) = cfg.edge(e);
            if self.number[to.index()] == u32::MAX {
                self.discover(to, self.number[from.index()]);
                stack.push((to, 0));
            }
        }
    }

    fn discover(&mut self, l: LocId, parent: u32) {
        self.number[l.index()] = self.order.len() as u32;
        self.order.push(l);
        self.parent.push(parent);
    }
}

/// Semidominators (as pre-order numbers) by Lengauer-Tarjan's simple `eval`/`link` with
/// iterative path compression.
fn semidominators(cfg: &Cfg, dfs: &DfsTree) -> Vec<u32> {
    const NONE: u32 = u32::MAX;
    let size = dfs.order.len();
    let mut semi: Vec<u32> = (0..size as u32).collect();
    let mut label: Vec<u32> = (0..size as u32).collect();
    let mut ancestor: Vec<u32> = vec![NONE; size];
    let mut path: Vec<u32> = Vec::new();
    for w in (1..size).rev() {
        let loc = dfs.order[w];
        let preds = cfg.pred[loc].iter().map(|&e| dfs.number[cfg.edge(e).0.index()]);
        let from_root = cfg.is_root[loc.index()].then_some(0);
        for v in preds.chain(from_root) {
            let u = if ancestor[v as usize] == NONE {
                v
            } else {
                compress(v, &mut ancestor, &mut label, &semi, &mut path);
                label[v as usize]
            };
            semi[w] = semi[w].min(semi[u as usize]);
        }
        ancestor[w] = dfs.parent[w];
    }
    semi
}

/// Path compression of the linked forest from `v` up, keeping in `label` the node of smallest
/// semidominator on the compressed path.
fn compress(v: u32, ancestor: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) {
    path.clear();
    let mut x = v;
    while ancestor[ancestor[x as usize] as usize] != u32::MAX {
        path.push(x);
        x = ancestor[x as usize];
    }
    for &x in path.iter().rev() {
        let a = ancestor[x as usize] as usize;
        if semi[label[a] as usize] < semi[label[x as usize] as usize] {
            label[x as usize] = label[a];
        }
        ancestor[x as usize] = ancestor[a];
    }
}

/// The dominator tree as pre-order intervals: `a` dominates `b` iff `b`'s pre-order number lies
/// in `a`'s subtree interval.
#[derive(Clone, Debug, PartialEq, Eq)]
struct DomTree {
    pre: Vec<u32>,
    last: Vec<u32>,
}

impl DomTree {
    fn new(idom: &IdVec<LocId, Option<LocId>>) -> DomTree {
        let n = idom.len();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut stack = Vec::new();
        for (l, d) in idom.iter() {
            match d {
                Some(d) => children[d.index()].push(l.index()),
                None => stack.push(l.index()),
            }
        }
        stack.reverse();
        let mut order = Vec::with_capacity(n);
        let mut pre = vec![0u32; n];
        while let Some(v) = stack.pop() {
            pre[v] = order.len() as u32;
            order.push(v);
            stack.extend(children[v].iter().rev());
        }
        let mut size = vec![1u32; n];
        for &v in order.iter().rev() {
            if let Some(d) = idom[LocId::new(v)] {
                size[d.index()] += size[v];
            }
        }
        let last = (0..n).map(|v| pre[v] + size[v] - 1).collect();
        DomTree { pre, last }
    }

    fn dominates(&self, a: LocId, b: LocId) -> bool {
        let (a, b) = (a.index(), b.index());
        self.pre[a] <= self.pre[b] && self.pre[b] <= self.last[a]
    }
}

/// A loop before nesting and numbering.
struct RawLoop {
    header: LocId,
    back_edges: Vec<EdgeId>,
    body: Vec<LocId>,
    irreducible: bool,
}

/// A set of locations with O(1) clearing (each use takes a fresh stamp).
struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    fn new(n: usize) -> Marks {
        Marks { stamp: vec![0; n], current: 0 }
    }

    fn clear(&mut self) {
        self.current += 1;
    }

    /// Adds `loc`; whether it was new.
    fn insert(&mut self, loc: LocId) -> bool {
        let fresh = self.stamp[loc.index()] != self.current;
        self.stamp[loc.index()] = self.current;
        fresh
    }

    fn contains(&self, loc: LocId) -> bool {
        self.stamp[loc.index()] == self.current
    }

    /// Makes the set exactly `locs`.
    fn assign(&mut self, locs: &[LocId]) {
        self.clear();
        for &l in locs {
            self.insert(l);
        }
    }
}

/// One loop per header of back edges, in header order.
fn natural_loops(cfg: &Cfg, is_back: &[bool]) -> Vec<RawLoop> {
    let mut back: Vec<(LocId, EdgeId)> =
        cfg.f.edges.iter().filter(|(id, _)| is_back[id.index()]).map(|(id, e)| (e.to, id)).collect();
    back.sort_unstable();
    let mut marks = Marks::new(cfg.len());
    back.chunk_by(|a, b| a.0 == b.0)
        .map(|group| {
            let header = group[0].0;
            let back_edges: Vec<EdgeId> = group.iter().map(|&(_, e)| e).collect();
            let latches = back_edges.iter().map(|&e| cfg.edge(e).0);
            let body = natural_body(cfg, header, latches, &mut marks);
            RawLoop { header, back_edges, body, irreducible: false }
        })
        .collect()
}

/// `header` plus every location reaching a latch backwards without passing `header` (these are
/// all dominated by `header`, as every location is reachable from the root).
fn natural_body(cfg: &Cfg, header: LocId, latches: impl Iterator<Item = LocId>, marks: &mut Marks) -> Vec<LocId> {
    marks.clear();
    marks.insert(header);
    let mut body = vec![header];
    let mut work: Vec<LocId> = latches.filter(|&l| marks.insert(l)).collect();
    body.extend(&work);
    while let Some(l) = work.pop() {
        for &e in &cfg.pred[l] {
            let from = cfg.edge(e).0;
            if marks.insert(from) {
                body.push(from);
                work.push(from);
            }
        }
    }
    body.sort_unstable();
    body
}

/// Non-trivial strongly connected components of `g`, each sorted, ordered by smallest location.
fn cyclic_components(g: &DiGraph<(), (), u32>) -> Vec<Vec<LocId>> {
    let mut sccs: Vec<Vec<LocId>> = kosaraju_scc(g)
        .into_iter()
        .filter(|c| c.len() > 1 || g.contains_edge(c[0], c[0]))
        .map(|c| {
            let mut c: Vec<LocId> = c.into_iter().map(loc).collect();
            c.sort_unstable();
            c
        })
        .collect();
    sccs.sort_unstable();
    sccs
}

/// One loop per cycle left when the natural back edges are removed.
fn irreducible_loops(cfg: &Cfg, is_back: &[bool], natural: &[RawLoop]) -> Vec<RawLoop> {
    let forward = cfg.graph(|e, _, _| !is_back[e.index()]);
    let mut natural_of: Vec<Option<usize>> = vec![None; cfg.len()];
    for (i, l) in natural.iter().enumerate() {
        natural_of[l.header.index()] = Some(i);
    }
    let mut in_body = Marks::new(cfg.len());
    cyclic_components(&forward)
        .into_iter()
        .map(|scc| irreducible_loop(cfg, is_back, &scc, natural, &natural_of, &mut in_body))
        .collect()
}

fn irreducible_loop(
    cfg: &Cfg,
    is_back: &[bool],
    scc: &[LocId],
    natural: &[RawLoop],
    natural_of: &[Option<usize>],
    in_body: &mut Marks,
) -> RawLoop {
    let mut body = scc.to_vec();
    for &l in scc {
        if let Some(i) = natural_of[l.index()] {
            body.extend(&natural[i].body);
        }
    }
    body.sort_unstable();
    body.dedup();
    in_body.assign(&body);
    let mut entry_locs: Vec<LocId> = scc
        .iter()
        .copied()
        .filter(|&l| cfg.is_root[l.index()] || cfg.pred[l].iter().any(|&e| !in_body.contains(cfg.edge(e).0)))
        .collect();
    if entry_locs.is_empty() {
        entry_locs.push(scc[0]);
    }
    let mut back_edges: Vec<EdgeId> = entry_locs
        .iter()
        .flat_map(|&l| cfg.pred[l].iter().copied())
        .filter(|&e| !is_back[e.index()] && in_body.contains(cfg.edge(e).0))
        .collect();
    back_edges.sort_unstable();
    RawLoop { header: entry_locs[0], back_edges, body, irreducible: true }
}

/// The natural headers, then an entry location of each remaining cyclic component, until the
/// graph minus the cutpoints is acyclic.
fn cutpoints(cfg: &Cfg, natural_headers: &[LocId]) -> Vec<LocId> {
    let n = cfg.len();
    let mut cut = vec![false; n];
    for &h in natural_headers {
        cut[h.index()] = true;
    }
    // Only edges inside the previous round's cyclic components can still be on a cycle.
    let mut region: Vec<u32> = vec![0; n];
    loop {
        let g = cfg.graph(|_, u, v| {
            !cut[u.index()]
                && !cut[v.index()]
                && region[u.index()] == region[v.index()]
                && region[u.index()] != u32::MAX
        });
        let sccs = cyclic_components(&g);
        if sccs.is_empty() {
            break;
        }
        region.fill(u32::MAX);
        for (i, scc) in sccs.iter().enumerate() {
            for &l in scc {
                region[l.index()] = i as u32;
            }
        }
        for scc in &sccs {
            let inside = |l: LocId| region[l.index()] == region[scc[0].index()];
            let is_entry = |&l: &LocId| cfg.is_root[l.index()] || cfg.pred[l].iter().any(|&e| !inside(cfg.edge(e).0));
            let chosen = scc.iter().copied().find(is_entry).unwrap_or(scc[0]);
            cut[chosen.index()] = true;
        }
    }
    (0..n).filter(|&i| cut[i]).map(LocId::new).collect()
}

/// Nests the loops, numbers them in pre-order, and fills in the derived fields.
fn build_forest(cfg: &Cfg, raw: Vec<RawLoop>) -> (IdVec<LoopId, Loop>, IdVec<LocId, Option<LoopId>>) {
    let (parent, innermost_raw) = nest(cfg.len(), &raw);
    let order = preorder(&raw, &parent);
    let mut new_id = vec![LoopId(0); raw.len()];
    for (i, &r) in order.iter().enumerate() {
        new_id[r] = LoopId::new(i);
    }
    let mut raw: Vec<Option<RawLoop>> = raw.into_iter().map(Some).collect();
    let mut loops: IdVec<LoopId, Loop> = IdVec::new();
    let mut in_body = Marks::new(cfg.len());
    for &r in &order {
        let rl = raw[r].take().expect("each loop is visited once");
        let parent = parent[r].map(|p| new_id[p]);
        let depth = parent.map_or(1, |p| loops[p].depth + 1);
        let id = loops.push(finish_loop(cfg, rl, parent, depth, &mut in_body));
        if let Some(p) = parent {
            loops[p].children.push(id);
        }
    }
    let innermost = innermost_raw.into_iter().map(|r| r.map(|r| new_id[r])).collect();
    (loops, innermost)
}

/// The parent of each loop (raw indices) and the innermost loop of each location: loops are
/// visited from the largest body down, so a loop's parent is the innermost loop already covering
/// its header.
fn nest(n: usize, raw: &[RawLoop]) -> (Vec<Option<usize>>, Vec<Option<usize>>) {
    let mut by_size: Vec<usize> = (0..raw.len()).collect();
    by_size.sort_by_key(|&i| (std::cmp::Reverse(raw[i].body.len()), raw[i].header, i));
    let mut parent = vec![None; raw.len()];
    let mut innermost: Vec<Option<usize>> = vec![None; n];
    for i in by_size {
        parent[i] = innermost[raw[i].header.index()];
        for &l in &raw[i].body {
            innermost[l.index()] = Some(i);
        }
    }
    (parent, innermost)
}

/// Raw loop indices in pre-order of the forest, siblings by header.
fn preorder(raw: &[RawLoop], parent: &[Option<usize>]) -> Vec<usize> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); raw.len()];
    let mut roots = Vec::new();
    for (i, p) in parent.iter().enumerate() {
        match p {
            Some(p) => children[*p].push(i),
            None => roots.push(i),
        }
    }
    let key = |&i: &usize| (raw[i].header, i);
    let mut stack = roots;
    stack.sort_by_key(|i| std::cmp::Reverse(key(i)));
    let mut order = Vec::with_capacity(raw.len());
    while let Some(i) = stack.pop() {
        order.push(i);
        let mut kids = std::mem::take(&mut children[i]);
        kids.sort_by_key(|k| std::cmp::Reverse(key(k)));
        stack.extend(kids);
    }
    order
}

fn finish_loop(cfg: &Cfg, rl: RawLoop, parent: Option<LoopId>, depth: u32, in_body: &mut Marks) -> Loop {
    in_body.assign(&rl.body);
    let mut exits = Vec::new();
    let mut entries = Vec::new();
    for &l in &rl.body {
        exits.extend(cfg.succ[l].iter().copied().filter(|&e| !in_body.contains(cfg.edge(e).1)));
        entries.extend(cfg.pred[l].iter().copied().filter(|&e| !in_body.contains(cfg.edge(e).0)));
    }
    exits.sort_unstable();
    entries.sort_unstable();
    let mut latches: Vec<LocId> = rl.back_edges.iter().map(|&e| cfg.edge(e).0).collect();
    latches.sort_unstable();
    latches.dedup();
    Loop {
        header: rl.header,
        back_edges: rl.back_edges,
        latches,
        body: rl.body,
        exits,
        entries,
        parent,
        children: Vec::new(),
        depth,
        irreducible: rl.irreducible,
    }
}
