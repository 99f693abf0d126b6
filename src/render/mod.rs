//! Board images: a rules-level snapshot ([`BoardView`], the last move, optionally one piece's
//! moves) in, a PNG out. Reads no database and calls no Discord API; knows no variant, only
//! the shapes the rules report (emblems, zones, special squares).

pub mod layout;
mod overlays;
mod pieces;
mod text;
pub mod theme;

use tiny_skia::{Pixmap, Transform};

use crate::rules::{AnyGame, BoardView, Color, MoveMarks, Power, Square};
use layout::Layout;
use pieces::Look;
use theme::Rgba;

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

/// One piece's moves, for the moves-of-one-piece diagram.
#[derive(Clone, Debug)]
pub struct Focus {
    pub square: Square,
    pub moves: Vec<MoveMarks>,
}

/// Everything one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    pub board: &'a BoardView,
    pub last_move: Option<&'a MoveMarks>,
    pub focus: Option<&'a Focus>,
    /// Replaces the "White to move" line, e.g. with the result of a finished game.
    pub status: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] png::EncodingError),
}

/// A rendered image, opaque.
pub struct Image {
    pixmap: Pixmap,
    pub layout: Layout,
}

/// The 15-bit colour bucket of a pixel, for building the palette.
fn bucket(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)
}

impl Image {
    pub fn width(&self) -> u32 {
        self.pixmap.width()
    }

    pub fn height(&self) -> u32 {
        self.pixmap.height()
    }

    /// The colour at a pixel.
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        self.pixmap
            .pixel(x, y)
            .map_or([0; 3], |p| [p.red(), p.green(), p.blue()])
    }

    /// Encodes as an indexed-colour PNG. The palette is the 256 most used colours (counted in
    /// 15-bit buckets, each kept as the first exact colour met); the rarer anti-aliasing
    /// shades map to their nearest entry. A third of the data of RGB, so both smaller and
    /// faster to compress.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        let (palette, data) = self.indexed();
        let mut out = Vec::with_capacity(96 * 1024);
        {
            let mut encoder = png::Encoder::new(&mut out, self.width(), self.height());
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_depth(png::BitDepth::Eight);
            encoder.set_palette(palette.concat());
            encoder.set_compression(png::Compression::Fast);
            // Up suits the fast DEFLATE: rows repeat, and repeats filter to zeros.
            encoder.set_filter(png::Filter::Up);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&data)?;
            writer.finish()?;
        }
        Ok(out)
    }

    /// The palette and one index per pixel. The palette holds the most used colours, counted
    /// in 15-bit buckets on every third row (each bucket keeps the first exact colour met);
    /// other shades map to their nearest entry. Runs of one colour and rows repeating the row
    /// above are handled once, which is most of a board.
    fn indexed(&self) -> (Vec<[u8; 3]>, Vec<u8>) {
        // The image is opaque, so premultiplied colour equals straight colour.
        let pixels = self.pixmap.pixels();
        let width = self.width() as usize;
        let rgb = |p: tiny_skia::PremultipliedColorU8| [p.red(), p.green(), p.blue()];
        let key = |p: tiny_skia::PremultipliedColorU8| bucket(p.red(), p.green(), p.blue());

        let mut counts = vec![0u32; 1 << 15];
        let mut exact = vec![[0u8; 3]; 1 << 15];
        for row in pixels.chunks_exact(width).step_by(3) {
            let mut i = 0;
            while i < row.len() {
                let p = row[i];
                let mut j = i + 1;
                while j < row.len() && row[j] == p {
                    j += 1;
                }
                let k = key(p);
                if counts[k] == 0 {
                    exact[k] = rgb(p);
                }
                counts[k] += (j - i) as u32;
                i = j;
            }
        }
        let mut used: Vec<usize> = (0..counts.len()).filter(|&k| counts[k] > 0).collect();
        used.sort_unstable_by_key(|&k| std::cmp::Reverse(counts[k]));
        used.truncate(256);
        let palette: Vec<[u8; 3]> = used.iter().map(|&k| exact[k]).collect();
        const UNSET: u16 = u16::MAX;
        let mut index = vec![UNSET; 1 << 15];
        for (i, &k) in used.iter().enumerate() {
            index[k] = i as u16;
        }
        let nearest = |c: [u8; 3]| -> u16 {
            let mut best = (u32::MAX, 0);
            for (i, p) in palette.iter().enumerate() {
                let d: u32 = (0..3)
                    .map(|j| (c[j] as i32 - p[j] as i32).unsigned_abs().pow(2))
                    .sum();
                if d < best.0 {
                    best = (d, i);
                }
            }
            best.1 as u16
        };

        let mut data = vec![0u8; pixels.len()];
        for (y, row) in pixels.chunks_exact(width).enumerate() {
            let start = y * width;
            if y > 0 && pixels[start - width..start] == *row {
                data.copy_within(start - width..start, start);
                continue;
            }
            let mut i = 0;
            while i < row.len() {
                let p = row[i];
                let mut j = i + 1;
                while j < row.len() && row[j] == p {
                    j += 1;
                }
                let k = key(p);
                if index[k] == UNSET {
                    index[k] = nearest(rgb(p));
                }
                data[start + i..start + j].fill(index[k] as u8);
                i = j;
            }
        }
        (palette, data)
    }
}

