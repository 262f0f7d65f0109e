//! Sentences and clauses, for English and Chinese, as byte ranges.
//!
//! A block's prose is first laid over its span with everything that is not
//! prose (markup, inline code) blanked, so offsets stay those of the file.
//! Sentences end at 。！？；!?; and at a period followed by a space or the end
//! (not a decimal point, not "e.g."); clauses also end at ，、,:：.

use std::ops::Range;

use crate::markdown::Block;
use crate::quantity::Token;

/// A sentence with its tokens, the unit the checks read.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    pub span: Range<usize>,
    pub tokens: Vec<Token>,
    /// The index of its prose block: sentences of one paragraph or table
    /// cell share it.
    pub block: usize,
}

/// The block's span with non-prose bytes blanked: markup becomes spaces,
/// inline code and HTML become `|`, which ends a calculation. The string has
/// the span's exact byte length, so offsets carry over.
pub fn prose_view(source: &str, block: &Block) -> (usize, String) {
    let span = block.span();
    let mut bytes = vec![b' '; span.len()];
    for piece in &block.pieces {
        bytes[piece.start - span.start..piece.end - span.start]
            .copy_from_slice(&source.as_bytes()[piece.clone()]);
    }
    for code in &block.breaks {
        if code.start >= span.start && code.end <= span.end && code.start < code.end {
            bytes[code.start - span.start] = b'|';
        }
    }
    // Pieces start and end on character boundaries; blanks are ASCII.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (span.start, text)
}

fn ends_sentence(text: &str, i: usize, c: char) -> bool {
    match c {
        '。' | '！' | '？' | '；' | '!' | '?' | ';' | '\n' => true,
        '.' => {
            let next = text[i + 1..].chars().next();
            let prev_word: String = text[..i]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphabetic())
                .collect();
            let abbreviation = matches!(
                prev_word.as_str(),
                "g" | "e" | "i" | "vs" | "etc" | "approx" | "al" | "Fig" | "gif" | "No" | "no"
            );
            !abbreviation && next.is_none_or(|n| n.is_whitespace())
        }
        _ => false,
    }
}

/// Clause punctuation, but not the separators inside a number: "37,888"
/// and "4:20" are one clause.
fn ends_clause(text: &str, i: usize, c: char) -> bool {
    let digit_on_both_sides = || {
        text[..i].ends_with(|p: char| p.is_ascii_digit())
            && text[i + c.len_utf8()..].starts_with(|n: char| n.is_ascii_digit())
    };
    match c {
        ',' | ':' => !digit_on_both_sides(),
        '，' | '、' | '：' | '—' => true,
        _ => false,
    }
}

fn split(text: &str, offset: usize, cut: impl Fn(&str, usize, char) -> bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if cut(text, i, c) {
            let end = i + c.len_utf8();
            push_trimmed(text, start..end, offset, &mut out);
            start = end;
        }
    }
    push_trimmed(text, start..text.len(), offset, &mut out);
    out
}

fn push_trimmed(text: &str, range: Range<usize>, offset: usize, out: &mut Vec<Range<usize>>) {
    let piece = &text[range.clone()];
    let lead = piece.len() - piece.trim_start().len();
    let trail = piece.len() - piece.trim_end().len();
    if lead + trail < piece.len() {
        out.push(offset + range.start + lead..offset + range.end - trail);
    }
}

/// Sentence ranges of `text`, shifted by `offset`.
pub fn sentences(text: &str, offset: usize) -> Vec<Range<usize>> {
    split(text, offset, ends_sentence)
}

/// Clause ranges of `text`, shifted by `offset`.
pub fn clauses(text: &str, offset: usize) -> Vec<Range<usize>> {
    split(text, offset, |t, i, c| {
        ends_sentence(t, i, c) || ends_clause(t, i, c)
    })
}

/// The last `n` characters of a text, as a slice of it: what stands just
/// before a figure.
pub fn last_chars(text: &str, n: usize) -> &str {
    let start = text
        .char_indices()
        .rev()
        .nth(n.saturating_sub(1))
        .map_or(0, |(i, _)| i);
    if n == 0 { "" } else { &text[start..] }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::prose_blocks;

    fn cut(text: &str, f: fn(&str, usize) -> Vec<Range<usize>>) -> Vec<&str> {
        f(text, 0).into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn english_sentences_keep_decimals() {
        assert_eq!(
            cut("It has 3.35 TB/s. That is fast! Is it? e.g. yes", sentences),
            vec!["It has 3.35 TB/s.", "That is fast!", "Is it?", "e.g. yes"]
        );
    }

    #[test]
    fn last_chars_counts_characters() {
        assert_eq!(last_chars("比 H100 的 700W", 6), "的 700W");
        assert_eq!(last_chars("ab", 5), "ab");
        assert_eq!(last_chars("ab", 0), "");
    }

    #[test]
    fn chinese_sentences_and_clauses() {
        let text = "两万亿参数，每参数十六字节；合计 32 TB。下一句！";
        assert_eq!(
            cut(text, sentences),
            vec!["两万亿参数，每参数十六字节；", "合计 32 TB。", "下一句！"]
        );
        assert_eq!(cut("甲，乙、丙。", clauses), vec!["甲，", "乙、", "丙。"]);
    }

    #[test]
    fn number_separators_do_not_end_clauses() {
        assert_eq!(
            cut("Frontier has 37,888 GPUs, at 4:20", clauses),
            vec!["Frontier has 37,888 GPUs,", "at 4:20"]
        );
    }

    #[test]
    fn prose_view_blanks_markup_and_marks_code() {
        let md = "Take **8 × 40 GB** and `x = 1` now.\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(offset, 0);
        assert_eq!(view, "Take   8 × 40 GB   and |       now.");
        assert_eq!(view.len(), block.span().len());
    }
}
