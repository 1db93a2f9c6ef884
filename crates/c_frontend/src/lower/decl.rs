//! Declarations: from declaration specifiers and declarators to C types, including struct,
//! union and enum definitions (which bind tags and enumeration constants as a side effect).

use super::Cx;
use super::scope::{Ordinary, Tag};
use crate::ctypes::{ArraySize, CType, FuncSig, Layout, RecordDef, RecordField};
use lang_c::ast::*;
use lang_c::span::Node;
use leapfrog_arith::IntTy;
use leapfrog_ir::{Command, FloatTy, Type, VarKind};
use leapfrog_source::Span;

/// Storage class and function specifiers that matter to lowering.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Storage {
    pub typedef: bool,
    pub is_extern: bool,
    pub is_static: bool,
}

/// A declarator applied to a base type.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: Option<String>,
    pub ty: CType,
    pub span: Span,
    /// For a function declarator applied directly to the name: its parameters (name, type, span),
    /// with arrays and functions already adjusted to pointers.
    pub params: Option<Vec<(Option<String>, CType, Span)>>,
    /// The parameter names of a K&R definition (`int f(a, b) int a; ...`).
    pub kr_params: Option<Vec<String>>,
}

/// The type-relevant part of a specifier list, gathered from either kind of list.
#[derive(Default)]
struct SpecWords<'a> {
    storage: Storage,
    types: Vec<&'a Node<TypeSpecifier>>,
    volatile: bool,
}

fn is_volatile(q: &Node<TypeQualifier>) -> bool {
    q.node == TypeQualifier::Volatile
}

