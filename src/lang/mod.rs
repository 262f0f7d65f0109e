//! The reader's language: which one a report speaks ([`Choice`], from
//! `--lang` or the config's `lang:`, resolved per document to a [`Lang`]),
//! and the texts it speaks in, as data.
//!
//! Every text a report writes around the findings, and the first line of
//! each finding, is a message of a catalogue, one Fluent file per language under `messages/`
//! (`messages/en.ftl`, `messages/zh-Hans.ftl`, `messages/zh-Hant.ftl`),
//! compiled into the binary as the knowledge base is. A message has a key
//! and named placeholders (`summary-coverage` takes `$figures`,
//! `$verified`, `$flagged` and `$unchecked`); the code asks for it with
//! [`tr!`](crate::tr), or for a finding's line builds a
//! [`message::Message`] with [`msg!`](crate::msg) that the report renders,
//! and never holds the words itself, so adding a
//! language is adding a file, and a test checks that every language has
//! every message with the same placeholders, and that every key the code
//! asks for exists.
//!
//! Counts are passed as numbers, so a language may choose a plural form
//! (English "1 figure", "2 figures"; Chinese has one form). They are
//! written as Fluent writes an integer, without grouping, in every
//! language, as the English reports always wrote them.
//!
//! Under `auto`, a document's language is its prose's ([`detect`]):
//! Chinese when most of it is Chinese, simplified or traditional by its
//! characters, English otherwise.

pub mod detect;
pub mod message;

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// A language the reports speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    En,
    /// Chinese in simplified characters.
    ZhHans,
    /// Chinese in traditional characters.
    ZhHant,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// The BCP 47 tag: `en`, `zh-Hans`, `zh-Hant` (an HTML page's `lang`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// The catalogue's source text, as compiled in.
    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../messages/en.ftl"),
            Lang::ZhHans => include_str!("../../messages/zh-Hans.ftl"),
            Lang::ZhHant => include_str!("../../messages/zh-Hant.ftl"),
        }
    }

    /// The catalogue of this language, parsed on first use.
    pub fn catalogue(self) -> &'static Catalogue {
        static CATALOGUES: [OnceLock<Catalogue>; 3] =
            [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        CATALOGUES[self as usize].get_or_init(|| Catalogue::load(self))
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// The language asked for: `--lang` or the config's `lang:`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum, serde::Deserialize)]
pub enum Choice {
    /// Each article's own: Chinese when its prose is mostly Chinese
    /// (simplified or traditional by its characters), English otherwise.
    #[default]
    #[serde(rename = "auto")]
    Auto,
    /// English.
    #[serde(rename = "en")]
    En,
    /// Simplified Chinese.
    #[value(name = "zh-Hans")]
    #[serde(rename = "zh-Hans")]
    ZhHans,
    /// Traditional Chinese.
    #[value(name = "zh-Hant")]
    #[serde(rename = "zh-Hant")]
    ZhHant,
}

impl Choice {
    /// The language pinned, if one is.
    pub fn fixed(self) -> Option<Lang> {
        match self {
            Choice::Auto => None,
            Choice::En => Some(Lang::En),
            Choice::ZhHans => Some(Lang::ZhHans),
            Choice::ZhHant => Some(Lang::ZhHant),
        }
    }

    /// The language pinned, or under `auto` what `detect` finds (called
    /// only then).
    pub fn resolve(self, detect: impl FnOnce() -> Lang) -> Lang {
        self.fixed().unwrap_or_else(detect)
    }
}

/// One language's messages.
pub struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue")
            .field("lang", &self.lang)
            .finish_non_exhaustive()
    }
}

/// The arguments of a message, by placeholder name.
pub type Args<'a> = FluentArgs<'a>;

