//! Reading: the files named on the command line ([`inputs`]), each as a
//! [`document::Document`] with its line index, its Markdown as prose blocks
//! with byte spans ([`markdown`]), and those blocks cut into sentences and
//! clauses ([`segment`]).

pub mod document;
pub mod inputs;
pub mod markdown;
pub mod segment;