/// What a game shows now: its board, its last move, and optionally the moves of one piece.
pub fn snapshot(
    game: &dyn AnyGame,
    piece: Option<Square>,
) -> (BoardView, Option<MoveMarks>, Option<Focus>) {
    let board = game.board();
    let last = game.last_move();
    let focus = piece.map(|square| Focus {
        square,
        moves: game
            .moves_from(square)
            .into_iter()
            .map(|m| m.marks)
            .collect(),
    });
    (board, last, focus)
}

/// Renders a game as a PNG: the position, the last move highlighted, the result if it is over,
/// and with `piece` the moves of the piece on that square.
pub fn render_game(
    game: &dyn AnyGame,
    piece: Option<Square>,
    options: Options,
) -> Result<Vec<u8>, RenderError> {
    let (board, last, focus) = snapshot(game, piece);
    let status = game.outcome().map(|o| {
        let text = o.to_string();
        let mut chars = text.chars();
        match chars.next() {
            Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
            None => text,
        }
    });
    let scene = Scene {
        board: &board,
        last_move: if focus.is_some() { None } else { last.as_ref() },
        focus: focus.as_ref(),
        status,
    };
    render(&scene, options).png()
}

/// Draws a scene.
/// `top` over an opaque `base`, blended as the drawing library blends (sRGB values, straight
/// alpha).
fn over(base: [u8; 3], top: Rgba) -> [u8; 3] {
    let a = top.3 as u32;
    let mix = |b: u8, t: u8| ((t as u32 * a + b as u32 * (255 - a) + 127) / 255) as u8;
    [
        mix(base[0], top.0),
        mix(base[1], top.1),
        mix(base[2], top.2),
    ]
}

/// Every square's colour with its tints folded in: light or dark, the zones, the special
/// squares, the last move and the focus. One opaque fill per square, no blending passes.
fn square_colours(scene: &Scene, layout: &Layout) -> Vec<[u8; 3]> {
    let view = scene.board;
    let files = layout.files as usize;
    let index = |sq: Square| sq.rank as usize * files + sq.file as usize;
    let mut colours: Vec<[u8; 3]> = (0..files * layout.ranks as usize)
        .map(|i| {
            // a1 is dark, as on every chessboard.
            let c = if (i % files + i / files).is_multiple_of(2) {
                theme::DARK_SQUARE
            } else {
                theme::LIGHT_SQUARE
            };
            [c.0, c.1, c.2]
        })
        .collect();
    let mut tint = |sq: Square, c: Rgba| {
        if let Some(slot) = colours.get_mut(index(sq)) {
            *slot = over(*slot, c);
        }
    };
    for zone in &view.zones {
        let c = match zone.color {
            Color::White => theme::WHITE_ZONE,
            Color::Black => theme::BLACK_ZONE,
        };
        zone.squares.iter().for_each(|&sq| tint(sq, c));
    }
    view.special_squares
        .iter()
        .for_each(|&sq| tint(sq, theme::COMMAND));
    if let Some(marks) = scene.last_move {
        tint(marks.from, theme::LAST_MOVE);
        if marks.to != marks.from {
            tint(marks.to, theme::LAST_MOVE);
        }
        for &v in marks.victims.iter().filter(|&&v| v != marks.to) {
            tint(v, theme::VICTIM);
        }
    }
    if let Some(focus) = scene.focus {
        tint(focus.square, theme::FOCUS);
        for m in &focus.moves {
            m.victims.iter().for_each(|&v| tint(v, theme::CAUGHT));
        }
    }
    colours
}

