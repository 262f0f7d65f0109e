//! Quantities in prose: a number with its unit, hedge and readings, and the
//! operators and relations between them.
//!
//! [`Lexer::tokens`] turns one sentence into a stream of [`Token`]s, each with byte
//! offsets into the document. It decides what is a quantity and what is not:
//! years and dates, clock times, versions ("CUDA 12.4", "PCIe 4.0"), product
//! names ("H100", "GPT-4", "Mixtral 8x7B"), ordinals and labels are left as
//! text. Ranges ("38–43%", "3万到4万", "六点三到七点一亿") share their unit
//! and magnitude between both ends.

use std::ops::Range;

use crate::number::interval::Interval;
use crate::number::lexicon::{Hedge, Lexicon, Op, Relation};
use crate::number::numeral::{
    Form, INLINE_SPACES, Numeral, digit_value, numeral_at, starts_chinese_numeral,
};
use crate::units::{Base, Dimension, Unit, UnitTable};

/// A number with its unit, as stated in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Quantity {
    /// Byte offsets of the whole quantity (hedge, number, unit).
    pub span: Range<usize>,
    /// The number as stated, magnitude words included ("1.25万" is 12,500),
    /// before the unit's factor.
    pub number: Interval,
    /// Another reading of the number (兆 as 10⁶).
    pub number_alternative: Option<Interval>,
    pub unit: Unit,
    pub hedge: Option<Hedge>,
    /// One step of the last stated digit, for "出头" and "多".
    pub step: f64,
    /// The factor of the magnitude word ("亿" is 10⁸), 1 without one.
    pub magnitude: f64,
    /// Half a unit of the last written digit, trailing zeros counted as
    /// significant: the precision of an exact "= 70 MW".
    pub digit_half: f64,
    /// A share written as a word (四成, 一半, a third).
    pub is_share: bool,
}

impl Quantity {
    /// A value in base units written as this quantity is, given its text:
    /// "$80.2bn" restates $90.2e9 as "$90.2bn", "266.4 万卡时" 2.5e6 as
    /// "250 万卡时". Text without Arabic digits gets the number and the unit.
    pub fn restate(&self, literal: &str, value: f64) -> String {
        let written = crate::number::format::number(value / (self.unit.factor * self.magnitude));
        let digits = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
        match literal.find(|c: char| c.is_ascii_digit()) {
            Some(start) => {
                let end = literal[start..]
                    .find(|c: char| !digits(c))
                    .map_or(literal.len(), |e| start + e);
                format!("{}{written}{}", &literal[..start], &literal[end..])
            }
            None => {
                let plain = crate::number::format::number(value / self.unit.factor);
                match self.unit.label.as_str() {
                    "" => plain,
                    _ if self.unit.is_written_before() => format!("{}{plain}", self.unit.label),
                    "%" | "％" => format!("{plain}%"),
                    label => format!("{plain} {label}"),
                }
            }
        }
    }

    /// The value in base units under a reading, hedge not applied.
    pub fn base_value(&self, binary: bool, alternative_magnitude: bool) -> Interval {
        let number = if alternative_magnitude {
            self.number_alternative.unwrap_or(self.number)
        } else {
            self.number
        };
        self.unit.scale(number, binary)
    }

    /// The value in base units with the hedge applied: the interval the
    /// claim allows.
    pub fn claimed(&self, binary: bool, alternative_magnitude: bool) -> Interval {
        let v = self.base_value(binary, alternative_magnitude);
        apply_hedge(v, self.hedge, self.step * self.unit.factor_for(binary))
    }

    /// The value as a premise of a computation, hedge applied: exact to
    /// its last written digit, since a writer computing from "6,000 cards"
    /// means 6,000, not 5,400–6,600.
    pub fn premise(&self) -> Interval {
        // A whole number of base units written to its units digit ("466 次",
        // "8 GPUs", "2 bytes") is exact; a figure in a prefixed or scaled
        // unit ("1,979 TFLOPS", "45%") keeps half its last digit.
        // A price is exact too: "$2 per GPU-hour" is two dollars, in
        // whatever unit of time.
        // So is a round count of cards, servers or things, however written:
        // "1 万张卡" is ten thousand cards, not 5,000 to 15,000.
        let price = self.unit.dimension.exponent(Base::Dollar) == 1 && self.magnitude == 1.0;
        let d = self.unit.dimension;
        let things = d == Dimension::NONE
            || [Base::Accelerator, Base::Node]
                .into_iter()
                .any(|b| d == Dimension::of(b));
        // A whole number of days, hours or years is a period counted out:
        // "一天" is a day, not twelve to thirty-six hours.
        let period = d == Dimension::of(Base::Second) && self.magnitude == 1.0;
        let counted = (self.digit_half <= 0.5 || things)
            && self.number.nominal.fract() == 0.0
            && !self.is_share
            && (self.unit.factor == 1.0 || price || period && self.digit_half <= 0.5);
        let half = if counted { 0.0 } else { self.digit_half };
        let v = self
            .unit
            .scale(Interval::around(self.number.nominal, half), false);
        apply_hedge(v, self.hedge, self.step * self.unit.factor)
    }

    pub fn dimension(&self) -> Dimension {
        self.unit.dimension
    }

    /// Whether any reading differs from the plain one.
    pub fn has_binary_reading(&self) -> bool {
        self.unit.binary_factor.is_some()
    }
}

/// Widens or opens an interval as a hedge says.
pub fn apply_hedge(v: Interval, hedge: Option<Hedge>, step: f64) -> Interval {
    let magnitude = v.nominal.abs();
    match hedge {
        None => v,
        Some(Hedge::Approx) => v.widen_relative(0.05),
        Some(Hedge::Nearly) => Interval {
            lo: v.lo - 0.1 * magnitude,
            hi: v.hi,
            nominal: v.nominal,
        },
        Some(Hedge::AtLeast) => Interval {
            lo: v.lo,
            hi: f64::INFINITY,
            nominal: v.nominal,
        },
        Some(Hedge::AtMost) => Interval {
            lo: f64::NEG_INFINITY,
            hi: v.hi,
            nominal: v.nominal,
        },
        Some(Hedge::LittleAbove) => Interval {
            lo: v.nominal,
            hi: v.nominal + step.abs(),
            nominal: v.nominal,
        },
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    Quantity(Box<Quantity>),
    Op(Op, Range<usize>),
    Relation(Relation, Range<usize>),
    Open(Range<usize>),
    Close(Range<usize>),
    /// A product or model name with digits ("H100", "RTX 4090"): it may
    /// stand between an operator and its operand ("8×H100 80GB").
    Name(Range<usize>),
    /// Anything else: words and punctuation that end a calculation.
    Text(Range<usize>),
}

impl Token {
    pub fn span(&self) -> Range<usize> {
        match self {
            Token::Quantity(q) => q.span.clone(),
            Token::Op(_, s)
            | Token::Relation(_, s)
            | Token::Open(s)
            | Token::Close(s)
            | Token::Name(s)
            | Token::Text(s) => s.clone(),
        }
    }
}

/// Where the figures among `tokens` stand, in order.
pub fn figure_spans(tokens: &[Token]) -> Vec<Range<usize>> {
    tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(q) => Some(q.span.clone()),
            _ => None,
        })
        .collect()
}

/// A currency's code written before its number, with a space or none:
/// "HKD 1.2M", "EUR40", "USD 2". Returns the code and the bytes up to the
/// number. Only a digit may follow, so "EUR two" or "USD-based" is no money.
fn currency_code_before_number(rest: &str) -> Option<(&'static str, usize)> {
    const CODES: [&str; 6] = ["USD", "EUR", "HKD", "TWD", "CNY", "RMB"];
    let code = CODES.into_iter().find(|c| rest.starts_with(c))?;
    let after = &rest[code.len()..];
    let number = after.strip_prefix(INLINE_SPACES).unwrap_or(after);
    number
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit())
        .then_some((code, rest.len() - number.len()))
}

/// Whether the word before `pos` is one that puts a year after it: "in",
/// "since", "until", "before", "after", "during", "through", and "by" at
/// the start of a sentence ("multiplied by 2048 GPUs" is a count).
fn year_preposition_before(text: &str, pos: usize) -> bool {
    let before = text[..pos].trim_end_matches(INLINE_SPACES);
    if before.len() == text[..pos].len() {
        return false;
    }
    let word_start = before
        .rfind(|c: char| !c.is_ascii_alphabetic())
        .map_or(0, |i| {
            i + before[i..].chars().next().map_or(1, char::len_utf8)
        });
    let word = &before[word_start..];
    const WORDS: [&str; 8] = [
        "in", "since", "until", "till", "before", "after", "during", "through",
    ];
    let at_sentence_start = before[..word_start]
        .trim_end()
        .chars()
        .next_back()
        .is_none_or(|c| matches!(c, '.' | '!' | '?' | '\n'));
    WORDS.iter().any(|w| word.eq_ignore_ascii_case(w)) || (word == "By" && at_sentence_start)
}

