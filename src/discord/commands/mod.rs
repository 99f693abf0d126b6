//! The slash commands Herald registers, and how an interaction becomes a service `Command`:
//! one table says both, so a command's options and their reading cannot drift apart.

use std::collections::HashMap;
use std::sync::OnceLock;

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, InteractionContext,
};

use crate::app::Command;
use crate::rules::VariantId;

mod options;
use options::{
    challenge_options, move_options, notify_options, read_challenge, read_settings,
    settings_options, variant_option,
};

/// AGEIOU's game options as slash-command options, in [`GameOptions::RANGES`]' order: the
/// option's name and what it sets.
const GAME_OPTIONS: [(&str, &str); 3] = [
    ("portal_turns", "AGEIOU: turns a portal takes to build"),
    (
        "repetitions",
        "AGEIOU: how many times a position must occur to draw",
    ),
    (
        "fifty",
        "AGEIOU: moves each without capture or pawn move that draw",
    ),
];

/// One slash command: its definition, and how its options become a [`Command`].
struct Spec {
    name: &'static str,
    description: &'static str,
    /// Game commands work only in a server; /rules works in direct messages too.
    guild_only: bool,
    options: fn() -> Vec<CreateCommandOption>,
    read: fn(&Given) -> Result<Command, String>,
}

/// The options a player gave one command.
struct Given<'a> {
    command: &'a str,
    options: &'a [CommandDataOption],
}

impl Given<'_> {
    fn value(&self, name: &str) -> Option<&CommandDataOptionValue> {
        self.options
            .iter()
            .find(|o| o.name == name)
            .map(|o| &o.value)
    }

    fn text(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            CommandDataOptionValue::String(s) => Some(s.clone()),
            CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
            _ => None,
        }
    }

    fn required(&self, name: &str) -> Result<String, String> {
        self.text(name)
            .ok_or_else(|| format!("/{} needs {name}", self.command))
    }

    fn flag(&self, name: &str) -> bool {
        self.boolean(name) == Some(true)
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.value(name)? {
            CommandDataOptionValue::Boolean(b) => Some(*b),
            _ => None,
        }
    }

    fn channel(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            CommandDataOptionValue::Channel(c) => Some(c.to_string()),
            _ => None,
        }
    }

    fn role(&self, name: &str) -> Option<String> {
        match self.value(name)? {
            CommandDataOptionValue::Role(r) => Some(r.to_string()),
            _ => None,
        }
    }

    fn integer(&self, name: &str) -> Option<i64> {
        match self.value(name)? {
            CommandDataOptionValue::Integer(n) => Some(*n),
            _ => None,
        }
    }

    /// The `opponent` option, as the service names users: the id.
    fn opponent(&self) -> Option<String> {
        user(self.options, "opponent")
    }
}

fn option(kind: CommandOptionType, name: &str, what: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, what)
}

/// The option every per-game command takes: whose game, when a player has several in a channel.
fn game_opponent() -> Vec<CreateCommandOption> {
    vec![option(
        CommandOptionType::User,
        "opponent",
        "Your opponent, when you have more than one game in this channel",
    )]
}

/// Which game to look at: a player (your opponent, or anyone for a spectator) or a number.
fn game_to_look_at() -> Vec<CreateCommandOption> {
    vec![
        option(
            CommandOptionType::User,
            "player",
            "Your opponent, or any player whose game here you want to see",
        ),
        option(
            CommandOptionType::Integer,
            "game",
            "A game number (see /games), finished or not",
        )
        .min_int_value(1),
    ]
}

/// Which challenge an answer or a withdrawal means: the other player or the number.
fn which_challenge(who: &'static str, what: &'static str) -> Vec<CreateCommandOption> {
    vec![
        option(CommandOptionType::User, who, what),
        option(
            CommandOptionType::Integer,
            "challenge",
            "The challenge number (see /games)",
        )
        .min_int_value(1),
    ]
}

/// A per-game command whose only option is the opponent.
macro_rules! game_command {
    ($name:literal, $description:literal, $variant:ident) => {
        Spec {
            name: $name,
            description: $description,
            guild_only: true,
            options: game_opponent,
            read: |o| {
                Ok(Command::$variant {
                    opponent: o.opponent(),
                })
            },
        }
    };
}

