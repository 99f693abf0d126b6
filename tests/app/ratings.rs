//! Ratings: Glicko-2 against the paper and an independent computation, rated and casual
//! games, what rates and what does not, the recomputation, leaderboards and profiles.

use herald::app::{Action, ColorChoice, Command, Days, Reply, Request, Terms, DAY};
use herald::rating::{rate, Rating, Standing, PERIOD_SECONDS};
use herald::rules::{new_game, GameOptions, VariantId};
use herald::store::GameStatus;
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::service::{button, on_both, public, refused, table, Table};

fn close(a: f64, b: f64, within: f64) -> bool {
    (a - b).abs() <= within
}

#[test]
fn the_crate_reproduces_the_worked_example_of_glickmans_paper() {
    // "Example of the Glicko-2 system" (Glickman, 2013): a 1500 player, RD 200, volatility
    // 0.06, tau 0.5, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300).
    let player = Glicko2Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opponent = |rating, deviation| Glicko2Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let results = [
        (opponent(1400.0, 30.0), Outcomes::WIN),
        (opponent(1550.0, 100.0), Outcomes::LOSS),
        (opponent(1700.0, 300.0), Outcomes::LOSS),
    ];
    let config = Glicko2Config {
        tau: 0.5,
        ..Glicko2Config::default()
    };
    let after = glicko2_rating_period(&player, &results, &config);
    // The paper: r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
    assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
    assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
}

/// One game as a Glicko-2 rating period, computed step by step from the paper (steps 1-8,
/// with its Illinois iteration for the volatility): the figures Herald's ratings must give.
fn by_the_paper(me: Rating, them: Rating, score: f64, tau: f64) -> Rating {
    const S: f64 = 173.7178;
    let (mu, phi, sigma) = ((me.rating - 1500.0) / S, me.deviation / S, me.volatility);
    let (mu_j, phi_j) = ((them.rating - 1500.0) / S, them.deviation / S);
    let g = 1.0 / (1.0 + 3.0 * phi_j * phi_j / std::f64::consts::PI.powi(2)).sqrt();
    let e = 1.0 / (1.0 + (-g * (mu - mu_j)).exp());
    let v = 1.0 / (g * g * e * (1.0 - e));
    let delta = v * g * (score - e);
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 1e-9 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma2 = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma2 * sigma2).sqrt();
    let phi2 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu2 = mu + phi2 * phi2 * g * (score - e);
    Rating {
        rating: mu2 * S + 1500.0,
        deviation: phi2 * S,
        volatility: sigma2,
    }
}

fn rating(rating: f64, deviation: f64, volatility: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility,
    }
}

#[test]
fn a_win_a_draw_and_a_loss_move_both_ratings_as_the_paper_says() {
    let alice = rating(1620.0, 80.0, 0.06);
    let bob = rating(1540.0, 120.0, 0.07);
    for score in [1.0, 0.5, 0.0] {
        let (a, b) = rate(alice, bob, score);
        let (want_a, want_b) = (
            by_the_paper(alice, bob, score, 0.75),
            by_the_paper(bob, alice, 1.0 - score, 0.75),
        );
        for (got, want) in [(a, want_a), (b, want_b)] {
            assert!(
                close(got.rating, want.rating, 0.01),
                "{score}: {got:?} {want:?}"
            );
            assert!(
                close(got.deviation, want.deviation, 0.01),
                "{got:?} {want:?}"
            );
            assert!(
                close(got.volatility, want.volatility, 1e-6),
                "{got:?} {want:?}"
            );
        }
    }
    // The favourite gains little by winning and loses more by losing; a draw costs it a bit.
    let (win, _) = rate(alice, bob, 1.0);
    let (draw, _) = rate(alice, bob, 0.5);
    let (loss, _) = rate(alice, bob, 0.0);
    assert!(win.rating - 1620.0 < 1620.0 - loss.rating);
    assert!(draw.rating < 1620.0 && draw.rating > loss.rating);
}

