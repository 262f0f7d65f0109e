//! The names a sentence gives its figures, in an open world: the entities
//! the knowledge base knows, and the product-like names it does not.
//!
//! Most names in a real article are in no knowledge base. A figure next to
//! an unknown name is that name's, and unknown; charging it to the nearest
//! known entity is how a checker cries wolf ("the Orion X4, beside an
//! MI300X, has 144 GB" is no MI300X figure). So every name is found, known
//! or not, and an unknown one is a [`Mention`] with no entities: whoever
//! reads it finds no fact, and the figure stays unchecked.
//!
//! A known name can also stand for an unknown variant of itself:
//! - followed by a product-like word it does not include ("TPU v9", "H100
//!   Ultra2"),
//! - followed by a memory size none of its variants has ("H20 (141GB)"),
//! - or, when the name has no digit of its own ("SuperPOD"), preceded by a
//!   capitalised word that is neither ordinary nor a brand ("Halcyon
//!   SuperPOD").
//!
//! What counts as product-like is a shape, not a list: letters with digits
//! ("MI355X", "X4", "v7", "Quantum-2"), a capital inside a word
//! ("CloudMatrix"), and in Chinese prose any capitalised Latin word
//! ("Ironwood"). Units, cue words ("FP8", "HBM3e"), brands and the words of
//! `not_names` in `claims/language.yaml` (architectures, periods,
//! technologies) are none.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

use crate::claim::cues::Cues;
use crate::kb::{FactValue, Kb, Mention};
use crate::number::lexicon::Lexicon;
use crate::number::quantity::{Quantity, Token};
use crate::read::markdown::Block;
use crate::read::segment::Sentence;
use crate::units::{Base, Dimension, UnitTable};

/// Every name in `text`, known or unknown, left to right. An unknown name
/// has no entities.
pub fn mentions(kb: &Kb, text: &str) -> Vec<Mention> {
    let words = words(text);
    let cjk = text.chars().any(is_cjk);
    let mut out: Vec<Mention> = Vec::new();
    for m in kb.names().find(text) {
        out.push(widened(kb, text, &words, m));
    }
    // Whether each word overlaps a known name, for all words at once: a
    // word overlaps one when, of the names starting before its end, the
    // furthest-reaching ends after its start. Asking each name for each
    // word made a long document's work grow with its names times its words.
    let covered = {
        let mut spans: Vec<&Range<usize>> = out.iter().map(|m| &m.span).collect();
        spans.sort_by_key(|s| s.start);
        let mut reach = Vec::with_capacity(spans.len());
        let mut furthest = 0;
        for s in &spans {
            furthest = furthest.max(s.end);
            reach.push(furthest);
        }
        words
            .iter()
            .map(|w| {
                let before = spans.partition_point(|s| s.start < w.end);
                before > 0 && reach[before - 1] > w.start
            })
            .collect::<Vec<bool>>()
    };
    let mut unknown: Vec<Mention> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if covered[i] {
            i += 1;
            continue;
        }
        // "Ascend 910B", "Atlas 950": a model number after a capitalised
        // word that is no ordinary one.
        if i + 1 < words.len()
            && joined(text, w, &words[i + 1])
            && !covered[i + 1]
            && named_number(&text[w.clone()], &text[words[i + 1].clone()])
        {
            unknown.push(Mention {
                span: w.start..words[i + 1].end,
                entities: Vec::new(),
            });
            i += 2;
            continue;
        }
        if model_number(text, w) {
            unknown.push(Mention {
                span: w.clone(),
                entities: Vec::new(),
            });
            i += 1;
            continue;
        }
        if !product_like(&text[w.clone()], cjk) && !acronym_after_a_chinese_name(text, w) {
            i += 1;
            continue;
        }
        // "Orion X4": the capitalised words right before belong to it.
        let mut start = i;
        while start > 0 && joined(text, &words[start - 1], &words[start]) {
            let before = &text[words[start - 1].clone()];
            if !capitalised(before) || ordinary(before) || covered[start - 1] {
                break;
            }
            start -= 1;
        }
        // "MI355X Ultra", "Ascend 910C": a capitalised or numbered word
        // right after continues it.
        let mut end = i;
        while end + 1 < words.len() && joined(text, &words[end], &words[end + 1]) {
            let after = &text[words[end + 1].clone()];
            let continues = product_like(after, cjk)
                || (capitalised(after) && !ordinary(after) && !is_unit_or_cue(after));
            if !continues || covered[end + 1] {
                break;
            }
            end += 1;
        }
        unknown.push(Mention {
            span: words[start].start..words[end].end,
            entities: Vec::new(),
        });
        i = end + 1;
    }
    out.extend(unknown);
    out.sort_by_key(|m| (m.span.start, m.span.end));
    out
}

