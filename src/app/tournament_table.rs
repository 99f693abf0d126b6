//! A tournament's standings table as far as its games have gone, which the tournament's
//! commands build and its words show; and the fewest players it starts with.

use crate::store::Entrant;
use crate::tournament::standings::{Entry, Standing, System};

/// The fewest players a tournament starts with.
pub const MIN_PLAYERS: usize = 3;
/// A tournament's standings as far as its games have gone.
pub struct Table {
    /// The players by start number (from 0, as the standings count them).
    pub entrants: Vec<Entrant>,
    /// Each player's entry in each round, by start number.
    pub rounds: Vec<Vec<Entry>>,
    /// How it is paired, which decides its tie-breaks.
    pub system: System,
    pub standings: Vec<Standing>,
    pub finished: usize,
    pub games: usize,
    /// When its games began, and when the last of those that ended did.
    pub began: Option<i64>,
    pub ended: Option<i64>,
}

impl Table {
    /// The player of a start number (from 0).
    pub fn player(&self, number: usize) -> &str {
        &self.entrants[number].player
    }

    /// The standings' line of a start number (from 0).
    pub(super) fn standing(&self, number: usize) -> Option<&Standing> {
        self.standings.iter().find(|s| s.player == number)
    }
}
