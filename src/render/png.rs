//! The rendered image and its encoding as an indexed-colour PNG in the fixed palette.

use tiny_skia::{Pixmap, PremultipliedColorU8};

use super::deflate::{self, Tokens};
use super::layout::Layout;
use super::palette::palette;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] ::png::EncodingError),
    #[error("could not encode the GIF: {0}")]
    Gif(#[from] ::gif::EncodingError),
}

/// A rendered image, opaque, with its pixels' indices into the fixed palette.
pub struct Image {
    pub(super) pixmap: Pixmap,
    /// One index into the fixed palette per pixel, row by row, kept while drawing.
    pub(super) index: Vec<u8>,
    pub layout: Layout,
}

fn rgb(p: PremultipliedColorU8) -> [u8; 3] {
    [p.red(), p.green(), p.blue()]
}

impl Drop for Image {
    /// Gives the planes back for the next image of this size: no fresh allocation to clear.
    fn drop(&mut self) {
        if let Some(empty) = Pixmap::new(1, 1) {
            let pixmap = std::mem::replace(&mut self.pixmap, empty);
            let index = std::mem::take(&mut self.index);
            if index.len() == pixmap.pixels().len() {
                super::canvas::Canvas::give_back(pixmap, index);
            }
        }
    }
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
        self.pixmap.pixel(x, y).map_or([0; 3], rgb)
    }

    /// Encodes as an indexed-colour PNG in the fixed palette: a third of the data of RGB, so
    /// both smaller and faster to compress.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        Ok(indexed_png(
            self.width(),
            self.height(),
            &self.index,
            &palette().rgb,
        ))
    }

    /// One index into the fixed palette per pixel, row by row, as the PNG and the GIF frames
    /// hold them.
    pub fn indexed(&self) -> &[u8] {
        &self.index
    }

    /// The indices looked up afresh from the pixels, one by one: what [`Image::indexed`]
    /// must equal.
    #[cfg(test)]
    pub(super) fn indexed_from_pixels(&self) -> Vec<u8> {
        let palette = palette();
        self.pixmap
            .pixels()
            .iter()
            .map(|p| palette.index([p.red(), p.green(), p.blue()]))
            .collect()
    }
}

