//! A round robin through Discord: `/tournament` registered as a command with subcommands,
//! joined by three players, started by its creator, every game in its own thread named for
//! the tournament and the round.

use super::*;

/// `/tournament <sub>` with `options`, as Discord sends a subcommand.
fn sub(name: &str, options: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    vec![serde_json::json!({"name": name, "type": 1, "options": options})]
}

/// The file called `name` that answers an interaction (in its answer or a follow-up).
async fn file_of(fake: &Fake, sent: &Sent, name: &str) -> Vec<u8> {
    let answered = fake
        .wait(WAIT, || {
            let mut answers = fake
                .requests()
                .into_iter()
                .filter(|r| r.path.contains(&sent.token));
            answers.find_map(|r| r.files.into_iter().find(|(n, _)| n == name))
        })
        .await;
    answered
        .unwrap_or_else(|| panic!("no {name} in the answer"))
        .1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_starts_every_game_in_its_own_thread_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, _bot) = bot_in_process(dir.path()).await;
    let create = sub(
        "create",
        vec![
            opt("name", "Autumn Cup"),
            opt("variant", "chess"),
            opt("system", "round-robin"),
        ],
    );
    let made = answer(&fake, &fake.slash(ALICE, LOBBY, "tournament", create)).await;
    assert!(!made.ephemeral(), "{}", made.content());
    assert!(
        made.content().contains("made tournament #1 **Autumn Cup**"),
        "{}",
        made.content()
    );
    for who in [ALICE, BOB, CAROL] {
        let joined = answer(
            &fake,
            &fake.slash(who, LOBBY, "tournament", sub("join", vec![opt("id", 1)])),
        )
        .await;
        assert!(
            joined.content().contains("joins tournament #1"),
            "{}",
            joined.content()
        );
    }
    // The report file names each player as the server shows them.
    fake.set_nick(ALICE, "Alice Liddell");
    let sent = fake.slash(CAROL, LOBBY, "tournament", sub("trf", vec![opt("id", 1)]));
    let report = file_of(&fake, &sent, "Autumn-Cup.trf").await;
    let report = herald::tournament::trf::read(&String::from_utf8(report).unwrap()).unwrap();
    let names: Vec<&str> = report.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Alice Liddell".to_string(),
            format!("Player {BOB}"),
            format!("Player {CAROL}")
        ]
    );
    let bare = answer(&fake, &fake.slash(BOB, LOBBY, "tournament", vec![])).await;
    assert!(bare.ephemeral(), "{}", bare.content());
    assert!(
        bare.content()
            .starts_with("/tournament needs one of its subcommands"),
        "{}",
        bare.content()
    );
    let threads = fake.threads().len();
    let started = answer(
        &fake,
        &fake.slash(ALICE, LOBBY, "tournament", sub("start", vec![])),
    )
    .await;
    assert!(
        started.content().contains("begins: 3 players, 3 rounds"),
        "{}",
        started.content()
    );
    assert!(
        fake.wait_thread(threads + 3, WAIT).await.is_some(),
        "a thread a game"
    );
    let mut names: Vec<String> = fake.threads()[threads..]
        .iter()
        .map(|(_, _, name)| name.clone())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3);
    for (round, name) in names.iter().enumerate() {
        assert!(
            name.starts_with(&format!("Autumn Cup R{} · ", round + 1)),
            "{names:?}"
        );
    }
    // The standings come with the crosstable, a picture a phone shows whole.
    let sent = fake.slash(BOB, LOBBY, "tournament", sub("show", vec![opt("id", 1)]));
    let picture = file_of(&fake, &sent, "Autumn-Cup-crosstable.png").await;
    let (width, _) = png::Decoder::new(std::io::Cursor::new(picture))
        .read_info()
        .map(|r| (r.info().width, r.info().height))
        .expect("a PNG");
    assert!(
        width <= herald::render::crosstable::MAX_WIDTH,
        "{width} wide"
    );
    let listed = answer(&fake, &fake.slash(CAROL, LOBBY, "tournaments", vec![])).await;
    assert!(
        listed.ephemeral() && listed.content().contains("3 players, running"),
        "{}",
        listed.content()
    );
}
