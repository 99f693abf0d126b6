//! perft(5) of the chess start position, Herald's generic core against shakmaty's bitboards,
//! side by side in one run: `cargo bench --bench perft`.

use std::time::Instant;

use herald::rules::{new_game, VariantId};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

fn main() {
    let depth = 5;
    let runs = 5;
    let herald_game = new_game(VariantId::Chess, None).expect("the start position");
    let shakmaty_pos = shakmaty::Chess::default();
    let mut herald_times = Vec::new();
    let mut shakmaty_times = Vec::new();
    let mut nodes = (0, 0);
    for _ in 0..runs {
        let t = Instant::now();
        nodes.0 = herald_game.perft(depth);
        herald_times.push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        nodes.1 = shakmaty::perft(&shakmaty_pos, depth);
        shakmaty_times.push(t.elapsed().as_secs_f64());
    }
    assert_eq!(nodes.0, nodes.1, "the two engines disagree");
    let (h, s) = (median(herald_times), median(shakmaty_times));
    println!(
        "chess perft({depth}) from the start, {} leaves, median of {runs}:",
        nodes.0
    );
    println!(
        "  herald    {:.3} s  {:.2} M leaves/s",
        h,
        nodes.0 as f64 / h / 1e6
    );
    println!(
        "  shakmaty  {:.3} s  {:.2} M leaves/s",
        s,
        nodes.1 as f64 / s / 1e6
    );
    println!("  herald takes {:.1}x shakmaty's time", h / s);
}
