//! `/review` through the service: a planted blunder marked `??` and its punishment not, forced
//! moves never marked, a live game refused with nothing stored, the second review read back
//! from the store, and the chart a PNG of its size.

use herald::app::{Command, Reply};
use herald::engine::review::{self, Scored};
use herald::render::eval_chart;
use herald::rules::{Color, GameOptions, VariantId};

use crate::service::{public, refused, table, Table};

/// Shallow, so the tests are quick; the reviews are stored under this depth.
const DEPTH: u32 = 3;

fn review(game: Option<i64>) -> Command {
    Command::Review {
        opponent: None,
        game,
    }
}

/// A chess game between alice (White) and bob with `moves` played, then resigned by
/// `resigner` unless the moves ended it; returns the game id.
async fn finished_chess(t: &Table, moves: &[&str], resigner: Option<&str>) -> i64 {
    t.service.set_review_depth(DEPTH);
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    for (i, mv) in moves.iter().enumerate() {
        let player = if i % 2 == 0 { "alice" } else { "bob" };
        let r = t.mv(player, mv).await;
        assert!(!r[0].ephemeral, "{mv}: {}", r[0].text);
    }
    if let Some(who) = resigner {
        public(
            &t.say(
                who,
                Command::Resign {
                    opponent: None,
                    game: None,
                },
            )
            .await,
        );
    }
    id
}

/// The record line of a review: the moves with their marks and the result.
fn record(reply: &Reply) -> String {
    let text = reply.text.to_string();
    text.lines().nth(1).expect("a record line").to_string()
}

#[tokio::test]
async fn a_planted_blunder_is_marked_and_its_punishment_and_forced_moves_are_not() {
    let t = table(true).await;
    // 2... g6 is Black's only move out of check; 3. Qxg6+ throws the queen away, and
    // 3... hxg6, taking it, is also Black's only legal move.
    let id = finished_chess(
        &t,
        &["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6"],
        Some("alice"),
    )
    .await;
    let r = t.say("alice", review(Some(id))).await;
    let reply = public(&r);
    let line = record(reply);
    assert!(line.contains("3. Qxg6+?? hxg6 0-1"), "{line}");
    assert!(
        line.contains(" g6 3."),
        "the forced 2... g6 is unmarked: {line}"
    );
    assert_eq!(line.matches("??").count(), 1, "one blunder only: {line}");
    let text = reply.text.to_string();
    assert!(
        text.starts_with(&format!(
            "Review of game #{id} (Chess): @alice vs @bob, 0-1."
        )),
        "{text}"
    );
    assert!(text.contains("White, @alice: "), "{text}");
    assert!(text.contains("1 blunder in 3 moves"), "{text}");
    assert!(text.contains("Black, @bob: "), "{text}");
    assert!(text.contains(" 3. Qxg6+?? ("), "{text}");
    assert!(text.contains("A forced move is never marked."), "{text}");
}

#[tokio::test]
async fn a_move_allowing_mate_is_a_blunder_and_the_mate_is_not() {
    let t = table(false).await;
    // The scholar's mate: 3... Nf6 allows Qxf7#, the best move there is.
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let id = finished_chess(&t, &moves, None).await;
    let reply = t.say("bob", review(Some(id))).await;
    let line = record(public(&reply));
    assert!(line.contains("3. Bc4 Nf6?? 4. Qxf7# 1-0"), "{line}");
    assert_eq!(line.matches("??").count(), 1, "{line}");
    // No images: no chart.
    assert!(public(&reply).attachment.is_none());
}

