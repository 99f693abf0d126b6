//! One test per example diagram of the Chess 13: Epoch rulebook. The diagrams themselves are lost;
//! each test rebuilds a small position that shows what the caption describes and checks what a
//! player would notice: which moves are legal, whether a side is in check, how the game ends.

use crate::support::*;

use herald::rules::{AnyGame, Color, Outcome, Power, Reason, Square};

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

fn assert_legal(g: &dyn AnyGame, wanted: &[&str]) {
    let all = moves(g);
    for mv in wanted {
        assert!(
            all.iter().any(|m| m == mv),
            "{mv} should be legal in {}\nlegal: {all:?}",
            g.position_text()
        );
    }
}

fn assert_illegal(g: &dyn AnyGame, unwanted: &[&str]) {
    let all = moves(g);
    for mv in unwanted {
        assert!(
            !all.iter().any(|m| m == mv),
            "{mv} should not be legal in {}\nlegal: {all:?}",
            g.position_text()
        );
    }
}

/// Every square any legal move of the piece on `from` removes a piece from.
fn victims_from(g: &dyn AnyGame, from: &str) -> Vec<String> {
    let mut out: Vec<String> = g
        .moves_from(sq(from))
        .into_iter()
        .flat_map(|m| m.marks.victims)
        .map(|s| s.to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

fn zone_size(g: &dyn AnyGame, color: Color) -> Option<usize> {
    g.board()
        .zones
        .iter()
        .find(|z| z.color == color)
        .map(|z| z.squares.len())
}

// ---------------------------------------------------------------------------------------------
// Herald
// ---------------------------------------------------------------------------------------------

// Herald, enhanced: diagonals with no limit, the straight step captures too.
#[test]
fn herald_enhanced() {
    let g = white("Pf1 Mc1 Hc3 pa13 sl12 lc4");
    assert_eq!(power(&*g, "c3"), Power::Enhanced);
    assert_legal(
        &*g,
        &[
            "c3k11", "c3l12", "c3c4", "c3b3", "c3d3", "c3a5", "c3a1", "c3e1",
        ],
    );
    assert_illegal(&*g, &["c3m13", "c3c5"]);
}

// Herald, restricted: diagonals up to six squares, the straight step cannot capture.
#[test]
fn herald_restricted() {
    let g = white("Pf1 Mm5 Hc3 pa13 sl12 lc4");
    assert_eq!(power(&*g, "c3"), Power::Restricted);
    assert_legal(&*g, &["c3h8", "c3i9", "c3b3", "c3d3", "c3c2"]);
    assert_illegal(&*g, &["c3j10", "c3k11", "c3l12", "c3c4"]);
}

// Herald: its diagonal reach is the same whether it moves to an empty square or captures.
#[test]
fn herald_restricted_captures_as_far_as_it_moves() {
    let six = white("Pf1 Mm5 Hc3 pa13 si9");
    assert_eq!(power(&*six, "c3"), Power::Restricted);
    assert_legal(&*six, &["c3i9"]);
    assert_eq!(victims_from(&*six, "c3"), vec!["i9"]);

    let seven = white("Pf1 Mm5 Hc3 pa13 sj10");
    assert_legal(&*seven, &["c3i9"]);
    assert_illegal(&*seven, &["c3j10"]);
    assert!(victims_from(&*seven, "c3").is_empty());
}

// ---------------------------------------------------------------------------------------------
// Sentinel
// ---------------------------------------------------------------------------------------------

// Sentinel, enhanced: six squares quiet, no limit capturing, passes own pieces towards its Marshal.
#[test]
fn sentinel_enhanced() {
    let g = white("Pm3 Sa1 Me4 Ta3 pm13 tk1");
    assert_eq!(power(&*g, "a1"), Power::Enhanced);
    assert_legal(&*g, &["a1b1", "a1g1", "a1k1", "a1a2", "a1a4"]);
    assert_illegal(&*g, &["a1h1", "a1i1", "a1j1", "a1a3", "a1a5"]);
}

// Sentinel, restricted: three squares quiet, six capturing, and any piece blocks it.
#[test]
fn sentinel_restricted() {
    let g = white("Pm3 Sa1 Mk8 Ta3 pm13 tg1");
    assert_eq!(power(&*g, "a1"), Power::Restricted);
    assert_legal(&*g, &["a1b1", "a1d1", "a1g1", "a1a2"]);
    assert_illegal(&*g, &["a1e1", "a1f1", "a1a4", "a1a5"]);

    let far = white("Pm3 Sa1 Mk8 Ta3 pm13 th1");
    assert_legal(&*far, &["a1d1"]);
    assert_illegal(&*far, &["a1h1", "a1g1", "a1e1"]);
}

// It reaches it only by capturing
#[test]
fn it_reaches_it_only_by_capturing() {
    let empty = white("Pm3 Sa1 Me4 pm13");
    assert_eq!(power(&*empty, "a1"), Power::Enhanced);
    assert_legal(&*empty, &["a1g1"]);
    assert_illegal(&*empty, &["a1h1", "a1i1"]);

    let occupied = white("Pm3 Sa1 Me4 pm13 ti1");
    assert_legal(&*occupied, &["a1i1"]);
    assert_illegal(&*occupied, &["a1h1"]);
}

// It passes through, then cannot capture
#[test]
fn it_passes_through_then_cannot_capture() {
    let through = white("Pm3 Sa1 Hb1 Me4 pm13 td1");
    assert_legal(&*through, &["a1c1"]);
    assert_illegal(&*through, &["a1d1", "a1e1"]);
    assert!(victims_from(&*through, "a1").is_empty());

    // The same line without the own piece to pass through: the capture is there.
    let direct = white("Pm3 Sa1 Me4 pm13 td1");
    assert_legal(&*direct, &["a1c1", "a1d1"]);
}

// With the Marshal on d3, a Sentinel on a1 heads towards it both east and north.
#[test]
fn sentinel_heads_towards_the_marshal_per_axis() {
    let g = white("Pm3 Sa1 Hb1 Ta2 Md3 Sg1 Hh1 pm13");
    assert_eq!(power(&*g, "a1"), Power::Enhanced);
    // East along the rank, through b1, up to the Marshal's file and not beyond.
    assert_legal(&*g, &["a1c1", "a1d1"]);
    assert_illegal(&*g, &["a1b1", "a1e1"]);
    // North along the file, through a2, up to the Marshal's rank and not beyond.
    assert_legal(&*g, &["a1a3"]);
    assert_illegal(&*g, &["a1a2", "a1a4"]);
    // A Sentinel heading away from the Marshal is blocked by its own piece.
    assert_legal(&*g, &["g1f1"]);
    assert_illegal(&*g, &["g1i1", "g1j1"]);
}

// ---------------------------------------------------------------------------------------------
// Templar
// ---------------------------------------------------------------------------------------------

// Templar, enhanced: the (3,2) leap and the knight's (2,1) leap, over anything in between.
#[test]
fn templar_enhanced() {
    let g = white("Pm1 Mg7 Td4 Lc4 Le4 Ld5 Ld3 pa12 tf5 tg6");
    assert_eq!(power(&*g, "d4"), Power::Enhanced);
    assert_eq!(
        targets(&*g, "d4"),
        vec![
            "a2", "a6", "b1", "b3", "b5", "b7", "c2", "c6", "e2", "e6", "f1", "f3", "f5", "f7",
            "g2", "g6"
        ]
    );
    assert_eq!(victims_from(&*g, "d4"), vec!["f5", "g6"]);
}

// Templar, restricted: the knight leap is gone, only the (3,2) leap remains.
#[test]
fn templar_restricted() {
    let g = white("Pm1 Ml7 Td4 Lc4 Le4 Ld5 Ld3 pa12 tf5 tg6");
    assert_eq!(power(&*g, "d4"), Power::Restricted);
    assert_eq!(
        targets(&*g, "d4"),
        vec!["a2", "a6", "b1", "b7", "f1", "f7", "g2", "g6"]
    );
    assert_illegal(&*g, &["d4f5", "d4b3"]);
}

// ---------------------------------------------------------------------------------------------
// Legionary
// ---------------------------------------------------------------------------------------------

// Advance below rank 7
#[test]
fn advance_below_rank_7() {
    let g = white("Pa1 Le3 Lh3 pm13 lh6");
    assert_eq!(targets(&*g, "e3"), vec!["e4", "e5", "e6", "e7"]);
    assert_illegal(&*g, &["e3e8"]);
    // Something in the way: it stops earlier.
    assert_eq!(targets(&*g, "h3"), vec!["h4", "h5"]);

    // The same with the whole army enhanced.
    let enhanced = white("Pa1 Mg7 Le3 pa12");
    assert_eq!(power(&*enhanced, "e3"), Power::Enhanced);
    assert_eq!(targets(&*enhanced, "e3"), vec!["e4", "e5", "e6", "e7"]);

    // Black mirrors it, down to rank 7.
    let b = black("Pa1 pm13 le11");
    assert_eq!(targets(&*b, "e11"), vec!["e10", "e7", "e8", "e9"]);
    assert_illegal(&*b, &["e11e6"]);
}

// Legionary, enhanced: from rank 7 onward, one or two squares forward.
#[test]
fn legionary_enhanced() {
    let g = white("Pa1 Mg7 Le7 Li9 pa12 ld8");
    assert_eq!(power(&*g, "e7"), Power::Enhanced);
    assert_eq!(targets(&*g, "e7"), vec!["d8", "e8", "e9"]);
    assert_eq!(targets(&*g, "i9"), vec!["i10", "i11"]);
    assert_illegal(&*g, &["e7e10", "i9i12"]);
}

// Legionary, restricted: from rank 7 onward, one square forward.
#[test]
fn legionary_restricted() {
    let g = white("Pa1 Mm1 Le7 Li9 pa12 ld8");
    assert_eq!(power(&*g, "e7"), Power::Restricted);
    assert_eq!(targets(&*g, "e7"), vec!["d8", "e8"]);
    assert_eq!(targets(&*g, "i9"), vec!["i10"]);
    assert_illegal(&*g, &["e7e9", "i9i11"]);
}

// White advances to e7
#[test]
fn white_advances_to_e7() {
    let mut g = white("Pa1 Le3 pm13 ld7");
    play(&mut g, "e3e7");
    assert_eq!(field(&*g, 4), "e6");
    assert_legal(&*g, &["d7e6", "d7d6"]);
}

// Black captures en passant
#[test]
fn black_captures_en_passant() {
    let mut g = white("Pa1 Le3 pm13 ld7");
    play(&mut g, "e3e7");
    let info = g.play("d7e6").expect("en passant is legal");
    assert_eq!(info.marks.victims, vec![sq("e7")]);
    assert_eq!(piece_at(&*g, "e6"), Some('l'));
    assert_eq!(piece_at(&*g, "e7"), None);
    assert_eq!(piece_at(&*g, "d7"), None);
}

// En passant: the right is gone the moment it is not used.
#[test]
fn en_passant_right_lapses() {
    let mut g = white("Pa1 Le3 pm13 ld7");
    play(&mut g, "e3e7");
    assert_legal(&*g, &["d7e6"]);
    play(&mut g, "m13m12");
    assert_eq!(field(&*g, 4), "-");
    play(&mut g, "a1a2");
    assert_illegal(&*g, &["d7e6"]);
    assert_legal(&*g, &["d7d6"]);
}

// En passant: an advance that begins anywhere else gives nothing.
#[test]
fn en_passant_only_after_the_advance_from_the_starting_rank() {
    let mut g = white("Pa1 Le4 pm13 ld7");
    play(&mut g, "e4e7");
    assert_eq!(field(&*g, 4), "-");
    assert_illegal(&*g, &["d7e6"]);
}

// ---------------------------------------------------------------------------------------------
// Mage
// ---------------------------------------------------------------------------------------------

// Mage, enhanced: one square or a two-square leap, and the blast destroys enemy pieces only.
#[test]
fn mage_enhanced() {
    let mut g = white("Pa1 Mg7 Ge5 Le6 pa12 lf6 lc5");
    assert_eq!(power(&*g, "e5"), Power::Enhanced);
    assert_legal(
        &*g,
        &["e5d4", "e5f5", "e5e7", "e5g5", "e5c3", "e5e3", "e5e5"],
    );
    // Never onto a piece: not the enemy next to it, not the enemy two away, not its own.
    assert_illegal(&*g, &["e5f6", "e5c5", "e5e6", "e5g7"]);
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "f6"), None);
    assert_eq!(piece_at(&*g, "e6"), Some('L'));
    assert_eq!(piece_at(&*g, "c5"), Some('l'));
    assert_eq!(piece_at(&*g, "e5"), Some('G'));
}

