//! `restate`: a figure restated in other units that does not convert.
//!
//! Catches "400 Gb/s NDR port. That is 50 GB/s", "80 GB，即 74.5 GiB",
//! "54 days, or 1,296 hours": a figure, a restatement word ("that is", "i.e.",
//! "即", "相当于"; data in `claims/cues.yaml`, `restatements`), and a second
//! figure of the same dimension in another unit. Bits and bytes, GB and GiB,
//! days and hours are where a conversion slips, and the bits/bytes slip is
//! a factor of eight.
//!
//! Every reading counts: a metric prefix on bytes may be binary on either
//! side ("80 GB" may be 80 GiB). The first figure is taken as written, the
//! restatement keeps the rounding of its last digit and its hedge.
//!
//! Why it matters: a conversion reads as a clarification, so nobody checks
//! it, and the wrong unit then travels into every figure computed from it.
//!
//! Only a conversion is read: the two figures must have different units,
//! nothing but a few words may stand between the first figure and the
//! restatement word, a figure stated per item ("each", "per", "每")
//! is not restated as a total, and the last operand of a product ("8 ×
//! 400 Gb/s, i.e. 400 GB/s") may be restated as the product. Figures more
//! than a factor of 1,000 apart are about different things.
//!
//! A power restated as if it were the energy of a period ("drew 1.1 MW over
//! the quarter, which works out to 2,402 MW") is MW written for MWh: the
//! second figure is the first times the hours of a period the sentence or
//! the text before it states (2,184 hours, 全年), to its last digit, of
//! three significant digits at least.
//!
//! A rate restated over another period ("$107 million a year, or about $11
//! million a month") is the first times the ratio of the periods (a month
//! is 28 to 31 days, a year 365 or 366).
//!
//! The other way round, an energy where the words name a power ("8,000
//! GPUs drawing 15 MWh", "an average demand of 153 MWh", "契約容量 132.6
//! MWh") is MWh written for MW, unless its clause states a period ("a
//! day", "全年"), a store ("battery", "储能") or a calculation.
//!
//! Example:
//!
//! ```text
//! each GPU gets a 400 Gb/s port. That is 50 GB/s     verified: 400 Gb/s = 50 GB/s
//! 一张 800 Gb/s 网卡，即每秒 800 GB                     contradicted: 800 Gb/s = 100 GB/s
//! ```

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::Cues;
use crate::lang::message::Message;
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::lexicon::Hedge;
use crate::number::quantity::{Quantity, Token, apply_hedge};
use crate::read::segment::{clause_at, first_chars, last_chars};
use crate::units::{Base, Dimension};

pub struct Restate;

impl Check for Restate {
    fn code(&self) -> &'static str {
        "restate"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("restate.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let text = input.doc.text.as_str();
        let mut previous: Option<&Quantity> = None;
        let mut previous_rate: Option<&Quantity> = None;
        let mut block = None;
        for sentence in input.sentences {
            if block != Some(sentence.block) {
                previous = None;
                previous_rate = None;
                block = Some(sentence.block);
            }
            for token in &sentence.tokens {
                let Token::Quantity(q) = token else {
                    continue;
                };
                if let Some(first) = previous
                    && let Some(f) = check(text, input.tolerance, first, q)
                {
                    findings.push(f);
                }
                // "a year" is a figure too: the rate before it is what a
                // rate after it may restate.
                let is_period = is_period_word(text, q);
                if !is_period
                    && let Some(first) = previous_rate
                    && let Some(f) = per_period(text, input.tolerance, first, q)
                {
                    findings.push(f);
                }
                if !is_period {
                    previous_rate = Some(q);
                }
                previous = Some(q);
            }
        }
        powers_kept_for_hours(input, findings);
        energies_named_as_power(input, findings);
    }
}

/// Words right before a figure that name a power: a draw, a load, a
/// demand, a contracted capacity.
const POWER_BEFORE: [&str; 22] = [
    "draw",
    "draws",
    "drawing",
    "drew",
    "demand",
    "it load",
    "peak load",
    "load",
    "power draw",
    "功率",
    "功耗",
    "负载",
    "負載",
    "负荷",
    "負荷",
    "用电负荷",
    "用電負荷",
    "契约容量",
    "契約容量",
    "需量",
    "装机容量",
    "裝機容量",
];

