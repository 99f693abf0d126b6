//! Vacation: leave stops a player's clocks in every game where it is (or becomes) their move,
//! gives the time back on return, counts against a yearly allowance a server may change, is
//! shown to opponents, and saves no game already lost on time.

use herald::app::{Command, Request, SettingsChange, DAY};
use herald::store::GameStatus;

use crate::conditional::{chess, private};
use crate::service::{button, on_both, open, public, refused, request, table, Table};

fn vacation(days: Option<i64>, until: Option<&str>, off: bool) -> Command {
    Command::Vacation {
        days,
        until: until.map(String::from),
        off,
    }
}

/// The settings after a manager (carol) changes them.
async fn as_manager(t: &Table, change: SettingsChange) -> String {
    let manager = Request {
        manager: true,
        ..request("carol", Command::Settings(change))
    };
    t.service.handle(&manager).await[0].text.to_string()
}

async fn deadline(t: &Table, id: i64) -> i64 {
    let row = t.service.store().game(id).await.unwrap().unwrap();
    row.deadline.unwrap()
}

on_both! {
#[tokio::test]
async fn leave_stops_the_clock_and_coming_back_gives_the_time_left() {
    let t = table(true).await;
    let id = chess(&t, false).await;
    public(&t.mv("alice", "e4").await);
    // A day into bob's three, he goes away for ten.
    t.clock.advance(DAY);
    let start = t.service.now();
    let said = private(&t, "bob", vacation(Some(10), None, false)).await;
    assert!(said.starts_with("You are on vacation for 10 days (until "), "{said}");
    assert!(said.contains("10 of your 30 days of leave this year taken, 20 left"), "{said}");
    assert!(said.contains("the game where it is your move now has its deadline after your leave"), "{said}");
    assert_eq!(deadline(&t, id).await, start + 10 * DAY + 2 * DAY, "the two days he had, after his leave");
    let again = refused(&t.say("bob", vacation(Some(3), None, false)).await);
    assert!(again.starts_with("You are on vacation already, until "), "{again}");
    // alice sees it in /games; nobody times out or is reminded meanwhile.
    let games = private(&t, "alice", Command::Games).await;
    assert!(games.contains("their move, on vacation until "), "{games}");
    assert!(!games.contains(" left"), "no deadline shown for a player away: {games}");
    t.clock.advance(6 * DAY);
    assert!(t.service.tick().await.is_empty(), "no time-out, no reminder");
    let shown = private(&t, "bob", vacation(None, None, false)).await;
    assert!(shown.starts_with("You are on vacation until "), "{shown}");
    // Back after six days: the two days he had, from now; four whole days given back.
    let back = private(&t, "bob", vacation(None, None, true)).await;
    assert!(back.starts_with("Welcome back: your leave ends now (6 of your 30 days"), "{back}");
    assert!(back.contains("your game where it is your move has the time you had left"), "{back}");
    assert_eq!(deadline(&t, id).await, t.service.now() + 2 * DAY);
    assert_eq!(refused(&t.say("bob", vacation(None, None, true)).await), "You are not on vacation: `/vacation days:N` begins leave.");
    let games = private(&t, "alice", Command::Games).await;
    assert!(!games.contains("vacation"), "{games}");
    // The leave survives a restart; the clocks run as they were left.
    let service = open(&t.url, t.clock.clone(), false).await;
    let row = service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.deadline, Some(t.service.now() + 2 * DAY));
    assert_eq!(service.check_database().await.unwrap().1, Vec::<String>::new());
}
}

