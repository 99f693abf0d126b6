//! Everything a player can ask of Herald, typed: adapters read what the player gave into these
//! values once, and the service never parses text again.

use crate::rules::{GameOptions, VariantId};
pub use crate::store::ColorChoice;

/// Time per move, in days: one of the choices Herald offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Days(i64);

impl Days {
    /// The choices of time per move.
    pub const CHOICES: [i64; 7] = [1, 2, 3, 5, 7, 10, 14];

    pub fn new(days: i64) -> Result<Days, String> {
        if Days::CHOICES.contains(&days) {
            Ok(Days(days))
        } else {
            let choices: Vec<String> = Days::CHOICES.iter().map(|d| d.to_string()).collect();
            let (last, rest) = choices.split_last().expect("there are choices");
            Err(format!(
                "{days} days per move is not offered: choose {} or {last}.",
                rest.join(", ")
            ))
        }
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

impl Default for Days {
    fn default() -> Days {
        Days(3)
    }
}

/// What a challenge offers, besides the opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    pub variant: VariantId,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Days per move, when the challenger said (else the server's choice, else 3).
    pub days: Option<Days>,
    pub options: GameOptions,
    /// Rated or casual, when the challenger said: rated by default, casual under
    /// non-standard options.
    pub rated: Option<bool>,
    /// Against Herald's engine: how strong it plays, 1-5 (default 3).
    pub level: Option<Level>,
    /// The position text the game starts from, when not the variant's start.
    pub fen: Option<String>,
}

/// How strong Herald's engine plays, 1 (a beginner's glance) to 5 (three seconds of full
/// search): each level's search and leeway are in [`Level::style`], and docs/engine.md gives
/// their measured strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level(u8);

impl Level {
    pub const MAX: u8 = 5;

