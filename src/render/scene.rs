//! What one picture shows, and how to read it off a game.

use crate::rules::{
    new_game_with, AnyGame, BoardView, Color, Emblem, Livery, MoveMarks, Outcome, Square,
};

/// One piece's moves, for the moves-of-one-piece diagram.
#[derive(Clone, Debug)]
pub struct Focus {
    pub square: Square,
    pub moves: Vec<MoveMarks>,
}

/// The labels drawn by each side of the board, e.g. a player's name and rating ("alice 1523"),
/// and how the game ended when the board cannot tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players {
    pub white: String,
    pub black: String,
    /// The result of a game its players ended (a resignation, a time-out, an agreed draw, an
    /// abort), which the panel shows instead of whose turn it is; a result of the rules
    /// (checkmate, repetition, …) the board shows by itself.
    pub ending: Option<String>,
}

impl Players {
    pub fn new(white: impl Into<String>, black: impl Into<String>) -> Players {
        Players {
            white: white.into(),
            black: black.into(),
            ending: None,
        }
    }

    /// The same labels, for a game that ended as `line` says ("Black wins: White resigned").
    pub fn ended(self, line: impl Into<String>) -> Players {
        Players {
            ending: Some(line.into()),
            ..self
        }
    }

    /// The label of one side.
    pub fn of(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// A piece a side no longer has: captured, or (where the rules keep them for reclaiming, as
/// Epoch's lost pieces) lost on `file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub color: Color,
    pub emblem: Emblem,
    pub livery: Livery,
    pub file: Option<char>,
}

/// Everything one picture shows.
#[derive(Clone, Debug)]
pub struct Scene<'a> {
    pub board: &'a BoardView,
    pub last_move: Option<&'a MoveMarks>,
    pub focus: Option<&'a Focus>,
    /// Replaces the "White to move" line, e.g. with the result of a finished game.
    pub status: Option<String>,
    /// The labels by each side; without them the sides' names ("White", "Light").
    pub players: Option<&'a Players>,
    /// Each side's missing pieces (see [`taken`]); when empty, the board's lost pieces.
    pub taken: Vec<Taken>,
}

impl<'a> Scene<'a> {
    /// A scene of a board alone: no last move, focus, status, players or taken pieces.
    pub fn of(board: &'a BoardView) -> Scene<'a> {
        Scene {
            board,
            last_move: None,
            focus: None,
            status: None,
            players: None,
            taken: Vec::new(),
        }
    }
}

/// What a game shows now: its board, its last move, and optionally the moves of one piece.
pub fn snapshot(
    game: &dyn AnyGame,
    piece: Option<Square>,
) -> (BoardView, Option<MoveMarks>, Option<Focus>) {
    let board = game.board();
    let last = game.last_move();
    let focus = piece.map(|square| Focus {
        square,
        moves: game
            .moves_from(square)
            .into_iter()
            .map(|m| m.marks)
            .collect(),
    });
    (board, last, focus)
}

/// The board the game started from, when its start text still reads.
pub fn start_board(game: &dyn AnyGame) -> Option<BoardView> {
    new_game_with(game.variant(), Some(&game.start_text()), game.options())
        .ok()
        .map(|g| g.board())
}

/// Each side's pieces missing from `now` against `start`, counted by emblem, whatever the
/// variant: a capture, or a promoted pawn. The rules' lost pieces (which carry the file they
/// were lost on) name the file of a missing piece of theirs, or are added when the start
/// already lacked them. Ordered by side, then emblem, then file.
pub fn taken(start: &BoardView, now: &BoardView) -> Vec<Taken> {
    let mut out: Vec<Taken> = Vec::new();
    let count = |view: &BoardView, color: Color, emblem: Emblem| {
        view.pieces
            .iter()
            .filter(|(_, p)| p.color == color && p.emblem == emblem)
            .count()
    };
    let mut seen: Vec<(Color, Emblem)> = Vec::new();
    for (_, p) in &start.pieces {
        if seen.contains(&(p.color, p.emblem)) {
            continue;
        }
        seen.push((p.color, p.emblem));
        let missing = count(start, p.color, p.emblem).saturating_sub(count(now, p.color, p.emblem));
        out.extend((0..missing).map(|_| Taken {
            color: p.color,
            emblem: p.emblem,
            livery: p.livery,
            file: None,
        }));
    }
    for lost in &now.lost {
        let same = |t: &&mut Taken| t.color == lost.color && t.emblem == lost.emblem;
        match out.iter_mut().filter(same).find(|t| t.file.is_none()) {
            Some(t) => t.file = Some(lost.file),
            None => out.push(Taken {
                color: lost.color,
                emblem: lost.emblem,
                livery: lost.livery,
                file: Some(lost.file),
            }),
        }
    }
    out.sort_by_key(|t| (t.color.index(), t.emblem, t.file));
    out
}

/// The board's own lost pieces as taken pieces, for a scene given none.
pub(super) fn lost_of(view: &BoardView) -> Vec<Taken> {
    view.lost
        .iter()
        .map(|l| Taken {
            color: l.color,
            emblem: l.emblem,
            livery: l.livery,
            file: Some(l.file),
        })
        .collect()
}

/// The result line of a game's pictures: how its players ended it, if they did, else
/// [`outcome_line`].
pub fn result_line(game: &dyn AnyGame, players: Option<&Players>) -> Option<String> {
    players
        .and_then(|p| p.ending.clone())
        .or_else(|| outcome_line(game))
}

/// The result of a finished game as a status line, with the variant's names for the sides
/// (AGEIOU's Light and Dark): `Light wins: king captured`; `None` while it goes on.
pub fn outcome_line(game: &dyn AnyGame) -> Option<String> {
    let words = |reason: crate::rules::Reason| reason.name().replace('-', " ");
    game.outcome().map(|o| match o {
        Outcome::Win { winner, reason } => {
            format!("{} wins: {}", game.variant().side(winner), words(reason))
        }
        Outcome::Draw { reason } => format!("Draw: {}", words(reason)),
    })
}
