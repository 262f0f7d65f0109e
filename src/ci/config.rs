//! The `.audit.yaml` config file: which files of a folder to audit, when a
//! run fails, which checks run, extra knowledge-base folders, tolerances,
//! and the language of the reports.
//!
//! It is found by walking up from the working folder (the first
//! `.audit.yaml` wins), or named with `--config FILE`. Paths in it (globs
//! and knowledge-base folders) are relative to the folder the file is in, so
//! the same file means the same thing from any subfolder. Unknown keys and
//! bad values are refused with the file, line and column, like the
//! knowledge base's files; command-line flags override what it says.
//!
//! ```yaml
//! include: ["articles/**/*.md"]
//! exclude: ["articles/drafts/**"]
//! fail-on: contradicted
//! disable: [consistency]
//! kb: [kb]
//! tolerance: { default: 1%, arithmetic: 2% }   # or one for every check: `tolerance: 1%`
//! lang: zh-Hans                                 # auto (the default), en, zh-Hans, zh-Hant
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

use crate::check::finding::Verdict;
use crate::kb::Problem;
use crate::read::inputs::Selection;

/// The name looked for in the working folder and its ancestors.
pub const FILE_NAME: &str = ".audit.yaml";

/// When a run exits 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    /// Fail on any flagged finding.
    Inconsistent,
    /// Fail only on contradicted claims.
    Contradicted,
    /// Never fail on findings.
    Never,
}

impl FailOn {
    /// Whether a finding with this verdict fails the run.
    pub fn fails(self, verdict: Verdict) -> bool {
        match self {
            FailOn::Inconsistent => verdict.is_flag(),
            FailOn::Contradicted => verdict == Verdict::Contradicted,
            FailOn::Never => false,
        }
    }
}

/// The file as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ConfigFile {
    #[serde(default)]
    include: Vec<Spanned<String>>,
    #[serde(default)]
    exclude: Vec<Spanned<String>>,
    #[serde(default)]
    fail_on: Option<FailOn>,
    #[serde(default)]
    checks: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    disable: Vec<Spanned<String>>,
    #[serde(default)]
    kb: Vec<Spanned<String>>,
    #[serde(default)]
    tolerance: Option<Spanned<Tolerance>>,
    #[serde(default)]
    lang: Option<crate::lang::Choice>,
}

/// `tolerance` as written: one percentage for every check (`tolerance:
/// 5%`, the same as `{ default: 5% }`), or a map of them by check code and
/// `default`.
#[derive(Debug)]
enum Tolerance {
    Every(String),
    PerCheck(BTreeMap<String, Spanned<String>>),
}

impl<'de> Deserialize<'de> for Tolerance {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Form;
        impl<'de> serde::de::Visitor<'de> for Form {
            type Value = Tolerance;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a percentage like 2%, or a map of them by check and `default`")
            }
            fn visit_str<E>(self, text: &str) -> Result<Tolerance, E> {
                Ok(Tolerance::Every(text.to_string()))
            }
            // A bare number is kept as written, to be refused for its
            // missing `%` like any other bad percentage.
            fn visit_u64<E>(self, n: u64) -> Result<Tolerance, E> {
                Ok(Tolerance::Every(n.to_string()))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Tolerance, E> {
                Ok(Tolerance::Every(n.to_string()))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Tolerance, E> {
                Ok(Tolerance::Every(n.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Tolerance, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((key, value)) = map.next_entry::<String, Spanned<String>>()? {
                    out.insert(key, value);
                }
                Ok(Tolerance::PerCheck(out))
            }
        }
        deserializer.deserialize_any(Form)
    }
}

/// A config file, read and checked.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// Which files of a walked folder are audited.
    pub selection: Selection,
    pub fail_on: Option<FailOn>,
    /// The checks that run, by code; `None` for all.
    pub checks: Option<Vec<&'static str>>,
    /// Knowledge-base folders, relative to the working folder.
    pub kb: Vec<PathBuf>,
    /// Relative tolerances by check code, `default` for every check.
    pub tolerance: BTreeMap<String, f64>,
    /// The language of the reports, when the config names one.
    pub lang: Option<crate::lang::Choice>,
}

/// The config file that applies in `folder`: `.audit.yaml` there or in the
/// nearest ancestor, named relative to `folder` (`../.audit.yaml`).
pub fn find(folder: &Path) -> Option<PathBuf> {
    folder.ancestors().enumerate().find_map(|(up, dir)| {
        dir.join(FILE_NAME).is_file().then(|| {
            let mut path: PathBuf = std::iter::repeat_n("..", up).collect();
            path.push(FILE_NAME);
            path
        })
    })
}

/// Problems in one config file, each at its place.
struct Problems<'a> {
    file: &'a str,
    found: Vec<Problem>,
}

