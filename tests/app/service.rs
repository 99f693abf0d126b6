//! The game service on real SQLite files: whole games, races, restarts, crashes, time limits,
//! permissions and stale buttons.

use std::sync::Arc;

use crate::support::clock::ManualClock;
use herald::app::{Action, ColorChoice, Command, Days, Reply, Request, Service, Terms, DAY};
use herald::render::Options;
use herald::rules::{GameOptions, VariantId};
use herald::store::{GameStatus, Store};
use tempfile::TempDir;

pub(crate) const T0: i64 = 1_795_000_000;

pub(crate) struct Table {
    pub(crate) dir: TempDir,
    /// The database: a SQLite file in `dir`, or a PostgreSQL database of its own.
    pub(crate) url: String,
    pub(crate) clock: Arc<ManualClock>,
    pub(crate) service: Service,
}

/// A test run twice, as `NAME::sqlite` and `NAME::postgres`: the second plays on a
/// PostgreSQL database of its own, and is skipped (saying so) without a test server.
macro_rules! on_both {
    ($(#[$attr:meta])* async fn $name:ident() $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[$attr])*
            async fn sqlite() $body

            $(#[$attr])*
            async fn postgres() {
                if crate::support::postgres::available() {
                    crate::service::ON_POSTGRES.scope(true, async $body).await
                }
            }
        }
    };
}
pub(crate) use on_both;

/// The SQLite file of a table kept in `dir`.
pub(crate) fn url(dir: &TempDir) -> String {
    format!("sqlite://{}", dir.path().join("herald.db").display())
}

tokio::task_local! {
    /// Set in a test that plays on PostgreSQL (see [`on_both`]); SQLite otherwise.
    pub(crate) static ON_POSTGRES: bool;
}

/// A database for a table kept in `dir`: the SQLite file there, or a fresh PostgreSQL
/// database in a test run on PostgreSQL.
pub(crate) async fn database(dir: &TempDir) -> String {
    if ON_POSTGRES.try_with(|p| *p).unwrap_or(false) {
        crate::support::postgres::fresh_database()
            .await
            .expect("a PostgreSQL test runs only with a server")
    } else {
        url(dir)
    }
}

pub(crate) async fn open(url: &str, clock: Arc<ManualClock>, images: bool) -> Service {
    let store = Store::open(url).await.expect("the database opens");
    Service::new(
        store,
        clock,
        images.then_some(Options {
            width: 500,
            flip: false,
        }),
    )
}

pub(crate) async fn table(images: bool) -> Table {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(T0));
    let url = database(&dir).await;
    let service = open(&url, clock.clone(), images).await;
    Table {
        dir,
        url,
        clock,
        service,
    }
}

/// A challenge to bob in `variant`, the challenger playing `color`, `days` per move.
pub(crate) fn challenge_bob(variant: VariantId, color: ColorChoice, days: i64) -> Command {
    Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            variant,
            color,
            days: Some(Days::new(days).unwrap()),
            ..Default::default()
        },
    }
}

pub(crate) fn request(user: &str, command: Command) -> Request {
    Request {
        user: user.into(),
        guild: Some("guild".into()),
        channel: "general".into(),
        manager: false,
        threads: Default::default(),
        command,
    }
}

impl Table {
    pub(crate) async fn say(&self, user: &str, command: Command) -> Vec<Reply> {
        self.service.handle(&request(user, command)).await
    }

    pub(crate) async fn mv(&self, user: &str, text: &str) -> Vec<Reply> {
        self.say(
            user,
            Command::Move {
                game: None,
                text: text.into(),
                opponent: None,
                confirm: false,
            },
        )
        .await
    }

    pub(crate) async fn press(&self, user: &str, action: Action) -> Vec<Reply> {
        self.say(user, Command::Press(action)).await
    }

    /// alice (White) against bob in Epoch with `days` per move, accepted; returns the game id.
    pub(crate) async fn game(&self, days: i64) -> i64 {
        self.started(VariantId::Epoch, days, GameOptions::default())
            .await
    }

    /// alice (White) against bob in `variant`, 3 days per move, accepted; returns the game id.
    pub(crate) async fn game_of(&self, variant: VariantId, options: GameOptions) -> i64 {
        self.started(variant, 3, options).await
    }

    pub(crate) async fn started(&self, variant: VariantId, days: i64, options: GameOptions) -> i64 {
        let terms = Terms {
            variant,
            color: ColorChoice::White,
            days: Some(Days::new(days).unwrap()),
            options,
            rated: None,
            level: None,
            fen: None,
        };
        let challenge = Command::Challenge {
            opponent: Some("bob".into()),
            terms,
        };
        let r = self.say("alice", challenge).await;
        public(&self.press("bob", button(&r, "Accept")).await);
        self.service.store().games_of("alice", true).await.unwrap()[0].id
    }
}

pub(crate) fn button(replies: &[Reply], label: &str) -> Action {
    replies
        .iter()
        .flat_map(|r| &r.buttons)
        .find(|b| b.label == label)
        .unwrap_or_else(|| panic!("no {label} button in {replies:?}"))
        .action
}

/// The one public reply, or a panic showing what came instead.
pub(crate) fn public(replies: &[Reply]) -> &Reply {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(!replies[0].ephemeral, "refused: {}", replies[0].text);
    &replies[0]
}

/// The one private refusal, and its text.
pub(crate) fn refused(replies: &[Reply]) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].ephemeral, "not refused: {}", replies[0].text);
    replies[0].text.to_string()
}

