//! Weak topological order of a function's control-flow graph (Bourdoncle, "Efficient chaotic
//! iteration strategies with widenings", FMPA'93): the iteration order of the abstract
//! interpreter, and the heads where it widens.
//!
//! A WTO is a well-parenthesized total order of the locations, e.g. `0 1 (2 3 (4 5) 6) 7`: each
//! parenthesized *component* starts with its *head*, and every edge `u -> v` either goes forward
//! (`u` before `v`) or goes back to the head of a component containing `u`. So every cycle passes
//! a head (the heads are an admissible set of widening points), and iterating in this order with
//! a component stabilized before anything after it is entered is Bourdoncle's recursive strategy.
//!
//! # Algorithm
//!
//! The hierarchical decomposition into strongly connected components (Bourdoncle §3.2): the
//! components of the region, in topological order, are its elements; a single location without a
//! self-loop is a vertex; a non-trivial component becomes `(h body)`, where `h` is its first
//! location in reverse postorder from the start (for a natural loop, its header) and `body` is the
//! decomposition of the component without `h`. Components come from petgraph's `kosaraju_scc`
//! (iterative), and the recursion is over the nesting depth, never over the graph's size.
//! Ordering the components of one level by their first location in reverse postorder is a
//! topological order: when one component reaches another, the depth-first search finishes the
//! second one's first location before the first one's.

use crate::ids::{EdgeId, Id, IdVec, LocId};
use crate::program::Function;
use petgraph::algo::kosaraju_scc;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::BTreeMap;

/// One element of a weak topological order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WtoElement {
    Vertex(LocId),
    /// A strongly connected component: its head, then the order of the rest of it.
    Component {
        head: LocId,
        body: Vec<WtoElement>,
    },
}

/// The weak topological order of the locations a start location reaches.
#[derive(Clone, Debug)]
pub struct Wto {
    pub elements: Vec<WtoElement>,
    /// Per location: its place in the flattened order (`None`: not in the order).
    position: IdVec<LocId, Option<usize>>,
    /// Per location: whether it heads a component.
    head: IdVec<LocId, bool>,
    /// The flattened order.
    order: Vec<LocId>,
}

impl Wto {
    /// The WTO of the locations that `start` reaches through locations `inside` (with `start`
    /// itself always included), over the edges between them.
    pub fn compute(f: &Function, start: LocId, inside: &dyn Fn(LocId) -> bool) -> Wto {
        let succ = f.successors();
        let rpo = reverse_postorder(f, start, &succ, inside);
        let mut rank: IdVec<LocId, Option<usize>> = f.locs.ids().map(|_| None).collect();
        for (i, l) in rpo.iter().enumerate() {
            rank[*l] = Some(i);
        }
        let elements = decompose(f, &succ, &rank, &rpo);
        let mut wto = Wto {
            elements,
            position: f.locs.ids().map(|_| None).collect(),
            head: f.locs.ids().map(|_| false).collect(),
            order: Vec::with_capacity(rpo.len()),
        };
        let mut stack: Vec<&WtoElement> = wto.elements.iter().rev().collect();
        while let Some(element) = stack.pop() {
            match element {
                WtoElement::Vertex(l) => wto.order.push(*l),
                WtoElement::Component { head, body } => {
                    wto.order.push(*head);
                    wto.head[*head] = true;
                    stack.extend(body.iter().rev());
                }
            }
        }
        for (i, l) in wto.order.iter().enumerate() {
            wto.position[*l] = Some(i);
        }
        wto
    }

    /// The locations in order.
    pub fn order(&self) -> &[LocId] {
        &self.order
    }

    /// The place of `l` in the order (`None`: not reached).
    pub fn position(&self, l: LocId) -> Option<usize> {
        self.position[l]
    }

    /// Whether `l` heads a component (a widening point).
    pub fn is_head(&self, l: LocId) -> bool {
        self.head[l]
    }
}

/// Reverse postorder of the locations reachable from `start` through locations `inside`
/// (iterative depth-first search, successors in edge order).
pub fn reverse_postorder(
    f: &Function,
    start: LocId,
    succ: &IdVec<LocId, Vec<EdgeId>>,
    inside: &dyn Fn(LocId) -> bool,
) -> Vec<LocId> {
    let mut seen = vec![false; f.locs.len()];
    let mut post = Vec::new();
    let mut stack: Vec<(LocId, usize)> = vec![(start, 0)];
    seen[start.index()] = true;
    while let Some((l, i)) = stack.pop() {
        if let Some(&e) = succ[l].get(i) {
            stack.push((l, i + 1));
            let to = f.edges[e].to;
            if inside(to) && !seen[to.index()] {
                seen[to.index()] = true;
                stack.push((to, 0));
            }
        } else {
            post.push(l);
        }
    }
    post.reverse();
    post
}

/// The decomposition of `region` (locations with a rank, in rank order) into elements.
fn decompose(
    f: &Function,
    succ: &IdVec<LocId, Vec<EdgeId>>,
    rank: &IdVec<LocId, Option<usize>>,
    region: &[LocId],
) -> Vec<WtoElement> {
    let mut graph: DiGraph<LocId, ()> = DiGraph::with_capacity(region.len(), region.len());
    let node: BTreeMap<LocId, NodeIndex> = region.iter().map(|&l| (l, graph.add_node(l))).collect();
    let mut self_loop = BTreeMap::new();
    for &l in region {
        for &e in &succ[l] {
            let to = f.edges[e].to;
            if let Some(&t) = node.get(&to) {
                graph.add_edge(node[&l], t, ());
                if to == l {
                    self_loop.insert(l, true);
                }
            }
        }
    }
    let rank_of = |l: LocId| rank[l].expect("a region holds ranked locations");
    let mut components: Vec<Vec<LocId>> = kosaraju_scc(&graph)
        .into_iter()
        .map(|scc| {
            let mut locs: Vec<LocId> = scc.into_iter().map(|n| graph[n]).collect();
            locs.sort_by_key(|l| rank_of(*l));
            locs
        })
        .collect();
    components.sort_by_key(|c| rank_of(c[0]));
    components
        .into_iter()
        .map(|c| {
            if c.len() == 1 && !self_loop.contains_key(&c[0]) {
                WtoElement::Vertex(c[0])
            } else {
                WtoElement::Component { head: c[0], body: decompose(f, succ, rank, &c[1..]) }
            }
        })
        .collect()
}
