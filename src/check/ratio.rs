//! `ratio`: a stated multiple or percentage difference between two things
//! that their figures do not give.
//!
//! Catches "its 5.3 TB/s is roughly 1.6× the H200's" (5.3 ÷ 4.8 is 1.1),
//! "2.4× an H100's capacity", "76% more capacity than the H100", "an 18×
//! gap" and "20 倍": a multiple (`×`, `x`, `倍`, `times`) or a percentage
//! more (`% more … than`) set against something. The two sides come from the
//! sentence: a figure stated before the multiple, or the entity the sentence
//! is about, against the entity the multiple is taken of ("the H200's",
//! "than the H100"), read from the knowledge base; or two figures of one
//! kind in the sentence ("50 GB/s, against 900 GB/s, an 18× gap"). The
//! attribute is the stated figure's, or the one a cue names ("capacity",
//! "bandwidth"); every variant and attribute the words allow is a reading.
//!
//! Why it matters: comparisons are how readers remember hardware, and a
//! wrong multiple survives every later retelling.
//!
//! Example:
//!
//! ```text
//! The MI300X has 2.4× an H100's capacity        verified: 192 GB ÷ 80 GB
//! its 5.3 TB/s is roughly 1.6× the H200's       contradicted: 5.3 ÷ 4.8 = 1.1
//! ```

use std::ops::Range;

use crate::check::finding::{Finding, Related, SourceRef, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::kb::{Entity, FactValue, Kb, Mention};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::lexicon::Op;
use crate::number::quantity::{Quantity, Token, apply_hedge};
use crate::read::segment::Sentence;
use crate::units::{Base, Dimension};

pub struct Ratio;

impl Check for Ratio {
    fn code(&self) -> &'static str {
        "ratio"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("ratio.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        for sentence in input.sentences {
            for (i, token) in sentence.tokens.iter().enumerate() {
                let Token::Quantity(q) = token else {
                    continue;
                };
                if let Some(multiple) = multiple(input, sentence, i, q)
                    && let Some(f) = check(input, sentence, &multiple)
                {
                    findings.push(f);
                }
            }
        }
    }
}

/// A stated multiple: "1.6×", "20 倍", "76% more … than".
struct Multiple {
    /// Where the claim ends: the multiple and its marker.
    span: Range<usize>,
    /// The claimed ratio, hedge applied.
    value: Interval,
}

/// The largest multiple read as a comparison.
const MOST_TIMES: f64 = 1000.0;

fn multiple(input: &Input, sentence: &Sentence, index: usize, q: &Quantity) -> Option<Multiple> {
    let text = input.doc.text.as_str();
    if !q.dimension().is_dimensionless() || !q.number.is_finite() {
        return None;
    }
    // "Viewed 48k times": past a thousand, "times" counts events; no
    // comparison in this genre runs to thousands.
    if q.number.nominal * q.magnitude.max(1.0) > MOST_TIMES {
        return None;
    }
    let after = &text[q.span.end..sentence.span.end];
    let trimmed = after.trim_start();
    let gap = after.len() - trimmed.len();
    // A multiple is as precise as it is written: "1.6×" is 1.55–1.65.
    let stated =
        |v: Interval| apply_hedge(Interval::around(v.nominal, q.digit_half), q.hedge, q.step);
    // "8× H100 SXM", "4x MI300X": a whole number glued to a product name
    // counts the product; it compares nothing.
    let counts_a_product = |marker_end: usize| {
        let rest = &text[marker_end..sentence.span.end];
        let name = rest.strip_prefix(' ').unwrap_or(rest);
        q.number.nominal.fract() == 0.0
            && name.len() + 1 >= rest.len()
            && name.starts_with(|c: char| c.is_ascii_uppercase())
    };
    // "只有 H100 的 1/3 左右": a fraction of what the word before names.
    // Written so, a fraction is rough: 1/3 stands for anything nearer a
    // third than a half or a quarter.
    if let Some(fraction) = fraction_of(text, sentence, index, q) {
        return Some(fraction);
    }
    // "1× preference", "1x (baseline)": once as much compares nothing; it
    // names a term or a baseline. ("提升 1 倍" is twice, and stays.)
    let once = q.number.nominal == 1.0 && ["×", "x", "X"].contains(&q.unit.label.as_str());
    if once {
        return None;
    }
    // "1.6×", "20 倍" read with the multiple as their unit.
    if ["×", "x", "倍", "times"].contains(&q.unit.label.as_str()) {
        if counts_a_product(q.span.end) {
            return None;
        }
        let operand = sentence.tokens[index + 1..]
            .first()
            .is_some_and(|t| matches!(t, Token::Quantity(_)));
        return (!operand).then(|| Multiple {
            span: q.span.clone(),
            value: stated(q.number),
        });
    }
    // "1.6 ×", "ten times": a multiple unless an operand follows.
    let marker = ["×", "倍", "times", "x "]
        .into_iter()
        .find(|m| trimmed.starts_with(m) && (gap == 0 || *m != "x "));
    if let Some(m) = marker {
        let operand = sentence.tokens[index + 1..].iter().take(2).any(|t| {
            matches!(t, Token::Quantity(_)) && t.span().start <= q.span.end + gap + m.len() + 2
        });
        let is_op = sentence.tokens[index + 1..]
            .first()
            .is_some_and(|t| matches!(t, Token::Op(Op::Multiply, _)));
        if operand || (m == "x " && !is_op) || counts_a_product(q.span.end + gap + m.len()) {
            return None;
        }
        let value = stated(q.number);
        return Some(Multiple {
            span: q.span.start..q.span.end + gap + m.len(),
            value,
        });
    }
    // "76% more capacity than the H100": 1.76 times.
    let more = trimmed
        .get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("more"));
    let than = || {
        let end = (0..=80.min(after.len()))
            .rev()
            .find(|&i| after.is_char_boundary(i))
            .unwrap_or(0);
        after[..end].contains("than")
    };
    if q.unit.label == "%" && more && than() {
        let share = stated(q.number).scale(0.01);
        return Some(Multiple {
            span: q.span.start..q.span.end + gap + 4,
            value: Interval::between(1.0 + share.lo, 1.0 + share.hi),
        });
    }
    None
}

