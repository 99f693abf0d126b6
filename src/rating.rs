//! Ratings: Glicko-2, one rating per player per variant, the way lichess and pychess run it.
//! Pure like `rules/`: a game's result and the two players' standings in, their standings
//! after it out. The formulas are the `skillratings` crate's; this module holds Herald's
//! settings and the bookkeeping around them.
//!
//! - Everyone starts at 1500 with a deviation (RD) of 500 and a volatility of 0.09; the
//!   system constant tau is 0.75.
//! - Every rated game is rated on its own, as one rating period, the moment it ends.
//! - A player's RD grows while they do not play: one rating period lasts about 4.67 days
//!   (lichess's 0.21436 periods a day), and the time since their last rated game beyond the
//!   one period the game itself counts for is added as `phi² + t·sigma²`.
//! - The RD stays within 45..=500 and the volatility at most 0.1 (lichess's bounds).
//! - A rating is provisional, shown `1500?`, while its RD is 110 or more.

use std::collections::BTreeMap;

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::rules::VariantId;

/// The system constant: how much the volatility may change.
pub const TAU: f64 = 0.75;
/// A rating period, in seconds: 1 / 0.21436 days.
pub const PERIOD_SECONDS: f64 = 86_400.0 / 0.21436;
/// From this RD up a rating is provisional.
pub const PROVISIONAL_RD: f64 = 110.0;
pub const MIN_RD: f64 = 45.0;
pub const MAX_RD: f64 = 500.0;
pub const MAX_VOLATILITY: f64 = 0.1;
/// The Glicko-2 scale factor, 400 / ln 10.
const SCALE: f64 = 173.7178;

/// A Glicko-2 rating on the familiar scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Rating {
    /// Where every player starts.
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    };

    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_RD
    }

    /// The rating as players read it: `1523`, or `1500?` while provisional.
    pub fn shown(&self) -> String {
        let mark = if self.provisional() { "?" } else { "" };
        format!("{}{mark}", self.rating.round() as i64)
    }

    /// The rating after `seconds` of not playing, beyond the one period a game counts for:
    /// the RD grows by the volatility over the extra periods, up to [`MAX_RD`].
    pub fn idle(self, seconds: i64) -> Rating {
        let periods = seconds.max(0) as f64 / PERIOD_SECONDS - 1.0;
        if periods <= 0.0 {
            return self;
        }
        let phi = self.deviation / SCALE;
        let grown = (phi * phi + periods * self.volatility * self.volatility).sqrt() * SCALE;
        Rating {
            deviation: grown.min(MAX_RD),
            ..self
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn bounded(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation.clamp(MIN_RD, MAX_RD),
            volatility: r.volatility.min(MAX_VOLATILITY),
        }
    }
}

/// The two ratings after a game that White scored `white_points` in (1, ½ or 0), each
/// player's RD first grown by their idle time.
pub fn rate(white: Rating, black: Rating, white_points: f64) -> (Rating, Rating) {
    let outcome = if white_points > 0.75 {
        Outcomes::WIN
    } else if white_points < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::default()
    };
    let (w, b) = glicko2(&white.glicko(), &black.glicko(), &outcome, &config);
    (Rating::bounded(w), Rating::bounded(b))
}

/// A player's standing in one variant: the rating and the record of rated games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// When their last rated game ended (Unix seconds); none before the first.
    pub rated_at: Option<i64>,
}

impl Default for Standing {
    fn default() -> Standing {
        Standing {
            rating: Rating::START,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            rated_at: None,
        }
    }
}

impl Standing {
    /// The rating as of `now`, the RD grown by the time since the last rated game.
    pub fn rating_at(&self, now: i64) -> Rating {
        match self.rated_at {
            Some(at) => self.rating.idle(now - at),
            None => self.rating,
        }
    }

    /// This standing after a game ending at `at` in which the player scored `points`, with
    /// the new rating.
    fn after(&self, rating: Rating, points: f64, at: i64) -> Standing {
        Standing {
            rating,
            games: self.games + 1,
            wins: self.wins + (points > 0.75) as i64,
            draws: self.draws + (0.25..=0.75).contains(&points) as i64,
            losses: self.losses + (points < 0.25) as i64,
            rated_at: Some(at),
        }
    }
}

/// A rated game, as the ratings see it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    pub id: i64,
    pub variant: VariantId,
    pub white: String,
    pub black: String,
    /// White's points: 1, ½ or 0.
    pub white_points: f64,
    /// When it ended.
    pub at: i64,
}

/// What one rated game did to one player's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    pub game_id: i64,
    pub player: String,
    pub variant: VariantId,
    pub before: f64,
    pub after: Rating,
    pub at: i64,
}

impl Change {
    /// The change in rating points, rounded as shown: `+12`, `-7`, `+0`.
    pub fn delta(&self) -> String {
        let d = self.after.rating.round() as i64 - self.before.round() as i64;
        format!("{d:+}")
    }
}

