//! `--format human`: each flagged finding as a miette diagnostic, with the
//! claim underlined, the recomputation in the label and a help line; verified
//! findings (with `--show all`) as one line each; a summary line per file,
//! and after several files a grand total of the same counts, so a folder's
//! run ends with its outcome rather than its last file's. Each file's lines
//! are in its language, the grand total in the run's ([`super::RunLang`]);
//! the findings' first lines, labels and help lines are rendered there
//! from their messages, and the words around them are the catalogue's.

use std::fmt;
use std::io::{self, Write};

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use super::{Emitter, Options, RunLang, Show, Totals};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Severity, Verdict};
use crate::lang::Catalogue;
use crate::read::document::Document;
use crate::tr;

pub struct Human {
    options: Options,
    totals: Totals,
    run: RunLang,
}

impl Human {
    pub fn new(options: Options) -> Self {
        Human {
            options,
            totals: Totals::default(),
            run: RunLang::new(options.lang),
        }
    }
}

/// What miette writes before a help line, colour aside.
const MIETTE_HELP: &str = "  help: ";

/// A rendering with miette's help label in the catalogue's words. The
/// label is the first line that starts with it once any colour codes are
/// skipped (the header's continuation lines are indented further, the
/// snippet's start with a gutter); it is padded to the width of miette's,
/// so the wrapped help lines, indented to that width, stay under it.
fn translate_help(rendering: String, catalogue: &Catalogue) -> String {
    let label = tr!(catalogue, "human-help");
    let english = &MIETTE_HELP[2..];
    if label == english {
        return rendering;
    }
    let width = |text: &str| unicode_width::UnicodeWidthStr::width(text);
    let padded = format!(
        "{label}{}",
        " ".repeat(width(english).saturating_sub(width(&label)))
    );
    let mut at = 0;
    for line in rendering.split_inclusive('\n') {
        let mut rest = line;
        // An SGR colour code: ESC [ parameters m.
        while let Some(code) = rest.strip_prefix("\x1b[") {
            match code.find('m') {
                Some(end) => rest = &code[end + 1..],
                None => break,
            }
        }
        if rest.starts_with(MIETTE_HELP) {
            let start = at + (line.len() - rest.len()) + 2;
            let mut out = rendering.clone();
            out.replace_range(start..start + english.len(), &padded);
            return out;
        }
        at += line.len();
    }
    rendering
}

/// A finding as miette sees it.
struct Rendered<'a> {
    finding: &'a Finding,
    source: Source<'a>,
    catalogue: &'a Catalogue,
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
        f.write_str(&self.finding.message.render(self.catalogue))
    }
}

impl fmt::Display for Rendered<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}",
            self.finding.check,
            self.finding.message.render(self.catalogue)
        )
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
        let primary = LabeledSpan::new_primary_with_span(
            Some(f.label.render(self.catalogue)),
            f.label_span.clone(),
        );
        let related = f
            .related
            .iter()
            .filter(|r| r.span != f.label_span)
            .map(|r| {
                LabeledSpan::new_with_span(Some(r.note.render(self.catalogue)), r.span.clone())
            });
        Some(Box::new(std::iter::once(primary).chain(related)))
    }

    fn help(&self) -> Option<Box<dyn fmt::Display + '_>> {
        let f = self.finding;
        let mut lines: Vec<String> = Vec::new();
        if let Some(h) = &f.help {
            lines.push(h.render(self.catalogue));
        }
        for s in &f.sources {
            lines.push(tr!(
                self.catalogue,
                "human-source",
                title = s.title.as_str(),
                url = s.url.as_str()
            ));
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
        let catalogue = self.run.file(report).catalogue();
        let handler = self.handler();
        let path = report.document.path.display().to_string();
        for f in &report.findings {
            if f.verdict == Verdict::Verified {
                if self.options.show == Show::All {
                    let (line, column) = report.document.line_col(f.span.start);
                    writeln!(
                        out,
                        "{}",
                        tr!(
                            catalogue,
                            "human-verified",
                            location = format!("{path}:{line}:{column}"),
                            check = f.check,
                            message = f.message.render(catalogue)
                        )
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
                catalogue,
            };
            let mut rendering = String::new();
            handler
                .render_report(&mut rendering, &rendered)
                .map_err(io::Error::other)?;
            let rendering = translate_help(rendering, catalogue);
            writeln!(out, "{}", rendering.trim_end())?;
            writeln!(out)?;
        }
        writeln!(
            out,
            "{}",
            tr!(
                catalogue,
                "summary-file",
                path = path.as_str(),
                summary = Totals::of(report).sentence(catalogue)
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
        let catalogue = self.run.lang().catalogue();
        writeln!(
            out,
            "{}",
            tr!(
                catalogue,
                "summary-total",
                files = t.files,
                summary = t.sentence(catalogue)
            )
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;

    #[test]
    fn the_help_label_is_translated_in_place_with_its_width_and_colour() {
        let rendering = "  × arithmetic: 8 × 40 GB is 320 GB\n   ╭─[a.md:1:1]\n   ╰────\n  help: the calculation gives 320 GB; the\n        article says 300 GB\n";
        assert_eq!(
            translate_help(rendering.to_string(), Lang::En.catalogue()),
            rendering
        );
        assert_eq!(
            translate_help(rendering.to_string(), Lang::ZhHant.catalogue()),
            rendering.replace("  help: ", "  提示：")
        );
        // In colour, the label is inside its escape codes.
        let coloured = "\x1b[31m  × x\x1b[0m\n\x1b[36m  help: \x1b[0mthe help\n";
        assert_eq!(
            translate_help(coloured.to_string(), Lang::ZhHans.catalogue()),
            "\x1b[31m  × x\x1b[0m\n\x1b[36m  提示：\x1b[0mthe help\n"
        );
        // A message that says "help:" is not the label.
        let said = "  × help: wrong\n  help: the help\n";
        assert_eq!(
            translate_help(said.to_string(), Lang::ZhHans.catalogue()),
            "  × help: wrong\n  提示：the help\n"
        );
    }
}
