//! Output formats. Each emitter turns the same reports into one format;
//! all of them are deterministic (sorted, no timestamps).
//!
//! `human` and `json` are for a person at a terminal and for programs;
//! `sarif` and `github` put findings on the lines of a pull request in code
//! scanning or as workflow annotations; `markdown` is a report for a
//! pull-request comment or for `reports/`; `html` is the article itself with
//! each checked claim highlighted. [`output`] writes reports and baselines
//! atomically, never over an input.
//!
//! The human, Markdown and HTML reports and `audit claims` speak the
//! reader's language ([`crate::lang`]): each file's part in its own
//! language (pinned by `--lang`, or under `auto` its prose's), and what
//! belongs to the whole run (the report's title, the HTML legend and
//! filter, the summary table, the grand total) in the language pinned, or
//! under `auto` the first file's. JSON, SARIF and GitHub annotations are
//! contracts for programs and stay English.

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
use crate::lang::{Catalogue, Choice, Lang};
use crate::tr;

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
    /// The language of the human, Markdown and HTML reports.
    pub lang: Choice,
}

/// The language a file's report speaks: the one pinned, or its prose's.
pub fn language(choice: Choice, report: &FileReport) -> Lang {
    choice.resolve(|| {
        let text = report.document.text.as_str();
        crate::lang::detect::of_prose(report.sentences.iter().filter_map(|s| text.get(s.clone())))
    })
}

/// The language of what belongs to a whole run rather than to one file:
/// the one pinned, else the first file's (English before any file).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunLang {
    choice: Choice,
    first: Option<Lang>,
}

impl RunLang {
    pub(crate) fn new(choice: Choice) -> RunLang {
        RunLang {
            choice,
            first: None,
        }
    }

    /// A file's language, which the run takes if it is the first.
    pub(crate) fn file(&mut self, report: &FileReport) -> Lang {
        let lang = language(self.choice, report);
        self.first.get_or_insert(lang);
        lang
    }

    /// Whether any file has been seen.
    pub(crate) fn started(&self) -> bool {
        self.first.is_some()
    }

    pub(crate) fn lang(&self) -> Lang {
        self.choice.resolve(|| self.first.unwrap_or(Lang::En))
    }
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
        Format::Html => Box::new(html::Html::new(options)),
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

    /// One file's counts.
    pub fn of(report: &FileReport) -> Totals {
        let mut totals = Totals::default();
        totals.add(report);
        totals
    }

    /// The counts in words: "25 figures: 12 verified, 2 flagged, 11
    /// unchecked; findings: 6 verified, 1 contradicted, 0 inconsistent",
    /// with what suppressions and a baseline hid when any did (", 2
    /// suppressed, 1 hidden by the baseline").
    pub fn sentence(&self, catalogue: &Catalogue) -> String {
        let mut text = coverage(catalogue, self.coverage);
        text.push_str(&tr!(catalogue, "summary-clause-separator"));
        text.push_str(&tr!(
            catalogue,
            "summary-findings",
            verified = self.verified,
            contradicted = self.contradicted,
            inconsistent = self.inconsistent
        ));
        let hidden = [
            (self.suppressed > 0)
                .then(|| tr!(catalogue, "summary-suppressed", count = self.suppressed)),
            (self.baselined > 0)
                .then(|| tr!(catalogue, "summary-baselined", count = self.baselined)),
        ];
        for part in hidden.into_iter().flatten() {
            text.push_str(&tr!(catalogue, "summary-list-separator"));
            text.push_str(&part);
        }
        text
    }
}

/// "25 figures: 12 verified, 2 flagged, 11 unchecked".
pub fn coverage(catalogue: &Catalogue, coverage: Coverage) -> String {
    tr!(
        catalogue,
        "summary-coverage",
        figures = coverage.figures,
        verified = coverage.verified,
        flagged = coverage.flagged,
        unchecked = coverage.unchecked
    )
}

/// A verdict's word.
pub fn verdict(catalogue: &Catalogue, verdict: Verdict) -> String {
    match verdict {
        Verdict::Verified => tr!(catalogue, "verdict-verified"),
        Verdict::Contradicted => tr!(catalogue, "verdict-contradicted"),
        Verdict::Inconsistent => tr!(catalogue, "verdict-inconsistent"),
    }
}

/// The columns of a summary table (Markdown and HTML): files, figures,
/// figures checked and unchecked, findings by verdict, suppressed and
/// hidden by the baseline.
pub(crate) fn summary_columns(catalogue: &Catalogue) -> [String; 9] {
    [
        tr!(catalogue, "column-files"),
        tr!(catalogue, "column-figures"),
        tr!(catalogue, "column-figures-checked"),
        tr!(catalogue, "column-figures-unchecked"),
        verdict(catalogue, Verdict::Verified),
        verdict(catalogue, Verdict::Contradicted),
        verdict(catalogue, Verdict::Inconsistent),
        tr!(catalogue, "column-suppressed"),
        tr!(catalogue, "column-baselined"),
    ]
}

/// A label with its colon: "Steps:", "步骤：".
pub(crate) fn with_colon(catalogue: &Catalogue, label: &str) -> String {
    tr!(catalogue, "label-with-colon", label = label)
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
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let mut serializer = serde_json::Serializer::with_formatter(
        &mut out,
        Indented {
            depth: 0,
            has_value: false,
            base: indent.as_bytes(),
        },
    );
    value.serialize(&mut serializer).map_err(io::Error::other)?;
    out.flush()
}

/// serde_json's pretty printer (two spaces a level) with `base` after
/// every line break: the same bytes as passing its output through a
/// writer that indents each line, without looking at every byte again.
/// JSON strings escape their line breaks, so the only ones are these.
struct Indented<'a> {
    depth: usize,
    has_value: bool,
    base: &'a [u8],
}

impl Indented<'_> {
    fn line<W: ?Sized + Write>(&self, writer: &mut W, comma: bool) -> io::Result<()> {
        writer.write_all(if comma { b",\n" } else { b"\n" })?;
        writer.write_all(self.base)?;
        for _ in 0..self.depth {
            writer.write_all(b"  ")?;
        }
        Ok(())
    }
}

impl serde_json::ser::Formatter for Indented<'_> {
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        writer.write_all(b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.line(writer, false)?;
        }
        writer.write_all(b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.line(writer, !first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        writer.write_all(b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            self.line(writer, false)?;
        }
        writer.write_all(b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.line(writer, !first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
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
