//! What a player meets around the rules: boards from their own side, finished games and
//! spectators, /piece at any time, /games, challenges answered and withdrawn by command,
//! rematches, abandoned games, and the warning before a move that loses.

use crate::service::{button, challenge_bob, public, refused, table, Table};
use herald::app::{Action, ColorChoice, Command, Reply, Request, DAY};
use herald::render::{render_game_with, Options, Players};
use herald::rules::{new_game, AnyGame, VariantId};
use herald::store::{ChallengeStatus, GameStatus};

/// The labels the service draws by the sides of alice's latest game here: on Discord-like
/// ids, the side's name and the player's rating as of now.
async fn labels(t: &Table) -> Players {
    let store = t.service.store();
    let row = store.games_of("alice", false).await.unwrap()[0].clone();
    let mut shown = Vec::new();
    for (user, side) in [(&row.white, "White"), (&row.black, "Black")] {
        let s = store.standing(user, row.variant).await.unwrap();
        let rating = s.unwrap_or_default().rating_at(t.service.now()).shown();
        shown.push(format!("{side} {rating}"));
    }
    Players::new(shown[0].clone(), shown[1].clone())
}

/// The PNG the service draws for `game` with Black at the bottom when `black_below`.
async fn drawn(t: &Table, game: &dyn AnyGame, black_below: bool) -> Vec<u8> {
    let options = Options {
        width: 500,
        flip: black_below,
    };
    render_game_with(game, None, Some(&labels(t).await), options).unwrap()
}

/// The PNG the service draws for `game` once its players ended it as `ending` says.
async fn drawn_ended(t: &Table, game: &dyn AnyGame, black_below: bool, ending: &str) -> Vec<u8> {
    let options = Options {
        width: 500,
        flip: black_below,
    };
    let players = labels(t).await.ended(ending);
    render_game_with(game, None, Some(&players), options).unwrap()
}

fn epoch_after(moves: &[&str]) -> Box<dyn AnyGame> {
    let mut game = new_game(VariantId::Epoch, None).unwrap();
    for m in moves {
        game.play(m).unwrap();
    }
    game
}

fn board(player: Option<&str>, game: Option<i64>, flip: bool) -> Command {
    Command::Board {
        opponent: player.map(str::to_string),
        game,
        flip,
        private: false,
    }
}

fn history(player: Option<&str>, game: Option<i64>) -> Command {
    Command::History {
        opponent: player.map(str::to_string),
        game,
        gif: false,
    }
}

/// /history of the game numbered (else the asker's here) with its GIF.
fn history_gif(game: Option<i64>) -> Command {
    Command::History {
        opponent: None,
        game,
        gif: true,
    }
}

fn image(replies: &[Reply]) -> &[u8] {
    public(replies).image.as_deref().expect("a board image")
}

impl Table {
    /// `user` says `command` in another server's channel.
    async fn elsewhere(&self, user: &str, command: Command) -> Vec<Reply> {
        let req = Request {
            user: user.into(),
            guild: Some("other-guild".into()),
            channel: "lounge".into(),
            manager: false,
            threads: Default::default(),
            command,
        };
        self.service.handle(&req).await
    }
}

#[tokio::test]
async fn history_with_gif_sends_the_game_as_an_animation_too() {
    let t = table(true).await;
    t.game(3).await;
    t.mv("alice", "Tb1-d4").await;
    let plain = t.say("alice", history(None, None)).await;
    assert_eq!(plain.len(), 1, "no GIF unless asked");
    let with_gif = history_gif(None);
    let r = t.say("alice", with_gif).await;
    assert_eq!(r.len(), 2, "the history, then the animation");
    assert!(r[0]
        .attachment
        .as_ref()
        .is_some_and(|a| a.name.ends_with(".pgn")));
    let file = r[1].attachment.as_ref().expect("the GIF");
    assert!(file.name.starts_with("game-") && file.name.ends_with(".gif"));
    let after = epoch_after(&["Tb1-d4"]);
    let options = Options {
        width: herald::render::GIF_WIDTH,
        flip: false,
    };
    let players = labels(&t).await;
    let expected = herald::render::render_gif(&*after, Some(&players), options, Default::default());
    assert_eq!(
        file.bytes,
        expected.expect("a GIF"),
        "alice's side at the bottom"
    );
    assert!(r[1].ephemeral);
}

