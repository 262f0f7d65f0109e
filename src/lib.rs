//! Recount: a fact-checker for the numbers in writing about AI
//! infrastructure.
//!
//! The pipeline, one module per stage: [`markdown`] turns a file into prose
//! blocks with byte spans; [`segment`] cuts sentences; [`quantity`] (over
//! [`numeral`], [`units`] and [`lexicon`]) finds numbers with their units and
//! hedges; [`extract`] finds claims; [`check`] recomputes them into
//! [`finding`]s; [`report`] renders them. [`audit::audit`] runs it all on one
//! [`document::Document`]; [`calc::calc`] is the engine on its own.
//!
//! Around it, what a CI run over a repository of articles needs: [`inputs`]
//! walks folders as ripgrep does, [`config`] reads `.audit.yaml`,
//! [`suppress`] applies suppression comments and [`baseline`] accepted
//! findings to a report, [`batch`] audits files in parallel while handing
//! reports on in path order, and [`cache`] keeps reports between runs.

pub mod audit;
pub mod baseline;
pub mod batch;
pub mod cache;
pub mod calc;
pub mod check;
pub mod claim;
pub mod config;
pub mod cues;
pub mod document;
pub mod error;
pub mod expr;
pub mod extract;
pub mod facts;
pub mod finding;
pub mod format;
pub mod formula;
pub mod inputs;
pub mod interval;
pub mod kb;
pub mod kind;
pub mod lexicon;
pub mod markdown;
pub mod numeral;
pub mod output;
pub mod quantity;
pub mod report;
pub mod segment;
pub mod suppress;
pub mod units;
