//! Drawing and encoding board images, medians and sizes:
//! `cargo bench --bench render -- --samples 50 --size 1000 --gif-size 600 --plies 100`.
//!
//! - a still of a crowded Epoch middlegame with its last move, drawn and encoded as a PNG by
//!   the `png` crate, and the same image under each filter and compression Herald could
//!   choose, side by side on each sample;
//! - a seeded Epoch game of `--plies` plies as an animated GIF, Herald's way (the fixed
//!   palette, only the changed rectangle per frame); with `--gif-moves FILE`, the chess game
//!   whose moves the file lists instead (one coordinate move a line; `benches/fixtures/
//!   chess-100.uci` is the 100-ply game docs/benchmarks.md compares with lichess's GIFs);
//! - for comparison, the first frames of that GIF through `image`'s GIF encoder (each frame
//!   quantised anew, whole frames), per frame and extrapolated to the game.

mod common;

use std::time::Instant;

use common::seeded::seeded_game;
use common::{median, Args, EPOCH_MIDGAME};
use herald::render::{render, render_gif, snapshot, Options, Scene, Timing, COMPRESSION, FILTER};
use herald::rules::{new_game, AnyGame, VariantId};

fn main() {
    let args = Args::read();
    let samples = args.number("samples", 50, 1);
    let width = args.number("size", 1000, 1000);
    still(samples, width);
    // `--gif-samples 0` measures the still alone.
    let gif_samples = args.number("gif-samples", (samples / 10).max(1), 1);
    if gif_samples == 0 {
        return;
    }
    let plies = args.number("plies", 100, 6);
    let gif_width = args.number("gif-size", 600, 600);
    let game = match args.text("gif-moves") {
        Some(path) => chess_game(path),
        None => seeded(plies),
    };
    animation(&*game, gif_samples, gif_width);
    with_image_crate(&*game, args.number("image-frames", 4, 1).max(1), gif_width);
}

fn still(samples: usize, width: u32) {
    let mut game = new_game(VariantId::Epoch, Some(EPOCH_MIDGAME)).expect("the middlegame");
    if let Some(m) = game.legal_moves().into_iter().find(|m| m.marks.captures) {
        game.play(&m.coordinate).expect("a legal capture");
    }
    let (board, last, _) = snapshot(&*game, None);
    let scene = Scene {
        last_move: last.as_ref(),
        ..Scene::of(&board)
    };
    let options = Options { width, flip: false };
    // The first render fills the sprite cache and the palette; a running bot pays that once.
    let mut png = render(&scene, options).png().expect("a PNG");
    let (mut draw, mut encode, mut total) = (Vec::new(), Vec::new(), Vec::new());
    // The filters and compressions Herald could choose, each timed on the same image on every
    // sample, in an order that turns so none always finds the indices warmest.
    let mut candidates: Vec<(png::Filter, png::Compression, Vec<f64>, usize)> = [
        (png::Filter::Paeth, png::Compression::Fast),
        (png::Filter::Adaptive, png::Compression::Fast),
        (png::Filter::Up, png::Compression::Fast),
        (png::Filter::Paeth, png::Compression::Balanced),
        (png::Filter::Adaptive, png::Compression::Balanced),
    ]
    .into_iter()
    .map(|(f, c)| (f, c, Vec::new(), 0))
    .collect();
    for i in 0..samples {
        let t = Instant::now();
        let image = render(&scene, options);
        let drawn = t.elapsed().as_secs_f64();
        let t = Instant::now();
        png = image.png().expect("a PNG");
        let encoded = t.elapsed().as_secs_f64();
        draw.push(drawn);
        encode.push(encoded);
        total.push(drawn + encoded);
        let n = candidates.len();
        for k in 0..n {
            let (filter, compression, times, bytes) = &mut candidates[(i + k) % n];
            let t = Instant::now();
            *bytes = image.png_with(*filter, *compression).expect("a PNG").len();
            times.push(t.elapsed().as_secs_f64());
        }
    }
    let image = render(&scene, options);
    println!(
        "render {}x{} crowded middlegame ({} pieces): median draw {:.2} ms, encode {:.2} ms, total {:.2} ms; PNG {} bytes",
        image.width(),
        image.height(),
        board.pieces.len(),
        median(draw) * 1e3,
        median(encode) * 1e3,
        median(total) * 1e3,
        png.len()
    );
    for (filter, compression, times, bytes) in candidates {
        let chosen = filter == FILTER && format!("{compression:?}") == format!("{COMPRESSION:?}");
        println!(
            "  encode with {filter:?} and {compression:?}: median {:.2} ms; PNG {bytes} bytes{}",
            median(times) * 1e3,
            if chosen { " (Herald's)" } else { "" }
        );
    }
}

