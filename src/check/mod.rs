//! The checks. Each lives in its own file, with its user documentation as
//! the file's `//!` doc, which `audit explain CHECK` prints.

pub mod arithmetic;
pub mod formula;
pub mod spec;

use crate::document::Document;
use crate::finding::Finding;
use crate::kb::Kb;
use crate::markdown::Block;
use crate::segment::Sentence;

/// What a check reads: the document, its sentences and the knowledge base.
pub struct Input<'a> {
    pub doc: &'a Document,
    pub blocks: &'a [Block],
    pub sentences: &'a [Sentence],
    pub kb: &'a Kb,
}

/// A check looks at the sentences of a document and reports findings.
pub trait Check: Sync {
    /// The check's code: `arithmetic`, `spec`, …
    fn code(&self) -> &'static str;
    /// The check's documentation.
    fn explain(&self) -> &'static str;
    fn run(&self, input: &Input<'_>, findings: &mut Vec<Finding>);
}

/// Every check, in the order they run.
pub fn all() -> Vec<&'static dyn Check> {
    vec![&arithmetic::Arithmetic, &spec::Spec, &formula::Formula]
}

/// A check by its code.
pub fn by_code(code: &str) -> Option<&'static dyn Check> {
    all().into_iter().find(|c| c.code() == code)
}

/// The `//!` documentation at the top of a check's source file.
pub fn module_doc(source: &'static str) -> &'static str {
    source.split("\n\nuse ").next().unwrap_or_default()
}
