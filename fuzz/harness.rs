//! What each fuzz target does with one input, shared by the libFuzzer targets
//! under `fuzz_targets/` and by the root crate's `tests/fuzz_replay.rs`, which
//! replays the kept inputs under `fuzz/regressions/` in `cargo test`.
//!
//! Each function panics when a property fails, which is what libFuzzer
//! catches: besides "no panic inside the library", the spans it returns lie
//! inside the text on character boundaries, and the pipeline's output is the
//! same bytes on a second run.

use std::ops::Range;
use std::path::Path;

use recount::audit::{FileReport, audit};
use recount::calc::calc;
use recount::check::finding::Finding;
use recount::kb::{Kb, KbFile};
use recount::number::numeral::numeral_at;
use recount::number::quantity::Lexer;
use recount::read::document::Document;
use recount::report::{Format, Options, Show, emitter};

/// Panics unless `span` is a non-inverted slice of `text` on character
/// boundaries.
fn assert_slices(text: &str, span: &Range<usize>, what: &str) {
    assert!(
        span.start <= span.end && text.get(span.clone()).is_some(),
        "{what} {span:?} does not slice a text of {} bytes on character boundaries",
        text.len()
    );
}

/// Numerals and units: [`numeral_at`] and the unit table at every
/// character boundary, and the lexer over the whole text.
pub fn numeral(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let lexer = Lexer::builtin();
    for (pos, _) in text.char_indices() {
        if let Some(n) = numeral_at(&text, pos, lexer.units) {
            assert_eq!(n.start, pos, "a numeral starts where it was asked for");
            assert_slices(&text, &(n.start..n.end), "numeral");
            assert!(n.end > n.start, "an empty numeral at {pos}");
        }
        let rest = &text[pos..];
        for unit in [
            lexer.units.unit_at(rest),
            lexer.units.compound_unit_at(rest),
        ]
        .into_iter()
        .flatten()
        {
            assert_slices(rest, &(0..unit.len), "unit");
        }
        if let Some(magnitude) = lexer.units.magnitude_at(rest) {
            assert!(rest.starts_with(magnitude.word.as_str()), "magnitude word");
        }
    }
    let tokens = lexer.tokens(&text, 0..text.len());
    let mut previous_end = 0;
    for token in &tokens {
        let span = token.span();
        assert_slices(&text, &span, "token");
        assert!(
            span.start >= previous_end,
            "token {span:?} overlaps the one before, which ends at {previous_end}"
        );
        previous_end = span.end;
    }
}

/// The `audit calc` expression parser and evaluator.
pub fn calc_expression(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(printed) = calc(text) {
        assert!(!printed.is_empty(), "calc printed nothing for {text:?}");
    }
}

/// The whole pipeline on arbitrary bytes: `Document` from bytes, `audit`
/// with the built-in knowledge base, and both emitters. Returns the human
/// and JSON output, which must not differ on a second run.
pub fn pipeline(data: &[u8]) -> Option<Vec<u8>> {
    let first = pipeline_once(data, Kb::builtin())?;
    let second = pipeline_once(data, Kb::builtin())?;
    assert!(first == second, "the same input gave different output");
    Some(first)
}

fn pipeline_once(data: &[u8], kb: &Kb) -> Option<Vec<u8>> {
    let document = Document::from_bytes(Path::new("fuzz.md"), data.to_vec()).ok()?;
    let report = audit(document, kb);
    assert_spans(&report);
    Some(emit(&[report]))
}

/// Every span of every finding slices the document; the primary label lies
/// within the claim.
pub fn assert_spans(report: &FileReport) {
    let text = &report.document.text;
    for Finding {
        span,
        label_span,
        related,
        ..
    } in &report.findings
    {
        assert_slices(text, span, "finding span");
        assert_slices(text, label_span, "label span");
        assert!(
            span.start <= label_span.start && label_span.end <= span.end,
            "label span {label_span:?} outside the finding's span {span:?}"
        );
        for r in related {
            assert_slices(text, &r.span, "related span");
        }
    }
}

/// Human (all findings, width 80, no colour) and JSON output, concatenated.
pub fn emit(reports: &[FileReport]) -> Vec<u8> {
    let mut out = Vec::new();
    let options = Options {
        show: Show::All,
        color: false,
        width: 80,
        lang: recount::lang::Choice::Auto,
    };
    for format in [Format::Human, Format::Json] {
        emitter(format, options)
            .emit(reports, &mut out)
            .expect("writing to a Vec cannot fail");
    }
    out
}

/// The knowledge-base loader on arbitrary YAML, alone and layered over the
/// built-in sources (so its facts can cite real ones; all the built-in files
/// make a run take a second); a knowledge base that loads then audits a
/// sentence naming each of its entities.
pub fn kb(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let user = KbFile {
        name: "fuzz.yaml".into(),
        text,
        builtin: false,
        folder: None,
    };
    let mut layered: Vec<KbFile> = Kb::builtin_files()
        .into_iter()
        .filter(|f| f.name.starts_with("sources/"))
        .collect();
    layered.push(user.clone());
    for files in [vec![user], layered] {
        let Ok(kb) = Kb::load(&files) else {
            continue;
        };
        let article: String = kb
            .entities()
            .iter()
            .flat_map(|e| e.names())
            .take(64)
            .map(|name| format!("{name} has 80 GB of memory, 989 TFLOPS and 700 W.\n"))
            .collect();
        let report = audit(Document::new("fuzz.md", article), &kb);
        assert_spans(&report);
        emit(&[report]);
    }
}