impl Problems<'_> {
    fn at(&mut self, location: &Location, message: impl Into<String>) {
        self.found.push(Problem {
            file: self.file.to_string(),
            line: location.line(),
            column: location.column(),
            message: message.into(),
        });
    }
}

/// Why a config file was refused: the first problem, as `file:line:col:
/// message`.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{path}: no such config file")]
    Missing { path: PathBuf },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{0}")]
    Invalid(Problem),
}

/// Reads and checks a config file.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let io = |source: std::io::Error| match source.kind() {
        std::io::ErrorKind::NotFound => ConfigError::Missing {
            path: path.to_path_buf(),
        },
        _ => ConfigError::Io {
            path: path.to_path_buf(),
            source,
        },
    };
    let text = std::fs::read_to_string(path).map_err(io)?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let base = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    }
    .canonicalize()
    .map_err(io)?;
    parse(&path.display().to_string(), &text, folder, base)
}

/// Checks a config file's text; `folder` is where its relative paths start
/// from, `base` the same folder made canonical.
pub fn parse(name: &str, text: &str, folder: &Path, base: PathBuf) -> Result<Config, ConfigError> {
    let mut problems = Problems {
        file: name,
        found: Vec::new(),
    };
    let written: ConfigFile = if text.lines().all(|l| {
        let l = l.trim();
        l.is_empty() || l.starts_with('#') || l == "---"
    }) {
        ConfigFile::default()
    } else {
        serde_saphyr::from_str(text).map_err(|e| {
            let (line, column) = e
                .location()
                .map(|l| (l.line(), l.column()))
                .unwrap_or((0, 0));
            ConfigError::Invalid(Problem {
                file: name.to_string(),
                line,
                column,
                message: crate::error::yaml_message(&e),
            })
        })?
    };
    let include = globs(&written.include, &mut problems);
    let exclude = globs(&written.exclude, &mut problems);
    let checks = checks(&written, &mut problems);
    let mut kb = Vec::new();
    for dir in &written.kb {
        let path = folder.join(&dir.value);
        if path.is_dir() {
            kb.push(path);
        } else {
            problems.at(
                &dir.referenced,
                format!("knowledge-base folder {:?} is not a folder", dir.value),
            );
        }
    }
    let tolerance = tolerances(written.tolerance.as_ref(), &mut problems);
    problems.found.sort();
    if let Some(first) = problems.found.into_iter().next() {
        return Err(ConfigError::Invalid(first));
    }
    Ok(Config {
        selection: Selection {
            include,
            exclude,
            base: Some(base),
        },
        fail_on: written.fail_on,
        checks,
        kb,
        tolerance,
        lang: written.lang,
    })
}

/// A glob set, `*` staying within one folder and `**` crossing any number;
/// `None` when none is written.
fn globs(written: &[Spanned<String>], problems: &mut Problems) -> Option<GlobSet> {
    if written.is_empty() {
        return None;
    }
    let mut set = GlobSetBuilder::new();
    for glob in written {
        match GlobBuilder::new(&glob.value)
            .literal_separator(true)
            .build()
        {
            Ok(g) => {
                set.add(g);
            }
            Err(e) => problems.at(
                &glob.referenced,
                format!("bad glob {:?}: {}", glob.value, e.kind()),
            ),
        }
    }
    set.build().ok()
}