// Mage, restricted: one square each move, and the blast destroys own pieces in the ring as well.
#[test]
fn mage_restricted() {
    let mut g = white("Pa1 Mm1 Ge5 Ld4 pa12 lf6");
    assert_eq!(power(&*g, "e5"), Power::Restricted);
    assert_eq!(
        targets(&*g, "e5"),
        vec!["d5", "d6", "e4", "e5", "e6", "f4", "f5"]
    );
    assert_illegal(&*g, &["e5e7", "e5g5", "e5c5", "e5f6", "e5d4"]);
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "f6"), None);
    assert_eq!(piece_at(&*g, "d4"), None);
    assert_eq!(piece_at(&*g, "e5"), Some('G'));
}

// A blast needs at least one enemy piece in the ring.
#[test]
fn mage_blast_needs_an_enemy_in_the_ring() {
    let g = white("Pa1 Mg7 Ge5 Le6 Gj3 pa12");
    assert_illegal(&*g, &["e5e5", "j3j3"]);
    assert_legal(&*g, &["e5d5", "j3j4"]);
    let with_enemy = white("Pa1 Mg7 Ge5 Le6 Gj3 pa12 lk4");
    assert_legal(&*with_enemy, &["j3j3"]);
    assert_illegal(&*with_enemy, &["e5e5"]);
}