impl Catalogue {
    /// Parses a language's file. The files are compiled in and tested, so
    /// a syntax error is a bug of the build, not of the run.
    fn load(lang: Lang) -> Catalogue {
        let resource = FluentResource::try_new(lang.source().to_string())
            .unwrap_or_else(|(_, errors)| panic!("messages/{}.ftl: {errors:?}", lang.tag()));
        let id: unic_langid::LanguageIdentifier = lang
            .tag()
            .parse()
            .expect("the language tags are well formed");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Isolation marks (U+2068, U+2069) around each placeholder keep
        // right-to-left text apart; these languages need none, and a
        // terminal or a snapshot would show them.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .unwrap_or_else(|errors| panic!("messages/{}.ftl: {errors:?}", lang.tag()));
        Catalogue { lang, bundle }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The message `key` with `args`; use [`tr!`](crate::tr). A key no
    /// catalogue has, or a placeholder left without its argument, is a bug
    /// that the tests catch: a debug build panics, a release build writes
    /// the key or the placeholder's name rather than fail a run.
    pub fn message(&self, key: &str, args: &Args) -> String {
        let Some(pattern) = self.bundle.get_message(key).and_then(|m| m.value()) else {
            debug_assert!(false, "no message {key} in messages/{}.ftl", self.lang);
            return key.to_string();
        };
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(args), &mut errors)
            .into_owned();
        debug_assert!(
            errors.is_empty(),
            "messages/{}.ftl: {key}: {errors:?}",
            self.lang
        );
        text
    }

    /// Whether the catalogue has a message `key`.
    pub fn has(&self, key: &str) -> bool {
        self.bundle.has_message(key)
    }
}