    pub fn new(level: i64) -> Result<Level, String> {
        match u8::try_from(level) {
            Ok(n @ 1..=Level::MAX) => Ok(Level(n)),
            _ => Err(format!(
                "Level {level} is not offered: choose 1 (easiest) to 5 (strongest)."
            )),
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// How the level plays: levels 1 to 3 search shallow and draw among the moves near the
    /// best (by the game's own seed, so a game replays identically), 4 and 5 play the best
    /// move of a timed search.
    pub fn style(self) -> crate::engine::Style {
        let (ms, depth, leeway) = match self.0 {
            1 => (300, Some(1), 250),
            2 => (500, Some(2), 120),
            3 => (1_000, Some(3), 50),
            // A timed search uses all its time: a margin keeps the answer within the second
            // and the three seconds the levels promise (the game's replay, the last nodes).
            4 => (950, None, 0),
            _ => (2_850, None, 0),
        };
        crate::engine::Style {
            limits: crate::engine::Limits {
                movetime: Some(std::time::Duration::from_millis(ms)),
                depth,
            },
            leeway,
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(3)
    }
}

impl Default for Terms {
    fn default() -> Terms {
        Terms {
            variant: VariantId::Epoch,
            color: ColorChoice::Random,
            days: None,
            options: GameOptions::default(),
            rated: None,
            level: None,
            fen: None,
        }
    }
}

impl Terms {
    /// Terms from what a player typed or picked, each part defaulted when not given; the
    /// message says which part is wrong and what was expected. `options` are AGEIOU's portal
    /// turns, repetitions and no-progress limit, in [`GameOptions::RANGES`]' order.
    pub fn read(
        variant: Option<&str>,
        color: Option<&str>,
        days: Option<i64>,
        options: [Option<String>; 3],
    ) -> Result<Terms, String> {
        let d = Terms::default();
        let variant = match variant {
            Some(v) => v.parse()?,
            None => d.variant,
        };
        let color = match color.map(|c| c.trim().to_ascii_lowercase()) {
            Some(c) => c.parse().map_err(|_| {
                format!(
                    "Unknown colour '{}': choose white, black or random.",
                    crate::rules::shown(&c)
                )
            })?,
            None => d.color,
        };
        let days = days.map(Days::new).transpose()?;
        let given: Vec<String> = GameOptions::RANGES
            .iter()
            .zip(options)
            .filter_map(|((name, _, _), value)| value.map(|v| format!("{name}={}", v.trim())))
            .collect();
        let options: GameOptions = given.join(" ").parse().map_err(|e| format!("{e}."))?;
        Ok(Terms {
            variant,
            color,
            days,
            options,
            rated: None,
            level: None,
            fen: None,
        })
    }
}

/// What `/settings` changes; nothing given shows the settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// Days per move for challenges that name none.
    pub days: Option<Days>,
    /// Where open challenges are posted: a channel, or `Some(None)` for where they are made.
    pub open_channel: Option<Option<String>>,
    /// The role an open challenge in a variant pings, or `None` to ping nobody.
    pub role: Option<(VariantId, Option<String>)>,
    /// Whether games get their own threads.
    pub threads: Option<bool>,
    /// Days of leave a player may take a calendar year.
    pub vacation_days: Option<i64>,
    /// Whether rated games allow takebacks by consent.
    pub takebacks: Option<bool>,
    /// Who may create tournaments.
    pub tournaments: Option<crate::store::TournamentCreators>,
    /// Whether the server's games have web pages.
    pub web: Option<bool>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// Everything a player can ask of Herald. Users are the platform's ids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A challenge to `opponent`, or an open one anyone here may accept.
    Challenge {
        opponent: Option<String>,
        terms: Terms,
    },
    Move {
        /// The game by number, from anywhere (the inbox); else the asker's game here.
        game: Option<i64>,
        text: String,
        opponent: Option<String>,
        /// Play it even though it loses the game (a move that repeats a position a third
        /// time, where that loses).
        confirm: bool,
    },
    Swap {
        opponent: Option<String>,
        /// The game by its number, where the opponent does not tell (two games with one player).
        game: Option<i64>,
    },
    Resign {
        opponent: Option<String>,
        /// The game by its number, where the opponent does not tell (two games with one player).
        game: Option<i64>,
    },
    /// Offers a draw, or accepts the opponent's open offer.
    Draw {
        opponent: Option<String>,
        /// The game by its number, where the opponent does not tell (two games with one player).
        game: Option<i64>,
    },
    Abort {
        opponent: Option<String>,
        /// The game by its number, where the opponent does not tell (two games with one player).
        game: Option<i64>,
    },
    /// A game's board. The game is picked by number, else by player (the asker's opponent,
    /// or any player for a spectator), else it is the asker's game here.
    Board {
        opponent: Option<String>,
        game: Option<i64>,
        flip: bool,
        private: bool,
    },
    Piece {
        square: String,
        opponent: Option<String>,
    },
    Games,
    History {
        opponent: Option<String>,
        game: Option<i64>,
        /// Also send the game as an animated GIF.
        gif: bool,
    },
    /// A finished game's moves judged by the engine, with an evaluation chart; the game is
    /// picked as for [`Command::History`].
    Review {
        opponent: Option<String>,
        game: Option<i64>,
    },
    /// Accepts or declines a challenge, named by its number or by the challenger (needed
    /// only when several wait).
    Answer {
        accept: bool,
        challenger: Option<String>,
        challenge: Option<i64>,
    },
    /// Withdraws the asker's own open challenge, named by number or by the challenged player.
    Withdraw {
        opponent: Option<String>,
        challenge: Option<i64>,
    },
    Rules {
        topic: Option<String>,
        /// The variant asked about; else the channel's game's.
        variant: Option<VariantId>,
    },
    /// A variant's rated players here, best first, ten to a page (the first page is 1).
    Leaderboard {
        variant: Option<VariantId>,
        page: i64,
    },
    /// A player's ratings, record and recent games, with a chart; the asker's by default.
    Profile {
        player: Option<String>,
    },
    /// A server's settings: shown when nothing is given, changed by its managers.
    Settings(SettingsChange),
    /// How the asker is told of their games, or (with no mode) how they are now.
    Notify {
        mode: Option<crate::store::NoticeMode>,
    },
    /// The asker's private note on one of their games: shown when no text is given, kept in
    /// place of the old one, or dropped with an empty text.
    Note {
        game: Option<i64>,
        text: Option<String>,
    },
    /// A private board after hypothetical moves: from a game's position, a position text or
    /// a variant's start. It never changes a game.
    Analyse(Analysis),
    /// Asks the opponent to take back the asker's last move.
    Takeback {
        opponent: Option<String>,
        /// The game by its number, where the opponent does not tell (two games with one player).
        game: Option<i64>,
    },
    /// The asker's conditional lines in a game: one kept (`moves`), all dropped (`clear`),
    /// or, with neither, listed.
    Conditional {
        opponent: Option<String>,
        moves: Option<String>,
        clear: bool,
    },
    /// Leave: `days` from now, or `until` a date (YYYY-MM-DD, UTC); `off` ends it; nothing
    /// shows it.
    Vacation {
        days: Option<i64>,
        until: Option<String>,
        off: bool,
    },
    /// The tournaments of the asker's server.
    Tournaments,
    /// One of the tournament subcommands.
    Tournament(TournamentCommand),
    Press(Action),
}

/// `/tournament ...`: each subcommand names its tournament by number, or means the newest
/// of the asker's server that fits (open, to join; the asker's, to leave, start or withdraw
/// from).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    Create {
        name: String,
        variant: VariantId,
        system: crate::store::TournamentSystem,
        days: Option<Days>,
        rated: bool,
        max_players: Option<i64>,
        /// A Swiss's number of rounds (none: chosen at the start by the players' number).
        rounds: Option<i64>,
        /// When it starts by itself, as typed (a moment in UTC, or a span from now).
        starts: Option<String>,
    },
    Join(Option<i64>),
    Leave(Option<i64>),
    Start(Option<i64>),
    Show(Option<i64>),
    /// Leaves a running tournament: the asker's unfinished games in it are forfeited.
    Withdraw(Option<i64>),
    /// The tournament as a FIDE report file (TRF-16).
    Trf(Option<i64>),
}

impl Command {
    /// The command's name, for logs.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge { .. } => "challenge",
            Command::Move { .. } => "move",
            Command::Swap { .. } => "swap",
            Command::Resign { .. } => "resign",
            Command::Draw { .. } => "draw",
            Command::Abort { .. } => "abort",
            Command::Board { .. } => "board",
            Command::Piece { .. } => "piece",
            Command::Games => "games",
            Command::History { .. } => "history",
            Command::Review { .. } => "review",
            Command::Answer { accept: true, .. } => "accept",
            Command::Answer { accept: false, .. } => "decline",
            Command::Withdraw { .. } => "withdraw",
            Command::Rules { .. } => "rules",
            Command::Leaderboard { .. } => "leaderboard",
            Command::Profile { .. } => "profile",
            Command::Settings(_) => "settings",
            Command::Notify { .. } => "notify",
            Command::Note { .. } => "note",
            Command::Analyse(_) => "analyse",
            Command::Takeback { .. } => "takeback",
            Command::Conditional { .. } => "conditional",
            Command::Vacation { .. } => "vacation",
            Command::Tournaments => "tournaments",
            Command::Tournament(TournamentCommand::Create { .. }) => "tournament create",
            Command::Tournament(TournamentCommand::Join(_)) => "tournament join",
            Command::Tournament(TournamentCommand::Leave(_)) => "tournament leave",
            Command::Tournament(TournamentCommand::Start(_)) => "tournament start",
            Command::Tournament(TournamentCommand::Show(_)) => "tournament show",
            Command::Tournament(TournamentCommand::Withdraw(_)) => "tournament withdraw",
            Command::Tournament(TournamentCommand::Trf(_)) => "tournament trf",
            Command::Press(_) => "button",
        }
    }
}

