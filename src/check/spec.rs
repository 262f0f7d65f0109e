//! `spec`: a figure about a known entity that disagrees with the knowledge
//! base, naming the column it does match.
//!
//! Catches a figure stated next to a known accelerator, system, model or
//! cluster (by name or alias, English or Chinese: "H100", "英伟达 H100 SXM",
//! "DeepSeek-V3", "Microsoft Eagle") whose unit fits one of the entity's
//! attributes: memory, bandwidth, throughput, TDP, parameters, tokens,
//! GPU-hours, accelerator counts. The words around the figure choose the
//! column: precision (BF16, FP8, TF32), dense or sparse (稠密, 带稀疏),
//! per direction or both, and the attribute itself (TDP, 显存, 总参).
//!
//! Why it matters: most wrong numbers in this genre are not bad sums but bad
//! facts: the sparse column quoted as dense, TF32 as BF16, the PCIe card's
//! figure for the SXM one, GiB for GB.
//!
//! A family name is every variant ("H100" is SXM5, PCIe and NVL), and a
//! figure is contradicted only when no variant, no source's value, no reading
//! of GB as GiB and no per-direction or total reading holds. When the figure
//! matches another column, the help line names it; a stated qualifier can
//! itself be the error ("989 TFLOPS with sparsity" is the dense figure).
//!
//! The world is open, and unchecked beats wrong. A figure beside a name the
//! knowledge base does not know ("the Orion X4", "H20 (141GB)") is that
//! name's and is left alone. A mismatch is reported only when the subject,
//! the attribute and the qualifiers are certain: the entity is named in the
//! figure's clause, or no unknown name shares its sentence; a cue names the
//! attribute, unless the unit fits no other ("1.8 TB/s" may be memory
//! bandwidth or NVLink); an attribute named but not recorded for the entity
//! is never swapped for another of the same unit; the precision (and the
//! link) is stated where the facts carry one; sparsity is stated or both
//! columns are recorded. A list's introduction ("The MI300X has:") names
//! its items' subject, and "respectively" pairs names and figures in order.
//!
//! A table that compares parts at one precision in two columns is
//! inconsistent: a part's figure matching only its sparse column beside
//! another's matching only its dense one ("| FP16 | 148 | 312 | 1,979 |":
//! the H100's figure is with sparsity, the others dense).
//!
//! Example:
//!
//! ```text
//! H100 BF16 dense is about 495 TFLOPS   contradicted: 989.4 TFLOPS (SXM5);
//!                                        495 is the TF32 dense figure
//! H100 SXM: 700 W TDP, 80 GB HBM3        verified
//! ```

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::check::finding::{Finding, Related, SourceRef, Verdict, as_written};
use crate::check::mixed_columns::{self, ColumnRead};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues, Found, keep_own_attributes};
use crate::claim::names::{card_of_item_before, parenthesis_owner, respective};
use crate::kb::{Entity, Fact, FactValue, Kb, Kind, Measure, Mention, Reading};
use crate::lang::message::{Arg, Message};
use crate::msg;
use crate::number::format::number;
use crate::number::interval::Interval;
use crate::number::lexicon::Hedge;
use crate::number::quantity::{Quantity, Token, figure_spans};
use crate::read::markdown::BlockKind;
use crate::read::segment::{Sentence, at_most_chars, last_chars};
use crate::units::{Base, Dimension, Unit, UnitTable};

pub struct Spec;

impl Check for Spec {
    fn code(&self) -> &'static str {
        "spec"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("spec.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let mut topic = Topic::default();
        let mut article = None;
        let mut first_heading = None;
        // The entity each block named last, for the items of a list its
        // block introduces ("The MI325X has:").
        let mut last_named: std::collections::HashMap<usize, Mention> = Default::default();
        let rows = row_names(input);
        let mut reads = Vec::new();
        for (index, sentence) in input.sentences.iter().enumerate() {
            if topic.block != Some(sentence.block) {
                if let (Some(block), Some(m)) = (topic.block, &topic.mention) {
                    last_named.insert(block, m.clone());
                }
                let intro = input
                    .blocks
                    .get(sentence.block)
                    .and_then(|b| b.intro)
                    .and_then(|i| last_named.get(&i).cloned())
                    .or_else(|| {
                        let before = sentence.block.checked_sub(1)?;
                        card_of_item_before(
                            input.kb,
                            input.blocks,
                            &input.doc.text,
                            sentence,
                            last_named.get(&before),
                        )
                    })
                    .or_else(|| {
                        item_introduced(input, sentence.block)
                            .and_then(|b| last_named.get(&b).cloned())
                    });
                topic = Topic {
                    block: Some(sentence.block),
                    article: article.clone(),
                    mention: intro,
                    ..Topic::default()
                };
            }
            let context = Context::new(input, index, &rows);
            let heading = input
                .blocks
                .get(sentence.block)
                .is_some_and(|b| b.kind == BlockKind::Heading);
            if heading && first_heading.is_none() {
                first_heading = Some(sentence.block);
            }
            if first_heading == Some(sentence.block) && article.is_none() {
                article = context.mentions.first().cloned();
                topic.article = article.clone();
            }
            for token in &sentence.tokens {
                if let Token::Quantity(q) = token
                    && !of_unrecorded_kind(input, q)
                    && let Some(f) = check(input.kb, &context, &topic, q, machines_cards(input, q))
                {
                    findings.push(f);
                }
            }
            topic.learn(&context);
            reads.append(&mut context.reads.take());
        }
        mixed_columns::report(&reads, findings);
    }
}

/// Each table row's names, by (table, row): the one known name of its
/// cells, or none when a row names two things or an unknown one.
type RowNames = std::collections::HashMap<(usize, usize), Vec<Mention>>;

fn row_names(input: &Input) -> RowNames {
    let mut rows: std::collections::HashMap<(usize, usize), (Vec<Mention>, bool)> =
        Default::default();
    for (index, sentence) in input.sentences.iter().enumerate() {
        let Some(BlockKind::Cell { place, header, .. }) =
            input.blocks.get(sentence.block).map(|b| &b.kind)
        else {
            continue;
        };
        // Only a column of what the rows are ("GPU", "Accelerator", "型号")
        // names their subject; "适用硬件" (the hardware that suits) does not.
        let text = input.doc.text.as_str();
        let lower = header
            .as_ref()
            .map(|h| text[h.clone()].to_lowercase())
            .unwrap_or_default();
        let names_the_thing = THING_HEADERS.iter().any(|w| lower.contains(w))
            && !SUITS_HEADERS.iter().any(|w| lower.contains(w))
            && !COUNT_HEADERS.iter().any(|w| lower.contains(w));
        if !names_the_thing {
            continue;
        }
        let entry = rows.entry((place.table, place.row)).or_default();
        for m in input.facts.names(index) {
            if m.entities.is_empty() {
                entry.1 = true;
            } else if !entry.0.iter().any(|n| n.entities == m.entities) {
                entry.0.push(m.clone());
            }
        }
    }
    rows.into_iter()
        .map(|(key, (named, unknown))| (key, if unknown { Vec::new() } else { named }))
        .collect()
}

/// Column headers over the things a table's rows are.
const THING_HEADERS: [&str; 9] = [
    "gpu",
    "accelerator",
    "card",
    "chip",
    "型号",
    "型號",
    "加速卡",
    "显卡",
    "顯卡",
];

/// Column headers that count or total the things rather than name them
/// ("Max GPUs in domain", "GPU count", "卡数").
const COUNT_HEADERS: [&str; 16] = [
    "max", "min", "per ", "count", "number", "#", "num", "total", "数量", "數量", "卡数", "卡數",
    "张数", "張數", "合计", "合計",
];

/// Column headers over hardware a row recommends, needs or uses, not is.
const SUITS_HEADERS: [&str; 14] = [
    "适用",
    "適用",
    "推荐",
    "推薦",
    "recommended",
    "suitable",
    "minimum",
    "required",
    "needed",
    "最低",
    "最少",
    "所需",
    "需要",
    "需求",
];

/// Column headers over a figure a workload uses or needs, not a spec.
const USAGE_HEADERS: [&str; 9] = [
    "峰值", "占用", "佔用", "需求", "usage", "used", "need", "required", "peak",
];

/// Whether a column header names a whole of several cards: a total word
/// or a server, node or rack ("Total GPU memory", "整机显存", "整机 GPU 功耗").
fn names_a_whole(header: &str) -> bool {
    let lower = header.to_lowercase();
    Cues::builtin()
        .find(header)
        .iter()
        .any(|f| f.cue == Cue::Total)
        || crate::kb::formula::whole_words()
            .iter()
            .any(|w| lower.contains(w.as_str()))
        || ["total", "总", "總", "合计", "合計"]
            .iter()
            .any(|w| lower.contains(w))
}

/// The number of cards a column header counts: 8 in "8 卡合计显存",
/// "8-GPU total", "Total (8× GPUs)".
fn cards_counted(header: &str) -> Option<f64> {
    static COUNT: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(\d+)\s*(?:[-‑]\s*)?(?:卡|张|張|颗|顆|块|塊|[×x]?\s*(?:gpus?|cards?|accelerators?)\b)")
            .expect("a valid pattern")
    });
    let count: f64 = COUNT.captures(header)?[1].parse().ok()?;
    (count > 1.0).then_some(count)
}

/// The item of the same list, this one or one before it with only items
/// between, whose words end on a colon ("- Repeat for next token. NVIDIA
/// H100 specs:" then "- Compute: 1,979 TFLOPS"): it introduces the items
/// after it, as a paragraph ending on a colon introduces a list.
fn item_introduced(input: &Input, block: usize) -> Option<usize> {
    let item = input.blocks.get(block)?.item?;
    let text = input.doc.text.as_str();
    let mut at = block;
    let mut index = item.index;
    while index > 0 {
        at = at.checked_sub(1)?;
        let before = input.blocks.get(at)?;
        let sibling = before.item?;
        if sibling.list != item.list || sibling.index + 1 != index {
            return None;
        }
        if text[before.span()].trim_end().ends_with([':', '：']) {
            return Some(at);
        }
        index = sibling.index;
    }
    None
}

/// Whether the figure is of a kind no entity's facts record: a server's
/// "2 TB RAM" beside its cards is none of theirs.
fn of_unrecorded_kind(input: &Input, q: &Quantity) -> bool {
    let typed = input.typed();
    let Ok(at) = typed.binary_search_by_key(&q.span.start, |t| t.quantity.span.start) else {
        return false;
    };
    Cues::builtin()
        .kinds()
        .iter()
        .any(|k| k.unrecorded && k.name == typed[at].kind)
}

/// Whether the figure counts the cards of each machine ("8 卡机型", "an
/// 8-GPU server"): only a system's card count, never a model's or a
/// cluster's total, can be it.
fn machines_cards(input: &Input, q: &Quantity) -> bool {
    let typed = input.typed();
    typed
        .binary_search_by_key(&q.span.start, |t| t.quantity.span.start)
        .is_ok_and(|at| typed[at].kind == "accelerators_per_node")
}

/// What earlier sentences of the same paragraph established: the entity
/// last named and the precision last stated.
#[derive(Default)]
struct Topic {
    block: Option<usize>,
    mention: Option<Mention>,
    /// How many of it the sentence that named it counted ("8 H100s"): a
    /// later figure may be their total.
    count: Option<f64>,
    /// The first name of the sentence that named the topic, when it is
    /// another thing than the last ("B300 ships six months after B200"):
    /// either may be what the next sentence is about, so a figure the topic
    /// contradicts must contradict it too.
    rival: Option<Mention>,
    precision: Option<Found>,
    /// The entity the article's first heading names.
    article: Option<Mention>,
}

impl Topic {
    fn learn(&mut self, context: &Context) {
        if let Some(m) = context
            .mentions
            .iter()
            .rev()
            .find(|m| !compared(context.text, m))
        {
            self.count = own_count(context, m);
            self.mention = Some(m.clone());
            self.rival = context
                .mentions
                .iter()
                .find(|r| !compared(context.text, r))
                .filter(|r| r.entities != m.entities)
                .cloned();
        }
        if let Some(p) = context
            .cues
            .iter()
            .rev()
            .find(|f| matches!(&f.cue, Cue::Qualifier(k, _) if k == "precision"))
        {
            self.precision = Some(p.clone());
        }
    }
}

/// A sentence ready for the check: its clauses, the entities it names and
/// its cues, with offsets into the document. In a table cell, the row's
/// first cell and the column's header count as part of the sentence.
struct Context<'a> {
    text: &'a str,
    clauses: &'a [Range<usize>],
    mentions: &'a [Mention],
    cues: &'a [Found],
    /// Entities named in the row label and header of a table cell.
    cell_mentions: Vec<Mention>,
    /// Cues in the column header of a table cell.
    header_cues: Vec<Found>,
    /// The unit a column header names ("Dense BF16 TFLOPS", "显存 (GB)"),
    /// for bare numbers in its cells.
    header_unit: Option<Unit>,
    /// Whether the column header names a whole of several cards ("8 卡合计
    /// 显存", "Total VRAM"), and how many when it counts them.
    whole_column: Option<Option<f64>>,
    tokens: &'a [Token],
    /// Where the sentence's figures stand.
    figures: Vec<Range<usize>>,
    /// Years the sentence names, for facts that are targets for a date.
    years: Vec<u16>,
    /// The tolerance the check was given ([`Input::tolerance`]).
    tolerance: f64,
    /// Whether the sentence is a cell of a Markdown table.
    in_table: bool,
    /// The table the cell is in, by its index in the document.
    table: Option<usize>,
    /// The cells read as one column of a part's throughput, for
    /// [`mixed_columns`].
    reads: RefCell<Vec<ColumnRead>>,
}

impl<'a> Context<'a> {
    fn new(input: &Input<'a>, index: usize, rows: &RowNames) -> Context<'a> {
        let sentence: &'a Sentence = &input.sentences[index];
        let text = input.doc.text.as_str();
        let find = |range: Range<usize>| {
            let shift = |r: Range<usize>| r.start + range.start..r.end + range.start;
            let mentions: Vec<Mention> =
                crate::claim::names::mentions(input.kb, &text[range.clone()])
                    .into_iter()
                    .map(|m| Mention {
                        span: shift(m.span),
                        entities: m.entities,
                    })
                    .collect();
            let cues: Vec<Found> = Cues::builtin()
                .find(&text[range.clone()])
                .into_iter()
                .map(|f| Found {
                    span: shift(f.span),
                    cue: f.cue,
                })
                .collect();
            (mentions, cues)
        };
        let (mut cell_mentions, mut header_cues) = (Vec::new(), Vec::new());
        let mut header_unit = None;
        let mut whole_column = None;
        if let Some(block) = input.blocks.get(sentence.block)
            && let BlockKind::Cell {
                header,
                row_label,
                place,
            } = &block.kind
        {
            // A cell's row label and column header both describe it: in a
            // table with attributes as rows, "FP32 Performance" is the row's.
            // The one that names the entity is no attribute: in a row
            // labelled "8-GPU HGX H100 node", the "Qty" column counts nodes,
            // not GPUs.
            let [row, column] =
                [row_label, header].map(|r| r.clone().map(find).unwrap_or_default());
            let names_only_one = row.0.is_empty() != column.0.is_empty();
            let named_by_neither = row.0.is_empty() && column.0.is_empty();
            for (mentions, cues) in [row, column] {
                if !names_only_one || mentions.is_empty() {
                    header_cues.extend(cues);
                }
                cell_mentions.extend(mentions);
            }
            // "| A | NVIDIA H100 SXM | 80 GB HBM3 | 3.9 TB/s |": with a row
            // label that names nothing, the one known name among the row's
            // cells, and no unknown one, is the row's subject, under a
            // header that names no whole ("整机显存", "Total VRAM" are the
            // server's, not the card's).
            let whole_header = header.as_ref().is_some_and(|h| {
                let words = text[h.clone()].to_lowercase();
                names_a_whole(&words) || USAGE_HEADERS.iter().any(|w| words.contains(w))
            });
            if named_by_neither
                && !whole_header
                && let Some(named) = rows.get(&(place.table, place.row))
                && let [only] = named.as_slice()
            {
                cell_mentions.push(only.clone());
            }
            if let Some(h) = header {
                header_unit = UnitTable::builtin().unit_named_in(&text[h.clone()]);
                if names_a_whole(&text[h.clone()].to_lowercase()) {
                    whole_column = Some(cards_counted(&text[h.clone()]));
                }
            }
            // "| FP16 (Tensor Core) TFLOPS | 312 | 989 |" under headers that
            // name the cards: the row label names the unit of the row.
            if header_unit.is_none()
                && let Some(r) = row_label
            {
                header_unit = UnitTable::builtin().unit_named_in(&text[r.clone()]);
            }
        }
        let local = &text[sentence.span.clone()];
        Context {
            text,
            clauses: input.facts.clauses(index),
            mentions: input.facts.names(index),
            cues: input.facts.cues(index),
            cell_mentions,
            header_cues,
            header_unit,
            whole_column,
            tokens: &sentence.tokens,
            figures: figure_spans(&sentence.tokens),
            years: years_in(local),
            tolerance: input.tolerance,
            in_table: input
                .blocks
                .get(sentence.block)
                .is_some_and(|b| matches!(b.kind, BlockKind::Cell { .. })),
            table: input.blocks.get(sentence.block).and_then(|b| match b.kind {
                BlockKind::Cell { place, .. } => Some(place.table),
                _ => None,
            }),
            reads: RefCell::default(),
        }
    }

    fn clause_of(&self, at: usize) -> Range<usize> {
        self.clauses
            .iter()
            .find(|c| c.start <= at && at < c.end)
            .cloned()
            .unwrap_or(at..at)
    }
}

/// Where the entity of a figure was found; the further away, the more the
/// clause must say for a mismatch to count.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    /// Paired by "respectively" ("the A100 and the H100 have 40 GB and 80
    /// GB respectively"): the i-th figure is the i-th name's.
    Respective,
    Clause,
    Sentence,
    Cell,
    Paragraph,
    /// The entity the article's first heading names: its subject, good
    /// enough to verify a figure, never to contradict one.
    Document,
}

