//! `share`: a percentage of a whole that the stated part and whole do not
//! give.
//!
//! Catches "the accelerators stay below 40% of the 150 MW target" when the
//! accelerators were said to draw 70 MW (46.7%), and "planned work was about
//! 19% of all stops" after "466 interruptions; of those, 47 were planned"
//! (10.1%). The whole is the figure right after "of (the)" ("40% of the 150
//! MW target"), or, for "of all …" and "占全部…的", the whole the paragraph
//! stated before listing its parts ("466 … of those"). The part is the
//! nearest earlier figure of the whole's kind whose clause shares a word with
//! the words before the percentage ("planned work" and "planned
//! maintenance"; "accelerators" and "GPUs", which cue the same kind).
//!
//! Why it matters: a share is a division the reader rarely redoes, and a
//! wrong one changes the argument it supports.
//!
//! A percentage change ("up 35% from 112,000", "从 900 GB/s 降到 400 GB/s，
//! 砍掉了近七成") is the change between the two figures around it; between
//! two percentages ("MFU 从 28% 优化到 40%，提升了 30%") it may be relative
//! (42.9%) or in points (12): both are readings. Only figures the sentence
//! marks as the change's ends ("from … to", "较 …", "up 35% from …", a
//! figure of the earlier period) can contradict it; two that merely stand
//! near it ("revenue $10.2 bn; data centre $5.4 bn, up 34%") may confirm
//! it, but are too often other things to contradict it.
//!
//! A share right before the part it gives ("其中国产算力占比 35%，即 700
//! PFLOPS", "25%, or $12 million") is checked the other way: the part
//! against the share of a whole of its kind stated before it in the
//! sentence, or, with none there, in the introduction its list or
//! paragraph follows ("总额 5 亿元，分配如下："), by the whole most of the
//! shares there agree on.
//!
//! Hedges decide: "below 40%" holds for anything up to 40%, "about 19%"
//! allows 5% either way.
//!
//! Example:
//!
//! ```text
//! GPUs: 100,000 × 700 W = 70 MW … stay below 40% of the 150 MW target
//!                                      contradicted: 70 MW ÷ 150 MW = 46.7%
//! ```

use std::collections::BTreeSet;
use std::ops::Range;

use crate::check::finding::{Finding, Related, Verdict, as_written};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::quantity::{Quantity, Token};
use crate::read::markdown::BlockKind;
use crate::read::segment::{at_most_chars, clause_at, inside_brackets, last_chars};
use crate::units::Dimension;

pub struct Share;

impl Check for Share {
    fn code(&self) -> &'static str {
        "share"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("share.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let text = input.doc.text.as_str();
        // The figures so far, with the words of their clauses: the last
        // RECENT at least, those a share may take as its part.
        let mut earlier: Vec<Stated> = Vec::new();
        let mut whole: Option<Stated> = None;
        let mut block = None;
        for (index, sentence) in input.sentences.iter().enumerate() {
            if block != Some(sentence.block) {
                whole = None;
                block = Some(sentence.block);
            }
            let in_cell = input
                .blocks
                .get(sentence.block)
                .is_some_and(|b| matches!(b.kind, BlockKind::Cell { .. }));
            let clause_ranges = input.facts.clauses(index);
            let clause_of = |q: &Quantity| {
                clause_at(clause_ranges, q.span.start)
                    .cloned()
                    .unwrap_or(sentence.span.clone())
            };
            let parts_cue = input
                .facts
                .cues(index)
                .iter()
                .find(|f| f.cue == Cue::Parts)
                .map(|f| f.span.start);
            for token in &sentence.tokens {
                let Token::Quantity(q) = token else {
                    continue;
                };
                let clause = clause_of(q);
                if q.unit.label == "%" {
                    let before = index
                        .checked_sub(1)
                        .map(|i| &input.sentences[i])
                        .filter(|s| s.block == sentence.block);
                    let found = change(text, q, &clause, sentence, before, input.tolerance)
                        .or_else(|| {
                            (!q.is_share)
                                .then(|| {
                                    let whole = whole.as_ref();
                                    let tokens = &sentence.tokens;
                                    let at = Context {
                                        clause: &clause,
                                        sentence_start: sentence.span.start,
                                        tokens,
                                    };
                                    check(text, q, &at, &earlier, whole, input.tolerance)
                                })
                                .flatten()
                        });
                    findings.extend(found);
                    continue;
                }
                if q.dimension().is_dimensionless() && !q.unit.is_one() {
                    continue;
                }
                // What a figure is said of: the words after it, on to the next
                // figure, within its clause ("47 were planned maintenance and
                // 419 …"), and those before it when it comes first.
                let next_figure = sentence
                    .tokens_from(q.span.end)
                    .iter()
                    .find_map(|t| match t {
                        Token::Quantity(x) if x.span.start >= q.span.end => Some(x.span.start),
                        _ => None,
                    });
                let after_end = next_figure
                    .map_or(clause.end, |n| n.min(clause.end))
                    .max(q.span.end);
                let previous_figure =
                    sentence
                        .tokens_to(q.span.start)
                        .iter()
                        .rev()
                        .find_map(|t| match t {
                            Token::Quantity(x) if x.span.end <= q.span.start => Some(x.span.end),
                            _ => None,
                        });
                // Words before a figure are its own only when no figure of
                // the clause comes first: in "96 were network faults and
                // 224 were GPU faults", "network" is the 96's.
                let before_start = match previous_figure {
                    Some(p) if p > clause.start => q.span.start,
                    _ => clause.start,
                };
                let mut said_of = words(
                    &text[before_start..q.span.start],
                    &text[q.span.end..after_end],
                );
                // "- **GPUs:** 100,000 × 700 W = 70 MW": a label opening the
                // sentence names what its figures are about.
                if let Some(label) = clause_ranges.first().filter(|c| {
                    text[(*c).clone()].trim_end().ends_with([':', '：'])
                        && c.end <= q.span.start
                        && !sentence
                            .tokens
                            .iter()
                            .any(|t| matches!(t, Token::Quantity(x) if x.span.start < c.end))
                }) {
                    said_of.extend(words(&text[label.clone()], ""));
                }
                let stated = Stated {
                    quantity: q,
                    words: said_of,
                };
                // "466 interruptions. Of those, …": the whole of the parts;
                // never a figure in brackets, an aside such as the year
                // before's ("收入 38.6 亿元（2023 年为 27.1 亿元）；其中…").
                let aside = inside_brackets(&text[sentence.span.start..q.span.start]);
                if !aside
                    && (parts_cue.is_some_and(|at| q.span.end <= at)
                        || parts_follows(input, index, q))
                {
                    whole = Some(stated.clone());
                }
                // A table's cells are the table check's: which column a
                // prose share means is not said ("| 收入 | 312.4 | 588.6 |").
                if in_cell {
                    continue;
                }
                if earlier.len() == 2 * RECENT {
                    earlier.drain(..RECENT);
                }
                earlier.push(stated);
            }
        }
        parts_after_shares(input, findings);
    }
}

/// Words between a share and the part it gives: "25%，即 1.5 亿元", "35%, or
/// 700 PFLOPS", "60% (3 亿元)".
const GIVES_PART: [&str; 12] = [
    "即",
    "也就是",
    "合",
    "约",
    "約",
    "相当于",
    "相當於",
    "i.e.",
    "or",
    "or about",
    "that is",
    "about",
];

