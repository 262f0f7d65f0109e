//! Every Markdown fixture under tests/fixtures, audited and snapshotted in
//! the human rendering (width 80, no colour) and in JSON.

use recount::audit::audit;
use recount::kb::Kb;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

fn render(path: &std::path::Path, format: Format) -> String {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let text = std::fs::read_to_string(path).unwrap();
    let report = audit(
        Document::new(format!("tests/fixtures/{name}"), text),
        Kb::builtin(),
    );
    let options = Options {
        show: Show::All,
        color: false,
        width: 80,
        lang: recount::lang::Choice::Auto,
    };
    let mut out = Vec::new();
    emitter(format, options).emit(&[report], &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn human_rendering() {
    insta::glob!("fixtures/*.md", |path| {
        insta::assert_snapshot!(render(path, Format::Human));
    });
}

#[test]
fn json_rendering() {
    insta::glob!("fixtures/*.md", |path| {
        let json: serde_json::Value = serde_json::from_str(&render(path, Format::Json)).unwrap();
        insta::assert_json_snapshot!(json);
    });
}

/// A document with full-width forms and math is read through a view, but
/// every span of its report slices the original bytes to the figure as
/// written, and its line and column count the original characters.
#[test]
fn spans_in_full_width_and_math_fixtures_slice_the_original() {
    let read = |name: &str| {
        let path = format!("tests/fixtures/{name}");
        let text = std::fs::read_to_string(&path).unwrap();
        (
            text.clone(),
            audit(Document::new(path, text), Kb::builtin()),
        )
    };
    let (text, report) = read("fullwidth_zh.md");
    assert_eq!(report.document.text, text);
    let wrong = report
        .findings
        .iter()
        .find(|f| f.verdict.is_flag())
        .expect("a flagged calculation");
    assert_eq!(&text[wrong.span.clone()], "８×８０ＧＢ＝６００ＧＢ");
    assert_eq!(&text[wrong.label_span.clone()], "６００ＧＢ");
    assert_eq!(&text[wrong.related[0].span.clone()], "８×８０ＧＢ");
    assert_eq!(report.document.line_col(wrong.label_span.start), (7, 20));
    let figures: Vec<&str> = report.figures.iter().map(|f| &text[f.clone()]).collect();
    for written in [
        "７６８ＧＢ",
        "４．８　ＴＢ／ｓ",
        "３８．４ＴＢ／ｓ",
        "６４ 张",
    ] {
        assert!(figures.contains(&written), "{written} in {figures:?}");
    }
    // The thousands separator holds a figure together; a list's commas do not.
    assert!(
        figures.iter().any(|f| f.starts_with("１２，８００")),
        "{figures:?}"
    );
    assert!(
        !figures.iter().any(|f| f.contains("８，１６")),
        "{figures:?}"
    );
    for f in &report.findings {
        for span in std::iter::once(&f.span).chain(f.related.iter().map(|r| &r.span)) {
            assert!(
                text.get(span.clone()).is_some(),
                "{span:?} is not on characters"
            );
        }
    }

    let (text, report) = read("math_en.md");
    let wrong = report
        .findings
        .iter()
        .find(|f| f.verdict.is_flag())
        .expect("a flagged calculation");
    assert_eq!(&text[wrong.label_span.clone()], r"1{,}228\,\mathrm{GB}");
    assert_eq!(
        &text[wrong.related[0].span.clone()],
        r"8 \cdot 141\,\mathrm{GB}"
    );
    let figures: Vec<&str> = report.figures.iter().map(|f| &text[f.clone()]).collect();
    assert!(
        figures.contains(&r"8.4 \times 10^{22}\ \text{FLOP}"),
        "{figures:?}"
    );
    // The money the parser took for math is money, its dollar signs its own.
    for money in ["$2", "$3", "$1.50"] {
        assert!(figures.contains(&money), "{money} in {figures:?}");
    }
}

/// The fixtures of currencies, energy words and GPU-hour spellings (with
/// full-width and LaTeX lines among them): each flags the one wrong
/// calculation it was written with, its label on the stated figure's own
/// bytes, and every finding's spans slice the original text to figures.
#[test]
fn spans_in_unit_fixtures_slice_the_original() {
    let flagged: [(&str, &[&str]); 8] = [
        ("currencies_en.md", &["€9M"]),
        ("currencies_zh.md", &["3.8 万港元"]),
        ("currencies_zh_tw.md", &["NT$6,500,000"]),
        ("energy_en.md", &["1,440 MW"]),
        ("energy_zh.md", &["400 万元", r"6{,}620\,\text{kWh}"]),
        ("gpu_hours_en.md", &["$1,000"]),
        ("gpu_hours_zh.md", &["6.4 亿美元"]),
        ("gpu_hours_zh_tw.md", &["12.9 萬美元", "２，５００ 美元"]),
    ];
    for (name, expected) in flagged {
        let path = format!("tests/fixtures/{name}");
        let text = std::fs::read_to_string(&path).unwrap();
        let report = audit(Document::new(path, text.clone()), Kb::builtin());
        let labels: Vec<&str> = report
            .findings
            .iter()
            .filter(|f| f.verdict.is_flag())
            .map(|f| &text[f.label_span.clone()])
            .collect();
        assert_eq!(labels, expected, "{name}");
        let figures: Vec<&str> = report.figures.iter().map(|f| &text[f.clone()]).collect();
        for f in &report.findings {
            let label = text
                .get(f.label_span.clone())
                .expect("a span on characters");
            assert!(
                figures.iter().any(|figure| label.contains(figure)),
                "{name}: {label:?} holds no figure of {figures:?}"
            );
            for r in &f.related {
                assert!(text.get(r.span.clone()).is_some(), "{name}: {:?}", r.span);
            }
        }
    }
    // The forms these fixtures exist for are figures, read where written.
    let text = std::fs::read_to_string("tests/fixtures/gpu_hours_en.md").unwrap();
    let report = audit(
        Document::new("gpu_hours_en.md", text.clone()),
        Kb::builtin(),
    );
    let figures: Vec<&str> = report.figures.iter().map(|f| &text[f.clone()]).collect();
    for written in [
        "2.788M H800-hours",
        "$2/GPU-hour",
        "1,000 GPU hours",
        "$2.50 / GPU-hour",
        "$3/B200-hour",
    ] {
        assert!(figures.contains(&written), "{written} in {figures:?}");
    }
}

/// Under `--lang auto` each fixture's report is in its prose's language,
/// as its name says: `zh_tw` (or `traditional`) traditional Chinese, `zh`
/// simplified, anything else English.
#[test]
fn auto_follows_each_fixtures_language() {
    use recount::lang::{Choice, Lang};
    let mut wrong = Vec::new();
    let mut seen = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir("tests/fixtures").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let expected = if name.contains("zh_tw") || name.contains("traditional") {
            Lang::ZhHant
        } else if name.contains("zh") {
            Lang::ZhHans
        } else {
            Lang::En
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let report = audit(Document::new(&path, text), Kb::builtin());
        let found = recount::report::language(Choice::Auto, &report);
        *seen.entry(found).or_insert(0) += 1;
        if found != expected {
            wrong.push(format!("{name}: {found}, not {expected}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(seen.len() == 3, "{seen:?}");
}