on_both! {
#[tokio::test]
async fn a_whole_game_through_the_service() {
    let t = table(true).await;
    let r = t
        .say(
            "alice",
            challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
        )
        .await;
    let challenge = public(&r);
    assert_eq!(challenge.mentions, vec!["bob"]);
    assert!(
        challenge
            .text
            .to_string()
            .contains("@alice (1500?) challenges @bob (1500?) to a rated game"),
        "{}",
        challenge.text
    );
    let accept = button(&r, "Accept");
    assert!(refused(&t.press("carol", accept).await).contains("Only @bob can answer"));

    let r = t.press("bob", accept).await;
    let start = public(&r);
    assert!(start
        .image
        .as_ref()
        .is_some_and(|png| png.starts_with(b"\x89PNG")));
    assert_eq!(start.mentions, vec!["alice"]);
    assert!(refused(&t.press("bob", accept).await).contains("already accepted"));

    let r = t.mv("alice", "e3e7").await;
    let first = public(&r);
    assert!(
        first.text.to_string().contains("@alice played **e7**"),
        "{}",
        first.text
    );
    assert_eq!(first.mentions, vec!["bob"]);
    let swap = button(&r, "Swap sides");
    assert!(refused(&t.mv("alice", "d3d7").await).contains("not your turn"));

    let r = t.press("bob", swap).await;
    let swapped = public(&r);
    assert!(
        swapped
            .text
            .to_string()
            .contains("@bob now plays White, @alice plays Black"),
        "{}",
        swapped.text
    );
    assert_eq!(swapped.mentions, vec!["alice"]);
    assert!(refused(&t.press("alice", swap).await).contains("only available on Black's first turn"));

    // An illegal move: a clear reason, and nothing changes.
    let before = t.service.store().games_of("alice", true).await.unwrap()[0].clone();
    let why = refused(&t.mv("alice", "Hc13-c10").await).to_string();
    assert!(why.contains("no Herald can reach c10"), "{why}");
    let after = t.service.store().games_of("alice", true).await.unwrap()[0].clone();
    assert_eq!(before, after);

    public(&t.mv("alice", "e11e8").await);
    let r = t.say("bob", Command::Draw { opponent: None, game: None }).await;
    assert_eq!(public(&r).mentions, vec!["alice"]);
    let decline = button(&r, "Decline draw");
    assert!(refused(&t.press("bob", decline).await).contains("your own draw offer"));
    let r = t.press("alice", decline).await;
    assert!(public(&r).text.to_string().contains("declines the draw"));

    public(&t.mv("bob", "Hc1-e3").await);
    let r = t
        .say(
            "alice",
            Command::History {
                opponent: None,
                game: None,
                gif: false,
            },
        )
        .await;
    let history = &r[0];
    assert!(
        history.text.to_string().contains("1. e7 e8 2. He3"),
        "{}",
        history.text
    );
    let record = String::from_utf8(history.attachment.as_ref().unwrap().bytes.clone()).unwrap();
    assert!(record.contains("[Variant \"Chess 13: Epoch\"]") && record.contains("[Swap \"yes\"]"));

    let r = t.say("bob", Command::Resign { opponent: None, game: None }).await;
    let end = public(&r);
    assert!(
        end.text.to_string().contains("@alice wins as Black"),
        "{}",
        end.text
    );
    button(&r, "Rematch");

    let g = &t.service.store().games_of("alice", false).await.unwrap()[0];
    assert_eq!(g.status, GameStatus::Finished);
    assert_eq!(g.result.map(|r| r.word()), Some("0-1"));
    assert_eq!(g.reason.map(|r| r.word()), Some("resignation"));
    assert_eq!((g.white.as_str(), g.black.as_str()), ("bob", "alice"));
    let kinds: Vec<String> = t
        .service
        .store()
        .events(g.id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.kind.word().to_string())
        .collect();
    assert_eq!(kinds, ["swap", "draw-offer", "draw-decline", "resign"]);
    let (games, problems) = t.service.check_database().await.unwrap();
    assert_eq!((games, problems.len()), (1, 0), "{problems:?}");
}
}

on_both! {
#[tokio::test]
async fn each_move_is_kept_with_its_ply_position_and_time_and_an_offer_at_the_ply_it_came() {
    let t = table(false).await;
    let id = t.game(3).await;
    t.clock.advance(60);
    public(&t.mv("alice", "e3e5").await);
    t.clock.advance(3_600);
    public(&t.mv("bob", "e11e9").await);
    t.clock.advance(5);
    public(&t.say("alice", Command::Draw { opponent: None, game: None }).await);
    let store = t.service.store();
    let game = store.game(id).await.unwrap().unwrap();
    assert_eq!(game.ply, 2);
    let moves = store.moves(id).await.unwrap();
    let kept: Vec<_> = moves
        .iter()
        .map(|m| (m.ply, m.coordinate.as_str(), m.player.as_str(), m.played_at))
        .collect();
    assert_eq!(
        kept,
        [(1, "e3e5", "alice", T0 + 60), (2, "e11e9", "bob", T0 + 3_660)]
    );
    // The position after the last move is the game's.
    assert_eq!(moves[1].fen_after, game.fen);
    assert_ne!(moves[0].fen_after, moves[1].fen_after);
    let events = store.events(id).await.unwrap();
    let offer = events.last().unwrap();
    assert_eq!(
        (offer.ply, offer.player.as_deref(), offer.at),
        (2, Some("alice"), T0 + 3_665)
    );
    assert_eq!(game.updated_at, T0 + 3_665);
}
}

