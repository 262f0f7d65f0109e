//! End-to-end tests of `audit` as a CI job runs it over a repository of
//! articles: folders with ignore files, the `.audit.yaml` config and its
//! errors, suppression comments, baselines written and read back, and output
//! that is the same bytes whatever the number of threads.
//!
//! Each test builds its repository in a fresh temporary folder and runs the
//! binary from there, so paths in the output are relative and the config
//! search starts there; stdout, stderr and the exit code are checked whole
//! where they are short.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A repository of articles in a temporary folder, removed when dropped.
struct Repo {
    dir: tempfile::TempDir,
}

/// What a run of the binary left behind.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Repo {
    fn new() -> Repo {
        Repo {
            dir: tempfile::tempdir().expect("a temporary folder"),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn write(&self, name: &str, contents: &str) -> PathBuf {
        let path = self.path(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, contents).unwrap();
        path
    }

    fn read(&self, name: &str) -> String {
        fs::read_to_string(self.path(name)).unwrap()
    }

    /// Runs `audit` with `args` from `folder` (relative to the repository).
    fn audit_in(&self, folder: &str, args: &[&str]) -> Run {
        audit_from(&self.path(folder), args)
    }

    fn audit(&self, args: &[&str]) -> Run {
        self.audit_in("", args)
    }
}

fn audit_from(folder: &Path, args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(args)
        .current_dir(folder)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the audit binary runs");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(!run.stderr.contains("panicked"), "{run:?}");
    run
}

/// The per-file summary lines of a human report (not the grand total).
fn summaries(run: &Run) -> Vec<&str> {
    run.stdout
        .lines()
        .filter(|l| l.contains("; findings: ") && !l.starts_with("total: "))
        .collect()
}

/// The grand total line of a human report, which is its last line.
fn total(run: &Run) -> Option<&str> {
    let last = run.stdout.lines().last()?;
    last.starts_with("total: ").then_some(last)
}

fn json(run: &Run) -> serde_json::Value {
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

/// The claim texts of the findings of a JSON report, file by file.
fn flagged_texts(run: &Run) -> Vec<String> {
    json(run)["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["findings"].as_array().unwrap().clone())
        .filter(|f| f["verdict"] != "verified")
        .map(|f| f["text"].as_str().unwrap().to_string())
        .collect()
}

/// A usage, input or config error: exit 2, nothing on stdout, exactly
/// `message` as one `error:` line on stderr.
fn assert_error(run: &Run, message: &str) {
    assert_eq!(run.code, Some(2), "{run:?}");
    assert_eq!(run.stdout, "", "{run:?}");
    assert_eq!(run.stderr, format!("error: {message}\n"));
}

const RIGHT: &str = "Eight GPUs: 8 × 80 GB = 640 GB.\n";
const WRONG: &str = "Eight GPUs: 8 × 40 GB = 300 GB.\n";

// ------------------------------------------------------------ folders

#[test]
fn folders_honour_gitignore_ignore_and_hidden_files_like_ripgrep() {
    let repo = Repo::new();
    // No `git init`: ignore files apply in any folder (require_git is off).
    repo.write(".gitignore", "drafts/\n*.draft.md\n");
    repo.write("posts/a.md", RIGHT);
    repo.write("posts/b.markdown", WRONG);
    repo.write("posts/c.draft.md", WRONG);
    repo.write("posts/notes.txt", WRONG);
    repo.write("posts/.hidden.md", WRONG);
    repo.write("posts/.ignore", "skip.md\n");
    repo.write("posts/skip.md", WRONG);
    repo.write("posts/sub/d.md", RIGHT);
    repo.write("drafts/e.md", WRONG);
    let run = repo.audit(&["."]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "");
    assert_eq!(
        summaries(&run),
        [
            "./posts/a.md: 4 figures: 3 verified, 0 flagged, 1 unchecked; findings: 1 verified, 0 contradicted, 0 inconsistent",
            "./posts/b.markdown: 4 figures: 2 verified, 1 flagged, 1 unchecked; findings: 0 verified, 1 contradicted, 0 inconsistent",
            "./posts/sub/d.md: 4 figures: 3 verified, 0 flagged, 1 unchecked; findings: 1 verified, 0 contradicted, 0 inconsistent",
        ]
    );
    // A file named explicitly is audited whatever the ignore files say.
    let run = repo.audit(&["drafts/e.md", "posts/.hidden.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(summaries(&run).len(), 2, "{}", run.stdout);
    assert!(summaries(&run)[0].starts_with("drafts/e.md: "));
}

#[test]
fn progress_never_reaches_a_pipe() {
    // Enough files for a progress bar on a terminal; stderr here is a pipe.
    let repo = Repo::new();
    for i in 0..250 {
        repo.write(&format!("posts/{i:03}.md"), "8 GB.\n");
    }
    let run = repo.audit(&["posts"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.stderr, "");
    assert_eq!(summaries(&run).len(), 250);
    assert!(summaries(&run)[249].starts_with("posts/249.md: "));
    assert_eq!(
        total(&run),
        Some(
            "total: 250 files, 250 figures: 0 verified, 0 flagged, 250 unchecked; findings: 0 verified, 0 contradicted, 0 inconsistent"
        )
    );
}

/// The reports of a folder in every format (every finding) with one thread
/// and with two are the same bytes.
fn assert_same_bytes_on_one_and_two_threads(folder: &Path) {
    let folder = folder.to_str().unwrap();
    for format in ["human", "json", "sarif", "github", "markdown", "html"] {
        let args = |threads| {
            [
                "--format", format, "--show", "all", "--width", "80", "-j", threads, folder,
            ]
        };
        let one = audit_from(Path::new(env!("CARGO_MANIFEST_DIR")), &args("1"));
        let two = audit_from(Path::new(env!("CARGO_MANIFEST_DIR")), &args("2"));
        assert!(matches!(one.code, Some(0 | 1)), "{one:?}");
        assert!(
            one.stdout.matches("; findings: ").count() > 1
                || matches!(format, "json" | "sarif" | "github"),
            "{folder}: {one:?}"
        );
        assert_eq!(one.code, two.code, "{folder} {format}");
        assert_eq!(one.stderr, two.stderr, "{folder} {format}");
        assert!(
            one.stdout == two.stdout,
            "{folder} {format}: -j 1 and -j 2 differ"
        );
    }
}

#[test]
fn one_and_two_threads_give_the_same_bytes_over_the_fixtures() {
    assert_same_bytes_on_one_and_two_threads(Path::new("tests/fixtures"));
}

/// The shared corpus sits beside the repository on the developers' machines
/// and in CI; a clone without it skips this part.
#[test]
fn one_and_two_threads_give_the_same_bytes_over_the_shared_corpus() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !corpus.is_dir() {
        eprintln!("{}: absent, skipped", corpus.display());
        return;
    }
    assert_same_bytes_on_one_and_two_threads(&corpus);
}

#[test]
fn threads_must_be_at_least_one() {
    let repo = Repo::new();
    repo.write("a.md", RIGHT);
    let run = repo.audit(&["-j", "0", "a.md"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.starts_with("error: "), "{run:?}");
}

// ------------------------------------------------------------- config

#[test]
fn the_config_selects_files_and_sets_fail_on_and_checks() {
    let repo = Repo::new();
    repo.write(
        ".audit.yaml",
        "include: [\"posts/**/*.md\"]\nexclude: [\"posts/old/**\"]\nfail-on: never\n",
    );
    repo.write("posts/a.md", WRONG);
    repo.write("posts/old/b.md", WRONG);
    repo.write("other/c.md", WRONG);
    // Found upward from a subfolder; globs are relative to the config file.
    let run = repo.audit_in("posts", &["."]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        summaries(&run),
        [
            "./a.md: 4 figures: 2 verified, 1 flagged, 1 unchecked; findings: 0 verified, 1 contradicted, 0 inconsistent"
        ]
    );
    // One file's line is its total: no grand total follows it.
    assert_eq!(total(&run), None, "{}", run.stdout);
    // A flag overrides the config.
    let run = repo.audit(&["--fail-on", "contradicted", "posts"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    // --no-config reads every Markdown file with the defaults.
    let run = repo.audit(&["--no-config", "."]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(summaries(&run).len(), 3, "{}", run.stdout);
}

#[test]
fn the_config_chooses_checks_and_flags_override_it() {
    let repo = Repo::new();
    repo.write(".audit.yaml", "disable: [arithmetic]\n");
    repo.write("a.md", WRONG);
    let run = repo.audit(&["a.md"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        summaries(&run),
        [
            "a.md: 4 figures: 0 verified, 0 flagged, 4 unchecked; findings: 0 verified, 0 contradicted, 0 inconsistent"
        ]
    );
    let run = repo.audit(&["--checks", "arithmetic,spec", "a.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_error(
        &repo.audit(&["--disable", "arithmetc", "a.md"]),
        "unknown check \"arithmetc\"; the checks are: arithmetic, spec, formula, ratio, restate, sum, share, difference, table, bound, consistency",
    );
}

#[test]
fn the_config_sets_the_language_and_the_flag_overrides_it() {
    let repo = Repo::new();
    repo.write(".audit.yaml", "lang: zh-Hant\n");
    repo.write("a.md", WRONG);
    repo.write("b.md", "八张卡：8 × 40 GB = 300 GB。\n");
    let last = |args: &[&str]| {
        let run = repo.audit(args);
        assert_eq!(run.code, Some(1), "{run:?}");
        run.stdout.lines().last().unwrap().to_string()
    };
    let traditional = "a.md: 4 個數值：2 個已核實，1 個有問題，1 個未查核；查核結果：0 條已核實，1 條不符，0 條前後不一";
    assert_eq!(last(&["a.md"]), traditional);
    // Found from a subfolder too, and `audit claims` reads it.
    repo.write("sub/a.md", WRONG);
    let run = repo.audit_in("sub", &["a.md"]);
    assert!(run.stdout.ends_with(&format!("{traditional}\n")), "{run:?}");
    let run = repo.audit(&["claims", "a.md"]);
    assert!(
        run.stdout
            .ends_with("a.md: 4 個數值：2 個已核實，1 個有問題，1 個未查核\n"),
        "{run:?}"
    );
    // The flag wins; without the config, auto follows each article.
    assert_eq!(
        last(&["--lang", "en", "a.md"]),
        "a.md: 4 figures: 2 verified, 1 flagged, 1 unchecked; findings: 0 verified, 1 contradicted, 0 inconsistent"
    );
    assert_eq!(
        last(&["--lang", "auto", "b.md"])
            .split_once("：")
            .unwrap()
            .0,
        "b.md: 4 个数值"
    );
    assert_eq!(
        last(&["--no-config", "b.md"]).split_once("：").unwrap().0,
        "b.md: 4 个数值"
    );
    // `lang: auto` is the default, written out.
    repo.write(".audit.yaml", "lang: auto\n");
    assert!(last(&["a.md"]).starts_with("a.md: 4 figures: "));
}

#[test]
fn the_config_adds_knowledge_base_folders_relative_to_itself() {
    let repo = Repo::new();
    repo.write("config/.audit.yaml", "kb: [../kb]\n");
    repo.write("kb/bad.yaml", "entities:\n- id: x\n  kind: rocket\n");
    repo.write("a.md", RIGHT);
    let run = repo.audit(&["--config", "config/.audit.yaml", "a.md"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr
            .contains("kb/bad.yaml:3:9: unknown variant `rocket`"),
        "{run:?}"
    );
}

#[test]
fn kb_check_names_the_configs_folder() {
    let repo = Repo::new();
    repo.write(".audit.yaml", "kb: [mine]\n");
    repo.write(
        "mine/x.yaml",
        "entities:\n- id: x\n  kind: accelerator\n  name: X\n  facts:\n  - attribute: tdp\n    value: 700 W\n    source: nowhere\n    quote: \"700 W\"\n",
    );
    let run = repo.audit(&["kb", "check"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.contains(
            "mine/x.yaml:8:13: cites \"nowhere\", which neither the built-in sources/ nor "
        ) && run.stderr.contains("mine defines"),
        "{run:?}"
    );
    assert!(!run.stderr.contains("under sources/"), "{run:?}");
}

#[test]
fn tolerances_come_from_the_config_per_check_and_the_flag_replaces_them() {
    let repo = Repo::new();
    // 300 GB is 6.25% short of 320 GB; 720 W is 2.9% over the H100's 700 W.
    repo.write(
        "a.md",
        &format!("The H100 SXM5 has a TDP of 720 W.\n\n{WRONG}"),
    );
    let flagged = |run: &Run| {
        json(run)["files"][0]["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["verdict"] != "verified")
            .map(|f| f["check"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let run = repo.audit(&["--format", "json", "a.md"]);
    assert_eq!(flagged(&run), ["spec", "arithmetic"]);
    repo.write(
        ".audit.yaml",
        "tolerance: { default: 3%, arithmetic: 5% }\n",
    );
    let run = repo.audit(&["--format", "json", "a.md"]);
    assert_eq!(flagged(&run), ["arithmetic"]);
    repo.write(
        ".audit.yaml",
        "tolerance: { default: 3%, arithmetic: 7% }\n",
    );
    let run = repo.audit(&["--format", "json", "a.md"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(flagged(&run), Vec::<String>::new());
    // What held only thanks to a tolerance says so.
    let run = repo.audit(&["--show", "all", "a.md"]);
    assert!(
        run.stdout.contains(
            "a.md:3:13: verified [arithmetic] 8 × 40 GB = 320 GB, which matches 300 GB (within the 7% tolerance)"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("TDP (700 W) (within the 3% tolerance)"),
        "{}",
        run.stdout
    );
    let run = repo.audit(&["--format", "json", "--tolerance", "0%", "a.md"]);
    assert_eq!(flagged(&run), ["spec", "arithmetic"]);
}

#[test]
fn a_plain_tolerance_is_every_checks_and_reads_like_the_default_key() {
    let repo = Repo::new();
    // 300 GB is 6.25% short of 320 GB; 720 W is 2.9% over the H100's 700 W.
    repo.write(
        "a.md",
        &format!("The H100 SXM5 has a TDP of 720 W.\n\n{WRONG}"),
    );
    let args = ["--show", "all", "a.md"];
    repo.write(".audit.yaml", "tolerance: 5%\n");
    let plain = repo.audit(&args);
    repo.write(".audit.yaml", "tolerance: { default: 5% }\n");
    let map = repo.audit(&args);
    assert_eq!(plain.code, Some(1), "{plain:?}");
    assert_eq!(plain.stdout, map.stdout);
    assert_eq!(plain.code, map.code);
    assert!(
        plain
            .stdout
            .contains("TDP (700 W) (within the 5% tolerance)"),
        "{}",
        plain.stdout
    );
    assert!(
        plain.stdout.contains("× arithmetic"),
        "6.25% is outside 5%: {}",
        plain.stdout
    );
    repo.write(".audit.yaml", "tolerance: 7%\n");
    let run = repo.audit(&args);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert!(
        run.stdout.contains("(within the 7% tolerance)"),
        "{}",
        run.stdout
    );
    repo.write(".audit.yaml", "tolerance: 5\n");
    assert_error(
        &repo.audit(&args),
        ".audit.yaml:1:12: bad tolerance \"5\": write a percentage from 0% to 50%, like 2%",
    );
}

#[test]
fn config_errors_name_file_line_and_column() {
    let repo = Repo::new();
    repo.write("posts/a.md", RIGHT);
    let cases = [
        (
            "fail-on: never\nfail_on: never\n",
            ".audit.yaml:2:1: unknown field `fail_on`, expected one of include, exclude, fail-on, checks, disable, kb, tolerance, lang",
        ),
        (
            "lang: fr\n",
            ".audit.yaml:1:7: unknown variant `fr`, expected one of auto, en, zh-Hans, zh-Hant",
        ),
        (
            "fail-on: sometimes\n",
            ".audit.yaml:1:10: unknown variant `sometimes`, expected one of inconsistent, contradicted, never",
        ),
        (
            "checks:\n  - spec\n  - speck\n",
            ".audit.yaml:3:5: unknown check \"speck\"; the checks are: arithmetic, spec, formula, ratio, restate, sum, share, difference, table, bound, consistency",
        ),
        (
            "exclude: [\"posts/[old\"]\n",
            ".audit.yaml:1:11: bad glob \"posts/[old\": unclosed character class; missing ']'",
        ),
        (
            "tolerance:\n  arithmetic: 200%\n",
            ".audit.yaml:2:15: bad tolerance \"200%\": write a percentage from 0% to 50%, like 2%",
        ),
        (
            "kb: [nowhere]\n",
            ".audit.yaml:1:6: knowledge-base folder \"nowhere\" is not a folder",
        ),
    ];
    for (config, message) in cases {
        repo.write(".audit.yaml", config);
        assert_error(&repo.audit(&["posts"]), message);
        // Found from a subfolder, the file is named as reached from there.
        assert_error(&repo.audit_in("posts", &["a.md"]), &format!("../{message}"));
    }
    assert_error(
        &repo.audit(&["--config", "missing.yaml", "posts"]),
        "missing.yaml: no such config file",
    );
}

// ------------------------------------------------------- suppressions

#[test]
fn each_suppression_form_hides_its_findings() {
    let repo = Repo::new();
    let article = "\
# Memory

One GPU: 1 × 40 GB = 45 GB.

<!-- audit-ignore-next-line -->
Two GPUs: 2 × 40 GB = 70 GB.

<!-- audit-ignore -->
Three GPUs:
3 × 40 GB = 100 GB.

<!-- audit-disable -->
Four GPUs: 4 × 40 GB = 150 GB.

Five GPUs: 5 × 40 GB = 180 GB.
<!-- audit-enable -->

Six GPUs: 6 × 40 GB = 250 GB.

<!-- audit-ignore check=spec,formula -->
Seven GPUs: 7 × 40 GB = 270 GB.

<!-- audit-ignore check=arithmetic -->
Eight GPUs: 8 × 40 GB = 300 GB.
";
    repo.write("a.md", article);
    let run = repo.audit(&["--format", "json", "a.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "");
    // Shown: before the first suppression, after the region, and where the
    // suppression names other checks.
    assert_eq!(
        flagged_texts(&run),
        [
            "1 × 40 GB = 45 GB",
            "6 × 40 GB = 250 GB",
            "7 × 40 GB = 270 GB"
        ]
    );
    let run = repo.audit(&["a.md"]);
    assert_eq!(
        summaries(&run),
        [
            "a.md: 32 figures: 6 verified, 3 flagged, 23 unchecked; findings: 0 verified, 3 contradicted, 0 inconsistent, 5 suppressed"
        ]
    );
    // With only suppressed findings, the run passes.
    repo.write(
        "b.md",
        "<!-- audit-disable check=arithmetic -->\nTwo GPUs: 2 × 40 GB = 70 GB.\n",
    );
    let run = repo.audit(&["b.md"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stdout,
        "b.md: 4 figures: 0 verified, 0 flagged, 4 unchecked; findings: 0 verified, 0 contradicted, 0 inconsistent, 1 suppressed\n"
    );
}

#[test]
fn a_comment_in_code_is_no_suppression() {
    let repo = Repo::new();
    repo.write(
        "a.md",
        "```html\n<!-- audit-ignore-next-line -->\n```\nTwo GPUs: 2 × 40 GB = 70 GB.\n",
    );
    let run = repo.audit(&["a.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
}

#[test]
fn unused_suppressions_are_reported_on_request() {
    let repo = Repo::new();
    repo.write(
        "a.md",
        "<!-- audit-ignore-next-line -->\nTwo GPUs: 2 × 40 GB = 80 GB.\n\n\
         <!-- audit-ignore -->\nTwo GPUs: 2 × 40 GB = 70 GB.\n\n\
         <!-- audit-disable check=spec -->\nTwo GPUs: 2 × 40 GB = 60 GB.\n",
    );
    // Without the flag the run is judged on findings alone.
    let run = repo.audit(&["a.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "");
    let run = repo.audit(&["--report-unused-suppressions", "--fail-on", "never", "a.md"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stderr,
        "a.md:1:1: unused suppression <!-- audit-ignore-next-line -->: it hides no flagged finding\n\
         a.md:7:1: unused suppression <!-- audit-disable check=spec -->: it hides no flagged finding\n"
    );
    repo.write(
        "b.md",
        "<!-- audit-ignore -->\nTwo GPUs: 2 × 40 GB = 80 GB.\n",
    );
    let run = repo.audit(&["--report-unused-suppressions", "b.md"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(
        run.stdout,
        "b.md: 4 figures: 0 verified, 0 flagged, 4 unchecked; findings: 0 verified, 0 contradicted, 0 inconsistent\n"
    );
}

#[test]
fn a_mistyped_suppression_is_an_error_with_its_place() {
    let repo = Repo::new();
    let text = "Intro.\n\n<!-- audit-ignore check=arithmetc -->\nTwo GPUs: 2 × 40 GB = 70 GB.\n";
    repo.write("a.md", text);
    assert_error(
        &repo.audit(&["a.md"]),
        "a.md:3:1: unknown check \"arithmetc\"; the checks are: arithmetic, spec, formula, ratio, restate, sum, share, difference, table, bound, consistency",
    );
    repo.write("b.md", "Intro. <!-- audit-ingore -->\n");
    assert_error(
        &repo.audit(&["b.md"]),
        "b.md:1:8: unknown suppression \"audit-ingore\"; write audit-ignore-next-line, audit-ignore, audit-disable or audit-enable",
    );
    assert_eq!(repo.read("a.md"), text, "the input was changed");
}

// ----------------------------------------------------------- baseline

#[test]
fn a_baseline_hides_known_findings_across_edits_and_fails_on_new_ones() {
    let repo = Repo::new();
    let article = format!("# Memory\n\nIntro.\n\n{WRONG}\nThe end.\n");
    repo.write("posts/a.md", &article);
    repo.write("posts/b.md", RIGHT);

    let run = repo.audit(&["--write-baseline", "baseline.json", "posts"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(
        run.stderr,
        "baseline: 1 finding recorded in baseline.json\n"
    );
    // What was recorded is said on stderr; the report is not printed.
    assert_eq!(run.stdout, "");
    let written: serde_json::Value = serde_json::from_str(&repo.read("baseline.json")).unwrap();
    assert_eq!(written["version"], 1);
    assert_eq!(written["findings"][0]["path"], "posts/a.md");
    assert_eq!(written["findings"][0]["check"], "arithmetic");
    assert_eq!(written["findings"][0]["text"], "8 × 40 GB = 300 GB");
    assert_eq!(written["findings"][0]["count"], 1);
    // Written by a rename: no temporary file is left beside it (the cache
    // folder is the run's own).
    let left: Vec<_> = fs::read_dir(repo.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n != "posts" && n != ".audit_cache")
        .collect();
    assert_eq!(left, ["baseline.json"]);
    // With --output, the report is written there all the same.
    let run = repo.audit(&[
        "--write-baseline",
        "baseline.json",
        "--output",
        "report.txt",
        "posts",
    ]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.stdout, "");
    assert_eq!(repo.read("report.txt"), repo.audit(&["posts"]).stdout);
    fs::remove_file(repo.path("report.txt")).unwrap();

    // Edits elsewhere: a new title, a new paragraph above, the end changed.
    let edited = format!(
        "# Memory, revised\n\nA new paragraph: 2 × 80 GB = 160 GB.\n\nIntro.\n\n{WRONG}\nThe new end.\n"
    );
    repo.write("posts/a.md", &edited);
    let run = repo.audit(&["--baseline", "baseline.json", "posts"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    assert_eq!(run.stderr, "baseline: 1 known finding hidden\n");
    assert_eq!(
        summaries(&run),
        [
            "posts/a.md: 7 figures: 3 verified, 0 flagged, 4 unchecked; findings: 1 verified, 0 contradicted, 0 inconsistent, 1 hidden by the baseline",
            "posts/b.md: 4 figures: 3 verified, 0 flagged, 1 unchecked; findings: 1 verified, 0 contradicted, 0 inconsistent",
        ]
    );
    // A folder's run ends with the sum of the files' counts.
    assert_eq!(
        total(&run),
        Some(
            "total: 2 files, 11 figures: 6 verified, 0 flagged, 5 unchecked; findings: 2 verified, 0 contradicted, 0 inconsistent, 1 hidden by the baseline"
        )
    );

    // A new wrong claim fails the run, and only it is reported.
    repo.write(
        "posts/a.md",
        &format!("{edited}\nFour GPUs: 4 × 40 GB = 150 GB.\n"),
    );
    let run = repo.audit(&["--baseline", "baseline.json", "--format", "json", "posts"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "baseline: 1 known finding hidden\n");
    assert_eq!(flagged_texts(&run), ["4 × 40 GB = 150 GB"]);

    // A second copy of the accepted mistake is new: counts are kept.
    repo.write("posts/a.md", &format!("{edited}\n{WRONG}"));
    let run = repo.audit(&["--baseline", "baseline.json", "--format", "json", "posts"]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(flagged_texts(&run), ["8 × 40 GB = 300 GB"]);
}

#[test]
fn a_baseline_is_never_written_over_an_input() {
    let repo = Repo::new();
    let path = repo.write("posts/a.md", WRONG);
    assert_error(
        &repo.audit(&["--write-baseline", "posts/a.md", "posts"]),
        "posts/a.md: an audited file; write the baseline elsewhere",
    );
    // The same file reached another way is still refused.
    assert_error(
        &repo.audit(&["--write-baseline", "./posts/../posts/a.md", "posts/a.md"]),
        "./posts/../posts/a.md: an audited file; write the baseline elsewhere",
    );
    assert_eq!(fs::read_to_string(path).unwrap(), WRONG);
    // A folder that does not exist is refused before the audit, not after.
    assert_error(
        &repo.audit(&["--write-baseline", "nowhere/baseline.json", "posts"]),
        "nowhere/baseline.json: no such folder for the baseline",
    );
}

#[test]
fn a_bad_baseline_is_an_error() {
    let repo = Repo::new();
    repo.write("a.md", WRONG);
    repo.write(
        "baseline.json",
        "{\"version\": 1, \"findings\": [], \"extra\": 0}",
    );
    let run = repo.audit(&["--baseline", "baseline.json", "a.md"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr
            .starts_with("error: baseline.json: not a baseline file: unknown field `extra`"),
        "{run:?}"
    );
    assert_error(
        &repo.audit(&["--baseline", "none.json", "a.md"]),
        "none.json: no such baseline file",
    );
}

// -------------------------------------------------------- integration

/// The example workflow and the pre-commit hook are valid YAML, run the
/// `audit` binary, and pass it only options it has.
#[test]
fn the_workflow_and_hook_examples_use_real_options() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |name: &str| fs::read_to_string(root.join(name)).unwrap();
    let hooks: serde_json::Value = serde_saphyr::from_str(&read(".pre-commit-hooks.yaml")).unwrap();
    assert_eq!(hooks[0]["id"], "audit");
    assert_eq!(hooks[0]["entry"], "audit");
    assert_eq!(hooks[0]["types"], serde_json::json!(["markdown"]));
    let workflow_text = read("examples/github-workflow.yml");
    let workflow: serde_json::Value = serde_saphyr::from_str(&workflow_text).unwrap();
    // Every job's audit step: the plain one and the sharded matrix.
    let commands: Vec<&str> = ["audit", "audit-sharded"]
        .iter()
        .map(|job| {
            workflow["jobs"][job]["steps"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|s| s["run"].as_str())
                .find(|r| r.starts_with("audit "))
                .expect("a step runs audit")
        })
        .collect();
    assert!(commands[1].contains("--shard ${{ matrix.shard }}/4"));
    let help = audit_from(root, &["--help"]).stdout;
    for option in commands
        .iter()
        .flat_map(|c| c.split_whitespace())
        .filter(|w| w.starts_with("--"))
    {
        let known = help
            .lines()
            .any(|l| l.trim_start().split([' ', ',']).any(|w| w == option));
        assert!(known, "{option} is no option of audit");
    }
}

/// The config example in the README is a valid config: it reads, chooses the
/// files it says, and keeps drafts out.
#[test]
fn the_readme_config_example_holds() {
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let example = readme
        .split_once("### Config: `.audit.yaml`")
        .and_then(|(_, rest)| rest.split_once("```yaml\n"))
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .expect("the README has a config example")
        .0;
    let repo = Repo::new();
    repo.write(".audit.yaml", example);
    repo.write("kb/empty.yaml", "entities: []\n");
    repo.write("articles/a.md", WRONG);
    repo.write("articles/drafts/b.md", WRONG);
    repo.write("notes/c.md", WRONG);
    let run = repo.audit(&["."]);
    assert_eq!(run.code, Some(1), "{run:?}");
    assert_eq!(run.stderr, "");
    // Its `lang: zh-Hans` reports even an English article in Chinese.
    let summaries: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.contains("核查结果"))
        .collect();
    assert_eq!(
        summaries,
        [
            "./articles/a.md: 4 个数值：2 个已核实，1 个有问题，1 个未核查；核查结果：0 条已核实，1 条不符，0 条前后不一"
        ]
    );
}

// ------------------------------------------------------------ reports

/// The names in a folder of the repository, sorted.
fn names(repo: &Repo, folder: &str) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(repo.path(folder))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn output_writes_the_report_stdout_would_show_and_never_over_an_input() {
    let repo = Repo::new();
    let article = repo.write("posts/a.md", WRONG);
    repo.write("posts/b.md", RIGHT);
    for format in ["human", "json", "sarif", "github", "markdown", "html"] {
        let printed = repo.audit(&["--format", format, "posts"]);
        let written = repo.audit(&["--format", format, "--output", "report.out", "posts"]);
        assert_eq!(written.code, Some(1), "{format}: {written:?}");
        assert_eq!(written.stdout, "", "{format}");
        assert_eq!(written.stderr, "", "{format}");
        assert_eq!(repo.read("report.out"), printed.stdout, "{format}");
        // Nothing else is left beside the report but the run's cache.
        assert_eq!(
            names(&repo, ""),
            [".audit_cache", "posts", "report.out"],
            "{format}"
        );
    }
    // An audited file, the baseline and the config are inputs, however
    // named; each is refused before anything is written.
    repo.write("baseline.json", "{ \"version\": 1, \"findings\": [] }\n");
    repo.write(".audit.yaml", "fail-on: contradicted\n");
    for (args, target) in [
        (vec!["posts"], "posts/a.md"),
        (vec!["posts/a.md"], "./posts/../posts/a.md"),
        (
            vec!["--baseline", "baseline.json", "posts"],
            "baseline.json",
        ),
        (vec!["posts"], ".audit.yaml"),
    ] {
        let before = repo.read(target);
        let mut args = args.clone();
        args.extend(["--output", target]);
        assert_error(
            &repo.audit(&args),
            &format!("{target}: refusing to write over an input file"),
        );
        assert_eq!(repo.read(target), before, "{target}");
    }
    assert_eq!(fs::read_to_string(article).unwrap(), WRONG);
    // A run that fails half-way leaves the old report whole and no
    // temporary file behind.
    fs::write(repo.path("posts/c.md"), b"8 \xff GB\n").unwrap();
    let run = repo.audit(&["--format", "html", "--output", "report.out", "posts"]);
    assert_eq!(run.code, Some(2), "{run:?}");
    let whole = repo.audit(&["--format", "html", "posts/a.md", "posts/b.md"]);
    assert_eq!(repo.read("report.out"), whole.stdout);
    assert_eq!(
        names(&repo, ""),
        [
            ".audit.yaml",
            ".audit_cache",
            "baseline.json",
            "posts",
            "report.out"
        ]
    );
}

/// Runs `audit` with `args` from the repository under a umask, set by a
/// shell that then becomes the binary.
#[cfg(unix)]
fn audit_with_umask(repo: &Repo, umask: &str, args: &[&str]) -> Run {
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_audit"))
        .args(args)
        .current_dir(repo.dir.path())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    }
}

#[cfg(unix)]
#[test]
fn reports_and_baselines_get_the_permissions_the_umask_gives() {
    use std::os::unix::fs::PermissionsExt;
    let repo = Repo::new();
    repo.write("posts/a.md", WRONG);
    let mode = |name: &str| fs::metadata(repo.path(name)).unwrap().permissions().mode() & 0o777;
    for (umask, expected) in [("022", 0o644), ("027", 0o640), ("077", 0o600)] {
        let run = audit_with_umask(&repo, umask, &["--output", "report.md", "posts"]);
        assert_eq!(run.code, Some(1), "{umask}: {run:?}");
        let run = audit_with_umask(
            &repo,
            umask,
            &["--write-baseline", "baseline.json", "posts"],
        );
        assert_eq!(run.code, Some(0), "{umask}: {run:?}");
        for written in ["report.md", "baseline.json"] {
            assert_eq!(mode(written), expected, "{written} under umask {umask}");
            // Replaced, not kept: the next umask gives the next mode.
            fs::set_permissions(repo.path(written), fs::Permissions::from_mode(0o400)).unwrap();
        }
    }
}

#[test]
fn suppressed_and_baselined_findings_are_counted_in_every_summary() {
    let repo = Repo::new();
    repo.write(
        "posts/a.md",
        &format!("{WRONG}\n<!-- audit-ignore-next-line -->\nSix GPUs: 6 × 40 GB = 200 GB.\n"),
    );
    repo.write("posts/b.md", "Four GPUs: 4 × 40 GB = 150 GB.\n");
    let run = repo.audit(&["--write-baseline", "baseline.json", "posts/b.md"]);
    assert_eq!(run.code, Some(0), "{run:?}");
    let audit = |format: &str| {
        let run = repo.audit(&["--format", format, "--baseline", "baseline.json", "posts"]);
        assert_eq!(run.code, Some(1), "{format}: {run:?}");
        run.stdout
    };
    let markdown = audit("markdown");
    assert!(
        markdown.contains("0 verified, 1 contradicted, 0 inconsistent, 1 suppressed.\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains("0 contradicted, 0 inconsistent, 1 hidden by the baseline.\n"),
        "{markdown}"
    );
    assert!(
        markdown
            .ends_with("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n| 2 | 12 | 3 | 9 | 0 | 1 | 0 | 1 | 1 |\n"),
        "{markdown}"
    );
    let html = audit("html");
    assert!(
        html.contains(
            r#"<td class="inconsistent">0</td><td>1</td><td>1</td></tr></table></header>"#
        ),
        "{html}"
    );
    assert!(html.contains("0 inconsistent, 1 suppressed</p>"), "{html}");
    let sarif: serde_json::Value = serde_json::from_str(&audit("sarif")).unwrap();
    assert_eq!(
        sarif["runs"][0]["properties"],
        serde_json::json!({
            "files": 2,
            "coverage": { "figures": 12, "verified": 2, "flagged": 1, "unchecked": 9 },
            "suppressed": 1,
            "baselined": 1
        })
    );
    assert_eq!(sarif["runs"][0]["results"].as_array().unwrap().len(), 1);
    assert_eq!(audit("github").lines().count(), 1);
}
