//! The knowledge base: hardware, models, papers and clusters, each fact with
//! its qualifiers, its value and precision, and a cited source.
//!
//! The YAML under `claims/` and `sources/` is compiled into the binary, so
//! `audit` needs no set-up; [`Kb::load`] layers a user's folders over it. A
//! user entity with a built-in id keeps the built-in facts it does not
//! restate, and each fact it restates (same attribute and qualifiers)
//! replaces the built-in one, remembering what it replaced so reports can say
//! so. Every problem, from a YAML typo to a fact citing a missing source, is
//! reported with its file, line and column (the `validate` module). [`formula`] holds
//! the relations between kinds of figure (`claims/formulas.yaml`); the
//! `sparsity` module derives the throughput column a 2:4-sparse part's
//! sources leave out.

pub mod describe;
pub mod formula;
mod names;
mod quote;
mod schema;
mod sparsity;
mod validate;
mod value;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub use names::{Mention, NameIndex, folded};
pub use schema::{Kind, SourceKind};
pub use value::{FactValue, Measure};

use crate::units::{Dimension, UnitTable};

/// One knowledge-base file, built in or from a user's folder.
#[derive(Clone, Debug)]
pub struct KbFile {
    /// How the file is named in messages: `claims/models.yaml`, or the path
    /// as given.
    pub name: String,
    pub text: String,
    pub builtin: bool,
    /// The user's folder it was read from, as given (`--kb DIR`, the
    /// config's `kb:`), for messages that say where something was looked
    /// for; `None` for built-in files and text given directly.
    pub folder: Option<String>,
}

impl KbFile {
    /// Where this file's sources are, in a message: the built-in
    /// `sources/`, the user's folder, or the file itself.
    pub fn place(&self) -> &str {
        match &self.folder {
            _ if self.builtin => "the built-in sources/",
            Some(folder) => folder,
            None => &self.name,
        }
    }
}

/// The files compiled into the binary, in the order they load: each one's
/// name, its YAML, and the same entities and sources as JSON, which
/// `build.rs` writes and [`Kb::builtin`] reads (YAML took most of the
/// start-up; JSON takes a tenth of it).
const BUILTIN: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_kb.rs"));

/// A problem in a knowledge-base file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    pub file: String,
    pub line: u64,
    pub column: u64,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

/// Why a knowledge base could not be loaded: every problem found, sorted.
#[derive(Debug, thiserror::Error)]
pub struct KbError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for KbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.problems.len();
        write!(
            f,
            "the knowledge base has {count} problem{}",
            if count == 1 { "" } else { "s" }
        )?;
        for p in &self.problems {
            write!(f, "\n  {p}")?;
        }
        Ok(())
    }
}

/// A cited source.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    pub id: String,
    pub title: String,
    pub publisher: String,
    pub url: String,
    /// When it was published; a source cited without one is a problem.
    pub date: Option<String>,
    /// Primary or secondary; a source cited without one is a problem.
    pub kind: Option<SourceKind>,
    /// The file it was read from.
    pub file: String,
}

/// One value of a fact, as one source gives it.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    pub value: FactValue,
    /// The fact's qualifiers, with the alternative's own over them.
    pub qualifiers: BTreeMap<String, String>,
    pub source: String,
    pub quote: String,
}

/// A fact: an attribute of an entity, the value followed and the values
/// other sources give.
#[derive(Clone, Debug, PartialEq)]
pub struct Fact {
    pub attribute: String,
    /// The followed value first, then the alternatives.
    pub readings: Vec<Reading>,
    pub note: Option<String>,
    /// The file the fact comes from.
    pub file: String,
    /// The built-in fact a user's fact replaced.
    pub overrides: Option<Box<Fact>>,
}

impl Fact {
    /// The followed reading.
    pub fn value(&self) -> &Reading {
        &self.readings[0]
    }

    pub fn qualifiers(&self) -> &BTreeMap<String, String> {
        &self.readings[0].qualifiers
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    pub id: String,
    pub kind: Kind,
    pub name: String,
    pub vendor: Option<String>,
    pub family: Option<String>,
    pub aliases: Vec<String>,
    pub facts: Vec<Fact>,
}

impl Entity {
    /// Every name the entity goes by: its name, family and aliases.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.name.as_str())
            .chain(self.family.as_deref())
            .chain(self.aliases.iter().map(String::as_str))
    }