// ---------------------------------------------------------------------------------------------
// Assassin
// ---------------------------------------------------------------------------------------------

// Assassin, enhanced: the line has no limit, and it captures anywhere on it.
#[test]
fn assassin_enhanced() {
    let g = white("Pm1 Mg7 Aa2 pl13 ha11");
    assert_eq!(power(&*g, "a2"), Power::Enhanced);
    assert_legal(&*g, &["a2a10", "a2a12", "a2m2"]);
    assert_illegal(&*g, &["a2a11", "a2a13"]);
    assert_eq!(victims_from(&*g, "a2"), vec!["a11"]);
}

// Assassin, restricted: the line is cut to six, and the whole capture must stay inside it.
#[test]
fn assassin_restricted() {
    let near = white("Pm1 Mm7 Aa2 pl13 ha7");
    assert_eq!(power(&*near, "a2"), Power::Restricted);
    assert_legal(&*near, &["a2a6", "a2a8", "a2g2"]);
    assert_illegal(&*near, &["a2h2", "a2a7"]);
    assert_eq!(victims_from(&*near, "a2"), vec!["a7"]);

    let far = white("Pm1 Mm7 Aa2 pl13 ha8");
    assert_legal(&*far, &["a2a7"]);
    assert_illegal(&*far, &["a2a8", "a2a9"]);
    assert!(victims_from(&*far, "a2").is_empty());
}

// The square behind is occupied
#[test]
fn assassin_square_behind_is_occupied() {
    let g = white("Pm1 Mg7 Ac2 pl13 hc6 lc7");
    assert_legal(&*g, &["c2c5"]);
    assert_illegal(&*g, &["c2c7", "c2c6"]);
    assert!(victims_from(&*g, "c2").is_empty());

    let free = white("Pm1 Mg7 Ac2 pl13 hc6");
    assert_legal(&*free, &["c2c7"]);
}

// The square behind is attacked by the opponent
#[test]
fn assassin_square_behind_is_attacked() {
    let g = white("Pm1 Mg7 Ac2 pl13 tg2 li3");
    assert_legal(&*g, &["c2f2"]);
    assert_illegal(&*g, &["c2h2"]);
    assert!(victims_from(&*g, "c2").is_empty());

    let unguarded = white("Pm1 Mg7 Ac2 pl13 tg2");
    assert_legal(&*unguarded, &["c2h2"]);

    // The square is read after the capture: a Sentinel behind the Assassin sees c7 once the
    // Assassin and its victim have left the file.
    let behind = white("Pm1 Mg7 Ac2 pl13 hc6 sc1");
    assert_illegal(&*behind, &["c2c7"]);
    assert_legal(&*behind, &["c2c5"]);
}

