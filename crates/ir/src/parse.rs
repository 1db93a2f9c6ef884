//! Reading the IR's textual form.
//!
//! This module owns the grammar of the textual form written by [`crate::print`]:
//! `parse_program(&program_to_string(p)) == Ok(p)` for every [`Program`] `p` (well-formed or
//! not: references are taken literally and checked by [`crate::verify`], not here). Hand-written
//! text may omit spans and optional sections, so that engines can be tested on short snippets.
//! Parsing never panics; anything else than the grammar below is a [`ParseError`] with a line and
//! column.
//!
//! # Grammar
//!
//! Whitespace (newlines included) separates tokens and is otherwise insignificant; `//` starts a
//! comment that runs to the end of the line. Items of a program, and of a function body, may come
//! in any order, but numbered declarations (`file`, `var`, `func`, edges) must be numbered
//! densely from 0, in order: ids in the text are the ids of the [`Program`] (`v12` is
//! `VarId(12)`).
//!
//! ```text
//! program   := item*
//! item      := 'data_model' ('ILP32' | 'LP64')          // default LP64
//!            | 'file' NUM STRING                        // the path of FileId(NUM)
//!            | 'var' VAR KIND [FUNC] STRING ':' varty [span] ['scope' [span] 'to' [span]]
//!                  // the scope of its name: start to end (no end: file scope); none: unnamed
//!            | 'globals' VAR*                            // default: none
//!            | 'init' FUNC                               // required
//!            | 'entry' FUNC                              // default: none
//!            | 'extern' STRING '->' (regty | 'void')
//!            | 'diag' SEVERITY STRING [span]
//!            | 'func' FUNC STRING [span] '{' body* '}'
//! body      := 'params' VAR* | 'ret' VAR | 'locals' VAR*  // defaults: none
//!            | 'locs' NUM                  // default: 1 + the largest location used, at least 3
//!            | 'entry' LOC | 'exit' LOC | 'halt' LOC     // defaults: L0, L1, L2
//!            | LOC ':' tag [span]         // a location's tag
//!            | EDGE ':' LOC '->' LOC command [span]
//! tag       := 'loop' LOOPKIND | 'label' STRING | 'body' | 'branch' ('true' | 'false')
//! command   := 'skip' | 'abort' | 'assume' expr | 'exit' expr | 'free' expr
//!            | VAR ':=' (expr | 'havoc' ('uninit' | 'volatile' | 'nondet' STRING) | 'load' expr
//!                        | 'alloc' ('heap' | 'stack') ['zeroed'] expr | call)
//!            | call
//!            | 'output' STRING args
//!            | 'store' expr ',' expr                     // address, value
//!            | 'init' VAR ('uninit' | 'zero') ['len' expr]
//!            | 'memcpy' expr ',' expr ',' expr           // dst, src, size
//!            | 'memset' expr ',' expr ',' expr           // dst, byte, size
//!            | 'assert' expr ORIGIN                      // reach_error, __VERIFIER_assert, ...
//!            | 'opaque' STRING '[' [VAR (',' VAR)*] ']' ['writes_memory'] ['may_not_return']
//!                  ['computes' step]
//! step      := 'set' VAR fexpr | 'load' VAR expr | 'store' '.' FLOATTY expr fexpr
//!            | 'to_int' VAR fexpr | 'compare' '.' CMPOP VAR fexpr fexpr     // floating point
//!            | 'ptr_to_int' VAR expr | 'int_to_ptr' VAR expr                // addresses
//! fexpr     := '(' 'fconst' '.' FLOATTY NUM ')'          // the bits of the f64 value
//!            | '(' 'fvar' VAR ')' | '(' 'fromint' '.' FLOATTY expr ')'
//!            | '(' 'fconvert' '.' FLOATTY fexpr ')' | '(' 'fneg' fexpr ')'
//!            | '(' FBINOP '.' FLOATTY fexpr fexpr ')'   // fadd fsub fmul fdiv
//!            | '(' 'math' '.' MATHFN '.' FLOATTY fexpr* ')'   // sqrt, sin, pow, ...
//! call      := 'call' FUNC args | 'extern' STRING args
//! args      := '(' [expr (',' expr)*] ')'
//! expr      := '(' INT ':' INTTY ')' | 'true' | 'false' | 'null' | VAR | '&' VAR
//!            | '(' UNOP '.' INTTY expr ')'               // neg, not (bitwise)
//!            | '(' 'lnot' expr ')'                       // boolean negation
//!            | '(' BINOP '.' INTTY expr expr ')'         // add sub mul div rem shl shr and or xor
//!            | '(' CMPOP expr expr ')'                   // eq ne lt le gt ge
//!            | '(' 'cast' '.' INTTY expr ')'
//!            | '(' 'ptradd' expr expr '*' NUM ')'        // base + offset * scale
//!            | '(' 'ptrdiff' '.' INTTY expr expr '/' NUM ')'   // (lhs - rhs) / scale
//! varty     := regty | 'mem' objty
//! regty     := 'cond' | INTTY | 'ptr' | 'f32' | 'f64' | 'f80'
//! objty     := regty
//!            | '[' (NUM | 'dyn') 'x' objty ']'
//!            | ('struct' | 'union') STRING 'size' NUM 'align' NUM
//!                  '{' [STRING 'at' NUM ':' objty (',' STRING 'at' NUM ':' objty)*] '}'
//!            | 'opaque' 'size' NUM 'align' NUM
//! span      := '@' NUM ':' NUM ':' NUM                   // file:line:col; default Span::UNKNOWN
//! VAR, FUNC, LOC, EDGE := v12, f1, L3, e0
//! KIND      := global | param | local | temp | return
//! SEVERITY  := error | unsupported | warning | assumption
//! LOOPKIND  := for | while | do | goto
//! INTTY     := bool | i8 | u8 | i16 | u16 | i32 | u32 | i64 | u64
//! INT       := '-'? [0-9]+          NUM := [0-9]+
//! STRING    := '"' (char | '\\' | '\"' | '\n' | '\t' | '\r' | '\u{' HEX '}')* '"'
//! ```
//!
//! For example:
//!
//! ```text
//! file 0 "count.c"
//! var v0 local f1 "i": i32 @0:2:7
//! init f0
//! entry f1
//! func f0 "__init" {
//!   e0: L0 -> L1 skip
//! }
//! func f1 "main" {
//!   locals v0
//!   locs 5 entry L0 exit L1 halt L2
//!   L3: loop while @0:3:3
//!   e0: L0 -> L3 v0 := (0:i32)
//!   e1: L3 -> L4 assume (lt v0 (10:i32)) @0:3:10
//!   e2: L4 -> L3 v0 := (add.i32 v0 (1:i32))
//!   e3: L3 -> L1 assume (ge v0 (10:i32))
//! }
//! ```
//!
//! Limits, so that no input can exhaust the stack or memory: expressions and object types nest at
//! most [`MAX_NESTING`] deep, and a function has at most [`MAX_LOCS`] locations.