impl Cx<'_> {
    /// The base type and storage class of a declaration's specifiers.
    pub fn decl_specifiers(&mut self, specs: &[Node<DeclarationSpecifier>], span: Span) -> (CType, Storage) {
        let mut words = SpecWords::default();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::StorageClass(sc) => match sc.node {
                    StorageClassSpecifier::Typedef => words.storage.typedef = true,
                    StorageClassSpecifier::Extern => words.storage.is_extern = true,
                    StorageClassSpecifier::Static => words.storage.is_static = true,
                    _ => {}
                },
                DeclarationSpecifier::TypeSpecifier(t) => words.types.push(t),
                DeclarationSpecifier::TypeQualifier(q) => words.volatile |= is_volatile(q),
                DeclarationSpecifier::Extension(exts) => self.check_layout_attributes(exts),
                _ => {}
            }
        }
        let ty = self.type_from_specifiers(&words.types, span);
        (if words.volatile { CType::volatile(ty) } else { ty }, words.storage)
    }

    /// The type named by a specifier-qualifier list (type names, struct fields).
    pub fn specqual_type(&mut self, specs: &[Node<SpecifierQualifier>], span: Span) -> CType {
        let mut types: Vec<&Node<TypeSpecifier>> = Vec::new();
        let mut volatile = false;
        for s in specs {
            match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => types.push(t),
                SpecifierQualifier::Extension(exts) => self.check_layout_attributes(exts),
                SpecifierQualifier::TypeQualifier(q) => volatile |= is_volatile(q),
            }
        }
        let ty = self.type_from_specifiers(&types, span);
        if volatile { CType::volatile(ty) } else { ty }
    }

    /// gcc attributes that change types or layouts (`packed`, `aligned`, `mode`, `vector_size`)
    /// are not modelled: the program's own uses are reported (those inside system headers, such
    /// as glibc's `max_align_t`, concern types programs rarely lay out themselves).
    fn check_layout_attributes(&mut self, exts: &[Node<Extension>]) {
        for ext in exts {
            let Extension::Attribute(attr) = &ext.node else { continue };
            let name = attr.name.node.trim_matches('_');
            if !matches!(name, "packed" | "aligned" | "mode" | "vector_size") {
                continue;
            }
            let span = self.span(ext.span);
            if !self.l.files.path(span.file).starts_with("/usr/") {
                self.unsupported(span, format!("attribute `{name}` (it changes a type or a layout)"));
            }
        }
    }

    /// The type of a type name (`sizeof(T)`, casts, compound literals), without a top-level
    /// `volatile` (which means nothing for a value; a pointer's target keeps it).
    pub fn type_name(&mut self, tn: &Node<TypeName>) -> CType {
        let span = self.span(tn.span);
        let base = self.specqual_type(&tn.node.specifiers, span);
        let ty = match &tn.node.declarator {
            Some(d) => self.declarator(base, d).ty,
            None => base,
        };
        ty.split_volatile().0
    }

    fn type_from_specifiers(&mut self, types: &[&Node<TypeSpecifier>], span: Span) -> CType {
        let mut signed = None;
        let (mut chars, mut shorts, mut longs) = (0, 0, 0);
        let mut base: Option<CType> = None;
        let mut float: Option<FloatTy> = None;
        for t in types {
            match &t.node {
                TypeSpecifier::Void => base = Some(CType::Void),
                TypeSpecifier::Char => chars += 1,
                TypeSpecifier::Short => shorts += 1,
                TypeSpecifier::Int => {}
                TypeSpecifier::Long => longs += 1,
                TypeSpecifier::Float => float = Some(FloatTy::F32),
                TypeSpecifier::Double => float = Some(FloatTy::F64),
                TypeSpecifier::Signed => signed = Some(true),
                TypeSpecifier::Unsigned => signed = Some(false),
                TypeSpecifier::Bool => base = Some(CType::Int(IntTy::Bool)),
                TypeSpecifier::Complex => {
                    self.unsupported(span, "complex numbers");
                    float = Some(FloatTy::F64);
                }
                TypeSpecifier::Atomic(tn) => base = Some(self.type_name(tn)),
                TypeSpecifier::Struct(st) => base = Some(self.struct_type(st)),
                TypeSpecifier::Enum(et) => base = Some(self.enum_type(et)),
                TypeSpecifier::TypedefName(id) => base = Some(self.typedef_type(&id.node.name, span)),
                TypeSpecifier::TypeOf(to) => {
                    base = Some(match &to.node {
                        TypeOf::Type(tn) => self.type_name(tn),
                        TypeOf::Expression(e) => self.type_of_expr(e),
                    })
                }
                TypeSpecifier::TS18661Float(_) => float = Some(FloatTy::F80),
            }
        }
        if let Some(f) = float {
            return CType::Float(if f == FloatTy::F64 && longs > 0 { FloatTy::F80 } else { f });
        }
        if let Some(b) = base {
            return b;
        }
        let signed = signed.unwrap_or(true);
        let int = if chars > 0 {
            if signed { IntTy::I8 } else { IntTy::U8 }
        } else if shorts > 0 {
            IntTy::from_bits(16, signed).unwrap()
        } else if longs >= 2 {
            IntTy::from_bits(64, signed).unwrap()
        } else if longs == 1 {
            self.l.dm.long(signed)
        } else {
            // `int`, `signed`, `unsigned`, or no type at all (implicit int).
            IntTy::from_bits(32, signed).unwrap()
        };
        CType::Int(int)
    }

    fn typedef_type(&mut self, name: &str, span: Span) -> CType {
        match self.scopes.lookup(name) {
            Some(Ordinary::Typedef(t)) => t.clone(),
            _ => {
                // Builtin typedef names that gcc knows without a declaration.
                match name {
                    "__builtin_va_list" => CType::Ptr(Box::new(CType::Void)),
                    // GNU's 128-bit integers (`__int128`, which our lang-c gives as a type name,
                    // and the predefined typedefs): their values are arbitrary. They are carried
                    // like `long double`, which has their size and alignment under LP64 (gcc
                    // has no `__int128` for 32-bit targets).
                    "__int128" | "__int128_t" | "__uint128_t" => {
                        self.unsupported(span, format!("128-bit integer type `{name}` (its values are arbitrary)"));
                        CType::Float(FloatTy::F80)
                    }
                    _ => {
                        self.unsupported(span, format!("unknown type name `{name}`"));
                        CType::int()
                    }
                }
            }
        }
    }

    fn struct_type(&mut self, st: &Node<StructType>) -> CType {
        let union = st.node.kind.node == StructKind::Union;
        self.check_layout_attributes(&st.node.extensions);
        let name = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let Some(decls) = &st.node.declarations else {
            // A reference `struct S`: the visible tag, or a new incomplete one.
            if let Some(n) = &name {
                if let Some(Tag::Record(id)) = self.scopes.lookup_tag(n) {
                    return CType::Record(*id);
                }
                let id = self.l.records.add(incomplete_record(n, union));
                self.scopes.bind_tag(n, Tag::Record(id));
                return CType::Record(id);
            }
            return CType::Record(self.l.records.add(incomplete_record("<anonymous>", union)));
        };
        // A definition: complete a forward declaration of this scope, or make a new record.
        let id = match name.as_ref().and_then(|n| self.scopes.lookup_tag_here(n)) {
            Some(Tag::Record(id)) if !self.l.records.get(*id).complete => *id,
            _ => {
                let id = self.l.records.add(incomplete_record(name.as_deref().unwrap_or("<anonymous>"), union));
                if let Some(n) = &name {
                    self.scopes.bind_tag(n, Tag::Record(id));
                }
                id
            }
        };
        let mut fields = Vec::new();
        let mut has_bitfields = false;
        for d in decls {
            let StructDeclaration::Field(field) = &d.node else { continue };
            let fspan = self.span(field.span);
            let base = self.specqual_type(&field.node.specifiers, fspan);
            if field.node.declarators.is_empty() {
                // An anonymous struct/union member.
                let (base, volatile) = base.split_volatile();
                if let CType::Record(inner) = base {
                    has_bitfields |= self.l.records.get(inner).has_bitfields;
                    fields.push(RecordField { name: None, ty: base, offset: 0, bit_width: None, volatile });
                }
                continue;
            }
            for sd in &field.node.declarators {
                let (fname, fty) = match &sd.node.declarator {
                    Some(decl) => {
                        let d = self.declarator(base.clone(), decl);
                        (d.name, d.ty)
                    }
                    None => (None, base.clone()),
                };
                let bit_width = match &sd.node.bit_width {
                    Some(w) => {
                        has_bitfields = true;
                        Some(self.const_int(w).unwrap_or(0).max(0) as u64)
                    }
                    None => None,
                };
                let (fty, volatile) = fty.split_volatile();
                if let CType::Record(inner) = &fty {
                    has_bitfields |= self.l.records.get(*inner).has_bitfields;
                }
                fields.push(RecordField { name: fname, ty: fty, offset: 0, bit_width, volatile });
            }
        }
        let layout = Layout { dm: self.l.dm, records: &self.l.records };
        let (size, align) = layout.layout_record(union, &mut fields);
        let def = self.l.records.get_mut(id);
        def.fields = fields;
        def.size = size;
        def.align = align;
        def.complete = true;
        def.has_bitfields = has_bitfields;
        CType::Record(id)
    }

    fn enum_type(&mut self, et: &Node<EnumType>) -> CType {
        let name = et.node.identifier.as_ref().map(|i| i.node.name.clone());
        if et.node.enumerators.is_empty() {
            if let Some(Tag::Enum(t)) = name.as_ref().and_then(|n| self.scopes.lookup_tag(n)) {
                return CType::Int(*t);
            }
            return CType::Int(IntTy::U32);
        }
        let mut next: i128 = 0;
        let (mut min, mut max) = (0i128, 0i128);
        let mut wide = Vec::new();
        for e in &et.node.enumerators {
            let value = match &e.node.expression {
                Some(x) => self.const_int(x).unwrap_or_else(|| {
                    let sp = self.span(x.span);
                    self.unsupported(sp, "enumeration value is not an integer constant");
                    next
                }),
                None => next,
            };
            // Inside the definition a constant has type `int` when its value fits, else the type
            // its value needs; afterwards the latter take the enumeration's type.
            let own = [IntTy::I32, IntTy::U32, IntTy::I64, IntTy::U64].into_iter().find(|t| t.contains(value));
            let name = &e.node.identifier.node.name;
            self.scopes.bind(name, Ordinary::EnumConst(value, own.unwrap_or(IntTy::U64)));
            if own != Some(IntTy::I32) {
                wide.push((name.clone(), value));
            }
            min = min.min(value);
            max = max.max(value);
            next = value + 1;
        }
        // gcc: unsigned int when no value is negative, int otherwise; wider when needed.
        let ty = if min >= 0 {
            if max <= IntTy::U32.max() { IntTy::U32 } else { IntTy::U64 }
        } else if IntTy::I32.contains(min) && IntTy::I32.contains(max) {
            IntTy::I32
        } else {
            IntTy::I64
        };
        for (constant, value) in wide {
            self.scopes.bind(&constant, Ordinary::EnumConst(value, ty));
        }
        if let Some(n) = name {
            self.scopes.bind_tag(&n, Tag::Enum(ty));
        }
        CType::Int(ty)
    }

    /// Apply a declarator to a base type (C's inside-out reading: the pointer prefix applies first,
    /// then the suffixes from the outermost, i.e. the last one written, then any nested declarator).
    pub fn declarator(&mut self, base: CType, d: &Node<Declarator>) -> Declared {
        let span = self.span(d.span);
        self.check_layout_attributes(&d.node.extensions);
        let derived = &d.node.derived;
        let mut ty = base;
        let mut params = None;
        let mut kr_params = None;
        for dd in derived {
            if let DerivedDeclarator::Pointer(qualifiers) = &dd.node {
                ty = CType::Ptr(Box::new(ty));
                let volatile =
                    qualifiers.iter().any(|q| matches!(&q.node, PointerQualifier::TypeQualifier(t) if is_volatile(t)));
                if volatile {
                    ty = CType::volatile(ty);
                }
            }
        }
        let suffixes: Vec<&Node<DerivedDeclarator>> =
            derived.iter().filter(|dd| !matches!(dd.node, DerivedDeclarator::Pointer(_))).collect();
        for (i, dd) in suffixes.iter().enumerate().rev() {
            let innermost = i == 0;
            match &dd.node {
                DerivedDeclarator::Array(a) => {
                    // (Qualifiers inside a parameter's brackets, `int a[volatile 3]`, which
                    // qualify the pointer the parameter becomes, are not kept.)
                    let size = self.array_size(&a.node.size);
                    ty = CType::array(ty, size);
                }
                DerivedDeclarator::Function(fd) => {
                    let ps = self.parameters(&fd.node);
                    // Qualifiers of the result and of the parameters are not part of a
                    // function's type (the parameters' own declarations keep them).
                    let sig = FuncSig {
                        ret: ty.split_volatile().0,
                        params: ps.iter().map(|p| p.1.clone().split_volatile().0).collect(),
                        variadic: fd.node.ellipsis == Ellipsis::Some,
                        prototyped: true,
                    };
                    if innermost {
                        params = Some(ps);
                    }
                    ty = CType::Func(Box::new(sig));
                }
                DerivedDeclarator::KRFunction(names) => {
                    if innermost {
                        kr_params = Some(names.iter().map(|n| n.node.name.clone()).collect());
                    }
                    let ret = ty.split_volatile().0;
                    ty = CType::Func(Box::new(FuncSig { ret, params: vec![], variadic: false, prototyped: false }));
                }
                DerivedDeclarator::Block(_) => {
                    self.unsupported(span, "block pointers");
                    ty = CType::Ptr(Box::new(ty));
                }
                DerivedDeclarator::Pointer(_) => unreachable!("pointers were applied first"),
            }
        }
        match &d.node.kind.node {
            DeclaratorKind::Abstract => Declared { name: None, ty, span, params, kr_params },
            DeclaratorKind::Identifier(id) => {
                Declared { name: Some(id.node.name.clone()), ty, span, params, kr_params }
            }
            DeclaratorKind::Declarator(inner) => {
                let mut out = self.declarator(ty, inner);
                if out.params.is_none() {
                    out.params = params;
                }
                out
            }
        }
    }

    fn array_size(&mut self, size: &ArraySize_) -> ArraySize {
        match size {
            lang_c::ast::ArraySize::Unknown | lang_c::ast::ArraySize::VariableUnknown => ArraySize::Incomplete,
            lang_c::ast::ArraySize::VariableExpression(e) | lang_c::ast::ArraySize::StaticExpression(e) => {
                if let Some(n) = self.const_int(e) {
                    return ArraySize::Fixed(n.max(0) as u64);
                }
                if self.param_list_depth > 0 {
                    // A variable length in a parameter's type (`int n, int a[n][n]`): a declaration
                    // only needs the parameter's pointer type; a definition's body re-types its
                    // parameters and evaluates the lengths on entry (`lower_parameters`).
                    return ArraySize::Incomplete;
                }
                let span = self.span(e.span);
                if self.scopes.is_file_scope() || self.in_file_scope_code() {
                    self.unsupported(span, "variable-length array outside a function body");
                    return ArraySize::Incomplete;
                }
                // A variable-length array: evaluate the length now, when the declaration executes.
                let len_ty = self.l.dm.size_type(false);
                let value = self.lower_expr(e);
                let value = self.convert(value, &CType::Int(len_ty), span);
                let var = self.new_var("vla_len", Type::Int(len_ty), VarKind::Temp, span);
                self.emit(Command::Assign(var, value), span);
                ArraySize::Variable(var)
            }
        }
    }

    /// The parameters of a prototype: `(void)` is none; arrays and functions become pointers.
    fn parameters(&mut self, fd: &FunctionDeclarator) -> Vec<(Option<String>, CType, Span)> {
        self.param_list_depth += 1;
        let out = self.parameter_list(fd);
        self.param_list_depth -= 1;
        out
    }

    fn parameter_list(&mut self, fd: &FunctionDeclarator) -> Vec<(Option<String>, CType, Span)> {
        let mut out = Vec::new();
        for p in &fd.parameters {
            let span = self.span(p.span);
            let (base, _) = self.decl_specifiers(&p.node.specifiers, span);
            let d = match &p.node.declarator {
                Some(d) => self.declarator(base, d),
                None => Declared { name: None, ty: base, span, params: None, kr_params: None },
            };
            if d.ty.is_void() && d.name.is_none() && fd.parameters.len() == 1 {
                return Vec::new();
            }
            out.push((d.name, adjust_param(d.ty), span));
        }
        out
    }

    /// Whether a declarator has an array length that is not a constant (a variable-length array
    /// type, or a pointer to one).
    pub fn has_variable_length(&mut self, d: &Node<Declarator>) -> bool {
        for dd in &d.node.derived {
            if let DerivedDeclarator::Array(a) = &dd.node
                && let lang_c::ast::ArraySize::VariableExpression(e) | lang_c::ast::ArraySize::StaticExpression(e) =
                    &a.node.size
                && self.const_int(e).is_none()
            {
                return true;
            }
        }
        match &d.node.kind.node {
            DeclaratorKind::Declarator(inner) => self.has_variable_length(inner),
            _ => false,
        }
    }

    /// The expression's C type, without keeping any code it would run (for `sizeof`, `typeof`).
    pub fn type_of_expr(&mut self, e: &Node<Expression>) -> CType {
        let key = (e.span.start, e.span.end);
        if let Some(ty) = self.type_cache.get(&key) {
            return ty.clone();
        }
        let ty = self.scratch(|cx| cx.lower_expr(e).ty);
        // A variable-length array type made inside the dry run names a length variable that the
        // dry run dropped: such types are neither cached nor used for more than their shape.
        if !ty.has_vla() {
            self.type_cache.insert(key, ty.clone());
        }
        ty
    }
}

