//! Moves as the rest of Herald sees them: what sort of move it is ([`MoveKind`]), the facts the
//! shared notation writer and highlighter read from a variant ([`MoveFacts`]), what a move did
//! on the board, for highlighting ([`MoveMarks`]), and everything said about a legal move at
//! once ([`MoveInfo`]).

use super::Square;

/// What sort of move a move is, across all the variants. A capturing move of any sort has
/// [`MoveMarks::captures`] set; `Capture` is only the plain one, landing on its victim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece or pawn to an empty square (a pawn's double step included).
    Quiet,
    /// A piece or pawn takes what stands on the square it lands on.
    Capture,
    /// A pawn takes a pawn (Fantastic XIII: or a Prince) that just passed it; the victim is
    /// not on the landing square.
    EnPassant,
    /// The king (Epoch: the Pope) castles; `from` and `to` are the royal piece's squares.
    Castle,
    /// A pawn reaches its last rank and becomes another piece, capturing or not (Fantastic
    /// XIII: also a Prince, Troll, Ship or Snake; Epoch: the Legionary is traded for a piece it
    /// lost).
    Promotion,
    /// Fantastic XIII: the King's initial jump to an empty square two squares away.
    KingJump,
    /// Epoch: a Mage destroys the pieces around it and stays where it is (`from` = `to`).
    Blast,
    /// Epoch: an Assassin jumps its victim and lands beyond it.
    AssassinCapture,
    /// Epoch: a Legionary already on its last rank claims a lost piece as its whole move
    /// (`from` = `to`).
    Claim,
    /// AGEIOU: a piece ends its move through a portal, on the portal's exit (`to`), capturing
    /// or not.
    PortalMove,
    /// AGEIOU: the king and one of its bishops change places (`to` is the bishop's square).
    Swap,
    /// AGEIOU: a Vertag starts or goes on building a portal on its square (`from` = `to`).
    Build,
    /// AGEIOU: a captured king is placed on one of its bishops' squares, and that bishop is
    /// lost (`from` = `to`). The turn does not pass.
    Place,
}

impl MoveKind {
    /// Whether SAN writes the move as a piece going to a square (and disambiguates it against
    /// other such moves), rather than in a form of its own (`O-O`, `Gd5*`, `K<>d1`, …).
    pub fn is_ordinary(self) -> bool {
        !matches!(
            self,
            MoveKind::Castle
                | MoveKind::Blast
                | MoveKind::Claim
                | MoveKind::Swap
                | MoveKind::Build
                | MoveKind::Place
        )
    }
}

/// What the shared notation writer and the default highlighting need to know about a move,
/// in the variant's own terms: the one thing a variant's notation says about each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    pub kind: MoveKind,
    /// Where the moving piece starts (for a blast, a claim, a build or a placement: the square
    /// it all happens on).
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// The moving piece's letter, upper case (for a placement, the king's).
    pub letter: char,
    /// Whether it is a pawn (SAN writes no letter for it).
    pub pawn: bool,
    /// The square of the piece it takes, if it takes one.
    pub victim: Option<Square>,
    /// The letter of the piece it becomes, upper case.
    pub promotion: Option<char>,
}

impl MoveFacts {
    /// A piece's move from one square to another, with nothing taken or gained yet.
    pub fn new(kind: MoveKind, from: Square, to: Square, letter: char, pawn: bool) -> MoveFacts {
        MoveFacts {
            kind,
            from,
            to,
            letter,
            pawn,
            victim: None,
            promotion: None,
        }
    }

    pub fn capture(&self) -> bool {
        self.victim.is_some()
    }

    /// What the move does on the board, for highlighting: the piece goes from `from` to `to`,
    /// taking at most its victim.
    pub fn marks(&self) -> MoveMarks {
        MoveMarks::step(self.from, self.to, self.victim)
    }
}

/// A legal move described in every way the rest of Herald needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical coordinate form, used by every machine interface (`c1e3`, `d5d5`).
    pub coordinate: String,
    /// The canonical SAN, with `+` or `#` (`Hxe3+`, `O-O`, `Gd5*`).
    pub san: String,
    /// The move in words ("Knight g1 to f3").
    pub description: String,
    /// What sort of move it is.
    pub kind: MoveKind,
    pub marks: MoveMarks,
}

/// What a move did on the board, for highlighting it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMarks {
    /// Where the moving piece started (for a blast, the blasting piece's square).
    pub from: Square,
    /// Where it ended (for a blast, the same square).
    pub to: Square,
    /// Squares whose pieces the move removed.
    pub victims: Vec<Square>,
    /// The centre of a blast, whose ring the renderer may outline.
    pub blast: Option<Square>,
    /// Whether the move captures (it then shows as red corners in a piece's move diagram).
    pub captures: bool,
}

impl MoveMarks {
    /// A piece going from one square to another, taking at most one piece (which stands on
    /// `to`, or beside it for en passant).
    pub fn step(from: Square, to: Square, victim: Option<Square>) -> MoveMarks {
        MoveMarks {
            from,
            to,
            captures: victim.is_some(),
            victims: victim.into_iter().collect(),
            blast: None,
        }
    }
}