/// A share right before the part it gives ("其中国产算力占比 35%，即 700
/// PFLOPS"): the part is the share of a whole of its kind stated before,
/// in the sentence, or, for an item of a list, in the list's introduction.
/// A sentence's share is checked against the figures of its kind before
/// it, one of which must give the part (a contradiction needs exactly one,
/// and no change word, "增长 25%，即 1.5 亿元" being an increase); a list's
/// items against the whole that most of them (two at least, half of them)
/// agree with.
fn parts_after_shares(input: &Input, findings: &mut Vec<Finding>) {
    let text = input.doc.text.as_str();
    // The shares with no whole in their sentence, by the introduction
    // their block follows: (introduction, sentence, share, part).
    let mut items: Vec<(usize, usize, &Quantity, &Quantity)> = Vec::new();
    for (index, sentence) in input.sentences.iter().enumerate() {
        let figures: Vec<&Quantity> = sentence
            .tokens
            .iter()
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(&**q),
                _ => None,
            })
            .collect();
        for pair in figures.windows(2) {
            let (share, part) = (pair[0], pair[1]);
            if !is_percent(share) || is_percent(part) || part.unit.is_one() {
                continue;
            }
            let between = text[share.span.end..part.span.start]
                .trim_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '(' | '（'));
            // "35%，约 800 PFLOPS": the hedge is the part's, and joins them.
            let joined = between.is_empty()
                && (text[share.span.end..part.span.start].contains(['(', '（'])
                    || part.hedge.is_some());
            if !joined && !GIVES_PART.contains(&between.to_lowercase().as_str()) {
                continue;
            }
            // "$0.07 per diluted share": a rate, no part of a whole.
            let after = text[part.span.end..].trim_start().to_lowercase();
            if ["per ", "/", "每", "a ", "an "]
                .iter()
                .any(|w| after.starts_with(w))
            {
                continue;
            }
            let wholes: Vec<&Quantity> = figures
                .iter()
                .copied()
                .filter(|w| w.span.end <= share.span.start && is_whole_of(w, part))
                .collect();
            if wholes.is_empty() {
                if let Some(intro) = introduction(input, sentence.block) {
                    items.push((intro, index, share, part));
                }
                continue;
            }
            let clause = clause_at(input.facts.clauses(index), share.span.start)
                .cloned()
                .unwrap_or(sentence.span.clone());
            let changes = Cues::builtin()
                .find(&text[clause])
                .iter()
                .any(|f| f.cue == Cue::Change);
            let holding = wholes
                .iter()
                .find(|w| gives_part(share, w, part, input.tolerance));
            match (holding, wholes.as_slice()) {
                (Some(w), _) => findings.push(part_finding(text, share, w, part, true)),
                (None, [w]) if !changes && near_enough(share, w, part) => {
                    findings.push(part_finding(text, share, w, part, false));
                }
                _ => {}
            }
        }
    }
    items.sort_by_key(|&(intro, sentence, ..)| (intro, sentence));
    for group in items.chunk_by(|a, b| a.0 == b.0) {
        let intro = group[0].0;
        let wholes: Vec<&Quantity> = input
            .sentences
            .iter()
            .filter(|s| s.block == intro)
            .flat_map(|s| s.tokens.iter())
            .filter_map(|t| match t {
                Token::Quantity(q) if !is_percent(q) => Some(&**q),
                _ => None,
            })
            .collect();
        let agreeing = |w: &Quantity| {
            group
                .iter()
                .filter(|(_, _, share, part)| {
                    is_whole_of(w, part) && gives_part(share, w, part, input.tolerance)
                })
                .count()
        };
        let Some(best) = wholes.iter().copied().max_by_key(|w| agreeing(w)) else {
            continue;
        };
        let agreed = agreeing(best);
        if agreed < 2 || 2 * agreed < group.len() {
            continue;
        }
        for &(_, _, share, part) in group {
            if !is_whole_of(best, part) {
                continue;
            }
            let holds = gives_part(share, best, part, input.tolerance);
            findings.push(part_finding(text, share, best, part, holds));
        }
    }
}

/// The block that introduces a block's figures: its list's introduction
/// ("资金按以下比例分配：" before "- 60%，即 3 亿元"), or the paragraph right
/// before it when that ends with a colon.
fn introduction(input: &Input, block: usize) -> Option<usize> {
    let text = input.doc.text.as_str();
    let this = input.blocks.get(block)?;
    if this.item.is_some() {
        return this.intro;
    }
    let before = block.checked_sub(1)?;
    let previous = input.blocks.get(before)?;
    let ends_with_colon = previous
        .pieces
        .last()
        .is_some_and(|r| text[r.clone()].trim_end().ends_with([':', '：']));
    (matches!(previous.kind, BlockKind::Paragraph) && ends_with_colon).then_some(before)
}

fn is_percent(q: &Quantity) -> bool {
    q.is_share || q.unit.label == "%" || q.unit.label == "％"
}

/// Whether `whole` may be the whole `part` is a share of: the same kind,
/// and larger.
fn is_whole_of(whole: &Quantity, part: &Quantity) -> bool {
    whole.dimension() == part.dimension()
        && whole.premise().nominal > part.premise().nominal
        && whole.span != part.span
}

/// Whether a part that the share of a whole does not give is within a
/// factor of ten of what it gives: further off, it is another figure of the
/// sentence (earnings per share beside a net income), not the part.
fn near_enough(share: &Quantity, whole: &Quantity, part: &Quantity) -> bool {
    let given = share.premise().nominal * whole.premise().nominal;
    (0.1..=10.0).contains(&(part.claimed(false, false).nominal / given).abs())
}

fn gives_part(share: &Quantity, whole: &Quantity, part: &Quantity, tolerance: f64) -> bool {
    part.claimed(false, false)
        .meets_within(&(share.premise() * whole.premise()), tolerance)
}

fn part_finding(
    text: &str,
    share: &Quantity,
    whole: &Quantity,
    part: &Quantity,
    holds: bool,
) -> Finding {
    let claim = &text[part.span.clone()];
    let product = share.premise().nominal * whole.premise().nominal;
    let computed = format!(
        "{} × {} = {}",
        &text[share.span.clone()],
        &text[whole.span.clone()],
        part.restate(claim, product)
    );
    Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "share",
        span: part.span.clone(),
        label_span: part.span.clone(),
        label: as_written(computed.clone()),
        message: if holds {
            msg!("message-matches", claim = claim, computed = &computed)
        } else {
            msg!("message-not", computed = &computed, claim = claim)
        },
        steps: vec![as_written(computed)],
        related: vec![
            Related {
                span: share.span.clone(),
                note: msg!("note-share"),
            },
            Related {
                span: whole.span.clone(),
                note: msg!("note-whole"),
            },
        ],
        sources: Vec::new(),
        help: (!holds).then(|| msg!("share-help-part")),
    }
}

/// Words that name a rate of change, whose value a share after "to" is.
const RATE_WORDS: [&str; 12] = [
    "growth",
    "rate",
    "yoy",
    "增速",
    "增幅",
    "涨幅",
    "漲幅",
    "增长率",
    "增長率",
    "降幅",
    "跌幅",
    "同比",
];

/// Whether a comparison word points at the figure: "较 H100 的 700W",
/// "比 700W", "than the H100's 700 W", "compared with 700 W".
fn compared_to(text: &str, figure: &Quantity) -> bool {
    compared_before(text, figure.span.start)
}