/// The name a figure is paired with by "respectively" (分别, 各自) in its
/// sentence: as many names before the figures as figures of one
/// dimension after the last of them, in order ("the A100 and the H100
/// have 40 GB and 80 GB respectively"). Anything else pairs nothing.
pub fn respective<'m>(
    text: &str,
    sentence: &Range<usize>,
    mentions: &'m [Mention],
    tokens: &[Token],
    q: &Quantity,
) -> Option<&'m Mention> {
    // The names first: most figures have none before them, and the word
    // test reads the whole sentence, which for each of a long sentence's
    // figures made its work grow with its square.
    let names: Vec<&Mention> = mentions
        .iter()
        .filter(|m| sentence.start <= m.span.start && m.span.end <= q.span.start)
        .collect();
    let last_name = names.last()?.span.end;
    let lower = text[sentence.clone()].to_lowercase();
    if !["respectively", "分别", "分別", "各自"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return None;
    }
    let figures: Vec<&Quantity> = tokens
        .iter()
        .filter_map(|t| match t {
            Token::Quantity(f)
                if f.span.start >= last_name && !f.is_share && f.dimension() == q.dimension() =>
            {
                Some(&**f)
            }
            _ => None,
        })
        .collect();
    let at = figures.iter().position(|f| f.span == q.span)?;
    (names.len() == figures.len() && figures.len() >= 2).then(|| names[at])
}

/// Words opening a list item that say its figures are each card's.
const PER_CARD_OPENINGS: [&str; 8] = [
    "per-gpu",
    "per gpu",
    "each gpu",
    "per-card",
    "每卡",
    "每张卡",
    "每張卡",
    "单卡",
];

/// "- 8 × H100 SXM5 (3.35 TB/s per GPU)" then "- Per-GPU peak: …": a list
/// item that opens on each card's figures is about the accelerator the item
/// right before it in its list named (`named_before`), when that names only
/// accelerators (or a name the knowledge base does not know, which leaves
/// the figures unchecked).
pub fn card_of_item_before(
    kb: &Kb,
    blocks: &[Block],
    text: &str,
    sentence: &Sentence,
    named_before: Option<&Mention>,
) -> Option<Mention> {
    let item = blocks.get(sentence.block)?.item?;
    let sibling = blocks.get(sentence.block.checked_sub(1)?)?.item?;
    if sibling.list != item.list || sibling.index + 1 != item.index {
        return None;
    }
    let head = text[sentence.span.clone()]
        .trim_start_matches(|c: char| c.is_whitespace() || c == '*' || c == '_')
        .chars()
        .take(12)
        .collect::<String>()
        .to_lowercase();
    if !PER_CARD_OPENINGS.iter().any(|w| head.starts_with(w)) {
        return None;
    }
    named_before
        .filter(|m| {
            m.entities
                .iter()
                .all(|&i| kb.entity(i).kind == crate::kb::Kind::Accelerator)
        })
        .cloned()
}

/// The name a parenthesis describes, when the figure stands inside it:
/// in "H100 SXM (80 GB, 700 W) and L40S (48 GB, 350 W)" each figure is its
/// parenthesis's name's, whatever name comes next in its clause, and so it
/// is after a name and its size ("A100 80GB (2.0 TB/s, 400 W)"). Only the
/// last `REACH` bytes before the figure are read.
pub fn parenthesis_owner<'m>(
    text: &str,
    sentence: &Range<usize>,
    mentions: &'m [Mention],
    q: &Quantity,
) -> Option<&'m Mention> {
    const REACH: usize = 240;
    let mut from = q.span.start.saturating_sub(REACH).max(sentence.start);
    while !text.is_char_boundary(from) {
        from += 1;
    }
    let mut depth = 0usize;
    let open = text[from..q.span.start]
        .char_indices()
        .rev()
        .find_map(|(i, c)| match c {
            ')' | '）' => {
                depth += 1;
                None
            }
            '(' | '（' if depth > 0 => {
                depth -= 1;
                None
            }
            '(' | '（' => Some(from + i),
            _ => None,
        })?;
    let owner_end = text[..open].trim_end().len();
    mentions
        .iter()
        .find(|m| m.span.end == owner_end)
        .or_else(|| {
            mentions.iter().find(|m| {
                m.span.end < owner_end && is_size_suffix(text[m.span.end..owner_end].trim_start())
            })
        })
}

