//! The loop forest on hand-built control-flow graphs: one test per shape of loop.

use leapfrog_arith::{BinOp, CmpOp, IntTy};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Command, EdgeId, Expr, Function, LocId, LocTag, LoopId, LoopKind, VarId};
use leapfrog_source::{FileId, Span};

const I: VarId = VarId(0);
const N: VarId = VarId(1);

fn span(line: u32) -> Span {
    Span::new(FileId(0), line, 1)
}

fn lt() -> Expr {
    Expr::cmp(CmpOp::Lt, Expr::var(I), Expr::var(N))
}

fn incr() -> Command {
    Command::Assign(I, Expr::binary(BinOp::Add, IntTy::I32, Expr::var(I), Expr::int(1, IntTy::I32)))
}

/// A function under construction: `jump` for unconditional edges, `branch` for a two-way test.
struct Cfg {
    f: Function,
}

impl Cfg {
    fn new() -> Cfg {
        Cfg { f: Function::new("f", span(1)) }
    }

    fn entry(&self) -> LocId {
        self.f.entry
    }

    fn exit(&self) -> LocId {
        self.f.exit
    }

    fn loc(&mut self) -> LocId {
        self.f.add_loc()
    }

    fn tagged(&mut self, kind: LoopKind, line: u32) -> LocId {
        let l = self.f.add_loc();
        self.f.locs[l].tag = Some(LocTag::Loop { kind, span: span(line) });
        l
    }

    fn jump(&mut self, from: LocId, to: LocId) -> EdgeId {
        self.f.add_edge(from, to, Command::Skip, span(from.0 + 100))
    }

    fn step(&mut self, from: LocId, to: LocId) -> EdgeId {
        self.f.add_edge(from, to, incr(), span(from.0 + 100))
    }

    /// `from -[i < n]-> yes`, `from -[!(i < n)]-> no`.
    fn branch(&mut self, from: LocId, yes: LocId, no: LocId) -> (EdgeId, EdgeId) {
        let t = self.f.add_edge(from, yes, Command::Assume(lt()), span(from.0 + 100));
        let e = self.f.add_edge(from, no, Command::Assume(Expr::not(lt())), span(from.0 + 100));
        (t, e)
    }

    fn forest(&self) -> LoopForest {
        let forest = LoopForest::compute(&self.f);
        assert_eq!(forest, LoopForest::compute(&self.f), "deterministic");
        forest
    }
}

fn only_loop(forest: &LoopForest) -> LoopId {
    assert_eq!(forest.loops.len(), 1, "{forest:#?}");
    LoopId(0)
}

#[test]
fn while_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let head = g.tagged(LoopKind::While, 3);
    let body = g.loc();
    let enter = g.jump(entry, head);
    let (into, out) = g.branch(head, body, exit);
    let back = g.step(body, head);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!(l.header, head);
    assert_eq!(l.body, vec![head, body]);
    assert_eq!(l.back_edges, vec![back]);
    assert_eq!(l.latches, vec![body]);
    assert_eq!(l.exits, vec![out]);
    assert_eq!(l.entries, vec![enter]);
    assert_eq!((l.parent, l.depth, l.irreducible), (None, 1, false));
    assert!(l.children.is_empty());
    assert_eq!(forest.cutpoints, vec![head]);
    assert_eq!(forest.innermost[body], Some(LoopId(0)));
    assert_eq!(forest.innermost[entry], None);
    assert_eq!(forest.innermost[exit], None);
    assert_eq!(forest.syntax(&g.f, LoopId(0)), (LoopKind::While, span(3)));
    assert!(forest.dominates(head, body) && !forest.dominates(body, head));
    assert_eq!(forest.idom[body], Some(head));
    assert_eq!(forest.idom[head], Some(entry));
    assert_eq!(forest.idom[entry], None);
    let _ = into;
}

#[test]
fn do_while_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let top = g.tagged(LoopKind::Do, 4);
    let test = g.loc();
    g.jump(entry, top);
    g.step(top, test);
    let (back, out) = g.branch(test, top, exit);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!(l.header, top);
    assert_eq!(l.body, vec![top, test]);
    assert_eq!(l.back_edges, vec![back]);
    assert_eq!(l.latches, vec![test]);
    assert_eq!(l.exits, vec![out]);
    assert_eq!(forest.cutpoints, vec![top]);
    assert_eq!(forest.syntax(&g.f, LoopId(0)), (LoopKind::Do, span(4)));
}

