//! `sum`: parts and a total stated in words that do not add up.
//!
//! Catches two shapes of arithmetic written as prose. Listed parts and their
//! total: "BF16 权重两字节、梯度两字节、主权重四字节、动量四字节、方差四字节，
//! 加起来正是十六", "2, 2 and 4 bytes, 8 in total". A whole, a part and the
//! rest: "一共 466 次作业中断，其中 47 次是计划内维护，剩下 419 次意外", "466
//! interruptions; of those, 47 were planned and the remaining 419 were not".
//! The cue words are data in `claims/cues.yaml` (`sums`).
//!
//! Why it matters: a total that does not add up is the first thing a careful
//! reader recomputes, and the last thing a writer checks.
//!
//! Parts and totals are exact to their last digit, hedges applied ("约"). A total written without a unit ("十六") takes the parts' unit.
//! A whole followed by parts without a "rest" word is only verified when the
//! parts add up to it: "of those, 47 were planned and 419 unexpected" may not
//! list every part.
//!
//! Example:
//!
//! ```text
//! 两字节、两字节、四字节、四字节、四字节，加起来正是十六   verified: 2+2+4+4+4 = 16
//! 一共 466 次，其中 47 次…剩下 420 次                    contradicted: 466 − 47 = 419
//! ```

use std::ops::Range;

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues, Found};
use crate::lang::message::Message;
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::quantity::{Quantity, Token};
use crate::read::markdown::ListItem;
use crate::read::segment::first_chars;
use crate::units::Dimension;

pub struct Sum;

impl Check for Sum {
    fn code(&self) -> &'static str {
        "sum"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("sum.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        for (index, sentence) in input.sentences.iter().enumerate() {
            let cues = input.facts.cues(index);
            let figures: Vec<&Quantity> = sentence
                .tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Quantity(q) if q.number.is_finite() && !q.is_share => Some(&**q),
                    _ => None,
                })
                .collect();
            findings.extend(listed_total(input, index, cues, &figures));
            // A whole, its part and the rest may run over two sentences.
            let next = Some(index + 1).filter(|&i| {
                input
                    .sentences
                    .get(i)
                    .is_some_and(|s| s.block == sentence.block)
            });
            findings.extend(whole_and_rest(
                input,
                cues,
                &figures,
                sentence.span.clone(),
                next,
            ));
        }
        findings.extend(list_totals(input));
    }
}

/// One list item's text and figures.
struct ItemFigures<'a> {
    block: usize,
    item: ListItem,
    start: usize,
    figures: Vec<&'a Quantity>,
}

/// "- GPUs: $2,800 … - PSU: $380 - **Total: $5,070**": an item of a list
/// labelled as the total ("Total:", "合计：") against the sum of the items
/// before it in its list, each item's last figure of the total's kind. Every
/// item counted must state one; with fewer than two, or an item without,
/// the list is no breakdown.
fn list_totals(input: &Input) -> Vec<Finding> {
    let text = input.doc.text.as_str();
    let mut items: Vec<ItemFigures> = Vec::new();
    for sentence in input.sentences {
        let Some(item) = input.blocks.get(sentence.block).and_then(|b| b.item) else {
            continue;
        };
        let figures = sentence.tokens.iter().filter_map(|t| match t {
            Token::Quantity(q) if q.number.is_finite() && !q.is_share => Some(&**q),
            _ => None,
        });
        match items.last_mut() {
            Some(last) if last.block == sentence.block => last.figures.extend(figures),
            _ => items.push(ItemFigures {
                block: sentence.block,
                item,
                start: sentence.span.start,
                figures: figures.collect(),
            }),
        }
    }
    let mut out = Vec::new();
    for (at, entry) in items.iter().enumerate() {
        let Some(total) = labelled_total(text, entry) else {
            continue;
        };
        let mut parts: Vec<&Quantity> = Vec::new();
        let mut index = entry.item.index;
        let mut complete = true;
        for before in items[..at].iter().rev() {
            if before.item.list != entry.item.list || before.item.index + 1 != index {
                break;
            }
            if labelled_total(text, before).is_some() {
                break;
            }
            let part = before.figures.iter().rev().find(|q| {
                q.dimension() == total.dimension() && q.unit.is_one() == total.unit.is_one()
            });
            match part {
                Some(p) => parts.push(p),
                None => {
                    complete = false;
                    break;
                }
            }
            index = before.item.index;
        }
        if !complete || parts.len() < 2 || parts.iter().any(|p| p.premise().lo <= 0.0) {
            continue;
        }
        parts.reverse();
        let sum = parts
            .iter()
            .fold(Interval::exact(0.0), |sum, p| sum + p.premise());
        let terms: Vec<&str> = parts.iter().map(|p| text[p.span.clone()].trim()).collect();
        let computed = format!(
            "{} = {}",
            terms.join(" + "),
            total.restate(&text[total.span.clone()], sum.nominal)
        );
        let related = parts
            .iter()
            .map(|p| Related {
                span: p.span.clone(),
                note: msg!("note-a-part"),
            })
            .collect();
        out.push(finding(
            text,
            total.span.clone(),
            total.premise().meets_within(&sum, input.tolerance),
            computed.clone(),
            vec![as_written(computed)],
            related,
        ));
    }
    out
}

