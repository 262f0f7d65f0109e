//! `--format json`: the stable, versioned contract documented in the README.
//! Verified findings are always included.

use std::io::{self, Write};

use serde::Serialize;

use super::{Emitter, Totals};
use crate::audit::FileReport;
use crate::finding::{Finding, Severity, SourceRef, Verdict};

pub struct Json;

pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct Output<'a> {
    version: u32,
    files: Vec<FileOut<'a>>,
    summary: Totals,
}

#[derive(Serialize)]
struct FileOut<'a> {
    path: String,
    claims: usize,
    findings: Vec<FindingOut<'a>>,
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
    message: &'a str,
    steps: &'a [String],
    related: Vec<RelatedOut<'a>>,
    sources: &'a [SourceRef],
    help: Option<&'a str>,
}

#[derive(Serialize)]
struct RelatedOut<'a> {
    span: Span,
    text: &'a str,
    note: &'a str,
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
        message: &f.message,
        steps: &f.steps,
        related: f
            .related
            .iter()
            .map(|r| RelatedOut {
                span: Span {
                    start: r.span.start,
                    end: r.span.end,
                },
                text: &doc.text[r.span.clone()],
                note: &r.note,
            })
            .collect(),
        sources: &f.sources,
        help: f.help.as_deref(),
    }
}

impl Emitter for Json {
    fn emit(&self, reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
        let files = reports
            .iter()
            .map(|r| FileOut {
                path: r.document.path.display().to_string(),
                claims: r.claims,
                findings: r.findings.iter().map(|f| finding(r, f)).collect(),
            })
            .collect();
        let output = Output {
            version: VERSION,
            files,
            summary: Totals::of(reports),
        };
        serde_json::to_writer_pretty(&mut *out, &output).map_err(io::Error::other)?;
        writeln!(out)
    }
}
