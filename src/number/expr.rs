//! Arithmetic expressions over quantities, evaluated on intervals under every
//! reading.
//!
//! The same engine serves `audit calc` and the arithmetic check: operands are
//! [`Quantity`]s from the lexer, so "两万亿 × 16 字节" and "8 * 80 GB" parse
//! alike. A [`Reading`] says how ambiguous units are taken: GB as 10⁹ or 2³⁰
//! bytes, 兆 as 10¹² or 10⁶, and a bare 1024 or 1000 as a unit conversion
//! ("700000 MB / 1024 ≈ 683.6 GB" converts MiB to GiB).

use std::fmt;
use std::ops::Range;

use crate::lang::message::Message;
use crate::msg;
use crate::number::interval::Interval;
use crate::number::lexicon::Op;
use crate::number::quantity::{Quantity, Token};
use crate::units::Dimension;

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Operand(Quantity),
    Binary(Op, Box<Expr>, Box<Expr>),
}

/// How the ambiguous parts of an expression are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Metric byte prefixes as binary: GB as GiB.
    pub binary: bool,
    /// Ambiguous magnitude words in their other sense: 兆 as 10⁶.
    pub alternative_magnitude: bool,
    /// A bare 1000 or 1024 beside a unit is a change of prefix, not a factor.
    pub conversion: bool,
}

impl Reading {
    /// Every reading, the plain one first.
    pub fn all() -> impl Iterator<Item = Reading> {
        (0..8u8).map(|bits| Reading {
            binary: bits & 1 != 0,
            alternative_magnitude: bits & 2 != 0,
            conversion: bits & 4 != 0,
        })
    }

    /// What a reader is told when only this reading reconciles a claim.
    pub fn describe(&self) -> Option<Message> {
        let mut parts = Vec::new();
        if self.binary {
            parts.push(msg!("reading-binary"));
        }
        if self.alternative_magnitude {
            parts.push(msg!("reading-magnitude"));
        }
        if self.conversion {
            parts.push(msg!("reading-conversion"));
        }
        parts
            .into_iter()
            .reduce(|first, second| msg!("reading-and", first = first, second = second))
    }
}

/// The value of an expression under one reading.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Value {
    /// In base units.
    pub interval: Interval,
    pub dimension: Dimension,
    /// Whether any operand carried a unit; "64 × 720" has none and takes the
    /// unit of its stated result.
    pub has_unit: bool,
}

#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum EvalError {
    #[error("cannot {op} {left} and {right}: the dimensions differ")]
    DimensionMismatch {
        op: &'static str,
        left: Dimension,
        right: Dimension,
    },
    #[error("division by zero")]
    DivisionByZero,
    #[error("the result is too large to represent")]
    Overflow,
}

impl Expr {
    pub fn span(&self) -> Range<usize> {
        match self {
            Expr::Operand(q) => q.span.clone(),
            Expr::Binary(_, l, r) => l.span().start..r.span().end,
        }
    }

    pub fn operands(&self) -> Vec<&Quantity> {
        match self {
            Expr::Operand(q) => vec![q],
            Expr::Binary(_, l, r) => {
                let mut v = l.operands();
                v.extend(r.operands());
                v
            }
        }
    }

    /// Whether a reading changes anything in this expression.
    pub fn reading_matters(&self, reading: Reading) -> bool {
        let ops = self.operands();
        (!reading.binary || ops.iter().any(|q| q.has_binary_reading()))
            && (!reading.alternative_magnitude
                || ops.iter().any(|q| q.number_alternative.is_some()))
            && (!reading.conversion || self.has_conversion_factor())
    }

    fn has_conversion_factor(&self) -> bool {
        match self {
            Expr::Operand(_) => false,
            Expr::Binary(op, l, r) => {
                (matches!(op, Op::Multiply | Op::Divide)
                    && (is_conversion_factor(r) || is_conversion_factor(l)))
                    || l.has_conversion_factor()
                    || r.has_conversion_factor()
            }
        }
    }

    pub fn eval(&self, reading: Reading) -> Result<Value, EvalError> {
        let value = match self {
            Expr::Operand(q) => Value {
                interval: Interval::exact(
                    q.base_value(reading.binary, reading.alternative_magnitude)
                        .nominal,
                ),
                dimension: q.dimension(),
                has_unit: !q.unit.is_one(),
            },
            Expr::Binary(op, l, r) => {
                if reading.conversion && matches!(op, Op::Multiply | Op::Divide) {
                    if is_conversion_factor(r) && !l.is_unitless() {
                        return l.eval(reading);
                    }
                    if is_conversion_factor(l) && !r.is_unitless() && *op == Op::Multiply {
                        return r.eval(reading);
                    }
                }
                let a = l.eval(reading)?;
                let b = r.eval(reading)?;
                combine(*op, a, b)?
            }
        };
        if !value.interval.is_finite() {
            return Err(EvalError::Overflow);
        }
        Ok(value)
    }

