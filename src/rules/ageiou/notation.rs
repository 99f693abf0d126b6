//! AGEIOU notation: the forms of the shared writer, the words for a move, and the reasons input
//! is refused.
//!
//! Coordinate forms: `e3e4`, `e9e10q` (promotion letters `q b c n v`: Councillor, Boat,
//! Bishop, Knight, Vertag), a portal move names the square it comes out on (`d1g6`), the swap
//! names the king's then the bishop's square (`f1d1`), a build names the Vertag's square twice
//! (`b1b1`), the king's placement is `@d3`.
//! SAN: `Nc3`, `Bxa10`, `e10=Q`; a portal move puts `~` before the exit (`N~g6`, `Cx~a1`); the
//! swap is `K<>d1`; a building turn `Vb1o`; the placement `K@d3`. There is no check, so no `+`.

use super::movegen::{entrance, pseudo_entrance_hint};
use super::{exit_of, geometry, Kind, Move, Piece, Position, Sq};
use crate::rules::explain::{explain_refusal, mailbox_access, Explain};
use crate::rules::geometry::Geometry;
use crate::rules::notation::{long_form, normalize};
use crate::rules::{MoveError, MoveFacts, MoveGen, MoveKind, Notation, VariantId};

const EXPECTED: &str = "a move such as e3e4 or Nc3, a portal move N~g6, a swap K<>d1 (f1d1), a building turn Vb1o (b1b1), or a king placement @d3";

fn name(sq: Sq) -> String {
    geometry().square(sq).to_string()
}

impl Position {
    fn kind_at(&self, sq: Sq) -> Kind {
        self.at(sq).map_or(Kind::Pawn, |p| p.kind)
    }

    /// A building turn in words: which turn of how many, and where the portal will lead.
    fn build_words(&self, square: Sq) -> String {
        let (done, needed) = match self.builds[self.turn.index()] {
            Some(b) if b.square == square => (b.done + 1, b.needed),
            _ => (1, self.options.portal_turns),
        };
        let how = if done >= needed {
            "opens a portal"
        } else if done == 1 {
            "starts building a portal"
        } else {
            "keeps building its portal"
        };
        let exit = name(exit_of(square));
        format!("Vertag {} {how} to {exit} ({done}/{needed})", name(square))
    }

    /// An ordinary move in words, with the route through a portal and a captured king's fate.
    fn step_words(&self, mv: &Move) -> String {
        let Move::Normal {
            from,
            to,
            capture,
            promotion,
            ..
        } = *mv
        else {
            return String::new();
        };
        let us = self.turn;
        let route = match entrance(mv) {
            Some(e) if e == from => {
                format!(" through the portal it stands on, out on {}", name(to))
            }
            Some(e) => format!(" through the portal on {} to {}", name(e), name(to)),
            None => String::new(),
        };
        let what = if capture {
            let victim = self.kind_at(to);
            let mut text = format!("takes the {} on {}", victim.name(), name(to));
            if victim == Kind::King {
                let bishops: Vec<Sq> = self.squares_of(!us, Kind::Bishop).collect();
                text.push_str(&match bishops[..] {
                    [] => "; it had no bishop left".to_string(),
                    [b] => format!("; the King escapes to its Bishop's square {}", name(b)),
                    _ => format!(
                        "; {} chooses which Bishop's square the King goes to",
                        VariantId::Ageiou.side(!us)
                    ),
                });
            }
            text
        } else if route.is_empty() {
            format!("to {}", name(to))
        } else {
            String::new()
        };
        let promo = promotion.map_or(String::new(), |k| format!(" and becomes a {}", k.name()));
        let route = if capture && !route.is_empty() {
            format!("{route},")
        } else {
            route
        };
        format!(
            "{} {}{route} {what}{promo}",
            self.kind_at(from).name(),
            name(from)
        )
        .replace(" ,", ",")
        .trim_end()
        .to_string()
    }
}

