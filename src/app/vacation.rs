//! Vacation (/vacation): leave from every game at once. While a player is away, each game
//! where it is their move has its deadline after the leave's end, at the time they had left
//! when it began; a game that becomes their move meanwhile gets its full clock from the
//! leave's end. Coming back early moves those deadlines back by the time not taken, and the
//! whole days not taken are given back to the year's allowance. No reminders go to a player
//! away, and their opponents see until when they are.

use super::words::{self, LEAVE_DAYS};
use super::{Handled, Refusal, Reply, Request, Service, DAY};
use crate::calendar::{civil, midnight, parse_date};
use crate::store::{Moved, StoredGame, StoredLeave};

/// The whole days a leave takes: a day begun is a day taken.
fn days_of(leave: &StoredLeave) -> i64 {
    (leave.ends_at - leave.starts_at + DAY - 1)
        .div_euclid(DAY)
        .max(1)
}

/// The calendar year (UTC) `time` falls in, as the times it runs from and to.
fn year_of(time: i64) -> (i64, i64) {
    let (y, ..) = civil(time);
    (midnight(y, 1, 1), midnight(y + 1, 1, 1))
}

/// When a clock of `days` a move, starting at `now`, runs out for a player away until
/// `away` (if they are): it starts at their return.
pub(super) fn clock_after(now: i64, away: Option<i64>, days: i64) -> i64 {
    away.map_or(now, |ends| ends.max(now)) + days * DAY
}

impl Service {
    /// `/vacation`: begins leave (`days` from now, or `until` a date), ends it (`off`), or
    /// shows it.
    pub(super) async fn vacation(
        &self,
        req: &Request,
        days: Option<i64>,
        until: Option<&str>,
        off: bool,
    ) -> Handled {
        let now = self.now();
        let current = self.store.leave_at(&req.user, now).await?;
        let allowance = self.allowance(req.guild.as_deref()).await?;
        let said = match (current, days, until, off) {
            (current, None, None, false) => {
                let used = self.leave_used(&req.user, now).await?;
                words::leave_shown(current.map(|l| l.ends_at), used, allowance)
            }
            (None, _, _, true) => return Err(Refusal::NoLeave),
            (Some(leave), _, _, true) => {
                let moved = self.come_back(&leave, now).await?;
                let used = self.leave_used(&req.user, now).await?;
                words::leave_ended(moved, used, allowance)
            }
            (Some(leave), ..) => return Err(Refusal::OnLeave(leave.ends_at)),
            (None, days, until, false) => {
                let ends = match days {
                    Some(d) => now + d * DAY,
                    None => {
                        let date = until.unwrap_or_default();
                        parse_date(date)
                            .filter(|t| *t > now)
                            .ok_or_else(|| Refusal::LeaveDate(date.to_string()))?
                    }
                };
                let leave = StoredLeave {
                    player: req.user.clone(),
                    starts_at: now,
                    ends_at: ends,
                    guild: req.guild.clone(),
                };
                let used = self.leave_used(&req.user, now).await?;
                let asked = days_of(&leave);
                if used + asked > allowance {
                    return Err(Refusal::LeaveTooLong(
                        asked,
                        (allowance - used).max(0),
                        allowance,
                    ));
                }
                let stopped = self.go_away(&leave).await?;
                words::leave_begun(ends, asked, stopped, used + asked, allowance)
            }
        };
        Ok(vec![Reply::private(&req.channel, said)])
    }

    /// The days of leave a year a player may take in `guild` (Herald's default elsewhere).
    async fn allowance(&self, guild: Option<&str>) -> Result<i64, Refusal> {
        Ok(match guild {
            Some(g) => self.store.settings(g).await?.vacation_days,
            None => None,
        }
        .unwrap_or(LEAVE_DAYS))
    }

    /// The whole days of leave the player has taken (or has begun to take) this year.
    async fn leave_used(&self, player: &str, now: i64) -> Result<i64, Refusal> {
        let (from, to) = year_of(now);
        let leaves = self.store.leaves_between(player, from, to).await?;
        Ok(leaves.iter().map(days_of).sum())
    }

    /// The player's games in play where it is their move, with their deadlines.
    async fn games_to_move(&self, player: &str) -> Result<Vec<(StoredGame, i64)>, Refusal> {
        let mut found = Vec::new();
        for row in self.store.games_of(player, true).await? {
            let Some(deadline) = row.deadline else {
                continue;
            };
            if row.player(self.rules_game(&row).await?.turn()) == player {
                found.push((row, deadline));
            }
        }
        Ok(found)
    }

    /// Begins `leave`: each of the player's games where it is their move, and whose deadline
    /// has not passed (leave saves no game already lost on time), waits until the leave's
    /// end with the time left now. The number of games stopped.
    async fn go_away(&self, leave: &StoredLeave) -> Result<usize, Refusal> {
        let moved: Vec<Moved> = self
            .games_to_move(&leave.player)
            .await?
            .into_iter()
            .filter(|(_, d)| *d > leave.starts_at)
            .map(|(row, d)| Moved {
                game: row.id,
                version: row.version,
                deadline: leave.ends_at + (d - leave.starts_at),
            })
            .collect();
        self.store.save_leave(leave, true, &moved).await?;
        tracing::info!(player = %leave.player, until = leave.ends_at, games = moved.len(), "leave begins");
        Ok(moved.len())
    }

    /// Ends `leave` now: the deadlines it put after its end come back by the time not taken.
    async fn come_back(&self, leave: &StoredLeave, now: i64) -> Result<usize, Refusal> {
        let early = leave.ends_at - now;
        let moved: Vec<Moved> = self
            .games_to_move(&leave.player)
            .await?
            .into_iter()
            .filter(|(_, d)| *d >= leave.ends_at)
            .map(|(row, d)| Moved {
                game: row.id,
                version: row.version,
                deadline: d - early,
            })
            .collect();
        let ended = StoredLeave {
            ends_at: now,
            ..leave.clone()
        };
        self.store.save_leave(&ended, false, &moved).await?;
        tracing::info!(player = %leave.player, games = moved.len(), "leave ends early");
        Ok(moved.len())
    }

    /// When the clock of `player`, starting now with `days` a move, runs out: counted from
    /// the end of their leave when they are away.
    pub(super) async fn clock_of(&self, player: &str, days: i64) -> i64 {
        clock_after(self.now(), self.away_until(player).await, days)
    }

    /// Until when `player` is away, if they are.
    pub(super) async fn away_until(&self, player: &str) -> Option<i64> {
        let leave = self.store.leave_at(player, self.now()).await.ok()??;
        Some(leave.ends_at)
    }
}
