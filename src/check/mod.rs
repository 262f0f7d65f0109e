//! The checks. Each lives in its own file, with its user documentation as
//! the file's `//!` doc, which `audit explain CHECK` prints. What a check
//! concludes about a claim is a [`finding::Finding`].

pub mod arithmetic;
pub mod bound;
pub mod consistency;
pub mod difference;
pub mod finding;
pub mod formula;
mod mixed_columns;
pub mod ratio;
pub mod restate;
pub mod share;
pub mod spec;
pub mod sum;
pub mod table;

use crate::check::finding::Finding;
use crate::claim::facts::Facts;
use crate::claim::kind::{Typed, typed_mentions};
use crate::kb::Kb;
use crate::read::document::Document;
use crate::read::markdown::Block;
use crate::read::segment::Sentence;

/// What a check reads: the document, its sentences and the knowledge base.
pub struct Input<'a> {
    pub doc: &'a Document,
    pub blocks: &'a [Block],
    pub sentences: &'a [Sentence],
    pub kb: &'a Kb,
    /// Entities the document names by a name of their own ("H100 80GB
    /// SXM5"), sorted: within the article, a family name ("H100") means
    /// those of its variants.
    pub named: &'a [usize],
    /// Each sentence's cue words, clauses and entity names, shared.
    pub facts: &'a Facts<'a>,
    /// The typed figures, worked out on first use ([`Input::typed`]) and
    /// shared by every check of the document.
    pub typed: &'a std::sync::OnceLock<Vec<Typed<'a>>>,
    /// How far (a fraction of its value) a stated figure may be from the
    /// recomputed one and still agree: 0 unless the config overrides it.
    pub tolerance: f64,
}

impl<'a> Input<'a> {
    /// Every figure with its kind ([`typed_mentions`]), computed once for
    /// all the checks that read them.
    pub fn typed(&self) -> &'a [Typed<'a>] {
        self.typed.get_or_init(|| {
            let mut typed = typed_mentions(self.facts);
            // Kept to the end of the document: no room to grow.
            typed.shrink_to_fit();
            typed
        })
    }

    /// The entities a mention can mean in this document: the variants the
    /// document names, when it names any of the mention's, else all.
    pub fn variants(&self, entities: &[usize]) -> Vec<usize> {
        let named: Vec<usize> = entities
            .iter()
            .copied()
            .filter(|e| self.named.binary_search(e).is_ok())
            .collect();
        if named.is_empty() {
            entities.to_vec()
        } else {
            named
        }
    }
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
    vec![
        &arithmetic::Arithmetic,
        &spec::Spec,
        &formula::Formula,
        &ratio::Ratio,
        &restate::Restate,
        &sum::Sum,
        &share::Share,
        &difference::Difference,
        &table::Table,
        &bound::Bound,
        &consistency::Consistency,
    ]
}

/// A check by its code.
pub fn by_code(code: &str) -> Option<&'static dyn Check> {
    all().into_iter().find(|c| c.code() == code)
}

/// A check's documentation as Markdown text, without the `//!` markers:
/// what `audit explain` prints and the help of a SARIF rule.
pub fn documentation(check: &dyn Check) -> String {
    check
        .explain()
        .lines()
        .map(|l| {
            l.strip_prefix("//! ")
                .or_else(|| l.strip_prefix("//!"))
                .unwrap_or(l)
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

/// The `//!` documentation at the top of a check's source file.
pub fn module_doc(source: &'static str) -> &'static str {
    source.split("\n\nuse ").next().unwrap_or_default()
}