/// A figure and what it may be about.
struct Subject {
    mention: Mention,
    scope: Scope,
    /// How many of the entity the clause counts ("8×H100"), for totals.
    count: Option<f64>,
}

/// One way to read the figure against one fact.
struct Candidate<'k> {
    entity: &'k Entity,
    fact: &'k Fact,
    reading: &'k Reading,
    measure: &'k Measure,
    /// The fact's value under this reading (halved for one direction...).
    expected: Interval,
    /// How the reading was taken, for the steps: "900 GB/s ÷ 2 per
    /// direction".
    how: Option<Message>,
    /// The reading's qualifiers, with the direction it was taken in.
    qualifiers: BTreeMap<String, String>,
    /// The value for a report, as taken.
    shown: String,
}

fn check(
    kb: &Kb,
    context: &Context,
    topic: &Topic,
    q: &Quantity,
    machines_cards: bool,
) -> Option<Finding> {
    if q.is_share
        || !q.number.is_finite()
        || order_of_magnitude(context.text, q)
        || reference_mark(context, q)
    {
        return None;
    }
    let in_unit_column;
    let q = match &context.header_unit {
        Some(unit) if q.unit.is_one() => {
            in_unit_column = Quantity {
                unit: unit.clone(),
                ..q.clone()
            };
            &in_unit_column
        }
        _ => q,
    };
    let clause = context.clause_of(q.span.start);
    let counted = counted_mention(context, q);
    let subject = subject(kb, context, topic, q, &clause, counted.as_ref())?;
    // "Specification | RTX 4090 | RTX 5090⏎VRAM | 24 GB | 32 GB": in a row
    // of cells Markdown did not take for a table, a figure is its column's,
    // which a name on another line cannot tell.
    if !context.in_table
        && in_a_prose_row(context.text, q.span.start)
        && !same_line(context.text, subject.mention.span.start, q.span.start)
        && column_names(kb, context.text, q.span.start)
            .is_none_or(|entities| entities != subject.mention.entities)
    {
        return None;
    }
    // "H100 SXM 版峰值达 700W，PCIe 版约 350W": a form factor the figure's
    // clause names, and the subject's name (from outside the clause) does
    // not, is another variant's.
    let in_clause =
        clause.start <= subject.mention.span.start && subject.mention.span.end <= clause.end;
    let named = form_factors(&context.text[subject.mention.span.clone()]);
    let stated = form_factors(&context.text[clause.clone()]);
    let other_form = !named.is_empty() && stated.iter().any(|f| !named.contains(f));
    if other_form && !in_clause {
        return None;
    }
    // A name in the paragraph that has no fact of this kind ("18 万 H800
    // 卡时" names the card, not whose GPU-hours they are) leaves the figure
    // to the article's subject, which may only verify it.
    let article_subject = topic
        .article
        .as_ref()
        .filter(|m| subject.scope < Scope::Document && m.entities != subject.mention.entities)
        .map(|m| Subject {
            mention: m.clone(),
            scope: Scope::Document,
            count: None,
        });
    let counting = Counting {
        counted: counted.as_ref(),
        machines_cards,
    };
    let judged = |subject| judge(kb, context, topic, q, &clause, counting, subject);
    let rival = topic
        .rival
        .as_ref()
        .filter(|_| subject.scope == Scope::Paragraph)
        .map(|m| Subject {
            mention: m.clone(),
            scope: Scope::Paragraph,
            count: own_count(context, m),
        });
    match judged(subject) {
        Judged::NoFact => article_subject.and_then(|s| match judged(s) {
            Judged::NoFact => None,
            Judged::Done(finding) => finding.map(|f| *f),
        }),
        Judged::Done(Some(finding)) if finding.verdict != Verdict::Verified => match rival {
            None => Some(*finding),
            Some(rival) => match judged(rival) {
                Judged::Done(Some(other)) if other.verdict == Verdict::Verified => Some(*other),
                Judged::Done(Some(_)) => Some(*finding),
                _ => None,
            },
        },
        Judged::Done(finding) => finding.map(|f| *f),
    }
}

/// The line of the text around a byte offset.
fn line_around(text: &str, at: usize) -> std::ops::Range<usize> {
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    start..end
}

/// Whether the figure stands in a line of two or more pipes that is no
/// Markdown table's row: prose cells, each its column's.
fn in_a_prose_row(text: &str, at: usize) -> bool {
    text[line_around(text, at)].matches('|').count() >= 2
}

/// The entities the head of a prose row's column names: the first line of
/// the run of piped lines the figure's line belongs to, its cell in the
/// figure's column.
fn column_names(kb: &Kb, text: &str, at: usize) -> Option<Vec<usize>> {
    let line = line_around(text, at);
    let mut head = line.clone();
    while head.start > 0 {
        let above = line_around(text, head.start - 1);
        if text[above.clone()].matches('|').count() < 2 {
            break;
        }
        head = above;
    }
    if head == line {
        return None;
    }
    let column = |row: &str, upto: usize| {
        let lead = row.len() - row.trim_start().len();
        let opens_on_pipe = row.trim_start().starts_with('|');
        row[lead..upto].matches('|').count() - usize::from(opens_on_pipe)
    };
    let index = column(&text[line.clone()], at - line.start);
    let header = &text[head];
    let cell = header
        .trim()
        .trim_start_matches('|')
        .split('|')
        .nth(index)?;
    match crate::claim::names::mentions(kb, cell).as_slice() {
        [m] => Some(m.entities.clone()),
        _ => None,
    }
}

fn same_line(text: &str, a: usize, b: usize) -> bool {
    line_around(text, a) == line_around(text, b)
}

/// Whether the words right before a figure make it the size of a change:
/// "增加 200 瓦", "高出 200 瓦", "increased by 200 W".
fn by_how_much(lead: &str) -> bool {
    let near = last_chars(lead, 8).trim_end().to_lowercase();
    let near = near.trim_end_matches(['了', '约', '約', '近', '达', '達']);
    [
        "增加", "提高", "提升", "高出", "多出", "降低", "减少", "減少", "增长", "增長",
    ]
    .iter()
    .any(|w| near.ends_with(w))
        || {
            let near = last_chars(lead, 16).trim_end().to_lowercase();
            [
                "increased by",
                "increases by",
                "increase by",
                "up by",
                "down by",
                "more by",
            ]
            .iter()
            .any(|w| near.ends_with(w))
        }
}

/// Whether the words of a clause before a figure deny it: "no", "not",
/// "never", "没有", "沒有", "并非", "並非", "不是".
fn denied(lead: &str) -> bool {
    let lower = last_chars(lead, 40).to_lowercase();
    let english = lower
        .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
        .any(|w| {
            matches!(w, "no" | "not" | "never" | "none" | "neither" | "nor") || w.ends_with("n't")
        });
    let near = last_chars(lead, 12);
    english
        || ["没有", "沒有", "并非", "並非", "不是"]
            .iter()
            .any(|w| near.contains(w))
}

/// The form factors a text names as words ("SXM5", "PCIe", "NVL", "OAM";
/// not the "NVL" of "NVLink").
fn form_factors(text: &str) -> Vec<&'static str> {
    ["SXM", "PCIe", "NVL", "OAM"]
        .into_iter()
        .filter(|f| {
            text.match_indices(f).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                let after = text[at + f.len()..].chars().next();
                before.is_none_or(|c| !c.is_ascii_alphabetic())
                    && after.is_none_or(|c| !c.is_ascii_alphabetic())
            })
        })
        .collect()
}

/// Whether a bare whole number right after a name, with only punctuation
/// after it, is a reference mark ("the NVIDIA DGX-H100 29 , which has eight
/// H100 GPUs"): text copied from a paper keeps its citation numbers.
fn reference_mark(context: &Context, q: &Quantity) -> bool {
    let text = context.text;
    let after = text[q.span.end..].trim_start_matches(' ');
    q.unit.is_one()
        && q.magnitude == 1.0
        && q.number.nominal.fract() == 0.0
        && after.starts_with([',', '.', ';', ')'])
        && context
            .mentions
            .iter()
            .any(|m| m.span.end <= q.span.start && text[m.span.end..q.span.start].trim().is_empty())
}

/// Whether a figure is a magnitude word with no digit before it ("迈入百千瓦
/// 时代", "千卡集群"): an order of magnitude, no value a spec could state.
fn order_of_magnitude(text: &str, q: &Quantity) -> bool {
    text[q.span.clone()].starts_with(['百', '千', '万', '萬', '亿', '億'])
}

/// Whether the words state a sparsity other than 2:4 ("4x sparsity",
/// "4:16 sparsity", "8:1 稀疏"), for which no datasheet column stands.
fn other_sparsity(words: &str) -> bool {
    static RATIO: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(\d+)\s*(?:x|×|:\s*(\d+))\s*(?:structured\s+)?(?:sparsity|sparse|稀疏)")
            .expect("a valid pattern")
    });
    RATIO.captures_iter(words).any(|c| {
        let first = &c[1];
        match c.get(2) {
            Some(second) => !(first == "2" && second.as_str() == "4"),
            None => first != "2",
        }
    })
}

/// What one subject makes of a figure.
enum Judged {
    /// The subject has no fact the figure could be.
    NoFact,
    /// Boxed: a finding is large, and most figures end without one.
    Done(Option<Box<Finding>>),
}

/// What the figure counts by: the name of the things a count before it
/// counts ("4 张 H100"), and whether it counts each machine's cards.
#[derive(Clone, Copy)]
struct Counting<'m> {
    counted: Option<&'m Mention>,
    machines_cards: bool,
}

/// Attributes whose facts are the most a thing allows, not what each use of
/// it states.
const MAXIMA: [&str; 1] = ["context_length"];

fn judge(
    kb: &Kb,
    context: &Context,
    topic: &Topic,
    q: &Quantity,
    clause: &Range<usize>,
    counting: Counting,
    subject: Subject,
) -> Judged {
    let counted = counting.counted;
    let clause = clause.clone();
    let cues = cues_for(context, topic, q, &clause, subject.scope);
    // A figure worked out from a utilisation is no spec; the utilisation
    // itself ("MFU of 38–43%") is.
    let is_utilisation = q.dimension().is_dimensionless()
        && q.unit.factor == 0.01
        && cues
            .iter()
            .any(|f| f.cue == Cue::Attribute("mfu".to_string()));
    if !is_utilisation && cues.iter().any(|f| f.cue == Cue::Derived) {
        return Judged::Done(None);
    }
    // "僅增加 200 瓦熱設計功耗", "相比 GB200 僅高出 200 瓦": a figure a
    // change verb gives is a difference, not a level.
    if by_how_much(&context.text[clause.start.min(q.span.start)..q.span.start]) {
        return Judged::Done(None);
    }
    // "No single consumer GPU sold today has 40 GB of VRAM", "没有一张卡有
    // 40 GB": a figure denied is no one's spec.
    if denied(&context.text[clause.start.min(q.span.start)..q.span.start]) {
        return Judged::Done(None);
    }
    // "4x sparsity, boosting FP8 to 5.2 petaFLOPS": a sparsity other than
    // the 2:4 of the datasheets' sparse column is a column none records.
    if other_sparsity(
        &context.text[context.clauses.first().map_or(clause.start, |c| c.start)..clause.end],
    ) {
        return Judged::Done(None);
    }
    // "assume 40% MFU, which is about 396 TFLOPS delivered per GPU": a
    // throughput after a utilisation stated in its sentence is what the
    // utilisation leaves of the peak.
    // A peak named in the figure's clause ("利用率=0.85，单块 A100 FP16 算力
    // 峰值=312 TFLOPS") is the spec, whatever utilisation came before.
    let peak = {
        let words = context.text[clause.clone()].to_lowercase();
        ["峰值", "peak", "理论", "理論", "theoretical"]
            .iter()
            .any(|w| words.contains(w))
    };
    let after_a_utilisation = q.dimension().physical()
        == Dimension::of(Base::Flop) / Dimension::of(Base::Second)
        && !peak
        && context.cues.iter().any(|f| {
            f.span.end <= q.span.start && matches!(&f.cue, Cue::Attribute(a) if a == "mfu")
        });
    if after_a_utilisation {
        return Judged::Done(None);
    }
    let stated = stated_qualifiers(&cues, q);
    // The figure's own unit word names its attribute too: "7.61B
    // parameters", "278.8 万卡时".
    let own_unit = context
        .cues
        .iter()
        .filter(|f| q.span.start <= f.span.start && f.span.end <= q.span.end);
    let mut attributes: Vec<&str> = cues
        .iter()
        .chain(own_unit)
        .filter_map(|f| match &f.cue {
            Cue::Attribute(a) => Some(a.as_str()),
            _ => None,
        })
        .collect();
    attributes.sort_unstable();
    attributes.dedup();
    let entities: Vec<&Entity> = subject
        .mention
        .entities
        .iter()
        .map(|&i| kb.entity(i))
        .collect();
    // "Each GB200 GPU draws 1,200 W", "DGX H100 的每张卡": a figure of one
    // of the accelerators a superchip or a system holds is none of the
    // whole's, and the knowledge base records the whole's.
    if entities.iter().any(|e| holds_several_accelerators(e))
        && names_one_accelerator(&context.text[subject.mention.span.end..])
    {
        return Judged::NoFact;
    }
    let fitting: Vec<(&Entity, &Fact, &Measure)> = entities
        .iter()
        .flat_map(|e| e.facts.iter().map(move |f| (*e, f)))
        .filter_map(|(e, f)| match &f.value().value {
            FactValue::Measure(m) => Some((e, f, m)),
            FactValue::Word(_) => None,
        })
        .filter(|(e, f, m)| fits(kb, &context.years, q, e, f, m, &attributes, counted))
        .filter(|(e, f, _)| {
            !counting.machines_cards || e.kind == Kind::System || f.attribute != "accelerator_count"
        })
        .collect();
    if fitting.is_empty() {
        return Judged::NoFact;
    }
    // Cued attributes narrow the field when any of them fits.
    let cued: Vec<_> = fitting
        .iter()
        .filter(|(_, f, _)| attributes.contains(&f.attribute.as_str()))
        .copied()
        .collect();
    // A cued attribute the entity has no fact for leaves the figure
    // unchecked: an NVLink figure is never compared with memory bandwidth.
    if cued.is_empty() && attributes.iter().any(|a| measures(kb, a, q.dimension())) {
        return Judged::NoFact;
    }
    let fitting = if cued.is_empty() { fitting } else { cued };
    let candidates = candidates(&fitting, &stated, true);
    if candidates.is_empty() {
        let unsupported = Unsupported {
            stated: &stated,
            attributes: &attributes,
            counted,
        };
        return Judged::Done(
            unsupported_precision(kb, context, q, &subject, &unsupported).map(Box::new),
        );
    }
    // Named sentences ago, and nothing in this clause ties the figure to it:
    // too loose a link to check either way.
    // The figure's own unit word counts ("278.8 万卡时" names GPU-hours).
    let own_unit_cue = context.cues.iter().any(|f| {
        q.span.start <= f.span.start
            && f.span.end <= q.span.end
            && matches!(f.cue, Cue::Attribute(_))
    });
    let clause_cued = own_unit_cue
        || cues.iter().any(|f| {
            clause.start <= f.span.start
                && f.span.end <= clause.end
                && match &f.cue {
                    Cue::Qualifier(k, _) => k != "precision",
                    Cue::Attribute(_) => true,
                    _ => false,
                }
        });
    if matches!(subject.scope, Scope::Paragraph | Scope::Document) && !clause_cued {
        return Judged::Done(None);
    }
    // "至少 700GB", "up to 2 PB": a requirement or a bound, for the bound
    // check.
    if matches!(q.hedge, Some(Hedge::AtLeast | Hedge::AtMost)) {
        return Judged::Done(None);
    }
    // "一万张 H100，每张 700 W，总功耗 4 MW": beside the per-unit figure it
    // rests on, a configuration's total is the formula check's, to verify
    // or to contradict (read against another variant's spec it would say
    // both); the per-unit figure itself stays the spec check's.
    let in_a_name = |span: &Range<usize>| {
        context
            .mentions
            .iter()
            .any(|m| m.span.start <= span.start && span.end <= m.span.end)
    };
    let beside_its_unit = subject.count.is_some()
        && context.tokens.iter().any(|t| {
            matches!(t, Token::Quantity(other) if other.span != q.span
                && !in_a_name(&other.span)
                && !other.dimension().is_dimensionless()
                && other.dimension().compatible(q.dimension()))
        });
    let claimed = claimed_readings(q, subject.count.filter(|_| !beside_its_unit));
    if let Some((c, how)) = matching(&candidates, &claimed, context.tolerance) {
        if let Some(read) = column_read(context, q, &stated, c, &candidates, &claimed) {
            context.reads.borrow_mut().push(read);
        }
        return Judged::Done(Some(Box::new(verified(kb, context, q, &subject, c, how))));
    }
    if beside_its_unit
        || subject.scope != Scope::Respective
            && a_total_of_the_spec(context, q, &candidates, in_a_name)
    {
        return Judged::Done(None);
    }
    // "Qwen2.5-14B … 140 亿参数": a model's name states its size, rounded;
    // a count equal to it restates the name, not the exact count.
    if restates_name_size(kb, context, &subject, &candidates, &claimed) {
        return Judged::Done(None);
    }
    // A price recorded as of a date ("55.04 USD/hour as of 2026-11-09") is
    // a reading of that date, never a spec: it verifies the figure it
    // matches, and a figure it does not match may be another date's price.
    let candidates: Vec<Candidate> = candidates.into_iter().filter(|c| !is_price(c)).collect();
    if candidates.is_empty() {
        return Judged::Done(None);
    }
    if !states_a_spec(kb, context, q, &subject, &clause, &candidates) {
        return Judged::Done(None);
    }
    // "| H100 SXM | 64 | 12,400 | 61 |" under "Memory (GB)": in a table,
    // memory under the card's may be what a workload used; only a header
    // word for the card's own memory (VRAM, HBM, capacity, 显存) makes it
    // the spec.
    let memory = |c: &Candidate| {
        matches!(
            c.fact.attribute.as_str(),
            "memory_capacity" | "total_memory"
        )
    };
    let below = |c: &Candidate| q.claimed(false, false).hi < c.expected.lo;
    let memory_cues: Vec<&Found> = context
        .header_cues
        .iter()
        .filter(|f| {
            matches!(&f.cue, Cue::Attribute(a) if a == "memory_capacity" || a == "total_memory")
        })
        .collect();
    // "96 GB HBM2e": a memory type after the figure says it is the part's
    // memory, as no workload's usage is written.
    let typed_memory = {
        let after = context.text[q.span.end..].trim_start_matches(' ');
        ["HBM", "GDDR", "LPDDR"].iter().any(|t| {
            after
                .get(..t.len())
                .is_some_and(|w| w.eq_ignore_ascii_case(t))
        })
    };
    let names_capacity = typed_memory
        || memory_cues
            .iter()
            .any(|f| Cues::builtin().names_capacity(&context.text[f.span.clone()]));
    if !memory_cues.is_empty()
        && !names_capacity
        && candidates.iter().all(|c| memory(c) && below(c))
    {
        return Judged::Done(None);
    }
    // The figure's own unit word names its attribute too ("3 万张").
    let mut named: Vec<&str> = attributes.clone();
    named.extend(context.cues.iter().filter_map(|f| match &f.cue {
        Cue::Attribute(a) if q.span.start <= f.span.start && f.span.end <= q.span.end => {
            Some(a.as_str())
        }
        _ => None,
    }));
    if !certain(kb, context, &subject, &named, &stated, &candidates) {
        return Judged::Done(None);
    }
    if subject.scope == Scope::Document {
        return Judged::Done(None);
    }
    // The column may be a sibling's: "700 W" for the H100 PCIe is the SXM's.
    let mut family: Vec<&Entity> = entities.clone();
    for e in kb.entities() {
        let sibling = e.family.is_some()
            && entities
                .iter()
                .any(|s| s.family == e.family && s.kind == e.kind);
        if sibling && !family.iter().any(|f| f.id == e.id) {
            family.push(e);
        }
    }
    let relaxed = candidates_relaxed(&family, q, &attributes, counted, kb, &context.years);
    let carried: Vec<&str> = cues
        .iter()
        .filter(|f| f.span.end <= clause.start || f.span.start >= clause.end)
        .filter_map(|f| match &f.cue {
            Cue::Qualifier(k, _) => Some(k.as_str()),
            _ => None,
        })
        .collect();
    // "at 4K context": a context length is a model's most, and a figure
    // below it is a setting of its use.
    let maxima = !candidates.is_empty()
        && candidates
            .iter()
            .all(|c| MAXIMA.contains(&c.fact.attribute.as_str()));
    if maxima
        && claimed
            .iter()
            .all(|(v, _)| candidates.iter().any(|c| v.hi <= c.expected.hi))
    {
        return Judged::Done(None);
    }
    // "… Llama 3 70B uses GQA. 29.5 GB holds about 90,000 tokens of
    // context": a most stated sentences away from the name is a use of it
    // (what a cache holds), not the model's own.
    if maxima && subject.scope > Scope::Cell {
        return Judged::Done(None);
    }
    // "…, so 71 GB holds roughly 216,000 tokens": a most worked out from
    // other figures is what they allow, not the model's own.
    let worked_out = cues
        .iter()
        .any(|f| f.cue == Cue::ConclusionBefore && f.span.end <= q.span.start);
    if maxima && worked_out {
        return Judged::Done(None);
    }
    let mut mixed = claimed.clone();
    mixed.extend(decimal_reading(q));
    let help = wrong_column(context, q, &stated, &carried, &candidates, &relaxed, &mixed);
    Judged::Done(Some(Box::new(contradicted(
        kb,
        context,
        q,
        &subject,
        &candidates,
        help,
    ))))
}

