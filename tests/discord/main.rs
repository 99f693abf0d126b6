//! End to end through Discord's protocol without the network: the real `herald` binary (serenity
//! client, service, SQLite, renderer) against the fake Discord on 127.0.0.1, driven by the
//! INTERACTION_CREATE dispatches Discord would send.

use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod events;
#[path = "../support/fake.rs"]
mod fake;
mod leisure;
mod notices;
mod review;
mod shards;
#[path = "../support/mod.rs"]
mod support;
mod threads;
mod tournaments;

use fake::{channel_opt, opt, role_opt, user_opt, Fake, Fault, Recorded, Sent, APPLICATION, GUILD};

const TOKEN: &str = "fake-bot-token.abc.def";
const WAIT: Duration = Duration::from_secs(30);
const ALICE: u64 = 400_000_000_000_000_001;
const BOB: u64 = 400_000_000_000_000_002;
const CAROL: u64 = 400_000_000_000_000_003;
const LOBBY: u64 = 500_000_000_000_000_001;
const HALL: u64 = 500_000_000_000_000_002;

fn at(user: u64) -> String {
    format!("<@{user}>")
}

/// The bot, as a newcomer runs it: the binary with its environment, in its own folder.
fn start_bot(dir: &Path, vars: &[(&str, String)]) -> Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_herald"));
    cmd.current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("DEV_GUILD_ID")
        .env_remove("DISCORD_API_BASE")
        .env_remove("DATABASE_URL")
        .env_remove("DISCORD_TIMEOUT")
        .env_remove("SHARD_IDS")
        .env_remove("SHARD_COUNT")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in vars {
        cmd.env(k, v);
    }
    cmd.spawn().expect("the herald binary starts")
}

fn bot_vars(fake: &Fake, dir: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("DISCORD_TOKEN", TOKEN.to_string()),
        ("DISCORD_API_BASE", fake.api_base().to_string()),
        ("DEV_GUILD_ID", GUILD.to_string()),
        (
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("herald.db").display()),
        ),
    ]
}

/// Waits for the bot to exit by itself, without blocking the fake Discord's runtime. A bot
/// still running after `WAIT` is killed and the test fails (rather than hanging).
async fn exit(bot: Child) -> std::process::Output {
    let pid = bot.id().to_string();
    let waited = tokio::task::spawn_blocking(move || bot.wait_with_output());
    match tokio::time::timeout(WAIT, waited).await {
        Ok(done) => done.unwrap().unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &pid]).status();
            panic!("the bot did not stop by itself within {WAIT:?}");
        }
    }
}

