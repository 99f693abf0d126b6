//! The short rules explanations players ask for with /rules.

use crate::rules::Help;

pub const HELP: Help = Help {
    overview: "**Fantastic XIII** (Jean-Louis Cazaux) is chess on a 13x13 board with thirteen kinds of piece; checkmate the King to win. The King makes one jump of two squares on its first move instead of castling; Pawns and the Prince may double-step from any rank; leapers reach two or three squares away; the Snake and Ship are bent riders. Promotion is automatic: Pawn, Prince and Troll to Direwolf, Ship to Eagle, Snake to Rhinoceros. Topics: king, pawn, prince, troll, snake, ship, squirrel, hawk, mammoth, cheetah, eagle, rhinoceros, direwolf, promotion, end.",
    topics: &[
        (&["king", "k", "jump"], "**King** (K): one step in any direction; no castling. On its first move only, and not while in check, it may instead jump to an empty square two squares away (never a capture): over any piece, but the square jumped over must not be attacked, and for a knight-shaped jump at least one of the two squares between must be safe. Any King move loses the jump. Write the jump like any King move: `Ke3` or `g1e3`."),
        (&["pawn", "p"], "**Pawn** (P): one step straight forward, or two from any rank if both squares are empty; captures one step diagonally forward. Only a Pawn may take en passant: a Pawn's or Prince's double step can be taken on the very next move, on the square it passed. On the last rank it becomes a Direwolf."),
        (&["prince", "i"], "**Prince** (I): a King that is not royal: one step in any direction, moving or capturing, plus a non-capturing double step straight forward from any rank over an empty square (which a Pawn may take en passant). On the last rank it becomes a Direwolf."),
        (&["troll", "t"], "**Troll** (T): leaps exactly three squares along a rank, file or diagonal, over anything; also steps one square forward without capturing and captures one square diagonally forward, like a Pawn. It becomes a Direwolf only when its pawn-like step or capture reaches the last rank; a leap there leaves it a Troll."),
        (&["snake", "n"], "**Snake** (N): one step straight up or down, then it may slide on diagonally any distance, still going the same way up or down. Every square before the last must be empty; a piece on the first square blocks it. On the last rank it becomes a Rhinoceros."),
        (&["ship", "s"], "**Ship** (S): one step diagonally, then it may slide on straight up or down (the same way), never sideways. A piece on the first square blocks it. On the last rank it becomes an Eagle."),
        (&["squirrel", "q"], "**Squirrel** (Q): leaps to any square exactly two squares away (a knight's leap, or two straight or diagonally), over anything."),
        (&["hawk", "h"], "**Hawk** (H): leaps two or three squares along a rank, file or diagonal, over anything."),
        (&["mammoth", "m"], "**Mammoth** (M): one step in any direction, or a leap of exactly two squares along a rank, file or diagonal."),
        (&["cheetah", "c"], "**Cheetah** (C): leaps to any square exactly three squares away (24 squares), over anything."),
        (&["eagle", "e"], "**Eagle** (E, from a promoted Ship): one step diagonally, then it may slide on along either of the two ranks or files that lead further away. A piece on the first square blocks it."),
        (&["rhinoceros", "rhino", "u"], "**Rhinoceros** (U, from a promoted Snake): one step along a rank or file, then it may slide on along either of the two diagonals that lead further away. A piece on the first square blocks it."),
        (&["direwolf", "o"], "**Direwolf** (O, from a promoted Pawn, Prince or Troll): leaps to any square two or three squares away (40 squares), over anything."),
        (&["promotion"], "**Promotion** is automatic on reaching the last rank: Pawn, Prince and Troll (by its pawn-like move only) become a Direwolf, a Ship an Eagle, a Snake a Rhinoceros. A double step that reaches the last rank promotes too. Write it `g13` or `g13=O`."),
        (&["end", "results", "result"], "**Results**: checkmate wins. Stalemate, threefold repetition, fifty moves by each side without a capture or Pawn move, and two bare Kings are draws."),
    ],
};
