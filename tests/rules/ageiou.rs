//! AGEIOU (docs/rules/ageiou.md): the perft figures, a hand-worked position for every
//! rule, the options, the position text, notation, seeded playouts and a board image.

use crate::support::seeded::Seeded;
use herald::rules::{
    new_game, new_game_with, AnyGame, Color, GameOptions, MoveError, Outcome, Reason, SetupError,
    Square, VariantId,
};

const START: &str = "bvncqkcnvb/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/BVNCQKCNVB w - - - 0 1";

/// The placement field of a 10x10 board from a list like `"Kf1 Cd1 kf10"`.
fn placement(pieces: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().expect("a letter");
        let sq: Square = item[1..].parse().expect("a square");
        assert!(grid[sq.rank as usize][sq.file as usize].is_none(), "{item}");
        grid[sq.rank as usize][sq.file as usize] = Some(letter);
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|cells| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in cells {
                match cell {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}

fn text(pieces: &str, fields: &str) -> String {
    format!("{} {fields}", placement(pieces))
}

fn game_with(pieces: &str, fields: &str, options: GameOptions) -> Box<dyn AnyGame> {
    let t = text(pieces, fields);
    new_game_with(VariantId::Ageiou, Some(&t), options).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn game(pieces: &str, fields: &str) -> Box<dyn AnyGame> {
    game_with(pieces, fields, GameOptions::default())
}

fn turns(n: u32) -> GameOptions {
    GameOptions {
        portal_turns: n as u8,
        ..GameOptions::default()
    }
}

fn has(g: &dyn AnyGame, mv: &str) -> bool {
    g.legal_coordinates().iter().any(|m| m == mv)
}

fn play(g: &mut Box<dyn AnyGame>, mv: &str) {
    if let Err(e) = g.play(mv) {
        panic!("{mv}: {e}\nposition: {}", g.position_text());
    }
}

fn field(g: &dyn AnyGame, n: usize) -> String {
    g.position_text()
        .split(' ')
        .nth(n - 1)
        .expect("7 fields")
        .to_string()
}

fn at(g: &dyn AnyGame, sq: &str) -> Option<char> {
    let sq: Square = sq.parse().unwrap();
    g.board()
        .pieces
        .into_iter()
        .find(|(s, _)| *s == sq)
        .map(|(_, p)| p.letter)
}

fn from(g: &dyn AnyGame, sq: &str) -> Vec<String> {
    g.moves_from(sq.parse().unwrap())
        .into_iter()
        .map(|m| m.coordinate)
        .collect()
}

// ---- the start and perft ----

#[test]
fn perft_from_the_start_is_36_1296_48276() {
    let g = new_game(VariantId::Ageiou, None).unwrap();
    assert_eq!(g.position_text(), START);
    assert_eq!(g.perft(1), 36);
    assert_eq!(g.perft(2), 1296);
    assert_eq!(g.perft(3), 48276);
    let divide = g.divide(3);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 48276);
    assert!(!g.in_check());
    assert_eq!(g.options(), GameOptions::default());
}

// ---- portals ----

#[test]
fn portal_exits_turn_the_board_a_quarter() {
    for (entrance, exit) in [
        ("a1", "j1"),
        ("j1", "j10"),
        ("j10", "a10"),
        ("a10", "a1"),
        ("c2", "i3"),
        ("e5", "f5"),
        ("f5", "f6"),
        ("f6", "e6"),
        ("e6", "e5"),
    ] {
        // A knight standing on the entrance may use its move to go to the exit.
        let g = game(
            &format!("N{entrance} Kc4 kh8"),
            &format!("w {entrance} - - 0 1"),
        );
        let mv = format!("{entrance}{exit}");
        let info = g
            .legal_moves()
            .into_iter()
            .find(|m| m.coordinate == mv)
            .unwrap_or_else(|| panic!("{mv} in {:?}", g.legal_coordinates()));
        assert_eq!(info.san, format!("N~{exit}"));
        assert_eq!(info.marks.to.to_string(), exit);
        assert!(
            info.description.contains("through the portal"),
            "{}",
            info.description
        );
    }
}

#[test]
fn building_with_one_turn_opens_at_once() {
    let mut g = game_with("Vb1 Kf1 kf10", "w - - - 0 1", turns(1));
    let info = g.parse_move("Vb1o").unwrap();
    assert_eq!(info.coordinate, "b1b1");
    assert!(
        info.description.contains("opens a portal to j2"),
        "{}",
        info.description
    );
    play(&mut g, "b1b1");
    assert_eq!(field(&*g, 3), "b1");
    assert_eq!(field(&*g, 4), "-");
    // The Vertag now stands on an open entrance: no more building there, but it may travel.
    play(&mut g, "f10f9");
    assert!(!has(&*g, "b1b1"));
    assert!(has(&*g, "b1j2"));
}

#[test]
fn building_with_three_turns_shows_progress_and_opens_on_the_third() {
    let mut g = new_game_with(VariantId::Ageiou, None, turns(3)).unwrap();
    play(&mut g, "b1b1");
    assert_eq!(field(&*g, 4), "b1/1/3");
    assert_eq!(field(&*g, 6), "1");
    play(&mut g, "a8a7");
    assert_eq!(field(&*g, 4), "b1/1/3");
    let info = g.parse_move("build b1").unwrap();
    assert!(
        info.description.contains("keeps building"),
        "{}",
        info.description
    );
    play(&mut g, "b1b1");
    assert_eq!(field(&*g, 4), "b1/2/3");
    play(&mut g, "a7a6");
    play(&mut g, "Vb1o");
    assert_eq!(field(&*g, 3), "b1");
    assert_eq!(field(&*g, 4), "-");
    // Dark builds too: builds are told apart by the builder's colour.
    play(&mut g, "i10i10");
    assert_eq!(field(&*g, 4), "i10/1/3");
}

#[test]
fn another_move_abandons_a_build_and_a_second_build_replaces_the_first() {
    let mut g = new_game(VariantId::Ageiou, None).unwrap();
    play(&mut g, "b1b1");
    play(&mut g, "a8a7");
    play(&mut g, "a3a4");
    assert_eq!(field(&*g, 4), "-");

    let mut g = new_game(VariantId::Ageiou, None).unwrap();
    play(&mut g, "b1b1");
    play(&mut g, "a8a7");
    play(&mut g, "i1i1");
    assert_eq!(field(&*g, 4), "i1/1/3");
    play(&mut g, "a7a6");
    play(&mut g, "b1b1");
    assert_eq!(field(&*g, 4), "b1/1/3", "starting again starts from 1");
}

#[test]
fn a_vertag_cannot_build_on_an_open_entrance_but_may_on_an_exit() {
    let g = game("Vb1 Vj2 Kf1 kf10", "w b1 - - 0 1");
    assert!(!has(&*g, "b1b1"));
    assert!(has(&*g, "j2j2"), "j2 is b1's exit");
    let why = g.parse_move("b1b1").unwrap_err().to_string();
    assert!(why.contains("open portal"), "{why}");
}

#[test]
fn a_portal_is_lost_when_its_builder_is_captured() {
    // By a plain capture.
    let mut g = game("Vd4 Kf1 kf10 ne6", "b - d4/2/3 - 0 1");
    play(&mut g, "e6d4");
    assert_eq!(field(&*g, 4), "-");
    // By a Boat coming out of the portal on d7, whose exit is d4 (d5 blocks the direct line).
    let mut g = game("Vd4 Pd5 Kf1 kf10 bd9", "b d7 d4/2/3 - 0 1");
    let info = g.parse_move("Bx~d4").unwrap();
    assert_eq!(info.coordinate, "d9d4");
    assert_eq!(info.san, "Bx~d4");
    play(&mut g, "d9d4");
    assert_eq!(at(&*g, "d4"), Some('b'));
    assert_eq!(field(&*g, 4), "-");
}

#[test]
fn an_exit_holding_an_own_piece_is_closed_and_an_enemy_there_is_captured() {
    // Portal c2 -> i3.
    let g = game("Nc2 Pi3 Kf1 kf10", "w c2 - - 0 1");
    assert!(!from(&*g, "c2").contains(&"c2i3".to_string()));
    let why = g.parse_move("c2i3").unwrap_err().to_string();
    assert!(why.contains("its own piece"), "{why}");
    let g = game("Nc2 pi3 Kf1 kf10", "w c2 - - 0 1");
    let info = g.parse_move("c2i3").unwrap();
    assert_eq!(info.san, "Nx~i3");
    assert!(info.marks.captures);
}

#[test]
fn pawns_never_travel_but_may_stand_and_promote_on_an_entrance() {
    // e5 leads to f5; the pawn on e4 steps onto e5 and nowhere else.
    let g = game("Pe4 Kf1 kf10", "w e5 - - 0 1");
    assert_eq!(from(&*g, "e4"), vec!["e4e5"]);
    let why = g.parse_move("e4f5").unwrap_err().to_string();
    assert!(why.contains("pawns never travel"), "{why}");
    let g = game("Pe5 Kf1 kf10", "w e5 - - 0 1");
    assert_eq!(from(&*g, "e5"), vec!["e5e6"]);
    // c10 is an entrance (to a8): the pawn promotes there and stays.
    let g = game("Pc9 Kf1 kf10", "w c10 - - 0 1");
    let mut moves = from(&*g, "c9");
    moves.sort();
    assert_eq!(
        moves,
        vec!["c9c10b", "c9c10c", "c9c10n", "c9c10q", "c9c10v"]
    );
}

#[test]
fn a_redirected_move_may_not_end_where_it_started() {
    // The king on f5 may step onto e5, whose exit is f5 itself.
    let g = game("Kf5 kf10", "w e5 - - 0 1");
    let moves = from(&*g, "f5");
    assert!(moves.contains(&"f5e5".to_string()));
    assert!(!moves.contains(&"f5f5".to_string()));
}

#[test]
fn only_the_square_a_move_ends_on_counts_and_one_portal_per_move() {
    // a3 leads to h1 (b1 blocks the direct line). The Boat passing over a3 to a4 and beyond
    // is not redirected; stopping on a3 it may go on to h1.
    let g = game("Ba1 Nb1 Kf1 kf10", "w a3 - - 0 1");
    let moves = from(&*g, "a1");
    assert!(moves.contains(&"a1a3".to_string()));
    assert!(moves.contains(&"a1a4".to_string()));
    assert!(moves.contains(&"a1h1".to_string()));
    assert_eq!(
        g.moves_from("a1".parse().unwrap())
            .iter()
            .filter(|m| m.san.contains('~'))
            .count(),
        1
    );
    // a1 -> j1 and j1 -> j10 are both open: a Boat reaching a1 comes out on j1 and stops.
    let g = game("Ba5 Kf2 kf10", "w a1,j1 - - 0 1");
    assert!(has(&*g, "a5j1"));
    assert!(!has(&*g, "a5j10"));
    // A capture on an entrance stays on the entrance.
    let g = game("Ba5 Kf2 kf10 na1", "w a1 - - 0 1");
    assert!(has(&*g, "a5a1"));
    assert!(!has(&*g, "a5j1"));
}

#[test]
fn a_route_to_a_square_the_piece_reaches_anyway_is_one_move() {
    // The Vertag on e5 (entrance to f5) can also step to f5: one move, the plain step.
    let g = game("Ve5 Kb1 kf10", "w e5 - - 0 1");
    let to_f5: Vec<_> = g
        .legal_moves()
        .into_iter()
        .filter(|m| m.coordinate == "e5f5")
        .collect();
    assert_eq!(to_f5.len(), 1);
    assert_eq!(to_f5[0].san, "Vf5");
}

// ---- king and bishops ----

#[test]
fn the_king_swaps_with_a_bishop_anywhere() {
    let mut g = new_game(VariantId::Ageiou, None).unwrap();
    assert!(has(&*g, "f1d1") && has(&*g, "f1g1"));
    let info = g.parse_move("K<>d1").unwrap();
    assert_eq!(info.coordinate, "f1d1");
    play(&mut g, "swap d1");
    assert_eq!(at(&*g, "d1"), Some('K'));
    assert_eq!(at(&*g, "f1"), Some('C'));
    assert_eq!(field(&*g, 6), "1");
}

#[test]
fn the_king_may_move_into_attack() {
    let g = game("Ke1 bd10 kj10", "w - - - 0 1");
    assert!(has(&*g, "e1d2"));
    assert!(!g.in_check());
    assert!(!g.legal_moves().iter().any(|m| m.san.ends_with('+')));
}

#[test]
fn a_captured_king_with_one_bishop_escapes_to_it_at_once() {
    let mut g = game("Ke4 Cc1 Pa3 kj10 nf6", "b - - - 3 9");
    let info = g.parse_move("Nxe4").unwrap();
    assert!(info.description.contains("escapes"), "{}", info.description);
    play(&mut g, "f6e4");
    assert_eq!(at(&*g, "e4"), Some('n'));
    assert_eq!(at(&*g, "c1"), Some('K'));
    assert_eq!(g.turn(), Color::White);
    assert_eq!(field(&*g, 5), "-");
    assert_eq!(field(&*g, 6), "0");
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_captured_king_with_two_bishops_is_placed_by_its_owner_first() {
    let mut g = game("Ke4 Cc1 Ch5 Vb1 Pa3 kj10 nf6", "b - b1/1/3 - 3 9");
    play(&mut g, "f6e4");
    assert_eq!(g.turn(), Color::White);
    assert_eq!(field(&*g, 5), "c1,h5");
    assert_eq!(g.legal_coordinates(), vec!["@c1", "@h5"]);
    assert_eq!(at(&*g, "e4"), Some('n'));
    let before = g.position_text();
    let reparsed = new_game(VariantId::Ageiou, Some(&before)).unwrap();
    assert_eq!(reparsed.position_text(), before);
    assert_eq!(g.parse_move("K@h5").unwrap().coordinate, "@h5");
    let why = g.parse_move("a3a4").unwrap_err().to_string();
    assert!(why.contains("place it"), "{why}");
    play(&mut g, "@h5");
    // The placement changes neither the side to move, the clock, the move number nor a build.
    assert_eq!(g.turn(), Color::White);
    assert_eq!(at(&*g, "h5"), Some('K'));
    assert_eq!(at(&*g, "c1"), Some('C'));
    assert_eq!(field(&*g, 5), "-");
    assert_eq!(field(&*g, 4), "b1/1/3");
    assert_eq!(field(&*g, 6), "0");
    assert_eq!(field(&*g, 7), "10");
    play(&mut g, "b1b1");
    assert_eq!(field(&*g, 4), "b1/2/3");
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(
        g.moves_played(),
        vec!["f6e4", "@h5", "b1b1"],
        "history keeps the placement as a ply of its own"
    );
}

#[test]
fn capturing_a_king_with_no_bishop_wins() {
    let mut g = game("Ke4 Pa3 kj10 nf6", "b - - - 0 1");
    play(&mut g, "f6e4");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::KingCaptured
        })
    );
    assert!(g.legal_coordinates().is_empty());
    // The finished position reads back.
    let t = g.position_text();
    let back = new_game(VariantId::Ageiou, Some(&t)).unwrap();
    assert_eq!(back.outcome(), g.outcome());
}

