//! `--format github`: GitHub Actions workflow commands, one line per flagged
//! finding, which the runner turns into annotations on the pull request's
//! lines: `::error` for a contradicted claim, `::warning` for an
//! inconsistent one, and with `--show all` a `::notice` for each verified
//! one.
//!
//! Lines are 1-based and columns count characters, as in the JSON contract.
//! Values are escaped as the runner requires: `%`, `\r` and `\n` everywhere,
//! and also `:` and `,` in properties.

use std::io::{self, Write};

use super::{Emitter, Options};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::lang::message::Message;

pub struct Github {
    pub options: Options,
}

/// Escapes a command's message.
pub fn escape_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value (`file=`, `title=`).
pub fn escape_property(text: &str) -> String {
    escape_data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The annotation's body: the first line, then the recomputation, the help
/// line and the sources.
fn body(finding: &Finding) -> String {
    let mut lines = vec![finding.message.english()];
    lines.extend(finding.steps.iter().map(Message::english));
    if let Some(help) = &finding.help {
        lines.push(format!("help: {}", help.english()));
    }
    for source in &finding.sources {
        lines.push(format!("source: {} <{}>", source.title, source.url));
    }
    lines.join("\n")
}

impl Emitter for Github {
    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        let path = report.document.path.display().to_string();
        let path = path.strip_prefix("./").unwrap_or(&path);
        for finding in report
            .findings
            .iter()
            .filter(|f| self.options.show.shows(f))
        {
            let command = match finding.verdict {
                Verdict::Contradicted => "error",
                Verdict::Inconsistent => "warning",
                Verdict::Verified => "notice",
            };
            let (line, col) = report.document.line_col(finding.span.start);
            let (end_line, end_column) = report.document.line_col(finding.span.end);
            let title = format!("recount {}: {}", finding.check, finding.verdict.as_str());
            writeln!(
                out,
                "::{command} file={},line={line},col={col},endLine={end_line},endColumn={end_column},title={}::{}",
                escape_property(path),
                escape_property(&title),
                escape_data(&body(finding)),
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_escape_percent_and_line_breaks() {
        assert_eq!(escape_data("40%\r\nnext"), "40%25%0D%0Anext");
        assert_eq!(escape_data("a: b, c"), "a: b, c");
    }

    #[test]
    fn properties_also_escape_colons_and_commas() {
        assert_eq!(
            escape_property("recount spec: 5%, x\ny"),
            "recount spec%3A 5%25%2C x%0Ay"
        );
    }
}