/// Whether a comparison word stands in the clause right before `at`.
fn compared_before(text: &str, at: usize) -> bool {
    let near = last_chars(&text[..at], 24);
    // Within the figure's clause only.
    let before = near
        .rsplit(|c: char| "。！？；，,;!?\n".contains(c))
        .next()
        .unwrap_or(near);
    let lower = before.to_lowercase();
    [
        "较",
        "較",
        "比",
        "相比",
        "相较",
        "相較",
        "than",
        "compared with",
        "compared to",
        "versus",
        "vs",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether a sentence opens on a word pointing back at the one before:
/// Whether a figure stands in brackets right after another figure, as its
/// breakdown: the "400 W" of "from 1,600 W (4 × 400 W) to 700 W".
fn breaks_down_a_figure(
    text: &str,
    sentence: &crate::read::segment::Sentence,
    figure: &Quantity,
) -> bool {
    let lead = &text[sentence.span.start..figure.span.start];
    let Some(open) = lead.rfind(['(', '（']) else {
        return false;
    };
    if lead[open..].contains([')', '）']) {
        return false;
    }
    let before = lead[..open].trim_end();
    let before_end = sentence.span.start + before.len();
    sentence.tokens.iter().any(|t| match t {
        Token::Quantity(f) => f.span.end == before_end,
        _ => false,
    })
}

/// Whether a figure is the whole another percentage of the sentence is
/// taken of: the "393 億美元" of "佔當季總收入 393 億美元的 90.6%", the "$39.3
/// billion" of "90.6% of $39.3 billion". It belongs to that share, and is
/// no end of a change stated beside it.
fn whole_of_another_share(
    text: &str,
    sentence: &crate::read::segment::Sentence,
    figure: &Quantity,
    share: &Quantity,
) -> bool {
    let figures: Vec<&Quantity> = sentence
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(f) => Some(&**f),
            _ => None,
        })
        .collect();
    let Some(at) = figures.iter().position(|f| f.span == figure.span) else {
        return false;
    };
    let other_share = |f: &&&Quantity| f.span != share.span && is_percent(f);
    let taken_of_it = figures
        .get(at + 1)
        .filter(other_share)
        .is_some_and(|next| matches!(text[figure.span.end..next.span.start].trim(), "的" | "之"));
    let of_it = at
        .checked_sub(1)
        .and_then(|i| figures.get(i))
        .filter(other_share)
        .is_some_and(|prev| {
            let gap = text[prev.span.end..figure.span.start].trim().to_lowercase();
            gap.split_whitespace().next() == Some("of")
                && gap.split_whitespace().count() <= 5
                && !gap.contains([',', ';'])
        });
    taken_of_it || of_it
}

/// Whether a figure stands alone in brackets right after a comparison
/// word, as the value compared with: the "78.9%" of "较上周（78.9%）提升 1.7
/// 个百分点", "than last week (78.9%)". It is no size of a change.
fn compared_in_brackets(text: &str, figure: &Quantity) -> bool {
    let before = text[..figure.span.start].trim_end();
    let after = text[figure.span.end..].trim_start();
    let Some(outside) = before.strip_suffix(['(', '（']) else {
        return false;
    };
    after.starts_with([')', '）']) && compared_before(text, outside.trim_end().len())
}

/// "This is up from …", "这比…", "這較…".
fn opens_on_this(text: &str, sentence: &crate::read::segment::Sentence) -> bool {
    let head = text[sentence.span.clone()].trim_start();
    let first_word: String = head
        .chars()
        .take_while(|c| c.is_alphabetic() && c.is_ascii())
        .collect::<String>()
        .to_lowercase();
    matches!(first_word.as_str(), "this" | "that" | "it") || head.starts_with(['这', '這', '此'])
}

/// Whether a clause ends on a colon, opening what follows as its detail.
fn introduces(text: &str, clause: &Range<usize>) -> bool {
    text[clause.start..clause.end.min(text.len())]
        .trim_end()
        .ends_with([':', '：'])
        || text[clause.end.min(text.len())..]
            .trim_start()
            .starts_with([':', '：'])
}

/// Whether the sentence says the change starts at the figure: "从 900
/// GB/s", "由 1,008 GB/s 升到", "from 900 GB/s".
fn stated_from(text: &str, sentence: &crate::read::segment::Sentence, figure: &Quantity) -> bool {
    let tail = last_chars(&text[sentence.span.start..figure.span.start], 12).to_lowercase();
    tail.contains('从') || tail.contains('從') || tail.contains("from") || {
        // 由 opens the span only right before the figure: "由于" is "because".
        let lead = tail.trim_end();
        lead.ends_with('由') && !lead.ends_with("理由")
    }
}

/// Whether the sentence says the change ends at the figure: "优化到 40%",
/// "降至 400 GB/s", "to 3,840 tokens/s".
fn stated_to(text: &str, sentence: &crate::read::segment::Sentence, figure: &Quantity) -> bool {
    let tail = last_chars(&text[sentence.span.start..figure.span.start], 4).to_lowercase();
    let tail = tail.trim_end();
    tail.ends_with('到') || tail.ends_with('至') || tail.ends_with(" to") || tail == "to"
}

/// Whether a figure is the change itself rather than one of its ends:
/// "$451.2bn, up $80.2bn from $361.0bn, or 25.0% growth" changes from
/// $361.0bn to $451.2bn.
fn stated_as_change(
    text: &str,
    sentence: &crate::read::segment::Sentence,
    figure: &Quantity,
) -> bool {
    let lead = last_chars(&text[sentence.span.start..figure.span.start], 8).to_lowercase();
    // "up **$80.2bn**": emphasis marks are no words.
    let lead = lead.trim_end_matches(|c: char| c.is_whitespace() || c == '*' || c == '_');
    lead.ends_with(" up") || lead.ends_with(" down") || lead == "up" || lead == "down"
}

/// "从 900 GB/s 降到 400 GB/s，等于砍掉了近七成": a share with a change
/// word in its clause is the change between the two figures of one kind
/// stated last before it in the sentence, over the first.
/// Words that make a change one over a period: year on year, quarter on
/// quarter, month on month.
const PERIODIC_CHANGES: [&str; 31] = [
    "年增",
    "年減",
    "年减",
    "同比",
    "按年",
    "年成长",
    "年成長",
    "年增长",
    "年增長",
    "季增",
    "季減",
    "季减",
    "环比",
    "環比",
    "按季",
    "月增",
    "月減",
    "月减",
    "按月",
    "yoy",
    "year over year",
    "year-over-year",
    "year on year",
    "quarter over quarter",
    "quarter-over-quarter",
    "from the same period",
    "from the year-ago",
    "from a year earlier",
    "from a year ago",
    "from last year",
    "over last year",
];

/// Words just before a figure that make it an earlier period's: the base
/// of a change over that period.
const EARLIER_PERIOD: [&str; 28] = [
    "去年",
    "上年",
    "前一年",
    "前一",
    "前年",
    "上一年",
    "年前",
    "同期",
    "上季",
    "前一季",
    "上一季",
    "上月",
    "前一月",
    "上个月",
    "上個月",
    "上周",
    "上週",
    "last year",
    "a year earlier",
    "a year ago",
    "year-ago",
    "prior year",
    "previous year",
    "last quarter",
    "previous quarter",
    "prior quarter",
    "a quarter earlier",
    "last month",
];

/// Whether the words just before a figure mark it as an earlier period's
/// ("较去年同期的 1,240 億元", "較前一（2024）年的 298 億美元", "from $25bn a
/// year earlier" is read by the caller).
fn of_an_earlier_period(text: &str, figure: &Quantity) -> bool {
    let before = last_chars(&text[..figure.span.start], 16).to_lowercase();
    let after = crate::read::segment::first_chars(&text[figure.span.end..], 20).to_lowercase();
    EARLIER_PERIOD.iter().any(|w| before.contains(w))
        || [
            "a year earlier",
            "a year ago",
            "last year",
            "in the year-ago",
        ]
        .iter()
        .any(|w| after.contains(w))
}

