//! Correspondence around the games: open challenges anyone may take, and deadlines as
//! moments each reader sees in their own time zone.

use herald::app::{Action, Command, Span, Terms, DAY};
use herald::rules::VariantId;
use herald::store::ChallengeStatus;

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
            .contains("(Black to play, 2 days, until 2026-11-20 11:06 UTC)."),
        "{}",
        reply.text
    );
    let games = &t.say("bob", Command::Games).await[0];
    assert!(games.text.spans().contains(&Span::Time(deadline)));
    let game = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(game.deadline, Some(deadline));
}
