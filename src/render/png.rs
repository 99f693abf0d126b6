//! The rendered image and its encoding as an indexed-colour PNG.

use tiny_skia::{Pixmap, PremultipliedColorU8};

use super::layout::Layout;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] ::png::EncodingError),
}

/// A rendered image, opaque.
pub struct Image {
    pub(super) pixmap: Pixmap,
    pub layout: Layout,
}

/// The 15-bit colour bucket of a pixel, for building the palette.
fn bucket(p: PremultipliedColorU8) -> usize {
    let (r, g, b) = (p.red(), p.green(), p.blue());
    ((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)
}

fn rgb(p: PremultipliedColorU8) -> [u8; 3] {
    [p.red(), p.green(), p.blue()]
}

/// The runs of one colour along a row: each run's start, end (exclusive) and pixel.
fn runs(
    row: &[PremultipliedColorU8],
) -> impl Iterator<Item = (usize, usize, PremultipliedColorU8)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let &p = row.get(i)?;
        let mut j = i + 1;
        while j < row.len() && row[j] == p {
            j += 1;
        }
        let run = (i, j, p);
        i = j;
        Some(run)
    })
}

/// The index of the palette entry nearest to a colour.
fn nearest(palette: &[[u8; 3]], c: [u8; 3]) -> u16 {
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

    /// Encodes as an indexed-colour PNG. The palette is the 256 most used colours (counted in
    /// 15-bit buckets, each kept as the first exact colour met); the rarer anti-aliasing
    /// shades map to their nearest entry. A third of the data of RGB, so both smaller and
    /// faster to compress.
    pub fn png(&self) -> Result<Vec<u8>, RenderError> {
        let (palette, data) = self.indexed();
        let mut out = Vec::with_capacity(96 * 1024);
        {
            let mut encoder = ::png::Encoder::new(&mut out, self.width(), self.height());
            encoder.set_color(::png::ColorType::Indexed);
            encoder.set_depth(::png::BitDepth::Eight);
            encoder.set_palette(palette.concat());
            encoder.set_compression(::png::Compression::Fast);
            // Up suits the fast DEFLATE: rows repeat, and repeats filter to zeros.
            encoder.set_filter(::png::Filter::Up);
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

        let mut counts = vec![0u32; 1 << 15];
        let mut exact = vec![[0u8; 3]; 1 << 15];
        for row in pixels.chunks_exact(width).step_by(3) {
            for (i, j, p) in runs(row) {
                let k = bucket(p);
                if counts[k] == 0 {
                    exact[k] = rgb(p);
                }
                counts[k] += (j - i) as u32;
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

        let mut data = vec![0u8; pixels.len()];
        for (y, row) in pixels.chunks_exact(width).enumerate() {
            let start = y * width;
            if y > 0 && pixels[start - width..start] == *row {
                data.copy_within(start - width..start, start);
                continue;
            }
            for (i, j, p) in runs(row) {
                let k = bucket(p);
                if index[k] == UNSET {
                    index[k] = nearest(&palette, rgb(p));
                }
                data[start + i..start + j].fill(index[k] as u8);
            }
        }
        (palette, data)
    }
}
