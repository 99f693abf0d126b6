//! The tournament store: joining (once, while there is room, before the start), leaving,
//! and a start that numbers the players and begins every game of a double round robin at
//! once, both games of a pair included, in one transaction that happens once.

use herald::rules::VariantId;
use herald::store::{
    Board, GameStatus, NewTournament, Opening, Planned, StoreError, TournamentStatus,
    TournamentSystem,
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
                at: Board {
                    round: r as i64 + 1,
                    board: b as i64 + 1,
                    white: players[g.white].clone(),
                    black: Some(players[g.black].clone()),
                    result: None,
                },
                opening: Some(Opening {
                    white: players[g.white].clone(),
                    black: players[g.black].clone(),
                    start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
                    deadline: Some(T0 + 3 * 86_400),
                    created_at: T0,
                }),
            });
        }
        planned.push(Planned {
            at: Board {
                round: r as i64 + 1,
                board: round.games.len() as i64 + 1,
                white: players[round.bye.unwrap()].clone(),
                black: None,
                result: None,
            },
            opening: None,
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

pub(crate) fn tournament(asked: herald::app::TournamentCommand) -> herald::app::Command {
    herald::app::Command::Tournament(asked)
}

on_both! {
#[tokio::test]
async fn a_round_robin_is_made_joined_started_played_and_won() {
    use herald::app::{Command, TournamentCommand as T};
    use crate::conditional::private;
    use crate::service::{public, refused};
    let t = table(false).await;
    let create = T::Create {
        name: "Autumn Cup".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: None,
        rated: true,
        max_players: None,
        rounds: None,
        starts: None,
    };
    let made = public(&t.say("alice", tournament(create)).await).text.to_string();
    assert!(made.starts_with("@alice made tournament #1 **Autumn Cup**: a round robin of Chess, 3 days per move, rated, for up to 16 players."), "{made}");
    let few = refused(&t.say("alice", tournament(T::Start(None))).await);
    assert_eq!(few, "Tournament #1 has 0 players: it starts with at least 3.");
    for who in ["alice", "bob", "carol"] {
        let joined = public(&t.say(who, tournament(T::Join(Some(1)))).await).text.to_string();
        assert!(joined.starts_with(&format!("@{who} joins tournament #1 **Autumn Cup**")), "{joined}");
    }
    assert_eq!(refused(&t.say("bob", tournament(T::Join(None))).await), "You are in tournament #1 already.");
    assert_eq!(refused(&t.say("dave", tournament(T::Leave(Some(1)))).await), "You are not in tournament #1.");
    assert_eq!(refused(&t.say("dave", tournament(T::Show(Some(7)))).await), "There is no tournament #7 in this server: `/tournaments` lists them.");
    let shown = private(&t, "dave", tournament(T::Show(None))).await;
    assert!(shown.contains("open for players (3 of at most 16)") && shown.contains("\n- @carol"), "{shown}");
    let not_hers = refused(&t.say("carol", tournament(T::Start(None))).await);
    assert!(not_hers.starts_with("Only @alice (who made tournament #1) or a member who may manage"), "{not_hers}");

    // The start: three rounds by the Berger table, one game and one rest each, all at once.
    let started = t.say("alice", tournament(T::Start(None))).await;
    assert_eq!(started.len(), 4, "{started:?}");
    let summary = started[0].text.to_string();
    assert!(summary.starts_with("Tournament #1 **Autumn Cup** begins: 3 players, 3 rounds of a round robin of Chess"), "{summary}");
    assert!(summary.contains("Start numbers, by rating: 1. @alice, 2. @bob, 3. @carol."), "{summary}");
    let firsts: Vec<String> = started[1..].iter().map(|r| r.text.to_string()).collect();
    assert!(firsts[0].starts_with("Game #1 of tournament #1 **Autumn Cup**, round 1: @bob plays White, @carol plays Black"), "{firsts:?}");
    assert!(firsts[1].contains("round 2: @alice plays White, @bob plays Black"), "{firsts:?}");
    assert!(firsts[2].contains("round 3: @carol plays White, @alice plays Black"), "{firsts:?}");
    assert_eq!(started[1].mentions, ["bob"], "White is told it is their move");
    assert_eq!(refused(&t.say("dave", tournament(T::Join(Some(1)))).await), "Tournament #1 has started: players join and leave before the start.");

    let abort = refused(&t.say("carol", Command::Abort { opponent: Some("bob".into()), game: None }).await);
    assert!(abort.starts_with("Game #1 is a game of tournament #1, whose table counts every game: it cannot be aborted."), "{abort}");
    // Each game: a move each, then a resignation; alice wins both of hers.
    let play = |game: i64, white: &'static str, loser: &'static str, winner: &'static str| {
        let t = &t;
        async move {
            let black = if loser == white { winner } else { loser };
            for (who, mv) in [(white, "e4"), (black, "e5")] {
                let mv = Command::Move { game: Some(game), text: mv.into(), opponent: None, confirm: false };
                public(&t.say(who, mv).await);
            }
            let other = if loser == white { black } else { white };
            t.say(loser, Command::Resign { opponent: Some(other.into()), game: None }).await
        }
    };
    let ended = play(1, "bob", "carol", "bob").await;
    assert_eq!(ended.len(), 1, "the tournament goes on: {ended:?}");
    assert!(!ended[0].ephemeral, "{}", ended[0].text);
    let table_now = private(&t, "dave", tournament(T::Show(Some(1)))).await;
    assert!(table_now.contains("1 of 3 games finished"), "{table_now}");
    assert!(table_now.contains("Standings (points, then Sonneborn-Berger, direct encounter, wins):\n1. @bob — 1 · SB 0 · DE 1 · WIN 1"), "{table_now}");
    play(2, "alice", "bob", "alice").await;
    let last = play(3, "carol", "carol", "alice").await;
    assert_eq!(last.len(), 2, "{last:?}");
    let over = last[1].text.to_string();
    assert!(over.starts_with("Tournament #1 **Autumn Cup** is over: @alice wins with 2 points.\nFinal standings (points"), "{over}");
    assert!(over.contains("\n1. @alice — 2 · SB 1 · DE 1 · WIN 2\n2. @bob — 1 · SB 0 · DE 1 · WIN 1\n3. @carol — 0 · SB 0 · DE 1 · WIN 0"), "{over}");
    let listed = private(&t, "dave", Command::Tournaments).await;
    assert!(listed.contains("#1 **Autumn Cup**: a round robin of Chess, 3 days per move, rated; 3 players, finished"), "{listed}");
    // The tournament's games were rated.
    assert!(t.service.store().game(3).await.unwrap().unwrap().rated_order.is_some());
}
}

on_both! {
#[tokio::test]
async fn a_tournament_game_nobody_moves_in_is_lost_by_the_player_to_move() {
    use herald::app::{Command, TournamentCommand as T};
    use crate::service::public;
    let t = table(false).await;
    let create = T::Create {
        name: "Sleepy Cup".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: Some(herald::app::Days::new(1).unwrap()),
        rated: false,
        max_players: Some(3),
        rounds: None,
        starts: None,
    };
    public(&t.say("alice", tournament(create)).await);
    for who in ["alice", "bob", "carol"] {
        public(&t.say(who, tournament(T::Join(None))).await);
    }
    assert_eq!(t.say("alice", tournament(T::Start(None))).await.len(), 4);
    // Nobody moves: each White forfeits, so each Black wins, and all three share first.
    t.clock.advance(86_400 + 1);
    let ended = t.service.tick().await;
    let over = ended.iter().map(|r| r.text.to_string()).find(|t| t.contains("is over")).expect("the end");
    assert!(over.starts_with("Tournament #1 **Sleepy Cup** is over: @alice and @bob and @carol share first place with 1 point."), "{over}");
    assert!(over.contains("\n1. @alice — 1 · SB 1 · DE 1 · WIN 1"), "{over}");
    let listed = crate::conditional::private(&t, "dave", Command::Tournaments).await;
    assert!(listed.contains("finished"), "{listed}");
}
}

/// A three-player round robin of Chess made by alice and joined by alice, bob and carol, in
/// that order; started when `start` (start numbers 1 alice, 2 bob, 3 carol: game 1 is bob
/// against carol in round 1, game 2 alice against bob, game 3 carol against alice).
pub(crate) async fn three_players(t: &crate::service::Table, name: &str, rated: bool, start: bool) {
    use crate::service::public;
    use herald::app::TournamentCommand as T;
    let create = T::Create {
        name: name.into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: None,
        rated,
        max_players: None,
        rounds: None,
        starts: None,
    };
    public(&t.say("alice", tournament(create)).await);
    for who in ["alice", "bob", "carol"] {
        public(&t.say(who, tournament(T::Join(None))).await);
    }
    if start {
        assert_eq!(t.say("alice", tournament(T::Start(None))).await.len(), 4);
    }
}

/// Plays game `game` of a tournament: `white` and `black` move once each, then `loser`
/// resigns; the replies to the resignation.
pub(crate) async fn decided(
    t: &crate::service::Table,
    game: i64,
    white: &str,
    black: &str,
    loser: &str,
) -> Vec<herald::app::Reply> {
    use crate::service::public;
    use herald::app::Command;
    for (who, mv) in [(white, "e4"), (black, "e5")] {
        let mv = Command::Move {
            game: Some(game),
            text: mv.into(),
            opponent: None,
            confirm: false,
        };
        public(&t.say(who, mv).await);
    }
    let other = if loser == white { black } else { white };
    t.say(
        loser,
        Command::Resign {
            opponent: Some(other.into()),
            game: None,
        },
    )
    .await
}

on_both! {
#[tokio::test]
async fn a_player_who_withdraws_forfeits_their_games_and_keeps_their_points() {
    use herald::app::{Command, TournamentCommand as T};
    use crate::conditional::private;
    use crate::service::refused;
    let t = table(false).await;
    three_players(&t, "Spring Cup", true, false).await;
    let early = refused(&t.say("carol", tournament(T::Withdraw(Some(1)))).await);
    assert_eq!(early, "Tournament #1 has not started: `/tournament leave id:1` takes you out of it before the start, with nothing forfeited.");
    assert_eq!(t.say("alice", tournament(T::Start(None))).await.len(), 4);
    assert_eq!(refused(&t.say("dave", tournament(T::Withdraw(Some(1)))).await), "You are not in tournament #1.");
    let none = refused(&t.say("dave", tournament(T::Withdraw(None))).await);
    assert!(none.starts_with("You play in no running tournament here"), "{none}");

    // alice beats bob, carol beats bob: carol has a point when she withdraws.
    decided(&t, 2, "alice", "bob", "bob").await;
    decided(&t, 1, "bob", "carol", "bob").await;
    let store = t.service.store();
    let before = store.standing("alice", VariantId::Chess).await.unwrap();
    t.clock.advance(3_600);
    let left = t.say("carol", tournament(T::Withdraw(None))).await;
    let said: Vec<String> = left.iter().map(|r| r.text.to_string()).collect();
    assert_eq!(left.len(), 3, "{said:?}");
    assert!(left.iter().all(|r| !r.ephemeral), "{said:?}");
    assert_eq!(said[0], "@carol withdraws from tournament #1 **Spring Cup**: their unfinished game is lost by forfeit, and a forfeit changes no rating. What they scored stands, and the standings show them as withdrawn.");
    // Game 3's place hears of it: alice wins by forfeit, and no rating moves.
    assert_eq!(said[1], "@carol withdrew from tournament #1 **Spring Cup**, so game #3 ends: @alice wins by forfeit. Ratings unchanged: a forfeit is not rated.");
    assert_eq!(left[1].mentions, ["alice"]);
    let game = store.game(3).await.unwrap().unwrap();
    assert_eq!((game.status, game.result, game.reason), (GameStatus::Finished, Some(herald::store::GameResult::BlackWins), Some(herald::store::EndReason::Forfeit)));
    assert_eq!(game.rated_order, None, "a forfeit is not rated");
    assert_eq!(store.standing("alice", VariantId::Chess).await.unwrap(), before);
    // It was the last game: the tournament is over, carol in the standings as withdrawn.
    assert!(said[2].starts_with("Tournament #1 **Spring Cup** is over: @alice wins with 2 points."), "{}", said[2]);
    assert!(said[2].contains("\n2. @carol — 1 · SB 0 · DE 1 · WIN 1 · withdrawn\n3. @bob — 0"), "{}", said[2]);

    let again = refused(&t.say("carol", tournament(T::Withdraw(Some(1)))).await);
    assert!(again.starts_with("You withdrew from tournament #1 on 2026-") && again.ends_with("; a withdrawal is final."), "{again}");
    assert_eq!(refused(&t.say("bob", tournament(T::Withdraw(Some(1)))).await), "Tournament #1 is over: its standings are final.");
    let carol = store.entrant(1, "carol").await.unwrap().unwrap();
    assert_eq!((carol.withdrawn_at, carol.last_round()), (Some(T0 + 3_600), Some(3)));
    assert!(carol.plays_in(3) && !carol.plays_in(4), "left out of any round paired later");
    assert!(!store.entrant(1, "bob").await.unwrap().unwrap().withdrawn());

    // The record says how it ended; rebuilding the ratings leaves the forfeit out.
    let history = t.say("carol", Command::History { opponent: None, game: Some(3), gif: false }).await;
    let pgn = String::from_utf8(history[0].attachment.as_ref().unwrap().bytes.clone()).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]") && pgn.contains("[Termination \"abandoned\"]"), "{pgn}");
    assert!(pgn.contains("{White withdrew from the tournament: Black wins by forfeit.} 0-1"), "{pgn}");
    store.rerate().await.unwrap();
    assert_eq!(store.game(3).await.unwrap().unwrap().rated_order, None);
    let (_, problems) = t.service.check_database().await.unwrap();
    assert_eq!(problems, Vec::<String>::new());
    let shown = private(&t, "dave", tournament(T::Show(Some(1)))).await;
    assert!(shown.contains("@carol — 1 · SB 0 · DE 1 · WIN 1 · withdrawn"), "{shown}");

    // herald db copy takes the withdrawal along.
    let target = match crate::service::ON_POSTGRES.try_with(|p| *p).unwrap_or(false) {
        true => crate::support::postgres::fresh_database().await.unwrap(),
        false => format!("sqlite://{}", t.dir.path().join("copy.db").display()),
    };
    let target = herald::store::Store::open(&target).await.unwrap();
    store.copy_into(&target).await.unwrap();
    assert_eq!(target.entrants(1).await.unwrap(), store.entrants(1).await.unwrap());
}
}

