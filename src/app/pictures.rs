//! The pictures of a game: its board with the players' labels, and the whole game as an
//! animated GIF, drawn off the async threads.

use super::Service;
use crate::render;
use crate::rules::{AnyGame, Color, Square};
use crate::store::{EndReason, GameResult, GameStatus, StoredGame};

/// What a picture of a game its players ended says in place of whose turn it is: "Black wins:
/// White resigned", "Draw by agreement", "Aborted: no result". None for a game going on or
/// ended by the rules, whose board says so itself.
pub(super) fn ending_line(row: &StoredGame) -> Option<String> {
    let side = |c: Color| row.variant.side(c);
    let winner = row.result.and_then(GameResult::winner);
    Some(match (row.status, row.reason, winner) {
        (GameStatus::Active, ..) | (_, Some(EndReason::Rules(_)), _) => return None,
        (GameStatus::Aborted, ..) => "Aborted: no result".into(),
        (_, Some(EndReason::Resignation), Some(w)) => {
            format!("{} wins: {} resigned", side(w), side(!w))
        }
        (_, Some(EndReason::Time), Some(w)) => {
            format!("{} wins: {} ran out of time", side(w), side(!w))
        }
        (_, Some(EndReason::Time), None) => "Draw: out of time, with no win possible".into(),
        (_, Some(EndReason::Agreement), _) => "Draw by agreement".into(),
        (_, Some(EndReason::Forfeit), Some(w)) => {
            format!("{} wins by forfeit: {} withdrew", side(w), side(!w))
        }
        (_, _, Some(w)) => format!("{} wins", side(w)),
        (_, _, None) => "Draw".into(),
    })
}

impl Service {
    /// The labels by each side of a game's board: the player (their name where users are
    /// named, as in `herald local`; the side's name where users are numbers, as on Discord),
    /// with their rating as of now in a rated game, and Herald with its level.
    async fn players(&self, row: &StoredGame) -> render::Players {
        let mut labels = Vec::with_capacity(2);
        for color in [Color::White, Color::Black] {
            let user = row.player(color);
            let label = match (self.is_engine(user), row.engine_level) {
                (true, Some(level)) => format!("Herald (level {level})"),
                _ if self.names_shown.load(std::sync::atomic::Ordering::Relaxed) => user.into(),
                _ => row.variant.side(color).into(),
            };
            let rating = match row.rated {
                true => self.shown_rating(user, row.variant).await.ok(),
                false => None,
            };
            let label = match rating {
                Some(r) => format!("{label} {r}"),
                None => label,
            };
            let away = match row.status {
                GameStatus::Active => self.away_until(user, row.guild.as_deref()).await,
                _ => None,
            };
            labels.push(match away {
                Some(ends) => format!(
                    "{label} · on vacation until {}",
                    crate::calendar::utc_minute(ends)
                ),
                None => label,
            });
        }
        let players = render::Players::new(labels[0].clone(), labels[1].clone());
        match ending_line(row) {
            Some(line) => players.ended(line),
            None => players,
        }
    }

    /// Draws a picture off the async workers, one per core at a time, so that cheap requests
    /// (autocomplete, the gateway's heartbeats) never wait behind one; none when drawing
    /// failed (logged as `what`; the text still goes).
    pub(super) async fn picture(
        &self,
        what: &'static str,
        drawing: impl FnOnce() -> Result<Vec<u8>, render::RenderError> + Send + 'static,
    ) -> Option<Vec<u8>> {
        let _turn = self.drawing.acquire().await.ok()?;
        match tokio::task::spawn_blocking(drawing).await {
            Ok(Ok(bytes)) => Some(bytes),
            Ok(Err(e)) => {
                tracing::error!(error = %e, "could not draw {what}");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "drawing {what} failed");
                None
            }
        }
    }

    /// Sends no file over `bytes` instead of [`UPLOAD_LIMIT`] (a small limit for tests).
    pub fn set_upload_limit(&self, bytes: usize) {
        self.upload_limit
            .store(bytes, std::sync::atomic::Ordering::Relaxed);
    }

    /// The whole game as an animated GIF from `bottom`'s side, under the upload limit: drawn
    /// smaller when the full size would pass it, [`Replay::TooBig`] when even the smallest
    /// would; none when images are off or drawing failed.
    pub(super) async fn replay_gif(
        &self,
        row: &StoredGame,
        game: &dyn AnyGame,
        bottom: Color,
    ) -> Option<Replay> {
        self.images?;
        let limit = self.upload_limit.load(std::sync::atomic::Ordering::Relaxed);
        let players = self.players(row).await;
        for width in GIF_WIDTHS {
            let options = render::Options {
                width,
                flip: bottom == Color::Black,
            };
            let (game, players) = (game.clone_box(), players.clone());
            let timing = render::Timing::default();
            let bytes = self
                .picture("the game's GIF", move || {
                    render::render_gif(&*game, Some(&players), options, timing)
                })
                .await?;
            if bytes.len() <= limit {
                return Some(Replay::Drawn(bytes));
            }
            tracing::info!(
                game = row.id,
                width,
                bytes = bytes.len(),
                "the GIF is over the upload limit; drawn smaller"
            );
        }
        Some(Replay::TooBig)
    }

    /// The board image with `bottom`'s side at the bottom, or none when images are off or
    /// drawing failed (the text still goes).
    pub(super) async fn image(
        &self,
        row: &StoredGame,
        game: &dyn AnyGame,
        piece: Option<Square>,
        bottom: Color,
    ) -> Option<Vec<u8>> {
        let mut options = self.images?;
        options.flip = bottom == Color::Black;
        let players = self.players(row).await;
        let game = game.clone_box();
        self.picture("the board", move || {
            render::render_game_with(&*game, piece, Some(&players), options)
        })
        .await
    }

    /// A board that is no game's own position (an analysis): labelled with the game's
    /// players when it comes from one, unlabelled when it comes from a position text.
    pub(super) async fn board_image(
        &self,
        row: Option<&StoredGame>,
        game: &dyn AnyGame,
        bottom: Color,
    ) -> Option<Vec<u8>> {
        let mut options = self.images?;
        options.flip = bottom == Color::Black;
        let players = match row {
            Some(row) => Some(self.players(row).await),
            None => None,
        };
        let game = game.clone_box();
        self.picture("the board", move || {
            render::render_game_with(&*game, None, players.as_ref(), options)
        })
        .await
    }
}

/// The widths a game's GIF is drawn at, largest first, until one fits the upload limit.
const GIF_WIDTHS: [u32; 3] = [render::GIF_WIDTH, 420, 300];

/// The largest file Herald sends: under Discord's 10 MB for a bot's upload.
pub(super) const UPLOAD_LIMIT: usize = 10_000_000;

/// A game's GIF, or why there is none to send.
pub(super) enum Replay {
    Drawn(Vec<u8>),
    /// Over the upload limit even at the smallest size.
    TooBig,
}