    fn is_unitless(&self) -> bool {
        self.operands().iter().all(|q| q.unit.is_one())
    }
}

fn is_conversion_factor(e: &Expr) -> bool {
    matches!(e, Expr::Operand(q) if q.unit.is_one() && (q.number.nominal == 1024.0 || q.number.nominal == 1000.0))
}

fn combine(op: Op, a: Value, b: Value) -> Result<Value, EvalError> {
    let has_unit = a.has_unit || b.has_unit;
    match op {
        Op::Add | Op::Subtract => {
            // A unitless term beside one with a unit takes its unit: "2+2+12
            // bytes" is common shorthand.
            let dimension = if !a.has_unit {
                b.dimension
            } else if !b.has_unit || a.dimension.compatible(b.dimension) {
                a.dimension
            } else {
                return Err(EvalError::DimensionMismatch {
                    op: if op == Op::Add { "add" } else { "subtract" },
                    left: a.dimension,
                    right: b.dimension,
                });
            };
            let interval = if op == Op::Add {
                a.interval + b.interval
            } else {
                a.interval - b.interval
            };
            Ok(Value {
                interval,
                dimension,
                has_unit,
            })
        }
        Op::Multiply => Ok(Value {
            interval: a.interval * b.interval,
            dimension: a.dimension * b.dimension,
            has_unit,
        }),
        Op::Divide => Ok(Value {
            interval: a
                .interval
                .checked_div(b.interval)
                .ok_or(EvalError::DivisionByZero)?,
            dimension: a.dimension / b.dimension,
            has_unit,
        }),
    }
}

/// Why tokens do not form an expression.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ParseError {
    #[error("expected a number at {0}")]
    ExpectedOperand(usize),
    #[error("unclosed parenthesis at {0}")]
    Unclosed(usize),
    #[error("unexpected {1:?} at {0}")]
    Unexpected(usize, String),
    #[error("the expression is nested too deeply")]
    TooDeep,
}

const MAX_DEPTH: usize = 64;