on_both! {
#[tokio::test]
async fn a_withdrawal_in_a_running_tournament_leaves_the_others_playing() {
    use herald::app::TournamentCommand as T;
    let t = table(false).await;
    three_players(&t, "Summer Cup", false, true).await;
    let left = t.say("bob", tournament(T::Withdraw(Some(1)))).await;
    let said: Vec<String> = left.iter().map(|r| r.text.to_string()).collect();
    assert_eq!(left.len(), 3, "two forfeits, and the tournament goes on: {said:?}");
    assert!(said[0].contains("their 2 unfinished games are lost by forfeit"), "{}", said[0]);
    assert!(said[1].starts_with("@bob withdrew from tournament #1 **Summer Cup**, so game #1 ends: @carol wins by forfeit. Casual game"), "{}", said[1]);
    assert!(said[2].contains("game #2 ends: @alice wins by forfeit."), "{}", said[2]);
    let game = t.service.store().game(3).await.unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Active, "carol and alice play on");
    let shown = crate::conditional::private(&t, "alice", tournament(T::Show(Some(1)))).await;
    assert!(shown.contains("2 of 3 games finished"), "{shown}");
    assert!(shown.contains("@bob — 0 · SB 0 · DE 1 · WIN 0 · withdrawn"), "{shown}");
}
}

