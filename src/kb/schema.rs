//! The knowledge-base files as written: serde types that refuse unknown
//! fields, with the source location of every value a problem may point at.
//!
//! One schema serves every file. A file under `claims/` lists `entities`, a
//! file under `sources/` lists `sources`; a user's folder may put both in one
//! file, so a fact and the source it cites can be added together.
//!
//! `build.rs` includes this file too: it reads the built-in files with these
//! types and writes them back as JSON (spans serialize as their values), which
//! the binary reads at start-up instead of the YAML.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_saphyr::Spanned;

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct File {
    #[serde(default)]
    pub entities: Vec<EntityDef>,
    #[serde(default)]
    pub sources: Vec<SourceDef>,
}

/// What an entity is; the spec check reads its attributes differently for
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Accelerator,
    System,
    Model,
    Paper,
    Cluster,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Accelerator => "accelerator",
            Kind::System => "system",
            Kind::Model => "model",
            Kind::Paper => "paper",
            Kind::Cluster => "cluster",
        }
    }
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct EntityDef {
    pub id: Spanned<String>,
    pub kind: Kind,
    pub name: Spanned<String>,
    #[serde(default)]
    pub vendor: Option<String>,
    /// The shared name of a family of variants ("H100" for SXM5, PCIe and
    /// NVL): a mention of it means any of them.
    #[serde(default)]
    pub family: Option<Spanned<String>>,
    #[serde(default)]
    pub aliases: Vec<Spanned<String>>,
    #[serde(default)]
    pub facts: Vec<FactDef>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FactDef {
    pub attribute: Spanned<String>,
    pub value: Spanned<String>,
    #[serde(default)]
    pub qualifiers: BTreeMap<String, String>,
    pub source: Spanned<String>,
    pub quote: Spanned<String>,
    #[serde(default)]
    pub note: Option<String>,
    /// Other values that other sources give; each is a reading.
    #[serde(default)]
    pub alternatives: Vec<AlternativeDef>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct AlternativeDef {
    pub value: Spanned<String>,
    #[serde(default)]
    pub qualifiers: BTreeMap<String, String>,
    pub source: Spanned<String>,
    pub quote: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SourceDef {
    pub id: Spanned<String>,
    pub title: String,
    pub publisher: String,
    pub url: Spanned<String>,
    /// When it was published, as precisely as known: "2022", "2024-03".
    /// Optional to the parser so that `audit kb check` can name each fact
    /// citing a source without one.
    #[serde(default)]
    pub date: Option<String>,
    /// Whether the source is the figure's origin or reports it; optional to
    /// the parser for the same reason.
    #[serde(default)]
    pub kind: Option<SourceKind>,
}

/// Where a source stands to the figures it gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SourceKind {
    /// The origin of the figure: the vendor's own datasheet, product page
    /// or press release, the paper, the official model card or
    /// `config.json`, the TOP500 list.
    Primary,
    /// Anything that reports it: news, encyclopedias, resellers' blogs.
    Secondary,
}

impl SourceKind {
    pub fn name(self) -> &'static str {
        match self {
            SourceKind::Primary => "primary",
            SourceKind::Secondary => "secondary",
        }
    }
}
