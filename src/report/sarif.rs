//! `--format sarif`: SARIF 2.1.0, the log format code scanning reads
//! (GitHub's `upload-sarif`, the VS Code SARIF viewer).
//!
//! One rule per check, with the check's whole documentation (what
//! `audit explain CODE` prints) as its help, in text and Markdown. There is
//! no `helpUri` or `informationUri`: the project has no published home page
//! to point at, and a link to a made-up address is worse than none. One
//! result per flagged finding: contradicted is `error`, inconsistent is
//! `warning`. Verified findings are not results at all: code scanning lists
//! problems, and the JSON format lists what was verified. Findings hidden by
//! suppression comments or a baseline are not in the report at all (only
//! counted), so they are not SARIF `suppressions` either: the run's property
//! bag gives their counts, `suppressed` and `baselined`, with `files`.
//!
//! Written one file at a time: the log's envelope by hand, each result and
//! the rest by serde_json, indented to sit inside it.
//!
//! Regions give lines and columns and the byte range. Columns are 1-based and
//! count UTF-16 code units, SARIF's default `columnKind`, stated explicitly in
//! the run; they differ from the JSON contract's character columns only
//! after a character outside the Basic Multilingual Plane (an emoji, a rare
//! CJK ideograph), which counts two.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Value, json};

use super::{Emitter, Totals, check_summary, indented};
use crate::audit::FileReport;
use crate::check::finding::{Finding, Verdict};
use crate::lang::message::Message;
use crate::read::document::Document;

/// The totals so far (for the run's property bag) and the results written.
#[derive(Default)]
pub struct Sarif {
    totals: Totals,
    results: usize,
}

/// The schema the output declares and is tested against
/// (`tests/sarif-schema-2.1.0.json`).
pub const SCHEMA: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// Turns byte offsets into SARIF's 1-based UTF-16 columns: the document's
/// character column, plus one for every character before the offset on its
/// line that UTF-16 writes as a surrogate pair.
struct Columns<'a> {
    document: &'a Document,
    /// Byte offsets of the characters outside the Basic Multilingual Plane.
    astral: Vec<usize>,
}

impl<'a> Columns<'a> {
    fn new(document: &'a Document) -> Self {
        let astral = document
            .text
            .char_indices()
            .filter(|(_, c)| c.len_utf16() == 2)
            .map(|(i, _)| i)
            .collect();
        Columns { document, astral }
    }

    /// 1-based line and UTF-16 column of a byte offset.
    fn at(&self, offset: usize) -> (usize, usize) {
        let (line, column) = self.document.line_col(offset);
        let line_start = self.document.line_index_start(line - 1);
        let before = |at: usize| self.astral.partition_point(|&a| a < at);
        (line, column + before(offset) - before(line_start))
    }

    fn region(&self, span: &std::ops::Range<usize>) -> Value {
        let (start_line, start_column) = self.at(span.start);
        let (end_line, end_column) = self.at(span.end);
        json!({
            "startLine": start_line,
            "startColumn": start_column,
            "endLine": end_line,
            "endColumn": end_column,
            "byteOffset": span.start,
            "byteLength": span.len(),
            "snippet": { "text": &self.document.text[span.clone()] },
        })
    }
}

/// A file path as a URI reference: relative paths stay relative (to the
/// folder `audit` ran in, which is what code scanning expects of a checkout),
/// absolute ones become `file://` URIs; anything outside the unreserved
/// characters is percent-encoded.
pub fn path_uri(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let relative = text.strip_prefix("./").unwrap_or(&text);
    let mut encoded = String::with_capacity(relative.len());
    for byte in relative.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    if encoded.starts_with('/') {
        format!("file://{encoded}")
    } else {
        encoded
    }
}

fn rules() -> Vec<Value> {
    crate::check::all()
        .iter()
        .map(|check| {
            let code = check.code();
            let summary = check_summary(*check);
            let short = summary
                .strip_prefix(&format!("`{code}`: "))
                .unwrap_or(&summary);
            let doc = crate::check::documentation(*check);
            json!({
                "id": code,
                "name": code,
                "shortDescription": { "text": short },
                "fullDescription": { "text": short },
                "help": { "text": doc, "markdown": doc },
                "defaultConfiguration": { "level": "error" },
            })
        })
        .collect()
}

