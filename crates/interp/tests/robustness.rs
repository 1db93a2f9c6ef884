//! Random programs, mostly well-typed with ill-formed parts sprinkled in: the interpreter must give
//! an outcome for every one of them and never panic. `LEAPFROG_FUZZ_SEEDS=n` runs more of them.

mod common;

use common::*;
use leapfrog_interp::{ExecConfig, UninitMode, Watch};
use leapfrog_ir::{
    AllocRegion, ArrayLen, AssertOrigin, BinOp, CmpOp, Command, Expr, Fill, FloatTy, FuncId, HavocOrigin, IntTy, LocId,
    ObjType, Semantics, Type, UnOp, VarId, VarTy,
};

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

const VALUES: [i128; 10] = [0, 1, -1, 2, 7, 255, 256, -2147483648, 4294967295, 1 << 40];

fn random_type(rng: &mut Rng) -> Type {
    match rng.below(6) {
        0 => Type::Bool,
        1 => Type::Ptr,
        2 => Type::Float(FloatTy::F64),
        _ => Type::Int(rng.pick(&IntTy::ALL)),
    }
}

fn random_obj(rng: &mut Rng, depth: u32) -> ObjType {
    match (rng.below(5), depth) {
        (0, 0) => ObjType::Array { elem: Box::new(random_obj(rng, 1)), len: ArrayLen::Fixed(rng.below(5)) },
        (1, 0) => ObjType::Array { elem: Box::new(random_obj(rng, 1)), len: ArrayLen::Dynamic },
        (2, 0) => {
            let fields = (0..rng.below(4)).map(|i| field("f", i * 4 + rng.below(3), random_obj(rng, 1))).collect();
            record(rng.below(24), 4, rng.below(2) == 0, fields)
        }
        (3, _) => ObjType::Opaque { size: rng.below(8), align: 1 },
        _ => ObjType::Scalar(random_type(rng)),
    }
}

/// The variables an expression of a function may use, by kind.
#[derive(Default)]
struct Scope {
    regs: Vec<(VarId, Type)>,
    mems: Vec<VarId>,
}

impl Scope {
    fn var_of(&self, rng: &mut Rng, ty: Type) -> Option<VarId> {
        let matching: Vec<VarId> = self.regs.iter().filter(|(_, t)| *t == ty).map(|(v, _)| *v).collect();
        (!matching.is_empty()).then(|| rng.pick(&matching))
    }

    fn any_var(&self, rng: &mut Rng) -> VarId {
        let all: Vec<VarId> = self.regs.iter().map(|(v, _)| *v).chain(self.mems.iter().copied()).collect();
        if all.is_empty() || rng.below(30) == 0 { VarId(rng.below(1000) as u32) } else { rng.pick(&all) }
    }
}

/// An expression of type `ty` (ill-typed once in a while).
fn typed_expr(rng: &mut Rng, scope: &Scope, ty: Type, depth: u32) -> Expr {
    if rng.below(40) == 0 {
        return untyped_expr(rng, scope, depth);
    }
    let leaf = depth == 0 || rng.below(3) == 0;
    if let (true, Some(v)) = (leaf && rng.below(2) == 0, scope.var_of(rng, ty)) {
        return Expr::Var(v);
    }
    let d = depth.saturating_sub(1);
    match ty {
        Type::Int(t) if leaf => Expr::Int(t.convert(rng.pick(&VALUES)), t),
        Type::Int(t) => match rng.below(5) {
            0 => Expr::Unary(rng.pick(&[UnOp::Neg, UnOp::BitNot]), t, Box::new(typed_expr(rng, scope, ty, d))),
            1 => {
                let from = if rng.below(4) == 0 { Type::Bool } else { Type::Int(rng.pick(&IntTy::ALL)) };
                Expr::Cast(t, Box::new(typed_expr(rng, scope, from, d)))
            }
            2 => Expr::PtrDiff {
                lhs: Box::new(typed_expr(rng, scope, Type::Ptr, d)),
                rhs: Box::new(typed_expr(rng, scope, Type::Ptr, d)),
                scale: rng.pick(&[1, 4]),
                ty: t,
            },
            _ => {
                let op = rng.pick(&BinOp::ALL);
                let rty = if op.is_shift() { Type::Int(rng.pick(&IntTy::ALL)) } else { ty };
                let (a, b) = (typed_expr(rng, scope, ty, d), typed_expr(rng, scope, rty, d));
                Expr::Binary(op, t, Box::new(a), Box::new(b))
            }
        },
        Type::Bool if leaf => Expr::Bool(rng.below(2) == 0),
        Type::Bool => match rng.below(3) {
            0 => Expr::Not(Box::new(typed_expr(rng, scope, Type::Bool, d))),
            1 => {
                let (a, b) = (typed_expr(rng, scope, Type::Ptr, d), typed_expr(rng, scope, Type::Ptr, d));
                Expr::Cmp(rng.pick(&CmpOp::ALL), Box::new(a), Box::new(b))
            }
            _ => {
                let t = Type::Int(rng.pick(&IntTy::ALL));
                let (a, b) = (typed_expr(rng, scope, t, d), typed_expr(rng, scope, t, d));
                Expr::Cmp(rng.pick(&CmpOp::ALL), Box::new(a), Box::new(b))
            }
        },
        Type::Ptr => match rng.below(4) {
            0 => Expr::Null,
            1 if !scope.mems.is_empty() => Expr::AddrOf(rng.pick(&scope.mems)),
            _ if leaf => Expr::Null,
            _ => {
                let base = typed_expr(rng, scope, Type::Ptr, d);
                let index_ty = Type::Int(rng.pick(&[IntTy::I32, IntTy::U64]));
                let offset = typed_expr(rng, scope, index_ty, d);
                Expr::PtrAdd { base: Box::new(base), offset: Box::new(offset), scale: rng.pick(&[1, 2, 4, 8]) }
            }
        },
        Type::Float(_) => scope.var_of(rng, ty).map_or(Expr::Null, Expr::Var),
    }
}