/// Words for a card's form factor, written between its name and its size.
const FORM_FACTORS: [&str; 6] = ["SXM5", "SXM4", "SXM", "PCIe", "NVL", "OAM"];

/// A variant's size written after its name, as in "A100 80GB (…)" or
/// "H200 141 GB (…)": digits, at most one space, and a short unit.
fn is_size_suffix(gap: &str) -> bool {
    let digits = gap
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(gap.len());
    let unit = gap[digits..].strip_prefix(' ').unwrap_or(&gap[digits..]);
    digits > 0
        && gap.starts_with(|c: char| c.is_ascii_digit())
        && (1..=3).contains(&unit.len())
        && unit.chars().all(|c| c.is_ascii_alphabetic())
}

/// A known mention, or the unknown variant it stands for.
fn widened(kb: &Kb, text: &str, words: &[Range<usize>], m: Mention) -> Mention {
    let unknown = |span: Range<usize>| Mention {
        span,
        entities: Vec::new(),
    };
    let next = words
        .iter()
        .find(|w| w.start >= m.span.end)
        .filter(|w| {
            text[m.span.end..w.start]
                .chars()
                .all(|c| c == ' ' || c == '-')
        })
        .filter(|w| w.start - m.span.end <= 1);
    if let Some(w) = next {
        let word = &text[w.clone()];
        let starts_with_letter = word.starts_with(|c: char| c.is_ascii_alphabetic());
        if starts_with_letter && product_like(word, false) {
            return unknown(m.span.start..w.end);
        }
    }
    if let Some((size, len)) = size_after(&text[m.span.end..])
        && let Some(counts) = parameter_counts(kb, &m.entities)
        && !counts.iter().any(|c| (c - size).abs() <= 0.05 * c)
    {
        // "DeepSeek R1-70B", "DeepSeek-R1 7B": a size the model does not
        // have names another model of its family (a distilled one).
        return unknown(m.span.start..m.span.end + len);
    }
    if let Some(bytes) = memory_after(&text[m.span.end..]) {
        // "A100 (80GB)" means the variants with 80 GB; "H20 (141GB)" one
        // the knowledge base does not know.
        let has = |i: &usize| {
            memory_sizes(kb, &[*i])
                .is_some_and(|sizes| sizes.iter().any(|s| (s - bytes).abs() <= 0.5e9))
        };
        if memory_sizes(kb, &m.entities).is_some() {
            let entities: Vec<usize> = m.entities.iter().copied().filter(has).collect();
            return Mention {
                span: m.span,
                entities,
            };
        }
    }
    let named = &text[m.span.clone()];
    if !named.chars().any(|c| c.is_ascii_digit())
        && let Some(before) = words.iter().rev().find(|w| w.end <= m.span.start)
        && text[before.end..m.span.start] == *" "
    {
        let word = &text[before.clone()];
        if capitalised(word) && !ordinary(word) && !is_unit_or_cue(word) {
            return unknown(before.start..m.span.end);
        }
    }
    m
}

/// A memory size written right after a name: "(141GB)", " 48 GB", in bytes;
/// a form factor may stand between ("A100 SXM 80GB", "H100 PCIe 80 GB").
fn memory_after(rest: &str) -> Option<f64> {
    let rest = rest.trim_start_matches([' ', '(', '（']);
    let rest = FORM_FACTORS
        .iter()
        .find_map(|f| {
            let after = rest.get(f.len()..)?;
            (rest[..f.len()].eq_ignore_ascii_case(f) && after.starts_with(' '))
                .then(|| after.trim_start())
        })
        .unwrap_or(rest);
    let digits = rest
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(rest.len());
    let value: f64 = rest[..digits].parse().ok()?;
    let unit_text = rest[digits..].trim_start_matches(' ');
    let unit = UnitTable::builtin().unit_at(unit_text)?;
    (unit.unit.dimension == Dimension::of(Base::Byte)).then_some(value * unit.unit.factor)
}

