//! Takebacks by consent: asked, answered with buttons, stored as events, restart-safe, and
//! refused where a move played must stand.

use herald::app::{Action, ColorChoice, Command, Level, Terms};
use herald::rules::VariantId;
use herald::store::EventKind;

use crate::service::{button, challenge_bob, on_both, open, public, refused, table};

/// Chess, alice White, three days a move.
fn chess_terms() -> Terms {
    match challenge_bob(VariantId::Chess, ColorChoice::White, 3) {
        Command::Challenge { terms, .. } => terms,
        _ => unreachable!(),
    }
}

fn takeback() -> Command {
    Command::Takeback {
        opponent: None,
        game: None,
    }
}

on_both! {
#[tokio::test]
async fn a_takeback_asked_and_accepted_puts_the_game_back_and_gives_the_clock_back() {
    let t = table(true).await;
    let casual = Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms { rated: Some(false), ..chess_terms() },
    };
    let r = t.say("alice", casual).await;
    public(&t.press("bob", button(&r, "Accept")).await);
    let id = t.service.store().games_of("alice", true).await.unwrap()[0].id;
    let store = t.service.store();
    assert!(!store.game(id).await.unwrap().unwrap().rated, "a casual game");
    let said = refused(&t.say("bob", takeback()).await);
    assert_eq!(said, "You have no move to take back in this game yet.");
    public(&t.mv("alice", "e4").await);
    t.clock.advance(3600);
    // Asking takes back alice's own move; bob is asked, with buttons, and pinged.
    let asked = t.say("alice", takeback()).await;
    let r = public(&asked);
    assert_eq!(r.text.to_string(), "@alice asks @bob to take back their last move, **e4**. Accept or decline below.");
    assert_eq!(r.mentions, ["bob"]);
    let again = refused(&t.say("alice", takeback()).await);
    assert!(again.starts_with("A takeback was already asked in this position"), "{again}");
    let own = refused(&t.press("alice", button(&asked, "Accept takeback")).await);
    assert!(own.starts_with("You cannot answer your own takeback request"), "{own}");
    // The request survives a restart, and bob accepts it there.
    let service = open(&t.url, t.clock.clone(), true).await;
    let replies = service
        .handle(&crate::service::request("bob", Command::Press(button(&asked, "Accept takeback"))))
        .await;
    let done = public(&replies);
    let text = done.text.to_string();
    assert!(text.starts_with("@bob agrees to the takeback: **e4** is taken back"), "{text}");
    assert!(done.image.is_some(), "the board as it stands again");
    assert_eq!(done.mentions, ["alice"], "{text}");
    let row = store.game(id).await.unwrap().unwrap();
    assert_eq!((row.ply, store.moves(id).await.unwrap().len()), (0, 0));
    assert_eq!(row.deadline, Some(crate::service::T0 + 3600 + 3 * herald::app::DAY), "a full clock again");
    let events = store.events(id).await.unwrap();
    let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
    assert_eq!(kinds, [EventKind::TakebackAsk, EventKind::Takeback]);
    // The game goes on from there, and the record shows it as played since.
    public(&t.mv("alice", "d4").await);
    public(&t.mv("bob", "d5").await);
    let moves: Vec<String> = store.moves(id).await.unwrap().into_iter().map(|m| m.san).collect();
    assert_eq!(moves, ["d4", "d5"]);
    // Once bob has replied, alice's takeback takes back both; bob declines it.
    let asked = t.say("alice", takeback()).await;
    assert!(public(&asked).text.to_string().contains("their last move and the reply, **d4 d5**"));
    let no = public(&t.press("bob", button(&asked, "Decline takeback")).await).text.to_string();
    assert_eq!(no, "@bob declines the takeback. The game goes on as played.");
    let again = refused(&t.say("alice", takeback()).await);
    assert!(again.starts_with("A takeback was already asked in this position"), "{again}");
    // A request lapses when anyone moves: its button then changes nothing.
    public(&t.mv("alice", "c4").await);
    let asked = t.say("alice", takeback()).await;
    public(&asked);
    public(&t.mv("bob", "e6").await);
    let stale = refused(&t.press("bob", button(&asked, "Accept takeback")).await);
    assert!(stale.starts_with("Nobody asks for a takeback in this game's position"), "{stale}");
    assert_eq!(store.game(id).await.unwrap().unwrap().ply, 4);
    let carol = refused(&t.press("carol", Action::AcceptTakeback(id)).await);
    assert_eq!(carol, format!("Only the two players of game #{id} can do that."));
}
}

#[tokio::test]
async fn rated_games_and_herald_at_its_real_levels_grant_no_takebacks() {
    let t = table(false).await;
    let rated = Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            rated: Some(true),
            ..chess_terms()
        },
    };
    let r = t.say("alice", rated).await;
    public(&t.press("bob", button(&r, "Accept")).await);
    public(&t.mv("alice", "e4").await);
    let said = refused(&t.say("alice", takeback()).await);
    assert!(
        said.contains(
            "is rated, and this server's rated games have no takebacks: a move played stands"
        ),
        "{said}"
    );

    t.service.set_engine_user("herald");
    for (level, granted) in [(4, false), (1, true)] {
        let challenge = Command::Challenge {
            opponent: Some("herald".into()),
            terms: Terms {
                variant: VariantId::Chess,
                color: ColorChoice::White,
                level: Some(Level::new(level).unwrap()),
                ..Default::default()
            },
        };
        let request = |command| herald::app::Request {
            channel: format!("level-{level}"),
            ..crate::service::request("alice", command)
        };
        t.service.handle(&request(challenge)).await;
        let mv = Command::Move {
            game: None,
            text: "e4".into(),
            opponent: None,
            confirm: false,
        };
        t.service.handle(&request(mv)).await;
        let replies = t.service.handle(&request(takeback())).await;
        match granted {
            false => assert_eq!(
                refused(&replies),
                "Herald at level 4 plays for real and grants no takebacks (levels 1 to 3 do)."
            ),
            true => {
                let text = public(&replies).text.to_string();
                assert!(
                    text.contains(" agrees to the takeback: **e4 "),
                    "both plies go: {text}"
                );
            }
        }
    }
}
