//! `difference`: the size of a change that its two figures do not give.
//!
//! Catches "revenue reached $451.2bn, up $80.2bn from $361.0bn" (the change
//! is $90.2bn) and "从 61.2 GB 降到 54.8 GB，少了 8.4 GB" (6.4 GB): a figure
//! right after a change word ("up", "down", "a drop of", "增加了", "减少";
//! `sums.change` in `claims/cues.yaml`) is the difference between the two
//! figures of its kind around it in the sentence, one of them marked as
//! where the change starts or ends ("from", "to", "从", "到", "降到").
//!
//! What is left is a difference too: "192 GB 放下 140 GB 权重后还剩 62 GB"
//! (52 GB), "26 GB, leaving 22 GB on a 48 GB card". The rest after a rest
//! word ("leaving", "还剩") is the larger of the two other figures of its
//! kind in the sentence less the smaller, only when that is certain: no
//! calculation in the sentence, no figure per thing ("six 24 GB cards"), no
//! part taken without a figure ("减去权重还剩"), and no whole with parts in
//! words (the `sum` check's).
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

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::msg;
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
        for (index, sentence) in input.sentences.iter().enumerate() {
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
            // A whole with its parts and rest in words is the sum check's.
            let summed = input
                .facts
                .cues(index)
                .iter()
                .any(|f| matches!(f.cue, Cue::Total | Cue::Parts));
            for i in 0..figures.len() {
                let found = if names_a_change(text, sentence, &figures, i) {
                    check(text, sentence, &figures, i, input.tolerance)
                } else if !summed && names_a_rest(text, sentence, &figures, i) {
                    rest(input, sentence, &figures, i)
                } else {
                    None
                };
                findings.extend(found);
            }
        }
    }
}

/// Words for what is left: "192 GB 放下 140 GB 权重后还剩 62 GB", "leaves 8 GB
/// of the 24 GB card".
const RESTS: &[&str] = &[
    "还剩",
    "還剩",
    "剩下",
    "剩余",
    "剩餘",
    "余下",
    "餘下",
    "剩",
    "leaving",
    "leaves",
    "left",
    "remaining",
];

/// Things a figure is the size of each of: "24 GB cards" (one card, "the
/// 80 GB card", may be the whole).
const THINGS: &[&str] = &["cards", "GPUs", "nodes", "servers", "张", "張"];

/// Words that take a part from a whole: "减去 15.2 GB 权重", "放下 140 GB
/// 权重后". After a word that fits a part in ("放下"), "之后" takes the part
/// named before it ("47GB，双卡 64GB 放下之后还剩 17GB").
const SUBTRACTIONS: &[&str] = &[
    "减去", "減去", "扣除", "扣掉", "扣去", "去掉", "放下", "装下", "裝下", "放入", "minus",
    "less ",
];

/// Words for "after" that refer back to what a fitting word fits.
const AFTER_WORDS: &[&str] = &["后", "後", "之后", "之後", "以后", "以後"];

/// Whether a word for what is left stands right before the figure.
fn names_a_rest(text: &str, sentence: &Sentence, figures: &[&Quantity], i: usize) -> bool {
    let q = figures[i];
    let start = i
        .checked_sub(1)
        .map_or(sentence.span.start, |p| figures[p].span.end)
        .max(sentence.span.start);
    let lead = strip_links(last_chars(&text[start..q.span.start], 16));
    let lower = lead.to_lowercase();
    RESTS.iter().any(|w| {
        lower.ends_with(w)
            && (!w.is_ascii()
                || !lower[..lower.len() - w.len()].ends_with(|c: char| c.is_alphanumeric()))
    })
}