#[test]
fn a_newcomer_moves_far_and_moves_an_established_player_little() {
    let newcomer = Rating::START;
    let settled = rating(1500.0, 60.0, 0.06);
    let (n, s) = rate(newcomer, settled, 1.0);
    let want = by_the_paper(newcomer, settled, 1.0, 0.75);
    assert!(close(n.rating, want.rating, 0.01), "{n:?} {want:?}");
    assert!(n.rating - 1500.0 > 150.0, "{n:?}");
    let (_, beaten_by_settled) = rate(settled, settled, 1.0);
    assert!(
        1500.0 - s.rating < 1500.0 - beaten_by_settled.rating,
        "{s:?}"
    );
    assert_eq!(n.shown(), format!("{}?", n.rating.round() as i64));
    assert!(!s.provisional());
    // Beating a newcomer is worth less than beating an established player of the same rating.
    let (over_newcomer, _) = rate(settled, newcomer, 1.0);
    let (over_settled, _) = rate(settled, settled, 1.0);
    assert!(over_newcomer.rating < over_settled.rating);
}

#[test]
fn the_deviation_grows_while_a_player_is_away() {
    let r = rating(1700.0, 60.0, 0.06);
    // Within one rating period nothing grows; the game itself counts for that period.
    assert_eq!(r.idle(86_400), r);
    let year = r.idle(365 * 86_400);
    let periods = 365.0 * 86_400.0 / PERIOD_SECONDS - 1.0;
    let two_years = r.idle(2 * 365 * 86_400);
    let want = ((60.0f64 / 173.7178).powi(2) + periods * 0.06 * 0.06).sqrt() * 173.7178;
    assert!(close(year.deviation, want, 1e-9), "{year:?}");
    assert_eq!(year.rating, 1700.0);
    assert!(year.deviation > 100.0 && year.deviation < two_years.deviation);
    assert!(
        two_years.provisional(),
        "two years away make a rating provisional again"
    );
    // Never past the starting deviation.
    assert_eq!(
        rating(1700.0, 480.0, 0.09)
            .idle(50 * 365 * 86_400)
            .deviation,
        500.0
    );
    let standing = Standing {
        rating: r,
        games: 30,
        wins: 20,
        draws: 5,
        losses: 5,
        rated_at: Some(1_000),
    };
    assert_eq!(standing.rating_at(1_000 + 365 * 86_400), year);
}

// Through the service.

fn at(user: &str, guild: &str, command: Command) -> Request {
    Request {
        user: user.into(),
        guild: Some(guild.into()),
        channel: format!("{guild}-games"),
        manager: false,
        threads: Default::default(),
        command,
    }
}

/// How a test game ends.
#[derive(Clone, Copy, Debug)]
enum End {
    WhiteResigns,
    BlackResigns,
    Draw,
    /// White runs out of time after each side moved once.
    WhiteTimesOut,
}

fn challenge(opponent: &str, variant: VariantId, rated: Option<bool>) -> Command {
    Command::Challenge {
        opponent: Some(opponent.into()),
        terms: Terms {
            variant,
            color: ColorChoice::White,
            days: Some(Days::new(1).unwrap()),
            rated,
            ..Default::default()
        },
    }
}

/// A game between `white` and `black` in `guild`, one move each, ended by `end`; the
/// replies that ended it.
async fn played(
    t: &Table,
    guild: &str,
    [white, black]: [&str; 2],
    variant: VariantId,
    end: End,
) -> Vec<Reply> {
    let s = &t.service;
    let r = s
        .handle(&at(white, guild, challenge(black, variant, None)))
        .await;
    let accept = button(&r, "Accept");
    public(&s.handle(&at(black, guild, Command::Press(accept))).await);
    let mut rules = new_game(variant, None).unwrap();
    for (player, opponent) in [(white, black), (black, white)] {
        let mv = rules.legal_coordinates()[0].clone();
        rules.play(&mv).unwrap();
        let cmd = Command::Move {
            game: None,
            text: mv,
            opponent: Some(opponent.into()),
            confirm: false,
        };
        public(&s.handle(&at(player, guild, cmd)).await);
    }
    match end {
        End::WhiteResigns => {
            let cmd = Command::Resign {
                opponent: Some(black.into()),
                game: None,
            };
            s.handle(&at(white, guild, cmd)).await
        }
        End::BlackResigns => {
            let cmd = Command::Resign {
                opponent: Some(white.into()),
                game: None,
            };
            s.handle(&at(black, guild, cmd)).await
        }
        End::Draw => {
            let offer = Command::Draw {
                opponent: Some(black.into()),
                game: None,
            };
            public(&s.handle(&at(white, guild, offer)).await);
            let agree = Command::Draw {
                opponent: Some(white.into()),
                game: None,
            };
            s.handle(&at(black, guild, agree)).await
        }
        End::WhiteTimesOut => {
            t.clock.advance(DAY + 1);
            s.tick().await
        }
    }
}