/// The result's message: the first line, then the recomputation, the help
/// line and the sources, as code scanning shows one block of text.
fn message(finding: &Finding) -> String {
    let mut text = finding.message.english();
    if !finding.steps.is_empty() {
        text.push_str("\n\n");
        let steps: Vec<String> = finding.steps.iter().map(Message::english).collect();
        text.push_str(&steps.join("\n"));
    }
    if let Some(help) = &finding.help {
        text.push_str(&format!("\n\nhelp: {}", help.english()));
    }
    for source in &finding.sources {
        text.push_str(&format!("\nsource: {} <{}>", source.title, source.url));
    }
    text
}

fn result(columns: &Columns<'_>, uri: &str, rule_index: usize, finding: &Finding) -> Value {
    let location = |span: &std::ops::Range<usize>| {
        json!({
            "artifactLocation": { "uri": uri },
            "region": columns.region(span),
        })
    };
    let related: Vec<Value> = finding
        .related
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "id": i + 1,
                "physicalLocation": location(&r.span),
                "message": { "text": r.note.english() },
            })
        })
        .collect();
    let level = match finding.verdict {
        Verdict::Contradicted => "error",
        _ => "warning",
    };
    json!({
        "ruleId": finding.check,
        "ruleIndex": rule_index,
        "level": level,
        "message": { "text": message(finding) },
        "locations": [{ "physicalLocation": location(&finding.span) }],
        "relatedLocations": related,
        "properties": {
            "verdict": finding.verdict,
            "steps": finding.steps.iter().map(Message::english).collect::<Vec<_>>(),
            "sources": finding.sources,
        },
    })
}

impl Emitter for Sarif {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let tool = json!({ "driver": {
            "name": "recount",
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "rules": rules(),
        } });
        write!(
            out,
            "{{\n  \"$schema\": \"{SCHEMA}\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {{\n      \"tool\": {},\n      \"columnKind\": \"utf16CodeUnits\",\n      \"results\": [",
            indented(&tool, "      ")?
        )
    }

    fn file(&mut self, report: &FileReport, out: &mut dyn Write) -> io::Result<()> {
        self.totals.add(report);
        let columns = Columns::new(&report.document);
        let uri = path_uri(&report.document.path);
        let codes: Vec<&str> = crate::check::all().iter().map(|c| c.code()).collect();
        for finding in report.findings.iter().filter(|f| f.verdict.is_flag()) {
            let rule_index = codes.iter().position(|c| *c == finding.check).unwrap_or(0);
            let separator = if self.results == 0 { "" } else { "," };
            self.results += 1;
            write!(
                out,
                "{separator}\n        {}",
                indented(&result(&columns, &uri, rule_index, finding), "        ")?
            )?;
        }
        Ok(())
    }

    fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.results > 0 {
            write!(out, "\n      ")?;
        }
        let properties = json!({
            "files": self.totals.files,
            "coverage": self.totals.coverage,
            "suppressed": self.totals.suppressed,
            "baselined": self.totals.baselined,
        });
        writeln!(
            out,
            "],\n      \"properties\": {}\n    }}\n  ]\n}}",
            indented(&properties, "      ")?
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_code_units() {
        // "𝟖" (U+1D7D6) is one character, two UTF-16 code units.
        let doc = Document::new("a.md", "x\n𝟖中 640 GB\n".into());
        let columns = Columns::new(&doc);
        let at = "x\n𝟖中 ".len();
        assert_eq!(doc.line_col(at), (2, 4));
        assert_eq!(columns.at(at), (2, 5));
        assert_eq!(columns.at(2), (2, 1));
        // An astral character on an earlier line does not shift this one.
        let doc = Document::new("a.md", "𝟖\n640\n".into());
        assert_eq!(Columns::new(&doc).at("𝟖\n6".len()), (2, 2));
    }

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(path_uri(Path::new("./docs/a b.md")), "docs/a%20b.md");
        assert_eq!(path_uri(Path::new("文章.md")), "%E6%96%87%E7%AB%A0.md");
        assert_eq!(path_uri(Path::new("/tmp/x.md")), "file:///tmp/x.md");
    }
}