/// `/tournament trf`'s reply: its words, and its file read back by Herald's TRF reader.
async fn trf_of(
    t: &crate::service::Table,
    who: &str,
) -> (String, String, herald::tournament::trf::Report) {
    use herald::app::TournamentCommand as T;
    let replies = t.say(who, tournament(T::Trf(Some(1)))).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].ephemeral, "only its asker gets the file");
    let file = replies[0].attachment.as_ref().expect("the file");
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(
        text.split_inclusive('\n').all(|l| l.ends_with("\r\n")),
        "CR LF line ends: {text:?}"
    );
    assert!(!text.contains("-0.0"), "no negative zero: {text:?}");
    let report = herald::tournament::trf::read(&text).unwrap();
    (replies[0].text.to_string(), file.name.clone(), report)
}

on_both! {
#[tokio::test]
async fn the_tournament_report_file_holds_its_players_results_and_points() {
    use herald::app::TournamentCommand as T;
    use herald::tournament::standings::Entry;
    let t = table(false).await;
    three_players(&t, "Spring Cup", true, false).await;
    // Before the start: the players only, in the order the start would number them.
    let (said, name, before) = trf_of(&t, "dave").await;
    assert_eq!(said, "Tournament #1 **Spring Cup** as a FIDE tournament report file (TRF-16), which pairing and rating programs read: its 3 players so far, in the order its start would number them by their ratings now; no round is paired yet.");
    assert_eq!(name, "Spring-Cup.trf");
    assert_eq!(before.name, "Spring Cup");
    assert_eq!(before.rounds, 3, "three rounds for three players");
    let header = |r: &herald::tournament::trf::Report, code: &str| {
        r.headers.iter().find(|(c, _)| c == code).map(|(_, v)| v.clone())
    };
    assert_eq!(header(&before, "062").as_deref(), Some("3"));
    assert_eq!(header(&before, "092").as_deref(), Some("Individual: Round-Robin"));
    assert_eq!(header(&before, "042"), None, "no game has begun");
    let names: Vec<&str> = before.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["alice", "bob", "carol"]);
    assert!(before.players.iter().all(|p| p.rating == Some(1500) && p.points == 0.0 && p.rounds.is_empty()));

    // Running: a game won, two still being played, a rest each round.
    assert_eq!(t.say("alice", tournament(T::Start(None))).await.len(), 4);
    decided(&t, 2, "alice", "bob", "bob").await;
    let (said, _, during) = trf_of(&t, "bob").await;
    assert!(said.ends_with("3 players, 3 rounds, 1 of 3 games finished."), "{said}");
    assert_eq!(header(&during, "042").as_deref(), Some("2026/11/18"));
    assert_eq!(header(&during, "052"), None, "not over");
    let alice = &during.players[0];
    assert_eq!((alice.points, alice.rank), (1.0, 1));
    assert_eq!(alice.rounds, [
        Entry::ZeroBye,
        Entry::Played { opponent: 1, white: true, halves: 2 },
        Entry::Pending { opponent: 2, white: false },
    ]);

    // Over: carol withdrew, so her two games are forfeits, written + and -.
    t.clock.advance(86_400 * 2);
    t.say("carol", tournament(T::Withdraw(None))).await;
    let (said, _, after) = trf_of(&t, "alice").await;
    assert!(said.ends_with("3 players, 3 rounds, final."), "{said}");
    assert_eq!(header(&after, "052").as_deref(), Some("2026/11/20"));
    let lines: Vec<(&str, f64, usize)> = after.players.iter().map(|p| (p.name.as_str(), p.points, p.rank)).collect();
    assert_eq!(lines, [("alice", 2.0, 1), ("bob", 1.0, 2), ("carol", 0.0, 3)]);
    assert_eq!(after.players[1].rounds[0], Entry::Forfeit { opponent: 2, white: true, won: true });
    assert_eq!(after.players[2].rounds, [
        Entry::Forfeit { opponent: 1, white: false, won: false },
        Entry::ZeroBye,
        Entry::Forfeit { opponent: 0, white: true, won: false },
    ]);
    for p in &after.players {
        let total: f64 = p.rounds.iter().map(|e| e.points()).sum();
        assert_eq!(total, p.points, "{}: the points are its rounds'", p.name);
    }
}
}

