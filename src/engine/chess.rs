//! Standard chess's evaluation.
//!
//! Tapered: every term has a middlegame and an endgame value, blended by the material left
//! (knights and bishops 1, rooks 2, queens 4, 24 in all at the start), so the king shelters
//! behind its pawns while the queens and rooks are on and walks to the centre when they are
//! gone, and a passed pawn grows in worth as the pieces come off. Material on the classical
//! scale (pawn 100, knight 320, bishop 330, rook 500, queen 900 in the middlegame; pawns and
//! rooks a little more in the endgame, where they decide). Placement: knights most, bishops
//! and the queen less, want the centre; rooks the open and half-open files and the seventh
//! rank; pawns want to advance, the centre pawns most. Pawn structure: -15/-25 a doubled
//! pawn, -12/-18 an isolated one, passed pawns 10 to 110 by how far they have come (half in
//! the middlegame), a third less when the square ahead is taken, and in the endgame more the
//! farther the enemy king is from that square and the nearer its own. The bishop pair 30/50.
//! King safety: the king stays home on a wing, and each of the three files in front of it is
//! worth 12 with a pawn within two squares, -10 bare; and the squares around it that enemy
//! pieces reach, weighed by the attacker (knight and bishop 2, rook 3, queen 5), cost the
//! square of their sum times 3/4 (at most 600) once two pieces join the attack. Development:
//! -12 a knight or bishop still at home, -25 more for the queen out while two are
//! (middlegame). Activity: each piece's mobility is the squares it reaches that hold no piece
//! of its own and no enemy pawn guards, scored against an average piece of its kind (knight 4
//! a square, bishop 4/5, rook 2/4, queen 1/2), and the search adds 1 a legal move; a pawn
//! attacking a piece is worth 45/35, a knight on the fourth to sixth rank guarded by a pawn
//! and safe from the enemy's 20/10. The side to move has 10 for the move. docs/engine.md
//! gives the measured strength.

use super::board8::{board8_ordering, off_centre, orthodox, ranks_up, SQUARES};
use super::Evaluate;
use crate::rules::board8::{tables, Move, Sq};
use crate::rules::chess::{Kind, Position};
use crate::rules::geometry::is_orthogonal;
use crate::rules::{Color, Piece};

fn value(kind: Kind) -> i32 {
    orthodox(kind.letter())
}

/// A score for the middlegame and one for the endgame, blended by the material left.
#[derive(Clone, Copy, Default)]
struct Phased {
    mg: i32,
    eg: i32,
}

impl Phased {
    fn add(&mut self, mg: i32, eg: i32) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The pieces on the board with their squares, found once for every term of the evaluation.
struct Men {
    list: [(Sq, Piece<Kind>); 32],
    len: usize,
}

impl Men {
    fn of(pos: &Position) -> Men {
        let mut men = Men {
            list: [(0, Piece::new(Color::White, Kind::King)); 32],
            len: 0,
        };
        for sq in 0..64u8 {
            if let Some(p) = pos.at(sq) {
                // A legal position has at most 32 men; a composed one with more is cut short.
                if men.len < 32 {
                    men.list[men.len] = (sq, p);
                    men.len += 1;
                }
            }
        }
        men
    }

    fn iter(&self) -> impl Iterator<Item = (Sq, Piece<Kind>)> + '_ {
        self.list[..self.len].iter().copied()
    }
}

/// The middlegame's weight of the material on the board: knights and bishops 1, rooks 2,
/// queens 4, out of 24 at the start.
fn phase(men: &Men) -> i32 {
    let weight = |k: Kind| match k {
        Kind::Knight | Kind::Bishop => 1,
        Kind::Rook => 2,
        Kind::Queen => 4,
        _ => 0,
    };
    let total: i32 = men.iter().map(|(_, p)| weight(p.kind)).sum();
    total.min(24)
}

