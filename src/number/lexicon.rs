//! The words around numbers: hedges, operators, relations, measure words,
//! date words. Loaded from `claims/language.yaml`, embedded in the binary.

use std::collections::HashSet;

use serde::Deserialize;

use crate::error::yaml_message;

/// How a hedge changes a stated number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Hedge {
    /// "about", "约", "左右": the precision widens by 5% of the value.
    Approx,
    /// "nearly", "将近": up to 10% below, not above.
    Nearly,
    /// "at least", "超过", "以上": a lower bound.
    AtLeast,
    /// "up to", "不到", "以下": an upper bound.
    AtMost,
    /// "出头", "多": a little above, up to one step of the last digit.
    LittleAbove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Multiply,
    Divide,
    Add,
    Subtract,
}

impl Op {
    pub fn symbol(self) -> &'static str {
        match self {
            Op::Multiply => "×",
            Op::Divide => "÷",
            Op::Add => "+",
            Op::Subtract => "−",
        }
    }
}

/// Whether a relation states an exact or an approximate result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Exact,
    Approx,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HedgeWords {
    #[serde(default)]
    approx: Vec<String>,
    #[serde(default)]
    nearly: Vec<String>,
    #[serde(default)]
    at_least: Vec<String>,
    #[serde(default)]
    at_most: Vec<String>,
    #[serde(default)]
    little_above: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OperatorWords {
    multiply: Vec<String>,
    divide: Vec<String>,
    add: Vec<String>,
    subtract: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RelationWords {
    exact: Vec<String>,
    approx: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    hedges_before: HedgeWords,
    hedges_after: HedgeWords,
    operators: OperatorWords,
    relations: RelationWords,
    measure_words: Vec<String>,
    not_quantity_before: Vec<String>,
    not_quantity_after: Vec<String>,
    months: Vec<String>,
    link_nouns: Vec<String>,
    plain_words: Vec<String>,
    brand_words: Vec<String>,
    not_names: Vec<String>,
    product_numbers: Vec<String>,
}

/// A word list searched longest first.
///
/// The tokenizer asks every list at every word of every sentence, so each
/// list is indexed by the byte a word starts with and the byte it ends
/// with (ASCII lower-cased): a lookup tries only the entries that can
/// match, in the same longest-first order.
#[derive(Debug)]
struct Words<T> {
    entries: Vec<(String, T)>,
    /// For each first byte, the entries that start with it, in order; the
    /// last bucket is for an empty text. An empty word is in every bucket.
    by_first: Vec<Vec<usize>>,
    /// The same by last byte.
    by_last: Vec<Vec<usize>>,
}

/// The bucket of a text (or word) by one of its end bytes.
fn bucket(byte: Option<&u8>) -> usize {
    byte.map_or(256, |b| usize::from(b.to_ascii_lowercase()))
}

impl<T: Copy> Words<T> {
    fn new(mut entries: Vec<(String, T)>) -> Words<T> {
        entries.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then(a.0.cmp(&b.0)));
        let mut by_first = vec![Vec::new(); 257];
        let mut by_last = vec![Vec::new(); 257];
        for (i, (word, _)) in entries.iter().enumerate() {
            let bytes = word.as_bytes();
            if bytes.is_empty() {
                by_first.iter_mut().for_each(|b| b.push(i));
                by_last.iter_mut().for_each(|b| b.push(i));
            } else {
                by_first[bucket(bytes.first())].push(i);
                by_last[bucket(bytes.last())].push(i);
            }
        }
        Words {
            entries,
            by_first,
            by_last,
        }
    }

    /// The entries that may start `text`, in order.
    fn starting(&self, text: &str) -> impl Iterator<Item = &(String, T)> {
        self.by_first[bucket(text.as_bytes().first())]
            .iter()
            .map(|&i| &self.entries[i])
    }

    /// The entries that may end `text`, in order.
    fn ending(&self, text: &str) -> impl Iterator<Item = &(String, T)> {
        self.by_last[bucket(text.as_bytes().last())]
            .iter()
            .map(|&i| &self.entries[i])
    }

    /// The longest entry at the start of `text`, with its length. ASCII
    /// words must end at a word boundary and match case-insensitively.
    fn prefix_of(&self, text: &str) -> Option<(T, usize)> {
        self.starting(text).find_map(|(w, t)| {
            let head = text.get(..w.len())?;
            let matches = if w.is_ascii() {
                head.eq_ignore_ascii_case(w)
            } else {
                head == w
            };
            (matches && boundary_after(w, &text[w.len()..])).then_some((*t, w.len()))
        })
    }

    /// Every entry at the start of `text`, longest first; ASCII words end
    /// at a word boundary and match case-insensitively.
    fn prefixes_of<'a>(&'a self, text: &'a str) -> impl Iterator<Item = (T, usize)> + 'a {
        self.starting(text).filter_map(move |(w, t)| {
            let head = text.get(..w.len())?;
            let matches = if w.is_ascii() {
                head.eq_ignore_ascii_case(w)
            } else {
                head == w
            };
            (matches && boundary_after(w, &text[w.len()..])).then_some((*t, w.len()))
        })
    }

    /// The longest entry ending at the end of `text`, with its length.
    fn suffix_of(&self, text: &str) -> Option<(T, usize)> {
        self.ending(text).find_map(|(w, t)| {
            let start = text.len().checked_sub(w.len())?;
            let tail = text.get(start..)?;
            let matches = if w.is_ascii() {
                tail.eq_ignore_ascii_case(w)
            } else {
                tail == w
            };
            (matches && boundary_before(w, &text[..start])).then_some((*t, w.len()))
        })
    }
}

fn boundary_after(word: &str, rest: &str) -> bool {
    let word_ends_alnum = word
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    !(word_ends_alnum
        && rest
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric()))
}