/// Words right after a figure that name a power: "50 MWh of firm capacity".
const POWER_AFTER: [&str; 6] = [
    "of firm capacity",
    "of grid capacity",
    "of it load",
    "of load",
    "of demand",
    "of power",
];

/// Words linking a power word to its figure: "demand of", "负载为",
/// "契約容量要拉到".
const LINKS: [&str; 16] = [
    " of", " is", " was", " at", " to", "为", "為", "是", "达", "達", "到", "拉", "要", "在", ":",
    "：",
];

/// Words of a clause that make an energy right: a period it is over, a
/// store that holds it, a calculation that gives it.
const ENERGY_CONTEXT: [&str; 30] = [
    "year", "annual", "month", "day", "daily", "hour", "week", "quarter", "over ", "during",
    "per ", "年", "月", "天", "日", "小时", "小時", "周", "週", "季", "期间", "期間", "每",
    "battery", "storage", "stored", "储能", "儲能", "×", "=",
];

/// "8,000 GPUs drawing 15 MWh", "average demand of 153 MWh", "契約容量要拉到
/// 132.6 MWh": a figure in an energy unit (Wh) whose words name a power,
/// with no period, store or calculation in its clause, is MWh written for
/// MW.
fn energies_named_as_power(input: &Input, findings: &mut Vec<Finding>) {
    let text = input.doc.text.as_str();
    let energy = Dimension::of(Base::Watt) * Dimension::of(Base::Second);
    for (index, sentence) in input.sentences.iter().enumerate() {
        let clauses = input.facts.clauses(index);
        for token in &sentence.tokens {
            let Token::Quantity(q) = token else {
                continue;
            };
            if q.unit.is_one() || !q.dimension().physical().compatible(energy) {
                continue;
            }
            let clause = clause_at(clauses, q.span.start)
                .cloned()
                .unwrap_or(sentence.span.clone());
            // Within 120 characters each side: a clause may be a long
            // line of figures, and each is looked at once.
            let near = last_chars(&text[clause.start..q.span.start], 120).len();
            let far = first_chars(&text[q.span.end..clause.end.max(q.span.end)], 120).len();
            let lower = text[q.span.start - near..q.span.end + far].to_lowercase();
            if ENERGY_CONTEXT.iter().any(|w| lower.contains(w)) {
                continue;
            }
            let mut before = text[q.span.start - near..q.span.start]
                .trim_end()
                .to_lowercase();
            while let Some(link) = LINKS.iter().find(|l| before.ends_with(*l)) {
                before.truncate(before.len() - link.len());
                before = before.trim_end().to_string();
            }
            let after = text[q.span.end..q.span.end + far]
                .trim_start()
                .to_lowercase();
            let word_before = POWER_BEFORE.iter().find(|w| {
                before.strip_suffix(*w).is_some_and(|rest| {
                    !w.is_ascii() || !rest.ends_with(|c: char| c.is_alphanumeric())
                })
            });
            let word_after = POWER_AFTER.iter().find(|w| after.starts_with(*w));
            let Some(word) = word_before.or(word_after) else {
                continue;
            };
            let claim = &text[q.span.clone()];
            findings.push(Finding {
                verdict: Verdict::Contradicted,
                check: "restate",
                span: q.span.clone(),
                label_span: q.span.clone(),
                label: msg!("label-energy-as-power"),
                message: msg!("restate-energy-as-power", claim = claim, word = *word),
                steps: vec![msg!("restate-energy-as-power", claim = claim, word = *word)],
                related: Vec::new(),
                sources: Vec::new(),
                help: Some(msg!("restate-help-power-energy")),
            });
        }
    }
}

