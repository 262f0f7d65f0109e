//! `audit calc EXPR`: the units engine on its own.
//!
//! Reads every number form and unit word that articles use ("8 * 80 GB ->
//! GiB", "两万亿 * 16 字节 -> TB", "1.8万亿") and prints the result as a
//! plain or e-notation number and its unit, so scripts can read it.

use crate::number::expr::{self, Reading};
use crate::number::format::plain;
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
/// the printed result: "596.0464478 GiB".
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
        {
            *t = Token::Quantity(Box::new(q));
        }
    }
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
    let value = parsed.eval(Reading::default())?;
    let target = match target {
        Some(t) => {
            let m = lexer
                .units
                .compound_unit_at(t)
                .filter(|m| m.len == t.len())
                .ok_or_else(|| CalcError::UnknownUnit(t.to_string()))?;
            let mut unit = m.unit;
            unit.label = t.to_string();
            if !unit.dimension.compatible(value.dimension) && value.has_unit {
                return Err(CalcError::Incompatible {
                    from: value.dimension,
                    to: unit.dimension,
                });
            }
            Some(unit)
        }
        None => None,
    };
    let (number, label) = match target {
        Some(u) => (value.interval.nominal / u.factor, u.label),
        None => (value.interval.nominal, base_label(value.dimension)),
    };
    Ok(if label.is_empty() {
        printed(number)
    } else {
        format!("{} {label}", printed(number))
    })
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

/// A label for a value in base units: "B", "FLOP/s", "USD", "W·s".
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
            calc("3640 PF-days").unwrap(),
            calc("3640 petaflop days").unwrap()
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
