//! What a renderer draws: a position as a [`BoardView`] in a drawing vocabulary shared by all
//! variants (the pieces' [`Emblem`]s, [`Livery`], zones, portals, marks), a move as the
//! moves' [`MoveMarks`], and the [`View`] part of a variant that produces them.

use super::geometry::Geometry;
use super::{Color, Emblem, MoveMarks, Notation, Piece, PieceKind, Power, Square, VariantId};

/// A variant's picture of its positions and moves.
pub trait View: Notation {
    fn board_view(&self) -> BoardView;

    /// What a move does on the board, for highlighting; by default the piece's step from its
    /// facts' `from` to `to`, taking the victim there is.
    fn marks(&self, mv: &Self::Move) -> MoveMarks {
        self.facts(mv).marks()
    }
}

/// The colours a piece is drawn in: usually light for White and dark for Black; Empire
/// Chess's Imperial army is gold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Livery {
    Light,
    Dark,
    Gold,
}

impl Livery {
    /// The usual livery of a side.
    pub fn of(color: Color) -> Livery {
        match color {
            Color::White => Livery::Light,
            Color::Black => Livery::Dark,
        }
    }
}

/// A piece as a renderer or a player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    pub color: Color,
    /// The piece's name, e.g. "Knight".
    pub name: &'static str,
    /// What to draw.
    pub emblem: Emblem,
    pub livery: Livery,
    /// The letter of the position text, in the owner's case.
    pub letter: char,
    pub power: Power,
}

impl PieceView {
    /// A piece as its kind's table gives it, in its side's usual livery, with one version only.
    pub fn plain<K: PieceKind>(piece: Piece<K>) -> PieceView {
        PieceView {
            color: piece.color,
            name: piece.kind.name(),
            emblem: piece.kind.emblem(),
            livery: Livery::of(piece.color),
            letter: piece.letter(),
            power: Power::Plain,
        }
    }
}

/// The views of the pieces on a board of cells indexed by `geo`, from a1 along each rank.
pub fn piece_views<K: PieceKind>(
    geo: &Geometry,
    cells: &[Option<Piece<K>>],
    view: impl Fn(u8, Piece<K>) -> PieceView,
) -> Vec<(Square, PieceView)> {
    geo.indices()
        .filter_map(|sq| cells[sq as usize].map(|p| (geo.square(sq), view(sq, p))))
        .collect()
}

/// One side's command zone, where a variant has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneView {
    pub color: Color,
    /// The square the zone is centred on (the piece that projects it).
    pub centre: Square,
    /// Every square the zone covers.
    pub squares: Vec<Square>,
}

/// A piece a side has lost and may reclaim, with the file it was lost on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostView {
    pub color: Color,
    pub name: &'static str,
    pub emblem: Emblem,
    pub livery: Livery,
    pub letter: char,
    pub file: char,
}

/// A portal, where a variant has them: one-way from `entrance` to `exit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortalView {
    pub entrance: Square,
    pub exit: Square,
    /// While it is being built: the side building it and the turns done and needed.
    pub building: Option<(Color, u8, u8)>,
}

/// A square the rules mark for the player, with a short label (e.g. a square the king may be
/// placed on, labelled "K").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedSquare {
    pub square: Square,
    pub label: String,
}

/// Everything a renderer needs to draw a position, without knowing the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub files: u8,
    pub ranks: u8,
    pub pieces: Vec<(Square, PieceView)>,
    pub turn: Color,
    pub move_number: u32,
    pub zones: Vec<ZoneView>,
    /// Squares the rules give a meaning of their own (Epoch's command square).
    pub special_squares: Vec<Square>,
    /// The royal piece of the side to move, when it is in check.
    pub royal_in_check: Option<Square>,
    /// Squares on which the side to move may riposte.
    pub riposte: Vec<Square>,
    /// The no-progress count in turns, and the limit at which the game is drawn.
    pub no_progress: Option<(u32, u32)>,
    pub lost: Vec<LostView>,
    /// Open portals and portals being built.
    pub portals: Vec<PortalView>,
    /// Squares offered for a choice the side to move must make first.
    pub marked: Vec<MarkedSquare>,
    /// A line for the panel about what the side to move must do, when it is unusual.
    pub notice: Option<String>,
    /// What the two sides are called (White's name first): "White"/"Black", or AGEIOU's
    /// "Light"/"Dark".
    pub sides: [&'static str; 2],
}

impl BoardView {
    /// A view of a `variant` board of `geo`'s size with its pieces and nothing else marked;
    /// a variant fills in what its rules add.
    pub fn new(
        variant: VariantId,
        geo: &Geometry,
        pieces: Vec<(Square, PieceView)>,
        turn: Color,
        move_number: u32,
    ) -> BoardView {
        BoardView {
            files: geo.files,
            ranks: geo.ranks,
            pieces,
            turn,
            move_number,
            zones: Vec::new(),
            special_squares: Vec::new(),
            royal_in_check: None,
            riposte: Vec::new(),
            no_progress: None,
            lost: Vec::new(),
            portals: Vec::new(),
            marked: Vec::new(),
            notice: None,
            sides: variant.sides(),
        }
    }
}