/// The figure of a list item labelled as the total: the item opens on a
/// total word and a colon ("**Total:** $5,070", "合计：¥3.2 万") and states
/// one figure.
fn labelled_total<'a>(text: &str, entry: &ItemFigures<'a>) -> Option<&'a Quantity> {
    // The first few characters: a long list item is read no further.
    let head = first_chars(&text[entry.start..], 32)
        .trim_start_matches(|c: char| c.is_whitespace() || "*_".contains(c));
    let colon = head.find([':', '：']).filter(|&i| i <= 24)?;
    if !Cues::builtin().is_total_label(&head[..colon]) {
        return None;
    }
    match entry.figures.as_slice() {
        [total] => Some(total),
        _ => None,
    }
}

/// Words for one unit's figure: "单卡 700W", "per GPU", "每櫃整合 72 顆".
const PER_UNIT: [&str; 16] = [
    "单卡",
    "單卡",
    "单台",
    "單台",
    "单颗",
    "單顆",
    "单张",
    "單張",
    "per gpu",
    "per card",
    "每柜",
    "每櫃",
    "每台",
    "每张",
    "每張",
    "each rack",
];

/// How many characters before the first part a unit word may stand
/// ("每櫃整合 72 顆").
const PER_UNIT_REACH: usize = 6;

