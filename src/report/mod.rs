//! Output formats. Each emitter turns the same reports into one format;
//! all of them are deterministic (sorted, no timestamps).
//!
//! `human` and `json` are for a person at a terminal and for programs;
//! `sarif` and `github` put findings on the lines of a pull request in code
//! scanning or as workflow annotations; `markdown` is a report for a
//! pull-request comment or for `reports/`; `html` is the article itself with
//! each checked claim highlighted.

pub mod github;
pub mod html;
pub mod human;
pub mod json;
pub mod markdown;
pub mod sarif;

use std::io::{self, Write};

use serde::Serialize;

use crate::audit::FileReport;
use crate::finding::{Finding, Verdict};

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

/// One output format.
pub trait Emitter {
    fn emit(&self, reports: &[FileReport], out: &mut dyn Write) -> io::Result<()>;
}

pub fn emitter(format: Format, options: Options) -> Box<dyn Emitter> {
    match format {
        Format::Human => Box::new(human::Human { options }),
        Format::Json => Box::new(json::Json),
        Format::Sarif => Box::new(sarif::Sarif),
        Format::Github => Box::new(github::Github { options }),
        Format::Markdown => Box::new(markdown::Markdown { options }),
        Format::Html => Box::new(html::Html),
    }
}

/// The counts every summary gives: files, claims found, and findings by
/// verdict.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    pub files: usize,
    pub claims: usize,
    pub verified: usize,
    pub contradicted: usize,
    pub inconsistent: usize,
}

impl Totals {
    pub fn of(reports: &[FileReport]) -> Totals {
        reports.iter().fold(Totals::default(), |t, r| Totals {
            files: t.files + 1,
            claims: t.claims + r.claims,
            verified: t.verified + r.count(Verdict::Verified),
            contradicted: t.contradicted + r.count(Verdict::Contradicted),
            inconsistent: t.inconsistent + r.count(Verdict::Inconsistent),
        })
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
