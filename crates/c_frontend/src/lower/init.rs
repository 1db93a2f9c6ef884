//! Initializers: `= expr`, strings for char arrays, and brace lists with designators and brace
//! elision (C11 6.7.9). An aggregate is first zeroed, then its initialized parts are stored, in
//! the order written (gcc's order of evaluation).

use super::Cx;
use super::expr::{Place, ptr_offset, string_bytes};
use crate::ctypes::{ArraySize, CType};
use lang_c::ast::*;
use lang_c::span::Node;
use leapfrog_arith::IntTy;
use leapfrog_ir::{Command, Expr, Fill, VarId, VarTy};
use leapfrog_source::Span;

impl Cx<'_> {
    /// Run the initializer of a variable (local, or global inside `init`).
    pub fn initialize_var(&mut self, var: VarId, ty: &CType, init: &Node<Initializer>) {
        let span = self.span(init.span);
        match &self.l.vars[var].ty {
            VarTy::Reg(_) => {
                let place = Place::Reg(var);
                match &init.node {
                    Initializer::Expression(e) => {
                        let v = self.value(e);
                        self.assign_value(&place, ty, v, span);
                    }
                    Initializer::List(items) => match items.first() {
                        Some(first) => self.initialize_var(var, ty, &first.node.initializer),
                        None => {
                            let zero = Expr::Int(0, IntTy::I32);
                            let v = super::expr::Operand::value(zero, CType::int());
                            self.assign_value(&place, ty, v, span);
                        }
                    },
                }
            }
            VarTy::Mem(_) => {
                self.union_members.clear();
                let aggregate = matches!(ty, CType::Array(..) | CType::Record(_));
                if aggregate {
                    self.emit(Command::InitObject { var, len: None, fill: Fill::Zero }, span);
                }
                self.initialize_at(Expr::AddrOf(var), ty, init);
            }
        }
    }

    /// Initialize the object of type `ty` at `addr`.
    fn initialize_at(&mut self, addr: Expr, ty: &CType, init: &Node<Initializer>) {
        let span = self.span(init.span);
        match &init.node {
            Initializer::List(items) => {
                let mut i = 0;
                self.init_braced(addr, ty, items, &mut i);
            }
            Initializer::Expression(e) => self.init_from_expression(addr, ty, e, span),
        }
    }

    fn init_from_expression(&mut self, addr: Expr, ty: &CType, e: &Node<Expression>, span: Span) {
        if let (CType::Array(elem, size), Expression::StringLiteral(s)) = (ty, &e.node)
            && elem.is_integer()
        {
            let bytes = string_bytes(&s.node);
            let limit = match size {
                ArraySize::Fixed(n) => *n as usize,
                _ => bytes.len() + 1,
            };
            let elem_size = self.size_of(elem).unwrap_or(1);
            for (i, b) in bytes.iter().chain(std::iter::once(&0u8)).take(limit).enumerate() {
                let a = ptr_offset(addr.clone(), i as u64 * elem_size);
                let t = elem.as_int().unwrap_or(IntTy::I8);
                let value = Expr::Int(t.convert(i128::from(*b as i8)), t);
                self.emit(Command::Store { addr: a, value }, span);
            }
            return;
        }
        let v = self.value(e);
        self.assign_value(&Place::Mem(addr), ty, v, span);
    }

    /// A braced list for the object at `addr`; `i` indexes `items`.
    fn init_braced(&mut self, addr: Expr, ty: &CType, items: &[Node<InitializerListItem>], i: &mut usize) {
        if let Some(e) = braced_string(ty, items) {
            let span = self.span(e.span);
            *i = items.len();
            self.init_from_expression(addr, ty, e, span);
            return;
        }
        match ty {
            CType::Array(..) | CType::Record(_) => {
                self.init_aggregate(addr, ty, items, i, true, 0);
            }
            _ => {
                // A scalar in braces: its first item.
                if let Some(item) = items.get(*i) {
                    *i += 1;
                    self.initialize_at(addr, ty, &item.node.initializer);
                }
                *i = items.len();
            }
        }
    }

    /// Fill an array or record from `items[*i..]`, from its member at position `start`. A braced
    /// list consumes all its items; an elided one (`braced == false`) only what its object needs.
    /// Returns the position after the last member initialized (the length an array of unknown
    /// size gets).
    fn init_aggregate(
        &mut self,
        addr: Expr,
        ty: &CType,
        items: &[Node<InitializerListItem>],
        i: &mut usize,
        braced: bool,
        start: usize,
    ) -> usize {
        let members = self.members(ty);
        let mut pos = start;
        let mut end = 0;
        while *i < items.len() {
            let item = &items[*i];
            if !item.node.designation.is_empty() {
                if !braced {
                    break;
                }
                *i += 1;
                match self.designated(addr.clone(), ty, &item.node.designation, &item.node.initializer, items, i) {
                    Some(next) => pos = next,
                    None => break,
                }
                end = end.max(pos);
                continue;
            }
            let Some((offset, mty)) = self.member_at(ty, &members, pos) else {
                if braced {
                    let span = self.span(item.span);
                    self.warning(span, "excess elements in initializer");
                    *i = items.len();
                }
                break;
            };
            self.union_member(&addr, ty, pos, self.span(item.span));
            self.init_member(ptr_offset(addr.clone(), offset), &mty, items, i);
            pos += 1;
            end = end.max(pos);
            if matches!(ty, CType::Record(r) if self.l.records.get(*r).union) {
                if braced {
                    *i = items.len();
                }
                break;
            }
        }
        end
    }

    /// One member from `items[*i]`: a nested list, a whole value, or the start of an elided list.
    fn init_member(&mut self, addr: Expr, ty: &CType, items: &[Node<InitializerListItem>], i: &mut usize) {
        let item = &items[*i];
        let span = self.span(item.span);
        match &item.node.initializer.node {
            Initializer::List(inner) => {
                *i += 1;
                let mut j = 0;
                self.init_braced(addr, ty, inner, &mut j);
            }
            Initializer::Expression(e) => {
                let aggregate = matches!(ty, CType::Array(..) | CType::Record(_));
                let whole = !aggregate || self.initializes_whole(ty, e);
                if whole {
                    *i += 1;
                    self.init_from_expression(addr, ty, e, span);
                } else {
                    self.init_aggregate(addr, ty, items, i, false, 0);
                }
            }
        }
    }

    /// Whether an expression initializes a whole aggregate (a string for a char array, a struct
    /// value of the same type) rather than its first scalar (brace elision).
    fn initializes_whole(&mut self, ty: &CType, e: &Node<Expression>) -> bool {
        match (ty, &e.node) {
            (CType::Array(elem, _), Expression::StringLiteral(_)) => elem.is_integer(),
            (CType::Record(_), _) => self.type_of_expr(e) == *ty,
            _ => false,
        }
    }

    /// A designated item (already consumed from `items`): store it, and return the position after
    /// the designated member. When the designation goes deeper (`.x.b = 1, 2`), the items that
    /// follow continue inside the designated member's enclosing object, after it (C11 6.7.9p17:
    /// `x.c = 2`), until it is full or another designator comes.
    fn designated(
        &mut self,
        addr: Expr,
        ty: &CType,
        designators: &[Node<Designator>],
        init: &Node<Initializer>,
        items: &[Node<InitializerListItem>],
        i: &mut usize,
    ) -> Option<usize> {
        let (first, rest) = designators.split_first()?;
        let span = self.span(first.span);
        let (positions, next) = match &first.node {
            Designator::Index(e) => {
                let n = self.const_int(e)?;
                (vec![n as usize], n as usize + 1)
            }
            Designator::Range(r) => {
                let lo = self.const_int(&r.node.from)? as usize;
                let hi = self.const_int(&r.node.to)? as usize;
                ((lo..=hi).collect(), hi + 1)
            }
            Designator::Member(id) => {
                let CType::Record(rid) = ty else {
                    self.unsupported(span, "member designator for a value that is not a struct");
                    return None;
                };
                let name = id.node.name.as_str();
                let fields = &self.l.records.get(*rid).fields;
                if let Some(p) = fields.iter().position(|f| f.name.as_deref() == Some(name)) {
                    (vec![p], p + 1)
                } else if let Some(p) = fields.iter().position(|f| match (&f.name, &f.ty) {
                    (None, CType::Record(inner)) => self.l.records.find_field(*inner, name).is_some(),
                    _ => false,
                }) {
                    // A member of an anonymous struct or union: the same designators apply to
                    // that anonymous member.
                    self.union_member(&addr, ty, p, span);
                    let members = self.members(ty);
                    let (offset, mty) = self.member_at(ty, &members, p)?;
                    self.designated_then_continue(ptr_offset(addr, offset), &mty, designators, init, items, i);
                    return Some(p + 1);
                } else {
                    self.unsupported(span, format!("designator of unknown member `{name}`"));
                    return None;
                }
            }
        };
        if let [p] = positions[..] {
            self.union_member(&addr, ty, p, span);
        }
        let members = self.members(ty);
        let last = positions.len().saturating_sub(1);
        for (k, p) in positions.into_iter().enumerate() {
            let (offset, mty) = self.member_at(ty, &members, p)?;
            let a = ptr_offset(addr.clone(), offset);
            if rest.is_empty() {
                match &init.node {
                    Initializer::List(inner) => {
                        let mut j = 0;
                        self.init_braced(a, &mty, inner, &mut j);
                    }
                    Initializer::Expression(e)
                        if matches!(mty, CType::Array(..) | CType::Record(_)) && !self.initializes_whole(&mty, e) =>
                    {
                        // Brace elision from a designated item (`[2] = 1, 2` for rows of two):
                        // this item and the undesignated ones after it fill the designated member.
                        let run_end = if k == last {
                            items[*i..]
                                .iter()
                                .position(|it| !it.node.designation.is_empty())
                                .map_or(items.len(), |n| *i + n)
                        } else {
                            *i
                        };
                        let first =
                            InitializerListItem { designation: Vec::new(), initializer: Box::new(init.clone()) };
                        let mut run = vec![Node { node: first, span: init.span }];
                        run.extend_from_slice(&items[*i..run_end]);
                        let mut j = 0;
                        self.init_aggregate(a, &mty, &run, &mut j, false, 0);
                        if k == last {
                            *i += j.saturating_sub(1);
                        }
                    }
                    Initializer::Expression(e) => self.init_from_expression(a, &mty, e, span),
                }
            } else if k == last {
                self.designated_then_continue(a, &mty, rest, init, items, i);
            } else {
                // Earlier elements of a range designator: no items follow them.
                let mut none = items.len();
                self.designated(a, &mty, rest, init, items, &mut none);
            }
        }
        Some(next)
    }

    /// Member `p` of the object `ty` at `addr` is about to be initialized: when `ty` is a union
    /// another member of which was initialized before, that one is replaced — the union's bytes
    /// are zeroed again first (gcc keeps only the last member initialized; the other bytes of an
    /// initialized object are zero).
    fn union_member(&mut self, addr: &Expr, ty: &CType, p: usize, span: Span) {
        let CType::Record(r) = ty else { return };
        let record = self.l.records.get(*r);
        if !record.union {
            return;
        }
        let size = record.size;
        if self.union_members.insert(addr.clone(), p).is_some_and(|before| before != p) {
            let size_type = self.l.dm.size_type(false);
            let zero = Command::MemSet {
                dst: addr.clone(),
                byte: Expr::Int(0, IntTy::I32),
                size: Expr::Int(i128::from(size), size_type),
            };
            self.emit(zero, span);
        }
    }

    /// A designation inside the object `ty` at `addr`, then the items that follow, brace-elided,
    /// for the members of `ty` after the designated one (a union takes no more).
    fn designated_then_continue(
        &mut self,
        addr: Expr,
        ty: &CType,
        designators: &[Node<Designator>],
        init: &Node<Initializer>,
        items: &[Node<InitializerListItem>],
        i: &mut usize,
    ) {
        let Some(next) = self.designated(addr.clone(), ty, designators, init, items, i) else { return };
        if !matches!(ty, CType::Record(r) if self.l.records.get(*r).union) {
            self.init_aggregate(addr, ty, items, i, false, next);
        }
    }

    /// The members of an aggregate in order: (offset, type); arrays are handled by index.
    fn members(&self, ty: &CType) -> Vec<(u64, CType)> {
        match ty {
            CType::Record(r) => self.l.records.get(*r).fields.iter().map(|f| (f.offset, f.ty.clone())).collect(),
            _ => Vec::new(),
        }
    }

    /// The member at a position: an array element or a record field.
    fn member_at(&self, ty: &CType, members: &[(u64, CType)], pos: usize) -> Option<(u64, CType)> {
        match ty {
            CType::Array(elem, size) => {
                if let ArraySize::Fixed(n) = size
                    && pos as u64 >= *n
                {
                    return None;
                }
                let es = self.size_of(elem)?;
                Some((pos as u64 * es, (**elem).clone()))
            }
            CType::Record(_) => members.get(pos).cloned(),
            _ => None,
        }
    }

    /// `T a[] = init`: the array type with the length the initializer gives it.
    pub fn complete_array_from_initializer(&mut self, elem: CType, init: &Node<Initializer>) -> CType {
        let whole = CType::Array(Box::new(elem.clone()), ArraySize::Incomplete);
        let n = match &init.node {
            Initializer::Expression(e) => match &e.node {
                Expression::StringLiteral(s) => string_bytes(&s.node).len() as u64 + 1,
                _ => 1,
            },
            Initializer::List(items) => match braced_string(&whole, items).map(|e| &e.node) {
                Some(Expression::StringLiteral(s)) => string_bytes(&s.node).len() as u64 + 1,
                _ => self.count_elements(&elem, items),
            },
        };
        CType::Array(Box::new(elem), ArraySize::Fixed(n))
    }

    /// How many array elements a list initializes (with designators and brace elision): the
    /// initialization itself, run dry on an array of unbounded length.
    fn count_elements(&mut self, elem: &CType, items: &[Node<InitializerListItem>]) -> u64 {
        let unbounded = CType::Array(Box::new(elem.clone()), ArraySize::Incomplete);
        self.scratch(|cx| cx.init_aggregate(Expr::Null, &unbounded, items, &mut 0, true, 0)) as u64
    }
}

/// The string literal of `{ "abc" }` initializing a character array: it initializes the array as
/// if written without the braces (C11 6.7.9p14), not its first element.
fn braced_string<'n>(ty: &CType, items: &'n [Node<InitializerListItem>]) -> Option<&'n Node<Expression>> {
    let CType::Array(elem, _) = ty else { return None };
    let [item] = items else { return None };
    match &item.node.initializer.node {
        Initializer::Expression(e)
            if elem.is_integer()
                && item.node.designation.is_empty()
                && matches!(e.node, Expression::StringLiteral(_)) =>
        {
            Some(e)
        }
        _ => None,
    }
}
