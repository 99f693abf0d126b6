//! Board images: structure, not bytes. The PNG decodes at the expected size; zones, the last
//! move, check, badges and the moves-of-one-piece marks land on the right squares; flipping
//! mirrors the board.

use crate::support::*;
use herald::render::layout::Layout;
use herald::render::{render, render_game, theme, Focus, Options, Scene};
use herald::rules::{AnyGame, Square};

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

/// A decoded PNG: width, height, RGB rows.
fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

struct Picture {
    width: u32,
    rgb: Vec<u8>,
    layout: Layout,
}

impl Picture {
    fn of(game: &dyn AnyGame, piece: Option<&str>, options: Options) -> Picture {
        let png = render_game(game, piece.map(sq), options).expect("a PNG");
        let (width, height, rgb) = decode(&png);
        let board = game.board();
        let layout = Layout::new(board.files, board.ranks, options.width, options.flip);
        assert_eq!((width, height), (layout.width, layout.height));
        Picture { width, rgb, layout }
    }

    fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// A point near a square's top-left corner: clear of pieces, badges and zone edges.
    fn corner(&self, square: &str) -> [u8; 3] {
        let (x, y) = self.layout.origin(sq(square));
        let d = self.layout.square * 0.17;
        self.at(x + d, y + d)
    }

    fn centre(&self, square: &str) -> [u8; 3] {
        let (x, y) = self.layout.centre(sq(square));
        self.at(x, y)
    }