type ArraySize_ = lang_c::ast::ArraySize;

/// The parameter declarations of the function declarator that applies to the declared name (as
/// `Cx::declarator` picks its `params`).
pub fn own_parameters(d: &Node<Declarator>) -> Option<&[Node<ParameterDeclaration>]> {
    if let DeclaratorKind::Declarator(inner) = &d.node.kind.node
        && let Some(ps) = own_parameters(inner)
    {
        return Some(ps);
    }
    let first_suffix = d.node.derived.iter().find(|dd| !matches!(dd.node, DerivedDeclarator::Pointer(_)))?;
    match &first_suffix.node {
        DerivedDeclarator::Function(fd) => Some(&fd.node.parameters),
        _ => None,
    }
}

/// Parameters of array or function type are pointers (to volatile elements for an array of
/// volatile elements; `volatile` on the parameter itself stays).
pub fn adjust_param(ty: CType) -> CType {
    match ty {
        CType::Array(elem, _) => CType::Ptr(elem),
        CType::Volatile(inner) if matches!(*inner, CType::Array(..)) => match *inner {
            CType::Array(elem, _) => CType::Ptr(Box::new(CType::volatile(*elem))),
            other => other,
        },
        f @ CType::Func(_) => CType::Ptr(Box::new(f)),
        other => other,
    }
}

fn incomplete_record(name: &str, union: bool) -> RecordDef {
    RecordDef {
        name: name.to_string(),
        union,
        fields: Vec::new(),
        size: 0,
        align: 1,
        complete: false,
        has_bitfields: false,
    }
}
