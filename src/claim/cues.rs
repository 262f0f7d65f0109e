//! Cue words, loaded from `claims/cues.yaml`: the words around a figure that
//! say which column of a spec sheet it is from ("BF16", "稠密", "per
//! direction") and which attribute it states ("TDP", "显存", "总参").
//!
//! All cues are found in one pass with one automaton, longest first; ASCII
//! cues match whatever their case and only as whole words, so "dense" is not
//! found in "condensed".

use std::collections::BTreeMap;
use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use serde::Deserialize;

use crate::error::yaml_message;
use crate::units::{Base, Dimension};

/// What a cue says.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    /// A qualifier key and its value: ("sparsity", "dense").
    Qualifier(String, String),
    /// An attribute's name: "tdp".
    Attribute(String),
    /// The figure is measured or derived, not a spec value: "effective".
    Derived,
    /// A kind of figure, for the formula check: "卡时" is GPU-hours.
    Kind(String),
    /// The figure after it is worked out from others: "so", "需要".
    ConclusionBefore,
    /// The figure before it is worked out from others: "起步".
    ConclusionAfter,
    /// The figure is a requirement: "needs", "至少需要".
    Requirement,
    /// A total of what came before: "加起来", "in total".
    Total,
    /// Parts of the whole just stated follow: "其中", "of those".
    Parts,
    /// What is left of a whole: "剩下", "the remaining".
    Rest,
    /// A share that is the size of a change: "砍掉", "a cut of".
    Change,
    /// The figure after it is each one's of the things counted before it:
    /// "4 cards, each with 192 GB", "4 张卡，各 192 GB".
    EachBefore,
    /// The figure before it is each one's: "80 GB apiece", "80 GB each".
    EachAfter,
}

/// A kind of figure: its dimension and whether it is the default for it.
#[derive(Clone, Debug, PartialEq)]
pub struct KindDef {
    pub name: String,
    pub dimension: Dimension,
    /// A share or ratio written with % or as a word (四成).
    pub share: bool,
    /// The kind a figure of this dimension takes when no cue says otherwise.
    pub default: bool,
    /// The least value, in base units, a figure of this kind can have: a
    /// bare "6" beside "parameters" is the 6 of 6·N·D, not a model size.
    pub at_least: Option<f64>,
    /// A kind no entity's facts record ("2 TB RAM" beside the cards): its
    /// figures are no spec to check.
    pub unrecorded: bool,
}

