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
use super::{exit_of, geometry, Kind, Move, Position, Sq};
use crate::rules::notation::{long_form, normalize};
use crate::rules::{MoveError, MoveFacts, MoveKind, Notation, VariantId};

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
        let geo = geometry();
        let wanted = |a: &str, b: &str| Some((geo.parse(a)?, geo.parse(b)?));
        // A coordinate move: say what is wrong with it as precisely as the board allows.
        let body = norm.trim_end_matches(|c: char| c.is_ascii_uppercase());
        let squares = (2..body.len()).find_map(|i| wanted(body.get(..i)?, body.get(i..)?));
        let Some((from, to)) = squares else {
            return MoveError::unreadable(input, EXPECTED);
        };
        let reason = match self.at(from) {
            None => format!("there is no piece on {}", name(from)),
            Some(p) if p.color != self.turn => {
                format!("the piece on {} is not yours", name(from))
            }
            Some(p) => pseudo_entrance_hint(self, from, to).unwrap_or_else(|| {
                if from == to && p.kind == Kind::Vertag {
                    format!(
                        "a Vertag cannot build on {}: it is already an open portal's entrance",
                        name(from)
                    )
                } else if from == to {
                    "only a Vertag builds (its square twice)".to_string()
                } else {
                    format!(
                        "the {} on {} cannot go to {}",
                        p.kind.name(),
                        name(from),
                        name(to)
                    )
                }
            }),
        };
        MoveError::illegal(input, reason)
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