/// An 8-bit indexed PNG of `index` (`width` by `height`, row by row) in `colours` (RGB triples):
/// the PNG signature, IHDR, PLTE, one IDAT and IEND. Every row is Paeth filtered, which turns
/// both a row repeating the one above and a run continuing to the left into zeros (the crowded
/// 1000 px middlegame: 79 KB with the `png` crate's fast DEFLATE, against 102 KB with Up,
/// 129 KB with Sub and 690 KB unfiltered). Stretches equal to the pixels above are zeros
/// without working the predictor out, and the zeros go to the DEFLATE of
/// [`deflate`](super::deflate) as runs, never byte by byte.
fn indexed_png(width: u32, height: u32, index: &[u8], palette: &[[u8; 3]]) -> Vec<u8> {
    let (w, h) = (width as usize, height as usize);
    debug_assert_eq!(index.len(), w * h);
    let (tokens, last) = filtered(w, h, index);
    let mut out = Vec::with_capacity(96 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = [0; 13];
    header[..4].copy_from_slice(&width.to_be_bytes());
    header[4..8].copy_from_slice(&height.to_be_bytes());
    // Bit depth 8, colour type 3 (indexed); deflate, adaptive filtering, no interlace.
    header[8..].copy_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", |out| out.extend_from_slice(&header));
    // The palette up to its last used entry: shorter for a plain board.
    let colours = palette[..=last as usize].as_flattened();
    chunk(&mut out, b"PLTE", |out| out.extend_from_slice(colours));
    chunk(&mut out, b"IDAT", |out| compress(out, tokens, w, h, index));
    chunk(&mut out, b"IEND", |_| ());
    out
}

/// Appends a chunk: its length, its type, what `body` writes, and the CRC of type and body.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], body: impl FnOnce(&mut Vec<u8>)) {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(kind);
    body(out);
    let len = (out.len() - start - 8) as u32;
    out[start..start + 4].copy_from_slice(&len.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// The Paeth-filtered rows as literals and zero runs, and the largest index used. Only
/// what differs from the row above can hold an index not seen before, so that is all the
/// largest is looked for in.
fn filtered(w: usize, h: usize, index: &[u8]) -> (Tokens, u8) {
    const PAETH: u8 = 4;
    let mut tokens = Tokens::new();
    let top = vec![0; w];
    let (mut above, mut last) = (top.as_slice(), 0);
    for line in index.chunks_exact(w.max(1)).take(h) {
        tokens.byte(PAETH);
        if line == above {
            tokens.zeros(w);
        } else {
            last = last.max(paeth(line, above, &mut tokens));
        }
        above = line;
    }
    (tokens, last)
}

/// The zlib stream of `tokens`, appended to `out`; or, where that would be longer (noise, or
/// a tiny image: never a board), the rows unfiltered and stored.
fn compress(out: &mut Vec<u8>, tokens: Tokens, w: usize, h: usize, index: &[u8]) {
    let start = out.len();
    tokens.zlib(out);
    let raw = (w + 1) * h;
    // A stored block's five bytes per 65,535, and the zlib header and checksum.
    if out.len() - start > raw + raw.div_ceil(65535) * 5 + 6 {
        out.truncate(start);
        let rows = index.chunks_exact(w.max(1)).take(h);
        let raw: Vec<u8> = rows
            .flat_map(|line| std::iter::once(0).chain(line.iter().copied()))
            .collect();
        deflate::stored(out, &raw);
    }
}

/// The Paeth filter of one row of one byte per pixel, against the row `above`, added to
/// `tokens`; and the largest pixel of the row where it differs from the row above.
fn paeth(line: &[u8], above: &[u8], tokens: &mut Tokens) -> u8 {
    let Some((&first, rest)) = line.split_first() else {
        return 0;
    };
    let mut last = first;
    // The first pixel has nothing to its left: its predictor is the pixel above.
    tokens.byte(first.wrapping_sub(above[0]));
    let (left, up, corner) = (
        &line[..line.len() - 1],
        &above[1..],
        &above[..above.len() - 1],
    );
    // Fixed-size lanes, so that the loop is vector code.
    const LANES: usize = 32;
    let (mut out, mut most, mut zeros) = ([0; LANES], [0; LANES], 0);
    let mut x = rest.chunks_exact(LANES);
    let (mut a, mut b, mut c) = (
        left.chunks_exact(LANES),
        up.chunks_exact(LANES),
        corner.chunks_exact(LANES),
    );
    let lane = |s| <&[u8; LANES]>::try_from(s).expect("a lane");
    for (((x, a), b), c) in (&mut x).zip(&mut a).zip(&mut b).zip(&mut c) {
        let (x, a, b, c) = (lane(x), lane(a), lane(b), lane(c));
        // Pixels equal to those above, with the one to their left: all zeros (most of a
        // board, whose squares are flat), no predictor to work out, and counted here to be
        // handed over once per stretch.
        if x == b && a[0] == c[0] {
            zeros += LANES;
            continue;
        }
        tokens.zeros(std::mem::take(&mut zeros));
        for i in 0..LANES {
            out[i] = x[i].wrapping_sub(predict(a[i], b[i], c[i]));
        }
        // The largest pixel lane by lane (vector code), brought to one at the row's end.
        for i in 0..LANES {
            most[i] = most[i].max(x[i]);
        }
        tokens.bytes(&out);
    }
    tokens.zeros(zeros);
    let tail = x.remainder().iter().zip(a.remainder());
    for (((&x, &a), &b), &c) in tail.zip(b.remainder()).zip(c.remainder()) {
        tokens.byte(x.wrapping_sub(predict(a, b, c)));
        last = last.max(x);
    }
    most.into_iter().fold(last, u8::max)
}

/// The Paeth predictor of a pixel from its left `a`, upper `b` and upper-left `c` neighbours,
/// in bytes and without branches. With p = a + b - c: |p - a| = |b - c| and |p - b| = |a - c|;
/// and |p - c| matters only when c lies between a and b (otherwise it is the largest), where
/// it is the difference of the other two.
#[inline(always)]
fn predict(a: u8, b: u8, c: u8) -> u8 {
    // Differences as larger less smaller: what vector code does in bytes.
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        u8::MAX
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::super::{render, snapshot, Options, Scene};
    use super::indexed_png;
    use crate::rules::{new_game, VariantId};

    /// `index` through the `png` crate's own encoder: Paeth, its fast compression.
    fn reference(width: u32, height: u32, index: &[u8], colours: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = ::png::Encoder::new(&mut out, width, height);
        encoder.set_color(::png::ColorType::Indexed);
        encoder.set_depth(::png::BitDepth::Eight);
        encoder.set_palette(colours.to_vec());
        encoder.set_compression(::png::Compression::Fast);
        encoder.set_filter(::png::Filter::Paeth);
        let mut writer = encoder.write_header().expect("a header");
        writer.write_image_data(index).expect("the rows");
        writer.finish().expect("the end");
        out
    }

    /// The indices a PNG decodes to, by the `png` crate's decoder, and its palette.
    fn decoded(png: &[u8]) -> (Vec<u8>, Vec<u8>) {
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let frame = reader.next_frame(&mut pixels).expect("its pixels");
        pixels.truncate(frame.buffer_size());
        let palette = reader
            .info()
            .palette
            .as_deref()
            .expect("a palette")
            .to_vec();
        (pixels, palette)
    }

    /// The chunks of a PNG, each (type, data), its CRC checked.
    fn chunks(png: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "the signature");
        let (mut at, mut out) = (8, Vec::new());
        while at < png.len() {
            let len = u32::from_be_bytes(png[at..at + 4].try_into().expect("a length")) as usize;
            let kind: [u8; 4] = png[at + 4..at + 8].try_into().expect("a type");
            let body = &png[at + 8..at + 8 + len];
            let crc =
                u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().expect("a CRC"));
            assert_eq!(
                crc,
                crc32fast::hash(&png[at + 4..at + 8 + len]),
                "the CRC of {kind:?}"
            );
            out.push((kind, body.to_vec()));
            at += 12 + len;
        }
        out
    }

    /// The rows of an image's IDAT, inflated by `miniz_oxide` (not the decoder above), each
    /// with its filter byte first.
    fn inflated(png: &[u8]) -> Vec<u8> {
        let idat: Vec<u8> = chunks(png)
            .into_iter()
            .filter(|(kind, _)| kind == b"IDAT")
            .flat_map(|(_, body)| body)
            .collect();
        miniz_oxide::inflate::decompress_to_vec_zlib(&idat).expect("a zlib stream")
    }

    /// Every variant's boards, through a game, both ways up and at several widths: the PNG
    /// decodes to the image's indices and palette; its rows, inflated, are those the `png`
    /// crate's Paeth filter makes, and it is smaller than the `png` crate's fast encoding.
    #[test]
    fn a_board_png_holds_its_indices_in_fewer_bytes() {
        for variant in VariantId::ALL {
            let mut game = new_game(variant, None).expect("the start");
            for ply in 0..12 {
                let (board, last, _) = snapshot(&*game, None);
                let scene = Scene {
                    last_move: last.as_ref(),
                    ..Scene::of(&board)
                };
                let width = [1000, 450, 333, 1237][ply % 4];
                let image = render(
                    &scene,
                    Options {
                        width,
                        flip: ply % 3 == 1,
                    },
                );
                let png = image.png().expect("a PNG");
                let len = image
                    .index
                    .iter()
                    .copied()
                    .max()
                    .map_or(1, |i| i as usize + 1);
                let colours = super::palette().rgb[..len].concat();
                assert!(
                    len < 256,
                    "{len} colours: the test shows a shortened palette"
                );
                let (w, h) = (image.width(), image.height());
                let context = format!("{variant:?} ply {ply} width {width}");
                let kinds: Vec<[u8; 4]> = chunks(&png).into_iter().map(|(k, _)| k).collect();
                assert_eq!(kinds, [*b"IHDR", *b"PLTE", *b"IDAT", *b"IEND"], "{context}");
                assert!(
                    decoded(&png) == (image.index.clone(), colours.clone()),
                    "{context}"
                );
                let theirs = reference(w, h, &image.index, &colours);
                assert!(
                    inflated(&png) == inflated(&theirs),
                    "{context}: the filtered rows"
                );
                assert!(
                    png.len() < theirs.len(),
                    "{context}: {} bytes against {}",
                    png.len(),
                    theirs.len()
                );
                let moves = game.legal_moves();
                let Some(m) = moves.get((ply * 5 + 1) % moves.len().max(1)) else {
                    break;
                };
                game.play(&m.coordinate.clone()).expect("a legal move");
            }
        }
    }

    /// The Paeth-filtered rows of `index`, as the PNG specification writes the predictor.
    fn paeth_rows(index: &[u8], width: usize) -> Vec<u8> {
        let at = |x: usize, y: usize| index[y * width + x] as i16;
        let mut out = Vec::new();
        for y in 0..index.len() / width {
            out.push(4);
            for x in 0..width {
                let a = if x > 0 { at(x - 1, y) } else { 0 };
                let b = if y > 0 { at(x, y - 1) } else { 0 };
                let c = if x > 0 && y > 0 { at(x - 1, y - 1) } else { 0 };
                let p = a + b - c;
                let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
                let predictor = if pa <= pb && pa <= pc {
                    a
                } else if pb <= pc {
                    b
                } else {
                    c
                };
                out.push((at(x, y) - predictor) as u8);
            }
        }
        out
    }

    /// Any bytes at all, in rows that repeat, rows of noise and rows of runs, at odd widths
    /// down to one pixel: every case of the Paeth predictor and of the zero runs (across
    /// copies of 258 and remainders of one and two), compressed or (where that is longer)
    /// stored, decode to what was encoded, by both inflaters.
    #[test]
    fn any_indices_decode_to_themselves() {
        let palette: Vec<[u8; 3]> = (0..=255u8).map(|i| [i, 255 - i, i / 2]).collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut kinds = std::collections::BTreeSet::new();
        let sizes = [
            (1, 1),
            (1, 9),
            (2, 3),
            (7, 5),
            (64, 40),
            (259, 6),
            (333, 17),
            (1030, 9),
        ];
        for noise in [false, true] {
            for (width, height) in sizes {
                let mut index = Vec::new();
                for y in 0..height {
                    let row: Vec<u8> = match (next() % 4, y) {
                        (0, 1..) => index[(y - 1) * width..y * width].to_vec(),
                        (1, _) if noise => (0..width).map(|_| next() as u8).collect(),
                        (2, _) => (0..width)
                            .map(|x| (x >= next() as usize % (width + 1)) as u8)
                            .collect(),
                        _ => (0..width).map(|x| (x / 3 * 17 + y) as u8).collect(),
                    };
                    index.extend(row);
                }
                let (w, h) = (width as u32, height as u32);
                let png = indexed_png(w, h, &index, &palette);
                let context = format!("{width}x{height}, noise {noise}");
                let last = index.iter().copied().max().unwrap_or(0) as usize;
                let colours = palette[..=last].concat();
                assert!(
                    decoded(&png) == (index.clone(), colours.clone()),
                    "{context}"
                );
                let rows = inflated(&png);
                // Stored rows are unfiltered; compressed ones are the Paeth filter's.
                let stored = rows.iter().step_by(width + 1).all(|&f| f == 0);
                if !stored {
                    assert!(
                        rows == paeth_rows(&index, width),
                        "{context}: the filtered rows"
                    );
                }
                kinds.insert(stored);
            }
        }
        assert_eq!(
            kinds.len(),
            2,
            "both compressed and stored streams were written"
        );
    }
}
