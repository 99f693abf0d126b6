//! The terminal adapter, `herald local`, playing the newer variants from challenge to result.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use crate::support::clock::ManualClock;
use herald::app::Service;

async fn session(script: &str) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("l.db").display());
    let store = herald::store::Store::open(&url).await.unwrap();
    let service = Service::new(
        store,
        Arc::new(ManualClock::new(1_795_000_000)),
        Some(herald::render::Options::default()),
    );
    let mut out = Vec::new();
    herald::local::run(
        &service,
        &dir.path().join("images"),
        &["alice".to_string()],
        std::io::Cursor::new(script),
        &mut out,
    )
    .await
    .unwrap();
    (String::from_utf8(out).unwrap(), dir)
}

#[tokio::test]
async fn fantastic_xiii_from_challenge_to_resignation_in_a_terminal() {
    let (out, dir) = session(
        "alice: /challenge opponent:bob variant:fantastic color:white\n\
         bob: press Accept\n\
         alice: /move move:g3g6\n\
         bob: /move move:Tg8\n\
         alice: /history\n\
         alice: /resign\n",
    )
    .await;
    assert!(out.contains("Fantastic XIII"), "{out}");
    assert!(!out.contains("??"), "{out}");
    assert!(out.contains("played **Tg6**"), "{out}");
    assert!(out.contains("1. Tg6 Tg8"), "{out}");
    assert!(out.contains("@alice resigns. @bob wins as Black"), "{out}");
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(images >= 3, "a board for the start and each move: {images}");
}

#[tokio::test]
async fn rated_and_casual_games_a_leaderboard_and_a_profile_in_a_terminal() {
    let (out, dir) = session(
        "alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         alice: /move move:e4\n\
         bob: /move move:e5\n\
         bob: /resign\n\
         carol: /challenge opponent:dave variant:chess rated:false\n\
         dave: press Accept\n\
         dave: /abort\n\
         carol: /challenge opponent:dave rated:maybe\n\
         carol: /leaderboard variant:chess\n\
         bob: /profile player:alice\n",
    )
    .await;
    assert!(
        out.contains("@alice (1500?) challenges @bob (1500?) to a rated game of Chess"),
        "{out}"
    );
    assert!(
        out.contains("Ratings: @alice 1742? (+242), @bob 1258? (-242)."),
        "{out}"
    );
    assert!(out.contains("to a casual game of Chess"), "{out}");
    assert!(
        out.contains("?? rated is true or false, not 'maybe'"),
        "{out}"
    );
    assert!(out.contains("**Chess leaderboard** (rated games on this server; 2 players, page 1 of 1):\n*Provisional"), "{out}");
    assert!(
        out.contains("\n1. @alice **1742?** · 1 game: 1 win, 0 draws, 0 losses"),
        "{out}"
    );
    assert!(
        out.contains("**Profile of @alice**\nChess: **1742?** (RD 397)"),
        "{out}"
    );
    assert!(out.contains("file: "), "{out}");
    let chart = std::fs::read(dir.path().join("images/ratings-alice.png")).unwrap();
    assert_eq!(
        chart[16..24],
        [0, 0, 3, 192, 0, 0, 2, 28],
        "a 960 x 540 PNG"
    );
}

#[tokio::test]
async fn ageiou_with_options_from_challenge_to_result_in_a_terminal() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:ageiou color:white portal_turns:1 fifty:60\n\
         bob: press Accept\n\
         alice: /move move:b1b1\n\
         bob: /move move:\"K<>Cd10\"\n\
         alice: /history\n\
         bob: /draw\n\
         alice: press Accept draw\n",
    )
    .await;
    assert!(!out.contains("??"), "{out}");
    assert!(out.contains("portals take 1 turn to build"), "{out}");
    assert!(out.contains("@alice plays Light, @bob plays Dark"), "{out}");
    assert!(out.contains("(move 1, Dark to play"), "{out}");
    assert!(out.contains("60 moves each"), "{out}");
    assert!(out.contains("drawn by agreement"), "{out}");
}

#[tokio::test]
async fn options_are_refused_with_their_range_or_for_other_variants() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:ageiou portal_turns:9\n\
         alice: /challenge opponent:bob variant:epoch repetitions:5\n",
    )
    .await;
    assert!(
        out.contains("portal_turns must be from 1 to 7, not 9."),
        "{out}"
    );
    assert!(out.contains("epoch has no game options"), "{out}");
    assert!(!out.contains("challenges @bob"), "{out}");
}