/// Whether a figure is a total of the spec rather than the spec: "rated at
/// 350 W per card, so 1,400 W per server, or 2.8 kW for both" (after a
/// figure of its kind in the sentence that is the spec, and at least twice
/// it; figures paired by "respectively" are not asked), or "一台八卡伺服器，光 GPU 就 5.6 kW" (a count of cards in the
/// sentence times the spec).
fn a_total_of_the_spec(
    context: &Context,
    q: &Quantity,
    candidates: &[Candidate],
    in_a_name: impl Fn(&Range<usize>) -> bool,
) -> bool {
    let claimed = q.claimed(false, false);
    context.tokens.iter().any(|t| {
        let Token::Quantity(other) = t else {
            return false;
        };
        if other.span == q.span || in_a_name(&other.span) {
            return false;
        }
        let is_the_spec = other.span.end <= q.span.start
            && other.dimension().compatible(q.dimension())
            && !other.dimension().is_dimensionless()
            && claimed.nominal >= 1.5 * other.premise().nominal
            && candidates
                .iter()
                .any(|c| other.claimed(false, false).meets(&c.expected));
        let cards = other.dimension() == Dimension::of(Base::Accelerator)
            && other.premise().nominal >= 2.0
            && candidates.iter().any(|c| {
                claimed.meets_within(
                    &c.expected.scale(other.premise().nominal),
                    context.tolerance,
                )
            });
        is_the_spec || cards
    })
}

/// What a figure states beyond its subject, for [`unsupported_precision`].
struct Unsupported<'a> {
    stated: &'a BTreeMap<String, Vec<String>>,
    attributes: &'a [&'a str],
    counted: Option<&'a Mention>,
}

/// The value a fact records for a precision the part lacks.
const UNSUPPORTED: &str = "unsupported";

/// "| A100 | 312 |" under "FP8 TFLOPS": a throughput in a precision the part
/// does not support is wrong whatever its value, when the knowledge base
/// records that precision as unsupported for every variant the name can
/// mean (a datasheet's list of precisions, and the absence of this one);
/// the help line names the column the value is. The subject must be the
/// figure's clause's, sentence's or row's, with no unknown name beside it,
/// and the precision its own.
fn unsupported_precision(
    kb: &Kb,
    context: &Context,
    q: &Quantity,
    subject: &Subject,
    figure: &Unsupported,
) -> Option<Finding> {
    let precisions = figure.stated.get("precision")?;
    if subject.scope > Scope::Cell
        || (subject.scope > Scope::Clause && unknown_name_near(context))
        || matches!(q.hedge, Some(Hedge::AtLeast | Hedge::AtMost))
        || figure.attributes.iter().any(|a| *a != "throughput")
    {
        return None;
    }
    let entities: Vec<&Entity> = subject
        .mention
        .entities
        .iter()
        .map(|&i| kb.entity(i))
        .collect();
    let lacks = |e: &'_ Entity, precision: &str| -> bool {
        e.facts_of("throughput").any(|f| {
            f.qualifiers()
                .get("precision")
                .is_some_and(|p| p == precision)
                && matches!(&f.value().value, FactValue::Word(w) if w == UNSUPPORTED)
        })
    };
    if !precisions
        .iter()
        .all(|p| entities.iter().all(|e| lacks(e, p)))
    {
        return None;
    }
    let mut relaxed: Vec<Candidate> = candidates_relaxed(
        &entities,
        q,
        &["throughput"],
        figure.counted,
        kb,
        &context.years,
    )
    .into_iter()
    .filter(|c| c.fact.attribute == "throughput")
    .collect();
    // A figure that states no sparsity is read as dense first, as writers
    // quote it.
    relaxed.sort_by_key(|c| c.qualifiers.get("sparsity").is_some_and(|s| s == "sparse"));
    let claimed = claimed_readings(q, None);
    let help = wrong_column(context, q, &BTreeMap::new(), &[], &[], &relaxed, &claimed);
    let text = claim_text(context, q);
    let precision = precisions
        .iter()
        .map(|p| p.replace('_', " ").to_uppercase())
        .collect::<Vec<_>>()
        .join("/");
    let mut steps: Vec<Message> = Vec::new();
    let mut sources: Vec<SourceRef> = Vec::new();
    for e in &entities {
        steps.push(msg!(
            "spec-step-unsupported",
            entity = short_name(e),
            precision = &precision
        ));
        for f in e.facts_of("throughput") {
            if matches!(&f.value().value, FactValue::Word(w) if w == UNSUPPORTED)
                && let Some(s) = source_ref(kb, &f.value().source)
                && !sources.contains(&s)
            {
                sources.push(s);
            }
        }
    }
    steps.dedup();
    Some(Finding {
        verdict: Verdict::Contradicted,
        check: "spec",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: msg!("label-unsupported", precision = &precision),
        message: msg!(
            "spec-unsupported",
            subject = &context.text[subject.mention.span.clone()],
            precision = &precision,
            claim = &text
        ),
        steps,
        related: vec![Related {
            span: subject.mention.span.clone(),
            note: msg!("note-entity"),
        }],
        sources,
        help,
    })
}

/// Whether the entity is a whole of several accelerators: a superchip, a
/// board, a server, a rack.
fn holds_several_accelerators(entity: &Entity) -> bool {
    entity.facts.iter().any(|f| {
        f.attribute == "accelerator_count"
            && matches!(&f.value().value, FactValue::Measure(m) if m.interval.nominal > 1.0)
    })
}

/// Whether the words right after a name make it one accelerator of the
/// named whole: "GB200 GPU", "GB200 GPUs", "DGX H100 的每张卡".
fn names_one_accelerator(after_name: &str) -> bool {
    let head = crate::read::segment::first_chars(after_name.trim_start(), 12).to_lowercase();
    let head = head.trim_start_matches(['的', '之']).trim_start();
    let word_gpu = head
        .strip_prefix("gpu")
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() && c != 's'));
    word_gpu
        || [
            "每张卡",
            "每張卡",
            "单卡",
            "單卡",
            "每颗",
            "每顆",
            "每块",
            "每塊",
        ]
        .iter()
        .any(|w| head.starts_with(w))
}

/// Whether the figure's sentence, or its table row, names something the
/// knowledge base does not know.
fn unknown_name_near(context: &Context) -> bool {
    let sentence =
        context.clauses.first().map_or(0, |c| c.start)..context.clauses.last().map_or(0, |c| c.end);
    context
        .mentions
        .iter()
        .filter(|m| sentence.start <= m.span.start && m.span.end <= sentence.end)
        .chain(&context.cell_mentions)
        .any(|m| m.entities.is_empty())
}

/// Whether a parameter count is the size a model's name states ("14B" in
/// "Qwen2.5-14B"), in the name as written or as the knowledge base has it.
fn restates_name_size(
    kb: &Kb,
    context: &Context,
    subject: &Subject,
    candidates: &[Candidate],
    claimed: &[(Interval, Option<Message>)],
) -> bool {
    if !candidates
        .iter()
        .all(|c| c.fact.attribute.starts_with("parameters"))
    {
        return false;
    }
    let written = &context.text[subject.mention.span.clone()];
    let names = subject
        .mention
        .entities
        .iter()
        .map(|&i| kb.entity(i).name.as_str())
        .chain([written]);
    let sizes: Vec<f64> = names.flat_map(sizes_in_name).collect();
    claimed.iter().any(|(value, _)| {
        sizes
            .iter()
            .any(|&size| (value.nominal - size).abs() <= 0.01 * size)
    })
}

/// The sizes a model's name states: "14B" in "Qwen2.5-14B" is 1.4×10¹⁰,
/// "405B" 4.05×10¹¹, "1.5B" 1.5×10⁹. A size glued to a letter ("A3B",
/// active parameters) or running on into a word is not read.
fn sizes_in_name(name: &str) -> Vec<f64> {
    let bytes = name.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit()
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'.'));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < bytes.len() && (bytes[end].is_ascii_digit() || bytes[end] == b'.') {
            end += 1;
        }
        let scale = match bytes.get(end).map(u8::to_ascii_uppercase) {
            Some(b'M') => 1e6,
            Some(b'B') => 1e9,
            Some(b'T') => 1e12,
            _ => 0.0,
        };
        let ends = bytes
            .get(end + 1)
            .is_none_or(|b| !b.is_ascii_alphanumeric());
        if scale > 0.0
            && ends
            && let Ok(n) = name[i..end].parse::<f64>()
        {
            out.push(n * scale);
        }
        i = end.max(i + 1);
    }
    out
}

/// Whether a figure that matches no reading is stated as the entity's spec,
/// rather than as a total, a bound, a step of a calculation or another
/// quantity that happens to share the unit. A mismatch is only reported
/// when it is.
fn states_a_spec(
    kb: &Kb,
    context: &Context,
    q: &Quantity,
    subject: &Subject,
    clause: &Range<usize>,
    candidates: &[Candidate],
) -> bool {
    let in_clause = |span: &Range<usize>| clause.start <= span.start && span.end <= clause.end;
    // "H100 的 600 GB/s", "the H100's 900 GB/s": the figure is the name's.
    let attached = subject.mention.span.end <= q.span.start
        && matches!(
            context.text[subject.mention.span.end..q.span.start].trim(),
            "" | "的" | "'s" | "’s" | ":" | "："
        );
    // A number inside a name ("PaLM 540B") is part of the name.
    let in_a_name = |span: &Range<usize>| {
        context
            .mentions
            .iter()
            .any(|m| m.span.start <= span.start && span.end <= m.span.end)
    };
    // "An eight-GPU H100 server is around $250k": beside a server, a rack or
    // a site, a figure is the whole's, not a card's, unless a word makes it
    // each card's.
    let card = subject
        .mention
        .entities
        .iter()
        .all(|&i| kb.entity(i).kind == Kind::Accelerator);
    let lower = context.text[clause.clone()].to_lowercase();
    let whole = crate::kb::formula::whole_words().iter().any(|w| {
        lower.match_indices(w.as_str()).any(|(at, _)| {
            !w.is_ascii()
                || !lower[..at].ends_with(|c: char| c.is_alphanumeric())
                    && !lower[at + w.len()..].starts_with(|c: char| c.is_alphanumeric() && c != 's')
        })
    });
    let each_card = context.cues.iter().any(|f| {
        in_clause(&f.span) && matches!(&f.cue, Cue::Kind(k) if k.ends_with("per_accelerator"))
    });
    if card && whole && !each_card && subject.count.is_none() {
        return false;
    }
    // "HGX B200 伺服器每台 8 顆 GPU，單顆可用 180 GB": beside a system, a
    // figure a word makes each card's is a card's, not the system's.
    let system = subject
        .mention
        .entities
        .iter()
        .all(|&i| kb.entity(i).kind == Kind::System);
    if system && each_card {
        return false;
    }
    // Under "Total VRAM", a cell is the whole's: of as many cards as the
    // header or the row label counts, else of an unknown number.
    if subject.scope == Scope::Cell && context.whole_column.is_some() && subject.count.is_none() {
        return false;
    }
    // "一個機櫃放 4 台，共 32 顆 GPU", "in total 640 GB": a figure stated as
    // a total is of several, and only a count beside the subject says how
    // many.
    let before = context.text[clause.start.min(q.span.start)..q.span.start].trim_end();
    // "1,920 GB/s of aggregate bandwidth", "640 GB combined": a whole word
    // right after the figure totals it too.
    let after = &context.text[q.span.end..clause.end.max(q.span.end)];
    let after = crate::read::segment::first_chars(after, 16).to_lowercase();
    let totalled = before.ends_with('共')
        || context
            .cues
            .iter()
            .any(|f| f.cue == Cue::Total && in_clause(&f.span) && f.span.end <= q.span.start)
        || ["aggregate", "combined", "total", "in all"]
            .iter()
            .any(|w| after.contains(w));
    if totalled && subject.count.is_none() {
        return false;
    }
    for token in context.tokens {
        match token {
            Token::Quantity(other) if in_a_name(&other.span) => {}
            // "DeepSeek-V3（总参数 671B）预训练 14.8T": a figure of an aside
            // the figure comes after is the aside's.
            Token::Quantity(other) if in_an_aside_before(context.text, &other.span, &q.span) => {}
            // A step of a calculation ("8 × 80 GB = 640 GB") is the
            // arithmetic check's.
            Token::Op(_, span) if in_clause(span) => return false,
            // Another count in the clause may make the figure a total
            // ("8 櫃就是 576 顆 GPU").
            Token::Quantity(other)
                if in_clause(&other.span)
                    && other.span != q.span
                    && is_count(other)
                    && Some(&other.span) != subject_count_span(context, subject).as_ref() =>
            {
                return false;
            }
            // A count of cards after a count of racks or servers in its
            // sentence may be their product ("GB200 NVL72（初期 8 櫃，576 張
            // GPU）").
            Token::Quantity(other)
                if is_count(q)
                    && q.dimension() != Dimension::of(Base::Node)
                    && other.dimension() == Dimension::of(Base::Node)
                    && other.span.end <= q.span.start
                    && !in_clause(&other.span)
                    && Some(&other.span) != subject_count_span(context, subject).as_ref() =>
            {
                return false;
            }
            // Two figures of one kind in a clause are a change or a
            // comparison ("从 H100 的 900 GB/s 降到 400 GB/s"): which is the
            // entity's is not the spec check's to guess.
            Token::Quantity(other)
                if in_clause(&other.span)
                    && other.span != q.span
                    && !attached
                    && subject.scope != Scope::Respective
                    && !other.dimension().is_dimensionless()
                    && other.dimension().compatible(q.dimension()) =>
            {
                return false;
            }
            _ => {}
        }
    }
    // A figure more than ten times from every per-unit spec of hardware is
    // some other quantity (a fleet's power, a model's memory), not a
    // misquoted spec.
    let value = q.claimed(false, false).nominal;
    candidates.iter().any(|c| {
        let ratio = value / c.expected.nominal;
        !matches!(c.entity.kind, Kind::Accelerator | Kind::System)
            || ratio.is_finite() && (0.1..=10.0).contains(&ratio.abs())
    })
}

