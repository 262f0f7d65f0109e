//! The Markdown files named on the command line, in path order.
//!
//! A file named explicitly is always audited, whatever its name or any ignore
//! rule. A folder is walked the way ripgrep walks one (the `ignore` crate):
//! hidden entries are skipped and `.gitignore`, `.ignore`, `.git/info/exclude`
//! and the global git excludes are honoured, inside a git repository or not,
//! so a folder of articles copied out of its repository is read the same way.
//! Within a folder, the files kept are those the [`Selection`] includes
//! (`*.md` and `*.markdown` unless a config says otherwise) and does not
//! exclude. `-` stands for standard input ([`STDIN`]) and is kept as named.
//!
//! A [`Shard`] (`--shard K/N`) keeps one of N slices of those files, so a CI
//! job matrix spreads a large repository over N jobs with no scheduler: a
//! file's slice is the SHA-256 of its path, as the report names it, modulo
//! N. A hash rather than a position in the sorted list, so that adding or
//! removing a file moves no other file to another job (whose cache would
//! then be cold); the price is that slices are even only on average.

use std::path::{Path, PathBuf};

use globset::GlobSet;
use ignore::WalkBuilder;

use crate::error::InputError;

/// The path that stands for standard input on the command line.
pub const STDIN: &str = "-";

/// Whether a path named on the command line means standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// Which files of a walked folder are audited.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Files to keep; `None` keeps `*.md` and `*.markdown`.
    pub include: Option<GlobSet>,
    /// Files to leave out, even when included.
    pub exclude: Option<GlobSet>,
    /// The folder globs are relative to (the config file's, made canonical);
    /// a file outside it is matched by its path below the folder walked.
    pub base: Option<PathBuf>,
}

impl Selection {
    fn keeps(&self, relative: &Path) -> bool {
        let included = match &self.include {
            Some(set) => set.is_match(relative),
            None => is_markdown(relative),
        };
        included
            && !self
                .exclude
                .as_ref()
                .is_some_and(|set| set.is_match(relative))
    }

    /// The path a glob sees: below the base folder when the file is in it,
    /// else below the folder walked.
    fn relative(&self, root: &Path, canonical_root: &Path, path: &Path) -> PathBuf {
        let below_root = path.strip_prefix(root).unwrap_or(path);
        self.base
            .as_deref()
            .and_then(|base| {
                canonical_root
                    .join(below_root)
                    .strip_prefix(base)
                    .ok()
                    .map(Path::to_path_buf)
            })
            .unwrap_or_else(|| below_root.to_path_buf())
    }
}

fn is_markdown(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("md" | "markdown")
    )
}

fn walk(root: &Path, selection: &Selection, out: &mut Vec<PathBuf>) -> Result<(), InputError> {
    let canonical_root = root.canonicalize().map_err(|source| InputError::Io {
        path: root.to_path_buf(),
        source,
    })?;
    let walker = WalkBuilder::new(root)
        .require_git(false)
        .sort_by_file_path(Path::cmp)
        .build();
    for entry in walker {
        let entry = entry.map_err(|e| InputError::Walk {
            path: root.to_path_buf(),
            message: e.to_string(),
        })?;
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let relative = selection.relative(root, &canonical_root, entry.path());
        if selection.keeps(&relative) {
            out.push(entry.into_path());
        }
    }
    Ok(())
}

/// Expands the paths to the Markdown files to audit: files as given, folders
/// walked, each in the order named, a file reached twice the same way
/// (`posts` and `posts/a.md`, or `-` twice) kept once. A folder with no file to audit is
/// an error, since it is most likely a wrong path.
pub fn markdown_files(
    paths: &[PathBuf],
    selection: &Selection,
) -> Result<Vec<PathBuf>, InputError> {
    let mut files = Vec::new();
    for path in paths {
        if is_stdin(path) {
            files.push(path.clone());
        } else if path.is_dir() {
            let before = files.len();
            walk(path, selection, &mut files)?;
            if files.len() == before {
                return Err(InputError::NoMarkdown { path: path.clone() });
            }
        } else if path.exists() {
            files.push(path.clone());
        } else {
            return Err(InputError::Missing { path: path.clone() });
        }
    }
    let mut seen = std::collections::HashSet::new();
    files.retain(|f| seen.insert(f.clone()));
    Ok(files)
}

