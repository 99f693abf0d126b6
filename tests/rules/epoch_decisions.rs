//! One or more tests for every decision in the project's Epoch rules decisions (epoch.md),
//! section by section. Positions are built from piece lists (see `common`).

use crate::support::*;

use herald::rules::{new_game, AnyGame, Color, MoveError, Outcome, Power, Reason, VariantId};

const START: &str = "sthgaepmaghts/13/lllllllllllll/13/13/13/13/13/13/13/LLLLLLLLLLLLL/13/STHGAEPMAGHTS w AMam - - - - 0 1";

fn start() -> Box<dyn AnyGame> {
    new_game(VariantId::Epoch, None).expect("the start position")
}

/// The error text for a position text the reader must reject.
fn rejected(text: &str) -> String {
    match new_game(VariantId::Epoch, Some(text)) {
        Ok(g) => panic!("accepted: {text}\nread as: {}", g.position_text()),
        Err(e) => e.to_string(),
    }
}

/// Asserts the text is rejected with a message naming the given field, e.g. "field 4 (en passant)".
fn assert_rejected(text: &str, field_name: &str) {
    let msg = rejected(text);
    assert!(
        msg.starts_with("bad position text, "),
        "unexpected message: {msg}"
    );
    assert!(
        msg.contains(field_name),
        "expected '{field_name}' in: {msg}\ntext: {text}"
    );
}