/// Each side's pawns by file: how many, and the rank of the one nearest its own back rank
/// (White's lowest, Black's highest; -1 for none), which decides whose pawns are passed.
struct Pawns {
    count: [[i32; 8]; 2],
    rear: [[i32; 8]; 2],
}

impl Pawns {
    fn of(men: &Men) -> Pawns {
        let mut p = Pawns {
            count: [[0; 8]; 2],
            rear: [[-1; 8]; 2],
        };
        for (sq, piece) in men.iter() {
            if piece.kind != Kind::Pawn {
                continue;
            }
            let (c, f, r) = (piece.color.index(), (sq % 8) as usize, i32::from(sq / 8));
            p.count[c][f] += 1;
            let rear = &mut p.rear[c][f];
            *rear = match (piece.color, *rear) {
                (_, -1) => r,
                (Color::White, old) => old.min(r),
                (Color::Black, old) => old.max(r),
            };
        }
        p
    }

    /// Whether no enemy pawn stands ahead of a pawn of `color` on `sq`, on its file or the
    /// next ones: an enemy pawn is ahead when the one nearest the enemy's own back rank is.
    fn passed(&self, color: Color, sq: u8) -> bool {
        let (file, rank) = (i32::from(sq % 8), i32::from(sq / 8));
        let them = (!color).index();
        ((file - 1).max(0)..=(file + 1).min(7)).all(|f| {
            let rear = self.rear[them][f as usize];
            rear < 0
                || match color {
                    Color::White => rear <= rank,
                    Color::Black => rear >= rank,
                }
        })
    }
}

/// What a passed pawn is worth in the endgame by the ranks it has come (1 on its first
/// square, 6 on the seventh rank).
const PASSED: [i32; 7] = [0, 10, 15, 25, 45, 75, 110];

/// One piece's placement (middlegame, endgame).
fn placement(pos: &Position, p: Piece<Kind>, sq: u8, pawns: &Pawns) -> (i32, i32) {
    let c = off_centre(sq);
    let up = ranks_up(p.color, sq);
    let file = (sq % 8) as usize;
    let (own, theirs) = (
        pawns.count[p.color.index()],
        pawns.count[(!p.color).index()],
    );
    match p.kind {
        Kind::Knight => (15 - 10 * c, 10 - 8 * c),
        Kind::Bishop => (8 - 5 * c, 6 - 4 * c),
        Kind::Queen => (2 - 2 * c, 6 - 5 * c),
        Kind::Rook => {
            let open = match (own[file], theirs[file]) {
                (0, 0) => 20,
                (0, _) => 10,
                _ => 0,
            };
            let seventh = if up == 6 { 20 } else { 0 };
            (open + seventh, open / 2 + seventh)
        }
        Kind::Pawn => {
            let centre = if (3..=4).contains(&file) && (3..=4).contains(&up) {
                12
            } else {
                0
            };
            let mut score = (5 * (up - 1) + centre, 10 * (up - 1));
            if pawns.passed(p.color, sq) {
                let (mg, eg) = passer(pos, p.color, sq, up);
                score.0 += mg;
                score.1 += eg;
            }
            score
        }
        Kind::King => {
            let wing = if file <= 2 || file >= 6 { 20 } else { -10 };
            let shield = king_shield(pos, p.color, sq);
            (wing - 20 * up + shield, -10 * c)
        }
    }
}

/// The pawns in front of a king on its own side: 12 each on the three files around it, -10
/// each file left bare.
fn king_shield(pos: &Position, color: Color, king: u8) -> i32 {
    let (file, rank) = (i32::from(king % 8), i32::from(king / 8));
    let forward = match color {
        Color::White => 1,
        Color::Black => -1,
    };
    let mut score = 0;
    for f in (file - 1).max(0)..=(file + 1).min(7) {
        let covered = (1..=2).any(|step| {
            let r = rank + forward * step;
            (0..8).contains(&r) && pos.at((r * 8 + f) as u8) == Some(Piece::new(color, Kind::Pawn))
        });
        score += if covered { 12 } else { -10 };
    }
    score
}

