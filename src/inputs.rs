//! The Markdown files named on the command line: files as given, folders
//! walked for `*.md` and `*.markdown` (hidden entries skipped), in path order.
//! Symbolic links to folders are not followed while walking: a link back up
//! the tree would read the same files again and again.

use std::path::{Path, PathBuf};

use crate::error::InputError;

fn is_markdown(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("md" | "markdown")
    )
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('.'))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), InputError> {
    let io = |source| InputError::Io {
        path: dir.to_path_buf(),
        source,
    };
    // `file_type` does not follow symbolic links, so a linked folder is no
    // folder here.
    let mut entries: Vec<(PathBuf, bool)> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|e| e.and_then(|e| Ok((e.path(), e.file_type()?.is_dir()))))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    entries.sort();
    for (path, is_dir) in entries {
        if is_hidden(&path) {
            continue;
        }
        if is_dir {
            walk(&path, out)?;
        } else if is_markdown(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// Expands the paths to the Markdown files to audit.
pub fn markdown_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, InputError> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let before = files.len();
            walk(path, &mut files)?;
            if files.len() == before {
                return Err(InputError::NoMarkdown { path: path.clone() });
            }
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(InputError::Missing { path: path.clone() });
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_back_up_the_tree_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("a");
        std::fs::create_dir(&inner).unwrap();
        std::fs::write(inner.join("x.md"), "8 × 80 GB = 640 GB.\n").unwrap();
        std::os::unix::fs::symlink("..", inner.join("up")).unwrap();
        let files = markdown_files(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(files, [inner.join("x.md")]);
    }
}
