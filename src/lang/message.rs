//! What a finding says, kept as a catalogue message and its arguments until
//! a report renders it in the reader's language.
//!
//! A check knows what it found ("8 × 40 GB is 320 GB, not 300 GB"), not who
//! reads it: the report knows that, and the same finding may be written in
//! Chinese for the person at the terminal and in English for the JSON
//! contract. So a check builds a [`Message`], an id of `messages/*.ftl`
//! with typed arguments ([`msg!`](crate::msg)), and the report renders it
//! with its [`Catalogue`]. An argument is either text taken as it is (a
//! figure with its unit as the article writes it, a name, a quotation),
//! which no language changes, or another message (a reading, a note),
//! rendered in the same language as the one around it.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::lang::{Args, Catalogue, Lang};

/// A catalogue message with its arguments, rendered at report time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// The message's key in every `messages/*.ftl`.
    pub id: Cow<'static, str>,
    /// The placeholders' values, by name, in the order given.
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

/// The value of a placeholder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Arg {
    /// Words or figures as the article writes them, in every language.
    Text(String),
    /// A message of its own, in the language of the one it is part of.
    Message(Box<Message>),
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(text.clone())
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Arg {
        Arg::Message(Box::new(message))
    }
}

/// An optional part (a reading, a note): nothing when there is none.
impl From<Option<Message>> for Arg {
    fn from(message: Option<Message>) -> Arg {
        message.map_or(Arg::Text(String::new()), Arg::from)
    }
}

impl Message {
    /// The message with no room to grow in its arguments: findings are
    /// kept until their file's report is written.
    pub fn shrink_to_fit(&mut self) {
        for (_, arg) in &mut self.args {
            match arg {
                Arg::Text(text) => text.shrink_to_fit(),
                Arg::Message(message) => message.shrink_to_fit(),
            }
        }
        self.args.shrink_to_fit();
    }

    /// The message `id` without arguments; use [`msg!`](crate::msg).
    pub fn new(id: &'static str) -> Message {
        Message {
            id: Cow::Borrowed(id),
            args: Vec::new(),
        }
    }

    /// The message with placeholder `name` set to `value`.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// The text in a catalogue's language.
    pub fn render(&self, catalogue: &Catalogue) -> String {
        // Texts are lent to the arguments as they are; only a nested
        // message is rendered into a string of its own.
        let values: Vec<(&str, Cow<'_, str>)> = self
            .args
            .iter()
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(text) => Cow::Borrowed(text.as_str()),
                    Arg::Message(message) => Cow::Owned(message.render(catalogue)),
                };
                (name.as_ref(), value)
            })
            .collect();
        let mut args = Args::with_capacity(values.len());
        for (name, value) in &values {
            args.set(*name, value.as_ref());
        }
        catalogue.message(&self.id, &args)
    }

    /// The text in English: what the machine formats write, and what
    /// findings sort by, in every language.
    pub fn english(&self) -> String {
        self.render(Lang::En.catalogue())
    }

    /// Whether the message is `id` or holds it, however deep: what a check
    /// asks of a reading it built ("is it per unit?").
    pub fn mentions(&self, id: &str) -> bool {
        self.id == id
            || self.args.iter().any(|(_, arg)| match arg {
                Arg::Message(message) => message.mentions(id),
                Arg::Text(_) => false,
            })
    }

    /// The arguments' texts on one line each: a figure quoted from a
    /// wrapped line ("700⏎W") reads "700 W".
    pub fn unwrap_lines(&mut self) {
        for (_, arg) in &mut self.args {
            match arg {
                Arg::Text(text) if text.contains(['\n', '\r']) => {
                    *text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                }
                Arg::Text(_) => {}
                Arg::Message(message) => message.unwrap_lines(),
            }
        }
    }
}

/// A [`Message`]: `msg!("arithmetic-contradicted", expr = e, computed = c,
/// stated = s)`, each value text (`String`, `&str`) or another message.
/// Ids are string literals, so a test can find every one the code uses.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::lang::message::Message::new($id)$(.with(stringify!($name), $value))*
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_renders_its_arguments_and_the_messages_within_in_each_language() {
        let premise = msg!(
            "finding-rests-on-premise",
            message = msg!(
                "arithmetic-contradicted",
                expr = "8 × 40 GB",
                computed = "320 GB",
                stated = "300 GB"
            )
        );
        assert_eq!(
            premise.english(),
            "8 × 40 GB is 320 GB, not 300 GB, but rests on a contradicted premise"
        );
        assert_eq!(
            premise.render(Lang::ZhHans.catalogue()),
            "8 × 40 GB 等于 320 GB，不是 300 GB，但依据的前提不符"
        );
        assert_eq!(
            msg!(
                "reading-and",
                first = msg!("reading-binary"),
                second = msg!("reading-magnitude")
            )
            .render(Lang::ZhHant.catalogue()),
            "位元組前綴按二進位計（GB 即 GiB），並且「兆」取 10⁶"
        );
    }

    #[test]
    fn unwrapping_joins_the_lines_of_quoted_text() {
        let mut m = msg!(
            "message-not",
            computed = "8 × 80 GB = 640 GB",
            claim = "700\n  GB"
        );
        m.unwrap_lines();
        assert_eq!(m.english(), "8 × 80 GB = 640 GB, not 700 GB");
    }

    #[test]
    fn a_message_survives_the_cache() {
        let m = msg!(
            "message-not",
            computed = "1",
            claim = msg!("reading-binary")
        );
        let json = serde_json::to_string(&m).unwrap();
        let back: Message = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
    }
}
