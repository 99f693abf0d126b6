//! A picture drawn once over a flat colour and kept: what the sprites and the glyphs paste on
//! a flat square without blending them again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::palette::palette;

/// A sprite (or a glyph) drawn over one opaque colour: for each pixel of its box, the
/// premultiplied bytes and the palette index (for a sprite, meaningful within each row's
/// covered span).
pub struct Blended {
    pub rgba: Vec<u8>,
    pub index: Vec<u8>,
}

impl Blended {
    /// `pixels` pixels of the opaque value `under`, each then drawn over by `paint` (given its
    /// place in the box), with the palette indices of the result; kept in `cache` by `key`,
    /// or made now and kept.
    pub fn over<K: std::hash::Hash + Eq>(
        cache: &Mutex<HashMap<K, Arc<Blended>>>,
        key: K,
        under: u32,
        pixels: usize,
        mut paint: impl FnMut(usize, &mut [u8]),
    ) -> Arc<Blended> {
        if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return found;
        }
        let mut rgba: Vec<u8> = std::iter::repeat_n(under.to_le_bytes(), pixels)
            .flatten()
            .collect();
        for (i, pixel) in rgba.chunks_exact_mut(4).enumerate() {
            paint(i, pixel);
        }
        let palette = palette();
        let index = rgba
            .chunks_exact(4)
            .map(|p| palette.index([p[0], p[1], p[2]]))
            .collect();
        let blended = Arc::new(Blended { rgba, index });
        if let Ok(mut c) = cache.lock() {
            c.insert(key, blended.clone());
        }
        blended
    }
}