fn stop(mut bot: Child) -> String {
    let _ = bot.kill();
    let out = bot.wait_with_output().expect("the bot's output");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The bot's stderr as it comes, read on a thread, so a test can wait for a line while the bot
/// runs.
fn watch_stderr(bot: &mut Child) -> Arc<Mutex<String>> {
    let mut stderr = bot.stderr.take().expect("stderr is piped");
    let log = Arc::new(Mutex::new(String::new()));
    let into = log.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    log
}

/// Waits until the watched log holds `needle`; the log so far either way.
async fn wait_log(log: &Mutex<String>, needle: &str) -> String {
    let deadline = Instant::now() + WAIT;
    loop {
        let text = log.lock().unwrap().clone();
        if text.contains(needle) || Instant::now() > deadline {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn answer(fake: &Fake, sent: &Sent) -> Recorded {
    fake.callback(sent, WAIT)
        .await
        .unwrap_or_else(|| panic!("no answer to interaction {}", sent.id))
}

/// Asserts the answer is a board the player can read: a PNG of a sensible size.
fn board_size(r: &Recorded) -> (u32, u32) {
    let png = r
        .png()
        .unwrap_or_else(|| panic!("no board image with: {}", r.content()));
    let decoder = png::Decoder::new(std::io::Cursor::new(png));
    let reader = decoder.read_info().expect("a valid PNG");
    let info = reader.info();
    (info.width, info.height)
}

async fn play(fake: &Fake, user: u64, channel: u64, mv: &str) -> Recorded {
    let r = answer(
        fake,
        &fake.slash(user, channel, "move", vec![opt("move", mv)]),
    )
    .await;
    assert!(!r.ephemeral(), "{mv} was refused: {}", r.content());
    r
}

/// The first legal move offered to `user` for what they typed.
async fn suggested(fake: &Fake, user: u64, channel: u64, typed: &str) -> Vec<(String, String)> {
    let sent = fake.autocomplete(user, channel, "move", "move", typed, Vec::new());
    let r = answer(fake, &sent).await;
    assert_eq!(r.callback_type(), Some(8), "an autocomplete answer");
    r.choices()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_discord_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start(TOKEN).await.unwrap();
    let bot = start_bot(dir.path(), &bot_vars(&fake, dir.path()));
    assert!(fake.wait_ready(1, WAIT).await, "the bot connected");

    // Registration: every command, globally and in the dev server, /move with autocomplete.
    let global = format!("/applications/{APPLICATION}/commands");
    let guild = format!("/applications/{APPLICATION}/guilds/{GUILD}/commands");
    for path in [&global, &guild] {
        let put = fake
            .wait_request(WAIT, |r| r.method == "PUT" && &r.path == path)
            .await
            .unwrap_or_else(|| panic!("no PUT {path}"));
        let mut names: Vec<&str> = put
            .json
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "abort",
                "accept",
                "analyse",
                "board",
                "challenge",
                "conditional",
                "decline",
                "draw",
                "games",
                "history",
                "leaderboard",
                "move",
                "note",
                "notify",
                "piece",
                "profile",
                "resign",
                "review",
                "rules",
                "settings",
                "swap",
                "takeback",
                "tournament",
                "tournaments",
                "vacation",
                "withdraw"
            ]
        );
        let commands = put.json.as_array().unwrap();
        let mv = commands.iter().find(|c| c["name"] == "move").unwrap();
        assert_eq!(mv["options"][0]["autocomplete"], true);
        let challenge = commands.iter().find(|c| c["name"] == "challenge").unwrap();
        let variants: Vec<&str> = challenge["options"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["name"] == "variant")
            .unwrap()["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_str().unwrap())
            .collect();
        for v in herald::rules::VariantId::ALL {
            assert!(variants.contains(&v.key()), "{variants:?}");
        }
    }

    // Alice challenges Bob; only Bob is pinged, and the buttons carry the challenge.
    let challenge = answer(
        &fake,
        &fake.slash(
            ALICE,
            LOBBY,
            "challenge",
            vec![
                user_opt("opponent", BOB),
                opt("variant", "epoch"),
                opt("color", "white"),
                opt("days", 3),
            ],
        ),
    )
    .await;
    assert_eq!(challenge.callback_type(), Some(4));
    assert!(!challenge.ephemeral());
    assert!(
        challenge.content().contains(&at(BOB)),
        "{}",
        challenge.content()
    );
    assert_eq!(challenge.allowed_users(), vec![BOB.to_string()]);
    let buttons = challenge.buttons();
    assert_eq!(buttons.len(), 3, "{buttons:?}");
    assert!(buttons[0].starts_with("accept:") && buttons[1].starts_with("decline:"));
    assert!(buttons[2].starts_with("withdraw:"), "{buttons:?}");
    let challenge_message = challenge.message.unwrap();

    // Carol cannot accept it for Bob.
    let refused = answer(&fake, &fake.press(CAROL, challenge_message, &buttons[0])).await;
    assert!(refused.ephemeral(), "{}", refused.content());
    assert!(!refused.content().is_empty());

    // Bob accepts: the game gets its own thread, opened on the challenge message and named
    // for the game; the channel is told where, without pinging anyone; the board goes to
    // the thread with Alice pinged to move; the spent buttons are taken away.
    let started = answer(&fake, &fake.press(BOB, challenge_message, &buttons[0])).await;
    assert!(!started.ephemeral(), "{}", started.content());
    let room = fake
        .wait_thread(1, WAIT)
        .await
        .expect("a thread for the game");
    assert!(
        started.content().contains(&format!("<#{room}>")),
        "{}",
        started.content()
    );
    assert!(
        started.allowed_users().is_empty(),
        "{:?}",
        started.allowed_users()
    );
    let (_, parent, name) = fake.threads()[0].clone();
    assert_eq!(parent, LOBBY);
    assert_eq!(
        name,
        format!("Chess 13: Epoch · Player {ALICE} vs Player {BOB}")
    );
    let on_challenge = format!("/channels/{LOBBY}/messages/{challenge_message}/threads");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r.path.ends_with(&on_challenge)),
        "the thread hangs from the challenge message"
    );
    let first_board = fake
        .wait_post(room, 1, WAIT)
        .await
        .expect("the board in the thread");
    assert_eq!(board_size(&first_board).0, 1000);
    assert!(first_board.content().contains(&at(ALICE)));
    assert_eq!(first_board.allowed_users(), vec![ALICE.to_string()]);
    let edit_path = format!("/messages/{challenge_message}");
    let cleared = fake
        .wait_request(WAIT, |r| {
            r.method == "PATCH" && r.path.ends_with(&edit_path)
        })
        .await
        .expect("the challenge's buttons were taken off");
    assert_eq!(cleared.json["components"], serde_json::json!([]));

    // Autocomplete: Bob is told to wait; Alice sees her Herald moves, labelled for people.
    let wait = suggested(&fake, BOB, room, "").await;
    assert_eq!(wait.len(), 1);
    assert!(wait[0].0.contains("not your turn"), "{wait:?}");
    let heralds = suggested(&fake, ALICE, room, "H").await;
    assert!(!heralds.is_empty() && heralds.len() <= 25, "{heralds:?}");
    assert!(
        heralds
            .iter()
            .all(|(name, value)| name.contains("Herald") && value.starts_with('H')),
        "{heralds:?}"
    );
    let all = suggested(&fake, ALICE, room, "").await;
    assert_eq!(all.len(), 25, "at most 25 of White's 81 moves");

    // Alice moves by the value autocomplete offered; Bob gets the swap button.
    let first = heralds[0].1.clone();
    let moved = play(&fake, ALICE, room, &first).await;
    board_size(&moved);
    assert!(moved.content().contains(&at(BOB)));
    assert_eq!(moved.allowed_users(), vec![BOB.to_string()]);
    let swap = moved
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("swap:"))
        .expect("a Swap sides button");
    let swap_message = moved.message.unwrap();

    // Alice cannot press Bob's swap; Bob can.
    let not_hers = answer(&fake, &fake.press(ALICE, swap_message, &swap)).await;
    assert!(not_hers.ephemeral());
    let swapped = answer(&fake, &fake.press(BOB, swap_message, &swap)).await;
    assert!(!swapped.ephemeral(), "{}", swapped.content());
    assert!(
        swapped.content().contains("swaps sides"),
        "{}",
        swapped.content()
    );

    // An illegal move is answered privately with the reason, and changes nothing.
    let illegal = answer(
        &fake,
        &fake.slash(ALICE, room, "move", vec![opt("move", "Zz99")]),
    )
    .await;
    assert!(illegal.ephemeral(), "{}", illegal.content());
    assert!(illegal.content().contains("Zz99"), "{}", illegal.content());
    let out_of_turn = answer(
        &fake,
        &fake.slash(BOB, room, "move", vec![opt("move", "e5")]),
    )
    .await;
    assert!(out_of_turn.ephemeral());

    // Alice (now Black) replies with a move autocomplete offers her.
    let black = suggested(&fake, ALICE, room, "").await;
    let reply_move = black[0].1.clone();
    // She moves from the channel, not the thread: the game is found all the same, her
    // answer there is a private pointer, and the board goes to the thread.
    let before = fake.posts_in(room).len();
    let pointer = answer(
        &fake,
        &fake.slash(ALICE, LOBBY, "move", vec![opt("move", reply_move.as_str())]),
    )
    .await;
    assert!(pointer.ephemeral(), "{}", pointer.content());
    assert!(
        pointer.content().contains(&format!("<#{room}>")),
        "{}",
        pointer.content()
    );
    let posted = fake
        .wait_post(room, before + 1, WAIT)
        .await
        .expect("the board");
    board_size(&posted);
    assert!(posted.content().contains(&at(BOB)), "{}", posted.content());

    // Discord archives a silent thread after a week: Herald reopens its game's at once.
    fake.archive_thread(room, false);
    let reopened = fake
        .wait_request(WAIT, |r| {
            r.method == "PATCH" && r.path.ends_with(&format!("/channels/{room}"))
        })
        .await
        .expect("the archived thread reopened");
    assert_eq!(reopened.json["archived"], false);

    // The bot dies mid-game and comes back: the game is intact, stale buttons say so.
    let log = stop(bot);
    assert!(!log.contains(TOKEN), "the token leaked into the log");
    let bot = start_bot(dir.path(), &bot_vars(&fake, dir.path()));
    assert!(fake.wait_ready(2, WAIT).await, "the bot reconnected");
    let history = answer(&fake, &fake.slash(BOB, LOBBY, "history", vec![])).await;
    assert!(history.content().contains(&first), "{}", history.content());
    assert!(
        history.content().contains(&reply_move),
        "{}",
        history.content()
    );
    let board = answer(
        &fake,
        &fake.slash(BOB, LOBBY, "board", vec![opt("private", true)]),
    )
    .await;
    assert!(board.ephemeral());
    board_size(&board);
    let stale = answer(&fake, &fake.press(BOB, swap_message, &swap)).await;
    assert!(stale.ephemeral(), "{}", stale.content());

    // Bob plays on after the restart; then resigns.
    let bob_move = suggested(&fake, BOB, room, "").await[0].1.clone();
    play(&fake, BOB, room, &bob_move).await;
    let resigned = answer(&fake, &fake.slash(BOB, room, "resign", vec![])).await;
    assert!(!resigned.ephemeral());
    assert!(
        resigned.content().contains("resigns"),
        "{}",
        resigned.content()
    );
    assert!(resigned.content().contains(&at(ALICE)));
    assert!(resigned.buttons().iter().any(|b| b.starts_with("rematch:")));
    // A rated game: the result carries both new ratings, which a profile and the
    // server's leaderboard then show, mentioning without pinging.
    let ratings = format!("{} 1742? (+242)", at(ALICE));
    assert!(
        resigned.content().contains(&ratings),
        "{}",
        resigned.content()
    );
    let profile = answer(
        &fake,
        &fake.slash(CAROL, LOBBY, "profile", vec![user_opt("player", BOB)]),
    )
    .await;
    assert!(!profile.ephemeral(), "{}", profile.content());
    assert!(profile.content().contains("1258?"), "{}", profile.content());
    assert!(
        profile.allowed_users().is_empty(),
        "{:?}",
        profile.allowed_users()
    );
    let chart = profile.png().expect("the profile has a rating chart");
    assert_eq!(
        &chart[16..24],
        &[0, 0, 3, 192, 0, 0, 2, 28],
        "a 960 x 540 PNG"
    );
    let board = answer(
        &fake,
        &fake.slash(CAROL, LOBBY, "leaderboard", vec![opt("variant", "epoch")]),
    )
    .await;
    assert!(
        board
            .content()
            .contains(&format!("1. {} **1742?**", at(ALICE))),
        "{}",
        board.content()
    );
    // The finished game stays visible: its final board, with the result.
    let after = answer(&fake, &fake.slash(ALICE, LOBBY, "board", vec![])).await;
    assert!(!after.ephemeral(), "{}", after.content());
    assert!(after.content().contains("resigned"), "{}", after.content());
    board_size(&after);

    // A second game to checkmate, in another channel, chess this time.
    let c = answer(
        &fake,
        &fake.slash(
            CAROL,
            HALL,
            "challenge",
            vec![
                user_opt("opponent", ALICE),
                opt("variant", "chess"),
                opt("color", "white"),
            ],
        ),
    )
    .await;
    assert!(!c.ephemeral(), "{}", c.content());
    // Accepted by command, naming the challenger, rather than by the button.
    let begun = answer(
        &fake,
        &fake.slash(ALICE, HALL, "accept", vec![user_opt("challenger", CAROL)]),
    )
    .await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    // No button pressed, so no message to hang from: a thread of the channel's own.
    let hall_room = fake
        .wait_thread(2, WAIT)
        .await
        .expect("the second game's thread");
    assert!(fake
        .requests()
        .iter()
        .any(|r| r.method == "POST" && r.path.ends_with(&format!("/channels/{HALL}/threads"))));
    let first = fake.wait_post(hall_room, 1, WAIT).await.expect("the board");
    assert_eq!(board_size(&first).0, 1000);
    play(&fake, CAROL, hall_room, "f3").await;
    play(&fake, ALICE, hall_room, "e5").await;

    // A moderator deletes the thread: the game goes on in the channel, with its board, and
    // the player to move pinged there.
    fake.delete_thread(hall_room);
    let back = fake
        .wait_post(HALL, 1, WAIT)
        .await
        .expect("the game back in the channel");
    assert!(back.content().contains("deleted"), "{}", back.content());
    assert!(back.content().contains(&at(CAROL)), "{}", back.content());
    assert_eq!(back.allowed_users(), vec![CAROL.to_string()]);
    board_size(&back);
    play(&fake, CAROL, HALL, "g4").await;
    let mate = play(&fake, ALICE, HALL, "Qh4").await;
    assert!(mate.content().contains("checkmate"), "{}", mate.content());
    assert!(mate.content().contains(&at(ALICE)));
    board_size(&mate);

    let log = stop(bot);
    assert!(!log.contains(TOKEN), "the token leaked into the log");
    assert!(!log.contains("ERROR"), "errors in the bot's log:\n{log}");
}