#[tokio::test]
async fn a_chess_stalemate_is_announced_as_a_draw() {
    // Sam Loyd's ten-move stalemate.
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    let mut script = String::from(
        "alice: /challenge opponent:bob variant:chess color:white\nbob: press Accept\n",
    );
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        script.push_str(&format!("{who}: /move move:{m}\n"));
    }
    let (out, _dir) = session(&script).await;
    assert!(!out.contains("??"), "{out}");
    let last = out.lines().rev().find(|l| l.contains("Qe6")).unwrap();
    assert!(last.contains("Draw by stalemate."), "{last}");
    assert!(!last.contains("wins"), "{last}");
}

/// `herald local` as a player runs it: the binary in `dir` (its database and image folder
/// there by default), `input` typed on standard input.
pub(crate) fn herald_local(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("local")
        .args(args)
        .current_dir(dir)
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("herald local starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("herald local ends");
    feeder.join().unwrap().expect("the input was read");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("herald writes UTF-8")
}

#[test]
fn a_line_that_is_not_text_is_answered_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = herald_local(
        dir.path(),
        &["--no-images"],
        b"alice: /challenge opponent:bob variant:chess color:white\n\
          bob: press \xff\xfeAccept\n\
          bob: press Accept\n\
          alice: /move move:e4\n",
    );
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.contains("?? line 2 cannot be read: it is not UTF-8 text, so it was skipped"),
        "{stdout}"
    );
    assert!(stdout.contains("@alice, you move first"), "{stdout}");
    assert!(stdout.contains("**e4**"), "{stdout}");
}

#[test]
fn an_image_folder_that_cannot_be_written_is_named_and_play_goes_on_without_images() {
    let dir = tempfile::tempdir().unwrap();
    // A file where the folder should be: no folder can be made there, whoever runs the test.
    std::fs::write(dir.path().join("blocked"), b"not a folder").unwrap();
    let script = b"alice: /challenge opponent:bob variant:chess color:white\n\
                   bob: press Accept\n\
                   alice: /move move:e4\n\
                   bob: /move move:e5\n\
                   alice: /history\n";
    let out = herald_local(dir.path(), &["--out", "blocked/images"], script);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    assert!(
        stdout.starts_with("!! images are off: the folder blocked/images cannot be written ("),
        "{stdout}"
    );
    assert_eq!(stdout.matches("images are off").count(), 1, "{stdout}");
    assert!(stdout.contains("**e5**"), "{stdout}");
    assert!(stdout.contains("1. e4 e5"), "{stdout}");
    assert!(!stdout.contains("image: "), "{stdout}");

    // A folder that exists but may not be written: said at the first image, by name.
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    set_mode(&locked, 0o555);
    let writable = std::fs::write(locked.join("probe"), b"").is_ok();
    let out = herald_local(
        dir.path(),
        &["--db", "sqlite://l.db", "--out", "locked"],
        script,
    );
    set_mode(&locked, 0o755);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", text(&out.stderr));
    if writable {
        eprintln!("running as a user who may write anywhere: the read-only folder is not tested");
        return;
    }
    assert!(
        stdout
            .contains("!! images are off: the folder locked cannot be written (Permission denied"),
        "{stdout}"
    );
    assert_eq!(stdout.matches("images are off").count(), 1, "{stdout}");
    assert!(stdout.contains("1. e4 e5"), "{stdout}");
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) {}

#[test]
fn a_button_is_pressed_by_its_message_number_also_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let first = herald_local(
        dir.path(),
        &["--no-images"],
        b"alice: /challenge opponent:bob variant:chess color:white\n\
          carol: /challenge opponent:bob variant:chess color:white\n",
    );
    let shown = text(&first.stdout);
    assert!(shown.contains("buttons #1: Accept | Decline"), "{shown}");
    assert!(shown.contains("buttons #2: Accept | Decline"), "{shown}");

    // Another run on the same database: Bob accepts Alice's challenge, the older of the two,
    // by its number; what cannot be pressed says why.
    let second = herald_local(
        dir.path(),
        &["--no-images"],
        b"bob: press Accept #1\n\
          bob: press Accept #1\n\
          bob: press Accept #99\n\
          bob: press Rematch #2\n\
          #lobby bob: press Decline #2\n\
          bob: press Decline\n\
          bob: press Decline\n",
    );
    let out = text(&second.stdout);
    assert!(second.status.success(), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("@alice, you move first"), "{out}");
    assert!(
        out.contains("?? the buttons of message #1 are used up: @bob pressed Accept"),
        "{out}"
    );
    assert!(
        out.contains("?? there is no message #99 with buttons"),
        "{out}"
    );
    assert!(
        out.contains("?? message #2 has no 'Rematch' button: its buttons are Accept | Decline"),
        "{out}"
    );
    assert!(
        out.contains("?? message #2 is in #local, not #lobby"),
        "{out}"
    );
    // The old way still works: the newest Decline in the channel is Carol's.
    assert!(
        out.contains("@bob declined the challenge from @carol."),
        "{out}"
    );
    assert!(
        out.contains(
            "?? there is no 'Decline' button left in #local: the last one, on message #2, is \
             used up (@bob pressed Decline)"
        ),
        "{out}"
    );
}