static COMMANDS: [Spec; 19] = [
    Spec {
        name: "challenge",
        description: "Challenge someone to a correspondence game",
        guild_only: true,
        options: challenge_options,
        read: read_challenge,
    },
    Spec {
        name: "move",
        description: "Make your move (type to see your legal moves)",
        // From anywhere, direct messages too, when the game is named.
        guild_only: false,
        options: move_options,
        read: |o| {
            Ok(Command::Move {
                game: o.integer("game"),
                text: o.required("move")?,
                opponent: o.opponent(),
                confirm: o.flag("confirm"),
            })
        },
    },
    game_command!(
        "swap",
        "Swap sides after your opponent's first move (the swap rule)",
        Swap
    ),
    game_command!("resign", "Resign your game", Resign),
    game_command!(
        "draw",
        "Offer a draw, or accept your opponent's offer",
        Draw
    ),
    game_command!(
        "abort",
        "Abort a game before both players have moved",
        Abort
    ),
    Spec {
        name: "board",
        description: "Show the board of your game, a finished one, or anyone's game here",
        guild_only: true,
        options: || {
            let flip = option(
                CommandOptionType::Boolean,
                "flip",
                "Draw the board from the other side",
            );
            let private = option(CommandOptionType::Boolean, "private", "Show it only to you");
            [game_to_look_at(), vec![flip, private]].concat()
        },
        read: |o| {
            Ok(Command::Board {
                opponent: user(o.options, "player"),
                game: o.integer("game"),
                flip: o.flag("flip"),
                private: o.flag("private"),
            })
        },
    },
    Spec {
        name: "piece",
        description: "Show where the piece on a square can move",
        guild_only: true,
        options: || {
            let square = option(CommandOptionType::String, "square", "e.g. d5").required(true);
            [vec![square], game_opponent()].concat()
        },
        read: |o| {
            Ok(Command::Piece {
                square: o.required("square")?,
                opponent: o.opponent(),
            })
        },
    },
    Spec {
        name: "games",
        description: "Your games in progress and open challenges, on every server",
        // An inbox: in a server or in a direct message with Herald.
        guild_only: false,
        options: Vec::new,
        read: |_| Ok(Command::Games),
    },
    Spec {
        name: "history",
        description: "The moves of a game, finished or not, with the record file",
        guild_only: true,
        options: || {
            let mut options = game_to_look_at();
            options.push(option(
                CommandOptionType::Boolean,
                "gif",
                "Also send the whole game as an animated GIF",
            ));
            options
        },
        read: |o| {
            Ok(Command::History {
                opponent: user(o.options, "player"),
                game: o.integer("game"),
                gif: o.flag("gif"),
            })
        },
    },
    Spec {
        name: "review",
        description: "A finished game's moves judged by Herald's engine, with a chart",
        guild_only: true,
        options: game_to_look_at,
        read: |o| {
            Ok(Command::Review {
                opponent: user(o.options, "player"),
                game: o.integer("game"),
            })
        },
    },
    Spec {
        name: "accept",
        description: "Accept a challenge (the one waiting for you, or name it)",
        guild_only: true,
        options: || which_challenge("challenger", "Who challenged you, when several wait"),
        read: |o| {
            Ok(Command::Answer {
                accept: true,
                challenger: user(o.options, "challenger"),
                challenge: o.integer("challenge"),
            })
        },
    },
    Spec {
        name: "decline",
        description: "Decline a challenge (the one waiting for you, or name it)",
        guild_only: true,
        options: || which_challenge("challenger", "Who challenged you, when several wait"),
        read: |o| {
            Ok(Command::Answer {
                accept: false,
                challenger: user(o.options, "challenger"),
                challenge: o.integer("challenge"),
            })
        },
    },
    Spec {
        name: "withdraw",
        description: "Take back a challenge you made",
        guild_only: true,
        options: || which_challenge("opponent", "Who you challenged, when you have several open"),
        read: |o| {
            Ok(Command::Withdraw {
                opponent: o.opponent(),
                challenge: o.integer("challenge"),
            })
        },
    },
    Spec {
        name: "leaderboard",
        description: "The best rated players of a variant on this server",
        guild_only: true,
        options: || {
            vec![
                variant_option("The variant (default: the one most played rated here)"),
                option(
                    CommandOptionType::Integer,
                    "page",
                    "Which page (ten players each)",
                )
                .min_int_value(1),
            ]
        },
        read: |o| {
            Ok(Command::Leaderboard {
                variant: o.text("variant").map(|v| v.parse()).transpose()?,
                page: o.integer("page").unwrap_or(1),
            })
        },
    },
    Spec {
        name: "profile",
        description: "A player's ratings, record and recent games, with a rating chart",
        guild_only: false,
        options: || {
            vec![option(
                CommandOptionType::User,
                "player",
                "Whose profile (default: yours)",
            )]
        },
        read: |o| {
            Ok(Command::Profile {
                player: user(o.options, "player"),
            })
        },
    },
    Spec {
        name: "settings",
        description: "This server's settings for Herald (changed by members with Manage Server)",
        guild_only: true,
        options: settings_options,
        read: read_settings,
    },
    Spec {
        name: "notify",
        description: "How Herald tells you of your games: mentions, direct messages or nothing",
        guild_only: false,
        options: notify_options,
        read: |o| {
            Ok(Command::Notify {
                mode: o.text("mode").map(|m| m.parse()).transpose()?,
            })
        },
    },
    Spec {
        name: "rules",
        description: "How the game in this channel is played, or one piece or topic",
        guild_only: false,
        options: || {
            vec![option(
                CommandOptionType::String,
                "topic",
                "A piece (e.g. mage), a rule (e.g. castling) or a variant (e.g. chess)",
            )]
        },
        read: |o| {
            Ok(Command::Rules {
                topic: o.text("topic"),
            })
        },
    },
];

