//! /review through Discord: refused while the game is played, then (from the channel the
//! game's thread hangs from) a slow review deferred and filled in with its chart.

use super::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_is_refused_mid_game_then_deferred_and_filled_in_with_its_chart() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;
    play(&fake, ALICE, room, "e4").await;
    let live = answer(&fake, &fake.slash(BOB, LOBBY, "review", vec![])).await;
    assert!(live.ephemeral(), "{}", live.content());
    assert!(
        live.content().contains("is still being played"),
        "{}",
        live.content()
    );
    for (user, mv) in [(BOB, "f5"), (ALICE, "Qh5+"), (BOB, "g6"), (ALICE, "Qxg6+")] {
        play(&fake, user, room, mv).await;
    }
    play(&fake, BOB, room, "hxg6").await;
    answer(&fake, &fake.slash(ALICE, room, "resign", vec![])).await;

    // The review's store write waits behind another program's lock: the answer is deferred.
    let filled = deferred_by_a_lock(&fake, dir.path(), || {
        fake.slash(BOB, LOBBY, "review", vec![])
    })
    .await;
    assert!(
        filled.content().contains("3. Qxg6+?? hxg6 0-1"),
        "{}",
        filled.content()
    );
    let (name, _) = &filled.files[0];
    assert!(
        name.starts_with("review-") && name.ends_with(".png"),
        "{name}"
    );
    assert_eq!(board_size(&filled), (960, 300));
    bot.abort();
}
