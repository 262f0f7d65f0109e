//! The value of a fact: a measure ("989.4 TFLOPS", "2.788e6 GPU-hours",
//! "3.8 %") or a word ("HBM3", "SXM5").
//!
//! A measure is written as a plain or e-notation number and a unit from
//! `claims/units.yaml`. Its precision is the precision it is written with:
//! "989.4 TFLOPS" is [989.35, 989.45] TFLOPS, "2.788e6" is ±500; a range
//! "38..43 %" runs from the first to the last. This grammar
//! is deliberately narrower than the article lexer's: a knowledge-base value
//! has one spelling, so a typo is an error, never a silent reading.

use std::fmt;

use crate::number::format;
use crate::number::interval::Interval;
use crate::units::{Base, Dimension, Unit, UnitTable};

#[derive(Clone, Debug, PartialEq)]
pub enum FactValue {
    Measure(Measure),
    Word(String),
}

/// A number with its unit and precision.
#[derive(Clone, Debug, PartialEq)]
pub struct Measure {
    /// The value as written in the file.
    pub text: String,
    /// In base units, widened by half the last written digit.
    pub interval: Interval,
    pub unit: Unit,
}

impl Measure {
    pub fn dimension(&self) -> Dimension {
        self.unit.dimension
    }

    /// The value for a report, grouped and without e-notation where it
    /// reads better: "350,000 accelerators", "2,788,000 GPU-hours".
    pub fn shown(&self) -> String {
        let (number_text, unit) = self.text.split_once(' ').unwrap_or((&self.text, ""));
        let number = match number_text.split_once("..") {
            Some((lo, hi)) => format!("{lo}–{hi}"),
            None => match number_text.parse::<f64>() {
                Ok(v) if number_text.contains(['e', 'E']) || v >= 10_000.0 => format::number(v),
                _ => number_text.to_string(),
            },
        };
        if unit.is_empty() {
            number
        } else {
            format!("{number} {unit}")
        }
    }
}

impl fmt::Display for FactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FactValue::Measure(m) => f.write_str(&m.text),
            FactValue::Word(w) => f.write_str(w),
        }
    }
}

/// Reads a fact's value. Text that starts with a digit must be a measure;
/// anything else is a word.
pub fn parse(text: &str, units: &UnitTable) -> Result<FactValue, String> {
    let text = text.trim();
    if !text.starts_with(|c: char| c.is_ascii_digit()) {
        if text.is_empty() {
            return Err("empty value".into());
        }
        return Ok(FactValue::Word(text.to_string()));
    }
    let number_len = text
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+')))
        .unwrap_or(text.len());
    let (number_text, rest) = text.split_at(number_len);
    let number = |t: &str| parse_number(t).ok_or_else(|| format!("cannot read the number {t:?}"));
    let (lo, hi) = match number_text.split_once("..") {
        Some((lo, hi)) => {
            let (lo, lo_half) = number(lo)?;
            let (hi, hi_half) = number(hi)?;
            if lo > hi {
                return Err(format!("the range {number_text:?} runs backwards"));
            }
            (lo - lo_half, hi + hi_half)
        }
        None => {
            // A round figure ("1 TB/s", a vendor's rounding of 1,008 GB/s)
            // is precise to its last digit, but never read looser than
            // "about" (5%): half a digit of "1" would accept 1.5 TB/s.
            let (nominal, half) = number(number_text)?;
            let half = half.min(nominal.abs() * ROUND_FIGURE_WIDTH);
            (nominal - half, nominal + half)
        }
    };
    let unit = unit_of(rest.trim(), units)?;
    // A model's size in one or two digits ("70e9 parameters") is the size
    // its name gives, which rounds the count of its weights (Llama 3.1 70B
    // has 70.6 billion, Qwen2.5-7B 7.6 billion): it reaches as far as
    // "about".
    let (lo, hi) = if unit.dimension == Dimension::of(Base::Parameter)
        && !number_text.contains("..")
        && significant_digits(number_text) <= 2
    {
        let nominal = (lo + hi) / 2.0;
        let half = nominal.abs() * ROUND_FIGURE_WIDTH;
        (nominal - half, nominal + half)
    } else {
        (lo, hi)
    };
    // A whole count of base units ("72 accelerators", "700 W") is exact,
    // as the same figure written in an article is.
    let whole = !number_text.contains(['.', 'e', 'E']) && unit.factor == 1.0;
    let (lo, hi) = if whole && !number_text.contains("..") {
        let n = (lo + hi) / 2.0;
        (n, n)
    } else {
        (lo, hi)
    };
    let interval = Interval::between(lo, hi).scale(unit.factor);
    Ok(FactValue::Measure(Measure {
        text: text.to_string(),
        interval,
        unit,
    }))
}

