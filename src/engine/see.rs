//! Static exchange evaluation: what a capture wins once both sides have recaptured on its
//! square, each with its least valuable piece, as long as recapturing pays. The recaptures are
//! the rules' own legal moves, so every variant's captures (Epoch's zone-bound pieces, the
//! Empire's capture-only attacks, AGEIOU's portals) are followed as they are; a capture that
//! does not land on its victim (Epoch's blast and Assassin, en passant) is worth its gain.

use super::Evaluate;

/// The exchange's deepest recapture followed.
const MAX_EXCHANGE: usize = 12;

/// What `mv` (a capture) wins for the side to move after the exchange on its square, in
/// centipawns: negative when the capturer is lost for less. `scratch` holds move lists.
pub fn see<V: Evaluate>(pos: &V, mv: &V::Move, scratch: &mut Vec<V::Move>) -> i32 {
    let Some(target) = pos.capture_square(mv) else {
        return pos.gain(mv);
    };
    // gains[d]: what the side making capture d gets if the exchange stops after it.
    let mut gains = [0i32; MAX_EXCHANGE];
    gains[0] = pos.gain(mv);
    let mut standing = pos.mover_value(mv);
    let mut now = pos.clone();
    let mut turn = now.turn();
    now.play(mv);
    let mut d = 0;
    while d + 1 < MAX_EXCHANGE && now.turn() != turn {
        scratch.clear();
        now.legal_moves(scratch);
        let reply = scratch
            .iter()
            .filter(|m| now.capture_square(m) == Some(target))
            .min_by_key(|m| now.mover_value(m))
            .copied();
        let Some(reply) = reply else { break };
        d += 1;
        gains[d] = standing - gains[d - 1];
        // Neither side would go on: the one to move stands to lose even if not recaptured.
        if gains[d].max(-gains[d - 1]) < 0 {
            break;
        }
        standing = now.mover_value(&reply);
        turn = now.turn();
        now.play(&reply);
    }
    while d > 0 {
        gains[d - 1] = -(-gains[d - 1]).max(gains[d]);
        d -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{chess, Game, PositionText};

    fn see_of(fen: &str, mv: &str) -> i32 {
        let game = Game::new(chess::Position::from_text(fen).unwrap());
        let mv = game.parse(mv).unwrap();
        see(game.position(), &mv, &mut Vec::new())
    }

    #[test]
    fn exchanges_count_the_recaptures() {
        // A pawn defended by a pawn: the rook that takes it is lost for the pawn.
        assert_eq!(
            see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5"),
            100 - 500
        );
        // Undefended: the whole pawn.
        assert_eq!(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "Rxd5"), 100);
        // A pawn takes a knight its bishop defends: the knight for the pawn.
        assert_eq!(
            see_of("4k3/2b5/8/4n3/3P4/8/8/4K3 w - - 0 1", "dxe5"),
            320 - 100
        );
        // A knight defended by a pawn: the rook wins it and is taken back.
        assert_eq!(
            see_of("4k3/8/8/2p5/3n4/8/8/3RK3 w - - 0 1", "Rxd4"),
            320 - 500
        );
        // Two attackers against one defender: rook takes, pawn takes back, rook takes
        // again: a knight and a pawn for a rook.
        assert_eq!(
            see_of("4k3/8/8/2p5/3n4/8/3R4/3RK3 w - - 0 1", "Rxd4"),
            320 - 500 + 100
        );
        // A rook takes a pawn the queen defends, its own queen behind it: taking back would
        // cost the queen for the rook, so the pawn is simply won.
        assert_eq!(see_of("3qk3/8/8/3p4/8/8/3R4/3QK3 w - - 0 1", "Rxd5"), 100);
    }
}
