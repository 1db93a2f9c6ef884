//! `sprintf` and `snprintf` with a constant format: a call whose format is a string literal
//! whose conversions are all supported ([`parse`]) becomes a sequence of calls of the C helpers
//! of `include/leapfrog_string.c` (`__leapfrog_put_*`), one per piece of the format. Each helper
//! writes its bytes through C code at the position it is given (only those below the limit:
//! all of them for `sprintf`, the first `n - 1` for `snprintf`) and returns the position after
//! them; the last writes the terminator and gives the call's value, the length of the whole
//! output (C11 7.21.6.5, 7.21.6.6). So the automatic memory checks see every byte written and
//! every byte of a `%s` argument read, and the interpreter computes what glibc does.
//!
//! Supported: `%%`, and `d i u x X c s` with the flags `-` and `0`, a constant width, a
//! constant precision (not for `%c`), and the length modifiers `hh h l ll z j t` (not for `%c`
//! and `%s`); each argument must have the size of the type its conversion reads (after the
//! default argument promotions; `%s` a pointer), one per conversion (those left over are
//! evaluated and ignored, as C11 7.21.6.1p2 says). Anything else (`%f`, `%p`, `%n`, `*`, `+`, a
//! format that is not a literal, an argument of another size, ...) leaves the call an extern
//! call, as any function without a body. The helpers are shaped for the analyses (see
//! `leapfrog_string.c`): one register holds the position across the pieces, the digits of a
//! number are counted by comparisons, and a field is written by one loop.

use super::Cx;
use super::calls::default_promotion;
use super::expr::Operand;
use crate::ctypes::CType;
use lang_c::ast::{Expression, StringLiteral};
use lang_c::span::Node;
use leapfrog_arith::IntTy;
use leapfrog_ir::{Command, DataModel, Expr, Type};
use leapfrog_source::Span;

/// The largest width or precision lowered (glibc fails past `INT_MAX`; a larger constant is left
/// to the extern call).
const MAX_FIELD: u32 = 1 << 20;

/// One piece of a format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Bytes written as they are (`%%` is one `%`).
    Text(Vec<u8>),
    Conversion(Conversion),
}

/// A conversion specification with the parts Leapfrog supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conversion {
    pub kind: Kind,
    pub length: Length,
    /// The minimum field width (0 when not given).
    pub width: u32,
    pub precision: Option<u32>,
    /// The `-` flag: padded on the right.
    pub left: bool,
    /// The `0` flag: padded with zeros after the sign (integers without precision, not `left`).
    pub zero: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `d`, `i`
    Signed,
    /// `u`
    Unsigned,
    /// `x` (`false`), `X` (`true`)
    Hex { upper: bool },
    /// `c`
    Char,
    /// `s`
    String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Length {
    Default,
    Hh,
    H,
    L,
    Ll,
    Z,
    J,
    T,
}

impl Conversion {
    /// The type whose value the conversion prints, as glibc reads it: the argument's type (of
    /// the size of `read_type`) converted to this one (`%hhd`: `signed char`). `None` for `%s`.
    fn value_type(&self, dm: DataModel) -> Option<IntTy> {
        let signed = match self.kind {
            Kind::Signed => true,
            Kind::Unsigned | Kind::Hex { .. } => false,
            Kind::Char => return Some(IntTy::I32),
            Kind::String => return None,
        };
        Some(match (self.length, signed) {
            (Length::Default, true) => IntTy::I32,
            (Length::Default, false) => IntTy::U32,
            (Length::Hh, true) => IntTy::I8,
            (Length::Hh, false) => IntTy::U8,
            (Length::H, true) => IntTy::I16,
            (Length::H, false) => IntTy::U16,
            (Length::L | Length::T, s) => dm.long(s),
            (Length::Ll | Length::J, true) => IntTy::I64,
            (Length::Ll | Length::J, false) => IntTy::U64,
            (Length::Z, s) => dm.size_type(s),
        })
    }

