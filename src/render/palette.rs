//! The fixed palette of every image, PNG or GIF, known before anything is drawn: the exact
//! flat colours the theme can produce (each square colour with every combination of tints,
//! the badge and the dormant pieces' faded fills on them, the opaque theme colours), and a
//! colour cube with a grey ramp for the anti-aliased edges between them. A table from 15-bit
//! colour buckets to palette entries, built once, maps a pixel in one lookup: no counting
//! pass, no per-image nearest-colour search, and one palette for all frames of a GIF.

use std::sync::OnceLock;

use super::theme::{self, Rgba};

/// Entries used for colours. The last of the 256 is never used: the GIF encoder cannot take
/// index 255, and each GIF frame finds its transparent index among the colours it leaves out.
pub const COLOURS: usize = 255;

pub struct Palette {
    /// 256 entries of RGB; the last is unused, and black.
    pub rgb: Vec<[u8; 3]>,
    table: Vec<u8>,
}

/// The 15-bit bucket of a colour.
pub fn bucket(c: [u8; 3]) -> usize {
    ((c[0] as usize >> 3) << 10) | ((c[1] as usize >> 3) << 5) | (c[2] as usize >> 3)
}

/// Every flat colour the theme paints, exactly.
fn flats() -> Vec<[u8; 3]> {
    // The most used first: the fast DEFLATE of the PNG codes small bytes shortest.
    let plain = [theme::LIGHT_SQUARE, theme::DARK_SQUARE].map(Rgba::rgb);
    let zoned = [theme::WHITE_ZONE, theme::BLACK_ZONE]
        .into_iter()
        .flat_map(|z| plain.map(|p| z.over(p)));
    let mut out: Vec<[u8; 3]> = vec![theme::BACKGROUND.rgb()];
    out.extend(plain);
    out.extend(zoned);
    out.extend(
        [
            theme::WHITE_PIECE,
            theme::BLACK_PIECE,
            theme::WHITE_PIECE_LINE,
            theme::BLACK_PIECE_LINE,
            theme::LABEL,
            theme::MUTED,
            theme::TILE,
            theme::BLACK_PIECE_DETAIL,
            theme::GOLD_PIECE,
            theme::GOLD_PIECE_LINE,
            theme::SLEEP,
            theme::BADGE_EDGE,
            theme::LAST_MOVE_EDGE,
            theme::MOVE_DOT.with_alpha(255),
            theme::WHITE_ZONE_EDGE,
            theme::BLACK_ZONE_EDGE,
            theme::WHITE_ZONE.with_alpha(255),
            theme::BLACK_ZONE.with_alpha(255),
            theme::COMMAND_EDGE,
            theme::VICTIM_MARK,
            theme::BLAST_RING,
            theme::CHECK.with_alpha(255),
            theme::RIPOSTE,
            theme::CAPTURE_CORNER,
            theme::PORTAL,
            theme::PORTAL_EXIT,
            theme::PORTAL_ARROW,
            theme::PORTAL_TAG,
            theme::MARKED,
            theme::PORTAL_TAG_TEXT,
        ]
        .map(Rgba::rgb),
    );
    let zones = [
        vec![],
        vec![theme::WHITE_ZONE],
        vec![theme::BLACK_ZONE],
        vec![theme::WHITE_ZONE, theme::BLACK_ZONE],
    ];
    let marks = [
        None,
        Some(theme::LAST_MOVE),
        Some(theme::VICTIM),
        Some(theme::FOCUS),
        Some(theme::CAUGHT),
    ];
    let faded = |c: Rgba| c.with_alpha(c.3 / 2 + 20);
    for square in [theme::LIGHT_SQUARE, theme::DARK_SQUARE] {
        for zone in &zones {
            let zoned = zone.iter().fold(square.rgb(), |c, &t| t.over(c));
            out.push(theme::BADGE.over(zoned));
            for fill in [theme::WHITE_PIECE, theme::BLACK_PIECE, theme::GOLD_PIECE] {
                out.push(faded(fill).over(zoned));
            }
            for command in [false, true] {
                let base = if command {
                    theme::COMMAND.over(zoned)
                } else {
                    zoned
                };
                for mark in marks {
                    out.push(mark.map_or(base, |m| m.over(base)));
                }
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    out.retain(|c| seen.insert(*c));
    out
}

impl Palette {
    fn build() -> Palette {
        let mut rgb = flats();
        // A grey ramp, then a 5x5x5 cube, for what the flats do not hold.
        let mut extra: Vec<[u8; 3]> = (0..16).map(|i| [(i * 17) as u8; 3]).collect();
        let levels = [0u8, 64, 128, 192, 255];
        for r in levels {
            for g in levels {
                extra.extend(levels.map(|b| [r, g, b]));
            }
        }
        for c in extra {
            if rgb.len() >= COLOURS {
                break;
            }
            if !rgb.contains(&c) {
                rgb.push(c);
            }
        }
        rgb.truncate(COLOURS);
        rgb.resize(256, [0, 0, 0]);
        let table = (0..1usize << 15)
            .map(|k| {
                let c = [(k >> 10) << 3, ((k >> 5) & 31) << 3, (k & 31) << 3];
                let c = c.map(|v| (v | 4) as i32);
                let d = |p: &[u8; 3]| -> i32 { (0..3).map(|i| (c[i] - p[i] as i32).pow(2)).sum() };
                (0..COLOURS).min_by_key(|&i| d(&rgb[i])).unwrap_or(0) as u8
            })
            .collect();
        let mut palette = Palette { rgb, table };
        // Each entry maps its own bucket; where two share one, the first (a flat) wins.
        for i in (0..COLOURS).rev() {
            let k = bucket(palette.rgb[i]);
            palette.table[k] = i as u8;
        }
        palette
    }

    /// The palette entry of an opaque RGBA pixel's bytes, read as one little-endian word.
    #[inline]
    pub fn index_word(&self, px: u32) -> u8 {
        let k = ((px >> 3) & 0x1f) << 10 | ((px >> 11) & 0x1f) << 5 | ((px >> 19) & 0x1f);
        self.table[k as usize & 0x7fff]
    }

    /// The palette entry of a colour.
    #[inline]
    pub fn index(&self, c: [u8; 3]) -> u8 {
        self.table[bucket(c)]
    }
}

/// The one palette, built on first use.
pub fn palette() -> &'static Palette {
    static PALETTE: OnceLock<Palette> = OnceLock::new();
    PALETTE.get_or_init(Palette::build)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flat_colours_map_to_themselves() {
        let p = palette();
        let flats = flats();
        assert!(
            flats.len() < 200,
            "{} flats leave room for edges",
            flats.len()
        );
        for c in flats {
            let back = p.rgb[p.index(c) as usize];
            let err: i32 = (0..3)
                .map(|i| (back[i] as i32 - c[i] as i32).abs())
                .max()
                .unwrap();
            assert!(err <= 8, "{c:?} maps to {back:?}");
        }
        assert_eq!(p.rgb.len(), 256);
    }

    #[test]
    fn no_colour_takes_the_last_index() {
        // The GIF encoder cannot take index 255: every colour of every bucket maps below it.
        let p = palette();
        assert!(p.table.iter().all(|&i| i != 255));
    }
}
