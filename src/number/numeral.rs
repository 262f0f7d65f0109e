//! Numerals: the numbers of English and Chinese prose, read as intervals.
//!
//! One function, [`numeral_at`], reads the number that starts at a byte
//! offset, in any of the forms articles use: Arabic digits with grouping,
//! decimals and exponents (`1,234.5`, `4.8e26`, `4.8×10²⁶`, `10^25`, `2^10`,
//! full-width `６４０`), magnitude words and suffixes (`16K`, `2.4M`, `405B`,
//! `1.25 million`, `3140 亿`, `10萬`), English number words (`two trillion`, `a
//! dozen`, `half`, `a third`) and Chinese numerals (`三千一百四十亿`,
//! `六点七亿`, `两万亿`, `四成`, `一半`, `十几`, `三分之二`), which the
//! `chinese` submodule reads section by section: 零 in any position
//! (`二千零三亿四千零五万六千零七`), the abbreviated last digit (`四万八` is
//! 48,000), `廿` and `卅`, financial characters (`壹佰贰拾叁`, `貳仟零參億`),
//! positional digits (`二〇二四`) and Arabic digits mixed in (`2万300`,
//! `300万五千`, `二百点456`).
//!
//! The interval is the stated precision: half a unit of the last stated digit
//! ("628" is [627.5, 628.5]); trailing zeros of an integer widen it, up to a
//! tenth of the value ("60,000" is ±5,000, "1,000" ±100). A Chinese unit
//! after the last digit counts as that many zeros (四百 is ±40, 四万八 ±500,
//! as 48,000 is), a big unit as a magnitude (三亿 is ±0.5亿). Whether the number
//! is a quantity at all (not a year, a version, a product name) is decided by
//! the caller, which sees the context.

mod chinese;

pub use chinese::starts_chinese_numeral;

use crate::number::interval::Interval;
use crate::units::{Base, Dimension, Unit, UnitTable};

/// A number read from text.
#[derive(Clone, Debug, PartialEq)]
pub struct Numeral {
    /// Byte offsets in the text, end exclusive.
    pub start: usize,
    pub end: usize,
    pub value: Interval,
    /// Another reading of an ambiguous magnitude word (兆 as 10⁶).
    pub alternative: Option<Interval>,
    pub form: Form,
    /// The factor of a magnitude word or suffix ("亿", "M"), 1 without one.
    /// A range shares it: "六点三到七点一亿".
    pub magnitude: f64,
    /// Place value of the last stated non-zero digit, magnitude included:
    /// "六亿" steps by 10⁸, "30" by 10. "出头" and "多" add up to one step.
    pub step: f64,
    /// Half a unit of the last written digit, trailing zeros counted as
    /// significant ("70" is ±0.5 here, ±5 in `value`).
    pub digit_half: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// Digits, possibly with a magnitude word or suffix.
    Arabic,
    /// English number words.
    English,
    /// Chinese numerals, Arabic digits mixed in or not.
    Chinese,
    /// Chinese digits written positionally, as Arabic ones are: 二〇二四.
    /// A year as often as a quantity; the caller decides as for digits.
    ChineseDigits,
    /// A share written as a word: 四成, 一半, half, a third, 三分之二. Its
    /// value is the fraction; the caller treats it as a percentage-like ratio.
    Share,
}

/// The digit value of an ASCII or full-width digit.
pub fn digit_value(c: char) -> Option<u32> {
    match c {
        '0'..='9' => Some(c as u32 - '0' as u32),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    }
}

fn superscript_value(c: char) -> Option<u32> {
    match c {
        '⁰' => Some(0),
        '¹' => Some(1),
        '²' => Some(2),
        '³' => Some(3),
        '⁴'..='⁹' => Some(c as u32 - '⁴' as u32 + 4),
        _ => None,
    }
}

/// Precision of a number whose last stated digit has place value `place`:
/// half that place, but trailing zeros of an integer widen it at most to a
/// tenth of the value.
fn precision(value: f64, place: f64, trailing_zeros: u32) -> f64 {
    let half = 0.5 * place * 10f64.powi(trailing_zeros as i32);
    if trailing_zeros == 0 {
        half
    } else {
        half.min(0.1 * value.abs()).max(0.5 * place)
    }
}

