//! Reading: the files named on the command line ([`inputs`]), each as a
//! [`document::Document`] with its line index, its Markdown as prose blocks
//! with byte spans ([`markdown`]), and those blocks cut into sentences and
//! clauses ([`segment`]). Full-width forms and math are read through a
//! normalised view of the prose ([`normal`], [`math`]) whose spans map back
//! to the original bytes ([`offsets`]).

pub mod document;
pub mod inputs;
pub mod markdown;
pub mod math;
pub mod normal;
pub mod offsets;
pub mod segment;
