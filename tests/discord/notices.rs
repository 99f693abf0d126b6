//! Notices each player chooses (/notify): a direct message with the board and a link to the
//! game instead of the mention, and the mention back (said once) when their DMs are closed.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_chose_direct_messages_gets_the_board_there_or_the_mention_when_closed() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let shown = answer(&fake, &fake.slash(BOB, LOBBY, "notify", vec![])).await;
    assert!(shown.ephemeral());
    assert!(
        shown
            .content()
            .contains("you are mentioned in the game's thread"),
        "{}",
        shown.content()
    );
    let chosen = answer(
        &fake,
        &fake.slash(BOB, LOBBY, "notify", vec![opt("mode", "dm-turn")]),
    )
    .await;
    assert!(chosen.ephemeral());
    assert!(
        chosen
            .content()
            .starts_with("Saved: Herald sends you a direct message"),
        "{}",
        chosen.content()
    );

    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    // Alice moves: the thread names Bob without pinging him, and Bob gets a direct message
    // with the board and a link to the game's thread.
    let moved = play(&fake, ALICE, room, "e4").await;
    assert!(moved.content().contains(&at(BOB)), "{}", moved.content());
    assert!(
        moved.allowed_users().is_empty(),
        "{:?}",
        moved.allowed_users()
    );
    let dm = fake
        .wait(WAIT, || fake.dms_to(BOB).first().cloned())
        .await
        .expect("a direct message to Bob");
    assert!(dm.content().contains("**e4**"), "{}", dm.content());
    let link = format!("https://discord.com/channels/{GUILD}/{room}");
    assert!(dm.content().contains(&link), "{}", dm.content());
    assert!(dm.png().is_some(), "the board comes with it");
    assert!(dm.allowed_users().is_empty());

    // Bob closes his DMs: the next notice comes as a mention in the thread, said once.
    fake.close_dms(BOB);
    play(&fake, BOB, room, "e5").await;
    let before = fake.posts_in(room).len();
    play(&fake, ALICE, room, "Nf3").await;
    let told = fake
        .wait_post(room, before + 1, WAIT)
        .await
        .expect("the mention instead");
    assert!(
        told.content()
            .contains("could not send you a direct message"),
        "{}",
        told.content()
    );
    assert!(told.content().contains("**Nf3**"), "{}", told.content());
    assert_eq!(told.allowed_users(), vec![BOB.to_string()]);
    // From then on he is mentioned as by default, without another word of it.
    play(&fake, BOB, room, "Nc6").await;
    let next = play(&fake, ALICE, room, "Bb5").await;
    assert_eq!(next.allowed_users(), vec![BOB.to_string()]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fake.posts_in(room).len(), before + 1, "said once");
    // One direct message delivered, one refused, and none tried since.
    assert_eq!(fake.dms_to(BOB).len(), 2);
    bot.abort();
}