/// Reads the number that starts at `pos`, if any.
pub fn numeral_at(text: &str, pos: usize, units: &UnitTable) -> Option<Numeral> {
    let rest = text.get(pos..)?;
    let first = rest.chars().next()?;
    if digit_value(first).is_some() {
        let plain = arabic(text, pos, units);
        // "2万300", "300万五千": the Chinese reading goes further.
        if chinese::digits_before_chinese_unit(text, pos)
            && let Some(mixed) = chinese::mixed(text, pos, units)
            && plain.as_ref().is_none_or(|p| mixed.end > p.end)
        {
            return Some(mixed);
        }
        plain.map(|p| trillions_and_hundred_millions(text, p, units))
    } else if starts_chinese_numeral(first) || first == '半' {
        chinese::chinese(text, pos, units)
    } else if first.is_ascii_alphabetic() {
        english(text, pos, units)
    } else {
        None
    }
}

/// "1兆1,052億": a count of 億 right after 兆 makes 兆 10¹² (the larger
/// unit comes first) and adds to it, as a Taiwanese revenue figure is
/// written; anything else leaves the numeral as read.
fn trillions_and_hundred_millions(text: &str, first: Numeral, units: &UnitTable) -> Numeral {
    const ZHAO: f64 = 1e12;
    const YI: f64 = 1e8;
    if first.magnitude != ZHAO || first.alternative.is_none() {
        return first;
    }
    let Some(next) = text
        .get(first.end..)
        .filter(|rest| rest.starts_with(|c: char| digit_value(c).is_some()))
        .and_then(|_| arabic(text, first.end, units))
    else {
        return first;
    };
    if next.magnitude != YI || next.alternative.is_some() || next.value.hi >= ZHAO {
        return first;
    }
    let half = next.value.hi - next.value.nominal;
    Numeral {
        start: first.start,
        end: next.end,
        value: Interval::around(first.value.nominal + next.value.nominal, half),
        alternative: None,
        form: Form::Arabic,
        magnitude: YI,
        step: next.step,
        digit_half: next.digit_half,
    }
}

/// Digits as written, normalised to ASCII: the integer and fraction digits.
struct Digits {
    int: String,
    frac: String,
    end: usize,
}

fn read_digits(text: &str, mut pos: usize) -> Option<Digits> {
    let mut int = String::new();
    let mut full_width = false;
    let start = pos;
    for c in text[pos..].chars() {
        match digit_value(c) {
            Some(d) => {
                full_width |= !c.is_ascii();
                int.push(char::from_digit(d, 10)?);
                pos += c.len_utf8();
            }
            None => break,
        }
    }
    if int.is_empty() {
        return None;
    }
    // Thousands grouping: 1,234,567 / 1 234 567 / 1，234 (full-width only).
    if pos - start <= 3 * 3 && int.len() <= 3 {
        loop {
            let rest = &text[pos..];
            let Some(sep) = rest.chars().next() else {
                break;
            };
            let allowed = matches!(sep, ',' | ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}')
                || (sep == '，' && full_width);
            if !allowed {
                break;
            }
            let after = &rest[sep.len_utf8()..];
            let group: Vec<(usize, char)> = after.char_indices().take(4).collect();
            let three =
                group.len() >= 3 && group[..3].iter().all(|(_, c)| digit_value(*c).is_some());
            let fourth_is_digit = group.get(3).is_some_and(|(_, c)| digit_value(*c).is_some());
            if !three || fourth_is_digit {
                break;
            }
            // "8, 16, 32" lists: a comma grouping never has a space after it,
            // and a space grouping never follows a comma-grouped number.
            for (_, c) in &group[..3] {
                int.push(char::from_digit(digit_value(*c)?, 10)?);
            }
            pos += sep.len_utf8() + group[..3].iter().map(|(_, c)| c.len_utf8()).sum::<usize>();
        }
    }
    let mut frac = String::new();
    let rest = &text[pos..];
    if let Some(sep) = rest.chars().next().filter(|c| *c == '.' || *c == '．') {
        let after = &rest[sep.len_utf8()..];
        let mut len = 0;
        for c in after.chars() {
            match digit_value(c) {
                Some(d) => {
                    frac.push(char::from_digit(d, 10)?);
                    len += c.len_utf8();
                }
                None => break,
            }
        }
        if !frac.is_empty() {
            pos += sep.len_utf8() + len;
        }
    }
    Some(Digits {
        int,
        frac,
        end: pos,
    })
}

