//! The text of a message: words and mentions. A mention is a value, not chat syntax: each
//! adapter writes it its own way (Discord `<@id>`, the terminal `@id`).

use std::fmt;

/// One piece of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    Words(String),
    /// A user, by the platform's id.
    User(String),
    /// A channel, by the platform's id.
    Channel(String),
    /// A moment (Unix seconds), which Discord shows in each reader's own time zone.
    Time(i64),
    /// A role of the server, by the platform's id.
    Role(String),
    /// How far off a moment is ("in 4 hours"), which Discord keeps counting down for each
    /// reader; `words` is the plain form, as of when the message was written.
    Relative {
        at: i64,
        words: String,
    },
    /// Where a game is played, as a link that works from anywhere (a direct message, another
    /// server): its server (none outside one) and channel.
    Place {
        guild: Option<String>,
        channel: String,
    },
}

/// A mention of a user.
pub fn user(id: &str) -> Span {
    Span::User(id.to_string())
}

/// A mention of a channel.
pub fn channel(id: &str) -> Span {
    Span::Channel(id.to_string())
}

/// A mention of a role.
pub fn role(id: &str) -> Span {
    Span::Role(id.to_string())
}

/// A link to a channel of a server, usable from anywhere.
pub fn place(guild: Option<&str>, channel: &str) -> Span {
    Span::Place {
        guild: guild.map(str::to_string),
        channel: channel.to_string(),
    }
}

/// A moment, in Unix seconds.
pub fn time(t: i64) -> Span {
    Span::Time(t)
}

/// Something a [`Text`] can be built from: words, a mention, or another text.
pub trait Part {
    fn add_to(self, text: &mut Text);
}

impl Part for Span {
    fn add_to(self, text: &mut Text) {
        match (text.0.last_mut(), self) {
            (Some(Span::Words(last)), Span::Words(more)) => last.push_str(&more),
            (_, Span::Words(w)) if w.is_empty() => {}
            (_, span) => text.0.push(span),
        }
    }
}

impl Part for &str {
    fn add_to(self, text: &mut Text) {
        Span::Words(self.to_string()).add_to(text)
    }
}

impl Part for String {
    fn add_to(self, text: &mut Text) {
        Span::Words(self).add_to(text)
    }
}

impl Part for &String {
    fn add_to(self, text: &mut Text) {
        self.as_str().add_to(text)
    }
}

impl Part for Text {
    fn add_to(self, text: &mut Text) {
        for span in self.0 {
            span.add_to(text);
        }
    }
}

/// A message's text, as spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(Vec<Span>);

/// Builds a [`Text`] from [`Part`]s: words (`&str`, `String`), mentions ([`user`]), texts.
#[macro_export]
macro_rules! text {
    ($($part:expr),* $(,)?) => {{
        #[allow(unused_mut)]
        let mut t = $crate::app::Text::default();
        $(t.push($part);)*
        t
    }};
}

impl Text {
    /// The text with every mention of `id` written as `name` instead: nobody is pinged, the
    /// way Herald writes of itself.
    pub fn naming(self, id: &str, name: &str) -> Text {
        let mut out = Text::default();
        for span in self.0 {
            match span {
                Span::User(u) if u == id => Span::Words(name.to_string()).add_to(&mut out),
                other => other.add_to(&mut out),
            }
        }
        out
    }

    /// Adds a piece; words next to words join.
    pub fn push(&mut self, part: impl Part) {
        part.add_to(self);
    }

    pub fn spans(&self) -> &[Span] {
        &self.0
    }

    /// The text with each mention written by `mention`.
    pub fn render(&self, mut mention: impl FnMut(&Span) -> String) -> String {
        let mut out = String::new();
        for span in &self.0 {
            match span {
                Span::Words(w) => out.push_str(w),
                other => out.push_str(&mention(other)),
            }
        }
        out
    }

    /// Lines joined with line breaks.
    pub fn lines(lines: impl IntoIterator<Item = Text>) -> Text {
        let mut out = Text::default();
        for (i, line) in lines.into_iter().enumerate() {
            if i > 0 {
                out.push("\n");
            }
            out.push(line);
        }
        out
    }
}

impl From<&str> for Text {
    fn from(s: &str) -> Text {
        text![s]
    }
}

impl From<String> for Text {
    fn from(s: String) -> Text {
        text![s]
    }
}

impl fmt::Display for Text {
    /// Mentions as `@user` and `#channel`, moments as `2026-12-04 14:13 UTC`: the plain
    /// form, for terminals and logs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(|span| match span {
            Span::User(id) => format!("@{id}"),
            Span::Channel(id) | Span::Place { channel: id, .. } => format!("#{id}"),
            Span::Time(t) => crate::calendar::utc_minute(*t),
            Span::Relative { words, .. } => words.clone(),
            Span::Role(id) => format!("@&{id}"),
            Span::Words(w) => w.clone(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_join_and_mentions_stay_values() {
        let t = text![
            user("alice"),
            " vs ",
            user("bob"),
            " in ",
            channel("lobby"),
            " until ",
            time(1_795_000_000),
            "."
        ];
        assert_eq!(
            t.to_string(),
            "@alice vs @bob in #lobby until 2026-11-18 11:06 UTC."
        );
        assert_eq!(t.spans().len(), 8);
        let discord = t.render(|s| match s {
            Span::User(id) => format!("<@{id}>"),
            Span::Channel(id) => format!("<#{id}>"),
            Span::Time(t) => format!("<t:{t}:f>"),
            Span::Role(id) => format!("<@&{id}>"),
            Span::Words(w) => w.clone(),
            other => unreachable!("{other:?} is not in this text"),
        });
        assert_eq!(
            discord,
            "<@alice> vs <@bob> in <#lobby> until <t:1795000000:f>."
        );
        // Text a player typed is never read as a mention.
        assert_eq!(text!["<@carol>"].spans(), &[Span::Words("<@carol>".into())]);
    }
}
