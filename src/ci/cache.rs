//! Results kept between runs, so a CI run over a repository of thousands of
//! unchanged articles does almost no work (as ruff's and rumdl's caches do).
//!
//! An entry holds one file's report as its suppressions left it (before a
//! baseline, which is applied afresh on every run). Its name is the SHA-256
//! of everything the report depends on: the [`RunKey`] (the binary's
//! version and build, the knowledge base's files, the checks and their
//! tolerances), the file's path and its content. Any change to one of them
//! names another entry, so an entry is never stale, only unused; nothing is
//! ever invalidated in place. Entries are JSON files written to a temporary
//! file in the cache folder and renamed into place, so a reader sees a whole
//! entry or none, and a killed run leaves no half-written one. An entry that
//! does not read back (another version's, damaged) is a miss.
//!
//! The folder holds a `CACHEDIR.TAG` (so backup tools skip it) and a
//! `.gitignore` of `*` (so it is never committed).

use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::audit::FileReport;
use crate::check::finding::{Finding, Related, SourceRef, Verdict};
use crate::ci::suppress::Unused;
use crate::lang::message::Message;
use crate::read::document::Document;

/// The folder used when `--cache-dir` names none, in the working folder.
pub const DEFAULT_DIR: &str = ".audit_cache";

/// What every entry of one run depends on besides its file: fed part by
/// part, each part named, so two different runs cannot give one key.
#[derive(Clone)]
pub struct RunKey(Sha256);

impl RunKey {
    /// A key of this binary: its version, and its size and modification
    /// time (a rebuilt binary, with the same version, is another one).
    pub fn of_this_binary() -> RunKey {
        let mut key = RunKey(Sha256::new());
        key.part("version", env!("CARGO_PKG_VERSION").as_bytes());
        let build = std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| {
                let modified = m
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                format!("{} {modified}", m.len())
            })
            .unwrap_or_default();
        key.part("build", build.as_bytes());
        key
    }

    /// Adds one named part (a knowledge-base file, the settings).
    pub fn part(&mut self, name: &str, bytes: &[u8]) {
        for piece in [name.as_bytes(), bytes] {
            self.0.update((piece.len() as u64).to_le_bytes());
            self.0.update(piece);
        }
    }
}

/// A cache folder for one run.
pub struct Cache {
    dir: PathBuf,
    run: RunKey,
}

/// A file's report as the cache gives it back.
pub struct Hit {
    pub report: FileReport,
    pub unused: Vec<Unused>,
}

impl Cache {
    /// Opens (and on first use makes) the cache folder.
    pub fn open(dir: &Path, run: RunKey) -> std::io::Result<Cache> {
        std::fs::create_dir_all(dir)?;
        let tag = dir.join("CACHEDIR.TAG");
        if !tag.exists() {
            write_atomically(
                dir,
                &tag,
                b"Signature: 8a477f597d28d172789f06886806bc55\n\
                  # This file is a cache directory tag created by audit (Recount).\n\
                  # For information about cache directory tags, see https://bford.info/cachedir/\n",
            )?;
        }
        let ignore = dir.join(".gitignore");
        if !ignore.exists() {
            write_atomically(dir, &ignore, b"# Created by audit (Recount).\n*\n")?;
        }
        Ok(Cache {
            dir: dir.to_path_buf(),
            run,
        })
    }

    fn entry(&self, document: &Document) -> PathBuf {
        let mut key = self.run.clone();
        key.part("path", document.path.to_string_lossy().as_bytes());
        key.part("text", document.text.as_bytes());
        let digest = key.0.finalize();
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        self.dir.join(&hex[..2]).join(&hex[2..])
    }

    /// The report kept for this document, if any.
    pub fn get(&self, document: &Document) -> Option<Hit> {
        let bytes = std::fs::read(self.entry(document)).ok()?;
        let stored: Stored = serde_json::from_slice(&bytes).ok()?;
        stored.into_hit(document.clone())
    }

    /// Keeps a document's report (before any baseline).
    pub fn put(&self, report: &FileReport, unused: &[Unused]) {
        let path = self.entry(&report.document);
        let Some(folder) = path.parent() else { return };
        let Ok(bytes) = serde_json::to_vec(&Stored::of(report, unused)) else {
            return;
        };
        // A failure to write is no error of the audit: the next run audits
        // the file again.
        let _ =
            std::fs::create_dir_all(folder).and_then(|()| write_atomically(folder, &path, &bytes));
    }
}

/// Writes to a temporary file in `folder`, renamed over `path`: readers see
/// all of it or none. Not synced: a cache entry lost to a crash is only
/// audited again.
fn write_atomically(folder: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
    temporary.write_all(bytes)?;
    temporary.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// An entry on disk: a [`FileReport`] without its document, which the
/// file's content gives back.
#[derive(Serialize, Deserialize)]
struct Stored {
    claims: usize,
    figures: Vec<Range<usize>>,
    findings: Vec<StoredFinding>,
    sentences: Vec<Range<usize>>,
    suppressed: usize,
    unused: Vec<(usize, usize, String)>,
}

/// A [`Finding`], its check named by code.
#[derive(Serialize, Deserialize)]
struct StoredFinding {
    verdict: Verdict,
    check: String,
    span: Range<usize>,
    label_span: Range<usize>,
    label: Message,
    message: Message,
    steps: Vec<Message>,
    related: Vec<Related>,
    sources: Vec<SourceRef>,
    help: Option<Message>,
}

impl Stored {
    fn of(report: &FileReport, unused: &[Unused]) -> Stored {
        Stored {
            claims: report.claims,
            figures: report.figures.clone(),
            findings: report
                .findings
                .iter()
                .map(|f| StoredFinding {
                    verdict: f.verdict,
                    check: f.check.to_string(),
                    span: f.span.clone(),
                    label_span: f.label_span.clone(),
                    label: f.label.clone(),
                    message: f.message.clone(),
                    steps: f.steps.clone(),
                    related: f.related.clone(),
                    sources: f.sources.clone(),
                    help: f.help.clone(),
                })
                .collect(),
            sentences: report.sentences.clone(),
            suppressed: report.suppressed,
            unused: unused
                .iter()
                .map(|u| (u.line, u.column, u.comment.clone()))
                .collect(),
        }
    }

    /// The report back, or none when a check it names is not this binary's.
    fn into_hit(self, document: Document) -> Option<Hit> {
        let findings = self
            .findings
            .into_iter()
            .map(|f| {
                let check = crate::check::all()
                    .iter()
                    .map(|c| c.code())
                    .find(|code| *code == f.check)?;
                Some(Finding {
                    verdict: f.verdict,
                    check,
                    span: f.span,
                    label_span: f.label_span,
                    label: f.label,
                    message: f.message,
                    steps: f.steps,
                    related: f.related,
                    sources: f.sources,
                    help: f.help,
                })
            })
            .collect::<Option<Vec<Finding>>>()?;
        Some(Hit {
            report: FileReport {
                document,
                claims: self.claims,
                figures: self.figures,
                findings,
                sentences: self.sentences,
                suppressed: self.suppressed,
                baselined: 0,
            },
            unused: self
                .unused
                .into_iter()
                .map(|(line, column, comment)| Unused {
                    line,
                    column,
                    comment,
                })
                .collect(),
        })
    }
}