/// Fills a pixel rectangle with an opaque colour.
fn fill_opaque(pixmap: &mut Pixmap, x: u32, y: u32, w: u32, h: u32, c: [u8; 3]) {
    let stride = pixmap.width() as usize;
    let Some(px) = tiny_skia::PremultipliedColorU8::from_rgba(c[0], c[1], c[2], 255) else {
        return;
    };
    let pixels = pixmap.pixels_mut();
    for row in y as usize..(y + h) as usize {
        let start = row * stride + x as usize;
        if let Some(slice) = pixels.get_mut(start..start + w as usize) {
            slice.fill(px);
        }
    }
}

/// Draws a premultiplied sprite at (`x`, `y`), source over.
fn blit(pixmap: &mut Pixmap, sprite: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (pixmap.width() as i32, pixmap.height() as i32);
    let sw = sprite.width() as i32;
    let stride = dw as usize;
    let src = sprite.pixels();
    let dst = pixmap.pixels_mut();
    for sy in 0..sprite.height() as i32 {
        let ty = y + sy;
        if ty < 0 || ty >= dh {
            continue;
        }
        for sx in 0..sw {
            let tx = x + sx;
            if tx < 0 || tx >= dw {
                continue;
            }
            let s = src[(sy * sw + sx) as usize];
            let sa = s.alpha();
            if sa == 0 {
                continue;
            }
            let d = &mut dst[ty as usize * stride + tx as usize];
            if sa == 255 {
                *d = s;
                continue;
            }
            let keep = 255 - sa as u32;
            let mix = |sc: u8, dc: u8| (sc as u32 + (dc as u32 * keep + 127) / 255).min(255) as u8;
            if let Some(p) = tiny_skia::PremultipliedColorU8::from_rgba(
                mix(s.red(), d.red()),
                mix(s.green(), d.green()),
                mix(s.blue(), d.blue()),
                mix(sa, d.alpha()),
            ) {
                *d = p;
            }
        }
    }
}

