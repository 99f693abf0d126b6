//! The words of challenges: made, open to anyone, withdrawn, declined, expired; the settings
//! that shape them; a game against Herald.

use super::super::command::Terms;
use super::super::text::{channel, role, user, Text};
use super::{days_text, options_words};
use crate::store::Challenge;
use crate::text;

/// "alice (1500?) challenges bob (1612) to a rated game of Chess (…). bob, do you accept?"
/// `ratings` are the two players' shown ratings for a rated game; none for a casual one.
pub fn challenge(
    challenger: &str,
    opponent: &str,
    terms: &Terms,
    rematch: bool,
    ratings: Option<[String; 2]>,
) -> Text {
    let variant = terms.variant;
    let side = match terms.color.color() {
        Some(c) => text![user(challenger), format!(" plays {}", variant.side(c))],
        None => text!["colours drawn at random"],
    };
    let options = options_suffix(terms);
    let (kind, [mine, theirs]) = match ratings {
        Some([a, b]) => ("rated", [format!(" ({a})"), format!(" ({b})")]),
        None => ("casual", Default::default()),
    };
    text![
        user(challenger),
        mine,
        " challenges ",
        user(opponent),
        theirs,
        format!(
            " to a {kind} {} of {} (",
            if rematch { "rematch" } else { "game" },
            variant.title()
        ),
        side,
        format!(
            ", {} per move{options}). ",
            days_text(terms.days.unwrap_or_default().get())
        ),
        user(opponent),
        ", do you accept? The challenge stays open for 7 days."
    ]
}

/// "; portals take 1 turn to build…" for a variant's options, nothing without them.
fn options_suffix(terms: &Terms) -> String {
    let options = options_words(terms.variant, &terms.options)
        .map(|w| format!("; {w}"))
        .unwrap_or_default();
    match &terms.fen {
        Some(fen) => format!("{options}; from the position {fen}"),
        None => options,
    }
}

/// "to bob", or "open to anyone" for an open challenge.
fn to_whom(c: &Challenge) -> Text {
    match &c.offer.challenged {
        Some(to) => text!["to ", user(to)],
        None => "open to anyone".into(),
    }
}

pub fn withdrawn(c: &Challenge) -> Text {
    text![
        user(&c.offer.challenger),
        format!(" withdrew challenge #{} ", c.id),
        to_whom(c),
        "."
    ]
}

pub fn declined(c: &Challenge) -> Text {
    let by = c.offer.challenged.as_deref().unwrap_or_default();
    text![
        user(by),
        " declined the challenge from ",
        user(&c.offer.challenger),
        "."
    ]
}

pub fn expired(c: &Challenge) -> Text {
    text![
        format!("Challenge #{} from ", c.id),
        user(&c.offer.challenger),
        " ",
        to_whom(c),
        " expired unanswered."
    ]
}

/// A server's settings, one line each; `saved` after a change.
pub fn settings(s: &crate::store::Settings, saved: bool) -> Text {
    let mut t = text![if saved {
        "Saved. The settings of this server:"
    } else {
        "The settings of this server:"
    }];
    t.push(match s.days {
        Some(d) => format!(
            "\n- days per move when a challenge names none: {}",
            days_text(d)
        ),
        None => format!(
            "\n- days per move when a challenge names none: {} (Herald's default)",
            days_text(super::super::Days::default().get())
        ),
    });
    match &s.open_channel {
        Some(c) => t.push(text!["\n- open challenges are posted in ", channel(c)]),
        None => t.push("\n- open challenges are posted where they are made"),
    }
    if s.roles.is_empty() {
        t.push("\n- open challenges ping no role");
    }
    for (variant, id) in &s.roles {
        t.push(text![
            format!("\n- an open challenge of {} pings ", variant.title()),
            role(id)
        ]);
    }
    t.push(if s.threads() {
        "\n- each game is played in its own thread"
    } else {
        "\n- games are played in the channel where they are made (no threads)"
    });
    t.push(format!(
        "\n- a player may take {} days of leave (/vacation) a year",
        s.vacation_days.unwrap_or(super::LEAVE_DAYS)
    ));
    t.push(match s.takebacks {
        Some(true) => "\n- rated games allow takebacks by consent, as casual games do",
        _ => "\n- rated games allow no takebacks (casual games do)",
    });
    t.push(match s.tournament_creators() {
        crate::store::TournamentCreators::Anyone => "\n- anyone may create tournaments",
        crate::store::TournamentCreators::Managers => {
            "\n- only members who may manage the server create tournaments"
        }
    });
    t.push(if s.web() {
        "\n- each game has a page on Herald's web site, where it is served"
    } else {
        "\n- games have no web pages (every page of this server's games answers that it is not found)"
    });
    t.push("\nMembers with the Manage Server permission change them with /settings.");
    t
}

/// "alice (1500?) offers a rated game of Chess (…) to anyone here: press Accept to play."
pub fn open_challenge(
    challenger: &str,
    terms: &Terms,
    rating: Option<String>,
    id: i64,
    ping: Option<&str>,
) -> Text {
    let variant = terms.variant;
    let side = match terms.color.color() {
        Some(c) => format!("they play {}", variant.side(c)),
        None => "colours drawn at random".into(),
    };
    let options = options_suffix(terms);
    let (kind, mine) = match rating {
        Some(r) => ("rated", format!(" ({r})")),
        None => ("casual", String::new()),
    };
    let mut t = match ping {
        Some(r) => text![role(r), " "],
        None => Text::default(),
    };
    t.push(text![
        user(challenger),
        mine,
        format!(
            " offers a {kind} game of {} ({side}, {} per move{options}) to anyone here: press \
             Accept or use /accept challenge:{id} to play. The challenge stays open for 7 days.",
            variant.title(),
            days_text(terms.days.unwrap_or_default().get())
        )
    ]);
    t
}

/// " Herald plays at level 3 of 5 (about a second a move); the game is casual."
pub fn engine_level(level: i64) -> String {
    let budget = match level {
        1 => "a glance at each move",
        2 => "two plies deep, not always its best",
        3 => "three plies deep, near its best",
        4 => "its best move in a second",
        _ => "its best move in three seconds",
    };
    format!(" Herald plays at level {level} of 5 ({budget}); the game is casual.")
}

/// "Your open challenge #4 is posted in #open-games."
pub fn posted_in(channel_id: &str, id: i64) -> Text {
    text![
        format!("Your open challenge #{id} is posted in "),
        channel(channel_id),
        ", where this server's open challenges go."
    ]
}

/// "- #3 from alice in #general: Chess, 3 days per move, expires in 6 days (/accept or /decline)"
pub fn challenge_line(c: &Challenge, me: &str) -> Text {
    let o = &c.offer;
    let (way, other, answer) = match &o.challenged {
        Some(to) if to == me => (" from ", text![user(&o.challenger)], "/accept or /decline"),
        Some(to) => (" to ", text![user(to)], "/withdraw to take it back"),
        None => (" ", text!["open to anyone"], "/withdraw to take it back"),
    };
    text![
        format!("- challenge #{}{way}", c.id),
        other,
        " in ",
        channel(&o.channel),
        format!(
            ": {}, {} per move ({answer})",
            o.variant.title(),
            days_text(o.days)
        )
    ]
}
