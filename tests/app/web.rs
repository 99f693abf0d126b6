//! The web pages, served on 127.0.0.1 by a second service over the game's database (as
//! `herald web` runs beside the bot): a game's page, its board after any ply, its record
//! (read back by python-chess) and its replay, the cache's tags, and every bad address
//! answered with a 400 or 404 page.

use std::sync::Arc;

use herald::rules::{GameOptions, VariantId};
use herald::web::Site;

use crate::records::reads_back;
use herald::store::Change;
use tokio::sync::broadcast::Receiver;

use crate::service::{on_both, open, public, table, Table};

/// A web server over `t`'s database, as another process would run it: its address.
async fn serve(t: &Table, public_url: Option<&str>) -> String {
    let service = Arc::new(open(&t.url, t.clock.clone(), true).await);
    let site = Arc::new(Site::new(service, public_url.map(str::to_string)));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(herald::web::serve(listener, site));
    format!("http://{addr}")
}

/// A GET: the status, the content type, the entity tag and the body.
async fn get(url: &str, tag: Option<&str>) -> (u16, String, String, Vec<u8>) {
    let client = reqwest::Client::new();
    let mut request = client.get(url);
    if let Some(tag) = tag {
        request = request.header("If-None-Match", tag);
    }
    let r = request.send().await.unwrap();
    let header = |name: &str| {
        r.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (status, kind, etag) = (r.status().as_u16(), header("content-type"), header("etag"));
    (status, kind, etag, r.bytes().await.unwrap().to_vec())
}

/// Asserts that a page has each of `parts`, showing the page where one is missing.
fn shows(html: &str, parts: &[&str]) {
    for part in parts {
        assert!(html.contains(part), "{part} is not in\n{html}");
    }
}

async fn page(url: &str) -> (u16, String) {
    let (status, kind, _, body) = get(url, None).await;
    assert!(kind.starts_with("text/html"), "{url}: {kind}");
    (status, String::from_utf8(body).unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_has_a_page_its_board_at_every_ply_its_record_and_its_replay() {
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("e4 e5 Qh5 Nc6").await;
    let site = serve(&t, Some("https://herald.example.org/")).await;

    // The page: players, variant, state, the moves as links, the tags that unfurl it.
    let (status, html) = page(&format!("{site}/games/{id}")).await;
    assert_eq!(status, 200);
    shows(
        &html,
        &[
            "<title>alice vs bob · Chess · move 2</title>",
            r#"<meta property="og:title" content="alice vs bob · Chess · move 2">"#,
            &format!(
                r#"<meta property="og:image" content="https://herald.example.org/games/{id}.png">"#
            ),
            r#"<meta name="twitter:card" content="summary_large_image">"#,
            r#"<h1><a class="player" href="/players/1">alice</a> vs <a class="player" href="/players/2">bob</a></h1>"#,
            "White to move",
            &format!(r#"<img id="board" src="/games/{id}.png?ply=4""#),
            &format!(r#"<a href="/games/{id}?ply=3" data-ply="3">Qh5</a>"#),
            &format!(r#"<a href="/games/{id}?ply=4" data-ply="4" class="now">Nc6</a>"#),
            &format!(r#"<a href="/games/{id}.pgn">PGN</a>"#),
        ],
    );
    // A ply asked: that board, that move marked, the steps around it.
    let (_, html) = page(&format!("{site}/games/{id}?ply=1&flip")).await;
    assert!(
        html.contains(&format!(r#"src="/games/{id}.png?ply=1&amp;flip""#)),
        "{html}"
    );
    assert!(
        html.contains(r#"data-ply="1" class="now">e4</a>"#),
        "{html}"
    );
    assert!(html.contains(&format!(
        r#"href="/games/{id}?ply=2&amp;flip" title="On a move"#
    )));

    // The board after each ply decodes, from either side, and differs from ply to ply.
    let mut boards = Vec::new();
    for ply in 0..=4 {
        let (status, kind, _, png) = get(&format!("{site}/games/{id}.png?ply={ply}"), None).await;
        assert_eq!((status, kind.as_str()), (200, "image/png"), "ply {ply}");
        let image = image::load_from_memory(&png).unwrap();
        assert!(image.width() >= 400, "ply {ply}: {}", image.width());
        boards.push(png);
    }
    boards.dedup();
    assert_eq!(boards.len(), 5, "five different boards");
    let (_, _, _, flipped) = get(&format!("{site}/games/{id}.png?ply=4&flip"), None).await;
    assert_ne!(flipped, boards[4]);

    // Played on by the bot's service: the web's service reads the new move.
    t.play("Bc4 Nf6 Qxf7#").await;
    let (_, html) = page(&format!("{site}/games/{id}")).await;
    assert!(html.contains("White wins: checkmate"), "{html}");
    assert!(html.contains(">Qxf7#</a>"), "{html}");

    // The record, read back by python-chess; the replay, a frame a ply and one to start.
    let (status, kind, _, pgn) = get(&format!("{site}/games/{id}.pgn"), None).await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("application/x-chess-pgn"), "{kind}");
    let stored = t.service.store().moves(id).await.unwrap();
    reads_back(&String::from_utf8(pgn).unwrap(), &stored, "1-0", "1-0");
    let (status, kind, _, gif) = get(&format!("{site}/games/{id}.gif"), None).await;
    assert_eq!((status, kind.as_str()), (200, "image/gif"));
    let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).unwrap();
    let frames = image::AnimationDecoder::into_frames(frames).count();
    assert!(frames >= 8, "{frames} frames for 7 plies");

    // The cache's tag: the same picture is not sent again.
    let url = format!("{site}/games/{id}.png?ply=2");
    let (_, _, tag, _) = get(&url, None).await;
    assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
    let (status, _, _, body) = get(&url, Some(&tag)).await;
    assert_eq!((status, body.len()), (304, 0));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bad_address_is_a_400_or_404_page_never_a_500() {
    let t = table(false).await;
    let id = t.game_of(VariantId::Epoch, GameOptions::default()).await;
    public(&t.mv("alice", "Tj2").await);
    let site = serve(&t, None).await;
    for (path, status, says) in [
        (
            "/games/999".to_string(),
            404,
            "There is no game #999.".to_string(),
        ),
        (
            format!("/games/{id}?ply=2"),
            400,
            format!("Game #{id} has 1 ply: ply 2 is past its end"),
        ),
        (format!("/games/{id}.png?ply=9"), 400, "past its end".into()),
        (
            format!("/games/{id}?ply=-1"),
            400,
            "ply must be a number".into(),
        ),
        (
            format!("/games/{id}?ply=1e9"),
            400,
            "ply must be a number".into(),
        ),
        (
            format!("/games/{id}?flip=maybe"),
            400,
            "flip is given alone".into(),
        ),
        (
            format!("/games/{id}?ply=0&ply=1"),
            400,
            "ply is given twice".into(),
        ),
        (format!("/games/0{id}"), 404, "no such page".into()),
        (format!("/games/{id}.svg"), 404, "no such page".into()),
        (
            "/games/12345678901234567890".into(),
            404,
            "no such page".into(),
        ),
        ("/games/%00".into(), 404, "no such page".into()),
        ("/players/../etc/passwd".into(), 404, "no such page".into()),
        ("/nothing".into(), 404, "no such page".into()),
    ] {
        let (got, html) = page(&format!("{site}{path}")).await;
        assert_eq!(got, status, "{path}: {html}");
        assert!(html.contains(&says), "{path}: {says} is not in {html}");
    }
    // An address that names nothing else still works: tracking words are left alone.
    let (got, html) = page(&format!("{site}/games/{id}?utm_source=discord&ply=0")).await;
    assert_eq!(got, 200, "{html}");
    // Without a public address, the links name the host asked.
    assert!(
        html.contains(&format!(r#"content="{site}/games/{id}.png""#)),
        "{html}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reviewed_games_page_shows_the_marks_the_sums_and_the_chart() {
    use herald::app::Command;
    let t = table(false).await;
    t.service.set_review_depth(3);
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    // 3. Qxg6+ throws the queen away; then White resigns.
    t.play("e4 f5 Qh5+ g6 Qxg6+ hxg6").await;
    let resign = Command::Resign {
        opponent: None,
        game: None,
    };
    public(&t.say("alice", resign).await);
    let site = serve(&t, None).await;

    // Not reviewed yet: no review on the page, no chart.
    let url = format!("{site}/games/{id}");
    let (status, _, before, body) = get(&url, None).await;
    assert_eq!(status, 200);
    assert!(!String::from_utf8(body).unwrap().contains("id=\"review\""));
    let chart = format!("{site}/games/{id}/review.png");
    let (status, _, _, _) = get(&chart, None).await;
    assert_eq!(status, 404);

    let review = Command::Review {
        opponent: None,
        game: Some(id),
    };
    public(&t.say("bob", review).await);
    // Reviewed: the page is another (a cached copy is not sent back as unchanged).
    let (status, _, after, body) = get(&url, Some(&before)).await;
    assert_eq!(status, 200, "the reviewed page is new");
    assert_ne!(before, after);
    let html = String::from_utf8(body).unwrap();
    shows(
        &html,
        &[
            r#"<section class="review" id="review"><h2>Review</h2>"#,
            "searched every position 3 plies deep",
            r#"Qxg6+<span class="mark" title="#,
            ">??</span>",
            "<strong>alice</strong>: ",
            "1 blunder",
            "The costliest moves: ",
            &format!(r#"<img src="/games/{id}/review.png""#),
        ],
    );
    // Black's recapture, the only legal move, is not marked.
    assert!(html.contains(">hxg6</a>"), "{html}");
    let (status, kind, _, png) = get(&chart, None).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    let image = image::load_from_memory(&png).unwrap();
    assert!(image.width() >= 400, "{}", image.width());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_that_turns_its_pages_off_has_none() {
    use crate::service::request;
    use herald::app::{Command, Request, SettingsChange};
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    let site = serve(&t, None).await;
    assert_eq!(page(&format!("{site}/games/{id}")).await.0, 200);
    let web = |on| {
        Command::Settings(SettingsChange {
            web: Some(on),
            ..Default::default()
        })
    };
    let manager = |command| Request {
        manager: true,
        ..request("carol", command)
    };
    let saved = t.service.handle(&manager(web(false))).await;
    let said = saved[0].text.to_string();
    assert!(said.contains("\n- games have no web pages"), "{said}");
    for path in ["", ".png", ".pgn", ".gif"] {
        let (status, _, _, _) = get(&format!("{site}/games/{id}{path}"), None).await;
        assert_eq!(status, 404, "{path}");
    }
    let (_, html) = page(&format!("{site}/games/{id}")).await;
    assert!(html.contains(&format!("There is no game #{id}.")), "{html}");
    // Turned on again, the pages are back.
    t.service.handle(&manager(web(true))).await;
    assert_eq!(page(&format!("{site}/games/{id}")).await.0, 200);
}

#[tokio::test(flavor = "multi_thread")]
async fn herald_links_a_games_page_where_it_knows_the_address() {
    use herald::app::Command;
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    let board = || Command::Board {
        opponent: None,
        game: Some(id),
        flip: false,
        private: false,
    };
    let link = format!("The game's page: https://herald.example.org/games/{id}");
    // No address known: no link.
    let r = t.say("alice", board()).await;
    assert!(
        !r[0].text.to_string().contains("The game's page"),
        "{}",
        r[0].text
    );
    t.service.set_public_url("https://herald.example.org/");
    let r = t.say("alice", board()).await;
    assert!(r[0].text.to_string().contains(&link), "{}", r[0].text);
    t.play("f3 e5 g4").await;
    let end = t.mv("bob", "Qh4#").await;
    let said = public(&end).text.to_string();
    assert!(said.contains("checkmate") && said.contains(&link), "{said}");
    // A profile links the player's page (bob is Herald's player 2).
    let profile = t
        .say(
            "alice",
            Command::Profile {
                player: Some("bob".into()),
            },
        )
        .await;
    let said = public(&profile).text.to_string();
    assert!(
        said.contains("The player's page: https://herald.example.org/players/2"),
        "{said}"
    );
}

/// Reads a stream of server-sent events until one of kind `game` carries `part`: its data.
async fn next_game_event(response: &mut reqwest::Response, part: &str) -> String {
    let mut seen = String::new();
    let deadline = std::time::Duration::from_secs(20);
    tokio::time::timeout(deadline, async {
        loop {
            let chunk = response.chunk().await.unwrap().expect("the stream goes on");
            seen.push_str(&String::from_utf8_lossy(&chunk));
            while let Some(end) = seen.find("\n\n") {
                let event: String = seen.drain(..end + 2).collect();
                if event.contains("event: game") && event.contains(part) {
                    return event;
                }
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no game event with {part} came; read {seen}"))
}

on_both! {
#[tokio::test(flavor = "multi_thread")]
async fn a_move_played_by_another_process_reaches_an_open_page_live() {
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("e4").await;
    let site = serve(&t, None).await;
    let (_, html) = page(&format!("{site}/games/{id}")).await;
    assert!(html.contains(r#"data-live="1""#), "{html}");
    let version = html
        .split(r#"data-version=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page's version")
        .to_string();
    let mut stream = reqwest::get(format!("{site}/games/{id}/events?since={version}"))
        .await
        .unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    let kind = stream.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(kind, "text/event-stream");
    // Bob answers through the bot's service, another service over the same database.
    t.play_from("bob", "e5").await;
    let event = next_game_event(&mut stream, r#""san":"e5""#).await;
    assert!(event.contains(r#""plies":2"#), "{event}");
    assert!(event.contains(r#""state":"White to move""#), "{event}");
    // The end of the game is the stream's last word.
    t.play("Qh5 Nc6 Bc4 Nf6 Qxf7#").await;
    let event = next_game_event(&mut stream, r#""finished":true"#).await;
    assert!(event.contains("White wins: checkmate"), "{event}");
    assert!(stream
        .chunk()
        .await
        .unwrap_or(None)
        .is_none_or(|c| !String::from_utf8_lossy(&c).contains("event: game")));
    // A finished game's page is not live; a stream of no game is a 404.
    let (_, html) = page(&format!("{site}/games/{id}")).await;
    assert!(html.contains(r#"data-live="0""#), "{html}");
    let (status, _, _, _) = get(&format!("{site}/games/999/events"), None).await;
    assert_eq!(status, 404);
    let (status, _, _, _) = get(&format!("{site}/games/{id}/events?since=x"), None).await;
    assert_eq!(status, 400);
}
}

/// The next change `changes` tell of: the game, or `None` for "any game may have changed".
async fn next_change(changes: &mut Receiver<Change>) -> Change {
    let wait = std::time::Duration::from_secs(10);
    tokio::time::timeout(wait, changes.recv())
        .await
        .expect("a change is told")
        .expect("the store is open")
}

on_both! {
#[tokio::test(flavor = "multi_thread")]
async fn each_change_to_a_game_is_told_to_the_pages_that_follow_it() {
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    let other = open(&t.url, t.clock.clone(), true).await;
    let mut here = t.service.store().watch();
    let mut there = other.store().watch();
    if t.url.starts_with("postgres") {
        // Each process hears the database's notice of the game that changed, whichever
        // process changed it (its listening says first that it has begun).
        assert_eq!(next_change(&mut there).await, None);
        assert_eq!(next_change(&mut here).await, None);
        for (mv, player) in [("e4", "alice"), ("e5", "bob")] {
            t.play_from(player, mv).await;
            for changes in [&mut there, &mut here] {
                let mut heard = next_change(changes).await;
                while heard.is_none() {
                    heard = next_change(changes).await;
                }
                assert_eq!(heard, Some(id), "{mv}");
            }
        }
    } else {
        // On SQLite, the process that wrote tells its own pages.
        t.play("e4").await;
        assert_eq!(next_change(&mut here).await, None);
        assert!(matches!(
            there.try_recv(),
            Err(tokio::sync::broadcast::error::TryRecvError::Empty)
        ));
    }
}
}

#[tokio::test(flavor = "multi_thread")]
async fn in_a_real_browser_the_arrow_keys_step_through_the_moves_and_a_new_move_appears() {
    let Some(mut browser) = crate::support::browser::Browser::start().await else {
        return;
    };
    let t = table(false).await;
    let id = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("e4 e5 Nf3").await;
    let site = serve(&t, None).await;
    browser.open(&format!("{site}/games/{id}")).await;
    // The board is there: a picture that loaded, at the last move, which is marked.
    browser
        .until("document.getElementById('board').complete && document.getElementById('board').naturalWidth > 400")
        .await;
    let marked = "document.querySelector('#moves a.now').textContent";
    assert_eq!(browser.eval(marked).await, "Nf3");
    // Back through the moves with the arrow keys: the picture, the mark and the address follow.
    browser.press("ArrowLeft").await;
    browser.press("ArrowLeft").await;
    browser
        .until("document.getElementById('board').src.endsWith('.png?ply=1')")
        .await;
    assert_eq!(browser.eval(marked).await, "e4");
    assert_eq!(browser.eval("location.search").await, "?ply=1");
    browser
        .until("document.getElementById('board').complete && document.getElementById('board').naturalWidth > 400")
        .await;
    browser.press("Home").await;
    browser
        .until("document.getElementById('board').src.endsWith('.png?ply=0')")
        .await;
    browser.press("End").await;
    browser
        .until("document.getElementById('board').src.endsWith('.png?ply=3')")
        .await;
    // Bob moves through the bot's service: the move appears without a reload, and the reader
    // at the last move follows it.
    let before = browser.eval("performance.timeOrigin").await;
    t.play_from("bob", "Nc6").await;
    browser
        .until("document.querySelector('#moves a.now') !== null && document.querySelector('#moves a.now').textContent === 'Nc6'")
        .await;
    assert_eq!(
        browser.eval("performance.timeOrigin").await,
        before,
        "no reload"
    );
    browser
        .until("document.getElementById('board').src.endsWith('.png?ply=4')")
        .await;
    assert_eq!(
        browser
            .eval("document.getElementById('state').textContent")
            .await,
        "White to move"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tournament_has_a_page_with_its_standings_crosstable_and_games() {
    use crate::tournaments::{decided, three_players};
    let t = table(false).await;
    three_players(&t, "Web Cup", true, false).await;
    let site = serve(&t, None).await;
    // Open: its players.
    let (status, html) = page(&format!("{site}/tournaments/1")).await;
    assert_eq!(status, 200, "{html}");
    shows(
        &html,
        &[
            "<h1>Web Cup</h1>",
            "open: players may join",
            "<li>alice</li>",
            "<li>carol</li>",
        ],
    );
    let (status, _, _, _) = get(&format!("{site}/tournaments/1.png"), None).await;
    assert_eq!(status, 404, "no crosstable before the start");
    // Started, with a game decided: standings, the crosstable, every game linked.
    let started = t
        .say(
            "alice",
            crate::tournaments::tournament(herald::app::TournamentCommand::Start(None)),
        )
        .await;
    assert_eq!(started.len(), 4);
    let games = t.service.store().tournament_games(1).await.unwrap();
    let first = &games[0];
    decided(&t, first.id, &first.white, &first.black, &first.black).await;
    let (status, html) = page(&format!("{site}/tournaments/1")).await;
    assert_eq!(status, 200, "{html}");
    // The winner first, linked to their page by Herald's number for them.
    let numbers = t
        .service
        .store()
        .player_numbers(std::slice::from_ref(&first.white))
        .await
        .unwrap();
    let winner = format!(
        r#"<td>1</td><td><a class="player" href="/players/{}">{}</a></td><td>1</td>"#,
        numbers[0].1, first.white
    );
    shows(
        &html,
        &[
            "<h2>Standings</h2>",
            "<th>SB</th>",
            winner.as_str(),
            r#"<img src="/tournaments/1.png""#,
            &format!(r#"<a href="/games/{}">#{}</a>"#, first.id, first.id),
            "<td>1-0</td>",
        ],
    );
    assert_eq!(
        html.matches(r#"<a href="/games/"#).count(),
        games.len(),
        "{html}"
    );
    let (status, kind, _, png) = get(&format!("{site}/tournaments/1.png"), None).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert!(image::load_from_memory(&png).unwrap().width() > 300);
    // Where Herald knows its address, the standings it posts link the page.
    t.service.set_public_url("https://herald.example.org");
    let shown = t
        .say(
            "bob",
            crate::tournaments::tournament(herald::app::TournamentCommand::Show(Some(1))),
        )
        .await;
    let said = shown[0].text.to_string();
    assert!(
        said.contains("The tournament's page: https://herald.example.org/tournaments/1"),
        "{said}"
    );
    // No such tournament, no such file.
    for path in ["/tournaments/2", "/tournaments/1.gif", "/tournaments/x"] {
        assert_eq!(page(&format!("{site}{path}")).await.0, 404, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_leaderboard_has_a_page_for_each_variant_and_server() {
    let t = table(false).await;
    t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("f3 e5 g4 Qh4#").await;
    let site = serve(&t, None).await;
    let (status, html) = page(&format!("{site}/leaderboards/chess?server=guild")).await;
    assert_eq!(status, 200, "{html}");
    shows(
        &html,
        &[
            "<h1>Chess leaderboard</h1>",
            r#"<td>1</td><td><a class="player" href="/players/2">bob</a></td>"#,
            r#"<td>2</td><td><a class="player" href="/players/1">alice</a></td>"#,
            r#"<a href="/leaderboards/epoch?server=guild">Chess 13: Epoch</a>"#,
        ],
    );
    // Another variant, another server: nobody yet.
    let (status, html) = page(&format!("{site}/leaderboards/epoch?server=guild")).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Nobody has played a rated game of Chess 13: Epoch here yet."),
        "{html}"
    );
    let (_, html) = page(&format!("{site}/leaderboards/chess?server=other")).await;
    assert!(html.contains("Nobody has played"), "{html}");
    // Bad names.
    let (status, html) = page(&format!("{site}/leaderboards/checkers")).await;
    assert_eq!(status, 404);
    assert!(
        html.contains("the variants are epoch, chess, empire, fantastic, ageiou"),
        "{html}"
    );
    let (status, _) = page(&format!("{site}/leaderboards/chess?server=a%20b")).await;
    assert_eq!(status, 400);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_has_a_page_by_heralds_number_with_ratings_chart_and_games() {
    use crate::service::{button, challenge_bob, request};
    use herald::app::{Command, Request, SettingsChange};
    use herald::store::ColorChoice;
    let t = table(false).await;
    let shown = t.game_of(VariantId::Chess, GameOptions::default()).await;
    t.play("f3 e5 g4 Qh4#").await;
    // A game on a server whose pages are off: never on anyone's page.
    let on_secret = |user: &str, command| Request {
        guild: Some("secret".into()),
        ..request(user, command)
    };
    let say = |user: &'static str, command| {
        let request = on_secret(user, command);
        let service = &t.service;
        async move { service.handle(&request).await }
    };
    let r = say(
        "alice",
        challenge_bob(VariantId::Empire, ColorChoice::White, 3),
    )
    .await;
    public(&say("bob", Command::Press(button(&r, "Accept"))).await);
    let hidden = t.service.store().games_of("alice", true).await.unwrap()[0].id;
    let off = Command::Settings(SettingsChange {
        web: Some(false),
        ..Default::default()
    });
    let manager = Request {
        manager: true,
        ..on_secret("carol", off)
    };
    t.service.handle(&manager).await;
    let site = serve(&t, None).await;

    // Numbered in the order of their first games: alice 1, bob 2.
    let (status, html) = page(&format!("{site}/players/1")).await;
    assert_eq!(status, 200, "{html}");
    shows(
        &html,
        &[
            "<title>alice · Herald</title>",
            "<h1>alice</h1>",
            "Player 1 on Herald",
            "<td>Chess</td>",
            "1 game: 0 wins, 0 draws, 1 loss",
            &format!(r#"<a href="/games/{shown}">#{shown}</a>"#),
            r#"<a class="player" href="/players/2">bob</a>"#,
            "lost by checkmate",
            r#"<img src="/players/1.png""#,
        ],
    );
    assert!(!html.contains(&format!("#{hidden}<")), "{html}");
    let (status, kind, _, png) = get(&format!("{site}/players/1.png"), None).await;
    assert_eq!((status, kind.as_str()), (200, "image/png"));
    assert!(image::load_from_memory(&png).unwrap().width() >= 400);
    let (_, html) = page(&format!("{site}/players/2")).await;
    assert!(html.contains("won by checkmate"), "{html}");
    assert!(html.contains(r#"<a class="player" href="/players/1">alice</a>"#));

    // The game's page links its players' pages.
    let (_, html) = page(&format!("{site}/games/{shown}")).await;
    assert!(
        html.contains(r#"<h1><a class="player" href="/players/1">alice</a> vs <a class="player" href="/players/2">bob</a></h1>"#),
        "{html}"
    );

    // Players whose games are all on a server without pages have none; nor has a number
    // nobody holds, nor a name that is not a number.
    let r = say(
        "carol",
        challenge_bob(VariantId::Chess, ColorChoice::White, 3),
    )
    .await;
    public(&say("bob", Command::Press(button(&r, "Accept"))).await);
    for bad in ["3", "99", "01", "alice", "1.gif"] {
        let (status, _) = page(&format!("{site}/players/{bad}")).await;
        assert_eq!(status, 404, "{bad}");
    }
}
