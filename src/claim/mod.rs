//! The claim model: what each figure of a document is about.
//!
//! [`cues`] and [`kind`] type every figure (parameters, tokens, power per
//! accelerator…) from its unit and the cue words of its clause; [`facts`]
//! gathers what the checks read of each sentence besides its tokens;
//! [`extract`] finds the stated calculations; [`names`] finds the names a sentence gives its figures, known to the
//! knowledge base or not, so that every check reads one open-world view of
//! who a figure belongs to; [`statement`] reads every figure as a statement
//! (value, kind, subject, attribute, qualifiers, role) with the checks that
//! covered it, for `audit claims` and the coverage counts of every report.

pub mod cues;
pub mod extract;
pub mod facts;
pub mod kind;
pub mod names;
pub mod statement;