// A piece on the far rank cannot be captured from in front; the Assassin comes from the side.
#[test]
fn assassin_far_rank_only_from_another_direction() {
    let g = white("Pm1 Mg7 Ae5 Aa13 pl13 he13");
    assert_legal(&*g, &["e5e12"]);
    assert!(victims_from(&*g, "e5").is_empty());
    assert_legal(&*g, &["a13f13"]);
    assert_eq!(victims_from(&*g, "a13"), vec!["e13"]);
}

// Capturing on a corner
#[test]
fn assassin_capturing_on_a_corner() {
    let g = white("Pm2 Mg7 Ad4 pl13 ha1");
    assert_legal(&*g, &["d4a1"]);
    let info = g.parse_move("d4a1").expect("the corner capture");
    assert_eq!(info.marks.victims, vec![sq("a1")]);
    assert_eq!(info.marks.to, sq("a1"));
}

// The capture is not allowed (the corner is attacked)
#[test]
fn assassin_corner_capture_not_allowed() {
    let g = white("Pm2 Mg7 Ad4 pl13 ha1 sa6");
    assert_illegal(&*g, &["d4a1"]);
    assert!(victims_from(&*g, "d4").is_empty());
    assert_legal(&*g, &["d4b2", "d4c3"]);
}

// ---------------------------------------------------------------------------------------------
// Marshal: the zone
// ---------------------------------------------------------------------------------------------

// On the command square
#[test]
fn zone_on_the_command_square() {
    let g = white("Pb1 Mg7 Ha1 Tm13 Lm4 pa12 ta2");
    assert_eq!(zone_size(&*g, Color::White), Some(169));
    for at in ["a1", "m13", "m4"] {
        assert_eq!(power(&*g, at), Power::Enhanced, "{at}");
    }
    // The Herald in the far corner still captures with its straight step.
    assert_legal(&*g, &["a1a2"]);
}

// Four squares in every direction
#[test]
fn zone_four_squares_in_every_direction() {
    let g = white("Pm1 Mf6 Tb2 Ta1 Hj10 Hk6 Lf10 Lf11 pa12 le7");
    assert_eq!(zone_size(&*g, Color::White), Some(81));
    for at in ["b2", "j10", "f10"] {
        assert_eq!(power(&*g, at), Power::Enhanced, "{at}");
    }
    for at in ["a1", "k6", "f11"] {
        assert_eq!(power(&*g, at), Power::Restricted, "{at}");
    }
    // The zone affects only its own side: a Black piece inside it is not enhanced.
    assert_eq!(power(&*g, "e7"), Power::Restricted);
}

// Against the edge
#[test]
fn zone_against_the_edge() {
    let g = white("Pm1 Ma7 Le7 Lf7 Ta2 Ta3 Hc11 Hc12 pm13");
    assert_eq!(zone_size(&*g, Color::White), Some(45));
    for at in ["e7", "a3", "c11"] {
        assert_eq!(power(&*g, at), Power::Enhanced, "{at}");
    }
    for at in ["f7", "a2", "c12"] {
        assert_eq!(power(&*g, at), Power::Restricted, "{at}");
    }
}

// In a corner
#[test]
fn zone_in_a_corner() {
    let g = white("Pm1 Ma1 He5 Hf5 Le6 pl13");
    assert_eq!(zone_size(&*g, Color::White), Some(25));
    assert_eq!(power(&*g, "e5"), Power::Enhanced);
    assert_eq!(power(&*g, "f5"), Power::Restricted);
    assert_eq!(power(&*g, "e6"), Power::Restricted);
}

// A piece is read on the square it starts from, not the square it lands on.
#[test]
fn zone_piece_is_read_on_its_start_square() {
    let mut g = white("Pm1 Mf6 Hj10 pa12 tk10");
    assert_eq!(power(&*g, "j10"), Power::Enhanced);
    // The straight-step capture is an enhanced move, and it leaves the zone.
    assert_legal(&*g, &["j10k10"]);
    play(&mut g, "j10k10");
    assert_eq!(power(&*g, "k10"), Power::Restricted);
}

// Marshal captured: the whole army is restricted, and the Emperor comes into play.
#[test]
fn marshal_captured_army_restricted_and_emperor_wakes() {
    let mut g = black("Pm1 Mg7 Ha1 Ef1 pa12 ae7");
    assert_eq!(power(&*g, "a1"), Power::Enhanced);
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    play(&mut g, "e7h7");
    assert_eq!(piece_at(&*g, "g7"), None);
    assert_eq!(zone_size(&*g, Color::White), None);
    assert_eq!(power(&*g, "a1"), Power::Restricted);
    assert_ne!(power(&*g, "f1"), Power::Dormant);
    assert_eq!(field(&*g, 6), "E");
    assert_legal(&*g, &["f1f2", "f1a6"]);
}

// ---------------------------------------------------------------------------------------------
// Marshal: moving and capturing
// ---------------------------------------------------------------------------------------------

// Eight lines, any distance
#[test]
fn marshal_eight_lines_any_distance() {
    let g = white("Pl2 Me5 pa12");
    assert_legal(
        &*g,
        &[
            "e5e13", "e5e1", "e5a5", "e5m5", "e5a1", "e5m13", "e5a9", "e5i1",
        ],
    );
    assert_illegal(&*g, &["e5f7", "e5g6", "e5c4"]);

    let blocked = white("Pl2 Me5 Le8 pa12");
    assert_legal(&*blocked, &["e5e7"]);
    assert_illegal(&*blocked, &["e5e8", "e5e9", "e5e13"]);
}

