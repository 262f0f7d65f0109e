//! `consistency`: one quantity of one subject given two values in the same
//! article.
//!
//! Catches a figure restated with a different value: "$45B pay package" in
//! one paragraph and "$44B pay" in the next, "采购合同金额为 3.6 亿美元" then
//! "采购合同高达 4.8 亿美元". The subject is the noun phrase the figure is
//! attached to ("the Halyard contract is worth …", "… 美元的薪酬方案");
//! two figures are about the same subject when one phrase contains the other
//! ("薪酬" and "薪酬方案", "Halyard contract" and "the Halyard contract"),
//! not when they merely share a word ("storage contract", "network
//! contract").
//!
//! Why it matters: a figure that changes between paragraphs leaves the
//! reader unable to tell which one to believe; usually one is a typo.
//!
//! A figure worked out from premises in its own sentence is not compared:
//! two such figures with other premises are about other things. Different
//! moments, plans against outcomes and different things are not
//! inconsistencies: figures in two items of one list (parallel cases:
//! "1. 企业 A …", "2. 企业 B …"), pairs whose clauses name different years
//! or moments ("today", "目前", "next year"), where only one speaks of a
//! plan, a target or a budget, of a total or a part, or of another
//! spec-sheet column (FP8, BF16), and figures that are the new value of a
//! change or the change itself ("翻倍成", "grows to", "adds 326 kW to"),
//! are left alone, and so are two figures in one sentence (a comparison). Values are compared as
//! intervals, hedges included: "about $45B" and "$44.6B" agree.
//!
//! A table cell's subject is its row label, and its column header names its
//! attribute: cells under "FP16 size (GB)" and "INT8 size (GB)" are never
//! compared. A count or a share ("15T tokens", "an MFU of 38%") is one
//! statement only as the attribute of a product the knowledge base knows,
//! named in its clause, with a cue for an attribute that products of its
//! kind have and it has no fact of (a fact is the spec check's): then
//! "DeepSeek-V3 … an MFU of 38%" and "DeepSeek-V3 … an MFU of 43%" disagree.
//!
//! The later statement is flagged, except that a table is the article's
//! record: when prose and a table cell disagree, the prose is flagged.
//!
//! Example:
//!
//! ```text
//! … a $45B pay package …  … pay Musk $44B …   inconsistent
//! draws 18 MW today …  plans 75 MW by 2027    not flagged
//! ```

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};
use std::ops::Range;

use crate::check::finding::{Finding, Related, Verdict};
use crate::check::{Check, Input, module_doc};
use crate::claim::cues::{Cue, Cues};
use crate::claim::kind::Typed;
use crate::kb::formula::relations;
use crate::kb::{Mention, folded};
use crate::msg;
use crate::number::interval::Interval;
use crate::number::quantity::{Quantity, Token};
use crate::read::markdown::{BlockKind, ListItem};
use crate::read::segment::{Sentence, at_most_chars};
use crate::units::{Base, Dimension, UnitTable};

pub struct Consistency;