/// Draws a scene.
pub fn render(scene: &Scene, options: Options) -> Image {
    let view = scene.board;
    let layout = Layout::new(view.files, view.ranks, options.width, options.flip);
    let mut pixmap = Pixmap::new(layout.width, layout.height).expect("the image has a size");
    // The frame around the board; the squares cover the rest.
    let bg = [
        theme::BACKGROUND.0,
        theme::BACKGROUND.1,
        theme::BACKGROUND.2,
    ];
    let (bx, by) = (layout.board_x as u32, layout.board_y as u32);
    let (bw, bh) = (
        (layout.square * layout.files as f32) as u32,
        (layout.square * layout.ranks as f32) as u32,
    );
    fill_opaque(&mut pixmap, 0, 0, layout.width, by, bg);
    fill_opaque(
        &mut pixmap,
        0,
        by + bh,
        layout.width,
        layout.height - by - bh,
        bg,
    );
    fill_opaque(&mut pixmap, 0, by, bx, bh, bg);
    fill_opaque(&mut pixmap, bx + bw, by, layout.width - bx - bw, bh, bg);

    let q = layout.square;
    let colours = square_colours(scene, &layout);
    for rank in 0..layout.ranks {
        for file in 0..layout.files {
            let sq = Square::new(file, rank);
            let (x, y) = layout.origin(sq);
            let c = colours[rank as usize * layout.files as usize + file as usize];
            fill_opaque(&mut pixmap, x as u32, y as u32, q as u32, q as u32, c);
        }
    }
    for zone in &view.zones {
        overlays::zone_edge(&mut pixmap, &layout, zone);
    }
    let line = (q * 0.06).max(2.0);
    for &sq in &view.special_squares {
        overlays::frame(&mut pixmap, &layout, sq, theme::COMMAND_EDGE, line, false);
    }
    if let Some(marks) = scene.last_move {
        overlays::blast_ring(&mut pixmap, &layout, marks);
    }
    for &sq in &view.riposte {
        overlays::frame(&mut pixmap, &layout, sq, theme::RIPOSTE, line * 1.2, true);
    }
    if let Some(sq) = view.royal_in_check {
        overlays::check(&mut pixmap, &layout, sq);
    }
    for portal in &view.portals {
        let building = portal.building.is_some();
        overlays::whirlpool(&mut pixmap, &layout, portal.entrance, building);
        overlays::ripples(&mut pixmap, &layout, portal.exit, portal.entrance, building);
    }
    for m in &view.marked {
        overlays::frame(
            &mut pixmap,
            &layout,
            m.square,
            theme::MARKED,
            line * 1.2,
            true,
        );
    }
    let size = (q * 0.92).round() as u32;
    let offset = ((q - size as f32) / 2.0).round() as i32;
    let badge = pieces::badge(size);
    for (sq, piece) in &view.pieces {
        let (x, y) = layout.origin(*sq);
        let (x, y) = (x as i32 + offset, y as i32 + offset);
        if piece.power == Power::Enhanced {
            blit(&mut pixmap, &badge, x, y);
        }
        let look = if piece.power == Power::Dormant {
            Look::Asleep
        } else {
            Look::Normal
        };
        blit(
            &mut pixmap,
            &pieces::sprite(piece.emblem, piece.livery, look, size),
            x,
            y,
        );
    }
    if let Some(marks) = scene.last_move {
        overlays::victim_crosses(&mut pixmap, &layout, marks);
    }
    for portal in &view.portals {
        if let Some((_, done, needed)) = portal.building {
            let label = format!("{done}/{needed}");
            overlays::tag(
                &mut pixmap,
                &layout,
                portal.entrance,
                &label,
                theme::PORTAL_TAG,
                true,
            );
        }
    }
    for m in &view.marked {
        overlays::tag(
            &mut pixmap,
            &layout,
            m.square,
            &m.label,
            theme::MARKED,
            false,
        );
    }
    if let Some(focus) = scene.focus {
        for m in &focus.moves {
            if m.captures && m.blast.is_none() {
                overlays::corners(&mut pixmap, &layout, m.to);
            } else if m.to != focus.square {
                overlays::dot(&mut pixmap, &layout, m.to);
            }
        }
    }
    draw_labels(&mut pixmap, &layout);
    draw_panel(&mut pixmap, &layout, scene);
    Image { pixmap, layout }
}

fn draw_labels(pixmap: &mut Pixmap, layout: &Layout) {
    let q = layout.square;
    let px = (q * 0.34).max(9.0);
    let bottom = layout.board_y + q * layout.ranks as f32;
    for col in 0..layout.files {
        let sq = layout.square_at(col, 0);
        let (cx, _) = layout.centre(sq);
        text::draw_centred(
            pixmap,
            &sq.file_char().to_string(),
            cx,
            bottom + q * 0.42,
            px,
            theme::LABEL,
        );
    }
    for row in 0..layout.ranks {
        let sq = layout.square_at(0, row);
        let (_, cy) = layout.centre(sq);
        let label = (sq.rank + 1).to_string();
        let w = text::width(&label, px);
        text::draw(
            pixmap,
            &label,
            layout.board_x - w - q * 0.12,
            cy + px * 0.36,
            px,
            theme::LABEL,
        );
    }
}

fn chip(pixmap: &mut Pixmap, x: f32, y: f32, side: f32, fill: Rgba, edge: Rgba) {
    if let Some(rect) = tiny_skia::Rect::from_xywh(x, y, side, side) {
        pixmap.fill_rect(rect, &overlays::paint(edge), Transform::identity(), None);
        let inset = (side * 0.15).max(1.0);
        if let Some(inner) =
            tiny_skia::Rect::from_xywh(x + inset, y + inset, side - 2.0 * inset, side - 2.0 * inset)
        {
            pixmap.fill_rect(inner, &overlays::paint(fill), Transform::identity(), None);
        }
    }
}