fn boundary_before(word: &str, before: &str) -> bool {
    let word_starts_alnum = word
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    !(word_starts_alnum
        && before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric()))
}

/// The language data, ready for lookup.
#[derive(Debug)]
pub struct Lexicon {
    hedges_before: Words<Hedge>,
    hedges_after: Words<Hedge>,
    operators: Words<Op>,
    relations: Words<Relation>,
    measure_words: Words<()>,
    link_nouns: Words<()>,
    not_before: Words<()>,
    not_after: Words<()>,
    months: Words<()>,
    /// Capitalised words that never begin a name: a number after one is a
    /// quantity ("So 8 × 80 GB").
    plain_words: Vec<String>,
    /// Vendors and product lines that may stand before a known name.
    brand_words: HashSet<String>,
    /// Words of a product name's shape that name no product.
    not_names: HashSet<String>,
    /// Model numbers written alone for a product ("两张 4090").
    product_numbers: HashSet<String>,
}

const BUILTIN: &str = include_str!("../../claims/language.yaml");

#[derive(Debug, thiserror::Error)]
#[error("claims/language.yaml:{line}:{column}: {message}")]
pub struct LexiconError {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl Lexicon {
    pub fn builtin() -> &'static Lexicon {
        static LEXICON: std::sync::OnceLock<Lexicon> = std::sync::OnceLock::new();
        LEXICON.get_or_init(|| {
            Lexicon::parse(BUILTIN).expect("claims/language.yaml is checked by the test suite")
        })
    }

