//! `/tournament` and its subcommands, and `/tournaments`.

use super::{Given, Kind, Opt, Spec};
use crate::app::{Command, Days, TournamentCommand};
use crate::store::TournamentSystem;

/// The most players a round robin takes: FIDE's Berger tables as Herald checks them.
pub const MAX_ROUND_ROBIN: i64 = 16;
/// The most players a Swiss takes (its pairing is checked against FIDE's program up to 125).
pub const MAX_SWISS: i64 = 100;
/// The most rounds a Swiss plays.
pub const MAX_SWISS_ROUNDS: i64 = 30;

/// The `id` option of the subcommands that act on one tournament.
fn which() -> Vec<Opt> {
    let what = "Which tournament (see /tournaments); else the newest here that fits";
    vec![Opt::new(Kind::Integer, "id", what).range(1, None)]
}

/// A subcommand acting on one tournament, read by `read`.
const fn acting(
    name: &'static str,
    description: &'static str,
    read: fn(&Given) -> Result<Command, String>,
) -> Spec {
    Spec {
        name,
        description,
        guild_only: true,
        options: which,
        read,
    }
}

fn create_options() -> Vec<Opt> {
    let name = Opt::new(
        Kind::Text,
        "name",
        "The tournament's name, e.g. Winter Open",
    )
    .required();
    let variant = Opt::variant("The variant every game is played in").required();
    let system = Opt::new(Kind::Text, "system", "How it is paired")
        .required()
        .text_choices(&[
            (
                "Round robin: everyone plays everyone once, every game at once",
                TournamentSystem::RoundRobin.word(),
            ),
            (
                "Double round robin: everyone plays everyone twice, once with each colour",
                TournamentSystem::DoubleRoundRobin.word(),
            ),
            (
                "Swiss: rounds paired by score (FIDE's Dutch system), each when the last ends",
                TournamentSystem::Swiss.word(),
            ),
        ]);
    let rounds = Opt::new(
        Kind::Integer,
        "rounds",
        "A Swiss's rounds (default: enough to find a winner; fewer than its players)",
    )
    .range(1, Some(MAX_SWISS_ROUNDS));
    let days = Opt::days("Days per move in every game (default 3)");
    let rated = Opt::new(
        Kind::Boolean,
        "rated",
        "Whether its games count for the ratings (default: yes)",
    );
    let max = Opt::new(
        Kind::Integer,
        "max_players",
        format!(
            "The most players it takes (a round robin 3-{MAX_ROUND_ROBIN}, a Swiss up to {MAX_SWISS})"
        ),
    )
    .range(3, Some(MAX_SWISS));
    let starts = Opt::new(
        Kind::Text,
        "starts",
        "When it starts by itself, in UTC: 2026-12-24 18:00, or in 3 days, 12h",
    );
    vec![name, variant, system, rounds, days, rated, max, starts]
}

fn read_create(o: &Given) -> Result<Command, String> {
    let name = o.required("name").trim().to_string();
    Ok(Command::Tournament(TournamentCommand::Create {
        name,
        variant: o.required("variant").parse()?,
        system: o.required("system").parse()?,
        days: o.integer("days").map(Days::new).transpose()?,
        rated: o.boolean("rated").unwrap_or(true),
        max_players: o.integer("max_players"),
        rounds: o.integer("rounds"),
        starts: o.text("starts"),
    }))
}

fn id(o: &Given) -> Option<i64> {
    o.integer("id")
}

pub(super) const SPECS: [Spec; 8] = [
    Spec {
        name: "tournaments",
        description: "This server's tournaments: open, running and finished",
        guild_only: true,
        options: Vec::new,
        read: |_| Ok(Command::Tournaments),
    },
    Spec {
        name: "tournament create",
        description: "Create a round robin or Swiss tournament for this server's players to join",
        guild_only: true,
        options: create_options,
        read: read_create,
    },
    acting(
        "tournament join",
        "Join a tournament before it starts",
        |o| Ok(Command::Tournament(TournamentCommand::Join(id(o)))),
    ),
    acting(
        "tournament leave",
        "Leave a tournament before it starts",
        |o| Ok(Command::Tournament(TournamentCommand::Leave(id(o)))),
    ),
    acting(
        "tournament start",
        "Start a tournament: its first round begins (its creator, or a manager)",
        |o| Ok(Command::Tournament(TournamentCommand::Start(id(o)))),
    ),
    acting(
        "tournament show",
        "A tournament's players, standings with tie-breaks, and games",
        |o| Ok(Command::Tournament(TournamentCommand::Show(id(o)))),
    ),
    acting(
        "tournament withdraw",
        "Leave a running tournament: your unfinished games in it are lost by forfeit",
        |o| Ok(Command::Tournament(TournamentCommand::Withdraw(id(o)))),
    ),
    acting(
        "tournament trf",
        "A tournament as a FIDE report file (TRF), which pairing and rating programs read",
        |o| Ok(Command::Tournament(TournamentCommand::Trf(id(o)))),
    ),
];
