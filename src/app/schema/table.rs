//! The commands themselves: each one's options, and how they are read.

use super::settings::{read_settings, read_vacation, settings_options, vacation_options};
use super::{Given, Kind, Opt, Spec};
use crate::app::{Analysis, Command, Level, Terms};
use crate::rules::GameOptions;
use crate::store::NoticeMode;

/// AGEIOU's game options, in [`GameOptions::RANGES`]' order: the option's name and what it
/// sets.
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
fn game_opponent() -> Vec<Opt> {
    vec![Opt::new(
        Kind::User,
        "opponent",
        "Your opponent, when you have more than one game in this channel",
    )]
}

/// The options of a command acting on one of the asker's games: the opponent, or the game's
/// number (which also tells apart two games with one player).
fn game_opponent_or_number() -> Vec<Opt> {
    let number = Opt::new(
        Kind::Integer,
        "game",
        "The game's number (see /games), when the opponent does not tell which",
    )
    .range(1, None);
    [game_opponent(), vec![number]].concat()
}

/// Which game to look at: a player (your opponent, or anyone for a spectator) or a number.
fn game_to_look_at() -> Vec<Opt> {
    vec![
        Opt::new(
            Kind::User,
            "player",
            "Your opponent, or any player whose game here you want to see",
        ),
        Opt::new(
            Kind::Integer,
            "game",
            "A game number (see /games), finished or not",
        )
        .range(1, None),
    ]
}

/// Which challenge an answer or a withdrawal means: the other player or the number.
fn which_challenge(who: &'static str, what: &'static str) -> Vec<Opt> {
    vec![
        Opt::new(Kind::User, who, what),
        Opt::new(
            Kind::Integer,
            "challenge",
            "The challenge number (see /games)",
        )
        .range(1, None),
    ]
}

/// A per-game command whose only option is the opponent.
macro_rules! game_command {
    ($name:literal, $description:literal, $variant:ident) => {
        Spec {
            name: $name,
            description: $description,
            guild_only: true,
            options: game_opponent_or_number,
            read: |o| {
                Ok(Command::$variant {
                    opponent: o.opponent(),
                    game: o.integer("game"),
                })
            },
        }
    };
}