impl Check for Consistency {
    fn code(&self) -> &'static str {
        "consistency"
    }

    fn explain(&self) -> &'static str {
        module_doc(include_str!("consistency.rs"))
    }

    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>) {
        let text = input.doc.text.as_str();
        let typed = input.typed();
        let mut stated = Recent::default();
        let mut by_subject = SubjectIndex::default();
        let mut row_labels = RowLabels::default();
        for (index, sentence) in input.sentences.iter().enumerate() {
            // In a table, a cell's row label is its subject and its column
            // header its unit: "| 预训练 | 266.4 万 |" under "H800 卡时".
            // Its column header names its attribute: two cells of one row
            // under "FP16 size (GB)" and "INT8 size (GB)" are two things.
            let (row_subject, header_unit, column) =
                match input.blocks.get(sentence.block).map(|b| &b.kind) {
                    Some(BlockKind::Cell {
                        header,
                        row_label: Some(row),
                        ..
                    }) => (
                        Some(text[row.clone()].trim().to_string()),
                        header
                            .as_ref()
                            .and_then(|h| UnitTable::builtin().unit_named_in(&text[h.clone()])),
                        header
                            .as_ref()
                            .map(|h| text[h.clone()].trim().to_lowercase()),
                    ),
                    _ => (None, None, None),
                };
            let row = row_labels.before(input, sentence);
            // Borrowed from the tokens but where the header gives the unit:
            // every statement is kept to the end of the document.
            let cell_figures: Vec<Cow<Quantity>> = sentence
                .tokens
                .iter()
                .filter_map(|t| match t {
                    Token::Quantity(q) => Some(match &header_unit {
                        Some(unit) if q.unit.is_one() => Cow::Owned(Quantity {
                            unit: unit.clone(),
                            ..(**q).clone()
                        }),
                        _ => Cow::Borrowed(&**q),
                    }),
                    _ => None,
                })
                .collect();
            let clause_ranges = input.facts.clauses(index);
            // Clauses are in order and apart: the one holding a figure is
            // found by binary search.
            let clause_of = |q: &Quantity| {
                let after = clause_ranges.partition_point(|c| c.start <= q.span.start);
                after
                    .checked_sub(1)
                    .map(|i| &clause_ranges[i])
                    .filter(|c| q.span.start < c.end)
                    .cloned()
                    .unwrap_or(sentence.span.clone())
            };
            // Durations are how long something ran, rarely one fact
            // restated: "运转 24 小时" and "运转 10 天" are two runs. Counts
            // and shares are one only as a product's named attribute (its
            // training tokens, its MFU).
            let plain = |q: &Quantity| {
                !q.dimension().is_dimensionless() && q.dimension() != Dimension::of(Base::Second)
            };
            let mut named: Vec<Option<Named>> = cell_figures
                .iter()
                .map(|q| named_attribute(input, index, &clause_of(q), q))
                .collect();
            let figures: Vec<(&Cow<Quantity>, Option<Named>)> = cell_figures
                .iter()
                .zip(named.iter_mut().map(Option::take))
                .filter(|(q, named)| plain(q) || named.is_some())
                .collect();
            let clauses: Vec<Range<usize>> = figures.iter().map(|(q, _)| clause_of(q)).collect();
            for (at, (q, named)) in figures.iter().enumerate() {
                // Two figures of one kind in a clause are a comparison, a
                // range of things or a calculation, not a statement of one.
                let clause = clauses[at].clone();
                let alone = figures
                    .iter()
                    .zip(&clauses)
                    .filter(|((o, _), c)| **c == clause && o.dimension().compatible(q.dimension()))
                    .count()
                    == 1;
                if !alone {
                    continue;
                }
                // "RTX 3090(24GB)", "H100 80GB": a figure glued to a name
                // labels that product, for the spec check; it restates
                // nothing of the row or the sentence.
                if rate_unit(text, q) {
                    continue;
                }
                let labels_a_name = input.facts.names(index).iter().any(|m| {
                    m.span.end <= q.span.start
                        && text[m.span.end..q.span.start]
                            .chars()
                            .all(|c| c == ' ' || c == '(' || c == '（')
                });
                if labels_a_name {
                    continue;
                }
                let mut subjects = Vec::new();
                // A table cell is its row's: the words of other cells ("| 2.1
                // GB | NPU |") name no subject of it.
                if plain(q) {
                    match &row_subject {
                        Some(row) if names_a_thing(row) => subjects.push(row.clone()),
                        Some(_) => {}
                        None => subjects.extend(subjects_of(text, &q.span)),
                    }
                }
                // "一年 3,600 度", "園區一年 11.6 億度": a period is when, not
                // what; a phrase that ends on one names no subject.
                // "第二季則為 950 億美元": a particle after the period ("則",
                // "也") leaves it a period.
                subjects.retain(|s| {
                    let head = s.trim_end_matches(['則', '则', '也', '亦', '更', '仍', '就', '已']);
                    !PERIOD_HEADS.iter().any(|p| head.ends_with(p)) && !is_quarter_or_month(head)
                });
                if let Some(named) = named {
                    subjects.push(named.key.clone());
                }
                if subjects.is_empty() || computed(typed, index, q) {
                    continue;
                }
                // The moment and the mood of a figure are its clause's: in
                // "pays $44B, as much as the 2022 deal", 2022 is the deal's.
                // Within the clause, the words near the figure: a clause
                // without punctuation may run for pages.
                let clause = &text[near(text, &clause, &q.span)];
                let lower = clause.to_lowercase();
                if CHANGE_WORDS.iter().any(|w| has_word(&lower, w, true)) {
                    // "权重翻倍成 3.6 TB": a new value of a changed thing.
                    continue;
                }
                // "如果做到每柜 8 台，单柜 81.6 kW": a figure of a supposed case
                // states nothing of the subject itself.
                let leading = text[sentence.span.start..q.span.start].to_lowercase();
                if CONDITIONS.iter().any(|w| has_word(&leading, w, false)) {
                    continue;
                }
                let present = |words: &[&str], inflected: bool| -> Vec<String> {
                    words
                        .iter()
                        .filter(|w| has_word(&lower, w, inflected))
                        .map(|w| w.to_string())
                        .collect()
                };
                let mut qualifiers: Vec<String> = Cues::builtin()
                    .find(clause)
                    .into_iter()
                    .filter_map(|f| match f.cue {
                        // A training stage names the figure's subject, as
                        // a row label does, rather than a sheet's column.
                        Cue::Qualifier(k, v) if k != "stage" => Some(format!("{k}={v}")),
                        _ => None,
                    })
                    .collect();
                qualifiers.sort();
                qualifiers.dedup();
                let topic = topic_label(&leading, &subjects);
                let clause_span = clauses[at].clone();
                let mut names: Vec<String> = input
                    .facts
                    .names(index)
                    .iter()
                    .filter(|m| clause_span.start <= m.span.start && m.span.end <= clause_span.end)
                    .map(|m| folded(&text[m.span.clone()]))
                    .chain(latin_names_in_chinese(&text[clause_span.clone()]))
                    .collect();
                names.sort();
                names.dedup();
                let statement = Statement {
                    names,
                    quantity: (*q).clone(),
                    subjects,
                    sentence: index,
                    in_table: row_subject.is_some(),
                    column: column.clone(),
                    named: named.clone(),
                    item: input.blocks.get(sentence.block).and_then(|b| b.item),
                    context: Context {
                        years: years(clause),
                        plan: !present(PLAN_WORDS, true).is_empty(),
                        moments: present(MOMENT_WORDS, false),
                        scopes: {
                            // "平均到每张卡：…，一年电费约 4,783 元": a label
                            // opening the sentence scopes its figures.
                            let mut scopes = present(SCOPE_WORDS, false);
                            if let Some(label) = leading.split_once(['：', ':']).map(|(l, _)| l) {
                                scopes.extend(
                                    SCOPE_WORDS
                                        .iter()
                                        .filter(|w| has_word(label, w, false))
                                        .map(|w| w.to_string()),
                                );
                                scopes.sort();
                                scopes.dedup();
                            }
                            scopes
                        },
                        qualifiers,
                        row: row.clone(),
                        topic,
                    },
                };
                // The most recent statements only: an article restates a
                // figure within pages, and a long input stays linear.
                let recent = stated.count().saturating_sub(RECENT);
                let candidates: Vec<&Statement> = by_subject
                    .candidates(&statement.subjects, recent..stated.count())
                    .into_iter()
                    .map(|i| stated.get(i))
                    .filter(|s| s.comparable(&statement))
                    .collect();
                // "| Microsoft | $53B | ~$80B |" then "Microsoft (~$80B)":
                // a figure that restates one of the subject's values
                // contradicts none of the others.
                let restates_one = candidates
                    .iter()
                    .any(|s| s.agrees(&statement, input.tolerance));
                if !restates_one && let Some(&earlier) = candidates.first() {
                    // A table is the article's record: when prose and a
                    // table disagree, the prose restated it wrong.
                    let (kept, flagged) = if statement.in_table && !earlier.in_table {
                        (&statement, earlier)
                    } else {
                        (earlier, &statement)
                    };
                    findings.push(finding(text, kept, flagged));
                }
                by_subject.add(stated.count(), &statement.subjects);
                stated.push(statement);
            }
        }
    }
}

/// Whether the figure is the one unit an exchange rate is quoted for
/// ("1美元兌32.5元新台幣", "1 USD = 7.2 CNY", "$1 to ¥7.1"): the rate's
/// unit, no amount of money.
fn rate_unit(text: &str, q: &Quantity) -> bool {
    const RATE_WORDS: [&str; 7] = ["兌", "兑", "換", "换", "=", "＝", "to "];
    let after = crate::read::segment::first_chars(&text[q.span.end..], 16).trim_start();
    q.number.nominal == 1.0
        && q.hedge.is_none()
        && [Base::Dollar, Base::Yuan, Base::Twd, Base::Hkd, Base::Eur]
            .iter()
            .any(|&b| q.dimension().physical() == Dimension::of(b))
        && RATE_WORDS.iter().any(|w| {
            after
                .strip_prefix(w)
                .is_some_and(|rest| rest.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        })
}

/// The label before a colon that opens the sentence (in `leading`, the
/// sentence's words before the figure, lowercased), when none of the
/// figure's subject phrases is in it: it names what the figure is about.
fn topic_label(leading: &str, subjects: &[String]) -> Option<String> {
    let (label, _) = leading.split_once(['：', ':'])?;
    let label = label.trim();
    (!label.is_empty()
        && !subjects
            .iter()
            .any(|s| label.contains(s.to_lowercase().as_str())))
    .then(|| label.to_string())
}

/// The part of a clause within 200 bytes of a figure, on character
/// boundaries.
fn near(text: &str, clause: &Range<usize>, figure: &Range<usize>) -> Range<usize> {
    let mut start = clause.start.max(figure.start.saturating_sub(200));
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let mut end = clause.end.min(figure.end + 200);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    start..end.max(start)
}

/// Whether a figure is worked out from premises in its own sentence ("3,000
/// GPUs at 400 W, so the GPUs draw 1.2 MW"): such a figure restates its
/// premises, and two of them with other premises are about other things.
fn computed(typed: &[Typed], sentence: usize, q: &Quantity) -> bool {
    // Typed figures are in document order: the sentence's are one run.
    let from = typed.partition_point(|t| t.sentence < sentence);
    let to = typed.partition_point(|t| t.sentence <= sentence);
    let in_sentence = &typed[from..to];
    let Some(me) = in_sentence.iter().find(|t| t.quantity.span == q.span) else {
        return false;
    };
    let premise = |kind: &str| {
        in_sentence
            .iter()
            .any(|t| t.kind == kind && t.quantity.span.end <= q.span.start)
    };
    relations().iter().any(|r| {
        r.kinds().any(|k| k == me.kind) && r.kinds().filter(|k| *k != me.kind).all(premise)
    })
}

/// How many earlier statements a figure is compared with.
const RECENT: usize = 2000;

/// The statements a figure may still be compared with, the last
/// [`RECENT`], each by its index among all the document's statements. Older
/// ones are dropped: a table of 100,000 rows holds 2,000 statements, not
/// every one to the end of the document.
#[derive(Default)]
struct Recent<'a> {
    kept: VecDeque<Statement<'a>>,
    /// The index of the first statement kept.
    first: usize,
}

