//! Chinese numerals, read section by section.
//!
//! A Chinese integer is written in sections of four places: the part before
//! 亿 (itself up to 9999万9999, so 两万亿 is 2×10¹²), the part before 万, and
//! the part below 万, whose digits carry the small units 千, 百, 十 in
//! descending order. [`Reader`] reads one glyph at a time into those three
//! sections, in one pass and without allocating:
//!
//! - 零 (or 〇) marks skipped places and adds nothing: 三千零二 is 3,002,
//!   二十万零五千 205,000, 三亿二千万零四千一百零八 320,004,108.
//! - A digit left after a unit takes that unit's next-lower place, as speech
//!   abbreviates it: 四万八 is 48,000, 一百五 150, 三百六十万五 3,605,000.
//!   After 零 it is units (一千零五 is 1,005). A lone 一 before another
//!   word (两万一个月, "20,000 a month") and a digit before a word that is
//!   neither a unit nor one of the few that follow numbers (左右, 多, 以上;
//!   三万二手, "30,000 second-hand") are left out of the numeral.
//! - 两 (兩) is two only before a unit or alone: 一百两 is 100 taels.
//! - 廿 and 卅 are twenty and thirty; 十, 百 and 千 alone at the start stand
//!   for one of them (十六, 百万).
//! - Financial numerals (壹贰叁肆伍陆柒捌玖拾佰仟, traditional 貳參陸) are
//!   one script and ordinary ones another; 零, 两, 万 and 亿 belong to both.
//!   A numeral keeps to the script it starts in, so 700億參數 is 7×10¹⁰
//!   parameters (參 is also the 參 of 參數) and 3萬陸續 is 30,000.
//! - Arabic digits mix in: a run before a unit is that unit's multiplier
//!   (300万, 3百), a run after one is read as written (2万300 is 20,300,
//!   3百05 is 305, 500亿零七千120 is 50,000,007,120), except a lone digit,
//!   which abbreviates as a Chinese one does (2万5 is 25,000). Decimals
//!   after 点 may be either (六点七亿, 二百点456).
//! - A run of digits with no units is positional, as Arabic digits are, when
//!   it has a zero (二〇二四, 一二〇) or is a year's four digits (一九九八); a
//!   caller tells a year from a quantity. Other runs are words or ranges:
//!   七七八八 ("nearly all"), 三四个 ("three or four").
//!
//! The interval follows the module's rule: half a unit of the last stated
//! digit, the places of a small unit after it counted as trailing zeros
//! (四百 is ±40, as "400" is), big units after it as a magnitude (三亿 is
//! ±0.5亿, as "3亿" is). 四万八 is ±500 like 48,000; 三千零二 is ±0.5.
//!
//! The integer part is kept in `u64`, exact up to 亿 sections of 9999万9999
//! (below 10¹⁶), so every such numeral reads to the nearest `f64`.

use crate::number::interval::Interval;
use crate::units::UnitTable;

use super::{Form, Numeral, digit_value, precision, share};

/// Which set of characters a glyph belongs to: a numeral keeps to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Script {
    Ordinary,
    Financial,
    /// 零 〇 两 万 亿 点, at home in both.
    Either,
}

/// One character of a Chinese numeral, classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Glyph {
    /// 一 to 九, 壹 to 玖.
    Digit(u64, Script),
    /// 两, 兩: two, said before a unit.
    Liang,
    /// 零, 〇.
    Zero,
    /// 廿 (20), 卅 (30): a digit and 十 in one.
    Tens(u64),
    /// 十 百 千, 拾 佰 仟.
    Small(u64, Script),
    /// 万 萬 (10⁴), 亿 億 (10⁸).
    Big(u64),
    /// 点, 點: the decimal point.
    Point,
    /// An ASCII or full-width digit.
    Arabic(u64),
}

impl Glyph {
    fn of(c: char) -> Option<Glyph> {
        use Script::{Financial, Ordinary};
        Some(match c {
            '零' | '〇' => Glyph::Zero,
            '两' | '兩' => Glyph::Liang,
            '一' => Glyph::Digit(1, Ordinary),
            '二' => Glyph::Digit(2, Ordinary),
            '三' => Glyph::Digit(3, Ordinary),
            '四' => Glyph::Digit(4, Ordinary),
            '五' => Glyph::Digit(5, Ordinary),
            '六' => Glyph::Digit(6, Ordinary),
            '七' => Glyph::Digit(7, Ordinary),
            '八' => Glyph::Digit(8, Ordinary),
            '九' => Glyph::Digit(9, Ordinary),
            '壹' => Glyph::Digit(1, Financial),
            '贰' | '貳' => Glyph::Digit(2, Financial),
            '叁' | '參' | '叄' => Glyph::Digit(3, Financial),
            '肆' => Glyph::Digit(4, Financial),
            '伍' => Glyph::Digit(5, Financial),
            '陆' | '陸' => Glyph::Digit(6, Financial),
            '柒' => Glyph::Digit(7, Financial),
            '捌' => Glyph::Digit(8, Financial),
            '玖' => Glyph::Digit(9, Financial),
            '廿' => Glyph::Tens(20),
            '卅' => Glyph::Tens(30),
            '十' => Glyph::Small(10, Ordinary),
            '百' => Glyph::Small(100, Ordinary),
            '千' => Glyph::Small(1000, Ordinary),
            '拾' => Glyph::Small(10, Financial),
            '佰' => Glyph::Small(100, Financial),
            '仟' => Glyph::Small(1000, Financial),
            '万' | '萬' => Glyph::Big(WAN),
            '亿' | '億' => Glyph::Big(YI),
            '点' | '點' => Glyph::Point,
            _ => return digit_value(c).map(|d| Glyph::Arabic(d.into())),
        })
    }

