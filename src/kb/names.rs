//! Finding knowledge-base entities in text: every name, alias and family
//! name, matched longest first with one automaton.
//!
//! A family name ("H100") means every variant in the family (SXM5, PCIe,
//! NVL), which the spec check then tries as readings; an alias ("H100 SXM5")
//! means one entity. Names are matched as written (so "PaLM" is not "palm"),
//! with their spaces also read as hyphens or nothing ("Gaudi 2", "Gaudi-2",
//! "Gaudi2"), and only as whole words: "H100" is not found in "GH100" or
//! "H1000", but is in "8×H100s" and "英伟达H100".

use std::collections::BTreeMap;
use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, Input, MatchKind};

use super::Entity;

/// An entity name found in text.
#[derive(Clone, Debug, PartialEq)]
pub struct Mention {
    /// Byte offsets in the text searched.
    pub span: Range<usize>,
    /// Every entity the name can mean, as indices into the knowledge base.
    pub entities: Vec<usize>,
}

#[derive(Clone, Debug)]
pub struct NameIndex {
    automaton: AhoCorasick,
    /// For each pattern, the entities it means.
    targets: Vec<Vec<usize>>,
    /// Each name as written (not its spelling variants), for lookups.
    names: BTreeMap<String, Vec<usize>>,
}

impl NameIndex {
    pub fn new(entities: &[Entity]) -> NameIndex {
        let mut names: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (i, e) in entities.iter().enumerate() {
            for name in e.names() {
                names.entry(name.to_string()).or_default().push(i);
            }
        }
        for targets in names.values_mut() {
            targets.sort_unstable();
            targets.dedup();
        }
        let mut patterns: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (name, targets) in &names {
            for spelling in spellings(name) {
                let entry = patterns.entry(spelling).or_default();
                entry.extend(targets);
                entry.sort_unstable();
                entry.dedup();
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .build(patterns.keys())
            .expect("entity names build an automaton");
        NameIndex {
            automaton,
            targets: patterns.into_values().collect(),
            names,
        }
    }

    /// The entity names in `text`, left to right.
    pub fn find(&self, text: &str) -> Vec<Mention> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(m) = self.automaton.find(Input::new(text).range(at..)) {
            if whole_word(text, m.start(), m.end()) {
                out.push(Mention {
                    span: m.start()..m.end(),
                    entities: self.targets[m.pattern().as_usize()].clone(),
                });
                at = m.end();
            } else {
                // A longer name glued to a word may hide a shorter one
                // inside it: look again from the next character.
                at = m.start() + text[m.start()..].chars().next().map_or(1, char::len_utf8);
            }
        }
        out
    }

    /// The entities a name means, as written or, with `fold`, whatever its
    /// case, spaces, hyphens and underscores ("QWEN3-235B", "h100 sxm").
    pub fn lookup(&self, name: &str, fold: bool) -> Vec<usize> {
        let mut found: Vec<usize> = if fold {
            let wanted = folded(name);
            self.names
                .iter()
                .filter(|(n, _)| folded(n) == wanted)
                .flat_map(|(_, t)| t.iter().copied())
                .collect()
        } else {
            self.names.get(name).cloned().unwrap_or_default()
        };
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Every name as written, in order.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        self.names.keys().map(String::as_str)
    }

    /// The names nearest to one that matches none, best first: what `audit
    /// kb show` suggests.
    pub fn nearest(&self, name: &str, most: usize) -> Vec<&str> {
        let wanted = folded(name);
        let mut scored: Vec<(f64, &str)> = self
            .all()
            .map(|n| (strsim::jaro_winkler(&wanted, &folded(n)), n))
            .filter(|(score, _)| *score >= 0.7)
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        // One spelling of each name: "Qwen2.5-72B" is "Qwen2.5 72B".
        let mut seen = std::collections::BTreeSet::new();
        scored
            .into_iter()
            .filter(|(_, n)| seen.insert(folded(n)))
            .take(most)
            .map(|(_, n)| n)
            .collect()
    }
}

/// A name as people vary it: lower case, without spaces, hyphens or
/// underscores.
pub fn folded(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// A name with each space also written as a hyphen or as nothing. Names of
/// more than three words (paper titles) are matched as written: their
/// spellings would number in the thousands.
fn spellings(name: &str) -> Vec<String> {
    if name.matches(' ').count() > 2 {
        return vec![name.to_string()];
    }
    let mut out = vec![String::new()];
    for (i, part) in name.split(' ').enumerate() {
        if i > 0 {
            out = out
                .into_iter()
                .flat_map(|s| [" ", "-", ""].map(|sep| format!("{s}{sep}")))
                .collect();
        }
        for s in &mut out {
            s.push_str(part);
        }
    }
    out
}

/// Whether a match stands as a word: no letter or digit glued on either
/// side, but a plural "s" after.
fn whole_word(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    if before.is_some_and(|c| c.is_ascii_alphanumeric()) {
        return false;
    }
    let mut after = text[end..].chars();
    match after.next() {
        Some('s') => !after.next().is_some_and(|c| c.is_ascii_alphanumeric()),
        Some(c) => !c.is_ascii_alphanumeric(),
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kb::Kb;

    fn found(text: &str) -> Vec<(&str, Vec<&str>)> {
        let kb = Kb::builtin();
        kb.names()
            .find(text)
            .into_iter()
            .map(|m| {
                let ids = m
                    .entities
                    .iter()
                    .map(|&i| kb.entity(i).id.as_str())
                    .collect();
                (&text[m.span], ids)
            })
            .collect()
    }

    #[test]
    fn a_family_name_means_every_variant() {
        let f = found("8×H100 gives 640 GB");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].0, "H100");
        assert!(f[0].1.contains(&"nvidia-h100-sxm5"));
        assert!(f[0].1.contains(&"nvidia-h100-pcie"));
        assert!(f[0].1.contains(&"nvidia-h100-nvl"));
    }

    #[test]
    fn an_alias_means_one_entity_and_the_longest_wins() {
        let f = found("英伟达H100 SXM5 的 TDP 是 700W");
        assert_eq!(f, vec![("H100 SXM5", vec!["nvidia-h100-sxm5"])]);
    }

    #[test]
    fn spaces_may_be_hyphens_or_nothing() {
        assert_eq!(found("Gaudi2 and Gaudi-3").len(), 2);
    }

    #[test]
    fn names_are_whole_words() {
        assert!(found("GH100 die and H1000").is_empty());
        assert_eq!(found("H100s").len(), 1);
        assert!(found("a palm tree").is_empty());
    }

    #[test]
    fn a_name_is_found_whatever_its_case_spaces_and_hyphens() {
        let names = Kb::builtin().names();
        assert_eq!(
            names.lookup("h100-sxm5", true),
            names.lookup("H100 SXM5", false)
        );
        assert!(!names.lookup("H100 SXM5", false).is_empty());
    }

    #[test]
    fn the_nearest_names_are_suggested_once_each() {
        let names = Kb::builtin().names();
        let near = names.nearest("MI3OOX", 3);
        assert_eq!(near.first(), Some(&"MI300X"));
        let folded: Vec<String> = near.iter().map(|n| folded(n)).collect();
        let mut unique = folded.clone();
        unique.dedup();
        assert_eq!(folded, unique);
        assert!(names.nearest("zzzz", 3).is_empty());
    }

    #[test]
    fn spellings_cover_separators() {
        assert_eq!(
            spellings("TPU v4"),
            vec!["TPU v4".to_string(), "TPU-v4".into(), "TPUv4".into()]
        );
    }
}