impl<'a> Recent<'a> {
    /// How many statements there were.
    fn count(&self) -> usize {
        self.first + self.kept.len()
    }

    /// A statement by its index, one of the last [`RECENT`].
    fn get(&self, index: usize) -> &Statement<'a> {
        &self.kept[index - self.first]
    }

    fn push(&mut self, statement: Statement<'a>) {
        self.kept.push_back(statement);
        if self.kept.len() > RECENT {
            self.kept.pop_front();
            self.first += 1;
        }
    }
}

/// The longest subject, in characters, the index takes apart; a statement
/// with a longer one is compared with every recent statement.
const INDEXED: usize = 32;

/// Earlier statements by the pieces of their subjects that another subject
/// must equal to be the same ([`same_subject`]): whole-word runs of an
/// English phrase, any two characters or more of another. A statement is
/// then compared only with those, in order, not with every earlier one, so
/// a table of many rows is checked in time linear in its rows. Keys are
/// hashes: a collision only adds a statement that [`Statement::comparable`]
/// then turns down.
#[derive(Default)]
struct SubjectIndex {
    /// Every subject, whole.
    whole: HashMap<u64, Vec<usize>>,
    /// English subjects, lowercased, whole.
    english_whole: HashMap<u64, Vec<usize>>,
    /// Each run of whole words of an English subject, lowercased.
    english_runs: HashMap<u64, Vec<usize>>,
    /// Each piece of two characters or more of a subject that is not
    /// English.
    pieces: HashMap<u64, Vec<usize>>,
    /// Statements with a subject too long to index: always compared.
    unindexed: Vec<usize>,
}

impl SubjectIndex {
    fn add(&mut self, statement: usize, subjects: &[String]) {
        let put = |map: &mut HashMap<u64, Vec<usize>>, key: &str| {
            let ids = map.entry(hash(key)).or_default();
            if ids.last() != Some(&statement) {
                ids.push(statement);
            }
        };
        if subjects.iter().any(|s| s.chars().count() > INDEXED) {
            self.unindexed.push(statement);
            return;
        }
        for s in subjects {
            put(&mut self.whole, s);
            if s.is_ascii() {
                let lower = s.to_ascii_lowercase();
                put(&mut self.english_whole, &lower);
                for run in word_runs(&lower) {
                    put(&mut self.english_runs, run);
                }
            } else {
                for piece in pieces(s) {
                    put(&mut self.pieces, piece);
                }
            }
        }
    }

    /// The statements in `recent` that may share one of `subjects`, in
    /// order.
    fn candidates(&self, subjects: &[String], recent: Range<usize>) -> Vec<usize> {
        if subjects.iter().any(|s| s.chars().count() > INDEXED) {
            return recent.collect();
        }
        let mut out: Vec<usize> = self.unindexed.clone();
        let mut take = |map: &HashMap<u64, Vec<usize>>, key: &str| {
            out.extend(map.get(&hash(key)).into_iter().flatten());
        };
        for t in subjects {
            // A subject that contains this one.
            take(&self.pieces, t);
            if t.is_ascii() {
                let lower = t.to_ascii_lowercase();
                take(&self.english_runs, &lower);
                // A subject this one contains.
                for run in word_runs(&lower) {
                    take(&self.english_whole, run);
                }
            } else {
                for piece in pieces(t) {
                    take(&self.whole, piece);
                }
            }
        }
        out.retain(|i| recent.contains(i));
        out.sort_unstable();
        out.dedup();
        out
    }
}

fn hash(key: &str) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    key.hash(&mut hasher);
    hasher.finish()
}

/// Every run of whole words of a phrase split at single spaces ("a b c":
/// "a", "a b", "a b c", "b", "b c", "c").
fn word_runs(phrase: &str) -> impl Iterator<Item = &str> {
    let starts = std::iter::once(0).chain(phrase.match_indices(' ').map(|(i, _)| i + 1));
    starts.flat_map(move |start| {
        phrase[start..]
            .match_indices(' ')
            .map(move |(i, _)| start + i)
            .chain(std::iter::once(phrase.len()))
            .map(move |end| &phrase[start..end])
    })
}

/// Every piece of a text two characters long or longer.
fn pieces(text: &str) -> impl Iterator<Item = &str> {
    text.char_indices().flat_map(move |(start, _)| {
        text[start..]
            .char_indices()
            .skip(2)
            .map(move |(i, _)| start + i)
            .chain(std::iter::once(text.len()))
            .filter(move |&end| text[start..end].chars().nth(1).is_some())
            .map(move |end| &text[start..end])
    })
}

/// Whether a lowercased text holds a word: an English one at the start of
/// a word ("each" is not in "reached"), and whole unless `inflected`
/// ("grows" for "grow"); another, anywhere.
fn has_word(text: &str, word: &str, inflected: bool) -> bool {
    if !word.is_ascii() {
        return text.contains(word);
    }
    let alphanumeric_at = |i: usize, before: bool| {
        let c = if before {
            text[..i].chars().next_back()
        } else {
            text[i..].chars().next()
        };
        c.is_some_and(char::is_alphanumeric)
    };
    let word_ends_in_letter = word.ends_with(|c: char| c.is_ascii_alphanumeric());
    text.match_indices(word).any(|(at, _)| {
        !alphanumeric_at(at, true)
            && (inflected || !word_ends_in_letter || !alphanumeric_at(at + word.len(), false))
    })
}

/// Periods that end a phrase before a figure without naming what it is of.
const PERIOD_HEADS: [&str; 14] = [
    "一年",
    "每年",
    "全年",
    "今年",
    "去年",
    "明年",
    "一个月",
    "一個月",
    "每月",
    "每天",
    "一天",
    "每日",
    "a year",
    "per year",
];

/// Words that make a figure a plan, a budget or a target rather than an
/// outcome.
const PLAN_WORDS: &[&str] = &[
    "plan", "target", "goal", "budget", "expect", "project", "forecast", "estimate", "hope", "aim",
    "intend", "计划", "計劃", "目标", "目標", "预计", "預計", "预算", "預算", "预期", "預期",
    "规划", "規劃", "希望", "打算", "拟", "擬",
];

/// Words that place a figure in time: "today" and "next year" are two
/// moments, and so are "目前" and "未来".
const MOMENT_WORDS: &[&str] = &[
    "today",
    "now",
    "currently",
    "current",
    "initially",
    "at first",
    "eventually",
    "later",
    "next year",
    "this year",
    "目前",
    "现在",
    "現在",
    "当前",
    "當前",
    "如今",
    "今天",
    "今年",
    "明年",
    "起初",
    "最初",
    "初期",
    "最终",
    "最終",
    "未来",
    "未來",
    "届时",
    "屆時",
];

