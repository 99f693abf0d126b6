//! Properties over seeded random playouts from the start: position texts round-trip, every
//! legal move's SAN and coordinate forms parse back to it, replaying a game's moves gives the
//! same position, and nothing panics on any reachable position.

use crate::support::seeded::Seeded;
use herald::rules::{new_game, AnyGame, VariantId};

/// Plays a random game; captures, blasts and promotions are preferred half of the time so
/// the games reach the rules that need contact.
fn playout(
    seed: u64,
    plies: usize,
    mut check: impl FnMut(&dyn AnyGame, &mut Seeded),
) -> Box<dyn AnyGame> {
    let mut rng = Seeded::new(seed);
    let mut game = new_game(VariantId::Epoch, None).expect("start position");
    for _ in 0..plies {
        check(&*game, &mut rng);
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let forcing: Vec<_> = moves
            .iter()
            .filter(|m| m.marks.captures || m.coordinate.len() > 5 || m.san.contains('='))
            .collect();
        let pick = if !forcing.is_empty() && rng.below(2) == 0 {
            forcing[rng.below(forcing.len())].clone()
        } else {
            moves[rng.below(moves.len())].clone()
        };
        game.play(&pick.coordinate)
            .unwrap_or_else(|e| panic!("seed {seed}: {} rejected: {e}", pick.coordinate));
    }
    check(&*game, &mut rng);
    game
}

#[test]
fn position_texts_round_trip() {
    for seed in 0..24 {
        playout(seed, 160, |game, _| {
            let text = game.position_text();
            let again = new_game(VariantId::Epoch, Some(&text))
                .unwrap_or_else(|e| panic!("seed {seed}: {text} does not read back: {e}"));
            assert_eq!(again.position_text(), text, "seed {seed}");
            if game.outcome().is_none() {
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
    for seed in 100..116 {
        playout(seed, 140, |game, rng| {
            let moves = game.legal_moves();
            // Every special move, and a few ordinary ones, at each ply.
            for (i, mv) in moves.iter().enumerate() {
                let special = mv.marks.captures || mv.san.contains(['=', '*', 'O']);
                if !special && rng.below(moves.len()) >= 4 && i != 0 {
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
fn replaying_the_moves_gives_the_same_position() {
    for seed in 200..220 {
        let game = playout(seed, 180, |_, _| {});
        let mut replay = new_game(VariantId::Epoch, None).unwrap();
        for mv in game.moves_played() {
            replay.play(&mv).unwrap();
        }
        assert_eq!(replay.position_text(), game.position_text(), "seed {seed}");
        assert_eq!(replay.outcome(), game.outcome(), "seed {seed}");
    }
}

#[test]
fn replaying_in_san_gives_the_same_position() {
    for seed in 300..310 {
        let mut sans = Vec::new();
        let mut game = new_game(VariantId::Epoch, None).unwrap();
        let mut rng = Seeded::new(seed);
        for _ in 0..150 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            sans.push(mv.san.clone());
            game.play(&mv.coordinate).unwrap();
        }
        let mut replay = new_game(VariantId::Epoch, None).unwrap();
        for san in &sans {
            replay
                .play(san)
                .unwrap_or_else(|e| panic!("seed {seed}: {san}: {e}"));
        }
        assert_eq!(replay.position_text(), game.position_text(), "seed {seed}");
    }
}

#[test]
fn perft_equals_the_sum_of_divide_along_playouts() {
    for seed in 400..406 {
        playout(seed, 60, |game, rng| {
            if rng.below(10) != 0 {
                return;
            }
            let divide = game.divide(2);
            let sum: u64 = divide.iter().map(|(_, n)| n).sum();
            assert_eq!(sum, game.perft(2), "seed {seed}: {}", game.position_text());
            assert_eq!(divide.len(), game.legal_coordinates().len());
        });
    }
}