/// Whether some entity of the knowledge base states `attribute` in a
/// dimension the figure's fits: then a cue for it speaks of this figure.
fn measures(kb: &Kb, attribute: &str, dimension: Dimension) -> bool {
    kb.records(None, attribute, dimension)
}

/// Whether a mismatch may be reported: the subject, the attribute and the
/// qualifiers are all certain. Unchecked beats wrong.
///
/// - Beyond the figure's clause, no name the knowledge base does not know
///   may stand in the sentence (or the cell's row and header): the figure
///   may be that one's.
/// - The candidates are of one attribute, and a cue names it unless the
///   figure's unit fits no other attribute of that kind of entity:
///   "1.8 TB/s" beside a B100 may be memory bandwidth or NVLink, and which
///   is not the check's to guess, even where only one is recorded.
/// - A qualifier the knowledge base does not list in full (precision,
///   link) is stated when the candidates carry it: an FP32 figure is no
///   FP8 one because the FP32 column is missing. Sparsity is stated, or
///   both its columns are there.
fn certain(
    kb: &Kb,
    context: &Context,
    subject: &Subject,
    cued: &[&str],
    stated: &BTreeMap<String, Vec<String>>,
    candidates: &[Candidate],
) -> bool {
    if subject.scope > Scope::Clause && unknown_name_near(context) {
        return false;
    }
    let mut attributes: Vec<&str> = candidates
        .iter()
        .map(|c| c.fact.attribute.as_str())
        .collect();
    attributes.sort_unstable();
    attributes.dedup();
    let [attribute] = attributes[..] else {
        return false;
    };
    if CUED_ONLY.contains(&attribute) && !cued.contains(&attribute) {
        return false;
    }
    if !cued.contains(&attribute) {
        let Some(c) = candidates.first() else {
            return false;
        };
        if kb_attributes_measuring(kb, c.entity.kind, c.measure.dimension()) > 1 {
            return false;
        }
    }
    let carried = |key: &str| candidates.iter().any(|c| c.qualifiers.contains_key(key));
    let precision_and_link = ["precision", "link"]
        .into_iter()
        .all(|key| stated.contains_key(key) || !carried(key));
    // Dense and sparse are both recorded where either is; where only one
    // is, an unstated figure may be the other.
    let sparsity = stated.contains_key("sparsity")
        || !carried("sparsity")
        || ["dense", "sparse"].into_iter().all(|v| {
            candidates
                .iter()
                .any(|c| c.qualifiers.get("sparsity").is_some_and(|s| s == v))
        });
    precision_and_link && sparsity
}

/// Whether a reading is a price, which may verify a figure but never
/// contradict one: a price is of its date and its market (a launch price,
/// a street price, a used card's), and articles quote all of them.
fn is_price(c: &Candidate) -> bool {
    [Base::Dollar, Base::Yuan, Base::Twd, Base::Hkd, Base::Eur]
        .iter()
        .any(|&b| c.measure.dimension().exponent(b) != 0)
}

/// Attributes a figure's unit alone never makes certain: money is a month's
/// rent, a node's cost or a fleet's budget as often as a part's price.
const CUED_ONLY: [&str; 1] = ["price"];

/// How many attributes the knowledge base states for entities of a kind
/// in a dimension: memory bandwidth and NVLink are two of bandwidth.
fn kb_attributes_measuring(kb: &Kb, kind: Kind, dimension: Dimension) -> usize {
    let mut attributes: Vec<&str> = kb
        .entities()
        .iter()
        .filter(|e| e.kind == kind)
        .flat_map(|e| &e.facts)
        .filter(|f| match &f.value().value {
            FactValue::Measure(m) => m.dimension() == dimension,
            FactValue::Word(_) => false,
        })
        .map(|f| f.attribute.as_str())
        .collect();
    attributes.sort_unstable();
    attributes.dedup();
    attributes.len()
}

fn is_count(q: &Quantity) -> bool {
    let d = q.dimension();
    // A percentage is never a count, though not every one is a share ("提升
    // 25%" is a change).
    d.is_dimensionless()
        && !q.is_share
        && q.unit.factor != 0.01
        && q.number.nominal.fract() == 0.0
        && q.number.nominal >= 1.0
}

/// The span of the count written before the subject's name, if any.
fn subject_count_span(context: &Context, subject: &Subject) -> Option<Range<usize>> {
    subject.count?;
    context.tokens.iter().find_map(|t| match t {
        Token::Quantity(q)
            if q.span.end <= subject.mention.span.start
                && subject.mention.span.start - q.span.end <= 8 =>
        {
            Some(q.span.clone())
        }
        _ => None,
    })
}

/// The help line when the figure is another column's: the column that
/// disagrees least with what the text states, a qualifier carried from an
/// earlier sentence weighing more than one in the figure's own clause
/// (which may itself be the error).
fn wrong_column(
    context: &Context,
    q: &Quantity,
    stated: &BTreeMap<String, Vec<String>>,
    carried: &[&str],
    expected: &[Candidate],
    relaxed: &[Candidate],
    claimed: &[(Interval, Option<Message>)],
) -> Option<Message> {
    let cost = |c: &Candidate| -> usize {
        stated
            .iter()
            .filter(|(k, values)| {
                c.reading
                    .qualifiers
                    .get(k.as_str())
                    .is_some_and(|v| !values.contains(v))
            })
            .map(|(k, _)| if carried.contains(&k.as_str()) { 2 } else { 1 })
            .sum()
    };
    let mut matches: Vec<(usize, &Candidate, Option<Message>)> = Vec::new();
    for c in relaxed {
        'found: for (expected, prefix) in prefix_readings(c) {
            for (value, how) in claimed {
                if value.meets(&expected) {
                    let how = join(how.clone(), join(c.how.clone(), prefix));
                    matches.push((cost(c), c, how));
                    break 'found;
                }
            }
        }
    }
    matches.sort_by_key(|(cost, ..)| *cost);
    let (_, best, how) = matches.into_iter().next()?;
    let text = claim_text(context, q);
    let is = msg!(
        "spec-help-is",
        claim = &text,
        entity = short_name(best.entity),
        column = column(&best.fact.attribute, &best.qualifiers),
        how = how.map(|h| msg!("spec-help-how", how = h))
    );
    if stated.is_empty() {
        return Some(is);
    }
    Some(
        match expected.iter().find(|c| c.entity.id == best.entity.id) {
            Some(same) => msg!(
                "spec-help-its",
                is = is,
                column = column(&same.fact.attribute, &same.qualifiers),
                value = &same.shown
            ),
            None => msg!(
                "spec-help-the",
                is = is,
                entity = short_name(expected[0].entity),
                column = column(&expected[0].fact.attribute, &expected[0].qualifiers),
                value = &expected[0].shown
            ),
        },
    )
}

/// The mention a count counts: "2,048 张 H800", "8×H100", "100,000 H100s".
fn counted_mention(context: &Context, q: &Quantity) -> Option<Mention> {
    if q.number.nominal.fract() != 0.0 || q.number.nominal < 1.0 {
        return None;
    }
    let d = q.dimension();
    if d != Dimension::NONE && d.exponent(Base::Accelerator) != 1 {
        return None;
    }
    context
        .mentions
        .iter()
        .find(|m| {
            m.span.start >= q.span.end
                && context.text[q.span.end..m.span.start]
                    .chars()
                    .all(|c| c.is_whitespace() || "×x*张張块塊个個台片颗顆".contains(c))
                && m.span.start - q.span.end <= 8
        })
        .cloned()
}

fn subject(
    kb: &Kb,
    context: &Context,
    topic: &Topic,
    q: &Quantity,
    clause: &Range<usize>,
    counted: Option<&Mention>,
) -> Option<Subject> {
    // A count of accelerators is a fact about whatever has them (a model's
    // training run, a cluster), not about the accelerator it counts.
    let the_counted_cards = |m: &Mention| {
        counted.is_some()
            && m.entities
                .iter()
                .all(|&i| kb.entity(i).kind == Kind::Accelerator)
    };
    let usable = |m: &&Mention| {
        let taken = compared(context.text, m)
            || labels_another_figure(context, m, q)
            || Some(&m.span) == counted.map(|c| &c.span);
        !taken && !the_counted_cards(m)
    };
    // In the figure's clause the nearest name before it, else the first
    // after it; further out, only a name before it: in "约 3.3×10²⁴ FLOPs，
    // 大约是 Llama 3 405B 的十分之一" the figure is not Llama's.
    let near = |scope: &Range<usize>, after_too: bool| {
        let inside: Vec<&Mention> = context
            .mentions
            .iter()
            .filter(|m| scope.start <= m.span.start && m.span.end <= scope.end)
            .filter(usable)
            .collect();
        // A name after the figure is its own only on the figure's line: the
        // next line of a paragraph (a title's subtitle, a flattened list)
        // starts on something else.
        let attached = |m: &&&Mention| {
            m.span.start >= q.span.end && {
                let gap = &context.text[q.span.end..m.span.start];
                !compares(gap) && !gap.contains('\n')
            }
        };
        inside
            .iter()
            .rev()
            .find(|m| m.span.end <= q.span.start)
            .or_else(|| inside.iter().find(attached).filter(|_| after_too))
            .map(|m| (*m).clone())
    };
    let count_of = |m: &Mention| own_count(context, m);
    if let Some(m) = respectively(context, q) {
        return Some(Subject {
            count: count_of(&m),
            mention: m,
            scope: Scope::Respective,
        });
    }
    let sentence = context.clauses.first()?.start..context.clauses.last()?.end;
    if against_another(context, &sentence, q) || writers_own(context.text, &sentence, q) {
        return None;
    }
    if let Some(m) = parenthesis_owner(context.text, &sentence, context.mentions, q)
        .filter(|m| Some(&m.span) != counted.map(|c| &c.span))
    {
        return Some(Subject {
            mention: m.clone(),
            scope: Scope::Clause,
            count: count_of(m),
        });
    }
    // A figure written right after a name is that name's ("an A100 80GB's
    // memory"), even when the name is the object of a comparison; so is a
    // measure after the name's possessive ("较 H100 的 700W", "than the
    // H100's 3.35 TB/s").
    let glued = context.mentions.iter().find(|m| {
        m.span.end <= q.span.start && Some(&m.span) != counted.map(|c| &c.span) && {
            let gap = &context.text[m.span.end..q.span.start];
            let adjacent = at_most_chars(gap, 1) && gap.chars().all(char::is_whitespace);
            adjacent || (possessive(gap) && !q.dimension().physical().is_dimensionless())
        }
    });
    if let Some(m) = glued {
        return Some(Subject {
            mention: m.clone(),
            scope: Scope::Clause,
            count: count_of(m),
        });
    }
    // "遠高於傳統伺服器機櫃的 10 至 15 千瓦", "higher than a typical rack's
    // 15 kW": past the possessive of a thing a comparison names, the figure
    // is that thing's, which no name of the sentence is.
    if of_a_compared_thing(context.text, clause, q) {
        return None;
    }
    // "DeepSeek-V3（总参数 671B、激活参数 37B）预训练数据 14.8 亿 token": after
    // an aside in brackets, the clause goes on with the name before them.
    let beyond_an_aside = context.mentions.iter().rev().find(|m| {
        m.span.end <= q.span.start
            && Some(&m.span) != counted.map(|c| &c.span)
            && after_an_aside(context.text, &m.span, &q.span)
            && !context
                .mentions
                .iter()
                .any(|o| o.span.start >= m.span.end && o.span.end <= q.span.start)
    });
    if let Some(m) = beyond_an_aside {
        return Some(Subject {
            mention: m.clone(),
            scope: Scope::Clause,
            count: count_of(m),
        });
    }
    if let Some(m) = near(clause, true) {
        let count = count_of(&m);
        return Some(Subject {
            mention: m,
            scope: Scope::Clause,
            count,
        });
    }
    if let Some(m) = near(&sentence, false) {
        let count = count_of(&m);
        return Some(Subject {
            mention: m,
            scope: Scope::Sentence,
            count,
        });
    }
    if let Some(m) = context.cell_mentions.iter().find(usable) {
        return Some(Subject {
            mention: m.clone(),
            scope: Scope::Cell,
            count: label_count(context.text, m).or(context.whole_column.flatten()),
        });
    }
    // A table's rows are its subjects: a name of the prose above or of
    // another row is none of a cell's.
    topic
        .mention
        .as_ref()
        .filter(|m| usable(m) && !context.in_table)
        .map(|m| Subject {
            mention: m.clone(),
            scope: Scope::Paragraph,
            count: topic.count,
        })
        .or_else(|| {
            topic
                .article
                .as_ref()
                .filter(|m| usable(m))
                .map(|m| Subject {
                    mention: m.clone(),
                    scope: Scope::Document,
                    count: None,
                })
        })
}

/// Whether the name is a bracketed label right after another figure than
/// `q` ("72 (NVL72), 576 (multi-node)"): it says whose that figure is, and
/// no other's.
fn labels_another_figure(context: &Context, m: &Mention, q: &Quantity) -> bool {
    let Some(open) = context.text[..m.span.start]
        .trim_end()
        .strip_suffix(['(', '（'])
    else {
        return false;
    };
    let labelled = open.trim_end().len();
    context
        .figures
        .iter()
        .any(|f| f.end == labelled && *f != q.span)
}

/// Whether the figure follows a first-person possessive ("our 6.4 TB/s",
/// "我们的 6.4 TB/s"): it is the writer's product's, which the knowledge
/// base does not know, whatever name the sentence holds.
fn writers_own(text: &str, sentence: &Range<usize>, q: &Quantity) -> bool {
    let before = text[sentence.start..q.span.start].trim_end().to_lowercase();
    let word_ends = |w: &str| {
        before
            .strip_suffix(w)
            .is_some_and(|rest| !w.is_ascii() || !rest.ends_with(|c: char| c.is_alphanumeric()))
    };
    ["our", "my", "我们的", "我們的", "我的", "我司的"]
        .iter()
        .any(|w| word_ends(w))
}

/// Whether the figure follows the possessive of a thing a comparison names
/// in its clause ("高於傳統機櫃的 15 千瓦", "较普通服务器的 1 kW", "than a
/// typical rack's 15 kW"): a noun phrase of words alone, no figure in it,
/// between the comparative word and the possessive.
fn of_a_compared_thing(text: &str, clause: &Range<usize>, q: &Quantity) -> bool {
    const COMPARATIVES: [&str; 16] = [
        "高於", "高于", "低於", "低于", "大於", "大于", "小於", "小于", "多於", "多于", "少於",
        "少于", "相比", "較", "较", " than ",
    ];
    let start = clause.start.min(q.span.start);
    let before = last_chars(&text[start..q.span.start], 40).trim_end();
    let Some(owner) = ["的", "嘅", "之", "'s", "’s"]
        .iter()
        .find_map(|w| before.strip_suffix(w))
    else {
        return false;
    };
    let lower = owner.to_lowercase();
    let Some(noun_start) = COMPARATIVES
        .iter()
        .filter_map(|w| lower.rfind(w).map(|i| i + w.len()))
        .max()
    else {
        return false;
    };
    let noun = lower[noun_start..].trim();
    !noun.is_empty()
        && at_most_chars(noun, 32)
        && !noun
            .chars()
            .any(|c| c.is_ascii_digit() || "，,。；;：:".contains(c))
}

