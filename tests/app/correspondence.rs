//! Correspondence around the games: open challenges anyone may take, and deadlines as
//! moments each reader sees in their own time zone.

use herald::app::{Action, Command, Span, Terms, DAY};
use herald::rules::VariantId;
use herald::store::{ChallengeStatus, NoticeMode};

use crate::service::{button, public, refused, table, T0};

fn open_challenge(variant: VariantId) -> Command {
    Command::Challenge {
        opponent: None,
        terms: Terms {
            variant,
            ..Default::default()
        },
    }
}

fn accept(number: Option<i64>) -> Command {
    Command::Answer {
        accept: true,
        challenger: None,
        challenge: number,
    }
}

#[tokio::test]
async fn an_open_challenge_is_taken_by_whoever_accepts_it_first() {
    let t = table(false).await;
    let r = t.say("alice", open_challenge(VariantId::Epoch)).await;
    let offer = public(&r);
    let text = offer.text.to_string();
    assert!(
        text.starts_with("@alice (1500?) offers a rated game of Chess 13: Epoch (colours drawn at random, 3 days per move) to anyone here"),
        "{text}"
    );
    assert!(offer.mentions.is_empty(), "an open challenge pings nobody");
    let labels: Vec<&str> = offer.buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Accept", "Cancel"],
        "nobody in particular can decline it"
    );
    let Action::Accept(id) = button(&r, "Accept") else {
        unreachable!()
    };

    // Not the challenger; not declined; not twice the same open challenge.
    let own = refused(&t.press("alice", Action::Accept(id)).await);
    assert!(own.starts_with("This is your own open challenge"), "{own}");
    let decline = Command::Answer {
        accept: false,
        challenger: None,
        challenge: Some(id),
    };
    let no = refused(&t.say("bob", decline).await);
    assert!(
        no.starts_with("An open challenge is made to nobody in particular"),
        "{no}"
    );
    let again = refused(&t.say("alice", open_challenge(VariantId::Epoch)).await);
    assert_eq!(
        again,
        format!("Your open challenge #{id} for this game is already waiting here; /withdraw challenge:{id} takes it back.")
    );
    // Another variant is another offer; /games lists both as open to anyone.
    let r = t.say("alice", open_challenge(VariantId::Chess)).await;
    let Action::Accept(chess) = button(&r, "Accept") else {
        unreachable!()
    };
    let games = t.say("alice", Command::Games).await[0].text.to_string();
    assert!(
        games.contains(&format!(
            "- challenge #{id} open to anyone in #general: Chess 13: Epoch"
        )),
        "{games}"
    );

    // Carol takes the first by its button: both players hear of it.
    let r = t.press("carol", Action::Accept(id)).await;
    let started = public(&r);
    let mut told = started.mentions.clone();
    told.sort();
    assert_eq!(told, ["alice", "carol"]);
    let c = t.service.store().challenge(id).await.unwrap().unwrap();
    assert_eq!(c.status, ChallengeStatus::Accepted);
    assert_eq!(c.offer.challenged.as_deref(), Some("carol"));
    let game = t
        .service
        .store()
        .game(c.game_id.unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(game.has_player("alice") && game.has_player("carol"));
    // Too late for bob; but /accept alone finds the chess offer still open.
    let late = refused(&t.press("bob", Action::Accept(id)).await);
    assert_eq!(late, "This challenge was already accepted.");
    let r = t.say("bob", accept(None)).await;
    assert!(public(&r).text.to_string().contains("@bob"), "{r:?}");
    let c = t.service.store().challenge(chess).await.unwrap().unwrap();
    assert_eq!(c.offer.challenged.as_deref(), Some("bob"));
}

#[tokio::test]
async fn an_open_challenge_is_withdrawn_or_expires_like_any_other() {
    let t = table(false).await;
    let r = t.say("alice", open_challenge(VariantId::Empire)).await;
    let cancel = button(&r, "Cancel");
    let no = refused(&t.press("bob", cancel).await);
    assert!(no.starts_with("Only @alice can withdraw"), "{no}");
    let r = t.press("alice", cancel).await;
    let text = public(&r).text.to_string();
    assert!(text.ends_with(" open to anyone."), "{text}");
    assert!(public(&r).mentions.is_empty());

    t.say("alice", open_challenge(VariantId::Empire)).await;
    t.clock.advance(7 * DAY);
    let r = t.service.tick().await;
    assert_eq!(r.len(), 1, "{r:?}");
    let text = r[0].text.to_string();
    assert!(
        text.ends_with("from @alice open to anyone expired unanswered."),
        "{text}"
    );
    let none = refused(&t.say("bob", accept(None)).await);
    assert_eq!(
        none,
        "No open challenge waits for your answer in this channel."
    );
}

