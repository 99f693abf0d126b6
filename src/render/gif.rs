//! A game as an animated GIF: the start position, then a frame per ply with its move marked,
//! the result on the last frame and a longer pause there before the replay loops. The panel
//! under the board is one line, written on the last frame only.
//!
//! Fast and small the way lichess's GIF export is: every frame is in the one fixed palette
//! (so there is a single global colour table and no quantising), and each frame after the
//! first holds only the rectangle that changed since the one before, with the pixels that did
//! not change inside it left transparent (long runs of one index, which LZW packs to little).
//! Each frame's transparent index is one its changed pixels do not use: the `gift` encoder
//! cannot take index 255 (it counts the largest index plus one in a byte), and the palette's
//! colours never use it.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use ::gift::block::{
    Application, ColorTableConfig, ColorTableExistence, ColorTableOrdering, DisposalMethod,
    GlobalColorTable, GraphicControl, Header, ImageData, ImageDesc, LogicalScreenDesc, Trailer,
};

use super::layout::Layout;
use super::palette::{palette, COLOURS};
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

/// Eight pixels as one number, the first in the lowest byte.
fn word(pixels: &[u8]) -> u64 {
    u64::from_le_bytes(pixels.try_into().unwrap_or_default())
}

/// Where two rows of pixels of one length first differ, read eight pixels at a time.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let words = a.chunks_exact(8).zip(b.chunks_exact(8));
    for (i, (p, q)) in words.enumerate() {
        let x = word(p) ^ word(q);
        if x != 0 {
            return Some(i * 8 + x.trailing_zeros() as usize / 8);
        }
    }
    (a.len() / 8 * 8..a.len()).find(|&i| a[i] != b[i])
}

/// Where two rows of pixels of one length last differ, read eight pixels at a time.
fn last_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    let tail = a.len() / 8 * 8;
    if let Some(i) = (tail..a.len()).rev().find(|&i| a[i] != b[i]) {
        return Some(i);
    }
    let words = a[..tail].chunks_exact(8).zip(b[..tail].chunks_exact(8));
    for (i, (p, q)) in words.enumerate().rev() {
        let x = word(p) ^ word(q);
        if x != 0 {
            return Some(i * 8 + 7 - x.leading_zeros() as usize / 8);
        }
    }
    None
}

/// The smallest rectangle (left, top, width, height) holding every pixel that differs.
fn changed(prev: &[u8], next: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let rows = prev.chunks_exact(width).zip(next.chunks_exact(width));
    let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
    for (y, (a, b)) in rows.enumerate() {
        if a == b {
            continue;
        }
        let first = first_difference(a, b).unwrap_or(0);
        let last = last_difference(a, b).unwrap_or(0);
        top = top.min(y);
        bottom = y;
        left = left.min(first);
        right = right.max(last);
    }
    (top != usize::MAX).then(|| (left, top, right - left + 1, bottom - top + 1))
}

