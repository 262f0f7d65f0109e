//! A Markdown file as read: its path, its text, and the line index that turns
//! byte offsets into 1-based lines and character columns.

use std::path::{Path, PathBuf};

use crate::error::InputError;

/// Bytes between two marks of the character index.
const MARK_EVERY: usize = 4096;

#[derive(Clone, Debug)]
pub struct Document {
    pub path: PathBuf,
    pub text: String,
    line_starts: Vec<usize>,
    /// Byte offsets about every [`MARK_EVERY`] bytes (on character
    /// boundaries) and the characters before each: a column on a long line
    /// counts from the nearest mark, not from the line's start, so the
    /// columns of every finding on a 50 MB line are not quadratic.
    char_marks: Vec<(usize, usize)>,
}

impl Document {
    pub fn new(path: impl Into<PathBuf>, text: String) -> Document {
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let mut char_marks = vec![(0, 0)];
        let (mut at, mut chars) = (0, 0);
        while at + MARK_EVERY < text.len() {
            let mut next = at + MARK_EVERY;
            while !text.is_char_boundary(next) {
                next -= 1;
            }
            chars += text[at..next].chars().count();
            char_marks.push((next, chars));
            at = next;
        }
        Document {
            path: path.into(),
            text,
            line_starts,
            char_marks,
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

    /// Reads a whole stream (standard input) as the file named `path`,
    /// refusing what [`Document::read`] refuses.
    pub fn from_reader(
        path: &Path,
        mut reader: impl std::io::Read,
    ) -> Result<Document, InputError> {
        let mut bytes = Vec::new();
        reader
            .read_to_end(&mut bytes)
            .map_err(|source| InputError::Io {
                path: path.to_path_buf(),
                source,
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
    /// The byte offset where a 0-based line starts.
    pub fn line_index_start(&self, line: usize) -> usize {
        self.line_starts.get(line).copied().unwrap_or(0)
    }

    /// The 0-based line an offset is on.
    pub fn line_index(&self, offset: usize) -> usize {
        self.line_starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let column = self.chars_before(offset) - self.chars_before(start) + 1;
        (line + 1, column)
    }

    /// Characters in the text before a byte offset.
    fn chars_before(&self, offset: usize) -> usize {
        let i = self.char_marks.partition_point(|&(at, _)| at <= offset) - 1;
        let (at, chars) = self.char_marks[i];
        chars + self.text[at..offset].chars().count()
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
    fn columns_on_long_lines_match_a_plain_count() {
        // Long enough for many marks; 3-byte characters make marks fall
        // inside characters and move back to a boundary.
        let line = "8 × 40 GB = 320 GB。中文 ".repeat(2000);
        let text = format!("short\n{line}\n{line}");
        let doc = Document::new("a.md", text.clone());
        let second = "short\n".len();
        let third = second + line.len() + 1;
        for offset in (0..text.len())
            .step_by(997)
            .chain([0, second, third, text.len()])
            .filter(|&o| text.is_char_boundary(o))
        {
            let line_no = text[..offset].matches('\n').count() + 1;
            let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
            let column = text[start..offset].chars().count() + 1;
            assert_eq!(doc.line_col(offset), (line_no, column), "at {offset}");
        }
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
