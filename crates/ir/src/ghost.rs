//! Ghost variables of loops: what a loop invariant may say about the values a loop started
//! from and about how many iterations it has run (proteus-tse19 §7.2: a disjunctive summary's
//! closed forms are functions of the entry values and of counters; as an invariant they need
//! both in the state).
//!
//! A [`GhostLoop`] declares, for one loop header, *entry copies* (a ghost `g` set to `x`
//! whenever the loop is entered from outside: `\at(x, LoopEntry)`) and an *iteration counter*
//! (set to 0 on entry, increased by one on every back edge). [`instrument`] writes this ghost
//! code into a copy of the function: every entry edge and every back edge of the loop gets a
//! fresh location after it, from which a chain of assignments leads on to the header. The
//! ghosts must be fresh: locals of the function that nothing in it reads or writes, so the
//! ghost code cannot change what the original program does — an invariant proven for the
//! instrumented function is, without the ghosts, an invariant of the original, and its
//! assertions are the same. Loop headers and the ids of existing locations and edges are kept.

use crate::command::Command;
use crate::expr::Expr;
use crate::ids::{FuncId, LocId, VarId};
use crate::loops::LoopForest;
use crate::program::{Program, VarKind};
use crate::types::Type;
use leapfrog_arith::{BinOp, IntTy};
use std::collections::BTreeSet;

/// The ghost variables of one loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GhostLoop {
    /// The loop's header (as `LoopForest::compute` finds it).
    pub header: LocId,
    /// `(ghost, source)`: `ghost := source` whenever the loop is entered from outside. The ghost
    /// has the source's type.
    pub copies: Vec<(VarId, VarId)>,
    /// A `long long` ghost set to 0 on entry and increased by one on every back edge: at the
    /// header, the number of iterations run since the loop was entered.
    pub counter: Option<VarId>,
}

/// The type of iteration counters.
pub const COUNTER_TYPE: IntTy = IntTy::I64;