/// "两字节、两字节、四字节，加起来正是八": the figures before a total cue,
/// against the figure right after it.
fn listed_total(
    input: &Input,
    index: usize,
    cues: &[Found],
    figures: &[&Quantity],
) -> Option<Finding> {
    let text = input.doc.text.as_str();
    let tolerance = input.tolerance;
    let cue = cues.iter().find(|f| f.cue == Cue::Total)?;
    // The total right after its cue ("加起来正是十六"), or right before it
    // ("14 bytes in total").
    // "sum to our total of $4.82 billion": words that only name the total
    // may stand between.
    let gap_after = |q: &Quantity| {
        let gap = q.span.start - cue.span.end;
        gap <= 12
            || gap <= 24
                && text[cue.span.end..q.span.start]
                    .to_lowercase()
                    .split_whitespace()
                    .all(|w| ["our", "the", "a", "total", "of", "overall"].contains(&w))
    };
    let total = figures
        .iter()
        .find(|q| q.span.start >= cue.span.end && gap_after(q))
        .or_else(|| {
            figures
                .iter()
                .rev()
                .find(|q| q.span.end <= cue.span.start && cue.span.start - q.span.end <= 3)
        })?;
    // A total that is itself the start of a calculation ("合计 2+2+12") is
    // the arithmetic check's.
    let operator_follows = text[total.span.end..]
        .trim_start()
        .starts_with(['+', '×', '*', '-', '−', '=']);
    if operator_follows {
        return None;
    }
    // The parts: the figures of one kind before the total; where the list
    // begins is a reading (below).
    let before: Vec<&&Quantity> = figures
        .iter()
        .filter(|q| q.span.end <= cue.span.start.min(total.span.start))
        .collect();
    let last = before.last()?;
    let mut parts: Vec<&&Quantity> = before
        .iter()
        .filter(|p| {
            // Percentages add up with percentages, bare numbers with bare
            // numbers: "7B 模型占 41%" holds one of each, and the parts are
            // the figures of the total's kind between the others.
            p.dimension() == last.dimension()
                && p.unit.factor == last.unit.factor
                && p.unit.is_one() == last.unit.is_one()
        })
        .copied()
        .collect();
    if parts.len() < 2 {
        return None;
    }
    // "各 4 字节", "4 bytes each": a part that counts for several; "H800单卡
    // 700W、T30单卡550W，合计约3.69MW": one unit's figure of a fleet, whose
    // unit word stands right before the first part.
    let first = parts[0].span.start;
    let list = &text[first..cue.span.start];
    let lower = list.to_lowercase();
    let each = lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == "each" || w == "apiece");
    let sentence_start = input.sentences[index].span.start;
    let lead = text[sentence_start..first]
        .char_indices()
        .rev()
        .nth(PER_UNIT_REACH - 1)
        .map_or(sentence_start, |(i, _)| sentence_start + i);
    let per_unit = PER_UNIT
        .iter()
        .any(|w| text[lead..cue.span.start].to_lowercase().contains(w));
    if each || per_unit || list.contains(['各', '每']) {
        return None;
    }
    let unit = &parts[0].unit;
    if !total.unit.is_one() && total.dimension() != unit.dimension {
        return None;
    }
    // A bare total ("十六") is in the parts' unit.
    let claimed = if total.unit.is_one() {
        total.premise().scale(unit.factor)
    } else {
        total.premise()
    };
    let sum_of = |parts: &[&&Quantity]| {
        parts
            .iter()
            .fold(Interval::exact(0.0), |sum, p| sum + p.premise())
    };
    // Where the list begins is a reading: "k = 64 gives 2,048 ports, using
    // 64 leaf and 32 spine switches, 96 in total" sums the last two, and
    // "InfiniBand 0.8 MW and storage 0.45 MW, 14 MW in all" may go on from
    // the figures of the sentences before.
    let earlier = earlier_of_kind(input, index, last.dimension());
    let suffixes: Vec<Vec<&&Quantity>> = (2..=parts.len())
        .map(|k| parts[parts.len() - k..].to_vec())
        .collect();
    let extended = (1..=earlier.len()).map(|k| {
        let mut longer: Vec<&&Quantity> = earlier[earlier.len() - k..].iter().collect();
        longer.extend(parts.iter().copied());
        longer
    });
    let found = suffixes
        .iter()
        .cloned()
        .chain(extended)
        .find(|p| claimed.meets_within(&sum_of(p), tolerance));
    // Short of the total, the whole run may be only the end of the list.
    if found.is_none() && sum_of(&parts).hi < claimed.lo && !earlier.is_empty() {
        return None;
    }
    // Failing every reading, the list shown is the one nearest the total.
    let off = |p: &Vec<&&Quantity>| (sum_of(p).nominal - claimed.nominal).abs();
    parts = found.unwrap_or_else(|| {
        suffixes
            .iter()
            .min_by(|a, b| off(a).total_cmp(&off(b)))
            .cloned()
            .unwrap_or(parts)
    });
    let sum = sum_of(&parts);
    let terms: Vec<String> = parts.iter().map(|p| number(p.number.nominal)).collect();
    let shown = |v: f64| with_unit(v / unit.factor, &unit.label);
    let steps = vec![as_written(format!(
        "{} = {}",
        terms.join(" + "),
        shown(sum.nominal)
    ))];
    let related = parts
        .iter()
        .map(|p| Related {
            span: p.span.clone(),
            note: msg!("note-a-part"),
        })
        .collect();
    Some(finding(
        text,
        total.span.clone(),
        claimed.meets_within(&sum, tolerance),
        format!("{} = {}", terms.join(" + "), shown(sum.nominal)),
        steps,
        related,
    ))
}

