//! Board images: a rules-level snapshot ([`BoardView`], the last move, optionally one piece's
//! moves) in, a PNG out; or a whole game in, an animated GIF out. Reads no database and calls no Discord API; knows no variant, only
//! the shapes the rules report (emblems, zones, special squares).
//!
//! [`BoardView`]: crate::rules::BoardView

mod blend;
mod board;
mod canvas;
pub mod chart;
pub mod crosstable;
pub mod eval_chart;
mod gif;
mod image;
pub mod layout;
mod overlays;
mod palette;
mod panel;
mod pieces;
mod scene;
mod text;
pub mod theme;

use crate::rules::{AnyGame, Square};
use layout::Layout;

pub use gif::{render_gif, Timing, GIF_WIDTH};
pub use image::{Image, RenderError, COMPRESSION, FILTER};
pub use scene::{outcome_line, snapshot, start_board, taken, Focus, Players, Scene, Taken};

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
/// and with `piece` the moves of the piece on that square. The sides are labelled with their
/// names ("White", "Light"); see [`render_game_with`] for players' labels.
pub fn render_game(
    game: &dyn AnyGame,
    piece: Option<Square>,
    options: Options,
) -> Result<Vec<u8>, RenderError> {
    render_game_with(game, piece, None, options)
}

/// [`render_game`] with a label by each side, e.g. `Players::new("alice 1523", "bob 1480")`.
pub fn render_game_with(
    game: &dyn AnyGame,
    piece: Option<Square>,
    players: Option<&Players>,
    options: Options,
) -> Result<Vec<u8>, RenderError> {
    let (board, last, focus) = snapshot(game, piece);
    let taken = start_board(game).map_or_else(Vec::new, |start| taken(&start, &board));
    let scene = Scene {
        board: &board,
        last_move: if focus.is_some() { None } else { last.as_ref() },
        focus: focus.as_ref(),
        status: scene::result_line(game, players),
        players,
        taken,
    };
    render(&scene, options).png()
}

/// Draws a scene.
pub fn render(scene: &Scene, options: Options) -> Image {
    let layout = Layout::for_view(scene.board, options.width, options.flip);
    render_in(scene, layout)
}

/// Draws a scene in a given layout.
fn render_in(scene: &Scene, layout: Layout) -> Image {
    let mut canvas = canvas::Canvas::new(layout.width, layout.height);
    board::draw(&mut canvas, &layout, scene);
    panel::draw(&mut canvas, &layout, scene);
    let (pixmap, index) = canvas.finish();
    Image {
        pixmap,
        index,
        layout,
    }
}