// The Herald already attacks it
#[test]
fn marshal_capture_the_herald_already_attacks_it() {
    let g = white("Pl2 Me5 Hc8 pa12 se10");
    assert_legal(&*g, &["e5e10", "e5e9"]);
}

// Nothing of yours attacks it
#[test]
fn marshal_capture_nothing_of_yours_attacks_it() {
    let g = white("Pl2 Me5 pa12 se10");
    assert_legal(&*g, &["e5e9"]);
    assert_illegal(&*g, &["e5e10"]);

    // A Sentinel behind the Marshal aims through the Marshal itself: that is no support.
    let xray = white("Pl2 Se2 Me5 pa12 se10");
    assert_illegal(&*xray, &["e5e10"]);
}

// The Mage attacks everything next to it
#[test]
fn marshal_capture_the_mage_attacks_everything_next_to_it() {
    let g = white("Pl2 Me5 Gd11 pa12 se10");
    assert_legal(&*g, &["e5e10", "d11d11"]);
}

// The Marshal captures though the Mage cannot blast
#[test]
fn marshal_captures_though_the_mage_cannot_blast() {
    let g = white("Pc12 Me5 Gd11 pa12 se10");
    assert_eq!(power(&*g, "d11"), Power::Restricted);
    assert_illegal(&*g, &["d11d11"]);
    assert_legal(&*g, &["e5e10"]);
}

// The Marshal can capture, the square behind is only attacked
#[test]
fn marshal_captures_square_behind_only_attacked() {
    let g = white("Pl2 Me5 Ah10 pa12 se10 lc11");
    assert_illegal(&*g, &["h10d10"]);
    assert_legal(&*g, &["e5e10"]);
}

// The Marshal cannot capture, the square behind is occupied
#[test]
fn marshal_cannot_capture_square_behind_occupied() {
    let g = white("Pl2 Me5 Ah10 pa12 se10 ld10");
    assert!(victims_from(&*g, "h10").is_empty());
    assert_illegal(&*g, &["e5e10"]);
    assert_legal(&*g, &["e5e9", "h10f10"]);
}

// ---------------------------------------------------------------------------------------------
// Riposte
// ---------------------------------------------------------------------------------------------

// The capture triggers the riposte
#[test]
fn riposte_the_capture_triggers_it() {
    // Without a riposte the Marshal cannot take the Sentinel on f6.
    let before = white("Pm1 Mc3 pa12 sf6");
    assert_illegal(&*before, &["c3f6"]);

    let mut g = black("Pm1 Mc3 Hf6 pa12 sf11");
    play(&mut g, "f11f6");
    assert_eq!(field(&*g, 5), "f6");
    assert_eq!(g.board().riposte, vec![sq("f6")]);
    assert_legal(&*g, &["c3f6"]);
}

// The capture does not trigger the riposte
#[test]
fn riposte_the_capture_does_not_trigger_it() {
    // The same capture on the same diagonal, but d4 stands between the Marshal and f6.
    let mut g = black("Pm1 Mc3 Ld4 Hf6 pa12 sf11");
    play(&mut g, "f11f6");
    assert_eq!(piece_at(&*g, "f6"), Some('s'));
    assert_eq!(field(&*g, 5), "-");
    assert!(g.board().riposte.is_empty());
    assert_illegal(&*g, &["c3f6"]);
}

// The right holds only on the move immediately following.
#[test]
fn riposte_lasts_one_move() {
    let mut g = black("Pm1 Mc3 Hf6 pa12 sf11");
    play(&mut g, "f11f6");
    assert_legal(&*g, &["c3f6"]);
    play(&mut g, "m1l1");
    play(&mut g, "a12a13");
    assert_eq!(field(&*g, 5), "-");
    assert_illegal(&*g, &["c3f6"]);
}

// The blast comes from your own Mage
#[test]
fn riposte_not_from_your_own_mage() {
    let mut g = white("Pm1 Ma2 He6 Ge7 pm12 le8 tg8");
    assert_eq!(power(&*g, "e7"), Power::Restricted);
    play(&mut g, "e7e7");
    assert_eq!(piece_at(&*g, "e6"), None);
    assert_eq!(piece_at(&*g, "e8"), None);
    play(&mut g, "m12m11");
    assert_eq!(field(&*g, 5), "-");
    assert_illegal(&*g, &["a2g8"]);
}

// The same blast comes from the opponent
#[test]
fn riposte_from_the_opponents_blast() {
    let mut g = black("Pm1 Ma2 He6 pm12 ge7 tg8");
    play(&mut g, "e7e7");
    assert_eq!(piece_at(&*g, "e6"), None);
    assert_eq!(field(&*g, 5), "e6");
    assert_legal(&*g, &["a2g8"]);
}

// The Assassin lands on the line and cuts it
#[test]
fn riposte_the_assassin_lands_on_the_line_and_cuts_it() {
    let mut g = black("Pm1 Mc3 He5 pa12 ah8");
    play(&mut g, "h8d4");
    assert_eq!(piece_at(&*g, "e5"), None);
    assert_eq!(piece_at(&*g, "d4"), Some('a'));
    assert_eq!(field(&*g, 5), "-");
    assert_illegal(&*g, &["c3d4", "c3e5"]);
}