#[tokio::test]
async fn misspelt_or_unknown_options_are_refused_with_the_options_there_are() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob colour:white\n\
         alice: /challenge opponent:bob day:1\n\
         alice: /challenge opponent:bob foo:bar\n\
         alice: /challenge opponent:bob variant:ageiou portal-turns:1\n\
         alice: /board flip:yes privat:true\n",
    )
    .await;
    let known =
        "its options are opponent, variant, color, days, rated, level, fen, portal_turns, repetitions, fifty.";
    for wrong in [
        "'colour' (did you mean color?)",
        "'day' (did you mean days?)",
        "'foo'",
        "'portal-turns' (did you mean portal_turns?)",
    ] {
        assert!(
            out.contains(&format!("?? /challenge has no option {wrong}: {known}\n")),
            "{wrong}: {out}"
        );
    }
    assert!(
        out.contains(
            "?? /board has no option 'privat' (did you mean private?): its options are \
             player, game, flip, private."
        ),
        "{out}"
    );
    assert!(!out.contains("challenges @bob"), "{out}");
}

#[tokio::test]
async fn notices_and_the_inbox_in_a_terminal() {
    let (out, _dir) = session(
        "bob: /notify mode:dm-turn\n\
         alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         alice: /move move:e4\n\
         #elsewhere bob: /games\n\
         #elsewhere bob: /move move:e5 game:1\n\
         alice: press Resign\n\
         alice: press Yes, resign\n",
    )
    .await;
    assert!(!out.contains("??"), "{out}");
    assert!(
        out.contains("-> @bob: Saved: Herald sends you a direct message"),
        "{out}"
    );
    assert!(
        out.contains("-> direct message to @bob: @alice played **e4**"),
        "{out}"
    );
    assert!(out.contains("Game #1: #local"), "{out}");
    assert!(out.contains("buttons #"), "{out}");
    assert!(out.contains("Next game"), "{out}");
    assert!(out.contains("-> @bob: Done: see #local."), "{out}");
    assert!(out.contains("-> #local: @bob played **e5**"), "{out}");
    assert!(
        out.contains("-> @alice: Resign game #1 against @bob?"),
        "{out}"
    );
    assert!(out.contains("@alice resigns"), "{out}");
}

#[tokio::test]
async fn a_review_in_a_terminal_once_the_game_is_over() {
    let (out, dir) = session(
        "alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         alice: /move move:e4\n\
         bob: /review\n\
         bob: /move move:e5\n\
         bob: /resign\n\
         alice: /review game:1\n",
    )
    .await;
    assert!(
        out.contains(
            "-> @bob: Game #1 is still being played: Herald reviews a game only once it is over"
        ),
        "{out}"
    );
    assert!(
        out.contains("-> #local: Review of game #1 (Chess): @alice vs @bob, 1-0."),
        "{out}"
    );
    assert!(out.contains("\n1. e4 e5 1-0\n"), "{out}");
    let chart = std::fs::read(dir.path().join("images/review-1.png")).unwrap();
    assert_eq!(
        chart[16..24],
        [0, 0, 3, 192, 0, 0, 1, 44],
        "a 960 x 300 PNG"
    );
}

#[tokio::test]
async fn the_terminal_has_settings_and_its_managers_change_them() {
    let (out, _dir) = session(
        "bob: /settings days:7\n\
         alice: /settings days:7\n\
         bob: /settings\n\
         bob: /challenge opponent:alice variant:chess\n\
         alice: /setings days:1\n",
    )
    .await;
    assert!(
        out.contains("Only members who may manage this server"),
        "{out}"
    );
    assert!(!out.contains("Settings belong to a server"), "{out}");
    // The challenge that names no time takes the server's 7 days.
    assert!(out.contains("7 days"), "{out}");
    assert!(
        out.contains("?? Herald has no /setings command (did you mean /settings?)"),
        "{out}"
    );
}

#[tokio::test]
async fn a_press_may_name_the_start_of_a_label_and_a_wrong_word_lists_the_right_ones() {
    let (out, _dir) = session(
        "alice: /notify mode:dm\n\
         alice: /challenge opponent:bob variant:epoch color:white\n\
         bob: press acc\n\
         alice: /move move:Tb1-d4\n\
         bob: press Swap\n",
    )
    .await;
    assert!(
        out.contains(
            "?? unknown notice mode 'dm': expected one of mention, dm-turn, dm-alerts, off"
        ),
        "{out}"
    );
    assert!(out.contains("Game #1: @alice plays White"), "{out}");
    assert!(out.contains("@bob swaps sides"), "{out}");
}

