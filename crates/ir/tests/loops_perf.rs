//! The loop forest on very large functions: no recursion deep enough to overflow the stack, and
//! near-linear time.

use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::{Command, Function, LocId, LoopId};
use leapfrog_source::Span;
use std::time::{Duration, Instant};

fn edge(f: &mut Function, from: LocId, to: LocId) {
    f.add_edge(from, to, Command::Skip, Span::UNKNOWN);
}

fn timed(what: &str, f: &Function) -> LoopForest {
    let start = Instant::now();
    let forest = LoopForest::compute(f);
    let took = start.elapsed();
    eprintln!("{what}: {} locations, {} loops in {took:?}", f.locs.len(), forest.loops.len());
    assert!(took < Duration::from_millis(700), "{what} took {took:?}");
    forest
}

/// A chain of 100,000 locations; every 30th link is a small loop (header, two body locations).
#[test]
fn long_chain_with_thousands_of_small_loops() {
    let mut f = Function::new("chain", Span::UNKNOWN);
    let mut at = f.entry;
    let mut headers = Vec::new();
    for link in 1.. {
        if f.locs.len() >= 100_000 {
            break;
        }
        let next = f.add_loc();
        edge(&mut f, at, next);
        at = next;
        if link % 30 == 0 {
            let (a, b, after) = (f.add_loc(), f.add_loc(), f.add_loc());
            edge(&mut f, at, a);
            edge(&mut f, a, b);
            edge(&mut f, b, at);
            edge(&mut f, at, after);
            headers.push(at);
            at = after;
        }
    }
    let exit = f.exit;
    edge(&mut f, at, exit);
    let forest = timed("chain", &f);
    assert_eq!(forest.loops.len(), headers.len());
    assert!(headers.len() > 3000);
    assert_eq!(forest.cutpoints, headers);
    assert!(forest.loops.values().all(|l| l.body.len() == 3 && l.depth == 1 && !l.irreducible));
    assert!(forest.dominates(f.entry, at));
}

/// A chain of 50,000 else-ifs, every branch jumping to one join location (the shape on which
/// Cooper-Harvey-Kennedy dominators are quadratic).
#[test]
fn else_if_chain() {
    let mut f = Function::new("else_if", Span::UNKNOWN);
    let join = f.add_loc();
    let mut test = f.entry;
    for _ in 0..50_000 {
        let (then, next) = (f.add_loc(), f.add_loc());
        edge(&mut f, test, then);
        edge(&mut f, test, next);
        edge(&mut f, then, join);
        test = next;
    }
    edge(&mut f, test, join);
    let exit = f.exit;
    edge(&mut f, join, exit);
    let forest = timed("else-if chain", &f);
    assert!(forest.loops.is_empty() && forest.cutpoints.is_empty());
    assert_eq!(forest.idom[join], Some(f.entry));
}

/// 1,000 loops nested in one another.
#[test]
fn deep_nesting() {
    let mut f = Function::new("nested", Span::UNKNOWN);
    let mut headers = Vec::new();
    let mut at = f.entry;
    for _ in 0..1000 {
        let h = f.add_loc();
        edge(&mut f, at, h);
        headers.push(h);
        at = h;
    }
    for &h in headers.iter().rev() {
        let latch = f.add_loc();
        edge(&mut f, at, latch);
        edge(&mut f, latch, h);
        at = latch;
    }
    let exit = f.exit;
    edge(&mut f, at, exit);
    let forest = timed("deep nesting", &f);
    assert_eq!(forest.loops.len(), 1000);
    assert_eq!(forest.loops[LoopId(999)].depth, 1000);
    assert_eq!(forest.innermost_first()[0], LoopId(999));
}

/// One cycle through 100,000 locations that nothing enters, and 1,000 irreducible regions.
#[test]
fn huge_cycle_and_many_irreducible_regions() {
    let mut f = Function::new("cycle", Span::UNKNOWN);
    let first = f.add_loc();
    let mut at = first;
    for _ in 0..100_000 {
        let next = f.add_loc();
        edge(&mut f, at, next);
        at = next;
    }
    edge(&mut f, at, first);
    let mut from = f.entry;
    for _ in 0..1000 {
        let (a, b, after) = (f.add_loc(), f.add_loc(), f.add_loc());
        edge(&mut f, from, a);
        edge(&mut f, from, b);
        edge(&mut f, a, b);
        edge(&mut f, b, a);
        edge(&mut f, a, after);
        from = after;
    }
    let forest = timed("cycle", &f);
    assert_eq!(forest.loops.len(), 1001);
    assert_eq!(forest.loops[LoopId(0)].body.len(), 100_001);
    assert_eq!(forest.loops.values().filter(|l| l.irreducible).count(), 1000);
    assert_eq!(forest.cutpoints.len(), 1001);
}