// ---- end of the game ----

/// Dark to move with every piece blocked.
const STUCK: &str = "kj10 bi10 bj9 pi9 ph10 pj8 Pi8 Ph9 Pj7 Ka1";

#[test]
fn a_side_with_no_move_loses_before_any_draw() {
    let lost = Some(Outcome::Win {
        winner: Color::White,
        reason: Reason::Stalemate,
    });
    assert_eq!(game(STUCK, "b - - - 0 1").outcome(), lost);
    assert_eq!(game(STUCK, "b - - - 100 80").outcome(), lost);
    // A bare king plays on.
    assert_eq!(game("Ka1 kj10", "b - - - 0 1").outcome(), None);
}

const SHUFFLE: &str = "c1a2 c10a9 a2c1 a9c10";

#[test]
fn the_third_occurrence_draws_and_the_count_can_be_raised() {
    let mut g = new_game(VariantId::Ageiou, None).unwrap();
    for mv in format!("{SHUFFLE} {SHUFFLE}").split_whitespace() {
        assert_eq!(g.outcome(), None);
        play(&mut g, mv);
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    let four = GameOptions {
        repetitions: 4,
        ..GameOptions::default()
    };
    let mut g = new_game_with(VariantId::Ageiou, None, four).unwrap();
    for mv in format!("{SHUFFLE} {SHUFFLE}").split_whitespace() {
        play(&mut g, mv);
    }
    assert_eq!(g.outcome(), None);
    for mv in SHUFFLE.split_whitespace() {
        play(&mut g, mv);
    }
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::Repetition));
}

