//! Programs and functions: variables, control-flow graphs of locations and edges.

use crate::command::Command;
use crate::expr::VarTypes;
use crate::ids::{EdgeId, FuncId, IdVec, LocId, VarId};
use crate::types::{DataModel, Type, VarTy};
use leapfrog_source::{Diagnostic, SourceFiles, Span};

/// Where a variable lives and who owns it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    /// File-scope variable or `static` local (lives for the whole execution).
    Global,
    /// A parameter of `func` (receives the argument of a call).
    Param,
    /// A local of `func` declared in the source.
    Local,
    /// A temporary the front end introduced.
    Temp,
    /// The return value of `func`.
    Return,
}

impl VarKind {
    pub fn name(self) -> &'static str {
        match self {
            VarKind::Global => "global",
            VarKind::Param => "param",
            VarKind::Local => "local",
            VarKind::Temp => "temp",
            VarKind::Return => "return",
        }
    }

    pub fn from_name(s: &str) -> Option<VarKind> {
        [VarKind::Global, VarKind::Param, VarKind::Local, VarKind::Temp, VarKind::Return]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// The name in the source (not unique: shadowing, `static` locals of several functions).
    pub name: String,
    pub ty: VarTy,
    pub kind: VarKind,
    /// The owning function for everything but globals.
    pub func: Option<FuncId>,
    pub span: Span,
    /// Where the source text names this variable (C's scope of its identifier); `None` when no
    /// source text does (temporaries, return slots, hidden parameters). Facts printed for users
    /// mention a variable only where it is visible ([`crate::scope`]).
    pub scope: Option<VarScope>,
}

impl Var {
    /// Whether this is a ghost an analysis added (the checks' `\\offset(p)`, a float counter's
    /// `\\float_steps(x)`): ghosts are named with a leading backslash, which no C name has, so
    /// facts over them are not C.
    pub fn is_ghost(&self) -> bool {
        self.name.starts_with('\\')
    }
}

/// The stretch of one file in which a variable's name is in scope.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct VarScope {
    /// Where the scope begins: the declarator; for a declaration in the first clause of a `for`,
    /// the `for` keyword (that loop's facts are stated at its condition, where the name is in
    /// scope).
    pub start: Span,
    /// The last character of the scope (the closing brace of the enclosing block, the end of the
    /// `for` statement, the function body's closing brace for parameters), or
    /// [`Span::UNKNOWN`] for file scope (to the end of the file).
    pub end: Span,
}

/// The source construct a location begins, for reporting loops in the user's terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocTag {
    /// The header of a `for`/`while`/`do` statement: the keyword's position.
    Loop { kind: LoopKind, span: Span },
    /// A label (`name:`) at this position.
    Label { name: String, span: Span },
    /// Where the body of a `for`/`while` statement begins (entered when its condition holds):
    /// the loop keyword's position, as its header's tag has it. Visits count the loop's body
    /// starts (a `do` body starts at the header).
    Body { span: Span },
    /// Where execution goes when the condition of the `if` or loop at `span` (its keyword's
    /// position) is `taken` (`true`: an `if`'s then-branch, a `do` loop's next iteration;
    /// `false`: an `if`'s else-branch or the end of the statement, a loop's exit). The
    /// condition's `assume` edges enter it; a `break` also enters a loop's exit. A `for`/`while`
    /// body's start is its [`Body`](LocTag::Body).
    Branch { span: Span, taken: bool },
}

/// The syntactic kind of a loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopKind {
    For,
    While,
    Do,
    /// A cycle made by `goto`.
    Goto,
    /// The descent loop of a recursive function (`recursion::descent_loops`), at the
    /// function's declaration.
    Recursion,
}

impl LoopKind {
    pub fn name(self) -> &'static str {
        match self {
            LoopKind::For => "for",
            LoopKind::While => "while",
            LoopKind::Do => "do",
            LoopKind::Goto => "goto",
            LoopKind::Recursion => "recursion",
        }
    }

    pub fn from_name(s: &str) -> Option<LoopKind> {
        [LoopKind::For, LoopKind::While, LoopKind::Do, LoopKind::Goto, LoopKind::Recursion]
            .into_iter()
            .find(|k| k.name() == s)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub tag: Option<LocTag>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: LocId,
    pub to: LocId,
    pub cmd: Command,
    /// The source construct the command comes from.
    pub span: Span,
}

/// One function's control-flow graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub params: Vec<VarId>,
    /// The variable holding the return value (`None` for `void`).
    pub ret: Option<VarId>,
    /// Every local, temporary and (register) parameter copy of the function, in declaration order.
    pub locals: Vec<VarId>,
    pub locs: IdVec<LocId, Location>,
    pub edges: IdVec<EdgeId, Edge>,
    /// Where execution starts; no edge enters it.
    pub entry: LocId,
    /// Reached by `return` (and by falling off the end); no edge leaves it.
    pub exit: LocId,
    /// Reached by commands that end the execution (`exit`, `abort`, a failing assertion); no edge
    /// leaves it.
    pub halt: LocId,
    pub span: Span,
}

