//! Heap blocks as arrays: [`promote_arrays`] rewrites an allocated block of integers that is
//! only ever read and written element by element through the pointer the allocation returned
//! (`int *x = malloc(n * sizeof(int)); for (i = 0; i < n; i++) x[i] = 0;`) into an array
//! variable of `n` elements, so that the summaries, which model variables' memory and not the
//! heap, see its elements, and the quantified array templates (`verify::arrays`) speak of it.
//!
//! An allocation `a := alloc size` of the function (outside every loop: one object per
//! execution) is promoted when
//! * `a` has no other definition, and each register that copies it (`b := a`, its only
//!   definition but for its declaration's, `int *b; ... b = malloc(...)`) is an *alias* of it
//!   in turn (as for [`crate::promote`]'s cells; a read of `b` before the copy is undefined,
//!   and a dereference of it stops the original where the array's model goes on);
//! * every other mention of an alias is the base of the whole address of a `load` or a `store`
//!   (`b` itself, or `b + i * s` with an index that mentions no alias), or a `free` after which
//!   nothing touches the object (it becomes a skip);
//! * all those loads and stores have one integer type of `s` bytes;
//! * `size` is `count * s` (or a constant multiple of `s`).
//!
//! Then `a := alloc size` becomes the declaration of a variable-length array of `count`
//! elements (zero-filled for `calloc`, never written otherwise, as the block's bytes are: a
//! read of a never-written element is an input, as the interpreter's read of the block is),
//! each access through an alias an access of the array at the same offset, each copy and `free`
//! a skip. The executions of the result are those of the original, step for step, with the
//! object's contents in the array; where the original goes wrong (an access outside the block)
//! the interpreter stops both, and the summaries' model of the array only has more executions.
//! The array is named after an alias the source declares, with its scope: `x[k]` is C at the
//! loop for the pointer `x` as for an array.

use crate::command::{Command, Fill, HavocOrigin};
use crate::expr::Expr;
use crate::ids::{EdgeId, FuncId, VarId};
use crate::loops::LoopForest;
use crate::program::{Program, Var, VarKind};
use crate::promote::{
    aliases_of, definition_count, definitions, mentions, nothing_after_free, reads_or_defines, source_named,
};
use crate::types::{ArrayLen, ObjType, Type, VarTy};
use leapfrog_arith::{BinOp, IntTy};
use std::collections::{BTreeMap, BTreeSet};

/// `p` with the allocated blocks of `fid` that qualify (see the module documentation) turned
/// into array variables; how many were.
pub fn promote_arrays(p: &Program, fid: FuncId) -> (Program, usize) {
    let f = &p.funcs[fid];
    let forest = LoopForest::compute(f);
    let defs = definitions(f);
    let mut out = p.clone();
    let mut promoted = 0;
    for (alloc, e) in f.edges.iter() {
        let Command::Alloc { dst, size, zeroed, .. } = &e.cmd else { continue };
        if forest.innermost[e.from].is_some() || definition_count(f, &defs, *dst, true) != 1 {
            continue;
        }
        let Some(block) = Block::find(p, fid, alloc, *dst, &defs) else { continue };
        let Some(len) = block.count(size) else { continue };
        block.rewrite(&mut out, fid, len, *zeroed);
        promoted += 1;
    }
    (out, promoted)
}

/// An allocation whose object only its aliases' element loads and stores reach.
struct Block {
    alloc: EdgeId,
    aliases: BTreeSet<VarId>,
    /// The copies of aliases and the frees, which become skips.
    skipped: Vec<EdgeId>,
    /// The accesses: loads and stores.
    accesses: Vec<EdgeId>,
    elem: IntTy,
}