#[test]
fn fifty_moves_each_draw_and_the_limit_can_be_raised() {
    let mut g = game("Ka1 kj10", "w - - - 99 60");
    play(&mut g, "a1a2");
    assert_eq!(field(&*g, 6), "100");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::NoProgress
        })
    );
    let sixty = GameOptions {
        fifty: 60,
        ..GameOptions::default()
    };
    let mut g = game_with("Ka1 kj10", "w - - - 99 60", sixty);
    play(&mut g, "a1a2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.board().no_progress, Some((50, 60)));
    let mut g = game_with("Ka1 kj10", "w - - - 119 60", sixty);
    play(&mut g, "a1a2");
    assert_eq!(g.outcome().map(|o| o.reason()), Some(Reason::NoProgress));
    // Swaps and building turns count; a pawn move or a capture resets.
    let mut g = new_game(VariantId::Ageiou, None).unwrap();
    play(&mut g, "f1d1");
    play(&mut g, "b10b10");
    assert_eq!(field(&*g, 6), "2");
    play(&mut g, "a3a4");
    assert_eq!(field(&*g, 6), "0");
}

// ---- options ----

#[test]
fn options_are_checked_and_read_back() {
    for (options, name) in [
        ((0, 3, 50), "portal-turns must be from 1 to 7"),
        ((8, 3, 50), "portal-turns must be from 1 to 7"),
        ((3, 2, 50), "repetitions must be from 3 to 12"),
        ((3, 13, 50), "repetitions must be from 3 to 12"),
        ((3, 3, 49), "fifty must be from 50 to 300"),
        ((3, 3, 301), "fifty must be from 50 to 300"),
    ] {
        let err = GameOptions::new(options.0, options.1, options.2).unwrap_err();
        assert!(err.to_string().contains(name), "{err}");
        let raw = GameOptions {
            portal_turns: options.0 as u8,
            repetitions: options.1 as u8,
            fifty: options.2 as u16,
        };
        let refused = new_game_with(VariantId::Ageiou, None, raw).err();
        assert!(
            matches!(refused, Some(SetupError::Options(_))),
            "{options:?}"
        );
    }
    let o = GameOptions::new(7, 12, 300).unwrap();
    let g = new_game_with(VariantId::Ageiou, None, o).unwrap();
    assert_eq!(g.options(), o);
    assert_eq!(
        g.options().to_string(),
        "portal-turns=7 repetitions=12 fifty=300"
    );
    assert_eq!("portal-turns=7 repetitions=12 fifty=300".parse(), Ok(o));
    assert_eq!(g.clone().options(), o);
    // The other variants keep their own rules: defaults only.
    assert!(new_game_with(VariantId::Chess, None, GameOptions::default()).is_ok());
    let err = new_game_with(VariantId::Chess, None, o).err().unwrap();
    assert!(err.to_string().contains("no game options"), "{err}");
}

