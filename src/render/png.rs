//! The rendered image and its encoding as an indexed-colour PNG in the fixed palette.

use tiny_skia::{Pixmap, PremultipliedColorU8};

use super::layout::Layout;
use super::palette::{palette, Palette};

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] ::png::EncodingError),
    #[error("could not encode the GIF: {0}")]
    Gif(#[from] ::gif::EncodingError),
}

/// A rendered image, opaque.
pub struct Image {
    pub(super) pixmap: Pixmap,
    pub layout: Layout,
}

fn rgb(p: PremultipliedColorU8) -> [u8; 3] {
    [p.red(), p.green(), p.blue()]
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
        let data = self.indexed();
        let mut out = Vec::with_capacity(96 * 1024);
        {
            let mut encoder = ::png::Encoder::new(&mut out, self.width(), self.height());
            encoder.set_color(::png::ColorType::Indexed);
            encoder.set_depth(::png::BitDepth::Eight);
            // The palette up to its last used entry: shorter for a plain board.
            let len = data.iter().copied().max().map_or(1, |i| i as usize + 1);
            encoder.set_palette(palette().rgb[..len].concat());
            encoder.set_compression(::png::Compression::Fast);
            // Paeth suits the fast DEFLATE best here: rows repeat and runs continue, both of
            // which filter to zeros (the crowded 1000 px middlegame: 79 KB, against 102 KB
            // with Up, 129 KB with Sub and 690 KB unfiltered).
            encoder.set_filter(::png::Filter::Paeth);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&data)?;
            writer.finish()?;
        }
        Ok(out)
    }

    /// One index into the fixed palette per pixel, row by row, as the PNG and the GIF frames
    /// hold them. Rows repeating the row above, and runs of eight pixels repeating the
    /// eight above, copy the indices above; runs of one colour are looked up once. That is most
    /// of a board.
    pub fn indexed(&self) -> Vec<u8> {
        // The image is opaque, so premultiplied colour equals straight colour. Bytes, so that
        // comparing rows is a memory comparison.
        let bytes = self.pixmap.data();
        let width = self.width() as usize;
        let stride = width * 4;
        let palette = palette();
        let mut data = vec![0u8; width * self.height() as usize];
        for (y, row) in bytes.chunks_exact(stride).enumerate() {
            let start = y * width;
            if y == 0 {
                index_run(palette, row, &mut data[..width]);
                continue;
            }
            let above = &bytes[(y - 1) * stride..y * stride];
            let (done, out) = data.split_at_mut(start);
            let (out, done) = (&mut out[..width], &done[start - width..]);
            if above == row {
                out.copy_from_slice(done);
                continue;
            }
            // Eight pixels at a time against the eight above: equal runs copy their indices.
            let runs = row.chunks_exact(32).zip(above.chunks_exact(32));
            for (i, (pixels, over)) in runs.enumerate() {
                let at = i * 8;
                let (p, o): (&[u8; 32], &[u8; 32]) = (
                    pixels.try_into().expect("a run"),
                    over.try_into().expect("a run"),
                );
                let into: &mut [u8; 8] = (&mut out[at..at + 8]).try_into().expect("a run");
                if p == o {
                    *into = done[at..at + 8].try_into().expect("a run");
                } else {
                    index_run(palette, pixels, into);
                }
            }
            let tail = width / 8 * 8;
            index_run(palette, &row[tail * 4..], &mut out[tail..]);
        }
        data
    }
}

/// The palette indices of a run of RGBA pixels, a colour looked up once while it repeats.
fn index_run(palette: &Palette, pixels: &[u8], out: &mut [u8]) {
    let value = |px: &[u8]| u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
    let Some(first) = pixels.get(..4) else {
        return;
    };
    // Seeded with the first pixel: no sentinel that a pixel could equal.
    let (mut last, mut index) = (value(first), palette.index([first[0], first[1], first[2]]));
    for (slot, px) in out.iter_mut().zip(pixels.chunks_exact(4)) {
        let value = value(px);
        if value != last {
            last = value;
            index = palette.index([px[0], px[1], px[2]]);
        }
        *slot = index;
    }
}