/// Whether the words between a name and a figure are only its possessive:
/// "的", "'s", "’s".
fn possessive(gap: &str) -> bool {
    let gap = gap.trim();
    ["的", "嘅", "'s", "’s"].contains(&gap)
}

/// The name a figure is paired with by "respectively" ([`respective`]).
/// Whether a figure follows a name with only a bracketed aside and a few
/// words of no clause punctuation between them: "NAME（…、…）预训练 14.8T".
fn after_an_aside(text: &str, name: &Range<usize>, figure: &Range<usize>) -> bool {
    let between = &text[name.end..figure.start];
    let Some(aside) = between
        .trim_start()
        .strip_prefix(['(', '（'])
        .filter(|_| at_most_chars(between, 120))
    else {
        return false;
    };
    let mut depth = 1usize;
    let close = aside.char_indices().find_map(|(i, c)| {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth -= 1,
            _ => {}
        }
        (depth == 0).then_some(i + c.len_utf8())
    });
    close.is_some_and(|at| {
        let tail = &aside[at..];
        !tail.trim().is_empty()
            && at_most_chars(tail, 16)
            && !tail.contains([',', '，', '、', ':', '：', ';', '；', '(', '（'])
    })
}

/// Whether a figure stands in brackets that close before `figure`, within
/// a short reach.
fn in_an_aside_before(text: &str, other: &Range<usize>, figure: &Range<usize>) -> bool {
    if other.end > figure.start || !at_most_chars(&text[other.end..figure.start], 120) {
        return false;
    }
    let mut depth = 0usize;
    for c in text[other.end..figure.start].chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' if depth == 0 => return true,
            ')' | '）' => depth -= 1,
            _ => {}
        }
    }
    false
}

fn respectively(context: &Context, q: &Quantity) -> Option<Mention> {
    let sentence = context.clauses.first()?.start..context.clauses.last()?.end;
    respective(context.text, &sentence, context.mentions, context.tokens, q).cloned()
}

/// Whether the words between a figure and a later name compare them ("is
/// 1.6× the H200's", "than the A100", "比 H100"): then the figure is not the
/// named entity's.
fn compares(between: &str) -> bool {
    let lower = between.to_lowercase();
    [
        "×", "倍", " x ", "times", "than", " vs", "比", "較", "较", "the ",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Whether a name is the object of a comparison ("2.4× an H100's",
/// "than the A100", "比 H100"): the figures around it are someone else's.
fn compared(text: &str, m: &Mention) -> bool {
    let before: String = text[..m.span.start]
        .chars()
        .rev()
        .take(12)
        .take_while(|c| !"。！？；，、,.;:：!?\n".contains(*c))
        .collect();
    let before: String = before.chars().rev().collect::<String>().to_lowercase();
    // "Same Hopper compute as the H100 but with 141 GB", "unlike the A100":
    // the name is what the subject is likened to.
    let likened = [
        "as the ",
        "as an ",
        "as a ",
        "as ",
        "like the ",
        "like an ",
        "like a ",
    ]
    .iter()
    .any(|w| before.ends_with(w))
        // "the same as H100: 989 TFLOPS": after a colon, the figures are
        // the name's, and the subject's alike.
        && !text[m.span.end..].trim_start().starts_with([':', '：'])
        && {
            let clause: String = last_chars(&text[..m.span.start], 48)
                .rsplit(|c: char| "。！？；，,.;:：!?\n".contains(c))
                .next()
                .unwrap_or_default()
                .to_lowercase();
            ["same ", "like", "similar"]
                .iter()
                .any(|w| clause.contains(w))
        };
    if likened {
        return true;
    }
    // "8×H100", "8 x H100" count the name; "2.4× an H100's" compares.
    if let Some(multiplier) = before
        .trim_end()
        .strip_suffix(['×', 'x', '*'])
        .map(str::trim_end)
    {
        let digits: String = multiplier
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ',')
            .collect();
        if !digits.is_empty() && !digits.contains('.') {
            return false;
        }
    }
    // "是 H100 的约 2.4 倍", "为 A100 的 90%": the frame closes after the
    // name.
    // (A figure's decimal point is no stop: "2.4 倍".)
    // "H800（稠密 989 TFLOPS）的三分之一": a gloss in brackets right after
    // the name comes before the frame.
    let rest = &text[m.span.end..];
    let rest = rest
        .trim_start()
        .strip_prefix(['（', '('])
        .and_then(|inner| {
            let close = inner.find(['）', ')'])?;
            let width = inner[close..].chars().next()?.len_utf8();
            (inner[..close].chars().count() <= 24).then(|| &inner[close + width..])
        })
        .unwrap_or(rest);
    let after: String = rest
        .chars()
        .take(12)
        .take_while(|c| !"。！？；，、;:：!?\n".contains(*c))
        .collect();
    // 嘅 is the possessive of Cantonese writing ("係 H100 嘅 2.4 倍").
    let of_it = after.trim_start().starts_with(['的', '嘅'])
        && ["倍", "%", "％", "成", "分之", "一半"]
            .iter()
            .any(|w| after.contains(w));
    // "more than double the H100's 80GB", "twice the A100's": a multiple
    // said in words, and a "than" a few words back.
    let wider: String = text[..m.span.start]
        .chars()
        .rev()
        .take(32)
        .take_while(|c| !"。！？；，、,.;:：!?\n".contains(*c))
        .collect::<Vec<char>>()
        .into_iter()
        .rev()
        .collect::<String>()
        .to_lowercase();
    of_it
        || crate::check::ratio::closes_a_comparison(&text[m.span.end..])
        || [
            "×", "倍", " x ", "than", "vs", "比", "較", "较", "相比", "times",
        ]
        .iter()
        .any(|w| before.contains(w))
        || [
            " than ",
            "twice the",
            "double the",
            "triple the",
            "half the",
        ]
        .iter()
        .any(|w| wider.contains(w))
}

/// Whether the figure is what a figure of its kind before it is set
/// against ("the GB200 NVL72 runs at 120 kW, against 10–15 kW for a
/// traditional rack", "…约 120 kW，而传统机柜在 10~15 kW"), with no name
/// between the contrast and the figure: it is the other thing's, which the
/// sentence does not name.
fn against_another(context: &Context, sentence: &Range<usize>, q: &Quantity) -> bool {
    // "(989 vs. 312 TFLOPS)" after two names pairs them in order (the
    // nearest name is the second's), as it does after one compared name
    // ("3.2× an A100's"); after the subject alone, the second figure is
    // the other side's, which the sentence does not name. "而" and "whereas" contrast only opening a clause
    // ("约 120 kW，而传统机柜在 10~15 kW").
    const CONTRASTS: [&str; 12] = [
        " against ",
        " compared with ",
        " compared to ",
        " vs. ",
        " vs ",
        " versus ",
        ", whereas ",
        "相比之下",
        "，而",
        ",而",
        "；而",
        "、而",
    ];
    let before = &context.text[sentence.start..q.span.start];
    let lower = before.to_lowercase();
    let Some((at, word)) = CONTRASTS
        .iter()
        .filter_map(|w| lower.rfind(w).map(|i| (sentence.start + i, *w)))
        .max()
    else {
        return false;
    };
    let names_before: Vec<&Mention> = context
        .mentions
        .iter()
        .filter(|m| m.span.start >= sentence.start && m.span.end <= at)
        .collect();
    // "3.2× the throughput of an A100 (989 vs 312 TFLOPS)": the one name
    // is the compared side, the second figure's.
    let multiple_before = |m: &Mention| {
        let lead = context.text[sentence.start..m.span.start].to_lowercase();
        ["×", " times ", "倍"].iter().any(|w| lead.contains(w))
    };
    let paired = names_before.len() >= 2
        || matches!(names_before.as_slice(), [m] if compared(context.text, m) || multiple_before(m));
    if word.trim().starts_with('v') && paired {
        return false;
    }
    // "989 vs. 312 TFLOPS": a bare number before shares the unit after.
    let figure_before = context.tokens.iter().any(|t| {
        matches!(t, Token::Quantity(o) if o.span.end <= at
            && o.span.start >= sentence.start
            && (o.dimension() == q.dimension() || o.unit.is_one() && at - o.span.end <= 2))
    });
    let named_between = context
        .mentions
        .iter()
        .any(|m| m.span.start >= at && m.span.end <= q.span.start);
    // "CUDA 核心 16,896 个，而 Tensor Core 528 个" sets one thing's two
    // attributes side by side: an attribute named after the contrast keeps
    // the subject.
    let attribute_between = context.cues.iter().any(|f| {
        matches!(f.cue, Cue::Attribute(_)) && f.span.start >= at && f.span.end <= q.span.start
    });
    figure_before && !named_between && !attribute_between
}

/// The count a table's row label gives its card: 2 in "| 2× RTX 4090
/// (TP=2) |", whose cells are the two cards' together.
fn label_count(text: &str, m: &Mention) -> Option<f64> {
    let before = text[..m.span.start].trim_end();
    let before = before
        .strip_suffix(['×', 'x', 'X', '*'])
        .or_else(|| before.strip_suffix(['张', '張', '块', '塊']))?
        .trim_end();
    let digits = before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let lead = &before[..before.len() - digits];
    let count: f64 = before[lead.len()..].parse().ok()?;
    (count > 1.0 && lead.trim_end().is_empty() || lead.trim_end().ends_with('|'))
        .then_some(count)
        .filter(|&c| c > 1.0)
}

/// The count written right before a mention: 8 in "8×H100".
fn own_count(context: &Context, m: &Mention) -> Option<f64> {
    counted_in_words(&context.text[..m.span.start]).or_else(|| digits_count(context, m))
}

/// A count of the named cards in words right before the name: "two RTX
/// 3090s", "Two used RTX 3090s", "a dual-RTX-4090 setup", "quad A100".
fn counted_in_words(before: &str) -> Option<f64> {
    let tail = crate::read::segment::last_chars(before, 32).to_lowercase();
    let words: Vec<&str> = tail
        .trim_end_matches(|c: char| c == '-' || c.is_whitespace())
        .split(|c: char| c == '-' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    let count = |w: &str| match w {
        "two" | "dual" | "twin" | "pair" => Some(2.0),
        "three" => Some(3.0),
        "four" | "quad" => Some(4.0),
        "six" => Some(6.0),
        "eight" => Some(8.0),
        _ => None,
    };
    match words.as_slice() {
        [.., w] => count(w),
        _ => None,
    }
    .or_else(|| match words.as_slice() {
        // "two used 3090s", "two new H100s"
        [.., w, adjective] if ["used", "new", "refurbished", "secondhand"].contains(adjective) => {
            count(w)
        }
        _ => None,
    })
}

fn digits_count(context: &Context, m: &Mention) -> Option<f64> {
    context.tokens.iter().find_map(|t| match t {
        Token::Quantity(q)
            if q.span.end <= m.span.start
                && m.span.start - q.span.end <= 8
                && context.text[q.span.end..m.span.start]
                    .chars()
                    .all(|c| c.is_whitespace() || "×x*张張块塊个個台".contains(c))
                && q.number.nominal > 1.0
                && q.number.nominal.fract() == 0.0 =>
        {
            Some(q.number.nominal)
        }
        _ => None,
    })
}

/// Whether an attribute cue is another figure's own word: its unit, or
/// glued right after it ("a 2048-GPU cluster", "8 GPUs"), so it says what
/// that figure counts, not what `q` is.
fn owned_by_another(context: &Context, q: &Quantity, f: &Found) -> bool {
    // "2048-GPU": a number hyphened to the word, read as a figure or not.
    let before = context.text[..f.span.start]
        .strip_suffix('-')
        .filter(|b| !b.ends_with(' '));
    let hyphened = before.is_some_and(|b| {
        b.ends_with(|c: char| c.is_ascii_digit())
            && !(q.span.start < b.len() && b.len() <= q.span.end)
    });
    hyphened
        || context.tokens.iter().any(|t| match t {
            Token::Quantity(o) if o.span != q.span => {
                let inside = o.span.start <= f.span.start && f.span.end <= o.span.end;
                let glued = o.span.end <= f.span.start
                    && at_most_chars(&context.text[o.span.end..f.span.start], 1)
                    && context.text[o.span.end..f.span.start]
                        .chars()
                        .all(|c| c == '-' || c == ' ');
                inside || glued
            }
            _ => false,
        })
}

/// The cues that speak for a figure: its clause's, a table header's, and
/// the paragraph's precision when the sentence states none.
fn cues_for(
    context: &Context,
    topic: &Topic,
    q: &Quantity,
    clause: &Range<usize>,
    scope: Scope,
) -> Vec<Found> {
    let mut cues: Vec<Found> = context
        .cues
        .iter()
        .filter(|f| clause.start <= f.span.start && f.span.end <= clause.end)
        .filter(|f| !(q.span.start <= f.span.start && f.span.end <= q.span.end))
        .filter(|f| !(matches!(f.cue, Cue::Attribute(_)) && owned_by_another(context, q, f)))
        .cloned()
        .collect();
    keep_own_attributes(&mut cues, &q.span, &context.figures, context.text);
    cues.extend(memory_at(context, q, clause));
    cues.extend(context.header_cues.iter().cloned());
    let has = |key: &str, list: &[Found]| {
        list.iter()
            .any(|f| matches!(&f.cue, Cue::Qualifier(k, _) if k == key))
    };
    // "上下文扩展阶段：使用了约 11.9 万 GPU 小时": a stage before a colon
    // labels what follows it, whatever clause the figure is in.
    if !has("stage", &cues) {
        cues.extend(
            context
                .cues
                .iter()
                .filter(|f| matches!(&f.cue, Cue::Qualifier(k, _) if k == "stage"))
                .filter(|f| {
                    f.span.end <= q.span.start
                        && context.text[f.span.end..q.span.start].contains([':', '：'])
                })
                .min_by_key(|f| distance(&f.span, &q.span))
                .cloned(),
        );
    }
    if !has("precision", &cues) {
        let sentence_precision = context
            .cues
            .iter()
            .filter(|f| matches!(&f.cue, Cue::Qualifier(k, _) if k == "precision"))
            .min_by_key(|f| distance(&f.span, &q.span))
            .cloned();
        match sentence_precision {
            Some(p) => cues.push(p),
            None if scope != Scope::Cell => cues.extend(topic.precision.clone()),
            None => {}
        }
    }
    cues
}

/// "192 GB HBM3 at 4.0 TB/s", "24 GB GDDR6X @ 1,008 GB/s": a bandwidth
/// right after a memory named at its speed is the memory's bandwidth, though
/// the memory's name is the size's own cue.
fn memory_at(context: &Context, q: &Quantity, clause: &Range<usize>) -> Option<Found> {
    let bandwidth = Dimension::of(Base::Byte) / Dimension::of(Base::Second);
    if !q.dimension().physical().compatible(bandwidth) {
        return None;
    }
    context
        .cues
        .iter()
        .filter(|f| f.span.start >= clause.start && f.span.end <= q.span.start)
        .find(|f| {
            let gap = context.text[f.span.end..q.span.start].trim();
            matches!(&f.cue, Cue::Attribute(a) if a == "memory_capacity")
                && (gap.eq_ignore_ascii_case("at") || gap == "@")
        })
        .map(|f| Found {
            span: f.span.clone(),
            cue: Cue::Attribute("memory_bandwidth".to_string()),
        })
}

fn distance(a: &Range<usize>, b: &Range<usize>) -> usize {
    if a.end <= b.start {
        b.start - a.end
    } else {
        a.start.saturating_sub(b.end)
    }
}

/// For each qualifier key, the values stated nearest the figure.
fn stated_qualifiers(cues: &[Found], q: &Quantity) -> BTreeMap<String, Vec<String>> {
    let mut nearest: BTreeMap<String, (usize, Vec<String>)> = BTreeMap::new();
    for f in cues {
        let Cue::Qualifier(key, value) = &f.cue else {
            continue;
        };
        let d = distance(&f.span, &q.span);
        let entry = nearest.entry(key.clone()).or_insert((d, Vec::new()));
        if d < entry.0 {
            *entry = (d, vec![value.clone()]);
        } else if d == entry.0 && !entry.1.contains(value) {
            entry.1.push(value.clone());
        }
    }
    nearest.into_iter().map(|(k, (_, v))| (k, v)).collect()
}

/// Whether a fact is about the kind of thing the figure measures.
#[allow(clippy::too_many_arguments)]
fn fits(
    kb: &Kb,
    years: &[u16],
    q: &Quantity,
    entity: &Entity,
    fact: &Fact,
    m: &Measure,
    attributes: &[&str],
    counted: Option<&Mention>,
) -> bool {
    let (mut qd, fd) = (q.dimension(), m.dimension());
    // "989 TFLOPs" of a card: a count's spelling read as the rate it names.
    if q.unit.rate_reading() == Some(fd) {
        qd = fd;
    }
    if !qd.compatible(fd) || !target_applies(fact, years) {
        return false;
    }
    if entity.kind == Kind::Accelerator && qd.exponent(Base::Accelerator) == -1 {
        // "每卡 700W": an accelerator's spec is per accelerator already.
        qd = qd.with(Base::Accelerator, 0);
    }
    let counted_part = |d: Dimension| {
        Base::ALL
            .into_iter()
            .filter(|b| b.is_counted())
            .map(|b| d.exponent(b))
            .collect::<Vec<_>>()
    };
    let q_counted = counted_part(qd);
    let unit_counts = q_counted.iter().any(|&e| e != 0);
    // "54 days" is no number of GPU-hours, "4 bytes" no bytes per parameter.
    if (unit_counts || !qd.is_dimensionless()) && q_counted != counted_part(fd) {
        return false;
    }
    let cued = attributes.contains(&fact.attribute.as_str());
    if qd.is_dimensionless() {
        // "128 routed experts, 4 active per token": a bare count a hundred
        // times off the fact counts something else (experts, not
        // parameters).
        let ratio = q.premise().nominal / m.interval.nominal;
        if q.unit.is_one() && !(0.01..=100.0).contains(&ratio.abs()) {
            return false;
        }
        // A bare or counted figure says nothing by its unit alone.
        if let Some(c) = counted {
            return fd.exponent(Base::Accelerator) == 1
                && fd.is_dimensionless()
                && names_same_accelerator(kb, entity, fact, c);
        }
        // A count in a counting unit ("37,888 個 GPU") sizes a cluster or
        // system by itself; anything else needs its attribute named.
        let sizes = unit_counts && entity.kind == Kind::Cluster;
        // A percentage is a utilisation or a share when its attribute is
        // named ("MFU of 38–43%").
        let percentage = q.unit.factor == 0.01
            && fd.is_dimensionless()
            && counted_part(fd).iter().all(|&e| e == 0);
        return sizes || (cued && (unit_counts || q.unit.is_one() || percentage));
    }
    true
}

/// A plan for a date ("350,000 H100 by the end of 2024") is a reading only
/// of a figure stated for that date: the sentence must name its year.
fn target_applies(fact: &Fact, years: &[u16]) -> bool {
    match fact.qualifiers().get("target_date") {
        None => true,
        Some(target) => years.iter().any(|y| target.contains(&y.to_string())),
    }
}

/// The years a text names: four digits from 1900 to 2099 standing alone.
fn years_in(text: &str) -> Vec<u16> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 4 <= bytes.len() {
        let run = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if run == 4
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && let Ok(y) = text[i..i + 4].parse::<u16>()
            && (1900..2100).contains(&y)
        {
            out.push(y);
        }
        i += run.max(1);
    }
    out
}

/// Whether the accelerator a fact is about (its `accelerator` qualifier, or
/// the entity's `accelerator` fact) is one the mention can mean.
fn names_same_accelerator(kb: &Kb, entity: &Entity, fact: &Fact, counted: &Mention) -> bool {
    let named = fact
        .qualifiers()
        .get("accelerator")
        .map(String::as_str)
        .or_else(|| entity.word("accelerator"));
    named.is_some_and(|name| {
        kb.lookup(name)
            .iter()
            .any(|e| counted.entities.iter().any(|&i| kb.entity(i).id == e.id))
    })
}

fn candidates<'k>(
    fitting: &[(&'k Entity, &'k Fact, &'k Measure)],
    stated: &BTreeMap<String, Vec<String>>,
    strict: bool,
) -> Vec<Candidate<'k>> {
    let mut out = Vec::new();
    for &(entity, fact, _) in fitting {
        for reading in &fact.readings {
            let FactValue::Measure(measure) = &reading.value else {
                continue;
            };
            let direction = reading.qualifiers.get("direction").map(String::as_str);
            let agrees = |key: &str| match (stated.get(key), reading.qualifiers.get(key)) {
                (Some(values), Some(v)) => values.contains(v) || !strict,
                _ => true,
            };
            if !["precision", "sparsity", "link"].into_iter().all(agrees) {
                continue;
            }
            // A stated stage of a training run is that stage's figure: a fact
            // of another stage, or of the whole run, is not it (pre-training
            // is most of a run, so its figure may be the whole's).
            if let (Some(stages), Some(of_stage)) =
                (stated.get("stage"), reading.qualifiers.get("stage"))
                && !stages
                    .iter()
                    .any(|s| s == of_stage || s == "pre-training" && of_stage == "total")
            {
                continue;
            }
            // "~15 trillion tokens", "72 billion parameters" as a family's
            // size: a source's round figure allows 5% either way.
            let approximate = reading
                .qualifiers
                .get("approximate")
                .is_some_and(|v| v == "yes");
            for (expected, how, taken) in
                direction_readings(measure, direction, stated.get("direction"))
            {
                let expected = if approximate {
                    expected.widen_relative(0.05)
                } else {
                    expected
                };
                let mut qualifiers = reading.qualifiers.clone();
                let shown = match taken {
                    Some(d) => {
                        qualifiers.insert("direction".into(), d.into());
                        format!(
                            "{} {}",
                            number(expected.nominal / measure.unit.factor),
                            measure.unit.label
                        )
                    }
                    None => measure.shown(),
                };
                out.push(Candidate {
                    entity,
                    fact,
                    reading,
                    measure,
                    expected,
                    how,
                    qualifiers,
                    shown,
                });
            }
        }
    }
    out
}

/// A bandwidth given for both directions is also half that per direction,
/// and the other way round; a stated direction picks one.
fn direction_readings(
    m: &Measure,
    fact: Option<&str>,
    stated: Option<&Vec<String>>,
) -> Vec<(Interval, Option<Message>, Option<&'static str>)> {
    let as_stated = (m.interval, None, None);
    let Some(fact) = fact else {
        return vec![as_stated];
    };
    let other = match fact {
        "bidirectional" => (
            m.interval.scale(0.5),
            Some(msg!("spec-how-per-direction", value = m.shown())),
            "per_direction",
        ),
        "per_direction" => (
            m.interval.scale(2.0),
            Some(msg!("spec-how-both-directions", value = m.shown())),
            "bidirectional",
        ),
        _ => return vec![as_stated],
    };
    match stated {
        Some(values)
            if values.iter().any(|v| v == other.2) && !values.iter().any(|v| v == fact) =>
        {
            vec![(other.0, other.1, Some(other.2))]
        }
        Some(_) => vec![as_stated],
        None => vec![as_stated, (other.0, other.1, Some(other.2))],
    }
}

/// Every fact of the entities that the figure's unit fits, whatever the
/// qualifiers: where to look for the column the figure really belongs to.
fn candidates_relaxed<'k>(
    entities: &[&'k Entity],
    q: &Quantity,
    attributes: &[&str],
    counted: Option<&Mention>,
    kb: &'k Kb,
    years: &[u16],
) -> Vec<Candidate<'k>> {
    let fitting: Vec<(&Entity, &Fact, &Measure)> = entities
        .iter()
        .flat_map(|e| e.facts.iter().map(move |f| (*e, f)))
        .filter_map(|(e, f)| match &f.value().value {
            FactValue::Measure(m) => Some((e, f, m)),
            FactValue::Word(_) => None,
        })
        .filter(|(e, f, m)| fits(kb, years, q, e, f, m, attributes, counted))
        .collect();
    candidates(&fitting, &BTreeMap::new(), false)
}

/// The figure's own readings: as written, GB as GiB, a second magnitude, and
/// per unit when the clause counts the entity.
fn claimed_readings(q: &Quantity, count: Option<f64>) -> Vec<(Interval, Option<Message>)> {
    let mut out = vec![(q.claimed(false, false), None)];
    // Memory sizes may be binary; rates never are ("4.8 TB/s" is 4.8×10¹²).
    if q.has_binary_reading() && q.dimension() == Dimension::of(Base::Byte) {
        out.push((
            q.claimed(true, false),
            Some(msg!(
                "spec-how-means",
                unit = q.unit.to_string(),
                other = binary_label(&q.unit.label)
            )),
        ));
    }
    if q.number_alternative.is_some() {
        out.push((q.claimed(false, true), Some(msg!("spec-how-magnitude"))));
    }
    // "1.97 PFLOPS" for 1,979 TFLOPS: a figure cut off, not rounded, at its
    // last written digit holds anything up to that digit's next step.
    let written = q.claimed(false, false);
    if q.hedge.is_none() && written.hi > written.nominal {
        let cut_off = Interval {
            lo: written.nominal,
            hi: 2.0 * written.hi - written.nominal,
            nominal: written.nominal,
        };
        out.push((cut_off, Some(msg!("spec-how-cut-off"))));
    }
    if let Some(n) = count {
        let per_unit: Vec<_> = out
            .iter()
            .map(|(v, how)| {
                let note = msg!("spec-how-per-unit", count = number(n));
                (v.scale(1.0 / n), join(Some(note), how.clone()))
            })
            .collect();
        out.extend(per_unit);
    }
    out
}

/// A candidate's value as written, and with its prefix read the other way
/// (GB as GiB, GiB as GB): GB and GiB mixed is a column of its own.
fn prefix_readings(c: &Candidate) -> Vec<(Interval, Option<Message>)> {
    let unit = &c.measure.unit;
    let mut out = vec![(c.expected, None)];
    if let Some(binary) = unit.binary_factor
        && unit.dimension == Dimension::of(Base::Byte)
    {
        out.push((
            c.expected.scale(binary / unit.factor),
            Some(msg!("spec-how-source-binary", unit = &unit.label)),
        ));
    }
    if let Some((prefix, rest)) = unit.label.split_once('i')
        && let Some(power) = binary_power(prefix)
    {
        out.push((
            c.expected.scale(1000f64.powi(power) / 1024f64.powi(power)),
            Some(msg!(
                "spec-how-source-as",
                value = number(c.expected.nominal / unit.factor),
                unit = &unit.label,
                other = format!("{prefix}{rest}")
            )),
        ));
    }
    out
}

fn binary_power(prefix: &str) -> Option<i32> {
    match prefix {
        "K" | "k" => Some(1),
        "M" => Some(2),
        "G" => Some(3),
        "T" => Some(4),
        "P" => Some(5),
        _ => None,
    }
}

/// A binary-prefixed figure read as the metric prefix it was mistaken for:
/// "85.9 GiB" as 85.9 GB. Only for naming a column, never to verify: GiB is
/// unambiguous.
fn decimal_reading(q: &Quantity) -> Option<(Interval, Option<Message>)> {
    let label = &q.unit.label;
    let (prefix, rest) = label.split_once('i')?;
    let power = binary_power(prefix)?;
    let decimal = 1000f64.powi(power) / 1024f64.powi(power);
    Some((
        q.claimed(false, false).scale(decimal),
        Some(msg!(
            "spec-how-means",
            unit = label,
            other = format!("{prefix}{rest}")
        )),
    ))
}

fn binary_label(label: &str) -> String {
    let mut chars: Vec<char> = label.chars().collect();
    if chars.len() >= 2 {
        chars.insert(1, 'i');
    }
    chars.into_iter().collect()
}

/// The first candidate, in order, that some reading of the figure meets,
/// trying the knowledge base's GiB reading of a GB figure too.
/// A table cell's throughput read as one column of a part's datasheet:
/// it states no sparsity, matches the column it matched, and misses the
/// other, which is recorded.
fn column_read(
    context: &Context,
    q: &Quantity,
    stated: &BTreeMap<String, Vec<String>>,
    matched: &Candidate,
    candidates: &[Candidate],
    claimed: &[(Interval, Option<Message>)],
) -> Option<ColumnRead> {
    let table = context.table?;
    if stated.contains_key("sparsity")
        || matched.fact.attribute != "throughput"
        || footnote_marked(context.text, q)
    {
        return None;
    }
    fn sparsity<'c>(c: &'c Candidate) -> Option<&'c str> {
        c.qualifiers.get("sparsity").map(String::as_str)
    }
    let sparse = match sparsity(matched)? {
        "sparse" => true,
        "dense" => false,
        _ => return None,
    };
    let precision = matched.qualifiers.get("precision")?;
    let other_column = if sparse { "dense" } else { "sparse" };
    let others: Vec<&Candidate> = candidates
        .iter()
        .filter(|c| {
            c.fact.attribute == "throughput"
                && c.qualifiers.get("precision") == Some(precision)
                && sparsity(c) == Some(other_column)
        })
        .collect();
    let meets = |c: &Candidate| {
        claimed
            .iter()
            .any(|(v, _)| v.meets_within(&c.expected, context.tolerance))
    };
    if others.is_empty() || others.iter().any(|c| meets(c)) {
        return None;
    }
    Some(ColumnRead {
        table,
        span: q.span.clone(),
        claim: claim_text(context, q),
        entity: matched.entity.id.clone(),
        name: short_name(matched.entity).to_string(),
        precision: precision.replace('_', " ").to_uppercase(),
        sparse,
        other: others[0].shown.clone(),
    })
}