/// The lexer's tables.
pub struct Lexer<'a> {
    pub units: &'a UnitTable,
    pub words: &'a Lexicon,
    /// Whether the text is a table cell whose row label or column header
    /// names a unit ("| FP16 (TFLOPS) | 1979 |"): a bare four-digit number
    /// there is a figure of that unit, not a year or a card's model number.
    pub unit_column: bool,
}

impl Lexer<'static> {
    pub fn builtin() -> Lexer<'static> {
        Lexer {
            units: UnitTable::builtin(),
            words: Lexicon::builtin(),
            unit_column: false,
        }
    }
}

impl Lexer<'_> {
    /// The tokens of `doc[range]`, spans in `doc` offsets.
    pub fn tokens(&self, doc: &str, range: Range<usize>) -> Vec<Token> {
        let mut out: Vec<Token> = Vec::new();
        let mut pos = range.start;
        let end = range.end;
        while pos < end {
            let rest = &doc[pos..end];
            let c = rest.chars().next().unwrap_or(' ');
            if c.is_whitespace() {
                pos += c.len_utf8();
                continue;
            }
            if let Some((q, next)) = self.quantity_at(doc, pos, end, &out) {
                pos = next;
                out.push(Token::Quantity(Box::new(q)));
                continue;
            }
            if let Some((q, next)) = self.per_unit_quantity_at(doc, pos, end, &out) {
                pos = next;
                out.push(Token::Quantity(Box::new(q)));
                continue;
            }
            if let Some(len) = self.name_at(doc, pos, end) {
                out.push(Token::Name(pos..pos + len));
                pos += len;
                continue;
            }
            if c == '(' || c == '（' {
                out.push(Token::Open(pos..pos + c.len_utf8()));
                pos += c.len_utf8();
                continue;
            }
            if c == ')' || c == '）' {
                out.push(Token::Close(pos..pos + c.len_utf8()));
                pos += c.len_utf8();
                continue;
            }
            if let Some((op, len)) = self.operator_at(doc, pos, end) {
                out.push(Token::Op(op, pos..pos + len));
                pos += len;
                continue;
            }
            if let Some((rel, len)) = self.words.relation(rest) {
                out.push(Token::Relation(rel, pos..pos + len));
                pos += len;
                continue;
            }
            // A number refused here ("No. 81,559 MiB" after a label) or too
            // large to represent ("10^999999") is one piece of text: read
            // again from its middle, its digits would make another, wrong
            // number ("559 MiB", "999 × 2").
            let len = self
                .refused_number_len(doc, pos, end)
                .unwrap_or_else(|| word_len(rest));
            match out.last_mut() {
                Some(Token::Text(span)) if span.end == pos => span.end = pos + len,
                _ => out.push(Token::Text(pos..pos + len)),
            }
            pos += len;
        }
        out
    }

    /// The length of the numeral at `pos`, which was read as no quantity.
    fn refused_number_len(&self, doc: &str, pos: usize, end: usize) -> Option<usize> {
        let c = doc[pos..end].chars().next()?;
        if digit_value(c).is_none() && !starts_chinese_numeral(c) {
            return None;
        }
        let n = numeral_at(&doc[..end], pos, self.units)?;
        (n.end > pos).then(|| n.end - pos)
    }

    /// "每参数二十个 token": a quantity per unit, the unit before the number;
    /// "每秒 3 次", a number of times per unit.
    fn per_unit_quantity_at(
        &self,
        doc: &str,
        pos: usize,
        end: usize,
        before: &[Token],
    ) -> Option<(Quantity, usize)> {
        let after = doc[pos..end].strip_prefix('每')?;
        let per = self.units.unit_at(after)?;
        let at = pos + '每'.len_utf8() + per.len;
        let skip = doc[at..end].len() - doc[at..end].trim_start().len();
        let (mut q, next) = self.quantity_at(doc, at + skip, end, before)?;
        // "每秒 3 次": so many times per second, a rate of its own.
        let times = doc[q.span.clone()].ends_with(['次']);
        if q.unit.is_one() && !times {
            return None;
        }
        if times {
            q.unit.label = "次".into();
        }
        q.unit = q.unit.per(&per.unit);
        q.span.start = pos;
        Some((q, next))
    }

    fn operator_at(&self, doc: &str, pos: usize, end: usize) -> Option<(Op, usize)> {
        let rest = &doc[pos..end];
        // A hyphen is a minus only with space on both sides: "466 - 47".
        if rest.starts_with("- ") && doc[..pos].ends_with(' ') {
            return Some((Op::Subtract, 1));
        }
        let (op, len) = self.words.operator(rest)?;
        // "增加到", "缩减", "减少": a Chinese operator inside a word is none.
        let cjk_op = rest.starts_with(['加', '减', '減', '乘', '除']);
        let word_before = doc[..pos]
            .chars()
            .next_back()
            .is_some_and(|c| "增追参參附更外叠疊递遞缩縮削裁".contains(c));
        let word_after = rest[len..]
            .chars()
            .next()
            .is_some_and(|c| "少速半价價法".contains(c));
        if cjk_op && (word_before || word_after) {
            return None;
        }
        // "x" and "X" multiply only between spaces or digits: "8 x 80".
        if rest.starts_with(['x', 'X']) && len == 1 {
            let before_ok = doc[..pos]
                .chars()
                .next_back()
                .is_some_and(|c| c == ' ' || digit_value(c).is_some());
            let after_ok = rest[1..]
                .chars()
                .next()
                .is_some_and(|c| c == ' ' || digit_value(c).is_some());
            if !(before_ok && after_ok) {
                return None;
            }
        }
        Some((op, len))
    }

    /// A product name with digits at `pos`: letters then digits ("H100",
    /// "MI300X", "GPT-4", "Llama-3-70B"), or a capitalised word, a space and a
    /// version ("CUDA 12.4", "RTX 4090").
    fn name_at(&self, doc: &str, pos: usize, end: usize) -> Option<usize> {
        let rest = &doc[pos..end];
        let first = rest.chars().next()?;
        if !first.is_ascii_alphabetic() {
            return None;
        }
        if pos > 0
            && doc[..pos]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            return None;
        }
        let len = rest
            .char_indices()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '.' || *c == '_'))
            .map_or(rest.len(), |(i, _)| i);
        let word = rest[..len].trim_end_matches(['.', '-']);
        let has_digit = word.chars().any(|c| c.is_ascii_digit());
        let starts_letters = word.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        (has_digit && starts_letters).then_some(word.len())
    }

    /// A quantity starting at `pos` (hedge included), and where it ends.
    fn quantity_at(
        &self,
        doc: &str,
        pos: usize,
        end: usize,
        before: &[Token],
    ) -> Option<(Quantity, usize)> {
        let rest = &doc[pos..end];
        let c = rest.chars().next()?;
        // A hedge word before the number: "about 400", "约 1,000", "~70";
        // two of them, "at most about 37.6 MWh", keep the bound.
        if let Some((hedge, len)) = self.hedge_word_at(rest) {
            let mut after = pos + len;
            after += doc[after..end].len() - doc[after..end].trim_start().len();
            let mut hedge = hedge;
            if let Some((inner, inner_len)) = self.hedge_word_at(&doc[after..end]) {
                if !matches!(hedge, Hedge::AtLeast | Hedge::AtMost) {
                    hedge = inner;
                }
                after += inner_len;
                after += doc[after..end].len() - doc[after..end].trim_start().len();
            }
            let (mut q, next) = self.bare_quantity_at(doc, after, end, before)?;
            if q.hedge.is_none() {
                q.hedge = Some(hedge);
            }
            q.span.start = pos;
            return Some((q, next));
        }
        if c.is_ascii_alphabetic()
            && pos > 0
            && doc[..pos]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_ascii_alphanumeric())
        {
            return None;
        }
        self.bare_quantity_at(doc, pos, end, before)
    }

    fn hedge_word_at(&self, rest: &str) -> Option<(Hedge, usize)> {
        // Hedge lists are matched at their end; find the longest hedge that
        // is a prefix of `rest` and is followed by a number or a space.
        self.words.hedges_starting(rest).find(|&(_, len)| {
            let next = rest[len..].trim_start().chars().next();
            next.is_some_and(|n| {
                digit_value(n).is_some()
                    || starts_chinese_numeral(n)
                    || n == '$'
                    || n.is_ascii_alphabetic()
                    || n == '半'
            })
        })
    }

    /// A quantity without a leading hedge word.
    fn bare_quantity_at(
        &self,
        doc: &str,
        pos: usize,
        end: usize,
        before: &[Token],
    ) -> Option<(Quantity, usize)> {
        let text = &doc[..end];
        let rest = &text[pos..];
        // "S$2", "A$5": a dollar of another country, which no figure in US
        // dollars is ("NT$" and "HK$" have units of their own, below).
        if rest.starts_with(['$', '＄'])
            && text[..pos].ends_with(|c: char| c.is_ascii_uppercase())
            && !["US", "NT", "HK"].iter().any(|p| text[..pos].ends_with(p))
        {
            return None;
        }
        // Currency before the number: "$5.576M", "US$2", "NT$35,000", "HK$8",
        // "€2.5M", or a code and a space, "HKD 1.2M", "EUR 40".
        let taiwan = rest.strip_prefix("NT$");
        let hong_kong = rest.strip_prefix("HK$");
        let euro = rest.strip_prefix('€');
        let code = currency_code_before_number(rest);
        let (currency_len, currency) = if let Some(r) = taiwan
            .or(hong_kong)
            .or(euro)
            .or_else(|| rest.strip_prefix("US$"))
            .or_else(|| rest.strip_prefix('$'))
            .or_else(|| rest.strip_prefix('＄'))
        {
            (rest.len() - r.len(), true)
        } else if let Some((_, len)) = code {
            (len, true)
        } else {
            (0, false)
        };
        let (currency_code, currency_label) = match (taiwan, hong_kong, euro, code) {
            (Some(_), ..) => ("TWD", "NT$"),
            (_, Some(_), ..) => ("HKD", "HK$"),
            (_, _, Some(_), _) => ("EUR", "€"),
            (_, _, _, Some((code, _))) => (code, code),
            _ => ("USD", "$"),
        };
        let number_pos = pos + currency_len;
        let first = text[number_pos..].chars().next()?;
        if digit_value(first).is_none()
            && !starts_chinese_numeral(first)
            && first != '半'
            && !first.is_ascii_alphabetic()
        {
            return None;
        }
        if currency_len == 0 && self.not_a_quantity_before(text, pos) {
            return None;
        }
        let numeral = numeral_at(text, number_pos, self.units)?;
        if !numeral.value.is_finite() {
            return None;
        }
        let mut cursor = numeral.end;
        // Version numbers ("3.1.2") and names ("8x7B", "4090Ti").
        let after = &text[cursor..];
        if after.starts_with('.')
            && after[1..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        {
            return None;
        }
        // Digits, Arabic or Chinese (二〇二四年), may be a date.
        let positional = matches!(numeral.form, Form::Arabic | Form::ChineseDigits);
        if positional && self.words.date_after(after) && !after.starts_with("s ") && after != "s"
            || (positional && self.is_date_or_time(text, number_pos, &numeral))
        {
            return None;
        }
        // The unit, after a measure word if there is one: "二十个 token".
        let mut unit = Unit::one();
        let mut and_a_half = false;
        if currency {
            unit = self
                .units
                .unit_at(currency_code)
                .map(|m| m.unit)
                .unwrap_or_else(Unit::one);
            unit.label = currency_label.into();
            // "$2/GPU-hour", "$2 / GPU-hour", "$3/B200-hour".
            let after = &text[cursor..];
            if let Some(per) = ["/", " / ", " per "]
                .iter()
                .find_map(|sep| after.strip_prefix(sep))
                && let Some((denominator, len)) = self
                    .units
                    .unit_at(per)
                    .map(|m| (m.unit, m.len))
                    .or_else(|| self.card_hours_at(text, text.len() - per.len()))
            {
                unit = unit.per(&denominator);
                cursor += after.len() - per.len() + len;
            }
        } else if let Some((u, len)) = self.and_a_half(text, cursor) {
            unit = u;
            cursor += len;
            and_a_half = true;
        } else {
            let (found, next) = self.unit_after(text, cursor);
            if let Some(u) = found {
                unit = u;
                cursor = next;
            } else if let Some(len) = self.words.measure_word(text[cursor..].trim_start()) {
                cursor += text[cursor..].len() - text[cursor..].trim_start().len() + len;
                let (found, next) = self.unit_after(text, cursor);
                if let Some(u) = found {
                    unit = u;
                    cursor = next;
                }
            } else if let Some((u, len)) = self.line_rate(text, cursor) {
                // "800G 網卡", "400G NICs": a line rate in bits per second.
                unit = u;
                cursor += len;
            } else if let Some(len) = self.accelerator_name_after(text, cursor) {
                let (found, next) = self.unit_after(text, cursor + len);
                let counts_cards = |u: &Unit| u.dimension == Dimension::of(Base::Accelerator);
                if let Some(u) = found.filter(|u| !counts_cards(u)) {
                    // "278.8 万 H800 卡时": the name qualifies the unit after it.
                    unit = u;
                    cursor = next;
                } else {
                    // "100,000 H100s": a count of accelerators; "2.788M
                    // H800-hours": the hours of those cards.
                    let name = text[cursor..cursor + len].trim();
                    if let Some(hours) = self.card_hours(name) {
                        unit = hours;
                        cursor += len;
                    } else {
                        unit = self
                            .units
                            .unit_at("GPUs")
                            .map(|m| m.unit)
                            .unwrap_or_else(Unit::one);
                        unit.label = name.to_string();
                    }
                }
            }
        }
        // A number glued to letters that are no unit is part of a name
        // ("4090Ti"); after a measure word ("14,400個Nvidia") it is not.
        if text[cursor..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
            && unit.is_one()
            && cursor == numeral.end
        {
            return None;
        }
        // A lone Chinese numeral character ("一", "两") needs a unit or a
        // measure word: "一乘就对", "方法一" are not quantities.
        let single_chinese =
            numeral.form == Form::Chinese && text[numeral.start..numeral.end].chars().count() == 1;
        // "two 8-GPU nodes": an English numeral before a figure counts the
        // things that figure describes.
        let before_a_figure = text[numeral.end..]
            .strip_prefix(' ')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        // "eight-GPU servers": a numeral hyphened to the cards it counts.
        let hyphened_to_cards = text[numeral.end..].strip_prefix('-').is_some_and(|rest| {
            ["GPU", "gpu", "card", "way"]
                .iter()
                .any(|w| rest.starts_with(w))
        });
        // "Two H100s", "eight MI300X cards": a numeral before a card's name
        // counts cards.
        let before_a_card = self.accelerator_name_after(text, numeral.end).is_some();
        let before_a_figure = before_a_figure || hyphened_to_cards || before_a_card;
        let single_english = numeral.form == Form::English
            && numeral.value.nominal < 100.0
            && !text[numeral.start..numeral.end].contains(' ')
            && !before_a_figure;
        if (single_chinese || single_english) && unit.is_one() && cursor == numeral.end {
            return None;
        }
        let mut q = Quantity {
            span: pos..cursor,
            number: numeral.value,
            number_alternative: numeral.alternative,
            unit,
            hedge: None,
            step: numeral.step,
            magnitude: numeral.magnitude,
            digit_half: numeral.digit_half,
            is_share: numeral.form == Form::Share,
        };
        // "两个半月" is 2.5 months, as precise as the digits would be.
        if and_a_half {
            q.number = Interval::around(q.number.nominal + 0.5, 0.05);
            q.number_alternative = None;
            q.digit_half = 0.05;
            q.step = 0.1;
        }
        // "1.6T optics": the magnitude letter is a line rate's.
        let glued_letter = text[..cursor].chars().next_back();
        if q.unit.is_one()
            && cursor == numeral.end
            && matches!(
                (glued_letter, numeral.magnitude),
                (Some('G'), 1e9) | (Some('T'), 1e12)
            )
            && let Some((unit, _)) = self.line_rate(text, cursor - 1)
        {
            let magnitude = numeral.magnitude;
            q.number = q.number.scale(1.0 / magnitude);
            q.step /= magnitude;
            q.digit_half /= magnitude;
            q.magnitude = 1.0;
            q.unit = unit;
        }
        if q.is_share {
            q.unit = self
                .units
                .unit_at("%")
                .map(|m| m.unit)
                .unwrap_or_else(Unit::one);
            q.number = q.number.scale(100.0);
            q.step *= 100.0;
            q.digit_half *= 100.0;
        }
        // A range: "38–43%", "3万到4万", "2 to 5 Gbps", "between 30 and 40".
        if let Some((second, next)) = self.range_end(text, cursor, &numeral, before) {
            let shared_magnitude =
                numeral.magnitude == 1.0 && second.magnitude > 1.0 && !q.is_share;
            let lo_number = if shared_magnitude {
                q.number.scale(second.magnitude)
            } else {
                q.number
            };
            let (lo_number, unit) = if q.unit.is_one() {
                (lo_number, second.unit.clone())
            } else {
                (lo_number, q.unit.clone())
            };
            if unit.dimension == second.unit.dimension {
                q.number = Interval::between(
                    lo_number.lo.min(second.number.lo),
                    lo_number.hi.max(second.number.hi),
                );
                q.number.nominal = (lo_number.nominal + second.number.nominal) / 2.0;
                // A range is as precise as its ends: its half-width is the
                // precision of the statement.
                q.digit_half = (q.number.hi - q.number.lo) / 2.0;
                q.unit = unit;
                q.span.end = second.span.end;
                q.step = second.step;
                cursor = next;
            }
        }
        // "3.35 vs 2.0 TB/s": a bare number set against a figure lends
        // that figure's unit.
        if q.unit.is_one()
            && !q.is_share
            && let Some(unit) = self.compared_unit(text, cursor)
        {
            q.unit = unit;
        }
        // A hedge after: "左右", "出头", "以上".
        let after = &text[cursor..];
        let trimmed = after.trim_start_matches(' ');
        if let Some((hedge, len)) = self.words.hedge_after(trimmed) {
            // "多" is a hedge only right after the number: "3万多"; "+" only
            // when no operand follows: "10,000+ GPUs", not "80 GB + 700 W".
            let glued = trimmed.len() == after.len();
            let operand_follows = trimmed[len..]
                .trim_start()
                .chars()
                .next()
                .is_some_and(|c| digit_value(c).is_some());
            let symbol = !trimmed[..len].chars().any(char::is_alphanumeric);
            if (glued || !matches!(hedge, Hedge::LittleAbove)) && !(symbol && operand_follows) {
                q.hedge = Some(hedge);
                cursor += after.len() - trimmed.len() + len;
                q.span.end = cursor;
                // "3万多张卡": the unit may follow the hedge.
                if q.unit.is_one() {
                    let (found, next) = self.unit_after(text, cursor);
                    if let Some(u) = found {
                        q.unit = u;
                        cursor = next;
                        q.span.end = cursor;
                    }
                }
            }
        }
        Some((q, cursor))
    }

    /// The unit right after a number, if any, and where it ends. A space may
    /// stand between them, and "x" followed by a number is an operator.
    /// "G" or "T" glued to a number and followed by the noun of a network
    /// link: the shorthand for Gb/s and Tb/s, with its length.
    fn line_rate(&self, text: &str, pos: usize) -> Option<(Unit, usize)> {
        let after = &text[pos..];
        let (symbol, rest) = [("G", "Gb/s"), ("T", "Tb/s")]
            .into_iter()
            .find_map(|(letter, symbol)| after.strip_prefix(letter).map(|r| (symbol, r)))?;
        if !self.words.link_noun(rest) || rest.starts_with(|c: char| c.is_ascii_alphanumeric()) {
            return None;
        }
        let mut unit = self.units.compound_unit_at(symbol)?.unit;
        unit.label = symbol.to_string();
        Some((unit, 1))
    }

    fn unit_after(&self, text: &str, pos: usize) -> (Option<Unit>, usize) {
        let rest = &text[pos..];
        let trimmed = rest.trim_start_matches(INLINE_SPACES);
        let gap = rest.len() - trimmed.len();
        if let Some((unit, len)) = self.hyphened_unit(text, pos) {
            return (Some(unit), pos + len);
        }
        let Some(m) = self.units.compound_unit_at(trimmed) else {
            return self.unit_declared(text, pos);
        };
        let label = &trimmed[..m.len];
        // "9950X", "7800X3D": a capital X glued to a model number, or to
        // more of a name, is part of the name and no factor.
        if label == "X" && gap == 0 {
            let digits = text[..pos]
                .bytes()
                .rev()
                .take_while(u8::is_ascii_digit)
                .count();
            let name_goes_on = trimmed[m.len..].starts_with(|c: char| c.is_ascii_alphanumeric());
            if digits >= 4 || name_goes_on {
                return (None, pos);
            }
        }
        if matches!(label, "x" | "X" | "×" | "times") {
            // "8×40GB" and "8×H100" are products, "18× gap" a factor.
            let after = trimmed[m.len..].trim_start();
            let at = text.len() - after.len();
            let operand_follows = after
                .chars()
                .next()
                .is_some_and(|c| digit_value(c).is_some() || c == '(' || c == '（')
                || self.name_at(text, at, text.len()).is_some();
            if operand_follows {
                return (None, pos);
            }
        }
        // A single-letter symbol after a space is too weak ("8 d", "2 h" are
        // fine, "5 s" too; "x" is a factor only when glued: "3×").
        if gap > 0 && matches!(label, "x" | "X" | "×" | "b") {
            return (None, pos);
        }
        // "3 个元素", "元年", "元件": 元 is money only when no word goes on;
        // after a magnitude ("1,310 億元月增") it is money whatever follows.
        let after_magnitude = text[..pos]
            .trim_end()
            .ends_with(['万', '萬', '亿', '億', '千', '百']);
        if label.ends_with('元')
            && !after_magnitude
            && trimmed[m.len..]
                .chars()
                .next()
                .is_some_and(|c| "素年旦件宇数數器代首老朝月宵气氣音".contains(c))
        {
            return (None, pos);
        }
        let mut unit = m.unit;
        unit.label = label.to_string();
        (Some(unit), pos + gap + m.len)
    }

    /// "a 30-day month", "a 24-hour run": a duration written as an
    /// adjective, its unit word hyphened to the number. Only durations, and
    /// only a whole word: "8-GPU node" counts nodes, not GPUs. After a
    /// magnitude letter, tokens and parameters too: "a 14.8T-token run",
    /// "9 T-token", "a 70B-parameter model" count what the word names.
    /// Returns the unit and the length of the hyphen and word.
    fn hyphened_unit(&self, text: &str, pos: usize) -> Option<(Unit, usize)> {
        let word_text = text[pos..].strip_prefix('-')?;
        let word_len = word_text.len()
            - word_text
                .trim_start_matches(|c: char| c.is_ascii_alphabetic())
                .len();
        let word = &word_text[..word_len];
        let m = self.units.compound_unit_at(word)?;
        if word.len() < 3 || m.len != word.len() {
            return None;
        }
        let duration = m.unit.dimension.compatible(Dimension::of(Base::Second));
        let counted = [Base::Token, Base::Parameter]
            .into_iter()
            .any(|b| m.unit.dimension == Dimension::of(b));
        // The numeral ends at its magnitude letter: "14.8T", "9 T".
        let mut before = text[..pos].chars().rev();
        let after_magnitude = before.next().is_some_and(|c| "KMBT".contains(c))
            && before
                .next()
                .is_some_and(|c| c == ' ' || c.is_ascii_digit());
        (duration || counted && after_magnitude).then(|| {
            let mut unit = m.unit;
            unit.label = word.to_string();
            (unit, 1 + word.len())
        })
    }

    /// A unit declared in brackets after a bare number: "700000（单位 MB）",
    /// "700000 (in MB)", "700000 (unit: MB)".
    fn unit_declared(&self, text: &str, pos: usize) -> (Option<Unit>, usize) {
        let rest = text[pos..].trim_start_matches(' ');
        let Some(inner) = rest.strip_prefix('（').or_else(|| rest.strip_prefix('(')) else {
            return (None, pos);
        };
        let Some(close) = inner.find(['）', ')']) else {
            return (None, pos);
        };
        let body = inner[..close].trim();
        let declared = [
            "单位：",
            "单位:",
            "单位",
            "單位：",
            "單位",
            "unit:",
            "units:",
            "in ",
        ]
        .iter()
        .find_map(|p| body.strip_prefix(p))
        .map(str::trim);
        let Some(unit_text) = declared else {
            return (None, pos);
        };
        match self.units.compound_unit_at(unit_text) {
            Some(m) if m.len == unit_text.len() => {
                let mut unit = m.unit;
                unit.label = unit_text.to_string();
                let closing = inner[close..].chars().next().map_or(1, char::len_utf8);
                let end = text.len() - inner.len() + close + closing;
                (Some(unit), end)
            }
            _ => (None, pos),
        }
    }

    /// "个半月", "個半小時" after a number: a duration and a half of its
    /// unit, which is the unit as written with 个 and without 半 ("个月",
    /// "个小时"). Returns the unit and the length of the words.
    fn and_a_half(&self, text: &str, pos: usize) -> Option<(Unit, usize)> {
        let rest = &text[pos..];
        let (measure, after) = ["个", "個"]
            .iter()
            .find_map(|m| Some((*m, rest.strip_prefix(m)?.strip_prefix('半')?)))?;
        let probe = format!("{measure}{after}");
        let m = self.units.unit_at(&probe)?;
        let duration = m.unit.dimension == Dimension::of(Base::Second);
        (duration && m.len > measure.len()).then(|| {
            let mut unit = m.unit;
            unit.label = probe[..m.len].to_string();
            (unit, m.len + '半'.len_utf8())
        })
    }

    /// The hours of a named card, in GPU-hours: "H800-hours", "B200-hour".
    fn card_hours(&self, name: &str) -> Option<Unit> {
        let hours = ["-hours", "-hour", "-hrs", "-hr"].iter().any(|h| {
            name.len() > h.len()
                && name.is_char_boundary(name.len() - h.len())
                && name[name.len() - h.len()..].eq_ignore_ascii_case(h)
        });
        let mut unit = self.units.unit_at("GPU-hours").filter(|_| hours)?.unit;
        unit.label = name.to_string();
        Some(unit)
    }

    /// [`Self::card_hours`] of the name at `pos`, and its length: the
    /// denominator of "$3/B200-hour".
    fn card_hours_at(&self, text: &str, pos: usize) -> Option<(Unit, usize)> {
        let len = self.name_at(text, pos, text.len())?;
        Some((self.card_hours(&text[pos..pos + len])?, len))
    }

    /// "H100", "H100s", "MI300X" right after a count (after a space).
    fn accelerator_name_after(&self, text: &str, pos: usize) -> Option<usize> {
        let rest = &text[pos..];
        let trimmed = rest.trim_start_matches(' ');
        if trimmed.len() == rest.len() {
            return None;
        }
        let len = self.name_at(text, pos + (rest.len() - trimmed.len()), text.len())?;
        let word = &trimmed[..len];
        let looks_like_chip = word.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && word.chars().filter(|c| c.is_ascii_digit()).count() >= 2;
        looks_like_chip.then_some(rest.len() - trimmed.len() + len)
    }

    /// Context that makes a number not a quantity: a name ("H100", "GPT-4"),
    /// a label or ordinal ("第", "Table"), a version ("CUDA 12.4"), a
    /// footnote ("[1]").
    fn not_a_quantity_before(&self, text: &str, pos: usize) -> bool {
        let before = &text[..pos];
        let prev = before.chars().next_back();
        // Glued to letters: "H100", "GPT4", "ckpt-0", "Llama-3-70B".
        if prev.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return true;
        }
        // "二〇二四年": a number is not read again from the middle of a run
        // of Chinese digits, which was read (or refused) whole.
        if prev.is_some_and(|c| "〇零一二三四五六七八九".contains(c))
            && text[pos..].starts_with(|c: char| "〇零一二三四五六七八九".contains(c))
        {
            return true;
        }
        // "NT$35,000": another country's dollars (see `bare_quantity_at`).
        if let Some(sign) = prev.filter(|c| *c == '$' || *c == '＄') {
            let before_sign = &before[..before.len() - sign.len_utf8()];
            if before_sign.ends_with(|c: char| c.is_ascii_uppercase())
                && !before_sign.ends_with("US")
            {
                return true;
            }
        }
        if prev == Some('-') || prev == Some('.') {
            let before_sep = &before[..before.len() - 1];
            if before_sep
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric())
            {
                return true;
            }
        }
        if self.words.label_before(before.trim_end_matches(' ')) {
            return true;
        }
        if prev == Some('[') || before.ends_with("[^") {
            return true;
        }
        // "CUDA 12.4", "PCIe 4.0", "NVLink 4", "Llama 3.1": a word with a
        // capital after its first letter, or a capitalised word, then one
        // space. A unit after the number overrides this ("H100 80GB").
        if let Some(word_before) = before.strip_suffix(' ') {
            let word: String = word_before
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let capitalised = word.chars().next().is_some_and(|c| c.is_ascii_uppercase());
            let inner_capital = word.chars().skip(1).any(|c| c.is_ascii_uppercase());
            let has_digit = word.chars().any(|c| c.is_ascii_digit());
            // "Four 8-GPU nodes": a number word is no name either.
            let plain = self.words.is_plain_word(&word)
                || !inner_capital && super::numeral::is_english_number_word(&word);
            if !word.is_empty() && (capitalised || inner_capital) && !has_digit && !plain {
                let rest = &text[pos..];
                let number_end = pos + numeral_len(rest, self.units);
                let (unit, _) = self.unit_after(text, number_end);
                let unit = unit.or_else(|| self.line_rate(text, number_end).map(|(u, _)| u));
                let glued_magnitude = rest
                    .chars()
                    .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
                    .count();
                let has_magnitude = rest[glued_magnitude..].starts_with(['K', 'M', 'B', 'T']);
                let is_month = self.words.month_before(word_before);
                if is_month {
                    return true;
                }
                if unit.is_none() && !has_magnitude {
                    return true;
                }
            }
        }
        false
    }

    /// Years, days of the month and clock times.
    fn is_date_or_time(&self, text: &str, pos: usize, numeral: &Numeral) -> bool {
        let literal = &text[pos..numeral.end];
        let after = &text[numeral.end..];
        // Clock times: 4:20.
        if after.starts_with(':')
            && after[1..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        {
            return true;
        }
        if text[..pos].ends_with(':')
            && text[..pos - 1]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_digit())
        {
            return true;
        }
        // A bare year: four digits between 1900 and 2100 with no unit, and
        // no operand of arithmetic ("2048 × 4 × 12288", "× 2048").
        let v = numeral.value.nominal;
        let operators = ['×', '*', '÷', '='];
        let operand = after.trim_start().starts_with(operators)
            || text[..pos].trim_end().ends_with(operators);
        let plain_digits = numeral.form == Form::ChineseDigits
            || literal.chars().all(|c| digit_value(c).is_some());
        // "03/15 21:59", "12/03": a month and a day, or a zero-padded
        // field of a date or an identifier; no count is written "03".
        let ascii_digits = literal.bytes().all(|b| b.is_ascii_digit());
        if ascii_digits && literal.len() >= 2 && literal.starts_with('0') {
            return true;
        }
        let month_at = pos
            .checked_sub(3)
            .filter(|&m| text.as_bytes()[pos - 1] == b'/' && text.is_char_boundary(m));
        if ascii_digits
            && literal.len() == 2
            && (month_day(text, pos) || month_at.is_some_and(|m| month_day(text, m)))
        {
            return true;
        }
        // "2025 年 3 月": a year, however spaced; "3 年" is a span.
        if plain_digits
            && literal.chars().count() == 4
            && (1900.0..=2100.0).contains(&v)
            && after.trim_start().starts_with('年')
        {
            return true;
        }
        // "两张 4090 的 48GB": a card's model number written alone.
        if plain_digits && !self.unit_column && self.words.is_product_number(literal) {
            let (unit, _) = self.unit_after(text, numeral.end);
            if unit.is_none() && !operand {
                return true;
            }
        }
        if plain_digits
            && !self.unit_column
            && literal.chars().count() == 4
            && (1900.0..=2100.0).contains(&v)
        {
            let (unit, _) = self.unit_after(text, numeral.end);
            let measure = self.words.measure_word(after.trim_start()).is_some();
            // "a 1920-GPU cluster": a count hyphened to what it counts, as
            // "an 8-GPU node" is; "ZSZX-2025-GPU-017" is an identifier.
            let hyphened_count = after.starts_with('-')
                && !text[..pos].ends_with('-')
                && self
                    .unit_after(text, numeral.end + 1)
                    .0
                    .is_some_and(|u| !u.dimension.compatible(Dimension::of(Base::Second)));
            if unit.is_none() && !measure && !operand && !hyphened_count {
                return true;
            }
            // "By 2025 GPUs were cheap", "in 2024 GPU prices fell": after a
            // word of time, a year, whatever follows it.
            if !operand && year_preposition_before(text, pos) {
                return true;
            }
        }
        // "July 22", "22 July".
        if plain_digits && v <= 31.0 {
            let before = text[..pos].trim_end_matches(' ');
            if text[..pos].ends_with(' ') && self.words.month_before(before) {
                return true;
            }
            if after.starts_with(' ') && self.words.month_after(after.trim_start()) {
                return true;
            }
        }
        false
    }

    /// The second end of a range after a quantity ending at `pos`.
    /// The unit of the figure a bare number is compared with right after
    /// it: "3.35 vs 2.0 TB/s", "80 versus 141 GB".
    fn compared_unit(&self, text: &str, pos: usize) -> Option<Unit> {
        let rest = text[pos..].trim_start_matches(' ');
        let r = ["vs. ", "vs ", "versus "]
            .iter()
            .find_map(|c| rest.strip_prefix(c))?;
        let at = text.len() - r.len();
        let at = at + (text[at..].len() - text[at..].trim_start_matches(' ').len());
        let (second, _) = self.bare_quantity_at(text, at, text.len(), &[])?;
        (!second.unit.is_one() && !second.is_share).then_some(second.unit)
    }

    fn range_end(
        &self,
        text: &str,
        pos: usize,
        first: &Numeral,
        before: &[Token],
    ) -> Option<(Quantity, usize)> {
        let rest = &text[pos..];
        let between = before.iter().rev().find_map(|t| match t {
            Token::Text(s) => Some(
                text[s.clone()]
                    .trim_end()
                    .to_ascii_lowercase()
                    .ends_with("between"),
            ),
            _ => None,
        });
        // "fell from $0.81 billion to $0.71 billion", "从 900 降到 400": a
        // figure after "from" starts a change, not a range, unless the
        // words say range ("ranges from 2 to 5").
        let from = before.iter().rev().find_map(|t| match t {
            Token::Text(s) => {
                let words = text[s.clone()].trim_end().to_ascii_lowercase();
                Some(words.ends_with("from") && !words.contains("rang") && !words.contains("var"))
            }
            _ => None,
        });
        let connectors: &[&str] = if from == Some(true) {
            &["–", "—", " – ", " — "]
        } else {
            &["到", "至", "～", "~", "–", "—", " to ", " – ", " — "]
        };
        let trimmed = rest.trim_start_matches(' ');
        let mut skip = None;
        for c in connectors {
            if let Some(r) = rest
                .strip_prefix(c)
                .or_else(|| (c.trim() == *c).then(|| trimmed.strip_prefix(c)).flatten())
            {
                skip = Some(rest.len() - r.len());
                break;
            }
        }
        if skip.is_none()
            && between == Some(true)
            && let Some(r) = rest.strip_prefix(" and ")
        {
            skip = Some(rest.len() - r.len());
        }
        // "38-43%": a hyphen glued on both sides.
        if skip.is_none()
            && let Some(r) = rest.strip_prefix('-')
            && r.chars().next().is_some_and(|c| c.is_ascii_digit())
            && first.form == Form::Arabic
        {
            skip = Some(1);
        }
        let skip = skip?;
        let at = pos + skip;
        let at = at + (text[at..].len() - text[at..].trim_start_matches(' ').len());
        let (q, next) = self.bare_quantity_at(text, at, text.len(), &[])?;
        Some((q, next))
    }
}