#[test]
fn do_while_zero_is_not_a_loop() {
    // The front end drops the constant-false back edge: what remains is a straight line.
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let body = g.loc();
    g.jump(entry, body);
    g.step(body, exit);
    let forest = g.forest();
    assert!(forest.loops.is_empty());
    assert!(forest.cutpoints.is_empty());
}

/// `for (h1) { for (h2) {..} while (h3) {..} }`
#[test]
fn nested_loops() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let h1 = g.tagged(LoopKind::For, 2);
    let h2 = g.tagged(LoopKind::For, 3);
    let b2 = g.loc();
    let h3 = g.tagged(LoopKind::While, 5);
    let b3 = g.loc();
    let latch1 = g.loc();
    g.jump(entry, h1);
    g.branch(h1, h2, exit);
    g.branch(h2, b2, h3);
    g.step(b2, h2);
    g.branch(h3, b3, latch1);
    g.step(b3, h3);
    g.step(latch1, h1);
    let forest = g.forest();
    assert_eq!(forest.loops.len(), 3);
    let (outer, first, second) = (LoopId(0), LoopId(1), LoopId(2));
    assert_eq!(forest.loops[outer].header, h1);
    assert_eq!(forest.loops[first].header, h2);
    assert_eq!(forest.loops[second].header, h3);
    assert_eq!(forest.loops[outer].body, vec![h1, h2, b2, h3, b3, latch1]);
    assert_eq!(forest.loops[outer].children, vec![first, second]);
    assert_eq!(forest.loops[first].parent, Some(outer));
    assert_eq!(forest.loops[second].parent, Some(outer));
    assert_eq!(forest.loops[outer].depth, 1);
    assert_eq!(forest.loops[first].depth, 2);
    assert_eq!(forest.loops[second].depth, 2);
    assert_eq!(forest.roots(), vec![outer]);
    assert_eq!(forest.innermost[b2], Some(first));
    assert_eq!(forest.innermost[latch1], Some(outer));
    assert!(forest.contains(outer, b3) && !forest.contains(first, b3));
    let order = forest.innermost_first();
    let pos = |l: LoopId| order.iter().position(|&x| x == l).unwrap();
    assert!(pos(first) < pos(outer) && pos(second) < pos(outer));
    assert_eq!(forest.cutpoints, vec![h1, h2, h3]);
    // The inner loops' exits are edges inside the outer loop.
    assert_eq!(forest.loops[first].exits.len(), 1);
    assert!(forest.loops[outer].exits.iter().all(|&e| g.f.edges[e].to == exit));
}

#[test]
fn continue_gives_two_back_edges_to_one_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let head = g.tagged(LoopKind::While, 2);
    let body = g.loc();
    let rest = g.loc();
    g.jump(entry, head);
    g.branch(head, body, exit);
    let (cont, _) = g.branch(body, head, rest);
    let back = g.step(rest, head);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!(l.back_edges, vec![cont, back]);
    assert_eq!(l.latches, vec![body, rest]);
    assert_eq!(l.body, vec![head, body, rest]);
    assert_eq!(forest.cutpoints, vec![head]);
}

#[test]
fn break_gives_several_exits() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let after = g.loc();
    let head = g.tagged(LoopKind::While, 2);
    let body = g.loc();
    let rest = g.loc();
    g.jump(entry, head);
    let (_, normal) = g.branch(head, body, after);
    let (_, brk) = g.branch(body, rest, after);
    let ret = g.jump(rest, exit);
    let (back, _) = {
        let other = g.loc();
        let pair = g.branch(rest, head, other);
        g.jump(other, exit);
        pair
    };
    g.jump(after, exit);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!(l.back_edges, vec![back]);
    assert_eq!(l.body, vec![head, body, rest]);
    assert_eq!(l.exits.len(), 4);
    for e in [normal, brk, ret] {
        assert!(l.exits.contains(&e));
    }
}

#[test]
fn goto_cycle_with_label() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let label = g.loc();
    g.f.locs[label].tag = Some(LocTag::Label { name: "again".into(), span: span(7) });
    let work = g.loc();
    g.jump(entry, label);
    g.step(label, work);
    g.branch(work, label, exit);
    let forest = g.forest();
    let id = only_loop(&forest);
    assert_eq!(forest.loops[id].header, label);
    assert!(!forest.loops[id].irreducible);
    assert_eq!(forest.syntax(&g.f, id), (LoopKind::Goto, span(7)));
}

