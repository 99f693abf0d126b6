//! `/analyse`: a private board after moves tried from a game, a position text or a variant's
//! start, which changes no game and gives the engine's view only where it helps nobody.

use herald::app::{Analysis, Command, Request};
use herald::rules::VariantId;

use crate::service::{on_both, public, refused, request, table};

fn analyse(asked: Analysis) -> Command {
    Command::Analyse(asked)
}

fn line(game: Option<i64>, moves: &str) -> Analysis {
    Analysis {
        game,
        moves: Some(moves.into()),
        ..Default::default()
    }
}

/// The one private reply of an analysis, its text, and whether a board came with it.
fn shown(replies: &[herald::app::Reply]) -> (String, bool) {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(
        replies[0].ephemeral,
        "an analysis is private: {}",
        replies[0].text
    );
    (replies[0].text.to_string(), replies[0].image.is_some())
}

on_both! {
#[tokio::test]
async fn an_analysis_shows_a_line_privately_and_changes_no_game() {
    let t = table(true).await;
    let id = t.game(3).await;
    let (said, board) = shown(&t.say("alice", analyse(line(None, "e3e5 e11e9"))).await);
    assert!(board, "the board after the line comes with it");
    assert!(said.starts_with(&format!("Analysis of game #{id} (Chess 13: Epoch) after 1. ")), "{said}");
    assert!(said.ends_with("not played in any game: White to move."), "{said}");
    let store = t.service.store();
    let row = store.game(id).await.unwrap().unwrap();
    assert_eq!((row.ply, store.moves(id).await.unwrap().len()), (0, 0), "nothing was played");
    // The game goes on as if nothing happened: alice is still to move, and moves.
    public(&t.mv("alice", "e3e5").await);
    // From the game's position now; a move the line cannot play is named by its place.
    let (said, _) = shown(&t.say("bob", analyse(line(Some(id), "e11e9 e5e4"))).await);
    assert!(said.starts_with("Move 2 of your line, 'e5e4'"), "{said}");
    // No engine during the game, for a player or a spectator; nothing changes.
    let engine = Analysis { engine: true, ..line(Some(id), "e11e9") };
    let said = refused(&t.say("carol", analyse(engine.clone())).await);
    assert!(said.starts_with(&format!("Game #{id} is still being played, so the engine gives no opinion")), "{said}");
    // A spectator here may analyse it; from another server it is nobody's to see.
    let (said, _) = shown(&t.say("carol", analyse(line(Some(id), ""))).await);
    assert!(said.contains("at its position now: Black to move."), "{said}");
    let elsewhere = Request { guild: Some("other".into()), ..request("carol", analyse(line(Some(id), ""))) };
    let said = refused(&t.service.handle(&elsewhere).await);
    assert!(said.contains(&format!("There is no game #{id}")), "{said}");
    // Its player may, from anywhere.
    let from_dm = Request { guild: None, ..request("bob", analyse(line(Some(id), ""))) };
    shown(&t.service.handle(&from_dm).await);
    assert_eq!(store.game(id).await.unwrap().unwrap().ply, 1);
    // Once the game is over, the engine speaks.
    public(&t.mv("bob", "e11e9").await);
    public(&t.say("alice", Command::Resign { opponent: None, game: None }).await);
    let engine = Analysis { engine: true, ..line(Some(id), "") };
    let (said, _) = shown(&t.say("carol", analyse(engine)).await);
    assert!(said.contains(" Engine, ") && said.contains(" deep: ") && said.contains("; best "), "{said}");
}
}

#[tokio::test]
async fn an_analysis_from_a_position_or_a_start_reads_numbers_and_finds_a_mate() {
    let t = table(false).await;
    // A variant's start, with move numbers typed as players write them.
    let start = Analysis {
        variant: Some(VariantId::Chess),
        moves: Some("1. e4 e5 2.Nf3 Nc6 3. Bb5".into()),
        ..Default::default()
    };
    let (said, _) = shown(&t.say("alice", analyse(start)).await);
    assert_eq!(said, "Analysis of Chess from its start after 1. e4 e5 2. Nf3 Nc6 3. Bb5, not played in any game: Black to move.");
    // A position text, its variant found from the text; the engine names the mate.
    let mate = Analysis {
        fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()),
        engine: true,
        ..Default::default()
    };
    let (said, _) = shown(&t.say("alice", analyse(mate.clone())).await);
    assert!(
        said.starts_with("Analysis of a Chess position: White to move. Engine, "),
        "{said}"
    );
    assert!(said.ends_with("White mates in 1; best Ra8#."), "{said}");
    // A line that ends the game says so, and the engine has nothing to add.
    let ended = Analysis {
        moves: Some("Ra8".into()),
        ..mate
    };
    let (said, _) = shown(&t.say("alice", analyse(ended)).await);
    assert_eq!(said, "Analysis of a Chess position after 1. Ra8#, not played in any game: the line ends the game: White wins by checkmate.");
    // Bad starts are refused, each with its reason.
    let bad = Analysis {
        fen: Some("8/8 w".into()),
        ..Default::default()
    };
    let said = refused(&t.say("alice", analyse(bad.clone())).await);
    assert!(
        said.starts_with("That is no position text of any variant Herald plays"),
        "{said}"
    );
    let said = refused(
        &t.say(
            "alice",
            analyse(Analysis {
                variant: Some(VariantId::Chess),
                ..bad
            }),
        )
        .await,
    );
    assert!(
        said.starts_with("Not a Chess position: bad position text"),
        "{said}"
    );
    let said = refused(&t.say("alice", analyse(Analysis::default())).await);
    assert!(
        said.starts_with("You have no game here to analyse"),
        "{said}"
    );
    let both = Analysis {
        game: Some(1),
        fen: Some("8/8/8/8/8/8/8/8 w - - 0 1".into()),
        ..Default::default()
    };
    let said = refused(&t.say("alice", analyse(both)).await);
    assert!(
        said.starts_with("Start from a game or from a position text"),
        "{said}"
    );
}

#[tokio::test]
async fn the_moves_of_an_analysis_are_suggested_after_the_line_typed_so_far() {
    let t = table(false).await;
    let chess = Analysis {
        variant: Some(VariantId::Chess),
        ..Default::default()
    };
    let asker = request("alice", Command::Games);
    let choices = t.service.suggest_line(&asker, &chess, "e4 e5 N").await;
    let values: Vec<&str> = choices.iter().map(|c| c.value.as_str()).collect();
    assert_eq!(
        values,
        [
            "e4 e5 Na3",
            "e4 e5 Nc3",
            "e4 e5 Ne2",
            "e4 e5 Nf3",
            "e4 e5 Nh3"
        ]
    );
    assert!(
        choices.iter().all(|c| c.label.starts_with("e4 e5 Knight ")),
        "{choices:?}"
    );
    let first = t.service.suggest_line(&asker, &chess, "").await;
    assert_eq!(first.len(), 20, "every first move of chess: {first:?}");
    let said = t.service.suggest_line(&asker, &chess, "e4 Ke5").await;
    assert_eq!(said[0].label, "no legal move matches 'Ke5'");
    let said = t.service.suggest_line(&asker, &chess, "e4 e4 e").await;
    assert_eq!(said[0].label, "move 2 of the line is not legal");
    let said = t
        .service
        .suggest_line(&asker, &Analysis::default(), "e")
        .await;
    assert!(said[0].label.starts_with("no game here"), "{said:?}");
}
