//! Markdown to prose blocks with byte spans.
//!
//! pulldown-cmark's offset iterator gives every text event its range in the
//! file, so spans stay byte offsets into the original bytes all the way to the
//! report. Code (fenced, indented, inline), HTML, front matter and link
//! destinations never become prose. A table cell is a block of its own that
//! remembers the header of its column and the first cell of its row.

use std::ops::Range;

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

/// A run of prose: a paragraph, heading, list item, quote or table cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Pieces of text in document order, each a byte range of the file.
    /// Inline code and markup between them are left out.
    pub pieces: Vec<Range<usize>>,
    /// Inline code and inline HTML inside the block: they end a sentence's
    /// calculation the way a word would.
    pub breaks: Vec<Range<usize>>,
    /// The pieces that are math (`$…$`, `$$…$$` with their dollar signs),
    /// in order: the view ([`super::normal`]) reads them as plain text.
    pub math: Vec<Range<usize>>,
    pub kind: BlockKind,
    /// For a list item, the block that introduces its list: the one right
    /// before the list when it ends with a colon ("The MI325X has:"). Its
    /// subject is the items' subject.
    pub intro: Option<usize>,
    /// For a list item's text, which item of which list it is: items of
    /// one list are parallel cases ("1. 企业 A …", "2. 企业 B …").
    pub item: Option<ListItem>,
}

/// One item of one list: the list's number in the document, in the order
/// lists open, and the item's in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListItem {
    pub list: usize,
    pub index: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BlockKind {
    Paragraph,
    Heading,
    /// A table cell, with the byte ranges of its column header and of the
    /// first cell of its row (none for the header row and first column),
    /// and where it sits: which table of the document, which row (0 is the
    /// header row) and which column.
    Cell {
        header: Option<Range<usize>>,
        row_label: Option<Range<usize>>,
        place: CellPlace,
    },
}

/// Where a cell sits in the document's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellPlace {
    pub table: usize,
    pub row: usize,
    pub column: usize,
}

impl Block {
    pub fn span(&self) -> Range<usize> {
        let start = self.pieces.first().map_or(0, |p| p.start);
        let end = self.pieces.last().map_or(0, |p| p.end);
        start..end
    }
}

/// The Markdown extensions Recount reads (and the HTML report renders):
/// tables, footnotes, strikethrough, YAML front matter and math. Public so
/// the reports and the benchmark parse exactly as the audit does.
pub fn parser_options() -> Options {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES);
    options.insert(Options::ENABLE_FOOTNOTES);
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_YAML_STYLE_METADATA_BLOCKS);
    options.insert(Options::ENABLE_MATH);
    options
}