/// "的 1/3", "of 1/4": a small whole number over another, glued by "/",
/// right after "的" or "of" (the thing it is a fraction of). Its value
/// runs between the neighbouring fractions' midpoints (1/3.5 to 1/2.5),
/// wider with a hedge ("左右", "约").
fn fraction_of(text: &str, sentence: &Sentence, index: usize, q: &Quantity) -> Option<Multiple> {
    let whole = |x: &Quantity| {
        x.unit.is_one() && x.number.nominal.fract() == 0.0 && x.number.nominal >= 1.0
    };
    if !whole(q) || q.number.nominal > 9.0 {
        return None;
    }
    let before = text[sentence.span.start..q.span.start].trim_end();
    if !(before.ends_with('的') || before.ends_with(" of")) {
        return None;
    }
    let [Token::Op(Op::Divide, slash), Token::Quantity(d), ..] = &sentence.tokens[index + 1..]
    else {
        return None;
    };
    let glued =
        slash.start == q.span.end && d.span.start == slash.end && &text[slash.clone()] == "/";
    if !glued || !whole(d) || d.number.nominal <= q.number.nominal || d.number.nominal > 100.0 {
        return None;
    }
    let (n, k) = (q.number.nominal, d.number.nominal);
    let mut value = Interval::between(n / (k + 0.5), n / (k - 0.5));
    value.nominal = n / k;
    if q.hedge.is_some() || d.hedge.is_some() {
        value = value.widen_relative(0.1);
    }
    Some(Multiple {
        span: q.span.start..d.span.end,
        value,
    })
}

/// One side of a ratio: a stated figure or a knowledge-base fact.
#[derive(Clone)]
struct Side {
    value: Interval,
    shown: String,
    span: Option<Range<usize>>,
    source: Option<SourceRef>,
}

