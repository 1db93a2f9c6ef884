//! Random IR functions: random control flow with loops (possibly irreducible), every kind of
//! command and expression, ill-typed now and then. For the robustness tests of every checker.
#![allow(dead_code)]

use leapfrog_ir::{
    AllocRegion, ArrayLen, AssertOrigin, BinOp, CmpOp, Command, DataModel, Expr, Field, Fill, FloatTy, Function,
    HavocOrigin, IdVec, IntTy, LocId, LocTag, LoopKind, ObjType, Program, Type, UnOp, Var, VarId, VarKind, VarTy,
};
use leapfrog_source::{SourceFiles, Span};

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    pub fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize].clone()
    }
}

pub const INT_TYPES: [IntTy; 8] =
    [IntTy::I8, IntTy::U8, IntTy::I16, IntTy::U16, IntTy::I32, IntTy::U32, IntTy::I64, IntTy::U64];

/// The variables of the generated function.
pub struct Vars {
    pub ints: Vec<(VarId, IntTy)>,
    pub conds: Vec<VarId>,
    pub ptrs: Vec<VarId>,
    pub floats: Vec<VarId>,
    /// Memory variables with an element type to access them with (None: any).
    pub mems: Vec<(VarId, Option<IntTy>, u64)>,
}

pub fn int_expr(rng: &mut Rng, vars: &Vars, t: IntTy, depth: u32) -> Expr {
    let leaf = depth == 0 || rng.below(3) == 0;
    if leaf {
        let same: Vec<VarId> = vars.ints.iter().filter(|(_, u)| *u == t).map(|(v, _)| *v).collect();
        return match rng.below(4) {
            0 if !same.is_empty() => Expr::Var(rng.pick(&same)),
            1 if !vars.ints.is_empty() => {
                let (v, _) = rng.pick(&vars.ints);
                Expr::cast(t, Expr::Var(v))
            }
            2 if !vars.conds.is_empty() => Expr::cast(t, Expr::Var(rng.pick(&vars.conds))),
            _ => {
                let v =
                    rng.pick(&[0i128, 1, -1, 2, 7, 255, -128, 1 << 31, (1 << 31) - 1, 1 << 40, i128::from(u64::MAX)]);
                Expr::Int(t.convert(v), t)
            }
        };
    }
    match rng.below(8) {
        0 => Expr::Unary(rng.pick(&[UnOp::Neg, UnOp::BitNot]), t, Box::new(int_expr(rng, vars, t, depth - 1))),
        1 => {
            let u = rng.pick(&INT_TYPES);
            Expr::cast(t, int_expr(rng, vars, u, depth - 1))
        }
        2 => Expr::cast(t, cond_expr(rng, vars, depth - 1)),
        3 if vars.ptrs.len() >= 2 => Expr::PtrDiff {
            lhs: Box::new(Expr::Var(vars.ptrs[0])),
            rhs: Box::new(Expr::Var(vars.ptrs[1])),
            scale: rng.pick(&[1, 2, 4, 8]),
            ty: t,
        },
        4 => {
            let op = rng.pick(&[BinOp::Shl, BinOp::Shr]);
            let u = rng.pick(&INT_TYPES);
            Expr::binary(op, t, int_expr(rng, vars, t, depth - 1), int_expr(rng, vars, u, depth - 1))
        }
        _ => {
            let op = rng.pick(&[
                BinOp::Add,
                BinOp::Sub,
                BinOp::Mul,
                BinOp::Div,
                BinOp::Rem,
                BinOp::BitAnd,
                BinOp::BitOr,
                BinOp::BitXor,
            ]);
            Expr::binary(op, t, int_expr(rng, vars, t, depth - 1), int_expr(rng, vars, t, depth - 1))
        }
    }
}

pub fn ptr_expr(rng: &mut Rng, vars: &Vars, depth: u32) -> Expr {
    match rng.below(5) {
        0 => Expr::Null,
        1 if !vars.ptrs.is_empty() => Expr::Var(rng.pick(&vars.ptrs)),
        2 if depth > 0 => {
            let u = rng.pick(&INT_TYPES);
            Expr::PtrAdd {
                base: Box::new(ptr_expr(rng, vars, depth - 1)),
                offset: Box::new(int_expr(rng, vars, u, depth - 1)),
                scale: rng.pick(&[1, 2, 4, 8]),
            }
        }
        _ if !vars.mems.is_empty() => {
            let (m, _, _) = rng.pick(&vars.mems);
            Expr::AddrOf(m)
        }
        _ => Expr::Null,
    }
}