/// A copy of `p` with the ghost code of `ghosts` written into `func`, or why the declaration is
/// malformed (a ghost that is not a fresh local of `func`, used twice, of the wrong type; a
/// header that is not a natural loop's).
pub fn instrument(p: &Program, func: FuncId, ghosts: &[GhostLoop]) -> Result<Program, String> {
    let f = p.funcs.get(func).ok_or("no such function")?;
    let forest = LoopForest::compute(f);
    // Every variable the function mentions.
    let mut mentioned = BTreeSet::new();
    for (_, e) in f.edges.iter() {
        let mut cmd = e.cmd.clone();
        cmd.rename_vars(&mut |v| {
            mentioned.insert(v);
            v
        });
    }
    mentioned.extend(f.params.iter().copied());
    mentioned.extend(f.ret);
    let int_type = |v: VarId| match p.vars.get(v).and_then(|var| var.ty.reg()) {
        Some(Type::Int(t)) => Some(t),
        _ => None,
    };
    let mut ghost_vars = BTreeSet::new();
    let mut fresh = |g: VarId| -> Result<(), String> {
        let var = p.vars.get(g).ok_or_else(|| format!("ghost {g} is not a variable"))?;
        if var.kind != VarKind::Local || var.func != Some(func) || !f.locals.contains(&g) {
            return Err(format!("ghost {g} is not a local of the function"));
        }
        if mentioned.contains(&g) {
            return Err(format!("ghost {g} is used by the function"));
        }
        if !ghost_vars.insert(g) {
            return Err(format!("ghost {g} is declared twice"));
        }
        Ok(())
    };
    let mut headers = BTreeSet::new();
    for gl in ghosts {
        if !headers.insert(gl.header) {
            return Err(format!("two ghost declarations for the loop at {}", gl.header));
        }
        for &(g, x) in &gl.copies {
            fresh(g)?;
            let t = int_type(x).ok_or_else(|| format!("the source {x} of a ghost copy is not an integer register"))?;
            if int_type(g) != Some(t) {
                return Err(format!("ghost {g} does not have the type of {x}"));
            }
        }
        if let Some(k) = gl.counter {
            fresh(k)?;
            if int_type(k) != Some(COUNTER_TYPE) {
                return Err(format!("the counter {k} is not a long long"));
            }
        }
    }
    // Sources must be program variables, not ghosts (a copy of a ghost would depend on the
    // order in which the ghost code runs).
    for gl in ghosts {
        if let Some((_, x)) = gl.copies.iter().find(|(_, x)| ghost_vars.contains(x)) {
            return Err(format!("the source {x} of a ghost copy is a ghost"));
        }
    }
    let mut q = p.clone();
    let g = &mut q.funcs[func];
    for gl in ghosts {
        let lp = forest
            .loops
            .iter()
            .map(|(_, lp)| lp)
            .find(|lp| lp.header == gl.header && !lp.irreducible)
            .ok_or_else(|| format!("{} is not the header of a natural loop", gl.header))?;
        let on_entry: Vec<Command> = gl
            .copies
            .iter()
            .map(|&(g, x)| Command::Assign(g, Expr::Var(x)))
            .chain(gl.counter.map(|k| Command::Assign(k, Expr::int(0, COUNTER_TYPE))))
            .collect();
        let on_back: Vec<Command> = gl
            .counter
            .map(|k| {
                let next = Expr::binary(BinOp::Add, COUNTER_TYPE, Expr::Var(k), Expr::int(1, COUNTER_TYPE));
                Command::Assign(k, next)
            })
            .into_iter()
            .collect();
        for (edges, cmds) in [(&lp.entries, &on_entry), (&lp.back_edges, &on_back)] {
            if cmds.is_empty() {
                continue;
            }
            for &e in edges {
                let (to, span) = (g.edges[e].to, g.edges[e].span);
                let mut at = g.add_loc();
                g.edges[e].to = at;
                for (i, cmd) in cmds.iter().enumerate() {
                    let next = if i + 1 == cmds.len() { to } else { g.add_loc() };
                    g.add_edge(at, next, cmd.clone(), span);
                    at = next;
                }
            }
        }
    }
    Ok(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::IdVec;
    use crate::program::{Function, Var};
    use crate::types::{DataModel, VarTy};
    use leapfrog_arith::CmpOp;
    use leapfrog_source::{SourceFiles, Span};

    /// `i := 0; while (i < n) i := i + 1;` in `main` (f1; f0 the empty initializer), with the
    /// unused locals `g: int` and `k: long long`; also the header.
    fn program() -> (Program, LocId) {
        let mut p = Program {
            files: SourceFiles::new(),
            data_model: DataModel::LP64,
            vars: IdVec::new(),
            funcs: IdVec::new(),
            globals: Vec::new(),
            init: FuncId(0),
            entry: Some(FuncId(1)),
            externs: Vec::new(),
            diagnostics: Vec::new(),
        };
        let mut init = Function::new("init", Span::UNKNOWN);
        init.add_edge(init.entry, init.exit, Command::Skip, Span::UNKNOWN);
        p.funcs.push(init);
        let mut local = |name: &str, t: IntTy| {
            let ty = VarTy::Reg(Type::Int(t));
            let kind = VarKind::Local;
            p.vars.push(Var { name: name.into(), ty, kind, func: Some(FuncId(1)), span: Span::UNKNOWN, scope: None })
        };
        let (i, n, g, k) =
            (local("i", IntTy::I32), local("n", IntTy::I32), local("g", IntTy::I32), local("k", IntTy::I64));
        let mut f = Function::new("main", Span::UNKNOWN);
        f.locals = vec![i, n, g, k];
        let (head, body) = (f.add_loc(), f.add_loc());
        let lt = Expr::cmp(CmpOp::Lt, Expr::Var(i), Expr::Var(n));
        f.add_edge(f.entry, head, Command::Assign(i, Expr::int(0, IntTy::I32)), Span::UNKNOWN);
        f.add_edge(head, body, Command::Assume(lt.clone()), Span::UNKNOWN);
        let next = Expr::binary(BinOp::Add, IntTy::I32, Expr::Var(i), Expr::int(1, IntTy::I32));
        f.add_edge(body, head, Command::Assign(i, next), Span::UNKNOWN);
        f.add_edge(head, f.exit, Command::Assume(Expr::not(lt)), Span::UNKNOWN);
        p.funcs.push(f);
        (p, head)
    }

    fn var(p: &Program, name: &str) -> VarId {
        p.vars.iter().find(|(_, v)| v.name == name).map(|(id, _)| id).unwrap()
    }

    #[test]
    fn the_ghost_code_runs_on_entry_and_back_edges() {
        let (p, header) = program();
        let main = FuncId(1);
        let ghost = GhostLoop { header, copies: vec![(var(&p, "g"), var(&p, "i"))], counter: Some(var(&p, "k")) };
        let q = instrument(&p, main, &[ghost]).expect("well formed");
        let f = &q.funcs[main];
        // The header is the same, the loop still one; entry: g := i, k := 0; back edge: k := k + 1.
        let forest = LoopForest::compute(f);
        assert_eq!(forest.loops.len(), 1);
        assert_eq!(forest.loops.iter().next().unwrap().1.header, header);
        let texts: Vec<String> = f.edges.iter().map(|(_, e)| crate::print::command_to_string(&q, &e.cmd)).collect();
        let g_i = crate::print::command_to_string(&q, &Command::Assign(var(&p, "g"), Expr::Var(var(&p, "i"))));
        assert!(texts.contains(&g_i), "{texts:?}");
        assert_eq!(f.edges.len(), p.funcs[main].edges.len() + 3);
        // The chain on the entry edge ends at the header; the back edge's at the header too.
        let into_header = f.edges.iter().filter(|(_, e)| e.to == header).count();
        assert_eq!(into_header, 2);
    }

    #[test]
    fn a_ghost_the_program_uses_is_refused() {
        let (p, header) = program();
        let main = FuncId(1);
        let used = GhostLoop { header, copies: vec![(var(&p, "n"), var(&p, "i"))], counter: None };
        assert!(instrument(&p, main, &[used]).unwrap_err().contains("used by the function"));
        let wrong_type = GhostLoop { header, copies: vec![], counter: Some(var(&p, "g")) };
        assert!(instrument(&p, main, &[wrong_type]).unwrap_err().contains("long long"));
        let twice = GhostLoop { header, copies: vec![(var(&p, "g"), var(&p, "i"))], counter: None };
        assert!(instrument(&p, main, &[twice.clone(), twice]).is_err());
        let entry = p.funcs[main].entry;
        let not_header = GhostLoop { header: entry, copies: vec![], counter: Some(var(&p, "k")) };
        assert!(instrument(&p, main, &[not_header]).unwrap_err().contains("natural loop"));
    }
}
