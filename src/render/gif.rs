//! A game as an animated GIF: the start position, then a frame per ply with its move marked,
//! the result on the last frame and a longer pause there before the replay loops. The panel
//! under the board is one line, written on the last frame only.
//!
//! Fast and small the way lichess's GIF export is: every frame is in the one fixed palette
//! (so there is a single global colour table and no quantising), and each frame after the
//! first holds only the rectangle that changed since the one before, with the pixels that did
//! not change inside it left transparent (long runs of one index, which LZW packs to little).

use std::borrow::Cow;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use ::gif::Frame;

use super::layout::Layout;
use super::palette::{palette, TRANSPARENT};
use super::scene::{result_line, start_board, taken, Players, Scene};
use super::{render_in, Options, RenderError};
use crate::rules::{new_game_with, AnyGame, BoardView, MoveMarks};

/// How long each position shows, in hundredths of a second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Every position but the last.
    pub ply: u16,
    /// The final position.
    pub last: u16,
}

impl Default for Timing {
    fn default() -> Self {
        Timing { ply: 80, last: 400 }
    }
}

/// The width of a GIF when none is asked for.
pub const GIF_WIDTH: u32 = 600;

/// One position of the replay.
struct Still {
    board: BoardView,
    last: Option<MoveMarks>,
}

/// The positions of a game from its start, one per ply; `None` when its start or one of its
/// moves no longer reads (the game was made by other rules).
fn positions(game: &dyn AnyGame) -> Option<Vec<Still>> {
    let mut replay =
        new_game_with(game.variant(), Some(&game.start_text()), game.options()).ok()?;
    let mut out = vec![Still {
        board: replay.board(),
        last: None,
    }];
    for mv in game.moves_played() {
        replay.play(&mv).ok()?;
        out.push(Still {
            board: replay.board(),
            last: replay.last_move(),
        });
    }
    Some(out)
}

/// The smallest rectangle (left, top, width, height) holding every pixel that differs.
fn changed(prev: &[u8], next: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = prev.chunks_exact(width).zip(next.chunks_exact(width));
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (a, b)) in rows.enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    (top != usize::MAX).then(|| (left, top, right - left + 1, bottom - top + 1))
}

/// Renders a game as an animated GIF, `options.width` pixels wide (the caller picks; the
/// command line's default is [`GIF_WIDTH`]), labelled with `players` when given.
pub fn render_gif(
    game: &dyn AnyGame,
    players: Option<&Players>,
    options: Options,
    timing: Timing,
) -> Result<Vec<u8>, RenderError> {
    let stills = match positions(game) {
        Some(stills) if !stills.is_empty() => stills,
        _ => vec![Still {
            board: game.board(),
            last: game.last_move(),
        }],
    };
    let start = start_board(game);
    // One panel line, blank until the last frame's result (or whose turn, if the game goes
    // on): what changes from a frame to the next is then only on and by the board, so the
    // changed rectangle stays small.
    let board = &stills[0].board;
    let layout = Layout::with_lines(board.files, board.ranks, options.width, options.flip, 1);
    let (w, h) = (layout.width as usize, layout.height as usize);
    let status = result_line(game, players);
    // The indexed pixels of frame `i`.
    let draw = |i: usize| {
        let still = &stills[i];
        let scene = Scene {
            last_move: still.last.as_ref(),
            status: if i + 1 == stills.len() {
                status.clone()
            } else {
                Some(String::new())
            },
            players,
            taken: start
                .as_ref()
                .map_or_else(Vec::new, |s| taken(s, &still.board)),
            ..Scene::of(&still.board)
        };
        let data = render_in(&scene, layout).indexed().to_vec();
        debug_assert_eq!(data.len(), w * h, "one size for every frame");
        data
    };
    // Frame `i`, LZW-packed: the whole first image, then what changed since frame `i - 1`.
    let pack = |i: usize, prev: Option<&[u8]>, data: &[u8]| {
        let delay = if i + 1 == stills.len() {
            timing.last
        } else {
            timing.ply
        };
        let mut frame = match prev {
            None => frame(0, 0, w, h, data.to_vec(), delay),
            Some(prev) => {
                // Nothing changed (a swap of sides): a one-pixel frame carries the pause.
                let (x, y, fw, fh) = changed(prev, data, w).unwrap_or((0, 0, 1, 1));
                let mut buf = Vec::with_capacity(fw * fh);
                for row in y..y + fh {
                    let (a, b) = (&prev[row * w + x..][..fw], &data[row * w + x..][..fw]);
                    buf.extend(
                        a.iter()
                            .zip(b)
                            .map(|(p, q)| if p == q { TRANSPARENT } else { *q }),
                    );
                }
                frame(x, y, fw, fh, buf, delay)
            }
        };
        frame.make_lzw_pre_encoded();
        frame
    };
    let packed = in_parallel(stills.len(), |range| {
        let mut prev = range.start.checked_sub(1).map(draw);
        range
            .map(|i| {
                let data = draw(i);
                let packed = pack(i, prev.as_deref(), &data);
                prev = Some(data);
                packed
            })
            .collect()
    });
    let mut encoder = ::gif::Encoder::new(Vec::new(), w as u16, h as u16, &palette_bytes())?;
    encoder.set_repeat(::gif::Repeat::Infinite)?;
    for frame in &packed {
        encoder.write_lzw_pre_encoded_frame(frame)?;
    }
    // Writes the trailer.
    Ok(encoder.into_inner()?)
}

/// What `work` gives for each of `0..n`, in order, the indices split in contiguous runs over
/// the machine's cores (a GIF's frames are drawn and packed independently, each run drawing
/// the frame before its first again to know what changed).
fn in_parallel<T: Send>(n: usize, work: impl Fn(Range<usize>) -> Vec<T> + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let threads = threads.min(n.div_ceil(RUN_AT_LEAST)).max(1);
    if threads == 1 {
        return work(0..n);
    }
    // A few runs per core, taken in turn, so that one slow run does not keep the others idle.
    let size = n.div_ceil(threads * 3).max(RUN_AT_LEAST);
    let next = AtomicUsize::new(0);
    let mut runs: Vec<(usize, Vec<T>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let start = next.fetch_add(1, Ordering::Relaxed) * size;
                        if start >= n {
                            break done;
                        }
                        done.push((start, work(start..(start + size).min(n))));
                    }
                })
            })
            .collect();
        let joined = workers.into_iter().map(|w| w.join());
        joined
            .flat_map(|done| done.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    });
    runs.sort_by_key(|run| run.0);
    runs.into_iter().flat_map(|run| run.1).collect()
}

/// The fewest frames a core is given: below that, starting a thread costs more than it saves.
const RUN_AT_LEAST: usize = 8;

fn palette_bytes() -> Vec<u8> {
    palette().rgb.concat()
}

fn frame(x: usize, y: usize, w: usize, h: usize, pixels: Vec<u8>, delay: u16) -> Frame<'static> {
    Frame {
        left: x as u16,
        top: y as u16,
        width: w as u16,
        height: h as u16,
        buffer: Cow::Owned(pixels),
        delay,
        dispose: ::gif::DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        ..Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::changed;

    #[test]
    fn the_changed_rectangle_bounds_every_difference() {
        let a = vec![0u8; 20];
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, 5), None);
        b[6] = 1; // (1, 1)
        b[13] = 2; // (3, 2)
        assert_eq!(changed(&a, &b, 5), Some((1, 1, 3, 2)));
    }
}