/// An exponent after a mantissa: `e26`, `×10²⁶`, `x10^25`, `*10^-3`, `·10²`.
/// Returns the exponent and the end offset.
fn exponent(text: &str, pos: usize) -> Option<(i32, usize)> {
    let rest = &text[pos..];
    if let Some(after) = rest.strip_prefix(['e', 'E']) {
        let (exp, len) = signed_integer(after)?;
        if after[len..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
        {
            return None;
        }
        return Some((exp, pos + 1 + len));
    }
    let trimmed = rest.trim_start_matches(' ');
    let mut skipped = rest.len() - trimmed.len();
    let op = trimmed.chars().next()?;
    if !matches!(op, '×' | 'x' | '*' | '·' | '✕') {
        return None;
    }
    let after_op = &trimmed[op.len_utf8()..];
    let after_space = after_op.trim_start_matches(' ');
    skipped += op.len_utf8() + (after_op.len() - after_space.len());
    let ten = after_space.strip_prefix("10")?;
    let (exp, len) = power_of_ten_exponent(ten)?;
    Some((exp, pos + skipped + 2 + len))
}

/// The exponent after a "10": `^25`, `**25`, `²⁶`, `⁻³`.
fn power_of_ten_exponent(text: &str) -> Option<(i32, usize)> {
    if let Some(after) = text.strip_prefix('^').or_else(|| text.strip_prefix("**")) {
        let (exp, len) = signed_integer(after)?;
        return Some((exp, text.len() - after.len() + len));
    }
    let mut len = 0;
    let mut negative = false;
    let mut value: i64 = 0;
    let mut any = false;
    for c in text.chars() {
        if c == '⁻' && !any && !negative {
            negative = true;
        } else if let Some(d) = superscript_value(c) {
            value = (value * 10 + d as i64).min(1_000_000_000);
            any = true;
        } else {
            break;
        }
        len += c.len_utf8();
    }
    if !any {
        return None;
    }
    let value = value as i32;
    Some((if negative { -value } else { value }, len))
}

fn signed_integer(text: &str) -> Option<(i32, usize)> {
    let mut len = 0;
    let mut negative = false;
    if let Some(c) = text.chars().next().filter(|c| matches!(c, '-' | '+' | '−')) {
        negative = c != '+';
        len += c.len_utf8();
    }
    let mut value: i64 = 0;
    let mut any = false;
    for c in text[len..].chars() {
        let Some(d) = c.to_digit(10) else { break };
        value = (value * 10 + d as i64).min(1_000_000_000);
        any = true;
        len += 1;
    }
    if !any {
        return None;
    }
    let value = value as i32;
    Some((if negative { -value } else { value }, len))
}

fn arabic(text: &str, pos: usize, units: &UnitTable) -> Option<Numeral> {
    let digits = read_digits(text, pos)?;
    let mut end = digits.end;
    let literal = if digits.frac.is_empty() {
        digits.int.clone()
    } else {
        format!("{}.{}", digits.int, digits.frac)
    };
    let mantissa: f64 = literal.parse().ok()?;
    let trailing_zeros = if digits.frac.is_empty() {
        let trimmed = digits.int.trim_end_matches('0');
        if trimmed.is_empty() {
            0
        } else {
            (digits.int.len() - trimmed.len()) as u32
        }
    } else {
        0
    };
    let place = 10f64.powi(-(digits.frac.len() as i32));
    let mut value = Interval::around(mantissa, precision(mantissa, place, trailing_zeros));

    // "10^25", "10²⁵": the whole number is a power of ten.
    if literal == "10"
        && let Some((exp, len)) = power_of_ten_exponent(&text[end..])
    {
        let v = 10f64.powi(exp);
        return Some(Numeral {
            start: pos,
            end: end + len,
            value: Interval::exact(v),
            alternative: None,
            form: Form::Arabic,
            magnitude: 1.0,
            step: v,
            digit_half: 0.0,
        });
    }
    // "2^10", "1024^3": a power of a whole number, exact as the power of
    // ten is. Only with a caret: "2³" may be a footnote mark.
    if digits.frac.is_empty()
        && let Some(after) = text[end..].strip_prefix('^')
        && let Some((exp, len)) = signed_integer(after)
    {
        let v = mantissa.powi(exp);
        return Some(Numeral {
            start: pos,
            end: end + 1 + len,
            value: Interval::exact(v),
            alternative: None,
            form: Form::Arabic,
            magnitude: 1.0,
            step: v,
            digit_half: 0.0,
        });
    }
    let mut step = place * 10f64.powi(trailing_zeros as i32);
    let mut digit_half = 0.5 * place;
    if let Some((exp, exp_end)) = exponent(text, end) {
        value = value.scale(10f64.powi(exp));
        step *= 10f64.powi(exp);
        digit_half *= 10f64.powi(exp);
        end = exp_end;
    }
    let mut alternative = None;
    let mut magnitude = 1.0;
    let priced = text[..pos].ends_with(CURRENCY_SIGNS);
    if let Some((factor, alt, len)) = magnitude_after(text, end, units, priced) {
        alternative = alt.map(|a| value.scale(a));
        value = value.scale(factor);
        step *= factor;
        digit_half *= factor;
        magnitude = factor;
        end += len;
    }
    Some(Numeral {
        start: pos,
        end,
        value,
        alternative,
        form: Form::Arabic,
        magnitude,
        step,
        digit_half,
    })
}

/// Signs written before an amount of money.
const CURRENCY_SIGNS: [char; 5] = ['$', '¥', '€', '£', '￥'];

/// The spaces that may stand inside a figure, between a number and its
/// magnitude or unit: a space, a no-break space, a narrow no-break space
/// (as French and SI typesetting put before units) and a thin space.
pub const INLINE_SPACES: [char; 4] = [' ', '\u{a0}', '\u{202f}', '\u{2009}'];

/// A magnitude after a number: "万", "亿", " million", "K", "B". Single
/// letters need care: "405B" is billions but "16 B" is bytes, "3.35 TB" is a
/// unit. After a currency sign a spaced letter is the magnitude: "$5.576 M"
/// is millions of dollars, no unit. Returns (factor, alternative, bytes
/// covered).
fn magnitude_after(
    text: &str,
    pos: usize,
    units: &UnitTable,
    priced: bool,
) -> Option<(f64, Option<f64>, usize)> {
    let rest = &text[pos..];
    let trimmed = rest.trim_start_matches(INLINE_SPACES);
    let spaced = trimmed.len() != rest.len();
    let gap = rest.len() - trimmed.len();
    let mut factor = 1.0;
    let mut alternative: Option<f64> = None;
    let mut covered = 0;
    let mut cursor = trimmed;
    // Chinese magnitudes stack: "1.8 万亿", "3 千万".
    while let Some(m) = units.magnitude_at(cursor) {
        let single_letter = m.word.len() == 1 && m.word.is_ascii();
        // A unit that starts with the word wins: "TB", "MW", "Gb", and
        // "兆瓦" (MW, not 10¹² W), "千瓦时" (kWh, not 10³ W and a stray 时).
        if units.unit_at(cursor).is_some_and(|u| u.len > m.word.len()) {
            break;
        }
        if single_letter {
            if covered > 0 {
                break;
            }
            let after = &cursor[1..];
            if after
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                break;
            }
            if spaced {
                // "2.788 M GPU-hours", "314 B parameters" and "14.8 T-token"
                // are magnitudes; "16 B" alone is bytes.
                let next = after.trim_start_matches([' ', '-']);
                let unit_follows = units
                    .unit_at(next)
                    .is_some_and(|u| u.unit.dimension != Dimension::NONE && !is_bytes(&u.unit));
                if !unit_follows && !priced {
                    break;
                }
            }
        } else if m.word.is_ascii() && !spaced && covered == 0 {
            // "1.25million" is odd but harmless; keep it.
        }
        factor *= m.factor;
        alternative = m
            .alternative
            .map(|a| a / m.factor * factor)
            .or(alternative.map(|a| a * m.factor));
        covered += m.word.len();
        cursor = &cursor[m.word.len()..];
        if single_letter || m.word.is_ascii() {
            break;
        }
    }
    if covered == 0 {
        return None;
    }
    Some((factor, alternative, gap + covered))
}