impl Position {
    /// Why a swap, a building turn or a king placement, written in its own form (`K<>d1`,
    /// `Vb1o`, `@d3`), is refused; `None` for input of another form. `norm` is normalized.
    fn special_refusal(&self, norm: &str) -> Option<String> {
        let geo = geometry();
        let square = |rest: &str| geo.parse(rest);
        if norm == "O-O" || norm == "O-O-O" {
            return Some(
                "there is no castling in AGEIOU: instead of moving, the King may swap places with one of its Bishops (K<>d1)"
                    .into(),
            );
        }
        if let Some(rest) = norm
            .strip_prefix("swap")
            .or_else(|| norm.split_once("<>").map(|(_, r)| r))
        {
            let rest = rest.strip_prefix('C').unwrap_or(rest);
            let Some(sq) = square(rest) else {
                return Some("a swap names the Bishop's square, like K<>d1".into());
            };
            return Some(match self.at(sq) {
                Some(p) if p.color == self.turn && p.kind == Kind::Bishop => {
                    "the King cannot swap now".to_string()
                }
                _ => format!(
                    "the King swaps only with one of your own Bishops, and there is none on {}",
                    name(sq)
                ),
            });
        }
        let build = norm
            .strip_prefix("Vbuild")
            .or_else(|| norm.strip_prefix("build"))
            .or_else(|| {
                norm.strip_prefix('V')
                    .and_then(|r| r.strip_suffix(['o', 'O']))
            });
        if let Some(sq) = build.and_then(square) {
            return Some(
                self.build_refusal(sq)
                    .unwrap_or_else(|| "that building turn is not possible now".into()),
            );
        }
        let place = norm
            .strip_prefix("K@")
            .or_else(|| norm.strip_prefix('@'))
            .or_else(|| norm.strip_prefix("place"));
        if place.and_then(square).is_some() {
            return Some(
                "no King of yours is waiting to be placed: a captured King is placed on a Bishop's square only when its side had two or more Bishops"
                    .into(),
            );
        }
        None
    }

    /// Why the side to move cannot build a portal on `sq`: no Vertag of its own there, or an
    /// open portal's entrance already.
    fn build_refusal(&self, sq: Sq) -> Option<String> {
        if self.at(sq) != Some(Piece::new(self.turn, Kind::Vertag)) {
            Some(format!(
                "only a Vertag builds a portal, and you have no Vertag on {}",
                name(sq)
            ))
        } else if self.is_portal(sq) {
            Some(format!(
                "a Vertag cannot build on {}: it is already an open portal's entrance",
                name(sq)
            ))
        } else {
            None
        }
    }
}

impl Notation for Position {
    fn facts(&self, mv: &Move) -> MoveFacts {
        let geo = geometry();
        let sq = |s: Sq| geo.square(s);
        match *mv {
            Move::Normal {
                from,
                to,
                capture,
                portal,
                promotion,
            } => {
                let kind = self.kind_at(from);
                let sort = match (portal, promotion, capture) {
                    (true, _, _) => MoveKind::PortalMove,
                    (false, Some(_), _) => MoveKind::Promotion,
                    (false, None, true) => MoveKind::Capture,
                    (false, None, false) => MoveKind::Quiet,
                };
                MoveFacts {
                    victim: capture.then(|| sq(to)),
                    promotion: promotion.map(Kind::letter),
                    ..MoveFacts::new(sort, sq(from), sq(to), kind.letter(), kind == Kind::Pawn)
                }
            }
            Move::Swap { king, bishop } => {
                MoveFacts::new(MoveKind::Swap, sq(king), sq(bishop), 'K', false)
            }
            Move::Build { square } => {
                MoveFacts::new(MoveKind::Build, sq(square), sq(square), 'V', false)
            }
            Move::Place { square } => {
                MoveFacts::new(MoveKind::Place, sq(square), sq(square), 'K', false)
            }
        }
    }

    /// The swap names the bishop too: `Kf1<>Cd1`.
    fn long_form(&self, mv: &Move) -> String {
        match *mv {
            Move::Swap { king, bishop } => format!("K{}<>C{}", name(king), name(bishop)),
            _ => long_form(&self.facts(mv)),
        }
    }