// The Assassin lands where the Marshal can capture it
#[test]
fn riposte_the_assassin_lands_where_the_marshal_can_capture_it() {
    let mut g = black("Pm1 Mc3 He5 pa12 ad4");
    play(&mut g, "d4f6");
    assert_eq!(piece_at(&*g, "e5"), None);
    assert_eq!(piece_at(&*g, "f6"), Some('a'));
    assert_eq!(field(&*g, 5), "e5");
    assert_legal(&*g, &["c3f6"]);
}

// ---------------------------------------------------------------------------------------------
// Emperor
// ---------------------------------------------------------------------------------------------

// Every line, any distance
#[test]
fn emperor_every_line_any_distance() {
    let g = game("Pl2 Ee5 pa12 se10", "w - - - E - 0 1");
    assert_eq!(power(&*g, "e5"), Power::Plain);
    assert_legal(
        &*g,
        &[
            "e5e10", "e5e1", "e5a1", "e5m13", "e5a9", "e5i1", "e5a5", "e5m5",
        ],
    );
    assert_illegal(&*g, &["e5e11", "e5f7"]);
}

// Dormancy: it cannot move, cannot be captured or blasted, and still closes its line.
#[test]
fn emperor_dormant() {
    let still = white("Pm1 Ml3 Ee5 pa12");
    assert_eq!(power(&*still, "e5"), Power::Dormant);
    assert!(moves_from(&*still, "e5").is_empty());

    let lone = black("Pm1 Ml3 Ee5 He3 pa12 se8 gf5");
    assert_legal(&*lone, &["e8e6"]);
    assert_illegal(&*lone, &["e8e5", "e8e3", "f5f5"]);

    let mut g = black("Pm1 Ml3 Ee5 He3 Lg4 pa12 se8 gf5");
    assert_legal(&*g, &["f5f5"]);
    play(&mut g, "f5f5");
    assert_eq!(piece_at(&*g, "g4"), None);
    assert_eq!(piece_at(&*g, "e5"), Some('E'));
}

// The attack arrives down the file
#[test]
fn emperor_the_attack_arrives_down_the_file() {
    let mut g = black("Pg1 Mh1 Ef1 pa12 sc6");
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    play(&mut g, "c6f6");
    assert_ne!(power(&*g, "f1"), Power::Dormant);
    assert_eq!(field(&*g, 6), "E");
    assert_legal(&*g, &["f1f6", "f1e2"]);
}

// Which piece attacks changes nothing: a leap from a Templar wakes it too.
#[test]
fn emperor_a_templar_leap_wakes_it_too() {
    let mut g = black("Pg1 Mh1 Ef1 pa12 tf5");
    play(&mut g, "f5c3");
    assert_eq!(field(&*g, 6), "E");
    assert_legal(&*g, &["f1f2", "f1c4"]);
}

// Your own Mage steps off the line
#[test]
fn emperor_your_own_mage_steps_off_the_line() {
    let mut g = white("Pg1 Mh1 Ef1 Gf2 pa12 sf7");
    play(&mut g, "f2e3");
    // Opening the line on your own move settles nothing.
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    assert_eq!(field(&*g, 6), "-");
    assert_illegal(&*g, &["f7f1"]);

    // The opponent leaves the attacker standing: the Emperor comes into play.
    let mut stays = g.clone();
    play(&mut stays, "a12a13");
    assert_eq!(field(&*stays, 6), "E");
    assert_legal(&*stays, &["f1f7"]);

    // The opponent withdraws it: the Emperor stays dormant.
    let mut withdrawn = g.clone();
    play(&mut withdrawn, "f7c7");
    assert_eq!(field(&*withdrawn, 6), "-");
    assert_eq!(power(&*withdrawn, "f1"), Power::Dormant);
    assert!(moves_from(&*withdrawn, "f1").is_empty());
}

// The Marshal steps down and the line still holds
#[test]
fn emperor_the_marshal_steps_down_and_the_line_still_holds() {
    let mut g = white("Pg1 Mf2 Ef1 pa12 sf7 sc8");
    play(&mut g, "f2e1");
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    // Black keeps the attacker and puts a defender behind it.
    play(&mut g, "c8f8");
    assert_eq!(field(&*g, 6), "E");
    assert_legal(&*g, &["f1f7", "f1f2"]);
    // It comes into play already attacked: if it stays, it is captured.
    play(&mut g, "g1h1");
    assert_legal(&*g, &["f7f1"]);
}

// The Assassin lands on the line to the Emperor
#[test]
fn emperor_the_assassin_lands_on_the_line_to_the_emperor() {
    let mut g = white("Pm1 Aj9 pm13 mb13 ed9 hf9");
    assert_legal(&*g, &["j9e9"]);
    play(&mut g, "j9e9");
    assert_eq!(field(&*g, 6), "e");
    assert_legal(&*g, &["d9e9"]);

    // Had the Emperor already been in play, it would guard e9 and the capture would be illegal.
    let awake = game("Pm1 Aj9 pm13 mb13 ed9 hf9", "w - - - e - 0 1");
    assert_illegal(&*awake, &["j9e9"]);
}

// ---------------------------------------------------------------------------------------------
// Pope
// ---------------------------------------------------------------------------------------------

// One square in every direction
#[test]
fn pope_one_square_in_every_direction() {
    let g = white("Pe5 pa12 td6");
    assert_eq!(
        targets(&*g, "e5"),
        vec!["d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"]
    );
    assert_eq!(victims_from(&*g, "e5"), vec!["d6"]);
    assert_illegal(&*g, &["e5e7", "e5c5"]);
}