#[tokio::test]
async fn a_gif_over_the_upload_limit_is_drawn_smaller_or_refused_with_the_record_still_sent() {
    let t = table(true).await;
    t.game(3).await;
    t.mv("alice", "Tb1-d4").await;
    let with_gif = history_gif(None);
    let after = epoch_after(&["Tb1-d4"]);
    let players = labels(&t).await;
    let at = |width| {
        let options = Options { width, flip: false };
        herald::render::render_gif(&*after, Some(&players), options, Default::default()).unwrap()
    };
    let (full, small) = (at(herald::render::GIF_WIDTH), at(300));
    assert!(small.len() < full.len());
    // A limit the full size passes and the smallest keeps under: the smallest is sent.
    t.service.set_upload_limit(small.len());
    let r = t.say("alice", with_gif.clone()).await;
    assert_eq!(r.len(), 2);
    assert_eq!(r[1].attachment.as_ref().expect("the GIF").bytes, small);
    // Under even that: the record goes, and a word on why no GIF came.
    t.service.set_upload_limit(small.len() - 1);
    let r = t.say("alice", with_gif).await;
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[0]
        .attachment
        .as_ref()
        .is_some_and(|a| a.name.ends_with(".pgn")));
    assert!(r[1].attachment.is_none());
    let said = r[1].text.to_string();
    assert!(
        said.contains("too long for a GIF Discord takes (10 MB at most)"),
        "{said}"
    );
}

