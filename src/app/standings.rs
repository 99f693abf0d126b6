//! Ratings as players meet them: the changes under a result, the leaderboard of a server and
//! a player's profile with its chart.

use super::words::{self, Ranked};
use super::{Action, Attachment, Button, ButtonStyle, Handled, Refusal, Reply, Request, Service};
use crate::rating::Standing;
use crate::render::chart::{rating_chart, Series};
use crate::rules::VariantId;
use crate::store::StoredGame;

/// Rows on a leaderboard page.
pub const PAGE: usize = 10;
/// Games listed on a profile.
const RECENT: i64 = 5;

impl Service {
    /// A finished game's message with the ratings it changed (or that it was casual).
    pub(super) async fn with_ratings(&self, mut reply: Reply, row: &StoredGame) -> Reply {
        if row.result.is_none() {
            return reply;
        }
        match self.store.changes_of_game(row.id).await {
            Ok(changes) => {
                reply.text.push(" ");
                reply.text.push(words::rating_line(row, &changes));
            }
            Err(e) => tracing::warn!(error = %e, game = row.id, "could not read the ratings"),
        }
        if let Some(link) = self.page_link(row).await {
            reply.text.push(format!("\nThe game's page: {link}"));
        }
        reply
    }

    /// A player's rating in a variant as shown now, `1500?` for a newcomer.
    pub(super) async fn shown_rating(
        &self,
        player: &str,
        variant: VariantId,
    ) -> Result<String, Refusal> {
        let standing = self.store.standing(player, variant).await?;
        Ok(standing.unwrap_or_default().rating_at(self.now()).shown())
    }

    /// The variant a leaderboard shows when none is named: the one with the most rated
    /// players here, Epoch when there are none.
    async fn busiest_variant(&self, guild: Option<&str>) -> Result<VariantId, Refusal> {
        let mut best = (0, VariantId::Epoch);
        for v in VariantId::ALL {
            let n = self.store.board(guild, v).await?.len();
            if n > best.0 {
                best = (n, v);
            }
        }
        Ok(best.1)
    }

    /// A page of a variant's leaderboard on this server: established players by rating, then
    /// the provisional ones; ten to a page with buttons to turn it. A button's page is shown
    /// only to the player who pressed it.
    pub(super) async fn leaderboard(
        &self,
        req: &Request,
        variant: Option<VariantId>,
        page: i64,
        pressed: bool,
    ) -> Handled {
        let guild = req.guild.as_deref();
        let variant = match variant {
            Some(v) => v,
            None => self.busiest_variant(guild).await?,
        };
        let rows = self.ranked(guild, variant).await?;
        if rows.is_empty() {
            return Ok(vec![Reply::new(
                &req.channel,
                words::empty_leaderboard(variant),
            )]);
        }
        let pages = rows.len().div_ceil(PAGE) as i64;
        if page < 1 || page > pages {
            return Err(Refusal::NoSuchPage(page));
        }
        let first = (page as usize - 1) * PAGE;
        let shown = &rows[first..(first + PAGE).min(rows.len())];
        let text = words::leaderboard(variant, shown, first + 1, page, pages, rows.len());
        let index = VariantId::ALL
            .iter()
            .position(|v| *v == variant)
            .unwrap_or(0) as i64;
        let turn = |label: &str, to: i64| {
            Button::new(
                label,
                Action::Page {
                    variant: index,
                    page: to,
                },
                ButtonStyle::Secondary,
            )
        };
        let mut buttons = Vec::new();
        if page > 1 {
            buttons.push(turn("Previous page", page - 1));
        }
        if page < pages {
            buttons.push(turn("Next page", page + 1));
        }
        let mut reply = Reply::new(&req.channel, text).with_buttons(buttons);
        reply.ephemeral = pressed;
        Ok(vec![reply])
    }

    /// A variant's rated players of server `guild` in the leaderboard's order: established
    /// players by rating now, then the provisional ones.
    pub(super) async fn ranked(
        &self,
        guild: Option<&str>,
        variant: VariantId,
    ) -> Result<Vec<Ranked>, Refusal> {
        let now = self.now();
        let mut rows: Vec<Ranked> = self
            .store
            .board(guild, variant)
            .await?
            .into_iter()
            .map(|(player, standing)| Ranked {
                now: standing.rating_at(now),
                player,
                standing,
            })
            .collect();
        rows.sort_by(|a, b| {
            let provisional = a.now.provisional().cmp(&b.now.provisional());
            provisional
                .then(b.now.rating.total_cmp(&a.now.rating))
                .then(b.standing.games.cmp(&a.standing.games))
                .then(a.player.cmp(&b.player))
        });
        Ok(rows)
    }

    /// A player's ratings in every variant they played rated, their record, current streak
    /// and recent games, and a chart of their ratings over time.
    pub(super) async fn profile(&self, req: &Request, player: Option<&str>) -> Handled {
        let player = player.unwrap_or(&req.user);
        let now = self.now();
        let mut standings: Vec<(VariantId, _, Standing)> = self
            .store
            .standings_of(player)
            .await?
            .into_iter()
            .map(|(v, s)| (v, s.rating_at(now), s))
            .collect();
        standings.sort_by_key(|(v, _, _)| *v);
        let finished = self.store.finished_games_of(player, 1000).await?;
        let changes = self.store.changes_of(player).await?;
        let mut text = words::profile_head(player, &standings);
        let points: Vec<f64> = finished
            .iter()
            .filter_map(|g| g.points_of(player))
            .collect();
        match words::points_record(&points) {
            Some(record) => text.push(format!("\nAll finished games, rated and casual: {record}.")),
            None => text.push("\nNo finished games yet."),
        }
        if let Some(streak) = words::streak_words(&points) {
            text.push(format!(" Current streak: {streak}."));
        }
        if !finished.is_empty() {
            text.push("\nRecent games:");
        }
        for g in finished.iter().take(RECENT as usize) {
            let change = changes.iter().find(|c| c.game_id == g.id);
            text.push(words::recent_line(g, player, change));
        }
        if let Some(link) = self.player_link(req.server(), player).await {
            text.push(format!("\nThe player's page: {link}"));
        }
        let mut reply = Reply::new(&req.channel, text);
        if let Some(png) = self.rating_chart(&changes).await {
            let name: String = player
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            reply.attachment = Some(Attachment {
                name: format!("ratings-{name}.png"),
                bytes: png,
            });
        }
        Ok(vec![reply])
    }

    /// The chart of a player's ratings over time from their rating changes, a line a variant;
    /// `None` without a change, or when images are off.
    pub(super) async fn rating_chart(&self, changes: &[crate::rating::Change]) -> Option<Vec<u8>> {
        if changes.is_empty() {
            return None;
        }
        self.images.as_ref()?;
        let series: Vec<Series> = VariantId::ALL
            .iter()
            .map(|&v| {
                let of: Vec<_> = changes.iter().filter(|c| c.variant == v).collect();
                let start = of.first().map(|c| (c.at, c.before));
                Series {
                    name: v.title().to_string(),
                    points: start
                        .into_iter()
                        .chain(of.iter().map(|c| (c.at, c.after.rating)))
                        .collect(),
                }
            })
            .collect();
        self.picture("the rating chart", move || {
            rating_chart("Rating over time", &series)
        })
        .await
    }
}