/// Every slash command, as registered with Discord.
pub fn definitions() -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .map(|spec| {
            let mut command = CreateCommand::new(spec.name).description(spec.description);
            for o in (spec.options)() {
                command = command.add_option(o);
            }
            if spec.guild_only {
                command = command.contexts(vec![InteractionContext::Guild]);
            }
            command
        })
        .collect()
}

/// The service command for a slash command, or why there is none (an option the
/// registered command does not take included).
pub fn command(interaction: &CommandInteraction) -> Result<Command, String> {
    if let Some(why) = unknown_option(interaction) {
        return Err(why);
    }
    let name = interaction.data.name.as_str();
    let spec = COMMANDS
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| format!("Herald has no /{name} command (any more)."))?;
    (spec.read)(&Given {
        command: name,
        options: &interaction.data.options,
    })
}

/// Why a slash command's options cannot be read as given, if they cannot: an option the
/// registered command does not have, or one of another kind. Discord sends only the options
/// Herald registered, so this means the two disagree (a command registered by an older or
/// newer Herald); guessing would do something the player did not ask for.
fn unknown_option(cmd: &CommandInteraction) -> Option<String> {
    let name = &cmd.data.name;
    let known = registered_options(name)?;
    for given in &cmd.data.options {
        match known.iter().find(|(n, _)| *n == given.name) {
            None if known.is_empty() => {
                return Some(format!(
                    "/{name} takes no options, so '{}' cannot be used.",
                    given.name
                ))
            }
            None => {
                let names: Vec<&str> = known.iter().map(|(n, _)| n.as_str()).collect();
                return Some(format!(
                    "/{name} has no option '{}': its options are {}.",
                    given.name,
                    names.join(", ")
                ));
            }
            Some((_, kind)) if *kind != given.kind() => {
                return Some(format!(
                    "/{name} cannot read {}: it takes {:?}, not {:?}.",
                    given.name,
                    kind,
                    given.kind()
                ))
            }
            Some(_) => {}
        }
    }
    None
}

/// The options of a registered command, by name and kind; `None` when there is no such
/// command. Read from the very definitions sent to Discord, so the two cannot drift apart.
fn registered_options(command: &str) -> Option<&'static [(String, CommandOptionType)]> {
    type Table = HashMap<String, Vec<(String, CommandOptionType)>>;
    static TABLE: OnceLock<Table> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        definitions()
            .into_iter()
            .filter_map(|c| {
                let c = serenity::json::to_value(c).ok()?;
                let options = c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| {
                        let kind = u8::try_from(o["type"].as_u64()?).ok()?;
                        Some((o["name"].as_str()?.to_string(), kind.into()))
                    })
                    .collect();
                Some((c["name"].as_str()?.to_string(), options))
            })
            .collect()
    });
    table.get(command).map(Vec::as_slice)
}

/// "Chess 13: Epoch — 13x13, ..." cut to Discord's 100 characters.
fn choice_name(v: VariantId) -> String {
    clip(&format!("{} — {}", v.title(), v.summary()), 100)
}

/// `text` cut to at most `max` characters, with an ellipsis when cut.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max - 1).collect();
    out.push('…');
    out
}

/// A user option as the service names users: the id.
pub fn user(options: &[CommandDataOption], name: &str) -> Option<String> {
    match &options.iter().find(|o| o.name == name)?.value {
        CommandDataOptionValue::User(id) => Some(id.get().to_string()),
        CommandDataOptionValue::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// An integer option of an autocomplete request (set, or being typed).
pub fn integer(options: &[CommandDataOption], name: &str) -> Option<i64> {
    match &options.iter().find(|o| o.name == name)?.value {
        CommandDataOptionValue::Integer(n) => Some(*n),
        CommandDataOptionValue::Autocomplete { value, .. } => value.trim().parse().ok(),
        _ => None,
    }
}

/// What the player has typed so far into the focused option of an autocomplete request.
pub fn typed(interaction: &CommandInteraction) -> Option<(String, String)> {
    interaction
        .data
        .options
        .iter()
        .find_map(|o| match &o.value {
            CommandDataOptionValue::Autocomplete { value, .. } => {
                Some((o.name.clone(), value.clone()))
            }
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registered_options_are_read_back_from_the_definitions() {
        let challenge: Vec<(&str, CommandOptionType)> = registered_options("challenge")
            .unwrap()
            .iter()
            .map(|(n, k)| (n.as_str(), *k))
            .collect();
        assert_eq!(challenge[0], ("opponent", CommandOptionType::User));
        assert_eq!(challenge[3], ("days", CommandOptionType::Integer));
        assert_eq!(challenge[4], ("rated", CommandOptionType::Boolean));
        assert_eq!(challenge[5], ("level", CommandOptionType::Integer));
        assert_eq!(challenge.len(), 9);
        assert_eq!(registered_options("games").map(<[_]>::len), Some(0));
        assert!(registered_options("launch").is_none());
        assert_eq!(
            registered_options("move").unwrap()[0],
            ("move".to_string(), CommandOptionType::String)
        );
    }
}
