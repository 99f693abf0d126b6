//! The rendered image, with every pixel's index into the fixed palette kept while drawing,
//! and its encoding as an indexed-colour PNG by the `png` crate.

use tiny_skia::{Pixmap, PremultipliedColorU8};

use super::layout::Layout;
use super::palette::palette;

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("could not encode the PNG: {0}")]
    Encode(#[from] ::png::EncodingError),
    #[error("could not encode the GIF: {0}")]
    Gif(#[from] ::gift::Error),
}

/// How a board's PNG is compressed: the filter and the DEFLATE setting that give the
/// smallest files within a millisecond of encoding at 1000 px (`cargo bench --bench render`
/// measures the candidates side by side; docs/images.md has the figures).
pub const FILTER: ::png::Filter = ::png::Filter::Paeth;
pub const COMPRESSION: ::png::Compression = ::png::Compression::Fast;

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
        self.png_with(FILTER, COMPRESSION)
    }

    /// [`Image::png`] with another filter and compression: what the benchmark compares.
    pub fn png_with(
        &self,
        filter: ::png::Filter,
        compression: ::png::Compression,
    ) -> Result<Vec<u8>, RenderError> {
        indexed_png(
            self.width(),
            self.height(),
            &self.index,
            filter,
            compression,
        )
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

/// An 8-bit indexed PNG of `index` (`width` by `height`, row by row) in the fixed palette, cut
/// after its last used entry (a plain board needs fewer colours).
pub(super) fn indexed_png(
    width: u32,
    height: u32,
    index: &[u8],
    filter: ::png::Filter,
    compression: ::png::Compression,
) -> Result<Vec<u8>, RenderError> {
    let used = index
        .iter()
        .copied()
        .max()
        .map_or(1, |i| usize::from(i) + 1);
    let mut out = Vec::with_capacity(128 * 1024);
    let mut encoder = ::png::Encoder::new(&mut out, width, height);
    encoder.set_color(::png::ColorType::Indexed);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_palette(palette().rgb[..used].as_flattened());
    // The compression first: it also sets a filter of its own, which `filter` then replaces.
    encoder.set_compression(compression);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(index)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::super::{render, snapshot, Options, Scene};
    use crate::rules::{new_game, VariantId};

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

    /// Every variant's boards, through a game, both ways up and at several widths: the PNG
    /// decodes to the image's indices, in the palette up to the last colour used.
    #[test]
    fn a_board_png_holds_its_indices_and_the_colours_used() {
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
                let used = usize::from(*image.index.iter().max().expect("pixels")) + 1;
                assert!(
                    used < 256,
                    "{used} colours: the test shows a shortened palette"
                );
                let colours = super::palette().rgb[..used].concat();
                assert!(
                    decoded(&png) == (image.index.clone(), colours),
                    "{variant:?} ply {ply} width {width}"
                );
                let moves = game.legal_moves();
                let Some(m) = moves.get((ply * 5 + 1) % moves.len().max(1)) else {
                    break;
                };
                game.play(&m.coordinate.clone()).expect("a legal move");
            }
        }
    }
}