impl Function {
    /// A function with fresh `entry`, `exit` and `halt` locations and no edges.
    pub fn new(name: impl Into<String>, span: Span) -> Function {
        let mut locs = IdVec::new();
        let entry = locs.push(Location::default());
        let exit = locs.push(Location::default());
        let halt = locs.push(Location::default());
        Function {
            name: name.into(),
            params: Vec::new(),
            ret: None,
            locals: Vec::new(),
            locs,
            edges: IdVec::new(),
            entry,
            exit,
            halt,
            span,
        }
    }

    pub fn add_loc(&mut self) -> LocId {
        self.locs.push(Location::default())
    }

    pub fn add_edge(&mut self, from: LocId, to: LocId, cmd: Command, span: Span) -> EdgeId {
        self.edges.push(Edge { from, to, cmd, span })
    }

    /// Outgoing edges of every location (index = location).
    pub fn successors(&self) -> IdVec<LocId, Vec<EdgeId>> {
        let mut succ: IdVec<LocId, Vec<EdgeId>> = self.locs.ids().map(|_| Vec::new()).collect();
        for (id, e) in self.edges.iter() {
            succ[e.from].push(id);
        }
        succ
    }

    /// Incoming edges of every location (index = location).
    pub fn predecessors(&self) -> IdVec<LocId, Vec<EdgeId>> {
        let mut pred: IdVec<LocId, Vec<EdgeId>> = self.locs.ids().map(|_| Vec::new()).collect();
        for (id, e) in self.edges.iter() {
            pred[e.to].push(id);
        }
        pred
    }
}

/// A function the program calls but does not define.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternFn {
    pub name: String,
    /// The declared return type (`None` for `void`); a call returns an arbitrary value of it.
    pub ret: Option<Type>,
}

/// A whole program: every function of every input file, linked by name.
///
/// Integer semantics: every integer operation is typed, and means what `leapfrog_arith` says for
/// the run's [`leapfrog_arith::Semantics`] (by default unsigned wraps and signed is mathematical,
/// with an out-of-range signed result being undefined behaviour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub files: SourceFiles,
    pub data_model: DataModel,
    pub vars: IdVec<VarId, Var>,
    pub funcs: IdVec<FuncId, Function>,
    /// Global variables in definition order.
    pub globals: Vec<VarId>,
    /// Initializes the globals (zero, then initializers); runs before `entry`.
    pub init: FuncId,
    /// Where executions start (`main`, `--entry`, or the one function no other calls); its
    /// parameters are nondeterministic inputs.
    pub entry: Option<FuncId>,
    pub externs: Vec<ExternFn>,
    /// What the front end found unsupported or assumed, in source order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Program {
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.funcs.iter().find(|(_, f)| f.name == name).map(|(id, _)| id)
    }

    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v]
    }

    /// The functions other than the global initializer.
    pub fn user_funcs(&self) -> impl Iterator<Item = (FuncId, &Function)> {
        self.funcs.iter().filter(move |(id, _)| *id != self.init)
    }
}

impl VarTypes for Program {
    fn reg_type(&self, v: VarId) -> Option<Type> {
        self.vars.get(v).and_then(|var| var.ty.reg())
    }
}

impl VarTypes for IdVec<VarId, Var> {
    fn reg_type(&self, v: VarId) -> Option<Type> {
        self.get(v).and_then(|var| var.ty.reg())
    }
}

/// A register variable that stands for the cell of a memory object, in every state: a ghost the
/// program never assigns, through which loop invariants can speak of memory (`a[99] == 0`).
/// Whoever reads an invariant must read such a variable from memory.
///
/// The cell is at a constant byte offset, or, with an [`ViewIndex`], at the element an index
/// variable selects (`a[k]`): an invariant that mentions the index variable holds for every value
/// of it (`∀k`), as the array invariants of `verify` do (see [`quantified_indices`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryView {
    pub var: VarId,
    pub object: VarId,
    pub offset: i128,
    pub index: Option<ViewIndex>,
}

/// The symbolic part of a view's address: `index * scale` more bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ViewIndex {
    /// A ghost register of type `long` the program never assigns.
    pub var: VarId,
    /// The element size in bytes.
    pub scale: u64,
}

impl MemoryView {
    /// A view of the cell at a constant byte offset.
    pub fn at_offset(var: VarId, object: VarId, offset: i128) -> MemoryView {
        MemoryView { var, object, offset, index: None }
    }

    /// The address the view reads.
    pub fn address(&self) -> crate::Expr {
        let constant = crate::Expr::PtrAdd {
            base: Box::new(crate::Expr::AddrOf(self.object)),
            offset: Box::new(crate::Expr::Int(self.offset, leapfrog_arith::IntTy::I64)),
            scale: 1,
        };
        match self.index {
            None => constant,
            Some(ix) => crate::Expr::PtrAdd {
                base: Box::new(if self.offset == 0 { crate::Expr::AddrOf(self.object) } else { constant }),
                offset: Box::new(crate::Expr::Var(ix.var)),
                scale: ix.scale,
            },
        }
    }
}

/// The index variables of `views` (the variables quantified invariants range over).
pub fn quantified_indices<'v>(views: impl IntoIterator<Item = &'v MemoryView>) -> std::collections::BTreeSet<VarId> {
    views.into_iter().filter_map(|v| v.index.map(|ix| ix.var)).collect()
}
