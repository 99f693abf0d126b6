//! Tournaments: made, joined, left, started, shown, withdrawn from, listed and over.

use super::{days_text, versus};
use crate::app::text::{time, user, Text};
use crate::app::tournament_table::Table;
use crate::app::tournament_table::MIN_PLAYERS;
use crate::rules::Color;
use crate::store::{
    Entrant, Planned, StoredGame, StoredTournament, TournamentStatus, TournamentSystem,
};
use crate::text;

/// "a double round robin".
fn system(t: &StoredTournament) -> &'static str {
    match t.system {
        TournamentSystem::RoundRobin => "a round robin",
        TournamentSystem::DoubleRoundRobin => "a double round robin",
        TournamentSystem::Swiss => "a Swiss",
    }
}

/// "a double round robin of Chess, 3 days per move, rated".
fn terms(t: &StoredTournament) -> String {
    format!(
        "{} of {}, {} per move, {}",
        system(t),
        t.variant.title(),
        days_text(t.days),
        if t.rated { "rated" } else { "casual" }
    )
}

/// "tournament #3 **Winter Open**".
fn named(t: &StoredTournament) -> String {
    format!("tournament #{} **{}**", t.id, t.name)
}

/// The same at the start of a sentence: "Tournament #3 **Winter Open**".
fn titled(t: &StoredTournament) -> String {
    format!("Tournament #{} **{}**", t.id, t.name)
}

/// "1 player", "3 players".
fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", super::plural(n as i64))
}

pub fn tournament_created(t: &StoredTournament) -> Text {
    let then = match t.system {
        TournamentSystem::Swiss => format!(
            "its first round begins, each later one as soon as the last ends ({})",
            t.rounds
                .map_or("rounds by the number of players".to_string(), |r| count(
                    r as usize, "round"
                ))
        ),
        _ => "every game begins at once".to_string(),
    };
    let mut said = text![
        user(&t.creator),
        format!(
            " made {}: {}, for up to {} players. Join it with `/tournament join id:{}`; ",
            named(t),
            terms(t),
            t.max_players.unwrap_or_default(),
            t.id
        )
    ];
    match t.starts_at {
        None => said.push(text![
            user(&t.creator),
            format!(
                " (or a manager) starts it with `/tournament start id:{}`, and then {then}.",
                t.id
            )
        ]),
        Some(at) => said.push(text![
            "it starts by itself on ",
            time(at),
            format!(
                " with the players who have joined by then (at least {MIN_PLAYERS}; with fewer it stays open, without a time), or sooner by "
            ),
            user(&t.creator),
            format!(
                " (or a manager) with `/tournament start id:{}`. Then {then}.",
                t.id
            )
        ]),
    }
    said
}

/// Posted when a tournament's start time comes with too few players.
pub fn tournament_postponed(t: &StoredTournament, players: usize) -> Text {
    text![
        format!(
            "{} was to start now, but it has {} of the {MIN_PLAYERS} it needs: it stays open for more to join, without a start time. ",
            titled(t),
            count(players, "player")
        ),
        user(&t.creator),
        format!(
            " (or a manager) starts it with `/tournament start id:{}` once it has enough.",
            t.id
        )
    ]
}

/// Said where a tournament was made when its start time came but the start was refused.
pub fn tournament_not_started(t: &StoredTournament, why: Text) -> Text {
    let mut said = Text::from(format!("{} was to start now, but cannot: ", titled(t)));
    said.push(why);
    said.push(" It stays open, without a start time. ");
    said.push(user(&t.creator));
    said.push(format!(
        " (or a manager) starts it with `/tournament start id:{}` once that is mended.",
        t.id
    ));
    said
}

pub fn tournament_joined(t: &StoredTournament, who: &str, players: usize) -> Text {
    text![
        user(who),
        format!(" joins {} ({} so far).", named(t), count(players, "player"))
    ]
}

pub fn tournament_left(t: &StoredTournament) -> Text {
    format!(
        "You left {}; `/tournament join id:{}` takes you back while it has not started.",
        named(t),
        t.id
    )
    .into()
}