pub(super) static COMMANDS: [Spec; 24] = [
    Spec {
        name: "challenge",
        description: "Challenge someone to a correspondence game",
        guild_only: true,
        options: challenge_options,
        read: read_challenge,
    },
    Spec {
        name: "accept",
        description: "Accept a challenge (the one waiting for you, or name it)",
        guild_only: true,
        options: || which_challenge("challenger", "Who challenged you, when several wait"),
        read: |o| {
            Ok(Command::Answer {
                accept: true,
                challenger: o.user("challenger"),
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
                challenger: o.user("challenger"),
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
        name: "move",
        description: "Make your move (type to see your legal moves)",
        // From anywhere, direct messages too, when the game is named.
        guild_only: false,
        options: move_options,
        read: |o| {
            Ok(Command::Move {
                game: o.integer("game"),
                text: o.required("move"),
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
        "takeback",
        "Ask your opponent to take back your last move (casual games)",
        Takeback
    ),
    Spec {
        name: "conditional",
        description: "After your move, keep replies Herald plays for you if your opponent answers as you foresee",
        guild_only: true,
        options: || {
            let moves = Opt::new(
                Kind::Text,
                "moves",
                "Your opponent's move, your reply, and so on, e.g. Nc6 Bb5 a6 Ba4 (type to see legal ones)",
            )
            .autocomplete();
            let clear = Opt::new(Kind::Boolean, "clear", "Drop all your lines in the game");
            [vec![moves, clear], game_opponent()].concat()
        },
        read: |o| {
            Ok(Command::Conditional {
                opponent: o.opponent(),
                moves: o.text("moves").filter(|m| !m.trim().is_empty()),
                clear: o.flag("clear"),
            })
        },
    },
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
            let flip = Opt::new(Kind::Boolean, "flip", "Draw the board from the other side");
            let private = Opt::new(Kind::Boolean, "private", "Show it only to you");
            [game_to_look_at(), vec![flip, private]].concat()
        },
        read: |o| {
            Ok(Command::Board {
                opponent: o.user("player"),
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
            let square = Opt::new(Kind::Text, "square", "e.g. d5").required();
            [vec![square], game_opponent()].concat()
        },
        read: |o| {
            Ok(Command::Piece {
                square: o.required("square"),
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
            options.push(Opt::new(
                Kind::Boolean,
                "gif",
                "Also send the whole game as an animated GIF",
            ));
            options
        },
        read: |o| {
            Ok(Command::History {
                opponent: o.user("player"),
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
                opponent: o.user("player"),
                game: o.integer("game"),
            })
        },
    },
    Spec {
        name: "leaderboard",
        description: "The best rated players of a variant on this server",
        guild_only: true,
        options: || {
            vec![
                Opt::variant("The variant (default: the one most played rated here)"),
                Opt::new(Kind::Integer, "page", "Which page (ten players each)").range(1, None),
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
            vec![Opt::new(
                Kind::User,
                "player",
                "Whose profile (default: yours)",
            )]
        },
        read: |o| {
            Ok(Command::Profile {
                player: o.user("player"),
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
        name: "vacation",
        description: "Take leave: your clocks stop while you are away (30 days a year); alone, shows your leave",
        // From anywhere: leave covers all your games.
        guild_only: false,
        options: vacation_options,
        read: read_vacation,
    },
    Spec {
        name: "notify",
        description: "How Herald tells you of your games: mentions, direct messages or nothing",
        guild_only: false,
        options: || {
            let mode = Opt::new(
                Kind::Text,
                "mode",
                "How you are told (leave out to see how you are told now)",
            );
            vec![mode.text_choices(&[
                ("Mentioned in the game's thread (the default)", NoticeMode::Mention.word()),
                ("A direct message when it is your move", NoticeMode::DirectTurn.word()),
                ("Direct messages for reminders and results only", NoticeMode::DirectAlerts.word()),
                ("Nothing: no pings, no messages", NoticeMode::Off.word()),
            ])]
        },
        read: |o| {
            Ok(Command::Notify {
                mode: o.text("mode").map(|m| m.parse()).transpose()?,
            })
        },
    },
    Spec {
        name: "note",
        description: "Your private note on one of your games: only you ever see it",
        // From anywhere, direct messages too, when the game is named.
        guild_only: false,
        options: || {
            vec![
                Opt::new(
                    Kind::Text,
                    "text",
                    "The note, up to 2000 characters (empty drops it; leave out to see it)",
                ),
                Opt::new(
                    Kind::Integer,
                    "game",
                    "The game's number (see /games), finished or not; else your game here",
                )
                .range(1, None),
                Opt::new(Kind::Boolean, "clear", "Drop your note on the game"),
            ]
        },
        read: |o| {
            let text = match o.flag("clear") {
                true => Some(String::new()),
                false => o.text("text"),
            };
            Ok(Command::Note {
                game: o.integer("game"),
                text,
            })
        },
    },
    Spec {
        name: "analyse",
        description: "Try moves on a private board: nothing is played in any game",
        // From anywhere, direct messages too, when the game or a position is named.
        guild_only: false,
        options: analyse_options,
        read: |o| {
            Ok(Command::Analyse(Analysis {
                game: o.integer("game"),
                moves: o.text("moves"),
                fen: o.text("fen"),
                variant: o.text("variant").map(|v| v.parse()).transpose()?,
                engine: o.flag("engine"),
                flip: o.flag("flip"),
            }))
        },
    },
    Spec {
        name: "rules",
        description: "How the game in this channel is played, or one piece or topic",
        guild_only: false,
        options: || {
            vec![
                Opt::new(
                    Kind::Text,
                    "topic",
                    "A piece (e.g. mage), a rule (e.g. castling) or a variant (e.g. chess)",
                ),
                Opt::variant("The variant whose rules to read (default: this channel's game's)"),
            ]
        },
        read: |o| {
            Ok(Command::Rules {
                topic: o.text("topic"),
                variant: o.text("variant").map(|v| v.parse()).transpose()?,
            })
        },
    },
];

fn challenge_options() -> Vec<Opt> {
    let variant = Opt::variant("The game to play (default: Chess 13: Epoch)");
    let days = Opt::days("Days each player has per move (default: the server's, else 3)");
    let color = Opt::new(Kind::Text, "color", "Your colour").text_choices(&[
        ("White (Light in AGEIOU; you move first)", "white"),
        ("Black (Dark in AGEIOU)", "black"),
        ("Random", "random"),
    ]);
    let who = Opt::new(
        Kind::User,
        "opponent",
        "Who you challenge (leave out for an open challenge anyone here may accept)",
    );
    let rated = Opt::new(
        Kind::Boolean,
        "rated",
        "Whether the game counts for the ratings (default: yes, under the standard rules)",
    );
    let level = Opt::new(
        Kind::Integer,
        "level",
        "Against Herald itself: how strong it plays, 1 (easiest) to 5 (default 3)",
    )
    .range(1, Some(Level::MAX.into()));
    let fen = Opt::new(
        Kind::Text,
        "fen",
        "Start from this position text of the variant instead of its start (a casual game)",
    );
    let mut options = vec![who, variant, color, days, rated, level, fen];
    let d = GameOptions::default();
    let defaults = [d.portal_turns as u16, d.repetitions as u16, d.fifty];
    for (((name, what), (_, min, max)), default) in
        GAME_OPTIONS.iter().zip(GameOptions::RANGES).zip(defaults)
    {
        let what = format!("{what} ({min}-{max}, default {default})");
        options.push(Opt::new(Kind::Integer, name, what).range(min.into(), Some(max.into())));
    }
    options
}

fn read_challenge(o: &Given) -> Result<Command, String> {
    Ok(Command::Challenge {
        opponent: o.opponent(),
        terms: Terms {
            rated: o.boolean("rated"),
            level: o.integer("level").map(Level::new).transpose()?,
            fen: o.text("fen").filter(|f| !f.trim().is_empty()),
            ..Terms::read(
                o.text("variant").as_deref(),
                o.text("color").as_deref(),
                o.integer("days"),
                GAME_OPTIONS.map(|(name, _)| o.integer(name).map(|v| v.to_string())),
            )?
        },
    })
}

fn move_options() -> Vec<Opt> {
    let mv = Opt::new(Kind::Text, "move", "The move, e.g. e4, Hc1-e3 or c1e3")
        .required()
        .autocomplete();
    let confirm = Opt::new(
        Kind::Boolean,
        "confirm",
        "Play it even though it loses you the game (Herald warns first)",
    );
    let game = Opt::new(
        Kind::Integer,
        "game",
        "Which of your games, from anywhere (type to see those waiting for your move)",
    )
    .autocomplete();
    [vec![mv], game_opponent(), vec![confirm, game]].concat()
}

fn analyse_options() -> Vec<Opt> {
    vec![
        Opt::new(
            Kind::Text,
            "moves",
            "Moves to try, e.g. e4 e5 Nf3 (type to see the legal ones)",
        )
        .autocomplete(),
        Opt::new(
            Kind::Integer,
            "game",
            "Start from this game's position (see /games); else your game here",
        )
        .range(1, None),
        Opt::new(
            Kind::Text,
            "fen",
            "Start from this position text instead of a game",
        ),
        Opt::variant("Start from this variant's start (or read the position text as it)"),
        Opt::new(
            Kind::Boolean,
            "engine",
            "Add the engine's score and best move (not during a game you could play)",
        ),
        Opt::new(Kind::Boolean, "flip", "Draw the board from the other side"),
    ]
}
