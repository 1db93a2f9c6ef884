//! What one iteration of a loop may change: the checker's own, conservative classification.
//!
//! `Mod(L)` is computed from the edges with both endpoints in `L`'s body (nested loops included;
//! exit edges cannot reach the header again). Registers: every variable a command assigns or
//! havocs ([`Command::defs`]), and every register global when an extern function is called (the
//! IR lets it change globals). Memory: the object a store, `memset`, `memcpy` or `free` evidently
//! writes (`&a`, `&a + i*4`), the object a declaration (re)creates; every object when the target
//! is not evident, or for extern calls and opaque steps that write memory.

use leapfrog_ir::loops::Loop;
use leapfrog_ir::{Command, Function, Program, VarId, VarTy};
use std::collections::BTreeSet;

#[derive(Clone, Debug, Default)]
pub(crate) struct ModSet {
    pub regs: BTreeSet<VarId>,
    pub objects: BTreeSet<VarId>,
    /// Every memory object may change.
    pub all_objects: bool,
}

impl ModSet {
    pub fn of_loop(p: &Program, f: &Function, l: &Loop) -> ModSet {
        let mut m = ModSet::default();
        for e in f.edges.values() {
            if l.contains(e.from) && l.contains(e.to) {
                m.add_command(p, &e.cmd);
            }
        }
        m
    }

    fn add_command(&mut self, p: &Program, cmd: &Command) {
        self.regs.extend(cmd.defs());
        match cmd {
            Command::Store { addr, .. } | Command::MemSet { dst: addr, .. } | Command::MemCopy { dst: addr, .. } => {
                self.add_write(addr.base_object())
            }
            // Freeing changes no contents a defined execution can read; the object's lifetime is
            // not modelled. Counted as a write anyway, to stay on the safe side.
            Command::Free(addr) => self.add_write(addr.base_object()),
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

    fn add_write(&mut self, object: Option<VarId>) {
        match object {
            Some(v) => {
                self.objects.insert(v);
            }
            None => self.all_objects = true,
        }
    }
}