#[tokio::test]
async fn every_deadline_is_a_moment_not_a_clock_time() {
    let t = table(false).await;
    let id = t.game(2).await;
    let r = t.mv("alice", "Tb1-d4").await;
    let deadline = T0 + 2 * DAY;
    let reply = public(&r);
    assert!(
        reply.text.spans().contains(&Span::Time(deadline)),
        "{:?}",
        reply.text
    );
    assert!(
        reply
            .text
            .to_string()
            .contains("(move 1, Black to play, 2 days, until 2026-11-20 11:06 UTC)."),
        "{}",
        reply.text
    );
    let games = &t.say("bob", Command::Games).await[0];
    assert!(games.text.spans().contains(&Span::Time(deadline)));
    let game = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(game.deadline, Some(deadline));
}

fn notify(mode: NoticeMode) -> Command {
    Command::Notify { mode: Some(mode) }
}

/// The direct messages among replies, by player.
fn direct(replies: &[herald::app::Reply]) -> Vec<(String, String)> {
    replies
        .iter()
        .filter_map(|r| r.dm.clone().map(|u| (u, r.text.to_string())))
        .collect()
}

#[tokio::test]
async fn each_player_is_told_of_their_games_as_they_chose() {
    let t = table(false).await;
    t.game(1).await;
    // Bob wants direct messages only for what he must not miss; Alice wants nothing.
    let saved = t.say("bob", notify(NoticeMode::DirectAlerts)).await;
    assert!(saved[0].ephemeral);
    assert!(
        saved[0]
            .text
            .to_string()
            .starts_with("Saved: Herald sends you a direct message for reminders and results only"),
        "{}",
        saved[0].text
    );
    t.say("alice", notify(NoticeMode::Off)).await;

    // Bob's move pings nobody and messages nobody: named, not pinged.
    let r = t.mv("alice", "Tb1-d4").await;
    let moved = public(&r);
    assert!(moved.text.to_string().contains("@bob"), "{}", moved.text);
    assert!(moved.mentions.is_empty(), "{:?}", moved.mentions);
    assert!(direct(&r).is_empty());

    // The reminder is a direct message to Bob, with where the game is; not a ping.
    t.clock.advance(DAY * 4 / 5);
    let reminders = t.service.tick().await;
    let dms = direct(&reminders);
    assert_eq!(dms.len(), 1, "{reminders:?}");
    assert_eq!(dms[0].0, "bob");
    assert!(dms[0].1.contains("Game #1: #general"), "{}", dms[0].1);
    assert!(reminders.iter().all(|r| r.mentions.is_empty()));

    // The result too; Alice, who chose nothing, gets nothing, and a player who chooses again
    // is mentioned again.
    t.say("bob", notify(NoticeMode::Mention)).await;
    t.clock.advance(DAY);
    let ended = t.service.tick().await;
    assert!(direct(&ended).is_empty(), "{ended:?}");
    let result = ended
        .iter()
        .find(|r| r.text.to_string().contains("time"))
        .unwrap();
    assert_eq!(result.mentions, vec!["bob".to_string()]);
    let shown = t.say("alice", Command::Notify { mode: None }).await;
    assert!(
        shown[0]
            .text
            .to_string()
            .starts_with("Now: Herald pings you nowhere"),
        "{}",
        shown[0].text
    );
}