/// Words for a period a rate is stated over, with its length in days
/// (a month is 28 to 31 days, a year 365 or 366).
const RATE_PERIODS: [(&str, f64, f64); 30] = [
    ("a year", 365.0, 366.0),
    ("per year", 365.0, 366.0),
    ("each year", 365.0, 366.0),
    ("annually", 365.0, 366.0),
    ("/year", 365.0, 366.0),
    ("每年", 365.0, 366.0),
    ("一年", 365.0, 366.0),
    ("全年", 365.0, 366.0),
    ("a month", 28.0, 31.0),
    ("per month", 28.0, 31.0),
    ("each month", 28.0, 31.0),
    ("monthly", 28.0, 31.0),
    ("/month", 28.0, 31.0),
    ("每月", 28.0, 31.0),
    ("一个月", 28.0, 31.0),
    ("一個月", 28.0, 31.0),
    ("a week", 7.0, 7.0),
    ("per week", 7.0, 7.0),
    ("每周", 7.0, 7.0),
    ("每週", 7.0, 7.0),
    ("a day", 1.0, 1.0),
    ("per day", 1.0, 1.0),
    ("each day", 1.0, 1.0),
    ("daily", 1.0, 1.0),
    ("/day", 1.0, 1.0),
    ("每天", 1.0, 1.0),
    ("每日", 1.0, 1.0),
    ("一天", 1.0, 1.0),
    ("an hour", 1.0 / 24.0, 1.0 / 24.0),
    ("per hour", 1.0 / 24.0, 1.0 / 24.0),
];

/// Whether a figure is a period word alone ("a year", "一天").
fn is_period_word(text: &str, q: &Quantity) -> bool {
    let written = text[q.span.clone()].trim().to_lowercase();
    RATE_PERIODS.iter().any(|(w, ..)| *w == written)
}

/// The period written right after a figure ("$107 million a year") or
/// right before it ("每月约 8.9 万元"), with the words' byte length.
fn rate_period(text: &str, q: &Quantity) -> Option<(Interval, usize, bool)> {
    // A few characters each side: a period word is short, and a document
    // of many figures stays linear.
    let after = first_chars(&text[q.span.end..], 24)
        .trim_start()
        .to_lowercase();
    let before = last_chars(&text[..q.span.start], 24)
        .trim_end()
        .to_lowercase();
    RATE_PERIODS.iter().find_map(|&(w, lo, hi)| {
        // The nominal lengths make the ratios read as people write them
        // (a year is 12 months, 365 days).
        let nominal = match (lo, hi) {
            (365.0, 366.0) => 365.25,
            (28.0, 31.0) => 365.25 / 12.0,
            _ => lo,
        };
        let days = Interval {
            nominal,
            ..Interval::between(lo, hi)
        };
        if after.starts_with(w)
            && !after[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
        {
            Some((days, w.len(), true))
        } else if before.ends_with(w) {
            Some((days, w.len(), false))
        } else {
            None
        }
    })
}

/// "$107 million a year, or about $11 million a month", "每天 24 度，即每年
/// 8,760 度": a rate restated over another period, which is the first
/// times the ratio of the periods (a month is 28 to 31 days). The figures
/// share a unit, each names its period, and a restatement word (or a
/// bracket) is all that stands between.
fn per_period(text: &str, tolerance: f64, first: &Quantity, second: &Quantity) -> Option<Finding> {
    if first.dimension() != second.dimension()
        || first.dimension().is_dimensionless()
        || first.span.end > second.span.start
        || !first.number.is_finite()
        || !second.number.is_finite()
    {
        return None;
    }
    let (first_days, first_len, first_after) = rate_period(text, first)?;
    let (second_days, second_len, second_after) = rate_period(text, second)?;
    if first_days == second_days {
        return None;
    }
    let mut gap = text[first.span.end..second.span.start].trim();
    if first_after {
        gap = gap.get(first_len..)?.trim_start();
    }
    if !second_after {
        gap = gap.get(..gap.len().checked_sub(second_len)?)?.trim_end();
    }
    let gap = gap.trim_matches(|c: char| c.is_whitespace() || ",，、(（".contains(c));
    if !gap.is_empty() && Cues::builtin().restatement_ending(gap) != Some(0) {
        return None;
    }
    let stated = exact_value(first, false);
    let expected = (stated * second_days).checked_div(first_days)?;
    let restated = restated_value(second, false);
    let holds = restated.meets_within(&expected, tolerance);
    let shown_first = text[first.span.clone()].trim();
    let shown_second = text[second.span.clone()].trim();
    let factor = second_days.nominal / first_days.nominal;
    let by = if factor < 1.0 {
        format!("÷ {}", number((1.0 / factor).round()))
    } else {
        format!("× {}", number(factor.round()))
    };
    let computed = format!(
        "{shown_first} {by} = {}",
        second.restate(shown_second, expected.nominal)
    );
    let related = vec![Related {
        span: first.span.clone(),
        note: msg!("note-restated"),
    }];
    Some(Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "restate",
        span: second.span.clone(),
        label_span: second.span.clone(),
        label: as_written(computed.clone()),
        message: if holds {
            msg!(
                "message-matches",
                claim = shown_second,
                computed = &computed
            )
        } else {
            msg!("message-not", computed = &computed, claim = shown_second)
        },
        steps: vec![as_written(computed)],
        related,
        sources: Vec::new(),
        help: (!holds).then(|| msg!("restate-help-period")),
    })
}

