//! A Swiss through the service: nine players, five rounds, each round paired by the Dutch
//! system when the last game of the round before ends, and the pairings checked against the
//! Dutch system run here on the results as the games gave them.

use herald::app::{Command, TournamentCommand as T};
use herald::rules::VariantId;
use herald::store::{EndReason, GameChange, GameResult, GameStatus, TournamentSystem};
use herald::tournament::dutch;
use herald::tournament::standings::Entry;
use std::collections::BTreeSet;

use crate::service::{on_both, public, refused, table, Table, T0};
use crate::tournaments::decided;

const PLAYERS: [&str; 9] = [
    "ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal", "ivy",
];

fn swiss(name: &str, rounds: Option<i64>, max_players: Option<i64>) -> Command {
    Command::Tournament(T::Create {
        name: name.into(),
        variant: VariantId::Chess,
        system: TournamentSystem::Swiss,
        days: None,
        rated: false,
        max_players,
        rounds,
        starts: None,
    })
}

fn say(t: &str) -> Command {
    Command::Tournament(match t {
        "join" => T::Join(None),
        "start" => T::Start(None),
        _ => T::Show(None),
    })
}

/// A Swiss of `rounds` made by ann, joined by the first `players` and started.
async fn started(t: &Table, name: &str, rounds: i64, players: usize) {
    public(&t.say("ann", swiss(name, Some(rounds), None)).await);
    for who in &PLAYERS[..players] {
        public(&t.say(who, say("join")).await);
    }
    t.say("ann", say("start")).await;
}

/// Every player's rounds so far, by start number, as the store's pairings and games say.
async fn histories(t: &Table, id: i64, players: &[&str]) -> Vec<Vec<Entry>> {
    let store = t.service.store();
    let games = store.tournament_games(id).await.unwrap();
    let at = |p: &str| players.iter().position(|q| *q == p).unwrap();
    let rounds = store.tournament(id).await.unwrap().unwrap().round as usize;
    let mut h = vec![vec![Entry::ZeroBye; rounds]; players.len()];
    for p in store.pairings(id).await.unwrap() {
        let r = p.round as usize - 1;
        let w = at(&p.white);
        let Some(black) = &p.black else {
            h[w][r] = Entry::PairingBye;
            continue;
        };
        let b = at(black);
        let game = games.iter().find(|g| Some(g.id) == p.game_id).unwrap();
        let halves = match game.result {
            Some(GameResult::WhiteWins) => 2,
            Some(GameResult::Draw) => 1,
            _ => 0,
        };
        h[w][r] = Entry::Played {
            opponent: b,
            white: true,
            halves,
        };
        h[b][r] = Entry::Played {
            opponent: w,
            white: false,
            halves: 2 - halves,
        };
    }
    h
}

