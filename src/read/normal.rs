//! The normalised view of a document: its prose as the reader expects it,
//! with an [`OffsetMap`] back to the bytes as written.
//!
//! Two kinds of writing are rewritten, each only inside prose pieces, so
//! Markdown keeps the structure it parsed from the original:
//!
//! - Full-width forms (`４×１９２ＧＢ＝７６８ＧＢ`, `４．８　ＴＢ／ｓ`): digits,
//!   Latin letters, `＄ ％ ＋ － ＊ ／ ＝ ＜ ＞ ＾ ＠ ＃ ＆ ＿` and the
//!   ideographic space become their ASCII forms; `．` only as a decimal
//!   point (between digits) and `，` only as a thousands separator
//!   (`１２，８００`, full-width digits on both sides, groups of three). The
//!   punctuation Chinese prose is made of (`，：；（）！？～｜` elsewhere)
//!   stays as it is: sentences and clauses are cut at it.
//! - Math (`$…$`, `$$…$$`), through [`super::math`]: `$3 \times 10^{24}$`
//!   reads as `3 × 10^24`.
//!
//! The view is one string for the whole document: text outside prose is
//! copied unchanged, so every check reads the view as it would read a
//! document written that way, and the audit maps the spans of what it found
//! back to the original once ([`OffsetMap::span_to_original`]). A document
//! with nothing to rewrite, the common case, has no view at all: nothing is
//! copied and no map is built.

use std::ops::Range;

use crate::read::document::Document;
use crate::read::markdown::{Block, BlockKind};
use crate::read::offsets::{Belongs, OffsetMap};

/// A document as the pipeline reads it: the normalised text, its prose
/// blocks with spans into that text, and the map back to the original.
#[derive(Clone, Debug)]
pub struct View {
    pub document: Document,
    pub blocks: Vec<Block>,
    pub map: OffsetMap,
}

/// The normalised view of a document's prose blocks, or `None` when the
/// prose has nothing to rewrite (then the original is its own view).
pub fn view(document: &Document, blocks: &[Block]) -> Option<View> {
    let source = document.text.as_str();
    // The common case, looked at first and without allocating: prose with
    // no math and no full-width form in it is its own view.
    let rewrites = blocks
        .iter()
        .any(|b| !b.math.is_empty() || b.pieces.iter().any(|p| has_full_width(&source[p.clone()])));
    if !rewrites {
        return None;
    }
    // Prose pieces in document order, math among them.
    let mut pieces: Vec<(Range<usize>, bool)> = Vec::new();
    for block in blocks {
        let mut math = block.math.iter().peekable();
        for piece in &block.pieces {
            while math.next_if(|m| m.start < piece.start).is_some() {}
            let is_math = math.next_if(|m| *m == piece).is_some();
            pieces.push((piece.clone(), is_math));
        }
    }
    pieces.sort_by_key(|(r, _)| (r.start, r.end));
    let mut writer = Writer::new(source);
    let mut done = 0;
    for (piece, is_math) in pieces {
        if piece.start < done {
            continue;
        }
        if is_math {
            super::math::write(&mut writer, piece.clone());
        } else {
            full_width(&mut writer, piece.clone());
        }
        done = piece.end;
    }
    let (text, map) = writer.finish()?;
    let to_view = |r: &Range<usize>| map.span_to_view(r);
    let blocks = blocks
        .iter()
        .map(|b| Block {
            pieces: b.pieces.iter().map(to_view).collect(),
            breaks: b.breaks.iter().map(to_view).collect(),
            math: b.math.iter().map(to_view).collect(),
            kind: match &b.kind {
                BlockKind::Cell {
                    header,
                    row_label,
                    place,
                } => BlockKind::Cell {
                    header: header.as_ref().map(to_view),
                    row_label: row_label.as_ref().map(to_view),
                    place: *place,
                },
                kind => kind.clone(),
            },
            intro: b.intro,
            item: b.item,
        })
        .collect();
    Some(View {
        document: Document::new(document.path.clone(), text),
        blocks,
        map,
    })
}

/// A text with its full-width forms in ASCII, as `audit calc` reads an
/// expression: `４×１９２ＧＢ` is `4×192GB`.
pub fn ascii_forms(text: &str) -> std::borrow::Cow<'_, str> {
    let mut writer = Writer::new(text);
    full_width(&mut writer, 0..text.len());
    match writer.finish() {
        Some((plain, _)) => std::borrow::Cow::Owned(plain),
        None => std::borrow::Cow::Borrowed(text),
    }
}

/// Writes the view of a text as its stretches are rewritten, in order:
/// what is not rewritten is copied when the next rewrite comes, and
/// nothing at all is copied unless something is rewritten.
pub struct Writer<'a> {
    source: &'a str,
    out: String,
    copied: usize,
    changed: bool,
    map: OffsetMap,
}

