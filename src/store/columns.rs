//! The typed values stored in text columns: each is written as one word and read back
//! through its `FromStr`, so a damaged value is an error, never a silent default.

use std::fmt;
use std::str::FromStr;

use sqlx::error::BoxDynError;
use sqlx::postgres::{PgTypeInfo, PgValueRef, Postgres};
use sqlx::sqlite::{SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Sqlite, Type};

use super::sql::{Bind, Value};

use crate::rules::{Color, GameOptions, Reason, VariantId};

/// A closed set of words stored in a column: the enum, its words, `Display` and `FromStr`.
macro_rules! words {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($(#[$vdoc:meta])* $variant:ident = $word:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The word stored for this value.
            pub fn word(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }

            fn all() -> impl Iterator<Item = $name> {
                $name::ALL.iter().copied()
            }
        }

        word_traits!($name, $what);
    };
}

/// `Display` and `FromStr` by a type's `word()`, found among its `all()`.
macro_rules! word_traits {
    ($name:ident, $what:literal) => {
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.word())
            }
        }

        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                $name::all().find(|v| v.word() == s).ok_or_else(|| {
                    let words: Vec<&str> = $name::all().map($name::word).collect();
                    format!(
                        concat!("unknown ", $what, " '{}': expected one of {}"),
                        crate::rules::shown(s),
                        words.join(", ")
                    )
                })
            }
        }
    };
}

