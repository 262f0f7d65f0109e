//! Property tests of the engine, through the library's public API:
//!
//! - the whole pipeline (bytes → `Document` → `audit` → human and JSON
//!   reports) never panics, on arbitrary Unicode and on text built from the
//!   fragments numbers are made of, and what it reports points at real text;
//! - interval arithmetic keeps what it should contain: a × b ÷ b holds a;
//! - `audit calc` unit conversions round-trip and use the right factor;
//! - Chinese numerals, written by the `chinese-number` crate (a writer
//!   independent of the reader) in simplified, traditional and financial
//!   characters, read back to the integer written.
//!
//! Case counts are modest (256) and strings short, so the suite stays fast.

use chinese_number::{ChineseCase, ChineseCountMethod, ChineseVariant, NumberToChinese};
use proptest::prelude::*;
use proptest::sample::select;

use recount::audit::{FileReport, audit};
use recount::calc::calc;
use recount::kb::Kb;
use recount::number::interval::Interval;
use recount::number::numeral::numeral_at;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};
use recount::units::UnitTable;

// ------------------------------------------------------------ pipeline

/// Pieces of numbers, units, operators and Markdown that the lexer, the
/// parser and the checks treat specially, including ones that overflow.
const FRAGMENTS: &[&str] = &[
    "0",
    "1",
    "2",
    "8",
    "16",
    "40",
    "80",
    "320",
    "640",
    "1024",
    "1,024",
    "1 234",
    "1.5",
    ".5",
    "4.8e26",
    "1e999",
    "10^",
    "10^999999",
    "10^-3",
    "×10",
    "²",
    "⁶",
    "⁻",
    "６４０",
    // Full-width forms and math, read through the normalised view.
    "４×１９２ＧＢ",
    "＝",
    "．",
    "，",
    "１２，８００",
    "\u{3000}",
    "ＴＢ／ｓ",
    "$",
    "$$",
    "\\$",
    "\\times",
    "\\cdot",
    "\\,",
    "{,}",
    "^{",
    "}",
    "{",
    "\\text{GB}",
    "\\frac{",
    "}{",
    "\\left(",
    "\\\\",
    "万",
    "亿",
    "兆",
    "万亿",
    "萬",
    "点",
    "十",
    "百",
    "千",
    "两",
    "三",
    "一半",
    "四成",
    "分之",
    "百分之",
    "几",
    "多",
    "出头",
    "左右",
    "约",
    "到",
    "至",
    "–",
    "-",
    "−",
    "~",
    "×",
    "x",
    "X",
    "*",
    "·",
    "/",
    "÷",
    "+",
    "乘",
    "除以",
    "加",
    "减",
    "=",
    "≈",
    "等于",
    "合",
    "即",
    " is ",
    "GB",
    "GiB",
    "TB",
    "Gb/s",
    "GB/s",
    "TFLOPS",
    "FLOP",
    "W",
    "kW",
    "MW",
    "兆瓦",
    "字节",
    "卡时",
    "GPU-hours",
    "hours",
    "$",
    "USD",
    "美元",
    "%",
    "％",
    "K",
    "M",
    "B",
    "billion",
    "trillion",
    "half",
    "a third",
    "about ",
    "at least ",
    "up to ",
    "nearly ",
    "between ",
    " and ",
    " to ",
    "H100",
    "GPT-4",
    "CUDA 12.4",
    "2024年",
    "第",
    "(",
    ")",
    "（",
    "）",
    ".",
    ",",
    "，",
    "。",
    ";",
    "|",
    "| --- |",
    "`",
    "```",
    "\n",
    "\n\n",
    "# ",
    "- ",
    "> ",
    "[^1]",
    "[a](http://x/8",
    "<b>",
    "---\n",
    " ",
    "  ",
    "\t",
    "\u{200b}",
    "\u{feff}",
];

