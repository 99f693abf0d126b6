//! Why a move is refused, in every variant, as a player reads it: the piece and the reason,
//! as specific as Epoch's ("no Herald can reach e3"). And the numbers of a position text that
//! no game can reach are refused with the field named, never wrapped round.

use herald::rules::{new_game, AnyGame, MoveError, VariantId};

fn game(variant: VariantId, text: Option<&str>) -> Box<dyn AnyGame> {
    new_game(variant, text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// Each input refused with exactly that text, and each accepted as that coordinate move.
fn check(
    variant: VariantId,
    text: Option<&str>,
    refusals: &[(&str, &str)],
    accepted: &[(&str, &str)],
) {
    let g = game(variant, text);
    for (input, why) in refusals {
        match g.parse_move(input) {
            Err(e) => assert_eq!(e.to_string(), *why, "{variant} {text:?}"),
            Ok(mv) => panic!("{variant} {text:?}: {input} was read as {}", mv.coordinate),
        }
    }
    for (input, coordinate) in accepted {
        match g.parse_move(input) {
            Ok(mv) => assert_eq!(mv.coordinate, *coordinate, "{variant} {input}"),
            Err(e) => panic!("{variant} {text:?}: {input}: {e}"),
        }
    }
}

#[test]
fn ageiou_names_the_piece_that_cannot_go_there_and_why() {
    check(
        VariantId::Ageiou,
        None,
        &[
            (
                "Kf5",
                "'Kf5': the King on f1 cannot reach f5: a King moves one square in any direction",
            ),
            (
                "h8",
                "'h8': no Pawn can reach h8: a Pawn moves one square straight forward (never two) and captures one square diagonally forward",
            ),
            (
                "Nc5",
                "'Nc5': no Knight can reach c5: a Knight leaps like a chess knight",
            ),
            (
                "Qd5",
                "'Qd5': the Councillor on e1 cannot reach d5: a Councillor moves like a queen, any distance along a rank, file or diagonal",
            ),
            (
                "Qe5",
                "'Qe5': the Councillor on e1 cannot reach e5: the Pawn on e3 stands in the way",
            ),
            ("Ka1", "'Ka1': a1 holds your own Boat"),
            ("Vc5", "'Vc5': no Vertag can reach c5: a Vertag moves one square in any direction"),
            ("e4e5", "'e4e5': there is no piece on e4"),
            ("e8e7", "'e8e7': the Pawn on e8 is not yours"),
            ("Pe5", "'Pe5': no Pawn can reach e5: a Pawn moves one square straight forward (never two) and captures one square diagonally forward"),
            ("Ve2o", "'Ve2o': only a Vertag builds a portal, and you have no Vertag on e2"),
            ("K<>e1", "'K<>e1': the King swaps only with one of your own Bishops, and there is none on e1"),
            ("K@d3", "'K@d3': no King of yours is waiting to be placed: a captured King is placed on a Bishop's square only when its side had two or more Bishops"),
            ("O-O", "'O-O': there is no castling in AGEIOU: instead of moving, the King may swap places with one of its Bishops (K<>d1)"),
        ],
        &[("Pe4", "e3e4"), ("Pe3e4", "e3e4"), ("Ne2", "c1e2")],
    );
    // A pawn goes diagonally only to capture; with no such piece, that is what is said.
    check(
        VariantId::Ageiou,
        Some("5k4/10/10/10/10/10/4P5/10/10/5K4 w - - - 0 1"),
        &[
            ("f5", "'f5': the Pawn on e4 cannot reach f5: it goes there only to capture, and f5 is empty"),
            ("Nc3", "'Nc3': you have no Knight"),
            ("Cd1", "'Cd1': you have no Bishop"),
        ],
        &[],
    );
}

#[test]
fn empire_refusals_fit_the_move() {
    // The Empire cannot castle, at all.
    check(
        VariantId::Empire,
        None,
        &[
            ("O-O", "'O-O': the Empire never castles: only the Kingdom (Black) may"),
            ("e1g1", "'e1g1': the Empire never castles: only the Kingdom (Black) may"),
            ("Ed3", "'Ed3': d3 holds your own Soldier"),
            ("Sd5", "'Sd5': no Soldier can reach d5: a Soldier steps one square forward, left or right, moving or capturing"),
            ("Td4", "'Td4': no Tower can reach d4: the Pawn on c3 stands in the way of the Tower on a1"),
        ],
        &[("Sd4", "d3d4"), ("Pa4", "a3a4")],
    );
    // The Imperial pieces capture their own way.
    let imperial = "4k3/8/8/8/3q4/8/8/T4K2 w - - 0 1";
    check(
        VariantId::Empire,
        Some(imperial),
        &[(
            "Txd4",
            "'Txd4': the Tower on a1 cannot reach d4: a Tower moves like a queen but captures only like a rook, along a rank or file",
        )],
        &[("Tb2", "a1b2"), ("Ta4", "a1a4")],
    );
    check(
        VariantId::Empire,
        Some("4k3/8/8/8/8/8/8/E4K2 w - - 0 1"),
        &[(
            "Eb3",
            "'Eb3': the Eagle on a1 cannot reach b3: it goes there only to capture, and b3 is empty",
        )],
        &[],
    );
    check(
        VariantId::Empire,
        Some("4k3/8/8/p7/8/8/8/C4K2 w - - 0 1"),
        &[(
            "Cxa5",
            "'Cxa5': the Cardinal on a1 cannot reach a5: a Cardinal moves like a queen but captures only like a bishop, along a diagonal",
        )],
        &[],
    );
    // A Kingdom pawn blocked by a Soldier, or facing one.
    check(
        VariantId::Empire,
        Some("4k3/3p4/3S4/8/8/8/8/5K2 b - - 0 1"),
        &[(
            "d5",
            "'d5': the Pawn on d7 cannot reach d5: the Soldier on d6 stands in the way",
        )],
        &[],
    );
    check(
        VariantId::Empire,
        Some("4k3/8/3p4/3S4/8/8/8/5K2 b - - 0 1"),
        &[(
            "d5",
            "'d5': the Pawn on d6 cannot reach d5: a Pawn moves straight ahead but captures only one square diagonally forward",
        )],
        &[],
    );
    // The kings may not face each other; the Kaiser may not be left in check.
    check(
        VariantId::Empire,
        Some("4k3/8/8/8/8/8/8/3K4 w - - 0 1"),
        &[(
            "Ke2",
            "'Ke2': the two kings may never face each other on an open file or rank",
        )],
        &[],
    );
    check(
        VariantId::Empire,
        Some("4k3/4q3/8/8/8/8/4C3/4K3 w - - 0 1"),
        &[("Cd3", "'Cd3': that move would leave your Kaiser in check")],
        &[],
    );
    // Black's castling, refused for the reason that applies.
    for (text, input, why) in [
        (
            "r3k2r/8/8/8/8/8/8/5K2 b kq - 0 1",
            "O-O",
            "'O-O': the king may not cross or land on a square facing the Kaiser, and f8 faces it",
        ),
        (
            "r3k2r/8/8/8/8/8/8/2T2K2 b kq - 0 1",
            "O-O-O",
            "'O-O-O': the king may not cross or land on an attacked square, and c8 is attacked",
        ),
        (
            "r3k2r/8/8/8/8/8/8/4TK2 b kq - 0 1",
            "e8g8",
            "'e8g8': the king cannot castle out of check",
        ),
        (
            "r3k2r/8/8/8/8/8/8/5K2 b q - 0 1",
            "O-O",
            "'O-O': castling with the rook on h8 is no longer possible: the king or that rook has left its square",
        ),
        (
            "rn2k2r/8/8/8/8/8/8/5K2 b kq - 0 1",
            "O-O-O",
            "'O-O-O': every square between the king on e8 and the rook on a8 must be empty",
        ),
    ] {
        check(VariantId::Empire, Some(text), &[(input, why)], &[]);
    }
}

#[test]
fn fantastic_says_which_piece_cannot_reach_the_square() {
    check(
        VariantId::Fantastic,
        None,
        &[
            (
                "Tg9",
                "'Tg9': no Troll can reach g9: a Troll leaps exactly three squares along a rank, file or diagonal, or steps one square forward and captures one square diagonally forward like a Pawn",
            ),
            (
                "Ne3",
                "'Ne3': no Snake can reach e3: the Troll on f2 stands in the way of the Snake on f1",
            ),
            ("Kg2", "'Kg2': g2 holds your own Prince"),
            (
                "O-O",
                "'O-O': there is no castling in Fantastic XIII: instead, the King's first move may be a jump of two squares (Ke3)",
            ),
            (
                "Qz9",
                "cannot read 'Qz9' as a move: expected a move like g5, Tg4, Kxf2, g13 (or g13=O), or coordinates like g4g6",
            ),
        ],
        &[("Pg6", "g4g6"), ("Pg5", "g4g5"), ("Tg6", "g3g6")],
    );
    check(
        VariantId::Fantastic,
        Some(&crate::support::fen("Ka1 km13 Tg5 pg6", "w - - 0 1")),
        &[(
            "Tg6",
            "'Tg6': the Troll on g5 cannot reach g6: a Troll's step forward never captures: it captures one square diagonally forward or with its three-square leap",
        )],
        &[("Tg8", "g5g8")],
    );
}

#[test]
fn chess_names_the_piece_and_the_reason() {
    check(
        VariantId::Chess,
        None,
        &[
            (
                "Bc4",
                "'Bc4': no bishop can reach c4: the pawn on e2 stands in the way of the bishop on f1",
            ),
            (
                "Nf4",
                "'Nf4': no knight can reach f4: a knight leaps two squares one way and one square the other",
            ),
            ("Ke2", "'Ke2': e2 holds your own pawn"),
            (
                "e5",
                "'e5': no pawn can reach e5: a pawn moves one square straight ahead (two from its starting square) and captures one square diagonally forward",
            ),
            (
                "O-O",
                "'O-O': every square between the king on e1 and the rook on h1 must be empty",
            ),
        ],
        &[("Pe4", "e2e4"), ("Pe2e4", "e2e4"), ("Pe2-e3", "e2e3")],
    );
    check(
        VariantId::Chess,
        Some("4k3/P7/8/8/8/8/5r2/4K2R w K - 0 1"),
        &[
            (
                "a8",
                "'a8': name the piece it becomes: a8=Q, a8=R, a8=B or a8=N",
            ),
            (
                "a8=K",
                "'a8=K': it cannot become a king there: a8=Q, a8=R, a8=B or a8=N",
            ),
            (
                "O-O",
                "'O-O': the king may not cross or land on an attacked square, and f1 is attacked",
            ),
        ],
        &[("Pa8=Q", "a7a8q"), ("Pa7a8N", "a7a8n")],
    );
    let g = game(
        VariantId::Chess,
        Some("4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1"),
    );
    match g.parse_move("Pxd5") {
        Err(MoveError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["c4xd5", "e4xd5"])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(g.parse_move("Pcxd5").unwrap().coordinate, "c4d5");
}

#[test]
fn epoch_reads_a_legionary_move_with_its_letter() {
    check(
        VariantId::Epoch,
        None,
        &[("Le8", "'Le8': no Legionary can move to e8: a Legionary's advance from below rank 7 stops at rank 7 (e3-e7 goes furthest); from there on it advances one square at a time (two when enhanced)")],
        &[("Le7", "e3e7"), ("Le3e7", "e3e7"), ("Le3-e6", "e3e6")],
    );
}

#[test]
fn refusals_never_send_a_player_to_a_discord_command() {
    for variant in VariantId::ALL {
        let g = game(variant, None);
        for input in [
            "Kf5", "h8", "Nc5", "Qd5", "O-O", "Zz9", "Tg9", "e4e9", "K@d3", "a1a1",
        ] {
            if let Err(e) = g.parse_move(input) {
                let text = e.to_string();
                assert!(!text.contains(" /"), "{variant} {input}: {text}");
            }
        }
    }
}

/// A position text of each variant, with a move to play for each side.
const TEXTS: [(VariantId, &str); 5] = [
    (
        VariantId::Epoch,
        "6p6/13/13/13/13/13/13/13/13/13/13/L12/6P6 w - - - - - 0 1",
    ),
    (VariantId::Chess, "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"),
    (VariantId::Empire, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    (
        VariantId::Fantastic,
        "6k6/13/13/13/13/13/13/13/13/13/13/P12/6K6 w - - 0 1",
    ),
    (
        VariantId::Ageiou,
        "5k4/10/10/10/10/10/10/10/10/5K4 w - - - 0 1",
    ),
];

#[test]
fn counts_too_large_for_a_game_are_refused_with_the_field_named() {
    for (variant, text) in TEXTS {
        let fields: Vec<&str> = text.split(' ').collect();
        let (last, clock) = (fields.len() - 1, fields.len() - 2);
        let files = if matches!(variant, VariantId::Chess | VariantId::Empire) {
            8
        } else if variant == VariantId::Ageiou {
            10
        } else {
            13
        };
        // 4294967304 is 2^32 + 8: read as a 32-bit number, it would wrap round to 8.
        let mut placement: Vec<&str> = fields[0].split('/').collect();
        placement[3] = "4294967304";
        let bad = format!("{} {}", placement.join("/"), fields[1..].join(" "));
        let rank = files - 3;
        assert_eq!(
            new_game(variant, Some(&bad)).err().map(|e| e.to_string()),
            Some(format!(
                "bad position text, field 1 (placement): rank {rank}: empty-square count 4294967304, expected 1 to {files}"
            )),
            "{variant}"
        );
        for (index, number) in [
            (last, "4294967295"),
            (clock, "4294967295"),
            (last, "1000001"),
        ] {
            let mut changed = fields.clone();
            changed[index] = number;
            let bad = changed.join(" ");
            let field = match (variant, index == last) {
                (VariantId::Epoch, true) => "field 9 (move number)",
                (VariantId::Epoch, false) => "field 8 (no-progress clock)",
                (VariantId::Ageiou, true) => "field 7 (move number)",
                (VariantId::Ageiou, false) => "field 6 (half-move clock)",
                (_, true) => "field 6 (move number)",
                (_, false) => "field 5 (halfmove clock)",
            };
            let from = if index == last { 1 } else { 0 };
            assert_eq!(
                new_game(variant, Some(&bad)).err().map(|e| e.to_string()),
                Some(format!(
                    "bad position text, {field}: '{number}', expected a whole number from {from} to 1000000"
                )),
                "{variant}: {bad}"
            );
        }
        // The largest move number accepted still counts on after a move (no game started at
        // move 1 comes near it).
        let mut changed = fields.clone();
        changed[last] = "1000000";
        let mut g = game(variant, Some(&changed.join(" ")));
        let first = g.legal_coordinates()[0].clone();
        g.play(&first).unwrap();
        let second = g.legal_coordinates()[0].clone();
        g.play(&second).unwrap();
        assert!(
            g.position_text().ends_with(" 1000001"),
            "{variant}: {}",
            g.position_text()
        );
    }
}

#[test]
fn a_phones_capital_letters_are_read_where_they_cannot_mean_anything_else() {
    // A square's letter in either case; a piece letter that is no file of the board in
    // either case; where the case decides between a piece and a file, "did you mean".
    check(
        VariantId::Chess,
        Some("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        &[(
            "bc4",
            "'bc4': did you mean Bc4? A capital letter names a piece, a small one a file",
        )],
        &[
            ("D4", "d2d4"),
            ("nf3", "g1f3"),
            ("NF3", "g1f3"),
            ("Bc4", "f1c4"),
            ("G1F3", "g1f3"),
            ("qH5", "d1h5"),
        ],
    );
    // Empire Chess's Soldier ('S') is no file of its board; Epoch reads a capital square.
    check(VariantId::Empire, None, &[], &[("A4", "a3a4")]);
    check(VariantId::Epoch, None, &[], &[("E5", "e3e5")]);
}

#[test]
fn chess_letters_in_epoch_are_told_epochs_pieces() {
    let letters = "P Pope, E Emperor, M Marshal, A Assassin, S Sentinel, G Mage, H Herald, T Templar, L Legionary";
    let said = |chess: &str| {
        format!("there is no {chess} in Chess 13: Epoch; its pieces are {letters} (a Legionary's move may leave out its letter: e4)")
    };
    let refusals: Vec<(String, String)> = [
        ("Nd4", "Knight"),
        ("Ke2", "King"),
        ("Qe2", "Queen"),
        ("Bd2", "Bishop"),
        ("Rb2", "Rook"),
    ]
    .into_iter()
    .map(|(input, chess)| (input.to_string(), format!("'{input}': {}", said(chess))))
    .collect();
    let refusals: Vec<(&str, &str)> = refusals
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    check(VariantId::Epoch, None, &refusals, &[]);
}

#[test]
fn an_en_passant_capture_may_carry_its_mark() {
    check(
        VariantId::Chess,
        Some("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
        &[],
        &[
            ("exd6 e.p.", "e5d6"),
            ("exd6e.p.", "e5d6"),
            ("exd6 ep", "e5d6"),
            ("e5d6 e.p.", "e5d6"),
        ],
    );
}

#[test]
fn epoch_names_the_rule_or_the_piece_in_the_way() {
    let first = "a Legionary's advance from below rank 7 stops at rank 7 (g3-g7 goes furthest); from there on it advances one square at a time (two when enhanced)";
    check(
        VariantId::Epoch,
        None,
        &[
            ("g3g8", &format!("'g3g8': no Legionary can move to g8: {first}")),
            (
                "Ae5",
                "'Ae5': no Assassin can reach e5: your Legionary on e3 stands in the way of the Assassin on e1; your Legionary on g3 stands in the way of the Assassin on i1",
            ),
            (
                "Ae1-e5",
                "'Ae1-e5': no Assassin can reach e5: your Legionary on e3 stands in the way of the Assassin on e1",
            ),
            (
                "Hc1-c5",
                "'Hc1-c5': no Herald can reach c5: a Herald moves along diagonals (up to 6 squares when restricted), or one step straight (the one on c1 is restricted: it is not within four squares of your Marshal)",
            ),
        ],
        &[("g3g7", "g3g7"), ("Ae2", "e1e2")],
    );
    // From rank 7 on, one square when restricted; never back.
    let mut g = game(VariantId::Epoch, None);
    for mv in ["e3e7", "e11e8", "g3g4", "d11d9"] {
        g.play(mv).unwrap();
    }
    for (input, why) in [
        ("e7e9", "'e7e9': no Legionary can move to e9: from rank 7 on a Legionary advances one square (the one on e7 is restricted: two squares only when enhanced)"),
        ("g4g2", "'g4g2': no Legionary can move to g2: a Legionary never moves backwards or sideways"),
        ("e7e8", "'e7e8': no Legionary can move to e8: e8 holds the enemy Legionary, and a Legionary captures only one square diagonally forward"),
    ] {
        assert_eq!(g.parse_move(input).unwrap_err().to_string(), why);
    }
    // Enhanced (the Marshal on g7 enhances the whole army): two squares, never three.
    check(
        VariantId::Epoch,
        Some("1p11/13/13/13/13/4L8/6M6/13/13/13/13/13/6P6 w - - - - - 0 1"),
        &[(
            "e8e11",
            "'e8e11': no Legionary can move to e11: from rank 7 on a Legionary advances at most two squares (the one on e8 is enhanced)",
        )],
        &[("e8e10", "e8e10")],
    );
}