on_both! {
#[tokio::test]
async fn a_nine_player_swiss_of_five_rounds_is_paired_round_by_round_and_won() {
    let t = table(false).await;
    let made = public(&t.say("ann", swiss("Winter Swiss", Some(5), None)).await).text.to_string();
    assert!(made.starts_with("@ann made tournament #1 **Winter Swiss**: a Swiss of Chess, 3 days per move, casual, for up to 100 players."), "{made}");
    assert!(made.contains("its first round begins, each later one as soon as the last ends (5 rounds)"), "{made}");
    for who in PLAYERS {
        public(&t.say(who, say("join")).await);
    }
    let started = t.say("ann", say("start")).await;
    let summary = started[0].text.to_string();
    assert!(summary.starts_with("Tournament #1 **Winter Swiss** begins: 9 players, 5 rounds of a Swiss of Chess"), "{summary}");
    assert!(summary.contains("round 1 has begun (4 games)"), "{summary}");
    assert_eq!(started.len(), 5, "the summary and four games: {started:?}");

    let store = t.service.store();
    let mut byes = BTreeSet::new();
    let mut met = BTreeSet::new();
    for round in 1..=5i64 {
        // The round as paired is the Dutch system's pairing of the results so far.
        let before = histories(&t, 1, &PLAYERS).await;
        let before: Vec<Vec<Entry>> = before.into_iter().map(|mut h| { h.truncate(round as usize - 1); h }).collect();
        let expected = dutch::pair(&before, &[false; 9], 5, true).unwrap();
        let pairings: Vec<_> = store.pairings(1).await.unwrap().into_iter().filter(|p| p.round == round).collect();
        let at = |p: &str| PLAYERS.iter().position(|q| *q == p).unwrap();
        let games: Vec<(usize, usize)> = pairings.iter().filter_map(|p| p.black.as_ref().map(|b| (at(&p.white), at(b)))).collect();
        let expected_games: Vec<(usize, usize)> = expected.games.iter().map(|g| (g.white, g.black)).collect();
        assert_eq!(games, expected_games, "round {round}, board by board");
        let bye = pairings.iter().find(|p| p.black.is_none()).map(|p| at(&p.white));
        assert_eq!(bye, expected.bye, "round {round}'s bye");
        assert!(byes.insert(bye.unwrap()), "a second bye in round {round}");
        for &(w, b) in &games {
            assert!(met.insert((w.min(b), w.max(b))), "a rematch in round {round}");
        }
        // Play the round: on even boards White resigns, on odd ones Black.
        let active: Vec<_> = store.tournament_games(1).await.unwrap().into_iter().filter(|g| g.status == GameStatus::Active).collect();
        assert_eq!(active.len(), 4, "round {round} has four games");
        let mut last = Vec::new();
        for (i, g) in active.iter().enumerate() {
            let loser = if i % 2 == 0 { &g.black } else { &g.white };
            last = decided(&t, g.id, &g.white, &g.black, loser).await;
        }
        let said: Vec<String> = last.iter().map(|r| r.text.to_string()).collect();
        if round < 5 {
            let next = said.iter().find(|s| s.contains("is paired")).unwrap_or_else(|| panic!("{said:?}"));
            assert!(next.starts_with(&format!("Tournament #1 **Winter Swiss**: round {} of 5 is paired", round + 1)), "{next}");
            assert!(next.contains("has the bye (a point).") && next.contains(&format!("Standings after round {round} (points, then Buchholz Cut-1")), "{next}");
            let shown = crate::conditional::private(&t, "ivy", say("show")).await;
            assert!(shown.contains(&format!("round {} of 5, {} of {} games finished", round + 1, 4 * round, 4 * (round + 1))), "{shown}");
        } else {
            let over = said.iter().find(|s| s.contains("is over")).unwrap_or_else(|| panic!("{said:?}"));
            assert!(over.starts_with("Tournament #1 **Winter Swiss** is over: @"), "{over}");
            assert!(over.contains("Final standings (points, then Buchholz Cut-1, Buchholz, Sonneborn-Berger, wins):\n1. @"), "{over}");
        }
    }
    assert_eq!(byes.len(), 5, "five different players had the bye");
    let done = store.tournament(1).await.unwrap().unwrap();
    assert_eq!((done.round, done.rounds), (5, Some(5)));
    // Nothing is paired twice: the scheduler finds nothing left to do.
    assert!(t.service.tick().await.iter().all(|r| !r.text.to_string().contains("is paired")));
    assert_eq!(store.pairings(1).await.unwrap().len(), 25);
}
}

on_both! {
#[tokio::test]
async fn a_swiss_round_left_unpaired_by_a_crash_is_paired_by_the_scheduler_once() {
    let t = table(false).await;
    started(&t, "Night Swiss", 2, 4).await;
    let store = t.service.store();
    // Round 1's games end behind the service's back, as if it crashed before pairing.
    for g in store.tournament_games(1).await.unwrap() {
        let mut ended = GameChange::of(&g, T0 + 60);
        ended.status = GameStatus::Finished;
        ended.result = Some(GameResult::WhiteWins);
        ended.reason = Some(EndReason::Resignation);
        store.apply(&g, &ended).await.unwrap();
    }
    let first = t.service.tick().await;
    assert!(first.iter().any(|r| r.text.to_string().contains("round 2 of 2 is paired")), "{first:?}");
    let again = t.service.tick().await;
    assert!(again.iter().all(|r| !r.text.to_string().contains("is paired")), "{again:?}");
    assert_eq!(store.pairings(1).await.unwrap().len(), 4, "two rounds of two games");
}
}