/// Text columns for types that print and parse themselves: read on either database, bound
/// as their text.
macro_rules! text_columns {
    ($($t:ty),+ $(,)?) => {$(
        text_columns!(@read $t, Sqlite, SqliteTypeInfo, SqliteValueRef<'r>);
        text_columns!(@read $t, Postgres, PgTypeInfo, PgValueRef<'r>);

        impl Bind for $t {
            fn value(self) -> Value {
                Value::Text(Some(Column::write(&self)))
            }
            fn null() -> Value {
                Value::Text(None)
            }
        }
    )+};
    (@read $t:ty, $db:ty, $info:ty, $value:ty) => {
        impl Type<$db> for $t {
            fn type_info() -> $info {
                <str as Type<$db>>::type_info()
            }
        }

        impl<'r> Decode<'r, $db> for $t {
            fn decode(value: $value) -> Result<Self, BoxDynError> {
                let text = <&str as Decode<'r, $db>>::decode(value)?;
                Column::read(text).map_err(Into::into)
            }
        }
    };
}

/// How a value is written into its text column and read back.
trait Column: Sized {
    fn write(&self) -> String;
    fn read(text: &str) -> Result<Self, String>;
}

impl<T: fmt::Display + FromStr<Err = String>> Column for T {
    fn write(&self) -> String {
        self.to_string()
    }
    fn read(text: &str) -> Result<Self, String> {
        text.parse()
    }
}

words! {
    /// Where a game stands.
    GameStatus, "game status" {
        Active = "active",
        Finished = "finished",
        /// Ended before each side had moved, with no result.
        Aborted = "aborted",
    }
}

words! {
    /// How a tournament is paired.
    TournamentSystem, "tournament system" {
        /// Everyone plays everyone once, every game at once (FIDE's Berger tables).
        RoundRobin = "round-robin",
        /// Everyone plays everyone twice, once with each colour.
        DoubleRoundRobin = "double-round-robin",
        /// Rounds paired one at a time by the FIDE Dutch system.
        Swiss = "swiss",
    }
}

words! {
    /// Where a tournament stands.
    TournamentStatus, "tournament status" {
        /// Players may join.
        Open = "open",
        Running = "running",
        Finished = "finished",
    }
}

words! {
    /// Who may create a server's tournaments.
    #[derive(Default)]
    TournamentCreators, "tournament creators" {
        /// Any member (the default).
        #[default]
        Anyone = "anyone",
        /// Only members who may manage the server.
        Managers = "managers",
    }
}

words! {
    /// Where a challenge stands.
    ChallengeStatus, "challenge status" {
        Open = "open", Accepted = "accepted", Declined = "declined", Expired = "expired",
        /// Taken back by the challenger.
        Withdrawn = "withdrawn",
    }
}

words! {
    /// The result of a finished game, as a game record writes it.
    GameResult, "game result" {
        WhiteWins = "1-0",
        BlackWins = "0-1",
        Draw = "1/2-1/2",
    }
}

words! {
    /// The colour a challenger asks for.
    ColorChoice, "colour" {
        White = "white",
        Black = "black",
        Random = "random",
    }
}

words! {
    /// Something that happened to a game besides a move.
    EventKind, "event kind" {
        Swap = "swap",
        DrawOffer = "draw-offer",
        DrawAccept = "draw-accept",
        DrawDecline = "draw-decline",
        Resign = "resign",
        Abort = "abort",
        Reminder = "reminder",
        Timeout = "timeout",
        /// A player asks to take back moves; the event's ply is the position asked in.
        TakebackAsk = "takeback-ask",
        /// The opponent agreed: the game stands at the event's ply again.
        Takeback = "takeback",
        TakebackDecline = "takeback-decline",
        /// The player withdrew from the game's tournament, forfeiting the game.
        Forfeit = "forfeit",
    }
}

words! {
    /// How a player is told of their games (/notify).
    #[derive(Default)]
    NoticeMode, "notice mode" {
        /// Mentioned in the game's thread or channel (the default).
        #[default]
        Mention = "mention",
        /// A direct message when it is their move, and for reminders and results.
        DirectTurn = "dm-turn",
        /// A direct message only for reminders and results; their move pings nobody.
        DirectAlerts = "dm-alerts",
        /// Nothing: named in the game's messages, never pinged.
        Off = "off",
    }
}

impl GameResult {
    pub fn of(winner: Option<Color>) -> GameResult {
        match winner {
            Some(Color::White) => GameResult::WhiteWins,
            Some(Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }

    /// The side that won, none for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }
}

impl ColorChoice {
    /// The colour asked for, when it is not left to chance.
    pub fn color(self) -> Option<Color> {
        match self {
            ColorChoice::White => Some(Color::White),
            ColorChoice::Black => Some(Color::Black),
            ColorChoice::Random => None,
        }
    }

    pub fn of(color: Color) -> ColorChoice {
        match color {
            Color::White => ColorChoice::White,
            Color::Black => ColorChoice::Black,
        }
    }
}

/// Why a finished game ended: a rule of the game, or something the players or the clock did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Rules(Reason),
    /// The player to move ran out of time.
    Time,
    Resignation,
    /// A draw offer accepted.
    Agreement,
    /// Lost without being played out: its loser withdrew from the game's tournament. A
    /// forfeit changes no rating.
    Forfeit,
}

impl EndReason {
    const RULES: [Reason; 7] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::Repetition,
        Reason::NoProgress,
        Reason::InsufficientMaterial,
        Reason::Campmate,
        Reason::KingCaptured,
    ];

    /// The word stored, and written as a record's termination.
    pub fn word(self) -> &'static str {
        match self {
            EndReason::Rules(r) => r.name(),
            EndReason::Time => "time",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Forfeit => "forfeit",
        }
    }

    /// Every reason a game can end for.
    fn all() -> impl Iterator<Item = EndReason> {
        EndReason::RULES.map(EndReason::Rules).into_iter().chain([
            EndReason::Time,
            EndReason::Resignation,
            EndReason::Agreement,
            EndReason::Forfeit,
        ])
    }
}

word_traits!(EndReason, "end reason");

/// The game options column: empty for the defaults, else their text form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StoredOptions(pub GameOptions);

impl fmt::Display for StoredOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_default() {
            Ok(())
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl From<StoredOptions> for GameOptions {
    fn from(stored: StoredOptions) -> GameOptions {
        stored.0
    }
}

impl FromStr for StoredOptions {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        s.parse()
            .map(StoredOptions)
            .map_err(|e| format!("game options '{s}': {e}"))
    }
}

text_columns!(
    VariantId,
    TournamentSystem,
    TournamentStatus,
    TournamentCreators,
    GameStatus,
    ChallengeStatus,
    GameResult,
    ColorChoice,
    EventKind,
    EndReason,
    NoticeMode,
    StoredOptions
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back() {
        for s in GameStatus::ALL {
            assert_eq!(s.word().parse::<GameStatus>(), Ok(*s));
        }
        for k in EventKind::ALL {
            assert_eq!(k.word().parse::<EventKind>(), Ok(*k));
        }
        for r in EndReason::all() {
            assert_eq!(r.word().parse::<EndReason>(), Ok(r));
        }
        assert!("won".parse::<GameResult>().is_err());
        assert_eq!("".parse::<StoredOptions>(), Ok(StoredOptions::default()));
        assert_eq!(StoredOptions::default().to_string(), "");
    }
}