// Where castling puts the Pope
#[test]
fn where_castling_puts_the_pope() {
    let g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    assert_legal(&*g, &["g1d1", "g1j1"]);
    assert_illegal(&*g, &["g1e1", "g1c1", "g1k1"]);

    let mut long = g.clone();
    play(&mut long, "g1d1");
    assert_eq!(piece_at(&*long, "d1"), Some('P'));
    assert_eq!(piece_at(&*long, "e1"), Some('S'));
    assert_eq!(piece_at(&*long, "a1"), None);

    let mut short = g.clone();
    play(&mut short, "g1j1");
    assert_eq!(piece_at(&*short, "j1"), Some('P'));
    assert_eq!(piece_at(&*short, "i1"), Some('S'));
    assert_eq!(piece_at(&*short, "m1"), None);
}

// Castling: every square between must be empty, and the Pope may not cross an attacked square.
#[test]
fn castling_blocked_or_through_attack() {
    let g = game("Sa1 Hb1 Pg1 Sm1 pg13 tk3", "w AM - - - - 0 1");
    assert_illegal(&*g, &["g1d1", "g1j1"]);
    assert_legal(&*g, &["g1f1", "g1h2"]);

    // Nor may it start in check.
    let checked = game("Sa1 Pg1 Sm1 pg13 sg6", "w AM - - - - 0 1");
    assert!(checked.in_check());
    assert_illegal(&*checked, &["g1d1", "g1j1"]);
    assert_legal(&*checked, &["g1f1", "g1h1"]);
}

// ---------------------------------------------------------------------------------------------
// Check
// ---------------------------------------------------------------------------------------------

// The Mage stands next to the Pope
#[test]
fn check_the_mage_stands_next_to_the_pope() {
    let g = white("Pe5 pa12 ge6");
    assert!(g.in_check());
    assert_eq!(g.board().royal_in_check, Some(sq("e5")));
}

// Its own Pope shares the ring
#[test]
fn check_its_own_pope_shares_the_ring() {
    let g = white("Pe5 pf7 ge6");
    assert_eq!(power(&*g, "e6"), Power::Restricted);
    assert!(!g.in_check());
}

// The Marshal turns the Mage enhanced
#[test]
fn check_the_marshal_turns_the_mage_enhanced() {
    let g = white("Pe5 pf7 ge6 mh9");
    assert_eq!(power(&*g, "e6"), Power::Enhanced);
    assert!(g.in_check());
}

// An Assassin far down the line threatens as much as one beside the Pope.
#[test]
fn check_assassin_far_down_the_line() {
    let near = white("Pe5 pa12 ae10");
    assert!(near.in_check());
    let far = white("Pe5 pa12 ae13 mh12");
    assert_eq!(power(&*far, "e13"), Power::Enhanced);
    assert!(far.in_check());
    assert_illegal(&*far, &["e5e4", "e5e6"]);
    assert_legal(&*far, &["e5d5", "e5f4"]);
}

// The square behind the Pope is occupied
#[test]
fn check_assassin_square_behind_the_pope_is_occupied() {
    let g = white("Pe5 Le4 pa12 ae10");
    assert!(!g.in_check());
}

// The square behind the Pope is attacked
#[test]
fn check_assassin_square_behind_the_pope_is_attacked() {
    let g = white("Pe5 Tc1 pa12 ae10");
    assert!(!g.in_check());
}

// The Pope stands on the far rank
#[test]
fn check_assassin_pope_on_the_far_rank() {
    let g = white("Pe1 pa12 ae6");
    assert!(!g.in_check());
}

// The Pope stands on a corner
#[test]
fn check_assassin_pope_on_a_corner() {
    let g = white("Pa1 pm13 aa6");
    assert!(g.in_check());
    assert_illegal(&*g, &["a1a2"]);
    assert_legal(&*g, &["a1b1", "a1b2"]);

    // The corner must not be attacked: a Templar guarding a1 takes the check away.
    let guarded = white("Pa1 Td3 pm13 aa6");
    assert!(!guarded.in_check());
}

// The Marshal checks on its own
#[test]
fn check_the_marshal_checks_on_its_own() {
    let g = white("Pe5 pa12 me12");
    assert!(g.in_check());
    assert_illegal(&*g, &["e5e4", "e5e6"]);
    assert_legal(&*g, &["e5d5", "e5f6"]);
}

// One square of the line is missing
#[test]
fn check_one_square_of_the_line_is_missing() {
    let g = white("Pe2 Ha3 pa13 mm12 ee9");
    assert!(!g.in_check());
    assert_eq!(power(&*g, "e9"), Power::Dormant);
    assert_legal(&*g, &["a3b4", "a3c5", "a3d6", "a3e7", "a3g9"]);
    assert_illegal(&*g, &["a3f8"]);
}

// ---------------------------------------------------------------------------------------------
// Promotion
// ---------------------------------------------------------------------------------------------

// Sentinel lost on file c: b13, c13 or d13 may take its place, e13 may not.
#[test]
fn promotion_claims_from_its_own_file_or_the_next() {
    let g = game("Pa1 Lb12 Lc12 Ld12 Le12 pk9", "w - - - - Sc 0 1");
    assert_legal(&*g, &["b12b13s", "c12c13s", "d12d13s", "e12e13"]);
    // Arriving with a place open, the trade is compulsory; e13 has none.
    assert_illegal(&*g, &["b12b13", "c12c13", "d12d13", "e12e13s"]);
}