async fn standing(t: &Table, player: &str, variant: VariantId) -> Option<Standing> {
    t.service.store().standing(player, variant).await.unwrap()
}

on_both! {
#[tokio::test]
async fn a_result_shows_both_new_ratings_with_their_change() {
    let t = table(false).await;
    let r = played(
        &t,
        "g",
        ["alice", "bob"],
        VariantId::Chess,
        End::BlackResigns,
    )
    .await;
    let text = public(&r).text.to_string();
    let (a, b) = rate(Rating::START, Rating::START, 1.0);
    let want = format!(
        "Ratings: @alice {} (+{}), @bob {} (-{}).",
        a.shown(),
        (a.rating.round() - 1500.0) as i64,
        b.shown(),
        (1500.0 - b.rating.round()) as i64
    );
    assert!(text.ends_with(&want), "{text}");
    let alice = standing(&t, "alice", VariantId::Chess).await.unwrap();
    assert_eq!((alice.games, alice.wins, alice.losses), (1, 1, 0));
    assert!(close(alice.rating.rating, a.rating, 1e-9));
    // The next challenge between them shows the ratings it will be played for.
    let r = t
        .service
        .handle(&at("bob", "g", challenge("alice", VariantId::Chess, None)))
        .await;
    let text = public(&r).text.to_string();
    assert!(
        text.starts_with(&format!(
            "@bob ({}) challenges @alice ({}) to a rated game of Chess",
            b.shown(),
            a.shown()
        )),
        "{text}"
    );
    // Other variants are rated apart.
    assert_eq!(standing(&t, "alice", VariantId::Epoch).await, None);
}
}

on_both! {
#[tokio::test]
async fn casual_games_and_aborted_games_leave_the_ratings_alone() {
    let t = table(false).await;
    let s = &t.service;
    // Casual by choice.
    let r = s
        .handle(&at(
            "alice",
            "g",
            challenge("bob", VariantId::Empire, Some(false)),
        ))
        .await;
    assert!(public(&r)
        .text
        .to_string()
        .contains("to a casual game of Empire Chess"));
    public(
        &s.handle(&at("bob", "g", Command::Press(button(&r, "Accept"))))
            .await,
    );
    for (who, mv) in [("alice", "a3a4"), ("bob", "a7a6")] {
        let mv = Command::Move {
            game: None,
            text: mv.into(),
            opponent: None,
            confirm: false,
        };
        public(&s.handle(&at(who, "g", mv)).await);
    }
    let resign = Command::Resign { opponent: None, game: None };
    let r = s.handle(&at("bob", "g", resign)).await;
    assert!(public(&r)
        .text
        .to_string()
        .ends_with("Casual game: ratings unchanged."));
    assert_eq!(standing(&t, "alice", VariantId::Empire).await, None);
    // Casual because of AGEIOU's non-standard options; rated:true is refused for them.
    let options = GameOptions::new(5, 3, 50).unwrap();
    let with_options = |rated| Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            variant: VariantId::Ageiou,
            options,
            rated,
            ..Default::default()
        },
    };
    let no = refused(&s.handle(&at("alice", "g", with_options(Some(true)))).await);
    assert!(
        no.starts_with("Rated games are played under the standard rules"),
        "{no}"
    );
    let r = s.handle(&at("alice", "g", with_options(None))).await;
    assert!(public(&r)
        .text
        .to_string()
        .contains("casual game of AGEIOU"));
    public(
        &s.handle(&at("bob", "g", Command::Press(button(&r, "Accept"))))
            .await,
    );
    let game = s.store().games_of("alice", true).await.unwrap()[0].clone();
    assert!(!game.rated);
    // An abort never rates, even in a rated game.
    let r = s
        .handle(&at("carol", "g", challenge("dave", VariantId::Chess, None)))
        .await;
    public(
        &s.handle(&at("dave", "g", Command::Press(button(&r, "Accept"))))
            .await,
    );
    let abort = Command::Abort { opponent: None, game: None };
    let r = s.handle(&at("carol", "g", abort)).await;
    let text = public(&r).text.to_string();
    assert!(!text.contains("Ratings"), "{text}");
    let aborted = s.store().games_of("carol", false).await.unwrap()[0].clone();
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(aborted.rated_order, None);
    assert_eq!(standing(&t, "carol", VariantId::Chess).await, None);
}
}