#[tokio::test]
async fn a_missing_or_rejected_token_stops_the_bot_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start(TOKEN).await.unwrap();

    let missing = exit(start_bot(
        dir.path(),
        &[("DISCORD_API_BASE", fake.api_base().to_string())],
    ))
    .await;
    assert!(!missing.status.success());
    let text = String::from_utf8_lossy(&missing.stderr);
    assert!(text.contains("DISCORD_TOKEN is not set"), "{text}");
    assert!(!text.contains("panicked"), "{text}");

    let wrong = "wrong-token.xyz";
    let rejected = exit(start_bot(
        dir.path(),
        &[
            ("DISCORD_TOKEN", wrong.to_string()),
            ("DISCORD_API_BASE", fake.api_base().to_string()),
            (
                "DATABASE_URL",
                format!("sqlite://{}", dir.path().join("h.db").display()),
            ),
        ],
    ))
    .await;
    assert!(!rejected.status.success());
    let text = String::from_utf8_lossy(&rejected.stderr);
    assert!(text.contains("rejected DISCORD_TOKEN"), "{text}");
    assert!(!text.contains(wrong), "the token leaked: {text}");
    assert!(!text.contains("panicked"), "{text}");
}

#[tokio::test]
async fn a_discord_that_never_answers_stops_the_bot_at_start_with_what_was_tried() {
    let dir = tempfile::tempdir().unwrap();

    // The REST API takes the connection and never answers.
    let fake = Fake::start(TOKEN).await.unwrap();
    fake.set_fault(Fault::Silent);
    let mut vars = bot_vars(&fake, dir.path());
    vars.push(("DISCORD_TIMEOUT", "1".into()));
    let began = Instant::now();
    let out = exit(start_bot(dir.path(), &vars)).await;
    let took = began.elapsed();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains(&format!("cannot reach Discord at {}", fake.api_base())),
        "{text}"
    );
    assert!(
        text.contains("GET /api/v10/users/@me (checking the token) had no answer within 1 s"),
        "{text}"
    );
    assert!(took < Duration::from_secs(15), "gave up after {took:?}");
    assert!(
        !text.contains("panicked") && !text.contains(TOKEN),
        "{text}"
    );
    assert!(fake.requests().iter().any(|r| r.path == "/users/@me"));

    // REST answers, but the gateway takes the connection and never speaks.
    let fake = Fake::start(TOKEN).await.unwrap();
    fake.set_fault(Fault::SilentGateway);
    let mut vars = bot_vars(&fake, dir.path());
    vars.push(("DISCORD_TIMEOUT", "1".into()));
    let out = exit(start_bot(dir.path(), &vars)).await;
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains(&format!(
            "cannot reach Discord at {}: the gateway sent no READY within 1 s",
            fake.api_base()
        )),
        "{text}"
    );

    // A timeout that is not a number of seconds is refused before anything is tried.
    let mut vars = bot_vars(&fake, dir.path());
    vars.push(("DISCORD_TIMEOUT", "soon".into()));
    let out = exit(start_bot(dir.path(), &vars)).await;
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("DISCORD_TIMEOUT must be a number of seconds"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_never_printed_even_when_discord_repeats_it() {
    let dir = tempfile::tempdir().unwrap();

    // At start: the error that stops the bot quotes the server, without the token.
    let fake = Fake::start(TOKEN).await.unwrap();
    fake.set_fault(Fault::EchoToken);
    let out = exit(start_bot(dir.path(), &bot_vars(&fake, dir.path()))).await;
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("cannot reach Discord"), "{text}");
    assert!(text.contains("HTTP 500"), "{text}");
    assert!(
        text.contains(&format!(
            "internal error while serving Bot {}",
            herald::discord::HIDDEN
        )),
        "{text}"
    );
    assert!(!text.contains(TOKEN), "the token leaked: {text}");

    // Running: a failed answer is logged, quoting the server, without the token.
    let fake = Fake::start(TOKEN).await.unwrap();
    let mut bot = start_bot(dir.path(), &bot_vars(&fake, dir.path()));
    let log = watch_stderr(&mut bot);
    assert!(fake.wait_ready(1, WAIT).await, "the bot connected");
    fake.set_fault(Fault::EchoToken);
    let sent = fake.slash(ALICE, LOBBY, "rules", vec![]);
    answer(&fake, &sent).await;
    let text = wait_log(&log, "answering the interaction failed").await;
    let _ = bot.kill();
    let _ = bot.wait();
    assert!(text.contains("answering the interaction failed"), "{text}");
    assert!(text.contains(herald::discord::HIDDEN), "{text}");
    assert!(!text.contains(TOKEN), "the token leaked: {text}");
}

