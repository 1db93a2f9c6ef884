//! Where each pointer register may point, whatever the path: a flow-insensitive fact that holds
//! in every state of the function, so that a pointer a loop modifies (`p++`) still points into
//! the objects it was made from after the loop is summarized.
//!
//! A pointer register's value comes from its initial value, the assignments of the function (and
//! of the initializer, for globals), or a command that produces an unknown pointer (a load, a
//! nondeterministic value, an extern call or an opaque step: anything; an allocation: memory
//! the checker does not model; the declaration of an uninitialized pointer: no object, since
//! using it is undefined). The result is the least fixpoint over those sources; with it comes the
//! largest power of two dividing every offset (alignment).

use crate::value::{MAX_ALIGN, Targets};
use leapfrog_ir::{Command, Expr, Function, HavocOrigin, Program, Type, VarId, VarKind, VarTy};
use std::collections::HashMap;

/// The facts about one pointer register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PtrFact {
    pub targets: Targets,
    pub align: u64,
}

impl PtrFact {
    fn nothing() -> PtrFact {
        PtrFact { targets: Targets::none(), align: MAX_ALIGN }
    }

    fn anything() -> PtrFact {
        PtrFact { targets: Targets::any(), align: 1 }
    }

    fn join(&mut self, other: &PtrFact) -> bool {
        let joined = PtrFact { targets: self.targets.union(&other.targets), align: self.align.min(other.align) };
        let changed = joined != *self;
        *self = joined;
        changed
    }
}

#[derive(Clone)]
pub(crate) struct PointsTo {
    facts: HashMap<VarId, PtrFact>,
}

/// More rounds than this give up (every pointer may point anywhere).
const MAX_ROUNDS: usize = 64;

impl PointsTo {
    /// `fs` are the functions walked (the analysed function, and the initializer when it runs
    /// first); `entry`: whether they start the program (globals are then null before the
    /// initializer, locals null, parameters inputs).
    pub fn compute(p: &Program, fs: &[&Function], entry: bool) -> PointsTo {
        let is_ptr = |v: VarId| matches!(p.vars.get(v).map(|var| &var.ty), Some(VarTy::Reg(Type::Ptr)));
        let mut facts: HashMap<VarId, PtrFact> = HashMap::new();
        // Initial values.
        let mut seed = |v: VarId, fact: PtrFact| {
            facts.entry(v).or_insert_with(PtrFact::nothing).join(&fact);
        };
        for &g in &p.globals {
            if is_ptr(g) {
                seed(g, if entry { PtrFact::nothing() } else { PtrFact::anything() });
            }
        }
        for f in fs {
            for &v in f.params.iter().chain(&f.locals) {
                if is_ptr(v) {
                    let param = p.vars.get(v).is_some_and(|var| var.kind == VarKind::Param);
                    seed(v, if param { PtrFact::anything() } else { PtrFact::nothing() });
                }
            }
        }
        let mut pt = PointsTo { facts };
        let reg_globals: Vec<VarId> = p.globals.iter().copied().filter(|g| is_ptr(*g)).collect();
        for _ in 0..MAX_ROUNDS {
            let mut changed = false;
            for f in fs {
                for e in f.edges.values() {
                    changed |= pt.apply(&e.cmd, &reg_globals, &is_ptr);
                }
            }
            if !changed {
                return pt;
            }
        }
        for fact in pt.facts.values_mut() {
            *fact = PtrFact::anything();
        }
        pt
    }

    fn apply(&mut self, cmd: &Command, reg_globals: &[VarId], is_ptr: &dyn Fn(VarId) -> bool) -> bool {
        let mut updates: Vec<(VarId, PtrFact)> = Vec::new();
        match cmd {
            Command::Assign(v, e) if is_ptr(*v) => updates.push((*v, self.of_expr(e))),
            Command::Havoc(v, origin) if is_ptr(*v) => {
                let fact = match origin {
                    HavocOrigin::Uninit => PtrFact::nothing(),
                    HavocOrigin::Nondet(_) | HavocOrigin::Volatile => PtrFact::anything(),
                };
                updates.push((*v, fact));
            }
            Command::Load { dst, .. } if is_ptr(*dst) => updates.push((*dst, PtrFact::anything())),
            Command::Alloc { dst, .. } if is_ptr(*dst) => updates.push((
                *dst,
                PtrFact { targets: Targets { objs: Default::default(), all: false, other: true }, align: MAX_ALIGN },
            )),
            Command::CallExtern { dst, .. } => {
                updates.extend(dst.iter().filter(|d| is_ptr(**d)).map(|d| (*d, PtrFact::anything())));
                updates.extend(reg_globals.iter().map(|g| (*g, PtrFact::anything())));
            }
            Command::Opaque { havoc, .. } => {
                updates.extend(havoc.iter().filter(|v| is_ptr(**v)).map(|v| (*v, PtrFact::anything())));
            }
            Command::Call { dst: Some(d), .. } if is_ptr(*d) => updates.push((*d, PtrFact::anything())),
            _ => {}
        }
        let mut changed = false;
        for (v, fact) in updates {
            changed |= self.facts.entry(v).or_insert_with(PtrFact::nothing).join(&fact);
        }
        changed
    }

    fn of_expr(&self, e: &Expr) -> PtrFact {
        match e {
            Expr::AddrOf(o) => PtrFact { targets: Targets::one(*o), align: MAX_ALIGN },
            Expr::Null => PtrFact::nothing(),
            Expr::Var(w) => self.get(*w),
            Expr::PtrAdd { base, offset, scale } => {
                let mut fact = self.of_expr(base);
                let step = match offset.as_const() {
                    Some(0) => MAX_ALIGN,
                    Some(c) => crate::walk::pow2_factor(c.unsigned_abs().saturating_mul(u128::from(*scale))),
                    None => crate::walk::pow2_factor(u128::from(*scale)),
                };
                fact.align = fact.align.min(step);
                fact
            }
            _ => PtrFact::anything(),
        }
    }

    /// What `v` may point to (anything, for a variable the analysis has not seen).
    pub fn get(&self, v: VarId) -> PtrFact {
        self.facts.get(&v).cloned().unwrap_or_else(PtrFact::anything)
    }
}
