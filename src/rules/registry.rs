//! The games Herald knows, by name: what each is called, its one-line summary and rules help.
//! Starting a game of one is in `start.rs`, so that the variants, which name themselves here,
//! are not imported by what they import.

use super::errors::shown;
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use super::Color;

/// The games Herald knows. Adding a variant adds a name here, an arm in each match below,
/// and one in `start.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VariantId {
    Epoch,
    Chess,
    Empire,
    Fantastic,
    Ageiou,
}

impl VariantId {
    pub const ALL: [VariantId; 5] = [
        VariantId::Epoch,
        VariantId::Chess,
        VariantId::Empire,
        VariantId::Fantastic,
        VariantId::Ageiou,
    ];

    /// The name used on the command line, in commands and in the database.
    pub fn key(self) -> &'static str {
        match self {
            VariantId::Epoch => "epoch",
            VariantId::Chess => "chess",
            VariantId::Empire => "empire",
            VariantId::Fantastic => "fantastic",
            VariantId::Ageiou => "ageiou",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            VariantId::Epoch => "Chess 13: Epoch",
            VariantId::Chess => "Chess",
            VariantId::Empire => "Empire Chess",
            VariantId::Fantastic => "Fantastic XIII",
            VariantId::Ageiou => "AGEIOU",
        }
    }

    /// What the side of `color` is called in this game ("White", or AGEIOU's "Light").
    pub fn side(self, color: Color) -> &'static str {
        self.sides()[color.index()]
    }

    /// White's and Black's names in this game.
    pub fn sides(self) -> [&'static str; 2] {
        match self {
            VariantId::Ageiou => ["Light", "Dark"],
            _ => ["White", "Black"],
        }
    }

    /// Whether games of this variant take options (see [`super::GameOptions`]).
    pub fn has_options(self) -> bool {
        matches!(self, VariantId::Ageiou)
    }

    /// One line telling players what the game is.
    pub fn summary(self) -> &'static str {
        match self {
            VariantId::Epoch => {
                "13x13 with a command zone, dormant Emperors, blasting Mages and jumping Assassins"
            }
            VariantId::Chess => "standard chess, by the FIDE rules",
            VariantId::Empire => {
                "8x8, asymmetric: the Empire's pieces move like queens against a chess army"
            }
            VariantId::Fantastic => {
                "13x13 by J.-L. Cazaux: leapers and bent riders, a Prince, Trolls and a jumping King"
            }
            VariantId::Ageiou => {
                "10x10 without check: portals built by Vertags, kings saved by their bishops"
            }
        }
    }

    /// The variant's rules explanations for /rules, read once from its `help.md`.
    pub fn help(self) -> &'static Help {
        static HELPS: OnceLock<[Help; 5]> = OnceLock::new();
        let helps = HELPS.get_or_init(|| {
            VariantId::ALL.map(|v| {
                Help::parse(match v {
                    VariantId::Epoch => include_str!("epoch/help.md"),
                    VariantId::Chess => include_str!("chess/help.md"),
                    VariantId::Empire => include_str!("empire/help.md"),
                    VariantId::Fantastic => include_str!("fantastic/help.md"),
                    VariantId::Ageiou => include_str!("ageiou/help.md"),
                })
            })
        });
        let index = VariantId::ALL.iter().position(|v| *v == self);
        &helps[index.expect("every variant is in ALL")]
    }

    /// The document in Herald's repository with the variant's whole rules as Herald plays them.
    pub fn rules_document(self) -> &'static str {
        match self {
            VariantId::Epoch => "docs/rules/epoch.md",
            VariantId::Chess => "docs/rules/chess.md",
            VariantId::Empire => "docs/rules/empire.md",
            VariantId::Fantastic => "docs/rules/fantastic-xiii.md",
            VariantId::Ageiou => "docs/rules/ageiou.md",
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for VariantId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let wanted = s.trim().to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.key() == wanted)
            .ok_or_else(|| {
                let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.key()).collect();
                format!(
                    "unknown variant '{}': expected one of {}",
                    shown(s),
                    known.join(", ")
                )
            })
    }
}

/// A variant's short rules explanations: an overview, and entries players ask for by name.
///
/// They are written in the variant's `help.md`: the text before the first heading is the
/// overview, and each `## name, other name` heading starts the entry that answers to those
/// names (lower case).
#[derive(Debug)]
pub struct Help {
    pub overview: &'static str,
    pub topics: Vec<(Vec<&'static str>, &'static str)>,
}

impl Help {
    fn parse(text: &'static str) -> Help {
        let mut sections = text.split("\n## ");
        let overview = sections.next().unwrap_or_default().trim();
        let topics = sections
            .map(|section| {
                let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
                let names = heading.split(',').map(str::trim).collect();
                (names, body.trim())
            })
            .collect();
        Help { overview, topics }
    }

    /// The overview without a topic (or an empty one), else the entry for the topic, in any
    /// case, with or without spaces, hyphens, dots or underscores (`enpassant`, `e.p.`);
    /// `None` when there is none.
    pub fn entry(&self, topic: Option<&str>) -> Option<&'static str> {
        let topic = squeezed(topic.unwrap_or_default());
        if topic.is_empty() {
            return Some(self.overview);
        }
        self.topics
            .iter()
            .find(|(names, _)| names.iter().any(|n| squeezed(n) == topic))
            .map(|(_, text)| *text)
    }
}

/// A topic as it is compared: lower case, without spaces, hyphens, dots or underscores.
fn squeezed(topic: &str) -> String {
    topic
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// What `/rules` answers: the rules of `asked` when a variant is named, else those of
/// `here` (the variant of the channel's game). A topic may name a variant (`chess`), or start
/// with one (`epoch mage`); a topic the variant here lacks is looked for in every variant.
pub fn rules_answer(here: VariantId, asked: Option<VariantId>, topic: Option<&str>) -> String {
    let topic = topic.map(str::trim).filter(|t| !t.is_empty());
    if let Some(variant) = asked {
        return help(variant, topic);
    }
    let Some(topic) = topic else {
        return help(here, None);
    };
    if let Ok(variant) = topic.parse::<VariantId>() {
        return help(variant, None);
    }
    if let Some((first, rest)) = topic.split_once(' ') {
        if let Ok(variant) = first.parse::<VariantId>() {
            return help(variant, Some(rest));
        }
    }
    if here.help().entry(Some(topic)).is_some() {
        return help(here, Some(topic));
    }
    let elsewhere = VariantId::ALL
        .into_iter()
        .find_map(|v| v.help().entry(Some(topic)).map(|text| (v, text)));
    match elsewhere {
        Some((v, text)) => format!("In {}: {text}", v.title()),
        None => help(here, Some(topic)),
    }
}

/// A short explanation of a variant's rules, or of one piece or topic of them. The overview
/// ends by naming the document with the whole rules.
pub fn help(variant: VariantId, topic: Option<&str>) -> String {
    let entries = variant.help();
    match entries.entry(topic) {
        Some(t) if t == entries.overview => format!(
            "{t}\nThe whole rules as Herald plays them: {} in Herald's repository.",
            variant.rules_document()
        ),
        Some(t) => t.to_string(),
        None => format!(
            "No rules entry for '{}'. {}",
            shown(topic.unwrap_or_default()),
            help(variant, None)
        ),
    }
}
