//! Tournaments: who plays whom and with which colour, and how the players stand. Pure
//! arithmetic on start numbers and results, with no store and no Discord: round robins by
//! FIDE's Berger tables ([`berger`]), Swiss rounds by FIDE's Dutch system ([`dutch`]), standings with FIDE's tie-breaks ([`standings`]), and
//! FIDE's report file ([`trf`]).

pub mod berger;
pub mod dutch;
pub mod standings;
pub mod trf;
pub mod wide;

#[cfg(test)]
mod dutch_tests;
#[cfg(test)]
mod tests;

/// One game of a round, between two start numbers counted from 0 (the tables' 1 is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    pub white: usize,
    pub black: usize,
}

impl Pairing {
    /// The same game with the colours reversed.
    pub fn reversed(self) -> Pairing {
        Pairing {
            white: self.black,
            black: self.white,
        }
    }

    /// Whether `player` plays in it.
    pub fn has(self, player: usize) -> bool {
        self.white == player || self.black == player
    }
}

/// A round: its games in board order, and the player who has the bye, if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub games: Vec<Pairing>,
    pub bye: Option<usize>,
}
