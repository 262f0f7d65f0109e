//! The SARIF, GitHub, Markdown and HTML formats: snapshots over a few
//! fixtures that between them have every verdict, related spans, a premise
//! and sources, one file at a time and several streamed into one report;
//! the SARIF output validated against the vendored SARIF 2.1.0 schema; the
//! counts of suppressed and baselined findings in each summary.

use std::path::Path;

use recount::audit::{FileReport, audit};
use recount::kb::Kb;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

/// Inconsistent, contradicted with a premise and sources, Chinese with
/// bounds, and a spec sheet misquoted column by column.
const FIXTURES: &[&str] = &[
    "consistency_en.md",
    "premise_en.md",
    "bound_zh.md",
    "spec_wrong_columns.md",
];

fn report(name: &str) -> FileReport {
    let text = std::fs::read_to_string(Path::new("tests/fixtures").join(name)).unwrap();
    audit(
        Document::new(format!("tests/fixtures/{name}"), text),
        Kb::builtin(),
    )
}

fn render(reports: &[FileReport], format: Format, show: Show) -> String {
    let options = Options {
        show,
        color: false,
        width: 80,
        lang: recount::lang::Choice::Auto,
    };
    let mut out = Vec::new();
    emitter(format, options).emit(reports, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn snapshots_of_each_format() {
    for name in FIXTURES {
        let reports = [report(name)];
        for (format, label) in [
            (Format::Sarif, "sarif"),
            (Format::Github, "github"),
            (Format::Markdown, "markdown"),
            (Format::Html, "html"),
        ] {
            insta::assert_snapshot!(
                format!("{label}@{name}"),
                render(&reports, format, Show::All)
            );
        }
    }
}

/// Two files in one report, as a folder gives them: one envelope, findings
/// numbered on across files, totals over both.
#[test]
fn snapshots_of_two_files_in_one_report() {
    let reports = [report("consistency_en.md"), report("bound_zh.md")];
    for (format, label) in [
        (Format::Sarif, "sarif"),
        (Format::Github, "github"),
        (Format::Markdown, "markdown"),
        (Format::Html, "html"),
    ] {
        insta::assert_snapshot!(
            format!("{label}@two_files"),
            render(&reports, format, Show::Flagged)
        );
    }
}

/// The pattern of a language tag (`run.language`, `toolComponent.language`)
/// in the published schema: a stray `]` that JavaScript reads as a literal
/// but a strict regex engine refuses.
const LANGUAGE_PATTERN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";

/// Escapes that `]` wherever the pattern occurs, returning how many.
fn escape_language_patterns(value: &mut serde_json::Value) -> usize {
    match value {
        serde_json::Value::String(s) if s == LANGUAGE_PATTERN => {
            *s = LANGUAGE_PATTERN.replace("]?", "\\]?");
            1
        }
        serde_json::Value::Array(items) => items.iter_mut().map(escape_language_patterns).sum(),
        serde_json::Value::Object(map) => map.values_mut().map(escape_language_patterns).sum(),
        _ => 0,
    }
}

/// The vendored schema (oasis-tcs/sarif-spec's `Schemata/sarif-schema-2.1.0.json`,
/// a draft-07 revision, as the serde-sarif 0.8.0 crate ships it; the
/// errata01 file published since declares draft-04 and differs slightly in
/// its text), compiled
/// with format checks on. Its language-tag pattern is escaped in memory
/// (see [`LANGUAGE_PATTERN`]), so the file stays as published.
fn sarif_validator() -> jsonschema::Validator {
    let mut schema: serde_json::Value =
        serde_json::from_str(include_str!("sarif-schema-2.1.0.json")).unwrap();
    assert_eq!(escape_language_patterns(&mut schema), 2);
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the vendored schema compiles")
}

#[test]
fn sarif_is_valid_against_the_2_1_0_schema() {
    let validator = sarif_validator();
    let reports: Vec<FileReport> = FIXTURES.iter().map(|name| report(name)).collect();
    // Every fixture streamed into one log, one of them, and none at all.
    for n in [reports.len(), 1, 0] {
        let sarif: serde_json::Value =
            serde_json::from_str(&render(&reports[..n], Format::Sarif, Show::Flagged)).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&sarif)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{n} files: {errors:#?}");
        assert_eq!(sarif["runs"][0]["properties"]["files"], n, "{n} files");
    }
    let sarif: serde_json::Value =
        serde_json::from_str(&render(&reports, Format::Sarif, Show::Flagged)).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    let flagged: usize = reports.iter().map(|r| r.flagged()).sum();
    assert_eq!(results.len(), flagged);
    assert!(results.iter().any(|r| r["level"] == "error"));
    assert!(results.iter().any(|r| r["level"] == "warning"));
}

#[test]
fn the_schema_rejects_what_sarif_forbids() {
    // The validation above can fail: a result without a message, a level
    // SARIF does not have, and a column of 0 are each refused.
    let validator = sarif_validator();
    let reports = [report("consistency_en.md")];
    let good: serde_json::Value =
        serde_json::from_str(&render(&reports, Format::Sarif, Show::Flagged)).unwrap();
    let result = "/runs/0/results/0";
    for (pointer, value) in [
        (format!("{result}/level"), serde_json::json!("fatal")),
        (
            format!("{result}/locations/0/physicalLocation/region/startColumn"),
            serde_json::json!(0),
        ),
        ("/version".to_string(), serde_json::json!("2.0.0")),
    ] {
        let mut bad = good.clone();
        *bad.pointer_mut(&pointer).expect(&pointer) = value;
        assert!(!validator.is_valid(&bad), "{pointer} accepted");
    }
    let mut bad = good.clone();
    bad.pointer_mut(result)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .remove("message");
    assert!(!validator.is_valid(&bad));
}

#[test]
fn every_rule_carries_its_checks_documentation_and_no_made_up_link() {
    let reports = [report("premise_en.md")];
    let text = render(&reports, Format::Sarif, Show::Flagged);
    // The project has no published home page: no link may pretend it has.
    assert!(!text.contains("helpUri"), "{text}");
    assert!(!text.contains("informationUri"), "{text}");
    let sarif: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rules = sarif["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap();
    let checks = recount::check::all();
    assert_eq!(rules.len(), checks.len());
    for (rule, check) in rules.iter().zip(&checks) {
        assert_eq!(rule["id"], check.code());
        let documentation = recount::check::documentation(*check);
        assert_eq!(rule["help"]["text"], documentation.as_str());
        assert_eq!(rule["help"]["markdown"], documentation.as_str());
        assert!(documentation.len() > 100, "{}", check.code());
    }
    // A result's ruleIndex points at its rule.
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for result in results {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
}

#[test]
fn github_annotations_are_one_line_each_with_escaped_values() {
    let reports = [report("premise_en.md"), report("consistency_en.md")];
    let out = render(&reports, Format::Github, Show::Flagged);
    let flagged: usize = reports.iter().map(|r| r.flagged()).sum();
    assert_eq!(out.lines().count(), flagged);
    for line in out.lines() {
        let (command, rest) = line.split_once(' ').unwrap();
        assert!(
            matches!(command, "::error" | "::warning"),
            "{command} in {line}"
        );
        let (properties, message) = rest.split_once("::").unwrap();
        for property in properties.split(',') {
            let (key, value) = property.split_once('=').unwrap();
            assert!(
                ["file", "line", "col", "endLine", "endColumn", "title"].contains(&key),
                "{key}"
            );
            assert!(!value.contains(':'), "unescaped colon in {value}");
        }
        assert!(!message.is_empty());
    }
    assert!(out.contains("::warning file=tests/fixtures/consistency_en.md,line="));
}

#[test]
fn the_binary_prints_each_format_and_exits_1_on_flags() {
    let article = "reports/examples/fine-tune-budget.md";
    let text = std::fs::read_to_string(article).unwrap();
    let reports = [audit(Document::new(article, text), Kb::builtin())];
    for (name, format) in [
        ("sarif", Format::Sarif),
        ("github", Format::Github),
        ("markdown", Format::Markdown),
        ("html", Format::Html),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_audit"))
            .args(["--format", name, article])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "--format {name}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "",
            "--format {name}"
        );
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            render(&reports, format, Show::Flagged),
            "--format {name}"
        );
    }
}

/// The human, Markdown and HTML reports of the same fixtures in English,
/// simplified and traditional Chinese, `--lang` pinned (under `auto` each
/// fixture's snapshots above are in its own language): an English article
/// with sources and a premise in both Chinese scripts, a Chinese one in
/// English and in both scripts (the findings' first lines translated too).
#[test]
fn snapshots_in_each_language() {
    use recount::lang::Choice;
    for (name, choices) in [
        ("premise_en.md", vec![Choice::ZhHans, Choice::ZhHant]),
        (
            "bound_zh.md",
            vec![Choice::En, Choice::ZhHans, Choice::ZhHant],
        ),
    ] {
        let reports = [report(name)];
        for choice in choices {
            let lang = choice.fixed().unwrap();
            for (format, label) in [
                (Format::Human, "human"),
                (Format::Markdown, "markdown"),
                (Format::Html, "html"),
            ] {
                let options = Options {
                    show: Show::All,
                    color: false,
                    width: 80,
                    lang: choice,
                };
                let mut out = Vec::new();
                emitter(format, options).emit(&reports, &mut out).unwrap();
                insta::assert_snapshot!(
                    format!("{label}@{name}@{lang}"),
                    String::from_utf8(out).unwrap()
                );
            }
        }
    }
}