pub fn tournament_started(
    t: &StoredTournament,
    players: &[String],
    rounds: usize,
    games: usize,
) -> Text {
    let how = match t.system {
        TournamentSystem::Swiss => format!(
            "round 1 has begun ({}), and each round is paired by score as soon as the last ends",
            count(games, "game")
        ),
        _ => format!("every game started at once ({})", count(games, "game")),
    };
    let mut said = Text::from(format!(
        "{} begins: {}, {} of {}; {how}. Start numbers, by rating:",
        titled(t),
        count(players.len(), "player"),
        count(rounds, "round"),
        terms(t),
    ));
    for (i, p) in players.iter().enumerate() {
        said.push(format!("{} {}. ", if i == 0 { "" } else { "," }, i + 1));
        said.push(user(p));
    }
    said.push(format!(
        ". `/tournament show id:{}` gives the standings as the games end.",
        t.id
    ));
    said
}

/// The name of a tournament game's thread: "Winter Open R3 · @alice vs @bob".
pub fn tournament_thread_name(t: &StoredTournament, round: i64, game: &StoredGame) -> Text {
    text![format!("{} R{round} · ", t.name), versus(game)]
}

/// The first word of a tournament game, where it is played.
pub fn tournament_game(t: &StoredTournament, round: i64, game: &StoredGame, first: Color) -> Text {
    text![
        format!("Game #{} of {}, round {round}: ", game.id, named(t)),
        user(&game.white),
        format!(" plays {}, ", game.variant.side(Color::White)),
        user(&game.black),
        format!(
            " plays {}, {} per move. ",
            game.variant.side(Color::Black),
            days_text(game.days)
        ),
        user(game.player(first)),
        ", you move first."
    ]
}

/// `/tournament show` of one not yet started: its terms and players.
pub fn tournament_open(t: &StoredTournament, entrants: &[Entrant]) -> Text {
    let mut said = Text::from(format!(
        "{}: {}, open for players ({} of at most {}).",
        titled(t),
        terms(t),
        entrants.len(),
        t.max_players.unwrap_or_default()
    ));
    if let Some(at) = t.starts_at {
        said.push(text![" It starts by itself on ", time(at), "."]);
    }
    for e in entrants {
        said.push("\n- ");
        said.push(user(&e.player));
    }
    said
}