    /// A point where the badge of an enhanced piece shows beside the piece.
    fn badge_spot(&self, square: &str) -> [u8; 3] {
        let (x, y) = self.layout.centre(sq(square));
        let d = self.layout.square * 0.27;
        self.at(x - d, y - d)
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    (0..3).all(|i| (a[i] as i32 - b[i] as i32).abs() <= 10)
}

fn rgb(c: theme::Rgba) -> [u8; 3] {
    [c.0, c.1, c.2]
}

/// The plain colour of a square: a1 is dark.
fn plain(square: &str) -> [u8; 3] {
    let s = sq(square);
    if (s.file + s.rank).is_multiple_of(2) {
        rgb(theme::DARK_SQUARE)
    } else {
        rgb(theme::LIGHT_SQUARE)
    }
}

#[test]
fn the_png_decodes_at_the_requested_width() {
    let game = white("Pg1 pg13");
    for width in [400, 1000] {
        let pic = Picture::of(&*game, None, Options { width, flip: false });
        assert_eq!(pic.width, width);
    }
}

#[test]
fn zone_squares_carry_their_sides_tint_and_others_do_not() {
    // White's Marshal on c3: its zone runs a1..g7; Black's on k11: g7..m13 (they share g7).
    let game = white("Pm1 Mc3 pa13 mk11");
    let pic = Picture::of(&*game, None, Options::default());
    for outside in ["a12", "m1", "h4", "b9"] {
        assert_eq!(
            pic.corner(outside),
            plain(outside),
            "{outside} is in no zone"
        );
    }
    for inside in ["a1", "e5", "f7", "b6"] {
        let c = pic.corner(inside);
        assert_ne!(c, plain(inside), "{inside} is in White's zone");
        assert!(
            c[0] as i32 - c[2] as i32 > plain(inside)[0] as i32 - plain(inside)[2] as i32,
            "{inside} is tinted warm: {c:?}"
        );
    }
    for inside in ["m13", "h8", "j10"] {
        let c = pic.corner(inside);
        assert_ne!(c, plain(inside), "{inside} is in Black's zone");
        assert!(c[2] > c[0], "{inside} is tinted blue: {c:?}");
    }
}

#[test]
fn without_a_marshal_there_is_no_zone_and_on_g7_it_covers_the_board() {
    let none = Picture::of(&*white("Pm1 pa13"), None, Options::default());
    for s in ["a1", "g7", "m13"] {
        assert!(s == "g7" || none.corner(s) == plain(s), "{s}");
    }
    let whole = Picture::of(&*white("Pm1 Mg7 pb13"), None, Options::default());
    for s in ["a1", "m13", "a13", "m1"] {
        assert_ne!(
            whole.corner(s),
            plain(s),
            "{s} is in the zone of a Marshal on g7"
        );
    }
}

#[test]
fn the_command_square_is_purple() {
    let pic = Picture::of(&*white("Pm1 pa13"), None, Options::default());
    let c = pic.corner("g7");
    assert!(c[2] > c[1] && c[0] > c[1], "purple: {c:?}");
}

#[test]
fn the_last_move_is_highlighted_with_its_victim() {
    let mut game = white("Pg1 Mh1 Ae1 he8 pg13 mh13");
    play(&mut game, "Axe9");
    let pic = Picture::of(&*game, None, Options::default());
    for s in ["e1", "e9"] {
        let c = pic.corner(s);
        assert!(
            c[1] > c[0] && c[1] > c[2],
            "{s} carries the last-move green: {c:?}"
        );
    }
    let v = pic.corner("e8");
    assert!(
        v[0] > v[1] + 40 && v[0] > v[2] + 40,
        "the victim's square is red: {v:?}"
    );
    assert_eq!(pic.corner("b7"), plain("b7"));
}

#[test]
fn a_blast_marks_what_it_destroyed() {
    let mut game = white("Pg1 Me3 Gd5 Ld4 sc6 le4 pg13 mh13");
    play(&mut game, "Gd5*");
    let pic = Picture::of(&*game, None, Options::default());
    for s in ["c6", "e4"] {
        let c = pic.centre(s);
        assert!(c[0] > c[1] + 60, "{s} is crossed out in red: {c:?}");
    }
    assert!(
        pic.corner("d5")[1] > pic.corner("d5")[2],
        "the Mage's square is the last move"
    );
}

#[test]
fn the_pope_in_check_glows_red() {
    let pic = Picture::of(&*black("Pg1 Mg7 pg13"), None, Options::default());
    let c = pic.corner("g13");
    assert!(c[0] > c[1] + 60, "{c:?}");
    let quiet = Picture::of(&*black("Pg1 Mf7 pg13"), None, Options::default());
    assert_eq!(quiet.corner("g13"), plain("g13"));
}

#[test]
fn enhanced_pieces_carry_a_badge_and_restricted_ones_do_not() {
    // The Marshal on c3: a Legionary on d4 is enhanced, one on k4 restricted.
    let pic = Picture::of(&*white("Pm1 Mc3 Ld4 Lk4 pa13"), None, Options::default());
    let badge = rgb(theme::BADGE);
    let enhanced = pic.badge_spot("d4");
    assert!(
        enhanced[0] > 200 && enhanced[1] > 170 && enhanced[2] < 140,
        "gold: {enhanced:?}"
    );
    assert!(!close(pic.badge_spot("k4"), badge));
    assert_eq!(pic.badge_spot("k4"), plain("k4"));
}

#[test]
fn a_dormant_emperor_looks_different_from_an_awake_one() {
    let asleep = Picture::of(&*white("Pg1 Mm1 Ea1 pg13"), None, Options::default());
    let awake = Picture::of(
        &*game("Pg1 Mm1 Ea1 pg13", "w - - - E - 0 1"),
        None,
        Options::default(),
    );
    let (x, y) = asleep.layout.origin(sq("a1"));
    let q = asleep.layout.square as usize;
    let differing = (0..q * q)
        .filter(|i| {
            let (px, py) = (x + (i % q) as f32, y + (i / q) as f32);
            asleep.at(px, py) != awake.at(px, py)
        })
        .count();
    assert!(differing > q * q / 20, "only {differing} pixels differ");
}

#[test]
fn flipping_mirrors_the_board() {
    let mut game = white("Pg1 Mc3 Ld4 Hk2 Ae1 pg13 mj11 sb12 le10");
    play(&mut game, "Hk2-l3");
    let normal = Picture::of(&*game, None, Options::default());
    let flipped = Picture::of(
        &*game,
        None,
        Options {
            width: 1000,
            flip: true,
        },
    );
    for file in 0..13 {
        for rank in 0..13 {
            let s = Square::new(file, rank).to_string();
            assert!(
                close(normal.centre(&s), flipped.centre(&s)),
                "{s}: {:?} against {:?}",
                normal.centre(&s),
                flipped.centre(&s)
            );
        }
    }
    // The screen positions themselves swap: a1 bottom-left becomes top-right.
    assert_eq!(normal.layout.cell(sq("a1")), (0, 12));
    assert_eq!(flipped.layout.cell(sq("a1")), (12, 0));
    let a1 = normal.layout.origin(sq("a1"));
    let m13 = flipped.layout.origin(sq("m13"));
    assert_eq!(a1, m13);
}

#[test]
fn the_moves_of_one_piece_show_dots_corners_and_caught_pieces() {
    // The enhanced Assassin on e3 moves along its lines and captures e7 landing on e8; the
    // enhanced Mage on d5 would catch the Sentinel on c6.
    let game = white("Pg1 Mf4 Gd5 Ae3 sc6 le7 pg13 mh13");
    let assassin = Picture::of(&*game, Some("e3"), Options::default());
    let dot = assassin.centre("e5");
    assert!(
        dot[1] > dot[0] + 40 && dot[1] > dot[2] + 40,
        "a green dot on e5: {dot:?}"
    );
    assert_eq!(
        assassin.centre("b9"),
        plain("b9"),
        "no dot where it cannot go"
    );
    let corner = {
        let (x, y) = assassin.layout.origin(sq("e8"));
        assassin.at(x + 2.0, y + 2.0)
    };
    assert!(
        corner[0] > corner[1] + 80,
        "red corner on the landing square: {corner:?}"
    );
    let victim = assassin.corner("e7");
    assert!(
        victim[0] > victim[1] + 40,
        "the victim is marked red: {victim:?}"
    );

    let mage = Picture::of(&*game, Some("d5"), Options::default());
    let caught = mage.corner("c6");
    assert!(
        caught[0] > caught[1] + 40,
        "the blast would catch c6: {caught:?}"
    );
    let focus = mage.corner("d5");
    assert!(
        focus[1] > focus[0] && focus[1] > focus[2],
        "the Mage's square is green: {focus:?}"
    );
}

#[test]
fn scenes_render_without_a_game_too() {
    let game = white("Pg1 pg13 Mh1");
    let board = game.board();
    let focus = Focus {
        square: sq("h1"),
        moves: game
            .moves_from(sq("h1"))
            .into_iter()
            .map(|m| m.marks)
            .collect(),
    };
    let scene = Scene {
        board: &board,
        last_move: None,
        focus: Some(&focus),
        status: Some("White wins: checkmate".into()),
    };
    let image = render(
        &scene,
        Options {
            width: 600,
            flip: false,
        },
    );
    assert_eq!(image.width(), 600);
    let png = image.png().expect("encodes");
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn an_open_riposte_square_is_framed() {
    let mut game = black("Pm1 Mc3 Hf6 pa12 sf11 mh13");
    play(&mut game, "f11f6");
    assert_eq!(game.board().riposte, vec![sq("f6")]);
    let pic = Picture::of(&*game, None, Options::default());
    let (x, y) = pic.layout.origin(sq("f6"));
    let q = pic.layout.square;
    let crimson = (0..20).any(|i| {
        let c = pic.at(x + q * 0.08, y + q * (0.1 + 0.04 * i as f32));
        c[0] > 180 && c[1] < 90 && c[2] > 80
    });
    assert!(crimson, "a crimson frame inside f6");
    let before = Picture::of(
        &*black("Pm1 Mc3 Hf6 pa12 sf11 mh13"),
        None,
        Options::default(),
    );
    let (bx, by) = before.layout.origin(sq("f6"));
    assert!((0..20).all(|i| {
        let c = before.at(bx + q * 0.08, by + q * (0.1 + 0.04 * i as f32));
        !(c[0] > 180 && c[1] < 90 && c[2] > 80)
    }));
}