#[tokio::test]
async fn a_live_game_is_refused_and_nothing_is_stored() {
    let t = table(false).await;
    t.service.set_review_depth(DEPTH);
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    public(&t.mv("alice", "e4").await);
    let why = refused(&t.say("bob", review(None)).await);
    assert_eq!(
        why,
        format!(
            "Game #{id} is still being played: Herald reviews a game only once it is over, as a \
             review of a live game would be the engine's help to its players. Ask again after \
             the game ends."
        )
    );
    let stored = t.service.store().review(id, DEPTH, review::VERSION).await;
    assert_eq!(stored.unwrap(), None);
    // An aborted game has nothing to review either.
    public(
        &t.say(
            "alice",
            Command::Abort {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    let why = refused(&t.say("alice", review(Some(id))).await);
    assert_eq!(
        why,
        format!("Game #{id} was aborted: there is nothing to review.")
    );
}

#[tokio::test]
async fn the_second_review_is_read_back_from_the_store_with_its_chart() {
    let t = table(true).await;
    let moves = ["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6"];
    let id = finished_chess(&t, &moves, Some("alice")).await;
    let first = t.say("bob", review(None)).await;
    let stored = t
        .service
        .store()
        .review(id, DEPTH, review::VERSION)
        .await
        .unwrap()
        .expect("the review is stored");
    let scored = review::decode(&stored).expect("it reads back");
    assert_eq!(scored.len(), moves.len() + 1);
    let second = t.say("alice", review(Some(id))).await;
    assert_eq!(public(&first).text, public(&second).text);
    assert_eq!(public(&first).attachment, public(&second).attachment);

    let chart = public(&second).attachment.as_ref().expect("a chart");
    assert_eq!(chart.name, format!("review-{id}.png"));
    let png = image::load_from_memory(&chart.bytes).expect("the chart decodes");
    assert_eq!(
        (png.width(), png.height()),
        (eval_chart::WIDTH, eval_chart::HEIGHT)
    );
}

#[tokio::test]
async fn a_stored_review_is_what_is_shown() {
    let t = table(false).await;
    let moves = ["e4", "f5", "Qh5+", "g6", "Qxg6+", "hxg6"];
    let id = finished_chess(&t, &moves, Some("alice")).await;
    // Level scores for every position, stored before anyone asks: the blunder goes unmarked,
    // so the review shown is the stored one, not a fresh search.
    let level: Vec<Scored> = (0..=moves.len())
        .map(|i| Scored {
            score: 0,
            reply: 0,
            turn: if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            legal: 20,
            best: None,
            depth: 0,
            deep: None,
            deep_reply: None,
        })
        .collect();
    t.service
        .store()
        .save_review(id, DEPTH, review::VERSION, &review::encode(&level), 0)
        .await
        .unwrap();
    let reply = t.say("alice", review(Some(id))).await;
    let line = record(public(&reply));
    assert!(!line.contains('?'), "{line}");
    assert!(public(&reply).text.to_string().contains("no blunders"));
    assert_eq!(
        t.service.check_database().await.unwrap().1,
        Vec::<String>::new()
    );

    // A stored review that does not fit its game is found by the database check, and made
    // afresh by the next review.
    let short = review::encode(&level[..3]);
    let store = t.service.store();
    store
        .save_review(id, DEPTH, review::VERSION, &short, 0)
        .await
        .unwrap();
    let (_, problems) = t.service.check_database().await.unwrap();
    assert_eq!(
        problems,
        [format!(
            "game #{id}: its review at depth {DEPTH} scores 3 positions but the game has 6 plies"
        )]
    );
    let reply = t.say("alice", review(Some(id))).await;
    assert!(record(public(&reply)).contains("Qxg6+??"));
    assert_eq!(
        t.service.check_database().await.unwrap().1,
        Vec::<String>::new()
    );
}

#[tokio::test]
async fn a_review_out_of_time_looks_one_ply_deep_for_the_rest_and_says_from_which_move() {
    let t = table(false).await;
    let moves = [
        "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
    ];
    let id = finished_chess(&t, &moves, Some("bob")).await;
    // No time at all: the first positions of each of the two lanes (one turn on the engine's
    // worker) are searched at the review's depth, every later one a ply deep.
    t.service.set_review_budget(std::time::Duration::ZERO);
    let r = t.say("alice", review(Some(id))).await;
    let said = public(&r).text.to_string();
    assert!(
        said.contains("from move 2 on it looked only one ply deep"),
        "{said}"
    );
    let stored = t.service.store().review(id, DEPTH, review::VERSION).await;
    let scored = review::decode(&stored.unwrap().unwrap()).unwrap();
    let depths: Vec<u32> = scored.iter().map(|s| s.depth).collect();
    assert_eq!(depths, [3, 3, 3, 3, 1, 1, 3, 3, 3, 3, 1]);
    // Read back, the same review and the same word; with time enough, none of it.
    let again = t.say("alice", review(Some(id))).await;
    assert_eq!(public(&again).text.to_string(), said);
    let other = finished_chess(&t, &moves, Some("alice")).await;
    t.service
        .set_review_budget(std::time::Duration::from_secs(600));
    let r = t.say("alice", review(Some(other))).await;
    assert!(!public(&r).text.to_string().contains("one ply deep"));
}
