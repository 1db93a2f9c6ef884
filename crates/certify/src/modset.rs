//! What one iteration of a loop may change: the checker's own, conservative classification.
//!
//! `Mod(L)` is computed from the edges with both endpoints in `L`'s body (nested loops included;
//! exit edges cannot reach the header again). Registers: every variable a command assigns or
//! havocs ([`Command::defs`]), and every register global when an extern function is called (the
//! IR lets it change globals). Memory: the objects a store, `memset`, `memcpy` or `free` may write
//! (`&a + i*4` writes `a`; `p + i*4` writes what the points-to facts say `p` may point to), the
//! object a declaration (re)creates; every object for extern calls and opaque steps that write
//! memory.

use crate::pointsto::PointsTo;
use leapfrog_ir::loops::Loop;
use leapfrog_ir::{Command, Expr, Function, Program, VarId, VarTy};
use std::collections::BTreeSet;

#[derive(Clone, Debug, Default)]
pub(crate) struct ModSet {
    pub regs: BTreeSet<VarId>,
    pub objects: BTreeSet<VarId>,
    /// Every memory object may change.
    pub all_objects: bool,
}

impl ModSet {
    pub fn of_loop(p: &Program, f: &Function, l: &Loop, pts: &PointsTo) -> ModSet {
        let mut m = ModSet::default();
        for e in f.edges.values() {
            if l.contains(e.from) && l.contains(e.to) {
                m.add_command(p, &e.cmd, pts);
            }
        }
        m
    }

    fn add_command(&mut self, p: &Program, cmd: &Command, pts: &PointsTo) {
        self.regs.extend(cmd.defs());
        match cmd {
            Command::Store { addr, .. } | Command::MemSet { dst: addr, .. } | Command::MemCopy { dst: addr, .. } => {
                self.add_write(addr, pts)
            }
            // Freeing changes no contents a defined execution can read; the object's lifetime is
            // not modelled. Counted as a write anyway, to stay on the safe side.
            Command::Free(addr) => self.add_write(addr, pts),
            Command::InitObject { var, .. } => {
                self.objects.insert(*var);
            }
            Command::CallExtern { .. } => {
                self.all_objects = true;
                let reg_globals =
                    p.globals.iter().filter(|g| matches!(p.vars.get(**g).map(|v| &v.ty), Some(VarTy::Reg(_))));
                self.regs.extend(reg_globals);
            }
            Command::Opaque { writes_memory, .. } => self.all_objects |= *writes_memory,
            // Calls are rejected before Mod sets are used; count them as writing everything.
            Command::Call { .. } => self.all_objects = true,
            _ => {}
        }
    }

    fn add_write(&mut self, addr: &Expr, pts: &PointsTo) {
        let targets = match addr {
            Expr::AddrOf(v) => {
                self.objects.insert(*v);
                return;
            }
            Expr::PtrAdd { base, .. } => return self.add_write(base, pts),
            Expr::Var(p) => pts.get(*p).targets,
            Expr::Null => return,
            _ => {
                self.all_objects = true;
                return;
            }
        };
        // Memory the checker does not model (`targets.other`) has nothing to forget.
        self.all_objects |= targets.all;
        self.objects.extend(targets.objs);
    }
}