/// Words that name a period, with its hours, for a power kept over it.
const PERIODS: [(&str, f64); 12] = [
    ("a year", 8760.0),
    ("per year", 8760.0),
    ("each year", 8760.0),
    ("annually", 8760.0),
    ("每年", 8760.0),
    ("一年", 8760.0),
    ("全年", 8760.0),
    ("a month", 730.0),
    ("per month", 730.0),
    ("a day", 24.0),
    ("per day", 24.0),
    ("每天", 24.0),
];

/// "drew 1.1 MW over the quarter, which works out to 2,402 MW": a second
/// power that is the first times the hours of a period stated in the
/// sentence or before it (2,184 hours) is an energy written as a power, MW
/// for MWh. The product must hold to the second figure's last digit, of
/// three significant digits at least, so a coincidence cannot make it.
fn powers_kept_for_hours(input: &Input, findings: &mut Vec<Finding>) {
    const RECENT: usize = 16;
    let text = input.doc.text.as_str();
    let power = Dimension::of(Base::Watt);
    let mut durations: Vec<&Quantity> = Vec::new();
    for sentence in input.sentences {
        let figures: Vec<&Quantity> = sentence
            .tokens
            .iter()
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(&**q),
                _ => None,
            })
            .collect();
        let own: Vec<&Quantity> = figures
            .iter()
            .copied()
            .filter(|q| {
                q.dimension() == Dimension::of(Base::Second) && q.premise().nominal >= 3600.0
            })
            .collect();
        // The sentence's own periods first, then the nearest before it.
        let lower = text[sentence.span.clone()].to_lowercase();
        let of = |d: &&Quantity| {
            (
                d.premise().nominal / 3600.0,
                text[d.span.clone()].to_string(),
            )
        };
        let mut hours: Vec<(f64, String)> = own.iter().map(of).collect();
        hours.extend(
            PERIODS
                .iter()
                .filter(|(w, _)| lower.contains(w))
                .map(|&(w, h)| (h, w.to_string())),
        );
        hours.extend(durations.iter().rev().map(of));
        for q in own {
            if durations.len() == 2 * RECENT {
                durations.drain(..RECENT);
            }
            durations.push(q);
        }
        let powers: Vec<&&Quantity> = figures.iter().filter(|q| q.dimension() == power).collect();
        // "up to 10.2 kW" bounds a power, and a bound times a period holds
        // for any energy below it: only stated values are multiplied.
        let bound = |q: &Quantity| matches!(q.hedge, Some(Hedge::AtLeast | Hedge::AtMost));
        for (i, kept) in powers.iter().enumerate().filter(|(_, q)| !bound(q)) {
            for stated in powers[i + 1..].iter().filter(|q| !bound(q)) {
                let claimed = stated.claimed(false, false);
                let significant =
                    stated.number.nominal.abs() / (2.0 * stated.digit_half).max(f64::MIN_POSITIVE);
                if significant < 100.0 || claimed.nominal < 10.0 * kept.premise().nominal {
                    continue;
                }
                let Some((h, period)) = hours.iter().find(|(h, _)| {
                    claimed.meets_within(&kept.premise().scale(*h), input.tolerance)
                }) else {
                    continue;
                };
                let energy = kept.premise().nominal * h;
                let unit = &stated.unit.label;
                let energy_unit = if unit.is_ascii() {
                    format!("{unit}h")
                } else {
                    format!("{unit}时")
                };
                let computed = format!(
                    "{} × {period} = {} {energy_unit}",
                    &text[kept.span.clone()],
                    number(energy / stated.unit.factor)
                );
                findings.push(Finding {
                    verdict: Verdict::Contradicted,
                    check: "restate",
                    span: stated.span.clone(),
                    label_span: stated.span.clone(),
                    label: as_written(computed.clone()),
                    message: msg!(
                        "restate-power-energy",
                        computed = &computed,
                        claim = &text[stated.span.clone()]
                    ),
                    steps: vec![as_written(computed)],
                    related: vec![Related {
                        span: kept.span.clone(),
                        note: msg!("note-power"),
                    }],
                    sources: Vec::new(),
                    help: Some(msg!("restate-help-power-energy")),
                });
            }
        }
    }
}