fn check(input: &Input, sentence: &Sentence, m: &Multiple) -> Option<Finding> {
    let text = input.doc.text.as_str();
    // "是 1.7 倍，不是 3 倍": a multiple the text denies is no claim.
    let before: String = text[sentence.span.start..m.span.start]
        .chars()
        .rev()
        .take(6)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    if [
        "不是",
        "并非",
        "並非",
        "而非",
        "not ",
        "n't ",
        "rather than",
    ]
    .iter()
    .any(|w| before.contains(w))
    {
        return None;
    }
    let kb = input.kb;
    let local = &text[sentence.span.clone()];
    let shift = sentence.span.start;
    let mentions: Vec<Mention> = crate::claim::names::mentions(kb, local)
        .into_iter()
        .map(|mm| Mention {
            span: mm.span.start + shift..mm.span.end + shift,
            entities: input.variants(&mm.entities),
        })
        .collect();
    // "比 8 × 350 W 的卡功耗高出一倍": an operand of a product stands for the
    // product, which is what is compared; it is no side by itself.
    let tokens = &sentence.tokens;
    let multiplied = |k: usize| {
        let op = |t: Option<&Token>| matches!(t, Some(Token::Op(Op::Multiply, _)));
        op(k.checked_sub(1).and_then(|j| tokens.get(j))) || op(tokens.get(k + 1))
    };
    let figures: Vec<&Quantity> = tokens
        .iter()
        .enumerate()
        .filter_map(|(k, t)| match t {
            Token::Quantity(f)
                if f.span.end <= m.span.start
                    && !f.dimension().is_dimensionless()
                    && !multiplied(k) =>
            {
                Some(&**f)
            }
            _ => None,
        })
        .collect();
    // A figure after the multiple may be what it is taken of: "$612, 32×
    // our EPS of $19.13", "1.68× the A100's 2.0 TB/s".
    let base_after = sentence.tokens.iter().find_map(|t| match t {
        Token::Quantity(f) if f.span.start >= m.span.end && !f.dimension().is_dimensionless() => {
            Some(f)
        }
        _ => None,
    });
    // The thing the multiple is taken of: the name right after it, else the
    // last one compared earlier in the sentence ("than the H100 and about
    // 1.4× the bandwidth").
    let possessive = |mm: &&Mention| {
        mm.span.end <= m.span.start
            && matches!(
                text[mm.span.end..m.span.start].trim(),
                "的" | "'s" | "’s" | "的约" | "的約"
            )
    };
    let object = mentions
        .iter()
        .find(|mm| mm.span.start >= m.span.end && mm.span.start - m.span.end <= 8)
        // "H100 SXM 的 3.2 倍".
        .or_else(|| mentions.iter().find(possessive))
        .or_else(|| {
            // "76% more capacity than the H100".
            mentions
                .iter()
                .find(|mm| mm.span.start >= m.span.end && compared_before(text, mm))
        })
        .or_else(|| {
            mentions
                .iter()
                .rev()
                .find(|mm| mm.span.end <= m.span.start && compared_before(text, mm))
        });
    // "50 GB/s, against 900 GB/s, an 18× gap": the two figures of one kind
    // before it, larger over smaller.
    let side = |f: &Quantity| Side {
        value: f.premise(),
        shown: text[f.span.clone()].to_string(),
        span: Some(f.span.clone()),
        source: None,
    };
    // "two cards have 24 GB each, 48 GB total": figures a count of the
    // sentence relates are a whole and its part, which no multiple compares.
    let counts: Vec<f64> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(c)
                if c.number.nominal >= 2.0
                    && (c.dimension() == Dimension::NONE && c.unit.is_one() && !c.is_share
                        || [Base::Accelerator, Base::Node]
                            .into_iter()
                            .any(|b| c.dimension() == Dimension::of(b))) =>
            {
                Some(c.number.nominal)
            }
            _ => None,
        })
        .collect();
    let whole_and_part = |a: &Quantity, b: &Quantity| {
        let (a, b) = (a.premise().nominal, b.premise().nominal);
        let ratio = a.max(b) / a.min(b);
        counts.iter().any(|n| (ratio / n - 1.0).abs() < 1e-6)
    };
    // "800 Gb/s＝100 GB/s，是 NDR 的 2 倍": two figures of one value are one
    // quantity restated in another unit, never the two sides of a multiple.
    let one_quantity = |a: &Quantity, b: &Quantity| {
        let (a, b) = (a.premise().nominal, b.premise().nominal);
        (a - b).abs() <= 0.01 * a.abs().max(b.abs())
    };
    let (cue_attributes, cued_in_clause) =
        attributes_cued(&text[sentence.span.clone()], shift, &m.span);
    // "… (989 vs 312 TFLOPS) for 1.75× the board power (700 W vs 400 W)": a
    // multiple whose clause names its attribute compares figures of it.
    let fits_cue = |d: Dimension| {
        !cued_in_clause
            || cue_attributes.is_empty()
            || attributes_of_dimension(d)
                .iter()
                .any(|a| cue_attributes.contains(a))
    };
    let pair = match figures.as_slice().get(figures.len().saturating_sub(2)..) {
        Some([a, b])
            if a.dimension() == b.dimension()
                && a.dimension() != Dimension::NONE
                && fits_cue(a.dimension())
                && !whole_and_part(a, b)
                && !one_quantity(a, b)
                && !other_precisions(text, a, b) =>
        {
            Some(if a.premise().nominal >= b.premise().nominal {
                (side(a), side(b))
            } else {
                (side(b), side(a))
            })
        }
        _ => None,
    };
    let after_pairs: Vec<(Side, Side)> = base_after
        .into_iter()
        .flat_map(|d| figures.iter().rev().map(move |n| (n, d)))
        .filter(|(n, d)| {
            n.dimension() == d.dimension() && fits_cue(d.dimension()) && !one_quantity(n, d)
        })
        .map(|(n, d)| (side(n), side(d)))
        .collect();
    let (numerators, denominators, attributes): (Vec<Side>, Vec<Side>, Vec<String>) = match object {
        Some(object) => {
            // The stated figure nearest before, else the entity the sentence
            // is about.
            // "141 GB at 4.8 TB/s, which is 76% more memory": a multiple whose
            // clause names its attribute compares the figure of that
            // attribute, stated after the subject's name ("T7 … 3.2 倍" is
            // not the H20's own figure before it).
            let of_cued = |f: &&&Quantity| {
                attributes_of_dimension(f.dimension())
                    .iter()
                    .any(|a| cue_attributes.contains(a))
            };
            let last = figures.last();
            let stated = if cued_in_clause && last.is_some_and(|f| !of_cued(&f)) {
                let subject_end = mentions
                    .iter()
                    .filter(|mm| mm.span.end <= m.span.start && mm.entities != object.entities)
                    .map(|mm| mm.span.end)
                    .max()
                    .unwrap_or(0);
                figures
                    .iter()
                    .rev()
                    .take_while(|f| f.span.start >= subject_end)
                    .find(of_cued)
            } else {
                last
            }
            .filter(|f| f.span.start > object_subject_start(&mentions, object));
            if stated.is_some_and(|f| speaks_of_another(text, sentence, m, f.dimension())) {
                return None;
            }
            let attributes: Vec<String> = match stated {
                Some(f) => attributes_of_dimension(f.dimension()),
                None => cue_attributes.clone(),
            };
            if attributes.is_empty() {
                return None;
            }
            let numerators = match stated {
                Some(f) => vec![Side {
                    value: f.premise(),
                    shown: text[f.span.clone()].to_string(),
                    span: Some(f.span.clone()),
                    source: None,
                }],
                None => {
                    let subject = mentions.iter().find(|mm| {
                        mm.span.end <= m.span.start
                            && !compared_before(text, mm)
                            && mm.span != object.span
                    })?;
                    facts(kb, subject, &attributes)
                }
            };
            // "35% more than the RTX 3090's 936 GB/s": with no fact of the
            // thing's, its figure stated right after its name is the base.
            let mut denominators = facts(kb, object, &attributes);
            if denominators.is_empty()
                && let Some(d) = base_after.filter(|d| {
                    d.span.start >= object.span.end
                        && matches!(
                            text[object.span.end..d.span.start].trim(),
                            "的" | "'s" | "’s"
                        )
                        && attributes_of_dimension(d.dimension())
                            .iter()
                            .any(|a| attributes.contains(a))
                })
            {
                denominators.push(side(d));
            }
            (numerators, denominators, attributes)
        }
        None => {
            let (big, small) = pair.clone().or_else(|| after_pairs.first().cloned())?;
            let dimension = figures.last().map(|f| f.dimension())?;
            if speaks_of_another(text, sentence, m, dimension) {
                return None;
            }
            (vec![big], vec![small], Vec::new())
        }
    };
    // "about 1.9× a 3090's 936 GB/s": a name the knowledge base does not
    // know gives no figure, but the figures stated beside it still read.
    let unknown_object = object.is_some_and(|o| o.entities.is_empty());
    if (numerators.is_empty() || denominators.is_empty()) && !unknown_object {
        return None;
    }
    // The two figures stated before it are a reading too: "… than the A100,
    // as their bandwidths are (3.35 vs 2.0 TB/s, 1.68×)"; so are the
    // figures before over the first of their kind after it.
    // "从每柜 10kW 提升到 40kW，GB200 达到 130kW，Rubin 接近 800kW，增长了 80
    // 倍": with three figures of a kind or more before a multiple and no
    // name to take it of, the base may be any of them; each pair with the
    // last is a reading, and none of them can contradict.
    let of_kind: Vec<&&Quantity> = match figures.last() {
        Some(last) if object.is_none() => figures
            .iter()
            .filter(|f| f.dimension() == last.dimension())
            .collect(),
        _ => Vec::new(),
    };
    let crowded = of_kind.len() > 2;
    let (crowd_n, crowd_d): (Vec<Side>, Vec<Side>) = if crowded {
        let last = of_kind[of_kind.len() - 1];
        of_kind[..of_kind.len() - 1]
            .iter()
            .map(|f| {
                if f.premise().nominal >= last.premise().nominal {
                    (side(f), side(last))
                } else {
                    (side(last), side(f))
                }
            })
            .unzip()
    } else {
        (Vec::new(), Vec::new())
    };
    let (pair_n, pair_d): (Vec<Side>, Vec<Side>) = pair.into_iter().unzip();
    let (after_n, after_d): (Vec<Side>, Vec<Side>) = after_pairs.into_iter().unzip();
    let mut tried = Vec::new();
    let readings = numerators
        .iter()
        .flat_map(|n| denominators.iter().map(move |d| (n, d)))
        .chain(pair_n.iter().zip(&pair_d))
        .chain(after_n.iter().zip(&after_d))
        .chain(crowd_n.iter().zip(&crowd_d));
    for (n, d) in readings {
        let Some(ratio) = n.value.checked_div(d.value) else {
            continue;
        };
        if !ratio.is_finite() {
            continue;
        }
        if m.value.meets_within(&ratio, input.tolerance) {
            return Some(finding(
                text,
                m,
                n,
                d,
                ratio,
                Verdict::Verified,
                &attributes,
            ));
        }
        tried.push((n, d, ratio));
    }
    // With no name to take the multiple of, the two figures before it are
    // one reading among others when a figure of their kind follows it;
    // one figure before and one after ("350 W … 26% higher than the other
    // card's 300 W") are the only reading.
    let compared_with_after = base_after.is_some_and(|d| {
        let gap = &text[m.span.end..d.span.start.max(m.span.end)];
        gap.contains(" than ") || gap.contains(['比', '较', '較'])
    });
    let sole_reading = pair_n.is_empty() && after_n.len() == 1 && compared_with_after;
    if object.is_none() && (!after_d.is_empty() && !sole_reading || crowded) || unknown_object {
        return None;
    }
    let (n, d, ratio) = tried.first()?;
    Some(finding(
        text,
        m,
        n,
        d,
        *ratio,
        Verdict::Contradicted,
        &attributes,
    ))
}

