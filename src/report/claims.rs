//! `audit claims`: every figure as the claim model read it, one line each
//! for a person, or JSON (a versioned contract, documented in the README)
//! for a program. The counts end each file: how many figures the checks
//! covered and how many are left to read by hand.
//!
//! The human lines are in each file's language: the words around the
//! figure (subject kinds, where the subject was found, roles, verdicts,
//! the counts). Kinds, attributes and qualifiers are the claim model's
//! names (`power_per_accelerator`, `precision bf16`), as the knowledge
//! base and `claims/cues.yaml` spell them. Why a figure is unchecked is
//! the claim model's message, in the file's language too (English in
//! JSON).

use std::io::{self, Write};

use serde::Serialize;

use super::write_indented;
use crate::claim::statement::{Coverage, Role, Statement, SubjectKind};
use crate::lang::{Catalogue, Lang};
use crate::read::document::Document;
use crate::tr;

/// The version of the `audit claims --format json` contract.
pub const VERSION: u32 = 1;

/// One file's statements and their coverage.
pub struct ClaimsFile<'a> {
    pub document: &'a Document,
    pub statements: &'a [Statement],
    pub coverage: Coverage,
    /// The language of its human lines.
    pub lang: Lang,
}

/// Where a subject was found, in words; a place the catalogue does not
/// name is written as the claim model names it.
fn evidence(c: &Catalogue, evidence: &str) -> String {
    match evidence {
        "respectively" => tr!(c, "claims-evidence-respectively"),
        "beside" => tr!(c, "claims-evidence-beside"),
        "parenthesis" => tr!(c, "claims-evidence-parenthesis"),
        "clause" => tr!(c, "claims-evidence-clause"),
        "sentence" => tr!(c, "claims-evidence-sentence"),
        "table" => tr!(c, "claims-evidence-table"),
        "paragraph" => tr!(c, "claims-evidence-paragraph"),
        other => other.to_string(),
    }
}

fn role(c: &Catalogue, role: Role) -> String {
    match role {
        Role::Requirement => tr!(c, "claims-role-requirement"),
        Role::Bound => tr!(c, "claims-role-bound"),
        Role::Derived => tr!(c, "claims-role-derived"),
        Role::Calculation => tr!(c, "claims-role-calculation"),
        Role::Statement => tr!(c, "claims-role-statement"),
    }
}

/// Human lines: `path:line:col: FIGURE · subject · kind · role → checks`.
pub fn human(file: &ClaimsFile, out: &mut dyn Write) -> io::Result<()> {
    let path = file.document.path.display();
    let c = file.lang.catalogue();
    for s in file.statements {
        let subject = match (s.subject.kind, &s.subject.name) {
            (SubjectKind::None, _) | (_, None) => tr!(c, "claims-no-subject"),
            (kind, Some(name)) => {
                let what = match kind {
                    SubjectKind::Known => tr!(c, "claims-subject-known"),
                    SubjectKind::Unknown => tr!(c, "claims-subject-unknown"),
                    SubjectKind::Ambiguous => tr!(c, "claims-subject-ambiguous"),
                    SubjectKind::Configuration => tr!(c, "claims-subject-configuration"),
                    SubjectKind::None => unreachable!("matched above"),
                };
                let count = s
                    .subject
                    .count
                    .map(|c| format!("{c} × "))
                    .unwrap_or_default();
                tr!(
                    c,
                    "claims-subject",
                    kind = what,
                    count = count,
                    name = format!("{name:?}"),
                    evidence = evidence(c, s.subject.evidence.unwrap_or(""))
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
        about.push(role(c, s.role));
        let outcome = if s.checks.is_empty() {
            let reason = match &s.unchecked {
                Some(reason) => reason.render(c),
                None => tr!(c, "claims-no-check"),
            };
            tr!(c, "claims-unchecked", reason = reason)
        } else {
            s.checks
                .iter()
                .map(|covered| {
                    tr!(
                        c,
                        "claims-covered",
                        check = covered.check,
                        verdict = super::verdict(c, covered.verdict)
                    )
                })
                .collect::<Vec<_>>()
                .join(&tr!(c, "summary-list-separator"))
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
    writeln!(
        out,
        "{}",
        tr!(
            c,
            "summary-file",
            path = path.to_string(),
            summary = super::coverage(c, file.coverage)
        )
    )
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
