//! Typed mentions: what each figure is (parameters, tokens, GPU-hours, power
//! per accelerator…), from its unit and the cue words of its clause, both
//! data in `claims/cues.yaml`.
//!
//! The unit gives the dimension; among the kinds of that dimension a cue in
//! the clause chooses ("700 W TDP" is power per accelerator, "70 MW" power),
//! else the default kind does. A figure without a unit takes a kind only
//! from a cue ("671B 总参" is parameters). The formula check binds these
//! kinds to the variables of its relations.

use std::borrow::Cow;
use std::ops::Range;

use crate::claim::cues::{Cue, Cues, Found, KindDef};
use crate::claim::facts::Facts;
use crate::kb::Kind as EntityKind;
use crate::number::quantity::{Quantity, Token};
use crate::read::segment::{Sentence, at_most_chars, clause_at};
use crate::units::{Base, Dimension};

/// A figure with its kind and where it stands, borrowing the figure from its
/// sentence's tokens (a line of 480,000 calculations has three times as many
/// figures).
#[derive(Clone, Debug)]
pub struct Typed<'a> {
    pub quantity: &'a Quantity,
    pub kind: String,
    /// Index of its sentence in the document.
    pub sentence: usize,
    /// Index of its prose block.
    pub block: usize,
    /// Written right beside an accelerator's name ("8 块 H100", "H100
    /// 80GB"): a premise about the card, never a conclusion.
    pub beside_card: bool,
    /// Marked as worked out from others: "so the 12,500 servers",
    /// "四百张卡起步".
    pub concluded: bool,
    /// A requirement ("需要 900 GB", "needs 700 GB"): for the bound check,
    /// not a figure to compute.
    pub required: bool,
}