/// The length of period a change word or a date names.
#[derive(PartialEq, Eq, Clone, Copy)]
enum Period {
    Year,
    Quarter,
    Month,
}

fn period_kind(change_word: &str) -> Period {
    if ["季", "环比", "環比", "quarter"]
        .iter()
        .any(|w| change_word.contains(w))
    {
        Period::Quarter
    } else if change_word.contains('月') {
        Period::Month
    } else {
        Period::Year
    }
}

fn label_kind(label: &str) -> Period {
    if label.contains('季') || label.starts_with('q') || label.starts_with('h') {
        Period::Quarter
    } else if label.contains('月') {
        Period::Month
    } else {
        Period::Year
    }
}

/// Whether a comparison word sets the figure against another as its base:
/// "較第二季的 820 櫃", "than 700 W"; "同比" and "环比" name a period, not
/// a base.
fn set_against(text: &str, figure: &Quantity) -> bool {
    let tail = last_chars(&text[..figure.span.start], 12)
        .to_lowercase()
        .replace("同比", "")
        .replace("环比", "")
        .replace("環比", "");
    ["較", "较", "比", "compared", "than", "versus", " vs"]
        .iter()
        .any(|w| tail.contains(w))
}

/// The period a figure is dated by just before it: "第三季", "9 月", "Q3",
/// "2024 年", "FY2024", "上半年".
fn period_label(text: &str, figure: &Quantity) -> Option<String> {
    static PERIOD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"(?i)第[一二三四1-4]季|[一二三四五六七八九十\d]{1,2}\s*月|\bq[1-4]\b|[12]\d{3}\s*年|fy\s?\d{2,4}|[上下]半年|\bh[12]\b|上季|本季|今年|去年|前年|明年",
        )
        .expect("a valid pattern")
    });
    let before = last_chars(&text[..figure.span.start], 24);
    PERIOD.find_iter(before).last().map(|m| {
        m.as_str()
            .split_whitespace()
            .collect::<String>()
            .to_lowercase()
    })
}

/// Whether the words of a change's clause before its size name a thing of
/// their own (four Chinese characters or two English words besides the
/// change words) with no attribute of `dimension` among them.
fn names_another_thing(
    text: &str,
    clause: &Range<usize>,
    q: &Quantity,
    dimension: Dimension,
) -> bool {
    let lead = &text[clause.start..q.span.start.max(clause.start)];
    let cues = Cues::builtin().find(lead);
    let change_chars: usize = cues
        .iter()
        .filter(|f| f.cue == Cue::Change)
        .map(|f| {
            lead[f.span.clone()]
                .chars()
                .filter(|c| !c.is_ascii())
                .count()
        })
        .sum();
    let han = lead
        .chars()
        .filter(|c| !c.is_ascii() && c.is_alphabetic())
        .count();
    let english = lead
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .count();
    let wordy = han.saturating_sub(change_chars) >= 4 || english >= 3;
    let own = crate::check::ratio::attributes_of_dimension(dimension);
    let same_attribute = cues
        .iter()
        .any(|f| matches!(&f.cue, Cue::Attribute(a) if own.contains(a)));
    wordy && !same_attribute && !own.is_empty()
}