/// Any expression at all, typed or not.
fn untyped_expr(rng: &mut Rng, scope: &Scope, depth: u32) -> Expr {
    let sub = |rng: &mut Rng| Box::new(untyped_expr(rng, scope, depth.saturating_sub(1)));
    match if depth == 0 { rng.below(5) } else { rng.below(12) } {
        0 => Expr::Int(rng.pick(&VALUES), rng.pick(&IntTy::ALL)),
        1 => Expr::Bool(rng.below(2) == 0),
        2 => Expr::Null,
        3 => Expr::Var(scope.any_var(rng)),
        4 => Expr::AddrOf(scope.any_var(rng)),
        5 => Expr::Unary(UnOp::Neg, rng.pick(&IntTy::ALL), sub(rng)),
        6 => Expr::Not(sub(rng)),
        7 => Expr::Binary(rng.pick(&BinOp::ALL), rng.pick(&IntTy::ALL), sub(rng), sub(rng)),
        8 => Expr::Cmp(rng.pick(&CmpOp::ALL), sub(rng), sub(rng)),
        9 => Expr::Cast(rng.pick(&IntTy::ALL), sub(rng)),
        10 => Expr::PtrAdd { base: sub(rng), offset: sub(rng), scale: rng.pick(&[0, 1, 4, u64::MAX]) },
        _ => Expr::PtrDiff { lhs: sub(rng), rhs: sub(rng), scale: rng.pick(&[0, 1, 8]), ty: rng.pick(&IntTy::ALL) },
    }
}

fn random_command(rng: &mut Rng, scope: &Scope, funcs: &[FuncId]) -> Command {
    let int = |rng: &mut Rng| {
        let ty = Type::Int(rng.pick(&[IntTy::I32, IntTy::U64]));
        typed_expr(rng, scope, ty, 2)
    };
    let ptr = |rng: &mut Rng| typed_expr(rng, scope, Type::Ptr, 2);
    let cond = |rng: &mut Rng| typed_expr(rng, scope, Type::Bool, 2);
    let reg = |rng: &mut Rng| {
        if scope.regs.is_empty() || rng.below(30) == 0 {
            let v = scope.any_var(rng);
            (v, random_type(rng))
        } else {
            rng.pick(&scope.regs)
        }
    };
    match rng.below(20) {
        0 => Command::Skip,
        1 => Command::Assume(cond(rng)),
        2..=4 => {
            let (v, t) = reg(rng);
            Command::Assign(v, typed_expr(rng, scope, t, 3))
        }
        5 if rng.below(2) == 0 => Command::Havoc(reg(rng).0, HavocOrigin::Uninit),
        5 => Command::Havoc(reg(rng).0, HavocOrigin::Nondet("n".to_string())),
        6 => Command::Load { dst: reg(rng).0, addr: ptr(rng) },
        7 => {
            let t = random_type(rng);
            Command::Store { addr: ptr(rng), value: typed_expr(rng, scope, t, 2) }
        }
        8 => Command::InitObject {
            var: scope.any_var(rng),
            len: if rng.below(2) == 0 { None } else { Some(int(rng)) },
            fill: rng.pick(&[Fill::Zero, Fill::Uninit]),
        },
        9 => Command::Alloc {
            dst: reg(rng).0,
            size: int(rng),
            zeroed: false,
            region: rng.pick(&[AllocRegion::Heap, AllocRegion::Stack]),
        },
        10 => Command::Free(ptr(rng)),
        11 => Command::MemCopy { dst: ptr(rng), src: ptr(rng), size: int(rng) },
        12 => Command::MemSet { dst: ptr(rng), byte: int(rng), size: int(rng) },
        13 | 14 => Command::Call {
            dst: if rng.below(2) == 0 { None } else { Some(reg(rng).0) },
            callee: if rng.below(20) == 0 { FuncId(99) } else { rng.pick(funcs) },
            args: (0..rng.below(3)).map(|_| int(rng)).collect(),
        },
        15 => Command::CallExtern { dst: Some(reg(rng).0), name: "ext".to_string(), args: vec![int(rng)] },
        16 => Command::Output { name: "printf".to_string(), args: vec![int(rng)] },
        17 => Command::Assert { cond: cond(rng), origin: AssertOrigin::Assert },
        18 => Command::Exit(int(rng)),
        _ => Command::Abort,
    }
}

