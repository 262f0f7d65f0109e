//! `--format markdown`: a report to read in a pull-request comment or to keep
//! in `reports/`. Per file, its counts and each flagged finding with its
//! sentence quoted (the claim in bold, so the reader sees it in context),
//! the recomputation step by step, the related spans and the sources as
//! links; with `--show all`, a table of what was verified. A summary table
//! closes the report: the files stream past one at a time, so the totals are
//! known only at the end.
//!
//! Everything taken from the article or the knowledge base is escaped, so an
//! article's asterisks, pipes or angle brackets show as written and never
//! become markup.
//!
//! Each file's section is in its language; the title and the summary table
//! in the run's ([`super::RunLang`]), so the title waits for the first file.

use std::io::{self, Write};

use super::{Emitter, Options, RunLang, Show, Totals, summary_columns, verdict, with_colon};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::lang::Catalogue;
use crate::read::document::Document;
use crate::tr;

pub struct Markdown {
    options: Options,
    totals: Totals,
    run: RunLang,
}

impl Markdown {
    pub fn new(options: Options) -> Self {
        Markdown {
            options,
            totals: Totals::default(),
            run: RunLang::new(options.lang),
        }
    }
}

/// Text as Markdown inline content that renders as written: line breaks
/// become spaces, and every character that could start markup is
/// backslash-escaped (CommonMark lets any ASCII punctuation be). The text
/// never starts a line, so line-start markers (`-`, `1.`) need nothing.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\r' | '\n' => out.push(' '),
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '~' | '&' | '$' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// A URL as a link destination: in angle brackets, with the characters that
/// would end it percent-encoded.
fn destination(url: &str) -> String {
    let mut out = String::from("<");
    for c in url.chars() {
        match c {
            '<' | '>' | ' ' | '\\' => out.push_str(&format!("%{:02X}", c as u32)),
            '\r' | '\n' => {}
            _ => out.push(c),
        }
    }
    out.push('>');
    out
}

fn location(catalogue: &Catalogue, document: &Document, offset: usize) -> String {
    let (line, column) = document.line_col(offset);
    tr!(
        catalogue,
        "location-line-column",
        line = line,
        column = column
    )
}

/// How many characters of a long sentence a quote keeps on either side of
/// the claim: enough for a clause or two, never a whole run-on paragraph.
const QUOTE_CONTEXT: usize = 160;

/// Whether a character counts as punctuation for CommonMark's emphasis
/// rules (ASCII or Unicode punctuation and symbols, approximated as
/// neither alphanumeric nor whitespace).
fn punctuation(c: char) -> bool {
    !c.is_alphanumeric() && !c.is_whitespace()
}

/// Whether `**` between `outer` and `inner` (the characters either side of
/// it, `inner` on the claim's side) is flanking on the claim's side, so it
/// opens or closes emphasis in CommonMark.
fn flanking(outer: Option<char>, inner: Option<char>) -> bool {
    match inner {
        None => false,
        Some(c) if c.is_whitespace() => false,
        Some(c) => !punctuation(c) || outer.is_none_or(|o| o.is_whitespace() || punctuation(o)),
    }
}

/// The claim's sentence as a Markdown quote, the claim in bold: `**…**`
/// where CommonMark lets it be emphasis, else `<b>…</b>` (as between a
/// `%` and a Chinese character). A long sentence keeps
/// [`QUOTE_CONTEXT`] characters either side, cut with an ellipsis.
fn quote(report: &FileReport, span: &std::ops::Range<usize>) -> String {
    let text = report.document.text.as_str();
    let sentence = report.sentence_of(span);
    let before = &text[sentence.start..span.start];
    let after = &text[span.end..sentence.end];
    let cut_before = before.chars().count() > QUOTE_CONTEXT;
    let cut_after = after.chars().count() > QUOTE_CONTEXT;
    let before = crate::read::segment::last_chars(before, QUOTE_CONTEXT);
    let after = match after.char_indices().nth(QUOTE_CONTEXT) {
        Some((i, _)) => &after[..i],
        None => after,
    };
    let (before, claim, after) = (escape(before), escape(&text[span.clone()]), escape(after));
    let opens = flanking(before.chars().last(), claim.chars().next());
    let closes = flanking(after.chars().next(), claim.chars().last());
    let (open, close) = if opens && closes {
        ("**", "**")
    } else {
        ("<b>", "</b>")
    };
    format!(
        "{}{before}{open}{claim}{close}{after}{}",
        if cut_before { "…" } else { "" },
        if cut_after { "…" } else { "" }
    )
}

fn finding(
    out: &mut dyn Write,
    catalogue: &Catalogue,
    report: &FileReport,
    f: &Finding,
) -> io::Result<()> {
    let document = &report.document;
    writeln!(
        out,
        "### {} · {} · {}\n",
        verdict(catalogue, f.verdict),
        f.check,
        location(catalogue, document, f.span.start)
    )?;
    writeln!(out, "**{}**\n", escape(&f.message.render(catalogue)))?;
    writeln!(out, "> {}\n", quote(report, &f.span))?;
    if !f.steps.is_empty() {
        writeln!(
            out,
            "{}\n",
            with_colon(catalogue, &tr!(catalogue, "label-steps"))
        )?;
        for (i, step) in f.steps.iter().enumerate() {
            writeln!(out, "{}. {}", i + 1, escape(&step.render(catalogue)))?;
        }
        writeln!(out)?;
    }
    if !f.related.is_empty() {
        writeln!(
            out,
            "{}\n",
            with_colon(catalogue, &tr!(catalogue, "label-related"))
        )?;
        for r in &f.related {
            writeln!(
                out,
                "- {}",
                tr!(
                    catalogue,
                    "markdown-related",
                    location = location(catalogue, document, r.span.start),
                    text = escape(&document.text[r.span.clone()]),
                    note = escape(&r.note.render(catalogue))
                )
            )?;
        }
        writeln!(out)?;
    }
    if !f.sources.is_empty() {
        writeln!(
            out,
            "{}\n",
            with_colon(catalogue, &tr!(catalogue, "label-sources"))
        )?;
        for s in &f.sources {
            writeln!(out, "- [{}]({})", escape(&s.title), destination(&s.url))?;
        }
        writeln!(out)?;
    }
    if let Some(help) = &f.help {
        writeln!(
            out,
            "{}\n",
            tr!(
                catalogue,
                "markdown-help",
                help = escape(&help.render(catalogue))
            )
        )?;
    }
    Ok(())
}

