//! Statements: every figure of a document as the model understood it, with
//! the checks that covered it or why none did. This is what `audit claims`
//! prints, so that a person (and a test) sees what was read, and an editor
//! sees which figures are left to check by hand.
//!
//! A statement has a value (the interval the text allows, in its unit), a
//! kind ("parameters", "power per accelerator"), a subject, the attribute
//! and qualifier cues of its clause, and a role. Its subject is found in
//! an open world ([`super::names`]): the name written right before it, the
//! nearest in its clause, in its sentence, in its table row or header, or
//! last named in its paragraph, known to the knowledge base or not.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Serialize;

use crate::audit::sentences_in;
use crate::check::finding::{Finding, Verdict};
use crate::claim::cues::{Cue, Found, keep_own_attributes};
use crate::claim::facts::Facts;
use crate::claim::kind::typed_mentions;
use crate::claim::names::card_of_item_before;
use crate::kb::{Kb, Mention};
use crate::lang::message::{Arg, Message};
use crate::msg;
use crate::number::lexicon::Hedge;
use crate::number::quantity::{Quantity, Token, figure_spans};
use crate::read::document::Document;
use crate::read::markdown::{Block, BlockKind, prose_blocks};
use crate::read::normal::view;

/// One figure as the model read it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Statement {
    pub span: Range<usize>,
    pub line: usize,
    pub column: usize,
    pub text: String,
    pub value: Value,
    /// What the figure is, where its unit or a cue says: "parameters",
    /// "gpu_hours", "power_per_accelerator".
    pub kind: Option<String>,
    pub subject: Subject,
    /// Attributes the figure's clause (or its cell's row and header) names.
    pub attributes: Vec<String>,
    /// Qualifiers the clause states: precision, sparsity, direction, link.
    pub qualifiers: BTreeMap<String, Vec<String>>,
    pub role: Role,
    /// The checks that reached a verdict on the figure.
    pub checks: Vec<Covered>,
    /// Why no check did, when none did: a message the report renders in
    /// the reader's language, English in JSON.
    #[serde(serialize_with = "english")]
    pub unchecked: Option<Message>,
}

/// The interval a figure allows, in its own unit.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Value {
    pub nominal: f64,
    pub low: f64,
    pub high: f64,
    pub unit: String,
}

/// Who or what a figure is about.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Subject {
    /// `known` (an entity of the knowledge base), `unknown` (a product-like
    /// name it does not know), `ambiguous` (beyond its clause, the sentence
    /// names both), `configuration` (a count of a known card, "8×H100") or
    /// `none`.
    #[serde(rename = "type")]
    pub kind: SubjectKind,
    /// The name as written.
    pub name: Option<String>,
    /// The knowledge-base ids the name can mean.
    pub entities: Vec<String>,
    /// The count of a configuration.
    pub count: Option<f64>,
    /// Where the name was found: `respectively` (paired in order),
    /// `beside`, `clause`, `sentence`, `table`, `paragraph`.
    pub evidence: Option<&'static str>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SubjectKind {
    Known,
    Unknown,
    /// Beyond the figure's clause, a sentence that names both known and
    /// unknown things: whose figure it is is not certain.
    Ambiguous,
    Configuration,
    None,
}

/// What a figure does in its sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// What something needs: "needs at least 700 GB".
    Requirement,
    /// One side open: "up to 2 PB", "超过 10 万张".
    Bound,
    /// Measured, effective or worked out from others: "effective 400
    /// TFLOPS", "so 12,500 servers".
    Derived,
    /// An operand or result of a calculation written out: "8 × 80 GB =
    /// 640 GB".
    Calculation,
    /// A plain statement of a value.
    Statement,
}

/// A check's verdict on a figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Covered {
    pub check: &'static str,
    pub verdict: Verdict,
}

/// How many figures were found, checked and left unchecked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Coverage {
    pub figures: usize,
    /// Figures some check covered and none flagged: verified claims, and
    /// the operands of a calculation, whatever its verdict.
    pub verified: usize,
    /// Figures some check contradicted or found inconsistent: the claim a
    /// flagged finding points at (a calculation's result, not its
    /// operands).
    pub flagged: usize,
    pub unchecked: usize,
}

