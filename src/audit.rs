//! The pipeline: Markdown to prose blocks, sentences, tokens, checks, and a
//! sorted report for one document.

use crate::check;
use crate::document::Document;
use crate::finding::{Finding, Related, Verdict};
use crate::kb::Kb;
use crate::markdown::{Block, prose_blocks};
use crate::quantity::{Lexer, Token};
use crate::segment::{Sentence, prose_view, sentences};

/// What an audit found in one document.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub document: Document,
    /// Numeric claims found (quantities in prose).
    pub claims: usize,
    /// Sorted by position.
    pub findings: Vec<Finding>,
}

impl FileReport {
    pub fn count(&self, verdict: Verdict) -> usize {
        self.findings
            .iter()
            .filter(|f| f.verdict == verdict)
            .count()
    }

    pub fn flagged(&self) -> usize {
        self.findings.iter().filter(|f| f.verdict.is_flag()).count()
    }
}

/// The prose blocks of a document and their sentences, with tokens.
pub fn sentences_of(doc: &Document) -> (Vec<Block>, Vec<Sentence>) {
    let lexer = Lexer::builtin();
    let mut out = Vec::new();
    let blocks = prose_blocks(&doc.text);
    for (index, block) in blocks.iter().enumerate() {
        let (offset, view) = prose_view(&doc.text, block);
        for span in sentences(&view, offset) {
            // Tokens are read from the view (markup blanked), spans are
            // offsets into the document.
            let local = span.start - offset..span.end - offset;
            let tokens = lexer
                .tokens(&view, local)
                .into_iter()
                .map(|t| shift(t, offset))
                .collect();
            out.push(Sentence {
                span,
                tokens,
                block: index,
            });
        }
    }
    (blocks, out)
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
fn named_variants(doc: &Document, sentences: &[Sentence], kb: &Kb) -> Vec<usize> {
    let mut named: Vec<usize> = sentences
        .iter()
        .flat_map(|s| kb.names().find(&doc.text[s.span.clone()]))
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
    let mut sorted: Vec<(std::ops::Range<usize>, String)> = findings
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
                .any(|r| r.span == *span && r.note.starts_with("rests on"));
            let premise = *span != f.span && !noted;
            if premise {
                f.related.push(Related {
                    span: span.clone(),
                    note: format!("rests on a contradicted figure: {message}"),
                });
                rests = true;
            }
        }
        if rests && f.verdict == Verdict::Verified {
            f.message.push_str(", but rests on a contradicted premise");
        }
    }
}

/// Audits one document with every check, against a knowledge base.
pub fn audit(document: Document, kb: &Kb) -> FileReport {
    let (blocks, sentences) = sentences_of(&document);
    let claims = sentences
        .iter()
        .flat_map(|s| &s.tokens)
        .filter(|t| matches!(t, Token::Quantity(_)))
        .count();
    let mut findings = Vec::new();
    let named = named_variants(&document, &sentences, kb);
    let input = check::Input {
        doc: &document,
        blocks: &blocks,
        sentences: &sentences,
        kb,
        named: &named,
        typed: std::sync::OnceLock::new(),
    };
    for check in check::all() {
        check.run(&input, &mut findings);
    }
    mark_premises(&mut findings);
    findings.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    findings.dedup_by(|a, b| a.sort_key() == b.sort_key());
    FileReport {
        document,
        claims,
        findings,
    }
}