fn draw_panel(pixmap: &mut Pixmap, layout: &Layout, scene: &Scene) {
    let view = scene.board;
    let q = layout.square;
    let x0 = layout.board_x;
    let right = layout.board_x + q * layout.files as f32;

    // Line 1: whose turn, or the result.
    let big = q * 0.42;
    let y1 = layout.panel_y + q * 0.5;
    let (fill, edge) = match view.turn {
        Color::White => (theme::WHITE_PIECE, theme::WHITE_PIECE_LINE),
        Color::Black => (theme::BLACK_PIECE, theme::LABEL),
    };
    let status = scene.status.clone().unwrap_or_else(|| {
        format!(
            "{} to move · move {}",
            view.sides[view.turn.index()],
            view.move_number
        )
    });
    let mut x = x0;
    if scene.status.is_none() {
        chip(pixmap, x, y1 - big * 0.8, big * 0.85, fill, edge);
        x += big * 1.15;
    }
    text::draw(pixmap, &status, x, y1, big, theme::LABEL);
    if view.royal_in_check.is_some() && scene.status.is_none() {
        let w = text::width(&status, big);
        text::draw(
            pixmap,
            " · check",
            x + w,
            y1,
            big,
            theme::CHECK.with_alpha(255),
        );
    }

    // Line 2: the no-progress count; the zone legend on the right.
    let small = q * 0.34;
    let y2 = y1 + q * 0.55;
    let mut x = x0;

    if let Some((count, limit)) = view.no_progress {
        let line = format!("No progress: {count} of {limit} turns");
        text::draw(pixmap, &line, x, y2, small, theme::MUTED);
        x += text::width(&line, small) + small;
    }
    if !view.riposte.is_empty() {
        let squares: Vec<String> = view.riposte.iter().map(|s| s.to_string()).collect();
        let line = format!("Riposte open: {}", squares.join(", "));
        text::draw(pixmap, &line, x, y2, small, theme::RIPOSTE);
    }
    if !view.zones.is_empty() {
        let mut x = right;
        for (label, fill, edge) in [
            (
                "Black zone",
                theme::BLACK_ZONE.with_alpha(255),
                theme::BLACK_ZONE_EDGE,
            ),
            (
                "White zone",
                theme::WHITE_ZONE.with_alpha(255),
                theme::WHITE_ZONE_EDGE,
            ),
        ] {
            let w = text::width(label, small);
            x -= w;
            text::draw(pixmap, label, x, y2, small, theme::MUTED);
            x -= small * 1.3;
            chip(pixmap, x, y2 - small * 0.85, small, fill, edge);
            x -= small * 1.2;
        }
    }

    // Line 3, when the rules have one: what the side to move must do first.
    let mut y = y2 + q * 0.25;
    if let (Some(notice), None) = (&view.notice, &scene.status) {
        text::draw(pixmap, notice, x0, y2 + q * 0.5, small, theme::MARKED);
        y += q * 0.5;
    }

    // Lines 3 and 4: each side's lost pieces, with the file each was lost on.
    let icon = (q * 0.5).round().max(8.0);
    for color in Color::BOTH {
        let lost: Vec<_> = view.lost.iter().filter(|l| l.color == color).collect();
        if lost.is_empty() {
            continue;
        }
        let label = format!("{} lost", view.sides[color.index()]);
        text::draw(pixmap, &label, x0, y + icon * 0.62, small, theme::MUTED);
        let start = x0 + text::width("Black lost", small) + small * 0.8;
        let step = ((right - start) / lost.len() as f32).min(icon * 1.08);
        for (i, l) in lost.iter().enumerate() {
            let x = start + i as f32 * step;
            let sprite = pieces::sprite(l.emblem, l.livery, Look::Normal, icon as u32);
            blit(pixmap, &sprite, x.round() as i32, y.round() as i32);
            text::draw_centred(
                pixmap,
                &l.file.to_string(),
                x + icon / 2.0,
                y + icon + small * 0.85,
                small * 0.85,
                theme::LABEL,
            );
        }
        y += q * 0.85;
    }
}
