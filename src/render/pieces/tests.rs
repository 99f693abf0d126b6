//! The art tells every piece of a variant from every other at a phone's size.

use super::*;

/// A 13x13 board 450 pixels wide has 32-pixel squares; the sprite is 92% of that.
const PHONE: u32 = 29;

/// The pixels a sprite covers (alpha of half or more).
fn silhouette(emblem: Emblem) -> Vec<bool> {
    let sprite = sprite(emblem, Livery::Light, Look::Normal, PHONE);
    sprite
        .pixmap
        .pixels()
        .iter()
        .map(|p| p.alpha() >= 128)
        .collect()
}

/// How dark each pixel of a sprite looks over a mid-grey square, and whether it covers it.
fn appearance(emblem: Emblem) -> Vec<(u8, bool)> {
    let sprite = sprite(emblem, Livery::Light, Look::Normal, PHONE);
    let grey = 128u32;
    sprite
        .pixmap
        .pixels()
        .iter()
        .map(|p| {
            let luma = (p.red() as u32 * 3 + p.green() as u32 * 6 + p.blue() as u32) / 10;
            let over = luma + grey * (255 - p.alpha() as u32) / 255;
            (over.min(255) as u8, p.alpha() >= 128)
        })
        .collect()
}

/// The share of the pixels either covers that look clearly different (outline against fill,
/// detail against body, piece against square): what tells two pieces apart at a glance.
fn contrast(a: Emblem, b: Emblem) -> f32 {
    let (a, b) = (appearance(a), appearance(b));
    let either = a.iter().zip(&b).filter(|(x, y)| x.1 || y.1).count();
    let apart = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| (x.1 || y.1) && x.0.abs_diff(y.0) >= 64)
        .count();
    apart as f32 / either.max(1) as f32
}

/// The share of the pixels either covers that only one of them covers.
fn difference(a: Emblem, b: Emblem) -> f32 {
    let (a, b) = (silhouette(a), silhouette(b));
    let either = a.iter().zip(&b).filter(|(x, y)| **x || **y).count();
    let one = a.iter().zip(&b).filter(|(x, y)| x != y).count();
    one as f32 / either.max(1) as f32
}

/// The emblems each side of each variant shows (a moved pawn is a pawn with a band, by design;
/// Empire Chess's two sides differ in their colours as well).
fn armies() -> [(&'static str, Vec<Emblem>); 4] {
    use Emblem::*;
    [
        ("chess", vec![King, Queen, Rook, Bishop, Knight, Pawn]),
        (
            "the Empire",
            vec![Kaiser, Pawn, Tower, Eagle, Cardinal, Duke, Shield],
        ),
        (
            "fantastic",
            vec![
                King, Pawn, Prince, Troll, Snake, Ship, Squirrel, Hawk, Mammoth, Cheetah, Eagle,
                Rhinoceros, Direwolf,
            ],
        ),
        (
            "ageiou",
            vec![King, Councillor, Boat, Bishop, Knight, Vertag, Pawn],
        ),
    ]
}

#[test]
fn every_piece_of_a_side_looks_its_own_at_phone_size() {
    let (mut report, mut alike) = (Vec::new(), Vec::new());
    for (army, emblems) in armies() {
        for (i, &a) in emblems.iter().enumerate() {
            for &b in &emblems[i + 1..] {
                let d = contrast(a, b);
                report.push(format!("{army} {a:?}/{b:?} {d:.2}"));
                if d < 0.3 {
                    alike.push(format!("{army}: {a:?} and {b:?} differ in only {d:.2}"));
                }
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(alike.is_empty(), "{alike:#?}");
}

#[test]
fn the_pieces_once_confused_now_differ_in_outline_and_in_look() {
    use Emblem::*;
    let mut report = Vec::new();
    for (a, b) in [
        (Councillor, Pawn),
        (Vertag, Pawn),
        (Prince, Queen),
        (Prince, King),
        (Troll, Pawn),
        (Troll, Prince),
        (Kaiser, King),
        (Kaiser, Cardinal),
        (Kaiser, Duke),
    ] {
        let (outline, look) = (difference(a, b), contrast(a, b));
        report.push(format!("{a:?}/{b:?} outline {outline:.2} look {look:.2}"));
        assert!(
            outline >= 0.2 && look >= 0.35,
            "{a:?} and {b:?}: outline {outline:.2}, look {look:.2}"
        );
    }
    println!("{}", report.join("\n"));
}

#[test]
fn a_sprite_drawn_again_is_the_sprite_cached() {
    for emblem in [Emblem::Councillor, Emblem::Kaiser, Emblem::Troll] {
        let cached = sprite(emblem, Livery::Dark, Look::Normal, PHONE);
        let mut fresh = Pixmap::new(PHONE, PHONE).expect("a sprite");
        draw(&mut fresh, emblem, Livery::Dark, PHONE as f32, false);
        assert_eq!(cached.pixmap.data(), fresh.data(), "{emblem:?}");
        // Every pixel outside a row's span is transparent.
        for (y, &(a, b)) in cached.rows.iter().enumerate() {
            let row = &cached.pixmap.pixels()[y * PHONE as usize..][..PHONE as usize];
            let outside = row
                .iter()
                .enumerate()
                .filter(|(x, _)| (*x as i32) < a || *x as i32 >= b);
            assert!(
                outside.into_iter().all(|(_, p)| p.alpha() == 0),
                "{emblem:?} row {y}"
            );
        }
    }
}

/// Every emblem of every variant builds (its path data reads) and stays inside its square.
#[test]
fn every_emblem_builds_inside_its_square() {
    use Emblem::*;
    let all = [
        Tiara, Crown, Star, Dagger, Tower, PointedHat, Banner, GreatHelm, Footman, King, Queen,
        Rook, Bishop, Knight, Pawn, Kaiser, Eagle, Cardinal, Duke, Shield, Prince, Troll, Snake,
        Ship, Squirrel, Hawk, Mammoth, Cheetah, Rhinoceros, Direwolf, Boat, Vertag, Councillor,
        MovedPawn,
    ];
    for emblem in all {
        let parts = parts(emblem);
        assert!(!parts.is_empty(), "{emblem:?} draws nothing");
        for part in parts {
            let b = part.path.bounds();
            let inside = b.left() >= 0.0 && b.top() >= 0.0 && b.right() <= 1.0 && b.bottom() <= 1.0;
            assert!(inside, "{emblem:?} has a shape outside its square: {b:?}");
        }
    }
}
