//! Loading and validating knowledge-base files: the schema (serde, unknown
//! fields refused), every value's unit, every cited source, unique ids,
//! unambiguous names within a kind, and files sorted by id. Problems are
//! collected, not stopped at, so one run of `audit kb check` lists them all.

use std::collections::{BTreeMap, HashMap};

use serde_saphyr::{Location, Spanned};

use super::quote;
use super::schema::{EntityDef, FactDef, File, Kind, SourceDef};
use super::value::parse as parse_value;
use super::{Entity, Fact, FactValue, KbError, KbFile, Problem, Reading, Source};
use crate::units::UnitTable;

type Loaded = (Vec<Entity>, BTreeMap<String, Source>);

/// Where an entity and its names were written, for messages.
struct Origin {
    file: String,
    id: Location,
    names: Vec<(String, Location)>,
}

struct Problems(Vec<Problem>);

impl Problems {
    fn at(&mut self, file: &str, location: &Location, message: impl Into<String>) {
        self.0.push(Problem {
            file: file.to_string(),
            line: location.line(),
            column: location.column(),
            message: message.into(),
        });
    }
}

/// A citation to resolve once every file's sources are known.
struct Citation {
    file: String,
    location: Location,
    source: String,
}

/// Where a missing source was looked for, each place named as the user
/// gave it: "neither the built-in sources/ nor tests/kb/mine defines".
fn undefined_in(places: &[String]) -> String {
    match places {
        [] => "no file defines".to_string(),
        [one] => format!("{one} does not define"),
        [a, b] => format!("neither {a} nor {b} defines"),
        [first @ .., last] => format!("none of {} or {last} defines", first.join(", ")),
    }
}

/// Reads each file's YAML, then validates and merges them in order. A file
/// that is not valid YAML for the schema is a problem and is left out.
pub fn load(files: &[KbFile], units: &UnitTable) -> Result<Loaded, KbError> {
    let mut problems = Problems(Vec::new());
    let mut parsed = Vec::new();
    for file in files {
        match serde_saphyr::from_str::<File>(&file.text) {
            Ok(p) => parsed.push((file.clone(), p)),
            Err(e) => {
                let (line, column) = e
                    .location()
                    .map(|l| (l.line(), l.column()))
                    .unwrap_or((0, 0));
                problems.0.push(Problem {
                    file: file.name.clone(),
                    line,
                    column,
                    message: crate::error::yaml_message(&e),
                });
            }
        }
    }
    merge(parsed, units, problems)
}

/// Validates and merges files already read into the schema (the built-in
/// ones, read from the JSON `build.rs` writes).
pub fn load_parsed(files: Vec<(KbFile, File)>, units: &UnitTable) -> Result<Loaded, KbError> {
    merge(files, units, Problems(Vec::new()))
}

fn merge(
    files: Vec<(KbFile, File)>,
    units: &UnitTable,
    mut problems: Problems,
) -> Result<Loaded, KbError> {
    let mut entities: BTreeMap<String, (Entity, bool)> = BTreeMap::new();
    let mut origins: HashMap<String, Origin> = HashMap::new();
    let mut sources: BTreeMap<String, (Source, bool)> = BTreeMap::new();
    let mut citations = Vec::new();
    // Where a source may be defined, in load order: the built-in sources/
    // and each user's folder, as its messages name them.
    let mut places: Vec<String> = Vec::new();
    for (file, parsed) in files {
        let file = &file;
        if !places.iter().any(|p| p == file.place()) {
            places.push(file.place().to_string());
        }
        check_sorted(
            &file.name,
            parsed.entities.iter().map(|e| &e.id),
            "entities",
            &mut problems,
        );
        check_sorted(
            &file.name,
            parsed.sources.iter().map(|s| &s.id),
            "sources",
            &mut problems,
        );
        for def in parsed.sources {
            add_source(file, def, &mut sources, &mut problems);
        }
        for def in parsed.entities {
            let Some((entity, origin)) =
                read_entity(file, def, units, &mut citations, &mut problems)
            else {
                continue;
            };
            let id = entity.id.clone();
            add_entity(file, entity, &origin, &mut entities, &mut problems);
            match origins.get_mut(&id) {
                Some(first) => first.names.extend(origin.names),
                None => {
                    origins.insert(id, origin);
                }
            }
        }
    }
    for c in &citations {
        match sources.get(&c.source) {
            None => problems.at(
                &c.file,
                &c.location,
                format!("cites {:?}, which {}", c.source, undefined_in(&places)),
            ),
            Some((source, _)) => {
                if let Some(missing) = undated_or_unkinded(source) {
                    let defined = if source.file == c.file {
                        String::new()
                    } else {
                        format!(" (in {})", source.file)
                    };
                    problems.at(
                        &c.file,
                        &c.location,
                        format!(
                            "cites {:?}{defined}, which has no {missing}: every cited source says whether it is primary or secondary, and when it was published",
                            c.source
                        ),
                    );
                }
            }
        }
    }
    let entities: Vec<Entity> = entities.into_values().map(|(e, _)| e).collect();
    check_names(&entities, &origins, &mut problems);
    if problems.0.is_empty() {
        Ok((
            entities,
            sources.into_iter().map(|(k, (s, _))| (k, s)).collect(),
        ))
    } else {
        problems.0.sort();
        problems.0.dedup();
        Err(KbError {
            problems: problems.0,
        })
    }
}

