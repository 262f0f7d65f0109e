//! `bound`: a requirement the configuration beside it cannot meet.
//!
//! Catches a requirement ("needs at least 700 GB", "至少需要 700GB 以上可用显存",
//! "must be ≥ 700000 MB") stated next to a configuration of named
//! accelerators ("8×H100", "8 块 H100 80GB", "one H100") whose combined memory,
//! throughput or bandwidth falls short of it. The configuration's figure is
//! its count times each card's, from the text when it states one beside the
//! name, else from the knowledge base for every variant the name can mean.
//!
//! Why it matters: a requirement larger than the hardware recommended beside
//! it is the error a reader acts on: they buy the hardware and it does not
//! run.
//!
//! What is no requirement is left alone: a figure in brackets after one
//! card's name ("单张 A100(80GB)") is that card's; a requirement stated at
//! one precision is not held against hardware said to run another ("needs
//! 141 GB in fp16 fits on one H100 at int8"); and a sentence that names
//! hardware of its own borrows no configuration from the next line.
//!
//! Every reading is tried (each variant; GB as GB or GiB) and the finding is
//! a contradiction only when none meets the requirement; when one does, it is
//! verified, naming the reading.
//!
//! Example:
//!
//! ```text
//! 在 8×H100 上，至少需要 700GB 显存     contradicted: 8 × 80 GB = 640 GB < 700 GB
//! needs at least 500 GB on 8×H200      verified: 8 × 141 GB = 1,128 GB
//! ```

use std::ops::Range;

use crate::check::finding::{Finding, Related, SourceRef, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Found};
use crate::claim::kind::required;
use crate::kb::{Entity, FactValue, Kb, Kind, Mention};
use crate::lang::message::{Arg, Message};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::lexicon::Hedge;
use crate::number::quantity::{Quantity, Token};
use crate::read::segment::Sentence;
use crate::units::{Base, Dimension};

pub struct Bound;

impl Check for Bound {
    fn code(&self) -> &'static str {
        "bound"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("bound.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        // The same requirement against the same configuration is reported
        // once, where it is first stated: an article that restates an error
        // has one error.
        let mut seen: Vec<String> = Vec::new();
        for (index, sentence) in input.sentences.iter().enumerate() {
            for token in &sentence.tokens {
                if let Token::Quantity(q) = token
                    && let Some((f, key)) = check(input, index, sentence, q)
                {
                    if f.verdict == Verdict::Contradicted {
                        if seen.contains(&key) {
                            continue;
                        }
                        seen.push(key);
                    }
                    findings.push(f);
                }
            }
        }
    }
}

/// Whether a precision named after the configuration ("fits on a single
/// H100 at int8") differs from the one nearest before the requirement ("needs
/// 141 GB in fp16").
fn other_precision_after(cues: &[Found], config: &Range<usize>, q: &Quantity) -> bool {
    let precision = |f: &Found| match &f.cue {
        Cue::Qualifier(key, value) if key == "precision" => Some(value.clone()),
        _ => None,
    };
    let Some(required) = cues
        .iter()
        .filter(|f| f.span.start < config.start)
        .filter(|f| f.span.start >= q.span.start || f.span.end <= q.span.start)
        .filter_map(precision)
        .next_back()
    else {
        return false;
    };
    cues.iter()
        .filter(|f| f.span.start >= config.end)
        .filter_map(precision)
        .any(|p| p != required)
}

/// A configuration: how many of which card, and a figure stated for one.
struct Configuration<'a> {
    mention: Mention,
    count: f64,
    count_text: String,
    per_card: Option<&'a Quantity>,
}

