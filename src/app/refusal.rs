//! Why Herald did not do what a player asked. Nothing was changed; the wording lives in
//! [`super::words`].

use crate::rules::{MoveError, OptionsError, Square, VariantId};
use crate::store::{ChallengeStatus, StoreError};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Someone else changed the game first.
    Conflict,
    /// A second unfinished game between the same players in the same channel.
    Duplicate,
    /// The database failed; the error is logged.
    Database,
    /// A stored game that does not replay.
    Damaged(i64),
    NoGameWith(String),
    NoGame,
    /// Several games here: the opponents and game numbers.
    WhichGame(Vec<(String, i64)>),
    NoOpponent,
    SelfChallenge,
    Options(OptionsError),
    AlreadyPlaying {
        opponent: String,
        game: i64,
    },
    OpenChallenge {
        opponent: String,
        challenge: i64,
    },
    GameGone,
    ChallengeGone,
    /// Only this user may answer the challenge.
    NotChallenged(String),
    /// The challenge is no longer open: how it was closed.
    ChallengeClosed(ChallengeStatus),
    /// Someone answered the challenge a moment before.
    AlreadyAnswered,
    /// The user to move.
    NotYourTurn(String),
    Move(MoveError),
    /// A stored game's start that the rules refuse.
    Setup(String),
    SwapNotPlayer,
    Over,
    SwapUnavailable,
    SwapNotBlack,
    OfferOpen,
    /// A draw offered since the opponent (named) last moved: one offer a move.
    OfferedAlready(String),
    DrawNotPlayer,
    NoOffer,
    OwnOffer,
    AbortTooLate,
    /// Resigning a game (numbered) in which the player has not moved yet: it can be aborted.
    ResignBeforeMoving(i64),
    RematchNotPlayer,
    StillPlaying,
    NotASquare(String),
    NoPiece(Square),
    /// No game with this number on this server.
    NoSuchGame(i64),
    /// A spectator named a player with no game in this channel.
    NoGameOf(String),
    /// The player named has several unfinished games here: their numbers.
    PlayerHasGames(String, Vec<i64>),
    /// Nothing to show the asker here, and no game or player named.
    NoGameToShow,
    NoChallengeToAnswer,
    NoChallengeFrom(String),
    NoChallengeToWithdraw,
    NoChallengeTo(String),
    /// Several open challenges fit: the other players (none: open to anyone), challenge
    /// numbers and variants.
    WhichChallenge(Vec<(Option<String>, i64, VariantId)>),
    /// Only the challenger may withdraw a challenge.
    NotYourChallenge(String),
    /// The variant has no swap rule.
    NoSwapInVariant(VariantId),
    /// Someone who is not a player of the game tried to move in it.
    NotAPlayer,
    /// A confirmation for a move in a position that has changed since.
    ConfirmStale,
    /// A rated game asked for under other rules than the variant's standard ones.
    RatedNonStandard,
    /// A rated game asked from a position other than the start.
    RatedFromPosition,
    /// A game asked from a position that is already over: how it ended.
    PositionOver(String),
    /// A leaderboard page past the last one.
    NoSuchPage(i64),
    /// The same open challenge (variant, channel) is already waiting: its number.
    OpenToAllAlready(i64),
    /// A challenger tried to accept their own open challenge.
    OwnOpenChallenge,
    /// An open challenge has nobody to decline it.
    DeclineOpen,
    /// A rated game asked of Herald's engine.
    RatedEngine,
    /// A level given for a game between people.
    LevelForPeople,
    /// A settings change by a member who may not manage the server.
    NotManager,
    /// A game card's button pressed by someone who does not play the game.
    NotInGame(i64),
    /// A review asked of a game still being played: its number.
    ReviewLive(i64),
    /// A review asked of an aborted game, or of one that ended before a move: its number,
    /// and whether it was aborted.
    NothingToReview(i64, bool),
    /// A note longer than a note holds: its length in characters.
    NoteTooLong(usize),
    /// A move of an analysed line that cannot be played: its place in the line (from 1).
    LineMove {
        number: usize,
        error: MoveError,
    },
    /// The engine asked for during a game still being played: its number.
    EngineDuringGame(i64),
    /// An analysis asked to start from a game and from a position text (or another variant).
    TwoStarts,
    /// A position text no variant reads.
    NoVariantReads,
    /// An analysis with no game, position or variant named, and no game of the asker here.
    NothingToAnalyse,
    /// A takeback asked in a rated game: its number.
    TakebackRated(i64),
    /// A takeback asked of Herald at a level that plays for real: the level.
    TakebackEngine(i64),
    /// A takeback asked by a player who has not moved (or whose moves are all answered
    /// twice over).
    NothingToTakeBack,
    /// A takeback that would go back past the swap.
    TakebackPastSwap,
    /// A takeback asked again in the position one was asked (or declined) in.
    TakebackAskedHere,
    /// An answer to a takeback nobody asked for in the game's position.
    NoTakeback,
    /// The asker answering their own takeback.
    OwnTakeback,
    /// A conditional line kept when it is the keeper's move: the game's number.
    LineOnYourMove(i64),
    /// A conditional line in a game against Herald, which answers at once.
    LineAgainstEngine,
    /// A conditional line of fewer than two moves.
    LineTooShort,
    /// A conditional line of more moves than a line holds: how many it had.
    LineTooLong(usize),
    /// A conditional line answering differently from one kept: that line, as it stands.
    LineConflict(String),
    /// A conditional line beyond the lines a game holds for a player.
    TooManyLines,
    /// Leave asked while on leave: when the one going on ends.
    OnLeave(i64),
    /// `/vacation off` while not on leave.
    NoLeave,
    /// Leave longer than what is left of the year's allowance: days asked, left, allowed.
    LeaveTooLong(i64, i64, i64),
    /// An `until:` that is no date after today, as given.
    LeaveDate(String),
    /// No tournament by that number here (or, with none, none that fits).
    NoTournament(Option<i64>),
    /// A tournament name empty or too long: its length.
    TournamentName(usize),
    TournamentFull(i64),
    InTournament(i64),
    NotInTournament(i64),
    /// Joining, leaving or starting a tournament that has started.
    TournamentBegun(i64),
    /// Starting a tournament someone else made: its creator.
    NotOrganiser(i64, String),
    /// Starting a tournament with too few players: how many it has.
    TooFewPlayers(i64, usize),
    /// `rounds:` for a round robin, whose rounds follow from its players.
    RoundsSwissOnly,
    /// A round robin of more players than the tables take: how many were asked.
    RoundRobinTooBig(i64),
    /// A Swiss of more rounds than its players allow: the rounds, the players.
    TooManyRounds(i64, usize),
    /// Creating a tournament where the settings leave it to the managers.
    TournamentsForManagers,
    /// A `starts:` that is no moment Herald reads, as given.
    StartTime(String),
    /// A `starts:` that is not after now: the moment it reads as.
    StartPassed(i64),
    /// A `starts:` further off than a tournament may be planned.
    StartTooFar,
    /// `/abort` of a tournament's game: the game, the tournament.
    TournamentAbort(i64, i64),
    /// Withdrawing from a tournament not yet started (it is left instead).
    WithdrawBeforeStart(i64),
    /// Withdrawing from a tournament that is over.
    TournamentOver(i64),
    /// Withdrawing again: the tournament, and when the player withdrew.
    Withdrawn(i64, i64),
    /// `/tournament withdraw` with no number, by a player in no running tournament here.
    NothingToWithdrawFrom,
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict => Refusal::Conflict,
            StoreError::Duplicate => Refusal::Duplicate,
            StoreError::Unreadable(row) if row.id.is_some() => {
                tracing::error!(error = %row, "a damaged game");
                Refusal::Damaged(row.id.unwrap_or_default())
            }
            other => {
                tracing::error!(error = %other, "store error");
                Refusal::Database
            }
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Self {
        Refusal::Move(e)
    }
}

impl From<OptionsError> for Refusal {
    fn from(e: OptionsError) -> Self {
        Refusal::Options(e)
    }
}
