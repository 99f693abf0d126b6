//! Squares, directions and precomputed lines for rectangular boards of up to 16 x 16.
//!
//! Variants keep their boards as arrays of cells indexed `rank * files + file`, which is what
//! move generation wants; a [`Geometry`] turns those indices into [`Square`]s and back (so no
//! variant spells squares itself) and holds the ray tables every slider and leaper needs.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use super::Color;

/// The most files, or ranks, a board may have.
pub const MAX_SIDE: u8 = 16;

/// A square of a board of at most 16 x 16, counted from White's lower-left corner: file 0 is
/// `a`, rank 0 is `1`. It cannot be made off such a board: [`Square::new`] checks, and the file
/// and rank are read-only (`square.file()`, or `square.file` through [`FileRank`]). Whether it is
/// on a smaller board is for that board to say ([`Square::parse_on`], [`Geometry::index`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(FileRank);

/// A square's file and rank as plain numbers: what `square.file` and `square.rank` read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileRank {
    pub file: u8,
    pub rank: u8,
}

impl Deref for Square {
    type Target = FileRank;
    fn deref(&self) -> &FileRank {
        &self.0
    }
}

impl Square {
    /// The square on `file` and `rank`. Panics off a 16 x 16 board: that is a bug in the caller.
    pub const fn new(file: u8, rank: u8) -> Self {
        assert!(
            file < MAX_SIDE && rank < MAX_SIDE,
            "a square beyond 16 x 16"
        );
        Square(FileRank { file, rank })
    }

    /// The square on `file` and `rank` if that is on a board of `files` x `ranks`.
    pub fn on(file: u8, rank: u8, files: u8, ranks: u8) -> Option<Square> {
        (file < files.min(MAX_SIDE) && rank < ranks.min(MAX_SIDE)).then(|| Square::new(file, rank))
    }

    pub const fn file(self) -> u8 {
        self.0.file
    }

    pub const fn rank(self) -> u8 {
        self.0.rank
    }

    /// Reads `e4`, `m13`, … on a board of `files` x `ranks`; `None` when off that board.
    pub fn parse_on(text: &str, files: u8, ranks: u8) -> Option<Square> {
        let sq: Square = text.parse().ok()?;
        Square::on(sq.file(), sq.rank(), files, ranks)
    }

    /// The file as a letter, `a` for file 0.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Square")
            .field("file", &self.file())
            .field("rank", &self.rank())
            .finish()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank() as u32 + 1)
    }
}

impl FromStr for Square {
    type Err = ();
    /// Parses a file letter `a`..`p` and a rank `1`..`16`, nothing more.
    fn from_str(s: &str) -> Result<Self, ()> {
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !(b'a'..=b'p').contains(&bytes[0]) {
            return Err(());
        }
        let digits = &s[1..];
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        let rank: u8 = digits.parse().map_err(|_| ())?;
        if !(1..=MAX_SIDE).contains(&rank) {
            return Err(());
        }
        Ok(Square::new(bytes[0] - b'a', rank - 1))
    }
}

/// The eight line directions as (file step, rank step). The first four are orthogonal.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),   // north
    (1, 0),   // east
    (0, -1),  // south
    (-1, 0),  // west
    (1, 1),   // north-east
    (1, -1),  // south-east
    (-1, -1), // south-west
    (-1, 1),  // north-west
];

/// The compass names of [`DIRECTIONS`]: `Compass::NE as usize` is north-east's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compass {
    N,
    E,
    S,
    W,
    NE,
    SE,
    SW,
    NW,
}

/// The knight's eight leaps, clockwise from one file right and two ranks up.
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The direction pointing the other way.
pub const fn opposite(dir: usize) -> usize {
    if dir < 4 {
        (dir + 2) % 4
    } else {
        4 + (dir - 4 + 2) % 4
    }
}

/// Whether a direction index is orthogonal (rank or file) rather than diagonal.
pub const fn is_orthogonal(dir: usize) -> bool {
    dir < 4
}