fn read(text: &str) -> Box<dyn AnyGame> {
    new_game(VariantId::Epoch, Some(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The canonical SAN of a legal move given by its coordinate form.
fn san(g: &dyn AnyGame, coordinate: &str) -> String {
    g.legal_moves()
        .into_iter()
        .find(|m| m.coordinate == coordinate)
        .unwrap_or_else(|| panic!("{coordinate} is not legal in {}", g.position_text()))
        .san
}

/// The coordinate form of the one move the input names.
fn parsed(g: &dyn AnyGame, input: &str) -> String {
    match g.parse_move(input) {
        Ok(info) => info.coordinate,
        Err(e) => panic!(
            "'{input}' not accepted: {e}\nposition: {}",
            g.position_text()
        ),
    }
}

/// The error for input that must not be accepted.
fn refused(g: &dyn AnyGame, input: &str) -> MoveError {
    match g.parse_move(input) {
        Ok(info) => panic!("'{input}' was accepted as {}", info.coordinate),
        Err(e) => e,
    }
}

fn win(winner: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

// ---------------------------------------------------------------------------------------------
// Section 1: board, setup, letters
// ---------------------------------------------------------------------------------------------

#[test]
fn s1_start_position_has_the_decided_setup() {
    let g = start();
    let b = g.board();
    assert_eq!((b.files, b.ranks), (13, 13));
    assert_eq!(b.pieces.len(), 52);
    let files = "abcdefghijklm";
    for (i, (white, black)) in "STHGAEPMAGHTS"
        .chars()
        .zip("sthgaepmaghts".chars())
        .enumerate()
    {
        let f = &files[i..i + 1];
        assert_eq!(piece_at(&*g, &format!("{f}1")), Some(white), "{f}1");
        assert_eq!(piece_at(&*g, &format!("{f}13")), Some(black), "{f}13");
        assert_eq!(piece_at(&*g, &format!("{f}3")), Some('L'), "{f}3");
        assert_eq!(piece_at(&*g, &format!("{f}11")), Some('l'), "{f}11");
        for rank in [2, 4, 5, 6, 7, 8, 9, 10, 12] {
            assert_eq!(piece_at(&*g, &format!("{f}{rank}")), None, "{f}{rank}");
        }
    }
    // The Popes face each other on the g-file; the command square is g7.
    assert_eq!(piece_at(&*g, "g1"), Some('P'));
    assert_eq!(piece_at(&*g, "g13"), Some('p'));
    assert_eq!(b.special_squares.len(), 1);
    assert_eq!(b.special_squares[0].to_string(), "g7");
}

#[test]
fn s1_letters_name_the_decided_pieces_and_emperors_start_dormant() {
    let g = start();
    let b = g.board();
    let name = |sq: &str| {
        b.pieces
            .iter()
            .find(|(s, _)| s.to_string() == sq)
            .map(|(_, p)| p.name)
            .unwrap()
    };
    assert_eq!(name("a1"), "Sentinel");
    assert_eq!(name("b1"), "Templar");
    assert_eq!(name("c1"), "Herald");
    assert_eq!(name("d1"), "Mage");
    assert_eq!(name("e1"), "Assassin");
    assert_eq!(name("f1"), "Emperor");
    assert_eq!(name("g1"), "Pope");
    assert_eq!(name("h1"), "Marshal");
    assert_eq!(name("e3"), "Legionary");
    assert_eq!(name("d13"), "Mage");
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    assert_eq!(power(&*g, "f13"), Power::Dormant);
    assert_eq!(field(&*g, 6), "-");
}

// ---------------------------------------------------------------------------------------------
// Section 2: the position text
// ---------------------------------------------------------------------------------------------

#[test]
fn s2_start_text_round_trips() {
    assert_eq!(start().position_text(), START);
    assert_eq!(read(START).position_text(), START);
}

#[test]
fn s2_every_field_round_trips_and_lost_pieces_are_sorted() {
    let pieces = "Sa1 Ef1 Pg1 Sm1 Me3 sa13 ef13 pg13 mh13 sm13";
    let text = fen(pieces, "w AMam - e5 Ee Sc,Hd,gd 7 12");
    assert_eq!(read(&text).position_text(), text);
    // A reader accepts the lost pieces in any order; the writer sorts them.
    let unsorted = fen(pieces, "w AMam - e5 Ee gd,Hd,Sc 7 12");
    assert_eq!(read(&unsorted).position_text(), text);
}

#[test]
fn s2_castling_letters_follow_the_rights() {
    let mut g = start();
    play(&mut g, "a1a2");
    assert_eq!(field(&*g, 3), "Mam");
    assert_eq!(field(&*g, 9), "1");
    play(&mut g, "m13m12");
    assert_eq!(field(&*g, 3), "Ma");
    // The move number goes up after Black moves; the clock counts plies without progress.
    assert_eq!(field(&*g, 9), "2");
    assert_eq!(field(&*g, 8), "2");
    play(&mut g, "g1g2");
    assert_eq!(field(&*g, 3), "a");
}

#[test]
fn s2_en_passant_written_after_every_start_rank_to_rank_7_advance() {
    let mut g = start();
    // No Black Legionary can take, the square is written all the same.
    play(&mut g, "e3e7");
    assert_eq!(field(&*g, 4), "e6");
    play(&mut g, "f11f7");
    assert_eq!(field(&*g, 4), "f8");
    // An advance from the start rank that stops short of rank 7 gives nothing.
    play(&mut g, "a3a5");
    assert_eq!(field(&*g, 4), "-");
    play(&mut g, "m11m10");
    assert_eq!(field(&*g, 4), "-");
    // An advance to rank 7 that does not start on the start rank gives nothing.
    play(&mut g, "a5a7");
    assert_eq!(field(&*g, 4), "-");
    play(&mut g, "m10m7");
    assert_eq!(field(&*g, 4), "-");
}

#[test]
fn s2_enemy_blast_riposte_squares_sorted_by_file_then_rank() {
    // White's enhanced Mage on e5 destroys d6, f4 and f6; Black's Marshal on f8 sees all three.
    let mut g = game("Pa1 Mg7 Ge5 pm12 mf8 sd6 hf4 tf6", "w - - - - - 5 1");
    play(&mut g, "e5e5");
    assert_eq!(field(&*g, 5), "d6,f4,f6");
    assert_eq!(field(&*g, 7), "sd,hf,tf");
    assert_eq!(field(&*g, 8), "0");
}

#[test]
fn s2_lost_pieces_sorted_by_owner_file_letter_own_blast_losses_included() {
    // A restricted Mage destroys everything in its ring, its own pieces too.
    let mut g = game("Pa1 Ge5 Td4 Hf6 pm12 ld5 se6 af4", "w - - - - tb,Ga 3 1");
    play(&mut g, "e5e5");
    assert_eq!(field(&*g, 7), "Ga,Td,Hf,tb,ld,se,af");
    assert_eq!(piece_at(&*g, "e5"), Some('G'));
    for sq in ["d4", "f6", "d5", "e6", "f4"] {
        assert_eq!(piece_at(&*g, sq), None, "{sq}");
    }
}

#[test]
fn s2_assassin_victim_recorded_on_its_own_file_not_the_landing_file() {
    let mut g = white("Pa1 Ac3 pl13 he5");
    play(&mut g, "c3f6");
    assert_eq!(piece_at(&*g, "e5"), None);
    assert_eq!(piece_at(&*g, "f6"), Some('A'));
    assert_eq!(field(&*g, 7), "he");
}

#[test]
fn s2_lost_legionary_is_recorded() {
    let mut g = white("Pa1 Ld4 pm13 le5");
    play(&mut g, "d4e5");
    assert_eq!(field(&*g, 7), "le");
}

#[test]
fn s2_legionary_traded_by_promotion_is_not_recorded() {
    let mut g = game("Pa1 Le12 pm13", "w - - - - Se 0 1");
    play(&mut g, "e12e13s");
    assert_eq!(piece_at(&*g, "e13"), Some('S'));
    assert_eq!(field(&*g, 7), "-");
}

#[test]
fn s2_awake_letter_only_for_a_side_with_an_emperor() {
    // White has no Emperor: the reader ignores its letter and the writer leaves it out.
    let g = game("Pa1 Ma3 pm13 mm11 ek13", "w - - - Ee - 0 1");
    assert_eq!(field(&*g, 6), "e");
    let g = game("Pa1 Ma3 pm13", "w - - - E - 0 1");
    assert_eq!(field(&*g, 6), "-");
}

#[test]
fn s2_captured_awake_emperor_letter_goes() {
    let mut g = game("Pa1 Sd2 pm13 ed8 mm11", "w - - - e - 0 1");
    assert_eq!(field(&*g, 6), "e");
    play(&mut g, "d2d8");
    assert_eq!(field(&*g, 6), "-");
    assert_eq!(field(&*g, 7), "ed");
}

#[test]
fn s2_emperor_of_side_to_move_wakes_on_reading_without_marshal() {
    let g = white("Pa1 Ec1 pm13");
    assert_eq!(field(&*g, 6), "E");
    assert!(has(&*g, "c1c9"));
}

#[test]
fn s2_emperor_of_side_to_move_wakes_on_reading_when_attacked() {
    // Black's restricted Sentinel on f7 reaches f1 (6 squares); Black's Emperor, without a
    // Marshal, would wake on Black's turn but is not woken by White's reading.
    let g = white("Pa1 Mb1 Ef1 pm13 sf7 ek13");
    assert_eq!(field(&*g, 6), "E");
    assert!(has(&*g, "f1f7"));
    // From f8 the Sentinel's capture reach (6) falls short: the Emperor stays dormant.
    let g = white("Pa1 Mb1 Ef1 pm13 sf8 ek13");
    assert_eq!(field(&*g, 6), "-");
    assert!(moves_from(&*g, "f1").is_empty());
}

#[test]
fn s2_rejects_wrong_rank_length() {
    assert_rejected(&START.replacen("/13/", "/12/", 1), "field 1 (placement)");
    assert_rejected(
        &START.replacen("sthgaepmaghts", "sthgaepmaghtss", 1),
        "field 1 (placement)",
    );
    assert_rejected(&START.replacen("/13/", "/", 1), "field 1 (placement)");
}

#[test]
fn s2_rejects_unknown_letter() {
    assert_rejected(
        &START.replacen("sthgaepmaghts", "sthgaepmaghtx", 1),
        "field 1 (placement)",
    );
    assert_rejected(
        &START.replacen("STHGAEPMAGHTS", "STHGAEPMAGHTQ", 1),
        "field 1 (placement)",
    );
}

#[test]
fn s2_rejects_missing_or_doubled_pope() {
    assert_rejected(
        &fen("Pa1 Mb1 mm13", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
    assert_rejected(&fen("Mb1 pm13", "w - - - - - 0 1"), "field 1 (placement)");
    assert_rejected(
        &fen("Pa1 Pc1 pm13", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
    assert_rejected(
        &fen("Pa1 pm13 pa13", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
}

#[test]
fn s2_rejects_two_marshals_or_emperors_on_board() {
    assert_rejected(
        &fen("Pa1 Mb1 Mc1 pm13", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
    assert_rejected(
        &fen("Pa1 Eb1 Ec1 pm13", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
    assert_rejected(
        &fen("Pa1 pm13 ek13 ek12", "w - - - - - 0 1"),
        "field 1 (placement)",
    );
}

#[test]
fn s2_rejects_second_marshal_or_emperor_among_lost_pieces() {
    for (pieces, lost) in [
        ("Pa1 Mb1 pm13", "Mc"),
        ("Pa1 Eb1 pm13", "Ed"),
        ("Pa1 pm13 mk13", "mb"),
        ("Pa1 pm13", "Ma,Mb"),
    ] {
        let msg = rejected(&fen(pieces, &format!("w - - - - {lost} 0 1")));
        assert!(
            msg.contains("field 7 (lost pieces)") || msg.contains("field 1 (placement)"),
            "{pieces} / {lost}: {msg}"
        );
    }
    // One of each, counting the lost ones, is fine.
    read(&fen("Pa1 Mb1 pm13", "w - - - - Ec,mb 0 1"));
}

#[test]
fn s2_rejects_lost_pope() {
    assert_rejected(
        &fen("Pa1 pm13", "w - - - - Pc 0 1"),
        "field 7 (lost pieces)",
    );
    assert_rejected(
        &fen("Pa1 pm13", "w - - - - pc 0 1"),
        "field 7 (lost pieces)",
    );
}

#[test]
fn s2_rejects_castling_letter_without_pope_and_sentinel_at_home() {
    // Pope not on g1.
    assert_rejected(
        &fen("Sa1 Pf1 Sm1 pg13", "w A - - - - 0 1"),
        "field 3 (castling rights)",
    );
    // No Sentinel on a1.
    assert_rejected(
        &fen("Pg1 Sm1 pg13", "w A - - - - 0 1"),
        "field 3 (castling rights)",
    );
    // Black letters need Black's pieces.
    assert_rejected(
        &fen("Pg1 pg13 sa13", "w m - - - - 0 1"),
        "field 3 (castling rights)",
    );
    // Another colour's Sentinel in the corner does not count.
    assert_rejected(
        &fen("sa1 Pg1 pg13", "w A - - - - 0 1"),
        "field 3 (castling rights)",
    );
    read(&fen("Sa1 Pg1 Sm1 pg13 sa13", "w AMa - - - - 0 1"));
}

#[test]
fn s2_en_passant_field_validation() {
    // Accepted: White advanced to e7, Black to move, target e6.
    let g = read(&fen("Pa1 Le7 pm13", "b - e6 - - - 0 1"));
    assert_eq!(field(&*g, 4), "e6");
    let g = read(&fen("Pa1 le7 pm13", "w - e8 - - - 0 1"));
    assert_eq!(field(&*g, 4), "e8");
    // Not empty.
    assert_rejected(
        &fen("Pa1 Le7 Te6 pm13", "b - e6 - - - 0 1"),
        "field 4 (en passant)",
    );
    // Wrong rank for the side to move.
    assert_rejected(
        &fen("Pa1 Le7 pm13", "b - e8 - - - 0 1"),
        "field 4 (en passant)",
    );
    assert_rejected(
        &fen("Pa1 Le7 pm13", "w - e6 - - - 0 1"),
        "field 4 (en passant)",
    );
    assert_rejected(
        &fen("Pa1 Le7 pm13", "b - e5 - - - 0 1"),
        "field 4 (en passant)",
    );
    // No advanced enemy Legionary on rank 7 of that file.
    assert_rejected(
        &fen("Pa1 Le5 pm13", "b - e6 - - - 0 1"),
        "field 4 (en passant)",
    );
    assert_rejected(
        &fen("Pa1 le7 pm13", "b - e6 - - - 0 1"),
        "field 4 (en passant)",
    );
    assert_rejected(
        &fen("Pa1 Te7 pm13", "b - e6 - - - 0 1"),
        "field 4 (en passant)",
    );
}

#[test]
fn s2_riposte_field_needs_a_clear_marshal_line() {
    let g = read(&fen("Pa1 Me2 pm13", "w - - e8 - - 0 1"));
    assert_eq!(field(&*g, 5), "e8");
    // Blocked line.
    assert_rejected(
        &fen("Pa1 Me2 Le5 pm13", "w - - e8 - - 0 1"),
        "field 5 (riposte)",
    );
    // Not on a line at all.
    assert_rejected(
        &fen("Pa1 Me2 pm13", "w - - f5 - - 0 1"),
        "field 5 (riposte)",
    );
    // No Marshal.
    assert_rejected(&fen("Pa1 pm13", "w - - e8 - - 0 1"), "field 5 (riposte)");
    // The line that counts is the side to move's.
    assert_rejected(
        &fen("Pa1 Me2 pm13", "b - - e8 - - 0 1"),
        "field 5 (riposte)",
    );
}

#[test]
fn s2_riposte_field_is_written_sorted() {
    let g = read(&fen("Pa1 Mg7 pm12", "w - - g3,d4,g9,c7 - - 0 1"));
    assert_eq!(field(&*g, 5), "c7,d4,g3,g9");
}

#[test]
fn s2_rejects_side_not_to_move_in_check() {
    // White's Marshal has a clear line to Black's Pope, White to move.
    assert_rejected(
        &fen("Pa1 Mm2 pm13", "w - - - - - 0 1"),
        "field 2 (side to move)",
    );
    read(&fen("Pa1 Mm2 pm13", "b - - - - - 0 1"));
    // Black's Pope next to White's dormant Emperor: the Emperor would wake on White's turn
    // and take it, so Black is in check.
    assert_rejected(
        &fen("Pa1 Ma12 Ee1 pe2", "w - - - - - 0 1"),
        "field 2 (side to move)",
    );
}

#[test]
fn s2_rejects_fields_out_of_range() {
    let p = "Pa1 pm13 hk12";
    assert_rejected(&fen(p, "x - - - - - 0 1"), "field 2 (side to move)");
    assert_rejected(&fen(p, "w Q - - - - 0 1"), "field 3 (castling rights)");
    assert_rejected(&fen(p, "w - n5 - - - 0 1"), "field 4 (en passant)");
    assert_rejected(&fen(p, "w - e14 - - - 0 1"), "field 4 (en passant)");
    assert_rejected(&fen(p, "w - - z9 - - 0 1"), "field 5 (riposte)");
    assert_rejected(&fen(p, "w - - - X - 0 1"), "field 6 (awake Emperors)");
    assert_rejected(&fen(p, "w - - - - Sn 0 1"), "field 7 (lost pieces)");
    assert_rejected(&fen(p, "w - - - - Xa 0 1"), "field 7 (lost pieces)");
    assert_rejected(&fen(p, "w - - - - - -1 1"), "field 8 (no-progress clock)");
    assert_rejected(&fen(p, "w - - - - - x 1"), "field 8 (no-progress clock)");
    assert_rejected(&fen(p, "w - - - - - 0 0"), "field 9 (move number)");
    assert_rejected(&fen(p, "w - - - - - 0 -2"), "field 9 (move number)");
    assert_rejected(&START.replacen("/13/", "/14/", 1), "field 1 (placement)");
}

#[test]
fn s2_rejects_wrong_field_count() {
    for text in [
        START.rsplit_once(' ').unwrap().0.to_string(),
        format!("{START} 5"),
        START.replace(" - - - - ", " - - - "),
    ] {
        let msg = rejected(&text);
        assert!(msg.starts_with("bad position text"), "{msg}");
        assert!(msg.contains("field") && msg.contains('9'), "{msg}");
    }
}

// ---------------------------------------------------------------------------------------------
// Section 3: the base attack relation (probed through waking) and check
// ---------------------------------------------------------------------------------------------

/// White to move, its Emperor dormant on e1 (Marshal a12, Pope a1): whether the Emperor wakes
/// on reading, i.e. whether Black attacks e1 in the base relation.
fn black_attacks_e1(black: &str, fields: &str) -> bool {
    let g = game(&format!("Pa1 Ma12 Ee1 {black}"), fields);
    field(&*g, 6).contains('E')
}

fn attacks_e1(black: &str) -> bool {
    black_attacks_e1(black, "w - - - - - 0 1")
}

#[test]
fn s3_attacks_herald_diagonal_reach_and_orthogonal_step() {
    // Restricted (no Black Marshal): diagonal up to 6.
    assert!(attacks_e1("pm13 hk7"));
    assert!(!attacks_e1("pm13 hl8"));
    // Orthogonal step only when enhanced.
    assert!(!attacks_e1("pm13 he2"));
    assert!(attacks_e1("pm13 mh6 he2"));
    // Enhanced: unlimited diagonal.
    assert!(attacks_e1("pm13 mk10 hl8"));
}

#[test]
fn s3_attacks_sentinel_reach_and_no_pass_through() {
    assert!(attacks_e1("pm13 se7"));
    assert!(!attacks_e1("pm13 se8"));
    assert!(attacks_e1("pm13 mh9 se8"));
    // Enhanced, heading towards its Marshal (h3) past its own Legionary: no attack.
    assert!(!attacks_e1("pm13 mh3 se7 le5"));
    assert!(attacks_e1("pm13 mh3 se7"));
}

#[test]
fn s3_attacks_templar_long_leap_always_short_leap_enhanced() {
    assert!(attacks_e1("pm13 th3"));
    assert!(attacks_e1("pm13 tc4"));
    assert!(!attacks_e1("pm13 tg2"));
    assert!(attacks_e1("pm13 mj4 tg2"));
    assert!(!attacks_e1("pm13 te4"));
}

#[test]
fn s3_attacks_legionary_one_square_diagonally_forward() {
    assert!(attacks_e1("pm13 ld2"));
    assert!(attacks_e1("pm13 lf2"));
    assert!(!attacks_e1("pm13 le2"));
    assert!(!attacks_e1("pm13 lc3"));
}

#[test]
fn s3_attacks_mage_ring_even_when_it_could_not_blast() {
    assert!(attacks_e1("pm13 gf2"));
    // Restricted, its own Pope in its ring: it could not blast, it still attacks.
    assert!(attacks_e1("pg3 gf2"));
    assert!(!attacks_e1("pm13 ge3"));
}

#[test]
fn s3_attacks_assassin_needs_empty_square_beyond_within_reach() {
    assert!(attacks_e1("pm13 ah1"));
    assert!(attacks_e1("pm13 aj1"));
    // Victim at 6, landing at 7: beyond reach when restricted.
    assert!(!attacks_e1("pm13 ak1"));
    // Square beyond occupied.
    assert!(!attacks_e1("pm13 ah1 td1"));
    // Square beyond attacked by White: it still attacks.
    let g = white("Pa1 Ma12 Ee1 Tb4 pm13 ah1");
    assert_eq!(field(&*g, 6), "E");
    // Along the file e1 has nothing beyond and is no corner.
    assert!(!attacks_e1("pm13 ae5"));
}

#[test]
fn s3_attacks_marshal_nothing() {
    assert!(!attacks_e1("pm13 me9"));
    assert!(!attacks_e1("pm13 mh4"));
}

#[test]
fn s3_attacks_emperor_only_when_awake() {
    assert!(black_attacks_e1("pm13 ee9", "w - - - e - 0 1"));
    assert!(!black_attacks_e1("pm13 mm11 ee9", "w - - - - - 0 1"));
}

#[test]
fn s3_attacks_pope_adjacent_squares() {
    // The Pope's attack is read through the Assassin's landing test: a Black Pope next to the
    // landing square forbids the capture.
    assert!(has(&*white("Pa1 Ae2 pm13 he6"), "e2e7"));
    assert!(!has(&*white("Pa1 Ae2 pf8 he6"), "e2e7"));
}

#[test]
fn s3_check_restricted_mage_with_own_pope_in_ring_gives_none() {
    let g = white("Pe5 ge6 pe7");
    assert!(!g.in_check());
    // Enhanced (Black Marshal within 4 of the Mage): the check stands.
    let g = white("Pe5 ge6 pe7 mi10");
    assert!(g.in_check());
    // Restricted without its Pope in the ring: check.
    let g = white("Pe5 ge6 pm13");
    assert!(g.in_check());
}

#[test]
fn s3_check_assassin_needs_landing_empty_in_reach_unattacked() {
    assert!(white("Pg5 pm13 ag10").in_check());
    // Landing at 7: out of restricted reach.
    assert!(!white("Pg5 pm13 ag11").in_check());
    // Landing occupied.
    assert!(!white("Pg5 Lg4 pm13 ag10").in_check());
    // Landing attacked by White after the capture.
    assert!(!white("Pg5 Te1 pm13 ag10").in_check());
    // On an edge, not a corner: nothing beyond.
    assert!(!white("Pa5 pm13 ae5").in_check());
    assert!(!white("Pa5 pm13 ae9").in_check());
    assert!(white("Pb5 pm13 ae5").in_check());
}

#[test]
fn s3_check_assassin_on_corner_lands_on_the_pope_square() {
    assert!(white("Pa1 pm13 aa6").in_check());
    assert!(white("Pa1 pm13 af6").in_check());
    // The corner attacked by White after the capture: no check.
    assert!(!white("Pa1 Td3 pm13 aa6").in_check());
    // Out of reach (restricted, 7 squares).
    assert!(!white("Pa1 pm13 aa8").in_check());
}

#[test]
fn s3_check_assassin_landing_not_guarded_by_a_dormant_emperor() {
    // White's Emperor on f3 is next to the landing square g4: dormant, it guards nothing.
    assert!(white("Pg5 Ml1 Ef3 pm13 ag10").in_check());
    assert!(!game("Pg5 Ml1 Ef3 pm13 ag10", "w - - - E - 0 1").in_check());
}

#[test]
fn s3_check_sentinel_passing_own_piece_gives_none() {
    // Black's enhanced Sentinel heads towards its Marshal (h3) past its own Legionary.
    assert!(!white("Pe1 pm13 mh3 se7 le5").in_check());
    assert!(white("Pe1 pm13 mh3 se7").in_check());
}

#[test]
fn s3_check_marshal_clear_line_is_enough() {
    let g = white("Pg1 pm13 mg9");
    assert!(g.in_check());
    let g = white("Pg1 Lg4 pm13 mg9");
    assert!(!g.in_check());
}

#[test]
fn s3_check_ordinary_pieces_use_their_capture() {
    assert!(white("Pa1 pm13 hg7").in_check());
    assert!(!white("Pa1 pm13 hh8").in_check());
    assert!(white("Pa1 pm13 tc4").in_check());
    assert!(!white("Pa1 pm13 tc2").in_check());
}

#[test]
fn s3_check_dormant_emperor_that_would_wake_counts() {
    // Black has no Marshal: its Emperor would wake on Black's turn.
    assert!(white("Pe1 pm13 ee9").in_check());
    // Black's Marshal lives and nothing attacks the Emperor: no check.
    assert!(!white("Pe1 pa13 mm11 ee9").in_check());
    // White's Templar attacks it: it would wake onto the Pope.
    assert!(white("Pe1 Tg6 pa13 mm11 ee9").in_check());
    assert!(!white("Pe1 Tg5 pa13 mm11 ee9").in_check());
}

// ---------------------------------------------------------------------------------------------
// Section 4: the pieces
// ---------------------------------------------------------------------------------------------

#[test]
fn s4_herald_restricted_diagonal_up_to_six() {
    let g = white("Pm1 Ha1 pa13");
    let t = targets(&*g, "a1");
    for sq in ["b2", "c3", "d4", "e5", "f6", "g7", "a2", "b1"] {
        assert!(t.contains(&sq.to_string()), "{sq} in {t:?}");
    }
    assert!(!t.contains(&"h8".to_string()), "{t:?}");
    assert!(has(&*white("Pm1 Ha1 pa13 tg7"), "a1g7"));
    assert!(!has(&*white("Pm1 Ha1 pa13 th8"), "a1h8"));
}

#[test]
fn s4_herald_restricted_orthogonal_step_cannot_capture() {
    let g = white("Pm1 Hf6 pa13 lf7 te6");
    assert!(!has(&*g, "f6f7"));
    assert!(!has(&*g, "f6e6"));
    assert!(has(&*g, "f6g6"));
    assert!(has(&*g, "f6f5"));
}

#[test]
fn s4_herald_enhanced_step_captures_and_diagonal_is_unlimited() {
    let g = white("Pm1 Mb9 Hf6 pa13 lf7 sm13");
    assert_eq!(power(&*g, "f6"), Power::Enhanced);
    assert!(has(&*g, "f6f7"));
    assert!(has(&*g, "f6m13"));
    assert!(has(&*g, "f6l12"));
}

#[test]
fn s4_sentinel_restricted_quiet_three_capture_six() {
    let g = white("Pm1 Sc2 pa13 hi2 tc9");
    assert_eq!(
        targets(&*g, "c2"),
        vec!["a2", "b2", "c1", "c3", "c4", "c5", "d2", "e2", "f2", "i2"]
    );
    // Any piece blocks.
    let g = white("Pm1 Sc2 Te2 pa13 hi2");
    assert!(has(&*g, "c2d2"));
    assert!(!has(&*g, "c2f2"));
    assert!(!has(&*g, "c2i2"));
}

#[test]
fn s4_sentinel_enhanced_quiet_six_capture_unlimited() {
    let g = white("Pm1 Me5 Sc2 pa13 tc12");
    assert!(has(&*g, "c2c8"));
    assert!(!has(&*g, "c2c9"));
    assert!(has(&*g, "c2c12"));
    assert!(has(&*g, "c2i2"));
    assert!(!has(&*g, "c2j2"));
}

#[test]
fn s4_sentinel_passes_own_pieces_towards_marshal_per_axis() {
    // The rulebook's example: Marshal on d3, Sentinel on a1 heads towards it east and north.
    // Pass-through reaches up to and including the Marshal's file / rank, no further.
    let g = white("Pm1 Md3 Sa1 Tb1 Ha2 pm13");
    assert_eq!(targets(&*g, "a1"), vec!["a3", "c1", "d1"]);
}

#[test]
fn s4_sentinel_no_pass_through_away_from_marshal() {
    let g = white("Pm13 Mc3 Se1 Td1 Tf1 He2 pa13");
    assert_eq!(targets(&*g, "e1"), vec!["c1", "e3"]);
}

#[test]
fn s4_sentinel_on_marshal_file_has_no_towards_along_rank() {
    let g = white("Pm13 Mc4 Sc1 Tb1 Hd1 Gc2 pa13");
    assert_eq!(targets(&*g, "c1"), vec!["c3"]);
}

#[test]
fn s4_sentinel_cannot_capture_after_passing() {
    let g = white("Pm1 Md3 Sa1 Tb1 pm13 tc1");
    assert!(!has(&*g, "a1c1"));
    assert!(!has(&*g, "a1d1"));
    // Without the own piece it captures there.
    let g = white("Pm1 Md3 Sa1 pm13 tc1");
    assert!(has(&*g, "a1c1"));
}

#[test]
fn s4_sentinel_pass_through_quiet_reach_six_from_start() {
    // Marshal on g7: the pass-through ends on g1, six squares from a1.
    let g = white("Pm1 Mg7 Sa1 Tb1 pl13");
    assert!(has(&*g, "a1c1"));
    assert!(has(&*g, "a1g1"));
    assert!(!has(&*g, "a1h1"));
    // Any number of own pieces may be passed.
    let g = white("Pm1 Mg7 Sa1 Tb1 Hc1 Gd1 pl13");
    assert!(has(&*g, "a1e1"));
    assert!(has(&*g, "a1g1"));
    assert!(!has(&*g, "a1h1"));
}

#[test]
fn s4_sentinel_without_marshal_never_passes_through() {
    let g = white("Pm13 Sa1 Tb1 Ha2 pa12");
    assert!(moves_from(&*g, "a1").is_empty());
}

#[test]
fn s4_sentinel_passes_its_dormant_emperor() {
    let g = white("Pm1 Md3 Sa1 Eb1 pm13");
    assert_eq!(power(&*g, "b1"), Power::Dormant);
    assert!(has(&*g, "a1c1"));
    assert!(has(&*g, "a1d1"));
    assert!(!has(&*g, "a1e1"));
}

#[test]
fn s4_templar_restricted_long_leap_only() {
    let g = white("Pa1 Tf6 Lc4 pm13 li8");
    assert_eq!(
        targets(&*g, "f6"),
        vec!["c8", "d3", "d9", "h3", "h9", "i4", "i8"]
    );
}

#[test]
fn s4_templar_enhanced_adds_short_leap() {
    let g = white("Pa1 Mj9 Tf6 pm13");
    assert_eq!(
        targets(&*g, "f6"),
        vec![
            "c4", "c8", "d3", "d5", "d7", "d9", "e4", "e8", "g4", "g8", "h3", "h5", "h7", "h9",
            "i4", "i8"
        ]
    );
}

#[test]
fn s4_legionary_advance_below_rank_7_up_to_rank_7() {
    assert_eq!(
        targets(&*white("Pa1 Le3 pm13"), "e3"),
        vec!["e4", "e5", "e6", "e7"]
    );
    assert_eq!(
        targets(&*white("Pa1 Le4 pm13"), "e4"),
        vec!["e5", "e6", "e7"]
    );
    // Stops before the first piece.
    assert_eq!(targets(&*white("Pa1 Le3 pm13 te6"), "e3"), vec!["e4", "e5"]);
    // The same when enhanced.
    assert_eq!(
        targets(&*white("Pa1 Mb4 Le3 pm13"), "e3"),
        vec!["e4", "e5", "e6", "e7"]
    );
    // Black mirrored.
    assert_eq!(
        targets(&*black("Pa1 pm13 le11"), "e11"),
        vec!["e10", "e7", "e8", "e9"]
    );
}

#[test]
fn s4_legionary_two_speed_step_from_rank_7() {
    assert_eq!(targets(&*white("Pa1 Le7 pm13"), "e7"), vec!["e8"]);
    assert_eq!(targets(&*white("Pa1 Mb8 Le7 pm13"), "e7"), vec!["e8", "e9"]);
    assert_eq!(targets(&*white("Pa1 Le8 pm13"), "e8"), vec!["e9"]);
    assert_eq!(
        targets(&*white("Pa1 Mb8 Le8 pm13"), "e8"),
        vec!["e10", "e9"]
    );
    // Two squares need both empty.
    assert!(moves_from(&*white("Pa1 Mb8 Le8 pm13 te9"), "e8").is_empty());
    assert_eq!(targets(&*white("Pa1 Mb8 Le8 pm13 te10"), "e8"), vec!["e9"]);
}

#[test]
fn s4_legionary_captures_one_square_diagonally_forward_only() {
    let g = white("Pa1 Le3 pm13 ld4 tf4 se4 hd2");
    assert_eq!(targets(&*g, "e3"), vec!["d4", "f4"]);
    assert!(!has(&*g, "e3d2"));
}

#[test]
fn s4_legionary_en_passant_after_start_rank_to_rank_7_on_next_move() {
    let mut g = black("Pa1 Le7 pm13 ld11");
    play(&mut g, "d11d7");
    assert_eq!(field(&*g, 4), "d8");
    assert!(has(&*g, "e7d8"));
    play(&mut g, "e7d8");
    assert_eq!(piece_at(&*g, "d7"), None);
    assert_eq!(piece_at(&*g, "d8"), Some('L'));
    assert_eq!(field(&*g, 7), "ld");
}

#[test]
fn s4_legionary_en_passant_lapses_after_one_move() {
    let mut g = black("Pa1 Le7 pm13 ld11");
    play(&mut g, "d11d7");
    play(&mut g, "a1a2");
    play(&mut g, "m13m12");
    assert!(!has(&*g, "e7d8"));
}

#[test]
fn s4_legionary_no_en_passant_after_other_advances() {
    // Rank 10 to rank 7 is not from the starting rank.
    let mut g = black("Pa1 Le7 pm13 ld10");
    play(&mut g, "d10d7");
    assert_eq!(field(&*g, 4), "-");
    assert!(!has(&*g, "e7d8"));
    // The right is read from the position text too.
    let g = game("Pa1 Le7 pm13 ld7", "w - d8 - - - 0 1");
    assert!(has(&*g, "e7d8"));
    let g = game("Pa1 Le7 pm13 ld7", "w - - - - - 0 1");
    assert!(!has(&*g, "e7d8"));
}

#[test]
fn s4_mage_restricted_steps_only() {
    let g = white("Pa1 Ge5 He6 pm13 tg7");
    assert_eq!(
        targets(&*g, "e5"),
        vec!["d4", "d5", "d6", "e4", "f4", "f5", "f6"]
    );
}

#[test]
fn s4_mage_enhanced_steps_and_leaps_never_onto_a_piece() {
    let g = white("Pa1 Mb9 Ge5 He6 pm13 tg7");
    assert_eq!(
        targets(&*g, "e5"),
        vec!["c3", "c5", "c7", "d4", "d5", "d6", "e3", "e4", "e7", "f4", "f5", "f6", "g3", "g5"]
    );
}

#[test]
fn s4_mage_enhanced_blast_spares_own_pieces_and_is_progress() {
    let mut g = game("Pa1 Mb9 Ge5 He6 pm13 tf6 ld4", "w - - - - - 17 9");
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "e6"), Some('H'));
    assert_eq!(piece_at(&*g, "f6"), None);
    assert_eq!(piece_at(&*g, "d4"), None);
    assert_eq!(piece_at(&*g, "e5"), Some('G'));
    assert_eq!(field(&*g, 7), "ld,tf");
    assert_eq!(field(&*g, 8), "0");
}

#[test]
fn s4_mage_restricted_blast_destroys_all_pieces_in_ring() {
    let mut g = game("Pa1 Ge5 He6 pm13 tf6 ld4", "w - - - - - 17 9");
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "e6"), None);
    assert_eq!(piece_at(&*g, "f6"), None);
    assert_eq!(piece_at(&*g, "d4"), None);
    assert_eq!(field(&*g, 7), "He,ld,tf");
    assert_eq!(field(&*g, 8), "0");
}

#[test]
fn s4_mage_blast_spares_dormant_emperors_of_both_sides() {
    let mut g = white("Pa1 Mm1 Ge5 Ee6 pm13 mm11 ef6 ld4");
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "e6"), Some('E'));
    assert_eq!(piece_at(&*g, "f6"), Some('e'));
    assert_eq!(piece_at(&*g, "d4"), None);
    assert_eq!(field(&*g, 7), "ld");
}

#[test]
fn s4_mage_blast_needs_an_enemy_it_can_destroy() {
    // Only a dormant enemy Emperor (and an own piece) in the ring.
    assert!(!has(&*white("Pa1 Mm1 Ge5 Ee6 pm13 mm11 ef6"), "e5e5"));
    // Only own pieces.
    assert!(!has(&*white("Pa1 Ge5 Hd5 pm13"), "e5e5"));
    // Empty ring.
    assert!(!has(&*white("Pa1 Ge5 pm13"), "e5e5"));
    assert!(has(&*white("Pa1 Ge5 Hd5 pm13 tf6"), "e5e5"));
}

#[test]
fn s4_mage_restricted_blast_illegal_with_own_pope_in_ring() {
    let g = white("Pd5 Ge5 pm13 lf6");
    assert!(!has(&*g, "e5e5"));
    // Enhanced, it may blast and the Pope survives.
    let mut g = white("Pd5 Mb9 Ge5 pm13 lf6");
    assert!(has(&*g, "e5e5"));
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "d5"), Some('P'));
    assert_eq!(piece_at(&*g, "f6"), None);
}

#[test]
fn s4_mage_restricted_blast_may_destroy_own_awake_emperor() {
    let mut g = white("Pa1 Ge5 Ee6 pm13 lf6");
    assert_eq!(field(&*g, 6), "E");
    assert!(has(&*g, "e5e5"));
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "e6"), None);
    assert_eq!(field(&*g, 7), "Ee,lf");
    assert_eq!(field(&*g, 6), "-");
}

#[test]
fn s4_mage_own_blast_losses_recorded_but_no_riposte() {
    // White's restricted Mage destroys its own Templar on f4, on the rank its Marshal (k4)
    // sees, and a Black Legionary on d4; beyond them stands a Black Sentinel on b4.
    let mut g = white("Pa1 Mk4 Ge5 Tf4 pm13 ld4 sb4");
    play(&mut g, "e5e5");
    assert_eq!(field(&*g, 7), "Tf,ld");
    assert_eq!(field(&*g, 5), "-");
    play(&mut g, "m13m12");
    assert_eq!(field(&*g, 5), "-");
    assert!(!has(&*g, "k4b4"));
    assert!(has(&*g, "k4c4"));
}

#[test]
fn s4_assassin_quiet_moves_within_reach() {
    let g = white("Pm1 Ag1 pa13");
    assert!(has(&*g, "g1g7"));
    assert!(!has(&*g, "g1g8"));
    assert!(has(&*g, "g1a1"));
    assert!(has(&*g, "g1a7"));
    assert!(has(&*g, "g1l1"));
}

#[test]
fn s4_assassin_capture_jumps_and_lands_beyond() {
    let g = white("Pa1 Ae2 pm13 he6");
    assert!(has(&*g, "e2e7"));
    assert!(!has(&*g, "e2e6"));
    assert!(has(&*g, "e2e5"));
    let info = g.parse_move("e2e7").unwrap();
    assert_eq!(info.marks.victims.len(), 1);
    assert_eq!(info.marks.victims[0].to_string(), "e6");
}

#[test]
fn s4_assassin_capture_landing_must_be_empty_and_in_reach() {
    assert!(!has(&*white("Pa1 Ae2 pm13 he6 te7"), "e2e7"));
    assert!(!has(&*white("Pa1 Ae2 pm13 he6 te7"), "e2e8"));
    // Restricted: victim at 5, landing at 6 is fine; victim at 6, landing at 7 is not.
    assert!(has(&*white("Pa1 Ae1 pm13 he6"), "e1e7"));
    assert!(!has(&*white("Pa1 Ae1 pm13 he7"), "e1e8"));
    // Enhanced: unlimited.
    assert!(has(&*white("Pa1 Mb3 Ae1 pm13 he10"), "e1e11"));
}

#[test]
fn s4_assassin_landing_must_not_be_attacked_after_the_capture() {
    assert!(!has(&*white("Pa1 Ae2 pm13 he6 sh7"), "e2e7"));
    // A Black Sentinel behind the Assassin sees the landing once the line is open.
    assert!(!has(&*white("Pm12 Ae3 pa13 he6 se1"), "e3e7"));
    assert!(has(&*white("Pm12 Ae3 pa13 he6"), "e3e7"));
}

#[test]
fn s4_assassin_dormant_emperor_guards_nothing() {
    let g = white("Pa1 Ae2 pm13 mm11 he6 eh7");
    assert!(has(&*g, "e2e7"));
    let g = game("Pa1 Ae2 pm13 mm11 he6 eh7", "w - - - e - 0 1");
    assert!(!has(&*g, "e2e7"));
}

#[test]
fn s4_assassin_edge_victim_only_on_a_corner() {
    let g = white("Pa1 Ai9 pa12 tm13 he13");
    let t = targets(&*g, "i9");
    assert!(t.contains(&"m13".to_string()), "{t:?}");
    assert!(!t.contains(&"e13".to_string()), "{t:?}");
    assert!(has(&*g, "i9m13"));
    // The corner itself attacked afterwards: no capture.
    assert!(!has(&*white("Pa1 Ai9 pa12 tm13 sm8"), "i9m13"));
    // Restricted reach counts to the corner.
    assert!(has(&*white("Pa1 Ag7 pa12 tm13"), "g7m13"));
    assert!(!has(&*white("Pa1 Af6 pa12 tm13"), "f6m13"));
}

#[test]
fn s4_assassin_cannot_jump_a_dormant_emperor() {
    let g = white("Pa1 Ae2 pm13 mm11 ee6");
    assert!(!has(&*g, "e2e7"));
    assert!(has(&*g, "e2e5"));
}

#[test]
fn s4_marshal_captures_only_with_support() {
    let g = white("Pa1 Me2 pm13 he9");
    assert!(!has(&*g, "e2e9"));
    assert!(has(&*g, "e2e8"));
    assert!(has(&*white("Pa1 Me2 Tg6 pm13 he9"), "e2e9"));
}

#[test]
fn s4_marshal_line_through_itself_gives_no_support() {
    assert!(!has(&*white("Pa1 Me5 Se3 pl13 he8"), "e5e8"));
    assert!(has(&*white("Pa1 Me5 Sb8 pl13 he8"), "e5e8"));
}

#[test]
fn s4_marshal_assassin_supports_only_with_empty_square_beyond() {
    assert!(has(&*white("Pa1 Me2 Ab9 pm13 he9"), "e2e9"));
    // The square beyond attacked by Black: still support.
    assert!(has(&*white("Pa1 Me2 Ab9 pm13 he9 sf13"), "e2e9"));
    // The square beyond occupied: no support.
    assert!(!has(&*white("Pa1 Me2 Ab9 pm13 he9 tf9"), "e2e9"));
}

#[test]
fn s4_marshal_cannot_capture_a_dormant_emperor() {
    let g = white("Pa1 Me2 Tg6 pm13 mm11 ee9");
    assert!(!has(&*g, "e2e9"));
    assert!(!has(&*g, "g6e9"));
}

#[test]
fn s4_emperor_dormant_cannot_move_and_blocks_lines() {
    let g = white("Pe1 Ml1 Ee5 pm13 me9");
    assert_eq!(power(&*g, "e5"), Power::Dormant);
    assert!(moves_from(&*g, "e5").is_empty());
    assert!(!g.in_check());
    // Without it the Black Marshal's clear line is check.
    assert!(white("Pe1 Ml1 pm13 me9").in_check());
}

#[test]
fn s4_emperor_wakes_when_its_marshal_is_captured() {
    let mut g = white("Pa1 Sh3 pm13 mh9 ef10");
    play(&mut g, "h3h9");
    assert_eq!(field(&*g, 6), "e");
    assert!(!moves_from(&*g, "f10").is_empty());
}

#[test]
fn s4_emperor_wakes_when_attacked_at_turn_start() {
    let mut g = white("Pa1 Te5 pm13 mm11 ef10");
    play(&mut g, "e5h7");
    assert_eq!(field(&*g, 6), "e");
    assert!(has(&*g, "f10f11"));
    let mut g = white("Pa1 Te5 pm13 mm11 ef10");
    play(&mut g, "e5g8");
    assert_eq!(field(&*g, 6), "-");
    assert!(moves_from(&*g, "f10").is_empty());
}

#[test]
fn s4_emperor_stays_dormant_for_the_move_that_takes_its_marshal() {
    // The Assassin takes the Marshal and lands on the dormant Emperor's rank: allowed.
    let mut g = white("Pa1 Ae4 pm13 me8 eh9");
    assert!(has(&*g, "e4e9"));
    play(&mut g, "e4e9");
    assert_eq!(field(&*g, 6), "e");
    assert!(has(&*g, "h9e9"));
}

#[test]
fn s4_emperor_survives_the_blast_that_kills_its_marshal() {
    let mut g = white("Pa1 Mg7 Ge5 pm12 md6 ee6");
    play(&mut g, "e5e5");
    assert_eq!(piece_at(&*g, "d6"), None);
    assert_eq!(piece_at(&*g, "e6"), Some('e'));
    assert_eq!(field(&*g, 6), "e");
    assert_eq!(field(&*g, 7), "md");
}

#[test]
fn s4_pope_castles_both_ways() {
    let g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    assert!(has(&*g, "g1d1"));
    assert!(has(&*g, "g1j1"));
    let mut a = g.clone();
    play(&mut a, "g1d1");
    assert_eq!(piece_at(&*a, "d1"), Some('P'));
    assert_eq!(piece_at(&*a, "e1"), Some('S'));
    assert_eq!(piece_at(&*a, "a1"), None);
    assert_eq!(piece_at(&*a, "g1"), None);
    assert_eq!(field(&*a, 3), "-");
    let mut m = g.clone();
    play(&mut m, "g1j1");
    assert_eq!(piece_at(&*m, "j1"), Some('P'));
    assert_eq!(piece_at(&*m, "i1"), Some('S'));
    assert_eq!(piece_at(&*m, "m1"), None);
}

#[test]
fn s4_pope_castling_needs_every_square_between_empty() {
    let g = game("Sa1 Tb1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    assert!(!has(&*g, "g1d1"));
    assert!(has(&*g, "g1j1"));
}

#[test]
fn s4_pope_castling_blocked_by_dormant_emperor() {
    let g = game("Sa1 Ef1 Pg1 Sm1 Mh4 pg13", "w AM - - - - 0 1");
    assert_eq!(power(&*g, "f1"), Power::Dormant);
    assert!(!has(&*g, "g1d1"));
    assert!(has(&*g, "g1j1"));
}

#[test]
fn s4_pope_castling_not_through_or_into_check() {
    let castles = |black_sentinel: &str| {
        let g = game(
            &format!("Sa1 Pg1 Sm1 pg13 {black_sentinel}"),
            "w AM - - - - 0 1",
        );
        (has(&*g, "g1d1"), has(&*g, "g1j1"))
    };
    // Crossed squares and destinations attacked.
    assert_eq!(castles("sf7"), (false, true));
    assert_eq!(castles("se7"), (false, true));
    assert_eq!(castles("sd7"), (false, true));
    assert_eq!(castles("sh7"), (true, false));
    assert_eq!(castles("si7"), (true, false));
    assert_eq!(castles("sj7"), (true, false));
    // Squares between but not crossed may be attacked.
    assert_eq!(castles("sb7"), (true, true));
    assert_eq!(castles("sc7"), (true, true));
    assert_eq!(castles("sk7"), (true, true));
    // In check on the start square.
    assert_eq!(castles("sg7"), (false, false));
}

#[test]
fn s4_pope_castling_crossed_square_tested_with_sentinel_in_corner() {
    // With the Pope on f1 the Assassin on k1 would land on e1, which the a1 Sentinel guards.
    let g = game("Sa1 Pg1 pg13 ak1", "w A - - - - 0 1");
    assert!(!g.in_check());
    assert!(has(&*g, "g1d1"));
}

#[test]
fn s4_pope_castling_crossed_square_where_a_dormant_emperor_would_wake() {
    // On f1 (and e1, d1) the Pope would stand next to Black's dormant Emperor on e2: it
    // would wake onto the Pope. From g1 it attacks nothing.
    let g = game("Sa1 Pg1 Sm1 pg13 mm11 ee2", "w AM - - - - 0 1");
    assert!(!g.in_check());
    assert!(!has(&*g, "g1d1"));
    assert!(has(&*g, "g1j1"));
}

#[test]
fn s4_pope_castling_rights_lost_by_pope_move() {
    let mut g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    play(&mut g, "g1g2");
    assert_eq!(field(&*g, 3), "-");
    play(&mut g, "g13g12");
    play(&mut g, "g2g1");
    play(&mut g, "g12g13");
    assert_eq!(field(&*g, 3), "-");
    assert!(!has(&*g, "g1d1"));
    assert!(!has(&*g, "g1j1"));
}

#[test]
fn s4_pope_castling_right_lost_by_sentinel_move() {
    let mut g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    play(&mut g, "a1a2");
    assert_eq!(field(&*g, 3), "M");
    play(&mut g, "g13g12");
    play(&mut g, "a2a1");
    play(&mut g, "g12g13");
    assert_eq!(field(&*g, 3), "M");
    assert!(!has(&*g, "g1d1"));
    assert!(has(&*g, "g1j1"));
}

#[test]
fn s4_pope_castling_right_lost_when_sentinel_captured() {
    let mut g = game("Sa1 Pg1 Sm1 pg13 sa7", "b AM - - - - 0 1");
    play(&mut g, "a7a1");
    assert_eq!(field(&*g, 3), "M");
}

#[test]
fn s4_pope_castling_right_lost_to_own_blast() {
    let mut g = game("Sa1 Gb2 Pg1 Sm1 pg13 lc3", "w AM - - - - 0 1");
    play(&mut g, "b2b2");
    assert_eq!(field(&*g, 3), "M");
    assert_eq!(field(&*g, 7), "Sa,lc");
}

// ---------------------------------------------------------------------------------------------
// Section 5: legality and the Emperor
// ---------------------------------------------------------------------------------------------

#[test]
fn s5_move_attacking_dormant_emperor_that_would_wake_onto_pope_is_illegal() {
    let g = white("Pe1 Td4 pa13 mm12 ee9");
    assert!(!has(&*g, "d4g6"));
    assert!(!has(&*g, "d4b7"));
    assert!(has(&*g, "d4f7"));
    assert!(has(&*g, "d4g2"));
    let msg = refused(&*g, "d4g6").to_string();
    assert!(msg.contains("Pope"), "{msg}");
    // With the file closed the same leap is fine.
    assert!(has(&*white("Pe1 He2 Td4 pa13 mm12 ee9"), "d4g6"));
}

#[test]
fn s5_capturing_the_marshal_is_illegal_when_the_emperor_would_wake_onto_the_pope() {
    let g = white("Pe1 Sh3 pa13 mh9 ee9");
    assert!(!has(&*g, "h3h9"));
    assert!(has(&*g, "h3h4"));
}

#[test]
fn s5_attacking_a_dormant_emperor_that_wakes_onto_the_pope_is_check_and_can_be_mate() {
    let g = white("Pa1 pm13 mm11 eb2");
    assert!(g.in_check());
    assert!(moves(&*g).is_empty());
    assert_eq!(g.outcome(), win(Color::Black, Reason::Checkmate));
}

// ---------------------------------------------------------------------------------------------
// Section 6: riposte
// ---------------------------------------------------------------------------------------------

#[test]
fn s6_riposte_created_by_capture_allows_unsupported_capture_at_y() {
    let mut g = white("Pa1 Se2 pm13 me10 he6");
    play(&mut g, "e2e6");
    assert_eq!(field(&*g, 5), "e6");
    assert!(has(&*g, "e10e6"));
}

#[test]
fn s6_riposte_lapses_after_one_move() {
    let mut g = white("Pa1 Se2 pm13 me10 he6");
    play(&mut g, "e2e6");
    play(&mut g, "m13m12");
    assert_eq!(field(&*g, 5), "-");
    play(&mut g, "a1a2");
    assert_eq!(field(&*g, 5), "-");
    assert!(!has(&*g, "e10e6"));
}

#[test]
fn s6_riposte_created_by_enemy_blast_reaches_beyond_y() {
    let mut g = white("Pa1 Mg7 Ge5 pm12 me9 le6");
    play(&mut g, "e5e5");
    assert_eq!(field(&*g, 5), "e6");
    // The first piece beyond Y is White's Mage.
    assert!(has(&*g, "e9e5"));
}

#[test]
fn s6_riposte_is_stored_in_field_5() {
    let g = game("Pa1 Mg7 Ge5 pm12 me9", "b - - e6 - - 0 1");
    assert!(has(&*g, "e9e5"));
    let g = game("Pa1 Mg7 Ge5 pm12 me9", "b - - - - - 0 1");
    assert!(!has(&*g, "e9e5"));
}

#[test]
fn s6_riposte_cut_when_assassin_lands_between() {
    let mut g = white("Pa1 Ae4 pm13 me12 te8");
    play(&mut g, "e4e9");
    assert_eq!(field(&*g, 5), "-");
    assert!(!has(&*g, "e12e9"));
}

#[test]
fn s6_riposte_on_assassin_landing_beyond_y() {
    let mut g = white("Pa1 Ae10 pm13 me12 te8");
    play(&mut g, "e10e7");
    assert_eq!(field(&*g, 5), "e8");
    assert!(has(&*g, "e12e7"));
}

#[test]
fn s6_riposte_cut_by_a_piece_between() {
    // Black's own Legionary stands between its Marshal and the square of the loss.
    let mut g = white("Pa1 Se2 pm13 me11 le9 he6");
    play(&mut g, "e2e6");
    assert_eq!(field(&*g, 5), "-");
}

#[test]
fn s6_riposte_never_captures_a_dormant_emperor_or_past_an_own_piece() {
    let g = game("Pa1 Ml1 Ee5 pm12 me9", "b - - e6 - - 0 1");
    assert!(!has(&*g, "e9e5"));
    let g = game("Pa1 Mg7 Ge4 pm12 me9 le5", "b - - e6 - - 0 1");
    assert!(!has(&*g, "e9e4"));
}

// ---------------------------------------------------------------------------------------------
// Section 7: promotion
// ---------------------------------------------------------------------------------------------

#[test]
fn s7_promotion_compulsory_on_arrival_with_choice_of_kind() {
    let g = game("Pa1 Le12 pm13", "w - - - - Se,Hd,Gb 4 1");
    assert_eq!(moves_from(&*g, "e12"), vec!["e12e13h", "e12e13s"]);
    let mut g = g;
    play(&mut g, "e12e13s");
    assert_eq!(piece_at(&*g, "e13"), Some('S'));
    assert_eq!(field(&*g, 7), "Gb,Hd");
    assert_eq!(field(&*g, 8), "0");
}

#[test]
fn s7_promotion_arrival_with_nothing_claimable_stays_legionary() {
    // Sb is too far from e; Legionaries are never claimed.
    let mut g = game("Pa1 Le12 pm13", "w - - - - Sb,Le 0 1");
    assert_eq!(moves_from(&*g, "e12"), vec!["e12e13"]);
    play(&mut g, "e12e13");
    assert_eq!(piece_at(&*g, "e13"), Some('L'));
    assert_eq!(field(&*g, 7), "Sb,Le");
}

#[test]
fn s7_promotion_by_capture_claims_from_the_arrival_file() {
    let g = game("Pa1 Le12 pm13 td13", "w - - - - Sc 0 1");
    let from = moves_from(&*g, "e12");
    assert!(from.contains(&"e12d13s".to_string()), "{from:?}");
    assert!(!from.contains(&"e12d13".to_string()), "{from:?}");
    assert_eq!(san(&*g, "e12d13s"), "exd13=S");
    let mut g = g;
    play(&mut g, "e12d13s");
    assert_eq!(field(&*g, 7), "td");
}

#[test]
fn s7_in_place_claim_later() {
    let mut g = game("Pa1 Le13 pm11", "w - - - - Hf 9 1");
    assert!(has(&*g, "e13e13h"));
    assert_eq!(san(&*g, "e13e13h"), "e13=H");
    play(&mut g, "e13e13h");
    assert_eq!(piece_at(&*g, "e13"), Some('H'));
    assert_eq!(field(&*g, 7), "-");
    // A promotion is progress.
    assert_eq!(field(&*g, 8), "0");
    // Nothing open: no claim.
    let g = game("Pa1 Le13 pm11", "w - - - - Hh 0 1");
    assert!(moves_from(&*g, "e13").is_empty());
}

#[test]
fn s7_claim_consumes_own_file_first_else_lower_lettered_file() {
    let mut g = game("Pa1 Le13 pm11", "w - - - - Sd,Se,Sf 0 1");
    play(&mut g, "e13e13s");
    assert_eq!(field(&*g, 7), "Sd,Sf");
    let mut g = game("Pa1 Le13 pm11", "w - - - - Sf,Sd 0 1");
    play(&mut g, "e13e13s");
    assert_eq!(field(&*g, 7), "Sf");
}

#[test]
fn s7_claimed_marshal_restores_the_zone() {
    let mut g = game("Pa1 Le12 Hc12 pm11", "w - - - - Me 0 1");
    assert_eq!(power(&*g, "c12"), Power::Restricted);
    assert!(g.board().zones.iter().all(|z| z.color != Color::White));
    play(&mut g, "e12e13m");
    assert_eq!(piece_at(&*g, "e13"), Some('M'));
    assert_eq!(power(&*g, "c12"), Power::Enhanced);
    let zone = g
        .board()
        .zones
        .into_iter()
        .find(|z| z.color == Color::White)
        .expect("White's zone is back");
    assert_eq!(zone.centre.to_string(), "e13");
}

#[test]
fn s7_claimed_emperor_is_awake() {
    let mut g = game("Pa1 Ma3 Le12 pm11", "w - - - - Ee 0 1");
    play(&mut g, "e12e13e");
    assert_eq!(piece_at(&*g, "e13"), Some('E'));
    assert_eq!(field(&*g, 6), "E");
    assert_eq!(power(&*g, "e13"), Power::Plain);
}

// ---------------------------------------------------------------------------------------------
// Section 8: end of the game, perft
// ---------------------------------------------------------------------------------------------

#[test]
fn s8_no_legal_move_in_check_loses() {
    let g = white("Pa1 pm13 ma5 sb9");
    assert!(g.in_check());
    assert_eq!(g.outcome(), win(Color::Black, Reason::Checkmate));
}

#[test]
fn s8_no_legal_move_not_in_check_wins() {
    let g = white("Pa1 pm13 mc5 sb9 td4");
    assert!(!g.in_check());
    assert!(moves(&*g).is_empty());
    assert_eq!(g.outcome(), win(Color::White, Reason::Stalemate));
}

#[test]
fn s8_third_occurrence_loses_for_the_player_who_makes_it() {
    let mut g = white("Pa1 Tc3 pm13 tk11");
    let cycle = ["c3f5", "k11h9", "f5c3", "h9k11"];
    for (i, mv) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert_eq!(g.outcome(), None, "before ply {}", i + 1);
        play(&mut g, mv);
    }
    // Black's h9k11 brought the start position up for the third time.
    assert_eq!(g.outcome(), win(Color::White, Reason::Repetition));

    let mut g = black("Pa1 Tc3 pm13 tk11");
    let cycle = ["k11h9", "c3f5", "h9k11", "f5c3"];
    for mv in cycle.iter().chain(cycle.iter()) {
        assert_eq!(g.outcome(), None);
        play(&mut g, mv);
    }
    assert_eq!(g.outcome(), win(Color::Black, Reason::Repetition));
}

#[test]
fn s8_no_progress_draw_at_twice_the_limit() {
    // 4 pieces: limit = 60 + 2 * 48 = 156 turns, 312 plies.
    let g = game("Pa1 Tc3 pm13 tk11", "w - - - - - 311 80");
    assert_eq!(g.outcome(), None);
    let mut g = g;
    play(&mut g, "c3f5");
    assert_eq!(field(&*g, 8), "312");
    assert_eq!(g.outcome(), draw(Reason::NoProgress));
    // Read at the limit: drawn before any move.
    let g = game("Pa1 Tc3 pm13 tk11", "w - - - - - 312 80");
    assert_eq!(g.outcome(), draw(Reason::NoProgress));
    assert!(moves(&*g).is_empty());
}

#[test]
fn s8_no_progress_limit_depends_on_pieces_on_board() {
    // 6 pieces: limit = 60 + 2 * 46 = 152 turns, 304 plies.
    let mut g = game("Pa1 Tc3 Hh1 pm13 tk11 hh12", "w - - - - - 303 80");
    assert_eq!(g.outcome(), None);
    play(&mut g, "c3f5");
    assert_eq!(g.outcome(), draw(Reason::NoProgress));
    // With 4 pieces 304 plies is not yet the limit.
    let mut g = game("Pa1 Tc3 pm13 tk11", "w - - - - - 303 80");
    play(&mut g, "c3f5");
    assert_eq!(field(&*g, 8), "304");
    assert_eq!(g.outcome(), None);
}

#[test]
fn s8_progress_resets_the_clock() {
    let mut g = game("Pa1 Tc3 Lb4 pm13 tk11", "w - - - - - 303 80");
    play(&mut g, "b4b5");
    assert_eq!(field(&*g, 8), "0");
    assert_eq!(g.outcome(), None);
}

#[test]
fn s8_two_bare_popes_draw() {
    let g = white("Pa1 pm13");
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
    let mut g = white("Pa1 pm13 tb2");
    assert_eq!(g.outcome(), None);
    play(&mut g, "a1b2");
    assert_eq!(g.outcome(), draw(Reason::InsufficientMaterial));
}

#[test]
fn s8_end_checks_in_order() {
    // 1 before 3: checkmate with the clock at the limit (4 pieces, 312 plies).
    let g = game("Pa1 pm13 ma5 sb9", "w - - - - - 312 90");
    assert_eq!(g.outcome(), win(Color::Black, Reason::Checkmate));
    // 1 before 3: no move and not in check wins even at the limit (5 pieces, 308 plies).
    let g = game("Pa1 pm13 mc5 sb9 td4", "w - - - - - 308 90");
    assert_eq!(g.outcome(), win(Color::White, Reason::Stalemate));
    // 3 before 4: two bare Popes at the limit (2 pieces, 320 plies).
    let g = game("Pa1 pm13", "w - - - - - 320 90");
    assert_eq!(g.outcome(), draw(Reason::NoProgress));
}

#[test]
fn s8_repetition_checked_before_no_progress() {
    let mut g = game("Pa1 Tc3 pm13 tk11", "w - - - - - 304 80");
    let cycle = ["c3f5", "k11h9", "f5c3", "h9k11"];
    for mv in cycle.iter().chain(cycle.iter()) {
        assert_eq!(g.outcome(), None);
        play(&mut g, mv);
    }
    assert_eq!(field(&*g, 8), "312");
    assert_eq!(g.outcome(), win(Color::White, Reason::Repetition));
}

#[test]
fn s8_perft_from_the_start() {
    let g = start();
    assert_eq!(moves(&*g).len(), 81);
    assert_eq!(g.perft(1), 81);
    assert_eq!(g.perft(2), 6548);
}

// ---------------------------------------------------------------------------------------------
// Section 9: the swap
// ---------------------------------------------------------------------------------------------

#[test]
fn s9_swap_only_on_blacks_first_turn_once() {
    let mut g = start();
    assert!(!g.swap_available());
    play(&mut g, "e3e7");
    assert!(g.swap_available());
    let before = g.position_text();
    let mut swapped = g.clone();
    swapped.swap().expect("the swap is available");
    assert_eq!(swapped.position_text(), before);
    assert_eq!(swapped.turn(), Color::Black);
    assert!(!swapped.swap_available());
    assert!(swapped.swap().is_err());
    // Not after Black's first move.
    play(&mut g, "e11e8");
    assert!(!g.swap_available());
    assert!(g.swap().is_err());
}

#[test]
fn s9_swap_available_from_the_start_position_text_too() {
    let mut g = read(START);
    assert!(!g.swap_available());
    play(&mut g, "g1g2");
    assert!(g.swap_available());
}

#[test]
fn s9_no_swap_in_a_game_started_mid_way() {
    let mut g = game("Pa1 Tc3 pm13 tk11", "w - - - - - 0 20");
    play(&mut g, "c3f5");
    assert!(!g.swap_available());
}

// ---------------------------------------------------------------------------------------------
// Section 10: notation
// ---------------------------------------------------------------------------------------------

#[test]
fn s10_coordinate_forms_for_every_move_kind() {
    assert_eq!(parsed(&*white("Pm1 Hc1 pa13"), "He3"), "c1e3");
    assert_eq!(parsed(&*white("Pm1 Hc1 pa13 te3"), "Hxe3"), "c1e3");
    let castle = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    assert_eq!(parsed(&*castle, "O-O"), "g1j1");
    assert_eq!(parsed(&*castle, "O-O-O"), "g1d1");
    assert_eq!(parsed(&*white("Pa1 Ae3 pm13 he8"), "Axe9"), "e3e9");
    let promo = game("Pa1 Le12 pm13", "w - - - - Se 0 1");
    assert_eq!(parsed(&*promo, "e13=S"), "e12e13s");
    let claim = game("Pa1 Le13 pm11", "w - - - - Sf 0 1");
    assert_eq!(parsed(&*claim, "e13=S"), "e13e13s");
    assert_eq!(parsed(&*white("Pa1 Gd5 pm13 td6"), "Gd5*"), "d5d5");
    let ep = game("Pa1 Le7 pm13 ld7", "w - d8 - - - 0 1");
    assert_eq!(parsed(&*ep, "exd8"), "e7d8");
}

#[test]
fn s10_san_plain_capture_and_legionary_forms() {
    assert_eq!(san(&*white("Pm1 Hc1 pa13"), "c1e3"), "He3");
    assert_eq!(san(&*white("Pm1 Hc1 pa13 te3"), "c1e3"), "Hxe3");
    assert_eq!(san(&*white("Pa1 Ld5 pm13 te6"), "d5e6"), "dxe6");
    assert_eq!(san(&*white("Pa1 Ld5 pm13 te6"), "d5d6"), "d6");
    let ep = game("Pa1 Le7 pm13 ld7", "w - d8 - - - 0 1");
    assert_eq!(san(&*ep, "e7d8"), "exd8");
}

#[test]
fn s10_san_disambiguation_file_then_rank_then_both() {
    let g = white("Pm1 Hc1 Hc5 Hg1 pa13");
    assert_eq!(san(&*g, "c1e3"), "Hc1e3");
    assert_eq!(san(&*g, "c5e3"), "H5e3");
    assert_eq!(san(&*g, "g1e3"), "Hge3");
    let g = white("Pm1 Hc1 Hg1 pa13");
    assert_eq!(san(&*g, "c1e3"), "Hce3");
    assert_eq!(san(&*g, "g1e3"), "Hge3");
}

#[test]
fn s10_san_promotion_claim_blast_castling() {
    let g = game("Pa1 Le12 pm13", "w - - - - Se 0 1");
    assert_eq!(san(&*g, "e12e13s"), "e13=S");
    let g = game("Pa1 Le13 pm11", "w - - - - Sf 0 1");
    assert_eq!(san(&*g, "e13e13s"), "e13=S");
    assert_eq!(san(&*white("Pa1 Gd5 pm13 td6"), "d5d5"), "Gd5*");
    let g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    assert_eq!(san(&*g, "g1j1"), "O-O");
    assert_eq!(san(&*g, "g1d1"), "O-O-O");
}

#[test]
fn s10_san_check_and_mate_marks() {
    assert_eq!(san(&*white("Pm1 Tg9 pm13"), "g9j11"), "Tj11+");
    assert_eq!(san(&*white("Pm1 Me5 Sb7 pa13"), "e5a5"), "Ma5#");
}

#[test]
fn s10_san_assassin_capture_names_landing_and_words_name_victim() {
    let g = white("Pa1 Ae3 pm13 he8");
    let info = g
        .legal_moves()
        .into_iter()
        .find(|m| m.coordinate == "e3e9")
        .expect("the capture");
    assert_eq!(info.san, "Axe9");
    assert!(info.description.contains("e8"), "{}", info.description);
    assert!(info.description.contains("e9"), "{}", info.description);
}

#[test]
fn s10_accepted_inputs_for_ordinary_moves() {
    let g = white("Pm1 Hc1 pa13");
    for input in [
        "c1e3", "c1-e3", "He3", "Hc1-e3", "Hc1e3", "He3!", "He3?", "He3!?", "He3+",
    ] {
        assert_eq!(parsed(&*g, input), "c1e3", "{input}");
    }
    let g = white("Pm1 Hc1 pa13 te3");
    for input in [
        "c1xe3", "c1e3", "c1-e3", "Hxe3", "He3", "Hc1xe3", "Hc1-e3", "Hxe3!", "Hxe3+",
    ] {
        assert_eq!(parsed(&*g, input), "c1e3", "{input}");
    }
    let g = white("Pm1 Me5 Sb7 pa13");
    for input in ["Ma5#", "Ma5", "Ma5+", "e5a5", "Me5-a5"] {
        assert_eq!(parsed(&*g, input), "e5a5", "{input}");
    }
}

#[test]
fn s10_accepted_inputs_for_castling_blast_promotion() {
    let g = game("Sa1 Pg1 Sm1 pg13", "w AM - - - - 0 1");
    for input in ["O-O", "0-0", "g1j1"] {
        assert_eq!(parsed(&*g, input), "g1j1", "{input}");
    }
    for input in ["O-O-O", "0-0-0", "g1d1"] {
        assert_eq!(parsed(&*g, input), "g1d1", "{input}");
    }
    let g = white("Pa1 Gd5 pm13 td6");
    for input in ["Gd5*", "d5*", "blast d5", "d5d5"] {
        assert_eq!(parsed(&*g, input), "d5d5", "{input}");
    }
    let g = game("Pa1 Le12 pm13", "w - - - - Se,He 0 1");
    for input in ["e12e13s", "e13=S"] {
        assert_eq!(parsed(&*g, input), "e12e13s", "{input}");
    }
    assert_eq!(parsed(&*g, "e13=H"), "e12e13h");
}

#[test]
fn s10_ambiguous_input_lists_the_candidates() {
    // Both Heralds stand on rank 1: "H1e3" fits both moves.
    let g = white("Pm1 Hc1 Hg1 pa13");
    match refused(&*g, "H1e3") {
        MoveError::Ambiguous { candidates, .. } => {
            assert_eq!(candidates.len(), 2, "{candidates:?}");
            assert!(
                candidates.iter().any(|c| c.contains("c1")),
                "{candidates:?}"
            );
            assert!(
                candidates.iter().any(|c| c.contains("g1")),
                "{candidates:?}"
            );
        }
        other => panic!("expected ambiguity, got {other}"),
    }
}

#[test]
fn s10_undisambiguated_san_is_ambiguous_not_unreachable() {
    let g = white("Pm1 Hc1 Hg1 pa13");
    let err = refused(&*g, "He3");
    let msg = err.to_string();
    assert!(!msg.contains("no Herald can reach"), "{msg}");
    assert!(matches!(err, MoveError::Ambiguous { .. }), "{msg}");
    assert!(msg.contains("c1") && msg.contains("g1"), "{msg}");
}

#[test]
fn s10_helpful_errors() {
    let msg = refused(&*white("Pm1 Ha1 pa13"), "He3").to_string();
    assert!(msg.contains("no Herald can reach e3"), "{msg}");
    let msg = refused(&*white("Pm1 Ha1 pa13"), "Tc3").to_string();
    assert!(msg.contains("no Templar"), "{msg}");

    let pinned = white("Pe1 He2 pm13 se7");
    assert!(!pinned.in_check());
    for input in ["Hd3", "e2d3"] {
        let msg = refused(&*pinned, input).to_string();
        assert!(
            msg.contains("that move would leave your Pope in check"),
            "{input}: {msg}"
        );
    }

    let g = white("Pa1 Gd5 pm13 td6");
    for input in ["Gd6", "Gxd6", "d5d6"] {
        let msg = refused(&*g, input).to_string();
        assert!(
            msg.contains("a Mage cannot capture by moving: blast with Gd5*"),
            "{input}: {msg}"
        );
    }
}
