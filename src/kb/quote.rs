//! Whether a fact's quote states its value: some number of the quote,
//! read with the article reader's numerals (grouping, decimals, exponents,
//! magnitude words and suffixes, Chinese numerals), equals the value after a
//! decimal unit scaling. "3.35 TB/s" is stated by "3.35TB/s" and by "3,350
//! GB/s", "989.4 TFLOPS" by "989.4" (not by "989", which is rounder than
//! the value claims), "2.788e6 GPU-hours" by "2.788M". A dense throughput
//! may be stated by the sparse figure it halves ("1,979 teraFLOPS*" with
//! sparsity states 989.5 dense), since a datasheet gives only that one;
//! no other derivation is followed.
//!
//! A quote about another figure (a V100's "125 Tensor TFLOPS" cited for its
//! 5,120 CUDA cores) is a citation that does not say what the fact says.

use crate::number::numeral::{digit_value, numeral_at};
use crate::units::UnitTable;

/// Built-in facts whose quote states the value in words or only through a
/// derivation, not as a figure, kept until a source that writes the figure
/// is found: (file, value, quote). Only the built-in files may use it; a
/// user's fact must quote its figure. A test checks every entry is still
/// needed.
pub(super) const KNOWN_UNSTATED_QUOTES: &[(&str, &str, &str)] = &[
    (
        // "gigawatt": 1 GW in a word.
        "claims/clusters.yaml",
        "1 GW",
        "In a post on X, Musk stated that Colossus 2 is already operational, making it the first gigawatt training cluster in the world.",
    ),
    (
        // A decimal comma: "3,7" is 3.7 in Portuguese.
        "claims/hardware/intel.yaml",
        "3.7 TB/s",
        "largura de banda máxima de 3,7 TB por segundo",
    ),
    (
        // NVIDIA's launch post of May 2020; the year is the post's date.
        "claims/hardware/nvidia.yaml",
        "2020",
        "Now, NVIDIA has introduced NVIDIA DGX A100. Built on the brand new NVIDIA A100 Tensor Core GPU, DGX A100 is the third generation of DGX systems",
    ),
    (
        // 8 x 900 GB/s: the aggregate of an 8-GPU H200 board.
        "claims/hardware/nvidia.yaml",
        "7.2 TB/s",
        "GPU Interconnect NVLink 4.0 (900 GB/s bidirectional)",
    ),
    (
        // "an extra forward pass": one, in a word.
        "claims/papers.yaml",
        "1",
        "we design an algorithm that costs O(√n) memory to train a n layer network, with only the computational cost of an extra forward pass per mini-batch",
    ),
];

/// Whether a built-in fact is one of [`KNOWN_UNSTATED_QUOTES`].
pub(super) fn known_unstated(file: &str, value: &str, quote: &str) -> bool {
    KNOWN_UNSTATED_QUOTES
        .iter()
        .any(|&(f, v, q)| f == file && v == value && q == quote)
}

/// A number of the quote: its value and half a unit of its last digit.
#[derive(Clone, Copy, Debug)]
struct Stated {
    value: f64,
    half: f64,
}

/// How far two figures may differ from rounding error in the arithmetic.
const EPSILON: f64 = 1e-9;

/// Whether `quote` states the measure written `text` ("3.35 TB/s", "38..43
/// %"); `dense` allows the sparse figure a dense one halves. Every end of a
/// range must be stated.
pub(super) fn states(text: &str, dense: bool, quote: &str, units: &UnitTable) -> bool {
    let number_text = text.split_once(' ').map_or(text, |(n, _)| n);
    let stated = numbers(quote, units);
    let ends: Vec<&str> = match number_text.split_once("..") {
        Some((lo, hi)) => vec![lo, hi],
        None => vec![number_text],
    };
    ends.iter().all(|end| match written(end) {
        Some((value, half)) => stated
            .iter()
            .any(|s| meets(*s, value, half) || (dense && halves(*s, value, half))),
        None => true,
    })
}