on_both! {
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_moves_land_exactly_once() {
    let t = Arc::new(table(false).await);
    t.game(3).await;
    let moves = ["e3e7", "d3d7", "f3f7", "a3a5", "m3m6"];
    let tasks: Vec<_> = (0..50)
        .map(|i| {
            let t = t.clone();
            tokio::spawn(async move { t.mv("alice", moves[i % moves.len()]).await })
        })
        .collect();
    let mut landed = 0;
    for task in tasks {
        let replies = task.await.unwrap();
        assert_eq!(replies.len(), 1);
        if replies[0].ephemeral {
            let why = replies[0].text.to_string();
            assert!(
                why.contains("The position changed") || why.contains("not your turn"),
                "{why}"
            );
        } else {
            landed += 1;
        }
    }
    assert_eq!(landed, 1);
    let g = &t.service.store().games_of("alice", true).await.unwrap()[0];
    assert_eq!(g.ply, 1);
    assert_eq!(t.service.store().moves(g.id).await.unwrap().len(), 1);
}
}

on_both! {
#[tokio::test]
async fn a_restart_keeps_every_game_offer_and_deadline() {
    let t = table(false).await;
    let id = t.game(2).await;
    public(&t.mv("alice", "e3e7").await);
    public(&t.mv("bob", "e11e8").await);
    t.clock.advance(3600);
    public(&t.say("alice", Command::Draw { opponent: None, game: None }).await);
    let before = t.service.store().game(id).await.unwrap().unwrap();
    let moves = t.service.store().moves(id).await.unwrap();
    t.service.store().close().await;
    drop(t.service);

    let service = open(&t.url, t.clock.clone(), false).await;
    let after = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(before, after);
    assert_eq!(after.draw_offer.as_deref(), Some("alice"));
    assert_eq!(after.deadline, Some(T0 + 2 * DAY));
    assert_eq!(service.store().moves(id).await.unwrap(), moves);
    // And play goes on from the same position.
    let r = service
        .handle(&request(
            "alice",
            Command::Move {
                game: None,
                text: "Hc1-e3".into(),
                opponent: None,
                confirm: false,
            },
        ))
        .await;
    assert!(!r[0].ephemeral, "{}", r[0].text);
}
}

on_both! {
#[tokio::test]
async fn reminders_and_time_outs_follow_the_clock() {
    let t = table(false).await;
    let id = t.game(1).await;
    // Each side moves once, so running out of time loses (it does not abort).
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    // A quarter of a day left: one reminder to the player to move.
    t.clock.advance(18 * 3600 - 1);
    assert!(t.service.tick().await.is_empty());
    t.clock.advance(1);
    let r = t.service.tick().await;
    assert_eq!(r.len(), 1, "{r:?}");
    assert_eq!(r[0].mentions, vec!["alice"]);
    assert!(
        r[0].text
            .to_string()
            .contains("you lose on time in 6 hours"),
        "{}",
        r[0].text
    );
    // The deadline itself is a moment each reader's Discord shows in their own time zone.
    let deadline = t.service.now() + 6 * 3600;
    assert!(
        r[0].text
            .spans()
            .contains(&herald::app::Span::Time(deadline)),
        "{:?}",
        r[0].text
    );
    assert!(
        r[0].text
            .to_string()
            .ends_with(": you lose on time in 6 hours (2026-11-19 11:06 UTC)."),
        "{}",
        r[0].text
    );
    // On Discord the time left counts down for each reader.
    assert!(r[0].text.spans().iter().any(|s| matches!(
        s,
        herald::app::Span::Relative { at, .. } if *at == deadline
    )));
    assert!(t.service.tick().await.is_empty(), "reminded once");

    // The deadline passes while Herald is down: applied at the first tick after the restart.
    t.clock.advance(6 * 3600);
    t.service.store().close().await;
    let service = open(&t.url, t.clock.clone(), false).await;
    let r = service.tick().await;
    assert_eq!(r.len(), 1, "{r:?}");
    assert!(
        r[0].text.to_string().contains("@alice ran out of time"),
        "{}",
        r[0].text
    );
    let g = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        (
            g.status,
            g.result.map(|r| r.word()),
            g.reason.map(|r| r.word())
        ),
        (GameStatus::Finished, Some("0-1"), Some("time"))
    );
    assert!(service.tick().await.is_empty());
}
}

/// Alice (White, to move) lets her time run out in a game of `variant` from `fen`, after each
/// side has made one quiet move (a game whose player never moved is aborted instead); the
/// time-out's message, and the game's result and reason as stored.
async fn time_out_from(
    variant: VariantId,
    fen: String,
) -> (String, Option<&'static str>, Option<&'static str>) {
    use herald::store::{Offer, Opening};
    let t = table(false).await;
    let store = t.service.store();
    let c = store
        .create_challenge(&Offer {
            guild: None,
            channel: "general".into(),
            challenger: "alice".into(),
            challenged: Some("bob".into()),
            variant,
            color: ColorChoice::White,
            days: 1,
            options: Default::default(),
            // A game from a made-up position is casual.
            rated: false,
            engine_level: None,
            rematch_of: None,
            created_at: T0,
            expires_at: T0 + DAY,
            start_fen: None,
        })
        .await
        .unwrap();
    let opening = Opening {
        white: "alice".into(),
        black: "bob".into(),
        start_fen: fen,
        deadline: Some(T0 + DAY),
        created_at: T0,
    };
    let g = store.accept_challenge(&c, &opening).await.unwrap();
    let mut rules = herald::rules::new_game(variant, Some(&g.start_fen)).unwrap();
    for who in ["alice", "bob"] {
        let quiet = rules
            .legal_moves()
            .into_iter()
            .find(|m| m.kind == herald::rules::MoveKind::Quiet)
            .expect("a quiet move");
        rules.play(&quiet.coordinate).unwrap();
        public(&t.mv(who, &quiet.coordinate).await);
    }
    t.clock.advance(DAY + 1);
    let r: Vec<String> = t
        .service
        .tick()
        .await
        .into_iter()
        .map(|r| r.text.to_string())
        .filter(|text| text.contains("ran out of time"))
        .collect();
    assert_eq!(r.len(), 1, "{r:?}");
    let g = store.game(g.id).await.unwrap().unwrap();
    assert_eq!(g.status, GameStatus::Finished);
    (
        r[0].clone(),
        g.result.map(|r| r.word()),
        g.reason.map(|r| r.word()),
    )
}