/// A finding, and what makes it the same as another: the configuration and
/// the requirement in base units.
fn check(
    input: &Input,
    index: usize,
    sentence: &Sentence,
    q: &Quantity,
) -> Option<(Finding, String)> {
    if matches!(q.hedge, Some(Hedge::AtMost | Hedge::Nearly)) {
        return None;
    }
    let text = input.doc.text.as_str();
    let clause = input
        .facts
        .clauses(index)
        .iter()
        .find(|c| c.start <= q.span.start && q.span.start < c.end)
        .cloned()?;
    // A requirement is a lower bound: "至少需要 700GB", "needs 900 GB".
    if !required(input.facts.cues(index), &clause, q) {
        return None;
    }
    // "does not fit on one 80 GB H100", "装不下": a denial, not a requirement.
    let lead = &text[clause.start..q.span.start];
    if [
        " not ", "n't ", "cannot", "不下", "不能", "不够", "不夠", "无法", "無法",
    ]
    .iter()
    .any(|w| lead.contains(w))
    {
        return None;
    }
    // "112 GB，超过单张 A100 80GB，必须切分", "which exceeds a single
    // card": the text itself says the requirement does not fit, and agrees
    // with the hardware.
    let tail = text[q.span.end..sentence.span.end.max(q.span.end)].to_lowercase();
    if EXCEEDS.iter().any(|w| tail.contains(w)) {
        return None;
    }
    let attribute = match q.dimension() {
        d if d == Dimension::of(Base::Byte) => "memory_capacity",
        d if d == Dimension::of(Base::Byte) / Dimension::of(Base::Second) => "memory_bandwidth",
        _ => return None,
    };
    // The configuration: in the requirement's sentence, else the one before
    // or after it in the same paragraph.
    let neighbour = |i: Option<usize>| {
        i.filter(|&i| {
            input
                .sentences
                .get(i)
                .is_some_and(|s| s.block == sentence.block)
        })
    };
    let previous = neighbour(index.checked_sub(1));
    let next = neighbour(Some(index + 1));
    // A sentence that names hardware of its own ("80~100 GB 2×A100/H100
    // (80GB)", read or not) borrows no configuration from the next.
    let names_hardware = input
        .facts
        .names(index)
        .iter()
        .any(|m| !m.entities.is_empty());
    let config = match configuration(input, text, index) {
        Some(own) => own,
        None if names_hardware => return None,
        None => [previous, next]
            .into_iter()
            .flatten()
            .find_map(|s| configuration(input, text, s))?,
    };
    // The card's own figure ("one H100 80GB") is no requirement.
    if config.per_card.is_some_and(|p| p.span == q.span) {
        return None;
    }
    // "单张 A100(80GB)或 H100(80GB/94GB)": a figure in brackets after one
    // card's name is that card's, no requirement; after a count of cards
    // ("16×H100 80GB 集群(1.34TB)"), or said to be a total, it is theirs.
    let totalled = || {
        let open = text[..q.span.start]
            .rfind(['(', '（'])
            .unwrap_or(q.span.start);
        let inside = text[open..q.span.start].to_lowercase();
        ["共", "合计", "合計", "total", "combined", "in all"]
            .iter()
            .any(|w| inside.contains(w))
    };
    if config.count <= 1.0
        && !totalled()
        && crate::claim::names::parenthesis_owner(text, &sentence.span, input.facts.names(index), q)
            .is_some()
    {
        return None;
    }
    // "needs 141 GB in fp16 fits on a single H100 at int8": the hardware
    // is said to hold another precision's weights than the requirement's.
    if other_precision_after(input.facts.cues(index), &config.mention.span, q) {
        return None;
    }
    let readings = capacities(input.kb, &config, attribute);
    if readings.is_empty() {
        return None;
    }
    // "At least 700 GB" is 700 GB to the last written digit: a bound's
    // round number is where it starts, not an estimate to widen.
    // "with at least 20 GB left": the requirement comes on top of what the
    // sentence already uses ("the footprint … 70 GB").
    // A figure may run past its clause ("0\n%"): what follows is then empty.
    let after = &text[q.span.end..clause.end.max(q.span.end)];
    let left = [
        "left",
        "remaining",
        "free",
        "to spare",
        "剩下",
        "剩余",
        "剩餘",
        "空余",
        "空餘",
    ]
    .iter()
    .any(|w| after.trim_start().starts_with(w));
    let used = left
        .then(|| {
            sentence.tokens.iter().rev().find_map(|t| match t {
                Token::Quantity(u)
                    if u.span.end <= q.span.start
                        && u.dimension() == q.dimension()
                        && config.per_card.is_none_or(|p| p.span != u.span)
                        && !totals_the_configuration(text, &config, u) =>
                {
                    Some(u)
                }
                _ => None,
            })
        })
        .flatten();
    let used_value = used.map_or(0.0, |u| u.number.nominal * u.unit.factor);
    let need = Interval::between(
        (q.number.nominal - q.digit_half) * q.unit.factor + used_value,
        f64::INFINITY,
    );
    let need_shown = match used {
        Some(u) => format!(
            "{} + {} = {} {}",
            &text[u.span.clone()],
            &text[q.span.clone()],
            number((q.number.nominal * q.unit.factor + used_value) / q.unit.factor),
            q.unit.label
        ),
        None => format!("{} {}", number(q.number.nominal), q.unit.label),
    };
    let unit = &q.unit;
    let shown = |v: f64| format!("{} {}", number(v / unit.factor), unit.label);
    let per = |r: &Capacity| {
        format!(
            "{} × {} = {}",
            config.count_text,
            r.per_card_text,
            shown(r.total.nominal)
        )
    };
    let claim = &text[q.span.clone()];
    let key = format!(
        "{}|{:.6e}",
        &text[config.mention.span.clone()],
        q.number.nominal * q.unit.factor + used_value
    );
    let related = vec![Related {
        span: config.mention.span.clone(),
        note: msg!("note-configuration"),
    }];
    // A tolerance lets the capacity fall short of the requirement by that
    // fraction of it.
    let short_by = if input.tolerance > 0.0 {
        need.lo.abs() * input.tolerance
    } else {
        0.0
    };
    if let Some(r) = readings.iter().find(|r| r.total.hi >= need.lo - short_by) {
        let finding = Finding {
            verdict: Verdict::Verified,
            check: "bound",
            span: q.span.clone(),
            label_span: q.span.clone(),
            label: as_written(per(r)),
            message: msg!(
                "bound-verified",
                capacity = per(r),
                claim = claim,
                reading = r.note()
            ),
            steps: vec![
                as_written(per(r)),
                as_written(format!("{} ≥ {need_shown}", shown(r.total.nominal))),
            ],
            related,
            sources: r.source.clone().into_iter().collect(),
            help: None,
        };
        return Some((finding, key));
    }
    // The most generous reading, which still falls short.
    let best = readings
        .iter()
        .max_by(|a, b| a.total.nominal.total_cmp(&b.total.nominal))
        .unwrap_or(&readings[0]);
    let mut steps: Vec<Message> = readings
        .iter()
        .map(|r| msg!("step-with-reading", value = per(r), reading = r.note()))
        .collect();
    steps.push(msg!("bound-step-short", need = &need_shown));
    let mut sources: Vec<SourceRef> = Vec::new();
    for r in &readings {
        if let Some(s) = &r.source
            && !sources.contains(s)
        {
            sources.push(s.clone());
        }
    }
    let finding = Finding {
        verdict: Verdict::Contradicted,
        check: "bound",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: msg!("label-requires", need = &need_shown),
        message: msg!(
            "bound-contradicted",
            configuration = &text[config.mention.span.clone()],
            total = shown(best.total.nominal),
            reading = best.note(),
            need = &need_shown
        ),
        steps,
        related,
        sources,
        help: readings
            .iter()
            .map(|r| {
                Arg::from(msg!(
                    "bound-help-short",
                    total = shown(r.total.nominal),
                    need = &need_shown,
                    reading = r.note()
                ))
            })
            .reduce(|first, second| msg!("list-comma", first = first, second = second).into())
            .map(|readings| msg!("help-no-reading", readings = readings)),
    };
    Some((finding, key))
}

