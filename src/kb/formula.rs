//! Relations between kinds of figure, loaded from `claims/formulas.yaml`:
//! training compute = 6 × parameters × tokens, cost = GPU-hours × price,
//! power = accelerators × power per accelerator, and so on.
//!
//! Each relation is a product, result = constant × Π factorᵉ, in base units,
//! so that any one of its figures can be recomputed from the others: the
//! same relation checks "32 TB ÷ 80 GB = 400 cards" and "400 × 80 GB =
//! 32 TB".

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::yaml_message;
use crate::number::interval::Interval;

/// How much a relation can say: a law contradicts, a rule of thumb only
/// verifies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    Law,
    RuleOfThumb,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Relation {
    pub id: String,
    /// The relation in words: "training compute = 6 × parameters × tokens".
    pub says: String,
    pub result: String,
    /// Each factor's kind and exponent (1 or −1).
    pub factors: BTreeMap<String, i8>,
    #[serde(default = "one")]
    pub constant: f64,
    pub strength: Strength,
    /// Words that, in the result's clause, make the result a whole with
    /// more parts than the relation counts ("the server draws 10 kW": its
    /// CPUs, fans and NICs draw too): the relation then bounds the result
    /// from below, and only a result under it is wrong.
    #[serde(default)]
    pub more_parts: Vec<String>,
    /// Words that, in the result's clause, may make the result another
    /// thing than the relation's ("~42.9 GB of KV cache" beside a model's
    /// parameters is no weights' memory): the relation then may verify the
    /// result but never contradicts it.
    #[serde(default)]
    pub other_things: Vec<String>,
    pub source: String,
    pub quote: String,
}

fn one() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    relations: Vec<Relation>,
}

#[derive(Debug, thiserror::Error)]
#[error("claims/formulas.yaml:{line}:{column}: {message}")]
pub struct FormulaError {
    pub line: u64,
    pub column: u64,
    pub message: String,
}

const BUILTIN: &str = include_str!("../../claims/formulas.yaml");

impl Relation {
    /// Every kind the relation ties together, the result first.
    pub fn kinds(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.result.as_str()).chain(self.factors.keys().map(String::as_str))
    }

    /// The value of `wanted` given every other kind's value, or none when
    /// one is missing or a division has zero in its divisor.
    pub fn solve(
        &self,
        wanted: &str,
        value: impl Fn(&str) -> Option<Interval>,
    ) -> Option<Interval> {
        let power = |x: Interval, e: i8| match e {
            1 => Some(x),
            -1 => Interval::exact(1.0).checked_div(x),
            _ => None,
        };
        let mut product = Interval::exact(self.constant);
        for (kind, &e) in &self.factors {
            if kind != wanted {
                product = product * power(value(kind)?, e)?;
            }
        }
        if wanted == self.result {
            return Some(product);
        }
        let e = *self.factors.get(wanted)?;
        power(value(&self.result)?.checked_div(product)?, e)
    }
}

/// Every word that makes a figure a whole with more parts than a relation
/// counts ([`Relation::more_parts`]): a server, a rack, a site.
pub fn whole_words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = relations()
            .iter()
            .flat_map(|r| r.more_parts.iter().cloned())
            .collect();
        words.sort();
        words.dedup();
        words
    })
}

/// Every relation, sorted by id.
pub fn relations() -> &'static [Relation] {
    static RELATIONS: std::sync::OnceLock<Vec<Relation>> = std::sync::OnceLock::new();
    RELATIONS.get_or_init(|| parse(BUILTIN).expect("claims/formulas.yaml is checked by tests"))
}

pub fn parse(yaml: &str) -> Result<Vec<Relation>, FormulaError> {
    let file: File = serde_saphyr::from_str(yaml).map_err(|e| {
        let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
        FormulaError {
            line,
            column,
            message: yaml_message(&e),
        }
    })?;
    for r in &file.relations {
        if let Some((kind, e)) = r.factors.iter().find(|(_, e)| !matches!(e, 1 | -1)) {
            return Err(FormulaError {
                line: 0,
                column: 0,
                message: format!(
                    "relation {:?}: exponent {e} of {kind:?} is not 1 or -1",
                    r.id
                ),
            });
        }
    }
    Ok(file.relations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::claim::cues::Cues;
    use crate::kb::Kb;

    #[test]
    fn every_relation_names_known_kinds_and_a_known_source() {
        let kinds: Vec<&str> = Cues::builtin()
            .kinds()
            .iter()
            .map(|k| k.name.as_str())
            .collect();
        for r in relations() {
            for k in r.kinds() {
                assert!(kinds.contains(&k), "{}: unknown kind {k}", r.id);
            }
            assert!(
                Kb::builtin().source(&r.source).is_some(),
                "{}: unknown source {}",
                r.id,
                r.source
            );
            assert!(!r.quote.trim().is_empty(), "{}", r.id);
        }
        let ids: Vec<&str> = relations().iter().map(|r| r.id.as_str()).collect();
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "relations sorted by id"
        );
    }

    #[test]
    fn any_figure_can_be_solved_for() {
        let r = relations()
            .iter()
            .find(|r| r.id == "training-compute")
            .unwrap();
        let values = |k: &str| match k {
            "parameters" => Some(Interval::exact(2e12)),
            "tokens" => Some(Interval::exact(4e13)),
            "training_compute" => Some(Interval::exact(4.8e26)),
            _ => None,
        };
        assert_eq!(r.solve("training_compute", values).unwrap().nominal, 4.8e26);
        assert_eq!(r.solve("tokens", values).unwrap().nominal, 4e13);
        let r = relations()
            .iter()
            .find(|r| r.id == "gpu-hours-from-compute")
            .unwrap();
        let values = |k: &str| match k {
            "training_compute" => Some(Interval::exact(3.6e20)),
            "effective_throughput" => Some(Interval::exact(1e14)),
            _ => None,
        };
        assert_eq!(r.solve("gpu_hours", values).unwrap().nominal, 3.6e6);
    }

    #[test]
    fn exponents_other_than_one_are_refused() {
        let yaml = "relations:\n- id: x\n  says: x\n  result: a\n  factors: { b: 2 }\n  strength: law\n  source: s\n  quote: q\n";
        assert!(parse(yaml).unwrap_err().message.contains("exponent 2"));
    }
}
