//! Errors that stop a run: bad input, a bad knowledge-base file, a bad
//! expression. Each maps to exit code 2 and one clear line.

use std::path::PathBuf;

/// The first line of a YAML error, without the location the caller prints
/// in its own `file:line:col` form.
pub fn yaml_message(e: &serde_saphyr::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or_default();
    let without_prefix = first.strip_prefix("error: ").unwrap_or(first);
    match without_prefix.strip_prefix("line ") {
        Some(rest) => rest
            .split_once(": ")
            .map(|(_, message)| message.to_string())
            .unwrap_or_else(|| without_prefix.to_string()),
        None => without_prefix.to_string(),
    }
}

/// Why an input could not be audited.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    #[error("{path}: no such file or folder")]
    Missing { path: PathBuf },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Walk { path: PathBuf, message: String },
    #[error("{path}:{line}:{column}: {message}")]
    Suppression {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: no Markdown files (*.md, *.markdown) in this folder")]
    NoMarkdown { path: PathBuf },
    #[error("{path}: not UTF-8 text: invalid byte 0x{byte:02x} at offset {offset}")]
    InvalidUtf8 {
        path: PathBuf,
        offset: usize,
        byte: u8,
    },
    #[error("{path}: a binary file (NUL byte at offset {offset}), not Markdown")]
    Binary { path: PathBuf, offset: usize },
}
