//! The slash commands Herald registers, and how an interaction becomes a service `Request`.

use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandInteraction, CommandOptionType,
    CreateCommand, CreateCommandOption, InteractionContext,
};

use crate::app::words::days_text;
use crate::app::{Command, Days, Terms};
use crate::rules::{GameOptions, VariantId};

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

/// The option every per-game command takes: whose game, when a player has several in a channel.
fn opponent(required: bool, what: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::User, "opponent", what).required(required)
}

fn game_opponent() -> CreateCommandOption {
    opponent(
        false,
        "Your opponent, when you have more than one game in this channel",
    )
}

/// Every slash command, as registered with Discord.
pub fn definitions() -> Vec<CreateCommand> {
    let mut variant = CreateCommandOption::new(
        CommandOptionType::String,
        "variant",
        "The game to play (default: Chess 13: Epoch)",
    );
    for v in VariantId::ALL {
        variant = variant.add_string_choice(choice_name(v), v.key());
    }
    let mut days = CreateCommandOption::new(
        CommandOptionType::Integer,
        "days",
        "Days each player has per move (default: 3)",
    );
    for d in Days::CHOICES {
        days = days.add_int_choice(days_text(d), d as i32);
    }
    let defaults = GameOptions::default();
    let default_of = [
        defaults.portal_turns as u16,
        defaults.repetitions as u16,
        defaults.fifty,
    ];
    let mut challenge = CreateCommand::new("challenge")
        .description("Challenge someone to a correspondence game")
        .add_option(opponent(true, "Who you challenge"))
        .add_option(variant)
        .add_option(
            CreateCommandOption::new(CommandOptionType::String, "color", "Your colour")
                .add_string_choice("White (you move first)", "white")
                .add_string_choice("Black", "black")
                .add_string_choice("Random", "random"),
        )
        .add_option(days);
    for (((name, what), (_, min, max)), default) in
        GAME_OPTIONS.iter().zip(GameOptions::RANGES).zip(default_of)
    {
        challenge = challenge.add_option(
            CreateCommandOption::new(
                CommandOptionType::Integer,
                *name,
                format!("{what} ({min}-{max}, default {default})"),
            )
            .min_int_value(min as u64)
            .max_int_value(max as u64),
        );
    }
    vec![
        challenge.contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("move")
            .description("Make your move (type to see your legal moves)")
            .add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "move",
                    "The move, e.g. e4, Hc1-e3 or c1e3",
                )
                .required(true)
                .set_autocomplete(true),
            )
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("swap")
            .description("Swap sides after your opponent's first move (the swap rule)")
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("resign")
            .description("Resign your game")
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("draw")
            .description("Offer a draw, or accept your opponent's offer")
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("abort")
            .description("Abort a game before both players have moved")
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("board")
            .description("Show the board of your game")
            .add_option(game_opponent())
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "flip",
                "Draw the board from the other side",
            ))
            .add_option(CreateCommandOption::new(
                CommandOptionType::Boolean,
                "private",
                "Show it only to you",
            ))
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("piece")
            .description("Show where the piece on a square can move")
            .add_option(
                CreateCommandOption::new(CommandOptionType::String, "square", "e.g. d5")
                    .required(true),
            )
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("games")
            .description("Your games in progress and open challenges")
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("history")
            .description("The moves of your game so far, with the record file")
            .add_option(game_opponent())
            .contexts(vec![InteractionContext::Guild]),
        CreateCommand::new("rules")
            .description("How the game in this channel is played, or one piece or topic")
            .add_option(CreateCommandOption::new(
                CommandOptionType::String,
                "topic",
                "A piece (e.g. mage), a rule (e.g. castling) or a variant (e.g. chess)",
            )),
    ]
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

fn option<'a>(options: &'a [CommandDataOption], name: &str) -> Option<&'a CommandDataOptionValue> {
    options.iter().find(|o| o.name == name).map(|o| &o.value)
}

fn text(options: &[CommandDataOption], name: &str) -> Option<String> {
    match option(options, name)? {
        CommandDataOptionValue::String(s) => Some(s.clone()),
        CommandDataOptionValue::Autocomplete { value, .. } => Some(value.clone()),
        _ => None,
    }
}

/// A user option as the service names users: the id.
pub fn user(options: &[CommandDataOption], name: &str) -> Option<String> {
    match option(options, name)? {
        CommandDataOptionValue::User(id) => Some(id.get().to_string()),
        CommandDataOptionValue::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn flag(options: &[CommandDataOption], name: &str) -> bool {
    matches!(
        option(options, name),
        Some(CommandDataOptionValue::Boolean(true))
    )
}

fn integer(options: &[CommandDataOption], name: &str) -> Option<i64> {
    match option(options, name)? {
        CommandDataOptionValue::Integer(n) => Some(*n),
        _ => None,
    }
}

/// The service command for a slash command, or why there is none.
pub fn command(interaction: &CommandInteraction) -> Result<Command, String> {
    let o = &interaction.data.options;
    let required = |name: &str| {
        text(o, name).ok_or_else(|| format!("/{} needs {name}", interaction.data.name))
    };
    Ok(match interaction.data.name.as_str() {
        "challenge" => Command::Challenge {
            opponent: user(o, "opponent").ok_or("/challenge needs an opponent")?,
            terms: Terms::read(
                text(o, "variant").as_deref(),
                text(o, "color").as_deref(),
                integer(o, "days"),
                GAME_OPTIONS.map(|(name, _)| integer(o, name).map(|v| v.to_string())),
            )?,
        },
        "move" => Command::Move {
            text: required("move")?,
            opponent: user(o, "opponent"),
        },
        "swap" => Command::Swap {
            opponent: user(o, "opponent"),
        },
        "resign" => Command::Resign {
            opponent: user(o, "opponent"),
        },
        "draw" => Command::Draw {
            opponent: user(o, "opponent"),
        },
        "abort" => Command::Abort {
            opponent: user(o, "opponent"),
        },
        "board" => Command::Board {
            opponent: user(o, "opponent"),
            flip: flag(o, "flip"),
            private: flag(o, "private"),
        },
        "piece" => Command::Piece {
            square: required("square")?,
            opponent: user(o, "opponent"),
        },
        "games" => Command::Games,
        "history" => Command::History {
            opponent: user(o, "opponent"),
        },
        "rules" => Command::Rules {
            topic: text(o, "topic"),
        },
        other => return Err(format!("Herald has no /{other} command (any more).")),
    })
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