    pub fn parse(yaml: &str) -> Result<Lexicon, LexiconError> {
        let file: File = serde_saphyr::from_str(yaml).map_err(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            LexiconError {
                line,
                column,
                message: yaml_message(&e),
            }
        })?;
        let hedges = |h: HedgeWords| {
            let mut all = Vec::new();
            for (words, kind) in [
                (h.approx, Hedge::Approx),
                (h.nearly, Hedge::Nearly),
                (h.at_least, Hedge::AtLeast),
                (h.at_most, Hedge::AtMost),
                (h.little_above, Hedge::LittleAbove),
            ] {
                all.extend(words.into_iter().map(|w| (w, kind)));
            }
            Words::new(all)
        };
        let plain = |words: Vec<String>| Words::new(words.into_iter().map(|w| (w, ())).collect());
        let mut operators = Vec::new();
        for (words, op) in [
            (file.operators.multiply, Op::Multiply),
            (file.operators.divide, Op::Divide),
            (file.operators.add, Op::Add),
            (file.operators.subtract, Op::Subtract),
        ] {
            operators.extend(words.into_iter().map(|w| (w, op)));
        }
        let mut relations = Vec::new();
        for (words, r) in [
            (file.relations.exact, Relation::Exact),
            (file.relations.approx, Relation::Approx),
        ] {
            relations.extend(words.into_iter().map(|w| (w, r)));
        }
        Ok(Lexicon {
            hedges_before: hedges(file.hedges_before),
            hedges_after: hedges(file.hedges_after),
            operators: Words::new(operators),
            relations: Words::new(relations),
            measure_words: plain(file.measure_words),
            link_nouns: plain(file.link_nouns),
            not_before: plain(file.not_quantity_before),
            not_after: plain(file.not_quantity_after),
            months: plain(file.months),
            plain_words: file.plain_words,
            brand_words: file.brand_words.into_iter().collect(),
            not_names: file.not_names.into_iter().collect(),
            product_numbers: file.product_numbers.into_iter().collect(),
        })
    }

    /// A hedge ending right before a number (`text` is what precedes it).
    pub fn hedge_before(&self, text: &str) -> Option<(Hedge, usize)> {
        self.hedges_before.suffix_of(text)
    }

    /// Every hedge word that `text` starts with, longest first: "at least
    /// 700" starts with "at least".
    pub fn hedges_starting<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (Hedge, usize)> + 'a {
        self.hedges_before.prefixes_of(text)
    }

    /// A hedge right after a number.
    pub fn hedge_after(&self, text: &str) -> Option<(Hedge, usize)> {
        self.hedges_after.prefix_of(text)
    }

    pub fn operator(&self, text: &str) -> Option<(Op, usize)> {
        self.operators.prefix_of(text)
    }

    pub fn relation(&self, text: &str) -> Option<(Relation, usize)> {
        self.relations.prefix_of(text)
    }

    pub fn measure_word(&self, text: &str) -> Option<usize> {
        self.measure_words.prefix_of(text).map(|(_, n)| n)
    }

    /// Whether `text` starts with the noun of a network link ("NIC",
    /// "網卡"), after optional spaces.
    pub fn link_noun(&self, text: &str) -> bool {
        self.link_nouns.prefix_of(text.trim_start()).is_some()
    }

    /// Whether the text before a number makes it an ordinal or a label.
    pub fn label_before(&self, text: &str) -> bool {
        self.not_before.suffix_of(text).is_some()
    }

    /// Whether the text right after a number makes it a date or an ordinal.
    pub fn date_after(&self, text: &str) -> bool {
        self.not_after.prefix_of(text).is_some()
    }

    /// Whether a capitalised word is an ordinary word ("So", "The"), not
    /// the start of a name ("Llama 3", "CUDA 12").
    pub fn is_plain_word(&self, word: &str) -> bool {
        self.plain_words.iter().any(|w| w == word)
    }

    /// Whether a capitalised word is a vendor or a product line ("NVIDIA",
    /// "GeForce"): it may stand before a product's name.
    pub fn is_brand_word(&self, word: &str) -> bool {
        self.brand_words.contains(word)
    }

    /// Whether a word of a product name's shape names no product
    /// ("Hopper", "Q3", "DDR5").
    pub fn is_not_name(&self, word: &str) -> bool {
        self.not_names.contains(word)
    }

    /// Whether digits written alone name a product ("4090" in "两张 4090").
    pub fn is_product_number(&self, digits: &str) -> bool {
        self.product_numbers.contains(digits)
    }

    pub fn month_before(&self, text: &str) -> bool {
        self.months.suffix_of(text).is_some()
    }

    pub fn month_after(&self, text: &str) -> bool {
        self.months.prefix_of(text).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_lookups_match_a_scan_of_every_entry() {
        let words = Words::new(
            [
                "about",
                "At least",
                "约",
                "左右",
                "x",
                "",
                "so-called",
                "A卡",
            ]
            .iter()
            .enumerate()
            .map(|(i, w)| (w.to_string(), i))
            .collect(),
        );
        let scan_prefix = |text: &str| {
            words.entries.iter().find_map(|(w, t)| {
                let head = text.get(..w.len())?;
                let matches = if w.is_ascii() {
                    head.eq_ignore_ascii_case(w)
                } else {
                    head == w
                };
                (matches && boundary_after(w, &text[w.len()..])).then_some((*t, w.len()))
            })
        };
        let scan_suffix = |text: &str| {
            words.entries.iter().find_map(|(w, t)| {
                let tail = text.get(text.len().checked_sub(w.len())?..)?;
                let matches = if w.is_ascii() {
                    tail.eq_ignore_ascii_case(w)
                } else {
                    tail == w
                };
                (matches && boundary_before(w, &text[..text.len() - w.len()]))
                    .then_some((*t, w.len()))
            })
        };
        for text in [
            "",
            "About 40",
            "ABOUT",
            "at least 3",
            "约 5",
            "需要约",
            "左右",
            "x 8",
            "X",
            "a卡",
            "A卡 8",
            "so-called",
            "it is about",
            "8 x",
            "nothing",
        ] {
            assert_eq!(words.prefix_of(text), scan_prefix(text), "{text:?}");
            assert_eq!(words.suffix_of(text), scan_suffix(text), "{text:?}");
        }
        assert_eq!(words.prefix_of("About 40"), Some((0, 5)));
        assert_eq!(words.suffix_of("nothing"), Some((5, 0)), "the empty word");
    }

    #[test]
    fn builtin_lexicon_loads() {
        let lexicon = Lexicon::parse(BUILTIN).unwrap();
        assert_eq!(
            lexicon.hedge_before("需要约"),
            Some((Hedge::Approx, "约".len()))
        );
        assert_eq!(lexicon.hedge_before("at least"), Some((Hedge::AtLeast, 8)));
        assert_eq!(
            lexicon.hedge_before("it is about"),
            Some((Hedge::Approx, 5))
        );
        assert_eq!(lexicon.hedge_before("whereabout"), None);
        assert_eq!(
            lexicon.hedge_after("出头，"),
            Some((Hedge::LittleAbove, "出头".len()))
        );
        assert_eq!(
            lexicon.operator("乘以 2"),
            Some((Op::Multiply, "乘以".len()))
        );
        assert_eq!(lexicon.operator("xylophone"), None);
        assert_eq!(
            lexicon.relation("≈ 628"),
            Some((Relation::Approx, "≈".len()))
        );
        assert!(lexicon.label_before("第"));
        assert!(lexicon.date_after("年12月"));
        assert!(lexicon.month_before("on July"));
        assert!(lexicon.is_plain_word("So"));
        assert!(!lexicon.is_plain_word("Llama"));
    }

    #[test]
    fn every_word_list_has_unique_entries() {
        let file: File = serde_saphyr::from_str(BUILTIN).unwrap();
        let mut lists: Vec<Vec<String>> = vec![
            file.measure_words,
            file.not_quantity_before,
            file.not_quantity_after,
            file.months,
            file.link_nouns,
            file.plain_words,
            file.brand_words,
            file.not_names,
            file.product_numbers,
        ];
        let mut operators = file.operators.multiply;
        operators.extend(file.operators.divide);
        operators.extend(file.operators.add);
        operators.extend(file.operators.subtract);
        lists.push(operators);
        let mut relations = file.relations.exact;
        relations.extend(file.relations.approx);
        lists.push(relations);
        for list in lists {
            let mut seen = std::collections::HashSet::new();
            for w in list {
                assert!(seen.insert(w.clone()), "{w:?} is listed twice");
            }
        }
    }

    #[test]
    fn malformed_file_reports_line_and_column() {
        let err = Lexicon::parse("hedges_before:\n  approx: [a]\n  bogus: [b]\n").unwrap_err();
        assert_eq!(err.line, 3);
        assert!(err.to_string().contains("bogus"), "{err}");
    }
}
