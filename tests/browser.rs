//! The HTML report in a real browser: headless Chromium (Debian's
//! `chromium`) loads the report of an example article with all three
//! verdicts, and the test checks the DOM it ends with (every finding
//! highlighted with its verdict's class and listed in the panel, the inline
//! script run under the page's Content-Security-Policy, the summary laid
//! out above the article though written after it, and what each setting of
//! the filter leaves shown) and takes a screenshot.
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
use recount::check::finding::Verdict;
use recount::kb::Kb;
use recount::read::document::Document;
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

/// Clicks each setting of the page's filter and records, for each, how
/// many panel entries (all, verified), unchecked lists, and marks (flagged,
/// verified only, unchecked) stay visible, then the totals, as
/// `all:1,2,3,4,5,6 flagged:… unchecked:… total:…` in the body's
/// `data-filter`.
const FILTER_PROBE: &str = r#"(function () {
  var selectors = ['details.finding', 'details.finding.verified', 'details.unchecked-list',
    'article.doc mark.claim.contradicted, article.doc mark.claim.inconsistent',
    'article.doc mark.claim.verified:not(.contradicted):not(.inconsistent)',
    'article.doc mark.unchecked:not(.related)'];
  var count = function (visible) {
    return selectors.map(function (sel, i) {
      return Array.prototype.filter.call(document.querySelectorAll(sel), function (e) {
        if (!visible) { return true; }
        var style = getComputedStyle(e);
        return i < 3 ? style.display !== 'none' : style.borderBottomStyle !== 'none';
      }).length;
    }).join(',');
  };
  var results = [];
  ['all', 'flagged', 'unchecked'].forEach(function (mode) {
    document.querySelector('fieldset.filter input[value="' + mode + '"]').click();
    results.push(mode + ':' + count(true));
  });
  document.querySelector('fieldset.filter input[value="all"]').click();
  results.push('total:' + count(false));
  document.body.setAttribute('data-filter', results.join(' '));
})();"#;

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
        lang: recount::lang::Choice::Auto,
    };
    let mut html = Vec::new();
    emitter(Format::Html, options)
        .emit(std::slice::from_ref(&report), &mut html)
        .unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    // The summary is written last and placed first by the style sheet: a
    // script added for the test records where the browser laid it out, and
    // what each setting of the filter leaves shown.
    let html = String::from_utf8(html).unwrap().replace(
        "</body>",
        &format!(
            "<script>document.body.setAttribute('data-summary-first', String(\
             document.querySelector('header.summary').getBoundingClientRect().bottom <= \
             document.querySelector('section.file').getBoundingClientRect().top));\n{FILTER_PROBE}</script>\n</body>"
        ),
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
    let mark =
        regex::Regex::new(r#"<mark class="claim ([\w ]+)" data-findings="([^"]+)""#).unwrap();
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
    // (where findings overlap, the mark has the class of each: a figure
    // verified and contradicted is both), and has its entry in the panel.
    for (index, finding) in report.findings.iter().enumerate() {
        let id = format!("f1-{}", index + 1);
        let classes: Vec<&str> = marks
            .iter()
            .filter(|(_, ids)| ids.split(' ').any(|i| i == id))
            .flat_map(|(class, _)| class.split(' '))
            .collect();
        assert!(!classes.is_empty(), "finding {id} is not highlighted");
        assert!(
            classes.contains(&finding.verdict.as_str()),
            "{id}: {classes:?}"
        );
        assert!(
            dom.contains(&format!(
                r#"<details class="finding {}" id="{id}""#,
                finding.verdict.as_str()
            )),
            "finding {id} is not in the panel"
        );
    }

    // The filter: all shows everything; flagged only hides verified
    // entries, the unchecked list and every mark but the flagged ones;
    // unchecked hides every entry and keeps only unchecked figures marked.
    let probe = regex::Regex::new(r#"data-filter="([^"]+)""#)
        .unwrap()
        .captures(&dom)
        .expect("the filter probe ran")[1]
        .to_string();
    let counts: std::collections::BTreeMap<&str, Vec<usize>> = probe
        .split(' ')
        .map(|part| {
            let (mode, numbers) = part.split_once(':').unwrap();
            (
                mode,
                numbers.split(',').map(|n| n.parse().unwrap()).collect(),
            )
        })
        .collect();
    let total = &counts["total"];
    let flagged = report.findings.len() - report.count(Verdict::Verified);
    assert_eq!(
        total[..3],
        [report.findings.len(), report.count(Verdict::Verified), 1],
        "{probe}"
    );
    assert!(total[3..].iter().all(|&n| n > 0), "{probe}");
    assert_eq!(&counts["all"], total, "{probe}");
    assert_eq!(
        counts["flagged"],
        [flagged, 0, 0, total[3], 0, 0],
        "{probe}"
    );
    assert_eq!(counts["unchecked"], [0, 0, 1, 0, 0, total[5]], "{probe}");

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
        recount::report::output::write_atomically(Path::new("docs/html-report.png"), &png, &[])
            .unwrap();
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