/// Numbers in their many forms, hedged, ranged and out of range.
const NUMBERS: &[&str] = &[
    "0",
    "8",
    "16",
    "40",
    "80",
    "320",
    "640",
    "1000",
    "1024",
    "1,024",
    "1.5",
    "0.0",
    "4.8e26",
    "1e999",
    "10^999999",
    "4.8×10^999",
    "10^-3",
    "4.8×10²⁶",
    "两万亿",
    "三千一百四十亿",
    "六点七亿",
    "1.25万",
    "10萬",
    "5兆",
    "十几",
    "三分之二",
    "百分之五十",
    "四成",
    "一半",
    "half",
    "a third",
    "two trillion",
    "a dozen",
    "2.4M",
    "405B",
    "16K",
    "$5.576M",
    "US$2",
    "６４０",
    "3万到4万",
    "38–43",
    "2 to 5",
    "between 30 and 40",
    "about 400",
    "at least 700",
    "up to 8",
    "约 1,000",
    "不到 10",
    "nearly 90",
    "20多",
    "9999999999999999999999",
];

const UNITS: &[&str] = &[
    "",
    "",
    "",
    " GB",
    "GB",
    " GiB",
    " TB",
    " PB",
    " Gb/s",
    " GB/s",
    " TFLOPS",
    " FLOP",
    " W",
    " kW",
    " MW",
    "兆瓦",
    " 字节",
    "%",
    " hours",
    " GPU-hours",
    " 卡时",
    " tokens",
    " params",
    " USD",
    " 美元",
    " GPUs",
    "张卡",
    " nodes",
];

const OPERATORS: &[&str] = &[
    " × ", "×", " x ", " * ", " / ", " ÷ ", " + ", " − ", " - ", " 乘 ", "除以", "加", "减", " · ",
];

const RELATIONS: &[&str] = &[
    " = ",
    "=",
    " ≈ ",
    " is ",
    "等于",
    "合",
    "即",
    "约",
    " = about ",
];

/// A stated calculation: operands, operators and one or more results
/// ("a × b = c ≈ d"), right or wrong by chance, so the checks and the
/// rendering of flagged findings run.
fn calculation() -> impl Strategy<Value = String> {
    let operand = (select(NUMBERS), select(UNITS)).prop_map(|(n, u)| format!("{n}{u}"));
    (
        operand.clone(),
        prop::collection::vec((select(OPERATORS), operand.clone()), 1..4),
        prop::collection::vec((select(RELATIONS), operand), 1..3),
    )
        .prop_map(|(first, ops, results)| {
            let mut s = first;
            for (op, x) in ops.into_iter().chain(results) {
                s.push_str(op);
                s.push_str(&x);
            }
            s
        })
}

/// Text from the fragment vocabulary and whole calculations, with the odd
/// arbitrary character.
fn tricky_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => select(FRAGMENTS).prop_map(str::to_string),
        3 => calculation(),
        1 => any::<char>().prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|v| v.concat())
}

/// Arbitrary Unicode, control characters and all.
fn any_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<char>(), 0..96).prop_map(String::from_iter)
}

fn render(report: &FileReport, format: Format) -> String {
    let options = Options {
        show: Show::All,
        color: false,
        width: 80,
        lang: recount::lang::Choice::Auto,
    };
    let mut out = Vec::new();
    emitter(format, options)
        .emit(std::slice::from_ref(report), &mut out)
        .expect("rendering into memory cannot fail");
    String::from_utf8(out).expect("reports are UTF-8")
}