on_both! {
#[tokio::test]
async fn running_out_of_time_against_a_bare_pope_is_a_draw() {
    // Bob has only his Pope left.
    let fen = crate::support::fen("Pa1 Tc3 pm13", "w - - - - - 0 40");
    let (text, result, reason) = time_out_from(VariantId::Epoch, fen).await;
    assert!(text.contains("only its royal piece left: draw"), "{text}");
    assert_eq!((result, reason), (Some("1/2-1/2"), Some("time")));
}
}

on_both! {
#[tokio::test]
async fn running_out_of_time_is_judged_by_what_the_opponent_could_still_mate_with() {
    // Chess: a king and a bishop cannot mate, so the time-out is a draw (however much the
    // side out of time still has).
    let (text, result, _) =
        time_out_from(VariantId::Chess, "4k3/8/8/8/8/8/8/2b1K2Q w - - 0 40".into()).await;
    assert!(text.contains("too little left to win: draw"), "{text}");
    assert_eq!(result, Some("1/2-1/2"));
    // With a knight and a bishop it can, and wins.
    let (text, result, _) = time_out_from(
        VariantId::Chess,
        "4k3/8/8/8/8/8/5n2/2b1K3 w - - 0 40".into(),
    )
    .await;
    assert!(text.contains("@bob wins as Black"), "{text}");
    assert_eq!(result, Some("0-1"));
    // Empire Chess: a lone king still wins by walking to the far rank.
    let (_, result, _) =
        time_out_from(VariantId::Empire, "4k3/8/8/8/8/8/8/4K3 w - - 0 40".into()).await;
    assert_eq!(result, Some("0-1"));
}
}

on_both! {
#[tokio::test]
async fn a_move_resets_the_deadline_for_the_other_player() {
    let t = table(false).await;
    let id = t.game(3).await;
    t.clock.advance(DAY);
    public(&t.mv("alice", "e3e7").await);
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(g.deadline, Some(T0 + DAY + 3 * DAY));
    assert!(!g.reminded);
}
}

on_both! {
#[tokio::test]
async fn challenges_are_checked_and_expire() {
    let t = table(false).await;
    let challenge = |opponent: &str| Command::Challenge {
        opponent: Some(opponent.into()),
        terms: Terms::default(),
    };
    assert!(
        refused(&t.say("alice", challenge("alice")).await).contains("cannot challenge yourself")
    );
    // What a player types is read into terms before the service sees it; bad terms say why.
    let read = |variant: Option<&str>, days: Option<i64>| {
        Terms::read(variant, None, days, Default::default()).unwrap_err()
    };
    assert!(read(Some("xiangqi"), None).contains("unknown variant"));
    assert!(read(None, Some(4)).contains("choose 1, 2, 3, 5, 7, 10 or 14"));
    let r = t.say("alice", challenge("bob")).await;
    let accept = button(&r, "Accept");
    assert!(refused(&t.say("bob", challenge("alice")).await).contains("already an open challenge"));
    t.clock.advance(7 * DAY);
    let expired = t.service.tick().await;
    assert!(
        expired[0].text.to_string().contains("expired"),
        "{expired:?}"
    );
    assert!(refused(&t.press("bob", accept).await).contains("expired"));
    // A fresh challenge now goes through, and a second game between the same pair does not.
    let r = t.say("alice", challenge("bob")).await;
    public(&t.press("bob", button(&r, "Accept")).await);
    assert!(refused(&t.say("bob", challenge("alice")).await)
        .contains("already have an unfinished game here"));
}
}

on_both! {
#[tokio::test]
async fn only_the_players_act_and_stale_buttons_explain_themselves() {
    let t = table(false).await;
    t.game(3).await;
    let r = t.mv("alice", "e3e7").await;
    let swap = button(&r, "Swap sides");
    assert!(refused(&t.mv("carol", "e11e8").await).contains("no unfinished game"));
    assert!(refused(&t.press("carol", swap).await).contains("Only the two players"));
    assert!(refused(&t.press("alice", swap).await).contains("Only the player holding Black"));
    public(&t.mv("bob", "e11e8").await);
    assert!(refused(&t.press("bob", swap).await).contains("only available on Black's first turn"));
    assert!(
        refused(&t.say("bob", Command::Abort { opponent: None, game: None }).await)
            .contains("before each side has moved")
    );

    // A draw offer lapses when the other player moves instead of answering.
    let r = t.say("alice", Command::Draw { opponent: None, game: None }).await;
    let accept = button(&r, "Accept draw");
    public(&t.mv("alice", "d3d7").await);
    public(&t.mv("bob", "d11d8").await);
    assert!(refused(&t.press("bob", accept).await).contains("no open draw offer"));

    // Asking about a piece, and the list of games.
    let r = t
        .say(
            "bob",
            Command::Piece {
                square: "g13".into(),
                opponent: None,
            },
        )
        .await;
    assert!(
        r[0].ephemeral && r[0].text.to_string().contains("Black Pope on g13"),
        "{}",
        r[0].text
    );
    let r = t.say("bob", Command::Games).await;
    assert!(
        r[0].text.to_string().contains("**your move**")
            || r[0].text.to_string().contains("their move"),
        "{}",
        r[0].text
    );
}
}