    fn script(self) -> Script {
        match self {
            Glyph::Digit(_, s) | Glyph::Small(_, s) => s,
            // Financial numerals are never written with Arabic digits.
            Glyph::Tens(_) | Glyph::Arabic(_) => Script::Ordinary,
            _ => Script::Either,
        }
    }

    /// A digit of a positional run (二〇二四): not 两, not a unit.
    fn positional_digit(self) -> Option<u64> {
        match self {
            Glyph::Digit(d, _) => Some(d),
            Glyph::Zero => Some(0),
            _ => None,
        }
    }

    fn is_unit(self) -> bool {
        matches!(self, Glyph::Small(..) | Glyph::Big(_) | Glyph::Tens(_))
    }
}

const WAN: u64 = 10_000;
const YI: u64 = 100_000_000;

/// Whether a character can start a Chinese numeral.
pub fn starts_chinese_numeral(c: char) -> bool {
    matches!(
        Glyph::of(c),
        Some(Glyph::Digit(..) | Glyph::Liang | Glyph::Zero | Glyph::Tens(_) | Glyph::Small(..))
    )
}

/// Whether Arabic digits at `pos` run straight into a Chinese unit (2万300,
/// 3百05): the numeral may go on past where the Arabic reading stops.
pub fn digits_before_chinese_unit(text: &str, pos: usize) -> bool {
    text[pos..]
        .chars()
        .find(|c| digit_value(*c).is_none())
        .and_then(Glyph::of)
        .is_some_and(Glyph::is_unit)
}

