//! A game in progress: a variant's position plus what only history knows (repetitions, the
//! moves played, the swap), and the dynamic interface the rest of Herald uses.

use super::key::occurrences;
use super::notation::normalize;
use super::perft;
use super::{
    BoardView, Color, GameOptions, MoveError, MoveInfo, MoveMarks, Outcome, Square, Variant,
    VariantId,
};

/// A game of variant `V` from a start position.
#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    start: V,
    position: V,
    moves: Vec<V::Move>,
    /// The repetition key of every position so far, the start included.
    keys: Vec<u64>,
    legal: Vec<V::Move>,
    outcome: Option<Outcome>,
    last: Option<MoveMarks>,
    swapped: bool,
}

impl<V: Variant> Game<V> {
    /// A game starting from `position`, which counts as the first occurrence for repetition.
    pub fn new(position: V) -> Self {
        let mut game = Game {
            start: position.clone(),
            keys: vec![position.repetition_key()],
            position,
            moves: Vec::new(),
            legal: Vec::new(),
            outcome: None,
            last: None,
            swapped: false,
        };
        game.settle();
        game
    }

    /// Recomputes the legal moves and the outcome of the current position.
    fn settle(&mut self) {
        self.legal.clear();
        self.position.legal_moves(&mut self.legal);
        let occ = occurrences(&self.keys, self.position.reversible_plies());
        self.outcome = self.position.outcome(!self.legal.is_empty(), occ);
        if self.outcome.is_some() {
            self.legal.clear();
        }
    }

    pub fn position(&self) -> &V {
        &self.position
    }

    pub fn start_position(&self) -> &V {
        &self.start
    }

    /// The legal moves; none once the game is over.
    pub fn legal(&self) -> &[V::Move] {
        &self.legal
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: V::Move) -> Result<(), MoveError> {
        if let Some(outcome) = self.outcome {
            return Err(MoveError::GameOver(outcome));
        }
        if !self.legal.contains(&mv) {
            return Err(MoveError::Illegal {
                input: self.position.coordinate(&mv),
                reason: "not a legal move here".into(),
            });
        }
        self.last = Some(self.position.marks(&mv));
        self.position.play(&mv);
        self.moves.push(mv);
        self.keys.push(self.position.repetition_key());
        self.settle();
        Ok(())
    }

    /// Finds the one legal move the input names.
    pub fn parse(&self, input: &str) -> Result<V::Move, MoveError> {
        if let Some(outcome) = self.outcome {
            return Err(MoveError::GameOver(outcome));
        }
        let wanted = normalize(input);
        // Coordinates first: what machines and autocompletion send, and cheap to compare.
        let mut by_coordinate = self
            .legal
            .iter()
            .filter(|mv| normalize(&self.position.coordinate(mv)) == wanted);
        if let (Some(mv), None) = (by_coordinate.next(), by_coordinate.next()) {
            return Ok(*mv);
        }
        // Every legal move's spellings, worked out once for both readings below.
        let spelled: Vec<(V::Move, Vec<String>)> = self
            .legal
            .iter()
            .map(|mv| (*mv, self.position.spellings(mv, &self.legal)))
            .collect();
        let found: Vec<V::Move> = spelled
            .iter()
            .filter(|(_, spellings)| spellings.contains(&wanted))
            .map(|(mv, _)| *mv)
            .collect();
        match found.len() {
            1 => Ok(found[0]),
            0 => match self.by_letters(input, &wanted, &spelled) {
                Some(read) => read,
                None => Err(self.position.explain(input, &self.legal)),
            },
            _ => {
                let mut candidates: Vec<String> =
                    found.iter().map(|mv| self.position.long_form(mv)).collect();
                candidates.sort();
                Err(MoveError::Ambiguous {
                    input: input.trim().to_string(),
                    candidates,
                })
            }
        }
    }

