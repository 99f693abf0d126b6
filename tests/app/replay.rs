//! The game as an animated GIF: a frame per ply and one for the start, each the same picture
//! as the still of its position above the panel, the panel blank but on the last frame, which
//! pauses longer and shows the result.

use crate::render::decode;
use crate::support::*;
use herald::render::layout::Layout;
use herald::render::{render_game, render_gif, theme, Options, Timing};
use herald::rules::{new_game, AnyGame, VariantId};
use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;

/// The frames of a GIF as whole RGB pictures, with their delays in milliseconds.
fn frames(gif: &[u8]) -> Vec<(u32, u32, Vec<u8>, u32)> {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
    decoder
        .into_frames()
        .map(|f| {
            let f = f.expect("a frame");
            let (n, d) = f.delay().numer_denom_ms();
            let buffer = f.into_buffer();
            let (w, h) = buffer.dimensions();
            let rgb = buffer.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
            (w, h, rgb, n / d.max(1))
        })
        .collect()
}

fn replayed(variant: VariantId, moves: &[String], plies: usize) -> Box<dyn AnyGame> {
    let mut game = new_game(variant, None).expect("the start");
    for mv in &moves[..plies] {
        play(&mut game, mv);
    }
    game
}

#[test]
fn a_gif_has_a_frame_per_ply_each_the_still_of_its_position() {
    let options = Options {
        width: 450,
        flip: false,
    };
    for (variant, seed) in [(VariantId::Epoch, 5), (VariantId::Chess, 9)] {
        let moves = seeded::seeded_game(variant, seed, 14);
        let game = replayed(variant, &moves, moves.len());
        let gif = render_gif(&*game, None, options, Timing::default()).expect("a GIF");
        let frames = frames(&gif);
        assert_eq!(
            frames.len(),
            moves.len() + 1,
            "{variant:?}: the start and each ply"
        );
        let (w, h, _, _) = frames[0];
        assert!(frames.iter().all(|f| (f.0, f.1) == (w, h)));
        assert_eq!(frames[0].3, 800);
        assert_eq!(
            frames.last().map(|f| f.3),
            Some(4000),
            "the last frame pauses"
        );
        let board = game.board();
        let layout = Layout::with_lines(board.files, board.ranks, 450, false, 1);
        assert_eq!((w, h), (layout.width, layout.height), "one panel line");
        // Composed, each frame is exactly the still of its position down to the panel: the
        // same palette, and the changed rectangles add up to the whole picture.
        let top = layout.panel_y as usize * w as usize * 3;
        let bg = [
            theme::BACKGROUND.0,
            theme::BACKGROUND.1,
            theme::BACKGROUND.2,
        ];
        for ply in [0, 1, moves.len() / 2, moves.len()] {
            let still =
                render_game(&*replayed(variant, &moves, ply), None, options).expect("a PNG");
            let (sw, _, rgb) = decode(&still);
            assert_eq!(sw, w);
            let frame = &frames[ply].2;
            let differing = (rgb[..top].chunks(3))
                .zip(frame[..top].chunks(3))
                .filter(|(a, b)| a != b)
                .count();
            assert_eq!(
                differing, 0,
                "{variant:?} ply {ply}: {differing} pixels differ"
            );
            let blank = frame[top..].chunks(3).all(|p| p == bg);
            assert_eq!(blank, ply < moves.len(), "{variant:?} ply {ply}: the panel");
        }
    }
}

#[test]
fn the_last_frame_of_a_finished_game_shows_the_result() {
    // Fool's mate: the last frame reads "Black wins", which an unfinished game's does not.
    let mut game = new_game(VariantId::Chess, None).expect("the start");
    let options = Options {
        width: 450,
        flip: false,
    };
    let mut unfinished = None;
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        unfinished = Some(render_gif(&*game, None, options, Timing::default()).expect("a GIF"));
        play(&mut game, mv);
    }
    assert!(game.outcome().is_some());
    let done = frames(&render_gif(&*game, None, options, Timing::default()).expect("a GIF"));
    let before = frames(&unfinished.expect("a GIF"));
    let (w, _, last, _) = done.last().expect("frames");
    let still = decode(&render_game(&*game, None, options).expect("a PNG")).2;
    let layout = Layout::for_view(&game.board(), 450, false);
    let top = layout.panel_y as usize * *w as usize * 3;
    assert_eq!(
        &still[..top],
        &last[..top],
        "the last frame is the finished game's still"
    );
    // The panel differs from the unfinished game's last frame, where it says whose turn.
    let panel = |rgb: &[u8]| rgb[top..].to_vec();
    assert_ne!(panel(last), panel(&before.last().expect("frames").2));
    let label = [theme::LABEL.0, theme::LABEL.1, theme::LABEL.2];
    assert!(
        panel(last).chunks(3).any(|p| p == label),
        "the result is written"
    );
}