/// Parses a whole token slice as an expression: × and ÷ bind tighter than +
/// and −; names between an operator and its operand are skipped ("8×H100
/// 80GB" is 8 × 80 GB).
pub fn parse(tokens: &[Token], text: &str) -> Result<Expr, ParseError> {
    let mut parser = Parser {
        tokens,
        pos: 0,
        text,
    };
    let e = parser.sum(0)?;
    match parser.tokens.get(parser.pos) {
        None => Ok(e),
        Some(t) => Err(ParseError::Unexpected(
            t.span().start,
            text[t.span()].to_string(),
        )),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    pos: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn sum(&mut self, depth: usize) -> Result<Expr, ParseError> {
        let mut left = self.product(depth)?;
        while let Some(Token::Op(op @ (Op::Add | Op::Subtract), _)) = self.tokens.get(self.pos) {
            self.pos += 1;
            let right = self.product(depth)?;
            left = Expr::Binary(*op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn product(&mut self, depth: usize) -> Result<Expr, ParseError> {
        let mut left = self.atom(depth)?;
        while let Some(Token::Op(op @ (Op::Multiply | Op::Divide), _)) = self.tokens.get(self.pos) {
            self.pos += 1;
            let right = self.atom(depth)?;
            left = Expr::Binary(*op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn atom(&mut self, depth: usize) -> Result<Expr, ParseError> {
        if depth > MAX_DEPTH {
            return Err(ParseError::TooDeep);
        }
        while let Some(Token::Name(_)) = self.tokens.get(self.pos) {
            self.pos += 1;
        }
        match self.tokens.get(self.pos) {
            Some(Token::Quantity(q)) => {
                self.pos += 1;
                Ok(Expr::Operand((**q).clone()))
            }
            Some(Token::Open(span)) => {
                let start = span.start;
                self.pos += 1;
                let inner = self.sum(depth + 1)?;
                match self.tokens.get(self.pos) {
                    Some(Token::Close(_)) => {
                        self.pos += 1;
                        Ok(inner)
                    }
                    _ => Err(ParseError::Unclosed(start)),
                }
            }
            Some(t) => Err(ParseError::Unexpected(
                t.span().start,
                self.text[t.span()].to_string(),
            )),
            None => Err(ParseError::ExpectedOperand(
                self.tokens.last().map_or(0, |t| t.span().end),
            )),
        }
    }
}

impl fmt::Display for Expr {
    /// The expression as stated, numbers as written: "8 × 40 GB".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with(f, None)
    }
}

/// An expression shown with the Chinese magnitude words its operands are
/// written with ([`Expr::written`]).
pub struct Written<'a> {
    expr: &'a Expr,
    text: &'a str,
}

impl fmt::Display for Written<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expr.write_with(f, Some(self.text))
    }
}

impl Expr {
    /// The expression as the article writes its magnitudes: "3 × 1.31 亿元"
    /// where [`fmt::Display`] gives "3 × 131,000,000 元". `text` is the
    /// document the operands' spans point into.
    pub fn written<'a>(&'a self, text: &'a str) -> Written<'a> {
        Written { expr: self, text }
    }

    fn write_with(&self, f: &mut fmt::Formatter<'_>, text: Option<&str>) -> fmt::Result {
        match self {
            Expr::Operand(q) => {
                let word = text.and_then(|t| magnitude_word(q, t));
                let (value, word) = match word {
                    Some(w) => (q.number.nominal / q.magnitude, format!(" {w}")),
                    None => (q.number.nominal, String::new()),
                };
                let number = crate::number::format::number(value);
                match q.unit.label.as_str() {
                    _ if q.unit.is_written_before() => {
                        write!(f, "{}{number}{word}", q.unit.label)
                    }
                    // "$2.5/GPU-hour", as written, not "2.5 $/GPU-hour".
                    label if written_before_per(label).is_some() => {
                        let (sign, per) = written_before_per(label).unwrap_or_default();
                        write!(f, "{sign}{number}{word}/{per}")
                    }
                    _ if q.unit.is_one() => write!(f, "{number}{word}"),
                    label if word.is_empty() => write!(f, "{number} {label}"),
                    // "1 万亿 token", "1.31 亿元".
                    label if label.starts_with(|c: char| c.is_ascii_alphanumeric()) => {
                        write!(f, "{number}{word} {label}")
                    }
                    label => write!(f, "{number}{word}{label}"),
                }
            }
            Expr::Binary(op, l, r) => {
                let paren = |e: &Expr, f: &mut fmt::Formatter<'_>| -> fmt::Result {
                    match e {
                        Expr::Binary(inner, _, _)
                            if matches!(inner, Op::Add | Op::Subtract)
                                && matches!(op, Op::Multiply | Op::Divide) =>
                        {
                            f.write_str("(")?;
                            e.write_with(f, text)?;
                            f.write_str(")")
                        }
                        _ => e.write_with(f, text),
                    }
                };
                paren(l, f)?;
                write!(f, " {} ", op.symbol())?;
                match r.as_ref() {
                    Expr::Binary(_, _, _) if matches!(op, Op::Subtract | Op::Divide) => {
                        f.write_str("(")?;
                        r.write_with(f, text)?;
                        f.write_str(")")
                    }
                    _ => paren(r, f),
                }
            }
        }
    }
}

/// A price per something whose currency sign is written before the number
/// ("$/GPU-hour", "€/kWh"): the sign and what it is per.
fn written_before_per(label: &str) -> Option<(&str, &str)> {
    let (sign, per) = label.split_once('/')?;
    let sign_unit = crate::units::Unit {
        label: sign.to_string(),
        ..crate::units::Unit::one()
    };
    (sign_unit.is_written_before() && !per.trim().is_empty()).then_some((sign, per.trim()))
}

/// The Chinese magnitude word a quantity is written with in `text` ("亿" of
/// "1.31 亿元", "万亿" of "2 万亿"), when its magnitude is one. A unit that
/// begins with a magnitude's character keeps it: "万" of "17.52 万兆瓦时".
pub fn magnitude_word<'t>(q: &Quantity, text: &'t str) -> Option<&'t str> {
    if q.magnitude <= 1.0 {
        return None;
    }
    let literal = text.get(q.span.clone())?;
    let is_word = |c: char| "万萬亿億兆".contains(c);
    let start = literal.find(is_word)?;
    let mut end = literal[start..]
        .find(|c: char| !is_word(c))
        .map_or(literal.len(), |e| start + e);
    let label = q.unit.label.as_str();
    if !label.is_empty()
        && let Some(unit) = literal[start..].find(label).map(|u| start + u)
        && unit < end
    {
        end = unit;
    }
    (end > start).then(|| &literal[start..end])
}

#[cfg(test)]
mod tests {
    use crate::number::quantity::{Lexer, Token};

    /// The expression of `text` as the arithmetic check shows it, with the
    /// article's magnitude words.
    fn written(text: &str) -> String {
        let tokens: Vec<Token> = Lexer::builtin()
            .tokens(text, 0..text.len())
            .into_iter()
            .take_while(|t| !matches!(t, Token::Relation(..)))
            .collect();
        super::parse(&tokens, text)
            .unwrap()
            .written(text)
            .to_string()
    }

    #[test]
    fn magnitude_words_are_shown_as_written() {
        assert_eq!(written("3 × 1.31 亿元"), "3 × 1.31 亿元");
        // The 兆 of 兆瓦时 belongs to the unit, not to the magnitude.
        assert_eq!(written("17.52 万兆瓦时 × 2"), "17.52 万兆瓦时 × 2");
        assert_eq!(written("2 万亿 token × 3"), "2 万亿 token × 3");
        // A price per something keeps its sign before the number.
        assert_eq!(
            written("1,000 GPU hours × $2.50 / GPU-hour"),
            "1,000 GPU hours × $2.5/GPU-hour"
        );
        assert_eq!(written("3.5 GWh × $0.08/kWh"), "3.5 GWh × $0.08/kWh");
    }
}
