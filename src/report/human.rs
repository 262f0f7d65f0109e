//! `--format human`: each flagged finding as a miette diagnostic, with the
//! claim underlined, the recomputation in the label and a help line; verified
//! findings (with `--show all`) as one line each; a summary line per file,
//! and after several files a grand total of the same counts, so a folder's
//! run ends with its outcome rather than its last file's.

use std::fmt;
use std::io::{self, Write};

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use super::{Emitter, Options, Show, Totals};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Severity, Verdict};
use crate::read::document::Document;

pub struct Human {
    options: Options,
    totals: Totals,
}

impl Human {
    pub fn new(options: Options) -> Self {
        Human {
            options,
            totals: Totals::default(),
        }
    }
}

/// "; findings: 1 verified, 2 contradicted, 0 inconsistent", with what
/// suppressions and a baseline hid when any did.
fn findings_counts(
    verified: usize,
    contradicted: usize,
    inconsistent: usize,
    suppressed: usize,
    baselined: usize,
) -> String {
    let mut text = format!(
        "; findings: {verified} verified, {contradicted} contradicted, {inconsistent} inconsistent"
    );
    if suppressed > 0 {
        text.push_str(&format!(", {suppressed} suppressed"));
    }
    if baselined > 0 {
        text.push_str(&format!(", {baselined} hidden by the baseline"));
    }
    text
}

/// A finding as miette sees it.
struct Rendered<'a> {
    finding: &'a Finding,
    source: Source<'a>,
}

/// The document as miette reads it: a span's line and column come from the
/// document's line index, where miette's own `str` source would count lines
/// from the start of the file for every finding, which is quadratic in a
/// long article full of findings. With no context lines, miette asks for the
/// span itself, which is what this gives.
struct Source<'a> {
    name: &'a str,
    document: &'a Document,
}

/// How far a snippet reaches along a line on either side of its span, in
/// characters.
const CONTEXT_CHARS: usize = 32;

impl SourceCode for Source<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        if context_lines_before > 0 || context_lines_after > 0 {
            let whole = self.document.text.as_str();
            let contents = whole.read_span(span, context_lines_before, context_lines_after)?;
            return Ok(Box::new(MietteSpanContents::new_named(
                self.name.to_string(),
                contents.data(),
                *contents.span(),
                contents.line(),
                contents.column(),
                contents.line_count(),
            )));
        }
        let text = self.document.text.as_str();
        let start = span.offset();
        let end = start + span.len();
        if end > text.len() {
            return Err(MietteError::OutOfBounds);
        }
        // The line around the span, so the snippet reads as the source
        // does, but at most a few words either side of a long line.
        let line = self.document.line_index(start);
        let line_start = self.document.line_index_start(line);
        let from = text[line_start..start]
            .char_indices()
            .rev()
            .take(CONTEXT_CHARS)
            .last()
            .map_or(start, |(i, _)| line_start + i);
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let to = text[end..line_end]
            .char_indices()
            .nth(CONTEXT_CHARS)
            .map_or(line_end, |(i, _)| end + i);
        // The column is the span's own, in characters as every other
        // format counts it (an editor jumps there in a Chinese line): miette
        // shows it in the snippet's header, and only counts on from it
        // within the line.
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_string(),
            &text.as_bytes()[from..to],
            SourceSpan::from(from..to),
            line,
            text[line_start..start].chars().count(),
            self.document.line_index(to.saturating_sub(1).max(from)) - line + 1,
        )))
    }
}

impl fmt::Debug for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.finding.message)
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.finding.check, self.finding.message)
    }
}

impl std::error::Error for Rendered<'_> {}

impl Diagnostic for Rendered<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.verdict.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Info => miette::Severity::Advice,
        })
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let f = self.finding;
        let primary =
            LabeledSpan::new_primary_with_span(Some(f.label.clone()), f.label_span.clone());
        let related = f
            .related
            .iter()
            .filter(|r| r.span != f.label_span)
            .map(|r| LabeledSpan::new_with_span(Some(r.note.clone()), r.span.clone()));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }

    fn help(&self) -> Option<Box<dyn fmt::Display + '_>> {
        let f = self.finding;
        let mut lines: Vec<String> = Vec::new();
        if let Some(h) = &f.help {
            lines.push(h.clone());
        }
        for s in &f.sources {
            lines.push(format!("source: {} <{}>", s.title, s.url));
        }
        (!lines.is_empty()).then(|| Box::new(lines.join("\n")) as Box<dyn fmt::Display>)
    }
}

impl Human {
    fn handler(&self) -> GraphicalReportHandler {
        let theme = if self.options.color {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        GraphicalReportHandler::new_themed(theme)
            .with_width(self.options.width)
            .with_context_lines(0)
    }
}

impl Emitter for Human {
    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        self.totals.add(report);
        let handler = self.handler();
        let path = report.document.path.display().to_string();
        for f in &report.findings {
            if f.verdict == Verdict::Verified {
                if self.options.show == Show::All {
                    let (line, column) = report.document.line_col(f.span.start);
                    writeln!(
                        out,
                        "{path}:{line}:{column}: verified [{}] {}",
                        f.check, f.message
                    )?;
                }
                continue;
            }
            let rendered = Rendered {
                finding: f,
                source: Source {
                    name: &path,
                    document: &report.document,
                },
            };
            let mut rendering = String::new();
            handler
                .render_report(&mut rendering, &rendered)
                .map_err(io::Error::other)?;
            writeln!(out, "{}", rendering.trim_end())?;
            writeln!(out)?;
        }
        writeln!(
            out,
            "{path}: {}{}",
            report.coverage().sentence(),
            findings_counts(
                report.count(Verdict::Verified),
                report.count(Verdict::Contradicted),
                report.count(Verdict::Inconsistent),
                report.suppressed,
                report.baselined,
            )
        )
    }

    /// The grand total, after two files or more (for one, its own line
    /// says it all).
    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let t = self.totals;
        if t.files < 2 {
            return Ok(());
        }
        writeln!(
            out,
            "total: {} files, {}{}",
            t.files,
            t.coverage.sentence(),
            findings_counts(
                t.verified,
                t.contradicted,
                t.inconsistent,
                t.suppressed,
                t.baselined
            )
        )
    }
}
