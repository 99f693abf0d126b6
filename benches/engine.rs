//! The engine's speed: nodes per second from each variant's start position (a search of
//! `--movetime` ms, default 2000), the time `/review` takes over a game of `--plies` plies
//! (default 100, the engine against itself) at each variant's review depth (or `--depth`),
//! and the depth reached from the Epoch start in 1 s and in 10 s:
//! `cargo bench --bench engine -- [--variant V] [--movetime MS] [--plies N] [--depth D]`.
//! Under `cargo test` it searches each start for 20 ms, reviews ten plies at depth 1 and
//! skips the long Epoch runs.

mod common;

use std::sync::atomic::AtomicBool;

use common::seeded::seeded_game;
use common::Args;
use herald::engine::{review, search, Limits};
use herald::rules::{new_game, VariantId};

fn run(variant: VariantId, ms: u64) -> herald::engine::SearchResult {
    let game = new_game(variant, None).expect("the start position");
    let stop = AtomicBool::new(false);
    let found = search(&*game, Limits::movetime(ms), &stop).expect("the start has moves");
    assert!(game.legal_coordinates().contains(&found.mv));
    found
}

fn main() {
    let args = Args::read();
    let ms = args.number("movetime", 2000, 20);
    let variants: Vec<VariantId> = match args.text("variant") {
        Some(v) => vec![v.parse().unwrap_or_else(|e: String| panic!("{e}"))],
        None => VariantId::ALL.to_vec(),
    };
    for &v in &variants {
        let found = run(v, ms);
        let secs = found.time.as_secs_f64().max(1e-9);
        println!(
            "{}: {} nodes in {} ms, {:.0} nodes per second, depth {}, move {}",
            v.title(),
            found.nodes,
            found.time.as_millis(),
            found.nodes as f64 / secs,
            found.depth,
            found.mv
        );
    }
    let plies = args.number("plies", 100, 10);
    for &v in &variants {
        let depth = args.number("depth", review::depth(v), 1);
        review_timing(v, plies, depth);
    }
    if args.smoke {
        return;
    }
    for ms in [1000, 10_000] {
        let found = run(VariantId::Epoch, ms);
        println!(
            "Chess 13: Epoch from the start in {ms} ms: depth {}, {} nodes, move {}, score {}",
            found.depth, found.nodes, found.mv, found.score
        );
    }
}

/// A review of a game of `plies` plies (shorter if it ends first) at `depth`: its time, and
/// the marks it gave. The game opens with six seeded random plies, then the engine plays
/// both sides at depth 2: a game with the ups and downs of a real one, the same every run.
fn review_timing(variant: VariantId, plies: usize, depth: u32) {
    let mut game = new_game(variant, None).expect("the start position");
    for mv in seeded_game(variant, 16, plies.min(6)) {
        game.play(&mv).expect("a seeded move is legal");
    }
    let stop = AtomicBool::new(false);
    while game.moves_played().len() < plies {
        let Some(found) = search(&*game, Limits::depth(2), &stop) else {
            break;
        };
        game.play(&found.mv).expect("the engine's move is legal");
    }
    let started = std::time::Instant::now();
    let judged = review::review(&*game, depth, &AtomicBool::new(false));
    let took = started.elapsed();
    assert_eq!(judged.plies.len(), game.moves_played().len());
    let marked = judged.plies.iter().filter(|p| p.mark.is_some()).count();
    println!(
        "{}: review of {} plies at depth {depth} in {} ms ({:.0} ms a position), {marked} moves marked",
        variant.title(),
        judged.plies.len(),
        took.as_millis(),
        took.as_secs_f64() * 1000.0 / (judged.plies.len() + 1) as f64,
    );
}
