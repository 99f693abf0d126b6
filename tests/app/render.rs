//! Board images: structure, not bytes. The PNG decodes at the expected size; zones, the last
//! move, check, badges and the moves-of-one-piece marks land on the right squares; flipping
//! mirrors the board; the panel ends at its last line and keeps one height through a game;
//! the players' labels and the pieces each side is missing show in the strips by the board;
//! the caches draw the same bytes whatever was drawn between.

use crate::support::*;
use herald::render::layout::Layout;
use herald::render::{render, render_game_with, theme, Focus, Options, Players, Scene};
use herald::rules::{new_game, AnyGame, Square, VariantId};

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

/// A decoded PNG: width, height, RGB rows.
pub fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
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
    height: u32,
    rgb: Vec<u8>,
    layout: Layout,
}

impl Picture {
    fn of(game: &dyn AnyGame, piece: Option<&str>, options: Options) -> Picture {
        Picture::with(game, piece, None, options)
    }

    fn with(
        game: &dyn AnyGame,
        piece: Option<&str>,
        players: Option<&Players>,
        options: Options,
    ) -> Picture {
        let png = render_game_with(game, piece.map(sq), players, options).expect("a PNG");
        let (width, height, rgb) = decode(&png);
        let layout = Layout::for_view(&game.board(), options.width, options.flip);
        assert_eq!((width, height), (layout.width, layout.height));
        Picture {
            width,
            height,
            rgb,
            layout,
        }
    }

    /// How many pixels differ from another picture of the same size in rows `y0..y1`.
    fn differing_rows(&self, other: &Picture, y0: f32, y1: f32) -> usize {
        let w = self.width as usize * 3;
        let (a, b) = (y0 as usize * w, (y1 as usize).min(self.height as usize) * w);
        self.rgb[a..b]
            .chunks(3)
            .zip(other.rgb[a..b].chunks(3))
            .filter(|(p, q)| p != q)
            .count()
    }

    /// The lowest row holding anything but the frame's background.
    fn last_drawn_row(&self) -> u32 {
        let bg = rgb(theme::BACKGROUND);
        (0..self.height)
            .rev()
            .find(|&y| (0..self.width).any(|x| self.at(x as f32, y as f32) != bg))
            .unwrap_or(0)
    }