on_both! {
#[tokio::test]
async fn abort_before_both_have_moved_and_rematch_reverses_colours() {
    let t = table(false).await;
    let id = t.game(3).await;
    let r = t.say("bob", Command::Abort { opponent: None, game: None }).await;
    assert!(public(&r).text.to_string().contains("aborted"));
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((g.status, g.result), (GameStatus::Aborted, None));

    let id = t.game(5).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    public(&t.say("alice", Command::Resign { opponent: None, game: None }).await);
    let r = t.press("alice", Action::Rematch(id)).await;
    let accept = button(&r, "Accept");
    public(&t.press("bob", accept).await);
    let g = &t.service.store().games_of("alice", true).await.unwrap()[0];
    assert_eq!(
        (g.white.as_str(), g.black.as_str(), g.days),
        ("bob", "alice", 5)
    );
}
}

on_both! {
#[tokio::test]
async fn a_game_ends_by_the_rules_with_a_rematch_button() {
    // Fool's mate does not exist here; the quickest finish is a threefold repetition, which
    // the player who makes it loses.
    let t = table(false).await;
    let id = t.game(3).await;
    // The start position occurs for the third time after Black's eighth ply.
    for _ in 0..2 {
        public(&t.mv("alice", "Tb1-d4").await);
        public(&t.mv("bob", "Tb13-d10").await);
        public(&t.mv("alice", "Td4-b1").await);
        if t.service.store().game(id).await.unwrap().unwrap().ply == 7 {
            break;
        }
        public(&t.mv("bob", "Td10-b13").await);
    }
    // Herald warns before a move that loses for its own player, and plays it on Confirm.
    let warning = t.mv("bob", "Td10-b13").await;
    let text = refused(&warning);
    assert!(
        text.contains("Tb13 would lose you the game: it repeats the position a third time"),
        "{text}"
    );
    assert_eq!(t.service.store().game(id).await.unwrap().unwrap().ply, 7);
    assert!(
        refused(&t.press("alice", button(&warning, "Confirm")).await).contains("not your turn")
    );
    let r = t.press("bob", button(&warning, "Confirm")).await;
    let end = public(&r);
    assert!(
        end.text.to_string().contains(
            "@alice wins as White by repetition: the player who repeated the position loses"
        ),
        "{}",
        end.text
    );
    button(&r, "Rematch");
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        (
            g.status,
            g.result.map(|r| r.word()),
            g.reason.map(|r| r.word())
        ),
        (GameStatus::Finished, Some("1-0"), Some("repetition"))
    );
    assert!(refused(&t.mv("alice", "e3e7").await).contains("no unfinished game"));
}
}

on_both! {
#[tokio::test]
async fn a_chess_game_from_challenge_to_mate() {
    let t = table(true).await;
    let r = t
        .say(
            "alice",
            challenge_bob(VariantId::Chess, ColorChoice::Black, 1),
        )
        .await;
    assert!(
        public(&r)
            .text
            .to_string()
            .contains("a rated game of Chess ("),
        "{}",
        r[0].text
    );
    public(&t.press("bob", button(&r, "Accept")).await);
    // bob has White: the fool's mate.
    let r = t.mv("bob", "f3").await;
    let labels: Vec<&str> = r[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["Offer draw", "Resign"], "no swap in chess");
    public(&t.mv("alice", "e5").await);
    public(&t.mv("bob", "g2g4").await);
    let r = t.mv("alice", "Qh4#").await;
    let end = public(&r);
    assert!(end.text.to_string().contains("**Qh4#**"), "{}", end.text);
    assert!(
        end.text
            .to_string()
            .contains("@alice wins as Black by checkmate"),
        "{}",
        end.text
    );
    let png = end.image.as_ref().expect("a board");
    let decoder = png::Decoder::new(std::io::Cursor::new(png.as_slice()));
    assert_eq!(decoder.read_info().unwrap().info().width, 500);
    let r = t
        .say(
            "bob",
            Command::History {
                opponent: Some("alice".into()),
                game: None,
                gif: false,
            },
        )
        .await;
    let record = String::from_utf8(r[0].attachment.as_ref().unwrap().bytes.clone()).unwrap();
    assert!(
        !record.contains("[Variant "),
        "standard chess has no Variant tag: {record}"
    );
    assert!(
        record.contains("1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1"),
        "{record}"
    );
    let (_, problems) = t.service.check_database().await.unwrap();
    assert!(problems.is_empty(), "{problems:?}");
}
}

on_both! {
#[tokio::test]
async fn suggestions_follow_what_is_typed_and_whose_turn_it_is() {
    let t = table(false).await;
    let none = t.service.suggest("alice", "general", "", None).await;
    assert_eq!(none.len(), 1);
    assert_eq!(none[0].label, "no game here: choose the game first");
    t.game(3).await;
    let all = t.service.suggest("alice", "general", "", None).await;
    assert_eq!(all.len(), herald::app::MAX_CHOICES);
    let heralds = t.service.suggest("alice", "general", "H", None).await;
    assert!(
        heralds.iter().all(|c| c.label.starts_with("Herald")),
        "{heralds:?}"
    );
    assert!(
        heralds
            .iter()
            .any(|c| c.label == "Herald c1 → d2" && c.value == "Hd2"),
        "{heralds:?}"
    );
    let coordinate = t.service.suggest("alice", "general", "e3e", None).await;
    assert_eq!(
        coordinate
            .iter()
            .map(|c| c.value.as_str())
            .collect::<Vec<_>>(),
        ["e4", "e5", "e6", "e7"]
    );
    // A Legionary's move typed with its letter is the move itself.
    let lettered = t.service.suggest("alice", "general", "Le7", None).await;
    assert_eq!(
        lettered
            .iter()
            .map(|c| c.value.as_str())
            .collect::<Vec<_>>(),
        ["e7"]
    );
    let wait = t.service.suggest("bob", "general", "e", None).await;
    assert_eq!(wait.len(), 1);
    assert!(wait[0].label.contains("not your turn"), "{wait:?}");
}
}