on_both! {
#[tokio::test]
async fn a_game_that_becomes_your_move_while_away_waits_for_your_return() {
    let t = table(false).await;
    let id = chess(&t, false).await;
    let said = private(&t, "alice", vacation(None, Some("2026-12-01"), false)).await;
    // T0 is 2026-11-18 11:06 UTC: leave to the first of December takes 13 days.
    assert!(said.starts_with("You are on vacation for 13 days"), "{said}");
    let ends = herald::calendar::parse_date("2026-12-01").unwrap();
    assert_eq!(deadline(&t, id).await, ends + 3 * DAY, "her first move waits too");
    let said = private(&t, "alice", vacation(None, None, true)).await;
    assert!(said.contains("1 of your 30 days"), "{said}");
    public(&t.mv("alice", "e4").await);
    let bob = private(&t, "bob", vacation(Some(5), None, false)).await;
    assert!(bob.starts_with("You are on vacation for 5 days"), "{bob}");
    let ends = t.service.now() + 5 * DAY;
    assert_eq!(deadline(&t, id).await, ends + 3 * DAY);
    // bob moves while away (he may); alice's clock is as ever; when she moves, bob's new
    // clock starts at his return, and her move says he is away.
    public(&t.mv("bob", "e5").await);
    assert_eq!(deadline(&t, id).await, t.service.now() + 3 * DAY);
    let r = t.mv("alice", "Nf3").await;
    let text = public(&r).text.to_string();
    assert!(text.contains("@bob is on vacation until "), "{text}");
    assert!(text.ends_with(": their clock waits until then."), "{text}");
    assert_eq!(deadline(&t, id).await, ends + 3 * DAY);
    // The leave ends by itself; bob's three days then run, and only then.
    t.clock.advance(5 * DAY + 3 * DAY - 60);
    assert!(t.service.tick().await.iter().all(|r| !r.text.to_string().contains("ran out of time")));
    t.clock.advance(120);
    let r = t.service.tick().await;
    assert!(r.iter().any(|m| m.text.to_string().contains("ran out of time")), "{r:?}");
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished);
}
}

#[tokio::test]
async fn leave_is_counted_against_the_year_and_saves_no_game_already_lost() {
    let t = table(false).await;
    let id = chess(&t, false).await;
    let said = refused(
        &t.say("bob", vacation(None, Some("2026-11-01"), false))
            .await,
    );
    assert_eq!(said, "'2026-11-01' is not a day after today: give the day your leave ends as YYYY-MM-DD (UTC), e.g. 2026-12-24.");
    let said = refused(&t.say("bob", vacation(None, Some("soon"), false)).await);
    assert!(
        said.starts_with("'soon' is not a day after today"),
        "{said}"
    );
    private(&t, "bob", vacation(Some(20), None, false)).await;
    private(&t, "bob", vacation(None, None, true)).await;
    // Coming back at once took one day (a day begun is taken): 29 left.
    let said = refused(&t.say("bob", vacation(Some(30), None, false)).await);
    assert_eq!(
        said,
        "That leave is 30 days, and you have 29 of your 30 days of leave left this year."
    );
    // A server may allow less (or more) for leave taken there.
    let change = SettingsChange {
        vacation_days: Some(5),
        ..Default::default()
    };
    let saved = as_manager(&t, change).await;
    assert!(
        saved.contains("a player may take 5 days of leave (/vacation) a year"),
        "{saved}"
    );
    let said = refused(&t.say("bob", vacation(Some(5), None, false)).await);
    assert_eq!(
        said,
        "That leave is 5 days, and you have 4 of your 5 days of leave left this year."
    );
    // alice's time runs out before she asks for leave: the leave does not save the game.
    t.clock.advance(3 * DAY + 1);
    private(&t, "alice", vacation(Some(3), None, false)).await;
    let r = t.service.tick().await;
    assert!(
        r.iter().any(|m| m.text.to_string().contains("abandon")
            || m.text.to_string().contains("ran out of time")),
        "{r:?}"
    );
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_ne!(row.status, GameStatus::Active);
}

/// `user` says `command` in the server "other".
async fn elsewhere(t: &Table, user: &str, command: Command) -> Vec<herald::app::Reply> {
    let req = Request {
        guild: Some("other".into()),
        channel: "lobby".into(),
        ..request(user, command)
    };
    t.service.handle(&req).await
}