/// A cue found in text.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Byte offsets in the text searched.
    pub span: Range<usize>,
    pub cue: Cue,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    qualifiers: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    attributes: BTreeMap<String, Vec<String>>,
    derived: Vec<String>,
    kinds: BTreeMap<String, KindFile>,
    conclusions: Conclusions,
    requirements: Vec<String>,
    precision_bytes: BTreeMap<String, f64>,
    sums: Sums,
    restatements: Vec<String>,
    distributive: Distributive,
    capacity: Vec<String>,
    /// Phrases with a cue word inside that say nothing of a figure
    /// ("需要注意的是" is no requirement): matched whole, so the word is not.
    #[serde(default)]
    discourse: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Distributive {
    before: Vec<String>,
    after: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Sums {
    totals: Vec<String>,
    parts: Vec<String>,
    rest: Vec<String>,
    change: Vec<String>,
    table_totals: Vec<String>,
    table_subtotals: Vec<String>,
    share_headers: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Conclusions {
    before: Vec<String>,
    after: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KindFile {
    dimension: BTreeMap<String, i8>,
    #[serde(default)]
    share: bool,
    #[serde(default)]
    default: bool,
    #[serde(default)]
    at_least: Option<f64>,
    #[serde(default)]
    unrecorded: bool,
    #[serde(default)]
    cues: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
#[error("claims/cues.yaml:{line}:{column}: {message}")]
pub struct CuesError {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

#[derive(Debug)]
pub struct Cues {
    automaton: AhoCorasick,
    /// For each pattern, what it cues (a word may cue several attributes).
    meanings: Vec<Vec<Cue>>,
    /// Kind cues live in an automaton of their own, so that a long kind cue
    /// ("稠密算力") never hides the column cues inside it ("稠密", "算力").
    kind_automaton: AhoCorasick,
    kind_meanings: Vec<Vec<Cue>>,
    kinds: Vec<KindDef>,
    precision_bytes: BTreeMap<String, f64>,
    /// Row labels of a table's total row, folded.
    table_totals: Vec<String>,
    /// Last words of a table's subtotal row label, folded.
    table_subtotals: Vec<String>,
    /// Column-header words that make a percentage column shares, folded.
    share_headers: Vec<String>,
    /// Words that restate a figure in other units, folded, longest first.
    restatements: Vec<String>,
    /// Memory words that name a device's own memory, folded.
    capacity: Vec<String>,
}

const BUILTIN: &str = include_str!("../../claims/cues.yaml");

impl Cues {
    pub fn builtin() -> &'static Cues {
        static CUES: std::sync::OnceLock<Cues> = std::sync::OnceLock::new();
        CUES.get_or_init(|| Cues::parse(BUILTIN).expect("claims/cues.yaml is checked by tests"))
    }

    pub fn parse(yaml: &str) -> Result<Cues, CuesError> {
        let file: File = serde_saphyr::from_str(yaml).map_err(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            CuesError {
                line,
                column,
                message: yaml_message(&e),
            }
        })?;
        let mut words: BTreeMap<String, Vec<Cue>> = BTreeMap::new();
        for (key, values) in file.qualifiers {
            for (value, cues) in values {
                for word in cues {
                    words
                        .entry(fold(&word))
                        .or_default()
                        .push(Cue::Qualifier(key.clone(), value.clone()));
                }
            }
        }
        for (attribute, cues) in file.attributes {
            for word in cues {
                words
                    .entry(fold(&word))
                    .or_default()
                    .push(Cue::Attribute(attribute.clone()));
            }
        }
        for word in file.derived {
            words.entry(fold(&word)).or_default().push(Cue::Derived);
        }
        let mut kind_words: BTreeMap<String, Vec<Cue>> = BTreeMap::new();
        for word in &file.discourse {
            words.entry(fold(word)).or_default();
            kind_words.entry(fold(word)).or_default();
        }
        for word in file.conclusions.before {
            kind_words
                .entry(fold(&word))
                .or_default()
                .push(Cue::ConclusionBefore);
        }
        for (words, cue) in [
            (&file.sums.totals, Cue::Total),
            (&file.sums.parts, Cue::Parts),
            (&file.sums.rest, Cue::Rest),
            (&file.sums.change, Cue::Change),
        ] {
            for word in words {
                kind_words.entry(fold(word)).or_default().push(cue.clone());
            }
        }
        for (words, cue) in [
            (&file.distributive.before, Cue::EachBefore),
            (&file.distributive.after, Cue::EachAfter),
        ] {
            for word in words {
                kind_words.entry(fold(word)).or_default().push(cue.clone());
            }
        }
        for word in file.requirements {
            kind_words
                .entry(fold(&word))
                .or_default()
                .push(Cue::Requirement);
        }
        for word in file.conclusions.after {
            kind_words
                .entry(fold(&word))
                .or_default()
                .push(Cue::ConclusionAfter);
        }
        let mut kinds = Vec::new();
        for (name, def) in file.kinds {
            let mut dimension = Dimension::NONE;
            for (base, exponent) in &def.dimension {
                let base = Base::from_name(base).ok_or_else(|| CuesError {
                    line: 0,
                    column: 0,
                    message: format!("kind {name:?}: unknown base dimension {base:?}"),
                })?;
                dimension = dimension.with(base, *exponent);
            }
            for word in def.cues {
                kind_words
                    .entry(fold(&word))
                    .or_default()
                    .push(Cue::Kind(name.clone()));
            }
            kinds.push(KindDef {
                name,
                dimension,
                share: def.share,
                default: def.default,
                at_least: def.at_least,
                unrecorded: def.unrecorded,
            });
        }
        Ok(Cues {
            automaton: automaton(words.keys()),
            meanings: words.into_values().collect(),
            kind_automaton: automaton(kind_words.keys()),
            kind_meanings: kind_words.into_values().collect(),
            kinds,
            precision_bytes: file.precision_bytes,
            table_totals: file.sums.table_totals.iter().map(|w| fold(w)).collect(),
            table_subtotals: file.sums.table_subtotals.iter().map(|w| fold(w)).collect(),
            share_headers: file.sums.share_headers.iter().map(|w| fold(w)).collect(),
            capacity: file.capacity.iter().map(|w| fold(w)).collect(),
            restatements: {
                let mut words: Vec<String> = file.restatements.iter().map(|w| fold(w)).collect();
                words.sort_by_key(|w| std::cmp::Reverse(w.len()));
                words
            },
        })
    }

    /// How many bytes one number takes in a precision ("bf16" is 2).
    pub fn precision_bytes(&self, precision: &str) -> Option<f64> {
        self.precision_bytes.get(precision).copied()
    }

    /// Whether a table row label names the row that totals the rows above
    /// it ("合计", "**Total**").
    pub fn is_total_label(&self, label: &str) -> bool {
        let bare = fold(label.trim_matches(|c: char| c.is_whitespace() || "*_:：".contains(c)));
        self.table_totals.contains(&bare)
    }

    /// Whether a table row label names a row that totals the rows above it
    /// within the table's parts ("Hardware subtotal", "设备小计").
    pub fn is_subtotal_label(&self, label: &str) -> bool {
        let bare = fold(label.trim_matches(|c: char| c.is_whitespace() || "*_:：".contains(c)));
        self.table_subtotals.iter().any(|w| {
            bare.strip_suffix(w.as_str())
                .is_some_and(|rest| !w.is_ascii() || rest.is_empty() || rest.ends_with(' '))
        })
    }

    /// Whether a column header makes its percentages shares of one whole:
    /// it names a share ("Share of hours", "占比") and no change ("YoY
    /// growth"), or it is the percent sign alone.
    pub fn names_shares(&self, header: &str) -> bool {
        let folded = fold(header);
        let bare = folded.trim_matches(|c: char| c.is_whitespace() || "%％()（）*_".contains(c));
        if bare.is_empty() {
            return !folded.trim().is_empty();
        }
        let changes = self.find(header).iter().any(|f| f.cue == Cue::Change);
        !changes
            && self.share_headers.iter().any(|w| {
                folded
                    .match_indices(w.as_str())
                    .any(|(at, _)| stands_alone(&folded, at, at + w.len()))
            })
    }

    /// Whether a memory cue word names a device's own memory ("VRAM",
    /// "HBM3", "显存"), not memory in general, which a workload may use.
    pub fn names_capacity(&self, word: &str) -> bool {
        self.capacity.contains(&fold(word))
    }

    /// The restatement word a gap between two figures ends with ("That
    /// is", "即"), and where it starts in the gap.
    pub fn restatement_ending(&self, gap: &str) -> Option<usize> {
        let trimmed = gap.trim_end();
        let folded = fold(trimmed);
        self.restatements
            .iter()
            .find(|w| {
                folded.ends_with(w.as_str())
                    && stands_alone(&folded, folded.len() - w.len(), folded.len())
            })
            .map(|w| trimmed.len() - w.len())
    }

    /// The kinds of figure, sorted by name.
    pub fn kinds(&self) -> &[KindDef] {
        &self.kinds
    }

    /// Every cue in `text`, by position.
    pub fn find(&self, text: &str) -> Vec<Found> {
        let mut out = Vec::new();
        for (automaton, meanings) in [
            (&self.automaton, &self.meanings),
            (&self.kind_automaton, &self.kind_meanings),
        ] {
            for m in automaton.find_iter(text) {
                let word = &text[m.range()];
                if word.is_ascii() && !stands_alone(text, m.start(), m.end()) {
                    continue;
                }
                for cue in &meanings[m.pattern().as_usize()] {
                    out.push(Found {
                        span: m.range(),
                        cue: cue.clone(),
                    });
                }
            }
        }
        out.sort_by_key(|f| (f.span.start, f.span.end));
        out
    }
}

/// Of the attribute cues of one clause, the ones that speak for the figure
/// at `at` when the clause cues more than one attribute. Each cue belongs
/// to one figure of the sentence: the one it is glued after, as a count's
/// noun is ("16,896 CUDA cores", "80 GB of memory", "432 个 Tensor 核心"),
/// else the next one, as a label's is ("CUDA 核心数调整为 5,120 个但 Tensor
/// Core 增至 640 个"), else the one before. A figure that owns no cue keeps
/// its clause's cues rather than none.
pub fn keep_own_attributes(
    cues: &mut Vec<Found>,
    at: &Range<usize>,
    figures: &[Range<usize>],
    text: &str,
) {
    let attribute = |f: &Found| match &f.cue {
        Cue::Attribute(a) => Some(a.clone()),
        _ => None,
    };
    let mut named: Vec<String> = cues.iter().filter_map(attribute).collect();
    named.sort_unstable();
    named.dedup();
    if named.len() < 2 {
        return;
    }
    let owner = |f: &Found| {
        // A cue inside a figure ("一块卡", "8 GPUs") is that figure's own.
        let inside = figures
            .iter()
            .find(|o| o.start <= f.span.start && f.span.end <= o.end);
        if inside.is_some() {
            return inside;
        }
        let before = figures.iter().rev().find(|o| o.end <= f.span.start);
        let after = figures.iter().find(|o| o.start >= f.span.end);
        let glued = before.filter(|o| {
            let gap = text.get(o.end..f.span.start).unwrap_or("").trim();
            gap.is_empty() || COUNT_GLUE.contains(&gap)
        });
        glued.or(after).or(before)
    };
    let own = |f: &Found| attribute(f).is_none() || owner(f) == Some(at);
    if cues.iter().any(|f| attribute(f).is_some() && own(f)) {
        cues.retain(own);
    }
}

/// What may stand between a figure and the noun it counts or measures.
const COUNT_GLUE: [&str; 5] = ["of", "个", "個", "-", "颗"];

fn automaton<'a>(words: impl IntoIterator<Item = &'a String>) -> AhoCorasick {
    AhoCorasickBuilder::new()
        .match_kind(MatchKind::LeftmostLongest)
        .ascii_case_insensitive(true)
        .build(words)
        .expect("cue words build an automaton")
}

fn fold(word: &str) -> String {
    word.to_ascii_lowercase()
}

fn stands_alone(text: &str, start: usize, end: usize) -> bool {
    let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    !glued(text[..start].chars().next_back()) && !glued(text[end..].chars().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cues(text: &str) -> Vec<(String, Cue)> {
        Cues::builtin()
            .find(text)
            .into_iter()
            .map(|f| (text[f.span].to_string(), f.cue))
            .collect()
    }

    fn qualifier(key: &str, value: &str) -> Cue {
        Cue::Qualifier(key.into(), value.into())
    }

    #[test]
    fn qualifiers_in_english_and_chinese() {
        let found = cues("H100 的 BF16 稠密算力");
        assert!(found.contains(&("BF16".into(), qualifier("precision", "bf16"))));
        assert!(found.contains(&("稠密".into(), qualifier("sparsity", "dense"))));
        assert!(found.contains(&("算力".into(), Cue::Attribute("throughput".into()))));
        let found = cues("989 TFLOPS with sparsity, 450 GB/s per direction");
        assert!(found.contains(&("with sparsity".into(), qualifier("sparsity", "sparse"))));
        assert!(found.contains(&(
            "per direction".into(),
            qualifier("direction", "per_direction")
        )));
    }

    #[test]
    fn derived_figures_are_marked() {
        assert!(
            cues("打四折是每卡 198 TFLOPS")
                .iter()
                .any(|(_, c)| *c == Cue::Derived)
        );
        assert!(
            cues("an effective 400 TFLOPS")
                .iter()
                .any(|(_, c)| *c == Cue::Derived)
        );
        // A discourse marker holds 需要 but requires nothing.
        let noted = cues("需要注意的是，H800 的 NVLink 带宽为 900 GB/s");
        assert!(
            !noted
                .iter()
                .any(|(_, c)| matches!(c, Cue::Derived | Cue::Requirement)),
            "{noted:?}"
        );
        assert!(
            cues("需要 700 GB")
                .iter()
                .any(|(_, c)| *c == Cue::Requirement)
        );
    }

    #[test]
    fn a_denied_need_requires_nothing() {
        for text in [
            "单卡 A100 40GB 即可，无需动用 80GB 版本",
            "there is no need for 80 GB",
        ] {
            let found = cues(text);
            assert!(
                !found.iter().any(|(_, c)| *c == Cue::Requirement),
                "{text}: {found:?}"
            );
        }
        assert!(
            cues("训练需要 80GB")
                .iter()
                .any(|(_, c)| *c == Cue::Requirement)
        );
    }

    #[test]
    fn ascii_cues_are_whole_words_in_any_case() {
        assert!(cues("condensed").is_empty());
        assert_eq!(cues("Dense")[0].1, qualifier("sparsity", "dense"));
    }

    #[test]
    fn errors_have_a_location() {
        let e = Cues::parse(
            "qualifiers: {}\nattributes: {}\nderived: []\nkinds: {}\nconclusions: { before: [], after: [] }\nrequirements: []\nprecision_bytes: {}\nsums: { totals: [], parts: [], rest: [], change: [], table_totals: [], table_subtotals: [], share_headers: [] }\nrestatements: []\ndistributive: { before: [], after: [] }\ncapacity: []\nextra: 1\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (12, 1));
    }

    #[test]
    fn each_attribute_cue_speaks_for_its_own_figure() {
        let own = |text: &str, figure: &str| {
            let mut found = Cues::builtin().find(text);
            let figures: Vec<Range<usize>> = ["16,896", "528", "5,120", "640"]
                .iter()
                .filter_map(|f| text.find(f).map(|at| at..at + f.len()))
                .collect();
            let at = text.find(figure).map(|i| i..i + figure.len()).unwrap();
            keep_own_attributes(&mut found, &at, &figures, text);
            let mut named: Vec<String> = found
                .into_iter()
                .filter_map(|f| match f.cue {
                    Cue::Attribute(a) => Some(a),
                    _ => None,
                })
                .collect();
            named.dedup();
            named
        };
        // The noun after a count is the count's.
        let english = "16,896 CUDA cores and 528 Tensor Cores";
        assert_eq!(own(english, "16,896"), ["cuda_cores"]);
        assert_eq!(own(english, "528"), ["tensor_cores"]);
        // A label before its figure is the figure's, past the one before.
        let chinese = "CUDA 核心数 5,120 个但 Tensor Core 增至 640 个";
        assert_eq!(own(chinese, "5,120"), ["cuda_cores"]);
        assert_eq!(own(chinese, "640"), ["tensor_cores"]);
        // One attribute cued: nothing to tell apart.
        assert_eq!(own("5,120 and 640 CUDA cores", "5,120"), ["cuda_cores"]);
    }
}
