//! Conditional moves: lines kept after a move, checked when kept, played for their keeper as
//! far as the opponent follows them, private, and dropped when the game leaves them, is taken
//! back, swapped or ended, or a restart came between a move and its reply.

use herald::app::{ColorChoice, Command, Level, Terms};
use herald::rules::{new_game, GameOptions, VariantId};
use herald::store::{GameChange, Played};

use crate::service::{button, challenge_bob, on_both, open, public, refused, table, Table};

fn conditional(moves: &str) -> Command {
    Command::Conditional {
        opponent: None,
        moves: Some(moves.into()),
        clear: false,
    }
}

fn listing() -> Command {
    Command::Conditional {
        opponent: None,
        moves: None,
        clear: false,
    }
}

fn clear() -> Command {
    Command::Conditional {
        opponent: None,
        moves: None,
        clear: true,
    }
}

/// The private answer to `command`, which must be one.
pub(crate) async fn private(t: &Table, user: &str, command: Command) -> String {
    let replies = t.say(user, command).await;
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(
        replies[0].ephemeral,
        "only its asker sees it: {}",
        replies[0].text
    );
    replies[0].text.to_string()
}

/// alice (White) against bob in chess, casual when `casual`, accepted; the game's id.
pub(crate) async fn chess(t: &Table, casual: bool) -> i64 {
    let terms = match challenge_bob(VariantId::Chess, ColorChoice::White, 3) {
        Command::Challenge { terms, .. } => terms,
        _ => unreachable!(),
    };
    let challenge = Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            rated: Some(!casual),
            ..terms
        },
    };
    let r = t.say("alice", challenge).await;
    public(&t.press("bob", button(&r, "Accept")).await);
    t.service.store().games_of("alice", true).await.unwrap()[0].id
}