/// The digits of a number's mantissa from its first non-zero one: 2 in
/// "70e9", 3 in "671e9", 2 in "1.5e9".
fn significant_digits(number_text: &str) -> usize {
    let mantissa = number_text.split(['e', 'E']).next().unwrap_or_default();
    mantissa
        .chars()
        .filter(char::is_ascii_digit)
        .skip_while(|&c| c == '0')
        .count()
}

/// A fact's unit, from the table; no text is the unit one.
fn unit_of(unit_text: &str, units: &UnitTable) -> Result<Unit, String> {
    Ok(if unit_text.is_empty() {
        Unit::one()
    } else if unit_text == "%" {
        Unit {
            label: "%".into(),
            dimension: Dimension::NONE,
            factor: 0.01,
            binary_factor: None,
            calendar_range: None,
        }
    } else {
        units
            .compound_unit_at(unit_text)
            .filter(|m| m.len == unit_text.len())
            .map(|m| m.unit)
            .ok_or_else(|| format!("unknown unit {unit_text:?} (see claims/units.yaml)"))?
    })
}

/// How far a round knowledge-base figure reaches, a fraction of its value:
/// the width of "about".
const ROUND_FIGURE_WIDTH: f64 = 0.05;

/// A plain or e-notation number and half a unit of its last written digit.
fn parse_number(text: &str) -> Option<(f64, f64)> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    if mantissa.is_empty() || !mantissa.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let value: f64 = text.parse().ok().filter(|v: &f64| v.is_finite())?;
    let decimals = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    Some((value, 0.5 * 10f64.powi(exponent - decimals)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure(text: &str) -> Measure {
        match parse(text, UnitTable::builtin()).unwrap() {
            FactValue::Measure(m) => m,
            other => panic!("{text}: not a measure: {other:?}"),
        }
    }

    #[test]
    fn precision_is_half_the_last_digit() {
        let m = measure("989.4 TFLOPS");
        assert!((m.interval.lo - 989.35e12).abs() < 1e3);
        assert!((m.interval.hi - 989.45e12).abs() < 1e3);
        let m = measure("2.788e6 GPU-hours");
        assert!((m.interval.lo - 2.7875e6 * 3600.0).abs() < 1.0);
        let m = measure("700 W");
        assert_eq!(
            (m.interval.lo, m.interval.hi),
            (700.0, 700.0),
            "a whole count is exact"
        );
        let m = measure("80 GB");
        assert_eq!((m.interval.lo, m.interval.hi), (79.5e9, 80.5e9));
        // A round figure reaches no further than "about" would.
        let m = measure("1 TB/s");
        assert!((m.interval.lo - 0.95e12).abs() < 1.0 && (m.interval.hi - 1.05e12).abs() < 1.0);
    }

    #[test]
    fn a_models_size_in_two_digits_reaches_as_far_as_about() {
        let m = measure("70e9 parameters");
        assert!((m.interval.lo - 66.5e9).abs() < 1e3 && (m.interval.hi - 73.5e9).abs() < 1e3);
        // Three digits are the count to its last digit.
        let m = measure("671e9 parameters");
        assert!((m.interval.lo - 670.5e9).abs() < 1e3 && (m.interval.hi - 671.5e9).abs() < 1e3);
        // Other units keep half a digit.
        let m = measure("80 GB");
        assert_eq!((m.interval.lo, m.interval.hi), (79.5e9, 80.5e9));
    }

    #[test]
    fn units_come_from_the_table() {
        assert_eq!(measure("80 GB").interval.nominal, 80e9);
        assert_eq!(measure("80 GB").unit.binary_factor, Some(2f64.powi(30)));
        assert_eq!(measure("3.35 TB/s").interval.nominal, 3.35e12);
        assert!((measure("58.7 %").interval.nominal - 0.587).abs() < 1e-12);
        assert_eq!(measure("2022").unit, Unit::one());
    }

    #[test]
    fn shown_values_are_grouped() {
        assert_eq!(
            measure("350000 accelerators").shown(),
            "350,000 accelerators"
        );
        assert_eq!(measure("2.788e6 GPU-hours").shown(), "2,788,000 GPU-hours");
        assert_eq!(measure("989.4 TFLOPS").shown(), "989.4 TFLOPS");
        assert_eq!(measure("38..43 %").shown(), "38–43 %");
    }

    #[test]
    fn ranges_keep_the_precision_of_their_ends() {
        let m = measure("38..43 %");
        assert!((m.interval.lo - 0.375).abs() < 1e-12);
        assert!((m.interval.hi - 0.435).abs() < 1e-12);
        assert!(parse("43..38 %", UnitTable::builtin()).is_err());
    }

    #[test]
    fn words_and_errors() {
        let units = UnitTable::builtin();
        assert_eq!(parse("HBM3", units), Ok(FactValue::Word("HBM3".into())));
        assert!(parse("80 GBX", units).unwrap_err().contains("unknown unit"));
        assert!(parse("8.0.1 GB", units).unwrap_err().contains("number"));
        assert!(parse("1e999 W", units).is_err());
        assert!(parse("", units).is_err());
    }
}
