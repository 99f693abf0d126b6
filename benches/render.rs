//! Drawing and PNG encoding of a crowded Epoch middlegame with its last move, medians, and
//! the PNG's size: `cargo bench --bench render -- --samples 50 --size 1000`.

mod common;

use std::time::Instant;

use common::{median, Args, EPOCH_MIDGAME};
use herald::render::{render, snapshot, Options, Scene};
use herald::rules::{new_game, VariantId};

fn main() {
    let args = Args::read();
    let samples = args.number("samples", 50, 1);
    let width = args.number("size", 1000, 1000);
    let mut game = new_game(VariantId::Epoch, Some(EPOCH_MIDGAME)).expect("the middlegame");
    if let Some(m) = game.legal_moves().into_iter().find(|m| m.marks.captures) {
        game.play(&m.coordinate).expect("a legal capture");
    }
    let (board, last, _) = snapshot(&*game, None);
    let scene = Scene {
        board: &board,
        last_move: last.as_ref(),
        focus: None,
        status: None,
    };
    let options = Options { width, flip: false };
    // The first render fills the sprite cache; a running bot pays that once.
    let mut png = render(&scene, options).png().expect("a PNG");
    let (mut draw, mut encode, mut total) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..samples {
        let t = Instant::now();
        let image = render(&scene, options);
        let drawn = t.elapsed().as_secs_f64();
        png = image.png().expect("a PNG");
        let all = t.elapsed().as_secs_f64();
        draw.push(drawn);
        encode.push(all - drawn);
        total.push(all);
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
}
