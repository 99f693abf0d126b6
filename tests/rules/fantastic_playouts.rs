//! Fantastic XIII over seeded random playouts from the start: position texts read back to the
//! same text and moves, every move's SAN and coordinate forms parse back to it, perft equals
//! the sum of divide, and nothing panics on a reachable position.

use crate::support::seeded::Seeded;
use herald::rules::{new_game, AnyGame, VariantId};

/// What the position text cannot say: whether a King standing on its home square has moved
/// (it then has no jump, but a text read back gives it one).
#[derive(Default)]
struct KingsMoved([bool; 2]);

/// Plays a random game; captures and promotions are preferred half of the time so the games
/// reach the rules that need contact.
fn playout(
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&dyn AnyGame, &KingsMoved, &mut Seeded),
) -> Box<dyn AnyGame> {
    let mut rng = Seeded::new(seed);
    let mut game = new_game(VariantId::Fantastic, None).expect("start position");
    let mut moved = KingsMoved::default();
    for _ in 0..plies {
        check(&*game, &moved, &mut rng);
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let forcing: Vec<_> = moves
            .iter()
            .filter(|m| m.marks.captures || m.san.contains('='))
            .collect();
        let pick = if !forcing.is_empty() && rng.below(2) == 0 {
            forcing[rng.below(forcing.len())].clone()
        } else {
            moves[rng.below(moves.len())].clone()
        };
        if pick.san.starts_with('K') {
            moved.0[game.turn().index()] = true;
        }
        game.play(&pick.coordinate)
            .unwrap_or_else(|e| panic!("seed {seed}: {} rejected: {e}", pick.coordinate));
    }
    check(&*game, &moved, &mut rng);
    game
}

#[test]
fn position_texts_round_trip() {
    for seed in 0..20 {
        playout(seed, 200, |game, moved, _| {
            let text = game.position_text();
            let again = new_game(VariantId::Fantastic, Some(&text))
                .unwrap_or_else(|e| panic!("seed {seed}: {text} does not read back: {e}"));
            assert_eq!(again.position_text(), text, "seed {seed}");
            let king_home_after_moving = (0..2).any(|i| {
                let (home, letter) = [("g1", 'K'), ("g13", 'k')][i];
                moved.0[i]
                    && game
                        .board()
                        .pieces
                        .iter()
                        .any(|(sq, p)| sq.to_string() == home && p.letter == letter)
            });
            if game.outcome().is_none() && !king_home_after_moving {
                assert_eq!(
                    again.legal_coordinates(),
                    game.legal_coordinates(),
                    "seed {seed}: {text}"
                );
            }
        });
    }
}

#[test]
fn every_move_parses_back_from_its_san_and_coordinates() {
    for seed in 100..112 {
        playout(seed, 160, |game, _, rng| {
            let moves = game.legal_moves();
            for (i, mv) in moves.iter().enumerate() {
                let special = mv.marks.captures || mv.san.contains('=');
                if !special && rng.below(moves.len()) >= 6 && i != 0 {
                    continue;
                }
                for text in [mv.san.as_str(), mv.coordinate.as_str()] {
                    let parsed = game.parse_move(text).unwrap_or_else(|e| {
                        panic!(
                            "seed {seed}: {text} ({}) does not parse: {e}\n{}",
                            mv.description,
                            game.position_text()
                        )
                    });
                    assert_eq!(parsed.coordinate, mv.coordinate, "seed {seed}: {text}");
                }
            }
        });
    }
}

#[test]
fn replaying_in_san_gives_the_same_position() {
    for seed in 300..306 {
        let mut sans = Vec::new();
        let game = playout(seed, 160, |_, _, _| {});
        let mut replay = new_game(VariantId::Fantastic, None).unwrap();
        let mut walk = new_game(VariantId::Fantastic, None).unwrap();
        for mv in game.moves_played() {
            let info = walk.play(&mv).unwrap();
            sans.push(info.san);
        }
        for san in &sans {
            replay
                .play(san)
                .unwrap_or_else(|e| panic!("seed {seed}: {san}: {e}"));
        }
        assert_eq!(replay.position_text(), game.position_text(), "seed {seed}");
        assert_eq!(replay.outcome(), game.outcome(), "seed {seed}");
    }
}

#[test]
fn perft_equals_the_sum_of_divide_along_playouts() {
    for seed in 400..406 {
        playout(seed, 80, |game, _, rng| {
            if rng.below(12) != 0 {
                return;
            }
            let divide = game.divide(2);
            let sum: u64 = divide.iter().map(|(_, n)| n).sum();
            assert_eq!(sum, game.perft(2), "seed {seed}: {}", game.position_text());
            assert_eq!(divide.len(), game.legal_coordinates().len());
        });
    }
}

#[test]
fn playouts_reach_promotions_en_passant_and_king_jumps() {
    let (mut promotions, mut en_passant, mut jumps) = (0, 0, 0);
    for seed in 500..530 {
        playout(seed, 250, |game, _, _| {
            for mv in game.legal_moves() {
                promotions += mv.san.contains('=') as u32;
                en_passant += mv.description.contains("en passant") as u32;
                jumps += mv.description.contains("jumps") as u32;
            }
        });
    }
    assert!(
        promotions > 0 && en_passant > 0 && jumps > 0,
        "{promotions} {en_passant} {jumps}"
    );
}
