//! Baselines: the flagged findings a team has accepted, so that CI fails
//! only on new ones.
//!
//! `--write-baseline FILE` records every flagged finding by a fingerprint
//! that survives edits elsewhere in the file: the file's path, the check,
//! the claim's text and its sentence with whitespace collapsed, hashed
//! (SHA-256) — never a line number or offset, which any edit above would
//! move. Identical findings are counted, so a second copy of an accepted
//! mistake is new. `--baseline FILE` hides the findings the file records (up
//! to each count) and the run reports how many it hid.
//!
//! The file is JSON, sorted, with the claim's text beside each fingerprint
//! so a reviewer can read what was accepted:
//!
//! ```json
//! { "version": 1,
//!   "findings": [ { "path": "posts/a.md", "check": "arithmetic",
//!                   "text": "8 × 40 GB = 300 GB", "fingerprint": "…", "count": 1 } ] }
//! ```
//!
//! It is written atomically ([`crate::report::output`]: a temporary file in the
//! same folder, then a rename), so a run that stops half-way never leaves a
//! truncated baseline.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::audit::FileReport;
use crate::check::finding::Finding;

pub const VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BaselineFile {
    version: u32,
    findings: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    path: String,
    check: String,
    text: String,
    fingerprint: String,
    count: usize,
}

/// What identifies a finding across edits: its file, check and fingerprint.
type Key = (String, String, String);

/// Why a baseline could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    #[error("{path}: no such baseline file")]
    Missing { path: PathBuf },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a baseline file: {message}")]
    Invalid { path: PathBuf, message: String },
    #[error(transparent)]
    Write(#[from] crate::report::output::OutputError),
}

/// A path as a baseline names it: `/` between folders, no leading `./`.
fn path_key(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut key = text.as_str();
    while let Some(rest) = key.strip_prefix("./") {
        key = rest;
    }
    key.to_string()
}

/// Where a sentence ends: a full stop, question or exclamation mark followed
/// by a space, a CJK one, or a line break.
fn ends_sentence(text: &str, at: usize) -> bool {
    let rest = &text[at..];
    rest.starts_with(['\n', '。', '！', '？', '；'])
        || (rest.starts_with(['.', '!', '?']) && rest[1..].starts_with(|c: char| c.is_whitespace()))
}

