//! What the web pages show of a game: its sheet (players, variant, state, moves), its board
//! after any ply, its record and its replay. Only reads: nothing here changes a game.

use super::pictures::{ending_line, Replay};
use super::record::record_file;
use super::seat::replay;
use super::{Refusal, Service};
use crate::rules::{AnyGame, Color, GameOptions, VariantId};
use crate::store::{GameStatus, StoredGame, StoredMove};

/// One move of a game's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetMove {
    /// The ply it ends (1 for the first move).
    pub ply: usize,
    /// Its number in the game (1. e4 e5: both 1).
    pub number: u32,
    pub color: Color,
    pub san: String,
}

/// What a game's page says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSheet {
    pub id: i64,
    pub variant: VariantId,
    /// White's and Black's names: the name Herald knows (the side's name where it knows none,
    /// never an account's number).
    pub players: [String; 2],
    /// Their ratings as shown in a rated game ("1523", "1500?" while provisional).
    pub ratings: [Option<String>; 2],
    pub rated: bool,
    pub days: i64,
    /// The game's own options where they are not the variant's standard ones.
    pub options: Option<GameOptions>,
    /// Whose move it is, or how the game ended.
    pub state: String,
    /// When the player to move runs out of time, for a game going on (Unix seconds).
    pub deadline: Option<i64>,
    pub moves: Vec<SheetMove>,
    pub finished: bool,
    /// Changes with every change to the game: what a page's cache is keyed by.
    pub version: i64,
}

/// Whether a user is known by a number (an account's id, as on Discord) rather than a name.
fn is_number(user: &str) -> bool {
    !user.is_empty() && user.bytes().all(|b| b.is_ascii_digit())
}

/// A game's row, its rules-level game and its stored moves.
type Loaded = (StoredGame, Box<dyn AnyGame>, Vec<StoredMove>);

impl Service {
    /// Links Herald posts to games' pages start with `url` (`HERALD_PUBLIC_URL`); without
    /// it, Herald posts none. Set once.
    pub fn set_public_url(&self, url: &str) {
        let _ = self.public_url.set(url.trim_end_matches('/').to_string());
    }

    /// The address of a game's page, where Herald knows where its pages are and the game's
    /// server has them.
    pub(super) async fn page_link(&self, row: &StoredGame) -> Option<String> {
        let base = self.public_url.get()?;
        let server = super::settings::server_of(row);
        if !self.store.settings(server).await.ok()?.web() {
            return None;
        }
        Some(format!("{base}/games/{}", row.id))
    }

    /// A game and what the rules make of it; `None` when there is no game `id`.
    async fn web_load(&self, id: i64) -> Result<Option<Loaded>, Refusal> {
        let Some(row) = self.store.game(id).await? else {
            return Ok(None);
        };
        if !self
            .store
            .settings(super::settings::server_of(&row))
            .await?
            .web()
        {
            return Ok(None);
        }
        let moves = self.store.moves(row.id).await?;
        let game = self.rules_game(&row).await?;
        Ok(Some((row, game, moves)))
    }

    /// The names of a game's players for a page: Herald with its level; a name the platform
    /// gave, or the user's own where users are names (`herald local`), else the side's name
    /// (an account's number is never shown); and their ratings in a rated game.
    async fn web_players(&self, row: &StoredGame) -> ([String; 2], [Option<String>; 2]) {
        let people = [row.white.clone(), row.black.clone()];
        let names = self.names_of(row.guild.as_deref(), &people).await;
        let shown = self.names_shown.load(std::sync::atomic::Ordering::Relaxed);
        let (mut labels, mut ratings) = ([String::new(), String::new()], [None, None]);
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let user = &people[i];
            labels[i] = match (self.is_engine(user), row.engine_level) {
                (true, Some(level)) => format!("Herald (level {level})"),
                // Discord's users are numbers, which a page never shows; elsewhere (the
                // terminal) a user is a name.
                _ if shown || names[i] != *user || !is_number(user) => names[i].clone(),
                _ => row.variant.side(color).to_string(),
            };
            if row.rated {
                ratings[i] = self
                    .shown_rating(user, row.variant)
                    .await
                    .ok()
                    .map(|r| r.to_string());
            }
        }
        (labels, ratings)
    }

    /// A game's page: `None` when there is no game `id`.
    pub async fn web_game(&self, id: i64) -> Result<Option<GameSheet>, Refusal> {
        let Some((row, game, moves)) = self.web_load(id).await? else {
            return Ok(None);
        };
        let numbers = game.move_numbers();
        let moves = moves
            .iter()
            .zip(&numbers)
            .enumerate()
            .map(|(i, (m, &(number, color)))| SheetMove {
                ply: i + 1,
                number,
                color,
                san: m.san.clone(),
            })
            .collect();
        let finished = row.status != GameStatus::Active;
        let state = ending_line(&row)
            .or_else(|| crate::render::outcome_line(&*game))
            .unwrap_or_else(|| {
                let turn = row.variant.side(game.turn());
                match game.in_check() {
                    true => format!("{turn} to move, in check"),
                    false => format!("{turn} to move"),
                }
            });
        let (players, ratings) = self.web_players(&row).await;
        Ok(Some(GameSheet {
            id: row.id,
            variant: row.variant,
            players,
            ratings,
            rated: row.rated,
            days: row.days,
            options: (!row.options.is_default()).then_some(row.options),
            state,
            deadline: (!finished).then_some(row.deadline).flatten(),
            moves,
            finished,
            version: row.version,
        }))
    }

    /// The board of game `id` after its first `ply` plies (all of them when `None`), from
    /// Black's side when `flip`; `None` when there is no such game, or no such ply, or images
    /// are off.
    pub async fn web_board(
        &self,
        id: i64,
        ply: Option<usize>,
        flip: bool,
    ) -> Result<Option<Vec<u8>>, Refusal> {
        let Some((mut row, game, moves)) = self.web_load(id).await? else {
            return Ok(None);
        };
        let bottom = if flip { Color::Black } else { Color::White };
        let game = match ply {
            Some(k) if k > moves.len() => return Ok(None),
            Some(k) if k < moves.len() => {
                // An earlier position: no ending written on it.
                row.status = GameStatus::Active;
                row.result = None;
                row.reason = None;
                replay(&row, &moves[..k], None).map_err(|_| Refusal::Damaged(row.id))?
            }
            _ => game,
        };
        Ok(self.image(&row, &*game, None, bottom).await)
    }

    /// Game `id`'s record: the PGN file's name and text.
    pub async fn web_record(&self, id: i64) -> Result<Option<(String, Vec<u8>)>, Refusal> {
        let Some((row, game, moves)) = self.web_load(id).await? else {
            return Ok(None);
        };
        let file = record_file(&row, &moves, &*game);
        Ok(Some((file.name, file.bytes)))
    }

    /// Game `id` as an animated GIF, from Black's side when `flip`; `None` when there is no
    /// game `id`, images are off, or even the smallest would be too large to send.
    pub async fn web_replay(&self, id: i64, flip: bool) -> Result<Option<Vec<u8>>, Refusal> {
        let Some((row, game, _)) = self.web_load(id).await? else {
            return Ok(None);
        };
        let bottom = if flip { Color::Black } else { Color::White };
        Ok(match self.replay_gif(&row, &*game, bottom).await {
            Some(Replay::Drawn(bytes)) => Some(bytes),
            _ => None,
        })
    }
}
