//! Output formats. Each emitter turns the same reports into one format;
//! all of them are deterministic (sorted, no timestamps).
//!
//! `human` and `json` are for a person at a terminal and for programs;
//! `sarif` and `github` put findings on the lines of a pull request in code
//! scanning or as workflow annotations; `markdown` is a report for a
//! pull-request comment or for `reports/`; `html` is the article itself with
//! each checked claim highlighted. [`output`] writes reports and baselines
//! atomically, never over an input.

pub mod claims;
pub mod github;
pub mod html;
pub mod human;
pub mod json;
pub mod markdown;
pub mod output;
pub mod sarif;

use std::io::{self, Write};

use serde::Serialize;

use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::claim::statement::Coverage;

/// Which findings a format shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Show {
    /// Contradicted and inconsistent claims.
    Flagged,
    /// Verified claims too.
    All,
}

impl Show {
    /// Whether a finding is shown under this setting.
    pub fn shows(self, finding: &Finding) -> bool {
        finding.verdict.is_flag() || self == Show::All
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Compiler-style diagnostics.
    Human,
    /// The versioned JSON contract (verified findings included).
    Json,
    /// SARIF 2.1.0 for code scanning (flagged findings only).
    Sarif,
    /// GitHub Actions workflow commands: an annotation per flagged finding.
    Github,
    /// A Markdown report for a pull-request comment or `reports/`.
    Markdown,
    /// One self-contained HTML page: the article with each checked claim
    /// highlighted.
    Html,
}

/// Settings shared by the emitters.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub show: Show,
    pub color: bool,
    pub width: usize,
}

/// One output format, fed one file at a time (in path order) so that a run
/// over many files holds a few reports at once, never all of them.
pub trait Emitter {
    /// Before the first file: an opening bracket, a header.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let _ = out;
        Ok(())
    }

    /// One file's report.
    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()>;

    /// After the last file: totals, closing brackets.
    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let _ = out;
        Ok(())
    }

    /// Every report at once: `begin`, each `file`, `end`.
    fn emit(&mut self, reports: &[FileReport], out: &mut dyn Write) -> io::Result<()> {
        self.begin(out)?;
        for report in reports {
            self.file(report, out)?;
        }
        self.end(out)
    }
}

pub fn emitter(format: Format, options: Options) -> Box<dyn Emitter> {
    match format {
        Format::Human => Box::new(human::Human::new(options)),
        Format::Json => Box::new(json::Json::default()),
        Format::Sarif => Box::new(sarif::Sarif::default()),
        Format::Github => Box::new(github::Github { options }),
        Format::Markdown => Box::new(markdown::Markdown::new(options)),
        Format::Html => Box::new(html::Html::default()),
    }
}

/// The counts every summary gives: files, claims found, findings by
/// verdict, and the flagged findings hidden by suppression comments and by a
/// baseline. Added up one file at a time, as the files stream past.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub files: usize,
    pub claims: usize,
    pub verified: usize,
    pub contradicted: usize,
    pub inconsistent: usize,
    /// Figures found, covered by a check and left unchecked.
    pub coverage: Coverage,
    /// Not in the JSON contract's summary (version 1 predates suppressions).
    #[serde(skip)]
    pub suppressed: usize,
    /// Not in the JSON contract's summary (version 1 predates baselines).
    #[serde(skip)]
    pub baselined: usize,
}

impl Totals {
    /// Counts one more file.
    pub fn add(&mut self, report: &FileReport) {
        self.files += 1;
        self.claims += report.claims;
        self.verified += report.count(Verdict::Verified);
        self.contradicted += report.count(Verdict::Contradicted);
        self.inconsistent += report.count(Verdict::Inconsistent);
        self.coverage.add(report.coverage());
        self.suppressed += report.suppressed;
        self.baselined += report.baselined;
    }
}

/// `value` pretty-printed by serde_json, each line after the first indented
/// by `indent`, to sit inside an envelope written by hand.
pub(crate) fn indented(value: &impl Serialize, indent: &str) -> io::Result<String> {
    let mut text = Vec::new();
    write_indented(&mut text, value, indent)?;
    String::from_utf8(text).map_err(io::Error::other)
}

/// [`indented`] written to `out` as serde_json prints it, never held whole:
/// one file's report on a 10 MB line is hundreds of megabytes of JSON.
pub(crate) fn write_indented(
    out: &mut dyn Write,
    value: &impl Serialize,
    indent: &str,
) -> io::Result<()> {
    let mut writer = Indent {
        out: io::BufWriter::with_capacity(1 << 16, out),
        indent: indent.as_bytes(),
    };
    serde_json::to_writer_pretty(&mut writer, value).map_err(io::Error::other)?;
    writer.out.flush()
}

/// A writer that puts `indent` after every line break it passes on. JSON
/// strings escape their line breaks, so every one it sees is the pretty
/// printer's own.
struct Indent<'a, W: Write> {
    out: W,
    indent: &'a [u8],
}

impl<W: Write> Write for Indent<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut lines = buf.split(|&b| b == b'\n');
        if let Some(first) = lines.next() {
            self.out.write_all(first)?;
        }
        for line in lines {
            self.out.write_all(b"\n")?;
            self.out.write_all(self.indent)?;
            self.out.write_all(line)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The first paragraph of a check's documentation, on one line: what the
/// check catches.
pub fn check_summary(check: &dyn crate::check::Check) -> String {
    crate::check::documentation(check)
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .replace('\n', " ")
}