fn random_program(seed: u64) -> Ctx {
    let mut rng = Rng(seed.wrapping_mul(0x9e3779b97f4a7c15) | 1);
    let mut cx = Ctx::new();
    let funcs: Vec<FuncId> = (0..1 + rng.below(3)).map(|i| cx.func(&format!("f{i}"))).collect();
    cx.p.entry = Some(funcs[0]);
    let mut globals = Scope::default();
    let mut scopes: Vec<Scope> = funcs.iter().map(|_| Scope::default()).collect();
    for _ in 0..2 + rng.below(10) {
        let owner = rng.below(funcs.len() as u64) as usize;
        let f = funcs[owner];
        let ty = random_type(&mut rng);
        match rng.below(6) {
            0 => globals.regs.push((cx.global("g", VarTy::Reg(ty)), ty)),
            1 => globals.mems.push(cx.global("gm", VarTy::Mem(random_obj(&mut rng, 0)))),
            2 => scopes[owner].regs.push((cx.param(f, "p", ty), ty)),
            3 => scopes[owner].mems.push(cx.mem(f, "m", random_obj(&mut rng, 0))),
            _ => scopes[owner].regs.push((cx.local(f, "l", ty), ty)),
        }
    }
    for (i, &f) in funcs.iter().enumerate() {
        if rng.below(2) == 0 {
            let ty = random_type(&mut rng);
            scopes[i].regs.push((cx.ret(f, ty), ty));
        }
        scopes[i].regs.extend(globals.regs.iter().copied());
        scopes[i].mems.extend(globals.mems.iter().copied());
        let mut locs = vec![cx.p.funcs[f].entry, cx.p.funcs[f].exit];
        for _ in 0..rng.below(5) {
            locs.push(cx.loc(f));
        }
        let exit_loc = cx.p.funcs[f].exit;
        for &from in locs.iter().filter(|l| **l != exit_loc) {
            let target = |rng: &mut Rng| if rng.below(50) == 0 { LocId(50) } else { rng.pick(&locs) };
            match rng.below(8) {
                0 => {}
                1 | 2 => {
                    let c = typed_expr(&mut rng, &scopes[i], Type::Bool, 2);
                    let (t, e) = (target(&mut rng), target(&mut rng));
                    cx.edge(f, from, t, Command::Assume(c.clone()));
                    cx.edge(f, from, e, Command::Assume(Expr::not(c)));
                }
                _ => {
                    let cmd = random_command(&mut rng, &scopes[i], &funcs);
                    let to = target(&mut rng);
                    cx.edge(f, from, to, cmd);
                }
            }
        }
    }
    cx
}

#[test]
fn random_programs_never_panic() {
    let mut kinds = std::collections::BTreeMap::new();
    let seeds: u64 = std::env::var("LEAPFROG_FUZZ_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    for seed in 0..seeds {
        let cx = random_program(seed);
        let mut rng = Rng(seed + 17);
        let cfg = ExecConfig {
            nondet: (0..rng.below(6)).map(|_| rng.pick(&VALUES)).collect(),
            uninit: if seed % 2 == 0 { UninitMode::Zero } else { UninitMode::Nondet },
            max_steps: 200,
            semantics: if seed % 3 == 0 { Semantics::BitPrecise } else { Semantics::Default },
            max_call_depth: 50,
            record_trace: seed % 5 == 0,
            record_inputs: false,
            record_assignments: false,
            deadline: None,
            // Recording states at every location of the entry, every variable (of any kind).
            watch: cx.p.entry.filter(|_| seed % 7 == 0).map(|func| Watch {
                func,
                locs: cx.p.funcs[func].locs.ids().collect(),
                vars: cx.p.vars.ids().collect(),
                per_loc: 3,
            }),
            stop_at_input: false,
        };
        let r = cx.run(&cfg);
        assert!(r.steps <= 200);
        *kinds.entry(r.outcome.kind()).or_insert(0) += 1;
    }
    // The generator reaches every kind of outcome.
    assert!(seeds < 1000 || kinds.len() == 7, "{kinds:?}");
}
