//! Recursion as a loop (POPL'07 §5, "a call-graph cycle is a loop whose cutpoint is the
//! recursive function's entry"): [`descent_loops`] rewrites every function that calls itself into
//! one without recursive calls, whose new loop — its *descent loop*, headed at a location tagged
//! [`LoopKind::Recursion`] — iterates once per recursive call.
//!
//! In the rewritten function `f'`, the body starts at the descent loop's header `H`, and each
//! recursive call `dst = f(args)` becomes a nondeterministic choice:
//! - *descend*: the parameters take the arguments' values (evaluated first, then assigned
//!   together), every other register local becomes arbitrary again (a new activation's locals
//!   are uninitialized), and control goes back to `H`;
//! - *return*: the call is over; `dst`, every global register and memory may hold anything (an
//!   opaque step that returns), and the body goes on.
//!
//! Every execution of `f` maps onto executions of `f'`: an infinite chain of nested calls is an
//! infinite run of the descent loop, and an activation that runs forever inside its own loops
//! does so in `f'` too (with the returns of its calls over-approximated). So if every loop of
//! the rewritten program terminates, the original program terminates; the converse does not
//! hold, so a non-termination found in the rewritten program says nothing about the original.
//! The rewriting is part of what a TRUE trusts (the checker re-checks the rewritten program).
//!
//! Not rewritten (an `Err` names the function): mutual recursion (a cycle through several
//! functions), and recursive functions with locals in memory (arrays, address-taken variables:
//! each activation has its own objects, which one loop cannot tell apart).

use crate::{Command, Expr, FuncId, HavocOrigin, LocTag, LoopKind, Program, Var, VarKind, VarTy};

/// `p` with every directly recursive function rewritten around its descent loop, and the names
/// of the rewritten functions. A cycle through several functions (`f -> g -> f`) is first made
/// direct ([`merge_cycle`]), as many times as `p` has such cycles (at most [`MAX_CYCLES`]).
pub fn descent_loops(p: &Program) -> Result<(Program, Vec<String>), String> {
    let mut merged = p.clone();
    for _ in 0..MAX_CYCLES {
        match crate::inline_program(&merged, &crate::InlineLimits::default()) {
            Err(crate::InlineError::Recursion { cycle }) if cycle.len() > 2 => {
                merged = merge_cycle(&merged, &cycle)?;
            }
            _ => break,
        }
    }
    let (out, names) = direct_descent_loops(&merged)?;
    // The rewriting must give a valid program in which every rewritten function still reaches
    // its descent loop's back edges (a body cut off from its header would make the recursion
    // vanish).
    if let Err(errors) = crate::verify::verify_program(&out) {
        return Err(format!("internal error: the rewritten program is invalid ({})", errors[0]));
    }
    Ok((out, names))
}

/// Cycles through several functions made direct at most this many times.
pub const MAX_CYCLES: usize = 4;

/// The name of the marker standing for a call of the cycle's head while the cycle is inlined.
const MARKER: &str = "__leapfrog_recursive_call";

/// `p` with the cycle `cycle` (`[h, g, …, h]`) made direct recursion of its head `h`: in the other
/// members, calls of `h` become a marker; `h`'s body is inlined with every callee (the members
/// included, whose calls now stop at the marker); the markers become calls of `h` again.
fn merge_cycle(p: &Program, cycle: &[String]) -> Result<Program, String> {
    let head = p.func_by_name(&cycle[0]).ok_or_else(|| format!("no function `{}`", cycle[0]))?;
    let members: Vec<FuncId> = cycle[1..cycle.len() - 1].iter().filter_map(|n| p.func_by_name(n)).collect();
    let mut marked = p.clone();
    for &g in &members {
        for e in marked.funcs[g].edges.values_mut() {
            if let Command::Call { dst, callee, args } = &e.cmd
                && *callee == head
            {
                e.cmd = Command::CallExtern { dst: *dst, name: MARKER.to_string(), args: args.clone() };
            }
        }
    }
    // Inline from the head alone (no initializer: it runs once, before the entry).
    let mut alone = marked.clone();
    alone.entry = Some(head);
    let mut no_init = crate::Function::new("__leapfrog_no_init", p.funcs[head].span);
    no_init.add_edge(no_init.entry, no_init.exit, Command::Skip, p.funcs[head].span);
    alone.init = alone.funcs.push(no_init);
    let mut inlined = crate::inline_program(&alone, &crate::InlineLimits::default()).map_err(|e| e.to_string())?;
    let mut restored = 0;
    for e in inlined.funcs[head].edges.values_mut() {
        if let Command::CallExtern { dst, name, args } = &e.cmd
            && name == MARKER
        {
            e.cmd = Command::Call { dst: *dst, callee: head, args: args.clone() };
            restored += 1;
        }
    }
    if restored == 0 {
        return Err(format!("internal error: the cycle through `{}` lost its calls when inlined", cycle[0]));
    }
    // The rest of the program as it was (the members keep calling the head, which no longer
    // calls them).
    let mut out = p.clone();
    out.vars = inlined.vars;
    out.funcs[head] = inlined.funcs[head].clone();
    Ok(out)
}