/// Words that scope a figure to a part or the whole: a total and a per-card
/// figure are different things.
const SCOPE_WORDS: &[&str] = &[
    "total",
    "aggregate",
    "in all",
    "per ",
    "each",
    "总",
    "總",
    "整",
    "合计",
    "合計",
    "每",
    "单",
    "單",
];

/// Words that suppose a case: "if", "如果", "假设".
const CONDITIONS: &[&str] = &[
    "if", "suppose", "assuming", "assume", "如果", "假如", "假设", "假設", "若是", "要是", "倘若",
    "若",
];

/// The Latin words of a Chinese clause that open on a capital ("Meta",
/// "CSP", "AMD"), folded: in Chinese prose they are names. Units ("GB",
/// "TB/s") are not among them, being figures' own words.
fn latin_names_in_chinese(clause: &str) -> Vec<String> {
    if !clause.chars().any(is_cjk) {
        return Vec::new();
    }
    clause
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() >= 2 && w.starts_with(|c: char| c.is_ascii_uppercase()))
        .filter(|w| UnitTable::builtin().unit_named_in(w).is_none())
        .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit()))
        .map(folded)
        .collect()
}

/// Whether a phrase ends on a quarter or a month ("第二季", "Q3", "10 月"):
/// when, not what.
fn is_quarter_or_month(phrase: &str) -> bool {
    let phrase = phrase.trim_end();
    let quarter = [
        "第一季",
        "第二季",
        "第三季",
        "第四季",
        "上季",
        "本季",
        "单季",
        "單季",
    ]
    .iter()
    .any(|q| phrase.ends_with(q));
    let month = phrase.strip_suffix('月').is_some_and(|rest| {
        rest.trim_end()
            .ends_with(|c: char| c.is_ascii_digit() || "一二三四五六七八九十".contains(c))
    });
    quarter || month
}

/// Words of arithmetic in a Chinese subject phrase: "减去权重剩 142.6 GB"
/// names what is left of a computation, not a thing.
const OPERATIONS: &[&str] = &[
    "减去", "減去", "扣除", "扣掉", "剩", "加上", "乘以", "除以", "超出", "超过", "超過", "高出",
    "低于", "低於", "少于", "少於",
];

/// Words that make a figure the new value of something that changed.
const CHANGE_WORDS: &[&str] = &[
    "翻倍",
    "增至",
    "增加到",
    "增加",
    "提升",
    "降到",
    "降至",
    "减少",
    "減少",
    "成为",
    "成為",
    "变成",
    "變成",
    "翻到",
    "grow",
    "rise",
    "fall",
    "double",
    "become",
    "increase",
    "decrease",
    "drop",
    "adds",
    "added",
    "adding",
    "新增",
];

/// Words between a subject and its figure: "is worth", "金额为", "高达".
const LINKS: &[&str] = &[
    "is", "was", "are", "were", "be", "been", "worth", "at", "of", "costs", "cost", "totals",
    "totaled", "totalled", "valued", "reached", "about", "roughly", "around", "nearly", "some",
    "only", "just", "a", "an", "the",
];
const ZH_LINKS: &[&str] = &[
    // Hedges and currency names end no subject: "約新台幣 152 億元".
    "约",
    "約",
    "大约",
    "大約",
    "新台币",
    "新台幣",
    "人民币",
    "人民幣",
    "美元",
    "港元",
    "港币",
    "港幣",
    "日元",
    "日圓",
    "日圆",
    "相当于",
    "相當於",
    "等于",
    "等於",
    "约需",
    "約需",
    "需要",
    "需",
    "金额为",
    "金額為",
    "高达",
    "高達",
    "达到",
    "達到",
    "价值",
    "價值",
    "合计",
    "合計",
    "总计",
    "總計",
    "约为",
    "約為",
    "为",
    "為",
    "是",
    "达",
    "達",
    "约",
    "約",
    "共",
    // "营收将介于 535 亿美元至 565 亿美元": a range's verb and the mood
    // before it ("预计", "将") are no part of what is ranged.
    "介于",
    "介於",
    "落在",
    "将",
    "將",
    "预计",
    "預計",
    "预估",
    "預估",
    "预料",
    "預料",
];
/// Words that end a subject phrase on its far side.
const STOPS: &[&str] = &[
    "the", "a", "an", "its", "their", "his", "her", "this", "that", "these", "and", "or", "of",
    "in", "on", "for", "to", "with", "by", "from", "at", "as", "said", "says",
];
const ZH_STOPS: &str = "的这這那该該份个個项項笔筆了在和与與及从從给給将將把被对對向是";

struct Statement<'a> {
    quantity: Cow<'a, Quantity>,
    subjects: Vec<String>,
    sentence: usize,
    context: Context,
    /// Stated in a table cell, the article's record of a figure.
    in_table: bool,
    /// The header of its table column, lowercased: what it states.
    column: Option<String>,
    /// The product and attribute its clause names, if certain.
    named: Option<Named>,
    /// The list item it is stated in, if any.
    item: Option<ListItem>,
    /// The names its clause gives, folded: "Meta 已上調今年資本支出至 …" and
    /// "四大 CSP 今年約 … 的資本支出" are two spenders' figures.
    names: Vec<String>,
}

/// A figure as one product's attribute: "DeepSeek-V3 … an MFU of 38%".
#[derive(Clone)]
struct Named {
    /// The product's folded name and the attributes its cue may mean,
    /// fenced by a character no text subject holds, so that it is the same
    /// subject only as itself.
    key: String,
    /// The name and the cue word as the article writes them.
    shown: String,
}

/// The figure as an attribute of the one product its clause names, when
/// that is certain: every cue word of the clause means the same attributes,
/// one name (written once or more) is of a kind of entity the knowledge
/// base records them for in the figure's dimension ("DeepSeek-V3 … an MFU
/// of 38% on H800s": a card has no MFU), and the product itself has no fact
/// of them (else the spec check compares it with its source). A name the
/// knowledge base does not know is of no known kind: beside one, nothing is
/// certain.
fn named_attribute(
    input: &Input<'_>,
    sentence: usize,
    clause: &Range<usize>,
    q: &Quantity,
) -> Option<Named> {
    let text = input.doc.text.as_str();
    let kb = input.kb;
    let inside = |span: &Range<usize>| clause.start <= span.start && span.end <= clause.end;
    let mut cue_words: Vec<(Range<usize>, Vec<&str>)> = Vec::new();
    for found in input
        .facts
        .cues(sentence)
        .iter()
        .filter(|f| inside(&f.span))
    {
        if let Cue::Attribute(a) = &found.cue {
            match cue_words.iter_mut().find(|(span, _)| *span == found.span) {
                Some((_, attributes)) => attributes.push(a),
                None => cue_words.push((found.span.clone(), vec![a])),
            }
        }
    }
    for (_, attributes) in &mut cue_words {
        attributes.sort_unstable();
        attributes.dedup();
    }
    let (cue, meant) = cue_words.first()?;
    if cue_words.iter().any(|(_, attributes)| attributes != meant) {
        return None;
    }
    let mut owner: Option<(&Mention, String, Vec<&str>)> = None;
    for m in input
        .facts
        .names(sentence)
        .iter()
        .filter(|m| inside(&m.span))
    {
        let &[first, ..] = m.entities.as_slice() else {
            return None;
        };
        // "3 萬張 H100", "8×H100": a count of a product is whoever has them's.
        let counts_it = q.span.end <= m.span.start
            && at_most_chars(&text[q.span.end..m.span.start], 3)
            && text[q.span.end..m.span.start]
                .chars()
                .all(|c| c.is_whitespace() || "×x*张張块塊个個台片颗顆".contains(c));
        if counts_it {
            return None;
        }
        let kind = kb.entity(first).kind;
        let recorded: Vec<&str> = meant
            .iter()
            .copied()
            .filter(|a| kb.records(Some(kind), a, q.dimension()))
            .collect();
        if recorded.is_empty() {
            continue;
        }
        let name = folded(&text[m.span.clone()]);
        match &owner {
            Some((_, known, _)) if *known != name => return None,
            Some(_) => {}
            None => owner = Some((m, name, recorded)),
        }
    }
    let (mention, name, recorded) = owner?;
    let own_fact = mention.entities.iter().any(|&e| {
        kb.entity(e).kind != kb.entity(mention.entities[0]).kind
            || recorded
                .iter()
                .any(|a| kb.entity(e).facts_of(a).next().is_some())
    });
    if own_fact {
        return None;
    }
    Some(Named {
        key: format!("\u{1}{name}\u{1}{}", recorded.join("+")),
        shown: format!("{} {}", &text[mention.span.clone()], &text[cue.clone()]),
    })
}

