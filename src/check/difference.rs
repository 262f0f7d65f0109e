//! `difference`: the size of a change that its two figures do not give.
//!
//! Catches "revenue reached $451.2bn, up $80.2bn from $361.0bn" (the change
//! is $90.2bn) and "从 61.2 GB 降到 54.8 GB，少了 8.4 GB" (6.4 GB): a figure
//! right after a change word ("up", "down", "a drop of", "增加了", "减少";
//! `sums.change` in `claims/cues.yaml`) is the difference between the two
//! figures of its kind around it in the sentence, one of them marked as
//! where the change starts or ends ("from", "to", "从", "到", "降到").
//!
//! A percentage change is the `share` check's; here the change is in the
//! figures' own unit. Figures of another dimension, or a sentence without
//! a "from" or "to", leave it unchecked: "up 4 GB" beside two unrelated
//! figures says nothing certain.
//!
//! Why it matters: the size of a change is what a headline repeats, and a
//! subtraction slips as easily as a sum.
//!
//! Example:
//!
//! ```text
//! reached $451.2bn, up $80.2bn from $361.0bn     contradicted: $451.2bn − $361.0bn = $90.2bn
//! from 61.2 GB to 54.8 GB, a drop of 6.4 GB      verified
//! ```

use crate::check::finding::{Finding, Related, Verdict};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::number::interval::Interval;
use crate::number::quantity::{Quantity, Token};
use crate::read::segment::{Sentence, last_chars};

pub struct Difference;

impl Check for Difference {
    fn code(&self) -> &'static str {
        "difference"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("difference.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let text = input.doc.text.as_str();
        for sentence in input.sentences {
            let figures: Vec<&Quantity> = sentence
                .tokens
                .iter()
                .filter_map(|t| match t {
                    // Measures and counted things ("1,850 racks"), not bare
                    // numbers or percentages.
                    Token::Quantity(q)
                        if !q.is_share
                            && q.unit.label != "%"
                            && (!q.dimension().is_dimensionless() || !q.unit.is_one()) =>
                    {
                        Some(&**q)
                    }
                    _ => None,
                })
                .collect();
            if figures.len() < 3 {
                continue;
            }
            for i in 0..figures.len() {
                if names_a_change(text, sentence, &figures, i)
                    && let Some(f) = check(text, sentence, &figures, i, input.tolerance)
                {
                    findings.push(f);
                }
            }
        }
    }
}

/// Words that may stand between a change word and its size: "up by",
/// "增加了", "a drop of about".
const LINKS: &[&str] = &[
    "by", "of", "了", "约", "約", "about", "roughly", "nearly", "some",
];

/// Whether a change word stands right before the figure: "up $80.2bn",
/// "a drop of 6.4 GB", "减少了 8 GB".
fn names_a_change(text: &str, sentence: &Sentence, figures: &[&Quantity], i: usize) -> bool {
    let q = figures[i];
    let start = i
        .checked_sub(1)
        .map_or(sentence.span.start, |p| figures[p].span.end)
        .max(sentence.span.start);
    let mut lead = last_chars(&text[start..q.span.start], 24).trim_end();
    loop {
        let lower = lead.to_lowercase();
        let Some(link) = LINKS.iter().find(|w| {
            lower.ends_with(*w)
                && (!w.is_ascii()
                    || !lower[..lower.len() - w.len()].ends_with(|c: char| c.is_alphanumeric()))
        }) else {
            break;
        };
        lead = lead[..lead.len() - link.len()].trim_end();
    }
    let lower = lead.to_lowercase();
    if [" up", " down"].iter().any(|w| lower.ends_with(w))
        || ["up", "down"].contains(&lower.as_str())
    {
        return true;
    }
    Cues::builtin()
        .find(lead)
        .iter()
        .any(|f| f.cue == Cue::Change && f.span.end == lead.len())
}

/// The change's two figures: the last two of its kind before it, else the
/// one before and the one after ("$451.2bn, up $80.2bn from $361.0bn"), else
/// the first two after.
fn check(
    text: &str,
    sentence: &Sentence,
    figures: &[&Quantity],
    i: usize,
    tolerance: f64,
) -> Option<Finding> {
    let q = figures[i];
    let kind =
        |f: &&&Quantity| f.dimension() == q.dimension() && f.unit.is_one() == q.unit.is_one();
    let before: Vec<&Quantity> = figures[..i].iter().filter(kind).copied().collect();
    let after: Vec<&Quantity> = figures[i + 1..].iter().filter(kind).copied().collect();
    let (a, b) = match (before.as_slice(), after.as_slice()) {
        ([.., a, b], _) => (*a, *b),
        ([.., a], [b, ..]) => (*a, *b),
        ([], [a, b, ..]) => (*a, *b),
        _ => return None,
    };
    // One of them is where the change starts or ends.
    let marked = [a, b].iter().any(|f| {
        let lead = last_chars(&text[sentence.span.start..f.span.start], 8).to_lowercase();
        let lead = lead.trim_end();
        ["from", "to", "从", "從", "由", "到", "至"]
            .iter()
            .any(|w| lead.ends_with(w))
    });
    if !marked {
        return None;
    }
    let exact = |f: &Quantity| Interval::exact(f.number.nominal * f.unit.factor);
    let gap = exact(a) - exact(b);
    let size = Interval::between(
        gap.lo.abs().min(gap.hi.abs()),
        gap.lo.abs().max(gap.hi.abs()),
    );
    let claimed = q.claimed(false, false);
    let holds = claimed.meets_within(&size, tolerance);
    let (big, small) = if a.number.nominal * a.unit.factor >= b.number.nominal * b.unit.factor {
        (a, b)
    } else {
        (b, a)
    };
    let claim = text[q.span.clone()].trim();
    let computed = format!(
        "{} − {} = {}",
        text[big.span.clone()].trim(),
        text[small.span.clone()].trim(),
        q.restate(claim, size.nominal)
    );
    Some(Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "difference",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: computed.clone(),
        message: if holds {
            format!("{claim} matches the change {computed}")
        } else {
            format!("the change is {computed}, not {claim}")
        },
        steps: vec![computed],
        related: vec![
            Related {
                span: big.span.clone(),
                note: "one end".into(),
            },
            Related {
                span: small.span.clone(),
                note: "the other end".into(),
            },
        ],
        sources: Vec::new(),
        help: (!holds).then(|| "the two figures stated give another change".to_string()),
    })
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn differences(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "difference")
            .map(|f| (f.verdict, text[f.span.clone()].trim().to_string()))
            .collect()
    }

    #[test]
    fn a_change_between_its_two_figures() {
        assert_eq!(
            differences("Revenue reached $451.2bn, up $80.2bn from $361.0bn."),
            vec![(Verdict::Contradicted, "$80.2bn".to_string())]
        );
        assert_eq!(
            differences("Peak memory fell from 61.2 GB to 54.8 GB, a drop of 6.4 GB."),
            vec![(Verdict::Verified, "6.4 GB".to_string())]
        );
        assert_eq!(
            differences("显存从 61.2 GB 降到 54.8 GB，减少了 8.4 GB。"),
            vec![(Verdict::Contradicted, "8.4 GB".to_string())]
        );
    }

    #[test]
    fn no_start_or_end_no_check() {
        // Three figures of a kind, but nothing says where the change runs.
        assert!(differences("The H100 has 80 GB, the H200 141 GB, up 61 GB and more.").is_empty());
        // A change of another kind than the figures around it.
        assert!(differences("It went from 80 GB to 141 GB, up 700 W.").is_empty());
    }
}