/// The pixels of `next` in the rectangle (left, top, width, height) of two frames `width`
/// wide, with those unchanged since `prev` set to an index that no changed pixel uses, and that
/// index (none when the changed pixels use every colour, never seen: the rectangle whole).
fn difference(
    prev: &[u8],
    next: &[u8],
    width: usize,
    (x, y, w, h): (usize, usize, usize, usize),
) -> (Vec<u8>, Option<u8>) {
    // Unchanged pixels are first marked with the one index no colour has, then given the
    // first free one, looked for from the last colour back (the board's own come first).
    const MARK: u8 = COLOURS as u8;
    let mut pixels = Vec::with_capacity(w * h);
    for row in y..y + h {
        let (a, b) = (&prev[row * width + x..][..w], &next[row * width + x..][..w]);
        pixels.extend(a.iter().zip(b).map(|(p, q)| if p == q { MARK } else { *q }));
    }
    let clear = (0..MARK).rev().find(|c| !pixels.contains(c));
    match clear {
        Some(c) => pixels
            .iter_mut()
            .filter(|p| **p == MARK)
            .for_each(|p| *p = c),
        None => {
            pixels.clear();
            for row in y..y + h {
                pixels.extend_from_slice(&next[row * width + x..][..w]);
            }
        }
    }
    (pixels, clear)
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
    // Frame `i`'s blocks, LZW-packed: the whole first image, then what changed since frame
    // `i - 1`.
    let pack = |i: usize, prev: Option<&[u8]>, data: &[u8]| {
        let delay = if i + 1 == stills.len() {
            timing.last
        } else {
            timing.ply
        };
        match prev {
            None => frame((0, 0, w, h), data.to_vec(), None, delay),
            Some(prev) => {
                // Nothing changed (a swap of sides): a one-pixel frame carries the pause.
                let (x, y, fw, fh) = changed(prev, data, w).unwrap_or((0, 0, 1, 1));
                let (buf, clear) = difference(prev, data, w, (x, y, fw, fh));
                frame((x, y, fw, fh), buf, clear, delay)
            }
        }
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
    let mut out = Vec::new();
    let mut blocks = ::gift::Encoder::new(&mut out).into_block_enc();
    let table = ColorTableConfig::new(
        ColorTableExistence::Present,
        ColorTableOrdering::NotSorted,
        256,
    );
    blocks.encode(Header::default())?;
    blocks.encode(
        LogicalScreenDesc::default()
            .with_screen_width(w as u16)
            .with_screen_height(h as u16)
            .with_color_table_config(table),
    )?;
    blocks.encode(GlobalColorTable::with_colors(&palette_bytes()))?;
    // Loops for ever.
    blocks.encode(Application::with_loop_count(0))?;
    for frame in packed {
        out.extend_from_slice(&frame?);
    }
    ::gift::Encoder::new(&mut out)
        .into_block_enc()
        .encode(Trailer::default())?;
    Ok(out)
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

/// A frame's blocks: its timing and transparent index, where it stands, and its pixels packed.
fn frame(
    (x, y, w, h): (usize, usize, usize, usize),
    pixels: Vec<u8>,
    transparent: Option<u8>,
    delay: u16,
) -> Result<Vec<u8>, ::gift::Error> {
    let mut control = GraphicControl::default();
    control.set_delay_time_cs(delay);
    control.set_disposal_method(DisposalMethod::Keep);
    control.set_transparent_color(transparent);
    let mut data = ImageData::new(0);
    *data.data_mut() = pixels;
    let mut out = Vec::with_capacity(w * h / 4);
    let mut blocks = ::gift::Encoder::new(&mut out).into_block_enc();
    blocks.encode(control)?;
    blocks.encode(
        ImageDesc::default()
            .with_left(x as u16)
            .with_top(y as u16)
            .with_width(w as u16)
            .with_height(h as u16),
    )?;
    blocks.encode(data)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{changed, difference, first_difference, last_difference};

    #[test]
    fn the_changed_rectangle_bounds_every_difference() {
        let a = vec![0u8; 20];
        let mut b = a.clone();
        assert_eq!(changed(&a, &b, 5), None);
        b[6] = 1; // (1, 1)
        b[13] = 2; // (3, 2)
        assert_eq!(changed(&a, &b, 5), Some((1, 1, 3, 2)));
    }

    #[test]
    fn unchanged_pixels_take_an_index_no_changed_pixel_uses() {
        // 3x2 frames; the rectangle is the right two columns.
        let prev = [5, 0, 1, 5, 7, 7];
        let next = [5, 0, 0, 5, 1, 7];
        let (pixels, clear) = difference(&prev, &next, 3, (1, 0, 2, 2));
        // The changed pixels use 0 and 1: the last colour's index is free.
        assert_eq!(clear, Some(254));
        assert_eq!(pixels, [254, 0, 1, 254]);
        // ... and when it is used, the one before it.
        let next = [5, 0, 254, 5, 1, 7];
        assert_eq!(
            difference(&prev, &next, 3, (1, 0, 2, 2)),
            (vec![253, 254, 1, 253], Some(253))
        );
        // Every colour changed at once: no index is free, and the pixels are written as they are.
        let prev: Vec<u8> = (0..255).map(|c| c + 1).collect();
        let next: Vec<u8> = (0..255).collect();
        assert_eq!(
            difference(&prev, &next, 255, (0, 0, 255, 1)),
            (next.clone(), None)
        );
    }

    #[test]
    fn rows_are_compared_to_the_pixel() {
        let a: Vec<u8> = (0..21).collect();
        for at in 0..21 {
            let mut b = a.clone();
            b[at] = 99;
            assert_eq!(first_difference(&a, &b), Some(at));
            assert_eq!(last_difference(&a, &b), Some(at));
        }
        let mut b = a.clone();
        (b[3], b[17]) = (99, 99);
        assert_eq!(
            (first_difference(&a, &b), last_difference(&a, &b)),
            (Some(3), Some(17))
        );
        assert_eq!(
            (first_difference(&a, &a), last_difference(&a, &a)),
            (None, None)
        );
    }
}