/// A check's code as the program knows it.
fn known_check(name: &Spanned<String>, problems: &mut Problems) -> Option<&'static str> {
    let found = crate::check::by_code(&name.value).map(|c| c.code());
    if found.is_none() {
        problems.at(&name.referenced, unknown_check(&name.value));
    }
    found
}

/// The message for a name that is no check.
pub fn unknown_check(name: &str) -> String {
    let known: Vec<_> = crate::check::all().iter().map(|c| c.code()).collect();
    format!(
        "unknown check {name:?}; the checks are: {}",
        known.join(", ")
    )
}

fn checks(written: &ConfigFile, problems: &mut Problems) -> Option<Vec<&'static str>> {
    if let (Some(_), Some(first)) = (&written.checks, written.disable.first()) {
        problems.at(
            &first.referenced,
            "give either `checks` (those that run) or `disable` (those that do not), not both",
        );
    }
    if let Some(listed) = &written.checks {
        return Some(
            listed
                .iter()
                .filter_map(|c| known_check(c, problems))
                .collect(),
        );
    }
    if written.disable.is_empty() {
        return None;
    }
    let disabled: Vec<&str> = written
        .disable
        .iter()
        .filter_map(|c| known_check(c, problems))
        .collect();
    Some(
        crate::check::all()
            .iter()
            .map(|c| c.code())
            .filter(|c| !disabled.contains(c))
            .collect(),
    )
}

/// A tolerance as written: a percentage from 0% to 50%.
pub fn percentage(text: &str) -> Result<f64, String> {
    let bad = || format!("bad tolerance {text:?}: write a percentage from 0% to 50%, like 2%");
    let number: f64 = text
        .trim()
        .strip_suffix('%')
        .ok_or_else(bad)?
        .trim()
        .parse()
        .map_err(|_| bad())?;
    if (0.0..=50.0).contains(&number) {
        Ok(number / 100.0)
    } else {
        Err(bad())
    }
}

