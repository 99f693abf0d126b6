//! Refusals in words: why Herald did not do what a player asked.

use super::super::refusal::Refusal;
use super::super::text::{user, Text};
use crate::rules::shown;
use crate::text;

/// `#3, #5` for numbers 3 and 5.
fn numbered(ids: &[i64]) -> String {
    let shown: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
    shown.join(", ")
}

impl Refusal {
    /// The refusal in words, shown only to the player who acted.
    pub fn text(&self) -> Text {
        use Refusal::*;
        match self {
            Conflict => "The position changed while you were acting, try again.".into(),
            Duplicate => "You two already have an unfinished game in this channel.".into(),
            Database => "Herald could not reach its database; nothing was changed. Try again in a moment.".into(),
            Damaged(id) => format!("Game #{id} is damaged and cannot be played; an admin can run `herald db check`.").into(),
            NoGameWith(o) => text!["You have no unfinished game with ", user(o), " in this channel."],
            NoGame => "You have no unfinished game in this channel: /games lists yours and where each is played (a move can be made from anywhere with /move game:). Start one with /challenge.".into(),
            WhichGame(games) => {
                let mut t = text!["You have games here with "];
                for (i, (opponent, id)) in games.iter().enumerate() {
                    if i > 0 {
                        t.push(", ");
                    }
                    t.push(text![user(opponent), format!(" (game #{id})")]);
                }
                // A double round robin plays a pair's two games at once: the opponent does not
                // tell them apart, the buttons under each board do.
                let twice = games
                    .iter()
                    .enumerate()
                    .any(|(i, (o, _))| games[..i].iter().any(|(p, _)| p == o));
                t.push(if twice {
                    ": the opponent does not tell your games with the same player apart; name the game by its number, as `game:N`."
                } else {
                    ": say which with the opponent option."
                });
                t
            }
            NoOpponent => "Name the player you challenge.".into(),
            SelfChallenge => "You cannot challenge yourself.".into(),
            Options(e) => format!("{e}.").into(),
            AlreadyPlaying { opponent, game } => text![
                "You and ",
                user(opponent),
                format!(" already have an unfinished game here (game #{game}): finish it first.")
            ],
            OpenChallenge { opponent, challenge } => text![
                "There is already an open challenge between you and ",
                user(opponent),
                format!(" here (challenge #{challenge}).")
            ],
            GameGone => "That game no longer exists.".into(),
            ChallengeGone => "That challenge no longer exists.".into(),
            NotChallenged(who) => text!["Only ", user(who), " can answer this challenge."],
            ChallengeClosed(status) => match status {
                crate::store::ChallengeStatus::Accepted => "This challenge was already accepted.".into(),
                crate::store::ChallengeStatus::Declined => "This challenge was already declined.".into(),
                crate::store::ChallengeStatus::Expired => "This challenge has expired.".into(),
                crate::store::ChallengeStatus::Open => "This challenge is still open.".into(),
                crate::store::ChallengeStatus::Withdrawn => "This challenge was withdrawn.".into(),
            },
            AlreadyAnswered => "This challenge was already answered.".into(),
            NotYourTurn(to_move) => text!["It is not your turn: ", user(to_move), " is to move."],
            Move(e) => format!("Move {e}").into(),
            Setup(e) => e.clone().into(),
            SwapNotPlayer => "Only the two players can swap sides.".into(),
            Over => "That game is over.".into(),
            SwapUnavailable => "The swap is only available on Black's first turn, once per game.".into(),
            SwapNotBlack => "Only the player holding Black may swap.".into(),
            OfferOpen => "Your draw offer is already open.".into(),
            OfferedAlready(other) => text![
                "You have offered a draw since ",
                user(other),
                " last moved; you may offer again once they have moved."
            ],
            DrawNotPlayer => "Only the players of this game can answer its draw offer.".into(),
            NoOffer => "There is no open draw offer in this game any more.".into(),
            OwnOffer => "You cannot answer your own draw offer.".into(),
            ResignBeforeMoving(id) => format!(
                "You have not moved yet in game #{id}, so there is nothing to resign: /abort ends it with no result and no rating change."
            )
            .into(),
            AbortTooLate => "A game can only be aborted before each side has moved; resign or offer a draw instead.".into(),
            RematchNotPlayer => "Only the players of that game can ask for a rematch.".into(),
            StillPlaying => "That game is still being played.".into(),
            NotASquare(s) => format!("'{}' is not a square of this board.", shown(s)).into(),
            NoPiece(s) => format!("There is no piece on {s}.").into(),
            NoSuchGame(n) => format!("There is no game #{n} on this server.").into(),
            NoGameOf(p) => text![user(p), " has no game in this channel."],
            PlayerHasGames(p, ids) => text![
                user(p),
                format!(" has several games here ({}): name one with the game option.", numbered(ids))
            ],
            NoGameToShow => "You have no game in this channel: name a player or a game number to look at one.".into(),
            NoChallengeToAnswer => "No open challenge waits for your answer in this channel.".into(),
            NoChallengeFrom(p) => text!["You have no open challenge from ", user(p), " in this channel."],
            NoChallengeToWithdraw => "You have no open challenge in this channel to withdraw.".into(),
            NoChallengeTo(p) => text!["You have no open challenge to ", user(p), " in this channel."],
            WhichChallenge(list) => {
                let mut t = text!["Several challenges are open here: "];
                for (i, (who, id, variant)) in list.iter().enumerate() {
                    if i > 0 {
                        t.push(", ");
                    }
                    let game = variant.title();
                    match who {
                        Some(who) => t.push(text![format!("#{id} ({game}) with "), user(who)]),
                        None => t.push(format!("#{id} ({game}) open to anyone")),
                    }
                }
                t.push(": say which with the challenge number or the player.");
                t
            }
            NotYourChallenge(who) => text!["Only ", user(who), " can withdraw this challenge."],
            NoSwapInVariant(v) => format!("{} has no swap rule: Black simply plays a move.", v.title()).into(),
            NotAPlayer => "Only the two players can move in this game.".into(),
            NotInGame(id) => format!("Only the two players of game #{id} can do that.").into(),
            ConfirmStale => "The game has moved on since that warning; nothing was played. Make your move again.".into(),
            RatedFromPosition => "A game from a position is casual: leave out rated, or choose rated:false.".into(),
            PositionOver(how) => format!("That position is already over ({how}): give one the side to move can play on from.").into(),
            RatedNonStandard => "Rated games are played under the standard rules: leave out portal_turns, repetitions and fifty, or choose rated:false for a casual game.".into(),
            NoSuchPage(p) => format!("There is no page {p} of this leaderboard.").into(),
            OpenToAllAlready(id) => format!("Your open challenge #{id} for this game is already waiting here; /withdraw challenge:{id} takes it back.").into(),
            OwnOpenChallenge => "This is your own open challenge: someone else accepts it (Cancel takes it back).".into(),
            RatedEngine => "Games against Herald are never rated: leave out rated, or choose rated:false.".into(),
            LevelForPeople => "level is for games against Herald (challenge Herald itself); people play at their own level.".into(),
            NotManager => "Only members who may manage this server (the Manage Server permission) can change its settings; /settings alone shows them.".into(),
            ReviewLive(id) => format!("Game #{id} is still being played: Herald reviews a game only once it is over, as a review of a live game would be the engine's help to its players. Ask again after the game ends.").into(),
            NothingToReview(id, true) => format!("Game #{id} was aborted: there is nothing to review.").into(),
            NoteTooLong(n) => format!("A note holds at most {} characters and yours has {n}: nothing was changed.", super::NOTE_LIMIT).into(),
            LineMove { number, error } => format!("Move {number} of your line, {error}.").into(),
            EngineDuringGame(n) => format!("Game #{n} is still being played, so the engine gives no opinion on it (it would be help the players do not have); try your line without engine:, or ask again once the game is over.").into(),
            TwoStarts => "Start from a game or from a position text (with its variant), not both.".into(),
            NoVariantReads => "That is no position text of any variant Herald plays: give variant: as well to be told what is wrong with it.".into(),
            TakebackRated(n) => format!("Game #{n} is rated, and this server's rated games have no takebacks: a move played stands (a manager may allow them with /settings takebacks:True).").into(),
            TakebackEngine(level) => format!("Herald at level {level} plays for real and grants no takebacks (levels 1 to 3 do).").into(),
            NothingToTakeBack => "You have no move to take back in this game yet.".into(),
            TakebackPastSwap => "A takeback cannot go back past the swap: the sides were exchanged on that move.".into(),
            TakebackAskedHere => "A takeback was already asked in this position: one request a position, until someone moves.".into(),
            NoTakeback => "Nobody asks for a takeback in this game's position any more (it lapses when anyone moves).".into(),
            OwnTakeback => "You cannot answer your own takeback request; your opponent does.".into(),
            LineOnYourMove(n) => format!("It is your move in game #{n}: play it with /move. A conditional line is kept after your move, and begins with your opponent's answer.").into(),
            LineAgainstEngine => "Herald answers your moves at once, so a conditional line has nothing to wait for in a game against it.".into(),
            LineTooShort => "A conditional line needs your opponent's move and your reply to it, e.g. `Nc6 Bb5`.".into(),
            LineTooLong(n) => format!("That line has {n} moves; a line holds at most {}.", super::LINE_MOVES).into(),
            LineConflict(line) => format!("That line replies differently from one you keep: {line}. Only one reply to each move can stand: clear your lines (`clear:true`) or keep the same reply.").into(),
            TooManyLines => format!("You keep {} conditional lines in this game already, the most it holds: clear them (`clear:true`) to start again.", super::LINE_LIMIT).into(),
            OnLeave(ends) => text!["You are on vacation already, until ", super::super::text::time(*ends), ": `/vacation off` ends it, and a new leave can begin after."],
            NoTournament(Some(n)) => format!("There is no tournament #{n} in this server: `/tournaments` lists them.").into(),
            NoTournament(None) => "No tournament here fits: `/tournaments` lists them, and `/tournament create` makes one.".into(),
            TournamentName(0) => "A tournament needs a name.".into(),
            TournamentName(n) => format!("A tournament's name is at most {} characters, and that one has {n}.", crate::app::tournament::NAME_LIMIT).into(),
            TournamentFull(n) => format!("Tournament #{n} is full: it takes no more players.").into(),
            InTournament(n) => format!("You are in tournament #{n} already.").into(),
            NotInTournament(n) => format!("You are not in tournament #{n}.").into(),
            TournamentBegun(n) => format!("Tournament #{n} has started: players join and leave before the start.").into(),
            NotOrganiser(n, creator) => text!["Only ", user(creator), format!(" (who made tournament #{n}) or a member who may manage this server can start it.")],
            TooFewPlayers(n, players) => format!("Tournament #{n} has {players} player{}: it starts with at least {}.", super::plural(*players as i64), crate::app::tournament_table::MIN_PLAYERS).into(),
            RoundsSwissOnly => "Only a Swiss takes `rounds:`: a round robin plays one round for every opponent (two for a double round robin).".into(),
            RoundRobinTooBig(n) => format!("A round robin takes at most {} players (FIDE's tables), not {n}: for more, make it a Swiss (`system:swiss`).", crate::app::schema::MAX_ROUND_ROBIN).into(),
            TooManyRounds(rounds, players) => format!("A Swiss of {players} players can play at most {} round{} (nobody meets anyone twice), not {rounds}: give fewer `rounds:`, or let more players join.", players.saturating_sub(1), super::plural(players.saturating_sub(1) as i64)).into(),
            TournamentAbort(game, t) => format!("Game #{game} is a game of tournament #{t}, whose table counts every game: it cannot be aborted. Play it, offer a draw or resign; a game nobody moves in before its deadline is lost by the player to move.").into(),
            TournamentsForManagers => "On this server only members who may manage it (the Manage Server permission) create tournaments, as its /settings say; anyone may join one once it is made.".into(),
            StartTime(given) => format!("Herald cannot read '{}' as a time: give the day and time in UTC, as `2026-12-24 18:00`, or how long from now, as `in 3 days` or `12h`.", shown(given)).into(),
            StartPassed(at) => text![super::super::text::time(*at), " has passed already: a tournament starts at a time to come, as `in 3 days`."],
            StartTooFar => format!("A tournament may be planned to start at most {} days from now.", crate::app::tournament::PLAN_DAYS).into(),
            WithdrawBeforeStart(n) => format!("Tournament #{n} has not started: `/tournament leave id:{n}` takes you out of it before the start, with nothing forfeited.").into(),
            TournamentOver(n) => format!("Tournament #{n} is over: its standings are final.").into(),
            Withdrawn(n, at) => text![format!("You withdrew from tournament #{n} on "), super::super::text::time(*at), "; a withdrawal is final."],
            NothingToWithdrawFrom => "You play in no running tournament here: `/tournaments` lists this server's, and `/tournament withdraw id:N` names one.".into(),
            NoLeave => "You are not on vacation: `/vacation days:N` begins leave.".into(),
            LeaveTooLong(asked, left, allowed) => format!("That leave is {asked} days, and you have {left} of your {allowed} days of leave left this year.").into(),
            LeaveDate(given) => format!("'{given}' is not a day after today: give the day your leave ends as YYYY-MM-DD (UTC), e.g. 2026-12-24.").into(),
            NothingToAnalyse => "You have no game here to analyse: name one with game:, or give a position text (fen:) or a variant to start from.".into(),
            NothingToReview(id, false) => format!("Game #{id} ended before any move was made: there is nothing to review.").into(),
            DeclineOpen => "An open challenge is made to nobody in particular, so nobody declines it: leave it, and it expires in 7 days.".into(),
        }
    }
}