/// The first card named with a count in a sentence ("8×H100", "8 块 H100",
/// "eight H100s", "one H100"), with a figure written beside it.
/// Words saying a requirement is larger than the hardware it is set
/// against, or that the hardware cannot hold it ("a single A100 cannot
/// hold it").
const EXCEEDS: [&str; 19] = [
    "超过",
    "超過",
    "超出",
    "放不下",
    "装不下",
    "裝不下",
    "exceed",
    "more than",
    "beyond",
    "too large",
    "too big",
    "does not fit",
    "doesn't fit",
    "cannot hold",
    "can't hold",
    "cannot fit",
    "can't fit",
    "won't fit",
    "容纳不下",
];

fn configuration<'a>(input: &Input<'a>, text: &str, index: usize) -> Option<Configuration<'a>> {
    let kb = input.kb;
    let sentence: &'a Sentence = &input.sentences[index];
    for m in input.facts.names(index) {
        let span = m.span.clone();
        let cards = m
            .entities
            .iter()
            .any(|&i| kb.entity(i).kind == Kind::Accelerator);
        if !cards {
            continue;
        }
        // The nearest count: in "one 8× H100 node" the 8 counts the cards.
        let counted = sentence.tokens.iter().rev().find_map(|t| match t {
            Token::Quantity(c)
                if c.span.end <= span.start
                    && gap(text, &c.span, &span) <= 2
                    && c.number.nominal >= 1.0
                    && c.number.nominal.fract() == 0.0
                    && !c.is_share
                    && c.dimension().is_dimensionless()
                    && matches!(c.dimension().exponent(Base::Accelerator), 0 | 1) =>
            {
                Some((c.span.clone(), c.number.nominal))
            }
            _ => None,
        });
        // "on one H100", "一张 H100": a single card, said in words.
        let single = || {
            let before = text[..span.start].trim_end();
            [
                "one", "a single", "single", "an", "a", "一张", "一張", "一块", "一塊", "单张",
                "單張", "单卡", "單卡",
            ]
            .iter()
            .find(|w| {
                before.ends_with(*w)
                    && before[..before.len() - w.len()]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_ascii_alphanumeric())
            })
            .map(|w| (before.len() - w.len()..before.len(), 1.0))
        };
        let in_figures = counted.is_some();
        let (count_span, count) = counted.or_else(single)?;
        let per_card = sentence.tokens.iter().find_map(|t| match t {
            Token::Quantity(p)
                if p.span.start >= span.end
                    && gap(text, &span, &p.span) <= 2
                    && !p.dimension().is_dimensionless() =>
            {
                Some(&**p)
            }
            _ => None,
        });
        let count_text = if in_figures {
            text[count_span.clone()]
                .trim_end_matches(['×', 'x', '*'])
                .trim()
                .to_string()
        } else {
            "1".to_string()
        };
        return Some(Configuration {
            mention: Mention {
                span: count_span.start..span.end,
                entities: input.variants(&m.entities),
            },
            count,
            count_text,
            per_card,
        });
    }
    None
}