// If two places are open across its three files, you choose which one to take.
#[test]
fn promotion_choice_between_two_places() {
    let mut g = game("Pa1 Lc12 pk9", "w - - - - Hd,Sc 0 1");
    assert_legal(&*g, &["c12c13s", "c12c13h"]);
    assert_illegal(&*g, &["c12c13", "c12c13t"]);
    play(&mut g, "c12c13h");
    assert_eq!(piece_at(&*g, "c13"), Some('H'));
    assert_eq!(field(&*g, 7), "Sc");
}

// With no place open it waits on the last rank; once a piece is lost nearby, the trade is a move.
#[test]
fn promotion_waits_then_claims_in_place() {
    let waiting = white("Pa1 Le13 Hf5 pa12 sf9");
    assert!(moves_from(&*waiting, "e13").is_empty());

    let mut g = black("Pa1 Le13 Hf5 pa12 sf9");
    play(&mut g, "f9f5");
    assert_legal(&*g, &["e13e13h"]);
    assert_illegal(&*g, &["e13e13s"]);
    play(&mut g, "e13e13h");
    assert_eq!(piece_at(&*g, "e13"), Some('H'));
    assert_eq!(field(&*g, 7), "-");
}

// Trading into a Marshal puts the command zone back on the board.
#[test]
fn promotion_into_a_marshal_restores_the_zone() {
    let mut g = game("Pa1 Lc12 He10 pk3", "w - - - - Mc 0 1");
    assert_eq!(zone_size(&*g, Color::White), None);
    assert_eq!(power(&*g, "e10"), Power::Restricted);
    play(&mut g, "c12c13m");
    assert_eq!(piece_at(&*g, "c13"), Some('M'));
    assert!(zone_size(&*g, Color::White).is_some());
    assert_eq!(power(&*g, "e10"), Power::Enhanced);
}

// Trading into an Emperor skips the dormancy.
#[test]
fn promotion_into_an_emperor_is_awake() {
    let mut g = game("Pa1 Ma2 Ld12 pk3", "w - - - - Ed 0 1");
    play(&mut g, "d12d13e");
    assert_eq!(piece_at(&*g, "d13"), Some('E'));
    assert_ne!(power(&*g, "d13"), Power::Dormant);
    assert_eq!(field(&*g, 6), "E");
}

// ---------------------------------------------------------------------------------------------
// The Result
// ---------------------------------------------------------------------------------------------

// The Pope is checkmated: the side that is mated loses.
#[test]
fn result_checkmate_loses() {
    let mut g = white("Pb11 Mh2 pa13");
    assert_eq!(g.outcome(), None);
    play(&mut g, "h2h13");
    assert!(g.in_check());
    assert!(moves(&*g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Checkmate
        })
    );
    assert_eq!(g.outcome().unwrap().to_string(), "white wins: checkmate");
}

// A side has no legal move and is not in check: that side wins.
#[test]
fn result_stalemated_side_wins() {
    let mut g = white("Pb11 He12 pa13");
    play(&mut g, "e12d11");
    assert!(!g.in_check());
    assert!(moves(&*g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Stalemate
        })
    );
    assert_eq!(g.outcome().unwrap().to_string(), "black wins: stalemate");
}

// A move repeats the same position a third time: whoever plays that move loses.
#[test]
fn result_threefold_repetition_loses() {
    let mut g = white("Pa1 Hc5 pm13");
    for mv in ["a1a2", "m13m12", "a2a1", "m12m13", "a1a2", "m13m12", "a2a1"] {
        play(&mut g, mv);
        assert_eq!(g.outcome(), None, "after {mv}");
    }
    play(&mut g, "m12m13");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Repetition
        })
    );
}

// The no-progress limit: 60 + 2 x (52 - pieces) turns, then a draw.
#[test]
fn result_no_progress_limit() {
    let draw = Some(Outcome::Draw {
        reason: Reason::NoProgress,
    });
    // Three pieces: 158 turns, 316 plies.
    let mut g = game("Pa1 Hc5 pm13", "w - - - - - 315 200");
    assert_eq!(g.board().no_progress.map(|(_, limit)| limit), Some(158));
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1a2");
    assert_eq!(g.outcome(), draw);

    let mut short = game("Pa1 Hc5 pm13", "w - - - - - 314 200");
    play(&mut short, "a1a2");
    assert_eq!(short.outcome(), None);

    // Four pieces: 156 turns, 312 plies.
    let mut four = game("Pa1 Hc5 pm13 hk7", "w - - - - - 311 200");
    assert_eq!(four.board().no_progress.map(|(_, limit)| limit), Some(156));
    play(&mut four, "a1a2");
    assert_eq!(four.outcome(), draw);

    let mut three = game("Pa1 Hc5 pm13", "w - - - - - 311 200");
    play(&mut three, "a1a2");
    assert_eq!(three.outcome(), None);

    // A capture is progress and clears the count (a quiet move here would draw, as above).
    let mut capture = game("Pa1 Hc5 pm13 he7", "w - - - - - 311 200");
    play(&mut capture, "c5e7");
    assert_eq!(capture.outcome(), None);
    assert_eq!(field(&*capture, 8), "0");
}

// Neither side has enough material: only the two Popes are left, a draw.
#[test]
fn result_two_bare_popes_draw() {
    let mut g = black("Pa1 Hl13 pm13");
    assert_eq!(g.outcome(), None);
    play(&mut g, "m13l13");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );

    let bare = white("Pa1 pm13");
    assert_eq!(
        bare.outcome(),
        Some(Outcome::Draw {
            reason: Reason::InsufficientMaterial
        })
    );
}