#[tokio::test]
async fn settings_come_from_a_dot_env_file_when_the_environment_lacks_them() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start(TOKEN).await.unwrap();
    std::fs::write(
        dir.path().join(".env"),
        format!(
            "# from .env.example\nDISCORD_TOKEN=wrong-from-file\nDISCORD_API_BASE={}\nDATABASE_URL=sqlite://{}\n",
            fake.api_base(),
            dir.path().join("e.db").display()
        ),
    )
    .unwrap();
    // The file's token is used (and rejected by the fake): proof that it was read.
    let out = exit(start_bot(dir.path(), &[])).await;
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("rejected DISCORD_TOKEN"), "{text}");
    // The environment wins over the file.
    let bot = start_bot(dir.path(), &[("DISCORD_TOKEN", TOKEN.to_string())]);
    assert!(fake.wait_ready(1, WAIT).await, "the bot connected");
    stop(bot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_and_time_outs_are_posted_in_the_games_thread() {
    use herald::app::{Service, DAY};
    use std::sync::Arc;
    use support::clock::ManualClock;

    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("t.db").display());
    let store = herald::store::Store::open(&url).await.unwrap();
    let clock = Arc::new(ManualClock::new(1_795_000_000));
    let service = Arc::new(Service::new(store, clock.clone(), None));
    let fake = Fake::start(TOKEN).await.unwrap();
    let config = herald::discord::Config {
        token: TOKEN.into(),
        dev_guild: None,
        api_base: Some(fake.api_base().to_string()),
        tick: Duration::from_millis(100),
        timeout: herald::discord::TIMEOUT,
        shards: Default::default(),
    };
    let bot = tokio::spawn(herald::discord::run(service, config));
    assert!(fake.wait_ready(1, WAIT).await);

    let c = answer(
        &fake,
        &fake.slash(
            ALICE,
            LOBBY,
            "challenge",
            vec![
                user_opt("opponent", BOB),
                opt("days", 1),
                opt("color", "white"),
            ],
        ),
    )
    .await;
    let accept = c.buttons()[0].clone();
    let answered = answer(&fake, &fake.press(BOB, c.message.unwrap(), &accept)).await;
    assert!(!answered.ephemeral(), "{}", answered.content());
    let room = fake.wait_thread(1, WAIT).await.expect("the game's thread");
    let begun = fake
        .wait_post(room, 1, WAIT)
        .await
        .expect("the first board");
    assert!(begun
        .content()
        .contains(&format!("{}, you move first", at(ALICE))));
    let to_move = ALICE;
    let posts = format!("/channels/{room}/messages");
    // The thread is archived while Herald is away (no event): the reminder, posted in the
    // thread all the same, brings it back, as a message in an archived thread does.
    fake.archive_silently(room);

    // Most of a day later the player to move is reminded in the game's thread, with a
    // mention that pings them.
    clock.advance(DAY * 4 / 5);
    let reminder = fake
        .wait_post(room, 2, WAIT)
        .await
        .expect("a reminder in the thread");
    assert!(!fake.is_archived(room), "the reminder reopened the thread");
    assert!(
        reminder.content().contains(&at(to_move)),
        "{}",
        reminder.content()
    );
    assert_eq!(reminder.allowed_users(), vec![to_move.to_string()]);

    // When the day is out, the game ends on time, said in the same channel.
    clock.advance(DAY);
    let timeout = fake
        .wait_request(WAIT, |r| {
            r.method == "POST"
                && r.path == posts
                && r.content().contains("time")
                && r.message != reminder.message
        })
        .await
        .expect("the time-out in the thread");
    assert!(
        timeout.content().contains(&at(to_move)),
        "{}",
        timeout.content()
    );
    bot.abort();
}