/// Every typed figure of a document, in document order.
pub fn typed_mentions<'a>(facts: &Facts<'a>) -> Vec<Typed<'a>> {
    let (text, sentences, kb) = (facts.text, facts.sentences, facts.kb);
    let cues = Cues::builtin();
    let mut out = Vec::new();
    // The sentence, block and counted base of the last typed figure that
    // counts things: what "each" refers back to.
    let mut last_counted: Option<(usize, usize, Base)> = None;
    for (index, sentence) in sentences.iter().enumerate() {
        let found = facts.cues(index);
        let clause_ranges = facts.clauses(index);
        let mentions = facts.names(index);
        let of_kind = |kind: EntityKind| -> Vec<Range<usize>> {
            mentions
                .iter()
                .filter(|m| m.entities.iter().any(|&i| kb.entity(i).kind == kind))
                .map(|m| m.span.clone())
                .collect()
        };
        let accelerators = of_kind(EntityKind::Accelerator);
        let systems = of_kind(EntityKind::System);
        let mut previous: Option<&Quantity> = None;
        for token in &sentence.tokens {
            let Token::Quantity(q) = token else {
                continue;
            };
            // "8 顆 24Gb（即 3 GB）", "2.87 MW, that is 2,870 kW": a restatement
            // in other units is the figure before it again, no figure of its
            // own for a relation to bind (the restate check reads it).
            let restates = previous.is_some_and(|p| restates(text, p, q));
            let hourly_rate_of_card_hours = previous.is_some_and(|p| rates_card_hours(text, p, q));
            previous = Some(q);
            if restates {
                continue;
            }
            let clause = clause_at(clause_ranges, q.span.start)
                .cloned()
                .unwrap_or(q.span.clone());
            // "每个参数十六字节" names its own per-kind; "每 token 六个 FLOPs"
            // is per something no kind knows.
            let per_kind_cue = found.iter().any(|f| {
                matches!(&f.cue, Cue::Kind(k) if cues.kinds().iter().any(|d| &d.name == k
                    && Base::ALL.into_iter().any(|b| d.dimension.exponent(b) < 0)))
                    && clause.start <= f.span.start
                    && f.span.end <= q.span.start
                    && text[f.span.clone()].contains(['每', 'p', 'P'])
            });
            if !per_kind_cue && per_something(&text[clause.start..q.span.start]) {
                continue;
            }
            // "每張 GPU 配一張網卡": a count stated per card counts something
            // else (NICs, links), not cards.
            if q.dimension() == Dimension::of(Base::Accelerator)
                && per_card(&text[clause.start..q.span.start])
            {
                continue;
            }
            // "H100 80GB", "80 GB H100": a spec of the card, per accelerator.
            let beside_card = accelerators.iter().any(|a| {
                let gap = if a.end <= q.span.start {
                    &text[a.end..q.span.start]
                } else if q.span.end <= a.start {
                    &text[q.span.end..a.start]
                } else {
                    return false;
                };
                at_most_chars(gap, 2)
                    && gap
                        .chars()
                        .all(|c| c.is_whitespace() || "×x*张張块塊个個颗顆".contains(c))
            });
            // A clause that names a card and counts nothing speaks of one
            // card: "H100 80GB 的 80GB", "the H100's 700 W".
            let in_clause = |r: &Range<usize>| clause.start <= r.start && r.end <= clause.end;
            let names_card = accelerators.iter().any(in_clause);
            let in_clause_tokens = || {
                sentence
                    .tokens_from(clause.start)
                    .iter()
                    .take_while(|t| t.span().start < clause.end)
            };
            let counts = in_clause_tokens().any(|t| match t {
                Token::Quantity(other) => {
                    other.span != q.span
                        && in_clause(&other.span)
                        && (other.dimension().exponent(Base::Accelerator) == 1
                            || other.dimension() == Dimension::NONE && !other.is_share)
                }
                _ => false,
            });
            // The sentence's cues, copied only for a figure that adds its
            // own, not for every figure.
            let mut found: Cow<'_, [Found]> = Cow::Borrowed(found);
            if hourly_rate_of_card_hours {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind(per(Base::Accelerator)),
                });
            }
            // "GPU数量：目标是10万个": a label before a colon names what the
            // first figure after it counts.
            if let Some(label) = label_before(clause_ranges, &clause, text) {
                let first = in_clause_tokens().find_map(|t| match t {
                    Token::Quantity(other) if clause.contains(&other.span.start) => {
                        Some(other.span.start)
                    }
                    _ => None,
                });
                let cue = found
                    .iter()
                    .rev()
                    .find(|f| {
                        matches!(f.cue, Cue::Kind(_))
                            && label.start <= f.span.start
                            && f.span.end <= label.end
                    })
                    .map(|f| f.cue.clone());
                if let (Some(cue), Some(first)) = (cue, first)
                    && first == q.span.start
                {
                    found.to_mut().push(Found {
                        span: q.span.clone(),
                        cue,
                    });
                }
            }
            // "1,000 個 NVL72 機櫃": a count of systems, as of nodes.
            let counts_systems = systems.iter().any(|sys| {
                sys.start >= q.span.end
                    && at_most_chars(&text[q.span.end..sys.start], 2)
                    && text[q.span.end..sys.start]
                        .chars()
                        .all(|c| c.is_whitespace() || "个個台套".contains(c))
            });
            if counts_systems && qd_is_count(q) {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind("node_count".into()),
                });
            }
            let names: Vec<Range<usize>> = mentions.iter().map(|m| m.span.clone()).collect();
            let on_a_machine = counts_on_a_machine(text, q, &names);
            let machines_next = counts_machines_before_cards(sentence, text, q, &names);
            // "… give 96 GB and 1,920 GB/s of aggregate bandwidth": a clause
            // that says it totals speaks of no one card.
            let totals = {
                let lower = text[clause.clone()].to_lowercase();
                WHOLE_WORDS.iter().any(|w| lower.contains(w))
            };
            let of_one_card = beside_card || names_card && !counts && !totals;
            if !on_a_machine && !machines_next && of_one_card {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind(per(Base::Accelerator)),
                });
            }
            // "8 顆 24 GB 堆疊", "两台 8 卡机": a figure right after a count
            // is each counted one's.
            let after_count = just_before(sentence, q.span.start).find_map(|t| match t {
                Token::Quantity(o)
                    if o.span.end <= q.span.start
                        && at_most_chars(&text[o.span.end..q.span.start], 1)
                        && text[o.span.end..q.span.start]
                            .chars()
                            .all(char::is_whitespace) =>
                {
                    Base::ALL
                        .into_iter()
                        .find(|&b| b.is_counted() && o.dimension() == Dimension::of(b))
                }
                _ => None,
            });
            // A memory or a power is per counted thing; a count of cards
            // right after a count of machines is per machine.
            let each_of = after_count.filter(|&base| {
                // Memory and power only: "4 张 400G 网卡" counts NICs, whose
                // line rate is no card's.
                let d = q.dimension();
                let measure = d == Dimension::of(Base::Byte) || d == Dimension::of(Base::Watt);
                let cards_of_machines =
                    base != Base::Accelerator && d == Dimension::of(Base::Accelerator);
                measure || cards_of_machines
            });
            // "八卡服务器", "an 8-GPU H100 server": cards counted on a
            // machine's name are per machine; "two 8-GPU nodes": a count
            // right before them counts the machines.
            if on_a_machine {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind(per(Base::Node)),
                });
            } else if machines_next {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind("node_count".into()),
                });
            }
            // "兩張都降到 280W", "8 张卡都是 80GB": a count followed by 都
            // distributes over what its clause says next.
            let all_of = sentence.tokens.iter().find_map(|t| match t {
                Token::Quantity(o)
                    if o.span.end <= q.span.start
                        && clause.start <= o.span.start
                        && each_by_dou(&text[o.span.end..q.span.start]) =>
                {
                    Base::ALL
                        .into_iter()
                        .find(|&b| b.is_counted() && o.dimension() == Dimension::of(b))
                }
                _ => None,
            });
            let all_of = all_of.filter(|_| {
                let d = q.dimension();
                d == Dimension::of(Base::Byte) || d == Dimension::of(Base::Watt)
            });
            if let Some(base) = each_of.or(all_of) {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind(per(base)),
                });
            }
            // "4 MI300X cards, each with 192 GB", "80 GB apiece": a
            // distributive word just before the figure or right after it
            // makes it each one's of what the sentence counted last.
            // "700 W each draw 7 MW": an "each" right after a figure is
            // that figure's.
            let follows_a_figure = |at: usize| {
                sentence.tokens.iter().any(|t| {
                    matches!(t, Token::Quantity(o) if o.span.end <= at
                        && at_most_chars(&text[o.span.end..at], 2))
                })
            };
            let distributive = found.iter().any(|f| match f.cue {
                Cue::EachBefore => {
                    clause.start <= f.span.start
                        && f.span.end <= q.span.start
                        && at_most_chars(&text[f.span.end..q.span.start], 8)
                        && !follows_a_figure(f.span.start)
                }
                Cue::EachAfter => {
                    f.span.start >= q.span.end
                        && f.span.end <= clause.end
                        && at_most_chars(&text[q.span.end..f.span.start], 2)
                }
                _ => false,
            });
            // In its sentence, else the sentence before it in the paragraph
            // ("The hall has 8,000 GPUs. At 700 W each they draw …").
            let counted_last = last_counted
                .filter(|&(s, block, _)| s == index || s + 1 == index && block == sentence.block)
                .map(|(_, _, base)| base);
            if let (true, Some(base)) = (distributive, counted_last) {
                found.to_mut().push(Found {
                    span: q.span.clone(),
                    cue: Cue::Kind(per(base)),
                });
            }
            if let Some(kind) = kind_of(q, &found, &clause, cues.kinds(), text) {
                if let Some(base) = counted_base(cues.kinds(), &kind) {
                    last_counted = Some((index, sentence.block, base));
                }
                out.push(Typed {
                    quantity: q,
                    kind,
                    sentence: index,
                    block: sentence.block,
                    beside_card,
                    concluded: concluded(&found, &sentence.span, q, text),
                    required: required(&found, &clause, q),
                });
            }
        }
    }
    out
}