/// The numbers of a quote, each read from where it starts: not inside a
/// name ("H100", "FP8", "MI300X": digits glued to capitals), not inside
/// another number. Digits glued to a lower-case word are a copy of a table
/// that runs its cells together ("HBM Capacity128 GB"), and count.
fn numbers(quote: &str, units: &UnitTable) -> Vec<Stated> {
    let mut found = Vec::new();
    let mut pos = 0;
    while pos < quote.len() {
        let c = quote[pos..].chars().next().expect("pos is a char boundary");
        let glued = quote[..pos]
            .chars()
            .next_back()
            .is_some_and(|p| p.is_ascii_uppercase() || p.is_ascii_digit() || p == '.' || p == '_');
        if !glued && let Some(n) = numeral_at(quote, pos, units) {
            found.push(Stated {
                value: n.value.nominal,
                half: n.digit_half,
            });
            if let Some(alt) = n.alternative {
                found.push(Stated {
                    value: alt.nominal,
                    half: n.digit_half * alt.nominal / n.value.nominal,
                });
            }
            if n.end > pos {
                pos = n.end;
                continue;
            }
        }
        // A digit glued to a name is skipped with the rest of its digits.
        pos += c.len_utf8();
        if digit_value(c).is_some() && glued {
            while let Some(d) = quote[pos..].chars().next().filter(|d| {
                digit_value(*d).is_some()
                    || *d == '.' && quote[pos + 1..].starts_with(|x: char| x.is_ascii_digit())
            }) {
                pos += d.len_utf8();
            }
        }
    }
    found
}

/// A plain or e-notation number as a fact writes it, and half a unit of
/// its last digit.
fn written(text: &str) -> Option<(f64, f64)> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let value: f64 = text.parse().ok()?;
    let decimals = mantissa.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    Some((value, 0.5 * 10f64.powi(exponent - decimals)))
}

/// The decimal scalings between a quote's unit and the fact's: "3,350 GB/s"
/// for 3.35 TB/s, "2.788M" for 2.788e6.
fn scalings() -> impl Iterator<Item = f64> {
    (-6..=6).map(|k| 10f64.powi(3 * k))
}

/// The quote's number, scaled, is the value to the value's precision: the
/// value is the figure, or the figure rounded ("989.4" states 989 and
/// 989.4, not 989.5; "0.9 TB/s" states 900 GB/s).
fn meets(stated: Stated, value: f64, half: f64) -> bool {
    scalings().any(|s| {
        let diff = (stated.value * s - value).abs();
        diff <= half * (1.0 + EPSILON) + value.abs() * EPSILON
    })
}

/// The quote's number is the sparse figure the dense value halves, to the
/// precision of either.
fn halves(stated: Stated, value: f64, half: f64) -> bool {
    scalings().any(|s| {
        let diff = (stated.value * s - 2.0 * value).abs();
        let tolerance = (2.0 * half).max(stated.half * s);
        diff <= tolerance * (1.0 + EPSILON) + value.abs() * EPSILON
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, quote: &str) -> bool {
        states(text, false, quote, UnitTable::builtin())
    }

    #[test]
    fn a_quote_stating_the_value_passes() {
        assert!(ok("3.35 TB/s", "GPU Memory Bandwidth 3.35TB/s"));
        assert!(ok("3.35 TB/s", "3,350 GB/s of bandwidth"));
        assert!(ok("989.4 TFLOPS", "BF16 | 133.8 | 989.4 | 1978.9 |"));
        assert!(ok("2.788e6 GPU-hours", "only 2.788M H800 GPU hours"));
        assert!(ok("80000 accelerators", "部署了8万张卡"));
        assert!(ok("900 GB/s", "NVLink 0.9 TB/s"));
        assert!(ok("128 GB", "HBM Capacity128 GBHBM Bandwidth3.67 TB/s"));
        assert!(ok("38..43 %", "MFU of 38% to 43%"));
        // The sparse figure states the dense one it halves, for a dense
        // fact only.
        assert!(states(
            "989.5 TFLOPS",
            true,
            "BF16 Tensor Core 1,979 teraFLOPS*",
            UnitTable::builtin()
        ));
        assert!(!ok("989.5 TFLOPS", "BF16 Tensor Core 1,979 teraFLOPS*"));
    }

    #[test]
    fn a_quote_about_another_figure_fails() {
        // The V100's CUDA cores cited with its Tensor throughput.
        assert!(!ok("5120", "125 Tensor TFLOPS"));
        // Rounder than the value, or another rounding.
        assert!(!ok("989.5 TFLOPS", "989.4 TFLOPS"));
        assert!(!ok("3.35 TB/s", "3.4 TB/s"));
        // A digit inside a name is no figure.
        assert!(!ok("100 W", "the H100 draws 700 W"));
        assert!(!ok("38..43 %", "MFU of 38%"));
    }

    #[test]
    fn every_known_unstated_quote_is_still_built_in_and_still_unstated() {
        let files = crate::kb::Kb::builtin_files();
        for &(file, value, quote) in KNOWN_UNSTATED_QUOTES {
            assert!(
                !ok(value, quote),
                "{file}: {value} is stated now: drop it from the list"
            );
            let text = &files
                .iter()
                .find(|f| f.name == file)
                .expect("a built-in file")
                .text;
            assert!(
                text.contains(quote),
                "{file} no longer quotes {quote:?}: drop it from the list"
            );
        }
    }
}