/// The prose blocks of a Markdown document.
pub fn prose_blocks(source: &str) -> Vec<Block> {
    let options = parser_options();
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    let mut skip_depth = 0usize; // inside code blocks, metadata, images
    let mut header_cells: Vec<Range<usize>> = Vec::new();
    let mut in_head = false;
    let mut column = 0usize;
    let mut row_first: Option<Range<usize>> = None;
    let mut table = 0usize;
    let mut row = 0usize;
    // For each open list, the block that introduces it, if any.
    let mut intros: Vec<Option<usize>> = Vec::new();
    // The open lists, innermost last, each with its item under way.
    let mut items: Vec<ListItem> = Vec::new();
    let mut lists = 0usize;

    // Every block is kept to the end of the document (a table of 100,000
    // rows has 300,000), so none with room to grow.
    let flush = |current: &mut Option<Block>, blocks: &mut Vec<Block>| {
        if let Some(mut b) = current.take()
            && !b.pieces.is_empty()
        {
            b.pieces.shrink_to_fit();
            b.breaks.shrink_to_fit();
            b.math.shrink_to_fit();
            blocks.push(b);
        }
    };

    for (event, range) in Parser::new_ext(source, options).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::MetadataBlock(_) | Tag::HtmlBlock) => {
                skip_depth += 1;
            }
            Event::End(TagEnd::CodeBlock | TagEnd::MetadataBlock(_) | TagEnd::HtmlBlock) => {
                skip_depth = skip_depth.saturating_sub(1);
            }
            Event::Start(tag @ (Tag::Paragraph | Tag::Item)) => {
                if matches!(tag, Tag::Item)
                    && let Some(item) = items.last_mut()
                {
                    item.index += 1;
                }
                // A list item's text without a paragraph ("- a") starts a
                // block of its own; a nested paragraph flushes it.
                flush(&mut current, &mut blocks);
                current = Some(Block {
                    pieces: Vec::new(),
                    breaks: Vec::new(),
                    math: Vec::new(),
                    kind: BlockKind::Paragraph,
                    intro: intros.last().copied().flatten(),
                    item: items.last().copied(),
                });
            }
            Event::Start(Tag::List(_)) => {
                flush(&mut current, &mut blocks);
                let introduces = blocks
                    .last()
                    .and_then(|b: &Block| b.pieces.last())
                    .is_some_and(|r| source[r.clone()].trim_end().ends_with([':', '：']));
                intros.push(introduces.then(|| blocks.len() - 1));
                items.push(ListItem {
                    list: lists,
                    index: 0,
                });
                lists += 1;
            }
            Event::End(TagEnd::List(_)) => {
                intros.pop();
                items.pop();
            }
            Event::Start(Tag::Heading { .. }) => {
                flush(&mut current, &mut blocks);
                current = Some(Block {
                    pieces: Vec::new(),
                    breaks: Vec::new(),
                    math: Vec::new(),
                    kind: BlockKind::Heading,
                    intro: None,
                    item: None,
                });
            }
            Event::End(TagEnd::Paragraph | TagEnd::Heading(_) | TagEnd::Item) => {
                flush(&mut current, &mut blocks);
            }
            Event::Start(Tag::Table(_)) => {
                table += 1;
                row = 0;
            }
            Event::Start(Tag::TableHead) => {
                in_head = true;
                header_cells.clear();
                column = 0;
            }
            Event::End(TagEnd::TableHead) => in_head = false,
            Event::Start(Tag::TableRow) => {
                row += 1;
                column = 0;
                row_first = None;
            }
            Event::Start(Tag::TableCell) => {
                flush(&mut current, &mut blocks);
                let header = if in_head {
                    None
                } else {
                    header_cells.get(column).cloned()
                };
                let row_label = if in_head || column == 0 {
                    None
                } else {
                    row_first.clone()
                };
                current = Some(Block {
                    pieces: Vec::new(),
                    breaks: Vec::new(),
                    math: Vec::new(),
                    kind: BlockKind::Cell {
                        header,
                        row_label,
                        place: CellPlace {
                            table: table - 1,
                            row,
                            column,
                        },
                    },
                    intro: None,
                    item: None,
                });
            }
            Event::End(TagEnd::TableCell) => {
                if let Some(b) = &current {
                    let span = b.span();
                    if in_head {
                        header_cells.push(span.clone());
                    } else if column == 0 {
                        row_first = Some(span.clone());
                    }
                }
                flush(&mut current, &mut blocks);
                column += 1;
            }
            Event::Start(Tag::Image { .. }) => skip_depth += 1,
            Event::End(TagEnd::Image) => skip_depth = skip_depth.saturating_sub(1),
            Event::Text(_) if skip_depth == 0 => {
                let block = current.get_or_insert_with(|| Block {
                    pieces: Vec::new(),
                    breaks: Vec::new(),
                    math: Vec::new(),
                    kind: BlockKind::Paragraph,
                    intro: intros.last().copied().flatten(),
                    item: items.last().copied(),
                });
                // Escapes and entities make text events shorter than their
                // range; take the range only when it is the text itself.
                block.pieces.push(range);
            }
            Event::InlineMath(content) | Event::DisplayMath(content) if skip_depth == 0 => {
                let block = current.get_or_insert_with(|| Block {
                    pieces: Vec::new(),
                    breaks: Vec::new(),
                    math: Vec::new(),
                    kind: BlockKind::Paragraph,
                    intro: intros.last().copied().flatten(),
                    item: items.last().copied(),
                });
                // Math is prose as the view rewrites it; money between two
                // dollar signs ("$5-$10") is prose as written, without the
                // emphasis the parser did not read inside it. A closing
                // dollar sign right before a digit opens an amount.
                let amount_after = source[range.end..].starts_with(|c: char| c.is_ascii_digit());
                if !amount_after && crate::read::math::looks_like_math(&content) {
                    block.math.push(range.clone());
                    block.pieces.push(range);
                } else {
                    block.pieces.extend(unparsed_prose(source, range));
                }
            }
            Event::Code(_) | Event::InlineHtml(_) if skip_depth == 0 => {
                if let Some(block) = current.as_mut() {
                    block.breaks.push(range);
                }
            }
            _ => {}
        }
    }
    flush(&mut current, &mut blocks);
    blocks.shrink_to_fit();
    blocks
}