/// Whether the text after a count says 都 of it before anything else is
/// stated: "兩張都…", "8 张卡都…", "两台 GPU 都…".
fn each_by_dou(after_count: &str) -> bool {
    const MOST: usize = 4;
    after_count
        .trim_start()
        .chars()
        .take(MOST + 1)
        .take_while(|c| !c.is_ascii_punctuation() && !"，。；：、".contains(*c))
        .any(|c| c == '都')
}

/// Whether a figure counts the cards of a machine named right after it:
/// "八卡服务器", "8 卡机", "an 8-GPU server", "8-way H100 nodes", "eight-GPU
/// DGX boxes". Between the count and the machine may stand the cards' name,
/// known (`names`) or written like one (a word with a capital or a digit).
pub(crate) fn counts_on_a_machine(text: &str, q: &Quantity, names: &[Range<usize>]) -> bool {
    let mut at = q.span.end;
    if q.dimension() != Dimension::of(Base::Accelerator) {
        let hyphened = text[at..]
            .strip_prefix('-')
            .filter(|_| qd_is_count(q))
            .and_then(|rest| {
                let word = rest.split(|c: char| !c.is_ascii_alphabetic()).next()?;
                CARD_WORDS
                    .contains(&word.to_ascii_lowercase().as_str())
                    .then_some(1 + word.len())
            });
        let Some(len) = hyphened else {
            return false;
        };
        at += len;
    }
    for _ in 0..=3 {
        let rest = text[at..].trim_start_matches([' ', '-']);
        at = text.len() - rest.len();
        if MACHINES.iter().any(|w| rest.starts_with(w)) {
            return true;
        }
        let named = names.iter().filter(|n| n.start == at).map(|n| n.end).max();
        let word = rest.split(' ').next().unwrap_or("");
        let like_a_name = !word.is_empty()
            && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            && word
                .chars()
                .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        match named {
            Some(end) => at = end,
            None if like_a_name => at += word.len(),
            None => return false,
        }
    }
    false
}

