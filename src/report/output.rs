//! Files the tool writes (baselines, `--output` reports), written atomically
//! and never over an input.
//!
//! An editorial CI job must never leave a half-written baseline behind when it
//! is killed, nor clobber the article it was reading because a user swapped
//! two arguments. [`write_atomically`] (or [`AtomicFile`], for a report written
//! file by file as the audit streams) writes to a temporary file in the
//! target's own folder (so the rename stays on one file system), syncs it and
//! renames it over the target: readers see the old file or the new one, never
//! a mix. Before writing it refuses any target that is one of the inputs,
//! however it is spelled (`./a.md`, a symbolic link, a hard link: the
//! `same-file` crate compares device and inode, or the Windows file index).
//!
//! The temporary file is created with mode 0666 less the umask, as
//! `File::create` would make the target, not the 0600 temporary files get by
//! default: the rename keeps the mode, and a report or baseline is a file
//! like any other, for the rest of a team or a web server to read.

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
    let mut file = AtomicFile::create(path, inputs)?;
    file.write_all(bytes).map_err(|source| file.error(source))?;
    file.commit()
}

/// An output file written as a stream (a report, file after file): the
/// bytes go to a temporary file beside the target, which [`commit`]
/// renames over it. Dropped without a commit (an error half-way), the
/// temporary file is deleted and the target left as it was.
///
/// [`commit`]: AtomicFile::commit
pub struct AtomicFile {
    path: PathBuf,
    temporary: std::io::BufWriter<tempfile::NamedTempFile>,
}

impl AtomicFile {
    /// Starts writing `path`, unless it is one of `inputs`.
    pub fn create(path: &Path, inputs: &[PathBuf]) -> Result<AtomicFile, OutputError> {
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
        let mut builder = tempfile::Builder::new();
        builder.prefix(".recount-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // open(2) takes the umask off this mode.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temporary = builder
            .tempfile_in(folder)
            .map_err(|source| OutputError::Io {
                path: path.to_path_buf(),
                source,
            })?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            temporary: std::io::BufWriter::new(temporary),
        })
    }

    /// An I/O error while writing this file, named by its target.
    pub fn error(&self, source: std::io::Error) -> OutputError {
        OutputError::Io {
            path: self.path.clone(),
            source,
        }
    }

    /// Flushes and syncs what was written, and renames it over the target.
    pub fn commit(self) -> Result<(), OutputError> {
        let path = self.path;
        let io = |source| OutputError::Io {
            path: path.clone(),
            source,
        };
        let temporary = self
            .temporary
            .into_inner()
            .map_err(|e| io(e.into_error()))?;
        temporary.as_file().sync_all().map_err(io)?;
        temporary.persist(&path).map_err(|e| io(e.error))?;
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.temporary.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.temporary.flush()
    }
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
    fn a_stream_shows_nothing_until_committed_and_nothing_if_dropped() {
        let dir = folder();
        let out = dir.path().join("report.html");
        std::fs::write(&out, "old").unwrap();
        let mut file = AtomicFile::create(&out, &[]).unwrap();
        file.write_all(b"<html>").unwrap();
        file.flush().unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        drop(file);
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        assert_eq!(names(dir.path()), ["report.html"]);
        let mut file = AtomicFile::create(&out, &[]).unwrap();
        file.write_all(b"<html>").unwrap();
        file.write_all(b"</html>").unwrap();
        file.commit().unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"<html></html>");
        assert_eq!(names(dir.path()), ["report.html"]);
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