on_both! {
#[tokio::test]
async fn a_time_out_and_a_draw_are_rated() {
    let t = table(false).await;
    let r = played(
        &t,
        "g",
        ["alice", "bob"],
        VariantId::Epoch,
        End::WhiteTimesOut,
    )
    .await;
    assert!(
        public(&r).text.to_string().contains("Ratings: @alice"),
        "{r:?}"
    );
    let bob = standing(&t, "bob", VariantId::Epoch).await.unwrap();
    assert_eq!((bob.games, bob.wins), (1, 1));
    played(&t, "g", ["alice", "bob"], VariantId::Epoch, End::Draw).await;
    let alice = standing(&t, "alice", VariantId::Epoch).await.unwrap();
    assert_eq!((alice.games, alice.draws, alice.losses), (2, 1, 1));
}
}

/// 200 seeded games between seven players, in every variant, on two servers, rated, with
/// days between them; every way a rated game ends.
pub(crate) async fn seeded_history(t: &Table) {
    let players = ["ann", "ben", "cat", "dan", "eve", "fay", "gus"];
    let ends = [
        End::WhiteResigns,
        End::BlackResigns,
        End::Draw,
        End::WhiteTimesOut,
    ];
    let mut rng = crate::support::seeded::Seeded::new(0x5eed_2026);
    for n in 0..200 {
        let white = rng.below(players.len());
        let black = (white + 1 + rng.below(players.len() - 1)) % players.len();
        let variant = VariantId::ALL[rng.below(VariantId::ALL.len())];
        let guild = ["north", "south"][rng.below(2)];
        let end = ends[rng.below(ends.len())];
        played(t, guild, [players[white], players[black]], variant, end).await;
        // Sometimes days pass between games, so the deviations grow.
        t.clock.advance(rng.below(4) as i64 * 3 * DAY + n);
    }
}

on_both! {
#[tokio::test]
async fn recomputing_from_200_seeded_games_gives_the_stored_ratings() {
    let t = table(true).await;
    seeded_history(&t).await;
    let store = t.service.store();
    let stored = store.stored_ratings().await.unwrap();
    assert_eq!(stored.changes.len(), 400);
    let replayed = store.ledger().await.unwrap();
    assert_eq!(replayed.differences(&stored), Vec::<String>::new());
    let (games, problems) = t.service.check_database().await.unwrap();
    assert_eq!((games, problems), (200, vec![]));
    // Rebuilding changes nothing, and a damaged rating is found and then repaired.
    assert_eq!(store.rerate().await.unwrap(), 200);
    let rebuilt = store.stored_ratings().await.unwrap();
    assert_eq!(rebuilt.standings, stored.standings);
    crate::support::postgres::execute(
        &t.url,
        "UPDATE ratings SET rating = rating + 40 WHERE player = 'ann'",
    )
    .await;
    let (_, problems) = t.service.check_database().await.unwrap();
    assert!(!problems.is_empty());
    assert!(
        problems.iter().all(|p| p.starts_with("ratings: ann's ")),
        "{problems:?}"
    );
    store.rerate().await.unwrap();
    let (_, problems) = t.service.check_database().await.unwrap();
    assert_eq!(problems, Vec::<String>::new());

    // A profile across five variants and a leaderboard, as players see them.
    let r = t
        .service
        .handle(&at("ann", "north", Command::Profile { player: None }))
        .await;
    let profile = public(&r);
    reference("profile.txt", profile.text.to_string().as_bytes());
    let chart = profile.attachment.as_ref().unwrap();
    assert_eq!(chart.name, "ratings-ann.png");
    reference("profile-chart.png", &chart.bytes);
    let lines = profile.text.to_string().lines().count();
    assert!(
        lines >= 5 + 2 + 5,
        "five variants, record, five games: {}",
        profile.text
    );
    let r = t
        .service
        .handle(&at("ann", "north", board(VariantId::Epoch, 1)))
        .await;
    reference("leaderboard.txt", public(&r).text.to_string().as_bytes());
}
}