/// A message of a [`Catalogue`]: `tr!(catalogue, "key")`, or with its
/// placeholders' values, `tr!(catalogue, "summary-suppressed", count = 2)`.
/// Keys are string literals, so a test can find every one the code uses.
#[macro_export]
macro_rules! tr {
    ($catalogue:expr, $key:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        #[allow(unused_mut)]
        let mut args = $crate::lang::Args::new();
        $( args.set(stringify!($name), $value); )*
        $catalogue.message($key, &args)
    }};
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;

    /// Every message of a language with the placeholders it uses.
    fn placeholders(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(lang.source())
            .unwrap_or_else(|(_, errors)| panic!("messages/{lang}.ftl: {errors:?}"));
        let mut out = BTreeMap::new();
        for entry in resource.body {
            match entry {
                ast::Entry::Message(message) => {
                    let mut names = BTreeSet::new();
                    if let Some(value) = &message.value {
                        pattern(value, &mut names);
                    }
                    assert!(
                        message.attributes.is_empty(),
                        "{lang}: {}: attributes are not used",
                        message.id.name
                    );
                    let previous = out.insert(message.id.name.to_string(), names);
                    assert!(previous.is_none(), "{lang}: {} twice", message.id.name);
                }
                ast::Entry::Term(term) => panic!("{lang}: term -{} is not used", term.id.name),
                ast::Entry::Junk { content } => panic!("{lang}: cannot parse {content:?}"),
                _ => {}
            }
        }
        out
    }

    fn pattern(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_names(expression, names);
            }
        }
    }

    fn expression_names(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_names(selector, names);
                for variant in variants {
                    pattern(&variant.value, names);
                }
            }
            ast::Expression::Inline(inline) => inline_names(inline, names),
        }
    }

    fn inline_names(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                names.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => expression_names(expression, names),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_names(a, names);
                }
                for a in &arguments.named {
                    inline_names(&a.value, names);
                }
            }
            ast::InlineExpression::MessageReference { id, .. } => {
                panic!("message reference {}: keep each message whole", id.name)
            }
            _ => {}
        }
    }

    #[test]
    fn every_message_is_in_every_language_with_the_same_placeholders() {
        let english = placeholders(Lang::En);
        assert!(english.len() > 50, "{} messages", english.len());
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            let other = placeholders(lang);
            let missing: Vec<&String> =
                english.keys().filter(|k| !other.contains_key(*k)).collect();
            let extra: Vec<&String> = other.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{lang} lacks {missing:?}");
            assert!(extra.is_empty(), "{lang} has {extra:?}, which en.ftl lacks");
            for (key, names) in &english {
                assert_eq!(&other[key], names, "{lang}: {key}'s placeholders");
            }
        }
    }

    #[test]
    fn every_catalogue_loads() {
        for lang in Lang::ALL {
            let catalogue = lang.catalogue();
            assert_eq!(catalogue.lang(), lang);
            assert!(catalogue.has("report-title"), "{lang}");
        }
    }

    /// The keys the code asks for with `tr!` and `msg!`, from the source
    /// under src/ but this module's (whose tests ask for some).
    fn keys_in_code() -> BTreeSet<String> {
        let call = regex::Regex::new(r#"(?:tr!\(\s*[^,]+,|msg!\()\s*"([^"]+)""#).unwrap();
        let mut keys = BTreeSet::new();
        let src = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut folders = vec![src.clone()];
        while let Some(folder) = folders.pop() {
            if folder == src.join("lang") {
                continue;
            }
            for entry in std::fs::read_dir(&folder).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    // Comments may show a call; only code counts.
                    let code: String = std::fs::read_to_string(&path)
                        .unwrap()
                        .lines()
                        .filter(|l| !l.trim_start().starts_with("//"))
                        .collect::<Vec<_>>()
                        .join("\n");
                    keys.extend(call.captures_iter(&code).map(|c| c[1].to_string()));
                }
            }
        }
        keys
    }

    #[test]
    fn every_key_the_code_uses_exists_and_every_message_is_used() {
        let used = keys_in_code();
        let english = placeholders(Lang::En);
        let unknown: Vec<&String> = used.iter().filter(|k| !english.contains_key(*k)).collect();
        assert!(unknown.is_empty(), "no message for {unknown:?}");
        let unused: Vec<&String> = english.keys().filter(|k| !used.contains(*k)).collect();
        assert!(unused.is_empty(), "messages no code uses: {unused:?}");
    }

    #[test]
    fn messages_take_their_arguments_and_choose_plurals() {
        let en = Lang::En.catalogue();
        let coverage = |figures: usize| {
            tr!(
                en,
                "summary-coverage",
                figures = figures,
                verified = 1,
                flagged = 0,
                unchecked = figures - 1
            )
        };
        assert_eq!(coverage(1), "1 figure: 1 verified, 0 flagged, 0 unchecked");
        assert_eq!(coverage(2), "2 figures: 1 verified, 0 flagged, 1 unchecked");
        assert_eq!(tr!(en, "summary-clause-separator"), "; ");
        let zh = Lang::ZhHans.catalogue();
        assert_eq!(
            tr!(
                zh,
                "summary-coverage",
                figures = 12_345,
                verified = 1,
                flagged = 0,
                unchecked = 0
            ),
            "12345 个数值：1 个已核实，0 个有问题，0 个未核查"
        );
        assert_eq!(
            tr!(
                Lang::ZhHant.catalogue(),
                "location-line-column",
                line = 3,
                column = 9
            ),
            "第 3 行第 9 欄"
        );
    }

    #[test]
    fn choices_resolve_pinned_or_detected() {
        assert_eq!(Choice::ZhHant.resolve(|| unreachable!()), Lang::ZhHant);
        assert_eq!(Choice::Auto.resolve(|| Lang::ZhHans), Lang::ZhHans);
        assert_eq!(Choice::default(), Choice::Auto);
        use clap::ValueEnum;
        let names: Vec<String> = Choice::value_variants()
            .iter()
            .map(|c| c.to_possible_value().unwrap().get_name().to_string())
            .collect();
        assert_eq!(names, ["auto", "en", "zh-Hans", "zh-Hant"]);
        for (choice, lang) in [
            (Choice::En, Lang::En),
            (Choice::ZhHans, Lang::ZhHans),
            (Choice::ZhHant, Lang::ZhHant),
        ] {
            assert_eq!(choice.fixed(), Some(lang));
            assert_eq!(names[choice as usize], lang.tag());
        }
    }
}
