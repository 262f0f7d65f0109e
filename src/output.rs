//! Files the tool writes (baselines, reports), written atomically and never
//! over an input.
//!
//! An editorial CI job must never leave a half-written baseline behind when it
//! is killed, nor clobber the article it was reading because a user swapped
//! two arguments. [`write_atomically`] writes to a temporary file in the
//! target's own folder (so the rename stays on one file system), syncs it and
//! renames it over the target: readers see the old file or the new one, never
//! a mix. Before writing it refuses any target that is one of the inputs,
//! however it is spelled (`./a.md`, a symbolic link, a hard link: the
//! `same-file` crate compares device and inode, or the Windows file index).

use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an output file was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{path}: refusing to write over an input file")]
    WouldOverwriteInput { path: PathBuf },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Writes `bytes` to `path` atomically, unless `path` is one of `inputs`.
pub fn write_atomically(path: &Path, bytes: &[u8], inputs: &[PathBuf]) -> Result<(), OutputError> {
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    if inputs
        .iter()
        .any(|input| same_file::is_same_file(path, input).unwrap_or(false))
    {
        return Err(OutputError::WouldOverwriteInput {
            path: path.to_path_buf(),
        });
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temporary = tempfile::Builder::new()
        .prefix(".recount-")
        .suffix(".tmp")
        .tempfile_in(folder)
        .map_err(io)?;
    temporary.write_all(bytes).map_err(io)?;
    temporary.as_file().sync_all().map_err(io)?;
    temporary.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    /// The names in a folder, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn writes_a_new_file_and_leaves_no_temporary_behind() {
        let dir = folder();
        let out = dir.path().join("baseline.json");
        write_atomically(&out, b"{}\n", &[]).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"{}\n");
        assert_eq!(names(dir.path()), ["baseline.json"]);
    }

    #[test]
    fn replaces_an_existing_output_whole() {
        let dir = folder();
        let out = dir.path().join("baseline.json");
        std::fs::write(&out, "old, and longer than the new contents").unwrap();
        write_atomically(&out, b"new", &[]).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["baseline.json"]);
    }

    #[test]
    fn refuses_to_write_over_an_input_however_it_is_named() {
        let dir = folder();
        let input = dir.path().join("article.md");
        std::fs::write(&input, "8 × 80 GB = 640 GB.\n").unwrap();
        let dotted = dir.path().join(".").join("article.md");
        let mut targets = vec![input.clone(), dotted];
        #[cfg(unix)]
        {
            let symlink = dir.path().join("link.md");
            std::os::unix::fs::symlink(&input, &symlink).unwrap();
            let hard = dir.path().join("hard.md");
            std::fs::hard_link(&input, &hard).unwrap();
            targets.extend([symlink, hard]);
        }
        for target in &targets {
            let err =
                write_atomically(target, b"overwritten", std::slice::from_ref(&input)).unwrap_err();
            assert!(
                matches!(err, OutputError::WouldOverwriteInput { .. }),
                "{target:?}: {err}"
            );
            assert!(
                err.to_string()
                    .ends_with("refusing to write over an input file")
            );
        }
        assert_eq!(
            std::fs::read(&input).unwrap(),
            "8 × 80 GB = 640 GB.\n".as_bytes()
        );
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = folder();
        let out = dir.path().join("baseline.json");
        std::fs::write(&out, "old").unwrap();
        // A folder where the file should be: the rename fails.
        let blocked = dir.path().join("blocked");
        std::fs::create_dir(&blocked).unwrap();
        std::fs::write(blocked.join("keep"), "x").unwrap();
        let err = write_atomically(&blocked, b"new", &[]).unwrap_err();
        assert!(matches!(err, OutputError::Io { .. }), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["baseline.json", "blocked"]);
    }

    #[test]
    fn a_missing_folder_is_an_error_naming_the_path() {
        let dir = folder();
        let out = dir.path().join("no-such-folder").join("baseline.json");
        let err = write_atomically(&out, b"{}", &[]).unwrap_err();
        assert!(
            err.to_string().starts_with(&out.display().to_string()),
            "{err}"
        );
    }
}