fn verified_table(
    out: &mut dyn Write,
    catalogue: &Catalogue,
    report: &FileReport,
) -> io::Result<()> {
    let verified: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.verdict == Verdict::Verified)
        .collect();
    if verified.is_empty() {
        return Ok(());
    }
    writeln!(out, "### {}\n", tr!(catalogue, "label-verified"))?;
    writeln!(
        out,
        "| {} | {} | {} | {} |",
        tr!(catalogue, "column-line"),
        tr!(catalogue, "column-check"),
        tr!(catalogue, "column-claim"),
        tr!(catalogue, "column-result")
    )?;
    writeln!(out, "|---:|---|---|---|")?;
    for f in verified {
        let (line, _) = report.document.line_col(f.span.start);
        writeln!(
            out,
            "| {line} | {} | {} | {} |",
            f.check,
            escape(&report.document.text[f.span.clone()]),
            escape(&f.message.render(catalogue))
        )?;
    }
    writeln!(out)
}

/// The report's title, in the run's language.
fn title(run: &RunLang, out: &mut dyn Write) -> io::Result<()> {
    writeln!(out, "# {}\n", tr!(run.lang().catalogue(), "report-title"))
}

/// Every part of a file's section ends with a blank line, so sections and
/// the summary follow one another with one blank line between. The title
/// is written with the first file, whose language it may take.
impl Emitter for Markdown {
    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        let first = !self.run.started();
        let catalogue = self.run.file(report).catalogue();
        if first {
            title(&self.run, out)?;
        }
        self.totals.add(report);
        let document = &report.document;
        writeln!(out, "## {}\n", escape(&document.path.display().to_string()))?;
        writeln!(
            out,
            "{}\n",
            tr!(
                catalogue,
                "summary-sentence",
                summary = Totals::of(report).sentence(catalogue)
            )
        )?;
        for f in report.findings.iter().filter(|f| f.verdict.is_flag()) {
            finding(out, catalogue, report, f)?;
        }
        if self.options.show == Show::All {
            verified_table(out, catalogue, report)?;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if !self.run.started() {
            title(&self.run, out)?;
        }
        let t = self.totals;
        let c = self.run.lang().catalogue();
        writeln!(out, "## {}\n", tr!(c, "label-summary"))?;
        writeln!(out, "| {} |", summary_columns(c).join(" | "))?;
        writeln!(out, "|---:|---:|---:|---:|---:|---:|---:|---:|---:|")?;
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            t.files,
            t.coverage.figures,
            t.coverage.verified + t.coverage.flagged,
            t.coverage.unchecked,
            t.verified,
            t.contradicted,
            t.inconsistent,
            t.suppressed,
            t.baselined
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn article_text_never_becomes_markup() {
        assert_eq!(
            escape("**8 × 80** | <b>\n# x"),
            r"\*\*8 × 80\*\* \| \<b\> \# x"
        );
    }

    fn report(text: &str) -> FileReport {
        crate::audit::audit(Document::new("a.md", text.into()), crate::kb::Kb::builtin())
    }

    fn span_of(text: &str, claim: &str) -> std::ops::Range<usize> {
        let start = text.find(claim).unwrap();
        start..start + claim.len()
    }

    #[test]
    fn a_claim_is_quoted_in_its_sentence_in_bold() {
        let text = "# GPUs\n\nIntro. Eight GPUs: 8 × 40 GB = 300 GB. The end.\n";
        let span = span_of(text, "8 × 40 GB = 300 GB");
        assert_eq!(
            quote(&report(text), &span),
            "Eight GPUs: **8 × 40 GB = 300 GB**."
        );
    }

    #[test]
    fn bold_that_commonmark_would_not_read_as_emphasis_is_html() {
        // `**` after `%` and before `的` flanks neither way.
        let text = "集群的利用率是 38%的样子。\n";
        let span = span_of(text, "38%");
        assert_eq!(
            quote(&report(text), &span),
            "集群的利用率是 <b>38%</b>的样子。"
        );
    }

    #[test]
    fn a_long_sentence_is_cut_around_the_claim() {
        let text = format!(
            "{} 8 × 40 GB = 300 GB {}.\n",
            "word ".repeat(100),
            "more ".repeat(100)
        );
        let span = span_of(&text, "8 × 40 GB = 300 GB");
        let quoted = quote(&report(&text), &span);
        assert!(quoted.starts_with("…"), "{quoted}");
        assert!(quoted.ends_with("…"), "{quoted}");
        assert!(quoted.contains(" **8 × 40 GB = 300 GB** "), "{quoted}");
        assert_eq!(
            quoted.chars().count(),
            2 + 2 * QUOTE_CONTEXT + 22,
            "{quoted}"
        );
    }

    #[test]
    fn link_destinations_cannot_be_broken_out_of() {
        assert_eq!(destination("https://a.b/x y>z"), "<https://a.b/x%20y%3Ez>");
    }
}