    /// The type of the argument glibc reads (`va_arg`): the value type, or `int` for the
    /// narrower ones, which are promoted.
    fn read_type(&self, dm: DataModel) -> Option<IntTy> {
        self.value_type(dm).map(|t| if t.bits() < 32 { if t.is_signed() { IntTy::I32 } else { IntTy::U32 } } else { t })
    }
}

/// The pieces of a format (up to its first zero byte, where the functions stop), or `None` when
/// some conversion is not supported.
pub fn parse(format: &[u8]) -> Option<Vec<Piece>> {
    let format = &format[..format.iter().position(|&b| b == 0).unwrap_or(format.len())];
    let mut pieces = Vec::new();
    let mut text = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            text.push(format[i]);
            i += 1;
            continue;
        }
        i += 1;
        if format.get(i) == Some(&b'%') {
            text.push(b'%');
            i += 1;
            continue;
        }
        let (mut left, mut zero) = (false, false);
        loop {
            match format.get(i) {
                Some(b'-') => left = true,
                Some(b'0') => zero = true,
                _ => break,
            }
            i += 1;
        }
        let width = number(format, &mut i)?.unwrap_or(0);
        let precision = if format.get(i) == Some(&b'.') {
            i += 1;
            Some(number(format, &mut i)?.unwrap_or(0))
        } else {
            None
        };
        let length = match (format.get(i), format.get(i + 1)) {
            (Some(b'h'), Some(b'h')) => Length::Hh,
            (Some(b'h'), _) => Length::H,
            (Some(b'l'), Some(b'l')) => Length::Ll,
            (Some(b'l'), _) => Length::L,
            (Some(b'z'), _) => Length::Z,
            (Some(b'j'), _) => Length::J,
            (Some(b't'), _) => Length::T,
            _ => Length::Default,
        };
        i += match length {
            Length::Default => 0,
            Length::Hh | Length::Ll => 2,
            _ => 1,
        };
        let kind = match format.get(i)? {
            b'd' | b'i' => Kind::Signed,
            b'u' => Kind::Unsigned,
            b'x' => Kind::Hex { upper: false },
            b'X' => Kind::Hex { upper: true },
            b'c' => Kind::Char,
            b's' => Kind::String,
            _ => return None,
        };
        i += 1;
        let integer = matches!(kind, Kind::Signed | Kind::Unsigned | Kind::Hex { .. });
        // `%c` and `%s` take no length modifier here (`%lc`, `%ls` are wide), and no `0` flag
        // (undefined; glibc pads with spaces); `%c` no precision (undefined).
        if !integer && (length != Length::Default || zero || (kind == Kind::Char && precision.is_some())) {
            return None;
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        // With a precision, or with `-`, an integer's `0` flag is ignored.
        let zero = zero && !left && precision.is_none();
        pieces.push(Piece::Conversion(Conversion { kind, length, width, precision, left, zero }));
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Some(pieces)
}

/// A decimal number at `i` (a width or precision): `Ok(None)` when there is none, `None` when it
/// is `*` or too large.
fn number(format: &[u8], i: &mut usize) -> Option<Option<u32>> {
    if format.get(*i) == Some(&b'*') {
        return None;
    }
    let start = *i;
    let mut n: u32 = 0;
    while let Some(d) = format.get(*i).filter(|b| b.is_ascii_digit()) {
        n = n.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
        if n > MAX_FIELD {
            return None;
        }
        *i += 1;
    }
    Some((*i > start).then_some(n))
}

/// A call of `sprintf` or `snprintf` ready to lower: where its format is and its pieces.
pub struct FormattedCall {
    /// `snprintf`: the size argument comes before the format.
    bounded: bool,
    pieces: Vec<Piece>,
}

/// The index of the format among the arguments (after `snprintf`'s size).
fn format_index(bounded: bool) -> usize {
    if bounded { 2 } else { 1 }
}

impl FormattedCall {
    /// The conversions, in order.
    fn conversions(&self) -> Vec<Conversion> {
        self.pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Conversion(c) => Some(*c),
                Piece::Text(_) => None,
            })
            .collect()
    }
}

