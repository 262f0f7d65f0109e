//! `audit claims`: every figure as the claim model read it, one line each
//! for a person, or JSON (a versioned contract, documented in the README)
//! for a program. The counts end each file: how many figures the checks
//! covered and how many are left to read by hand.

use std::io::{self, Write};

use serde::Serialize;

use super::write_indented;
use crate::claim::statement::{Coverage, Statement, SubjectKind};
use crate::read::document::Document;

/// The version of the `audit claims --format json` contract.
pub const VERSION: u32 = 1;

/// One file's statements and their coverage.
pub struct ClaimsFile<'a> {
    pub document: &'a Document,
    pub statements: &'a [Statement],
    pub coverage: Coverage,
}

/// Human lines: `path:line:col: FIGURE · subject · kind · role → checks`.
pub fn human(file: &ClaimsFile, out: &mut dyn Write) -> io::Result<()> {
    let path = file.document.path.display();
    for s in file.statements {
        let subject = match (s.subject.kind, &s.subject.name) {
            (SubjectKind::None, _) | (_, None) => "no subject".to_string(),
            (kind, Some(name)) => {
                let what = match kind {
                    SubjectKind::Known => "known",
                    SubjectKind::Unknown => "unknown",
                    SubjectKind::Ambiguous => "ambiguous",
                    SubjectKind::Configuration => "configuration",
                    SubjectKind::None => unreachable!("matched above"),
                };
                let count = s
                    .subject
                    .count
                    .map(|c| format!("{c} × "))
                    .unwrap_or_default();
                format!(
                    "{what} {count}{name:?} ({})",
                    s.subject.evidence.unwrap_or("")
                )
            }
        };
        let mut about = vec![subject];
        if let Some(kind) = &s.kind {
            about.push(kind.replace('_', " "));
        }
        if !s.attributes.is_empty() {
            about.push(s.attributes.join("/").replace('_', " "));
        }
        for (key, values) in &s.qualifiers {
            about.push(format!("{key} {}", values.join("/")));
        }
        about.push(format!("{:?}", s.role).to_lowercase());
        let outcome = if s.checks.is_empty() {
            format!(
                "unchecked: {}",
                s.unchecked.as_deref().unwrap_or("no check reached it")
            )
        } else {
            s.checks
                .iter()
                .map(|c| format!("{} {}", c.check, c.verdict.as_str()))
                .collect::<Vec<_>>()
                .join(", ")
        };
        writeln!(
            out,
            "{path}:{}:{}: {} · {} → {outcome}",
            s.line,
            s.column,
            s.text.replace('\n', " "),
            about.join(" · ")
        )?;
    }
    writeln!(out, "{path}: {}", file.coverage.sentence())
}

#[derive(Serialize)]
struct FileOut<'a> {
    path: String,
    coverage: Coverage,
    statements: &'a [Statement],
}

/// The JSON document of every file: `{"version", "files", "summary"}`.
pub fn json(files: &[ClaimsFile], out: &mut dyn Write) -> io::Result<()> {
    let mut summary = Coverage::default();
    let files: Vec<FileOut> = files
        .iter()
        .map(|f| {
            summary.add(f.coverage);
            FileOut {
                path: f.document.path.display().to_string(),
                coverage: f.coverage,
                statements: f.statements,
            }
        })
        .collect();
    #[derive(Serialize)]
    struct Output<'a> {
        version: u32,
        files: Vec<FileOut<'a>>,
        summary: Coverage,
    }
    let output = Output {
        version: VERSION,
        files,
        summary,
    };
    write_indented(out, &output, "")?;
    writeln!(out)
}
