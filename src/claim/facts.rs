//! What the checks read of each sentence besides its tokens: its cue words,
//! its clauses and the entity names in it, at document offsets. Each is
//! worked out on first use and kept for the document, so the checks that
//! all read them (spec, formula, bound, sum, share, ratio, consistency, the
//! typed figures) search a sentence once between them, not once per figure.

use std::ops::Range;
use std::sync::OnceLock;

use crate::claim::cues::{Cues, Found};
use crate::kb::{Kb, Mention};
use crate::read::segment::{Sentence, clauses};

/// The per-sentence facts of one document.
pub struct Facts<'a> {
    pub text: &'a str,
    pub sentences: &'a [Sentence],
    pub kb: &'a Kb,
    cues: Vec<OnceLock<Vec<Found>>>,
    clauses: Vec<OnceLock<Vec<Range<usize>>>>,
    names: Vec<OnceLock<Vec<Mention>>>,
    short_forms: OnceLock<Vec<String>>,
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
            short_forms: OnceLock::new(),
        }
    }

    fn local(&self, sentence: usize) -> (&'a str, usize) {
        let span = &self.sentences[sentence].span;
        (&self.text[span.clone()], span.start)
    }

    /// A sentence's text with its soft line breaks unwrapped: a cue, a name
    /// or a clause wrapped across two lines ("without⏎sparsity", "H100⏎
    /// SXM", "不带⏎稀疏") is one cue, name or clause. A break reads as a
    /// space, or as nothing between two Chinese characters.
    fn unwrapped(&self, sentence: usize) -> Unwrapped<'a> {
        let (local, shift) = self.local(sentence);
        Unwrapped::new(local, shift)
    }

    /// The cue words of a sentence ([`Cues::find`] over its text alone), by
    /// position.
    pub fn cues(&self, sentence: usize) -> &[Found] {
        self.cues[sentence].get_or_init(|| {
            let view = self.unwrapped(sentence);
            let mut found = Cues::builtin().find(&view.text);
            for f in &mut found {
                f.span = view.original(f.span.clone());
            }
            found
        })
    }

    /// The clauses of a sentence ([`clauses`]).
    pub fn clauses(&self, sentence: usize) -> &[Range<usize>] {
        self.clauses[sentence].get_or_init(|| {
            let view = self.unwrapped(sentence);
            let mut found: Vec<Range<usize>> = clauses(&view.text, 0)
                .into_iter()
                .map(|c| view.original(c))
                .collect();
            // Kept for the document, one list a sentence: none with room
            // to grow.
            found.shrink_to_fit();
            found
        })
    }

    /// The entity names in a sentence (the knowledge base's name index over
    /// its text alone, and the short forms of the document's unknown
    /// products), by position.
    pub fn names(&self, sentence: usize) -> &[Mention] {
        self.names[sentence].get_or_init(|| {
            let view = self.unwrapped(sentence);
            let short_forms = self
                .short_forms
                .get_or_init(|| crate::claim::names::short_forms(self.kb, self.text));
            let found = crate::claim::names::mentions(self.kb, &view.text);
            let mut found = crate::claim::names::with_short_forms(&view.text, found, short_forms);
            for m in &mut found {
                m.span = view.original(m.span.clone());
            }
            found.shrink_to_fit();
            found
        })
    }
}

/// A sentence's text with its line breaks unwrapped, and where each of its
/// bytes stands in the document.
struct Unwrapped<'a> {
    text: std::borrow::Cow<'a, str>,
    shift: usize,
    /// For a text that dropped breaks: the document offset of each byte of
    /// `text`, and of its end.
    offsets: Option<Vec<usize>>,
}

impl<'a> Unwrapped<'a> {
    fn new(local: &'a str, shift: usize) -> Unwrapped<'a> {
        if !local.contains(['\n', '\r', '\t']) {
            return Unwrapped {
                text: local.into(),
                shift,
                offsets: None,
            };
        }
        let chinese = |c: Option<char>| {
            c.is_some_and(|c| {
                ('\u{3000}'..='\u{9fff}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
            })
        };
        let mut text = String::with_capacity(local.len());
        let mut offsets = Vec::with_capacity(local.len() + 1);
        let mut chars = local.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if matches!(c, '\n' | '\r' | '\t') {
                let before = text.chars().next_back();
                let after = chars.peek().map(|&(_, c)| c);
                let joins_chinese =
                    c != '\t' && chinese(before) && (chinese(after) || after == Some('\n'));
                if !joins_chinese && !text.ends_with(' ') || c == '\t' {
                    text.push(' ');
                    offsets.push(shift + i);
                }
                continue;
            }
            text.push(c);
            offsets.extend((0..c.len_utf8()).map(|k| shift + i + k));
        }
        offsets.push(shift + local.len());
        Unwrapped {
            text: text.into(),
            shift,
            offsets: Some(offsets),
        }
    }

    /// A range of the unwrapped text as a range of the document.
    fn original(&self, r: Range<usize>) -> Range<usize> {
        match &self.offsets {
            None => r.start + self.shift..r.end + self.shift,
            Some(offsets) => {
                // The end is just after the last byte kept.
                let end = if r.end > r.start {
                    offsets[r.end - 1] + 1
                } else {
                    offsets[r.end]
                };
                offsets[r.start]..end
            }
        }
    }
}

fn unset<T>(count: usize) -> Vec<OnceLock<T>> {
    (0..count).map(|_| OnceLock::new()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::sentences_of;
    use crate::read::document::Document;

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
            let cues: Vec<(&str, &crate::claim::cues::Cue)> = facts
                .cues(i)
                .iter()
                .map(|f| (&text[f.span.clone()], &f.cue))
                .collect();
            let alone = Cues::builtin().find(local);
            let expected: Vec<(&str, &crate::claim::cues::Cue)> = alone
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
            facts.cues(i).iter().any(|f| {
                f.cue == crate::claim::cues::Cue::Total && &text[f.span.clone()] == "in total"
            })
        }));
    }
}
