//! Herald as several processes, each running some of the bot's shards, all on one database:
//! each server's interactions reach the process that runs its shard, and the games played
//! in both at once keep every move, in order, each answered once.

use std::collections::HashMap;

use serde_json::Value;

use super::*;
use fake::{guild_on_shard, shard_of};

/// A SQLite file both processes use (SQLite, in WAL mode, takes several processes on one
/// file).
fn sqlite_database(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("shared.db").display())
}

const DAN: u64 = 400_000_000_000_000_004;
/// A channel in the server on shard 0, and one in the server on shard 1.
const NORTH: u64 = 500_000_000_000_000_031;
const SOUTH: u64 = 500_000_000_000_000_032;
/// Dan's direct messages with Herald, and Carol's.
const DAN_DM: u64 = 500_000_000_000_000_033;
const CAROL_DM: u64 = 500_000_000_000_000_034;

/// A bot process that is killed if the test fails before it [`stop`]s it, so that no
/// process outlives a failed test.
struct Bot(Option<Child>);

impl Bot {
    fn stop(mut self) -> String {
        stop(self.0.take().expect("the bot runs"))
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        if let Some(mut bot) = self.0.take() {
            let _ = bot.kill();
            let _ = bot.wait();
        }
    }
}

/// The bot running `ids` of 2 shards on `database`, its log (at info) watched.
fn start_shards(fake: &Fake, dir: &Path, database: &str, ids: &str) -> (Bot, Arc<Mutex<String>>) {
    let mut vars: Vec<(&str, String)> = bot_vars(fake, dir)
        .into_iter()
        .filter(|(k, _)| *k != "DATABASE_URL")
        .collect();
    vars.extend([
        ("DATABASE_URL", database.to_string()),
        ("SHARD_IDS", ids.to_string()),
        ("SHARD_COUNT", "2".to_string()),
        ("RUST_LOG", "warn,herald=info".to_string()),
    ]);
    let mut bot = start_bot(dir, &vars);
    let log = watch_stderr(&mut bot);
    (Bot(Some(bot)), log)
}

/// One game in one server: its players, its thread and the interactions sent so far.
struct Table {
    guild: u64,
    shard: u32,
    white: u64,
    black: u64,
    room: u64,
    sent: Vec<Sent>,
}

impl Table {
    fn slash(&mut self, fake: &Fake, user: u64, channel: u64, name: &str, o: Vec<Value>) -> Sent {
        let sent = fake.slash_from(Some(self.guild), user, channel, name, o);
        self.sent.push(sent.clone());
        sent
    }

    fn press(&mut self, fake: &Fake, user: u64, message: u64, button: &str) -> Sent {
        let sent = fake.press(user, message, button);
        self.sent.push(sent.clone());
        sent
    }
}