#[test]
fn untagged_loop_is_reported_at_its_back_edge() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let head = g.loc();
    let work = g.loc();
    g.jump(entry, head);
    g.step(head, work);
    let (back, _) = g.branch(work, head, exit);
    let forest = g.forest();
    let id = only_loop(&forest);
    assert_eq!(forest.syntax(&g.f, id), (LoopKind::Goto, g.f.edges[back].span));
}

#[test]
fn self_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let spin = g.loc();
    g.jump(entry, spin);
    let (back, out) = g.branch(spin, spin, exit);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!((l.header, l.body.clone(), l.back_edges.clone()), (spin, vec![spin], vec![back]));
    assert_eq!(l.latches, vec![spin]);
    assert_eq!(l.exits, vec![out]);
    assert_eq!(forest.cutpoints, vec![spin]);
}

/// `if (c) goto a; else goto b; a: ...; b: ...; goto a;` — a cycle with two entries.
#[test]
fn irreducible_cycle_with_two_entries() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let a = g.loc();
    let b = g.loc();
    g.f.locs[b].tag = Some(LocTag::Label { name: "b".into(), span: span(9) });
    let (into_a, into_b) = g.branch(entry, a, b);
    let (a_to_b, _) = g.branch(a, b, exit);
    let b_to_a = g.step(b, a);
    let forest = g.forest();
    let id = only_loop(&forest);
    let l = &forest.loops[id];
    assert!(l.irreducible);
    assert_eq!(l.header, a);
    assert_eq!(l.body, vec![a, b]);
    assert_eq!(l.entries, vec![into_a, into_b]);
    assert_eq!(l.back_edges, vec![a_to_b, b_to_a]);
    assert_eq!(l.latches, vec![a, b]);
    assert_eq!(forest.idom[a], Some(entry));
    assert_eq!(forest.idom[b], Some(entry));
    assert_eq!(forest.cutpoints, vec![a]);
    // The header has no tag; the other entry location's label names the loop.
    assert_eq!(forest.syntax(&g.f, id), (LoopKind::Goto, span(9)));
}

/// An irreducible region `{a, b}` whose entry `b` heads a natural loop `{b, c}`: the natural loop
/// nests inside the irreducible one.
#[test]
fn natural_loop_inside_irreducible_region() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let a = g.loc();
    let b = g.loc();
    let c = g.loc();
    g.branch(entry, a, b);
    g.branch(a, b, exit);
    g.branch(b, c, a);
    let inner_back = g.step(c, b);
    let forest = g.forest();
    assert_eq!(forest.loops.len(), 2, "{forest:#?}");
    let (outer, inner) = (&forest.loops[LoopId(0)], &forest.loops[LoopId(1)]);
    assert!(outer.irreducible && !inner.irreducible);
    assert_eq!(outer.body, vec![a, b, c]);
    assert_eq!(inner.body, vec![b, c]);
    assert_eq!(inner.back_edges, vec![inner_back]);
    assert!(!outer.back_edges.contains(&inner_back));
    assert_eq!(inner.parent, Some(LoopId(0)));
    assert_eq!(inner.depth, 2);
    assert_eq!(forest.innermost[c], Some(LoopId(1)));
    assert_eq!(forest.innermost[a], Some(LoopId(0)));
    // Every cycle passes the natural header `b`.
    assert_eq!(forest.cutpoints, vec![b]);
}

/// An irreducible region inside a natural loop.
#[test]
fn irreducible_region_inside_natural_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let head = g.tagged(LoopKind::While, 2);
    let test = g.loc();
    let a = g.loc();
    let b = g.loc();
    g.jump(entry, head);
    g.branch(head, test, exit);
    g.branch(test, a, b);
    g.branch(a, b, head);
    g.branch(b, a, head);
    let forest = g.forest();
    assert_eq!(forest.loops.len(), 2, "{forest:#?}");
    let (outer, inner) = (&forest.loops[LoopId(0)], &forest.loops[LoopId(1)]);
    assert_eq!((outer.header, outer.irreducible), (head, false));
    assert_eq!((inner.header, inner.irreducible), (a, true));
    assert_eq!(outer.body, vec![head, test, a, b]);
    assert_eq!(inner.body, vec![a, b]);
    assert_eq!(inner.parent, Some(LoopId(0)));
    assert_eq!(forest.cutpoints, vec![head, a]);
}

