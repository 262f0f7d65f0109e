//! What a CI run over a repository of articles needs around the pipeline:
//! [`config`] reads `.audit.yaml`, [`suppress`] applies suppression comments
//! and [`baseline`] accepted findings to a report, [`batch`] audits files in
//! parallel while handing reports on in path order, and [`cache`] keeps
//! reports between runs.

pub mod baseline;
pub mod batch;
pub mod cache;
pub mod config;
pub mod suppress;
