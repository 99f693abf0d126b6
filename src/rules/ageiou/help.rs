//! The short rules explanations players ask for with /rules. Every point Herald had to decide
//! (docs/rules/ageiou.md marks them) says so, so players are never misled.

use crate::rules::Help;

pub const HELP: Help = Help {
    overview: OVERVIEW,
    topics: &[
        (&["pieces", "piece"], PIECES),
        (&["king", "k", "bishop", "bishops", "c", "swap", "rescue"], KING),
        (&["councillor", "councilor", "q"], "**Councillor** (Q): moves and captures like a queen (decided by Herald: the rules text lost the diagrams of the pieces' moves)."),
        (&["boat", "b"], "**Boat** (B): moves and captures like a rook (decided by Herald: the rules text lost the diagrams of the pieces' moves)."),
        (&["knight", "n"], "**Knight** (N): leaps like a chess knight."),
        (&["vertag", "v"], "**Vertag** (V): one step in any of the eight directions, moving or capturing (the step is decided by Herald). Instead of moving it may build a portal on its square: see /rules portals."),
        (&["pawn", "p", "promotion"], "**Pawn** (P): one step straight forward; captures one step diagonally forward; no double step, no en passant. A pawn that has moved is drawn with a band. On the last rank it must become a Councillor, Boat, Bishop, Knight or Vertag (promotion is decided by Herald; letters q b c n v, e.g. e9e10q or e10=Q). Pawns may stand or promote on a portal's entrance but never travel through portals."),
        (&["portal", "portals", "build", "vertag portals"], PORTALS),
        (&["notation", "moves"], NOTATION),
        (&["options", "settings"], OPTIONS),
        (&["end", "results", "result", "draw"], END),
    ],
};

const OVERVIEW: &str = "**AGEIOU** is played on a 10x10 board (files a-j); Light moves first. There is no check: a king may move into attack. A king may swap places with one of its bishops instead of moving, and while its side has a bishop a captured king escapes to a bishop's square. Vertags build one-way portals whose exit is the entrance turned 90 degrees counter-clockwise about the centre. Capturing a king with no bishop left wins; a side with no move loses. Topics: pieces, king, portals, pawn, notation, options, end. Points the rules text leaves open are marked \"decided by Herald\".";

const PIECES: &str = "**Pieces** (letters of the position text; uppercase Light, lowercase Dark): King K one step any way, no castling; Councillor Q like a queen (decided by Herald); Boat B like a rook (decided by Herald); Bishop C like a bishop; Knight N like a knight; Vertag V one step any way (decided by Herald) and builds portals; Pawn P one step forward, captures diagonally forward, promotes on the last rank (decided by Herald). Start: rank 1 Boat, Vertag, Knight, Bishop, Councillor, King, Bishop, Knight, Vertag, Boat from a to j; pawns on rank 3; Dark mirrors on ranks 10 and 8.";

const KING: &str = "**King and bishops**: there is no check. On any turn, instead of moving, the king may swap places with one of its own bishops anywhere on the board (f1d1, or K<>d1). A king cannot die while its side has a bishop: when it is captured, the capturing piece takes its square and the king moves to a bishop's square, and that bishop is lost. The bishops are counted after the capture (decided by Herald). With one, the king goes there as part of the capturing move. With two or more, the king's side chooses as the first part of its own next turn (@d3, or K@d3) and then moves as usual: the choice costs no move and changes neither the turn, the move number, the no-progress count nor a portal being built (decided by Herald). Capturing a king whose side has no bishop wins.";

const PORTALS: &str = "**Portals**: instead of moving, a Vertag may build a portal on its square (b1b1, or Vb1o). Building takes the game's portal-turns (1-7, default 3) of that side's turns in a row: each later turn the side keeps building (the same move again; the Vertag stays) or makes any other move, which abandons it. It opens at the end of the last turn; with 1 it opens at once. If the enemy captures the builder, the portal is lost (by any piece, one coming out of a portal included: decided by Herald). Decided by Herald: one build per side (starting another abandons the first); no building on an open portal's entrance (an exit is fine); a build keeps the number of turns it started with. The exit of square (x, y) counted from 0 is (9-y, x): a1->j1->j10->a10->a1, c2->i3, e5->f5->f6->e6->e5. Portals are one-way and permanent, and a square is the entrance of at most one (decided by Herald). Any piece but a pawn whose move would end on an empty entrance may end on its exit instead, and a piece on an entrance may use its move to go to the exit; it cannot come out onto its own piece and captures an enemy there. Decided by Herald: only ordinary moves use portals (not the swap, building or placing the king); only the square a move ends on counts, so a slider passing over an entrance goes straight on; taking a portal is optional; at most one portal per move; a capture on an entrance stays there; a move through a portal may not end where it started; when a piece can reach the exit directly as well, that is one move.";

const NOTATION: &str = "**Notation** (the forms are decided by Herald): coordinates from-to, e3e4; promotion adds q b c n v (Councillor, Boat, Bishop, Knight, Vertag: b is the Boat, c the Bishop), e9e10q. A move through a portal names the square it comes out on: d1g6 (SAN N~g6, the ~ marking the portal; Nx~g6 with a capture). Swap: king's square then bishop's, f1d1 (SAN K<>d1). Building a portal: the Vertag's square twice, b1b1 (SAN Vb1o, or build b1). Placing a captured king: @d3 (SAN K@d3). SAN otherwise as in chess with these letters: Nc3, Bxa10, Cxe5, e10=Q. No check signs: there is no check.";

const OPTIONS: &str = "**Options**, chosen when the game is created: portal-turns 1-7 (default 3), the turns a portal takes to build; repetitions 3-12 (default 3), how many occurrences of a position draw; fifty 50-300 (default 50), moves by each side without a capture or pawn move that draw.";

const END: &str = "**End of the game**: capturing a king whose side has no bishop left wins (the king leaves the board and the capturing move ends normally: decided by Herald); a bare king plays on. A side with no legal move loses, and that comes before the draws (the order of these tests is decided by Herald). The same position for the third time (or the game's repetitions option, up to 12) is a draw: position means placement, side to move, open portals, portals being built with their progress, and a pending king placement, and a position given as text counts as its first occurrence (decided by Herald). Fifty moves by each side (or the game's fifty option, up to 300) without a capture or a pawn move is a draw: the half-move clock is reset by any capture, a king's included, and any pawn move; every other move, building turn or swap adds one (decided by Herald); placing a captured king adds nothing.";