/// Words between a figure and its restatement that make the first figure
/// one item's share, not the amount restated.
const PER_ITEM: &[&str] = &["each", "per", "apiece", "every", "每", "各", "单", "單"];

/// How many characters of words may stand between the first figure's
/// clause end and the restatement word: "對外頻寬就是".
const SUBJECT_CHARS: usize = 12;

fn check(text: &str, tolerance: f64, first: &Quantity, second: &Quantity) -> Option<Finding> {
    let dimension = first.dimension();
    if dimension.is_dimensionless()
        || second.dimension() != dimension
        || first.unit.label == second.unit.label && first.magnitude == second.magnitude
        || !first.number.is_finite()
        || !second.number.is_finite()
        || first.span.end > second.span.start
    {
        return None;
    }
    // "8 × 400 Gb/s links, i.e. 400 GB/s per node": an operand of a product
    // may stand for the product, which is what is restated.
    let before = text[..first.span.start].trim_end();
    if before.ends_with(['×', '*', '✕', 'x', 'X']) || before.ends_with("times") {
        return None;
    }
    // "38,838 万元（约 38.8 亿元）", "80 GB (74.5 GiB)": a figure alone in
    // brackets right after another restates it; so does "（即 …）".
    let gap = &text[first.span.end..second.span.start];
    let bracketed = gap.trim_start().strip_prefix(['(', '（']);
    if let Some(inside) = bracketed {
        let closes = text[second.span.end..]
            .trim_start()
            .starts_with([')', '）']);
        if !closes {
            return None;
        }
        if !inside.trim().is_empty() {
            Cues::builtin().restatement_ending(inside)?;
            if inside.trim().chars().count() > 4 {
                return None;
            }
        }
        return conversion(text, tolerance, first, second);
    }
    let cue = Cues::builtin().restatement_ending(gap)?;
    let before_cue = &gap[..cue];
    if before_cue.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let lower = before_cue.to_lowercase();
    if PER_ITEM.iter().any(|w| lower.contains(w)) {
        return None;
    }
    // The words after the first figure: none, or its noun phrase ended by
    // punctuation and at most a short subject ("NDR port. That is", " 網卡，
    // 對外頻寬就是").
    let tail_start = before_cue
        .rfind(|c: char| ",.;:，。；：、".contains(c))
        .map_or(0, |i| {
            i + before_cue[i..].chars().next().map_or(1, char::len_utf8)
        });
    let subject = before_cue[tail_start..].trim();
    let noun_phrase = before_cue[..tail_start].trim();
    if subject.chars().count() > SUBJECT_CHARS || noun_phrase.chars().count() > SUBJECT_CHARS * 2 {
        return None;
    }
    if tail_start == 0 && !subject.is_empty() {
        return None;
    }
    // "1,187,000 kWh of IT energy, or about 1.60 GWh at the facility meter
    // given a PUE of 1.35": a factor named after the second figure makes it
    // another quantity, worked out from the first.
    let after = crate::read::segment::first_chars(&text[second.span.end..], 64).to_lowercase();
    let clause_after = after
        .split(|c: char| ".;。；\n".contains(c))
        .next()
        .unwrap_or_default();
    if SCALED_AFTER.iter().any(|w| clause_after.contains(w)) {
        return None;
    }
    // "$4.5 billion, which is $500 million higher than the guidance": a
    // difference, not the figure restated.
    let compared = clause_after.trim_start();
    if COMPARATIVES_AFTER.iter().any(|w| compared.starts_with(w)) {
        return None;
    }
    conversion(text, tolerance, first, second)
}