fn change(
    text: &str,
    q: &Quantity,
    clause: &Range<usize>,
    sentence: &crate::read::segment::Sentence,
    previous: Option<&crate::read::segment::Sentence>,
    tolerance: f64,
) -> Option<Finding> {
    // "up 35% from 112,000", "down 8%": a share right after up or down.
    let lead = last_chars(&text[clause.start..q.span.start], 6).to_lowercase();
    let up_or_down = lead.trim_end().ends_with(" up")
        || lead.trim_end().ends_with(" down")
        || ["up", "down"].contains(&lead.trim());
    let cued = up_or_down
        || Cues::builtin()
            .find(&text[clause.clone()])
            .iter()
            .any(|f| f.cue == Cue::Change);
    // "MFU 提高到 50%", "rose to 40%": the share is where the change ends,
    // not its size, unless the clause names a rate of change ("growth slows
    // to 12%", "增速放缓至 12%").
    if compared_in_brackets(text, q) {
        return None;
    }
    let to = lead.trim_end();
    let clause_text = text[clause.clone()].to_lowercase();
    let names_a_rate = RATE_WORDS.iter().any(|w| clause_text.contains(w));
    // "improved to 58% from 41%", "从 41% 提高": a share right after
    // "from" is where the change starts, never its size.
    let from = to.ends_with(" from") || to == "from" || to.ends_with(['从', '從']);
    // "毛利率指引为 75%": a share after "为" or "是" is a level, unless the
    // clause names a rate of change ("增幅为 30%").
    let level = to.ends_with(['到', '至', '为', '為', '是']) || to.ends_with(" to");
    if !cued || from || level && !names_a_rate {
        return None;
    }
    // The two figures of one kind: the last two before the share, else the
    // one before and the one after it ("148,000, up 35% from 112,000"),
    // else the first two after ("fell 8% to $0.71 billion from $0.81
    // billion"). Counts take part only with counts.
    // Percentages change too ("MFU 只有 28%，后来优化到 40%，提升了 30%"): the
    // figures before the share, percentages included, when the two nearest
    // are both percentages; otherwise percentages take no part.
    let percent = |f: &Quantity| f.is_share || f.unit.label == "%";
    let all: Vec<&Quantity> = sentence
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(f)
                if f.span != q.span
                    && !stated_as_change(text, sentence, f)
                    && !breaks_down_a_figure(text, sentence, f)
                    && !whole_of_another_share(text, sentence, f, q) =>
            {
                Some(&**f)
            }
            _ => None,
        })
        .collect();
    let split_all = all.partition_point(|f| f.span.end <= q.span.start);
    let of_percentages = matches!(&all[..split_all], [.., a, b] if percent(a) && percent(b));
    let figures: Vec<&Quantity> = all
        .into_iter()
        .filter(|f| percent(f) == of_percentages)
        .collect();
    let split = figures.partition_point(|f| f.span.end <= q.span.start);
    let (before, after) = figures.split_at(split);
    // "was $198.6 million, up 63.6% from $121.4 million … and up 12.3% from
    // $176.9 million": a share right before "from" has that figure as its
    // base, and changes the figure the sentence began with, not another
    // one's base.
    let own_base = after.first().filter(|f| {
        let gap = text[q.span.end..f.span.start].trim().to_lowercase();
        gap == "from" || gap == "from the"
    });
    // "營收 1,420 億元，較 9 月的 1,310 億元月增 8.4%，較去年同期的 1,050
    // 億元年增 45.2%": the compared figure right before the share is its
    // base, and the change is of the first figure of its kind before.
    let compared_base = before
        .last()
        .filter(|f| compared_to(text, f) && at_most_chars(&text[f.span.end..q.span.start], 8));
    let own_base = own_base.or(compared_base);
    // Against a compared base, each figure of its kind before it is a
    // reading of what changed ("前三季累計 9,870 億元，較去年同期的 7,820
    // 億元年增 26.2%" changes the 9,870, not the quarter's 2,570): the one
    // that gives the share, else the nearest.
    let claimed_size = q.claimed(false, false);
    let gives = |f: &Quantity, b: &Quantity| {
        let exact = |x: &Quantity| Interval::exact(x.number.nominal * x.unit.factor);
        (exact(f) - exact(b))
            .checked_div(exact(b))
            .is_some_and(|size| {
                let size = Interval::between(
                    size.lo.abs().min(size.hi.abs()),
                    size.lo.abs().max(size.hi.abs()),
                );
                claimed_size.meets_within(&size, tolerance)
            })
    };
    let subject = match compared_base {
        Some(base) => {
            let readings: Vec<&&Quantity> = before
                .iter()
                .filter(|f| {
                    !stated_from(text, sentence, f)
                        && !compared_to(text, f)
                        && f.dimension() == base.dimension()
                        && f.span != base.span
                })
                .collect();
            readings
                .iter()
                .find(|f| gives(f, base))
                .or(readings.last())
                .copied()
        }
        None => before.iter().find(|f| !stated_from(text, sentence, f)),
    };
    // "…were 1.83 million tCO2e. This is up from 1.41 million, an increase
    // of 23%": a sentence that opens on "this" and states only the base
    // changes a figure of the sentence before; each of its kind and scale
    // there is a reading, the one that gives the share else the last.
    let anaphoric = match (before, after, previous) {
        ([base], [], Some(previous))
            if stated_from(text, sentence, base) && opens_on_this(text, sentence) =>
        {
            let readings: Vec<&Quantity> = previous
                .tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Quantity(f)
                        if f.dimension() == base.dimension()
                            && f.unit.is_one() == base.unit.is_one() =>
                    {
                        Some(&**f)
                    }
                    _ => None,
                })
                // A before and an after are of one scale: "0.38" is no
                // earlier "1.41 million".
                .filter(|f| {
                    (0.1..=10.0).contains(&(f.premise().nominal / base.premise().nominal).abs())
                })
                .collect();
            readings
                .iter()
                .find(|f| gives(f, base))
                .or(readings.last())
                .map(|f| (*base, *f))
        }
        _ => None,
    };
    let pair = match (subject.zip(own_base), before, after) {
        _ if anaphoric.is_some() => anaphoric,
        (Some((a, b)), _, _) => Some((*a, *b)),
        (None, [.., a, b], _) => Some((*a, *b)),
        (None, [.., a], [b, ..]) => Some((*a, *b)),
        // "提升 75%，而機櫃占地面積維持 600 mm × 1,200 mm": past the share's
        // clause, two figures after it are another statement's unless the
        // sentence says the change runs from or to them ("slows to 12%,
        // taking spend from $102bn to $114.2bn") or the share's clause
        // introduces what follows ("算力提升30%：…320 TFLOPS，较 H100 的 256
        // TFLOPS").
        (None, [], [a, b, ..])
            if [a, b].iter().all(|f| {
                f.span.end <= clause.end
                    || introduces(text, clause)
                    || stated_from(text, sentence, f)
                    || stated_to(text, sentence, f)
            }) =>
        {
            Some((*a, *b))
        }
        _ => None,
    };
    let (from, to) = pair?;
    if from.dimension() != to.dimension() || from.unit.is_one() != to.unit.is_one() {
        return None;
    }
    // "营收年增 17% 至 813 亿美元，净利成长约 60% 至 384.6 亿美元": two
    // figures that each end a change are the ends of two changes, not the
    // two ends of one.
    // (The figures may stand in the sentence before: read back from each.)
    let lead = |f: &Quantity| {
        last_chars(&text[..f.span.start], 6)
            .trim_end()
            .to_lowercase()
    };
    let right_after_to = |f: &Quantity| {
        let lead = lead(f);
        lead.ends_with(['到', '至']) || lead.ends_with(" to")
    };
    let right_after_from = |f: &Quantity| {
        let lead = lead(f);
        lead.ends_with(['从', '從', '由']) || lead.ends_with(" from")
    };
    let ends_both = |end: &dyn Fn(&Quantity) -> bool| end(from) && end(to);
    if ends_both(&right_after_to) || ends_both(&right_after_from) {
        return None;
    }
    // "資本支出達 224 億美元，年增 70%，遠超市場預期的 181 億美元", "用电量突破
    // 10 万亿千瓦时，达到 10.4 万亿千瓦时，同比增长 5%": a change over a year
    // (a quarter, a month) is against that earlier period's figure, which
    // only a figure marked as of it ("去年的", "2024 年", "a year earlier")
    // or the figure right after "from" can be.
    let periodic = PERIODIC_CHANGES.iter().any(|w| clause_text.contains(w));
    // "up 41% year over year from $3.42 billion"
    let from_right_after = after.first().is_some_and(|f| {
        let gap = text[q.span.end..f.span.start].trim().to_lowercase();
        (gap.ends_with("from") || gap.ends_with("from the")) && at_most_chars(&gap, 32)
    });
    // Dated apart by periods of the change's kind: "第三季 … 第四季" for a
    // change over a quarter, two years for one over a year.
    let kind = PERIODIC_CHANGES
        .iter()
        .find(|w| clause_text.contains(*w))
        .map(|w| period_kind(w));
    let dated_apart = match (period_label(text, from), period_label(text, to)) {
        (Some(a), Some(b)) => a != b && Some(label_kind(&a)) == kind,
        _ => false,
    };
    let based = from_right_after
        || dated_apart
        || [from, to]
            .iter()
            .any(|f| of_an_earlier_period(text, f) || set_against(text, f));
    if periodic && !based {
        return None;
    }
    // Two figures the sentence marks as the change's ends ("from … to",
    // "较 …", "up … from", a figure of the earlier period) are its ends; two
    // that merely stand near the share may be anything ("revenue $10.2 bn,
    // up 34%; data centre $5.4 bn"), so they may confirm the share, where a
    // match is no coincidence, but never contradict it.
    let marked = anaphoric.is_some()
        || own_base.is_some()
        || based
        || [from, to].iter().any(|f| {
            stated_from(text, sentence, f) || stated_to(text, sentence, f) || compared_to(text, f)
        });
    // "单卡带宽提升至 1.8TB/s，实现 10TB/s 全互连带宽，使集群通信效率提升
    // 30%": a change whose clause names its own thing, of another attribute
    // than figures stated in clauses before it, is that thing's.
    if from.span.end <= clause.start
        && to.span.end <= clause.start
        && names_another_thing(text, clause, q, from.dimension())
    {
        return None;
    }
    // Two bare numbers are a before and an after only at one scale: "312
    // 亿" and "一家" are two things.
    let ratio = from.premise().nominal / to.premise().nominal;
    if from.unit.is_one() && !(0.1..=10.0).contains(&ratio.abs()) {
        return None;
    }
    // The writer works the change out from the figures as written, over
    // its base: the figure a comparison word points at ("较 H100 的
    // 700W"), else the first of "from … to …"; with neither, both are
    // readings.
    let exact = |f: &Quantity| Interval::exact(f.number.nominal * f.unit.factor);
    let bases: Vec<(&Quantity, &Quantity)> = match (compared_to(text, from), compared_to(text, to))
    {
        (false, true) => vec![(to, from)],
        (true, false) => vec![(from, to)],
        _ if stated_from(text, sentence, from) || stated_to(text, sentence, to) => {
            vec![(from, to)]
        }
        _ if stated_from(text, sentence, to) || stated_to(text, sentence, from) => {
            vec![(to, from)]
        }
        _ => vec![(from, to), (to, from)],
    };
    let claimed = q.claimed(false, false);
    let magnitude = |i: Interval| Interval {
        nominal: i.nominal.abs(),
        ..Interval::between(i.lo.abs().min(i.hi.abs()), i.lo.abs().max(i.hi.abs()))
    };
    // A figure of three digits or more holds to its last written digit:
    // "1,152 億" over "475 億" is 142.2% to 142.9%, so a reported "142%"
    // holds. A shorter one is taken as written: a writer working from "PUE
    // 1.5" means 1.5, not anything from 1.45 to 1.55.
    let to_last_digit = |f: &Quantity| {
        if f.digit_half > f.number.nominal.abs() * 0.005 {
            exact(f)
        } else {
            Quantity {
                hedge: None,
                ..f.clone()
            }
            .premise()
        }
    };
    let mut sized: Vec<(&Quantity, &Quantity, Interval, bool)> = bases
        .iter()
        .filter_map(|&(base, other)| {
            let size =
                to_last_digit(other).checked_div(to_last_digit(base))? - Interval::exact(1.0);
            Some((base, other, magnitude(size), false))
        })
        .collect();
    // Between two percentages the change may be in points: 28% to 40% is
    // 12 points as well as 43% more.
    if of_percentages && let Some(&(base, other)) = bases.first() {
        sized.push((base, other, magnitude(exact(other) - exact(base)), true));
    }
    let holding = sized
        .iter()
        .find(|(_, _, size, _)| claimed.meets_within(size, tolerance));
    let holds = holding.is_some();
    if !holds && !marked {
        return None;
    }
    let &(base, other, size, points) = holding.or(sized.first())?;
    let computed = if points {
        format!(
            "{} − {} = {} points",
            &text[other.span.clone()],
            &text[base.span.clone()],
            number(size.nominal * 100.0)
        )
    } else {
        format!(
            "({} − {}) ÷ {} = {}%",
            &text[other.span.clone()],
            &text[base.span.clone()],
            &text[base.span.clone()],
            number(size.nominal * 100.0)
        )
    };
    let claim = &text[q.span.clone()];
    Some(Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "share",
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
                span: from.span.clone(),
                note: msg!("note-from"),
            },
            Related {
                span: to.span.clone(),
                note: msg!("note-to"),
            },
        ],
        sources: Vec::new(),
        help: (!holds).then(|| msg!("help-another-change")),
    })
}