/// Whether a footnote sign follows the figure ("1,979*", "3,958¹"): its
/// note may say which column the figure is.
fn footnote_marked(text: &str, q: &Quantity) -> bool {
    let after = text[q.span.end..].trim_start_matches([' ', '\u{a0}']);
    let after = after
        .strip_prefix(|c: char| c.is_alphabetic())
        .map_or(after, |_| after.trim_start_matches(char::is_alphabetic));
    after.starts_with(['*', '†', '‡', '¹', '²', '³', '^'])
}

fn matching<'c, 'k>(
    candidates: &'c [Candidate<'k>],
    claimed: &[(Interval, Option<Message>)],
    tolerance: f64,
) -> Option<(&'c Candidate<'k>, Option<Message>)> {
    for (value, how) in claimed {
        for c in candidates {
            if value.meets_within(&c.expected, tolerance) {
                return Some((c, join(how.clone(), c.how.clone())));
            }
        }
    }
    for (value, how) in claimed {
        for c in candidates {
            let Some(binary) = c.measure.unit.binary_factor else {
                continue;
            };
            if c.measure.dimension() != Dimension::of(Base::Byte) {
                continue;
            }
            let expected = c.expected.scale(binary / c.measure.unit.factor);
            if value.meets_within(&expected, tolerance) {
                let note = msg!("spec-how-source-binary", unit = &c.measure.unit.label);
                return Some((c, join(how.clone(), join(c.how.clone(), Some(note)))));
            }
        }
    }
    None
}

fn join(a: Option<Message>, b: Option<Message>) -> Option<Message> {
    match (a, b) {
        (Some(a), Some(b)) => Some(msg!("spec-how-and", first = a, second = b)),
        (a, b) => a.or(b),
    }
}

/// "H100 SXM5 80GB" from "NVIDIA H100 SXM5 80GB".
fn short_name(e: &Entity) -> &str {
    match &e.vendor {
        Some(v) => e
            .name
            .strip_prefix(v.as_str())
            .map(str::trim_start)
            .filter(|s| !s.is_empty())
            .unwrap_or(&e.name),
        None => &e.name,
    }
}

/// "BF16 dense throughput", "bidirectional NVLink interconnect bandwidth".
fn column(attribute: &str, qualifiers: &BTreeMap<String, String>) -> String {
    let mut words = Vec::new();
    for key in [
        "link",
        "direction",
        "precision",
        "sparsity",
        "scope",
        "stage",
    ] {
        if let Some(v) = qualifiers.get(key) {
            words.push(match key {
                "precision" => v.replace('_', " ").to_uppercase(),
                "link" => match v.as_str() {
                    "nvlink" => "NVLink".into(),
                    "pcie" => "PCIe".into(),
                    "infiniband" => "InfiniBand".into(),
                    "ethernet" => "Ethernet".into(),
                    other => other.to_uppercase(),
                },
                _ => v.replace('_', " "),
            });
        }
    }
    words.push(match attribute {
        "tdp" => "TDP".into(),
        "memory_capacity" => "memory".into(),
        other => other.replace('_', " "),
    });
    words.join(" ")
}

fn source_ref(kb: &Kb, id: &str) -> Option<SourceRef> {
    kb.source(id).map(|s| SourceRef {
        id: s.id.clone(),
        title: s.title.clone(),
        url: s.url.clone(),
    })
}

fn overridden_note(fact: &Fact) -> Option<Message> {
    fact.overrides.as_ref().map(|old| {
        msg!(
            "spec-overridden",
            value = fact.value().value.to_string(),
            file = fact.file.to_string(),
            old = old.value().value.to_string()
        )
    })
}

/// The figure as written, with its column header's unit when the cell
/// leaves it there: "128 GB" under "VRAM (GB)".
fn claim_text(context: &Context, q: &Quantity) -> String {
    let written = &context.text[q.span.clone()];
    match &context.header_unit {
        Some(unit) if q.unit.label == unit.label && !written.contains(unit.label.as_str()) => {
            format!("{written} {}", unit.label)
        }
        _ => written.to_string(),
    }
}

fn verified(
    kb: &Kb,
    context: &Context,
    q: &Quantity,
    subject: &Subject,
    c: &Candidate,
    how: Option<Message>,
) -> Finding {
    let name = short_name(c.entity);
    let col = column(&c.fact.attribute, &c.qualifiers);
    let mut steps = vec![as_written(format!(
        "{name} {col}: {} — {:?}",
        c.measure.shown(),
        c.reading.quote
    ))];
    if let Some(h) = &how {
        steps.push(msg!("spec-step-holds", how = h.clone()));
    }
    steps.extend(overridden_note(c.fact));
    Finding {
        verdict: Verdict::Verified,
        check: "spec",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: as_written(format!("{name} {col}: {}", c.shown)),
        message: msg!(
            "spec-verified",
            claim = claim_text(context, q),
            count = subject
                .count
                .filter(|_| how
                    .as_ref()
                    .is_some_and(|h| h.mentions("spec-how-per-unit")))
                .map_or(String::new(), |n| format!("{} × ", number(n))),
            entity = name,
            column = &col,
            value = &c.shown,
            note = overridden_note(c.fact).map(|n| msg!("spec-verified-note", note = n))
        ),
        steps,
        related: vec![Related {
            span: subject.mention.span.clone(),
            note: msg!("note-entity"),
        }],
        sources: source_ref(kb, &c.reading.source).into_iter().collect(),
        help: None,
    }
}

