//! The tournament store: joining (once, while there is room, before the start), leaving,
//! and a start that numbers the players and begins every game of a double round robin at
//! once, both games of a pair included, in one transaction that happens once.

use herald::rules::VariantId;
use herald::store::{
    GameStatus, NewTournament, Opening, Planned, StoreError, TournamentStatus, TournamentSystem,
};
use herald::tournament::berger;

use crate::service::{on_both, table, T0};

fn double_round_robin(max_players: Option<i64>) -> NewTournament {
    NewTournament {
        guild: Some("guild".into()),
        channel: "general".into(),
        name: "Winter Double".into(),
        creator: "alice".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::DoubleRoundRobin,
        rounds: None,
        days: 3,
        rated: false,
        max_players,
        starts_at: None,
        created_at: T0,
    }
}

on_both! {
#[tokio::test]
async fn a_double_round_robin_starts_every_game_at_once_and_only_once() {
    let t = table(false).await;
    let store = t.service.store();
    let made = store.create_tournament(&double_round_robin(Some(3))).await.unwrap();
    assert_eq!((made.status, made.round), (TournamentStatus::Open, 0));
    for (i, who) in ["alice", "bob", "carol"].iter().enumerate() {
        assert!(store.join_tournament(made.id, who, T0 + i as i64).await.unwrap());
    }
    let twice = store.join_tournament(made.id, "bob", T0).await;
    assert!(matches!(twice, Err(StoreError::Duplicate)), "{twice:?}");
    assert!(!store.join_tournament(made.id, "dave", T0).await.unwrap(), "full at three");
    assert!(store.leave_tournament(made.id, "carol").await.unwrap());
    assert!(!store.leave_tournament(made.id, "carol").await.unwrap(), "out already");
    assert!(store.join_tournament(made.id, "dave", T0 + 9).await.unwrap());
    let players: Vec<String> = store.entrants(made.id).await.unwrap().into_iter().map(|e| e.player).collect();
    assert_eq!(players, ["alice", "bob", "dave"], "in the order they joined");

    // Start: every round of the Berger tables at once, the rests included.
    let open = store.tournament(made.id).await.unwrap().unwrap();
    let numbers: Vec<(String, i64, Option<i64>)> = players.iter().enumerate()
        .map(|(i, p)| (p.clone(), i as i64 + 1, Some(1500)))
        .collect();
    let rounds = berger::double(3);
    let mut planned = Vec::new();
    for (r, round) in rounds.iter().enumerate() {
        for (b, g) in round.games.iter().enumerate() {
            planned.push(Planned {
                round: r as i64 + 1,
                board: b as i64 + 1,
                white: players[g.white].clone(),
                black: Some(players[g.black].clone()),
                opening: Some(Opening {
                    white: players[g.white].clone(),
                    black: players[g.black].clone(),
                    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                    deadline: Some(T0 + 3 * 86_400),
                    created_at: T0,
                }),
                result: None,
            });
        }
        planned.push(Planned {
            round: r as i64 + 1,
            board: round.games.len() as i64 + 1,
            white: players[round.bye.unwrap()].clone(),
            black: None,
            opening: None,
            result: None,
        });
    }
    let games = store.start_tournament(&open, &numbers, 6, &planned, T0).await.unwrap();
    assert_eq!(games.len(), 6, "each pair twice, both games at once");
    assert!(games.iter().all(|g| g.status == GameStatus::Active && g.channel == "general"));
    let again = store.start_tournament(&open, &numbers, 6, &planned, T0).await;
    assert!(matches!(again, Err(StoreError::Conflict)), "a tournament starts once");
    assert_eq!(store.pairings(made.id).await.unwrap().len(), 12, "a game and a rest each of six rounds");
    let running = store.tournament(made.id).await.unwrap().unwrap();
    assert_eq!((running.status, running.rounds, running.round), (TournamentStatus::Running, Some(6), 6));
    assert!(matches!(store.join_tournament(made.id, "erin", T0).await, Err(StoreError::Conflict)));
    assert!(!store.leave_tournament(made.id, "bob").await.unwrap(), "no leaving once started");
    let entrants = store.entrants(made.id).await.unwrap();
    assert_eq!(entrants[2].start_number, Some(3));
    let of_game = store.tournament_of_game(games[0].id).await.unwrap().unwrap();
    assert_eq!(of_game.id, made.id);
    assert_eq!(store.tournaments_in(Some("guild")).await.unwrap().len(), 1);
    assert!(store.tournaments_in(None).await.unwrap().is_empty());
    assert!(store.finish_tournament(made.id).await.unwrap());
    assert!(!store.finish_tournament(made.id).await.unwrap(), "finished once");
}
}