on_both! {
#[tokio::test]
async fn a_kept_line_is_played_as_far_as_the_opponent_follows_it() {
    let t = table(true).await;
    let id = chess(&t, false).await;
    let said = refused(&t.say("alice", conditional("e5 Nf3")).await);
    assert!(said.starts_with(&format!("It is your move in game #{id}")), "{said}");
    public(&t.mv("alice", "e4").await);
    let none = private(&t, "alice", listing()).await;
    assert!(none.starts_with(&format!("You keep no conditional lines in game #{id}")), "{none}");

    // A line is checked move by move in the position it would be played in.
    let said = refused(&t.say("alice", conditional("e5 Nf3 Nc6 Bb6")).await);
    assert!(said.starts_with("Move 4 of your line, "), "{said}");
    assert!(said.contains("Bb6"), "the move is named: {said}");
    let said = refused(&t.say("alice", conditional("e5")).await);
    assert!(said.starts_with("A conditional line needs your opponent's move and your reply"), "{said}");

    let kept = private(&t, "alice", conditional("e5 Nf3 Nc6 Bb5")).await;
    assert!(kept.starts_with("Kept."), "{kept}");
    assert!(kept.contains("\n- 1... e5 2. Nf3 Nc6 3. Bb5"), "{kept}");
    // Another answer to e5 than Nf3 cannot stand beside it; another answer to Nc6 neither.
    let said = refused(&t.say("alice", conditional("e5 Nc3")).await);
    assert_eq!(
        said,
        "That line replies differently from one you keep: 1... e5 2. Nf3 Nc6 3. Bb5. Only one \
         reply to each move can stand: clear your lines (`clear:true`) or keep the same reply."
    );
    let said = refused(&t.say("alice", conditional("e5 Nf3 Nc6 Bc4")).await);
    assert!(said.starts_with("That line replies differently"), "{said}");
    // A beginning of a kept line is kept already; a longer one replaces it; another answer
    // of bob's makes a branch.
    let again = private(&t, "alice", conditional("e5 Nf3")).await;
    assert!(again.starts_with("You keep that line already."), "{again}");
    let longer = private(&t, "alice", conditional("e5 Nf3 Nc6 Bb5 a6 Ba4")).await;
    assert!(longer.starts_with("Kept (it continues a line you had"), "{longer}");
    let branch = private(&t, "alice", conditional("c5 Nf3")).await;
    assert!(branch.contains("\n- 1... e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4\n"), "{branch}");
    assert!(branch.contains("\n- 1... c5 2. Nf3\n"), "{branch}");
    // Lines are the keeper's alone.
    let bobs = private(&t, "bob", listing()).await;
    assert!(bobs.starts_with("You keep no conditional lines"), "{bobs}");

    // bob plays e5: alice's Nf3 follows at once, on the board, pinging bob.
    let r = t.mv("bob", "e5").await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(r[0].text.to_string(), "@bob played **e5**: Pawn e7 to e5.", "nobody told it is their move");
    assert!(r[0].mentions.is_empty() && r[0].image.is_none());
    let text = r[1].text.to_string();
    assert!(text.starts_with("@alice played **Nf3** (a conditional move): Knight g1 to f3."), "{text}");
    assert_eq!(r[1].mentions, ["bob"]);
    assert!(r[1].image.is_some(), "the board after the reply");
    assert!(!r[1].ephemeral);
    let store = t.service.store();
    let sans: Vec<String> = store.moves(id).await.unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    // The branch bob left is dropped; the line he follows goes on from here.
    let left = private(&t, "alice", listing()).await;
    assert_eq!(
        left,
        format!("Your conditional lines in game #{id}, which only you see:\n- 2... Nc6 3. Bb5 a6 4. Ba4")
    );
    let r = t.mv("bob", "Nc6").await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[1].text.to_string().starts_with("@alice played **Bb5** (a conditional move)"), "{}", r[1].text);
    // bob leaves the line: only his move is played, and alice's line is gone.
    public(&t.mv("bob", "Nf6").await);
    let sans: Vec<String> = store.moves(id).await.unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"]);
    assert_eq!(store.lines(id, "alice").await.unwrap(), []);
    let none = private(&t, "alice", listing()).await;
    assert!(none.starts_with("You keep no conditional lines"), "{none}");
    // Cleared on request.
    let said = private(&t, "bob", conditional("O-O Nxe4")).await;
    assert!(said.starts_with("Kept."), "bob keeps one after his move: {said}");
    assert_eq!(private(&t, "bob", clear()).await, format!("Your conditional line in game #{id} is dropped."));
    assert_eq!(
        private(&t, "bob", clear()).await,
        format!("You kept no conditional lines in game #{id}: nothing to clear.")
    );
}
}

on_both! {
#[tokio::test]
async fn a_takeback_or_the_end_of_the_game_drops_every_line() {
    let t = table(false).await;
    let id = chess(&t, true).await;
    let store = t.service.store();
    public(&t.mv("alice", "e4").await);
    private(&t, "alice", conditional("e5 Nf3")).await;
    let asked = t.say("alice", Command::Takeback { opponent: None, game: None }).await;
    public(&t.press("bob", button(&asked, "Accept takeback")).await);
    assert_eq!(store.lines(id, "alice").await.unwrap(), [], "the position it was kept for is gone");
    public(&t.mv("alice", "d4").await);
    private(&t, "alice", conditional("d5 c4")).await;
    assert_eq!(store.lines(id, "alice").await.unwrap().len(), 1);
    public(&t.say("alice", Command::Resign { opponent: None, game: None }).await);
    assert_eq!(store.lines(id, "alice").await.unwrap(), [], "the game is over");
    let said = refused(&t.say("alice", conditional("d5 c4")).await);
    assert!(said.starts_with("You have no unfinished game"), "{said}");
}
}