/// What a figure's clause says about when, in what mood and of what part
/// it speaks: two figures compare only when these agree.
#[derive(PartialEq)]
struct Context {
    years: Vec<String>,
    plan: bool,
    moments: Vec<String>,
    scopes: Vec<String>,
    /// Spec-sheet columns named: FP8 and BF16 weights are different things.
    qualifiers: Vec<String>,
    /// In a table, the row's other label cells left of the figure ("1×
    /// H100 SXM | FP16"): two rows of one model on other hardware or at
    /// another precision are two runs.
    row: Option<String>,
    /// The label opening the sentence before a colon, when it does not
    /// hold the figure's own subject: "数据中心业务：全年收入 …" is the
    /// segment's revenue, not the group's "全年收入" stated before.
    topic: Option<String>,
}

/// The label cells of the table row being read: the cells after the first
/// whose header names no unit, a few at most, so a wide row stays linear.
#[derive(Default)]
struct RowLabels {
    row: Option<(usize, usize)>,
    /// Each label, with the dimension of its figures when it is figures
    /// alone.
    labels: Vec<(String, Option<Dimension>)>,
    last_block: Option<usize>,
}

impl RowLabels {
    const MOST: usize = 8;

    /// The labels left of the sentence's cell (none outside a table, or
    /// for a row whose only label is its first cell); then the cell itself
    /// is noted as a label of the cells to its right.
    ///
    /// A cell that is figures alone labels the row's case when its figures
    /// are of another kind ("| 氣冷 | PUE 1.55 | 3.1 MW |"), and is a
    /// sibling value, no label, when they are of the cell's kind ("|
    /// Microsoft | $53B | ~$80B |", two years' spending).
    fn before(&mut self, input: &Input<'_>, sentence: &Sentence) -> Option<String> {
        let text = input.doc.text.as_str();
        let block = sentence.block;
        let Some(BlockKind::Cell { header, place, .. }) = input.blocks.get(block).map(|b| &b.kind)
        else {
            return None;
        };
        if self.row != Some((place.table, place.row)) {
            self.row = Some((place.table, place.row));
            self.labels.clear();
            self.last_block = None;
        }
        let own = figures_alone(text, sentence);
        let left: Vec<&str> = self
            .labels
            .iter()
            .filter(|(_, kind)| kind.is_none() || *kind != own)
            .map(|(label, _)| label.as_str())
            .collect();
        let left = (!left.is_empty()).then(|| left.join(" | "));
        let names_unit = header.as_ref().is_some_and(|h| {
            UnitTable::builtin()
                .unit_named_in(&text[h.clone()])
                .is_some()
        });
        if self.last_block != Some(block)
            && place.column > 0
            && !names_unit
            && self.labels.len() < Self::MOST
        {
            self.labels
                .push((text[input.blocks[block].span()].trim().to_lowercase(), own));
        }
        self.last_block = Some(block);
        left
    }
}

/// The dimension of a sentence that is one kind of figure and nothing else
/// ("$53B", "~$80B"); none for one with words or figures of two kinds.
fn figures_alone(text: &str, sentence: &Sentence) -> Option<Dimension> {
    let mut rest = text[sentence.span.clone()].to_string();
    let mut kind = None;
    for t in sentence.tokens.iter().rev() {
        if let Token::Quantity(q) = t
            && sentence.span.start <= q.span.start
            && q.span.end <= sentence.span.end
        {
            if kind.is_some_and(|k| k != q.dimension()) {
                return None;
            }
            kind = Some(q.dimension());
            rest.replace_range(
                q.span.start - sentence.span.start..q.span.end - sentence.span.start,
                "",
            );
        }
    }
    kind.filter(|_| !rest.chars().any(char::is_alphanumeric))
}

impl Statement<'_> {
    /// Whether an earlier statement gives this one's subject another value.
    /// Whether the two statements give the same value, as written or in
    /// another reading.
    fn agrees(&self, later: &Statement, tolerance: f64) -> bool {
        let (a, b) = (&self.quantity, &later.quantity);
        readings(a)
            .iter()
            .any(|x| readings(b).iter().any(|y| y.meets_within(x, tolerance)))
            || shortens(a, b)
            || shortens(b, a)
    }

    /// Whether the two statements are about one quantity of one subject.
    fn comparable(&self, later: &Statement) -> bool {
        let (a, b) = (&self.quantity, &later.quantity);
        let other_columns = matches!((&self.column, &later.column), (Some(x), Some(y)) if x != y);
        // Two items of one list are two cases ("1. 企业 A …", "2. 企业 B …"),
        // whatever words their figures share.
        let other_items = matches!((self.item, later.item),
            (Some(x), Some(y)) if x.list == y.list && x.index != y.index);
        // Each clause naming its own things, and none the same: two things'.
        let other_names = !self.names.is_empty()
            && !later.names.is_empty()
            && !self.names.iter().any(|n| later.names.contains(n));
        self.sentence != later.sentence
            && !other_columns
            && !other_items
            && !other_names
            && a.dimension() == b.dimension()
            && self.context == later.context
            && self.subjects.iter().any(|s| {
                later.subjects.iter().any(|t| {
                    same_subject(s, t)
                        && (self.in_table || later.in_table || !(bare_noun(s) && bare_noun(t)))
                })
            })
    }
}

/// Whether `coarse` is `fine` written to fewer digits, rounded or cut off:
/// "$26,386" for "$26,386.56", "3.3 TB/s" for "3.35 TB/s" alike.
fn shortens(coarse: &Quantity, fine: &Quantity) -> bool {
    if coarse.unit.label != fine.unit.label
        || coarse.magnitude != fine.magnitude
        || coarse.digit_half <= fine.digit_half
        || coarse.hedge.is_some()
    {
        return false;
    }
    let step = 2.0 * coarse.digit_half;
    let (c, f) = (coarse.number.nominal, fine.number.nominal);
    let at = |v: f64| (v * 1e9).round() / 1e9;
    at(c - step / 2.0) <= at(f) && at(f) < at(c + step)
}

