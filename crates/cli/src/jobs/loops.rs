//! `leapfrog loops`: the loop forest of every function, in the user's terms.

use super::{EXIT_OK, Input, load, print_diagnostics};
use leapfrog_ir::loops::LoopForest;
use leapfrog_ir::modref::{Effects, ModRef, all_loop_effects};
use leapfrog_ir::{FuncId, LoopId, Program, VarKind};
use leapfrog_report::Format;
use leapfrog_report::loops::{LoopEntry, LoopListing};
use std::collections::{BTreeSet, HashMap};

pub fn run(input: &Input, format: Format) -> u8 {
    let program = match load(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    if format == Format::Text {
        print_diagnostics(input, &program);
    }
    let listing = LoopListing {
        files: &program.files,
        loops: loop_entries(&program),
        opaque_steps: leapfrog_ir::nondet::opaque_steps(&program),
        diagnostics: &program.diagnostics,
    };
    match format {
        Format::Json => {
            println!("{}", super::job_json("loops", listing.to_json(), &program.files, &program.diagnostics))
        }
        Format::Text => print!("{}", listing.to_text()),
    }
    EXIT_OK
}

/// Every loop of the user's program (not of Leapfrog's string models), ordered by function (in source order) and position; a parent
/// always comes before its children.
pub fn loop_entries(p: &Program) -> Vec<LoopEntry> {
    let modref = ModRef::compute(p);
    // Leapfrog's string models are not the user's functions.
    let mut funcs: Vec<(FuncId, _)> = p
        .user_funcs()
        .filter(|(_, f)| !leapfrog_c_frontend::preprocess::is_support_file(p.files.path(f.span.file)))
        .collect();
    funcs.sort_by_key(|(id, f)| (f.span, *id));
    let mut entries = Vec::new();
    for (fid, f) in funcs {
        let forest = LoopForest::compute(f);
        let effects = all_loop_effects(p, fid, &forest, &modref);
        // Order this function's loops by position, keeping parents first.
        let syntax: HashMap<LoopId, _> = forest.loops.ids().map(|l| (l, forest.syntax(f, l))).collect();
        let mut order: Vec<LoopId> = forest.loops.ids().collect();
        order.sort_by_key(|l| (syntax[l].1, forest.loops[*l].depth, *l));
        let base = entries.len();
        let index: HashMap<LoopId, usize> = order.iter().enumerate().map(|(i, l)| (*l, base + i)).collect();
        for l in order {
            let lp = &forest.loops[l];
            let (kind, span) = syntax[&l];
            entries.push(LoopEntry {
                function: f.name.clone(),
                span,
                kind: kind.name(),
                depth: lp.depth,
                parent: lp.parent.map(|q| index[&q]),
                irreducible: lp.irreducible,
                reads: read_names(p, &effects[l]),
                modifies: modified_names(p, &effects[l]),
            });
        }
    }
    entries
}

/// Names the user wrote: temporaries and return slots are left out.
fn user_names(p: &Program, vars: &BTreeSet<leapfrog_ir::VarId>, through: &BTreeSet<leapfrog_ir::VarId>) -> Vec<String> {
    let mut names = BTreeSet::new();
    for v in vars {
        let var = p.var(*v);
        if !matches!(var.kind, VarKind::Temp | VarKind::Return) && !var.name.starts_with('.') {
            names.insert(var.name.clone());
        }
    }
    for v in through {
        let var = p.var(*v);
        if !matches!(var.kind, VarKind::Temp | VarKind::Return) {
            names.insert(format!("*{}", var.name));
        }
    }
    names.into_iter().collect()
}

fn read_names(p: &Program, e: &Effects) -> Vec<String> {
    let all: BTreeSet<_> = e.reads.union(&e.reads_objects).copied().collect();
    user_names(p, &all, &e.reads_through)
}

fn modified_names(p: &Program, e: &Effects) -> Vec<String> {
    let all: BTreeSet<_> = e.modifies.union(&e.modifies_objects).copied().collect();
    user_names(p, &all, &e.modifies_through)
}