pub fn cond_expr(rng: &mut Rng, vars: &Vars, depth: u32) -> Expr {
    match rng.below(6) {
        0 => Expr::Bool(rng.below(4) != 0),
        1 if !vars.conds.is_empty() => Expr::Var(rng.pick(&vars.conds)),
        2 if depth > 0 => Expr::Not(Box::new(cond_expr(rng, vars, depth - 1))),
        3 => Expr::cmp(rng.pick(&CmpOp::ALL), ptr_expr(rng, vars, 1), ptr_expr(rng, vars, 1)),
        _ => {
            let t = rng.pick(&INT_TYPES);
            let d = depth.saturating_sub(1);
            Expr::cmp(rng.pick(&CmpOp::ALL), int_expr(rng, vars, t, d), int_expr(rng, vars, t, d))
        }
    }
}

pub fn address(rng: &mut Rng, vars: &Vars) -> (Expr, Option<IntTy>) {
    if vars.mems.is_empty() || rng.below(4) == 0 {
        return (ptr_expr(rng, vars, 2), None);
    }
    let (m, elem, len) = rng.pick(&vars.mems);
    let size = elem.map_or(1, |t| t.bytes());
    let idx = if rng.below(2) == 0 {
        Expr::Int(i128::from(rng.below(len.max(1) + 1)), IntTy::I64)
    } else {
        int_expr(rng, vars, IntTy::I32, 1)
    };
    (Expr::PtrAdd { base: Box::new(Expr::AddrOf(m)), offset: Box::new(idx), scale: size }, elem)
}

pub fn command(rng: &mut Rng, vars: &Vars) -> Command {
    match rng.below(20) {
        0 => Command::Skip,
        1..=5 if !vars.ints.is_empty() => {
            let (v, t) = rng.pick(&vars.ints);
            Command::Assign(v, int_expr(rng, vars, t, 3))
        }
        6 if !vars.conds.is_empty() => Command::Assign(rng.pick(&vars.conds), cond_expr(rng, vars, 2)),
        7 if !vars.ptrs.is_empty() => Command::Assign(rng.pick(&vars.ptrs), ptr_expr(rng, vars, 2)),
        8 => {
            let all: Vec<VarId> = vars
                .ints
                .iter()
                .map(|(v, _)| *v)
                .chain(vars.conds.iter().copied())
                .chain(vars.ptrs.iter().copied())
                .collect();
            let origin = if rng.below(2) == 0 { HavocOrigin::Uninit } else { HavocOrigin::Nondet("nondet".into()) };
            Command::Havoc(rng.pick(&all), origin)
        }
        9 | 10 => {
            let (addr, elem) = address(rng, vars);
            let t = match elem {
                Some(t) if rng.below(4) != 0 => t,
                _ => rng.pick(&INT_TYPES),
            };
            let dst: Vec<VarId> = vars.ints.iter().filter(|(_, u)| *u == t).map(|(v, _)| *v).collect();
            if dst.is_empty() { Command::Skip } else { Command::Load { dst: rng.pick(&dst), addr } }
        }
        11 | 12 => {
            let (addr, elem) = address(rng, vars);
            let t = match elem {
                Some(t) if rng.below(4) != 0 => t,
                _ => rng.pick(&INT_TYPES),
            };
            let value = if rng.below(8) == 0 { ptr_expr(rng, vars, 1) } else { int_expr(rng, vars, t, 2) };
            Command::Store { addr, value }
        }
        13 => Command::Assert { cond: cond_expr(rng, vars, 2), origin: AssertOrigin::VerifierAssert },
        14 if !vars.mems.is_empty() => {
            let (m, _, _) = rng.pick(&vars.mems);
            Command::InitObject { var: m, len: None, fill: if rng.below(2) == 0 { Fill::Zero } else { Fill::Uninit } }
        }
        15 if !vars.ptrs.is_empty() => Command::Alloc {
            dst: rng.pick(&vars.ptrs),
            size: Expr::Int(16, IntTy::U64),
            zeroed: false,
            region: AllocRegion::Heap,
        },
        16 => Command::MemSet {
            dst: ptr_expr(rng, vars, 1),
            byte: Expr::Int(0, IntTy::I32),
            size: Expr::Int(4, IntTy::U64),
        },
        17 => Command::CallExtern { dst: vars.ints.first().map(|(v, _)| *v), name: "ext".into(), args: vec![] },
        18 => Command::Opaque {
            what: "thing".into(),
            havoc: vars.floats.clone(),
            writes_memory: rng.below(2) == 0,
            may_not_return: rng.below(4) == 0,
            compute: None,
        },
        _ => Command::Output { name: "printf".into(), args: vec![int_expr(rng, vars, IntTy::I32, 1)] },
    }
}

pub fn var(p: &mut Program, f: leapfrog_ir::FuncId, name: &str, ty: VarTy, kind: VarKind) -> VarId {
    p.vars.push(Var { name: name.into(), ty, kind, func: Some(f), span: Span::UNKNOWN, scope: None })
}

