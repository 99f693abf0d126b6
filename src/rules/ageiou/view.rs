//! What the renderer draws for an AGEIOU position: moved pawns, open portals and portals
//! being built, and the squares a captured king may be placed on.

use super::movegen::pawn_rank;
use super::{exit_of, geometry, Kind, Move, Position, CELLS};
use crate::rules::view::piece_views;
use crate::rules::{
    BoardView, Color, Emblem, MarkedSquare, MoveMarks, Notation, PieceView, PortalView, VariantId,
    View,
};

impl View for Position {
    fn board_view(&self) -> BoardView {
        let geo = geometry();
        let pieces = piece_views(geo, &self.cells, |sq, p| {
            let rank = geo.rank(sq);
            let moved = p.kind == Kind::Pawn
                && match p.color {
                    Color::White => rank > pawn_rank(p.color),
                    Color::Black => rank < pawn_rank(p.color),
                };
            if moved {
                PieceView {
                    name: "Pawn (moved)",
                    emblem: Emblem::MovedPawn,
                    ..PieceView::plain(p)
                }
            } else {
                PieceView::plain(p)
            }
        });
        let portal = |entrance: u8, building| PortalView {
            entrance: geo.square(entrance),
            exit: geo.square(exit_of(entrance)),
            building,
        };
        let mut portals: Vec<PortalView> = (0..CELLS as u8)
            .filter(|&s| self.is_portal(s))
            .map(|s| portal(s, None))
            .collect();
        for color in Color::BOTH {
            if let Some(b) = self.builds[color.index()] {
                portals.push(portal(b.square, Some((color, b.done, b.needed))));
            }
        }
        let marked: Vec<MarkedSquare> = if self.pending {
            self.squares_of(self.turn, Kind::Bishop)
                .map(|s| MarkedSquare {
                    square: geo.square(s),
                    label: "K".into(),
                })
                .collect()
        } else {
            Vec::new()
        };
        let side = VariantId::Ageiou.side(self.turn);
        BoardView {
            no_progress: Some((self.halfmoves / 2, self.options.fifty as u32)),
            portals,
            marked,
            notice: self
                .pending
                .then(|| format!("{side} places its captured King on a marked Bishop's square")),
            ..BoardView::new(VariantId::Ageiou, geo, pieces, self.turn, self.fullmoves)
        }
    }

    /// A placement loses the bishop on the square the king is placed on, but captures nothing.
    fn marks(&self, mv: &Move) -> MoveMarks {
        let facts = self.facts(mv);
        match mv {
            Move::Place { .. } => MoveMarks {
                victims: vec![facts.to],
                ..facts.marks()
            },
            _ => facts.marks(),
        }
    }
}