#[test]
fn suggestion_labels_read_like_the_board() {
    use herald::rules::{new_game, VariantId};
    let fen = "6p6/13/13/13/13/13/13/2s10/3G8h/3Ll8/4M8/13/6P5A w - - - - - 0 12";
    let game = new_game(VariantId::Epoch, Some(fen)).unwrap();
    let labels: Vec<String> = herald::app::matching(&*game, "")
        .into_iter()
        .map(|c| c.label)
        .collect();
    let all = herald::app::matching(&*game, "Gd5*");
    assert_eq!(all[0].label, "Mage d5 blasts (takes c6, e4)");
    let assassin = herald::app::matching(&*game, "Axm6");
    assert_eq!(assassin[0].label, "Assassin m1 × Herald m5 → m6");
    let by_word = herald::app::matching(&*game, "blast");
    assert_eq!(by_word.len(), 1);
    assert_eq!(by_word[0].value, "Gd5*");
    assert!(labels.len() <= herald::app::MAX_CHOICES);
}

#[test]
fn suggestions_read_a_phones_capitals_and_lower_case_piece_letters() {
    use herald::rules::{new_game, VariantId};
    let values = |game: &dyn herald::rules::AnyGame, typed: &str| -> Vec<String> {
        herald::app::matching(game, typed)
            .into_iter()
            .map(|c| c.value)
            .collect()
    };
    let chess = new_game(VariantId::Chess, None).unwrap();
    assert_eq!(values(&*chess, "E4"), ["e4"]);
    assert_eq!(values(&*chess, "nf"), ["Nf3"]);
    assert_eq!(values(&*chess, "G1F3"), ["Nf3"]);
    // Where the case decides, the exact reading comes alone: "b" is the b-pawn's file.
    assert_eq!(values(&*chess, "b4"), ["b4"]);
    let after = new_game(
        VariantId::Chess,
        Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
    )
    .unwrap();
    assert_eq!(values(&*after, "bb5"), ["Bb5+"]);
    let empire = new_game(VariantId::Empire, None).unwrap();
    let typed = values(&*empire, "E4");
    assert!(!typed.is_empty(), "{typed:?}");
    assert_eq!(typed, values(&*empire, "e4"));
}

#[test]
fn ageiou_suggestions_say_what_building_and_swapping_do() {
    use herald::rules::{new_game, VariantId};
    let game = new_game(VariantId::Ageiou, None).unwrap();
    let build = herald::app::matching(&*game, "b1b1");
    assert_eq!(build.len(), 1);
    assert!(build[0].label.contains("portal"), "{build:?}");
    assert!(!build[0].label.contains("b1 → b1"), "{build:?}");
    let swap = herald::app::matching(&*game, "K<>");
    assert_eq!(swap.len(), 2, "two bishops to swap with: {swap:?}");
    assert!(
        swap.iter().all(|c| c.label.contains("swaps places")),
        "{swap:?}"
    );
}

on_both! {
#[tokio::test]
async fn rules_follow_the_game_or_the_variant_asked_for() {
    let t = table(false).await;
    let rules = |topic: Option<&str>| Command::Rules {
        topic: topic.map(str::to_string),
        variant: None,
    };
    let epoch = t.say("alice", rules(None)).await;
    assert!(epoch[0].ephemeral && epoch[0].text.to_string().contains("Chess 13: Epoch"));
    let mage = t.say("alice", rules(Some("mage"))).await;
    assert!(
        mage[0].text.to_string().starts_with("**Mage**"),
        "{}",
        mage[0].text
    );
    let empire = t.say("alice", rules(Some("empire"))).await;
    assert!(
        empire[0].text.to_string().contains("**Empire Chess**"),
        "{}",
        empire[0].text
    );
    let r = t
        .say(
            "alice",
            challenge_bob(VariantId::Chess, ColorChoice::Random, 3),
        )
        .await;
    public(&t.press("bob", button(&r, "Accept")).await);
    let chess = t.say("bob", rules(None)).await;
    assert!(
        chess[0].text.to_string().starts_with("**Chess**"),
        "{}",
        chess[0].text
    );
    // Beside a chess game: another variant's piece is found in its variant, named or not.
    async fn asks(t: &Table, topic: &str) -> String {
        let topic = Some(topic.to_string());
        let r = t.say("bob", Command::Rules { topic, variant: None }).await;
        r[0].text.to_string()
    }
    assert!(asks(&t, "mage").await.starts_with("In Chess 13: Epoch: **Mage**"));
    assert!(asks(&t, "epoch mage").await.starts_with("**Mage**"));
    let asked = Command::Rules {
        topic: Some("mage".into()),
        variant: Some(VariantId::Epoch),
    };
    let r = t.say("bob", asked).await;
    assert!(r[0].text.to_string().starts_with("**Mage**"), "{}", r[0].text);
    // The usual other names: castle, enpassant, e.p., pieces.
    let castling = asks(&t, "castling").await;
    assert_eq!(asks(&t, "castle").await, castling);
    let en_passant = asks(&t, "en passant").await;
    assert_eq!(asks(&t, "enpassant").await, en_passant);
    assert_eq!(asks(&t, "e.p.").await, en_passant);
    assert_eq!(asks(&t, "pieces").await, asks(&t, "setup").await);
    assert!(asks(&t, "zugzwang").await.starts_with("No rules entry for 'zugzwang'."));
}
}

/// What each reply says.
fn texts(replies: &[Reply]) -> Vec<String> {
    replies.iter().map(|r| r.text.to_string()).collect()
}