fn direct_descent_loops(p: &Program) -> Result<(Program, Vec<String>), String> {
    let mut q = p.clone();
    let mut rewritten = Vec::new();
    let ids: Vec<FuncId> = p.funcs.ids().collect();
    for fid in ids {
        let calls_itself =
            p.funcs[fid].edges.values().any(|e| matches!(&e.cmd, Command::Call { callee, .. } if *callee == fid));
        if !calls_itself {
            continue;
        }
        rewrite(&mut q, fid)?;
        rewritten.push(p.funcs[fid].name.clone());
    }
    Ok((q, rewritten))
}

fn rewrite(q: &mut Program, fid: FuncId) -> Result<(), String> {
    let name = q.funcs[fid].name.clone();
    let f = &q.funcs[fid];
    if let Some(v) = f.params.iter().chain(&f.locals).find(|v| matches!(q.vars[**v].ty, VarTy::Mem(_))) {
        return Err(format!(
            "the recursive function `{name}` keeps `{}` in memory (each activation has its own)",
            q.vars[*v].name
        ));
    }
    let params = f.params.clone();
    let locals: Vec<_> = f.locals.iter().copied().filter(|v| !params.contains(v)).collect();
    let globals: Vec<_> = q.globals.iter().copied().filter(|g| matches!(q.vars[*g].ty, VarTy::Reg(_))).collect();
    // One temporary per parameter: the arguments are all evaluated before any is assigned.
    let temps: Vec<_> = params
        .iter()
        .map(|&v| {
            let var = &q.vars[v];
            Var {
                name: format!("{}'", var.name),
                ty: var.ty.clone(),
                kind: VarKind::Temp,
                func: Some(fid),
                span: var.span,
                scope: None,
            }
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|var| q.vars.push(var))
        .collect();
    // The descent loop is reported where every parameter is in scope: at the last parameter's
    // declarator (at the function's name when it has none).
    let span = params
        .iter()
        .filter_map(|v| q.vars[*v].scope.map(|s| s.start))
        .max_by_key(|s| (s.line, s.col))
        .unwrap_or(q.funcs[fid].span);
    let f = &mut q.funcs[fid];
    f.locals.extend(temps.iter().copied());
    // A new entry, then the header, then the old entry.
    let header = f.add_loc();
    f.locs[header].tag = Some(LocTag::Loop { kind: LoopKind::Recursion, span });
    let old_entry = f.entry;
    let entry = f.add_loc();
    f.add_edge(entry, header, Command::Skip, span);
    f.add_edge(header, old_entry, Command::Skip, span);
    f.entry = entry;
    let calls: Vec<_> = f
        .edges
        .iter()
        .filter(|(_, e)| matches!(&e.cmd, Command::Call { callee, .. } if *callee == fid))
        .map(|(id, _)| id)
        .collect();
    for e in calls {
        let (from, span) = (f.edges[e].from, f.edges[e].span);
        let Command::Call { dst, args, .. } = f.edges[e].cmd.clone() else { continue };
        if args.len() != params.len() {
            return Err(format!("a recursive call of `{name}` passes {} arguments for {}", args.len(), params.len()));
        }
        // Return: the call happened and is over (a branch of a nondeterministic choice, as
        // the IR writes branches: assumptions).
        let mut havoc: Vec<_> = dst.into_iter().collect();
        havoc.extend(globals.iter().copied());
        let returned = f.add_loc();
        f.edges[e].from = returned;
        f.edges[e].cmd = Command::Opaque {
            what: format!("the return of a recursive call of `{name}`"),
            havoc,
            writes_memory: true,
            may_not_return: false,
            compute: None,
        };
        f.add_edge(from, returned, Command::Assume(Expr::Bool(true)), span);
        // Descend: a new activation with the arguments.
        let descend = f.add_loc();
        f.add_edge(from, descend, Command::Assume(Expr::Bool(true)), span);
        let mut at = descend;
        let mut step = |f: &mut crate::Function, cmd: Command, to: Option<crate::LocId>| {
            let next = to.unwrap_or_else(|| f.add_loc());
            f.add_edge(at, next, cmd, span);
            at = next;
        };
        for (t, a) in temps.iter().zip(&args) {
            step(f, Command::Assign(*t, a.clone()), None);
        }
        for (v, t) in params.iter().zip(&temps) {
            step(f, Command::Assign(*v, Expr::Var(*t)), None);
        }
        for v in &locals {
            step(f, Command::Havoc(*v, HavocOrigin::Uninit), None);
        }
        step(f, Command::Skip, Some(header));
    }
    Ok(())
}
