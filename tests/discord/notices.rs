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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn from_another_channel_the_inbox_links_the_game_and_moves_are_made_by_number() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;

    // In another channel Alice's inbox links the game's thread and has a Next game button.
    let inbox = answer(&fake, &fake.slash(ALICE, HALL, "games", vec![])).await;
    assert!(inbox.ephemeral());
    let link = format!("https://discord.com/channels/{GUILD}/{room}");
    assert!(inbox.content().contains(&link), "{}", inbox.content());
    let next = inbox
        .buttons()
        .into_iter()
        .find(|b| b == "next:")
        .expect("a Next game button");
    let board = answer(&fake, &fake.press(ALICE, inbox.message.unwrap(), &next)).await;
    assert!(board.ephemeral(), "{}", board.content());
    assert!(board.content().contains("your move"), "{}", board.content());
    board_size(&board);

    // Typing the game number offers her games as numbers, her move first.
    let sent = fake.autocomplete_kind(ALICE, HALL, "move", ("game", 4), "", vec![]);
    let offered = answer(&fake, &sent).await;
    let choices = offered.json["data"]["choices"].as_array().unwrap().clone();
    assert_eq!(choices.len(), 1, "{choices:?}");
    assert_eq!(choices[0]["value"], 1);
    assert!(
        choices[0]["name"].as_str().unwrap().contains("your move"),
        "{choices:?}"
    );
    // With the game named, the move's suggestions are that game's.
    let sent = fake.autocomplete(ALICE, HALL, "move", "move", "e", vec![opt("game", 1)]);
    let moves = answer(&fake, &sent).await.choices();
    assert!(moves.iter().any(|(_, v)| v == "e4"), "{moves:?}");

    // The move from here lands in the thread; here, a private pointer to it.
    let before = fake.posts_in(room).len();
    let moved = answer(
        &fake,
        &fake.slash(ALICE, HALL, "move", vec![opt("move", "e4"), opt("game", 1)]),
    )
    .await;
    assert!(moved.ephemeral(), "{}", moved.content());
    let posted = fake
        .wait_post(room, before + 1, WAIT)
        .await
        .expect("the board there");
    assert!(posted.content().contains("**e4**"), "{}", posted.content());
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_inbox_spans_two_servers_and_a_direct_message_moves_in_either() {
    const OTHER: u64 = 900_000_000_000_000_200;
    const ITS_CHANNEL: u64 = 500_000_000_000_000_009;
    const DM: u64 = 500_000_000_000_000_077;
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let (_, _, here) = start(&fake, LOBBY, "chess", vec![]).await;
    // A second game on another server, challenged and accepted by command there.
    let options = vec![
        user_opt("opponent", ALICE),
        opt("variant", "chess"),
        opt("color", "white"),
    ];
    let c = answer(
        &fake,
        &fake.slash_from(Some(OTHER), CAROL, ITS_CHANNEL, "challenge", options),
    )
    .await;
    assert!(!c.ephemeral(), "{}", c.content());
    let accept = vec![user_opt("challenger", CAROL)];
    let begun = answer(
        &fake,
        &fake.slash_from(Some(OTHER), ALICE, ITS_CHANNEL, "accept", accept),
    )
    .await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    let there = fake
        .wait_thread(2, WAIT)
        .await
        .expect("the second game's thread");
    // Carol moves there, so both games wait for Alice.
    play(&fake, CAROL, there, "e4").await;

    // In a direct message with Herald, Alice's inbox holds both, each linked on its server.
    let inbox = answer(&fake, &fake.slash_from(None, ALICE, DM, "games", vec![])).await;
    let text = inbox.content().to_string();
    assert!(
        text.contains(&format!("https://discord.com/channels/{GUILD}/{here}")),
        "{text}"
    );
    assert!(
        text.contains(&format!("https://discord.com/channels/{OTHER}/{there}")),
        "{text}"
    );
    assert_eq!(text.matches("**your move**").count(), 2, "{text}");

    // And she moves in the other server's game from the direct message.
    let before = fake.posts_in(there).len();
    let moved = answer(
        &fake,
        &fake.slash_from(
            None,
            ALICE,
            DM,
            "move",
            vec![opt("move", "e5"), opt("game", 2)],
        ),
    )
    .await;
    assert!(moved.ephemeral(), "{}", moved.content());
    let posted = fake
        .wait_post(there, before + 1, WAIT)
        .await
        .expect("the board there");
    assert!(posted.content().contains("**e5**"), "{}", posted.content());
    assert_eq!(posted.allowed_users(), vec![CAROL.to_string()]);
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_is_kept_and_shown_to_its_writer_alone_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    let plan = "Castle long, then push the g-pawn.";
    let kept = answer(
        &fake,
        &fake.slash(ALICE, room, "note", vec![opt("text", plan)]),
    )
    .await;
    assert!(kept.ephemeral());
    assert!(
        kept.content().contains("is kept; only you see it"),
        "{}",
        kept.content()
    );
    let shown = answer(&fake, &fake.slash(ALICE, room, "note", vec![])).await;
    assert!(
        shown.ephemeral() && shown.content().ends_with(plan),
        "{}",
        shown.content()
    );
    let bobs = answer(&fake, &fake.slash(BOB, room, "note", vec![])).await;
    assert!(
        bobs.ephemeral() && !bobs.content().contains(plan),
        "{}",
        bobs.content()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_private_with_its_board_and_its_moves_are_suggested_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    // The line typed so far is kept, and the next move is offered after it.
    let sent = fake.autocomplete(ALICE, room, "analyse", "moves", "e4 e5 Nf", vec![]);
    let offered = answer(&fake, &sent).await.choices();
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(offered[0].1, "e4 e5 Nf3");
    assert!(offered[0].0.starts_with("e4 e5 Knight g1"), "{offered:?}");
    let before = fake.posts_in(room).len();
    let shown = answer(
        &fake,
        &fake.slash(ALICE, room, "analyse", vec![opt("moves", "e4 e5 Nf3")]),
    )
    .await;
    assert!(shown.ephemeral(), "{}", shown.content());
    assert!(
        shown
            .content()
            .contains("after 1. e4 e5 2. Nf3, not played in any game"),
        "{}",
        shown.content()
    );
    assert!(
        shown.png().is_some(),
        "the board after the line comes with it"
    );
    assert_eq!(
        fake.posts_in(room).len(),
        before,
        "nothing posted in the game"
    );
}