/// Where the subject of a comparison may start: figures before the first
/// name of the sentence belong to something else.
fn object_subject_start(mentions: &[Mention], object: &Mention) -> usize {
    mentions
        .iter()
        .filter(|mm| mm.span.end <= object.span.start)
        .map(|mm| mm.span.start)
        .next()
        .unwrap_or(0)
}

/// Whether a name is the object of a comparison: "than the H100", "× an
/// H100's".
fn compared_before(text: &str, m: &Mention) -> bool {
    let before: String = text[..m.span.start]
        .chars()
        .rev()
        .take(10)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let before = before.to_lowercase();
    ["than", "×", "倍", "比", "vs"]
        .iter()
        .any(|w| before.contains(w))
        || closes_a_comparison(&text[m.span.end..])
}

/// Whether the words right after a name close a comparison with it: "与
/// H100 相比", "跟 A100 比較".
pub fn closes_a_comparison(after: &str) -> bool {
    let after = after.trim_start();
    ["相比", "相較", "相较", "比较", "比較", "比起来", "比起來"]
        .iter()
        .any(|w| after.starts_with(w))
}

/// The attributes a figure of this dimension can state.
pub(crate) fn attributes_of_dimension(d: Dimension) -> Vec<String> {
    use crate::units::Base;
    let byte = Dimension::of(Base::Byte);
    let names: &[&str] = if d == byte {
        &["memory_capacity"]
    } else if d == byte / Dimension::of(Base::Second) {
        &["memory_bandwidth", "interconnect_bandwidth"]
    } else if d == Dimension::of(Base::Watt) {
        &["tdp"]
    } else if d == Dimension::of(Base::Flop) / Dimension::of(Base::Second) {
        &["throughput"]
    } else {
        &[]
    };
    names.iter().map(|s| s.to_string()).collect()
}

