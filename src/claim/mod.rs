//! The claim model: what each figure of a document is about.
//!
//! [`names`] finds the names a sentence gives its figures, known to the
//! knowledge base or not, so that every check reads one open-world view of
//! who a figure belongs to; [`statement`] reads every figure as a statement
//! (value, kind, subject, attribute, qualifiers, role) with the checks that
//! covered it, for `audit claims` and the coverage counts of every report.

pub mod names;
pub mod statement;