/// The opening's order of things: -12 a knight or bishop still on its first square, and -25
/// more for a queen that has left home while two of them are: mobility alone would send the
/// queen out first, since its moves are the most numerous.
fn development(pos: &Position, men: &Men, color: Color) -> i32 {
    let rank = match color {
        Color::White => 0,
        Color::Black => 56,
    };
    let home = |file: u8, kind: Kind| pos.at(rank + file) == Some(Piece::new(color, kind));
    let undeveloped = [
        (1, Kind::Knight),
        (6, Kind::Knight),
        (2, Kind::Bishop),
        (5, Kind::Bishop),
    ]
    .into_iter()
    .filter(|&(f, k)| home(f, k))
    .count() as i32;
    let queen_out =
        !home(3, Kind::Queen) && men.iter().any(|(_, p)| p == Piece::new(color, Kind::Queen));
    -12 * undeveloped - if queen_out && undeveloped >= 2 { 25 } else { 0 }
}

/// What each piece of a side reaches from where it stands: the knight's leaps and the
/// sliders' lines up to the first piece met.
fn reach(pos: &Position, kind: Kind, sq: Sq, mut visit: impl FnMut(Sq)) {
    let t = tables();
    match kind {
        Kind::Knight => t.knight[sq as usize].iter().for_each(|&s| visit(s)),
        Kind::Bishop | Kind::Rook | Kind::Queen => {
            for dir in 0..8 {
                let orthogonal = is_orthogonal(dir);
                if kind == Kind::Bishop && orthogonal || kind == Kind::Rook && !orthogonal {
                    continue;
                }
                for &s in t.geo.ray(sq, dir) {
                    visit(s);
                    if pos.at(s).is_some() {
                        break;
                    }
                }
            }
        }
        _ => {}
    }
}

/// Per piece kind: what a square of mobility is worth (middlegame, endgame), and the squares
/// an average piece of that kind reaches, which score nothing.
fn mobility_weight(kind: Kind) -> (i32, i32, i32) {
    match kind {
        Kind::Knight => (4, 4, 4),
        Kind::Bishop => (4, 5, 6),
        Kind::Rook => (2, 4, 6),
        Kind::Queen => (1, 2, 12),
        _ => (0, 0, 0),
    }
}

/// What the pieces do to each other, each side's (middlegame, endgame): mobility (the squares
/// a piece reaches that hold no piece of its own and no enemy pawn guards), pressure on the
/// enemy king (the squares around it that pieces reach, weighed by attacker: knight and bishop
/// 2, rook 3, queen 5, counted once two pieces join, growing with the square of the sum),
/// pawns that attack a piece, and knights on squares their pawns guard and no enemy pawn does.
fn activity(pos: &Position, men: &Men) -> [Phased; 2] {
    let t = tables();
    let mut guarded = [[false; 64]; 2];
    for (sq, p) in men.iter().filter(|(_, p)| p.kind == Kind::Pawn) {
        for &s in &t.pawn_captures[p.color.index()][sq as usize] {
            guarded[p.color.index()][s as usize] = true;
        }
    }
    let mut zone = [[false; 64]; 2];
    for color in Color::BOTH {
        let king = pos.kings[color.index()];
        zone[color.index()][king as usize] = true;
        for dir in 0..8 {
            if let Some(s) = t.geo.step(king, dir) {
                zone[color.index()][s as usize] = true;
            }
        }
    }
    let mut side = [Phased::default(); 2];
    let mut units = [0i32; 2];
    let mut attackers = [0i32; 2];
    for (sq, p) in men.iter() {
        let (c, them) = (p.color.index(), (!p.color).index());
        if p.kind == Kind::Pawn {
            for &s in &t.pawn_captures[c][sq as usize] {
                if let Some(victim) = pos.at(s) {
                    if victim.color != p.color && !matches!(victim.kind, Kind::Pawn | Kind::King) {
                        side[c].add(45, 35);
                    }
                }
            }
            continue;
        }
        let weight = match p.kind {
            Kind::Knight | Kind::Bishop => 2,
            Kind::Rook => 3,
            Kind::Queen => 5,
            _ => continue,
        };
        let (mut mobile, mut hits) = (0, 0);
        reach(pos, p.kind, sq, |s| {
            let own = pos.at(s).is_some_and(|q| q.color == p.color);
            if !own && !guarded[them][s as usize] {
                mobile += 1;
            }
            if zone[them][s as usize] {
                hits += 1;
            }
        });
        let (mg, eg, average) = mobility_weight(p.kind);
        side[c].add(mg * (mobile - average), eg * (mobile - average));
        if hits > 0 {
            units[c] += weight * hits;
            attackers[c] += 1;
        }
        if p.kind == Kind::Knight
            && (3..=5).contains(&ranks_up(p.color, sq))
            && guarded[c][sq as usize]
            && !guarded[them][sq as usize]
        {
            side[c].add(20, 10);
        }
    }
    for c in 0..2 {
        if attackers[c] >= 2 {
            let u = units[c];
            side[c].add((u * u * 3 / 4).min(600), 3 * u);
        }
    }
    side
}

