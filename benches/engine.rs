//! The engine's speed: nodes per second from each variant's start position (a search of
//! `--movetime` ms, default 2000), and the depth reached from the Epoch start in 1 s and in
//! 10 s: `cargo bench --bench engine -- [--variant V] [--movetime MS]`. Under `cargo test` it
//! searches each start for 20 ms and skips the long Epoch runs.

mod common;

use std::sync::atomic::AtomicBool;

use common::Args;
use herald::engine::{search, Limits};
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
    for v in variants {
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