    /// Input that spells one legal move but for the case of its letters, as a phone's
    /// keyboard makes it (`E4`, `nf6`, `B1c3`): the move, where a square's letter or a piece
    /// letter that is no file of the board is all that differs; where a letter's case decides
    /// whether it names a piece or a file (`bc4` for `Bc4`), "did you mean" the move. None
    /// when no single move is spelled so.
    fn by_letters(
        &self,
        input: &str,
        wanted: &str,
        spelled: &[(V::Move, Vec<String>)],
    ) -> Option<Result<V::Move, MoveError>> {
        let lower = wanted.to_lowercase();
        let mut found = spelled.iter().filter_map(|(mv, spellings)| {
            let spelled = spellings.iter().find(|s| s.to_lowercase() == lower)?;
            Some((*mv, spelled))
        });
        let (mv, spelled) = found.next()?;
        if found.next().is_some() {
            return None;
        }
        let files = self.position.board_view().files;
        let is_file =
            |c: char| (c.to_ascii_lowercase() as u32).wrapping_sub('a' as u32) < files as u32;
        let typed: Vec<char> = wanted.chars().collect();
        let meant: Vec<char> = spelled.chars().collect();
        let case_decides = (0..meant.len()).any(|i| {
            let differs = typed.get(i) != meant.get(i);
            let of_square = meant.get(i + 1).is_some_and(char::is_ascii_digit);
            differs && !of_square && is_file(meant[i])
        });
        Some(match case_decides {
            false => Ok(mv),
            true => Err(MoveError::illegal(
                input,
                format!(
                    "did you mean {}? A capital letter names a piece, a small one a file",
                    self.san(&mv)
                ),
            )),
        })
    }

    /// The SAN of a legal move, with `+` for check and `#` for mate.
    pub fn san(&self, mv: &V::Move) -> String {
        let mut san = self.position.san(mv, &self.legal);
        let mut after = self.position.clone();
        after.play(mv);
        if after.in_check() {
            let mut replies = Vec::new();
            after.legal_moves(&mut replies);
            san.push(if replies.is_empty() { '#' } else { '+' });
        }
        san
    }

    pub fn info(&self, mv: &V::Move) -> MoveInfo {
        MoveInfo {
            coordinate: self.position.coordinate(mv),
            san: self.san(mv),
            description: self.position.describe(mv),
            kind: self.position.facts(mv).kind,
            marks: self.position.marks(mv),
        }
    }

    /// Leaf count of the legal-move tree; a finished game has no children (with
    /// [`super::Rules::STANDARD_PERFT`], only a position without a legal move).
    pub fn perft(&self, depth: u32) -> u64 {
        perft::perft(&self.position, depth, &mut self.keys.clone())
    }

    /// The perft count below each legal move, sorted by the move's coordinate form.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut moves = Vec::new();
        let legal = if V::STANDARD_PERFT {
            // A drawn game still has its moves for perft.
            self.position.legal_moves(&mut moves);
            &moves
        } else {
            &self.legal
        };
        perft::divide(&self.position, legal, depth, &mut self.keys.clone())
    }

    fn swap_available(&self) -> bool {
        V::HAS_SWAP
            && !self.swapped
            && self.outcome.is_none()
            && self.moves.len() == 1
            && self.start.turn() == Color::White
            && self.start.move_number() == 1
    }
}