/// Han characters: a digit before one may belong to a word (三万二手).
fn is_ideograph(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

/// Words that follow a number and start no word with the digit before them:
/// 两万五左右 is about 25,000.
const FOLLOW_NUMBERS: [&str; 8] = ["左右", "上下", "多", "余", "出头", "以上", "以下", "以内"];

/// The longest positional run is sixteen digits: more is no number anyone
/// writes, and the bound keeps rereading a long run of digits linear.
const LONGEST_RUN: usize = 16;

/// 二〇二四, 一九九八: three to sixteen digits of one script, the first not
/// zero, with a zero among them or four that start 一 or 二 (a year), and no
/// unit after them, read as Arabic digits are.
fn positional_run(text: &str, pos: usize) -> Option<Numeral> {
    let mut value: u64 = 0;
    let mut count = 0;
    let mut trailing_zeros = 0;
    let mut has_zero = false;
    let mut script = Script::Either;
    let mut end = pos;
    for c in text[pos..].chars() {
        let Some(g) = Glyph::of(c) else { break };
        let Some(d) = g.positional_digit() else {
            if g.is_unit() || g == Glyph::Point {
                return None;
            }
            break;
        };
        if (count == 0 && d == 0) || count == LONGEST_RUN {
            return None;
        }
        match (script, g.script()) {
            (_, Script::Either) => {}
            (Script::Either, s) => script = s,
            (s, t) if s != t => return None,
            _ => {}
        }
        value = value * 10 + d;
        has_zero |= d == 0;
        trailing_zeros = if d == 0 { trailing_zeros + 1 } else { 0 };
        count += 1;
        end += c.len_utf8();
    }
    let year_shaped = count == 4 && (1000..3000).contains(&value);
    if count < 3 || !(has_zero || year_shaped) {
        return None;
    }
    let v = value as f64;
    Some(Numeral {
        start: pos,
        end,
        value: Interval::around(v, precision(v, 1.0, trailing_zeros)),
        alternative: None,
        form: Form::ChineseDigits,
        magnitude: 1.0,
        step: 10f64.powi(trailing_zeros as i32),
        digit_half: 0.5,
    })
}

/// A digit, or a run of Arabic digits, not yet given its place.
#[derive(Clone, Copy, Debug)]
struct Pending {
    value: u64,
    kind: PendingKind,
    end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PendingKind {
    /// One Chinese or Arabic digit.
    Digit,
    /// 两: a unit must follow.
    Liang,
    /// Two or more Arabic digits, read as written; the place of the last
    /// non-zero one.
    Run { last_place: u64 },
}

/// The digits after 点.
#[derive(Clone, Copy, Debug)]
struct Fraction {
    int: u64,
    value: f64,
    /// Place of the last digit read: 0.1, 0.01, …
    place: f64,
}

/// A Chinese numeral as read so far.
struct Reader<'a> {
    text: &'a str,
    units: &'a UnitTable,
    start: usize,
    script: Script,
    /// The section before 亿, times 10⁸.
    yi: u64,
    /// The section before 万 (of the part below 亿), times 10⁴.
    wan: u64,
    /// The section below 万.
    low: u64,
    pending: Option<Pending>,
    /// Place of the unit read last: 十 10, 万 10⁴, 亿 10⁸, 万亿 10¹²; 0
    /// before any.
    last_unit: u64,
    /// The small units of the low section descend: the next is below this.
    low_ceiling: u64,
    after_zero: bool,
    fraction: Option<Fraction>,
    /// Place of the last stated non-zero digit within its section (1 to
    /// 1000), or of the last decimal.
    place: f64,
    /// The big units after the last stated digit: 10⁸ in 三亿, 10¹² in 两万亿.
    magnitude: f64,
    /// Where the numeral ends as read so far: after its last unit or digit
    /// that is surely part of it (not a pending digit, not a trailing 零).
    end: usize,
}

/// What a reader found: the numeral's value and where it stopped.
struct Read {
    value: f64,
    half: f64,
    place: f64,
    magnitude: f64,
    end: usize,
    /// A single digit and nothing else: 四 of 四成.
    lone_digit: bool,
    /// The value of a numeral that ends on a unit below 万, for 十几.
    few_base: Option<u64>,
    /// A decimal with no big unit after it: 三点五 of 三点五百万.
    bare_decimal: bool,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, pos: usize, units: &'a UnitTable) -> Reader<'a> {
        Reader {
            text,
            units,
            start: pos,
            script: Script::Either,
            yi: 0,
            wan: 0,
            low: 0,
            pending: None,
            last_unit: 0,
            low_ceiling: WAN,
            after_zero: false,
            fraction: None,
            place: 1.0,
            magnitude: 1.0,
            end: pos,
        }
    }

    /// Whether anything but a pending digit has been read.
    fn started(&self) -> bool {
        self.last_unit != 0 || self.after_zero || self.fraction.is_some()
    }

    /// Reads glyphs from the start until one does not fit.
    fn read(mut self) -> Option<Read> {
        let mut at = self.start;
        while let Some(c) = self.text[at..].chars().next() {
            let Some(g) = Glyph::of(c) else { break };
            let Some(next) = self.glyph(g, at, c.len_utf8()) else {
                break;
            };
            at = next;
        }
        self.finish()
    }

    /// Takes one glyph at `at`; returns where the next one starts, or
    /// `None` when it does not belong to the numeral.
    fn glyph(&mut self, g: Glyph, at: usize, len: usize) -> Option<usize> {
        match (self.script, g.script()) {
            (_, Script::Either) => {}
            (Script::Either, s) => self.script = s,
            (s, t) if s != t => return None,
            _ => {}
        }
        let end = at + len;
        match g {
            Glyph::Digit(d, _) => self.digit(d, PendingKind::Digit, end),
            Glyph::Liang => self.digit(2, PendingKind::Liang, end),
            Glyph::Zero => self.zero(end),
            Glyph::Tens(t) => self.tens(t, end),
            Glyph::Small(u, _) => self.small_unit(u, at, end),
            Glyph::Big(u) => self.big_unit(u, at, end),
            Glyph::Point => self.point(end),
            Glyph::Arabic(_) => self.arabic_run(at),
        }
    }

    fn digit(&mut self, d: u64, kind: PendingKind, end: usize) -> Option<usize> {
        if let Some(f) = self.fraction.as_mut() {
            if kind == PendingKind::Liang || self.magnitude != 1.0 {
                return None;
            }
            f.place /= 10.0;
            f.value += d as f64 * f.place;
            self.place = f.place;
            self.end = end;
            return Some(end);
        }
        if self.pending.is_some() {
            // Two digits in a row: 三四个 is "three or four".
            return None;
        }
        self.pending = Some(Pending {
            value: d,
            kind,
            end,
        });
        Some(end)
    }

    fn zero(&mut self, end: usize) -> Option<usize> {
        if self.fraction.is_some() {
            return self.digit(0, PendingKind::Digit, end);
        }
        if self.pending.is_some() {
            return None;
        }
        if !self.started() {
            // 零 alone, 零点五.
            return self.digit(0, PendingKind::Digit, end);
        }
        self.after_zero = true;
        Some(end)
    }

    fn tens(&mut self, tens: u64, end: usize) -> Option<usize> {
        if self.fraction.is_some() || self.pending.is_some() || self.low_ceiling <= 10 {
            return None;
        }
        self.low += tens;
        self.small_unit_read(10, end);
        Some(end)
    }

    /// Whether a unit word starts at `at` and goes on past the glyph there:
    /// 千瓦 is kW, 兆瓦 MW; the numeral ends before it.
    fn unit_word_at(&self, at: usize, len: usize) -> bool {
        self.units
            .unit_at(&self.text[at..])
            .is_some_and(|u| u.len > len)
    }

    fn small_unit(&mut self, unit: u64, at: usize, end: usize) -> Option<usize> {
        if self.fraction.is_some() || unit >= self.low_ceiling || self.unit_word_at(at, end - at) {
            return None;
        }
        let multiplier = match self.pending {
            Some(Pending {
                kind: PendingKind::Run { .. },
                ..
            }) => return None,
            Some(p) if p.value == 0 => return None,
            Some(p) => p.value,
            // 十六, 百万; 一千零十.
            None if !self.started() || (unit == 10 && self.after_zero) => 1,
            None => return None,
        };
        self.pending = None;
        self.low += multiplier * unit;
        self.small_unit_read(unit, end);
        Some(end)
    }

    fn small_unit_read(&mut self, unit: u64, end: usize) {
        self.low_ceiling = unit;
        self.last_unit = unit;
        self.after_zero = false;
        self.place = unit as f64;
        self.magnitude = 1.0;
        self.end = end;
    }

    fn big_unit(&mut self, unit: u64, at: usize, end: usize) -> Option<usize> {
        let zero_before = self.after_zero && self.pending.is_none();
        if zero_before || self.unit_word_at(at, end - at) {
            return None;
        }
        if self.fraction.is_some() {
            // 六点七亿, 六点七万亿.
            let fits = match unit {
                WAN => self.magnitude == 1.0,
                _ => self.magnitude == 1.0 || self.magnitude == WAN as f64,
            };
            if !fits {
                return None;
            }
            self.magnitude *= unit as f64;
            self.end = end;
            return Some(end);
        }
        let pending = match self.pending {
            // A digit before a big unit is the section's units digit: 一亿五万,
            // not the abbreviated digit of 三千二.
            Some(p) if p.value == 0 || p.kind == PendingKind::Digit && self.after_small_unit() => {
                return None;
            }
            Some(p) => p.value,
            None => 0,
        };
        let stacked = self.pending.is_none() && self.low == 0 && self.last_unit == WAN;
        if unit == WAN {
            let group = self.low.checked_add(pending)?;
            if self.wan != 0 || group == 0 || (group >= WAN && self.yi != 0) {
                return None;
            }
            self.wan = group.checked_mul(WAN)?;
        } else {
            let group = self.wan.checked_add(self.low)?.checked_add(pending)?;
            if self.yi != 0 || group == 0 {
                return None;
            }
            self.yi = group.checked_mul(YI)?;
            self.wan = 0;
        }
        self.low = 0;
        if let Some(p) = self.pending.take() {
            self.place = match p.kind {
                PendingKind::Run { last_place } => last_place as f64,
                _ => 1.0,
            };
            self.magnitude = unit as f64;
        } else {
            self.magnitude *= unit as f64;
        }
        self.last_unit = if unit == YI && stacked {
            WAN * YI
        } else {
            unit
        };
        self.low_ceiling = WAN;
        self.after_zero = false;
        self.end = end;
        Some(end)
    }

    /// Whether a digit now would take the next-lower place of the unit
    /// before it (四万八), rather than the units place (十五, 一千零五).
    fn abbreviates(&self) -> bool {
        self.last_unit >= 100 && !self.after_zero
    }

    /// Whether the last glyph was 百 or 千: a digit after it is no units
    /// digit, so neither a big unit (三千二万) nor 点 may follow it.
    fn after_small_unit(&self) -> bool {
        matches!(self.last_unit, 100 | 1000) && !self.after_zero
    }

    fn point(&mut self, end: usize) -> Option<usize> {
        if self.fraction.is_some() || self.yi != 0 || self.wan != 0 || self.after_zero {
            return None;
        }
        let next = self.text[end..].chars().next().and_then(Glyph::of);
        let digit_follows = next.is_some_and(|g| {
            (g.positional_digit().is_some() || matches!(g, Glyph::Arabic(_)))
                && (g.script() == Script::Either
                    || self.script == Script::Either
                    || g.script() == self.script)
        });
        if !digit_follows {
            return None;
        }
        let int = match self.pending {
            Some(p) if p.kind == PendingKind::Digit && self.after_small_unit() => return None,
            Some(p) => p.value,
            None if self.started() => 0,
            None => return None,
        };
        self.pending = None;
        self.fraction = Some(Fraction {
            int: self.low + int,
            value: 0.0,
            place: 1.0,
        });
        Some(end)
    }

    /// A run of Arabic digits, taken whole.
    fn arabic_run(&mut self, at: usize) -> Option<usize> {
        let len = self.text[at..]
            .char_indices()
            .find(|(_, c)| digit_value(*c).is_none())
            .map_or(self.text.len() - at, |(i, _)| i);
        let end = at + len;
        let digits = self.text[at..end].chars().filter_map(digit_value);
        if let Some(f) = self.fraction.as_mut() {
            if self.magnitude != 1.0 {
                return None;
            }
            for d in digits {
                f.place /= 10.0;
                f.value += d as f64 * f.place;
            }
            self.place = f.place;
            self.end = end;
            return Some(end);
        }
        if self.pending.is_some() {
            return None;
        }
        // "三千2.5", "两万1,000": an Arabic number of its own follows.
        let mut after = self.text[end..].chars();
        if matches!(after.next(), Some('.' | ',' | '，' | '．'))
            && after.next().is_some_and(|c| digit_value(c).is_some())
        {
            return None;
        }
        let mut value: u64 = 0;
        let mut count = 0;
        let mut last_place = 1;
        for d in digits {
            value = value.checked_mul(10)?.checked_add(d.into())?;
            last_place = if d == 0 { last_place * 10 } else { 1 };
            count += 1;
        }
        let kind = if count == 1 {
            PendingKind::Digit
        } else {
            PendingKind::Run { last_place }
        };
        self.pending = Some(Pending { value, kind, end });
        Some(end)
    }

    /// Places the pending digit, if it belongs, and sums the sections.
    fn finish(mut self) -> Option<Read> {
        let started = self.started();
        let mut lone_digit = false;
        let ends_on_unit = self.pending.is_none() && !self.after_zero && self.fraction.is_none();
        let few_base =
            (ends_on_unit && self.yi == 0 && self.low > 0).then_some(self.wan + self.low);
        if let Some(p) = self.pending.take()
            && let Some(placed) = self.place_of(p, started)
        {
            self.low += p.value * placed.factor;
            self.place = placed.place as f64;
            self.magnitude = placed.magnitude as f64;
            self.end = p.end;
            lone_digit = !started && !matches!(p.kind, PendingKind::Run { .. });
        }
        if self.end == self.start {
            return None;
        }
        let (value, half) = match self.fraction {
            Some(f) => {
                let value = (f.int as f64 + f.value) * self.magnitude;
                let half = precision(value / self.magnitude, f.place, 0) * self.magnitude;
                (value, half)
            }
            None => {
                let value = self.yi.checked_add(self.wan)?.checked_add(self.low)? as f64;
                let trailing_zeros = self.place.log10().round() as u32;
                let half = precision(value / self.magnitude, 1.0, trailing_zeros) * self.magnitude;
                (value, half)
            }
        };
        Some(Read {
            value,
            half,
            place: self.place,
            magnitude: self.magnitude,
            end: self.end,
            lone_digit,
            few_base,
            bare_decimal: self.fraction.is_some() && self.magnitude == 1.0,
        })
    }

    /// Where a digit left at the end goes, or `None` when it is no part of
    /// the numeral.
    fn place_of(&self, p: Pending, started: bool) -> Option<Placed> {
        let as_written = |place| Placed {
            factor: 1,
            place,
            magnitude: 1,
        };
        if !started {
            return Some(as_written(match p.kind {
                PendingKind::Run { last_place } => last_place,
                _ => 1,
            }));
        }
        match p.kind {
            PendingKind::Liang => None,
            // 2万300, 3百05, 七千120: as written, if it fits below the unit.
            PendingKind::Run { last_place } => {
                (p.value > 0 && p.value < self.last_unit).then_some(as_written(last_place))
            }
            PendingKind::Digit if p.value == 0 => None,
            PendingKind::Digit if !self.abbreviates() => Some(as_written(1)),
            PendingKind::Digit => {
                let rest = &self.text[p.end..];
                let closing = FOLLOW_NUMBERS.iter().any(|w| rest.starts_with(w));
                let word_follows = rest.chars().next().is_some_and(is_ideograph)
                    && !closing
                    && (p.value == 1 || self.units.unit_at(rest).is_none());
                if word_follows {
                    return None;
                }
                // 四万八: 八千; 一亿五: 五千万.
                let factor = self.last_unit / 10;
                let magnitude = match factor {
                    f if f >= YI => YI,
                    f if f >= WAN => WAN,
                    _ => 1,
                };
                Some(Placed {
                    factor,
                    place: factor / magnitude,
                    magnitude,
                })
            }
        }
    }
}

/// The place a pending digit takes: its value is multiplied by `factor`;
/// `place` within its section and `magnitude` give the precision.
struct Placed {
    factor: u64,
    place: u64,
    magnitude: u64,
}

/// Chinese numerals, with 点 decimals, 成 and 折 shares, 一半, 十几,
/// "三分之二" fractions and "百分之五十" percentages.
pub(super) fn chinese(text: &str, pos: usize, units: &UnitTable) -> Option<Numeral> {
    let rest = &text[pos..];
    if rest.starts_with("一半") {
        return Some(share(pos, pos + "一半".len(), 0.5, 0.0));
    }
    if let Some(after) = rest.strip_prefix("百分之") {
        let at = pos + (rest.len() - after.len());
        let n = super::numeral_at(text, at, units)?;
        return Some(share(
            pos,
            n.end,
            n.value.nominal / 100.0,
            (n.value.hi - n.value.nominal) / 100.0,
        ));
    }
    if let Some(run) = positional_run(text, pos) {
        return Some(run);
    }
    let read = Reader::new(text, pos, units).read()?;
    // 十几 is 11–19, 二十几 21–29.
    if let Some(base) = read.few_base
        && text[read.end..].starts_with('几')
    {
        let base = base as f64;
        return Some(Numeral {
            start: pos,
            end: read.end + '几'.len_utf8(),
            value: Interval::between(base + 1.0, base + 9.0),
            alternative: None,
            form: Form::Chinese,
            magnitude: 1.0,
            step: 1.0,
            digit_half: 4.0,
        });
    }
    numeral(text, pos, units, read)
}

/// Arabic digits glued to Chinese units: 2万300, 300万五千, 3百05.
pub(super) fn mixed(text: &str, pos: usize, units: &UnitTable) -> Option<Numeral> {
    let read = Reader::new(text, pos, units).read()?;
    numeral(
        text,
        pos,
        units,
        Read {
            lone_digit: false,
            ..read
        },
    )
}

/// A numeral's value as an interval, with what may follow it: 成 and 折
/// shares, 分之 fractions, 兆.
fn numeral(text: &str, pos: usize, units: &UnitTable, read: Read) -> Option<Numeral> {
    let mut end = read.end;
    let mut value = read.value;
    let mut magnitude = read.magnitude;
    let after = &text[end..];
    // 四成 = 40%; 打四折 = 40%.
    if read.lone_digit && value > 0.0 {
        for suffix in ["成", "折"] {
            if after.starts_with(suffix) {
                return Some(share(pos, end + suffix.len(), value / 10.0, 0.05));
            }
        }
    }
    // 三分之二 is two thirds.
    if let Some(numerator) = after.strip_prefix("分之")
        && value != 0.0
    {
        let n = chinese(text, end + (after.len() - numerator.len()), units)?;
        return Some(share(pos, n.end, n.value.nominal / value, 0.0));
    }
    // 兆 after a Chinese numeral, with its two readings (兆瓦 is a unit);
    // after a decimal, any magnitude word but 千 (三点五百万).
    let mut alternative = None;
    if let Some(m) = units.magnitude_at(after).filter(|m| {
        m.alternative.is_some() || (read.bare_decimal && !m.word.is_ascii() && m.word != "千")
    }) && units.unit_at(after).is_none_or(|u| u.len <= m.word.len())
    {
        alternative = m.alternative.map(|a| value * a);
        value *= m.factor;
        magnitude *= m.factor;
        end += m.word.len();
    }
    let half = read.half / read.magnitude * magnitude;
    let digit_half = 0.5 * read.place.min(1.0) * magnitude;
    Some(Numeral {
        start: pos,
        end,
        value: Interval::around(value, half),
        alternative: alternative.map(|a| Interval::around(a, half / value * a)),
        form: Form::Chinese,
        magnitude,
        step: read.place * magnitude,
        digit_half,
    })
}

#[cfg(test)]
mod tests {
    use super::super::numeral_at;
    use super::*;
    use crate::number::quantity::{Lexer, Token};

    fn read(text: &str) -> Numeral {
        numeral_at(text, 0, UnitTable::builtin())
            .unwrap_or_else(|| panic!("no numeral in {text:?}"))
    }

    /// The value, and that the numeral is the whole text.
    #[track_caller]
    fn assert_reads(text: &str, expected: f64) {
        let n = read(text);
        assert_eq!(n.value.nominal, expected, "{text:?}");
        assert_eq!(&text[n.start..n.end], text, "{text:?} read only in part");
    }

    /// The numeral at the start is `numeral`, and worth `expected`.
    #[track_caller]
    fn assert_reads_only(text: &str, numeral: &str, expected: f64) {
        let n = read(text);
        assert_eq!(&text[n.start..n.end], numeral, "{text:?}");
        assert_eq!(n.value.nominal, expected, "{text:?}");
    }

    #[track_caller]
    fn assert_bounds(text: &str, lo: f64, hi: f64) {
        let v = read(text).value;
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        assert!(close(v.lo, lo) && close(v.hi, hi), "{text:?}: {v:?}");
    }

    /// The quantities the lexer finds in `text`, as written.
    fn quantities(text: &str) -> Vec<&str> {
        Lexer::builtin()
            .tokens(text, 0..text.len())
            .into_iter()
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(&text[q.span]),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn zero_in_every_position() {
        assert_reads("三千零二", 3002.0);
        assert_reads("五千零三十", 5030.0);
        assert_reads("两千零一十七", 2017.0);
        assert_reads("四千零九十六", 4096.0);
        assert_reads("三万零七", 30007.0);
        assert_reads("二十万零五千", 205000.0);
        assert_reads("三亿二千万零四千一百零八", 320004108.0);
        assert_reads("三亿二千万四千一百零八", 320004108.0);
        assert_reads("二千零三亿四千零五万六千零七", 200340056007.0);
        assert_reads("一千零十", 1010.0);
        assert_reads("一亿零一十五万", 100150000.0);
        assert_reads("零点五", 0.5);
        assert_reads("三点零五", 3.05);
    }

    #[test]
    fn a_zero_that_ends_the_numeral_is_no_part_of_it() {
        // 零售 is retail: 三千零售店 is 3,000 shops.
        assert_reads_only("三千零售店", "三千", 3000.0);
        assert_reads_only("两万零件", "两万", 20000.0);
    }

    #[test]
    fn an_abbreviated_last_digit_takes_the_next_lower_place() {
        assert_reads("四万八", 48000.0);
        assert_reads("二十五万六", 256000.0);
        assert_reads("三千二", 3200.0);
        assert_reads("一百五", 150.0);
        assert_reads("三百六十万五", 3605000.0);
        assert_reads("一亿五", 1.5e8);
        assert_reads("两万亿五", 2.5e12);
        assert_reads_only("四万八，", "四万八", 48000.0);
        assert_reads_only("两万八卡", "两万八", 28000.0);
        assert_reads_only("两万五左右", "两万五", 25000.0);
        assert_reads_only("三千二以上", "三千二", 3200.0);
        // After 零, or after 十, the digit is units.
        assert_reads("一千零五", 1005.0);
        assert_reads("十五", 15.0);
        assert_reads("三万零七", 30007.0);
    }

    #[test]
    fn a_digit_that_starts_a_word_is_left_out() {
        // "20,000 a month", "250,000 a card", "30,000 second-hand cars".
        assert_reads_only("两万一个月", "两万", 20000.0);
        assert_reads_only("25万一张", "25万", 250000.0);
        assert_reads_only("三万二手车", "三万", 30000.0);
        assert_reads_only("10万三星内存", "10万", 100000.0);
        // 两 after a unit is the tael: 一百两 is 100 taels.
        assert_reads_only("一百两银子", "一百", 100.0);
    }

    #[test]
    fn single_characters_that_stand_as_numbers() {
        assert_reads("一", 1.0);
        assert_reads("十", 10.0);
        assert_reads("零", 0.0);
        assert_reads("〇", 0.0);
        assert_reads("两", 2.0);
        assert_reads("兩", 2.0);
        assert_reads("廿", 20.0);
        assert_reads("卅", 30.0);
        assert_reads("廿五", 25.0);
        assert_reads("卅万", 300000.0);
        assert_reads("一百廿", 120.0);
        assert_reads("两百", 200.0);
        assert_reads("兩千", 2000.0);
    }

    #[test]
    fn single_characters_in_words_are_no_quantities() {
        for word in [
            "一样",
            "一起",
            "统一",
            "一般",
            "之一",
            "方法一",
            "一致",
            "一直",
            "九零后",
            "零售",
        ] {
            assert_eq!(quantities(word), Vec::<&str>::new(), "{word}");
        }
        assert_eq!(quantities("一个节点"), ["一个节点"]);
    }

    #[test]
    fn positional_digit_runs() {
        assert_reads("二〇二四", 2024.0);
        assert_reads("二零二四", 2024.0);
        assert_reads("一九九八", 1998.0);
        assert_reads("一二〇", 120.0);
        assert_reads("二二〇〇", 2200.0);
        assert_eq!(read("二〇二四").form, Form::ChineseDigits);
        assert_bounds("二〇二四", 2023.5, 2024.5);
        // Two digits are a range in speech, not a number: 三四个, 七八个.
        assert_reads_only("三四个", "三", 3.0);
        assert_reads_only("一一对应", "一", 1.0);
        // Nor are runs with no zero that are no year: 七七八八 is "nearly
        // all", 一二三 a count.
        assert_reads_only("七七八八", "七", 7.0);
        assert_reads_only("一二三", "一", 1.0);
        // Runs into units are no positional run: 一五一十 is an idiom.
        assert_reads_only("一五一十", "一", 1.0);
        // A run too long to be a number is read a digit at a time.
        assert_reads_only(&"一二三".repeat(10), "一", 1.0);
    }

    #[test]
    fn a_year_in_chinese_digits_is_no_quantity() {
        assert_eq!(quantities("二〇二四年发布"), Vec::<&str>::new());
        assert_eq!(quantities("一九九八年"), Vec::<&str>::new());
        assert_eq!(quantities("于二〇二四发布"), Vec::<&str>::new());
        assert_eq!(quantities("二〇二四天"), ["二〇二四天"]);
    }

    #[test]
    fn financial_numerals() {
        assert_reads("壹佰贰拾叁", 123.0);
        assert_reads("贰佰", 200.0);
        assert_reads("壹万贰仟叁佰肆拾伍", 12345.0);
        assert_reads("玖拾玖", 99.0);
        assert_reads("拾", 10.0);
        assert_reads("壹仟零伍", 1005.0);
        assert_reads("貳佰", 200.0);
        assert_reads("參仟零貳", 3002.0);
        assert_reads("陸萬", 60000.0);
        assert_reads("壹億", 1e8);
        assert_reads("貳仟零參億肆仟零伍萬陸仟零柒", 200340056007.0);
        assert_reads("伍点伍", 5.5);
    }

    #[test]
    fn a_numeral_keeps_to_its_script() {
        // 參數 is "parameters"; 陸續 "one after another".
        assert_reads_only("七百億參數", "七百億", 7e10);
        assert_reads_only("700億參數", "700億", 7e10);
        assert_reads_only("三萬陸續", "三萬", 30000.0);
        assert_reads_only("3萬陸續", "3萬", 30000.0);
        assert_reads_only("壹佰三", "壹佰", 100.0);
    }

    #[test]
    fn arabic_digits_mixed_with_chinese() {
        assert_reads("2万300", 20300.0);
        assert_reads("300万五千", 3005000.0);
        assert_reads("3百05", 305.0);
        assert_reads("500亿零七千120", 50000007120.0);
        assert_reads("二百点456", 200.456);
        assert_reads("1亿2000万", 1.2e8);
        assert_reads("2万零5", 20005.0);
        assert_reads("2万5", 25000.0);
        assert_reads("三千120", 3120.0);
        // Where the Chinese reading goes no further, the Arabic one stands.
        assert_eq!(read("3140亿").form, Form::Arabic);
        assert_reads_only("10万千瓦", "10万", 1e5);
        // A tail that does not fit below its unit is a number of its own.
        assert_reads_only("2万30000", "2万", 20000.0);
        assert_reads_only("一千4090", "一千", 1000.0);
        assert_reads_only("两万1,000", "两万", 20000.0);
    }

    #[test]
    fn digits_too_large_for_the_sections_are_left_to_the_arabic_reading() {
        // 184467440737亿 is just below 2⁶⁴; adding its 万 section overflows.
        let n = read("184467440737亿9999万");
        assert_eq!(n.form, Form::Arabic);
        assert_eq!(n.value.nominal, 184467440737e8);
        assert_eq!(read("99999999999999999999万五千").form, Form::Arabic);
    }

    #[test]
    fn unit_words_that_start_with_a_numeral_unit_are_units() {
        assert_reads_only("十万千瓦", "十万", 1e5);
        assert_reads_only("十千瓦", "十", 10.0);
        assert_reads_only("三兆瓦", "三", 3.0);
        let n = read("三兆");
        assert_eq!(n.value.nominal, 3e12);
        assert_eq!(n.alternative.map(|a| a.nominal), Some(3e6));
    }

    #[test]
    fn precision_of_the_new_forms() {
        // Half the last stated digit; its unit's places count as zeros.
        assert_bounds("四万八", 47500.0, 48500.0);
        assert_bounds("三千零二", 3001.5, 3002.5);
        assert_bounds("二十万零五千", 204500.0, 205500.0);
        assert_bounds("五千零三十", 5025.0, 5035.0);
        assert_bounds("2万300", 20250.0, 20350.0);
        assert_bounds("二百点456", 200.4555, 200.4565);
        assert_bounds("一亿五", 1.45e8, 1.55e8);
        // As before: 三亿 is ±0.5亿, 四百 ±40 (a tenth), 两万亿 ±0.5万亿.
        assert_bounds("三亿", 2.5e8, 3.5e8);
        assert_bounds("四百", 360.0, 440.0);
        assert_bounds("两万亿", 1.5e12, 2.5e12);
        assert_eq!(read("四万八").step, 1000.0);
        assert_eq!(read("三千零二").step, 1.0);
    }

    #[test]
    fn shares_ranges_and_fractions_still_read() {
        assert_eq!(read("四成").form, Form::Share);
        assert_eq!(read("四成").value.nominal, 0.4);
        assert_eq!(read("三分之二").value.nominal, 2.0 / 3.0);
        assert_eq!(read("千分之五").value.nominal, 0.005);
        let few = read("二十几").value;
        assert_eq!((few.lo, few.hi), (21.0, 29.0));
        assert_reads("三点五百万", 3.5e6);
        assert_reads("六点七万亿", 6.7e12);
    }

    #[test]
    fn a_long_run_of_digits_is_read_in_linear_time() {
        // 一二三 is read a digit at a time; 一二〇 as positional runs, the
        // longest of them the run's last digits (one that starts with 〇 is
        // none). Rescanning to the end from each of the 100,000 positions
        // would take minutes, not seconds.
        for (digits, longest) in [("一二三", 1), ("一二〇", LONGEST_RUN - 1)] {
            let run = digits.repeat(100_000 / 3);
            let started = std::time::Instant::now();
            let read = run
                .char_indices()
                .filter_map(|(i, _)| numeral_at(&run, i, UnitTable::builtin()))
                .map(|n| run[n.start..n.end].chars().count())
                .max();
            assert_eq!(read, Some(longest), "{digits}");
            assert!(
                started.elapsed().as_secs() < 10,
                "{digits}: {:?}",
                started.elapsed()
            );
        }
    }
}