/// Runs the pipeline and checks what any report must satisfy.
fn check_pipeline(text: &str) -> Result<(), TestCaseError> {
    let report = audit(Document::new("p.md", text.to_string()), Kb::builtin());
    let mut previous = 0;
    for f in &report.findings {
        // Spans are byte ranges of the text, on character boundaries.
        prop_assert!(text.get(f.span.clone()).is_some(), "span {:?}", f.span);
        prop_assert!(
            text.get(f.label_span.clone()).is_some(),
            "label {:?}",
            f.label_span
        );
        for r in &f.related {
            prop_assert!(text.get(r.span.clone()).is_some(), "related {:?}", r.span);
        }
        // Sorted by position.
        prop_assert!(f.span.start >= previous);
        previous = f.span.start;
    }
    let flagged = report.flagged();
    prop_assert!(flagged <= report.findings.len());

    // It ends with the file's summary line, in whichever language the
    // text reads as (`auto`).
    let human = render(&report, Format::Human);
    let last = human.strip_suffix('\n').and_then(|h| h.lines().last());
    prop_assert!(
        last.is_some_and(|l| l.starts_with("p.md: ")
            && (l.ends_with(" inconsistent")
                || l.ends_with("前后不一")
                || l.ends_with("前後不一"))),
        "{human}"
    );

    let json = render(&report, Format::Json);
    let v: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| TestCaseError::fail(format!("{e}: {json}")))?;
    prop_assert_eq!(&v["version"], 1);
    prop_assert_eq!(
        v["files"][0]["findings"].as_array().map(Vec::len),
        Some(report.findings.len())
    );
    prop_assert_eq!(&v["files"][0]["claims"], report.claims);

    // The other formats: SARIF is JSON with a result per flagged finding,
    // GitHub one command per finding (all are shown here), and the HTML
    // balances its highlights, gives every finding with a span one, and
    // carries no script but its own.
    let sarif = render(&report, Format::Sarif);
    let v: serde_json::Value =
        serde_json::from_str(&sarif).map_err(|e| TestCaseError::fail(format!("{e}: {sarif}")))?;
    prop_assert_eq!(
        v["runs"][0]["results"].as_array().map(Vec::len),
        Some(flagged)
    );
    let github = render(&report, Format::Github);
    prop_assert_eq!(github.lines().count(), report.findings.len(), "{}", github);
    prop_assert!(render(&report, Format::Markdown).starts_with("# Recount "));
    let html = render(&report, Format::Html);
    prop_assert_eq!(
        html.matches("<mark ").count(),
        html.matches("</mark>").count()
    );
    prop_assert_eq!(html.matches("<script").count(), 1, "{}", html);
    for (i, f) in report.findings.iter().enumerate() {
        let id = format!("f1-{}", i + 1);
        let marked = html.split("data-findings=\"").skip(1).any(|rest| {
            rest.split('"')
                .next()
                .unwrap_or("")
                .split(' ')
                .any(|x| x == id)
        });
        prop_assert!(
            f.span.is_empty() || marked,
            "{} ({:?}) not highlighted in {}",
            id,
            f.span,
            html
        );
    }

    // Same input, same bytes out.
    let again = render(
        &audit(Document::new("p.md", text.to_string()), Kb::builtin()),
        Format::Json,
    );
    prop_assert_eq!(json, again);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pipeline_never_panics_on_arbitrary_unicode(text in any_text()) {
        check_pipeline(&text)?;
    }

    #[test]
    fn pipeline_never_panics_on_tricky_fragments(text in tricky_text()) {
        check_pipeline(&text)?;
    }

    /// Any bytes are either a document holding exactly them, or an error
    /// that names a real offset.
    #[test]
    fn reading_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        match Document::from_bytes(std::path::Path::new("b.md"), bytes.clone()) {
            Ok(doc) => {
                prop_assert!(!bytes.contains(&0));
                prop_assert_eq!(doc.text.as_bytes(), &bytes[..]);
            }
            Err(e) => {
                let message = e.to_string();
                prop_assert!(message.starts_with("b.md: "), "{}", message);
                match bytes.iter().position(|b| *b == 0) {
                    Some(nul) => prop_assert!(
                        message.contains(&format!("NUL byte at offset {nul}")),
                        "{}", message
                    ),
                    None => {
                        let offset = std::str::from_utf8(&bytes).unwrap_err().valid_up_to();
                        prop_assert!(
                            message.ends_with(&format!("at offset {offset}")),
                            "{}", message
                        );
                    }
                }
            }
        }
    }

    /// `audit calc` gives a result or an error, never a panic.
    #[test]
    fn calc_never_panics(text in tricky_text()) {
        let _ = calc(&text);
    }
}

// ------------------------------------------------------------ intervals

