//! The rules of every game Herald hosts: pure, with no I/O, no async, no Discord and no SQL.
//!
//! Everything outside this module reaches a variant through [`AnyGame`] (a game in progress,
//! moves as text in and [`MoveInfo`] out) and [`BoardView`] (what a renderer draws). A variant
//! implements [`Variant`]; [`Game`] adds what every variant shares: move history, repetition
//! counting, parse-by-matching notation and perft.

pub mod ageiou;
pub mod chess;
pub mod empire;
pub mod epoch;
pub mod fantastic;
pub mod game;
pub mod geometry;
pub mod key;
pub mod notation;
pub mod options;

use std::fmt;
use std::str::FromStr;

pub use game::{new_game, new_game_with, AnyGame, Game, SetupError};
pub use geometry::Square;
pub use options::{GameOptions, OptionsError};

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// "White" or "Black", for the start of a sentence.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The games Herald knows. Adding a variant adds a name here and an arm in [`new_game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VariantId {
    Epoch,
    Chess,
    Empire,
    Fantastic,
    Ageiou,
}

impl VariantId {
    pub const ALL: [VariantId; 5] = [
        VariantId::Epoch,
        VariantId::Chess,
        VariantId::Empire,
        VariantId::Fantastic,
        VariantId::Ageiou,
    ];

    /// The name used on the command line, in commands and in the database.
    pub fn key(self) -> &'static str {
        match self {
            VariantId::Epoch => "epoch",
            VariantId::Chess => "chess",
            VariantId::Empire => "empire",
            VariantId::Fantastic => "fantastic",
            VariantId::Ageiou => "ageiou",
        }
    }

    /// The name shown to players.
    pub fn title(self) -> &'static str {
        match self {
            VariantId::Epoch => "Chess 13: Epoch",
            VariantId::Chess => "Chess",
            VariantId::Empire => "Empire Chess",
            VariantId::Fantastic => "Fantastic XIII",
            VariantId::Ageiou => "AGEIOU",
        }
    }

    /// What the side of `color` is called in this game ("White", or AGEIOU's "Light").
    pub fn side(self, color: Color) -> &'static str {
        self.sides()[color.index()]
    }

    /// White's and Black's names in this game.
    pub fn sides(self) -> [&'static str; 2] {
        match self {
            VariantId::Ageiou => ["Light", "Dark"],
            _ => ["White", "Black"],
        }
    }

    /// Whether games of this variant take options (see [`GameOptions`]).
    pub fn has_options(self) -> bool {
        matches!(self, VariantId::Ageiou)
    }

    /// One line telling players what the game is.
    pub fn summary(self) -> &'static str {
        match self {
            VariantId::Epoch => {
                "13x13 with a command zone, dormant Emperors, blasting Mages and jumping Assassins"
            }
            VariantId::Chess => "standard chess, by the FIDE rules",
            VariantId::Empire => {
                "8x8, asymmetric: the Empire's pieces move like queens against a chess army"
            }
            VariantId::Fantastic => {
                "13x13 by J.-L. Cazaux: leapers and bent riders, a Prince, Trolls and a jumping King"
            }
            VariantId::Ageiou => {
                "10x10 without check: portals built by Vertags, kings saved by their bishops"
            }
        }
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for VariantId {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let wanted = s.trim().to_ascii_lowercase();
        VariantId::ALL
            .into_iter()
            .find(|v| v.key() == wanted)
            .ok_or_else(|| {
                let known: Vec<&str> = VariantId::ALL.iter().map(|v| v.key()).collect();
                format!(
                    "unknown variant '{s}': expected one of {}",
                    known.join(", ")
                )
            })
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    Checkmate,
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A position occurred for the third time.
    Repetition,
    /// The no-progress (fifty-move-like) limit ran out.
    NoProgress,
    InsufficientMaterial,
    /// A king reached the far rank.
    Campmate,
    /// A king was captured with nothing left to save it.
    KingCaptured,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::NoProgress => "no progress",
            Reason::InsufficientMaterial => "insufficient material",
            Reason::Campmate => "campmate",
            Reason::KingCaptured => "king captured",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win { winner: Color, reason: Reason },
    Draw { reason: Reason },
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    pub fn reason(self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }
}

impl fmt::Display for Outcome {
    /// `white wins: checkmate`, `draw: no progress`: the form `herald rules show` prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {}", reason.name()),
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.name()),
        }
    }
}

/// A position text that could not be read. The message names the field and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position text, {field}: {message}")]
pub struct PositionError {
    pub field: &'static str,
    pub message: String,
}

impl PositionError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        PositionError {
            field,
            message: message.into(),
        }
    }
}

/// Input that does not name exactly one legal move, with a reason a player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("cannot read '{input}' as a move: expected {expected}")]
    Unreadable { input: String, expected: String },
    #[error("'{input}': {reason}")]
    Illegal { input: String, reason: String },
    #[error("'{input}' is ambiguous: {}?", candidates.join(" or "))]
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

/// How a piece stands, for drawing: most variants only use `Plain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Power {
    /// A piece with one version only.
    Plain,
    /// Inside its own side's command zone.
    Enhanced,
    /// Outside its own side's command zone.
    Restricted,
    /// Asleep: cannot move, capture or be captured until something wakes it.
    Dormant,
}