on_both! {
#[tokio::test]
async fn the_crosstable_comes_with_the_standings_and_the_final_post() {
    use herald::app::TournamentCommand as T;
    use herald::render::crosstable::MAX_WIDTH;
    let t = table(true).await;
    three_players(&t, "Spring Cup", true, false).await;
    let open = t.say("dave", tournament(T::Show(Some(1)))).await;
    assert!(open[0].attachment.is_none(), "no table before the start");
    assert_eq!(t.say("alice", tournament(T::Start(None))).await.len(), 4);
    decided(&t, 2, "alice", "bob", "bob").await;
    let shown = t.say("dave", tournament(T::Show(Some(1)))).await;
    let picture = shown[0].attachment.as_ref().expect("the crosstable");
    assert_eq!(picture.name, "Spring-Cup-crosstable.png");
    let (width, height, rgb) = crate::render::decode(&picture.bytes);
    assert!(width <= MAX_WIDTH && height > 200, "{width}x{height}");
    let background = herald::render::theme::BACKGROUND;
    let drawn = rgb.chunks(3).filter(|p| *p != [background.0, background.1, background.2]).count();
    assert!(drawn * 10 > (width * height) as usize, "not blank");
    // The last game ends the tournament: the final standings come with the table too.
    decided(&t, 1, "bob", "carol", "carol").await;
    let last = decided(&t, 3, "carol", "alice", "carol").await;
    let over = last.iter().find(|r| r.text.to_string().contains("is over")).expect("the end");
    let final_table = over.attachment.as_ref().expect("the final crosstable");
    assert_eq!(final_table.name, "Spring-Cup-crosstable.png");
    assert_ne!(final_table.bytes, picture.bytes, "the table moved on");
}
}

