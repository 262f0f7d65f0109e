//! The pipeline: Markdown to prose blocks, sentences, tokens, checks, and a
//! sorted report for one document.

use crate::check;
use crate::check::finding::{Finding, Related, Verdict, sort_and_dedup};
use crate::claim::facts::Facts;
use crate::claim::statement::Coverage;
use crate::kb::Kb;
use crate::lang::message::Message;
use crate::msg;
use crate::number::quantity::{Lexer, Token};
use crate::read::document::Document;
use crate::read::markdown::{Block, BlockKind, prose_blocks};
use crate::read::normal::view;
use crate::read::offsets::OffsetMap;
use crate::read::segment::{Sentence, prose_view, sentences};
use crate::units::{Base, Dimension, UnitTable};

/// What an audit found in one document.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub document: Document,
    /// Numeric claims found (quantities in prose).
    pub claims: usize,
    /// The figures' spans, for [`FileReport::coverage`].
    pub figures: Vec<std::ops::Range<usize>>,
    /// The prose sentences' spans, in order, for quoting a claim in its
    /// sentence ([`FileReport::sentence_of`]).
    pub sentences: Vec<std::ops::Range<usize>>,
    /// Sorted by position.
    pub findings: Vec<Finding>,
    /// Flagged findings hidden by suppression comments ([`crate::ci::suppress`]).
    pub suppressed: usize,
    /// Flagged findings hidden by a baseline ([`crate::ci::baseline`]).
    pub baselined: usize,
}

impl FileReport {
    pub fn count(&self, verdict: Verdict) -> usize {
        self.findings
            .iter()
            .filter(|f| f.verdict == verdict)
            .count()
    }

    /// How many figures the findings shown cover, and how many are left:
    /// worked out after suppressions and a baseline have hidden theirs.
    pub fn coverage(&self) -> Coverage {
        Coverage::of(&self.figures, &self.findings)
    }

    /// The figures no finding shown covers (after suppressions and a
    /// baseline), in order.
    pub fn unchecked(&self) -> Vec<std::ops::Range<usize>> {
        Coverage::unchecked(&self.figures, &self.findings)
    }

    /// The span of the sentence a claim stands in: from the start of the
    /// sentence its span starts in to the end of the one it ends in (a
    /// claim may run over a sentence's end); the span itself outside prose.
    pub fn sentence_of(&self, span: &std::ops::Range<usize>) -> std::ops::Range<usize> {
        let first = self.sentences.partition_point(|s| s.end <= span.start);
        let last = self.sentences.partition_point(|s| s.start < span.end);
        match (self.sentences.get(first), last.checked_sub(1)) {
            (Some(a), Some(z)) if first <= z => {
                a.start.min(span.start)..self.sentences[z].end.max(span.end)
            }
            _ => span.clone(),
        }
    }

    pub fn flagged(&self) -> usize {
        self.findings.iter().filter(|f| f.verdict.is_flag()).count()
    }

    /// The report of a document's view made the report of the document:
    /// every span mapped back to the bytes as written.
    fn into_original(mut self, map: &OffsetMap, original: Document) -> FileReport {
        let back = |span: &mut std::ops::Range<usize>| *span = map.span_to_original(span);
        for f in &mut self.findings {
            back(&mut f.span);
            back(&mut f.label_span);
            f.related.iter_mut().for_each(|r| back(&mut r.span));
        }
        self.figures.iter_mut().for_each(back);
        self.sentences.iter_mut().for_each(back);
        // The map keeps order; spans it widens to the same piece may meet.
        sort_and_dedup(&mut self.findings);
        self.document = original;
        self
    }
}

/// The prose blocks of a document and their sentences, with tokens, read
/// from the text as it is (the audit reads a document with full-width
/// forms or math through its view, [`crate::read::normal::view`]).
pub fn sentences_of(doc: &Document) -> (Vec<Block>, Vec<Sentence>) {
    let blocks = prose_blocks(&doc.text);
    let sentences = sentences_in(doc, &blocks);
    (blocks, sentences)
}

/// The sentences of a document's prose blocks, with tokens.
pub fn sentences_in(doc: &Document, blocks: &[Block]) -> Vec<Sentence> {
    let mut out = Vec::new();
    for (index, block) in blocks.iter().enumerate() {
        let lexer = Lexer {
            unit_column: in_a_unit_column(&doc.text, block),
            ..Lexer::builtin()
        };
        let (offset, view) = prose_view(&doc.text, block);
        for span in sentences(&view, offset) {
            // Tokens are read from the view (markup blanked), spans are
            // offsets into the document.
            let local = span.start - offset..span.end - offset;
            let mut tokens: Vec<Token> = lexer
                .tokens(&view, local)
                .into_iter()
                .map(|t| shift(t, offset))
                .collect();
            // Every sentence's tokens are kept to the end of the document:
            // none with room to grow (a table cell's one figure in room for
            // four).
            tokens.shrink_to_fit();
            out.push(Sentence {
                span,
                tokens,
                block: index,
            });
        }
    }
    out.shrink_to_fit();
    out
}