/// A game of any variant, as the service, the renderer and the adapters see it.
pub trait AnyGame: Send + Sync {
    fn variant(&self) -> VariantId;
    /// The position text the game started from.
    fn start_text(&self) -> String;
    /// The position text now.
    fn position_text(&self) -> String;
    fn turn(&self) -> Color;
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// The legal moves in coordinate form, sorted by byte order; none once the game is over.
    fn legal_coordinates(&self) -> Vec<String>;
    /// The legal moves with SAN, words and marks, sorted by coordinate form.
    fn legal_moves(&self) -> Vec<MoveInfo>;
    /// The legal moves of the piece on `square`.
    fn moves_from(&self, square: Square) -> Vec<MoveInfo>;
    /// Reads player input (any accepted form) as one legal move.
    fn parse_move(&self, input: &str) -> Result<MoveInfo, MoveError>;
    /// Reads player input and plays the move it names.
    fn play(&mut self, input: &str) -> Result<MoveInfo, MoveError>;
    /// The moves played so far, in coordinate form.
    fn moves_played(&self) -> Vec<String>;
    /// For each move played, the move number and the side that made it (a ply that does not
    /// pass the turn, like AGEIOU's king placement, shares its number and side).
    fn move_numbers(&self) -> Vec<(u32, Color)>;
    /// What the last move did, for highlighting.
    fn last_move(&self) -> Option<MoveMarks>;
    fn board(&self) -> BoardView;
    /// Whether the variant has the swap at all.
    fn has_swap(&self) -> bool;
    /// Whether the side to move may swap sides instead of moving (Black's first turn only).
    fn swap_available(&self) -> bool;
    /// Records the swap: the position is unchanged, the players exchange colours.
    fn swap(&mut self) -> Result<(), MoveError>;
    fn perft(&self, depth: u32) -> u64;
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// Whether `color` could still win by its variant's rules ([`super::Rules::can_win`]): a
    /// game its opponent loses on time is drawn instead when it could not.
    fn can_win(&self, color: Color) -> bool;
    /// The options the game was created with (the defaults for variants without options).
    fn options(&self) -> GameOptions;
    /// The position as it would be with `color` to move, for showing a piece's moves during
    /// the other side's turn: the turn passes and the last move's en passant and riposte
    /// rights lapse. `None` where that position cannot be (the side that is not to move
    /// would stand in check, or a captured king waits to be placed).
    fn with_turn(&self, color: Color) -> Option<Box<dyn AnyGame>>;
}

impl<V: Variant> AnyGame for Game<V> {
    fn variant(&self) -> VariantId {
        V::ID
    }

    fn start_text(&self) -> String {
        self.start.to_text()
    }

    fn position_text(&self) -> String {
        self.position.to_text()
    }

