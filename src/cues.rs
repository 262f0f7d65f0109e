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

/// What a cue says.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    /// A qualifier key and its value: ("sparsity", "dense").
    Qualifier(String, String),
    /// An attribute's name: "tdp".
    Attribute(String),
    /// The figure is measured or derived, not a spec value: "effective".
    Derived,
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
}

const BUILTIN: &str = include_str!("../claims/cues.yaml");

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
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .ascii_case_insensitive(true)
            .build(words.keys())
            .expect("cue words build an automaton");
        Ok(Cues {
            automaton,
            meanings: words.into_values().collect(),
        })
    }

    /// Every cue in `text`, left to right.
    pub fn find(&self, text: &str) -> Vec<Found> {
        let mut out = Vec::new();
        for m in self.automaton.find_iter(text) {
            let word = &text[m.range()];
            if word.is_ascii() && !stands_alone(text, m.start(), m.end()) {
                continue;
            }
            for cue in &self.meanings[m.pattern().as_usize()] {
                out.push(Found {
                    span: m.range(),
                    cue: cue.clone(),
                });
            }
        }
        out
    }
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
    }

    #[test]
    fn ascii_cues_are_whole_words_in_any_case() {
        assert!(cues("condensed").is_empty());
        assert_eq!(cues("Dense")[0].1, qualifier("sparsity", "dense"));
    }

    #[test]
    fn errors_have_a_location() {
        let e = Cues::parse("qualifiers: {}\nattributes: {}\nderived: []\nextra: 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 1));
    }
}