#[tokio::test]
async fn lines_and_names_beyond_discord_limits_are_refused_and_a_byte_order_mark_is_not_read() {
    let long_name = "a".repeat(33);
    let long_line = format!("alice: /move move:{}", "e".repeat(6000));
    let script = format!(
        "\u{feff}alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         {long_line}\n\
         alice: /move move:e4\u{0}\n\
         {long_name}: /games\n\
         alice: /challenge opponent:{long_name} variant:chess\n\
         #{} alice: /games\n\
         alice: /move move:e4\n",
        "c".repeat(101)
    );
    let (out, dir) = session(&script).await;
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("?? ")).collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].contains("this line is 6018 characters long: Herald reads at most 6000"),
        "{out}"
    );
    assert!(lines[1].contains("holds a control character"), "{out}");
    assert!(
        lines[2].contains("33 characters long, too long for a user's name"),
        "{out}"
    );
    assert!(lines[3].contains("too long for a user's name"), "{out}");
    assert!(
        lines[4].contains("101 characters long, too long for a channel's name"),
        "{out}"
    );
    // The challenge under the byte order mark was alice's, and e4 the game's one move.
    assert!(out.contains("@alice played **e4**"), "{out}");
    let url = format!("sqlite://{}", dir.path().join("l.db").display());
    let store = herald::store::Store::open(&url).await.unwrap();
    let games = store.all_games().await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].white.as_str(), games[0].ply), ("alice", 1));
}

#[tokio::test]
async fn an_analysis_in_a_terminal_tries_a_line_and_plays_nothing() {
    let (out, dir) = session(
        "alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         alice: /analyse moves:\"e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7\"\n\
         alice: /analyse moves:\"e4 e5 Ke3\"\n\
         alice: /analyse engine:true\n\
         alice: /analyse fen:\"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\" engine:true\n\
         alice: /move move:d4\n",
    )
    .await;
    let lines = [
        "-> @alice: Analysis of game #1 (Chess) after 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#, not played in any game: the line ends the game: White wins by checkmate.",
        "-> @alice: Move 3 of your line, 'Ke3': the king on e1 cannot reach e3: a king moves one square in any direction.",
        "-> @alice: Game #1 is still being played, so the engine gives no opinion on it",
        "-> @alice: Analysis of a Chess position: White to move. Engine, 1 ply deep: White mates in 1; best Ra8#.",
        "played **d4**",
    ];
    for line in lines {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let images = std::fs::read_dir(dir.path().join("images"))
        .unwrap()
        .count();
    assert!(
        images >= 4,
        "the start, two analyses and the move: {images}"
    );
}

#[tokio::test]
async fn a_conditional_line_in_a_terminal_answers_for_its_keeper() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         alice: /move move:e4\n\
         alice: /conditional moves:\"e5 Nf3 Nc6 Bb5\"\n\
         alice: /conditional moves:\"e5 Qh5\"\n\
         bob: /move move:e5\n\
         alice: /conditional\n\
         alice: /conditional clear:true\n",
    )
    .await;
    let lines = [
        "-> @alice: Kept. Your conditional lines in game #1, which only you see:\n- 1... e5 2. Nf3 Nc6 3. Bb5",
        "-> @alice: That line replies differently from one you keep: 1... e5 2. Nf3 Nc6 3. Bb5.",
        "@alice played **Nf3** (a conditional move): Knight g1 to f3. @bob, your move",
        "-> @alice: Your conditional lines in game #1, which only you see:\n- 2... Nc6 3. Bb5",
        "-> @alice: Your conditional line in game #1 is dropped.",
    ];
    for line in lines {
        assert!(out.contains(line), "{line}\n{out}");
    }
    assert!(!out.contains("-> @bob: Kept"), "{out}");
}

#[tokio::test]
async fn leave_in_a_terminal_is_shown_to_the_opponent() {
    let (out, _dir) = session(
        "alice: /challenge opponent:bob variant:chess color:white\n\
         bob: press Accept\n\
         bob: /vacation days:7\n\
         alice: /move move:e4\n\
         alice: /games\n\
         bob: /vacation off:true\n\
         bob: /vacation\n",
    )
    .await;
    let lines = [
        "-> @bob: You are on vacation for 7 days (until ",
        "@bob is on vacation until ",
        "their move, on vacation until ",
        "-> @bob: Welcome back: your leave ends now (1 of your 30 days of leave this year taken, 29 left).",
        "-> @bob: You are not on vacation (1 of your 30 days",
    ];
    for line in lines {
        assert!(out.contains(line), "{line}\n{out}");
    }
}