#[tokio::test]
async fn the_game_card_offers_a_draw_and_resigns_only_once_confirmed() {
    let t = table(false).await;
    let id = t.game(3).await;
    let r = t.mv("alice", "Tb1-d4").await;
    let labels: Vec<&str> = public(&r)
        .buttons
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert!(labels.ends_with(&["Offer draw", "Resign"]), "{labels:?}");

    // A spectator's press does nothing; the player's offers the draw.
    let no = refused(&t.press("carol", Action::OfferDraw(id)).await);
    assert_eq!(
        no,
        format!("Only the two players of game #{id} can do that.")
    );
    let offer = t.press("bob", Action::OfferDraw(id)).await;
    assert!(public(&offer).text.to_string().contains("offers a draw"));

    // Resign asks first, privately; only the confirmation ends the game.
    let asked = t.press("alice", Action::Resign(id)).await;
    assert!(asked[0].ephemeral);
    assert!(
        asked[0]
            .text
            .to_string()
            .starts_with(&format!("Resign game #{id} against @bob?")),
        "{}",
        asked[0].text
    );
    let game = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(game.status, herald::store::GameStatus::Active);
    let Action::ConfirmResign(confirmed) = button(&asked, "Yes, resign") else {
        unreachable!()
    };
    let done = t.press("alice", Action::ConfirmResign(confirmed)).await;
    assert!(public(&done).text.to_string().contains("resigns"));
    let again = refused(&t.press("alice", Action::ConfirmResign(confirmed)).await);
    assert_eq!(again, "That game is over.");
}

#[tokio::test]
async fn the_inbox_links_every_game_and_moves_are_made_from_anywhere() {
    let t = table(false).await;
    let first = t.game(3).await;
    // A second game, elsewhere, where Bob is to move sooner.
    let elsewhere = herald::app::Request {
        channel: "elsewhere".into(),
        ..crate::service::request(
            "carol",
            Command::Challenge {
                opponent: Some("bob".into()),
                terms: Terms {
                    color: herald::app::ColorChoice::Black,
                    days: Some(herald::app::Days::new(1).unwrap()),
                    ..Default::default()
                },
            },
        )
    };
    let r = t.service.handle(&elsewhere).await;
    let accept = herald::app::Request {
        command: Command::Press(button(&r, "Accept")),
        ..crate::service::request("bob", Command::Games)
    };
    let accept = herald::app::Request {
        channel: "elsewhere".into(),
        ..accept
    };
    t.service.handle(&accept).await;
    let second = first + 1;
    t.mv("alice", "Tb1-d4").await;

    // Bob's inbox: both his moves, the least time left first, each with where it is, and a
    // Next game button.
    let inbox = &t.say("bob", Command::Games).await[0];
    let text = inbox.text.to_string();
    let at = |n: i64| text.find(&format!("#{n} ")).unwrap();
    assert!(at(second) < at(first), "{text}");
    assert!(
        text.contains("in #elsewhere") && text.contains("in #general"),
        "{text}"
    );
    assert!(inbox
        .text
        .spans()
        .iter()
        .any(|s| matches!(s, Span::Place { channel, .. } if channel == "elsewhere")));
    let next = t
        .press("bob", button(std::slice::from_ref(inbox), "Next game"))
        .await;
    assert!(next[0].ephemeral);
    assert!(
        next[0].text.to_string().starts_with(&format!(
            "Game #{second}, Chess 13: Epoch against @carol, move 1: your move"
        )),
        "{}",
        next[0].text
    );

    // From here (#general), Bob moves in the game elsewhere by naming it; the board goes
    // there and he is pointed to it.
    let choices = t.service.game_choices("bob").await;
    assert_eq!(choices[0].game, second, "{choices:?}");
    assert!(choices[0].label.contains("your move"), "{choices:?}");
    let typed = t.service.suggest_in("bob", second, "").await;
    assert!(
        !typed.is_empty() && !typed[0].label.contains("not"),
        "{typed:?}"
    );
    let mv = Command::Move {
        game: Some(second),
        text: typed[0].value.clone(),
        opponent: None,
        confirm: false,
    };
    let r = t.say("bob", mv).await;
    assert!(
        r[0].ephemeral && r[0].text.to_string().starts_with("Done: see #elsewhere"),
        "{r:?}"
    );
    assert_eq!(r[1].channel, "elsewhere");
    // Not in someone else's game.
    let not = Command::Move {
        game: Some(second),
        text: "e4".into(),
        opponent: None,
        confirm: false,
    };
    assert_eq!(
        refused(&t.say("alice", not).await),
        format!("Only the two players of game #{second} can do that.")
    );
}
