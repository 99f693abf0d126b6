//! Colours of the board image. One place, so the palette stays small and consistent.

/// An sRGB colour with straight alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub fn skia(self) -> tiny_skia::Color {
        tiny_skia::Color::from_rgba8(self.0, self.1, self.2, self.3)
    }

    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }

    /// The colour without its alpha.
    pub const fn rgb(self) -> [u8; 3] {
        [self.0, self.1, self.2]
    }

    /// This colour over an opaque `base`, blended as the drawing library blends (sRGB values,
    /// straight alpha).
    pub fn over(self, base: [u8; 3]) -> [u8; 3] {
        let a = self.3 as u32;
        let mix = |b: u8, t: u8| ((t as u32 * a + b as u32 * (255 - a) + 127) / 255) as u8;
        [
            mix(base[0], self.0),
            mix(base[1], self.1),
            mix(base[2], self.2),
        ]
    }
}

/// The frame around the board and the panel: dark, to sit well in Discord's dark theme.
pub const BACKGROUND: Rgba = Rgba(38, 37, 34, 255);
/// The tile behind a missing piece in a player's strip, light enough for dark pieces.
pub const TILE: Rgba = Rgba(150, 143, 130, 255);
pub const LABEL: Rgba = Rgba(222, 216, 204, 255);
pub const MUTED: Rgba = Rgba(160, 154, 142, 255);

pub const LIGHT_SQUARE: Rgba = Rgba(234, 228, 212, 255);
pub const DARK_SQUARE: Rgba = Rgba(184, 170, 146, 255);

/// Zone tints and outlines: White's zone gold, Black's zone blue.
pub const WHITE_ZONE: Rgba = Rgba(255, 176, 0, 64);
pub const BLACK_ZONE: Rgba = Rgba(30, 110, 255, 56);
pub const WHITE_ZONE_EDGE: Rgba = Rgba(214, 128, 0, 255);
pub const BLACK_ZONE_EDGE: Rgba = Rgba(28, 84, 214, 255);

/// The command square, purple as in the rulebook's diagrams.
pub const COMMAND: Rgba = Rgba(128, 40, 170, 96);
pub const COMMAND_EDGE: Rgba = Rgba(112, 28, 156, 255);

pub const LAST_MOVE: Rgba = Rgba(150, 200, 20, 120);
/// The frame along the edge of the last move's squares: it shows on every tint and outside
/// the badge of an enhanced piece.
pub const LAST_MOVE_EDGE: Rgba = Rgba(30, 150, 50, 255);
pub const VICTIM: Rgba = Rgba(214, 40, 30, 110);
pub const VICTIM_MARK: Rgba = Rgba(178, 20, 16, 230);
pub const BLAST_RING: Rgba = Rgba(232, 96, 0, 255);
pub const CHECK: Rgba = Rgba(230, 20, 10, 230);
pub const RIPOSTE: Rgba = Rgba(232, 36, 120, 255);

/// The moves-of-one-piece legend: green square, green dots, red corners, red squares.
pub const FOCUS: Rgba = Rgba(60, 170, 60, 150);
pub const MOVE_DOT: Rgba = Rgba(24, 128, 40, 200);
pub const CAPTURE_CORNER: Rgba = Rgba(204, 24, 24, 220);
pub const CAUGHT: Rgba = Rgba(220, 30, 30, 120);

/// The badge behind an enhanced piece.
pub const BADGE: Rgba = Rgba(255, 214, 92, 210);
pub const BADGE_EDGE: Rgba = Rgba(196, 140, 20, 255);

pub const WHITE_PIECE: Rgba = Rgba(250, 248, 240, 255);
pub const WHITE_PIECE_LINE: Rgba = Rgba(28, 28, 28, 255);
pub const BLACK_PIECE: Rgba = Rgba(44, 44, 48, 255);
pub const BLACK_PIECE_LINE: Rgba = Rgba(8, 8, 10, 255);
pub const BLACK_PIECE_DETAIL: Rgba = Rgba(226, 226, 226, 255);
pub const SLEEP: Rgba = Rgba(40, 90, 200, 255);
pub const GOLD_PIECE: Rgba = Rgba(236, 184, 52, 255);
pub const GOLD_PIECE_LINE: Rgba = Rgba(74, 46, 6, 255);

/// Portals: a violet whirlpool on the entrance, pink ripples and an arrow on the exit.
pub const PORTAL: Rgba = Rgba(112, 48, 200, 235);
pub const PORTAL_DISC: Rgba = Rgba(140, 84, 230, 70);
pub const PORTAL_EXIT: Rgba = Rgba(226, 70, 150, 230);
pub const PORTAL_ARROW: Rgba = Rgba(176, 24, 110, 240);
/// The pill behind a building portal's progress, and behind a marked square's label.
pub const PORTAL_TAG: Rgba = Rgba(112, 48, 200, 225);
pub const MARKED: Rgba = Rgba(214, 150, 0, 255);
pub const PORTAL_TAG_TEXT: Rgba = Rgba(255, 255, 255, 255);
