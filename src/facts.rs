//! What the checks read of each sentence besides its tokens: its cue words,
//! its clauses and the entity names in it, at document offsets. Each is
//! worked out on first use and kept for the document, so the checks that
//! all read them (spec, formula, bound, sum, share, ratio, consistency, the
//! typed figures) search a sentence once between them, not once per figure.

use std::ops::Range;
use std::sync::OnceLock;

use crate::cues::{Cues, Found};
use crate::kb::{Kb, Mention};
use crate::segment::{Sentence, clauses};

/// The per-sentence facts of one document.
pub struct Facts<'a> {
    pub text: &'a str,
    pub sentences: &'a [Sentence],
    pub kb: &'a Kb,
    cues: Vec<OnceLock<Vec<Found>>>,
    clauses: Vec<OnceLock<Vec<Range<usize>>>>,
    names: Vec<OnceLock<Vec<Mention>>>,
}

impl<'a> Facts<'a> {
    /// Nothing is worked out until asked for.
    pub fn new(text: &'a str, sentences: &'a [Sentence], kb: &'a Kb) -> Facts<'a> {
        Facts {
            text,
            sentences,
            kb,
            cues: unset(sentences.len()),
            clauses: unset(sentences.len()),
            names: unset(sentences.len()),
        }
    }

    fn local(&self, sentence: usize) -> (&'a str, usize) {
        let span = &self.sentences[sentence].span;
        (&self.text[span.clone()], span.start)
    }

    /// The cue words of a sentence ([`Cues::find`] over its text alone), by
    /// position.
    pub fn cues(&self, sentence: usize) -> &[Found] {
        self.cues[sentence].get_or_init(|| {
            let (local, shift) = self.local(sentence);
            let mut found = Cues::builtin().find(local);
            for f in &mut found {
                f.span = f.span.start + shift..f.span.end + shift;
            }
            found
        })
    }

    /// The clauses of a sentence ([`clauses`]).
    pub fn clauses(&self, sentence: usize) -> &[Range<usize>] {
        self.clauses[sentence].get_or_init(|| {
            let (local, shift) = self.local(sentence);
            clauses(local, shift)
        })
    }

    /// The entity names in a sentence (the knowledge base's name index over
    /// its text alone), by position.
    pub fn names(&self, sentence: usize) -> &[Mention] {
        self.names[sentence].get_or_init(|| {
            let (local, shift) = self.local(sentence);
            let mut found = crate::claim::names::mentions(self.kb, local);
            for m in &mut found {
                m.span = m.span.start + shift..m.span.end + shift;
            }
            found
        })
    }
}

fn unset<T>(count: usize) -> Vec<OnceLock<T>> {
    (0..count).map(|_| OnceLock::new()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::sentences_of;
    use crate::document::Document;

    #[test]
    fn facts_are_those_of_the_sentence_alone_at_document_offsets() {
        let text = "# H100\n\nThe H100 has 80 GB, dense. So 8 × 80 GB = 640 GB, in total.\n";
        let doc = Document::new("t.md", text.to_string());
        let (_, sentences) = sentences_of(&doc);
        let kb = Kb::builtin();
        let facts = Facts::new(text, &sentences, kb);
        assert!(sentences.len() >= 3);
        for (i, s) in sentences.iter().enumerate() {
            let local = &text[s.span.clone()];
            let cues: Vec<(&str, &crate::cues::Cue)> = facts
                .cues(i)
                .iter()
                .map(|f| (&text[f.span.clone()], &f.cue))
                .collect();
            let alone = Cues::builtin().find(local);
            let expected: Vec<(&str, &crate::cues::Cue)> = alone
                .iter()
                .map(|f| (&local[f.span.clone()], &f.cue))
                .collect();
            assert_eq!(cues, expected);
            let names: Vec<&str> = facts
                .names(i)
                .iter()
                .map(|m| &text[m.span.clone()])
                .collect();
            let alone = crate::claim::names::mentions(kb, local);
            let expected: Vec<&str> = alone.iter().map(|m| &local[m.span.clone()]).collect();
            assert_eq!(names, expected);
            assert_eq!(facts.clauses(i), clauses(local, s.span.start).as_slice());
        }
        let all: Vec<&str> = (0..sentences.len())
            .flat_map(|i| facts.names(i))
            .map(|m| &text[m.span.clone()])
            .collect();
        assert_eq!(all, ["H100", "H100"]);
        assert!((0..sentences.len()).any(|i| {
            facts
                .cues(i)
                .iter()
                .any(|f| f.cue == crate::cues::Cue::Total && &text[f.span.clone()] == "in total")
        }));
    }
}
