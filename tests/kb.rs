//! The knowledge base from the outside: `audit kb check|list|show`, a broken
//! user folder reported with file:line:col, and a user folder overriding a
//! built-in fact, snapshotted like the fixtures.

use std::path::Path;
use std::process::{Command, Output};

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_audit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

#[test]
fn kb_check_passes_on_the_builtin_knowledge_base() {
    let out = run(&["kb", "check"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("ok: "),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn kb_check_reports_each_problem_of_a_user_folder_with_its_place() {
    let out = run(&["kb", "check", "--kb", "tests/kb/broken"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: the knowledge base has 2 problems"),
        "{err}"
    );
    assert!(
        err.contains("tests/kb/broken/bad.yaml:7:12: unknown unit \"Wats\""),
        "{err}"
    );
    assert!(
        err.contains("tests/kb/broken/bad.yaml:8:13: cites \"nowhere\""),
        "{err}"
    );
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn kb_check_names_the_users_folder_not_sources() {
    // A missing source was looked for in the user's folder, as given, and
    // in the built-in sources/ (unless --no-builtin-kb leaves them out).
    let out = run(&["kb", "check", "--kb", "tests/kb/broken"]);
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "tests/kb/broken/bad.yaml:8:13: cites \"nowhere\", which neither the built-in sources/ nor tests/kb/broken defines"
        ),
        "{err}"
    );
    let out = run(&["kb", "check", "--no-builtin-kb", "--kb", "tests/kb/broken"]);
    let err = text(&out.stderr);
    assert!(
        err.contains("cites \"nowhere\", which tests/kb/broken does not define"),
        "{err}"
    );
    let out = run(&[
        "kb",
        "check",
        "--kb",
        "tests/kb/override",
        "--kb",
        "tests/kb/broken",
    ]);
    let err = text(&out.stderr);
    assert!(
        err.contains(
            "which none of the built-in sources/, tests/kb/override or tests/kb/broken defines"
        ),
        "{err}"
    );
    // A folder that loads is named in the summary.
    let out = run(&["kb", "check", "--kb", "tests/kb/override"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(
        shown.contains("\nchecked tests/kb/override over the built-in knowledge base\n"),
        "{shown}"
    );
    assert!(
        shown.contains(" overridden by tests/kb/override\n"),
        "{shown}"
    );
}

#[test]
fn kb_check_reports_each_fact_whose_source_lacks_a_kind_or_a_date() {
    let out = run(&["kb", "check", "--kb", "tests/kb/unkinded"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: the knowledge base has 3 problems"),
        "{err}"
    );
    for expected in [
        "tests/kb/unkinded/sources.yaml:10:13: cites \"no-kind\", which has no kind (primary or secondary):",
        "tests/kb/unkinded/sources.yaml:14:13: cites \"no-date\", which has no date:",
        "tests/kb/unkinded/sources.yaml:18:13: cites \"neither\", which has no kind (primary or secondary) and no date:",
    ] {
        assert!(err.contains(expected), "{expected}\n{err}");
    }
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn kb_show_gives_each_source_its_kind_and_date() {
    let out = run(&["kb", "show", "nvidia-h100-sxm5"]);
    assert_eq!(out.status.code(), Some(0));
    let shown = text(&out.stdout);
    assert!(
        shown.contains("H100 (processor notes) (secondary, 2024) — "),
        "{shown}"
    );
}

#[test]
fn an_audit_with_a_broken_folder_stops_before_reading_articles() {
    let out = run(&["--kb", "tests/kb/broken", "tests/kb/override.md"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn kb_list_and_show() {
    let out = run(&["kb", "list"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("nvidia-h100-sxm5"));
    let out = run(&["kb", "show", "H100"]);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("nvidia-h100-pcie") && shown.contains("nvidia-h100-sxm5"),
        "{shown}"
    );
    let out = run(&["kb", "show", "no-such-thing"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("audit kb list"));
    // A near miss is told what it may have meant; case, spaces and
    // hyphens never matter.
    let out = run(&["kb", "show", "MI3OOX"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains(r#"did you mean "MI300X""#),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["kb", "show", "h100-sxm5"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("nvidia-h100-sxm5"));
}

#[test]
fn a_user_fact_overrides_the_builtin_one_and_the_report_says_so() {
    let mut files = Kb::builtin_files();
    files.extend(Kb::folder_files(Path::new("tests/kb/override")).unwrap());
    let kb = Kb::load(&files).unwrap();
    let source = std::fs::read_to_string("tests/kb/override.md").unwrap();
    let report = audit(Document::new("tests/kb/override.md", source), &kb);
    let options = Options {
        show: Show::All,
        color: false,
        width: 80,
        lang: recount::lang::Choice::Auto,
    };
    let mut out = Vec::new();
    emitter(Format::Human, options)
        .emit(&[report], &mut out)
        .unwrap();
    let rendered = text(&out);
    assert!(
        rendered.contains("overriding the built-in 700 W"),
        "{rendered}"
    );
    insta::assert_snapshot!(rendered);
}
