//! The table of units, prefixes and magnitude words, loaded from
//! `claims/units.yaml`.
//!
//! Surface forms are generated once: every symbol with every prefix of its
//! families ("GB", "GiB", "kW", "TFLOPS"), every word with every prefix word
//! ("gigabytes", "megawatts"), and the words as written ("字节", "卡时").
//! Lookup is longest match first, so "TB/s" beats "TB" beats "T".

use std::collections::HashMap;

use serde::Deserialize;

use super::{Base, Dimension, Unit};

/// A magnitude word: scales the number before it ("万", "billion", "M").
#[derive(Clone, Debug, PartialEq)]
pub struct Magnitude {
    pub word: String,
    pub factor: f64,
    /// Another reading of the same word (兆 as 10⁶ besides 10¹²).
    pub alternative: Option<f64>,
}

/// A unit found in text.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitMatch {
    pub unit: Unit,
    /// Bytes of text the unit covers.
    pub len: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum UnitTableError {
    #[error("claims/units.yaml:{line}:{column}: {message}")]
    Syntax {
        line: u64,
        column: u64,
        message: String,
    },
    #[error("claims/units.yaml: {0}")]
    Invalid(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    prefixes: HashMap<String, Vec<PrefixDef>>,
    units: Vec<UnitDef>,
    magnitudes: Vec<MagnitudeDef>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PrefixDef {
    symbol: String,
    word: String,
    factor: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitDef {
    name: String,
    dimension: HashMap<String, i8>,
    #[serde(default = "one")]
    factor: f64,
    symbols: Vec<String>,
    /// Symbols that are a unit only with a prefix: "Tflops", not "flops".
    #[serde(default)]
    prefixed_symbols: Vec<String>,
    words: Vec<String>,
    prefixes: Vec<String>,
    #[serde(default)]
    binary_reading: bool,
    /// The shortest and longest lengths of a calendar unit, in base units.
    #[serde(default)]
    calendar_range: Option<[f64; 2]>,
}

fn one() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MagnitudeDef {
    words: Vec<String>,
    factor: f64,
    #[serde(default)]
    alternative: Option<f64>,
}

/// One surface form of a unit.
#[derive(Clone, Debug)]
struct Surface {
    text: String,
    /// ASCII words match whatever their case; symbols match exactly.
    fold_case: bool,
    unit: Unit,
    /// The unit's name in units.yaml, for messages.
    name: String,
}

/// Units and magnitudes, ready for lookup.
#[derive(Debug)]
pub struct UnitTable {
    /// Surfaces by their first character (lowercased for case-folded ones),
    /// longest first.
    surfaces: HashMap<char, Vec<Surface>>,
    /// Each prefixed unit under every prefix of each of its families,
    /// smallest factor first, by the unit's name: the byte gives [B, kB,
    /// MB, …] and [B, KiB, MiB, …].
    ladders: HashMap<String, Vec<Vec<Unit>>>,
    magnitudes: Vec<Magnitude>,
}

const BUILTIN: &str = include_str!("../../claims/units.yaml");

impl UnitTable {
    /// The table compiled into the binary.
    pub fn builtin() -> &'static UnitTable {
        static TABLE: std::sync::OnceLock<UnitTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            UnitTable::parse(BUILTIN).expect("claims/units.yaml is checked by the test suite")
        })
    }

    pub fn parse(yaml: &str) -> Result<UnitTable, UnitTableError> {
        let file: File = serde_saphyr::from_str(yaml).map_err(|e| {
            let (line, column) = e
                .location()
                .map(|l| (l.line(), l.column()))
                .unwrap_or((0, 0));
            UnitTableError::Syntax {
                line,
                column,
                message: crate::error::yaml_message(&e),
            }
        })?;
        let mut all: Vec<Surface> = Vec::new();
        let mut ladders: HashMap<String, Vec<Vec<Unit>>> = HashMap::new();
        for def in &file.units {
            let mut dimension = Dimension::NONE;
            for (name, exponent) in &def.dimension {
                let base = Base::from_name(name).ok_or_else(|| {
                    UnitTableError::Invalid(format!(
                        "unit {:?}: unknown base dimension {name:?}",
                        def.name
                    ))
                })?;
                dimension = dimension.with(base, *exponent);
            }
            let plain = |label: &str, factor: f64, binary: Option<f64>| Unit {
                label: label.to_string(),
                dimension,
                factor,
                binary_factor: binary,
                calendar_range: def.calendar_range.map(|[shortest, longest]| {
                    (
                        shortest * factor / def.factor,
                        longest * factor / def.factor,
                    )
                }),
            };
            let mut push = |text: String, fold_case: bool, unit: Unit| {
                all.push(Surface {
                    text,
                    fold_case,
                    unit,
                    name: def.name.clone(),
                });
            };
            for symbol in &def.symbols {
                push(symbol.clone(), false, plain(symbol, def.factor, None));
            }
            for word in &def.words {
                push(word.clone(), word.is_ascii(), plain(word, def.factor, None));
            }
            for family in &def.prefixes {
                let prefixes = file.prefixes.get(family).ok_or_else(|| {
                    UnitTableError::Invalid(format!(
                        "unit {:?}: unknown prefix family {family:?}",
                        def.name
                    ))
                })?;
                if let Some(symbol) = def.symbols.first() {
                    let mut ladder = vec![plain(symbol, def.factor, None)];
                    for p in prefixes {
                        if ladder.iter().all(|u| u.factor != p.factor * def.factor) {
                            let label = format!("{}{symbol}", p.symbol);
                            ladder.push(plain(&label, p.factor * def.factor, None));
                        }
                    }
                    ladder.sort_by(|a, b| a.factor.total_cmp(&b.factor));
                    ladders.entry(def.name.clone()).or_default().push(ladder);
                }
                let binary_of = |p: &PrefixDef| {
                    if !(def.binary_reading && family == "metric") {
                        return None;
                    }
                    let binary = file.prefixes.get("binary")?;
                    let symbol = format!("{}i", p.symbol.to_uppercase());
                    binary
                        .iter()
                        .find(|b| b.symbol == symbol)
                        .map(|b| b.factor * def.factor)
                };
                for p in prefixes {
                    let binary = binary_of(p);
                    for symbol in def.symbols.iter().chain(&def.prefixed_symbols) {
                        let text = format!("{}{}", p.symbol, symbol);
                        push(
                            text.clone(),
                            false,
                            plain(&text, p.factor * def.factor, binary),
                        );
                        if symbol.len() > 1 {
                            // "teraFLOPS", and at the start of a word or a
                            // sentence "ExaFLOPs".
                            let label = format!("{}{}", p.symbol, symbol);
                            for word in [p.word.clone(), capitalised(&p.word)] {
                                let text = format!("{word}{symbol}");
                                let unit = plain(&label, p.factor * def.factor, binary);
                                push(text, false, unit);
                            }
                        }
                    }
                    for word in def.words.iter().filter(|w| w.is_ascii()) {
                        let text = format!("{}{}", p.word, word);
                        let label = format!("{}{}", p.symbol, def.symbols.first().unwrap_or(word));
                        push(text, true, plain(&label, p.factor * def.factor, binary));
                    }
                }
            }
        }
        let mut surfaces: HashMap<char, Vec<Surface>> = HashMap::new();
        for s in all {
            let Some(first) = s.text.chars().next() else {
                return Err(UnitTableError::Invalid(format!(
                    "unit {:?}: empty surface form",
                    s.name
                )));
            };
            let key = if s.fold_case {
                first.to_ascii_lowercase()
            } else {
                first
            };
            let bucket = surfaces.entry(key).or_default();
            if let Some(other) = bucket.iter().find(|o| {
                o.text.eq_ignore_ascii_case(&s.text) && (o.fold_case || s.fold_case)
                    || o.text == s.text
            }) {
                let same =
                    other.unit.factor == s.unit.factor && other.unit.dimension == s.unit.dimension;
                if !same {
                    return Err(UnitTableError::Invalid(format!(
                        "the form {:?} means both {:?} and {:?}",
                        s.text, other.name, s.name
                    )));
                }
                continue;
            }
            bucket.push(s);
        }
        for bucket in surfaces.values_mut() {
            bucket.sort_by(|a, b| b.text.len().cmp(&a.text.len()).then(a.text.cmp(&b.text)));
        }
        let mut magnitudes = Vec::new();
        for def in &file.magnitudes {
            for word in &def.words {
                if magnitudes.iter().any(|m: &Magnitude| &m.word == word) {
                    return Err(UnitTableError::Invalid(format!(
                        "the magnitude word {word:?} is listed twice"
                    )));
                }
                magnitudes.push(Magnitude {
                    word: word.clone(),
                    factor: def.factor,
                    alternative: def.alternative,
                });
            }
        }
        magnitudes.sort_by(|a, b| b.word.len().cmp(&a.word.len()).then(a.word.cmp(&b.word)));
        Ok(UnitTable {
            surfaces,
            ladders,
            magnitudes,
        })
    }

    /// The longest simple unit at the start of `text`.
    pub fn unit_at(&self, text: &str) -> Option<UnitMatch> {
        let first = text.chars().next()?;
        let mut best: Option<UnitMatch> = None;
        for key in [first, first.to_ascii_lowercase()] {
            let Some(bucket) = self.surfaces.get(&key) else {
                continue;
            };
            for s in bucket {
                if best.as_ref().is_some_and(|b| b.len >= s.text.len()) {
                    break;
                }
                let Some(head) = text.get(..s.text.len()) else {
                    continue;
                };
                let matches = if s.fold_case {
                    head.eq_ignore_ascii_case(&s.text)
                } else {
                    head == s.text
                };
                if matches && ends_word(text, s.text.len()) {
                    best = Some(UnitMatch {
                        unit: s.unit.clone(),
                        len: s.text.len(),
                    });
                }
            }
            if first.is_ascii_lowercase() {
                break;
            }
        }
        best
    }

    /// The unit written `label` under every prefix of its family, smallest
    /// factor first: "GB" gives B, kB, MB, GB, TB, PB, EB; "GiB" B, KiB …
    /// PiB; "字节" the ladder of B. `None` for a unit that takes no prefix.
    pub fn prefix_ladder(&self, label: &str) -> Option<&[Unit]> {
        let first = label.chars().next()?;
        let surface = [first, first.to_ascii_lowercase()]
            .iter()
            .filter_map(|key| self.surfaces.get(key))
            .flatten()
            .find(|s| {
                if s.fold_case {
                    s.text.eq_ignore_ascii_case(label)
                } else {
                    s.text == label
                }
            })?;
        let ladders = self.ladders.get(&surface.name)?;
        ladders
            .iter()
            .find(|ladder| ladder.iter().any(|u| u.factor == surface.unit.factor))
            .or(ladders.first())
            .map(Vec::as_slice)
    }

    /// The longest unit at the start of `text`, compound ones included:
    /// "GB/s", "tokens per second", "$/GPU-hour" (after the `$`).
    pub fn compound_unit_at(&self, text: &str) -> Option<UnitMatch> {
        let head = self.unit_at(text)?;
        Some(self.extend_per(text, head))
    }

    /// Extends a unit with a denominator: "/s", " per hour", "/卡时".
    pub fn extend_per(&self, text: &str, head: UnitMatch) -> UnitMatch {
        let rest = &text[head.len..];
        // "美元一小时" is dollars per hour, as "美元每小时" is.
        for sep in ["/", " / ", " per ", "／", "每", "一"] {
            if let Some(after) = rest.strip_prefix(sep)
                && let Some(denominator) = self.unit_at(after)
                && denominator.unit.dimension != Dimension::NONE
            {
                return UnitMatch {
                    unit: head.unit.per(&denominator.unit),
                    len: head.len + sep.len() + denominator.len,
                };
            }
        }
        head
    }

    /// The first unit with a physical dimension named in a text as a word
    /// of its own: "Dense BF16 TFLOPS" names TFLOPS, "H800 卡时" 卡时.
    pub fn unit_named_in(&self, text: &str) -> Option<Unit> {
        text.char_indices()
            .filter(|&(i, _)| {
                !text[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
            })
            .filter_map(|(i, _)| self.compound_unit_at(&text[i..]))
            .map(|m| m.unit)
            .find(|u| !u.dimension.is_dimensionless())
    }

    /// The longest magnitude word at the start of `text`.
    pub fn magnitude_at(&self, text: &str) -> Option<&Magnitude> {
        self.magnitudes.iter().find(|m| {
            text.starts_with(m.word.as_str())
                && (!m.word.is_ascii() || m.word.len() == 1 || ends_word(text, m.word.len()))
        })
    }

    pub fn magnitudes(&self) -> &[Magnitude] {
        &self.magnitudes
    }

    /// Every surface form, for the alias test and `audit kb`.
    pub fn surface_count(&self) -> usize {
        self.surfaces.values().map(Vec::len).sum()
    }
}

/// "Exa" of "exa".
fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Whether a match of `len` bytes ends at a word boundary: an ASCII letter or
/// digit right after an ASCII match means the match is part of a longer word.
fn ends_word(text: &str, len: usize) -> bool {
    // "528个张量核心": the 张 of 张量 (tensor) is no measure word.
    if matches!(&text[..len], "张" | "張") && text[len..].starts_with('量') {
        return false;
    }
    let matched_ascii_letter = text[..len]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    if !matched_ascii_letter {
        return true;
    }
    !text[len..]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(text: &str) -> Unit {
        UnitTable::builtin()
            .compound_unit_at(text)
            .unwrap_or_else(|| panic!("no unit in {text:?}"))
            .unit
    }

    #[test]
    fn builtin_table_loads_with_unique_forms() {
        let table = UnitTable::parse(BUILTIN).unwrap();
        assert!(table.surface_count() > 200);
    }

    #[test]
    fn metric_and_binary_prefixes_are_apart() {
        assert_eq!(unit("GB").factor, 1e9);
        assert_eq!(unit("GB").binary_factor, Some(1073741824.0));
        assert_eq!(unit("GiB").factor, 1073741824.0);
        assert_eq!(unit("MiB").factor, 1048576.0);
        assert_eq!(unit("MB").factor, 1e6);
    }

    #[test]
    fn bits_are_an_eighth_of_a_byte() {
        let gbps = unit("Gb/s");
        let gbytes = unit("GB/s");
        assert_eq!(gbytes.factor / gbps.factor, 8.0);
        assert_eq!(unit("Gbps").factor, gbps.factor);
        assert!(gbps.dimension.compatible(gbytes.dimension));
    }

    #[test]
    fn power_prefixes_convert() {
        assert_eq!(unit("MW").factor / unit("kW").factor, 1000.0);
        assert_eq!(unit("兆瓦").factor, 1e6);
        assert_eq!(unit("千瓦").factor, 1e3);
        assert_eq!(unit("megawatts").factor, 1e6);
    }

    #[test]
    fn compound_units_divide() {
        let rate = unit("TB/s");
        assert_eq!(rate.factor, 1e12);
        assert_eq!(
            rate.dimension,
            Dimension::of(Base::Byte) / Dimension::of(Base::Second)
        );
        let price = unit("USD/GPU-hour");
        assert_eq!(price.factor, 1.0 / 3600.0);
        let cn = unit("美元/卡时");
        assert_eq!(cn.dimension, price.dimension);
    }

    #[test]
    fn prefixed_flops_spelled_every_way() {
        let rate = unit("TFLOPS");
        for form in ["Tflops", "TFlops", "teraflops", "Teraflops", "TeraFLOPS"] {
            assert_eq!(unit(form).dimension, rate.dimension, "{form}");
            assert_eq!(unit(form).factor, 1e12, "{form}");
        }
        assert_eq!(unit("Tflops").label, "Tflops");
        assert_eq!(unit("teraflops").label, "Tflops");
        // ExaFLOPs counts, as FLOPs does.
        assert_eq!(unit("ExaFLOPs").dimension, unit("FLOPs").dimension);
        assert_eq!(unit("ExaFLOPs").factor, 1e18);
        assert_eq!(unit("exaFLOP/s").dimension, rate.dimension);
        // Bare "flops" is a count in one field and a rate in another.
        let table = UnitTable::builtin();
        assert!(table.unit_at("flops").is_none());
        assert!(table.unit_at("Flops").is_none());
        assert!(table.unit_at("Exaggerated").is_none());
    }

    #[test]
    fn flops_rate_and_count_differ() {
        assert_eq!(unit("TFLOPS").dimension, unit("TFLOP/s").dimension);
        assert!(!unit("TFLOPS").dimension.compatible(unit("FLOPs").dimension));
        assert_eq!(unit("teraFLOPS").factor, 1e12);
    }

    #[test]
    fn tensor_is_no_measure_word() {
        let table = UnitTable::builtin();
        assert!(table.unit_at("张量核心").is_none());
        assert!(table.unit_at("張量核心").is_none());
        assert!(table.unit_at("张卡").is_some());
    }

    #[test]
    fn words_need_a_boundary() {
        let table = UnitTable::builtin();
        assert!(table.unit_at("hours").is_some());
        assert!(table.unit_at("hx").is_none());
        assert_eq!(table.unit_at("GB of memory").unwrap().len, 2);
    }

    #[test]
    fn a_prefixed_unit_has_a_ladder_in_its_own_family() {
        let table = UnitTable::builtin();
        let labels = |label: &str| -> Vec<String> {
            table
                .prefix_ladder(label)
                .unwrap_or_else(|| panic!("no ladder for {label:?}"))
                .iter()
                .map(|u| u.label.clone())
                .collect()
        };
        assert_eq!(labels("GB"), ["B", "kB", "MB", "GB", "TB", "PB", "EB"]);
        assert_eq!(labels("GiB"), ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]);
        assert_eq!(labels("字节"), labels("GB"));
        assert_eq!(labels("TWh")[4], "TWh");
        assert!(table.prefix_ladder("hours").is_none());
        assert!(table.prefix_ladder("卡时").is_none());
    }

    #[test]
    fn magnitude_words_are_longest_first() {
        let table = UnitTable::builtin();
        assert_eq!(table.magnitude_at("万亿参数").unwrap().factor, 1e12);
        assert_eq!(table.magnitude_at("万参数").unwrap().factor, 1e4);
        assert_eq!(table.magnitude_at("兆").unwrap().alternative, Some(1e6));
        assert!(table.magnitude_at("millions").is_none());
    }

    #[test]
    fn conflicting_forms_are_refused() {
        let yaml = "prefixes: {}\nmagnitudes: []\nunits:\n  - {name: a, dimension: {byte: 1}, symbols: [Q], words: [], prefixes: []}\n  - {name: b, dimension: {watt: 1}, symbols: [Q], words: [], prefixes: []}\n";
        let err = UnitTable::parse(yaml).unwrap_err().to_string();
        assert!(err.contains("\"Q\""), "{err}");
    }

    #[test]
    fn syntax_errors_have_a_location() {
        let err = UnitTable::parse("prefixes: {}\nunits: [\n  nope: 1\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("claims/units.yaml:"), "{err}");
        assert!(!err.starts_with("claims/units.yaml:0:"), "{err}");
    }
}