/// What a button does. Its id carries everything needed, so buttons work after a restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Accept(i64),
    Decline(i64),
    /// The challenger takes their challenge back.
    Withdraw(i64),
    Swap(i64),
    AcceptDraw(i64),
    DeclineDraw(i64),
    Rematch(i64),
    /// Plays, in this game at this ply, the legal move with this index, which the player
    /// was warned loses the game.
    Confirm {
        game: i64,
        ply: i64,
        choice: i64,
    },
    /// A page of a leaderboard: the variant by its place in [`VariantId::ALL`].
    Page {
        variant: i64,
        page: i64,
    },
    /// The presser offers a draw in this game (the game card's button).
    OfferDraw(i64),
    /// The presser asks to resign this game: Herald asks them to confirm.
    Resign(i64),
    /// The presser confirms that they resign this game.
    ConfirmResign(i64),
    /// The board of the presser's most urgent game, shown to them alone.
    NextGame,
    /// The presser asks their opponent to take back the presser's last move.
    AskTakeback(i64),
    AcceptTakeback(i64),
    DeclineTakeback(i64),
}

impl Action {
    /// The action's name and numbers, as its id writes them.
    fn parts(self) -> (&'static str, Vec<i64>) {
        match self {
            Action::Accept(n) => ("accept", vec![n]),
            Action::Decline(n) => ("decline", vec![n]),
            Action::Withdraw(n) => ("withdraw", vec![n]),
            Action::Swap(n) => ("swap", vec![n]),
            Action::AcceptDraw(n) => ("draw-accept", vec![n]),
            Action::DeclineDraw(n) => ("draw-decline", vec![n]),
            Action::Rematch(n) => ("rematch", vec![n]),
            Action::Confirm { game, ply, choice } => ("confirm", vec![game, ply, choice]),
            Action::Page { variant, page } => ("page", vec![variant, page]),
            Action::OfferDraw(n) => ("draw-offer", vec![n]),
            Action::Resign(n) => ("resign", vec![n]),
            Action::ConfirmResign(n) => ("resign-confirm", vec![n]),
            Action::NextGame => ("next", vec![]),
            Action::AskTakeback(n) => ("takeback-ask", vec![n]),
            Action::AcceptTakeback(n) => ("takeback-accept", vec![n]),
            Action::DeclineTakeback(n) => ("takeback-decline", vec![n]),
        }
    }