/// The bytes of a plain string literal (`"..."` pieces, not wide ones).
fn narrow_literal(s: &Node<StringLiteral>) -> Option<Vec<u8>> {
    s.node.iter().all(|p| p.starts_with('"')).then(|| super::expr::string_bytes(&s.node))
}

/// The helper that writes the conversion `c` of `value` (of the type the conversion prints) and
/// its operands after `buf, limit, pos`. Without a width or a precision, a number has a helper
/// without padding, whose only loop is over its digits.
fn conversion_helper(c: &Conversion, value: Expr, dm: DataModel) -> (&'static str, Vec<Operand>) {
    let long = |v: i128| Operand::int(v, dm.long(true));
    let int = |v: i128| Operand::int(v, IntTy::I32);
    let char_ptr = CType::Ptr(Box::new(CType::Int(IntTy::I8)));
    let (width, left) = (long(i128::from(c.width)), int(i128::from(c.left)));
    let precision = |none: i128| long(c.precision.map_or(none, i128::from));
    let Some(t) = c.value_type(dm) else {
        // `%s`: without a precision, every byte up to the terminator (LONG_MAX at most).
        let s = Operand::value(value, char_ptr);
        let precision = precision(dm.long(true).max());
        return match c.width {
            0 => ("__leapfrog_put_string", vec![s, precision]),
            _ => ("__leapfrog_put_string_padded", vec![s, precision, width, left]),
        };
    };
    let value = Operand::value(value, CType::Int(t));
    let plain = c.width == 0 && c.precision.is_none();
    let padding = || {
        [
            width.clone(),
            precision(-1),
            Operand::int(i128::from(if c.zero { b'0' } else { b' ' }), IntTy::I8),
            left.clone(),
        ]
    };
    match (c.kind, plain) {
        (Kind::Char, true) => ("__leapfrog_put_char", vec![value]),
        (Kind::Char, false) => ("__leapfrog_put_char_padded", vec![value, width, left]),
        (Kind::Signed, true) => ("__leapfrog_put_signed", vec![value]),
        (Kind::Signed, false) => ("__leapfrog_put_signed_number", [vec![value], padding().to_vec()].concat()),
        (Kind::Hex { upper }, true) => ("__leapfrog_put_hex", vec![value, int(i128::from(upper))]),
        (_, true) => ("__leapfrog_put_decimal", vec![value, int(0)]),
        (kind, false) => {
            let (hex, upper) = match kind {
                Kind::Hex { upper } => (1, i128::from(upper)),
                _ => (0, 0),
            };
            let number = vec![value, int(0), int(hex), int(upper)];
            ("__leapfrog_put_number", [number, padding().to_vec()].concat())
        }
    }
}