/// With `HERALD_WRITE_REFERENCE=1`, writes what a test produced to `assets/reference/`, the
/// examples the README shows.
fn reference(name: &str, bytes: &[u8]) {
    if std::env::var_os("HERALD_WRITE_REFERENCE").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reference");
        std::fs::write(path.join(name), bytes).unwrap();
    }
}

fn board(variant: VariantId, page: i64) -> Command {
    Command::Leaderboard {
        variant: Some(variant),
        page,
    }
}

on_both! {
#[tokio::test]
async fn a_leaderboard_ranks_this_servers_players_and_turns_its_pages() {
    let t = table(false).await;
    let s = &t.service;
    // Twelve players on the north server: p00 beats everyone after them, so the order of
    // strength is p00, p01, ...; and one player who plays only on the south server.
    let names: Vec<String> = (0..12).map(|i| format!("p{i:02}")).collect();
    for round in 0..3 {
        for i in 0..names.len() - 1 {
            let (a, b) = (names[i].as_str(), names[i + 1].as_str());
            let end = if round % 2 == 0 {
                End::BlackResigns
            } else {
                End::WhiteResigns
            };
            let pair = if round % 2 == 0 { [a, b] } else { [b, a] };
            played(&t, "north", pair, VariantId::Fantastic, end).await;
        }
    }
    played(
        &t,
        "south",
        ["zed", "p00"],
        VariantId::Fantastic,
        End::BlackResigns,
    )
    .await;

    let north = s
        .handle(&at("p05", "north", board(VariantId::Fantastic, 1)))
        .await;
    let first = public(&north);
    let text = first.text.to_string();
    assert!(
        text.starts_with(
            "**Fantastic XIII leaderboard** (rated games on this server; 12 players, page 1 of 2):"
        ),
        "{text}"
    );
    assert!(
        !text.contains("@zed"),
        "a player of another server only: {text}"
    );
    assert!(first.mentions.is_empty(), "a leaderboard pings nobody");
    let ranked: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(". @").map(|(_, rest)| &rest[..3]))
        .collect();
    assert_eq!(ranked.len(), 10);
    // Ratings descend within the established and within the provisional players.
    let shown: Vec<(bool, i64)> = text
        .lines()
        .filter_map(|l| {
            l.split_once(" **")
                .map(|(_, r)| r.split_once("**").unwrap().0)
        })
        .map(|r| (r.ends_with('?'), r.trim_end_matches('?').parse().unwrap()))
        .collect();
    let mut sorted = shown.clone();
    sorted.sort_by_key(|&(provisional, rating)| (provisional, -rating));
    assert_eq!(shown, sorted, "{text}");
    // The south server's board has the two who played there.
    let r = s
        .handle(&at("zed", "south", board(VariantId::Fantastic, 1)))
        .await;
    let south = public(&r).text.to_string();
    assert!(south.contains("2 players") && south.contains("@zed") && south.contains("@p00"));
    // Next page: shown to the presser, with the last two and a button back.
    let next = button(&north, "Next page");
    assert_eq!(
        next,
        Action::Page {
            variant: 3,
            page: 2
        }
    );
    let r = s.handle(&at("p05", "north", Command::Press(next))).await;
    assert!(r[0].ephemeral);
    let page2 = r[0].text.to_string();
    assert!(
        page2.contains("page 2 of 2") && page2.contains("\n11. @"),
        "{page2}"
    );
    assert!(!page2.contains("\n10. @"), "{page2}");
    let labels: Vec<&str> = r[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Previous page"]);
    let no = refused(
        &s.handle(&at("p05", "north", board(VariantId::Fantastic, 3)))
            .await,
    );
    assert_eq!(no, "There is no page 3 of this leaderboard.");
    // No variant named: the one most played rated here.
    let r = s
        .handle(&at(
            "p05",
            "north",
            Command::Leaderboard {
                variant: None,
                page: 1,
            },
        ))
        .await;
    assert!(public(&r)
        .text
        .to_string()
        .starts_with("**Fantastic XIII leaderboard**"));
    let r = s
        .handle(&at("p05", "north", board(VariantId::Chess, 1)))
        .await;
    assert!(public(&r)
        .text
        .to_string()
        .starts_with("Nobody has finished a rated game of Chess"));
}
}