/// The bot in this process, on a scratch database, against a fresh fake Discord.
async fn bot_in_process(dir: &Path) -> (Fake, tokio::task::JoinHandle<()>) {
    use herald::app::{Service, SystemClock};
    use std::sync::Arc;
    let url = format!("sqlite://{}", dir.join("v.db").display());
    let store = herald::store::Store::open(&url).await.unwrap();
    let service = Arc::new(Service::new(
        store,
        Arc::new(SystemClock),
        Some(herald::render::Options::default()),
    ));
    let fake = Fake::start(TOKEN).await.unwrap();
    let config = herald::discord::Config {
        token: TOKEN.into(),
        dev_guild: None,
        api_base: Some(fake.api_base().to_string()),
        tick: Duration::from_secs(60),
        timeout: herald::discord::TIMEOUT,
        shards: Default::default(),
    };
    let bot = tokio::spawn(async move {
        let _ = herald::discord::run(service, config).await;
    });
    assert!(fake.wait_ready(1, WAIT).await);
    (fake, bot)
}

/// Alice challenges Bob to `variant` with `extra` options; Bob accepts. Returns the
/// challenge's text, the first board, and the game's thread.
async fn start(
    fake: &Fake,
    channel: u64,
    variant: &str,
    extra: Vec<serde_json::Value>,
) -> (String, Recorded, u64) {
    let mut options = vec![
        user_opt("opponent", BOB),
        opt("variant", variant),
        opt("color", "white"),
    ];
    options.extend(extra);
    let c = answer(fake, &fake.slash(ALICE, channel, "challenge", options)).await;
    assert!(!c.ephemeral(), "{}", c.content());
    let accept = c.buttons()[0].clone();
    let threads = fake.threads().len();
    let begun = answer(fake, &fake.press(BOB, c.message.unwrap(), &accept)).await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    let room = fake
        .wait_thread(threads + 1, WAIT)
        .await
        .expect("a thread for the game");
    let board = fake
        .wait_post(room, 1, WAIT)
        .await
        .expect("the first board");
    (c.content().to_string(), board, room)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fantastic_xiii_plays_to_an_agreed_draw_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let (text, begun, room) = start(&fake, LOBBY, "fantastic", vec![]).await;
    assert!(text.contains("Fantastic XIII"), "{text}");
    assert_eq!(board_size(&begun).0, 1000);

    // Autocomplete knows the new pieces: the King's initial jumps from g1.
    let king = suggested(&fake, ALICE, room, "K").await;
    assert_eq!(king.len(), 6, "six initial jumps: {king:?}");
    assert!(
        king.iter().all(|(name, _)| name.contains("King")),
        "{king:?}"
    );
    play(&fake, ALICE, room, "g3g6").await;
    let reply = suggested(&fake, BOB, room, "Q").await;
    assert!(!reply.is_empty(), "Black's Squirrels: {reply:?}");
    play(&fake, BOB, room, &reply[0].1).await;

    // A draw offer with its buttons, accepted by the other player.
    let offer = answer(&fake, &fake.slash(ALICE, room, "draw", vec![])).await;
    assert!(
        offer.content().contains("offers a draw"),
        "{}",
        offer.content()
    );
    assert_eq!(offer.allowed_users(), vec![BOB.to_string()]);
    let accept = offer
        .buttons()
        .into_iter()
        .find(|b| b.starts_with("draw-accept:"))
        .expect("an Accept draw button");
    let drawn = answer(&fake, &fake.press(BOB, offer.message.unwrap(), &accept)).await;
    assert!(
        drawn.content().contains("drawn by agreement"),
        "{}",
        drawn.content()
    );
    let history = answer(
        &fake,
        &fake.slash(ALICE, room, "history", vec![user_opt("player", BOB)]),
    )
    .await;
    assert!(
        history.content().contains("1/2-1/2"),
        "{}",
        history.content()
    );
    assert!(
        history.content().contains("1. Tg6"),
        "{}",
        history.content()
    );
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ageiou_with_its_options_plays_to_a_result_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;

    // Options are for AGEIOU only.
    let refused = answer(
        &fake,
        &fake.slash(
            ALICE,
            HALL,
            "challenge",
            vec![
                user_opt("opponent", BOB),
                opt("variant", "chess"),
                opt("portal_turns", 2),
            ],
        ),
    )
    .await;
    assert!(refused.ephemeral(), "{}", refused.content());
    assert!(
        refused.content().contains("no game options"),
        "{}",
        refused.content()
    );

    let (text, begun, room) = start(
        &fake,
        LOBBY,
        "ageiou",
        vec![
            opt("portal_turns", 2),
            opt("repetitions", 4),
            opt("fifty", 100),
        ],
    )
    .await;
    assert!(text.contains("AGEIOU"), "{text}");
    assert!(text.contains("portals take 2 turns"), "{text}");
    assert!(text.contains("the 4th occurrence"), "{text}");
    assert_eq!(board_size(&begun).0, 1000);

    // A Vertag builds its portal over two turns; the build is offered by autocomplete.
    let vertag = suggested(&fake, ALICE, room, "b1b1").await;
    assert_eq!(vertag.len(), 1, "{vertag:?}");
    play(&fake, ALICE, room, &vertag[0].1).await;
    play(&fake, BOB, room, "a8a7").await;
    let opened = play(&fake, ALICE, room, "b1b1").await;
    board_size(&opened);

    let history = answer(&fake, &fake.slash(BOB, room, "history", vec![])).await;
    assert!(
        history.content().contains("portals take 2 turns"),
        "{}",
        history.content()
    );
    let record = history
        .files
        .iter()
        .find(|(name, _)| name.ends_with(".pgn"))
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .expect("the record file");
    assert!(
        record.contains("[Options \"portal-turns=2 repetitions=4 fifty=100\"]"),
        "{record}"
    );
    let resigned = answer(&fake, &fake.slash(BOB, room, "resign", vec![])).await;
    assert!(
        resigned.content().contains("resigns"),
        "{}",
        resigned.content()
    );
    bot.abort();
}