use crate::address::AddressStep;
use crate::command::{AllocRegion, AssertOrigin, Command, Computed, Fill, HavocOrigin};
use crate::expr::Expr;
use crate::float::{FloatBin, FloatExpr, FloatStep, MathFn};
use crate::ids::{EdgeId, FuncId, IdVec, LocId, VarId};
use crate::print::{fill_name, region_name};
use crate::program::{Edge, ExternFn, Function, LocTag, Location, LoopKind, Program, Var, VarKind, VarScope};
use crate::types::{ArrayLen, DataModel, Field, FloatTy, ObjType, Type, VarTy};
use leapfrog_arith::{BinOp, CmpOp, IntTy, UnOp};
use leapfrog_source::{Diagnostic, FileId, Severity, SourceFiles, Span};
use std::fmt;

/// How deep expressions and object types may nest: deep enough for any C expression, and
/// shallow enough that parsing, printing and verifying stay within a 2 MiB thread stack, even
/// unoptimized.
pub const MAX_NESTING: usize = 500;

/// How many locations a function may have.
pub const MAX_LOCS: u32 = 1 << 20;

/// Why a text is not a program, and where (1-based line and column, in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses the textual form of a program (see the module documentation for the grammar).
pub fn parse_program(text: &str) -> Result<Program, ParseError> {
    let tokens = Lexer::new(text).tokens()?;
    Parser { tokens, pos: 0, depth: 0 }.program()
}

type Result<T, E = ParseError> = std::result::Result<T, E>;

/// A position in the text.
#[derive(Copy, Clone, Debug)]
struct Pos {
    line: usize,
    col: usize,
}

impl Pos {
    fn error(self, message: impl Into<String>) -> ParseError {
        ParseError { line: self.line, col: self.col, message: message.into() }
    }
}

// ---------------------------------------------------------------------------------------------
// Lexer.

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// A word: keywords, ids (`v3`), type names, operators with a type (`add.i32`).
    Word(String),
    Int(i128),
    Str(String),
    /// Punctuation: one of `( ) { } [ ] , : @ & * /` or `:=`, `->`.
    Sym(&'static str),
    Eof,
}

impl fmt::Display for Tok {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Word(w) => write!(f, "`{w}`"),
            Tok::Int(n) => write!(f, "`{n}`"),
            Tok::Str(s) => write!(f, "string {s:?}"),
            Tok::Sym(s) => write!(f, "`{s}`"),
            Tok::Eof => f.write_str("end of input"),
        }
    }
}

struct Token {
    tok: Tok,
    pos: Pos,
}

const SYMBOLS: [&str; 12] = ["(", ")", "{", "}", "[", "]", ",", ":", "@", "&", "*", "/"];

struct Lexer {
    chars: Vec<char>,
    index: usize,
    pos: Pos,
}

impl Lexer {
    fn new(text: &str) -> Lexer {
        Lexer { chars: text.chars().collect(), index: 0, pos: Pos { line: 1, col: 1 } }
    }