/// Whether two figures are stated at other precisions ("~60 TFLOPS FP32 and
/// 30 TFLOPS FP64"): two columns of one card, never the sides of a multiple
/// between two cards.
fn other_precisions(text: &str, a: &Quantity, b: &Quantity) -> bool {
    let precision = |q: &Quantity| {
        let after = crate::read::segment::first_chars(&text[q.span.end..], 10);
        Cues::builtin()
            .find(after)
            .into_iter()
            .find_map(|f| match f.cue {
                Cue::Qualifier(key, value) if key == "precision" => Some(value),
                _ => None,
            })
    };
    matches!((precision(a), precision(b)), (Some(x), Some(y)) if x != y)
}

/// Whether the multiple's own clause names an attribute that figures of
/// this dimension are not: "989 TFLOPS against 312 TFLOPS, while it costs
/// only 1.93× as much per hour" compares prices, not the throughputs.
fn speaks_of_another(text: &str, sentence: &Sentence, m: &Multiple, dimension: Dimension) -> bool {
    let boundary = |c: char| ",，;；、".contains(c);
    let start = text[sentence.span.start..m.span.start]
        .rfind(boundary)
        .map_or(sentence.span.start, |i| sentence.span.start + i);
    let end = text[m.span.end..sentence.span.end]
        .find(boundary)
        .map_or(sentence.span.end, |i| m.span.end + i);
    let own = attributes_of_dimension(dimension);
    let named: Vec<String> = Cues::builtin()
        .find(&text[start..end])
        .into_iter()
        .filter_map(|f| match f.cue {
            Cue::Attribute(a) => Some(a),
            _ => None,
        })
        .collect();
    !own.is_empty() && !named.is_empty() && named.iter().all(|a| !own.contains(a))
}