/// A value of some magnitude, either sign: 1.0e-6 to 9.99e12.
fn magnitude() -> impl Strategy<Value = f64> {
    (1.0f64..10.0, -6i32..13, any::<bool>())
        .prop_map(|(m, e, negative)| if negative { -m } else { m } * 10f64.powi(e))
}

/// An interval around a value, up to ±10% wide, or a point.
fn interval() -> impl Strategy<Value = Interval> {
    (magnitude(), prop_oneof![Just(0.0), 0.0f64..0.1])
        .prop_map(|(v, k)| Interval::around(v, v.abs() * k))
}

/// How far float rounding may move a bound of `a`.
fn slack(a: &Interval) -> f64 {
    1e-12 * a.lo.abs().max(a.hi.abs())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// a × b ÷ b contains a (interval arithmetic only ever widens), and
    /// for an exact b it gives a back.
    #[test]
    fn multiply_then_divide_recovers(a in interval(), b in interval()) {
        let r = (a * b).checked_div(b).expect("b does not contain zero");
        let tol = slack(&a);
        prop_assert!(r.lo <= a.lo + tol && r.hi >= a.hi - tol, "{a:?} × {b:?} ÷ b = {r:?}");
        prop_assert!((r.nominal - a.nominal).abs() <= tol, "{a:?} vs {r:?}");
        prop_assert!(r.lo <= r.nominal && r.nominal <= r.hi);
        if b.is_point() {
            prop_assert!((r.lo - a.lo).abs() <= tol && (r.hi - a.hi).abs() <= tol, "{a:?} vs {r:?}");
        }
    }

    /// Every product (quotient) of points in a and b lies in a × b (a ÷ b).
    #[test]
    fn operations_contain_their_points(
        a in interval(),
        b in interval(),
        s in 0.0f64..=1.0,
        t in 0.0f64..=1.0,
    ) {
        let x = a.lo + (a.hi - a.lo) * s;
        let y = b.lo + (b.hi - b.lo) * t;
        let near = |i: Interval, v: f64| {
            let tol = 1e-12 * v.abs().max(i.lo.abs()).max(i.hi.abs());
            i.lo - tol <= v && v <= i.hi + tol
        };
        prop_assert!(near(a * b, x * y), "{x} × {y} not in {:?}", a * b);
        prop_assert!(near(a + b, x + y), "{x} + {y} not in {:?}", a + b);
        prop_assert!(near(a - b, x - y), "{x} − {y} not in {:?}", a - b);
        let q = a.checked_div(b).unwrap();
        prop_assert!(near(q, x / y), "{x} ÷ {y} not in {q:?}");
    }

    /// Division by an interval that holds zero is refused, whatever the
    /// dividend.
    #[test]
    fn division_by_an_interval_holding_zero_is_refused(
        a in interval(),
        lo in 0.0f64..1e6,
        hi in 0.0f64..1e6,
    ) {
        prop_assert!(a.checked_div(Interval::between(-lo, hi)).is_none());
    }
}

// ----------------------------------------------------------- conversions

/// Units and the factor from the first to the second: `x FROM` is
/// `x * factor TO`.
const CONVERSIONS: &[(&str, &str, f64)] = &[
    ("GB", "GiB", 1e9 / 1073741824.0),
    ("TiB", "TB", 1099511627776.0 / 1e12),
    ("Gb/s", "GB/s", 1.0 / 8.0),
    ("TB/s", "GB/s", 1000.0),
    ("MW", "kW", 1000.0),
    ("兆瓦", "MW", 1.0),
    ("kWh", "Wh", 1000.0),
    ("hours", "s", 3600.0),
    ("PFLOPS", "TFLOPS", 1000.0),
    ("字节", "B", 1.0),
];

/// The number of a calc result "596.0464478 GiB", checking its unit.
fn result_in(expression: &str, unit: &str) -> Result<f64, TestCaseError> {
    let out = calc(expression).map_err(|e| TestCaseError::fail(format!("{expression}: {e}")))?;
    let (number, label) = out
        .split_once(' ')
        .ok_or_else(|| TestCaseError::fail(format!("{expression}: no unit in {out:?}")))?;
    prop_assert_eq!(label, unit, "{}", expression);
    number
        .parse()
        .map_err(|e| TestCaseError::fail(format!("{expression}: {out:?}: {e}")))
}

