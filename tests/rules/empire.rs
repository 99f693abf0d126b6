//! Empire Chess: the reference perft counts of docs/rules/empire.md (from Fairy-Stockfish),
//! the one place we differ on purpose, and the rules that end the game.

use herald::rules::{new_game, AnyGame, Color, Outcome, Reason, VariantId};

fn game(fen: Option<&str>) -> Box<dyn AnyGame> {
    new_game(VariantId::Empire, fen).unwrap_or_else(|e| panic!("{fen:?}: {e}"))
}

const SUITE: [(Option<&str>, &[u64]); 4] = [
    (None, &[30, 600, 20_895, 464_633, 17_022_705]),
    (
        Some("4k3/8/2n1n3/3rb3/3ECT2/3q4/3P4/4K3 w - - 0 1"),
        &[40, 1942, 73_871, 3_390_039],
    ),
    (
        Some("8/8/3k4/8/8/8/3K4/8 w - - 0 1"),
        &[6, 30, 174, 1162, 7350],
    ),
    (
        Some("4k3/8/8/8/8/8/4K3/8 w - - 0 1"),
        &[6, 18, 110, 644, 4218],
    ),
];

#[test]
fn perft_matches_the_reference_counts() {
    for (fen, counts) in SUITE {
        let g = game(fen);
        for (depth, &want) in counts.iter().enumerate() {
            // The deep start count runs with the opt-in tests.
            if want > 1_000_000 {
                continue;
            }
            assert_eq!(
                g.perft(depth as u32 + 1),
                want,
                "{fen:?} depth {}",
                depth + 1
            );
        }
    }
}

#[test]
#[ignore = "a few seconds; run with --ignored"]
fn perft_deep_reference_counts() {
    for (fen, counts) in SUITE {
        let g = game(fen);
        for (depth, &want) in counts.iter().enumerate() {
            if want > 1_000_000 {
                assert_eq!(
                    g.perft(depth as u32 + 1),
                    want,
                    "{fen:?} depth {}",
                    depth + 1
                );
            }
        }
    }
}

#[test]
fn en_passant_may_not_open_the_line_between_the_kings() {
    // Fairy-Stockfish allows e5xd6 here; the rule forbids it, and so do we.
    let mut g = game(Some("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"));
    g.play("d7d5").unwrap();
    assert!(!g.legal_coordinates().contains(&"e5d6".to_string()));
    let why = g.parse_move("exd6").unwrap_err().to_string();
    assert!(why.contains("may never face each other"), "{why}");
}

#[test]
fn the_en_passant_field_is_checked_as_in_chess() {
    // An en passant square with no pawn before it would let d4 "take en passant" on e3 and
    // remove the Kaiser on e4.
    let refused = new_game(VariantId::Empire, Some("k7/8/8/8/3pK3/8/8/8 b - e3 0 1"));
    assert_eq!(
        refused.err().map(|e| e.to_string()),
        Some(
            "bad position text, field 4 (en passant): e3: expected an empty square on rank 3 behind a pawn that just advanced two"
                .into()
        )
    );
    for text in [
        "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - e3 0 1",
        "4k3/8/8/8/3pP3/4P3/8/4K3 b - e3 0 1",
    ] {
        let refused = new_game(VariantId::Empire, Some(text));
        assert!(
            refused.is_err_and(|e| e.to_string().contains("field 4 (en passant)")),
            "{text}"
        );
    }
    // A Kingdom pawn's double step is written and read back, and can be taken.
    let mut g = game(Some("4k3/3p4/8/4P3/8/8/8/3K4 b - - 0 1"));
    g.play("d7d5").unwrap();
    assert_eq!(g.position_text(), "4k3/8/8/3pP3/8/8/8/3K4 w - d6 0 2");
    let again = game(Some(&g.position_text()));
    assert!(again.legal_coordinates().contains(&"e5d6".to_string()));
}

#[test]
fn imperial_pieces_slide_like_queens_but_capture_their_own_way() {
    // The Tower on a1 slides diagonally but captures only along a rank or file; the Eagle on
    // g1 captures only with a knight's leap.
    let g = game(Some("4k3/8/8/7K/r2n4/8/4p3/T5E1 w - - 0 1"));
    let moves = g.legal_coordinates();
    for m in ["a1a4", "a1b2", "a1c3", "g1e2", "g1f2", "g1h2"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    for m in ["a1d4", "a1e5", "a1a5", "g1f3"] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert_eq!(g.parse_move("Txa4").unwrap().san, "Txa4");
    assert_eq!(g.parse_move("Exe2").unwrap().san, "Exe2");
}

#[test]
fn campmate_wins_and_stalemate_loses() {
    let mut g = game(Some("8/3K4/8/7k/8/8/8/8 w - - 0 1"));
    g.play("Kd7-d8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Campmate
        })
    );
    assert!(g.legal_coordinates().is_empty());

    // Black to move has no legal move and is not in check: Black loses.
    let stalemate = game(Some("k7/2D5/1K6/8/8/8/8/8 b - - 0 1"));
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn the_empire_cannot_castle_and_the_third_repetition_loses() {
    let refused = new_game(VariantId::Empire, Some("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    assert!(refused.is_err_and(|e| e.to_string().contains("only Black castles")));
    let mut g = game(None);
    for m in "Eb1-b2 Nb8-c6 Eb2-b1 Nc6-b8 Eb1-b2 Nb8-c6 Eb2-b1".split_whitespace() {
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.play("Nc6-b8").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Repetition
        })
    );
}

#[test]
fn the_empire_is_drawn_in_gold() {
    let gold_pixels = |variant: VariantId| {
        let g = new_game(variant, None).unwrap();
        let image = herald::render::render(
            &herald::render::Scene::of(&g.board()),
            herald::render::Options::default(),
        );
        // Count gold pixels on White's back rank.
        let layout = image.layout;
        let (x0, y0) = layout.origin("a1".parse().unwrap());
        let q = layout.square as u32;
        (0..q * 8)
            .flat_map(|dx| (0..q).map(move |dy| (dx, dy)))
            .filter(|&(dx, dy)| {
                let [r, g, b] = image.pixel(x0 as u32 + dx, y0 as u32 + dy);
                r > 200 && g > 150 && b < 100
            })
            .count()
    };
    assert!(gold_pixels(VariantId::Empire) > 5000);
    assert_eq!(gold_pixels(VariantId::Chess), 0);
}