on_both! {
#[tokio::test]
async fn each_server_caps_the_leave_in_its_own_games() {
    let t = table(false).await;
    // Game `here` in a server allowing 5 days a year; game `there` in one allowing the
    // default 30. bob is to move in both.
    let here = chess(&t, false).await;
    public(&t.mv("alice", "e4").await);
    let change = SettingsChange {
        vacation_days: Some(5),
        ..Default::default()
    };
    as_manager(&t, change).await;
    let challenge = match crate::service::challenge_bob(
        herald::rules::VariantId::Chess,
        herald::app::ColorChoice::White,
        3,
    ) {
        Command::Challenge { opponent, terms } => Command::Challenge {
            opponent,
            terms: herald::app::Terms { rated: Some(false), ..terms },
        },
        _ => unreachable!(),
    };
    let r = elsewhere(&t, "alice", challenge).await;
    public(&elsewhere(&t, "bob", Command::Press(button(&r, "Accept"))).await);
    let there = t.service.store().games_of("alice", true).await.unwrap()[0].id;
    assert_ne!(here, there);
    let e4 = Command::Move { game: Some(there), text: "e4".into(), opponent: None, confirm: false };
    public(&elsewhere(&t, "alice", e4).await);
    // bob takes ten days where he may: the other server stops his clock for five of them.
    let start = t.service.now();
    let said = elsewhere(&t, "bob", vacation(Some(10), None, false)).await;
    let said = said[0].text.to_string();
    assert!(said.starts_with("You are on vacation for 10 days"), "{said}");
    assert!(said.contains("10 of your 30 days of leave this year taken"), "{said}");
    assert!(said.contains(&format!("as long as it allows: game #{here} until {}.", herald::calendar::utc_minute(start + 5 * DAY))), "{said}");
    assert!(!said.contains(&format!("game #{there}")), "{said}");
    assert_eq!(deadline(&t, there).await, start + 10 * DAY + 3 * DAY);
    assert_eq!(deadline(&t, here).await, start + 5 * DAY + 3 * DAY);
    let games = private(&t, "alice", Command::Games).await;
    assert_eq!(games.matches("on vacation until ").count(), 2, "{games}");
    // Past the five days, bob's clock runs in the 5-day server's game: alice sees its deadline.
    t.clock.advance(6 * DAY);
    let games = private(&t, "alice", Command::Games).await;
    assert_eq!(games.matches("on vacation until ").count(), 1, "{games}");
    // Back after six days: the 10-day game has the time he had; the other ran as it should.
    let back = elsewhere(&t, "bob", vacation(None, None, true)).await;
    assert!(back[0].text.to_string().contains("your game where it is your move has the time you had left"), "{back:?}");
    assert_eq!(deadline(&t, there).await, t.service.now() + 3 * DAY);
    assert_eq!(deadline(&t, here).await, start + 8 * DAY);
    // Six days are used: his 5-day server's games stop no more this year.
    let again = elsewhere(&t, "bob", vacation(Some(2), None, false)).await;
    let again = again[0].text.to_string();
    assert!(again.contains(&format!("game #{here} not at all (its server's leave this year is used up)")), "{again}");
    assert_eq!(deadline(&t, here).await, start + 8 * DAY);
}
}

#[tokio::test]
async fn a_server_may_allow_takebacks_in_rated_games() {
    let t = table(false).await;
    let id = chess(&t, false).await;
    let labels = |r: &[herald::app::Reply]| -> Vec<String> {
        r[0].buttons.iter().map(|b| b.label.clone()).collect()
    };
    let r = t.mv("alice", "e4").await;
    assert_eq!(
        labels(&r),
        ["Offer draw", "Resign"],
        "no Take back in a rated game by default"
    );
    let takeback = Command::Takeback {
        opponent: None,
        game: None,
    };
    let said = refused(&t.say("alice", takeback.clone()).await);
    assert!(
        said.ends_with("(a manager may allow them with /settings takebacks:True)."),
        "{said}"
    );
    let change = SettingsChange {
        takebacks: Some(true),
        ..Default::default()
    };
    let refused_change = refused(&t.say("alice", Command::Settings(change.clone())).await);
    assert!(
        refused_change.starts_with("Only members who may manage this server"),
        "{refused_change}"
    );
    let saved = as_manager(&t, change).await;
    assert!(
        saved.contains("rated games allow takebacks by consent"),
        "{saved}"
    );
    let asked = t.say("alice", takeback).await;
    public(&asked);
    public(&t.press("bob", button(&asked, "Accept takeback")).await);
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((row.ply, row.rated), (0, true));
    // Now the board's card has the button, and pressing it asks as /takeback does.
    let r = t.mv("alice", "d4").await;
    assert_eq!(labels(&r), ["Take back", "Offer draw", "Resign"]);
    let not_bobs = refused(&t.press("bob", button(&r, "Take back")).await);
    assert_eq!(not_bobs, "You have no move to take back in this game yet.");
    let asked = t.press("alice", button(&r, "Take back")).await;
    let text = public(&asked).text.to_string();
    assert!(
        text.starts_with("@alice asks @bob to take back their last move, **d4**."),
        "{text}"
    );
    let carol = refused(&t.press("carol", herald::app::Action::AskTakeback(id)).await);
    assert_eq!(
        carol,
        format!("Only the two players of game #{id} can do that.")
    );
}