/// Words right after a figure that make it a difference from something.
const COMPARATIVES_AFTER: [&str; 18] = [
    "higher", "more", "lower", "less", "above", "below", "over", "under", "up", "down", "larger",
    "smaller", "高", "多", "低", "少", "增", "减",
];

/// Words after a restated figure that make it the first scaled by a factor
/// (a PUE, an overhead): "at 100% utilization" keeps the restatement.
const SCALED_AFTER: [&str; 9] = [
    "pue",
    "given",
    "including",
    "after ",
    "at the facility",
    "at the meter",
    "含",
    "计入",
    "計入",
];

/// The finding for a second figure that restates the first in other units.
fn conversion(text: &str, tolerance: f64, first: &Quantity, second: &Quantity) -> Option<Finding> {
    let readings =
        |q: &Quantity, value: fn(&Quantity, bool) -> Interval| -> Vec<(Interval, bool)> {
            let mut out = vec![(value(q, false), false)];
            if q.has_binary_reading() {
                out.push((value(q, true), true));
            }
            out
        };
    // "约 2.0×10^6 秒，即 23.3 天": a first figure the writer hedges is a
    // rounding too, of the value both were worked from; it keeps its last
    // digit's rounding (not the hedge's width).
    let stated = if first.hedge == Some(Hedge::Approx) {
        readings(first, rounded_value)
    } else {
        readings(first, exact_value)
    };
    let restated = readings(second, restated_value);
    let ratio = (second.claimed(false, false).nominal / first.premise().nominal).abs();
    if !(1e-3..=1e3).contains(&ratio) {
        return None;
    }
    let holding = stated
        .iter()
        .flat_map(|a| restated.iter().map(move |b| (a, b)))
        .find(|(a, b)| b.0.meets_within(&a.0, tolerance));
    let shown_first = text[first.span.clone()].trim();
    let shown_second = text[second.span.clone()].trim();
    // In the restatement's own words: "= 3.8838 亿元", not "388,380,000 元".
    let written_unit = shown_second
        .rfind(|c: char| c.is_ascii_digit())
        .map(|i| shown_second[i + 1..].trim())
        .filter(|u| !u.is_empty() && second.magnitude != 1.0);
    let (scale, label) = match written_unit {
        Some(unit) => (second.unit.factor * second.magnitude, unit),
        None => (second.unit.factor, second.unit.label.as_str()),
    };
    let converted = first.premise().nominal / scale;
    let computed = format!("{shown_first} = {} {label}", number(converted));
    let related = vec![Related {
        span: first.span.clone(),
        note: msg!("note-restated"),
    }];
    Some(match holding {
        Some((a, b)) => {
            let how = match (a.1, b.1) {
                (true, _) => Some(msg!("restate-binary", unit = &first.unit.label)),
                (_, true) => Some(msg!("restate-binary", unit = &second.unit.label)),
                _ => None,
            };
            Finding {
                verdict: Verdict::Verified,
                check: "restate",
                span: first.span.start..second.span.end,
                label_span: second.span.clone(),
                label: as_written(computed.clone()),
                message: msg!(
                    "restate-verified",
                    second = shown_second,
                    first = shown_first,
                    reading = how
                ),
                steps: vec![as_written(computed)],
                related,
                sources: Vec::new(),
                help: None,
            }
        }
        None => Finding {
            verdict: Verdict::Contradicted,
            check: "restate",
            span: second.span.clone(),
            label_span: second.span.clone(),
            label: as_written(computed.clone()),
            message: msg!("message-not", computed = &computed, claim = shown_second),
            steps: vec![as_written(computed)],
            related,
            sources: Vec::new(),
            help: Some(help(first, second)),
        },
    })
}

/// The first figure in base units, exactly as written (it is what the
/// writer converted) but for a calendar span's length ("a year" is 8,760
/// to 8,784 hours).
fn exact_value(q: &Quantity, binary: bool) -> Interval {
    q.unit.scale(Interval::exact(q.number.nominal), binary)
}