/// A passed pawn's worth beyond its rank: less when its path is blocked; in the endgame, more
/// the farther the enemy king is from the square ahead and the nearer its own.
fn passer(pos: &Position, color: Color, sq: Sq, up: i32) -> (i32, i32) {
    let ahead = match color {
        Color::White => sq + 8,
        Color::Black => sq - 8,
    };
    let r = up.clamp(0, 6) as usize;
    let mut score = (PASSED[r] / 2, PASSED[r]);
    if pos.at(ahead).is_some() {
        score.0 -= PASSED[r] / 6;
        score.1 -= PASSED[r] / 3;
    }
    let w = (up - 2).max(0);
    let (own, theirs) = (pos.kings[color.index()], pos.kings[(!color).index()]);
    let steps = |king| i32::from(tables().geo.distance(king, ahead));
    score.1 += (5 * steps(theirs) - 2 * steps(own)) * w / 2;
    score
}

/// The side to move's small edge for having the move.
const TEMPO: i32 = 10;

/// Material (middlegame, endgame).
fn material(kind: Kind) -> (i32, i32) {
    match kind {
        Kind::Pawn => (100, 120),
        Kind::Knight => (320, 300),
        Kind::Bishop => (330, 320),
        Kind::Rook => (500, 540),
        Kind::Queen => (900, 950),
        Kind::King => (0, 0),
    }
}

impl Evaluate for Position {
    const MOBILITY: i32 = 1;
    const SQUARES: usize = SQUARES;

    fn evaluate(&self) -> i32 {
        let men = Men::of(self);
        let pawns = Pawns::of(&men);
        let files = pawns.count;
        let mut side = activity(self, &men);
        let mut bishops = [0; 2];
        for (sq, p) in men.iter() {
            let (mg, eg) = material(p.kind);
            let (pmg, peg) = placement(self, p, sq, &pawns);
            side[p.color.index()].add(mg + pmg, eg + peg);
            bishops[p.color.index()] += i32::from(p.kind == Kind::Bishop);
        }
        for color in Color::BOTH {
            let c = color.index();
            if bishops[c] >= 2 {
                side[c].add(30, 50);
            }
            side[c].add(development(self, &men, color), 0);
            for (f, &n) in files[c].iter().enumerate() {
                let isolated =
                    n > 0 && (f == 0 || files[c][f - 1] == 0) && (f == 7 || files[c][f + 1] == 0);
                if n > 1 {
                    side[c].add(-15 * (n - 1), -25 * (n - 1));
                }
                if isolated {
                    side[c].add(-12 * n, -18 * n);
                }
            }
        }
        let us = self.turn.index();
        let (mg, eg) = (side[us].mg - side[1 - us].mg, side[us].eg - side[1 - us].eg);
        let ph = phase(&men);
        (mg * ph + eg * (24 - ph)) / 24 + TEMPO
    }

