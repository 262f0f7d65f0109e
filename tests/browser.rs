//! The HTML report in a real browser: headless Chromium (Debian's
//! `chromium`) loads the report of an example article with all three
//! verdicts, and the test checks the DOM it ends with (every finding
//! highlighted with its verdict's class and listed in the panel, the inline
//! script run under the page's Content-Security-Policy, the summary laid
//! out above the article though written after it) and takes a screenshot.
//!
//! Without Chromium the test is skipped, saying so on stderr, so `cargo
//! test` passes on a fresh machine; with `RECOUNT_REQUIRE_BROWSER=1` (which
//! `.ci/run` sets once it has installed Chromium) a missing Chromium fails
//! it, so CI never passes by skipping it. With `RECOUNT_UPDATE_REPORTS=1`
//! the screenshot replaces `docs/html-report.png`, the one the README shows.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use recount::audit::audit;
use recount::document::Document;
use recount::finding::Verdict;
use recount::kb::Kb;
use recount::report::{Format, Options, Show, emitter};

const ARTICLE: &str = "reports/examples/fine-tune-budget.md";

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    ["chromium", "chromium-browser"].iter().find_map(|name| {
        std::env::split_paths(&path)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

/// Runs Chromium headless on a file with extra arguments, and returns its
/// standard output; fails after two minutes.
fn run_chromium(browser: &Path, page: &Path, args: &[&str]) -> String {
    let profile = page.with_file_name("chromium-profile");
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("chromium did not finish in two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output().unwrap();
    assert!(
        output.status.success(),
        "chromium failed: {}",
        output.status
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Chromium, or `None` after saying on stderr that the test is skipped;
/// a missing Chromium fails the test when `RECOUNT_REQUIRE_BROWSER=1`.
fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let browser = chromium();
    if browser.is_none() {
        if std::env::var_os("RECOUNT_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
            panic!(
                "chromium is not installed and RECOUNT_REQUIRE_BROWSER=1: \
                 `apt-get install -y chromium` (as .ci/run does)"
            );
        }
        eprintln!(
            "{test}: skipped: chromium is not installed \
             (`apt-get install -y chromium`; RECOUNT_REQUIRE_BROWSER=1 makes this a failure)"
        );
    }
    browser
}

#[test]
fn html_report_highlights_every_claim_in_chromium() {
    let Some(browser) = chromium_or_skip("html_report_highlights_every_claim_in_chromium") else {
        return;
    };
    let text = std::fs::read_to_string(ARTICLE).unwrap();
    let report = audit(Document::new(ARTICLE, text), Kb::builtin());
    let options = Options {
        show: Show::All,
        color: false,
        width: 100,
    };
    let mut html = Vec::new();
    emitter(Format::Html, options)
        .emit(std::slice::from_ref(&report), &mut html)
        .unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    // The summary is written last and placed first by the style sheet: a
    // script added for the test records where the browser laid it out.
    let html = String::from_utf8(html).unwrap().replace(
        "</body>",
        "<script>document.body.setAttribute('data-summary-first', String(\
         document.querySelector('header.summary').getBoundingClientRect().bottom <= \
         document.querySelector('section.file').getBoundingClientRect().top));</script>\n</body>",
    );
    let page = dir.join("report.html");
    std::fs::write(&page, &html).unwrap();

    let dom = run_chromium(&browser, &page, &["--dump-dom"]);
    assert!(
        dom.contains(r#"<body class="interactive""#),
        "the inline script did not run"
    );
    assert!(
        dom.contains(r#"data-summary-first="true""#),
        "the summary is not above the article"
    );
    let mark = regex::Regex::new(r#"<mark class="claim (\w+)" data-findings="([^"]+)""#).unwrap();
    let marks: Vec<(String, String)> = mark
        .captures_iter(&dom)
        .map(|c| (c[1].to_string(), c[2].to_string()))
        .collect();
    for verdict in [
        Verdict::Verified,
        Verdict::Contradicted,
        Verdict::Inconsistent,
    ] {
        assert!(
            report.count(verdict) > 0,
            "{ARTICLE} should have a {verdict:?} finding"
        );
        assert!(
            marks.iter().any(|(class, _)| class == verdict.as_str()),
            "no {} highlight in {marks:?}",
            verdict.as_str()
        );
    }
    // Every finding is highlighted somewhere with its own verdict's class
    // (or a more serious one where findings overlap), and has its entry in
    // the panel.
    for (index, finding) in report.findings.iter().enumerate() {
        let id = format!("f1-{}", index + 1);
        let classes: Vec<&str> = marks
            .iter()
            .filter(|(_, ids)| ids.split(' ').any(|i| i == id))
            .map(|(class, _)| class.as_str())
            .collect();
        assert!(!classes.is_empty(), "finding {id} is not highlighted");
        if finding.verdict.is_flag() {
            assert!(
                classes.contains(&finding.verdict.as_str()),
                "{id}: {classes:?}"
            );
        }
        assert!(
            dom.contains(&format!(
                r#"<details class="finding {}" id="{id}""#,
                finding.verdict.as_str()
            )),
            "finding {id} is not in the panel"
        );
    }

    let screenshot = dir.join("html-report.png");
    let _ = std::fs::remove_file(&screenshot);
    run_chromium(
        &browser,
        &page,
        &[
            &format!("--screenshot={}", screenshot.display()),
            "--window-size=1280,900",
        ],
    );
    let png = std::fs::read(&screenshot).expect("chromium wrote the screenshot");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert!(png.len() > 20_000, "a blank page? {} bytes", png.len());
    if std::env::var_os("RECOUNT_UPDATE_REPORTS").is_some_and(|v| v == "1") {
        recount::output::write_atomically(Path::new("docs/html-report.png"), &png, &[]).unwrap();
    }
}

/// The browser test run again as a child of this test binary, on a PATH
/// where no Chromium is: it passes, saying it is skipped, unless
/// `RECOUNT_REQUIRE_BROWSER=1`, when it fails.
#[test]
fn without_chromium_the_test_is_skipped_unless_required() {
    let empty = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-chromium");
    std::fs::create_dir_all(&empty).unwrap();
    let run = |require: Option<&str>| {
        let mut child = Command::new(std::env::current_exe().unwrap());
        child
            .args([
                "--exact",
                "html_report_highlights_every_claim_in_chromium",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("PATH", &empty)
            .env_remove("RECOUNT_REQUIRE_BROWSER")
            .env_remove("RECOUNT_UPDATE_REPORTS");
        if let Some(value) = require {
            child.env("RECOUNT_REQUIRE_BROWSER", value);
        }
        let output = child.output().expect("the test binary runs");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    };
    for require in [None, Some("0")] {
        let (passed, stderr, stdout) = run(require);
        assert!(passed, "{require:?}: {stdout}{stderr}");
        assert!(
            stderr.contains("skipped: chromium is not installed"),
            "{require:?}: {stderr}"
        );
        assert!(stdout.contains("1 passed"), "{require:?}: {stdout}");
    }
    let (passed, stderr, stdout) = run(Some("1"));
    assert!(!passed, "{stdout}{stderr}");
    assert!(
        stderr.contains("chromium is not installed and RECOUNT_REQUIRE_BROWSER=1"),
        "{stderr}"
    );
}