/// The standings of the two players after `game`, from theirs before it, with the changes.
pub fn play(white: &Standing, black: &Standing, game: &RatedGame) -> [(Standing, Change); 2] {
    let (w, b) = (white.rating_at(game.at), black.rating_at(game.at));
    let (w_after, b_after) = rate(w, b, game.white_points);
    let change = |player: &str, before: &Rating, after: Rating| Change {
        game_id: game.id,
        player: player.to_string(),
        variant: game.variant,
        before: before.rating,
        after,
        at: game.at,
    };
    [
        (
            white.after(w_after, game.white_points, game.at),
            change(&game.white, &w, w_after),
        ),
        (
            black.after(b_after, 1.0 - game.white_points, game.at),
            change(&game.black, &b, b_after),
        ),
    ]
}

/// Every standing and change that a list of rated games gives, played in order from nothing:
/// what the stored ratings must equal.
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    pub standings: BTreeMap<(String, VariantId), Standing>,
    pub changes: Vec<Change>,
}

impl Ledger {
    /// Rates one more game.
    pub fn record(&mut self, game: &RatedGame) {
        let of = |ledger: &Ledger, player: &str| {
            ledger
                .standings
                .get(&(player.to_string(), game.variant))
                .copied()
                .unwrap_or_default()
        };
        let (white, black) = (of(self, &game.white), of(self, &game.black));
        for (standing, change) in play(&white, &black, game) {
            self.standings
                .insert((change.player.clone(), game.variant), standing);
            self.changes.push(change);
        }
    }

    /// Where `stored` differs from this ledger, one line each: a standing missing, extra or
    /// different, a game's change missing, extra or different.
    pub fn differences(&self, stored: &Ledger) -> Vec<String> {
        let mut found = Vec::new();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
        let same_rating = |a: &Rating, b: &Rating| {
            close(a.rating, b.rating)
                && close(a.deviation, b.deviation)
                && close(a.volatility, b.volatility)
        };
        for ((player, variant), want) in &self.standings {
            match stored.standings.get(&(player.clone(), *variant)) {
                None => found.push(format!("{player} has no stored {variant} rating")),
                Some(got) => {
                    let counts = |s: &Standing| (s.games, s.wins, s.draws, s.losses, s.rated_at);
                    if !same_rating(&got.rating, &want.rating) || counts(got) != counts(want) {
                        found.push(format!(
                            "{player}'s {variant} rating is stored as {} after {} games, the games give {} after {}",
                            got.rating.rating, got.games, want.rating.rating, want.games
                        ));
                    }
                }
            }
        }
        for (player, variant) in stored.standings.keys() {
            if !self.standings.contains_key(&(player.clone(), *variant)) {
                found.push(format!(
                    "{player} has a stored {variant} rating but no rated game of it"
                ));
            }
        }
        let key = |c: &Change| (c.game_id, c.player.clone());
        let want: BTreeMap<_, _> = self.changes.iter().map(|c| (key(c), c)).collect();
        let got: BTreeMap<_, _> = stored.changes.iter().map(|c| (key(c), c)).collect();
        for (k, w) in &want {
            match got.get(k) {
                None => found.push(format!("game #{}: no rating change stored for {}", k.0, k.1)),
                Some(g) if !(same_rating(&g.after, &w.after) && close(g.before, w.before)) => {
                    found.push(format!(
                        "game #{}: {}'s rating change is stored as {} to {}, the games give {} to {}",
                        k.0, k.1, g.before, g.after.rating, w.before, w.after.rating
                    ))
                }
                Some(_) => {}
            }
        }
        for k in got.keys().filter(|k| !want.contains_key(*k)) {
            found.push(format!(
                "game #{}: a rating change is stored for {} but the game is not rated",
                k.0, k.1
            ));
        }
        found
    }

    /// The ledger of `games`, in the order given.
    pub fn of(games: &[RatedGame]) -> Ledger {
        let mut ledger = Ledger::default();
        for g in games {
            ledger.record(g);
        }
        ledger
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn provisional_ratings_carry_a_question_mark() {
        assert_eq!(Rating::START.shown(), "1500?");
        let settled = Rating {
            rating: 1523.4,
            deviation: 80.0,
            volatility: 0.06,
        };
        assert_eq!(settled.shown(), "1523");
        let edge = Rating {
            deviation: PROVISIONAL_RD,
            ..settled
        };
        assert!(edge.provisional());
        let just_under = Rating {
            rating: 1499.6,
            deviation: 109.9,
            volatility: 0.06,
        };
        assert_eq!(just_under.shown(), "1500");
    }

    #[test]
    fn deltas_are_signed() {
        let c = |before: f64, after: f64| Change {
            game_id: 1,
            player: "a".into(),
            variant: VariantId::Epoch,
            before,
            after: Rating {
                rating: after,
                ..Rating::START
            },
            at: 0,
        };
        assert_eq!(c(1500.0, 1512.4).delta(), "+12");
        assert_eq!(c(1500.0, 1492.6).delta(), "-7");
        assert_eq!(c(1500.2, 1499.9).delta(), "+0");
    }
}
