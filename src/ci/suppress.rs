//! Suppressions written in the article as HTML comments, which a Markdown
//! renderer does not show:
//!
//! - `<!-- audit-ignore-next-line -->`: findings that start on the next line;
//! - `<!-- audit-ignore -->`: findings in the next block (paragraph, heading,
//!   list, quote or table);
//! - `<!-- audit-disable -->` … `<!-- audit-enable -->`: findings between the
//!   two (to the end of the file when no `audit-enable` follows).
//!
//! Each takes an optional `check=spec,formula` to hide only those checks'
//! findings; `audit-enable check=spec` ends only the `spec` region. Comments
//! are found by the Markdown parser, so one inside a code block or inline
//! code is text, not a suppression. A comment that starts `audit-` but is no
//! directive, or names an unknown check, is an error: a typo must not
//! silently leave a finding shown, or hide one.
//!
//! Suppressions apply to a file's findings after the checks run
//! ([`apply`]): a hidden finding is not reported and does not fail the run.
//! Each suppression knows whether it hid a flagged finding, so
//! `--report-unused-suppressions` can point at those that hide nothing.

use std::ops::Range;
use std::sync::LazyLock;

use pulldown_cmark::{Event, Parser, Tag};
use regex::Regex;

use crate::audit::FileReport;
use crate::error::InputError;
use crate::read::document::Document;
use crate::read::markdown::parser_options;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    NextLine,
    NextBlock,
    Region,
}

/// One suppression comment and the part of the file it covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Suppression {
    pub kind: Kind,
    /// The checks it hides; `None` for every check.
    pub checks: Option<Vec<&'static str>>,
    /// The comment itself.
    pub comment: Range<usize>,
    /// Findings that start in this range are hidden.
    pub covers: Range<usize>,
}

impl Suppression {
    fn hides(&self, check: &str, start: usize) -> bool {
        self.covers.contains(&start)
            && self
                .checks
                .as_ref()
                .is_none_or(|checks| checks.contains(&check))
    }
}

/// A suppression that hid no flagged finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Unused {
    pub line: usize,
    pub column: usize,
    /// The comment as written.
    pub comment: String,
}

static DIRECTIVE: LazyLock<Regex> = LazyLock::new(|| {
    // A comment may run over lines: `(?s)` lets its argument do so too.
    Regex::new(r"(?s)<!--\s*(audit-[A-Za-z-]*)(.*?)-->").expect("the directive pattern compiles")
});

/// A directive as parsed, before its reach is known.
struct Directive {
    name: String,
    checks: Option<Vec<&'static str>>,
    comment: Range<usize>,
}

/// The HTML in a document (HTML blocks and inline HTML) and the blocks that
/// are not HTML, each by its byte range, in document order.
fn html_and_blocks(text: &str) -> (Vec<Range<usize>>, Vec<Range<usize>>) {
    let mut html = Vec::new();
    let mut blocks = Vec::new();
    for (event, range) in Parser::new_ext(text, parser_options()).into_offset_iter() {
        match event {
            Event::Start(Tag::HtmlBlock) | Event::InlineHtml(_) => html.push(range),
            Event::Start(
                Tag::Paragraph
                | Tag::Heading { .. }
                | Tag::BlockQuote(_)
                | Tag::List(_)
                | Tag::Item
                | Tag::Table(_)
                | Tag::CodeBlock(_)
                | Tag::FootnoteDefinition(_),
            ) => blocks.push(range),
            _ => {}
        }
    }
    (html, blocks)
}

fn error(doc: &Document, at: usize, message: String) -> InputError {
    let (line, column) = doc.line_col(at);
    InputError::Suppression {
        path: doc.path.clone(),
        line,
        column,
        message,
    }
}

fn directives(doc: &Document, html: &[Range<usize>]) -> Result<Vec<Directive>, InputError> {
    let mut found = Vec::new();
    for range in html.iter().cloned() {
        for caps in DIRECTIVE.captures_iter(&doc.text[range.clone()]) {
            let whole = caps.get(0).expect("a match has a whole");
            let comment = range.start + whole.start()..range.start + whole.end();
            let name = caps[1].to_string();
            if !matches!(
                name.as_str(),
                "audit-ignore-next-line" | "audit-ignore" | "audit-disable" | "audit-enable"
            ) {
                return Err(error(
                    doc,
                    comment.start,
                    format!(
                        "unknown suppression {name:?}; write audit-ignore-next-line, audit-ignore, audit-disable or audit-enable"
                    ),
                ));
            }
            let argument = caps[2].trim();
            let checks = if argument.is_empty() {
                None
            } else {
                let Some(list) = argument.strip_prefix("check=") else {
                    return Err(error(
                        doc,
                        comment.start,
                        format!("{name}: unknown argument {argument:?}; write check=spec,formula"),
                    ));
                };
                let mut checks = Vec::new();
                for name in list.split(',').map(str::trim) {
                    match crate::check::by_code(name) {
                        Some(c) => checks.push(c.code()),
                        None => {
                            return Err(error(
                                doc,
                                comment.start,
                                crate::ci::config::unknown_check(name),
                            ));
                        }
                    }
                }
                Some(checks)
            };
            found.push(Directive {
                name,
                checks,
                comment,
            });
        }
    }
    Ok(found)
}

