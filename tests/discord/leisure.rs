//! The correspondence aids through Discord: a conditional line that answers at once, a
//! takeback asked with the board's button and granted with the opponent's, and leave that
//! stops a clock and is shown to the opponent.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conditional_line_answers_the_opponent_at_once_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    play(&fake, ALICE, room, "e4").await;
    let kept = answer(
        &fake,
        &fake.slash(ALICE, room, "conditional", vec![opt("moves", "e5 Nf3")]),
    )
    .await;
    assert!(kept.ephemeral(), "only alice sees her line");
    assert!(kept.content().starts_with("Kept."), "{}", kept.content());
    let sent = fake.slash(BOB, room, "move", vec![opt("move", "e5")]);
    let moved = answer(&fake, &sent).await;
    assert!(!moved.ephemeral(), "{}", moved.content());
    assert!(
        moved.allowed_users().is_empty(),
        "nobody is told it is their move: {}",
        moved.content()
    );
    let reply = fake
        .wait(WAIT, || {
            let posted = fake.posts_in(room).into_iter();
            posted
                .chain(fake.followups(&sent))
                .find(|p| p.content().contains("(a conditional move)"))
        })
        .await
        .expect("the reply posted in the game");
    assert!(
        reply.content().contains("**Nf3** (a conditional move)"),
        "{}",
        reply.content()
    );
    assert!(reply.png().is_some(), "the board after the reply");
    assert_eq!(
        reply.allowed_users(),
        vec![BOB.to_string()],
        "bob is pinged"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_with_the_boards_button_and_granted_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![opt("rated", false)]).await;
    let moved = play(&fake, ALICE, room, "e4").await;
    let ask = moved
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("takeback-ask:"))
        .unwrap_or_else(|| panic!("a Take back button: {:?}", moved.buttons()));
    let asked = answer(&fake, &fake.press(ALICE, moved.message.unwrap(), &ask)).await;
    assert!(!asked.ephemeral(), "{}", asked.content());
    assert!(
        asked
            .content()
            .contains("to take back their last move, **e4**"),
        "{}",
        asked.content()
    );
    assert_eq!(asked.allowed_users(), vec![BOB.to_string()]);
    let accept = asked
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("takeback-accept:"))
        .expect("an Accept button");
    let own = answer(&fake, &fake.press(ALICE, asked.message.unwrap(), &accept)).await;
    assert!(own.ephemeral(), "{}", own.content());
    let done = answer(&fake, &fake.press(BOB, asked.message.unwrap(), &accept)).await;
    assert!(
        done.content()
            .contains("agrees to the takeback: **e4** is taken back"),
        "{}",
        done.content()
    );
    assert!(done.png().is_some(), "the board as it stands again");
    // The game goes on from the start: alice plays another first move.
    play(&fake, ALICE, room, "d4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_stops_the_clock_and_the_opponent_sees_it_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    let away = answer(
        &fake,
        &fake.slash(BOB, LOBBY, "vacation", vec![opt("days", 5)]),
    )
    .await;
    assert!(away.ephemeral());
    assert!(
        away.content().starts_with("You are on vacation for 5 days"),
        "{}",
        away.content()
    );
    let moved = play(&fake, ALICE, room, "e4").await;
    assert!(
        moved.content().contains("is on vacation until "),
        "{}",
        moved.content()
    );
    let games = answer(&fake, &fake.slash(ALICE, LOBBY, "games", vec![])).await;
    assert!(
        games.content().contains("on vacation until "),
        "{}",
        games.content()
    );
    let back = answer(
        &fake,
        &fake.slash(BOB, LOBBY, "vacation", vec![opt("off", true)]),
    )
    .await;
    assert!(
        back.content().starts_with("Welcome back"),
        "{}",
        back.content()
    );
}