    /// All tokens, ending with [`Tok::Eof`].
    fn tokens(mut self) -> Result<Vec<Token>> {
        let mut tokens = Vec::new();
        loop {
            self.skip_trivia();
            let pos = self.pos;
            let Some(c) = self.peek(0) else {
                tokens.push(Token { tok: Tok::Eof, pos });
                return Ok(tokens);
            };
            let tok = self.token(c)?;
            tokens.push(Token { tok, pos });
        }
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.index + ahead).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.index += 1;
        if c == '\n' {
            self.pos = Pos { line: self.pos.line + 1, col: 1 };
        } else {
            self.pos.col += 1;
        }
        Some(c)
    }

    fn bump_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut out = String::new();
        while let Some(c) = self.peek(0).filter(|c| keep(*c)) {
            out.push(c);
            self.bump();
        }
        out
    }

    fn skip_trivia(&mut self) {
        loop {
            self.bump_while(char::is_whitespace);
            if self.peek(0) != Some('/') || self.peek(1) != Some('/') {
                return;
            }
            self.bump_while(|c| c != '\n');
        }
    }

    fn token(&mut self, c: char) -> Result<Tok> {
        let start = self.pos;
        let next = self.peek(1);
        if c.is_ascii_alphabetic() || c == '_' {
            Ok(Tok::Word(self.bump_while(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')))
        } else if c.is_ascii_digit() || (c == '-' && next.is_some_and(|n| n.is_ascii_digit())) {
            self.number()
        } else if c == '"' {
            self.string()
        } else if let Some(sym) = self.symbol(c, next) {
            for _ in 0..sym.len() {
                self.bump();
            }
            Ok(Tok::Sym(sym))
        } else {
            Err(start.error(format!("unexpected character {c:?}")))
        }
    }

    fn symbol(&self, c: char, next: Option<char>) -> Option<&'static str> {
        match (c, next) {
            (':', Some('=')) => Some(":="),
            ('-', Some('>')) => Some("->"),
            _ => SYMBOLS.iter().copied().find(|s| s.starts_with(c)),
        }
    }

    fn number(&mut self) -> Result<Tok> {
        let start = self.pos;
        let mut text = String::new();
        if self.peek(0) == Some('-') {
            self.bump();
            text.push('-');
        }
        text.push_str(&self.bump_while(|c| c.is_ascii_digit()));
        if self.peek(0).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(self.pos.error("a number must not run into a word"));
        }
        text.parse().map(Tok::Int).map_err(|_| start.error(format!("integer {text} is out of range")))
    }

    fn string(&mut self) -> Result<Tok> {
        let start = self.pos;
        self.bump();
        let mut out = String::new();
        loop {
            let pos = self.pos;
            match self.bump() {
                None | Some('\n') => return Err(start.error("unterminated string")),
                Some('"') => return Ok(Tok::Str(out)),
                Some('\\') => out.push(self.escape(pos)?),
                Some(c) => out.push(c),
            }
        }
    }

    /// The character an escape sequence stands for (the backslash, at `pos`, is consumed).
    fn escape(&mut self, pos: Pos) -> Result<char> {
        match self.bump() {
            Some('"') => Ok('"'),
            Some('\\') => Ok('\\'),
            Some('n') => Ok('\n'),
            Some('t') => Ok('\t'),
            Some('r') => Ok('\r'),
            Some('u') if self.peek(0) == Some('{') => {
                self.bump();
                let hex = self.bump_while(|c| c.is_ascii_hexdigit());
                let c = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                match (c, self.bump()) {
                    (Some(c), Some('}')) => Ok(c),
                    _ => Err(pos.error("invalid \\u{...} escape")),
                }
            }
            _ => Err(pos.error("invalid escape sequence (use \\\" \\\\ \\n \\t \\r or \\u{...})")),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parser: token access.

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// Current nesting of expressions and object types.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.tokens[self.pos].tok
    }

    fn here(&self) -> Pos {
        self.tokens[self.pos].pos
    }

    /// Moves past the current token (the final [`Tok::Eof`] is never passed).
    fn advance(&mut self) {
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
    }

    fn unexpected<T>(&self, expected: &str) -> Result<T> {
        Err(self.here().error(format!("expected {expected}, found {}", self.peek())))
    }

    fn eat_sym(&mut self, sym: &str) -> bool {
        let found = matches!(self.peek(), Tok::Sym(s) if *s == sym);
        if found {
            self.advance();
        }
        found
    }

    fn expect_sym(&mut self, sym: &str) -> Result<()> {
        if self.eat_sym(sym) { Ok(()) } else { self.unexpected(&format!("`{sym}`")) }
    }

    fn peek_word(&self) -> Option<&str> {
        match self.peek() {
            Tok::Word(w) => Some(w),
            _ => None,
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        let found = self.peek_word() == Some(word);
        if found {
            self.advance();
        }
        found
    }

    fn expect_word(&mut self, word: &str) -> Result<()> {
        if self.eat_word(word) { Ok(()) } else { self.unexpected(&format!("`{word}`")) }
    }

    fn word(&mut self, expected: &str) -> Result<String> {
        match self.peek() {
            Tok::Word(w) => {
                let w = w.clone();
                self.advance();
                Ok(w)
            }
            _ => self.unexpected(expected),
        }
    }

    /// A word naming one of a fixed set of values, looked up with `from_name`.
    fn named<T>(&mut self, expected: &str, from_name: impl Fn(&str) -> Option<T>) -> Result<T> {
        let value = self.peek_word().and_then(from_name);
        match value {
            Some(value) => {
                self.advance();
                Ok(value)
            }
            None => self.unexpected(expected),
        }
    }

    fn string(&mut self) -> Result<String> {
        match self.peek() {
            Tok::Str(s) => {
                let s = s.clone();
                self.advance();
                Ok(s)
            }
            _ => self.unexpected("a string"),
        }
    }

    fn int(&mut self) -> Result<i128> {
        match *self.peek() {
            Tok::Int(n) => {
                self.advance();
                Ok(n)
            }
            _ => self.unexpected("an integer"),
        }
    }

    /// A non-negative integer that fits in `T`.
    fn num<T: TryFrom<i128>>(&mut self) -> Result<T> {
        let pos = self.here();
        let n = self.int()?;
        T::try_from(n).map_err(|_| pos.error(format!("{n} is out of range here")))
    }

    /// The number of an id written `<prefix><digits>` (`v12`), if the current token is one.
    fn peek_id(&self, prefix: char) -> Option<u32> {
        let digits = self.peek_word()?.strip_prefix(prefix)?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok()
    }

    fn id(&mut self, prefix: char, what: &str) -> Result<u32> {
        match self.peek_id(prefix) {
            Some(n) => {
                self.advance();
                Ok(n)
            }
            None => self.unexpected(&format!("{what} (like {prefix}0)")),
        }
    }

    fn var_id(&mut self) -> Result<VarId> {
        self.id('v', "a variable").map(VarId)
    }

    fn func_id(&mut self) -> Result<FuncId> {
        self.id('f', "a function").map(FuncId)
    }

    fn loc_id(&mut self) -> Result<LocId> {
        self.id('L', "a location").map(LocId)
    }

    /// The id of a numbered declaration, which must be the next in sequence.
    fn declared_id(&mut self, prefix: char, what: &str, expected: usize) -> Result<()> {
        let pos = self.here();
        let id = self.id(prefix, what)?;
        if id as usize == expected {
            Ok(())
        } else {
            Err(pos.error(format!(
                "expected {prefix}{expected}, found {prefix}{id} ({what}s must be numbered densely from 0, in order)"
            )))
        }
    }

    fn var_list(&mut self) -> Vec<VarId> {
        let mut vars = Vec::new();
        while let Some(n) = self.peek_id('v') {
            self.advance();
            vars.push(VarId(n));
        }
        vars
    }

    /// `open [item (',' item)*] close`
    fn list<T>(&mut self, open: &str, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        self.expect_sym(open)?;
        let mut items = Vec::new();
        if self.eat_sym(close) {
            return Ok(items);
        }
        loop {
            items.push(item(self)?);
            if self.eat_sym(close) {
                return Ok(items);
            }
            self.expect_sym(",")?;
        }
    }

    /// Runs `parse` one level deeper, failing beyond [`MAX_NESTING`].
    fn nested<T>(&mut self, parse: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.depth >= MAX_NESTING {
            return Err(self.here().error(format!("nesting deeper than {MAX_NESTING}")));
        }
        self.depth += 1;
        let result = parse(self);
        self.depth -= 1;
        result
    }

    fn opt_span(&mut self) -> Result<Span> {
        if !self.eat_sym("@") {
            return Ok(Span::UNKNOWN);
        }
        let file = self.num()?;
        self.expect_sym(":")?;
        let line = self.num()?;
        self.expect_sym(":")?;
        let col = self.num()?;
        Ok(Span::new(FileId(file), line, col))
    }
}

// ---------------------------------------------------------------------------------------------
// Parser: program items.

/// A program's items as they are read.
#[derive(Default)]
struct ProgramParts {
    data_model: Option<DataModel>,
    files: SourceFiles,
    vars: IdVec<VarId, Var>,
    funcs: IdVec<FuncId, Function>,
    globals: Option<Vec<VarId>>,
    init: Option<FuncId>,
    entry: Option<FuncId>,
    externs: Vec<ExternFn>,
    diagnostics: Vec<Diagnostic>,
}

/// Stores the value of a section that may appear once.
fn set_once<T>(slot: &mut Option<T>, value: T, keyword: &str, pos: Pos) -> Result<()> {
    if slot.is_some() {
        return Err(pos.error(format!("duplicate `{keyword}`")));
    }
    *slot = Some(value);
    Ok(())
}

impl Parser {
    fn program(mut self) -> Result<Program> {
        let mut parts = ProgramParts::default();
        while *self.peek() != Tok::Eof {
            self.program_item(&mut parts)?;
        }
        let Some(init) = parts.init else {
            return Err(self.here().error("missing `init f<N>` (the function that initializes the globals)"));
        };
        Ok(Program {
            files: parts.files,
            data_model: parts.data_model.unwrap_or_default(),
            vars: parts.vars,
            funcs: parts.funcs,
            globals: parts.globals.unwrap_or_default(),
            init,
            entry: parts.entry,
            externs: parts.externs,
            diagnostics: parts.diagnostics,
        })
    }

    fn program_item(&mut self, parts: &mut ProgramParts) -> Result<()> {
        let pos = self.here();
        let keyword =
            self.word("a top-level item (data_model, file, var, globals, init, entry, extern, diag, func)")?;
        match keyword.as_str() {
            "data_model" => {
                let dm = self.named("ILP32 or LP64", DataModel::from_name)?;
                set_once(&mut parts.data_model, dm, "data_model", pos)
            }
            "file" => self.file(&mut parts.files),
            "var" => {
                self.declared_id('v', "variable", parts.vars.len())?;
                parts.vars.push(self.var_decl()?);
                Ok(())
            }
            "globals" => {
                let globals = self.var_list();
                set_once(&mut parts.globals, globals, "globals", pos)
            }
            "init" => {
                let init = self.func_id()?;
                set_once(&mut parts.init, init, "init", pos)
            }
            "entry" => {
                let entry = self.func_id()?;
                set_once(&mut parts.entry, entry, "entry", pos)
            }
            "extern" => {
                parts.externs.push(self.extern_decl()?);
                Ok(())
            }
            "diag" => {
                parts.diagnostics.push(self.diagnostic()?);
                Ok(())
            }
            "func" => {
                self.declared_id('f', "function", parts.funcs.len())?;
                parts.funcs.push(self.function()?);
                Ok(())
            }
            _ => Err(pos.error(format!("unknown top-level item `{keyword}`"))),
        }
    }

    fn file(&mut self, files: &mut SourceFiles) -> Result<()> {
        let pos = self.here();
        let id: u32 = self.num()?;
        if id as usize != files.len() {
            return Err(pos.error(format!(
                "expected file {}, found file {id} (files must be numbered densely from 0, in order)",
                files.len()
            )));
        }
        let path_pos = self.here();
        let path = self.string()?;
        if files.intern(&path) != FileId(id) {
            return Err(path_pos.error(format!("duplicate file path {path:?}")));
        }
        Ok(())
    }

    /// `KIND [FUNC] STRING ':' varty [span]`, after `var vN`.
    fn var_decl(&mut self) -> Result<Var> {
        let kind = self.named("a variable kind (global, param, local, temp, return)", VarKind::from_name)?;
        let func = if self.peek_id('f').is_some() { Some(self.func_id()?) } else { None };
        let name = self.string()?;
        self.expect_sym(":")?;
        let ty = self.var_ty()?;
        let span = self.opt_span()?;
        let scope = if self.eat_word("scope") {
            let start = self.opt_span()?;
            self.expect_word("to")?;
            Some(VarScope { start, end: self.opt_span()? })
        } else {
            None
        };
        Ok(Var { name, ty, kind, func, span, scope })
    }

    fn extern_decl(&mut self) -> Result<ExternFn> {
        let name = self.string()?;
        self.expect_sym("->")?;
        let ret = if self.eat_word("void") { None } else { Some(self.reg_ty()?) };
        Ok(ExternFn { name, ret })
    }

    fn diagnostic(&mut self) -> Result<Diagnostic> {
        let severity = self.named("a severity (error, unsupported, warning, assumption)", severity_from_name)?;
        let message = self.string()?;
        let span = self.opt_span()?;
        Ok(Diagnostic::new(severity, span, message))
    }
}

fn severity_from_name(name: &str) -> Option<Severity> {
    [Severity::Error, Severity::Unsupported, Severity::Warning, Severity::Assumption]
        .into_iter()
        .find(|s| s.as_str() == name)
}

// ---------------------------------------------------------------------------------------------
// Parser: types.

impl Parser {
    fn var_ty(&mut self) -> Result<VarTy> {
        if self.eat_word("mem") { Ok(VarTy::Mem(self.obj_ty()?)) } else { Ok(VarTy::Reg(self.reg_ty()?)) }
    }

    fn reg_ty(&mut self) -> Result<Type> {
        self.named("a type (cond, i32, ..., ptr, f64, ...)", reg_ty_from_name)
    }

    fn int_ty(&mut self) -> Result<IntTy> {
        self.named("an integer type (bool, i8, u8, ..., u64)", IntTy::from_name)
    }

    fn obj_ty(&mut self) -> Result<ObjType> {
        self.nested(|p| {
            if p.eat_sym("[") {
                p.array_ty()
            } else if p.eat_word("struct") {
                p.record_ty(false)
            } else if p.eat_word("union") {
                p.record_ty(true)
            } else if p.eat_word("opaque") {
                let (size, align) = p.size_align()?;
                Ok(ObjType::Opaque { size, align })
            } else {
                Ok(ObjType::Scalar(p.reg_ty()?))
            }
        })
    }

    /// `(NUM | 'dyn') 'x' objty ']'`, after `[`.
    fn array_ty(&mut self) -> Result<ObjType> {
        let len = if self.eat_word("dyn") { ArrayLen::Dynamic } else { ArrayLen::Fixed(self.num()?) };
        self.expect_word("x")?;
        let elem = Box::new(self.obj_ty()?);
        self.expect_sym("]")?;
        Ok(ObjType::Array { elem, len })
    }

    /// `STRING 'size' NUM 'align' NUM '{' fields '}'`, after `struct` or `union`.
    fn record_ty(&mut self, union: bool) -> Result<ObjType> {
        let name = self.string()?;
        let (size, align) = self.size_align()?;
        let fields = self.list("{", "}", |p| {
            let name = p.string()?;
            p.expect_word("at")?;
            let offset = p.num()?;
            p.expect_sym(":")?;
            Ok(Field { name, offset, ty: p.obj_ty()? })
        })?;
        Ok(ObjType::Record { name, union, size, align, fields })
    }

    fn size_align(&mut self) -> Result<(u64, u64)> {
        self.expect_word("size")?;
        let size = self.num()?;
        self.expect_word("align")?;
        Ok((size, self.num()?))
    }
}

fn reg_ty_from_name(name: &str) -> Option<Type> {
    match name {
        "cond" => Some(Type::Bool),
        "ptr" => Some(Type::Ptr),
        _ => IntTy::from_name(name).map(Type::Int).or_else(|| FloatTy::from_name(name).map(Type::Float)),
    }
}

// ---------------------------------------------------------------------------------------------
// Parser: functions.

/// A function body's items as they are read.
#[derive(Default)]
struct BodyParts {
    params: Option<Vec<VarId>>,
    ret: Option<VarId>,
    locals: Option<Vec<VarId>>,
    loc_count: Option<u32>,
    entry: Option<LocId>,
    exit: Option<LocId>,
    halt: Option<LocId>,
    tags: Vec<(LocId, LocTag, Pos)>,
    edges: IdVec<EdgeId, Edge>,
    /// The largest location the body mentions, and where.
    max_loc: Option<(LocId, Pos)>,
}

impl BodyParts {
    fn note_loc(&mut self, loc: LocId, pos: Pos) {
        if self.max_loc.is_none_or(|(max, _)| loc > max) {
            self.max_loc = Some((loc, pos));
        }
    }

    /// The location table: `locs` entries, or as many as the largest location mentioned needs
    /// (at least `L0`, `L1`, `L2`: the default entry, exit and halt).
    fn locations(&self) -> Result<IdVec<LocId, Location>> {
        let count = match (self.loc_count, self.max_loc) {
            (Some(count), _) => count,
            (None, Some((max, pos))) if max.0 >= MAX_LOCS => {
                return Err(pos.error(format!("{max} is beyond the limit of {MAX_LOCS} locations")));
            }
            (None, max) => max.map_or(3, |(loc, _)| (loc.0 + 1).max(3)),
        };
        let mut locs: IdVec<LocId, Location> = (0..count).map(|_| Location::default()).collect();
        for (loc, tag, pos) in &self.tags {
            let Some(location) = locs.get(*loc) else {
                return Err(pos.error(format!("{loc} is beyond `locs {count}`")));
            };
            if location.tag.is_some() {
                return Err(pos.error(format!("{loc} is tagged twice")));
            }
            locs[*loc].tag = Some(tag.clone());
        }
        Ok(locs)
    }
}

impl Parser {
    /// `STRING [span] '{' body* '}'`, after `func fN`.
    fn function(&mut self) -> Result<Function> {
        let name = self.string()?;
        let span = self.opt_span()?;
        self.expect_sym("{")?;
        let mut body = BodyParts::default();
        while !self.eat_sym("}") {
            self.body_item(&mut body)?;
        }
        Ok(Function {
            name,
            locs: body.locations()?,
            params: body.params.unwrap_or_default(),
            ret: body.ret,
            locals: body.locals.unwrap_or_default(),
            edges: body.edges,
            entry: body.entry.unwrap_or(LocId(0)),
            exit: body.exit.unwrap_or(LocId(1)),
            halt: body.halt.unwrap_or(LocId(2)),
            span,
        })
    }

    fn body_item(&mut self, body: &mut BodyParts) -> Result<()> {
        let pos = self.here();
        if self.peek_id('L').is_some() {
            return self.loc_tag(body);
        }
        if self.peek_id('e').is_some() {
            self.declared_id('e', "edge", body.edges.len())?;
            self.expect_sym(":")?;
            let edge = self.edge(body)?;
            body.edges.push(edge);
            return Ok(());
        }
        let keyword =
            self.word("a function item (params, ret, locals, locs, entry, exit, halt, L<n>:, e<n>:) or `}`")?;
        match keyword.as_str() {
            "params" => {
                let params = self.var_list();
                set_once(&mut body.params, params, "params", pos)
            }
            "ret" => {
                let ret = self.var_id()?;
                set_once(&mut body.ret, ret, "ret", pos)
            }
            "locals" => {
                let locals = self.var_list();
                set_once(&mut body.locals, locals, "locals", pos)
            }
            "locs" => {
                let count = self.loc_count()?;
                set_once(&mut body.loc_count, count, "locs", pos)
            }
            "entry" => {
                let loc = self.noted_loc(body)?;
                set_once(&mut body.entry, loc, "entry", pos)
            }
            "exit" => {
                let loc = self.noted_loc(body)?;
                set_once(&mut body.exit, loc, "exit", pos)
            }
            "halt" => {
                let loc = self.noted_loc(body)?;
                set_once(&mut body.halt, loc, "halt", pos)
            }
            _ => Err(pos.error(format!("unknown function item `{keyword}`"))),
        }
    }

    /// `LOC ':' ('loop' LOOPKIND | 'label' STRING | 'body' | 'branch' ('true' | 'false')) [span]`
    fn loc_tag(&mut self, body: &mut BodyParts) -> Result<()> {
        let pos = self.here();
        let loc = self.loc_id()?;
        self.expect_sym(":")?;
        let tag = if self.eat_word("loop") {
            let kind = self.named("a loop kind (for, while, do, goto)", LoopKind::from_name)?;
            LocTag::Loop { kind, span: self.opt_span()? }
        } else if self.eat_word("label") {
            let name = self.string()?;
            LocTag::Label { name, span: self.opt_span()? }
        } else if self.eat_word("body") {
            LocTag::Body { span: self.opt_span()? }
        } else if self.eat_word("branch") {
            let taken = if self.eat_word("true") {
                true
            } else if self.eat_word("false") {
                false
            } else {
                return self.unexpected("`true` or `false`");
            };
            LocTag::Branch { span: self.opt_span()?, taken }
        } else {
            return self.unexpected("`loop`, `label`, `body` or `branch`");
        };
        body.note_loc(loc, pos);
        body.tags.push((loc, tag, pos));
        Ok(())
    }

    /// `LOC '->' LOC command [span]`, after `eN:`.
    fn edge(&mut self, body: &mut BodyParts) -> Result<Edge> {
        let from = self.noted_loc(body)?;
        self.expect_sym("->")?;
        let to = self.noted_loc(body)?;
        let cmd = self.command()?;
        let span = self.opt_span()?;
        Ok(Edge { from, to, cmd, span })
    }

    /// The count of `locs`.
    fn loc_count(&mut self) -> Result<u32> {
        let pos = self.here();
        let count = self.num()?;
        if count > MAX_LOCS {
            return Err(pos.error(format!("{count} exceeds the limit of {MAX_LOCS} locations")));
        }
        Ok(count)
    }

    /// A location, noted as used by the function.
    fn noted_loc(&mut self, body: &mut BodyParts) -> Result<LocId> {
        let pos = self.here();
        let loc = self.loc_id()?;
        body.note_loc(loc, pos);
        Ok(loc)
    }
}

// ---------------------------------------------------------------------------------------------
// Parser: commands.

impl Parser {
    fn command(&mut self) -> Result<Command> {
        if let Some(n) = self.peek_id('v') {
            self.advance();
            self.expect_sym(":=")?;
            return self.assignment(VarId(n));
        }
        let pos = self.here();
        let keyword = self.word("a command")?;
        Ok(match keyword.as_str() {
            "skip" => Command::Skip,
            "abort" => Command::Abort,
            "assume" => Command::Assume(self.expr()?),
            "exit" => Command::Exit(self.expr()?),
            "free" => Command::Free(self.expr()?),
            "call" => self.call(None)?,
            "extern" => self.call_extern(None)?,
            "output" => Command::Output { name: self.string()?, args: self.args()? },
            "store" => {
                let (addr, value) = (self.expr()?, self.comma_expr()?);
                Command::Store { addr, value }
            }
            "init" => self.init_object()?,
            "memcpy" => {
                let (dst, src, size) = (self.expr()?, self.comma_expr()?, self.comma_expr()?);
                Command::MemCopy { dst, src, size }
            }
            "memset" => {
                let (dst, byte, size) = (self.expr()?, self.comma_expr()?, self.comma_expr()?);
                Command::MemSet { dst, byte, size }
            }
            "assert" => {
                let cond = self.expr()?;
                let origin = self.named("an assertion origin (reach_error, assert, ...)", AssertOrigin::from_text)?;
                Command::Assert { cond, origin }
            }
            "opaque" => {
                let what = self.string()?;
                let havoc = self.list("[", "]", Parser::var_id)?;
                let writes_memory = self.eat_word("writes_memory");
                let may_not_return = self.eat_word("may_not_return");
                let compute = if self.eat_word("computes") { Some(Box::new(self.computed()?)) } else { None };
                Command::Opaque { what, havoc, writes_memory, may_not_return, compute }
            }
            _ => return Err(pos.error(format!("unknown command `{keyword}`"))),
        })
    }

    /// What follows `vN :=`.
    fn assignment(&mut self, dst: VarId) -> Result<Command> {
        if self.eat_word("havoc") {
            let origin = if self.eat_word("uninit") {
                HavocOrigin::Uninit
            } else if self.eat_word("volatile") {
                HavocOrigin::Volatile
            } else if self.eat_word("nondet") {
                HavocOrigin::Nondet(self.string()?)
            } else {
                return self.unexpected("`uninit`, `volatile` or `nondet`");
            };
            Ok(Command::Havoc(dst, origin))
        } else if self.eat_word("load") {
            Ok(Command::Load { dst, addr: self.expr()? })
        } else if self.eat_word("alloc") {
            let region = self.named("`heap` or `stack`", alloc_region_from_name)?;
            let zeroed = self.eat_word("zeroed");
            Ok(Command::Alloc { dst, size: self.expr()?, zeroed, region })
        } else if self.eat_word("call") {
            self.call(Some(dst))
        } else if self.eat_word("extern") {
            self.call_extern(Some(dst))
        } else {
            Ok(Command::Assign(dst, self.expr()?))
        }
    }

    fn call(&mut self, dst: Option<VarId>) -> Result<Command> {
        let callee = self.func_id()?;
        Ok(Command::Call { dst, callee, args: self.args()? })
    }

    fn call_extern(&mut self, dst: Option<VarId>) -> Result<Command> {
        let name = self.string()?;
        Ok(Command::CallExtern { dst, name, args: self.args()? })
    }

    /// `VAR ('uninit' | 'zero') ['len' expr]`, after `init`.
    fn init_object(&mut self) -> Result<Command> {
        let var = self.var_id()?;
        let fill = self.named("`uninit` or `zero`", fill_from_name)?;
        let len = if self.eat_word("len") { Some(self.expr()?) } else { None };
        Ok(Command::InitObject { var, len, fill })
    }

    fn args(&mut self) -> Result<Vec<Expr>> {
        self.list("(", ")", Parser::expr)
    }

    fn comma_expr(&mut self) -> Result<Expr> {
        self.expect_sym(",")?;
        self.expr()
    }
}

fn fill_from_name(name: &str) -> Option<Fill> {
    [Fill::Uninit, Fill::Zero].into_iter().find(|f| fill_name(*f) == name)
}

fn alloc_region_from_name(name: &str) -> Option<AllocRegion> {
    [AllocRegion::Heap, AllocRegion::Stack].into_iter().find(|r| region_name(*r) == name)
}

// ---------------------------------------------------------------------------------------------
// Parser: expressions.

impl Parser {
    fn expr(&mut self) -> Result<Expr> {
        if *self.peek() == Tok::Sym("(") {
            return self.nested(Parser::compound_expr);
        }
        if self.eat_sym("&") {
            return Ok(Expr::AddrOf(self.var_id()?));
        }
        if let Some(n) = self.peek_id('v') {
            self.advance();
            return Ok(Expr::Var(VarId(n)));
        }
        let atom = match self.peek_word() {
            Some("true") => Expr::Bool(true),
            Some("false") => Expr::Bool(false),
            Some("null") => Expr::Null,
            _ => return self.unexpected("an expression"),
        };
        self.advance();
        Ok(atom)
    }

    /// What an opaque step computes (see [`Computed`]).
    fn computed(&mut self) -> Result<Computed> {
        let pos = self.here();
        let word = self.word("a computed step")?;
        let (head, suffix) = word.split_once('.').unwrap_or((word.as_str(), ""));
        Ok(match (head, suffix) {
            ("ptr_to_int", "") => Computed::Address(AddressStep::ToInt { dst: self.var_id()?, pointer: self.expr()? }),
            ("int_to_ptr", "") => {
                Computed::Address(AddressStep::ToPointer { dst: self.var_id()?, integer: self.expr()? })
            }
            _ => Computed::Float(self.float_step(pos, &word, head, suffix)?),
        })
    }

    /// A floating-point step (see [`crate::float`]) whose first word, at `pos`, is `word`:
    /// `head.suffix`.
    fn float_step(&mut self, pos: Pos, word: &str, head: &str, suffix: &str) -> Result<FloatStep> {
        Ok(match (head, suffix) {
            ("set", "") => FloatStep::Set { dst: self.var_id()?, value: self.float_expr()? },
            ("load", "") => FloatStep::Load { dst: self.var_id()?, addr: self.expr()? },
            ("to_int", "") => FloatStep::ToInt { dst: self.var_id()?, value: self.float_expr()? },
            ("store", ty) => {
                let ty = FloatTy::from_name(ty)
                    .ok_or_else(|| pos.error(format!("unknown floating-point type in `{word}`")))?;
                FloatStep::Store { addr: self.expr()?, value: self.float_expr()?, ty }
            }
            ("compare", op) => {
                let op = CmpOp::from_name(op).ok_or_else(|| pos.error(format!("unknown comparison in `{word}`")))?;
                FloatStep::Compare { dst: self.var_id()?, op, lhs: self.float_expr()?, rhs: self.float_expr()? }
            }
            _ => return Err(pos.error(format!("unknown computed step `{word}`"))),
        })
    }

    /// `'(' ... ')'`: a floating-point value.
    fn float_expr(&mut self) -> Result<FloatExpr> {
        self.nested(|p| {
            p.expect_sym("(")?;
            let pos = p.here();
            let word = p.word("a floating-point operation")?;
            let parts: Vec<&str> = word.split('.').collect();
            let ty = |name: &str| {
                FloatTy::from_name(name).ok_or_else(|| pos.error(format!("unknown floating-point type in `{word}`")))
            };
            let e = match parts.as_slice() {
                ["fconst", t] => {
                    let bits = p.int()?;
                    let bits =
                        u64::try_from(bits).map_err(|_| pos.error("the bits of a constant must fit in 64 bits"))?;
                    FloatExpr::Const { bits, ty: ty(t)? }
                }
                ["fvar"] => FloatExpr::Var(p.var_id()?),
                ["fromint", t] => FloatExpr::FromInt { ty: ty(t)?, value: p.expr()? },
                ["fconvert", t] => FloatExpr::Convert { ty: ty(t)?, value: Box::new(p.float_expr()?) },
                ["fneg"] => FloatExpr::Neg(Box::new(p.float_expr()?)),
                ["math", f, t] => {
                    let func =
                        MathFn::from_name(f).ok_or_else(|| pos.error(format!("unknown math function in `{word}`")))?;
                    let mut args = Vec::new();
                    while *p.peek() == Tok::Sym("(") {
                        args.push(p.float_expr()?);
                    }
                    FloatExpr::Math { func, ty: ty(t)?, args }
                }
                [op, t] if FloatBin::from_name(op).is_some() => {
                    let op = FloatBin::from_name(op).expect("checked");
                    let ty = ty(t)?;
                    FloatExpr::Bin { op, ty, lhs: Box::new(p.float_expr()?), rhs: Box::new(p.float_expr()?) }
                }
                _ => return Err(pos.error(format!("unknown floating-point operation `{word}`"))),
            };
            p.expect_sym(")")?;
            Ok(e)
        })
    }

    /// `'(' ... ')'`: a constant or an operation.
    fn compound_expr(&mut self) -> Result<Expr> {
        self.expect_sym("(")?;
        let e = if let Tok::Int(value) = *self.peek() {
            self.advance();
            self.expect_sym(":")?;
            Expr::Int(value, self.int_ty()?)
        } else {
            self.operation()?
        };
        self.expect_sym(")")?;
        Ok(e)
    }

    /// An operator (with its `.type` suffix if it has one) and its operands. Each kind of
    /// operation is parsed by its own function, which keeps this recursive path's frames small.
    fn operation(&mut self) -> Result<Expr> {
        let pos = self.here();
        let word = self.word("an operator or an integer constant")?;
        let op = OpWord::new(&word, pos);
        if let Some(unop) = UnOp::from_name(op.name) {
            self.unary(unop, &op)
        } else if let Some(binop) = BinOp::from_name(op.name) {
            self.binary(binop, &op)
        } else if let Some(cmp) = CmpOp::from_name(op.name) {
            self.comparison(cmp, &op)
        } else {
            match op.name {
                "lnot" => self.lnot(&op),
                "cast" => self.cast(&op),
                "ptradd" => self.ptr_add(&op),
                "ptrdiff" => self.ptr_diff(&op),
                _ => Err(pos.error(format!("unknown operator `{word}`"))),
            }
        }
    }

    fn unary(&mut self, unop: UnOp, op: &OpWord) -> Result<Expr> {
        let ty = op.ty()?;
        Ok(Expr::Unary(unop, ty, Box::new(self.expr()?)))
    }

    fn binary(&mut self, binop: BinOp, op: &OpWord) -> Result<Expr> {
        let ty = op.ty()?;
        let lhs = self.expr()?;
        Ok(Expr::binary(binop, ty, lhs, self.expr()?))
    }

    fn comparison(&mut self, cmp: CmpOp, op: &OpWord) -> Result<Expr> {
        op.untyped()?;
        let lhs = self.expr()?;
        Ok(Expr::cmp(cmp, lhs, self.expr()?))
    }

    fn lnot(&mut self, op: &OpWord) -> Result<Expr> {
        op.untyped()?;
        Ok(Expr::Not(Box::new(self.expr()?)))
    }

    fn cast(&mut self, op: &OpWord) -> Result<Expr> {
        let ty = op.ty()?;
        Ok(Expr::cast(ty, self.expr()?))
    }

    fn ptr_add(&mut self, op: &OpWord) -> Result<Expr> {
        op.untyped()?;
        let (base, offset) = (Box::new(self.expr()?), Box::new(self.expr()?));
        self.expect_sym("*")?;
        Ok(Expr::PtrAdd { base, offset, scale: self.num()? })
    }

    fn ptr_diff(&mut self, op: &OpWord) -> Result<Expr> {
        let ty = op.ty()?;
        let (lhs, rhs) = (Box::new(self.expr()?), Box::new(self.expr()?));
        self.expect_sym("/")?;
        Ok(Expr::PtrDiff { lhs, rhs, scale: self.num()?, ty })
    }
}

/// An operator word: a name and an optional `.type` suffix (`add.i32`).
struct OpWord<'a> {
    name: &'a str,
    suffix: Option<&'a str>,
    pos: Pos,
}

impl<'a> OpWord<'a> {
    fn new(word: &'a str, pos: Pos) -> OpWord<'a> {
        match word.split_once('.') {
            Some((name, suffix)) => OpWord { name, suffix: Some(suffix), pos },
            None => OpWord { name: word, suffix: None, pos },
        }
    }

    /// The type of an operator that computes in one.
    fn ty(&self) -> Result<IntTy> {
        let Some(suffix) = self.suffix else {
            return Err(self.pos.error(format!("`{0}` needs a type, as in `{0}.i32`", self.name)));
        };
        IntTy::from_name(suffix).ok_or_else(|| self.pos.error(format!("unknown integer type `{suffix}`")))
    }

    /// Checks that an operator that has no type is written without one.
    fn untyped(&self) -> Result<()> {
        match self.suffix {
            Some(_) => Err(self.pos.error(format!("`{}` takes no type suffix", self.name))),
            None => Ok(()),
        }
    }
}