/// The prose of a stretch the parser left unparsed (a `$…$` span that is
/// not math): its text without the emphasis and strikethrough marks in it,
/// as the parser would have read them. A `*` or `_` with spaces on both
/// sides is an operator or a word; a `_` inside a word is part of it.
fn unparsed_prose(source: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let text = &source[range.clone()];
    let bytes = text.as_bytes();
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !matches!(b, b'*' | b'_' | b'~') {
            i += 1;
            continue;
        }
        let end = i + bytes[i..].iter().take_while(|&&c| c == b).count();
        let before = text[..i].chars().next_back();
        let after = text[end..].chars().next();
        let spaced = |c: Option<char>| c.is_some_and(char::is_whitespace);
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        let mark = match b {
            b'~' => end - i == 2,
            b'_' => !((spaced(before) && spaced(after)) || (word(before) && word(after))),
            _ => !(spaced(before) && spaced(after)),
        };
        if mark {
            if start < i {
                pieces.push(range.start + start..range.start + i);
            }
            start = end;
        }
        i = end;
    }
    if start < text.len() {
        pieces.push(range.start + start..range.end);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(source: &str) -> Vec<String> {
        prose_blocks(source)
            .iter()
            .map(|b| {
                b.pieces
                    .iter()
                    .map(|p| &source[p.clone()])
                    .collect::<Vec<_>>()
                    .join("|")
            })
            .collect()
    }

    #[test]
    fn paragraphs_headings_and_items() {
        let md = "# Title 8 GB\n\nOne para 640 GB.\n\n- item 1 GB\n- item 2 GB\n\n> quoted 3 GB\n";
        assert_eq!(
            texts(md),
            vec![
                "Title 8 GB",
                "One para 640 GB.",
                "item 1 GB",
                "item 2 GB",
                "quoted 3 GB"
            ]
        );
    }

    #[test]
    fn code_html_and_front_matter_are_not_prose() {
        let md = "---\ntitle: 8 GB\n---\n\nText `8 × 40 = 1` more.\n\n```\n8 × 40 = 1\n```\n\n    indented 8 × 40\n\n<div>8 × 40 = 1</div>\n\nEnd <b>9</b> [link](http://x/8x40=1).\n";
        assert_eq!(texts(md), vec!["Text | more.", "End |9| |link|."]);
    }

    #[test]
    fn table_cells_know_their_header_and_row() {
        let md = "| GPU | Memory |\n|---|---|\n| H100 | 80 GB |\n";
        let blocks = prose_blocks(md);
        let cell = blocks.iter().find(|b| &md[b.span()] == "80 GB").unwrap();
        let BlockKind::Cell {
            header,
            row_label,
            place,
        } = &cell.kind
        else {
            panic!("not a cell")
        };
        assert_eq!(&md[header.clone().unwrap()], "Memory");
        assert_eq!(&md[row_label.clone().unwrap()], "H100");
        assert_eq!(
            *place,
            CellPlace {
                table: 0,
                row: 1,
                column: 1
            }
        );
    }

    #[test]
    fn spans_are_offsets_into_the_source() {
        let md = "中文 **640 GB** 显存。\n";
        for block in prose_blocks(md) {
            for piece in block.pieces {
                assert!(md.is_char_boundary(piece.start) && md.is_char_boundary(piece.end));
            }
        }
    }

    #[test]
    fn math_is_a_piece_and_money_between_dollar_signs_is_prose() {
        let md = "It is $3 \\times 10^{24}$ FLOP, at $5-$10 a day.\n\n$$\n8 \\times 80 = 640\n$$\n";
        let blocks = prose_blocks(md);
        let math: Vec<&str> = blocks
            .iter()
            .flat_map(|b| &b.math)
            .map(|r| &md[r.clone()])
            .collect();
        assert_eq!(
            math,
            vec!["$3 \\times 10^{24}$", "$$\n8 \\times 80 = 640\n$$"]
        );
        // The money the parser took for math ("$5-$") is prose as written;
        // so is a span whose closing sign opens an amount ("US$2").
        let md2 = "$5.5M = 2 GBUS$2 more\n";
        assert!(prose_blocks(md2)[0].math.is_empty());
        // The money the parser took for math ("$5-$") is prose as written.
        assert_eq!(
            texts(md),
            vec![
                "It is |$3 \\times 10^{24}$| FLOP, at |$5-$|10 a day.",
                "$$\n8 \\times 80 = 640\n$$"
            ]
        );
    }

    #[test]
    fn emphasis_inside_money_between_dollar_signs_is_markup() {
        // "$451.2bn**, up **$" is a span to the parser: not math, and its
        // `**` are the marks of the bold figures around it.
        let md = "at **$451.2bn**, up **$80.2bn** from 8 * 2 and a_b.\n";
        assert_eq!(
            texts(md),
            vec!["at |$451.2bn|, up |$|80.2bn| from 8 * 2 and a_b."]
        );
        let span = "$5 * 3 in my_var, **$6**, ~~$7~~ _x_$";
        let pieces: Vec<&str> = unparsed_prose(span, 0..span.len())
            .into_iter()
            .map(|r| &span[r])
            .collect();
        assert_eq!(
            pieces,
            vec!["$5 * 3 in my_var, ", "$6", ", ", "$7", " ", "x", "$"]
        );
    }

    #[test]
    fn an_escaped_dollar_sign_is_a_dollar_sign() {
        // The parser leaves the backslash out of the text.
        assert_eq!(
            texts("Costs \\$12M and \\$5 more.\n"),
            vec!["Costs |$12M and |$5 more."]
        );
    }
}
