//! Shared helpers for the integration tests: Epoch positions from piece lists, and the seeded
//! generator. The fake Discord beside this file is included only by the tests that need it.
#![allow(dead_code)]

pub mod browser;
pub mod clock;
pub mod postgres;
pub mod seeded;

use herald::rules::{new_game, AnyGame, Power, Square, VariantId};

/// The placement field for a list like `"Pg1 Mh1 pg13 ae9"`: letter (case = colour) and square.
pub fn placement(pieces: &str) -> String {
    let mut grid = [[None::<char>; 13]; 13];
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().expect("a piece letter");
        let sq: Square = item[1..]
            .parse()
            .unwrap_or_else(|_| panic!("bad square in {item}"));
        assert!(sq.file < 13 && sq.rank < 13, "{item} is off the board");
        assert!(
            grid[sq.rank as usize][sq.file as usize].is_none(),
            "{item}: square used twice"
        );
        grid[sq.rank as usize][sq.file as usize] = Some(letter);
    }
    let mut rows = Vec::new();
    for cells in grid.iter().rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in cells {
            match *cell {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A full position text: the pieces, then the other eight fields (e.g. `"w - - - - - 0 1"`).
pub fn fen(pieces: &str, fields: &str) -> String {
    format!("{} {fields}", placement(pieces))
}

/// An Epoch game from a piece list, White to move, no rights, nothing lost.
pub fn white(pieces: &str) -> Box<dyn AnyGame> {
    game(pieces, "w - - - - - 0 1")
}

/// An Epoch game from a piece list, Black to move, no rights, nothing lost.
pub fn black(pieces: &str) -> Box<dyn AnyGame> {
    game(pieces, "b - - - - - 0 1")
}

pub fn game(pieces: &str, fields: &str) -> Box<dyn AnyGame> {
    let text = fen(pieces, fields);
    new_game(VariantId::Epoch, Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in coordinate form.
pub fn moves(game: &dyn AnyGame) -> Vec<String> {
    game.legal_coordinates()
}

/// The coordinate moves of the piece on `square`, sorted.
pub fn moves_from(game: &dyn AnyGame, square: &str) -> Vec<String> {
    let sq: Square = square.parse().expect("a square");
    game.moves_from(sq)
        .into_iter()
        .map(|m| m.coordinate)
        .collect()
}

/// The destination squares of the piece on `square`, sorted, as text.
pub fn targets(game: &dyn AnyGame, square: &str) -> Vec<String> {
    let sq: Square = square.parse().expect("a square");
    let mut out: Vec<String> = game
        .moves_from(sq)
        .into_iter()
        .map(|m| m.marks.to.to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

pub fn has(game: &dyn AnyGame, coordinate: &str) -> bool {
    game.legal_coordinates().iter().any(|m| m == coordinate)
}

/// Plays a move or panics with the reason.
pub fn play(game: &mut Box<dyn AnyGame>, mv: &str) {
    if let Err(e) = game.play(mv) {
        panic!("{mv}: {e}\nposition: {}", game.position_text());
    }
}

/// Field `n` (counted from 1) of the current position text.
pub fn field(game: &dyn AnyGame, n: usize) -> String {
    game.position_text()
        .split(' ')
        .nth(n - 1)
        .expect("a position text has nine fields")
        .to_string()
}

/// The position-text letter of the piece on a square, if any.
pub fn piece_at(game: &dyn AnyGame, square: &str) -> Option<char> {
    let sq: Square = square.parse().expect("a square");
    game.board()
        .pieces
        .into_iter()
        .find(|(s, _)| *s == sq)
        .map(|(_, p)| p.letter)
}

/// How the piece on a square stands: enhanced, restricted, dormant or plain.
pub fn power(game: &dyn AnyGame, square: &str) -> Power {
    let sq: Square = square.parse().expect("a square");
    game.board()
        .pieces
        .into_iter()
        .find(|(s, _)| *s == sq)
        .map(|(_, p)| p.power)
        .unwrap_or_else(|| panic!("no piece on {square} in {}", game.position_text()))
}