fn contradicted(
    kb: &Kb,
    context: &Context,
    q: &Quantity,
    subject: &Subject,
    candidates: &[Candidate],
    help: Option<Message>,
) -> Finding {
    let text = claim_text(context, q);
    // The followed reading of each fact, once.
    let mut expected: Vec<&Candidate> = Vec::new();
    for c in candidates {
        if !expected.iter().any(|e| {
            std::ptr::eq(e.fact, c.fact)
                || (e.entity.id == c.entity.id && e.measure.shown() == c.measure.shown())
        }) {
            expected.push(c);
        }
    }
    let first = expected[0];
    let col = column(&first.fact.attribute, &first.qualifiers);
    let values: Vec<String> = expected
        .iter()
        .take(4)
        .map(|c| {
            let value = c.shown.clone();
            if expected.len() > 1 {
                format!("{value} ({})", short_name(c.entity))
            } else {
                value
            }
        })
        .collect();
    let subject_name = &context.text[subject.mention.span.clone()];
    let message = msg!(
        "spec-contradicted",
        subject = subject_name,
        column = &col,
        values = or_message(&values),
        claim = &text
    );
    let mut steps: Vec<Message> = expected
        .iter()
        .map(|c| {
            msg!(
                "spec-step-value",
                entity = short_name(c.entity),
                column = column(&c.fact.attribute, &c.qualifiers),
                value = c.measure.shown(),
                how = c.how.clone().map(|h| msg!("spec-help-how", how = h))
            )
        })
        .collect();
    steps.push(msg!("spec-step-none", claim = &text));
    let overrides: Vec<Message> = expected
        .iter()
        .filter_map(|c| overridden_note(c.fact))
        .collect();
    steps.extend(overrides.iter().cloned());
    let help = help
        .into_iter()
        .chain(overrides)
        .reduce(|first, second| msg!("list-semicolon", first = first, second = second));
    let mut sources: Vec<SourceRef> = Vec::new();
    for c in expected.iter().take(4) {
        if let Some(s) = source_ref(kb, &c.reading.source)
            && !sources.contains(&s)
        {
            sources.push(s);
        }
    }
    Finding {
        verdict: Verdict::Contradicted,
        check: "spec",
        span: q.span.clone(),
        label_span: q.span.clone(),
        label: msg!("label-values", column = &col, values = or_message(&values)),
        message,
        steps,
        related: vec![Related {
            span: subject.mention.span.clone(),
            note: msg!("note-entity"),
        }],
        sources,
        help,
    }
}

