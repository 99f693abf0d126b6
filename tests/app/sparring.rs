//! Playing Herald itself: a challenge to Herald starts at once, Herald answers every move
//! within its level, the games are casual, and a move Herald missed is made up by the
//! scheduler.

use herald::app::{ColorChoice, Command, Level, Terms, DAY};
use herald::rules::{new_game, VariantId};
use herald::store::{GameStatus, Offer, Opening};

use crate::service::{public, refused, table, Table, T0};

const HERALD: &str = "herald";

fn challenge_herald(variant: VariantId, color: ColorChoice, level: i64) -> Command {
    Command::Challenge {
        opponent: Some(HERALD.into()),
        terms: Terms {
            variant,
            color,
            level: Some(Level::new(level).unwrap()),
            ..Default::default()
        },
    }
}

async fn sparring_table() -> Table {
    let t = table(false).await;
    t.service.set_engine_user(HERALD);
    t
}

#[tokio::test]
async fn herald_accepts_at_once_and_answers_every_move_to_the_end() {
    let t = sparring_table().await;
    let r = t
        .say(
            "alice",
            challenge_herald(VariantId::Chess, ColorChoice::White, 1),
        )
        .await;
    let started = public(&r).text.to_string();
    assert!(
        started
            .contains("Herald plays at level 1 of 5 (a glance at each move); the game is casual."),
        "{started}"
    );
    let id = t.service.store().games_of("alice", true).await.unwrap()[0].id;
    // Alice plays her first legal move each time; Herald answers each in the same breath.
    for _ in 0..150 {
        let row = t.service.store().game(id).await.unwrap().unwrap();
        if row.status != GameStatus::Active {
            break;
        }
        assert_eq!(row.ply % 2, 0, "Herald has answered: White (alice) to move");
        let mut rules = new_game(VariantId::Chess, Some(&row.fen)).unwrap();
        let mv = rules.legal_coordinates()[0].clone();
        rules.play(&mv).unwrap();
        let r = t.mv("alice", &mv).await;
        assert!(!r[0].ephemeral, "{}", r[0].text);
        if rules.outcome().is_none() {
            assert_eq!(r.len(), 2, "alice's move and Herald's answer: {r:?}");
            assert!(
                r[1].text.to_string().starts_with("Herald (level 1) played"),
                "{}",
                r[1].text
            );
            // Nobody tells Herald it is its move.
            assert!(!r[0].text.to_string().contains("@herald"), "{}", r[0].text);
            assert!(r[0].mentions.is_empty(), "{:?}", r[0].mentions);
        }
    }
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        row.status,
        GameStatus::Finished,
        "the game reached a result"
    );
    assert!(!row.rated);
    assert_eq!(
        t.service
            .store()
            .standing("alice", VariantId::Chess)
            .await
            .unwrap(),
        None
    );
    let (_, problems) = t.service.check_database().await.unwrap();
    assert_eq!(
        problems,
        Vec::<String>::new(),
        "every move Herald made was legal"
    );
}

#[tokio::test]
async fn with_white_herald_moves_first_and_each_variant_is_answered() {
    let t = sparring_table().await;
    for (i, variant) in VariantId::ALL.into_iter().enumerate() {
        let req = herald::app::Request {
            user: "bob".into(),
            guild: Some("guild".into()),
            channel: format!("room-{i}"),
            manager: false,
            threads: Default::default(),
            command: challenge_herald(variant, ColorChoice::Black, 2),
        };
        let r = t.service.handle(&req).await;
        assert_eq!(
            r.len(),
            2,
            "{variant}: the start and Herald's first move: {r:?}"
        );
        assert!(
            r[1].text.to_string().starts_with("Herald (level 2) played"),
            "{}",
            r[1].text
        );
        assert!(r[1].mentions == ["bob"], "bob is told it is his move");
    }
}

#[tokio::test]
async fn games_with_herald_are_never_rated_and_levels_are_for_herald() {
    let t = sparring_table().await;
    let mut rated = challenge_herald(VariantId::Epoch, ColorChoice::White, 3);
    if let Command::Challenge { terms, .. } = &mut rated {
        terms.rated = Some(true);
    }
    let no = refused(&t.say("alice", rated).await);
    assert!(
        no.starts_with("Games against Herald are never rated"),
        "{no}"
    );
    let person = Command::Challenge {
        opponent: Some("bob".into()),
        terms: Terms {
            level: Some(Level::new(4).unwrap()),
            ..Default::default()
        },
    };
    let no = refused(&t.say("alice", person).await);
    assert!(no.starts_with("level is for games against Herald"), "{no}");
    assert_eq!(
        Level::new(6).unwrap_err(),
        "Level 6 is not offered: choose 1 (easiest) to 5 (strongest)."
    );
}

#[tokio::test]
async fn a_move_herald_missed_is_made_before_any_clock_runs_out() {
    let t = sparring_table().await;
    // A game whose first move is Herald's, stored as a crash would leave it: Herald never
    // answered, and days went by.
    let id = stored_game(&t, VariantId::Empire, None, true, 1).await;
    t.clock.advance(3 * DAY);
    let r = t.service.tick().await;
    assert!(
        r.iter()
            .any(|m| m.text.to_string().starts_with("Herald (level 1) played")),
        "{r:?}"
    );
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((row.status, row.ply), (GameStatus::Active, 1));
    assert_eq!(
        row.deadline,
        Some(t.service.now() + DAY),
        "alice's clock starts now"
    );
}