/// Whether a figure right after the configuration, in brackets or after
/// "=", states what it holds ("two H100 80 GB (160 GB)"): the capacity, not
/// a use of it.
fn totals_the_configuration(text: &str, config: &Configuration, u: &Quantity) -> bool {
    let end = config.per_card.map_or(config.mention.span.end, |p| {
        p.span.end.max(config.mention.span.end)
    });
    let between = text[end..u.span.start.max(end)]
        .trim()
        .trim_end_matches(['(', '（', '=', ',', '，'])
        .trim()
        .to_lowercase();
    u.span.start >= end && (between.is_empty() || MACHINE_WORDS.contains(&between.as_str()))
}

/// Words for the machine a configuration is, between it and the total it
/// holds: "one 8× H100 node (640 GB)".
const MACHINE_WORDS: [&str; 12] = [
    "node",
    "server",
    "box",
    "system",
    "machine",
    "节点",
    "節點",
    "服务器",
    "伺服器",
    "机器",
    "機器",
    "整机",
];

/// Characters between two spans, separators like "×" and "块" not counted.
fn gap(text: &str, first: &Range<usize>, second: &Range<usize>) -> usize {
    text[first.end..second.start]
        .chars()
        .filter(|c| !c.is_whitespace() && !"×x*张張块塊个個颗顆".contains(*c))
        .count()
}

/// What a configuration provides under one reading.
struct Capacity {
    total: Interval,
    per_card_text: String,
    /// The variant whose figure it is, when the knowledge base gave it.
    variant: Option<String>,
    /// Whether the card's GB are read as GiB.
    binary: bool,
    source: Option<SourceRef>,
}

impl Capacity {
    /// The reading, after the figure it gives: " (H100 SXM, GB as GiB)".
    fn note(&self) -> Option<Message> {
        match (&self.variant, self.binary) {
            (Some(v), false) => Some(msg!("bound-note-variant", variant = v)),
            (Some(v), true) => Some(msg!("bound-note-variant-binary", variant = v)),
            (None, true) => Some(msg!("bound-note-binary")),
            (None, false) => None,
        }
    }
}