    board8_ordering!(value);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PositionText;

    fn eval(fen: &str) -> i32 {
        Position::from_text(fen).unwrap().evaluate()
    }

    /// Asserts that the first position scores more than `margin` above the second.
    fn outweighs(better: &str, worse: &str, margin: i32) {
        let (b, w) = (eval(better), eval(worse));
        assert!(b > w + margin, "{better}: {b} against {worse}: {w}");
    }

    #[test]
    fn the_evaluation_sees_structure_and_shelter() {
        // The start is level but for the move.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(eval(start), TEMPO);
        // A passed pawn on the sixth outweighs the same pawn blocked by an enemy pawn ahead.
        let passed = eval("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
        let blocked = eval("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1") + 120;
        assert!(passed > blocked + 20, "{passed} against {blocked}");
        // Doubled and isolated pawns cost, beside two healthy ones.
        outweighs(
            "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1",
            "4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1",
            20,
        );
        // With the queens on, a castled king behind its pawns is safer than one in the open.
        outweighs(
            "r2q1rk1/ppp2ppp/8/8/8/8/PPP2PPP/R2Q1RK1 w - - 0 1",
            "r2q1rk1/ppp2ppp/8/8/8/6K1/PPP2PPP/R2Q1R2 w - - 0 1",
            40,
        );
    }

    #[test]
    fn the_evaluation_sees_pressure_on_the_king_and_a_passed_pawns_escort() {
        // A queen and a knight bearing on the castled king, against the same pieces at home.
        outweighs(
            "r1b2rk1/pp3ppp/2n5/6NQ/8/8/PP3PPP/R1B2RK1 w - - 0 1",
            "r1b2rk1/pp3ppp/2n5/8/8/2N5/PP2QPPP/R1B2RK1 w - - 0 1",
            80,
        );
        // In the endgame a passed pawn is worth more with its king beside it than far away.
        outweighs(
            "4k3/8/4P3/4K3/8/8/8/8 w - - 0 1",
            "4k3/8/4P3/8/8/8/8/K7 w - - 0 1",
            30,
        );
        // A pawn that attacks a piece holds a threat the same pawn a square back does not.
        outweighs(
            "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1",
            "4k3/8/8/3n4/8/4P3/8/4K3 w - - 0 1",
            30,
        );
    }
}

#[cfg(test)]
mod symmetry {
    use super::*;
    use crate::rules::PositionText;

    /// The position with colours exchanged and the board turned over.
    fn mirror(fen: &str) -> String {
        let f: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = f[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        let turn = if f[1] == "w" { "b" } else { "w" };
        let castle: String = if f[2] == "-" {
            "-".into()
        } else {
            let mut c: Vec<char> = f[2]
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            c.sort_by_key(|c| {
                (
                    c.is_ascii_lowercase(),
                    "KQkq".find(c.to_ascii_uppercase()).unwrap_or(0),
                )
            });
            c.into_iter().collect()
        };
        format!("{} {turn} {castle} - {} {}", board.join("/"), f[4], f[5])
    }

    #[test]
    fn the_evaluation_is_the_same_for_either_colour() {
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r2q1rk1/ppp2ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPB1PPP/R2QKB1R w KQ - 0 8",
            "8/5pk1/6p1/3P4/1p6/6P1/5PK1/8 b - - 0 40",
            "4rrk1/1pq2ppp/p1n5/3p4/3P1B2/P1PB4/2Q2PPP/R4RK1 w - - 0 18",
        ] {
            let a = Position::from_text(fen).unwrap().evaluate();
            let b = Position::from_text(&mirror(fen)).unwrap().evaluate();
            assert_eq!(a, b, "{fen} / {}", mirror(fen));
        }
    }
}