on_both! {
#[tokio::test]
async fn a_server_may_leave_making_tournaments_to_its_managers() {
    use herald::app::{Command, Request, SettingsChange, TournamentCommand as T};
    use herald::store::TournamentCreators;
    use crate::service::{public, refused, request};
    let t = table(false).await;
    let shown = crate::conditional::private(&t, "alice", Command::Settings(SettingsChange::default())).await;
    assert!(shown.contains("\n- anyone may create tournaments"), "{shown}");
    let change = || Command::Settings(SettingsChange {
        tournaments: Some(TournamentCreators::Managers),
        ..Default::default()
    });
    assert!(refused(&t.say("alice", change()).await).starts_with("Only members who may manage this server"));
    let manager = |command| Request { manager: true, ..request("carol", command) };
    let saved = t.service.handle(&manager(change())).await;
    assert!(saved[0].text.to_string().contains("\n- only members who may manage the server create tournaments"), "{}", saved[0].text);
    let create = || tournament(T::Create {
        name: "Members' Cup".into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: None,
        rated: true,
        max_players: None,
        rounds: None,
        starts: None,
    });
    assert_eq!(
        refused(&t.say("alice", create()).await),
        "On this server only members who may manage it (the Manage Server permission) create tournaments, as its /settings say; anyone may join one once it is made."
    );
    let made = t.service.handle(&manager(create())).await;
    assert!(public(&made).text.to_string().starts_with("@carol made tournament #1"), "{}", made[0].text);
    public(&t.say("alice", tournament(T::Join(Some(1)))).await);
    // The setting as typed, read through the one schema.
    let spec = herald::app::schema::find("settings").unwrap();
    let read = spec.read_text(vec![("tournaments".into(), "anyone".into())]).unwrap();
    assert_eq!(read, Command::Settings(SettingsChange { tournaments: Some(TournamentCreators::Anyone), ..Default::default() }));
    assert!(spec.read_text(vec![("tournaments".into(), "mods".into())]).is_err());
}
}