/// A game against Herald at level 1 stored as a crash or a test would leave it: `variant`
/// from `fen` (the start when none), alice White unless `herald_white`, `days` per move from
/// T0, nobody having moved yet.
async fn stored_game(
    t: &Table,
    variant: VariantId,
    fen: Option<&str>,
    herald_white: bool,
    days: i64,
) -> i64 {
    let store = t.service.store();
    let c = store
        .create_challenge(&Offer {
            guild: Some("guild".into()),
            channel: "general".into(),
            challenger: "alice".into(),
            challenged: Some(HERALD.into()),
            variant,
            color: if herald_white {
                ColorChoice::Black
            } else {
                ColorChoice::White
            },
            days,
            options: Default::default(),
            rated: false,
            engine_level: Some(1),
            rematch_of: None,
            created_at: T0,
            expires_at: T0 + DAY,
            start_fen: None,
        })
        .await
        .unwrap();
    let (white, black) = if herald_white {
        (HERALD, "alice")
    } else {
        ("alice", HERALD)
    };
    let start = new_game(variant, fen).unwrap().position_text();
    let opening = Opening {
        white: white.into(),
        black: black.into(),
        start_fen: start,
        deadline: Some(T0 + days * DAY),
        created_at: T0,
    };
    store.accept_challenge(&c, &opening).await.unwrap().id
}

/// A chess game against Herald (Black) from `fen`, alice to move.
async fn from_position(t: &Table, fen: &str) -> i64 {
    stored_game(t, VariantId::Chess, Some(fen), false, 3).await
}

#[tokio::test]
async fn herald_answers_a_draw_offer_by_how_it_stands() {
    let t = sparring_table().await;
    let draw = Command::Draw {
        opponent: None,
        game: None,
    };
    // Level material: Herald plays on, and says so by its name, not a mention of itself.
    let even = from_position(&t, "4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1").await;
    let r = t.say("alice", draw.clone()).await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(
        r[1].text
            .to_string()
            .starts_with("Herald declines the draw"),
        "{}",
        r[1].text
    );
    let row = t.service.store().game(even).await.unwrap().unwrap();
    assert_eq!((row.status, row.draw_offer), (GameStatus::Active, None));
    t.say(
        "alice",
        Command::Abort {
            opponent: None,
            game: None,
        },
    )
    .await;
    // Two queens down: Herald takes the draw.
    let lost = from_position(&t, "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1").await;
    let r = t.say("alice", draw).await;
    assert_eq!(r.len(), 2, "{r:?}");
    let row = t.service.store().game(lost).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Finished, "{}", r[1].text);
    assert!(row.result.is_some_and(|r| r.winner().is_none()));
}

#[tokio::test]
async fn herald_is_not_offered_the_swap_nor_told_it_is_its_move() {
    let t = sparring_table().await;
    public(
        &t.say(
            "alice",
            challenge_herald(VariantId::Epoch, ColorChoice::White, 1),
        )
        .await,
    );
    let r = t.mv("alice", "Tb1-d4").await;
    assert_eq!(r.len(), 2, "alice's move and Herald's answer: {r:?}");
    let labels: Vec<&str> = r[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(
        labels,
        ["Take back", "Offer draw", "Resign"],
        "no Swap button for Herald (at level 1, it grants takebacks)"
    );
    let said = r[0].text.to_string();
    assert!(
        !said.contains("@herald") && !said.contains("Swap"),
        "{said}"
    );
    let answer = r[1].text.to_string();
    assert!(answer.starts_with("Herald (level 1) played **"), "{answer}");
}

#[tokio::test]
async fn herald_takes_the_swap_itself_when_its_search_finds_white_better() {
    let t = sparring_table().await;
    // Black starts without its m13 Sentinel: after any first move, White stands far better,
    // so Herald, Black, takes White's side instead of moving.
    let fen = "sthgaepmaght1/13/lllllllllllll/13/13/13/13/13/13/13/LLLLLLLLLLLLL/13/STHGAEPMAGHTS w AMa - - - - 0 1";
    let mut challenge = challenge_herald(VariantId::Epoch, ColorChoice::White, 3);
    if let Command::Challenge { terms, .. } = &mut challenge {
        terms.fen = Some(fen.into());
    }
    public(&t.say("alice", challenge).await);
    let r = t.mv("alice", "Tb1-d4").await;
    let id = t.service.store().games_of("alice", true).await.unwrap()[0].id;
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert!(row.swapped, "{r:?}");
    assert_eq!((row.white.as_str(), row.black.as_str()), (HERALD, "alice"));
    assert_eq!(row.ply, 1, "Herald swapped instead of moving");
    let said: Vec<String> = r.iter().map(|m| m.text.to_string()).collect();
    let swap = said
        .iter()
        .find(|s| s.contains("swaps sides"))
        .unwrap_or_else(|| panic!("{said:?}"));
    // Herald speaks of itself by name, never as a mention of its own account.
    assert!(
        swap.starts_with("Herald swaps sides: Herald now plays White"),
        "{swap}"
    );
    assert!(!said.iter().any(|s| s.contains("@herald")), "{said:?}");
    assert!(r.iter().all(|m| !m.mentions.iter().any(|u| u == HERALD)));
    // Alice now moves as Black, and Herald answers as White.
    let r = t.mv("alice", "Tb13-d10").await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[1]
        .text
        .to_string()
        .starts_with("Herald (level 3) played **"));
}