/// The memory sizes the entities have, in bytes, every reading; `None`
/// when none records one.
fn memory_sizes(kb: &Kb, entities: &[usize]) -> Option<Vec<f64>> {
    let sizes: Vec<f64> = entities
        .iter()
        .flat_map(|&i| kb.entity(i).facts_of("memory_capacity"))
        .flat_map(|f| &f.readings)
        .filter_map(|r| match &r.value {
            FactValue::Measure(m) => Some(m.interval.nominal),
            FactValue::Word(_) => None,
        })
        .collect();
    (!sizes.is_empty()).then_some(sizes)
}

/// Drops the figures that are part of a name the knowledge base knows:
/// the "910B" of "昇腾910B", glued to the words before it, is no 910 bytes.
/// Only sentences with a figure glued to a letter or a Chinese character are
/// searched for names, so most are left as they are.
pub fn drop_figures_in_names(text: &str, sentences: &mut [Sentence], kb: &Kb) {
    for sentence in sentences {
        let glued = |q: &Quantity| {
            text[..q.span.start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphabetic() || is_cjk(c))
        };
        let any_glued = sentence
            .tokens
            .iter()
            .any(|t| matches!(t, Token::Quantity(q) if glued(q)));
        if !any_glued {
            continue;
        }
        let span = sentence.span.clone();
        let names: Vec<Range<usize>> = mentions(kb, &text[span.clone()])
            .into_iter()
            .filter(|m| !m.entities.is_empty())
            .map(|m| m.span.start + span.start..m.span.end + span.start)
            .collect();
        sentence.tokens.retain(|t| match t {
            Token::Quantity(q) => {
                !(glued(q)
                    && names
                        .iter()
                        .any(|n| n.start < q.span.start && q.span.end <= n.end))
            }
            _ => true,
        });
    }
}

/// A model size written right after a name, joined by a hyphen or a space
/// ("-70B", " 1.5B", "-7b"): the parameters, and the length written.
fn size_after(rest: &str) -> Option<(f64, usize)> {
    static SIZE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^[- ]([0-9]+(?:\.[0-9]+)?)([BbMT])(?:[^A-Za-z0-9]|$)").unwrap()
    });
    let size = SIZE.captures(rest)?;
    let number: f64 = size[1].parse().ok()?;
    let scale = match &size[2] {
        "M" => 1e6,
        "T" => 1e12,
        _ => 1e9,
    };
    Some((number * scale, size.get(2)?.end()))
}

fn parameter_counts(kb: &Kb, entities: &[usize]) -> Option<Vec<f64>> {
    let counts: Vec<f64> = entities
        .iter()
        .flat_map(|&i| kb.entity(i).facts_of("parameters_total"))
        .flat_map(|f| &f.readings)
        .filter_map(|r| match &r.value {
            FactValue::Measure(m) => Some(m.interval.nominal),
            FactValue::Word(_) => None,
        })
        .collect();
    (!counts.is_empty()).then_some(counts)
}

/// The Latin words of a text: ASCII letters and digits, with a hyphen
/// between two of them ("Quantum-2") or a point between digits ("v5.1").
fn words(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() {
            let b = bytes[i];
            let inner =
                |ok: fn(u8) -> bool| i + 1 < bytes.len() && ok(bytes[i - 1]) && ok(bytes[i + 1]);
            let keep = b.is_ascii_alphanumeric()
                || (b == b'-' && inner(|c| c.is_ascii_alphanumeric()))
                || (b == b'.' && inner(|c| c.is_ascii_digit()));
            if !keep {
                break;
            }
            i += 1;
        }
        out.push(start..i);
    }
    out
}

