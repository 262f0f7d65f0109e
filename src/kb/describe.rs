//! The knowledge base for people: `audit kb check`'s summary, `audit kb
//! list`'s one line per entity, and `audit kb show NAME`'s every variant a
//! name can mean, each fact with its qualifiers, readings and sources.

use std::fmt::Write;

use super::{Entity, Fact, Kb, Kind};

/// What `audit kb check` prints when everything loads: the counts, and
/// the user's folders (`--kb`, the config's `kb:`) as given, so a run on
/// one says which it checked.
pub fn summary(kb: &Kb, folders: &[String], builtin: bool) -> String {
    let count = |kind: Kind| kb.entities().iter().filter(|e| e.kind == kind).count();
    let overridden = kb
        .entities()
        .iter()
        .flat_map(|e| &e.facts)
        .filter(|f| f.overrides.is_some())
        .count();
    let mut out = format!(
        "ok: {} entities ({} accelerators, {} systems, {} models, {} papers, {} clusters), {} facts, {} sources\n",
        kb.entities().len(),
        count(Kind::Accelerator),
        count(Kind::System),
        count(Kind::Model),
        count(Kind::Paper),
        count(Kind::Cluster),
        kb.fact_count(),
        kb.sources().count(),
    );
    if !folders.is_empty() {
        let _ = writeln!(
            out,
            "checked {}{}",
            folders.join(", "),
            if builtin {
                " over the built-in knowledge base"
            } else {
                " alone (--no-builtin-kb)"
            }
        );
    }
    if overridden > 0 {
        let _ = writeln!(
            out,
            "{overridden} built-in fact{} overridden by {}",
            if overridden == 1 { "" } else { "s" },
            folders.join(", ")
        );
    }
    out
}

/// One line per entity, sorted by id: id, kind, name.
pub fn list(kb: &Kb) -> String {
    let width = kb.entities().iter().map(|e| e.id.len()).max().unwrap_or(0);
    let mut out = String::new();
    for e in kb.entities() {
        let _ = writeln!(out, "{:<width$}  {:<11}  {}", e.id, e.kind.name(), e.name);
    }
    out
}

/// A name no entity goes by, with the nearest names it may have meant.
#[derive(Debug, thiserror::Error)]
#[error("no entity is called {name:?}{} (`audit kb list` lists them all)", suggestion(.nearest))]
pub struct UnknownName {
    name: String,
    nearest: Vec<String>,
}

fn suggestion(nearest: &[String]) -> String {
    match nearest {
        [] => String::new(),
        [one] => format!("; did you mean {one:?}?"),
        [first @ .., last] => format!(
            "; did you mean {} or {last:?}?",
            first
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Every entity a name can mean, in full.
pub fn show(kb: &Kb, name: &str) -> Result<String, UnknownName> {
    let mut entities = kb.lookup(name);
    if entities.is_empty()
        && let Some(e) = kb.by_id(name)
    {
        entities.push(e);
    }
    if entities.is_empty() {
        return Err(UnknownName {
            name: name.to_string(),
            nearest: kb
                .names()
                .nearest(name, 3)
                .into_iter()
                .map(String::from)
                .collect(),
        });
    }
    let mut out = String::new();
    if entities.len() > 1 {
        let _ = writeln!(
            out,
            "{name:?} can mean {} entities; a figure about it is checked under each reading.\n",
            entities.len()
        );
    }
    for (i, e) in entities.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        entity(kb, e, &mut out);
    }
    Ok(out)
}

fn entity(kb: &Kb, e: &Entity, out: &mut String) {
    let _ = writeln!(out, "{} ({}, {})", e.name, e.kind.name(), e.id);
    if let Some(v) = &e.vendor {
        let _ = writeln!(out, "  vendor: {v}");
    }
    if let Some(f) = &e.family {
        let _ = writeln!(out, "  family: {f}");
    }
    if !e.aliases.is_empty() {
        let _ = writeln!(out, "  aliases: {}", e.aliases.join(", "));
    }
    for f in &e.facts {
        fact(kb, f, out);
    }
}

fn fact(kb: &Kb, f: &Fact, out: &mut String) {
    for (i, r) in f.readings.iter().enumerate() {
        let qualifiers: Vec<String> = r
            .qualifiers
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let qualifiers = if qualifiers.is_empty() {
            String::new()
        } else {
            format!(" [{}]", qualifiers.join(", "))
        };
        let lead = if i == 0 {
            format!("  {}: {}", f.attribute, r.value)
        } else {
            format!("    or {}", r.value)
        };
        let _ = writeln!(out, "{lead}{qualifiers}");
        match kb.source(&r.source) {
            Some(s) => {
                let standing: Vec<&str> = s
                    .kind
                    .map(|k| k.name())
                    .into_iter()
                    .chain(s.date.as_deref())
                    .collect();
                let standing = if standing.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", standing.join(", "))
                };
                let _ = writeln!(
                    out,
                    "      {}{standing} — {:?} <{}>",
                    s.title, r.quote, s.url
                );
            }
            None => {
                let _ = writeln!(out, "      {} — {:?}", r.source, r.quote);
            }
        }
    }
    if let Some(replaced) = &f.overrides {
        let _ = writeln!(
            out,
            "      (from {}, overriding the built-in {})",
            f.file,
            replaced.value().value
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_lists_every_variant_of_a_family() {
        let text = show(Kb::builtin(), "H100").unwrap();
        assert!(text.starts_with("\"H100\" can mean"), "{text}");
        assert!(text.contains("nvidia-h100-sxm5"));
        assert!(text.contains("nvidia-h100-pcie"));
        assert!(text.contains("  tdp: 700 W"));
    }

    #[test]
    fn show_finds_ids_and_refuses_unknown_names() {
        assert!(
            show(Kb::builtin(), "frontier")
                .unwrap()
                .contains("Frontier")
        );
        assert!(show(Kb::builtin(), "H1000").is_err());
    }

    #[test]
    fn list_has_one_sorted_line_per_entity() {
        let text = list(Kb::builtin());
        let ids: Vec<&str> = text.lines().map(|l| l.split(' ').next().unwrap()).collect();
        assert_eq!(ids.len(), Kb::builtin().entities().len());
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
    }
}