fn tolerances(
    written: Option<&Spanned<Tolerance>>,
    problems: &mut Problems,
) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let per_check = match written {
        None => return out,
        Some(Spanned {
            value: Tolerance::PerCheck(map),
            ..
        }) => map,
        Some(Spanned {
            value: Tolerance::Every(text),
            referenced,
            ..
        }) => {
            match percentage(text) {
                Ok(t) => {
                    out.insert("default".to_string(), t);
                }
                Err(message) => problems.at(referenced, message),
            }
            return out;
        }
    };
    for (key, value) in per_check {
        if key != "default" && crate::check::by_code(key).is_none() {
            problems.at(
                &value.referenced,
                format!("{} (or `default`)", unknown_check(key)),
            );
            continue;
        }
        match percentage(&value.value) {
            Ok(t) => {
                out.insert(key.clone(), t);
            }
            Err(message) => problems.at(&value.referenced, message),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<Config, String> {
        let folder = tempfile::tempdir().unwrap();
        std::fs::create_dir(folder.path().join("kb")).unwrap();
        parse(
            ".audit.yaml",
            text,
            folder.path(),
            folder.path().to_path_buf(),
        )
        .map_err(|e| e.to_string())
    }

    #[test]
    fn a_full_config_reads() {
        let config = parse_text(
            "include: [\"posts/**/*.md\"]\nexclude: [\"posts/drafts/**\"]\nfail-on: contradicted\n\
             disable: [consistency, ratio]\nkb: [kb]\ntolerance: { default: 1%, arithmetic: 2.5% }\n",
        )
        .unwrap();
        assert_eq!(config.fail_on, Some(FailOn::Contradicted));
        let checks = config.checks.unwrap();
        assert!(!checks.contains(&"consistency") && !checks.contains(&"ratio"));
        assert!(checks.contains(&"spec"));
        assert_eq!(config.tolerance["default"], 0.01);
        assert_eq!(config.tolerance["arithmetic"], 0.025);
        assert_eq!(config.kb.len(), 1);
        let include = config.selection.include.unwrap();
        assert!(include.is_match("posts/a/b.md"));
        assert!(!include.is_match("other/b.md"));
    }

    #[test]
    fn a_plain_tolerance_is_the_default_for_every_check() {
        let plain = parse_text("tolerance: 5%\n").unwrap();
        let map = parse_text("tolerance: { default: 5% }\n").unwrap();
        assert_eq!(plain.tolerance, map.tolerance);
        assert_eq!(plain.tolerance, [("default".to_string(), 0.05)].into());
        assert_eq!(
            parse_text("fail-on: never\ntolerance: 5\n").unwrap_err(),
            ".audit.yaml:2:12: bad tolerance \"5\": write a percentage from 0% to 50%, like 2%"
        );
        assert_eq!(
            parse_text("tolerance: 60%\n").unwrap_err(),
            ".audit.yaml:1:12: bad tolerance \"60%\": write a percentage from 0% to 50%, like 2%"
        );
        let list = parse_text("tolerance: [5%]\n").unwrap_err();
        assert!(list.starts_with(".audit.yaml:1:"), "{list}");
        assert!(list.contains("a percentage like 2%"), "{list}");
    }

    #[test]
    fn an_empty_config_is_the_defaults() {
        let config = parse_text("# nothing yet\n").unwrap();
        assert!(config.checks.is_none() && config.fail_on.is_none());
    }

    #[test]
    fn problems_name_their_line_and_column() {
        assert_eq!(
            parse_text("fail-on: never\nchecks: [spec, speck]\n").unwrap_err(),
            ".audit.yaml:2:16: unknown check \"speck\"; the checks are: arithmetic, spec, formula, ratio, restate, sum, share, difference, table, bound, consistency"
        );
        assert_eq!(
            parse_text("tolerance:\n  arithmetic: 2\n").unwrap_err(),
            ".audit.yaml:2:15: bad tolerance \"2\": write a percentage from 0% to 50%, like 2%"
        );
        assert_eq!(
            parse_text("kb: [missing]\n").unwrap_err(),
            ".audit.yaml:1:6: knowledge-base folder \"missing\" is not a folder"
        );
        assert_eq!(
            parse_text("exclude: [\"a/[b\"]\n").unwrap_err(),
            ".audit.yaml:1:11: bad glob \"a/[b\": unclosed character class; missing ']'"
        );
        let both = parse_text("checks: [spec]\ndisable: [sum]\n").unwrap_err();
        assert!(both.starts_with(".audit.yaml:2:11: give either"), "{both}");
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused_with_their_place() {
        let unknown = parse_text("fail-on: never\nfail_on: never\n").unwrap_err();
        assert!(
            unknown.starts_with(".audit.yaml:2:1: unknown field"),
            "{unknown}"
        );
        let bad = parse_text("fail-on: sometimes\n").unwrap_err();
        assert!(
            bad.starts_with(".audit.yaml:1:10: unknown variant"),
            "{bad}"
        );
    }

    #[test]
    fn the_nearest_config_upward_wins() {
        let dir = tempfile::tempdir().unwrap();
        let deep = dir.path().join("a/b");
        std::fs::create_dir_all(&deep).unwrap();
        std::fs::write(dir.path().join(FILE_NAME), "").unwrap();
        assert_eq!(find(&deep), Some(PathBuf::from("../../.audit.yaml")));
        std::fs::write(deep.join(FILE_NAME), "").unwrap();
        assert_eq!(find(&deep), Some(PathBuf::from(".audit.yaml")));
    }
}