/// The picture a renderer draws for a piece: a shared drawing vocabulary, so the renderer
/// knows shapes, never a variant's piece names. Each variant maps its pieces onto these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Emblem {
    /// A papal tiara (three crowns under a cross): a royal piece.
    Tiara,
    /// A five-pointed crown.
    Crown,
    /// A star on a pedestal.
    Star,
    /// An upright dagger.
    Dagger,
    /// A crenellated tower.
    Tower,
    /// A wizard's pointed hat.
    PointedHat,
    /// A swallow-tailed banner on a pole.
    Banner,
    /// A flat-topped great helm with a cross.
    GreatHelm,
    /// A foot soldier: a pawn's head and body.
    Footman,
    /// The Staunton-style pieces of standard chess.
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
    /// Empire Chess's Imperial pieces (the Tower reuses Tower).
    Eagle,
    Cardinal,
    Duke,
    /// A shield with a cross.
    Shield,
    /// Fantastic XIII's pieces (its King, Pawn and Eagle reuse King, Pawn and Eagle).
    Prince,
    Troll,
    Snake,
    Ship,
    Squirrel,
    Hawk,
    Mammoth,
    Cheetah,
    Rhinoceros,
    Direwolf,
    /// AGEIOU's pieces: a sailing boat (the rook), the portal-building Vertag (a ring on a
    /// stem), the Councillor (a minister's domed cap), and a pawn that has moved (a pawn with
    /// a band across its body).
    Boat,
    Vertag,
    Councillor,
    MovedPawn,
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

/// A legal move described in every way the rest of Herald needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInfo {
    /// The canonical coordinate form, used by every machine interface (`c1e3`, `d5d5`).
    pub coordinate: String,
    /// The canonical SAN, with `+` or `#` (`Hxe3+`, `O-O`, `Gd5*`).
    pub san: String,
    /// The move in words ("Knight g1 to f3").
    pub description: String,
    pub marks: MoveMarks,
}

/// How an orthodox game ends (chess, Fantastic XIII): with no legal move, checkmate wins and
/// stalemate draws; the third occurrence of a position, a hundred plies without a capture or
/// pawn move, and material that cannot mate draw. The checks are asked only when needed.
pub(crate) fn orthodox_outcome(
    has_moves: bool,
    in_check: impl FnOnce() -> bool,
    turn: Color,
    occurrences: usize,
    halfmoves: u32,
    dead_material: impl FnOnce() -> bool,
) -> Option<Outcome> {
    let draw = |reason| Some(Outcome::Draw { reason });
    if !has_moves {
        return if in_check() {
            Some(Outcome::Win {
                winner: !turn,
                reason: Reason::Checkmate,
            })
        } else {
            draw(Reason::Stalemate)
        };
    }
    if occurrences >= 3 {
        draw(Reason::Repetition)
    } else if halfmoves >= 100 {
        draw(Reason::NoProgress)
    } else if dead_material() {
        draw(Reason::InsufficientMaterial)
    } else {
        None
    }
}

/// The interface a variant's position type implements. Everything here is pure.
pub trait Variant: Clone + Send + Sync + Sized + 'static {
    type Move: Copy + Eq + std::hash::Hash + fmt::Debug + Send + Sync;

    const ID: VariantId;

    /// Whether Black may swap sides instead of answering White's first move.
    const HAS_SWAP: bool;

    fn start() -> Self;
    fn from_text(text: &str) -> Result<Self, PositionError>;
    fn to_text(&self) -> String;
    fn turn(&self) -> Color;
    /// The move number, 1 for the first move of a game.
    fn move_number(&self) -> u32;
    /// Appends the legal moves of the side to move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move that `legal_moves` produced.
    fn play(&mut self, mv: &Self::Move);
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// Identifies the position for repetition (placement, side to move and the rights that count).
    fn repetition_key(&self) -> u64;
    /// Plies since the last irreversible move: no earlier position can repeat.
    fn reversible_plies(&self) -> u32;
    /// The result the variant's rules give, if the game is over. `has_moves` says whether the
    /// side to move has a legal move, `occurrences` how often this position has now occurred.
    fn outcome(&self, has_moves: bool, occurrences: usize) -> Option<Outcome>;
    /// The canonical coordinate form.
    fn coordinate(&self, mv: &Self::Move) -> String;
    /// The canonical SAN without check marks; `legal` gives the moves to disambiguate against.
    fn san(&self, mv: &Self::Move, legal: &[Self::Move]) -> String;
    /// The long algebraic form (`Tb1-d4`), used to list the moves an input could mean.
    fn long_form(&self, mv: &Self::Move) -> String;
    /// Every accepted spelling of the move, already passed through [`notation::normalize`].
    fn spellings(&self, mv: &Self::Move, legal: &[Self::Move]) -> Vec<String>;
    /// Why input that matched no legal move is not one, as specifically as possible.
    fn explain(&self, input: &str, legal: &[Self::Move]) -> MoveError;
    fn describe(&self, mv: &Self::Move) -> String;
    fn marks(&self, mv: &Self::Move) -> MoveMarks;
    fn board_view(&self) -> BoardView;

    /// The game options this position plays under.
    fn options(&self) -> GameOptions {
        GameOptions::default()
    }

    /// Plays under `options`. A variant whose rules fix the repetition and no-progress numbers
    /// and has no portals accepts the defaults only, so a game never silently ignores one.
    fn set_options(&mut self, options: GameOptions) -> Result<(), OptionsError> {
        if options.is_default() {
            Ok(())
        } else {
            Err(OptionsError::Unsupported { variant: Self::ID })
        }
    }
}

/// A short explanation of a variant's rules, or of one piece or topic of them.
pub fn help(variant: VariantId, topic: Option<&str>) -> String {
    let text = match variant {
        VariantId::Epoch => epoch::help::text(topic),
        VariantId::Chess => chess::help(topic),
        VariantId::Empire => empire::help(topic),
        VariantId::Fantastic => fantastic::help(topic),
        VariantId::Ageiou => ageiou::help(topic),
    };
    match text {
        Some(t) => t.to_string(),
        None => format!(
            "No rules entry for '{}'. {}",
            topic.unwrap_or_default(),
            help(variant, None)
        ),
    }
}