on_both! {
#[tokio::test]
async fn a_swiss_is_refused_more_rounds_than_its_players_allow() {
    let t = table(false).await;
    let too_many = refused(&t.say("ann", swiss("Big", Some(8), Some(8))).await);
    assert_eq!(too_many, "A Swiss of 8 players can play at most 7 rounds (nobody meets anyone twice), not 8: give fewer `rounds:`, or let more players join.");
    let rr = Command::Tournament(T::Create {
        name: "Round".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: None,
        rated: false,
        max_players: None,
        rounds: Some(3),
        starts: None,
    });
    assert_eq!(refused(&t.say("ann", rr).await), "Only a Swiss takes `rounds:`: a round robin plays one round for every opponent (two for a double round robin).");
    public(&t.say("ann", swiss("Small", Some(5), None)).await);
    for who in &PLAYERS[..5] {
        public(&t.say(who, say("join")).await);
    }
    let refusal = refused(&t.say("ann", say("start")).await);
    assert_eq!(refusal, "A Swiss of 5 players can play at most 4 rounds (nobody meets anyone twice), not 5: give fewer `rounds:`, or let more players join.");
    // With no rounds asked, the number follows from the players: 4 for 5.
    public(&t.say("ann", swiss("Default", None, None)).await);
    for who in &PLAYERS[..5] {
        public(&t.say(who, Command::Tournament(T::Join(Some(2)))).await);
    }
    let started = t.say("ann", Command::Tournament(T::Start(Some(2)))).await;
    assert!(started[0].text.to_string().contains("5 players, 4 rounds of a Swiss"), "{:?}", started[0].text);
}
}

on_both! {
#[tokio::test]
async fn a_player_who_withdraws_from_a_swiss_is_paired_no_more() {
    let t = table(false).await;
    started(&t, "Spring Swiss", 3, 5).await;
    let store = t.service.store();
    // Round 1: ann-cat and dan-ben (1-3, 4-2 by start number), eve the bye. ben leaves: his
    // game is forfeited to dan, and round 2 pairs the four left, with no bye.
    let left = t.say("ben", Command::Tournament(T::Withdraw(None))).await;
    assert!(left[0].text.to_string().contains("withdr"), "{:?}", left[0].text);
    let active: Vec<_> = store.tournament_games(1).await.unwrap().into_iter().filter(|g| g.status == GameStatus::Active).collect();
    assert_eq!(active.len(), 1, "only ann-cat is still played");
    let g = &active[0];
    let said: Vec<String> = decided(&t, g.id, &g.white, &g.black, &g.black).await.iter().map(|r| r.text.to_string()).collect();
    assert!(said.iter().any(|s| s.contains("round 2 of 3 is paired")), "{said:?}");
    let round2: Vec<_> = store.pairings(1).await.unwrap().into_iter().filter(|p| p.round == 2).collect();
    assert_eq!(round2.len(), 2, "two games and no bye: {round2:?}");
    assert!(round2.iter().all(|p| p.black.is_some() && p.white != "ben" && p.black.as_deref() != Some("ben")));
    let shown = crate::conditional::private(&t, "cat", say("show")).await;
    assert!(shown.contains("@ben — 0") && shown.contains("withdrawn"), "{shown}");
}
}

on_both! {
#[tokio::test]
async fn a_swiss_that_cannot_start_at_its_time_stays_open_and_its_creator_is_told_once() {
    let t = table(false).await;
    let create = Command::Tournament(T::Create {
        name: "Dusk Swiss".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::Swiss,
        days: None,
        rated: false,
        max_players: None,
        rounds: Some(5),
        starts: Some("in 1 day".into()),
    });
    let made = public(&t.say("ann", create).await).text.to_string();
    assert!(made.contains("it starts by itself on") && made.contains("its first round begins"), "{made}");
    for who in &PLAYERS[..5] {
        public(&t.say(who, say("join")).await);
    }
    t.clock.advance(86_400 + 1);
    let said: Vec<String> = t.service.tick().await.iter().map(|r| r.text.to_string()).collect();
    assert_eq!(said, ["Tournament #1 **Dusk Swiss** was to start now, but cannot: A Swiss of 5 players can play at most 4 rounds (nobody meets anyone twice), not 5: give fewer `rounds:`, or let more players join. It stays open, without a start time. @ann (or a manager) starts it with `/tournament start id:1` once that is mended."]);
    let t1 = t.service.store().tournament(1).await.unwrap().unwrap();
    assert_eq!((t1.status, t1.starts_at), (herald::store::TournamentStatus::Open, None));
    assert!(t.service.tick().await.is_empty(), "said once, not every minute");
    // One more player, and it starts when asked.
    public(&t.say(PLAYERS[5], say("join")).await);
    let started = t.say("ann", say("start")).await;
    assert!(started[0].text.to_string().contains("6 players, 5 rounds of a Swiss"), "{:?}", started[0].text);
}
}
