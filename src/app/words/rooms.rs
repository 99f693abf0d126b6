//! The words of game threads: their names, the line that points to one, and what happens
//! when one cannot be opened or goes away.

use super::super::text::{self, channel, user, Text};
use super::super::{Lost, Notice};
use super::versus;
use crate::store::{NoticeMode, StoredGame};
use crate::text;

/// A game thread's name: "Chess 13: Epoch · @alice vs @bob" (the platform writes the names).
pub fn thread_name(game: &StoredGame) -> Text {
    text![format!("{} · ", game.variant.title()), versus(game)]
}

/// Posted where the challenge was accepted: where the game is played.
pub fn played_in_thread(game: &StoredGame) -> Text {
    text![
        format!("Game #{}, ", game.id),
        versus(game),
        ", is played in its own thread: ",
        channel(&game.channel),
        "."
    ]
}

/// Told once to a server where Herald cannot open threads.
pub fn no_threads(missing: &[String]) -> Text {
    let (names, them) = match missing {
        [one] => (format!("the {one} permission"), "it"),
        _ => (format!("the {} permissions", missing.join(" and ")), "them"),
    };
    text![format!(
        "This game is played here, in the channel: Herald cannot open a thread for it without \
         {names} in this channel. A server manager can give Herald {them}, or turn threads \
         off with /settings threads:False. (Herald says this once.)"
    )]
}

/// A game's thread was deleted or locked: the game goes on in its channel.
pub fn thread_lost(game: &StoredGame, why: Lost, to_move: &str) -> Text {
    let what = match why {
        Lost::Deleted => "was deleted",
        Lost::Locked => "was locked",
    };
    text![
        format!(
            "The thread of game #{} {what}, so the game goes on here, in the channel. ",
            game.id
        ),
        user(to_move),
        ", it is your move."
    ]
}

/// Asked before a game card's Resign button resigns.
pub fn resign_sure(game: &StoredGame, me: &str) -> Text {
    text![
        format!("Resign game #{} against ", game.id),
        user(game.opponent_of(me)),
        "? The game ends at once, and it cannot be undone."
    ]
}

/// Where a game stands for a player, as of `now`: "move 12: your move, 2 days left".
pub fn standing(game: &StoredGame, yours: bool, now: i64) -> String {
    format!(
        "move {}: {}{}",
        game.ply / 2 + 1,
        if yours { "your move" } else { "their move" },
        game.deadline
            .map(|d| format!(", {} left", super::time_left(d - now)))
            .unwrap_or_default()
    )
}

/// The private board of a player's most urgent game.
pub fn next_game(game: &StoredGame, me: &str, yours: bool, now: i64) -> Text {
    text![
        format!("Game #{}, {} against ", game.id, game.variant.title()),
        user(game.opponent_of(me)),
        format!(", {}. Play it in ", standing(game, yours, now)),
        text::place(game.guild.as_deref(), &game.channel),
        ", or from here with /move game:",
        format!("{}.", game.id)
    ]
}

/// How a player is told of their games, in words.
fn notice_words(mode: NoticeMode) -> &'static str {
    match mode {
        NoticeMode::Mention => "you are mentioned in the game's thread (or channel)",
        NoticeMode::DirectTurn => {
            "Herald sends you a direct message when it is your move, and for reminders and results"
        }
        NoticeMode::DirectAlerts => {
            "Herald sends you a direct message for reminders and results only; your moves ping \
             you nowhere (see /games)"
        }
        NoticeMode::Off => "Herald pings you nowhere; /games shows what waits for you",
    }
}

/// The answer to /notify.
pub fn notices(mode: NoticeMode, chosen: bool) -> Text {
    let head = if chosen { "Saved: " } else { "Now: " };
    text![
        head,
        notice_words(mode),
        ". Choose with /notify mode: mention, dm-turn (a direct message when it is your \
         move), dm-alerts (direct messages for reminders and results only) or off."
    ]
}

/// A game's message as a direct message: what it said, and where the game is.
pub fn direct(said: &Text, notice: &Notice, place: &str) -> Text {
    text![
        said.clone(),
        format!("\nGame #{}: ", notice.game),
        text::place(notice.guild.as_deref(), place)
    ]
}

/// Said once in the game's place when a player's direct messages are closed.
pub fn dm_closed(player: &str, said: &Text) -> Text {
    text![
        user(player),
        ", Herald could not send you a direct message (your direct messages are closed to it), \
         so it mentions you here instead until you choose again with /notify. It said:\n",
        said.clone()
    ]
}
