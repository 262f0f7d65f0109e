//! The claim model: what each figure of a document is about.
//!
//! [`names`] finds the names a sentence gives its figures, known to the
//! knowledge base or not, so that every check reads one open-world view of
//! who a figure belongs to.

pub mod names;
