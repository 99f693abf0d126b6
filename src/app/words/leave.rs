//! Vacation: leave begun, shown, ended; how a player away is shown to others.

use crate::app::text::{time, user, Text};
use crate::text;

/// Days of leave a player may take a calendar year, where a server chose nothing.
pub const LEAVE_DAYS: i64 = 30;

/// This year's leave: `used` of `allowance` days.
fn this_year(used: i64, allowance: i64) -> String {
    format!(
        "{} of your {allowance} days of leave this year taken, {} left",
        used,
        (allowance - used).max(0)
    )
}

/// Said when leave begins: until when, and the games whose clocks it stopped.
pub fn leave_begun(ends: i64, days: i64, stopped: usize, used: i64, allowance: i64) -> Text {
    text![
        format!(
            "You are on vacation for {days} day{} (until ",
            if days == 1 { "" } else { "s" }
        ),
        time(ends),
        format!(
            "; {}). Your clocks stand still while you are away: {} where it is your move now \
             has its deadline after your leave, with the time you had left, and a game that \
             becomes your move meanwhile gets its full time from your return. Your opponents \
             see that you are away. Back early? `/vacation off`, and the whole days you did not \
             take are given back.",
            this_year(used, allowance),
            match stopped {
                0 => "no game".to_string(),
                1 => "the game".to_string(),
                n => format!("each of the {n} games"),
            }
        )
    ]
}

/// Added when leave begins, for the games whose servers allow less leave a year than was
/// taken: each game and until when its clock stands still (none: not at all, that server's
/// leave for the year is used up).
pub fn leave_shortened(games: &[(i64, Option<i64>)]) -> Text {
    let mut said = Text::from(
        " A server may allow less leave a year, and in its games your clock stands still only \
         as long as it allows:",
    );
    for (i, (game, until)) in games.iter().enumerate() {
        said.push(format!("{} game #{game}", if i == 0 { "" } else { ";" }));
        match until {
            Some(t) => {
                said.push(" until ");
                said.push(time(*t));
            }
            None => said.push(" not at all (its server's leave this year is used up)"),
        }
    }
    said.push(".");
    said
}

/// `/vacation` alone.
pub fn leave_shown(current: Option<i64>, used: i64, allowance: i64) -> Text {
    match current {
        Some(ends) => text![
            "You are on vacation until ",
            time(ends),
            format!(
                " ({}): your clocks stand still until then. `/vacation off` brings you back.",
                this_year(used, allowance)
            )
        ],
        None => format!(
            "You are not on vacation ({}). Take leave with `/vacation days:N` or \
             `/vacation until:YYYY-MM-DD`: your clocks stop while you are away.",
            this_year(used, allowance)
        )
        .into(),
    }
}

/// Said on coming back early.
pub fn leave_ended(moved: usize, used: i64, allowance: i64) -> Text {
    format!(
        "Welcome back: your leave ends now ({}). Your clocks run again{}.",
        this_year(used, allowance),
        match moved {
            0 => String::new(),
            1 => ": your game where it is your move has the time you had left".into(),
            n => format!(": your {n} games where it is your move have the time you had left"),
        }
    )
    .into()
}

/// How a player away is shown where a deadline would be: " @bob is on vacation until …".
pub fn away(player: &str, ends: i64) -> Text {
    text![
        " ",
        user(player),
        " is on vacation until ",
        time(ends),
        ": their clock waits until then."
    ]
}