/// The attributes named by the cue word nearest the multiple, in its own
/// clause when the clause names any: in "价格约为 A100 的 2.16 倍，而 BF16
/// 稠密算力约为 A100 的 3.17 倍" the first multiple is of prices, which no
/// spec gives, and the throughput is the second's. Says too whether the
/// multiple's own clause named them.
fn attributes_cued(text: &str, shift: usize, multiple: &Range<usize>) -> (Vec<String>, bool) {
    const COMPARED: [&str; 4] = ["memory_capacity", "memory_bandwidth", "tdp", "throughput"];
    let distance = |span: &Range<usize>| {
        let (start, end) = (span.start + shift, span.end + shift);
        if end <= multiple.start {
            multiple.start - end
        } else {
            start.saturating_sub(multiple.end)
        }
    };
    let boundary = |c: char| ",，;；".contains(c);
    let local = multiple.start - shift..multiple.end - shift;
    let clause_start = text[..local.start].rfind(boundary).map_or(0, |i| i + 1);
    let clause_end = text[local.end..]
        .find(boundary)
        .map_or(text.len(), |i| local.end + i);
    let cued: Vec<(usize, String, bool)> = Cues::builtin()
        .find(text)
        .into_iter()
        .filter_map(|f| match f.cue {
            Cue::Attribute(a) => {
                let inside = clause_start <= f.span.start && f.span.end <= clause_end;
                Some((distance(&f.span), a, inside))
            }
            _ => None,
        })
        .collect();
    let in_clause = cued.iter().any(|(_, _, inside)| *inside);
    let mut cues: Vec<(usize, String)> = cued
        .into_iter()
        .filter(|(_, _, inside)| *inside || !in_clause)
        .map(|(d, a, _)| (d, a))
        .filter(|(_, a)| in_clause || COMPARED.contains(&a.as_str()))
        .collect();
    cues.sort();
    // "1.75× the board power", "76% more memory": an attribute named right
    // after the multiple is its own, before any unit nearer behind it.
    let right_after: Vec<(usize, String)> = Cues::builtin()
        .find(text)
        .into_iter()
        .filter_map(|f| match f.cue {
            Cue::Attribute(a)
                if f.span.start >= local.end
                    && f.span.start - local.end <= 16
                    && !text[local.end..f.span.start].contains(boundary) =>
            {
                Some((f.span.start - local.end, a))
            }
            _ => None,
        })
        .filter(|(_, a)| COMPARED.contains(&a.as_str()))
        .collect();
    if let Some((d, _)) = right_after.iter().min() {
        let nearest = *d;
        let attributes = right_after
            .into_iter()
            .filter(|(d, _)| *d == nearest)
            .map(|(_, a)| a)
            .collect();
        return (attributes, true);
    }
    let nearest = cues.first().map(|(d, _)| *d);
    let attributes = cues
        .into_iter()
        .filter(|(d, a)| Some(*d) == nearest && COMPARED.contains(&a.as_str()))
        .map(|(_, a)| a)
        .collect();
    (attributes, in_clause)
}