/// A figure's values as stated, exact to its last written digit (two
/// statements that differ in a digit differ), its hedge applied; GB also as
/// GiB.
fn readings(q: &Quantity) -> Vec<Interval> {
    let stated = q.premise();
    let mut out = vec![stated];
    if let Some(binary) = q.unit.binary_factor {
        out.push(stated.scale(binary / q.unit.factor));
    }
    out
}

/// A Chinese phrase of a word or two with no name in it ("权重", "剩余"):
/// in prose, many things have one, so two of them name one thing only
/// when a longer phrase ("薪酬方案" for "薪酬") or a table's row label
/// stands for it.
fn bare_noun(phrase: &str) -> bool {
    !phrase.is_ascii()
        && !phrase.chars().any(|c| c.is_ascii_alphanumeric())
        && phrase.chars().filter(|c| is_cjk(*c)).count() < 4
}

/// One phrase contains the other: "薪酬" and "薪酬方案", "Halyard contract"
/// and "the Halyard contract"; for English, word by word, whatever the case.
fn same_subject(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    if short.is_ascii() && long.is_ascii() {
        let words: Vec<&str> = long.split(' ').collect();
        let wanted: Vec<&str> = short.split(' ').collect();
        return words.windows(wanted.len()).any(|w| {
            w.iter()
                .zip(&wanted)
                .all(|(a, b)| a.eq_ignore_ascii_case(b))
        });
    }
    short.chars().count() >= 2 && long.contains(short)
}

/// How far before or after a figure, in bytes, its subject is looked for.
const SUBJECT_REACH: usize = 400;

/// The noun phrases a figure is attached to: before it across a link ("the
/// Halyard contract is worth $750M", "采购合同高达 4.8 亿美元"), or after it
/// ("$45B pay package", "450亿美元的薪酬方案", "At $950M, the Halyard
/// contract").
fn subjects_of(text: &str, figure: &Range<usize>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    // The words just around the figure: a paragraph without clause
    // punctuation may run for pages, and reading all of it for each of its
    // figures made its work grow with its square.
    let mut from = figure.start.saturating_sub(SUBJECT_REACH);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    out.extend(subject_before(&text[from..figure.start]));
    // "At $950 million, the …" puts the subject after the comma.
    let lead = text[..figure.start].trim_end();
    let at_front = ["at", "with", "for"].iter().any(|w| {
        lead.len() >= w.len()
            && lead.is_char_boundary(lead.len() - w.len())
            && lead[lead.len() - w.len()..].eq_ignore_ascii_case(w)
    });
    let mut to = (figure.end + SUBJECT_REACH).min(text.len());
    while !text.is_char_boundary(to) {
        to -= 1;
    }
    out.extend(subject_after(&text[figure.end..to], at_front));
    out.retain(|s| names_a_thing(s));
    out
}

/// Whether a phrase names one thing rather than a measure: an English
/// phrase needs a proper noun ("Halyard contract", not "pilot hall"), and no
/// phrase may contain a metric's name ("训练计算量", "电力分配", "per GPU"):
/// "the training compute" of two models is two quantities.
fn names_a_thing(phrase: &str) -> bool {
    let metric = Cues::builtin()
        .find(phrase)
        .iter()
        .any(|f| matches!(f.cue, Cue::Kind(_) | Cue::Attribute(_)));
    if metric {
        return false;
    }
    !phrase.is_ascii()
        || phrase
            .split(' ')
            .any(|w| w.starts_with(|c: char| c.is_ascii_uppercase()))
}

fn subject_before(before: &str) -> Option<String> {
    let line = before
        .rsplit(['\n', '|', '。', '；', ';', '，', ',', '、', ':', '：'])
        .next()?;
    if line.is_ascii() {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        while words
            .last()
            .is_some_and(|w| LINKS.contains(&w.to_lowercase().as_str()) || w.starts_with('$'))
        {
            words.pop();
        }
        let phrase: Vec<&str> = words
            .iter()
            .rev()
            .take_while(|w| !STOPS.contains(&w.to_lowercase().as_str()))
            .take(3)
            .copied()
            .collect();
        return english_phrase(phrase.into_iter().rev());
    }
    let mut rest = line.trim_end();
    loop {
        let trimmed = ZH_LINKS
            .iter()
            .find_map(|l| rest.strip_suffix(l))
            .map(str::trim_end);
        match trimmed {
            Some(t) => rest = t,
            None => break,
        }
    }
    // "二期 IT 负载 45 兆瓦": a Latin word inside the phrase is part of it,
    // so the owner before it ("二期", "一期") keeps two phrases apart.
    let phrase: String = rest
        .chars()
        .rev()
        .take_while(|c| {
            is_cjk(*c) && !ZH_STOPS.contains(*c) || c.is_ascii_alphanumeric() || *c == ' '
        })
        .take(10)
        .filter(|c| *c != ' ')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    // "按比例为 1.5 亿元", "以每度 5 元计": a phrase a preposition opens says
    // how a figure is reached, not what it is of.
    let adverbial = phrase.starts_with(PREPOSITIONS);
    // "每期設置 12 台 2.5 MW 發電機": a figure right after a count is each
    // counted one's, not the phrase's before the count.
    let mut last_two = phrase.chars().rev();
    let after_count = last_two.next().is_some_and(|c| MEASURE_WORDS.contains(c))
        && last_two.next().is_some_and(|c| c.is_ascii_digit());
    (phrase.chars().filter(|c| is_cjk(*c)).count() >= 2
        && !adverbial
        && !after_count
        && !OPERATIONS.iter().any(|w| phrase.contains(w)))
    .then_some(phrase)
}

/// Chinese measure words that count things: "12 台", "8 张".
const MEASURE_WORDS: &str = "台張张块塊个個颗顆套组組座";

/// Chinese prepositions that open an adverbial phrase.
const PREPOSITIONS: [char; 12] = [
    '按', '以', '依', '照', '从', '從', '对', '對', '经', '經', '据', '據',
];

fn subject_after(after: &str, at_front: bool) -> Option<String> {
    let line = after
        .split(['\n', '。', '；', ';', '，', ',', '、', '.'])
        .next()?;
    let line = line.trim_start();
    if let Some(rest) = line.strip_prefix('的') {
        let phrase: String = rest
            .chars()
            .take_while(|c| is_cjk(*c) && !ZH_STOPS.contains(*c))
            .take(6)
            .collect();
        return (phrase.chars().count() >= 2).then_some(phrase);
    }
    if !line.is_ascii() {
        return None;
    }
    // "$45B pay package": the words right after; "At $950 million, the
    // Halyard contract is …": the phrase after the comma.
    let after_comma = if at_front {
        after.trim_start().strip_prefix(',').unwrap_or(line)
    } else {
        line
    };
    let after_comma = after_comma
        .split(['.', ',', ';', '\n'])
        .next()
        .unwrap_or("");
    let phrase: Vec<&str> = after_comma
        .split_whitespace()
        .skip_while(|w| STOPS.contains(&w.to_lowercase().as_str()))
        .take_while(|w| {
            !LINKS.contains(&w.to_lowercase().as_str())
                && !STOPS.contains(&w.to_lowercase().as_str())
        })
        .take(3)
        .collect();
    english_phrase(phrase.into_iter())
}

/// A lowercase phrase of letters only, or none when it is no noun phrase.
fn english_phrase<'a>(words: impl Iterator<Item = &'a str>) -> Option<String> {
    let words: Vec<String> = words
        .map(|w| {
            w.trim_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_string()
        })
        .filter(|w| !w.is_empty())
        .collect();
    let letters = words
        .iter()
        .all(|w| w.chars().all(|c| c.is_ascii_alphabetic()));
    (letters && !words.is_empty()).then(|| words.join(" "))
}

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
}

