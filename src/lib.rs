//! Recount: a fact-checker for the numbers in writing about AI
//! infrastructure.
//!
//! The tree shows the pipeline, one folder per stage, in order: [`read`]
//! turns a file into prose blocks with byte spans and cuts sentences;
//! [`number`] (over [`units`]) finds numbers with their units, hedges and
//! readings; [`claim`] types every figure and names its subject in an open
//! world; [`check`] recomputes claims into findings against the knowledge
//! base ([`kb`]); [`report`] renders them. [`audit::audit`] runs it all on one
//! [`read::document::Document`]; [`calc::calc`] is the engine on its own.
//! Around it, [`ci`] holds what a CI run over a repository needs: config,
//! suppressions, baselines, batching and the cache; and [`lang`] the
//! languages a report speaks, with a catalogue of its texts per language.

pub mod read;

pub mod number;

pub mod units;

pub mod claim;

pub mod kb;

pub mod check;

pub mod report;

pub mod ci;

pub mod lang;

pub mod audit;
pub mod calc;
pub mod error;