/// Whether a bare count stands right before a count of cards on a
/// machine's name, the cards' name between at most: "two 8-GPU nodes",
/// "4 台 H100 八卡服务器" count machines.
fn counts_machines_before_cards(
    sentence: &Sentence,
    text: &str,
    q: &Quantity,
    names: &[Range<usize>],
) -> bool {
    if !qd_is_count(q) {
        return false;
    }
    let next = sentence
        .tokens_from(q.span.end)
        .iter()
        .find_map(|t| match t {
            Token::Quantity(next) => Some(next),
            _ => None,
        });
    let named_gap = |gap: Range<usize>| {
        let named: usize = names
            .iter()
            .filter(|n| gap.start <= n.start && n.end <= gap.end)
            .map(|n| text[n.clone()].trim().len())
            .sum();
        text[gap].trim().len() == named
    };
    next.is_some_and(|next| {
        next.span.start >= q.span.end
            && named_gap(q.span.end..next.span.start)
            && counts_on_a_machine(text, next, names)
    })
}

/// Words that make a clause's figure a whole of several things.
const WHOLE_WORDS: [&str; 10] = [
    "aggregate",
    "combined",
    "in total",
    "in all",
    "合计",
    "合計",
    "总计",
    "總計",
    "聚合",
    "加起来",
];

/// Words for a card hyphened to its count on a machine's name ("8-GPU").
const CARD_WORDS: [&str; 8] = [
    "gpu",
    "gpus",
    "card",
    "cards",
    "accelerator",
    "accelerators",
    "chip",
    "way",
];

/// Words for a machine that holds cards, right after a count of them.
const MACHINES: [&str; 20] = [
    "服务器",
    "伺服器",
    "机",
    "機",
    "节点",
    "節點",
    "server",
    "node",
    "box",
    "system",
    "machine",
    "chassis",
    "instance",
    "host",
    "Server",
    "Node",
    "Box",
    "System",
    "Machine",
    "Instance",
];

/// Words that, between a cue and a bare number after it, start a phrase of
/// their own.
const PREPOSITIONS: [&str; 12] = [
    "in", "on", "at", "for", "from", "to", "into", "across", "over", "with", "by", "per",
];

/// The tokens of a sentence that end at most one character (four bytes)
/// before `at`, in order: the only ones a figure at `at` can be written
/// right after.
fn just_before(sentence: &Sentence, at: usize) -> impl Iterator<Item = &Token> {
    let before = sentence.tokens_to(at);
    let near = before
        .iter()
        .rev()
        .take_while(|t| t.span().end + 4 >= at)
        .count();
    before[before.len() - near..].iter()
}

/// The clause before `clause` when it ends in a colon: a label. Clauses
/// are in order and apart.
fn label_before(
    clauses: &[Range<usize>],
    clause: &Range<usize>,
    text: &str,
) -> Option<Range<usize>> {
    let at = clauses.partition_point(|c| c.start < clause.start);
    clauses.get(at).filter(|c| *c == clause)?;
    let label = clauses.get(at.checked_sub(1)?)?;
    text[label.clone()]
        .trim_end()
        .ends_with(['：', ':'])
        .then(|| label.clone())
}

/// Whether a figure restates the one right before it in other units: the
/// same dimension, and between them only a restatement word or an opening
/// parenthesis ("24Gb（即 3 GB）", "400 Gb/s, i.e. 50 GB/s").
fn restates(text: &str, before: &Quantity, q: &Quantity) -> bool {
    if before.dimension() != q.dimension() || before.unit.is_one() || q.unit.is_one() {
        return false;
    }
    let gap = text[before.span.end..q.span.start].trim();
    let inner = gap.trim_start_matches(['(', '（']).trim();
    inner.is_empty() && gap != inner
        || Cues::builtin()
            .restatement_ending(inner)
            .is_some_and(|at| inner[..at].trim_matches([',', '，', ' ']).is_empty())
}

/// Whether a price per hour applies to the card-hours right before it:
/// "2 million GPU-hours at $2/h", "30.84M H100-hours × $2/hr". The rate of
/// what the hours count is per card-hour; a node's hourly price stands
/// beside node-hours or on its own, never right after card-hours.
fn rates_card_hours(text: &str, before: &Quantity, q: &Quantity) -> bool {
    let card_hours = Dimension::of(Base::Accelerator).with(Base::Second, 1);
    let per_hour = Dimension::of(Base::Dollar).with(Base::Second, -1);
    if before.dimension() != card_hours || q.dimension() != per_hour {
        return false;
    }
    // "× \\$2/h": an escaped dollar sign keeps its backslash outside.
    let gap = text[before.span.end..q.span.start]
        .trim_end_matches('\\')
        .trim();
    ["at", "×", "x", "*", "@", "按", "以", "乘以"]
        .iter()
        .any(|w| gap.eq_ignore_ascii_case(w))
}