/// alice (White) against each of `opponents` in Epoch, a day a move, accepted: the games' ids.
async fn alice_against(t: &Table, opponents: &[&str]) -> Vec<i64> {
    let mut ids = Vec::new();
    for &opponent in opponents {
        let challenge = Command::Challenge {
            opponent: Some(opponent.into()),
            terms: Terms {
                color: ColorChoice::White,
                days: Some(Days::new(1).unwrap()),
                ..Default::default()
            },
        };
        let r = t.say("alice", challenge).await;
        public(&t.press(opponent, button(&r, "Accept")).await);
        ids.push(t.service.store().games_of(opponent, true).await.unwrap()[0].id);
    }
    ids
}

/// Runs one statement on a table's SQLite file behind the service's back.
pub(crate) async fn behind_its_back(t: &Table, statement: &str) {
    use sqlx::{ConnectOptions, Executor};
    use std::str::FromStr;
    let mut c = sqlx::sqlite::SqliteConnectOptions::from_str(&t.url)
        .unwrap()
        .connect()
        .await
        .unwrap();
    c.execute(statement).await.unwrap();
}

#[tokio::test]
async fn a_game_the_scheduler_cannot_read_does_not_stop_the_others() {
    let t = table(false).await;
    let ids = alice_against(&t, &["bob", "carol", "dave"]).await;
    // The first game due is damaged: its start no longer reads.
    let damage = format!(
        "UPDATE games SET start_fen = 'not a position' WHERE id = {}",
        ids[0]
    );
    behind_its_back(&t, &damage).await;
    let service = open(&t.url, t.clock.clone(), false).await;
    t.clock.advance(DAY + 1);
    let said = texts(&service.tick().await);
    assert_eq!(
        said,
        [
            format!("Game #{} is aborted: @alice did not make a first move in time. An abandoned game has no result.", ids[1]),
            format!("Game #{} is aborted: @alice did not make a first move in time. An abandoned game has no result.", ids[2]),
        ]
    );
    let store = service.store();
    let row = store.game(ids[0]).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Active);
    // The next step passes over it again, quietly; repaired, it is dealt with like the rest.
    assert!(service.tick().await.is_empty());
    let start = "UPDATE games SET version = version + 1, start_fen = fen";
    behind_its_back(&t, &format!("{start} WHERE id = {}", ids[0])).await;
    assert_eq!(service.tick().await.len(), 1);
    let row = store.game(ids[0]).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Aborted);
}

#[tokio::test]
async fn a_game_row_that_cannot_be_read_is_named_and_passed_over_everywhere() {
    let t = table(false).await;
    let ids = alice_against(&t, &["bob", "carol", "dave", "erin"]).await;
    // A word no version of Herald wrote, a bit flipped into text that is not UTF-8, and a
    // position that no longer reads.
    for damage in [
        format!("UPDATE games SET variant = 'chess14' WHERE id = {}", ids[0]),
        format!(
            "UPDATE games SET black = CAST(x'636172ff6c' AS TEXT) WHERE id = {}",
            ids[1]
        ),
        format!(
            "UPDATE games SET start_fen = 'not a position' WHERE id = {}",
            ids[2]
        ),
    ] {
        behind_its_back(&t, &damage).await;
    }
    let service = open(&t.url, t.clock.clone(), false).await;
    // alice's /games lists the game that reads, and marks the three that do not.
    let games = service.handle(&request("alice", Command::Games)).await;
    let listed = games[0].text.to_string();
    assert!(
        listed.contains(&format!("#{} Chess 13: Epoch vs @erin", ids[3])),
        "{listed}"
    );
    for id in &ids[..3] {
        assert!(
            listed.contains(&format!("#{id}: damaged in Herald's database")),
            "{listed}"
        );
    }
    // Asking for a damaged game by number says which game and what to do, not "could not
    // reach its database".
    let board = Command::Board {
        opponent: None,
        game: Some(ids[0]),
        flip: false,
        private: false,
    };
    let said = refused(&service.handle(&request("alice", board)).await);
    assert!(
        said.contains(&format!("Game #{} is damaged", ids[0])) && said.contains("herald db check"),
        "{said}"
    );
    // The scheduler deals with the game that reads.
    t.clock.advance(DAY + 1);
    let ticked = texts(&service.tick().await);
    assert_eq!(ticked.len(), 1, "{ticked:?}");
    assert!(
        ticked[0].contains(&format!("Game #{} is aborted", ids[3])),
        "{ticked:?}"
    );
    // The check names each damaged game and goes on with the rest.
    let (checked, problems) = service.check_database().await.unwrap();
    assert_eq!(checked, 4);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems[0].starts_with(&format!("game #{} cannot be read", ids[0])),
        "{problems:?}"
    );
    assert!(problems[0].contains("chess14"), "{problems:?}");
    assert!(
        problems[1].starts_with(&format!("game #{} cannot be read", ids[1])),
        "{problems:?}"
    );
    assert!(
        problems[2].starts_with(&format!("game #{}:", ids[2])),
        "{problems:?}"
    );
}

#[tokio::test]
async fn a_move_whose_count_would_overflow_is_refused_and_nothing_is_stored() {
    let t = table(false).await;
    let id = t.game(3).await;
    public(&t.mv("alice", "e3e5").await);
    let damage = format!("UPDATE games SET ply = 9223372036854775807 WHERE id = {id}");
    behind_its_back(&t, &damage).await;
    let service = open(&t.url, t.clock.clone(), false).await;
    let reply = service
        .handle(&request(
            "bob",
            Command::Move {
                game: Some(id),
                text: "e11e9".into(),
                opponent: None,
                confirm: false,
            },
        ))
        .await;
    let said = refused(&reply);
    assert!(said.contains(&format!("Game #{id} is damaged")), "{said}");
    let store = service.store();
    assert_eq!(
        store.moves(id).await.unwrap().len(),
        1,
        "nothing was stored"
    );
    assert_eq!(store.game(id).await.unwrap().unwrap().ply, i64::MAX);
}