/// Four-digit years named in a sentence, sorted.
fn years(sentence: &str) -> Vec<String> {
    let bytes = sentence.as_bytes();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let run = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        if run == 4 && matches!(&sentence[i..i + 2], "19" | "20") {
            out.push(sentence[i..i + 4].to_string());
        }
        i += run.max(1);
    }
    out.sort();
    out.dedup();
    out
}

/// The finding on `flagged`, pointing at the statement it disagrees with.
fn finding(text: &str, kept: &Statement, flagged: &Statement) -> Finding {
    let first = &text[kept.quantity.span.clone()];
    let second = &text[flagged.quantity.span.clone()];
    // Which statement came first, so that each label says which it is.
    let earlier = kept.quantity.span.start < flagged.quantity.span.start;
    let subject = flagged
        .subjects
        .iter()
        .find(|t| kept.subjects.iter().any(|s| same_subject(s, t)))
        .cloned()
        .unwrap_or_default();
    let subject = match &flagged.named {
        Some(named) if subject == named.key => named.shown.clone(),
        _ => subject,
    };
    Finding {
        verdict: Verdict::Inconsistent,
        check: "consistency",
        span: flagged.quantity.span.clone(),
        label_span: flagged.quantity.span.clone(),
        label: if earlier {
            msg!("label-now", value = second)
        } else {
            msg!("label-first-stated", value = second)
        },
        message: msg!(
            "consistency-inconsistent",
            subject = &subject,
            second = second,
            first = first
        ),
        steps: vec![
            msg!("step-subject-value", subject = &subject, value = first),
            msg!("step-subject-value", subject = &subject, value = second),
            msg!("consistency-step", first = first, second = second),
        ],
        related: vec![Related {
            span: kept.quantity.span.clone(),
            note: if earlier {
                msg!("label-first-stated", value = first)
            } else {
                msg!("note-later-stated", value = first)
            },
        }],
        sources: Vec::new(),
        help: Some(msg!("consistency-help")),
    }
}

#[cfg(test)]
mod tests {
    fn run(text: &str) -> Vec<String> {
        let report = crate::audit::audit(
            crate::read::document::Document::new("t.md", text.to_string()),
            crate::kb::Kb::builtin(),
        );
        report
            .findings
            .iter()
            .filter(|f| f.check == "consistency")
            .map(|f| text[f.span.clone()].to_string())
            .collect()
    }

    #[test]
    fn clauses_naming_other_things_state_other_things_figures() {
        let text = "Meta 已上調今年資本支出至 1,650 億美元。單以金額衡量，四大 CSP 今年的資本支出約 6,500 億美元。";
        assert!(run(text).is_empty(), "{:?}", run(text));
    }

    #[test]
    fn a_ranges_verb_is_no_part_of_its_subject() {
        let text = "甲公司预估，本季营收将介于 535 亿美元至 565 亿美元。\n\n其中，AI 相关资本支出预料介于 1,150 亿美元至 1,350 亿美元。";
        assert!(run(text).is_empty(), "{:?}", run(text));
        // One subject's range stated twice with two values still disagrees.
        let text = "甲公司预估，本季营收将介于 535 亿美元至 565 亿美元。\n\n乙方报告称，本季营收介于 635 亿美元至 665 亿美元。";
        assert_eq!(run(text).len(), 1, "{:?}", run(text));
    }

    #[test]
    fn a_quarter_is_when_not_what() {
        let text = "四大雲端事業第一季合計達 683 億美元，第二季達 744 億美元。總資本支出第一季為 765 億美元，第二季則為 950 億美元。";
        assert!(run(text).is_empty(), "{:?}", run(text));
    }

    #[test]
    fn the_unit_of_an_exchange_rate_is_no_amount() {
        let text =
            "第三季出口 345億美元。若以平均匯率1美元兌32.5元新台幣換算，約合新台幣1.12兆元。";
        assert!(run(text).is_empty(), "{:?}", run(text));
    }

    #[test]
    fn a_figure_restating_one_of_a_rows_values_contradicts_none() {
        let table = "| Company | 2024 | 2025 |\n|---|---|---|\n| Northwind | $53B | ~$80B |\n\n";
        let text = format!("{table}Northwind (~$80B) buys GPUs.\n");
        assert!(run(&text).is_empty(), "{:?}", run(&text));
        // A value that is neither of them still disagrees.
        let text = format!("{table}Northwind (~$95B) buys GPUs.\n");
        assert_eq!(run(&text).len(), 1, "{:?}", run(&text));
        // A figure of another kind in the row labels its case: PUE 1.55 and
        // PUE 1.15 are two rows' conditions, not sibling values.
        let text = "| Cooling | PUE | Load |\n|---|---|---|\n| Air | 1.55 | 3.1 MW |\n\nAir-cooled racks top out at 40 kW.\n";
        assert!(run(text).is_empty(), "{:?}", run(text));
    }

    #[test]
    fn a_label_before_a_colon_names_another_subject() {
        let text = "全年收入 1,305 億美元，增長 114%。真正的主角是數據中心業務：全年收入 1,152 億美元，增長 142%。";
        assert!(run(text).is_empty(), "{:?}", run(text));
        // Without the label, the two figures are one quantity twice.
        let text = "全年收入 1,305 億美元，增長 114%。公司報告的全年收入 1,152 億美元。";
        assert_eq!(run(text).len(), 1, "{:?}", run(text));
    }

    use super::*;

    fn figure(text: &str) -> Quantity {
        crate::number::quantity::Lexer::builtin()
            .tokens(text, 0..text.len())
            .into_iter()
            .find_map(|t| match t {
                Token::Quantity(q) => Some(*q),
                _ => None,
            })
            .unwrap()
    }

    #[test]
    fn a_figure_written_to_fewer_digits_is_the_same_figure() {
        let exact = figure("$26,386.56");
        assert!(shortens(&figure("$26,386"), &exact));
        assert!(shortens(&figure("$26,387"), &exact));
        assert!(!shortens(&figure("$26,390"), &exact));
        assert!(!shortens(&exact, &figure("$26,386")));
        assert!(shortens(&figure("3.3 TB/s"), &figure("3.35 TB/s")));
        assert!(!shortens(&figure("2,000"), &figure("2,048")));
        assert!(!shortens(&figure("80 GB"), &figure("80.5 TB")));
    }

    #[test]
    fn the_subject_index_finds_every_subject_that_is_the_same() {
        let phrases = [
            "Halyard contract",
            "the halyard Contract",
            "contract",
            "Halyard",
            "storage contract",
            "a  b",
            "b",
            "薪酬",
            "薪酬方案",
            "方案",
            "酬",
            "H100 训练",
            "H100",
            "一个很长很长很长很长很长很长很长很长很长很长很长很长很长的主题名字",
            "长很长",
        ];
        let mut index = SubjectIndex::default();
        for (i, p) in phrases.iter().enumerate() {
            index.add(i, &[p.to_string()]);
        }
        for t in phrases {
            let found = index.candidates(&[t.to_string()], 0..phrases.len());
            let same: Vec<usize> = (0..phrases.len())
                .filter(|&i| same_subject(phrases[i], t))
                .collect();
            assert!(
                same.iter().all(|i| found.contains(i)),
                "{t}: {found:?} misses some of {same:?}"
            );
            assert!(found.windows(2).all(|w| w[0] < w[1]), "{t}: {found:?}");
        }
        let found = index.candidates(&["storage".to_string()], 0..phrases.len());
        assert!(!found.contains(&0), "shares no run with Halyard contract");
        assert_eq!(
            word_runs("a b c").collect::<Vec<_>>(),
            ["a", "a b", "a b c", "b", "b c", "c"]
        );
        assert_eq!(
            pieces("薪酬方").collect::<Vec<_>>(),
            ["薪酬", "薪酬方", "酬方"]
        );
    }