    /// Pixels of a colour within a strip's rows, right of the board's middle (where the
    /// missing pieces go, right-aligned, clear of a short label).
    fn count_in_strip(&self, top: f32, colour: [u8; 3]) -> usize {
        let bottom = top + self.layout.strip;
        let l = &self.layout;
        let middle = (l.board_x + l.square * l.files as f32 / 2.0) as u32;
        (top as u32..bottom as u32)
            .flat_map(|y| (middle..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x as f32, y as f32) == colour)
            .count()
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
    for width in [400, 450, 1000] {
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
        focus: Some(&focus),
        status: Some("White wins: checkmate".into()),
        ..Scene::of(&board)
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

/// A seeded legal game of `variant`, `plies` long at most.
fn seeded(variant: VariantId, seed: u64, plies: usize) -> Box<dyn AnyGame> {
    let mut game = new_game(variant, None).expect("the start");
    for mv in crate::support::seeded::seeded_game(variant, seed, plies) {
        play(&mut game, &mv);
    }
    game
}

#[test]
fn the_panel_ends_at_its_last_line_and_keeps_one_height_through_a_game() {
    for variant in VariantId::ALL {
        for width in [450, 1000] {
            let options = Options { width, flip: false };
            let mut heights = Vec::new();
            for plies in [0, 1, 12, 60] {
                let game = seeded(variant, 7, plies);
                let pic = Picture::of(&*game, None, options);
                let band = pic.height - 1 - pic.last_drawn_row();
                assert!(
                    (band as f32) < pic.layout.square * 0.5,
                    "{variant:?} at {width} px after {plies} plies: {band} px of empty band"
                );
                heights.push(pic.height);
            }
            assert!(
                heights.windows(2).all(|h| h[0] == h[1]),
                "{variant:?} at {width} px: heights {heights:?}"
            );
        }
    }
}

#[test]
fn the_last_move_is_framed_where_an_enhanced_piece_s_badge_does_not_reach() {
    // The Marshal on c3 enhances the Legionary that steps from d4 to d5.
    let mut game = white("Pm1 Mc3 Ld4 pa13");
    let mv = game
        .moves_from(sq("d4"))
        .into_iter()
        .find(|m| m.marks.to == sq("d5"))
        .expect("the Legionary steps to d5");
    play(&mut game, &mv.coordinate);
    let pic = Picture::of(
        &*game,
        None,
        Options {
            width: 450,
            flip: false,
        },
    );
    assert!(close(pic.badge_spot("d5"), rgb(theme::BADGE)) || pic.badge_spot("d5")[2] < 140);
    let edge = rgb(theme::LAST_MOVE_EDGE);
    for s in ["d4", "d5"] {
        let (x, y) = pic.layout.origin(sq(s));
        let q = pic.layout.square;
        // The middle of each side of the square, where the badge comes nearest.
        for (dx, dy) in [(0.5, 0.02), (0.5, 0.97), (0.02, 0.5), (0.97, 0.5)] {
            let c = pic.at(x + q * dx, y + q * dy);
            assert_eq!(c, edge, "{s} is framed at ({dx}, {dy})");
        }
    }
    // No frame where nothing moved.
    let (x, y) = pic.layout.origin(sq("d6"));
    assert_ne!(pic.at(x + pic.layout.square * 0.5, y + 1.0), edge);
}

#[test]
fn the_players_labels_show_in_the_strips_by_their_sides() {
    let game = white("Pg1 pg13");
    let options = Options {
        width: 450,
        flip: false,
    };
    let plain = Picture::of(&*game, None, options);
    let players = Players::new("alice 1523", "bob");
    let named = Picture::with(&*game, None, Some(&players), options);
    let l = &named.layout;
    let board_top = l.strip;
    assert!(
        named.differing_rows(&plain, 0.0, board_top) > 50,
        "Black's label above"
    );
    let (b0, b1) = (l.bottom_strip_y, l.bottom_strip_y + l.strip);
    assert!(
        named.differing_rows(&plain, b0, b1) > 50,
        "White's label below"
    );
    assert_eq!(
        named.differing_rows(&plain, board_top, b0),
        0,
        "the board is the same"
    );
    assert_eq!(named.differing_rows(&plain, b1, l.height as f32), 0);
    // Flipped, White's label is the one on top.
    let flip = Options {
        width: 450,
        flip: true,
    };
    let white_only = Players::new("alice 1523", "Black");
    let top = Picture::with(&*game, None, Some(&white_only), flip);
    let top_plain = Picture::of(&*game, None, flip);
    assert!(top.differing_rows(&top_plain, 0.0, board_top) > 50);
    assert_eq!(top.differing_rows(&top_plain, b0, b1), 0);
}

#[test]
fn captured_material_shows_in_the_strip_of_the_side_that_lost_it() {
    use herald::rules::Color;
    let tile = rgb(theme::TILE);
    let chess = new_game(VariantId::Chess, None).expect("the start");
    // Chess: White takes a pawn; Epoch: the Assassin takes the Herald on e8.
    for (mut game, moves) in [
        (chess, "e4 d5 exd5"),
        (white("Pg1 Mh1 Ae1 he8 pg13 mh13"), "Axe9"),
    ] {
        let start = Picture::of(&*game, None, Options::default());
        for color in Color::BOTH {
            let y = start.layout.strip_y(color);
            assert_eq!(
                start.count_in_strip(y, tile),
                0,
                "none missing at the start"
            );
        }
        for mv in moves.split(' ') {
            play(&mut game, mv);
        }
        let pic = Picture::of(&*game, None, Options::default());
        let missing = |color| pic.count_in_strip(pic.layout.strip_y(color), tile);
        assert!(missing(Color::Black) > 100, "{moves}: Black lost a piece");
        assert_eq!(missing(Color::White), 0, "{moves}: White lost none");
    }
}

#[test]
fn the_caches_draw_the_same_bytes_whatever_was_drawn_between() {
    let options = Options {
        width: 450,
        flip: false,
    };
    let png = |game: &dyn AnyGame, flip: bool| {
        let options = Options { flip, ..options };
        herald::render::render_game(game, None, options).expect("a PNG")
    };
    let first: Vec<(VariantId, Vec<u8>)> = VariantId::ALL
        .iter()
        .map(|&v| (v, png(&*seeded(v, 7, 12), false)))
        .collect();
    // Other positions, sizes and sides in between fill the sprite and glyph caches anew.
    for &v in VariantId::ALL.iter().rev() {
        png(&*seeded(v, 8, 20), true);
        let wide = Options {
            width: 1000,
            flip: false,
        };
        herald::render::render_game(&*seeded(v, 9, 5), Some(sq("a1")), wide).expect("a PNG");
    }
    for (v, bytes) in first {
        assert!(
            png(&*seeded(v, 7, 12), false) == bytes,
            "{v:?} drew other bytes"
        );
    }
}

#[test]
fn the_empire_s_king_is_drawn_as_the_kaiser_and_the_kingdom_s_as_a_king() {
    use herald::rules::Emblem;
    let game = new_game(VariantId::Empire, None).expect("the start");
    let board = game.board();
    let at = |s: &str| {
        let (_, piece) = board
            .pieces
            .iter()
            .find(|(q, _)| *q == sq(s))
            .expect("a king");
        piece.emblem
    };
    assert_eq!((at("e1"), at("e8")), (Emblem::Kaiser, Emblem::King));
}

#[test]
fn the_no_progress_count_shows_only_once_a_draw_by_it_comes_into_view() {
    let options = Options {
        width: 500,
        flip: false,
    };
    let at = |halfmoves: u32| {
        let fen = format!("4k3/8/8/8/8/8/4P3/4K2R w - - {halfmoves} 60");
        let game = new_game(VariantId::Chess, Some(&fen)).unwrap();
        herald::render::render_game(&*game, None, options).unwrap()
    };
    // 29 of 50 turns looks like none at all; from 30 the count is drawn, and it changes.
    assert_eq!(at(58), at(0));
    assert_ne!(at(60), at(0));
    assert_ne!(at(62), at(60));
}

#[test]
fn at_a_phones_width_no_text_around_the_board_is_under_11_pixels() {
    for variant in VariantId::ALL {
        let game = new_game(variant, None).unwrap();
        let view = game.board();
        let layout = Layout::for_view(&view, 450, false);
        for (what, px) in [
            ("the players' labels", layout.strip_text()),
            ("the lost pieces' files", layout.strip_small_text()),
            ("the panel's second line", layout.info_text()),
            ("the coordinates", layout.coordinate_text()),
        ] {
            assert!(px >= 11.0, "{variant}: {what} at {px} px");
        }
    }
}

/// A round robin's crosstable of `players` players (`cycles` times round), every game of
/// the first `decided` rounds decided by the start numbers (the lower wins, every fifth game
/// drawn), the rest still being played; the last player withdrawn when `withdrawn`.
fn round_robin_table(
    players: usize,
    cycles: usize,
    decided: usize,
    withdrawn: bool,
) -> herald::render::crosstable::Crosstable {
    use herald::render::crosstable::{Crosstable, Grid, Player};
    use herald::tournament::berger;
    use herald::tournament::standings::{Entry, Results, System};
    let schedule = match cycles {
        1 => berger::single(players),
        _ => berger::double(players),
    };
    let mut rounds = vec![vec![Entry::Rest; schedule.len()]; players];
    for (r, round) in schedule.iter().enumerate() {
        for g in &round.games {
            let (w, b) = (g.white, g.black);
            // White's score in halves: the lower number wins, every fifth game drawn.
            let halves = match ((w + b + r) % 5, w < b) {
                (0, _) => 1,
                (_, true) => 2,
                _ => 0,
            };
            let entry = |opponent, white, halves| match r < decided {
                true => Entry::Played {
                    opponent,
                    white,
                    halves,
                },
                false => Entry::Pending { opponent, white },
            };
            rounds[w][r] = entry(b, true, halves);
            rounds[b][r] = entry(w, false, 2 - halves);
        }
    }
    let standings = Results::new(System::RoundRobin, &rounds).standings();
    let names = [
        "Anna Kowalska",
        "Bartholomew Montgomery-Smythe",
        "Chen Wei",
        "Dmitri",
        "Eve",
        "Fatima Zahra",
        "Gunnar",
        "Hiroko Tanaka",
        "Ines",
        "Jonas",
        "Kalinda",
        "Lars Ulrich",
        "Maya",
        "Nikolai",
        "Olu",
        "Priya",
    ];
    let score = |p: f64| match (p.trunc() as i64, p.fract() > 0.0) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    };
    Crosstable {
        title: "Autumn Cup".into(),
        subtitle: format!(
            "A round robin of Chess · {decided} of {} rounds played",
            schedule.len()
        ),
        grid: Grid::Opponents,
        tiebreaks: vec!["SB".into(), "DE".into(), "WIN".into()],
        players: (0..players)
            .map(|p| {
                let line = standings.iter().find(|s| s.player == p).unwrap();
                Player {
                    name: names[p % names.len()].to_string(),
                    place: line.place,
                    points: score(line.points),
                    tiebreaks: line.tiebreaks.iter().map(|v| format!("{v}")).collect(),
                    withdrawn: withdrawn && p == players - 1,
                    rounds: rounds[p].clone(),
                }
            })
            .collect(),
        standings: standings.iter().map(|s| s.player).collect(),
    }
}

/// The pixels of a crosstable that are not the frame's background.
fn drawn(rgb: &[u8]) -> usize {
    let bg = rgb_of(theme::BACKGROUND);
    rgb.chunks(3).filter(|p| *p != bg).count()
}

fn rgb_of(c: theme::Rgba) -> [u8; 3] {
    [c.0, c.1, c.2]
}

#[test]
fn a_crosstable_is_legible_on_a_phone_up_to_16_players() {
    use herald::render::crosstable::{crosstable, Grid, MAX_WIDTH, NOTE_PX};
    for (players, cycles) in [(3, 1), (8, 1), (16, 1), (10, 2), (16, 2)] {
        let table = round_robin_table(players, cycles, 2, true);
        let png = crosstable(&table).unwrap();
        let (width, height, rgb) = decode(&png);
        assert!(width <= MAX_WIDTH, "{players} players: {width} wide");
        let smallest = NOTE_PX * 450.0 / width.max(450) as f32;
        assert!(
            smallest >= 11.0,
            "{players} players: text {smallest} px at 450 wide"
        );
        assert!(height > 200, "{players} players: {height} tall");
        // Not blank: the names, the marks, the stripes.
        assert!(
            drawn(&rgb) * 10 > (width * height) as usize,
            "{players} players: blank?"
        );
        let white_marks = rgb
            .chunks(3)
            .filter(|p| *p == rgb_of(theme::WHITE_PIECE))
            .count();
        assert!(white_marks > 0, "{players} players: no colour marks");
    }
    // The same results as a Swiss's would stand: a cell a round, the rows by rank.
    let mut swiss = round_robin_table(16, 1, 9, false);
    swiss.grid = Grid::Rounds;
    let (width, _, rgb) = decode(&crosstable(&swiss).unwrap());
    assert!(width <= MAX_WIDTH && drawn(&rgb) > 0);
    // The reference picture: eight players after five rounds, one withdrawn.
    let reference = crosstable(&round_robin_table(8, 1, 5, true)).unwrap();
    if std::env::var_os("HERALD_WRITE_REFERENCE").is_some() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/reference");
        std::fs::write(path.join("crosstable.png"), &reference).unwrap();
    }
}