/// Every leap of the given shapes, each (a, b) taken both ways round and with every sign, once.
pub fn leaper(shapes: &[(i8, i8)]) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for &(a, b) in shapes {
        for (df, dr) in [(a, b), (b, a)] {
            for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if !out.contains(&(df * sf, dr * sr)) {
                    out.push((df * sf, dr * sr));
                }
            }
        }
    }
    out
}

/// Precomputed rays and neighbourhoods for one board size, squares as indices `rank * files + file`.
#[derive(Debug)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    ray_cells: Vec<u8>,
    ray_index: Vec<(u16, u8)>,
}

impl Geometry {
    pub fn new(files: u8, ranks: u8) -> Geometry {
        assert!(
            files <= MAX_SIDE && ranks <= MAX_SIDE,
            "boards are at most 16 x 16"
        );
        let mut ray_cells = Vec::new();
        let mut ray_index = Vec::new();
        for idx in 0..(files as usize * ranks as usize) {
            let (f, r) = ((idx % files as usize) as i16, (idx / files as usize) as i16);
            for &(df, dr) in DIRECTIONS.iter() {
                let start = ray_cells.len() as u16;
                let (mut x, mut y) = (f + df as i16, r + dr as i16);
                while x >= 0 && y >= 0 && x < files as i16 && y < ranks as i16 {
                    ray_cells.push((y * files as i16 + x) as u8);
                    x += df as i16;
                    y += dr as i16;
                }
                ray_index.push((start, (ray_cells.len() as u16 - start) as u8));
            }
        }
        Geometry {
            files,
            ranks,
            ray_cells,
            ray_index,
        }
    }

    pub fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every square index, from a1 along the first rank and up.
    pub fn indices(&self) -> impl Iterator<Item = u8> {
        (0..self.len()).map(|i| i as u8)
    }

    /// The squares met going from `idx` in direction `dir`, nearest first, the start excluded.
    #[inline]
    pub fn ray(&self, idx: u8, dir: usize) -> &[u8] {
        let (start, len) = self.ray_index[idx as usize * 8 + dir];
        &self.ray_cells[start as usize..start as usize + len as usize]
    }

    /// The square one step from `idx` in direction `dir`, if on the board.
    #[inline]
    pub fn step(&self, idx: u8, dir: usize) -> Option<u8> {
        self.ray(idx, dir).first().copied()
    }

    /// The square at `idx` moved by (`df`, `dr`), if on the board.
    #[inline]
    pub fn offset(&self, idx: u8, df: i8, dr: i8) -> Option<u8> {
        let f = (idx % self.files) as i16 + df as i16;
        let r = (idx / self.files) as i16 + dr as i16;
        (f >= 0 && r >= 0 && f < self.files as i16 && r < self.ranks as i16)
            .then(|| (r * self.files as i16 + f) as u8)
    }

    /// For every square, the squares the given leaps reach from it, in the order given.
    pub fn leaps(&self, offsets: &[(i8, i8)]) -> Vec<Vec<u8>> {
        self.indices()
            .map(|sq| {
                offsets
                    .iter()
                    .filter_map(|&(df, dr)| self.offset(sq, df, dr))
                    .collect()
            })
            .collect()
    }

    #[inline]
    pub fn file(&self, idx: u8) -> u8 {
        idx % self.files
    }

    #[inline]
    pub fn rank(&self, idx: u8) -> u8 {
        idx / self.files
    }

    /// The index of a square of this board.
    pub fn index(&self, sq: Square) -> u8 {
        debug_assert!(
            sq.file() < self.files && sq.rank() < self.ranks,
            "{sq} is off the board"
        );
        sq.rank() * self.files + sq.file()
    }

    /// The square of an index of this board.
    pub fn square(&self, idx: u8) -> Square {
        debug_assert!(
            (idx as usize) < self.len(),
            "square index {idx} is off the board"
        );
        Square::new(self.file(idx), self.rank(idx))
    }

