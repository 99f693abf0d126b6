//! Board images: a rules-level snapshot ([`BoardView`], the last move, optionally one piece's
//! moves) in, a PNG out. Reads no database and calls no Discord API; knows no variant, only
//! the shapes the rules report (emblems, zones, special squares).
//!
//! [`BoardView`]: crate::rules::BoardView

mod board;
pub mod chart;
pub mod layout;
mod overlays;
mod panel;
mod pieces;
mod png;
mod scene;
mod text;
pub mod theme;

use tiny_skia::Pixmap;

use crate::rules::{AnyGame, Square};
use layout::Layout;

pub use png::{Image, RenderError};
pub use scene::{outcome_line, snapshot, Focus, Scene};

/// How to draw: the image width in pixels and which side is at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub width: u32,
    /// Draw the board from Black's side.
    pub flip: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            width: 1000,
            flip: false,
        }
    }
}

/// Renders a game as a PNG: the position, the last move highlighted, the result if it is over,
/// and with `piece` the moves of the piece on that square.
pub fn render_game(
    game: &dyn AnyGame,
    piece: Option<Square>,
    options: Options,
) -> Result<Vec<u8>, RenderError> {
    let (board, last, focus) = snapshot(game, piece);
    let scene = Scene {
        board: &board,
        last_move: if focus.is_some() { None } else { last.as_ref() },
        focus: focus.as_ref(),
        status: scene::outcome_line(game),
    };
    render(&scene, options).png()
}

/// Draws a scene.
pub fn render(scene: &Scene, options: Options) -> Image {
    let view = scene.board;
    let layout = Layout::new(view.files, view.ranks, options.width, options.flip);
    let mut pixmap = Pixmap::new(layout.width, layout.height).expect("the image has a size");
    board::draw(&mut pixmap, &layout, scene);
    panel::draw(&mut pixmap, &layout, scene);
    Image { pixmap, layout }
}
