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

use std::io::{self, Write};

use super::{Emitter, Options, Show, Totals};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::read::document::Document;

pub struct Markdown {
    options: Options,
    totals: Totals,
}

impl Markdown {
    pub fn new(options: Options) -> Self {
        Markdown {
            options,
            totals: Totals::default(),
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

fn location(document: &Document, offset: usize) -> String {
    let (line, column) = document.line_col(offset);
    format!("line {line}, column {column}")
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

fn finding(out: &mut dyn Write, report: &FileReport, f: &Finding) -> io::Result<()> {
    let document = &report.document;
    writeln!(
        out,
        "### {} · {} · {}\n",
        f.verdict.as_str(),
        f.check,
        location(document, f.span.start)
    )?;
    writeln!(out, "**{}**\n", escape(&f.message))?;
    writeln!(out, "> {}\n", quote(report, &f.span))?;
    if !f.steps.is_empty() {
        writeln!(out, "Steps:\n")?;
        for (i, step) in f.steps.iter().enumerate() {
            writeln!(out, "{}. {}", i + 1, escape(step))?;
        }
        writeln!(out)?;
    }
    if !f.related.is_empty() {
        writeln!(out, "Related:\n")?;
        for r in &f.related {
            writeln!(
                out,
                "- {}: “{}” — {}",
                location(document, r.span.start),
                escape(&document.text[r.span.clone()]),
                escape(&r.note)
            )?;
        }
        writeln!(out)?;
    }
    if !f.sources.is_empty() {
        writeln!(out, "Sources:\n")?;
        for s in &f.sources {
            writeln!(out, "- [{}]({})", escape(&s.title), destination(&s.url))?;
        }
        writeln!(out)?;
    }
    if let Some(help) = &f.help {
        writeln!(out, "Help: {}\n", escape(help))?;
    }
    Ok(())
}

fn verified_table(out: &mut dyn Write, report: &FileReport) -> io::Result<()> {
    let verified: Vec<&Finding> = report
        .findings
        .iter()
        .filter(|f| f.verdict == Verdict::Verified)
        .collect();
    if verified.is_empty() {
        return Ok(());
    }
    writeln!(out, "### Verified\n")?;
    writeln!(out, "| line | check | claim | result |")?;
    writeln!(out, "|---:|---|---|---|")?;
    for f in verified {
        let (line, _) = report.document.line_col(f.span.start);
        writeln!(
            out,
            "| {line} | {} | {} | {} |",
            f.check,
            escape(&report.document.text[f.span.clone()]),
            escape(&f.message)
        )?;
    }
    writeln!(out)
}

/// What a file's flagged findings left out: those suppressions and a
/// baseline hid, when any did.
fn hidden(suppressed: usize, baselined: usize) -> String {
    let mut text = String::new();
    if suppressed > 0 {
        text.push_str(&format!(", {suppressed} suppressed"));
    }
    if baselined > 0 {
        text.push_str(&format!(", {baselined} hidden by the baseline"));
    }
    text
}

/// Every part of a file's section ends with a blank line, so sections and
/// the summary follow one another with one blank line between.
impl Emitter for Markdown {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "# Recount report\n")
    }

    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        self.totals.add(report);
        let document = &report.document;
        writeln!(out, "## {}\n", escape(&document.path.display().to_string()))?;
        writeln!(
            out,
            "{}; findings: {} verified, {} contradicted, {} inconsistent{}.\n",
            report.coverage().sentence(),
            report.count(Verdict::Verified),
            report.count(Verdict::Contradicted),
            report.count(Verdict::Inconsistent),
            hidden(report.suppressed, report.baselined),
        )?;
        for f in report.findings.iter().filter(|f| f.verdict.is_flag()) {
            finding(out, report, f)?;
        }
        if self.options.show == Show::All {
            verified_table(out, report)?;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let t = self.totals;
        writeln!(out, "## Summary\n")?;
        writeln!(
            out,
            "| files | figures | figures checked | figures unchecked | verified | contradicted | inconsistent | suppressed | hidden by the baseline |"
        )?;
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