    fn turn(&self) -> Color {
        self.position.turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn in_check(&self) -> bool {
        self.position.in_check()
    }

    fn legal_coordinates(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .legal
            .iter()
            .map(|mv| self.position.coordinate(mv))
            .collect();
        out.sort();
        out
    }

    fn legal_moves(&self) -> Vec<MoveInfo> {
        let mut out: Vec<MoveInfo> = self.legal.iter().map(|mv| self.info(mv)).collect();
        out.sort_by(|a, b| a.coordinate.cmp(&b.coordinate));
        out
    }

    fn moves_from(&self, square: Square) -> Vec<MoveInfo> {
        let mut out: Vec<MoveInfo> = self
            .legal
            .iter()
            .filter(|mv| self.position.facts(mv).from == square)
            .map(|mv| self.info(mv))
            .collect();
        out.sort_by(|a, b| a.coordinate.cmp(&b.coordinate));
        out
    }

    fn parse_move(&self, input: &str) -> Result<MoveInfo, MoveError> {
        self.parse(input).map(|mv| self.info(&mv))
    }

    fn play(&mut self, input: &str) -> Result<MoveInfo, MoveError> {
        let mv = self.parse(input)?;
        let info = self.info(&mv);
        Game::play(self, mv)?;
        Ok(info)
    }

    fn move_numbers(&self) -> Vec<(u32, Color)> {
        let mut replay = self.start.clone();
        self.moves
            .iter()
            .map(|mv| {
                let label = (replay.move_number(), replay.turn());
                replay.play(mv);
                label
            })
            .collect()
    }

    fn moves_played(&self) -> Vec<String> {
        let mut replay = self.start.clone();
        self.moves
            .iter()
            .map(|mv| {
                let text = replay.coordinate(mv);
                replay.play(mv);
                text
            })
            .collect()
    }

    fn last_move(&self) -> Option<MoveMarks> {
        self.last.clone()
    }

    fn board(&self) -> BoardView {
        self.position.board_view()
    }

    fn has_swap(&self) -> bool {
        V::HAS_SWAP
    }

    fn swap_available(&self) -> bool {
        Game::swap_available(self)
    }

    fn swap(&mut self) -> Result<(), MoveError> {
        if !Game::swap_available(self) {
            return Err(MoveError::Illegal {
                input: "swap".into(),
                reason: "the swap is only available on Black's first turn, once per game".into(),
            });
        }
        self.swapped = true;
        Ok(())
    }

    fn perft(&self, depth: u32) -> u64 {
        Game::perft(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        Game::divide(self, depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn can_win(&self, color: Color) -> bool {
        self.position.can_win(color)
    }

    fn options(&self) -> GameOptions {
        self.start.options()
    }

    fn with_turn(&self, color: Color) -> Option<Box<dyn AnyGame>> {
        if color == self.turn() {
            return Some(self.clone_box());
        }
        // Every variant's position text has the side to move second; the fields that belong
        // to the last move are the en passant square and Epoch's riposte.
        let lapsing: &[usize] = match V::ID {
            VariantId::Epoch => &[3, 4],
            VariantId::Chess | VariantId::Empire | VariantId::Fantastic => &[3],
            VariantId::Ageiou => &[],
        };
        let text = self.position.to_text();
        let mut fields: Vec<&str> = text.split_whitespace().collect();
        *fields.get_mut(1)? = match color {
            Color::White => "w",
            Color::Black => "b",
        };
        for &i in lapsing {
            *fields.get_mut(i)? = "-";
        }
        let mut position = V::from_text(&fields.join(" ")).ok()?;
        position.set_options(self.options()).ok()?;
        Some(Box::new(Game::new(position)))
    }
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{new_game, Color, MoveKind, VariantId};

    fn kind_of(variant: VariantId, text: Option<&str>, coordinate: &str) -> MoveKind {
        let game = new_game(variant, text).unwrap();
        let mv = game.parse_move(coordinate).unwrap();
        assert_eq!(mv.coordinate, coordinate);
        mv.kind
    }

    #[test]
    fn moves_say_what_sort_they_are() {
        let chess = Some("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
        for (coordinate, kind) in [
            ("e1g1", MoveKind::Castle),
            ("e5d6", MoveKind::EnPassant),
            ("b7a8q", MoveKind::Promotion),
            ("a1a8", MoveKind::Capture),
            ("e5e6", MoveKind::Quiet),
        ] {
            assert_eq!(
                kind_of(VariantId::Chess, chess, coordinate),
                kind,
                "{coordinate}"
            );
        }
        for (coordinate, kind) in [("f1d1", MoveKind::Swap), ("b1b1", MoveKind::Build)] {
            assert_eq!(
                kind_of(VariantId::Ageiou, None, coordinate),
                kind,
                "{coordinate}"
            );
        }
        assert_eq!(
            kind_of(VariantId::Fantastic, None, "g1e3"),
            MoveKind::KingJump
        );
        assert_eq!(kind_of(VariantId::Epoch, None, "a3a7"), MoveKind::Quiet);
    }

    #[test]
    fn a_side_can_win_while_its_rules_give_it_the_material() {
        let can_win = |variant, text| {
            let game = new_game(variant, Some(text)).unwrap();
            Color::BOTH.map(|c| game.can_win(c))
        };
        // Chess: a bare king, or a king and one minor piece, cannot mate.
        assert_eq!(
            can_win(VariantId::Chess, "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"),
            [false, false]
        );
        assert_eq!(
            can_win(VariantId::Chess, "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1"),
            [true, false]
        );
        assert_eq!(
            can_win(VariantId::Chess, "4k3/7p/8/8/8/8/8/4K3 w - - 0 1"),
            [false, true]
        );
        // Epoch: a side with more than its Pope.
        let epoch = "6p6/13/13/13/13/13/13/13/13/13/L12/13/6P6 w - - - - - 0 1";
        assert_eq!(can_win(VariantId::Epoch, epoch), [true, false]);
        // Fantastic XIII: a side with more than its King.
        let fantastic = "6k6/13/13/13/13/13/13/13/13/13/13/13/5QK6 w - - 0 1";
        assert_eq!(can_win(VariantId::Fantastic, fantastic), [true, false]);
        // Empire Chess and AGEIOU: a bare king still plays to win.
        assert_eq!(
            can_win(VariantId::Empire, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            [true, true]
        );
        let ageiou = "5k4/10/10/10/10/10/10/10/10/5K4 w - - - 0 1";
        assert_eq!(can_win(VariantId::Ageiou, ageiou), [true, true]);
    }
}