impl Coverage {
    /// The coverage of a document's figures by its findings: a figure is
    /// covered by every finding whose span overlaps it.
    pub fn of(figures: &[Range<usize>], findings: &[Finding]) -> Coverage {
        let covering = Covering::new(findings);
        let mut coverage = Coverage {
            figures: figures.len(),
            ..Coverage::default()
        };
        for figure in figures {
            let over: Vec<&Finding> = covering.of(figure).collect();
            let flagged = over.iter().any(|f| {
                f.verdict.is_flag()
                    && f.label_span.start < figure.end
                    && figure.start < f.label_span.end
            });
            if flagged {
                coverage.flagged += 1;
            } else if over.is_empty() {
                coverage.unchecked += 1;
            } else {
                coverage.verified += 1;
            }
        }
        coverage
    }

    /// The figures no finding covers, in order: what [`Coverage::of`]
    /// counts as unchecked, for a report to mark apart from plain text.
    pub fn unchecked(figures: &[Range<usize>], findings: &[Finding]) -> Vec<Range<usize>> {
        let covering = Covering::new(findings);
        figures
            .iter()
            .filter(|figure| covering.of(figure).next().is_none())
            .cloned()
            .collect()
    }

    pub fn add(&mut self, other: Coverage) {
        self.figures += other.figures;
        self.verified += other.verified;
        self.flagged += other.flagged;
        self.unchecked += other.unchecked;
    }

    /// "42 figures: 12 verified, 2 flagged, 28 unchecked".
    pub fn sentence(&self) -> String {
        format!(
            "{} figure{}: {} verified, {} flagged, {} unchecked",
            self.figures,
            if self.figures == 1 { "" } else { "s" },
            self.verified,
            self.flagged,
            self.unchecked
        )
    }
}

/// Findings sorted by where they start, to find those over a figure
/// without scanning them all: a finding's span is a claim, never longer
/// than [`Covering::REACH`] bytes before the figure it overlaps.
struct Covering<'f> {
    sorted: Vec<&'f Finding>,
}

impl<'f> Covering<'f> {
    const REACH: usize = 4096;