impl<'a> Writer<'a> {
    pub fn new(source: &'a str) -> Writer<'a> {
        Writer {
            source,
            out: String::new(),
            copied: 0,
            changed: false,
            map: OffsetMap::default(),
        }
    }

    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Writes the original `range` as `with`. Ranges come in order and
    /// never overlap.
    pub fn write(&mut self, range: Range<usize>, with: &str, belongs: Belongs) {
        let original = &self.source[range.clone()];
        if original == with || range.start < self.copied {
            return;
        }
        self.out.push_str(&self.source[self.copied..range.start]);
        let view_at = self.out.len();
        self.out.push_str(with);
        self.copied = range.end;
        self.changed = true;
        // One byte for one byte keeps every offset; anything else is a
        // piece of the map.
        if with.len() != original.len() || with.len() > 1 {
            self.map
                .push(view_at, range.start, with.len(), original.len(), belongs);
        }
    }

    /// The view and its map, if anything was rewritten.
    pub fn finish(mut self) -> Option<(String, OffsetMap)> {
        if !self.changed {
            return None;
        }
        self.out.push_str(&self.source[self.copied..]);
        Some((self.out, self.map))
    }
}

/// The ASCII form of a full-width character that is rewritten wherever it
/// stands (not `．` and `，`, which depend on their neighbours).
pub fn ascii_of(c: char) -> Option<char> {
    match c {
        '\u{3000}' => Some(' '),
        '０'..='９'
        | 'Ａ'..='Ｚ'
        | 'ａ'..='ｚ'
        | '＄'
        | '％'
        | '＋'
        | '－'
        | '＊'
        | '／'
        | '＝'
        | '＜'
        | '＞'
        | '＾'
        | '＠'
        | '＃'
        | '＆'
        | '＿' => char::from_u32(c as u32 - 0xFEE0),
        _ => None,
    }
}

fn is_full_width_digit(c: char) -> bool {
    ('０'..='９').contains(&c)
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || is_full_width_digit(c)
}

/// Whether a text has a full-width form to rewrite (a `，` or `．` to
/// rewrite stands beside a full-width digit, or a digit, or both).
fn has_full_width(text: &str) -> bool {
    text.contains(|c: char| ascii_of(c).is_some() || c == '．')
}

/// Rewrites the full-width forms of a stretch of prose.
pub fn full_width(writer: &mut Writer, range: Range<usize>) {
    let text = &writer.source()[range.clone()];
    // Only a stretch with a full-width form in it is looked at closely.
    if !has_full_width(text) {
        return;
    }
    let mut buf = [0u8; 4];
    // Where the last run of full-width digits and commas ends, and whether
    // its commas group thousands.
    let mut chain = (0, false);
    let mut previous: Option<char> = None;
    for (i, c) in text.char_indices() {
        let at = range.start + i;
        let next = text[i + c.len_utf8()..].chars().next();
        let ascii = match c {
            '．' if previous.is_some_and(is_digit) && next.is_some_and(is_digit) => Some('.'),
            '，' if i < chain.0 && chain.1 => Some(','),
            _ => ascii_of(c),
        };
        if is_full_width_digit(c) && i >= chain.0 {
            chain = thousands_chain(text, i, previous);
        }
        if let Some(a) = ascii {
            writer.write(
                at..at + c.len_utf8(),
                a.encode_utf8(&mut buf),
                Belongs::After,
            );
        }
        previous = Some(c);
    }
}

/// The run of full-width digits and commas that starts at `start`
/// (`１２，８００，０００`): where it ends, and whether its commas are
/// thousands separators: two groups or more, the first of one to three
/// digits, every other of three, and no other digit, decimal point or
/// comma-and-digit around it that would make it part of a list.
fn thousands_chain(text: &str, start: usize, before: Option<char>) -> (usize, bool) {
    let mut groups: Vec<usize> = vec![0];
    let mut end = start;
    let mut chars = text[start..].char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if is_full_width_digit(c) {
            if let Some(g) = groups.last_mut() {
                *g += 1;
            }
            end = start + i + c.len_utf8();
        } else if c == '，' && chars.peek().is_some_and(|(_, n)| is_full_width_digit(*n)) {
            groups.push(0);
        } else {
            break;
        }
        if groups.len() > 64 {
            // No number has that many groups; a longer run is a list.
            return (end, false);
        }
    }
    let after = text[end..].chars().next();
    let after_next = text[end..].chars().nth(1);
    let list_after = matches!(after, Some(',' | '，' | '、')) && after_next.is_some_and(is_digit);
    let grouped = groups.len() >= 2
        && (1..=3).contains(&groups[0])
        && groups[1..].iter().all(|&g| g == 3)
        && !before.is_some_and(|b| is_digit(b) || matches!(b, '.' | '．' | ',' | '，' | '、'))
        && !after.is_some_and(|a| a.is_ascii_digit())
        && !list_after;
    (end, grouped)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::markdown::prose_blocks;
    use crate::read::offsets::Side;