impl Cx<'_> {
    /// The call `name(args)` as a [`FormattedCall`], when `name` is `sprintf` or `snprintf`
    /// (without a body), its format a literal whose conversions are all supported, and its
    /// arguments of the types the conversions read, one per conversion.
    pub(super) fn formatted_call(&mut self, name: &str, args: &[Node<Expression>]) -> Option<FormattedCall> {
        let bounded = match name {
            "sprintf" | "__builtin_sprintf" => false,
            "snprintf" | "__builtin_snprintf" => true,
            _ => return None,
        };
        let at = format_index(bounded);
        let Expression::StringLiteral(format) = &args.get(at)?.node else { return None };
        let call = FormattedCall { bounded, pieces: parse(&narrow_literal(format)?)? };
        let conversions = call.conversions();
        // Arguments left over are evaluated and ignored (C11 7.21.6.1p2).
        if args.len() < at + 1 + conversions.len() {
            return None;
        }
        let is_pointer = |t: &CType| matches!(t, CType::Ptr(_));
        // The buffer: a pointer, or a null pointer constant (`snprintf(0, 0, ...)`).
        if !is_pointer(&default_promotion(&self.type_of_expr(&args[0]))) && self.const_int(&args[0]) != Some(0) {
            return None;
        }
        if bounded && !matches!(default_promotion(&self.type_of_expr(&args[1])), CType::Int(_)) {
            return None;
        }
        let dm = self.l.dm;
        for (c, arg) in conversions.iter().zip(&args[at + 1..]) {
            let ty = default_promotion(&self.type_of_expr(arg));
            let fits = match (c.read_type(dm), &ty) {
                (None, t) => is_pointer(t),
                (Some(read), CType::Int(t)) => t.bits() == read.bits() && *t != IntTy::Bool,
                _ => false,
            };
            if !fits {
                return None;
            }
        }
        Some(call)
    }

    /// Lower a [`FormattedCall`]: the arguments right to left as gcc evaluates them, then one
    /// helper call per piece, then the terminator. The value is the call's (an `int`).
    pub(super) fn lower_formatted_call(
        &mut self,
        call: FormattedCall,
        args: &[Node<Expression>],
        span: Span,
    ) -> Operand {
        let dm = self.l.dm;
        let at = format_index(call.bounded);
        let char_ptr = CType::Ptr(Box::new(CType::Int(IntTy::I8)));
        let size = CType::Int(dm.size_type(false));
        let conversions = call.conversions();
        // The format is a literal, which the helpers do not read, so it is not evaluated: the
        // other arguments are (the buffer, `snprintf`'s size, then one value per conversion from
        // index `at`).
        let operands: Vec<Node<Expression>> =
            args.iter().enumerate().filter(|(i, _)| *i != at).map(|(_, a)| a.clone()).collect();
        let values = self.arguments(&operands, |cx, i, op, span| {
            let ty = match i {
                0 => char_ptr.clone(),
                1 if call.bounded => size.clone(),
                i if i - at >= conversions.len() => return None,
                i => {
                    let c = conversions[i - at];
                    match c.value_type(dm) {
                        None => char_ptr.clone(),
                        Some(t) => {
                            // Read as glibc reads it (`int` for `%hhd`), then narrowed.
                            let read = c.read_type(dm).expect("an integer conversion");
                            let e = cx.convert(op, &CType::Int(read), span);
                            return Some(cx.convert(Operand::value(e, CType::Int(read)), &CType::Int(t), span));
                        }
                    }
                }
            };
            Some(cx.convert(op, &ty, span))
        });
        // (The values need no registers of their own: an expression reads only registers, which
        // the helpers do not change, and `arguments` kept in temporaries those that a later
        // argument could change. So the buffer stays `&b` when it is, which the checks' analyses
        // follow better than a copy.)
        let values: Vec<Expr> = values.into_iter().flatten().collect();
        let long = CType::Int(dm.long(true));
        let long_value = |v: i128| Operand::int(v, dm.long(true));
        let buf = Operand::value(values[0].clone(), char_ptr.clone());
        let limit = if call.bounded {
            let n = Operand::value(values[1].clone(), size.clone());
            self.helper("__leapfrog_snprintf_limit", vec![n], &long, None, span)
        } else {
            long_value(dm.long(true).max())
        };
        // One register holds the position throughout (analyses relate one variable's values across
        // the pieces more easily than a fresh one per piece).
        let at_pos = self.new_temp(Type::Int(dm.long(true)), span);
        self.emit(Command::Assign(at_pos, Expr::Int(0, dm.long(true))), span);
        let mut pos = Operand::value(Expr::Var(at_pos), long.clone());
        let mut values = values[at..].iter();
        for piece in &call.pieces {
            let (helper, operands) = match piece {
                // A byte without a loop; longer text by one loop over a literal holding it (which
                // analyses follow more cheaply than a call per byte).
                Piece::Text(bytes) if bytes.len() == 1 => {
                    ("__leapfrog_put_char", vec![Operand::int(i128::from(bytes[0] as i8), IntTy::I32)])
                }
                Piece::Text(bytes) => {
                    let (var, _) = self.string_literal(bytes.clone(), span);
                    let text = Operand::value(Expr::AddrOf(var), char_ptr.clone());
                    ("__leapfrog_put_chars", vec![text, Operand::int(bytes.len() as i128, dm.long(true))])
                }
                Piece::Conversion(c) => {
                    let value = values.next().expect("an argument per conversion").clone();
                    conversion_helper(c, value, dm)
                }
            };
            let args = [vec![buf.clone(), limit.clone(), pos], operands].concat();
            pos = self.helper(helper, args, &long, Some(at_pos), span);
        }
        self.helper("__leapfrog_put_end", vec![buf, limit, pos], &CType::int(), None, span)
    }

    /// A call of the helper `name` (a model of `include/leapfrog_string.c`) returning `ret`, into
    /// `into` or else a new temporary: an IR call once the models are part of the program, an
    /// extern call before (which makes the front end add the model, see `library_calls`).
    fn helper(
        &mut self,
        name: &str,
        args: Vec<Operand>,
        ret: &CType,
        into: Option<leapfrog_ir::VarId>,
        span: Span,
    ) -> Operand {
        let ret_ty = ret.reg_type().expect("a helper returns an integer");
        let dst = into.unwrap_or_else(|| self.new_temp(ret_ty, span));
        match self.defined_function(name) {
            Some((callee, sig)) => {
                assert_eq!(args.len(), sig.params.len(), "the arguments of `{name}`");
                let args = args.into_iter().zip(&sig.params).map(|(a, p)| self.convert(a, p, span)).collect();
                self.emit(Command::Call { dst: Some(dst), callee, args }, span);
            }
            None => {
                let args = args.into_iter().map(|a| {
                    let ty = default_promotion(&a.ty);
                    self.convert(a, &ty, span)
                });
                let args = args.collect();
                self.add_extern(name, Some(ret_ty));
                self.emit(Command::CallExtern { dst: Some(dst), name: name.to_string(), args }, span);
            }
        }
        debug_assert!(matches!(ret_ty, Type::Int(_)));
        Operand::value(Expr::Var(dst), ret.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(kind: Kind) -> Conversion {
        Conversion { kind, length: Length::Default, width: 0, precision: None, left: false, zero: false }
    }

    #[test]
    fn formats_split_into_pieces() {
        let text = |s: &str| Piece::Text(s.as_bytes().to_vec());
        assert_eq!(parse(b""), Some(vec![]));
        assert_eq!(parse(b"a%%b"), Some(vec![text("a%b")]));
        assert_eq!(
            parse(b"x=%d, s=%s!"),
            Some(vec![
                text("x="),
                Piece::Conversion(conv(Kind::Signed)),
                text(", s="),
                Piece::Conversion(conv(Kind::String)),
                text("!")
            ])
        );
        // Flags, width, precision, length.
        let Some(p) = parse(b"%-08.3lld") else { panic!("supported") };
        assert_eq!(
            p,
            vec![Piece::Conversion(Conversion {
                kind: Kind::Signed,
                length: Length::Ll,
                width: 8,
                precision: Some(3),
                left: true,
                zero: false
            })]
        );
        let one = |f: &[u8]| match parse(f).as_deref() {
            Some([Piece::Conversion(c)]) => *c,
            other => panic!("one conversion: {other:?}"),
        };
        let c = one(b"%08hhX");
        assert_eq!((c.kind, c.length, c.width, c.zero), (Kind::Hex { upper: true }, Length::Hh, 8, true));
        assert_eq!(one(b"%.s").precision, Some(0));
        // `-` and a precision turn the `0` flag off.
        assert!(!one(b"%-05d").zero && !one(b"%05.2d").zero && one(b"%0-5d").left);
        // The format ends at its first zero byte.
        assert_eq!(parse(b"ab\0%f"), Some(vec![text("ab")]));
    }

    #[test]
    fn unsupported_conversions_are_refused() {
        for f in [
            "%f",
            "%p",
            "%n",
            "%o",
            "%*d",
            "%.*s",
            "%+d",
            "% d",
            "%#x",
            "%ls",
            "%lc",
            "%05s",
            "%.3c",
            "%5%",
            "%Lf",
            "%qd",
            "%",
            "abc%",
            "%l",
            "%99999999d",
            "%.2000000d",
        ] {
            assert_eq!(parse(f.as_bytes()), None, "{f}");
        }
    }
}