/// What a cited source lacks of what every source must say: its kind
/// (primary or secondary) and its date.
fn undated_or_unkinded(source: &Source) -> Option<&'static str> {
    match (source.kind.is_none(), source.date.is_none()) {
        (false, false) => None,
        (true, false) => Some("kind (primary or secondary)"),
        (false, true) => Some("date"),
        (true, true) => Some("kind (primary or secondary) and no date"),
    }
}

fn check_sorted<'a>(
    file: &str,
    ids: impl Iterator<Item = &'a Spanned<String>>,
    what: &str,
    problems: &mut Problems,
) {
    let mut previous: Option<&Spanned<String>> = None;
    for id in ids {
        if let Some(p) = previous
            && p.value >= id.value
        {
            problems.at(
                file,
                &id.referenced,
                format!(
                    "{what} are not sorted by id: {:?} comes after {:?}",
                    id.value, p.value
                ),
            );
        }
        previous = Some(id);
    }
}

fn add_source(
    file: &KbFile,
    def: SourceDef,
    sources: &mut BTreeMap<String, (Source, bool)>,
    problems: &mut Problems,
) {
    if !(def.url.value.starts_with("https://") || def.url.value.starts_with("http://")) {
        problems.at(
            &file.name,
            &def.url.referenced,
            "a source's url must be http(s)",
        );
    }
    let source = Source {
        id: def.id.value.clone(),
        title: def.title,
        publisher: def.publisher,
        url: def.url.value,
        date: def.date.filter(|d| !d.trim().is_empty()),
        kind: def.kind,
        file: file.name.clone(),
    };
    match sources.get(&source.id) {
        Some((existing, builtin)) if *builtin == file.builtin => problems.at(
            &file.name,
            &def.id.referenced,
            format!(
                "source {:?} is already defined in {}",
                source.id, existing.file
            ),
        ),
        _ => {
            sources.insert(source.id.clone(), (source, file.builtin));
        }
    }
}

fn read_entity(
    file: &KbFile,
    def: EntityDef,
    units: &UnitTable,
    citations: &mut Vec<Citation>,
    problems: &mut Problems,
) -> Option<(Entity, Origin)> {
    // A fact with a problem is left out and the rest kept, so that one run
    // finds the problems that depend on the entity too.
    let facts = def
        .facts
        .into_iter()
        .filter_map(|fact| read_fact(file, fact, units, citations, problems))
        .collect();
    let origin = Origin {
        file: file.name.clone(),
        id: def.id.referenced,
        names: std::iter::once(&def.name)
            .chain(&def.aliases)
            .map(|n| (n.value.clone(), n.referenced))
            .collect(),
    };
    let entity = Entity {
        id: def.id.value,
        kind: def.kind,
        name: def.name.value,
        vendor: def.vendor,
        family: def.family.map(|f| f.value),
        aliases: def.aliases.into_iter().map(|a| a.value).collect(),
        facts,
    };
    Some((entity, origin))
}