/// A figure in base units, within the rounding of its last digit and the
/// calendar's range ("$3,854 a year" of 365 or 366 days).
fn rounded_value(q: &Quantity, binary: bool) -> Interval {
    q.unit
        .scale(Interval::around(q.number.nominal, q.digit_half), binary)
}

/// The restatement in base units, with its last digit's rounding and its
/// hedge.
fn restated_value(q: &Quantity, binary: bool) -> Interval {
    let factor = q.unit.factor_for(binary);
    apply_hedge(rounded_value(q, binary), q.hedge, q.step * factor)
}

fn help(first: &Quantity, second: &Quantity) -> Message {
    let ratio = second.claimed(false, false).nominal / first.premise().nominal;
    if (ratio - 8.0).abs() < 0.5 || (ratio - 0.125).abs() < 0.01 {
        msg!("restate-help-bits")
    } else {
        msg!(
            "restate-help-factor",
            first = &first.unit.label,
            second = &second.unit.label,
            factor = number(ratio)
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn restated(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "restate")
            .map(|f| (f.verdict, text[f.label_span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn a_difference_is_no_restatement() {
        let text = "It raised its forecast to $4.5 billion, which is $500 million higher than the guidance in April.";
        assert!(restated(text).is_empty(), "{:?}", restated(text));
    }

    #[test]
    fn a_figure_scaled_by_a_factor_named_after_it_is_no_restatement() {
        let text = "Over the quarter that is 1,187,000 kWh of IT energy, or about 1.60 GWh at the facility meter given the colo's PUE of 1.35.";
        assert!(restated(text).is_empty(), "{:?}", restated(text));
        // Without the factor, the restatement is checked.
        let text = "Over the quarter that is 1,187,000 kWh of IT energy, or about 1.60 GWh.";
        assert_eq!(restated(text).len(), 1, "{:?}", restated(text));
    }

    #[test]
    fn a_power_kept_for_hours_is_an_energy() {
        let text = "The quarter has 2,184 hours.\n\nThe hall drew 1.1 MW on average, which works out to 2,402 MW for the quarter.\n";
        assert_eq!(
            restated(text),
            [(Verdict::Contradicted, "2,402 MW".to_string())]
        );
        assert_eq!(
            restated("机房平均负荷 3 MW，全年耗电 26,280 兆瓦。"),
            [(Verdict::Contradicted, "26,280 兆瓦".to_string())]
        );
        // A second power that is no such product, or too round to tell, is
        // another power.
        assert!(restated("The hall drew 1.1 MW; the campus will draw 2,400 MW.").is_empty());
        assert!(restated("It ran 24 hours at 1 MW; the site has 24 MW.").is_empty());
    }

    #[test]
    fn a_rate_restated_over_another_period() {
        assert_eq!(
            restated("Power runs about $240,000 a year, or roughly $20,000 a month."),
            [(Verdict::Verified, "roughly $20,000".to_string())]
        );
        assert_eq!(
            restated("Power runs about $240,000 a year, or roughly $24,000 a month."),
            [(Verdict::Contradicted, "roughly $24,000".to_string())]
        );
        // Two rates that only stand side by side restate nothing.
        assert!(
            restated("Site A costs $2 million a year and site B $3 million a month.").is_empty()
        );
    }

    #[test]
    fn which_is_about_restates() {
        assert_eq!(
            restated("The checkpoint is 2.2 TB, which is about 2.0 TiB."),
            [(Verdict::Verified, "about 2.0 TiB".to_string())]
        );
        assert_eq!(
            restated("The checkpoint is 2.2 TB, which is about 2.4 TiB."),
            [(Verdict::Contradicted, "about 2.4 TiB".to_string())]
        );
    }

    #[test]
    fn an_energy_where_the_words_name_a_power() {
        let flagged = |text: &str| -> Vec<String> {
            restated(text)
                .into_iter()
                .filter(|(verdict, _)| *verdict == Verdict::Contradicted)
                .map(|(_, span)| span)
                .collect()
        };
        assert_eq!(
            flagged("The new hall will draw 42 MWh at full build-out."),
            ["42 MWh"]
        );
        assert_eq!(
            flagged("The peak demand of 18 MWh sets the substation size."),
            ["18 MWh"]
        );
        assert_eq!(flagged("园区 IT 负载为 36 MWh。"), ["36 MWh"]);
        assert_eq!(
            flagged("The grid promised 20 MWh of firm capacity."),
            ["20 MWh"]
        );
        // Over a period, in a store, or worked out, an energy is right.
        assert!(flagged("The hall will draw 42 MWh a day.").is_empty());
        assert!(flagged("The battery can draw on 42 MWh of storage.").is_empty());
        assert!(flagged("园区全年负载 36 MWh。").is_empty());
        assert!(flagged("It uses 42 MWh of energy.").is_empty());
    }

    #[test]
    fn a_bound_on_a_power_is_no_power_kept_for_hours() {
        let text = "Over a year each node draws up to 10.2 kW, so 64 nodes draw 652.8 kW.";
        assert!(restated(text).is_empty());
        let stated = "Over a year each node draws 10.2 kW, which works out to 89,352 kW.";
        assert_eq!(
            restated(stated),
            [(Verdict::Contradicted, "89,352 kW".to_string())]
        );
    }

    #[test]
    fn a_hedged_first_figure_keeps_its_rounding() {
        // 3.0×10^6 s is 34.7 days; "约 3.0" covers 34.1 to 35.3.
        assert_eq!(
            restated("耗时约 3.0×10^6 秒，即 35.2 天。"),
            [(Verdict::Verified, "35.2 天".to_string())]
        );
        assert_eq!(
            restated("耗时约 3.0×10^6 秒，即 36.0 天。"),
            [(Verdict::Contradicted, "36.0 天".to_string())]
        );
        // Unhedged, the first figure is what the writer converted.
        assert_eq!(
            restated("耗时 3.0×10^6 秒，即 35.2 天。"),
            [(Verdict::Contradicted, "35.2 天".to_string())]
        );
    }

    #[test]
    fn a_conversion_across_sentences() {
        assert_eq!(
            restated("Each node gets a 200 Gb/s port. That is 25 GB/s."),
            vec![(Verdict::Verified, "25 GB/s".to_string())]
        );
        assert_eq!(
            restated("Each node gets a 200 Gb/s port. That is 200 GB/s."),
            vec![(Verdict::Contradicted, "200 GB/s".to_string())]
        );
    }

    #[test]
    fn binary_readings_and_chinese_cues() {
        assert_eq!(
            restated("单卡 96 GB，即约 89.4 GiB。"),
            vec![(Verdict::Verified, "约 89.4 GiB".to_string())]
        );
        assert_eq!(
            restated("这次检查点共 3 天，相当于 96 小时。"),
            vec![(Verdict::Contradicted, "96 小时".to_string())]
        );
    }

    #[test]
    fn a_figure_alone_in_brackets_restates_the_one_before() {
        assert_eq!(
            restated("预算 42,600 万元（约 42.6 亿元）。")[0].0,
            Verdict::Contradicted
        );
        assert_eq!(
            restated("预算 42,600 万元（约 4.26 亿元）。")[0].0,
            Verdict::Verified
        );
        // Words of another thing inside the brackets, or the brackets going on.
        assert!(restated("2 PB 可用容量（裸容量约 2.4 PB）。").is_empty());
        assert!(restated("It draws 300 MW (250 MW of it IT load).").is_empty());
        assert!(restated("8 × 400 Gb/s links, i.e. 400 GB/s per node.").is_empty());
    }

    #[test]
    fn per_item_figures_and_same_units_are_not_restatements() {
        assert!(restated("Each GPU has 80 GB, that is 640 GB.").is_empty());
        assert!(restated("The cards have 80 GB each, that is 0.64 TB.").is_empty());
        assert!(restated("It drew 8 MW at launch, and 150 MW is the target.").is_empty());
    }

    #[test]
    fn a_year_is_365_or_366_days() {
        assert_eq!(
            restated("Running flat out for a year, that is 8,760 hours."),
            [(Verdict::Verified, "8,760 hours".to_string())]
        );
        assert_eq!(
            restated("Running flat out for a year, that is 8,000 hours."),
            [(Verdict::Contradicted, "8,000 hours".to_string())]
        );
    }
}