/// Every value the knowledge base gives for the named entity's attributes:
/// each variant, each attribute; throughput as BF16 dense.
fn facts(kb: &Kb, mention: &Mention, attributes: &[String]) -> Vec<Side> {
    let mut out = Vec::new();
    for &i in &mention.entities {
        let e: &Entity = kb.entity(i);
        for attribute in attributes {
            let fact = e.facts_of(attribute).find(|f| {
                attribute != "throughput"
                    || f.qualifiers().get("precision").map(String::as_str) == Some("bf16")
                        && f.qualifiers().get("sparsity").map(String::as_str) == Some("dense")
            });
            let Some(fact) = fact else {
                continue;
            };
            let FactValue::Measure(measure) = &fact.value().value else {
                continue;
            };
            out.push(Side {
                value: measure.interval,
                shown: format!("{} {}", e.name, measure.shown()),
                span: None,
                source: kb.source(&fact.value().source).map(|s| SourceRef {
                    id: s.id.clone(),
                    title: s.title.clone(),
                    url: s.url.clone(),
                }),
            });
        }
    }
    out
}

fn finding(
    text: &str,
    m: &Multiple,
    n: &Side,
    d: &Side,
    ratio: Interval,
    verdict: Verdict,
    attributes: &[String],
) -> Finding {
    let claim = &text[m.span.clone()];
    let computed = format!("{} ÷ {} = {}", n.shown, d.shown, number(ratio.nominal));
    let message = match verdict {
        Verdict::Verified => msg!("message-matches", claim = claim, computed = &computed),
        _ => msg!("message-not", computed = &computed, claim = claim),
    };
    let mut related: Vec<Related> = Vec::new();
    for side in [n, d] {
        if let Some(span) = &side.span {
            related.push(Related {
                span: span.clone(),
                note: msg!("note-compared"),
            });
        }
    }
    let mut sources: Vec<SourceRef> = Vec::new();
    for side in [n, d] {
        if let Some(s) = &side.source
            && !sources.contains(s)
        {
            sources.push(s.clone());
        }
    }
    Finding {
        verdict,
        check: "ratio",
        span: m.span.clone(),
        label_span: m.span.clone(),
        label: as_written(computed.clone()),
        message,
        steps: std::iter::once(as_written(computed))
            .chain(
                attributes
                    .first()
                    .map(|a| msg!("ratio-step-compared", attribute = a.replace('_', " "))),
            )
            .collect(),
        related,
        sources,
        help: (verdict != Verdict::Verified)
            .then(|| msg!("ratio-help", ratio = number(ratio.nominal))),
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn ratios(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "ratio")
            .map(|f| (f.verdict, text[f.span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn multiples_of_named_hardware() {
        let found = ratios(
            "The H200 has 76% more capacity than the H100 and about 1.4× the bandwidth. \
             The MI300X goes further, with 2.4× an H100's capacity, and its 5.3 TB/s is roughly 1.6× the H200's.",
        );
        assert_eq!(
            found,
            vec![
                (Verdict::Verified, "76% more".to_string()),
                (Verdict::Verified, "about 1.4×".to_string()),
                (Verdict::Verified, "2.4×".to_string()),
                (Verdict::Contradicted, "roughly 1.6×".to_string()),
            ]
        );
    }

    #[test]
    fn a_gap_between_two_figures() {
        assert_eq!(
            ratios("That is 50 GB/s, against 900 GB/s over NVLink, an 18× gap."),
            vec![(Verdict::Verified, "18×".to_string())]
        );
        assert_eq!(
            ratios("That is 50 GB/s, against 900 GB/s over NVLink, a 12× gap."),
            vec![(Verdict::Contradicted, "12×".to_string())]
        );
    }

    #[test]
    fn one_quantity_in_two_units_is_no_pair_of_sides() {
        // 800 Gb/s and 100 GB/s are one rate; the 2× is against another link.
        assert!(
            ratios("The next link runs at 800 Gb/s = 100 GB/s, twice the older one's, 2×.")
                .is_empty()
        );
    }

    #[test]
    fn a_multiple_of_a_parts_value_is_no_spec_ratio() {
        // The memory named is what is priced: 价值量 is money, not capacity.
        assert!(ratios("我们测算单颗 B200 的 HBM 价值量约为 H100 的 2.5 倍以上。").is_empty());
        // Among three figures of a kind, the base of a multiple may be any.
        for multiple in ["80", "30"] {
            let text = format!(
                "功率密度从每柜 10kW 提升到 40kW，GB200 达到 130kW，下一代接近 800kW，增长了 {multiple} 倍。"
            );
            assert!(
                ratios(&text)
                    .iter()
                    .all(|(v, _)| *v != Verdict::Contradicted),
                "{:?}",
                ratios(&text)
            );
        }
        // Two precisions of one card are no sides of a multiple.
        assert!(ratios("By contrast, the H100 80 GB SXM can do ~60 TFLOPS FP32 and 30 TFLOPS FP64 – roughly 3× more on each metric.").is_empty());
        // With no fact of the compared thing's, its own figure is the base.
        assert_eq!(
            ratios(
                "The RTX 4090 has 1008 GB/s of memory bandwidth, roughly 35% more than the RTX 3090's 936 GB/s."
            ),
            [(Verdict::Contradicted, "roughly 35% more".to_string())]
        );
        assert_eq!(
            ratios(
                "The RTX 4090 has 1008 GB/s of memory bandwidth, roughly 8% more than the RTX 3090's 936 GB/s."
            ),
            [(Verdict::Verified, "roughly 8% more".to_string())]
        );
        // "3% more expensive": a multiple of prices, which no spec gives.
        assert!(ratios("Over three years MI300X ends up 3% more expensive than H100 at ownership, power included.").is_empty());
        // An attribute past the clause's end is the next clause's.
        assert!(
            ratios("我们测算单颗 B200 的 HBM 价值量约为 H100 的 2.5 倍以上，利好上游存储。")
                .is_empty()
        );
        assert_eq!(
            ratios("单颗 B200 的 HBM 容量约为 H100 的 2.4 倍。"),
            vec![(Verdict::Verified, "2.4 倍".to_string())]
        );
    }

    #[test]
    fn the_two_figures_before_a_multiple_are_a_reading() {
        let text = "The H100 is 1.6× faster than the A100, in line with their memory bandwidths (3.35 vs 2.0 TB/s, 1.68×).";
        let found = ratios(text);
        assert!(
            found
                .iter()
                .any(|(v, s)| *v == Verdict::Verified && s == "1.68×"),
            "{found:?}"
        );
        assert!(
            found.iter().all(|(v, _)| *v != Verdict::Contradicted),
            "{found:?}"
        );
    }

    #[test]
    fn a_product_is_no_multiple() {
        assert!(ratios("8 × 80 GB = 640 GB on the H100.").is_empty());
    }

    #[test]
    fn a_count_glued_to_a_product_is_no_multiple() {
        assert!(ratios("The pool is 32 nodes with 8× H100 SXM each, 20.48 TB of HBM.").is_empty());
        assert!(ratios("The H100 box holds 4x A100 boards and 320 GB of HBM.").is_empty());
    }

    #[test]
    fn a_multiple_may_be_taken_of_a_figure_after_it() {
        assert_eq!(
            ratios("The target is $540, 30× the projected earnings of $18.00."),
            vec![(Verdict::Verified, "30×".to_string())]
        );
        // The two figures before it are then one reading of several: when
        // neither gives the multiple, nothing is certain enough to flag.
        assert_eq!(
            ratios("The target is $612, up from $575, 32× our earnings of $19.13."),
            vec![(Verdict::Verified, "32×".to_string())]
        );
        assert!(ratios("The target is $612, up from $575, 25× our earnings of $19.13.").is_empty());
    }

    #[test]
    fn a_fraction_of_what_the_word_before_names() {
        let wrong = ratios("H20 的 BF16 稠密算力为 148 TFLOPS，只有 H100 的 1/3 左右。");
        assert!(
            wrong.iter().any(|(v, _)| *v == Verdict::Contradicted),
            "{wrong:?}"
        );
        let right = ratios("A100 的 BF16 稠密算力为 312 TFLOPS，约为 H100 的 1/3。");
        assert!(
            right.iter().all(|(v, _)| *v == Verdict::Verified) && !right.is_empty(),
            "{right:?}"
        );
        // A date or a score is no fraction of anything.
        assert!(ratios("H100 在 1/3 的测试里领先。").is_empty());
    }
}
