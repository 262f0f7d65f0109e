//! Sentences and clauses, for English and Chinese, as byte ranges.
//!
//! A block's prose is first laid over its span with everything that is not
//! prose (markup, inline code) blanked, so offsets stay those of the file.
//! Sentences end at 。！？；!?; and at a period followed by a space or the end
//! (not a decimal point, not "e.g."); clauses also end at ，、,:：.
//!
//! A sentence longer than [`LONGEST_SENTENCE`] bytes (a pasted line of
//! thousands of calculations joined by commas, a list run together) is cut
//! at the clause ends after each such stretch, or at a space where a clause
//! runs on. The checks read each figure against the rest of its sentence,
//! so a sentence of unbounded length made their work grow with its square
//! or cube; no sentence a person writes comes near the limit.

use std::ops::Range;

use crate::number::quantity::Token;
use crate::read::markdown::Block;

/// A sentence with its tokens, the unit the checks read.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    pub span: Range<usize>,
    pub tokens: Vec<Token>,
    /// The index of its prose block: sentences of one paragraph or table
    /// cell share it.
    pub block: usize,
}

impl Sentence {
    /// The tokens that start at `from` or after. Tokens are in order and
    /// apart, so those near a figure are found by binary search, not by
    /// reading every token of a sentence for each of its figures (a
    /// sentence of 2 KB of calculations has hundreds).
    pub fn tokens_from(&self, from: usize) -> &[Token] {
        &self.tokens[self.tokens.partition_point(|t| t.span().start < from)..]
    }

    /// The tokens that end at `to` or before.
    pub fn tokens_to(&self, to: usize) -> &[Token] {
        &self.tokens[..self.tokens.partition_point(|t| t.span().end <= to)]
    }
}

/// The clause that holds byte `at`, of clauses in order and apart (those
/// of [`clauses`]), found by binary search.
pub fn clause_at(clauses: &[Range<usize>], at: usize) -> Option<&Range<usize>> {
    clauses[..clauses.partition_point(|c| c.start <= at)]
        .last()
        .filter(|c| at < c.end)
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
    // A line that ends on a figure and the next that opens with Chinese or
    // another figure are two statements, though no punctuation parts them
    // ("内存容量是 H100 的 2.4 倍⏎内存带宽是 H100 的 1.6 倍", a table flattened
    // to a cell a line: "80GB⏎1.9x⏎6x longer"); a line wrapped inside a
    // phrase ("FP8 稠密⏎算力是 1,979 TFLOPS", "the FP8⏎dense figure") keeps
    // its sentence.
    let source_span = &source[span.clone()];
    for (at, _) in source_span.match_indices('\n') {
        let line = source_span[..at].trim_end_matches([' ', '\t', '\r']);
        let after = source_span[at + 1..]
            .trim_start_matches([' ', '\t'])
            .chars()
            .next();
        let opens_a_statement = after.is_some_and(|c| is_han(c) || c.is_ascii_digit());
        // "FP8: 3.94 PFLOPS⏎FP16/BF16: 1.97 PFLOPS": two lines of a spec
        // list, each a label and its figure.
        let this_line = &line[line.rfind('\n').map_or(0, |i| i + 1)..];
        let next_line = source_span[at + 1..].lines().next().unwrap_or("");
        let spec_lines = labels_a_figure(this_line) && labels_a_figure(next_line);
        if bytes[at] == b' ' && (ends_on_a_figure(line) && opens_a_statement || spec_lines) {
            bytes[at] = b'\n';
        }
    }
    // A line of prose with two or more pipes is a table row Markdown did
    // not take for one (no blank line before it, no delimiter row): each
    // cell is a statement of its own, as in a table.
    let mut line_start = 0;
    for line in source_span.split_inclusive('\n') {
        let pipes: Vec<usize> = line
            .match_indices('|')
            .map(|(i, _)| line_start + i)
            .filter(|&at| bytes[at] == b'|')
            .collect();
        if pipes.len() >= 2 {
            for at in pipes {
                bytes[at] = b'\n';
            }
        }
        line_start += line.len();
    }
    // Pieces start and end on character boundaries; blanks are ASCII.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (span.start, text)
}

/// Whether a line is a label and the figure it labels ("FP16/BF16: 1.97
/// PFLOPS", "Memory bandwidth: 4.8 TB/s"): an item of a spec list, each
/// line a statement of its own.
fn labels_a_figure(line: &str) -> bool {
    let Some((label, value)) = line.split_once([':', '：']) else {
        return false;
    };
    let label = label.trim();
    !label.is_empty()
        && at_most_chars(label, 40)
        && !label.contains(['.', '。', ',', '，'])
        && value
            .trim_start()
            .trim_start_matches(['~', '≈', '约', '約'])
            .starts_with(|c: char| c.is_ascii_digit())
}