impl Block {
    fn find(p: &Program, fid: FuncId, alloc: EdgeId, dst: VarId, defs: &BTreeMap<VarId, Vec<EdgeId>>) -> Option<Block> {
        let f = &p.funcs[fid];
        let (aliases, copies) = aliases_of(p, fid, dst, defs, true)?;
        let mentions = |x: &Expr| mentions(&aliases, x);
        // The element an address reaches: the alias, and the index and scale.
        let element = |addr: &Expr| -> Option<u64> {
            match addr {
                Expr::Var(b) if aliases.contains(b) => Some(0),
                Expr::PtrAdd { base, offset, scale } => match base.as_ref() {
                    Expr::Var(b) if aliases.contains(b) && !mentions(offset) => Some(*scale),
                    _ => None,
                },
                _ => None,
            }
        };
        let (mut accesses, mut frees, mut elem) = (Vec::new(), Vec::new(), None::<IntTy>);
        let mut scales = BTreeSet::new();
        let mut one_type = |t: Option<Type>| match (t, elem) {
            (Some(Type::Int(t)), None) => {
                elem = Some(t);
                true
            }
            (Some(Type::Int(t)), Some(u)) => t == u,
            _ => false,
        };
        for (id, e) in f.edges.iter() {
            if id == alloc || copies.contains(&id) {
                continue;
            }
            match &e.cmd {
                Command::Load { dst, addr } if mentions(addr) => {
                    scales.insert(element(addr)?);
                    if !one_type(p.vars[*dst].ty.reg()) {
                        return None;
                    }
                    accesses.push(id);
                }
                Command::Store { addr, value } if mentions(addr) => {
                    scales.insert(element(addr)?);
                    if mentions(value) || !one_type(value.ty(p)) {
                        return None;
                    }
                    accesses.push(id);
                }
                Command::Free(Expr::Var(b)) if aliases.contains(b) => frees.push(id),
                // (An alias's declaration: the copy is its only other definition.)
                Command::Havoc(b, HavocOrigin::Uninit) if aliases.contains(b) => {}
                cmd if reads_or_defines(&aliases, cmd) => return None,
                _ => {}
            }
        }
        let elem = elem?;
        // Every offset a whole element (an access at the block's start has scale 0).
        let bytes = u64::from(elem.bits() / 8);
        if scales.iter().any(|s| *s != 0 && *s != bytes) || accesses.is_empty() {
            return None;
        }
        let touches: BTreeSet<EdgeId> = accesses.iter().chain(&frees).copied().collect();
        if !nothing_after_free(f, &frees, &touches) {
            return None;
        }
        let skipped = copies.into_iter().chain(frees).collect();
        Some(Block { alloc, aliases, skipped, accesses, elem })
    }

    /// The number of elements a block of `size` bytes holds: `count` for `count * s` (`s` the
    /// element's size, through conversions), `size / s` for a constant multiple of `s`.
    fn count(&self, size: &Expr) -> Option<Expr> {
        let s = i128::from(self.elem.bits() / 8);
        let mut e = size;
        while let Expr::Cast(_, x) = e {
            e = x;
        }
        let count = match e {
            Expr::Int(n, t) if n % s == 0 => Expr::Int(n / s, *t),
            Expr::Binary(BinOp::Mul, _, a, b) => match (a.as_const(), b.as_const()) {
                (_, Some(k)) if k == s => (**a).clone(),
                (Some(k), _) if k == s => (**b).clone(),
                _ => return None,
            },
            _ => return None,
        };
        // (Not a negative constant.)
        count.as_const().is_none_or(|n| n >= 0).then_some(count)
    }

    fn rewrite(&self, out: &mut Program, fid: FuncId, len: Expr, zeroed: bool) {
        let template = out.vars[source_named(out, &self.aliases)].clone();
        // (A constant count makes an array of that fixed size.)
        let (fixed, len) = match len {
            Expr::Int(n, _) if n >= 0 => (ArrayLen::Fixed(n as u64), None),
            len => (ArrayLen::Dynamic, Some(len)),
        };
        let array = out.vars.push(Var {
            name: template.name.clone(),
            ty: VarTy::Mem(ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(self.elem))), len: fixed }),
            kind: VarKind::Local,
            func: Some(fid),
            span: template.span,
            scope: template.scope,
        });
        let f = &mut out.funcs[fid];
        f.locals.push(array);
        let fill = if zeroed { Fill::Zero } else { Fill::Uninit };
        f.edges[self.alloc].cmd = Command::InitObject { var: array, len, fill };
        for e in &self.skipped {
            f.edges[*e].cmd = Command::Skip;
        }
        let to_array = |x: &Expr| self.aliases.iter().fold(x.clone(), |x, b| x.substituted(*b, &Expr::AddrOf(array)));
        for e in &self.accesses {
            f.edges[*e].cmd = match &f.edges[*e].cmd {
                Command::Load { dst, addr } => Command::Load { dst: *dst, addr: to_array(addr) },
                Command::Store { addr, value } => Command::Store { addr: to_array(addr), value: value.clone() },
                other => other.clone(),
            };
        }
    }
}