/// Sends an interaction while another program holds the database's write lock for a while,
/// so that Herald's answer must wait: asserts it was deferred within Discord's 3 s, and
/// returns the deferred answer once it is filled in.
async fn deferred_by_a_lock(fake: &Fake, dir: &Path, send: impl FnOnce() -> Sent) -> Recorded {
    use sqlx::{Connection, Executor};
    let url = format!("sqlite://{}", dir.join("v.db").display());
    let mut other = sqlx::SqliteConnection::connect(&url).await.unwrap();
    other.execute("BEGIN IMMEDIATE").await.unwrap();
    let sent = send();
    let first = answer(fake, &sent).await;
    assert_eq!(first.callback_type(), Some(5), "deferred: {:?}", first.json);
    let waited = first.at.duration_since(sent.at);
    assert!(
        waited < Duration::from_millis(2900),
        "deferred within Discord's 3 s: {waited:?}"
    );
    tokio::time::sleep(Duration::from_millis(1500)).await;
    other.execute("COMMIT").await.unwrap();
    let original = format!("/webhooks/{APPLICATION}/{}/messages/@original", sent.token);
    fake.wait_request(WAIT, |r| r.method == "PATCH" && r.path == original)
        .await
        .expect("the deferred answer was filled in")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_is_deferred_then_filled_in() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let (_, _, room) = start(&fake, LOBBY, "chess", vec![]).await;

    // Herald's move must wait for the database; once it is stored, the deferred answer is
    // edited into the move with its board.
    let filled = deferred_by_a_lock(&fake, dir.path(), || {
        fake.slash(ALICE, room, "move", vec![opt("move", "e4")])
    })
    .await;
    assert!(filled.content().contains("**e4**"), "{}", filled.content());
    assert_eq!(board_size(&filled).0, 1000);
    assert_eq!(filled.allowed_users(), vec![BOB.to_string()]);
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_option_herald_does_not_know_is_refused_not_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;

    // A misspelt option (as a command registered by another Herald could send) is refused with
    // the options the command has, instead of a challenge with a colour nobody chose.
    let misspelt = answer(
        &fake,
        &fake.slash(
            ALICE,
            LOBBY,
            "challenge",
            vec![user_opt("opponent", BOB), opt("colour", "black")],
        ),
    )
    .await;
    assert!(misspelt.ephemeral(), "{}", misspelt.content());
    assert_eq!(
        misspelt.content(),
        "/challenge has no option 'colour' (did you mean color?): its options are opponent, \
         variant, color, days, rated, level, fen, portal_turns, repetitions, fifty."
    );

    // An option of the wrong kind is refused too, not read as if absent.
    let wrong_kind = answer(
        &fake,
        &fake.slash(
            ALICE,
            LOBBY,
            "challenge",
            vec![user_opt("opponent", BOB), opt("days", "three")],
        ),
    )
    .await;
    assert!(wrong_kind.ephemeral(), "{}", wrong_kind.content());
    assert!(
        wrong_kind
            .content()
            .contains("/challenge cannot read days: it takes a whole number, not text."),
        "{}",
        wrong_kind.content()
    );
    let none = answer(
        &fake,
        &fake.slash(ALICE, LOBBY, "games", vec![opt("foo", "bar")]),
    )
    .await;
    assert!(
        none.content().contains("/games takes no options"),
        "{}",
        none.content()
    );

    // Nothing was posted for anyone else to see; the right options still work.
    assert!(fake
        .requests()
        .iter()
        .filter(|r| r.callback_type() == Some(4))
        .all(Recorded::ephemeral));
    let (text, _, _) = start(&fake, HALL, "chess", vec![]).await;
    assert!(text.contains(&at(BOB)), "{text}");
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_settings_are_changed_only_by_managers_and_shape_open_challenges() {
    const PLAYERS: u64 = 600_000_000_000_000_001;
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let change = vec![
        channel_opt("open_channel", HALL),
        opt("variant", "chess"),
        role_opt("role", PLAYERS),
        opt("days", 7),
    ];
    // A member without Manage Server may look, not change.
    let no = answer(&fake, &fake.slash(BOB, LOBBY, "settings", change.clone())).await;
    assert!(no.ephemeral());
    assert!(
        no.content()
            .starts_with("Only members who may manage this server"),
        "{}",
        no.content()
    );
    let shown = answer(&fake, &fake.slash(BOB, LOBBY, "settings", vec![])).await;
    assert!(
        shown.content().contains("posted where they are made"),
        "{}",
        shown.content()
    );
    fake.grant_manage_server(ALICE);
    let saved = answer(&fake, &fake.slash(ALICE, LOBBY, "settings", change)).await;
    assert!(saved.ephemeral());
    let text = saved.content();
    assert!(text.starts_with("Saved."), "{text}");
    assert!(
        text.contains(&format!("open challenges are posted in <#{HALL}>")),
        "{text}"
    );
    assert!(
        text.contains(&format!("an open challenge of Chess pings <@&{PLAYERS}>")),
        "{text}"
    );
    assert!(
        text.contains("when a challenge names none: 7 days"),
        "{text}"
    );

    // An open chess challenge made in the lobby goes to the hall and pings the role there.
    let told = answer(
        &fake,
        &fake.slash(BOB, LOBBY, "challenge", vec![opt("variant", "chess")]),
    )
    .await;
    assert!(told.ephemeral());
    assert!(
        told.content().contains(&format!("is posted in <#{HALL}>")),
        "{}",
        told.content()
    );
    let hall = format!("/channels/{HALL}/messages");
    let post = fake
        .wait_request(WAIT, |r| r.method == "POST" && r.path == hall)
        .await
        .expect("the open challenge in the hall");
    let content = post.content();
    assert!(
        content.starts_with(&format!(
            "<@&{PLAYERS}> {} (1500?) offers a rated game of Chess",
            at(BOB)
        )),
        "{content}"
    );
    assert!(content.contains("7 days per move"), "{content}");
    assert_eq!(post.allowed_roles(), vec![PLAYERS.to_string()]);
    assert!(post.allowed_users().is_empty());
    // Carol takes it from the hall's message.
    let accept = post.buttons()[0].clone();
    let begun = answer(&fake, &fake.press(CAROL, post.message.unwrap(), &accept)).await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    assert!(begun.content().contains(&at(CAROL)) && begun.content().contains(&at(BOB)));
    bot.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenging_the_bot_itself_is_a_game_against_herald() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, bot) = bot_in_process(dir.path()).await;
    let options = vec![
        user_opt("opponent", APPLICATION),
        opt("variant", "chess"),
        opt("color", "white"),
        opt("level", 1),
    ];
    let answered = answer(&fake, &fake.slash(ALICE, LOBBY, "challenge", options)).await;
    assert!(!answered.ephemeral(), "{}", answered.content());
    // The game gets its thread like any other, named for Herald.
    let room = fake.wait_thread(1, WAIT).await.expect("the game's thread");
    assert!(
        fake.threads()[0].2.ends_with("vs Herald"),
        "{:?}",
        fake.threads()
    );
    let begun = fake
        .wait_post(room, 1, WAIT)
        .await
        .expect("the first board");
    assert!(
        begun.content().contains("Herald plays at level 1 of 5"),
        "{}",
        begun.content()
    );
    // Alice moves; her answer carries her move, and Herald's follows with the board.
    let mine = play(&fake, ALICE, room, "e4").await;
    assert!(
        mine.content().contains("played **e4**"),
        "{}",
        mine.content()
    );
    let reply = fake
        .wait_request(WAIT, |r| {
            r.content().starts_with("Herald (level 1) played **")
        })
        .await
        .expect("Herald's answer");
    assert!(reply.png().is_some(), "the board after both moves");
    assert_eq!(reply.allowed_users(), vec![ALICE.to_string()]);
    bot.abort();
}