/// Whether a line ends on a figure: a number with at most a short unit
/// after it ("2.4 倍", "80 GB", "95%"), not a name's digits ("FP8", "H100").
fn ends_on_a_figure(line: &str) -> bool {
    let Some(end) = line.rfind(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let unit = line[end + 1..].trim();
    let number_start = line[..=end]
        .trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ',')
        .len();
    let before_number = line[..number_start].chars().next_back();
    unit.chars().count() <= 4
        && unit.chars().all(|c| c.is_alphabetic() || "%/×".contains(c))
        && before_number.is_none_or(|c| !c.is_alphabetic() || is_han(c))
}

/// A Han character, the script Chinese prose is written in.
fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}')
}

fn ends_sentence(text: &str, i: usize, c: char) -> bool {
    match c {
        '。' | '！' | '？' | '；' | '!' | '?' | ';' | '\n' => true,
        '.' => {
            let next = text[i + 1..].chars().next();
            let word_start = text[..i]
                .char_indices()
                .rev()
                .take_while(|(_, c)| c.is_ascii_alphabetic())
                .last()
                .map_or(i, |(at, _)| at);
            // "No. 5" numbers; "…, say no. 5 GPUs …" is rare enough.
            let numbered = text[i + 1..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit());
            let abbreviation = match &text[word_start..i] {
                "g" | "e" | "i" | "vs" | "approx" | "al" | "Fig" => true,
                "No" | "no" => numbered,
                _ => false,
            };
            // "a 4.5x improvement.There are": a page run together when it
            // was scraped still ends its sentence where a word begins anew.
            let glued_word = {
                let mut after = text[i + 1..].chars();
                text[..i].ends_with(|p: char| p.is_ascii_lowercase())
                    && after.next().is_some_and(|c| c.is_ascii_uppercase())
                    && after.next().is_some_and(|c| c.is_ascii_lowercase())
            };
            !abbreviation && (next.is_none_or(|n| n.is_whitespace()) || glued_word)
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
    // "CUDA 核心 5,120 个但 Tensor Core 640 个": 但 ("but") opens a clause
    // of its own, as a comma would; "不但" ("not only") does not, nor a 但
    // inside brackets ("待机（载着但没人用）120W"), which qualifies what
    // stands before them.
    let but_follows =
        c != '不' && text[i + c.len_utf8()..].starts_with('但') && !inside_brackets(&text[..i]);
    match c {
        ',' | ':' => !digit_on_both_sides(),
        '，' | '、' | '：' | '—' => true,
        _ => but_follows,
    }
}

/// Whether a bracket is open at the end of `text`.
pub fn inside_brackets(text: &str) -> bool {
    let opened = text.matches(['(', '（']).count();
    let closed = text.matches([')', '）']).count();
    opened > closed
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

/// The longest sentence, in bytes, before it is cut at a clause end: some
/// ten times the longest a person writes.
pub const LONGEST_SENTENCE: usize = 2048;

/// Sentence ranges of `text`, shifted by `offset`, none much longer than
/// [`LONGEST_SENTENCE`].
pub fn sentences(text: &str, offset: usize) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for sentence in split(text, offset, ends_sentence) {
        if sentence.len() <= LONGEST_SENTENCE {
            out.push(sentence);
        } else {
            cut_long(text, sentence, offset, &mut out);
        }
    }
    out
}

/// Cuts a long sentence into stretches of at least [`LONGEST_SENTENCE`]
/// bytes, each ending at a clause end, or at a space when no clause ends
/// within twice the limit.
fn cut_long(text: &str, sentence: Range<usize>, offset: usize, out: &mut Vec<Range<usize>>) {
    let local = sentence.start - offset..sentence.end - offset;
    let mut start = local.start;
    let mut last_space = None;
    for (i, c) in text[local.clone()].char_indices() {
        let i = local.start + i;
        let end = i + c.len_utf8();
        let long = i - start >= LONGEST_SENTENCE;
        if c == ' ' {
            last_space = Some(end);
        }
        let cut = if long && ends_clause(text, i, c) {
            Some(end)
        } else if i - start >= 2 * LONGEST_SENTENCE {
            last_space.filter(|&s| s > start)
        } else {
            None
        };
        if let Some(end) = cut {
            push_trimmed(text, start..end, offset, out);
            start = end;
        }
    }
    push_trimmed(text, start..local.end, offset, out);
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

/// The first `n` characters of a text, as a slice of it: what stands just
/// after a figure.
pub fn first_chars(text: &str, n: usize) -> &str {
    let end = text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    &text[..end]
}

/// Whether a text has at most `n` characters, read no further than the
/// `n + 1`th: the gap between two figures is measured for every pair of
/// them, and a sentence may be long.
pub fn at_most_chars(text: &str, n: usize) -> bool {
    text.chars().nth(n).is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::markdown::prose_blocks;

    fn cut(text: &str, f: fn(&str, usize) -> Vec<Range<usize>>) -> Vec<&str> {
        f(text, 0).into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn a_long_sentence_is_cut_at_clause_ends() {
        let calculation = "8 × 80 GB = 640 GB";
        let line = vec![calculation; 1000].join("，");
        let pieces = cut(&line, sentences);
        assert!(pieces.len() > 1);
        assert!(pieces.iter().all(|s| s.len() <= LONGEST_SENTENCE + 64));
        assert_eq!(pieces.concat(), line);
        assert!(
            pieces
                .iter()
                .all(|s| s.starts_with(calculation) && s.ends_with(['，', 'B']))
        );
        // No clause end at all: cut at a space.
        let words = vec!["word"; 2000].join(" ");
        let pieces = cut(&words, sentences);
        assert!(pieces.len() > 1);
        assert!(pieces.iter().all(|s| s.len() <= 2 * LONGEST_SENTENCE + 8));
        assert_eq!(pieces.join(" "), words);
    }

    #[test]
    fn english_sentences_keep_decimals() {
        assert_eq!(
            cut("It has 3.35 TB/s. That is fast! Is it? e.g. yes", sentences),
            vec!["It has 3.35 TB/s.", "That is fast!", "Is it?", "e.g. yes"]
        );
        // Abbreviations end no sentence.
        assert_eq!(
            cut(
                "About 989 vs. 312 TFLOPS, see Fig. 3 and No. 7. Done.",
                sentences
            ),
            vec!["About 989 vs. 312 TFLOPS, see Fig. 3 and No. 7.", "Done."]
        );
    }

    #[test]
    fn last_chars_counts_characters() {
        assert_eq!(last_chars("比 H100 的 700W", 6), "的 700W");
        assert_eq!(last_chars("ab", 5), "ab");
        assert_eq!(last_chars("ab", 0), "");
        assert_eq!(first_chars("合计 640 GB", 4), "合计 6");
        assert_eq!(first_chars("ab", 5), "ab");
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

    #[test]
    fn a_line_ending_on_a_figure_before_chinese_ends_a_sentence() {
        let md = "内存容量是 H100 的 2.4 倍\n内存带宽是 H100 的 1.6 倍\nthe FP8\ndense figure 是 2 字节，\n即每 token 2 字节\n80GB\n6x longer\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(
            sentences(&view, offset)
                .into_iter()
                .map(|r| &md[r])
                .collect::<Vec<_>>(),
            // A break beside a Latin word keeps the sentence, as wrapped
            // English lines do, and so does a line ending on a comma.
            vec![
                "内存容量是 H100 的 2.4 倍",
                "内存带宽是 H100 的 1.6 倍\nthe FP8\ndense figure 是 2 字节，\n即每 token 2 字节",
                "80GB",
                "6x longer"
            ]
        );
    }

    #[test]
    fn a_sentence_run_into_the_next_word_still_ends() {
        let md = "Bandwidth rose to 7.2 TB/s, a 4.5x improvement.There are other ways. See Node.js and U.S.A today.\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(
            sentences(&view, offset)
                .into_iter()
                .map(|r| &md[r])
                .collect::<Vec<_>>(),
            vec![
                "Bandwidth rose to 7.2 TB/s, a 4.5x improvement.",
                "There are other ways.",
                "See Node.js and U.S.A today."
            ]
        );
    }

    #[test]
    fn lines_of_a_spec_list_are_statements() {
        let md = "Per card:\nFP8 (training): 3.9 PFLOPS\nFP16/BF16: 1.9 PFLOPS\nINT8: 3.9 POPS\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(
            sentences(&view, offset)
                .into_iter()
                .map(|r| &md[r])
                .collect::<Vec<_>>(),
            vec![
                "Per card:\nFP8 (training): 3.9 PFLOPS",
                "FP16/BF16: 1.9 PFLOPS",
                "INT8: 3.9 POPS"
            ]
        );
        // Wrapped prose with a colon stays one sentence.
        let md =
            "The card has two figures of note: 80 GB\nof memory and a bandwidth of 3.35 TB/s.\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(sentences(&view, offset).len(), 1);
    }

    #[test]
    fn cells_of_a_table_markdown_did_not_read_are_statements() {
        let md = "各版本的需求如下:\n模型 | 配置 | 显存需求\n70B | 4×A100 80GB | 140GB\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        let found: Vec<&str> = sentences(&view, offset)
            .into_iter()
            .map(|r| md[r].trim())
            .collect();
        assert!(
            found.contains(&"4×A100 80GB") && found.contains(&"140GB"),
            "{found:?}"
        );
        // One pipe in a sentence is prose.
        let md = "Throughput | latency trade-offs matter at 80 GB.\n";
        let block = &prose_blocks(md)[0];
        let (offset, view) = prose_view(md, block);
        assert_eq!(sentences(&view, offset).len(), 1);
    }

    #[test]
    fn but_opens_a_clause_outside_brackets() {
        assert_eq!(
            cut("核心 5,120 个但张量核心 640 个", clauses),
            vec!["核心 5,120 个", "但张量核心 640 个"]
        );
        assert_eq!(cut("不但快而且省", clauses), vec!["不但快而且省"]);
        assert_eq!(
            cut("待机（载着但没人用）120W", clauses),
            vec!["待机（载着但没人用）120W"]
        );
    }
}