/// The configuration's total under every reading: the figure written beside
/// the card, else each variant's from the knowledge base; GB also as GiB.
fn capacities(kb: &Kb, config: &Configuration, attribute: &str) -> Vec<Capacity> {
    let mut out = Vec::new();
    let mut push = |per: Interval,
                    binary: Option<Interval>,
                    text: String,
                    variant: Option<&Entity>,
                    source| {
        let name = variant.map(|e| e.name.clone());
        out.push(Capacity {
            total: per.scale(config.count),
            per_card_text: text.clone(),
            variant: name.clone(),
            binary: false,
            source,
        });
        if let Some(b) = binary {
            out.push(Capacity {
                total: b.scale(config.count),
                per_card_text: text,
                variant: name,
                binary: true,
                source: None,
            });
        }
    };
    if let Some(p) = config.per_card
        && attribute == "memory_capacity"
        && p.dimension() == Dimension::of(Base::Byte)
    {
        // The card's figure as written, to its last digit: "80GB" is 80 GB.
        let stated = p.premise();
        let binary = p
            .unit
            .binary_factor
            .map(|b| stated.scale(b / p.unit.factor));
        let text = format!("{} {}", number(p.number.nominal), p.unit.label);
        push(stated, binary, text, None, None);
        return out;
    }
    for &i in &config.mention.entities {
        let e = kb.entity(i);
        let Some(fact) = e.facts_of(attribute).next() else {
            continue;
        };
        let FactValue::Measure(m) = &fact.value().value else {
            continue;
        };
        let binary = m
            .unit
            .binary_factor
            .filter(|_| attribute == "memory_capacity")
            .map(|b| m.interval.scale(b / m.unit.factor));
        let source = kb.source(&fact.value().source).map(|s| SourceRef {
            id: s.id.clone(),
            title: s.title.clone(),
            url: s.url.clone(),
        });
        push(m.interval, binary, m.shown(), Some(e), source);
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn bounds(text: &str) -> Vec<(Verdict, String)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "bound")
            .map(|f| (f.verdict, text[f.span.clone()].to_string()))
            .collect()
    }

    #[test]
    fn a_requirement_the_text_says_exceeds_the_card_agrees_with_it() {
        assert!(bounds("7B 模型训练共需 112 GB，超过单张 A100 80GB，必须切分。").is_empty());
        assert!(bounds("Training needs 112 GB, which exceeds one A100 80GB.").is_empty());
        let cannot = "Serving needs about 150 GB, so one H100 (80 GB) cannot hold it, but two can.";
        assert!(bounds(cannot).is_empty(), "{:?}", bounds(cannot));
        assert_eq!(
            bounds("Training needs 112 GB on one A100 80GB."),
            [(Verdict::Contradicted, "112 GB".to_string())]
        );
    }

    #[test]
    fn a_requirement_at_another_precision_than_the_fit_is_no_bound() {
        let text = "A 70B model that needs 141 GB in fp16 fits on a single H100 80 GB at int8.";
        assert!(bounds(text).is_empty(), "{:?}", bounds(text));
        // One precision: the requirement is the hardware's to meet.
        let text = "A 70B model that needs 141 GB in fp16 runs on a single H100 80 GB.";
        assert_eq!(bounds(text).len(), 1, "{:?}", bounds(text));
    }

    #[test]
    fn a_cards_figure_in_brackets_is_no_requirement() {
        let text = "实际显存需求通常为 80~100 GB。单张 A100(80GB)或 H100(80GB/94GB)可能勉强运行。";
        assert!(
            bounds(text)
                .iter()
                .all(|(_, figure)| !figure.contains("94")),
            "{:?}",
            bounds(text)
        );
    }

    #[test]
    fn a_requirement_beside_hardware_of_its_own_borrows_no_configuration() {
        let text = "FP16 全精度 80~100 GB 2×A100/H100(80GB) 128 GB\n4-bit 量化 20~24 GB 1×RTX 4090 32~64 GB\n";
        assert!(
            bounds(text)
                .iter()
                .all(|(_, figure)| !figure.contains("80~100")),
            "{:?}",
            bounds(text)
        );
    }

    #[test]
    fn a_total_in_brackets_after_a_count_of_cards_is_a_requirement() {
        // Checked against the sixteen cards: 1,280 GB, or 1,374 GB if the
        // cards' GB are GiB.
        let text = "超大规模部署需要 16×H100 80GB 集群(1.34TB显存)。";
        assert_eq!(
            bounds(text)
                .iter()
                .map(|(_, f)| f.as_str())
                .collect::<Vec<_>>(),
            ["1.34TB"]
        );
    }

    #[test]
    fn what_a_configuration_holds_is_no_use_of_it() {
        // "(160 GB)" is the two cards' capacity; 55 GB left of it is well
        // within it.
        assert!(
            bounds(
                "The weights fit on two H100 80 GB (160 GB) with at least 55 GB left for KV cache."
            )
            .iter()
            .all(|(verdict, _)| *verdict == Verdict::Verified)
        );
        // "one 8× H200 node (1,128 GB)": eight cards, and the machine's
        // capacity in brackets.
        assert!(
            bounds("BF16 weights of 810 GB fit one 8× H200 node (1,128 GB).")
                .iter()
                .all(|(verdict, _)| *verdict == Verdict::Verified)
        );
        assert_eq!(
            bounds("The BF16 weights need 1,300 GB, on one 8× H200 node."),
            [(Verdict::Contradicted, "1,300 GB".to_string())]
        );
        // A use stated before the configuration still counts.
        assert_eq!(
            bounds(
                "The weights take 155 GB, which fits on two H100 80GB with at least 20 GB left."
            ),
            [(Verdict::Contradicted, "at least 20 GB".to_string())]
        );
    }
}
