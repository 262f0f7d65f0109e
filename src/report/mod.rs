//! Output formats. Each emitter turns the same reports into one format;
//! all of them are deterministic (sorted, no timestamps).

pub mod human;
pub mod json;

use std::io::{self, Write};

use crate::audit::FileReport;

/// Which findings a format shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Show {
    /// Contradicted and inconsistent claims.
    Flagged,
    /// Verified claims too.
    All,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Compiler-style diagnostics.
    Human,
    /// The versioned JSON contract (verified findings included).
    Json,
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
        Format::Human => Box::new(human::Human { options }),
        Format::Json => Box::new(json::Json::default()),
    }
}