    fn new(findings: &'f [Finding]) -> Covering<'f> {
        let mut sorted: Vec<&Finding> = findings.iter().collect();
        sorted.sort_by_key(|f| (f.span.start, f.span.end));
        Covering { sorted }
    }

    fn of(&self, figure: &Range<usize>) -> impl Iterator<Item = &'f Finding> + '_ {
        let from = self
            .sorted
            .partition_point(|f| f.span.start + Self::REACH < figure.start);
        let figure = figure.clone();
        self.sorted[from..]
            .iter()
            .take_while(move |f| f.span.start < figure.end)
            .filter(move |f| figure.start < f.span.end)
            .copied()
    }
}

/// Every figure of a document as a statement, with the findings of its
/// audit as the checks that covered it. A document with full-width forms
/// or math is read through its view, as the audit read it; the spans,
/// positions and texts of its statements are those of the original.
pub fn statements(document: &Document, kb: &Kb, findings: &[Finding]) -> Vec<Statement> {
    let blocks = prose_blocks(&document.text);
    let Some(v) = view(document, &blocks) else {
        return statements_in(document, &blocks, kb, findings);
    };
    let findings: Vec<Finding> = findings
        .iter()
        .map(|f| Finding {
            span: v.map.span_to_view(&f.span),
            ..f.clone()
        })
        .collect();
    let mut out = statements_in(&v.document, &v.blocks, kb, &findings);
    for s in &mut out {
        s.span = v.map.span_to_original(&s.span);
        (s.line, s.column) = document.line_col(s.span.start);
        s.text = document.text[s.span.clone()].to_string();
    }
    out
}

/// The statements of a document (or a document's view) whose prose blocks
/// are read.
fn statements_in(
    document: &Document,
    blocks: &[Block],
    kb: &Kb,
    findings: &[Finding],
) -> Vec<Statement> {
    let mut sentences = sentences_in(document, blocks);
    crate::claim::names::drop_figures_in_names(&document.text, &mut sentences, kb);
    let text = document.text.as_str();
    let facts = Facts::new(text, &sentences, kb);
    let typed = typed_mentions(&facts);
    let mut kinds: BTreeMap<usize, &crate::claim::kind::Typed> = BTreeMap::new();
    for t in &typed {
        kinds.insert(t.quantity.span.start, t);
    }
    let covering = Covering::new(findings);
    let mut out = Vec::new();
    let mut paragraph: Option<(usize, Mention)> = None;
    // The name each block gave last, for the items of a list it
    // introduces ("The MI325X has:").
    let mut last_named: BTreeMap<usize, Mention> = BTreeMap::new();
    for (index, sentence) in sentences.iter().enumerate() {
        if paragraph
            .as_ref()
            .is_some_and(|(b, _)| *b != sentence.block)
            && let Some((b, m)) = paragraph.take()
        {
            last_named.insert(b, m);
        }
        if paragraph.is_none() {
            paragraph = blocks
                .get(sentence.block)
                .and_then(|b| b.intro)
                .and_then(|i| last_named.get(&i).cloned())
                .or_else(|| {
                    let before = sentence.block.checked_sub(1)?;
                    card_of_item_before(kb, blocks, text, sentence, last_named.get(&before))
                })
                .map(|m| (sentence.block, m));
        }
        let names = facts.names(index);
        let cues = facts.cues(index);
        let clauses = facts.clauses(index);
        let cell: Vec<(Mention, Vec<Found>)> = match blocks.get(sentence.block).map(|b| &b.kind) {
            Some(BlockKind::Cell {
                header, row_label, ..
            }) => [row_label, header]
                .into_iter()
                .flatten()
                .flat_map(|r| {
                    let local = &text[r.clone()];
                    let cues = crate::claim::cues::Cues::builtin().find(local);
                    super::names::mentions(kb, local)
                        .into_iter()
                        .map(move |m| {
                            (
                                Mention {
                                    span: m.span.start + r.start..m.span.end + r.start,
                                    entities: m.entities,
                                },
                                cues.clone(),
                            )
                        })
                        .collect::<Vec<_>>()
                })
                .collect(),
            _ => Vec::new(),
        };
        let figures = figure_spans(&sentence.tokens);
        for token in &sentence.tokens {
            let Token::Quantity(q) = token else {
                continue;
            };
            let clause = clauses
                .iter()
                .find(|c| c.start <= q.span.start && q.span.start < c.end)
                .cloned()
                .unwrap_or(q.span.clone());
            let in_clause = |r: &Range<usize>| clause.start <= r.start && r.end <= clause.end;
            let mut attributes: Vec<String> = Vec::new();
            let mut qualifiers: BTreeMap<String, Vec<String>> = BTreeMap::new();
            let mut derived = false;
            let mut requirement = false;
            let cell_cues = cell.iter().flat_map(|(_, c)| c);
            let mut own: Vec<Found> = cues
                .iter()
                .filter(|f| in_clause(&f.span))
                .cloned()
                .collect();
            keep_own_attributes(&mut own, &q.span, &figures, text);
            for f in own.iter().chain(cell_cues) {
                match &f.cue {
                    Cue::Attribute(a) => attributes.push(a.clone()),
                    Cue::Qualifier(k, v) => {
                        qualifiers.entry(k.clone()).or_default().push(v.clone())
                    }
                    Cue::Derived | Cue::ConclusionBefore | Cue::ConclusionAfter => derived = true,
                    Cue::Requirement => requirement = true,
                    _ => {}
                }
            }
            attributes.sort();
            attributes.dedup();
            for values in qualifiers.values_mut() {
                values.sort();
                values.dedup();
            }
            let calculation = sentence
                .tokens
                .iter()
                .any(|t| matches!(t, Token::Op(_, r) if in_clause(r)));
            let typed = kinds.get(&q.span.start);
            let role = if requirement || typed.is_some_and(|t| t.required) {
                Role::Requirement
            } else if matches!(q.hedge, Some(Hedge::AtLeast | Hedge::AtMost)) {
                Role::Bound
            } else if calculation {
                Role::Calculation
            } else if derived || typed.is_some_and(|t| t.concluded) {
                Role::Derived
            } else {
                Role::Statement
            };
            let subject = subject_of(
                kb,
                text,
                q,
                &clause,
                names,
                &cell,
                paragraph.as_ref().map(|(_, m)| m),
                &sentence.span,
                &sentence.tokens,
            );
            let checks: Vec<Covered> = covering
                .of(&q.span)
                .map(|f| Covered {
                    check: f.check,
                    verdict: f.verdict,
                })
                .collect();
            let unchecked = checks.is_empty().then(|| why_unchecked(&subject, role));
            let (line, column) = document.line_col(q.span.start);
            let unit = q.unit.factor;
            let allowed = q.claimed(false, false);
            out.push(Statement {
                span: q.span.clone(),
                line,
                column,
                text: text[q.span.clone()].to_string(),
                value: Value {
                    nominal: allowed.nominal / unit,
                    low: allowed.lo / unit,
                    high: allowed.hi / unit,
                    unit: q.unit.label.clone(),
                },
                kind: typed.map(|t| t.kind.clone()),
                subject,
                attributes,
                qualifiers,
                role,
                checks,
                unchecked,
            });
        }
        if let Some(m) = names.last() {
            paragraph = Some((sentence.block, m.clone()));
        }
    }
    out
}

/// The subject of a figure, nearest first.
#[allow(clippy::too_many_arguments)]
fn subject_of(
    kb: &Kb,
    text: &str,
    q: &Quantity,
    clause: &Range<usize>,
    names: &[Mention],
    cell: &[(Mention, Vec<Found>)],
    paragraph: Option<&Mention>,
    sentence: &Range<usize>,
    tokens: &[Token],
) -> Subject {
    let glued = names.iter().rev().find(|m| {
        m.span.end <= q.span.start
            && matches!(
                text[m.span.end..q.span.start].trim(),
                "" | "(" | "（" | "的" | "'s" | "’s" | ":" | "："
            )
    });
    let in_clause = names
        .iter()
        .rev()
        .find(|m| clause.start <= m.span.start && m.span.end <= q.span.start)
        .or_else(|| {
            names
                .iter()
                .find(|m| q.span.end <= m.span.start && m.span.end <= clause.end)
        });
    let in_sentence = names.iter().rev().find(|m| m.span.end <= q.span.start);
    let paired = super::names::respective(text, sentence, names, tokens, q);
    let bracketed = super::names::parenthesis_owner(text, sentence, names, q);
    let found = paired
        .map(|m| (m, "respectively"))
        .or(bracketed.map(|m| (m, "parenthesis")))
        .or(glued.map(|m| (m, "beside")))
        .or(in_clause.map(|m| (m, "clause")))
        .or(in_sentence.map(|m| (m, "sentence")))
        .or(cell.first().map(|(m, _)| (m, "table")))
        .or(paragraph.map(|m| (m, "paragraph")));
    let Some((m, evidence)) = found else {
        return Subject {
            kind: SubjectKind::None,
            name: None,
            entities: Vec::new(),
            count: None,
            evidence: None,
        };
    };
    let count = tokens.iter().find_map(|t| match t {
        Token::Quantity(c)
            if c.span.end <= m.span.start
                && text[c.span.end..m.span.start]
                    .chars()
                    .all(|ch| ch.is_whitespace() || "×x*张張块塊个個台".contains(ch))
                && m.span.start - c.span.end <= 8
                && c.number.nominal >= 1.0
                && c.number.nominal.fract() == 0.0
                && c.span != q.span =>
        {
            Some(c.number.nominal)
        }
        _ => None,
    });
    let mixed = evidence == "sentence"
        && names.iter().any(|n| n.entities.is_empty())
        && names.iter().any(|n| !n.entities.is_empty());
    let kind = match (m.entities.is_empty(), count) {
        (true, _) => SubjectKind::Unknown,
        _ if mixed => SubjectKind::Ambiguous,
        (false, Some(_)) => SubjectKind::Configuration,
        (false, None) => SubjectKind::Known,
    };
    Subject {
        kind,
        name: Some(text[m.span.clone()].to_string()),
        entities: m
            .entities
            .iter()
            .map(|&i| kb.entity(i).id.clone())
            .collect(),
        count: count.filter(|_| kind == SubjectKind::Configuration),
        evidence: Some(evidence),
    }
}

/// Why no check reached a figure, as a message the report renders; a
/// name is the subject's as written, else the message's own words.
fn why_unchecked(subject: &Subject, role: Role) -> Message {
    let name = |otherwise: Message| -> Arg {
        subject
            .name
            .as_ref()
            .map_or_else(|| otherwise.into(), Arg::from)
    };
    match (subject.kind, role) {
        (SubjectKind::Unknown, _) => msg!(
            "unchecked-unknown",
            name = subject.name.as_ref().map_or_else(
                || msg!("unchecked-a-name").into(),
                |n| Arg::from(format!("{n:?}"))
            )
        ),
        (SubjectKind::Ambiguous, _) => msg!(
            "unchecked-ambiguous",
            name = name(msg!("unchecked-a-known-one"))
        ),
        (SubjectKind::None, Role::Calculation) => msg!("unchecked-calculation"),
        (SubjectKind::None, _) => msg!("unchecked-no-subject"),
        (_, Role::Requirement | Role::Bound) => msg!("unchecked-requirement"),
        _ => msg!(
            "unchecked-no-fact",
            name = name(msg!("unchecked-its-subject"))
        ),
    }
}

/// A reason in English, for the JSON contract.
fn english<S: serde::Serializer>(reason: &Option<Message>, to: S) -> Result<S::Ok, S::Error> {
    reason.as_ref().map(Message::english).serialize(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::audit;

    fn read(text: &str) -> Vec<Statement> {
        let doc = Document::new("t.md", text.to_string());
        let report = audit(doc.clone(), Kb::builtin());
        statements(&doc, Kb::builtin(), &report.findings)
    }

    #[test]
    fn an_unknown_products_figure_is_its_own_and_unchecked() {
        let s = read("The Orion X4, shown beside an MI300X, carries 144 GB of memory.\n");
        assert_eq!(s.len(), 1);
        assert_eq!(s[0].text, "144 GB");
        assert_eq!(s[0].subject.kind, SubjectKind::Ambiguous);
        assert!(s[0].checks.is_empty());
        assert!(
            s[0].unchecked
                .as_ref()
                .unwrap()
                .english()
                .contains("uncertain")
        );
        let s = read("Meanwhile the Orion X4 carries 144 GB.\n");
        assert_eq!(s[0].subject.kind, SubjectKind::Unknown);
        assert_eq!(s[0].subject.name.as_deref(), Some("Orion X4"));
        let reason = s[0].unchecked.as_ref().unwrap();
        assert!(reason.english().contains("\"Orion X4\""));
        let chinese = reason.render(crate::lang::Lang::ZhHans.catalogue());
        assert!(
            chinese.contains("\"Orion X4\"") && chinese.contains("知识库"),
            "{chinese}"
        );
    }

    #[test]
    fn a_known_spec_is_covered_by_the_spec_check() {
        let s = read("The H100 SXM has 80 GB of HBM3.\n");
        assert_eq!(s[0].subject.kind, SubjectKind::Known);
        assert_eq!(s[0].attributes, ["memory_capacity"]);
        assert_eq!(
            s[0].checks,
            [Covered {
                check: "spec",
                verdict: Verdict::Verified
            }]
        );
        assert_eq!(s[0].unchecked, None);
    }

    #[test]
    fn configurations_roles_and_qualifiers() {
        let s =
            read("So 8×H100 gives 8 × 80 GB = 640 GB. It needs at least 700 GB of BF16 weights.\n");
        let by_text = |t: &str| s.iter().find(|x| x.text == t).unwrap();
        assert_eq!(by_text("640 GB").role, Role::Calculation);
        assert_eq!(by_text("640 GB").subject.kind, SubjectKind::Configuration);
        assert_eq!(by_text("640 GB").subject.count, Some(8.0));
        let needs = s.iter().find(|x| x.text.contains("700")).unwrap();
        assert_eq!(needs.role, Role::Requirement);
        assert_eq!(needs.qualifiers["precision"], ["bf16"]);
    }

    #[test]
    fn coverage_counts_each_figure_once() {
        let doc = Document::new(
            "t.md",
            "The H100 SXM has 80 GB. So 8 × 40 GB = 300 GB. The Orion X4 has 9 GB.\n".to_string(),
        );
        let report = audit(doc.clone(), Kb::builtin());
        let figures: Vec<Range<usize>> = statements(&doc, Kb::builtin(), &report.findings)
            .iter()
            .map(|s| s.span.clone())
            .collect();
        let c = Coverage::of(&figures, &report.findings);
        assert_eq!(c.figures, 5);
        assert_eq!(c.flagged, 1, "{:?}", report.findings);
        assert_eq!(c.verified + c.flagged + c.unchecked, 5);
        assert_eq!(
            c.sentence(),
            format!(
                "5 figures: {} verified, 1 flagged, {} unchecked",
                c.verified, c.unchecked
            )
        );
    }
}