#[derive(Clone)]
struct Stated<'a> {
    quantity: &'a Quantity,
    /// Lowercased words and kind cues of its clause.
    words: BTreeSet<String>,
}

/// Whether the next sentence opens with the parts of this figure ("Of
/// those, …").
fn parts_follows(input: &Input, index: usize, q: &Quantity) -> bool {
    let sentence = &input.sentences[index];
    let last = sentence.tokens.iter().rev().find_map(|t| match t {
        Token::Quantity(x) => Some(x.span.clone()),
        _ => None,
    });
    if last != Some(q.span.clone()) {
        return false;
    }
    let next = input
        .sentences
        .get(index + 1)
        .filter(|s| s.block == sentence.block);
    next.is_some_and(|s| {
        let head: String = input.doc.text[s.span.clone()].chars().take(16).collect();
        Cues::builtin()
            .find(&head)
            .iter()
            .any(|f| f.cue == Cue::Parts)
    })
}

/// The words of a text, lowercased, and the kinds its cue words name (so
/// "GPUs" and "accelerators" meet).
fn words(before: &str, after: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for part in [before, after] {
        for w in part.split(|c: char| !c.is_alphanumeric()) {
            if w.chars().count() >= 3
                && w.is_ascii()
                && !STOP.contains(&w.to_ascii_lowercase().as_str())
            {
                out.insert(w.to_ascii_lowercase());
            }
        }
        // CJK words: every two characters.
        let cjk: Vec<char> = part
            .chars()
            .filter(|c| ('\u{4e00}'..='\u{9fff}').contains(c))
            .collect();
        for pair in cjk.windows(2) {
            out.insert(pair.iter().collect());
        }
        for f in Cues::builtin().find(part) {
            if let Cue::Kind(k) = f.cue {
                out.insert(format!("kind:{k}"));
            }
        }
    }
    out
}

/// How many earlier figures may be the part of a share.
const RECENT: usize = 64;

const STOP: &[&str] = &[
    "the", "and", "for", "with", "that", "this", "was", "were", "are", "its", "all", "of", "about",
    "than", "from", "into", "over", "under", "below", "above", "even", "every", "stay", "stays",
];

/// The earlier figure of the whole's kind that shares the most words with
/// what the share is said of, the nearest on a tie.
fn part_by_words<'e, 'a>(
    earlier: &'e [Stated<'a>],
    whole: &Quantity,
    subject: &BTreeSet<String>,
) -> Option<&'e Stated<'a>> {
    let best = earlier
        .iter()
        .rev()
        .take(RECENT)
        .filter(|s| {
            s.quantity.span != whole.span
                && s.quantity.dimension() == whole.dimension()
                && s.quantity.premise().nominal < whole.premise().nominal
        })
        .map(|s| (s.words.intersection(subject).count(), s))
        .filter(|(shared, _)| *shared > 0)
        .fold(None, |best: Option<(usize, &Stated)>, (n, s)| match best {
            Some((m, _)) if m >= n => best,
            _ => Some((n, s)),
        })?
        .1;
    Some(best)
}

/// The nearest earlier figure, before the share's clause, labelled right
/// before it with the words naming a whole: "总投资约 35 亿元" for "约占
/// 总投资的 24%". Two characters of the label must stand within the six
/// before the figure; none when no figure is labelled so.
fn whole_named<'a>(
    text: &str,
    earlier: &[Stated<'a>],
    named: &str,
    before: usize,
) -> Option<&'a Quantity> {
    let wanted: Vec<String> = words(named, "")
        .into_iter()
        .filter(|w| !w.starts_with("kind:") && !w.starts_with(['总', '總', '全', '所']))
        .collect();
    if wanted.is_empty() {
        return None;
    }
    earlier
        .iter()
        .rev()
        .take(RECENT)
        .filter(|s| s.quantity.span.end <= before)
        .find(|s| {
            let label = last_chars(&text[..s.quantity.span.start], 6);
            wanted.iter().any(|w| label.contains(w.as_str()))
        })
        .map(|s| s.quantity)
}

/// Where a share stands: its clause, its sentence's start and tokens.
struct Context<'c> {
    clause: &'c Range<usize>,
    sentence_start: usize,
    tokens: &'c [Token],
}

/// Words that open a clause restating the figure before as a share: "1,266
/// MW, or about 61% of …", "其中 780 人…，占 55%".
const RESTATING: [&str; 10] = [
    "", "or", "i.e.", "that is", "即", "占", "佔", "约占", "約佔", "合",
];

