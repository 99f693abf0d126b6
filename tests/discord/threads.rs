//! Game threads when things are not as they should be: Herald without the permission to open
//! them, a server that turned them off, a moderator locking one, a thread deleted while
//! Herald was not listening, and a rematch, which stays in its game's thread.

use super::*;

/// `a` challenges `b` in `channel`; `b` presses Accept. Returns the answer to the press.
async fn begin(fake: &Fake, a: u64, b: u64, channel: u64) -> Recorded {
    let options = vec![user_opt("opponent", b), opt("color", "white")];
    let c = answer(fake, &fake.slash(a, channel, "challenge", options)).await;
    assert!(!c.ephemeral(), "{}", c.content());
    let accept = c.buttons()[0].clone();
    let begun = answer(fake, &fake.press(b, c.message.unwrap(), &accept)).await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    begun
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_permission_games_stay_in_the_channel_and_the_server_is_told_once() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    fake.deny_threads();

    let first = begin(&fake, ALICE, BOB, LOBBY).await;
    // The board answers the press, in the channel, Alice pinged to move; the notice follows.
    assert!(first.png().is_some(), "{}", first.content());
    assert_eq!(first.allowed_users(), vec![ALICE.to_string()]);
    let notice = fake
        .wait_request(WAIT, |r| {
            r.path.starts_with("/webhooks/") && r.content().contains("Create Public Threads")
        })
        .await
        .expect("the notice after the board");
    for needed in ["Create Public Threads", "Send Messages in Threads"] {
        assert!(notice.content().contains(needed), "{}", notice.content());
    }
    assert!(notice.content().contains("/settings threads:False"));
    assert!(notice.allowed_users().is_empty(), "the notice pings no one");
    assert!(fake.threads().is_empty());

    // The second game is simply played here: the server was told already.
    let second = begin(&fake, BOB, CAROL, LOBBY).await;
    assert!(
        second.content().contains("you move first"),
        "{}",
        second.content()
    );
    assert!(!second.content().contains("Create Public Threads"));
    let moved = answer(
        &fake,
        &fake.slash(
            BOB,
            LOBBY,
            "move",
            vec![opt("move", "e4"), user_opt("opponent", CAROL)],
        ),
    )
    .await;
    assert!(moved.content().contains("**e4**"), "{}", moved.content());
    assert!(fake.threads().is_empty());
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_turned_off_locked_or_silently_deleted_leave_the_game_in_its_channel() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    fake.grant_manage_server(ALICE);

    // The server turns threads off: the next game is played in the channel.
    let off = answer(
        &fake,
        &fake.slash(ALICE, LOBBY, "settings", vec![opt("threads", false)]),
    )
    .await;
    assert!(off.content().contains("no threads"), "{}", off.content());
    let here = begin(&fake, ALICE, BOB, LOBBY).await;
    assert!(
        here.content().contains("you move first"),
        "{}",
        here.content()
    );
    assert!(fake.threads().is_empty());

    // Back on: a game in a thread, which a moderator locks; the game comes back to the
    // channel with its board and goes on there.
    answer(
        &fake,
        &fake.slash(ALICE, HALL, "settings", vec![opt("threads", true)]),
    )
    .await;
    begin(&fake, ALICE, BOB, HALL).await;
    let room = fake.wait_thread(1, WAIT).await.expect("a thread");
    fake.archive_thread(room, true);
    let back = fake
        .wait_post(HALL, 1, WAIT)
        .await
        .expect("the game back here");
    assert!(back.content().contains("was locked"), "{}", back.content());
    assert_eq!(back.allowed_users(), vec![ALICE.to_string()]);
    play(&fake, ALICE, HALL, "e4").await;
    assert!(
        !fake
            .requests()
            .iter()
            .any(|r| r.method == "PATCH" && r.path.ends_with(&format!("/channels/{room}"))),
        "a locked thread is not reopened"
    );

    // A thread deleted while Herald missed the event: the next post there fails, so the
    // game comes back to the channel, and the move's board is posted there after the word.
    begin(&fake, BOB, CAROL, HALL).await;
    let gone = fake.wait_thread(2, WAIT).await.expect("a second thread");
    fake.wait_post(gone, 1, WAIT)
        .await
        .expect("its first board");
    fake.delete_thread_silently(gone);
    let pointer = answer(
        &fake,
        &fake.slash(
            BOB,
            HALL,
            "move",
            vec![opt("move", "e4"), user_opt("opponent", CAROL)],
        ),
    )
    .await;
    assert!(pointer.ephemeral(), "{}", pointer.content());
    assert!(
        pointer.content().starts_with("Done: see"),
        "{}",
        pointer.content()
    );
    let word = fake.wait_post(HALL, 2, WAIT).await.expect("the word of it");
    assert!(word.content().contains("was deleted"), "{}", word.content());
    let moved = fake.wait_post(HALL, 3, WAIT).await.expect("the move, here");
    assert!(moved.content().contains("**e4**"), "{}", moved.content());
    // And the game is found here from now on.
    let reply = suggested(&fake, CAROL, HALL, "").await[0].1.clone();
    play(&fake, CAROL, HALL, &reply).await;
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_played_in_the_same_thread() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    // The thread's name has each player as the server shows them: a nickname when set.
    fake.set_nick(ALICE, "Queen of Hearts");
    begin(&fake, ALICE, BOB, LOBBY).await;
    let room = fake.wait_thread(1, WAIT).await.expect("a thread");
    assert_eq!(
        fake.threads()[0].2,
        format!("Chess 13: Epoch · Queen of Hearts vs Player {BOB}")
    );
    // Each has moved, so the game can be resigned.
    play(&fake, ALICE, room, "e3e5").await;
    play(&fake, BOB, room, "e11e9").await;
    let resigned = answer(&fake, &fake.slash(BOB, room, "resign", vec![])).await;
    let rematch = resigned
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("rematch:"))
        .expect("a Rematch button");
    let offer = answer(
        &fake,
        &fake.press(ALICE, resigned.message.unwrap(), &rematch),
    )
    .await;
    assert!(!offer.ephemeral(), "{}", offer.content());
    let accept = offer.buttons()[0].clone();
    let again = answer(&fake, &fake.press(BOB, offer.message.unwrap(), &accept)).await;
    assert!(!again.ephemeral(), "{}", again.content());
    // Colours reversed, in the same thread: no second thread, the board right here.
    assert!(again.png().is_some(), "{}", again.content());
    assert!(again.content().contains(&at(BOB)), "{}", again.content());
    assert_eq!(fake.threads().len(), 1);
    play(&fake, BOB, room, "e4").await;
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_discord_refuses_leaves_the_game_in_the_channel() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    // The interaction says Herald may, but the channel's overwrites deny it (50013).
    fake.refuse_threads();
    let begun = begin(&fake, ALICE, BOB, LOBBY).await;
    assert!(
        begun.png().is_some(),
        "the board first: {}",
        begun.content()
    );
    let notice = fake
        .wait_request(WAIT, |r| {
            r.path.starts_with("/webhooks/") && r.content().contains("Create Public Threads")
        })
        .await;
    assert!(notice.is_some(), "then the word on the permission");
    assert!(fake.threads().is_empty());
    play(&fake, ALICE, LOBBY, "e4").await;
    bot.abort();
}