fn read_fact(
    file: &KbFile,
    def: FactDef,
    units: &UnitTable,
    citations: &mut Vec<Citation>,
    problems: &mut Problems,
) -> Option<Fact> {
    let mut readings = Vec::with_capacity(1 + def.alternatives.len());
    let mut ok = true;
    let mut read = |value: Spanned<String>,
                    qualifiers: BTreeMap<String, String>,
                    source: Spanned<String>,
                    quote: Spanned<String>| {
        if quote.value.trim().is_empty() {
            problems.at(
                &file.name,
                &quote.referenced,
                "a fact needs the figure quoted from its source",
            );
        }
        citations.push(Citation {
            file: file.name.clone(),
            location: source.referenced,
            source: source.value.clone(),
        });
        match parse_value(&value.value, units) {
            Ok(v) => {
                if let FactValue::Measure(m) = &v
                    && !quote.value.trim().is_empty()
                {
                    let dense = qualifiers.get("sparsity").is_some_and(|s| s == "dense");
                    let stated = quote::states(&m.text, dense, &quote.value, units)
                        || (file.builtin
                            && quote::known_unstated(&file.name, &m.text, &quote.value));
                    if !stated {
                        problems.at(
                            &file.name,
                            &quote.referenced,
                            format!(
                                "the quote does not state the value {}: no figure of {:?} is {} after a decimal unit scaling{}",
                                m.text,
                                quote.value,
                                m.text.split_once(' ').map_or(m.text.as_str(), |(n, _)| n),
                                if dense { " (or, for a dense figure, the sparse one it halves)" } else { "" },
                            ),
                        );
                    }
                }
                Some(Reading {
                    value: v,
                    qualifiers,
                    source: source.value,
                    quote: quote.value,
                })
            }
            Err(message) => {
                problems.at(&file.name, &value.referenced, message);
                None
            }
        }
    };
    match read(def.value, def.qualifiers.clone(), def.source, def.quote) {
        Some(r) => readings.push(r),
        None => ok = false,
    }
    for alt in def.alternatives {
        let mut qualifiers = def.qualifiers.clone();
        qualifiers.extend(alt.qualifiers);
        match read(alt.value, qualifiers, alt.source, alt.quote) {
            Some(r) => readings.push(r),
            None => ok = false,
        }
    }
    ok.then(|| Fact {
        attribute: def.attribute.value,
        readings,
        note: def.note,
        file: file.name.clone(),
        overrides: None,
    })
}

/// Adds an entity; a user's entity with a built-in id overrides it fact by
/// fact.
fn add_entity(
    file: &KbFile,
    entity: Entity,
    origin: &Origin,
    entities: &mut BTreeMap<String, (Entity, bool)>,
    problems: &mut Problems,
) {
    let origin = origin.id;
    match entities.get_mut(&entity.id) {
        None => {
            entities.insert(entity.id.clone(), (entity, file.builtin));
        }
        Some((existing, builtin)) if *builtin == file.builtin => problems.at(
            &file.name,
            &origin,
            format!(
                "entity {:?} is defined twice (also in {})",
                entity.id,
                existing
                    .facts
                    .first()
                    .map_or("another file", |f| f.file.as_str())
            ),
        ),
        Some((existing, _)) => {
            if existing.kind != entity.kind {
                problems.at(
                    &file.name,
                    &origin,
                    format!(
                        "entity {:?} overrides a built-in {} with kind {}",
                        entity.id,
                        existing.kind.name(),
                        entity.kind.name()
                    ),
                );
                return;
            }
            override_entity(existing, entity);
        }
    }
}

fn override_entity(existing: &mut Entity, user: Entity) {
    existing.name = user.name;
    if user.vendor.is_some() {
        existing.vendor = user.vendor;
    }
    if user.family.is_some() {
        existing.family = user.family;
    }
    for alias in user.aliases {
        if !existing.aliases.contains(&alias) {
            existing.aliases.push(alias);
        }
    }
    for mut fact in user.facts {
        let same = existing
            .facts
            .iter()
            .position(|f| f.attribute == fact.attribute && f.qualifiers() == fact.qualifiers());
        match same {
            Some(i) => {
                let replaced = std::mem::replace(&mut existing.facts[i], fact);
                existing.facts[i].overrides = Some(Box::new(replaced));
            }
            None => {
                fact.overrides = None;
                existing.facts.push(fact);
            }
        }
    }
}

/// A name or alias must mean one entity within a kind, and must not be the
/// family name of others: "H100" may name a family, not also one variant.
fn check_names(entities: &[Entity], origins: &HashMap<String, Origin>, problems: &mut Problems) {
    let mut owners: HashMap<(Kind, String), &str> = HashMap::new();
    let mut families: HashMap<(Kind, String), &str> = HashMap::new();
    for e in entities {
        if let Some(f) = &e.family {
            families.entry((e.kind, f.to_lowercase())).or_insert(&e.id);
        }
    }
    for e in entities {
        let origin = &origins[&e.id];
        let mut own: Vec<(String, Location)> = origin
            .names
            .iter()
            .map(|(n, l)| (n.to_lowercase(), *l))
            .collect();
        own.sort_by(|a, b| a.0.cmp(&b.0));
        own.dedup_by(|a, b| a.0 == b.0);
        for (name, location) in own {
            if let Some(other) = owners.insert((e.kind, name.clone()), &e.id) {
                problems.at(
                    &origin.file,
                    &location,
                    format!(
                        "the {} name {name:?} is ambiguous: both {other:?} and {:?} use it",
                        e.kind.name(),
                        e.id
                    ),
                );
            }
            if let Some(family) = families.get(&(e.kind, name.clone()))
                && e.family.as_deref().map(str::to_lowercase) != Some(name.clone())
            {
                problems.at(
                    &origin.file,
                    &location,
                    format!(
                        "{:?} uses {name:?} as a name, but it is the family of {family:?}",
                        e.id
                    ),
                );
            }
        }
    }
}