/// Whether a figure is a bare count: no unit, or only a measure word.
fn qd_is_count(q: &Quantity) -> bool {
    q.dimension() == Dimension::NONE && !q.is_share && q.number.nominal.fract() == 0.0
}

/// The cue that stands for "per one of `base`" ("per_accelerator"): any
/// kind per `base` of the figure's dimension takes it.
fn per(base: Base) -> String {
    format!("per_{}", base.name())
}

/// The counted thing a kind counts: `accelerator` for accelerator counts.
fn counted_base(kinds: &[KindDef], kind: &str) -> Option<Base> {
    let def = kinds.iter().find(|k| k.name == kind)?;
    Base::ALL
        .into_iter()
        .find(|&b| b.is_counted() && def.dimension == Dimension::of(b))
}

/// Whether the words before a figure make it per card: "每張 GPU 配",
/// "per GPU,".
fn per_card(before: &str) -> bool {
    let tail = crate::read::segment::last_chars(before, 12).to_lowercase();
    let after_per = tail
        .rfind('每')
        .map(|i| &tail[i + '每'.len_utf8()..])
        .or_else(|| tail.rfind("per ").map(|i| &tail[i + 4..]))
        .or_else(|| tail.rfind("each ").map(|i| &tail[i + 5..]));
    after_per.is_some_and(|rest| {
        let rest = rest.trim_start();
        PER_CARD.iter().any(|w| rest.starts_with(w))
    })
}

/// Words after "per" or 每 that name one card.
const PER_CARD: [&str; 11] = [
    "卡",
    "张",
    "張",
    "块",
    "塊",
    "颗",
    "顆",
    "gpu",
    "card",
    "accelerator",
    "chip",
];

/// Whether the words just before a figure make it per something else:
/// "每 token 六个 FLOPs", "per token, 6 FLOPs".
fn per_something(before: &str) -> bool {
    let tail = crate::read::segment::last_chars(before, 12).to_lowercase();
    let after_per = tail
        .rfind('每')
        .map(|i| &tail[i + '每'.len_utf8()..])
        .or_else(|| tail.rfind("per ").map(|i| &tail[i + 4..]));
    // Per card is what per-accelerator kinds mean already.
    after_per.is_some_and(|rest| {
        let rest = rest.trim_start();
        !rest.is_empty()
            && !rest.chars().any(|c| c.is_ascii_digit())
            && !PER_CARD.iter().any(|w| rest.starts_with(w))
    })
}

/// Whether a conclusion cue marks the figure: before it in its sentence
/// ("摊到 2048 张卡上，每张卡约 1361 小时"), or right after it.
/// A figure naming the cards it stands before ("至少要 5 张 80 GB 卡",
/// "two 80 GB cards") says which cards, and is no conclusion.
fn concluded(cues: &[Found], sentence: &Range<usize>, q: &Quantity, text: &str) -> bool {
    !sizes_a_card(text, q)
        && cues.iter().any(|f| match f.cue {
            Cue::ConclusionBefore => sentence.start <= f.span.start && f.span.end <= q.span.start,
            Cue::ConclusionAfter => f.span.start >= q.span.end && f.span.start - q.span.end <= 3,
            _ => false,
        })
}

/// Whether a figure in a unit is followed by a word for a card: "80 GB 卡",
/// "80GB GPUs", "24 GB cards".
fn sizes_a_card(text: &str, q: &Quantity) -> bool {
    if qd_is_count(q) {
        return false;
    }
    let rest = text[q.span.end..].trim_start_matches([' ', '-']);
    rest.starts_with('卡')
        || rest
            .split(|c: char| !c.is_ascii_alphabetic())
            .next()
            .is_some_and(|word| CARD_WORDS.contains(&word.to_ascii_lowercase().as_str()))
}

/// Whether a requirement cue stands before the figure in its clause.
pub fn required(cues: &[Found], clause: &Range<usize>, q: &Quantity) -> bool {
    cues.iter().any(|f| {
        f.cue == Cue::Requirement && clause.start <= f.span.start && f.span.end <= q.span.start
    })
}