on_both! {
#[tokio::test]
async fn a_private_note_is_kept_shown_with_the_board_to_its_writer_alone_and_dropped() {
    let t = table(false).await;
    let id = t.game(3).await;
    let note = |text: Option<&str>, game: Option<i64>| Command::Note {
        game,
        text: text.map(str::to_string),
    };
    let said = refused(&t.say("alice", note(None, None)).await);
    assert!(said.contains(&format!("You keep no note on game #{id}")), "{said}");
    let plan = "Push the h-Legionary; his Mage on d11 is loose.";
    let said = refused(&t.say("alice", note(Some(plan), None)).await);
    assert!(said.contains(&format!("Your note on game #{id} is kept")), "{said}");
    let shown = refused(&t.say("alice", note(None, Some(id))).await);
    assert!(shown.ends_with(plan), "{shown}");
    // bob has his own notes, and sees none of alice's; carol may keep none on their game.
    let bobs = refused(&t.say("bob", note(None, Some(id))).await);
    assert!(!bobs.contains(plan), "{bobs}");
    let carols = refused(&t.say("carol", note(Some("spy"), Some(id))).await);
    assert_eq!(carols, format!("Only the two players of game #{id} can do that."));
    let missing = refused(&t.say("alice", note(Some("x"), Some(999))).await);
    assert!(missing.contains("There is no game #999"), "{missing}");
    // The board comes to everyone, the note to alice alone.
    let board = Command::Board {
        opponent: None,
        game: Some(id),
        flip: false,
        private: false,
    };
    let r = t.say("alice", board.clone()).await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(!r[0].ephemeral && !r[0].text.to_string().contains(plan));
    assert!(r[1].ephemeral && r[1].text.to_string().ends_with(plan));
    let r = t.say("bob", board.clone()).await;
    assert_eq!(r.len(), 1, "bob keeps no note: {r:?}");
    let r = t.say("carol", board).await;
    assert_eq!(r.len(), 1);
    // Too long is refused and changes nothing; the note outlives the game; empty drops it.
    let long = "x".repeat(2001);
    let said = refused(&t.say("alice", note(Some(&long), None)).await);
    assert_eq!(said, "A note holds at most 2000 characters and yours has 2001: nothing was changed.");
    public(&t.mv("alice", "e3e5").await);
    public(&t.mv("bob", "e11e9").await);
    public(&t.say("alice", Command::Resign { opponent: None, game: None }).await);
    let shown = refused(&t.say("alice", note(None, Some(id))).await);
    assert!(shown.ends_with(plan), "{shown}");
    let said = refused(&t.say("alice", note(Some(""), Some(id))).await);
    assert_eq!(said, format!("Your note on game #{id} is dropped."));
    let said = refused(&t.say("alice", note(Some(""), Some(id))).await);
    assert!(said.contains("nothing to drop"), "{said}");
    assert_eq!(t.service.store().note(id, "alice").await.unwrap(), None);
}
}

on_both! {
#[tokio::test]
async fn a_game_from_a_position_starts_there_is_casual_and_its_rematch_keeps_it() {
    let t = table(false).await;
    let from = |fen: &str, rated: Option<bool>| Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            variant: VariantId::Chess,
            color: ColorChoice::White,
            rated,
            fen: Some(fen.into()),
            ..Default::default()
        },
    };
    let endgame = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    // A text that is no position, one already over, and a rated game are refused.
    let said = refused(&t.say("alice", from("4k3/8/8 w - - 0 1", None)).await);
    assert!(said.starts_with("That position text cannot start a game of Chess:"), "{said}");
    let mate = "R3k3/8/4K3/8/8/8/8/8 b - - 0 1";
    let said = refused(&t.say("alice", from(mate, None)).await);
    assert!(said.starts_with("That position is already over"), "{said}");
    let said = refused(&t.say("alice", from(endgame, Some(true))).await);
    assert!(said.starts_with("A game from a position is casual"), "{said}");
    // From the endgame: a casual challenge that names the position, and the game starts there.
    let r = t.say("alice", from(endgame, None)).await;
    let asked = public(&r).text.to_string();
    assert!(asked.contains("casual game of Chess") && asked.contains(endgame), "{asked}");
    public(&t.press("bob", button(&r, "Accept")).await);
    let game = t.service.store().games_of("alice", true).await.unwrap()[0].clone();
    assert_eq!((game.start_fen.as_str(), game.rated), (endgame, false));
    public(&t.mv("alice", "Rh8+").await);
    let history = Command::History {
        opponent: None,
        game: Some(game.id),
        gif: false,
    };
    let r = t.say("alice", history).await;
    let pgn = String::from_utf8(r[0].attachment.as_ref().unwrap().bytes.clone()).unwrap();
    assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{endgame}\"]")), "{pgn}");
    public(&t.mv("bob", "Kd7").await);
    public(&t.say("bob", Command::Resign { opponent: None, game: None }).await);
    // The rematch is from the same position, colours reversed.
    let r = t.press("alice", Action::Rematch(game.id)).await;
    public(&t.press("bob", button(&r, "Accept")).await);
    let again = t.service.store().games_of("alice", true).await.unwrap()[0].clone();
    assert_ne!(again.id, game.id);
    assert_eq!((again.start_fen.as_str(), again.white.as_str()), (endgame, "bob"));
}
}
