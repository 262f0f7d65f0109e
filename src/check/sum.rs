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

use crate::check::finding::{Finding, Related, Verdict};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Found};
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::quantity::{Quantity, Token};
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
        let text = input.doc.text.as_str();
        for (index, sentence) in input.sentences.iter().enumerate() {
            let cues = input.facts.cues(index);
            let figures: Vec<&Quantity> = sentence
                .tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Quantity(q) if q.number.is_finite() && !q.is_share => Some(q),
                    _ => None,
                })
                .collect();
            findings.extend(listed_total(text, cues, &figures, input.tolerance));
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
    }
}

/// "两字节、两字节、四字节，加起来正是八": the figures before a total cue,
/// against the figure right after it.
fn listed_total(
    text: &str,
    cues: &[Found],
    figures: &[&Quantity],
    tolerance: f64,
) -> Option<Finding> {
    let cue = cues.iter().find(|f| f.cue == Cue::Total)?;
    // The total right after its cue ("加起来正是十六"), or right before it
    // ("14 bytes in total").
    let total = figures
        .iter()
        .find(|q| q.span.start >= cue.span.end && q.span.start - cue.span.end <= 12)
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
    // The parts: the run of figures of one kind right before the total,
    // back to the first figure of another kind ("每个参数十六字节：…").
    let before: Vec<&&Quantity> = figures
        .iter()
        .filter(|q| q.span.end <= cue.span.start.min(total.span.start))
        .collect();
    let last = before.last()?;
    let mut parts: Vec<&&Quantity> = before
        .iter()
        .rev()
        .take_while(|p| p.dimension() == last.dimension())
        .copied()
        .collect();
    parts.reverse();
    if parts.len() < 2 {
        return None;
    }
    // "各 4 字节", "4 bytes each": a part that counts for several.
    let first = parts[0].span.start;
    let list = &text[first..cue.span.start];
    if ["各", "每", "each", "apiece"]
        .iter()
        .any(|w| list.contains(w))
    {
        return None;
    }
    let unit = &parts[0].unit;
    if !total.unit.is_one() && total.dimension() != unit.dimension {
        return None;
    }
    let mut sum = Interval::exact(0.0);
    for p in &parts {
        sum = sum + p.premise();
    }
    // A bare total ("十六") is in the parts' unit.
    let claimed = if total.unit.is_one() {
        total.premise().scale(unit.factor)
    } else {
        total.premise()
    };
    let terms: Vec<String> = parts.iter().map(|p| number(p.number.nominal)).collect();
    let shown = |v: f64| with_unit(v / unit.factor, &unit.label);
    let steps = vec![format!("{} = {}", terms.join(" + "), shown(sum.nominal))];
    let related = parts
        .iter()
        .map(|p| Related {
            span: p.span.clone(),
            note: "a part".into(),
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
                Token::Quantity(q) if q.number.is_finite() && !q.is_share => Some(q),
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
        note: "the whole".into(),
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
                vec![computed],
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
                vec![computed],
                related,
            );
            verified.label_span = last.span.clone();
            verified.message = format!("{} adds up: {}", &text[last.span.clone()], verified.label);
            Some(verified)
        }
    }
}

fn with_unit(v: f64, label: &str) -> String {
    if label.is_empty() {
        number(v)
    } else {
        format!("{} {label}", number(v))
    }
}

fn finding(
    text: &str,
    span: Range<usize>,
    holds: bool,
    computed: String,
    steps: Vec<String>,
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
        label: computed.clone(),
        message: if holds {
            format!("{claim} adds up: {computed}")
        } else {
            format!("{computed}, not {claim}")
        },
        steps,
        related,
        sources: Vec::new(),
        help: (!holds).then(|| "the parts do not add up to the total stated".to_string()),
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