/// A score as standings write it: "2½", "3", "½".
pub(crate) fn score(points: f64) -> String {
    let whole = points.trunc() as i64;
    match (whole, points.fract() > 0.0) {
        (0, true) => "½".into(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// The standings, a line a player: place, name, points and each tie-break.
fn standings(table: &Table, heading: &str) -> Text {
    let tiebreaks = table.system.tiebreaks();
    let names: Vec<&str> = tiebreaks.iter().map(|t| t.name()).collect();
    let mut said = Text::from(format!("{heading} (points, then {}):", names.join(", ")));
    for s in &table.standings {
        said.push(format!("\n{}. ", s.place));
        said.push(user(table.player(s.player)));
        let values: Vec<String> = tiebreaks
            .iter()
            .zip(&s.tiebreaks)
            .map(|(t, v)| format!("{} {}", t.code(), trim(*v)))
            .collect();
        said.push(format!(" — {} · {}", score(s.points), values.join(" · ")));
        if table.entrants[s.player].withdrawn() {
            said.push(" · withdrawn");
        }
    }
    said
}

/// A tie-break's value without needless decimals: "7.25", "3".
pub(crate) fn trim(v: f64) -> String {
    let text = format!("{v:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `/tournament show` of one started: where it stands, and the standings.
pub fn tournament_table(t: &StoredTournament, table: &Table) -> Text {
    let state = match t.status {
        TournamentStatus::Finished => "finished".to_string(),
        _ if t.system == TournamentSystem::Swiss => format!(
            "round {} of {}, {} of {} games finished",
            t.round,
            t.rounds.unwrap_or(t.round),
            table.finished,
            table.games
        ),
        _ => format!("{} of {} games finished", table.finished, table.games),
    };
    let mut said = Text::from(format!("{}: {}, {state}.\n", titled(t), terms(t)));
    said.push(standings(table, "Standings"));
    said
}

/// Posted when a tournament's last game ends.
pub fn tournament_over(t: &StoredTournament, table: &Table) -> Text {
    let winners: Vec<&str> = table
        .standings
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| table.player(s.player))
        .collect();
    let mut said = Text::from(format!("{} is over: ", titled(t)));
    for (i, w) in winners.iter().enumerate() {
        said.push(if i == 0 { "" } else { " and " });
        said.push(user(w));
    }
    let points = table.standings.first().map_or(0.0, |s| s.points);
    said.push(format!(
        " {} with {} point{}.\n",
        if winners.len() == 1 {
            "wins"
        } else {
            "share first place"
        },
        score(points),
        if points == 1.0 { "" } else { "s" }
    ));
    said.push(standings(table, "Final standings"));
    said
}

/// Said where a player withdrew from a running tournament, with how many of their games it
/// forfeited.
pub fn tournament_withdrawn(t: &StoredTournament, who: &str, forfeited: usize) -> Text {
    let games = match forfeited {
        0 => "they had no unfinished game in it".to_string(),
        1 => "their unfinished game is lost by forfeit".to_string(),
        n => format!("their {n} unfinished games are lost by forfeit"),
    };
    text![
        user(who),
        format!(
            " withdraws from {}: {games}, and a forfeit changes no rating. What they scored stands, and the standings show them as withdrawn.",
            named(t)
        )
    ]
}

/// Said in a game's place when a withdrawal forfeits it.
pub fn forfeited(t: &StoredTournament, game: &StoredGame, who: &str) -> Text {
    text![
        user(who),
        format!(" withdrew from {}, so game #{} ends: ", named(t), game.id),
        user(game.opponent_of(who)),
        " wins by forfeit."
    ]
}

/// The line over `/tournament trf`'s file.
pub fn tournament_report(t: &StoredTournament, table: &Table) -> Text {
    let players = count(table.entrants.len(), "player");
    let rounds = count(t.rounds.unwrap_or_default() as usize, "round");
    let state = match t.status {
        TournamentStatus::Open => format!(
            "its {players} so far, in the order its start would number them by their ratings now; no round is paired yet"
        ),
        TournamentStatus::Running => format!(
            "{players}, {rounds}, {} of {} games finished",
            table.finished, table.games
        ),
        TournamentStatus::Finished => format!("{players}, {rounds}, final"),
    };
    format!(
        "{} as a FIDE tournament report file (TRF-16), which pairing and rating programs read: {state}.",
        titled(t)
    )
    .into()
}

/// `/tournaments`.
pub fn tournaments_listed(listed: &[(StoredTournament, usize)]) -> Text {
    if listed.is_empty() {
        return "No tournaments here yet: `/tournament create` makes one.".into();
    }
    let mut said = Text::from("Tournaments here, newest first:");
    for (t, players) in listed {
        let state = match t.status {
            TournamentStatus::Open => "open to join",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
        };
        said.push(format!(
            "\n- #{} **{}**: {}; {}, {state}",
            t.id,
            t.name,
            terms(t),
            count(*players, "player")
        ));
        if let (TournamentStatus::Open, Some(at)) = (t.status, t.starts_at) {
            said.push(text![" until it starts on ", time(at)]);
        }
    }
    said
}

/// Posted when a Swiss round is paired: its boards, its bye, and the standings it was paired
/// from.
pub fn swiss_round(
    t: &StoredTournament,
    round: i64,
    boards: &[Planned],
    bye: Option<&str>,
    table: &Table,
) -> Text {
    let mut said = Text::from(format!(
        "{}: round {round} of {} is paired, and its games have begun:",
        titled(t),
        t.rounds.unwrap_or(round)
    ));
    for p in boards {
        if let Some(black) = &p.black {
            said.push(format!("\n{}. ", p.board));
            said.push(user(&p.white));
            said.push(" (White) vs ");
            said.push(user(black));
        }
    }
    if let Some(bye) = bye {
        said.push("\n");
        said.push(user(bye));
        said.push(" has the bye (a point).");
    }
    said.push("\n");
    said.push(standings(
        table,
        &format!("Standings after round {}", round - 1),
    ));
    said
}

/// Said before the final standings of a Swiss ended before its rounds were played.
pub fn swiss_cut_short(t: &StoredTournament) -> Text {
    Text::from(format!(
        "No round {} of {} can be paired: every pairing left would repeat a game or give a player a second bye. ",
        t.round + 1,
        named(t)
    ))
}

/// The line under a crosstable's title: "A round robin of Chess · 4 of 6 games finished",
/// "A Swiss of Chess · round 3 of 5 · 6 of 8 games finished", "… · final standings".
pub fn crosstable_line(t: &StoredTournament, table: &Table, over: bool) -> String {
    let mut what = format!("{} of {}", system(t), t.variant.title());
    what[..1].make_ascii_uppercase();
    if over {
        return format!("{what} · final standings");
    }
    if t.system == TournamentSystem::Swiss {
        what.push_str(&format!(
            " · round {} of {}",
            t.round,
            t.rounds.unwrap_or(t.round)
        ));
    }
    format!(
        "{what} · {} of {} games finished",
        table.finished, table.games
    )
}
