//! Name resolution: the ordinary identifier namespace (variables, functions, enumeration
//! constants, typedef names) and the tag namespace (`struct`/`union`/`enum` tags), as a stack of
//! block scopes over a file scope.

use crate::ctypes::{CType, FuncSig, RecordId};
use leapfrog_arith::IntTy;
use leapfrog_ir::{VarId, VarScope};
use leapfrog_source::Span;
use std::collections::HashMap;

#[derive(Clone, Debug)]
pub enum Ordinary {
    Var {
        var: VarId,
        ty: CType,
    },
    /// A function; `key` identifies it for linking (the name, or `file#name` for `static`).
    Func {
        key: String,
        sig: FuncSig,
    },
    /// An enumeration constant: its value and type (`int` when the value fits, else the type of
    /// its enumeration, as gcc does).
    EnumConst(i128, IntTy),
    Typedef(CType),
}

#[derive(Clone, Debug)]
pub enum Tag {
    Record(RecordId),
    Enum(IntTy),
}

#[derive(Clone, Debug, Default)]
pub struct Frame {
    pub ordinary: HashMap<String, Ordinary>,
    pub tags: HashMap<String, Tag>,
    /// The last character of the block (`None` for the file scope).
    end: Option<Span>,
    /// For the scope of a `for` statement's first clause: the `for` keyword.
    for_keyword: Option<Span>,
}

/// Block scopes, innermost last; the first frame is the file scope.
#[derive(Clone, Debug)]
pub struct Scopes {
    frames: Vec<Frame>,
}

impl Scopes {
    pub fn new(file_scope: Frame) -> Scopes {
        Scopes { frames: vec![file_scope] }
    }

    /// A block scope whose last character is `end`.
    pub fn push(&mut self, end: Span) {
        self.frames.push(Frame { end: Some(end), ..Frame::default() });
    }

    /// The scope of a `for` statement (`keyword` is its keyword), which its first clause's
    /// declarations belong to.
    pub fn push_for(&mut self, keyword: Span, end: Span) {
        self.frames.push(Frame { end: Some(end), for_keyword: Some(keyword), ..Frame::default() });
    }

    /// The IR scope of a variable declared at `declared` in the innermost scope: from the
    /// declarator (in the first clause of a `for`, from the keyword: that loop's facts are stated
    /// at its condition) to the end of the block.
    pub fn var_scope(&self, declared: Span) -> VarScope {
        let frame = self.frames.last();
        let start = frame.and_then(|f| f.for_keyword).unwrap_or(declared);
        VarScope { start, end: frame.and_then(|f| f.end).unwrap_or(Span::UNKNOWN) }
    }

    pub fn pop(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    pub fn is_file_scope(&self) -> bool {
        self.frames.len() == 1
    }

    pub fn lookup(&self, name: &str) -> Option<&Ordinary> {
        self.frames.iter().rev().find_map(|f| f.ordinary.get(name))
    }

    pub fn lookup_tag(&self, name: &str) -> Option<&Tag> {
        self.frames.iter().rev().find_map(|f| f.tags.get(name))
    }

    /// The tag declared in the innermost scope only (a definition there shadows outer ones).
    pub fn lookup_tag_here(&self, name: &str) -> Option<&Tag> {
        self.frames.last().and_then(|f| f.tags.get(name))
    }

    pub fn bind(&mut self, name: &str, o: Ordinary) {
        self.frames.last_mut().expect("file scope").ordinary.insert(name.to_string(), o);
    }

    pub fn bind_tag(&mut self, name: &str, t: Tag) {
        self.frames.last_mut().expect("file scope").tags.insert(name.to_string(), t);
    }

    pub fn is_typedef(&self, name: &str) -> bool {
        matches!(self.lookup(name), Some(Ordinary::Typedef(_)))
    }

    pub fn into_file_scope(mut self) -> Frame {
        self.frames.truncate(1);
        self.frames.pop().unwrap_or_default()
    }
}