/// Whether a word that begins with digits is a model number: a card's
/// number written alone ("两张 4090", `product_numbers` in
/// `claims/language.yaml`) with no unit after it, or four digits and more
/// with capitals that are no unit ("9950X", "7800X3D", "4090D").
fn model_number(text: &str, word: &Range<usize>) -> bool {
    let w = &text[word.clone()];
    let digits = w.bytes().take_while(u8::is_ascii_digit).count();
    let (number, tail) = w.split_at(digits);
    if tail.is_empty() {
        let after = text[word.end..].trim_start_matches(' ');
        return Lexicon::builtin().is_product_number(number)
            && UnitTable::builtin().compound_unit_at(after).is_none();
    }
    // "2027E", "2026F": a year's estimate or forecast.
    let year = digits == 4 && (1900..2100).contains(&number.parse::<u32>().unwrap_or(0));
    let estimate = year && tail.len() == 1;
    // The unit table last: this runs on every word, most of them with no
    // digits at all.
    digits >= 4
        && !estimate
        && tail.starts_with(|c: char| c.is_ascii_uppercase())
        && (tail.starts_with('X')
            || UnitTable::builtin()
                .compound_unit_at(tail)
                .is_none_or(|u| u.len != tail.len()))
}

/// The words by which a document's unknown products may be named again
/// alone: "Arcturus Vela X9" is later "the Vela" or "Arcturus". Capitalised
/// words (not acronyms such as "NDR", which name technologies more than
/// products) of unknown names of two words or more, none ordinary, a unit
/// or a cue, sorted.
pub fn short_forms(kb: &Kb, text: &str) -> Vec<String> {
    let words = words(text);
    let mut out: Vec<String> = Vec::new();
    for m in mentions(kb, text).iter().filter(|m| m.entities.is_empty()) {
        let inside: Vec<&str> = words
            .iter()
            .filter(|w| m.span.start <= w.start && w.end <= m.span.end)
            .map(|w| &text[w.clone()])
            .collect();
        if inside.len() < 2 {
            continue;
        }
        out.extend(
            inside
                .into_iter()
                .filter(|w| {
                    w.len() >= 3
                        && capitalised(w)
                        && w.chars().all(|c| c.is_ascii_alphabetic())
                        && w.chars().skip(1).all(|c| c.is_ascii_lowercase())
                        && !ordinary(w)
                        && !is_unit_or_cue(w)
                })
                .map(str::to_string),
        );
    }
    out.sort();
    out.dedup();
    out
}

/// `found` with each word of `text` that is one of `short_forms`, and in
/// no name found, as an unknown name of its own.
pub fn with_short_forms(
    text: &str,
    mut found: Vec<Mention>,
    short_forms: &[String],
) -> Vec<Mention> {
    if short_forms.is_empty() {
        return found;
    }
    let mut more = Vec::new();
    for w in words(text) {
        let covered = found
            .iter()
            .any(|m| m.span.start < w.end && w.start < m.span.end);
        if !covered
            && short_forms
                .binary_search_by(|f| f.as_str().cmp(&text[w.clone()]))
                .is_ok()
        {
            more.push(Mention {
                span: w,
                entities: Vec::new(),
            });
        }
    }
    if !more.is_empty() {
        found.extend(more);
        found.sort_by_key(|m| (m.span.start, m.span.end));
    }
    found
}

/// Whether two words stand side by side, one space apart.
fn joined(text: &str, a: &Range<usize>, b: &Range<usize>) -> bool {
    &text[a.end..b.start] == " "
}

/// Whether a word has the shape of a product or model name.
fn product_like(word: &str, cjk: bool) -> bool {
    if word.starts_with(|c: char| c.is_ascii_digit()) || word.len() < 2 {
        return false;
    }
    let letters = word.chars().any(|c| c.is_ascii_alphabetic());
    let digits = word.chars().any(|c| c.is_ascii_digit());
    let inner_capital = word
        .as_bytes()
        .windows(2)
        .any(|pair| pair[0].is_ascii_lowercase() && pair[1].is_ascii_uppercase());
    let latin_name_in_chinese =
        cjk && capitalised(word) && word.chars().any(|c| c.is_ascii_lowercase()) && word.len() >= 3;
    let shaped = (letters && digits) || inner_capital || latin_name_in_chinese;
    shaped && !ordinary(word) && !is_unit_or_cue(word)
}

/// Whether a word of three capitals and more is glued to the Chinese name
/// before it ("平头哥PPU", "昆仑芯XPU"): a product's name, unless it is a unit,
/// a cue or a plain word ("GPU", "HBM", "AI").
fn acronym_after_a_chinese_name(text: &str, word: &Range<usize>) -> bool {
    let w = &text[word.clone()];
    w.len() >= 3
        && w.bytes().all(|b| b.is_ascii_uppercase())
        && text[..word.start].chars().next_back().is_some_and(is_cjk)
        && !ordinary(w)
        && !is_unit_or_cue(w)
}