/// Figures of a kind in the three sentences before (a heading between
/// counts as one), in order: parts a total may also count. A sentence with a total of its own is a list of its own,
/// already summed, and counts for nothing here.
fn earlier_of_kind<'a>(input: &'a Input, index: usize, dimension: Dimension) -> Vec<&'a Quantity> {
    (index.saturating_sub(3)..index)
        .filter(|&i| !input.facts.cues(i).iter().any(|f| f.cue == Cue::Total))
        .flat_map(|i| &input.sentences[i].tokens)
        .filter_map(|t| match t {
            Token::Quantity(q)
                if q.number.is_finite() && !q.is_share && q.dimension() == dimension =>
            {
                Some(&**q)
            }
            _ => None,
        })
        .collect()
}

/// "一共 466 次，其中 47 次 …，剩下 419 次": the rest is the whole less the
/// part; without a "rest" word, parts that add up to the whole verify it.
fn whole_and_rest(
    input: &Input,
    cues: &[Found],
    figures: &[&Quantity],
    sentence: Range<usize>,
    next: Option<usize>,
) -> Option<Finding> {
    let text = input.doc.text.as_str();
    let parts_cue = cues
        .iter()
        .find(|f| f.cue == Cue::Parts)
        .cloned()
        .or_else(|| {
            input
                .facts
                .cues(next?)
                .iter()
                .find(|f| f.cue == Cue::Parts)
                .cloned()
        })?;
    // The whole: the last figure before "其中/of those".
    let whole = figures
        .iter()
        .rev()
        .find(|q| q.span.end <= parts_cue.span.start)?;
    let mut after: Vec<&Quantity> = figures
        .iter()
        .copied()
        .filter(|q| q.span.start >= parts_cue.span.end)
        .collect();
    let mut rest_cues: Vec<&Found> = cues.iter().filter(|f| f.cue == Cue::Rest).collect();
    if parts_cue.span.start >= sentence.end
        && let Some(next) = next
    {
        after = input.sentences[next]
            .tokens
            .iter()
            .filter_map(|t| match t {
                Token::Quantity(q) if q.number.is_finite() && !q.is_share => Some(&**q),
                _ => None,
            })
            .collect();
        rest_cues = input
            .facts
            .cues(next)
            .iter()
            .filter(|f| f.cue == Cue::Rest)
            .collect();
    }
    let counts = |q: &&Quantity| {
        q.dimension() == whole.dimension()
            || q.dimension() == Dimension::NONE && whole.dimension() == Dimension::NONE
    };
    let after: Vec<&Quantity> = after.into_iter().filter(counts).collect();
    if after.len() < 2 {
        return None;
    }
    let rest = rest_cues.iter().find_map(|c| {
        after
            .iter()
            .find(|q| q.span.start >= c.span.end && q.span.start - c.span.end <= 8)
    });
    let whole_value = whole.premise();
    let shown = |v: f64| with_unit(v / whole.unit.factor, &whole.unit.label);
    let related = vec![Related {
        span: whole.span.clone(),
        note: msg!("note-whole"),
    }];
    match rest {
        Some(rest) => {
            let parts: Vec<&&Quantity> = after.iter().filter(|q| q.span != rest.span).collect();
            let mut taken = Interval::exact(0.0);
            for p in &parts {
                taken = taken + p.premise();
            }
            let left = whole_value - taken;
            let terms: Vec<String> = parts.iter().map(|p| number(p.number.nominal)).collect();
            let computed = format!(
                "{} − {} = {}",
                number(whole.number.nominal),
                terms.join(" − "),
                shown(left.nominal)
            );
            Some(finding(
                text,
                rest.span.clone(),
                rest.premise().meets_within(&left, input.tolerance),
                computed.clone(),
                vec![as_written(computed)],
                related,
            ))
        }
        None => {
            let mut sum = Interval::exact(0.0);
            for p in &after {
                sum = sum + p.premise();
            }
            if !whole
                .claimed(false, false)
                .meets_within(&sum, input.tolerance)
            {
                return None;
            }
            let terms: Vec<String> = after.iter().map(|p| number(p.number.nominal)).collect();
            let computed = format!("{} = {}", terms.join(" + "), shown(sum.nominal));
            // What holds is the whole statement, from the whole to its
            // last part.
            let last = after.last()?;
            let mut verified = finding(
                text,
                whole.span.start..last.span.end,
                true,
                computed.clone(),
                vec![as_written(computed.clone())],
                related,
            );
            verified.label_span = last.span.clone();
            verified.message = msg!(
                "sum-verified",
                claim = &text[last.span.clone()],
                computed = computed
            );
            Some(verified)
        }
    }
}