    /// Reads a square's name (`e4`) as an index of this board; `None` when it is off it.
    pub fn parse(&self, text: &str) -> Option<u8> {
        Square::parse_on(text, self.files, self.ranks).map(|sq| self.index(sq))
    }

    /// The last rank for `color`: where its pawns promote, the other side's first rank.
    pub fn last_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => self.ranks - 1,
            Color::Black => 0,
        }
    }

    /// King distance: the number of king steps between two squares.
    #[inline]
    pub fn distance(&self, a: u8, b: u8) -> u8 {
        let df = (self.file(a) as i16 - self.file(b) as i16).unsigned_abs();
        let dr = (self.rank(a) as i16 - self.rank(b) as i16).unsigned_abs();
        df.max(dr) as u8
    }

    /// The direction index of the line from `a` to `b`, when they share a rank, file or diagonal.
    pub fn direction(&self, a: u8, b: u8) -> Option<usize> {
        if a == b {
            return None;
        }
        let df = self.file(b) as i16 - self.file(a) as i16;
        let dr = self.rank(b) as i16 - self.rank(a) as i16;
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return None;
        }
        let step = (df.signum() as i8, dr.signum() as i8);
        DIRECTIONS.iter().position(|&d| d == step)
    }

    /// Whether a square is a corner of the board.
    pub fn is_corner(&self, idx: u8) -> bool {
        let (f, r) = (self.file(idx), self.rank(idx));
        (f == 0 || f == self.files - 1) && (r == 0 || r == self.ranks - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_compass_name_points_its_way() {
        use Compass::*;
        let steps = [N, E, S, W, NE, SE, SW, NW].map(|c| DIRECTIONS[c as usize]);
        let expected = [
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, -1),
            (-1, 1),
        ];
        assert_eq!(steps, expected);
        assert_eq!(opposite(NE as usize), SW as usize);
    }

    #[test]
    fn squares_print_and_parse_with_two_digit_ranks() {
        assert_eq!(Square::new(12, 12).to_string(), "m13");
        assert_eq!("g7".parse::<Square>(), Ok(Square::new(6, 6)));
        assert_eq!("m13".parse::<Square>(), Ok(Square::new(12, 12)));
        assert!("a0".parse::<Square>().is_err());
        assert!("a07".parse::<Square>().is_err());
        assert!("z1".parse::<Square>().is_err());
        assert_eq!(Square::parse_on("n1", 13, 13), None);
        assert_eq!(Square::parse_on("a14", 13, 13), None);
        assert_eq!(Square::on(7, 7, 8, 8), Some(Square::new(7, 7)));
        assert_eq!(Square::on(8, 0, 8, 8), None);
        let sq = Square::new(4, 3);
        assert_eq!((sq.file, sq.rank), (sq.file(), sq.rank()));
        assert_eq!(format!("{sq:?}"), "Square { file: 4, rank: 3 }");
    }

    #[test]
    #[should_panic(expected = "beyond 16 x 16")]
    fn a_square_off_every_board_cannot_be_made() {
        let _ = Square::new(16, 0);
    }

    #[test]
    fn rays_stop_at_the_edge() {
        let g = Geometry::new(13, 13);
        let a1 = g.index(Square::new(0, 0));
        assert_eq!(g.ray(a1, 0).len(), 12);
        assert_eq!(g.ray(a1, 4).len(), 12);
        assert!(g.ray(a1, 2).is_empty());
        let g7 = g.index(Square::new(6, 6));
        assert_eq!(g.ray(g7, 5).len(), 6);
        assert_eq!(g.direction(a1, g7), Some(4));
        assert_eq!(g.direction(g7, a1), Some(opposite(4)));
        assert_eq!(g.distance(a1, g7), 6);
        assert!(g.is_corner(a1) && !g.is_corner(g7));
        assert_eq!(g.parse("g7"), Some(g7));
        assert_eq!(g.square(g7).to_string(), "g7");
        assert_eq!(leaper(&[(2, 1)]).len(), 8);
        assert_eq!(leaper(&[(2, 0), (2, 2)]).len(), 8);
    }
}