fn is_bytes(unit: &Unit) -> bool {
    unit.dimension == Dimension::of(Base::Byte)
}

fn share(start: usize, end: usize, value: f64, half_width: f64) -> Numeral {
    Numeral {
        start,
        end,
        value: Interval::around(value, half_width),
        alternative: None,
        form: Form::Share,
        magnitude: 1.0,
        step: half_width * 2.0,
        digit_half: half_width,
    }
}

/// Whether a word is an English number word ("Four", "twenty", "million").
pub(crate) fn is_english_number_word(word: &str) -> bool {
    let word = word.to_ascii_lowercase();
    ENGLISH_SMALL.iter().any(|(w, _)| *w == word) || ENGLISH_SCALES.iter().any(|(w, _)| *w == word)
}

const ENGLISH_SMALL: [(&str, f64); 28] = [
    ("zero", 0.0),
    ("one", 1.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
    ("eleven", 11.0),
    ("twelve", 12.0),
    ("thirteen", 13.0),
    ("fourteen", 14.0),
    ("fifteen", 15.0),
    ("sixteen", 16.0),
    ("seventeen", 17.0),
    ("eighteen", 18.0),
    ("nineteen", 19.0),
    ("twenty", 20.0),
    ("thirty", 30.0),
    ("forty", 40.0),
    ("fifty", 50.0),
    ("sixty", 60.0),
    ("seventy", 70.0),
    ("eighty", 80.0),
    ("ninety", 90.0),
];

const ENGLISH_SCALES: [(&str, f64); 5] = [
    ("hundred", 1e2),
    ("thousand", 1e3),
    ("million", 1e6),
    ("billion", 1e9),
    ("trillion", 1e12),
];

/// The ASCII word at `pos` (letters only), lowercased.
fn word_at(text: &str, pos: usize) -> Option<(String, usize)> {
    let rest = text.get(pos..)?;
    let len = rest
        .char_indices()
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(rest.len(), |(i, _)| i);
    if len == 0 {
        return None;
    }
    Some((rest[..len].to_ascii_lowercase(), pos + len))
}

/// English number words: "two trillion", "sixteen thousand", "forty-five",
/// "a dozen", "half", "a third", "two thirds".
fn english(text: &str, pos: usize, units: &UnitTable) -> Option<Numeral> {
    if pos > 0
        && text[..pos]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric())
    {
        return None;
    }
    let (first, first_end) = word_at(text, pos)?;
    let skip_gap = |at: usize| -> usize {
        let rest = &text[at..];
        let trimmed = rest.trim_start_matches([' ', '-']);
        at + (rest.len() - trimmed.len())
    };
    // "half", "a half".
    if first == "half" {
        return Some(share(pos, first_end, 0.5, 0.0));
    }
    let mut total = 0.0;
    let mut current: Option<f64> = None;
    let mut end = pos;
    let mut cursor = pos;
    let mut last_place = 1.0;
    let mut words = 0;
    if first == "a" || first == "an" {
        let next = skip_gap(first_end);
        let (w, w_end) = word_at(text, next)?;
        match w.as_str() {
            "dozen" => return Some(counted(pos, w_end, 12.0, 0.0)),
            "third" => return Some(share(pos, w_end, 1.0 / 3.0, 0.0)),
            "quarter" => return Some(share(pos, w_end, 0.25, 0.0)),
            "half" => return Some(share(pos, w_end, 0.5, 0.0)),
            "hundred" | "thousand" | "million" | "billion" | "trillion" => {
                current = Some(1.0);
                cursor = next;
            }
            // "a day", "an hour", "a full year": one unit of time, the
            // numeral ending where the unit starts.
            _ => {
                let at = match w.as_str() {
                    "full" | "whole" | "single" => skip_gap(w_end),
                    _ => next,
                };
                let unit = units
                    .unit_at(&text[at..])
                    .filter(|m| m.unit.dimension == Dimension::of(Base::Second))?;
                // "a year later", "a day ago" place an event; they measure
                // nothing.
                let after = skip_gap(at + unit.len);
                let placing = word_at(text, after).is_some_and(|(w, _)| {
                    matches!(
                        w.as_str(),
                        "later" | "ago" | "earlier" | "before" | "after" | "on"
                    )
                });
                // "a second cluster" is the ordinal: "second" before a word
                // that is no link ("a second or two", "a second per step").
                let ordinal = text[at..at + unit.len].eq_ignore_ascii_case("second")
                    && word_at(text, after).is_some_and(|(w, _)| {
                        w.starts_with(|c: char| c.is_alphabetic())
                            && !matches!(
                                w.as_str(),
                                "or" | "and"
                                    | "of"
                                    | "per"
                                    | "to"
                                    | "in"
                                    | "for"
                                    | "each"
                                    | "every"
                            )
                    });
                return (!placing && !ordinal).then(|| counted(pos, at, 1.0, 0.0));
            }
        }
    }
    while let Some((w, w_end)) = word_at(text, cursor) {
        if let Some((_, v)) = ENGLISH_SMALL.iter().find(|(n, _)| *n == w) {
            let merged = match current {
                None => *v,
                // "forty-five", "twenty five".
                Some(c) if c >= 20.0 && c % 10.0 == 0.0 && c < 100.0 && *v < 10.0 => c + v,
                Some(c) if c % 100.0 == 0.0 && c >= 100.0 && *v < 100.0 => c + v,
                Some(_) => break,
            };
            current = Some(merged);
            last_place = 1.0;
        } else if let Some((_, scale)) = ENGLISH_SCALES.iter().find(|(n, _)| *n == w) {
            let Some(c) = current.take() else { break };
            if *scale == 100.0 {
                current = Some(c * 100.0);
            } else {
                total += c * scale;
            }
            last_place = *scale;
        } else if (w == "thirds" || w == "third" || w == "quarters")
            && current.is_some_and(|c| c < 10.0)
            && total == 0.0
        {
            let d = if w.starts_with("third") { 3.0 } else { 4.0 };
            return Some(share(pos, w_end, current.unwrap_or(1.0) / d, 0.0));
        } else if w == "dozen" && current.is_some() && total == 0.0 {
            return Some(counted(pos, w_end, current.unwrap_or(1.0) * 12.0, 0.0));
        } else if w == "and" && current.is_some_and(|c| c >= 100.0) {
            // "one hundred and twenty": only when a number follows.
            let next = skip_gap(w_end);
            match word_at(text, next) {
                Some((n, _)) if ENGLISH_SMALL.iter().any(|(s, _)| *s == n) => {
                    cursor = next;
                    continue;
                }
                _ => break,
            }
        } else {
            break;
        }
        words += 1;
        end = w_end;
        cursor = skip_gap(w_end);
        if cursor == w_end && text[w_end..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            break;
        }
    }
    if words == 0 {
        return None;
    }
    let value = total + current.unwrap_or(0.0);
    Some(Numeral {
        start: pos,
        end,
        value: Interval::around(
            value,
            if last_place > 1.0 {
                0.5 * last_place
            } else {
                0.0
            },
        ),
        alternative: None,
        form: Form::English,
        magnitude: last_place.max(1.0),
        step: last_place,
        digit_half: 0.5 * last_place,
    })
}

