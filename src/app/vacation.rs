//! Vacation (/vacation): leave from every game at once. While a player is away, each game
//! where it is their move has its deadline after the leave's end, at the time they had left
//! when it began; a game that becomes their move meanwhile gets its full clock from the
//! leave's end. Coming back early moves those deadlines back by the time not taken, and the
//! whole days not taken are given back to the year's allowance. Each server's allowance caps
//! the leave in its own games: days of the year's leave past it stop no clock there. No
//! reminders go to a player away, and their opponents see until when they are.

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

/// Until when `leave` stops the clocks of games in a server that allows `allowance` days of
/// leave a year, when `before` days of the year's leave were taken before it began (the days
/// past the allowance stop nothing there); none when it stops none.
fn covered_until(leave: &StoredLeave, before: i64, allowance: i64) -> Option<i64> {
    let days = (allowance - before).clamp(0, days_of(leave));
    let end = leave.ends_at.min(leave.starts_at + days * DAY);
    (end > leave.starts_at).then_some(end)
}

/// What a leave stops in each server: the days of the year's leave taken before it, and each
/// server's allowance, looked up once.
struct Cover<'a> {
    leave: &'a StoredLeave,
    before: i64,
    allowances: std::collections::HashMap<Option<String>, i64>,
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
                let (stopped, shortened) = self.go_away(&leave).await?;
                let mut said = words::leave_begun(ends, asked, stopped, used + asked, allowance);
                if !shortened.is_empty() {
                    said.push(words::leave_shortened(&shortened));
                }
                said
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

    /// What `leave` stops in each server's games.
    async fn cover<'a>(&self, leave: &'a StoredLeave) -> Result<Cover<'a>, Refusal> {
        let (from, _) = year_of(leave.starts_at);
        let earlier = self
            .store
            .leaves_between(&leave.player, from, leave.starts_at)
            .await?;
        Ok(Cover {
            leave,
            before: earlier.iter().map(days_of).sum(),
            allowances: Default::default(),
        })
    }

    /// Until when the leave in `cover` stops the clocks of the games of `guild`.
    async fn covered_in(
        &self,
        cover: &mut Cover<'_>,
        guild: Option<&str>,
    ) -> Result<Option<i64>, Refusal> {
        let key = guild.map(String::from);
        let allowance = match cover.allowances.get(&key) {
            Some(a) => *a,
            None => {
                let a = self.allowance(guild).await?;
                cover.allowances.insert(key, a);
                a
            }
        };
        Ok(covered_until(cover.leave, cover.before, allowance))
    }

    /// Begins `leave`: each of the player's games where it is their move, and whose deadline
    /// has not passed (leave saves no game already lost on time), waits until the leave's
    /// end (or the end of what its server allows) with the time left now. The number of games
    /// stopped, and those its server stops for less than the whole leave, with until when.
    async fn go_away(
        &self,
        leave: &StoredLeave,
    ) -> Result<(usize, Vec<(i64, Option<i64>)>), Refusal> {
        let mut cover = self.cover(leave).await?;
        let mut moved = Vec::new();
        let mut shortened = Vec::new();
        for (row, d) in self.games_to_move(&leave.player).await? {
            if d <= leave.starts_at {
                continue;
            }
            let Some(end) = self.covered_in(&mut cover, row.guild.as_deref()).await? else {
                shortened.push((row.id, None));
                continue;
            };
            if end < leave.ends_at {
                shortened.push((row.id, Some(end)));
            }
            moved.push(Moved {
                game: row.id,
                version: row.version,
                deadline: end + (d - leave.starts_at),
            });
        }
        self.store.save_leave(leave, true, &moved).await?;
        tracing::info!(player = %leave.player, until = leave.ends_at, games = moved.len(), "leave begins");
        Ok((moved.len(), shortened))
    }

    /// Ends `leave` now: the deadlines it put after its end (in each server, the end of what
    /// that server allows) come back by the time not taken.
    async fn come_back(&self, leave: &StoredLeave, now: i64) -> Result<usize, Refusal> {
        let mut cover = self.cover(leave).await?;
        let mut moved = Vec::new();
        for (row, d) in self.games_to_move(&leave.player).await? {
            let Some(end) = self.covered_in(&mut cover, row.guild.as_deref()).await? else {
                continue;
            };
            if end > now && d >= end {
                moved.push(Moved {
                    game: row.id,
                    version: row.version,
                    deadline: d - (end - now),
                });
            }
        }
        let ended = StoredLeave {
            ends_at: now,
            ..leave.clone()
        };
        self.store.save_leave(&ended, false, &moved).await?;
        tracing::info!(player = %leave.player, games = moved.len(), "leave ends early");
        Ok(moved.len())
    }

    /// When the clock of `player` in a game of `guild`, starting now with `days` a move, runs
    /// out: counted from the end of their leave there when they are away.
    pub(super) async fn clock_of(&self, player: &str, guild: Option<&str>, days: i64) -> i64 {
        clock_after(self.now(), self.away_until(player, guild).await, days)
    }

    /// Until when `player` is away from their games in `guild`, if they are: the end of their
    /// leave, or of what that server allows of it.
    pub(super) async fn away_until(&self, player: &str, guild: Option<&str>) -> Option<i64> {
        let now = self.now();
        let leave = self.store.leave_at(player, now).await.ok()??;
        let mut cover = self.cover(&leave).await.ok()?;
        let end = self.covered_in(&mut cover, guild).await.ok()??;
        (end > now).then_some(end)
    }
}