#[test]
fn the_cli_takes_the_options_and_refuses_out_of_range() {
    let herald = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_herald"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = herald(&["rules", "perft", "--variant", "ageiou", "--depth", "2"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1296\n");
    let out = herald(&[
        "rules",
        "show",
        "--variant",
        "ageiou",
        "--portal-turns",
        "1",
        "--moves",
        "b1b1",
    ]);
    assert!(String::from_utf8_lossy(&out.stdout).contains(" b b1 - - 1 1"));
    for (flag, value, message) in [
        (
            "--portal-turns",
            "8",
            "portal-turns must be from 1 to 7, not 8",
        ),
        (
            "--repetitions",
            "2",
            "repetitions must be from 3 to 12, not 2",
        ),
        ("--fifty", "301", "fifty must be from 50 to 300, not 301"),
    ] {
        let out = herald(&["rules", "moves", "--variant", "ageiou", flag, value]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(message));
    }
}

#[test]
fn the_help_covers_every_topic_and_says_what_herald_decided() {
    use herald::rules::help;
    let overview = help(VariantId::Ageiou, None);
    assert!(overview.contains("**AGEIOU**") && overview.contains("decided by Herald"));
    for topic in [
        "pieces",
        "king",
        "councillor",
        "boat",
        "vertag",
        "pawn",
        "portals",
        "notation",
        "end",
    ] {
        let text = help(VariantId::Ageiou, Some(topic));
        assert!(text.contains("decided by Herald"), "{topic}: {text}");
    }
    assert!(help(VariantId::Ageiou, Some("options")).contains("portal_turns 1-7"));
    assert_eq!(VariantId::Ageiou.title(), "AGEIOU");
    assert_eq!("ageiou".parse::<VariantId>(), Ok(VariantId::Ageiou));
}