fn with_unit(v: f64, label: &str) -> String {
    match label {
        "" => number(v),
        "%" | "％" => format!("{}{label}", number(v)),
        _ => format!("{} {label}", number(v)),
    }
}

fn finding(
    text: &str,
    span: Range<usize>,
    holds: bool,
    computed: String,
    steps: Vec<Message>,
    related: Vec<Related>,
) -> Finding {
    let claim = &text[span.clone()];
    Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "sum",
        span: span.clone(),
        label_span: span,
        label: as_written(computed.clone()),
        message: if holds {
            msg!("sum-verified", claim = claim, computed = &computed)
        } else {
            msg!("message-not", computed = &computed, claim = claim)
        },
        steps,
        related,
        sources: Vec::new(),
        help: (!holds).then(|| msg!("sum-help")),
    }
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn sums(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "sum")
            .map(|f| (f.verdict, text[f.span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn a_list_item_labelled_total_sums_the_items_before() {
        let list = |total: &str| {
            format!(
                "Parts:\n\n- 2x RTX 4090 at $1,600 each: $3,200\n- Board: $450\n- PSU (1,600 W): $300\n- **Total: {total}**\n"
            )
        };
        assert_eq!(
            sums(&list("$3,950")),
            [(Verdict::Verified, "$3,950".to_string())]
        );
        assert_eq!(
            sums(&list("$4,150")),
            [(Verdict::Contradicted, "$4,150".to_string())]
        );
        // An item without a figure of the total's kind: no breakdown.
        let partial = "- GPU: $1,600\n- Board: donated\n- PSU: $300\n- Total: $1,900\n";
        assert!(sums(partial).is_empty());
    }

    #[test]
    fn words_naming_the_total_may_stand_after_the_cue() {
        let text = |total: &str| {
            format!(
                "Compute was $3.10 billion and networking $0.42 billion, which sum to our total of {total}."
            )
        };
        assert_eq!(
            sums(&text("$3.52 billion")),
            [(Verdict::Verified, "$3.52 billion".to_string())]
        );
        assert_eq!(
            sums(&text("$3.62 billion")),
            [(Verdict::Contradicted, "$3.62 billion".to_string())]
        );
    }

    #[test]
    fn listed_parts_and_their_total() {
        assert_eq!(
            sums(
                "BF16 权重两字节、BF16 梯度两字节、FP32 主权重四字节、Adam 动量四字节、方差四字节，加起来正是十六。"
            ),
            vec![(Verdict::Verified, "十六".to_string())]
        );
        assert_eq!(
            sums(
                "Weights take 2 bytes, gradients 2 bytes and optimizer state 8 bytes, 14 bytes in total."
            ),
            vec![(Verdict::Contradicted, "14 bytes".to_string())]
        );
    }

    #[test]
    fn a_whole_a_part_and_the_rest() {
        assert_eq!(
            sums("54 天里一共 466 次作业中断，其中 47 次是计划内维护，剩下 420 次意外。"),
            vec![(Verdict::Contradicted, "420 次".to_string())]
        );
        assert_eq!(
            sums(
                "The team logged 466 job interruptions. Of those, 47 were planned maintenance and 419 were unexpected."
            ),
            vec![(
                Verdict::Verified,
                "466 job interruptions. Of those, 47 were planned maintenance and 419".to_string()
            )]
        );
    }
}
