//! `audit calc EXPR`: the units engine on its own.
//!
//! Reads every number form and unit word that articles use ("8 * 80 GB ->
//! GiB", "两万亿 * 16 字节 -> TB", "1.8万亿") and answers as a person asks:
//! in the unit after `->` ("$/GPU-hour", "亿元" included), else in the
//! input's unit or the nearest sensible one, prefixed so the number reads
//! well ("8 * 141 GB" is 1128 GB, "100000 * 700 W" 70 MW). The number is
//! plain or e-notation, so scripts can read it too.

use crate::number::expr::{self, Expr, Reading};
use crate::number::format::plain;
use crate::number::interval::Interval;
use crate::number::lexicon::Op;
use std::ops::Range;

use crate::number::numeral::{Form, numeral_at};
use crate::number::quantity::{Lexer, Quantity, Token};
use crate::read::{math, normal};
use crate::units::{Base, Dimension, Unit, UnitTable};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum CalcError {
    #[error("empty expression")]
    Empty,
    #[error("number out of range: {0}")]
    OutOfRange(String),
    #[error("cannot read {0:?} in the expression")]
    Unreadable(String),
    #[error("{0}")]
    Parse(#[from] expr::ParseError),
    #[error("{0}")]
    Eval(#[from] expr::EvalError),
    #[error("unknown unit {0:?}")]
    UnknownUnit(String),
    #[error("cannot convert {from} to {to}: the dimensions differ")]
    Incompatible { from: Dimension, to: Dimension },
}

/// Evaluates an expression, with an optional `-> UNIT` target, and returns
/// the printed result: "596.0464478 GiB", "1128 GB".
pub fn calc(input: &str) -> Result<String, CalcError> {
    // Read as prose is read: full-width forms in ASCII, LaTeX as plain text.
    let input = normal::ascii_forms(input);
    let (expression, target) = match input.split_once("->").or_else(|| input.split_once('→')) {
        Some((e, t)) => (e, Some(t.trim())),
        None => (input.as_ref(), None),
    };
    let latex = math::expression(expression);
    let expression = latex.as_deref().unwrap_or(expression);
    if expression.trim().is_empty() {
        return Err(CalcError::Empty);
    }
    let lexer = Lexer::builtin();
    let mut tokens = lexer.tokens(expression, 0..expression.len());
    for t in &mut tokens {
        if let Token::Text(span) = t
            && let Some(q) = lone_numeral(expression, span.clone(), lexer.units)
                .or_else(|| lone_unit(expression, span.clone(), lexer.units))
        {
            *t = Token::Quantity(Box::new(q));
        }
    }
    let tokens = negated(tokens, expression);
    for t in &tokens {
        if let Token::Text(span) = t {
            let at = span.start;
            if let Some(n) = numeral_at(expression, at, lexer.units)
                && !n.value.is_finite()
            {
                return Err(CalcError::OutOfRange(
                    expression[n.start..n.end].trim().to_string(),
                ));
            }
            return Err(CalcError::Unreadable(expression[span.clone()].to_string()));
        }
    }
    let parsed = expr::parse(&tokens, expression)?;
    let mut value = parsed.eval(Reading::default())?;
    let unit = match target {
        Some(t) => {
            let unit =
                named_unit(t, lexer.units).ok_or_else(|| CalcError::UnknownUnit(t.to_string()))?;
            if !unit.dimension.compatible(value.dimension)
                && let Some(rated) = implied_rate(&parsed, unit.dimension)
            {
                value = rated;
            }
            // "989 TFLOPs -> TFLOPS": a lone count of FLOPs asked as a rate
            // is the rate its spelling may name.
            if let Expr::Operand(q) = &parsed
                && q.unit.rate_reading() == Some(unit.dimension)
            {
                value.dimension = unit.dimension;
            }
            // Counted things never block: "37B params × 14.8T tokens" is a
            // count, which converts to FLOP as a bare number does.
            if !unit.dimension.compatible(value.dimension) && !value.dimension.is_dimensionless() {
                return Err(CalcError::Incompatible {
                    from: value.dimension,
                    to: unit.dimension,
                });
            }
            Some(unit)
        }
        None => {
            let operands: Vec<&Unit> = parsed.operands().iter().map(|q| &q.unit).collect();
            answer_unit(&value, &operands, lexer.units)
        }
    };
    let (number, label) = match unit {
        Some(u) => (value.interval.nominal / u.factor, u.label),
        None => (value.interval.nominal, base_label(value.dimension)),
    };
    Ok(if label.is_empty() {
        printed(number)
    } else {
        format!("{} {label}", printed(number))
    })
}

/// "5.2 万卡时 × 2.1 美元 -> 万美元": a product asked for in the dimension
/// of one operand alone reads that operand as per unit of the others, as
/// articles drop the denominator of a rate (2.1 美元 per GPU-hour). Only a
/// plain product, one operand of the target's dimension and the others
/// with units of their own; each counts in the unit it is written in.
fn implied_rate(parsed: &Expr, target: Dimension) -> Option<expr::Value> {
    fn product(e: &Expr) -> bool {
        match e {
            Expr::Operand(_) => true,
            Expr::Binary(Op::Multiply, l, r) => product(l) && product(r),
            Expr::Binary(..) => false,
        }
    }
    if !product(parsed) || target.is_dimensionless() {
        return None;
    }
    let operands = parsed.operands();
    let mut rates = operands
        .iter()
        .filter(|q| !q.unit.is_one() && q.dimension().compatible(target));
    let rate = *rates.next()?;
    if rates.next().is_some() {
        return None;
    }
    let others = operands.iter().filter(|q| !std::ptr::eq(**q, rate));
    let mut interval = rate.unit.scale(rate.number, false);
    let mut counted = false;
    for q in others {
        counted |= !q.unit.is_one();
        interval = interval * q.number;
    }
    counted.then_some(expr::Value {
        interval,
        dimension: rate.dimension(),
        has_unit: true,
    })
}

/// A unit as a person names one: "GiB", "$/GPU-hour", "亿元", "万美元". A
/// currency sign is its code ("$" is USD), a magnitude word before a unit
/// scales it (亿元 is 10⁸ 元), and the label is the name as given, a sign
/// as its code ("USD/GPU-hour").
fn named_unit(name: &str, units: &UnitTable) -> Option<Unit> {
    let name = currency_code(name.trim());
    if let Some(m) = units
        .compound_unit_at(&name)
        .filter(|m| m.len == name.len())
    {
        return Some(Unit {
            label: name,
            ..m.unit
        });
    }
    let magnitude = units.magnitude_at(&name)?;
    let rest = name[magnitude.word.len()..].trim_start();
    let unit = match units.compound_unit_at(rest) {
        Some(m) if m.len == rest.len() => m.unit,
        None if rest.is_empty() => Unit::one(),
        _ => return None,
    };
    Some(Unit {
        label: name,
        factor: unit.factor * magnitude.factor,
        binary_factor: unit.binary_factor.map(|b| b * magnitude.factor),
        calendar_range: None,
        ..unit
    })
}

/// A label with its currency sign written as the currency's code: "$/hour"
/// as "USD/hour", "NT$" as "TWD", so a number never stands before a "$".
fn currency_code(label: &str) -> String {
    [
        ("US$", "USD"),
        ("NT$", "TWD"),
        ("HK$", "HKD"),
        ("$", "USD"),
        ("€", "EUR"),
    ]
    .iter()
    .find_map(|(sign, code)| label.strip_prefix(sign).map(|rest| format!("{code}{rest}")))
    .unwrap_or_else(|| label.to_string())
}

/// Units a result reads well in when no operand has its dimension, each
/// list smallest first: a time in the largest unit it fills, energy in
/// watt-hours, a price per hour, yuan in 万 and 亿.
const SENSIBLE: [&[&str]; 11] = [
    &["s", "min", "hours", "days", "years"],
    &["B"],
    &["B/s"],
    &["FLOP"],
    &["FLOPS"],
    &["W"],
    &["Wh"],
    &["GPU-hours"],
    &["USD/hour"],
    &["USD/GPU-hour"],
    &["元", "万元", "亿元"],
];

/// The unit a result is given in when none is asked for: the first
/// operand's unit of the result's dimension ("8 * 141 GB" in GB,
/// "$2.50/hour × 1000" in USD/hour), prefixed anew only when the number
/// would not read well in it (70 MW, not 70000000 W); else the sensible
/// unit of that dimension the number reads best in (FLOP ÷ FLOPS in days or
/// years); else the same for the dimension without its counted things
/// ("2048 GPUs * 80 GB" in bytes). `None` leaves the result in base units.
fn answer_unit(value: &expr::Value, operands: &[&Unit], units: &UnitTable) -> Option<Unit> {
    let number = value.interval.nominal;
    let reads_well = |u: &Unit| (1.0..1e4).contains(&(number / u.factor).abs());
    let fills = |u: &Unit| (number / u.factor).abs() >= 1.0;
    let physical = value.dimension.physical();
    let physical = (physical != value.dimension && physical != Dimension::NONE).then_some(physical);
    for dimension in std::iter::once(value.dimension).chain(physical) {
        let sensible = sensible_ladder(dimension, units);
        if let Some(u) = operands
            .iter()
            .find(|u| u.dimension == dimension && !u.is_one())
        {
            let unit = Unit {
                label: currency_code(&u.label),
                ..(*u).clone()
            };
            if number == 0.0 || reads_well(&unit) {
                return Some(unit);
            }
            let ladder = prefixed(&unit, units)
                .or(sensible.filter(|l| l.iter().any(|s| s.factor == unit.factor)))
                .unwrap_or_default();
            // The nearest rung the number reads well on; failing that, the
            // largest it fills, else the smallest.
            let at = ladder.iter().position(|u| u.factor == unit.factor);
            let nearest = ladder
                .iter()
                .enumerate()
                .filter(|(_, u)| reads_well(u))
                .min_by_key(|(i, _)| i.abs_diff(at.unwrap_or(0)))
                .map(|(_, u)| u);
            let fallback = ladder.iter().rev().find(|u| fills(u)).or(ladder.first());
            return Some(nearest.or(fallback).cloned().unwrap_or(unit));
        }
        // "2 / GPU-hour": so many per one of an operand's unit.
        if let Some(u) = operands
            .iter()
            .find(|u| !u.is_one() && u.dimension == Dimension::NONE / dimension)
        {
            return Some(Unit {
                label: format!("/{}", currency_code(&u.label)),
                dimension,
                factor: 1.0 / u.factor,
                binary_factor: None,
                calendar_range: None,
            });
        }
        if let Some(ladder) = sensible {
            let best = ladder
                .iter()
                .rev()
                .find(|u| number != 0.0 && reads_well(u))
                .or_else(|| ladder.iter().rev().find(|u| fills(u)))
                .or(ladder.first());
            return best.cloned();
        }
    }
    None
}

/// The sensible units of a dimension, smallest first ([`SENSIBLE`]); a
/// unit listed alone comes with its prefixes: B, kB, MB and so on.
fn sensible_ladder(dimension: Dimension, units: &UnitTable) -> Option<Vec<Unit>> {
    SENSIBLE.iter().find_map(|labels| {
        let ladder: Vec<Unit> = labels.iter().filter_map(|l| named_unit(l, units)).collect();
        if ladder.first()?.dimension != dimension {
            return None;
        }
        match ladder.as_slice() {
            [alone] => prefixed(alone, units).or(Some(ladder)),
            _ => Some(ladder),
        }
    })
}

/// A unit under every prefix of its family, smallest first; for a compound
/// unit ("TB/s"), its numerator's: TB/s, PB/s.
fn prefixed(unit: &Unit, units: &UnitTable) -> Option<Vec<Unit>> {
    if let Some(ladder) = units.prefix_ladder(&unit.label) {
        return Some(ladder.to_vec());
    }
    let (head, per) = unit.label.split_once('/')?;
    let head_unit = units
        .compound_unit_at(head)
        .filter(|m| m.len == head.len())?
        .unit;
    let ladder = units.prefix_ladder(head)?;
    Some(
        ladder
            .iter()
            .map(|h| Unit {
                label: format!("{}/{per}", h.label),
                factor: unit.factor * h.factor / head_unit.factor,
                binary_factor: None,
                calendar_range: None,
                dimension: unit.dimension,
            })
            .collect(),
    )
}

/// The result for scripts: a whole number below 2⁵² in full, so a numeral
/// reads back exactly (二千零三亿四千零五万六千零七 is 200340056007, which
/// ten significant digits would round); any other number as [`plain`] has it.
fn printed(number: f64) -> String {
    if number.fract() == 0.0 && number != 0.0 && number.abs() < 2f64.powi(52) {
        format!("{number:.0}")
    } else {
        plain(number)
    }
}

/// The tokens with a minus that stands where an operand begins ("-5 + 3",
/// "2 * -3", "(-5)") folded into the number after it, which it negates; a
/// minus before a bracket ("-(2+3)", "8 / -(1+1)") is (-1 × (…)), bracketed
/// anew so that it binds as tightly as the minus does. Prose has no such
/// minus: there a lone hyphen is a dash.
fn negated(tokens: Vec<Token>, expression: &str) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut tokens = tokens.into_iter().peekable();
    // The depth of brackets as written, and the depths at which a negated
    // bracket opened: its close closes the (-1 × …) too.
    let mut depth = 0usize;
    let mut negated_at: Vec<usize> = Vec::new();
    while let Some(t) = tokens.next() {
        let minus = match &t {
            Token::Text(span) => matches!(&expression[span.clone()], "-" | "−"),
            Token::Op(Op::Subtract, _) => true,
            _ => false,
        };
        let operand_begins = matches!(out.last(), None | Some(Token::Op(..) | Token::Open(_)));
        if minus && operand_begins {
            match tokens.peek_mut() {
                Some(Token::Quantity(q)) => {
                    q.number = q.number.scale(-1.0);
                    q.number_alternative = q.number_alternative.map(|a| a.scale(-1.0));
                    q.span.start = t.span().start;
                    continue;
                }
                Some(Token::Open(_)) => {
                    let span = t.span();
                    out.push(Token::Open(span.clone()));
                    out.push(Token::Quantity(Box::new(minus_one(span.clone()))));
                    out.push(Token::Op(Op::Multiply, span));
                    negated_at.push(depth);
                    continue;
                }
                _ => {}
            }
        }
        match &t {
            Token::Open(_) => depth += 1,
            Token::Close(span) => {
                depth = depth.saturating_sub(1);
                if negated_at.last() == Some(&depth) {
                    negated_at.pop();
                    let span = span.clone();
                    out.push(t);
                    out.push(Token::Close(span));
                    continue;
                }
            }
            _ => {}
        }
        out.push(t);
    }
    out
}

/// The −1 a minus before a bracket multiplies it by, spanning the minus.
fn minus_one(span: Range<usize>) -> Quantity {
    Quantity {
        span,
        number: Interval::exact(-1.0),
        number_alternative: None,
        unit: Unit::one(),
        hedge: None,
        step: 1.0,
        magnitude: 1.0,
        digit_half: 0.0,
        is_share: false,
    }
}

/// A number the lexer leaves as text, since in prose a lone "一" or "one"
/// is a word more often than a quantity ("一样", "one of them"): in an
/// expression it is a number ("一", "十 * 2").
fn lone_numeral(expression: &str, span: Range<usize>, units: &UnitTable) -> Option<Quantity> {
    let n = numeral_at(expression, span.start, units)
        .filter(|n| n.end == span.end && n.value.is_finite() && n.form != Form::Share)?;
    Some(Quantity {
        span,
        number: n.value,
        number_alternative: n.alternative,
        unit: Unit::one(),
        hedge: None,
        step: n.step,
        magnitude: n.magnitude,
        digit_half: n.digit_half,
        is_share: false,
    })
}

/// A unit with no number, as in "2 / GPU-hour": one of it.
fn lone_unit(expression: &str, span: Range<usize>, units: &UnitTable) -> Option<Quantity> {
    let text = &expression[span.clone()];
    let m = units
        .compound_unit_at(text)
        .filter(|m| m.len == text.len())?;
    Some(Quantity {
        span,
        number: Interval::exact(1.0),
        number_alternative: None,
        unit: Unit {
            label: text.to_string(),
            ..m.unit
        },
        hedge: None,
        step: 1.0,
        magnitude: 1.0,
        digit_half: 0.0,
        is_share: false,
    })
}

/// A label for a value in base units, when no unit reads better:
/// "parameter·token", "1/s".
fn base_label(d: Dimension) -> String {
    let symbol = |b: Base| match b {
        Base::Byte => "B",
        Base::Flop => "FLOP",
        Base::Second => "s",
        Base::Watt => "W",
        Base::Dollar => "USD",
        Base::Yuan => "CNY",
        Base::Twd => "TWD",
        Base::Hkd => "HKD",
        Base::Eur => "EUR",
        Base::Accelerator => "GPU",
        Base::Parameter => "parameter",
        Base::Token => "token",
        Base::Node => "node",
    };
    let part = |positive: bool| {
        Base::ALL
            .into_iter()
            .filter_map(|b| {
                let e = d.exponent(b);
                let e = if positive { e } else { -e };
                (e > 0).then(|| {
                    if e == 1 {
                        symbol(b).to_string()
                    } else {
                        format!("{}^{e}", symbol(b))
                    }
                })
            })
            .collect::<Vec<_>>()
            .join("·")
    };
    let (num, den) = (part(true), part(false));
    match (num.is_empty(), den.is_empty()) {
        (_, true) => num,
        (true, false) => format!("1/{den}"),
        (false, false) => format!("{num}/{den}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_examples() {
        assert_eq!(calc("8 * 80 GB -> GiB").unwrap(), "596.0464478 GiB");
        assert_eq!(calc("两万亿 * 16 字节 -> TB").unwrap(), "32 TB");
        assert_eq!(calc("1.8万亿").unwrap(), "1800000000000");
        assert_eq!(
            calc("4.8e26 FLOP / (989 TFLOPS * 0.4) -> hours").unwrap(),
            "337040781.9 hours"
        );
        assert_eq!(
            calc("2.788e6 GPU-hours * 2 USD/GPU-hour -> USD").unwrap(),
            "5576000 USD"
        );
        assert_eq!(calc("400 Gb/s -> GB/s").unwrap(), "50 GB/s");
        assert_eq!(calc("100000 * 700 W -> MW").unwrap(), "70 MW");
        assert_eq!(calc("8 * 141 GB").unwrap(), "1128 GB");
        assert_eq!(calc("$2.50/hour * 1000").unwrap(), "2500 USD/hour");
        assert_eq!(
            calc("6 * 37B params * 14.8T tokens -> FLOP").unwrap(),
            "3.2856e24 FLOP"
        );
        assert_eq!(
            calc("5.2 万卡时 * 2.1 USD/GPU-hour -> 万美元").unwrap(),
            "10.92 万美元"
        );
        assert_eq!(calc("$3/B200-hour * 10 B200-hour").unwrap(), "30 USD");
        assert_eq!(calc("400GbE -> GB/s").unwrap(), "50 GB/s");
        assert_eq!(calc("两个半月 -> days").unwrap(), "76.09375 days");
    }

    #[test]
    fn a_result_keeps_the_unit_of_its_operands() {
        assert_eq!(calc("8 * 141 GB").unwrap(), "1128 GB");
        assert_eq!(calc("141 GB + 80 GB").unwrap(), "221 GB");
        assert_eq!(calc("1 GPU-hour").unwrap(), "1 GPU-hour");
        assert_eq!(calc("1.5 TWh").unwrap(), "1.5 TWh");
        assert_eq!(calc("$2.50/hour * 1000").unwrap(), "2500 USD/hour");
        assert_eq!(calc("16 字节 * 2").unwrap(), "32 字节");
        // A number with no unit stays bare.
        assert_eq!(calc("8 * 141").unwrap(), "1128");
    }

    #[test]
    fn a_prefix_or_a_unit_of_the_same_kind_makes_the_number_read_well() {
        assert_eq!(calc("100000 * 700 W").unwrap(), "70 MW");
        assert_eq!(calc("两万亿 * 16 字节").unwrap(), "32 TB");
        assert_eq!(calc("0.5 GB").unwrap(), "500 MB");
        assert_eq!(calc("16 * 1024 GiB").unwrap(), "16 TiB");
        assert_eq!(calc("1000 * 24 hours").unwrap(), "1000 days");
        assert_eq!(calc("3 亿元 * 2").unwrap(), "6 亿元");
        assert_eq!(calc("4.8 TB/s * 1000").unwrap(), "4800 TB/s");
        assert_eq!(calc("48 TB/s * 1000").unwrap(), "48 PB/s");
        // Under ten thousand, the input's unit reads well as it is.
        assert_eq!(calc("8 * 1000 GB").unwrap(), "8000 GB");
    }

    #[test]
    fn a_result_no_operand_has_the_unit_of_takes_a_sensible_one() {
        assert_eq!(calc("1 GPU-hour * 2 USD/GPU-hour").unwrap(), "2 USD");
        assert_eq!(
            calc("2.788e6 GPU-hours / 2048 GPUs").unwrap(),
            "56.72200521 days"
        );
        assert_eq!(
            calc("4.8e26 FLOP / (989 TFLOPS * 0.4)").unwrap(),
            "38448.64042 years"
        );
        assert_eq!(calc("1000 GPUs * 24 hours").unwrap(), "24000 GPU-hours");
        assert_eq!(calc("5 ExaFLOPs / 1 s").unwrap(), "5 EFLOPS");
        // Counted things dropped: the bytes of 2048 cards, in the unit of
        // the bytes.
        assert_eq!(calc("2048 GPUs * 80 GB").unwrap(), "163.84 TB");
        assert_eq!(calc("80 GB / 8 GPUs").unwrap(), "10 GB");
        // Nothing sensible to say: base units.
        assert_eq!(
            calc("6 * 37B params * 14.8T tokens").unwrap(),
            "3.2856e24 parameter·token"
        );
    }

    #[test]
    fn targets_are_named_as_people_name_them() {
        assert_eq!(
            calc("2 USD/GPU-hour -> $/GPU-hour").unwrap(),
            "2 USD/GPU-hour"
        );
        assert_eq!(calc("$3 -> US$").unwrap(), "3 USD");
        assert_eq!(calc("3.2e8 元 -> 亿元").unwrap(), "3.2 亿元");
        assert_eq!(calc("30000 元 -> 万元").unwrap(), "3 万元");
        assert_eq!(calc("$3e6 -> 万美元").unwrap(), "300 万美元");
        assert_eq!(calc("3.2e9 -> 亿").unwrap(), "32 亿");
        // A magnitude word needs a unit after it, or nothing.
        assert!(matches!(
            calc("3 元 -> 亿banana").unwrap_err(),
            CalcError::UnknownUnit(_)
        ));
        // Dollars are no yuan.
        assert!(matches!(
            calc("$3 -> 万元").unwrap_err(),
            CalcError::Incompatible { .. }
        ));
    }

    #[test]
    fn counted_things_never_block_a_conversion() {
        assert_eq!(
            calc("6 * 37B params * 14.8T tokens -> FLOP").unwrap(),
            "3.2856e24 FLOP"
        );
        assert_eq!(calc("8 GPUs * 700 W -> kW").unwrap(), "5.6 kW");
        // A physical dimension still does.
        assert!(matches!(
            calc("37B params * 2 bytes -> FLOP").unwrap_err(),
            CalcError::Incompatible { .. }
        ));
    }

    #[test]
    fn full_width_forms_and_latex_read_as_plain_text() {
        assert_eq!(calc("４×１９２ＧＢ").unwrap(), calc("4×192GB").unwrap());
        assert_eq!(calc("４．８ ＴＢ／ｓ －＞ ＧＢ／ｓ").unwrap(), "4800 GB/s");
        assert_eq!(calc("１２，８００ ＊ ２").unwrap(), "25600");
        assert_eq!(
            calc(r"3 \times 10^{24} \text{ FLOP}").unwrap(),
            calc("3 × 10^24 FLOP").unwrap()
        );
        assert_eq!(calc(r"$\frac{640\,\text{GB}}{8}$ -> GB").unwrap(), "80 GB");
        assert_eq!(calc(r"8 \cdot 80 - 40").unwrap(), "600");
        assert_eq!(
            calc(r"$4.8 \times 10^{26}$ FLOP / (989 TFLOPS * 0.4) -> hours").unwrap(),
            calc("4.8e26 FLOP / (989 TFLOPS * 0.4) -> hours").unwrap()
        );
        assert_eq!(calc("$2 * 3").unwrap(), "6 USD");
        assert_eq!(calc(r"3{,}000 \times 2").unwrap(), "6000");
        // A full-width word is still no number.
        assert!(matches!(
            calc("８ * ｂａｎａｎａ"),
            Err(CalcError::Unreadable(_))
        ));
    }

    #[test]
    fn petaflop_s_days_are_training_compute() {
        // GPT-3's 3,640 petaflop/s-days are 3.14 × 10^23 FLOP.
        assert_eq!(
            calc("3640 petaflop/s-days -> FLOP").unwrap(),
            "3.14496e23 FLOP"
        );
        assert_eq!(
            calc("3640 PF-days -> FLOP").unwrap(),
            calc("3640 petaflop days -> FLOP").unwrap()
        );
        // A petaflop alone is 10^15 FLOP, not a day of them.
        assert_eq!(calc("3640 petaflop -> FLOP").unwrap(), "3.64e18 FLOP");
    }

    #[test]
    fn lone_numerals_are_numbers() {
        assert_eq!(calc("一").unwrap(), "1");
        assert_eq!(calc("十 * 2").unwrap(), "20");
        assert_eq!(calc("一 + 一").unwrap(), "2");
        assert_eq!(calc("one + two").unwrap(), "3");
        assert!(matches!(
            calc("一样").unwrap_err(),
            CalcError::Unreadable(_)
        ));
    }

    #[test]
    fn a_minus_before_a_number_negates_it() {
        assert_eq!(calc("-5 + 3").unwrap(), "-2");
        assert_eq!(calc("2 * -3 GB").unwrap(), "-6 GB");
        assert_eq!(calc("5 - -3").unwrap(), "8");
        assert_eq!(calc("(-5) * 2").unwrap(), "-10");
        assert_eq!(calc("−5 + 3").unwrap(), "-2");
        // Before a bracket it negates the bracket, as tightly as it binds.
        assert_eq!(calc("-(2+3)").unwrap(), "-5");
        assert_eq!(calc("-(2+3) * 4").unwrap(), "-20");
        assert_eq!(calc("8 / -(1+1)").unwrap(), "-4");
        assert_eq!(calc("-(-(2 GB))").unwrap(), "2 GB");
        assert_eq!(calc("10 - (2+3)").unwrap(), "5");
        assert_eq!(calc("-(8 * 80 GB) + 700 GB").unwrap(), "60 GB");
        // Between two operands it is still a subtraction.
        assert_eq!(calc("5 - 3").unwrap(), "2");
        // Before no number it is nothing to read.
        assert!(matches!(
            calc("- banana").unwrap_err(),
            CalcError::Unreadable(_)
        ));
    }

    #[test]
    fn a_rate_with_its_denominator_dropped_is_per_unit_of_the_others() {
        // Asked in dollars, 2.1 美元 is per GPU-hour, as the article means.
        assert_eq!(
            calc("5.2 万卡时 × 2.1 美元 -> 万美元").unwrap(),
            "10.92 万美元"
        );
        assert_eq!(calc("2.788M GPU-hours * $2 -> USD").unwrap(), "5576000 USD");
        // Not asked, the product keeps every unit.
        assert_eq!(
            calc("5.2 万卡时 × 2.1 美元").unwrap(),
            "393120000 s·USD·GPU"
        );
        // Two operands of the asked dimension, or a sum, are no such rate.
        assert!(matches!(
            calc("2 美元 × 3 美元 -> 美元").unwrap_err(),
            CalcError::Incompatible { .. }
        ));
        assert!(matches!(
            calc("5 GPU-hours + 2 美元 -> 美元").unwrap_err(),
            CalcError::Eval(_) | CalcError::Incompatible { .. }
        ));
    }

    #[test]
    fn teraflops_spelled_as_a_count_convert_to_a_rate_when_asked() {
        assert_eq!(calc("989 TFLOPs -> TFLOPS").unwrap(), "989 TFLOPS");
        assert_eq!(calc("989 TFLOPs").unwrap(), "989 TFLOPs");
        // Bare FLOPs count operations only.
        assert!(matches!(
            calc("3.8e25 FLOPs -> FLOPS").unwrap_err(),
            CalcError::Incompatible { .. }
        ));
    }

    #[test]
    fn powers_of_whole_numbers() {
        assert_eq!(calc("2^10").unwrap(), "1024");
        assert_eq!(calc("2^30 B -> GiB").unwrap(), "1 GiB");
        assert_eq!(calc("3 * 2^10").unwrap(), "3072");
        assert!(matches!(
            calc("2^99999").unwrap_err(),
            CalcError::OutOfRange(_)
        ));
    }

    #[test]
    fn unit_words_as_articles_write_them() {
        assert_eq!(calc("5 ExaFLOPs -> FLOP").unwrap(), "5e18 FLOP");
        assert_eq!(calc("5 Tflops -> TFLOPS").unwrap(), "5 TFLOPS");
        assert_eq!(calc("9 T-token -> tokens").unwrap(), "9000000000000 tokens");
        assert_eq!(calc("14.8T-token").unwrap(), "14800000000000 token");
        assert_eq!(
            calc("6 * 37B-parameter * 14.8T-token -> FLOP").unwrap(),
            "3.2856e24 FLOP"
        );
        assert_eq!(calc("400GbE -> GB/s").unwrap(), "50 GB/s");
        assert_eq!(calc("400 GbE * 8").unwrap(), "3200 GbE");
        assert_eq!(calc("两个半月").unwrap(), "2.5 个月");
        assert_eq!(calc("一个半月 -> days").unwrap(), "45.65625 days");
        assert_eq!(calc("三个半月").unwrap(), "3.5 个月");
        assert_eq!(calc("每秒 3 次").unwrap(), "3 次/秒");
        assert_eq!(calc("每秒 3 次 * 1 hours").unwrap(), "10800");
    }

    #[test]
    fn a_unit_alone_is_one_of_it() {
        assert_eq!(calc("2 / GPU-hour").unwrap(), "2 /GPU-hour");
        assert_eq!(calc("2 / GPU-hour * 1000 GPU-hours").unwrap(), "2000");
        assert_eq!(calc("GiB -> B").unwrap(), "1073741824 B");
        assert_eq!(calc("$3/B200-hour * 10 B200-hour").unwrap(), "30 USD");
        assert_eq!(
            calc("$2 / GPU-hour * 8 GPUs * 24 hours").unwrap(),
            "384 USD"
        );
        // A word that is no unit is still unreadable.
        assert!(matches!(
            calc("2 / banana").unwrap_err(),
            CalcError::Unreadable(_)
        ));
    }

    #[test]
    fn whole_numbers_print_in_full() {
        assert_eq!(
            calc("二千零三亿四千零五万六千零七").unwrap(),
            "200340056007"
        );
        assert_eq!(calc("123456789012345").unwrap(), "123456789012345");
        assert_eq!(calc("1e20").unwrap(), "1e20");
        assert_eq!(calc("2 / 3").unwrap(), "0.6666666667");
    }

    #[test]
    fn chinese_power_units_are_units() {
        // "兆瓦" is MW, "千瓦时" kWh: 兆 and 千 there are no magnitudes.
        assert_eq!(calc("1 兆瓦 -> MW").unwrap(), "1 MW");
        assert_eq!(calc("5 千瓦时 -> kWh").unwrap(), "5 kWh");
        assert_eq!(calc("10万千瓦 -> MW").unwrap(), "100 MW");
    }

    #[test]
    fn dimension_mismatch_is_refused() {
        let err = calc("80 GB + 700 W").unwrap_err();
        assert_eq!(
            err.to_string(),
            "cannot add byte and watt: the dimensions differ"
        );
        let err = calc("80 GB -> W").unwrap_err();
        assert!(matches!(err, CalcError::Incompatible { .. }));
    }

    #[test]
    fn bad_input_is_an_error() {
        assert_eq!(
            calc("1 / 0").unwrap_err(),
            CalcError::Eval(expr::EvalError::DivisionByZero)
        );
        assert!(matches!(
            calc("10^999999").unwrap_err(),
            CalcError::OutOfRange(_)
        ));
        // The whole number, not its first word ("2").
        assert_eq!(
            calc("2 * 10^999999").unwrap_err(),
            CalcError::OutOfRange("2 * 10^999999".into())
        );
        assert_eq!(
            calc("4.8×10^999 GB -> GiB").unwrap_err(),
            CalcError::OutOfRange("4.8×10^999".into())
        );
        assert!(matches!(
            calc("8 * banana").unwrap_err(),
            CalcError::Unreadable(_)
        ));
        assert_eq!(calc("  ").unwrap_err(), CalcError::Empty);
        assert!(matches!(
            calc("8 GB -> furlongs").unwrap_err(),
            CalcError::UnknownUnit(_)
        ));
        assert!(calc(&"(".repeat(500)).is_err());
    }
}