/// Items in the reader's language: "a, b or c".
fn or_message(items: &[String]) -> Arg {
    match items {
        [] => Arg::from(""),
        [one] => Arg::from(one),
        [init @ .., last] => {
            let init = init
                .iter()
                .map(Arg::from)
                .reduce(|first, second| msg!("list-comma", first = first, second = second).into())
                .expect("a list of two or more has a first item");
            msg!("list-or", init = init, last = last).into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{form_factors, other_sparsity};
    use crate::audit::audit;
    use crate::check::finding::Verdict;
    use crate::kb::Kb;
    use crate::read::document::Document;

    /// (verdict, claim text, message, help) of each spec finding.
    fn spec(text: &str) -> Vec<(Verdict, String, String, Option<String>)> {
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        report
            .findings
            .iter()
            .filter(|f| f.check == "spec")
            .map(|f| {
                (
                    f.verdict,
                    text[f.span.clone()].to_string(),
                    f.message.english(),
                    f.help.as_ref().map(crate::lang::message::Message::english),
                )
            })
            .collect()
    }

    #[test]
    fn teraflops_spelled_as_a_count_are_a_cards_rate() {
        let verdicts = |text: &str| spec(text).iter().map(|f| f.0).collect::<Vec<_>>();
        assert_eq!(
            verdicts("The H100 SXM delivers 989 TFLOPs of dense BF16 compute."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("The H100 SXM delivers 1,800 TFLOPs of dense BF16 compute."),
            [Verdict::Contradicted]
        );
        // A run's count of operations stays a count: no card's peak.
        assert!(spec("The H100 SXM run took 3.8e25 FLOPs.").is_empty());
    }

    #[test]
    fn a_figure_of_one_gpu_of_a_superchip_is_not_the_superchips() {
        // The GB200 superchip holds two GPUs; the knowledge base records the
        // superchip's 2,700 W, not a GPU's.
        assert!(spec("Each GB200 GPU draws about 1,200 W.").is_empty());
        assert!(spec("每颗 GB200 GPU 功耗约 1,200 W。").is_empty());
        assert_eq!(
            spec("A GB200 Superchip has a TDP of 1,200 W.")
                .iter()
                .map(|f| f.0)
                .collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_prose_rows_figure_is_its_columns() {
        // Pipe rows with no blank line before them are no Markdown table:
        // the column, not the last name above, says whose a figure is.
        let text = "Side by side:\nSpec | RTX 4090 | RTX 5090\nVRAM | 24 GB GDDR6X | 32 GB GDDR7\n";
        assert!(spec(text).is_empty(), "{:?}", spec(text));
        let kb = Kb::builtin();
        let named = |figure: &str| {
            super::column_names(kb, text, text.find(figure).unwrap()).map(|e| {
                e.iter()
                    .map(|&i| kb.entity(i).name.clone())
                    .collect::<Vec<_>>()
            })
        };
        assert!(named("24 GB").is_some_and(|n| n.iter().all(|n| n.contains("4090"))));
        assert!(named("32 GB").is_some_and(|n| n.iter().all(|n| n.contains("5090"))));
        // The head row's own cells have no column head above them.
        assert!(named("RTX 5090").is_none());
    }

    #[test]
    fn a_figure_a_change_verb_gives_is_a_difference() {
        assert!(spec("B300 的熱設計功耗相比 B200 僅增加 200 瓦。").is_empty());
        assert!(spec("The B300 TDP is increased by 200 W over the B200.").is_empty());
        // The level itself is a spec.
        assert_eq!(
            spec("B200 的熱設計功耗為 200 瓦。")
                .iter()
                .map(|f| f.0)
                .collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_topic_sentence_naming_two_things_contradicts_only_through_both() {
        // The next sentence may be about the B300 (the subject) or the B200
        // (named last): 288 GB is the B300's, which verifies it.
        let text = "The B300 ships about six months after the B200. It carries 288 GB of HBM3E.";
        assert_eq!(
            spec(text).iter().map(|f| f.0).collect::<Vec<_>>(),
            [Verdict::Verified]
        );
        // A figure both contradict is still flagged.
        let text = "The B300 ships about six months after the B200. It carries 100 GB of HBM3E.";
        assert_eq!(
            spec(text).iter().map(|f| f.0).collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_figure_cut_off_at_its_last_digit_holds() {
        // 1,979 TFLOPS cut off to "1.97 PFLOPS" is no error; 1.95 is.
        let verdicts = |text: &str| spec(text).iter().map(|f| f.0).collect::<Vec<_>>();
        assert_eq!(
            verdicts("The H200 SXM reaches 1.97 PFLOPS of FP8 dense compute."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("The H200 SXM reaches 1.95 PFLOPS of FP8 dense compute."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_count_in_words_before_a_name_makes_a_configuration() {
        let verdicts = |text: &str| spec(text).iter().map(|f| f.0).collect::<Vec<_>>();
        assert_eq!(
            verdicts("Two used RTX 3090s give you a unified 48GB VRAM pool."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("A dual-RTX-4090 setup gives you 48 GB of VRAM."),
            [Verdict::Verified]
        );
        assert_eq!(
            verdicts("Two RTX 3090s have a combined TDP of 700W."),
            [Verdict::Verified]
        );
        // Neither one card's figure nor two cards' gives 64 GB.
        assert_eq!(
            verdicts("Two used RTX 3090s give you a unified 64GB VRAM pool."),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_figure_of_a_training_stage_is_not_the_whole_runs() {
        let text = "# DeepSeek-V3\n\nDeepSeek-V3 的训练共用了 278.8 万 GPU 小时。\n上下文扩展阶段：使用了约 11.9 万 GPU 小时。\n";
        let found = spec(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].0, found[0].1.as_str()),
            (Verdict::Verified, "278.8 万 GPU 小时")
        );
        // Pre-training is the stage the report gives on its own.
        assert_eq!(
            spec("DeepSeek-V3 的预训练用了 266.4 万 GPU 小时。")
                .iter()
                .map(|f| f.0)
                .collect::<Vec<_>>(),
            [Verdict::Verified]
        );
        assert!(spec("DeepSeek-V3's post-training took about 5,000 GPU hours.").is_empty());
    }

    #[test]
    fn a_memory_requirement_beside_a_card_is_not_its_memory() {
        assert!(
            spec("Outside the H200, FP16 doubles the memory requirements to approximately 1.3 TB.")
                .is_empty()
        );
    }

    #[test]
    fn a_figure_of_a_thing_a_comparison_names_is_not_the_subjects() {
        for text in [
            "單一 GB200 NVL72 機櫃的功耗約在 120 千瓦上下，遠高於傳統伺服器機櫃的 10 至 15 千瓦。",
            "The GB200 NVL72 draws about 120 kW, far higher than a typical air-cooled rack's 15 kW.",
        ] {
            assert!(
                spec(text)
                    .iter()
                    .all(|(verdict, figure, _, _)| *verdict == Verdict::Verified
                        || !figure.contains("15")),
                "{text}: {:?}",
                spec(text)
            );
        }
        // The subject's own figure in the same sentence is still checked.
        let found = spec("GB200 NVL72 機櫃的功耗約 60 千瓦，高於傳統伺服器機櫃的 15 千瓦。");
        assert!(
            found
                .iter()
                .any(|(verdict, figure, _, _)| *verdict == Verdict::Contradicted
                    && figure.contains("60")),
            "{found:?}"
        );
    }

    #[test]
    fn a_figure_each_card_has_is_no_systems_spec() {
        let found = spec(
            "新一代 HGX B200 伺服器每台同樣 8 顆 GPU，單顆可用 180 GB，HBM 總容量達 1,440 GB。",
        );
        assert!(
            found
                .iter()
                .all(|(verdict, figure, _, _)| *verdict == Verdict::Verified || figure != "180 GB"),
            "{found:?}"
        );
    }

    #[test]
    fn a_name_likened_or_compared_owns_no_figure_after_it() {
        for text in [
            "- H200 SXM5: 141 GB HBM3e, 3,958 TFLOPS FP8 (same compute as H100), 4.8 TB/s memory bandwidth, 700W TDP.",
            "- Compute per GPU is the same as H100: 989 TFLOPS BF16 dense.",
            "The MI300X ships with 192GB HBM3 memory, more than double the H100's 80GB. At 5.3 TB/s bandwidth, it is 58% faster.",
        ] {
            let found = spec(text);
            assert!(
                found
                    .iter()
                    .all(|(verdict, _, _, _)| *verdict == Verdict::Verified),
                "{text}: {found:?}"
            );
        }
    }

    #[test]
    fn a_figure_said_to_be_a_total_is_no_cards_spec() {
        let found = spec("A dual-RTX 3090 setup (48GB total VRAM) runs the 4-bit model.");
        assert!(
            found
                .iter()
                .all(|(verdict, _, _, _)| *verdict == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn a_throughput_after_a_utilisation_is_no_peak() {
        let found = spec(
            "We plan on H100 SXM at 989 TFLOPS dense BF16 and assume 40% MFU, which is about 396 TFLOPS delivered per GPU.",
        );
        assert!(
            found
                .iter()
                .all(|(verdict, _, _, _)| *verdict == Verdict::Verified),
            "{found:?}"
        );
        // A peak after a utilisation is still the spec.
        let found = spec("硬件利用率=0.85，单块 A100 FP16 算力峰值=312 TFLOPS。");
        assert!(
            found
                .iter()
                .any(|(verdict, _, _, _)| *verdict == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn a_column_counting_gpus_names_no_rows_thing() {
        // "Max GPUs" counts what a row's link connects; NVL72 in it is the
        // bracketed label of the 72, not the subject of the row's 18 links.
        let text = "| Generation | Links per GPU | Bandwidth | Max GPUs in domain |\n|---|---|---|---|\n| Fifth | 18 | 1,800 GB/s | 72 (NVL72), 576 (multi-node) |\n";
        let found = spec(text);
        assert!(found.iter().all(|f| f.0 == Verdict::Verified), "{found:?}");
        // Under a header that names the thing, a row's name is its subject.
        let text = "| GPU | VRAM |\n|---|---|\n| H100 SXM | 40 GB |\n";
        assert_eq!(
            spec(text).iter().map(|f| f.0).collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_throughput_after_an_efficiency_is_achieved() {
        let text = "The A100 peaks at 312 TFLOPS, but at around 50% efficiency — so roughly 150 TFLOPS per GPU.";
        let found = spec(text);
        assert!(
            found.iter().all(|f| f.1 != "roughly 150 TFLOPS per GPU"),
            "{found:?}"
        );
    }

    #[test]
    fn a_name_on_the_next_line_owns_no_figure_before_it() {
        let found = spec(
            "AMD unveils two GPUs: up to 4X faster, 1,400W power draw\nThe MI350X is air-cooled.",
        );
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_sparsity_no_datasheet_column_records_is_unchecked() {
        let found =
            spec("Trainium2 supports 4x sparsity, boosting FP8 performance to 5.2 petaFLOPS.");
        assert!(found.is_empty(), "{found:?}");
        assert!(other_sparsity("4:16 sparsity") && other_sparsity("8x sparse"));
        assert!(!other_sparsity("2:4 sparsity") && !other_sparsity("2x sparsity"));
    }

    #[test]
    fn an_item_ending_on_a_colon_introduces_the_items_after_it() {
        let text = "The B200 is the fastest.\n\n- Load the weights\n- Repeat for the next token. NVIDIA H100 specs:\n- Compute: 3,958 TFLOPS (FP8, sparse)\n- Memory: 80 GB\n";
        let found = spec(text);
        assert!(
            found
                .iter()
                .all(|(verdict, _, message, _)| *verdict == Verdict::Verified
                    && !message.contains("B200")),
            "{found:?}"
        );
        assert!(!found.is_empty());
    }

    #[test]
    fn a_name_compared_in_cantonese_owns_no_figure_after_it() {
        let found = spec("AMD 嘅 MI300X 配 192GB HBM3，記憶體容量係 H100 嘅 2.4 倍，功耗 750W。");
        assert!(
            found
                .iter()
                .all(|(verdict, _, message, _)| *verdict == Verdict::Verified
                    || !message.contains("H100")),
            "{found:?}"
        );
    }

    #[test]
    fn a_denied_figure_and_a_price_are_no_contradiction() {
        let found = spec(
            "The RTX 5090 is the biggest card. No single consumer GPU sold today has 40 GB of VRAM.",
        );
        assert!(
            found.iter().all(|(v, _, _, _)| *v == Verdict::Verified),
            "{found:?}"
        );
        // A denial further back is another statement's.
        let found = spec(
            "一张 H100 的价格够我装三台，而且它连视频输出都没有🤣 H100 显存带宽 3.35TB/s 确实很高。",
        );
        assert!(!found.is_empty(), "{found:?}");
        let found = spec(
            "Two used RTX 3090s make the build, and RTX 3090 prices have dropped: the whole build costs under $3,000.",
        );
        assert!(
            found.iter().all(|(v, _, _, _)| *v == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn form_factors_are_whole_words() {
        assert_eq!(form_factors("H100 SXM5 and H100 NVL"), ["SXM", "NVL"]);
        assert!(form_factors("NVLink 600 GB/s").is_empty());
        assert_eq!(form_factors("PCIe版约350W"), ["PCIe"]);
    }

    #[test]
    fn a_reference_mark_after_a_name_is_no_figure() {
        let found =
            spec("One leading GPU server is the NVIDIA DGX-H100 29 , which has eight H100 GPUs.");
        assert!(
            found.iter().all(|(_, figure, _, _)| figure != "29"),
            "{found:?}"
        );
    }

    #[test]
    fn a_form_factor_named_alone_is_another_variants() {
        let found = spec("单卡功耗：H100 SXM 版峰值达 700W，PCIe 版约 350W。");
        assert!(
            found
                .iter()
                .all(|(verdict, _, _, _)| *verdict == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn a_row_label_names_the_unit_of_its_cells() {
        let found = spec(
            "| Spec | A100 SXM 80GB | H100 SXM 80GB |\n|---|---|---|\n| FP16 (Tensor Core) TFLOPS | 312 | 989 |\n",
        );
        assert!(
            found
                .iter()
                .all(|(verdict, _, _, _)| *verdict == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn an_order_of_magnitude_is_no_spec() {
        let found =
            spec("# AI 服务器：单柜功耗迈入百千瓦时代\n\nGB200 NVL72 单柜功耗迈入百千瓦时代。");
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_name_compared_after_it_owns_no_figure() {
        let text = "**B200 是代际跨越。** 它的显存带宽是 H100 的约 2.4 倍，单卡显存也达到 192 GB。";
        assert!(
            spec(text)
                .iter()
                .all(|(_, _, message, _)| !message.contains("H100")),
            "{:?}",
            spec(text)
        );
    }

    #[test]
    fn the_sparse_column_quoted_as_dense_is_named() {
        let found = spec("The H100 SXM delivers 1,979 TFLOPS of dense BF16.");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Contradicted);
        assert!(found[0].2.contains("989.4 TFLOPS"), "{found:?}");
        let help = found[0].3.as_deref().unwrap();
        assert!(help.contains("BF16 sparse"), "{help}");
    }

    #[test]
    fn a_precision_the_part_lacks_is_wrong_whatever_the_value() {
        let found = spec("The A100 SXM reaches 312 TFLOPS in FP8.");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Contradicted);
        assert!(found[0].2.contains("does not support FP8"), "{found:?}");
        let help = found[0].3.as_deref().unwrap();
        assert!(help.contains("BF16 dense"), "{help}");
        // The precisions it has are checked as ever; an unknown name beside
        // the figure leaves it to that name.
        assert_eq!(
            spec("The A100 SXM reaches 312 TFLOPS in BF16.")[0].0,
            Verdict::Verified
        );
        let table = "| Card | FP8 TFLOPS |\n|---|---|\n| Orion X4 | 312 |\n| A100 SXM | 312 |\n";
        let found = spec(table);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Contradicted);
        assert!(found[0].2.starts_with("A100 does not"), "{found:?}");
    }

    #[test]
    fn a_most_sentences_from_its_name_is_a_use_of_it() {
        let apart =
            "Llama 3 70B uses GQA with 80 layers. The cache holds about 90,000 tokens of context.";
        assert!(spec(apart).is_empty(), "{:?}", spec(apart));
        let own = spec("Llama 3 70B has a context length of 90,000 tokens.");
        assert_eq!(own.len(), 1, "{own:?}");
        assert_eq!(own[0].0, Verdict::Contradicted);
    }

    #[test]
    fn a_figure_after_a_bracketed_aside_is_the_names() {
        let zh = spec("DeepSeek-V3（总参数671B、激活参数37B）预训练数据14.8亿token。");
        assert!(
            zh.iter()
                .any(|(v, t, ..)| *v == Verdict::Contradicted && t == "14.8亿token"),
            "{zh:?}"
        );
        let en = spec("DeepSeek-V3 (671B total, 37B active) was pretrained on 14.8T tokens.");
        assert!(
            en.iter().all(|(v, ..)| *v == Verdict::Verified)
                && en.iter().any(|(_, t, ..)| t == "14.8T tokens"),
            "{en:?}"
        );
    }

    #[test]
    fn a_total_of_the_spec_is_no_spec() {
        let beside = spec(
            "The L40S is rated at 350 W per card, so the GPUs draw 1,400 W per server, or 2.8 kW for both.",
        );
        assert!(
            beside.iter().all(|(v, ..)| *v == Verdict::Verified),
            "{beside:?}"
        );
        let counted = spec("H100 SXM 一台八卡伺服器，光 GPU 就 5.6 kW。");
        assert!(
            counted.iter().all(|(v, ..)| *v != Verdict::Contradicted),
            "{counted:?}"
        );
        // Alone, a wrong TDP is still wrong.
        assert_eq!(
            spec("The L40S is rated at 2.8 kW.")[0].0,
            Verdict::Contradicted
        );
    }

    #[test]
    fn a_rows_subject_may_stand_in_its_accelerator_column() {
        let named = "| System | Accelerator | Memory bandwidth |\n|---|---|---|\n| A | NVIDIA H100 SXM | 3.9 TB/s |\n";
        let found = spec(named);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Contradicted);
        // A whole's column, a workload's need and hardware a row suits are
        // no card's spec.
        let whole = "| Node | GPU | Total VRAM |\n|---|---|---|\n| n1 | A100 80GB | 320 GB |\n";
        assert!(
            spec(whole)
                .iter()
                .all(|(v, ..)| *v != Verdict::Contradicted),
            "{:?}",
            spec(whole)
        );
        let suits = "| Setup | Peak memory per card | Suitable hardware |\n|---|---|---|\n| x | 40 GB | A100 80GB |\n";
        assert!(
            spec(suits)
                .iter()
                .all(|(v, ..)| *v != Verdict::Contradicted),
            "{:?}",
            spec(suits)
        );
    }

    #[test]
    fn a_memory_column_is_the_cards_when_its_cells_name_the_memory() {
        let usage = "| GPU | Memory |\n|---|---|\n| MI300X | 128 GB |\n";
        assert!(spec(usage).is_empty(), "{:?}", spec(usage));
        let typed = "| GPU | Memory |\n|---|---|\n| MI300X | 128 GB HBM3 |\n";
        let found = spec(typed);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Contradicted);
    }

    #[test]
    fn a_stated_qualifier_can_be_the_error() {
        let found = spec("H100 的 BF16 稠密算力是 989 TFLOPS；带稀疏的 989 TFLOPS 峰值。");
        assert_eq!(found[0].0, Verdict::Verified, "{found:?}");
        assert_eq!(found[1].0, Verdict::Contradicted, "{found:?}");
        assert!(
            found[1].3.as_deref().unwrap().contains("BF16 dense"),
            "{found:?}"
        );
    }

    #[test]
    fn a_dated_price_verifies_and_never_contradicts() {
        // p5.48xlarge: 55.04 USD/hour as of 2026-11-09; the 2023 rate was
        // higher, and true when written.
        let found = spec("A p5.48xlarge costs $55.04 per hour on demand.");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Verified, "{found:?}");
        let found = spec("In 2023 a p5.48xlarge cost $98.32 per hour on demand.");
        assert!(
            found.iter().all(|f| f.0 != Verdict::Contradicted),
            "{found:?}"
        );
    }

    #[test]
    fn a_family_name_is_tried_under_every_variant() {
        let found = spec("An H100 draws 350 W.\n\nAn H100 draws 1,000 W.\n");
        assert_eq!(found[0].0, Verdict::Verified, "{found:?}");
        assert_eq!(found[1].0, Verdict::Contradicted, "{found:?}");
        assert!(found[1].2.contains("700 W (H100 SXM5 80GB)"), "{found:?}");
    }

    #[test]
    fn a_sibling_column_is_named() {
        let found = spec("The H100 PCIe draws 700 W TDP under load.");
        assert_eq!(found[0].0, Verdict::Contradicted, "{found:?}");
        let help = found[0].3.as_deref().unwrap();
        assert!(
            help.starts_with("700 W is the H100 SXM5 80GB TDP figure; the H100 PCIe"),
            "{help}"
        );
    }

    #[test]
    fn a_total_of_several_systems_is_no_systems_spec() {
        let rack = "HGX H100 八卡伺服器每台約 10.2 kW，一個機櫃若放 4 台，共 32 顆 GPU。";
        assert!(
            spec(rack)
                .iter()
                .all(|(v, _, _, _)| *v != Verdict::Contradicted),
            "{:?}",
            spec(rack)
        );
    }

    #[test]
    fn totals_bounds_and_steps_are_not_spec_claims() {
        let total = spec("8×H100 gives 640 GB of memory.");
        assert_eq!(total[0].0, Verdict::Verified, "per unit, of 8: {total:?}");
        assert!(total[0].2.contains("80 GB"), "{total:?}");
        assert!(spec("It needs at least 700 GB on H100 GPUs.").is_empty());
        assert!(spec("100,000 H100 draw 150 MW.").is_empty());
        assert!(spec("H100 的有效算力打四折是每卡 396 TFLOPS。").is_empty());
    }

    /// How a figure was read to match is part of the message, in each
    /// language: per unit of a configuration, and the count that says so.
    #[test]
    fn the_reading_that_matches_is_said_in_the_readers_language() {
        let text = "The node holds 8 H100 SXM cards; together they carry 800 GB of memory.";
        let report = audit(Document::new("t.md", text.to_string()), Kb::builtin());
        let help = report
            .findings
            .iter()
            .find(|f| f.check == "spec" && f.verdict == Verdict::Contradicted)
            .and_then(|f| f.help.as_ref())
            .expect("a help line naming the column 800 GB matches");
        assert!(help.mentions("spec-how-per-unit"), "{help:?}");
        assert!(
            help.english().ends_with("(per unit, of 8)"),
            "{}",
            help.english()
        );
        let chinese = help.render(crate::lang::Lang::ZhHans.catalogue());
        assert!(chinese.ends_with("（按每个单位计，共 8 个）"), "{chinese}");
    }

    #[test]
    fn a_small_bare_count_is_no_parameter_count() {
        let found = spec("gpt-oss-120b has 128 routed experts, 4 active per token.");
        assert!(
            found.iter().all(|(v, ..)| *v != Verdict::Contradicted),
            "{found:?}"
        );
        let found = spec("Qwen2.5-7B has 7.61B parameters, not 9B parameters.");
        assert!(
            found.iter().any(|(v, ..)| *v == Verdict::Verified),
            "{found:?}"
        );
    }

    #[test]
    fn a_target_needs_its_year() {
        assert!(spec("Meta bought 150,000 H100 GPUs.").is_empty());
        let found = spec("Meta will have 30,000 H100 GPUs by the end of 2024.");
        assert_eq!(found[0].0, Verdict::Contradicted, "{found:?}");
    }

    #[test]
    fn a_cluster_sized_in_gpus() {
        let found = spec("Frontier 有 37,888 個 GPU。");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].0, Verdict::Verified);
    }

    #[test]
    fn a_models_name_states_its_size() {
        use super::sizes_in_name;
        assert_eq!(sizes_in_name("Qwen2.5-14B"), [14e9]);
        assert_eq!(sizes_in_name("Llama 3.1 405B"), [405e9]);
        assert_eq!(sizes_in_name("Qwen2.5-1.5B-Instruct"), [1.5e9]);
        // Active parameters glued to a letter, and a size running on into
        // a word, are not the total.
        assert_eq!(sizes_in_name("Qwen3-30B-A3B"), [30e9]);
        assert!(sizes_in_name("H100 80GB").is_empty());
        assert!(sizes_in_name("RTX 4090").is_empty());
    }

    #[test]
    fn a_context_worked_out_from_a_cache_is_no_context_length() {
        assert!(
            spec("Llama 3.1 70B needs 320 KiB of KV cache per token, so 71 GB holds roughly 216,000 tokens of context.")
                .is_empty()
        );
    }

    #[test]
    fn a_bandwidth_after_memory_at_is_the_memorys() {
        let verdict_of = |text: &str, figure: &str| {
            spec(text)
                .into_iter()
                .find(|(_, span, ..)| span == figure)
                .map(|(verdict, ..)| verdict)
        };
        let line = |bandwidth: &str| format!("- AMD MI300X: 192 GB HBM3 at {bandwidth}, 750 W\n");
        assert_eq!(
            verdict_of(&line("5.3 TB/s"), "5.3 TB/s"),
            Some(Verdict::Verified)
        );
        assert_eq!(
            verdict_of(&line("4.0 TB/s"), "4.0 TB/s"),
            Some(Verdict::Contradicted)
        );
        // A bandwidth with no word for what moves stays unchecked.
        assert_eq!(
            verdict_of("- AMD MI300X: 192 GB, 4.0 TB/s\n", "4.0 TB/s"),
            None
        );
    }

    #[test]
    fn an_all_in_figure_per_card_is_no_spec() {
        assert!(
            spec("Budget 50,000 H100s at about 1.3 kW each all-in, host and cooling included.")
                .is_empty()
        );
        assert_eq!(
            spec("Budget 50,000 H100 SXM at 1.3 kW each.")
                .into_iter()
                .map(|(verdict, ..)| verdict)
                .collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn a_per_card_item_is_about_the_card_of_the_item_before() {
        let list = |second: &str| format!("- 4 × NVIDIA H100 SXM5 80GB\n- {second}\n");
        let verdicts = |text: &str| -> Vec<Verdict> {
            spec(text)
                .into_iter()
                .map(|(verdict, ..)| verdict)
                .collect()
        };
        assert_eq!(
            verdicts(&list("Per-GPU peak: 3,958 TFLOPS FP8 (dense)")),
            [Verdict::Contradicted]
        );
        assert_eq!(
            verdicts(&list("Per-GPU peak: 1,979 TFLOPS FP8 (dense)")),
            [Verdict::Verified]
        );
        // An item that does not open on each card's figures is not the card's.
        assert!(verdicts(&list("Peak: 3,958 TFLOPS FP8 (dense)")).is_empty());
    }

    #[test]
    fn a_name_the_subject_is_likened_to_is_not_its_figures_owner() {
        let text = "The new box has the same compute as the H100 SXM but with 4.8 TB/s of memory bandwidth.";
        assert!(spec(text).is_empty());
        assert_eq!(
            spec("The H100 SXM has 4.8 TB/s of memory bandwidth.")
                .into_iter()
                .map(|(verdict, ..)| verdict)
                .collect::<Vec<_>>(),
            [Verdict::Contradicted]
        );
    }

    #[test]
    fn the_figure_after_vs_is_the_other_sides() {
        let text = "Against the baseline, the H100 SXM has about 3.2× the dense BF16 throughput (989 vs. 312 TFLOPS).";
        let checked: Vec<String> = spec(text).into_iter().map(|(_, span, ..)| span).collect();
        assert!(!checked.contains(&"312 TFLOPS".to_string()));
    }

    #[test]
    fn a_row_label_counting_cards_makes_its_cells_their_total() {
        let table = |total: &str| {
            format!("| Setup | Memory bandwidth, total |\n|---|---|\n| 2× RTX 4090 | {total} |\n")
        };
        let verdicts = |text: &str| -> Vec<Verdict> {
            spec(text)
                .into_iter()
                .map(|(verdict, ..)| verdict)
                .collect()
        };
        assert_eq!(verdicts(&table("2016 GB/s")), [Verdict::Verified]);
        assert_eq!(verdicts(&table("1500 GB/s")), [Verdict::Contradicted]);
    }

    #[test]
    fn a_column_header_naming_a_whole_makes_its_cells_totals() {
        let verdicts = |header: &str, total: &str| -> Vec<Verdict> {
            let table = format!(
                "| 芯片 | 显存 | {header} |\n|---|---|---|\n| H100 SXM | 80 GB | {total} |\n"
            );
            spec(&table)
                .into_iter()
                .filter(|(_, span, ..)| span == total)
                .map(|(verdict, ..)| verdict)
                .collect()
        };
        // The header counts the cards: the cell is their total.
        assert_eq!(verdicts("8 卡合计显存", "640 GB"), [Verdict::Verified]);
        assert_eq!(verdicts("8 卡合计显存", "720 GB"), [Verdict::Contradicted]);
        assert_eq!(verdicts("8-GPU total", "640 GB"), [Verdict::Verified]);
        // A whole of an unknown number of cards is no card's spec.
        assert!(verdicts("整机显存", "640 GB").is_empty());
    }

    #[test]
    fn a_minimum_hardware_column_is_no_rows_subject() {
        let table = "| Precision | Weight memory | Minimum GPUs |\n|---|---|---|\n| BF16 | 104.8 GB | 2× H100 80 GB |\n";
        assert!(
            spec(table)
                .iter()
                .all(|(verdict, span, ..)| *verdict == Verdict::Verified || span != "104.8 GB")
        );
    }

    #[test]
    fn a_figure_after_a_compared_names_possessive_is_that_names() {
        let found = spec("新卡半精度算力达 320 TFLOPS，较 H100 的 256 TFLOPS 提升 25%。");
        assert!(
            matches!(found.as_slice(), [(Verdict::Contradicted, span, ..)] if span == "256 TFLOPS"),
            "{found:?}"
        );
        let found = spec("The new card draws 350 W, half of the H100's 700 W.");
        assert!(
            matches!(found.as_slice(), [(Verdict::Verified, span, ..)] if span == "700 W"),
            "{found:?}"
        );
    }

    #[test]
    fn a_figure_after_our_is_the_writers_products() {
        let found = spec("The MI300X has 5.3 TB/s; our 6.4 TB/s is about 21% more.");
        assert!(
            !found.iter().any(|(_, span, ..)| span == "6.4 TB/s"),
            "{found:?}"
        );
    }

    #[test]
    fn a_throughput_worked_out_from_a_timing_is_no_peak() {
        let worked = spec("At 7.2 ms the kernel works out to about 611 TFLOPS on the H100 SXM.");
        assert!(worked.is_empty(), "{worked:?}");
        let stated = spec("The H100 SXM delivers 611 TFLOPS of dense BF16.");
        assert!(
            matches!(stated.as_slice(), [(Verdict::Contradicted, ..)]),
            "{stated:?}"
        );
    }

    #[test]
    fn a_figure_scaled_or_built_up_from_parts_is_no_spec() {
        let built = spec("Add CPUs and fans to the H100 SXM and you get to 1.4 kW per GPU.");
        assert!(built.is_empty(), "{built:?}");
        let scaled = spec("The Llama 3 405B run, scaled down to 512 GPUs, fails once a week.");
        assert!(scaled.is_empty(), "{scaled:?}");
        let stated = spec("The H100 SXM draws 1.4 kW per GPU.");
        assert!(
            matches!(stated.as_slice(), [(Verdict::Contradicted, ..)]),
            "{stated:?}"
        );
    }
}