fn numeral_len(text: &str, units: &UnitTable) -> usize {
    numeral_at(text, 0, units).map_or(0, |n| n.end)
}

/// Length of the next word: a run of ASCII letters and digits, or one other
/// character.
fn word_len(text: &str) -> usize {
    let ascii = text
        .char_indices()
        .find(|(_, c)| !c.is_ascii_alphanumeric())
        .map_or(text.len(), |(i, _)| i);
    if ascii > 0 {
        ascii
    } else {
        text.chars().next().map_or(1, char::len_utf8)
    }
}

/// Whether a month and a day ("11/15") begin at `at`, written so that no
/// fraction ("3/4", "10/12") reads the same: two digits each, and a
/// zero-padded field, a clock time after ("11/15 21:59") or a year
/// ("11/15/2025").
fn month_day(text: &str, at: usize) -> bool {
    let b = text.as_bytes();
    let digits = |i: usize| {
        b.get(i..i + 2)
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    let before_ok = at == 0 || !b[at - 1].is_ascii_digit();
    if !before_ok || !digits(at) || b.get(at + 2) != Some(&b'/') || !digits(at + 3) {
        return false;
    }
    if b.get(at + 5).is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let field = |i: usize| u32::from(b[i] - b'0') * 10 + u32::from(b[i + 1] - b'0');
    let (month, day) = (field(at), field(at + 3));
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return false;
    }
    let padded = b[at] == b'0' || b[at + 3] == b'0';
    let rest = &b[at + 5..];
    let clock = rest.len() >= 6
        && rest[0] == b' '
        && rest[1..3].iter().all(u8::is_ascii_digit)
        && rest[3] == b':';
    let year = rest.len() >= 5 && rest[0] == b'/' && rest[1..5].iter().all(u8::is_ascii_digit);
    padded || clock || year
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quantities(text: &str) -> Vec<Quantity> {
        Lexer::builtin()
            .tokens(text, 0..text.len())
            .into_iter()
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(*q),
                _ => None,
            })
            .collect()
    }

    fn one(text: &str) -> Quantity {
        let qs = quantities(text);
        assert_eq!(qs.len(), 1, "{text:?}: {qs:#?}");
        qs.into_iter().next().unwrap()
    }

    fn texts(text: &str) -> Vec<&str> {
        quantities(text)
            .into_iter()
            .map(|q| &text[q.span])
            .collect()
    }

    #[test]
    fn spelled_out_watt_hours_are_energy() {
        let q = one("about 2.63 terawatt-hours in all");
        assert_eq!(
            q.dimension(),
            Dimension::of(Base::Watt) * Dimension::of(Base::Second)
        );
        assert!((q.base_value(false, false).nominal - 2.63e12 * 3600.0).abs() < 1e6);
        assert_eq!(one("10,800 kilowatt hours").dimension(), q.dimension());
    }

    #[test]
    fn units_follow_numbers() {
        let q = one("需要 628GB 显存");
        assert_eq!(q.unit.label, "GB");
        assert_eq!(q.base_value(false, false).nominal, 628e9);
        assert_eq!(q.base_value(true, false).nominal, 628.0 * 1073741824.0);
        assert_eq!(texts("100,000 × 700 W"), vec!["100,000", "700 W"]);
        assert_eq!(one("每卡 700W TDP").unit.label, "W/卡");
        assert_eq!(one("3.35 TB/s").unit.label, "TB/s");
        assert_eq!(one("400 Gb/s NDR").unit.label, "Gb/s");
        assert_eq!(one("46,080 卡时").unit.label, "卡时");
        assert_eq!(one("557.6 万美元").number.nominal, 5.576e6);
        assert_eq!(one("557.6 万美元").unit.label, "美元");
        assert_eq!(
            one("二十个 token").unit.dimension,
            Dimension::of(crate::units::Base::Token)
        );
        assert_eq!(one("1.25万个节点").unit.label, "个节点");
    }

    #[test]
    fn an_unrepresentable_number_is_not_read_from_its_middle() {
        // The lexer used to skip "4.8×10", then read "999 × 2" as a
        // calculation and flag it.
        let text = "4.8×10^999 × 2 = 3 GB, 10^999999 atoms";
        assert_eq!(texts(text), vec!["2", "3 GB"]);
        let tokens = Lexer::builtin().tokens(text, 0..text.len());
        assert_eq!(tokens[0], Token::Text(0.."4.8×10^999".len()));
        assert!(
            tokens
                .iter()
                .any(|t| matches!(t, Token::Text(r) if &text[r.clone()] == "10^999999"))
        );
    }

    #[test]
    fn currency_before_the_number() {
        let q = one("costs $5.576M in total");
        assert_eq!(q.number.nominal, 5.576e6);
        assert_eq!(q.unit.label, "$");
        let rate = one("at $2/GPU-hour");
        assert!((rate.base_value(false, false).nominal - 2.0 / 3600.0).abs() < 1e-12);
    }

    #[test]
    fn a_price_per_hour_of_a_card() {
        let named = one("rents at $3/B200-hour");
        assert_eq!(named.unit.label, "$/B200-hour");
        assert_eq!(named.dimension(), one("$2/GPU-hour").dimension());
        assert!((named.base_value(false, false).nominal - 3.0 / 3600.0).abs() < 1e-12);
        let spaced = one("at $2 / GPU-hour");
        assert_eq!(spaced.unit.label, "$/GPU-hour");
        // A card's name alone is no denominator, and a division by a
        // number stays a division.
        assert_eq!(one("$3/B200 is cheap").unit.label, "$");
        assert_eq!(texts("$16 / 8 GPUs"), ["$16", "8 GPUs"]);
    }

    #[test]
    fn hedges_widen_or_bound() {
        let q = one("至少需要 700GB 以上");
        assert_eq!(q.hedge, Some(Hedge::AtLeast));
        assert_eq!(q.claimed(false, false).hi, f64::INFINITY);
        let q = one("约三亿卡时");
        assert_eq!(q.hedge, Some(Hedge::Approx));
        assert!(q.claimed(false, false).contains(3.37e8 * 3600.0));
        let q = one("六亿出头");
        let c = q.claimed(false, false);
        assert!(c.contains(6.9e8) && !c.contains(7.1e8) && !c.contains(5.9e8));
        assert_eq!(one("不到 500 万美元").hedge, Some(Hedge::AtMost));
        assert_eq!(one("roughly 95 MW").hedge, Some(Hedge::Approx));
        assert_eq!(one("nearly 70%").hedge, Some(Hedge::Nearly));
        assert_eq!(one("up to 16,384 GPUs").hedge, Some(Hedge::AtMost));
        assert_eq!(one("30 天左右").hedge, Some(Hedge::Approx));
        assert_eq!(one("~70 MW").hedge, Some(Hedge::Approx));
    }

    #[test]
    fn ranges_share_unit_and_magnitude() {
        let q = one("MFU 是 38% 到 43%");
        assert_eq!((q.number.lo, q.number.hi), (37.5, 43.5));
        let q = one("38–43%");
        assert_eq!(q.unit.label, "%");
        assert_eq!((q.number.lo, q.number.hi), (37.5, 43.5));
        let q = one("每块成本在3万到4万美元之间");
        assert_eq!((q.number.lo, q.number.hi), (2.5e4, 4.5e4));
        let q = one("是六点三到七点一亿卡时");
        assert!(
            (q.number.lo - 6.25e8).abs() < 1.0 && (q.number.hi - 7.15e8).abs() < 1.0,
            "{q:?}"
        );
        let q = one("2 to 5 Gbps links");
        assert_eq!(q.unit.label, "Gbps");
        let q = one("between 30 and 40 GPUs");
        assert_eq!((q.number.lo, q.number.hi), (27.0, 44.0));
    }

    #[test]
    fn a_year_shaped_operand_is_a_number() {
        assert_eq!(texts("dtype= 2048 × 4"), vec!["2048", "4"]);
        assert_eq!(texts("4 × 2048 tokens"), vec!["4", "2048 tokens"]);
        assert!(texts("released in 2048, then").is_empty());
    }

    #[test]
    fn dates_and_padded_fields_are_no_counts() {
        assert!(
            texts("推 kaito: 兩張 800W 03/15 21:59")
                .iter()
                .all(|t| !t.starts_with('0') && *t != "15")
        );
        assert_eq!(texts("posted 11/15 21:59, 8 GPUs"), vec!["8 GPUs"]);
        assert_eq!(texts("on 12/03 we had 8 GPUs"), vec!["8 GPUs"]);
        assert_eq!(texts("build 007 ran"), Vec::<&str>::new());
        // A fraction keeps its numbers.
        assert_eq!(texts("10/12 nodes"), vec!["10", "12 nodes"]);
    }

    #[test]
    fn a_capital_x_glued_to_a_model_number_is_a_name() {
        assert_eq!(texts("the 9950X draws 170 W"), vec!["170 W"]);
        assert_eq!(texts("a 7800X3D"), Vec::<&str>::new());
        assert_eq!(one("about 10X faster").unit.label, "X");
        assert_eq!(one("3x the memory").unit.label, "x");
    }

    #[test]
    fn a_whole_number_of_days_is_exact_as_a_premise() {
        let day = one("一天").premise();
        assert_eq!((day.lo, day.hi), (86_400.0, 86_400.0));
        let approx = one("1.5 days").premise();
        assert!(approx.lo < approx.hi);
    }

    #[test]
    fn a_month_is_twenty_eight_to_thirty_one_days() {
        const DAY: f64 = 86_400.0;
        let month = one("一个月").premise();
        assert_eq!((month.lo, month.hi), (28.0 * DAY, 31.0 * DAY));
        let three = one("three months").premise();
        assert_eq!((three.lo, three.hi), (84.0 * DAY, 93.0 * DAY));
    }

    #[test]
    fn a_duration_and_a_half() {
        const MONTH: f64 = 2_629_800.0;
        for (text, months) in [("两个半月", 2.5), ("一个半月", 1.5), ("三个半月", 3.5)]
        {
            let q = one(text);
            assert_eq!(&text[q.span.clone()], text);
            assert_eq!(q.unit.label, "个月", "{text}");
            assert_eq!(q.base_value(false, false).nominal, months * MONTH, "{text}");
        }
        assert_eq!(one("訓練了兩個半月").unit.label, "個月");
        assert_eq!(one("一个半小时").base_value(false, false).nominal, 5400.0);
        // No 半, no half; 半 before no duration is no half of one.
        assert_eq!(one("两个月").base_value(false, false).nominal, 2.0 * MONTH);
        assert!(
            quantities("三个半导体厂")
                .iter()
                .all(|q| q.number.nominal != 3.5)
        );
    }

    #[test]
    fn so_many_times_a_second_is_a_rate() {
        let q = one("每秒 3 次");
        assert_eq!(q.unit.label, "次/秒");
        assert_eq!(q.dimension(), Dimension::NONE / Dimension::of(Base::Second));
        assert_eq!(q.base_value(false, false).nominal, 3.0);
        assert_eq!(one("每秒 3 万次").base_value(false, false).nominal, 3e4);
        // Any other measure word is no rate.
        assert!(one("每秒 3 个").unit.is_one());
    }

    #[test]
    fn not_quantities() {
        assert!(texts("发布于 2024年12月 的报告").is_empty());
        assert!(texts("released on July 22 in 2024").is_empty());
        assert!(texts("at 4:20 the job died").is_empty());
        assert!(texts("CUDA 12.4 and PCIe 4.0 with NVLink 4").is_empty());
        // A metric in capitals is no name: the number after it is its value.
        assert_eq!(texts("按 PUE 1.25 计"), ["1.25"]);
        assert!(texts("Llama 3.1 and vLLM 0.5").is_empty());
        assert!(texts("H100, A100, MI300X, RTX 4090, GPT-4").is_empty());
        assert!(texts("Mixtral 8x7B runs ckpt-0").is_empty());
        assert!(texts("第一步 and Table 3").is_empty());
        assert!(texts("see note [1] here").is_empty());
        assert!(texts("一乘就对，方法一").is_empty());
        assert!(texts("version 1.2.3").is_empty());
        // A number refused after a label is refused whole, not read again
        // from after its comma.
        assert!(texts("No. 81,559 MiB").is_empty());
    }

    #[test]
    fn two_hedges_keep_the_bound() {
        let lexer = Lexer::builtin();
        let tokens = lexer.tokens(
            "used at most about 37.6 MWh",
            0.."used at most about 37.6 MWh".len(),
        );
        let hedges: Vec<Option<Hedge>> = tokens
            .iter()
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(q.hedge),
                _ => None,
            })
            .collect();
        assert_eq!(hedges, [Some(Hedge::AtMost)]);
    }

    #[test]
    fn a_number_after_an_ordinary_capitalised_word_is_a_quantity() {
        assert_eq!(texts("So 8 × 80 GB"), ["8", "80 GB"]);
        assert_eq!(texts("The 8 cards"), ["8 cards"]);
        assert!(texts("Llama 3 and Grok 2").is_empty());
    }

    #[test]
    fn names_and_quantities_side_by_side() {
        assert_eq!(texts("8×H100 80GB"), vec!["8", "80GB"]);
        assert_eq!(texts("RTX 4090（24GB 显存）"), vec!["24GB"]);
        assert_eq!(texts("2,048 张 H800"), vec!["2,048 张"]);
        assert_eq!(
            one("100,000 H100s on one fabric").unit.dimension,
            Dimension::of(crate::units::Base::Accelerator)
        );
        // Hours of a named card are card-hours, three thousand six hundred
        // card-seconds each.
        let hours = one("2,000,000 H800-hours at the rate");
        assert_eq!(
            hours.unit.dimension,
            Dimension::of(crate::units::Base::Accelerator).with(crate::units::Base::Second, 1)
        );
        assert_eq!(hours.base_value(false, false).nominal, 7.2e9);
    }

    #[test]
    fn a_unit_declared_in_brackets() {
        let lexer = Lexer::builtin();
        for text in ["结果必须 ≥ 700000（单位 MB）。", "at least 700000 (in MB)."] {
            let q = lexer
                .tokens(text, 0..text.len())
                .into_iter()
                .find_map(|t| match t {
                    Token::Quantity(q) => Some(q),
                    _ => None,
                })
                .unwrap();
            assert_eq!(q.unit.label, "MB", "{text}");
            assert!(text[q.span.clone()].ends_with('）') || text[q.span.clone()].ends_with(')'));
        }
    }

    #[test]
    fn line_rate_shorthand_before_a_link_noun() {
        let nic = one("配 800G 網卡");
        assert_eq!(nic.unit.label, "Gb/s");
        assert_eq!(nic.base_value(false, false).nominal, 100e9);
        assert_eq!(one("The 400G port").unit.label, "Gb/s");
        assert_eq!(one("1.6T optics").unit.label, "Tb/s");
        assert!(quantities("an RTX 4090G card").is_empty());
        assert!(quantities("a 400G model").is_empty());
    }

    #[test]
    fn an_ethernet_port_is_its_line_rate() {
        for text in ["the 400GbE ports", "the 400 GbE ports"] {
            let port = one(text);
            assert_eq!(port.unit.label, "GbE", "{text}");
            assert_eq!(port.base_value(false, false).nominal, 50e9, "{text}");
        }
        assert_eq!(one("1.6TbE").base_value(false, false).nominal, 200e9);
        // No other word starting so.
        assert!(one("400 GbEx").unit.is_one());
        assert!(quantities("40GbEthernet").is_empty());
    }

    #[test]
    fn chinese_measure_words_and_shares() {
        assert_eq!(texts("两字节、四字节"), vec!["两字节", "四字节"]);
        assert_eq!(one("四成有效利用率").number.nominal, 40.0);
        assert_eq!(one("四成有效利用率").unit.label, "%");
        assert_eq!(one("一张 H100").unit.label, "张");
        assert_eq!(texts("加起来正是十六"), vec!["十六"]);
    }

    #[test]
    fn operators_and_relations() {
        let tokens = Lexer::builtin().tokens("8×40GB = 320GB", 0..15);
        assert!(matches!(tokens[1], Token::Op(Op::Multiply, _)));
        assert!(matches!(tokens[3], Token::Relation(Relation::Exact, _)));
        let text = "700000 MB /1024 ≈ 683.6 GB";
        let tokens = Lexer::builtin().tokens(text, 0..text.len());
        assert!(matches!(tokens[1], Token::Op(Op::Divide, _)), "{tokens:?}");
        assert!(
            matches!(&tokens[3], Token::Quantity(q) if q.hedge == Some(Hedge::Approx)),
            "{tokens:?}"
        );
        let text = "466 - 47 = 419";
        let tokens = Lexer::builtin().tokens(text, 0..text.len());
        assert!(
            matches!(tokens[1], Token::Op(Op::Subtract, _)),
            "{tokens:?}"
        );
    }

    #[test]
    fn a_duration_may_be_hyphened_to_its_number() {
        let month = one("over a 30-day month");
        assert_eq!(&"over a 30-day month"[month.span.clone()], "30-day");
        assert_eq!(month.dimension(), Dimension::of(Base::Second));
        assert_eq!(
            one("a 24-hour run").dimension(),
            Dimension::of(Base::Second)
        );
        // A count hyphened to what it counts is no duration.
        assert_ne!(
            one("an 8-GPU node").dimension(),
            Dimension::of(Base::Second)
        );
    }

    #[test]
    fn tokens_and_parameters_may_be_hyphened_to_a_magnitude() {
        let run = one("a 14.8T-token run");
        assert_eq!(&"a 14.8T-token run"[run.span.clone()], "14.8T-token");
        assert_eq!(run.dimension(), Dimension::of(Base::Token));
        assert_eq!(run.base_value(false, false).nominal, 14.8e12);
        let spaced = one("trained on 9 T-token of text");
        assert_eq!(spaced.base_value(false, false).nominal, 9e12);
        assert_eq!(spaced.dimension(), Dimension::of(Base::Token));
        let model = one("a 70B-parameter model");
        assert_eq!(model.dimension(), Dimension::of(Base::Parameter));
        // A model's name is no count, and a magnitude before another word
        // keeps no unit.
        assert!(texts("Llama-3-8B and Llama-3-70B").is_empty());
        assert!(one("a 16K-context model").unit.is_one());
        // Without a magnitude the word describes, as "8-GPU node" does.
        assert_ne!(
            one("an 8-token window").dimension(),
            Dimension::of(Base::Token)
        );
    }

    #[test]
    fn an_english_numeral_before_a_figure_counts() {
        assert_eq!(texts("two 8-GPU nodes"), ["two", "8"]);
        assert_eq!(texts("8,000 eight-GPU servers"), ["8,000", "eight"]);
        assert_eq!(texts("Four 8-GPU nodes"), ["Four", "8"]);
        assert_eq!(texts("Two H100 cards give 160 GB"), ["Two", "160 GB"]);
        // Alone, a small English numeral is a word of the prose.
        assert!(texts("one of the two").is_empty());
    }

    #[test]
    fn yuan_after_a_magnitude_is_money_whatever_follows() {
        assert_eq!(texts("營收 1,310 億元月增 8.4%"), ["1,310 億元", "8.4%"]);
        // Alone, 元月 is January.
        assert!(texts("元月").is_empty());
    }

    #[test]
    fn new_taiwan_dollars_are_their_own_currency() {
        let q = one("售價 NT$52,000");
        assert_eq!(q.unit.label, "NT$");
        assert_eq!(q.number.nominal, 52_000.0);
        assert_eq!(q.dimension(), Dimension::of(Base::Twd));
        assert_ne!(one("$52,000").dimension(), q.dimension());
        // Another country's dollar stays no figure in US dollars.
        assert!(texts("S$8").iter().all(|t| !t.starts_with('$')));
    }

    #[test]
    fn hong_kong_dollars_and_euros_are_their_own_currencies() {
        let q = one("票價 HK$8");
        assert_eq!((q.unit.label.as_str(), q.number.nominal), ("HK$", 8.0));
        assert_eq!(q.dimension(), Dimension::of(Base::Hkd));
        assert_eq!(one("約 2.5 萬億港元").dimension(), Dimension::of(Base::Hkd));
        assert_eq!(one("3 亿欧元").dimension(), Dimension::of(Base::Eur));
        assert_ne!(one("$8").dimension(), q.dimension());
    }

    #[test]
    fn four_digit_counts_are_read_by_what_follows_them() {
        assert_eq!(texts("The cluster has 2040 GPUs in all."), ["2040 GPUs"]);
        // Hyphened to what it counts, as "an 8-GPU node" is.
        assert_eq!(texts("We built a 1920-GPU cluster."), ["1920"]);
        assert_eq!(texts("on a 2048-GPU H800 cluster"), ["2048"]);
        // A year stays a year: alone, before 年, after a word of time, or
        // inside an identifier.
        assert!(texts("In 2024 the market grew.").is_empty());
        assert!(texts("By 2025 GPUs were cheap.").is_empty());
        assert!(texts("Prices fell in 2024 GPU auctions.").is_empty());
        assert!(texts("since 2023 GPUs have doubled").is_empty());
        assert!(texts("项目编号 ZSZX-2025-GPU-017").is_empty());
        // "by" inside a sentence multiplies.
        assert_eq!(texts("multiplied by 2048 GPUs"), ["2048 GPUs"]);
    }

    #[test]
    fn a_euro_sign_before_the_number_is_euros() {
        let q = one("a contract of €2.5M in all");
        assert_eq!(q.unit.label, "€");
        assert_eq!(q.number.nominal, 2.5e6);
        assert_eq!(q.dimension(), Dimension::of(Base::Eur));
        assert_eq!(
            texts("8 × €25,000 = €200,000"),
            ["8", "€25,000", "€200,000"]
        );
        // A euro is no dollar.
        assert_ne!(one("$2.5M").dimension(), q.dimension());
    }

    #[test]
    fn a_currency_code_before_the_number_is_that_currency() {
        let q = one("nodes at HKD 1.2M each");
        assert_eq!(q.number.nominal, 1.2e6);
        assert_eq!(q.dimension(), Dimension::of(Base::Hkd));
        assert_eq!(texts("HKD 1.2M"), ["HKD 1.2M"]);
        assert_eq!(one("EUR40").dimension(), Dimension::of(Base::Eur));
        assert_eq!(one("USD 2 each").dimension(), Dimension::of(Base::Dollar));
        // A rate after it, as after "$": "USD 2 per hour" is dollars an hour.
        assert_eq!(
            one("USD 2 per hour").dimension(),
            Dimension::of(Base::Dollar) / Dimension::of(Base::Second)
        );
        assert_eq!(one("RMB 500").dimension(), Dimension::of(Base::Yuan));
        // A code before a word, or glued to a word, is no amount.
        assert!(quantities("EUR two").is_empty());
        assert!(quantities("USD-based pricing").is_empty());
        assert!(texts("XHKD 5").iter().all(|t| !t.contains("HKD")));
    }
}