// ---- position text ----

#[test]
fn position_texts_round_trip() {
    for t in [
        START,
        "k9/10/10/10/3V6/10/10/10/10/5K4 w a1,c2,j10 d6/2/3 - 12 30",
        "k4v4/10/10/10/3V6/10/10/10/10/5K4 b e5 d6/1/5,f10/2/3 - 0 2",
        "k9/10/10/10/10/10/10/10/10/2C4C2 w - - c1,h1 0 7",
        "10/10/10/10/10/10/10/10/10/K9 b - - - 4 40",
    ] {
        let g = new_game(VariantId::Ageiou, Some(t)).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(g.position_text(), t);
    }
    // Lists come back sorted by file, then rank.
    let g = new_game(
        VariantId::Ageiou,
        Some("k9/10/10/10/10/10/10/10/10/5K4 w j1,a10,a2 - - 0 1"),
    )
    .unwrap();
    assert_eq!(field(&*g, 3), "a2,a10,j1");
}

#[test]
fn bad_position_texts_name_the_field() {
    let k = "k9/10/10/10/10/10/10/10/10/5K4";
    for (t, field) in [
        (format!("{k} w - - - 0"), "fields"),
        (
            "k9/10/10/10/10/10/10/10/5K4 w - - - 0 1".to_string(),
            "field 1",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/5X4 w - - - 0 1".to_string(),
            "field 1",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/5KK3 w - - - 0 1".to_string(),
            "field 1",
        ),
        (
            "P9/10/10/10/10/10/10/10/10/5K4 w - - - 0 1".to_string(),
            "field 1",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/10 b - - - 0 1".to_string(),
            "field 1",
        ),
        (format!("{k} x - - - 0 1"), "field 2"),
        (format!("{k} w k1 - - 0 1"), "field 3"),
        (format!("{k} w a1,a1 - - 0 1"), "field 3"),
        (format!("{k} w - a1/1/3 - 0 1"), "field 4"),
        (format!("{k} w - a1 - 0 1"), "field 4"),
        (
            "k9/10/10/10/10/10/10/10/10/V4K4 w - a1/3/3 - 0 1".to_string(),
            "field 4",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/V4K4 w - a1/1/8 - 0 1".to_string(),
            "field 4",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/V4K4 w a1 a1/1/3 - 0 1".to_string(),
            "field 4",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/VV3K4 w - a1/1/3,b1/1/3 - 0 1".to_string(),
            "field 4",
        ),
        (format!("{k} w - - c1,h1 0 1"), "field 5"),
        (
            "k9/10/10/10/10/10/10/10/10/2C7 w - - c1 0 1".to_string(),
            "field 5",
        ),
        (
            "k9/10/10/10/10/10/10/10/10/2C4C2 w - - - 0 1".to_string(),
            "field 5",
        ),
        (format!("{k} w - - - x 1"), "field 6"),
        (format!("{k} w - - - 0 0"), "field 7"),
    ] {
        let err = new_game(VariantId::Ageiou, Some(&t))
            .err()
            .unwrap_or_else(|| panic!("{t} was accepted"));
        assert!(err.to_string().contains(field), "{t}: {err}");
    }
}

