//! Herald's own piece art: each emblem is a few vector shapes in a unit square (y down),
//! filled in the owner's colour with a dark outline and contrasting details, rasterised with
//! anti-aliasing once per size and then reused.

mod ageiou;
mod empire;
mod epoch;
mod fantastic;
mod shapes;
mod staunton;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tiny_skia::{FillRule, LineCap, LineJoin, Paint, Pixmap, Stroke, Transform};

use super::blend::Blended;
use super::text;
use super::theme::{self, Rgba};
use crate::rules::{Emblem, Livery};
use shapes::{circle, Part, Role};

/// The shapes of an emblem, painted in order.
fn parts(emblem: Emblem) -> Vec<Part> {
    match emblem {
        Emblem::Tiara => epoch::tiara(),
        Emblem::Crown => epoch::crown(),
        Emblem::Star => epoch::pedestal_star(),
        Emblem::Dagger => epoch::dagger(),
        Emblem::Tower => epoch::tower(),
        Emblem::PointedHat => epoch::pointed_hat(),
        Emblem::Banner => epoch::banner(),
        Emblem::GreatHelm => epoch::great_helm(),
        Emblem::Footman => epoch::footman(),
        Emblem::King => staunton::king(),
        Emblem::Kaiser => empire::kaiser(),
        Emblem::Queen => staunton::queen(),
        Emblem::Rook => staunton::rook(),
        Emblem::Bishop => staunton::bishop(),
        Emblem::Knight => staunton::knight(),
        Emblem::Pawn => staunton::pawn(),
        Emblem::Eagle => empire::eagle(),
        Emblem::Cardinal => empire::cardinal(),
        Emblem::Duke => empire::duke(),
        Emblem::Shield => empire::shield(),
        Emblem::Prince => fantastic::prince(),
        Emblem::Troll => fantastic::troll(),
        Emblem::Snake => fantastic::snake(),
        Emblem::Ship => fantastic::ship(),
        Emblem::Squirrel => fantastic::squirrel(),
        Emblem::Hawk => fantastic::hawk(),
        Emblem::Mammoth => fantastic::mammoth(),
        Emblem::Cheetah => fantastic::cheetah(),
        Emblem::Rhinoceros => fantastic::rhinoceros(),
        Emblem::Direwolf => fantastic::direwolf(),
        Emblem::Boat => ageiou::boat(),
        Emblem::Vertag => ageiou::vertag(),
        Emblem::Councillor => ageiou::councillor(),
        Emblem::MovedPawn => ageiou::moved_pawn(),
    }
}
/// Draws an emblem into a pixmap of `size` x `size` pixels.
fn draw(pixmap: &mut Pixmap, emblem: Emblem, livery: Livery, size: f32, faded: bool) {
    let (fill, outline, detail_color) = match livery {
        Livery::Light => (
            theme::WHITE_PIECE,
            theme::WHITE_PIECE_LINE,
            theme::WHITE_PIECE_LINE,
        ),
        Livery::Dark => (
            theme::BLACK_PIECE,
            theme::BLACK_PIECE_LINE,
            theme::BLACK_PIECE_DETAIL,
        ),
        Livery::Gold => (
            theme::GOLD_PIECE,
            theme::GOLD_PIECE_LINE,
            theme::GOLD_PIECE_LINE,
        ),
    };
    let alpha = |c: Rgba| if faded { c.with_alpha(c.3 / 2 + 20) } else { c };
    let paint = |c: Rgba| {
        let mut p = Paint::default();
        p.set_color(alpha(c).skia());
        p.anti_alias = true;
        p
    };
    let transform = Transform::from_scale(size, size);
    let outline_stroke = Stroke {
        width: 0.045,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    let detail_stroke = Stroke {
        width: 0.035,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    for part in parts(emblem) {
        match part.role {
            Role::Body => {
                pixmap.fill_path(&part.path, &paint(fill), FillRule::Winding, transform, None);
                pixmap.stroke_path(
                    &part.path,
                    &paint(outline),
                    &outline_stroke,
                    transform,
                    None,
                );
            }
            Role::Accent => {
                pixmap.fill_path(
                    &part.path,
                    &paint(detail_color),
                    FillRule::Winding,
                    transform,
                    None,
                );
            }
            Role::Line | Role::Inlay => {
                let colour = if part.role == Role::Line {
                    detail_color
                } else {
                    fill
                };
                pixmap.stroke_path(&part.path, &paint(colour), &detail_stroke, transform, None);
            }
        }
    }
}

/// A piece picture: normal, or asleep (faded, with "z z").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Look {
    Normal,
    Asleep,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Art {
    Piece(Emblem, Livery, Look),
    Badge,
}

/// A picture, premultiplied, with the span of columns each row covers: what a blit copies.
pub struct Sprite {
    pub pixmap: Pixmap,
    /// For each row, the first covered column and the one after the last (equal when none).
    pub rows: Vec<(i32, i32)>,
    /// The sprite drawn over one opaque colour, by that colour's pixel value: its pixels and
    /// their palette indices, for drawing it on a flat square without blending it again.
    pub on: Mutex<HashMap<u32, Arc<Blended>>>,
}

impl Sprite {
    fn new(pixmap: Pixmap) -> Sprite {
        let width = pixmap.width() as usize;
        let rows = pixmap
            .pixels()
            .chunks_exact(width.max(1))
            .map(|row| {
                let first = row.iter().position(|p| p.alpha() > 0);
                let last = row.iter().rposition(|p| p.alpha() > 0);
                match (first, last) {
                    (Some(a), Some(b)) => (a as i32, b as i32 + 1),
                    _ => (0, 0),
                }
            })
            .collect();
        Sprite {
            pixmap,
            rows,
            on: Mutex::default(),
        }
    }
}

/// A picture at `size` pixels, drawn once and shared.
fn cached(art: Art, size: u32) -> Arc<Sprite> {
    type Cache = Mutex<HashMap<(Art, u32), Arc<Sprite>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&(art, size)).cloned()) {
        return found;
    }
    let side = size.max(1);
    let s = side as f32;
    let mut pixmap = Pixmap::new(side, side).expect("a sprite has a size");
    match art {
        Art::Piece(emblem, livery, look) => {
            draw(&mut pixmap, emblem, livery, s, look == Look::Asleep);
            if look == Look::Asleep {
                // A blue disc with a white "z" in the top-right corner: big enough to read
                // at a phone's 30-pixel squares.
                let (cx, cy, r) = (0.79, 0.21, 0.2);
                let mut paint = Paint {
                    anti_alias: true,
                    ..Paint::default()
                };
                paint.set_color(theme::SLEEP.skia());
                let transform = Transform::from_scale(s, s);
                pixmap.fill_path(
                    &circle(cx, cy, r),
                    &paint,
                    FillRule::Winding,
                    transform,
                    None,
                );
                let px = (s * 0.3).max(8.0);
                let z = text::width("z", px);
                let (x, y) = (s * cx - z / 2.0, s * cy + px * 0.36);
                text::draw(&mut pixmap, "z", x, y, px, theme::PORTAL_TAG_TEXT);
            }
        }
        Art::Badge => {
            let path = circle(0.5, 0.5, 0.47);
            let transform = Transform::from_scale(s, s);
            let mut paint = Paint::default();
            paint.set_color(theme::BADGE.skia());
            pixmap.fill_path(&path, &paint, FillRule::Winding, transform, None);
            paint.set_color(theme::BADGE_EDGE.skia());
            let stroke = Stroke {
                width: 0.04,
                ..Stroke::default()
            };
            pixmap.stroke_path(&path, &paint, &stroke, transform, None);
        }
    }
    let sprite = Arc::new(Sprite::new(pixmap));
    if let Ok(mut c) = cache.lock() {
        c.insert((art, size), sprite.clone());
    }
    sprite
}

/// The picture of a piece at `size` pixels.
pub fn sprite(emblem: Emblem, livery: Livery, look: Look, size: u32) -> Arc<Sprite> {
    cached(Art::Piece(emblem, livery, look), size)
}

/// The badge drawn behind an enhanced piece, `size` pixels across.
pub fn badge(size: u32) -> Arc<Sprite> {
    cached(Art::Badge, size)
}

#[cfg(test)]
mod tests;