/// calc prints ten significant digits: a relative error of 5e-10 per step.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 2e-9 * a.abs().max(b.abs())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// x FROM → TO gives x · factor, and back gives x.
    #[test]
    fn conversions_round_trip(
        (from, to, factor) in select(CONVERSIONS),
        m in 1.0f64..10.0,
        e in -3i32..12,
    ) {
        let x = m * 10f64.powi(e);
        let y = result_in(&format!("{x} {from} -> {to}"), to)?;
        prop_assert!(close(y, x * factor), "{x} {from} -> {y} {to}, expected {}", x * factor);
        let z = result_in(&format!("{y} {to} -> {from}"), from)?;
        prop_assert!(close(z, x), "{x} {from} -> {y} {to} -> {z} {from}");
    }
}

// ------------------------------------------------------------ Chinese numerals

/// Integers below 10¹⁶ (where 兆 would start, in the writer's count), with
/// zeros as likely as any other digit so that 零 turns up in every position.
fn integer_below_1e16() -> impl Strategy<Value = u64> {
    prop::collection::vec(prop_oneof![Just(0u64), 0..10u64], 1..=16)
        .prop_map(|digits| digits.into_iter().fold(0, |n, d| n * 10 + d))
}

/// Simplified, traditional and financial (大写) characters of both.
const STYLES: [(ChineseVariant, ChineseCase); 4] = [
    (ChineseVariant::Simple, ChineseCase::Lower),
    (ChineseVariant::Traditional, ChineseCase::Lower),
    (ChineseVariant::Simple, ChineseCase::Upper),
    (ChineseVariant::Traditional, ChineseCase::Upper),
];

/// `n` in Chinese, counted in 万 and 亿 (万亿 for 10¹²: the "middle" count).
fn written(n: u64, (variant, case): (ChineseVariant, ChineseCase)) -> String {
    n.to_chinese(variant, case, ChineseCountMethod::Middle)
        .expect("below 10^16 every integer has a middle-count form")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A numeral reads back, whole, to the integer written (as an `f64`).
    #[test]
    fn chinese_numerals_read_back_exactly(n in integer_below_1e16(), style in select(&STYLES[..])) {
        let text = written(n, style);
        let numeral = numeral_at(&text, 0, UnitTable::builtin());
        let numeral = numeral.ok_or_else(|| TestCaseError::fail(format!("{text}: no numeral")))?;
        prop_assert_eq!(&text[numeral.start..numeral.end], text.as_str());
        prop_assert_eq!(numeral.value.nominal, n as f64, "{} ({})", text, n);
        prop_assert!(numeral.value.contains(n as f64), "{}: {:?}", text, numeral.value);
    }

    /// Inside a sentence, before a measure word, the numeral reads the same
    /// and its span is its own bytes, in the sentence's offsets.
    #[test]
    fn chinese_numerals_read_back_inside_a_sentence(n in integer_below_1e16(), style in select(&STYLES[..])) {
        let written = written(n, style);
        let text = format!("共有{written}张卡");
        let at = "共有".len();
        let numeral = numeral_at(&text, at, UnitTable::builtin());
        let numeral = numeral.ok_or_else(|| TestCaseError::fail(format!("{text}: no numeral")))?;
        prop_assert_eq!(&text[numeral.start..numeral.end], written.as_str());
        prop_assert_eq!(numeral.value.nominal, n as f64, "{} ({})", text, n);
    }

    /// `audit calc` prints a whole number below 2⁵² in full.
    #[test]
    fn calc_reads_chinese_numerals_exactly(n in integer_below_1e16(), style in select(&STYLES[..])) {
        let n = n % (1 << 52);
        let text = written(n, style);
        prop_assert_eq!(calc(&text), Ok(n.to_string()), "{}", text);
    }
}
