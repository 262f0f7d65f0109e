//! Findings: what a check concluded about one claim, with everything a reader
//! needs to follow it: the spans, the recomputation as steps, the sources and
//! a help line. The first line, the labels, the related spans' notes and
//! the help line are [`Message`]s, rendered in the reader's language by the
//! report, and so are the steps: a recomputation reads the same in every
//! language.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::lang::message::Message;
use crate::msg;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Verified,
    Contradicted,
    Inconsistent,
}

impl Verdict {
    /// The verdict as the reports spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Contradicted => "contradicted",
            Verdict::Inconsistent => "inconsistent",
        }
    }

    pub fn is_flag(self) -> bool {
        !matches!(self, Verdict::Verified)
    }

    pub fn severity(self) -> Severity {
        match self {
            Verdict::Verified => Severity::Info,
            Verdict::Contradicted => Severity::Error,
            Verdict::Inconsistent => Severity::Warning,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

/// Another span a finding points at: the premise, the other statement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Related {
    pub span: Range<usize>,
    /// What it is to the finding, rendered in the reader's language.
    pub note: Message,
}

/// A cited source.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceRef {
    pub id: String,
    pub title: String,
    pub url: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub verdict: Verdict,
    /// The check's code, as `audit explain` knows it.
    pub check: &'static str,
    /// The whole claim.
    pub span: Range<usize>,
    /// Where the primary label goes (the claimed figure), within `span`.
    pub label_span: Range<usize>,
    /// What the primary label says.
    pub label: Message,
    /// The first line: what holds or what is wrong.
    pub message: Message,
    pub steps: Vec<Message>,
    pub related: Vec<Related>,
    pub sources: Vec<SourceRef>,
    /// What would reconcile the claim, or why nothing does.
    pub help: Option<Message>,
}

impl Finding {
    /// The finding's texts and lists with no room to grow: every finding is
    /// kept until its file's report is written, and a 10 MB line of
    /// calculations has 480,000 of them.
    pub fn shrink_to_fit(&mut self) {
        self.label.shrink_to_fit();
        self.message.shrink_to_fit();
        self.steps.iter_mut().for_each(Message::shrink_to_fit);
        self.steps.shrink_to_fit();
        self.related.iter_mut().for_each(|r| r.note.shrink_to_fit());
        self.related.shrink_to_fit();
        self.sources.shrink_to_fit();
        if let Some(help) = &mut self.help {
            help.shrink_to_fit();
        }
    }

    /// The finding's texts on one line each: a figure quoted from a
    /// wrapped line ("700⏎W") reads "700 W" in a message, a step, a label
    /// or a note.
    pub fn unwrap_lines(&mut self) {
        self.label.unwrap_lines();
        self.message.unwrap_lines();
        self.steps.iter_mut().for_each(Message::unwrap_lines);
        self.related.iter_mut().for_each(|r| r.note.unwrap_lines());
    }

    /// Findings sort by position, then check, then message (in English,
    /// so that every language lists them in one order): output order
    /// never depends on the order checks ran in.
    pub fn sort_key(&self) -> (usize, usize, &'static str, String) {
        (
            self.span.start,
            self.span.end,
            self.check,
            self.message.english(),
        )
    }
}

/// A label or a step that reads the same in every language: a
/// recomputation as written ("8 × 80 GB = 640 GB").
pub fn as_written(text: impl Into<String>) -> Message {
    msg!("label-as-written", text = text.into())
}

/// Findings in [`Finding::sort_key`] order, each key once.
///
/// Position and check tell almost every two findings apart, so the English
/// message (a Fluent rendering) is made only for findings that tie on them.
/// Both sorts are stable, so the order is the one sorting by the whole key
/// gives.
pub fn sort_and_dedup(findings: &mut Vec<Finding>) {
    let place = |f: &Finding| (f.span.start, f.span.end, f.check);
    findings.sort_by(|a, b| place(a).cmp(&place(b)));
    let mut out = Vec::with_capacity(findings.len());
    let mut rest = std::mem::take(findings).into_iter().peekable();
    while let Some(first) = rest.next() {
        let at = place(&first);
        if rest.peek().is_none_or(|next| place(next) != at) {
            out.push(first);
            continue;
        }
        let mut tied = vec![(first.message.english(), first)];
        while let Some(next) = rest.next_if(|next| place(next) == at) {
            tied.push((next.message.english(), next));
        }
        tied.sort_by(|a, b| a.0.cmp(&b.0));
        tied.dedup_by(|a, b| a.0 == b.0);
        out.extend(tied.into_iter().map(|(_, f)| f));
    }
    *findings = out;
}