/// Whether a block is a table cell whose row label or column header names
/// a unit ("FP16 (TFLOPS)", "显存 (GB)"), so its bare numbers are figures.
/// A unit of time does not count: a "Year" column holds dates.
fn in_a_unit_column(text: &str, block: &Block) -> bool {
    let BlockKind::Cell {
        header, row_label, ..
    } = &block.kind
    else {
        return false;
    };
    [header, row_label].into_iter().flatten().any(|r| {
        UnitTable::builtin()
            .unit_named_in(&text[r.clone()])
            .is_some_and(|u| u.dimension != Dimension::of(Base::Second))
    })
}

fn shift(token: Token, offset: usize) -> Token {
    let s = |r: std::ops::Range<usize>| r.start + offset..r.end + offset;
    match token {
        Token::Quantity(mut q) => {
            q.span = s(q.span);
            Token::Quantity(q)
        }
        Token::Op(op, r) => Token::Op(op, s(r)),
        Token::Relation(rel, r) => Token::Relation(rel, s(r)),
        Token::Open(r) => Token::Open(s(r)),
        Token::Close(r) => Token::Close(s(r)),
        Token::Name(r) => Token::Name(s(r)),
        Token::Text(r) => Token::Text(s(r)),
    }
}

/// The entities a document names by a name that means only them.
fn named_variants(facts: &Facts, sentences: usize) -> Vec<usize> {
    let mut named: Vec<usize> = (0..sentences)
        .flat_map(|s| facts.names(s))
        .filter(|m| m.entities.len() == 1)
        .map(|m| m.entities[0])
        .collect();
    named.sort_unstable();
    named.dedup();
    named
}

/// A figure computed from a figure that another finding contradicts rests
/// on it: "198 TFLOPS" is 40% of the wrong "495 TFLOPS", however right the
/// multiplication. Such a finding gets the premise as a related span, and a
/// verified one says so in its message.
fn mark_premises(findings: &mut [Finding]) {
    let mut sorted: Vec<(std::ops::Range<usize>, Message)> = findings
        .iter()
        .filter(|f| f.verdict == Verdict::Contradicted)
        .map(|f| (f.span.clone(), f.message.clone()))
        .collect();
    sorted.sort_by_key(|(span, _)| (span.start, span.end));
    let contradicted = &sorted;
    for f in findings.iter_mut() {
        let mut rests = false;
        // The contradicted figures inside one of this finding's related
        // spans, found by position, not by scanning them all.
        let inside: Vec<usize> = f
            .related
            .iter()
            .flat_map(|r| {
                let from = contradicted.partition_point(|(s, _)| s.start < r.span.start);
                let to = contradicted.partition_point(|(s, _)| s.start < r.span.end);
                (from..to).filter(move |&i| contradicted[i].0.end <= r.span.end)
            })
            .collect();
        for i in inside {
            let (span, message) = &contradicted[i];
            let noted = f
                .related
                .iter()
                .any(|r| r.span == *span && r.note.id == "note-rests-on");
            let premise = *span != f.span && !noted;
            if premise {
                f.related.push(Related {
                    span: span.clone(),
                    note: msg!("note-rests-on", message = message.clone()),
                });
                rests = true;
            }
        }
        if rests && f.verdict == Verdict::Verified {
            f.message = msg!("finding-rests-on-premise", message = f.message.clone());
        }
    }
}

/// What a run of the checks may be told: which checks run, and how close
/// a figure must be to agree.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The codes of the checks that run; `None` for all of them.
    pub checks: Option<Vec<&'static str>>,
    /// Tolerances (fractions) by check code, `default` for the others.
    pub tolerance: std::collections::BTreeMap<String, f64>,
}

impl Settings {
    fn runs(&self, check: &dyn check::Check) -> bool {
        self.checks
            .as_ref()
            .is_none_or(|codes| codes.contains(&check.code()))
    }

    /// The tolerance of a check: its own, else the default, else none.
    pub fn tolerance(&self, code: &str) -> f64 {
        self.tolerance
            .get(code)
            .or_else(|| self.tolerance.get("default"))
            .copied()
            .unwrap_or(0.0)
    }
}

/// A figure verified only thanks to a tolerance says so: the same check,
/// run without one, flagged it.
fn note_tolerance(findings: &mut [Finding], strict: &[Finding], tolerance: f64) {
    // As written in the config: 0.07 × 100 is 7.000000000000001.
    let percent = (tolerance * 100.0 * 1e6).round() / 1e6;
    for f in findings
        .iter_mut()
        .filter(|f| f.verdict == Verdict::Verified)
    {
        let flagged_without = strict
            .iter()
            .any(|s| s.verdict.is_flag() && s.span == f.span);
        if flagged_without {
            f.message = msg!(
                "finding-within-tolerance",
                message = f.message.clone(),
                percent = percent.to_string()
            );
        }
    }
}