/// The suppressions of a document, with what each covers.
pub fn parse(doc: &Document) -> Result<Vec<Suppression>, InputError> {
    // Most articles have none: they are not parsed a second time.
    if !doc.text.contains("audit-") {
        return Ok(Vec::new());
    }
    let (html, blocks) = html_and_blocks(&doc.text);
    let found = directives(doc, &html)?;
    let end = doc.text.len();
    let mut out = Vec::new();
    // Open regions: the check they hide (None for all) and where they start.
    let mut open: Vec<(Option<&'static str>, Directive)> = Vec::new();
    for d in found {
        match d.name.as_str() {
            "audit-ignore-next-line" => {
                let next = doc.line_index(d.comment.end) + 1;
                let start = doc.line_index_start(next);
                // Past the last line, the index gives 0: nothing is covered.
                let covers = if start == 0 {
                    end..end
                } else {
                    let after = doc.line_index_start(next + 1);
                    start..if after > start { after } else { end }
                };
                out.push(Suppression {
                    kind: Kind::NextLine,
                    checks: d.checks,
                    comment: d.comment,
                    covers,
                });
            }
            "audit-ignore" => {
                let covers = blocks
                    .iter()
                    .find(|b| b.start >= d.comment.end)
                    .cloned()
                    .unwrap_or(end..end);
                out.push(Suppression {
                    kind: Kind::NextBlock,
                    checks: d.checks,
                    comment: d.comment,
                    covers,
                });
            }
            "audit-disable" => match &d.checks {
                None => open.push((None, d)),
                Some(checks) => {
                    for &check in checks {
                        open.push((
                            Some(check),
                            Directive {
                                name: d.name.clone(),
                                checks: Some(vec![check]),
                                comment: d.comment.clone(),
                            },
                        ));
                    }
                }
            },
            _ => {
                let before = open.len();
                let (closed, still): (Vec<_>, Vec<_>) =
                    open.into_iter().partition(|(check, _)| match &d.checks {
                        None => true,
                        Some(checks) => check.is_some_and(|c| checks.contains(&c)),
                    });
                open = still;
                if closed.is_empty() {
                    return Err(error(
                        doc,
                        d.comment.start,
                        if before == 0 {
                            "audit-enable without an audit-disable before it".to_string()
                        } else {
                            "audit-enable names no check that an audit-disable before it disabled"
                                .to_string()
                        },
                    ));
                }
                out.extend(closed.into_iter().map(|(_, disable)| Suppression {
                    kind: Kind::Region,
                    checks: disable.checks,
                    covers: disable.comment.end..d.comment.start,
                    comment: disable.comment,
                }));
            }
        }
    }
    out.extend(open.into_iter().map(|(_, disable)| Suppression {
        kind: Kind::Region,
        checks: disable.checks,
        covers: disable.comment.end..end,
        comment: disable.comment,
    }));
    // A disable split per check is one comment: it is used when any part is.
    out.sort_by_key(|s| (s.comment.start, s.covers.start));
    Ok(out)
}

/// Hides the findings the suppressions cover, counting the flagged ones in
/// `report.suppressed`, and returns the suppressions that hid no flagged
/// finding, once per comment.
pub fn apply(report: &mut FileReport, suppressions: &[Suppression]) -> Vec<Unused> {
    if suppressions.is_empty() {
        return Vec::new();
    }
    let mut used = vec![false; suppressions.len()];
    let mut hidden = 0;
    report.findings.retain(|f| {
        let mut hide = false;
        for (i, s) in suppressions.iter().enumerate() {
            if s.hides(f.check, f.span.start) {
                hide = true;
                used[i] |= f.verdict.is_flag();
            }
        }
        if hide && f.verdict.is_flag() {
            hidden += 1;
        }
        !hide
    });
    report.suppressed += hidden;
    let doc = &report.document;
    let mut unused: Vec<Unused> = Vec::new();
    let mut comments = suppressions.iter().zip(&used).peekable();
    while let Some((s, &was_used)) = comments.next() {
        let mut any = was_used;
        while let Some(&(next, &next_used)) = comments.peek() {
            if next.comment != s.comment {
                break;
            }
            any |= next_used;
            comments.next();
        }
        if !any {
            let (line, column) = doc.line_col(s.comment.start);
            unused.push(Unused {
                line,
                column,
                comment: doc.text[s.comment.clone()].to_string(),
            });
        }
    }
    unused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covered(text: &str) -> Vec<(Kind, String)> {
        let doc = Document::new("a.md", text.to_string());
        parse(&doc)
            .unwrap()
            .into_iter()
            .map(|s| (s.kind, text[s.covers].to_string()))
            .collect()
    }

    #[test]
    fn next_line_covers_the_line_after_the_comment() {
        assert_eq!(
            covered("a\n<!-- audit-ignore-next-line -->\nb 8 GB\nc\n"),
            [(Kind::NextLine, "b 8 GB\n".to_string())]
        );
    }

    #[test]
    fn ignore_covers_the_next_block() {
        assert_eq!(
            covered("<!-- audit-ignore -->\n\n- one\n- two\n\nafter\n"),
            [(Kind::NextBlock, "- one\n- two\n\n".to_string())]
        );
    }

    #[test]
    fn regions_run_to_their_enable_or_the_end() {
        let text = "<!-- audit-disable check=spec -->\nx\n<!-- audit-enable -->\ny\n<!-- audit-disable -->\nz\n";
        assert_eq!(
            covered(text),
            [
                (Kind::Region, "\nx\n".to_string()),
                (Kind::Region, "\nz\n".to_string())
            ]
        );
    }

    #[test]
    fn a_comment_may_run_over_lines() {
        assert_eq!(
            covered("<!--\n  audit-ignore\n  check=spec\n-->\nx 8 GB\n"),
            [(Kind::NextBlock, "x 8 GB\n".to_string())]
        );
    }

    proptest::proptest! {
        /// Suppressions and their application never panic, whatever the
        /// comments, blocks and text around them, and cover only real text.
        #[test]
        fn any_mix_of_directives_is_read_safely(
            pieces in proptest::collection::vec(proptest::sample::select(vec![
                "<!-- audit-ignore -->", "<!-- audit-ignore-next-line -->",
                "<!-- audit-disable -->", "<!-- audit-enable -->",
                "<!-- audit-disable check=spec -->", "<!-- audit-enable check=spec -->",
                "<!-- audit-ignore check=arithmetic,spec -->", "<!--", "-->", "audit-",
                "8 × 40 GB = 300 GB.", "中文", "\n", "\n\n", "- ", "| a | b |\n|---|---|\n",
                "```\n", "`", "> ", "# ",
            ]), 0..24)
        ) {
            let text: String = pieces.concat();
            let doc = Document::new("a.md", text.clone());
            if let Ok(suppressions) = parse(&doc) {
                for s in &suppressions {
                    proptest::prop_assert!(s.covers.start <= s.covers.end && s.covers.end <= text.len());
                    proptest::prop_assert!(text.is_char_boundary(s.covers.start));
                }
                let mut report = crate::audit::audit(doc, crate::kb::Kb::builtin());
                let before = report.findings.len();
                let unused = apply(&mut report, &suppressions);
                proptest::prop_assert!(report.findings.len() <= before);
                proptest::prop_assert!(unused.len() <= suppressions.len());
            }
        }
    }

    #[test]
    fn comments_in_code_are_not_suppressions() {
        assert_eq!(
            covered("```\n<!-- audit-ignore -->\n```\n\n`<!-- audit-disable -->`\n"),
            []
        );
    }

    #[test]
    fn typos_and_unknown_checks_are_errors_with_their_place() {
        let error = |text: &str| {
            parse(&Document::new("a.md", text.to_string()))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            error("x\n<!-- audit-ignroe -->\n"),
            "a.md:2:1: unknown suppression \"audit-ignroe\"; write audit-ignore-next-line, audit-ignore, audit-disable or audit-enable"
        );
        assert!(
            error("<!-- audit-ignore check=speck -->\n")
                .starts_with("a.md:1:1: unknown check \"speck\"")
        );
        assert_eq!(
            error("<!-- audit-enable -->\n"),
            "a.md:1:1: audit-enable without an audit-disable before it"
        );
    }
}