on_both! {
#[tokio::test]
async fn a_swap_drops_the_lines_kept_before_it() {
    let t = table(false).await;
    let id = t.game_of(VariantId::Epoch, GameOptions::default()).await;
    let store = t.service.store();
    let r = t.mv("alice", "e3e7").await;
    let swap = button(&r, "Swap sides");
    let row = store.game(id).await.unwrap().unwrap();
    let mut game = new_game(VariantId::Epoch, Some(&row.fen)).unwrap();
    let answer = game.legal_coordinates()[0].clone();
    game.play(&answer).unwrap();
    let reply = game.legal_coordinates()[0].clone();
    let kept = private(&t, "alice", conditional(&format!("{answer} {reply}"))).await;
    assert!(kept.starts_with("Kept."), "{kept}");
    public(&t.press("bob", swap).await);
    assert_eq!(store.lines(id, "alice").await.unwrap(), [], "alice plays the other side now");
}
}

on_both! {
#[tokio::test]
async fn a_reply_a_restart_kept_back_is_played_by_the_scheduler() {
    let t = table(false).await;
    let id = chess(&t, false).await;
    public(&t.mv("alice", "e4").await);
    private(&t, "alice", conditional("e5 Nf3")).await;
    // bob's e5 stored as a crash right after it would leave it: the reply never played.
    let store = t.service.store();
    let row = store.game(id).await.unwrap().unwrap();
    let mut game = new_game(VariantId::Chess, Some(&row.fen)).unwrap();
    let info = game.play("e5").unwrap();
    let mut change = GameChange::of(&row, t.service.now());
    change.fen = game.position_text();
    change.deadline = Some(t.service.now() + 3 * herald::app::DAY);
    change.played = Some(Played {
        coordinate: info.coordinate,
        san: info.san,
        player: "bob".into(),
    });
    store.apply(&row, &change).await.unwrap();
    // A new process's first scheduler step plays it, long before alice's clock runs out.
    t.clock.advance(60);
    let service = open(&t.url, t.clock.clone(), false).await;
    let r = service.tick().await;
    assert!(
        r.iter().any(|m| m.text.to_string().starts_with("@alice played **Nf3** (a conditional move)")),
        "{r:?}"
    );
    let sans: Vec<String> = store.moves(id).await.unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    assert!(service.tick().await.is_empty(), "played once");
    assert_eq!(service.check_database().await.unwrap().1, Vec::<String>::new(), "the database checks clean");
}
}

#[tokio::test]
async fn lines_are_refused_against_herald() {
    let t = table(false).await;
    t.service.set_engine_user("herald");
    let challenge = Command::Challenge {
        opponent: Some("herald".into()),
        terms: Terms {
            variant: VariantId::Chess,
            color: ColorChoice::Black,
            level: Some(Level::new(1).unwrap()),
            ..Default::default()
        },
    };
    t.say("alice", challenge).await;
    let said = refused(&t.say("alice", conditional("e4 e5")).await);
    assert!(
        said.starts_with("Herald answers your moves at once"),
        "{said}"
    );
}

#[tokio::test]
async fn the_database_check_names_lines_and_leave_that_should_not_be() {
    let t = table(false).await;
    let id = chess(&t, true).await;
    public(&t.mv("alice", "e4").await);
    public(
        &t.say(
            "alice",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    // Rows no command could leave: a line of a finished game, one of a stranger, a leave
    // that ends before it begins.
    let rows = format!(
        "INSERT INTO conditional_lines (game_id, player, ply, moves, created_at) VALUES \
         ({id}, 'alice', 1, 'e7e5 g1f3', 0), ({id}, 'carol', 1, 'e7e5 g1f3', 0); \
         INSERT INTO leaves (player, starts_at, ends_at, guild) VALUES ('bob', 1000, 10, NULL)"
    );
    crate::service::behind_its_back(&t, &rows).await;
    let (_, problems) = t.service.check_database().await.unwrap();
    assert_eq!(
        problems,
        [
            format!("game #{id}: a conditional line of alice outlived the game's end"),
            format!("game #{id}: a conditional line of carol is kept by someone who does not play the game"),
            "a leave of bob from 1970-01-01 00:16 UTC ends before it begins".to_string(),
        ]
    );
}