/// Audits one document with every check, against a knowledge base.
pub fn audit(document: Document, kb: &Kb) -> FileReport {
    audit_with(document, kb, &Settings::default())
}

/// Audits one document with the checks the settings choose. A document
/// with full-width forms or math is audited through its normalised view,
/// and the report's spans mapped back to the original once.
pub fn audit_with(document: Document, kb: &Kb, settings: &Settings) -> FileReport {
    let blocks = prose_blocks(&document.text);
    match view(&document, &blocks) {
        None => audit_blocks(document, blocks, kb, settings),
        Some(v) => audit_blocks(v.document, v.blocks, kb, settings).into_original(&v.map, document),
    }
}

/// Every check the settings choose over a document's sentences: each
/// check's findings, with no room to grow (one list doubling as it grew
/// held up to twice the findings while the later checks ran).
fn run_checks(
    document: &Document,
    blocks: &[Block],
    sentences: &[Sentence],
    kb: &Kb,
    settings: &Settings,
) -> Vec<Vec<Finding>> {
    let mut by_check = Vec::new();
    let facts = Facts::new(&document.text, sentences, kb);
    let named = named_variants(&facts, sentences.len());
    // Worked out on first use and shared by every check that reads them.
    let typed = std::sync::OnceLock::new();
    for check in check::all().into_iter().filter(|c| settings.runs(*c)) {
        let input = |tolerance| check::Input {
            doc: document,
            blocks,
            sentences,
            kb,
            named: &named,
            facts: &facts,
            typed: &typed,
            tolerance,
        };
        let tolerance = settings.tolerance(check.code());
        let mut findings = Vec::new();
        check.run(&input(tolerance), &mut findings);
        if tolerance > 0.0 {
            let mut strict = Vec::new();
            check.run(&input(0.0), &mut strict);
            note_tolerance(&mut findings, &strict, tolerance);
        }
        findings.iter_mut().for_each(Finding::shrink_to_fit);
        findings.shrink_to_fit();
        by_check.push(findings);
    }
    by_check
}

/// Audits a document (or a document's view) whose prose blocks are read.
fn audit_blocks(
    document: Document,
    blocks: Vec<Block>,
    kb: &Kb,
    settings: &Settings,
) -> FileReport {
    let mut sentences = sentences_in(&document, &blocks);
    crate::claim::names::drop_figures_in_names(&document.text, &mut sentences, kb);
    let claims = sentences
        .iter()
        .flat_map(|s| &s.tokens)
        .filter(|t| matches!(t, Token::Quantity(_)))
        .count();
    let mut figures = Vec::with_capacity(claims);
    figures.extend(
        sentences
            .iter()
            .flat_map(|s| &s.tokens)
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(q.span.clone()),
                _ => None,
            }),
    );
    let mut sentence_spans: Vec<std::ops::Range<usize>> =
        sentences.iter().map(|s| s.span.clone()).collect();
    sentence_spans.sort_by_key(|s| (s.start, s.end));
    let by_check = run_checks(&document, &blocks, &sentences, kb, settings);
    // The tokens, the blocks and what the checks worked out of them are no
    // longer needed: only the findings are sorted and kept.
    drop(sentences);
    drop(blocks);
    // Grown in place from the first check's list, not copied into a new
    // one beside them all: a 10 MB line's are 100 MB.
    let mut by_check = by_check.into_iter();
    let mut findings = by_check.next().unwrap_or_default();
    for more in by_check {
        findings.reserve_exact(more.len());
        findings.extend(more);
    }
    mark_premises(&mut findings);
    findings.iter_mut().for_each(Finding::unwrap_lines);
    sort_and_dedup(&mut findings);
    FileReport {
        document,
        claims,
        figures,
        sentences: sentence_spans,
        findings,
        suppressed: 0,
        baselined: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::sentences_of;
    use crate::number::quantity::Token;
    use crate::read::document::Document;

    /// The figures of a document, as written.
    fn figures(text: &str) -> Vec<String> {
        let doc = Document::new("t.md", text.to_string());
        let (_, sentences) = sentences_of(&doc);
        sentences
            .iter()
            .flat_map(|s| &s.tokens)
            .filter_map(|t| match t {
                Token::Quantity(q) => Some(text[q.span.clone()].to_string()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_year_shaped_cell_under_a_unit_is_a_figure_and_under_a_year_a_date() {
        let table = "| Part | Year | FP16 (TFLOPS) |\n|---|---|---|\n| H100 | 2022 | 1979 |\n";
        assert_eq!(figures(table), ["1979"]);
        assert!(figures("The 1979 paper set the scene.").is_empty());
    }
}
