//! Fantastic XIII (docs/rules/fantastic-xiii.md): the sanity figures, every piece's moves,
//! the King's jump, promotions, en passant, the end of the game, position texts and notation.

use crate::support::{fen, field, has, piece_at, play, targets};
use herald::rules::{help, new_game, AnyGame, Color, Outcome, Reason, VariantId};

fn game(pieces: &str, fields: &str) -> Box<dyn AnyGame> {
    let text = fen(pieces, fields);
    new_game(VariantId::Fantastic, Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// White to move; the Kings stand away from home (no jump) unless the list says otherwise.
fn white(pieces: &str) -> Box<dyn AnyGame> {
    game(pieces, "w - - 0 1")
}

fn black(pieces: &str) -> Box<dyn AnyGame> {
    game(pieces, "b - - 0 1")
}

fn start() -> Box<dyn AnyGame> {
    new_game(VariantId::Fantastic, None).unwrap()
}

/// Squares as a sorted list, for comparing with `targets`.
fn squares(list: &str) -> Vec<String> {
    let mut out: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    out.sort();
    out
}

fn assert_targets(game: &dyn AnyGame, from: &str, want: &str) {
    assert_eq!(
        targets(game, from),
        squares(want),
        "targets of {from} in {}",
        game.position_text()
    );
}

// ---- the sanity figures ----------------------------------------------------------------

#[test]
fn the_start_has_87_moves_and_7569_pairs() {
    let g = start();
    assert_eq!(g.perft(1), 87);
    assert_eq!(g.perft(2), 7569);
    assert_eq!(g.perft(3), 674_147);
    assert_eq!(
        g.position_text(),
        "hmqcsnknscqmh/5tit5/6t6/ppppppppppppp/13/13/13/13/13/PPPPPPPPPPPPP/6T6/5TIT5/HMQCSNKNSCQMH w - - 0 1"
    );
}

#[test]
fn the_87_first_moves_by_piece() {
    let g = start();
    let mut count = std::collections::BTreeMap::new();
    for mv in g.legal_moves() {
        let letter = piece_at(&*g, &mv.marks.from.to_string()).unwrap();
        *count.entry(letter).or_insert(0) += 1;
    }
    let want = [
        ('P', 26),
        ('T', 17),
        ('Q', 14),
        ('M', 10),
        ('K', 6),
        ('S', 4),
        ('H', 4),
        ('C', 4),
        ('I', 2),
    ];
    assert_eq!(count, want.into_iter().collect());
    assert!(!count.contains_key(&'N'), "the Snakes cannot move");
    assert_targets(&*g, "g1", "e2 e3 f3 h3 i3 i2");
    // Black's moves are the mirror.
    let mut b = start();
    play(&mut b, "a4a5");
    assert_eq!(b.legal_coordinates().len(), 87);
    assert_targets(&*b, "g13", "e12 e11 f11 h11 i11 i12");
}

// ---- each piece, open and crowded --------------------------------------------------------

/// Kings off every line through g7, where the open-board tests put the piece.
const KINGS: &str = "Km1 ka13";

#[test]
fn pawn_steps_double_steps_and_captures_forward() {
    let g = white(&format!("{KINGS} Pg7"));
    assert_targets(&*g, "g7", "g8 g9");
    // An enemy diagonally ahead is taken, a friend is not; a piece two ahead stops the double step.
    let g = white(&format!("{KINGS} Pg7 pf8 Sh8 pg9"));
    assert_targets(&*g, "g7", "f8 g8");
    // A piece straight ahead stops both steps; a Pawn never captures straight ahead.
    let g = white(&format!("{KINGS} Pg7 pg8"));
    assert_targets(&*g, "g7", "");
    // Black's Pawns go down the board.
    let g = black(&format!("{KINGS} pg7 Pf6"));
    assert_targets(&*g, "g7", "f6 g6 g5");
}

#[test]
fn prince_steps_like_a_king_and_double_steps_forward() {
    let g = white(&format!("{KINGS} Ig7"));
    assert_targets(&*g, "g7", "f6 f7 f8 g6 g8 h6 h7 h8 g9");
    // A friend on g8 blocks the double step; an enemy is captured; the double step never captures.
    let g = white(&format!("{KINGS} Ig7 Pg8 ph8 pf9"));
    assert_targets(&*g, "g7", "f6 f7 f8 g6 h6 h7 h8");
    let g = white(&format!("{KINGS} Ig7 pg9"));
    assert_targets(&*g, "g7", "f6 f7 f8 g6 g8 h6 h7 h8");
}

#[test]
fn troll_leaps_three_and_steps_like_a_pawn() {
    let g = white(&format!("{KINGS} Tg7"));
    assert_targets(&*g, "g7", "d4 d7 d10 g4 g10 j4 j7 j10 g8");
    // Leaps over anything; the forward step never captures; the diagonal step only captures.
    let g = white(&format!("{KINGS} Tg7 Pg8 Pd7 pf8 pj10 pg9 Ph9 ph6"));
    assert_targets(&*g, "g7", "d4 d10 f8 g4 g10 j4 j7 j10");
    let g = white(&format!("{KINGS} Tg7 pg8"));
    assert_targets(&*g, "g7", "d4 d7 d10 g4 g10 j4 j7 j10");
}

#[test]
fn snake_steps_vertically_then_slides_diagonally_onward() {
    let g = white(&format!("{KINGS} Ng7"));
    assert_targets(
        &*g,
        "g7",
        "g8 h9 i10 j11 k12 l13 f9 e10 d11 c12 b13 g6 h5 i4 j3 k2 l1 f5 e4 d3 c2 b1",
    );
    // A friend on the first step blocks that whole branch; slides stop at the first piece,
    // taking an enemy; never sideways.
    let g = white(&format!("{KINGS} Ng7 Pg6 pi10 Pf9 ph7"));
    assert_targets(&*g, "g7", "g8 h9 i10");
}

#[test]
fn ship_steps_diagonally_then_slides_vertically_onward() {
    let g = white(&format!("{KINGS} Sg7"));
    assert_targets(
        &*g,
        "g7",
        "h8 h9 h10 h11 h12 h13 f8 f9 f10 f11 f12 f13 h6 h5 h4 h3 h2 h1 f6 f5 f4 f3 f2 f1",
    );
    let g = white(&format!("{KINGS} Sg7 Ph8 pf10 Pf4 pi8"));
    assert_targets(&*g, "g7", "f8 f9 f10 h6 h5 h4 h3 h2 h1 f6 f5");
}

#[test]
fn eagle_steps_diagonally_then_slides_either_way_outward() {
    let g = white(&format!("{KINGS} Eg7"));
    assert_targets(
        &*g,
        "g7",
        "h8 h9 h10 h11 h12 h13 i8 j8 k8 l8 m8 \
         f8 f9 f10 f11 f12 f13 e8 d8 c8 b8 a8 \
         h6 h5 h4 h3 h2 h1 i6 j6 k6 l6 m6 \
         f6 f5 f4 f3 f2 f1 e6 d6 c6 b6 a6",
    );
    // An enemy on the first step is taken and ends the branch; a friend on a slide stops it.
    let g = white(&format!("{KINGS} Eg7 ph8 Pf6 Pi6 ph4 Pe8 pf10"));
    assert_targets(&*g, "g7", "h8 f8 f9 f10 h6 h5 h4");
}

#[test]
fn rhinoceros_steps_orthogonally_then_slides_diagonally_outward() {
    let g = white(&format!("{KINGS} Ug7"));
    assert_targets(
        &*g,
        "g7",
        "g8 h9 i10 j11 k12 l13 f9 e10 d11 c12 b13 \
         g6 h5 i4 j3 k2 l1 f5 e4 d3 c2 b1 \
         h7 i8 j9 k10 l11 m12 i6 j5 k4 l3 m2 \
         f7 e8 d9 c10 b11 a12 e6 d5 c4 b3 a2",
    );
    let g = white(&format!("{KINGS} Ug7 Pg8 pg6 Ph7 pd9 Pe6"));
    assert_targets(&*g, "g7", "g6 f7 e8 d9");
}

#[test]
fn squirrel_hawk_mammoth_cheetah_and_direwolf_leap_their_rings() {
    let squirrel = "e5 f5 g5 h5 i5 e9 f9 g9 h9 i9 e6 e7 e8 i6 i7 i8";
    let cheetah = "d4 e4 f4 g4 h4 i4 j4 d10 e10 f10 g10 h10 i10 j10 d5 d6 d7 d8 d9 j5 j6 j7 j8 j9";
    for (letter, want) in [
        ('Q', squirrel.to_string()),
        (
            'H',
            "e5 i5 e9 i9 e7 i7 g5 g9 d4 j4 d10 j10 d7 j7 g4 g10".to_string(),
        ),
        (
            'M',
            "f6 g6 h6 f7 h7 f8 g8 h8 e5 i5 e9 i9 e7 i7 g5 g9".to_string(),
        ),
        ('C', cheetah.to_string()),
        ('O', format!("{squirrel} {cheetah}")),
    ] {
        let g = white(&format!("{KINGS} {letter}g7"));
        assert_targets(&*g, "g7", &want);
    }
}

#[test]
fn leapers_jump_over_a_full_ring_and_take_only_enemies() {
    let ring = "Pf6 Pg6 Ph6 Pf7 Ph7 Pf8 Pg8 Ph8";
    let g = white(&format!("{KINGS} {ring} Hg7 Pe5 pg10 pd7"));
    assert_targets(&*g, "g7", "i5 e9 i9 e7 i7 g5 g9 d4 j4 d10 j10 d7 j7 g4 g10");
    let g = white(&format!("{KINGS} {ring} Og7"));
    assert_eq!(targets(&*g, "g7").len(), 40);
    let g = white(&format!("{KINGS} {ring} Cg7 Pe5 Pe6"));
    assert_eq!(targets(&*g, "g7").len(), 24);
}

#[test]
fn the_king_steps_one_square_and_may_not_step_into_attack() {
    let g = white("Kg7 km13 Pa4");
    assert_targets(&*g, "g7", "f6 g6 h6 f7 h7 f8 g8 h8");
    // The Pawn on e8 checks; it is guarded by the Hawk on e10 (a two-square leap), which
    // also covers e7 and g8; the Pawn on g9 covers f8.
    let g = white("Kf7 km13 pg9 he10 pe8");
    assert!(g.in_check());
    assert_targets(&*g, "f7", "e6 f6 g6 g7");
}

#[test]
fn only_capture_patterns_attack() {
    // The black Pawn on e9 attacks d8 and f8, not e8 (its step); the Troll on i9 attacks h8
    // with its pawn-like capture, not i8 (its step).
    let g = white("Kf7 km13 pe9");
    let t = targets(&*g, "f7");
    assert!(t.contains(&"e8".to_string()), "{t:?}");
    assert!(!t.contains(&"f8".to_string()), "{t:?}");
    let g = white("Kh7 km13 ti9");
    let t = targets(&*g, "h7");
    assert!(t.contains(&"i8".to_string()), "{t:?}");
    assert!(!t.contains(&"h8".to_string()), "{t:?}");
}

#[test]
fn bent_riders_attack_only_along_open_paths() {
    // The black Snake on g10 steps to g9 and slides down-right over h8 to i7.
    let g = white("Ki6 km13 ng10");
    assert!(!targets(&*g, "i6").contains(&"i7".to_string()));
    // With g9 occupied the whole branch is blocked; with h8 occupied the slide stops there.
    for blocker in ["Pg9", "Ph8"] {
        let g = white(&format!("Ki6 km13 ng10 {blocker}"));
        assert!(
            targets(&*g, "i6").contains(&"i7".to_string()),
            "{blocker}: {:?}",
            targets(&*g, "i6")
        );
    }
    // A Ship on b2 steps to c3 and slides up the c-file: it checks a King on c9, unless c3
    // is occupied.
    let g = black("Ka1 kc9 Sb2");
    assert!(g.in_check());
    let g = black("Ka1 kc9 Sb2 Pc3");
    assert!(!g.in_check());
}

// ---- the King's initial jump -------------------------------------------------------------

#[test]
fn the_king_jumps_over_safe_squares_to_safe_empty_squares() {
    // The black Hawk on f4 attacks f1, f2, h2 and i1 (and not g2, h1, e1, e2, e3, f3, g3, i2).
    // e1: over f1, attacked. e2: f1 and f2 both attacked. e3: over f2. f3: g2 is safe.
    // g3: over g2. h3: g2 is safe. i3: over h2. i2: h1 is safe. i1: itself attacked.
    let g = white("Kg1 km13 hf4");
    assert_targets(&*g, "g1", "g2 h1 f3 g3 h3 i2");
    // The squares jumped over may be occupied, by either side.
    let g = white("Kg1 km13 Pf1 Pf2 cg2 Ph2 Ph1");
    assert_targets(&*g, "g1", "e1 e2 e3 f3 g2 g3 h3 i3 i2 i1");
}

#[test]
fn a_knight_shaped_jump_needs_one_safe_square_between() {
    // g1 to e2 passes f1 (beside) and f2 (diagonal). A black Pawn on g3 attacks f2 (not f1);
    // a black Troll on f4 attacks f1 with its leap (not f2).
    let only_f2 = white("Kg1 km13 pg3");
    assert!(has(&*only_f2, "g1e2"));
    let only_f1 = white("Kg1 km13 tf4");
    assert!(has(&*only_f1, "g1e2"));
    let both = white("Kg1 km13 pg3 tf4");
    assert!(!has(&*both, "g1e2"));
    let why = both.parse_move("Ke2").unwrap_err().to_string();
    assert!(why.contains("over an attacked square"), "{why}");
}

#[test]
fn the_king_never_jumps_onto_an_occupied_or_attacked_square_nor_out_of_check() {
    // A black Cheetah on i3 is not attacked there and does not attack g1: no capture by a jump.
    let g = white("Kg1 km13 ci3");
    assert!(!has(&*g, "g1i3"));
    assert!(g.parse_move("Kxi3").is_err());
    // An own piece on the destination.
    let g = white("Kg1 km13 Pe3");
    assert!(!has(&*g, "g1e3"));
    // A destination attacked (by the Hawk on e6, an H leap to e3).
    let g = white("Kg1 km13 he6");
    assert!(!has(&*g, "g1e3"));
    let why = g.parse_move("Ke3").unwrap_err().to_string();
    assert!(why.contains("onto an attacked square"), "{why}");
    // In check from the Hawk on g4 (an H leap): only steps.
    let g = white("Kg1 km13 hg4");
    assert!(g.in_check());
    assert_targets(&*g, "g1", "f1 f2 h1 h2");
    let why = g.parse_move("Ke3").unwrap_err().to_string();
    assert!(why.contains("while in check"), "{why}");
}

#[test]
fn any_king_move_loses_the_jump_and_the_right_counts_for_repetition() {
    let mut g = white("Kg1 kg13 Pa4 pa10");
    assert!(has(&*g, "g1e3"));
    // Black's King is also at home: its jump right stays as long as it does not move.
    for m in ["g1g2", "a10a9", "g2g1", "g13f13"] {
        play(&mut g, m);
    }
    assert!(!has(&*g, "g1e3"), "White's King has moved");
    assert_targets(&*g, "g1", "f1 f2 g2 h1 h2");
    let why = g.parse_move("Ke3").unwrap_err().to_string();
    assert!(why.contains("only on its first move"), "{why}");

    // Shuffling the King out and back: the position after the first return differs from
    // the start (the right is gone), so only the third return repeats three times.
    let mut g = white("Kg1 km12 Pa4 pa10");
    let cycle = ["g1g2", "m12m11", "g2g1", "m11m12"];
    for _ in 0..2 {
        for m in cycle {
            play(&mut g, m);
        }
    }
    assert_eq!(g.outcome(), None, "the start had the jump right");
    play(&mut g, cycle[0]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn the_jump_is_written_like_a_king_move() {
    let g = start();
    for text in ["Ke3", "g1e3", "Kg1-e3", "Kge3"] {
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((mv.coordinate.as_str(), mv.san.as_str()), ("g1e3", "Ke3"));
        assert_eq!(mv.description, "King g1 jumps to e3");
    }
}

// ---- promotion ---------------------------------------------------------------------------

#[test]
fn a_troll_promotes_by_its_pawn_like_step_but_not_by_its_leap() {
    let mut g = white("Ka1 km11 Tg10");
    play(&mut g, "g10g13");
    assert_eq!(piece_at(&*g, "g13"), Some('T'));
    let mut g = white("Ka1 km11 Tg12");
    play(&mut g, "g12g13");
    assert_eq!(piece_at(&*g, "g13"), Some('O'));
    let mut g = white("Ka1 km11 Tg12 nf13");
    assert_eq!(g.parse_move("Txf13").unwrap().san, "Txf13=O");
    play(&mut g, "g12f13");
    assert_eq!(piece_at(&*g, "f13"), Some('O'));
    // Black's Troll promotes on rank 1.
    let mut g = black("Ka13 km11 tc2");
    play(&mut g, "c2c1");
    assert_eq!(piece_at(&*g, "c1"), Some('o'));
}

#[test]
fn every_promotion_is_automatic() {
    // (piece list, move, square, letter after)
    let cases = [
        ("Pg12", "g12g13", "g13", 'O'),
        ("Pg12 nf13", "g12f13", "f13", 'O'),
        ("Pg11", "g11g13", "g13", 'O'),
        ("Ig12", "g12h13", "h13", 'O'),
        ("Ig11", "g11g13", "g13", 'O'),
        ("Sf12", "f12g13", "g13", 'E'),
        ("Sf10", "f10e11", "e11", 'S'),
        ("Sf10", "f10e13", "e13", 'E'),
        ("Ng12", "g12g13", "g13", 'U'),
        ("Ng11", "g11f13", "f13", 'U'),
        ("Tg12 nh13", "g12h13", "h13", 'O'),
        ("Hg10", "g10g13", "g13", 'H'),
    ];
    for (pieces, mv, sq, letter) in cases {
        let mut g = white(&format!("Ka1 km1 {pieces}"));
        play(&mut g, mv);
        assert_eq!(piece_at(&*g, sq), Some(letter), "{pieces}: {mv}");
    }
    // Black's Pawns, Snakes and Ships promote on rank 1.
    for (pieces, mv, sq, letter) in [
        ("pc2", "c2c1", "c1", 'o'),
        ("nc3", "c3b1", "b1", 'u'),
        ("sc3", "c3b2", "b2", 's'),
        ("sc2", "c2b1", "b1", 'e'),
    ] {
        let mut g = black(&format!("Km13 ka13 {pieces}"));
        play(&mut g, mv);
        assert_eq!(piece_at(&*g, sq), Some(letter), "{pieces}: {mv}");
    }
}

#[test]
fn promotions_are_written_and_read_with_or_without_the_letter() {
    let g = white("Ka1 km1 Pg12 Sf12");
    for text in ["g13", "g13=O", "g12g13", "g12-g13", "g12g13o"] {
        assert_eq!(g.parse_move(text).unwrap().coordinate, "g12g13", "{text}");
    }
    assert_eq!(g.parse_move("g13").unwrap().san, "g13=O");
    assert_eq!(g.parse_move("Se13").unwrap().san, "Se13=E");
    assert_eq!(g.parse_move("Sf12e13=E").unwrap().coordinate, "f12e13");
    assert_eq!(
        g.parse_move("g13").unwrap().description,
        "Pawn g12 to g13 and becomes a Direwolf"
    );
}

// ---- en passant and the double step ------------------------------------------------------

#[test]
fn double_steps_from_any_rank_need_the_passed_square_empty() {
    let mut g = white("Ka1 km13 Pe7 Ic5");
    assert!(has(&*g, "e7e9"));
    assert!(has(&*g, "c5c7"));
    play(&mut g, "e7e9");
    // The en passant square is written even with no Pawn to take.
    assert_eq!(field(&*g, 4), "e8");
    let blocked = white("Ka1 km13 Pe7 ne8 Ic5 Pc6");
    assert!(!has(&*blocked, "e7e9"));
    assert!(!has(&*blocked, "c5c7"));
}

#[test]
fn only_a_pawn_takes_en_passant_and_only_at_once() {
    // Black's Pawn d11 double-steps past d10 to d9, beside White's Pawn e9.
    let mut g = black("Ka1 km13 pd11 Pe9 ph2");
    play(&mut g, "d11d9");
    assert_eq!(field(&*g, 4), "d10");
    assert!(has(&*g, "e9d10"), "the Pawn takes en passant");
    let ep = g.parse_move("exd10").unwrap();
    assert_eq!(ep.coordinate, "e9d10");
    assert_eq!(ep.marks.victims, vec!["d9".parse().unwrap()]);
    let mut taken = g.clone();
    play(&mut taken, "exd10");
    assert_eq!(piece_at(&*taken, "d9"), None);
    assert_eq!(piece_at(&*taken, "d10"), Some('P'));
    // One move later the chance is gone.
    play(&mut g, "a1a2");
    play(&mut g, "h2h1");
    assert!(!has(&*g, "e9d10"));
}

#[test]
fn a_princes_double_step_can_be_taken_by_a_pawn_only() {
    let mut g = black("Ka1 km13 id11 Pe9 Ic9");
    play(&mut g, "d11d9");
    assert_eq!(field(&*g, 4), "d10");
    assert!(has(&*g, "e9d10"));
    play(&mut g, "e9d10");
    assert_eq!(piece_at(&*g, "d9"), None);
    // The Prince beside a double step cannot take en passant (it may only step there).
    let mut g = black("Ka1 km13 pd11 Ic9");
    play(&mut g, "d11d9");
    let step = g.parse_move("c9d10").unwrap();
    assert!(!step.marks.captures);
    play(&mut g, "c9d10");
    assert_eq!(piece_at(&*g, "d9"), Some('p'));
    // Nor can a Troll whose diagonal step lands on the passed square.
    let mut g = black("Ka1 km13 pd11 Tc9");
    play(&mut g, "d11d9");
    assert!(!has(&*g, "c9d10"));
}

// ---- the end of the game -------------------------------------------------------------------

#[test]
fn checkmate_wins() {
    // The Mammoth on l11 guards l12, m12 and l13; the Hawk's H leap checks m13.
    let mut g = white("Ka1 km13 Ml11 Hm7");
    let mv = g.parse_move("Hm10").unwrap();
    assert_eq!(mv.san, "Hm10#");
    play(&mut g, "Hm10");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    assert!(g.legal_coordinates().is_empty());
    assert_eq!(g.board().royal_in_check, Some("m13".parse().unwrap()));
}

#[test]
fn stalemate_is_a_draw() {
    let mut g = white("Ka1 km13 Ml10");
    play(&mut g, "l10l11");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut g = start();
    let cycle = ["b1b2", "b13b12", "b2b1", "b12b13"];
    for m in cycle {
        play(&mut g, m);
    }
    for m in &cycle[..3] {
        play(&mut g, m);
    }
    assert_eq!(g.outcome(), None);
    play(&mut g, cycle[3]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let no_progress = Some(Outcome::Draw {
        reason: Reason::NoProgress,
    });
    // A Prince's or Troll's move does not reset the count; a Pawn move or a capture does.
    for (mv, ends) in [
        ("c5c6", true),
        ("c5c7", true),
        ("e5e6", true),
        ("g5g6", false),
        ("g5g7", false),
        ("c5d6", false),
    ] {
        let mut g = game("Ka1 km13 Ic5 Te5 Pg5 nd6", "w - - 99 80");
        play(&mut g, mv);
        assert_eq!(g.outcome() == no_progress, ends, "{mv}");
    }
    let g = game("Ka1 km13 Ic5", "w - - 100 80");
    assert_eq!(g.outcome(), no_progress);
}

#[test]
fn bare_kings_draw() {
    let mut g = white("Ka1 km13 pb2");
    play(&mut g, "Kxb2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );
    assert_eq!(white("Ka1 km13 pb3").outcome(), None);
}

// ---- position text and notation --------------------------------------------------------------

#[test]
fn position_texts_round_trip_and_a_king_at_home_keeps_its_jump() {
    for text in [
        "hmqcsnknscqmh/5tit5/6t6/ppppppppppppp/13/13/13/13/13/PPPPPPPPPPPPP/6T6/5TIT5/HMQCSNKNSCQMH w - - 0 1",
        "12k/13/13/13/3Pp8/13/13/13/13/13/13/13/K12 b - d8 7 31",
        "o11k/13/13/13/13/13/13/13/13/13/13/13/E10UK b - - 0 1",
    ] {
        let g = new_game(VariantId::Fantastic, Some(text)).unwrap();
        assert_eq!(g.position_text(), text);
    }
    let home = white("Kg1 kg13 Pa4");
    assert!(has(&*home, "g1e3"));
    let away = white("Kf1 kg13 Pa4");
    assert!(!has(&*away, "f1d3"));
}

#[test]
fn bad_position_texts_name_the_field() {
    let base = "12k/13/13/13/13/13/13/13/13/13/13/13/K12";
    for (text, needle) in [
        (format!("{base} w -"), "fields"),
        (
            "12k/13/13/13/13/13/13/13/13/13/13/13/X12 w - - 0 1".to_string(),
            "field 1",
        ),
        (
            "12k/13/13/13/13/13/13/13/13/13/13/13/K11 w - - 0 1".to_string(),
            "covers 12",
        ),
        (
            "12k/13/13/13/13/13/13/13/13/13/13/13/K11K w - - 0 1".to_string(),
            "two Kings",
        ),
        (
            "13/13/13/13/13/13/13/13/13/13/13/13/K12 w - - 0 1".to_string(),
            "exactly one King",
        ),
        (
            "P11k/13/13/13/13/13/13/13/13/13/13/13/K12 w - - 0 1".to_string(),
            "would have promoted",
        ),
        (
            "11k1/13/13/13/13/13/13/13/13/13/13/13/K11s w - - 0 1".to_string(),
            "would have promoted",
        ),
        (format!("{base} x - - 0 1"), "field 2"),
        (format!("{base} w KQkq - 0 1"), "field 3"),
        (format!("{base} w - n5 0 1"), "field 4"),
        (format!("{base} w - e11 0 1"), "no black Pawn or Prince"),
        (format!("{base} w - - x 1"), "field 5"),
        (format!("{base} w - - 0 y"), "field 6"),
        (
            "12k/13/13/13/13/13/13/13/13/13/13/13/K2h9 b - - 0 1".to_string(),
            "is in check",
        ),
    ] {
        let err = new_game(VariantId::Fantastic, Some(&text))
            .err()
            .unwrap_or_else(|| panic!("{text} was accepted"))
            .to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn moves_parse_from_san_long_and_coordinate_forms() {
    let g = start();
    for (text, coordinate) in [
        ("g4g6", "g4g6"),
        ("g6", "g4g6"),
        ("If3", "g2f3"),
        ("Tf2-f3", "f2f3"),
        ("Tff5", "f2f5"),
        ("Sd3", "e1d3"),
        ("Mb1b3", "b1b3"),
        ("Hc3", "a1c3"),
        ("Cd1-a2", "d1a2"),
        ("Qe2", "c1e2"),
    ] {
        let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.coordinate, coordinate, "{text}");
    }
    // Two Squirrels reaching one square need telling apart.
    let g = white("Ka1 km13 Qc3 Qg3");
    let err = g.parse_move("Qe4").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
    assert_eq!(g.parse_move("Qce4").unwrap().coordinate, "c3e4");
    assert_eq!(g.parse_move("Qg3e4").unwrap().san, "Qge4");
    let err = g.parse_move("Qz9").unwrap_err().to_string();
    assert!(err.contains("cannot read 'Qz9' as a move"), "{err}");
    let err = g.parse_move("Qc7").unwrap_err().to_string();
    assert_eq!(
        err,
        "'Qc7': no Squirrel can reach c7: a Squirrel leaps to any square exactly two squares away"
    );
    // The Mammoth on h2 shields its King from the Snake's slide (k6, k5, then down-left to
    // g1): moving it away is explained.
    let g = white("Kg1 km13 Mh2 nk6");
    assert!(!g.in_check());
    let err = g.parse_move("Mh4").unwrap_err().to_string();
    assert!(err.contains("leave your King in check"), "{err}");
}

#[test]
fn the_rules_help_has_an_overview_and_a_topic_per_piece() {
    assert_eq!("fantastic".parse::<VariantId>(), Ok(VariantId::Fantastic));
    assert_eq!(VariantId::Fantastic.title(), "Fantastic XIII");
    assert!(help(VariantId::Fantastic, None).contains("Fantastic XIII"));
    for topic in [
        "king",
        "pawn",
        "prince",
        "troll",
        "snake",
        "ship",
        "squirrel",
        "hawk",
        "mammoth",
        "cheetah",
        "eagle",
        "rhinoceros",
        "direwolf",
        "promotion",
    ] {
        let text = help(VariantId::Fantastic, Some(topic));
        assert!(
            text.to_lowercase().starts_with(&format!("**{topic}")),
            "{topic}: {text}"
        );
    }
    assert!(help(VariantId::Fantastic, Some("king")).contains("Ke3"));
    assert!(help(VariantId::Fantastic, Some("castling")).starts_with("No rules entry"));
}

#[test]
fn a_fantastic_board_renders_at_the_requested_size() {
    use herald::render::{render_game, Options};
    let g = start();
    let png = render_game(
        &*g,
        Some("g1".parse().unwrap()),
        Options {
            width: 780,
            flip: false,
        },
    )
    .expect("a PNG");
    let decoder = png::Decoder::new(std::io::Cursor::new(&png));
    let reader = decoder.read_info().expect("a PNG header");
    // One panel line: Fantastic XIII has no zones, riposte or notice to show under it.
    let layout = herald::render::layout::Layout::for_view(&g.board(), 780, false);
    assert_eq!(layout.lines, 1);
    assert_eq!(
        (reader.info().width, reader.info().height),
        (layout.width, layout.height)
    );
    let view = g.board();
    assert_eq!((view.files, view.ranks), (13, 13));
    assert_eq!(view.pieces.len(), 60);
    let mut names: Vec<&str> = view.pieces.iter().map(|(_, p)| p.name).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 10);
}
