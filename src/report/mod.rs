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

/// One output format.
pub trait Emitter {
    fn emit(&self, reports: &[FileReport], out: &mut dyn Write) -> io::Result<()>;
}

pub fn emitter(format: Format, options: Options) -> Box<dyn Emitter> {
    match format {
        Format::Human => Box::new(human::Human { options }),
        Format::Json => Box::new(json::Json),
    }
}