    /// The swap, building and placement in words: `swap d1`, `build b1`, `place d3`, and
    /// `K<>Cd1`, `Vbuild b1`, `Kd3`.
    fn more_spellings(&self, mv: &Move, _facts: &MoveFacts, out: &mut Vec<String>) {
        match *mv {
            Move::Swap { bishop, .. } => {
                out.push(format!("K<>C{}", name(bishop)));
                out.push(format!("swap{}", name(bishop)));
            }
            Move::Build { square } => {
                out.push(format!("build{}", name(square)));
                out.push(format!("Vbuild{}", name(square)));
            }
            Move::Place { square } => {
                out.push(format!("place{}", name(square)));
                out.push(format!("K{}", name(square)));
            }
            Move::Normal { .. } => {}
        }
    }

    fn explain(&self, input: &str, legal: &[Move]) -> MoveError {
        if legal.iter().any(|m| matches!(m, Move::Place { .. })) {
            let choices: Vec<String> = legal.iter().map(|m| self.coordinate(m)).collect();
            return MoveError::illegal(
                input,
                format!(
                    "your king was captured: first place it on one of your bishops' squares ({})",
                    choices.join(" or ")
                ),
            );
        }
        let norm = normalize(input);
        if let Some(reason) = self.special_refusal(&norm) {
            return MoveError::illegal(input, reason);
        }
        let geo = geometry();
        let wanted = |a: &str, b: &str| Some((geo.parse(a)?, geo.parse(b)?));
        // A coordinate move through a portal, or a build: what only coordinates can say.
        let body = norm.trim_end_matches(|c: char| c.is_ascii_uppercase());
        let squares = (2..body.len()).find_map(|i| wanted(body.get(..i)?, body.get(i..)?));
        if let Some((from, to)) = squares {
            if self.at(from).is_some_and(|p| p.color == self.turn) {
                let reason = pseudo_entrance_hint(self, from, to).or_else(|| {
                    (from == to).then(|| {
                        self.build_refusal(from)
                            .unwrap_or_else(|| "that building turn is not possible now".into())
                    })
                });
                if let Some(reason) = reason {
                    return MoveError::illegal(input, reason);
                }
            }
        }
        explain_refusal(self, input, legal, EXPECTED)
    }

    fn describe(&self, mv: &Move) -> String {
        match *mv {
            Move::Normal { .. } => self.step_words(mv),
            Move::Swap { king, bishop } => format!(
                "King {} swaps places with the Bishop on {}",
                name(king),
                name(bishop)
            ),
            Move::Build { square } => self.build_words(square),
            Move::Place { square } => format!(
                "{}'s King is placed on {}; the Bishop there is lost",
                VariantId::Ageiou.side(self.turn),
                name(square)
            ),
        }
    }
}

impl Explain for Position {
    type Kind = Kind;
    const PAWN: Kind = Kind::Pawn;
    const KING: Kind = Kind::King;

    // There is no check: the moves the pieces allow are the legal ones.
    mailbox_access!(geometry(), MoveGen::legal_moves);

    fn illegal_reason(&self, _mv: &Move) -> String {
        "not a legal move here".into()
    }

    fn moves_like(&self, kind: Kind) -> Option<&'static str> {
        Some(match kind {
            Kind::King => "a King moves one square in any direction",
            Kind::Councillor => "a Councillor moves like a queen, any distance along a rank, file or diagonal",
            Kind::Boat => "a Boat moves like a rook, any distance along a rank or file",
            Kind::Bishop => "a Bishop moves any distance along a diagonal",
            Kind::Knight => "a Knight leaps like a chess knight",
            Kind::Vertag => "a Vertag moves one square in any direction",
            Kind::Pawn => {
                "a Pawn moves one square straight forward (never two) and captures one square diagonally forward"
            }
        })
    }

    fn captures_like(&self, kind: Kind) -> Option<&'static str> {
        (kind == Kind::Pawn).then_some(
            "a Pawn moves straight forward but captures only one square diagonally forward",
        )
    }
}