/// A round robin of Chess made by alice, to start by itself at `starts`.
fn planned(name: &str, starts: &str) -> herald::app::Command {
    tournament(herald::app::TournamentCommand::Create {
        name: name.into(),
        variant: VariantId::Chess,
        system: TournamentSystem::RoundRobin,
        days: None,
        rated: false,
        max_players: None,
        rounds: None,
        starts: Some(starts.into()),
    })
}

on_both! {
#[tokio::test]
async fn a_tournament_starts_by_itself_at_its_time_once_whichever_process_is_first() {
    use herald::app::{Command, TournamentCommand as T};
    use crate::service::{public, refused};
    let t = table(false).await;
    for (given, said) in [
        ("next friday", "Herald cannot read 'next friday' as a time: give the day and time in UTC, as `2026-12-24 18:00`, or how long from now, as `in 3 days` or `12h`."),
        ("2026-01-01 10:00", "2026-01-01 10:00 UTC has passed already: a tournament starts at a time to come, as `in 3 days`."),
        ("in 400 days", "A tournament may be planned to start at most 365 days from now."),
    ] {
        assert_eq!(refused(&t.say("alice", planned("Early Cup", given)).await), said);
    }
    let made = public(&t.say("alice", planned("Dawn Cup", "in 2 days")).await).text.to_string();
    assert!(made.contains("; it starts by itself on 2026-11-20 11:06 UTC with the players who have joined by then (at least 3; with fewer it stays open, without a time), or sooner by @alice (or a manager) with `/tournament start id:1`. Then every game begins at once."), "{made}");
    for who in ["alice", "bob", "carol"] {
        public(&t.say(who, tournament(T::Join(Some(1)))).await);
    }
    let shown = crate::conditional::private(&t, "dave", tournament(T::Show(Some(1)))).await;
    assert!(shown.contains("open for players (3 of at most 16). It starts by itself on 2026-11-20 11:06 UTC."), "{shown}");
    let listed = crate::conditional::private(&t, "dave", Command::Tournaments).await;
    assert!(listed.contains("3 players, open to join until it starts on 2026-11-20 11:06 UTC"), "{listed}");
    let (_, _, report) = trf_of(&t, "dave").await;
    assert!(report.headers.contains(&("042".into(), "2026/11/20".into())), "{:?}", report.headers);

    t.clock.advance(86_400);
    assert!(t.service.tick().await.is_empty(), "not yet");
    // At its time two processes step at once: one starts it, the other says nothing.
    t.clock.advance(86_400);
    let other = crate::service::open(&t.url, t.clock.clone(), false).await;
    let (mut stepped, more) = tokio::join!(t.service.tick(), other.tick());
    stepped.extend(more);
    let said: Vec<String> = stepped.iter().map(|r| r.text.to_string()).collect();
    assert_eq!(said.iter().filter(|s| s.contains("**Dawn Cup** begins: 3 players")).count(), 1, "{said:?}");
    assert_eq!(said.iter().filter(|s| s.contains("you move first")).count(), 3, "{said:?}");
    let started = t.service.store().tournament(1).await.unwrap().unwrap();
    assert_eq!(started.status, herald::store::TournamentStatus::Running);
    assert_eq!(t.service.store().tournament_games(1).await.unwrap().len(), 3, "started once");
    assert!(t.service.tick().await.is_empty() && other.tick().await.is_empty());
}
}

on_both! {
#[tokio::test]
async fn a_tournament_short_of_players_at_its_time_stays_open_and_its_creator_is_told() {
    use herald::app::TournamentCommand as T;
    use crate::service::public;
    let t = table(false).await;
    public(&t.say("alice", planned("Lonely Cup", "2026-11-19 12:00")).await);
    for who in ["alice", "bob"] {
        public(&t.say(who, tournament(T::Join(Some(1)))).await);
    }
    t.clock.advance(2 * 86_400);
    let told = t.service.tick().await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0].text.to_string(), "Tournament #1 **Lonely Cup** was to start now, but it has 2 players of the 3 it needs: it stays open for more to join, without a start time. @alice (or a manager) starts it with `/tournament start id:1` once it has enough.");
    assert_eq!(told[0].mentions, ["alice"]);
    let waiting = t.service.store().tournament(1).await.unwrap().unwrap();
    assert_eq!((waiting.status, waiting.starts_at), (herald::store::TournamentStatus::Open, None));
    assert!(t.service.tick().await.is_empty(), "told once");
    public(&t.say("carol", tournament(T::Join(Some(1)))).await);
    assert_eq!(t.say("alice", tournament(T::Start(Some(1)))).await.len(), 4);
}
}
