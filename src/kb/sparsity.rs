//! The other column of a 2:4-sparse part's throughput, derived.
//!
//! Datasheets of parts whose matrix units run 2:4 structured sparsity
//! (NVIDIA since Ampere, AMD since CDNA 3) print two columns per tensor
//! precision: the dense figure and the sparse one, exactly twice it.
//! Sources often quote only one. Without the other, a figure that states
//! no sparsity can never be checked (it may be the missing column), so
//! "the H20 does 176 TFLOPS of FP16" stays unchecked although neither 148
//! nor 296 is 176. An entity that records `structured_sparsity:
//! two-of-four`, with its source, gets the missing column of each tensor
//! precision: twice the dense figure or half the sparse one, citing the
//! figure it came from.
//!
//! Only entities that state the fact get it: some parts have no sparse
//! mode (TPUs, Gaudi, V100), and on others the ratio is not two (Blackwell
//! Ultra's dense FP4 was raised without its sparse figure).

use super::{Entity, Fact, FactValue, Measure, Reading};

/// The attribute that marks a part's matrix units as 2:4-sparse.
const ATTRIBUTE: &str = "structured_sparsity";

/// Its value for 2:4 sparsity: two of every four weights zero.
const TWO_OF_FOUR: &str = "two-of-four";

/// Precisions the matrix units run, which have a sparse mode; FP64 and
/// FP32 vector figures have none.
const TENSOR_PRECISIONS: [&str; 8] = ["tf32", "fp16", "bf16", "fp8", "fp6", "fp4", "int8", "int4"];

/// Adds the missing dense or sparse throughput fact of every tensor
/// precision to an entity that records 2:4 structured sparsity.
pub fn derive_missing_columns(entity: &mut Entity) {
    if entity.word(ATTRIBUTE) != Some(TWO_OF_FOUR) {
        return;
    }
    let derived: Vec<Fact> = entity
        .facts_of("throughput")
        .filter_map(|fact| other_column(entity, fact))
        .collect();
    entity.facts.extend(derived);
}

/// The fact of the column `fact` is not in, when the entity lacks it.
fn other_column(entity: &Entity, fact: &Fact) -> Option<Fact> {
    let qualifiers = fact.qualifiers();
    let precision = qualifiers.get("precision")?;
    if !TENSOR_PRECISIONS.contains(&precision.as_str()) {
        return None;
    }
    let (other, factor) = match qualifiers.get("sparsity")?.as_str() {
        "dense" => ("sparse", 2.0),
        "sparse" => ("dense", 0.5),
        _ => return None,
    };
    let recorded = entity.facts_of("throughput").any(|f| {
        f.qualifiers().get("precision") == Some(precision)
            && f.qualifiers().get("sparsity").map(String::as_str) == Some(other)
    });
    if recorded {
        return None;
    }
    let readings = fact
        .readings
        .iter()
        .map(|r| scaled(r, other, factor))
        .collect::<Option<Vec<_>>>()?;
    Some(Fact {
        attribute: fact.attribute.clone(),
        readings,
        note: Some(format!(
            "derived: {} the {} figure, as 2:4 structured sparsity doubles the dense rate",
            if factor > 1.0 { "twice" } else { "half" },
            qualifiers["sparsity"],
        )),
        file: fact.file.clone(),
        overrides: None,
    })
}

/// A reading scaled into the other column, citing the figure it came from.
fn scaled(reading: &Reading, sparsity: &str, factor: f64) -> Option<Reading> {
    let FactValue::Measure(m) = &reading.value else {
        return None;
    };
    let (number, unit) = m.text.split_once(' ')?;
    let number: f64 = number.parse().ok()?;
    let mut qualifiers = reading.qualifiers.clone();
    qualifiers.insert("sparsity".into(), sparsity.into());
    Some(Reading {
        value: FactValue::Measure(Measure {
            text: format!("{} {unit}", number * factor),
            interval: m.interval.scale(factor),
            unit: m.unit.clone(),
        }),
        qualifiers,
        source: reading.source.clone(),
        quote: reading.quote.clone(),
    })
}

#[cfg(test)]
mod tests {
    use crate::kb::{Kb, KbFile};

    fn kb(sparsity_fact: &str) -> Kb {
        let claims = format!(
            "entities:\n- id: acme-x1\n  kind: accelerator\n  name: Acme X1\n  facts:\n  - attribute: throughput\n    value: 148 TFLOPS\n    qualifiers: {{precision: fp16, sparsity: dense}}\n    source: s\n    quote: FP16 148 TFLOPS\n  - attribute: throughput\n    value: 720 TFLOPS\n    qualifiers: {{precision: fp8, sparsity: sparse}}\n    source: s\n    quote: FP8 720 TFLOPS with sparsity\n  - attribute: throughput\n    value: 44 TFLOPS\n    qualifiers: {{precision: fp32, sparsity: dense}}\n    source: s\n    quote: FP32 44 TFLOPS\n{sparsity_fact}"
        );
        let sources = "sources:\n- id: s\n  title: Acme X1 datasheet\n  publisher: Acme\n  url: https://acme.example/x1\n  date: '2025'\n  kind: primary\n";
        let file = |name: &str, text: &str| KbFile {
            name: name.into(),
            text: text.into(),
            builtin: false,
            folder: None,
        };
        Kb::load(&[file("claims.yaml", &claims), file("sources.yaml", sources)]).unwrap()
    }

    fn throughputs(kb: &Kb) -> Vec<String> {
        let mut all: Vec<String> = kb.entities()[0]
            .facts_of("throughput")
            .map(|f| {
                let q = f.qualifiers();
                format!("{} {} {}", q["precision"], q["sparsity"], f.value().value)
            })
            .collect();
        all.sort();
        all
    }

    #[test]
    fn a_two_four_sparse_part_gets_the_missing_column_of_each_tensor_precision() {
        let marked = kb(
            "  - attribute: structured_sparsity\n    value: two-of-four\n    source: s\n    quote: 2:4 structured sparsity\n",
        );
        assert_eq!(
            throughputs(&marked),
            [
                "fp16 dense 148 TFLOPS",
                "fp16 sparse 296 TFLOPS",
                "fp32 dense 44 TFLOPS",
                "fp8 dense 360 TFLOPS",
                "fp8 sparse 720 TFLOPS",
            ]
        );
    }

    #[test]
    fn a_part_that_does_not_record_two_four_sparsity_gets_nothing() {
        assert_eq!(throughputs(&kb("")).len(), 3);
    }
}