pub fn random_program(rng: &mut Rng) -> Program {
    let mut p = Program {
        files: SourceFiles::new(),
        data_model: if rng.below(4) == 0 { DataModel::ILP32 } else { DataModel::LP64 },
        vars: IdVec::new(),
        funcs: IdVec::new(),
        globals: Vec::new(),
        init: leapfrog_ir::FuncId(0),
        entry: Some(leapfrog_ir::FuncId(1)),
        externs: Vec::new(),
        diagnostics: Vec::new(),
    };
    let mut init = Function::new("__init", Span::UNKNOWN);
    init.add_edge(init.entry, init.exit, Command::Skip, Span::UNKNOWN);
    p.funcs.push(init);
    let fid = p.funcs.push(Function::new("main", Span::UNKNOWN));
    let mut vars = Vars { ints: vec![], conds: vec![], ptrs: vec![], floats: vec![], mems: vec![] };
    for i in 0..1 + rng.below(4) {
        let t = rng.pick(&INT_TYPES);
        let v = var(&mut p, fid, &format!("x{i}"), VarTy::Reg(Type::Int(t)), VarKind::Local);
        vars.ints.push((v, t));
    }
    if rng.below(2) == 0 {
        vars.conds.push(var(&mut p, fid, "c", VarTy::Reg(Type::Bool), VarKind::Local));
    }
    for i in 0..rng.below(3) {
        vars.ptrs.push(var(&mut p, fid, &format!("p{i}"), VarTy::Reg(Type::Ptr), VarKind::Local));
    }
    if rng.below(3) == 0 {
        vars.floats.push(var(&mut p, fid, "fl", VarTy::Reg(Type::Float(FloatTy::F64)), VarKind::Local));
    }
    for i in 0..rng.below(3) {
        let (ty, elem, len) = match rng.below(5) {
            0 => {
                let t = rng.pick(&INT_TYPES);
                (ObjType::Scalar(Type::Int(t)), Some(t), 1)
            }
            1 => {
                let fields = vec![
                    Field { name: "a".into(), offset: 0, ty: ObjType::Scalar(Type::Int(IntTy::I32)) },
                    Field { name: "b".into(), offset: 8, ty: ObjType::Scalar(Type::Int(IntTy::I64)) },
                ];
                (ObjType::Record { name: "s".into(), union: false, size: 16, align: 8, fields }, None, 16)
            }
            2 => (
                ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Float(FloatTy::F32))), len: ArrayLen::Fixed(3) },
                None,
                12,
            ),
            _ => {
                let t = rng.pick(&INT_TYPES);
                let n = 1 + rng.below(5);
                (ObjType::Array { elem: Box::new(ObjType::Scalar(Type::Int(t))), len: ArrayLen::Fixed(n) }, Some(t), n)
            }
        };
        let v = var(&mut p, fid, &format!("m{i}"), VarTy::Mem(ty), VarKind::Local);
        vars.mems.push((v, elem, len));
    }
    let mut f = Function::new("main", Span::UNKNOWN);
    f.locals = (0..p.vars.len()).map(|i| VarId(i as u32)).collect();
    let n = 3 + rng.below(10);
    let body: Vec<LocId> = (0..n).map(|_| f.add_loc()).collect();
    f.add_edge(f.entry, body[0], Command::Skip, Span::UNKNOWN);
    for (i, &loc) in body.iter().enumerate() {
        if rng.below(3) == 0 {
            f.locs[loc].tag = Some(LocTag::Loop { kind: LoopKind::While, span: Span::UNKNOWN });
        }
        // Forward mostly, sometimes backwards (loops, possibly irreducible), sometimes out.
        let target = |rng: &mut Rng, f: &Function| -> LocId {
            match rng.below(8) {
                0 => f.exit,
                1 | 2 => body[rng.below(n) as usize],
                _ => body.get(i + 1).copied().unwrap_or(f.exit),
            }
        };
        if rng.below(3) == 0 {
            let c = cond_expr(rng, &vars, 2);
            let (a, b) = (target(rng, &f), target(rng, &f));
            f.add_edge(loc, a, Command::Assume(c.clone()), Span::UNKNOWN);
            f.add_edge(loc, b, Command::Assume(Expr::not(c)), Span::UNKNOWN);
        } else if rng.below(20) == 0 {
            f.add_edge(loc, f.halt, Command::Abort, Span::UNKNOWN);
        } else {
            let cmd = command(rng, &vars);
            let to = target(rng, &f);
            f.add_edge(loc, to, cmd, Span::UNKNOWN);
        }
    }
    p.funcs[fid] = f;
    p
}