/// The scene of each of the first `count` positions of an Epoch game (the start, then after
/// each move), with its last move marked, as the GIF's frames show them.
fn frames(game: &dyn AnyGame, count: usize, mut each: impl FnMut(&Scene)) {
    let mut replay = new_game(game.variant(), None).expect("the start");
    let moves = game.moves_played();
    for i in 0..count.min(moves.len() + 1) {
        if i > 0 {
            replay.play(&moves[i - 1]).expect("a replayed move");
        }
        let (board, last, _) = snapshot(&*replay, None);
        each(&Scene {
            last_move: last.as_ref(),
            ..Scene::of(&board)
        });
    }
}

/// A seeded Epoch game of up to `plies` plies from the start.
fn seeded(plies: usize) -> Box<dyn AnyGame> {
    let mut game = new_game(VariantId::Epoch, None).expect("the start");
    for mv in seeded_game(VariantId::Epoch, 18, plies) {
        game.play(&mv).expect("a replayed move");
    }
    game
}

/// The chess game whose coordinate moves a file lists, one a line.
fn chess_game(path: &str) -> Box<dyn AnyGame> {
    let moves = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut game = new_game(VariantId::Chess, None).expect("the start");
    for mv in moves.split_whitespace() {
        game.play(mv)
            .unwrap_or_else(|e| panic!("{path}: {mv}: {e}"));
    }
    game
}

fn animation(game: &dyn AnyGame, samples: usize, width: u32) {
    let options = Options { width, flip: false };
    let timing = Timing::default();
    let mut gif = render_gif(game, None, options, timing).expect("a GIF");
    let mut times = Vec::new();
    for _ in 0..samples {
        let t = Instant::now();
        gif = render_gif(game, None, options, timing).expect("a GIF");
        times.push(t.elapsed().as_secs_f64());
    }
    // The share of drawing and of mapping to the palette: the same frames, one by one.
    let (mut draw, mut index) = (0.0, 0.0);
    let moves = game.moves_played();
    frames(game, moves.len() + 1, |scene| {
        let t = Instant::now();
        let image = render(scene, options);
        draw += t.elapsed().as_secs_f64();
        let t = Instant::now();
        std::hint::black_box(image.indexed());
        index += t.elapsed().as_secs_f64();
    });
    println!(
        "gif {width} px ({}), {} plies ({} frames): median {:.1} ms (of which drawing {:.1} ms, palette indices {:.1} ms); GIF {}x{}, {} bytes",
        game.variant().title(),
        moves.len(),
        moves.len() + 1,
        median(times) * 1e3,
        draw * 1e3,
        index * 1e3,
        u16::from_le_bytes([gif[6], gif[7]]),
        u16::from_le_bytes([gif[8], gif[9]]),
        gif.len()
    );
}

/// The same frames through `image::codecs::gif`, which quantises each RGBA frame itself.
fn with_image_crate(game: &dyn AnyGame, count: usize, width: u32) {
    use image::codecs::gif::GifEncoder;
    use image::{Frame, RgbaImage};
    let options = Options { width, flip: false };
    let mut images = Vec::new();
    let moves = game.moves_played();
    frames(game, count, |scene| {
        let image = render(scene, options);
        let (w, h) = (image.width(), image.height());
        let rgba: Vec<u8> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .flat_map(|(x, y)| {
                let [r, g, b] = image.pixel(x, y);
                [r, g, b, 255]
            })
            .collect();
        images.push(RgbaImage::from_raw(w, h, rgba).expect("a frame"));
    });
    let t = Instant::now();
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut out, 10);
        for image in &images {
            encoder
                .encode_frame(Frame::new(image.clone()))
                .expect("a frame");
        }
    }
    let per = t.elapsed().as_secs_f64() / images.len() as f64;
    let all = moves.len() + 1;
    println!(
        "gif through image::codecs::gif (speed 10), {} frames: {:.1} ms a frame, so {:.0} ms for {all} frames; {} bytes a frame",
        images.len(),
        per * 1e3,
        per * all as f64 * 1e3,
        out.len() / images.len()
    );
}