/// The sentence around a span, whitespace collapsed.
fn context(text: &str, span: &std::ops::Range<usize>) -> String {
    let start = text[..span.start]
        .char_indices()
        .rev()
        .find(|&(i, _)| ends_sentence(text, i))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let end = text[span.end..]
        .char_indices()
        .find(|&(i, _)| ends_sentence(text, span.end + i))
        .map_or(text.len(), |(i, _)| span.end + i);
    text[start..end]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A finding's fingerprint: the check, the claim's text and its sentence.
pub fn fingerprint(report: &FileReport, finding: &Finding) -> String {
    let text = &report.document.text;
    let mut hash = Sha256::new();
    for part in [
        finding.check,
        &text[finding.span.clone()],
        &context(text, &finding.span),
    ] {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.finalize()
        .iter()
        .take(12)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn key(report: &FileReport, finding: &Finding) -> Key {
    (
        path_key(&report.document.path),
        finding.check.to_string(),
        fingerprint(report, finding),
    )
}

/// A baseline read from its file.
#[derive(Debug, Default)]
pub struct Baseline {
    counts: BTreeMap<Key, usize>,
}

impl Baseline {
    pub fn load(path: &Path) -> Result<Baseline, BaselineError> {
        let text = std::fs::read_to_string(path).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => BaselineError::Missing {
                path: path.to_path_buf(),
            },
            _ => BaselineError::Io {
                path: path.to_path_buf(),
                source,
            },
        })?;
        let invalid = |message: String| BaselineError::Invalid {
            path: path.to_path_buf(),
            message,
        };
        let file: BaselineFile = serde_json::from_str(&text).map_err(|e| invalid(e.to_string()))?;
        if file.version != VERSION {
            return Err(invalid(format!(
                "version {}, but this audit reads version {VERSION}",
                file.version
            )));
        }
        let mut counts = BTreeMap::new();
        for e in file.findings {
            *counts.entry((e.path, e.check, e.fingerprint)).or_default() += e.count;
        }
        Ok(Baseline { counts })
    }

    /// Hides the flagged findings the baseline records, up to each count,
    /// and adds how many to `report.baselined`.
    pub fn hide(&self, report: &mut FileReport) {
        let mut left: BTreeMap<Key, usize> = BTreeMap::new();
        let keys: Vec<Option<Key>> = report
            .findings
            .iter()
            .map(|f| f.verdict.is_flag().then(|| key(report, f)))
            .collect();
        let mut keys = keys.into_iter();
        let mut hidden = 0;
        report.findings.retain(|_| {
            let Some(key) = keys.next().flatten() else {
                return true;
            };
            let Some(&recorded) = self.counts.get(&key) else {
                return true;
            };
            let seen = left.entry(key).or_default();
            *seen += 1;
            let hide = *seen <= recorded;
            hidden += usize::from(hide);
            !hide
        });
        report.baselined += hidden;
    }
}

/// The flagged findings of a run, gathered for `--write-baseline`.
#[derive(Debug, Default)]
pub struct Recorder {
    entries: BTreeMap<Key, (String, usize)>,
}

impl Recorder {
    pub fn record(&mut self, report: &FileReport) {
        for f in report.findings.iter().filter(|f| f.verdict.is_flag()) {
            let text = report.document.text[f.span.clone()].to_string();
            self.entries.entry(key(report, f)).or_insert((text, 0)).1 += 1;
        }
    }

    /// How many findings it holds, duplicates counted.
    pub fn len(&self) -> usize {
        self.entries.values().map(|(_, count)| count).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Writes the baseline atomically: a temporary file beside `path`,
    /// renamed over it once complete.
    pub fn write(&self, path: &Path) -> Result<(), BaselineError> {
        let io = |source| BaselineError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = BaselineFile {
            version: VERSION,
            findings: self
                .entries
                .iter()
                .map(|((path, check, fingerprint), (text, count))| Entry {
                    path: path.clone(),
                    check: check.clone(),
                    text: text.clone(),
                    fingerprint: fingerprint.clone(),
                    count: *count,
                })
                .collect(),
        };
        let mut bytes = serde_json::to_vec_pretty(&file).map_err(|e| io(e.into()))?;
        bytes.push(b'\n');
        // The target was checked against the inputs before the audit began
        // ([`check_target`]).
        Ok(crate::report::output::write_atomically(path, &bytes, &[])?)
    }
}

/// The folder a baseline file goes in (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Refuses a baseline target before the audit starts rather than after it:
/// one that is an audited file, or whose folder does not exist.
pub fn check_target(target: &Path, inputs: &[PathBuf]) -> Result<(), String> {
    if is_one_of(target, inputs) {
        return Err(format!(
            "{}: an audited file; write the baseline elsewhere",
            target.display()
        ));
    }
    if !folder_of(target).is_dir() {
        return Err(format!(
            "{}: no such folder for the baseline",
            target.display()
        ));
    }
    Ok(())
}

/// Whether `target` is the same file as one of `inputs` (after resolving
/// links and `..`), so a baseline is never written over an article.
fn is_one_of(target: &Path, inputs: &[PathBuf]) -> bool {
    let resolve = |p: &Path| -> Option<PathBuf> {
        if let Ok(c) = p.canonicalize() {
            return Some(c);
        }
        Some(folder_of(p).canonicalize().ok()?.join(p.file_name()?))
    };
    let Some(target) = resolve(target) else {
        return false;
    };
    inputs
        .iter()
        .filter(|i| i.file_name() == target.file_name())
        .any(|i| resolve(i).as_ref() == Some(&target))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::audit;
    use crate::kb::Kb;
    use crate::read::document::Document;

    const WRONG: &str = "Eight GPUs: 8 × 40 GB = 300 GB.";

    fn report(text: &str) -> FileReport {
        audit(
            Document::new("./posts/a.md", text.to_string()),
            Kb::builtin(),
        )
    }

    #[test]
    fn the_context_is_the_sentence_whitespace_collapsed() {
        let claim = "8 × 40 GB = 300 GB";
        let span = |text: &str| {
            let at = text.find(claim).unwrap();
            at..at + claim.len()
        };
        let text = "First one. Eight  GPUs:\t8 × 40 GB = 300 GB. Next.";
        assert_eq!(context(text, &span(text)), "Eight GPUs: 8 × 40 GB = 300 GB");
        let text = "- one 1.5 GB\n- two: 8 × 40 GB = 300 GB\n- three\n";
        assert_eq!(context(text, &span(text)), "- two: 8 × 40 GB = 300 GB");
        let text = "先说。八卡 8 × 40 GB = 300 GB，对吗？后面";
        assert_eq!(context(text, &span(text)), "八卡 8 × 40 GB = 300 GB，对吗");
    }

    #[test]
    fn fingerprints_survive_edits_elsewhere_but_not_in_the_sentence() {
        let before = report(&format!("# Title\n\n{WRONG}\n"));
        let after = report(&format!("# A new title\n\nA new paragraph.\n\n{WRONG}\n"));
        let changed = report("# Title\n\nEight cards: 8 × 40 GB = 300 GB.\n");
        let print = |r: &FileReport| fingerprint(r, &r.findings[0]);
        assert_eq!(print(&before), print(&after));
        assert_ne!(print(&before), print(&changed));
    }

    #[test]
    fn duplicates_are_counted() {
        let mut recorder = Recorder::default();
        recorder.record(&report(&format!("{WRONG}\n")));
        assert_eq!(recorder.len(), 1);
        let baseline = Baseline {
            counts: recorder
                .entries
                .iter()
                .map(|(k, (_, n))| (k.clone(), *n))
                .collect(),
        };
        let mut twice = report(&format!("{WRONG}\n\n{WRONG}\n"));
        baseline.hide(&mut twice);
        assert_eq!(twice.baselined, 1);
        assert_eq!(twice.flagged(), 1);
    }

    #[test]
    fn paths_are_keyed_without_dot_slash() {
        assert_eq!(path_key(Path::new("./posts/a.md")), "posts/a.md");
        assert_eq!(path_key(Path::new("posts/a.md")), "posts/a.md");
    }
}