/// The kind of one figure, given the cues of its sentence.
/// Words for the processors a count may count beside the accelerators.
const CPU_WORDS: [&str; 8] = [
    "CPU",
    "Grace",
    "Vera",
    "Xeon",
    "EPYC",
    "处理器",
    "處理器",
    "中央处理器",
];

pub fn kind_of(
    q: &Quantity,
    cues: &[Found],
    clause: &Range<usize>,
    kinds: &[KindDef],
    text: &str,
) -> Option<String> {
    if !q.number.is_finite() {
        return None;
    }
    let qd = q.dimension();
    // "搭配 36 顆 Grace CPU", "2 Xeon CPUs": processors counted are no
    // accelerators, whatever the clause cues.
    let counted_next = text[q.span.end..].trim_start();
    let a_count = qd == Dimension::NONE || qd == Dimension::of(Base::Accelerator);
    if a_count && !q.is_share && CPU_WORDS.iter().any(|w| counted_next.starts_with(w)) {
        return None;
    }
    // A dimensionless figure with a unit is a share: "40%", "四成".
    let share = q.is_share || qd == Dimension::NONE && !q.unit.is_one();
    // Whether the unit alone names a kind: "8个GPU" is a count whatever
    // its unit word cues; "两美元一小时" needs its cue.
    let exact = !share && kinds.iter().any(|k| !k.share && k.dimension == qd);
    // Cued kinds, nearest cue first. A bare number takes only a cue right
    // beside it, four characters away at most ("671B 总参", "16K 张", "PUE
    // 为 1.2"); a figure with a unit, any cue of its clause.
    let reach = if qd == Dimension::NONE && !share {
        4
    } else {
        usize::MAX
    };
    let distance = |a: &Range<usize>, b: &Range<usize>| {
        let gap = if a.end <= b.start {
            a.end..b.start
        } else {
            b.end..a.start.max(b.end)
        };
        text[gap].chars().count()
    };
    let mut cued: Vec<(usize, &str)> = cues
        .iter()
        .filter(|f| clause.start <= f.span.start && f.span.end <= clause.end)
        // The figure's own unit word ("8个GPU") already gave its dimension;
        // a cue of it would outweigh the words around.
        .filter(|f| !(exact && q.span.start < f.span.start && f.span.end <= q.span.end))
        // "64,000 H200 GPUs in 8,000 servers": a preposition between a cue
        // and the bare number after it starts another phrase.
        .filter(|f| {
            reach == usize::MAX
                || f.span.end > q.span.start
                || !PREPOSITIONS.contains(
                    &text[f.span.end..q.span.start]
                        .trim()
                        .to_lowercase()
                        .as_str(),
                )
        })
        .filter_map(|f| match &f.cue {
            Cue::Kind(k) => Some((distance(&f.span, &q.span), k.as_str())),
            _ => None,
        })
        .filter(|(d, _)| *d <= reach)
        .collect();
    cued.sort();
    let fits = |k: &KindDef, cue: bool| {
        if k.at_least.is_some_and(|least| q.premise().nominal < least) {
            return false;
        }
        if share || k.share {
            return share && k.share && cue;
        }
        if qd == Dimension::NONE {
            // A bare number takes the kind its cue names, right beside it
            // ("总账 4.8×10²⁶", "671B 总参", "a PUE of 1.3").
            return cue;
        }
        // A cue makes a figure per something its unit leaves out: "700 W
        // TDP" per card, "每个节点配置 8 个 GPU" per node.
        k.dimension == qd
            || cue
                && Base::ALL.into_iter().any(|b| {
                    b.is_counted()
                        && k.dimension.exponent(b) == -1
                        && qd.exponent(b) == 0
                        && k.dimension.with(b, 0) == qd
                })
    };
    // "400 TFLOPS per GPU": a per-card figure of a kind that is per card by
    // nature.
    let per_card_of = |k: &KindDef| {
        qd.exponent(Base::Accelerator) == -1
            && k.dimension.exponent(Base::Accelerator) == 0
            && qd.with(Base::Accelerator, 0) == k.dimension
    };
    let by_name = |name: &str| kinds.iter().find(|k| k.name == name);
    // "a PUE of 1.3 draws 150 MW": a bare number is first what a cue of a
    // pure number says, before a cue that would lend it a unit.
    if qd == Dimension::NONE && !share {
        let pure = cued.iter().find(|(_, name)| {
            by_name(name).is_some_and(|k| k.dimension == Dimension::NONE && fits(k, true))
        });
        if let Some((_, name)) = pure {
            return Some((*name).to_string());
        }
    }
    for (_, name) in &cued {
        // The name of `per(base)`, read back without building each base's.
        if let Some(base) = name.strip_prefix("per_").and_then(Base::from_name) {
            let per_one = kinds
                .iter()
                .find(|k| k.dimension.exponent(base) == -1 && fits(k, true));
            if let Some(k) = per_one {
                return Some(k.name.clone());
            }
        } else if by_name(name).is_some_and(|k| fits(k, true) || per_card_of(k)) {
            return Some((*name).to_string());
        }
    }
    // A pure number ("1.3") is no kind without its cue.
    let exact: Vec<&KindDef> = kinds
        .iter()
        .filter(|k| !share && !k.share && k.dimension == qd && qd != Dimension::NONE)
        .collect();
    if let [only] = exact.as_slice() {
        return Some(only.name.clone());
    }
    kinds
        .iter()
        .find(|k| k.default && (fits(k, false) || per_card_of(k)))
        .map(|k| k.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::sentences_of;
    use crate::kb::Kb;
    use crate::read::document::Document;

    fn kinds(text: &str) -> Vec<(String, String)> {
        let doc = Document::new("t.md", text.to_string());
        let (_, sentences) = sentences_of(&doc);
        typed_mentions(&Facts::new(text, &sentences, Kb::builtin()))
            .into_iter()
            .map(|t| (text[t.quantity.span.clone()].to_string(), t.kind))
            .collect()
    }

    fn kind(text: &str, figure: &str) -> Option<String> {
        kinds(text)
            .into_iter()
            .find(|(f, _)| f == figure)
            .map(|(_, k)| k)
    }

    #[test]
    fn an_hourly_rate_right_after_card_hours_is_per_card_hour() {
        let run = "The run took 2 million GPU-hours at $2/h, or $4M.";
        assert_eq!(kind(run, "$2/h").as_deref(), Some("price_per_gpu_hour"));
        // A node's hourly price on its own is no card's.
        let node = "The node rents for $98/h, and the run took 2 million GPU-hours.";
        assert_ne!(kind(node, "$98/h").as_deref(), Some("price_per_gpu_hour"));
    }

    #[test]
    fn a_distributive_word_makes_the_figure_each_ones() {
        let each = "We bought 4 MI300X cards, each with 192 GB, for 768 GB in all.";
        assert_eq!(
            kind(each, "192 GB").as_deref(),
            Some("memory_per_accelerator")
        );
        assert_eq!(kind(each, "768 GB").as_deref(), Some("memory"));
        let apiece = "Eight H100 boards with 80 GB apiece hold 640 GB in total.";
        assert_eq!(
            kind(apiece, "80 GB").as_deref(),
            Some("memory_per_accelerator")
        );
        assert_eq!(kind(apiece, "640 GB").as_deref(), Some("memory"));
        let zh = "另一批 2 张 MI300X，各 192 GB，合计 384 GB。";
        assert_eq!(
            kind(zh, "192 GB").as_deref(),
            Some("memory_per_accelerator")
        );
        let per_node = "The hall's 1,000 servers draw 10 kW each.";
        assert_eq!(kind(per_node, "10 kW").as_deref(), Some("power_per_node"));
        let both = "我兩張都用 nvidia-smi 降到 280W，合計 560W。";
        assert_eq!(kind(both, "280W").as_deref(), Some("power_per_accelerator"));
        // Nothing counted before it: "each" alone says nothing.
        assert_eq!(
            kind("Each run used 640 GB.", "640 GB").as_deref(),
            Some("memory")
        );
    }

    #[test]
    fn a_pure_number_is_a_kind_only_by_its_own_cue() {
        let site = "A facility with 100 MW of IT load and a PUE of 1.3 draws 150 MW from the grid.";
        assert_eq!(kind(site, "1.3").as_deref(), Some("pue"));
        assert_eq!(kind(site, "100 MW").as_deref(), Some("it_power"));
        assert_eq!(kind(site, "150 MW").as_deref(), Some("facility_power"));
        let zh = "该园区 IT 负载 50 兆瓦，PUE 为 1.2，市电总用电 60 兆瓦。";
        assert_eq!(kind(zh, "1.2").as_deref(), Some("pue"));
        // A preposition starts another phrase: the 8,000 are no GPUs.
        let hall = "The hall houses 64,000 H200 GPUs in 8,000 eight-GPU servers.";
        assert_eq!(kind(hall, "8,000").as_deref(), Some("node_count"));
        assert_eq!(
            kind(hall, "eight").as_deref(),
            Some("accelerators_per_node")
        );
        // Right after a count, a figure is each counted one's.
        let stacks = "B200 搭載 192 GB HBM3e，由 8 顆 24 GB 堆疊組成。";
        assert_eq!(
            kind(stacks, "24 GB").as_deref(),
            Some("memory_per_accelerator")
        );
        assert_eq!(
            kind("两台 8 卡机共 16 张卡。", "8 卡").as_deref(),
            Some("accelerators_per_node")
        );
        assert_eq!(
            kind("放 4 台 H100 八卡服务器。", "八卡").as_deref(),
            Some("accelerators_per_node")
        );
        let server = "An 8-GPU H100 server has 640 GB of HBM.";
        assert_eq!(kind(server, "8").as_deref(), Some("accelerators_per_node"));
        let nodes = "Two 8-GPU HGX H100 nodes ran for 310 hours.";
        assert_eq!(kind(nodes, "Two").as_deref(), Some("node_count"));
        assert_eq!(kind(nodes, "8").as_deref(), Some("accelerators_per_node"));
        let rack = "机房放 4 台 H100 八卡服务器。";
        assert_eq!(kind(rack, "4 台").as_deref(), Some("node_count"));
        let unknown = "Four 8-way Orion X4 boxes share one switch.";
        assert_eq!(kind(unknown, "Four").as_deref(), Some("node_count"));
        // Cards of no machine stay a count of cards.
        let cards = "Two 8-GPU jobs ran on 16 GPUs.";
        assert_ne!(kind(cards, "8").as_deref(), Some("accelerators_per_node"));
        let pair = "Two RTX 6000 Ada cards give 96 GB and 1,920 GB/s of aggregate bandwidth.";
        assert_ne!(
            kind(pair, "1,920 GB/s").as_deref(),
            Some("bandwidth_per_accelerator")
        );
        // Without its cue a bare number is no PUE.
        assert_eq!(kind("Over 54 days it failed 466 times.", "466"), None);
    }

    #[test]
    fn units_give_the_kind() {
        assert_eq!(
            kind("They used 2.788M GPU-hours.", "2.788M GPU-hours").as_deref(),
            Some("gpu_hours")
        );
        assert_eq!(
            kind("The site draws 150 MW.", "150 MW").as_deref(),
            Some("power")
        );
        assert_eq!(
            kind("训练了 4.8×10²⁶ FLOPs。", "4.8×10²⁶ FLOPs").as_deref(),
            Some("training_compute")
        );
        // Generating tokens is serving, not a training run.
        assert_eq!(
            kind(
                "生成 1,000 个 token 约 3.5×10^14 FLOPs。",
                "约 3.5×10^14 FLOPs"
            )
            .as_deref(),
            Some("inference_compute")
        );
    }

    #[test]
    fn cues_choose_among_kinds_of_one_dimension() {
        assert_eq!(
            kind("Each GPU has a 700 W TDP.", "700 W").as_deref(),
            Some("power_per_accelerator")
        );
        assert_eq!(
            kind("每卡 700W。", "每卡 700W").as_deref(),
            Some("power_per_accelerator")
        );
        assert_eq!(
            kind("要求每卡有效算力 444 TFLOPS。", "444 TFLOPS").as_deref(),
            Some("effective_throughput")
        );
        assert_eq!(
            kind("The MFU was 40%.", "40%").as_deref(),
            Some("utilisation")
        );
    }

    #[test]
    fn a_label_before_a_colon_names_the_first_figure_after_it() {
        assert_eq!(
            kind("节点数量：计划是3000个，另有200个备用。", "3000个").as_deref(),
            Some("node_count")
        );
        assert_eq!(
            kind("节点数量：计划是3000个，另有200个备用。", "200个"),
            None
        );
        assert_eq!(kind("计划是3000个。", "3000个"), None);
    }

    #[test]
    fn a_figure_beside_a_card_is_per_card() {
        assert_eq!(
            kind("一张 H100 80 GB。", "80 GB").as_deref(),
            Some("memory_per_accelerator")
        );
        assert_eq!(kind("In all, 640 GB.", "640 GB").as_deref(), Some("memory"));
    }

    #[test]
    fn a_figure_per_something_else_has_no_kind() {
        assert_eq!(kind("每层 六个 FLOPs。", "六个 FLOPs"), None);
        // Per token is a kind of its own: a forward pass's compute.
        assert_eq!(
            kind("每 token 六个 FLOPs。", "六个 FLOPs").as_deref(),
            Some("forward_flops_per_token")
        );
    }

    #[test]
    fn bare_numbers_need_a_cue() {
        assert_eq!(kind("671B 总参。", "671B").as_deref(), Some("parameters"));
        assert_eq!(kind("It took 671B.", "671B"), None);
        assert_eq!(kind("A share of 40%.", "40%"), None);
    }
}
