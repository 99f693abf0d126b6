//! Legal-move generation and perft(3) of one variant, medians of repeated timings:
//! `cargo bench --bench rules -- --variant fantastic --samples 15`. The middlegame is
//! Epoch's busy one for Epoch, 40 seeded random plies from the start for the others.

mod common;

use std::time::Instant;

use common::{median, seeded::seeded_game, Args, EPOCH_MIDGAME};
use herald::rules::{new_game, AnyGame, VariantId};

fn midgame(variant: VariantId) -> Box<dyn AnyGame> {
    if variant == VariantId::Epoch {
        return new_game(variant, Some(EPOCH_MIDGAME)).expect("the middlegame reads");
    }
    let mut game = new_game(variant, None).expect("the start position");
    // The moves come from the legal lists, so each one plays.
    for mv in seeded_game(variant, 7, 40) {
        game.play(&mv).expect("a legal move");
    }
    game
}

fn bench(variant: VariantId, samples: usize, rounds: usize) {
    let start = new_game(variant, None).expect("the start position");
    let midgame = midgame(variant);
    println!("{}:", variant.title());
    for (name, game) in [("start", &start), ("midgame", &midgame)] {
        let n_moves = game.legal_coordinates().len();
        let times: Vec<f64> = (0..samples)
            .map(|_| {
                let t = Instant::now();
                for _ in 0..rounds {
                    std::hint::black_box(game.perft(1));
                }
                t.elapsed().as_secs_f64() / rounds as f64
            })
            .collect();
        println!(
            "  legal-move generation, {name} ({n_moves} moves): median {:.1} us",
            median(times) * 1e6
        );
    }
    let mut leaves = 0;
    let times: Vec<f64> = (0..samples.clamp(1, 9))
        .map(|_| {
            let t = Instant::now();
            leaves = start.perft(3);
            t.elapsed().as_secs_f64()
        })
        .collect();
    let m = median(times);
    println!(
        "  perft(3) from the start: {leaves} leaves, median {m:.3} s, {:.2} million leaves per second",
        leaves as f64 / m / 1e6
    );
}

fn main() {
    let args = Args::read();
    let samples = args.number("samples", 15, 1);
    let rounds = if args.smoke { 1 } else { 2000 };
    let variants: Vec<VariantId> = match args.text("variant") {
        Some(v) => vec![v.parse().unwrap_or_else(|e: String| panic!("{e}"))],
        None if args.smoke => VariantId::ALL.to_vec(),
        None => vec![VariantId::Epoch],
    };
    for v in variants {
        bench(v, samples, rounds);
    }
}
