//! `--format json`: the stable, versioned contract documented in the README.
//! Verified findings are always included.
//!
//! Written one file at a time: the envelope by hand, each file and the
//! summary by serde_json, indented to sit inside it, so the bytes are those
//! serde_json's pretty printer gives for the whole document at once.

use std::io::{self, Write};

use serde::Serialize;

use super::{Emitter, Totals, indented, write_indented};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Severity, SourceRef, Verdict};
use crate::claim::statement::Coverage;
use crate::lang::message::Message;

/// The totals so far (which also say whether a file was written yet).
#[derive(Default)]
pub struct Json {
    summary: Totals,
}

pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct FileOut<'a> {
    path: String,
    claims: usize,
    coverage: Coverage,
    findings: Findings<'a>,
}

/// A report's findings, each turned into its [`FindingOut`] only as it is
/// written: the line of 480,000 calculations is as many findings.
struct Findings<'a>(&'a FileReport);

impl Serialize for Findings<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.findings.iter().map(|f| finding(self.0, f)))
    }
}

#[derive(Serialize)]
struct Span {
    start: usize,
    end: usize,
}

#[derive(Serialize)]
struct FindingOut<'a> {
    verdict: Verdict,
    check: &'static str,
    severity: Severity,
    span: Span,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
    text: &'a str,
    /// In English in every language: the contract is for programs.
    message: String,
    steps: Vec<String>,
    related: Vec<RelatedOut<'a>>,
    sources: &'a [SourceRef],
    help: Option<String>,
}

#[derive(Serialize)]
struct RelatedOut<'a> {
    span: Span,
    text: &'a str,
    note: String,
}

fn finding<'a>(report: &'a FileReport, f: &'a Finding) -> FindingOut<'a> {
    let doc = &report.document;
    let (line, column) = doc.line_col(f.span.start);
    let (end_line, end_column) = doc.line_col(f.span.end);
    FindingOut {
        verdict: f.verdict,
        check: f.check,
        severity: f.verdict.severity(),
        span: Span {
            start: f.span.start,
            end: f.span.end,
        },
        line,
        column,
        end_line,
        end_column,
        text: &doc.text[f.span.clone()],
        message: f.message.english(),
        steps: f.steps.iter().map(Message::english).collect(),
        related: f
            .related
            .iter()
            .map(|r| RelatedOut {
                span: Span {
                    start: r.span.start,
                    end: r.span.end,
                },
                text: &doc.text[r.span.clone()],
                note: r.note.english(),
            })
            .collect(),
        sources: &f.sources,
        help: f.help.as_ref().map(Message::english),
    }
}

impl Emitter for Json {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        write!(out, "{{\n  \"version\": {VERSION},\n  \"files\": [")
    }

    fn file(&mut self, r: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        self.summary.add(r);
        let file = FileOut {
            path: r.document.path.display().to_string(),
            claims: r.claims,
            coverage: r.coverage(),
            findings: Findings(r),
        };
        let separator = if self.summary.files == 1 { "" } else { "," };
        write!(out, "{separator}\n    ")?;
        write_indented(out, &file, "    ")
    }

    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.summary.files > 0 {
            write!(out, "\n  ")?;
        }
        writeln!(
            out,
            "],\n  \"summary\": {}\n}}",
            indented(&self.summary, "  ")?
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::audit;
    use crate::kb::Kb;
    use crate::read::document::Document;

    /// The document serde_json prints for the same reports at once.
    fn whole(reports: &[FileReport]) -> String {
        let mut summary = Totals::default();
        let files: Vec<FileOut> = reports
            .iter()
            .map(|r| {
                summary.add(r);
                FileOut {
                    path: r.document.path.display().to_string(),
                    claims: r.claims,
                    coverage: r.coverage(),
                    findings: Findings(r),
                }
            })
            .collect();
        #[derive(Serialize)]
        struct Output<'a> {
            version: u32,
            files: Vec<FileOut<'a>>,
            summary: Totals,
        }
        let output = Output {
            version: VERSION,
            files,
            summary,
        };
        format!("{}\n", serde_json::to_string_pretty(&output).unwrap())
    }

    #[test]
    fn streaming_gives_the_bytes_of_the_whole_document() {
        let reports: Vec<FileReport> = ["8 × 40 GB = 300 GB.\n", "", "8 × 80 GB = 640 GB.\n"]
            .iter()
            .enumerate()
            .map(|(i, text)| {
                audit(
                    Document::new(format!("{i}.md"), text.to_string()),
                    Kb::builtin(),
                )
            })
            .collect();
        for n in 0..=reports.len() {
            let mut out = Vec::new();
            Json::default().emit(&reports[..n], &mut out).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                whole(&reports[..n]),
                "{n} files"
            );
        }
    }
}