    /// The button's id, e.g. `accept:12` or `confirm:4:17:3`.
    pub fn id(self) -> String {
        let (name, numbers) = self.parts();
        let numbers: Vec<String> = numbers.iter().map(i64::to_string).collect();
        format!("{name}:{}", numbers.join(":"))
    }

    pub fn parse(id: &str) -> Option<Action> {
        let (name, rest) = id.split_once(':')?;
        let numbers: Vec<i64> = rest
            .split(':')
            .filter(|n| !rest.is_empty() || !n.is_empty())
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        Some(match (name, numbers.as_slice()) {
            ("accept", [n]) => Action::Accept(*n),
            ("decline", [n]) => Action::Decline(*n),
            ("withdraw", [n]) => Action::Withdraw(*n),
            ("swap", [n]) => Action::Swap(*n),
            ("draw-accept", [n]) => Action::AcceptDraw(*n),
            ("draw-decline", [n]) => Action::DeclineDraw(*n),
            ("rematch", [n]) => Action::Rematch(*n),
            ("confirm", [game, ply, choice]) => Action::Confirm {
                game: *game,
                ply: *ply,
                choice: *choice,
            },
            ("page", [variant, page]) => Action::Page {
                variant: *variant,
                page: *page,
            },
            ("draw-offer", [n]) => Action::OfferDraw(*n),
            ("resign", [n]) => Action::Resign(*n),
            ("resign-confirm", [n]) => Action::ConfirmResign(*n),
            ("next", []) => Action::NextGame,
            ("takeback-ask", [n]) => Action::AskTakeback(*n),
            ("takeback-accept", [n]) => Action::AcceptTakeback(*n),
            ("takeback-decline", [n]) => Action::DeclineTakeback(*n),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_read_back() {
        let every = [
            Action::Accept(42),
            Action::Decline(42),
            Action::Withdraw(42),
            Action::Swap(42),
            Action::AcceptDraw(42),
            Action::DeclineDraw(42),
            Action::AskTakeback(42),
            Action::AcceptTakeback(42),
            Action::DeclineTakeback(42),
            Action::Rematch(42),
            Action::Confirm {
                game: 42,
                ply: 17,
                choice: 3,
            },
            Action::Page {
                variant: 2,
                page: 3,
            },
            Action::OfferDraw(42),
            Action::Resign(42),
            Action::ConfirmResign(42),
            Action::NextGame,
        ];
        for a in every {
            assert_eq!(Action::parse(&a.id()), Some(a));
        }
        assert_eq!(
            Action::parse("confirm:4:17:3"),
            Some(Action::Confirm {
                game: 4,
                ply: 17,
                choice: 3
            })
        );
        assert_eq!(Action::parse("launch:3"), None);
        assert_eq!(Action::parse("accept:x"), None);
        assert_eq!(Action::parse("accept:1:2"), None);
        assert_eq!(Action::parse("confirm:1"), None);
        assert_eq!(Action::parse("next:"), Some(Action::NextGame));
        assert_eq!(Action::parse("next:3"), None);
        assert_eq!(Action::parse("resign:"), None);
    }

    #[test]
    fn days_are_the_offered_choices() {
        assert_eq!(Days::new(5).map(Days::get), Ok(5));
        assert_eq!(
            Days::new(4).unwrap_err(),
            "4 days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14."
        );
    }
}

/// What `/analyse` is asked: where to start (a game, a position text, a variant's start, or
/// the asker's game here), the moves to play from there, and whether the engine speaks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    pub game: Option<i64>,
    pub moves: Option<String>,
    pub fen: Option<String>,
    pub variant: Option<VariantId>,
    pub engine: bool,
    pub flip: bool,
}