    /// The facts of one attribute.
    pub fn facts_of<'a>(&'a self, attribute: &'a str) -> impl Iterator<Item = &'a Fact> {
        self.facts.iter().filter(move |f| f.attribute == attribute)
    }

    /// A word fact's value ("SXM5" for `form_factor`), if any.
    pub fn word<'a>(&'a self, attribute: &'a str) -> Option<&'a str> {
        self.facts_of(attribute)
            .find_map(|f| match &f.value().value {
                FactValue::Word(w) => Some(w.as_str()),
                FactValue::Measure(_) => None,
            })
    }
}

/// The loaded knowledge base.
#[derive(Clone, Debug)]
pub struct Kb {
    /// Sorted by id.
    entities: Vec<Entity>,
    sources: BTreeMap<String, Source>,
    names: NameIndex,
}

impl Kb {
    /// The knowledge base compiled into the binary.
    pub fn builtin() -> &'static Kb {
        static KB: std::sync::OnceLock<Kb> = std::sync::OnceLock::new();
        KB.get_or_init(|| {
            let files = BUILTIN.iter().map(|(name, text, json)| {
                let file = KbFile {
                    name: (*name).to_string(),
                    text: (*text).to_string(),
                    builtin: true,
                    folder: None,
                };
                let parsed = serde_json::from_str(json).expect("build.rs writes the schema's JSON");
                (file, parsed)
            });
            Kb::from_parsed(files.collect())
                .expect("the built-in knowledge base is checked by tests")
        })
    }

    /// The built-in files, as text.
    pub fn builtin_files() -> Vec<KbFile> {
        BUILTIN
            .iter()
            .map(|(name, text, _)| KbFile {
                name: (*name).to_string(),
                text: (*text).to_string(),
                builtin: true,
                folder: None,
            })
            .collect()
    }

    /// The YAML files of a user's folder, sorted by path, read from disk.
    pub fn folder_files(dir: &Path) -> Result<Vec<KbFile>, KbError> {
        let problem = |path: &Path, message: String| KbError {
            problems: vec![Problem {
                file: path.display().to_string(),
                line: 0,
                column: 0,
                message,
            }],
        };
        let mut paths = Vec::new();
        collect_yaml(dir, &mut paths).map_err(|e| problem(dir, e.to_string()))?;
        if paths.is_empty() {
            return Err(problem(
                dir,
                "no knowledge-base files (*.yaml, *.yml) in this folder".into(),
            ));
        }
        paths.sort();
        paths
            .into_iter()
            .map(|path| {
                let text =
                    std::fs::read_to_string(&path).map_err(|e| problem(&path, e.to_string()))?;
                Ok(KbFile {
                    name: path.display().to_string(),
                    text,
                    builtin: false,
                    folder: Some(dir.display().to_string()),
                })
            })
            .collect()
    }

    /// Loads files in order: later files override earlier ones by id.
    pub fn load(files: &[KbFile]) -> Result<Kb, KbError> {
        let (entities, sources) = validate::load(files, UnitTable::builtin())?;
        Ok(Kb::new(entities, sources))
    }

    /// Loads files already read into the schema, validated as [`Kb::load`]
    /// validates them.
    fn from_parsed(files: Vec<(KbFile, schema::File)>) -> Result<Kb, KbError> {
        let (entities, sources) = validate::load_parsed(files, UnitTable::builtin())?;
        Ok(Kb::new(entities, sources))
    }

    fn new(mut entities: Vec<Entity>, sources: BTreeMap<String, Source>) -> Kb {
        entities
            .iter_mut()
            .for_each(sparsity::derive_missing_columns);
        let names = NameIndex::new(&entities);
        Kb {
            entities,
            sources,
            names,
        }
    }

    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    pub fn entity(&self, index: usize) -> &Entity {
        &self.entities[index]
    }

    /// Whether some entity (of `kind`, if given) states `attribute` in a
    /// dimension `dimension` fits: then a cue for it may speak of such a
    /// figure.
    pub fn records(&self, kind: Option<Kind>, attribute: &str, dimension: Dimension) -> bool {
        self.entities
            .iter()
            .filter(|e| kind.is_none_or(|k| e.kind == k))
            .flat_map(|e| e.facts_of(attribute))
            .any(|f| match &f.value().value {
                FactValue::Measure(m) => m.dimension().compatible(dimension),
                FactValue::Word(_) => false,
            })
    }

    pub fn by_id(&self, id: &str) -> Option<&Entity> {
        self.entities
            .binary_search_by(|e| e.id.as_str().cmp(id))
            .ok()
            .map(|i| &self.entities[i])
    }

    pub fn source(&self, id: &str) -> Option<&Source> {
        self.sources.get(id)
    }

    pub fn sources(&self) -> impl Iterator<Item = &Source> {
        self.sources.values()
    }

    pub fn names(&self) -> &NameIndex {
        &self.names
    }

    /// Every entity a name can mean: the entity it names, or every member
    /// of the family it names. Exact names first, then case-folded ones.
    pub fn lookup(&self, name: &str) -> Vec<&Entity> {
        let exact = self.names.lookup(name, false);
        let found = if exact.is_empty() {
            self.names.lookup(name, true)
        } else {
            exact
        };
        found.into_iter().map(|i| &self.entities[i]).collect()
    }

    pub fn fact_count(&self) -> usize {
        self.entities.iter().map(|e| e.facts.len()).sum()
    }
}