on_both! {
#[tokio::test]
async fn a_profile_lists_ratings_record_streak_and_games_with_a_chart() {
    let t = table(true).await;
    played(
        &t,
        "g",
        ["alice", "bob"],
        VariantId::Chess,
        End::BlackResigns,
    )
    .await;
    t.clock.advance(2 * DAY);
    played(
        &t,
        "g",
        ["alice", "bob"],
        VariantId::Chess,
        End::BlackResigns,
    )
    .await;
    t.clock.advance(2 * DAY);
    played(&t, "g", ["bob", "alice"], VariantId::Epoch, End::Draw).await;
    let r = t
        .service
        .handle(&at(
            "carol",
            "g",
            Command::Profile {
                player: Some("alice".into()),
            },
        ))
        .await;
    let reply = public(&r);
    let text = reply.text.to_string();
    for part in [
        "**Profile of @alice**",
        "\nChess 13: Epoch: **",
        "1 game: 0 wins, 1 draw, 0 losses",
        "\nChess: **",
        "2 games: 2 wins, 0 draws, 0 losses",
        "All finished games, rated and casual: 3 games: 2 wins, 1 draw, 0 losses.",
        "Current streak: 1 draw in a row.",
        "\n- #3 Chess 13: Epoch vs @bob: drew by agreement, ",
        "\n- #1 Chess vs @bob: won by resignation, ",
    ] {
        assert!(text.contains(part), "{part:?} in {text}");
    }
    assert!(reply.mentions.is_empty());
    let chart = reply.attachment.as_ref().expect("a rating chart");
    assert_eq!(chart.name, "ratings-alice.png");
    let png = &chart.bytes;
    let decoder = png::Decoder::new(std::io::Cursor::new(png.as_slice()));
    let reader = decoder.read_info().expect("the chart is a PNG");
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (herald::render::chart::WIDTH, herald::render::chart::HEIGHT)
    );
    // Someone without games gets words, not an empty chart.
    let r = t
        .service
        .handle(&at("dave", "g", Command::Profile { player: None }))
        .await;
    let reply = public(&r);
    assert!(reply.text.to_string().contains("No rated games yet."));
    assert!(reply.attachment.is_none() && reply.image.is_none());
}
}

#[test]
fn the_chart_draws_each_variant_in_its_own_colour() {
    use herald::render::chart::{rating_chart, Series};
    let series = |name: &str, points: Vec<(i64, f64)>| Series {
        name: name.into(),
        points,
    };
    let chess = series(
        "Chess",
        vec![(0, 1500.0), (86_400, 1662.0), (2 * 86_400, 1610.0)],
    );
    let ageiou = series("AGEIOU", vec![(0, 1500.0), (2 * 86_400, 1400.0)]);
    let one = rating_chart("Rating over time", std::slice::from_ref(&chess)).unwrap();
    let two = rating_chart("Rating over time", &[chess, ageiou]).unwrap();
    let pixels = |png: &[u8]| {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut buf).unwrap();
        buf
    };
    let (a, b) = (pixels(&one), pixels(&two));
    assert_eq!(a.len(), b.len());
    // The second line's colour appears only in the chart that has it.
    let count = |buf: &[u8], rgb: [u8; 3]| buf.chunks(3).filter(|p| *p == rgb).count();
    assert_eq!(count(&a, [90, 170, 255]), 0);
    assert!(count(&b, [90, 170, 255]) > 500);
    assert!(count(&a, [255, 176, 0]) > 500);
}

#[test]
fn a_chart_of_games_played_within_minutes_spreads_them_out() {
    use herald::render::chart::{rating_chart, Series};
    // A start and three games recorded at the same second (games ended together, or a
    // clock that does not move): each still a step of its own.
    let t = 1_795_000_000;
    let chess = Series {
        name: "Chess".into(),
        points: vec![(t, 1500.0), (t, 1662.0), (t, 1610.0), (t, 1580.0)],
    };
    let png = rating_chart("Rating over time", &[chess]).unwrap();
    let mut reader = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let width = info.width as usize;
    let columns: Vec<usize> = buf
        .chunks(3)
        .enumerate()
        .filter(|(_, p)| *p == [255, 176, 0])
        .map(|(i, _)| i % width)
        .collect();
    let (left, right) = (columns.iter().min().unwrap(), columns.iter().max().unwrap());
    assert!(
        right - left > width / 2,
        "the line spans {left}..{right} of {width} px"
    );
}