/// One of N slices of the files: `--shard K/N`, 1 ≤ K ≤ N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: u64,
    /// How many slices.
    pub count: u64,
}

impl Shard {
    /// Whether the file at `path` is in this slice. Every path is in
    /// exactly one of the slices `1/N` … `N/N`.
    pub fn keeps(&self, path: &Path) -> bool {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(path.to_string_lossy().as_bytes());
        let head = u64::from_be_bytes(digest[..8].try_into().expect("a digest has 8 bytes"));
        head % self.count == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Shard, String> {
        let usage = || format!("`{text}` is not K/N with 1 ≤ K ≤ N, e.g. 2/4");
        let (k, n) = text.split_once('/').ok_or_else(usage)?;
        let (index, count): (u64, u64) = (
            k.trim().parse().map_err(|_| usage())?,
            n.trim().parse().map_err(|_| usage())?,
        );
        if index == 0 || index > count {
            return Err(usage());
        }
        Ok(Shard { index, count })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_every_path_once() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "-1/2", "1/2/3", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let paths: Vec<PathBuf> = (0..200)
            .map(|i| PathBuf::from(format!("posts/{i}.md")))
            .collect();
        for count in 1..=8 {
            for path in &paths {
                let owners = (1..=count)
                    .filter(|&index| Shard { index, count }.keeps(path))
                    .count();
                assert_eq!(owners, 1, "{} in {count} shards", path.display());
            }
        }
    }

    fn glob_set(globs: &[&str]) -> GlobSet {
        let mut builder = globset::GlobSetBuilder::new();
        for g in globs {
            builder.add(globset::Glob::new(g).unwrap());
        }
        builder.build().unwrap()
    }

    fn names(dir: &Path, files: &[PathBuf]) -> Vec<String> {
        files
            .iter()
            .map(|f| f.strip_prefix(dir).unwrap().display().to_string())
            .collect()
    }

    #[test]
    fn folders_honour_ignore_files_and_hidden_entries_in_path_order() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write("b.md", "");
        write("a/z.markdown", "");
        write("a/notes.txt", "");
        write(".hidden.md", "");
        write(".gitignore", "drafts/\n");
        write("drafts/x.md", "");
        write("c/.ignore", "skip.md\n");
        write("c/skip.md", "");
        write("c/keep.md", "");
        let files = markdown_files(&[dir.path().to_path_buf()], &Selection::default()).unwrap();
        assert_eq!(
            names(dir.path(), &files),
            ["a/z.markdown", "b.md", "c/keep.md"]
        );
    }

    #[test]
    fn include_and_exclude_globs_are_relative_to_the_base() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["posts/a.md", "posts/old/b.md", "posts/c.mdx", "d.md"] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let selection = Selection {
            include: Some(glob_set(&["posts/**/*.md", "posts/*.mdx"])),
            exclude: Some(glob_set(&["posts/old/**"])),
            base: Some(dir.path().canonicalize().unwrap()),
        };
        let files = markdown_files(&[dir.path().join("posts")], &selection).unwrap();
        assert_eq!(names(dir.path(), &files), ["posts/a.md", "posts/c.mdx"]);
    }

    #[test]
    fn a_file_reached_twice_is_audited_once() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.md");
        std::fs::write(&a, "").unwrap();
        let paths = [a.clone(), dir.path().to_path_buf(), a.clone()];
        assert_eq!(markdown_files(&paths, &Selection::default()).unwrap(), [a]);
    }

    #[test]
    fn a_dash_is_standard_input_kept_once() {
        let dash = PathBuf::from(STDIN);
        let paths = [dash.clone(), dash.clone()];
        assert_eq!(
            markdown_files(&paths, &Selection::default()).unwrap(),
            [dash]
        );
    }

    #[test]
    fn a_file_named_explicitly_is_always_audited() {
        let dir = tempfile::tempdir().unwrap();
        let hidden = dir.path().join(".draft.txt");
        std::fs::write(&hidden, "").unwrap();
        let selection = Selection {
            exclude: Some(glob_set(&["**"])),
            ..Selection::default()
        };
        assert_eq!(
            markdown_files(std::slice::from_ref(&hidden), &selection).unwrap(),
            [hidden]
        );
    }
}