/// Whether a capitalised word and the number after it make a model
/// number: "Ascend 910B", "Qwen 72B", "Atlas 950", but not "NVIDIA 80GB",
/// "Google 2024" or "So 8".
fn named_number(word: &str, number: &str) -> bool {
    let lexicon = Lexicon::builtin();
    if !capitalised(word) || lexicon.is_plain_word(word) || is_unit_or_cue(word) {
        return false;
    }
    let digits = number.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let (head, tail) = number.split_at(digits);
    if tail.is_empty() {
        let year = head.len() == 4 && (1900..2100).contains(&head.parse::<u32>().unwrap_or(0));
        return head.len() >= 3 && !year;
    }
    // One letter is a model's suffix or size ("910B", "72B"); more is a
    // unit ("80GB").
    tail.len() == 1 && tail.chars().all(|c| c.is_ascii_alphabetic())
}

fn capitalised(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_uppercase())
}

/// An ordinary capitalised word, a brand, or a word that names no product.
fn ordinary(word: &str) -> bool {
    let lexicon = Lexicon::builtin();
    lexicon.is_plain_word(word) || lexicon.is_brand_word(word) || lexicon.is_not_name(word)
}

/// Whether the whole word is a unit ("TFLOPS", "Gbps") or a cue word
/// ("FP8", "HBM3e", "NVLink").
fn is_unit_or_cue(word: &str) -> bool {
    UnitTable::builtin()
        .compound_unit_at(word)
        .is_some_and(|u| u.len == word.len())
        || Cues::builtin()
            .find(word)
            .iter()
            .any(|f| f.span == (0..word.len()))
}

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::quantity::{Lexer, Token};

    fn names(text: &str) -> Vec<(&str, bool)> {
        mentions(Kb::builtin(), text)
            .into_iter()
            .map(|m| (&text[m.span.clone()], !m.entities.is_empty()))
            .collect()
    }

    #[test]
    fn unknown_products_beside_known_ones() {
        assert_eq!(
            names("The Orion X4, listed next to an MI300X, has 144 GB."),
            [("Orion X4", false), ("MI300X", true)]
        );
        assert_eq!(
            names("the Ascend 910Q and the Atlas 977, not NVIDIA 80GB in 2024"),
            [("Ascend 910Q", false), ("Atlas 977", false)]
        );
        assert_eq!(
            names("Zephyr-9 and the Kestrel K12 ship beside the H100."),
            [("Zephyr-9", false), ("Kestrel K12", false), ("H100", true)]
        );
    }

    #[test]
    fn an_unknown_products_own_word_names_it_again_alone() {
        let kb = Kb::builtin();
        let text = "The Arcturus Vela X9 has 64 GB. The Vela draws 331 W beside the H100.";
        let forms = short_forms(kb, text);
        assert_eq!(forms, ["Arcturus", "Vela"]);
        let later = "The Vela draws 331 W beside the H100.";
        let found = with_short_forms(later, mentions(kb, later), &forms);
        let vela = found
            .iter()
            .find(|m| &later[m.span.clone()] == "Vela")
            .expect("the short form is a name");
        assert!(vela.entities.is_empty());
        // A known name's words are none of them.
        assert!(short_forms(kb, "The RTX 6000 Ada beside the H100 NVL.").is_empty());
    }

    #[test]
    fn a_size_the_model_lacks_names_another_model() {
        // DeepSeek-R1 has 671B parameters: a 70B or 7B one is a distilled
        // model of its family, which the knowledge base does not know.
        assert_eq!(
            names("部署 DeepSeek R1-70B 模型"),
            [("DeepSeek R1-70B", false)]
        );
        assert_eq!(
            names("DeepSeek R1 7B on a laptop"),
            [("DeepSeek R1 7B", false)]
        );
        // Its own size restates it.
        assert_eq!(names("DeepSeek R1 671B in FP8"), [("DeepSeek R1", true)]);
    }

    #[test]
    fn capitals_glued_to_a_chinese_name_are_a_product() {
        assert_eq!(names("其中平头哥PPU采用HBM2e显存"), [("PPU", false)]);
        // Units, cues and plain acronyms stay none.
        assert!(names("单卡GPU显存").is_empty());
        assert!(names("采用HBM显存").is_empty());
    }

    #[test]
    fn a_figure_inside_a_known_name_is_no_figure() {
        let text = "华为昇腾910B的显存为 64GB。";
        let report = crate::audit::audit(
            crate::read::document::Document::new("t.md", text.to_string()),
            Kb::builtin(),
        );
        assert_eq!(report.claims, 1, "only 64GB is a figure");
        // Glued to words that name nothing known, a figure stays one.
        let text = "显存80GB，参数量70B。";
        let report = crate::audit::audit(
            crate::read::document::Document::new("t.md", text.to_string()),
            Kb::builtin(),
        );
        assert_eq!(report.claims, 2);
    }

    #[test]
    fn model_numbers_are_unknown_names() {
        assert_eq!(names("比兩張 4090 的 48GB"), [("4090", false)]);
        assert_eq!(
            names("the 9950X and a 7800X3D"),
            [("9950X", false), ("7800X3D", false)]
        );
        // A unit after the number, a year's estimate, a size: no names.
        assert!(names("4090 W at peak").is_empty());
        assert!(names("our 2027E EPS").is_empty());
        assert!(names("a 1600W supply").is_empty());
    }

    #[test]
    fn a_parenthesis_after_a_name_and_its_size_is_the_names() {
        let text = "It fits one A100 80GB (2.0 TB/s, 400 W) but not an RTX 4090 (24 GB, 350 W).";
        let found = mentions(Kb::builtin(), text);
        let owner = |figure: &str| {
            let tokens = Lexer::builtin().tokens(text, 0..text.len());
            let q = tokens
                .iter()
                .find_map(|t| match t {
                    Token::Quantity(q) if &text[q.span.clone()] == figure => Some(q),
                    _ => None,
                })
                .unwrap();
            parenthesis_owner(text, &(0..text.len()), &found, q).map(|m| &text[m.span.clone()])
        };
        assert_eq!(owner("400 W"), Some("A100"));
        assert_eq!(owner("350 W"), Some("RTX 4090"));
        assert!(is_size_suffix("141 GB") && is_size_suffix("80GB"));
        assert!(!is_size_suffix("and the") && !is_size_suffix("8 nodes"));
    }

    #[test]
    fn a_size_after_a_form_factor_still_picks_the_variants() {
        assert_eq!(memory_after(" SXM 80GB | 1.555 TB/s"), Some(80e9));
        assert_eq!(memory_after(" PCIe 40 GB"), Some(40e9));
        assert_eq!(memory_after(" SXM nodes"), None);
        let text = "| A100 SXM 80GB | x |";
        let found = mentions(Kb::builtin(), text);
        let kb = Kb::builtin();
        let a100 = found
            .iter()
            .find(|m| &text[m.span.clone()] == "A100")
            .unwrap();
        assert!(!a100.entities.is_empty());
        assert!(
            a100.entities
                .iter()
                .all(|&e| kb.entity(e).id.contains("80gb")),
            "{:?}",
            a100.entities
                .iter()
                .map(|&e| &kb.entity(e).id)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_latin_name_in_chinese_prose_is_a_name() {
        assert_eq!(
            names("Falconwood 每颗芯片 256GB，是 H100 的三倍"),
            [("Falconwood", false), ("H100", true)]
        );
    }

    #[test]
    fn units_cues_brands_and_plain_words_are_no_names() {
        assert_eq!(
            names("NVIDIA says FP8 on HBM3e gives 400 Gbps and 989 TFLOPS. Fifty-Four, so it is."),
            []
        );
        assert_eq!(
            names("英伟达的 Hopper 架构用 NVLink 互联，带宽 900 GB/s"),
            []
        );
    }

    #[test]
    fn a_known_name_with_a_suffix_of_its_own_is_an_unknown_variant() {
        assert_eq!(names("the TPU v9 pod"), [("TPU v9", false)]);
        assert_eq!(names("an H20 (141GB) card"), [("H20", false)]);
        assert_eq!(names("an H20 (96GB) card"), [("H20", true)]);
        assert_eq!(names("an H100 80GB card"), [("H100", true)]);
    }
}