fn check(
    text: &str,
    share: &Quantity,
    at: &Context,
    earlier: &[Stated],
    whole_of_parts: Option<&Stated>,
    tolerance: f64,
) -> Option<Finding> {
    let (clause, tokens) = (at.clause, at.tokens);
    // A figure may run past its clause ("0\n%"): what follows is then empty.
    let after = text[share.span.end..clause.end.max(share.span.end)].trim_start();
    let before = &text[clause.start..share.span.start];
    let restating = RESTATING.contains(&before.trim().to_lowercase().as_str());
    // The figure right before in the sentence, which a restating clause
    // gives as a share.
    let previous = |whole: &Quantity| {
        earlier
            .iter()
            .rev()
            .take_while(|s| s.quantity.span.start >= at.sentence_start)
            .find(|s| s.quantity.span.end <= clause.start)
            .filter(|s| {
                s.quantity.span != whole.span
                    && s.quantity.dimension() == whole.dimension()
                    && s.quantity.premise().nominal < whole.premise().nominal
            })
    };
    // "网络故障占全部停机的 20%": the share of the paragraph's whole, said of
    // what comes before 占.
    // 占 and 佔 are one character, simplified and traditional; both are
    // three bytes long.
    let zh_of_all = before.find(['占', '佔']).filter(|&i| {
        let rest = &before[i + '占'.len_utf8()..];
        ["全部", "所有", "总", "總"]
            .iter()
            .any(|w| rest.starts_with(w))
    });
    let bare_zh = restating && before.trim().ends_with(['占', '佔']) && !after.starts_with("of ");
    let (whole, subject_text): (&Quantity, &str) = if let Some(i) = zh_of_all {
        // "一期总投资约 35 亿元 … 约占总投资的 24%": the whole the words after
        // 总 name, stated before, else the paragraph's whole of parts.
        let named = &before[i + '占'.len_utf8()..];
        let named = named.split('的').next().unwrap_or(named);
        let whole = whole_named(text, earlier, named, at.clause.start)
            .or(whole_of_parts.map(|w| w.quantity))?;
        (whole, &before[..i])
    } else if bare_zh {
        (whole_of_parts?.quantity, "")
    } else {
        let of = after.strip_prefix("of ").map(str::trim_start)?;
        // "of the 150 MW target": the figure right after; "of all stops":
        // the paragraph's whole.
        let named_whole = tokens.iter().find_map(|t| match t {
            Token::Quantity(q)
                if q.span.start >= share.span.end && q.span.start - share.span.end <= 12 =>
            {
                Some(q)
            }
            _ => None,
        });
        let whole = match named_whole {
            Some(w) => w,
            None if of.starts_with("all ") => whole_of_parts?.quantity,
            None => return None,
        };
        (whole, before)
    };
    // The part: the earlier figure of the whole's kind that shares the most
    // words with what the share is said of, the nearest on a tie.
    let subject = words(subject_text, "");
    // "合计约 12 亿元，约占总投资的 24%": with nothing before 占 to say what
    // the share is of, it restates the figure before.
    let bare_of_all = zh_of_all.is_some() && subject.is_empty();
    let restated = (restating || bare_of_all)
        .then(|| previous(whole))
        .flatten();
    let part = match restated {
        Some(p) => p,
        None => part_by_words(earlier, whole, &subject)?,
    };
    let claimed = share.claimed(false, false);
    let gives_share = |p: &Quantity| {
        p.premise()
            .checked_div(whole.premise())
            .filter(|ratio| claimed.meets_within(ratio, tolerance))
    };
    // Any figure of the sentence that gives the share is a reading of its
    // part: in "3.2 kW, against a limit of 3.68 kW (80% of 4.6 kW)" the
    // limit is.
    let in_sentence = tokens.iter().find_map(|t| match t {
        Token::Quantity(p)
            if p.span != whole.span
                && p.span != share.span
                && p.dimension() == whole.dimension() =>
        {
            gives_share(p).map(|_| &**p)
        }
        _ => None,
    });
    let (part, ratio): (&Quantity, Interval) = match in_sentence {
        Some(p) if gives_share(part.quantity).is_none() => (p, gives_share(p)?),
        _ => (
            part.quantity,
            part.quantity.premise().checked_div(whole.premise())?,
        ),
    };
    let holds = claimed.meets_within(&ratio, tolerance);
    // "32.1 元 ÷ 744.7 億元 = 4.31×10⁻⁸%, not 23%": a part more than a
    // thousand times off the share is another figure of the paragraph's
    // (a price beside a revenue), not the part.
    let off = (claimed.nominal / ratio.nominal).abs();
    if !holds && !(1e-3..=1e3).contains(&off) {
        return None;
    }
    let computed = format!(
        "{} ÷ {} = {}%",
        &text[part.span.clone()],
        &text[whole.span.clone()],
        number(ratio.nominal * 100.0)
    );
    let claim = &text[share.span.clone()];
    Some(Finding {
        verdict: if holds {
            Verdict::Verified
        } else {
            Verdict::Contradicted
        },
        check: "share",
        span: share.span.clone(),
        label_span: share.span.clone(),
        label: as_written(computed.clone()),
        message: if holds {
            msg!("message-matches", claim = claim, computed = &computed)
        } else {
            msg!("message-not", computed = &computed, claim = claim)
        },
        steps: vec![as_written(computed)],
        related: vec![
            Related {
                span: part.span.clone(),
                note: msg!("note-part"),
            },
            Related {
                span: whole.span.clone(),
                note: msg!("note-whole"),
            },
        ],
        sources: Vec::new(),
        help: (!holds).then(|| msg!("share-help")),
    })
}

#[cfg(test)]
mod tests {
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn verdicts(text: &str) -> Vec<Verdict> {
        audit(Document::new("t.md", text.to_string()), Kb::builtin())
            .findings
            .iter()
            .filter(|f| f.check == "share")
            .map(|f| f.verdict)
            .collect()
    }