#[test]
fn loop_after_return_is_found() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    g.jump(entry, exit);
    let dead = g.loc(); // the statement after `return`: no predecessor
    let head = g.tagged(LoopKind::While, 6);
    let body = g.loc();
    g.jump(dead, head);
    g.branch(head, body, exit);
    g.step(body, head);
    let forest = g.forest();
    let id = only_loop(&forest);
    assert_eq!(forest.loops[id].header, head);
    assert_eq!(forest.loops[id].body, vec![head, body]);
    assert_eq!(forest.idom[head], Some(dead));
    assert_eq!(forest.idom[dead], None);
    assert_eq!(forest.cutpoints, vec![head]);
    assert_eq!(forest.syntax(&g.f, id), (LoopKind::While, span(6)));
}

#[test]
fn cycle_without_entry_is_found() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    g.jump(entry, exit);
    let x = g.loc();
    let y = g.loc();
    g.step(x, y);
    let back = g.jump(y, x);
    let forest = g.forest();
    let l = &forest.loops[only_loop(&forest)];
    assert_eq!((l.header, l.body.clone(), l.back_edges.clone()), (x, vec![x, y], vec![back]));
    assert!(!l.irreducible);
    assert!(l.entries.is_empty() && l.exits.is_empty());
    assert_eq!(forest.idom[x], None);
    assert_eq!(forest.idom[y], Some(x));
    assert_eq!(forest.cutpoints, vec![x]);
}

#[test]
fn acyclic_graph_has_no_loop() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    let a = g.loc();
    let b = g.loc();
    let join = g.loc();
    g.branch(entry, a, b);
    g.step(a, join);
    g.jump(b, join);
    g.jump(join, exit);
    let forest = g.forest();
    assert!(forest.loops.is_empty());
    assert!(forest.cutpoints.is_empty());
    assert!(forest.roots().is_empty() && forest.innermost_first().is_empty());
    assert!(forest.innermost.values().all(Option::is_none));
    assert_eq!(forest.idom[join], Some(entry));
    assert!(forest.dominates(entry, exit) && !forest.dominates(a, join));
}

#[test]
fn sibling_loops_are_numbered_in_location_order() {
    let mut g = Cfg::new();
    let (entry, exit) = (g.entry(), g.exit());
    // The second loop's header gets the smaller location id.
    let h2 = g.tagged(LoopKind::While, 20);
    let b2 = g.loc();
    let h1 = g.tagged(LoopKind::While, 10);
    let b1 = g.loc();
    g.jump(entry, h1);
    g.branch(h1, b1, h2);
    g.step(b1, h1);
    g.branch(h2, b2, exit);
    g.step(b2, h2);
    let forest = g.forest();
    assert_eq!(forest.loops.len(), 2);
    assert_eq!(forest.loops[LoopId(0)].header, h2);
    assert_eq!(forest.loops[LoopId(1)].header, h1);
    assert_eq!(forest.roots(), vec![LoopId(0), LoopId(1)]);
}

/// `while (i < n) { if (..) { return; i++; } i++; }`: the dead `i++` after `return` jumps into
/// the live loop body; that edge never executes, so the loop stays one natural loop with one
/// entry (the dead edge is neither an entry nor part of the structure).
#[test]
fn dead_code_jumping_into_a_loop_body_does_not_make_it_irreducible() {
    let mut c = Cfg::new();
    let (entry, exit) = (c.entry(), c.exit());
    let head = c.tagged(LoopKind::While, 2);
    let body = c.loc();
    let then = c.loc();
    let dead = c.loc();
    let join = c.loc();
    c.jump(entry, head);
    c.branch(head, body, exit);
    c.branch(body, then, join);
    c.jump(then, exit); // return
    let dead_edge = c.step(dead, join); // dead code after `return` falls through to the join
    c.step(join, head);
    let forest = LoopForest::compute(&c.f);
    assert_eq!(forest.loops.len(), 1);
    let l = &forest.loops[LoopId(0)];
    assert!(!l.irreducible);
    assert_eq!(l.header, head);
    assert!(!l.contains(dead));
    assert!(!l.entries.contains(&dead_edge));
    assert!(forest.dominates(head, join));
}