/// `white` challenges `black` in `channel` of `guild`; `black` accepts by button or by /accept.
async fn begin(
    fake: &Fake,
    guild: u64,
    (white, black): (u64, u64),
    channel: u64,
    by_button: bool,
) -> Table {
    let mut t = Table {
        guild,
        shard: shard_of(guild, 2),
        white,
        black,
        room: 0,
        sent: Vec::new(),
    };
    let options = vec![
        user_opt("opponent", black),
        opt("variant", "chess"),
        opt("color", "white"),
    ];
    let challenge = t.slash(fake, white, channel, "challenge", options);
    let c = answer(fake, &challenge).await;
    assert!(!c.ephemeral(), "{}", c.content());
    let threads = fake.threads().len();
    let accept = if by_button {
        let button = c.buttons()[0].clone();
        t.press(fake, black, c.message.unwrap(), &button)
    } else {
        let options = vec![user_opt("challenger", white)];
        t.slash(fake, black, channel, "accept", options)
    };
    let begun = answer(fake, &accept).await;
    assert!(!begun.ephemeral(), "{}", begun.content());
    t.room = fake
        .wait_thread(threads + 1, WAIT)
        .await
        .expect("a thread for the game");
    t
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_each_run_their_shard_and_share_one_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let database = sqlite_database(dir.path());
    two_processes_share(&dir, &database).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_each_run_their_shard_and_share_one_postgresql_database() {
    if !support::postgres::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let database = support::postgres::fresh_database().await.unwrap();
    two_processes_share(&dir, &database).await;
}

async fn two_processes_share(dir: &tempfile::TempDir, database: &str) {
    let fake = Fake::start(TOKEN).await.unwrap();
    let (first, second) = (guild_on_shard(0, 2), guild_on_shard(1, 2));
    assert_ne!(first, second);
    fake.join_guild(first);
    fake.join_guild(second);

    // One process after the other (each applies the migrations on opening the database).
    let (bot0, log0) = start_shards(&fake, dir.path(), database, "0");
    assert!(fake.wait_ready_on(0, 1, WAIT).await, "shard 0 connected");
    let (bot1, log1) = start_shards(&fake, dir.path(), database, "1");
    assert!(fake.wait_ready_on(1, 1, WAIT).await, "shard 1 connected");
    let connected = Instant::now();
    for (log, shard) in [(&log0, "shard 0 of 2"), (&log1, "shard 1 of 2")] {
        let text = wait_log(log, shard).await;
        assert!(
            text.contains(shard),
            "the log says which shards run: {text}"
        );
    }

    // A game in each server: one accepted by button, the other by /accept.
    let mut north = begin(&fake, first, (ALICE, BOB), NORTH, true).await;
    let mut south = begin(&fake, second, (CAROL, DAN), SOUTH, false).await;
    for t in [&north, &south] {
        let board = fake
            .wait_post(t.room, 1, WAIT)
            .await
            .expect("a first board");
        assert!(
            board.content().contains(&at(t.white)),
            "{}",
            board.content()
        );
        board_size(&board);
    }

    // Both play at once, a move in each game each round.
    let north_moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"];
    let south_moves = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7"];
    for (ply, (n, s)) in north_moves.iter().zip(south_moves).enumerate() {
        let mut round = Vec::new();
        for (t, mv) in [(&mut north, *n), (&mut south, s)] {
            let user = if ply % 2 == 0 { t.white } else { t.black };
            let (room, next) = (t.room, if ply % 2 == 0 { t.black } else { t.white });
            round.push((
                t.slash(&fake, user, room, "move", vec![opt("move", mv)]),
                mv,
                next,
            ));
        }
        for (sent, mv, next) in round {
            let r = answer(&fake, &sent).await;
            let text = r.content();
            assert!(!r.ephemeral(), "{mv} was refused: {text}");
            assert!(text.contains(&format!("played **{mv}**")), "{text}");
            // After `played` plies, full move `played / 2 + 1` is the one to play.
            let played = ply + 1;
            let number = format!("your move (move {}, ", played / 2 + 1);
            assert!(text.contains(&number), "{mv}: {text}");
            assert!(text.contains(&at(next)), "{text}");
            board_size(&r);
        }
    }

    // Each server's interactions went on its own shard, so to the process that runs it.
    for t in [&north, &south] {
        for sent in &t.sent {
            assert_eq!(sent.shard, Some(t.shard), "interaction {}", sent.id);
        }
    }
    assert!(fake.dispatches_on(0) >= north.sent.len() as u64);
    assert!(fake.dispatches_on(1) >= south.sent.len() as u64);
    // Each process identified its own shard, once, and no other: a process given more
    // shards identifies the next one 5 s after the first (serenity's pace), so wait that out.
    tokio::time::sleep(Duration::from_secs(6).saturating_sub(connected.elapsed())).await;
    assert_eq!(
        (fake.readies_on(0), fake.readies_on(1), fake.readies_on(2)),
        (1, 1, 0),
        "one READY per shard"
    );

    // A direct message goes to shard 0, whose process reads the game shard 1's played.
    let inbox = answer(&fake, &fake.slash_from(None, DAN, DAN_DM, "games", vec![])).await;
    assert!(
        inbox
            .content()
            .contains(&format!("/{second}/{}", south.room)),
        "{}",
        inbox.content()
    );

    // Both games hold every move, in order, numbered as played.
    for (t, moves) in [(&mut north, north_moves), (&mut south, south_moves)] {
        let history = t.slash(&fake, t.white, t.room, "history", vec![]);
        let text = answer(&fake, &history).await.content().to_string();
        let numbered: Vec<String> = moves
            .chunks(2)
            .enumerate()
            .map(|(i, pair)| format!("{}. {}", i + 1, pair.join(" ")))
            .collect();
        let line = format!(": {} *", numbered.join(" "));
        assert!(text.ends_with(&line), "{line} in {text}");
    }

    // Nothing was said twice: one answer per interaction, and no post repeated.
    let requests = fake.requests();
    for sent in north.sent.iter().chain(&south.sent) {
        let callback = format!("/{}/callback", sent.token);
        let answers = requests
            .iter()
            .filter(|r| r.path.ends_with(&callback))
            .count();
        assert_eq!(
            answers, 1,
            "interaction {} answered {answers} times",
            sent.id
        );
    }
    let mut posts: HashMap<(String, String), usize> = HashMap::new();
    for r in requests.iter().filter(|r| {
        r.method == "POST" && (r.path.ends_with("/messages") || r.path.starts_with("/webhooks/"))
    }) {
        *posts
            .entry((r.path.clone(), r.content().to_string()))
            .or_default() += 1;
    }
    for ((path, content), n) in posts {
        assert_eq!(n, 1, "posted {n} times to {path}: {content}");
    }
    for t in [&north, &south] {
        assert_eq!(
            fake.posts_in(t.room).len(),
            1,
            "one board posted in the thread"
        );
    }
    // A move by number from a direct message reaches shard 0's process, which plays it on
    // the position shard 1's process left, and posts it in the game's thread.
    let number = fake
        .posts_in(south.room)
        .iter()
        .find_map(|m| {
            let after = m.content().split("#").nth(1)?.to_string();
            let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<i64>().ok()
        })
        .expect("the thread names its game");
    let asked = fake.slash_from(
        None,
        CAROL,
        CAROL_DM,
        "move",
        vec![opt("game", number), opt("move", "e3")],
    );
    assert_eq!(asked.shard, Some(0));
    let r = answer(&fake, &asked).await;
    assert!(r.content().contains("Done: see"), "{}", r.content());
    let posted = fake
        .wait_post(south.room, 2, WAIT)
        .await
        .expect("the move posted in the thread");
    assert!(
        posted.content().contains("played **e3**"),
        "{}",
        posted.content()
    );
    assert!(
        posted.content().contains("(move 5, "),
        "{}",
        posted.content()
    );
    for (bot, log) in [(bot0, log0), (bot1, log1)] {
        bot.stop();
        let text = log.lock().unwrap().clone();
        assert!(
            !text.contains("panicked") && !text.contains(TOKEN),
            "{text}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_only_shard_count_one_process_runs_every_shard() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start(TOKEN).await.unwrap();
    let mut vars = bot_vars(&fake, dir.path());
    vars.push(("SHARD_COUNT", "2".to_string()));
    let bot = Bot(Some(start_bot(dir.path(), &vars)));
    // serenity identifies the second shard 5 s after the first.
    assert!(fake.wait_ready_on(0, 1, WAIT).await, "shard 0 connected");
    assert!(fake.wait_ready_on(1, 1, WAIT).await, "shard 1 connected");
    for shard in [0, 1] {
        let guild = guild_on_shard(shard, 2);
        let sent = fake.slash_from(
            Some(guild),
            ALICE,
            NORTH + u64::from(shard),
            "rules",
            vec![],
        );
        assert_eq!(sent.shard, Some(shard));
        let r = answer(&fake, &sent).await;
        assert!(!r.content().is_empty(), "shard {shard} answered");
    }
    bot.stop();
}

#[tokio::test]
async fn shards_that_do_not_add_up_stop_the_bot_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let fake = Fake::start(TOKEN).await.unwrap();
    let cases = [
        (vec![("SHARD_IDS", "0-3")], "SHARD_COUNT is not set"),
        (vec![("SHARD_IDS", "2"), ("SHARD_COUNT", "2")], "0 to 1"),
        (
            vec![("SHARD_IDS", "3-1"), ("SHARD_COUNT", "8")],
            "backwards",
        ),
        (
            vec![("SHARD_IDS", "0-3"), ("SHARD_COUNT", "eight")],
            "SHARD_COUNT must",
        ),
    ];
    for (shards, said) in cases {
        let mut vars = bot_vars(&fake, dir.path());
        vars.extend(shards.iter().map(|(k, v)| (*k, v.to_string())));
        let out = exit(start_bot(dir.path(), &vars)).await;
        let text = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{shards:?} started");
        assert!(text.contains(said), "{shards:?}: {text}");
        assert_eq!(text.trim().lines().count(), 1, "{text}");
    }
    assert_eq!(fake.readies(), 0, "no shard connected");
}