    #[test]
    fn two_figures_near_a_change_that_no_word_makes_its_ends_only_confirm_it() {
        // Nothing says the $5.4 bn is where the $10.2 bn started: the
        // segment's figure is another thing, and no flag may rest on it.
        assert!(
            verdicts("Revenue was $10.2 bn and the data centre made $5.4 bn, up 34%.").is_empty()
        );
        // The same figures marked as the change's ends contradict it.
        assert_eq!(
            verdicts("Revenue grew from $5.4 bn to $10.2 bn, up 34%."),
            [Verdict::Contradicted]
        );
        // Unmarked figures that do give the change still confirm it.
        assert_eq!(
            verdicts("Revenue was $7.2 bn against $5.4 bn, up 33%."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn two_figures_that_each_end_a_change_are_no_before_and_after() {
        assert!(
            verdicts("营收年增 17% 至 813 亿美元，净利年比成长约 60% 至 384.6 亿美元。").is_empty()
        );
    }

    #[test]
    fn a_change_from_last_years_period_needs_that_periods_figure() {
        // Only this year's figures are stated: $57 bn is revenue, not last
        // year's net income.
        assert!(
            verdicts("Revenue was $57 billion, while net income rose to $32 billion, up 65% from the same period last year.")
                .is_empty()
        );
        // A revision's "from" is no earlier period's figure either.
        assert!(
            verdicts("Full-year capex is now expected to rise from an estimated $75 billion to $85 billion, up 61% from last year.")
                .is_empty()
        );
    }

    #[test]
    fn a_share_after_to_is_where_the_change_ends() {
        assert!(verdicts("MFU 原为 40%。若 MFU 提高到 50%，训练时间变为原来的 4/5。").is_empty());
        assert_eq!(
            verdicts("In 2027 capex growth slows to 12%, taking spend from $102bn to $114.2bn."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_change_over_a_year_needs_the_earlier_years_figure() {
        // The figures stated are today's and a forecast, or a threshold.
        assert!(
            verdicts("谷歌第二季資本支出達 224 億美元，年增 70%，遠超市場預期的 181 億美元。")
                .is_empty()
        );
        assert!(
            verdicts("全社会用电量突破10万亿千瓦时，达到10.4万亿千瓦时，同比增长5%。").is_empty()
        );
        // Marked as last year's, the figure is the base.
        assert_eq!(
            verdicts("營收 1,420 億元，較去年同期的 1,050 億元年增 45.2%。"),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("資本支出達 409 億美元，較前一（2024）年的 298 億美元年增 37.2%。"),
            [Verdict::Verified]
        );
        // Two quarters are no base of a change over a year, and a level
        // after "为" is no change.
        assert!(
            verdicts("雲端事業第一季合計達 683 億美元，第二季達 744 億美元，第二季營收年增 23%。")
                .is_empty()
        );
        assert!(verdicts("预计营收同比增 65.3%，环比增 14.0%，毛利率指引为 75%。").is_empty());
        // Two figures dated apart are the two ends.
        assert_eq!(
            verdicts("第三季出貨約 1,100 櫃，第四季可望達 1,800 櫃，季增 64%。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("Revenue was $4.82 billion, up 41% year over year from $3.42 billion."),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_change_of_another_thing_takes_no_figures_before_its_clause() {
        assert!(verdicts("B200 单卡带宽提升至 1.8TB/s，配合交换芯片实现 10TB/s 全互连带宽，使万卡级集群通信效率提升30%。").is_empty());
        // A change that names the figures' attribute is theirs.
        assert_eq!(
            verdicts("H100 单卡带宽为 900GB/s，B200 为 1.8TB/s，NVLink 带宽提升 100%。"),
            [Verdict::Verified]
        );
    }

    #[test]
    fn figures_past_the_shares_clause_are_no_ends_of_its_change() {
        // The footprint after "而" is another statement, not what rose 75%.
        assert!(verdicts("新机柜散热能力提升 75%，而占地维持 600 mm × 1,200 mm 不变。").is_empty());
        // A clause that opens on a colon introduces its ends.
        assert_eq!(
            verdicts("算力提升30%：新卡半精度算力达 320 TFLOPS，较 H100 的 256 TFLOPS 更高。"),
            [Verdict::Contradicted]
        );
        // Within the clause, the first two after are still its ends.
        assert_eq!(
            verdicts("Revenue fell 8% to $0.74 billion from $0.81 billion."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_share_after_from_is_where_the_change_starts() {
        assert!(verdicts("Costs fell 30%, and margin improved to 62% from 44%.").is_empty());
    }

    #[test]
    fn you_opens_a_change_like_cong() {
        use Verdict::{Contradicted, Verified};
        assert_eq!(
            verdicts("頻寬由 2,000 GB/s 升到 3,000 GB/s，升幅達 50%。"),
            [Verified]
        );
        assert_eq!(
            verdicts("頻寬由 2,000 GB/s 升到 3,000 GB/s，升幅達 33.3%。"),
            [Contradicted]
        );
    }

    #[test]
    fn a_compared_figure_in_brackets_is_no_size_of_the_change() {
        let weekly = "利用率 66.0%，较上月（64.5%）提升 1.5 个百分点。";
        assert!(verdicts(weekly).is_empty());
        // Not in brackets, the figure after a change word is its size.
        assert_eq!(
            verdicts("利用率从 60% 提升到 66%，提升 10%。"),
            [Verdict::Verified]
        );
    }

    #[test]
    fn a_prose_share_takes_no_part_or_whole_from_a_table() {
        let text = "| 百万元 | 2023 | 2024 |\n|---|---|---|\n| 收入 | 200.0 | 400.0 |\n| 其中：云 | 150.0 | 300.0 |\n\n\
                    2024 年其中云业务占总收入 75.0%，员工 120 名。\n";
        assert!(verdicts(text).is_empty());
    }

    #[test]
    fn a_whole_in_brackets_is_an_aside_not_the_whole_of_the_parts() {
        use Verdict::{Contradicted, Verified};
        let text = |share: &str| {
            format!(
                "公司销售额 52.0 亿元（上年为 40.0 亿元）；其中海外业务 13.0 亿元，占总销售额的 {share}。"
            )
        };
        assert_eq!(verdicts(&text("25%")), [Verified]);
        assert_eq!(verdicts(&text("32.5%")), [Contradicted]);
    }

    #[test]
    fn a_share_right_before_the_part_it_gives() {
        use Verdict::{Contradicted, Verified};
        assert_eq!(
            verdicts("规模 2,000 PFLOPS，其中国产算力占比 35%，即 700 PFLOPS。"),
            [Verified]
        );
        assert_eq!(
            verdicts("The budget is $40 million, of which 25%, or $12 million, goes to power."),
            [Contradicted]
        );
        // A rate beside the share is no part of the whole.
        assert!(
            verdicts("Net income was $14.9 million, a margin of 7.5%, or $0.07 per share.")
                .is_empty()
        );
        // Without a whole in its sentence, a share is held against the
        // whole its introduction states that most shares agree on.
        let listed = "总额 5 亿元，分配如下：\n\n\
                      （一）甲类：60%，即 3 亿元；\n（二）乙类：25%，即 1.5 亿元；\n（三）丙类：15%，即 7,500 万元。\n";
        assert_eq!(verdicts(listed), [Verified, Contradicted, Verified]);
    }

    #[test]
    fn a_clause_restating_the_figure_before_as_a_share() {
        assert_eq!(
            verdicts("They account for 910 MW, or about 45% of the 2,390 MW queue."),
            vec![Verdict::Contradicted]
        );
        assert_eq!(
            verdicts("共 1,250 人参与调查，其中 700 人认为被低估，占 56%。"),
            vec![Verdict::Verified]
        );
        // Words of its own before the share: another part, found by words.
        assert!(
            verdicts("They account for 910 MW, while storage is 45% of the 2,390 MW queue.")
                .is_empty()
        );
    }

    #[test]
    fn a_figure_running_past_its_clause_is_read_safely() {
        // Found by the property test: "0\n%" is one figure over two lines.
        for text in ["0\n%", "at least 20\n%", "0\n% of all stops"] {
            let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
            assert!(
                report.findings.iter().all(|f| f.check != "share"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_figure_stated_as_the_change_is_no_end_of_it() {
        // "up $80.2bn" is the change; the ends are $451.2bn and $361.0bn.
        for text in [
            "Capex reaches $451.2bn, up $80.2bn from our estimate of $361.0bn, or 25.0% growth.",
            "Capex reaches **$451.2bn**, up **$80.2bn** from $361.0bn, or 25.0% growth.",
        ] {
            let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
            let share = report.findings.iter().find(|f| f.check == "share");
            assert!(
                share.is_some_and(|f| !f.verdict.is_flag()),
                "{text:?}: {:?}",
                report.findings
            );
        }
    }

    #[test]
    fn a_breakdown_in_brackets_is_no_end_of_the_change() {
        assert_eq!(
            verdicts(
                "GPU power per replica fell from 1,600 W (4 × 400 W) to 700 W, a 56% reduction."
            ),
            [Verdict::Verified]
        );
    }

    #[test]
    fn the_whole_of_another_share_is_no_end_of_a_change() {
        // 93% growth to 356 has no base in the sentence: 393 is the
        // quarter's total, of which 356 is 90.6%. A base taken from the
        // share's whole would flag it.
        for text in [
            "本季云业务收入 356 亿元，同比增长 93%，占当季总收入 393 亿元的 90.6%。",
            "Cloud revenue was $35.6 billion, up 93%, or 90.6% of $39.3 billion.",
            "Cloud revenue was $35.6 billion, up 93%, and 90.6% of total revenue of $39.3 billion.",
        ] {
            assert!(!verdicts(text).contains(&Verdict::Contradicted), "{text}");
        }
    }

    #[test]
    fn a_change_holds_to_the_last_digit_of_its_figures() {
        // 1,152 over 475 is 2.4253, yet 1,151.5 over 475.5 is 2.4217.
        assert_eq!(
            verdicts("去年营收 1,152 亿元，前年只有 475 亿元，增长 142%。"),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("去年营收 1,152 亿元，前年只有 475 亿元，增长 152%。"),
            [Verdict::Contradicted]
        );
    }
}
