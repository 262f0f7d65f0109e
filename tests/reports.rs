//! `reports/`: example articles and their Markdown reports
//! (`NAME.md` and `NAME.report.md` side by side), regenerated and compared
//! byte for byte, so a change in behaviour shows as a diff to review; and
//! `audit reports/` reads the articles, never the reports.
//!
//! To regenerate after an intended change:
//! `RECOUNT_UPDATE_REPORTS=1 cargo test --test reports`, then read
//! `git diff reports/`.

use std::path::{Path, PathBuf};

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

const REPORT_SUFFIX: &str = ".report.md";

/// The articles under reports/, sorted: the files `audit reports/` reads
/// with the repository's `.audit.yaml`, which leaves the reports out.
fn articles() -> Vec<PathBuf> {
    let config = recount::ci::config::load(Path::new(".audit.yaml")).unwrap();
    recount::read::inputs::markdown_files(&[PathBuf::from("reports")], &config.selection).unwrap()
}

/// Every `NAME.report.md` under reports/, sorted.
fn reports() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from("reports")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.to_string_lossy().ends_with(REPORT_SUFFIX) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn report_path(article: &Path) -> PathBuf {
    let stem = article.file_stem().unwrap().to_string_lossy();
    article.with_file_name(format!("{stem}{REPORT_SUFFIX}"))
}

/// What `audit --format markdown --show all ARTICLE` prints.
fn render(article: &Path) -> String {
    let text = std::fs::read_to_string(article).unwrap();
    let path = article.to_string_lossy().replace('\\', "/");
    let report = audit(Document::new(path, text), Kb::builtin());
    let options = Options {
        show: Show::All,
        color: false,
        width: 100,
        lang: recount::lang::Choice::Auto,
    };
    let mut out = Vec::new();
    emitter(Format::Markdown, options)
        .emit(&[report], &mut out)
        .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn every_report_matches_its_article() {
    let update = std::env::var_os("RECOUNT_UPDATE_REPORTS").is_some_and(|v| v == "1");
    let articles = articles();
    assert!(
        articles.len() >= 3,
        "reports/ has {} articles",
        articles.len()
    );
    let mut stale = Vec::new();
    for article in &articles {
        let expected_path = report_path(article);
        let actual = render(article);
        if update {
            recount::report::output::write_atomically(
                &expected_path,
                actual.as_bytes(),
                std::slice::from_ref(article),
            )
            .unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            let line = expected
                .lines()
                .zip(actual.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
            stale.push(format!(
                "{} differs from a fresh audit of {} at line {}:\n  committed: {:?}\n  now:       {:?}",
                expected_path.display(),
                article.display(),
                line + 1,
                expected.lines().nth(line).unwrap_or("<end of file>"),
                actual.lines().nth(line).unwrap_or("<end of file>"),
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "{}\n\nIf the change is intended, regenerate with\n  RECOUNT_UPDATE_REPORTS=1 cargo test --test reports\nand review `git diff reports/`.",
        stale.join("\n\n")
    );
}

#[test]
fn every_report_has_its_article_and_no_report_is_one() {
    let articles = articles();
    let reports = reports();
    assert_eq!(reports.len(), articles.len());
    for report in &reports {
        assert!(
            !articles.contains(report),
            "{} is read as an article",
            report.display()
        );
        let name = report.file_name().unwrap().to_string_lossy();
        let stem = name.strip_suffix(REPORT_SUFFIX).unwrap();
        let article = report.with_file_name(format!("{stem}.md"));
        assert!(
            articles.contains(&article),
            "{} has no article {}",
            report.display(),
            article.display()
        );
    }
}

#[test]
fn auditing_the_folder_reads_the_articles_only() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(["--format", "json", "reports"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let paths: Vec<PathBuf> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| PathBuf::from(f["path"].as_str().unwrap()))
        .collect();
    assert_eq!(paths, articles());
    // Without the config, the reports would be read too.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(["--no-config", "--format", "json", "reports"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["summary"]["files"], 2 * articles().len());
}