// ---- notation ----

#[test]
fn every_move_kind_parses_from_coordinates_and_san() {
    let g = game("Ke1 Cd3 Cg6 Vb1 Nb4 Pc9 Ba5 pb10 kj10 pe2", "w a1 - - 0 1");
    for (inputs, coordinate, san) in [
        (&["b4c6", "Nc6", "Nb4-c6"][..], "b4c6", "Nc6"),
        (&["e1e2", "Kxe2", "Ke1xe2"][..], "e1e2", "Kxe2"),
        (&["c9c10q", "c10=Q", "c10Q"][..], "c9c10q", "c10=Q"),
        (&["c9c10b", "c10=B"][..], "c9c10b", "c10=B"),
        (&["c9b10c", "cxb10=C", "cb10=c"][..], "c9b10c", "cxb10=C"),
        (&["a5j1", "B~j1", "Ba5~j1"][..], "a5j1", "B~j1"),
        (&["a5a1", "Ba1"][..], "a5a1", "Ba1"),
        (&["e1d3", "K<>d3", "K<>Cd3", "swap d3"][..], "e1d3", "K<>d3"),
        (&["e1g6", "K<>g6"][..], "e1g6", "K<>g6"),
        (&["b1b1", "Vb1o", "build b1"][..], "b1b1", "Vb1o"),
    ] {
        for input in inputs {
            let info = g
                .parse_move(input)
                .unwrap_or_else(|e| panic!("{input}: {e}"));
            assert_eq!(info.coordinate, coordinate, "{input}");
            assert_eq!(info.san, san, "{input}");
        }
    }
    assert!(matches!(
        g.parse_move("zz9"),
        Err(MoveError::Unreadable { .. })
    ));
    let why = g.parse_move("a5b6").unwrap_err().to_string();
    assert_eq!(
        why,
        "'a5b6': the Boat on a5 cannot reach b6: a Boat moves like a rook, any distance along a rank or file"
    );
}