#[tokio::test]
async fn the_board_of_a_game_its_players_ended_says_how_it_ended() {
    let t = table(true).await;
    let id = t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    let r = t
        .say(
            "alice",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await;
    let after = epoch_after(&["Tb1-d4", "Tb13-d10"]);
    let ended = labels(&t).await.ended("Black wins: White resigned");
    let expected = drawn_ended(&t, &*after, false, "Black wins: White resigned").await;
    assert_eq!(image(&r), expected, "the result, not \"White to move\"");
    assert_ne!(image(&r), drawn(&t, &*after, false).await);
    // /board of the finished game says it too, for a spectator as well.
    let shown = t.say("carol", board(None, Some(id), false)).await;
    assert_eq!(image(&shown), expected);
    // And the last frame of its GIF.
    let with_gif = history_gif(Some(id));
    let r = t.say("alice", with_gif).await;
    let gif_options = Options {
        width: herald::render::GIF_WIDTH,
        flip: false,
    };
    let expected =
        herald::render::render_gif(&*after, Some(&ended), gif_options, Default::default());
    assert_eq!(
        r[1].attachment.as_ref().expect("the GIF").bytes,
        expected.unwrap()
    );
}

#[tokio::test]
async fn a_player_who_has_not_moved_aborts_and_a_draw_is_offered_once_a_move() {
    let t = table(false).await;
    let id = t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    // bob has not moved yet: nothing to resign, by command or by the game card's button.
    let no = refused(
        &t.say(
            "bob",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    assert_eq!(
        no,
        format!("You have not moved yet in game #{id}, so there is nothing to resign: /abort ends it with no result and no rating change.")
    );
    assert_eq!(refused(&t.press("bob", Action::Resign(id)).await), no);
    let row = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(row.status, GameStatus::Active);
    // One draw offer until the opponent has moved: declining it does not open another.
    public(&t.mv("bob", "Tb13-d10").await);
    let draw = || Command::Draw {
        opponent: None,
        game: None,
    };
    public(&t.say("alice", draw()).await);
    public(&t.press("bob", Action::DeclineDraw(id)).await);
    let once =
        "You have offered a draw since @bob last moved; you may offer again once they have moved.";
    assert_eq!(refused(&t.say("alice", draw()).await), once);
    // Her own move does not count; his does.
    public(&t.mv("alice", "Td4-b1").await);
    assert_eq!(
        refused(&t.press("alice", Action::OfferDraw(id)).await),
        once
    );
    public(&t.mv("bob", "Td10-b13").await);
    public(&t.say("alice", draw()).await);
    // Now that bob has moved, he may resign.
    public(
        &t.say(
            "bob",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
}

#[tokio::test]
async fn boards_are_drawn_from_the_viewers_side() {
    let t = table(true).await;
    t.game(3).await;
    // After White's move the side to move, Black, is at the bottom of the image.
    let r = t.mv("alice", "Tb1-d4").await;
    let after = epoch_after(&["Tb1-d4"]);
    assert_eq!(image(&r), drawn(&t, &*after, true).await);
    // /board: each player's own side at the bottom, `flip` turns it, a spectator sees
    // White's side. After the swap bob holds White: his board has White at the bottom.
    let views = [
        ("alice", None, false, false),
        ("alice", None, true, true),
        ("bob", None, false, true),
        ("carol", Some("alice"), false, false),
    ];
    for (who, player, flip, black_below) in views {
        let r = t.say(who, board(player, None, flip)).await;
        assert_eq!(
            image(&r),
            drawn(&t, &*after, black_below).await,
            "{who}, flip {flip}"
        );
    }
    // The image of the swap shows the side to move (Black, now alice's) at the bottom.
    let r = t
        .say(
            "bob",
            Command::Swap {
                opponent: None,
                game: None,
            },
        )
        .await;
    assert_eq!(image(&r), drawn(&t, &*after, true).await);
    for (who, black_below) in [("bob", false), ("alice", true)] {
        let r = t.say(who, board(None, None, false)).await;
        assert_eq!(
            image(&r),
            drawn(&t, &*after, black_below).await,
            "{who} after the swap"
        );
    }
}

#[tokio::test]
async fn a_piece_can_be_studied_during_the_opponents_turn() {
    let t = table(true).await;
    t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    let piece = |square: &str| Command::Piece {
        square: square.into(),
        opponent: None,
    };
    // alice's Templar on d4, while bob is to move: its moves as if White were to move.
    let r = t.say("alice", piece("d4")).await;
    let text = r[0].text.to_string();
    let expected = new_game(
        VariantId::Epoch,
        Some(
            &epoch_after(&["Tb1-d4"])
                .position_text()
                .replace(" b ", " w "),
        ),
    )
    .unwrap()
    .moves_from("d4".parse().unwrap())
    .len();
    assert!(expected > 0);
    assert!(
        text.contains(&format!(
            "White Templar on d4: enhanced, it stands inside its side's command zone; \
             {expected} legal moves if it were White's turn (Black is to move now"
        )),
        "{text}"
    );
    assert!(r[0].image.is_some(), "the piece's moves are drawn");
    // A phone's capital letter names the same square.
    assert_eq!(t.say("alice", piece("D4")).await[0].text.to_string(), text);
    // bob's own piece, on his turn: its moves now.
    let text = t.say("bob", piece("b13")).await[0].text.to_string();
    assert!(
        text.contains("Black Templar on b13") && text.contains("now."),
        "{text}"
    );
}

#[tokio::test]
async fn chess_pieces_are_described_without_epochs_zone() {
    let t = table(false).await;
    t.game_of(VariantId::Chess, Default::default()).await;
    let r = t
        .say(
            "bob",
            Command::Piece {
                square: "g8".into(),
                opponent: None,
            },
        )
        .await;
    let text = r[0].text.to_string();
    assert!(
        text.starts_with("Black Knight on g8: 2 legal moves if it were Black's turn"),
        "{text}"
    );
    assert!(!text.contains("zone"), "{text}");
    // Chess has no swap rule, and says so.
    public(&t.mv("alice", "e4").await);
    let text = refused(
        &t.say(
            "bob",
            Command::Swap {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    assert_eq!(text, "Chess has no swap rule: Black simply plays a move.");
}

#[tokio::test]
async fn finished_games_stay_visible_to_players_and_spectators() {
    let t = table(true).await;
    let id = t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    // Resigning posts the final board, with the result.
    let r = t
        .say(
            "bob",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await;
    let after = epoch_after(&["Tb1-d4", "Tb13-d10"]);
    let final_board = drawn_ended(&t, &*after, false, "White wins: Black resigned").await;
    assert_eq!(image(&r), final_board);
    // /board with nothing named shows the asker's latest game, finished, with its result.
    let r = t.say("alice", board(None, None, false)).await;
    let text = public(&r).text.to_string();
    assert!(
        text.contains(&format!("Game #{id}: @alice (White) vs @bob (Black)."))
            && text.contains("@bob resigned; @alice won as White."),
        "{text}"
    );
    // A spectator names a player or the game number; /history does the same.
    let by_player = t.say("carol", board(Some("bob"), None, false)).await;
    assert!(public(&by_player).text.to_string().contains("resigned"));
    let by_number = t.say("carol", board(None, Some(id), false)).await;
    assert_eq!(image(&by_number), final_board);
    let r = t.say("carol", history(None, Some(id))).await;
    assert!(
        r[0].text.to_string().contains("1. Td4 Td10 1-0"),
        "{}",
        r[0].text
    );
    let r = t.say("carol", history(Some("alice"), None)).await;
    assert!(r[0].attachment.is_some());
    // Nothing to show, said specifically; another server's games are not visible.
    assert_eq!(
        refused(&t.say("carol", board(None, None, false)).await),
        "You have no game in this channel: name a player or a game number to look at one."
    );
    assert_eq!(
        refused(&t.say("carol", board(Some("dave"), None, false)).await),
        "@dave has no game in this channel."
    );
    assert_eq!(
        refused(&t.elsewhere("carol", board(None, Some(id), false)).await),
        format!("There is no game #{id} on this server.")
    );
}

#[tokio::test]
async fn agreed_draws_time_outs_and_aborts_post_the_final_board() {
    let t = table(true).await;
    t.game(3).await;
    let r = t
        .say(
            "alice",
            Command::Abort {
                opponent: None,
                game: None,
            },
        )
        .await;
    let aborted = drawn_ended(&t, &*epoch_after(&[]), false, "Aborted: no result").await;
    assert_eq!(image(&r), aborted);

    t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(
        &t.say(
            "bob",
            Command::Draw {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    let r = t
        .say(
            "alice",
            Command::Draw {
                opponent: None,
                game: None,
            },
        )
        .await;
    assert!(
        public(&r).text.to_string().contains("draw"),
        "{}",
        r[0].text
    );
    let agreed = drawn_ended(&t, &*epoch_after(&["Tb1-d4"]), true, "Draw by agreement").await;
    assert_eq!(image(&r), agreed);

    t.game(1).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    t.clock.advance(DAY + 1);
    let r = t.service.tick().await;
    assert!(public(&r)
        .text
        .to_string()
        .contains("@alice ran out of time"));
    let after = epoch_after(&["Tb1-d4", "Tb13-d10"]);
    let lost = "Black wins: White ran out of time";
    assert_eq!(image(&r), drawn_ended(&t, &*after, false, lost).await);
}

#[tokio::test]
async fn a_game_whose_player_never_moved_is_aborted_not_lost() {
    let t = table(false).await;
    let id = t.game(1).await;
    public(&t.mv("alice", "Tb1-d4").await);
    t.clock.advance(DAY + 1);
    let r = t.service.tick().await;
    let text: Vec<String> = r.iter().map(|r| r.text.to_string()).collect();
    assert_eq!(
        text,
        vec![format!(
            "Game #{id} is aborted: @bob did not make a first move in time. An abandoned game has no result."
        )]
    );
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((g.status, g.result), (GameStatus::Aborted, None));
}

#[tokio::test]
async fn after_a_swap_the_first_mover_running_out_of_time_loses() {
    let t = table(false).await;
    let id = t.game(1).await;
    public(&t.mv("alice", "Tb1-d4").await);
    // bob takes White; alice, who made the first move, now plays Black and is to move.
    public(
        &t.say(
            "bob",
            Command::Swap {
                opponent: None,
                game: None,
            },
        )
        .await,
    );
    t.clock.advance(DAY + 1);
    let r = t.service.tick().await;
    assert!(
        public(&r)
            .text
            .to_string()
            .contains("@alice ran out of time"),
        "{}",
        r[0].text
    );
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!(
        (g.status, g.result.map(|r| r.word())),
        (GameStatus::Finished, Some("1-0"))
    );
}

#[tokio::test]
async fn games_lists_open_challenges_and_the_most_urgent_game_first() {
    let t = table(false).await;
    // alice: a game with bob where it is bob's move, a game with carol where it is hers
    // (carol moved first), a challenge she made to dave and one she received from erin.
    t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    let c = t
        .say(
            "carol",
            Command::Challenge {
                opponent: Some("alice".into()),
                terms: herald::app::Terms {
                    color: ColorChoice::White,
                    ..Default::default()
                },
            },
        )
        .await;
    public(&t.press("alice", button(&c, "Accept")).await);
    public(&t.mv("carol", "Tb1-d4").await);
    let to_dave = Command::Challenge {
        opponent: Some("dave".into()),
        terms: Default::default(),
    };
    public(&t.say("alice", to_dave).await);
    let from_erin = Command::Challenge {
        opponent: Some("alice".into()),
        terms: Default::default(),
    };
    public(&t.say("erin", from_erin).await);
    let r = t.say("alice", Command::Games).await;
    let lines: Vec<String> = r[0].text.to_string().lines().map(str::to_string).collect();
    assert_eq!(lines[0], "Your unfinished games, most urgent first:");
    assert!(
        lines[1].contains("@carol") && lines[1].contains("**your move**"),
        "{lines:?}"
    );
    assert!(
        lines[2].contains("@bob") && lines[2].contains("their move"),
        "{lines:?}"
    );
    assert_eq!(lines[3], "Your open challenges:");
    assert!(
        lines[4].contains(" to @dave") && lines[4].contains("/withdraw"),
        "{lines:?}"
    );
    assert!(
        lines[5].contains(" from @erin") && lines[5].contains("/accept"),
        "{lines:?}"
    );
}

fn answer(accept: bool, challenger: Option<&str>, challenge: Option<i64>) -> Command {
    Command::Answer {
        accept,
        challenger: challenger.map(str::to_string),
        challenge,
    }
}

fn withdraw(opponent: Option<&str>, challenge: Option<i64>) -> Command {
    Command::Withdraw {
        opponent: opponent.map(str::to_string),
        challenge,
    }
}

#[tokio::test]
async fn challenges_are_answered_and_withdrawn_by_command_or_button() {
    let t = table(false).await;
    let store = t.service.store();
    assert_eq!(
        refused(&t.say("bob", answer(true, None, None)).await),
        "No open challenge waits for your answer in this channel."
    );
    // The one waiting challenge needs no name.
    public(
        &t.say(
            "alice",
            challenge_bob(VariantId::Chess, ColorChoice::White, 3),
        )
        .await,
    );
    let r = t.say("bob", answer(true, None, None)).await;
    assert!(
        public(&r).text.to_string().contains("you move first"),
        "{}",
        r[0].text
    );
    public(
        &t.say(
            "alice",
            Command::Abort {
                opponent: None,
                game: None,
            },
        )
        .await,
    );

    // Two wait for bob: he names the challenger, or the number.
    let from_alice = t
        .say(
            "alice",
            challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
        )
        .await;
    let carol = Command::Challenge {
        opponent: Some("bob".into()),
        terms: Default::default(),
    };
    public(&t.say("carol", carol).await);
    let text = refused(&t.say("bob", answer(false, None, None)).await);
    assert!(
        text.starts_with("Several challenges are open here: #2 (Chess 13: Epoch) with @alice, #3 (Chess 13: Epoch) with @carol"),
        "{text}"
    );
    let r = t.say("bob", answer(false, Some("carol"), None)).await;
    assert_eq!(
        public(&r).text.to_string(),
        "@bob declined the challenge from @carol."
    );
    assert_eq!(
        refused(&t.say("bob", answer(false, Some("carol"), None)).await),
        "You have no open challenge from @carol in this channel."
    );

    // The challenger withdraws: by the Cancel button, which only they may press.
    let cancel = button(&from_alice, "Cancel");
    assert_eq!(
        refused(&t.press("bob", cancel).await),
        "Only @alice can withdraw this challenge."
    );
    let r = t.press("alice", cancel).await;
    assert_eq!(
        public(&r).text.to_string(),
        "@alice withdrew challenge #2 to @bob."
    );
    assert_eq!(r[0].mentions, vec!["bob"]);
    assert_eq!(
        refused(&t.press("bob", button(&from_alice, "Accept")).await),
        "This challenge was withdrawn."
    );
    let c = store.challenge(2).await.unwrap().unwrap();
    assert_eq!(c.status, ChallengeStatus::Withdrawn);
    // ... or by command, with or without naming it.
    public(
        &t.say(
            "alice",
            challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
        )
        .await,
    );
    public(&t.say("alice", withdraw(None, None)).await);
    assert_eq!(
        refused(&t.say("alice", withdraw(Some("bob"), None)).await),
        "You have no open challenge to @bob in this channel."
    );
    public(
        &t.say(
            "alice",
            challenge_bob(VariantId::Epoch, ColorChoice::White, 3),
        )
        .await,
    );
    let r = t.say("alice", withdraw(None, Some(5))).await;
    assert!(public(&r)
        .text
        .to_string()
        .contains("withdrew challenge #5"));
}

#[tokio::test]
async fn pressing_rematch_after_the_opponent_did_accepts_their_offer() {
    let t = table(false).await;
    let id = t.game(3).await;
    public(&t.mv("alice", "Tb1-d4").await);
    public(&t.mv("bob", "Tb13-d10").await);
    let r = t
        .say(
            "bob",
            Command::Resign {
                opponent: None,
                game: None,
            },
        )
        .await;
    let rematch = button(&r, "Rematch");
    let offer = t.press("alice", rematch).await;
    assert!(public(&offer).text.to_string().contains("rematch"));
    let r = t.press("bob", rematch).await;
    let text = public(&r).text.to_string();
    assert!(text.contains("@bob plays White"), "{text}");
    let games = t.service.store().games_of("bob", true).await.unwrap();
    assert_eq!((games.len(), games[0].white.as_str()), (1, "bob"));
    assert_ne!(games[0].id, id);
}

#[tokio::test]
async fn a_stale_confirmation_plays_nothing() {
    let t = table(false).await;
    let id = t.game(3).await;
    for (who, mv) in [
        ("alice", "Tb1-d4"),
        ("bob", "Tb13-d10"),
        ("alice", "Td4-b1"),
        ("bob", "Td10-b13"),
        ("alice", "Tb1-d4"),
        ("bob", "Tb13-d10"),
        ("alice", "Td4-b1"),
    ] {
        public(&t.mv(who, mv).await);
    }
    let warning = t.mv("bob", "Td10-b13").await;
    refused(&warning);
    // bob thinks better of it, and the game moves on.
    public(&t.mv("bob", "a11a10").await);
    let r = t.press("bob", button(&warning, "Confirm")).await;
    assert_eq!(
        refused(&r),
        "The game has moved on since that warning; nothing was played. Make your move again."
    );
    let g = t.service.store().game(id).await.unwrap().unwrap();
    assert_eq!((g.ply, g.status), (8, GameStatus::Active));
    // The typed confirmation plays at once.
    let r = t
        .say(
            "alice",
            Command::Move {
                game: None,
                text: "Tb1-d4".into(),
                opponent: None,
                confirm: true,
            },
        )
        .await;
    public(&r);
}

#[tokio::test]
async fn a_spectator_asking_for_rules_in_a_chess_channel_gets_chess() {
    let t = table(false).await;
    public(
        &t.say(
            "alice",
            challenge_bob(VariantId::Chess, ColorChoice::White, 3),
        )
        .await,
    );
    let r = t.say("bob", answer(true, None, None)).await;
    public(&r);
    let r = t
        .say(
            "carol",
            Command::Rules {
                topic: None,
                variant: None,
            },
        )
        .await;
    assert!(
        r[0].text.to_string().starts_with("**Chess**"),
        "{}",
        r[0].text
    );
}

#[test]
fn ageiou_results_on_the_image_name_light_and_dark() {
    // Light captures Dark's last king's bishop-less king: set up a capture of a bare king.
    let mut game = new_game(
        VariantId::Ageiou,
        Some("10/10/10/10/10/4k5/4Q5/10/10/4K5 w - - - 0 1"),
    )
    .unwrap();
    game.play("e4e5").unwrap();
    assert_eq!(
        herald::render::outcome_line(&*game).as_deref(),
        Some("Light wins: king captured")
    );
}

/// A game between alice (White, to move) and bob from a position text, as the store keeps it.
async fn game_from(t: &Table, variant: VariantId, fen: &str) -> i64 {
    use herald::store::{Offer, Opening};
    let store = t.service.store();
    let now = t.service.now();
    let c = store
        .create_challenge(&Offer {
            guild: Some("guild".into()),
            channel: "general".into(),
            challenger: "alice".into(),
            challenged: Some("bob".into()),
            variant,
            color: ColorChoice::White,
            days: 3,
            options: Default::default(),
            // A game from a made-up position is casual.
            rated: false,
            engine_level: None,
            rematch_of: None,
            created_at: now,
            expires_at: now + DAY,
            start_fen: None,
        })
        .await
        .unwrap();
    let opening = Opening {
        white: "alice".into(),
        black: "bob".into(),
        start_fen: fen.into(),
        deadline: Some(now + 3 * DAY),
        created_at: now,
    };
    store.accept_challenge(&c, &opening).await.unwrap().id
}

#[tokio::test]
async fn ageiou_announces_its_win_in_light_and_dark_and_in_good_grammar() {
    let t = table(false).await;
    let id = game_from(
        &t,
        VariantId::Ageiou,
        "10/10/10/10/10/4k5/4Q5/10/10/4K5 w - - - 0 1",
    )
    .await;
    let r = t.mv("alice", "e4e5").await;
    let text = public(&r).text.to_string();
    assert!(
        text.contains(
            "@alice wins as Light by capturing the king, which had no bishop left to save it."
        ),
        "{text}"
    );
    let r = t.say("bob", board(None, Some(id), false)).await;
    let text = public(&r).text.to_string();
    assert!(
        text.contains("@alice (Light) vs @bob (Dark).")
            && text.contains("@alice won as Light by capturing the king"),
        "{text}"
    );
}

#[tokio::test]
async fn a_long_paste_is_not_echoed_back_and_a_game_number_is_checked() {
    let t = table(false).await;
    t.game(3).await;
    let pasted = "e".repeat(9_000);
    let no = refused(&t.mv("alice", &pasted).await);
    assert!(
        no.chars().count() < 400,
        "{} characters",
        no.chars().count()
    );
    assert!(no.contains(&format!("'{}…'", "e".repeat(100))), "{no}");
    let mv = |game| Command::Move {
        game: Some(game),
        text: "Tb1-d4".into(),
        opponent: None,
        confirm: false,
    };
    assert_eq!(
        refused(&t.say("alice", mv(99)).await),
        "There is no game #99 on this server."
    );
}