/// The rest against the two other figures of its kind in the sentence: the
/// larger is the whole, the smaller what was taken from it. Only when that
/// is certain: no calculation in the sentence ("24 GB × 0.9 = 21.6 GB"), no
/// figure per unit ("six 24 GB cards"), and no part taken without a figure
/// ("减去权重还剩").
fn rest(input: &Input, sentence: &Sentence, figures: &[&Quantity], i: usize) -> Option<Finding> {
    let text = input.doc.text.as_str();
    let tolerance = input.tolerance;
    let q = figures[i];
    let others: Vec<&Quantity> = figures
        .iter()
        .enumerate()
        .filter(|&(j, f)| {
            j != i && f.dimension() == q.dimension() && f.unit.is_one() == q.unit.is_one()
        })
        .map(|(_, f)| *f)
        .collect();
    let calculates = sentence.tokens.iter().any(|t| matches!(t, Token::Op(..)));
    // "six 24 GB cards", "两张 80GB 卡": a figure right after a count is
    // per counted thing.
    let after_count = |f: &Quantity| {
        sentence.tokens.iter().any(|t| match t {
            Token::Quantity(c) => {
                c.span.end <= f.span.start
                    && c.dimension().is_dimensionless()
                    && text[c.span.end..f.span.start]
                        .chars()
                        .all(|ch| ch.is_whitespace() || "×x*张張块塊个個台颗顆".contains(ch))
            }
            _ => false,
        })
    };
    // "24 GB cards": a figure naming the things it is each of.
    let of_things = |f: &Quantity| {
        let after = text[f.span.end..sentence.span.end].trim_start();
        let after = after.strip_prefix('的').unwrap_or(after);
        THINGS.iter().any(|w| after.starts_with(w))
    };
    let per_unit = others.iter().any(|f| {
        after_count(f)
            || of_things(f)
            || input
                .typed()
                .iter()
                .any(|t| t.quantity.span == f.span && t.kind.contains("_per_"))
    });
    let unnamed_part = SUBTRACTIONS.iter().any(|w| {
        text[sentence.span.start..q.span.start]
            .match_indices(w)
            .any(|(at, _)| {
                let after = sentence.span.start + at + w.len();
                !AFTER_WORDS.iter().any(|a| text[after..].starts_with(a))
                    && !others
                        .iter()
                        .any(|f| f.span.start >= after && f.span.start - after <= 6)
            })
    });
    if others.len() != 2 || calculates || per_unit || unnamed_part {
        return None;
    }
    let exact = |f: &Quantity| Interval::exact(f.number.nominal * f.unit.factor);
    let whole = *others
        .iter()
        .max_by(|a, b| exact(a).nominal.total_cmp(&exact(b).nominal))?;
    let taken: Vec<&Quantity> = others
        .iter()
        .copied()
        .filter(|f| f.span != whole.span)
        .collect();
    let mut readings: Vec<Vec<&Quantity>> = taken.iter().map(|t| vec![*t]).collect();
    if taken.len() > 1 {
        readings.insert(0, taken.clone());
    }
    let claimed = q.claimed(false, false);
    let left = |parts: &[&Quantity]| parts.iter().fold(exact(whole), |acc, p| acc - exact(p));
    let holding = readings
        .iter()
        .find(|parts| claimed.meets_within(&left(parts), tolerance));
    let holds = holding.is_some();
    let parts = holding.unwrap_or(&readings[0]);
    let claim = text[q.span.clone()].trim();
    let mut terms = vec![text[whole.span.clone()].trim().to_string()];
    terms.extend(
        parts
            .iter()
            .map(|p| text[p.span.clone()].trim().to_string()),
    );
    let computed = format!(
        "{} = {}",
        terms.join(" − "),
        q.restate(claim, left(parts).nominal)
    );
    let related = std::iter::once(Related {
        span: whole.span.clone(),
        note: msg!("note-whole"),
    })
    .chain(parts.iter().map(|p| Related {
        span: p.span.clone(),
        note: msg!("note-taken"),
    }))
    .collect();
    Some(Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "difference",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: as_written(computed.clone()),
        message: if holds {
            msg!(
                "difference-rest-verified",
                claim = claim,
                computed = &computed
            )
        } else {
            msg!(
                "difference-rest-contradicted",
                computed = &computed,
                claim = claim
            )
        },
        steps: vec![as_written(computed)],
        related,
        sources: Vec::new(),
        help: (!holds).then(|| msg!("difference-help-rest")),
    })
}

/// `lead` without the words that may stand between a change or rest word
/// and its figure ("up by", "剩了约").
fn strip_links(lead: &str) -> &str {
    let mut lead = lead.trim_end();
    loop {
        let lower = lead.to_lowercase();
        let Some(link) = LINKS.iter().find(|w| {
            lower.ends_with(*w)
                && (!w.is_ascii()
                    || !lower[..lower.len() - w.len()].ends_with(|c: char| c.is_alphanumeric()))
        }) else {
            return lead;
        };
        lead = lead[..lead.len() - link.len()].trim_end();
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
    let lead = strip_links(last_chars(&text[start..q.span.start], 24));
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
        label: as_written(computed.clone()),
        message: if holds {
            msg!(
                "message-change-verified",
                claim = claim,
                computed = &computed
            )
        } else {
            msg!(
                "message-change-contradicted",
                computed = &computed,
                claim = claim
            )
        },
        steps: vec![as_written(computed)],
        related: vec![
            Related {
                span: big.span.clone(),
                note: msg!("note-one-end"),
            },
            Related {
                span: small.span.clone(),
                note: msg!("note-other-end"),
            },
        ],
        sources: Vec::new(),
        help: (!holds).then(|| msg!("help-another-change")),
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

    #[test]
    fn a_part_fitted_in_without_a_figure_leaves_the_rest_unchecked() {
        assert!(
            differences("一台 8 卡 H100（80 GB）服务器共有 640 GB 显存，放下权重后约剩 235 GB。")
                .is_empty()
        );
        assert_eq!(
            differences("双卡 64GB 放下 47GB 之后还剩 17GB 左右。"),
            [(Verdict::Verified, "17GB 左右".to_string())]
        );
    }
}