fn collect_yaml(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if hidden {
            continue;
        }
        if entry.file_type()?.is_dir() {
            collect_yaml(&path, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_loads_without_problems() {
        if let Err(e) = Kb::load(&Kb::builtin_files()) {
            panic!("{e}");
        }
    }

    #[test]
    fn builtin_read_from_json_is_the_yaml() {
        let from_yaml = Kb::load(&Kb::builtin_files()).unwrap();
        let from_json = Kb::builtin();
        assert_eq!(from_json.entities(), from_yaml.entities());
        assert_eq!(
            from_json.sources().collect::<Vec<_>>(),
            from_yaml.sources().collect::<Vec<_>>()
        );
        assert!(from_json.fact_count() > 100);
    }

    #[test]
    fn builtin_meets_the_coverage_floor() {
        let kb = Kb::builtin();
        let count = |kinds: &[Kind]| {
            kb.entities()
                .iter()
                .filter(|e| kinds.contains(&e.kind))
                .count()
        };
        assert!(count(&[Kind::Accelerator, Kind::System]) >= 35);
        assert!(count(&[Kind::Model]) >= 20);
        assert!(count(&[Kind::Paper]) >= 10);
        assert!(count(&[Kind::Cluster]) >= 8);
        for e in kb.entities() {
            for f in &e.facts {
                for r in &f.readings {
                    let source = kb.source(&r.source).expect("sources resolve");
                    assert!(source.url.starts_with("http"), "{}", source.id);
                    assert!(
                        source.kind.is_some() && source.date.is_some(),
                        "{} has no kind or no date",
                        source.id
                    );
                    assert!(!r.quote.trim().is_empty(), "{} {}", e.id, f.attribute);
                }
            }
        }
    }

    const SOURCE: &str = "sources:\n- id: s\n  title: T\n  publisher: P\n  url: https://example.com\n  date: '2024'\n  kind: primary\n";

    fn user(text: &str) -> KbFile {
        KbFile {
            name: "user.yaml".into(),
            text: text.into(),
            builtin: false,
            folder: None,
        }
    }

    fn problems(files: &[KbFile]) -> Vec<String> {
        match Kb::load(files) {
            Ok(_) => Vec::new(),
            Err(e) => e.problems.iter().map(ToString::to_string).collect(),
        }
    }

    #[test]
    fn an_unknown_field_is_reported_at_its_place() {
        let text =
            format!("{SOURCE}entities:\n- id: x\n  kind: accelerator\n  name: X\n  colour: red\n");
        let found = problems(&[user(&text)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("user.yaml:12:3: unknown field `colour`"),
            "{found:?}"
        );
    }

    #[test]
    fn semantic_problems_point_at_their_values() {
        let text = format!(
            "{SOURCE}entities:\n- id: b\n  kind: accelerator\n  name: B\n  facts:\n  - attribute: tdp\n    value: 700 Watts-ish\n    source: s\n    quote: q\n  - attribute: tdp\n    value: 700 W\n    source: nowhere\n    quote: 700 W\n- id: a\n  kind: accelerator\n  name: b\n"
        );
        let found = problems(&[user(&text)]);
        assert_eq!(
            found,
            vec![
                "user.yaml:11:9: the accelerator name \"b\" is ambiguous: both \"a\" and \"b\" use it",
                "user.yaml:14:12: unknown unit \"Watts-ish\" (see claims/units.yaml)",
                "user.yaml:19:13: cites \"nowhere\", which user.yaml does not define",
                "user.yaml:21:7: entities are not sorted by id: \"a\" comes after \"b\"",
            ],
        );
    }

    #[test]
    fn a_quote_that_does_not_state_the_value_is_a_problem_at_the_quote() {
        // The V100's CUDA cores cited with a quote about its Tensor throughput.
        let fact = |quote: &str| {
            format!(
                "{SOURCE}entities:\n- id: v\n  kind: accelerator\n  name: V\n  facts:\n  - attribute: cuda_cores\n    value: '5120'\n    source: s\n    quote: {quote}\n"
            )
        };
        assert_eq!(
            problems(&[user(&fact("125 Tensor TFLOPS"))]),
            vec![
                "user.yaml:16:12: the quote does not state the value 5120: no figure of \"125 Tensor TFLOPS\" is 5120 after a decimal unit scaling"
            ],
        );
        assert!(problems(&[user(&fact("'5,120 CUDA cores'"))]).is_empty());
    }

    #[test]
    fn a_fact_citing_a_source_without_kind_or_date_is_a_problem() {
        let text = "sources:\n- id: s\n  title: T\n  publisher: P\n  url: https://example.com\n  date: ''\nentities:\n- id: x\n  kind: model\n  name: X\n  facts:\n  - attribute: parameters_total\n    value: 7e9 parameters\n    source: s\n    quote: 7B\n";
        assert_eq!(
            problems(&[user(text)]),
            vec![
                "user.yaml:14:13: cites \"s\", which has no kind (primary or secondary) and no date: every cited source says whether it is primary or secondary, and when it was published"
            ],
        );
        // A source nothing cites may wait for its kind.
        assert!(
            problems(&[user(
                "sources:\n- id: s\n  title: T\n  publisher: P\n  url: https://example.com\n"
            )])
            .is_empty()
        );
    }

    #[test]
    fn a_user_fact_overrides_the_builtin_one() {
        let mut files = Kb::builtin_files();
        files.push(user(&format!(
            "{SOURCE}entities:\n- id: nvidia-h100-sxm5\n  kind: accelerator\n  name: H100 SXM (as we measured)\n  facts:\n  - attribute: tdp\n    value: 650 W\n    source: s\n    quote: we measured 650 W\n"
        )));
        let kb = Kb::load(&files).unwrap();
        let h100 = kb.by_id("nvidia-h100-sxm5").unwrap();
        let tdp: Vec<_> = h100.facts_of("tdp").collect();
        assert_eq!(tdp.len(), 1);
        assert_eq!(tdp[0].value().value.to_string(), "650 W");
        assert_eq!(tdp[0].file, "user.yaml");
        let replaced = tdp[0]
            .overrides
            .as_ref()
            .expect("remembers the built-in fact");
        assert_eq!(replaced.value().value.to_string(), "700 W");
        assert!(
            h100.facts_of("memory_capacity").next().is_some(),
            "other facts stay"
        );
    }

    #[test]
    fn a_builtin_id_defined_twice_in_user_files_is_a_problem() {
        let entity = "entities:\n- id: x\n  kind: model\n  name: X\n";
        let found = problems(&[user(SOURCE), user(entity), user(entity)]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("defined twice"), "{found:?}");
    }
}