fn counted(start: usize, end: usize, value: f64, half_width: f64) -> Numeral {
    Numeral {
        start,
        end,
        value: Interval::around(value, half_width),
        alternative: None,
        form: Form::English,
        magnitude: 1.0,
        step: 1.0,
        digit_half: half_width,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Numeral {
        numeral_at(text, 0, UnitTable::builtin())
            .unwrap_or_else(|| panic!("no numeral in {text:?}"))
    }

    fn value(text: &str) -> f64 {
        read(text).value.nominal
    }

    fn bounds(text: &str) -> (f64, f64) {
        let v = read(text).value;
        (v.lo, v.hi)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
    }

    #[track_caller]
    fn assert_value(text: &str, expected: f64) {
        let got = value(text);
        assert!(close(got, expected), "{text:?}: {got} != {expected}");
    }

    #[test]
    fn arabic_grouping_and_decimals() {
        assert_value("1,234.5", 1234.5);
        assert_value("1 234", 1234.0);
        assert_value("37\u{a0}888", 37888.0);
        assert_value("314,000,000,000", 314e9);
        assert_eq!(read("1,234.5 GB").end, 7);
        // A list is not a grouped number.
        assert_value("8, 16, 32", 8.0);
    }

    #[test]
    fn a_unit_starting_with_a_magnitude_word_is_the_unit() {
        // 兆 and 千 used to be taken as magnitudes here: "1 兆瓦" was 10¹² W.
        assert_eq!(read("1 兆瓦").value.nominal, 1.0);
        assert_eq!(read("1 兆瓦").alternative, None);
        assert_eq!(read("5 千瓦时").end, 1);
        assert_eq!(value("10万千瓦"), 1e5);
        assert_eq!(value("2 兆"), 2e12);
        // 兆 before 億 is 10¹², and the two add up.
        assert_eq!(value("1兆1,052億"), 1.1052e12);
        assert_eq!(read("1兆1,052億").alternative, None);
        assert_eq!(read("1兆1,052億").end, "1兆1,052億".len());
    }

    #[test]
    fn exponents() {
        assert_value("4.8e26", 4.8e26);
        assert_value("4.8×10²⁶", 4.8e26);
        assert_value("4.8 × 10^26", 4.8e26);
        assert_value("3.3×10²⁴", 3.3e24);
        assert_value("10^25", 1e25);
        assert_value("2^10", 1024.0);
        assert_value("1024^3", 1073741824.0);
        assert_value("2^-1", 0.5);
        // No power without a whole base and a whole exponent.
        assert_eq!(read("2^x").end, 1);
        assert_eq!(read("2.5^2").end, 3);
        assert_value("10²⁵", 1e25);
        assert_value("5e-3", 5e-3);
        assert!(!read("10^999999").value.is_finite());
        assert!(!read("1e616").value.is_finite());
    }

    #[test]
    fn full_width_digits() {
        assert_value("６４０", 640.0);
        assert_value("８０ＧＢ", 80.0);
        assert_value("１，２３４", 1234.0);
    }

    #[test]
    fn a_spaced_letter_after_a_currency_sign_is_a_magnitude() {
        let after_sign = |text: &str| {
            numeral_at(text, 1, UnitTable::builtin())
                .map(|n| n.value.nominal)
                .unwrap_or_else(|| panic!("no numeral in {text:?}"))
        };
        assert!(close(after_sign("$5.576 M."), 5.576e6));
        assert!(close(after_sign("$2 B for it"), 2e9));
        // Without the sign, "16 B" alone stays bytes, not billions.
        assert_value("16 B.", 16.0);
        assert_value("5.576 M.", 5.576);
    }

    #[test]
    fn suffix_magnitudes() {
        assert_value("16K", 16e3);
        assert_value("2.4M", 2.4e6);
        assert_value("1.2B", 1.2e9);
        assert_value("405B", 405e9);
        assert_value("15.6T tokens", 15.6e12);
        assert_value("2.788 M GPU-hours", 2.788e6);
        assert_value("14.8 T-token run", 14.8e12);
        assert_value("314 B parameters", 314e9);
        // Units that start with the letter are units, not magnitudes.
        assert_eq!(read("3.35 TB/s").end, 4);
        assert_eq!(read("16 B").end, 2);
        assert_eq!(read("80GB").end, 2);
    }

    #[test]
    fn english_magnitude_words() {
        assert_value("1.25 million", 1.25e6);
        assert_value("70 billion parameters", 70e9);
        assert_value("two trillion", 2e12);
        assert_value("sixteen thousand", 16e3);
        assert_value("forty-five", 45.0);
        assert_value("one hundred and twenty", 120.0);
        assert_value("a dozen", 12.0);
        assert_value("a day", 1.0);
        assert_value("a full year", 1.0);
        assert!(numeral_at("a GPU", 0, UnitTable::builtin()).is_none());
        assert!(numeral_at("a year later", 0, UnitTable::builtin()).is_none());
        assert!(numeral_at("A second cluster", 0, UnitTable::builtin()).is_none());
        assert_value("a second or two", 1.0);
        assert_value("a second.", 1.0);
        assert_value("half", 0.5);
        assert_value("a third", 1.0 / 3.0);
        assert_value("two thirds", 2.0 / 3.0);
        assert_value("a million", 1e6);
        assert!(numeral_at("another", 0, UnitTable::builtin()).is_none());
        assert!(numeral_at("often", 0, UnitTable::builtin()).is_none());
    }

    #[test]
    fn chinese_magnitudes_after_digits() {
        assert_value("3140 亿", 3140e8);
        assert_value("1.25万", 1.25e4);
        assert_value("10萬", 10e4);
        assert_value("278.8 万", 2.788e6);
        assert_value("14.8 万亿", 14.8e12);
        assert_value("1.8万亿", 1.8e12);
        assert_value("40億", 40e8);
    }

    #[test]
    fn chinese_numerals() {
        assert_value("两万亿", 2e12);
        assert_value("三千一百四十亿", 3140e8);
        assert_value("六点七亿", 6.7e8);
        assert_value("十三点五亿", 13.5e8);
        assert_value("四百", 400.0);
        assert_value("二十", 20.0);
        assert_value("两", 2.0);
        assert_value("兩", 2.0);
        assert_value("百万", 1e6);
        assert_value("百亿", 1e10);
        assert_value("四十万亿", 4e13);
        assert_value("七百亿", 7e10);
        assert_value("一亿五千万", 1.5e8);
        assert_value("十六", 16.0);
        assert_value("三萬", 3e4);
        assert_value("五億", 5e8);
    }

    #[test]
    fn chinese_shares_and_ranges() {
        assert_value("四成", 0.4);
        assert_value("九成", 0.9);
        assert_value("一半", 0.5);
        assert_value("三分之二", 2.0 / 3.0);
        assert_value("百分之五十", 0.5);
        assert_eq!(bounds("十几"), (11.0, 19.0));
        assert_eq!(read("四成").form, Form::Share);
    }

    #[test]
    fn zhao_has_two_readings() {
        let n = read("1.8 兆");
        assert!(close(n.value.nominal, 1.8e12));
        assert!(close(n.alternative.unwrap().nominal, 1.8e6));
    }

    #[test]
    fn precision_follows_the_stated_digits() {
        assert_eq!(bounds("628"), (627.5, 628.5));
        let (lo, hi) = bounds("683.6");
        assert!(close(lo, 683.55) && close(hi, 683.65), "{lo} {hi}");
        assert_eq!(bounds("60,000"), (55000.0, 65000.0));
        assert_eq!(bounds("1,000"), (900.0, 1100.0));
        assert_eq!(bounds("14,400"), (14350.0, 14450.0));
        let (lo, hi) = bounds("三亿");
        assert!(close(lo, 2.5e8) && close(hi, 3.5e8), "{lo} {hi}");
        let (lo, hi) = bounds("六点七亿");
        assert!(close(lo, 6.65e8) && close(hi, 6.75e8), "{lo} {hi}");
    }
}
