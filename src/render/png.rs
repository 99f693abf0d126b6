//! The rendered image and its encoding as an indexed-colour PNG in the fixed palette.

use tiny_skia::{Pixmap, PremultipliedColorU8};

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
        let data = &self.index;
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
            writer.write_image_data(data)?;
            writer.finish()?;
        }
        Ok(out)
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