    /// The view of a text that is all prose.
    fn rewrite(text: &str) -> (String, OffsetMap) {
        let mut writer = Writer::new(text);
        full_width(&mut writer, 0..text.len());
        writer
            .finish()
            .unwrap_or_else(|| (text.to_string(), OffsetMap::default()))
    }

    #[test]
    fn full_width_digits_letters_and_signs_read_as_ascii() {
        let (view, map) = rewrite("４×１９２ＧＢ＝７６８ＧＢ");
        assert_eq!(view, "4×192GB=768GB");
        // Two runs: "４", then "１９２ＧＢ＝７６８ＧＢ" after the "×".
        assert_eq!(map.runs(), 2);
        assert_eq!(rewrite("４．８　ＴＢ／ｓ").0, "4.8 TB/s");
        assert_eq!(rewrite("９５％，＄２．５").0, "95%，$2.5");
        assert_eq!(rewrite("ＧＰＵ－ｈｏｕｒｓ").0, "GPU-hours");
    }

    #[test]
    fn a_full_width_stop_is_a_decimal_point_only_between_digits() {
        assert_eq!(rewrite("４．８").0, "4.8");
        assert_eq!(rewrite("4．8").0, "4.8");
        // A sentence's full stop stays one.
        assert_eq!(rewrite("共７６８ＧＢ．下一句").0, "共768GB．下一句");
        assert_eq!(rewrite("第４．").0, "第4．");
    }

    #[test]
    fn a_full_width_comma_groups_thousands_only_where_it_clearly_does() {
        assert_eq!(rewrite("１２，８００张").0, "12,800张");
        assert_eq!(rewrite("１，２３４，５６７．５").0, "1,234,567.5");
        // Lists and clauses keep their commas.
        assert_eq!(rewrite("８，１６，３２").0, "8，16，32");
        assert_eq!(rewrite("分别为２，０４８，１６").0, "分别为2，048，16");
        assert_eq!(rewrite("１，２３４５").0, "1，2345");
        assert_eq!(rewrite("共１２８，之后").0, "共128，之后");
        // ASCII digits beside it: not clearly a separator.
        assert_eq!(rewrite("1，000").0, "1，000");
        // Chinese punctuation elsewhere is left alone.
        assert_eq!(
            rewrite("显存（８０ＧＢ）：够用！").0,
            "显存（80GB）：够用！"
        );
    }

    #[test]
    fn nothing_to_rewrite_builds_nothing() {
        let text = "8 × 80 GB = 640 GB，中文。";
        let mut writer = Writer::new(text);
        full_width(&mut writer, 0..text.len());
        assert!(writer.finish().is_none());
        let doc = Document::new("a.md", "中文，8 × 80 GB = 640 GB。\n".into());
        assert!(view(&doc, &prose_blocks(&doc.text)).is_none());
    }

    #[test]
    fn spans_in_the_view_map_back_to_the_written_figure() {
        let text = "显存 ４×１９２ＧＢ＝７６８ＧＢ。";
        let (view, map) = rewrite(text);
        let figure = view.find("768GB").unwrap();
        let span = map.span_to_original(&(figure..figure + "768GB".len()));
        assert_eq!(&text[span], "７６８ＧＢ");
        let start = map.to_original(view.find('4').unwrap(), Side::Start);
        assert_eq!(&text[start..start + 3], "４");
    }

    #[test]
    fn the_view_of_a_document_rewrites_prose_only() {
        let md =
            "# ４×８０ＧＢ\n\n`４×８０ＧＢ` and ４×８０ＧＢ＝３２０ＧＢ.\n\n```\n８０ＧＢ\n```\n";
        let doc = Document::new("a.md", md.into());
        let blocks = prose_blocks(md);
        let v = view(&doc, &blocks).unwrap();
        assert_eq!(
            v.document.text,
            "# 4×80GB\n\n`４×８０ＧＢ` and 4×80GB=320GB.\n\n```\n８０ＧＢ\n```\n"
        );
        for (b, o) in v.blocks.iter().zip(&blocks) {
            for (p, q) in b.pieces.iter().zip(&o.pieces) {
                assert_eq!(v.map.span_to_original(p), *q);
            }
        }
        assert_eq!(&v.document.text[v.blocks[1].span()], " and 4×80GB=320GB.");
    }
}
