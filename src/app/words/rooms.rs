//! The words of game threads: their names, the line that points to one, and what happens
//! when one cannot be opened or goes away.

use super::super::rooms::Lost;
use super::super::text::{channel, user, Text};
use crate::store::StoredGame;
use crate::text;

/// A game thread's name: "Chess 13: Epoch · @alice vs @bob" (the platform writes the names).
pub fn thread_name(game: &StoredGame) -> Text {
    text![
        format!("{} · ", game.variant.title()),
        user(&game.white),
        " vs ",
        user(&game.black)
    ]
}

/// Posted where the challenge was accepted: where the game is played.
pub fn played_in_thread(game: &StoredGame) -> Text {
    text![
        format!("Game #{}, ", game.id),
        user(&game.white),
        " vs ",
        user(&game.black),
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