    #[test]
    fn subjects_before_and_after_a_figure() {
        let text = "The Halyard contract is worth $750 million, they said.";
        let at = text.find("$750").unwrap();
        let end = at + "$750 million".len();
        assert_eq!(
            subjects_of(text, &(at..end)),
            vec!["Halyard contract".to_string()]
        );
        let text = "马斯克获得了一份高达450亿美元的薪酬方案。";
        let at = text.find("450").unwrap();
        let end = text.find("的薪").unwrap();
        assert!(subjects_of(text, &(at..end)).contains(&"薪酬方案".to_string()));
    }

    #[test]
    fn a_restated_figure_that_differs_is_inconsistent() {
        let text = "马斯克获得了一份高达450亿美元的薪酬方案。\n\n特斯拉将一次性支付给马斯克440亿美元的薪酬，这与他在2022年收购X的金额相当。\n";
        let report = crate::audit::audit(
            crate::read::document::Document::new("t.md", text.to_string()),
            crate::kb::Kb::builtin(),
        );
        let found: Vec<_> = report
            .findings
            .iter()
            .filter(|f| f.check == "consistency")
            .map(|f| (&text[f.span.clone()], &text[f.related[0].span.clone()]))
            .collect();
        assert_eq!(found, vec![("440亿美元", "450亿美元")]);
    }

    fn inconsistent(text: &str) -> Vec<(String, String)> {
        let report = crate::audit::audit(
            crate::read::document::Document::new("t.md", text.to_string()),
            crate::kb::Kb::builtin(),
        );
        report
            .findings
            .iter()
            .filter(|f| f.check == "consistency")
            .map(|f| {
                (
                    text[f.span.clone()].to_string(),
                    text[f.related[0].span.clone()].to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn a_figure_after_a_count_is_no_figure_of_the_phrase_before() {
        let text = "规划容量 60 MW，每期 20 MW。\n\n每期配置 12 台 2.5 MW 柴油发电机。";
        assert!(inconsistent(text).is_empty());
        // Without the count the phase's figure is restated, and compared.
        let text = "规划容量 60 MW，每期 20 MW。\n\n每期配置 2.5 MW 柴油发电机。";
        assert_eq!(inconsistent(text).len(), 1);
    }

    #[test]
    fn a_period_is_no_subject() {
        let text = "一般家庭一年 3,600 度。\n\n園區一年 11.6 億度，是機組的 6.5 倍。\n";
        assert!(inconsistent(text).is_empty(), "{:?}", inconsistent(text));
    }

    #[test]
    fn items_of_one_list_are_parallel_cases() {
        let first = "马斯克获得了一份高达450亿美元的薪酬方案。";
        let second = "特斯拉将一次性支付给马斯克440亿美元的薪酬。";
        let as_items = format!("- {first}\n- {second}\n");
        assert!(
            inconsistent(&as_items).is_empty(),
            "{:?}",
            inconsistent(&as_items)
        );
        let as_paragraphs = format!("{first}\n\n{second}\n");
        assert_eq!(inconsistent(&as_paragraphs).len(), 1);
        // Items of two lists are no parallel cases.
        let two_lists = format!("- {first}\n\n正文。\n\n- {second}\n");
        assert_eq!(inconsistent(&two_lists).len(), 1);
    }

    #[test]
    fn cells_of_one_row_under_other_headers_are_other_attributes() {
        let table = "| Model | FP16 (GB) | INT8 (GB) |\n|---|---|---|\n| Zeta-9B | 18 | 9 |\n";
        assert_eq!(inconsistent(table), vec![]);
        let two_tables =
            format!("{table}\nAnd again:\n\n| Model | FP16 (GB) |\n|---|---|\n| Zeta-9B | 25 |\n");
        assert_eq!(
            inconsistent(&two_tables),
            vec![("25".to_string(), "18".to_string())]
        );
    }

    #[test]
    fn a_bare_chinese_noun_names_nothing_in_prose() {
        let two_setups = "**单卡部署。** 权重约 70 GB。\n\n**双卡部署。** 权重 140 GB。\n";
        assert_eq!(inconsistent(two_setups), vec![]);
        let contract = "采购合同金额为 3.6 亿美元。\n\n后来采购合同金额为 4.8 亿美元。\n";
        assert_eq!(inconsistent(contract).len(), 1);
    }

    #[test]
    fn rows_of_one_model_on_other_hardware_are_other_runs() {
        let bench = "| Model | GPU | Precision | Memory used |\n|---|---|---|---|\n\
                     | Zeta-9B | 1× Quill-80 | FP16 | 61 GB |\n\
                     | Zeta-9B | 1× Quill-40 | FP16 | 58 GB |\n";
        assert_eq!(inconsistent(bench), vec![]);
        let repeated = "| Model | GPU | Precision | Memory used |\n|---|---|---|---|\n\
                        | Zeta-9B | 1× Quill-80 | FP16 | 61 GB |\n\
                        | Zeta-9B | 1× Quill-80 | FP16 | 58 GB |\n";
        assert_eq!(
            inconsistent(repeated),
            vec![("58 GB".to_string(), "61 GB".to_string())]
        );
    }

    #[test]
    fn a_known_products_attribute_stated_twice_is_compared() {
        let twice = "DeepSeek-V3 reached an MFU of 38% in pre-training.\n\nThe appendix gives DeepSeek-V3 an MFU of 43%.\n";
        assert_eq!(
            inconsistent(twice),
            vec![("43%".to_string(), "38%".to_string())]
        );
        let alike = twice.replace("43%", "38%");
        assert_eq!(inconsistent(&alike), vec![]);
        let two_products = twice.replace("gives DeepSeek-V3", "gives Mixtral 8x7B");
        assert_eq!(inconsistent(&two_products), vec![]);
        // A share with no product named, or a name nobody knows, is nothing
        // certain.
        let unknown = twice.replace("DeepSeek-V3", "Zeta-9B");
        assert_eq!(inconsistent(&unknown), vec![]);
    }

    #[test]
    fn english_context_words_are_whole_words() {
        assert!(has_word("each card has 80 gb", "each", false));
        assert!(!has_word("the run reached 38%", "each", false));
        assert!(has_word("it grows to 9 mw", "grow", true));
        assert!(!has_word("an enterprise rollout", "rise", true));
        assert!(has_word("总共 640 gb", "总", false));
    }

    #[test]
    fn a_subject_is_the_same_when_one_contains_the_other() {
        assert!(same_subject("薪酬", "薪酬方案"));
        assert!(same_subject("采购合同", "采购合同金额"));
        assert!(same_subject("Halyard contract", "the halyard contract"));
        assert!(!same_subject("storage contract", "network contract"));
        assert!(!same_subject("x", "薪酬"));
    }
}