// ---- seeded playouts ----

#[test]
fn seeded_playouts_read_back_and_count_consistently() {
    for seed in 1..=16u64 {
        let options = turns(1 + (seed % 3) as u32);
        let mut g = new_game_with(VariantId::Ageiou, None, options).unwrap();
        let mut rng = Seeded::new(seed);
        for ply in 0..160 {
            let t = g.position_text();
            let back = new_game_with(VariantId::Ageiou, Some(&t), options)
                .unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {t}: {e}"));
            assert_eq!(back.position_text(), t);
            let moves = g.legal_moves();
            if moves.is_empty() {
                assert!(g.outcome().is_some());
                break;
            }
            // Reading every SAN back is quadratic in the moves: every third ply is plenty.
            let check_san = ply % 3 == 0;
            for m in &moves {
                let inputs = if check_san {
                    vec![&m.coordinate, &m.san]
                } else {
                    vec![&m.coordinate]
                };
                for input in inputs {
                    let found = g
                        .parse_move(input)
                        .unwrap_or_else(|e| panic!("seed {seed} {t}: {input}: {e}"));
                    assert_eq!(found.coordinate, m.coordinate, "{t}: {input}");
                }
            }
            if ply % 20 == 0 {
                let total: u64 = g.divide(2).iter().map(|(_, n)| n).sum();
                assert_eq!(total, g.perft(2), "{t}");
            }
            let pick = &moves[rng.below(moves.len())];
            play(&mut g, &pick.coordinate);
            let _ = g.board();
        }
    }
}

// ---- the board image ----

#[test]
fn a_board_with_portals_builds_and_a_pending_placement_renders() {
    let mut g = game(
        "Ke4 Cc1 Ch5 Vb1 Vd6 Pa3 Pb5 kj10 nf6 vi9 pc8",
        "b a1,e5,c2 b1/1/3,i9/2/3 - 3 9",
    );
    play(&mut g, "f6e4");
    let board = g.board();
    assert_eq!((board.files, board.ranks), (10, 10));
    assert_eq!(board.portals.len(), 4);
    assert_eq!(board.marked.len(), 2);
    assert!(board.notice.is_some());
    assert!(board
        .pieces
        .iter()
        .any(|(_, p)| p.emblem == herald::rules::Emblem::MovedPawn));
    let options = herald::render::Options::default();
    let png = herald::render::render_game(&*g, None, options).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    let layout = herald::render::layout::Layout::new(10, 10, options.width, false);
    assert_eq!((width, height), (layout.width, layout.height));
    // The whirlpool's violet shows on the entrance e5.
    let image = herald::render::render(&herald::render::Scene::of(&board), options);
    let (x, y) = image.layout.origin("e5".parse().unwrap());
    let q = image.layout.square as u32;
    let violet = (0..q)
        .flat_map(|dx| (0..q).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| {
            let [r, g, b] = image.pixel(x as u32 + dx, y as u32 + dy);
            b > 150 && r < 160 && g < 120
        })
        .count();
    assert!(violet > 50, "{violet}");
}
