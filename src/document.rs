//! A Markdown file as read: its path, its text, and the line index that turns
//! byte offsets into 1-based lines and character columns.

use std::path::{Path, PathBuf};

use crate::error::InputError;

#[derive(Clone, Debug)]
pub struct Document {
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
}

impl Document {
    pub fn new(path: impl Into<PathBuf>, text: String) -> Document {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Document {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// Reads a file, refusing binary files and invalid UTF-8 with the offset
    /// of the first bad byte.
    pub fn read(path: &Path) -> Result<Document, InputError> {
        let bytes = std::fs::read(path).map_err(|source| match source.kind() {
            std::io::ErrorKind::NotFound => InputError::Missing {
                path: path.to_path_buf(),
            },
            _ => InputError::Io {
                path: path.to_path_buf(),
                source,
            },
        })?;
        Document::from_bytes(path, bytes)
    }

    pub fn from_bytes(path: &Path, bytes: Vec<u8>) -> Result<Document, InputError> {
        if let Some(offset) = bytes.iter().position(|b| *b == 0) {
            return Err(InputError::Binary {
                path: path.to_path_buf(),
                offset,
            });
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(Document::new(path, text)),
            Err(e) => {
                let offset = e.utf8_error().valid_up_to();
                let byte = e.as_bytes()[offset];
                Err(InputError::InvalidUtf8 {
                    path: path.to_path_buf(),
                    offset,
                    byte,
                })
            }
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.text[start..offset].chars().count() + 1;
        (line + 1, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let doc = Document::new("a.md", "ab\n中文 640\n".into());
        assert_eq!(doc.line_col(0), (1, 1));
        assert_eq!(doc.line_col(3), (2, 1));
        assert_eq!(doc.line_col(3 + "中文 ".len()), (2, 4));
    }

    #[test]
    fn invalid_utf8_names_the_offset() {
        let err = Document::from_bytes(Path::new("x.md"), b"ok \xff".to_vec()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.md: not UTF-8 text: invalid byte 0xff at offset 3"
        );
    }

    #[test]
    fn nul_bytes_mean_binary() {
        let err = Document::from_bytes(Path::new("x.md"), b"PK\x03\x04\x00".to_vec()).unwrap_err();
        assert!(err.to_string().contains("binary file"), "{err}");
    }
}
