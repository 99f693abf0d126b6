//! The rules explanation players ask for with /rules.

use crate::rules::Help;

pub const HELP: Help = Help {
    overview: "**Empire Chess**: White is the Empire. Its Tower, Eagle, Cardinal and Duke move like queens but capture only like a rook, a knight, a bishop and a king; Soldiers step one square forward or sideways; its pawns start on rank 3 (no double step) and it cannot castle. Black plays orthodox chess. A king that reaches the far rank wins (campmate); the two kings may never face each other on an open file or rank; checkmate and stalemate lose for the side that cannot move; whoever repeats a position a third time loses; fifty moves without capture or pawn move draw.",
    topics: &[],
};
