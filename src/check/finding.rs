//! Findings: what a check concluded about one claim, with everything a reader
//! needs to follow it: the spans, the recomputation as steps, the sources and
//! a help line.

use std::ops::Range;

use serde::{Deserialize, Serialize};

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
    pub note: String,
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
    pub label: String,
    /// The first line: what holds or what is wrong.
    pub message: String,
    pub steps: Vec<String>,
    pub related: Vec<Related>,
    pub sources: Vec<SourceRef>,
    pub help: Option<String>,
}

impl Finding {
    /// The finding's texts and lists with no room to grow: every finding is
    /// kept until its file's report is written, and a 10 MB line of
    /// calculations has 480,000 of them.
    pub fn shrink_to_fit(&mut self) {
        self.label.shrink_to_fit();
        self.message.shrink_to_fit();
        self.steps.iter_mut().for_each(String::shrink_to_fit);
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
        let one_line = |s: &mut String| {
            if s.contains(['\n', '\r']) {
                *s = s.split_whitespace().collect::<Vec<_>>().join(" ");
            }
        };
        one_line(&mut self.label);
        one_line(&mut self.message);
        self.steps.iter_mut().for_each(one_line);
        self.related.iter_mut().for_each(|r| one_line(&mut r.note));
    }

    /// Findings sort by position, then check, then message: output order
    /// never depends on the order checks ran in.
    pub fn sort_key(&self) -> (usize, usize, &'static str, &str) {
        (self.span.start, self.span.end, self.check, &self.message)
    }
}
